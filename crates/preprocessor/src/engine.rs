//! The token engine: buffers (the include stack), macro contexts, lookahead, and the loop of
//! gcc's `scan_translation_unit`. Macro expansion is in `macros`, directives in `directives`.
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::lexer::{LexMode, LexedFile, lex};
use crate::options::{FileSystem, MacroOption, Options};
use crate::output::{FileChange, Printer};
use crate::token::{BOL, Kind, Loc, NO_EXPAND, PAD_SOURCE, PREV_WHITE, PTok, Sym, Token};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
    Fatal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
            Severity::Fatal => "fatal error",
        };
        // gcc leaves out a column of 0.
        if self.col == 0 {
            write!(f, "{}:{}: {kind}: {}", self.file, self.line, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {kind}: {}",
                self.file, self.line, self.col, self.message
            )
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum CondKind {
    If,
    Elif,
    Else,
}

#[derive(Clone)]
pub(crate) struct IfState {
    pub line: u32,
    pub was_skipping: bool,
    pub skip_elses: bool,
    pub kind: CondKind,
    pub mi_cmacro: Option<Sym>,
    pub directive: &'static str,
}

#[derive(Clone)]
pub(crate) struct Buffer {
    pub lexed: Arc<LexedFile>,
    pub pos: usize,
    /// Presumed file name (index into the printer's names) and line offset (`#line`).
    pub name: u32,
    pub line_delta: i64,
    pub path: Arc<str>,
    pub sysp: u8,
    /// Index in the search chain where the file was found (for `#include_next`).
    pub dir: Option<usize>,
    pub ifs: Vec<IfState>,
    /// The includer's line to return to.
    pub return_line: u32,
    pub is_main_or_cmdline: bool,
    /// gcc's `_cpp_file` identity, which holds the include guard.
    pub file_key: Option<Arc<str>>,
}

/// The tokens of a macro context. An object-like macro's body is read in place (each token at
/// the expansion's location) rather than copied into a vector, and a context of one token
/// (a padding, a pasted or built-in token) needs no allocation.
#[derive(Clone)]
pub(crate) enum Toks {
    Owned(Vec<PTok>),
    Body(Arc<[crate::macros::BodyTok]>, Loc),
    One(PTok),
}

#[derive(Clone)]
pub(crate) struct Context {
    pub toks: Toks,
    pub pos: usize,
    pub macro_name: Option<Sym>,
}

impl Context {
    #[inline]
    pub fn len(&self) -> usize {
        match &self.toks {
            Toks::Owned(v) => v.len(),
            Toks::Body(b, _) => b.len(),
            Toks::One(_) => 1,
        }
    }

    /// The token at `i` (< `len()`).
    #[inline]
    pub fn at(&self, i: usize) -> PTok {
        match &self.toks {
            Toks::Owned(v) => v[i],
            Toks::Body(b, loc) => PTok {
                tok: b[i].tok,
                loc: *loc,
            },
            Toks::One(t) => *t,
        }
    }

    #[inline]
    pub fn kind_flags(&self, i: usize) -> (Kind, u16) {
        let t = match &self.toks {
            Toks::Owned(v) => &v[i].tok,
            Toks::Body(b, _) => &b[i].tok,
            Toks::One(t) => &t.tok,
        };
        (t.kind, t.flags)
    }

    /// Whether the context is a macro argument's (which ends with an end-of-argument token).
    fn ends_with_eof(&self) -> bool {
        match &self.toks {
            Toks::Owned(v) => v.last().is_some_and(|t| t.tok.kind == Kind::Eof),
            Toks::Body(..) => false,
            Toks::One(t) => t.tok.kind == Kind::Eof,
        }
    }
}

#[derive(Clone, Default)]
pub(crate) struct FileInfo {
    pub cmacro: Option<Sym>,
}

pub(crate) const MAX_INCLUDE_DEPTH: usize = 200;
/// Files entered by one run (gcc has no limit). A header that includes itself twice without a
/// guard enters 2^200 files before the depth limit ends each chain; real units enter a few
/// thousand (guarded headers are not entered again; thrust_all, the largest, 1,795).
pub(crate) const MAX_FILES_ENTERED: usize = 20_000;
/// Nesting of macro invocations in macro arguments (gcc has no limit; real headers nest a few
/// levels). Bounds the recursion of argument pre-expansion.
pub(crate) const MAX_EXPANSION_DEPTH: usize = 400;
/// Tokens held by the arguments of macro invocations in progress: nested invocations copy their
/// arguments, so a pathological nesting would otherwise take memory quadratic in its depth.
pub(crate) const MAX_LIVE_ARG_TOKENS: usize = 8_000_000;

/// Everything a preprocessing run has built so far: cloned after the main file's preamble so
/// that a later run can resume from it (`db::preamble`).
#[derive(Clone)]
pub struct State {
    pub(crate) printer: Printer,
    pub(crate) diags: Vec<Diagnostic>,
    pub(crate) buffers: Vec<Buffer>,
    pub(crate) contexts: Vec<Context>,
    pub(crate) lookahead: Vec<PTok>,
    pub(crate) pending_split: Option<PTok>,
    pub(crate) macros: crate::macros::MacroTable,
    pub(crate) pushed_macros: FxHashMap<Sym, Vec<Option<crate::macros::Macro>>>,
    pub(crate) in_directive: bool,
    pub(crate) parsing_args: u8,
    pub(crate) prevent_expansion: u32,
    pub(crate) skipping: bool,
    pub(crate) mi_valid: bool,
    pub(crate) mi_cmacro: Option<Sym>,
    pub(crate) mi_ind_cmacro: Option<Sym>,
    pub(crate) files: FxHashMap<Arc<str>, FileInfo>,
    pub(crate) file_keys: FxHashMap<(String, String), Arc<str>>,
    pub(crate) once: FxHashSet<String>,
    pub(crate) counter: u32,
    pub(crate) expansion_depth: usize,
    pub(crate) live_arg_tokens: usize,
    /// Files entered so far (`MAX_FILES_ENTERED`).
    pub(crate) files_entered: usize,
    pub(crate) directive_loc: Loc,
    /// Where the last header name started (gcc reports a missing include there).
    pub(crate) header_name_loc: Loc,
    pub(crate) fatal: bool,
    pub(crate) name_ids: FxHashMap<Arc<str>, u32>,
    pub(crate) mode: LexMode,
    pub(crate) poisoned: FxHashSet<Sym>,
    /// Stop at this token of the main file (the end of its preamble).
    pub(crate) main_limit: Option<usize>,
}

pub(crate) struct Pp<'a> {
    pub opts: &'a Options,
    pub fs: &'a mut dyn FileSystem,
    pub st: State,
    /// Where the output goes as it is printed (`preprocess_to`), instead of all of it into
    /// `st.printer.out`; the first write error.
    sink: Option<(&'a mut dyn std::io::Write, Option<std::io::Error>)>,
}

/// Output held before it is written to a sink.
const SINK_CHUNK: usize = 1 << 18;

pub(crate) fn eof_tok() -> PTok {
    PTok {
        tok: Token {
            kind: Kind::Eof,
            flags: 0,
            line: 0,
            col: 0,
            text: Sym::empty(),
        },
        loc: NO_LOC,
    }
}

pub(crate) const NO_LOC: Loc = Loc {
    file: 0,
    line: 0,
    col: 0,
    sys: 0,
    builtin: false,
};

pub(crate) fn padding(source: Option<&Token>) -> PTok {
    let flags = match source {
        Some(t) => PAD_SOURCE | (t.flags & PREV_WHITE),
        None => 0,
    };
    PTok {
        tok: Token {
            kind: Kind::Padding,
            flags,
            line: 0,
            col: 0,
            text: Sym::empty(),
        },
        loc: NO_LOC,
    }
}

fn new_state(opts: &Options) -> State {
    State {
        printer: Printer::new(),
        diags: Vec::new(),
        buffers: Vec::new(),
        contexts: Vec::new(),
        lookahead: Vec::new(),
        pending_split: None,
        macros: Default::default(),
        pushed_macros: FxHashMap::default(),
        in_directive: false,
        parsing_args: 0,
        prevent_expansion: 0,
        skipping: false,
        mi_valid: false,
        mi_cmacro: None,
        mi_ind_cmacro: None,
        files: FxHashMap::default(),
        file_keys: FxHashMap::default(),
        once: FxHashSet::default(),
        counter: 0,
        expansion_depth: 0,
        live_arg_tokens: 0,
        files_entered: 0,
        directive_loc: NO_LOC,
        header_name_loc: NO_LOC,
        fatal: false,
        name_ids: FxHashMap::default(),
        mode: opts.lex_mode,
        poisoned: FxHashSet::default(),
        main_limit: None,
    }
}

pub fn run(opts: &Options, fs: &mut dyn FileSystem) -> crate::Preprocessed {
    let mut pp = Pp {
        opts,
        fs,
        st: new_state(opts),
        sink: None,
    };
    pp.start();
    pp.scan();
    pp.finish()
}

/// `run`, writing the output to `sink` as it is printed; the diagnostics, or the first write
/// error.
pub fn run_to(
    opts: &Options,
    fs: &mut dyn FileSystem,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<Vec<Diagnostic>> {
    let mut pp = Pp {
        opts,
        fs,
        st: new_state(opts),
        sink: Some((sink, None)),
    };
    pp.start();
    pp.scan();
    pp.st.printer.finish();
    pp.flush(0);
    match pp.sink.take() {
        Some((_, Some(e))) => Err(e),
        _ => Ok(std::mem::take(&mut pp.st.diags)),
    }
}

/// Run the command line and the main file up to its token `limit` (the end of its preamble:
/// directives only), and return the state there.
pub fn run_preamble(opts: &Options, fs: &mut dyn FileSystem, limit: usize) -> State {
    let mut pp = Pp {
        opts,
        fs,
        st: new_state(opts),
        sink: None,
    };
    pp.st.main_limit = Some(limit);
    pp.start();
    pp.scan();
    pp.st
}

/// Continue a run from the state `run_preamble` returned, with the main file's whole text.
pub fn resume(
    opts: &Options,
    fs: &mut dyn FileSystem,
    state: State,
    main: Arc<LexedFile>,
) -> crate::Preprocessed {
    let mut pp = Pp {
        opts,
        fs,
        st: state,
        sink: None,
    };
    pp.st.main_limit = None;
    if let Some(b) = pp.st.buffers.first_mut() {
        b.lexed = main;
    }
    if !pp.st.buffers.is_empty() {
        pp.scan();
    }
    pp.finish()
}

impl Pp<'_> {
    pub fn name_id(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.st.name_ids.get(name) {
            return id;
        }
        let id = self.st.printer.names.len() as u32;
        let name: Arc<str> = Arc::from(name);
        self.st.printer.names.push(name.clone());
        self.st.name_ids.insert(name, id);
        id
    }

    pub fn error_at(&mut self, severity: Severity, loc: Loc, message: impl Into<String>) {
        let file = self
            .st
            .printer
            .names
            .get(loc.file as usize)
            .map(|n| n.to_string())
            .unwrap_or_default();
        self.st.diags.push(Diagnostic {
            severity,
            file,
            line: loc.line,
            col: loc.col,
            message: message.into(),
        });
        if severity == Severity::Fatal {
            self.st.fatal = true;
        }
    }

    pub fn current_loc(&self) -> Loc {
        match self.st.buffers.last() {
            Some(b) => {
                let t = b.lexed.tokens.get(b.pos.saturating_sub(1));
                let line = t.map_or(1, |t| t.line) as i64 + b.line_delta;
                Loc {
                    file: b.name,
                    line: line as u32,
                    col: t.map_or(1, |t| u32::from(t.col)),
                    sys: b.sysp,
                    builtin: false,
                }
            }
            None => NO_LOC,
        }
    }

    /// Push a text buffer that is not a file (`<built-in>`, `<command-line>`).
    fn push_text(&mut self, name: &str, text: &str) {
        let lexed = Arc::new(lex(text, self.st.mode));
        let id = self.name_id(name);
        self.st.buffers.push(Buffer {
            lexed,
            pos: 0,
            name: id,
            line_delta: -1,
            path: Arc::from(name),
            sysp: 0,
            dir: None,
            ifs: Vec::new(),
            return_line: 0,
            is_main_or_cmdline: true,
            file_key: None,
        });
    }

    /// Run a text buffer to its end (definitions only: nothing is printed).
    fn run_definitions(&mut self, name: &str, text: &str) {
        let depth = self.st.buffers.len();
        self.push_text(name, text);
        while self.st.buffers.len() > depth {
            let t = self.lex_token();
            if t.tok.kind == Kind::Eof {
                break;
            }
        }
    }

    fn start(&mut self) {
        self.fs.start_prefetch(self.opts);
        let main = self.opts.main.clone();
        let main_id = self.name_id(&main);
        self.st.printer.file_change(
            FileChange::Rename,
            Loc {
                file: main_id,
                ..NO_LOC
            },
        );
        let builtin = self.name_id("<built-in>");
        self.st.printer.file_change(
            FileChange::Rename,
            Loc {
                file: builtin,
                ..NO_LOC
            },
        );
        for (name, b) in crate::macros::builtins() {
            self.st
                .macros
                .insert(Sym::new(name), crate::macros::Macro::special(b));
        }
        let predefined = self.opts.predefined.clone();
        self.run_definitions("<built-in>", &predefined);
        for m in self.st.macros.values_mut() {
            m.builtin_origin = true;
        }
        let cmd = self.name_id("<command-line>");
        self.st.printer.file_change(
            FileChange::Rename,
            Loc {
                file: cmd,
                ..NO_LOC
            },
        );
        let mut text = String::new();
        for m in &self.opts.macros {
            match m {
                MacroOption::Define(d) => {
                    let (name, value) = match d.split_once('=') {
                        Some((n, v)) => (n.to_string(), v.to_string()),
                        None => (d.clone(), "1".to_string()),
                    };
                    let name = match name.find('(') {
                        Some(_) => name,
                        None => name,
                    };
                    text.push_str(&format!("#define {name} {value}\n"));
                }
                MacroOption::Undef(u) => text.push_str(&format!("#undef {u}\n")),
            }
        }
        // The implicit -include of stdc-predef.h, then the user's -include files.
        let mut includes = vec![(String::from("stdc-predef.h"), true)];
        includes.extend(self.opts.forced_includes.iter().map(|f| (f.clone(), false)));
        self.run_definitions("<command-line>", &text);
        for (file, angled) in includes {
            let found = if angled {
                self.search(&file, true, None, 0)
            } else {
                self.search_cmdline(&file)
            };
            let Some((path, dir, sysp)) = found else {
                if !angled {
                    self.error_at(
                        Severity::Fatal,
                        Loc {
                            file: cmd,
                            ..NO_LOC
                        },
                        format!("{file}: No such file or directory"),
                    );
                    return;
                }
                continue;
            };
            let depth = self.st.buffers.len();
            self.push_text("<command-line>", "");
            if self.stack_file(&path, dir, sysp, 0) {
                // The search passed the head of the include chain: gcc caches the file there.
                if angled || dir.is_some() {
                    let key: Arc<str> = Arc::from(format!("{path}#cmdline"));
                    self.st
                        .file_keys
                        .insert(("chain-head".to_string(), file.clone()), key.clone());
                    if let Some(b) = self.st.buffers.last_mut() {
                        b.file_key = Some(key);
                    }
                }
                while self.st.buffers.len() > depth + 1 {
                    let t = self.get_token();
                    if t.tok.kind == Kind::Eof {
                        break;
                    }
                    self.emit(&t);
                }
            }
            self.st.buffers.truncate(depth);
            if self.st.fatal {
                return;
            }
        }
        let Some(lexed) = self.fs.lexed(&main, self.st.mode) else {
            self.error_at(
                Severity::Fatal,
                Loc {
                    file: main_id,
                    ..NO_LOC
                },
                format!("{main}: No such file or directory"),
            );
            return;
        };
        self.st.buffers.push(Buffer {
            lexed,
            pos: 0,
            name: main_id,
            line_delta: 0,
            path: Arc::from(main.as_str()),
            sysp: 0,
            dir: None,
            ifs: Vec::new(),
            return_line: 0,
            is_main_or_cmdline: true,
            file_key: None,
        });
        self.st.mi_valid = true;
        self.st.mi_cmacro = None;
        self.st.printer.file_change(
            FileChange::Rename,
            Loc {
                file: main_id,
                line: 1,
                ..NO_LOC
            },
        );
    }

    fn finish(mut self) -> crate::Preprocessed {
        self.st.printer.finish();
        crate::Preprocessed {
            text: std::mem::take(&mut self.st.printer.out),
            diagnostics: std::mem::take(&mut self.st.diags),
        }
    }

    fn scan(&mut self) {
        if self.st.fatal || self.st.buffers.is_empty() {
            return;
        }
        loop {
            let t = self.get_token();
            if t.tok.kind == Kind::Eof || self.st.fatal {
                break;
            }
            self.emit(&t);
        }
    }

    /// Print a token (and write the output so far to the sink, if any, in chunks).
    #[inline]
    fn emit(&mut self, t: &PTok) {
        self.st.printer.token(t);
        if self.sink.is_some() {
            self.flush(SINK_CHUNK);
        }
    }

    /// Write the output held to the sink once it holds at least `min` bytes.
    fn flush(&mut self, min: usize) {
        let Some((sink, error)) = &mut self.sink else {
            return;
        };
        let out = &mut self.st.printer.out;
        if out.len() < min {
            return;
        }
        if error.is_none()
            && let Err(e) = sink.write_all(out.as_bytes())
        {
            *error = Some(e);
        }
        out.clear();
    }

    /// Push the file at `path` (found in chain entry `dir`), printing the enter marker.
    pub fn stack_file(
        &mut self,
        path: &str,
        dir: Option<usize>,
        sysp: u8,
        include_line: u32,
    ) -> bool {
        let Some(lexed) = self.fs.lexed(path, self.st.mode) else {
            return false;
        };
        let includer_sysp = self.st.buffers.last().map_or(0, |b| {
            if b.is_main_or_cmdline && b.path.starts_with('<') {
                0
            } else {
                b.sysp
            }
        });
        let sysp = sysp.max(includer_sysp);
        self.st.files_entered += 1;
        for e in &lexed.errors {
            self.st.diags.push(Diagnostic {
                severity: Severity::Error,
                file: path.to_string(),
                line: e.line,
                col: e.col,
                message: e.message.clone(),
            });
        }
        let name = self.name_id(path);
        let included_from = self.st.buffers.last().map(|b| Loc {
            file: b.name,
            line: if b.path.starts_with('<') {
                0
            } else {
                include_line
            },
            col: 0,
            sys: b.sysp,
            builtin: false,
        });
        self.st.buffers.push(Buffer {
            lexed,
            pos: 0,
            name,
            line_delta: 0,
            path: Arc::from(path),
            sysp,
            dir,
            ifs: Vec::new(),
            return_line: include_line + 1,
            is_main_or_cmdline: false,
            file_key: None,
        });
        self.st.mi_valid = true;
        self.st.mi_cmacro = None;
        self.st.printer.file_change(
            FileChange::Enter { included_from },
            Loc {
                file: name,
                line: 1,
                col: 0,
                sys: sysp,
                builtin: false,
            },
        );
        true
    }

    fn pop_buffer(&mut self) {
        let Some(buf) = self.st.buffers.pop() else {
            return;
        };
        for ifs in buf.ifs.iter().rev() {
            let loc = Loc {
                file: buf.name,
                line: ifs.line,
                col: 0,
                sys: 0,
                builtin: false,
            };
            self.error_at(
                Severity::Error,
                loc,
                format!("unterminated #{}", ifs.directive),
            );
        }
        self.st.skipping = false;
        if self.st.mi_valid {
            let info = self
                .st
                .files
                .entry(buf.file_key.clone().unwrap_or(buf.path.clone()))
                .or_default();
            if info.cmacro.is_none() {
                info.cmacro = self.st.mi_cmacro;
            }
            if info.cmacro.is_some() {
                // Entered again only if its guard macro is undefined: its tokens (most of
                // the run's memory) can go.
                self.fs.release(&buf.path);
            }
        }
        self.st.mi_valid = false;
        if buf.is_main_or_cmdline {
            return;
        }
        if let Some(outer) = self.st.buffers.last() {
            let line = if outer.path.starts_with('<') {
                0
            } else {
                (buf.return_line as i64 + outer.line_delta) as u32
            };
            let loc = Loc {
                file: outer.name,
                line,
                col: 0,
                sys: outer.sysp,
                builtin: false,
            };
            self.st.printer.file_change(FileChange::Leave, loc);
        }
    }

    /// gcc's `_cpp_lex_direct` over the buffers.
    fn lex_direct(&mut self) -> PTok {
        if let Some(t) = self.st.pending_split.take() {
            return t;
        }
        loop {
            if self.st.buffers.len() == 1
                && !self.st.buffers[0].path.starts_with('<')
                && self
                    .st
                    .main_limit
                    .is_some_and(|l| self.st.buffers[0].pos >= l)
            {
                return eof_tok();
            }
            let Some(buf) = self.st.buffers.last_mut() else {
                return eof_tok();
            };
            if let Some(t) = buf.lexed.tokens.get(buf.pos) {
                if self.st.in_directive && t.flags & BOL != 0 {
                    return eof_tok();
                }
                buf.pos += 1;
                let loc = Loc {
                    file: buf.name,
                    line: (t.line as i64 + buf.line_delta).max(0) as u32,
                    col: u32::from(t.col),
                    sys: buf.sysp,
                    builtin: false,
                };
                let tok = *t;
                if matches!(
                    tok.kind,
                    Kind::Str { ud: true, .. } | Kind::Char { ud: true, .. }
                ) && let Some((lit, name)) = tok.ud_split()
                    && self.st.macros.contains_key(name.text)
                {
                    let col = name.col;
                    self.st.pending_split = Some(PTok {
                        tok: name,
                        loc: Loc {
                            col: u32::from(col),
                            ..loc
                        },
                    });
                    return PTok { tok: lit, loc };
                }
                return PTok { tok, loc };
            }
            if self.st.in_directive || self.st.parsing_args != 0 {
                return eof_tok();
            }
            let is_last = self.st.buffers.len() == 1;
            self.pop_buffer();
            if is_last {
                return eof_tok();
            }
        }
    }

    /// gcc's `_cpp_lex_token`: directives, line-change callbacks, skipping.
    pub fn lex_token(&mut self) -> PTok {
        loop {
            if self.st.skipping {
                self.skip_to_directive();
            }
            let t = match self.st.lookahead.pop() {
                Some(t) => t,
                None => self.lex_direct(),
            };
            if self.st.fatal {
                return eof_tok();
            }
            if t.tok.flags & BOL != 0 && !self.st.in_directive {
                if t.tok.is_punct("#") && self.st.parsing_args != 1 {
                    self.handle_directive(t);
                    continue;
                }
                if !self.st.skipping {
                    self.st
                        .printer
                        .line_change(t.loc, self.st.parsing_args != 0);
                }
            }
            if self.st.in_directive || t.tok.kind == Kind::Eof {
                return t;
            }
            self.st.mi_valid = false;
            if !self.st.skipping {
                return t;
            }
        }
    }

    /// In a group that a conditional leaves out, moves the current file to the next line that
    /// starts with `#`: the tokens between would be read and dropped one by one, and only tell
    /// that the file is not guarded as a whole (`mi_valid`).
    fn skip_to_directive(&mut self) {
        if self.st.in_directive
            || self.st.parsing_args != 0
            || !self.st.lookahead.is_empty()
            || self.st.pending_split.is_some()
        {
            return;
        }
        let limit = match self.st.main_limit {
            Some(l) if self.st.buffers.len() == 1 && !self.st.buffers[0].path.starts_with('<') => l,
            _ => usize::MAX,
        };
        let Some(buf) = self.st.buffers.last_mut() else {
            return;
        };
        let toks = &buf.lexed.tokens;
        let end = toks.len().min(limit);
        let mut p = buf.pos;
        while p < end && !(toks[p].flags & BOL != 0 && toks[p].is_punct("#")) {
            p += 1;
        }
        if p > buf.pos {
            buf.pos = p;
            self.st.mi_valid = false;
        }
    }

    /// gcc's `_cpp_backup_tokens (pfile, 1)`.
    pub fn backup(&mut self, t: PTok) {
        match self.st.contexts.last_mut() {
            Some(ctx) if ctx.pos > 0 => ctx.pos -= 1,
            _ => self.st.lookahead.push(t),
        }
    }

    pub fn push_context(&mut self, toks: Vec<PTok>, macro_name: Option<Sym>) {
        self.st.contexts.push(Context {
            toks: Toks::Owned(toks),
            pos: 0,
            macro_name,
        });
    }

    pub fn push_token_context(&mut self, tok: PTok) {
        self.st.contexts.push(Context {
            toks: Toks::One(tok),
            pos: 0,
            macro_name: None,
        });
    }

    fn pop_context(&mut self) {
        if let Some(ctx) = self.st.contexts.pop()
            && let Some(name) = ctx.macro_name
            && let Some(m) = self.st.macros.get_mut(name)
        {
            m.disabled = false;
        }
    }

    /// gcc's `cpp_get_token_1`: the next token after macro expansion.
    pub fn get_token(&mut self) -> PTok {
        loop {
            let mut t = match self.st.contexts.last_mut() {
                Some(ctx) => {
                    let pos = ctx.pos;
                    if pos < ctx.len() {
                        ctx.pos += 1;
                        // Most tokens leave here, copied once from the context (a token held
                        // in a local across the checks below is stored and reloaded in parts,
                        // which stalls the loads).
                        let (kind, flags) = ctx.kind_flags(pos);
                        if flags & crate::token::PASTE_LEFT != 0 {
                            let t = ctx.at(pos);
                            self.paste_all_tokens(t);
                            if self.st.in_directive {
                                continue;
                            }
                            return padding(Some(&t.tok));
                        }
                        if (kind != Kind::Ident || flags & NO_EXPAND != 0) && !self.st.fatal {
                            return ctx.at(pos);
                        }
                        ctx.at(pos)
                    } else {
                        if ctx.ends_with_eof() {
                            // The end of a macro argument: keep returning it.
                            return eof_tok_arg();
                        }
                        self.pop_context();
                        if self.st.in_directive {
                            continue;
                        }
                        return padding(None);
                    }
                }
                None => self.lex_token(),
            };
            if self.st.fatal {
                return eof_tok();
            }
            if t.tok.kind != Kind::Ident || t.tok.flags & NO_EXPAND != 0 {
                return t;
            }
            let Some(m) = self.st.macros.get(t.tok.text) else {
                if !self.st.poisoned.is_empty()
                    && self.st.poisoned.contains(&t.tok.text)
                    && !self.st.skipping
                {
                    let loc = t.loc;
                    self.error_at(
                        Severity::Error,
                        loc,
                        format!("attempt to use poisoned \"{}\"", t.tok.text),
                    );
                }
                return t;
            };
            if m.disabled {
                t.tok.flags |= NO_EXPAND;
                return t;
            }
            if self.st.prevent_expansion > 0 {
                return t;
            }
            let ret = self.enter_macro_context(&t);
            if ret != 0 {
                if self.st.in_directive || ret == 2 {
                    continue;
                }
                return padding(Some(&t.tok));
            }
            return t;
        }
    }

    pub fn get_token_no_padding(&mut self) -> PTok {
        loop {
            let t = self.get_token();
            if t.tok.kind != Kind::Padding {
                return t;
            }
        }
    }
}

pub(crate) const ARG_END: u16 = crate::token::MULTILINE << 1;

pub(crate) fn eof_tok_arg() -> PTok {
    let mut t = eof_tok();
    t.tok.flags |= ARG_END;
    t
}
