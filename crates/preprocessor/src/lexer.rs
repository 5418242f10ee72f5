//! The lexer: a file's text into preprocessing tokens, each with gcc's line and column.
//!
//! Line splices are removed first (gcc's `_cpp_clean_line`, which also accepts whitespace between
//! the backslash and the newline); raw strings take their text from the source before that, as
//! the standard says. Lexing needs no macro state: the one decision gcc takes with it (a
//! literal's suffix that names a macro, `"%"PRIx64`) is taken by the engine (`Token::ud_split`).
use crate::token::{
    BOL, DIGRAPH, Enc, Interner, Kind, MULTILINE, PREV_WHITE, Sym, Token, UNTERMINATED,
    is_ident_char, is_ident_start, with_interner,
};

/// What the lexer needs of the language: `<=>` exists from C++20.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LexMode {
    pub cxx20: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LexError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LexedFile {
    pub tokens: Vec<Token>,
    /// Number of physical lines (the line of the end of file).
    pub lines: u32,
    pub errors: Vec<LexError>,
}

/// gcc gives up on columns for lines longer than this (`LINE_MAP_MAX_COLUMN_NUMBER`).
const MAX_COLUMN: usize = 1 << 12;

struct Cleaned {
    bytes: Vec<u8>,
    /// Raw offset of each cleaned byte (one more entry for the end).
    raw: Vec<u32>,
}

/// Whether `src` has a line splice or a carriage return (most files have neither, and are
/// lexed in place).
fn needs_cleaning(src: &[u8]) -> bool {
    let mut i = 0;
    while i < src.len() {
        // Eight bytes at a time to the next `\r` or `\\` (a word has one of them when one of
        // its bytes xor that character is zero).
        const LO: u64 = 0x0101_0101_0101_0101;
        const HI: u64 = 0x8080_8080_8080_8080;
        let has_zero = |v: u64| v.wrapping_sub(LO) & !v & HI != 0;
        while i + 8 <= src.len() {
            let mut w = [0u8; 8];
            w.copy_from_slice(&src[i..i + 8]);
            let v = u64::from_le_bytes(w);
            if has_zero(v ^ (LO * u64::from(b'\r'))) || has_zero(v ^ (LO * u64::from(b'\\'))) {
                break;
            }
            i += 8;
        }
        if i >= src.len() {
            break;
        }
        match src[i] {
            b'\r' => return true,
            b'\\' => {
                let mut j = i + 1;
                while j < src.len() && matches!(src[j], b' ' | b'\t' | b'\x0c' | b'\x0b') {
                    j += 1;
                }
                if j < src.len() && src[j] == b'\n' {
                    return true;
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    false
}

fn clean(src: &[u8]) -> Option<Cleaned> {
    if !needs_cleaning(src) {
        return None;
    }
    let mut bytes = Vec::with_capacity(src.len());
    let mut raw = Vec::with_capacity(src.len() + 1);
    let mut i = 0;
    while i < src.len() {
        // Copy the run up to the next backslash or carriage return in bulk.
        let run = src[i..]
            .iter()
            .position(|&c| c == b'\\' || c == b'\r')
            .unwrap_or(src.len() - i);
        if run > 0 {
            bytes.extend_from_slice(&src[i..i + run]);
            raw.extend(i as u32..(i + run) as u32);
            i += run;
            continue;
        }
        let c = src[i];
        if c == b'\\' {
            let mut j = i + 1;
            while j < src.len() && matches!(src[j], b' ' | b'\t' | b'\x0c' | b'\x0b') {
                j += 1;
            }
            if j < src.len() && (src[j] == b'\n' || src[j] == b'\r') {
                if src[j] == b'\r' && src.get(j + 1) == Some(&b'\n') {
                    j += 1;
                }
                i = j + 1;
                continue;
            }
        }
        if c == b'\r' && src.get(i + 1) == Some(&b'\n') {
            // CRLF is one newline.
            i += 1;
            continue;
        }
        bytes.push(if c == b'\r' { b'\n' } else { c });
        raw.push(i as u32);
        i += 1;
    }
    raw.push(src.len() as u32);
    Some(Cleaned { bytes, raw })
}

/// Physical lines, counted while the lexer moves forward through the raw text.
struct LineCursor<'a> {
    src: &'a [u8],
    /// `src` has no `\r` (lines end at `\n` only).
    no_cr: bool,
    /// Raw offsets below `scanned` have been counted.
    scanned: usize,
    line: u32,
    line_start: usize,
}

impl LineCursor<'_> {
    fn advance_to(&mut self, raw: usize) {
        if raw < self.line_start {
            // Not met: the lexer asks in increasing order. Count again from the start.
            self.scanned = 0;
            self.line = 1;
            self.line_start = 0;
        }
        let end = raw.min(self.src.len());
        if self.no_cr && self.scanned < end {
            // Only `\n` ends lines: count them in bulk (vectorized) and find the last.
            let chunk = &self.src[self.scanned..end];
            let count = chunk.iter().filter(|&&c| c == b'\n').count();
            if count > 0 {
                self.line += count as u32;
                let last = chunk.iter().rposition(|&c| c == b'\n').unwrap_or(0);
                self.line_start = self.scanned + last + 1;
            }
            self.scanned = end;
        }
        while self.scanned < end {
            let c = self.src[self.scanned];
            self.scanned += 1;
            if c == b'\n' || (c == b'\r' && self.src.get(self.scanned) != Some(&b'\n')) {
                self.line += 1;
                self.line_start = self.scanned;
            }
        }
    }
    fn line_col(&mut self, raw: u32) -> (u32, u32) {
        self.advance_to(raw as usize);
        (self.line, raw - self.line_start as u32 + 1)
    }
    /// The number of physical lines of the whole text.
    fn total(&mut self) -> u32 {
        self.advance_to(self.src.len());
        self.line
    }
}

const IDENT_START: u8 = 1;
const IDENT_CHAR: u8 = 2;
/// Character classes: `is_ident_start` and `is_ident_char` as one table lookup.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b >= 0x80 {
            t[c] = IDENT_START | IDENT_CHAR;
        } else if b.is_ascii_digit() {
            t[c] = IDENT_CHAR;
        }
        c += 1;
    }
    t
};

