//! Any text through inference: every body inferred, every type printed, every signature and
//! declared type asked, every constant evaluated. None of it may panic or hang.
#![no_main]

use base_db::{FileOrigin, SourceDatabase, SourceFile};
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
impl hir_def::HirDefDatabase for Db {}
#[salsa::db]
impl hir_ty::HirTyDatabase for Db {}

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
    let mut pending = Vec::new();
    for item in items {
        let _ = hir_ty::declared_ty(&db, item).to_source(&db);
        let _ = hir_ty::callable_sig(&db, item);
        let _ = hir_ty::const_eval::const_value(&db, item);
        if item.kind(&db) == il::ItemKind::Enum {
            let _ = hir_ty::const_eval::enumerator_values(&db, item);
        }
        if hir_def::source::body_owner_kind(&db, item).is_none() {
            continue;
        }
        let result = hir_ty::infer(&db, item);
        let body = hir_def::body::body(&db, item);
        for (id, _) in body.exprs.iter() {
            if let Some(ty) = result.type_of_expr(id) {
                let _ = ty.to_source(&db);
            }
            let _ = result.resolution(id);
            let _ = result.callee(id);
        }
        let _ = result.calls().count();
        for call in result.implicit_calls() {
            let _ = call.target.display(&db);
            let _ = call.target.exec_space(&db);
            if let hir_ty::CallTarget::Special(s) = call.target {
                let _ = hir_ty::special::implicit_member_calls(&db, s).len();
            }
        }
        let _ = result.default_member_inits().len();
        pending.extend(result.instances().iter().copied());
    }
    // The instances the bodies demand, transitively (bounded: a recursive template demands
    // instances without end).
    let mut seen = Vec::new();
    while let Some(inst) = pending.pop() {
        if seen.contains(&inst) || seen.len() >= 64 {
            continue;
        }
        seen.push(inst);
        let result = hir_ty::infer_instance(&db, inst);
        let _ = result.calls().count();
        let _ = result.implicit_calls().len();
        pending.extend(result.instances().iter().copied());
    }
});
