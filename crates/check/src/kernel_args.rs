//! The types a `__global__` function template may be instantiated with (cudafe++'s 20126 and
//! 20128, measured with nvcc 13.0.88): not a type defined inside a host function, not a
//! class member type with private or protected access, anywhere in a template argument (`P`,
//! `P *`, `W<P>`). Reported by the device pass at the launch (or the reference) that makes
//! the instance, with EDG's "detected during instantiation" line, once per instance.
use hir_def::hir::Expr;
use hir_ty::ty::GenericArg;
use hir_ty::{Ty, TyKind, infer};
use il::cuda::ExecSpace;
use il::decl::routine_decl;
use il::item::Access;
use il::{Item, ItemKind};

use crate::CheckDatabase;
use crate::diagnostic::{ContextFrame, ItemDiagnostic, Passes};
use crate::messages::{self as m, Message};

/// The instances of kernel templates `item`'s body makes, checked.
pub(crate) fn in_body(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    body: &hir_def::body::Body,
    map: &hir_def::body::BodySourceMap,
    out: &mut Vec<ItemDiagnostic>,
) {
    if crate::entity::is_templated(db, item) {
        return;
    }
    let result = infer(db, item);
    for (id, expr) in body.exprs.iter() {
        let Expr::KernelLaunch { callee, .. } = expr else {
            continue;
        };
        let Some(call) = result.callee_info(id) else {
            continue;
        };
        let Some(instance) = call.instance else {
            continue;
        };
        if routine_decl(db, call.item).exec_space != ExecSpace::Global {
            continue;
        }
        let Some(at) = map
            .expr_syntax(*callee)
            .map(|p| u32::from(p.text_range().start()))
        else {
            continue;
        };
        let args = instance.args(db);
        let Some((message, offender)) = args.iter().find_map(|a| match a {
            GenericArg::Type(t) => offending(db, *t, item),
            _ => None,
        }) else {
            continue;
        };
        let spelled: Vec<String> = args
            .iter()
            .map(|a| match a {
                // EDG's spelling closes nested argument lists without a blank (`W<W<C::P>>`).
                GenericArg::Type(t) => {
                    let mut spelled = t.to_source(db);
                    while spelled.contains("> >") {
                        spelled = spelled.replace("> >", ">>");
                    }
                    spelled
                }
                other => format!("{other:?}"),
            })
            .collect();
        let frame = ContextFrame {
            text: format!(
                "instantiation of \"{}\" based on template argument{} <{}>",
                call.item.name_text(db).unwrap_or(""),
                if spelled.len() == 1 { "" } else { "s" },
                spelled.join(", ")
            ),
            item: salsa::plumbing::AsId::as_id(&item),
            offset: at,
        };
        out.push(
            ItemDiagnostic::error(
                message,
                &[&format!("\"{}\"", offender.to_source(db))],
                Passes::Device,
                at,
            )
            .in_instantiation(salsa::plumbing::AsId::as_id(&instance), frame),
        );
    }
}

/// The first type inside `ty` a kernel may not be instantiated with, and the rule it breaks.
fn offending<'db>(
    db: &'db dyn CheckDatabase,
    ty: Ty<'db>,
    owner: Item<'db>,
) -> Option<(Message, Ty<'db>)> {
    match ty.kind(db) {
        TyKind::Qualified(_, inner)
        | TyKind::Pointer(inner)
        | TyKind::Reference(_, inner)
        | TyKind::Array(inner, _) => offending(db, *inner, owner),
        TyKind::Instance(instance) => instance.args(db).iter().find_map(|a| match a {
            GenericArg::Type(t) => offending(db, *t, owner),
            _ => None,
        }),
        TyKind::Class(item) | TyKind::Enum(item) => {
            let item = *item;
            if local_to_host_function(db, item, owner) {
                return Some((m::GLOBAL_LOCAL_TYPE_ARG, ty));
            }
            let member = item.parent(db).is_some_and(|p| {
                matches!(
                    p.kind(db),
                    ItemKind::Class | ItemKind::Struct | ItemKind::Union
                )
            });
            if member && matches!(item.access(db), Some(Access::Private | Access::Protected)) {
                return Some((m::GLOBAL_PRIVATE_TYPE_ARG, ty));
            }
            None
        }
        _ => None,
    }
}

/// A class or enumeration defined in the body of `owner`, a function compiled for the host
/// only (a local type of another function cannot be named here).
fn local_to_host_function<'db>(
    db: &'db dyn CheckDatabase,
    class: Item<'db>,
    owner: Item<'db>,
) -> bool {
    il::scope::local_types_in(db, owner).contains(&class)
        && *crate::entity::merged_exec_space(db, owner) == ExecSpace::Host
}