/// The length of the punctuator at `b[i..]` (1 for a single character).
fn punct_len(b: &[u8], i: usize, mode: LexMode) -> usize {
    let at = |k: usize| b.get(i + k).copied().unwrap_or(0);
    let (c1, c2) = (at(1), at(2));
    match b[i] {
        b'%' if c1 == b':' && c2 == b'%' && at(3) == b':' => 4,
        b'<' if c1 == b'<' && c2 == b'=' => 3,
        b'>' if c1 == b'>' && c2 == b'=' => 3,
        b'.' if c1 == b'.' && c2 == b'.' => 3,
        b'-' if c1 == b'>' && c2 == b'*' => 3,
        b'<' if c1 == b'=' && c2 == b'>' && mode.cxx20 => 3,
        b':' if matches!(c1, b':' | b'>') => 2,
        b'.' if c1 == b'*' => 2,
        b'-' if matches!(c1, b'>' | b'-' | b'=') => 2,
        b'+' if matches!(c1, b'+' | b'=') => 2,
        // C++11 [lex.pptoken]/3: `<::` not followed by `:` or `>` is `<` then `::`.
        b'<' if c1 == b':' && c2 == b':' && at(3) != b':' && at(3) != b'>' => 1,
        b'<' if matches!(c1, b'<' | b'=' | b':' | b'%') => 2,
        b'>' if matches!(c1, b'>' | b'=') => 2,
        b'=' | b'!' | b'*' | b'/' | b'^' if c1 == b'=' => 2,
        b'&' if matches!(c1, b'&' | b'=') => 2,
        b'|' if matches!(c1, b'|' | b'=') => 2,
        b'#' if c1 == b'#' => 2,
        b'%' if matches!(c1, b'=' | b'>' | b':') => 2,
        _ => 1,
    }
}

