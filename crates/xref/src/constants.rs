//! Integer constants as EDG prints them in template arguments, and the builtin types that
//! typedefs stand for (`std::size_t` is `unsigned long`), which decide the printing.
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

    /// The builtin type a type written in `scope` denotes, canonically spelled
    /// (`unsigned long`), through typedefs.
    pub(super) fn builtin_type(&self, written: &str, scope: &Scope) -> Option<String> {
        let written = written.trim().trim_start_matches("::");
        if let Some(builtin) = canonical_builtin(written) {
            return Some(builtin);
        }
        if written.contains("::") {
            let resolved = self.resolve_qualified(written, scope);
            return self.builtin_typedefs.get(&resolved).cloned();
        }
        self.find_lookup_key(written, scope, |key| {
            self.builtin_typedefs.get(key).cloned()
        })
    }
}

/// `unsigned long int`, `long unsigned` and `unsigned long` are one type: its canonical
/// spelling, or `None` when the words are not a builtin integer or character type.
pub(super) fn canonical_builtin(words: &str) -> Option<String> {
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
    let base = match (base, longs) {
        (None | Some("int"), 1) => "long",
        (None | Some("int"), 2) => "long long",
        (None, 0) if unsigned || signed => "int",
        (Some(b), 0) => b,
        _ => return None,
    };
    Some(match (unsigned, signed, base) {
        (true, _, b) => format!("unsigned {b}"),
        (_, true, "char") => "signed char".to_string(),
        (_, _, b) => b.to_string(),
    })
}

/// The value of an integer literal argument (`31`, `0x1F`, `-1`, `4UL`, `true`).
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
    let value = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        i128::from_str_radix(hex, 16).ok()?
    } else if let Some(bin) = digits
        .strip_prefix("0b")
        .or_else(|| digits.strip_prefix("0B"))
    {
        i128::from_str_radix(bin, 2).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        i128::from_str_radix(&digits[1..], 8).ok()?
    } else {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok()?
    };
    Some(if negative { -value } else { value })
}

/// A constant of a builtin type as EDG prints it in a template argument: `true`, `4UL`, `-1L`.
pub(super) fn print_constant(value: i128, builtin: &str) -> String {
    // An unsigned type wraps (`static_cast<size_t>(-1)` is 18446744073709551615UL).
    let bits = match builtin {
        "unsigned long" | "unsigned long long" => Some(64),
        "unsigned int" => Some(32),
        "unsigned short" => Some(16),
        "unsigned char" => Some(8),
        _ => None,
    };
    let value = match bits {
        Some(bits) => value.rem_euclid(1i128 << bits),
        None => value,
    };
    let suffix = match builtin {
        "bool" => return (if value != 0 { "true" } else { "false" }).to_string(),
        "unsigned long" => "UL",
        "long" => "L",
        "unsigned int" => "U",
        "unsigned long long" => "ULL",
        "long long" => "LL",
        _ => "",
    };
    format!("{value}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_print_with_their_types_suffix() {
        let printed: Vec<String> = [
            ("0x1F", "unsigned int"),
            ("2", "unsigned long"),
            ("-1", "long"),
            ("1", "bool"),
            ("010", "int"),
            ("-1", "unsigned long"),
        ]
        .iter()
        .map(|(text, ty)| print_constant(integer_literal(text).unwrap(), ty))
        .collect();
        assert_eq!(
            printed,
            ["31U", "2UL", "-1L", "true", "8", "18446744073709551615UL"]
        );
        assert_eq!(
            canonical_builtin("long unsigned int").as_deref(),
            Some("unsigned long")
        );
        assert_eq!(canonical_builtin("_Tp"), None);
    }
}
