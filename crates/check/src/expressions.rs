//! Ordinary C++ errors in function bodies that both passes report (EDG's wording and numbers),
//! on what type inference establishes: an identifier declared nowhere (20), a value returned
//! from a `void` function (120), a call with too many or too few arguments for the one
//! function its name denotes (140, 165), a pointer initialized from a floating value (144).
//! Each rule reports only what inference knows for certain (known, non-dependent types; a
//! name spelled nowhere else in the translation unit), so that gaps of the model make
//! findings go missing, never false. One query per function, [`expression_diagnostics`].
use hir_def::body::body_with_source_map;
use hir_def::hir::{Expr, Stmt};
use hir_ty::{InferenceDiagnostic, TyKind, infer, lower::CallableKind};
use il::{Item, ItemKind};
use rowan::TextRange;
use syntax::SyntaxKind::*;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::messages as m;

#[salsa::tracked(returns(ref))]
pub fn expression_diagnostics<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Vec<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) || crate::entity::is_templated(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let (body, map) = body_with_source_map(db, item);
    let result = infer(db, item);
    let mut out = Vec::new();

    // 20: a name lookup did not find and that no declaration of the translation unit spells
    // (reserved `__` names are the compiler's own).
    let mut unresolved = result.diagnostics().iter().filter_map(|d| match d {
        InferenceDiagnostic::UnresolvedName { expr } => Some(*expr),
        _ => None,
    });
    if let Some(first) = unresolved.next() {
        let once = hir_def::source::identifiers_spelled_once(db, item.file(db));
        for expr in std::iter::once(first).chain(unresolved) {
            let Expr::Path(path) = &body.exprs[expr] else {
                continue;
            };
            let Some(name) = path.as_ident() else {
                continue;
            };
            if name.starts_with("__") || !once.contains(name) {
                continue;
            }
            let Some(ptr) = map.expr_syntax(expr) else {
                continue;
            };
            out.push(ItemDiagnostic::error(
                m::UNDEFINED_IDENTIFIER,
                &[&format!("\"{name}\"")],
                Passes::Both,
                u32::from(ptr.text_range().start()),
            ));
        }
    }

    // Statements of lambdas belong to the closure's `operator()`.
    let lambdas: Vec<TextRange> = body
        .exprs
        .iter()
        .filter(|(_, e)| matches!(e, Expr::Lambda(_)))
        .filter_map(|(id, _)| map.expr_syntax(id).map(|p| p.text_range()))
        .collect();
    let in_lambda = |r: TextRange| lambdas.iter().any(|l| l.contains_range(r));

    // 120: `return e;` with a non-void `e` in a function returning `void`.
    let sig = hir_ty::callable_sig(db, item);
    let returns_void = sig.as_ref().is_some_and(|s| {
        s.kind == CallableKind::Function
            && matches!(s.ret.kind(db), TyKind::Builtin(il::ty::Builtin::Void))
    });
    if returns_void {
        for (_, stmt) in body.stmts.iter() {
            let Stmt::Return(Some(e)) = stmt else {
                continue;
            };
            if matches!(body.exprs[*e], Expr::InitList(_) | Expr::Missing) {
                continue;
            }
            let (Some(ty), Some(ptr)) = (result.type_of_expr(*e), map.expr_syntax(*e)) else {
                continue;
            };
            let ty = ty.strip_reference(db).unqualified(db);
            if ty.is_error(db)
                || ty.is_dependent(db)
                || matches!(ty.kind(db), TyKind::Builtin(il::ty::Builtin::Void))
                || in_lambda(ptr.text_range())
            {
                continue;
            }
            out.push(ItemDiagnostic::error(
                m::RETURN_TYPE_MISMATCH,
                &[],
                Passes::Both,
                u32::from(ptr.text_range().start()),
            ));
        }
    }

    // 140/165: a call no candidate accepts, whose name denotes one non-template function
    // whose parameter count rules the call out.
    let failed: Vec<_> = result
        .diagnostics()
        .iter()
        .filter_map(|d| match d {
            InferenceDiagnostic::NoMatchingOverload { expr } => Some(*expr),
            _ => None,
        })
        .collect();
    for call in failed {
        let Expr::Call { callee, args } = &body.exprs[call] else {
            continue;
        };
        if !matches!(body.exprs[*callee], Expr::Path(_)) {
            continue;
        }
        let function = match result.resolution(*callee) {
            Some(hir_ty::Resolution::Overloads(set)) if set.len() == 1 => set[0],
            Some(hir_ty::Resolution::Item(f)) => *f,
            _ => continue,
        };
        if function.kind(db) != ItemKind::Routine {
            continue;
        }
        let Some(sig) = hir_ty::callable_sig(db, function).as_ref() else {
            continue;
        };
        if sig.is_template || sig.kind != CallableKind::Function || sig.accepts_arity(args.len()) {
            continue;
        }
        let Some(ptr) = map.expr_syntax(call) else {
            continue;
        };
        if args.len() > sig.params.len() {
            // The caret is at the first argument too many.
            let Some(extra) = map.expr_syntax(args[sig.params.len()]) else {
                continue;
            };
            out.push(ItemDiagnostic::error(
                m::TOO_MANY_ARGUMENTS,
                &[],
                Passes::Both,
                u32::from(extra.text_range().start()),
            ));
        } else {
            // The caret is at the call's closing parenthesis.
            let Some(close) = root
                .covering_element(ptr.text_range())
                .into_node()
                .and_then(|n| {
                    n.descendants_with_tokens()
                        .filter_map(|e| e.into_token())
                        .filter(|t| t.kind() == R_PAREN)
                        .last()
                })
            else {
                continue;
            };
            out.push(ItemDiagnostic::error(
                m::TOO_FEW_ARGUMENTS,
                &[],
                Passes::Both,
                u32::from(close.text_range().start()),
            ));
        }
    }

    // 144: `T *p = 1.5;`: a floating value cannot initialize a pointer.
    for (_, stmt) in body.stmts.iter() {
        let Stmt::Decl(decls) = stmt else {
            continue;
        };
        for d in decls.iter() {
            let Some(init) = d.init else {
                continue;
            };
            if d.style != hir_def::hir::InitStyle::Copy {
                continue;
            }
            let (Some(target), Some(value), Some(ptr)) = (
                result.type_of_binding(d.binding),
                result.type_of_expr(init),
                map.expr_syntax(init),
            ) else {
                continue;
            };
            let value = value.strip_reference(db).unqualified(db);
            let floating = matches!(
                value.kind(db),
                TyKind::Builtin(
                    il::ty::Builtin::Float | il::ty::Builtin::Double | il::ty::Builtin::LongDouble
                )
            );
            if !floating
                || !matches!(target.unqualified(db).kind(db), TyKind::Pointer(_))
                || target.is_dependent(db)
                || in_lambda(ptr.text_range())
            {
                continue;
            }
            out.push(ItemDiagnostic::error(
                m::BAD_INITIALIZER_TYPE,
                &[
                    &format!("\"{}\"", value.to_source(db)),
                    &format!("\"{}\"", target.to_source(db)),
                ],
                Passes::Both,
                u32::from(ptr.text_range().start()),
            ));
        }
    }
    out.sort_by_key(|d| d.offset);
    out
}
