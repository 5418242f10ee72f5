//! Name hiding (spec section 6) within a body: a local in a function's outermost block
//! redeclaring a parameter (101) and a name of a for-loop's initialization redeclared in the
//! loop's block (779), errors in both passes. Per function, [`hiding_diagnostics`], over
//! hir-def's lowered body and its bindings.
use hir_def::body::body_with_source_map;
use hir_def::hir::{BindingId, Stmt, StmtId};
use il::Item;
use syntax::SyntaxNode;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::messages as m;

#[salsa::tracked(returns(ref))]
pub fn hiding_diagnostics<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let (body, map) = body_with_source_map(db, item);
    let name_of = |b: BindingId| body.bindings[b].name.as_deref().map(str::to_string);
    let declared_in = |stmts: &[StmtId]| -> Vec<BindingId> {
        stmts
            .iter()
            .filter_map(|s| match &body.stmts[*s] {
                Stmt::Decl(decls) => Some(decls.iter().map(|d| d.binding).collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect()
    };
    let at = |b: BindingId| -> Option<u32> {
        let node: SyntaxNode = map.binding_syntax(b)?.to_node(&root);
        let declarator = node
            .children()
            .find(|n| n.kind() == syntax::SyntaxKind::DECLARATOR)
            .unwrap_or(node.clone());
        crate::header::declarator_name(&declarator).map(|(_, o)| o)
    };
    let mut out = Vec::new();
    // The outermost block against the parameters.
    if let Some(top) = body.body_stmt
        && let Stmt::Compound(stmts) = &body.stmts[top]
    {
        let params: Vec<String> = body.params.iter().filter_map(|p| name_of(*p)).collect();
        for b in declared_in(stmts) {
            if let Some(name) = name_of(b)
                && params.contains(&name)
                && let Some(offset) = at(b)
            {
                out.push(ItemDiagnostic::error(
                    m::ALREADY_DECLARED,
                    &[&format!("\"{name}\"")],
                    Passes::Both,
                    offset,
                ));
            }
        }
    }
    // For-loop initializations against the loop's block.
    for (_, stmt) in body.stmts.iter() {
        let Stmt::For {
            init: Some(init),
            body: loop_body,
            ..
        } = stmt
        else {
            continue;
        };
        let (Stmt::Decl(decls), Stmt::Compound(stmts)) =
            (&body.stmts[*init], &body.stmts[*loop_body])
        else {
            continue;
        };
        let names: Vec<String> = decls.iter().filter_map(|d| name_of(d.binding)).collect();
        for b in declared_in(stmts) {
            if let Some(name) = name_of(b)
                && names.contains(&name)
                && let Some(offset) = at(b)
            {
                out.push(ItemDiagnostic::error(
                    m::FOR_INIT_REDECLARED,
                    &[&format!("\"{name}\"")],
                    Passes::Both,
                    offset,
                ));
            }
        }
    }
    out.sort_by_key(|d| d.offset);
    out
}
