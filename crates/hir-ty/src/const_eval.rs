//! The constant evaluator: integral constant expressions over lowered bodies.
//!
//! Values are integers of a builtin type ([`ConstValue`]); every operation converts as C++
//! does (integral promotion, the usual arithmetic conversions, truncation to the target width,
//! wrap-around of unsigned arithmetic). Covered: literals of every integer kind, `bool`,
//! characters, enumerators (with their implicit successors), `sizeof`/`alignof` of builtins and
//! pointers, casts to integral types, the arithmetic, bitwise, shift, comparison, logical and
//! conditional operators, `const`/`constexpr` variables with constant initializers
//! ([`const_value`], a query per variable), and calls of `constexpr` functions whose bodies use
//! locals, assignments, `if`, loops and `return`, under a step limit ([`STEP_LIMIT`]) and a call
//! depth limit. Anything else is not a constant ([`ConstEvalError`]); nothing panics.
//!
//! Type-trait builtins whose operands' kinds decide them (`__is_enum(E)`, `__is_same(T, U)`:
//! `type_traits.rs`).
//!
//! Not yet: floating point, pointers and null, and the traits that need a class's definition.
use hir_def::Body;
use hir_def::hir::{
    ArithOp, BinaryOp, BuiltinArg, CastKind, Expr, ExprId, Literal, LiteralKind, Stmt, StmtId,
    TypeOrExpr, UnaryOp,
};
use il::{Item, ItemKind};
use rustc_hash::FxHashMap;

use std::sync::Arc;

use crate::HirTyDatabase;
use crate::class_instance::MemberInstance;
use crate::inference::{InferenceResult, Resolution};
use crate::ty::{Builtin, GenericArg, Ty, TyKind, int_info, promoted, usual_arithmetic};
use crate::type_traits::{TypeClass, trait_by_class, type_class};
use crate::unify::Subst;

/// Statements and expressions one evaluation may visit.
pub const STEP_LIMIT: u32 = 100_000;
const CALL_DEPTH_LIMIT: u32 = 64;

/// An integral constant: its value and its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConstValue {
    pub value: i128,
    pub ty: Builtin,
}

impl ConstValue {
    /// `value` converted to `ty` (truncated to its width, sign-extended when signed).
    pub fn new(value: i128, ty: Builtin) -> ConstValue {
        ConstValue {
            value: convert(value, ty),
            ty,
        }
    }
}

/// Why an expression is not a constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ConstEvalError {
    NotConstant,
    DivisionByZero,
    StepLimit,
}

/// The value of `value` as an object of integral type `ty`.
fn convert(value: i128, ty: Builtin) -> i128 {
    if ty == Builtin::Bool {
        return (value != 0) as i128;
    }
    let Some((_, bits, signed)) = int_info(ty) else {
        return value;
    };
    if bits >= 128 {
        return value;
    }
    let mask = (1i128 << bits) - 1;
    let v = value & mask;
    if signed && v >> (bits - 1) & 1 == 1 {
        v - (1i128 << bits)
    } else {
        v
    }
}

/// The value of a `const` or `constexpr` variable (or static data member) of integral or
/// enumeration type with a constant initializer; `None` otherwise.
#[salsa::tracked(cycle_result = |_, _, _| None)]
pub fn const_value<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> Option<ConstValue> {
    if !matches!(item.kind(db), ItemKind::Variable | ItemKind::Field) {
        return None;
    }
    let ty = crate::lower::declared_ty(db, item);
    let (cv, _) = ty.split_cv(db);
    let specifiers = &il::decl::variable_decl(db, item).specifiers;
    if !cv.is_const && !specifiers.is_constexpr {
        return None;
    }
    let target = integral_of(db, ty)?;
    let body = hir_def::body::body(db, item);
    let init = body.init_expr?;
    let mut ev = Evaluator::new(db, item, &body);
    let v = ev.eval(init).ok()?;
    Some(ConstValue::new(v.value, target))
}

