//! Kernel remarks of both passes: a `__global__` function defined without
//! `__launch_bounds__` (20238, caret at the body's `{`), and a launch without an explicit
//! stream argument (20198, `k<<<g, b>>>(...)` with fewer than four configuration arguments,
//! caret at `>>>`). Per item, over the item's header and hir-def's lowered
//! body ([`missing_launch_bounds`], [`default_stream_launches`]). Templates are reported by
//! the host pass at their definition (their instances in the device pass are not modeled).
use hir_def::body::body_with_source_map;
use hir_def::hir::Expr;
use il::Item;
use il::decl::routine_decl;
use syntax::SyntaxKind::*;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::messages::{self as m, Severity};

fn passes(db: &dyn CheckDatabase, item: Item<'_>) -> Passes {
    if super::is_template(db, item) {
        Passes::Host
    } else {
        Passes::Both
    }
}

#[salsa::tracked(returns(ref))]
pub fn missing_launch_bounds<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Option<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) {
        return None;
    }
    let facts = routine_decl(db, item);
    if !facts.cuda.global || facts.cuda.launch_bounds.is_some() {
        return None;
    }
    let root = hir_def::source::definition_root(db, item)?;
    let brace = root
        .descendants()
        .find(|n| n.kind() == COMPOUND_STMT)
        .map(|n| u32::from(n.text_range().start()))?;
    Some(ItemDiagnostic::discretionary(
        m::MISSING_LAUNCH_BOUNDS,
        Severity::Remark,
        &[],
        passes(db, item),
        brace,
    ))
}

#[salsa::tracked(returns(ref))]
pub fn default_stream_launches<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Vec<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let (body, map) = body_with_source_map(db, item);
    let mut out = Vec::new();
    for (id, expr) in body.exprs.iter() {
        let Expr::KernelLaunch { config, .. } = expr else {
            continue;
        };
        if config.len() >= 4 {
            continue;
        }
        let Some(node) = map.expr_syntax(id).map(|p| p.to_node(&root)) else {
            continue;
        };
        // The configuration's closing `>>>` (three `>` tokens): the caret is at the first.
        let tokens: Vec<syntax::SyntaxToken> = node
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| !t.kind().is_trivia())
            .collect();
        let Some(at) = tokens
            .windows(3)
            .find(|w| w.iter().all(|t| t.text() == ">"))
            .map(|w| u32::from(w[0].text_range().start()))
            .or_else(|| {
                tokens
                    .iter()
                    .find(|t| t.text() == ">>>")
                    .map(|t| u32::from(t.text_range().start()))
            })
        else {
            continue;
        };
        out.push(ItemDiagnostic::discretionary(
            m::DEFAULT_STREAM_LAUNCH,
            Severity::Remark,
            &[],
            passes(db, item),
            at,
        ));
    }
    out.sort_by_key(|d| d.offset);
    out
}
