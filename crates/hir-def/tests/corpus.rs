//! Lowers every function body and initializer of real translation units and counts what did not
//! lower. Inputs: `test_data/generated/corpus/*.ii` when generated (`cargo xtask corpus`), else
//! the `test_data/cu` programs and two CCCL examples of `../shared/corpus`, preprocessed with the
//! toolchain; skipped (with a note) when neither is available. `HIR_DEF_CORPUS_SHOW=N` prints the
//! N most frequent syntax kinds behind `Missing` expressions.
use std::collections::BTreeMap;
use std::path::Path;

use base_db::{FileOrigin, SourceDatabase, SourceFile};
use hir_def::HirDefDatabase;
use hir_def::body::{body, body_with_source_map, scope::expr_scopes};
use hir_def::hir::{Expr, Stmt};
use hir_def::source::{body_owner_kind, definition_root};

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

/// The ceiling for `Missing` expressions, per 100,000 lowered: a rise is a regression.
const MAX_MISSING_PER_100K: usize = 100;

#[derive(Default)]
struct Counts {
    owners: usize,
    /// Owners whose declaration was located in the file (`declaration_offsets`).
    located: usize,
    /// Function definitions with a body: lowered as owners, and written in the tree.
    functions: usize,
    functions_in_tree: usize,
    exprs: usize,
    missing_exprs: usize,
    stmts: usize,
    missing_stmts: usize,
    missing_kinds: BTreeMap<String, usize>,
}

fn lower_all(text: &str, counts: &mut Counts) {
    let db = Db::default();
    let file = SourceFile::create(&db, "corpus.ii".into(), text.to_string(), FileOrigin::User);
    // Every function definition with a body, but those of classes local to function templates
    // or local to local classes' members (not il items).
    let tree = base_db::parse(&db, file).syntax_node();
    use syntax::SyntaxKind::*;
    counts.functions_in_tree += tree
        .descendants()
        .filter(|n| n.kind() == FUNCTION_DEF)
        .filter(|n| {
            n.children().any(|c| {
                matches!(
                    c.kind(),
                    COMPOUND_STMT | FUNCTION_TRY_BLOCK | CTOR_INITIALIZER
                )
            })
        })
        .filter(|n| {
            let local = n.ancestors().skip(1).any(|a| a.kind() == COMPOUND_STMT);
            let in_template = n.ancestors().any(|a| a.kind() == TEMPLATE_DECL);
            let depth = n.ancestors().filter(|a| a.kind() == COMPOUND_STMT).count();
            !local || (!in_template && depth == 1)
        })
        .count();
    let mut items = il::scope::all_items(&db, file);
    for class in il::scope::local_classes(&db, file) {
        items.push(*class);
        items.extend(il::scope::scope_items(&db, *class).iter().copied());
    }
    counts.located += hir_def::source::declaration_offsets(&db, file).len();
    for item in items {
        if body_owner_kind(&db, item).is_none() {
            continue;
        }
        let (body_, map) = body_with_source_map(&db, item);
        expr_scopes(&db, item);
        let _ = body_.pretty();
        assert_eq!(body_, body(&db, item));
        counts.owners += 1;
        if body_owner_kind(&db, item) == Some(hir_def::source::BodyOwnerKind::Function) {
            counts.functions += 1;
        }
        counts.exprs += body_.exprs.len();
        counts.stmts += body_.stmts.len();
        let root = definition_root(&db, item);
        for (id, e) in body_.exprs.iter() {
            if matches!(e, Expr::Missing) {
                counts.missing_exprs += 1;
                let kind = match (map.expr_syntax(id), &root) {
                    (Some(ptr), Some(root)) => {
                        let node = ptr.to_node(root);
                        format!("{:?} `{}`", node.kind(), first_chars(&node.to_string()))
                    }
                    _ => "<no syntax>".to_string(),
                };
                *counts.missing_kinds.entry(kind).or_default() += 1;
            }
        }
        counts.missing_stmts += body_
            .stmts
            .iter()
            .filter(|(_, s)| matches!(s, Stmt::Missing))
            .count();
    }
}

fn first_chars(text: &str) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    flat.chars().take(60).collect()
}

#[test]
fn every_body_of_the_corpus_lowers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let scratch = tempfile::tempdir().unwrap();
    let Some(units) = toolchain::corpus_units(&root, scratch.path(), "") else {
        eprintln!(
            "skipped: no test_data/generated/corpus and no NVIDIA toolchain to preprocess test_data/cu"
        );
        return;
    };
    let mut total = Counts::default();
    for (name, text) in &units {
        let mut counts = Counts::default();
        lower_all(text, &mut counts);
        eprintln!(
            "{name}: {} bodies, {} expressions ({} missing), {} statements ({} missing)",
            counts.owners, counts.exprs, counts.missing_exprs, counts.stmts, counts.missing_stmts
        );
        total.owners += counts.owners;
        total.located += counts.located;
        total.functions += counts.functions;
        total.functions_in_tree += counts.functions_in_tree;
        total.exprs += counts.exprs;
        total.missing_exprs += counts.missing_exprs;
        total.stmts += counts.stmts;
        total.missing_stmts += counts.missing_stmts;
        for (k, n) in counts.missing_kinds {
            *total.missing_kinds.entry(k).or_default() += n;
        }
    }
    eprintln!(
        "total over {} units: {} bodies, {} expressions, {} missing ({:.4}%), {} statements, {} missing",
        units.len(),
        total.owners,
        total.exprs,
        total.missing_exprs,
        100.0 * total.missing_exprs as f64 / total.exprs.max(1) as f64,
        total.stmts,
        total.missing_stmts
    );
    if let Some(n) = std::env::var("HIR_DEF_CORPUS_SHOW")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        let mut kinds: Vec<_> = total.missing_kinds.iter().collect();
        kinds.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (k, n) in kinds.into_iter().take(n) {
            eprintln!("{n:6} {k}");
        }
    }
    eprintln!(
        "function definitions: {} lowered of {} in the trees; {} of {} body owners located in their file",
        total.functions, total.functions_in_tree, total.located, total.owners
    );
    assert_eq!(total.functions, total.functions_in_tree);
    // Owners left out by `declaration_offsets` (identical definitions counted differently in
    // the file, constructors whose trivia il regrouped otherwise): at most 1 in 10,000.
    assert!(total.located * 10_000 >= total.owners * 9_999);
    assert!(total.exprs > 0);
    assert!(
        total.missing_exprs * 100_000 <= total.exprs * MAX_MISSING_PER_100K,
        "{} of {} expressions did not lower",
        total.missing_exprs,
        total.exprs
    );
}
