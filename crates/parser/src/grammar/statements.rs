//! Statements, including GNU asm statements and local label declarations.
use super::*;
use items::{DeclCtx, DeclEnd, DeclPlace};

pub(crate) fn compound_stmt(p: &mut Parser<'_>) {
    let start = p.pos();
    let recording = p.begin_block_context();
    let m = p.start();
    p.bump_any();
    let prev = p.names.current();
    p.names.push_scope(ScopeKind::Local, None);
    statement_list(p);
    p.names.leave_to(prev);
    p.expect(R_CURLY);
    m.complete(p, COMPOUND_STMT);
    if let Some(state) = recording {
        p.end_block_context(start, state);
    }
}

fn statement_list(p: &mut Parser<'_>) {
    while !p.at(R_CURLY) && !p.at_eof() {
        let before = p.pos();
        statement(p);
        if p.pos() == before {
            let m = p.start();
            p.error("expected a statement");
            p.bump_any();
            m.complete(p, ERROR);
        }
    }
}

pub(super) fn statement(p: &mut Parser<'_>) {
    if !p.enter_nesting() {
        too_deep(p);
        return;
    }
    statement_inner(p);
    p.exit_nesting();
}

fn statement_inner(p: &mut Parser<'_>) {
    match p.current() {
        L_CURLY => compound_stmt(p),
        SEMI => {
            let m = p.start();
            p.bump_any();
            m.complete(p, EMPTY_STMT);
        }
        IF_KW => if_stmt(p),
        SWITCH_KW => {
            let m = p.start();
            p.bump_any();
            let prev = p.names.current();
            p.names.push_scope(ScopeKind::Local, None);
            paren_condition(p);
            statement(p);
            p.names.leave_to(prev);
            m.complete(p, SWITCH_STMT);
        }
        WHILE_KW => {
            let m = p.start();
            p.bump_any();
            let prev = p.names.current();
            p.names.push_scope(ScopeKind::Local, None);
            paren_condition(p);
            statement(p);
            p.names.leave_to(prev);
            m.complete(p, WHILE_STMT);
        }
        DO_KW => {
            let m = p.start();
            p.bump_any();
            statement(p);
            if p.expect(WHILE_KW) && p.expect(L_PAREN) {
                expressions::expr(p);
                p.expect(R_PAREN);
            }
            p.expect(SEMI);
            m.complete(p, DO_STMT);
        }
        FOR_KW => for_stmt(p),
        CASE_KW => {
            let m = p.start();
            p.bump_any();
            expressions::expr_assign(p);
            if p.eat(DOT3) {
                expressions::expr_assign(p);
            }
            p.expect(COLON);
            m.complete(p, CASE_STMT);
        }
        DEFAULT_KW if p.nth_at(1, COLON) => {
            let m = p.start();
            p.bump_any();
            p.bump_any();
            m.complete(p, DEFAULT_STMT);
        }
        IDENT if p.nth_at(1, COLON) => {
            let m = p.start();
            p.bump_any();
            p.bump_any();
            attributes::opt_attributes(p);
            m.complete(p, LABELED_STMT);
        }
        BREAK_KW | CONTINUE_KW => {
            let kind = if p.at(BREAK_KW) {
                BREAK_STMT
            } else {
                CONTINUE_STMT
            };
            let m = p.start();
            p.bump_any();
            p.expect(SEMI);
            m.complete(p, kind);
        }
        RETURN_KW | CO_RETURN_KW => {
            let kind = if p.at(RETURN_KW) {
                RETURN_STMT
            } else {
                CO_RETURN_STMT
            };
            let m = p.start();
            p.bump_any();
            if p.at(L_CURLY) {
                expressions::init_list(p);
            } else if !p.at(SEMI) {
                expressions::expr(p);
            }
            expect_semi(p);
            m.complete(p, kind);
        }
        GOTO_KW => {
            let m = p.start();
            p.bump_any();
            if p.at(STAR) {
                p.bump_any();
                expressions::expr(p);
            } else {
                p.expect(IDENT);
            }
            p.expect(SEMI);
            m.complete(p, GOTO_STMT);
        }
        TRY_KW => {
            let m = p.start();
            p.bump_any();
            if p.at(L_CURLY) {
                compound_stmt(p);
            } else {
                p.error("expected `{`");
            }
            handlers(p);
            m.complete(p, TRY_STMT);
        }
        ASM_KW => asm_stmt(p),
        LABEL_KW => {
            let m = p.start();
            p.bump_any();
            while p.at(IDENT) || p.at(COMMA) {
                p.bump_any();
            }
            p.expect(SEMI);
            m.complete(p, DECL_STMT);
        }
        L_BRACK if p.nth_at(1, L_BRACK) => {
            // Attributes on a statement or declaration: parse them as part of what follows.
            if declaration_follows(p) {
                decl_stmt(p);
            } else {
                // `[[likely]] stmt`: the attributes belong to the statement that follows.
                attributes::opt_attributes(p);
                statement_inner(p);
            }
        }
        _ => {
            if declaration_follows(p) {
                decl_or_expr_stmt(p);
            } else {
                expr_stmt(p);
            }
        }
    }
}

