//! What hir-ty's inference says about a node of the file: the body owner and expression it
//! lowers to (through the body's source map), its type, and the type `auto` deduces from it.
//! The display's modules that type expressions through hir-ty do it through these.
use base_db::SourceFile;
use syntax::{SyntaxKind::*, SyntaxNode};

use hir_ty::HirTyDatabase;

/// The body owner and the expression a node of the file lowers to: the owner is the
/// innermost body owner whose declaration contains it, and the expression the one lowered from
/// exactly this node.
pub(super) fn lowered_expr<'db>(
    db: &'db dyn HirTyDatabase,
    file: SourceFile,
    expr: &SyntaxNode,
) -> Option<(il::Item<'db>, hir_def::hir::ExprId)> {
    let range = expr.text_range();
    let at = u32::from(range.start());
    let (owner, offsets) = hir_def::source::declaration_offsets(db, file)
        .iter()
        .filter(|(_, o)| o.in_file <= at && u32::from(range.end()) <= o.in_file + o.len)
        .min_by_key(|(_, o)| o.len)?;
    hir_def::source::body_owner_kind(db, *owner)?;
    let (body, map) = hir_def::body::body_with_source_map(db, *owner);
    let id = body.exprs.iter().map(|(id, _)| id).find(|&id| {
        map.expr_syntax(id)
            .is_some_and(|ptr| offsets.to_file_range(ptr.text_range()) == Some(range))
    })?;
    Some((*owner, id))
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
