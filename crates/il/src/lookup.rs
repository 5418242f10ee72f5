//! Declaration-level name lookup over namespace, class and file scopes.
//!
//! - A namespace is the union of all its blocks (`namespace N {}` opened several times): the items
//!   with the same name and parent. Inline namespaces' members are members of the enclosing one.
//! - Unqualified lookup walks from the innermost scope outwards; at each namespace level it also
//!   sees the namespaces nominated by using-directives there. In a class it also searches the
//!   bases (an ambiguity is reported as several results).
//! - Qualified lookup resolves `a::b::c` one segment at a time; `::x` starts at file scope.
//!
//! Member lookup in one scope is a query per (scope, name) ([`members_named_in`],
//! [`file_members_named`]); the walks built on it are plain functions.
use base_db::{Name, SourceFile};
use rustc_hash::FxHashMap;
use salsa::plumbing::AsId;

use crate::IlDatabase;
use crate::item::{Item, ItemKind};
use crate::scope::{scope_items, top_level_items};

/// Where a lookup starts: a namespace or class item, or file scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScopeRef<'db> {
    File(SourceFile),
    Item(Item<'db>),
}

/// The items declared directly in a scope (all blocks of a namespace), in order.
fn direct_members<'db>(db: &'db dyn IlDatabase, scope: ScopeRef<'db>) -> Vec<Item<'db>> {
    match scope {
        ScopeRef::File(file) => top_level_items(db, file).to_vec(),
        ScopeRef::Item(item) if item.kind(db) == ItemKind::Namespace => namespace_blocks(db, item)
            .into_iter()
            .flat_map(|block| scope_items(db, block).to_vec())
            .collect(),
        ScopeRef::Item(item) => scope_items(db, item).to_vec(),
    }
}

/// Every block of the namespace `ns` (same name, same parent), in order.
pub fn namespace_blocks<'db>(db: &'db dyn IlDatabase, ns: Item<'db>) -> Vec<Item<'db>> {
    let Some(name) = ns.name(db) else {
        return vec![ns];
    };
    let blocks: Vec<Item<'db>> = enclosing_index(db, ns)
        .named(name)
        .iter()
        .map(|&(_, item)| item)
        .filter(|item| item.kind(db) == ItemKind::Namespace)
        .collect();
    if blocks.is_empty() { vec![ns] } else { blocks }
}

/// The index of the scope that declares `item` (all blocks of that scope when it is a
/// namespace itself).
fn enclosing_index<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> &'db ScopeIndex<'db> {
    match item.parent(db) {
        Some(parent) => scope_index(db, first_block(db, parent)),
        None => file_scope_index(db, item.file(db)),
    }
}

/// The first block of a named namespace (the item itself for other scopes): the key of the
/// scope's index, since every block of a namespace has the same members.
fn first_block<'db>(db: &'db dyn IlDatabase, scope: Item<'db>) -> Item<'db> {
    if scope.kind(db) != ItemKind::Namespace {
        return scope;
    }
    first_namespace_block(db, scope)
}

/// [`first_block`] of a namespace, memoized per block: every member lookup in a namespace asks
/// it, and finding the blocks filters the enclosing scope's members of that name (`std` has
/// hundreds of blocks).
#[salsa::tracked(returns(copy))]
fn first_namespace_block<'db>(db: &'db dyn IlDatabase, ns: Item<'db>) -> Item<'db> {
    namespace_blocks(db, ns).first().copied().unwrap_or(ns)
}

/// Whether a namespace block's own header says `inline`.
fn says_inline(db: &dyn IlDatabase, block: Item<'_>) -> bool {
    syntax::SyntaxNode::new_root(block.header(db).clone())
        .children_with_tokens()
        .any(|t| t.kind() == syntax::SyntaxKind::INLINE_KW)
}

/// Members of a scope named `name`: for a namespace including its inline namespaces' (and
/// unnamed namespaces'), for a class including its bases' when the class has none of its own.
pub fn members_named<'db>(
    db: &'db dyn IlDatabase,
    scope: ScopeRef<'db>,
    name: &str,
) -> Vec<Item<'db>> {
    members_with_name(db, scope, Name::new(db, name)).clone()
}

