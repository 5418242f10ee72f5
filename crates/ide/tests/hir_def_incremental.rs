//! Incrementality of the body layer (`hir-def`), proven by counting query executions: editing
//! one function's body re-runs that function's body queries and no other function's, and no
//! declaration-level query of il; a comment edit inside a body backdates `body`.
use base_db::{FileOrigin, SourceFile};
use expect_test::{Expect, expect};
use hir_def::body::{body, scope::expr_scopes};
use hir_def::generics::template_params;
use hir_def::source::body_owner_kind;
use ide::RootDatabase;
use il::decl::{linkage, routine_decl, variable_decl};
use il::{Item, ItemKind};

const PROGRAM: &str = r#"
int helper(int x) { return x + 1; }
struct S { int a = 2; void m() { a = helper(1); } };
template <class T> __attribute__((device)) T twice(T v) { auto l = [=] { return v; }; return l() * 2; }
__attribute__((global)) void k(int *p) {
  // the kernel
  __attribute__((shared)) int tile[32];
  tile[0] = p[0];
  p[0] = helper(tile[0]);
}
int g = helper(3);
"#;

fn items(db: &RootDatabase, file: SourceFile) -> Vec<Item<'_>> {
    il::scope::all_items(db, file)
}

/// Asks every declaration-level question and lowers every body, as a checker would.
fn analyse(db: &RootDatabase, file: SourceFile) {
    for item in items(db, file) {
        match item.kind(db) {
            ItemKind::Routine | ItemKind::FunctionTemplate => {
                routine_decl(db, item);
            }
            ItemKind::Variable => {
                variable_decl(db, item);
            }
            _ => {}
        }
        linkage(db, item);
        template_params(db, item);
        if body_owner_kind(db, item).is_some() {
            body(db, item);
            expr_scopes(db, item);
        }
    }
}

/// The executed queries with their keys named by item (`body(k)`), sorted.
fn executed(db: &RootDatabase, file: SourceFile) -> Vec<String> {
    db.take_executed_by_item(&items(db, file), |_| true)
}

fn check_edit(from: &str, to: &str, expect: Expect) {
    let mut db = RootDatabase::with_execution_log();
    let file = SourceFile::create(&db, "t.ii".into(), PROGRAM.to_string(), FileOrigin::User);
    analyse(&db, file);
    db.take_executed();
    assert!(PROGRAM.contains(from));
    assert!(file.update_text(&mut db, PROGRAM.replacen(from, to, 1)));
    analyse(&db, file);
    expect.assert_debug_eq(&executed(&db, file));
}

#[test]
fn editing_one_body_lowers_only_that_body() {
    check_edit(
        "p[0] = helper(tile[0]);",
        "p[0] = helper(tile[0]) + 1;",
        expect![[r#"
            [
                "body(k)",
                "body_with_source_map(k)",
                "definition_tree(k)",
                "expr_scopes(k)",
                "parse",
                "top_level_items",
                "top_level_items_with_ranges",
            ]
        "#]],
    );
}

#[test]
fn editing_a_member_body_lowers_only_that_member() {
    check_edit(
        "a = helper(1);",
        "a = helper(1) * 2;",
        expect![[r#"
            [
                "body(m)",
                "body_with_source_map(m)",
                "definition_tree(m)",
                "expr_scopes(m)",
                "parse",
                "scope_items(S)",
                "top_level_items",
                "top_level_items_with_ranges",
            ]
        "#]],
    );
}

#[test]
fn editing_a_template_body_lowers_only_that_template() {
    check_edit(
        "return l() * 2;",
        "return l() * 3;",
        expect![[r#"
            [
                "body(twice)",
                "body_with_source_map(twice)",
                "definition_tree(twice)",
                "expr_scopes(twice)",
                "parse",
                "top_level_items",
                "top_level_items_with_ranges",
            ]
        "#]],
    );
}

#[test]
fn a_comment_edit_in_a_body_backdates_body() {
    check_edit(
        "// the kernel",
        "// the kernel, edited",
        expect![[r#"
            [
                "body(k)",
                "body_with_source_map(k)",
                "definition_tree(k)",
                "parse",
                "top_level_items",
                "top_level_items_with_ranges",
            ]
        "#]],
    );
}

#[test]
fn closure_ids_survive_edits_of_other_bodies() {
    let mut db = RootDatabase::with_execution_log();
    let file = SourceFile::create(&db, "t.ii".into(), PROGRAM.to_string(), FileOrigin::User);
    let closures = |db: &RootDatabase| -> Vec<String> {
        let twice = items(db, file)
            .into_iter()
            .find(|i| i.name_text(db) == Some("twice"))
            .unwrap();
        hir_def::body::closures(db, twice)
            .iter()
            .map(|c| format!("{:?} {:?}", salsa::plumbing::AsId::as_id(&c.owner), c.expr))
            .collect()
    };
    let before = closures(&db);
    assert_eq!(before.len(), 1);
    file.update_text(
        &mut db,
        PROGRAM.replacen("return x + 1;", "int y = x; return y + 1;", 1),
    );
    assert_eq!(closures(&db), before);
}