pub fn lex(text: &str, mode: LexMode) -> LexedFile {
    with_interner(|interner| lex_with(text, mode, interner))
}

fn lex_with(text: &str, mode: LexMode, interner: &mut Interner<'_>) -> LexedFile {
    let src = text.as_bytes();
    let cleaned = clean(src);
    let b: &[u8] = cleaned.as_ref().map_or(src, |c| &c.bytes);
    let raw_of = |i: usize| -> u32 {
        match &cleaned {
            Some(c) => c.raw[i],
            None => i as u32,
        }
    };
    let mut lines = LineCursor {
        src,
        // A file with a carriage return is always cleaned.
        no_cr: cleaned.is_none(),
        scanned: 0,
        line: 1,
        line_start: 0,
    };
    // A text lexed in place (no splice, no CR) counts its lines as the lexer meets its newlines
    // (between tokens, in block comments and raw strings: nowhere else); a cleaned one asks
    // `lines` for each token's raw offset.
    let direct = cleaned.is_none();
    let mut cur_line: u32 = 1;
    let mut cur_line_start = 0usize;
    let mut tokens = Vec::with_capacity(b.len() / 6);
    let mut one_byte_punct: [Option<Sym>; 128] = [None; 128];
    let mut errors = Vec::new();
    let mut i = 0;
    let mut flags = BOL;
    // Where the logical line the lexer is on started (gcc's column limit), and whether it is
    // long: found when its first token needs it (cleaned text), or when the lexer meets the
    // first newline after its start (text lexed in place: the columns of the tokens lexed
    // before are then set to 0 if it is long, `settle_long_line`), tokens from `line_tokens`.
    let mut line_start = 0;
    let mut line_tokens = 0;
    let mut long_line: Option<bool> = None;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                if direct && long_line.is_none() {
                    settle_long_line(&mut tokens[line_tokens..], line_start, i);
                }
                i += 1;
                cur_line += 1;
                cur_line_start = i;
                flags = BOL;
                line_start = i;
                line_tokens = tokens.len();
                long_line = None;
                continue;
            }
            b' ' | b'\t' | b'\x0c' | b'\x0b' | b'\0' => {
                i += 1;
                flags |= PREV_WHITE;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let start = i;
                i += 2;
                loop {
                    if i + 1 >= b.len() {
                        let (line, col) = lines.line_col(raw_of(start));
                        errors.push(LexError {
                            line,
                            col,
                            message: "unterminated comment".into(),
                        });
                        i = b.len();
                        break;
                    }
                    if b[i] == b'*' && b[i + 1] == b'/' {
                        i += 2;
                        break;
                    }
                    if b[i] == b'\n' {
                        if direct && long_line.is_none() {
                            long_line =
                                Some(settle_long_line(&mut tokens[line_tokens..], line_start, i));
                        }
                        cur_line += 1;
                        cur_line_start = i + 1;
                    }
                    i += 1;
                }
                flags |= PREV_WHITE;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                flags |= PREV_WHITE;
                continue;
            }
            _ => {}
        }
        let start = i;
        // A raw string's newlines are counted while it is lexed: its line is the one it starts on.
        let (start_line, start_line_start) = (cur_line, cur_line_start);
        let mut kind = Kind::Punct;
        let mut extra = 0;
        let mut raw_text: Option<String> = None;
        if CLASS[c as usize] & IDENT_START != 0 && !matches!(c, b'L' | b'u' | b'U' | b'R') {
            i += 1;
            while i < b.len() && CLASS[b[i] as usize] & IDENT_CHAR != 0 {
                i += 1;
            }
            kind = Kind::Ident;
        } else if let Some((enc, quote, len)) = literal_prefix(b, i) {
            if quote == b'R' {
                // Raw string: scan the source text itself (splices are reverted in raw strings).
                let raw_start = raw_of(start) as usize;
                match raw_string_end(src, raw_start + len) {
                    Some(raw_end) => {
                        if direct {
                            for (k, &c) in src[raw_start..raw_end].iter().enumerate() {
                                if c == b'\n' {
                                    if long_line.is_none() {
                                        long_line = Some(settle_long_line(
                                            &mut tokens[line_tokens..],
                                            line_start,
                                            raw_start + k,
                                        ));
                                    }
                                    cur_line += 1;
                                    cur_line_start = raw_start + k + 1;
                                }
                            }
                        }
                        let mut s = String::from_utf8_lossy(&src[raw_start..raw_end]).into_owned();
                        let end = match &cleaned {
                            Some(c) => c.raw.partition_point(|&r| (r as usize) < raw_end),
                            None => raw_end,
                        };
                        i = end;
                        let ud = take_suffix(b, &mut i, mode);
                        s.push_str(&String::from_utf8_lossy(&b[end..i]));
                        if s.contains('\n') {
                            extra |= MULTILINE;
                        }
                        kind = Kind::Str { enc, ud };
                        raw_text = Some(s);
                    }
                    None => {
                        let (line, col) = lines.line_col(raw_of(start));
                        errors.push(LexError {
                            line,
                            col,
                            message: "unterminated raw string".into(),
                        });
                        i = b.len();
                        kind = Kind::Other;
                    }
                }
            } else {
                i += len;
                let mut terminated = false;
                while i < b.len() && b[i] != b'\n' {
                    if b[i] == b'\\' && i + 1 < b.len() && b[i + 1] != b'\n' {
                        i += 2;
                        continue;
                    }
                    i += 1;
                    if b[i - 1] == quote {
                        terminated = true;
                        break;
                    }
                }
                if terminated {
                    let ud = take_suffix(b, &mut i, mode);
                    kind = if quote == b'"' {
                        Kind::Str { enc, ud }
                    } else {
                        Kind::Char { enc, ud }
                    };
                } else {
                    kind = Kind::Other;
                    extra |= UNTERMINATED;
                }
            }
        } else if is_ident_start(c) {
            while i < b.len() && CLASS[b[i] as usize] & IDENT_CHAR != 0 {
                i += 1;
            }
            kind = Kind::Ident;
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i += 1;
            while i < b.len() {
                let d = b[i];
                if matches!(d, b'+' | b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P') {
                    i += 1;
                } else if d == b'\'' && b.get(i + 1).is_some_and(|&n| is_ident_char(n)) {
                    i += 2;
                } else if is_ident_char(d) || d == b'.' {
                    i += 1;
                } else {
                    break;
                }
            }
            kind = Kind::Number;
        } else {
            let mut len = punct_len(b, i, mode);
            if len == 1 && !b"{}[]()#;:?.+-*/%^&|~!=<>,".contains(&c) {
                kind = Kind::Other;
                // One whole UTF-8 character.
                while start + len < b.len() && (b[start + len] & 0xC0) == 0x80 {
                    len += 1;
                }
            }
            i += len;
            let s = &b[start..i];
            if matches!(s, b"<:" | b":>" | b"<%" | b"%>" | b"%:" | b"%:%:") {
                extra |= DIGRAPH;
            }
        }
        let (line, mut col) = if direct {
            (start_line, (start - start_line_start) as u32 + 1)
        } else {
            lines.line_col(raw_of(start))
        };
        let long = if direct {
            long_line == Some(true)
        } else {
            *long_line.get_or_insert_with(|| logical_line_is_long(b, line_start))
        };
        if long {
            col = 0;
        }
        let text = match raw_text {
            Some(t) => interner.intern(&t),
            // One-byte punctuators (about a third of all tokens) from a table, not hashed.
            None if i == start + 1 && kind == Kind::Punct => *one_byte_punct[c as usize]
                .get_or_insert_with(|| interner.intern(&(c as char).to_string())),
            None => {
                // Lexed in place, the token is a slice of `text` (its ends are character
                // boundaries unless the text is odd); a cleaned copy is checked.
                let slice = match &cleaned {
                    None => text.get(start..i),
                    Some(_) => std::str::from_utf8(&b[start..i]).ok(),
                };
                match slice {
                    Some(t) => interner.intern(t),
                    None => interner.intern(&String::from_utf8_lossy(&b[start..i])),
                }
            }
        };
        tokens.push(Token {
            kind,
            flags: flags | extra,
            line,
            col: crate::token::col16(col),
            text,
        });
        flags = 0;
    }
    if direct && long_line.is_none() {
        // No newline met after the last line's start (the text ends, or an unterminated raw
        // string ran to its end): the first newline, if any, decides.
        let end = b[line_start..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |k| line_start + k);
        settle_long_line(&mut tokens[line_tokens..], line_start, end);
    }
    let lines_total = lines.total();
    LexedFile {
        tokens,
        lines: lines_total,
        errors,
    }
}

