//! The key of [`crate::decl_chunk`]: a declaration's green tree, hashed once.
//!
//! Salsa interns a query's arguments: it hashes the key on every call, and again for every key
//! already stored each time its table grows. A `GreenNode`'s own `Hash` walks the whole tree
//! through generic code each time, and the chunk keys together hold the whole translation unit:
//! on the largest corpus program that hashing was a tenth of `cufe cudafe`'s run. [`DeclSyntax`]
//! walks the tree once, when the assembly makes the key, and its `Hash` writes that one number.
//! Equality stays structural, so an unchanged declaration of an edited file (a new green tree
//! from a new parse) finds its chunk again.
use std::hash::{Hash, Hasher};

use rowan::{GreenNodeData, NodeOrToken};
use syntax::GreenNode;

/// A declaration's green tree with a hash of its kinds and text.
#[derive(Clone, Debug)]
pub struct DeclSyntax {
    hash: u64,
    green: GreenNode,
}

impl DeclSyntax {
    pub fn new(green: GreenNode) -> DeclSyntax {
        let mut hasher = rustc_hash::FxHasher::default();
        hash_tree(&green, &mut hasher);
        DeclSyntax {
            hash: hasher.finish(),
            green,
        }
    }

    pub fn green(&self) -> &GreenNode {
        &self.green
    }
}

fn hash_tree(node: &GreenNodeData, hasher: &mut rustc_hash::FxHasher) {
    hasher.write_u16(node.kind().0);
    for child in node.children() {
        match child {
            NodeOrToken::Node(node) => hash_tree(node, hasher),
            NodeOrToken::Token(token) => {
                hasher.write_u16(token.kind().0);
                hasher.write(token.text().as_bytes());
            }
        }
    }
    // The end of a node: `a (b) c` and `a (b c)` differ.
    hasher.write_u8(0xff);
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

/// The text of a green tree.
pub(crate) fn text(node: &GreenNodeData) -> String {
    let mut out = String::with_capacity(usize::from(node.text_len()));
    push_text(node, &mut out);
    out
}
