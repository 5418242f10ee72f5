//! Expressions, by precedence climbing over binding powers (comma lowest, pointer-to-member
//! highest among binary operators), then casts and unary operators, postfix operators
//! (calls, subscripts, member access, CUDA kernel launches) and primaries.
use super::*;

/// Restrictions on the expression being parsed.
#[derive(Clone, Copy, Default)]
struct Restrictions {
    /// Inside template arguments: a `>` at this level closes the list instead.
    no_gt: bool,
}

pub(crate) fn expr(p: &mut Parser<'_>) {
    expr_bp(p, 1, Restrictions::default());
}

/// An assignment-expression (no top-level comma).
pub(crate) fn expr_assign(p: &mut Parser<'_>) {
    expr_bp(p, 2, Restrictions::default());
}

/// An assignment-expression in which `>` ends the expression (template arguments).
pub(crate) fn expr_no_gt(p: &mut Parser<'_>) {
    expr_bp(p, 2, Restrictions { no_gt: true });
}

/// A requires-clause's constraint: `||` and `&&` of primaries, never an assignment.
pub(crate) fn constraint_expr(p: &mut Parser<'_>) {
    expr_bp(p, 4, Restrictions::default());
}

/// Left binding power and right associativity of a binary operator.
fn infix(op: SyntaxKind) -> Option<(u8, bool)> {
    let res = match op {
        COMMA => (1, false),
        EQ | PLUSEQ | MINUSEQ | STAREQ | SLASHEQ | PERCENTEQ | CARETEQ | AMPEQ | PIPEEQ | SHLEQ
        | SHREQ => (2, true),
        QUESTION => (3, true),
        PIPE2 => (4, false),
        AMP2 => (5, false),
        PIPE => (6, false),
        CARET => (7, false),
        AMP => (8, false),
        EQ2 | NEQ => (9, false),
        L_ANGLE | R_ANGLE | LTEQ | GTEQ => (10, false),
        SPACESHIP => (11, false),
        SHL | SHR => (12, false),
        PLUS | MINUS => (13, false),
        STAR | SLASH | PERCENT => (14, false),
        DOT_STAR | ARROW_STAR => (15, false),
        _ => return None,
    };
    Some(res)
}

fn expr_bp(p: &mut Parser<'_>, min_bp: u8, r: Restrictions) -> Option<CompletedMarker> {
    if !p.enter_nesting() {
        too_deep(p);
        return None;
    }
    let res = expr_bp_inner(p, min_bp, r);
    p.exit_nesting();
    res
}

/// Operators one chain (`a + b + c ...`, `a.b.c ...`) may fold. Each one nests the tree a level deeper, and
/// rowan frees trees recursively, so an unbounded chain could overflow the stack later.
const MAX_CHAIN: u32 = 2048;

fn expr_bp_inner(p: &mut Parser<'_>, min_bp: u8, r: Restrictions) -> Option<CompletedMarker> {
    let mut lhs = unary(p, r)?;
    let mut chain = 0u32;
    loop {
        chain += 1;
        if chain > MAX_CHAIN {
            p.error("expression too long");
            break;
        }
        let (op, n) = p.current_glued();
        if r.no_gt && matches!(op, R_ANGLE | SHR | LAUNCH_CLOSE) {
            break;
        }
        let Some((bp, right_assoc)) = infix(op) else {
            break;
        };
        if bp < min_bp {
            break;
        }
        let m = lhs.precede(p);
        if op == QUESTION {
            p.bump_any();
            if !p.at(COLON) {
                expr_bp(p, 1, Restrictions::default());
            }
            p.expect(COLON);
            if p.at(L_CURLY) {
                init_list(p);
            } else {
                expr_bp(p, 2, r);
            }
            lhs = m.complete(p, COND_EXPR);
            continue;
        }
        p.bump_glued(op, n);
        if p.at(DOT3) {
            // `pack op ...` in a fold expression.
            p.bump_any();
            lhs = m.complete(p, FOLD_EXPR);
            continue;
        }
        if bp == 2 && p.at(L_CURLY) {
            init_list(p);
        } else {
            expr_bp(p, if right_assoc { bp } else { bp + 1 }, r);
        }
        lhs = m.complete(p, BIN_EXPR);
    }
    Some(lhs)
}

