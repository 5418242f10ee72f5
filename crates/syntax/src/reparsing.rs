//! Incremental reparsing: after an edit inside a braced block, re-lex and re-parse only that
//! block and splice its new green node into the old tree (rust-analyzer's technique).
//!
//! The edited block is a compound statement whose braces the edit leaves alone. Its new text
//! must still be one balanced `{ ... }` (checked by lexing it: an inserted `}` or an
//! unterminated `/*` fails), and must parse as one whole block that ends with its own `}`.
//! Otherwise, and when an old error straddles the block's boundary (we could not tell whose it
//! is), the whole text is reparsed.
//!
//! C++ is not context-free: the parser consults the names declared before a block. Two ways
//! to reparse a block alone, tried from the innermost enclosing block outwards:
//!
//! 1. With its context: the outermost compound statement around the edit usually has a
//!    recorded context (the name-table questions its parse asked about outer scopes, with the
//!    answers, see `parser::names`). It is reparsed with those answers, so any edit (identifiers,
//!    punctuation, whole statements) is handled as long as the new block asks only questions
//!    the old one asked and declares nothing outside itself; otherwise the whole text is
//!    reparsed. This is the main path.
//! 2. Without context (blocks without a record: those that declared something outside, like a
//!    local class, or a `Parse` built by [`Parse::from_parts`]): the first
//!    [`MAX_BLOCKS_TRIED`] enclosing blocks are parsed with an empty name table, only when the
//!    old block parses alone exactly as it did in context and the edit leaves every token the
//!    grammar reads unchanged (literal values and trivia may change).
//!
//! The splice rebuilds only the path from the block to the root (`replace_with`); every other
//! green node of the old tree is shared by the new one. Errors before the block are kept, those
//! inside it replaced by the block's new ones, those after it shifted by the edit's length change.
//! The result's errors are ordered by position (stable, so equal starts keep their parse order).
//! `tests/reparse_property.rs` compares the outcome with full reparses.
use std::sync::Arc;

use rowan::{NodeOrToken, TextRange, TextSize};

use crate::{Parse, SyntaxError, SyntaxKind, SyntaxNode};
use parser::BlockContext;

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
        // The smallest block first: an inner block that the context-free path can take is
        // cheaper than the outermost one; the outermost one has the context.
        for (i, block) in reparsable_blocks(&root, edit.delete).enumerate() {
            if let Some(context) = self.context_at(block.text_range().start()) {
                return self.reparse_with_context(&block, context, edit);
            }
            if i < MAX_BLOCKS_TRIED
                && let Some(parse) = self.reparse_alone(&block, edit)
            {
                return Some(parse);
            }
        }
        None
    }

    fn context_at(&self, offset: TextSize) -> Option<&BlockContext> {
        let i = self
            .contexts
            .binary_search_by_key(&offset, |(o, _)| *o)
            .ok()?;
        Some(&self.contexts[i].1)
    }

    /// Path 1: the outermost block, with its recorded context.
    fn reparse_with_context(
        &self,
        block: &SyntaxNode,
        context: &BlockContext,
        edit: &Indel,
    ) -> Option<Parse> {
        let old_text = block.text().to_string();
        let new_text = edited_block_text(block, &old_text, edit)?;
        if !is_balanced(&parser::lex(&new_text)) {
            return None;
        }
        let parsed =
            parser::parse_block_in_context(&new_text, context, &self.declared, angle_after(block))?;
        if !closes_itself(&parsed.green) {
            return None;
        }
        let range = block.text_range();
        let errors = merge_errors(self.errors(), range, &new_text, parsed.errors)?;
        let new_context = parsed.contexts.into_iter().next().map(|(_, c)| Arc::new(c));
        let contexts = splice_contexts(&self.contexts, range, &new_text, new_context);
        // Names the new block declares are local to it, so the set of names declared outside
        // blocks is unchanged.
        Some(Parse {
            green: block.replace_with(parsed.green),
            errors: Arc::from(errors),
            contexts,
            declared: self.declared.clone(),
        })
    }

    /// Path 2: an empty name table, for edits that keep the tokens the grammar reads.
    fn reparse_alone(&self, block: &SyntaxNode, edit: &Indel) -> Option<Parse> {
        let kind = block.kind();
        let old_text = block.text().to_string();
        let new_text = edited_block_text(block, &old_text, edit)?;
        let new_tokens = parser::lex(&new_text);
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
        let range = block.text_range();
        let errors = merge_errors(self.errors(), range, &new_text, block_errors)?;
        // Same tokens, same decisions: an enclosing block's context stays valid.
        let own = self.context_at(range.start()).cloned().map(Arc::new);
        let contexts = splice_contexts(&self.contexts, range, &new_text, own);
        Some(Parse {
            green: block.replace_with(green),
            errors: Arc::from(errors),
            contexts,
            declared: self.declared.clone(),
        })
    }
}

/// The contexts after replacing the block at `block` by `new_text`: those before it kept, the
/// block's own replaced by `own`, those after it shifted.
fn splice_contexts(
    old: &[(TextSize, Arc<BlockContext>)],
    block: TextRange,
    new_text: &str,
    own: Option<Arc<BlockContext>>,
) -> Arc<[(TextSize, Arc<BlockContext>)]> {
    let new_end = block.start() + TextSize::of(new_text);
    let before = old.iter().filter(|(o, _)| *o < block.start()).cloned();
    let inside = own.map(|c| (block.start(), c));
    let after = old
        .iter()
        .filter(|(o, _)| *o >= block.end())
        .map(|(o, c)| (*o - block.end() + new_end, c.clone()));
    before.chain(inside).chain(after).collect()
}

/// Whether a `>` follows the block before the next `;`, as the parser's lookahead bound sees it
/// (see `Parser::new`).
fn angle_after(block: &SyntaxNode) -> bool {
    let mut token = block.last_token().and_then(|t| t.next_token());
    while let Some(t) = token {
        match t.kind() {
            SyntaxKind::R_ANGLE => return true,
            SyntaxKind::SEMI => return false,
            _ => {}
        }
        token = t.next_token();
    }
    false
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
fn same_shape(old_text: &str, new_text: &str, new_tokens: &[parser::Token]) -> bool {
    significant_tokens(old_text, &parser::lex(old_text))
        .eq(significant_tokens(new_text, new_tokens))
}

/// The non-trivia tokens of a text as (kind, text), literals with their text blanked.
fn significant_tokens<'a>(
    text: &'a str,
    tokens: &'a [parser::Token],
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
fn is_balanced(tokens: &[parser::Token]) -> bool {
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
