//! Declared but never referenced (177) and set but never used (550): the device pass's
//! warnings (cicc; cudafe++ keeps them quiet). Locals per body over inference's name
//! resolutions ([`local_diagnostics`]); internal functions and variables against the
//! references of every body of the view ([`unreferenced`]).
use hir_def::body::body_with_source_map;
use hir_def::hir::{BinaryOp, BindingId, BindingKind, Expr, Stmt, TypeOrExpr};
use hir_ty::{Resolution, TyKind, infer};
use il::decl::{Linkage, linkage, routine_decl, variable_decl};
use il::ty::Builtin;
use il::{Item, ItemKind};
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::SyntaxNode;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::header;
use crate::messages::{self as m, Severity};

/// Locals of a function never referenced (177) or only assigned (550).
#[salsa::tracked(returns(ref))]
pub fn local_diagnostics<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) || crate::entity::is_templated(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let (body, map) = body_with_source_map(db, item);
    let result = infer(db, item);
    // Uses of each binding, how many of them are the target of `=` (or `x[i] =`), and how
    // many are discarded (`(void)x`: a reference, not a use).
    let mut uses: FxHashMap<BindingId, (usize, usize)> = FxHashMap::default();
    let mut discarded: FxHashMap<BindingId, usize> = FxHashMap::default();
    for (id, _) in body.exprs.iter() {
        if let Some(Resolution::Binding(b)) = result.resolution(id) {
            uses.entry(*b).or_default().0 += 1;
        }
    }
    // Names in unevaluated operands (`decltype(y) x`, `sizeof(y)`) reference the local
    // without using it (measured: "set but never used" for `y`, no 177 for an unset one).
    let unevaluated: Vec<rowan::TextRange> = body
        .exprs
        .iter()
        .filter(|(_, e)| {
            matches!(
                e,
                Expr::Decltype { .. }
                    | Expr::SizeOf(TypeOrExpr::Expr(_))
                    | Expr::AlignOf(TypeOrExpr::Expr(_))
                    | Expr::Noexcept(_)
            )
        })
        .filter_map(|(id, _)| map.expr_syntax(id).map(|p| p.text_range()))
        .collect();
    for (id, _) in body.exprs.iter() {
        if let Some(Resolution::Binding(b)) = result.resolution(id)
            && map
                .expr_syntax(id)
                .is_some_and(|p| unevaluated.iter().any(|r| r.contains_range(p.text_range())))
        {
            *discarded.entry(*b).or_default() += 1;
        }
    }
    let lambdas: Vec<rowan::TextRange> = body
        .exprs
        .iter()
        .filter(|(_, e)| matches!(e, Expr::Lambda(_)))
        .filter_map(|(id, _)| map.expr_syntax(id).map(|p| p.text_range()))
        .collect();
    for (id, expr) in body.exprs.iter() {
        let target = match expr {
            Expr::Binary {
                op: BinaryOp::Assign,
                lhs,
                ..
            } => match &body.exprs[*lhs] {
                // `p[i] = v` through a pointer reads `p`; only an array's element is set.
                Expr::Index { base, .. }
                    if matches!(result.resolution(*base), Some(Resolution::Binding(b))
                        if result.type_of_binding(*b).is_some_and(|ty| is_pointer(db, ty))) =>
                {
                    continue;
                }
                Expr::Index { base, .. } | Expr::Member { base, .. } => *base,
                // A whole class object assigned calls its `operator=`: a use.
                _ if result
                    .type_of_expr(*lhs)
                    .is_some_and(|t| matches!(t.kind(db), TyKind::Class(_))) =>
                {
                    continue;
                }
                _ => *lhs,
            },
            // `(void)x`, `static_cast<void>(x)`: a reference, not a use (measured: "set but
            // never used" after `int x = 0; (void)x;`).
            Expr::Cast { args, .. }
                if args.len() == 1
                    && result
                        .type_of_expr(id)
                        .is_some_and(|t| matches!(t.kind(db), TyKind::Builtin(Builtin::Void))) =>
            {
                let in_lambda = map
                    .expr_syntax(id)
                    .is_some_and(|p| lambdas.iter().any(|l| l.contains_range(p.text_range())));
                // In a lambda the name captures the variable: a use.
                if !in_lambda && let Some(Resolution::Binding(b)) = result.resolution(args[0]) {
                    *discarded.entry(*b).or_default() += 1;
                }
                continue;
            }
            _ => continue,
        };
        if let Some(Resolution::Binding(b)) = result.resolution(target) {
            uses.entry(*b).or_default().1 += 1;
        }
    }
    let mut out = Vec::new();
    for (_, stmt) in body.stmts.iter() {
        let Stmt::Decl(decls) = stmt else { continue };
        for local in decls.iter() {
            let binding = &body.bindings[local.binding];
            if binding.kind != BindingKind::Local
                || binding.flags.is_extern
                || binding.flags.is_static
                || binding.attrs.iter().any(|a| &**a != "shared")
            {
                continue;
            }
            let Some(ty) = result.type_of_binding(local.binding) else {
                continue;
            };
            if !plain_data(db, ty) {
                continue;
            }
            let (used, assigned) = uses.get(&local.binding).copied().unwrap_or_default();
            let voided = discarded.get(&local.binding).copied().unwrap_or_default();
            // Set: initialized (also by a default constructor that initializes members),
            // assigned, or a `__shared__` variable.
            let set = local.init.is_some()
                || assigned > 0
                || binding.attrs.iter().any(|a| &**a == "shared")
                || hir_ty::special::special_member(db, ty, hir_ty::SpecialKind::DefaultConstructor)
                    .is_some();
            // `int a[1] = {d};`: a narrowing of a non-constant value (measured).
            if crate::narrowing::narrowed_from_non_constant(db, item).contains(&local.binding) {
                continue;
            }
            let msg = if used == 0 {
                m::DECLARED_NOT_REFERENCED
            } else if used == assigned + voided
                && set
                // An initializer with a call's side effects counts as a use (measured).
                && !local
                    .init
                    .is_some_and(|init| crate::bodies::calls_non_constexpr(db, item, init))
                // `const int x = 3; (void)x;`: nothing.
                && !(voided > 0 && is_const(db, ty))
            {
                m::SET_NOT_USED
            } else {
                continue;
            };
            let Some(ptr) = map.binding_syntax(local.binding) else {
                continue;
            };
            let node = ptr.to_node(&root);
            let at = header::name_offset(&node);
            let name = format!("variable \"{}\"", binding.name.as_deref().unwrap_or(""));
            let scope_end = scope_end(&node);
            out.extend(
                both_passes(ItemDiagnostic::discretionary(
                    msg,
                    Severity::Warning,
                    &[&name],
                    Passes::Device,
                    at,
                ))
                .map(|d| (scope_end, d)),
            );
        }
    }
    // A named handler parameter nothing names: a remark of both passes.
    for (_, stmt) in body.stmts.iter() {
        let Stmt::Try { handlers, .. } = stmt else {
            continue;
        };
        for param in handlers.iter().filter_map(|h| h.param) {
            let binding = &body.bindings[param];
            let (Some(name), None) = (binding.name.as_deref(), uses.get(&param)) else {
                continue;
            };
            let Some(ptr) = map.binding_syntax(param) else {
                continue;
            };
            let node = ptr.to_node(&root);
            out.push((
                scope_end(&node),
                ItemDiagnostic::discretionary(
                    m::DECLARED_NOT_REFERENCED,
                    Severity::Remark,
                    &[&format!("handler parameter \"{name}\"")],
                    Passes::Both,
                    header::name_offset(&node),
                ),
            ));
        }
    }
    // EDG reports a scope's unused names when the scope closes: inner blocks first, then in
    // declaration order (measured: a nested block's 550 before its handler parameter's 177).
    out.sort_by_key(|(end, d)| (*end, d.offset));
    out.into_iter().map(|(_, d)| d).collect()
}