fn unary(p: &mut Parser<'_>, r: Restrictions) -> Option<CompletedMarker> {
    if !p.enter_nesting() {
        too_deep(p);
        return None;
    }
    let res = unary_inner(p, r);
    p.exit_nesting();
    res
}

fn unary_inner(p: &mut Parser<'_>, r: Restrictions) -> Option<CompletedMarker> {
    let m = p.start();
    let kind = match p.current() {
        STAR | AMP | PLUS | MINUS | BANG | TILDE | PLUS2 | MINUS2 | REAL_KW | IMAG_KW
        | EXTENSION_KW => {
            p.bump_any();
            unary(p, r);
            PREFIX_EXPR
        }
        AMP2 if p.nth_at(1, IDENT) => {
            // GNU `&&label`.
            p.bump_any();
            p.bump_any();
            PREFIX_EXPR
        }
        CO_AWAIT_KW => {
            p.bump_any();
            unary(p, r);
            CO_AWAIT_EXPR
        }
        SIZEOF_KW | ALIGNOF_KW => {
            let kind = if p.at(SIZEOF_KW) {
                SIZEOF_EXPR
            } else {
                ALIGNOF_EXPR
            };
            p.bump_any();
            if p.at(DOT3) {
                p.bump_any();
                if p.expect(L_PAREN) {
                    expr(p);
                    p.expect(R_PAREN);
                }
            } else if !paren_type_id(p) {
                unary(p, r);
            }
            kind
        }
        NOEXCEPT_KW => {
            p.bump_any();
            if p.expect(L_PAREN) {
                expr(p);
                p.expect(R_PAREN);
            }
            NOEXCEPT_EXPR
        }
        NEW_KW => {
            new_expr(p);
            NEW_EXPR
        }
        COLON2 if p.nth_at(1, NEW_KW) => {
            p.bump_any();
            new_expr(p);
            NEW_EXPR
        }
        DELETE_KW | COLON2 if p.at(DELETE_KW) || p.nth_at(1, DELETE_KW) => {
            p.eat(COLON2);
            p.bump_any();
            if p.at(L_BRACK) && p.nth_at(1, R_BRACK) {
                p.bump_any();
                p.bump_any();
            }
            unary(p, r);
            DELETE_EXPR
        }
        THROW_KW => {
            p.bump_any();
            if !matches!(
                p.current(),
                SEMI | R_PAREN | COMMA | COLON | R_BRACK | R_CURLY | EOF
            ) {
                expr_bp(p, 2, r);
            }
            THROW_EXPR
        }
        CO_YIELD_KW => {
            p.bump_any();
            if p.at(L_CURLY) {
                init_list(p);
            } else {
                expr_bp(p, 2, r);
            }
            CO_YIELD_EXPR
        }
        L_PAREN => {
            m.abandon(p);
            return paren_or_cast(p, r);
        }
        _ => {
            m.abandon(p);
            let lhs = primary(p)?;
            return Some(postfix(p, lhs));
        }
    };
    Some(m.complete(p, kind))
}

/// `( type-id )` after `sizeof`/`alignof`; false (nothing consumed) when it is an expression.
fn paren_type_id(p: &mut Parser<'_>) -> bool {
    let pos = p.pos();
    if !p.at(L_PAREN) || !names::looks_like_type_id(p, pos + 1) {
        return false;
    }
    let cp = p.checkpoint();
    p.bump_any();
    specifiers::type_id(p);
    if !p.has_errors_since(&cp) && p.at(R_PAREN) {
        p.bump_any();
        p.commit(cp);
        return true;
    }
    p.rewind(cp);
    false
}

