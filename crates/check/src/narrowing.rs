//! Narrowing conversions in list-initialization (EDG's 2361, "invalid narrowing conversion
//! from "double" to "int""): a warning in both passes, at the element, as cudafe++ and cicc
//! 13.0.88 report it for the braced initializers of variables, locals and data members
//! (measured: `int a[1] = {1.5};`, `int c{3.5};`, `M m = {1.5, 2};`, `char c{i};`), and an
//! error for `return {1.5};` (not modelled here).
//!
//! Which conversions, measured on nvcc: a floating source to an integral target, constant or
//! not (`{1.0}`, `{cd}` with `constexpr double cd`); any other narrowing ([dcl.init.list]: to
//! a narrower floating type, integral to floating, integral to an integral type that cannot
//! hold all its values, to `bool`) only from a non-constant source. A constant that does not
//! fit gets EDG's 69/68 instead (not modelled); a floating constant narrowed to `float` gets
//! nothing. The device pass spells `bool` as `__nv_bool` (cicc's macro).
//!
//! One query per item, [`narrowing_diagnostics`], over hir-def's lowered body and
//! `hir_ty::infer`'s types; only known, non-dependent builtin types are judged, so gaps of
//! the model make findings go missing, never false.
use hir_def::Body;
use hir_def::body::{BodySourceMap, body_with_source_map};
use hir_def::hir::{BindingId, Expr, ExprId, InitStyle, Stmt};
use hir_ty::{InferenceResult, Resolution, Ty, TyKind, infer};
use il::ty::Builtin;
use il::{Item, ItemKind};

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::messages::{self as m, Severity};

#[salsa::tracked(returns(ref))]
pub fn narrowing_diagnostics<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Vec<ItemDiagnostic> {
    walk(db, item).0
}

/// The locals whose initializer narrows a non-constant value: EDG then reports neither 177
/// nor 550 for them (measured: `int a[1] = {d};` with a `double d`, `W w{d, i};`, against
/// `int a[1] = {1.5};` and `int a[2] = {i, 1};`, which get them).
#[salsa::tracked(returns(ref))]
pub fn narrowed_from_non_constant<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Vec<BindingId> {
    walk(db, item).1
}

fn walk<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> (Vec<ItemDiagnostic>, Vec<BindingId>) {
    let owner = hir_def::source::body_owner_kind(db, item);
    if owner.is_none() || crate::entity::is_templated(db, item) {
        return (Vec::new(), Vec::new());
    }
    let (body, map) = body_with_source_map(db, item);
    let result = infer(db, item);
    let mut cx = Narrowing {
        db,
        item,
        body: &body,
        map: &map,
        result: &result,
        out: Vec::new(),
        non_constant: false,
    };
    // A variable's, static member's or data member's own initializer.
    if let Some(init) = body.init_expr
        && matches!(item.kind(db), ItemKind::Variable | ItemKind::Field)
        && matches!(body.exprs[init], Expr::InitList(_))
    {
        cx.list(hir_ty::declared_ty(db, item), init);
    }
    // Locals of a function body.
    let mut narrowed = Vec::new();
    for (_, stmt) in body.stmts.iter() {
        let Stmt::Decl(decls) = stmt else {
            continue;
        };
        for d in decls.iter() {
            let Some(init) = d.init else { continue };
            if d.style == InitStyle::Direct || !matches!(body.exprs[init], Expr::InitList(_)) {
                continue;
            }
            if let Some(target) = result.type_of_binding(d.binding) {
                cx.non_constant = false;
                cx.list(target, init);
                if cx.non_constant {
                    narrowed.push(d.binding);
                }
            }
        }
    }
    let mut out = cx.out;
    out.sort_by_key(|d| d.offset);
    (out, narrowed)
}

struct Narrowing<'a, 'db> {
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
    body: &'a Body,
    map: &'a BodySourceMap,
    result: &'a InferenceResult<'db>,
    out: Vec<ItemDiagnostic>,
    /// Set when a narrowing of a non-constant value is found.
    non_constant: bool,
}

