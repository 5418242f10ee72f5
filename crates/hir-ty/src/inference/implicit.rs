//! Implicit calls: what a body calls without a call expression ([class.init],
//! [class.temporary], [class.conv], [class.base.init], [class.dtor]).
//!
//! Recorded after the walk, from the types it found: the default constructor of `S s;`; the
//! copy or move constructor of `S s = t;` and of a class argument passed by value; converting
//! constructors and conversion functions an argument or a condition goes through; the
//! destructor of every local of class type and of the temporaries of full-expressions,
//! member accesses and reference arguments; in a constructor the default constructors of the
//! bases and members it does not initialize and the default member initializers it runs; in a
//! destructor the destructors of the bases and members; the implicit copy or move assignment.
//! Each names its target ([`CallTarget`]: a declared routine or an implicit member) and the
//! expression, binding or body that causes it ([`ImplicitSite`]).
use hir_def::hir::{BinaryOp, BindingKind, Condition, Expr, ExprId, InitStyle, Stmt, UnaryOp};

use crate::conversion::{conversion_function, converting_constructor, is_class, is_known_class};
use crate::inference::CalleeKind;
use crate::inference::expr::InferCtx;
use crate::lower::{CallableKind, callable_sig};
use crate::overload::Arg;
use crate::special::{CallTarget, SpecialKind, SpecialMember, special_member, subobjects};
use crate::ty::{RefKind, Ty, TyKind, ValueCategory};
use crate::unify::Subst;

/// What causes an implicit call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImplicitSite {
    /// An expression: the initializer copied, the argument converted or copied, the
    /// temporary destroyed, the condition converted, the assignment.
    Expr(ExprId),
    /// A local variable: its default construction (`S s;`) or its destruction.
    Binding(hir_def::hir::BindingId),
    /// The body's function itself: a constructor's construction of the bases and members it
    /// does not initialize, a destructor's destruction of its bases and members.
    Owner,
}

/// Why the implicit call happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImplicitKind {
    /// Default construction, or a converting constructor.
    Construct,
    Copy,
    Move,
    Destroy,
    /// A conversion function (`operator T()`).
    Convert,
    /// The implicit (or defaulted) copy or move assignment of `a = b`.
    Assign,
}

/// One implicit call of a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct ImplicitCall<'db> {
    pub site: ImplicitSite,
    pub kind: ImplicitKind,
    pub target: CallTarget<'db>,
}

