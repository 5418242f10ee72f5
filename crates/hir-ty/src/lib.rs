//! Types and inference: the second layer of cufe's semantic model of function bodies, after
//! rust-analyzer's `hir-ty`, adapted to C++. See `docs/arch/hir-ty.md`.
//!
//! - [`ty`]: the interned [`Ty`] ([`TyKind`]), template instances as interned [`ty::Instance`]s,
//!   value categories; [`display`]: the one type printer, with a [`display::Spelling`] per output.
//! - [`lower`]: [`lower::declared_ty`] and [`lower::callable_sig`], queries keyed by il items
//!   that read declarations only; types written in bodies ([`lower::type_ref_ty`]).
//! - [`unify`]: the one unifier (template argument deduction; partial specialization matching
//!   later), with substitution; [`ctad`]: class template argument deduction through it
//!   (implicit deduction guides).
//! - [`special`]: special members (declared, or implicit and synthesized, with their
//!   execution space); [`conversion`]: conversion functions and converting constructors.
//! - [`class_instance`]: class template instances (the definition chosen by the unifier and
//!   partial ordering, members' types per instance, member functions inferred per instance).
//! - [`const_eval`]: the constant evaluator over lowered bodies.
//! - [`inference`]: [`infer`], every expression's type and value category, names, members
//!   and calls resolved, overloads ranked, function template instances deduced.
pub mod class_instance;
pub mod const_eval;
pub mod conversion;
pub mod ctad;
pub mod display;
pub mod fn_template;
mod from_il;
mod inference;
pub mod lower;
mod overload;
pub mod special;
pub mod specialization;
pub mod to_il;
pub mod ty;
pub mod type_traits;
pub mod unify;

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
    infer_default_arguments, infer_instance, written_name, written_qualifiers,
};
pub use crate::lower::{CallableSig, callable_sig, declared_ty};
pub use crate::special::{CallTarget, SpecialKind, SpecialMember};
pub use crate::ty::{Ty, TyKind, ValueCategory};

/// Every query of this crate takes `&dyn HirTyDatabase`; `ide`'s `RootDatabase` implements it.
#[salsa::db]
pub trait HirTyDatabase: hir_def::HirDefDatabase {}
