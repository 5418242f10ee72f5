//! Demangling names inside free text, as `c++filt` does with its standard input.

use crate::{DemangleOptions, demangle_bytes};

/// Characters c++filt treats as part of a symbol.
fn is_symbol_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

/// Replaces every word of `text` that demangles with its demangled form; everything else is
/// copied unchanged.
pub fn demangle_text(text: &str, opts: &DemangleOptions) -> String {
    demangle_text_with(text, opts, false)
}

/// Like [`demangle_text`]; with `strip_underscore`, a leading `_` of each word is dropped
/// before demangling (`--strip-underscore`, for targets that prefix C symbols with `_`).
pub fn demangle_text_with(text: &str, opts: &DemangleOptions, strip_underscore: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if !is_symbol_char(bytes[i]) {
            let start = i;
            while i < bytes.len() && !is_symbol_char(bytes[i]) {
                i += 1;
            }
            out.push_str(&text[start..i]);
            continue;
        }
        let start = i;
        while i < bytes.len() && is_symbol_char(bytes[i]) {
            i += 1;
        }
        let word = &text[start..i];
        out.push_str(
            &demangle_word(word, opts, strip_underscore).unwrap_or_else(|| word.to_owned()),
        );
    }
    out
}

/// Demangles one word the way the filter does: only names that look mangled are tried, so
/// ordinary words like `i` are never taken for types.
pub fn demangle_word(word: &str, opts: &DemangleOptions, strip_underscore: bool) -> Option<String> {
    let w = if strip_underscore {
        word.strip_prefix('_').unwrap_or(word)
    } else {
        word
    };
    let looks_mangled = w.starts_with("_Z")
        || w.starts_with("__Z")
        || w.starts_with("___Z")
        || w.starts_with("__nv_static_");
    if !looks_mangled && !opts.types {
        return None;
    }
    demangle_bytes(w.as_bytes(), opts).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    #[test]
    fn replaces_names_in_text() {
        let opts = DemangleOptions::default();
        let got = demangle_text(
            "call _Z3fooi at 0x10, then _ZN2ns3barEv; not _Zbad.\n",
            &opts,
        );
        expect![[r#"
            call foo(int) at 0x10, then ns::bar(); not _Zbad.
        "#]]
        .assert_eq(&got);
    }
}
