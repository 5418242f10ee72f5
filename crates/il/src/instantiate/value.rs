//! Integer constants under a template binding: non-type template arguments, array bounds and
//! enumerator values in a definition being instantiated (`N + 1`, `15 / sizeof(_CharT)`,
//! `is_pointer<T>::value`). `consteval` evaluates the same operators without a binding; this
//! adds what instantiation needs: bound parameters, enumerators and static constant members
//! found by lookup (through instances and their dependent bases), casts and comparisons.
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::IlDatabase;
use crate::instantiate::{Env, binding_of, enclosing_class_template};
use crate::item::{Item, ItemKind};
use crate::lookup::{ScopeRef, enumerations_in, enumerator_position};
use crate::record::size_align_of;
use crate::resolve::{Found, item_declarator, lookup_name_in, scope_of, type_id_type_in};

/// Recursion through constants defined by other constants stops here.
const MAX_DEPTH: u32 = 64;

/// The value of an integer constant expression, with `env`'s parameters bound.
pub fn eval_in<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    expr: &SyntaxNode,
) -> Option<i128> {
    eval(db, from, env, expr, 0)
}

fn eval<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    expr: &SyntaxNode,
    depth: u32,
) -> Option<i128> {
    if depth > MAX_DEPTH {
        return None;
    }
    let sub = |n: &SyntaxNode| eval(db, from, env, n, depth + 1);
    let operator = || {
        expr.children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| !t.kind().is_trivia())
            .map(|t| t.kind())
    };
    match expr.kind() {
        LITERAL => {
            let token = expr
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| !t.kind().is_trivia())?;
            match token.kind() {
                TRUE_KW => Some(1),
                FALSE_KW => Some(0),
                INT_LIT => parse_int(token.text()),
                CHAR_LIT => char_value(token.text()),
                _ => None,
            }
        }
        PAREN_EXPR | INITIALIZER => sub(&expr.children().next()?),
        PREFIX_EXPR => {
            let v = sub(&expr.children().next()?)?;
            match operator()? {
                MINUS => v.checked_neg(),
                PLUS => Some(v),
                BANG => Some(i128::from(v == 0)),
                TILDE => Some(!v),
                _ => None,
            }
        }
        BIN_EXPR => {
            let mut operands = expr.children();
            let lhs = sub(&operands.next()?)?;
            let rhs = sub(&operands.next()?)?;
            let b = |c: bool| Some(i128::from(c));
            match operator()? {
                PLUS => lhs.checked_add(rhs),
                MINUS => lhs.checked_sub(rhs),
                STAR => lhs.checked_mul(rhs),
                SLASH => lhs.checked_div(rhs),
                PERCENT => lhs.checked_rem(rhs),
                SHL => lhs.checked_shl(u32::try_from(rhs).ok()?),
                SHR => lhs.checked_shr(u32::try_from(rhs).ok()?),
                AMP => Some(lhs & rhs),
                PIPE => Some(lhs | rhs),
                CARET => Some(lhs ^ rhs),
                AMP2 => b(lhs != 0 && rhs != 0),
                PIPE2 => b(lhs != 0 || rhs != 0),
                EQ2 => b(lhs == rhs),
                NEQ => b(lhs != rhs),
                L_ANGLE => b(lhs < rhs),
                R_ANGLE => b(lhs > rhs),
                LTEQ => b(lhs <= rhs),
                GTEQ => b(lhs >= rhs),
                _ => None,
            }
        }
        COND_EXPR => {
            let mut parts = expr.children();
            let cond = sub(&parts.next()?)?;
            let (then, otherwise) = (parts.next()?, parts.next()?);
            sub(if cond != 0 { &then } else { &otherwise })
        }
        // `(int)x`, `static_cast<int>(x)`, `int(x)`: the operand (integer casts of the small
        // values declarations use keep them).
        CAST_EXPR | NAMED_CAST_EXPR | FUNCTIONAL_CAST => {
            sub(&expr.children().filter(|n| n.kind() != TYPE_ID).last()?)
        }
        SIZEOF_EXPR | ALIGNOF_EXPR => {
            let type_id = expr.children().find(|n| n.kind() == TYPE_ID)?;
            let sa = size_align_of(db, type_id_type_in(db, from, env, &type_id))?;
            Some(i128::from(if expr.kind() == SIZEOF_EXPR {
                sa.size
            } else {
                sa.align
            }))
        }
        ID_EXPR | TYPE_ID => {
            let mut children = expr.children();
            let name = children.next()?;
            if children.next().is_some() || !matches!(name.kind(), NAME_REF | QUALIFIED_NAME) {
                return None;
            }
            named_value(db, from, env, &name, depth)
        }
        _ => None,
    }
}

/// A name in a constant expression: a bound non-type parameter, a static constant member or
/// constexpr variable, or an enumerator.
fn named_value<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    name: &SyntaxNode,
    depth: u32,
) -> Option<i128> {
    let (items, found_env, qualifier) = match lookup_name_in(db, from, env, name)? {
        Found::Param(arg) => return arg.value(),
        Found::Items(items, found_env, _, qualifier) => (items, found_env, qualifier),
    };
    let ident = name
        .descendants()
        .filter(|n| n.kind() == NAME_REF)
        .last()?
        .children_with_tokens()
        .find(|t| t.kind() == IDENT)?
        .to_string();
    if let Some(var) = items
        .iter()
        .copied()
        .find(|i| matches!(i.kind(db), ItemKind::Variable | ItemKind::Field))
    {
        return variable_value(db, var, found_env, depth);
    }
    // Enumerators are not entities of their own: look in the enumerations of the scopes the
    // name could be in (the qualifier's, or from the innermost outwards).
    let scopes: Vec<ScopeRef<'db>> = if name.kind() == QUALIFIED_NAME {
        // `C::x`, `N::x`, `X<T>::x` (`E::x` of an enumeration is `resolve::value_arg`'s).
        vec![ScopeRef::Item(qualifier?)]
    } else {
        std::iter::successors(Some(from), |s| match s {
            ScopeRef::File(_) => None,
            ScopeRef::Item(item) => Some(scope_of(db, *item)),
        })
        .collect()
    };
    for scope in scopes {
        for &enumeration in enumerations_in(db, scope) {
            if let Some(v) = enumerator_value(db, enumeration, &ident, found_env, depth) {
                return Some(v);
            }
        }
    }
    None
}

