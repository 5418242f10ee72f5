//! Declarators: pointer operators, declarator-ids, nested declarators, array and function
//! suffixes, parameter lists.
use super::*;
use crate::names::ScopeId;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum DeclaratorKind {
    /// A declaration's declarator: has a name (or is a structured binding).
    Named,
    /// A type-id's declarator: never has a name.
    Abstract,
    /// A parameter's declarator: the name is optional.
    Either,
}

#[derive(Default)]
pub(super) struct DeclaratorInfo {
    /// Token index of the declared name's last identifier.
    pub(super) name_idx: Option<usize>,
    pub(super) qualified: bool,
    /// For `X::f`, the scope of `X` when known.
    pub(super) qual_scope: Option<ScopeId>,
    /// The name is declared as a function (its first suffix is a parameter list).
    pub(super) is_function: bool,
    /// Names of the parameters of that function, for the body's scope.
    pub(super) params: Vec<usize>,
    /// For `X::f`, the scope in which what follows the declarator-id is looked up (it searches
    /// `X` first): parameters, trailing return type, noexcept, initializer, body.
    pub(super) lookup_scope: Option<ScopeId>,
    pub(super) marker: Option<CompletedMarker>,
}

pub(super) fn at_abstract_declarator(p: &mut Parser<'_>) -> bool {
    match p.current() {
        STAR | AMP | AMP2 | L_PAREN | L_BRACK | DOT3 | ATTRIBUTE_KW | CARET => true,
        IDENT | COLON2 => at_member_pointer(p),
        _ => false,
    }
}

/// `X::*` or `X<T>::*` at the cursor.
fn at_member_pointer(p: &mut Parser<'_>) -> bool {
    let pos = p.pos();
    if p.kind_at(pos) == COLON2 && p.kind_at(pos + 1) == STAR {
        return false;
    }
    // Cheap exit for the common case, a plain declarator-id.
    if p.kind_at(pos) == IDENT && !matches!(p.kind_at(pos + 1), COLON2 | L_ANGLE) {
        return false;
    }
    names::scan_name(p, pos)
        .is_some_and(|s| p.kind_at(s.end) == COLON2 && p.kind_at(s.end + 1) == STAR)
}

fn ptr_operators(p: &mut Parser<'_>) {
    loop {
        let m = p.start();
        match p.current() {
            STAR | AMP | AMP2 | CARET => p.bump_any(),
            IDENT | COLON2 if at_member_pointer(p) => {
                names::name(p);
                p.bump_any(); // `::`
                p.bump_any(); // `*`
            }
            _ => {
                m.abandon(p);
                return;
            }
        }
        loop {
            match p.current() {
                CONST_KW | VOLATILE_KW | RESTRICT_KW => p.bump_any(),
                ATTRIBUTE_KW | DECLSPEC_KW => attributes::attribute_spec(p),
                L_BRACK if p.nth_at(1, L_BRACK) => attributes::attribute_spec(p),
                _ => break,
            }
        }
        m.complete(p, PTR_OP);
    }
}

