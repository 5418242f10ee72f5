//! Declarations: namespaces, linkage specifications, using-declarations and directives, alias
//! declarations, static_assert, asm, concepts, explicit instantiations, and simple declarations
//! and function definitions.
use super::*;
use crate::names::ScopeId;
use declarators::{DeclaratorInfo, DeclaratorKind};
use specifiers::{DeclSpecs, SpecCtx};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum DeclPlace {
    Namespace,
    Class,
    Block,
    /// The init-statement of a `for`: may end at `:` (a range-for).
    ForInit,
    /// The condition of `if`/`while`/`switch`: one declarator, no `;`.
    Condition,
}

#[derive(Clone, Copy)]
pub(crate) struct DeclCtx {
    pub(super) place: DeclPlace,
    pub(super) in_template: bool,
}

impl DeclCtx {
    pub(crate) const NAMESPACE: DeclCtx = DeclCtx {
        place: DeclPlace::Namespace,
        in_template: false,
    };
    pub(super) const CLASS: DeclCtx = DeclCtx {
        place: DeclPlace::Class,
        in_template: false,
    };
    pub(super) const BLOCK: DeclCtx = DeclCtx {
        place: DeclPlace::Block,
        in_template: false,
    };

    fn spec_ctx(self) -> SpecCtx {
        SpecCtx {
            in_template: self.in_template,
            ..SpecCtx::default()
        }
    }
}

/// Declarations up to a closing `}` (when `closing` is given) or the end of input.
pub(super) fn declaration_list(p: &mut Parser<'_>, ctx: DeclCtx, closing: Option<SyntaxKind>) {
    loop {
        if closing.is_none() {
            // Between two top-level declarations the events so far are final.
            p.flush_final_events(false);
        }
        match p.current() {
            EOF => break,
            R_CURLY if closing.is_some() => break,
            R_CURLY => {
                let m = p.start();
                p.error("unmatched `}`");
                p.bump_any();
                m.complete(p, ERROR);
                continue;
            }
            _ => {}
        }
        let before = p.pos();
        declaration(p, ctx);
        if p.pos() == before {
            let m = p.start();
            p.error("expected a declaration");
            if p.at(L_CURLY) {
                bump_balanced(p);
            } else {
                p.bump_any();
            }
            m.complete(p, ERROR);
        }
    }
}

pub(super) fn declaration(p: &mut Parser<'_>, ctx: DeclCtx) {
    if !p.enter_nesting() {
        too_deep(p);
        return;
    }
    match p.current() {
        SEMI => {
            let m = p.start();
            p.bump_any();
            m.complete(p, EMPTY_DECL);
        }
        NAMESPACE_KW => namespace(p),
        INLINE_KW if p.nth_at(1, NAMESPACE_KW) => namespace(p),
        EXTERN_KW
            if p.nth_at(1, STRING_LIT)
                && matches!(p.nth(2), L_CURLY | EXTERN_KW | TEMPLATE_KW | NAMESPACE_KW) =>
        {
            linkage_spec(p, ctx)
        }
        EXTERN_KW if p.nth_at(1, STRING_LIT) && !p.nth_at(2, L_CURLY) => linkage_spec(p, ctx),
        EXTERN_KW if p.nth_at(1, TEMPLATE_KW) => explicit_instantiation(p, ctx),
        TEMPLATE_KW if p.nth_at(1, L_ANGLE) => templates::template_decl(p, ctx),
        TEMPLATE_KW => explicit_instantiation(p, ctx),
        USING_KW => using(p, ctx),
        STATIC_ASSERT_KW => static_assert(p),
        ASM_KW => asm_decl(p),
        CONCEPT_KW => templates::concept_def(p, ctx),
        PUBLIC_KW | PRIVATE_KW | PROTECTED_KW if ctx.place == DeclPlace::Class => {
            let m = p.start();
            p.bump_any();
            p.expect(COLON);
            m.complete(p, ACCESS_SPEC);
        }
        EXTENSION_KW
            if matches!(
                p.nth(1),
                NAMESPACE_KW | TEMPLATE_KW | USING_KW | STATIC_ASSERT_KW
            ) =>
        {
            // The keyword becomes part of the next declaration's text.
            p.bump_any();
            declaration(p, ctx);
        }
        _ => {
            simple_declaration(p, ctx);
        }
    }
    p.exit_nesting();
}

