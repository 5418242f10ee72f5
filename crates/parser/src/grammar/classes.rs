//! Class, struct, union and enum specifiers, base clauses and member lists.
use super::*;
use crate::names::ScopeId;
use items::DeclCtx;
use specifiers::SpecCtx;

pub(super) struct ClassInfo {
    pub(super) has_body: bool,
    pub(super) scope: Option<ScopeId>,
}

fn class_head_attributes(p: &mut Parser<'_>) {
    loop {
        match p.current() {
            ATTRIBUTE_KW | DECLSPEC_KW | ALIGNAS_KW => attributes::attribute_spec(p),
            L_BRACK if p.nth_at(1, L_BRACK) => attributes::attribute_spec(p),
            _ => break,
        }
    }
}

/// `is_typedef`: a `typedef` precedes, so an unnamed class is named by the typedef rather than
/// an anonymous union or struct whose members belong to the enclosing scope.
pub(super) fn class_specifier(
    p: &mut Parser<'_>,
    ctx: SpecCtx,
    is_friend: bool,
    is_typedef: bool,
) -> ClassInfo {
    let m = p.start();
    p.bump_any();
    class_head_attributes(p);
    let scan = if matches!(p.current(), IDENT | COLON2) {
        names::type_name(p)
    } else {
        None
    };
    class_head_attributes(p);
    if p.at(IDENT)
        && matches!(p.nth_text(0), "final" | "__final")
        && matches!(p.nth(1), L_CURLY | COLON)
    {
        p.bump_any();
    }
    let has_body = p.at(L_CURLY) || (p.at(COLON) && scan.is_some() && !ctx.type_only);
    let simple_name = scan
        .filter(|s| !s.qualified && !s.last_has_targs)
        .and_then(|s| s.last_ident);
    // A class defined (or forward-declared) in a block is local to it; the class an elaborated
    // type-specifier like `struct stat *p` refers to is looked for in the namespace.
    let decl_scope = p.names.decl_scope();
    let def_scope = p.names.type_decl_scope();
    let mut flags = Entry::TYPE;
    if ctx.in_template {
        flags |= Entry::TEMPLATE;
    }
    if !has_body {
        let mut scope = scan.and_then(|s| s.entry).and_then(Entry::scope);
        if let Some(idx) = simple_name {
            let text = p.sym_at(idx);
            let forward = p.at(SEMI) && !is_friend;
            let unknown =
                scan.is_some_and(|s| s.entry.is_none_or(|e| !e.is_type() && !e.is_template()));
            if (forward || unknown) && !is_friend {
                let target = if forward { def_scope } else { decl_scope };
                scope = Some(p.names.declare_scope(target, text, ScopeKind::Class, flags));
            }
        }
        m.complete(p, ELABORATED_TYPE);
        return ClassInfo {
            has_body: false,
            scope,
        };
    }
    let scope = match (simple_name, scan) {
        (Some(idx), _) => {
            let text = p.sym_at(idx);
            p.names
                .declare_scope(def_scope, text, ScopeKind::Class, flags)
        }
        (None, Some(s)) => match s.entry.and_then(Entry::scope) {
            Some(scope) => scope,
            None => p.names.anonymous_scope(def_scope, ScopeKind::Class),
        },
        (None, None) => {
            let scope = p.names.anonymous_scope(def_scope, ScopeKind::Class);
            // The members of an anonymous union (or GNU anonymous struct), `union { ... };`, are
            // found in the enclosing scope; those of an unnamed class that names a typedef or
            // has declarators (`typedef struct { int mask; } S;`) belong to the class alone.
            if !is_typedef && p.at(L_CURLY) && anonymous_member_follows(p) {
                p.names.add_extra(def_scope, scope);
            }
            scope
        }
    };
    let current = p.names.current();
    p.names.set_parent(scope, current);
    // `struct Outer::Inner { ... }` also sees the members of `Outer`.
    if let Some(outer) = scan.filter(|s| s.qualified).and_then(|s| s.qual_scope) {
        p.names.add_lexical(scope, outer);
    }
    if p.at(COLON) {
        base_clause(p, scope);
    }
    if p.at(L_CURLY) {
        member_list(p, scope);
    } else {
        p.error("expected `{`");
    }
    m.complete(p, CLASS_SPECIFIER);
    ClassInfo {
        has_body: true,
        scope: Some(scope),
    }
}

