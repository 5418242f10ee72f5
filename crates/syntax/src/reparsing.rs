//! Incremental reparsing: after an edit inside a braced block, re-lex and re-parse only that
//! block and splice its new green node into the old tree (rust-analyzer's technique).
//!
//! The edited block is the smallest ancestor of the edit that [`crate::is_reparsable_block`]
//! accepts and whose braces the edit leaves alone (up to [`MAX_BLOCKS_TRIED`] enclosing ones are
//! tried). Its new text must still be one balanced `{ ... }` (checked by lexing it: an inserted
//! `}` or an unterminated `/*` fails), and [`crate::reparse_block`] must accept it as one whole
//! block that ends with its own `}`. Otherwise, and when an old error straddles the block's
//! boundary (we could not tell whose it is), the whole text is reparsed.
//!
//! C++ is not context-free: the parser consults the names declared before a block, and
//! `reparse_block` parses with none. So the fast path also requires that the old block parses
//! alone exactly as it did in context, and that the edit leaves every token the grammar reads
//! unchanged (literal values and trivia may change): then the block's parse makes the same
//! decisions as before. Edits of identifiers, keywords or punctuation reparse everything.
//!
//! The splice rebuilds only the path from the block to the root (`replace_with`); every other
//! green node of the old tree is shared by the new one. Errors before the block are kept, those
//! inside it replaced by the block's new ones, those after it shifted by the edit's length change.
//! The result's errors are ordered by position (stable, so equal starts keep their parse order).
//! `tests/reparse_property.rs` compares the outcome with full reparses.
use std::sync::Arc;

use rowan::{NodeOrToken, TextRange, TextSize};

use crate::{Parse, SyntaxError, SyntaxKind, SyntaxNode, lexer};

/// One text edit: replace `delete` by `insert`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indel {
    pub insert: String,
    pub delete: TextRange,
}

impl Indel {
    pub fn insert(offset: TextSize, text: impl Into<String>) -> Indel {
        Indel {
            insert: text.into(),
            delete: TextRange::empty(offset),
        }
    }
    pub fn delete(range: TextRange) -> Indel {
        Indel {
            insert: String::new(),
            delete: range,
        }
    }
    pub fn replace(range: TextRange, text: impl Into<String>) -> Indel {
        Indel {
            insert: text.into(),
            delete: range,
        }
    }

    /// Applies the edit to `text`. Panics if the range is out of bounds or splits a character.
    pub fn apply(&self, text: &mut String) {
        text.replace_range(std::ops::Range::<usize>::from(self.delete), &self.insert);
    }
}

impl Parse {
    /// The parse of the edited text: incremental when the edit lies inside a reparsable block,
    /// a full reparse otherwise. Equal to `parse_text` of the edited text either way.
    pub fn reparse(&self, edit: &Indel) -> Parse {
        self.reparse_block_only(edit).unwrap_or_else(|| {
            let mut text = self.green().to_string();
            edit.apply(&mut text);
            crate::parse_text(&text)
        })
    }

    /// The incremental path alone: `None` where [`Parse::reparse`] would reparse everything.
    /// For tests and for measuring how often the fast path applies.
    pub fn reparse_block_only(&self, edit: &Indel) -> Option<Parse> {
        let root = self.syntax_node();
        // The smallest block first; an outer one may still parse alone where an inner one needs
        // names that the outer one declares.
        for block in reparsable_blocks(&root, edit.delete).take(MAX_BLOCKS_TRIED) {
            if let Some(parse) = self.reparse_in(&block, edit) {
                return Some(parse);
            }
        }
        None
    }

    fn reparse_in(&self, block: &SyntaxNode, edit: &Indel) -> Option<Parse> {
        let kind = block.kind();
        let old_text = block.text().to_string();
        let new_text = edited_block_text(block, &old_text, edit)?;
        let new_tokens = lexer::lex(&new_text);
        if !is_balanced(&new_tokens) || !same_shape(&old_text, &new_text, &new_tokens) {
            return None;
        }
        if !parses_alone_as_in_context(block, &old_text, kind) {
            return None;
        }
        let (green, block_errors) = crate::reparse_block(&new_text, kind)?;
        if !closes_itself(&green) {
            return None;
        }
        let errors = merge_errors(self.errors(), block.text_range(), &new_text, block_errors)?;
        let green = block.replace_with(green);
        Some(Parse {
            green,
            errors: Arc::from(errors),
        })
    }
}

/// How many enclosing blocks, smallest first, an edit may be reparsed in before giving up.
const MAX_BLOCKS_TRIED: usize = 3;

/// Whether the block's last `}` is its own closing brace. Error recovery inside the block (after
/// an unclosed `(`, say) may swallow braces; alone it then reaches the end of the text and reports
/// a missing `}`, while in context it would run on into the enclosing block.
fn closes_itself(green: &rowan::GreenNode) -> bool {
    let last = green.children().last();
    last.and_then(NodeOrToken::into_token)
        .is_some_and(|t| SyntaxKind::from_raw(t.kind().0) == Some(SyntaxKind::R_CURLY))
}

