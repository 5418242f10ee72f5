//! Parser output: a flat list of events, turned into a rowan tree by [`build_tree`].
//!
//! `Start` events may point forward to a parent started later (`forward_parent`); this is how a
//! node that has been completed (`a` in `a + b`) gets wrapped in a node started after it
//! (`BIN_EXPR`), without re-parsing:
//!
//! ```text
//! events: Start(NAME_REF, fp=+2) Token(a) Finish Start(BIN_EXPR) ...
//! tree:   BIN_EXPR { NAME_REF { a } ... }
//! ```
use std::num::NonZeroU32;

use rowan::{GreenNode, GreenToken, NodeOrToken};

use crate::{SyntaxError, SyntaxKind, TextRange, TextSize, lexer::Token};

#[derive(Debug, Clone, Copy)]
pub(crate) enum Event {
    Start {
        kind: SyntaxKind,
        forward_parent: Option<NonZeroU32>,
    },
    Finish,
    /// `n_raw` lexer tokens glued into one token of `kind` (`>` `>` becomes `SHR`).
    Token {
        kind: SyntaxKind,
        n_raw: u8,
    },
    /// An error at the current non-trivia token; the message is in the side table.
    Error {
        msg: u32,
    },
    /// A `Start` that was abandoned or moved.
    Tombstone,
}

/// Builds the green tree, attaching trivia to the innermost node open when they are reached.
/// Every lexer token is emitted exactly once, so the tree's text equals the input.
pub(crate) fn build_tree(
    text: &str,
    tokens: &[Token],
    mut events: Vec<Event>,
    messages: &[String],
) -> (GreenNode, Vec<SyntaxError>) {
    let mut builder = TreeBuilder::new(text, tokens);
    builder.feed(&mut events, messages);
    builder.finish()
}

/// A piece of a parse's events, final once sent: the events after the previous piece and the
/// error messages added since (an `Error` event's index counts from the parse's first message).
pub(crate) struct EventPiece {
    pub(crate) events: Vec<Event>,
    pub(crate) messages: Vec<String>,
}

/// [`build_tree`] over the pieces a parser sends while it parses (see `Parser::stream_events`),
/// on another thread: the tree of the events before a top-level declaration is built while the
/// grammar parses the declarations after it. The tree is the one `build_tree` builds from all
/// the events at once.
pub(crate) fn build_tree_streamed(
    text: &str,
    tokens: &[Token],
    pieces: std::sync::mpsc::Receiver<EventPiece>,
) -> (GreenNode, Vec<SyntaxError>) {
    let mut builder = TreeBuilder::new(text, tokens);
    let mut messages = Vec::new();
    for mut piece in pieces {
        messages.append(&mut piece.messages);
        builder.feed(&mut piece.events, &messages);
    }
    builder.finish()
}

/// The state of [`build_tree`] between pieces of events.
struct TreeBuilder<'a> {
    sink: TreeSink<'a>,
    errors: Vec<SyntaxError>,
    parents: Vec<SyntaxKind>,
}

impl<'a> TreeBuilder<'a> {
    fn new(text: &'a str, tokens: &'a [Token]) -> TreeBuilder<'a> {
        TreeBuilder {
            sink: TreeSink::new(text, tokens),
            errors: Vec::new(),
            parents: Vec::new(),
        }
    }

    /// Builds the events of one piece; a forward parent lies in the same piece as its child.
    fn feed(&mut self, events: &mut [Event], messages: &[String]) {
        for i in 0..events.len() {
            // Only forward parents, which lie ahead, need tombstoning; events behind are not read.
            match events[i] {
                Event::Start {
                    kind,
                    forward_parent,
                } => {
                    // Collect the chain of forward parents; the outermost is started first.
                    self.parents.push(kind);
                    let mut fp = forward_parent;
                    let mut idx = i;
                    while let Some(delta) = fp {
                        idx += delta.get() as usize;
                        debug_assert!(idx < events.len(), "a forward parent in a later piece");
                        let Some(event) = events.get_mut(idx) else {
                            break;
                        };
                        match std::mem::replace(event, Event::Tombstone) {
                            Event::Start {
                                kind,
                                forward_parent,
                            } => {
                                self.parents.push(kind);
                                fp = forward_parent;
                            }
                            _ => fp = None,
                        }
                    }
                    for kind in self.parents.drain(..).rev() {
                        self.sink.start_node(kind);
                    }
                }
                Event::Finish => self.sink.finish_node(),
                Event::Token { kind, n_raw } => self.sink.token(kind, n_raw),
                Event::Error { msg } => {
                    let range = self.sink.next_token_range();
                    self.errors.push(SyntaxError {
                        message: messages[msg as usize].clone(),
                        range,
                    });
                }
                Event::Tombstone => {}
            }
        }
    }

    fn finish(self) -> (GreenNode, Vec<SyntaxError>) {
        (self.sink.finish(), self.errors)
    }
}