/// The value of a static constant data member of a class template instance
/// (`X<int>::value`): its initializer evaluated with the class's parameters bound to the
/// instance's arguments (a non-type parameter is its argument, `sizeof(T)` and traits see the
/// bound types, other instances' members their own values), converted to the member's type
/// under the bindings (`static const T v = 300;` in `X<unsigned char>` is 44). `None` when it
/// is not an integral constant.
#[salsa::tracked(cycle_result = |_, _, _| None)]
pub fn instance_member_value<'db>(
    db: &'db dyn HirTyDatabase,
    member: MemberInstance<'db>,
) -> Option<ConstValue> {
    let item = member.member(db);
    if !matches!(item.kind(db), ItemKind::Variable | ItemKind::Field) {
        return None;
    }
    let ty = crate::class_instance::member_ty(db, member);
    let (cv, _) = ty.split_cv(db);
    if !cv.is_const && !il::decl::variable_decl(db, item).specifiers.is_constexpr {
        return None;
    }
    let target = integral_of(db, ty)?;
    let body = hir_def::body::body(db, item);
    let init = body.init_expr?;
    let mut ev = Evaluator::new(db, item, &body);
    ev.instance = Some(Bound {
        infer: crate::class_instance::infer_member_initializer(db, member),
        subst: crate::class_instance::instance_bindings(db, member.class(db)),
    });
    let v = ev.eval(init).ok()?;
    Some(ConstValue::new(v.value, target))
}

/// The value of a variable template instance (`is_same_v<int, long>`, `size_v<double>`):
/// the initializer of the declaration it is made from (a chosen specialization, else the
/// primary; `var_instance.rs`) evaluated under its bindings, converted to its declared type
/// under them. `None` when it is not an integral constant.
#[salsa::tracked(cycle_result = |_, _, _| None)]
pub fn variable_instance_value<'db>(
    db: &'db dyn HirTyDatabase,
    instance: crate::ty::Instance<'db>,
) -> Option<ConstValue> {
    let (definition, subst) = crate::var_instance::variable_definition(db, instance)?;
    let ty = crate::var_instance::variable_instance_ty(db, instance);
    let (cv, _) = ty.split_cv(db);
    if !cv.is_const
        && !il::decl::variable_decl(db, definition)
            .specifiers
            .is_constexpr
    {
        return None;
    }
    let target = integral_of(db, ty)?;
    let body = hir_def::body::body(db, definition);
    let init = body.init_expr?;
    let mut ev = Evaluator::new(db, definition, &body);
    ev.instance = Some(Bound {
        infer: crate::var_instance::infer_variable_instance(db, instance),
        subst,
    });
    let v = ev.eval(init).ok()?;
    Some(ConstValue::new(v.value, target))
}

/// The values of an enumeration's enumerators, in order (`None` for one that is not constant
/// and every implicit successor of it).
#[salsa::tracked(returns(ref), cycle_result = |_, _, _| Vec::new())]
pub fn enumerator_values<'db>(
    db: &'db dyn HirTyDatabase,
    enumeration: Item<'db>,
) -> Vec<Option<i128>> {
    use syntax::SyntaxKind::*;
    let Some(body) = enumeration.body(db) else {
        return Vec::new();
    };
    let body = syntax::SyntaxNode::new_root(body.clone());
    let Some(list) = std::iter::once(body.clone())
        .chain(body.descendants())
        .find(|n| n.kind() == ENUMERATOR_LIST)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut next: Option<i128> = Some(0);
    for e in list.children().filter(|n| n.kind() == ENUMERATOR) {
        // The expression after `=` (attributes come before it).
        let init = e
            .children_with_tokens()
            .skip_while(|t| t.kind() != EQ)
            .find_map(|t| t.into_node())
            .map(|n| n.to_string());
        let value = match init {
            Some(text) => eval_text(db, enumeration, &text),
            None => next,
        };
        out.push(value);
        next = value.and_then(|v| v.checked_add(1));
    }
    out
}

/// Evaluates an expression written as text from the scope of `scope_item` (an enumerator's
/// initializer): lowered as the return value of a function of its own.
pub(crate) fn eval_text(db: &dyn HirTyDatabase, scope_item: Item<'_>, text: &str) -> Option<i128> {
    let parse = syntax::parse_text(&format!("int __cufe_constant() {{ return {text}; }}"));
    let root = parse.syntax_node();
    let def = root
        .descendants()
        .find(|n| n.kind() == syntax::SyntaxKind::FUNCTION_DEF)?;
    let (body, _) = hir_def::body::lower_function_definition(&def);
    let ret = body.stmts.iter().find_map(|(_, s)| match s {
        Stmt::Return(Some(e)) => Some(*e),
        _ => None,
    })?;
    let mut ev = Evaluator::new(db, scope_item, &body);
    ev.names_by_lookup = true;
    ev.eval(ret).ok().map(|v| v.value)
}

/// The integral type an object of type `ty` holds (an enumeration's is `int` here: the
/// underlying type is not modelled yet).
fn integral_of<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<Builtin> {
    let ty = ty.strip_reference(db).unqualified(db);
    match ty.kind(db) {
        TyKind::Builtin(b) if b.is_integral() => Some(*b),
        TyKind::Enum(_) => Some(Builtin::Int),
        _ => None,
    }
}

