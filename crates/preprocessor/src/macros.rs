//! Macro definitions and expansion as libcpp does it: argument collection, pre-expansion,
//! `#` and `##`, `__VA_OPT__`, padding tokens, disabling and painting, built-in macros.
use std::sync::Arc;

use crate::engine::{
    ARG_END, Context, MAX_EXPANSION_DEPTH, Pp, Severity, Toks, eof_tok_arg, padding,
};
use crate::lexer::lex;
use crate::token::{
    Enc, Kind, Loc, NO_EXPAND, PASTE_LEFT, PREV_WHITE, PTok, STRINGIFY, Sym, Token,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)]
pub enum Builtin {
    Line,
    File,
    FileName,
    BaseFile,
    Counter,
    IncludeLevel,
    Date,
    Time,
    Timestamp,
    Pragma,
    HasInclude,
    HasIncludeNext,
    HasAttribute,
    HasCppAttribute,
    HasBuiltin,
}

/// A body token: a token, or (with `param`) a parameter reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyTok {
    pub tok: Token,
    pub param: Option<u16>,
}

#[derive(Clone, Debug)]
pub struct Macro {
    pub fun_like: bool,
    pub params: Arc<[Sym]>,
    pub variadic: bool,
    pub body: Arc<[BodyTok]>,
    pub builtin: Option<Builtin>,
    /// Defined in `<built-in>` (its tokens resolve to the expansion point).
    pub builtin_origin: bool,
    pub sys: u8,
    pub disabled: bool,
}

impl Macro {
    pub fn special(b: Builtin) -> Macro {
        Macro {
            fun_like: false,
            params: Arc::from([]),
            variadic: false,
            body: Arc::from([]),
            builtin: Some(b),
            builtin_origin: true,
            sys: 0,
            disabled: false,
        }
    }
    fn same_definition(&self, other: &Macro) -> bool {
        self.fun_like == other.fun_like
            && self.params == other.params
            && self.variadic == other.variadic
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(other.body.iter())
                .enumerate()
                .all(|(i, (a, b))| {
                    a.tok.text == b.tok.text
                        && a.param == b.param
                        && (i == 0 || (a.tok.flags & PREV_WHITE) == (b.tok.flags & PREV_WHITE))
                })
    }
}

/// The defined macros, indexed by their name's `Sym::id` (gcc keeps a macro in its name's hash
/// node; a dense index is the same single lookup, without hashing).
#[derive(Clone, Default)]
pub struct MacroTable {
    /// Per spelling id: 0, or 1 + the macro's slot in `defs`.
    index: Vec<u32>,
    defs: Vec<Option<Macro>>,
    /// Slots of `defs` freed by `remove`.
    free: Vec<u32>,
}

impl MacroTable {
    #[inline]
    pub fn get(&self, name: Sym) -> Option<&Macro> {
        match self.index.get(name.id()) {
            Some(&slot) if slot != 0 => self.defs[slot as usize - 1].as_ref(),
            _ => None,
        }
    }
    #[inline]
    pub fn get_mut(&mut self, name: Sym) -> Option<&mut Macro> {
        match self.index.get(name.id()) {
            Some(&slot) if slot != 0 => self.defs[slot as usize - 1].as_mut(),
            _ => None,
        }
    }
    #[inline]
    pub fn contains_key(&self, name: Sym) -> bool {
        self.get(name).is_some()
    }
    pub fn insert(&mut self, name: Sym, mac: Macro) {
        let id = name.id();
        if id >= self.index.len() {
            self.index.resize(id + 1, 0);
        }
        match self.index[id] {
            0 => {
                let slot = match self.free.pop() {
                    Some(s) => {
                        self.defs[s as usize] = Some(mac);
                        s
                    }
                    None => {
                        self.defs.push(Some(mac));
                        (self.defs.len() - 1) as u32
                    }
                };
                self.index[id] = slot + 1;
            }
            slot => self.defs[slot as usize - 1] = Some(mac),
        }
    }
    pub fn remove(&mut self, name: Sym) -> Option<Macro> {
        let slot = *self.index.get(name.id())?;
        if slot == 0 {
            return None;
        }
        self.index[name.id()] = 0;
        self.free.push(slot - 1);
        self.defs[slot as usize - 1].take()
    }
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Macro> {
        self.defs.iter_mut().flatten()
    }
}

