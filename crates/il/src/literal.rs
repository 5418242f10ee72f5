//! il's typing of literals, for what declarations spell with them: a template argument
//! written as a literal (its type is kept for a placeholder parameter) and the initializer of a
//! variable whose type is deduced. Expressions in bodies are typed by hir-ty's inference.
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::IlDatabase;
use crate::ty::{Builtin, Cv, Ty, TyKind};

/// The type of a literal expression (its first token; adjacent string literal pieces
/// concatenated): integer literals by value and suffix ([lex.icon]), floating, character,
/// boolean and `nullptr` literals, and strings as `const C [n]`. `None` for anything else.
pub fn literal_type<'db>(db: &'db dyn IlDatabase, expr: &SyntaxNode) -> Option<Ty<'db>> {
    let token = expr
        .children_with_tokens()
        .filter_map(|t| t.into_token())
        .find(|t| !t.kind().is_trivia())?;
    let b = match token.kind() {
        INT_LIT => {
            let text = token.text().to_ascii_lowercase();
            let digits = text.trim_end_matches(['u', 'l']);
            let suffix = &text[digits.len()..];
            let value = parse_int(digits);
            let (unsigned, longs) = (suffix.contains('u'), suffix.matches('l').count());
            let decimal = !digits.starts_with('0') || digits == "0";
            // [lex.icon]: the first type of the list that can represent the value.
            let fits_int = value.is_some_and(|v| v <= i32::MAX as u128);
            let fits_uint = value.is_some_and(|v| v <= u32::MAX as u128);
            let fits_long = value.is_some_and(|v| v <= i64::MAX as u128);
            match (unsigned, longs) {
                (false, 0) if fits_int => Builtin::Int,
                (false, 0) if !decimal && fits_uint => Builtin::UnsignedInt,
                (false, 0 | 1) if fits_long => Builtin::Long,
                (false, 0 | 1) if !decimal => Builtin::UnsignedLong,
                (true, 0) if fits_uint => Builtin::UnsignedInt,
                (true, 0 | 1) => Builtin::UnsignedLong,
                (false, _) => Builtin::LongLong,
                (true, _) => Builtin::UnsignedLongLong,
            }
        }
        FLOAT_LIT => {
            let text = token.text();
            if text.ends_with(['f', 'F']) && !text.starts_with("0x") {
                Builtin::Float
            } else if text.ends_with(['l', 'L']) {
                Builtin::LongDouble
            } else {
                Builtin::Double
            }
        }
        CHAR_LIT if token.text().starts_with('\'') => Builtin::Char,
        TRUE_KW | FALSE_KW => Builtin::Bool,
        NULLPTR_KW => Builtin::NullPtr,
        STRING_LIT => return string_literal(db, expr),
        _ => return None,
    };
    Some(Ty::builtin(db, b))
}

/// A string literal, adjacent pieces concatenated (`"ab" "cd"`): `const C [n]`, its
/// code units and the terminating null, `C` from the encoding prefix (`u8` is `char` in
/// C++17). Raw strings and prefixes mixed with others are left unknown.
fn string_literal<'db>(db: &'db dyn IlDatabase, expr: &SyntaxNode) -> Option<Ty<'db>> {
    let mut elem: Option<Builtin> = None;
    let mut n = 0;
    for piece in expr
        .children_with_tokens()
        .filter_map(|t| t.into_token())
        .filter(|t| !t.kind().is_trivia())
    {
        if piece.kind() != STRING_LIT {
            return None;
        }
        let text = piece.text();
        let quote = text.find('"')?;
        let (this, per_char): (Builtin, fn(char) -> u64) = match &text[..quote] {
            "" | "u8" => (Builtin::Char, |c| c.len_utf8() as u64),
            "u" => (Builtin::Char16, |c| c.len_utf16() as u64),
            "U" => (Builtin::Char32, |_| 1),
            "L" => (Builtin::WChar, |_| 1),
            _ => return None,
        };
        // An unprefixed piece takes the others' encoding.
        elem = match (elem, this) {
            (None | Some(Builtin::Char), this) => Some(this),
            (Some(e), Builtin::Char) => Some(e),
            (Some(e), this) if e == this => Some(e),
            _ => return None,
        };
        n += string_length(&text[quote..], per_char)?;
    }
    let elem = Ty::builtin(db, elem?).qualified(db, CONST);
    Some(Ty::new(db, TyKind::Array(elem, Some(n + 1))))
}

