//! Incrementality of the entity layer, proven by counting salsa executions: a body edit
//! re-runs no declaration-level query, an added overload leaves the others' ids and queries
//! alone.
use std::sync::{Arc, Mutex};

use base_db::{FileOrigin, SourceDatabase, SourceFile};
use expect_test::{Expect, expect};
use il::decl::{linkage, routine_decl, variable_decl};
use il::{IlDatabase, ItemKind, scope_items, top_level_items};
use salsa::Database as _;

#[salsa::db]
#[derive(Clone)]
struct Db {
    storage: salsa::Storage<Self>,
    executed: Arc<Mutex<Vec<salsa::DatabaseKeyIndex>>>,
}

#[salsa::db]
impl salsa::Database for Db {}
#[salsa::db]
impl SourceDatabase for Db {}
#[salsa::db]
impl IlDatabase for Db {}

impl Db {
    fn new() -> Db {
        let executed: Arc<Mutex<Vec<salsa::DatabaseKeyIndex>>> = Arc::default();
        let sink = executed.clone();
        let storage = salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind {
                sink.lock().unwrap().push(database_key);
            }
        })));
        Db { storage, executed }
    }

    /// The queries executed since the last call, by name, sorted.
    fn take_executed(&self) -> Vec<String> {
        let keys = std::mem::take(&mut *self.executed.lock().unwrap());
        let mut names: Vec<String> = keys
            .iter()
            .map(|k| self.ingredient_debug_name(k.ingredient_index()).to_string())
            .collect();
        names.sort();
        names
    }
}

/// Asks every declaration-level question about every entity, as a checker would.
fn analyse(db: &Db, file: SourceFile) {
    fn walk<'db>(db: &'db Db, items: &[il::Item<'db>]) {
        for &item in items {
            match item.kind(db) {
                ItemKind::Routine => {
                    routine_decl(db, item);
                }
                ItemKind::Variable => {
                    variable_decl(db, item);
                }
                _ => {}
            }
            linkage(db, item);
            if item.kind(db).is_scope() {
                walk(db, scope_items(db, item));
            }
        }
    }
    walk(db, top_level_items(db, file));
}

const PROGRAM: &str = r#"
int helper(int x) { return x + 1; }
struct S { int a; void m() { a = 1; } static int count; };
__attribute__((device)) int dv;
__attribute__((global)) void k(int* p) { p[0] = helper(2); }
int helper(long);
"#;

fn check_edit(from: &str, to: &str, expect: Expect) {
    let mut db = Db::new();
    let file = SourceFile::create(&db, "t.ii".into(), PROGRAM.to_string(), FileOrigin::User);
    analyse(&db, file);
    db.take_executed();
    assert!(PROGRAM.contains(from));
    file.update_text(&mut db, PROGRAM.replacen(from, to, 1));
    analyse(&db, file);
    expect.assert_debug_eq(&db.take_executed());
}

#[test]
fn editing_a_function_body_reruns_no_declaration_query() {
    check_edit(
        "return x + 1;",
        "return x + 100;",
        expect![[r#"
            [
                "parse",
                "top_level_items",
                "top_level_items_with_ranges",
            ]
        "#]],
    );
}

#[test]
fn editing_a_member_body_reruns_only_its_class_member_list() {
    check_edit(
        "a = 1;",
        "a = 2; a += 3;",
        expect![[r#"
            [
                "parse",
                "scope_items",
                "top_level_items",
                "top_level_items_with_ranges",
            ]
        "#]],
    );
}

#[test]
fn adding_an_overload_runs_only_its_own_queries() {
    check_edit(
        "int helper(long);",
        "int helper(long);\nint helper(short);",
        expect![[r#"
            [
                "linkage",
                "parse",
                "routine_decl",
                "top_level_items",
                "top_level_items_with_ranges",
            ]
        "#]],
    );
}

#[test]
fn changing_an_attribute_reruns_that_entitys_queries_only() {
    check_edit(
        "__attribute__((device)) int dv;",
        "__attribute__((constant)) int dv;",
        expect![[r#"
            [
                "linkage",
                "parse",
                "top_level_items",
                "top_level_items_with_ranges",
                "variable_decl",
            ]
        "#]],
    );
}

const NAMESPACES: &str = r#"
namespace A { int x; int f() { return 1; } }
namespace B { int y; }
"#;

fn check_lookup_edit(from: &str, to: &str, expect: Expect) {
    let mut db = Db::new();
    let file = SourceFile::create(&db, "t.ii".into(), NAMESPACES.to_string(), FileOrigin::User);
    let lookups = |db: &Db| {
        for path in [["A", "x"], ["B", "y"]] {
            let segments: Vec<String> = path.iter().map(|s| s.to_string()).collect();
            let found =
                il::lookup::lookup_path(db, il::lookup::ScopeRef::File(file), false, &segments);
            assert_eq!(found.len(), 1, "{path:?}");
        }
    };
    lookups(&db);
    db.take_executed();
    file.update_text(&mut db, NAMESPACES.replacen(from, to, 1));
    lookups(&db);
    expect.assert_debug_eq(&db.take_executed());
}

#[test]
fn adding_a_declaration_reruns_only_the_lookups_of_its_scope() {
    check_lookup_edit(
        "int y;",
        "int y; int z;",
        expect![[r#"
            [
                "members_named_in",
                "parse",
                "scope_index",
                "scope_items",
                "top_level_items",
                "top_level_items_with_ranges",
            ]
        "#]],
    );
}

#[test]
fn editing_a_body_reruns_no_lookup() {
    check_lookup_edit(
        "return 1;",
        "return 2 + 3;",
        expect![[r#"
            [
                "parse",
                "scope_items",
                "top_level_items",
                "top_level_items_with_ranges",
            ]
        "#]],
    );
}
