//! The database of the unit tests: every layer of the semantic model, nothing more.
use base_db::{FileOrigin, SourceFile};

#[salsa::db]
#[derive(Clone, Default)]
pub(crate) struct Db {
    storage: salsa::Storage<Self>,
}
#[salsa::db]
impl salsa::Database for Db {}
#[salsa::db]
impl base_db::SourceDatabase for Db {}
#[salsa::db]
impl il::IlDatabase for Db {}
#[salsa::db]
impl hir_def::HirDefDatabase for Db {}
#[salsa::db]
impl hir_ty::HirTyDatabase for Db {}

/// A database holding `text` as the file `t.ii`.
pub(crate) fn with_file(text: &str) -> (Db, SourceFile) {
    let db = Db::default();
    let file = SourceFile::create(&db, "t.ii".into(), text.to_string(), FileOrigin::User);
    (db, file)
}