/// Builds green nodes bottom-up without rowan's `NodeCache`: hashing every node to deduplicate
/// it costs more than it saves here. Tokens are deduplicated cheaply instead (punctuation and
/// keywords by kind, identifiers and short trivia by text), and so are nodes of at most
/// [`SMALL_NODE`] children that are all tokens (`NAME_REF { x }`, `LITERAL { 0 }`): a third of
/// all nodes, found by the addresses of their already deduplicated tokens, so each costs one
/// allocation (and one free) per distinct spelling instead of one per occurrence.
struct TreeSink<'a> {
    text: &'a str,
    tokens: &'a [Token],
    tok_idx: usize,
    offset: usize,
    /// Open nodes: kind and the index of their first child in `children`.
    open: Vec<(SyntaxKind, usize)>,
    children: Vec<NodeOrToken<GreenNode, GreenToken>>,
    by_kind: Vec<Option<GreenToken>>,
    /// A direct-mapped cache of short tokens (identifiers, whitespace, literals): a miss just
    /// replaces the slot, so no hashing or probing is needed.
    by_text: Vec<Option<GreenToken>>,
    /// A direct-mapped cache of small all-token nodes, by kind and token addresses.
    small_nodes: Vec<Option<GreenNode>>,
    root: Option<GreenNode>,
}

/// The most slots of each cache: fewer for short texts, whose parse would otherwise spend
/// its time filling and dropping empty slots (a type text of a few tokens is parsed with
/// two 4,096-slot caches).
const CACHE_SIZE: usize = 4096;
/// The most children a node may have to be deduplicated.
const SMALL_NODE: usize = 3;

