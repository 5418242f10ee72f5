//! How the messages name entities: `n::d(int)`, `V::operator int() const`, `f<int> `, with
//! EDG's spellings (unnamed namespaces, `operator +`, class parameters qualified from the
//! global scope). Every check that names a callee or a declaration prints through here.
use il::Item;

use crate::CheckDatabase;

/// `f<int> `: a function template instance as the messages name it (EDG's trailing space).
pub(crate) fn instance_name(db: &dyn CheckDatabase, instance: hir_ty::ty::Instance<'_>) -> String {
    format!(
        "{}<{}> ",
        qualified(db, instance.template(db)),
        instance_args(db, instance.args(db))
    )
}

/// Template arguments as EDG spells them in an instance's name, a pack's elements in its
/// place.
fn instance_args(db: &dyn CheckDatabase, args: &[hir_ty::ty::GenericArg<'_>]) -> String {
    let spelled: Vec<String> = args
        .iter()
        .map(|a| match a {
            hir_ty::ty::GenericArg::Type(t) => edg_param(db, *t),
            hir_ty::ty::GenericArg::Value(v) => v.to_string(),
            hir_ty::ty::GenericArg::Template(i) => qualified(db, *i),
            hir_ty::ty::GenericArg::DependentValue(s) => s.to_string(),
            hir_ty::ty::GenericArg::Pack(elements) => instance_args(db, elements),
        })
        .filter(|s| !s.is_empty())
        .collect();
    spelled.join(", ")
}

/// `n::d(int)`: the callee as the messages name it, with its parameter types.
pub(crate) fn full_name(db: &dyn CheckDatabase, item: Item<'_>) -> String {
    let params = hir_ty::callable_sig(db, item)
        .as_ref()
        .map(|sig| {
            let mut list: Vec<String> = sig.params.iter().map(|t| edg_param(db, *t)).collect();
            if sig.variadic {
                list.push("...".into());
            }
            list.join(", ")
        })
        .unwrap_or_default();
    format!("{}({params}){}", edg_name(db, item), const_suffix(db, item))
}

/// ` const` for a const member function (`V::operator int() const`).
pub(crate) fn const_suffix(db: &dyn CheckDatabase, item: Item<'_>) -> &'static str {
    if hir_ty::callable_sig(db, item)
        .as_ref()
        .is_some_and(|s| s.this_cv.is_const)
    {
        " const"
    } else {
        ""
    }
}

/// The name EDG prints for a routine: `operator +` with a space after `operator` for symbol
/// operators.
fn edg_name(db: &dyn CheckDatabase, item: Item<'_>) -> String {
    let name = qualified(db, item);
    match name.rfind("operator") {
        Some(i)
            if name[i + 8..]
                .chars()
                .next()
                .is_some_and(|c| !c.is_alphanumeric() && c != ' ' && c != '_') =>
        {
            format!("{}operator {}", &name[..i], &name[i + 8..])
        }
        _ => name,
    }
}

/// A parameter type as EDG prints it in a routine's name: a class passed by value is fully
/// qualified from the global scope, with EDG's odd padding (`    ::V`, ` ::n::W`, measured).
fn edg_param(db: &dyn CheckDatabase, ty: hir_ty::Ty<'_>) -> String {
    if let hir_ty::TyKind::Class(class) = ty.kind(db) {
        let q = qualified(db, *class);
        return if q.contains("::") {
            format!(" ::{q}")
        } else {
            format!("    ::{q}")
        };
    }
    ty.to_source(db)
}

/// `n::d`, `S::m` (unnamed namespaces print as `<unnamed>`).
pub fn qualified(db: &dyn CheckDatabase, item: Item<'_>) -> String {
    item.qualified_name(db)
        .replace("(anonymous namespace)", "<unnamed>")
}
