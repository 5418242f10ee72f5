//! Template argument deduction from a function call ([temp.deduct.call]) over interned types.
//!
//! A function template's parameter types are resolved with each template parameter standing for
//! itself (`TyKind::TemplateParam { depth: 1, index }` for type parameters,
//! `TemplateArg::Unbound(index)` for non-type ones inside template-ids). [`deduce_call`] matches
//! each such parameter type `P` against its argument's type `A` after the call adjustments:
//!
//! - a reference `P` is replaced by the type it refers to, which may be more cv-qualified than
//!   `A`; a forwarding reference (`T&&`) given an lvalue deduces `T` as `A&`;
//! - otherwise an array or function `A` decays to a pointer and top-level cv is dropped on both;
//! - then `P` and `A` are matched structurally: a parameter binds (consistently), a pointer may
//!   add cv to its pointee (qualification conversion), template-ids of the same template match
//!   argument by argument (a non-type parameter binds to a value), and a template-id `P` (or
//!   pointer to one) matches the one base class of a derived `A` that deduces.
//!
//! Explicit arguments come first and are not deduced; a trailing parameter pack takes the
//! remaining explicit arguments and the remaining call arguments; what is neither explicit nor
//! deduced takes the template's default argument (the caller resolves defaults, since they are
//! written in terms of the earlier arguments). A `P` that is not resolved (a dependent name we do
//! not model) is a non-deduced context: its parameters must come from elsewhere, or deduction
//! fails. Deduction never guesses: a failure is `None`. Partial ordering ([temp.func.order]) is
//! hir-ty's (`overload.rs`), over its one unifier.
//!
//! Submodules: [`expr`] types call arguments from declarations; [`instance`] builds a
//! template's [`Pattern`] and the instance a call or template-id makes (defaults, packs,
//! `auto` returns).
//!
//! A non-type parameter written alone as an array bound (`T (&)[N]`, a
//! [`TyKind::DependentArray`]) is deduced from the argument's bound; other dependent bounds
//! (`[N + 1]`, `[sizeof(T)]`) are non-deduced contexts.
//!
//! Not yet: deduction from a target type (`void (*p)(int) = f;`) and template template
//! parameters.
use crate::IlDatabase;
use crate::instantiate::{ParamKind, TemplateArg, canonical};
use crate::ty::{Cv, DependentBound, FnSig, RefKind, Ty, TyKind};

pub mod ctad;
pub mod expr;
pub mod instance;
#[cfg(test)]
mod tests;

/// What a call argument is, as far as deduction cares: its type (never a reference: an
/// expression of reference type has the referred type) and whether it is an lvalue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgType<'db> {
    pub ty: Ty<'db>,
    pub lvalue: bool,
}

impl<'db> ArgType<'db> {
    pub fn prvalue(ty: Ty<'db>) -> ArgType<'db> {
        ArgType { ty, lvalue: false }
    }

    pub fn lvalue(ty: Ty<'db>) -> ArgType<'db> {
        ArgType { ty, lvalue: true }
    }
}

/// The shape of one template parameter: what deduction needs of [`crate::instantiate::TemplateParam`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamShape {
    pub kind: ParamKind,
    pub pack: bool,
}

/// A function template's deducible signature: its template parameters and its function
/// parameter types with the template parameters standing for themselves. `pack_expansion` is
/// the index of a function parameter declared as a pack expansion (`Ts... xs`), which must be
/// the last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern<'db> {
    pub params: Vec<ParamShape>,
    pub fn_params: Vec<Ty<'db>>,
    pub pack_expansion: Option<usize>,
    /// How many trailing function parameters have default arguments (a call may leave them
    /// out; they then deduce nothing).
    pub defaulted: usize,
}

/// The outcome of deduction: per template parameter, its argument (`None`: neither explicit
/// nor deduced, left to its default) and for a pack parameter its elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deduced<'db> {
    pub args: Vec<Option<TemplateArg<'db>>>,
    pub pack: Vec<Ty<'db>>,
    /// Which parameter is the pack, if any.
    pub pack_param: Option<usize>,
}

