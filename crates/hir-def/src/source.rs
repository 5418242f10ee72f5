//! An item's definition as one syntax tree of its own.
//!
//! il's [`Item`] keeps its syntax in two position-independent green nodes, a header and a body
//! (plus a constructor's compound statement after its initializer list). [`definition_tree`] puts
//! them back together into the definition (`FUNCTION_DEF`, or the `SIMPLE_DECLARATION` of a
//! variable or field; under a `TEMPLATE_DECL` for templates), so that the body lowering, the
//! [`crate::AstIdMap`] and the source maps work on one tree whose offsets are relative to the
//! item. An edit elsewhere in the file changes none of them; an edit inside the item re-runs
//! only this item's queries.
use il::{Item, ItemKind};
use rowan::NodeOrToken;
use syntax::{GreenNode, SyntaxKind, SyntaxNode, ast};

use crate::HirDefDatabase;

/// What kind of body an item owns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BodyOwnerKind {
    /// A function or function template with a definition (`{ }`, try block, ctor initializer).
    Function,
    /// A variable (template) with an initializer, or a field with a default member initializer.
    Initializer,
    /// A `static_assert` declaration (namespace or class scope): its condition and message are
    /// evaluated, so their calls and names are the body's (a `Stmt::StaticAssert`,
    /// [`crate::body::Body::body_stmt`]).
    StaticAssert,
}

/// Which body an item owns, if any.
pub fn body_owner_kind(db: &dyn HirDefDatabase, item: Item<'_>) -> Option<BodyOwnerKind> {
    match item.kind(db) {
        ItemKind::Routine | ItemKind::FunctionTemplate if item.body(db).is_some() => {
            Some(BodyOwnerKind::Function)
        }
        ItemKind::Variable | ItemKind::VariableTemplate | ItemKind::Field => {
            Some(BodyOwnerKind::Initializer)
        }
        ItemKind::StaticAssert => Some(BodyOwnerKind::StaticAssert),
        _ => None,
    }
}

/// The item's definition as one green tree: the header with the body put back where `il` took
/// it from. `None` for items that own no body. For templates the tree is il's header form,
/// `TEMPLATE_DECL(parameter list, declaration)`, without the `template` keyword's token.
#[salsa::tracked(returns(ref))]
pub fn definition_tree<'db>(db: &'db dyn HirDefDatabase, item: Item<'db>) -> Option<GreenNode> {
    match body_owner_kind(db, item)? {
        BodyOwnerKind::Function => {
            let parts: Vec<GreenNode> = item
                .body(db)
                .into_iter()
                .chain(item.ctor_body(db))
                .cloned()
                .collect();
            attach_body(item.header(db), &parts)
        }
        BodyOwnerKind::Initializer | BodyOwnerKind::StaticAssert => Some(item.header(db).clone()),
    }
}

/// The definition tree as a syntax node (offsets relative to the item).
pub fn definition_root(db: &dyn HirDefDatabase, item: Item<'_>) -> Option<SyntaxNode> {
    definition_tree(db, item).clone().map(SyntaxNode::new_root)
}

/// `FUNCTION_DEF` header + body parts, looking through the `TEMPLATE_DECL`s il wraps it in.
fn attach_body(header: &GreenNode, parts: &[GreenNode]) -> Option<GreenNode> {
    let kind = SyntaxKind::from_raw(header.kind().0)?;
    let mut children: Vec<NodeOrToken<GreenNode, rowan::GreenToken>> = header
        .children()
        .map(|c| match c {
            NodeOrToken::Node(n) => NodeOrToken::Node(n.to_owned()),
            NodeOrToken::Token(t) => NodeOrToken::Token(t.to_owned()),
        })
        .collect();
    match kind {
        SyntaxKind::FUNCTION_DEF => {
            // `S() : a(1) { }`: il's header kept the trivia before and after the initializer
            // list together at its end; the initializer goes before the last trivia token, which
            // is right for the usual single whitespace token between the list and `{` (`S(): a()
            // {}` too; `S() :a(){}` is then reassembled as `S():a() {}`, with the same tokens).
            let trailing_trivia = children
                .iter()
                .rev()
                .take_while(|c| {
                    matches!(c, NodeOrToken::Token(t)
                        if SyntaxKind::from_raw(t.kind().0).is_some_and(SyntaxKind::is_trivia))
                })
                .count();
            if let [init, rest @ ..] = parts
                && !rest.is_empty()
                && trailing_trivia >= 1
            {
                let at = children.len() - 1;
                children.insert(at, NodeOrToken::Node(init.clone()));
                children.extend(rest.iter().cloned().map(NodeOrToken::Node));
            } else {
                children.extend(parts.iter().cloned().map(NodeOrToken::Node));
            }
        }
        SyntaxKind::TEMPLATE_DECL => {
            let last = children
                .iter()
                .rposition(|c| matches!(c, NodeOrToken::Node(_)))?;
            let NodeOrToken::Node(inner) = &children[last] else {
                return None;
            };
            children[last] = NodeOrToken::Node(attach_body(inner, parts)?);
        }
        _ => return None,
    }
    Some(GreenNode::new(header.kind(), children))
}

