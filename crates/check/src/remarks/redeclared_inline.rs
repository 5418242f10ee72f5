//! A function declared `inline` after a call of it (479, a remark): CUDA's
//! `math_functions.h` declares `min(int, int)` and its kin, a later body calls them, and
//! `math_functions.hpp` defines them `inline`. This needs the order of the view's items, so it
//! runs over the view ([`redeclared_inline`]): the candidates (an inline definition with an
//! earlier declaration that is not inline, same scope, name and signature) are found from
//! headers alone, and only the bodies between the two declarations are asked what they
//! reference (`calls::body_references`).
use il::decl::routine_decl;
use il::{Item, ItemKind};
use rustc_hash::FxHashMap;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::header;
use crate::messages::{self as m, Severity};

/// The 479 remarks of a view whose items are `items`, in source order; each with the item
/// that reports it.
pub fn redeclared_inline<'db>(
    db: &'db dyn CheckDatabase,
    items: &[Item<'db>],
) -> Vec<(Item<'db>, ItemDiagnostic)> {
    // The routines declared so far, by (scope, name, signature): their first declaration's
    // index and whether every declaration so far said `inline`.
    type Key<'db> = (Option<Item<'db>>, Option<base_db::Name<'db>>, String);
    let mut seen: FxHashMap<Key<'db>, (usize, Vec<Item<'db>>)> = FxHashMap::default();
    let mut out = Vec::new();
    for (index, item) in items.iter().enumerate() {
        if item.kind(db) != ItemKind::Routine {
            continue;
        }
        let key = (
            item.parent(db),
            item.name(db),
            item.signature_key(db).clone(),
        );
        let inline = routine_decl(db, *item).specifiers.is_inline;
        match seen.get_mut(&key) {
            None => {
                if !inline {
                    seen.insert(key, (index, vec![*item]));
                }
            }
            Some((first, decls)) => {
                if inline && item.body(db).is_some() {
                    let called = items[*first + 1..index].iter().any(|b| {
                        b.body(db).is_some()
                            && crate::calls::body_references(db, *b)
                                .iter()
                                .any(|r| decls.contains(r) || r == item)
                    });
                    if called {
                        out.push((*item, diagnostic(db, *item)));
                    }
                    seen.remove(&key);
                } else {
                    decls.push(*item);
                }
            }
        }
    }
    out
}

fn diagnostic(db: &dyn CheckDatabase, item: Item<'_>) -> ItemDiagnostic {
    ItemDiagnostic::discretionary(
        m::REDECLARED_INLINE,
        Severity::Remark,
        &[&format!(
            "function \"{}\"",
            super::inlining::routine_name(db, item)
        )],
        Passes::Both,
        header::name_offset_of(db, item),
    )
}
