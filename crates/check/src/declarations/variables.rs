//! Variables and data members: which memory-space qualifiers may appear where and with what.
use il::decl::{Linkage, linkage, variable_decl};
use il::{Item, ItemKind};
use syntax::SyntaxKind::*;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::header::{self, Declaration, attrs_of, start};
use crate::messages::{self as m, Severity};

const MEMORY_SPACES: [&str; 4] = ["device", "constant", "shared", "managed"];

pub(super) fn check(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    decl: &Declaration,
    out: &mut Vec<ItemDiagnostic>,
) {
    let node = &decl.node;
    host_attribute(db, item, node, out);
    let attrs: Vec<_> = attrs_of(node)
        .into_iter()
        .filter(|a| MEMORY_SPACES.contains(&a.name.as_str()))
        .collect();
    let Some(declarator) = header::declarator(node, item.name_text(db)) else {
        return;
    };
    let name_offset = header::declarator_name(&declarator)
        .map(|(_, o)| o)
        .unwrap_or(start(node));
    let err = |msg, passes, at| ItemDiagnostic::error(msg, &[], passes, at);

    if item.kind(db) == ItemKind::Field {
        // A non-static data member: the attribute is ignored with a warning.
        for a in &attrs {
            out.push(ItemDiagnostic::discretionary(
                m::WRONG_ENTITY_FOR_ATTRIBUTE,
                Severity::Warning,
                &[&format!("\"__{}__\"", a.name)],
                Passes::Both,
                a.offset,
            ));
        }
        return;
    }
    let Some(first) = attrs.first() else {
        return;
    };
    // `__device__ auto [a, b] = p;`: no memory space for a structured binding (the first
    // rule cudafe++ applies; the others do not follow).
    if let Some(bracket) = header::structured_binding_bracket(&declarator) {
        out.push(ItemDiagnostic::error(
            m::DEVICE_STRUCTURED_BINDING,
            &[space_word(&attrs)],
            Passes::Both,
            bracket,
        ));
        return;
    }
    let facts = variable_decl(db, item);
    let in_class = item
        .parent(db)
        .is_some_and(|p| p.kind(db) != ItemKind::Namespace);
    // A static data member, declared in its class or defined outside (`S::m`).
    let qualified = item.name_text(db).is_some_and(|n| n.contains("::"))
        || declarator
            .descendants()
            .any(|n| n.kind() == NAME_REF && n.text().to_string().contains("::"));
    if in_class || qualified {
        out.push(err(m::MEMBER_QUALIFIERS, Passes::Both, first.offset));
        return;
    }
    let has = |n: &str| attrs.iter().any(|a| a.name == n);
    if has("managed") && (has("shared") || has("constant")) {
        out.push(err(m::MANAGED_SHARED_CONSTANT, Passes::Both, name_offset));
        return;
    }
    if has("constant") && has("shared") {
        let second = attrs
            .iter()
            .filter(|a| a.name == "constant" || a.name == "shared")
            .nth(1)
            .map_or(name_offset, |a| a.offset);
        out.push(err(m::ILLEGAL_MEM_QUALIFIERS, Passes::Both, second));
        return;
    }
    let pointer_ops: Vec<_> = declarator
        .children()
        .filter(|n| n.kind() == PTR_OP)
        .collect();
    let is_reference = pointer_ops
        .last()
        .is_some_and(|p| header::has_child_token(p, AMP) || header::has_child_token(p, AMP2));
    let is_const = facts.specifiers.is_constexpr
        || match pointer_ops.last() {
            Some(p) => header::has_child_token(p, CONST_KW),
            None => header::has_child_token(node, CONST_KW),
        };
    if facts.specifiers.is_constexpr && (has("shared") || has("managed")) {
        let attr = attrs
            .iter()
            .find(|a| a.name == "shared" || a.name == "managed")
            .map_or(name_offset, |a| a.offset);
        let space = if has("managed") {
            "__managed__"
        } else {
            "__shared__"
        };
        out.push(ItemDiagnostic::error(
            m::DEVICE_VAR_CONSTEXPR,
            &[space],
            Passes::Both,
            attr,
        ));
    }
    if has("managed") && is_const {
        out.push(err(m::MANAGED_CONST, Passes::Both, name_offset));
    }
    if has("managed") && is_reference {
        out.push(err(m::MANAGED_REFERENCE, Passes::Both, name_offset));
    }
    let initializer = header::init_declarator(&declarator)
        .and_then(|i| i.children().find(|n| n.kind() == INITIALIZER));
    if has("shared") && initializer.is_some() && !facts.specifiers.is_constexpr {
        out.push(ItemDiagnostic::error(
            m::ILLEGAL_INIT,
            &["__shared__", ""],
            Passes::Both,
            name_offset,
        ));
    }
    let space = space_word(&attrs);
    if facts.specifiers.is_thread_local {
        let at = header::child_token(node, THREAD_LOCAL_KW)
            .map_or(start(node), |t| u32::from(t.text_range().start()));
        out.push(ItemDiagnostic::error(
            m::THREAD_LOCAL_DEVICE_VAR,
            &[space],
            Passes::Device,
            at,
        ));
    }
    if super::kernels::in_inline_unnamed_namespace(db, item) {
        out.push(ItemDiagnostic::error(
            m::DEVICE_VAR_INLINE_NS,
            &[space],
            Passes::Both,
            name_offset,
        ));
    }
    let rdc = base_db::Options::try_get(db).is_some_and(|o| o.compile(db).relocatable_device_code);
    if facts.specifiers.is_inline
        && !has("shared")
        && !rdc
        && *linkage(db, item) == Linkage::External
    {
        out.push(err(m::INLINE_DEVICE_VAR, Passes::Both, name_offset));
    }
}

/// `__host__` on a variable or data member does not apply (1835, both passes, at the
/// attribute); reported once for a declaration of several declarators.
fn host_attribute(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    node: &syntax::SyntaxNode,
    out: &mut Vec<ItemDiagnostic>,
) {
    let first = node
        .children()
        .filter(|n| n.kind() == INIT_DECLARATOR)
        .find_map(|i| i.children().find(|n| n.kind() == DECLARATOR));
    if first.is_some() && header::declarator(node, item.name_text(db)) != first {
        return;
    }
    for a in attrs_of(node).iter().filter(|a| a.name == "host") {
        out.push(ItemDiagnostic::discretionary(
            m::WRONG_ENTITY_FOR_ATTRIBUTE,
            Severity::Warning,
            &["\"__host__\""],
            Passes::Both,
            a.offset,
        ));
    }
}

/// The memory space a message names (`__device__` when only that, else the specific one).
pub(crate) fn space_word(attrs: &[header::Attr]) -> &'static str {
    for (name, word) in [
        ("managed", "__managed__"),
        ("constant", "__constant__"),
        ("shared", "__shared__"),
    ] {
        if attrs.iter().any(|a| a.name == name) {
            return word;
        }
    }
    "__device__"
}
