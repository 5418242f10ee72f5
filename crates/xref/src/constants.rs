//! The builtin types that typedefs stand for (`std::size_t` is `unsigned long`), which decide
//! how an integer constant argument prints (hir-ty's `display::edg_builtin_constant`), and the
//! values of integer literal arguments.
use il::ty::{Builtin, BuiltinSpecifiers};
use syntax::{SyntaxKind::*, SyntaxNode};

use super::{Scope, Walker};

impl Walker<'_> {
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

/// `unsigned long int`, `long unsigned` and `unsigned long` are one type: the builtin integer
/// or character type the words name (il's table of the specifier keywords), or `None`.
pub(super) fn canonical_builtin(words: &str) -> Option<Builtin> {
    BuiltinSpecifiers::of_words(words).filter(|b| b.is_integral())
}

/// The value of an integer literal argument as printed or written (`31`, `0x1F`, `-1`, `4UL`,
/// `true`): the literal is hir-ty's evaluator's ([`hir_ty::const_eval::int_literal_value`]).
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
    if !digits.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let value = hir_ty::const_eval::int_literal_value(digits)?.value;
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
        assert_eq!(
            canonical_builtin("unsigned short int"),
            Some(Builtin::UnsignedShort)
        );
        assert_eq!(canonical_builtin("long double"), None);
        assert_eq!(canonical_builtin("_Tp"), None);
        assert_eq!(canonical_builtin("const"), None);
        assert_eq!(integer_literal("1'000"), Some(1000));
        assert_eq!(integer_literal("+5"), None);
    }
}
