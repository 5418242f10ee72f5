//! Uses of deleted, deprecated and unavailable entities (spec section 5): what a body names or
//! calls comes from type inference (`hir_ty::infer`'s callees and resolutions), whether the
//! entity is deleted from il's declaration facts, its `deprecated`/`unavailable` attribute from
//! its header. One query per function, [`availability_diagnostics`].
//!
//! - 1776, both passes: a deleted function called or named (`function "f()" (declared at line
//!   N) cannot be referenced -- it is a deleted function`).
//! - 1215/1444 (warnings) and 3285/3286 (errors), device pass, in device and HD bodies only
//!   (host uses are the host compiler's business), each followed by a note at the attribute
//!   (3287/3263).
use hir_def::body::body_with_source_map;
use hir_def::hir::{Expr, TypeOrExpr};
use hir_ty::{CalleeKind, Resolution, infer};
use il::cuda::ExecSpace;
use il::decl::routine_decl;
use il::{Item, ItemKind};
use rowan::TextRange;
use rowan::ast::AstNode;
use rustc_hash::FxHashSet;
use salsa::plumbing::AsId;
use syntax::SyntaxKind::*;
use syntax::{SyntaxNode, ast};

use crate::CheckDatabase;
use crate::diagnostic::{DECLARED_LINE, ItemDiagnostic, Passes, Related};
use crate::header;
use crate::messages::{self as m, Severity};

