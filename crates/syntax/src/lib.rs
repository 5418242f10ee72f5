//! Lossless CUDA C++ syntax (placeholder contract; the real lexer/parser replaces the body).
//!
//! Contract used by `base-db`: [`parse_text`] returns a [`Parse`] holding a green tree whose text
//! equals the input byte for byte, plus the syntax errors with their ranges.
use std::sync::Arc;

pub use rowan::{GreenNode, TextRange, TextSize};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub message: String,
    pub range: TextRange,
}

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
}

/// Parses a whole preprocessed translation unit.
pub fn parse_text(text: &str) -> Parse {
    let mut b = rowan::GreenNodeBuilder::new();
    b.start_node(rowan::SyntaxKind(1));
    b.token(rowan::SyntaxKind(0), text);
    b.finish_node();
    Parse { green: b.finish(), errors: Arc::from(Vec::new()) }
}

// modules owned by syntax-infra:
mod line_map;
pub use line_map::{LineMap, OriginalPos};
