//! What hir-ty's inference says about a node of the file: the body owner and expression it
//! lowers to (through the body's source map), its type, and the type `auto` deduces from it.
//! The display's modules that type expressions through hir-ty do it through these.
use base_db::SourceFile;
use syntax::{SyntaxKind::*, SyntaxNode};

use hir_ty::HirTyDatabase;

/// The body owner and the expression a node of the file lowers to, as the semantic facade
/// finds them ([`hir::Semantics::expr_at`]): the innermost body owner whose declaration
/// contains it, and the expression lowered from exactly this node.
pub(super) fn lowered_expr<'db>(
    db: &'db dyn HirTyDatabase,
    file: SourceFile,
    expr: &SyntaxNode,
) -> Option<(il::Item<'db>, hir_def::hir::ExprId)> {
    let found = hir::Semantics::new(db, file).expr_at(expr.text_range())?;
    Some((found.owner, found.expr))
}

/// The type inference gives an expression of the file. `None` where inference has no
/// concrete type (an error, a template).
pub(super) fn inferred_type<'db>(
    db: &'db dyn HirTyDatabase,
    file: SourceFile,
    expr: &SyntaxNode,
) -> Option<hir_ty::Ty<'db>> {
    let (owner, id) = lowered_expr(db, file, expr)?;
    let ty = hir_ty::infer(db, owner).type_of_expr(id)?;
    (!ty.is_error(db) && !ty.is_dependent(db)).then_some(ty)
}

/// The type `auto` deduces from an expression (`auto v = e`, `return e` in a lambda, an init
/// capture): inference's type of `e`, decayed and without top-level qualifiers, in il's types.
/// A parenthesized expression lowers to its operand.
pub(super) fn deduced_type<'db>(
    db: &'db dyn HirTyDatabase,
    file: SourceFile,
    expr: &SyntaxNode,
) -> Option<il::ty::Ty<'db>> {
    let mut expr = expr.clone();
    while expr.kind() == PAREN_EXPR {
        expr = expr.children().next()?;
    }
    let ty = inferred_type(db, file, &expr)?;
    hir_ty::to_il::il_ty(db, ty.decay(db).unqualified(db))
}