impl<'db> Narrowing<'_, 'db> {
    /// A braced list initializing an object of type `target`.
    fn list(&mut self, target: Ty<'db>, list: ExprId) {
        let db = self.db;
        let Expr::InitList(elems) = &self.body.exprs[list] else {
            return;
        };
        let target = target.strip_reference(db).unqualified(db);
        if target.is_dependent(db) || target.is_error(db) {
            return;
        }
        match target.kind(db) {
            TyKind::Array(elem, _) => {
                for &e in elems.iter() {
                    if !self.element(*elem, e) {
                        // Brace elision: which element initializes what is not followed.
                        return;
                    }
                }
            }
            TyKind::Builtin(_) => {
                if let [e] = &elems[..] {
                    self.element(target, *e);
                }
            }
            TyKind::Class(class) => {
                let Some(fields) = aggregate_fields(db, *class) else {
                    return;
                };
                for (&e, field) in elems.iter().zip(fields) {
                    if !self.element(hir_ty::declared_ty(db, field), e) {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    /// One element of a list initializing an object of type `target`; `false` when the
    /// element is not a list but the target is an aggregate (brace elision).
    fn element(&mut self, target: Ty<'db>, e: ExprId) -> bool {
        let db = self.db;
        if matches!(self.body.exprs[e], Expr::InitList(_)) {
            self.list(target, e);
            return true;
        }
        let target = target.strip_reference(db).unqualified(db);
        let Some(to) = target.as_builtin(db) else {
            return !matches!(target.kind(db), TyKind::Array(..) | TyKind::Class(_));
        };
        let Some(from) = self
            .result
            .type_of_expr(e)
            .and_then(|t| t.strip_reference(db).as_builtin(db))
        else {
            return true;
        };
        if self.narrows(from, to, e)
            && let Some(ptr) = self.map.expr_syntax(e)
        {
            if self.is_non_constant(e) {
                self.non_constant = true;
            }
            let offset = u32::from(ptr.text_range().start());
            let from_text = format!("\"{}\"", Ty::builtin(db, from).to_source(db));
            let host = format!("\"{}\"", Ty::builtin(db, to).to_source(db));
            // cicc spells `bool` as its macro `__nv_bool`.
            let device = if to == Builtin::Bool {
                "\"__nv_bool\"".to_string()
            } else {
                host.clone()
            };
            for (passes, to_text) in [(Passes::Host, &host), (Passes::Device, &device)] {
                self.out.push(ItemDiagnostic::discretionary(
                    m::NARROWING_CONVERSION,
                    Severity::Warning,
                    &[&from_text, to_text],
                    passes,
                    offset,
                ));
            }
        }
        true
    }

    /// Whether converting `e` (of type `from`) to `to` is a narrowing EDG reports as 2361.
    fn narrows(&self, from: Builtin, to: Builtin, e: ExprId) -> bool {
        let floating =
            |b: Builtin| matches!(b, Builtin::Float | Builtin::Double | Builtin::LongDouble);
        let rank = |b: Builtin| match b {
            Builtin::Float => 1,
            Builtin::Double => 2,
            _ => 3,
        };
        let integral = |b: Builtin| b.is_integral() && hir_ty::ty::int_info(b).is_some();
        match (floating(from), floating(to)) {
            // Floating to integral: always (constants too).
            (true, false) => integral(to),
            // To a narrower floating type: from a non-constant only (a literal is one).
            (true, true) => rank(to) < rank(from) && self.is_non_constant(e),
            (false, true) => integral(from) && self.is_non_constant(e),
            (false, false) => {
                let (Some((_, from_bits, from_signed)), Some((_, to_bits, to_signed))) =
                    (hir_ty::ty::int_info(from), hir_ty::ty::int_info(to))
                else {
                    return false;
                };
                if from == Builtin::Bool {
                    return false;
                }
                let fits = if to == Builtin::Bool {
                    false
                } else if from_signed == to_signed {
                    to_bits >= from_bits
                } else {
                    // Unsigned into a wider signed type holds all values; signed into
                    // unsigned never does.
                    !from_signed && to_signed && to_bits > from_bits
                };
                !fits && self.is_non_constant(e)
            }
        }
    }

    /// Whether `e` is certainly no constant expression: it reads a local or a variable that
    /// is neither `const` nor `constexpr`, `this`, or calls a function that is not
    /// `constexpr`. What this cannot tell counts as constant (no finding).
    fn is_non_constant(&self, e: ExprId) -> bool {
        let db = self.db;
        if self.is_integral_constant(e) {
            return false;
        }
        let mut stack = vec![e];
        let mut steps = 0;
        while let Some(e) = stack.pop() {
            steps += 1;
            if steps > 10_000 {
                return false;
            }
            let expr = &self.body.exprs[e];
            match expr {
                Expr::This => return true,
                Expr::Path(_) => match self.result.resolution(e) {
                    Some(Resolution::Binding(b)) => {
                        let constant = self.result.type_of_binding(*b).is_some_and(
                            |t| matches!(t.kind(db), TyKind::Qualified(cv, _) if cv.is_const),
                        );
                        if !constant {
                            return true;
                        }
                    }
                    Some(Resolution::Item(var)) if var.kind(db) == ItemKind::Variable => {
                        let facts = il::decl::variable_decl(db, *var);
                        let constant = facts.specifiers.is_constexpr
                            || matches!(
                                hir_ty::declared_ty(db, *var).kind(db),
                                TyKind::Qualified(cv, _) if cv.is_const
                            );
                        if !constant {
                            return true;
                        }
                    }
                    _ => {}
                },
                Expr::Call { .. } => {
                    if let Some(call) = self.result.callee_info(e)
                        && !il::decl::routine_decl(db, call.item)
                            .specifiers
                            .is_constexpr
                    {
                        return true;
                    }
                }
                _ => {}
            }
            stack.extend(expr.child_exprs());
        }
        false
    }

    fn is_integral_constant(&self, e: ExprId) -> bool {
        hir_ty::const_eval::Evaluator::new(self.db, self.item, self.body)
            .eval(e)
            .is_ok()
    }
}

/// The non-static data members of a class that is a plain aggregate (no bases, no member
/// functions, no members but data members), in order; `None` for any other class.
fn aggregate_fields<'db>(db: &'db dyn CheckDatabase, class: Item<'db>) -> Option<Vec<Item<'db>>> {
    if class.kind(db) != ItemKind::Struct || !il::lookup::base_classes(db, class).is_empty() {
        return None;
    }
    let members = il::scope::scope_items(db, class);
    if members.iter().any(|i| i.kind(db) != ItemKind::Field) {
        return None;
    }
    let fields: Vec<Item<'db>> = members
        .iter()
        .copied()
        .filter(|i| {
            !il::decl::variable_decl(db, *i).specifiers.is_static
                && matches!(i.access(db), None | Some(il::item::Access::Public))
        })
        .collect();
    (fields.len() == members.len()).then_some(fields)
}