pub(super) fn declarator(p: &mut Parser<'_>, kind: DeclaratorKind) -> DeclaratorInfo {
    let mut info = DeclaratorInfo::default();
    if !p.enter_nesting() {
        too_deep(p);
        return info;
    }
    let m = p.start();
    ptr_operators(p);
    let mut direct_name = false;
    match p.current() {
        L_PAREN if nested_declarator_follows(p, kind) => {
            // `(max)` alone is the declarator-id in parentheses: `static T (max)();` declares a
            // function, `int (x)(3);` a variable.
            let plain = matches!(p.nth(1), IDENT | COLON2 | TILDE | OPERATOR_KW);
            p.bump_any();
            info = declarator(p, kind);
            info.marker = None;
            direct_name = plain && !info.is_function && p.at(R_PAREN);
            p.expect(R_PAREN);
        }
        DOT3 => {
            p.bump_any();
            if kind != DeclaratorKind::Abstract && matches!(p.current(), IDENT) {
                declarator_id(p, &mut info);
                direct_name = true;
            }
        }
        IDENT | COLON2 | TILDE | OPERATOR_KW if kind != DeclaratorKind::Abstract => {
            declarator_id(p, &mut info);
            direct_name = true;
        }
        L_BRACK if kind == DeclaratorKind::Named && !p.nth_at(1, L_BRACK) => {
            // A structured binding: `auto [a, b] = ...`.
            bump_balanced(p);
        }
        _ => {}
    }
    // After a qualified declarator-id, names are looked up in the qualifying class or namespace
    // first ([basic.lookup.unqual]): `bool ctype<char>::is(mask m) const` finds the member `mask`
    // even where a variable `mask` is visible around the definition.
    let prev_scope = p.names.current();
    let entered = match (kind, info.qualified, info.qual_scope) {
        (DeclaratorKind::Named, true, Some(qualifier)) => {
            let scope = match info.lookup_scope {
                Some(s) => s,
                None => p.names.declarator_scope(qualifier),
            };
            info.lookup_scope = Some(scope);
            p.names.enter(scope);
            true
        }
        _ => false,
    };
    // Attributes after the declarator-id appertain to it.
    attributes::opt_attributes(p);
    let mut first_suffix = true;
    loop {
        match p.current() {
            L_BRACK if !p.nth_at(1, L_BRACK) => {
                let a = p.start();
                p.bump_any();
                if !p.at(R_BRACK) {
                    expressions::expr(p);
                }
                p.expect(R_BRACK);
                a.complete(p, ARRAY_SUFFIX);
            }
            L_PAREN => {
                if kind == DeclaratorKind::Named && direct_name && !looks_like_params(p) {
                    break;
                }
                let params = function_suffix(p);
                if first_suffix && direct_name {
                    info.is_function = true;
                    info.params = params;
                }
            }
            _ => break,
        }
        first_suffix = false;
    }
    loop {
        match p.current() {
            ATTRIBUTE_KW | DECLSPEC_KW => attributes::attribute_spec(p),
            L_BRACK if p.nth_at(1, L_BRACK) => attributes::attribute_spec(p),
            ASM_KW => attributes::asm_label(p),
            _ => break,
        }
    }
    if entered {
        p.names.leave_to(prev_scope);
    }
    info.marker = Some(m.complete(p, DECLARATOR));
    p.exit_nesting();
    info
}

fn declarator_id(p: &mut Parser<'_>, info: &mut DeclaratorInfo) {
    if let Some(scan) = names::name(p) {
        if !scan.special {
            info.name_idx = scan.last_ident;
        }
        info.qualified = scan.qualified;
        info.qual_scope = scan.qual_scope;
    }
}

fn nested_declarator_follows(p: &mut Parser<'_>, kind: DeclaratorKind) -> bool {
    match p.nth(1) {
        STAR | AMP | AMP2 | CARET => true,
        ATTRIBUTE_KW | DECLSPEC_KW => true,
        IDENT | COLON2 => {
            let pos = p.pos() + 1;
            let scan = names::scan_name(p, pos);
            if scan.is_some_and(|s| p.kind_at(s.end) == COLON2 && p.kind_at(s.end + 1) == STAR) {
                return true;
            }
            match kind {
                DeclaratorKind::Named => true,
                DeclaratorKind::Abstract => false,
                // `void (name)(int)` as a parameter, but `f(T)` is a function type.
                DeclaratorKind::Either => scan.is_some_and(|s| {
                    !s.is_type() && p.kind_at(s.end) == R_PAREN && !s.is_unknown()
                }),
            }
        }
        TILDE | OPERATOR_KW => kind == DeclaratorKind::Named,
        L_PAREN => kind == DeclaratorKind::Named,
        _ => false,
    }
}

/// At `(` after a declarator-id: parameters (a function) rather than a direct initializer.
fn looks_like_params(p: &mut Parser<'_>) -> bool {
    let k1 = p.nth(1);
    match k1 {
        R_PAREN | DOT3 => true,
        L_BRACK if p.nth_at(2, L_BRACK) => true,
        _ if specifiers::is_decl_specifier_keyword(k1) => {
            // `T x(int(3))` is rare; `T x(int)` declares a function.
            let cast_like = specifiers::is_simple_type_keyword(k1)
                && matches!(p.nth(2), L_PAREN | L_CURLY)
                && !matches!(p.nth(3), STAR | AMP | AMP2 | CARET);
            !(cast_like && p.names.current_kind() == ScopeKind::Local)
        }
        IDENT | COLON2 => {
            let pos = p.pos() + 1;
            let Some(scan) = names::scan_name(p, pos) else {
                return false;
            };
            let after = p.kind_at(scan.end);
            if matches!(
                after,
                L_CURLY
                    | DOT
                    | ARROW
                    | PLUS
                    | MINUS
                    | SLASH
                    | PERCENT
                    | EQ2
                    | NEQ
                    | L_PAREN
                    | QUESTION
            ) && !scan.is_type()
            {
                return false;
            }
            if scan.is_type() {
                // `T x(U(1, y))` initializes; `T x(U (*f)(int))` declares.
                if after == L_PAREN {
                    return matches!(
                        p.kind_at(scan.end + 1),
                        IDENT | STAR | AMP | AMP2 | L_PAREN | R_PAREN | DOT3 | COLON2 | CARET
                    );
                }
                return !matches!(after, L_CURLY | DOT | ARROW);
            }
            if scan.is_value() {
                return false;
            }
            // Unknown names: parameters outside function bodies, initializers inside them.
            p.names.current_kind() != ScopeKind::Local
                || matches!(after, IDENT | STAR | AMP | AMP2) && scan.dependent
        }
        _ => false,
    }
}

