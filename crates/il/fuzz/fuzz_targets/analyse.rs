//! Any text through the whole declaration layer: entities, declaration facts, lookup of every
//! declared name, class layouts, the xref log (declaration and reference lines) and the IL display (instances,
//! template argument deduction from calls). None of it may panic or hang.
#![no_main]

use base_db::{FileOrigin, SourceDatabase, SourceFile};
use il::{IlDatabase, ItemKind};
use libfuzzer_sys::fuzz_target;

#[salsa::db]
#[derive(Clone, Default)]
struct Db {
    storage: salsa::Storage<Self>,
}
#[salsa::db]
impl salsa::Database for Db {}
#[salsa::db]
impl SourceDatabase for Db {}
#[salsa::db]
impl IlDatabase for Db {}
#[salsa::db]
impl hir_def::HirDefDatabase for Db {}
#[salsa::db]
impl hir_ty::HirTyDatabase for Db {}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let db = Db::default();
    let file = SourceFile::create(&db, "fuzz.ii".into(), text.to_string(), FileOrigin::User);
    for item in il::scope::all_items(&db, file) {
        match item.kind(&db) {
            ItemKind::Routine => {
                il::decl::routine_decl(&db, item);
            }
            ItemKind::Variable => {
                il::decl::variable_decl(&db, item);
            }
            ItemKind::Struct | ItemKind::Class | ItemKind::Union => {
                il::record::class_layout(&db, item);
            }
            _ => {}
        }
        il::decl::linkage(&db, item);
        if let Some(name) = item.name_text(&db) {
            il::lookup::lookup_unqualified(&db, il::lookup::ScopeRef::File(file), name);
        }
    }
    let root = base_db::parse(&db, file).syntax_node();
    let lines = xref::log_lines(&root);
    xref::render(&lines, base_db::line_map(&db, file), "fuzz.ii");
    let opts = il_display::DisplayOptions {
        ii_name: "fuzz.ii".into(),
        timestamp: None,
    };
    il_display::render_file_scope(&db, file, &opts);
});
