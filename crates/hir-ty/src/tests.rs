//! Inference snapshots: each fixture is a translation unit; every function body's calls,
//! names and expression types are printed.
use expect_test::{Expect, expect};
use hir_def::hir::Expr;

use crate::test_db::TestDb;
use crate::{Resolution, infer};

/// Renders, for every function with a body, each call with its callee and each name with
/// what it resolves to, then the type of every expression.
fn render(text: &str) -> String {
    let (db, file) = TestDb::with_file(text);
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        if hir_def::source::body_owner_kind(&db, item).is_none() {
            continue;
        }
        let body = hir_def::body::body(&db, item);
        if body.exprs.is_empty() {
            continue;
        }
        let result = infer(&db, item);
        out.push_str(&format!("{}:\n", item.qualified_name(&db)));
        for (id, e) in body.exprs.iter() {
            let ty = result.type_of_expr(id).map_or("?".into(), |t| t.to_source(&db));
            let cat = result.value_category(id).map_or("?".into(), |c| format!("{c:?}"));
            let what = match e {
                Expr::Path(p) => p
                    .segments
                    .iter()
                    .map(|s| s.name.to_string())
                    .collect::<Vec<_>>()
                    .join("::"),
                Expr::Call { .. } => "call".to_string(),
                Expr::KernelLaunch { .. } => "launch".to_string(),
                Expr::Literal(l) => l.text.to_string(),
                Expr::Member { member, .. } => format!(
                    ".{}",
                    member.segments.last().map_or("", |s| &s.name)
                ),
                other => format!("{other:?}").chars().take_while(|c| c.is_alphanumeric()).collect(),
            };
            let mut line = format!("  {what}: {ty} {cat}");
            match result.resolution(id) {
                Some(Resolution::Binding(b)) => {
                    line.push_str(&format!(" -> local {}", body.bindings[*b].name.as_deref().unwrap_or("_")))
                }
                Some(Resolution::Item(i)) => line.push_str(&format!(" -> {}", i.qualified_name(&db))),
                Some(Resolution::Overloads(v)) => line.push_str(&format!(" -> {} overloads", v.len())),
                Some(Resolution::Enumerator { enumeration, index }) => line.push_str(&format!(
                    " -> enumerator {index} of {}",
                    enumeration.qualified_name(&db)
                )),
                Some(Resolution::TemplateParam(p)) => line.push_str(&format!(" -> template param {}", p.index)),
                None => {}
            }
            if let Some(c) = result.callee_info(id) {
                let sig = crate::callable_sig(&db, c.item)
                    .as_ref()
                    .map(|s| s.params.iter().map(|p| p.to_source(&db)).collect::<Vec<_>>().join(", "))
                    .unwrap_or_default();
                line.push_str(&format!(" => {:?} {}({sig})", c.kind, c.item.qualified_name(&db)));
                if let Some(inst) = c.instance {
                    let args: Vec<String> = inst
                        .args(&db)
                        .iter()
                        .map(|a| match a {
                            crate::ty::GenericArg::Type(t) => t.to_source(&db),
                            other => format!("{other:?}"),
                        })
                        .collect();
                    line.push_str(&format!(" <{}>", args.join(", ")));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        for d in result.diagnostics() {
            out.push_str(&format!("  diagnostic: {d:?}\n"));
        }
    }
    out
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&render(text));
}

#[test]
fn overloads_by_arity_and_rank() {
    check(
        r#"
void f(int);
void f(double);
void f(int, int);
void g() { f(1); f(1.0f); f(1, 2); f('c'); }
"#,
        expect![[r#"
            g:
              f: <overload set> LValue -> f
              1: int PRValue
              call: void PRValue => Function f(int)
              f: <overload set> LValue -> f
              1.0f: float PRValue
              call: void PRValue => Function f(double)
              f: <overload set> LValue -> f
              1: int PRValue
              2: int PRValue
              call: void PRValue => Function f(int, int)
              f: <overload set> LValue -> f
              'c': char PRValue
              call: void PRValue => Function f(int)
        "#]],
    );
}
