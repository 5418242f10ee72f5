//! The key of [`crate::decl_chunk`]: a declaration's green tree, hashed once.
//!
//! Salsa interns a query's arguments: it hashes the key on every call, and again for every key
//! already stored each time its table grows. A `GreenNode`'s own `Hash` walks the whole tree
//! through generic code each time, and the chunk keys together hold the whole translation unit:
//! on the largest corpus program that hashing was a tenth of `cufe cudafe`'s run. [`DeclSyntax`]
//! hashes the declaration's text once, when the assembly makes the key (a slice of the file's
//! text: one pass over contiguous bytes, no tree walk), and its `Hash` writes that one number.
//! Equal trees have equal texts, so equal keys hash equally; equality stays structural, so an
//! unchanged declaration of an edited file (a new green tree from a new parse) finds its chunk
//! again.
//!
//! The key also carries that text (a copy of the slice, a function of the tree): the chunk
//! starts from it, and copying contiguous bytes costs a fraction of collecting the tree's tokens.
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use rowan::{GreenNodeData, NodeOrToken};
use syntax::GreenNode;

/// A declaration's green tree with its text and a hash of the text.
#[derive(Clone, Debug)]
pub struct DeclSyntax {
    hash: u64,
    green: GreenNode,
    text: Arc<str>,
}

impl DeclSyntax {
    /// `text` is the tree's text (the slice of the file it was parsed from).
    pub fn new(green: GreenNode, text: &str) -> DeclSyntax {
        debug_assert_eq!(usize::from(green.text_len()), text.len());
        let mut hasher = rustc_hash::FxHasher::default();
        hasher.write(text.as_bytes());
        DeclSyntax {
            hash: hasher.finish(),
            green,
            text: Arc::from(text),
        }
    }

    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn shared_text(&self) -> &Arc<str> {
        &self.text
    }
}

impl PartialEq for DeclSyntax {
    fn eq(&self, other: &DeclSyntax) -> bool {
        self.hash == other.hash
            && (std::ptr::eq::<GreenNodeData>(&*self.green, &*other.green)
                || self.green == other.green)
    }
}

impl Eq for DeclSyntax {}

impl Hash for DeclSyntax {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The text of a green tree, appended to `out` (without the cursors and allocations of
/// `SyntaxNode::text`).
pub(crate) fn push_text(node: &GreenNodeData, out: &mut String) {
    for child in node.children() {
        match child {
            NodeOrToken::Node(node) => push_text(node, out),
            NodeOrToken::Token(token) => out.push_str(token.text()),
        }
    }
}
