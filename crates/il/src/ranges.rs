//! Where items lie in their file, found on demand and never stored in them: an item's identity
//! and the queries keyed by it stay independent of positions, so an edit above an item re-runs
//! nothing of it (see [`crate::scope`]). Printers and the checks ask here late, once per run.
//!
//! An item's *range* is the range of the declaration node il lowered it from (items of one node
//! share it: `int a, b;`, an `extern "C" { }` block). File scope's items are lowered from the
//! file's tree, so their ranges come with them (`top_level_items_with_ranges`); a namespace's or class's
//! items are lowered from its body alone, so theirs are found in the body's coordinates and
//! moved to where that body lies inside the scope's own range.
use base_db::SourceFile;
use rowan::{GreenNodeData, NodeOrToken, TextRange, TextSize, WalkEvent};
use rustc_hash::FxHashMap;
use syntax::SyntaxNode;

use crate::IlDatabase;
use crate::item::Item;
use crate::lower::{NESTED_NAMESPACE, lower_scope_with_ranges};
use crate::scope::{class_key, scope_items, top_level_items, top_level_items_with_ranges};

/// The ranges of one file's items, scope by scope as they are asked for.
pub struct ItemRanges<'db> {
    db: &'db dyn IlDatabase,
    file: SourceFile,
    tree: SyntaxNode,
    /// File ranges of each scope's items (`None`: file scope), in the scope's item order;
    /// `None` when the scope itself could not be found.
    scopes: FxHashMap<Option<Item<'db>>, Option<Vec<TextRange>>>,
    /// Ranges given by the caller for items of no scope (local classes).
    seeded: FxHashMap<Item<'db>, TextRange>,
}

