//! The closure members of lambdas the device pass generates (679 at the end of the unit):
//! measured, for every lambda of a (non-template) body, whatever its space, its `operator()`
//! (`function "lambda [](int)->int" cannot be inlined`, caret at the parameter list); for a
//! lambda without captures also its conversion to a function pointer (`...::operator int
//! (*)(int)`), and, when it initializes a variable, its move constructor
//! (`...::<unnamed>(lambda [](int)->int &&) noexcept`, caret at the `[`). Per item over
//! hir-def's lambdas and inference's types ([`closure_remarks`]).
use hir_def::body::body_with_source_map;
use hir_def::hir::{Expr, Stmt};
use hir_ty::infer;
use il::Item;
use rowan::NodeOrToken;
use syntax::SyntaxKind::*;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes, Phase};
use crate::messages::{self as m, Severity};

#[salsa::tracked(returns(ref))]
pub fn closure_remarks<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) || super::is_template(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let (body, map) = body_with_source_map(db, item);
    if body.closures().next().is_none() {
        return Vec::new();
    }
    let result = infer(db, item);
    // The lambdas that initialize a variable.
    let stored: Vec<hir_def::hir::ExprId> = body
        .stmts
        .iter()
        .filter_map(|(_, s)| match s {
            Stmt::Decl(decls) => Some(decls.iter().filter_map(|d| d.init).collect::<Vec<_>>()),
            _ => None,
        })
        .flatten()
        .collect();
    let mut out = Vec::new();
    for id in body.closures() {
        let Expr::Lambda(lambda) = &body.exprs[id] else {
            continue;
        };
        let Some(node) = map.expr_syntax(id).map(|p| p.to_node(&root)) else {
            continue;
        };
        let start = u32::from(node.text_range().start());
        let params_at = node
            .descendants_with_tokens()
            .filter(|e| !e.ancestors().any(|a| a.kind() == LAMBDA_CAPTURES))
            .find_map(|e| match e {
                NodeOrToken::Token(t) if t.kind() == L_PAREN => {
                    Some(u32::from(t.text_range().start()))
                }
                _ => None,
            })
            .unwrap_or(start);
        let params: Vec<String> = lambda
            .params
            .iter()
            .map(|p| {
                result.type_of_binding(*p).map_or_else(
                    || body.bindings[*p].ty.as_str().to_string(),
                    |t| t.to_source(db),
                )
            })
            .collect();
        let params = params.join(", ");
        let range = node.text_range();
        let returned = || {
            body.stmts
                .iter()
                .filter_map(|(sid, s)| match s {
                    Stmt::Return(Some(e)) => {
                        let at = map.stmt_syntax(sid)?.text_range();
                        range.contains_range(at).then_some((at.start(), *e))
                    }
                    _ => None,
                })
                .min_by_key(|(at, _)| *at)
                .and_then(|(_, e)| result.type_of_expr(e))
                .map_or_else(|| "void".to_string(), |t| t.to_source(db))
        };
        let (ret, conversion_ret) = match &lambda.ret {
            Some(r) => (r.as_str().to_string(), None),
            None => {
                let r = returned();
                (r.clone(), Some(r))
            }
        };
        let closure = format!("lambda []({params})->{ret}");
        let mut push = |text: String, at: u32| {
            let mut d = ItemDiagnostic::discretionary(
                m::CANNOT_INLINE,
                Severity::Remark,
                &[&format!("function \"{text}\"")],
                Passes::Device,
                at,
            );
            d.phase = Phase::EndOfUnit;
            out.push(d);
        };
        push(closure.clone(), params_at);
        let captureless = node
            .children()
            .find(|n| n.kind() == LAMBDA_CAPTURES)
            .is_some_and(|c| {
                c.text()
                    .to_string()
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .eq("[]".chars())
            });
        if captureless {
            let pointer = match &conversion_ret {
                Some(r) => format!("operator {r} (*)({params})"),
                None => format!("operator auto (*)({params})->{ret}"),
            };
            push(format!("{closure}::{pointer}"), params_at);
            if stored.contains(&id) {
                push(
                    format!("{closure}::<unnamed>({closure} &&) noexcept"),
                    start,
                );
            }
        }
    }
    out
}
