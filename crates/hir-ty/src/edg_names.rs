//! EDG's spelling of class template instances, given the constant evaluator's enumerator
//! values: the type printer is `hir-ty-decl`'s ([`hir_ty_decl::display`]), which sits below
//! the evaluator. Exported as part of [`crate::display`].
use hir_ty_decl::display::instance_edg_name_with;

use crate::HirTyDatabase;
use crate::ty::Instance;

/// A class template instance's name in EDG's cross-reference spelling
/// (`cuda::std::__4::array<int, 4UL>`, an enumeration argument by its enumerator): see
/// [`instance_edg_name_with`].
pub fn instance_edg_name<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
) -> Option<String> {
    instance_edg_name_with(db, enumerator_values, instance)
}

/// [`crate::const_eval::enumerator_values`] as the printer asks it.
pub fn enumerator_values<'db>(
    db: &'db dyn HirTyDatabase,
    enumeration: il::Item<'db>,
) -> &'db [Option<i128>] {
    crate::const_eval::enumerator_values(db, enumeration)
}
