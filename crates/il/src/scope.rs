//! The source sequence and the members of every scope, as salsa entities.
//!
//! [`top_level_items`] is EDG's source sequence for file scope: the declarations of the
//! translation unit in order, each an [`Item`]. It reads the whole parse, so it re-runs after
//! every edit, but it returns the same ids (identity = kind, name, parent, signature key), so
//! salsa backdates it and nothing keyed by items re-runs unless its item's own fields changed.
//! [`scope_items`] does the same for a namespace's or class's body.
use base_db::{Name, SourceFile};
use syntax::{SharedGreen, SyntaxKind, SyntaxNode};

use crate::IlDatabase;
use crate::item::{Item, ItemKind};
use crate::lower::{LoweredItem, NESTED_NAMESPACE, lower_scope, lower_scope_with_ranges};

#[salsa::tracked(returns(deref))]
pub fn top_level_items<'db>(db: &'db dyn IlDatabase, file: SourceFile) -> Vec<Item<'db>> {
    top_level_items_with_ranges(db, file).items.clone()
}

/// File scope's items and their declarations' ranges (see [`top_level_items_with_ranges`]).
#[derive(Debug, Clone, salsa::SalsaValue)]
pub struct TopLevel<'db> {
    pub items: Vec<Item<'db>>,
    /// One per item, in the file's coordinates.
    pub ranges: Vec<rowan::TextRange>,
}

/// [`top_level_items`] and the range of the declaration node each comes from, in the file's
/// coordinates (see [`crate::ranges`]). File scope is lowered once per parse, here: the ranges
/// change with any edit above an item (`no_eq`), the items do not, so everything keyed by the
/// items reads them through [`top_level_items`], which salsa backdates.
#[salsa::tracked(returns(ref), no_eq)]
pub fn top_level_items_with_ranges<'db>(
    db: &'db dyn IlDatabase,
    file: SourceFile,
) -> TopLevel<'db> {
    let _span = tracing::trace_span!("top_level_items").entered();
    let root = base_db::parse(db, file).syntax_node();
    let (lowered, ranges) = lower_scope_with_ranges(root.children(), None);
    TopLevel {
        items: create_items(db, file, None, lowered),
        ranges,
    }
}

/// The declarations in a namespace's or class's body (empty for other items).
#[salsa::tracked(returns(deref))]
pub fn scope_items<'db>(db: &'db dyn IlDatabase, scope: Item<'db>) -> Vec<Item<'db>> {
    if !scope.kind(db).is_scope() {
        return Vec::new();
    }
    let Some(body) = scope.body(db) else {
        return Vec::new();
    };
    // `namespace a::b {`: the item `a` contains just `b`, which holds the declarations.
    if let Some(rest) = scope.signature_key(db).strip_prefix(NESTED_NAMESPACE) {
        let (first, inner) = match rest.split_once("::") {
            Some((first, inner)) => (first, format!("{NESTED_NAMESPACE}{inner}")),
            None => (rest, String::new()),
        };
        let inner_ns = LoweredItem {
            kind: ItemKind::Namespace,
            name: Some(first.to_string()),
            signature_key: inner,
            header: scope.header(db).clone(),
            body: Some(body.clone()),
            ctor_body: None,
            access: None,
            extern_c: scope.extern_c(db),
        };
        return create_items(db, scope.file(db), Some(scope), vec![inner_ns]);
    }
    let body = SyntaxNode::new_root(body.clone());
    create_items(
        db,
        scope.file(db),
        Some(scope),
        lower_scope(body.children(), class_key(db, scope)),
    )
}

/// The keyword whose default access a scope's members start with: `None` for a namespace.
pub(crate) fn class_key(db: &dyn IlDatabase, scope: Item<'_>) -> Option<SyntaxKind> {
    match scope.kind(db) {
        ItemKind::Namespace => None,
        ItemKind::Class => Some(SyntaxKind::CLASS_KW),
        ItemKind::Struct | ItemKind::Union => Some(SyntaxKind::STRUCT_KW),
        // A class template: its header says `class` or `struct`.
        _ => Some(class_keyword(scope.header(db))),
    }
}

/// Every item of the file, depth-first in source order (for dumps and the xref log).
pub fn all_items<'db>(db: &'db dyn IlDatabase, file: SourceFile) -> Vec<Item<'db>> {
    fn walk<'db>(db: &'db dyn IlDatabase, items: &[Item<'db>], out: &mut Vec<Item<'db>>) {
        for &item in items {
            out.push(item);
            walk(db, scope_items(db, item), out);
        }
    }
    let mut out = Vec::new();
    walk(db, top_level_items(db, file), &mut out);
    out
}