/// The function definition in a definition tree (under its `TEMPLATE_DECL`s).
pub fn function_def(root: &SyntaxNode) -> Option<ast::FunctionDef> {
    use rowan::ast::AstNode;
    let mut node = root.clone();
    loop {
        if let Some(def) = ast::FunctionDef::cast(node.clone()) {
            return Some(def);
        }
        if node.kind() != SyntaxKind::TEMPLATE_DECL {
            return None;
        }
        node = node
            .children()
            .filter(|n| n.kind() != SyntaxKind::TEMPLATE_PARAM_LIST)
            .last()?;
    }
}

/// The simple declaration of a variable or field in a definition tree.
pub fn simple_declaration(root: &SyntaxNode) -> Option<ast::SimpleDeclaration> {
    use rowan::ast::AstNode;
    let mut node = root.clone();
    loop {
        if let Some(decl) = ast::SimpleDeclaration::cast(node.clone()) {
            return Some(decl);
        }
        if node.kind() != SyntaxKind::TEMPLATE_DECL {
            return None;
        }
        node = node
            .children()
            .filter(|n| n.kind() != SyntaxKind::TEMPLATE_PARAM_LIST)
            .last()?;
    }
}

/// Where an item's declaration node (the `FUNCTION_DEF` or `SIMPLE_DECLARATION` of its
/// definition tree, under il's `TEMPLATE_DECL`s) starts in the definition tree and in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct DeclarationOffsets {
    pub in_tree: u32,
    pub in_file: u32,
    pub len: u32,
}

impl DeclarationOffsets {
    /// A range of the definition tree as a range of the file; `None` outside the declaration
    /// node (il's template headers lack the `template` keyword, so their offsets differ).
    pub fn to_file_range(self, range: rowan::TextRange) -> Option<rowan::TextRange> {
        let start = u32::from(range.start()).checked_sub(self.in_tree)?;
        let end = u32::from(range.end()).checked_sub(self.in_tree)?;
        if end > self.len {
            return None;
        }
        Some(rowan::TextRange::new(
            (self.in_file + start).into(),
            (self.in_file + end).into(),
        ))
    }
}

/// A green tree as a hash key, compared as trees are (equal text and structure) but hashed
/// on its first level only: rowan hashes a whole subtree, and hashing every declaration of a
/// 12 MB unit (function bodies included) cost more than parsing it. Item trees share their
/// nodes with the file's tree, so equality stops at the first shared node.
#[derive(Clone)]
pub struct ShallowGreen(pub GreenNode);

impl PartialEq for ShallowGreen {
    // rowan's `==` compares no pointers: an item's definition tree is its header and body put
    // back together, a root of its own over the file's nodes, so each comparison walked the
    // whole definition, body included (a sixth of `declaration_offsets` on the largest corpus
    // program). `green_eq` stops at shared subtrees.
    fn eq(&self, other: &Self) -> bool {
        syntax::green_eq(&self.0, &other.0)
    }
}

impl Eq for ShallowGreen {}

impl std::hash::Hash for ShallowGreen {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.kind().hash(state);
        self.0.text_len().hash(state);
        for child in self.0.children() {
            match child {
                NodeOrToken::Node(n) => (0u8, n.kind(), n.text_len()).hash(state),
                NodeOrToken::Token(t) => (1u8, t.kind(), t.text()).hash(state),
            }
        }
    }
}

