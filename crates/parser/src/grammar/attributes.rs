//! Attributes in every spelling gcc accepts: `[[...]]`, `__attribute__((...))`,
//! `__declspec(...)`, `alignas(...)`, and GNU asm labels.
//!
//! Attribute arguments are kept as raw balanced tokens in `ATTRIBUTE_ARGS`: their grammar depends
//! on the attribute, and the semantic layer reads the few it needs (`launch_bounds`).
use super::*;

pub(super) fn opt_attributes(p: &mut Parser<'_>) {
    loop {
        match p.current() {
            ATTRIBUTE_KW | DECLSPEC_KW | ALIGNAS_KW => attribute_spec(p),
            L_BRACK if p.nth_at(1, L_BRACK) => attribute_spec(p),
            _ => break,
        }
    }
}

pub(super) fn attribute_spec(p: &mut Parser<'_>) {
    let m = p.start();
    match p.current() {
        ATTRIBUTE_KW => {
            p.bump_any();
            if p.at(L_PAREN) && p.nth_at(1, L_PAREN) {
                p.bump_any();
                p.bump_any();
                attribute_list(p, R_PAREN);
                p.expect(R_PAREN);
                p.expect(R_PAREN);
            } else {
                p.error("expected `((`");
            }
        }
        L_BRACK => {
            p.bump_any();
            p.bump_any();
            if p.at(USING_KW) {
                p.bump_any();
                p.expect(IDENT);
                p.expect(COLON);
            }
            attribute_list(p, R_BRACK);
            p.expect(R_BRACK);
            p.expect(R_BRACK);
        }
        _ => {
            // `__declspec(...)`, `alignas(...)`.
            p.bump_any();
            if p.at(L_PAREN) {
                let a = p.start();
                bump_balanced(p);
                a.complete(p, ATTRIBUTE_ARGS);
            } else {
                p.error("expected `(`");
            }
        }
    }
    m.complete(p, ATTRIBUTE_SPEC);
}

fn attribute_list(p: &mut Parser<'_>, close: SyntaxKind) {
    loop {
        match p.current() {
            COMMA => p.bump_any(),
            k if k == close || k == EOF => break,
            k if k == IDENT || k.is_keyword() => {
                let a = p.start();
                p.bump_any();
                if p.at(COLON2) {
                    p.bump_any();
                    if p.at(IDENT) || p.current().is_keyword() {
                        p.bump_any();
                    }
                }
                if p.at(L_PAREN) {
                    let args = p.start();
                    bump_balanced(p);
                    args.complete(p, ATTRIBUTE_ARGS);
                }
                p.eat(DOT3);
                a.complete(p, ATTRIBUTE);
            }
            _ => {
                p.err_recover("expected an attribute", TokenSet::new(&[R_PAREN, R_BRACK]));
                if matches!(p.current(), R_PAREN | R_BRACK | L_CURLY | R_CURLY) {
                    break;
                }
            }
        }
    }
}

/// `__asm__("symbol")` after a declarator.
pub(super) fn asm_label(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    if p.at(L_PAREN) {
        bump_balanced(p);
    } else {
        p.error("expected `(`");
    }
    m.complete(p, ASM_LABEL);
}