/// The classes defined in function bodies outside templates (`void f() { struct Local { }; }`),
/// as items of their own without a parent scope: EDG allocates them in file scope (the IL
/// display prints them there). Lookup does not see them (their names are local). In source
/// order: those of each item of [`all_items`] in turn ([`local_classes_in`]).
#[salsa::tracked(returns(deref))]
pub fn local_classes<'db>(db: &'db dyn IlDatabase, file: SourceFile) -> Vec<Item<'db>> {
    all_items(db, file)
        .into_iter()
        .flat_map(|item| local_classes_in(db, item).iter().copied())
        .collect()
}

/// The classes defined in one item's own syntax (a routine's body, a variable's initializer);
/// none for templates and the members of class templates, and none from the members of a
/// namespace or class, which are items of their own. The classes of [`local_types_in`].
#[salsa::tracked(returns(deref))]
pub fn local_classes_in<'db>(db: &'db dyn IlDatabase, owner: Item<'db>) -> Vec<Item<'db>> {
    local_types_in(db, owner)
        .iter()
        .copied()
        .filter(|t| {
            matches!(
                t.kind(db),
                ItemKind::Class | ItemKind::Struct | ItemKind::Union
            )
        })
        .collect()
}

/// The named classes and enumerations defined in one item's own syntax (`void f() { struct
/// L { }; enum E { a }; }`), in source order, as items without a parent scope (lookup does
/// not see them). A query per item, so that an edit elsewhere neither walks this item's
/// syntax again nor gives its types new ids.
#[salsa::tracked(returns(deref))]
pub fn local_types_in<'db>(db: &'db dyn IlDatabase, owner: Item<'db>) -> Vec<Item<'db>> {
    let in_template = std::iter::successors(Some(owner), |i| i.parent(db)).any(|i| {
        matches!(
            i.kind(db),
            ItemKind::ClassTemplate
                | ItemKind::FunctionTemplate
                | ItemKind::VariableTemplate
                | ItemKind::AliasTemplate
        )
    });
    if in_template {
        return Vec::new();
    }
    let mut trees = vec![owner.header(db)];
    if !owner.kind(db).is_scope() {
        trees.extend(owner.body(db));
        trees.extend(owner.ctor_body(db));
    }
    let mut lowered = Vec::new();
    for tree in trees {
        let root = SyntaxNode::new_root(tree.clone());
        for decl in root
            .descendants()
            .filter(|n| n.kind() == SyntaxKind::SIMPLE_DECLARATION)
        {
            let in_body = decl
                .parent()
                .is_some_and(|p| p.kind() == SyntaxKind::DECL_STMT);
            if !in_body
                || decl
                    .ancestors()
                    .any(|a| a.kind() == SyntaxKind::TEMPLATE_DECL)
            {
                continue;
            }
            let defines_type = decl.children().any(|c| {
                let list = match c.kind() {
                    SyntaxKind::CLASS_SPECIFIER => SyntaxKind::MEMBER_LIST,
                    SyntaxKind::ENUM_SPECIFIER => SyntaxKind::ENUMERATOR_LIST,
                    _ => return false,
                };
                c.children().any(|n| n.kind() == list)
                    && c.children().any(|n| n.kind() == SyntaxKind::NAME_REF)
            });
            if defines_type {
                lowered.extend(
                    lower_scope(std::iter::once(decl), None)
                        .into_iter()
                        .filter(|l| {
                            matches!(
                                l.kind,
                                ItemKind::Class
                                    | ItemKind::Struct
                                    | ItemKind::Union
                                    | ItemKind::Enum
                            )
                        }),
                );
            }
        }
    }
    create_items(db, owner.file(db), None, lowered)
}

/// The class key of a class template's header (`template <template <typename> class C>
/// struct H`: `struct`; a template template parameter's `class` is no class key).
fn class_keyword(header: &syntax::GreenNode) -> SyntaxKind {
    let node = SyntaxNode::new_root(header.clone());
    node.descendants_with_tokens()
        .filter(|e| {
            !std::iter::successors(e.parent(), |n| n.parent())
                .any(|a| a.kind() == SyntaxKind::TEMPLATE_PARAM_LIST)
        })
        .map(|e| e.kind())
        .find(|k| {
            matches!(
                k,
                SyntaxKind::CLASS_KW | SyntaxKind::STRUCT_KW | SyntaxKind::UNION_KW
            )
        })
        .unwrap_or(SyntaxKind::STRUCT_KW)
}

fn create_items<'db>(
    db: &'db dyn IlDatabase,
    file: SourceFile,
    parent: Option<Item<'db>>,
    lowered: Vec<LoweredItem>,
) -> Vec<Item<'db>> {
    lowered
        .into_iter()
        .map(|l| {
            let name = l.name.map(|n| Name::new(db, n));
            Item::new(
                db,
                file,
                l.kind,
                name,
                parent,
                l.signature_key,
                SharedGreen(l.header),
                l.body.map(SharedGreen),
                l.ctor_body.map(SharedGreen),
                l.access,
                l.extern_c,
            )
        })
        .collect()
}
