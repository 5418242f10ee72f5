//! Operator expressions: built-in unary and binary operators' types and value categories
//! ([expr.unary], [expr.mul] to [expr.log.or], [expr.ass]), and the overloaded operator a class
//! operand selects (member and non-member candidates ranked together).
use super::*;

impl<'db> InferCtx<'_, 'db> {
    /// `a op b` on a class operand: a member `operator op` of the left operand's class, or a
    /// non-member one found by lookup from the body and in the operand classes' namespaces.
    pub(crate) fn overloaded_operator(
        &mut self,
        expr: ExprId,
        name: &str,
        object: Ty<'db>,
        rest: &[ExprId],
    ) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        let rest_args = self.args_of(rest);
        let mut candidates = Vec::new();
        // An operand whose type we do not know (`os << v[i]` with `v[i]`'s reference type
        // unresolved) ranks `Unknown` against every candidate, so the pick is a guess: the
        // members and the order of preference are then those written (the members of the
        // class template as declared first, preferred to the non-members).
        let unknown_operand = rest_args.iter().any(|a| {
            (a.ty.is_error(db) || a.ty.is_dependent(db))
                && !crate::overload::names_functions(db, a.ty)
        });
        // An instance's members are those of the definition it is made from (the primary's
        // forward declaration, `template <class C, class T> class basic_ostream;`, has none).
        let members_of = match object.unqualified(db).kind(db) {
            TyKind::Instance(instance) if !unknown_operand => {
                crate::class_instance::instance_definition(db, *instance)
            }
            _ => object.as_class(db),
        };
        if let Some(class) = members_of {
            candidates.extend(
                self.class_members(class, name).into_iter().filter(|i| {
                    matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate)
                }),
            );
        }
        let members = candidates.len();
        if name != "operator()" && name != "operator[]" && name != "operator->" {
            let mut non_members =
                crate::inference::path::lookup_path(db, self.scope, false, &[name.to_string()]);
            for ty in std::iter::once(object).chain(rest_args.iter().map(|a| a.ty)) {
                if let Some(class) = ty.as_class(db) {
                    let ns = class
                        .parent(db)
                        .map_or(ScopeRef::File(class.file(db)), ScopeRef::Item);
                    non_members.extend(il::lookup::members_named(db, ns, name));
                    // Hidden friends.
                    non_members.extend(
                        self.class_members(class, name)
                            .into_iter()
                            .filter(|i| il::decl::is_friend(db, *i)),
                    );
                }
            }
            for f in non_members {
                if matches!(f.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate)
                    && !candidates.contains(&f)
                {
                    candidates.push(f);
                }
            }
        }
        let object_arg = Arg {
            ty: object,
            category: ValueCategory::LValue,
            null: false,
        };
        // Members take the object implicitly; non-members take it as their first argument:
        // ranked together, else (none viable) the members first as written.
        let (member_candidates, free_candidates) = candidates.split_at(members);
        let ranked = if unknown_operand {
            None
        } else {
            crate::overload::select_operator(
                db,
                member_candidates,
                free_candidates,
                object_arg,
                &rest_args,
            )
        };
        let pick = ranked.or_else(|| {
            let mut all_args = vec![object_arg];
            all_args.extend(rest_args.iter().copied());
            select(db, member_candidates, &rest_args, &[])
                .or_else(|| select(db, free_candidates, &all_args, &[]))
        });
        match pick {
            Some(sel) => {
                let ret = callable_sig(db, sel.item)
                    .as_ref()
                    .map_or(Ty::error(db), |s| s.ret);
                // A member of a base names the base's parameters.
                let declaring = self.declaring_class_ty(object, sel.item);
                let mut ret = self
                    .instance_subst(declaring)
                    .apply(db, sel.subst.apply(db, ret));
                // A member of the definition an instance is made from names that definition's
                // parameters (`__ostream_type &` in `basic_ostream<char>`).
                if let TyKind::Instance(instance) = declaring.unqualified(db).kind(db) {
                    ret = crate::class_instance::instance_bindings(db, *instance).apply(db, ret);
                }
                let ret = self.instance_member_return(declaring, sel.item, ret);
                self.set_callee(expr, sel.item, CalleeKind::Operator, sel.instance);
                self.record_member_through(expr, object, sel.item);
                self.returned(ret)
            }
            None => self.absorb(object, name),
        }
    }

    pub(super) fn infer_unary(
        &mut self,
        expr: ExprId,
        op: UnaryOp,
        operand: ExprId,
    ) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        let (t, cat) = self.infer_expr_full(operand);
        if t.is_error(db) {
            return self.error();
        }
        if t.as_class(db).is_some() && op != UnaryOp::AddrOf && op != UnaryOp::Extension {
            let name = format!("operator{}", op.as_str().trim());
            let extra: Vec<ExprId> = Vec::new();
            return self.overloaded_operator(expr, &name, t, &extra);
        }
        match op {
            UnaryOp::Deref => match t.kind(db) {
                TyKind::Pointer(p) | TyKind::Array(p, _) => (*p, ValueCategory::LValue),
                TyKind::Function(_) => (t, ValueCategory::LValue),
                _ => self.absorb(t, "*"),
            },
            UnaryOp::AddrOf => match self.resolution_of(operand) {
                Some(Resolution::Item(item))
                    if matches!(item.kind(db), ItemKind::Field | ItemKind::Routine)
                        && matches!(&self.body.exprs[operand], Expr::Path(p) if p.segments.len() > 1) =>
                {
                    let class = item.parent(db).map(|c| declared_ty(db, c));
                    match class {
                        Some(class) => (
                            Ty::new(db, TyKind::MemberPointer { class, pointee: t }),
                            ValueCategory::PRValue,
                        ),
                        None => (t.pointer(db), ValueCategory::PRValue),
                    }
                }
                _ => (t.pointer(db), ValueCategory::PRValue),
            },
            UnaryOp::Plus | UnaryOp::Neg | UnaryOp::BitNot => match t.as_builtin(db) {
                Some(b) if t.is_arithmetic(db) => self.prvalue(promoted(b)),
                _ if matches!(t.unqualified(db).kind(db), TyKind::Enum(_)) => {
                    self.prvalue(Builtin::Int)
                }
                // Unary plus on a pointer or a closure (conversion to a function pointer).
                _ if op == UnaryOp::Plus => (t.decay(db), ValueCategory::PRValue),
                _ => self.absorb(t, op.as_str()),
            },
            UnaryOp::Not => self.prvalue(Builtin::Bool),
            UnaryOp::PreInc | UnaryOp::PreDec => (t, ValueCategory::LValue),
            UnaryOp::PostInc | UnaryOp::PostDec => (t.unqualified(db), ValueCategory::PRValue),
            UnaryOp::Extension => (t, cat),
            UnaryOp::Real | UnaryOp::Imag => (t, cat),
        }
    }

    pub(super) fn infer_binary(
        &mut self,
        expr: ExprId,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    ) -> (Ty<'db>, ValueCategory) {
        let db = self.db;
        let (l, lcat) = self.infer_expr_full(lhs);
        let (r, _) = self.infer_expr_full(rhs);
        if op == BinaryOp::Comma && l.as_class(db).is_none() {
            return self.infer_expr_full(rhs);
        }
        if (l.as_class(db).is_some() || r.as_class(db).is_some())
            && !matches!(op, BinaryOp::PtrMemDot | BinaryOp::PtrMemArrow)
            && !(op == BinaryOp::Assign && l.as_class(db).is_none())
        {
            let name = format!("operator{}", op.as_str());
            let out = self.overloaded_operator(expr, &name, l, &[rhs]);
            if self.result.exprs[expr.into_raw().into_u32() as usize]
                .as_ref()
                .is_some_and(|i| i.callee.is_some())
                || op != BinaryOp::Assign
            {
                return out;
            }
            // An implicit copy assignment we do not list.
            return (l, ValueCategory::LValue);
        }
        if l.is_error(db) || r.is_error(db) {
            return self.error();
        }
        let arith = |a: Ty<'db>| {
            a.as_builtin(db)
                .filter(|_| a.is_arithmetic(db))
                .or_else(|| {
                    matches!(a.unqualified(db).kind(db), TyKind::Enum(_)).then_some(Builtin::Int)
                })
        };
        match op {
            BinaryOp::Assign | BinaryOp::CompoundAssign(_) => (l, ValueCategory::LValue),
            BinaryOp::Comma => self.infer_expr_full(rhs),
            op if op.yields_bool() => self.prvalue(Builtin::Bool),
            BinaryOp::Spaceship => self.dependent("<=>"),
            BinaryOp::Shl | BinaryOp::Shr => match arith(l) {
                Some(b) => self.prvalue(promoted(b)),
                None => self.absorb(l, op.as_str()),
            },
            BinaryOp::PtrMemDot | BinaryOp::PtrMemArrow => match r.kind(db) {
                TyKind::MemberPointer { pointee, .. } => match pointee.kind(db) {
                    TyKind::Function(_) => (*pointee, ValueCategory::PRValue),
                    _ => (
                        *pointee,
                        if op == BinaryOp::PtrMemArrow {
                            ValueCategory::LValue
                        } else {
                            lcat
                        },
                    ),
                },
                _ => self.absorb(r, op.as_str()),
            },
            _ => {
                let (ld, rd) = (l.decay(db), r.decay(db));
                match (ld.kind(db), rd.kind(db)) {
                    (TyKind::Pointer(_), TyKind::Pointer(_)) if op == BinaryOp::Sub => {
                        self.prvalue(Builtin::Long)
                    }
                    (TyKind::Pointer(_), _) => (ld, ValueCategory::PRValue),
                    (_, TyKind::Pointer(_)) if op == BinaryOp::Add => (rd, ValueCategory::PRValue),
                    _ => match (arith(l), arith(r)) {
                        (Some(a), Some(b)) => self.prvalue(usual_arithmetic(a, b)),
                        _ => {
                            if let TyKind::Vector { .. } = l.unqualified(db).kind(db) {
                                return (l.unqualified(db), ValueCategory::PRValue);
                            }
                            let culprit = if l.is_dependent(db) { l } else { r };
                            self.absorb(culprit, op.as_str())
                        }
                    },
                }
            }
        }
    }
}