/// At the `{` of an unnamed class: whether its body is followed by `;` (no declarator).
fn anonymous_member_follows(p: &Parser<'_>) -> bool {
    names::skip_parens(p, p.pos()).is_some_and(|end| p.kind_at(end) == SEMI)
}

fn base_clause(p: &mut Parser<'_>, class_scope: ScopeId) {
    let m = p.start();
    p.bump_any();
    loop {
        let b = p.start();
        attributes::opt_attributes(p);
        while matches!(
            p.current(),
            VIRTUAL_KW | PUBLIC_KW | PRIVATE_KW | PROTECTED_KW
        ) {
            p.bump_any();
        }
        p.eat(TYPENAME_KW);
        match names::type_name(p) {
            Some(scan) => {
                if let Some(base) = scan.entry.and_then(Entry::scope) {
                    p.names.add_extra(class_scope, base);
                }
            }
            None => p.error("expected a base class"),
        }
        p.eat(DOT3);
        b.complete(p, BASE_SPEC);
        if !p.eat(COMMA) {
            break;
        }
    }
    m.complete(p, BASE_CLAUSE);
}

fn member_list(p: &mut Parser<'_>, scope: ScopeId) {
    let m = p.start();
    prescan_members(p, scope);
    p.bump_any();
    let prev = p.names.current();
    p.names.enter(scope);
    items::declaration_list(p, DeclCtx::CLASS, Some(R_CURLY));
    p.names.leave_to(prev);
    p.expect(R_CURLY);
    m.complete(p, MEMBER_LIST);
}

/// `enum [class] [name] [: base] [{ enumerators }]`; returns whether it has a body.
pub(super) fn enum_specifier(p: &mut Parser<'_>, ctx: SpecCtx) -> bool {
    let m = p.start();
    p.bump_any();
    let scoped = p.eat(CLASS_KW) || p.eat(STRUCT_KW);
    class_head_attributes(p);
    let scan = if matches!(p.current(), IDENT | COLON2) {
        names::type_name(p)
    } else {
        None
    };
    class_head_attributes(p);
    // Like a class, an enum defined in a block is local to it.
    let decl_scope = p.names.type_decl_scope();
    let mut enum_scope = None;
    match scan {
        Some(s) if !s.qualified => {
            if let Some(idx) = s.last_ident {
                let text = p.sym_at(idx);
                enum_scope =
                    Some(
                        p.names
                            .declare_scope(decl_scope, text, ScopeKind::Class, Entry::TYPE),
                    );
            }
        }
        // `enum class N::E : int { ... }` defines an enum declared in `N`.
        Some(s) => enum_scope = s.entry.and_then(Entry::scope),
        None => {}
    }
    let mut has_body = false;
    if p.at(COLON) && !ctx.type_only {
        p.bump_any();
        specifiers::type_specifier_seq(p);
        has_body = true;
    }
    if p.at(L_CURLY) {
        has_body = true;
        // A scoped enum's enumerators are found only in the enum; an unscoped enum's in the
        // enclosing scope and, since C++11, also as `E::a`.
        let (target, also) = match (scoped, enum_scope) {
            (true, Some(e)) => (e, None),
            (true, None) => (p.names.anonymous_scope(decl_scope, ScopeKind::Class), None),
            (false, e) => (decl_scope, e),
        };
        enumerator_list(p, target, also);
    }
    m.complete(
        p,
        if has_body {
            ENUM_SPECIFIER
        } else {
            ELABORATED_TYPE
        },
    );
    has_body
}