impl<'db> InferCtx<'_, 'db> {
    /// The result of the call `init` converted by the constructor `ctor` (`S s = f(x);`).
    pub(crate) fn converted_by(&mut self, init: ExprId, ctor: il::Item<'db>) {
        self.implicit(
            ImplicitSite::Expr(init),
            ImplicitKind::Construct,
            CallTarget::Item(ctor),
        );
    }

    fn implicit(&mut self, site: ImplicitSite, kind: ImplicitKind, target: CallTarget<'db>) {
        let call = ImplicitCall { site, kind, target };
        if !self.result.implicit_calls.contains(&call) {
            self.result.implicit_calls.push(call);
        }
    }

    fn special(&mut self, site: ImplicitSite, kind: ImplicitKind, ty: Ty<'db>, which: SpecialKind) {
        if let Some(target) = special_member(self.db, element_class(self.db, ty), which) {
            self.implicit(site, kind, target);
        }
    }

    /// Records every implicit call of the body (after the walk typed it).
    pub(crate) fn record_implicit_calls(&mut self) {
        let body = self.body;
        self.owner_members();
        for (_, stmt) in body.stmts.iter() {
            match stmt {
                Stmt::Decl(decls) | Stmt::TypeDecl { decls, .. } => {
                    for d in decls.iter() {
                        self.local(d.binding, d.init, d.style);
                    }
                }
                Stmt::Expr(e) => self.temporary(*e),
                Stmt::If {
                    cond: Condition::Expr(c),
                    ..
                }
                | Stmt::While {
                    cond: Condition::Expr(c),
                    ..
                }
                | Stmt::For {
                    cond: Some(Condition::Expr(c)),
                    ..
                }
                | Stmt::DoWhile { cond: c, .. } => self.condition(*c),
                Stmt::RangeFor { decl, .. } => {
                    if let Stmt::Decl(decls) = &body.stmts[*decl] {
                        for d in decls.iter() {
                            self.local(d.binding, None, InitStyle::Copy);
                        }
                    }
                }
                _ => {}
            }
        }
        let ids: Vec<ExprId> = body.exprs.iter().map(|(id, _)| id).collect();
        for id in ids {
            self.expr_implicit(id);
        }
    }

    /// A local variable: constructed (without initializer, or copied from a glvalue of its
    /// class) and destroyed.
    fn local(&mut self, binding: hir_def::hir::BindingId, init: Option<ExprId>, style: InitStyle) {
        let db = self.db;
        let data = &self.body.bindings[binding];
        if data.flags.is_extern
            || !matches!(
                data.kind,
                BindingKind::Local | BindingKind::Condition | BindingKind::RangeFor
            )
        {
            return;
        }
        let Some(ty) = self.result.bindings[binding.into_raw().into_u32() as usize] else {
            return;
        };
        if matches!(ty.kind(db), TyKind::Reference(..))
            || !is_known_class(db, element_class(db, ty))
        {
            return;
        }
        let site = ImplicitSite::Binding(binding);
        match init {
            None if data.kind != BindingKind::RangeFor => self.special(
                site,
                ImplicitKind::Construct,
                ty,
                SpecialKind::DefaultConstructor,
            ),
            Some(init)
                if style == InitStyle::Copy
                    && !matches!(
                        self.body.exprs[init],
                        Expr::InitList(_) | Expr::ParenInit(_)
                    ) =>
            {
                self.copy_from(init, ty);
                self.elided_copy(init, ty);
            }
            _ => {}
        }
        self.special(site, ImplicitKind::Destroy, ty, SpecialKind::Destructor);
    }

    /// A local copy-initialized from a prvalue of its class (`S s = make();`): the object is
    /// initialized directly, the move (or copy) constructor elided; recorded apart
    /// ([`InferenceResult::elided_copies`](crate::InferenceResult::elided_copies)).
    fn elided_copy(&mut self, from: ExprId, ty: Ty<'db>) {
        let db = self.db;
        let (Some(from_ty), Some(ValueCategory::PRValue)) = (
            self.result.type_of_expr(from),
            self.result.value_category(from),
        ) else {
            return;
        };
        if from_ty.unqualified(db) != ty.unqualified(db) || !is_known_class(db, ty) {
            return;
        }
        let class = ty.unqualified(db);
        if class.is_dependent(db) {
            return;
        }
        let which = SpecialKind::MoveConstructor;
        let target = special_member(db, class, which)
            .unwrap_or_else(|| CallTarget::Special(SpecialMember::new(db, class, which)));
        let call = ImplicitCall {
            site: ImplicitSite::Expr(from),
            kind: ImplicitKind::Move,
            target,
        };
        if !self.result.elided_copies.contains(&call) {
            self.result.elided_copies.push(call);
        }
    }

    /// An object of class type `ty` initialized from the glvalue `from` of the same class: its
    /// copy (lvalue) or move (xvalue) constructor; a prvalue initializes it directly.
    fn copy_from(&mut self, from: ExprId, ty: Ty<'db>) {
        let db = self.db;
        let (Some(from_ty), Some(category)) = (
            self.result.type_of_expr(from),
            self.result.value_category(from),
        ) else {
            return;
        };
        if from_ty.unqualified(db) != ty.unqualified(db) {
            return;
        }
        let (kind, which) = match category {
            ValueCategory::LValue => (ImplicitKind::Copy, SpecialKind::CopyConstructor),
            ValueCategory::XValue => (ImplicitKind::Move, SpecialKind::MoveConstructor),
            ValueCategory::PRValue => return,
        };
        let site = ImplicitSite::Expr(from);
        let class = element_class(db, ty);
        if special_member(db, class, which).is_some() {
            self.special(site, kind, ty, which);
        } else if is_known_class(db, class) && !class.is_dependent(db) {
            // An implicit, trivial copy: no call, but the constructor is used.
            let target = CallTarget::Special(SpecialMember::new(db, class, which));
            let call = ImplicitCall { site, kind, target };
            if !self.result.trivial_copies.contains(&call) {
                self.result.trivial_copies.push(call);
            }
        }
    }

    /// A prvalue of class type whose temporary is destroyed at the end of the full-expression.
    fn temporary(&mut self, expr: ExprId) {
        let db = self.db;
        if !matches!(
            self.body.exprs[expr],
            Expr::Call { .. } | Expr::Cast { .. } | Expr::Binary { .. } | Expr::Unary { .. }
        ) {
            return;
        }
        if let (Some(ty), Some(ValueCategory::PRValue)) = (
            self.result.type_of_expr(expr),
            self.result.value_category(expr),
        ) && is_known_class(db, ty)
        {
            self.special(
                ImplicitSite::Expr(expr),
                ImplicitKind::Destroy,
                ty,
                SpecialKind::Destructor,
            );
        }
    }

    /// An explicit conversion of a class object to a type that is not a class: the class's
    /// conversion function to it.
    fn cast_conversion(&mut self, operand: ExprId, target: Ty<'db>) {
        let db = self.db;
        let Some(ty) = self.result.type_of_expr(operand) else {
            return;
        };
        if target.is_dependent(db) || ty.is_dependent(db) || target.is_error(db) {
            return;
        }
        if is_known_class(db, ty)
            && !is_class(db, target)
            && target.as_builtin(db) != Some(crate::ty::Builtin::Void)
            && let Some(f) = conversion_function(db, ty, target)
        {
            self.implicit(
                ImplicitSite::Expr(operand),
                ImplicitKind::Convert,
                CallTarget::Item(f),
            );
        }
    }

    /// A condition of class type: its conversion to `bool`.
    fn condition(&mut self, expr: ExprId) {
        let db = self.db;
        if self.result.callee(expr).is_some() {
            return;
        }
        let Some(ty) = self.result.type_of_expr(expr) else {
            return;
        };
        if is_known_class(db, ty)
            && let Some(f) = conversion_function(db, ty, crate::conversion::bool_ty(db))
        {
            self.implicit(
                ImplicitSite::Expr(expr),
                ImplicitKind::Convert,
                CallTarget::Item(f),
            );
        }
    }

    fn expr_implicit(&mut self, expr: ExprId) {
        let db = self.db;
        let body = self.body;
        match &body.exprs[expr] {
            Expr::Member {
                base, arrow: false, ..
            } => self.temporary(*base),
            Expr::Unary {
                op: UnaryOp::Not,
                expr: operand,
            } if self.result.callee(expr).is_none() => self.condition(*operand),
            Expr::Binary {
                op: BinaryOp::And | BinaryOp::Or,
                lhs,
                rhs,
            } if self.result.callee(expr).is_none() => {
                self.condition(*lhs);
                self.condition(*rhs);
            }
            Expr::Conditional { cond, .. } => self.condition(*cond),
            // `static_cast<float>(c)`, `float(c)`, `(float)c` of a class object: its
            // conversion function to the target type.
            Expr::Cast { args, .. } if args.len() == 1 && self.result.callee(expr).is_none() => {
                if let Some(target) = self.result.type_of_expr(expr) {
                    self.cast_conversion(args[0], target);
                }
            }
            Expr::Binary {
                op: BinaryOp::Assign,
                lhs,
                rhs,
            } if self.result.callee(expr).is_none() => {
                let Some(ty) = self.result.type_of_expr(*lhs) else {
                    return;
                };
                if is_known_class(db, ty) {
                    let which = if self.result.value_category(*rhs) == Some(ValueCategory::LValue) {
                        SpecialKind::CopyAssignment
                    } else {
                        SpecialKind::MoveAssignment
                    };
                    let class = element_class(db, ty);
                    let site = ImplicitSite::Expr(expr);
                    match special_member(db, class, which) {
                        Some(target) => self.implicit(site, ImplicitKind::Assign, target),
                        // An implicit, trivial assignment: no call, but the member is used
                        // (EDG logs `P::operator=` for `a = b` of a plain struct).
                        None if !class.is_dependent(db) => {
                            let member = SpecialMember::new(db, class, which);
                            let call = ImplicitCall {
                                site,
                                kind: ImplicitKind::Assign,
                                target: CallTarget::Special(member),
                            };
                            if !self.result.trivial_copies.contains(&call) {
                                self.result.trivial_copies.push(call);
                            }
                        }
                        None => {}
                    }
                }
            }
            _ => {}
        }
        if let Some(callee) = self.result.callee_info(expr) {
            self.arguments(expr, callee);
        }
    }

    /// The arguments of a resolved call, operator or constructor, against the callee's
    /// parameters: copies of class arguments passed by value, converting constructors,
    /// conversion functions, temporaries bound to reference parameters.
    fn arguments(&mut self, expr: ExprId, callee: crate::inference::Callee<'db>) {
        let db = self.db;
        let body = self.body;
        let Some(sig) = callable_sig(db, callee.item).as_ref() else {
            return;
        };
        let args: Vec<ExprId> = match (&body.exprs[expr], callee.kind) {
            (Expr::Call { args, .. } | Expr::KernelLaunch { args, .. }, _) => args.to_vec(),
            (Expr::Cast { args, .. }, _) => args.to_vec(),
            (
                Expr::New {
                    init: Some(init), ..
                },
                _,
            ) => init.to_vec(),
            (Expr::ParenInit(args) | Expr::InitList(args), _) => args.to_vec(),
            (Expr::Binary { lhs, rhs, .. }, _) if sig.member_of.is_some() => {
                self.temporary(*lhs);
                vec![*rhs]
            }
            (Expr::Binary { lhs, rhs, .. }, _) => vec![*lhs, *rhs],
            (Expr::Index { index, .. }, _) => vec![*index],
            (Expr::Unary { expr: e, .. }, _) if sig.member_of.is_none() => vec![*e],
            // A declaration `S s = e` records its converting constructor on `e` itself.
            (_, CalleeKind::Constructor) => vec![expr],
            _ => return,
        };
        let subst = callee
            .instance
            .map_or_else(Subst::default, |inst| Subst::of_instance(db, inst));
        let params: Vec<Ty<'db>> = sig.params.iter().map(|p| subst.apply(db, *p)).collect();
        let is_ctor = sig.kind == CallableKind::Constructor;
        for (arg, param) in args.into_iter().zip(params) {
            if arg == expr && !is_ctor {
                continue;
            }
            self.argument(arg, param);
        }
    }

    fn argument(&mut self, arg: ExprId, param: Ty<'db>) {
        let db = self.db;
        let (Some(ty), Some(category)) = (
            self.result.type_of_expr(arg),
            self.result.value_category(arg),
        ) else {
            return;
        };
        if param.is_dependent(db) || ty.is_dependent(db) || ty.is_error(db) || param.is_error(db) {
            return;
        }
        let site = ImplicitSite::Expr(arg);
        let (by_ref, target) = match param.kind(db) {
            TyKind::Reference(k, t) => (Some(*k), *t),
            _ => (None, param),
        };
        let target_class = is_class(db, target);
        let same = ty.unqualified(db) == target.unqualified(db)
            || crate::overload::is_base_of(db, target.unqualified(db), ty.unqualified(db));
        if target_class && !same {
            let a = Arg {
                ty,
                category,
                null: false,
            };
            if let Some(ctor) = converting_constructor(db, target, a) {
                self.implicit(site, ImplicitKind::Construct, CallTarget::Item(ctor));
                if let TyKind::Instance(instance) = target.unqualified(db).kind(db)
                    && crate::class_instance::concrete_args(db, *instance)
                    && let Some(member) =
                        crate::class_instance::member_instance_in(db, *instance, ctor)
                {
                    self.result
                        .conversion_instances
                        .push((arg.into_raw().into_u32(), member));
                }
                self.special(site, ImplicitKind::Destroy, target, SpecialKind::Destructor);
                return;
            }
        }
        if is_known_class(db, ty) && !target_class {
            if let Some(f) = conversion_function(db, ty, target) {
                self.implicit(site, ImplicitKind::Convert, CallTarget::Item(f));
            }
            return;
        }
        match by_ref {
            None if target_class && same && !matches!(self.body.exprs[arg], Expr::InitList(_)) => {
                self.copy_from(arg, target);
            }
            Some(RefKind::Lvalue | RefKind::Rvalue) if category == ValueCategory::PRValue => {
                self.temporary(arg);
            }
            _ => {}
        }
    }

    /// A constructor constructs the bases and members it does not initialize (and runs their
    /// default member initializers); a destructor destroys its bases and members.
    fn owner_members(&mut self) {
        let db = self.db;
        if self.owner.kind(db) == il::ItemKind::Variable {
            self.variable_owner();
            return;
        }
        // Only members construct or destroy subobjects; a free function's signature is not
        // read (editing it must not re-run this inference).
        let Some((class_ty, _)) = self.this_class else {
            return;
        };
        let Some(sig) = callable_sig(db, self.owner).as_ref() else {
            return;
        };
        if class_ty.is_dependent(db) {
            return;
        }
        let Some((class, _)) = crate::special::class_and_subst(db, class_ty) else {
            return;
        };
        match sig.kind {
            CallableKind::Destructor => {
                for sub in subobjects(db, class_ty) {
                    self.special(
                        ImplicitSite::Owner,
                        ImplicitKind::Destroy,
                        sub,
                        SpecialKind::Destructor,
                    );
                }
            }
            CallableKind::Constructor => {
                let initialized: Vec<String> = self
                    .body
                    .mem_inits
                    .iter()
                    .filter_map(|m| m.name.segments.last().map(|s| s.name.to_string()))
                    .collect();
                let named = |item: il::Item<'db>| {
                    item.name_text(db)
                        .is_some_and(|n| initialized.iter().any(|i| i == n))
                };
                for base in il::lookup::base_classes(db, class) {
                    if !named(base) && base.kind(db) != il::ItemKind::ClassTemplate {
                        let ty = crate::lower::declared_ty(db, base);
                        self.special(
                            ImplicitSite::Owner,
                            ImplicitKind::Construct,
                            ty,
                            SpecialKind::DefaultConstructor,
                        );
                    }
                }
                for field in crate::special::fields(db, class) {
                    if named(field) {
                        continue;
                    }
                    if crate::special::has_initializer(db, field) {
                        self.result.default_member_inits.push(field);
                        continue;
                    }
                    let ty = crate::lower::declared_ty(db, field);
                    if !matches!(ty.kind(db), TyKind::Reference(..)) {
                        self.special(
                            ImplicitSite::Owner,
                            ImplicitKind::Construct,
                            ty,
                            SpecialKind::DefaultConstructor,
                        );
                    }
                }
            }
            _ => {}
        }
    }
}