/// Deduces the template arguments of a call of the template `pattern` with `explicit`
/// arguments written (`f<int>(...)`) and call arguments `args`.
pub fn deduce_call<'db>(
    db: &'db dyn IlDatabase,
    pattern: &Pattern<'db>,
    explicit: &[TemplateArg<'db>],
    args: &[ArgType<'db>],
) -> Option<Deduced<'db>> {
    let pack_param = pattern.params.iter().position(|p| p.pack);
    // Only a trailing pack is deducible; a pack elsewhere is left alone.
    if pack_param.is_some_and(|i| i + 1 != pattern.params.len()) {
        return None;
    }
    let mut deduced = Deduced {
        args: vec![None; pattern.params.len()],
        pack: Vec::new(),
        pack_param,
    };
    let mut explicit_pack = false;
    for (i, arg) in explicit.iter().enumerate() {
        match pattern.params.get(i) {
            Some(p) if p.pack => {
                let TemplateArg::Type(t) = arg else {
                    return None;
                };
                deduced.pack.push(canonical(db, *t));
                explicit_pack = true;
            }
            Some(p) => {
                if !kind_fits(p.kind, arg) {
                    return None;
                }
                deduced.args[i] = Some(canonical_arg(db, arg.clone()));
            }
            None if pack_param.is_some() => {
                let TemplateArg::Type(t) = arg else {
                    return None;
                };
                deduced.pack.push(canonical(db, *t));
                explicit_pack = true;
            }
            None => return None,
        }
    }

    let fixed = match pattern.pack_expansion {
        Some(i) if i + 1 == pattern.fn_params.len() => i,
        Some(_) => return None,
        None => pattern.fn_params.len(),
    };
    let required = fixed.saturating_sub(pattern.defaulted);
    if args.len() < required || (pattern.pack_expansion.is_none() && args.len() > fixed) {
        return None;
    }
    let mut matcher = Matcher {
        db,
        bound: deduced.args.clone(),
        conversions: true,
    };
    // Explicit type arguments are substituted first: a `P` they make concrete deduces nothing
    // and its argument converts ([temp.arg.explicit]/6).
    let substitution: Vec<TemplateArg<'db>> = deduced
        .args
        .iter()
        .enumerate()
        .map(|(i, a)| a.clone().unwrap_or(TemplateArg::Unbound(i as u32)))
        .collect();
    for (p, a) in pattern.fn_params[..fixed].iter().zip(args) {
        matcher.call_argument(substitute(db, *p, &substitution), *a)?;
    }
    if let Some(expansion) = pattern.pack_expansion {
        let rest = args.get(fixed..).unwrap_or_default();
        let p = pattern.fn_params[expansion];
        let pack = pack_param?;
        if explicit_pack {
            if rest.len() != deduced.pack.len() {
                return None;
            }
        } else {
            // Each remaining argument deduces one element of the pack through `P`.
            for a in rest {
                let mut one = Matcher {
                    db,
                    bound: matcher.bound.clone(),
                    conversions: true,
                };
                one.bound[pack] = None;
                one.call_argument(p, *a)?;
                let Some(TemplateArg::Type(t)) = one.bound[pack].clone() else {
                    return None;
                };
                deduced.pack.push(t);
            }
        }
    }
    deduced.args = matcher.bound;
    if let Some(pack) = pack_param {
        deduced.args[pack] = None;
    }
    Some(deduced)
}

fn kind_fits(kind: ParamKind, arg: &TemplateArg<'_>) -> bool {
    matches!(
        (kind, arg),
        (ParamKind::Type, TemplateArg::Type(_)) | (ParamKind::Value, TemplateArg::Value(_))
    )
}

fn canonical_arg<'db>(db: &'db dyn IlDatabase, arg: TemplateArg<'db>) -> TemplateArg<'db> {
    match arg {
        TemplateArg::Type(t) => TemplateArg::Type(canonical(db, t)),
        other => other,
    }
}

/// The parameter bindings found so far.
struct Matcher<'db> {
    db: &'db dyn IlDatabase,
    bound: Vec<Option<TemplateArg<'db>>>,
    /// Whether a pointer's pointee may gain cv (a call's qualification conversion); partial
    /// ordering matches exactly.
    conversions: bool,
}