/// A body inferred under template bindings, and the bindings.
struct Bound<'db> {
    infer: Arc<InferenceResult<'db>>,
    subst: Subst<'db>,
}

/// Evaluates expressions of one body; a constexpr call evaluates the callee's body in a new
/// frame.
pub struct Evaluator<'a, 'db> {
    db: &'db dyn HirTyDatabase,
    owner: Item<'db>,
    body: &'a Body,
    /// Resolve names by lookup from the owner's scope (text bodies with no inference).
    names_by_lookup: bool,
    /// The body is a member's of a class template instance: inferred and evaluated under the
    /// instance's bindings ([`instance_member_value`]).
    instance: Option<Bound<'db>>,
    locals: FxHashMap<hir_def::hir::BindingId, ConstValue>,
    steps: u32,
    depth: u32,
}

impl<'a, 'db> Evaluator<'a, 'db> {
    pub fn new(db: &'db dyn HirTyDatabase, owner: Item<'db>, body: &'a Body) -> Self {
        Evaluator {
            db,
            owner,
            body,
            names_by_lookup: false,
            instance: None,
            locals: FxHashMap::default(),
            steps: 0,
            depth: 0,
        }
    }

    /// An evaluator of a function template instance's body (`body` is the template's, as
    /// [`crate::infer_instance`] infers it): names, `sizeof(T)` and traits under the
    /// instance's bindings (an `if constexpr` condition of `imp<unsigned>`).
    pub fn of_instance(
        db: &'db dyn HirTyDatabase,
        instance: crate::ty::Instance<'db>,
        body: &'a Body,
    ) -> Self {
        let mut ev = Evaluator::new(db, instance.template(db), body);
        ev.instance = Some(Bound {
            infer: crate::infer_instance(db, instance),
            subst: Subst::of_instance(db, instance),
        });
        ev
    }

    /// An evaluator of a member function's body of a class template instance (`body` is
    /// [`crate::class_instance::member_body_owner`]'s), under the bindings its body is
    /// inferred with ([`crate::class_instance::infer_member_instance`]).
    pub fn of_member_instance(
        db: &'db dyn HirTyDatabase,
        member: MemberInstance<'db>,
        body: &'a Body,
    ) -> Self {
        let declared = member.member(db);
        let owner = crate::class_instance::member_body_owner(db, declared).unwrap_or(declared);
        let mut ev = Evaluator::new(db, owner, body);
        ev.instance = Some(Bound {
            infer: crate::class_instance::infer_member_instance(db, member),
            subst: crate::class_instance::member_body_bindings(db, member),
        });
        ev
    }

    fn step(&mut self) -> Result<(), ConstEvalError> {
        self.steps += 1;
        if self.steps > STEP_LIMIT {
            Err(ConstEvalError::StepLimit)
        } else {
            Ok(())
        }
    }