impl<'db> InferCtx<'_, 'db> {
    /// A variable at namespace or class scope (static storage): default-constructed when it
    /// has no initializer, copied from a glvalue initializer, destroyed at exit.
    fn variable_owner(&mut self) {
        let db = self.db;
        let decl = il::decl::variable_decl(db, self.owner);
        if decl.specifiers.is_extern {
            return;
        }
        let ty = crate::lower::declared_ty(db, self.owner);
        if matches!(ty.kind(db), TyKind::Reference(..))
            || !is_known_class(db, element_class(db, ty))
        {
            return;
        }
        match self.body.init_expr {
            None => self.special(
                ImplicitSite::Owner,
                ImplicitKind::Construct,
                ty,
                SpecialKind::DefaultConstructor,
            ),
            Some(init)
                if !matches!(
                    self.body.exprs[init],
                    Expr::InitList(_) | Expr::ParenInit(_)
                ) =>
            {
                self.copy_from(init, ty)
            }
            Some(_) => {}
        }
        self.special(
            ImplicitSite::Owner,
            ImplicitKind::Destroy,
            ty,
            SpecialKind::Destructor,
        );
    }
}

/// The class of an object type, through arrays (`S a[4]` constructs `S`s).
fn element_class<'db>(db: &'db dyn crate::HirTyDatabase, ty: Ty<'db>) -> Ty<'db> {
    let mut ty = ty.strip_reference(db).unqualified(db);
    let mut depth = 0;
    while let TyKind::Array(elem, _) = ty.kind(db) {
        ty = elem.unqualified(db);
        depth += 1;
        if depth > 16 {
            break;
        }
    }
    ty
}