fn namespace(p: &mut Parser<'_>) {
    let m = p.start();
    let mut inline_first = p.eat(INLINE_KW);
    p.bump_any(); // `namespace`
    attributes::opt_attributes(p);
    let mut path: Vec<(usize, bool)> = Vec::new();
    loop {
        let is_inline = std::mem::take(&mut inline_first) || p.eat(INLINE_KW);
        if !p.at(IDENT) {
            break;
        }
        path.push((p.pos(), is_inline));
        p.bump_any();
        if p.at(COLON2) && matches!(p.nth(1), IDENT | INLINE_KW) {
            p.bump_any();
            continue;
        }
        break;
    }
    attributes::opt_attributes(p);
    if p.at(EQ) && path.len() == 1 {
        p.bump_any();
        let target = names::name(p).and_then(|s| s.entry).and_then(Entry::scope);
        p.expect(SEMI);
        let scope = p.names.decl_scope();
        let text = p.sym_at(path[0].0);
        p.names.declare(scope, text, Entry::NAMESPACE, target);
        m.complete(p, NAMESPACE_ALIAS);
        return;
    }
    let prev = p.names.current();
    let mut scope = p.names.decl_scope();
    if path.is_empty() {
        scope = p.names.anonymous_scope(scope, ScopeKind::Namespace);
    }
    for &(idx, is_inline) in &path {
        let parent = scope;
        scope = p.names.declare_scope(
            parent,
            p.sym_at(idx),
            ScopeKind::Namespace,
            Entry::NAMESPACE,
        );
        if is_inline {
            p.names.add_extra(parent, scope);
        }
    }
    if p.at(L_CURLY) {
        p.names.enter(scope);
        decl_block(p, DeclCtx::NAMESPACE);
        p.names.leave_to(prev);
    } else {
        p.error("expected `{`");
    }
    m.complete(p, NAMESPACE);
}

/// `{ declarations }` of a namespace or linkage specification.
fn decl_block(p: &mut Parser<'_>, ctx: DeclCtx) {
    let m = p.start();
    p.bump_any();
    declaration_list(p, ctx, Some(R_CURLY));
    p.expect(R_CURLY);
    m.complete(p, DECL_BLOCK);
}

fn linkage_spec(p: &mut Parser<'_>, ctx: DeclCtx) {
    let m = p.start();
    p.bump_any();
    p.bump_any();
    if p.at(L_CURLY) {
        decl_block(p, ctx);
    } else {
        declaration(p, ctx);
    }
    m.complete(p, LINKAGE_SPEC);
}

fn explicit_instantiation(p: &mut Parser<'_>, ctx: DeclCtx) {
    let m = p.start();
    p.eat(EXTERN_KW);
    p.bump_any(); // `template`
    declaration(p, ctx);
    m.complete(p, EXPLICIT_INSTANTIATION);
}

fn using(p: &mut Parser<'_>, ctx: DeclCtx) {
    let m = p.start();
    p.bump_any();
    match p.current() {
        NAMESPACE_KW => {
            p.bump_any();
            let target = names::name(p).and_then(|s| s.entry).and_then(Entry::scope);
            attributes::opt_attributes(p);
            p.expect(SEMI);
            if let Some(target) = target {
                let cur = p.names.current();
                p.names.add_extra(cur, target);
            }
            m.complete(p, USING_DIRECTIVE);
        }
        IDENT
            if matches!(p.nth(1), EQ | ATTRIBUTE_KW)
                || (p.nth_at(1, L_BRACK) && p.nth_at(2, L_BRACK)) =>
        {
            let name_idx = p.pos();
            p.bump_any();
            attributes::opt_attributes(p);
            p.expect(EQ);
            let specs = specifiers::type_id(p);
            p.expect(SEMI);
            let mut flags = Entry::TYPE;
            if ctx.in_template {
                flags |= Entry::TEMPLATE;
            }
            let scope = declaring_scope(p, ctx);
            p.names
                .declare(scope, p.sym_at(name_idx), flags, specs.type_scope);
            m.complete(p, ALIAS_DECL);
        }
        _ => {
            p.eat(ENUM_KW);
            loop {
                let is_typename = p.eat(TYPENAME_KW);
                let Some(scan) = names::name(p) else {
                    p.error("expected a name");
                    break;
                };
                p.eat(DOT3);
                if let Some(idx) = scan.last_ident {
                    let flags = match scan.entry {
                        Some(e) => e.flags & !Entry::DEPENDENT,
                        None if is_typename => Entry::TYPE,
                        None => 0,
                    };
                    let text = p.sym_at(idx);
                    let is_ctor = scan.prev_ident.is_some_and(|prev| p.sym_at(prev) == text);
                    if flags != 0 && !is_ctor {
                        let scope = declaring_scope(p, ctx);
                        let target = scan.entry.and_then(Entry::scope);
                        p.names.declare(scope, text, flags, target);
                    }
                }
                if !p.eat(COMMA) {
                    break;
                }
            }
            if !p.eat(SEMI) {
                recover_to_semi(p, "expected `;`");
            }
            m.complete(p, USING_DECL);
        }
    }
}