pub fn builtins() -> Vec<(&'static str, Builtin)> {
    vec![
        ("__LINE__", Builtin::Line),
        ("__FILE__", Builtin::File),
        ("__FILE_NAME__", Builtin::FileName),
        ("__BASE_FILE__", Builtin::BaseFile),
        ("__COUNTER__", Builtin::Counter),
        ("__INCLUDE_LEVEL__", Builtin::IncludeLevel),
        ("__DATE__", Builtin::Date),
        ("__TIME__", Builtin::Time),
        ("__TIMESTAMP__", Builtin::Timestamp),
        ("_Pragma", Builtin::Pragma),
        ("__has_include", Builtin::HasInclude),
        ("__has_include_next", Builtin::HasIncludeNext),
        ("__has_attribute", Builtin::HasAttribute),
        ("__has_cpp_attribute", Builtin::HasCppAttribute),
        ("__has_builtin", Builtin::HasBuiltin),
    ]
}

/// A function-like macro's parameter count and whether it is variadic.
#[derive(Clone, Copy)]
struct Shape {
    params: usize,
    variadic: bool,
}

struct Arg {
    first: Option<Vec<PTok>>,
    expanded: Option<Vec<PTok>>,
    stringified: Option<PTok>,
}

impl Arg {
    fn tokens(&self) -> &[PTok] {
        self.first.as_deref().unwrap_or(&[])
    }
}

fn at_expansion(loc: Loc, point: Loc) -> Loc {
    Loc {
        file: point.file,
        line: point.line,
        col: point.col,
        sys: loc.sys,
        builtin: loc.builtin,
    }
}

