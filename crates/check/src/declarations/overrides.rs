//! A member function against its bases' virtual functions of the same name: an override in
//! another execution space (20085-20090, errors) and a virtual function hidden by a function
//! that does not override it (997, warning), both passes, at the member's name; a class that
//! overrides some but not all of a base's overloaded virtual functions of one name (611,
//! warning), both passes, at the class's name.
use il::cuda::ExecSpace;
use il::decl::routine_decl;
use il::{Item, ItemKind};

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::header::{self, Declaration};
use crate::messages::{self as m, Severity};

pub(super) fn check(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    decl: &Declaration,
    out: &mut Vec<ItemDiagnostic>,
) {
    let Some(class) = item.parent(db) else { return };
    if !matches!(class.kind(db), ItemKind::Class | ItemKind::Struct)
        || item.kind(db) != ItemKind::Routine
    {
        return;
    }
    let Some(name) = item.name(db) else { return };
    let Some(declarator) = header::declarator(&decl.node, item.name_text(db)) else {
        return;
    };
    let Some((_, at)) = header::declarator_name(&declarator) else {
        return;
    };
    let mine = routine_decl(db, item);
    let mut virtuals = Vec::new();
    for base in il::lookup::base_classes(db, class) {
        for &member in il::scope::scope_items(db, base) {
            if member.kind(db) == ItemKind::Routine && member.name(db) == Some(name) {
                let facts = routine_decl(db, member);
                if facts.specifiers.is_virtual || facts.overrides {
                    virtuals.push(member);
                }
            }
        }
    }
    if virtuals.is_empty() {
        return;
    }
    let own = crate::names::qualified(db, item);
    match virtuals
        .iter()
        .find(|v| parameters_key(v.signature_key(db)) == parameters_key(item.signature_key(db)))
    {
        Some(&overridden) => {
            let theirs = routine_decl(db, overridden).exec_space;
            let msg = match (theirs, mine.exec_space) {
                (ExecSpace::Host, ExecSpace::Device) => m::OVERRIDE_H_D,
                (ExecSpace::Host, ExecSpace::HostDevice) => m::OVERRIDE_H_HD,
                (ExecSpace::Device, ExecSpace::HostDevice) => m::OVERRIDE_D_HD,
                (ExecSpace::Device, ExecSpace::Host) => m::OVERRIDE_D_H,
                (ExecSpace::HostDevice, ExecSpace::Host) => m::OVERRIDE_HD_H,
                (ExecSpace::HostDevice, ExecSpace::Device) => m::OVERRIDE_HD_D,
                _ => return,
            };
            let base_name = format!("function \"{}\"", crate::names::qualified(db, overridden));
            out.push(ItemDiagnostic::error(
                msg,
                &[&base_name, &format!("function \"{own}\"")],
                Passes::Both,
                at,
            ));
        }
        None if !mine.overrides => {
            let hidden = virtuals[0];
            let params = parameters_key(hidden.signature_key(db));
            let base_name = format!(
                "function \"{}{}\"",
                crate::names::qualified(db, hidden),
                if params.starts_with('(') {
                    params.to_string()
                } else {
                    format!("({params})")
                }
            );
            out.push(ItemDiagnostic::discretionary(
                m::VIRTUAL_HIDDEN,
                Severity::Warning,
                &[&base_name, &format!("\"{own}\"")],
                Passes::Both,
                at,
            ));
        }
        None => {}
    }
}

/// 611: for each base's virtual functions of one name (two or more overloads), `class`
/// declares functions of that name overriding some of them but not all.
pub(super) fn check_class(
    db: &dyn CheckDatabase,
    class: Item<'_>,
    header_root: &syntax::SyntaxNode,
    out: &mut Vec<ItemDiagnostic>,
) {
    let Some(class_name) = class.name_text(db) else {
        return;
    };
    let own: Vec<Item<'_>> = il::scope::scope_items(db, class)
        .iter()
        .copied()
        .filter(|m| m.kind(db) == ItemKind::Routine)
        .collect();
    // `using B::f;` brings the base's overloads in: none is left behind.
    let using_names: Vec<String> = il::scope::scope_items(db, class)
        .iter()
        .filter(|m| m.kind(db) == ItemKind::UsingDeclaration)
        .map(|m| {
            let header = syntax::SyntaxNode::new_root(m.header(db).clone());
            header
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .filter(|t| t.kind() == syntax::SyntaxKind::IDENT)
                .last()
                .map(|t| t.text().to_string())
                .unwrap_or_default()
        })
        .collect();
    let mut found = Vec::new();
    for base in il::lookup::base_classes(db, class) {
        let mut seen = Vec::new();
        let virtuals: Vec<Item<'_>> = il::scope::scope_items(db, base)
            .iter()
            .copied()
            .filter(|m| m.kind(db) == ItemKind::Routine)
            .filter(|m| {
                let facts = routine_decl(db, *m);
                facts.specifiers.is_virtual || facts.overrides
            })
            .collect();
        for v in &virtuals {
            let Some(name) = v.name(db) else { continue };
            if seen.contains(&name) {
                continue;
            }
            seen.push(name);
            let overloads: Vec<_> = virtuals
                .iter()
                .filter(|o| o.name(db) == Some(name))
                .collect();
            let mine: Vec<_> = own.iter().filter(|o| o.name(db) == Some(name)).collect();
            if overloads.len() < 2
                || mine.is_empty()
                || using_names
                    .iter()
                    .any(|u| Some(u.as_str()) == v.name_text(db))
            {
                continue;
            }
            let overridden = overloads
                .iter()
                .filter(|o| {
                    mine.iter().any(|m| {
                        parameters_key(m.signature_key(db)) == parameters_key(o.signature_key(db))
                    })
                })
                .count();
            if overridden > 0 && overridden < overloads.len() {
                found.push(format!("\"{}\"", crate::names::qualified(db, *v)));
            }
        }
    }
    if found.is_empty() {
        return;
    }
    let Some(at) = header_root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == syntax::SyntaxKind::IDENT && t.text() == class_name)
        .map(|t| u32::from(t.text_range().start()))
    else {
        return;
    };
    let what = format!("class \"{}\"", crate::names::qualified(db, class));
    for base_fn in found {
        out.push(ItemDiagnostic::discretionary(
            m::PARTIAL_OVERRIDE,
            Severity::Warning,
            &[&base_fn, &what],
            Passes::Both,
            at,
        ));
    }
}

/// A routine's signature key without `override`/`final` (`()override` is `()`).
fn parameters_key(key: &str) -> &str {
    let mut key = key.trim_end();
    loop {
        match key
            .strip_suffix("override")
            .or_else(|| key.strip_suffix("final"))
        {
            Some(rest) => key = rest.trim_end(),
            None => return key,
        }
    }
}