fn static_assert(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    if p.expect(L_PAREN) {
        expressions::expr_assign(p);
        if p.eat(COMMA) {
            expressions::expr_assign(p);
        }
        p.expect(R_PAREN);
    }
    p.expect(SEMI);
    m.complete(p, STATIC_ASSERT);
}

fn asm_decl(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    if p.at(L_PAREN) {
        bump_balanced(p);
    } else {
        p.error("expected `(`");
    }
    p.expect(SEMI);
    m.complete(p, ASM_DECL);
}

/// Where a declaration at this place puts its names.
pub(super) fn declaring_scope(p: &Parser<'_>, ctx: DeclCtx) -> u32 {
    match ctx.place {
        DeclPlace::Namespace | DeclPlace::Class => p.names.decl_scope(),
        _ => p.names.current(),
    }
}

/// How a simple declaration ended, for the `for` statement.
#[derive(PartialEq, Eq)]
pub(super) enum DeclEnd {
    Done,
    /// Stopped before the `:` of a range-for.
    RangeColon,
}

pub(super) fn simple_declaration(p: &mut Parser<'_>, ctx: DeclCtx) -> DeclEnd {
    let m = p.start();
    let specs = specifiers::decl_specifiers(p, ctx.spec_ctx());
    if p.at(SEMI) && specs.consumed && ctx.place != DeclPlace::Condition {
        p.bump_any();
        m.complete(p, SIMPLE_DECLARATION);
        return DeclEnd::Done;
    }
    if ctx.place == DeclPlace::Class && p.at(COLON) {
        let i = p.start();
        bit_field(p);
        i.complete(p, INIT_DECLARATOR);
        return finish_init_declarators(p, m, ctx, specs);
    }
    if !specs.consumed
        && !matches!(
            p.current(),
            IDENT | COLON2 | TILDE | OPERATOR_KW | STAR | AMP | AMP2 | L_PAREN
        )
    {
        m.abandon(p);
        return DeclEnd::Done;
    }
    let d = declarators::declarator(p, DeclaratorKind::Named);
    let outside = enter_lookup_scope(p, &d);
    if p.at(REQUIRES_KW) {
        templates::requires_clause(p);
    }
    let body_follows = match p.current() {
        L_CURLY => true,
        COLON => ctx.place != DeclPlace::ForInit,
        TRY_KW => true,
        EQ => matches!(p.nth(1), DEFAULT_KW | DELETE_KW),
        _ => false,
    };
    if d.is_function
        && body_follows
        && matches!(
            ctx.place,
            DeclPlace::Namespace | DeclPlace::Class | DeclPlace::Block
        )
    {
        declare_declarator(p, &d, &specs, ctx);
        function_body(p, &d);
        leave_lookup_scope(p, outside);
        m.complete(p, FUNCTION_DEF);
        return DeclEnd::Done;
    }
    declare_declarator(p, &d, &specs, ctx);
    if let Some(dm) = d.marker {
        let i = dm.precede(p);
        initializer(p, ctx, &d);
        i.complete(p, INIT_DECLARATOR);
    }
    leave_lookup_scope(p, outside);
    finish_init_declarators(p, m, ctx, specs)
}

/// After the declarator `X::name`, enters its lookup scope (see
/// [`DeclaratorInfo::lookup_scope`]) for the initializer or body; returns the scope to leave to
/// when it entered one.
fn enter_lookup_scope(p: &mut Parser<'_>, d: &DeclaratorInfo) -> Option<ScopeId> {
    let outside = p.names.current();
    let scope = d.lookup_scope?;
    p.names.enter(scope);
    Some(outside)
}

fn leave_lookup_scope(p: &mut Parser<'_>, outside: Option<ScopeId>) {
    if let Some(scope) = outside {
        p.names.leave_to(scope);
    }
}

fn finish_init_declarators(
    p: &mut Parser<'_>,
    m: Marker,
    ctx: DeclCtx,
    specs: DeclSpecs,
) -> DeclEnd {
    while ctx.place != DeclPlace::Condition && p.eat(COMMA) {
        let i = p.start();
        if ctx.place == DeclPlace::Class && p.at(COLON) {
            bit_field(p);
        } else {
            let d = declarators::declarator(p, DeclaratorKind::Named);
            let outside = enter_lookup_scope(p, &d);
            declare_declarator(p, &d, &specs, ctx);
            if p.at(REQUIRES_KW) {
                templates::requires_clause(p);
            }
            initializer(p, ctx, &d);
            leave_lookup_scope(p, outside);
        }
        i.complete(p, INIT_DECLARATOR);
    }
    if ctx.place == DeclPlace::ForInit && p.at(COLON) {
        m.complete(p, SIMPLE_DECLARATION);
        return DeclEnd::RangeColon;
    }
    if ctx.place != DeclPlace::Condition && !p.eat(SEMI) {
        recover_to_semi(p, "expected `;`");
    }
    m.complete(p, SIMPLE_DECLARATION);
    DeclEnd::Done
}

