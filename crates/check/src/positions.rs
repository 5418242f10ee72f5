//! Where each item lies in its file. Checks report offsets relative to their item (so their
//! results survive edits elsewhere); the printer needs file offsets. Positions are computed
//! late, once per run, and no check reads them.
//!
//! Only user code is placed: the scopes il lowered from text outside it (the headers, nearly
//! all of a large unit) are skipped by their ranges ([`il::ranges`]), never lowered or walked.
//! An item found elsewhere (the declaration a note points at) is placed when asked
//! ([`Placed::place`]).
use base_db::SourceFile;
use hir_def::source::ShallowGreen;
use il::Item;
use il::ranges::{ItemRanges, find_green, find_nth_green};
use rowan::{NodeOrToken, TextRange};
use rustc_hash::FxHashMap;

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

/// The placed items of one view.
pub struct Placed<'db> {
    db: &'db dyn CheckDatabase,
    ranges: ItemRanges<'db>,
    /// The items of user code, in the order their checks run (as `il::scope::all_items` lists
    /// them, then the local classes' members), each with its placement.
    pub items: Vec<(Item<'db>, Placement)>,
    offsets: FxHashMap<Item<'db>, Option<Placement>>,
}

impl<'db> Placed<'db> {
    /// The placement of any item of the file (`None` when it cannot be placed).
    pub fn place(&mut self, item: Item<'db>) -> Option<Placement> {
        if let Some(known) = self.offsets.get(&item) {
            return *known;
        }
        let found = self
            .ranges
            .item(item)
            .and_then(|range| placement(self.db, self.ranges.tree(), item, range, 0));
        self.offsets.insert(item, found);
        found
    }

    /// The placement of an item of user code, without placing anything new.
    pub fn user(&self, item: Item<'db>) -> Option<Placement> {
        self.offsets.get(&item).copied().flatten()
    }
}

/// Places the items of `file` whose declarations lie in user code: `user` is the user code's
/// text ranges, sorted; `is_user` says whether a placed declaration is in it (the placement
/// finds the declaration node inside the range il lowered the item from, which may be wider).
pub fn place_user_items<'db>(
    db: &'db dyn CheckDatabase,
    file: SourceFile,
    user: &[TextRange],
    is_user: &dyn Fn(u32) -> bool,
) -> Placed<'db> {
    let intersects = |range: TextRange| {
        let i = user.partition_point(|u| u.end() <= range.start());
        user.get(i).is_some_and(|u| u.start() < range.end())
    };
    let (found, mut ranges) = il::ranges::items_where(db, file, &intersects);
    // The k-th item of one range with one tree takes the k-th node (`int a, b;` share one
    // node; an `extern "C" { }` block is one range for all its declarations).
    let mut nth: FxHashMap<(TextRange, ShallowGreen, Option<&str>), usize> = FxHashMap::default();
    let mut items = Vec::new();
    let mut offsets = FxHashMap::default();
    let tree = ranges.tree().clone();
    let mut place = |item: Item<'db>, range: TextRange, items: &mut Vec<_>| {
        let key = (range, placed_tree(db, item).0, item.name_text(db));
        let k = nth.entry(key).or_default();
        let found = placement(db, &tree, item, range, *k);
        *k += 1;
        offsets.insert(item, found);
        if let Some(found) = found.filter(|p| is_user(p.in_file)) {
            items.push((item, found));
        }
    };
    for &(item, range) in &found {
        place(item, range, &mut items);
    }
    // Classes defined in function bodies are items of no scope: found by their member list in
    // the range of the item whose body defines them, their members placed from there (the
    // classes themselves, whose header is no node of the file, are not placed).
    for &(owner, range) in &found {
        for &class in il::scope::local_classes_in(db, owner) {
            let Some(body) = class.body(db) else { continue };
            let Some(start) = find_green(&tree, range, body) else {
                continue;
            };
            ranges.seed(class, TextRange::at(start, body.text_len()));
            let members = il::scope::scope_items(db, class);
            let Some(member_ranges) = ranges.scope(Some(class)).map(<[TextRange]>::to_vec) else {
                continue;
            };
            for (&member, range) in members.iter().zip(member_ranges) {
                place(member, range, &mut items);
            }
        }
    }
    Placed {
        db,
        ranges,
        items,
        offsets,
    }
}

/// The tree an item is placed by, and where in it the placement starts: a body owner's
/// declaration inside its definition tree, any other item's header.
fn placed_tree(db: &dyn CheckDatabase, item: Item<'_>) -> (ShallowGreen, u32) {
    if let Some(root) = hir_def::source::definition_root(db, item) {
        let decl = hir_def::source::function_def(&root)
            .map(|d| rowan::ast::AstNode::syntax(&d).clone())
            .or_else(|| {
                hir_def::source::simple_declaration(&root)
                    .map(|d| rowan::ast::AstNode::syntax(&d).clone())
            });
        if let Some(decl) = decl {
            return (
                ShallowGreen(decl.green().into_owned()),
                u32::from(decl.text_range().start()),
            );
        }
    }
    // A template without a body (a prototype, a member template's declaration): il's header
    // is the parameter list and the declaration without the `template` keyword, no node of
    // the file; the declaration inside it is (offsets in the list keep their distance).
    let header = syntax::SyntaxNode::new_root(item.header(db).clone());
    if header.kind() == syntax::SyntaxKind::TEMPLATE_DECL
        && let Some(decl) = crate::header::declaration(&header)
    {
        return (
            ShallowGreen(decl.node.green().into_owned()),
            u32::from(decl.node.text_range().start()),
        );
    }
    (ShallowGreen(item.header(db).clone()), 0)
}

/// Finds the `nth` node of `item`'s tree inside the node of `range`.
fn placement(
    db: &dyn CheckDatabase,
    tree: &syntax::SyntaxNode,
    item: Item<'_>,
    range: TextRange,
    nth: usize,
) -> Option<Placement> {
    let (green, in_tree) = placed_tree(db, item);
    if let Some(in_file) = find_nth_green(tree, range, &green.0, nth) {
        return Some(Placement {
            in_tree,
            in_file: u32::from(in_file),
        });
    }
    // A class's header is its specifier without the member list (il's split), which is no
    // node of the file: the class is placed at the specifier holding its member list.
    if matches!(
        item.kind(db),
        il::ItemKind::Class | il::ItemKind::Struct | il::ItemKind::Union
    ) && let Some(body) = item.body(db)
        && let Some(start) = find_green(tree, range, body)
    {
        let members = TextRange::at(start, body.text_len());
        let specifier = match tree.covering_element(members) {
            NodeOrToken::Node(node) => node,
            NodeOrToken::Token(token) => token.parent()?,
        };
        let specifier = specifier
            .ancestors()
            .find(|n| n.kind() == syntax::SyntaxKind::CLASS_SPECIFIER)?;
        return Some(Placement {
            in_tree: 0,
            in_file: u32::from(specifier.text_range().start()),
        });
    }
    None
}