fn expect_semi(p: &mut Parser<'_>) {
    if !p.eat(SEMI) {
        recover_to_semi(p, "expected `;`");
    }
}

fn expr_stmt(p: &mut Parser<'_>) {
    let m = p.start();
    expressions::expr(p);
    expect_semi(p);
    m.complete(p, EXPR_STMT);
}

fn decl_stmt(p: &mut Parser<'_>) {
    let m = p.start();
    items::declaration(p, DeclCtx::BLOCK);
    m.complete(p, DECL_STMT);
}

/// A declaration when it parses as one without errors; otherwise an expression statement
/// (the standard's rule: what can be a declaration is one).
fn decl_or_expr_stmt(p: &mut Parser<'_>) {
    if !ambiguous_start(p) {
        decl_stmt(p);
        return;
    }
    let cp = p.checkpoint();
    decl_stmt(p);
    if !p.has_errors_since(&cp) {
        p.commit(cp);
        return;
    }
    p.rewind(cp);
    expr_stmt(p);
}

/// `T(...)`-shaped statements and `decltype(...)`/`typename` starts can be either.
fn ambiguous_start(p: &mut Parser<'_>) -> bool {
    let pos = p.pos();
    match p.current() {
        DECLTYPE_KW | TYPENAME_KW => true,
        k if specifiers::is_simple_type_keyword(k) => matches!(p.nth(1), L_PAREN | L_CURLY),
        IDENT | COLON2 => names::scan_name(p, pos).is_some_and(|s| p.kind_at(s.end) == L_PAREN),
        _ => false,
    }
}

/// Whether the statement at the cursor is a declaration (see the module docs of
/// `grammar::names` for the heuristics used for unknown names).
pub(super) fn declaration_follows(p: &mut Parser<'_>) -> bool {
    let pos = p.pos();
    let k = p.current();
    match k {
        TYPEDEF_KW | STATIC_KW | EXTERN_KW | REGISTER_KW | THREAD_LOCAL_KW | CONSTEXPR_KW
        | CONSTEVAL_KW | CONSTINIT_KW | INLINE_KW | MUTABLE_KW | VIRTUAL_KW | FRIEND_KW
        | EXPLICIT_KW | CLASS_KW | STRUCT_KW | UNION_KW | ENUM_KW | USING_KW | TEMPLATE_KW
        | STATIC_ASSERT_KW | NAMESPACE_KW | CONST_KW | VOLATILE_KW | ATTRIBUTE_KW | DECLSPEC_KW
        | ALIGNAS_KW | CONCEPT_KW | RESTRICT_KW => true,
        TYPENAME_KW | DECLTYPE_KW | TYPEOF_KW => true,
        EXTENSION_KW => {
            p.nth(1) != L_PAREN && {
                let save = p.pos();
                // Look past the keyword.
                let next = p.kind_at(save + 1);
                specifiers::is_decl_specifier_keyword(next) || matches!(next, IDENT | COLON2)
            }
        }
        L_BRACK => {
            // `[[attr]] decl` vs `[[attr]] expr;`: look past the attributes.
            let mut i = pos;
            while p.kind_at(i) == L_BRACK && p.kind_at(i + 1) == L_BRACK {
                match names::skip_parens(p, i) {
                    Some(end) => i = end,
                    None => return false,
                }
            }
            let next = p.kind_at(i);
            specifiers::is_decl_specifier_keyword(next)
                || (matches!(next, IDENT | COLON2) && name_starts_declaration(p, i))
        }
        _ if specifiers::is_simple_type_keyword(k) => true,
        IDENT | COLON2 => name_starts_declaration(p, pos),
        _ => false,
    }
}

