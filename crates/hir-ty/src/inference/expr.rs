//! Expressions: types, value categories, names, members, calls and operators.
use hir_def::Body;
use hir_def::hir::{
    BinaryOp, BindingId, BindingKind, BuiltinArg, CastKind, Expr, ExprId, InitStyle, Literal,
    LiteralKind, Path, TypeOrExpr, UnaryOp,
};
use il::lookup::ScopeRef;
use il::{Item, ItemKind};
use rustc_hash::FxHashMap;

use crate::HirTyDatabase;
use crate::inference::path::Found;
use crate::inference::{
    Callee, CalleeKind, ExprInfo, InferenceDiagnostic, InferenceResult, Resolution,
};
use crate::lower::{CallableKind, callable_sig, declared_ty};
use crate::overload::{Arg, owners_of, select, select_in_class};
use crate::ty::{
    Builtin, Cv, GenericArg, Instance, RefKind, Ty, TyKind, ValueCategory, promoted,
    usual_arithmetic,
};
use crate::unify::Subst;

mod operators;

pub(crate) struct InferCtx<'a, 'db> {
    pub db: &'db dyn HirTyDatabase,
    pub owner: Item<'db>,
    pub body: &'a Body,
    pub scope: ScopeRef<'db>,
    pub in_template: bool,
    /// The class of a member function (`this`), with `this`'s qualifiers.
    pub(crate) this_class: Option<(Ty<'db>, Cv)>,
    pub result: InferenceResult<'db>,
    pub binding_inits: FxHashMap<BindingId, (ExprId, InitStyle)>,
    /// The template arguments of the function template instance being inferred (empty for
    /// a body inferred as written).
    pub(crate) subst: Subst<'db>,
    /// The class template instance whose member function is being inferred
    /// ([`crate::class_instance::infer_member_instance`]).
    pub(crate) class_instance: Option<Instance<'db>>,
    pub binding_in_progress: Vec<BindingId>,
    pub range_for: Vec<BindingId>,
    /// The names of structured binding declarations, with the declaration's first name.
    pub(crate) structured: FxHashMap<BindingId, super::structured::StructuredName>,
    /// The hidden variable of each structured binding declaration, by its first name.
    pub(crate) structured_objects: FxHashMap<BindingId, Ty<'db>>,
    /// The body is not the owner's own (its default arguments): the owner's block scopes say
    /// nothing about its expressions, and a default argument names no local.
    pub(crate) outside_body: bool,
}

impl<'a, 'db> InferCtx<'a, 'db> {
    pub(crate) fn new(db: &'db dyn HirTyDatabase, owner: Item<'db>, body: &'a Body) -> Self {
        let owners = owners_of(db, owner);
        let class = crate::lower::class_of_member(db, owner);
        let this_class = class.map(|c| {
            let ty = if c.kind(db) == ItemKind::ClassTemplate {
                // The injected-class-name: the template with its parameters standing for
                // themselves.
                let args: Vec<GenericArg<'db>> = (0
                    ..hir_def::generics::template_params(db, c).len() as u32)
                    .map(|index| {
                        GenericArg::Type(Ty::new(
                            db,
                            TyKind::Param(hir_def::generics::TemplateParamId { owner: c, index }),
                        ))
                    })
                    .collect();
                Ty::new(db, TyKind::Instance(Instance::new(db, c, args)))
            } else {
                Ty::new(db, TyKind::Class(c))
            };
            let cv = callable_sig(db, owner)
                .as_ref()
                .map(|s| s.this_cv)
                .unwrap_or_default();
            (ty, cv)
        });
        InferCtx {
            db,
            owner,
            body,
            scope: class.map_or(crate::lower::scope_of(db, owner), ScopeRef::Item),
            in_template: !owners.is_empty(),
            this_class,
            class_instance: None,
            result: InferenceResult {
                exprs: vec![None; body.exprs.len()],
                bindings: vec![None; body.bindings.len()],
                calls: Vec::new(),
                diagnostics: Vec::new(),
                instances: Vec::new(),
                closure_calls: Vec::new(),
                owner: Some(owner),
                implicit_calls: Vec::new(),
                trivial_copies: Vec::new(),
                elided_copies: Vec::new(),
                default_member_inits: Vec::new(),
                mem_init_fields: Vec::new(),
                member_instances: Vec::new(),
                variable_instances: Vec::new(),
                qualifier_instances: Vec::new(),
                conversion_instances: Vec::new(),
                deferred_calls: Vec::new(),
                guessed_calls: Vec::new(),
            },
            binding_inits: FxHashMap::default(),
            subst: Subst::default(),
            binding_in_progress: Vec::new(),
            range_for: Vec::new(),
            structured: FxHashMap::default(),
            structured_objects: FxHashMap::default(),
            outside_body: false,
        }
    }

    pub(crate) fn infer_body(&mut self) {
        self.collect_binding_inits();
        for p in self.body.params.iter() {
            self.binding_ty(*p);
        }
        for m in self.body.mem_inits.iter() {
            self.infer_expr(m.init);
            self.mem_init(m);
        }
        if let Some(s) = self.body.body_stmt {
            self.infer_stmt(s, 0);
        }
        if let Some(e) = self.body.init_expr {
            self.infer_expr(e);
            if matches!(
                self.owner.kind(self.db),
                ItemKind::Variable | ItemKind::Field
            ) {
                let ty = declared_ty(self.db, self.owner);
                self.construct(e, ty, InitStyle::Copy);
            }
        }
        // Whatever no statement reached (a lambda's default arguments, unreachable pieces).
        let ids: Vec<ExprId> = self.body.exprs.iter().map(|(id, _)| id).collect();
        for id in ids {
            self.infer_expr(id);
        }
        let bindings: Vec<BindingId> = self.body.bindings.iter().map(|(id, _)| id).collect();
        for b in bindings {
            self.binding_ty(b);
        }
        self.record_implicit_calls();
    }