impl<'db> ItemRanges<'db> {
    pub fn new(db: &'db dyn IlDatabase, file: SourceFile) -> ItemRanges<'db> {
        ItemRanges {
            db,
            file,
            tree: base_db::parse(db, file).syntax_node(),
            scopes: FxHashMap::default(),
            seeded: FxHashMap::default(),
        }
    }

    /// The file's syntax tree, which the ranges index.
    pub fn tree(&self) -> &SyntaxNode {
        &self.tree
    }

    /// The file ranges of the items of `scope` (`None`: file scope), one per item of
    /// [`top_level_items`] or [`scope_items`], in their order.
    pub fn scope(&mut self, scope: Option<Item<'db>>) -> Option<&[TextRange]> {
        if !self.scopes.contains_key(&scope) {
            let ranges = self.compute(scope);
            self.scopes.insert(scope, ranges);
        }
        self.scopes[&scope].as_deref()
    }

    /// The file range of `item`; `None` for an item outside the scopes of the file (a local
    /// class) or whose scope's body could not be found.
    pub fn item(&mut self, item: Item<'db>) -> Option<TextRange> {
        if let Some(&range) = self.seeded.get(&item) {
            return Some(range);
        }
        let db = self.db;
        let parent = item.parent(db);
        let index = match parent {
            None => top_level_items(db, self.file)
                .iter()
                .position(|&i| i == item)?,
            Some(scope) => scope_items(db, scope).iter().position(|&i| i == item)?,
        };
        self.scope(parent)?.get(index).copied()
    }

    /// Gives the range of an item il lowered outside every scope (a class defined in a function
    /// body), so that its members can be found.
    pub fn seed(&mut self, item: Item<'db>, range: TextRange) {
        self.seeded.insert(item, range);
    }

    fn compute(&mut self, scope: Option<Item<'db>>) -> Option<Vec<TextRange>> {
        let db = self.db;
        let Some(scope) = scope else {
            return Some(top_level_items_with_ranges(db, self.file).ranges.clone());
        };
        if !scope.kind(db).is_scope() {
            return Some(Vec::new());
        }
        let Some(body) = scope.body(db) else {
            return Some(Vec::new());
        };
        let own = self.item(scope)?;
        // `namespace a::b {`: `a`'s one item, `b`, is the same declaration.
        if scope.signature_key(db).starts_with(NESTED_NAMESPACE) {
            return Some(vec![own]);
        }
        let start = find_green(&self.tree, own, body)?;
        let (_, ranges) = lower_scope_with_ranges(
            SyntaxNode::new_root(body.clone()).children(),
            class_key(db, scope),
        );
        Some(ranges.into_iter().map(|r| r + start).collect())
    }
}

/// Where a node with the green tree `green` starts inside the node of `range`: the first in
/// document order (pointer equality first; content equality after an edit gave the item a tree
/// equal to, but not the same as, the file's).
pub fn find_green(tree: &SyntaxNode, range: TextRange, green: &GreenNodeData) -> Option<TextSize> {
    find_nth_green(tree, range, green, 0)
}

/// The start of the `nth` node equal to `green` inside the node of `range`, in document order
/// (matches do not nest: a node never contains an equal one).
pub fn find_nth_green(
    tree: &SyntaxNode,
    range: TextRange,
    green: &GreenNodeData,
    nth: usize,
) -> Option<TextSize> {
    let within = match tree.covering_element(range) {
        NodeOrToken::Node(node) => node,
        NodeOrToken::Token(token) => token.parent()?,
    };
    let len = green.text_len();
    let mut left = nth;
    let mut walk = within.preorder();
    while let Some(event) = walk.next() {
        let WalkEvent::Enter(node) = event else {
            continue;
        };
        let node_len = node.text_range().len();
        if node_len < len {
            walk.skip_subtree();
            continue;
        }
        if node_len == len {
            let candidate = node.green();
            let candidate: &GreenNodeData = &candidate;
            if std::ptr::eq(candidate, green)
                || (candidate.kind() == green.kind() && candidate == green)
            {
                if left == 0 {
                    return Some(node.text_range().start());
                }
                left -= 1;
                walk.skip_subtree();
            }
        }
    }
    None
}

/// The items of `file` whose range `wanted` accepts, with their ranges, depth-first in source
/// order as [`crate::scope::all_items`] lists them; a scope's items are visited only when its
/// own range is accepted, so scopes outside the wanted text are never lowered.
pub fn items_where<'db>(
    db: &'db dyn IlDatabase,
    file: SourceFile,
    wanted: &dyn Fn(TextRange) -> bool,
) -> (Vec<(Item<'db>, TextRange)>, ItemRanges<'db>) {
    let mut ranges = ItemRanges::new(db, file);
    let mut out = Vec::new();
    walk(&mut ranges, None, wanted, &mut out);
    (out, ranges)
}

fn walk<'db>(
    ranges: &mut ItemRanges<'db>,
    scope: Option<Item<'db>>,
    wanted: &dyn Fn(TextRange) -> bool,
    out: &mut Vec<(Item<'db>, TextRange)>,
) {
    let db = ranges.db;
    let items: &[Item<'db>] = match scope {
        None => top_level_items(db, ranges.file),
        Some(scope) => scope_items(db, scope),
    };
    if items.is_empty() {
        return;
    }
    let Some(found) = ranges.scope(scope).map(<[TextRange]>::to_vec) else {
        return;
    };
    for (&item, range) in items.iter().zip(found) {
        if !wanted(range) {
            continue;
        }
        out.push((item, range));
        walk(ranges, Some(item), wanted, out);
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;
    use crate::test_db::TestDb;

    /// Every item `items_where` gives with the text of its range's first line, indented by depth.
    fn show(text: &str, wanted: &dyn Fn(TextRange) -> bool) -> String {
        let (db, file) = TestDb::with_file(text);
        let (items, mut ranges) = items_where(&db, file, wanted);
        let mut out = String::new();
        for (item, range) in items {
            assert_eq!(
                ranges.item(item),
                Some(range),
                "ranges.item agrees with the walk"
            );
            let mut depth = 0;
            let mut parent = item.parent(&db);
            while let Some(p) = parent {
                depth += 1;
                parent = p.parent(&db);
            }
            let first_line = text[range].lines().next().unwrap_or_default();
            out += &format!(
                "{}{:?} {} @{}: {first_line}\n",
                "  ".repeat(depth),
                item.kind(&db),
                item.name_text(&db).unwrap_or("-"),
                u32::from(range.start()),
            );
        }
        out
    }

    #[test]
    fn every_item_with_its_declaration() {
        let text = "int a, b;\nnamespace n {\n  struct S {\n    int m;\n    void f() {}\n  };\n}\n\
                    namespace x::y { int z; }\nextern \"C\" { int c; void g(); }\n\
                    template <class T> struct A { T t; };\n";
        expect![[r#"
            Variable a @0: int a, b;
            Variable b @0: int a, b;
            Namespace n @10: namespace n {
              Struct S @26: struct S {
                Field m @41: int m;
                Routine f @52: void f() {}
            Namespace x @71: namespace x::y { int z; }
              Namespace y @71: namespace x::y { int z; }
                Variable z @88: int z;
            Variable c @97: extern "C" { int c; void g(); }
            Routine g @97: extern "C" { int c; void g(); }
            ClassTemplate A @129: template <class T> struct A { T t; };
              Field t @159: T t;
        "#]]
        .assert_eq(&show(text, &|_| true));
    }

    #[test]
    fn scopes_outside_the_wanted_text_are_not_entered() {
        // Only the text from `void f` on: `n` is entered (its range reaches it), `S`'s member
        // `m` and the namespace-level `a` are left out.
        let text = "int a;\nnamespace n {\n  struct S { int m; };\n  void f();\n}\n";
        let from = text.find("void f").unwrap() as u32;
        expect![[r#"
            Namespace n @7: namespace n {
              Routine f @46: void f();
        "#]]
        .assert_eq(&show(text, &|r| u32::from(r.end()) > from));
    }
}
