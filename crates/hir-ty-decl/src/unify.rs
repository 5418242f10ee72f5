//! The one unifier: matches a pattern type (whose [`TyKind::Param`]s of chosen owners are
//! unknowns) against a concrete type, binding each unknown consistently. Template argument
//! deduction from a call ([`deduce_from_arg`]) applies the call adjustments around it; matching
//! a class template partial specialization against an instance's arguments is the same
//! [`Unifier::unify`] over the specialization's arguments (not wired yet).
use hir_def::generics::TemplateParamId;
use il::Item;
use rustc_hash::FxHashMap;

use crate::HirTyDatabase;
use crate::ty::{GenericArg, Instance, RefKind, Ty, TyKind, ValueCategory};

/// Bindings of template parameters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Subst<'db> {
    map: FxHashMap<TemplateParamId<'db>, GenericArg<'db>>,
}

impl<'db> Subst<'db> {
    pub fn get(&self, param: TemplateParamId<'db>) -> Option<&GenericArg<'db>> {
        self.map.get(&param)
    }

    pub fn insert(&mut self, param: TemplateParamId<'db>, arg: GenericArg<'db>) {
        self.map.insert(param, arg);
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The binding of an instance's template: parameter `i` of `template` is argument `i`.
    pub fn of_instance(db: &'db dyn HirTyDatabase, inst: Instance<'db>) -> Subst<'db> {
        let mut s = Subst::default();
        // The members of a template declared before its definition are the definition's,
        // with the definition's parameters.
        let template = inst.template(db);
        let definition = crate::specialization::primary_definition(db, template)
            .filter(|d| *d != template && d.kind(db) == template.kind(db));
        for owner in std::iter::once(template).chain(definition) {
            for (i, arg) in inst.args(db).iter().enumerate() {
                s.insert(
                    TemplateParamId {
                        owner,
                        index: i as u32,
                    },
                    arg.clone(),
                );
            }
        }
        s
    }

    /// `ty` with every bound parameter replaced.
    pub fn apply(&self, db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Ty<'db> {
        if self.map.is_empty() {
            return ty;
        }
        self.apply_depth(db, ty, 0)
    }

    fn apply_depth(&self, db: &'db dyn HirTyDatabase, ty: Ty<'db>, depth: u32) -> Ty<'db> {
        if depth > 64 {
            return Ty::error(db);
        }
        let go = |t: Ty<'db>| self.apply_depth(db, t, depth + 1);
        match ty.kind(db) {
            TyKind::Param(p) => match self.map.get(p) {
                Some(GenericArg::Type(t)) => *t,
                _ => ty,
            },
            TyKind::ParamArray(elem, p) => match self.map.get(p) {
                Some(GenericArg::Value(n)) if *n >= 0 => {
                    Ty::new(db, TyKind::Array(go(*elem), Some(*n as u64)))
                }
                _ => ty.map_children(db, go),
            },
            // A projection's base is substituted (`map_children`); the member is looked up by
            // `hir_ty::normalize`, which needs the instances' definitions (above this crate).
            _ => ty.map_children(db, go),
        }
    }
}

/// Matches patterns against types, binding the parameters of `owners`.
pub struct Unifier<'a, 'db> {
    db: &'db dyn HirTyDatabase,
    owners: &'a [Item<'db>],
    pub subst: Subst<'db>,
}