fn bit_field(p: &mut Parser<'_>) {
    let b = p.start();
    p.bump_any();
    expressions::expr_assign(p);
    b.complete(p, BIT_FIELD);
    if p.at(EQ) || p.at(L_CURLY) {
        initializer(p, DeclCtx::CLASS, &DeclaratorInfo::default());
    }
}

fn initializer(p: &mut Parser<'_>, ctx: DeclCtx, d: &DeclaratorInfo) {
    match p.current() {
        EQ => {
            let m = p.start();
            p.bump_any();
            if d.is_function && p.at(INT_LIT) {
                p.bump_any();
                m.complete(p, PURE_SPEC);
                return;
            }
            if p.at(L_CURLY) {
                expressions::init_list(p);
            } else {
                expressions::expr_assign(p);
            }
            m.complete(p, INITIALIZER);
        }
        L_CURLY => {
            let m = p.start();
            expressions::init_list(p);
            m.complete(p, INITIALIZER);
        }
        L_PAREN => {
            let m = p.start();
            expressions::arg_list(p);
            m.complete(p, INITIALIZER);
        }
        COLON if ctx.place == DeclPlace::Class => bit_field(p),
        _ => {}
    }
}

/// Declares the declarator's name (never a qualified one, so no lookup scope was entered).
fn declare_declarator(p: &mut Parser<'_>, d: &DeclaratorInfo, specs: &DeclSpecs, ctx: DeclCtx) {
    let Some(idx) = d.name_idx else { return };
    if d.qualified || specs.is_friend {
        return;
    }
    let mut flags = if specs.is_typedef {
        Entry::TYPE
    } else {
        Entry::VALUE
    };
    if ctx.in_template {
        flags |= Entry::TEMPLATE;
    }
    let target = if specs.is_typedef {
        specs.type_scope
    } else {
        None
    };
    let scope = declaring_scope(p, ctx);
    let text = p.sym_at(idx);
    if p.names.current_class_name() == Some(text) {
        // A constructor: the injected class name stays a type.
        return;
    }
    p.names.declare(scope, text, flags, target);
}

/// A function body after its declarator, in a scope that sees the parameters and, for
/// `X::f`, the members of `X` (the current scope is then the declarator's lookup scope).
fn function_body(p: &mut Parser<'_>, d: &DeclaratorInfo) {
    let prev = p.names.current();
    let scope = p.names.push_scope(ScopeKind::Local, None);
    for &idx in &d.params {
        let text = p.sym_at(idx);
        p.names.declare(scope, text, Entry::VALUE, None);
    }
    match p.current() {
        EQ => {
            let m = p.start();
            p.bump_any();
            p.bump_any();
            if p.at(L_PAREN) {
                bump_balanced(p);
            }
            p.expect(SEMI);
            m.complete(p, DEFAULTED_BODY);
        }
        TRY_KW => {
            let m = p.start();
            p.bump_any();
            if p.at(COLON) {
                ctor_initializer(p);
            }
            if p.at(L_CURLY) {
                statements::compound_stmt(p);
            } else {
                p.error("expected `{`");
            }
            statements::handlers(p);
            m.complete(p, FUNCTION_TRY_BLOCK);
        }
        _ => {
            if p.at(COLON) {
                ctor_initializer(p);
            }
            if p.at(L_CURLY) {
                statements::compound_stmt(p);
            } else if p.at(TRY_KW) {
                let m = p.start();
                p.bump_any();
                statements::compound_stmt(p);
                statements::handlers(p);
                m.complete(p, FUNCTION_TRY_BLOCK);
            } else {
                p.error("expected a function body");
            }
        }
    }
    p.names.leave_to(prev);
}

fn ctor_initializer(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    loop {
        let i = p.start();
        p.eat(TYPENAME_KW);
        if names::name(p).is_none() {
            i.abandon(p);
            p.error("expected a member or base name");
            break;
        }
        match p.current() {
            L_PAREN => expressions::arg_list(p),
            L_CURLY => {
                expressions::init_list(p);
            }
            _ => p.error("expected `(` or `{`"),
        }
        p.eat(DOT3);
        i.complete(p, MEM_INITIALIZER);
        if !p.eat(COMMA) {
            break;
        }
    }
    m.complete(p, CTOR_INITIALIZER);
}