/// [`members_named`] with the name interned, borrowed from the memo: a lookup that walks
/// outwards interns its name once, and clones only the list it returns.
fn members_with_name<'db>(
    db: &'db dyn IlDatabase,
    scope: ScopeRef<'db>,
    name: Name<'db>,
) -> &'db Vec<Item<'db>> {
    match scope {
        ScopeRef::File(file) => file_members_named(db, file, name),
        ScopeRef::Item(item) => members_named_in(db, item, name),
    }
}

/// [`members_named`] in a namespace or class, memoized per (scope, name): adding a declaration
/// re-runs only the lookups in the scope it was added to, and those backdate unless the name is
/// the added one.
#[salsa::tracked(returns(ref), cycle_result = |_, _, _, _| Vec::new())]
pub fn members_named_in<'db>(
    db: &'db dyn IlDatabase,
    scope: Item<'db>,
    name: Name<'db>,
) -> Vec<Item<'db>> {
    let mut out = Vec::new();
    collect_members(
        db,
        ScopeRef::Item(scope),
        name,
        &mut out,
        &mut Visited::default(),
    );
    out
}

/// [`members_named`] at file scope, memoized per (file, name).
#[salsa::tracked(returns(ref))]
pub fn file_members_named<'db>(
    db: &'db dyn IlDatabase,
    file: SourceFile,
    name: Name<'db>,
) -> Vec<Item<'db>> {
    let mut out = Vec::new();
    collect_members(
        db,
        ScopeRef::File(file),
        name,
        &mut out,
        &mut Visited::default(),
    );
    out
}

/// The scopes a member lookup has entered (a namespace by its first block), each entered once.
type Visited<'db> = rustc_hash::FxHashSet<ScopeRef<'db>>;

fn collect_members<'db>(
    db: &'db dyn IlDatabase,
    scope: ScopeRef<'db>,
    name: Name<'db>,
    out: &mut Vec<Item<'db>>,
    visited: &mut Visited<'db>,
) {
    // A namespace is entered once whichever of its blocks leads to it.
    let scope = match scope {
        ScopeRef::Item(item) => ScopeRef::Item(first_block(db, item)),
        file => file,
    };
    if !visited.insert(scope) {
        return;
    }
    let index = match scope {
        ScopeRef::File(file) => file_scope_index(db, file),
        ScopeRef::Item(block) => scope_index(db, block),
    };
    let before = out.len();
    // The members named `name` and the inline and unnamed namespaces (whose members are
    // members of this scope), merged in declaration order.
    let own = index.named(name);
    let (mut i, mut j) = (0, 0);
    while i < own.len() || j < index.nested.len() {
        let take_own = j >= index.nested.len() || (i < own.len() && own[i].0 <= index.nested[j].0);
        if take_own {
            out.push(own[i].1);
            i += 1;
        } else {
            collect_members(db, ScopeRef::Item(index.nested[j].1), name, out, visited);
            j += 1;
        }
    }
    if out.len() == before
        && let ScopeRef::Item(class) = scope
        && class.kind(db).is_scope()
        && class.kind(db) != ItemKind::Namespace
    {
        for base in base_classes(db, class) {
            collect_members(db, ScopeRef::Item(base), name, out, visited);
        }
    }
}

/// The direct members of a scope by name, with their positions, its inline and unnamed
/// namespaces, and which of its namespace names are inline: built once per scope (keyed by a
/// namespace's first block), so that each (scope, name) lookup costs its matches, not a scan of
/// the scope (`std` has thousands of members and hundreds of blocks, and is asked thousands of
/// names). It is the one per-scope index: a namespace's blocks are its enclosing scope's
/// members of that name. An edit inside a block leaves the enclosing scope's item list the
/// same, so the enclosing index is not re-run then.
#[derive(Debug, Default, PartialEq, Eq, salsa::SalsaValue)]
pub struct ScopeIndex<'db> {
    /// Sorted by the names' ids (binary-searched).
    by_name: Vec<(Name<'db>, Vec<(u32, Item<'db>)>)>,
    /// The inline and unnamed namespaces, whose members are members of this scope.
    nested: Vec<(u32, Item<'db>)>,
    /// The names of namespaces of which some block says `inline`, sorted by id.
    inline_namespaces: Vec<Name<'db>>,
    /// The using-directives, in declaration order.
    directives: Vec<Item<'db>>,
}

