//! Redeclarations that change an entity's execution or memory space: a later declaration is
//! checked against the earlier ones of the same entity in the same scope (same name and
//! signature key).
use il::decl::{routine_decl, variable_decl};
use il::{Item, ItemKind};

use crate::CheckDatabase;
use crate::diagnostic::{DECLARED_LINE, ItemDiagnostic, Passes, Related};
use crate::entity::{entity_key, widened_instantiation};
use crate::header::{self, Declaration, attrs_of, start};
use crate::messages::{self as m, Severity};

/// The declarations of the same entity before `item` in its scope.
fn earlier<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<Item<'db>> {
    let siblings: &[Item<'db>] = match item.parent(db) {
        Some(parent) => il::scope::scope_items(db, parent),
        None => il::scope::top_level_items(db, item.file(db)),
    };
    let kind = |i: Item<'db>| match i.kind(db) {
        ItemKind::FunctionTemplate => ItemKind::Routine,
        k => k,
    };
    siblings
        .iter()
        .copied()
        .take_while(|&s| s != item)
        .filter(|&s| {
            kind(s) == kind(item)
                && s.name(db) == item.name(db)
                && entity_key(db, s) == entity_key(db, item)
        })
        .collect()
}

/// 20037 for an explicit instantiation that widens a `__device__` template's instance
/// ([`widened_instantiation`]).
pub(super) fn check_explicit_instantiation(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    out: &mut Vec<ItemDiagnostic>,
) {
    let Some((instance, at)) = widened_instantiation(db, item) else {
        return;
    };
    let template = instance.template(db);
    let params = hir_def::generics::template_params(db, template);
    let with: Vec<String> = params
        .iter()
        .zip(instance.args(db).iter())
        .map(|(p, a)| {
            let arg = match a {
                hir_ty::ty::GenericArg::Type(t) => t.to_source(db),
                hir_ty::ty::GenericArg::Value(v) => v.to_string(),
                hir_ty::ty::GenericArg::Template(i) => crate::names::qualified(db, *i),
                hir_ty::ty::GenericArg::DependentValue(s) => s.to_string(),
                // EDG spells a pack's argument as a list: `Ts=<int, long>`.
                hir_ty::ty::GenericArg::Pack(_) => {
                    let spelled = hir_ty::display::generic_args_source(db, std::slice::from_ref(a));
                    format!("<{spelled}>")
                }
            };
            format!("{}={arg}", p.name.as_deref().unwrap_or(""))
        })
        .collect();
    let name = format!(
        "\"{} [with {}]\"",
        crate::names::qualified(db, template),
        with.join(", ")
    );
    out.push(ItemDiagnostic::discretionary(
        m::DEVICE_REDECLARED_WITHOUT,
        Severity::Warning,
        &[&name],
        Passes::Device,
        at,
    ));
}

pub(super) fn check_routine(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    decl: &Declaration,
    out: &mut Vec<ItemDiagnostic>,
) {
    let before_it = earlier(db, item);
    let Some(prev) = before_it.first().copied() else {
        return;
    };
    second_definition(db, item, decl, &before_it, out);
    if routine_decl(db, item).is_deleted
        && let Some(kw) = header::first_token(&decl.node, syntax::SyntaxKind::DELETE_KW)
    {
        out.push(ItemDiagnostic::error(
            m::DELETED_LATE,
            &[],
            Passes::Both,
            u32::from(kw.text_range().start()),
        ));
    }
    let before = &routine_decl(db, prev).cuda;
    let now = &routine_decl(db, item).cuda;
    let Some(declarator) = header::declarator(&decl.node, item.name_text(db)) else {
        return;
    };
    let (name, at) =
        header::declarator_name(&declarator).unwrap_or_else(|| (String::new(), start(&decl.node)));
    let quoted = format!("\"{name}\"");
    let warn =
        |msg| ItemDiagnostic::discretionary(msg, Severity::Warning, &[&quoted], Passes::Device, at);
    if before.global && !now.global {
        if now.device {
            let attr = attrs_of(&decl.node)
                .into_iter()
                .find(|a| a.name == "device")
                .map_or(at, |a| a.offset);
            out.push(ItemDiagnostic::error(
                m::ILLEGAL_MEM_QUALIFIERS,
                &[],
                Passes::Host,
                attr,
            ));
            out.push(ItemDiagnostic::error(
                m::GLOBAL_REDECLARED_DEVICE,
                &[&quoted],
                Passes::Device,
                at,
            ));
        } else if !now.host {
            out.push(ItemDiagnostic::error(
                m::GLOBAL_REDECLARED_WITHOUT,
                &[&quoted],
                Passes::Device,
                at,
            ));
        }
        return;
    }
    let was_device_only = before.device && !before.host && !before.global;
    let was_host_only = !before.device && !before.global;
    if was_device_only && now.host && !now.device {
        out.push(warn(m::DEVICE_REDECLARED_HOST));
    } else if was_device_only && !now.host && !now.device && !now.global {
        out.push(warn(m::DEVICE_REDECLARED_WITHOUT));
    } else if was_host_only && now.device && !now.host {
        out.push(warn(m::HOST_REDECLARED_DEVICE));
    }
}