    /// A mem-initializer `m(args)` / `Base(args)`: the constructor of the member's or base's
    /// type, recorded on the initializer.
    fn mem_init(&mut self, m: &hir_def::hir::MemInit) {
        let db = self.db;
        self.result.mem_init_fields.push(None);
        let Some((class_ty, _)) = self.this_class else {
            return;
        };
        let Some(class) = class_ty.as_class(db) else {
            return;
        };
        let Some(name) = m.name.segments.last().map(|s| s.name.to_string()) else {
            return;
        };
        let subst = self.instance_subst(class_ty);
        let field = crate::special::fields(db, class)
            .into_iter()
            .find(|f| f.name_text(db) == Some(name.as_str()));
        if let Some(slot) = self.result.mem_init_fields.last_mut() {
            *slot = field;
        }
        let ty = match field {
            Some(f) => subst.apply(db, declared_ty(db, f)),
            None => match il::lookup::base_classes(db, class)
                .into_iter()
                .find(|b| b.name_text(db) == Some(name.as_str()))
            {
                Some(b) if b.kind(db) != ItemKind::ClassTemplate => declared_ty(db, b),
                _ => return,
            },
        };
        self.construct(m.init, ty, InitStyle::Direct);
    }

    pub(crate) fn finish(mut self) -> InferenceResult<'db> {
        self.result.calls = self
            .body
            .exprs
            .iter()
            .filter(|(_, e)| matches!(e, Expr::Call { .. } | Expr::KernelLaunch { .. }))
            .map(|(id, _)| id)
            .collect();
        // By expression, the first record of each kept (`member_instance` searches it).
        self.result.member_instances.sort_by_key(|(e, _)| *e);
        self.result.member_instances.dedup_by_key(|(e, _)| *e);
        self.result.variable_instances.sort_by_key(|(e, _)| *e);
        self.result.variable_instances.dedup_by_key(|(e, _)| *e);
        self.result.qualifier_instances.sort_by_key(|(e, _)| *e);
        self.result.qualifier_instances.dedup_by_key(|(e, _)| *e);
        self.result
    }

    pub(crate) fn expr_ty(&mut self, expr: ExprId) -> Ty<'db> {
        self.infer_expr(expr)
    }

    pub(crate) fn infer_expr(&mut self, expr: ExprId) -> Ty<'db> {
        self.infer_expr_full(expr).0
    }

    pub(crate) fn infer_expr_full(&mut self, expr: ExprId) -> (Ty<'db>, ValueCategory) {
        let idx = expr.into_raw().into_u32() as usize;
        if let Some(Some(info)) = self.result.exprs.get(idx) {
            return (info.ty, info.category);
        }
        // Mark as in progress (error) so a cycle ends.
        self.result.exprs[idx] = Some(ExprInfo {
            ty: Ty::error(self.db),
            category: ValueCategory::PRValue,
            resolution: None,
            callee: None,
        });
        let (ty, category) = self.compute(expr);
        let ty = ty.strip_reference(self.db);
        let info = self.result.exprs[idx].as_mut().expect("set above");
        info.ty = ty;
        info.category = category;
        (ty, category)
    }

    fn set_resolution(&mut self, expr: ExprId, r: Resolution<'db>) {
        if let Some(Some(info)) = self
            .result
            .exprs
            .get_mut(expr.into_raw().into_u32() as usize)
        {
            info.resolution = Some(r);
        }
    }

    pub(crate) fn set_callee(
        &mut self,
        expr: ExprId,
        item: Item<'db>,
        kind: CalleeKind,
        instance: Option<Instance<'db>>,
    ) {
        if let Some(inst) = instance
            && !self.result.instances.contains(&inst)
        {
            self.result.instances.push(inst);
        }
        if let Some(Some(info)) = self
            .result
            .exprs
            .get_mut(expr.into_raw().into_u32() as usize)
        {
            info.callee = Some(Callee {
                item,
                kind,
                instance,
                class_instance: None,
            });
        }
    }

    fn diag(&mut self, d: InferenceDiagnostic) {
        self.result.diagnostics.push(d);
    }

    fn error(&self) -> (Ty<'db>, ValueCategory) {
        (Ty::error(self.db), ValueCategory::PRValue)
    }

    fn prvalue(&self, b: Builtin) -> (Ty<'db>, ValueCategory) {
        (Ty::builtin(self.db, b), ValueCategory::PRValue)
    }

    fn dependent(&self, what: &str) -> (Ty<'db>, ValueCategory) {
        (
            Ty::new(self.db, TyKind::Dependent(what.into())),
            ValueCategory::PRValue,
        )
    }

    /// A value of declared type `ty`: a reference gives its category.
    fn of_declared(&self, ty: Ty<'db>, default: ValueCategory) -> (Ty<'db>, ValueCategory) {
        match ty.kind(self.db) {
            TyKind::Reference(RefKind::Lvalue, t) => (*t, ValueCategory::LValue),
            TyKind::Reference(RefKind::Rvalue, t) => (*t, default),
            _ => (ty, default),
        }
    }

    /// A call's result: its return type's category.
    fn returned(&self, ret: Ty<'db>) -> (Ty<'db>, ValueCategory) {
        // A member type of a dependent type the substitution made concrete.
        let ret = crate::normalize::normalize(self.db, ret);
        match ret.kind(self.db) {
            TyKind::Reference(RefKind::Lvalue, t) => (*t, ValueCategory::LValue),
            TyKind::Reference(RefKind::Rvalue, t) => (*t, ValueCategory::XValue),
            _ => (ret, ValueCategory::PRValue),
        }
    }

    fn compute(&mut self, expr: ExprId) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        let body = self.body;
        match &body.exprs[expr] {
            Expr::Missing => self.error(),
            Expr::Literal(lit) => literal_ty(db, lit),
            Expr::Path(path) => self.infer_path(expr, path),
            Expr::This => match self.this_class {
                Some((class, cv)) => (class.qualified(db, cv).pointer(db), ValueCategory::PRValue),
                None => {
                    self.diag(InferenceDiagnostic::Unsupported { expr });
                    self.error()
                }
            },
            Expr::Unary { op, expr: operand } => self.infer_unary(expr, *op, *operand),
            Expr::LabelAddr(_) => (
                Ty::builtin(db, Builtin::Void).pointer(db),
                ValueCategory::PRValue,
            ),
            Expr::Binary { op, lhs, rhs } => self.infer_binary(expr, *op, *lhs, *rhs),
            Expr::Conditional { cond, then, else_ } => {
                let (c, cc) = self.infer_expr_full(*cond);
                let (t, tc) = match then {
                    Some(t) => self.infer_expr_full(*t),
                    None => (c, cc),
                };
                let (e, ec) = self.infer_expr_full(*else_);
                if t == e {
                    (t, if tc == ec { tc } else { ValueCategory::PRValue })
                } else if let (Some(a), Some(b)) = (t.as_builtin(db), e.as_builtin(db))
                    && t.is_arithmetic(db)
                    && e.is_arithmetic(db)
                {
                    self.prvalue(usual_arithmetic(a, b))
                } else if t.is_error(db) || t.as_builtin(db) == Some(Builtin::NullPtr) {
                    (e, ValueCategory::PRValue)
                } else {
                    (t, ValueCategory::PRValue)
                }
            }
            Expr::Call { callee, args } => self.infer_call(expr, *callee, args, false),
            Expr::KernelLaunch {
                callee,
                config,
                args,
            } => {
                for c in config.iter() {
                    self.infer_expr(*c);
                }
                self.infer_call(expr, *callee, args, true)
            }
            Expr::Index { base, index } => {
                let (b, _) = self.infer_expr_full(*base);
                let (i, _) = self.infer_expr_full(*index);
                // A `const` pointer (`ps->data` through a `const S *`) subscripts as any.
                let (b, i) = (b.unqualified(db), i.unqualified(db));
                match b.kind(db) {
                    TyKind::Pointer(elem) | TyKind::Array(elem, _) => {
                        (*elem, ValueCategory::LValue)
                    }
                    _ if b.as_class(db).is_some() => {
                        self.overloaded_operator(expr, "operator[]", b, &[*index])
                    }
                    _ => match i.kind(db) {
                        // `i[p]`
                        TyKind::Pointer(elem) | TyKind::Array(elem, _) => {
                            (*elem, ValueCategory::LValue)
                        }
                        _ => self.absorb(b, "[]"),
                    },
                }
            }
            Expr::Member {
                base,
                arrow,
                member,
            } => self.infer_member(expr, *base, *arrow, member),
            Expr::Cast {
                kind,
                ty,
                args,
                braced,
            } => {
                let arg_ids = args.to_vec();
                for a in &arg_ids {
                    self.infer_expr(*a);
                }
                let target = match self.type_ref(ty.as_str()) {
                    Some(t) => t,
                    None => match arg_ids.first() {
                        Some(a) if arg_ids.len() == 1 => self.expr_ty(*a).decay(db),
                        _ => self.dependent_or_error("auto").decay(db),
                    },
                };
                if target.is_error(db) && !self.in_template {
                    self.diag(InferenceDiagnostic::UnresolvedType {
                        binding: None,
                        expr: Some(expr),
                    });
                }
                if *kind == CastKind::Functional
                    && target.as_class(db).is_some()
                    && (arg_ids.len() != 1 || *braced || {
                        let a = self.expr_ty(arg_ids[0]);
                        a.unqualified(db) != target.unqualified(db)
                    })
                    && let Some(ctor) = self.resolve_constructor(target, &arg_ids)
                {
                    self.set_callee(expr, ctor, CalleeKind::Constructor, None);
                }
                self.of_declared(target, ValueCategory::PRValue)
            }
            Expr::New {
                placement,
                ty,
                array_sizes,
                init,
                ..
            } => {
                for e in placement.iter().chain(array_sizes.iter()) {
                    self.infer_expr(*e);
                }
                let init_args: Vec<ExprId> = init.iter().flat_map(|i| i.iter().copied()).collect();
                for a in &init_args {
                    self.infer_expr(*a);
                }
                let target = self
                    .type_ref(ty.as_str())
                    .unwrap_or_else(|| Ty::new(db, TyKind::Dependent("auto".into())));
                if init.is_some()
                    && target.as_class(db).is_some()
                    && let Some(ctor) = self.resolve_constructor(target, &init_args)
                {
                    self.set_callee(expr, ctor, CalleeKind::Constructor, None);
                }
                (target.pointer(db), ValueCategory::PRValue)
            }
            Expr::Delete { expr: e, .. } => {
                self.infer_expr(*e);
                self.prvalue(Builtin::Void)
            }
            Expr::SizeOf(operand) | Expr::AlignOf(operand) => {
                if let TypeOrExpr::Expr(e) = operand {
                    self.infer_expr(*e);
                }
                self.prvalue(Builtin::UnsignedLong)
            }
            Expr::SizeOfPack(_) => self.prvalue(Builtin::UnsignedLong),
            Expr::Decltype { .. } => (self.decltype_ty(expr), ValueCategory::PRValue),
            Expr::Noexcept(e) => {
                self.infer_expr(*e);
                self.prvalue(Builtin::Bool)
            }
            Expr::TypeId(operand) => {
                if let TypeOrExpr::Expr(e) = operand {
                    self.infer_expr(*e);
                }
                let segments = ["std".to_string(), "type_info".to_string()];
                match crate::inference::path::lookup_path(
                    db,
                    ScopeRef::File(self.owner.file(db)),
                    true,
                    &segments,
                )
                .first()
                {
                    Some(item) => (
                        Ty::new(db, TyKind::Class(*item)).qualified(
                            db,
                            Cv {
                                is_const: true,
                                ..Cv::default()
                            },
                        ),
                        ValueCategory::LValue,
                    ),
                    None => self.error(),
                }
            }
            // Braced and parenthesized initializer lists have no type of their own.
            Expr::InitList(items) | Expr::ParenInit(items) => {
                for i in items.iter() {
                    self.infer_expr(*i);
                }
                self.error()
            }
            Expr::Designated { designators, init } => {
                for d in designators.iter() {
                    if let hir_def::hir::Designator::Index(e) = d {
                        self.infer_expr(*e);
                    }
                }
                self.infer_expr(*init);
                self.error()
            }
            Expr::Lambda(lambda) => {
                for c in lambda.captures.iter() {
                    if let hir_def::hir::Capture::Init { binding, .. } = c {
                        self.binding_ty(*binding);
                    }
                }
                for p in lambda.params.iter() {
                    self.binding_ty(*p);
                }
                self.infer_stmt(lambda.body, 0);
                (
                    Ty::new(
                        db,
                        TyKind::Closure(hir_def::ClosureId {
                            owner: self.owner,
                            expr,
                        }),
                    ),
                    ValueCategory::PRValue,
                )
            }
            Expr::Throw(e) => {
                if let Some(e) = e {
                    self.infer_expr(*e);
                }
                self.prvalue(Builtin::Void)
            }
            Expr::Fold { op, lhs, rhs } => {
                for e in lhs.iter().chain(rhs.iter()) {
                    self.infer_expr(*e);
                }
                match self.fold_type(*op, *lhs, *rhs) {
                    Some(t) => (t, ValueCategory::PRValue),
                    None => self.dependent("fold"),
                }
            }
            Expr::PackExpansion(e) => {
                self.infer_expr(*e);
                self.dependent("...")
            }
            Expr::StmtExpr(s) => {
                self.infer_stmt(*s, 0);
                match &body.stmts[*s] {
                    hir_def::hir::Stmt::Compound(stmts) => {
                        match stmts.last().map(|l| &body.stmts[*l]) {
                            Some(hir_def::hir::Stmt::Expr(e)) => self.infer_expr_full(*e),
                            _ => self.prvalue(Builtin::Void),
                        }
                    }
                    _ => self.prvalue(Builtin::Void),
                }
            }
            Expr::CompoundLiteral { ty, init } => {
                self.infer_expr(*init);
                match self.type_ref(ty.as_str()) {
                    Some(t) => (t, ValueCategory::LValue),
                    None => self.error(),
                }
            }
            Expr::BuiltinCall { name, args } => {
                for a in args.iter() {
                    if let BuiltinArg::Expr(e) = a {
                        self.infer_expr(*e);
                    }
                }
                self.builtin_call(expr, name, args)
            }
            Expr::Requires(_) => self.prvalue(Builtin::Bool),
            Expr::CoAwait(e) | Expr::CoYield(e) => {
                self.infer_expr(*e);
                self.dependent("co_await")
            }
        }
    }

    /// An operation on an operand we could not type: the error absorbs it silently; on a
    /// dependent operand the result is dependent.
    fn absorb(&mut self, operand: Ty<'db>, what: &str) -> (Ty<'db>, ValueCategory) {
        if operand.is_dependent(self.db) || self.in_template {
            self.dependent(what)
        } else {
            self.error()
        }
    }

    fn builtin_call(
        &mut self,
        expr: ExprId,
        name: &str,
        args: &[BuiltinArg],
    ) -> (Ty<'db>, ValueCategory) {
        match name {
            "__builtin_expect" => self.prvalue(Builtin::Long),
            "__builtin_offsetof" => self.prvalue(Builtin::UnsignedLong),
            "__builtin_va_arg" => match args.get(1) {
                Some(BuiltinArg::Type(t)) => match self.type_ref(t.as_str()) {
                    Some(t) => (t, ValueCategory::PRValue),
                    None => self.error(),
                },
                _ => self.error(),
            },
            n if n.contains("constant_p") || n.contains("types_compatible") => {
                self.prvalue(Builtin::Int)
            }
            n if n.starts_with("__is_") || n.starts_with("__has_") => self.prvalue(Builtin::Bool),
            _ => {
                self.diag(InferenceDiagnostic::Unsupported { expr });
                self.error()
            }
        }
    }

    fn infer_path(&mut self, expr: ExprId, path: &Path) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        match self.lookup_path(expr, path) {
            Found::Resolved(r) => {
                let out = self.resolution_ty(&r);
                if let Resolution::Item(item) = r {
                    self.record_member_of_qualifier(expr, path, item);
                    if let Some(ty) = self.record_variable_instance(expr, path, item) {
                        self.set_resolution(expr, r);
                        return self.of_declared(ty, ValueCategory::LValue);
                    }
                }
                self.set_resolution(expr, r);
                out
            }
            Found::Functions(items) => {
                let ty = match items.as_slice() {
                    [only] => declared_ty(db, *only),
                    _ => Ty::new(db, TyKind::Dependent("<overload set>".into())),
                };
                self.set_resolution(expr, Resolution::Overloads(items));
                (ty, ValueCategory::LValue)
            }
            Found::Type(item) => {
                self.set_resolution(expr, Resolution::Item(item));
                (declared_ty(db, item), ValueCategory::PRValue)
            }
            Found::Dependent => self.dependent(
                &path
                    .segments
                    .last()
                    .map(|s| s.name.to_string())
                    .unwrap_or_default(),
            ),
            Found::Nothing => {
                self.diag(InferenceDiagnostic::UnresolvedName { expr });
                self.error()
            }
        }
    }

    fn resolution_ty(&mut self, r: &Resolution<'db>) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        match r {
            Resolution::Binding(b) => {
                let ty = self.binding_ty(*b);
                let category = if self.body.bindings[*b].kind == BindingKind::Enumerator {
                    ValueCategory::PRValue
                } else {
                    ValueCategory::LValue
                };
                self.of_declared(ty, category)
            }
            Resolution::Item(item) => {
                let ty = declared_ty(db, *item);
                let ty = match (item.kind(db), self.this_class) {
                    (ItemKind::Field, Some((_, cv))) => ty.qualified(db, cv),
                    _ => ty,
                };
                self.of_declared(ty, ValueCategory::LValue)
            }
            Resolution::Enumerator { enumeration, .. } => (
                Ty::new(db, TyKind::Enum(*enumeration)),
                ValueCategory::PRValue,
            ),
            Resolution::TemplateParam(p) => match self.non_type_param_ty(*p) {
                Some(ty) => self.of_declared(ty, ValueCategory::PRValue),
                None => self.dependent(&format!("<parameter {}>", p.index)),
            },
            Resolution::Overloads(_) => self.dependent("<overload set>"),
        }
    }

    /// A non-type template parameter named in an expression has its declared type (`int N`:
    /// a prvalue `int`, whose value, not type, depends); a pack, a placeholder (`auto V`) or
    /// what does not resolve stays dependent.
    fn non_type_param_ty(&self, p: hir_def::generics::TemplateParamId<'db>) -> Option<Ty<'db>> {
        let params = hir_def::generics::template_params(self.db, p.owner);
        let data = params.get(p.index as usize)?;
        if data.kind != hir_def::generics::TemplateParamKind::NonType || data.pack {
            return None;
        }
        let ty = self.type_ref(data.ty.as_ref()?.as_str())?;
        (!ty.is_error(self.db)).then_some(ty)
    }

    fn args_of(&mut self, args: &[ExprId]) -> Vec<Arg<'db>> {
        args.iter()
            .map(|a| {
                let (ty, category) = self.infer_expr_full(*a);
                let null = match &self.body.exprs[*a] {
                    Expr::Literal(Literal {
                        kind: LiteralKind::Nullptr,
                        ..
                    }) => true,
                    Expr::Literal(Literal {
                        kind: LiteralKind::Int,
                        text,
                    }) => text.trim_end_matches(['u', 'U', 'l', 'L']) == "0",
                    _ => false,
                };
                Arg { ty, category, null }
            })
            .collect()
    }

    /// Explicit template arguments written on a name (`f<int>(x)`), where they resolve.
    fn explicit_args(&mut self, path: Option<&Path>) -> Vec<GenericArg<'db>> {
        let db = self.db;
        let Some(args) = path
            .and_then(|p| p.segments.last())
            .and_then(|s| s.args.as_ref())
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for a in args.iter() {
            if let Ok(v) = a.parse::<i128>() {
                out.push(GenericArg::Value(v));
                continue;
            }
            match self.type_ref(a) {
                Some(t) if !t.is_error(db) => out.push(GenericArg::Type(t)),
                // A non-type argument that is no literal (`f<RAKING>()`, `f<ns::K + 1>()`):
                // a constant of the names lookup finds from the body's scope.
                // (Not in a template's definition nor in an instance of one, whose
                // parameters the text's lookup would not see.)
                _ if !self.in_template
                    && self.subst.is_empty()
                    && let Some(v) = crate::const_eval::eval_text(db, self.owner, a) =>
                {
                    out.push(GenericArg::Value(v))
                }
                // One unknown argument ends the explicit list (the rest is deduced).
                _ => break,
            }
        }
        out
    }

    fn infer_call(
        &mut self,
        expr: ExprId,
        callee: ExprId,
        args: &[ExprId],
        launch: bool,
    ) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        let arg_tys = self.args_of(args);
        let kind = if launch {
            CalleeKind::KernelLaunch
        } else {
            CalleeKind::Function
        };
        match &self.body.exprs[callee] {
            Expr::Path(path) => {
                let path = path.clone();
                // Mark the callee expression as visited before resolving it ourselves.
                let (callee_ty, _) = self.infer_expr_full(callee);
                let adl = self.adl_for(callee, &path, &arg_tys);
                match self.resolution_of(callee) {
                    Some(Resolution::Overloads(mut items)) => {
                        for f in adl {
                            if !items.contains(&f) {
                                items.push(f);
                            }
                        }
                        let explicit = self.explicit_args(Some(&path));
                        if let Some(out) = self.call_member_of_qualifier_instance(
                            expr, callee, &path, &arg_tys, &explicit, kind,
                        ) {
                            return out;
                        }
                        if self.chosen_at_instantiation(&path, args, &explicit) {
                            self.result.deferred_calls.push(expr);
                            return self.unresolved_call(&items);
                        }
                        let out =
                            self.call_candidates(expr, callee, &items, &arg_tys, &explicit, kind);
                        // In a member of a class template instance, a call of another member
                        // (`get(t)`, `X::get(t)`) is a call of the same instance's member.
                        if let Some(class) = self.class_instance {
                            self.record_member_of_instance(expr, class);
                        }
                        out
                    }
                    None if !adl.is_empty() => {
                        // Ordinary lookup found nothing; argument-dependent lookup did.
                        self.result.diagnostics.retain(
                            |d| !matches!(d, InferenceDiagnostic::UnresolvedName { expr: e } if *e == callee),
                        );
                        self.set_resolution(callee, Resolution::Overloads(adl.clone()));
                        let explicit = self.explicit_args(Some(&path));
                        self.call_candidates(expr, callee, &adl, &arg_tys, &explicit, kind)
                    }
                    Some(Resolution::Item(item))
                        if matches!(
                            item.kind(db),
                            ItemKind::Class
                                | ItemKind::Struct
                                | ItemKind::Union
                                | ItemKind::Typedef
                                | ItemKind::ClassTemplate
                                | ItemKind::Enum
                        ) =>
                    {
                        // `T(args)` lowered as a call: a functional cast or construction.
                        let target = declared_ty(db, item);
                        if target.as_class(db).is_some()
                            && let Some(ctor) = self.resolve_constructor(target, args)
                        {
                            self.set_callee(expr, ctor, CalleeKind::Constructor, None);
                        }
                        (target, ValueCategory::PRValue)
                    }
                    _ => self.call_value(expr, callee_ty, args),
                }
            }
            Expr::Member {
                base,
                member,
                arrow,
            } => {
                let (base, member, arrow) = (*base, member.clone(), *arrow);
                let (object, object_cat) = self.object_of(base, arrow);
                self.infer_expr_full(callee);
                let Some(class) = object.as_class(db) else {
                    return self.absorb(object, "call");
                };
                let name = member
                    .segments
                    .last()
                    .map(|s| s.name.to_string())
                    .unwrap_or_default();
                let methods: Vec<Item<'db>> = self
                    .class_members(class, &name)
                    .into_iter()
                    .filter(|i| {
                        matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate)
                    })
                    .collect();
                if methods.is_empty() {
                    // A data member of class or pointer type called (`obj.fn_ptr()`).
                    let (ty, _) = self.infer_expr_full(callee);
                    return self.call_value(expr, ty, args);
                }
                let explicit = self.explicit_args(Some(&member));
                let _ = object_cat;
                let out = self.call_candidates(
                    expr,
                    callee,
                    &methods,
                    &arg_tys,
                    &explicit,
                    CalleeKind::Method,
                );
                if let TyKind::Instance(class) = object.unqualified(db).kind(db)
                    && crate::class_instance::concrete_args(db, *class)
                {
                    self.record_member_of_instance(expr, *class);
                }
                let chosen = self.result.callee_info(expr).map(|c| c.item);
                if let Some(chosen) = chosen {
                    self.record_member_through(expr, object, chosen);
                    self.record_member_through(callee, object, chosen);
                }
                // A member of a base returns in the base's arguments.
                let declaring = chosen.map_or(object, |c| self.declaring_class_ty(object, c));
                let ret = self.instance_subst(declaring).apply(db, out.0);
                let ret = match chosen {
                    Some(chosen) => self.instance_member_return(declaring, chosen, ret),
                    None => ret,
                };
                // [temp.dep.type]: a member of a class whose arguments depend (the current
                // instantiation, `__str.size()` in basic_string) returning a type that does not
                // resolve with the parameters standing for themselves (`size_type`, a member
                // typedef of `typename _Alloc_traits::size_type`) returns a dependent type.
                if ret.is_error(db) && object.is_dependent(db) {
                    return self.dependent("call");
                }
                (ret, out.1)
            }
            _ => {
                let (ty, _) = self.infer_expr_full(callee);
                self.call_value(expr, ty, args)
            }
        }
    }

    /// The functions argument-dependent lookup adds for a call of an unqualified name,
    /// unless ordinary lookup found a class member or something that is no function.
    fn adl_for(&self, callee: ExprId, path: &Path, args: &[Arg<'db>]) -> Vec<Item<'db>> {
        let db = self.db;
        if path.global || path.segments.len() != 1 {
            return Vec::new();
        }
        match self.resolution_of(callee) {
            Some(Resolution::Overloads(items))
                if !items.iter().any(|i| {
                    i.parent(db).is_some_and(|p| {
                        matches!(
                            p.kind(db),
                            ItemKind::Class
                                | ItemKind::Struct
                                | ItemKind::Union
                                | ItemKind::ClassTemplate
                        )
                    }) && !il::decl::is_friend(db, *i)
                }) => {}
            None => {}
            _ => return Vec::new(),
        }
        let tys: Vec<Ty<'db>> = args.iter().map(|a| a.ty).collect();
        crate::inference::adl::adl_candidates(db, &path.segments[0].name, &tys)
    }

    pub(crate) fn resolution_of(&self, expr: ExprId) -> Option<Resolution<'db>> {
        self.result
            .exprs
            .get(expr.into_raw().into_u32() as usize)
            .and_then(|i| i.as_ref())
            .and_then(|i| i.resolution.clone())
    }

    /// Chooses among functions, records the choice on the call and on the name.
    pub(crate) fn call_candidates(
        &mut self,
        call: ExprId,
        callee: ExprId,
        items: &[Item<'db>],
        args: &[Arg<'db>],
        explicit: &[GenericArg<'db>],
        kind: CalleeKind,
    ) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        match select(db, items, args, explicit) {
            Some(sel) => {
                if sel.ambiguous {
                    self.diag(InferenceDiagnostic::AmbiguousCall { expr: call });
                }
                let sig = callable_sig(db, sel.item);
                let kind = match (kind, sig.as_ref().map(|s| s.member_of.is_some())) {
                    (CalleeKind::Function, Some(true)) => CalleeKind::Method,
                    (k, _) => k,
                };
                self.set_callee(call, sel.item, kind, sel.instance);
                if sel.guessed {
                    self.result.guessed_calls.push(call);
                }
                self.set_resolution(callee, Resolution::Item(sel.item));
                let ret = sig.as_ref().map_or(Ty::error(db), |s| s.ret);
                let ret = sel.subst.apply(db, ret);
                self.returned(ret)
            }
            None => {
                if !self.in_template && args.iter().all(|a| !a.ty.is_error(db)) {
                    self.diag(InferenceDiagnostic::NoMatchingOverload { expr: call });
                }
                self.unresolved_call(items)
            }
        }
    }

    /// A call left unresolved: the return type, when every candidate agrees on it.
    fn unresolved_call(&mut self, items: &[Item<'db>]) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        let rets: Vec<Ty<'db>> = items
            .iter()
            .filter_map(|i| callable_sig(db, *i).as_ref().map(|s| s.ret))
            .collect();
        match rets.split_first() {
            Some((first, rest)) if rest.iter().all(|r| r == first) && !first.is_dependent(db) => {
                self.returned(*first)
            }
            _ => self.absorb(Ty::error(db), "call"),
        }
    }

    /// A call through a value: a function pointer or reference, an object with `operator()`,
    /// a closure.
    fn call_value(
        &mut self,
        expr: ExprId,
        ty: Ty<'db>,
        args: &[ExprId],
    ) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        let f = match ty.kind(db) {
            TyKind::Function(f) => Some(f.clone()),
            TyKind::Pointer(p) => match p.kind(db) {
                TyKind::Function(f) => Some(f.clone()),
                _ => None,
            },
            _ => None,
        };
        if let Some(f) = f {
            return self.returned(f.ret);
        }
        if let TyKind::Closure(closure) = ty.unqualified(db).kind(db)
            && closure.owner == self.owner
        {
            self.result.closure_calls.push((expr, closure.expr));
            let ret = self.lambda_return(closure.expr);
            return self.returned(ret);
        }
        if ty.as_class(db).is_some() {
            return self.overloaded_operator(expr, "operator()", ty, args);
        }
        self.absorb(ty, "call")
    }

    /// A lambda's return type: written (`-> T`), else its first `return e;`'s decayed type,
    /// else `void`.
    pub(crate) fn lambda_return(&mut self, lambda: ExprId) -> Ty<'db> {
        let db = self.db;
        let Expr::Lambda(l) = &self.body.exprs[lambda] else {
            return Ty::error(db);
        };
        if let Some(ret) = &l.ret {
            return self
                .type_ref(ret.as_str())
                .unwrap_or_else(|| Ty::new(db, TyKind::Dependent("auto".into())));
        }
        let mut stack = vec![l.body];
        let mut steps = 0;
        while let Some(s) = stack.pop() {
            steps += 1;
            if steps > 10_000 {
                break;
            }
            match &self.body.stmts[s] {
                hir_def::hir::Stmt::Return(Some(e)) => return self.expr_ty(*e).decay(db),
                hir_def::hir::Stmt::Return(None) => return Ty::builtin(db, Builtin::Void),
                hir_def::hir::Stmt::Compound(stmts) => {
                    stmts.iter().rev().for_each(|x| stack.push(*x))
                }
                hir_def::hir::Stmt::If { then, else_, .. } => {
                    stack.extend(else_.iter().copied());
                    stack.push(*then);
                }
                hir_def::hir::Stmt::While { body, .. }
                | hir_def::hir::Stmt::DoWhile { body, .. }
                | hir_def::hir::Stmt::For { body, .. }
                | hir_def::hir::Stmt::RangeFor { body, .. }
                | hir_def::hir::Stmt::Switch { body, .. } => stack.push(*body),
                _ => {}
            }
        }
        Ty::builtin(db, Builtin::Void)
    }

    /// The object a member access reaches (`p->m`: `*p`) and its category.
    fn object_of(&mut self, base: ExprId, arrow: bool) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        let (b, cat) = self.infer_expr_full(base);
        if !arrow {
            return (b, cat);
        }
        match b.kind(db) {
            TyKind::Pointer(p) => (*p, ValueCategory::LValue),
            _ if b.as_class(db).is_some() => {
                // `smart->m`: the pointee of `operator->`'s result.
                let members = self.class_members(b.as_class(db).expect("checked"), "operator->");
                let ret = members
                    .first()
                    .and_then(|m| callable_sig(db, *m).as_ref().map(|s| s.ret));
                match ret.map(|r| self.instance_subst(b).apply(db, r).kind(db).clone()) {
                    Some(TyKind::Pointer(p)) => (p, ValueCategory::LValue),
                    _ => (
                        Ty::new(db, TyKind::Dependent("->".into())),
                        ValueCategory::LValue,
                    ),
                }
            }
            _ => (b, ValueCategory::LValue),
        }
    }

    /// The parameters of a class template instance bound to its arguments.
    pub(crate) fn instance_subst(&self, object: Ty<'db>) -> Subst<'db> {
        match object.unqualified(self.db).kind(self.db) {
            TyKind::Instance(inst) => Subst::of_instance(self.db, *inst),
            _ => Subst::default(),
        }
    }

    fn infer_member(
        &mut self,
        expr: ExprId,
        base: ExprId,
        arrow: bool,
        member: &Path,
    ) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        let (object, category) = self.object_of(base, arrow);
        let Some(class) = object.as_class(db) else {
            return self.absorb(object, "member");
        };
        let name = member
            .segments
            .last()
            .map(|s| s.name.to_string())
            .unwrap_or_default();
        let found = self.class_members(class, &name);
        let Some(first) = found.first().copied() else {
            if self.in_template
                || object.is_dependent(db)
                || class.kind(db) == ItemKind::ClassTemplate
            {
                return self.dependent(&name);
            }
            self.diag(InferenceDiagnostic::UnresolvedMember { expr });
            return self.error();
        };
        let (cv, _) = object.split_cv(db);
        let subst = self.instance_subst(object);
        match first.kind(db) {
            ItemKind::Field | ItemKind::Variable => {
                self.set_resolution(expr, Resolution::Item(first));
                self.record_member_through(expr, object, first);
                let ty = crate::normalize::normalize(db, subst.apply(db, declared_ty(db, first)));
                let is_static = first.kind(db) == ItemKind::Variable;
                let cat = if is_static || arrow {
                    ValueCategory::LValue
                } else {
                    category
                };
                let ty = if is_static { ty } else { ty.qualified(db, cv) };
                self.of_declared(ty, cat)
            }
            ItemKind::Routine | ItemKind::FunctionTemplate => {
                let functions: Vec<Item<'db>> = found
                    .into_iter()
                    .filter(|i| {
                        matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate)
                    })
                    .collect();
                let ty = match functions.as_slice() {
                    [only] => subst.apply(db, declared_ty(db, *only)),
                    _ => Ty::new(db, TyKind::Dependent("<overload set>".into())),
                };
                self.set_resolution(expr, Resolution::Overloads(functions));
                (ty, ValueCategory::PRValue)
            }
            _ => {
                self.set_resolution(expr, Resolution::Item(first));
                (declared_ty(db, first), ValueCategory::PRValue)
            }
        }
    }

    /// The constructor `target(args)` calls.
    pub(crate) fn resolve_constructor(
        &mut self,
        target: Ty<'db>,
        args: &[ExprId],
    ) -> Option<Item<'db>> {
        let db = self.db;
        // In a template, an object of a class whose arguments depend (`pair<_Iter, _Iter>
        // r(a, b)`) is constructed by the constructor the instantiation chooses.
        if self.in_template && target.is_dependent(db) {
            return None;
        }
        let class = target.as_class(db)?;
        let name = class.name_text(db)?.to_string();
        let ctors: Vec<Item<'db>> = self
            .class_members(class, &name)
            .into_iter()
            .filter(|i| {
                i.parent(db) == Some(class)
                    && callable_sig(db, *i)
                        .as_ref()
                        .is_some_and(|s| s.kind == CallableKind::Constructor)
            })
            .collect();
        if ctors.is_empty() {
            return None;
        }
        let arg_tys = self.args_of(args);
        // A class template instance's constructors take their parameters as the instance
        // declares them.
        let class_bindings = match target.unqualified(db).kind(db) {
            TyKind::Instance(instance) if crate::class_instance::concrete_args(db, *instance) => {
                crate::class_instance::instance_bindings(db, *instance)
            }
            _ => Subst::default(),
        };
        select_in_class(db, &ctors, &arg_tys, &[], &class_bindings).map(|s| s.item)
    }
}