    fn resolution(&self, expr: ExprId) -> Option<Resolution<'db>> {
        if self.names_by_lookup {
            let Expr::Path(path) = &self.body.exprs[expr] else {
                return None;
            };
            let segments: Vec<String> = path.segments.iter().map(|s| s.name.to_string()).collect();
            let from = crate::lower::scope_of(self.db, self.owner);
            let found = crate::inference::lookup_path_memo(self.db, from, path.global, &segments);
            if let Some(item) = found.first() {
                return Some(Resolution::Item(*item));
            }
            return crate::inference::enumerator_by_lookup(self.db, from, path.global, &segments);
        }
        self.inference().resolution(expr).cloned()
    }

    /// The inference of the body: the instance's when the body is a member's of one.
    fn inference(&self) -> Arc<InferenceResult<'db>> {
        match &self.instance {
            Some(bound) => bound.infer.clone(),
            None => crate::infer(self.db, self.owner),
        }
    }

    /// A type written in the body, under the instance's bindings when there are any.
    fn written_ty(&self, text: &str) -> Option<Ty<'db>> {
        let ty = crate::lower::type_ref_ty(self.db, self.owner, text)?;
        Some(match &self.instance {
            Some(bound) => bound.subst.apply(self.db, ty),
            None => ty,
        })
    }

    /// The value of a name that denotes a constant member of a class template instance
    /// (`is_same<T, int>::value` under the bindings) or a non-type template parameter bound
    /// to a value.
    fn bound_value(&self, expr: ExprId) -> Option<Result<ConstValue, ConstEvalError>> {
        if self.names_by_lookup {
            return None;
        }
        let infer = self.inference();
        if let Some(member) = infer.member_instance(expr) {
            return Some(instance_member_value(self.db, member).ok_or(ConstEvalError::NotConstant));
        }
        if let Some(variable) = infer.variable_instance(expr) {
            return Some(
                variable_instance_value(self.db, variable).ok_or(ConstEvalError::NotConstant),
            );
        }
        let bound = self.instance.as_ref()?;
        let Some(Resolution::TemplateParam(param)) = infer.resolution(expr) else {
            return None;
        };
        let Some(GenericArg::Value(v)) = bound.subst.get(*param) else {
            return Some(Err(ConstEvalError::NotConstant));
        };
        let ty = infer
            .type_of_expr(expr)
            .and_then(|t| integral_of(self.db, t))
            .unwrap_or(Builtin::Long);
        Some(Ok(ConstValue::new(*v, ty)))
    }

    /// The value of an expression of `self.body`.
    pub fn eval(&mut self, expr: ExprId) -> Result<ConstValue, ConstEvalError> {
        use ConstEvalError::*;
        self.step()?;
        let db = self.db;
        let int = |v: i128, ty: Builtin| Ok(ConstValue::new(v, ty));
        if let Expr::Path(_) = &self.body.exprs[expr]
            && let Some(value) = self.bound_value(expr)
        {
            return value;
        }
        match &self.body.exprs[expr] {
            Expr::Literal(lit) => literal_value(lit).ok_or(NotConstant),
            Expr::Path(_) => match self.resolution(expr).ok_or(NotConstant)? {
                Resolution::Binding(b) => self.locals.get(&b).copied().ok_or(NotConstant),
                Resolution::Item(item) => const_value(db, item).ok_or(NotConstant),
                Resolution::Enumerator { enumeration, index } => {
                    let v = enumerator_values(db, enumeration)
                        .get(index as usize)
                        .copied()
                        .flatten()
                        .ok_or(NotConstant)?;
                    int(v, Builtin::Int)
                }
                _ => Err(NotConstant),
            },
            Expr::Unary { op, expr: e } => match op {
                UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                    self.increment(*e, *op)
                }
                _ => unary_value(*op, self.eval(*e)?),
            },
            Expr::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs),
            Expr::Conditional { cond, then, else_ } => {
                let c = self.eval(*cond)?;
                match (c.value != 0, then) {
                    (true, Some(t)) => self.eval(*t),
                    (true, None) => Ok(c),
                    (false, _) => self.eval(*else_),
                }
            }
            Expr::Cast { kind, ty, args, .. } if *kind != CastKind::Dynamic => {
                let [arg] = &args[..] else {
                    return Err(NotConstant);
                };
                let v = self.eval(*arg)?;
                let target = self
                    .written_ty(ty.as_str())
                    .and_then(|t| integral_of(db, t))
                    .ok_or(NotConstant)?;
                int(v.value, target)
            }
            Expr::SizeOf(TypeOrExpr::Type(t)) | Expr::AlignOf(TypeOrExpr::Type(t)) => {
                let ty = self.written_ty(t.as_str()).ok_or(NotConstant)?;
                let size = size_of(db, ty).ok_or(NotConstant)?;
                int(size as i128, Builtin::UnsignedLong)
            }
            // An unevaluated operand: the size of its type as inference (overload resolution
            // included) gives it, as the detection idiom `sizeof(test<T>(0)) == sizeof(yes)`
            // asks.
            Expr::SizeOf(TypeOrExpr::Expr(e)) => {
                let ty = self.inference().type_of_expr(*e).ok_or(NotConstant)?;
                let size = size_of(db, ty).ok_or(NotConstant)?;
                int(size as i128, Builtin::UnsignedLong)
            }
            Expr::Call { callee, args } => self.call(expr, *callee, args),
            Expr::BuiltinCall { name, args } => {
                let value = self.type_trait(name, args).ok_or(NotConstant)?;
                int(value as i128, Builtin::Bool)
            }
            _ => Err(NotConstant),
        }
    }

    /// A type-trait builtin whose operands' classes decide it (`__is_enum(E)`).
    fn type_trait(&self, name: &str, args: &[BuiltinArg]) -> Option<bool> {
        let types = args
            .iter()
            .map(|a| {
                let text = match a {
                    BuiltinArg::Type(t) => t.as_str().to_string(),
                    // A name the parser could not tell is a type (`__is_enum(E)`).
                    BuiltinArg::Expr(e) => match &self.body.exprs[*e] {
                        Expr::Path(path) => path_text(path),
                        _ => return None,
                    },
                };
                self.written_ty(&text)
            })
            .collect::<Option<Vec<Ty<'db>>>>()?;
        let classes = types
            .iter()
            .map(|t| type_class(self.db, *t))
            .collect::<Option<Vec<TypeClass>>>()?;
        // Interned types are one type exactly when they are equal (typedefs are followed).
        let same = match types[..] {
            [a, b] => Some(a == b),
            _ => None,
        };
        trait_by_class(name, &classes, same)
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    ) -> Result<ConstValue, ConstEvalError> {
        match op {
            BinaryOp::And | BinaryOp::Or => {
                let l = self.eval(lhs)?.value != 0;
                if (op == BinaryOp::And) != l {
                    return Ok(ConstValue::new(l as i128, Builtin::Bool));
                }
                let r = self.eval(rhs)?.value != 0;
                return Ok(ConstValue::new(r as i128, Builtin::Bool));
            }
            BinaryOp::Comma => {
                self.eval(lhs)?;
                return self.eval(rhs);
            }
            BinaryOp::Assign | BinaryOp::CompoundAssign(_) => return self.assign(op, lhs, rhs),
            _ => {}
        }
        let l = self.eval(lhs)?;
        let r = self.eval(rhs)?;
        binary_value(op, l, r)
    }

    /// `x = v`, `x op= v` on a local of the frame.
    fn assign(
        &mut self,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    ) -> Result<ConstValue, ConstEvalError> {
        let (b, old) = self.local(lhs)?;
        let r = self.eval(rhs)?;
        let v = match op {
            BinaryOp::CompoundAssign(a) => arith(a, old, r)?,
            _ => r,
        };
        let v = ConstValue::new(v.value, old.ty);
        self.locals.insert(b, v);
        Ok(v)
    }

    /// The local of the frame an expression names, with its value.
    fn local(&self, e: ExprId) -> Result<(hir_def::hir::BindingId, ConstValue), ConstEvalError> {
        let Some(Resolution::Binding(b)) = self.resolution(e) else {
            return Err(ConstEvalError::NotConstant);
        };
        let value = self.locals.get(&b).copied();
        Ok((b, value.ok_or(ConstEvalError::NotConstant)?))
    }

    fn increment(&mut self, e: ExprId, op: UnaryOp) -> Result<ConstValue, ConstEvalError> {
        let (b, old) = self.local(e)?;
        let delta = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
            1
        } else {
            -1
        };
        let new = ConstValue::new(old.value + delta, old.ty);
        self.locals.insert(b, new);
        Ok(if matches!(op, UnaryOp::PostInc | UnaryOp::PostDec) {
            old
        } else {
            new
        })
    }

    /// A call of a `constexpr` function: its body evaluated with the arguments bound. A
    /// function template's instance (`f<3>()`, deduced `g(4)`) is evaluated under the
    /// instance's bindings, as [`crate::infer_instance`] inferred it.
    fn call(
        &mut self,
        call: ExprId,
        callee: ExprId,
        args: &[ExprId],
    ) -> Result<ConstValue, ConstEvalError> {
        use ConstEvalError::*;
        let db = self.db;
        if self.depth >= CALL_DEPTH_LIMIT {
            return Err(StepLimit);
        }
        let (function, instance) = match self.resolution(callee) {
            Some(Resolution::Item(item)) if item.kind(db) == ItemKind::Routine => {
                (item, self.class_instance_called(call, item))
            }
            _ => self.template_instance_called(call).ok_or(NotConstant)?,
        };
        let decl = il::decl::routine_decl(db, function);
        if !decl.specifiers.is_constexpr && !decl.specifiers.is_consteval {
            return Err(NotConstant);
        }
        let sig = crate::lower::callable_sig(db, function)
            .as_ref()
            .ok_or(NotConstant)?;
        let bound_ty = |ty: Ty<'db>| match &instance {
            Some(bound) => integral_of(db, bound.subst.apply(db, ty)),
            None => integral_of(db, ty),
        };
        let ret = bound_ty(sig.ret).ok_or(NotConstant)?;
        let body = hir_def::body::body(db, function);
        if body.params.len() != args.len() {
            return Err(NotConstant);
        }
        let mut param_tys = Vec::with_capacity(args.len());
        for ty in &sig.params {
            param_tys.push(bound_ty(*ty).ok_or(NotConstant)?);
        }
        let mut frame = Evaluator::new(db, function, &body);
        frame.instance = instance;
        frame.depth = self.depth + 1;
        frame.steps = self.steps;
        for ((param, arg), ty) in body.params.iter().zip(args).zip(param_tys) {
            let v = self.eval(*arg)?;
            frame.locals.insert(*param, ConstValue::new(v.value, ty));
        }
        let stmt = body.body_stmt.ok_or(NotConstant)?;
        let out = frame.exec(stmt)?;
        self.steps = frame.steps;
        match out {
            Flow::Return(v) => Ok(ConstValue::new(v.value, ret)),
            _ => Err(NotConstant),
        }
    }

    /// The function template a call makes an instance of, with the instance's inference and
    /// bindings (`None` when the call makes none: not every argument deduced).
    fn template_instance_called(&self, call: ExprId) -> Option<(Item<'db>, Option<Bound<'db>>)> {
        let db = self.db;
        // A text's body has no inference of its own (its names are looked up).
        if self.names_by_lookup {
            return None;
        }
        let instance = self.inference().callee_info(call)?.instance?;
        let template = instance.template(db);
        (template.kind(db) == ItemKind::FunctionTemplate).then_some(())?;
        let bound = Bound {
            infer: crate::infer_instance(db, instance),
            subst: Subst::of_instance(db, instance),
        };
        Some((template, Some(bound)))
    }

    /// A member function of a class template instance defined in its class (`X<4>::f()`):
    /// its body's inference and bindings in that instance.
    fn class_instance_called(&self, call: ExprId, function: Item<'db>) -> Option<Bound<'db>> {
        let db = self.db;
        if self.names_by_lookup {
            return None;
        }
        let member = self.inference().callee_info(call)?.class_instance?;
        (member.member(db) == function
            && crate::class_instance::member_body_owner(db, function) == Some(function))
        .then_some(())?;
        Some(Bound {
            infer: crate::class_instance::infer_member_instance(db, member),
            subst: crate::class_instance::instance_bindings(db, member.class(db)),
        })
    }

    fn exec(&mut self, stmt: StmtId) -> Result<Flow, ConstEvalError> {
        use ConstEvalError::*;
        self.step()?;
        let db = self.db;
        let body = self.body;
        match &body.stmts[stmt] {
            Stmt::Empty | Stmt::StaticAssert { .. } | Stmt::TypeDecl { .. } | Stmt::Using(_) => {
                Ok(Flow::Next)
            }
            Stmt::Expr(e) => self.eval(*e).map(|_| Flow::Next),
            Stmt::Decl(decls) => {
                for d in decls.iter() {
                    let written = body.bindings[d.binding].ty.as_str();
                    let ty = self.written_ty(written).and_then(|t| integral_of(db, t));
                    let init = d.init.ok_or(NotConstant)?;
                    let init = match &body.exprs[init] {
                        Expr::InitList(items) | Expr::ParenInit(items) if items.len() == 1 => {
                            items[0]
                        }
                        _ => init,
                    };
                    let v = self.eval(init)?;
                    let ty = ty.unwrap_or(v.ty);
                    self.locals.insert(d.binding, ConstValue::new(v.value, ty));
                }
                Ok(Flow::Next)
            }
            Stmt::Compound(stmts) => {
                for s in stmts.iter() {
                    match self.exec(*s)? {
                        Flow::Next => {}
                        other => return Ok(other),
                    }
                }
                Ok(Flow::Next)
            }
            Stmt::Return(Some(e)) => self.eval(*e).map(Flow::Return),
            Stmt::If {
                init,
                cond: hir_def::hir::Condition::Expr(c),
                then,
                else_,
                ..
            } => {
                if let Some(i) = init {
                    self.exec(*i)?;
                }
                if self.eval(*c)?.value != 0 {
                    self.exec(*then)
                } else if let Some(e) = else_ {
                    self.exec(*e)
                } else {
                    Ok(Flow::Next)
                }
            }
            Stmt::While {
                cond: hir_def::hir::Condition::Expr(c),
                body: b,
            } => {
                while self.eval(*c)?.value != 0 {
                    match self.exec(*b)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        _ => {}
                    }
                }
                Ok(Flow::Next)
            }
            Stmt::For {
                init,
                cond,
                step,
                body: b,
            } => {
                if let Some(i) = init {
                    self.exec(*i)?;
                }
                loop {
                    match cond {
                        Some(hir_def::hir::Condition::Expr(c)) => {
                            if self.eval(*c)?.value == 0 {
                                break;
                            }
                        }
                        Some(_) => return Err(NotConstant),
                        None => self.step()?,
                    }
                    match self.exec(*b)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        _ => {}
                    }
                    if let Some(s) = step {
                        self.eval(*s)?;
                    }
                }
                Ok(Flow::Next)
            }
            Stmt::Break => Ok(Flow::Break),
            Stmt::Continue => Ok(Flow::Continue),
            _ => Err(NotConstant),
        }
    }
}