impl Pp<'_> {
    /// gcc's `enter_macro_context`: 0 when nothing was expanded (a function-like macro without
    /// arguments), 1 when a context was pushed.
    pub fn enter_macro_context(&mut self, name: &PTok) -> u8 {
        let mac = self.st.macros.get(name.tok.text).expect("caller checked");
        if let Some(b) = mac.builtin {
            return self.builtin_macro(name, b);
        }
        if self.st.expansion_depth >= MAX_EXPANSION_DEPTH {
            self.error_at(
                Severity::Error,
                name.loc,
                format!("macro \"{}\" expanded too deeply", name.tok.text),
            );
            return 0;
        }
        let point = name.loc;
        // The body's tokens are at the expansion point; their system-ness is the definition's.
        let body_loc = Loc {
            file: point.file,
            line: point.line,
            col: point.col,
            sys: if mac.builtin_origin {
                point.sys
            } else {
                mac.sys
            },
            builtin: mac.builtin_origin,
        };
        // What the expansion needs of the definition (one reference count, not a clone of the
        // whole `Macro`).
        let shape = Shape {
            params: mac.params.len(),
            variadic: mac.variadic,
        };
        let body = mac.body.clone();
        if mac.fun_like {
            self.st.prevent_expansion += 1;
            self.st.parsing_args = 1;
            let args = self.funlike_invocation(name, shape);
            self.st.parsing_args = 0;
            self.st.prevent_expansion -= 1;
            let Some(args) = args else { return 0 };
            let held: usize = args.iter().map(|a| a.tokens().len()).sum();
            if self.st.live_arg_tokens + held > crate::engine::MAX_LIVE_ARG_TOKENS {
                self.error_at(
                    Severity::Error,
                    name.loc,
                    format!("macro \"{}\" expanded too deeply", name.tok.text),
                );
                self.st.fatal = true;
                return 0;
            }
            if shape.params != 0 {
                self.st.expansion_depth += 1;
                self.st.live_arg_tokens += held;
                let toks = self.replace_args(&body, shape, args, point, body_loc);
                self.st.live_arg_tokens -= held;
                self.st.expansion_depth -= 1;
                if let Some(m) = self.st.macros.get_mut(name.tok.text) {
                    m.disabled = true;
                }
                self.push_context(toks, Some(name.tok.text));
                return 1;
            }
        }
        if let Some(m) = self.st.macros.get_mut(name.tok.text) {
            m.disabled = true;
        }
        self.st.contexts.push(Context {
            toks: Toks::Body(body, body_loc),
            pos: 0,
            macro_name: Some(name.tok.text),
        });
        1
    }

    fn funlike_invocation(&mut self, name: &PTok, mac: Shape) -> Option<Vec<Arg>> {
        let mut pad: Option<PTok> = None;
        let token = loop {
            let t = self.get_token();
            if t.tok.kind != Kind::Padding {
                break t;
            }
            let replace = match &pad {
                None => true,
                Some(p) => {
                    p.tok.flags & crate::token::PAD_SOURCE == 0
                        || (p.tok.flags & PREV_WHITE == 0
                            && t.tok.flags & crate::token::PAD_SOURCE == 0)
                }
            };
            if replace {
                pad = Some(t);
            }
        };
        if token.tok.is_punct("(") {
            self.st.parsing_args = 2;
            return self.collect_args(name, mac);
        }
        if token.tok.kind != Kind::Eof || token.tok.flags & ARG_END != 0 {
            self.backup(token);
            if let Some(p) = pad {
                self.push_token_context(p);
            }
        }
        None
    }

    fn collect_args(&mut self, name: &PTok, mac: Shape) -> Option<Vec<Arg>> {
        let mut args: Vec<Vec<PTok>> = vec![Vec::new()];
        let mut depth = 0u32;
        let paramc = mac.params;
        let last = loop {
            let t = self.get_token();
            let argc_now = args.len();
            let cur = args.last_mut().expect("one argument");
            match t.tok.kind {
                Kind::Padding if cur.is_empty() => {
                    continue;
                }
                Kind::Punct if t.tok.is_punct("(") => depth += 1,
                Kind::Punct if t.tok.is_punct(")") => {
                    if depth == 0 {
                        break t;
                    }
                    depth -= 1;
                }
                Kind::Punct
                    if t.tok.is_punct(",")
                        && depth == 0
                        && !(mac.variadic && argc_now == paramc) =>
                {
                    while cur.last().is_some_and(|t| t.tok.kind == Kind::Padding) {
                        cur.pop();
                    }
                    args.push(Vec::new());
                    continue;
                }
                Kind::Eof => break t,
                _ => {}
            }
            cur.push(t);
        };
        if let Some(cur) = args.last_mut() {
            while cur.last().is_some_and(|t| t.tok.kind == Kind::Padding) {
                cur.pop();
            }
        }
        if last.tok.kind == Kind::Eof {
            if !self.st.contexts.is_empty() || self.st.in_directive {
                self.backup(last);
            }
            self.error_at(
                Severity::Error,
                name.loc,
                format!(
                    "unterminated argument list invoking macro \"{}\"",
                    name.tok.text
                ),
            );
            return None;
        }
        let mut argc = args.len();
        if argc == 1 && paramc == 0 && args[0].is_empty() {
            argc = 0;
        }
        if argc < paramc {
            if !(argc + 1 == paramc && mac.variadic) {
                self.error_at(
                    Severity::Error,
                    name.loc,
                    format!(
                        "macro \"{}\" requires {} arguments, but only {} given",
                        name.tok.text, paramc, argc
                    ),
                );
                return None;
            }
        } else if argc > paramc {
            self.error_at(
                Severity::Error,
                name.loc,
                format!(
                    "macro \"{}\" passed {} arguments, but takes just {}",
                    name.tok.text, argc, paramc
                ),
            );
            return None;
        }
        let omitted_varargs =
            mac.variadic && (argc < paramc || (argc == 1 && args[0].is_empty() && !self.opts.iso));
        let mut out: Vec<Arg> = args
            .into_iter()
            .map(|a| Arg {
                first: Some(a),
                expanded: None,
                stringified: None,
            })
            .collect();
        while out.len() < paramc {
            out.push(Arg {
                first: Some(Vec::new()),
                expanded: None,
                stringified: None,
            });
        }
        if omitted_varargs {
            out[paramc - 1].first = None;
        }
        Some(out)
    }

    fn expand_arg(&mut self, arg: &[PTok]) -> Vec<PTok> {
        // An argument with no token that `get_token` would act on (a macro name, which it
        // expands or paints, a poisoned name, a pending paste) expands to itself: copy it
        // instead of running it through a context token by token. Most innermost arguments of
        // nested invocations are like this.
        let inert = !self.st.fatal
            && arg.iter().all(|t| {
                t.tok.flags & PASTE_LEFT == 0
                    && (t.tok.kind != Kind::Ident
                        || t.tok.flags & NO_EXPAND != 0
                        || !(self.st.macros.contains_key(t.tok.text)
                            || self.st.poisoned.contains(&t.tok.text)))
            });
        if inert {
            return arg.to_vec();
        }
        let mut toks = arg.to_vec();
        toks.push(eof_tok_arg());
        let depth = self.st.contexts.len();
        self.push_context(toks, None);
        let mut out = Vec::new();
        loop {
            let t = self.get_token();
            if t.tok.kind == Kind::Eof {
                break;
            }
            out.push(t);
            if self.st.fatal {
                break;
            }
        }
        while self.st.contexts.len() > depth {
            self.st.contexts.pop();
        }
        out
    }

    fn replace_args(
        &mut self,
        body: &[BodyTok],
        mac: Shape,
        mut args: Vec<Arg>,
        point: Loc,
        body_loc: Loc,
    ) -> Vec<PTok> {
        let mut out: Vec<PTok> = Vec::with_capacity(body.len() * 2 + 8);
        let va_index = if mac.variadic {
            Some(mac.params - 1)
        } else {
            None
        };
        // __VA_OPT__ state: Some(keep) inside; where it started in `out`.
        let mut vaopt: Option<(bool, usize, u32)> = None;
        let mut i = 0;
        while i < body.len() {
            let src = &body[i];
            let prev_paste = i > 0 && body[i - 1].tok.flags & PASTE_LEFT != 0;
            if src.param.is_none()
                && src.tok.is_ident("__VA_OPT__")
                && va_index.is_some()
                && vaopt.is_none()
            {
                let va = &args[va_index.unwrap_or(0)];
                let keep = va.tokens().iter().any(|t| t.tok.kind != Kind::Padding);
                // Skip `(`.
                i += 2;
                vaopt = Some((keep, out.len(), 0));
                continue;
            }
            if let Some((keep, start, depth)) = vaopt {
                if src.param.is_none() && src.tok.is_punct("(") {
                    vaopt = Some((keep, start, depth + 1));
                } else if src.param.is_none() && src.tok.is_punct(")") {
                    if depth == 0 {
                        vaopt = None;
                        if !keep {
                            out.truncate(start);
                        }
                        // A `##` after __VA_OPT__(...) pastes its last token.
                        if src.tok.flags & PASTE_LEFT != 0
                            && let Some(l) =
                                out.iter_mut().rev().find(|t| t.tok.kind != Kind::Padding)
                        {
                            l.tok.flags |= PASTE_LEFT;
                        }
                        i += 1;
                        continue;
                    }
                    vaopt = Some((keep, start, depth - 1));
                }
                if !keep {
                    i += 1;
                    continue;
                }
            }
            let Some(p) = src.param else {
                out.push(PTok {
                    tok: src.tok,
                    loc: body_loc,
                });
                i += 1;
                continue;
            };
            let p = p as usize;
            let mut paste_flag: Option<usize> = None;
            // Which form of the argument replaces the parameter: stringified, as written
            // (an operand of `##`), or macro-expanded. Read in place from `args`.
            let stringified = src.tok.flags & STRINGIFY != 0;
            let as_written = !stringified && (src.tok.flags & PASTE_LEFT != 0 || prev_paste);
            if stringified {
                if args[p].stringified.is_none() {
                    let s = stringify(args[p].tokens(), point);
                    args[p].stringified = Some(s);
                }
            } else if prev_paste && src.tok.flags & PASTE_LEFT == 0 {
                if !out.is_empty() {
                    let last = out.len() - 1;
                    if out[last].tok.is_punct(",") && mac.variadic && p + 1 == mac.params {
                        if args[p].first.is_none() {
                            out.pop();
                        } else {
                            paste_flag = Some(last);
                        }
                    } else if args[p].tokens().is_empty() {
                        paste_flag = Some(last);
                    }
                }
            } else if !as_written && args[p].expanded.is_none() {
                let e = self.expand_arg(args[p].tokens());
                args[p].expanded = Some(e);
            }
            let from: &[PTok] = if stringified {
                std::slice::from_ref(args[p].stringified.as_ref().expect("set"))
            } else if as_written {
                args[p].tokens()
            } else {
                args[p].expanded.as_deref().expect("set")
            };
            if !self.st.in_directive && i > 0 && !prev_paste {
                out.push(padding(Some(&src.tok)));
            }
            if !from.is_empty() {
                for &t in from {
                    let loc = if t.tok.kind == Kind::Padding {
                        t.loc
                    } else {
                        at_expansion(t.loc, point)
                    };
                    out.push(PTok { tok: t.tok, loc });
                }
                if src.tok.flags & PASTE_LEFT != 0 {
                    paste_flag = Some(out.len() - 1);
                }
            }
            if !self.st.in_directive && src.tok.flags & PASTE_LEFT == 0 {
                out.push(padding(None));
            }
            if let Some(k) = paste_flag {
                let t = &mut out[k].tok;
                t.flags = (t.flags & !PASTE_LEFT) | (src.tok.flags & PASTE_LEFT);
            }
            i += 1;
        }
        out
    }

    /// gcc's `paste_all_tokens`: `lhs ## rhs ## ...` into one token in its own context.
    pub fn paste_all_tokens(&mut self, lhs: PTok) {
        let mut acc = lhs;
        loop {
            if acc.tok.flags & PASTE_LEFT == 0 {
                break;
            }
            let rhs = {
                let Some(ctx) = self.st.contexts.last_mut() else {
                    break;
                };
                let mut found = None;
                while ctx.pos < ctx.len() {
                    let t = ctx.at(ctx.pos);
                    ctx.pos += 1;
                    if t.tok.kind == Kind::Padding {
                        continue;
                    }
                    found = Some(t);
                    break;
                }
                found
            };
            let Some(rhs) = rhs else { break };
            let text = format!("{}{}", acc.tok.text, rhs.tok.text);
            let lexed = lex(&text, self.st.mode);
            if lexed.tokens.len() != 1 || lexed.tokens[0].text.len() != text.len() {
                let loc = acc.loc;
                self.error_at(
                    Severity::Error,
                    loc,
                    format!(
                        "pasting \"{}\" and \"{}\" does not give a valid preprocessing token",
                        acc.tok.text, rhs.tok.text
                    ),
                );
                // gcc backs up over the rhs: it is read again after the lhs.
                if let Some(ctx) = self.st.contexts.last_mut() {
                    ctx.pos -= 1;
                }
                acc.tok.flags &= !PASTE_LEFT;
                break;
            }
            let mut tok = lexed.tokens[0];
            tok.flags = (acc.tok.flags & PREV_WHITE) | (rhs.tok.flags & PASTE_LEFT);
            if tok.kind == Kind::Ident && rhs.tok.flags & NO_EXPAND != 0 && tok.text == rhs.tok.text
            {
                tok.flags |= NO_EXPAND;
            }
            acc = PTok { tok, loc: acc.loc };
        }
        acc.tok.flags &= !PASTE_LEFT;
        self.push_token_context(acc);
    }

    fn builtin_macro(&mut self, name: &PTok, b: Builtin) -> u8 {
        let text = match b {
            Builtin::Pragma => {
                if self.st.in_directive {
                    return 0;
                }
                return self.do_pragma_operator(name);
            }
            Builtin::HasInclude
            | Builtin::HasIncludeNext
            | Builtin::HasAttribute
            | Builtin::HasCppAttribute
            | Builtin::HasBuiltin => {
                if !self.st.in_directive {
                    self.error_at(
                        Severity::Error,
                        name.loc,
                        format!(
                            "\"{}\" used outside of preprocessing directive",
                            name.tok.text
                        ),
                    );
                }
                return 0;
            }
            Builtin::Line => name.loc.line.to_string(),
            Builtin::File | Builtin::FileName => {
                let id = self.st.buffers.last().map_or(0, |b| b.name);
                let n = self.st.printer.names[id as usize].to_string();
                let n = if b == Builtin::FileName {
                    n.rsplit('/').next().unwrap_or("").to_string()
                } else {
                    n
                };
                quote(&n)
            }
            Builtin::BaseFile => quote(&self.opts.main),
            Builtin::Counter => {
                if self.st.in_directive && self.st.skipping {
                    return 0;
                }
                self.st.counter += 1;
                (self.st.counter - 1).to_string()
            }
            Builtin::IncludeLevel => {
                let depth = self
                    .st
                    .buffers
                    .iter()
                    .filter(|b| !b.is_main_or_cmdline)
                    .count();
                depth.to_string()
            }
            Builtin::Date | Builtin::Time => {
                // gcc's: the time the preprocessor started (UTC here, as the machine's clock).
                let secs = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                let (y, m, d, hh, mm, ss, _) = civil(secs);
                if b == Builtin::Date {
                    format!("\"{} {d:>2} {y}\"", MONTHS[m as usize - 1])
                } else {
                    format!("\"{hh:02}:{mm:02}:{ss:02}\"")
                }
            }
            Builtin::Timestamp => {
                let path = self
                    .st
                    .buffers
                    .last()
                    .map(|b| b.path.to_string())
                    .unwrap_or_default();
                let secs = std::fs::metadata(&path)
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_secs());
                let (y, m, d, hh, mm, ss, wd) = civil(secs);
                format!(
                    "\"{} {} {d:>2} {hh:02}:{mm:02}:{ss:02} {y}\"",
                    DAYS[wd as usize],
                    MONTHS[m as usize - 1]
                )
            }
        };
        let lexed = lex(&text, self.st.mode);
        let mut tok = lexed
            .tokens
            .into_iter()
            .next()
            .unwrap_or_else(|| Token::new(Kind::Other, "", 0, 0, 0));
        tok.flags = 0;
        self.push_token_context(PTok { tok, loc: name.loc });
        1
    }

    /// `_Pragma ( string-literal )`.
    fn do_pragma_operator(&mut self, name: &PTok) -> u8 {
        let open = self.get_token_no_padding();
        let string = if open.tok.is_punct("(") {
            Some(self.get_token_no_padding())
        } else {
            None
        };
        let close = if string.is_some() {
            Some(self.get_token_no_padding())
        } else {
            None
        };
        let ok = matches!(&string, Some(s) if matches!(s.tok.kind, Kind::Str { ud: false, .. }))
            && close.as_ref().is_some_and(|c| c.tok.is_punct(")"));
        if !ok {
            self.error_at(
                Severity::Error,
                name.loc,
                "_Pragma takes a parenthesized string literal",
            );
            return 0;
        }
        let s = string.expect("checked");
        let body = destringize(&s.tok.text);
        let from_file = self.st.contexts.is_empty();
        let lexed = lex(&body, self.st.mode);
        let toks: Vec<Token> = lexed.tokens;
        // gcc's directive line for `_Pragma` is the line last lexed, in the current map.
        let directive_loc = self.current_loc();
        self.run_pragma(&toks, directive_loc, true);
        // gcc reports a line change after the pragma, with the location of a token slot that
        // is not the next token's: column 1 for a `_Pragma` in the file, the expansion point's
        // column in a macro (measured).
        let loc = if from_file {
            let mut loc = self.current_loc();
            loc.col = 1;
            loc
        } else {
            Loc {
                sys: self.st.buffers.last().map_or(0, |b| b.sysp),
                ..name.loc
            }
        };
        self.st.printer.line_change(loc, false);
        1
    }

    /// `#define` (the tokens after the name, read from the directive).
    pub fn do_define(&mut self) {
        let name = self.lex_token();
        if name.tok.kind != Kind::Ident {
            let msg = if name.tok.kind == Kind::Eof {
                "no macro name given in #define directive"
            } else {
                "macro names must be identifiers"
            };
            self.error_at(Severity::Error, name.loc, msg);
            return;
        }
        if &*name.tok.text == "defined" {
            self.error_at(
                Severity::Error,
                name.loc,
                "\"defined\" cannot be used as a macro name",
            );
            return;
        }
        let mut params: Vec<Sym> = Vec::new();
        let mut variadic = false;
        let mut fun_like = false;
        let mut t = self.lex_token();
        if t.tok.is_punct("(") && t.tok.flags & PREV_WHITE == 0 {
            fun_like = true;
            loop {
                let p = self.lex_token();
                if p.tok.is_punct(")") && params.is_empty() {
                    break;
                }
                if p.tok.is_punct("...") {
                    variadic = true;
                    params.push(Sym::new("__VA_ARGS__"));
                    let c = self.lex_token();
                    if !c.tok.is_punct(")") {
                        self.error_at(
                            Severity::Error,
                            c.loc,
                            "missing ')' in macro parameter list",
                        );
                        return;
                    }
                    break;
                }
                if p.tok.kind != Kind::Ident {
                    self.error_at(
                        Severity::Error,
                        p.loc,
                        "expected parameter name, found \"".to_string() + &p.tok.text + "\"",
                    );
                    return;
                }
                params.push(p.tok.text);
                let c = self.lex_token();
                if c.tok.is_punct("...") {
                    variadic = true;
                    let c2 = self.lex_token();
                    if !c2.tok.is_punct(")") {
                        self.error_at(
                            Severity::Error,
                            c2.loc,
                            "missing ')' in macro parameter list",
                        );
                        return;
                    }
                    break;
                }
                if c.tok.is_punct(")") {
                    break;
                }
                if !c.tok.is_punct(",") {
                    self.error_at(
                        Severity::Error,
                        c.loc,
                        "expected ',' or ')', found \"".to_string() + &c.tok.text + "\"",
                    );
                    return;
                }
            }
            t = self.lex_token();
        }
        let mut body: Vec<BodyTok> = Vec::new();
        let mut stringify_next = false;
        let mut stringify_white = 0;
        while t.tok.kind != Kind::Eof {
            let mut tok = t.tok;
            tok.flags &= PREV_WHITE | crate::token::DIGRAPH;
            if tok.is_punct("##") {
                match body.last_mut() {
                    Some(last) => last.tok.flags |= PASTE_LEFT,
                    None => {
                        self.error_at(
                            Severity::Error,
                            t.loc,
                            "'##' cannot appear at either end of a macro expansion",
                        );
                        return;
                    }
                }
                t = self.lex_token();
                if t.tok.kind == Kind::Eof {
                    self.error_at(
                        Severity::Error,
                        t.loc,
                        "'##' cannot appear at either end of a macro expansion",
                    );
                    return;
                }
                continue;
            }
            let param = if tok.kind == Kind::Ident && fun_like {
                params.iter().position(|p| *p == tok.text).map(|i| i as u16)
            } else {
                None
            };
            if stringify_next {
                stringify_next = false;
                if param.is_some() {
                    tok.flags = (tok.flags & !PREV_WHITE) | stringify_white | STRINGIFY;
                    body.push(BodyTok { tok, param });
                    t = self.lex_token();
                    continue;
                }
                self.error_at(
                    Severity::Error,
                    t.loc,
                    "'#' is not followed by a macro parameter",
                );
                return;
            }
            if fun_like && tok.is_punct("#") {
                stringify_next = true;
                stringify_white = tok.flags & PREV_WHITE;
                t = self.lex_token();
                continue;
            }
            body.push(BodyTok { tok, param });
            t = self.lex_token();
        }
        if stringify_next {
            self.error_at(
                Severity::Error,
                t.loc,
                "'#' is not followed by a macro parameter",
            );
            return;
        }
        if let Some(first) = body.first_mut() {
            first.tok.flags &= !PREV_WHITE;
        }
        let sys = self.st.buffers.last().map_or(0, |b| b.sysp);
        let builtin_origin = self
            .st
            .buffers
            .last()
            .is_some_and(|b| &*b.path == "<built-in>");
        let mac = Macro {
            fun_like,
            params: params.into(),
            variadic,
            body: body.into(),
            builtin: None,
            builtin_origin,
            sys,
            disabled: false,
        };
        if let Some(old) = self.st.macros.get(name.tok.text) {
            if old.builtin.is_some() {
                self.error_at(
                    Severity::Warning,
                    name.loc,
                    format!("redefining builtin macro \"{}\"", name.tok.text),
                );
            } else if !old.same_definition(&mac) {
                self.error_at(
                    Severity::Warning,
                    name.loc,
                    format!("\"{}\" redefined", name.tok.text),
                );
            }
        }
        self.st.macros.insert(name.tok.text, mac);
    }
}

