//! Integer constant expressions where declarations need them: array bounds, bit-field widths,
//! `aligned(N)` / `alignas(N)` / `vector_size(N)` arguments. Literals, parentheses, `+ - * /
//! << >>`, and `sizeof`/`alignof` of types whose layout is known; anything else is `None`
//! (the caller then treats the type as unknown rather than guessing).
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::IlDatabase;
use crate::lookup::ScopeRef;
use crate::record::size_align_of;

/// The value of the integer constant expression in a node (`: 3`, `(16)`,
/// `(2*sizeof(long int))`): literals, parentheses, `+ - * / << >>`, and `sizeof`/`alignof` of
/// types whose layout is known. `None` for anything else.
pub(crate) fn const_value(
    db: &dyn IlDatabase,
    from: ScopeRef<'_>,
    node: &SyntaxNode,
) -> Option<u64> {
    let expr = node.children().find(|n| {
        matches!(
            n.kind(),
            LITERAL | BIN_EXPR | PAREN_EXPR | SIZEOF_EXPR | ALIGNOF_EXPR
        )
    });
    match expr {
        Some(expr) => eval(db, from, &expr),
        // Attribute arguments are kept as tokens by the parser.
        None => {
            let tokens: Vec<syntax::SyntaxToken> = node
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .filter(|t| !t.kind().is_trivia())
                .collect();
            let inner = match tokens.as_slice() {
                [open, inner @ .., close] if open.kind() == L_PAREN && close.kind() == R_PAREN => {
                    inner
                }
                all => all,
            };
            let mut pos = 0;
            let value = TokenEval {
                db,
                from,
                tokens: inner,
            }
            .sum(&mut pos)?;
            (pos == inner.len()).then_some(value)
        }
    }
}

/// A small recursive-descent evaluator for the integer expressions written as attribute
/// arguments (`aligned(2*sizeof(long int))`).
struct TokenEval<'a, 'db> {
    db: &'a dyn IlDatabase,
    from: ScopeRef<'db>,
    tokens: &'a [syntax::SyntaxToken],
}

impl TokenEval<'_, '_> {
    fn sum(&self, pos: &mut usize) -> Option<u64> {
        let mut value = self.product(pos)?;
        while let Some(op) = self.tokens.get(*pos).map(|t| t.kind()) {
            if !matches!(op, PLUS | MINUS) {
                break;
            }
            *pos += 1;
            let rhs = self.product(pos)?;
            value = if op == PLUS {
                value.checked_add(rhs)?
            } else {
                value.checked_sub(rhs)?
            };
        }
        Some(value)
    }

    fn product(&self, pos: &mut usize) -> Option<u64> {
        let mut value = self.factor(pos)?;
        while let Some(op) = self.tokens.get(*pos).map(|t| t.kind()) {
            if !matches!(op, STAR | SLASH) {
                break;
            }
            *pos += 1;
            let rhs = self.factor(pos)?;
            value = if op == STAR {
                value.checked_mul(rhs)?
            } else {
                value.checked_div(rhs)?
            };
        }
        Some(value)
    }

    fn factor(&self, pos: &mut usize) -> Option<u64> {
        let token = self.tokens.get(*pos)?;
        *pos += 1;
        match token.kind() {
            INT_LIT => parse_int(token.text()),
            L_PAREN => {
                let value = self.sum(pos)?;
                (self.tokens.get(*pos)?.kind() == R_PAREN).then(|| *pos += 1)?;
                Some(value)
            }
            SIZEOF_KW | ALIGNOF_KW => {
                (self.tokens.get(*pos)?.kind() == L_PAREN).then(|| *pos += 1)?;
                let start = *pos;
                while self.tokens.get(*pos)?.kind() != R_PAREN {
                    *pos += 1;
                }
                let elements = self.tokens[start..*pos]
                    .iter()
                    .cloned()
                    .map(rowan::NodeOrToken::Token);
                *pos += 1;
                let ty = crate::resolve::specifier_type_of(self.db, self.from, elements);
                let sa = size_align_of(self.db, ty)?;
                Some(if token.kind() == SIZEOF_KW {
                    sa.size
                } else {
                    sa.align
                })
            }
            _ => None,
        }
    }
}

fn eval(db: &dyn IlDatabase, from: ScopeRef<'_>, expr: &SyntaxNode) -> Option<u64> {
    match expr.kind() {
        LITERAL => literal_value(expr),
        PAREN_EXPR => const_value(db, from, expr),
        BIN_EXPR => {
            let mut operands = expr.children();
            let lhs = eval(db, from, &operands.next()?)?;
            let rhs = eval(db, from, &operands.next()?)?;
            let op = expr
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| !t.kind().is_trivia())?;
            match op.kind() {
                PLUS => lhs.checked_add(rhs),
                MINUS => lhs.checked_sub(rhs),
                STAR => lhs.checked_mul(rhs),
                SLASH => lhs.checked_div(rhs),
                SHL => lhs.checked_shl(u32::try_from(rhs).ok()?),
                SHR => lhs.checked_shr(u32::try_from(rhs).ok()?),
                _ => None,
            }
        }
        SIZEOF_EXPR | ALIGNOF_EXPR => {
            let type_id = expr.children().find(|n| n.kind() == TYPE_ID)?;
            let sa = size_align_of(db, crate::resolve::type_id_type(db, from, &type_id))?;
            Some(if expr.kind() == SIZEOF_EXPR {
                sa.size
            } else {
                sa.align
            })
        }
        _ => None,
    }
}

/// The first integer literal inside a node (`: 3`, `(16)`).
fn literal_value(node: &SyntaxNode) -> Option<u64> {
    let token = node
        .descendants_with_tokens()
        .find(|t| t.kind() == INT_LIT)?;
    parse_int(&token.to_string())
}

fn parse_int(text: &str) -> Option<u64> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => digits.parse().ok(),
    }
}