enum Flow {
    Next,
    Break,
    Continue,
    Return(ConstValue),
}

/// A path as a type-id spells it (`::n::X<int>`).
fn path_text(path: &hir_def::hir::Path) -> String {
    let segments: Vec<String> = path
        .segments
        .iter()
        .map(|s| match &s.args {
            Some(args) => format!("{}<{}>", s.name, args.join(", ")),
            None => s.name.to_string(),
        })
        .collect();
    let global = if path.global { "::" } else { "" };
    format!("{global}{}", segments.join("::"))
}

/// `op v` for the operators that compute a value from an rvalue (`+`, `-`, `~`, `!`,
/// `__extension__`), after integral promotion.
pub fn unary_value(op: UnaryOp, v: ConstValue) -> Result<ConstValue, ConstEvalError> {
    let p = promoted(v.ty);
    match op {
        UnaryOp::Plus | UnaryOp::Extension => Ok(ConstValue::new(v.value, p)),
        UnaryOp::Neg => Ok(ConstValue::new(v.value.wrapping_neg(), p)),
        UnaryOp::BitNot => Ok(ConstValue::new(!v.value, p)),
        UnaryOp::Not => Ok(ConstValue::new((v.value == 0) as i128, Builtin::Bool)),
        _ => Err(ConstEvalError::NotConstant),
    }
}

