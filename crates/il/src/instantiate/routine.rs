//! Function template instances as declarations: the template's declared type with arguments
//! substituted (defaults filled in, a pack expanded), for the routines EDG creates from a
//! function template. The arguments come from elsewhere: hir-ty deduces them (its one unifier)
//! and deduces an `auto` return type from the instance's body (its one expression typer);
//! this only substitutes them into il's declaration and completes it as EDG does.
use syntax::{SyntaxKind::*, SyntaxNode};

use super::{Bound, TemplateArg, template_params, with_defaults};
use crate::IlDatabase;
use crate::decl::routine_decl;
use crate::item::Item;
use crate::ty::{DependentBound, FnSig, RefKind, Ty, TyKind};

/// A routine EDG creates from a function template: the template (for an explicit
/// specialization, the specialization itself), its arguments (a pack's elements after the
/// others; empty for an explicit specialization, which its type identifies), its type, and
/// whether it is defined in the unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FnInstance<'db> {
    pub template: Item<'db>,
    pub args: Vec<TemplateArg<'db>>,
    pub ty: Ty<'db>,
    pub defined: bool,
    /// The template's definition with the instance's arguments bound (a pack parameter
    /// unbound); `None` for an explicit specialization.
    pub bound: Option<Bound<'db>>,
}

/// The instance of `template` whose arguments are all known: `args` holds one argument per
/// parameter, `None` for one left to its default and for the pack parameter, whose elements
/// are `pack`. A template declared with a plain `auto` return type takes the type
/// `deduced_return` gives for the complete arguments (defaults filled in; the pack parameter
/// `Unbound`); no instance without it. `None` unless the instance's type is fully known.
pub fn instantiate_with<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    outer: Option<Bound<'db>>,
    args: Vec<Option<TemplateArg<'db>>>,
    pack: Vec<Ty<'db>>,
    deduced_return: impl FnOnce(&[TemplateArg<'db>]) -> Option<Ty<'db>>,
) -> Option<FnInstance<'db>> {
    let params = template_params(db, template);
    let pack_param = params.iter().position(|p| p.pack);
    if params.len() != args.len() || (pack_param.is_none() && !pack.is_empty()) {
        return None;
    }
    let mut complete: Vec<TemplateArg<'db>> = Vec::new();
    for (i, param) in params.iter().enumerate() {
        if param.pack {
            // Stands in the binding only as a placeholder; the pack is substituted below.
            complete.push(TemplateArg::Unbound(i as u32));
            continue;
        }
        let arg = match &args[i] {
            Some(arg) => arg.clone(),
            None => with_defaults(db, &[template], complete.clone(), outer)?
                .get(i)?
                .clone(),
        };
        complete.push(arg);
    }
    let bound = Bound::bind(db, template, complete.clone(), outer);
    let ty = match pack_param {
        None => crate::resolve::declared_type_under(db, template, bound),
        Some(_) => expand_pack(db, template, outer, &complete, &pack)?,
    };
    let decl = routine_decl(db, template);
    let deduced = returns_auto(db, template);
    let ty = match (deduced, ty.kind(db)) {
        (false, _) => ty,
        (true, TyKind::Function(sig)) => Ty::new(
            db,
            TyKind::Function(FnSig {
                ret: deduced_return(&complete)?,
                ..sig.clone()
            }),
        ),
        (true, _) => return None,
    };
    if !is_known(db, ty) {
        return None;
    }
    // A constexpr template is instantiated where it is used (for constant evaluation), and one
    // whose return type is deduced to know its type.
    let defined = (decl.specifiers.is_constexpr || deduced) && template.body(db).is_some();
    complete.extend(pack.iter().map(|&t| TemplateArg::Type(t)));
    Some(FnInstance {
        template,
        args: complete,
        ty,
        defined,
        bound: Some(bound),
    })
}

/// Whether a type is fully known: no template parameter, dependent name or unknown in it.
pub fn is_known(db: &dyn IlDatabase, ty: Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::Unknown
        | TyKind::TemplateId(_)
        | TyKind::TemplateParam { .. }
        | TyKind::DependentArray(..) => false,
        TyKind::Qualified(_, t)
        | TyKind::Pointer(t)
        | TyKind::Reference(_, t)
        | TyKind::Array(t, _)
        | TyKind::Vector { elem: t, .. } => is_known(db, *t),
        TyKind::Function(sig) => {
            is_known(db, sig.ret) && sig.params.iter().all(|&p| is_known(db, p))
        }
        _ => true,
    }
}

/// Whether the template is declared with a plain `auto` return type (no trailing return).
pub fn returns_auto(db: &dyn IlDatabase, template: Item<'_>) -> bool {
    let header = SyntaxNode::new_root(template.header(db).clone());
    let Some(decl) = header.children().find(|n| n.kind() != TEMPLATE_PARAM_LIST) else {
        return false;
    };
    decl.children_with_tokens().any(|t| t.kind() == AUTO_KW)
        && !decl.descendants().any(|n| n.kind() == TRAILING_RETURN)
}

