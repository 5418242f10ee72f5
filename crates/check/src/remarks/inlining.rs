//! Functions that cannot be inlined (679, a remark of the device pass): cudafe++ in device
//! mode reports every inline function definition it keeps out of line. Per item
//! ([`not_inlined`]), reading only the item's header.
//!
//! Measured (nvcc 13.0.88, `-Xcudafe --remarks`): every non-template function definition that
//! is inline (declared `inline`/`__inline__`/`__forceinline__`, defined in its class,
//! `constexpr`), whatever its execution space, used or not; not defaulted or deleted ones. It
//! is reported when the definition is parsed, after the definition's 826s, except for
//! `constexpr` functions, which are reported at the end of the translation unit. Instances of
//! templates and implicit members that are generated (`dim3`'s copy constructor) are reported
//! at the end too: not modeled.
use il::decl::routine_decl;
use il::{Item, ItemKind};

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes, Phase};
use crate::header;
use crate::messages::{self as m, Severity};

#[salsa::tracked(returns(ref))]
pub fn not_inlined<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Option<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) || super::is_template(db, item) {
        return None;
    }
    let facts = routine_decl(db, item);
    if facts.is_defaulted || facts.is_deleted {
        return None;
    }
    let in_class = item
        .parent(db)
        .is_some_and(|p| p.kind(db) != ItemKind::Namespace);
    let constexpr = facts.specifiers.is_constexpr || facts.specifiers.is_consteval;
    if !(facts.specifiers.is_inline || constexpr || in_class) {
        return None;
    }
    let root = header::item_tree(db, item);
    let at = header::declaration(&root)
        .and_then(|decl| header::declarator(&decl.node, item.name_text(db)))
        .and_then(|d| header::declarator_name(&d))
        .map_or(0, |(_, at)| at);
    let mut d = ItemDiagnostic::discretionary(
        m::CANNOT_INLINE,
        Severity::Remark,
        &[&format!("function \"{}\"", routine_name(db, item))],
        Passes::Device,
        at,
    );
    if constexpr {
        d.phase = Phase::EndOfUnit;
    }
    Some(d)
}

/// A routine as EDG's `%n` names it: with its parameter types when it is a constructor or
/// overloaded in its scope (`D::D(int)`, `min(int, int)`), else its qualified name.
pub(crate) fn routine_name(db: &dyn CheckDatabase, item: Item<'_>) -> String {
    let name = item.name_text(db);
    let is_constructor = item
        .parent(db)
        .is_some_and(|p| p.kind(db) != ItemKind::Namespace && p.name_text(db) == name);
    let overloaded = || {
        let Some(name) = name else { return false };
        let scope = match item.parent(db) {
            Some(p) => il::lookup::ScopeRef::Item(p),
            None => il::lookup::ScopeRef::File(item.file(db)),
        };
        il::lookup::members_named(db, scope, name).iter().any(|s| {
            matches!(s.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate)
                && s.signature_key(db) != item.signature_key(db)
        })
    };
    let is_operator = name.is_some_and(|n| n.starts_with("operator"));
    if is_constructor || (!is_operator && overloaded()) {
        crate::names::full_name(db, item)
    } else {
        crate::names::qualified(db, item)
    }
}
