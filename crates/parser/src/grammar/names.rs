//! Names: unqualified and qualified ids, template argument lists, and the lookahead scans that
//! decide what a name denotes.
//!
//! Heuristics where the table cannot know (see also `parser::names`):
//! - An unqualified name that lookup does not find and that is followed by `<` starts template
//!   arguments when the `<...>` group is balanced and followed by `(` or `::` (C++20 treats an
//!   unknown name followed by `<` as a template name; the extra check keeps `a < b` intact).
//! - After a dependent qualifier (`T::`, or a qualifier we cannot resolve) a name is a template
//!   only with the `template` keyword, and a type only with `typename`, as the standard says.
use super::*;
use crate::names::{ScopeId, Sym};

/// Where qualified lookup of the next name component happens.
#[derive(Clone, Copy)]
pub(super) struct Qual {
    /// `None` with `first == false` means the qualifier is dependent or unknown.
    pub(super) scope: Option<ScopeId>,
    pub(super) first: bool,
    pub(super) dependent: bool,
}

impl Qual {
    pub(super) const FIRST: Qual = Qual {
        scope: None,
        first: true,
        dependent: false,
    };
    const GLOBAL: Qual = Qual {
        scope: Some(0),
        first: false,
        dependent: false,
    };

    /// The qualifier state after `entry::`. A qualifier that lookup did not find at all stays
    /// "unknown" (handled by the unknown-name heuristics), one that names a template parameter
    /// or a type without a known scope makes the rest dependent.
    fn after(self, entry: Option<Entry>) -> Qual {
        let scope = entry.and_then(Entry::scope);
        let dependent = self.dependent || (entry.is_some() && scope.is_none());
        Qual {
            scope,
            first: false,
            dependent,
        }
    }
}

/// What a lookahead scan learned about the name starting at some token.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NameScan {
    /// Token index just past the name.
    pub(super) end: usize,
    /// What the last component denotes; `None` if unknown or dependent.
    pub(super) entry: Option<Entry>,
    pub(super) dependent: bool,
    pub(super) qualified: bool,
    pub(super) last_ident: Option<usize>,
    pub(super) prev_ident: Option<usize>,
    pub(super) last_has_targs: bool,
    /// An operator-function-id or destructor name.
    pub(super) special: bool,
    /// The scope the last component was looked up in (for out-of-class definitions).
    pub(super) qual_scope: Option<ScopeId>,
}

impl NameScan {
    pub(super) fn is_type(&self) -> bool {
        !self.special && self.entry.is_some_and(Entry::is_type)
    }
    pub(super) fn is_value(&self) -> bool {
        self.entry.is_some_and(Entry::is_value)
    }
    pub(super) fn is_unknown(&self) -> bool {
        self.entry.is_none() && !self.special
    }
    pub(super) fn is_concept(&self) -> bool {
        self.entry.is_some_and(|e| e.flags & Entry::CONCEPT != 0)
    }
}

pub(super) fn lookup_component(p: &Parser<'_>, text: Sym, q: Qual) -> Option<Entry> {
    if q.first {
        p.names.lookup(text)
    } else if let Some(s) = q.scope {
        p.names.lookup_in(s, text)
    } else {
        None
    }
}

/// Whether the `<` at `lt` opens template arguments for a name denoting `entry`.
pub(super) fn starts_template_args(
    p: &Parser<'_>,
    lt: usize,
    entry: Option<Entry>,
    q: Qual,
    template_kw: bool,
) -> bool {
    p.refuel_scan();
    starts_template_args_depth(p, lt, entry, q, template_kw, 0)
}

fn starts_template_args_depth(
    p: &Parser<'_>,
    lt: usize,
    entry: Option<Entry>,
    q: Qual,
    template_kw: bool,
    depth: u32,
) -> bool {
    if p.kind_at(lt) != L_ANGLE || p.glued_at(lt).0 != L_ANGLE {
        return false;
    }
    if template_kw {
        return true;
    }
    match entry {
        Some(e) if e.is_template() => true,
        // In a type position a type name followed by `<...>` can only take arguments (an alias
        // member can shadow the template it names: `using X = X<T>;`).
        Some(e) if !e.is_value() && depth == 0 && p.in_type_context() => {
            skip_template_args_depth(p, lt, depth).is_some()
        }
        Some(_) => false,
        None if q.dependent => {
            depth == 0 && p.in_type_context() && skip_template_args_depth(p, lt, depth).is_some()
        }
        None => {
            skip_template_args_depth(p, lt, depth).is_some_and(|end| {
                matches!(p.kind_at(end), L_PAREN | COLON2) || p.glued_at(end).0 == LAUNCH_OPEN
            }) || (depth == 0
                && p.in_type_context()
                && skip_template_args_depth(p, lt, depth).is_some())
        }
    }
}

