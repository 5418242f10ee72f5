//! This layer's concrete types as il types: the way back of [`crate::from_il`].
//!
//! il resolves and prints declarations; hir-ty resolves calls and deduces. Where a consumer
//! prints a declaration that a call of ours demands (the IL display's function template
//! instances), the arguments we deduced are handed to il's substitution as il types. Only
//! concrete types convert: a template parameter, a dependent name or an error has no il
//! counterpart here, and neither has a class nested in a class template's instance (this
//! layer does not keep its enclosing binding).
use il::instantiate::{ClassInstance, TemplateArg};
use il::ty::{FnSig, Ty as IlTy, TyKind as IlKind};
use syntax::{SyntaxKind, SyntaxNode};

use crate::HirTyDatabase;
use crate::ty::{GenericArg, Ty, TyKind};

/// `ty` as an il type, when it is concrete.
pub fn il_ty<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<IlTy<'db>> {
    il_ty_depth(db, ty, 0)
}

/// A template argument as il's, when it is concrete.
pub fn il_arg<'db>(db: &'db dyn HirTyDatabase, arg: &GenericArg<'db>) -> Option<TemplateArg<'db>> {
    il_arg_depth(db, arg, 0)
}

fn il_arg_depth<'db>(
    db: &'db dyn HirTyDatabase,
    arg: &GenericArg<'db>,
    depth: u32,
) -> Option<TemplateArg<'db>> {
    Some(match arg {
        GenericArg::Type(t) => TemplateArg::Type(il_ty_depth(db, *t, depth + 1)?),
        GenericArg::Value(v) => TemplateArg::Value(*v),
        GenericArg::Template(item) => TemplateArg::Template(*item),
        GenericArg::DependentValue(_) | GenericArg::Pack(_) => return None,
    })
}

fn il_ty_depth<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>, depth: u32) -> Option<IlTy<'db>> {
    // Types are finite, but a broken program's may be deep; no consumer needs more.
    if depth > 64 {
        return None;
    }
    let go = |t: Ty<'db>| il_ty_depth(db, t, depth + 1);
    let kind = match ty.kind(db) {
        TyKind::Builtin(b) => IlKind::Builtin(*b),
        TyKind::Qualified(cv, inner) => IlKind::Qualified(*cv, go(*inner)?),
        TyKind::Pointer(inner) => IlKind::Pointer(go(*inner)?),
        TyKind::Reference(kind, inner) => IlKind::Reference(*kind, go(*inner)?),
        TyKind::Array(elem, n) => IlKind::Array(go(*elem)?, *n),
        TyKind::Function(sig) => IlKind::Function(FnSig {
            ret: go(sig.ret)?,
            params: sig.params.iter().map(|p| go(*p)).collect::<Option<_>>()?,
            variadic: sig.variadic,
            this_cv: sig.this_cv,
            ref_qualifier: sig.ref_qualifier,
            noexcept: false,
        }),
        TyKind::MemberPointer { class, pointee } => IlKind::MemberPointer {
            class: go(*class)?,
            pointee: go(*pointee)?,
        },
        TyKind::Class(item) => IlKind::Class(*item),
        TyKind::Enum(item) => IlKind::Enum(*item),
        TyKind::Instance(instance) => {
            let args = instance
                .args(db)
                .iter()
                .map(|a| il_arg_depth(db, a, depth + 1))
                .collect::<Option<Vec<_>>>()?;
            IlKind::Instance(ClassInstance::new(db, instance.template(db), args))
        }
        TyKind::Vector { elem, bytes } => IlKind::Vector {
            elem: go(*elem)?,
            bytes: *bytes,
        },
        TyKind::Closure(closure) => {
            let (file, index) = closure_index(db, *closure)?;
            IlKind::Closure { file, index }
        }
        TyKind::Param(_)
        | TyKind::ParamArray(..)
        | TyKind::Projection { .. }
        | TyKind::Dependent(_)
        | TyKind::Error => {
            return None;
        }
    };
    Some(IlTy::new(db, kind))
}

/// il names a closure type by its lambda's place in preorder among the lambdas of the file's
/// tree; ours by the lambda expression of a body.
fn closure_index<'db>(
    db: &'db dyn HirTyDatabase,
    closure: hir_def::ClosureId<'db>,
) -> Option<(base_db::SourceFile, u32)> {
    let owner = closure.owner;
    let file = owner.file(db);
    let (_, map) = hir_def::body::body_with_source_map(db, owner);
    let in_tree = map.expr_syntax(closure.expr)?.text_range();
    let offsets = hir_def::source::declaration_offsets(db, file)
        .iter()
        .find(|(item, _)| *item == owner)
        .map(|(_, o)| *o)?;
    let at = offsets.to_file_range(in_tree)?;
    let root: SyntaxNode = base_db::parse(db, file).syntax_node();
    let index = root
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::LAMBDA_EXPR)
        .position(|n| n.text_range() == at)?;
    Some((file, index as u32))
}
