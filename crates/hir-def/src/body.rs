//! The lowered body of an item and its source map, as salsa queries keyed by the item.
//!
//! [`body_with_source_map`] lowers the item's [definition tree](crate::source::definition_tree)
//! (see [`lower`]); [`body`] projects the [`Body`] out of it. The body holds no positions, so
//! an edit that only moves text or changes comments inside the item re-runs
//! `body_with_source_map` (its source map changed) but produces an equal `Body`: salsa backdates
//! [`body`] and nothing that reads it re-runs.
use std::sync::Arc;

use il::Item;
use la_arena::{Arena, ArenaMap};
use rowan::ast::SyntaxNodePtr;
use rustc_hash::FxHashMap;
use syntax::{CudaLang, SyntaxNode};

use crate::HirDefDatabase;
use crate::hir::{Binding, BindingId, Expr, ExprId, LocalType, LocalTypeId, MemInit, Stmt, StmtId};

mod lower;
/// The operator a token spells (`-` as a prefix is `Neg`), as bodies lower it.
pub use lower::{binary_op, literal_of, prefix_op};
mod pretty;
pub mod scope;
#[cfg(test)]
mod tests;

pub type NodePtr = SyntaxNodePtr<CudaLang>;

/// The lowered body of a function, or the initializer of a variable or field.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Body {
    pub exprs: Arena<Expr>,
    pub stmts: Arena<Stmt>,
    pub bindings: Arena<Binding>,
    pub local_types: Arena<LocalType>,
    /// A function's parameters, in order.
    pub params: Box<[BindingId]>,
    /// A constructor's mem-initializers.
    pub mem_inits: Box<[MemInit]>,
    /// A function's compound statement; a function-try-block is a `Stmt::Try` around it; a
    /// `static_assert` declaration's `Stmt::StaticAssert`.
    pub body_stmt: Option<StmtId>,
    /// A variable's or field's initializer.
    pub init_expr: Option<ExprId>,
    /// The default argument of each parameter ([`default_arguments`] only; empty in bodies).
    pub param_defaults: Box<[Option<ExprId>]>,
    /// The locals whose declared type is `decltype(e)` (`decltype(f()) x, y;`), each with the
    /// `Expr::Decltype` holding the operand (one per declaration, shared by its declarators).
    pub decltypes: Vec<(BindingId, ExprId)>,
}

impl Body {
    /// The `Expr::Decltype` a local's declared type is made from (`decltype(e) x`).
    pub fn decltype_of(&self, binding: BindingId) -> Option<ExprId> {
        self.decltypes
            .iter()
            .find(|(b, _)| *b == binding)
            .map(|(_, e)| *e)
    }

    /// How many expressions did not lower (`Expr::Missing`).
    pub fn missing_expr_count(&self) -> usize {
        self.exprs
            .iter()
            .filter(|(_, e)| matches!(e, Expr::Missing))
            .count()
    }

    /// How many statements did not lower (`Stmt::Missing`).
    pub fn missing_stmt_count(&self) -> usize {
        self.stmts
            .iter()
            .filter(|(_, s)| matches!(s, Stmt::Missing))
            .count()
    }

    /// The closures (lambda expressions) of the body, in lowering order.
    pub fn closures(&self) -> impl Iterator<Item = ExprId> + '_ {
        self.exprs
            .iter()
            .filter(|(_, e)| matches!(e, Expr::Lambda(_)))
            .map(|(id, _)| id)
    }
}

/// Where each id of a [`Body`] came from, and back. Pointers are relative to the item's
/// definition tree ([`crate::source::definition_root`]).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct BodySourceMap {
    expr_map: FxHashMap<NodePtr, ExprId>,
    expr_map_back: ArenaMap<ExprId, NodePtr>,
    stmt_map: FxHashMap<NodePtr, StmtId>,
    stmt_map_back: ArenaMap<StmtId, NodePtr>,
    /// A binding's pointer is its declarator (or the capture, enumerator, structured binding's
    /// declarator).
    binding_map: FxHashMap<NodePtr, BindingId>,
    binding_map_back: ArenaMap<BindingId, NodePtr>,
    local_type_map_back: ArenaMap<LocalTypeId, NodePtr>,
}