fn can_start_cast_operand(k: SyntaxKind) -> bool {
    matches!(
        k,
        IDENT
            | INT_LIT
            | FLOAT_LIT
            | CHAR_LIT
            | STRING_LIT
            | L_PAREN
            | L_BRACK
            | COLON2
            | THIS_KW
            | TRUE_KW
            | FALSE_KW
            | NULLPTR_KW
            | SIZEOF_KW
            | ALIGNOF_KW
            | NOEXCEPT_KW
            | NEW_KW
            | DELETE_KW
            | TYPEID_KW
            | STATIC_CAST_KW
            | DYNAMIC_CAST_KW
            | REINTERPRET_CAST_KW
            | CONST_CAST_KW
            | STAR
            | AMP
            | PLUS
            | MINUS
            | BANG
            | TILDE
            | PLUS2
            | MINUS2
            | EXTENSION_KW
            | REAL_KW
            | IMAG_KW
            | DECLTYPE_KW
            | TYPENAME_KW
            | OPERATOR_KW
            | BUILTIN_OFFSETOF_KW
            | BUILTIN_VA_ARG_KW
            | BUILTIN_BIT_CAST_KW
            | CO_AWAIT_KW
            | AMP2
    ) || specifiers::is_simple_type_keyword(k)
}

fn paren_or_cast(p: &mut Parser<'_>, r: Restrictions) -> Option<CompletedMarker> {
    let pos = p.pos();
    if p.nth_at(1, L_CURLY) {
        // GNU statement expression `({ ... })`.
        let m = p.start();
        p.bump_any();
        statements::compound_stmt(p);
        p.expect(R_PAREN);
        let lhs = m.complete(p, STMT_EXPR);
        return Some(postfix(p, lhs));
    }
    if names::looks_like_type_id(p, pos + 1) {
        let cp = p.checkpoint();
        let m = p.start();
        p.bump_any();
        specifiers::type_id(p);
        if !p.has_errors_since(&cp) && p.at(R_PAREN) {
            p.bump_any();
            if p.at(L_CURLY) {
                init_list(p);
                p.commit(cp);
                let lhs = m.complete(p, COMPOUND_LITERAL);
                return Some(postfix(p, lhs));
            }
            let next = p.current();
            if can_start_cast_operand(next) {
                unary(p, r);
                p.commit(cp);
                return Some(m.complete(p, CAST_EXPR));
            }
        }
        m.abandon(p);
        p.rewind(cp);
    }
    let m = p.start();
    p.bump_any();
    if p.at(DOT3) {
        // `( ... op pack )`.
        p.bump_any();
        let (op, n) = p.current_glued();
        match infix(op) {
            Some((bp, _)) => {
                p.bump_glued(op, n);
                expr_bp(p, bp + 1, Restrictions::default());
            }
            None => p.error("expected an operator"),
        }
        p.expect(R_PAREN);
        let lhs = m.complete(p, FOLD_EXPR);
        return Some(postfix(p, lhs));
    }
    expr(p);
    p.expect(R_PAREN);
    let lhs = m.complete(p, PAREN_EXPR);
    Some(postfix(p, lhs))
}