/// A literal's type ([lex.icon], [lex.fcon], [lex.ccon], [lex.string]).
fn literal_ty<'db>(db: &'db dyn HirTyDatabase, lit: &Literal) -> (Ty<'db>, ValueCategory) {
    let text = lit.text.as_ref();
    let b = match lit.kind {
        LiteralKind::Bool => Builtin::Bool,
        LiteralKind::Nullptr => Builtin::NullPtr,
        LiteralKind::Int => {
            return (
                Ty::builtin(db, int_literal_ty(text)),
                ValueCategory::PRValue,
            );
        }
        LiteralKind::Float => {
            let hex = text.starts_with("0x") || text.starts_with("0X");
            match text.chars().last() {
                Some('f' | 'F') if !hex || text.contains(['p', 'P']) => Builtin::Float,
                Some('l' | 'L') => Builtin::LongDouble,
                _ => Builtin::Double,
            }
        }
        LiteralKind::Char => {
            if text.starts_with("u8") {
                Builtin::Char8
            } else if text.starts_with('u') {
                Builtin::Char16
            } else if text.starts_with('U') {
                Builtin::Char32
            } else if text.starts_with('L') {
                Builtin::WChar
            } else if text.len() > 4 && !text.starts_with("'\\") {
                // A multicharacter literal is an int.
                Builtin::Int
            } else {
                Builtin::Char
            }
        }
        LiteralKind::String => {
            let elem = if text.starts_with("u8") {
                Builtin::Char8
            } else if text.starts_with('u') {
                Builtin::Char16
            } else if text.starts_with('U') {
                Builtin::Char32
            } else if text.starts_with('L') {
                Builtin::WChar
            } else {
                Builtin::Char
            };
            let elem = Ty::builtin(db, elem).qualified(
                db,
                Cv {
                    is_const: true,
                    ..Cv::default()
                },
            );
            return (
                Ty::new(db, TyKind::Array(elem, None)),
                ValueCategory::LValue,
            );
        }
    };
    (Ty::builtin(db, b), ValueCategory::PRValue)
}