fn name_starts_declaration(p: &mut Parser<'_>, pos: usize) -> bool {
    let Some(scan) = names::scan_name(p, pos) else {
        return false;
    };
    if scan.special || scan.is_value() {
        return false;
    }
    let next = p.kind_at(scan.end);
    let next2 = p.kind_at(scan.end + 1);
    if scan.is_type() {
        return match next {
            IDENT | STAR | AMP | AMP2 | DOT3 | CONST_KW | VOLATILE_KW | RESTRICT_KW
            | ATTRIBUTE_KW | L_PAREN | CARET | DECLSPEC_KW | OPERATOR_KW => true,
            COLON2 => next2 == STAR,
            L_BRACK => next2 == L_BRACK,
            _ => false,
        };
    }
    // An unknown name: `X y` can only be a declaration; `X * y = ...` almost always is.
    match next {
        IDENT => true,
        CONST_KW | VOLATILE_KW => true,
        STAR | AMP | AMP2 => {
            let mut i = scan.end + 1;
            while matches!(p.kind_at(i), STAR | AMP | AMP2 | CONST_KW) {
                i += 1;
            }
            p.kind_at(i) == IDENT
                && matches!(p.kind_at(i + 1), EQ | SEMI | COMMA | L_BRACK | L_CURLY)
        }
        _ => false,
    }
}

/// `if [constexpr] (cond) stmt [else stmt]`. An `else if` chain is parsed in a loop, not by
/// recursion, so long chains never hit the nesting limit; the tree still nests them.
fn if_stmt(p: &mut Parser<'_>) {
    let mut open: Vec<(Marker, Marker)> = Vec::new();
    loop {
        let m = p.start();
        p.bump_any();
        p.eat(CONSTEXPR_KW);
        let prev = p.names.current();
        p.names.push_scope(ScopeKind::Local, None);
        if p.at(BANG) && p.nth_at(1, CONSTEVAL_KW) {
            p.bump_any();
        }
        if p.eat(CONSTEVAL_KW) {
            if p.at(L_CURLY) {
                compound_stmt(p);
            } else {
                p.error("expected `{`");
            }
        } else {
            paren_condition(p);
            statement(p);
        }
        p.names.leave_to(prev);
        if !p.at(ELSE_KW) {
            m.complete(p, IF_STMT);
            break;
        }
        let e = p.start();
        p.bump_any();
        // Past 1024 links the chain continues by recursion, where the nesting limit applies:
        // the tree is as deep as the chain, and rowan frees trees recursively.
        if p.at(IF_KW) && p.else_if_links < 1024 {
            p.else_if_links += 1;
            open.push((m, e));
            continue;
        }
        statement(p);
        e.complete(p, ELSE_BRANCH);
        m.complete(p, IF_STMT);
        break;
    }
    while let Some((m, e)) = open.pop() {
        p.else_if_links -= 1;
        e.complete(p, ELSE_BRANCH);
        m.complete(p, IF_STMT);
    }
}

