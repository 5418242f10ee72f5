//! Preprocessing tokens: what the lexer produces and the macro engine moves around.
//!
//! A token is a small `Copy` value: its spelling is a [`Sym`], an interned string, so moving
//! tokens through macro contexts copies 32 bytes and comparing or hashing a spelling (macro
//! lookup) compares a pointer.
use std::cell::RefCell;
use std::sync::{LazyLock, Mutex};

use rustc_hash::FxHashMap;

/// An interned spelling: a thin pointer to the spelling's one allocation for the process (as
/// rustc's symbols), so equality and hashing are by address and a token holding one stays
/// small. Spellings are never freed: their number is bounded by the distinct spellings of the
/// files read. Each has a dense number (`id`), which indexes the macro table.
#[derive(Clone, Copy)]
pub struct Sym(&'static Interned);

/// What a `Sym` points at.
pub struct Interned {
    text: &'static str,
    id: u32,
}

#[derive(Default)]
struct Global {
    set: FxHashMap<&'static str, &'static Interned>,
}

static INTERNED: LazyLock<Mutex<Global>> = LazyLock::new(Default::default);

thread_local! {
    /// This thread's view of `INTERNED`, so that lexing takes the lock only for new spellings.
    static LOCAL: RefCell<Local> = RefCell::new(Local {
        set: FxHashMap::default(),
        recent: vec![RECENT_EMPTY; 1 << RECENT_BITS].into_boxed_slice(),
    });
}

/// A thread's interning state: the spellings it has seen, and in front of that set a
/// direct-mapped cache of recent spellings keyed by their length and first and last 8 bytes
/// (which are the whole spelling up to 16 bytes: most identifiers are found without hashing
/// or comparing their text).
pub struct Local {
    set: FxHashMap<&'static str, Sym>,
    recent: Box<[Recent]>,
}

#[derive(Clone, Copy)]
struct Recent {
    first: u64,
    last: u64,
    len: usize,
    sym: Option<Sym>,
}

const RECENT_BITS: u32 = 12;
const RECENT_EMPTY: Recent = Recent {
    first: 0,
    last: 0,
    len: usize::MAX,
    sym: None,
};

/// The first and last 8 bytes of `b` (little-endian; `b` itself, zero-extended, when shorter).
fn ends(b: &[u8]) -> (u64, u64) {
    let n = b.len();
    if n >= 8 {
        let word = |i: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&b[i..i + 8]);
            u64::from_le_bytes(w)
        };
        (word(0), word(n - 8))
    } else {
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(b);
        let x = u64::from_le_bytes(w);
        (x, x)
    }
}

fn intern_global(s: &str) -> Sym {
    let mut global = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&i) = global.set.get(s) {
        return Sym(i);
    }
    let text: &'static str = Box::leak(Box::<str>::from(s));
    let id = u32::try_from(global.set.len()).expect("fewer than 2^32 spellings");
    let interned: &'static Interned = Box::leak(Box::new(Interned { text, id }));
    global.set.insert(text, interned);
    Sym(interned)
}

/// Interns spellings through this thread's cache (the lexer holds one for a whole file).
pub struct Interner<'a>(std::cell::RefMut<'a, Local>);

impl Interner<'_> {
    pub fn intern(&mut self, s: &str) -> Sym {
        let b = s.as_bytes();
        let (first, last) = ends(b);
        let slot = ((first ^ last.rotate_left(29) ^ b.len() as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            >> (64 - RECENT_BITS)) as usize;
        let recent = self.0.recent[slot];
        if recent.len == b.len()
            && recent.first == first
            && recent.last == last
            && let Some(sym) = recent.sym
            && (b.len() <= 16 || sym.0.text == s)
        {
            return sym;
        }
        let sym = match self.0.set.get(s) {
            Some(&sym) => sym,
            None => {
                let sym = intern_global(s);
                self.0.set.insert(sym.0.text, sym);
                sym
            }
        };
        self.0.recent[slot] = Recent {
            first,
            last,
            len: b.len(),
            sym: Some(sym),
        };
        sym
    }
}

/// Run `f` with this thread's interner.
pub fn with_interner<R>(f: impl FnOnce(&mut Interner<'_>) -> R) -> R {
    LOCAL.with(|l| f(&mut Interner(l.borrow_mut())))
}

impl Sym {
    pub fn new(s: &str) -> Sym {
        with_interner(|i| i.intern(s))
    }
    /// The empty spelling (padding and end-of-file tokens).
    pub fn empty() -> Sym {
        static EMPTY: LazyLock<Sym> = LazyLock::new(|| Sym::new(""));
        *EMPTY
    }
    pub fn as_str(self) -> &'static str {
        self.0.text
    }
    /// The spelling's dense number (in the order spellings were first interned).
    #[inline]
    pub fn id(self) -> usize {
        self.0.id as usize
    }
}

impl PartialEq for Sym {
    fn eq(&self, other: &Sym) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for Sym {}
impl std::hash::Hash for Sym {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_usize(std::ptr::from_ref(self.0) as usize);
    }
}
impl std::ops::Deref for Sym {
    type Target = str;
    fn deref(&self) -> &str {
        self.0.text
    }
}
impl std::fmt::Debug for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.0.text, f)
    }
}
impl std::fmt::Display for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.text)
    }
}
impl PartialEq<str> for Sym {
    fn eq(&self, other: &str) -> bool {
        self.0.text == other
    }
}

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

/// 24 bytes (a thin spelling pointer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    pub text: Sym,
    /// Physical line (1-based) and gcc's column (1-based byte column) of the first character.
    pub line: u32,
    pub col: u32,
    pub flags: u16,
    pub kind: Kind,
}

impl Token {
    pub fn new(kind: Kind, text: &str, flags: u16, line: u32, col: u32) -> Token {
        Token {
            kind,
            flags,
            line,
            col,
            text: Sym::new(text),
        }
    }
    #[inline]
    pub fn has(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }
    #[inline]
    pub fn is_punct(&self, s: &str) -> bool {
        if self.kind != Kind::Punct {
            return false;
        }
        let (a, b) = (self.text.as_bytes(), s.as_bytes());
        if a.len() >= 2 && matches!(a[0], b'<' | b':' | b'%') {
            // Possibly a digraph (the flag is not kept through pastes).
            return canonical_punct(&self.text) == s;
        }
        // Inlined with a constant `s`: a length and a byte or two compared, no `memcmp` call.
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
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
