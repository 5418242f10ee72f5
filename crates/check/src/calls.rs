//! Calls across execution spaces (spec section 2): which routine a call reaches comes from
//! type inference (`hir_ty::infer`'s callees), the spaces from il's declaration facts. One query
//! per function, [`call_diagnostics`].
//!
//! Host pass (cudafe++, at parse time, also in templates for non-dependent calls): 20007,
//! 20005, 20008, 20006. Device pass (cicc): constexpr host callees at parse time (20017,
//! 20019, 20013); other host callees in the late phase (20016/20018 + 20068, 20011), only for
//! functions kept for the device and not in templates (their instances are not modelled yet).
//! Launches: 20051 (a kernel called without configuration), 20023 (launch in device code
//! without `-rdc=true`).
use hir_def::body::body_with_source_map;
use hir_def::hir::{Expr, TypeOrExpr};
use hir_ty::{CalleeKind, infer};
use il::cuda::ExecSpace;
use il::decl::routine_decl;
use il::{Item, ItemKind};
use rowan::TextRange;
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::messages::{self as m, Severity};

/// Whether `item` is a template or a member of one (its body is checked only where it does
/// not depend on template arguments).
pub fn is_templated(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    let mut cur = Some(item);
    while let Some(i) = cur {
        if matches!(
            i.kind(db),
            ItemKind::FunctionTemplate | ItemKind::ClassTemplate
        ) {
            return true;
        }
        cur = i.parent(db);
    }
    false
}

/// `n::d(int)`: the callee as the messages name it, with its parameter types.
pub(crate) fn full_name(db: &dyn CheckDatabase, item: Item<'_>) -> String {
    let params = hir_ty::callable_sig(db, item)
        .as_ref()
        .map(|sig| {
            let mut list: Vec<String> = sig.params.iter().map(|t| t.to_source(db)).collect();
            if sig.variadic {
                list.push("...".into());
            }
            list.join(", ")
        })
        .unwrap_or_default();
    format!("{}({params})", qualified(db, item))
}

/// `n::d`, `S::m` (unnamed namespaces print as `<unnamed>`).
pub fn qualified(db: &dyn CheckDatabase, item: Item<'_>) -> String {
    item.qualified_name(db)
        .replace("(anonymous namespace)", "<unnamed>")
}

/// The offset of the name a call's caret points at: the callee expression's start, or a
/// member call's member name.
pub(crate) fn callee_offset(root: &SyntaxNode, range: TextRange) -> u32 {
    let node = root.covering_element(range);
    let node = match node {
        rowan::NodeOrToken::Node(n) => n,
        rowan::NodeOrToken::Token(t) => return u32::from(t.text_range().start()),
    };
    if matches!(node.kind(), MEMBER_EXPR)
        && let Some(ident) = node
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == IDENT)
            .last()
    {
        return u32::from(ident.text_range().start());
    }
    u32::from(range.start())
}

