//! Small questions about the syntax tree that the declaration walk asks: which name a
//! declarator declares, whether it declares a function, a function's signature key.
use rowan::NodeOrToken;
use rowan::ast::AstNode;
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken, ast};

/// Records the declared names of a parameter or local declaration with their type's name (the
/// last segment, carrying any template arguments).
pub(super) fn record_object_type(
    declaration: &SyntaxNode,
    types: &mut FxHashMap<String, SyntaxNode>,
) {
    let Some(ty) = declaration
        .children()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
    else {
        return;
    };
    let last = if ty.kind() == QUALIFIED_NAME {
        ty.children().filter(|n| n.kind() == NAME_REF).last()
    } else {
        Some(ty)
    };
    let Some(last) = last else { return };
    let declarators = declaration.children().flat_map(|c| match c.kind() {
        DECLARATOR => vec![c],
        INIT_DECLARATOR => c.children().filter(|d| d.kind() == DECLARATOR).collect(),
        _ => Vec::new(),
    });
    for declarator in declarators {
        if let Some(name) = name_token(&declarator) {
            types.insert(name.text().to_string(), last.clone());
        }
    }
}

pub(super) const NAME_KINDS: &[SyntaxKind] =
    &[NAME_REF, QUALIFIED_NAME, OPERATOR_NAME, DESTRUCTOR_NAME];

/// The declarator of a structured binding declaration (`[a, b]`), if it is one.
pub(super) fn structured_binding(declaration: &SyntaxNode) -> Option<SyntaxNode> {
    let init = declaration
        .children()
        .find(|n| n.kind() == INIT_DECLARATOR)?;
    let declarator = init.children().find(|n| n.kind() == DECLARATOR)?;
    declarator
        .children_with_tokens()
        .any(|t| t.kind() == L_BRACK)
        .then_some(declarator)
}

/// [`ast::Declarator::name_holder`] on an untyped declarator node.
pub(super) fn name_holder(declarator: &SyntaxNode) -> Option<SyntaxNode> {
    ast::Declarator::cast(declarator.clone())?
        .name_holder()
        .map(|holder| holder.syntax().clone())
}

/// [`ast::Declarator::declares_function`] on an untyped declarator node.
pub(crate) fn declares_function(declarator: &SyntaxNode) -> bool {
    ast::Declarator::cast(declarator.clone()).is_some_and(|d| d.declares_function())
}

pub(crate) fn name_token(declarator: &SyntaxNode) -> Option<SyntaxToken> {
    let holder = name_holder(declarator)?;
    let name = holder.children().find(|n| NAME_KINDS.contains(&n.kind()))?;
    last_ident(&name)
}

pub(super) fn signature(declarator: &SyntaxNode) -> String {
    let Some(holder) = name_holder(declarator) else {
        return String::new();
    };
    let Some(suffix) = holder.children().find(|n| n.kind() == FUNCTION_SUFFIX) else {
        return String::new();
    };
    let Some(params) = suffix.children().find(|n| n.kind() == PARAM_LIST) else {
        return String::new();
    };
    // `get()` and `get() const` are two overloads: the qualifiers after the parameters count.
    let qualifiers: String = suffix
        .children_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .filter(|t| matches!(t.kind(), CONST_KW | VOLATILE_KW | AMP | AMP2))
        .map(|t| format!(" {}", t.text()))
        .collect();
    // Parameter types only: the names and default arguments do not tell overloads apart.
    let types: Vec<String> = params
        .children()
        .filter(|n| n.kind() == PARAM)
        .map(|p| {
            let mut out = String::new();
            for element in p.descendants_with_tokens() {
                if let NodeOrToken::Token(t) = element
                    && !t.kind().is_trivia()
                    && !t
                        .parent_ancestors()
                        .take_while(|a| *a != p)
                        .any(|a| a.kind() == INITIALIZER)
                    && !(t.kind() == IDENT
                        && t.parent().is_some_and(|n| {
                            n.kind() == NAME_REF
                                && n.parent().is_some_and(|d| d.kind() == DECLARATOR)
                        }))
                {
                    out.push_str(t.text());
                    out.push(' ');
                }
            }
            out
        })
        .collect();
    format!("({}){qualifiers}", types.join(","))
}

pub(super) fn first_non_trivia(node: &SyntaxNode) -> Option<SyntaxToken> {
    node.descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .find(|t| !t.kind().is_trivia())
}

pub(super) fn has_token(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    node.children_with_tokens().any(|t| t.kind() == kind)
}

pub(crate) use syntax::ast::first_token;

/// The identifier of a NAME_REF, or of the last NAME_REF of a QUALIFIED_NAME.
pub(super) use syntax::ast::name_ident as last_ident;