/// Where the scope declaring `node` (a local's or a handler parameter's) closes.
fn scope_end(node: &SyntaxNode) -> u32 {
    node.ancestors()
        .find(|n| {
            matches!(
                n.kind(),
                syntax::SyntaxKind::COMPOUND_STMT | syntax::SyntaxKind::HANDLER
            )
        })
        .map_or(u32::MAX, |n| u32::from(n.text_range().end()))
}

/// cicc's warning and cudafe++'s copy, a remark (shown with `--remarks`, or when a pragma or
/// option makes it a warning or an error).
fn both_passes(device: ItemDiagnostic) -> [ItemDiagnostic; 2] {
    let host = ItemDiagnostic {
        severity: Severity::Remark,
        passes: Passes::Host,
        ..device.clone()
    };
    [device, host]
}

/// Builtins, pointers, enums, closures, classes of them (and of references) without
/// constructors or destructors, and arrays of them: what has no constructor to run.
fn plain_data(db: &dyn CheckDatabase, ty: hir_ty::Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::Builtin(_) | TyKind::Pointer(_) | TyKind::Enum(_) | TyKind::Closure(_) => true,
        TyKind::Qualified(_, inner) | TyKind::Array(inner, _) => plain_data(db, *inner),
        TyKind::Class(class) => plain_class(db, *class),
        _ => false,
    }
}

