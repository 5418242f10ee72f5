//! Types as written (`TypeRef`): the spelling of a declaration's specifiers and declarator
//! without its name, shared by body lowering (locals, casts, `new`) and by template parameter
//! lists (a non-type parameter's type). hir-ty lowers these spellings to types.
use rowan::ast::AstNode;
use syntax::ast;
use syntax::{SyntaxElement, SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};

use crate::hir::TypeRef;

/// A parameter's type as written, without its name or default (`const int *`, `std::size_t`):
/// also a non-type template parameter's.
pub(crate) fn param_type(param: &ast::Param) -> TypeRef {
    type_spelling(
        &specifier_spelling(param.syntax()),
        param.declarator().as_ref(),
    )
}

/// Keywords that are no part of a declaration's type.
pub(crate) fn is_non_type_specifier(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        STATIC_KW
            | EXTERN_KW
            | TYPEDEF_KW
            | INLINE_KW
            | REGISTER_KW
            | THREAD_LOCAL_KW
            | CONSTEXPR_KW
            | CONSTEVAL_KW
            | CONSTINIT_KW
            | MUTABLE_KW
            | FRIEND_KW
            | VIRTUAL_KW
            | EXPLICIT_KW
            | EXTENSION_KW
            | SEMI
            | COMMA
    )
}

/// The type part of a declaration's specifiers: `const unsigned int`, `struct P`, `T::type`.
pub(crate) fn specifier_spelling(decl: &SyntaxNode) -> String {
    let mut out = String::new();
    for element in decl.children_with_tokens() {
        match element {
            SyntaxElement::Token(t) => {
                if !t.kind().is_trivia() && !is_non_type_specifier(t.kind()) {
                    push_token(&mut out, t.text());
                }
            }
            SyntaxElement::Node(n) => match n.kind() {
                INIT_DECLARATOR | DECLARATOR | ATTRIBUTE_SPEC | INITIALIZER => {}
                CLASS_SPECIFIER | ENUM_SPECIFIER => {
                    for t in direct_tokens(&n).take_while(|t| t.kind() != L_CURLY) {
                        if matches!(t.kind(), CLASS_KW | STRUCT_KW | UNION_KW | ENUM_KW) {
                            push_token(&mut out, t.text());
                        }
                    }
                    match n
                        .children()
                        .find(|c| matches!(c.kind(), NAME_REF | QUALIFIED_NAME))
                    {
                        Some(name) => push_token(&mut out, &text_of(&name)),
                        None => push_token(&mut out, "<unnamed>"),
                    }
                }
                _ => push_token(&mut out, &text_of(&n)),
            },
        }
    }
    out
}

/// Specifiers plus the declarator without its name and attributes: `float [32]`, `int *`.
pub(crate) fn type_spelling(base: &str, declarator: Option<&ast::Declarator>) -> TypeRef {
    let mut out = base.to_string();
    if let Some(declarator) = declarator {
        let mut suffix = String::new();
        declarator_spelling(declarator.syntax(), &mut suffix);
        if !suffix.is_empty() {
            out.push(' ');
            out.push_str(&suffix);
        }
    }
    TypeRef(out.into())
}

pub(crate) fn declarator_spelling(node: &SyntaxNode, out: &mut String) {
    for element in node.children_with_tokens() {
        match element {
            SyntaxElement::Token(t) => {
                if !t.kind().is_trivia() {
                    push_token(out, t.text());
                }
            }
            SyntaxElement::Node(n) => match n.kind() {
                NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME | ATTRIBUTE_SPEC => {}
                DECLARATOR => declarator_spelling(&n, out),
                _ => push_token(out, &text_of(&n)),
            },
        }
    }
}

pub(crate) fn type_ref(type_id: Option<&ast::TypeId>) -> TypeRef {
    TypeRef(
        type_id
            .map_or(String::new(), |t| text_of(t.syntax()))
            .into(),
    )
}

pub(crate) fn direct_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> {
    node.children_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .filter(|t| !t.kind().is_trivia())
}

/// Trivia-free token text, one space only where two words would otherwise fuse.
pub(crate) fn text_of(node: &SyntaxNode) -> String {
    let mut out = String::new();
    for element in node.descendants_with_tokens() {
        if let SyntaxElement::Token(token) = element
            && !token.kind().is_trivia()
        {
            push_token(&mut out, token.text());
        }
    }
    out
}

pub(crate) fn push_token(out: &mut String, text: &str) {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    if out.ends_with(word) && text.starts_with(word) {
        out.push(' ');
    }
    out.push_str(text);
}
