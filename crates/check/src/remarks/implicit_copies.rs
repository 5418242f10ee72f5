//! Implicit copy constructors the device pass generates (679 at the end of the unit,
//! `function "Q::Q(const Q &) noexcept" cannot be inlined`): measured, cudafe++ in device mode
//! defines a class's implicit copy constructor when any body of the unit (of any execution
//! space) copies an lvalue of the class, and the class has a user-declared constructor (an
//! aggregate's copy is not generated); CUDA's `dim3` is one, copied by
//! `__cudaLaunchKernel_helper`. Per body, [`copied_classes`] over inference's callees, types
//! and value categories (by-value arguments, copy-initialized locals); the view gathers them
//! ([`implicit_copy_constructors`]).
use hir_def::body::body;
use hir_def::hir::{Expr, Stmt};
use hir_ty::{TyKind, ValueCategory, infer};
use il::{Item, ItemKind};
use rustc_hash::FxHashSet;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes, Phase};
use crate::messages::{self as m, Severity};

/// The classes whose copy constructor the body of `item` uses on an lvalue.
#[salsa::tracked(returns(ref))]
pub fn copied_classes<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<Item<'db>> {
    if !crate::is_body_owner(db, item) || super::is_template(db, item) {
        return Vec::new();
    }
    let body = body(db, item);
    let result = infer(db, item);
    let class_of = |ty: hir_ty::Ty<'db>| -> Option<Item<'db>> {
        match ty.kind(db) {
            TyKind::Class(c) => Some(*c),
            TyKind::Qualified(_, inner) => match inner.kind(db) {
                TyKind::Class(c) => Some(*c),
                _ => None,
            },
            _ => None,
        }
    };
    let copied = |source: hir_def::hir::ExprId, target: hir_ty::Ty<'db>| -> Option<Item<'db>> {
        let class = class_of(target)?;
        let from = class_of(result.type_of_expr(source)?)?;
        (from == class && result.value_category(source) == Some(ValueCategory::LValue))
            .then_some(class)
    };
    let mut out: Vec<Item<'db>> = Vec::new();
    for (id, expr) in body.exprs.iter() {
        let Expr::Call { callee, args } = expr else {
            continue;
        };
        let Some(called) = result.callee(id).or_else(|| result.callee(*callee)) else {
            continue;
        };
        let Some(sig) = hir_ty::callable_sig(db, called).as_ref() else {
            continue;
        };
        for (arg, param) in args.iter().zip(sig.params.iter()) {
            out.extend(copied(*arg, *param));
        }
    }
    for (_, stmt) in body.stmts.iter() {
        let Stmt::Decl(decls) = stmt else { continue };
        for d in decls.iter() {
            if let (Some(init), Some(ty)) = (d.init, result.type_of_binding(d.binding)) {
                out.extend(copied(init, ty));
            }
        }
    }
    let mut seen = FxHashSet::default();
    out.retain(|c| seen.insert(*c));
    out
}

/// The 679 of the implicit copy constructors `copied` (every class some body of the view
/// copies) generates, each with the item that reports it (the class's first constructor).
pub fn implicit_copy_constructors<'db>(
    db: &'db dyn CheckDatabase,
    copied: &[Item<'db>],
) -> Vec<(Item<'db>, ItemDiagnostic)> {
    let mut out = Vec::new();
    for class in copied {
        if crate::entity::is_templated(db, *class) {
            continue;
        }
        let name = class.name_text(db);
        let constructors: Vec<Item<'db>> = il::scope::scope_items(db, *class)
            .iter()
            .copied()
            .filter(|m| m.kind(db) == ItemKind::Routine && m.name_text(db) == name)
            .collect();
        let qualified = crate::names::qualified(db, *class);
        let copy_key = format!("const {} &", name.unwrap_or(""));
        let declares_copy = constructors.iter().any(|c| {
            hir_ty::callable_sig(db, *c).as_ref().is_some_and(|s| {
                s.params.len() == 1 && s.params[0].to_source(db).replace("&", " &") == copy_key
            }) || c
                .signature_key(db)
                .contains(&format!("{} const&", name.unwrap_or("")))
        });
        // Reported by the class's first constructor, at its name (classes are not placed in
        // the view: nvcc's line is the class's).
        let Some(first) = constructors.first().filter(|_| !declares_copy) else {
            continue;
        };
        let at = crate::header::name_offset_of(db, *first);
        let mut d = ItemDiagnostic::discretionary(
            m::CANNOT_INLINE,
            Severity::Remark,
            &[&format!(
                "function \"{qualified}::{}(const {qualified} &) noexcept\"",
                name.unwrap_or("")
            )],
            Passes::Device,
            at,
        );
        d.phase = Phase::EndOfUnit;
        out.push((*first, d));
    }
    out
}
