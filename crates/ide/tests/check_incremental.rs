//! Incrementality of the checks (`check`), proven by counting query executions: editing one
//! function's body re-runs that function's body checks and no other item's checks; no
//! declaration check re-runs. The checks run through `check::check_view`, as `cufe check` runs
//! them, and the edit changes what they find, so the counted re-run is a real one.
use base_db::{FileOrigin, SourceFile};
use check::{DiagOptions, Pass};
use expect_test::{Expect, expect};
use ide::RootDatabase;

const PROGRAM: &str = r#"# 1 "t.cu"
__attribute__((global)) int bad_kernel() { return 0; }
__attribute__((device)) void d() { __attribute__((shared)) int s; s = 1; }
void h() { int x = 1; (void)x; }
struct S { __attribute__((device)) int field; void m() { } };
__attribute__((global)) void k(int *p) { p[0] = 1; }
"#;

/// Every per-item query of the check crate.
const CHECK_QUERIES: &[&str] = &[
    "declaration_diagnostics",
    "body_diagnostics",
    "hiding_diagnostics",
    "local_diagnostics",
    "call_diagnostics",
    "variable_use_diagnostics",
    "body_references",
    "availability_diagnostics",
    "expression_diagnostics",
];

fn run(db: &RootDatabase, file: SourceFile) -> Vec<String> {
    let diagnostics = check::check_view(db, file, Pass::Host, &DiagOptions::default(), &[]);
    diagnostics
        .iter()
        .map(|d| format!("{} {}", d.number, d.text))
        .collect()
}

/// The check queries that executed, named by item, sorted.
fn executed_checks(db: &RootDatabase, file: SourceFile) -> Vec<String> {
    let mut items = il::scope::all_items(db, file);
    items.extend(il::scope::local_classes(db, file).iter().copied());
    db.take_executed_by_item(&items, |e| {
        CHECK_QUERIES
            .iter()
            .any(|q| e.starts_with(&format!("{q}(")))
    })
}

fn check_edit(from: &str, to: &str, before: Expect, after: Expect, reran: Expect) {
    let mut db = RootDatabase::with_execution_log();
    let file = SourceFile::create(&db, "t.ii".into(), PROGRAM.to_string(), FileOrigin::User);
    before.assert_debug_eq(&run(&db, file));
    db.take_executed();
    assert!(PROGRAM.contains(from));
    assert!(file.update_text(&mut db, PROGRAM.replacen(from, to, 1)));
    after.assert_debug_eq(&run(&db, file));
    reran.assert_debug_eq(&executed_checks(&db, file));
}

#[test]
fn editing_one_body_reruns_only_its_body_checks() {
    check_edit(
        "int x = 1; (void)x;",
        "__attribute__((device)) int x; (void)x;",
        expect![[r#"
            [
                "20048 a __global__ function must have a void return type",
                "1835 attribute \"__device__\" does not apply here",
            ]
        "#]],
        expect![[r#"
            [
                "20048 a __global__ function must have a void return type",
                "20026 an automatic \"__device__\" variable declaration is not allowed inside a host function body",
                "1835 attribute \"__device__\" does not apply here",
            ]
        "#]],
        expect![[r#"
            [
                "availability_diagnostics(h)",
                "body_diagnostics(h)",
                "body_references(h)",
                "call_diagnostics(h)",
                "expression_diagnostics(h)",
                "hiding_diagnostics(h)",
                "local_diagnostics(h)",
                "variable_use_diagnostics(h)",
            ]
        "#]],
    );
}

#[test]
fn editing_a_member_body_reruns_only_that_member() {
    check_edit(
        "void m() { }",
        "void m() { int y = 2; (void)y; }",
        expect![[r#"
            [
                "20048 a __global__ function must have a void return type",
                "1835 attribute \"__device__\" does not apply here",
            ]
        "#]],
        expect![[r#"
            [
                "20048 a __global__ function must have a void return type",
                "1835 attribute \"__device__\" does not apply here",
            ]
        "#]],
        expect![[r#"
            [
                "availability_diagnostics(m)",
                "body_diagnostics(m)",
                "body_references(m)",
                "call_diagnostics(m)",
                "expression_diagnostics(m)",
                "hiding_diagnostics(m)",
                "local_diagnostics(m)",
                "variable_use_diagnostics(m)",
            ]
        "#]],
    );
}