/// `l op r` with both operands evaluated: the arithmetic, shift and bitwise operators after
/// the usual arithmetic conversions, comparisons in the common type (`-1 < 1u` is false), and
/// `&&`/`||` (a caller that short-circuits decides before evaluating `r`).
pub fn binary_value(
    op: BinaryOp,
    l: ConstValue,
    r: ConstValue,
) -> Result<ConstValue, ConstEvalError> {
    let arith = |op: ArithOp| arith(op, l, r);
    let cmp = |f: fn(i128, i128) -> bool| {
        let ty = usual_arithmetic(l.ty, r.ty);
        let (a, b) = (convert(l.value, ty), convert(r.value, ty));
        let (a, b) = if is_unsigned(ty) {
            (a as u128 as i128, b as u128 as i128)
        } else {
            (a, b)
        };
        Ok(ConstValue::new(f(a, b) as i128, Builtin::Bool))
    };
    match op {
        BinaryOp::Mul => arith(ArithOp::Mul),
        BinaryOp::Div => arith(ArithOp::Div),
        BinaryOp::Rem => arith(ArithOp::Rem),
        BinaryOp::Add => arith(ArithOp::Add),
        BinaryOp::Sub => arith(ArithOp::Sub),
        BinaryOp::Shl => arith(ArithOp::Shl),
        BinaryOp::Shr => arith(ArithOp::Shr),
        BinaryOp::BitAnd => arith(ArithOp::BitAnd),
        BinaryOp::BitXor => arith(ArithOp::BitXor),
        BinaryOp::BitOr => arith(ArithOp::BitOr),
        BinaryOp::Lt => cmp(|a, b| a < b),
        BinaryOp::Gt => cmp(|a, b| a > b),
        BinaryOp::Le => cmp(|a, b| a <= b),
        BinaryOp::Ge => cmp(|a, b| a >= b),
        BinaryOp::Eq => cmp(|a, b| a == b),
        BinaryOp::Ne => cmp(|a, b| a != b),
        BinaryOp::And => Ok(ConstValue::new(
            (l.value != 0 && r.value != 0) as i128,
            Builtin::Bool,
        )),
        BinaryOp::Or => Ok(ConstValue::new(
            (l.value != 0 || r.value != 0) as i128,
            Builtin::Bool,
        )),
        _ => Err(ConstEvalError::NotConstant),
    }
}

