//! What a function template instance is beyond the call that demands it: the arguments an
//! explicit instantiation's declared type deduces ([temp.deduct.decl]: `template void
//! f(int *);` names `f<int>`), through the one unifier, and an `auto` return type deduced from
//! the instance's body as inference types it under the instance's arguments.
use hir_def::generics::TemplateParamId;
use hir_def::hir::Stmt;
use il::Item;
use il::instantiate::{TemplateArg, template_params};

use crate::HirTyDatabase;
use crate::from_il::lower_il_ty;
use crate::lower::callable_sig;
use crate::ty::{Builtin, GenericArg, Instance, Ty, TyKind};
use crate::unify::Unifier;

/// The arguments of `template` that an explicit instantiation declared with the function type
/// `declared` and the written arguments `explicit` names, one per template parameter: `None`
/// for one neither written nor deduced (left to its default). `None` when the declaration does
/// not match the template's, or the template has a parameter pack (not modelled).
pub fn deduce_from_declaration<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
    explicit: &[TemplateArg<'db>],
    declared: il::ty::Ty<'db>,
) -> Option<Vec<Option<GenericArg<'db>>>> {
    let params = template_params(db, template);
    if params.iter().any(|p| p.pack) || explicit.len() > params.len() {
        return None;
    }
    let sig = callable_sig(db, template).as_ref()?;
    let declared = lower_il_ty(db, declared, &[]);
    let TyKind::Function(declared) = declared.kind(db) else {
        return None;
    };
    if sig.params.len() != declared.params.len() || sig.variadic != declared.variadic {
        return None;
    }
    let owners = [template];
    let mut unifier = Unifier::new(db, &owners);
    let param = |index: usize| TemplateParamId {
        owner: template,
        index: index as u32,
    };
    for (i, arg) in explicit.iter().enumerate() {
        unifier.subst.insert(param(i), from_il_arg(db, arg)?);
    }
    // A parameter's top-level qualifiers are not part of the function type.
    for (&p, &a) in sig.params.iter().zip(&declared.params) {
        if !unifier.unify(p, a) && !unifier.unify(p.unqualified(db), a.unqualified(db)) {
            return None;
        }
    }
    if sig.ret.is_dependent(db) && !unifier.unify(sig.ret, declared.ret) {
        return None;
    }
    Some(
        (0..params.len())
            .map(|i| unifier.subst.get(param(i)).cloned())
            .collect(),
    )
}

/// A concrete il template argument as ours; `None` for an unbound one.
pub fn from_il_arg<'db>(
    db: &'db dyn HirTyDatabase,
    arg: &TemplateArg<'db>,
) -> Option<GenericArg<'db>> {
    Some(match arg {
        TemplateArg::Type(t) => GenericArg::Type(lower_il_ty(db, *t, &[])),
        TemplateArg::Value(v) | TemplateArg::Typed(_, v) => GenericArg::Value(*v),
        TemplateArg::Template(item) => GenericArg::Template(*item),
        TemplateArg::Unbound(_) => return None,
    })
}

/// The return type `auto` deduces for an instance of a function template declared with a
/// plain `auto` return: the type of the operand of the body's first `return` (in statement
/// order, lambdas' bodies apart), as [`crate::infer_instance`] types it, decayed and without
/// top-level qualifiers; `void` for a `return;` or a body without `return`. `None` where the
/// operand has no concrete type.
pub fn instance_return<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
) -> Option<Ty<'db>> {
    let body = hir_def::body::body(db, instance.template(db));
    let infer = crate::infer_instance(db, instance);
    let mut stack: Vec<_> = body.body_stmt.into_iter().collect();
    let mut steps = 0;
    while let Some(s) = stack.pop() {
        steps += 1;
        if steps > 10_000 {
            return None;
        }
        match &body.stmts[s] {
            Stmt::Return(Some(e)) => {
                let ty = infer.type_of_expr(*e)?.strip_reference(db);
                let ty = ty.decay(db).unqualified(db);
                return (!ty.is_error(db) && !ty.is_dependent(db)).then_some(ty);
            }
            Stmt::Return(None) => return Some(Ty::builtin(db, Builtin::Void)),
            Stmt::Compound(stmts) => stack.extend(stmts.iter().rev().copied()),
            Stmt::If { then, else_, .. } => {
                stack.extend(else_.iter().copied());
                stack.push(*then);
            }
            Stmt::While { body, .. }
            | Stmt::DoWhile { body, .. }
            | Stmt::For { body, .. }
            | Stmt::RangeFor { body, .. }
            | Stmt::Switch { body, .. } => stack.push(*body),
            Stmt::Try { body, .. } => stack.push(*body),
            _ => {}
        }
    }
    Some(Ty::builtin(db, Builtin::Void))
}
