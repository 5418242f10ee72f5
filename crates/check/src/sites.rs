//! Where the call checks look in a body and where their carets point: the ranges whose calls
//! are not the body's own, and the offset of a call's callee name.
use hir_def::hir::{Expr, TypeOrExpr};
use rowan::TextRange;
use syntax::{SyntaxKind::*, SyntaxNode};

/// The offset of the name a call's caret points at: the callee expression's start, or a
/// member call's member name.
pub(crate) fn callee_offset(root: &SyntaxNode, range: TextRange) -> u32 {
    let node = root.covering_element(range);
    let node = match node {
        rowan::NodeOrToken::Node(n) => n,
        rowan::NodeOrToken::Token(t) => return u32::from(t.text_range().start()),
    };
    if matches!(node.kind(), MEMBER_EXPR)
        && let Some(ident) = node
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == IDENT)
            .last()
    {
        return u32::from(ident.text_range().start());
    }
    u32::from(range.start())
}

/// The ranges of a template body whose calls are not its instance's own: lambdas (their
/// closures are checked as such) and unevaluated operands.
pub(crate) fn not_own_calls(
    body: &hir_def::body::Body,
    map: &hir_def::body::BodySourceMap,
) -> Vec<TextRange> {
    body.exprs
        .iter()
        .filter(|(_, e)| {
            matches!(
                e,
                Expr::Lambda(_)
                    | Expr::SizeOf(TypeOrExpr::Expr(_))
                    | Expr::AlignOf(TypeOrExpr::Expr(_))
                    | Expr::TypeId(TypeOrExpr::Expr(_))
                    | Expr::Noexcept(_)
                    | Expr::Decltype { .. }
            )
        })
        .filter_map(|(id, _)| map.expr_syntax(id).map(|p| p.text_range()))
        .collect()
}
