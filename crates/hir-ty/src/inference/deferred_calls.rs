//! Calls EDG leaves to a template's instantiation although no argument's type depends on its
//! parameters (measured on cudafe++ 13.0.88's xref log; see docs/arch/hir-ty.md).
use hir_def::hir::{BindingKind, Expr, ExprId, Path, TypeOrExpr};

use super::Resolution;
use super::expr::InferCtx;
use crate::ty::GenericArg;

impl<'db> InferCtx<'_, 'db> {
    /// Whether EDG leaves a call in a template to its instantiation although no argument's
    /// type depends: an unqualified name called with an argument that is an integral
    /// constant depending on a template parameter (`f(N)`, `f(N + 1)`, `f(-N)`,
    /// `f(sizeof(T) + 1)`: at instantiation it may be `0`, a null pointer constant, and
    /// argument-dependent lookup is done then), or a template-id with dependent arguments
    /// (`g<N>(1)`). A bare `sizeof(T)` is never 0 and a qualified name (`ns::f(N)`) has no
    /// argument-dependent lookup: both are resolved in the definition (measured on cudafe++).
    pub(super) fn chosen_at_instantiation(
        &self,
        path: &Path,
        args: &[ExprId],
        explicit: &[GenericArg<'db>],
    ) -> bool {
        if !self.in_template || path.global || path.segments.len() != 1 {
            return false;
        }
        explicit.iter().any(|a| match a {
            GenericArg::Type(t) => t.is_dependent(self.db),
            GenericArg::DependentValue(_) => true,
            _ => false,
        }) || args.iter().any(|a| {
            // A variable named alone is an lvalue, never a null pointer constant.
            !matches!(
                (&self.body.exprs[*a], self.resolution_of(*a)),
                (Expr::SizeOf(_) | Expr::AlignOf(_), _)
                    | (Expr::Path(_), Some(Resolution::Binding(_)))
            ) && self.dependent_constant(*a, 0) == Some(true)
        })
    }

    /// `Some(true)` for an integral constant expression that depends on a template parameter,
    /// `Some(false)` for one that does not, `None` for what is no constant expression. A
    /// constant local initialized by one is one (`constexpr int TILE = B * I;` then
    /// `cudaMalloc(&p, sizeof(int) * TILE)`: no `cudaMalloc` line, measured on cudafe++);
    /// `depth` bounds the locals followed.
    fn dependent_constant(&self, e: ExprId, depth: u32) -> Option<bool> {
        let all = |es: &[ExprId]| -> Option<bool> {
            es.iter().try_fold(false, |dep, c| {
                Some(dep | self.dependent_constant(*c, depth)?)
            })
        };
        match &self.body.exprs[e] {
            Expr::Literal(_) => Some(false),
            Expr::Path(_) => match self.resolution_of(e)? {
                // In an instance, its own parameters are bound.
                Resolution::TemplateParam(p) => Some(
                    self.subst
                        .get(p)
                        .is_none_or(|a| matches!(a, GenericArg::DependentValue(_))),
                ),
                Resolution::Enumerator { .. } => Some(false),
                Resolution::Binding(b) if depth < 8 => {
                    let binding = &self.body.bindings[b];
                    let constant = binding.flags.is_constexpr
                        || binding.ty.as_str().trim_start().starts_with("const ");
                    if binding.kind != BindingKind::Local || !constant {
                        return None;
                    }
                    let (init, _) = self.binding_inits.get(&b)?;
                    self.dependent_constant(*init, depth + 1)
                }
                _ => None,
            },
            Expr::SizeOf(TypeOrExpr::Type(t)) | Expr::AlignOf(TypeOrExpr::Type(t)) => Some(
                self.type_ref(t.as_str())
                    .is_none_or(|t| t.is_dependent(self.db)),
            ),
            Expr::Unary { expr, .. } => self.dependent_constant(*expr, depth),
            Expr::Binary { lhs, rhs, .. } => all(&[*lhs, *rhs]),
            Expr::Conditional {
                cond,
                then: Some(then),
                else_,
            } => all(&[*cond, *then, *else_]),
            Expr::Cast { args, .. } if args.len() == 1 => all(args),
            _ => None,
        }
    }
}
