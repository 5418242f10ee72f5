//! What each namespace of the unit declares, by name: enough of lookup for the rewrites that
//! must name an entity the way cudafe++'s regenerated text does (qualified).
use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;

use base_db::SourceFile;
use il::{Item, ItemKind};

use crate::CodegenDatabase;

/// For each namespace path (`""` for file scope, `cub::CUB_300001_SM_750`, `<unnamed>` for an
/// unnamed one, as [`crate::redeclarations`] spells paths): the names declared in it.
#[salsa::tracked(returns(ref))]
pub fn namespace_members(
    db: &dyn CodegenDatabase,
    file: SourceFile,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut members = BTreeMap::<String, BTreeSet<String>>::new();
    walk_namespace_scopes(db, file, &mut |item, path| {
        if item.kind(db) != ItemKind::Namespace
            && let Some(name) = item.name_text(db)
            && !name.contains("::")
        {
            members
                .entry(path.to_string())
                .or_default()
                .insert(name.to_string());
        }
        ControlFlow::<()>::Continue(())
    });
    members
}

/// Calls `f` with every item declared at file scope or in a namespace (not in a class),
/// depth-first in source order, and the namespace path around it as [`namespace_path`] spells
/// it; stops when `f` breaks. The unit-wide scans of this crate need no class members: the walk
/// never lowers a class body.
pub(crate) fn walk_namespace_scopes<'db, B>(
    db: &'db dyn CodegenDatabase,
    file: SourceFile,
    f: &mut impl FnMut(Item<'db>, &str) -> ControlFlow<B>,
) -> Option<B> {
    fn walk<'db, B>(
        db: &'db dyn CodegenDatabase,
        items: &[Item<'db>],
        path: &str,
        f: &mut impl FnMut(Item<'db>, &str) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for &item in items {
            f(item, path)?;
            if item.kind(db) == ItemKind::Namespace {
                let segment = item.name_text(db).unwrap_or("<unnamed>");
                let inner = if path.is_empty() {
                    segment.to_string()
                } else {
                    format!("{path}::{segment}")
                };
                walk(db, il::scope::scope_items(db, item), &inner, f)?;
            }
        }
        ControlFlow::Continue(())
    }
    match walk(db, il::scope::top_level_items(db, file), "", f) {
        ControlFlow::Break(b) => Some(b),
        ControlFlow::Continue(()) => None,
    }
}

/// The namespaces around `item` as this crate spells paths (`a::b`, `""` at file scope,
/// `<unnamed>` for an unnamed namespace); `None` for a member of a class.
pub(crate) fn namespace_path(db: &dyn CodegenDatabase, item: Item<'_>) -> Option<String> {
    let mut path = Vec::new();
    let mut scope = item.parent(db);
    while let Some(parent) = scope {
        if parent.kind(db) != ItemKind::Namespace {
            return None;
        }
        path.push(parent.name_text(db).unwrap_or("<unnamed>"));
        scope = parent.parent(db);
    }
    path.reverse();
    Some(path.join("::"))
}

/// The namespace in which `qualifier::name`, written inside namespace `from` (from the global
/// namespace when `global`), is found: the innermost enclosing namespace where the qualified
/// name is declared, an unnamed namespace's members counting as its enclosing namespace's.
pub(crate) fn lookup(
    members: &BTreeMap<String, BTreeSet<String>>,
    from: &str,
    global: bool,
    qualifier: &[&str],
    name: &str,
) -> Option<String> {
    let enclosing: Vec<&str> = if from.is_empty() || global {
        Vec::new()
    } else {
        from.split("::").collect()
    };
    for depth in (0..=enclosing.len()).rev() {
        let path: Vec<&str> = enclosing[..depth]
            .iter()
            .chain(qualifier)
            .copied()
            .collect();
        let path = path.join("::");
        let unnamed = if path.is_empty() {
            "<unnamed>".to_string()
        } else {
            format!("{path}::<unnamed>")
        };
        if let Some(found) = [path, unnamed]
            .into_iter()
            .find(|ns| members.get(ns).is_some_and(|names| names.contains(name)))
        {
            return Some(found);
        }
    }
    None
}

/// The qualifier that names `name` as unqualified lookup from inside namespace `path` finds it
/// (`::cub::CUB_300001_SM_750::`), or `None` when no enclosing namespace declares it or the
/// path goes through an unnamed namespace (which has no name to write).
pub(crate) fn qualifier_for(
    db: &dyn CodegenDatabase,
    file: SourceFile,
    path: &str,
    name: &str,
) -> Option<String> {
    let found = lookup(namespace_members(db, file), path, false, &[], name)?;
    if found.contains("<unnamed>") {
        return None;
    }
    Some(if found.is_empty() {
        "::".to_string()
    } else {
        format!("::{found}::")
    })
}
