//! Fold expressions in a function template instance (`(xs + ... + 0)` in `sum_all<int, long>`):
//! once the pack's elements are known, the fold is the operator applied over them (and the
//! initial operand), so its type follows the built-in operator's rule: `bool` for comparisons
//! and logical operators, the usual arithmetic conversions over the elements (promoted) for
//! arithmetic and bitwise ones. In a template, or over a pack of class types (an overloaded
//! operator), the fold stays dependent.
use hir_def::hir::{BinaryOp, ExprId};

use crate::inference::Resolution;
use crate::lower::type_ref_ty;
use crate::ty::{Builtin, GenericArg, Ty, TyKind, promoted, usual_arithmetic};
use crate::unify::Subst;

use super::expr::InferCtx;

impl<'db> InferCtx<'_, 'db> {
    /// The type of `(lhs op ... op rhs)` when one operand names a function parameter pack
    /// whose elements the instance binds; `None` otherwise. The operands are inferred already.
    pub(super) fn fold_type(
        &mut self,
        op: BinaryOp,
        lhs: Option<ExprId>,
        rhs: Option<ExprId>,
    ) -> Option<Ty<'db>> {
        let db = self.db;
        let mut elements = None;
        let mut init = None;
        for e in lhs.into_iter().chain(rhs) {
            match self.pack_elements(e) {
                Some(found) if elements.is_none() => elements = Some(found),
                _ => init = Some(e),
            }
        }
        let elements = elements?;
        if op.yields_bool() {
            return Some(Ty::builtin(db, Builtin::Bool));
        }
        if !matches!(
            op,
            BinaryOp::Mul
                | BinaryOp::Div
                | BinaryOp::Rem
                | BinaryOp::Add
                | BinaryOp::Sub
                | BinaryOp::BitAnd
                | BinaryOp::BitXor
                | BinaryOp::BitOr
        ) {
            return None;
        }
        let init = init.map(|e| self.expr_ty(e));
        let mut acc: Option<Builtin> = None;
        for ty in elements.into_iter().chain(init) {
            let b = ty.strip_reference(db).unqualified(db).as_builtin(db)?;
            acc = Some(match acc {
                None => promoted(b),
                Some(a) => usual_arithmetic(a, b),
            });
        }
        Some(Ty::builtin(db, acc?))
    }

    /// The types of the elements of the function parameter pack an expression names (`xs`
    /// declared `Ts... xs` or `const Ts &... xs`), when the instance binds `Ts`.
    fn pack_elements(&mut self, expr: ExprId) -> Option<Vec<Ty<'db>>> {
        let db = self.db;
        if self.subst.is_empty() {
            return None;
        }
        let Some(Resolution::Binding(binding)) = self.result.resolution(expr).cloned() else {
            return None;
        };
        let data = &self.body.bindings[binding];
        if !data.flags.is_pack {
            return None;
        }
        let pattern = type_ref_ty(db, self.owner, data.ty.as_str())?;
        let TyKind::Param(param) = pattern.strip_reference(db).unqualified(db).kind(db) else {
            return None;
        };
        let Some(GenericArg::Pack(pack)) = self.subst.get(*param) else {
            return None;
        };
        let mut out = Vec::new();
        for element in pack.clone() {
            let GenericArg::Type(element) = element else {
                return None;
            };
            let mut one = Subst::default();
            one.insert(*param, GenericArg::Type(element));
            out.push(one.apply(db, pattern));
        }
        Some(out)
    }
}
