//! The call operators that calls of generic lambdas instantiate: `g(1, 2)` where
//! `auto g = [](auto a, auto b) { return a + b; }` calls `operator()<int, int>`, a member
//! template of the closure type, whose signature is `(int, int) -> int`.
//!
//! The enclosing body's [`infer`] already knows which closure each call calls
//! ([`crate::InferenceResult::called_closure`]) and every argument's type and value category;
//! this deduces the placeholder parameters' types from them and types the lambda's return
//! under that binding, with the same inference (a fresh [`InferCtx`] over the same body, the
//! parameters' types given).
use hir_def::hir::{Expr, ExprId};
use il::Item;

use crate::HirTyDatabase;
use crate::inference::{InferCtx, infer};
use crate::ty::{Cv, RefKind, Ty, TyKind, ValueCategory};

/// The signature of a generic lambda's call operator as one call instantiates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosureCallSig<'db> {
    /// The closure called.
    pub closure: hir_def::ClosureId<'db>,
    /// The parameters' types, deduced (`auto`) or as written.
    pub params: Vec<Ty<'db>>,
    /// The return type: written, else the first `return`'s operand decayed, else `void`.
    pub ret: Ty<'db>,
}

/// The call operator that the call `call` of `owner`'s body instantiates, when it calls a
/// lambda of that body. Each placeholder parameter is deduced from its argument by
/// [temp.deduct.call] (measured with cudafe++ 13.0.88): `auto a` takes the argument decayed
/// and without qualifiers, `auto &x` (and `const auto &x`) the argument's type with its
/// qualifiers (and `const`) by lvalue reference, `auto &&y` an lvalue reference for an lvalue
/// and an rvalue reference otherwise, `auto *p` the pointer the argument decays to. `None` when
/// the call calls no closure, the arity differs, an argument's type is unknown or dependent,
/// or a parameter is a placeholder this does not deduce (a pack, `const auto *`, `auto &`
/// given an rvalue).
pub fn closure_call_signature<'db>(
    db: &'db dyn HirTyDatabase,
    owner: Item<'db>,
    call: ExprId,
) -> Option<ClosureCallSig<'db>> {
    let result = infer(db, owner);
    let closure = result.called_closure(call)?;
    let body = hir_def::body::body(db, owner);
    let Expr::Call { args, .. } = &body.exprs[call] else {
        return None;
    };
    let Expr::Lambda(lambda) = &body.exprs[closure.expr] else {
        return None;
    };
    if lambda.params.len() != args.len() {
        return None;
    }
    let known = |ty: Ty<'db>| !ty.is_error(db) && !ty.is_dependent(db);
    let mut cx = InferCtx::new(db, owner, &body);
    cx.collect_binding_inits();
    let mut params = Vec::with_capacity(args.len());
    for (&param, &arg) in lambda.params.iter().zip(args.iter()) {
        let data = &body.bindings[param];
        let ty = match Placeholder::of(data.ty.as_str()) {
            _ if data.flags.is_pack => return None,
            Some(placeholder) => {
                let arg_ty = result.type_of_expr(arg)?;
                let lvalue = result.value_category(arg)? == ValueCategory::LValue;
                placeholder.deduce(db, arg_ty, lvalue)?
            }
            None => cx.binding_ty(param),
        };
        if !known(ty) {
            return None;
        }
        let idx = param.into_raw().into_u32() as usize;
        if cx.result.bindings.len() <= idx {
            cx.result.bindings.resize(idx + 1, None);
        }
        cx.result.bindings[idx] = Some(ty);
        params.push(ty);
    }
    let ret = cx.lambda_return(closure.expr);
    known(ret).then_some(ClosureCallSig {
        closure,
        params,
        ret,
    })
}

/// The shape of a placeholder parameter's declared type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Placeholder {
    /// `auto`, `const auto`.
    Value,
    /// `auto &`, `const auto &`.
    LvalueRef { is_const: bool },
    /// `auto &&`.
    Forwarding,
    /// `auto *`.
    Pointer,
    /// Another use of `auto` (`const auto *`, `auto **`): not deduced here.
    Other,
}

impl Placeholder {
    /// `None` for a type without `auto`.
    fn of(written: &str) -> Option<Placeholder> {
        let words: Vec<&str> = written
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| !w.is_empty())
            .collect();
        if !words.contains(&"auto") {
            return None;
        }
        let is_const = words.contains(&"const");
        let core: String = written
            .split_whitespace()
            .collect::<String>()
            .replace("const", "")
            .replace("volatile", "");
        Some(match core.as_str() {
            "auto" => Placeholder::Value,
            "auto&" => Placeholder::LvalueRef { is_const },
            "auto&&" if !is_const => Placeholder::Forwarding,
            "auto*" if !is_const => Placeholder::Pointer,
            _ => Placeholder::Other,
        })
    }

    /// The parameter's type for an argument of type `arg` (an lvalue or not).
    fn deduce<'db>(
        self,
        db: &'db dyn HirTyDatabase,
        arg: Ty<'db>,
        lvalue: bool,
    ) -> Option<Ty<'db>> {
        Some(match self {
            Placeholder::Value => arg.decay(db).unqualified(db),
            Placeholder::LvalueRef { is_const } => {
                if !lvalue && !is_const {
                    return None;
                }
                let cv = Cv {
                    is_const,
                    ..Default::default()
                };
                arg.qualified(db, cv).reference(db, RefKind::Lvalue)
            }
            Placeholder::Forwarding if lvalue => arg.reference(db, RefKind::Lvalue),
            Placeholder::Forwarding => arg.reference(db, RefKind::Rvalue),
            Placeholder::Pointer => {
                let decayed = arg.decay(db).unqualified(db);
                matches!(decayed.kind(db), TyKind::Pointer(_)).then_some(decayed)?
            }
            Placeholder::Other => return None,
        })
    }
}
