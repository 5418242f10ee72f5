//! The lexer: text to a flat list of tokens covering every byte.
//!
//! Decisions that matter to the parser:
//! - `<` and `>` are always lexed as single characters. The parser glues adjacent ones into
//!   `<<`, `>>`, `<=`, `>=`, `<<=`, `>>=`, `<=>`, `<<<` and `>>>` where the grammar allows an
//!   operator, so `>>` can close two template argument lists.
//! - A line that starts with `#` is a directive left over by `gcc -E`: `#pragma ...` becomes a
//!   `PRAGMA` token, anything else (the line markers `# 12 "file" 1 3`) a `LINE_MARKER`. Both are
//!   trivia, because line markers land between any two tokens.
//! - GNU spellings of keywords share the standard keyword's kind (`__inline__` is `INLINE_KW`).
use crate::{SyntaxError, SyntaxKind, SyntaxKind::*, TextRange, TextSize};

/// One lexed token: its kind and length in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: SyntaxKind,
    pub len: u32,
}

/// Lexes `text` into tokens whose lengths add up to `text.len()`.
pub fn lex(text: &str) -> Vec<Token> {
    lex_with_errors(text).0
}

/// Like [`lex`], also reporting malformed tokens (unterminated literals and comments, stray bytes).
pub fn lex_with_errors(text: &str) -> (Vec<Token>, Vec<SyntaxError>) {
    let mut lexer = Lexer {
        bytes: text.as_bytes(),
        text,
        pos: 0,
        tokens: Vec::new(),
        errors: Vec::new(),
    };
    lexer.tokens.reserve(text.len() / 4);
    lexer.run();
    (lexer.tokens, lexer.errors)
}

struct Lexer<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
    tokens: Vec<Token>,
    errors: Vec<SyntaxError>,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b >= 0x80
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

