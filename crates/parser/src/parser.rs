//! The parser's cursor over non-trivia tokens, its markers, and tentative parsing.
use crate::{
    SyntaxKind::{self, *},
    lexer::Token,
};

use super::{
    event::{Event, EventPiece},
    names::{BlockContext, BlockState, NameCheckpoint, NameTable, Sym},
    token_set::TokenSet,
};

/// Without progress for this many lookahead calls, the parser treats the rest of the input as
/// end of file so every loop exits; the leftover tokens become one error node.
const STEP_LIMIT: u32 = 1_000_000;

/// Nesting beyond this depth (parentheses, braces, declarators) becomes an error node, so deep
/// input cannot overflow the stack.
pub(crate) const NESTING_LIMIT: u32 = 256;

/// Token visits one lookahead scan of a name may make, nested template arguments included.
const SCAN_FUEL: u32 = 4000;

pub(crate) struct Parser<'t> {
    text: &'t str,
    kinds: Vec<SyntaxKind>,
    /// Byte offset of each non-trivia token, plus one entry for the end of input.
    starts: Vec<u32>,
    ends: Vec<u32>,
    /// The interned name of each identifier token (0 for other tokens).
    syms: Vec<Sym>,
    /// For each token, whether a `>` occurs at or after it before the next `;`: without one, no
    /// template argument list can close, and lookahead scans fail at once instead of running
    /// to their budget (which made `a < b, a < b, ...` quadratic).
    angle_closes: Vec<bool>,
    pos: usize,
    /// The events from index `sent` on (those before were sent to the stream and dropped).
    events: Vec<Event>,
    sent: usize,
    messages: Vec<String>,
    n_errors: u32,
    steps: u32,
    stuck: bool,
    pub(crate) names: NameTable,
    nesting: u32,
    /// Open `else if` links, across recursion (see `statements::if_stmt`).
    pub(crate) else_if_links: u32,
    /// Parsing a name in a type position, where an unknown name followed by `<...>` must be a
    /// template (no expression can appear there).
    type_ctx: bool,
    /// Token visits left to the current lookahead scan (see `grammar::names`); bounds the
    /// nested template-argument scans on adversarial input.
    scan_fuel: std::cell::Cell<u32>,
    /// The last name scan: (token index, name-table version, type context) and its result.
    scan_cache: std::cell::Cell<Option<(usize, u32, bool, ScanResult)>>,
    /// The recorded outermost blocks, by the token index of their `{` (see `names`).
    contexts: Vec<(u32, BlockContext)>,
    /// Where the final events go while the parse runs (see [`Parser::stream_events`]).
    stream: Option<EventStream>,
}

/// The receiver of a parse's final events, and how many of the events and messages it has.
struct EventStream {
    send: std::sync::mpsc::Sender<EventPiece>,
    root: SyntaxKind,
    /// The fewest new events sent as a piece.
    piece_events: usize,
    messages: usize,
}

/// A cached lookahead result, opaque to the parser core.
pub(crate) type ScanResult = Option<super::grammar::NameScan>;

/// What a parse produced, before the tree is built.
pub(crate) struct Finished {
    pub(crate) events: Vec<Event>,
    pub(crate) messages: Vec<String>,
    pub(crate) names: NameTable,
    /// Recorded block contexts by the byte offset of their `{`, in order.
    pub(crate) contexts: Vec<(u32, BlockContext)>,
}

pub(crate) struct Marker {
    pos: u32,
}

#[derive(Clone, Copy)]
pub(crate) struct CompletedMarker {
    pos: u32,
}

/// A saved parser state for tentative parsing (declaration-or-expression and similar).
pub(crate) struct Checkpoint {
    pos: usize,
    events: usize,
    messages: usize,
    n_errors: u32,
    names: NameCheckpoint,
    contexts: usize,
}

