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

/// The declaration lines of `text`, with the semantic model (`crate::declaration_lines_in`).
pub(crate) fn declaration_lines_of(text: &str) -> Vec<crate::XrefLine> {
    let (db, file) = with_file(text);
    crate::declaration_lines_in(&db, file)
}

/// The lines of `text`'s whole log (`crate::log_lines_in`) that `keep` keeps, as `name kind
/// line:col`, sorted: a multiset, as `cargo xtask diff-xref` compares.
pub(crate) fn log_positions_of(text: &str, keep: impl Fn(&crate::XrefLine) -> bool) -> String {
    let (db, file) = with_file(text);
    let map = syntax::LineMap::new(text);
    let mut lines: Vec<String> = crate::log_lines_in(&db, file)
        .iter()
        .filter(|l| keep(l))
        .map(|l| {
            let pos = map.position(l.offset);
            format!("{} {} {}:{}\n", l.name, l.kind, pos.line, pos.col)
        })
        .collect();
    lines.sort();
    lines.concat()
}
