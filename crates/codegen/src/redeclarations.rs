//! Redeclarations that must say what an earlier declaration said.
//!
//! EDG lets a redeclaration of a `constexpr` function omit `constexpr` (CUDA's
//! `crt/math_functions.h` redeclares libstdc++'s `constexpr float std::abs(float)` as
//! `extern __host__ __device__ float abs(float);`); g++ rejects that ("redeclaration differs in
//! 'constexpr'"). cudafe++ regenerates every declaration from its entity and so writes
//! `extern constexpr float abs(float);`. We add `constexpr` to exactly those redeclarations.
use std::collections::BTreeMap;
use std::sync::Arc;

use base_db::SourceFile;
use il::{Item, ItemKind};

use crate::CodegenDatabase;

/// A routine as redeclarations match it: its enclosing namespaces, its name, its signature key.
pub type RoutineKey = (String, String, String);

/// For each namespace path (`""` for file scope, `std`, `a::b`): the (name, signature key)
/// pairs of routine declarations there that redeclare a `constexpr` routine without saying so.
#[salsa::tracked(returns(ref))]
pub fn constexpr_redeclarations(
    db: &dyn CodegenDatabase,
    file: SourceFile,
) -> BTreeMap<String, Arc<[(String, String)]>> {
    let mut constexpr = std::collections::HashSet::<RoutineKey>::new();
    let mut redeclared = BTreeMap::<String, Vec<(String, String)>>::new();
    for item in il::scope::all_items(db, file) {
        if !matches!(
            item.kind(db),
            ItemKind::Routine | ItemKind::FunctionTemplate
        ) {
            continue;
        }
        let Some(key) = routine_key(db, item) else {
            continue;
        };
        let specifiers = &il::decl::routine_decl(db, item).specifiers;
        if specifiers.is_constexpr || specifiers.is_consteval {
            constexpr.insert(key);
        } else if constexpr.contains(&key) {
            let list = redeclared.entry(key.0).or_default();
            if !list.contains(&(key.1.clone(), key.2.clone())) {
                list.push((key.1, key.2));
            }
        }
    }
    redeclared
        .into_iter()
        .map(|(ns, list)| (ns, Arc::from(list)))
        .collect()
}

/// `None` for members of classes (a class is one declaration, never redeclared piecewise).
fn routine_key(db: &dyn CodegenDatabase, item: Item<'_>) -> Option<RoutineKey> {
    let path = crate::namespaces::namespace_path(db, item)?;
    Some((
        path,
        item.name_text(db)?.to_string(),
        item.signature_key(db).clone(),
    ))
}
