//! Directives: conditionals (with gcc's multiple-include optimization), `#define`/`#undef`,
//! `#include` and `#include_next`, `#line` and line markers, `#pragma`, `#error`/`#warning`.
use std::sync::Arc;

use crate::engine::{CondKind, IfState, MAX_FILES_ENTERED, MAX_INCLUDE_DEPTH, Pp, Severity};
use crate::output::FileChange;
use crate::token::{Kind, Loc, PREV_WHITE, PTok, Sym, Token};

impl Pp<'_> {
    pub fn handle_directive(&mut self, hash: PTok) {
        let was_parsing_args = self.st.parsing_args;
        let was_prevent = self.st.prevent_expansion;
        let was_contexts = std::mem::take(&mut self.st.contexts);
        self.st.parsing_args = 0;
        self.st.prevent_expansion = 0;
        self.st.in_directive = true;
        self.st.directive_loc = hash.loc;
        let dname = self.lex_token();
        // gcc reports a directive's errors at its name.
        self.st.directive_loc = Loc {
            line: hash.loc.line,
            ..dname.loc
        };
        if dname.tok.kind == Kind::Eof {
            self.st.directive_loc = hash.loc;
        }
        let name = if dname.tok.kind == Kind::Ident {
            Some(dname.tok.text)
        } else {
            None
        };
        let conditional = matches!(
            name.as_deref(),
            Some("if" | "ifdef" | "ifndef" | "elif" | "elifdef" | "elifndef" | "else" | "endif")
        );
        if !conditional && dname.tok.kind != Kind::Eof {
            self.st.mi_valid = false;
        }
        if !self.st.skipping || conditional {
            match name.as_deref() {
                Some("define") => self.do_define(),
                Some("undef") => self.do_undef(),
                Some("include") | Some("import") => {
                    self.do_include(false, name.as_deref() == Some("import"))
                }
                Some("include_next") => self.do_include(true, false),
                Some("if") => self.do_if(),
                Some("ifdef") => self.do_ifdef(false),
                Some("ifndef") => self.do_ifdef(true),
                Some("elif") => self.do_elif(None),
                Some("elifdef") => self.do_elif(Some(false)),
                Some("elifndef") => self.do_elif(Some(true)),
                Some("else") => self.do_else(),
                Some("endif") => self.do_endif(),
                Some("line") => self.do_line(false, dname.loc),
                Some("error") => self.do_diagnostic(Severity::Error, "#error"),
                Some("warning") => self.do_diagnostic(Severity::Warning, "#warning"),
                Some("pragma") => self.do_pragma(),
                Some("ident") | Some("sccs") => self.do_ident(),
                Some("assert") | Some("unassert") => {}
                None if dname.tok.kind == Kind::Eof => {}
                None if dname.tok.kind == Kind::Number => self.do_line(true, dname.loc),
                _ => {
                    let loc = dname.loc;
                    self.error_at(
                        Severity::Error,
                        loc,
                        format!("invalid preprocessing directive #{}", dname.tok.text),
                    );
                }
            }
        }
        self.skip_rest_of_line();
        self.st.in_directive = false;
        self.st.contexts = was_contexts;
        self.st.parsing_args = was_parsing_args;
        self.st.prevent_expansion = was_prevent;
    }

    fn skip_rest_of_line(&mut self) {
        // Macro contexts pushed by the directive end with it.
        self.st.contexts.clear();
        self.st.lookahead.clear();
        self.st.pending_split = None;
        while self.lex_token().tok.kind != Kind::Eof {}
    }

    fn do_undef(&mut self) {
        let t = self.lex_token();
        if t.tok.kind != Kind::Ident {
            self.error_at(Severity::Error, t.loc, "macro names must be identifiers");
            return;
        }
        if let Some(m) = self.st.macros.get(t.tok.text)
            && m.builtin.is_some()
        {
            self.error_at(
                Severity::Warning,
                t.loc,
                format!("undefining \"{}\"", t.tok.text),
            );
        }
        self.st.macros.remove(t.tok.text);
    }

    fn push_conditional(
        &mut self,
        skip: bool,
        kind: CondKind,
        cmacro: Option<Sym>,
        directive: &'static str,
    ) {
        let line = self.st.directive_loc.line;
        let mi = if self.st.mi_valid && self.st.mi_cmacro.is_none() {
            cmacro
        } else {
            None
        };
        let skipping = self.st.skipping;
        if let Some(b) = self.st.buffers.last_mut() {
            b.ifs.push(IfState {
                line,
                was_skipping: skipping,
                skip_elses: skipping || !skip,
                kind,
                mi_cmacro: mi,
                directive,
            });
        }
        self.st.skipping = skip;
    }

    fn do_if(&mut self) {
        let mut skip = true;
        self.st.mi_ind_cmacro = None;
        if !self.st.skipping {
            skip = !self.eval_if();
        }
        let c = self.st.mi_ind_cmacro.take();
        self.push_conditional(skip, CondKind::If, c, "if");
    }

    fn do_ifdef(&mut self, negate: bool) {
        let mut skip = true;
        let mut node = None;
        if !self.st.skipping {
            let t = self.lex_token();
            if t.tok.kind == Kind::Ident {
                let defined = self.st.macros.contains_key(t.tok.text);
                skip = defined == negate;
                node = Some(t.tok.text);
                let extra = self.lex_token();
                if extra.tok.kind != Kind::Eof {
                    let d = if negate { "#ifndef" } else { "#ifdef" };
                    self.error_at(
                        Severity::Warning,
                        extra.loc,
                        format!("extra tokens at end of {d} directive"),
                    );
                }
            } else {
                let d = if negate { "#ifndef" } else { "#ifdef" };
                let msg = if t.tok.kind == Kind::Eof {
                    format!("no macro name given in {d} directive")
                } else {
                    "macro names must be identifiers".to_string()
                };
                self.error_at(Severity::Error, t.loc, msg);
            }
        }
        let cmacro = if negate { node } else { None };
        self.push_conditional(
            skip,
            CondKind::If,
            cmacro,
            if negate { "ifndef" } else { "ifdef" },
        );
    }

    fn do_elif(&mut self, def: Option<bool>) {
        let loc = self.st.directive_loc;
        let Some(ifs) = self.st.buffers.last().and_then(|b| b.ifs.last()) else {
            self.error_at(Severity::Error, loc, "#elif without #if");
            return;
        };
        let after_else = ifs.kind == CondKind::Else;
        let skip_elses = ifs.skip_elses;
        if after_else {
            self.error_at(Severity::Error, loc, "#elif after #else");
        }
        let skipping = if skip_elses {
            true
        } else {
            self.st.skipping = false;
            let value = match def {
                None => self.eval_if(),
                Some(negate) => {
                    let t = self.lex_token();
                    t.tok.kind == Kind::Ident && self.st.macros.contains_key(t.tok.text) != negate
                }
            };
            !value
        };
        self.st.skipping = skipping;
        if let Some(ifs) = self.st.buffers.last_mut().and_then(|b| b.ifs.last_mut()) {
            ifs.kind = CondKind::Elif;
            if !skip_elses {
                ifs.skip_elses = !skipping;
            }
            ifs.mi_cmacro = None;
        }
    }

    fn do_else(&mut self) {
        let loc = self.st.directive_loc;
        let Some(ifs) = self.st.buffers.last_mut().and_then(|b| b.ifs.last_mut()) else {
            self.error_at(Severity::Error, loc, "#else without #if");
            return;
        };
        let after_else = ifs.kind == CondKind::Else;
        ifs.kind = CondKind::Else;
        self.st.skipping = ifs.skip_elses;
        ifs.skip_elses = true;
        ifs.mi_cmacro = None;
        if after_else {
            self.error_at(Severity::Error, loc, "#else after #else");
        }
    }

    fn do_endif(&mut self) {
        let loc = self.st.directive_loc;
        let Some(ifs) = self.st.buffers.last_mut().and_then(|b| b.ifs.pop()) else {
            self.error_at(Severity::Error, loc, "#endif without #if");
            return;
        };
        let outermost = self.st.buffers.last().is_some_and(|b| b.ifs.is_empty());
        if outermost && ifs.mi_cmacro.is_some() {
            self.st.mi_valid = true;
            self.st.mi_cmacro = ifs.mi_cmacro;
        }
        self.st.skipping = ifs.was_skipping;
    }

    /// The header name of `#include`, `__has_include`: (name, angled).
    pub fn parse_header_name(&mut self, expand: bool) -> Option<(String, bool)> {
        let first = if expand {
            self.get_token_no_padding()
        } else {
            self.lex_token()
        };
        self.st.header_name_loc = first.loc;
        match first.tok.kind {
            Kind::Str {
                enc: crate::token::Enc::Plain,
                ud: false,
            } => Some((first.tok.string_contents()?.to_string(), false)),
            Kind::Punct if first.tok.is_punct("<") => {
                // `<...>` written in the directive is a header-name: no macro expansion.
                let expand = expand && !self.st.contexts.is_empty();
                let mut name = String::new();
                loop {
                    let t = if expand {
                        self.get_token_no_padding()
                    } else {
                        self.lex_token()
                    };
                    if t.tok.kind == Kind::Eof {
                        let loc = t.loc;
                        self.error_at(Severity::Error, loc, "missing terminating > character");
                        return None;
                    }
                    if t.tok.is_punct(">") {
                        break;
                    }
                    if t.tok.flags & PREV_WHITE != 0 && !name.is_empty() {
                        name.push(' ');
                    }
                    name.push_str(&t.tok.text);
                }
                Some((name, true))
            }
            _ => None,
        }
    }

    fn do_include(&mut self, next: bool, import: bool) {
        let loc = self.st.directive_loc;
        let Some((name, angled)) = self.parse_header_name(true) else {
            self.error_at(
                Severity::Error,
                loc,
                "#include expects \"FILENAME\" or <FILENAME>",
            );
            return;
        };
        if name.is_empty() {
            self.error_at(Severity::Error, loc, "empty filename in #include");
            return;
        }
        let include_line = self.current_loc().line;
        self.skip_rest_of_line();
        let depth = self
            .st
            .buffers
            .iter()
            .filter(|b| !b.is_main_or_cmdline)
            .count();
        if self.st.files_entered >= MAX_FILES_ENTERED {
            self.error_at(
                Severity::Fatal,
                loc,
                format!(
                    "#include: more than {MAX_FILES_ENTERED} files entered (a recursive #include?)"
                ),
            );
            return;
        }
        if depth >= MAX_INCLUDE_DEPTH {
            self.error_at(Severity::Error, loc, format!("#include nested depth {depth} exceeds maximum of {MAX_INCLUDE_DEPTH} (use -fmax-include-depth=DEPTH to increase the maximum)"));
            return;
        }
        let mut next = next;
        if next && self.st.buffers.last().is_some_and(|b| b.is_main_or_cmdline) {
            self.error_at(
                Severity::Warning,
                loc,
                "#include_next in primary source file",
            );
            next = false;
        }
        let start = if next {
            Some(
                self.st
                    .buffers
                    .last()
                    .and_then(|b| b.dir)
                    .map_or(0, |d| d + 1),
            )
        } else {
            None
        };
        let found = self.search(&name, angled, start, 0);
        let Some((path, dir, sysp)) = found else {
            self.error_at(
                Severity::Fatal,
                self.st.header_name_loc,
                format!("{name}: No such file or directory"),
            );
            return;
        };
        // Multiple-include optimization and #pragma once. gcc keeps a guard per `_cpp_file`,
        // which is per (directory the search started in, name) unless the file was also found
        // from the head of the include chain.
        let start_key = match (start, angled) {
            (Some(i), _) => format!("chain{i}"),
            (None, true) => "chain-head".to_string(),
            (None, false) => match self.st.buffers.last() {
                Some(b) if !b.path.starts_with('<') => {
                    format!("cur:{}", b.path.rfind('/').map_or("", |i| &b.path[..i]))
                }
                _ => "chain-head".to_string(),
            },
        };
        // The search passed the chain head unless the file was found in the includer's
        // directory or by #include_next.
        let passed_head = (angled || dir.is_some()) && start.is_none();
        let key = match self.st.file_keys.get(&(start_key.clone(), name.clone())) {
            Some(k) => k.clone(),
            None => {
                let head = ("chain-head".to_string(), name.clone());
                let k = match self.st.file_keys.get(&head) {
                    Some(k) if passed_head => k.clone(),
                    _ => {
                        let k: Arc<str> = Arc::from(format!("{path}#{}", self.st.file_keys.len()));
                        if passed_head {
                            self.st.file_keys.insert(head, k.clone());
                        }
                        k
                    }
                };
                self.st
                    .file_keys
                    .insert((start_key, name.clone()), k.clone());
                k
            }
        };
        if let Some(info) = self.st.files.get(&key)
            && info
                .cmacro
                .as_ref()
                .is_some_and(|m| self.st.macros.contains_key(*m))
        {
            return;
        }
        let identity = self.fs.identity(&path);
        if self.st.once.contains(&identity) {
            return;
        }
        if import {
            self.st.once.insert(identity);
        }
        self.st.in_directive = false;
        self.stack_file(&path, dir, sysp, include_line);
        if let Some(b) = self.st.buffers.last_mut()
            && &*b.path == path.as_str()
        {
            b.file_key = Some(key);
        }
        self.st.in_directive = true;
    }

    /// Find an include: (path, chain index, system level). `start` is the chain index to start
    /// at for `#include_next`.
    pub fn search(
        &mut self,
        name: &str,
        angled: bool,
        start: Option<usize>,
        _depth: usize,
    ) -> Option<(String, Option<usize>, u8)> {
        if name.starts_with('/') {
            return self
                .fs
                .exists(name, self.st.mode)
                .then(|| (name.to_string(), None, 0));
        }
        let quote_n = self.opts.quote_dirs.len();
        if start.is_none()
            && !angled
            && let Some(b) = self.st.buffers.last()
            && !b.path.starts_with('<')
        {
            let dir = match b.path.rfind('/') {
                Some(i) => &b.path[..=i],
                None => "",
            };
            let mut path = format!("{dir}{name}");
            let sysp = b.sysp;
            if self.fs.exists(&path, self.st.mode) {
                if sysp != 0
                    && let Some(short) = self.fs.shorter_path(&path)
                {
                    path = short;
                }
                return Some((path, Some(0).filter(|_| false), sysp));
            }
        }
        let first = match start {
            Some(s) => s,
            None if angled => quote_n,
            None => 0,
        };
        let total = quote_n + self.opts.bracket_dirs.len();
        for i in first..total {
            let (dir, sysp) = if i < quote_n {
                (self.opts.quote_dirs[i].clone(), 0)
            } else {
                let d = &self.opts.bracket_dirs[i - quote_n];
                (d.path.clone(), d.sysp)
            };
            let mut path = if dir.is_empty() || dir.ends_with('/') {
                format!("{dir}{name}")
            } else {
                format!("{dir}/{name}")
            };
            if self.fs.exists(&path, self.st.mode) {
                if sysp != 0
                    && let Some(short) = self.fs.shorter_path(&path)
                {
                    path = short;
                }
                return Some((path, Some(i), sysp));
            }
        }
        None
    }

    /// `-include FILE`: "./FILE" first, then the quote chain.
    pub fn search_cmdline(&mut self, name: &str) -> Option<(String, Option<usize>, u8)> {
        if name.starts_with('/') {
            return self.search(name, false, None, 0);
        }
        let path = format!("./{name}");
        if self.fs.exists(&path, self.st.mode) {
            return Some((path, None, 0));
        }
        self.search(name, false, Some(0), 0)
    }

    fn do_line(&mut self, marker: bool, first_loc: Loc) {
        let num = if marker {
            // The number was the directive name; re-read it from the location.
            None
        } else {
            Some(self.get_token_no_padding())
        };
        let num_text = match &num {
            Some(t) if t.tok.kind == Kind::Number => t.tok.text.to_string(),
            Some(t) => {
                let loc = t.loc;
                self.error_at(
                    Severity::Error,
                    loc,
                    format!("\"{}\" after #line is not a positive integer", t.tok.text),
                );
                return;
            }
            None => {
                // A line marker `# 33 "file" flags`: the number token is the one just read.
                let b = self.st.buffers.last().expect("in a file");
                b.lexed.tokens[b.pos - 1].text.to_string()
            }
        };
        let _ = first_loc;
        let Ok(line) = num_text.parse::<u32>() else {
            let loc = self.st.directive_loc;
            self.error_at(
                Severity::Error,
                loc,
                format!("\"{num_text}\" after #line is not a positive integer"),
            );
            return;
        };
        let file_tok = if marker {
            self.lex_token()
        } else {
            self.get_token_no_padding()
        };
        let mut new_name = None;
        if let Some(t) = file_tok.tok.string_contents() {
            new_name = Some(crate::macros::unquote(t));
        }
        let mut sysp = self.st.buffers.last().map_or(0, |b| b.sysp);
        if marker && new_name.is_some() {
            let mut flags = Vec::new();
            loop {
                let f = self.lex_token();
                if f.tok.kind != Kind::Number {
                    break;
                }
                flags.push(f.tok.text.to_string());
            }
            sysp = if flags.iter().any(|f| f == "4") {
                2
            } else if flags.iter().any(|f| f == "3") {
                1
            } else {
                0
            };
        }
        let next_physical = {
            let b = self.st.buffers.last().expect("in a file");
            let idx = b.pos.min(b.lexed.tokens.len()).saturating_sub(1);
            b.lexed.tokens.get(idx).map_or(1, |t| t.line) + 1
        };
        let name_id = match new_name {
            Some(n) => self.name_id(&n),
            None => self.st.buffers.last().map_or(0, |b| b.name),
        };
        if let Some(b) = self.st.buffers.last_mut() {
            b.line_delta = line as i64 - next_physical as i64;
            b.name = name_id;
            b.sysp = sysp;
        }
        self.st.printer.file_change(
            FileChange::Rename,
            Loc {
                file: name_id,
                line,
                col: 0,
                sys: sysp,
                builtin: false,
            },
        );
    }

    fn rest_of_line_text(&mut self) -> Vec<Token> {
        let mut toks = Vec::new();
        loop {
            let t = self.lex_token();
            if t.tok.kind == Kind::Eof {
                break;
            }
            toks.push(t.tok);
        }
        toks
    }

    fn do_diagnostic(&mut self, severity: Severity, what: &str) {
        let loc = self.st.directive_loc;
        let toks = self.rest_of_line_text();
        let mut text = String::from(what);
        for (i, t) in toks.iter().enumerate() {
            if i == 0 || t.flags & PREV_WHITE != 0 {
                text.push(' ');
            }
            text.push_str(&t.text);
        }
        self.error_at(severity, loc, text);
    }

    fn do_ident(&mut self) {
        let loc = self.st.directive_loc;
        let t = self.get_token_no_padding();
        if let Kind::Str { .. } = t.tok.kind {
            self.st.printer.ident(loc, &t.tok.text);
        } else {
            self.error_at(Severity::Error, loc, "invalid #ident directive");
        }
    }

    fn do_pragma(&mut self) {
        let loc = self.st.directive_loc;
        let toks = self.rest_of_line_text();
        let toks: Vec<Token> = toks;
        self.run_pragma(&toks, loc, false);
    }

    /// A pragma's tokens (after `pragma`): gcc runs its own (`once`, `push_macro`, `pop_macro`,
    /// `GCC system_header|poison|warning|error|dependency`) and prints the others.
    pub fn run_pragma(&mut self, toks: &[Token], loc: Loc, _operator: bool) {
        let first = toks.first().map(|t| &*t.text);
        let second = toks.get(1).map(|t| &*t.text);
        let first_loc = |t: &Token| Loc {
            line: if loc.line == 0 { 0 } else { loc.line },
            col: u32::from(t.col),
            ..loc
        };
        let internal = matches!(
            (first, second),
            (Some("once" | "push_macro" | "pop_macro"), _)
                | (
                    Some("GCC"),
                    Some("system_header" | "poison" | "warning" | "error" | "dependency")
                )
        );
        if !internal {
            self.st.printer.def_pragma(loc, toks);
            return;
        }
        let sys = self.st.buffers.last().map_or(0, |b| b.sysp);
        let head_loc = Loc {
            sys,
            ..first_loc(&toks[0])
        };
        self.st.printer.line_change(head_loc, false);
        match (first, second) {
            (Some("once"), _) => {
                if self.st.buffers.last().is_some_and(|b| b.is_main_or_cmdline) {
                    self.error_at(Severity::Warning, head_loc, "#pragma once in main file");
                }
                if let Some(b) = self.st.buffers.last() {
                    let path = b.path.to_string();
                    let id = self.fs.identity(&path);
                    self.st.once.insert(id);
                }
            }
            (Some(op @ ("push_macro" | "pop_macro")), _) => {
                let name = toks
                    .iter()
                    .find_map(|t| t.string_contents().map(str::to_string));
                if let Some(name) = name {
                    let key = Sym::new(&name);
                    if op == "push_macro" {
                        let cur = self.st.macros.get(key).cloned();
                        self.st.pushed_macros.entry(key).or_default().push(cur);
                    } else if let Some(saved) =
                        self.st.pushed_macros.get_mut(&key).and_then(|v| v.pop())
                    {
                        match saved {
                            Some(m) => {
                                self.st.macros.insert(key, m);
                            }
                            None => {
                                self.st.macros.remove(key);
                            }
                        }
                    }
                }
            }
            (_, Some("system_header")) => {
                if self.st.buffers.last().is_some_and(|b| b.is_main_or_cmdline) {
                    self.error_at(
                        Severity::Warning,
                        head_loc,
                        "#pragma system_header ignored outside include file",
                    );
                    return;
                }
                let line = self.st.directive_loc.line + 1;
                if let Some(b) = self.st.buffers.last_mut() {
                    b.sysp = 1;
                }
                let name = self.st.buffers.last().map_or(0, |b| b.name);
                self.st.printer.file_change(
                    FileChange::Rename,
                    Loc {
                        file: name,
                        line,
                        col: 0,
                        sys: 1,
                        builtin: false,
                    },
                );
            }
            (_, Some("poison")) => {
                for t in &toks[2..] {
                    if t.kind == Kind::Ident {
                        self.st.poisoned.insert(t.text);
                    }
                }
            }
            (_, Some(w @ ("warning" | "error"))) => {
                let msg = toks.get(2).map(|t| t.text.to_string()).unwrap_or_default();
                let sev = if w == "error" {
                    Severity::Error
                } else {
                    Severity::Warning
                };
                self.error_at(sev, loc, msg);
            }
            _ => {}
        }
    }
}