pub fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c == '\\' || c == '"' {
            out.push('\\');
        }
        if c == '\n' {
            out.push_str("\\n");
            continue;
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// gcc's `stringify_arg`.
fn stringify(toks: &[PTok], point: Loc) -> PTok {
    let mut dest = String::from("\"");
    let mut source: Option<bool> = None;
    for t in toks {
        let tok = &t.tok;
        if tok.kind == Kind::Padding {
            let has_source = tok.flags & crate::token::PAD_SOURCE != 0;
            if source.is_none() || (source == Some(false) && !has_source) {
                source = has_source.then_some(tok.flags & PREV_WHITE != 0);
            }
            continue;
        }
        let escape = matches!(tok.kind, Kind::Str { .. } | Kind::Char { .. });
        if dest.len() > 1 {
            let white = source.unwrap_or(tok.flags & PREV_WHITE != 0);
            if white {
                dest.push(' ');
            }
        }
        source = None;
        if escape {
            for c in tok.text.chars() {
                match c {
                    '\\' | '"' => {
                        dest.push('\\');
                        dest.push(c);
                    }
                    '\n' => dest.push_str("\\n"),
                    _ => dest.push(c),
                }
            }
        } else {
            dest.push_str(&tok.text);
        }
    }
    dest.push('"');
    PTok {
        tok: Token::new(
            Kind::Str {
                enc: Enc::Plain,
                ud: false,
            },
            &dest,
            0,
            0,
            0,
        ),
        loc: point,
    }
}

/// The text of a `_Pragma` string: prefix and quotes removed, `\\` and `\"` unescaped.
fn destringize(s: &str) -> String {
    let start = s.find('"').map_or(0, |i| i + 1);
    let inner = &s[start..s.len().saturating_sub(1).max(start)];
    let mut out = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('\\') | Some('"')) {
            out.push(chars.next().expect("peeked"));
        } else {
            out.push(c);
        }
    }
    out
}

/// A `#line` file name: `\\` and `\"` unescaped.
pub fn unquote(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/// Seconds since the epoch as (year, month, day, hour, minute, second, weekday) in UTC.
fn civil(secs: u64) -> (i64, u32, u32, u64, u64, u64, u64) {
    let days = (secs / 86400) as i64;
    let rem = secs % 86400;
    let weekday = ((days + 4) % 7) as u64;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d, rem / 3600, rem / 60 % 60, rem % 60, weekday)
}