impl<'db> ScopeIndex<'db> {
    /// The direct members named `name`, with their positions, in declaration order.
    fn named(&self, name: Name<'db>) -> &[(u32, Item<'db>)] {
        self.by_name
            .binary_search_by_key(&name.as_id(), |(n, _)| n.as_id())
            .map_or(&[][..], |k| self.by_name[k].1.as_slice())
    }
}

fn build_scope_index<'db>(db: &'db dyn IlDatabase, members: &[Item<'db>]) -> ScopeIndex<'db> {
    let mut index = ScopeIndex::default();
    let mut by_name: FxHashMap<Name<'db>, Vec<(u32, Item<'db>)>> = FxHashMap::default();
    let mut namespaces = Vec::new();
    for (pos, &m) in members.iter().enumerate() {
        let pos = pos as u32;
        let kind = m.kind(db);
        let name = m.name(db);
        if kind == ItemKind::UsingDirective {
            index.directives.push(m);
        }
        if let Some(name) = name
            && !matches!(kind, ItemKind::UsingDirective | ItemKind::StaticAssert)
        {
            by_name.entry(name).or_default().push((pos, m));
        }
        // The members of an anonymous union (`static union { int a; };`) are named in the
        // scope that holds it.
        if kind == ItemKind::Union && m.signature_key(db) == crate::lower::ANONYMOUS_AGGREGATE {
            for &member in scope_items(db, m) {
                if member.kind(db) == ItemKind::Field
                    && let Some(name) = member.name(db)
                {
                    by_name.entry(name).or_default().push((pos, member));
                }
            }
        }
        if kind == ItemKind::Namespace {
            if name.is_some() && says_inline(db, m) {
                index.inline_namespaces.extend(name);
            }
            namespaces.push((pos, m, name));
        }
    }
    index.inline_namespaces.sort_by_key(|n| n.as_id());
    index.inline_namespaces.dedup();
    // One entry per inline namespace, its first block (the key of its index, which holds every
    // block's members), each unnamed block its own: an entry per block of `cuda::std::__4`
    // (hundreds) made every lookup in `cuda::std` enter the same index hundreds of times and
    // find each member as many times.
    let mut seen = rustc_hash::FxHashSet::default();
    index.nested = namespaces
        .into_iter()
        .filter(|(_, _, name)| name.is_none_or(|n| index.inline_namespaces.contains(&n)))
        .filter(|(_, _, name)| name.is_none_or(|n| seen.insert(n)))
        .map(|(pos, m, _)| (pos, m))
        .collect();
    index.by_name = by_name.into_iter().collect();
    index.by_name.sort_by_key(|(n, _)| n.as_id());
    index
}

/// The inline and unnamed namespaces directly in a namespace, whose members lookup finds as
/// the namespace's own (for names that are no items: enumerators).
pub fn transparent_namespaces<'db>(db: &'db dyn IlDatabase, ns: Item<'db>) -> Vec<Item<'db>> {
    scope_index(db, first_block(db, ns))
        .nested
        .iter()
        .map(|(_, m)| *m)
        .collect()
}

/// [`ScopeIndex`] of a class, or of a namespace given by its first block.
#[salsa::tracked(returns(ref), cycle_result = |_, _, _| ScopeIndex::default())]
fn scope_index<'db>(db: &'db dyn IlDatabase, scope: Item<'db>) -> ScopeIndex<'db> {
    build_scope_index(db, &direct_members(db, ScopeRef::Item(scope)))
}

/// [`ScopeIndex`] at file scope.
#[salsa::tracked(returns(ref))]
fn file_scope_index<'db>(db: &'db dyn IlDatabase, file: SourceFile) -> ScopeIndex<'db> {
    build_scope_index(db, top_level_items(db, file))
}

/// The names written in a class's base specifiers (`: public B<T>, C`), in declaration order.
pub fn base_specifier_names<'db>(
    db: &'db dyn IlDatabase,
    class: Item<'db>,
) -> Vec<syntax::SyntaxNode> {
    use syntax::SyntaxKind::*;
    let header = syntax::SyntaxNode::new_root(class.header(db).clone());
    let Some(clause) = header.descendants().find(|n| n.kind() == BASE_CLAUSE) else {
        return Vec::new();
    };
    clause
        .children()
        .filter(|n| n.kind() == BASE_SPEC)
        .filter_map(|spec| {
            spec.children()
                .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
        })
        .collect()
}

