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
                .iter()
                .chain(item.ctor_body(db).iter())
                .cloned()
                .collect();
            attach_body(item.header(db), &parts)
        }
        BodyOwnerKind::Initializer => Some(item.header(db).clone()),
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
            children.extend(parts.iter().cloned().map(NodeOrToken::Node));
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
