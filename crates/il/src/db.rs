//! The database view of the IL layer.
use base_db::SourceDatabase;

/// Every query of this crate takes `&dyn IlDatabase`. The concrete database (`ide`'s
/// `RootDatabase`) implements it.
#[salsa::db]
pub trait IlDatabase: SourceDatabase {}