/// The direct base classes of a class item that lookup can resolve, in declaration order.
pub fn base_classes<'db>(db: &'db dyn IlDatabase, class: Item<'db>) -> Vec<Item<'db>> {
    let from = class
        .parent(db)
        .map_or(ScopeRef::File(class.file(db)), ScopeRef::Item);
    base_specifier_names(db, class)
        .into_iter()
        .filter_map(|name| {
            let (global, segments) = name_segments(&name);
            lookup_path(db, from, global, &segments)
                .into_iter()
                .find(|i| i.kind(db).is_scope())
        })
        .collect()
}

/// Unqualified lookup of `name` from `from` outwards.
pub fn lookup_unqualified<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    name: &str,
) -> Vec<Item<'db>> {
    lookup_outwards(db, from, name, true)
}

/// `directives`: whether using-directives are followed. The namespace a directive nominates is
/// itself looked up without them (a directive cannot make its own target visible).
fn lookup_outwards<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    name: &str,
    directives: bool,
) -> Vec<Item<'db>> {
    let interned = Name::new(db, name);
    let mut scope = Some(from);
    while let Some(s) = scope {
        let mut found = members_with_name(db, s, interned).clone();
        // The injected-class-name: inside a class its own name denotes the class. Its
        // constructors share the name in our member lists, but name lookup never finds them
        // (they have no name), so the class comes first.
        if let ScopeRef::Item(class) = s
            && matches!(
                class.kind(db),
                ItemKind::Class | ItemKind::Struct | ItemKind::Union | ItemKind::ClassTemplate
            )
            && class.name_text(db) == Some(name)
        {
            found.insert(0, class);
        }
        if found.is_empty() && directives {
            for ns in using_directive_targets(db, s) {
                found.extend(members_with_name(db, ScopeRef::Item(ns), interned));
            }
        }
        if !found.is_empty() {
            return found;
        }
        scope = match s {
            ScopeRef::File(_) => None,
            ScopeRef::Item(item) => Some(
                item.parent(db)
                    .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item),
            ),
        };
    }
    Vec::new()
}

/// The namespaces nominated by the using-directives directly in a scope. The directives come
/// from the scope's index (unqualified lookup asks at every level it passes without a match, for
/// every name: a scan of `std`'s members each time was a third of `--xref`'s time); resolving
/// them is not memoized, since a memo computed inside a lookup cycle would keep the cycle's
/// partial answer. Public for the lookups of names that are no items (enumerators).
pub fn using_directive_targets<'db>(
    db: &'db dyn IlDatabase,
    scope: ScopeRef<'db>,
) -> Vec<Item<'db>> {
    let index = match scope {
        ScopeRef::File(file) => file_scope_index(db, file),
        ScopeRef::Item(item) => scope_index(db, first_block(db, item)),
    };
    if index.directives.is_empty() {
        return Vec::new();
    }
    resolve_directives(db, scope, &index.directives)
}

fn resolve_directives<'db>(
    db: &'db dyn IlDatabase,
    scope: ScopeRef<'db>,
    directives: &[Item<'db>],
) -> Vec<Item<'db>> {
    directives
        .iter()
        .flat_map(|m| {
            let text = m.name_text(db).unwrap_or_default().to_string();
            let global = text.starts_with("::");
            let segments: Vec<String> = text
                .trim_start_matches("::")
                .split("::")
                .map(str::to_string)
                .collect();
            // One block stands for the namespace: member lookup unions all its blocks.
            lookup_path_with(db, scope, global, &segments, false)
                .into_iter()
                .find(|i| i.kind(db) == ItemKind::Namespace)
        })
        .collect()
}

/// Qualified lookup of `a::b::c` (`global` for a leading `::`): the first segment by unqualified
/// lookup from `from` (or at file scope), each next one among the previous one's members.
pub fn lookup_path<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    global: bool,
    segments: &[String],
) -> Vec<Item<'db>> {
    lookup_path_with(db, from, global, segments, true)
}

