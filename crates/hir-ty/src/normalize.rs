//! Projection normalization (rust-analyzer's `normalize` of `AliasTy::Projection`, adapted): a
//! member type of a dependent type ([`TyKind::Projection`], `typename alloc_traits::pointer`)
//! stays a projection while its base depends on template parameters; once substitution has
//! made the base a concrete class or class template instance, the member is looked up there:
//! a member typedef or alias of the definition the instance is made from, its declared type
//! under the instance's bindings, normalized in turn (`atraits<alloc<int>>::pointer` is
//! `alloc<int>::pointer`, which is `int *`); else the same in the instance's bases, depth
//! first in declaration order.
//!
//! The declared type comes first; where it is an error (a chain il resolves only with the
//! arguments bound, as `class_instance::member_return_in_instance` does for return types), il's
//! resolution of the typedef in the instance's binding. Nested classes of instances are not
//! types of this layer yet: a projection naming one stays a projection.
//!
//! Not a query and not called by one that it calls (`instance_bases`, `declared_ty`,
//! `instance_definition` never normalize), so that a base naming a member of its own derived
//! instance (`struct A : B<typename A<T>::x>`) cannot make a query cycle; the walk is bounded
//! by depth instead.
use il::lookup::{ScopeRef, members_named};
use il::{Item, ItemKind};

use crate::HirTyDatabase;
use crate::class_instance::{
    concrete_args, instance_bases, instance_bindings, instance_definition,
};
use crate::lower::declared_ty;
use crate::ty::{Instance, Ty, TyKind};

/// How many member lookups one normalization may go through (chains of member typedefs
/// through other instances are a handful deep in the CCCL headers).
const MAX_DEPTH: u32 = 32;

/// `ty` with every projection whose base is (or normalizes to) a concrete class or instance
/// replaced by the member type it names; the rest of the type as it was.
pub fn normalize<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Ty<'db> {
    normalize_depth(db, ty, 0)
}

fn normalize_depth<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>, depth: u32) -> Ty<'db> {
    // Only a dependent type can hold a projection.
    if depth > MAX_DEPTH || !ty.is_dependent(db) {
        return ty;
    }
    let go = |t: Ty<'db>| normalize_depth(db, t, depth + 1);
    if let TyKind::Projection { base, name } = ty.kind(db) {
        let base = go(*base);
        if let Some(member) = member_type(db, base, name, depth + 1) {
            return member;
        }
        return Ty::new(
            db,
            TyKind::Projection {
                base,
                name: name.clone(),
            },
        );
    }
    ty.map_children(db, go)
}

/// The member type `name` of `base`, when `base` is a concrete class or instance that has
/// one.
fn member_type<'db>(
    db: &'db dyn HirTyDatabase,
    base: Ty<'db>,
    name: &str,
    depth: u32,
) -> Option<Ty<'db>> {
    if depth > MAX_DEPTH {
        return None;
    }
    match base.unqualified(db).kind(db) {
        TyKind::Instance(inst) if concrete_args(db, *inst) => {
            instance_member_type(db, *inst, name, depth)
        }
        TyKind::Class(class) => members_named(db, ScopeRef::Item(*class), name)
            .into_iter()
            .find(|m| is_type_alias(db, *m))
            .map(|m| normalize_depth(db, declared_ty(db, m), depth + 1))
            .filter(|t| !t.is_error(db)),
        _ => None,
    }
}

/// The member type `name` of a concrete instance: a typedef of the definition it is made from
/// under its bindings, else of its bases.
fn instance_member_type<'db>(
    db: &'db dyn HirTyDatabase,
    inst: Instance<'db>,
    name: &str,
    depth: u32,
) -> Option<Ty<'db>> {
    if let Some(definition) = instance_definition(db, inst) {
        // The definition's own members only: one of a base template found by il's lookup
        // names that template's parameters, which the instance's bindings do not bind; the
        // bases are searched below as instances.
        let own = members_named(db, ScopeRef::Item(definition), name)
            .into_iter()
            .find(|m| m.parent(db) == Some(definition) && is_type_alias(db, *m));
        if let Some(member) = own {
            let declared = instance_bindings(db, inst).apply(db, declared_ty(db, member));
            let ty = normalize_depth(db, declared, depth + 1);
            if !ty.is_error(db) {
                return Some(ty);
            }
            return il_typedef_in_instance(db, inst, member, definition);
        }
    }
    instance_bases(db, inst)
        .iter()
        .find_map(|b| member_type(db, normalize_depth(db, *b, depth + 1), name, depth + 1))
}

fn is_type_alias(db: &dyn HirTyDatabase, item: Item<'_>) -> bool {
    item.kind(db) == ItemKind::Typedef
}

/// A member typedef of the definition `inst` is made from as il resolves it in the instance's
/// binding, when that is a concrete type.
fn il_typedef_in_instance<'db>(
    db: &'db dyn HirTyDatabase,
    inst: Instance<'db>,
    member: Item<'db>,
    definition: Item<'db>,
) -> Option<Ty<'db>> {
    let il_instance = match crate::to_il::il_ty(db, Ty::new(db, TyKind::Instance(inst)))?.kind(db) {
        il::ty::TyKind::Instance(i) => *i,
        _ => return None,
    };
    let bound = il::instantiate::instance_definition(db, il_instance)?;
    if bound.definition(db) != definition {
        return None;
    }
    let il_ty = il::resolve::typedef_target_in(db, member, Some(bound))?;
    let ty = crate::from_il::lower_il_ty(db, il_ty, &[]);
    (!ty.is_error(db) && !ty.is_dependent(db)).then_some(ty)
}
