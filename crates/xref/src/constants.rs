//! The builtin types that typedefs stand for (`std::size_t` is `unsigned long`), which decide
//! how an integer constant argument prints (hir-ty's `display::edg_builtin_constant`), and the
//! values of integer literal arguments.
use il::ty::Builtin;
use syntax::{SyntaxKind::*, SyntaxNode};

use super::{Scope, Walker};

impl Walker {
    /// Remembers a typedef or alias of a builtin type, or of another such typedef
    /// (`typedef unsigned long size_t;`, `using intmax_t = __intmax_t;`). `specifiers` are the
    /// tokens and nodes before the declarator.
    pub(super) fn record_builtin_typedef(&mut self, name: String, ty: &SyntaxNode, scope: &Scope) {
        let text: Vec<String> = ty
            .children_with_tokens()
            .take_while(|t| !matches!(t.kind(), INIT_DECLARATOR | DECLARATOR))
            .filter(|t| !t.kind().is_trivia() && t.kind() != TYPEDEF_KW)
            .map(|t| t.to_string())
            .collect();
        if let Some(builtin) = self.builtin_type(&text.join(" "), scope) {
            self.builtin_typedefs.insert(name, builtin);
        }
    }

    /// The builtin type a type written in `scope` denotes, through typedefs.
    pub(super) fn builtin_type(&self, written: &str, scope: &Scope) -> Option<Builtin> {
        let written = written.trim().trim_start_matches("::");
        if let Some(builtin) = canonical_builtin(written) {
            return Some(builtin);
        }
        if written.contains("::") {
            let resolved = self.resolve_qualified(written, scope);
            return self.builtin_typedefs.get(&resolved).copied();
        }
        self.find_lookup_key(written, scope, |key| {
            self.builtin_typedefs.get(key).copied()
        })
    }
}

/// `unsigned long int`, `long unsigned` and `unsigned long` are one type: the builtin the
/// words name, or `None` when they are not a builtin integer or character type.
pub(super) fn canonical_builtin(words: &str) -> Option<Builtin> {
    use Builtin::*;
    let (mut unsigned, mut signed, mut longs, mut base) = (false, false, 0, None);
    for word in words.split_whitespace() {
        match word {
            "unsigned" => unsigned = true,
            "signed" => signed = true,
            "long" => longs += 1,
            "const" | "volatile" => {}
            "int" | "short" | "char" | "bool" | "wchar_t" | "char8_t" | "char16_t" | "char32_t"
            | "__int128"
                if base.is_none() =>
            {
                base = Some(word)
            }
            _ => return None,
        }
    }
    Some(match (base, longs, unsigned) {
        (None | Some("int"), 1, false) => Long,
        (None | Some("int"), 1, true) => UnsignedLong,
        (None | Some("int"), 2, false) => LongLong,
        (None | Some("int"), 2, true) => UnsignedLongLong,
        (None, 0, false) if signed => Int,
        (Some("int"), 0, false) => Int,
        (None | Some("int"), 0, true) => UnsignedInt,
        (Some("short"), 0, false) => Short,
        (Some("short"), 0, true) => UnsignedShort,
        (Some("char"), 0, false) if signed => SignedChar,
        (Some("char"), 0, false) => Char,
        (Some("char"), 0, true) => UnsignedChar,
        (Some("__int128"), 0, false) => Int128,
        (Some("__int128"), 0, true) => UnsignedInt128,
        (Some("bool"), 0, false) => Bool,
        (Some("wchar_t"), 0, false) => WChar,
        (Some("char8_t"), 0, false) => Char8,
        (Some("char16_t"), 0, false) => Char16,
        (Some("char32_t"), 0, false) => Char32,
        _ => return None,
    })
}

/// The value of an integer literal argument as printed or written (`31`, `0x1F`, `-1`, `4UL`,
/// `true`): the digits are hir-ty's evaluator's ([`hir_ty::const_eval::parse_int`]).
pub(super) fn integer_literal(text: &str) -> Option<i128> {
    let text = text.trim();
    match text {
        "true" => return Some(1),
        "false" => return Some(0),
        _ => {}
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text),
    };
    let digits = digits.trim_end_matches(['u', 'U', 'l', 'L']);
    if !digits.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let value = i128::try_from(hir_ty::const_eval::parse_int(digits)?).ok()?;
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hir_ty::display::edg_builtin_constant;

    #[test]
    fn constants_print_with_their_types_suffix() {
        let printed: Vec<String> = [
            ("0x1F", "unsigned int"),
            ("2", "unsigned long"),
            ("-1", "long"),
            ("1", "bool"),
            ("010", "int"),
            ("-1", "unsigned long"),
            ("65", "char"),
        ]
        .iter()
        .map(|(text, ty)| {
            edg_builtin_constant(
                integer_literal(text).unwrap(),
                canonical_builtin(ty).unwrap(),
            )
        })
        .collect();
        assert_eq!(
            printed,
            [
                "31U",
                "2UL",
                "-1L",
                "true",
                "8",
                "18446744073709551615UL",
                "'A'"
            ]
        );
        assert_eq!(
            canonical_builtin("long unsigned int"),
            Some(Builtin::UnsignedLong)
        );
        assert_eq!(canonical_builtin("signed"), Some(Builtin::Int));
        assert_eq!(canonical_builtin("unsigned bool"), None);
        assert_eq!(canonical_builtin("_Tp"), None);
        assert_eq!(canonical_builtin("const"), None);
        assert_eq!(integer_literal("1'000"), Some(1000));
        assert_eq!(integer_literal("+5"), None);
    }
}
