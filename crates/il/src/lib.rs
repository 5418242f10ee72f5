//! cufe's semantic core: EDG's IL as salsa queries.
//!
//! - [`layout`]: class layout by the Itanium C++ ABI as g++ does it, over a standalone description.
//! - [`ty`]: the interned type representation and the x86-64 LP64 meaning of the builtins.
pub mod db;
pub mod item;
pub mod layout;
pub mod ty;

pub use crate::db::IlDatabase;
pub use crate::item::{Item, ItemKind};
