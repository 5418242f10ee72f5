//! Types and what declarations say about them: the lower half of cufe's type layer, below
//! `hir-ty`'s inference of bodies. See `docs/arch/hir-ty.md`. Nothing here reads a function
//! body; what needs one (enumerator values, through the constant evaluator) is passed in by
//! `hir-ty` ([`display::EnumeratorValues`]).
//!
//! - [`ty`]: the interned [`Ty`] ([`TyKind`]), template instances as interned [`ty::Instance`]s,
//!   value categories; [`display`]: the one type printer, with a [`display::Spelling`] per output.
//! - [`from_il`] / [`to_il`]: il's declaration types lowered into [`Ty`], and back.
//! - [`lower`]: [`lower::declared_ty`] and [`lower::callable_sig`], queries keyed by il items
//!   that read declarations only; types written in bodies ([`lower::type_ref_ty`]);
//!   [`lookup`]: il's declaration-level lookup, memoized.
//! - [`unify`]: the one unifier (template argument deduction, partial specialization
//!   matching), with substitution; [`specialization`]: partial specialization selection.
//! - [`special`]: special members (declared, or implicit and synthesized, with their
//!   execution space); [`type_traits`]: the `__is_*` builtins that follow from a type's kind.
pub mod display;
pub mod from_il;
pub mod lookup;
pub mod lower;
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

pub use crate::lower::{CallableSig, callable_sig, declared_ty};
pub use crate::ty::{Ty, TyKind, ValueCategory};

/// Every query of this crate and of `hir-ty` takes `&dyn HirTyDatabase`; `ide`'s
/// `RootDatabase` implements it (`hir-ty` re-exports it).
#[salsa::db]
pub trait HirTyDatabase: hir_def::HirDefDatabase {}