#[salsa::tracked(returns(ref))]
pub fn call_diagnostics<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<ItemDiagnostic> {
    if !matches!(
        item.kind(db),
        ItemKind::Routine | ItemKind::FunctionTemplate
    ) || item.body(db).is_none()
    {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let caller = routine_decl(db, item).exec_space;
    let caller_name = format!("\"{}\"", item.name_text(db).unwrap_or(""));
    let templated = is_templated(db, item);
    let rdc = base_db::Options::try_get(db).is_some_and(|o| o.compile(db).relocatable_device_code);
    let relaxed = base_db::Options::try_get(db).is_some_and(|o| o.compile(db).relaxed_constexpr);
    let (body, map) = body_with_source_map(db, item);
    let result = infer(db, item);

    // Calls inside a plain lambda are the closure's `operator()`'s, which runs where the
    // enclosing function runs (a kernel's on the device); extended lambdas (annotated) are
    // not checked yet. Unevaluated operands call nothing.
    let mut excluded: Vec<TextRange> = Vec::new();
    let mut lambdas: Vec<(TextRange, String)> = Vec::new();
    for (id, expr) in body.exprs.iter() {
        if let Expr::Lambda(lambda) = expr
            && lambda.attrs.is_empty()
            && let Some(ptr) = map.expr_syntax(id)
        {
            let params: Vec<String> = lambda
                .params
                .iter()
                .filter_map(|b| result.type_of_binding(*b))
                .map(|t| t.to_source(db))
                .collect();
            let constness = if lambda.mutable { "" } else { " const" };
            let name = format!(
                "\"{}::[lambda({}) (instance {})]::operator (){constness}\"",
                full_name(db, item),
                params.join(", "),
                lambdas.len() + 1
            );
            lambdas.push((ptr.text_range(), name));
            continue;
        }
        let skip = matches!(
            expr,
            Expr::Lambda(_)
                | Expr::SizeOf(TypeOrExpr::Expr(_))
                | Expr::AlignOf(TypeOrExpr::Expr(_))
                | Expr::TypeId(TypeOrExpr::Expr(_))
                | Expr::Noexcept(_)
        );
        if skip && let Some(ptr) = map.expr_syntax(id) {
            excluded.push(ptr.text_range());
        }
    }

    let mut out = Vec::new();
    let mut calls: Vec<_> = result.callees().collect();
    calls.sort_by_key(|(e, _)| map.expr_syntax(*e).map(|p| p.text_range().start()));
    for (expr, callee) in calls {
        let Some(ptr) = map.expr_syntax(expr) else {
            continue;
        };
        let range = ptr.text_range();
        if excluded.iter().any(|r| r.contains_range(range)) {
            continue;
        }
        // The innermost plain lambda around the call, if any: the caller is its operator().
        let lambda = lambdas
            .iter()
            .filter(|(r, _)| r.contains_range(range))
            .min_by_key(|(r, _)| r.len());
        let (caller, caller_name, device_caller_name) = match lambda {
            Some((_, long)) => (
                match caller {
                    ExecSpace::Global => ExecSpace::Device,
                    s => s,
                },
                "\"operator()\"".to_string(),
                long.clone(),
            ),
            None => (caller, caller_name.clone(), caller_name.clone()),
        };
        let callee_expr = match &body.exprs[expr] {
            Expr::Call { callee, .. } | Expr::KernelLaunch { callee, .. } => Some(*callee),
            _ => None,
        };
        let Some(callee_expr) = callee_expr else {
            // Operators and constructors: not checked yet.
            continue;
        };
        let at = map
            .expr_syntax(callee_expr)
            .map_or(u32::from(range.start()), |p| {
                callee_offset(&root, p.text_range())
            });
        let target = routine_decl(db, callee.item);
        let space = *crate::declarations::redeclarations::merged_exec_space(db, callee.item);
        if callee.kind == CalleeKind::KernelLaunch {
            if matches!(
                caller,
                ExecSpace::Device | ExecSpace::Global | ExecSpace::HostDevice
            ) && !rdc
                && !templated
            {
                out.push(ItemDiagnostic::error(
                    m::DEVICE_LAUNCH_NO_SEPCOMP,
                    &[],
                    Passes::Device,
                    at,
                ));
            }
            continue;
        }
        if space == ExecSpace::Global {
            out.push(ItemDiagnostic::error(
                m::CONFIGURATION,
                &["__global__", "must"],
                Passes::Both,
                at,
            ));
            continue;
        }
        if target.specifiers.is_consteval {
            continue;
        }
        let constexpr = target.specifiers.is_constexpr;
        if constexpr && relaxed {
            // `--expt-relaxed-constexpr`: constexpr functions may be called from either side.
            continue;
        }
        // C functions the CUDA headers also provide on the device (printf, malloc, memcpy...).
        let c_library = callee.item.extern_c(db) && space == ExecSpace::Host;
        let full = format!("\"{}\"", full_name(db, callee.item));
        let short = format!("\"{}\"", callee.item.name_text(db).unwrap_or(""));
        match (caller, space) {
            (ExecSpace::Host, ExecSpace::Device) => {
                let msg = if constexpr {
                    m::D_H_CALL_CONSTEXPR
                } else {
                    m::D_H_CALL
                };
                out.push(ItemDiagnostic::error(
                    msg,
                    &[&full, &caller_name],
                    Passes::Host,
                    at,
                ));
                if !constexpr && crate::header::deduced_return(db, callee.item) {
                    out.push(ItemDiagnostic::error(
                        m::AUTO_DEVICE_FN_REF,
                        &[&short, "outside the bodies of device functions"],
                        Passes::Host,
                        at,
                    ));
                }
            }
            (ExecSpace::HostDevice, ExecSpace::Device) => {
                let msg = if constexpr {
                    m::D_HD_CALL_CONSTEXPR
                } else {
                    m::D_HD_CALL
                };
                out.push(
                    ItemDiagnostic::error(msg, &[&full, &caller_name], Passes::Host, at)
                        .exec_check(),
                );
            }
            (ExecSpace::Device | ExecSpace::Global, ExecSpace::Host)
                if !templated && !c_library =>
            {
                let global = caller == ExecSpace::Global;
                if target.specifiers.is_virtual && callee.kind == CalleeKind::Method {
                    // A virtual call: reported while parsing, with the short name, and the
                    // function is not referenced as an identifier (no 20068).
                    let msg = if global { m::H_G_CALL } else { m::H_D_CALL };
                    out.push(ItemDiagnostic::error(
                        msg,
                        &[&short, &device_caller_name],
                        Passes::Device,
                        at,
                    ));
                } else if constexpr {
                    let msg = if global {
                        m::H_G_CALL_CONSTEXPR
                    } else {
                        m::H_D_CALL_CONSTEXPR
                    };
                    out.push(ItemDiagnostic::error(
                        msg,
                        &[&short, &device_caller_name],
                        Passes::Device,
                        at,
                    ));
                } else {
                    let msg = if global { m::H_G_CALL } else { m::H_D_CALL };
                    out.push(
                        ItemDiagnostic::error(
                            msg,
                            &[&full, &device_caller_name],
                            Passes::Device,
                            at,
                        )
                        .late()
                        .exec_check(),
                    );
                    let ident = format!("\"{}\"", qualified(db, callee.item));
                    out.push(
                        ItemDiagnostic::error(
                            m::UNDEFINED_IN_DEVICE,
                            &[&ident],
                            Passes::Device,
                            at,
                        )
                        .late(),
                    );
                }
            }
            (ExecSpace::HostDevice, ExecSpace::Host) if !templated && !c_library => {
                if constexpr {
                    out.push(ItemDiagnostic::discretionary(
                        m::H_HD_CALL_CONSTEXPR,
                        Severity::Warning,
                        &[&short, &device_caller_name],
                        Passes::Device,
                        at,
                    ));
                } else {
                    out.push(
                        ItemDiagnostic::discretionary(
                            m::H_HD_CALL,
                            Severity::Warning,
                            &[&full, &device_caller_name],
                            Passes::Device,
                            at,
                        )
                        .late()
                        .exec_check(),
                    );
                }
            }
            _ => {}
        }
    }
    out
}

/// The items a body names or calls: what makes an internal function "referenced" (rule P7,
/// and message 177).
#[salsa::tracked(returns(ref))]
pub fn body_references<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<Item<'db>> {
    if hir_def::source::body_owner_kind(db, item).is_none() {
        return Vec::new();
    }
    let body = hir_def::body::body(db, item);
    let result = infer(db, item);
    let mut out = Vec::new();
    for (id, _) in body.exprs.iter() {
        if let Some(c) = result.callee(id) {
            out.push(c);
        }
        match result.resolution(id) {
            Some(hir_ty::Resolution::Item(i)) => out.push(*i),
            Some(hir_ty::Resolution::Overloads(list)) => out.extend(list.iter().copied()),
            _ => {}
        }
    }
    out.sort_by_key(salsa::plumbing::AsId::as_id);
    out.dedup();
    out
}
