//! cufe's semantic core: EDG's IL as salsa queries.
//!
//! - [`layout`]: class layout by the Itanium C++ ABI as g++ does it, over a standalone description.
//! - [`ty`]: the interned type representation and the x86-64 LP64 meaning of the builtins.
//! - [`item`], [`lower`], [`scope`]: entities with stable identities, the source sequence and
//!   the members of every scope; [`ranges`]: where items lie, found on demand.
//! - [`cuda`], [`decl`]: CUDA attributes, execution and memory spaces, declaration facts.
//! - [`lookup`], [`resolve`], [`record`]: declaration-level name lookup, the types written in
//!   declarations, and the layout of the program's classes.
//! - [`instantiate`]: class template instances (definition selection, parameter bindings).
//!
//! The printers over it live in their own crates: `xref` (the `--xref` log) and `il-display`.
pub mod consteval;
pub mod cuda;
pub mod db;
pub mod decl;
pub mod instantiate;
pub mod item;
pub mod layout;
pub mod literal;
pub mod lookup;
pub mod lower;
pub mod ranges;
pub mod record;
pub mod resolve;
pub mod scope;
pub mod ty;

#[cfg(test)]
mod test_db;

pub use crate::db::IlDatabase;
pub use crate::item::{Item, ItemKind};
pub use crate::scope::{scope_items, top_level_items};
