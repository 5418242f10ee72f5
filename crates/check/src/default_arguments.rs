//! Default arguments (spec 2.8): a call that leaves trailing arguments out evaluates the
//! callee's default arguments in the *caller*, so their calls are checked in the caller's
//! execution space, device side, late phase (measured: `__device__ int take(int x = h())`
//! called from `__device__ caller` gives 20016 `("h()")` from `("caller")` + 20068, at the
//! default argument's line; a constructor a default argument runs, `M m = M()`, at the call's
//! line; a host caller, nothing). Each caller reports a default argument once, however often
//! it uses it. The callee's own checks never see them: they are lowered apart from its body
//! (`hir_def::body::default_arguments`) and inferred apart
//! (`hir_ty::infer_default_arguments`).
use hir_def::body::Body;
use hir_def::hir::Expr;
use hir_ty::{CalleeKind, InferenceResult};
use il::ItemKind;
use il::cuda::ExecSpace;
use il::decl::routine_decl;
use syntax::SyntaxNode;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::messages::{self as m, Severity};
use crate::names::{full_name, qualified};
use crate::sites::callee_offset;

/// One call of the caller's body: where it is, where its caret goes, and the space and name
/// of the function making it (the closure's `operator()` inside a lambda).
pub(crate) struct CallSite<'a> {
    pub at: u32,
    pub caller: ExecSpace,
    pub caller_name: &'a str,
}

/// The diagnostics of the default arguments the call `expr` of the caller's body uses.
pub(crate) fn default_argument_calls<'db>(
    db: &'db dyn CheckDatabase,
    body: &Body,
    result: &InferenceResult<'db>,
    expr: hir_def::hir::ExprId,
    site: &CallSite<'_>,
    out: &mut Vec<ItemDiagnostic>,
) {
    if !matches!(
        site.caller,
        ExecSpace::Device | ExecSpace::Global | ExecSpace::HostDevice
    ) {
        return;
    }
    let Expr::Call { args, .. } = &body.exprs[expr] else {
        return;
    };
    let Some(callee) = result.callee_info(expr) else {
        return;
    };
    if callee.kind == CalleeKind::KernelLaunch || callee.item.kind(db) != ItemKind::Routine {
        return;
    }
    let (defaults, map) = hir_def::body::default_arguments(db, callee.item);
    let used: Vec<hir_def::hir::ExprId> = defaults
        .param_defaults
        .iter()
        .skip(args.len())
        .flatten()
        .copied()
        .collect();
    if used.is_empty() {
        return;
    }
    let inferred = hir_ty::infer_default_arguments(db, callee.item);
    let root = SyntaxNode::new_root(callee.item.header(db).clone());
    let place = salsa::plumbing::AsId::as_id(&callee.item);
    let mut calls: Vec<_> = inferred
        .callees()
        .filter_map(|(e, c)| Some((map.expr_syntax(e)?.text_range(), e, c)))
        .filter(|(range, _, _)| {
            used.iter()
                .filter_map(|d| map.expr_syntax(*d))
                .any(|d| d.text_range().contains_range(*range))
        })
        .collect();
    calls.sort_by_key(|(range, _, _)| range.start());
    for (range, e, target) in calls {
        let space = *crate::entity::merged_exec_space(db, target.item);
        let decl = routine_decl(db, target.item);
        if space != ExecSpace::Host
            || target.item.extern_c(db)
            || decl.specifiers.is_constexpr
            || decl.specifiers.is_consteval
            || target.kind == CalleeKind::KernelLaunch
        {
            continue;
        }
        // A constructor the default argument runs is reported at the call; anything else in
        // the callee's declaration, at the default argument.
        let constructor = target.kind == CalleeKind::Constructor
            || !matches!(defaults.exprs[e], Expr::Call { .. });
        let at = match &defaults.exprs[e] {
            Expr::Call { callee, .. } if !constructor => map
                .expr_syntax(*callee)
                .map_or(u32::from(range.start()), |p| {
                    callee_offset(&root, p.text_range())
                }),
            _ => u32::from(range.start()),
        };
        let placed = |d: ItemDiagnostic| {
            if constructor {
                d.late()
            } else {
                d.late().placed_in_per_reporter(place)
            }
        };
        let at = if constructor { site.at } else { at };
        let full = format!("\"{}\"", full_name(db, target.item));
        let caller = format!("\"{}\"", site.caller_name.trim_matches('"'));
        let found = if site.caller == ExecSpace::HostDevice {
            vec![placed(
                ItemDiagnostic::discretionary(
                    m::H_HD_CALL,
                    Severity::Warning,
                    &[&full, &caller],
                    Passes::Device,
                    at,
                )
                .exec_check(),
            )]
        } else {
            let msg = if site.caller == ExecSpace::Global {
                m::H_G_CALL
            } else {
                m::H_D_CALL
            };
            let ident = format!("\"{}\"", qualified(db, target.item));
            vec![
                placed(
                    ItemDiagnostic::error(msg, &[&full, &caller], Passes::Device, at).exec_check(),
                ),
                placed(ItemDiagnostic::error(
                    m::UNDEFINED_IN_DEVICE,
                    &[&ident],
                    Passes::Device,
                    at,
                )),
            ]
        };
        for d in found {
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
}