/// `( [init-statement] condition )`.
fn paren_condition(p: &mut Parser<'_>) {
    if !p.expect(L_PAREN) {
        return;
    }
    condition(p);
    if p.at(SEMI) {
        p.bump_any();
        condition(p);
    }
    p.expect(R_PAREN);
}

fn condition(p: &mut Parser<'_>) {
    let m = p.start();
    if declaration_follows(p) {
        let cp = p.checkpoint();
        items::simple_declaration(
            p,
            DeclCtx {
                place: DeclPlace::Condition,
                in_template: false,
            },
        );
        if !p.has_errors_since(&cp) && matches!(p.current(), R_PAREN | SEMI) {
            p.commit(cp);
            m.complete(p, CONDITION);
            return;
        }
        p.rewind(cp);
    }
    expressions::expr(p);
    m.complete(p, CONDITION);
}

fn for_stmt(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    let prev = p.names.current();
    p.names.push_scope(ScopeKind::Local, None);
    let mut kind = FOR_STMT;
    if p.expect(L_PAREN) {
        // init-statement or range declaration
        if p.at(SEMI) {
            p.bump_any();
        } else if declaration_follows(p) {
            let d = p.start();
            let end = items::simple_declaration(
                p,
                DeclCtx {
                    place: DeclPlace::ForInit,
                    in_template: false,
                },
            );
            d.complete(p, DECL_STMT);
            if end == DeclEnd::RangeColon {
                kind = RANGE_FOR_STMT;
            }
        } else {
            let e = p.start();
            expressions::expr(p);
            if p.at(COLON) {
                kind = RANGE_FOR_STMT;
            } else {
                p.expect(SEMI);
            }
            e.complete(p, EXPR_STMT);
        }
        if kind == RANGE_FOR_STMT {
            p.bump_any(); // `:`
            if p.at(L_CURLY) {
                expressions::init_list(p);
            } else {
                expressions::expr(p);
            }
        } else {
            if !p.at(SEMI) {
                condition(p);
            }
            p.expect(SEMI);
            if !p.at(R_PAREN) {
                expressions::expr(p);
            }
        }
        p.expect(R_PAREN);
    }
    statement(p);
    p.names.leave_to(prev);
    m.complete(p, kind);
}

/// `catch (param) { ... }` handlers.
pub(super) fn handlers(p: &mut Parser<'_>) {
    if !p.at(CATCH_KW) {
        p.error("expected `catch`");
    }
    while p.at(CATCH_KW) {
        let m = p.start();
        p.bump_any();
        if p.expect(L_PAREN) {
            if p.at(DOT3) {
                p.bump_any();
            } else {
                declarators::param(p, false);
            }
            p.expect(R_PAREN);
        }
        if p.at(L_CURLY) {
            compound_stmt(p);
        } else {
            p.error("expected `{`");
        }
        m.complete(p, HANDLER);
    }
}

/// GNU `asm [volatile] [goto] ( "template" : outputs : inputs : clobbers : labels );`.
fn asm_stmt(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    while matches!(p.current(), VOLATILE_KW | INLINE_KW | GOTO_KW) {
        p.bump_any();
    }
    if p.expect(L_PAREN) {
        while p.at(STRING_LIT) {
            p.bump_any();
        }
        loop {
            match p.current() {
                COLON | COLON2 | COMMA => p.bump_any(),
                L_BRACK | STRING_LIT => {
                    let o = p.start();
                    if p.at(L_BRACK) {
                        bump_balanced(p);
                    }
                    while p.at(STRING_LIT) {
                        p.bump_any();
                    }
                    if p.at(L_PAREN) {
                        p.bump_any();
                        expressions::expr(p);
                        p.expect(R_PAREN);
                    }
                    o.complete(p, ASM_OPERAND);
                }
                IDENT => p.bump_any(),
                _ => break,
            }
        }
        p.expect(R_PAREN);
    }
    p.expect(SEMI);
    m.complete(p, ASM_STMT);
}