impl<'db> Matcher<'db> {
    /// One (P, A) pair of a call, with the adjustments of [temp.deduct.call]/2-4.
    fn call_argument(&mut self, p: Ty<'db>, a: ArgType<'db>) -> Option<()> {
        let db = self.db;
        let a_ty = canonical(db, a.ty);
        if !mentions_params(db, p) {
            // Not a deduced context: the argument converts (not checked here).
            return Some(());
        }
        match p.kind(db) {
            TyKind::Reference(kind, inner) => {
                let forwarding = *kind == RefKind::Rvalue
                    && matches!(inner.kind(db), TyKind::TemplateParam { depth: 1, .. });
                if forwarding && a.lvalue {
                    let a_ref = Ty::new(db, TyKind::Reference(RefKind::Lvalue, a_ty));
                    return self.unify(*inner, a_ref, true);
                }
                self.unify_or_base(*inner, a_ty, true)
            }
            _ => {
                let a_ty = match a_ty.kind(db) {
                    TyKind::Array(elem, _) => Ty::new(db, TyKind::Pointer(*elem)),
                    TyKind::Function(_) => Ty::new(db, TyKind::Pointer(a_ty)),
                    // cv on an array is its elements'.
                    TyKind::Qualified(cv, inner) => match inner.kind(db) {
                        TyKind::Array(elem, _) => {
                            Ty::new(db, TyKind::Pointer(elem.qualified(db, *cv)))
                        }
                        _ => *inner,
                    },
                    _ => a_ty,
                };
                self.unify_or_base(unqualified(db, p), a_ty, false)
            }
        }
    }

    /// [`Self::unify`], and where that fails and `p` is a template-id (or a pointer to one), a
    /// derived class argument deduces from its base of that template ([temp.deduct.call]/4.3):
    /// exactly one base must match.
    fn unify_or_base(&mut self, p: Ty<'db>, a: Ty<'db>, more_cv: bool) -> Option<()> {
        let db = self.db;
        let before = self.bound.clone();
        if self.unify(p, a, more_cv).is_some() {
            return Some(());
        }
        self.bound = before.clone();
        let (p_class, a_class) = match (p.kind(db), a.kind(db)) {
            (TyKind::Pointer(pi), TyKind::Pointer(ai)) => (*pi, *ai),
            _ => (p, a),
        };
        let (p_cv, p_class) = match p_class.kind(db) {
            TyKind::Qualified(cv, inner) => (*cv, *inner),
            _ => (Cv::default(), p_class),
        };
        if !matches!(p_class.kind(db), TyKind::Instance(_)) {
            return None;
        }
        let a_cv = cv_of(db, a_class);
        if !cv_includes(a_cv, p_cv) && !more_cv && !matches!(p.kind(db), TyKind::Pointer(_)) {
            return None;
        }
        let mut matches = Vec::new();
        for base in base_types(db, unqualified(db, a_class)) {
            self.bound = before.clone();
            if self.unify(p_class, base, false).is_some() {
                matches.push(self.bound.clone());
            }
        }
        self.bound = before;
        let [bound] = matches.as_slice() else {
            return None;
        };
        self.bound = bound.clone();
        Some(())
    }