impl<'t> Parser<'t> {
    /// `angle_after`: whether a `>` follows the text before the next `;` (for a block parsed
    /// alone: in the text after the block).
    pub(crate) fn new(
        text: &'t str,
        tokens: &[Token],
        mut names: NameTable,
        angle_after: bool,
    ) -> Parser<'t> {
        let mut kinds = Vec::with_capacity(tokens.len() / 2);
        let mut starts = Vec::with_capacity(tokens.len() / 2);
        let mut ends = Vec::with_capacity(tokens.len() / 2);
        let mut syms = Vec::with_capacity(tokens.len() / 2);
        let mut offset = 0u32;
        for t in tokens {
            if !t.kind.is_trivia() {
                kinds.push(t.kind);
                starts.push(offset);
                ends.push(offset + t.len);
                let sym = if t.kind == IDENT {
                    names.intern(&text[offset as usize..(offset + t.len) as usize])
                } else {
                    0
                };
                syms.push(sym);
            }
            offset += t.len;
        }
        starts.push(offset);
        ends.push(offset);
        let n_significant = kinds.len();
        let mut angle_closes = vec![false; n_significant];
        let mut seen = angle_after;
        for (i, &k) in kinds.iter().enumerate().rev() {
            match k {
                R_ANGLE => seen = true,
                SEMI => seen = false,
                _ => {}
            }
            angle_closes[i] = seen;
        }
        Parser {
            text,
            kinds,
            starts,
            ends,
            syms,
            angle_closes,
            pos: 0,
            // About three events per non-trivia token (its own, plus node starts and ends).
            events: Vec::with_capacity(3 * n_significant + 16),
            sent: 0,
            messages: Vec::new(),
            n_errors: 0,
            steps: 0,
            stuck: false,
            names,
            nesting: 0,
            else_if_links: 0,
            type_ctx: false,
            scan_fuel: std::cell::Cell::new(0),
            scan_cache: std::cell::Cell::new(None),
            contexts: Vec::new(),
            stream: None,
        }
    }

    /// Sends the events, as they become final, to `send` instead of keeping them for
    /// [`Parser::finish`]: at each top-level declaration ([`Parser::flush_final_events`]) and at
    /// the end. `root`: the kind the outermost node will have (its `Start` event is sent before
    /// it completes, with this kind). `piece_events`: the fewest new events worth a piece (a
    /// top-level declaration is often a few events, and each piece costs a message and a
    /// wake-up of the builder).
    pub(crate) fn stream_events(
        &mut self,
        send: std::sync::mpsc::Sender<EventPiece>,
        root: SyntaxKind,
        piece_events: usize,
    ) {
        self.stream = Some(EventStream {
            send,
            root,
            piece_events,
            messages: 0,
        });
        // The events are dropped as they are sent: no list of them all.
        self.events = Vec::with_capacity(2 * piece_events);
    }

    /// Between two top-level declarations, where no tentative parse can rewind and no node but
    /// the root is open, every event so far is final: sends those not sent yet (when there are
    /// enough, or `all`).
    pub(crate) fn flush_final_events(&mut self, all: bool) {
        let Some(stream) = &mut self.stream else {
            return;
        };
        if !all && self.events.len() < stream.piece_events {
            return;
        }
        let capacity = 2 * stream.piece_events;
        let mut events = std::mem::replace(&mut self.events, Vec::with_capacity(capacity));
        if self.sent == 0
            && let Some(Event::Start { kind, .. }) = events.first_mut()
        {
            *kind = stream.root;
        }
        self.sent += events.len();
        let piece = EventPiece {
            events,
            messages: self.messages[stream.messages..].to_vec(),
        };
        stream.messages = self.messages.len();
        // The builder stops only by panicking, which its joiner resumes.
        let _ = stream.send.send(piece);
    }

    /// Whether event `idx` may still change (not sent yet; the root's `Start` is sent with its
    /// kind already).
    fn event_open(&self, idx: usize) -> bool {
        idx >= self.sent || idx == 0
    }

    /// Event `idx` (counted from the parse's first), unless it was sent.
    fn event_mut(&mut self, idx: usize) -> Option<&mut Event> {
        self.events.get_mut(idx.checked_sub(self.sent)?)
    }

    /// The index the next event will have.
    fn next_event(&self) -> usize {
        self.sent + self.events.len()
    }

    /// At the `{` of a compound statement: starts recording its context if it is outermost.
    pub(crate) fn begin_block_context(&mut self) -> Option<BlockState> {
        self.names.begin_block().then_some(self.block_state())
    }

    /// After the block begun at token `start` (when `begin_block_context` gave a state).
    pub(crate) fn end_block_context(&mut self, start: usize, state: BlockState) {
        if let Some(context) = self.names.end_block(state) {
            self.contexts.push((start as u32, context));
        }
    }

    pub(crate) fn block_state(&self) -> BlockState {
        BlockState {
            nesting: self.nesting,
            else_if_links: self.else_if_links,
            type_ctx: self.type_ctx,
        }
    }

    /// Restores the state of a block's `{` in the full parse, to parse the block alone.
    pub(crate) fn set_block_state(&mut self, state: BlockState) {
        self.nesting = state.nesting;
        self.else_if_links = state.else_if_links;
        self.type_ctx = state.type_ctx;
    }

    /// The cached scan of the name at `idx`, if still valid.
    pub(crate) fn cached_scan(&self, idx: usize) -> Option<ScanResult> {
        match self.scan_cache.get() {
            Some((i, v, t, res)) if i == idx && v == self.names.version() && t == self.type_ctx => {
                Some(res)
            }
            _ => None,
        }
    }

    pub(crate) fn cache_scan(&self, idx: usize, res: ScanResult) {
        self.scan_cache
            .set(Some((idx, self.names.version(), self.type_ctx, res)));
    }

    /// Whether a `>` follows token `idx` before the next `;`.
    pub(crate) fn angle_may_close(&self, idx: usize) -> bool {
        self.angle_closes.get(idx).copied().unwrap_or(false)
    }

    /// Starts a lookahead scan with a fresh budget.
    pub(crate) fn refuel_scan(&self) {
        self.scan_fuel.set(SCAN_FUEL);
    }

    /// Spends one token visit of the current scan; `false` when the budget is exhausted.
    pub(crate) fn take_scan_fuel(&self) -> bool {
        let left = self.scan_fuel.get();
        if left == 0 {
            return false;
        }
        self.scan_fuel.set(left - 1);
        true
    }

    pub(crate) fn in_type_context(&self) -> bool {
        self.type_ctx
    }

    /// Sets the type-context flag, returning the previous value.
    pub(crate) fn set_type_context(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.type_ctx, on)
    }

    pub(crate) fn finish(self) -> Finished {
        let contexts = self
            .contexts
            .into_iter()
            .map(|(idx, context)| (self.starts[idx as usize], context))
            .collect();
        Finished {
            events: self.events,
            messages: self.messages,
            names: self.names,
            contexts,
        }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The kind of the token `n` ahead (raw: `<` and `>` are never glued here).
    pub(crate) fn nth(&mut self, n: usize) -> SyntaxKind {
        self.steps += 1;
        if self.steps > STEP_LIMIT {
            self.stuck = true;
        }
        if self.stuck {
            return EOF;
        }
        self.kinds.get(self.pos + n).copied().unwrap_or(EOF)
    }

    pub(crate) fn current(&mut self) -> SyntaxKind {
        self.nth(0)
    }

    /// The kind at absolute token index `idx`, for lookahead scans.
    pub(crate) fn kind_at(&self, idx: usize) -> SyntaxKind {
        if self.stuck {
            return EOF;
        }
        self.kinds.get(idx).copied().unwrap_or(EOF)
    }

    pub(crate) fn text_at(&self, idx: usize) -> &'t str {
        match (self.starts.get(idx), self.ends.get(idx)) {
            (Some(&s), Some(&e)) => &self.text[s as usize..e as usize],
            _ => "",
        }
    }

    /// Whether the current token is the first on its line (for error recovery).
    pub(crate) fn at_line_start(&self) -> bool {
        let pos = self.pos;
        if pos == 0 || pos >= self.kinds.len() {
            return pos == 0;
        }
        let gap = &self.text[self.ends[pos - 1] as usize..self.starts[pos] as usize];
        gap.contains('\n')
    }

    /// The interned name of identifier token `idx`.
    pub(crate) fn sym_at(&self, idx: usize) -> Sym {
        self.syms.get(idx).copied().unwrap_or(0)
    }

    pub(crate) fn nth_sym(&self, n: usize) -> Sym {
        self.sym_at(self.pos + n)
    }

    pub(crate) fn nth_text(&self, n: usize) -> &'t str {
        self.text_at(self.pos + n)
    }

    /// Whether token `idx` ends exactly where token `idx + 1` starts.
    pub(crate) fn joint_at(&self, idx: usize) -> bool {
        idx + 1 < self.kinds.len() && self.ends[idx] == self.starts[idx + 1]
    }

    /// The operator at token `idx`, gluing adjacent `<`, `>` and `=`: `(kind, n_raw)`.
    pub(crate) fn glued_at(&self, idx: usize) -> (SyntaxKind, u8) {
        let k0 = self.kind_at(idx);
        let j01 = self.joint_at(idx);
        let k1 = if j01 { self.kind_at(idx + 1) } else { EOF };
        let j12 = j01 && self.joint_at(idx + 1);
        let k2 = if j12 { self.kind_at(idx + 2) } else { EOF };
        match (k0, k1, k2) {
            (L_ANGLE, L_ANGLE, L_ANGLE) => (LAUNCH_OPEN, 3),
            (L_ANGLE, L_ANGLE, EQ) => (SHLEQ, 3),
            (L_ANGLE, L_ANGLE, _) => (SHL, 2),
            (L_ANGLE, EQ, R_ANGLE) => (SPACESHIP, 3),
            (L_ANGLE, EQ, _) => (LTEQ, 2),
            (R_ANGLE, R_ANGLE, R_ANGLE) => (LAUNCH_CLOSE, 3),
            (R_ANGLE, R_ANGLE, EQ) => (SHREQ, 3),
            (R_ANGLE, R_ANGLE, _) => (SHR, 2),
            (R_ANGLE, EQ, _) => (GTEQ, 2),
            (R_ANGLE, EQ2, _) => (GTEQ, 1),
            (k, ..) => (k, 1),
        }
    }

    /// The current token with `<`/`>` gluing applied.
    pub(crate) fn current_glued(&mut self) -> (SyntaxKind, u8) {
        if self.current() == EOF {
            return (EOF, 0);
        }
        let (k, n) = self.glued_at(self.pos);
        // `>==` is `>` `==`, never `>=` `=`.
        if k == GTEQ && n == 1 {
            (R_ANGLE, 1)
        } else {
            (k, n)
        }
    }

    pub(crate) fn at(&mut self, kind: SyntaxKind) -> bool {
        self.current() == kind
    }

    pub(crate) fn nth_at(&mut self, n: usize, kind: SyntaxKind) -> bool {
        self.nth(n) == kind
    }

    pub(crate) fn at_eof(&mut self) -> bool {
        self.current() == EOF
    }

    pub(crate) fn eat(&mut self, kind: SyntaxKind) -> bool {
        if self.at(kind) {
            self.bump_any();
            true
        } else {
            false
        }
    }

    pub(crate) fn bump_any(&mut self) {
        if self.current() == EOF {
            return;
        }
        let kind = self.kinds[self.pos];
        self.push_token(kind, 1);
    }

    /// Bumps `n_raw` glued raw tokens as one token of `kind`.
    pub(crate) fn bump_glued(&mut self, kind: SyntaxKind, n_raw: u8) {
        if self.current() == EOF || n_raw == 0 {
            return;
        }
        let n_raw = (n_raw as usize).min(self.kinds.len() - self.pos) as u8;
        self.push_token(kind, n_raw);
    }

    fn push_token(&mut self, kind: SyntaxKind, n_raw: u8) {
        self.pos += n_raw as usize;
        self.steps = 0;
        self.events.push(Event::Token { kind, n_raw });
    }

    pub(crate) fn expect(&mut self, kind: SyntaxKind) -> bool {
        if self.eat(kind) {
            return true;
        }
        self.error(format!("expected {}", describe(kind)));
        false
    }

    pub(crate) fn error(&mut self, message: impl Into<String>) {
        let msg = self.messages.len() as u32;
        self.messages.push(message.into());
        self.n_errors += 1;
        self.events.push(Event::Error { msg });
    }

    /// Reports an error and wraps the current token in an ERROR node, unless it is a brace or in
    /// `recovery`, in which case nothing is consumed.
    pub(crate) fn err_recover(&mut self, message: &str, recovery: TokenSet) {
        let k = self.current();
        if matches!(k, L_CURLY | R_CURLY | EOF) || recovery.contains(k) {
            self.error(message);
            return;
        }
        let m = self.start();
        self.error(message);
        self.bump_any();
        m.complete(self, ERROR);
    }

    pub(crate) fn start(&mut self) -> Marker {
        let pos = self.next_event() as u32;
        self.events.push(Event::Start {
            kind: ERROR,
            forward_parent: None,
        });
        Marker { pos }
    }

    pub(crate) fn checkpoint(&mut self) -> Checkpoint {
        Checkpoint {
            pos: self.pos,
            events: self.next_event(),
            messages: self.messages.len(),
            n_errors: self.n_errors,
            names: self.names.checkpoint(),
            contexts: self.contexts.len(),
        }
    }

    pub(crate) fn has_errors_since(&self, cp: &Checkpoint) -> bool {
        self.n_errors != cp.n_errors
    }

    pub(crate) fn rewind(&mut self, cp: Checkpoint) {
        debug_assert!(
            self.event_open(cp.events),
            "rewound past events already sent"
        );
        self.pos = cp.pos;
        self.events.truncate(cp.events.saturating_sub(self.sent));
        self.messages.truncate(cp.messages);
        self.n_errors = cp.n_errors;
        self.names.rewind(cp.names);
        self.contexts.truncate(cp.contexts);
    }

    pub(crate) fn commit(&mut self, cp: Checkpoint) {
        self.names.commit(cp.names);
    }

    /// Enters one level of nesting; `false` (and an error) when the limit is reached.
    pub(crate) fn enter_nesting(&mut self) -> bool {
        if self.nesting >= NESTING_LIMIT {
            return false;
        }
        self.nesting += 1;
        true
    }

    pub(crate) fn exit_nesting(&mut self) {
        self.nesting -= 1;
    }

    /// Whether the step limit was hit; the caller then ends the parse.
    pub(crate) fn is_stuck(&self) -> bool {
        self.stuck
    }

    /// After the parse got stuck, bumps every remaining token (used once, at top level).
    pub(crate) fn bump_rest_unchecked(&mut self) {
        while self.pos < self.kinds.len() {
            let kind = self.kinds[self.pos];
            self.pos += 1;
            self.events.push(Event::Token { kind, n_raw: 1 });
        }
    }

    pub(crate) fn unstick(&mut self) {
        self.stuck = false;
        self.steps = 0;
    }
}

