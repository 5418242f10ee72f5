//! Where each item lies in its file. Checks report offsets relative to their item (so their
//! results survive edits elsewhere); the printer needs file offsets. This reads the whole parse
//! and re-runs on every edit, but no check reads it: positions are computed late.
use base_db::SourceFile;
use hir_def::source::ShallowGreen;
use il::Item;
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::SyntaxKind;

use crate::CheckDatabase;

/// An item's tree (its definition tree, or its header) placed in the file: tree offsets from
/// `in_tree` on are file offsets from `in_file` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub in_tree: u32,
    pub in_file: u32,
}

impl Placement {
    /// A tree offset as a file offset. Offsets before the placed node (a template's parameter
    /// list: il's header lacks only the `template` keyword before it) keep their distance.
    pub fn to_file(self, offset: u32) -> Option<u32> {
        (self.in_file + offset).checked_sub(self.in_tree)
    }
}

/// Every item of `file` that can be placed: body owners through hir-def's
/// `declaration_offsets`; other declarations (prototypes, classes) by finding their header's
/// green tree among the file's declaration nodes, the k-th item with a tree at the k-th node.
pub fn item_offsets<'db>(
    db: &'db dyn CheckDatabase,
    file: SourceFile,
) -> FxHashMap<Item<'db>, Placement> {
    let mut out: FxHashMap<Item<'db>, Placement> = FxHashMap::default();
    for (item, o) in hir_def::source::declaration_offsets(db, file) {
        out.insert(
            *item,
            Placement {
                in_tree: o.in_tree,
                in_file: o.in_file,
            },
        );
    }
    // The headers still to place, then the file's declaration nodes with one of them (hashed
    // shallowly: rowan hashes whole subtrees).
    let unplaced: Vec<Item<'db>> = crate::checked_items(db, file)
        .into_iter()
        .filter(|item| !out.contains_key(item))
        .collect();
    let wanted: FxHashSet<ShallowGreen> = unplaced
        .iter()
        .map(|item| ShallowGreen(item.header(db).clone()))
        .collect();
    let tree = base_db::parse(db, file).syntax_node();
    let mut nodes: FxHashMap<ShallowGreen, Vec<u32>> = FxHashMap::default();
    let classes_wanted = unplaced.iter().any(|item| {
        matches!(
            item.kind(db),
            il::ItemKind::Class | il::ItemKind::Struct | il::ItemKind::Union
        )
    });
    for node in tree.descendants().filter(|n| {
        matches!(
            n.kind(),
            SyntaxKind::SIMPLE_DECLARATION
                | SyntaxKind::FUNCTION_DEF
                | SyntaxKind::EXPLICIT_INSTANTIATION
        ) || classes_wanted && n.kind() == SyntaxKind::CLASS_SPECIFIER
    }) {
        let green = if node.kind() == SyntaxKind::CLASS_SPECIFIER {
            // A class's header is its specifier without the member list (il's split).
            let green = node.green();
            let children: Vec<_> = green
                .children()
                .filter(|c| c.kind() != SyntaxKind::MEMBER_LIST.into())
                .map(|c| match c {
                    rowan::NodeOrToken::Node(n) => rowan::NodeOrToken::Node(n.to_owned()),
                    rowan::NodeOrToken::Token(t) => rowan::NodeOrToken::Token(t.to_owned()),
                })
                .collect();
            ShallowGreen(rowan::GreenNode::new(green.kind(), children))
        } else {
            ShallowGreen(node.green().into_owned())
        };
        if wanted.contains(&green) {
            nodes
                .entry(green)
                .or_default()
                .push(u32::from(node.text_range().start()));
        }
    }
    let mut taken: FxHashMap<ShallowGreen, usize> = FxHashMap::default();
    for item in unplaced {
        let header = ShallowGreen(item.header(db).clone());
        let Some(found) = nodes.get(&header) else {
            continue;
        };
        let k = taken.entry(header).or_default();
        if let Some(&in_file) = found.get(*k) {
            out.insert(
                item,
                Placement {
                    in_tree: 0,
                    in_file,
                },
            );
        }
        *k += 1;
    }
    out
}
