//! Definitions and bodies: the first layer of cufe's semantic model of function bodies, after
//! rust-analyzer's `hir-def`, adapted to C++.
//!
//! - [`source`]: an item's definition as one syntax tree of its own (its header and body green
//!   nodes put back together), so every position below is relative to the item, never to the file.
//! - [`ast_id`]: [`AstIdMap`] per item, stable ids for the syntax nodes other layers point at
//!   (blocks, lambdas, local declarations), and [`InItem`], the `InFile` of this crate.
//! - [`hir`]: the lowered forms: [`hir::Expr`], [`hir::Stmt`], [`hir::Binding`], paths and types
//!   as written.
//! - [`body`]: [`body::body`] / [`body::body_with_source_map`], salsa queries keyed by the owning
//!   [`il::Item`] (a function, function template, variable or field with an initializer); the
//!   [`body::BodySourceMap`] maps syntax pointers to ids and back; [`body::Body::pretty`].
//! - [`body::scope`]: expression scopes and [`body::scope::resolve_name_in_scope`].
//! - [`generics`]: the template parameters of an owner, with ids that know it.
pub mod ast_id;
pub mod body;
pub mod generics;
pub mod hir;
pub mod source;
mod type_ref;

#[cfg(test)]
mod test_db;

pub use crate::ast_id::{AstId, AstIdMap, ErasedAstId, InItem};
pub use crate::body::{Body, BodySourceMap, ClosureId};

/// Every query of this crate takes `&dyn HirDefDatabase`; `ide`'s `RootDatabase` implements it.
#[salsa::db]
pub trait HirDefDatabase: il::IlDatabase {}