/// The value of an unqualified name where only its token is at hand (attribute arguments
/// are kept as tokens): a bound parameter, a constant variable or static member, an enumerator.
pub fn identifier_value<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    ident: &str,
) -> Option<i128> {
    if let Some(arg) = crate::instantiate::lookup_param(db, env, ident) {
        return arg.value();
    }
    let found = crate::lookup::lookup_unqualified(db, from, ident);
    if let Some(var) = found
        .iter()
        .copied()
        .find(|i| matches!(i.kind(db), ItemKind::Variable | ItemKind::Field))
    {
        return variable_value(db, var, env, 0);
    }
    let scopes = std::iter::successors(Some(from), |s| match s {
        ScopeRef::File(_) => None,
        ScopeRef::Item(item) => Some(scope_of(db, *item)),
    });
    for scope in scopes {
        for &enumeration in enumerations_in(db, scope) {
            if let Some(v) = enumerator_value(db, enumeration, ident, env, 0) {
                return Some(v);
            }
        }
    }
    None
}

/// The initializer's value of a constant variable or static data member.
fn variable_value<'db>(
    db: &'db dyn IlDatabase,
    var: Item<'db>,
    found_env: Env<'db>,
    depth: u32,
) -> Option<i128> {
    let env = match enclosing_class_template(db, var) {
        Some(t) => Some(binding_of(db, found_env, t)?),
        None => None,
    };
    let header = SyntaxNode::new_root(var.header(db).clone());
    let init = item_declarator(db, var, &header)?
        .parent()?
        .children()
        .find(|n| n.kind() == INITIALIZER)?;
    // `= v`, `{v}`, `(v)`: the first expression inside.
    let expr = init
        .descendants()
        .skip(1)
        .find(|n| !matches!(n.kind(), INIT_LIST | ARG_LIST))?;
    eval(db, scope_of(db, var), env, &expr, depth + 1)
}

/// The value of the enumerator `name` of an enumeration, counting on from the last explicit
/// value.
fn enumerator_value<'db>(
    db: &'db dyn IlDatabase,
    enumeration: Item<'db>,
    name: &str,
    found_env: Env<'db>,
    depth: u32,
) -> Option<i128> {
    // Most enumerations searched do not declare the name: evaluate nothing for them, and read
    // no tree (their names are memoized).
    enumerator_position(db, enumeration, name)?;
    let env = match enclosing_class_template(db, enumeration) {
        Some(t) => binding_of(db, found_env, t),
        None => None,
    };
    let body = SyntaxNode::new_root(enumeration.body(db).cloned()?);
    // The identifier's text compared in place (formatting each enumerator's name to compare
    // it was most of the scans of enumerations that do not declare the name).
    let named = |e: &SyntaxNode| {
        e.children_with_tokens()
            .find(|t| t.kind() == IDENT)
            .and_then(|t| t.into_token())
            .is_some_and(|t| t.text() == name)
    };
    let from = scope_of(db, enumeration);
    let mut next: Option<i128> = Some(0);
    for e in body.children().filter(|n| n.kind() == ENUMERATOR) {
        let value = match e.children().next() {
            Some(init) if e.children_with_tokens().any(|t| t.kind() == EQ) => {
                eval(db, from, env, &init, depth + 1)
            }
            _ => next,
        };
        if named(&e) {
            return value;
        }
        next = value.and_then(|v| v.checked_add(1));
    }
    None
}

fn parse_int(text: &str) -> Option<i128> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        return i128::from_str_radix(hex, 16).ok();
    }
    if let Some(bin) = digits
        .strip_prefix("0b")
        .or_else(|| digits.strip_prefix("0B"))
    {
        return i128::from_str_radix(bin, 2).ok();
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return i128::from_str_radix(&digits[1..], 8).ok();
    }
    digits.parse().ok()
}

/// The value of a plain character literal (`'c'`, `'\n'`, `'\0'`, `'\x41'`); `None` for
/// prefixed and multi-character ones.
fn char_value(text: &str) -> Option<i128> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut chars = inner.chars();
    let value = match (chars.next()?, chars.as_str()) {
        ('\\', rest) => match rest.as_bytes() {
            [b'n'] => 10,
            [b't'] => 9,
            [b'r'] => 13,
            [b'a'] => 7,
            [b'b'] => 8,
            [b'f'] => 12,
            [b'v'] => 11,
            [c @ (b'\\' | b'\'' | b'"' | b'?')] => u32::from(*c),
            [b'x', hex @ ..] => u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?,
            octal if !octal.is_empty() && octal.len() <= 3 => {
                u32::from_str_radix(std::str::from_utf8(octal).ok()?, 8).ok()?
            }
            _ => return None,
        },
        (c, "") if c.is_ascii() => u32::from(c),
        _ => return None,
    };
    // A plain `char` is signed (x86-64): `'\\377'` is -1.
    Some(i128::from(value as u8 as i8))
}
