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
//! order; template instances (printed after them) and stores through a pointer into constant
//! memory (`int *p = &ca[2]; *p = 3;`, which nvcc reports too) are not modelled.
use hir_def::body::body_with_source_map;
use hir_def::hir::{Condition, Expr, ExprId, Stmt, StmtId, UnaryOp};
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
    if item.kind(db) != ItemKind::Routine
        || item.body(db).is_none()
        || crate::calls::is_templated(db, item)
        || routine_decl(db, item).exec_space != ExecSpace::Global
    {
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
    // `__constant__` variable.
    let in_constant = |mut e: ExprId| -> bool {
        let mut steps = 0;
        loop {
            match &body.exprs[e] {
                Expr::Index { base, .. } => {
                    let is_array = result.type_of_expr(*base).is_some_and(|t| {
                        matches!(t.strip_reference(db).unqualified(db).kind(db), TyKind::Array(..))
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
                    return steps > 0
                        && matches!(result.resolution(e), Some(Resolution::Item(var))
                            if var.kind(db) == ItemKind::Variable
                                && variable_decl(db, *var).memory_space == MemorySpace::Constant);
                }
                _ => return false,
            }
            steps += 1;
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
        if !in_constant(target) {
            continue;
        }
        let Some(ptr) = map.expr_syntax(id) else {
            continue;
        };
        if excluded.iter().any(|r| r.contains_range(ptr.text_range())) {
            continue;
        }
        let mut d = ItemDiagnostic::discretionary(
            m::CONSTANT_MEMORY_STORE,
            Severity::Warning,
            &[],
            Passes::Device,
            u32::from(ptr.text_range().start()),
        );
        d.discretionary = false;
        d.phase = Phase::Backend;
        out.push(d);
    }
    out.sort_by_key(|d| d.offset);
    out
}