/// Whether the old block, parsed alone (with no names declared around it), gives the very tree
/// the full parse gave it in context. If not, its parse depends on outer names and the edited
/// block would not parse right alone either.
fn parses_alone_as_in_context(block: &SyntaxNode, old_text: &str, kind: SyntaxKind) -> bool {
    let old = block.green();
    crate::reparse_block(old_text, kind).is_some_and(|(alone, _)| *alone == *old)
}

/// Whether the edit kept every token the grammar looks at: the same non-trivia tokens in the
/// same order, each with the same text except literals (whose values the grammar never reads).
/// Whitespace, comments, line markers and literal values may change.
///
/// Why not more: the parser consults the names declared before the block (`current __n;` is an
/// expression statement when `current` is a known variable, a declaration when it is unknown),
/// and `reparse_block` parses with no names at all. An old block that parses alone as it did in
/// context ([`parses_alone_as_in_context`]) keeps doing so as long as the grammar sees the same
/// tokens; any other edit could make it look up a name it did not look up before.
fn same_shape(old_text: &str, new_text: &str, new_tokens: &[lexer::Token]) -> bool {
    significant_tokens(old_text, &lexer::lex(old_text)).eq(significant_tokens(new_text, new_tokens))
}

/// The non-trivia tokens of a text as (kind, text), literals with their text blanked.
fn significant_tokens<'a>(
    text: &'a str,
    tokens: &'a [lexer::Token],
) -> impl Iterator<Item = (SyntaxKind, &'a str)> + 'a {
    tokens
        .iter()
        .scan(0usize, |offset, token| {
            let start = *offset;
            *offset += token.len as usize;
            Some((token.kind, start..*offset))
        })
        .filter(|(kind, _)| !kind.is_trivia())
        .map(|(kind, range)| (kind, if kind.is_literal() { "" } else { &text[range] }))
}

/// The reparsable blocks strictly containing `delete` (the edit may touch neither brace),
/// innermost first.
fn reparsable_blocks(root: &SyntaxNode, delete: TextRange) -> impl Iterator<Item = SyntaxNode> {
    let start = if root.text_range().contains_range(delete) {
        match root.covering_element(delete) {
            NodeOrToken::Node(node) => Some(node),
            NodeOrToken::Token(token) => token.parent(),
        }
    } else {
        None
    };
    start
        .into_iter()
        .flat_map(|node| node.ancestors())
        .filter(move |node| {
            let range = node.text_range();
            crate::is_reparsable_block(node.kind())
                && range.start() < delete.start()
                && delete.end() < range.end()
        })
}

fn edited_block_text(block: &SyntaxNode, old_text: &str, edit: &Indel) -> Option<String> {
    let local = edit.delete.checked_sub(block.text_range().start())?;
    if !old_text.is_char_boundary(local.start().into())
        || !old_text.is_char_boundary(local.end().into())
    {
        return None;
    }
    let mut text = old_text.to_owned();
    Indel {
        insert: edit.insert.clone(),
        delete: local,
    }
    .apply(&mut text);
    Some(text)
}

/// Whether the tokens are `{`, tokens whose braces balance without closing the first, `}`.
fn is_balanced(tokens: &[lexer::Token]) -> bool {
    let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
        return false;
    };
    if first.kind != SyntaxKind::L_CURLY || last.kind != SyntaxKind::R_CURLY || tokens.len() < 2 {
        return false;
    }
    let mut depth = 0usize;
    for token in &tokens[1..tokens.len() - 1] {
        match token.kind {
            SyntaxKind::L_CURLY => depth += 1,
            SyntaxKind::R_CURLY => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0
}

/// The old errors outside the block (shifted past it), with the block's new errors in between;
/// `None` if an old error cannot be attributed to either side.
fn merge_errors(
    old: &[SyntaxError],
    block: TextRange,
    new_block_text: &str,
    block_errors: Vec<SyntaxError>,
) -> Option<Vec<SyntaxError>> {
    let new_len = TextSize::of(new_block_text);
    let mut errors = Vec::with_capacity(old.len() + block_errors.len());
    for error in old {
        let range = error.range;
        if range.end() < block.start() || (range.end() == block.start() && !range.is_empty()) {
            errors.push(error.clone());
        } else if range.start() > block.end() || (range.start() == block.end() && !range.is_empty())
        {
            // Shift by the block's length change: old end -> new end.
            let shifted = range - block.end() + block.start() + new_len;
            errors.push(SyntaxError {
                message: error.message.clone(),
                range: shifted,
            });
        } else if block.contains_range(range)
            && range.start() > block.start()
            && range.end() < block.end()
        {
            // inside the block: replaced by the block's new errors
        } else {
            // Straddles a brace, or is empty right at one: it may belong to the block's parse or
            // to its parent's.
            return None;
        }
    }
    errors.extend(block_errors.into_iter().map(|error| SyntaxError {
        message: error.message,
        range: error.range + block.start(),
    }));
    errors.sort_by_key(|error| error.range.start());
    Some(errors)
}
