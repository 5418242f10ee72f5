//! Preprocessing tokens: what the lexer produces and the macro engine moves around.
use std::sync::Arc;

/// The encoding prefix of a character or string literal (gcc's CPP_CHAR/CPP_WCHAR/... split).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Enc {
    Plain,
    Wide,
    Utf16,
    Utf32,
    Utf8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Ident,
    Number,
    /// A character literal; `ud` when it carries a user-defined-literal suffix.
    Char {
        enc: Enc,
        ud: bool,
    },
    Str {
        enc: Enc,
        ud: bool,
    },
    Punct,
    /// A stray character, or an unterminated quote running to the end of the line.
    Other,
    /// gcc's CPP_PADDING: no text, marks where spacing must be decided (see `output`).
    Padding,
    Eof,
}

pub const PREV_WHITE: u16 = 1;
/// First token of a logical line.
pub const BOL: u16 = 2;
pub const DIGRAPH: u16 = 4;
/// A macro name that must not be expanded again ("painted blue").
pub const NO_EXPAND: u16 = 8;
/// In a macro body: the token is the left operand of `##`.
pub const PASTE_LEFT: u16 = 16;
/// In a macro body: the parameter is the operand of `#`.
pub const STRINGIFY: u16 = 32;
/// An unterminated character or string literal (lexed as `Other`).
pub const UNTERMINATED: u16 = 64;
/// A padding token whose source token is known (gcc's `val.source != NULL`); its `PREV_WHITE`
/// is the source's.
pub const PAD_SOURCE: u16 = 128;
/// A token whose text crossed lines (a raw string): its end line is `line + newlines in text`.
pub const MULTILINE: u16 = 256;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    pub kind: Kind,
    pub flags: u16,
    /// Physical line (1-based) and gcc's column (1-based byte column) of the first character.
    pub line: u32,
    pub col: u32,
    pub text: Arc<str>,
}

impl Token {
    pub fn new(kind: Kind, text: &str, flags: u16, line: u32, col: u32) -> Token {
        Token {
            kind,
            flags,
            line,
            col,
            text: Arc::from(text),
        }
    }
    pub fn has(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }
    pub fn is_punct(&self, s: &str) -> bool {
        self.kind == Kind::Punct && canonical_punct(&self.text) == s
    }
    /// The characters between the quotes of a string literal without a suffix.
    pub fn string_contents(&self) -> Option<&str> {
        if !matches!(self.kind, Kind::Str { ud: false, .. }) {
            return None;
        }
        let start = self.text.find('"')? + 1;
        let end = self.text.rfind('"')?;
        self.text.get(start..end.max(start))
    }
    pub fn is_ident(&self, s: &str) -> bool {
        self.kind == Kind::Ident && &*self.text == s
    }
}

/// The operator a digraph spells (`<:` is `[`); other punctuators are their own spelling.
pub fn canonical_punct(s: &str) -> &str {
    match s {
        "<:" => "[",
        ":>" => "]",
        "<%" => "{",
        "%>" => "}",
        "%:" => "#",
        "%:%:" => "##",
        _ => s,
    }
}

/// gcc's `cpp_avoid_paste`: whether printing `b` right after `a` would lex differently.
pub fn avoid_paste(a: &Token, b: &Token) -> bool {
    let c = if b.kind == Kind::Punct {
        b.text.as_bytes()[0]
    } else {
        0
    };
    if a.kind == Kind::Punct {
        let op = canonical_punct(&a.text);
        const EQ_PASTERS: &[&str] = &[
            "=", "!", ">", "<", "+", "-", "*", "/", "%", "&", "|", "^", ">>", "<<",
        ];
        if c == b'=' && EQ_PASTERS.contains(&op) {
            return true;
        }
        return match op {
            ">" => c == b'>',
            "<" => c == b'<' || c == b'%' || c == b':',
            "+" => c == b'+',
            "-" => c == b'-' || c == b'>',
            "/" => c == b'/' || c == b'*',
            "%" => c == b':' || c == b'%',
            "&" => c == b'&',
            "|" => c == b'|',
            ":" => c == b':' || c == b'>',
            "->" => c == b'*',
            "." => c == b'.' || c == b'%' || b.kind == Kind::Number,
            "#" => c == b'#' || c == b'%',
            "<=" => c == b'>',
            _ => false,
        };
    }
    match a.kind {
        Kind::Ident => {
            matches!(b.kind, Kind::Ident)
                || matches!(
                    b.kind,
                    Kind::Char {
                        enc: Enc::Plain,
                        ud: false
                    }
                )
                || matches!(
                    b.kind,
                    Kind::Str {
                        enc: Enc::Plain,
                        ud: false
                    }
                )
                || (b.kind == Kind::Number && is_ident_spelling(&b.text))
        }
        Kind::Number => {
            matches!(b.kind, Kind::Number | Kind::Ident)
                || matches!(
                    b.kind,
                    Kind::Char {
                        enc: Enc::Plain,
                        ud: false
                    }
                )
                || c == b'.'
                || c == b'+'
                || c == b'-'
        }
        Kind::Other => a.text.starts_with('\\') && b.kind == Kind::Ident,
        Kind::Str { ud: false, .. } => {
            b.kind == Kind::Ident
                || (matches!(
                    b.kind,
                    Kind::Number | Kind::Char { .. } | Kind::Str { .. } | Kind::Other
                ) && b.text.bytes().next().is_some_and(is_ident_start))
        }
        _ => false,
    }
}

pub fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b >= 0x80
}

pub fn is_ident_char(b: u8) -> bool {
    is_ident_start(b) || b.is_ascii_digit()
}

fn is_ident_spelling(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && is_ident_start(b[0]) && b.iter().all(|&c| is_ident_char(c))
}