fn postfix(p: &mut Parser<'_>, mut lhs: CompletedMarker) -> CompletedMarker {
    let mut chain = 0u32;
    loop {
        chain += 1;
        if chain > MAX_CHAIN {
            p.error("expression too long");
            break;
        }
        match p.current() {
            L_PAREN => {
                let m = lhs.precede(p);
                arg_list(p);
                lhs = m.complete(p, CALL_EXPR);
            }
            L_BRACK if !p.nth_at(1, L_BRACK) => {
                let m = lhs.precede(p);
                p.bump_any();
                if p.at(L_CURLY) {
                    init_list(p);
                } else {
                    expr(p);
                }
                p.expect(R_BRACK);
                lhs = m.complete(p, INDEX_EXPR);
            }
            DOT | ARROW => {
                let m = lhs.precede(p);
                p.bump_any();
                member_name(p);
                lhs = m.complete(p, MEMBER_EXPR);
            }
            PLUS2 | MINUS2 => {
                let m = lhs.precede(p);
                p.bump_any();
                lhs = m.complete(p, POSTFIX_EXPR);
            }
            L_ANGLE if p.current_glued().0 == LAUNCH_OPEN => {
                let m = lhs.precede(p);
                launch_config(p);
                if p.at(L_PAREN) {
                    arg_list(p);
                } else {
                    p.error("expected `(` after the launch configuration");
                }
                lhs = m.complete(p, KERNEL_LAUNCH);
            }
            _ => break,
        }
    }
    lhs
}

/// `<<< grid, block [, shmem [, stream]] >>>`.
fn launch_config(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_glued(LAUNCH_OPEN, 3);
    loop {
        expr_no_gt(p);
        if !p.eat(COMMA) {
            break;
        }
    }
    if p.current_glued() == (LAUNCH_CLOSE, 3) {
        p.bump_glued(LAUNCH_CLOSE, 3);
    } else {
        p.error("expected `>>>`");
    }
    m.complete(p, LAUNCH_CONFIG);
}

/// `x.Base<T>::m`: a template-id that continues with `::` after the member access.
fn qualified_member_follows(p: &mut Parser<'_>) -> bool {
    let lt = p.pos() + 1;
    p.nth_at(1, L_ANGLE)
        && p.glued_at(lt).0 == L_ANGLE
        && names::skip_template_args(p, lt).is_some_and(|end| p.kind_at(end) == COLON2)
}

/// The name after `.` or `->`: `m`, `template f<T>`, `~T`, `operator()`, `Base::m`.
fn member_name(p: &mut Parser<'_>) {
    let template_kw = p.eat(TEMPLATE_KW);
    match p.current() {
        IDENT if p.nth_at(1, COLON2) || qualified_member_follows(p) => {
            names::name(p);
        }
        IDENT => {
            let m = p.start();
            let text = p.nth_sym(0);
            p.bump_any();
            let lt = p.pos();
            if p.at(L_ANGLE) && p.glued_at(lt).0 == L_ANGLE {
                let known = p.names.lookup(text);
                let balanced = names::skip_template_args(p, lt);
                let is_template = match balanced {
                    None => false,
                    Some(_) if template_kw => true,
                    Some(end) => {
                        p.kind_at(end) == L_PAREN
                            && known.is_none_or(|e| e.is_template() || !e.is_value())
                    }
                };
                if is_template {
                    names::template_arg_list(p);
                }
            }
            m.complete(p, NAME_REF);
        }
        TILDE | OPERATOR_KW => {
            names::name(p);
        }
        _ => p.error("expected a member name"),
    }
}