fn lookup_path_with<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    global: bool,
    segments: &[String],
    directives: bool,
) -> Vec<Item<'db>> {
    let Some((first, rest)) = segments.split_first() else {
        return Vec::new();
    };
    let file = match from {
        ScopeRef::File(f) => f,
        ScopeRef::Item(i) => i.file(db),
    };
    let mut current = if global {
        members_named(db, ScopeRef::File(file), first)
    } else {
        lookup_outwards(db, from, first, directives)
    };
    for segment in rest {
        let Some(scope) = current.iter().find_map(|&i| scope_named_by(db, i)) else {
            return Vec::new();
        };
        current = qualified_members_named(db, scope, segment);
    }
    current
}

/// Qualified lookup of `name` in a namespace or class (`ns::name`): its members named so; for a
/// namespace without one, those of the namespaces its using-directives nominate, transitively
/// (`namespace cooperative_groups { namespace __v1 { ... } using namespace __v1; }` makes
/// `cooperative_groups::thread_block_tile` find `__v1`'s).
pub fn qualified_members_named<'db>(
    db: &'db dyn IlDatabase,
    scope: Item<'db>,
    name: &str,
) -> Vec<Item<'db>> {
    let found = members_named(db, ScopeRef::Item(scope), name);
    if !found.is_empty() || scope.kind(db) != ItemKind::Namespace {
        return found;
    }
    let mut visited = vec![scope];
    let mut frontier = vec![scope];
    let mut found = Vec::new();
    while let Some(ns) = frontier.pop() {
        for target in using_directive_targets(db, ScopeRef::Item(ns)) {
            if visited.contains(&target) {
                continue;
            }
            visited.push(target);
            let here = members_named(db, ScopeRef::Item(target), name);
            if here.is_empty() {
                frontier.push(target);
            } else {
                found.extend(here);
            }
        }
    }
    found
}

/// The scope a qualifier's lookup result names: the item itself when it is a scope, the
/// namespace a namespace alias names.
pub fn scope_named_by<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Option<Item<'db>> {
    match item.kind(db) {
        ItemKind::NamespaceAlias => namespace_alias_target(db, item),
        kind if kind.is_scope() => Some(item),
        _ => None,
    }
}

/// The namespace `namespace cg = cooperative_groups;` names, looked up from where the alias is
/// declared. Aliases of aliases are followed up to a fixed depth, so `namespace a = a;` and
/// longer cycles end as `None` instead of recursing.
pub fn namespace_alias_target<'db>(db: &'db dyn IlDatabase, alias: Item<'db>) -> Option<Item<'db>> {
    const ALIAS_CHAIN_LIMIT: usize = 16;
    let mut current = alias;
    for _ in 0..ALIAS_CHAIN_LIMIT {
        let header = syntax::SyntaxNode::new_root(current.header(db).clone());
        let target = header.children().find(|n| {
            matches!(
                n.kind(),
                syntax::SyntaxKind::NAME_REF | syntax::SyntaxKind::QUALIFIED_NAME
            )
        })?;
        let text: String = target
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| !t.kind().is_trivia())
            .map(|t| t.text().to_string())
            .collect();
        let global = text.starts_with("::");
        let segments: Vec<String> = text
            .trim_start_matches("::")
            .split("::")
            .map(str::to_string)
            .collect();
        let from = current
            .parent(db)
            .map_or(ScopeRef::File(current.file(db)), ScopeRef::Item);
        let found = lookup_path(db, from, global, &segments);
        if let Some(&ns) = found.iter().find(|i| i.kind(db) == ItemKind::Namespace) {
            return Some(ns);
        }
        current = *found
            .iter()
            .find(|i| i.kind(db) == ItemKind::NamespaceAlias && **i != current)?;
    }
    None
}

/// The item lowered from an unnamed class or enum specifier written in a declaration of
/// `scope` (`struct { int x; } s;`, `typedef union { ... } U;`): the unnamed class or enum
/// member of the scope with the same body. Structurally equal bodies are the same type as far as
/// anything keyed by the body can tell; the first is taken.
pub fn unnamed_type_item<'db>(
    db: &'db dyn IlDatabase,
    scope: ScopeRef<'db>,
    specifier: &syntax::SyntaxNode,
) -> Option<Item<'db>> {
    use syntax::SyntaxKind::*;
    let body = specifier
        .children()
        .find(|n| matches!(n.kind(), MEMBER_LIST | ENUMERATOR_LIST))?;
    let body = body.green();
    let is_enum = specifier.kind() == ENUM_SPECIFIER;
    let candidates = match scope {
        ScopeRef::File(file) => file_unnamed_types(db, file),
        ScopeRef::Item(item) => unnamed_types_in(db, item),
    };
    candidates.iter().copied().find(|m| {
        (m.kind(db) == ItemKind::Enum) == is_enum && m.body(db).is_some_and(|b| **b == *body)
    })
}