/// The type of an integer literal: the first of its candidate list its value fits.
pub(crate) fn int_literal_ty(text: &str) -> Builtin {
    let lower = text.to_ascii_lowercase();
    let digits_end = lower
        .char_indices()
        .rev()
        .find(|(_, c)| !matches!(c, 'u' | 'l' | 'z'))
        .map_or(0, |(i, _)| i + 1);
    let (digits, suffix) = lower.split_at(digits_end);
    let unsigned = suffix.contains('u');
    let longs = suffix.matches('l').count();
    let value = crate::const_eval::parse_int(digits).unwrap_or(0);
    let decimal = !(digits.starts_with('0') && digits.len() > 1);
    use Builtin::*;
    let candidates: &[Builtin] = match (unsigned, longs, decimal) {
        (false, 0, true) => &[Int, Long, LongLong],
        (false, 0, false) => &[
            Int,
            UnsignedInt,
            Long,
            UnsignedLong,
            LongLong,
            UnsignedLongLong,
        ],
        (true, 0, _) => &[UnsignedInt, UnsignedLong, UnsignedLongLong],
        (false, 1, true) => &[Long, LongLong],
        (false, 1, false) => &[Long, UnsignedLong, LongLong, UnsignedLongLong],
        (true, 1, _) => &[UnsignedLong, UnsignedLongLong],
        (false, _, true) => &[LongLong],
        (false, _, false) => &[LongLong, UnsignedLongLong],
        (true, _, _) => &[UnsignedLongLong],
    };
    candidates
        .iter()
        .copied()
        .find(|b| {
            let (_, bits, signed) = crate::ty::int_info(*b).expect("integer");
            let max: u128 = if signed {
                (1u128 << (bits - 1)) - 1
            } else {
                (1u128 << bits) - 1
            };
            value <= max
        })
        .unwrap_or(UnsignedLongLong)
}
