//! User-defined conversions ([class.conv]): the conversion function (`operator T()`) that
//! converts a class object to a type, and the converting constructor that makes a class
//! object from an argument. Overload resolution ranks a call through them (a user-defined
//! conversion sequence) and inference records them as implicit calls.
use il::Item;
use il::lookup::base_classes;

use crate::HirTyDatabase;
use crate::lower::{CallableKind, callable_sig};
use crate::overload::{Arg, Rank, conversion_rank_standard};
use crate::special::{class_and_subst, own_routines};
use crate::ty::{Builtin, Ty, TyKind, ValueCategory};

/// The conversion functions of a class and its bases (nearest first), with the class type
/// whose instance arguments their return types use.
fn conversion_functions<'db>(
    db: &'db dyn HirTyDatabase,
    class: Ty<'db>,
) -> Vec<(Item<'db>, Ty<'db>)> {
    let mut out = Vec::new();
    let Some((item, _)) = class_and_subst(db, class) else {
        return out;
    };
    let mut stack = vec![(item, class)];
    let mut seen = 0;
    while let Some((c, ty)) = stack.pop() {
        seen += 1;
        if seen > 32 {
            break;
        }
        for f in own_routines(db, c, CallableKind::Conversion) {
            out.push((f, ty));
        }
        for b in base_classes(db, c) {
            stack.push((b, crate::lower::declared_ty(db, b)));
        }
    }
    out
}

/// The conversion function that converts an object of class type `from` to `to` (a non-class
/// type, or a reference to one): one returning exactly `to` first, else one whose result
/// converts to it by a standard conversion (`operator bool` for a condition, `operator int`
/// for a `long` parameter), else a conversion function template.
pub fn conversion_function<'db>(
    db: &'db dyn HirTyDatabase,
    from: Ty<'db>,
    to: Ty<'db>,
) -> Option<Item<'db>> {
    if from.is_dependent(db) || to.is_dependent(db) {
        return None;
    }
    let target = to.strip_reference(db).unqualified(db);
    let candidates = conversion_functions(db, from);
    let ret_of = |f: Item<'db>, class: Ty<'db>| {
        let sig = callable_sig(db, f).as_ref()?;
        let subst = class_and_subst(db, class)
            .map(|(_, s)| s)
            .unwrap_or_default();
        Some((subst.apply(db, sig.ret), sig.is_template))
    };
    let mut convertible = None;
    let mut template = None;
    for &(f, class) in &candidates {
        let Some((ret, is_template)) = ret_of(f, class) else {
            continue;
        };
        if is_template {
            template.get_or_insert(f);
            continue;
        }
        let r = ret.strip_reference(db).unqualified(db);
        if r == target {
            return Some(f);
        }
        let arg = Arg {
            ty: ret.strip_reference(db),
            category: ValueCategory::PRValue,
            null: false,
        };
        if convertible.is_none()
            && !r.is_dependent(db)
            && conversion_rank_standard(db, arg, target).is_some_and(|k| k <= Rank::Unknown)
        {
            convertible = Some(f);
        }
    }
    convertible.or(template)
}

/// The converting constructor of class type `to` that an argument of type `arg` calls: a
/// non-explicit constructor taking one argument to which `arg` converts by a standard
/// conversion (a constructor template is taken when no other fits).
pub(crate) fn converting_constructor<'db>(
    db: &'db dyn HirTyDatabase,
    to: Ty<'db>,
    arg: Arg<'db>,
) -> Option<Item<'db>> {
    let to = to.strip_reference(db).unqualified(db);
    if to.is_dependent(db) || arg.ty.is_dependent(db) || arg.ty.is_error(db) {
        return None;
    }
    let (class, subst) = class_and_subst(db, to)?;
    let mut best: Option<(Rank, Item<'db>)> = None;
    let mut template = None;
    for ctor in own_routines(db, class, CallableKind::Constructor) {
        let Some(sig) = callable_sig(db, ctor).as_ref() else {
            continue;
        };
        if !sig.accepts_arity(1) || il::decl::routine_decl(db, ctor).specifiers.is_explicit {
            continue;
        }
        if sig.is_template {
            template.get_or_insert(ctor);
            continue;
        }
        let Some(param) = sig.params.first().map(|p| subst.apply(db, *p)) else {
            continue;
        };
        // A copy or move constructor of the class itself is no conversion (its parameter
        // may name the template's forward declaration, `to` the same).
        let same_class = |t: Ty<'db>| {
            t.strip_reference(db)
                .as_class(db)
                .map(|c| crate::specialization::primary_definition(db, c).unwrap_or(c))
        };
        if param.strip_reference(db).as_class(db) == Some(class)
            || same_class(param).is_some_and(|c| Some(c) == same_class(to))
        {
            continue;
        }
        if let Some(rank) = conversion_rank_standard(db, arg, param)
            && best.is_none_or(|(r, _)| rank < r)
        {
            best = Some((rank, ctor));
        }
    }
    best.map(|(_, c)| c).or(template)
}

/// Whether the type is a class type whose conversions we can tell apart (not dependent).
pub(crate) fn is_known_class<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> bool {
    ty.as_class(db).is_some() && !ty.is_dependent(db)
}

/// `bool`, the type a condition converts to.
pub(crate) fn bool_ty<'db>(db: &'db dyn HirTyDatabase) -> Ty<'db> {
    Ty::builtin(db, Builtin::Bool)
}

/// Whether `ty` is a class type or an instance (not a builtin, pointer, enum).
pub(crate) fn is_class(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(
        ty.strip_reference(db).unqualified(db).kind(db),
        TyKind::Class(_) | TyKind::Instance(_)
    )
}
