//! Types and inference: the second layer of cufe's semantic model of function bodies, after
//! rust-analyzer's `hir-ty`, adapted to C++. See `docs/arch/hir-ty.md`.
//!
//! What reads declarations only is the crate below, `hir-ty-decl`, re-exported here as one
//! API: [`ty`] (the interned [`Ty`]), [`display`] (the one type printer), [`lower`]
//! ([`declared_ty`], [`callable_sig`], types written in bodies), [`unify`] (the one unifier),
//! [`special`] (special members), [`specialization`] (partial specialization selection),
//! [`type_traits`], [`to_il`], [`lookup`]. This crate holds what reads bodies:
//!
//! - [`ctad`]: class template argument deduction through the unifier (implicit deduction
//!   guides); [`conversion`]: conversion functions and converting constructors.
//! - [`class_instance`]: class template instances (the definition chosen by the unifier and
//!   partial ordering, members' types per instance, member functions inferred per instance);
//!   [`fn_template`]: function template instances; [`var_instance`]: variable template
//!   instances (the specialization chosen as for classes, the initializer inferred per
//!   instance).
//! - [`const_eval`]: the constant evaluator over lowered bodies.
//! - [`normalize`]: member types of dependent types (projections) resolved once their base
//!   is a concrete instance.
//! - [`inference`]: [`infer`], every expression's type and value category, names, members
//!   and calls resolved, overloads ranked, function template instances deduced.
pub mod class_instance;
pub mod const_eval;
pub mod conversion;
pub mod ctad;
/// The one type printer ([`hir_ty_decl::display`]), with EDG's instance names typed by the
/// constant evaluator's enumerator values (`edg_names.rs`).
pub mod display {
    pub use crate::edg_names::{enumerator_values, instance_edg_name};
    pub use hir_ty_decl::display::*;
}
mod edg_names;
pub mod fn_template;
mod inference;
pub mod normalize;
mod overload;
pub mod var_instance;

// The lower half, re-exported whole: `hir_ty::ty`, `hir_ty::lower`... are one API to callers.
use hir_ty_decl::from_il;
pub use hir_ty_decl::{
    HirTyDatabase, lookup, lower, special, specialization, to_il, ty, type_traits, unify,
};

#[cfg(test)]
mod test_db;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_class_instances;
#[cfg(test)]
mod tests_implicit;
#[cfg(test)]
mod tests_instances;
#[cfg(test)]
mod tests_member_instances;

pub use crate::inference::{
    Callee, CalleeKind, ClosureCallSig, ImplicitCall, ImplicitKind, ImplicitSite,
    InferenceDiagnostic, InferenceResult, Resolution, closure_call_signature, infer,
    infer_default_arguments, infer_instance, written_local_alias, written_name, written_qualifiers,
    written_value,
};
pub use crate::lower::{CallableSig, callable_sig, declared_ty};
pub use crate::special::{CallTarget, SpecialKind, SpecialMember};
pub use crate::ty::{Ty, TyKind, ValueCategory};