/// The unnamed classes and enums declared directly in a namespace (all its blocks) or class.
#[salsa::tracked(returns(deref))]
fn unnamed_types_in<'db>(db: &'db dyn IlDatabase, scope: Item<'db>) -> Vec<Item<'db>> {
    unnamed_types(db, direct_members(db, ScopeRef::Item(scope)))
}

/// The unnamed classes and enums declared at file scope.
#[salsa::tracked(returns(deref))]
fn file_unnamed_types<'db>(db: &'db dyn IlDatabase, file: SourceFile) -> Vec<Item<'db>> {
    unnamed_types(db, top_level_items(db, file).to_vec())
}

fn unnamed_types<'db>(db: &'db dyn IlDatabase, members: Vec<Item<'db>>) -> Vec<Item<'db>> {
    members
        .into_iter()
        .filter(|m| {
            m.name(db).is_none()
                && matches!(
                    m.kind(db),
                    ItemKind::Class | ItemKind::Struct | ItemKind::Union | ItemKind::Enum
                )
        })
        .collect()
}

/// The unscoped enumerations declared directly in a scope, whose enumerators are members of
/// the scope (enumerators are not entities of their own yet). A namespace's are those of all
/// its blocks, memoized once for the namespace (by its first block): memoized per block, each
/// of `cuda::std::__4`'s hundreds of blocks filtered every block's members again.
pub fn enumerations_in<'db>(db: &'db dyn IlDatabase, scope: ScopeRef<'db>) -> &'db [Item<'db>] {
    match scope {
        ScopeRef::File(file) => file_enumerations(db, file),
        ScopeRef::Item(item) => enumerations_of(db, first_block(db, item)),
    }
}

#[salsa::tracked(returns(deref))]
fn enumerations_of<'db>(db: &'db dyn IlDatabase, scope: Item<'db>) -> Vec<Item<'db>> {
    unscoped_enums(db, direct_members(db, ScopeRef::Item(scope)))
}

#[salsa::tracked(returns(deref))]
fn file_enumerations<'db>(db: &'db dyn IlDatabase, file: SourceFile) -> Vec<Item<'db>> {
    unscoped_enums(db, top_level_items(db, file).to_vec())
}

/// The names of an enumeration's enumerators in order, `None` for one without a name (broken
/// code): the enumerator lookups of inference and constant evaluation ask every unscoped
/// enumeration of each scope they pass for a name, and scanning each enumeration's tree per
/// lookup was 4% of `cufe cudafe --xref` on the largest test program.
#[salsa::tracked(returns(deref))]
pub fn enumerator_names<'db>(
    db: &'db dyn IlDatabase,
    enumeration: Item<'db>,
) -> Vec<Option<Box<str>>> {
    use syntax::SyntaxKind::*;
    let Some(body) = enumeration.body(db) else {
        return Vec::new();
    };
    let body = syntax::SyntaxNode::new_root(body.clone());
    let list = if body.kind() == ENUMERATOR_LIST {
        Some(body)
    } else {
        body.descendants().find(|n| n.kind() == ENUMERATOR_LIST)
    };
    let Some(list) = list else {
        return Vec::new();
    };
    list.children()
        .filter(|n| n.kind() == ENUMERATOR)
        .map(|e| {
            e.children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .and_then(|t| t.into_token())
                .map(|t| t.text().into())
        })
        .collect()
}

/// The position of enumerator `name` in an enumeration's list.
pub fn enumerator_position(db: &dyn IlDatabase, enumeration: Item<'_>, name: &str) -> Option<u32> {
    enumerator_names(db, enumeration)
        .iter()
        .position(|n| n.as_deref() == Some(name))
        .map(|p| p as u32)
}