fn enumerator_list(p: &mut Parser<'_>, target: ScopeId, also: Option<ScopeId>) {
    let m = p.start();
    p.bump_any();
    while !p.at(R_CURLY) && !p.at_eof() {
        if p.at(IDENT) {
            let e = p.start();
            let idx = p.pos();
            p.bump_any();
            let text = p.sym_at(idx);
            p.names.declare(target, text, Entry::VALUE, None);
            if let Some(e) = also {
                p.names.declare(e, text, Entry::VALUE, None);
            }
            attributes::opt_attributes(p);
            if p.eat(EQ) {
                expressions::expr_assign(p);
            }
            e.complete(p, ENUMERATOR);
        } else {
            p.err_recover("expected an enumerator", TokenSet::new(&[COMMA, R_CURLY]));
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_CURLY);
    m.complete(p, ENUMERATOR_LIST);
}

/// Declares the member types and member templates of the class body at the cursor before
/// parsing it: member function bodies (and default arguments) may use members declared later
/// in the class ("complete-class context"), e.g. `return _Iterator{this};` or
/// `__ptr_to_nonvolatile<_It> && ...` with the member templates defined further down.
/// A token-level scan at the body's top level, not a parse.
fn prescan_members(p: &mut Parser<'_>, scope: ScopeId) {
    let open = p.pos();
    let Some(close) = names::skip_parens(p, open) else {
        return;
    };
    let close = close - 1;
    let mut i = open + 1;
    // Start of the current member declaration, and whether it has a template head.
    let mut in_template = false;
    while i < close {
        match p.kind_at(i) {
            L_PAREN | L_BRACK | L_CURLY => {
                let Some(end) = names::skip_parens(p, i) else {
                    return;
                };
                // A `{...}` body ends a member; `(`/`[` groups are skipped.
                if p.kind_at(i) == L_CURLY && !matches!(p.kind_at(end), SEMI | COMMA | EQ) {
                    in_template = false;
                }
                i = end;
                continue;
            }
            SEMI => in_template = false,
            TEMPLATE_KW if p.kind_at(i + 1) == L_ANGLE => {
                match skip_template_head(p, i + 1, close) {
                    Some(end) => {
                        in_template = true;
                        i = end;
                        continue;
                    }
                    None => return,
                }
            }
            CLASS_KW | STRUCT_KW | UNION_KW
                if p.kind_at(i + 1) == IDENT && p.kind_at(i.saturating_sub(1)) != FRIEND_KW =>
            {
                let after = p.kind_at(i + 2);
                if matches!(after, L_CURLY | COLON | SEMI)
                    || (after == IDENT && p.kind_at(i + 3) == L_CURLY)
                {
                    let mut flags = Entry::TYPE;
                    if in_template {
                        flags |= Entry::TEMPLATE;
                    }
                    declare_prescanned(p, scope, i + 1, flags);
                }
                in_template = false;
            }
            ENUM_KW | TYPEDEF_KW | FRIEND_KW => in_template = false,
            L_ANGLE if p.kind_at(i.saturating_sub(1)) == IDENT => {
                // Template arguments (a specialization's name): nothing is declared inside.
                match names::skip_template_args(p, i) {
                    Some(end) => {
                        i = end;
                        continue;
                    }
                    None => in_template = false,
                }
            }
            USING_KW if p.kind_at(i + 1) == IDENT && p.kind_at(i + 2) == EQ => {
                let mut flags = Entry::TYPE;
                if in_template {
                    flags |= Entry::TEMPLATE;
                }
                declare_prescanned(p, scope, i + 1, flags);
                in_template = false;
            }
            IDENT if in_template && matches!(p.kind_at(i + 1), L_PAREN | EQ | L_CURLY | SEMI) => {
                // A member function or variable template: the name before `(`, `=`, `{` or `;`.
                if p.kind_at(i.saturating_sub(1)) != COLON2
                    && p.kind_at(i.saturating_sub(1)) != TILDE
                {
                    declare_prescanned(p, scope, i, Entry::VALUE | Entry::TEMPLATE);
                }
                in_template = false;
            }
            _ => {}
        }
        i += 1;
    }
}

fn declare_prescanned(p: &mut Parser<'_>, scope: ScopeId, idx: usize, flags: u8) {
    let text = p.sym_at(idx);
    if p.names.lookup_in(scope, text).is_none() {
        p.names.declare(scope, text, flags, None);
    }
}

/// Skips a template parameter list starting at the `<` at `lt`; returns the index after `>`.
fn skip_template_head(p: &Parser<'_>, lt: usize, limit: usize) -> Option<usize> {
    let mut depth = 0u32;
    let mut i = lt;
    while i < limit {
        match p.kind_at(i) {
            L_PAREN | L_BRACK | L_CURLY => {
                i = names::skip_parens(p, i)?;
                continue;
            }
            L_ANGLE => depth += 1,
            R_ANGLE => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            SEMI => return None,
            _ => {}
        }
        i += 1;
    }
    None
}
