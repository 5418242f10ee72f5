//! Reading one item's declaration syntax (its header, or its definition tree): the attributes,
//! declarator, parameters and return type a declaration rule looks at. Offsets are relative to
//! the item's tree.
use il::Item;
use syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};

use crate::CheckDatabase;

/// The declaration an item's tree holds: its `FUNCTION_DEF` or `SIMPLE_DECLARATION`, under the
/// `TEMPLATE_DECL`s il wraps templates in.
pub struct Declaration {
    pub node: SyntaxNode,
    /// The template parameter lists around it, outermost first.
    pub template_params: Vec<SyntaxNode>,
}

/// The tree checks read for `item`: its definition tree when it has a body, else its header.
pub fn item_tree(db: &dyn CheckDatabase, item: Item<'_>) -> SyntaxNode {
    hir_def::source::definition_root(db, item)
        .unwrap_or_else(|| SyntaxNode::new_root(item.header(db).clone()))
}

pub fn declaration(root: &SyntaxNode) -> Option<Declaration> {
    let mut node = root.clone();
    let mut template_params = Vec::new();
    loop {
        match node.kind() {
            FUNCTION_DEF | SIMPLE_DECLARATION => {
                return Some(Declaration {
                    node,
                    template_params,
                });
            }
            TEMPLATE_DECL => {
                template_params.extend(node.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST));
                node = node
                    .children()
                    .filter(|n| n.kind() != TEMPLATE_PARAM_LIST)
                    .last()?;
            }
            _ => return None,
        }
    }
}

/// A CUDA or GNU attribute as written: its name without underscores and the offset of the
/// name's token (where cudafe++ puts its caret for attribute errors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attr {
    pub name: String,
    pub offset: u32,
}

/// The attributes in the `ATTRIBUTE_SPEC` children of `node`, in order.
pub fn attrs_of(node: &SyntaxNode) -> Vec<Attr> {
    node.children()
        .filter(|n| n.kind() == ATTRIBUTE_SPEC)
        .flat_map(|spec| spec.children().filter(|n| n.kind() == ATTRIBUTE))
        .filter_map(|attr| {
            let ident = first_token(&attr, IDENT)?;
            let text = ident.text();
            let name = text
                .strip_prefix("__")
                .and_then(|t| t.strip_suffix("__"))
                .unwrap_or(text);
            Some(Attr {
                name: name.to_string(),
                offset: u32::from(ident.text_range().start()),
            })
        })
        .collect()
}

pub fn first_token(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    node.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
}

pub fn has_child_token(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    node.children_with_tokens().any(|t| t.kind() == kind)
}

pub fn child_token(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
}

pub fn start(node: &SyntaxNode) -> u32 {
    u32::from(node.text_range().start())
}

/// The declarator of the declaration that declares `name` (for a `FUNCTION_DEF` its one
/// declarator).
pub fn declarator(decl: &SyntaxNode, name: Option<&str>) -> Option<SyntaxNode> {
    if let Some(d) = decl.children().find(|n| n.kind() == DECLARATOR) {
        return Some(d);
    }
    let inits: Vec<SyntaxNode> = decl
        .children()
        .filter(|n| n.kind() == INIT_DECLARATOR)
        .filter_map(|i| i.children().find(|n| n.kind() == DECLARATOR))
        .collect();
    let Some(name) = name else {
        return inits.into_iter().next();
    };
    inits
        .iter()
        .find(|d| declarator_name(d).is_some_and(|(n, _)| n == name))
        .cloned()
        .or_else(|| inits.into_iter().next())
}

/// The `[` of a structured binding's declarator (`auto [a, b]`, `auto &[a, b]`), where
/// cudafe++ points for the rules on structured bindings.
pub fn structured_binding_bracket(declarator: &SyntaxNode) -> Option<u32> {
    use rowan::ast::AstNode;
    let d = syntax::ast::Declarator::cast(declarator.clone())?;
    if d.structured_bindings().is_empty() {
        return None;
    }
    child_token(declarator, L_BRACK).map(|t| u32::from(t.text_range().start()))
}

