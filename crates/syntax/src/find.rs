//! Finding the token at an offset by binary search, and nodes by a walk that skips subtrees.

use crate::{SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};

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

/// `node.descendants()` (`node` first, then document order) without what lies below a
/// descendant of a kind `prune` names (that descendant itself is still yielded). For searches
/// that reject whatever lies under such a node (a declaration's own names but not those in its
/// class body or function bodies): filtering by ancestors afterwards visits, and makes a cursor
/// for, every node of the bodies, and climbs from each.
pub fn descendants_pruned(
    node: &SyntaxNode,
    prune: impl Fn(SyntaxKind) -> bool,
) -> impl Iterator<Item = SyntaxNode> {
    let mut walk = node.preorder();
    let root = node.clone();
    std::iter::from_fn(move || {
        loop {
            match walk.next()? {
                rowan::WalkEvent::Enter(n) => {
                    if n != root && prune(n.kind()) {
                        walk.skip_subtree();
                    }
                    return Some(n);
                }
                rowan::WalkEvent::Leave(_) => {}
            }
        }
    })
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

    /// The same nodes as `descendants()` filtered by their ancestors below the start node,
    /// from every node of a fixture, for each kind pruned.
    #[test]
    fn pruned_walk_agrees_with_filtering_ancestors() {
        use crate::SyntaxKind::{COMPOUND_STMT, MEMBER_LIST, PARAM_LIST};
        let text = "namespace n { template <class T, int N> struct V { T v[N]; \
                    struct W { int f(int a, T b) { struct L { int m; }; return a; } }; }; }\n\
                    int g(int (*p)(int q)) { return [](int r) { return r; }(1); }\n";
        let root = crate::parse_text(text).syntax_node();
        for kind in [MEMBER_LIST, COMPOUND_STMT, PARAM_LIST] {
            for node in root.descendants() {
                let filtered: Vec<_> = node
                    .descendants()
                    .filter(|n| {
                        *n == node
                            || !n
                                .ancestors()
                                .skip(1)
                                .take_while(|a| a != &node)
                                .any(|a| a.kind() == kind)
                    })
                    .collect();
                let pruned: Vec<_> = super::descendants_pruned(&node, |k| k == kind).collect();
                assert_eq!(pruned, filtered, "{kind:?} from {node:?}");
            }
        }
    }

    /// What a pruned walk yields: the pruned node, nothing below it.
    #[test]
    fn pruned_walk_yields_the_pruned_node_only() {
        let root = crate::parse_text("struct S { int m; }; int x;").syntax_node();
        let kinds: Vec<_> =
            super::descendants_pruned(&root, |k| k == crate::SyntaxKind::MEMBER_LIST)
                .map(|n| format!("{:?}", n.kind()))
                .collect();
        expect_test::expect!["SOURCE_FILE SIMPLE_DECLARATION CLASS_SPECIFIER NAME_REF MEMBER_LIST SIMPLE_DECLARATION INIT_DECLARATOR DECLARATOR NAME_REF"].assert_eq(&kinds.join(" "));
    }
}
