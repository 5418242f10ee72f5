//! Declaration-level name lookup from a scope (il's `lookup_path`), memoized: what the
//! declared types here and inference above both ask, the same names from the same scopes.
use base_db::SourceFile;
use il::Item;
use il::lookup::ScopeRef;

use crate::HirTyDatabase;

/// The arguments of a memoized lookup: where it starts and the path's segments.
#[salsa::interned(debug)]
struct LookupKey<'db> {
    #[returns(copy)]
    file: SourceFile,
    #[returns(copy)]
    scope: Option<Item<'db>>,
    #[returns(copy)]
    global: bool,
    #[returns(ref)]
    segments: Vec<String>,
}

/// il's `lookup_path`, memoized per (scope, path): bodies ask the same names from the same
/// scopes over and over, and a failed lookup walks every enclosing scope (with its
/// using-directives) before it fails.
#[salsa::tracked(returns(ref))]
fn lookup_memo<'db>(db: &'db dyn HirTyDatabase, key: LookupKey<'db>) -> Vec<Item<'db>> {
    let from = match key.scope(db) {
        Some(item) => ScopeRef::Item(item),
        None => ScopeRef::File(key.file(db)),
    };
    il::lookup::lookup_path(db, from, key.global(db), key.segments(db))
}

/// [`lookup_memo`] from a scope.
pub fn lookup_path<'db>(
    db: &'db dyn HirTyDatabase,
    from: ScopeRef<'db>,
    global: bool,
    segments: &[String],
) -> Vec<Item<'db>> {
    let (file, scope) = match from {
        ScopeRef::File(f) => (f, None),
        ScopeRef::Item(i) => (i.file(db), Some(i)),
    };
    let key = LookupKey::new(db, file, scope, global, segments.to_vec());
    lookup_memo(db, key).clone()
}
