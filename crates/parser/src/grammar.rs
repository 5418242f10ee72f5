//! The C++ grammar, one submodule per area, in the style of rust-analyzer's parser:
//! each function is one production; `opt_x` may produce nothing; a plain rule always produces a
//! node or an error. Productions that must guess (declaration or expression, type or value)
//! consult the name table ([`super::names`]) through the lookahead helpers in [`names`].
mod attributes;
mod classes;
mod declarators;
mod expressions;
mod items;
mod names;

pub(crate) use names::NameScan;
mod specifiers;
mod statements;
mod templates;

use crate::SyntaxKind::{self, *};

use super::{
    names::{Entry, ScopeKind},
    parser::{CompletedMarker, Marker, Parser},
    token_set::TokenSet,
};

/// A whole translation unit.
pub(crate) fn source_file(p: &mut Parser<'_>) {
    let m = p.start();
    items::declaration_list(p, items::DeclCtx::NAMESPACE, None);
    if p.is_stuck() {
        p.unstick();
        let e = p.start();
        p.error("the parser made no progress; the rest of the input is left unparsed");
        p.bump_rest_unchecked();
        e.complete(p, ERROR);
    }
    m.complete(p, SOURCE_FILE);
}

/// One braced block of `kind`, for incremental reparsing; `false` if the text is not exactly
/// one such block.
pub(crate) fn reparse_block(p: &mut Parser<'_>, kind: SyntaxKind) -> bool {
    if !p.at(L_CURLY) {
        return false;
    }
    match kind {
        COMPOUND_STMT => statements::compound_stmt(p),
        _ => return false,
    }
    if p.is_stuck() {
        return false;
    }
    p.at_eof()
}

/// Keywords that start a declaration; at the start of a line they end error recovery.
const DECL_START: TokenSet = TokenSet::new(&[
    NAMESPACE_KW,
    TEMPLATE_KW,
    TYPEDEF_KW,
    USING_KW,
    STRUCT_KW,
    CLASS_KW,
    UNION_KW,
    ENUM_KW,
    EXTERN_KW,
    STATIC_KW,
    STATIC_ASSERT_KW,
    INLINE_KW,
    VOID_KW,
    INT_KW,
    CHAR_KW,
    BOOL_KW,
    FLOAT_KW,
    DOUBLE_KW,
    UNSIGNED_KW,
    CONST_KW,
    AUTO_KW,
    ATTRIBUTE_KW,
]);

/// Skips tokens into an ERROR node up to and including the next `;` at this nesting level, or up
/// to (not including) a `}` that would close the enclosing block or a declaration keyword that
/// starts a line. Never recurses.
pub(crate) fn recover_to_semi(p: &mut Parser<'_>, message: &str) {
    p.error(message);
    let m = p.start();
    let before = p.pos();
    let mut depth = 0i32;
    loop {
        let k = p.current();
        if depth == 0 && DECL_START.contains(k) && p.at_line_start() {
            break;
        }
        match k {
            EOF => break,
            SEMI if depth == 0 => {
                p.bump_any();
                break;
            }
            L_PAREN | L_BRACK | L_CURLY => depth += 1,
            R_PAREN | R_BRACK | R_CURLY => {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                if depth == 0 && p.at(R_CURLY) {
                    p.bump_any();
                    // A `}` that ends a block at this level also ends a broken declaration,
                    // unless `;` follows right away.
                    if !p.at(SEMI) {
                        break;
                    }
                    continue;
                }
            }
            _ => {}
        }
        p.bump_any();
    }
    if p.pos() == before {
        m.abandon(p);
    } else {
        m.complete(p, ERROR);
    }
}

/// Bumps a balanced `(...)`, `[...]` or `{...}` group without looking inside. Never recurses.
pub(crate) fn bump_balanced(p: &mut Parser<'_>) {
    let mut depth = 0u32;
    loop {
        match p.current() {
            EOF => break,
            L_PAREN | L_BRACK | L_CURLY => depth += 1,
            R_PAREN | R_BRACK | R_CURLY => {
                p.bump_any();
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
                continue;
            }
            _ => {}
        }
        p.bump_any();
        if depth == 0 {
            break;
        }
    }
}

/// Called when the nesting limit is reached: reports it and wraps the rest of the current
/// group in an ERROR node, iteratively.
pub(crate) fn too_deep(p: &mut Parser<'_>) {
    let m = p.start();
    p.error("nesting too deep");
    let mut depth = 0i32;
    loop {
        match p.current() {
            EOF => break,
            L_PAREN | L_BRACK | L_CURLY => depth += 1,
            R_PAREN | R_BRACK | R_CURLY => {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            }
            SEMI if depth == 0 => break,
            _ => {}
        }
        p.bump_any();
    }
    m.complete(p, ERROR);
}
