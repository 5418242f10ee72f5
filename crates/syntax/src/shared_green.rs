//! [`SharedGreen`]: a green tree compared by pointer first, at every level.
//!
//! rowan compares green nodes deeply and at every level, even where both sides are the very same
//! node. After an incremental reparse (`Parse::reparse`), every subtree outside the edited block
//! *is* the previous revision's node, so a salsa field that holds a declaration's tree (il's
//! `Item::header`/`body`) would otherwise be compared byte for byte over the whole translation
//! unit after each keystroke, only to learn that nothing changed.
use std::ptr;

use rowan::{GreenNode, GreenNodeData, NodeOrToken};

/// A green node whose equality is rowan's, computed with a pointer test before each descent: an
/// unchanged tree costs O(1), a changed one the nodes on the paths to its changes.
#[derive(Clone, Debug, Eq)]
pub struct SharedGreen(pub GreenNode);

impl PartialEq for SharedGreen {
    fn eq(&self, other: &SharedGreen) -> bool {
        green_eq(&self.0, &other.0)
    }
}

impl From<GreenNode> for SharedGreen {
    fn from(green: GreenNode) -> SharedGreen {
        SharedGreen(green)
    }
}

/// rowan's structural equality of green nodes, with a pointer test first at every node.
pub fn green_eq(a: &GreenNodeData, b: &GreenNodeData) -> bool {
    if ptr::eq(a, b) {
        return true;
    }
    if a.kind() != b.kind() || a.text_len() != b.text_len() {
        return false;
    }
    let (mut left, mut right) = (a.children(), b.children());
    if left.len() != right.len() {
        return false;
    }
    left.all(|l| match (l, right.next()) {
        (NodeOrToken::Node(l), Some(NodeOrToken::Node(r))) => green_eq(l, r),
        (NodeOrToken::Token(l), Some(NodeOrToken::Token(r))) => l == r,
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_text;

    #[test]
    fn equal_trees_compare_equal_whether_shared_or_not() {
        let text = "namespace n { int f() { return 1; } struct S { int m; }; }";
        let (a, b) = (parse_text(text), parse_text(text));
        assert!(!ptr::eq(&*a.green().clone(), &*b.green().clone()));
        assert_eq!(
            SharedGreen(a.green().clone()),
            SharedGreen(b.green().clone())
        );
        assert_eq!(
            SharedGreen(a.green().clone()),
            SharedGreen(a.green().clone())
        );
    }

    #[test]
    fn a_difference_anywhere_is_found() {
        let base = "namespace n { int f() { return 1; } struct S { int m; }; }";
        for other in [
            "namespace n { int f() { return 2; } struct S { int m; }; }",
            "namespace n { int f() { return 1; } struct S { int k; }; }",
            "namespace n { int f() { return 1; } struct S { int m; };}",
            "namespace m { int f() { return 1; } struct S { int m; }; }",
        ] {
            let (a, b) = (parse_text(base), parse_text(other));
            assert_ne!(
                SharedGreen(a.green().clone()),
                SharedGreen(b.green().clone()),
                "{other}"
            );
            assert_eq!(
                green_eq(a.green(), b.green()),
                a.green() == b.green(),
                "rowan's equality and ours differ on {other}"
            );
        }
    }
}