/// `( params ) cv ref noexcept attributes -> trailing override final`; returns parameter names.
fn function_suffix(p: &mut Parser<'_>) -> Vec<usize> {
    let m = p.start();
    let params = param_list(p, false);
    // The parameters are in scope in the noexcept-specifier and the trailing return type
    // (`-> decltype(a * b)` multiplies the parameters even where `a` names a type outside).
    let outside = p.names.current();
    let mut params_scope = false;
    loop {
        if !params_scope && !params.is_empty() && matches!(p.current(), NOEXCEPT_KW | ARROW) {
            params_scope = true;
            let scope = p.names.push_scope(ScopeKind::Declarator, None);
            for &idx in &params {
                let text = p.sym_at(idx);
                p.names.declare(scope, text, Entry::VALUE, None);
            }
        }
        match p.current() {
            CONST_KW | VOLATILE_KW | RESTRICT_KW | AMP | AMP2 => p.bump_any(),
            NOEXCEPT_KW => noexcept_spec(p),
            THROW_KW => {
                let t = p.start();
                p.bump_any();
                if p.at(L_PAREN) {
                    bump_balanced(p);
                }
                t.complete(p, THROW_SPEC);
            }
            ATTRIBUTE_KW | DECLSPEC_KW => attributes::attribute_spec(p),
            L_BRACK if p.nth_at(1, L_BRACK) => attributes::attribute_spec(p),
            ARROW => {
                let t = p.start();
                p.bump_any();
                specifiers::type_id(p);
                t.complete(p, TRAILING_RETURN);
            }
            IDENT if matches!(p.nth_text(0), "override" | "final" | "__final") => p.bump_any(),
            _ => break,
        }
    }
    if params_scope {
        p.names.leave_to(outside);
    }
    m.complete(p, FUNCTION_SUFFIX);
    params
}

pub(super) fn noexcept_spec(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    if p.at(L_PAREN) {
        p.bump_any();
        expressions::expr(p);
        p.expect(R_PAREN);
    }
    m.complete(p, NOEXCEPT_SPEC);
}

/// `( param, param, ... )`; `no_gt` for template parameter defaults does not apply here.
pub(super) fn param_list(p: &mut Parser<'_>, _no_gt: bool) -> Vec<usize> {
    let m = p.start();
    let mut names_out = Vec::new();
    p.bump_any();
    loop {
        match p.current() {
            R_PAREN | EOF => break,
            DOT3 => p.bump_any(),
            COMMA => {
                p.error("expected a parameter");
                p.bump_any();
                continue;
            }
            L_CURLY | R_CURLY | SEMI => break,
            _ => {
                let before = p.pos();
                if let Some(idx) = param(p, false) {
                    names_out.push(idx);
                }
                // `T......`: a pack followed by C varargs without a comma.
                p.eat(DOT3);
                if p.pos() == before {
                    p.err_recover("expected a parameter", TokenSet::new(&[COMMA, R_PAREN]));
                }
            }
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_PAREN);
    m.complete(p, PARAM_LIST);
    names_out
}

/// One parameter (function or non-type template parameter); returns its name's token index.
pub(super) fn param(p: &mut Parser<'_>, no_gt: bool) -> Option<usize> {
    let m = p.start();
    let specs = specifiers::decl_specifiers(
        p,
        specifiers::SpecCtx {
            param: true,
            ..Default::default()
        },
    );
    if !specs.consumed {
        m.abandon(p);
        return None;
    }
    let mut name = None;
    if !matches!(p.current(), COMMA | R_PAREN | EQ | R_ANGLE) {
        name = declarator(p, DeclaratorKind::Either).name_idx;
    }
    if p.at(EQ) {
        let i = p.start();
        p.bump_any();
        if p.at(L_CURLY) {
            expressions::init_list(p);
        } else if no_gt {
            expressions::expr_no_gt(p);
        } else {
            expressions::expr_assign(p);
        }
        i.complete(p, INITIALIZER);
    }
    m.complete(p, PARAM);
    name
}
