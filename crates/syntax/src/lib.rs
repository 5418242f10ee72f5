//! Lossless CUDA C++ syntax: lexer, error-recovering parser, rowan tree, typed AST views.
//!
//! The input is a preprocessed translation unit (`gcc -E` output). [`parse_text`] never fails:
//! it returns a [`Parse`] whose tree text equals the input byte for byte, plus the syntax errors.
//! Trivia (whitespace, comments, gcc line markers, `#pragma` lines) are tokens in the tree but
//! invisible to the grammar.
//!
//! Incremental reparsing ([`Parse::reparse`]): C++ parsing depends on the names declared before
//! a block (the table decides `T * x;`). A [`Parse`] therefore keeps, for every outermost
//! compound statement, a record of the questions its parse asked the name table about the
//! scopes outside it and the answers (a "block context"). An edited block is reparsed alone
//! with those answers; if it asks anything the record cannot answer, or declares something
//! visible outside, the whole text is reparsed. Either way the result equals a full parse.
//! [`reparse_block`] is the context-free fallback: a block parsed with an empty name table.

// modules owned by syntax-infra:
mod line_map;
mod reparsing;
mod shared_green;
pub use line_map::{LineMap, OriginalPos, PositionCursor};
pub use reparsing::Indel;
pub use shared_green::{SharedGreen, green_eq};

pub mod ast;
mod dump;
mod find;
#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use dump::debug_dump;
pub use find::{descendants_pruned, token_at_offset_right};
pub use parser::{SyntaxError, SyntaxKind, Token, lex, lex_with_errors};
pub use rowan::{GreenNode, TextRange, TextSize};

/// The rowan language of the CUDA C++ tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CudaLang {}

impl rowan::Language for CudaLang {
    type Kind = SyntaxKind;
    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw.0).unwrap_or(SyntaxKind::ERROR)
    }
    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

pub type SyntaxNode = rowan::SyntaxNode<CudaLang>;
pub type SyntaxToken = rowan::SyntaxToken<CudaLang>;
pub type SyntaxElement = rowan::SyntaxElement<CudaLang>;

/// The result of parsing: a green tree (always covering the whole input) and its errors.
///
/// It also keeps the name-table contexts of its outermost blocks, for [`Parse::reparse`]; they
/// are a function of the text and take no part in equality.
#[derive(Debug, Clone)]
pub struct Parse {
    green: GreenNode,
    errors: Arc<[SyntaxError]>,
    /// By the offset of the block's `{`, ascending.
    contexts: Arc<[(TextSize, Arc<parser::BlockContext>)]>,
    /// The names declared anywhere in the text, outside blocks (see `parser::names`).
    declared: Arc<parser::DeclaredNames>,
}

impl PartialEq for Parse {
    /// Salsa compares a re-run parse with the previous one; after a block reparse they share
    /// every subtree outside the block, which [`green_eq`] skips by pointer.
    fn eq(&self, other: &Parse) -> bool {
        green_eq(&self.green, &other.green) && self.errors == other.errors
    }
}

impl Eq for Parse {}

impl Parse {
    pub fn green(&self) -> &GreenNode {
        &self.green
    }
    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }
    pub fn syntax_node(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }
    /// Builds a `Parse` from parts (used by incremental reparsing).
    /// It has no block contexts, so its reparses are slower (the context-free fallback).
    pub fn from_parts(green: GreenNode, errors: Vec<SyntaxError>) -> Parse {
        Parse {
            green,
            errors: errors.into(),
            contexts: Arc::new([]),
            declared: Arc::default(),
        }
    }

    /// How many outermost blocks have a recorded context (for tests and measurements).
    pub fn block_context_count(&self) -> usize {
        self.contexts.len()
    }

    /// About how many heap bytes the reparse state (block contexts, declared names) takes beyond
    /// the tree, for measurements; names shared between blocks are counted once per block.
    pub fn reparse_state_bytes(&self) -> usize {
        let contexts: usize = self.contexts.iter().map(|(_, c)| c.heap_bytes()).sum();
        let declared: usize = self.declared.iter().map(|n| n.len() + 32).sum();
        contexts + declared
    }
}

/// Parses a whole preprocessed translation unit.
pub fn parse_text(text: &str) -> Parse {
    let parsed = parser::parse_source_file(text);
    Parse {
        green: parsed.green,
        errors: parsed.errors.into(),
        contexts: parsed
            .contexts
            .into_iter()
            .map(|(offset, context)| (offset.into(), Arc::new(context)))
            .collect(),
        declared: Arc::new(parsed.declared.unwrap_or_default()),
    }
}

/// Node kinds [`reparse_block`] accepts: braced blocks whose contents declare nothing visible
/// outside them (compound statements, including function bodies).
pub fn is_reparsable_block(kind: SyntaxKind) -> bool {
    kind == SyntaxKind::COMPOUND_STMT
}

/// Re-parses `text` as one block of `kind`; `None` unless the text is exactly one such block.
pub fn reparse_block(text: &str, kind: SyntaxKind) -> Option<(GreenNode, Vec<SyntaxError>)> {
    if !is_reparsable_block(kind) {
        return None;
    }
    parser::parse_block(text, kind)
}
