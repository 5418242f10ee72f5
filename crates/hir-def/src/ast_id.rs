//! Stable ids for the syntax nodes of one item's definition.
//!
//! An [`AstIdMap`] numbers the nodes that other layers need to point at (the definition itself,
//! blocks, lambdas, local declarations and classes, parameters) breadth-first over the item's
//! [definition tree](crate::source::definition_tree). Since that tree holds only the item's own
//! text, an edit anywhere else in the file leaves the map, and so every [`AstId`], unchanged; and
//! since the numbering is breadth-first, an edit inside a block renumbers only what comes after
//! it at the same depth or deeper. An [`InItem`] pairs an id with its owning item: it is what
//! rust-analyzer's `InFile<AstId>` is, with the item in place of the file.
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::sync::Arc;

use il::Item;
use la_arena::{Arena, Idx, RawIdx};
use rowan::ast::{AstNode, AstPtr, SyntaxNodePtr};
use rustc_hash::FxHashMap;
use syntax::{CudaLang, SyntaxKind, SyntaxKind::*, SyntaxNode};

use crate::HirDefDatabase;

type NodePtr = SyntaxNodePtr<CudaLang>;

/// An id of some syntax node in an item's [`AstIdMap`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ErasedAstId(Idx<NodePtr>);

impl ErasedAstId {
    pub fn index(self) -> u32 {
        self.0.into_raw().into_u32()
    }
}

impl fmt::Debug for ErasedAstId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AstId({})", self.index())
    }
}

/// An id of a node of type `N` in an item's [`AstIdMap`].
pub struct AstId<N> {
    raw: ErasedAstId,
    _ty: PhantomData<fn() -> N>,
}

impl<N> AstId<N> {
    pub fn erased(self) -> ErasedAstId {
        self.raw
    }
}

impl<N> Clone for AstId<N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N> Copy for AstId<N> {}
impl<N> PartialEq for AstId<N> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
}
impl<N> Eq for AstId<N> {}
impl<N> Hash for AstId<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.raw.hash(state);
    }
}
impl<N> fmt::Debug for AstId<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "AstId::<{}>({})",
            std::any::type_name::<N>()
                .rsplit("::")
                .next()
                .unwrap_or("?"),
            self.raw.index()
        )
    }
}

/// A value inside an item: a node id, an expression id, a pointer (relative to the item's
/// definition tree).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InItem<'db, T> {
    pub owner: Item<'db>,
    pub value: T,
}

impl<'db, T> InItem<'db, T> {
    pub fn new(owner: Item<'db>, value: T) -> Self {
        InItem { owner, value }
    }
}

/// Whether nodes of this kind get an id: what outside layers point at.
fn has_ast_id(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        FUNCTION_DEF
            | SIMPLE_DECLARATION
            | ALIAS_DECL
            | CLASS_SPECIFIER
            | ENUM_SPECIFIER
            | COMPOUND_STMT
            | LAMBDA_EXPR
            | PARAM
            | TYPE_PARAM
            | TEMPLATE_TEMPLATE_PARAM
            | TEMPLATE_PARAM_LIST
    )
}

/// The ids of one item's nodes, breadth-first.
#[derive(Default)]
pub struct AstIdMap {
    arena: Arena<NodePtr>,
    map: FxHashMap<NodePtr, ErasedAstId>,
}

impl PartialEq for AstIdMap {
    fn eq(&self, other: &Self) -> bool {
        self.arena == other.arena
    }
}
impl Eq for AstIdMap {}

impl fmt::Debug for AstIdMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AstIdMap")
            .field("len", &self.arena.len())
            .finish()
    }
}

impl AstIdMap {
    /// Numbers the nodes under `root` (included), breadth-first.
    pub fn from_root(root: &SyntaxNode) -> AstIdMap {
        let mut res = AstIdMap::default();
        let mut level = vec![root.clone()];
        while !level.is_empty() {
            let mut next = Vec::new();
            for node in level {
                if has_ast_id(node.kind()) {
                    let ptr = NodePtr::new(&node);
                    let id = ErasedAstId(res.arena.alloc(ptr));
                    res.map.insert(ptr, id);
                }
                next.extend(node.children());
            }
            level = next;
        }
        res
    }

    /// The id of `node`; `None` when its kind gets none or it is not from this item's tree.
    pub fn ast_id<N: AstNode<Language = CudaLang>>(&self, node: &N) -> Option<AstId<N>> {
        let raw = self.erased_ast_id(node.syntax())?;
        Some(AstId {
            raw,
            _ty: PhantomData,
        })
    }

    pub fn erased_ast_id(&self, node: &SyntaxNode) -> Option<ErasedAstId> {
        self.map.get(&NodePtr::new(node)).copied()
    }

    /// The pointer an id stands for (resolve it with [`AstPtr::to_node`] on the item's root).
    pub fn get<N: AstNode<Language = CudaLang>>(&self, id: AstId<N>) -> Option<AstPtr<N>> {
        self.get_erased(id.raw).cast::<N>()
    }

    pub fn get_erased(&self, id: ErasedAstId) -> NodePtr {
        self.arena[id.0]
    }

    pub fn len(&self) -> usize {
        self.arena.len()
    }

    pub fn is_empty(&self) -> bool {
        self.arena.is_empty()
    }

    /// Every id with its pointer, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (ErasedAstId, NodePtr)> + '_ {
        self.arena.iter().map(|(idx, ptr)| (ErasedAstId(idx), *ptr))
    }

    /// An id from its number (for tests and dumps).
    pub fn from_index(&self, index: u32) -> Option<ErasedAstId> {
        ((index as usize) < self.arena.len())
            .then(|| ErasedAstId(Idx::from_raw(RawIdx::from_u32(index))))
    }
}

/// The ids of the nodes of an item's definition.
#[salsa::tracked(returns(clone))]
pub fn ast_id_map<'db>(db: &'db dyn HirDefDatabase, item: Item<'db>) -> Arc<AstIdMap> {
    match crate::source::definition_root(db, item) {
        Some(root) => Arc::new(AstIdMap::from_root(&root)),
        None => Arc::new(AstIdMap::default()),
    }
}