    /// Matches `p` against `a`; `more_cv`: `p` may be more cv-qualified than `a` at this level
    /// (a reference binding, or a pointee under a qualification conversion).
    fn unify(&mut self, p: Ty<'db>, a: Ty<'db>, more_cv: bool) -> Option<()> {
        let db = self.db;
        if !mentions_params(db, p) {
            return (canonical(db, p) == canonical(db, a)
                || (more_cv && canonical(db, p) == add_cv(db, a, cv_of(db, p))))
            .then_some(());
        }
        match p.kind(db) {
            TyKind::TemplateParam { depth: 1, index } => {
                self.bind(*index as usize, TemplateArg::Type(a))
            }
            TyKind::Qualified(p_cv, p_inner) => {
                let a_cv = cv_of(db, a);
                if !cv_includes(a_cv, *p_cv) && !more_cv {
                    return None;
                }
                let rest = Cv {
                    is_const: a_cv.is_const && !p_cv.is_const,
                    is_volatile: a_cv.is_volatile && !p_cv.is_volatile,
                    is_restrict: a_cv.is_restrict && !p_cv.is_restrict,
                };
                let a_inner = unqualified(db, a).qualified(db, rest);
                self.unify(*p_inner, a_inner, false)
            }
            TyKind::Pointer(p_inner) => match a.kind(db) {
                TyKind::Pointer(a_inner) => self.unify(*p_inner, *a_inner, self.conversions),
                _ => None,
            },
            TyKind::Reference(pk, p_inner) => match a.kind(db) {
                TyKind::Reference(ak, a_inner) if ak == pk => self.unify(*p_inner, *a_inner, false),
                _ => None,
            },
            // cv on an array is its elements': a reference binding may add it there.
            TyKind::Array(p_elem, p_n) => match a.kind(db) {
                TyKind::Array(a_elem, a_n) if p_n == a_n => self.unify(*p_elem, *a_elem, more_cv),
                _ => None,
            },
            // `T (&)[N]` given an `int [5]`: `N` is 5 ([temp.deduct.type]/8); a bound that is
            // any other expression is not deduced from.
            TyKind::DependentArray(p_elem, bound) => {
                match (bound, a.kind(db)) {
                    (DependentBound::Param { index, .. }, TyKind::Array(_, Some(n))) => {
                        self.bind(*index as usize, TemplateArg::Value(i128::from(*n)))?
                    }
                    // Partial ordering: the other template's parameter, a unique value.
                    (
                        DependentBound::Param { index, .. },
                        TyKind::DependentArray(_, DependentBound::Param { index: a_index, .. }),
                    ) => self.bind(*index as usize, TemplateArg::Unbound(*a_index))?,
                    (DependentBound::Expr(_), TyKind::Array(..)) => {}
                    (DependentBound::Expr(p_text), TyKind::DependentArray(_, a_bound))
                        if a_bound.spelling() == *p_text => {}
                    _ => return None,
                }
                let (TyKind::Array(a_elem, _) | TyKind::DependentArray(a_elem, _)) = a.kind(db)
                else {
                    return None;
                };
                self.unify(*p_elem, *a_elem, more_cv)
            }
            TyKind::Function(p_sig) => match a.kind(db) {
                TyKind::Function(a_sig) => self.signature(p_sig, a_sig),
                _ => None,
            },
            TyKind::MemberPointer { class, pointee } => match a.kind(db) {
                TyKind::MemberPointer {
                    class: a_class,
                    pointee: a_pointee,
                } => {
                    self.unify(*class, *a_class, false)?;
                    self.unify(*pointee, *a_pointee, false)
                }
                _ => None,
            },
            TyKind::Instance(p_inst) => {
                let TyKind::Instance(a_inst) = a.kind(db) else {
                    return None;
                };
                if p_inst.class(db) != a_inst.class(db)
                    || p_inst.args(db).len() != a_inst.args(db).len()
                {
                    return None;
                }
                for (pa, aa) in p_inst.args(db).iter().zip(a_inst.args(db)) {
                    match (pa, aa) {
                        (TemplateArg::Type(pt), TemplateArg::Type(at)) => {
                            self.unify(*pt, *at, false)?
                        }
                        (TemplateArg::Unbound(i), TemplateArg::Value(v)) => {
                            self.bind(*i as usize, TemplateArg::Value(*v))?
                        }
                        (pa, aa) if pa == aa => {}
                        _ => return None,
                    }
                }
                Some(())
            }
            // A template-id or name we could not resolve: not deduced from here.
            _ => Some(()),
        }
    }

    fn signature(&mut self, p: &FnSig<'db>, a: &FnSig<'db>) -> Option<()> {
        if p.params.len() != a.params.len() || p.variadic != a.variadic {
            return None;
        }
        self.unify(p.ret, a.ret, false)?;
        for (pp, ap) in p.params.iter().zip(&a.params) {
            self.unify(*pp, *ap, false)?;
        }
        Some(())
    }

    fn bind(&mut self, index: usize, arg: TemplateArg<'db>) -> Option<()> {
        let slot = self.bound.get_mut(index)?;
        match slot {
            Some(existing) if *existing != arg => None,
            Some(_) => Some(()),
            None => {
                *slot = Some(arg);
                Some(())
            }
        }
    }
}

/// Every base class of a class type, direct and indirect, as types (bases of an instance
/// resolved under its binding); at most [`MAX_BASES`].
fn base_types<'db>(db: &'db dyn IlDatabase, class: Ty<'db>) -> Vec<Ty<'db>> {
    use syntax::{SyntaxKind::*, SyntaxNode};
    const MAX_BASES: usize = 64;
    let mut out: Vec<Ty<'db>> = Vec::new();
    let mut queue = vec![class];
    while let Some(ty) = queue.pop() {
        let (definition, env) = match canonical(db, ty).kind(db) {
            TyKind::Class(item) => (*item, None),
            TyKind::Instance(inst) => match crate::instantiate::instance_definition(db, *inst) {
                Some(bound) => (bound.definition(db), Some(bound)),
                None => continue,
            },
            _ => continue,
        };
        let header = SyntaxNode::new_root(definition.header(db).clone());
        let Some(clause) = header.descendants().find(|n| n.kind() == BASE_CLAUSE) else {
            continue;
        };
        let from = definition.parent(db).map_or(
            crate::lookup::ScopeRef::File(definition.file(db)),
            crate::lookup::ScopeRef::Item,
        );
        for name in clause
            .children()
            .filter(|n| n.kind() == BASE_SPEC)
            .filter_map(|spec| {
                spec.children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
            })
        {
            let base = canonical(db, crate::resolve::name_type_in(db, from, env, &name));
            if out.len() >= MAX_BASES || out.contains(&base) {
                continue;
            }
            out.push(base);
            queue.push(base);
        }
    }
    out
}

