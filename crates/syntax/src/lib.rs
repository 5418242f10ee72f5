//! Lossless CUDA C++ syntax: lexer, error-recovering parser, rowan tree, typed AST views.
//!
//! The input is a preprocessed translation unit (`gcc -E` output). [`parse_text`] never fails:
//! it returns a [`Parse`] whose tree text equals the input byte for byte, plus the syntax errors.
//! Trivia (whitespace, comments, gcc line markers, `#pragma` lines) are tokens in the tree but
//! invisible to the grammar.
//!
//! Incremental reparsing: [`reparse_block`] re-parses the text of one braced block whose kind
//! [`is_reparsable_block`]. Policy: the block is parsed with an empty name table, which is
//! deterministic but may differ from the block's parse in context (the table decides `T * x;`).
//! `reparsing.rs` therefore uses it only when the old block parses alone exactly as it did in
//! context and the edit keeps the block's significant tokens; otherwise it parses the whole text.

// modules owned by syntax-infra:
mod line_map;
mod reparsing;
pub use line_map::{LineMap, OriginalPos};
pub use reparsing::Indel;

pub mod ast;
mod dump;
mod lexer;
mod parser;
mod syntax_kind;
#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use dump::debug_dump;
pub use lexer::{Token, lex, lex_with_errors};
pub use rowan::{GreenNode, TextRange, TextSize};
pub use syntax_kind::SyntaxKind;

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

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub message: String,
    pub range: TextRange,
}

/// The result of parsing: a green tree (always covering the whole input) and its errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parse {
    green: GreenNode,
    errors: Arc<[SyntaxError]>,
}

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
    pub fn from_parts(green: GreenNode, errors: Vec<SyntaxError>) -> Parse {
        Parse {
            green,
            errors: errors.into(),
        }
    }
}

/// Parses a whole preprocessed translation unit.
pub fn parse_text(text: &str) -> Parse {
    let (green, errors) = parser::parse_source_file(text);
    Parse {
        green,
        errors: errors.into(),
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