#[salsa::tracked(returns(ref))]
pub fn availability_diagnostics<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Vec<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) || crate::entity::is_templated(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let device_code = matches!(
        routine_decl(db, item).exec_space,
        ExecSpace::Device | ExecSpace::Global | ExecSpace::HostDevice
    );
    let (body, map) = body_with_source_map(db, item);
    let result = infer(db, item);

    // Unevaluated operands and lambdas (their bodies belong to the closure) are left out; the
    // callee expression of a call is reported as the call.
    let mut excluded: Vec<TextRange> = Vec::new();
    let mut callee_exprs = FxHashSet::default();
    for (id, expr) in body.exprs.iter() {
        match expr {
            Expr::Lambda(_)
            | Expr::SizeOf(TypeOrExpr::Expr(_))
            | Expr::AlignOf(TypeOrExpr::Expr(_))
            | Expr::TypeId(TypeOrExpr::Expr(_))
            | Expr::Noexcept(_)
            | Expr::Decltype { .. } => {
                if let Some(ptr) = map.expr_syntax(id) {
                    excluded.push(ptr.text_range());
                }
            }
            Expr::Call { callee, .. } | Expr::KernelLaunch { callee, .. } => {
                callee_exprs.insert(*callee);
            }
            _ => {}
        }
    }
    // (offset, entity) for every use, in source order.
    let mut uses: Vec<(u32, Item<'db>)> = Vec::new();
    for (id, expr) in body.exprs.iter() {
        let Some(ptr) = map.expr_syntax(id) else {
            continue;
        };
        let range = ptr.text_range();
        if excluded.iter().any(|r| r.contains_range(range)) {
            continue;
        }
        if let Some(callee) = result.callee_info(id) {
            let callee_expr = match expr {
                Expr::Call { callee, .. } | Expr::KernelLaunch { callee, .. } => Some(*callee),
                _ => None,
            };
            if let Some(callee_expr) = callee_expr
                && matches!(callee.kind, CalleeKind::Function | CalleeKind::Method)
            {
                let at = map
                    .expr_syntax(callee_expr)
                    .map_or(u32::from(range.start()), |p| {
                        crate::sites::callee_offset(&root, p.text_range())
                    });
                uses.push((at, callee.item));
            } else if callee.kind == CalleeKind::Constructor {
                // `S b(a)`: EDG points at the first argument.
                let first = match expr {
                    Expr::ParenInit(args) | Expr::InitList(args) => args.first().copied(),
                    _ => None,
                };
                let at = first
                    .and_then(|a| map.expr_syntax(a))
                    .map_or(range.start(), |p| p.text_range().start());
                uses.push((u32::from(at), callee.item));
            }
            continue;
        }
        if callee_exprs.contains(&id) {
            continue;
        }
        let target = match result.resolution(id) {
            Some(Resolution::Item(target)) => *target,
            // `&f` of a function with one declaration: the overload set of one.
            Some(Resolution::Overloads(list)) if list.len() == 1 => list[0],
            _ => continue,
        };
        if matches!(expr, Expr::Path(_)) {
            uses.push((u32::from(range.start()), target));
        }
    }
    uses.sort_by_key(|(at, _)| *at);
    uses.dedup();

    let mut out = Vec::new();
    // `S s;`: a local default-initialized whose class's default constructor is deleted
    // (declared `= delete`, or implicitly: a reference member, ...): 1790, both passes; one
    // whose class leaves a `const` member uninitialized: 369.
    for (_, stmt) in body.stmts.iter() {
        let (hir_def::hir::Stmt::Decl(decls) | hir_def::hir::Stmt::TypeDecl { decls, .. }) = stmt
        else {
            continue;
        };
        for d in decls.iter() {
            let binding = &body.bindings[d.binding];
            if d.init.is_some()
                || binding.kind != hir_def::hir::BindingKind::Local
                || binding.flags.is_extern
            {
                continue;
            }
            let (Some(ty), Some(ptr)) = (
                result.type_of_binding(d.binding),
                map.binding_syntax(d.binding),
            ) else {
                continue;
            };
            if excluded.iter().any(|r| r.contains_range(ptr.text_range())) {
                continue;
            }
            let mut class = ty;
            while let hir_ty::TyKind::Array(elem, _) = class.kind(db) {
                class = *elem;
            }
            if class.unqualified(db).as_class(db).is_none() {
                continue;
            }
            let at = header::name_offset(&ptr.to_node(&root));
            if hir_ty::special::default_constructor_deleted(db, class) {
                out.push(ItemDiagnostic::error(
                    m::DELETED_DEFAULT_CONSTRUCTOR,
                    &[&format!("\"{}\"", class.unqualified(db).to_source(db))],
                    Passes::Both,
                    at,
                ));
            } else if hir_ty::special::uninitialized_const_member(db, class)
                && let Some(name) = &binding.name
            {
                out.push(ItemDiagnostic::error(
                    m::UNINITIALIZED_CONST_MEMBER,
                    &[&format!("variable \"{name}\"")],
                    Passes::Both,
                    at,
                ));
            }
        }
    }
    for (at, target) in uses {
        let is_routine = matches!(
            target.kind(db),
            ItemKind::Routine | ItemKind::FunctionTemplate
        );
        if !is_routine && target.kind(db) != ItemKind::Variable {
            continue;
        }
        if is_routine && routine_decl(db, target).is_deleted {
            let line = header::name_offset_of(db, target);
            let name = format!(
                "function \"{}\" (declared at line {DECLARED_LINE})",
                crate::names::full_name(db, target)
            );
            let mut d = ItemDiagnostic::error(m::DELETED_FUNCTION, &[&name], Passes::Both, at);
            d.related = Some(Related {
                item: target.as_id(),
                offset: line,
                note: None,
            });
            out.push(d);
            continue;
        }
        if !device_code {
            continue;
        }
        let Some(attr) = availability_attr(db, target) else {
            continue;
        };
        let what = if is_routine { "function" } else { "variable" };
        let name = format!("{what} \"{}\"", crate::names::qualified(db, target));
        let mut d = match (attr.unavailable, &attr.message) {
            (false, None) => ItemDiagnostic::discretionary(
                m::DEPRECATED,
                Severity::Warning,
                &[&name],
                Passes::Device,
                at,
            ),
            (false, Some(msg)) => ItemDiagnostic::discretionary(
                m::DEPRECATED_WITH_MESSAGE,
                Severity::Warning,
                &[&name, msg],
                Passes::Device,
                at,
            ),
            (true, None) => ItemDiagnostic::error(m::UNAVAILABLE, &[&name], Passes::Device, at),
            (true, Some(msg)) => ItemDiagnostic::error(
                m::UNAVAILABLE_WITH_MESSAGE,
                &[&name, msg],
                Passes::Device,
                at,
            ),
        };
        let note = if attr.unavailable {
            m::UNAVAILABLE_ATTR
        } else {
            m::DEPRECATED_ATTR
        };
        d.related = Some(Related {
            item: target.as_id(),
            offset: attr.offset,
            note: Some((note.number, note.text.to_string())),
        });
        out.push(d);
    }
    out
}

/// A `deprecated` or `unavailable` attribute of a declaration: its message (quoted, as
/// written) and the offset of its name in the item's tree.
struct AvailabilityAttr {
    unavailable: bool,
    message: Option<String>,
    offset: u32,
}

fn availability_attr(db: &dyn CheckDatabase, item: Item<'_>) -> Option<AvailabilityAttr> {
    let root = SyntaxNode::new_root(item.header(db).clone());
    let decl = header::declaration(&root)?;
    decl.node
        .descendants()
        .filter(|n| !n.ancestors().any(|a| a.kind() == PARAM_LIST))
        .filter_map(ast::Attribute::cast)
        .find_map(|attr| {
            let unavailable = if attr.is_named("deprecated") {
                false
            } else if attr.is_named("unavailable") {
                // GNU's spellings only: `[[unavailable]]` and `[[clang::unavailable]]` are
                // ignored.
                let spec = attr.syntax().parent().and_then(ast::AttributeSpec::cast)?;
                if !spec.is_gnu() && !attr_is_gnu_scoped(&attr) {
                    return None;
                }
                true
            } else {
                return None;
            };
            let message = attr.args().and_then(|args| {
                header::tokens(&args)
                    .iter()
                    .find(|t| t.kind() == STRING_LIT)
                    .map(|t| t.text().to_string())
            });
            Some(AvailabilityAttr {
                unavailable,
                message,
                offset: u32::from(attr.name()?.text_range().start()),
            })
        })
}

/// `[[gnu::unavailable]]`.
fn attr_is_gnu_scoped(attr: &ast::Attribute) -> bool {
    header::tokens(attr.syntax())
        .first()
        .is_some_and(|t| t.text() == "gnu")
}