/// A literal's value with its type (`true`, `4UL`, `'a'`); `None` for the literals that are
/// no integral constant (floating, string, `nullptr`).
pub fn literal_value(lit: &Literal) -> Option<ConstValue> {
    match lit.kind {
        LiteralKind::Bool => Some(ConstValue::new(
            (&*lit.text == "true") as i128,
            Builtin::Bool,
        )),
        LiteralKind::Int => int_literal_value(&lit.text),
        LiteralKind::Char => char_value(&lit.text),
        _ => None,
    }
}

/// An integer literal's value with its type (`4UL` is 4 `unsigned long`, `0x1F` 31 `int`);
/// `None` when its digits do not parse.
pub fn int_literal_value(text: &str) -> Option<ConstValue> {
    let ty = crate::inference::int_literal_ty(text);
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L', 'z', 'Z']);
    let v = parse_int(digits)?;
    Some(ConstValue::new(v as i128, ty))
}

fn is_unsigned(b: Builtin) -> bool {
    int_info(b).is_some_and(|(_, _, signed)| !signed)
}

/// `l op r` after the usual arithmetic conversions (shifts: the promoted left operand's type).
fn arith(op: ArithOp, l: ConstValue, r: ConstValue) -> Result<ConstValue, ConstEvalError> {
    let shift = matches!(op, ArithOp::Shl | ArithOp::Shr);
    let ty = if shift {
        promoted(l.ty)
    } else {
        usual_arithmetic(l.ty, r.ty)
    };
    let (a, b) = (convert(l.value, ty), convert(r.value, ty));
    let unsigned = is_unsigned(ty);
    let (a, b) = if unsigned {
        (a as u128 as i128, b as u128 as i128)
    } else {
        (a, b)
    };
    let v = match op {
        ArithOp::Add => a.wrapping_add(b),
        ArithOp::Sub => a.wrapping_sub(b),
        ArithOp::Mul => a.wrapping_mul(b),
        ArithOp::Div | ArithOp::Rem if b == 0 => return Err(ConstEvalError::DivisionByZero),
        ArithOp::Div => a.wrapping_div(b),
        ArithOp::Rem => a.wrapping_rem(b),
        ArithOp::Shl => {
            let n = u32::try_from(r.value).map_err(|_| ConstEvalError::NotConstant)?;
            if n >= 128 {
                return Err(ConstEvalError::NotConstant);
            }
            a.wrapping_shl(n)
        }
        ArithOp::Shr => {
            let n = u32::try_from(r.value).map_err(|_| ConstEvalError::NotConstant)?;
            if n >= 128 {
                return Err(ConstEvalError::NotConstant);
            }
            a >> n
        }
        ArithOp::BitAnd => a & b,
        ArithOp::BitXor => a ^ b,
        ArithOp::BitOr => a | b,
    };
    Ok(ConstValue::new(v, ty))
}