fn primary(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    let m = p.start();
    let kind = match p.current() {
        INT_LIT | FLOAT_LIT | CHAR_LIT | TRUE_KW | FALSE_KW | NULLPTR_KW => {
            p.bump_any();
            LITERAL
        }
        STRING_LIT => {
            while p.at(STRING_LIT) {
                p.bump_any();
            }
            LITERAL
        }
        THIS_KW => {
            p.bump_any();
            THIS_EXPR
        }
        L_BRACK => {
            lambda(p);
            LAMBDA_EXPR
        }
        L_CURLY => {
            m.abandon(p);
            return Some(init_list(p));
        }
        STATIC_CAST_KW | DYNAMIC_CAST_KW | REINTERPRET_CAST_KW | CONST_CAST_KW => {
            p.bump_any();
            if p.expect(L_ANGLE) {
                specifiers::type_id(p);
                p.expect(R_ANGLE);
            }
            if p.expect(L_PAREN) {
                expr(p);
                p.expect(R_PAREN);
            }
            NAMED_CAST_EXPR
        }
        TYPEID_KW => {
            p.bump_any();
            if !paren_type_id(p) && p.expect(L_PAREN) {
                expr(p);
                p.expect(R_PAREN);
            }
            TYPEID_EXPR
        }
        BUILTIN_OFFSETOF_KW | BUILTIN_VA_ARG_KW | BUILTIN_BIT_CAST_KW => {
            p.bump_any();
            if p.at(L_PAREN) {
                builtin_args(p);
            } else {
                p.error("expected `(`");
            }
            BUILTIN_CALL
        }
        REQUIRES_KW => {
            requires_expr(p);
            REQUIRES_EXPR
        }
        k if specifiers::is_simple_type_keyword(k) => {
            p.bump_any();
            functional_cast_args(p);
            FUNCTIONAL_CAST
        }
        TYPENAME_KW => {
            p.bump_any();
            names::name(p);
            functional_cast_args(p);
            FUNCTIONAL_CAST
        }
        DECLTYPE_KW if !p.nth_at(names::skip_keyword_parens(p, p.pos()) - p.pos(), COLON2) => {
            m.abandon(p);
            let m = p.start();
            specifiers::decltype_spec(p);
            if matches!(p.current(), L_PAREN | L_CURLY) {
                functional_cast_args(p);
                return Some(m.complete(p, FUNCTIONAL_CAST));
            }
            m.abandon(p);
            return None;
        }
        IDENT if at_builtin_call(p) => {
            p.bump_any();
            builtin_args(p);
            BUILTIN_CALL
        }
        IDENT | COLON2 | OPERATOR_KW | DECLTYPE_KW | TEMPLATE_KW => {
            p.eat(TEMPLATE_KW);
            match names::name(p) {
                Some(scan) if scan.is_type() && matches!(p.current(), L_PAREN | L_CURLY) => {
                    functional_cast_args(p);
                    FUNCTIONAL_CAST
                }
                Some(_) => ID_EXPR,
                None => {
                    p.error("expected an expression");
                    ERROR
                }
            }
        }
        _ => {
            m.abandon(p);
            p.error("expected an expression");
            return None;
        }
    };
    Some(m.complete(p, kind))
}

/// A compiler builtin taking types as arguments (`__is_same(T, U)`, `__builtin_types_compatible_p`):
/// an identifier starting with `__` that lookup does not find, called.
fn at_builtin_call(p: &mut Parser<'_>) -> bool {
    p.nth_at(1, L_PAREN)
        && p.nth_text(0).starts_with("__")
        && p.names.lookup(p.nth_sym(0)).is_none()
}

fn functional_cast_args(p: &mut Parser<'_>) {
    match p.current() {
        L_PAREN => arg_list(p),
        L_CURLY => {
            init_list(p);
        }
        _ => p.error("expected `(` or `{`"),
    }
}

/// `( arg, arg... )`: each an initializer-clause, possibly a pack expansion.
pub(crate) fn arg_list(p: &mut Parser<'_>) {
    args_in_parens(p, |p| {
        if p.at(L_CURLY) {
            init_list(p);
        } else {
            expr_assign(p);
        }
    });
}

/// Arguments of builtins that take types or expressions.
pub(crate) fn builtin_args(p: &mut Parser<'_>) {
    args_in_parens(p, |p| {
        let pos = p.pos();
        if names::looks_like_type_id(p, pos) {
            let cp = p.checkpoint();
            specifiers::type_id(p);
            if !p.has_errors_since(&cp) && matches!(p.current(), COMMA | R_PAREN | DOT3) {
                p.commit(cp);
                return;
            }
            p.rewind(cp);
        }
        expr_assign(p);
    });
}