impl BodySourceMap {
    /// The expression a syntax node lowered to (a parenthesized expression maps to its inner one).
    pub fn node_expr(&self, node: &SyntaxNode) -> Option<ExprId> {
        self.expr_map.get(&NodePtr::new(node)).copied()
    }
    pub fn expr_syntax(&self, expr: ExprId) -> Option<NodePtr> {
        self.expr_map_back.get(expr).copied()
    }
    pub fn node_stmt(&self, node: &SyntaxNode) -> Option<StmtId> {
        self.stmt_map.get(&NodePtr::new(node)).copied()
    }
    pub fn stmt_syntax(&self, stmt: StmtId) -> Option<NodePtr> {
        self.stmt_map_back.get(stmt).copied()
    }
    pub fn node_binding(&self, node: &SyntaxNode) -> Option<BindingId> {
        self.binding_map.get(&NodePtr::new(node)).copied()
    }
    pub fn binding_syntax(&self, binding: BindingId) -> Option<NodePtr> {
        self.binding_map_back.get(binding).copied()
    }
    pub fn local_type_syntax(&self, ty: LocalTypeId) -> Option<NodePtr> {
        self.local_type_map_back.get(ty).copied()
    }
}

/// A lambda's closure: the lambda expression of a body. Stable across edits elsewhere (the
/// owner's identity is il's, the expression id is the body's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct ClosureId<'db> {
    pub owner: Item<'db>,
    pub expr: ExprId,
}

/// The body and its source map.
#[salsa::tracked(returns(clone))]
pub fn body_with_source_map<'db>(
    db: &'db dyn HirDefDatabase,
    owner: Item<'db>,
) -> (Arc<Body>, Arc<BodySourceMap>) {
    let _span = tracing::trace_span!("body_with_source_map").entered();
    let (body, map) = match crate::source::definition_root(db, owner) {
        Some(root) => {
            let name = owner.name_text(db).map(str::to_string);
            lower::lower(
                &root,
                crate::source::body_owner_kind(db, owner),
                name.as_deref(),
            )
        }
        None => (Body::default(), BodySourceMap::default()),
    };
    (Arc::new(body), Arc::new(map))
}

/// The body of a function definition (`FUNCTION_DEF`, or a `TEMPLATE_DECL` around one) that is
/// not an il item of its own (a member of a class inside a declaration, a definition being
/// rewritten as a whole): what [`body_with_source_map`] gives for items.
pub fn lower_function_definition(def: &SyntaxNode) -> (Body, BodySourceMap) {
    lower::lower(def, Some(crate::source::BodyOwnerKind::Function), None)
}

/// The default arguments of a routine's parameters, lowered from its header (a declaration's
/// or a definition's: offsets are those of the item's tree) apart from its body: a call that
/// leaves trailing arguments out evaluates them in the caller (`hir_ty::infer_default_arguments`).
#[salsa::tracked(returns(clone))]
pub fn default_arguments<'db>(
    db: &'db dyn HirDefDatabase,
    owner: Item<'db>,
) -> (Arc<Body>, Arc<BodySourceMap>) {
    let root = SyntaxNode::new_root(owner.header(db).clone());
    let (body, map) = lower::lower_default_arguments(&root);
    (Arc::new(body), Arc::new(map))
}

/// The lowered body of `owner` (empty for items that own none).
#[salsa::tracked(returns(clone))]
pub fn body<'db>(db: &'db dyn HirDefDatabase, owner: Item<'db>) -> Arc<Body> {
    body_with_source_map(db, owner).0
}

/// The closures of an item's body.
pub fn closures<'db>(db: &'db dyn HirDefDatabase, owner: Item<'db>) -> Vec<ClosureId<'db>> {
    body(db, owner)
        .closures()
        .map(|expr| ClosureId { owner, expr })
        .collect()
}
