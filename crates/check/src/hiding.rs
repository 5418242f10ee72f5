//! Name hiding (spec section 6) within a body: a local in a function's outermost block
//! redeclaring a parameter (101) and a name of a for-loop's initialization redeclared in the
//! loop's block (779), errors in both passes; a handler's local named as its parameter (1210)
//! or, in a function-try-block, as a parameter of the function (1203), warnings. Template
//! parameters redeclared (497, 496) are read from headers ([`template_param_hiding`]). Per function, [`hiding_diagnostics`], over
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
    // Handlers: a local of a handler's block named as its parameter (1210), or, in a
    // function-try-block, as a parameter of the function (1203); warnings.
    let function_try = body
        .body_stmt
        .filter(|s| matches!(body.stmts[*s], Stmt::Try { .. }));
    for (id, stmt) in body.stmts.iter() {
        let Stmt::Try { handlers, .. } = stmt else {
            continue;
        };
        for handler in handlers.iter() {
            let Stmt::Compound(stmts) = &body.stmts[handler.body] else {
                continue;
            };
            let param = handler.param.and_then(name_of);
            // The handler's own parameter counts as declared in its block.
            let declared = handler.param.into_iter().chain(declared_in(stmts));
            for b in declared {
                if Some(b) == handler.param && function_try != Some(id) {
                    continue;
                }
                let Some(name) = name_of(b) else {
                    continue;
                };
                let message = if param.as_ref() == Some(&name) && Some(b) != handler.param {
                    m::DECL_HIDES_HANDLER_PARAM
                } else if function_try == Some(id)
                    && body
                        .params
                        .iter()
                        .any(|p| name_of(*p).as_ref() == Some(&name))
                {
                    m::HANDLER_REDECLARES_PARAMETER
                } else {
                    continue;
                };
                if let Some(offset) = at(b) {
                    out.push(ItemDiagnostic::discretionary(
                        message,
                        crate::messages::Severity::Warning,
                        &[&format!("\"{name}\"")],
                        Passes::Both,
                        offset,
                    ));
                }
            }
        }
    }
    out.sort_by_key(|d| d.offset);
    out
}

/// Template parameters redeclared (spec section 6), from the item's header: a template
/// parameter of a member template named as one of an enclosing template's (497, warning), a
/// function parameter named as a template parameter in scope (497; in a definition then the
/// error 496 at the same name) and a data member named as its class template's parameter
/// (496 alone), as
/// cudafe++ and cicc 13.0.88 report them (both passes). The names in scope are hir-def's
/// (`find_template_param` over the item and its parents), the positions the header's.
pub(crate) fn template_param_hiding(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    root: &SyntaxNode,
    out: &mut Vec<ItemDiagnostic>,
) {
    use crate::messages::Severity;
    use syntax::SyntaxKind::*;

    let hides = |name: &str, offset: u32, out: &mut Vec<ItemDiagnostic>| {
        out.push(ItemDiagnostic::discretionary(
            m::DECL_HIDES_TEMPLATE_PARAM,
            Severity::Warning,
            &[&format!("\"{name}\"")],
            Passes::Both,
            offset,
        ));
    };
    let redeclared = |name: &str, offset: u32, out: &mut Vec<ItemDiagnostic>| {
        out.push(ItemDiagnostic::error(
            m::TEMPLATE_PARAM_REDECLARED,
            &[&format!("\"{name}\"")],
            Passes::Both,
            offset,
        ));
    };
    let parent = item.parent(db);
    let enclosing =
        |name: &str| parent.and_then(|p| hir_def::generics::find_template_param(db, p, name));
    // The item's own template headers against the enclosing templates'.
    let mut node = root.clone();
    while node.kind() == TEMPLATE_DECL {
        if let Some(list) = node.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST) {
            for param in list.children() {
                if let Some((name, offset)) = template_param_name(&param)
                    && enclosing(&name).is_some()
                {
                    hides(&name, offset, out);
                }
            }
        }
        let Some(inner) = node
            .children()
            .filter(|n| n.kind() != TEMPLATE_PARAM_LIST)
            .last()
        else {
            break;
        };
        node = inner;
    }
    let Some(decl) = crate::header::declaration(root) else {
        return;
    };
    match item.kind(db) {
        il::ItemKind::Routine | il::ItemKind::FunctionTemplate => {
            let Some(declarator) = crate::header::declarator(&decl.node, None) else {
                return;
            };
            for param in crate::header::params(&declarator) {
                let Some((name, offset)) = param
                    .children()
                    .find(|n| n.kind() == DECLARATOR)
                    .and_then(|d| crate::header::declarator_name(&d))
                else {
                    continue;
                };
                if hir_def::generics::find_template_param(db, item, &name).is_some() {
                    hides(&name, offset, out);
                    // In a definition the parameter is declared in the body's scope, where
                    // the template parameter may not be redeclared (measured: a prototype
                    // gets 497 alone, gcc's error after it).
                    if item.body(db).is_some() {
                        redeclared(&name, offset, out);
                    }
                }
            }
        }
        il::ItemKind::Field => {
            let Some(name) = item.name_text(db) else {
                return;
            };
            if enclosing(name).is_some()
                && let Some(declarator) = crate::header::declarator(&decl.node, Some(name))
                && let Some((name, offset)) = crate::header::declarator_name(&declarator)
            {
                redeclared(&name, offset, out);
            }
        }
        _ => {}
    }
}

/// A template parameter's name and the offset of its token.
fn template_param_name(param: &SyntaxNode) -> Option<(String, u32)> {
    use rowan::ast::AstNode;
    use syntax::ast;
    let token = if let Some(p) = ast::TypeParam::cast(param.clone()) {
        p.name()
    } else if let Some(p) = ast::TemplateTemplateParam::cast(param.clone()) {
        p.name()
    } else {
        let declarator = param
            .children()
            .find(|n| n.kind() == syntax::SyntaxKind::DECLARATOR)?;
        return crate::header::declarator_name(&declarator);
    };
    let token = token?;
    Some((
        token.text().to_string(),
        u32::from(token.text_range().start()),
    ))
}