/// The template's declared type with its own parameters standing for themselves (an enclosing
/// instance's bound through `outer`).
pub fn signature_pattern<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    outer: Option<Bound<'db>>,
) -> Ty<'db> {
    let params = template_params(db, template);
    let identity: Vec<TemplateArg<'db>> = super::parameters_as_arguments(db, params, 1);
    let bound = Bound::bind(db, template, identity, outer);
    crate::resolve::declared_type_under(db, template, bound)
}

/// The index of the function parameter declared as a pack expansion (`Ts... xs`).
fn pack_expansion(db: &dyn IlDatabase, template: Item<'_>) -> Option<usize> {
    let header = SyntaxNode::new_root(template.header(db).clone());
    let param_list = header
        .descendants()
        .find(|n| n.kind() == FUNCTION_SUFFIX)?
        .children()
        .find(|n| n.kind() == PARAM_LIST)?;
    param_list
        .children()
        .filter(|n| n.kind() == PARAM)
        .position(|p| p.descendants_with_tokens().any(|t| t.kind() == DOT3))
}

/// The function type of an instance of a variadic template: the fixed parameters substituted,
/// the pack expansion parameter repeated once per pack element.
fn expand_pack<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    outer: Option<Bound<'db>>,
    args: &[TemplateArg<'db>],
    pack: &[Ty<'db>],
) -> Option<Ty<'db>> {
    let pattern_ty = signature_pattern(db, template, outer);
    let TyKind::Function(sig) = pattern_ty.kind(db) else {
        return None;
    };
    let pack_index = template_params(db, template).iter().position(|p| p.pack)?;
    let expansion = pack_expansion(db, template);
    let mut params = Vec::new();
    for (i, &p) in sig.params.iter().enumerate() {
        if Some(i) == expansion {
            for &element in pack {
                let mut with_element = args.to_vec();
                with_element[pack_index] = TemplateArg::Type(element);
                params.push(substitute(db, p, &with_element));
            }
        } else {
            params.push(substitute(db, p, args));
        }
    }
    let ret = substitute(db, sig.ret, args);
    Some(Ty::new(
        db,
        TyKind::Function(FnSig {
            ret,
            params,
            ..sig.clone()
        }),
    ))
}

/// `ty` with the template parameters replaced by `args` (a pack parameter's elements are only
/// substituted where the caller expands them): for a signature whose template has a pack, which
/// the resolver does not instantiate.
fn substitute<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>, args: &[TemplateArg<'db>]) -> Ty<'db> {
    let sub = |t: Ty<'db>| substitute(db, t, args);
    match ty.kind(db) {
        TyKind::TemplateParam { depth: 1, index } => match args.get(*index as usize) {
            Some(TemplateArg::Type(t)) => *t,
            _ => ty,
        },
        TyKind::Qualified(cv, t) => sub(*t).qualified(db, *cv),
        TyKind::Pointer(t) => Ty::new(db, TyKind::Pointer(sub(*t))),
        TyKind::Reference(k, t) => reference_to(db, *k, sub(*t)),
        TyKind::Array(t, n) => Ty::new(db, TyKind::Array(sub(*t), *n)),
        TyKind::DependentArray(t, bound) => {
            let value = match bound {
                DependentBound::Param { index, .. } => {
                    args.get(*index as usize).and_then(TemplateArg::value)
                }
                DependentBound::Expr(_) => None,
            };
            match value.and_then(|v| u64::try_from(v).ok()) {
                Some(n) => Ty::new(db, TyKind::Array(sub(*t), Some(n))),
                None => Ty::new(db, TyKind::DependentArray(sub(*t), bound.clone())),
            }
        }
        TyKind::Function(sig) => {
            let mut sig = sig.clone();
            sig.ret = sub(sig.ret);
            for p in &mut sig.params {
                *p = sub(*p);
            }
            Ty::new(db, TyKind::Function(sig))
        }
        _ => ty,
    }
}

/// `T&` or `T&&` with reference collapsing (`T = int&` makes `T&&` `int&`).
fn reference_to<'db>(db: &'db dyn IlDatabase, kind: RefKind, to: Ty<'db>) -> Ty<'db> {
    match to.kind(db) {
        TyKind::Reference(inner_kind, inner) => {
            let kind = if kind == RefKind::Lvalue || *inner_kind == RefKind::Lvalue {
                RefKind::Lvalue
            } else {
                RefKind::Rvalue
            };
            Ty::new(db, TyKind::Reference(kind, *inner))
        }
        _ => Ty::new(db, TyKind::Reference(kind, to)),
    }
}