/// Whether a logical line that starts at `start` and whose first newline is at `newline` (the
/// text's length if none) is long; if it is, its `tokens` have column 0.
fn settle_long_line(tokens: &mut [Token], start: usize, newline: usize) -> bool {
    let long = newline - start > MAX_COLUMN;
    if long {
        for t in tokens {
            t.col = 0;
        }
    }
    long
}

fn logical_line_is_long(b: &[u8], start: usize) -> bool {
    let limit = (start + MAX_COLUMN + 1).min(b.len());
    limit - start > MAX_COLUMN && !b[start..limit].contains(&b'\n')
}

/// A literal's prefix at `i`: (encoding, quote or `R` for raw, length up to the quote included).
fn literal_prefix(b: &[u8], i: usize) -> Option<(Enc, u8, usize)> {
    let rest = &b[i..];
    let (enc, plen) = if rest.starts_with(b"u8") {
        (Enc::Utf8, 2)
    } else {
        match rest[0] {
            b'L' => (Enc::Wide, 1),
            b'u' => (Enc::Utf16, 1),
            b'U' => (Enc::Utf32, 1),
            b'"' | b'\'' => return Some((Enc::Plain, rest[0], 1)),
            b'R' if rest.get(1) == Some(&b'"') => return Some((Enc::Plain, b'R', 2)),
            _ => return None,
        }
    };
    match rest.get(plen) {
        Some(&q @ (b'"' | b'\'')) => {
            if enc == Enc::Utf8 && q == b'\'' {
                // u8'' character literals exist from C++17; gcc lexes them in all our modes.
                return Some((enc, q, plen + 1));
            }
            Some((enc, q, plen + 1))
        }
        Some(b'R') if rest.get(plen + 1) == Some(&b'"') => Some((enc, b'R', plen + 2)),
        _ => None,
    }
}

