//! The printer of gcc's `c-ppoutput.cc`: tokens with gcc's spacing (padding tokens and
//! `cpp_avoid_paste`), original columns at line starts, blank lines up to 8 and line markers
//! beyond, and a marker where the system-header-ness of tokens changes.
use std::sync::Arc;

use crate::token::{Kind, Loc, MULTILINE, PAD_SOURCE, PREV_WHITE, PTok, Token, avoid_paste};

pub enum FileChange {
    Enter { included_from: Option<Loc> },
    Leave,
    Rename,
}

#[derive(Clone)]
pub struct Printer {
    pub out: String,
    pub names: Vec<Arc<str>>,
    src_line: u32,
    src_file: u32,
    printed: bool,
    first_time: bool,
    prev: Option<Token>,
    /// gcc's `print.source`: None = NULL; Some(prev_white) = a source token.
    source: Option<bool>,
    avoid_paste: bool,
    prev_was_system_token: bool,
}

impl Printer {
    pub fn new() -> Printer {
        Printer {
            out: String::new(),
            names: Vec::new(),
            src_line: 0,
            src_file: u32::MAX,
            printed: false,
            first_time: true,
            prev: None,
            source: None,
            avoid_paste: false,
            prev_was_system_token: false,
        }
    }

    fn print_line(&mut self, loc: Loc, flags: &str) -> bool {
        if self.printed {
            self.out.push('\n');
        }
        self.printed = false;
        self.src_line = loc.line;
        self.src_file = loc.file;
        let name = &self.names[loc.file as usize];
        self.out.push_str("# ");
        push_decimal(&mut self.out, loc.line);
        self.out.push_str(" \"");
        quote_into(&mut self.out, name);
        self.out.push('"');
        self.out.push_str(flags);
        match loc.sys {
            2 => self.out.push_str(" 3 4"),
            1 => self.out.push_str(" 3"),
            _ => {}
        }
        self.out.push('\n');
        true
    }

    fn maybe_print_line(&mut self, loc: Loc) -> bool {
        if self.printed {
            self.out.push('\n');
            self.src_line += 1;
            self.printed = false;
        }
        if loc.line >= self.src_line
            && loc.line < self.src_line + 8
            && (loc.file == self.src_file
                || self.names[loc.file as usize] == self.names[self.src_file as usize])
        {
            while loc.line > self.src_line {
                self.out.push('\n');
                self.src_line += 1;
            }
            false
        } else {
            self.print_line(loc, "")
        }
    }

    /// `do_line_change`: a new source line starts (or must be marked).
    fn do_line_change(&mut self, loc: Loc) -> bool {
        let emitted = self.maybe_print_line(loc);
        self.prev = None;
        self.source = None;
        let spaces = loc.col as i64 - 2;
        self.printed = true;
        for _ in 0..spaces.max(0) {
            self.out.push(' ');
        }
        emitted
    }

    /// cpplib's `line_change` callback: the first token of a line was lexed.
    pub fn line_change(&mut self, loc: Loc, parsing_args: bool) {
        if parsing_args {
            return;
        }
        self.do_line_change(loc);
    }

    pub fn file_change(&mut self, change: FileChange, loc: Loc) {
        if self.first_time {
            self.print_line(loc, "");
            self.first_time = false;
            return;
        }
        let flags = match change {
            FileChange::Enter { included_from } => {
                if let Some(from) = included_from {
                    self.maybe_print_line(from);
                }
                " 1"
            }
            FileChange::Leave => " 2",
            FileChange::Rename => "",
        };
        self.print_line(loc, flags);
    }

    /// `cb_def_pragma`: a pragma gcc does not handle itself, printed as a line of its own.
    pub fn def_pragma(&mut self, loc: Loc, tokens: &[Token]) {
        self.maybe_print_line(loc);
        self.out.push_str("#pragma ");
        for (i, t) in tokens.iter().enumerate() {
            if i > 0 && t.flags & PREV_WHITE != 0 {
                self.out.push(' ');
            }
            self.out.push_str(&t.text);
        }
        self.out.push('\n');
        self.printed = false;
        self.src_line += 1;
    }

    /// `cb_ident`.
    pub fn ident(&mut self, loc: Loc, text: &str) {
        self.maybe_print_line(loc);
        self.out.push_str("#ident ");
        self.out.push_str(text);
        self.out.push('\n');
        self.src_line += 1;
    }

    /// One token of `scan_translation_unit`.
    pub fn token(&mut self, t: &PTok) {
        let token = &t.tok;
        if token.kind == Kind::Padding {
            self.avoid_paste = true;
            let has_source = token.flags & PAD_SOURCE != 0;
            if self.source.is_none() || (self.source == Some(false) && !has_source) {
                self.source = has_source.then_some(token.flags & PREV_WHITE != 0);
            }
            return;
        }
        let loc = t.loc;
        let mut line_marker_emitted = false;
        if self.avoid_paste {
            let source_white = self.source.unwrap_or(token.flags & PREV_WHITE != 0);
            if loc.line != self.src_line {
                line_marker_emitted = self.do_line_change(loc);
                self.out.push(' ');
                self.printed = true;
            } else if source_white
                || self.prev.as_ref().is_some_and(|p| avoid_paste(p, token))
                || (self.prev.is_none() && token.is_punct("#"))
            {
                self.out.push(' ');
                self.printed = true;
            }
        } else if token.flags & PREV_WHITE != 0 {
            if loc.line != self.src_line {
                line_marker_emitted = self.do_line_change(loc);
            }
            self.out.push(' ');
            self.printed = true;
        }
        self.avoid_paste = false;
        self.source = None;
        let system = loc.sys != 0;
        if !line_marker_emitted && self.prev_was_system_token != system && !loc.builtin {
            self.do_line_change(loc);
            self.prev_was_system_token = system;
        }
        self.prev = Some(*token);
        self.out.push_str(&token.text);
        self.printed = true;
        if token.flags & MULTILINE != 0 {
            // A raw string spanning lines: the following tokens continue its last line.
            self.src_line += token.text.matches('\n').count() as u32;
        }
    }

    pub fn finish(&mut self) {
        if self.printed {
            self.out.push('\n');
        }
    }
}

/// `n` in decimal, without a temporary string.
fn push_decimal(out: &mut String, n: u32) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// `cpp_quote_string`: backslash and double quote escaped; a newline as `\n`.
fn quote_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            _ => out.push(c),
        }
    }
}
