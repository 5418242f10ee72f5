//! Braced initializers as cudafe++ regenerates them from its IL (measured on its
//! `.cudafe1.cpp`, 13.0.88). gcc's diagnostics on them (a narrowing constant is gcc's
//! `-Wnarrowing` error) carry the columns of this text, so ours must match:
//!
//! - An element that is a literal is printed as EDG's constant: an integer or character
//!   literal of the element's type as written (`{5}`, `{'a'}`), converted to another type in
//!   parentheses (`{(300)}` for a `char`, `{(2)}` for a `double`); a floating literal always in
//!   parentheses, converted once more (`{(1.5)}` for a `double`, `{((1.5))}` for an `int`); a
//!   negated integer literal in parentheses (`{(-1)}`), a negated floating one of the
//!   element's type as `{(-(1.5))}`.
//! - The same for a literal initializing a scalar (`double d = (1.5);`, `long long ll =
//!   (4);`, `long double ld = ((1.0));`, `int x = 5;`).
//! - `T x = {e};` for a scalar `T` loses its braces (`int b = ((2.5));`, `int z = d;`); `T
//!   x{e};` keeps them (`int c{((3.5))};`).
//!
//! The element's type comes from the declaration's type (il's `specifier_type` and
//! `declarator_type`, typedefs followed): arrays give their element type, a plain aggregate
//! its data members in order. Only builtin arithmetic targets are respelled (in templates
//! too, where the type does not depend on a parameter: `template <class T> void t() { int
//! f[1] = {((1.5))}; }`, measured); device variables and anything whose type il does not
//! know are left as written. Not done: EDG's respelling of the constants themselves
//! (`0x10` as `16`, `1e300` as `1.0E300`, `1.0f` as `1.0F`, `5u` as `5U`), which moves only
//! the columns after them, and the other expressions EDG parenthesises (`(1 + 2)`).
use il::ItemKind;
use il::lookup::ScopeRef;
use il::ty::{Builtin, Ty, TyKind};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::edits::Edits;
use crate::{ChunkContext, CodegenDatabase};

/// The braced initializers of the variables `node` declares (and of the locals and data
/// members inside it).
pub(crate) fn respell(
    db: &dyn CodegenDatabase,
    node: &SyntaxNode,
    cx: &ChunkContext,
    text: &str,
    edits: &mut Edits,
) {
    for decl in node
        .descendants()
        .filter(|n| n.kind() == SIMPLE_DECLARATION)
    {
        let inits: Vec<SyntaxNode> = decl
            .children()
            .filter(|n| n.kind() == INIT_DECLARATOR)
            .filter(|i| {
                i.children()
                    .filter(|n| n.kind() == INITIALIZER)
                    .any(|init| {
                        init.children()
                            .any(|n| matches!(n.kind(), INIT_LIST | LITERAL | PREFIX_EXPR))
                    })
            })
            .collect();
        if inits.is_empty() {
            continue;
        }
        // Asked only of declarations with an initializer to respell (most declarations of a
        // unit have none, and the climb reaches the root from each).
        let in_template = decl.ancestors().any(|a| a.kind() == TEMPLATE_DECL);
        let (_, attrs) = il::decl::declaration_facts(&decl, None);
        if il::cuda::memory_space(&attrs) != il::cuda::MemorySpace::Host {
            continue;
        }
        let from = ScopeRef::File(cx.file);
        let base = il::resolve::specifier_type(db, from, &decl);
        for init in inits {
            let Some(declarator) = init.children().find(|n| n.kind() == DECLARATOR) else {
                continue;
            };
            let Some(initializer) = init.children().find(|n| n.kind() == INITIALIZER) else {
                continue;
            };
            let target = il::resolve::declarator_type(db, from, base, &declarator);
            let copy = initializer.children_with_tokens().any(|t| t.kind() == EQ);
            let Some(list) = initializer.children().find(|n| n.kind() == INIT_LIST) else {
                // `T x = 1.5;`: the literal as EDG's constant.
                if copy
                    && let Some(to) = scalar(db, target)
                    && let [e] = &initializer.children().collect::<Vec<_>>()[..]
                    && let Some((open, close)) = literal_parens(e, to)
                {
                    edits.insert(e.text_range().start(), open.into());
                    edits.insert(e.text_range().end(), close.into());
                }
                continue;
            };
            // Names are looked up at file scope: only there for what namespace scope declares.
            let names = cx.namespace_path.is_empty()
                && !in_template
                && !decl
                    .ancestors()
                    .any(|a| matches!(a.kind(), COMPOUND_STMT | MEMBER_LIST));
            let mut r = Respeller {
                db,
                text,
                edits,
                file: cx.file,
                names,
            };
            if copy && let Some(to) = scalar(db, target) {
                // `T x = {e};`: the braces go.
                if let [e] = &elements(&list)[..]
                    && e.kind() != INIT_LIST
                {
                    let spelled = r.spelled(e, to);
                    r.edits.replace(text, list.text_range(), spelled);
                }
                continue;
            }
            r.list(target, &list);
        }
    }
}

