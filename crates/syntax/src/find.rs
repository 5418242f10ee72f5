//! Finding the token at an offset by binary search.

use crate::{SyntaxElement, SyntaxNode, SyntaxToken, TextRange, TextSize};

/// `node.token_at_offset(offset).right_biased()`: the token that holds `offset` (the one that
/// starts there when two meet), or at the node's end its last token. rowan scans every child
/// of each level and makes a cursor for each, which is linear in a namespace's thousands of
/// declarations; this descends by binary search over each level's green children.
pub fn token_at_offset_right(node: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    let range = node.text_range();
    if !range.contains(offset) {
        // The node's end (or outside it, where rowan panics): rowan's own search, which
        // takes the last token with text. Rare: a walk that climbs to the root only.
        if range.contains_inclusive(offset) {
            return node.token_at_offset(offset).right_biased();
        }
        return None;
    }
    // Each level has exactly one child whose non-empty range holds `offset` half-open (the
    // children partition the node's text; empty ones hold nothing), and it is the child rowan
    // follows to its right-biased token.
    let mut current = node.clone();
    let probe = TextRange::at(offset, TextSize::from(1));
    loop {
        match current.child_or_token_at_range(probe)? {
            SyntaxElement::Node(child) => current = child,
            SyntaxElement::Token(token) => return Some(token),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::TextSize;

    /// Agrees with rowan's search at every offset, the end included, from the root and from
    /// inner nodes (offsets inside them).
    #[test]
    fn agrees_with_rowan() {
        let text = "namespace n { template <class T, int N> struct V { T v[N]; }; }\n\
                    int f(int a) { return a  +  1; } // end\n\
                    struct E {}; int g() { }\n";
        let root = crate::parse_text(text).syntax_node();
        for node in root.descendants() {
            let range = node.text_range();
            for o in u32::from(range.start())..=u32::from(range.end()) {
                let offset = TextSize::from(o);
                assert_eq!(
                    super::token_at_offset_right(&node, offset),
                    node.token_at_offset(offset).right_biased(),
                    "{node:?} at {o}"
                );
            }
        }
    }
}