/// A [`ShallowGreen`] with its hash computed once: `declaration_offsets` looks each key up
/// several times, and hashing walks the node's children.
struct HashedGreen {
    hash: u64,
    green: ShallowGreen,
}

impl HashedGreen {
    fn new(green: GreenNode) -> HashedGreen {
        use std::hash::BuildHasher;
        let green = ShallowGreen(green);
        HashedGreen {
            hash: rustc_hash::FxBuildHasher.hash_one(&green),
            green,
        }
    }
}

impl PartialEq for HashedGreen {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.green == other.green
    }
}

impl Eq for HashedGreen {}

impl std::hash::Hash for HashedGreen {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Items of [`declaration_offsets`] with an equal declaration tree and name.
struct Group<'db> {
    /// The tree's number.
    tree: usize,
    /// The tree's text length.
    len: u32,
    /// The items, each with its declaration's offset in the item's tree.
    items: Vec<(Item<'db>, u32)>,
}

/// For every body owner of the file, where its declaration lies in the file. Positions are
/// computed late (this reads the whole parse and re-runs on every edit; no body query reads it):
/// an item is matched to the file's nodes of its declaration's kind with an equal green tree,
/// the k-th item with that tree and name to the k-th such node in document order. Items whose
/// count of equal trees differs from the file's (an identical definition inside a local class)
/// are left out rather than guessed.
#[salsa::tracked(returns(ref))]
pub fn declaration_offsets<'db>(
    db: &'db dyn HirDefDatabase,
    file: base_db::SourceFile,
) -> Vec<(Item<'db>, DeclarationOffsets)> {
    use rustc_hash::FxHashMap;
    let mut items = il::scope::all_items(db, file);
    for class in il::scope::local_classes(db, file) {
        items.push(*class);
        items.extend(il::scope::scope_items(db, *class).iter().copied());
    }
    // Items with an equal declaration tree and name form a group, numbered in the order of
    // their first item; each group names its tree by number (groups of different names may
    // share a tree), and the file's nodes are collected per tree.
    let mut trees: FxHashMap<HashedGreen, usize> = FxHashMap::default();
    let mut groups: FxHashMap<(usize, Option<&str>), usize> = FxHashMap::default();
    let mut members: Vec<Group<'db>> = Vec::new();
    for item in items {
        let Some(root) = definition_root(db, item) else {
            continue;
        };
        let decl = function_def(&root)
            .map(|d| rowan::ast::AstNode::syntax(&d).clone())
            .or_else(|| simple_declaration(&root).map(|d| rowan::ast::AstNode::syntax(&d).clone()))
            .or_else(|| (root.kind() == SyntaxKind::STATIC_ASSERT).then(|| root.clone()));
        let Some(decl) = decl else { continue };
        let len = u32::from(decl.text_range().len());
        let next = trees.len();
        let tree = *trees
            .entry(HashedGreen::new(decl.green().into_owned()))
            .or_insert(next);
        let next = members.len();
        let group = *groups.entry((tree, item.name_text(db))).or_insert(next);
        if group == members.len() {
            members.push(Group {
                tree,
                len,
                items: Vec::new(),
            });
        }
        members[group]
            .items
            .push((item, u32::from(decl.text_range().start())));
    }
    let root = base_db::parse(db, file).syntax_node();
    let mut nodes: Vec<Vec<u32>> = vec![Vec::new(); trees.len()];
    // Declarations at namespace or class scope only: a local `int x;` in a body is no item.
    // Every node of the file, in document order, read from the green tree (a cursor for each
    // node, bodies included, was a fifth of this query).
    let green = root.green();
    let root_start = u32::from(root.text_range().start());
    for (node, parent, start) in green_nodes_with_parents(&green, root_start) {
        let declaration = matches!(
            node_kind(node),
            Some(
                SyntaxKind::FUNCTION_DEF
                    | SyntaxKind::SIMPLE_DECLARATION
                    | SyntaxKind::STATIC_ASSERT
            )
        );
        let in_scope = matches!(
            parent,
            Some(
                SyntaxKind::SOURCE_FILE
                    | SyntaxKind::DECL_BLOCK
                    | SyntaxKind::MEMBER_LIST
                    | SyntaxKind::TEMPLATE_DECL
                    | SyntaxKind::LINKAGE_SPEC
            )
        );
        if declaration
            && in_scope
            && let Some(&tree) = trees.get(&HashedGreen::new(node.to_owned()))
        {
            nodes[tree].push(start);
        }
    }
    let mut out = Vec::new();
    for group in members {
        let (found, list, len) = (&nodes[group.tree], group.items, group.len);
        // Items of one declaration (`int a = 1, b = 2;`) share its node: one node per name.
        if found.len() != list.len() {
            continue;
        }
        for (&(item, in_tree), &in_file) in list.iter().zip(found) {
            out.push((
                item,
                DeclarationOffsets {
                    in_tree,
                    in_file,
                    len,
                },
            ));
        }
    }
    out
}