/// The raw offset just past a raw string whose delimiter starts at `i`.
fn raw_string_end(src: &[u8], i: usize) -> Option<usize> {
    let open = src[i..].iter().take(17).position(|&c| c == b'(')?;
    let delim = &src[i..i + open];
    if delim
        .iter()
        .any(|&c| matches!(c, b' ' | b'\\' | b')' | b'\t' | b'\n'))
    {
        return None;
    }
    let mut j = i + open + 1;
    while j < src.len() {
        if src[j] == b')'
            && src[j + 1..].starts_with(delim)
            && src.get(j + 1 + delim.len()) == Some(&b'"')
        {
            return Some(j + delim.len() + 2);
        }
        j += 1;
    }
    None
}

/// A user-defined-literal suffix right after a literal (C++11).
fn take_suffix(b: &[u8], i: &mut usize, _mode: LexMode) -> bool {
    if *i < b.len() && is_ident_start(b[*i]) {
        while *i < b.len() && is_ident_char(b[*i]) {
            *i += 1;
        }
        true
    } else {
        false
    }
}

impl Token {
    /// gcc's `is_macro_not_literal_suffix`: a suffix that does not start with a single `_` and
    /// names a macro is not a suffix: split `"%"PRIx64` into the literal and the name.
    pub fn ud_split(&self) -> Option<(Token, Token)> {
        let (enc, is_str) = match self.kind {
            Kind::Str { enc, ud: true } => (enc, true),
            Kind::Char { enc, ud: true } => (enc, false),
            _ => return None,
        };
        let quote = if is_str { '"' } else { '\'' };
        let end = self.text.rfind(quote)? + 1;
        let suffix = &self.text[end..];
        let sb = suffix.as_bytes();
        if sb.first() == Some(&b'_') && sb.get(1) != Some(&b'_') {
            return None;
        }
        let kind = if is_str {
            Kind::Str { enc, ud: false }
        } else {
            Kind::Char { enc, ud: false }
        };
        let lit = Token {
            kind,
            flags: self.flags,
            line: self.line,
            col: self.col,
            text: Sym::new(&self.text[..end]),
        };
        let name = Token {
            kind: Kind::Ident,
            flags: 0,
            line: self.line,
            col: if self.col == 0 {
                0
            } else {
                crate::token::col16(u32::from(self.col) + end as u32)
            },
            text: Sym::new(suffix),
        };
        Some((lit, name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(text: &str) -> String {
        lex(text, LexMode { cxx20: true })
            .tokens
            .iter()
            .map(|t| format!("{}:{}:{:?}{}", t.line, t.col, t.kind, t.text))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn splices_comments_literals() {
        expect_test::expect![[r#"
            1:1:Identab 2:3:Punct<=> 2:7:Str { enc: Wide, ud: false }L"x" 2:12:Str { enc: Plain, ud: true }R"(a\
            b)"_s 4:1:Number0x1'2e+3 4:10:Punct< 4:11:Punct:: 4:13:Identa"#]]
        .assert_eq(&show("a\\\nb <=> L\"x\" R\"(a\\\nb)\"_s\n0x1'2e+3 <::a"));
    }

    /// A text lexed in place counts lines and decides long lines as it goes; the same text with
    /// a splice added at its end is cleaned first and takes the other path: both must agree.
    #[test]
    fn in_place_and_cleaned_lexing_agree() {
        let long = |n: usize| "ab ".repeat(n / 3);
        let cases = [
            // Lines of 4,095, 4,096 (the last with columns) and 4,097 bytes.
            format!("a\n{}\nb c\n", long(4095)),
            format!("a\n{}x\nb\n", long(4095)),
            format!("{}xy\nb\n", long(4095)),
            format!("x /* c\n */ y {} z\nw\n", long(5000)),
            format!("{} /* c\n */ y\nw\n", long(5000)),
            format!("{} R\"(r\ns)\" y\nw\n", long(4200)),
            format!("q R\"(r\ns)\" {} y\nw\n", long(4200)),
            format!("a\n{}", long(6000)),
            "a R\"x(1\n2)x\" b /* 3\n4 */ c\n\nd".to_string(),
        ];
        let mut long_lines = 0;
        for text in cases {
            let mode = LexMode { cxx20: true };
            let direct = lex(&text, mode);
            let cleaned = lex(&format!("{text}\n\\\n"), mode);
            // Compared as one line per token, so that a failure shows the first difference.
            let show = |l: &LexedFile| {
                let toks = l
                    .tokens
                    .iter()
                    .map(|t| format!("{}:{}:{:?}:{}", t.line, t.col, t.kind, t.text));
                toks.collect::<Vec<_>>()
            };
            let (a, b) = (show(&direct), show(&cleaned));
            let first = a.iter().zip(&b).position(|(x, y)| x != y);
            assert!(
                a.len() == b.len() && first.is_none(),
                "{text:.40}: token {first:?} of {}/{}: {:?} vs {:?}",
                a.len(),
                b.len(),
                first.map(|i| &a[i]),
                first.map(|i| &b[i])
            );
            assert_eq!(direct.errors, cleaned.errors, "{text:.60}");
            long_lines += usize::from(direct.tokens.iter().any(|t| t.col == 0));
        }
        // The other lines end (their first newline, in a comment or a raw string) within 4,096 bytes.
        assert_eq!(long_lines, 4);
    }

    #[test]
    fn unterminated_quote_runs_to_end_of_line() {
        expect_test::expect!["1:1:Identdon 1:4:Other't x 2:1:Identy"]
            .assert_eq(&show("don't x\ny"));
    }
}