struct Respeller<'a> {
    db: &'a dyn CodegenDatabase,
    text: &'a str,
    edits: &'a mut Edits,
    file: base_db::SourceFile,
    /// Whether names in elements may be looked up (a declaration at file scope).
    names: bool,
}

impl Respeller<'_> {
    /// A braced list initializing an object of type `target`.
    fn list(&mut self, target: Ty<'_>, list: &SyntaxNode) {
        let db = self.db;
        let target = unqualified(db, target);
        let elems = elements(list);
        match target.kind(db) {
            TyKind::Array(elem, _) => {
                let elem = *elem;
                for e in &elems {
                    if !self.element(elem, e) {
                        return;
                    }
                }
            }
            TyKind::Builtin(_) => {
                if let [e] = &elems[..] {
                    self.element(target, e);
                }
            }
            TyKind::Class(class) => {
                let Some(fields) = aggregate_fields(db, *class) else {
                    return;
                };
                for (e, field) in elems.iter().zip(fields) {
                    if !self.element(il::resolve::declared_type(db, field), e) {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    /// One element; `false` where brace elision leaves the rest unknown.
    fn element(&mut self, target: Ty<'_>, e: &SyntaxNode) -> bool {
        let db = self.db;
        if e.kind() == INIT_LIST {
            self.list(target, e);
            return true;
        }
        let Some(to) = scalar(db, target) else {
            let target = unqualified(db, target);
            return !matches!(target.kind(db), TyKind::Array(..) | TyKind::Class(_));
        };
        if let Some((open, close)) = self.parens(e, to) {
            self.edits.insert(e.text_range().start(), open.into());
            self.edits.insert(e.text_range().end(), close.into());
        }
        true
    }

    /// The element's text as cudafe++ prints it for a `to`.
    fn spelled(&self, e: &SyntaxNode, to: Builtin) -> String {
        let range = e.text_range();
        let inner = &self.text[usize::from(range.start())..usize::from(range.end())];
        match self.parens(e, to) {
            Some((open, close)) => format!("{open}{inner}{close}"),
            None => inner.to_string(),
        }
    }

    /// The parentheses cudafe++ puts around an element converted to `to` (`None`: none, or
    /// not an element it is known to print so): literals, and a `constexpr` variable of
    /// another type (`{(cd)}`: EDG's constant, folded from the name, measured).
    fn parens(&self, e: &SyntaxNode, to: Builtin) -> Option<(&'static str, &'static str)> {
        if e.kind() == ID_EXPR && self.names {
            let [name] = &e.children().collect::<Vec<_>>()[..] else {
                return None;
            };
            if name.kind() != NAME_REF {
                return None;
            }
            let db = self.db;
            let Some(il::resolve::Found::Items(items, ..)) =
                il::resolve::lookup_name_in(db, ScopeRef::File(self.file), None, name)
            else {
                return None;
            };
            let [var] = &items[..] else { return None };
            if var.kind(db) != ItemKind::Variable
                || !il::decl::variable_decl(db, *var).specifiers.is_constexpr
            {
                return None;
            }
            let ty = scalar(db, il::resolve::declared_type(db, *var))?;
            return (ty != to).then_some(("(", ")"));
        }
        literal_parens(e, to)
    }
}

/// The parentheses cudafe++ puts around a literal element converted to `to`.
fn literal_parens(e: &SyntaxNode, to: Builtin) -> Option<(&'static str, &'static str)> {
    match e.kind() {
        LITERAL => {
            let (kind, ty) = literal_type(e)?;
            match (kind, ty == to) {
                (FLOAT_LIT, true) => Some(("(", ")")),
                (FLOAT_LIT, false) => Some(("((", "))")),
                (_, true) => None,
                (_, false) => Some(("(", ")")),
            }
        }
        PREFIX_EXPR => {
            let tokens: Vec<_> = e
                .children_with_tokens()
                .filter(|t| !t.kind().is_trivia())
                .collect();
            let [minus, operand] = &tokens[..] else {
                return None;
            };
            let operand = operand.as_node().filter(|n| n.kind() == LITERAL)?;
            if minus.kind() != MINUS {
                return None;
            }
            match literal_type(operand)? {
                (INT_LIT, _) => Some(("(", ")")),
                // `(-(1.5))`: parentheses inside too, which a prefix cannot add alone.
                _ => None,
            }
        }
        _ => None,
    }
}

/// A literal's token kind and type; `None` for prefixed characters, user-defined literals
/// and suffixes not modelled.
fn literal_type(lit: &SyntaxNode) -> Option<(syntax::SyntaxKind, Builtin)> {
    let token = lit
        .children_with_tokens()
        .filter_map(|t| t.into_token())
        .find(|t| !t.kind().is_trivia())?;
    let text = token.text();
    let ty = match token.kind() {
        INT_LIT => int_literal_type(text)?,
        FLOAT_LIT => {
            if text.starts_with("0x") || text.starts_with("0X") {
                return None;
            }
            match text.chars().last()? {
                'f' | 'F' => Builtin::Float,
                'l' | 'L' => Builtin::LongDouble,
                c if c.is_ascii_digit() || c == '.' => Builtin::Double,
                _ => return None,
            }
        }
        CHAR_LIT => {
            // `'a'` (one character or one escape); prefixed and multi-character ones are not
            // modelled.
            let body = text.strip_prefix('\'')?.strip_suffix('\'')?;
            let one = body.chars().count() == 1 || body.starts_with('\\');
            if !one {
                return None;
            }
            Builtin::Char
        }
        _ => return None,
    };
    Some((token.kind(), ty))
}

/// [lex.icon]: the first type of the literal's list its value fits.
fn int_literal_type(text: &str) -> Option<Builtin> {
    let digits_end = text.find(['u', 'U', 'l', 'L']).unwrap_or(text.len());
    let (digits, suffix) = text.split_at(digits_end);
    let digits = digits.replace('\'', "");
    let value: u128 = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        u128::from_str_radix(hex, 16).ok()?
    } else if let Some(bin) = digits
        .strip_prefix("0b")
        .or_else(|| digits.strip_prefix("0B"))
    {
        u128::from_str_radix(bin, 2).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        u128::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse().ok()?
    };
    let decimal = !(digits.starts_with('0') && digits.len() > 1);
    let unsigned = suffix.contains(['u', 'U']);
    let longs = suffix.matches(['l', 'L']).count();
    if suffix.len() != usize::from(unsigned) + longs || longs > 2 {
        return None;
    }
    let candidates: &[Builtin] = match (unsigned, longs, decimal) {
        (false, 0, true) => &[Builtin::Int, Builtin::Long],
        (false, 0, false) => &[
            Builtin::Int,
            Builtin::UnsignedInt,
            Builtin::Long,
            Builtin::UnsignedLong,
        ],
        (true, 0, _) => &[Builtin::UnsignedInt, Builtin::UnsignedLong],
        (false, 1, true) => &[Builtin::Long],
        (false, 1, false) => &[Builtin::Long, Builtin::UnsignedLong],
        (true, 1, _) => &[Builtin::UnsignedLong],
        (false, _, true) => &[Builtin::LongLong],
        (false, _, false) => &[Builtin::LongLong, Builtin::UnsignedLongLong],
        (true, _, _) => &[Builtin::UnsignedLongLong],
    };
    candidates.iter().copied().find(|b| {
        let max: u128 = match b {
            Builtin::Int => i32::MAX as u128,
            Builtin::UnsignedInt => u32::MAX as u128,
            Builtin::Long | Builtin::LongLong => i64::MAX as u128,
            _ => u64::MAX as u128,
        };
        value <= max
    })
}

/// The elements of a braced list (its child expressions).
fn elements(list: &SyntaxNode) -> Vec<SyntaxNode> {
    list.children().collect()
}

/// The builtin arithmetic type `ty` denotes (typedefs followed, cv dropped).
fn scalar(db: &dyn CodegenDatabase, ty: Ty<'_>) -> Option<Builtin> {
    match unqualified(db, ty).kind(db) {
        TyKind::Builtin(b) if !matches!(b, Builtin::Void | Builtin::NullPtr) => Some(*b),
        _ => None,
    }
}

fn unqualified<'db>(db: &'db dyn CodegenDatabase, ty: Ty<'db>) -> Ty<'db> {
    let ty = il::instantiate::canonical(db, ty);
    match ty.kind(db) {
        TyKind::Qualified(_, inner) => *inner,
        _ => ty,
    }
}

/// The non-static data members of a plain aggregate struct (public data members only), in
/// order; `None` for any other class.
fn aggregate_fields<'db>(
    db: &'db dyn CodegenDatabase,
    class: il::Item<'db>,
) -> Option<Vec<il::Item<'db>>> {
    if class.kind(db) != ItemKind::Struct || !il::lookup::base_classes(db, class).is_empty() {
        return None;
    }
    let members = il::scope::scope_items(db, class);
    let fields: Vec<il::Item<'db>> = members
        .iter()
        .copied()
        .filter(|i| {
            i.kind(db) == ItemKind::Field
                && matches!(i.access(db), None | Some(il::item::Access::Public))
        })
        .collect();
    (fields.len() == members.len()).then_some(fields)
}
