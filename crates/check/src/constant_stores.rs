//! Stores into `__constant__` memory in device code: the front ends accept `ca[0] = 1;` and
//! `cp.x = 2;` (only a whole `__constant__` variable is not a modifiable lvalue, 137), but
//! cicc's back end then prints `warning: FILE(LINE): Warning: Cannot store to pointer that
//! points to constant memory space`, once per store, after everything the device pass's front
//! end printed ([`crate::Phase::Backend`]).
//!
//! Measured on nvcc 13.0.88 (`-arch=sm_90`): a warning per assignment, compound assignment,
//! `++`/`--` of an element or member (at any depth) of a `__constant__` variable in the body
//! of a `__global__` function, also of a `static` kernel nobody launches; none for the same
//! store in a `__device__` or `__host__ __device__` function (called from a kernel or not), in
//! a lambda inside the kernel, or in a branch a constant condition rules out (`if (false)`,
//! the `else` of `if (true)`, `while (0)`): what the optimizer has left when the back end
//! looks. None at all with `-G` or `-Xcicc -O0`, nor with `-w`. Kernels are printed in source
//! order, then the stores of the kernel templates a body launches (once per template, not per
//! instance). Through a pointer, only a local initialized to point into constant memory and
//! never changed is followed (`int *p = &ca[2]; *p = 3;`, measured: the optimizer sees
//! through it); the explicit instantiation of a kernel template is not modelled.
use hir_def::body::body_with_source_map;
use hir_def::hir::{BindingId, Condition, Expr, ExprId, Stmt, StmtId, UnaryOp};
use hir_ty::{Resolution, TyKind, infer};
use il::cuda::{ExecSpace, MemorySpace};
use il::decl::{routine_decl, variable_decl};
use il::{Item, ItemKind};
use rowan::TextRange;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes, Phase};
use crate::messages::{self as m, Severity};

#[salsa::tracked(returns(ref))]
pub fn constant_store_diagnostics<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Vec<ItemDiagnostic> {
    let backend = |offset: u32| {
        let mut d = ItemDiagnostic::discretionary(
            m::CONSTANT_MEMORY_STORE,
            Severity::Warning,
            &[],
            Passes::Device,
            offset,
        );
        d.discretionary = false;
        d.phase = Phase::Backend;
        d
    };
    if !crate::is_body_owner(db, item) || crate::entity::is_templated(db, item) {
        return Vec::new();
    }
    let mut out: Vec<ItemDiagnostic> = Vec::new();
    if is_kernel(db, item) {
        out.extend(constant_stores(db, item).iter().map(|&at| backend(at)));
    }
    // The instances of kernel templates this body launches: the template's stores, printed
    // once (after the kernels that are no instances, as cicc emits them).
    let (body, _) = body_with_source_map(db, item);
    let result = infer(db, item);
    for (id, expr) in body.exprs.iter() {
        if !matches!(expr, Expr::KernelLaunch { .. }) {
            continue;
        }
        let Some(call) = result.callee_info(id) else {
            continue;
        };
        if call.instance.is_none() || !is_kernel(db, call.item) {
            continue;
        }
        let template = salsa::plumbing::AsId::as_id(&call.item);
        out.extend(
            constant_stores(db, call.item)
                .iter()
                .map(|&at| backend(at).placed_in(template)),
        );
    }
    out
}

fn is_kernel(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    routine_decl(db, item).exec_space == ExecSpace::Global
}

