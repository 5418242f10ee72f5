//! Preprocessing tokens: what the lexer produces and the macro engine moves around.
//!
//! A token is a small `Copy` value: its spelling is a [`Sym`], an interned string's number, so
//! moving tokens through macro contexts copies 16 bytes and comparing or hashing a spelling
//! (macro lookup) compares a number.
use std::cell::RefCell;
use std::sync::{LazyLock, Mutex, OnceLock};

use rustc_hash::FxHashMap;

/// An interned spelling: a dense number (in the order spellings were first interned) for the
/// spelling's one allocation for the process (as rustc's symbols), so equality and hashing
/// compare numbers, the macro table is indexed by it without reading memory, and a token
/// holding one stays small (16 bytes). Spellings are never freed: their number is bounded by
/// the distinct spellings of the files read. The text is found in `TEXTS`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sym(u32);

/// The text of each `Sym`, by number: chunks of doubling size (4,096 spellings, then 8,192,
/// ...), each allocated when the first of its numbers is given out, so that an entry never
/// moves and is read without a lock.
static TEXTS: [OnceLock<Box<[OnceLock<&'static str>]>>; TEXT_CHUNKS] =
    [const { OnceLock::new() }; TEXT_CHUNKS];
const TEXT_CHUNKS: usize = 20;
const FIRST_CHUNK_BITS: u32 = 12;

/// The chunk of `TEXTS` that holds number `id`, its offset there, and the chunk's size.
#[inline]
fn text_slot(id: u32) -> (usize, usize, usize) {
    let x = u64::from(id) + (1 << FIRST_CHUNK_BITS);
    let top = 63 - x.leading_zeros();
    let chunk = (top - FIRST_CHUNK_BITS) as usize;
    (chunk, (x - (1 << top)) as usize, 1 << top)
}

#[derive(Default)]
struct Global {
    set: FxHashMap<&'static str, Sym>,
}

static INTERNED: LazyLock<Mutex<Global>> = LazyLock::new(|| {
    let mut global = Global::default();
    for (id, text) in (0..).zip(PREINTERNED) {
        set_text(id, text);
        global.set.insert(text, Sym(id));
    }
    Mutex::new(global)
});

/// Spellings with fixed numbers (their index): the empty spelling and the punctuators the
/// engine looks for (`Token::is_punct` compares numbers for them), the digraphs last.
const PREINTERNED: [&str; 15] = [
    "", "(", ")", ",", "...", "#", "##", "<", ">", "%:", "%:%:", "<:", ":>", "<%", "%>",
];
const FIRST_DIGRAPH: u32 = 9;

/// The fixed number of a spelling of `PREINTERNED` (folded where `s` is a constant).
#[inline(always)]
fn preinterned(s: &str) -> Option<Sym> {
    let id = match s {
        "" => 0,
        "(" => 1,
        ")" => 2,
        "," => 3,
        "..." => 4,
        "#" => 5,
        "##" => 6,
        "<" => 7,
        ">" => 8,
        _ => return None,
    };
    Some(Sym(id))
}

/// Record the text of number `id` (under the lock, before the number is given out).
fn set_text(id: u32, text: &'static str) {
    let (chunk, offset, size) = text_slot(id);
    let entries = TEXTS
        .get(chunk)
        .expect("fewer than 2^32 spellings")
        .get_or_init(|| (0..size).map(|_| OnceLock::new()).collect());
    let _ = entries[offset].set(text);
}

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
    /// `u32::MAX` for an empty slot (no spelling is that long: files are read whole).
    len: u32,
    sym: Sym,
}

const RECENT_BITS: u32 = 12;
const RECENT_EMPTY: Recent = Recent {
    first: 0,
    last: 0,
    len: u32::MAX,
    sym: Sym(0),
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
    if let Some(&sym) = global.set.get(s) {
        return sym;
    }
    let text: &'static str = Box::leak(Box::<str>::from(s));
    let id = u32::try_from(global.set.len()).expect("fewer than 2^32 spellings");
    set_text(id, text);
    let sym = Sym(id);
    global.set.insert(text, sym);
    sym
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
        if recent.len as usize == b.len()
            && recent.first == first
            && recent.last == last
            && (b.len() <= 16 || recent.sym.as_str() == s)
        {
            return recent.sym;
        }
        let sym = match self.0.set.get(s) {
            Some(&sym) => sym,
            None => {
                let sym = intern_global(s);
                self.0.set.insert(sym.as_str(), sym);
                sym
            }
        };
        if let Ok(len) = u32::try_from(b.len())
            && len != u32::MAX
        {
            self.0.recent[slot] = Recent {
                first,
                last,
                len,
                sym,
            };
        }
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
    #[inline]
    pub fn empty() -> Sym {
        Sym(0)
    }
    #[inline(always)]
    pub fn as_str(self) -> &'static str {
        let (chunk, offset, _) = text_slot(self.0);
        // A `Sym` exists only once its text is set (`intern_global`), and the thread holding
        // it has seen that (it got the number through the lock or from a thread that did);
        // only the `PREINTERNED` ones are made before, and the table is set up for them.
        match TEXTS[chunk].get().and_then(|entries| entries[offset].get()) {
            Some(text) => text,
            None => {
                LazyLock::force(&INTERNED);
                TEXTS[chunk]
                    .get()
                    .and_then(|entries| entries[offset].get())
                    .expect("an interned spelling")
            }
        }
    }
    /// A digraph's spelling (`<:`, `%:`, ...).
    #[inline]
    fn is_digraph(self) -> bool {
        self.0 >= FIRST_DIGRAPH && (self.0 as usize) < PREINTERNED.len()
    }
    /// The spelling's dense number (in the order spellings were first interned).
    #[inline]
    pub fn id(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Deref for Sym {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}
impl std::fmt::Debug for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}
impl std::fmt::Display for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl PartialEq<str> for Sym {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
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

/// 16 bytes: moved through macro contexts by copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    pub text: Sym,
    /// Physical line (1-based) and gcc's column (1-based byte column) of the first character;
    /// gcc gives columns only up to 4,096 (0 beyond), so they fit 16 bits.
    pub line: u32,
    pub col: u16,
    pub flags: u16,
    pub kind: Kind,
}

/// A column as a token holds it (gcc's columns end at 4,096; larger ones are not kept).
#[inline]
pub fn col16(col: u32) -> u16 {
    u16::try_from(col).unwrap_or(u16::MAX)
}

impl Token {
    pub fn new(kind: Kind, text: &str, flags: u16, line: u32, col: u32) -> Token {
        Token {
            kind,
            flags,
            line,
            col: col16(col),
            text: Sym::new(text),
        }
    }
    #[inline]
    pub fn has(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }
    #[inline(always)]
    pub fn is_punct(&self, s: &str) -> bool {
        if self.kind != Kind::Punct {
            return false;
        }
        if let Some(sym) = preinterned(s) {
            // A number compared; a digraph (the flag is not kept through pastes) by its
            // operator.
            return self.text == sym
                || (self.text.is_digraph() && canonical_punct(self.text.as_str()) == s);
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

/// A token's location as gcc's printer sees it: the (outermost) expansion point's file, line
/// and column for tokens of macro expansions, else the token's own; `sys` is the system level
/// of the file the token was spelled in (`in_system_include_at`), `builtin` whether it was
/// spelled in `<built-in>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loc {
    pub file: u32,
    pub line: u32,
    pub col: u32,
    pub sys: u8,
    pub builtin: bool,
}

/// A token with the location gcc's printer gives it.
#[derive(Clone, Copy, Debug)]
pub struct PTok {
    pub tok: Token,
    pub loc: Loc,
}