/// `sizeof` of builtins, pointers and arrays of them (x86-64 LP64).
fn size_of_simple<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<u64> {
    match ty.unqualified(db).kind(db) {
        TyKind::Builtin(b) => b.size_align().map(|s| s.size),
        TyKind::Pointer(_) | TyKind::MemberPointer { .. } => Some(8),
        TyKind::Reference(_, t) => size_of_simple(db, *t),
        TyKind::Array(elem, Some(n)) => size_of_simple(db, *elem)?.checked_mul(*n),
        TyKind::Enum(_) => Some(4),
        _ => None,
    }
}

/// `sizeof` of a type: builtins, pointers and arrays of them directly, classes, class
/// template instances and typedefs by il's layout of the type hir-ty's is ([`crate::to_il`]).
fn size_of<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<u64> {
    if let Some(size) = size_of_simple(db, ty) {
        return Some(size);
    }
    if ty.is_dependent(db) || ty.is_error(db) {
        return None;
    }
    let il = crate::to_il::il_ty(db, ty.strip_reference(db))?;
    il::record::size_align_of(db, il).map(|s| s.size)
}

/// A character literal's value and type (`'a'`, `'\n'`, `'\x41'`, `L'a'`, `u8'a'`).
pub fn char_value(text: &str) -> Option<ConstValue> {
    let (prefix, rest) = text.split_at(text.find('\'')?);
    let ty = match prefix {
        "" => Builtin::Char,
        "L" => Builtin::WChar,
        "u8" => Builtin::Char8,
        "u" => Builtin::Char16,
        "U" => Builtin::Char32,
        _ => return None,
    };
    let inner = rest.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut chars = inner.chars();
    let value = match chars.next()? {
        '\\' => match chars.next()? {
            'n' => 10,
            't' => 9,
            'r' => 13,
            '0'..='7' => i128::from_str_radix(&inner[1..], 8).ok()?,
            'x' => i128::from_str_radix(&inner[2..], 16).ok()?,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            c => c as i128,
        },
        c if chars.next().is_none() => c as i128,
        _ => return None,
    };
    Some(ConstValue::new(value, ty))
}

/// The value of an integer literal's digits (decimal, `0x` hex, `0b` binary, `0` octal, digit
/// separators `'` allowed); `None` when it does not fit 128 bits.
pub fn parse_int(digits: &str) -> Option<u128> {
    let digits: String = digits.chars().filter(|c| *c != '\'').collect();
    let lower = digits.to_ascii_lowercase();
    let (radix, rest) = if let Some(r) = lower.strip_prefix("0x") {
        (16, r)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (2, r)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    u128::from_str_radix(rest, radix).ok()
}