/// The `( ... )` of an ARG_LIST, the cursor at `(`: `one_arg` parses each argument; a `...`
/// after it is a pack expansion; an argument that consumed nothing is an error, recovered at
/// the next `,` or `)`, so the loop always advances.
fn args_in_parens(p: &mut Parser<'_>, one_arg: impl Fn(&mut Parser<'_>)) {
    let m = p.start();
    p.bump_any();
    while !p.at(R_PAREN) && !p.at_eof() {
        let before = p.pos();
        one_arg(p);
        p.eat(DOT3);
        if p.pos() == before {
            p.err_recover(
                "expected an argument",
                TokenSet::new(&[COMMA, R_PAREN, SEMI]),
            );
            if matches!(p.current(), SEMI | L_CURLY | R_CURLY) {
                break;
            }
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_PAREN);
    m.complete(p, ARG_LIST);
}

/// `{ a, .x = b, [2] = c, { nested }, pack... }`.
pub(crate) fn init_list(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    if !p.enter_nesting() {
        too_deep(p);
        return m.complete(p, INIT_LIST);
    }
    p.bump_any();
    while !p.at(R_CURLY) && !p.at_eof() {
        let before = p.pos();
        if matches!(p.current(), DOT | L_BRACK)
            && !(p.at(L_BRACK) && p.nth_at(1, L_BRACK))
            && designator_follows(p)
        {
            let d = p.start();
            while matches!(p.current(), DOT | L_BRACK) {
                if p.eat(DOT) {
                    p.expect(IDENT);
                } else {
                    p.bump_any();
                    expr_assign(p);
                    if p.eat(DOT3) {
                        expr_assign(p);
                    }
                    p.expect(R_BRACK);
                }
            }
            p.eat(EQ);
            d.complete(p, DESIGNATOR);
        } else if p.at(IDENT) && p.nth_at(1, COLON) {
            let d = p.start();
            p.bump_any();
            p.bump_any();
            d.complete(p, DESIGNATOR);
        }
        if p.at(L_CURLY) {
            init_list(p);
        } else {
            expr_assign(p);
        }
        p.eat(DOT3);
        if p.pos() == before {
            p.err_recover(
                "expected an initializer",
                TokenSet::new(&[COMMA, R_CURLY, SEMI]),
            );
            if p.at(SEMI) {
                break;
            }
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_CURLY);
    p.exit_nesting();
    m.complete(p, INIT_LIST)
}

/// `.x =` or `[i] =` (not a lambda) at the start of an initializer.
fn designator_follows(p: &mut Parser<'_>) -> bool {
    if p.at(DOT) {
        return p.nth_at(1, IDENT);
    }
    let pos = p.pos();
    match names::skip_parens(p, pos) {
        Some(end) => matches!(p.kind_at(end), EQ | DOT | L_BRACK),
        None => false,
    }
}

fn new_expr(p: &mut Parser<'_>) {
    p.bump_any(); // `new`
    let pos = p.pos();
    if p.at(L_PAREN) && !names::looks_like_type_id(p, pos + 1) {
        arg_list(p);
    }
    let pos = p.pos();
    if p.at(L_PAREN) && names::looks_like_type_id(p, pos + 1) {
        p.bump_any();
        specifiers::type_id(p);
        p.expect(R_PAREN);
    } else {
        // new-type-id: no function declarators, so `new T(args)` keeps its initializer.
        let t = p.start();
        specifiers::type_specifier_seq(p);
        while matches!(p.current(), STAR | AMP | AMP2) {
            let op = p.start();
            p.bump_any();
            while matches!(p.current(), CONST_KW | VOLATILE_KW) {
                p.bump_any();
            }
            op.complete(p, PTR_OP);
        }
        while p.at(L_BRACK) {
            let a = p.start();
            p.bump_any();
            expr(p);
            p.expect(R_BRACK);
            a.complete(p, ARRAY_SUFFIX);
        }
        t.complete(p, TYPE_ID);
    }
    match p.current() {
        L_PAREN => arg_list(p),
        L_CURLY => {
            init_list(p);
        }
        _ => {}
    }
}

fn lambda(p: &mut Parser<'_>) {
    let c = p.start();
    p.bump_any();
    while !p.at(R_BRACK) && !p.at_eof() {
        let cap = p.start();
        let before = p.pos();
        let mut saw_name = false;
        loop {
            match p.current() {
                COMMA | R_BRACK | EOF | SEMI | R_CURLY => break,
                EQ if saw_name => {
                    p.bump_any();
                    if p.at(L_CURLY) {
                        init_list(p);
                    } else {
                        expr_assign(p);
                    }
                }
                L_PAREN | L_CURLY if saw_name => bump_balanced(p),
                IDENT | THIS_KW => {
                    saw_name = true;
                    p.bump_any();
                }
                _ => p.bump_any(),
            }
        }
        if p.pos() == before {
            cap.abandon(p);
        } else {
            cap.complete(p, CAPTURE);
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_BRACK);
    c.complete(p, LAMBDA_CAPTURES);
    let prev = p.names.current();
    let scope = p.names.push_scope(ScopeKind::Local, None);
    if p.at(L_ANGLE) {
        templates::template_param_list(p);
        if p.at(REQUIRES_KW) {
            templates::requires_clause(p);
        }
    }
    attributes::opt_attributes(p);
    if p.at(L_PAREN) {
        for idx in declarators::param_list(p, false) {
            let text = p.sym_at(idx);
            p.names.declare(scope, text, Entry::VALUE, None);
        }
    }
    loop {
        match p.current() {
            MUTABLE_KW | CONSTEXPR_KW | CONSTEVAL_KW | STATIC_KW => p.bump_any(),
            NOEXCEPT_KW => declarators::noexcept_spec(p),
            THROW_KW => {
                p.bump_any();
                if p.at(L_PAREN) {
                    bump_balanced(p);
                }
            }
            ATTRIBUTE_KW | DECLSPEC_KW => attributes::attribute_spec(p),
            L_BRACK if p.nth_at(1, L_BRACK) => attributes::attribute_spec(p),
            ARROW => {
                let t = p.start();
                p.bump_any();
                specifiers::type_id(p);
                t.complete(p, TRAILING_RETURN);
            }
            REQUIRES_KW => templates::requires_clause(p),
            _ => break,
        }
    }
    if p.at(L_CURLY) {
        statements::compound_stmt(p);
    } else {
        p.error("expected a lambda body");
    }
    p.names.leave_to(prev);
}

fn requires_expr(p: &mut Parser<'_>) {
    p.bump_any();
    let prev = p.names.current();
    let scope = p.names.push_scope(ScopeKind::Local, None);
    if p.at(L_PAREN) {
        for idx in declarators::param_list(p, false) {
            let text = p.sym_at(idx);
            p.names.declare(scope, text, Entry::VALUE, None);
        }
    }
    if p.expect(L_CURLY) {
        while !p.at(R_CURLY) && !p.at_eof() {
            let before = p.pos();
            requirement(p);
            if p.pos() == before {
                p.err_recover("expected a requirement", TokenSet::new(&[SEMI]));
                p.eat(SEMI);
            }
        }
        p.expect(R_CURLY);
    }
    p.names.leave_to(prev);
}

fn requirement(p: &mut Parser<'_>) {
    let m = p.start();
    match p.current() {
        TYPENAME_KW => {
            p.bump_any();
            names::name(p);
        }
        L_CURLY => {
            p.bump_any();
            expr(p);
            p.expect(R_CURLY);
            p.eat(NOEXCEPT_KW);
            if p.eat(ARROW) {
                specifiers::type_id(p);
            }
        }
        REQUIRES_KW => {
            p.bump_any();
            constraint_expr(p);
        }
        _ => expr(p),
    }
    if !p.eat(SEMI) {
        recover_to_semi(p, "expected `;`");
    }
    m.complete(p, REQUIREMENT);
}
