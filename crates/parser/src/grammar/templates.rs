//! Template heads, template parameters, concepts and requires-clauses.
use super::*;
use items::DeclCtx;

/// `template < params > [requires ...] declaration`.
pub(super) fn template_decl(p: &mut Parser<'_>, ctx: DeclCtx) {
    let m = p.start();
    p.bump_any();
    let prev = p.names.current();
    p.names.push_scope(ScopeKind::Template, None);
    template_param_list(p);
    if p.at(REQUIRES_KW) {
        requires_clause(p);
    }
    let inner = DeclCtx {
        in_template: true,
        ..ctx
    };
    match p.current() {
        CONCEPT_KW => concept_def(p, inner),
        _ => items::declaration(p, inner),
    }
    p.names.leave_to(prev);
    m.complete(p, TEMPLATE_DECL);
}

pub(super) fn template_param_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.expect(L_ANGLE);
    while !p.at(R_ANGLE) && !p.at_eof() {
        let before = p.pos();
        template_param(p);
        if p.pos() == before {
            p.err_recover(
                "expected a template parameter",
                TokenSet::new(&[COMMA, R_ANGLE, L_CURLY, SEMI]),
            );
            if matches!(p.current(), L_CURLY | SEMI | R_CURLY) {
                break;
            }
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_ANGLE);
    m.complete(p, TEMPLATE_PARAM_LIST);
}

fn declare_param(p: &mut Parser<'_>, idx: usize, flags: u8) {
    let scope = p.names.current();
    let text = p.sym_at(idx);
    p.names.declare(scope, text, flags, None);
}

fn template_param(p: &mut Parser<'_>) {
    match p.current() {
        CLASS_KW | TYPENAME_KW if !typename_names_a_type(p) => {
            let m = p.start();
            p.bump_any();
            type_param_rest(p, Entry::TYPE | Entry::DEPENDENT);
            m.complete(p, TYPE_PARAM);
        }
        TEMPLATE_KW => {
            let m = p.start();
            p.bump_any();
            let prev = p.names.current();
            p.names.push_scope(ScopeKind::Template, None);
            template_param_list(p);
            if p.at(REQUIRES_KW) {
                requires_clause(p);
            }
            p.names.leave_to(prev);
            if !p.eat(CLASS_KW) && !p.eat(TYPENAME_KW) {
                p.error("expected `class`");
            }
            p.eat(DOT3);
            if p.at(IDENT) {
                let idx = p.pos();
                p.bump_any();
                declare_param(p, idx, Entry::TYPE | Entry::TEMPLATE | Entry::DEPENDENT);
            }
            if p.eat(EQ) {
                names::name(p);
            }
            m.complete(p, TEMPLATE_TEMPLATE_PARAM);
        }
        IDENT | COLON2 if at_type_constraint(p) => {
            let m = p.start();
            names::name(p);
            type_param_rest(p, Entry::TYPE | Entry::DEPENDENT);
            m.complete(p, TYPE_PARAM);
        }
        _ => {
            if let Some(idx) = declarators::param(p, true) {
                declare_param(p, idx, Entry::VALUE);
            }
        }
    }
}

/// `typename X::type N`: a non-type parameter whose type is a dependent name.
fn typename_names_a_type(p: &mut Parser<'_>) -> bool {
    let pos = p.pos() + 1;
    names::scan_name(p, pos).is_some_and(|s| s.qualified)
}

/// A constrained type parameter: `std::integral T`, `Concept<U> T`.
fn at_type_constraint(p: &mut Parser<'_>) -> bool {
    let pos = p.pos();
    names::scan_name(p, pos).is_some_and(|s| {
        s.is_concept() && matches!(p.kind_at(s.end), IDENT | DOT3 | COMMA | R_ANGLE | EQ)
    })
}

fn type_param_rest(p: &mut Parser<'_>, flags: u8) {
    p.eat(DOT3);
    if p.at(IDENT) {
        let idx = p.pos();
        p.bump_any();
        declare_param(p, idx, flags);
    }
    if p.eat(EQ) {
        specifiers::type_id(p);
    }
}

/// `concept Name = constraint-expression;`
pub(super) fn concept_def(p: &mut Parser<'_>, ctx: DeclCtx) {
    let m = p.start();
    p.bump_any();
    if p.at(IDENT) {
        let idx = p.pos();
        p.bump_any();
        let scope = items::declaring_scope(p, ctx);
        let text = p.sym_at(idx);
        p.names
            .declare(scope, text, Entry::CONCEPT | Entry::TEMPLATE, None);
    } else {
        p.error("expected a concept name");
    }
    attributes::opt_attributes(p);
    p.expect(EQ);
    expressions::expr_assign(p);
    p.expect(SEMI);
    m.complete(p, CONCEPT_DEF);
}

/// `requires constraint-logical-or-expression`: primaries joined by `&&` and `||`.
pub(super) fn requires_clause(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    expressions::constraint_expr(p);
    m.complete(p, REQUIRES_CLAUSE);
}