/// The `INIT_DECLARATOR` holding `declarator`, if any.
pub fn init_declarator(declarator: &SyntaxNode) -> Option<SyntaxNode> {
    declarator.parent().filter(|p| p.kind() == INIT_DECLARATOR)
}

/// The declared name of a declarator (its last segment for `S::f`) with the offset of its
/// token; operator names are spelled as their tokens.
pub fn declarator_name(declarator: &SyntaxNode) -> Option<(String, u32)> {
    let outside = |n: &SyntaxNode| {
        !n.ancestors()
            .take_while(|a| a != declarator)
            .any(|a| matches!(a.kind(), PARAM_LIST | ARRAY_SUFFIX | FUNCTION_SUFFIX))
    };
    let node = declarator
        .descendants()
        .filter(|n| matches!(n.kind(), NAME_REF | OPERATOR_NAME | DESTRUCTOR_NAME))
        .filter(outside)
        .last()?;
    let first = node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .collect::<Vec<_>>();
    let last_ident = first.iter().rev().find(|t| t.kind() == IDENT);
    let (text, offset) = match node.kind() {
        NAME_REF => {
            let t = last_ident?;
            (t.text().to_string(), u32::from(t.text_range().start()))
        }
        _ => (
            first.iter().map(|t| t.text()).collect::<String>(),
            u32::from(first.first()?.text_range().start()),
        ),
    };
    Some((text, offset))
}

/// The outermost function suffix of a declarator (the function's own parameter list).
pub fn function_suffix(declarator: &SyntaxNode) -> Option<SyntaxNode> {
    declarator
        .descendants()
        .find(|n| n.kind() == FUNCTION_SUFFIX && n.ancestors().all(|a| a.kind() != PARAM_LIST))
}

pub fn params(declarator: &SyntaxNode) -> Vec<SyntaxNode> {
    function_suffix(declarator)
        .and_then(|s| s.children().find(|n| n.kind() == PARAM_LIST))
        .map(|l| l.children().filter(|n| n.kind() == PARAM).collect())
        .unwrap_or_default()
}

/// The `...` of a function's parameter list.
pub fn ellipsis(declarator: &SyntaxNode) -> Option<SyntaxToken> {
    let list = function_suffix(declarator)?
        .children()
        .find(|n| n.kind() == PARAM_LIST)?;
    child_token(&list, DOT3)
}

/// The tokens of `node` that are not trivia, with their text.
pub fn tokens(node: &SyntaxNode) -> Vec<SyntaxToken> {
    node.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .collect()
}

/// Whether a function is declared with a deduced return type (`auto f()`, `decltype(auto)
/// f()`, no trailing return type).
pub fn deduced_return(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    let root = SyntaxNode::new_root(item.header(db).clone());
    let Some(decl) = declaration(&root) else {
        return false;
    };
    let node = &decl.node;
    let Some(declarator) = declarator(node, item.name_text(db)) else {
        return false;
    };
    let trailing = function_suffix(&declarator)
        .is_some_and(|s| s.children().any(|n| n.kind() == TRAILING_RETURN));
    !trailing
        && (has_child_token(node, AUTO_KW)
            || has_child_token(node, DECLTYPE_KW)
                && node.text().to_string().contains("decltype(auto)"))
}

/// The offset of an item's declared name in its tree (where "declared at line N" looks).
pub fn name_offset_of(db: &dyn CheckDatabase, item: Item<'_>) -> u32 {
    let root = SyntaxNode::new_root(item.header(db).clone());
    declaration(&root)
        .and_then(|decl| declarator(&decl.node, item.name_text(db)))
        .and_then(|d| declarator_name(&d))
        .map_or(0, |(_, at)| at)
}

/// The offset of the name a declaration node declares: its declarator's (the node itself, or
/// its `DECLARATOR` child), else the node's start.
pub(crate) fn name_offset(node: &SyntaxNode) -> u32 {
    let declarator = if node.kind() == DECLARATOR {
        node.clone()
    } else {
        node.children()
            .find(|n| n.kind() == DECLARATOR)
            .unwrap_or(node.clone())
    };
    declarator_name(&declarator).map_or(u32::from(node.text_range().start()), |(_, o)| o)
}
