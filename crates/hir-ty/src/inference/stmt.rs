//! Statements and bindings: declarations type their bindings (a placeholder from its
//! initializer), class-typed declarations with arguments select a constructor.
use hir_def::hir::{
    BindingId, BindingKind, Capture, Condition, Expr, ExprId, InitStyle, LocalDecl, Stmt, StmtId,
};
use il::ItemKind;

use crate::inference::expr::InferCtx;
use crate::inference::{CalleeKind, InferenceDiagnostic, Resolution};
use crate::ty::{Builtin, RefKind, Ty, TyKind, ValueCategory};

impl<'db> InferCtx<'_, 'db> {
    pub(crate) fn infer_stmt(&mut self, stmt: StmtId, depth: u32) {
        if depth > 512 {
            return;
        }
        let body = self.body;
        match &body.stmts[stmt] {
            Stmt::Missing
            | Stmt::Using(_)
            | Stmt::LocalLabels(_)
            | Stmt::Default
            | Stmt::Label(_)
            | Stmt::Break
            | Stmt::Continue
            | Stmt::Goto(_)
            | Stmt::Empty => {}
            Stmt::Expr(e) => {
                self.infer_expr(*e);
            }
            Stmt::Decl(decls) => self.infer_decls(decls),
            Stmt::TypeDecl { types, decls } => {
                for t in types.iter() {
                    for e in body.local_types[*t].enumerators.iter() {
                        self.binding_ty(*e);
                    }
                }
                self.infer_decls(decls);
            }
            Stmt::Compound(stmts) => {
                for s in stmts.iter() {
                    self.infer_stmt(*s, depth + 1);
                }
            }
            Stmt::If {
                init,
                cond,
                then,
                else_,
                ..
            } => {
                if let Some(init) = init {
                    self.infer_stmt(*init, depth + 1);
                }
                self.infer_condition(cond, depth);
                self.infer_stmt(*then, depth + 1);
                if let Some(e) = else_ {
                    self.infer_stmt(*e, depth + 1);
                }
            }
            Stmt::IfConsteval { then, else_, .. } => {
                self.infer_stmt(*then, depth + 1);
                if let Some(e) = else_ {
                    self.infer_stmt(*e, depth + 1);
                }
            }
            Stmt::Switch { init, cond, body } => {
                if let Some(init) = init {
                    self.infer_stmt(*init, depth + 1);
                }
                self.infer_condition(cond, depth);
                self.infer_stmt(*body, depth + 1);
            }
            Stmt::Case { value, range_end } => {
                self.infer_expr(*value);
                if let Some(e) = range_end {
                    self.infer_expr(*e);
                }
            }
            Stmt::While { cond, body } => {
                self.infer_condition(cond, depth);
                self.infer_stmt(*body, depth + 1);
            }
            Stmt::DoWhile { body, cond } => {
                self.infer_stmt(*body, depth + 1);
                self.infer_expr(*cond);
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(init) = init {
                    self.infer_stmt(*init, depth + 1);
                }
                if let Some(cond) = cond {
                    self.infer_condition(cond, depth);
                }
                if let Some(step) = step {
                    self.infer_expr(*step);
                }
                self.infer_stmt(*body, depth + 1);
            }
            Stmt::RangeFor { decl, range, body } => {
                self.infer_expr(*range);
                self.infer_stmt(*decl, depth + 1);
                self.infer_stmt(*body, depth + 1);
            }
            Stmt::Return(e) | Stmt::CoReturn(e) => {
                if let Some(e) = e {
                    self.infer_expr(*e);
                }
            }
            Stmt::ComputedGoto(e) => {
                self.infer_expr(*e);
            }
            Stmt::Try { body, handlers } => {
                self.infer_stmt(*body, depth + 1);
                for h in handlers.iter() {
                    if let Some(p) = h.param {
                        self.binding_ty(p);
                    }
                    self.infer_stmt(h.body, depth + 1);
                }
            }
            Stmt::StaticAssert { cond, message } => {
                self.infer_expr(*cond);
                if let Some(m) = message {
                    self.infer_expr(*m);
                }
            }
            Stmt::Asm { operands, .. } => {
                for (_, e) in operands.iter() {
                    self.infer_expr(*e);
                }
            }
        }
    }

    fn infer_condition(&mut self, cond: &Condition, depth: u32) {
        match cond {
            Condition::Expr(e) => {
                self.infer_expr(*e);
            }
            Condition::Decl(s) => self.infer_stmt(*s, depth + 1),
        }
    }

    fn infer_decls(&mut self, decls: &[LocalDecl]) {
        for d in decls {
            // The initializer of a structured binding declaration initializes its hidden
            // variable, not the first name.
            let ty = match self.structured_object_ty(d.binding) {
                Some(object) => object,
                None => self.binding_ty(d.binding),
            };
            if let Some(init) = d.init {
                self.infer_expr(init);
                self.construct(init, ty, d.style);
            }
        }
    }

    /// A class-typed declaration initialized with arguments (`S s(1, 2)`, `S s{1}`, `S s =
    /// 1`): the constructor, recorded on the initializer expression.
    pub(crate) fn construct(&mut self, init: ExprId, ty: Ty<'db>, style: InitStyle) {
        let db = self.db;
        let target = ty.strip_reference(db);
        if target.as_class(db).is_none() || matches!(ty.kind(db), TyKind::Reference(..)) {
            return;
        }
        let args: Vec<ExprId> = match (&self.body.exprs[init], style) {
            (Expr::ParenInit(args), _) | (Expr::InitList(args), _) => args.to_vec(),
            (_, InitStyle::Copy) => {
                // Copy-initialization from the same class is a copy/move, not a conversion we
                // resolve here.
                let arg_ty = self.expr_ty(init);
                if arg_ty.unqualified(db) == target.unqualified(db) {
                    return;
                }
                vec![init]
            }
            _ => return,
        };
        if let Some(callee) = self.resolve_constructor(target, &args) {
            // `S s = f(x);`: the initializer calls `f` (its own callee, whose arguments take
            // `f`'s parameters); the converting constructor that makes `s` from its result is
            // an implicit call on it.
            let converted_call = matches!(style, InitStyle::Copy)
                && !matches!(
                    self.body.exprs[init],
                    Expr::ParenInit(_) | Expr::InitList(_)
                )
                && self.result.callee_info(init).is_some();
            if converted_call {
                self.converted_by(init, callee);
            } else {
                self.set_callee(init, callee, CalleeKind::Constructor, None);
            }
        }
    }

    /// The type of a binding: declared, or deduced from its initializer for placeholders.
    pub(crate) fn binding_ty(&mut self, binding: BindingId) -> Ty<'db> {
        let db = self.db;
        let idx = binding.into_raw().into_u32() as usize;
        if let Some(Some(ty)) = self.result.bindings.get(idx) {
            return *ty;
        }
        if self.binding_in_progress.contains(&binding) {
            return Ty::error(db);
        }
        self.binding_in_progress.push(binding);
        let data = &self.body.bindings[binding];
        let from_decltype = match self.body.decltype_of(binding) {
            Some(d) => self.written_decltype(data.ty.as_str(), d),
            None => None,
        };
        let ty = match data.kind {
            _ if from_decltype.is_some() => from_decltype.unwrap_or_else(|| Ty::error(db)),
            // A local enumeration of a template is a member of its current instantiation:
            // its enumerators' type depends (`enum { TILE = 4 };` then `f(p, TILE)` is left to
            // the instantiation, `blockIdx.x * TILE` is rebuilt; measured on cudafe++).
            BindingKind::Enumerator if self.in_template => {
                Ty::new(db, TyKind::Dependent("local enumeration".into()))
            }
            // An enumerator of a local enumeration has its type (il's item for it); one
            // without an item (unnamed) is an `int`.
            BindingKind::Enumerator => self
                .body
                .local_types
                .iter()
                .find(|(_, t)| t.enumerators.contains(&binding))
                .and_then(|(id, _)| self.local_type(id))
                .map_or(Ty::builtin(db, Builtin::Int), |e| {
                    Ty::new(db, TyKind::Enum(e))
                }),
            BindingKind::InitCapture => match self.binding_inits.get(&binding).copied() {
                Some((init, _)) => {
                    let t = self.infer_expr(init);
                    t.decay(db)
                }
                None => Ty::error(db),
            },
            BindingKind::LocalFunction => Ty::error(db),
            BindingKind::StructuredBinding if self.structured.contains_key(&binding) => {
                self.structured_binding_ty(binding)
            }
            _ => match self.type_ref(data.ty.as_str()) {
                Some(ty) => {
                    // `Pair p(1, 2.0f)`: a class template's name, its arguments deduced.
                    let ty = match ty.is_error(db) && !self.in_template {
                        true => self.deduced_class_type(binding).unwrap_or(ty),
                        false => ty,
                    };
                    if ty.is_error(db) && !self.in_template {
                        self.result
                            .diagnostics
                            .push(InferenceDiagnostic::UnresolvedType {
                                binding: Some(binding),
                                expr: None,
                            });
                    }
                    ty
                }
                None => self.deduce_placeholder(binding),
            },
        };
        let ty = if data.flags.is_pack {
            Ty::new(
                db,
                TyKind::Dependent(format!("{}...", ty.to_source(db)).into()),
            )
        } else {
            ty
        };
        self.binding_in_progress.retain(|b| *b != binding);
        if self.result.bindings.len() <= idx {
            self.result.bindings.resize(idx + 1, None);
        }
        self.result.bindings[idx] = Some(ty);
        ty
    }

    /// `auto x = e`, `const auto &r = e`, `auto &&f = e`, `auto *p = e`, `for (auto x : r)`.
    fn deduce_placeholder(&mut self, binding: BindingId) -> Ty<'db> {
        let db = self.db;
        let written = self.body.bindings[binding].ty.as_str().to_string();
        let init = match self.binding_inits.get(&binding).copied() {
            Some((init, _)) => init,
            None => return self.dependent_or_error("auto"),
        };
        let (init_ty, category) = self.infer_expr_full(init);
        let init_ty = if self.range_for.contains(&binding) {
            match self.element_of(init_ty) {
                Some(t) => t,
                None => return self.dependent_or_error("auto"),
            }
        } else if let Expr::InitList(items) | Expr::ParenInit(items) = &self.body.exprs[init] {
            match items.first() {
                Some(first) if items.len() == 1 => self.expr_ty(*first),
                _ => return self.dependent_or_error("auto"),
            }
        } else {
            init_ty
        };
        if init_ty.is_error(db) {
            return init_ty;
        }
        let is_const = written.contains("const");
        let cv = il::ty::Cv {
            is_const,
            ..Default::default()
        };
        if written.contains("&&") {
            if category == ValueCategory::LValue && !self.range_for.contains(&binding) {
                init_ty.reference(db, RefKind::Lvalue)
            } else {
                init_ty.reference(db, RefKind::Rvalue)
            }
        } else if written.contains('&') {
            init_ty.qualified(db, cv).reference(db, RefKind::Lvalue)
        } else if written.contains("decltype") {
            init_ty
        } else {
            init_ty.decay(db).qualified(db, cv)
        }
    }

    /// A type written with `decltype(e)` (`decltype(f()) x`, `const decltype(x) &r`): the
    /// operand's type by [dcl.type.decltype] (its own inference, unevaluated), with what is
    /// written around it. `None` when the rest is more than cv, `*` and references (arrays,
    /// functions, `decltype(e)::type`): the written type is then resolved as any other.
    fn written_decltype(&mut self, written: &str, decltype: ExprId) -> Option<Ty<'db>> {
        let start = written.find("decltype")?;
        let open = start + written[start..].find('(')?;
        let mut depth = 0usize;
        let mut close = None;
        for (i, c) in written[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(open + i + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        let close = close?;
        let (before, after) = (&written[..start], &written[close..]);
        if before.contains(['(', '[', '<', ':']) || after.contains(['(', '[', '<', ':']) {
            return None;
        }
        let base = self.decltype_ty(decltype);
        if base.is_error(self.db) {
            return None;
        }
        Some(crate::inference::type_refs::around_named(
            self.db, base, before, after,
        ))
    }

    /// The type `decltype(operand)` names: an unparenthesized id-expression or member access
    /// names its entity's declared type; any other operand gives its type, as an lvalue
    /// reference for an lvalue and an rvalue reference for an xvalue.
    pub(crate) fn decltype_ty(&mut self, decltype: ExprId) -> Ty<'db> {
        let db = self.db;
        let Expr::Decltype {
            operand,
            id_expression,
        } = self.body.exprs[decltype]
        else {
            return Ty::error(db);
        };
        let (ty, category) = self.infer_expr_full(operand);
        if ty.is_error(db) || ty.is_dependent(db) {
            return ty;
        }
        if id_expression {
            match self.resolution_of(operand) {
                Some(Resolution::Binding(b)) => return self.binding_ty(b),
                Some(Resolution::Item(item))
                    if matches!(item.kind(db), ItemKind::Variable | ItemKind::Field) =>
                {
                    let declared = crate::lower::declared_ty(db, item);
                    if !declared.is_error(db) && !declared.is_dependent(db) {
                        return declared;
                    }
                    return ty;
                }
                _ => return ty,
            }
        }
        match category {
            ValueCategory::LValue => ty.reference(db, RefKind::Lvalue),
            ValueCategory::XValue => ty.reference(db, RefKind::Rvalue),
            ValueCategory::PRValue => ty,
        }
    }

    /// What `*begin(range)` gives for a range-for over `range`: an array's or pointer's
    /// element; a class's is dependent on its iterators (not modelled).
    pub(crate) fn element_of(&self, range: Ty<'db>) -> Option<Ty<'db>> {
        match range
            .strip_reference(self.db)
            .unqualified(self.db)
            .kind(self.db)
        {
            TyKind::Array(elem, _) => Some(*elem),
            _ => None,
        }
    }

    pub(crate) fn dependent_or_error(&mut self, what: &str) -> Ty<'db> {
        if self.in_template {
            Ty::new(self.db, TyKind::Dependent(what.into()))
        } else {
            Ty::error(self.db)
        }
    }

    /// Records which expression initializes which binding, before walking.
    pub(crate) fn collect_binding_inits(&mut self) {
        let body = self.body;
        for (_, stmt) in body.stmts.iter() {
            match stmt {
                Stmt::Decl(decls) | Stmt::TypeDecl { decls, .. } => {
                    for d in decls.iter() {
                        if let Some(init) = d.init {
                            self.binding_inits.insert(d.binding, (init, d.style));
                        }
                    }
                    self.collect_structured_names(decls);
                }
                Stmt::RangeFor { decl, range, .. } => {
                    if let Stmt::Decl(decls) = &body.stmts[*decl] {
                        self.collect_structured_names(decls);
                        for d in decls.iter() {
                            self.binding_inits
                                .insert(d.binding, (*range, InitStyle::Copy));
                            self.range_for.push(d.binding);
                        }
                    }
                }
                _ => {}
            }
        }
        for (_, expr) in body.exprs.iter() {
            if let Expr::Lambda(lambda) = expr {
                for c in lambda.captures.iter() {
                    if let Capture::Init { binding, init, .. } = c {
                        self.binding_inits
                            .insert(*binding, (*init, InitStyle::Copy));
                    }
                }
            }
        }
    }
}