/// The stores into `__constant__` memory in a kernel's (or kernel template's) own body, as
/// offsets in its tree, in source order.
#[salsa::tracked(returns(ref))]
pub fn constant_stores<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<u32> {
    if !crate::is_body_owner(db, item) || !is_kernel(db, item) {
        return Vec::new();
    }
    let (body, map) = body_with_source_map(db, item);
    let result = infer(db, item);
    // Code the optimizer removes (a branch a constant condition rules out) and lambdas' bodies
    // (their own functions, inlined: measured, no warning).
    let mut excluded: Vec<TextRange> = Vec::new();
    let constant = |e: ExprId| {
        hir_ty::const_eval::Evaluator::new(db, item, &body)
            .eval(e)
            .ok()
            .map(|v| v.value != 0)
    };
    let exclude_stmt = |s: StmtId, excluded: &mut Vec<TextRange>| {
        if let Some(ptr) = map.stmt_syntax(s) {
            excluded.push(ptr.text_range());
        }
    };
    for (_, stmt) in body.stmts.iter() {
        match stmt {
            Stmt::If {
                init: None,
                cond: Condition::Expr(c),
                then,
                else_,
                constexpr: false,
            } => match constant(*c) {
                Some(false) => exclude_stmt(*then, &mut excluded),
                Some(true) => {
                    if let Some(e) = else_ {
                        exclude_stmt(*e, &mut excluded);
                    }
                }
                None => {}
            },
            Stmt::While {
                cond: Condition::Expr(c),
                body: b,
            } if constant(*c) == Some(false) => exclude_stmt(*b, &mut excluded),
            Stmt::For {
                cond: Some(Condition::Expr(c)),
                body: b,
                ..
            } if constant(*c) == Some(false) => exclude_stmt(*b, &mut excluded),
            _ => {}
        }
    }
    for (id, expr) in body.exprs.iter() {
        if matches!(expr, Expr::Lambda(_))
            && let Some(ptr) = map.expr_syntax(id)
        {
            excluded.push(ptr.text_range());
        }
    }
    // Whether `e` is an element or member (at any depth, not through a pointer) of a
    // `__constant__` variable (`min_steps` 0: or the variable itself).
    let in_constant_from = |mut e: ExprId, min_steps: usize| -> bool {
        let mut steps = 0;
        loop {
            match &body.exprs[e] {
                Expr::Index { base, .. } => {
                    let is_array = result.type_of_expr(*base).is_some_and(|t| {
                        matches!(
                            t.strip_reference(db).unqualified(db).kind(db),
                            TyKind::Array(..)
                        )
                    });
                    if !is_array {
                        return false;
                    }
                    e = *base;
                }
                Expr::Member {
                    base, arrow: false, ..
                } => e = *base,
                Expr::Path(_) => {
                    return steps >= min_steps
                        && matches!(result.resolution(e), Some(Resolution::Item(var))
                            if var.kind(db) == ItemKind::Variable
                                && variable_decl(db, *var).memory_space == MemorySpace::Constant);
                }
                _ => return false,
            }
            steps += 1;
        }
    };
    let in_constant = |e: ExprId| in_constant_from(e, 1);
    // Locals pointing into constant memory: initialized with `&ca[i]`, `&cp.x`, `&cs` or an
    // array `ca` (decayed), and never assigned, incremented or having their address taken.
    let binding_of = |e: ExprId| match (&body.exprs[e], result.resolution(e)) {
        (Expr::Path(_), Some(Resolution::Binding(b))) => Some(*b),
        _ => None,
    };
    let mut changed: Vec<BindingId> = Vec::new();
    for (_, expr) in body.exprs.iter() {
        let target = match expr {
            Expr::Binary { op, lhs, .. } if op.is_assignment() => *lhs,
            Expr::Unary {
                op:
                    UnaryOp::AddrOf
                    | UnaryOp::PreInc
                    | UnaryOp::PreDec
                    | UnaryOp::PostInc
                    | UnaryOp::PostDec,
                expr,
            } => *expr,
            _ => continue,
        };
        changed.extend(binding_of(target));
    }
    let mut pointers: Vec<BindingId> = Vec::new();
    for (_, stmt) in body.stmts.iter() {
        let Stmt::Decl(decls) = stmt else { continue };
        for d in decls.iter() {
            let Some(init) = d.init else { continue };
            let into_constant = match &body.exprs[init] {
                Expr::Unary {
                    op: UnaryOp::AddrOf,
                    expr,
                } => in_constant_from(*expr, 0),
                Expr::Path(_) => {
                    in_constant_from(init, 0)
                        && result.type_of_expr(init).is_some_and(|t| {
                            matches!(
                                t.strip_reference(db).unqualified(db).kind(db),
                                TyKind::Array(..)
                            )
                        })
                }
                _ => false,
            };
            let is_pointer = result
                .type_of_binding(d.binding)
                .is_some_and(|t| matches!(t.unqualified(db).kind(db), TyKind::Pointer(_)));
            if into_constant && is_pointer && !changed.contains(&d.binding) {
                pointers.push(d.binding);
            }
        }
    }
    // `*p`, `p[i]`, `p->x` (and deeper) through such a pointer.
    let through_pointer = |mut e: ExprId| -> bool {
        loop {
            match &body.exprs[e] {
                Expr::Unary {
                    op: UnaryOp::Deref,
                    expr,
                } => return binding_of(*expr).is_some_and(|b| pointers.contains(&b)),
                Expr::Member {
                    base, arrow: true, ..
                } => return binding_of(*base).is_some_and(|b| pointers.contains(&b)),
                Expr::Index { base, .. } => {
                    if binding_of(*base).is_some_and(|b| pointers.contains(&b)) {
                        return true;
                    }
                    e = *base;
                }
                Expr::Member {
                    base, arrow: false, ..
                } => e = *base,
                _ => return false,
            }
        }
    };
    let mut out = Vec::new();
    for (id, expr) in body.exprs.iter() {
        let target = match expr {
            Expr::Binary { op, lhs, .. } if op.is_assignment() => *lhs,
            Expr::Unary {
                op: UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec,
                expr,
            } => *expr,
            _ => continue,
        };
        if !in_constant(target) && (pointers.is_empty() || !through_pointer(target)) {
            continue;
        }
        let Some(ptr) = map.expr_syntax(id) else {
            continue;
        };
        if excluded.iter().any(|r| r.contains_range(ptr.text_range())) {
            continue;
        }
        out.push(u32::from(ptr.text_range().start()));
    }
    out.sort_unstable();
    out
}
