//! A compact, deterministic tree dump for snapshot tests: `KIND@start..end`, indented, with
//! token text for non-trivia tokens.
use std::fmt::Write;

use crate::{SyntaxElement, SyntaxNode};

/// Dumps the tree, skipping whitespace tokens (their ranges still show in the offsets).
pub fn debug_dump(node: &SyntaxNode) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for event in node.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(SyntaxElement::Node(n)) => {
                let r = n.text_range();
                let _ = writeln!(
                    out,
                    "{:indent$}{:?}@{:?}",
                    "",
                    n.kind(),
                    r,
                    indent = depth * 2
                );
                depth += 1;
            }
            rowan::WalkEvent::Leave(SyntaxElement::Node(_)) => depth -= 1,
            rowan::WalkEvent::Enter(SyntaxElement::Token(t)) => {
                if t.kind() == crate::SyntaxKind::WHITESPACE {
                    continue;
                }
                let _ = writeln!(
                    out,
                    "{:indent$}{:?} {:?}",
                    "",
                    t.kind(),
                    t.text(),
                    indent = depth * 2
                );
            }
            rowan::WalkEvent::Leave(SyntaxElement::Token(_)) => {}
        }
    }
    out
}