/// Skips a balanced `<...>` starting at `lt`; returns the index after the closing `>`.
/// Names inside are scanned with the same decisions, so `A<x::y < z>` stays intact.
pub(super) fn skip_template_args(p: &Parser<'_>, lt: usize) -> Option<usize> {
    p.refuel_scan();
    skip_template_args_depth(p, lt, 0)
}

fn skip_template_args_depth(p: &Parser<'_>, lt: usize, depth: u32) -> Option<usize> {
    if depth > 32 || !p.angle_may_close(lt) {
        return None;
    }
    let mut i = lt + 1;
    let mut angle = 1u32;
    let mut paren = 0u32;
    while p.take_scan_fuel() {
        match p.kind_at(i) {
            EOF | SEMI => return None,
            L_PAREN | L_BRACK | L_CURLY => paren += 1,
            R_PAREN | R_BRACK | R_CURLY => {
                if paren == 0 {
                    return None;
                }
                paren -= 1;
            }
            IDENT | COLON2 if paren == 0 => {
                if let Some(scan) = scan_name_depth(p, i, depth + 1) {
                    i = scan.end.max(i + 1);
                    continue;
                }
            }
            // `static_cast<bool>` has its own type-id list: `x < 32 && static_cast<bool>(e)`
            // is a comparison, not `x<...>(e)`.
            STATIC_CAST_KW | DYNAMIC_CAST_KW | REINTERPRET_CAST_KW | CONST_CAST_KW
                if paren == 0 && p.kind_at(i + 1) == L_ANGLE =>
            {
                if let Some(end) = skip_template_args_depth(p, i + 1, depth + 1) {
                    i = end;
                    continue;
                }
            }
            L_ANGLE if paren == 0 => {
                // Template argument lists were consumed with their names: this is an operator.
                let (_, n) = p.glued_at(i);
                i += n as usize;
                continue;
            }
            R_ANGLE if paren == 0 => {
                // `>=` and `>>=` are operators; `>` and `>>` close lists.
                let (glued, n) = p.glued_at(i);
                if matches!(glued, GTEQ | SHREQ) && n > 1 {
                    i += n as usize;
                    continue;
                }
                angle -= 1;
                if angle == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Skips `decltype(...)` (or any keyword followed by a balanced paren group) at `idx`.
pub(super) fn skip_keyword_parens(p: &Parser<'_>, idx: usize) -> usize {
    let i = idx + 1;
    if p.kind_at(i) != L_PAREN {
        return i;
    }
    skip_parens(p, i).unwrap_or(i)
}

/// Skips a balanced group opening at `idx`; returns the index after its close.
pub(super) fn skip_parens(p: &Parser<'_>, idx: usize) -> Option<usize> {
    let mut depth = 0u32;
    let mut i = idx;
    loop {
        match p.kind_at(i) {
            EOF => return None,
            L_PAREN | L_BRACK | L_CURLY => depth += 1,
            R_PAREN | R_BRACK | R_CURLY => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
}

fn skip_operator_name(p: &Parser<'_>, idx: usize) -> usize {
    let mut i = idx + 1;
    match p.kind_at(i) {
        NEW_KW | DELETE_KW => {
            i += 1;
            if p.kind_at(i) == L_BRACK && p.kind_at(i + 1) == R_BRACK {
                i += 2;
            }
        }
        L_PAREN if p.kind_at(i + 1) == R_PAREN => i += 2,
        L_BRACK if p.kind_at(i + 1) == R_BRACK => i += 2,
        STRING_LIT => {
            i += 1;
            if p.kind_at(i) == IDENT {
                i += 1;
            }
        }
        CO_AWAIT_KW => i += 1,
        k if k.is_punct() && k != COLON2 => i += p.glued_at(i).1 as usize,
        _ => {
            // A conversion function: type specifiers and pointer operators.
            loop {
                match p.kind_at(i) {
                    STAR | AMP | AMP2 => i += 1,
                    k if specifiers::is_simple_type_keyword(k)
                        || matches!(k, CONST_KW | VOLATILE_KW) =>
                    {
                        i += 1
                    }
                    DECLTYPE_KW | TYPEOF_KW => i = skip_keyword_parens(p, i),
                    TYPENAME_KW => i += 1,
                    IDENT | COLON2 => match scan_name(p, i) {
                        Some(s) => i = s.end,
                        None => break,
                    },
                    _ => break,
                }
            }
        }
    }
    i
}

/// Scans the (possibly qualified) name at `idx` without emitting anything.
pub(super) fn scan_name(p: &Parser<'_>, idx: usize) -> Option<NameScan> {
    if let Some(res) = p.cached_scan(idx) {
        return res;
    }
    p.refuel_scan();
    let res = scan_name_depth(p, idx, 0);
    p.cache_scan(idx, res);
    res
}

fn scan_name_depth(p: &Parser<'_>, idx: usize, depth: u32) -> Option<NameScan> {
    let mut i = idx;
    let mut q = Qual::FIRST;
    let mut res = NameScan {
        end: idx,
        entry: None,
        dependent: false,
        qualified: false,
        last_ident: None,
        prev_ident: None,
        last_has_targs: false,
        special: false,
        qual_scope: None,
    };
    if p.kind_at(i) == COLON2 {
        i += 1;
        q = Qual::GLOBAL;
        res.qualified = true;
    }
    loop {
        if !p.take_scan_fuel() {
            break;
        }
        res.qual_scope = if q.first { None } else { q.scope };
        let template_kw = !q.first && p.kind_at(i) == TEMPLATE_KW;
        if template_kw {
            i += 1;
        }
        match p.kind_at(i) {
            IDENT => {
                let entry = lookup_component(p, p.sym_at(i), q);
                res.prev_ident = res.last_ident;
                res.last_ident = Some(i);
                res.entry = entry;
                res.last_has_targs = false;
                i += 1;
                if starts_template_args_depth(p, i, entry, q, template_kw, depth)
                    && let Some(end) = skip_template_args_depth(p, i, depth)
                {
                    i = end;
                    res.last_has_targs = true;
                }
                if continues_qualified(p, i) {
                    q = q.after(entry);
                    i += 1;
                    res.qualified = true;
                    continue;
                }
                break;
            }
            DECLTYPE_KW if q.first => {
                i = skip_keyword_parens(p, i);
                res.entry = Some(Entry {
                    flags: Entry::TYPE | Entry::DEPENDENT,
                    scope: u32::MAX,
                });
                if continues_qualified(p, i) {
                    q = q.after(None);
                    i += 1;
                    res.qualified = true;
                    continue;
                }
                break;
            }
            TILDE => {
                i += 1;
                if p.kind_at(i) == IDENT {
                    i += 1;
                } else if p.kind_at(i) == DECLTYPE_KW {
                    i = skip_keyword_parens(p, i);
                }
                res.special = true;
                res.entry = None;
                break;
            }
            OPERATOR_KW => {
                i = skip_operator_name(p, i);
                res.special = true;
                res.entry = None;
                break;
            }
            _ => {
                if i == idx {
                    return None;
                }
                break;
            }
        }
    }
    res.dependent = res.qualified && q.dependent;
    if res.dependent {
        res.entry = None;
    }
    res.end = i;
    Some(res)
}

/// `::` followed by something a qualified name continues with (not `::*`, a member pointer).
fn continues_qualified(p: &Parser<'_>, i: usize) -> bool {
    p.kind_at(i) == COLON2 && matches!(p.kind_at(i + 1), IDENT | TEMPLATE_KW | TILDE | OPERATOR_KW)
}

/// [`name`] in a type position (see [`Parser::in_type_context`]).
pub(super) fn type_name(p: &mut Parser<'_>) -> Option<NameScan> {
    let prev = p.set_type_context(true);
    let res = name(p);
    p.set_type_context(prev);
    res
}

/// Parses a (possibly qualified) name: `NAME_REF` or `QUALIFIED_NAME`, with template arguments,
/// destructor and operator names. Returns what the name denotes.
pub(super) fn name(p: &mut Parser<'_>) -> Option<NameScan> {
    let scan = scan_name(p, p.pos())?;
    let m = p.start();
    let mut q = Qual::FIRST;
    let mut segments = 0;
    if p.at(COLON2) {
        p.bump_any();
        q = Qual::GLOBAL;
        segments += 1;
    }
    loop {
        let template_kw = !q.first && p.at(TEMPLATE_KW);
        if template_kw {
            p.bump_any();
        }
        match p.current() {
            IDENT => {
                let seg = p.start();
                let entry = lookup_component(p, p.nth_sym(0), q);
                p.bump_any();
                let lt = p.pos();
                // A known template needs no balance check (the scan made it already).
                let known = template_kw || entry.is_some_and(Entry::is_template);
                if starts_template_args(p, lt, entry, q, template_kw)
                    && (known || skip_template_args(p, lt).is_some())
                {
                    template_arg_list(p);
                }
                seg.complete(p, NAME_REF);
                segments += 1;
                if continues_qualified(p, p.pos()) {
                    p.bump_any();
                    q = q.after(entry);
                    continue;
                }
                break;
            }
            DECLTYPE_KW if q.first => {
                specifiers::decltype_spec(p);
                segments += 1;
                if continues_qualified(p, p.pos()) {
                    p.bump_any();
                    q = q.after(None);
                    continue;
                }
                break;
            }
            TILDE => {
                let d = p.start();
                p.bump_any();
                if p.at(IDENT) {
                    p.bump_any();
                    let lt = p.pos();
                    if p.at(L_ANGLE)
                        && skip_template_args(p, lt).is_some()
                        && p.glued_at(lt).0 == L_ANGLE
                    {
                        template_arg_list(p);
                    }
                } else if p.at(DECLTYPE_KW) {
                    specifiers::decltype_spec(p);
                } else {
                    p.error("expected a class name after `~`");
                }
                d.complete(p, DESTRUCTOR_NAME);
                segments += 1;
                break;
            }
            OPERATOR_KW => {
                operator_name(p);
                segments += 1;
                break;
            }
            _ => {
                p.error("expected a name");
                break;
            }
        }
    }
    if segments > 1 {
        m.complete(p, QUALIFIED_NAME);
    } else {
        m.abandon(p);
    }
    Some(scan)
}

/// `operator +`, `operator()`, `operator new[]`, `operator""_x`, `operator T*`.
fn operator_name(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    match p.current() {
        NEW_KW | DELETE_KW => {
            p.bump_any();
            if p.at(L_BRACK) && p.nth_at(1, R_BRACK) {
                p.bump_any();
                p.bump_any();
            }
        }
        L_PAREN if p.nth_at(1, R_PAREN) => {
            p.bump_any();
            p.bump_any();
        }
        L_BRACK if p.nth_at(1, R_BRACK) => {
            p.bump_any();
            p.bump_any();
        }
        STRING_LIT => {
            p.bump_any();
            if p.at(IDENT) {
                p.bump_any();
            }
        }
        CO_AWAIT_KW => p.bump_any(),
        k if k.is_punct() && k != COLON2 => {
            let (kind, n) = p.current_glued();
            p.bump_glued(kind, n);
        }
        _ => {
            // Conversion function: a type-specifier-seq and pointer operators, no function suffix.
            specifiers::type_specifier_seq(p);
            while matches!(p.current(), STAR | AMP | AMP2) {
                let op = p.start();
                p.bump_any();
                while matches!(p.current(), CONST_KW | VOLATILE_KW | RESTRICT_KW) {
                    p.bump_any();
                }
                op.complete(p, PTR_OP);
            }
        }
    }
    // `operator< <T>` in explicit specializations and friend declarations.
    let lt = p.pos();
    if p.at(L_ANGLE)
        && p.glued_at(lt).0 == L_ANGLE
        && skip_template_args(p, lt).is_some_and(|e| p.kind_at(e) == L_PAREN)
    {
        template_arg_list(p);
    }
    m.complete(p, OPERATOR_NAME);
}

/// `< arg, arg... >`. Each argument is a type-id when it looks like one, else an expression
/// in which `>` is not an operator.
pub(super) fn template_arg_list(p: &mut Parser<'_>) {
    if !p.enter_nesting() {
        too_deep(p);
        return;
    }
    let m = p.start();
    p.bump_any();
    let type_ctx = p.set_type_context(false);
    while !p.at(R_ANGLE) && !p.at_eof() {
        template_arg(p);
        p.eat(DOT3);
        if !p.eat(COMMA) {
            break;
        }
    }
    p.set_type_context(type_ctx);
    p.expect(R_ANGLE);
    m.complete(p, TEMPLATE_ARG_LIST);
    p.exit_nesting();
}

fn template_arg(p: &mut Parser<'_>) {
    if looks_like_type_id(p, p.pos()) {
        let cp = p.checkpoint();
        specifiers::type_id(p);
        if !p.has_errors_since(&cp) && matches!(p.current(), COMMA | R_ANGLE | DOT3) {
            p.commit(cp);
            return;
        }
        p.rewind(cp);
    }
    expressions::expr_no_gt(p);
}

/// Whether a type-id (rather than an expression) starts at `idx`.
pub(super) fn looks_like_type_id(p: &Parser<'_>, idx: usize) -> bool {
    let k = p.kind_at(idx);
    if specifiers::is_simple_type_keyword(k)
        || matches!(
            k,
            CONST_KW
                | VOLATILE_KW
                | TYPENAME_KW
                | CLASS_KW
                | STRUCT_KW
                | UNION_KW
                | ENUM_KW
                | TYPEOF_KW
                | ATTRIBUTE_KW
        )
    {
        return true;
    }
    match k {
        IDENT | COLON2 | DECLTYPE_KW => scan_name(p, idx).is_some_and(|s| s.is_type()),
        _ => false,
    }
}