/// Whether a type mentions a parameter of the template being deduced (depth 1).
pub fn mentions_params(db: &dyn IlDatabase, ty: Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::TemplateParam { depth: 1, .. } => true,
        TyKind::Qualified(_, t)
        | TyKind::Pointer(t)
        | TyKind::Reference(_, t)
        | TyKind::Array(t, _)
        | TyKind::Vector { elem: t, .. } => mentions_params(db, *t),
        TyKind::DependentArray(..) => true,
        TyKind::Function(sig) => {
            mentions_params(db, sig.ret) || sig.params.iter().any(|&p| mentions_params(db, p))
        }
        TyKind::MemberPointer { class, pointee } => {
            mentions_params(db, *class) || mentions_params(db, *pointee)
        }
        TyKind::Instance(inst) => inst.args(db).iter().any(|a| match a {
            TemplateArg::Type(t) => mentions_params(db, *t),
            TemplateArg::Unbound(_) => true,
            TemplateArg::Value(_) | TemplateArg::Template(_) | TemplateArg::Typed(..) => false,
        }),
        _ => false,
    }
}

/// `ty` with the template parameters replaced by `args` (a pack parameter's elements are only
/// substituted where the caller expands them): for a signature whose template has a pack, which
/// the resolver does not instantiate.
pub fn substitute<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>, args: &[TemplateArg<'db>]) -> Ty<'db> {
    let sub = |t: Ty<'db>| substitute(db, t, args);
    match ty.kind(db) {
        TyKind::TemplateParam { depth: 1, index } => match args.get(*index as usize) {
            Some(TemplateArg::Type(t)) => *t,
            _ => ty,
        },
        TyKind::Qualified(cv, t) => sub(*t).qualified(db, *cv),
        TyKind::Pointer(t) => Ty::new(db, TyKind::Pointer(sub(*t))),
        TyKind::Reference(k, t) => reference_to(db, *k, sub(*t)),
        TyKind::Array(t, n) => Ty::new(db, TyKind::Array(sub(*t), *n)),
        TyKind::DependentArray(t, bound) => {
            let value = match bound {
                DependentBound::Param { index, .. } => {
                    args.get(*index as usize).and_then(TemplateArg::value)
                }
                DependentBound::Expr(_) => None,
            };
            match value.and_then(|v| u64::try_from(v).ok()) {
                Some(n) => Ty::new(db, TyKind::Array(sub(*t), Some(n))),
                None => Ty::new(db, TyKind::DependentArray(sub(*t), bound.clone())),
            }
        }
        TyKind::Function(sig) => {
            let mut sig = sig.clone();
            sig.ret = sub(sig.ret);
            for p in &mut sig.params {
                *p = sub(*p);
            }
            Ty::new(db, TyKind::Function(sig))
        }
        _ => ty,
    }
}

/// `T&` or `T&&` with reference collapsing (`T = int&` makes `T&&` `int&`).
fn reference_to<'db>(db: &'db dyn IlDatabase, kind: RefKind, to: Ty<'db>) -> Ty<'db> {
    match to.kind(db) {
        TyKind::Reference(inner_kind, inner) => {
            let kind = if kind == RefKind::Lvalue || *inner_kind == RefKind::Lvalue {
                RefKind::Lvalue
            } else {
                RefKind::Rvalue
            };
            Ty::new(db, TyKind::Reference(kind, *inner))
        }
        _ => Ty::new(db, TyKind::Reference(kind, to)),
    }
}

fn cv_of(db: &dyn IlDatabase, ty: Ty<'_>) -> Cv {
    match ty.kind(db) {
        TyKind::Qualified(cv, _) => *cv,
        _ => Cv::default(),
    }
}

fn unqualified<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> Ty<'db> {
    match ty.kind(db) {
        TyKind::Qualified(_, inner) => *inner,
        _ => ty,
    }
}

fn add_cv<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>, cv: Cv) -> Ty<'db> {
    canonical(db, ty).qualified(db, cv)
}

fn cv_includes(outer: Cv, inner: Cv) -> bool {
    (outer.is_const || !inner.is_const)
        && (outer.is_volatile || !inner.is_volatile)
        && (outer.is_restrict || !inner.is_restrict)
}
