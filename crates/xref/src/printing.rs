//! Names and types printed as EDG prints them: `int *`, `const float &`, `A<T> *`,
//! `_Tp [_Size]`, `operator unsigned short`, `operator ""sv`.
use rowan::NodeOrToken;
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken};

use super::tree::first_token;

/// A parameter's type as EDG prints it: without the name and default argument.
pub(super) fn param_type_text(param: &SyntaxNode) -> String {
    let mut copy = String::new();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    for token in param
        .descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
    {
        if token.kind().is_trivia()
            || token
                .parent_ancestors()
                .take_while(|a| a != param)
                .any(|a| a.kind() == INITIALIZER)
            || (token.kind() == IDENT
                && token.parent().is_some_and(|n| {
                    n.kind() == NAME_REF && n.parent().is_some_and(|d| d.kind() == DECLARATOR)
                }))
        {
            continue;
        }
        let text = token.text();
        let after_word = copy.ends_with(word) || copy.ends_with('>');
        if after_word && (text.starts_with(word) || matches!(text, "*" | "&" | "&&")) {
            copy.push(' ');
        }
        copy.push_str(text);
    }
    copy
}

/// `A<T>` as EDG prints a template-id in a qualifier: arguments separated by `, `.
pub(super) fn name_ref_text(name: &SyntaxNode) -> String {
    let ident = first_token(name, IDENT).map_or(String::new(), |t| t.text().to_string());
    format!("{ident}{}", template_args(name))
}

pub(super) fn template_args(name: &SyntaxNode) -> String {
    let Some(args) = name.descendants().find(|n| n.kind() == TEMPLATE_ARG_LIST) else {
        return String::new();
    };
    let parts: Vec<String> = args.children().map(|a| edg_text(&a)).collect();
    format!("<{}>", parts.join(", "))
}

/// Token text as EDG prints types: words separated by a space, and a space before `*` and `&`
/// that follow a word or `>` (`int *`, `const float &`, `A<T> *`).
pub(super) fn edg_text(node: &SyntaxNode) -> String {
    let mut out = String::new();
    for token in node
        .descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
    {
        if !token.kind().is_trivia() {
            push_edg_token(&mut out, token.text());
        }
    }
    out
}

/// Appends one token (or an already printed piece) with EDG's spacing.
pub(super) fn push_edg_token(out: &mut String, text: &str) {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let after_word = out.ends_with(word) || out.ends_with('>');
    // A function type's parameter list is set off from its return type: `_Rp (_Class::*)(int)`.
    let function_type = text == "(" && after_word && !out.ends_with("operator");
    // An array type's bound is set off too: `_Tp [_Size]`, `_Tp []` (not `operator new[]`).
    let array_type = text == "[" && after_word && !out.ends_with("new") && !out.ends_with("delete");
    // A function type's qualifiers are set off from its parameter list: `(_Args...) const &`.
    let function_qualifier = (out.ends_with(')')
        && matches!(text, "const" | "volatile" | "&" | "&&" | "noexcept"))
        || (out.ends_with('&') && text == "noexcept");
    // C varargs after a pack: `(_Args... ...)` prints as `(_Args..., ...)`.
    if text == "..." && out.ends_with("...") {
        out.push_str(", ...");
        return;
    }
    if (after_word && (text.starts_with(word) || matches!(text, "*" | "&" | "&&")))
        || function_qualifier
        || array_type
        || out.ends_with(',')
        || function_type
    {
        out.push(' ');
    }
    out.push_str(text);
}

/// `operator+`, `operator int`, `~S`: EDG's spelling.
pub(super) fn operator_text(name: &SyntaxNode) -> String {
    let mut tokens = name
        .descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .filter(|t| !t.kind().is_trivia());
    let Some(first) = tokens.next() else {
        return String::new();
    };
    let mut out = first.text().to_string();
    if out != "operator" {
        // `~S`
        tokens.for_each(|t| out.push_str(t.text()));
        return out;
    }
    let rest: Vec<SyntaxToken> = tokens.collect();
    let is_conversion = rest.first().is_some_and(|t| {
        t.text()
            .starts_with(|c: char| c.is_alphanumeric() || c == '_')
    });
    if !is_conversion {
        // A literal operator keeps its space: `operator ""sv`.
        if rest.first().is_some_and(|t| t.text().starts_with('"')) {
            out.push(' ');
        }
        rest.iter().for_each(|t| out.push_str(t.text()));
        return out;
    }
    // A conversion function names a type, printed as EDG prints types (`operator unsigned
    // short` for `operator unsigned short int`).
    let mut ty = String::new();
    for t in &rest {
        push_edg_token(&mut ty, t.text());
    }
    let ty = ty
        .replace("short int", "short")
        .replace("long long int", "long long")
        .replace("long int", "long");
    format!("operator {ty}")
}
