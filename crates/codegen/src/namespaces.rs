//! What each namespace of the unit declares, by name: enough of lookup for the rewrites that
//! must name an entity the way cudafe++'s regenerated text does (qualified).
use std::collections::{BTreeMap, BTreeSet};

use base_db::SourceFile;
use il::ItemKind;

use crate::CodegenDatabase;

/// For each namespace path (`""` for file scope, `cub::CUB_300001_SM_750`, `<unnamed>` for an
/// unnamed one, as [`crate::redeclarations`] spells paths): the names declared in it.
#[salsa::tracked(returns(ref))]
pub fn namespace_members(
    db: &dyn CodegenDatabase,
    file: SourceFile,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut members = BTreeMap::<String, BTreeSet<String>>::new();
    for item in il::scope::all_items(db, file) {
        if item.kind(db) == ItemKind::Namespace {
            continue;
        }
        let Some(name) = item.name_text(db) else {
            continue;
        };
        let mut path = Vec::new();
        let mut scope = item.parent(db);
        let mut in_namespaces = true;
        while let Some(parent) = scope {
            if parent.kind(db) != ItemKind::Namespace {
                in_namespaces = false;
                break;
            }
            path.push(parent.name_text(db).unwrap_or("<unnamed>"));
            scope = parent.parent(db);
        }
        if in_namespaces && !name.contains("::") {
            path.reverse();
            members
                .entry(path.join("::"))
                .or_default()
                .insert(name.to_string());
        }
    }
    members
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
    let members = namespace_members(db, file);
    let segments: Vec<&str> = if path.is_empty() {
        Vec::new()
    } else {
        path.split("::").collect()
    };
    for depth in (0..=segments.len()).rev() {
        let prefix = segments[..depth].join("::");
        if members
            .get(&prefix)
            .is_some_and(|names| names.contains(name))
        {
            if prefix.contains("<unnamed>") {
                return None;
            }
            return Some(if prefix.is_empty() {
                "::".to_string()
            } else {
                format!("::{prefix}::")
            });
        }
    }
    None
}