fn node_kind(node: &rowan::GreenNodeData) -> Option<SyntaxKind> {
    SyntaxKind::from_raw(node.kind().0)
}

/// The nodes below `root` (a green tree at offset `start`) in document order, as
/// `descendants()` without the root yields them, each with its parent's kind and its offset,
/// read from the green tree without a cursor.
fn green_nodes_with_parents(
    root: &rowan::GreenNodeData,
    start: u32,
) -> impl Iterator<Item = (&rowan::GreenNodeData, Option<SyntaxKind>, u32)> {
    // Per level: the children left to visit, the level's node kind, the next child's offset.
    let mut stack: Vec<(rowan::Children<'_>, Option<SyntaxKind>, u32)> =
        vec![(root.children(), node_kind(root), start)];
    std::iter::from_fn(move || {
        loop {
            let (children, parent, offset) = stack.last_mut()?;
            let Some(child) = children.next() else {
                stack.pop();
                continue;
            };
            let (parent, start) = (*parent, *offset);
            *offset += u32::from(child.text_len());
            if let NodeOrToken::Node(node) = child {
                stack.push((node.children(), node_kind(node), start));
                return Some((node, parent, start));
            }
        }
    })
}

/// Identifiers spelled exactly once in a file's text. A name spelled once is declared nowhere
/// in the translation unit, whatever lookup may miss: the fact behind "identifier is
/// undefined" that does not depend on lookup's completeness. Reads the whole parse (re-runs on
/// every edit); only bodies with a name inference could not resolve ask it.
#[salsa::tracked(returns(ref))]
pub fn identifiers_spelled_once(
    db: &dyn HirDefDatabase,
    file: base_db::SourceFile,
) -> rustc_hash::FxHashSet<Box<str>> {
    use rustc_hash::FxHashMap;
    let tree = base_db::parse(db, file).syntax_node();
    let mut counts: FxHashMap<&str, bool> = FxHashMap::default();
    let tokens: Vec<_> = tree
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == SyntaxKind::IDENT)
        .collect();
    for t in &tokens {
        counts
            .entry(t.text())
            .and_modify(|once| *once = false)
            .or_insert(true);
    }
    counts
        .into_iter()
        .filter(|(_, once)| *once)
        .map(|(name, _)| name.into())
        .collect()
}

#[cfg(test)]
mod tests {
    /// The green walk yields what `descendants()` does below the root, with each node's
    /// parent kind and offset, from the root and from an inner node.
    #[test]
    fn green_walk_agrees_with_descendants() {
        let text = "namespace n { template <class T> struct V { T v; int f(int a) { \
                    struct L { int m; }; return a + 1; } }; }\n\
                    extern \"C\" { int g(); } static_assert(sizeof(int) == 4, \"\");\n";
        let root = syntax::parse_text(text).syntax_node();
        for node in [
            root.clone(),
            root.descendants()
                .find(|n| n.kind() == syntax::SyntaxKind::MEMBER_LIST)
                .unwrap(),
        ] {
            let green = node.green();
            let walked: Vec<_> =
                super::green_nodes_with_parents(&green, u32::from(node.text_range().start()))
                    .map(|(g, parent, start)| (g.to_owned(), parent, start))
                    .collect();
            let expected: Vec<_> = node
                .descendants()
                .skip(1)
                .map(|n| {
                    let parent = n.parent().map(|p| p.kind());
                    (
                        n.green().into_owned(),
                        parent,
                        u32::from(n.text_range().start()),
                    )
                })
                .collect();
            assert!(expected.len() > 10);
            assert_eq!(walked, expected);
        }
    }
}
