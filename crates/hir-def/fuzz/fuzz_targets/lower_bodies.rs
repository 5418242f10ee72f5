//! Any text through the body layer: every function body and initializer lowered, its scopes
//! built, every name resolved, the pretty printer run, every definition located in the file. None of it may panic or hang.
#![no_main]

use base_db::{FileOrigin, SourceDatabase, SourceFile};
use hir_def::HirDefDatabase;
use hir_def::body::{body_with_source_map, scope};
use hir_def::hir::Expr;
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
impl il::IlDatabase for Db {}
#[salsa::db]
impl HirDefDatabase for Db {}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let db = Db::default();
    let file = SourceFile::create(&db, "fuzz.ii".into(), text.to_string(), FileOrigin::User);
    let mut items = il::scope::all_items(&db, file);
    for class in il::scope::local_classes(&db, file) {
        items.push(*class);
        items.extend(il::scope::scope_items(&db, *class).iter().copied());
    }
    for (item, offsets) in hir_def::source::declaration_offsets(&db, file) {
        if let Some(root) = hir_def::source::definition_root(&db, *item) {
            let _ = offsets.to_file_range(root.text_range());
        }
    }
    for item in items {
        hir_def::generics::template_params(&db, item);
        hir_def::ast_id::ast_id_map(&db, item);
        if hir_def::source::body_owner_kind(&db, item).is_none() {
            continue;
        }
        let (body, _map) = body_with_source_map(&db, item);
        let _ = body.pretty();
        scope::expr_scopes(&db, item);
        for (id, expr) in body.exprs.iter() {
            if matches!(expr, Expr::Path(_)) {
                scope::resolve_name_in_scope(&db, item, id);
            }
        }
    }
});