fn is_const(db: &dyn CheckDatabase, ty: hir_ty::Ty<'_>) -> bool {
    matches!(ty.kind(db), TyKind::Qualified(cv, _) if cv.is_const)
}

fn is_pointer(db: &dyn CheckDatabase, ty: hir_ty::Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::Pointer(_) => true,
        TyKind::Qualified(_, inner) => is_pointer(db, *inner),
        _ => false,
    }
}

/// A class without bases, user constructors, destructor or virtual functions whose fields are
/// plain data.
fn plain_class(db: &dyn CheckDatabase, class: Item<'_>) -> bool {
    if !il::lookup::base_classes(db, class).is_empty() {
        return false;
    }
    let name = class.name_text(db);
    il::scope::scope_items(db, class)
        .iter()
        .all(|member| match member.kind(db) {
            ItemKind::Routine | ItemKind::FunctionTemplate => {
                let n = member.name_text(db);
                n != name
                    && !n.is_some_and(|n| n.starts_with('~'))
                    && !routine_decl(db, *member).specifiers.is_virtual
            }
            ItemKind::Field => {
                let ty = hir_ty::declared_ty(db, *member);
                matches!(ty.kind(db), TyKind::Reference(..)) || plain_data(db, ty)
            }
            _ => true,
        })
}

/// An internal function or variable of the view that nothing references (177), as
/// `(item, diagnostic)`; `referenced` is every item the view's bodies name.
pub fn unreferenced<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
    referenced: &FxHashSet<Item<'db>>,
) -> Vec<ItemDiagnostic> {
    unreferenced_in_device_pass(db, item, referenced)
        .map(|d| both_passes(d).to_vec())
        .unwrap_or_default()
}

fn unreferenced_in_device_pass<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
    referenced: &FxHashSet<Item<'db>>,
) -> Option<ItemDiagnostic> {
    let what = match item.kind(db) {
        ItemKind::Routine if item.body(db).is_some() => {
            let facts = routine_decl(db, item);
            if facts.cuda.global && !facts.specifiers.is_static {
                // (A kernel in an unnamed namespace is reported too: see below.)
            }
            "function"
        }
        ItemKind::Variable => {
            if variable_decl(db, item).specifiers.is_extern {
                return None;
            }
            "variable"
        }
        _ => return None,
    };
    if crate::entity::is_templated(db, item)
        || item
            .parent(db)
            .is_some_and(|p| p.kind(db) != ItemKind::Namespace)
        || *linkage(db, item) != Linkage::Internal
        || referenced.contains(&item)
    {
        return None;
    }
    // Namespace-scope constants are internal without being declared `static`: not reported.
    if item.kind(db) == ItemKind::Variable {
        let s = &variable_decl(db, item).specifiers;
        let in_unnamed = item.parent(db).is_some_and(|p| p.name(db).is_none());
        if !s.is_static && !in_unnamed {
            return None;
        }
    }
    let root = SyntaxNode::new_root(item.header(db).clone());
    let decl = header::declaration(&root)?;
    let declarator = header::declarator(&decl.node, item.name_text(db))?;
    let (_, at) = header::declarator_name(&declarator)?;
    let name = format!("{what} \"{}\"", crate::names::qualified(db, item));
    Some(ItemDiagnostic::discretionary(
        m::DECLARED_NOT_REFERENCED,
        Severity::Warning,
        &[&name],
        Passes::Device,
        at,
    ))
}
