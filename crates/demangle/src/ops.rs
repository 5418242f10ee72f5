//! The `<operator-name>` table: two-letter codes, their C++ spelling, how an expression using
//! them is built, and their precedence when printed. Sorted by code for binary search.

use crate::ast::OpRef;

/// How an operator code builds an expression node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OpKind {
    Prefix,
    Postfix,
    Binary,
    Array,
    Member,
    New,
    Del,
    Call,
    CCast,
    Conditional,
    /// Nameable as `operator X` but not valid in an expression.
    NameOnly,
    // Below do not have operator names.
    NamedCast,
    OfIdOp,
}

/// Expression precedence, tightest first (C++ [expr] order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Prec {
    Primary,
    Postfix,
    Unary,
    Cast,
    PtrMem,
    Multiplicative,
    Additive,
    Shift,
    Spaceship,
    Relational,
    Equality,
    And,
    Xor,
    Ior,
    AndIf,
    OrIf,
    Conditional,
    Assign,
    Comma,
    Default,
}

pub struct OpInfo {
    pub code: &'static str,
    pub kind: OpKind,
    /// Array-ness for new/delete, type-ness for sizeof/alignof/typeid, parenthesised callee for
    /// `cp`, nameability for member access.
    pub flag: bool,
    pub prec: Prec,
    /// `operator+` etc.; for casts and `sizeof` the keyword.
    pub name: &'static str,
}

use OpKind::*;
use Prec as P;

macro_rules! ops {
    ($(($code:literal, $kind:ident, $flag:literal, $prec:ident, $name:literal)),* $(,)?) => {
        pub(crate) static OPS: &[OpInfo] = &[$(OpInfo { code: $code, kind: $kind, flag: $flag, prec: P::$prec, name: $name }),*];
    };
}

ops![
    ("aN", Binary, false, Assign, "operator&="),
    ("aS", Binary, false, Assign, "operator="),
    ("aa", Binary, false, AndIf, "operator&&"),
    ("ad", Prefix, false, Unary, "operator&"),
    ("an", Binary, false, And, "operator&"),
    ("at", OfIdOp, true, Unary, "alignof "),
    ("aw", NameOnly, false, Primary, "operator co_await"),
    ("az", OfIdOp, false, Unary, "alignof "),
    ("cc", NamedCast, false, Postfix, "const_cast"),
    ("cl", Call, false, Postfix, "operator()"),
    ("cm", Binary, false, Comma, "operator,"),
    ("co", Prefix, false, Unary, "operator~"),
    ("cp", Call, true, Postfix, "operator()"),
    ("cv", CCast, false, Cast, "operator"),
    ("dV", Binary, false, Assign, "operator/="),
    ("da", Del, true, Unary, "operator delete[]"),
    ("dc", NamedCast, false, Postfix, "dynamic_cast"),
    ("de", Prefix, false, Unary, "operator*"),
    ("dl", Del, false, Unary, "operator delete"),
    ("ds", Member, false, PtrMem, "operator.*"),
    ("dt", Member, false, Postfix, "operator."),
    ("dv", Binary, false, Multiplicative, "operator/"),
    ("eO", Binary, false, Assign, "operator^="),
    ("eo", Binary, false, Xor, "operator^"),
    ("eq", Binary, false, Equality, "operator=="),
    ("ge", Binary, false, Relational, "operator>="),
    ("gt", Binary, false, Relational, "operator>"),
    ("ix", Array, false, Postfix, "operator[]"),
    ("lS", Binary, false, Assign, "operator<<="),
    ("le", Binary, false, Relational, "operator<="),
    ("ls", Binary, false, Shift, "operator<<"),
    ("lt", Binary, false, Relational, "operator<"),
    ("mI", Binary, false, Assign, "operator-="),
    ("mL", Binary, false, Assign, "operator*="),
    ("mi", Binary, false, Additive, "operator-"),
    ("ml", Binary, false, Multiplicative, "operator*"),
    ("mm", Postfix, false, Postfix, "operator--"),
    ("na", New, true, Unary, "operator new[]"),
    ("ne", Binary, false, Equality, "operator!="),
    ("ng", Prefix, false, Unary, "operator-"),
    ("nt", Prefix, false, Unary, "operator!"),
    ("nw", New, false, Unary, "operator new"),
    ("oR", Binary, false, Assign, "operator|="),
    ("oo", Binary, false, OrIf, "operator||"),
    ("or", Binary, false, Ior, "operator|"),
    ("pL", Binary, false, Assign, "operator+="),
    ("pl", Binary, false, Additive, "operator+"),
    ("pm", Member, true, PtrMem, "operator->*"),
    ("pp", Postfix, false, Postfix, "operator++"),
    ("ps", Prefix, false, Unary, "operator+"),
    ("pt", Member, true, Postfix, "operator->"),
    ("qu", Conditional, false, Conditional, "operator?"),
    ("rM", Binary, false, Assign, "operator%="),
    ("rS", Binary, false, Assign, "operator>>="),
    ("rc", NamedCast, false, Postfix, "reinterpret_cast"),
    ("rm", Binary, false, Multiplicative, "operator%"),
    ("rs", Binary, false, Shift, "operator>>"),
    ("sc", NamedCast, false, Postfix, "static_cast"),
    ("ss", Binary, false, Spaceship, "operator<=>"),
    ("st", OfIdOp, true, Unary, "sizeof "),
    ("sz", OfIdOp, false, Unary, "sizeof "),
    ("te", OfIdOp, false, Postfix, "typeid "),
    ("ti", OfIdOp, true, Postfix, "typeid "),
];

impl OpRef {
    pub fn info(self) -> &'static OpInfo {
        &OPS[self.0 as usize]
    }
    /// The operator as written in an expression: `+`, `new`, `static_cast`, `sizeof `.
    pub fn symbol(self) -> &'static str {
        let info = self.info();
        if info.kind < NamedCast {
            info.name
                .strip_prefix("operator")
                .unwrap_or(info.name)
                .trim_start_matches(' ')
        } else {
            info.name
        }
    }
    pub fn code(self) -> &'static str {
        self.info().code
    }

    /// The operator with this two-letter code (`pl`, `cv`...), for building ASTs by hand.
    pub fn from_code(code: &str) -> Option<OpRef> {
        lookup(code.as_bytes())
    }
}

/// Looks up a two-letter operator code.
pub(crate) fn lookup(code: &[u8]) -> Option<OpRef> {
    if code.len() < 2 {
        return None;
    }
    OPS.binary_search_by(|op| op.code.as_bytes().cmp(&code[..2]))
        .ok()
        .map(|i| OpRef(i as u16))
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_sorted() {
        assert!(
            super::OPS
                .windows(2)
                .all(|w| w[0].code.as_bytes() < w[1].code.as_bytes())
        );
    }
}
