//! Demangling names inside free text, as `c++filt` does with its standard input.

use crate::{DemangleOptions, Demangler};

/// Bytes c++filt treats as part of a symbol: ASCII letters, digits, `_`, `$` and `.`.
const SYMBOL_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.');
        c += 1;
    }
    table
};

/// The end of the run of symbol bytes starting at `i`. Symbols are long (most of a line of
/// `nm` output), so eight bytes are tested at a time, without a branch per byte.
fn symbol_end(text: &[u8], mut i: usize) -> usize {
    while let Some(chunk) = text.get(i..i + 8) {
        if !chunk
            .iter()
            .fold(true, |all, &b| all & SYMBOL_BYTE[b as usize])
        {
            break;
        }
        i += 8;
    }
    while i < text.len() && SYMBOL_BYTE[text[i] as usize] {
        i += 1;
    }
    i
}

/// c++filt's text mode with its reusable state: every word of the input that demangles is
/// replaced, everything else is copied byte for byte (the input need not be UTF-8: symbol
/// characters are ASCII).
pub struct Filter {
    opts: DemangleOptions,
    strip_underscore: bool,
    /// The arena and buffers each name is demangled with, reused from word to word.
    demangler: Demangler,
}

impl Filter {
    /// With `strip_underscore`, a leading `_` of each word is dropped before demangling
    /// (`--strip-underscore`, for targets that prefix C symbols with `_`).
    pub fn new(opts: DemangleOptions, strip_underscore: bool) -> Filter {
        Filter {
            opts,
            strip_underscore,
            demangler: Demangler::new(),
        }
    }

    /// Appends `text` to `out` with every mangled word replaced by its demangled form.
    pub fn filter(&mut self, text: &[u8], out: &mut Vec<u8>) {
        // One UTF-8 check for the whole text instead of one per name (words are ASCII, so
        // they slice it at character boundaries).
        let utf8 = std::str::from_utf8(text).ok();
        let mut i = 0;
        while i < text.len() {
            let start = i;
            while i < text.len() && !SYMBOL_BYTE[text[i] as usize] {
                i += 1;
            }
            out.extend_from_slice(&text[start..i]);
            let start = i;
            i = symbol_end(text, i);
            let word = &text[start..i];
            // Demangled names are printed straight into `out`.
            if !self.append_word(word, utf8.and_then(|t| t.get(start..i)), out) {
                out.extend_from_slice(word);
            }
        }
    }

    /// Demangles one word the way the filter does: only names that look mangled are tried,
    /// so ordinary words like `i` are never taken for types.
    pub fn word(&mut self, word: &[u8]) -> Option<&str> {
        let name = self.mangled_part(word)?;
        self.demangler.demangle(name, &self.opts).ok()
    }

    /// [`Filter::word`], appending to `out`; `text` is `word` when known to be UTF-8.
    fn append_word(&mut self, word: &[u8], text: Option<&str>, out: &mut Vec<u8>) -> bool {
        let Some(name) = self.mangled_part(word) else {
            return false;
        };
        let text = text.and_then(|t| t.get(word.len() - name.len()..));
        self.demangler.append(name, text, &self.opts, out).is_ok()
    }

    /// The part of `word` to demangle (without the underscore `--strip-underscore` drops),
    /// or `None` when it does not look mangled.
    fn mangled_part<'w>(&self, word: &'w [u8]) -> Option<&'w [u8]> {
        let w = match word {
            [b'_', rest @ ..] if self.strip_underscore => rest,
            _ => word,
        };
        // Every mangled form starts with `_` (`_Z`, `__Z`, `___Z`, `__nv_static_`).
        if !self.opts.types && w.first() != Some(&b'_') {
            return None;
        }
        let looks_mangled = w.starts_with(b"_Z")
            || w.starts_with(b"__Z")
            || w.starts_with(b"___Z")
            || w.starts_with(b"__nv_static_");
        if !looks_mangled && !self.opts.types {
            return None;
        }
        Some(w)
    }
}

/// Replaces every word of `text` that demangles with its demangled form; everything else is
/// copied unchanged.
pub fn demangle_text(text: &str, opts: &DemangleOptions) -> String {
    demangle_text_with(text, opts, false)
}

/// Like [`demangle_text`]; with `strip_underscore`, a leading `_` of each word is dropped
/// before demangling.
pub fn demangle_text_with(text: &str, opts: &DemangleOptions, strip_underscore: bool) -> String {
    let mut out = Vec::with_capacity(text.len());
    Filter::new(*opts, strip_underscore).filter(text.as_bytes(), &mut out);
    // Words (ASCII) are replaced by UTF-8 text and the rest is copied from UTF-8 text, so
    // this conversion always succeeds.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Demangles one word the way the filter does (see [`Filter::word`]).
pub fn demangle_word(word: &str, opts: &DemangleOptions, strip_underscore: bool) -> Option<String> {
    Filter::new(*opts, strip_underscore)
        .word(word.as_bytes())
        .map(str::to_owned)
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