impl Marker {
    pub(crate) fn complete(self, p: &mut Parser<'_>, kind: SyntaxKind) -> CompletedMarker {
        debug_assert!(
            p.event_open(self.pos as usize),
            "completed a node already sent"
        );
        // The root's `Start`, once sent, was sent with its kind.
        if let Some(Event::Start { kind: slot, .. }) = p.event_mut(self.pos as usize) {
            *slot = kind;
        }
        p.events.push(Event::Finish);
        CompletedMarker { pos: self.pos }
    }

    pub(crate) fn abandon(self, p: &mut Parser<'_>) {
        let idx = self.pos as usize;
        debug_assert!(p.event_open(idx), "abandoned a node already sent");
        if idx + 1 == p.next_event() {
            p.events.pop();
        } else if let Some(event) = p.event_mut(idx) {
            *event = Event::Tombstone;
        }
    }
}

impl CompletedMarker {
    /// Starts a node that will contain this one (`a` becomes the left side of `a + b`).
    pub(crate) fn precede(self, p: &mut Parser<'_>) -> Marker {
        let m = p.start();
        debug_assert!(
            p.event_open(self.pos as usize) && self.pos != 0,
            "preceded a node already sent"
        );
        if let Some(Event::Start { forward_parent, .. }) = p.event_mut(self.pos as usize) {
            *forward_parent = std::num::NonZeroU32::new(m.pos - self.pos);
        }
        m
    }
}

/// How an expected token is named in error messages.
pub(crate) fn describe(kind: SyntaxKind) -> &'static str {
    match kind {
        L_PAREN => "`(`",
        R_PAREN => "`)`",
        L_BRACK => "`[`",
        R_BRACK => "`]`",
        L_CURLY => "`{`",
        R_CURLY => "`}`",
        SEMI => "`;`",
        COMMA => "`,`",
        COLON => "`:`",
        COLON2 => "`::`",
        EQ => "`=`",
        L_ANGLE => "`<`",
        R_ANGLE => "`>`",
        LAUNCH_CLOSE => "`>>>`",
        IDENT => "an identifier",
        WHILE_KW => "`while`",
        STRING_LIT => "a string literal",
        _ => "a token",
    }
}