const CONST: Cv = Cv {
    is_const: true,
    is_volatile: false,
    is_restrict: false,
};

fn parse_int(digits: &str) -> Option<u128> {
    let digits = digits.replace('\'', "");
    if let Some(hex) = digits.strip_prefix("0x") {
        u128::from_str_radix(hex, 16).ok()
    } else if let Some(bin) = digits.strip_prefix("0b") {
        u128::from_str_radix(bin, 2).ok()
    } else if digits.len() > 1 && digits.starts_with('0') {
        u128::from_str_radix(&digits[1..], 8).ok()
    } else {
        digits.parse().ok()
    }
}

/// The number of code units a string literal's text (from its opening quote) denotes, a
/// source character counting `per_char` units and an escape one (`\\0`, `\\x41`, `\\n`);
/// `None` for universal character names, which this does not count.
fn string_length(text: &str, per_char: fn(char) -> u64) -> Option<u64> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    let mut n = 0;
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            n += per_char(c);
            continue;
        }
        match chars.next()? {
            'u' | 'U' => return None,
            // Up to three octal digits, or any number of hex digits, make one unit.
            '0'..='7' => {
                for _ in 0..2 {
                    chars.next_if(|d| ('0'..='7').contains(d));
                }
            }
            'x' => while chars.next_if(char::is_ascii_hexdigit).is_some() {},
            _ => {}
        }
        n += 1;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};
    use syntax::{SyntaxKind::*, SyntaxNode};

    use crate::test_db::TestDb;

    /// The type of the argument of each `probe(...)` call in the fixture. Every expectation
    /// was checked with g++ 12 (`-std=c++17`, `decltype` of the literal).
    fn check(text: &str, expect: Expect) {
        let (db, file) = TestDb::with_file(text);
        let root: SyntaxNode = base_db::parse(&db, file).syntax_node();
        let mut out = String::new();
        for call in root.descendants().filter(|n| n.kind() == CALL_EXPR) {
            if !call.children().next().is_some_and(|c| c.text() == "probe") {
                continue;
            }
            let arg = call
                .children()
                .find(|n| n.kind() == ARG_LIST)
                .and_then(|l| l.children().next())
                .unwrap();
            let ty = super::literal_type(&db, &arg)
                .map_or_else(|| "unknown".to_string(), |t| t.display(&db).to_string());
            out.push_str(&format!("{arg}: {ty}\n"));
        }
        expect.assert_eq(&out);
    }

    #[test]
    fn literals_have_their_types() {
        check(
            "void probe(...);\n\
             void f() { probe(1); probe(2u); probe(3L); probe(4ul); probe(3000000000); probe(0x80000000);\n\
             probe(1.5); probe(1.5f); probe('c'); probe(true); probe(\"ab\"); probe(nullptr); probe(x); }\n",
            expect![[r#"
                1: int
                2u: unsigned int
                3L: long
                4ul: unsigned long
                3000000000: long
                0x80000000: unsigned int
                1.5: double
                1.5f: float
                'c': char
                true: bool
                "ab": const char [3]
                nullptr: std::nullptr_t
                x: unknown
            "#]],
        );
    }

    #[test]
    fn string_literals_have_their_encodings_and_lengths() {
        check(
            "void probe(...);\n\
             void f() { probe(u8\"xy\"); probe(u\"ab\"); probe(U\"ab\"); probe(L\"ab\"); probe(\"a\" \"bc\");\n\
             probe(\"a\" u\"bc\"); probe(\"a\\0b\"); probe(\"\\x41\\101z\"); probe(u8\"\u{e9}\"); probe(u\"\u{e9}\"); }\n",
            expect![[r#"
                u8"xy": const char [3]
                u"ab": const char16_t [3]
                U"ab": const char32_t [3]
                L"ab": const wchar_t [3]
                "a" "bc": const char [4]
                "a" u"bc": const char16_t [4]
                "a\0b": const char [4]
                "\x41\101z": const char [4]
                u8"é": const char [3]
                u"é": const char16_t [2]
            "#]],
        );
    }
}