fn unscoped_enums<'db>(db: &'db dyn IlDatabase, members: Vec<Item<'db>>) -> Vec<Item<'db>> {
    use syntax::SyntaxKind::*;
    members
        .into_iter()
        .filter(|m| {
            m.kind(db) == ItemKind::Enum
                && m.body(db).is_some()
                && !syntax::SyntaxNode::new_root(m.header(db).clone())
                    .descendants_with_tokens()
                    .any(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW))
        })
        .collect()
}

/// The segments of a NAME_REF or QUALIFIED_NAME (template arguments dropped) and whether it
/// starts with `::`.
pub fn name_segments(name: &syntax::SyntaxNode) -> (bool, Vec<String>) {
    use syntax::SyntaxKind::*;
    let refs: Vec<syntax::SyntaxNode> = if name.kind() == QUALIFIED_NAME {
        name.children().filter(|n| n.kind() == NAME_REF).collect()
    } else {
        vec![name.clone()]
    };
    let global = name.kind() == QUALIFIED_NAME
        && name
            .children_with_tokens()
            .find(|t| !t.kind().is_trivia())
            .is_some_and(|t| t.kind() == COLON2);
    let segments = refs
        .iter()
        .filter_map(|r| {
            r.children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .map(|t| t.to_string())
        })
        .collect();
    (global, segments)
}

