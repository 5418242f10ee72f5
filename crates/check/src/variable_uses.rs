//! Variables across spaces (spec section 3): a device-side variable read, written or taken the
//! address of in host code (host pass, warnings 20091-20093), a host variable in device code
//! (device pass, 20094-20096 and the late 20068), whole writes to a `__constant__` variable
//! (137, both passes). What a name denotes comes from type inference's resolutions. One query
//! per function, [`variable_use_diagnostics`].
use hir_def::body::body_with_source_map;
use hir_def::hir::{BinaryOp, Expr, ExprId, TypeOrExpr, UnaryOp};
use hir_ty::{Resolution, infer};
use il::cuda::{ExecSpace, MemorySpace};
use il::decl::{routine_decl, variable_decl};
use il::{Item, ItemKind};
use rowan::TextRange;
use rustc_hash::FxHashMap;
use syntax::SyntaxKind::IDENT;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::messages::{self as m, Severity};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    Write,
    ReadWrite,
    Address,
}

#[salsa::tracked(returns(ref))]
pub fn variable_use_diagnostics<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Vec<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) || crate::entity::is_templated(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let space = routine_decl(db, item).exec_space;
    let (body, map) = body_with_source_map(db, item);
    let result = infer(db, item);

    // How each name expression is used: the target of an assignment, incremented, its
    // address taken, or read.
    let mut access: FxHashMap<ExprId, Access> = FxHashMap::default();
    let mut excluded: Vec<TextRange> = Vec::new();
    for (id, expr) in body.exprs.iter() {
        match expr {
            Expr::Binary { op, lhs, .. } if op.is_assignment() => {
                let a = if *op == BinaryOp::Assign {
                    Access::Write
                } else {
                    Access::ReadWrite
                };
                access.insert(*lhs, a);
            }
            Expr::Unary { op, expr } => match op {
                UnaryOp::AddrOf => {
                    access.insert(*expr, Access::Address);
                }
                UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                    access.insert(*expr, Access::ReadWrite);
                }
                _ => {}
            },
            Expr::SizeOf(TypeOrExpr::Expr(_))
            | Expr::AlignOf(TypeOrExpr::Expr(_))
            | Expr::TypeId(TypeOrExpr::Expr(_))
            | Expr::Noexcept(_)
            | Expr::Decltype { .. }
            | Expr::Lambda(_) => {
                if let Some(ptr) = map.expr_syntax(id) {
                    excluded.push(ptr.text_range());
                }
            }
            _ => {}
        }
    }
    // Bound to a reference (a call's reference parameter, `int &r = v`): no access; `refs`
    // are the known bindings, `bound` also the arguments of calls inference left unresolved.
    let mut bound: Vec<ExprId> = Vec::new();
    let mut refs: Vec<ExprId> = Vec::new();
    for (id, expr) in body.exprs.iter() {
        let Expr::Call { args, .. } = expr else {
            continue;
        };
        match result
            .callee(id)
            .and_then(|c| hir_ty::callable_sig(db, c).clone())
        {
            Some(sig) => {
                for (arg, param) in args.iter().zip(sig.params.iter()) {
                    if matches!(param.kind(db), hir_ty::TyKind::Reference(..)) {
                        bound.push(*arg);
                        refs.push(*arg);
                    }
                }
            }
            // A call inference could not resolve: how it passes its arguments is unknown,
            // so nothing is said about them.
            None => bound.extend(args.iter().copied()),
        }
    }
    for (_, stmt) in body.stmts.iter() {
        if let hir_def::hir::Stmt::Decl(decls) = stmt {
            for d in decls.iter() {
                if let Some(init) = d.init
                    && result
                        .type_of_binding(d.binding)
                        .is_some_and(|t| matches!(t.kind(db), hir_ty::TyKind::Reference(..)))
                {
                    bound.push(init);
                    refs.push(init);
                }
            }
        }
    }
    // The initializers of constexpr locals: constant expressions, where a constant's value
    // is used, not its object.
    let constant_inits: Vec<TextRange> = body
        .stmts
        .iter()
        .filter_map(|(_, stmt)| match stmt {
            hir_def::hir::Stmt::Decl(decls) => Some(decls.iter()),
            _ => None,
        })
        .flatten()
        .filter(|d| body.bindings[d.binding].flags.is_constexpr)
        .filter_map(|d| map.expr_syntax(d.init?).map(|p| p.text_range()))
        .collect();
    // `a[i] = x`, `s.m = x`: the array or object is read, its element written.
    let element_of = |e: ExprId| -> Option<ExprId> {
        match &body.exprs[e] {
            Expr::Index { base, .. } => Some(*base),
            Expr::Member {
                base, arrow: false, ..
            } => Some(*base),
            _ => None,
        }
    };

    let mut out = Vec::new();
    for (id, expr) in body.exprs.iter() {
        if !matches!(expr, Expr::Path(_)) {
            continue;
        }
        let Some(Resolution::Item(var)) = result.resolution(id) else {
            continue;
        };
        if matches!(space, ExecSpace::Device | ExecSpace::Global)
            && is_namespace_anonymous_union_member(db, *var)
            && let Some(ptr) = map.expr_syntax(id)
        {
            out.push(ItemDiagnostic::error(
                m::ANONYMOUS_UNION_MEMBER_IN_DEVICE,
                &[],
                Passes::Device,
                u32::from(ptr.text_range().start()),
            ));
            continue;
        }
        if var.kind(db) != ItemKind::Variable {
            continue;
        }
        let Some(ptr) = map.expr_syntax(id) else {
            continue;
        };
        if excluded.iter().any(|r| r.contains_range(ptr.text_range())) {
            continue;
        }
        let at = root
            .covering_element(ptr.text_range())
            .into_node()
            .and_then(|n| {
                n.descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .filter(|t| t.kind() == IDENT)
                    .last()
            })
            .map_or(u32::from(ptr.text_range().start()), |t| {
                u32::from(t.text_range().start())
            });
        // The access to the variable itself, or to an element or member of it.
        let direct = access.get(&id).copied();
        let element = body
            .exprs
            .iter()
            .find(|(e, _)| element_of(*e) == Some(id))
            .map(|(e, _)| e);
        let facts = variable_decl(db, *var);
        let memory = facts.memory_space;
        if matches!(space, ExecSpace::Device | ExecSpace::Global)
            && memory == MemorySpace::Host
            && let Some(odr) = constant_use(
                db,
                &body,
                *var,
                id,
                direct,
                element,
                &refs,
                constant_inits
                    .iter()
                    .any(|r| r.contains_range(ptr.text_range())),
            )
        {
            if odr {
                let name = crate::names::qualified(db, *var);
                out.push(
                    ItemDiagnostic::error(
                        m::UNDEFINED_IN_DEVICE,
                        &[&format!("\"{name}\"")],
                        Passes::Device,
                        at,
                    )
                    .late(),
                );
            }
            continue;
        }
        if bound.contains(&id) {
            continue;
        }
        let name = crate::names::qualified(db, *var);
        let is_member = var
            .parent(db)
            .is_some_and(|p| p.kind(db) != ItemKind::Namespace);
        let noun = if is_member { "member" } else { "variable" };
        let on_host = matches!(space, ExecSpace::Host | ExecSpace::HostDevice);
        let on_device = matches!(
            space,
            ExecSpace::Device | ExecSpace::Global | ExecSpace::HostDevice
        );
        let warn = |msg, args: &[&str], passes| {
            ItemDiagnostic::discretionary(msg, Severity::Warning, args, passes, at)
        };
        // Whole writes to a `__constant__` variable, or to a const one (C++'s own rule).
        let is_const_object = facts.specifiers.is_constexpr
            || matches!(
                hir_ty::declared_ty(db, *var).kind(db),
                hir_ty::TyKind::Qualified(cv, _) if cv.is_const
            );
        if (memory == MemorySpace::Constant || is_const_object)
            && matches!(direct, Some(Access::Write | Access::ReadWrite))
        {
            out.push(ItemDiagnostic::error(
                m::MODIFIABLE_LVALUE,
                &[],
                Passes::Both,
                at,
            ));
            continue;
        }
        if on_host
            && matches!(
                memory,
                MemorySpace::Device | MemorySpace::Constant | MemorySpace::Shared
            )
        {
            let word = match memory {
                MemorySpace::Constant => "__constant__",
                MemorySpace::Shared => "__shared__",
                _ => "__device__",
            };
            let what = format!("{noun} \"{name}\"");
            let header = syntax::SyntaxNode::new_root(var.header(db).clone());
            let is_const = crate::header::has_child_token(&header, syntax::SyntaxKind::CONST_KW)
                || facts.specifiers.is_constexpr;
            // An array used whole decays to a pointer: its address is taken, it is not read.
            let is_array = matches!(
                hir_ty::declared_ty(db, *var).kind(db),
                hir_ty::TyKind::Array(..)
            );
            let access = match (direct, element) {
                (Some(a), _) => Some(a),
                (None, Some(e)) => access.get(&e).copied(),
                (None, None) if is_array => Some(Access::Address),
                (None, None) => None,
            };
            if is_const && access.is_none() {
                continue;
            }
            match access {
                Some(Access::Address) => {
                    if memory == MemorySpace::Shared {
                        out.push(warn(
                            m::DEVICE_VAR_ADDRESS_IN_HOST,
                            &[word, &what],
                            Passes::Host,
                        ));
                    }
                }
                Some(Access::Write) => out.push(warn(
                    m::DEVICE_VAR_WRITTEN_IN_HOST,
                    &[word, &what],
                    Passes::Host,
                )),
                Some(Access::ReadWrite) => {
                    out.push(warn(
                        m::DEVICE_VAR_READ_IN_HOST,
                        &[word, &what],
                        Passes::Host,
                    ));
                    out.push(warn(
                        m::DEVICE_VAR_WRITTEN_IN_HOST,
                        &[word, &what],
                        Passes::Host,
                    ));
                }
                None => out.push(warn(
                    m::DEVICE_VAR_READ_IN_HOST,
                    &[word, &what],
                    Passes::Host,
                )),
            }
        }
        if on_device && memory == MemorySpace::Host && !facts.specifiers.is_constexpr {
            // const host variables with constant initializers are usable in device code.
            let header = syntax::SyntaxNode::new_root(var.header(db).clone());
            if crate::header::has_child_token(&header, syntax::SyntaxKind::CONST_KW)
                || facts.specifiers.is_extern && name.starts_with("std::")
            {
                continue;
            }
            let what = format!("{noun} \"{name}\"");
            let msg = match direct {
                Some(Access::Address) => m::HOST_VAR_ADDRESS_IN_DEVICE,
                Some(Access::Write) => m::HOST_VAR_WRITTEN_IN_DEVICE,
                _ => m::HOST_VAR_READ_IN_DEVICE,
            };
            out.push(warn(msg, &[&what], Passes::Device));
            out.push(
                ItemDiagnostic::error(
                    m::UNDEFINED_IN_DEVICE,
                    &[&format!("\"{name}\"")],
                    Passes::Device,
                    at,
                )
                .late(),
            );
        }
    }
    out
}