/// 3369: a second definition of a function (templates aside: their signature keys do not tell
/// them apart); the line of the first definition is placed when printed.
fn second_definition(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    decl: &Declaration,
    before_it: &[Item<'_>],
    out: &mut Vec<ItemDiagnostic>,
) {
    if item.body(db).is_some()
        && item.kind(db) == ItemKind::Routine
        && decl.template_params.is_empty()
        && !item.name_text(db).is_some_and(|n| n.contains('<'))
        && let Some(first) = before_it.iter().find(|i| i.body(db).is_some())
    {
        let mut d = ItemDiagnostic::error(
            m::ALREADY_DEFINED_AT,
            &[
                &format!("function \"{}\"", crate::names::qualified(db, item)),
                &format!("at line {DECLARED_LINE}"),
            ],
            Passes::Both,
            header::name_offset_of(db, item),
        );
        d.related = Some(Related {
            item: salsa::plumbing::AsId::as_id(first),
            offset: header::name_offset_of(db, *first),
            note: None,
        });
        out.push(d);
    }
}

pub(super) fn check_variable(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    decl: &Declaration,
    out: &mut Vec<ItemDiagnostic>,
) {
    let before_it = earlier(db, item);
    let Some(prev) = before_it.first().copied() else {
        return;
    };
    let before = variable_decl(db, prev).memory_space;
    let now = variable_decl(db, item).memory_space;
    if before == now || before == il::cuda::MemorySpace::Host {
        return;
    }
    let Some(declarator) = header::declarator(&decl.node, item.name_text(db)) else {
        return;
    };
    let (name, at) =
        header::declarator_name(&declarator).unwrap_or_else(|| (String::new(), start(&decl.node)));
    let word = |s: il::cuda::MemorySpace| match s {
        il::cuda::MemorySpace::Device => "__device__",
        il::cuda::MemorySpace::Constant => "__constant__",
        il::cuda::MemorySpace::Shared => "__shared__",
        il::cuda::MemorySpace::Managed => "__managed__",
        il::cuda::MemorySpace::Host => "",
    };
    let quoted = format!("\"{name}\"");
    if now != il::cuda::MemorySpace::Host {
        out.push(ItemDiagnostic::discretionary(
            m::VARIABLE_REDECLARED_WITH,
            Severity::Warning,
            &[word(before), &quoted, word(now)],
            Passes::Device,
            at,
        ));
    }
}

/// 20044: in whole-program mode (no `-rdc=true`) cicc turns an `extern` `__device__`,
/// `__constant__` or `__managed__` variable that the unit never defines into a definition of
/// its own. Measured on nvcc 13.0.88: reported once, at the entity's first declaration, in the
/// device pass's late phase (no echo) whether or not the variable is used, with its qualified
/// name; not when any declaration of it defines it (no `extern`, or an initializer), not for
/// an array of unknown bound, not with `-rdc=true`.
pub(super) fn extern_treated_as_static(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    decl: &Declaration,
    out: &mut Vec<ItemDiagnostic>,
) {
    use il::cuda::MemorySpace;
    use syntax::SyntaxKind::{ARRAY_SUFFIX, L_BRACK, R_BRACK};
    let facts = variable_decl(db, item);
    if item.kind(db) != ItemKind::Variable
        || !facts.specifiers.is_extern
        || !matches!(
            facts.memory_space,
            MemorySpace::Device | MemorySpace::Constant | MemorySpace::Managed
        )
        || item
            .parent(db)
            .is_some_and(|p| p.kind(db) != ItemKind::Namespace)
        || base_db::Options::try_get(db).is_some_and(|o| o.compile(db).relocatable_device_code)
        || !earlier(db, item).is_empty()
    {
        return;
    }
    let Some(declarator) = header::declarator(&decl.node, item.name_text(db)) else {
        return;
    };
    let unknown_bound = declarator.descendants().any(|n| {
        n.kind() == ARRAY_SUFFIX
            && !n
                .children_with_tokens()
                .any(|t| !matches!(t.kind(), L_BRACK | R_BRACK) && !t.kind().is_trivia())
    });
    if unknown_bound || defines(db, item) {
        return;
    }
    let siblings: &[Item<'_>] = match item.parent(db) {
        Some(parent) => il::scope::scope_items(db, parent),
        None => il::scope::top_level_items(db, item.file(db)),
    };
    let later_definition = siblings
        .iter()
        .skip_while(|&&s| s != item)
        .skip(1)
        .any(|&s| {
            s.kind(db) == ItemKind::Variable
                && s.name(db) == item.name(db)
                && entity_key(db, s) == entity_key(db, item)
                && defines(db, s)
        });
    if later_definition {
        return;
    }
    let Some((_, at)) = header::declarator_name(&declarator) else {
        return;
    };
    let mut d = ItemDiagnostic::discretionary(
        m::EXTERN_TREATED_AS_STATIC,
        Severity::Warning,
        &[&item.qualified_name(db)],
        Passes::Device,
        at,
    );
    d.phase = crate::diagnostic::Phase::Late;
    out.push(d);
}

/// Whether a variable's declaration defines it: no `extern`, or an initializer.
fn defines(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    use syntax::SyntaxKind::{INIT_LIST, INITIALIZER};
    if !variable_decl(db, item).specifiers.is_extern {
        return true;
    }
    let root = syntax::SyntaxNode::new_root(item.header(db).clone());
    header::declaration(&root)
        .and_then(|decl| header::declarator(&decl.node, item.name_text(db)))
        .and_then(|d| header::init_declarator(&d))
        .is_some_and(|init| {
            init.children()
                .any(|n| n.kind() == INITIALIZER || n.kind() == INIT_LIST)
        })
}