/// The entity an out-of-class definition defines: `void S::f(int) {}` and
/// `int S::count = 0;` at namespace scope define members declared inside `S` (matched by name,
/// kind and signature key). `None` for other items or when the member is not declared.
pub fn defined_member<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Option<Item<'db>> {
    let written = item.name_text(db)?;
    let (qualifier, last) = written.rsplit_once("::")?;
    let from = item
        .parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
    let global = qualifier.starts_with("::") || qualifier.is_empty();
    let segments: Vec<String> = qualifier
        .trim_start_matches("::")
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let scope = lookup_path(db, from, global, &segments)
        .into_iter()
        .find(|i| i.kind(db).is_scope())?;
    let kind = item.kind(db);
    members_named(db, ScopeRef::Item(scope), last)
        .into_iter()
        .find(|m| {
            let same_kind =
                m.kind(db) == kind || (kind == ItemKind::Variable && m.kind(db) == ItemKind::Field);
            same_kind && m.signature_key(db) == item.signature_key(db)
        })
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;
    use crate::test_db::TestDb;

    #[test]
    fn a_class_name_inside_its_class_is_the_class_not_its_constructors() {
        let (db, file) = TestDb::with_file(
            "struct Complex { Complex(); Complex(double); Complex operator+(const Complex &) const; ~Complex(); };\n",
        );
        let class = lookup_unqualified(&db, ScopeRef::File(file), "Complex")[0];
        let plus = members_named(&db, ScopeRef::Item(class), "operator+")[0];
        let found = lookup_unqualified(&db, ScopeRef::Item(class), "Complex");
        let ty = crate::resolve::routine_type(&db, plus);
        let dtor = members_named(&db, ScopeRef::Item(class), "~Complex")[0];
        let dtor = crate::resolve::routine_type(&db, dtor);
        expect!["Complex:Struct then 2 more; operator+: Complex (const Complex &) const; ~Complex: void ()"].assert_eq(&format!(
            "{}:{:?} then {} more; operator+: {}; ~Complex: {}",
            found[0].qualified_name(&db),
            found[0].kind(&db),
            found.len() - 1,
            ty.display(&db),
            dtor.display(&db)
        ));
    }

    #[test]
    fn enumerator_positions_come_from_each_enumerations_names() {
        let (db, file) = TestDb::with_file(
            "enum A { a0, a1 = 4, a2 };\nenum class S { s0 };\nenum B { b0, a1 };\nenum { u0, u1 };\n",
        );
        let enumerations = enumerations_in(&db, ScopeRef::File(file));
        let found = |name: &str| -> Vec<String> {
            enumerations
                .iter()
                .filter_map(|&e| {
                    let at = enumerator_position(&db, e, name)?;
                    Some(format!("{}#{at}", e.name_text(&db).unwrap_or("<unnamed>")))
                })
                .collect()
        };
        // The scoped enumeration is no unscoped scope member; `a1` is in two enumerations.
        expect![[r#"[["A#2"], ["A#1", "B#1"], ["<unnamed>#1"], []]"#]].assert_eq(&format!(
            "{:?}",
            [found("a2"), found("a1"), found("u1"), found("s0")]
        ));
    }

    #[test]
    fn a_namespace_reopened_with_its_inline_namespace_finds_each_member_once() {
        let (db, file) = TestDb::with_file(
            "namespace lib { inline namespace v2 { int f(int); } }\n\
             namespace lib { inline namespace v2 { int f(double); } }\n\
             namespace lib { inline namespace v2 { int g(); } }\n",
        );
        let path: Vec<String> = ["lib", "f"].map(str::to_string).to_vec();
        let found = lookup_path(&db, ScopeRef::File(file), false, &path);
        // Each block of `v2` used to be entered as a scope of its own, its index holding every
        // block's members: 6, each member once per block.
        expect!["2"].assert_eq(&found.len().to_string());
    }

    #[test]
    fn namespaces_classes_and_directives() {
        let (db, file) = TestDb::with_file(
            r#"
namespace lib { inline namespace v2 { int version(); } namespace v1 { int version(); } }
namespace lib { int twice(); }
namespace { int hidden; }
struct Base { int b; };
struct Der : Base { int d; };
namespace app { using namespace lib; struct In { int i; }; }
"#,
        );
        let at_file = ScopeRef::File(file);
        let show = |items: Vec<Item<'_>>| -> String {
            items
                .iter()
                .map(|i| format!("{}:{:?}", i.qualified_name(&db), i.kind(&db)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let path = |p: &str| -> Vec<String> { p.split("::").map(str::to_string).collect() };
        let app = lookup_unqualified(&db, at_file, "app")[0];
        let in_ = lookup_path(&db, at_file, false, &path("app::In"))[0];
        let der = lookup_unqualified(&db, at_file, "Der")[0];
        let out = [
            show(lookup_path(&db, at_file, false, &path("lib::version"))),
            show(lookup_path(&db, at_file, false, &path("lib::v1::version"))),
            show(lookup_path(&db, at_file, true, &path("lib::twice"))),
            show(lookup_unqualified(&db, at_file, "hidden")),
            show(members_named(&db, ScopeRef::Item(der), "b")),
            show(lookup_unqualified(&db, ScopeRef::Item(in_), "twice")),
            show(lookup_unqualified(&db, ScopeRef::Item(app), "nothing")),
        ];
        expect![[r#"
            lib::v2::version:Routine
            lib::v1::version:Routine
            lib::twice:Routine
            (anonymous namespace)::hidden:Variable
            Base::b:Field
            lib::twice:Routine

        "#]]
        .assert_eq(&(out.join("\n") + "\n"));
    }

    #[test]
    fn nested_namespace_definitions_open_each_namespace() {
        let (db, file) = TestDb::with_file(
            "namespace app::math::detail { int sq(int); }\nnamespace app { int top; }\n",
        );
        let at_file = ScopeRef::File(file);
        let path = |p: &str| -> Vec<String> { p.split("::").map(str::to_string).collect() };
        let sq = lookup_path(&db, at_file, false, &path("app::math::detail::sq"));
        let top = lookup_path(&db, at_file, false, &path("app::top"));
        let names: Vec<String> = sq
            .iter()
            .chain(&top)
            .map(|i| i.qualified_name(&db))
            .collect();
        assert_eq!(names, ["app::math::detail::sq", "app::top"]);
    }

    #[test]
    fn out_of_class_definitions_find_their_members() {
        let (db, file) = TestDb::with_file(
            "namespace n { struct S { void f(int); void f(long) const; static int count; }; }\n\
             void n::S::f(long) const {}\nint n::S::count = 0;\nvoid n::S::g() {}\n",
        );
        let out: Vec<String> = top_level_items(&db, file)[1..]
            .iter()
            .map(|&d| match defined_member(&db, d) {
                Some(m) => format!(
                    "{} -> {} [{}]",
                    d.name_text(&db).unwrap(),
                    m.qualified_name(&db),
                    m.signature_key(&db)
                ),
                None => format!("{} -> none", d.name_text(&db).unwrap()),
            })
            .collect();
        assert_eq!(
            out,
            [
                "n::S::f -> n::S::f [(long)const]",
                "n::S::count -> n::S::count []",
                "n::S::g -> none"
            ]
        );
    }
}
