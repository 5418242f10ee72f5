//! Incrementality of inference (`hir-ty`), proven by counting query executions: editing one
//! body re-runs that body's `body` and `infer` and nothing keyed by signatures (`declared_ty`,
//! `callable_sig`, `const_value`); editing a signature re-runs that signature's queries and the
//! inference of the bodies that read it; a comment edit in a body re-runs no inference.
use base_db::{FileOrigin, SourceFile};
use expect_test::{Expect, expect};
use hir_def::source::body_owner_kind;
use hir_ty::const_eval::const_value;
use hir_ty::{callable_sig, declared_ty, infer};
use ide::RootDatabase;
use il::{Item, ItemKind};

const PROGRAM: &str = r#"
int helper(int x) { return x + 1; }
int other(int y) { return y * 2; }
constexpr int N = 4;
struct S { int a = 2; void m() { a = helper(1); } };
__attribute__((global)) void k(int *p) {
  // the kernel
  p[0] = helper(p[1]) + N;
}
int g = other(3);
"#;

fn items(db: &RootDatabase, file: SourceFile) -> Vec<Item<'_>> {
    il::scope::all_items(db, file)
}

/// Asks every signature question and infers every body, as the checks would.
fn analyse(db: &RootDatabase, file: SourceFile) {
    for item in items(db, file) {
        match item.kind(db) {
            ItemKind::Routine | ItemKind::FunctionTemplate => {
                callable_sig(db, item);
            }
            ItemKind::Variable | ItemKind::Field => {
                declared_ty(db, item);
                const_value(db, item);
            }
            _ => {}
        }
        if body_owner_kind(db, item).is_some() {
            let result = infer(db, item);
            // Every call of these bodies resolves.
            for (expr, callee) in result.calls() {
                assert!(callee.is_some(), "{:?} in {:?}", expr, item.name_text(db));
            }
        }
    }
}

/// The executed queries of this layer and hir-def's body queries, keys named by item.
fn executed(db: &RootDatabase, file: SourceFile) -> Vec<String> {
    let interesting = [
        "body(",
        "infer(",
        "declared_ty(",
        "callable_sig(",
        "const_value(",
        "class_of_member(",
        "lookup_memo(",
    ];
    db.take_executed_by_item(&items(db, file), |e| {
        interesting.iter().any(|p| e.starts_with(p))
    })
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
fn editing_a_body_reinfers_only_that_body() {
    check_edit(
        "p[0] = helper(p[1]) + N;",
        "p[0] = helper(p[1]) + N + 1;",
        expect![[r#"
            [
                "body(k)",
                "infer(k)",
            ]
        "#]],
    );
}

#[test]
fn editing_a_member_body_reinfers_only_that_member() {
    check_edit(
        "a = helper(1);",
        "a = helper(1) * 2;",
        expect![[r#"
        [
            "body(m)",
            "infer(m)",
        ]
    "#]],
    );
}

#[test]
fn a_comment_edit_in_a_body_reinfers_nothing() {
    check_edit(
        "// the kernel",
        "// the kernel, edited",
        expect![[r#"
        [
            "body(k)",
        ]
    "#]],
    );
}

#[test]
fn editing_a_signature_reruns_what_depends_on_it() {
    check_edit(
        "int other(int y)",
        "long other(int y)",
        expect![[r#"
        [
            "body(other)",
            "callable_sig(other)",
            "declared_ty(other)",
            "infer(g)",
        ]
    "#]],
    );
}

#[test]
fn editing_a_constant_reruns_its_value_and_its_readers() {
    check_edit(
        "constexpr int N = 4;",
        "constexpr int N = 5;",
        expect![[r#"
        [
            "body(N)",
            "const_value(N)",
            "declared_ty(N)",
            "infer(N)",
        ]
    "#]],
    );
}
