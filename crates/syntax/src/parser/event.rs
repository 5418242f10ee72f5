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
use rowan::{GreenNode, GreenNodeBuilder, NodeCache};

use crate::{SyntaxError, SyntaxKind, TextRange, TextSize, lexer::Token};

#[derive(Debug, Clone, Copy)]
pub(crate) enum Event {
    Start {
        kind: SyntaxKind,
        forward_parent: Option<u32>,
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
    cache: &mut NodeCache,
) -> (GreenNode, Vec<SyntaxError>) {
    let mut builder = GreenNodeBuilder::with_cache(cache);
    let mut errors = Vec::new();
    let mut tok_idx = 0usize;
    let mut offset = 0usize;
    let mut depth = 0usize;
    let mut parents: Vec<SyntaxKind> = Vec::new();

    let eat_trivia =
        |builder: &mut GreenNodeBuilder<'_>, tok_idx: &mut usize, offset: &mut usize| {
            while let Some(t) = tokens.get(*tok_idx) {
                if !t.kind.is_trivia() {
                    break;
                }
                let end = *offset + t.len as usize;
                builder.token(t.kind.into(), &text[*offset..end]);
                *offset = end;
                *tok_idx += 1;
            }
        };

    for i in 0..events.len() {
        match std::mem::replace(&mut events[i], Event::Tombstone) {
            Event::Start {
                kind,
                forward_parent,
            } => {
                // Collect the chain of forward parents; the outermost is started first.
                parents.push(kind);
                let mut fp = forward_parent;
                let mut idx = i;
                while let Some(delta) = fp {
                    idx += delta as usize;
                    match std::mem::replace(&mut events[idx], Event::Tombstone) {
                        Event::Start {
                            kind,
                            forward_parent,
                        } => {
                            parents.push(kind);
                            fp = forward_parent;
                        }
                        _ => fp = None,
                    }
                }
                for kind in parents.drain(..).rev() {
                    if depth > 0 {
                        eat_trivia(&mut builder, &mut tok_idx, &mut offset);
                    }
                    builder.start_node(kind.into());
                    depth += 1;
                }
            }
            Event::Finish => {
                depth -= 1;
                if depth == 0 {
                    // The root: everything left (trailing trivia) belongs to it.
                    eat_trivia(&mut builder, &mut tok_idx, &mut offset);
                }
                builder.finish_node();
            }
            Event::Token { kind, n_raw } => {
                eat_trivia(&mut builder, &mut tok_idx, &mut offset);
                let start = offset;
                for _ in 0..n_raw {
                    // Glued tokens are adjacent, so no trivia lies between them.
                    offset += tokens[tok_idx].len as usize;
                    tok_idx += 1;
                }
                builder.token(kind.into(), &text[start..offset]);
            }
            Event::Error { msg } => {
                // Point at the next non-trivia token (or the end of input).
                let mut j = tok_idx;
                let mut at = offset;
                while let Some(t) = tokens.get(j) {
                    if !t.kind.is_trivia() {
                        break;
                    }
                    at += t.len as usize;
                    j += 1;
                }
                let len = tokens.get(j).map_or(0, |t| t.len);
                let start = TextSize::from(at as u32);
                errors.push(SyntaxError {
                    message: messages[msg as usize].clone(),
                    range: TextRange::at(start, TextSize::from(len)),
                });
            }
            Event::Tombstone => {}
        }
    }
    (builder.finish(), errors)
}
