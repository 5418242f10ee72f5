//! Variable template instances (`is_same_v<int, long>`): the interned [`Instance`] of the
//! primary variable template with its arguments, as for class and function templates. The
//! declaration an instance is made from is the partial or explicit specialization hir-ty's
//! unifier and partial ordering choose (`select_specialization`, shared with class templates),
//! else the primary; its initializer is inferred with that declaration's parameters bound
//! ([`infer_variable_instance`]) and evaluated by the constant evaluator
//! (`const_eval::variable_instance_value`).
use std::sync::Arc;

use il::{Item, ItemKind};

use crate::HirTyDatabase;
use crate::inference::{InferCtx, InferenceResult};
use crate::lower::declared_ty;
use crate::specialization::select_specialization;
use crate::ty::{Instance, Ty};
use crate::unify::Subst;

/// The declaration a variable template instance is made from and its parameters' bindings:
/// a chosen specialization as the unifier bound its parameters, else the primary's parameters
/// bound to the instance's arguments. `None` when the instance's template is no variable
/// template.
pub fn variable_definition<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
) -> Option<(Item<'db>, Subst<'db>)> {
    let template = instance.template(db);
    if template.kind(db) != ItemKind::VariableTemplate {
        return None;
    }
    Some(
        select_specialization(db, instance)
            .unwrap_or_else(|| (template, Subst::of_instance(db, instance))),
    )
}

/// The instance's declared type (`constexpr T zero_v = T();` in `zero_v<long>` is `const long`).
pub fn variable_instance_ty<'db>(db: &'db dyn HirTyDatabase, instance: Instance<'db>) -> Ty<'db> {
    match variable_definition(db, instance) {
        Some((definition, subst)) => subst.apply(db, declared_ty(db, definition)),
        None => Ty::error(db),
    }
}

/// Infers the initializer of the declaration a variable template instance is made from with
/// its parameters bound: names, `sizeof(T)`, traits and other instances (class members,
/// variable templates) under the instance's arguments. Empty when there is no initializer.
#[salsa::tracked(returns(clone))]
pub fn infer_variable_instance<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
) -> Arc<InferenceResult<'db>> {
    let _span = tracing::trace_span!("infer_variable_instance").entered();
    let Some((definition, subst)) = variable_definition(db, instance) else {
        let template = instance.template(db);
        let body = hir_def::body::body(db, template);
        return Arc::new(InferCtx::new(db, template, &body).finish());
    };
    let body = hir_def::body::body(db, definition);
    let mut cx = InferCtx::new(db, definition, &body);
    if body.init_expr.is_none() {
        return Arc::new(cx.finish());
    }
    cx.subst = subst;
    // A variable template that is a member of a class template is still in one.
    cx.in_template = crate::lower::template_owners_of(db, definition).len() > 1;
    cx.infer_body();
    Arc::new(cx.finish())
}