/// A slot for a node of `kind` whose children are the tokens at these addresses.
fn node_slot(kind: SyntaxKind, tokens: impl Iterator<Item = usize>, size: usize) -> usize {
    let mut h = kind as u64;
    for address in tokens {
        h = (h.rotate_left(5) ^ (address as u64 >> 3)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    (h >> 32) as usize % size
}

/// A cheap slot index for a short token text: FNV over at most 24 bytes.
fn text_slot(kind: SyntaxKind, text: &str, size: usize) -> usize {
    let mut h: u32 = 0x811c_9dc5 ^ kind as u32;
    for &b in text.as_bytes() {
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
    }
    h as usize % size
}

impl<'a> TreeSink<'a> {
    fn new(text: &'a str, tokens: &'a [Token]) -> TreeSink<'a> {
        let cache_size = tokens.len().next_power_of_two().clamp(16, CACHE_SIZE);
        TreeSink {
            text,
            tokens,
            tok_idx: 0,
            offset: 0,
            open: Vec::new(),
            children: Vec::new(),
            by_kind: vec![None; SyntaxKind::SOURCE_FILE as usize],
            by_text: vec![None; cache_size],
            small_nodes: vec![None; cache_size],
            root: None,
        }
    }

    fn start_node(&mut self, kind: SyntaxKind) {
        if !self.open.is_empty() {
            self.eat_trivia();
        }
        self.open.push((kind, self.children.len()));
    }

    fn finish_node(&mut self) {
        if self.open.len() == 1 {
            // The root: everything left (trailing trivia) belongs to it.
            self.eat_trivia();
        }
        let Some((kind, first)) = self.open.pop() else {
            return;
        };
        let node = self
            .small_node(kind, first)
            .unwrap_or_else(|| GreenNode::new(kind.into(), self.children.drain(first..)));
        if self.open.is_empty() {
            self.root = Some(node);
        } else {
            self.children.push(NodeOrToken::Node(node));
        }
    }

    /// The node of `kind` with the children from `first` on, from the cache or added to it;
    /// `None` (children untouched) if it is not a small all-token node.
    fn small_node(&mut self, kind: SyntaxKind, first: usize) -> Option<GreenNode> {
        let children = &self.children[first..];
        if children.len() > SMALL_NODE {
            return None;
        }
        let mut addresses = [0usize; SMALL_NODE];
        for (address, child) in addresses.iter_mut().zip(children) {
            *address = match child {
                NodeOrToken::Token(t) => token_address(t),
                NodeOrToken::Node(n) => node_address(n),
            };
        }
        let addresses = &addresses[..children.len()];
        let slot = node_slot(kind, addresses.iter().copied(), self.small_nodes.len());
        if let Some(node) = &self.small_nodes[slot]
            && node.kind() == kind.into()
            && node.children().len() == addresses.len()
            && node.children().zip(addresses).all(|(child, &address)| {
                let child = match child {
                    NodeOrToken::Token(t) => std::ptr::from_ref(t) as usize,
                    NodeOrToken::Node(n) => std::ptr::from_ref(n) as usize,
                };
                child == address
            })
        {
            let node = node.clone();
            self.children.truncate(first);
            return Some(node);
        }
        let node = GreenNode::new(kind.into(), self.children.drain(first..));
        self.small_nodes[slot] = Some(node.clone());
        Some(node)
    }

    fn token(&mut self, kind: SyntaxKind, n_raw: u8) {
        self.eat_trivia();
        let start = self.offset;
        for _ in 0..n_raw {
            // Glued tokens are adjacent, so no trivia lies between them.
            self.offset += self.tokens[self.tok_idx].len as usize;
            self.tok_idx += 1;
        }
        self.push_token(kind, start);
    }

    fn eat_trivia(&mut self) {
        while let Some(t) = self.tokens.get(self.tok_idx) {
            if !t.kind.is_trivia() {
                break;
            }
            let start = self.offset;
            self.offset += t.len as usize;
            self.tok_idx += 1;
            self.push_token(t.kind, start);
        }
    }

    fn push_token(&mut self, kind: SyntaxKind, start: usize) {
        let text = &self.text[start..self.offset];
        let token = if kind.is_keyword() || kind.is_punct() {
            match &self.by_kind[kind as usize] {
                Some(t) if t.text() == text => t.clone(),
                _ => {
                    let t = GreenToken::new(kind.into(), text);
                    self.by_kind[kind as usize] = Some(t.clone());
                    t
                }
            }
        } else if text.len() <= 24 {
            let slot = text_slot(kind, text, self.by_text.len());
            let slot = &mut self.by_text[slot];
            match slot {
                Some(t) if t.kind() == kind.into() && t.text() == text => t.clone(),
                _ => {
                    let t = GreenToken::new(kind.into(), text);
                    *slot = Some(t.clone());
                    t
                }
            }
        } else {
            GreenToken::new(kind.into(), text)
        };
        self.children.push(NodeOrToken::Token(token));
    }

    /// The range of the next non-trivia token (empty at the end of input), for errors.
    fn next_token_range(&self) -> TextRange {
        let mut j = self.tok_idx;
        let mut at = self.offset;
        while let Some(t) = self.tokens.get(j) {
            if !t.kind.is_trivia() {
                break;
            }
            at += t.len as usize;
            j += 1;
        }
        let len = self.tokens.get(j).map_or(0, |t| t.len);
        TextRange::at(TextSize::from(at as u32), TextSize::from(len))
    }

    fn finish(mut self) -> GreenNode {
        while !self.open.is_empty() {
            self.finish_node();
        }
        self.root
            .unwrap_or_else(|| GreenNode::new(SyntaxKind::SOURCE_FILE.into(), std::iter::empty()))
    }
}

/// The address of a token's data: equal addresses are the same deduplicated token.
fn token_address(token: &GreenToken) -> usize {
    std::ptr::from_ref::<rowan::GreenTokenData>(token) as usize
}

/// The address of a node's data: small nodes built from equal children are shared, so equal
/// addresses find them again (`TYPE_REF { NAME_REF { x } }`).
fn node_address(node: &GreenNode) -> usize {
    std::ptr::from_ref::<rowan::GreenNodeData>(node) as usize
}

#[cfg(test)]
mod tests {
    #[test]
    fn events_stay_small() {
        // Millions of events are allocated per translation unit.
        assert_eq!(size_of::<super::Event>(), 8);
    }
}