impl<'a, 'db> Unifier<'a, 'db> {
    pub fn new(db: &'db dyn HirTyDatabase, owners: &'a [Item<'db>]) -> Self {
        Unifier {
            db,
            owners,
            subst: Subst::default(),
        }
    }

    fn is_unknown(&self, p: TemplateParamId<'db>) -> bool {
        self.owners.contains(&p.owner)
    }

    /// Whether `pattern` matches `ty`, extending the bindings. A failed match may leave partial
    /// bindings: callers unify on a clone when they need to backtrack.
    pub fn unify(&mut self, pattern: Ty<'db>, ty: Ty<'db>) -> bool {
        self.unify_depth(pattern, ty, 0)
    }

    fn unify_depth(&mut self, pattern: Ty<'db>, ty: Ty<'db>, depth: u32) -> bool {
        let db = self.db;
        if depth > 64 {
            return false;
        }
        if pattern == ty {
            return true;
        }
        match (pattern.kind(db), ty.kind(db)) {
            (TyKind::Param(p), _) if self.is_unknown(*p) => match self.subst.get(*p) {
                Some(GenericArg::Type(bound)) => *bound == ty,
                Some(_) => false,
                None => {
                    self.subst.insert(*p, GenericArg::Type(ty));
                    true
                }
            },
            // What we could not type matches anything and binds nothing.
            (_, TyKind::Error) => true,
            (TyKind::Qualified(pcv, p), TyKind::Qualified(acv, a)) if pcv == acv => {
                self.unify_depth(*p, *a, depth + 1)
            }
            // `const T` against `const volatile int`: T = volatile int.
            (TyKind::Qualified(pcv, p), TyKind::Qualified(acv, a))
                if (!pcv.is_const || acv.is_const) && (!pcv.is_volatile || acv.is_volatile) =>
            {
                let rest = il::ty::Cv {
                    is_const: acv.is_const && !pcv.is_const,
                    is_volatile: acv.is_volatile && !pcv.is_volatile,
                    is_restrict: acv.is_restrict && !pcv.is_restrict,
                };
                self.unify_depth(*p, a.qualified(db, rest), depth + 1)
            }
            (TyKind::Pointer(p), TyKind::Pointer(a)) => self.unify_depth(*p, *a, depth + 1),
            (TyKind::Reference(pk, p), TyKind::Reference(ak, a)) if pk == ak => {
                self.unify_depth(*p, *a, depth + 1)
            }
            (TyKind::Array(p, pn), TyKind::Array(a, an)) if pn == an || pn.is_none() => {
                self.unify_depth(*p, *a, depth + 1)
            }
            // `T (&)[N]` against `int (&)[5]`: N = 5.
            (TyKind::ParamArray(p, n), TyKind::Array(a, Some(an))) => {
                let bound = GenericArg::Value(i128::from(*an));
                let fits = match self.subst.get(*n) {
                    Some(known) => *known == bound,
                    None if self.is_unknown(*n) => {
                        self.subst.insert(*n, bound);
                        true
                    }
                    None => false,
                };
                fits && self.unify_depth(*p, *a, depth + 1)
            }
            (TyKind::Function(p), TyKind::Function(a)) => {
                p.params.len() == a.params.len()
                    && p.variadic == a.variadic
                    && self.unify_depth(p.ret, a.ret, depth + 1)
                    && p.params
                        .iter()
                        .zip(&a.params)
                        .all(|(p, a)| self.unify_depth(*p, *a, depth + 1))
            }
            (
                TyKind::MemberPointer {
                    class: pc,
                    pointee: pp,
                },
                TyKind::MemberPointer {
                    class: ac,
                    pointee: ap,
                },
            ) => self.unify_depth(*pc, *ac, depth + 1) && self.unify_depth(*pp, *ap, depth + 1),
            (TyKind::Instance(p), TyKind::Instance(a)) => {
                p.template(db) == a.template(db)
                    && p.args(db).len() == a.args(db).len()
                    && p.args(db)
                        .iter()
                        .zip(a.args(db))
                        .all(|(p, a)| self.unify_arg(p, a, depth + 1))
            }
            _ => false,
        }
    }

    /// Whether the template argument pattern `p` matches `a` (a class template partial
    /// specialization's argument against an instance's), extending the bindings.
    pub fn unify_generic_arg(&mut self, p: &GenericArg<'db>, a: &GenericArg<'db>) -> bool {
        self.unify_arg(p, a, 0)
    }

    fn unify_arg(&mut self, p: &GenericArg<'db>, a: &GenericArg<'db>, depth: u32) -> bool {
        match (p, a) {
            (GenericArg::Type(p), GenericArg::Type(a)) => self.unify_depth(*p, *a, depth),
            (GenericArg::DependentValue(_), GenericArg::Value(_)) => true,
            _ => p == a,
        }
    }
}

/// Deduction from one call argument ([temp.deduct.call]): `param` is the parameter's declared
/// type, `arg` the argument's type (never a reference) and category.
pub fn deduce_from_arg<'db>(
    u: &mut Unifier<'_, 'db>,
    param: Ty<'db>,
    arg: Ty<'db>,
    category: ValueCategory,
) -> bool {
    let db = u.db;
    match param.kind(db) {
        TyKind::Reference(kind, referee) => {
            // A forwarding reference given an lvalue deduces an lvalue reference.
            if *kind == RefKind::Rvalue
                && matches!(referee.kind(db), TyKind::Param(p) if u.is_unknown(*p))
                && category == ValueCategory::LValue
            {
                return u.unify(*referee, arg.reference(db, RefKind::Lvalue));
            }
            // An array's qualifiers are its elements' ([basic.type.qualifier]/3): `const T
            // (&)[N]` binds an `int [5]` with `T = int`.
            let (pcv, p) = split_cv_through_arrays(db, *referee);
            let (acv, a) = split_cv_through_arrays(db, arg);
            let rest = il::ty::Cv {
                is_const: acv.is_const && !pcv.is_const,
                is_volatile: acv.is_volatile && !pcv.is_volatile,
                is_restrict: false,
            };
            u.unify(p, qualified_through_arrays(db, a, rest)) || derived_match(u, p, a)
        }
        _ => {
            let p = param.unqualified(db);
            let a = arg.decay(db);
            if u.unify(p, a) {
                return true;
            }
            // A pointer pattern may add qualifiers to the pointee.
            if let (TyKind::Pointer(pp), TyKind::Pointer(ap)) = (p.kind(db), a.kind(db)) {
                let (pcv, pi) = pp.split_cv(db);
                let (acv, ai) = ap.split_cv(db);
                if (!acv.is_const || pcv.is_const) && u.unify(pi, ai) {
                    return true;
                }
                return derived_match(u, pi, ai);
            }
            derived_match(u, p, a)
        }
    }
}

