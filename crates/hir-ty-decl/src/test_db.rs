//! A database for this crate's unit tests.
use base_db::{FileOrigin, SourceDatabase, SourceFile};

#[salsa::db]
#[derive(Clone, Default)]
pub(crate) struct TestDb {
    storage: salsa::Storage<Self>,
}

#[salsa::db]
impl salsa::Database for TestDb {}
#[salsa::db]
impl SourceDatabase for TestDb {}
#[salsa::db]
impl il::IlDatabase for TestDb {}
#[salsa::db]
impl hir_def::HirDefDatabase for TestDb {}
#[salsa::db]
impl crate::HirTyDatabase for TestDb {}

impl TestDb {
    pub(crate) fn with_file(text: &str) -> (TestDb, SourceFile) {
        let db = TestDb::default();
        let file = SourceFile::create(&db, "test.ii".into(), text.to_string(), FileOrigin::User);
        (db, file)
    }
}