/// A `const` or `constexpr` host variable used in device code (spec 3.3): `None` when the
/// variable is neither; else whether the use needs the host object itself, which device code
/// cannot reach (20068 alone): a `const` variable initialized by a non-constexpr call,
/// or a constant's address taken, bound to a reference, or an array indexed outside a
/// constant expression (a constexpr local's initializer). Its value alone is usable.
#[allow(clippy::too_many_arguments)]
fn constant_use<'db>(
    db: &'db dyn CheckDatabase,
    body: &hir_def::body::Body,
    var: Item<'db>,
    use_expr: ExprId,
    direct: Option<Access>,
    element: Option<ExprId>,
    refs: &[ExprId],
    in_constant_context: bool,
) -> Option<bool> {
    let facts = variable_decl(db, var);
    let ty = hir_ty::declared_ty(db, var);
    let is_const = facts.specifiers.is_constexpr
        || match ty.kind(db) {
            hir_ty::TyKind::Qualified(cv, _) => cv.is_const,
            hir_ty::TyKind::Array(elem, _) => {
                matches!(elem.kind(db), hir_ty::TyKind::Qualified(cv, _) if cv.is_const)
            }
            _ => false,
        };
    if !is_const || ty.is_dependent(db) || ty.is_error(db) {
        return None;
    }
    if !facts.specifiers.is_constexpr
        && hir_def::source::body_owner_kind(db, var).is_some()
        && let Some(init) = hir_def::body::body(db, var).init_expr
        && crate::bodies::calls_non_constexpr(db, var, init)
    {
        // Initialized at run time on the host: the value is not known to the device.
        return Some(true);
    }
    if direct == Some(Access::Address) || refs.contains(&use_expr) {
        return Some(true);
    }
    // `arr[i]`, `arr[1]` outside a constant expression: the array decays to its address.
    let indexed = element.is_some_and(|e| matches!(body.exprs[e], Expr::Index { .. }));
    Some(indexed && !in_constant_context)
}

/// A member of an anonymous union declared at namespace scope (`static union { int a; };`):
/// device code may not name it (20104).
fn is_namespace_anonymous_union_member(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    item.kind(db) == ItemKind::Field
        && item.parent(db).is_some_and(|union| {
            union.kind(db) == ItemKind::Union
                && union.signature_key(db) == il::lower::ANONYMOUS_AGGREGATE
                && union
                    .parent(db)
                    .is_none_or(|scope| scope.kind(db) == ItemKind::Namespace)
        })
}