/// The qualifiers of a type, for an array those of its innermost element (`const int [5]` is
/// an array of `const int`), and the type without them.
pub fn split_cv_through_arrays<'db>(
    db: &'db dyn HirTyDatabase,
    ty: Ty<'db>,
) -> (il::ty::Cv, Ty<'db>) {
    match ty.kind(db) {
        TyKind::Qualified(cv, inner) if is_array(db, *inner) => {
            let (inner_cv, bare) = split_cv_through_arrays(db, *inner);
            let merged = il::ty::Cv {
                is_const: cv.is_const || inner_cv.is_const,
                is_volatile: cv.is_volatile || inner_cv.is_volatile,
                is_restrict: cv.is_restrict || inner_cv.is_restrict,
            };
            (merged, bare)
        }
        TyKind::Array(elem, n) => {
            let (cv, bare) = split_cv_through_arrays(db, *elem);
            (cv, Ty::new(db, TyKind::Array(bare, *n)))
        }
        TyKind::ParamArray(elem, n) => {
            let (cv, bare) = split_cv_through_arrays(db, *elem);
            (cv, Ty::new(db, TyKind::ParamArray(bare, *n)))
        }
        _ => ty.split_cv(db),
    }
}

/// `ty` with `cv` added, to the innermost element of an array.
fn qualified_through_arrays<'db>(
    db: &'db dyn HirTyDatabase,
    ty: Ty<'db>,
    cv: il::ty::Cv,
) -> Ty<'db> {
    match ty.kind(db) {
        TyKind::Array(elem, n) => Ty::new(
            db,
            TyKind::Array(qualified_through_arrays(db, *elem, cv), *n),
        ),
        _ => ty.qualified(db, cv),
    }
}

fn is_array(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(ty.kind(db), TyKind::Array(..) | TyKind::ParamArray(..))
}

/// A template-id pattern matches a class derived from an instance of its template.
fn derived_match<'db>(u: &mut Unifier<'_, 'db>, p: Ty<'db>, a: Ty<'db>) -> bool {
    let db = u.db;
    if !matches!(p.kind(db), TyKind::Instance(_)) {
        return false;
    }
    let Some(class) = a.as_class(db) else {
        return false;
    };
    for base in il::lookup::base_classes(db, class) {
        let base_ty = crate::lower::declared_ty(db, base);
        let mut trial = Unifier {
            db,
            owners: u.owners,
            subst: u.subst.clone(),
        };
        if trial.unify(p, base_ty) {
            u.subst = trial.subst;
            return true;
        }
    }
    false
}