impl Lexer<'_> {
    fn peek(&self, n: usize) -> u8 {
        self.bytes.get(self.pos + n).copied().unwrap_or(0)
    }

    fn push(&mut self, kind: SyntaxKind, start: usize) {
        self.tokens.push(Token {
            kind,
            len: (self.pos - start) as u32,
        });
    }

    fn error(&mut self, message: &str, start: usize) {
        let range = TextRange::new(
            TextSize::from(start as u32),
            TextSize::from(self.pos as u32),
        );
        self.errors.push(SyntaxError {
            message: message.to_string(),
            range,
        });
    }

    fn at_line_start(&self, start: usize) -> bool {
        // Only spaces and tabs may precede a directive's `#` on its line.
        let mut i = start;
        while i > 0 {
            match self.bytes[i - 1] {
                b' ' | b'\t' => i -= 1,
                b'\n' | b'\r' => return true,
                _ => return false,
            }
        }
        true
    }

    fn run(&mut self) {
        while self.pos < self.bytes.len() {
            let start = self.pos;
            let b = self.bytes[self.pos];
            let kind = match b {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                    self.eat_whitespace();
                    WHITESPACE
                }
                b'\\' if matches!(self.peek(1), b'\n' | b'\r') => {
                    self.eat_whitespace();
                    WHITESPACE
                }
                b'#' if self.at_line_start(start) => self.directive(),
                b'/' if self.peek(1) == b'/' => {
                    self.eat_line();
                    COMMENT
                }
                b'/' if self.peek(1) == b'*' => {
                    self.block_comment(start);
                    COMMENT
                }
                b'0'..=b'9' => self.number(),
                b'.' if self.peek(1).is_ascii_digit() => self.number(),
                b'"' => {
                    self.pos += 1;
                    self.quoted(b'"', start);
                    self.udl_suffix();
                    STRING_LIT
                }
                b'\'' => {
                    self.pos += 1;
                    self.quoted(b'\'', start);
                    self.udl_suffix();
                    CHAR_LIT
                }
                _ if is_ident_start(b) => self.ident_or_prefixed_literal(start),
                _ => self.punct(start),
            };
            self.push(kind, start);
        }
    }

    fn eat_whitespace(&mut self) {
        while self.pos < self.bytes.len() {
            match self.bytes[self.pos] {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                b'\\' if matches!(self.peek(1), b'\n' | b'\r') => self.pos += 1,
                _ => break,
            }
        }
    }

    fn eat_line(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            if self.bytes[self.pos] == b'\\' && self.peek(1) == b'\n' {
                self.pos += 1;
            }
            self.pos += 1;
        }
        // Never end inside a multi-byte character (a continuation could skip over '\n' only).
        while !self.text.is_char_boundary(self.pos) {
            self.pos += 1;
        }
    }

    fn directive(&mut self) -> SyntaxKind {
        let start = self.pos;
        self.eat_line();
        let line = self.text[start + 1..self.pos].trim_start();
        if line.starts_with("pragma") {
            PRAGMA
        } else {
            LINE_MARKER
        }
    }

    fn block_comment(&mut self, start: usize) {
        match self.text[self.pos + 2..].find("*/") {
            Some(end) => self.pos += 2 + end + 2,
            None => {
                self.pos = self.bytes.len();
                self.error("unterminated block comment", start);
            }
        }
    }

    /// A pp-number: digits, letters, `.`, `'` digit separators and signed exponents.
    fn number(&mut self) -> SyntaxKind {
        let start = self.pos;
        let hex = self.peek(0) == b'0' && matches!(self.peek(1), b'x' | b'X');
        let mut float = false;
        self.pos += 1;
        while self.pos < self.bytes.len() {
            let b = self.bytes[self.pos];
            match b {
                b'e' | b'E' if !hex && matches!(self.peek(1), b'+' | b'-') => {
                    float = true;
                    self.pos += 2;
                }
                b'p' | b'P' if hex && matches!(self.peek(1), b'+' | b'-') => {
                    float = true;
                    self.pos += 2;
                }
                b'\'' if self.peek(1).is_ascii_alphanumeric() || self.peek(1) == b'_' => {
                    self.pos += 2
                }
                b'.' => {
                    float = true;
                    self.pos += 1;
                }
                _ if is_ident_continue(b) && b < 0x80 => {
                    if !hex && matches!(b, b'e' | b'E') || hex && matches!(b, b'p' | b'P') {
                        float = true;
                    }
                    self.pos += 1;
                }
                _ => break,
            }
        }
        // A decimal literal with a user-defined suffix starting with `e` (`1_e`) stays an int;
        // the approximation above only mislabels, never mis-splits.
        let _ = start;
        if float { FLOAT_LIT } else { INT_LIT }
    }

    /// Eats the rest of a quoted literal whose opening quote was consumed.
    fn quoted(&mut self, quote: u8, start: usize) {
        while self.pos < self.bytes.len() {
            match self.bytes[self.pos] {
                b'\\' => self.pos += 2,
                b'\n' => break,
                b if b == quote => {
                    self.pos += 1;
                    return;
                }
                _ => self.pos += 1,
            }
        }
        self.pos = self.pos.min(self.bytes.len());
        while !self.text.is_char_boundary(self.pos) {
            self.pos += 1;
        }
        self.error("unterminated literal", start);
    }

    fn udl_suffix(&mut self) {
        if self.pos < self.bytes.len() && is_ident_start(self.bytes[self.pos]) {
            while self.pos < self.bytes.len() && is_ident_continue(self.bytes[self.pos]) {
                self.pos += 1;
            }
        }
    }

    fn raw_string(&mut self, start: usize) {
        // The opening `"` was consumed; read the delimiter up to `(`.
        let delim_start = self.pos;
        while self.pos < self.bytes.len() && self.pos - delim_start <= 16 {
            match self.bytes[self.pos] {
                b'(' => break,
                b' ' | b')' | b'\\' | b'\t' | b'\n' | b'"' => break,
                _ => self.pos += 1,
            }
        }
        if self.peek(0) != b'(' {
            self.quoted(b'"', start);
            return;
        }
        let delim = &self.text[delim_start..self.pos];
        self.pos += 1;
        let body = &self.text[self.pos..];
        let mut search = 0;
        while let Some(i) = body[search..].find(')') {
            let close = search + i;
            let rest = &body[close + 1..];
            if rest.starts_with(delim) && rest[delim.len()..].starts_with('"') {
                self.pos += close + 1 + delim.len() + 1;
                return;
            }
            search = close + 1;
        }
        self.pos = self.bytes.len();
        self.error("unterminated raw string literal", start);
    }

    fn ident_or_prefixed_literal(&mut self, start: usize) -> SyntaxKind {
        while self.pos < self.bytes.len() && is_ident_continue(self.bytes[self.pos]) {
            self.pos += 1;
        }
        while !self.text.is_char_boundary(self.pos) {
            self.pos += 1;
        }
        let ident = &self.text[start..self.pos];
        match self.peek(0) {
            b'"' if matches!(ident, "L" | "u" | "U" | "u8") => {
                self.pos += 1;
                self.quoted(b'"', start);
                self.udl_suffix();
                return STRING_LIT;
            }
            b'"' if matches!(ident, "R" | "LR" | "uR" | "UR" | "u8R") => {
                self.pos += 1;
                self.raw_string(start);
                self.udl_suffix();
                return STRING_LIT;
            }
            b'\'' if matches!(ident, "L" | "u" | "U" | "u8") => {
                self.pos += 1;
                self.quoted(b'\'', start);
                self.udl_suffix();
                return CHAR_LIT;
            }
            _ => {}
        }
        SyntaxKind::from_keyword(ident).unwrap_or(IDENT)
    }

    fn punct(&mut self, start: usize) -> SyntaxKind {
        let b0 = self.peek(0);
        let b1 = self.peek(1);
        let b2 = self.peek(2);
        let (kind, len) = match (b0, b1, b2) {
            (b'-', b'>', b'*') => (ARROW_STAR, 3),
            (b'.', b'.', b'.') => (DOT3, 3),
            (b'-', b'>', _) => (ARROW, 2),
            (b'.', b'*', _) => (DOT_STAR, 2),
            (b':', b':', _) => (COLON2, 2),
            (b'+', b'+', _) => (PLUS2, 2),
            (b'-', b'-', _) => (MINUS2, 2),
            (b'&', b'&', _) => (AMP2, 2),
            (b'|', b'|', _) => (PIPE2, 2),
            (b'=', b'=', _) => (EQ2, 2),
            (b'!', b'=', _) => (NEQ, 2),
            (b'+', b'=', _) => (PLUSEQ, 2),
            (b'-', b'=', _) => (MINUSEQ, 2),
            (b'*', b'=', _) => (STAREQ, 2),
            (b'/', b'=', _) => (SLASHEQ, 2),
            (b'%', b'=', _) => (PERCENTEQ, 2),
            (b'^', b'=', _) => (CARETEQ, 2),
            (b'&', b'=', _) => (AMPEQ, 2),
            (b'|', b'=', _) => (PIPEEQ, 2),
            (b'#', b'#', _) => (HASH2, 2),
            (b'(', ..) => (L_PAREN, 1),
            (b')', ..) => (R_PAREN, 1),
            (b'[', ..) => (L_BRACK, 1),
            (b']', ..) => (R_BRACK, 1),
            (b'{', ..) => (L_CURLY, 1),
            (b'}', ..) => (R_CURLY, 1),
            (b';', ..) => (SEMI, 1),
            (b',', ..) => (COMMA, 1),
            (b'.', ..) => (DOT, 1),
            (b':', ..) => (COLON, 1),
            (b'?', ..) => (QUESTION, 1),
            (b'+', ..) => (PLUS, 1),
            (b'-', ..) => (MINUS, 1),
            (b'*', ..) => (STAR, 1),
            (b'/', ..) => (SLASH, 1),
            (b'%', ..) => (PERCENT, 1),
            (b'^', ..) => (CARET, 1),
            (b'&', ..) => (AMP, 1),
            (b'|', ..) => (PIPE, 1),
            (b'~', ..) => (TILDE, 1),
            (b'!', ..) => (BANG, 1),
            (b'=', ..) => (EQ, 1),
            (b'<', ..) => (L_ANGLE, 1),
            (b'>', ..) => (R_ANGLE, 1),
            (b'#', ..) => (HASH, 1),
            _ => (ERROR_TOKEN, 0),
        };
        if kind == ERROR_TOKEN {
            // One whole character, so token boundaries stay on char boundaries.
            let ch_len = self.text[start..].chars().next().map_or(1, char::len_utf8);
            self.pos += ch_len;
            self.error("unexpected character", start);
            return ERROR_TOKEN;
        }
        self.pos += len;
        kind
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{Expect, expect};
    use std::fmt::Write;

    fn check(text: &str, expect: Expect) {
        let (tokens, errors) = lex_with_errors(text);
        let mut out = String::new();
        let mut pos = 0usize;
        for t in &tokens {
            let s = &text[pos..pos + t.len as usize];
            if t.kind != WHITESPACE {
                writeln!(out, "{:?} {:?}", t.kind, s).unwrap();
            }
            pos += t.len as usize;
        }
        assert_eq!(pos, text.len());
        for e in errors {
            writeln!(out, "error {:?}: {}", e.range, e.message).unwrap();
        }
        expect.assert_eq(&out);
    }

    #[test]
    fn literals() {
        check(
            r#"0x1F'FFu 1'000ull 1.5e-3f .5 0x1p+3 'a' u8'x' L"w" R"d(a)"b)d" "s"_udl 12_km"#,
            expect![[r#"
                INT_LIT "0x1F'FFu"
                INT_LIT "1'000ull"
                FLOAT_LIT "1.5e-3f"
                INT_LIT ".5"
                FLOAT_LIT "0x1p+3"
                CHAR_LIT "'a'"
                CHAR_LIT "u8'x'"
                STRING_LIT "L\"w\""
                STRING_LIT "R\"d(a)\"b)d\""
                STRING_LIT "\"s\"_udl"
                INT_LIT "12_km"
            "#]],
        );
    }

    #[test]
    fn directives_and_gnu_keywords() {
        check(
            "# 1 \"a.h\" 1 3\n#pragma unroll\n  __inline__ __attribute__ a->*b >>= c <<<",
            expect![[r##"
                LINE_MARKER "# 1 \"a.h\" 1 3"
                PRAGMA "#pragma unroll"
                INLINE_KW "__inline__"
                ATTRIBUTE_KW "__attribute__"
                IDENT "a"
                ARROW_STAR "->*"
                IDENT "b"
                R_ANGLE ">"
                R_ANGLE ">"
                EQ "="
                IDENT "c"
                L_ANGLE "<"
                L_ANGLE "<"
                L_ANGLE "<"
            "##]],
        );
    }

    #[test]
    fn malformed() {
        check(
            "\"abc\n` /* x",
            expect![[r##"
                STRING_LIT "\"abc"
                ERROR_TOKEN "`"
                COMMENT "/* x"
                error 0..4: unterminated literal
                error 5..6: unexpected character
                error 7..11: unterminated block comment
            "##]],
        );
    }
}
