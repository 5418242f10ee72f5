//! Overload resolution ([over.match]): implicit conversion sequences ranked exact match,
//! promotion, conversion, user-defined conversion, ellipsis ([over.ics.rank], coarsened: no
//! tie-break on reference binding qualifiers or on conversion sequences between classes), a
//! non-template preferred to a template at equal ranks, function templates deduced through the
//! one unifier.
use il::Item;
use il::lookup::base_classes;

use crate::HirTyDatabase;
use crate::from_il::template_owners;
use crate::lower::{CallableSig, callable_sig};
use crate::ty::{Builtin, GenericArg, Instance, RefKind, Ty, TyKind, ValueCategory, promoted};
use crate::unify::{Subst, Unifier, deduce_from_arg, split_cv_through_arrays};

/// An argument as overload resolution sees it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Arg<'db> {
    pub ty: Ty<'db>,
    pub category: ValueCategory,
    /// A null pointer constant (`0`, `nullptr`): converts to any pointer.
    pub null: bool,
}

/// The rank of an implicit conversion sequence; lower is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Rank {
    Exact,
    /// Exact match rank with a qualification added (`int *` to `const int *`, an `int` lvalue
    /// bound to `const int &`): worse than the identity ([over.ics.rank]/3.2.1, 3.2.5, 3.2.6).
    QualifiedExact,
    Promotion,
    Conversion,
    /// A type we do not know (dependent, error): viable, never better than a known match.
    Unknown,
    UserDefined,
    Ellipsis,
}

/// Which conversions an implicit conversion sequence may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UserConversions {
    /// None: a standard conversion sequence only.
    Forbidden,
    /// Those we find (a converting constructor, a conversion function); a class we can see
    /// completely that has none makes the candidate not viable.
    Checked,
    /// Any: a class converts to anything (the fallback when checking left no candidate
    /// viable, since the program compiled).
    Assumed,
}

/// The outcome of resolving a call among candidates.
pub(crate) struct Selected<'db> {
    pub item: Item<'db>,
    /// The deduced arguments of a function template.
    pub subst: Subst<'db>,
    pub instance: Option<Instance<'db>>,
    /// Other candidates were as good.
    pub ambiguous: bool,
    /// An argument's type is unknown (an error) and another candidate took as many
    /// arguments: which candidate the program calls, and the arguments a template's deduction
    /// took from the known arguments alone, are a guess.
    pub guessed: bool,
}

struct Viable<'db> {
    item: Item<'db>,
    ranks: Vec<Rank>,
    subst: Subst<'db>,
    is_template: bool,
}

/// Picks the best viable candidate for `args` (with `object` the implied object argument of
/// member functions, not ranked). When no candidate is viable but exactly one accepts the
/// number of arguments, that one is taken: the program compiles, so a mismatch is our typing's.
pub(crate) fn select<'db>(
    db: &'db dyn HirTyDatabase,
    candidates: &[Item<'db>],
    args: &[Arg<'db>],
    explicit: &[GenericArg<'db>],
) -> Option<Selected<'db>> {
    select_in_class(db, candidates, args, explicit, &Subst::default())
}

/// [`select`] among members of a class template instance: `class` binds the parameters of the
/// definition the instance is made from, and each candidate's parameter types are ranked with
/// them substituted (`host_vector(const Alloc &)` of `host_vector<float>` takes a
/// `const std::allocator<float> &`, which a `size_t` does not convert to), as the instance's
/// members are declared ([temp.inst]/3).
pub(crate) fn select_in_class<'db>(
    db: &'db dyn HirTyDatabase,
    candidates: &[Item<'db>],
    args: &[Arg<'db>],
    explicit: &[GenericArg<'db>],
    class: &Subst<'db>,
) -> Option<Selected<'db>> {
    [UserConversions::Checked, UserConversions::Assumed]
        .into_iter()
        .find_map(|user| select_with(db, candidates, args, explicit, class, user))
}

/// `sig` with the class's bindings substituted into its parameter types (itself when there
/// are none).
fn in_class<'a, 'db>(
    db: &'db dyn HirTyDatabase,
    sig: &'a CallableSig<'db>,
    class: &Subst<'db>,
) -> std::borrow::Cow<'a, CallableSig<'db>> {
    if class.is_empty() {
        return std::borrow::Cow::Borrowed(sig);
    }
    let mut substituted = sig.clone();
    for p in &mut substituted.params {
        *p = class.apply(db, *p);
    }
    std::borrow::Cow::Owned(substituted)
}

fn select_with<'db>(
    db: &'db dyn HirTyDatabase,
    candidates: &[Item<'db>],
    args: &[Arg<'db>],
    explicit: &[GenericArg<'db>],
    class: &Subst<'db>,
    user: UserConversions,
) -> Option<Selected<'db>> {
    let mut selected = select_viable(db, candidates, args, explicit, class, user)?;
    selected.guessed = args.iter().any(|a| a.ty.is_error(db))
        && candidates
            .iter()
            .filter(|&&c| {
                callable_sig(db, c)
                    .as_ref()
                    .is_some_and(|s| s.accepts_arity(args.len()))
            })
            .nth(1)
            .is_some();
    Some(selected)
}

fn select_viable<'db>(
    db: &'db dyn HirTyDatabase,
    candidates: &[Item<'db>],
    args: &[Arg<'db>],
    explicit: &[GenericArg<'db>],
    class: &Subst<'db>,
    user: UserConversions,
) -> Option<Selected<'db>> {
    let mut viable: Vec<Viable<'db>> = Vec::new();
    let mut arity_ok = Vec::new();
    for &item in candidates {
        let Some(sig) = callable_sig(db, item) else {
            continue;
        };
        let sig = &*in_class(db, sig, class);
        // An explicit specialization (`template <> bool maximum<bool>(bool, bool)`) is no
        // candidate: the primary is chosen, and the specialization is then the instance
        // ([temp.expl.spec]/13).
        if is_explicit_specialization(db, item) {
            continue;
        }
        if !sig.accepts_arity(args.len()) {
            continue;
        }
        arity_ok.push(item);
        if let Some(v) = viable_candidate(db, item, sig, args, explicit, user) {
            viable.push(v);
        }
    }
    if viable.is_empty() {
        if user == UserConversions::Checked {
            return None;
        }
        if let [only] = arity_ok[..] {
            let sig = &*in_class(db, callable_sig(db, only).as_ref()?, class);
            let subst = if sig.is_template {
                deduce(db, only, sig, args, explicit)
                    .map(|x| x.1)
                    .unwrap_or_default()
            } else {
                Subst::default()
            };
            let instance = instance_of(db, only, &subst, sig.is_template);
            return Some(Selected {
                item: only,
                subst,
                instance,
                ambiguous: false,
                guessed: false,
            });
        }
        return None;
    }
    Some(best_of(db, viable, args.len()))
}

/// `item` as a viable candidate for `args`: its deduction (a template's) and the rank of each
/// argument's conversion; `None` when it is not viable.
fn viable_candidate<'db>(
    db: &'db dyn HirTyDatabase,
    item: Item<'db>,
    sig: &CallableSig<'db>,
    args: &[Arg<'db>],
    explicit: &[GenericArg<'db>],
    user: UserConversions,
) -> Option<Viable<'db>> {
    let (params, subst) = if sig.is_template {
        deduce(db, item, sig, args, explicit)?
    } else {
        (sig.params.clone(), Subst::default())
    };
    let mut ranks = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        ranks.push(match params.get(i) {
            Some(p) => rank_of(db, *arg, *p, user)?,
            None => Rank::Ellipsis,
        });
    }
    Some(Viable {
        item,
        ranks,
        subst,
        is_template: sig.is_template,
    })
}

/// The best of the viable candidates (`arity` arguments): the one whose every rank is at
/// least as good as each other's and one better, or the template preferred by the
/// non-template and partial-ordering tie-breaks; else the first that no other beats
/// (`ambiguous`).
fn best_of<'db>(
    db: &'db dyn HirTyDatabase,
    mut viable: Vec<Viable<'db>>,
    arity: usize,
) -> Selected<'db> {
    let better = |a: &Viable<'db>, b: &Viable<'db>| {
        let mut strictly = false;
        for (x, y) in a.ranks.iter().zip(&b.ranks) {
            if x > y {
                return false;
            }
            strictly |= x < y;
        }
        // A non-template before a template; of two templates, the more specialized.
        strictly
            || (b.is_template && (!a.is_template || more_specialized(db, a.item, b.item, arity)))
    };
    let best = (0..viable.len())
        .find(|&i| (0..viable.len()).all(|j| i == j || better(&viable[i], &viable[j])));
    let (index, ambiguous) = match best {
        Some(i) => (i, false),
        // No single best: the first whose ranks no other beats.
        None => (
            (0..viable.len())
                .find(|&i| (0..viable.len()).all(|j| !better(&viable[j], &viable[i])))
                .unwrap_or(0),
            true,
        ),
    };
    let chosen = viable.swap_remove(index);
    let instance = instance_of(db, chosen.item, &chosen.subst, chosen.is_template);
    Selected {
        item: chosen.item,
        subst: chosen.subst,
        instance,
        ambiguous,
        guessed: false,
    }
}

/// An overloaded operator's candidates ranked together ([over.match.oper]/3): the members of
/// the left operand's class, whose implicit object parameter the operand binds exactly, and
/// the non-members, which take it as their first argument. `None` when none is viable (with
/// the user conversions found, then with any assumed).
pub(crate) fn select_operator<'db>(
    db: &'db dyn HirTyDatabase,
    members: &[Item<'db>],
    non_members: &[Item<'db>],
    object: Arg<'db>,
    rest: &[Arg<'db>],
) -> Option<Selected<'db>> {
    let mut all = vec![object];
    all.extend(rest.iter().copied());
    for user in [UserConversions::Checked, UserConversions::Assumed] {
        let mut viable = Vec::new();
        for &item in members {
            let Some(sig) = callable_sig(db, item) else {
                continue;
            };
            if sig.accepts_arity(rest.len())
                && let Some(mut v) = viable_candidate(db, item, sig, rest, &[], user)
            {
                v.ranks.insert(0, Rank::Exact);
                viable.push(v);
            }
        }
        for &item in non_members {
            let Some(sig) = callable_sig(db, item) else {
                continue;
            };
            if sig.accepts_arity(all.len())
                && let Some(v) = viable_candidate(db, item, sig, &all, &[], user)
            {
                viable.push(v);
            }
        }
        if !viable.is_empty() {
            return Some(best_of(db, viable, all.len()));
        }
    }
    None
}

/// A function template declared with `template <>`: an explicit specialization.
fn is_explicit_specialization<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> bool {
    item.kind(db) == il::ItemKind::FunctionTemplate
        && hir_def::generics::template_params(db, item).is_empty()
}

/// Deduces a function template's arguments from the call's: the parameter types with the
/// deduced arguments substituted, and the deduction.
fn deduce<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
    sig: &CallableSig<'db>,
    args: &[Arg<'db>],
    explicit: &[GenericArg<'db>],
) -> Option<(Vec<Ty<'db>>, Subst<'db>)> {
    let owners = [template];
    let param_id = |index: usize| hir_def::generics::TemplateParamId {
        owner: template,
        index: index as u32,
    };
    // Only a trailing template parameter pack is deduced; explicit arguments from its place
    // on are its first elements ([temp.arg.explicit]/9).
    let template_params = hir_def::generics::template_params(db, template);
    let pack = template_params
        .iter()
        .position(|p| p.pack)
        .filter(|&i| i + 1 == template_params.len());
    let mut u = Unifier::new(db, &owners);
    let mut elements: Vec<GenericArg<'db>> = Vec::new();
    for (i, arg) in explicit.iter().enumerate() {
        match pack {
            Some(p) if i >= p => elements.push(arg.clone()),
            _ => u.subst.insert(param_id(i), arg.clone()),
        }
    }
    let expansion = sig.pack_expansion.filter(|_| pack.is_some());
    let fixed = expansion.unwrap_or(sig.params.len());
    for (param, arg) in sig.params[..fixed].iter().zip(args) {
        if arg.ty.is_error(db) || arg.ty.is_dependent(db) {
            continue;
        }
        // A parameter that mentions no template parameter deduces nothing: the argument is
        // converted to it (`apply(F f, int x)` called with an `unsigned`), and whether it
        // converts is the ranking's question, not deduction's ([temp.deduct.call]/1).
        if !param.is_dependent(db) {
            continue;
        }
        // A parameter whose template parameters are all given explicitly deduces nothing:
        // the argument is converted to it.
        if !explicit.is_empty() && !u.subst.apply(db, *param).is_dependent(db) {
            continue;
        }
        if !deduce_from_arg(&mut u, *param, arg.ty, arg.category) {
            // A parameter type we cannot match (a dependent name we do not model) is a
            // non-deduced context; a concrete mismatch fails deduction.
            if !param.is_dependent(db) || mentions_only_owned(db, *param, template) {
                return None;
            }
        }
    }
    let mut params: Vec<Ty<'db>> = sig.params[..fixed]
        .iter()
        .map(|p| u.subst.apply(db, *p))
        .collect();
    // A name of functions deduces nothing ([temp.deduct.call]/6): a parameter that is only a
    // template parameter left undeduced by the other arguments fails deduction.
    for (param, arg) in params.iter().zip(args) {
        if names_functions(db, arg.ty)
            && let TyKind::Param(p) = split_cv_through_arrays(db, param.strip_reference(db))
                .1
                .kind(db)
            && p.owner == template
        {
            return None;
        }
    }
    if let Some(pack) = pack {
        if let Some(expansion) = expansion {
            // Each argument the expansion takes beyond the explicit elements deduces one
            // element from the expansion's pattern ([temp.deduct.call]/1).
            let pattern = sig.params[expansion];
            for arg in args.iter().skip(expansion + elements.len()) {
                if arg.ty.is_error(db) || arg.ty.is_dependent(db) {
                    return None;
                }
                let mut element = Unifier::new(db, &owners);
                element.subst = u.subst.clone();
                if !deduce_from_arg(&mut element, pattern, arg.ty, arg.category) {
                    return None;
                }
                elements.push(element.subst.get(param_id(pack))?.clone());
            }
            for element in &elements {
                let mut with_element = u.subst.clone();
                with_element.insert(param_id(pack), element.clone());
                params.push(with_element.apply(db, pattern));
            }
        }
        u.subst.insert(param_id(pack), GenericArg::Pack(elements));
    }
    Some((params, u.subst))
}

/// Partial ordering of function templates for a call with `arity` arguments
/// ([temp.func.order], [temp.deduct.partial]): whether `a` is more specialized than `b`.
/// Each template's parameter types, its parameters standing for unique types, are the
/// arguments from which the other's are deduced: `a` is at least as specialized as `b` when
/// `b`'s deduce from `a`'s. Where both ways succeed, a reference to the more cv-qualified type
/// (or an lvalue reference against an rvalue one) decides. Templates with a pack expansion
/// among the compared parameters are not ordered.
fn more_specialized<'db>(
    db: &'db dyn HirTyDatabase,
    a: Item<'db>,
    b: Item<'db>,
    arity: usize,
) -> bool {
    let (Some(sa), Some(sb)) = (callable_sig(db, a), callable_sig(db, b)) else {
        return false;
    };
    let compared = arity.min(sa.params.len()).min(sb.params.len());
    let packed = |s: &CallableSig<'db>| s.pack_expansion.is_some_and(|p| p < compared);
    if packed(sa) || packed(sb) || compared == 0 {
        return false;
    }
    let (pa, pb) = (&sa.params[..compared], &sb.params[..compared]);
    let a_at_least = deduces_from(db, b, pb, pa);
    let b_at_least = deduces_from(db, a, pa, pb);
    if a_at_least != b_at_least {
        return a_at_least;
    }
    if !a_at_least {
        return false;
    }
    // Both ways: the references' tie-break ([temp.deduct.partial]/9).
    let (mut a_more, mut b_more) = (false, false);
    for (&x, &y) in pa.iter().zip(pb) {
        let (TyKind::Reference(xk, xr), TyKind::Reference(yk, yr)) = (x.kind(db), y.kind(db))
        else {
            continue;
        };
        if xk != yk {
            a_more |= *xk == RefKind::Lvalue;
            b_more |= *yk == RefKind::Lvalue;
            continue;
        }
        let (xcv, _) = split_cv_through_arrays(db, *xr);
        let (ycv, _) = split_cv_through_arrays(db, *yr);
        let covers = |m: il::ty::Cv, n: il::ty::Cv| {
            (m.is_const || !n.is_const) && (m.is_volatile || !n.is_volatile) && m != n
        };
        a_more |= covers(xcv, ycv);
        b_more |= covers(ycv, xcv);
    }
    a_more && !b_more
}

/// Whether `template`'s parameter types `patterns` deduce from the types `args` (another
/// template's parameter types, whose parameters are unique types here): references and then
/// top-level qualifiers removed from both, one deduction over all the pairs.
fn deduces_from<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
    patterns: &[Ty<'db>],
    args: &[Ty<'db>],
) -> bool {
    let owners = [template];
    let mut u = Unifier::new(db, &owners);
    let adjust = |t: Ty<'db>| split_cv_through_arrays(db, t.strip_reference(db)).1;
    patterns
        .iter()
        .zip(args)
        .all(|(&p, &a)| u.unify(adjust(p), adjust(a)))
}

/// Whether an argument's type is that of a name of functions whose target type decides which
/// one it denotes: an overload set, or a function template named without arguments (a
/// function type that mentions template parameters).
pub(crate) fn names_functions<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> bool {
    match ty.kind(db) {
        TyKind::Dependent(text) => &**text == "<overload set>",
        TyKind::Function(_) => ty.is_dependent(db),
        _ => false,
    }
}

/// Whether every parameter `ty` mentions is a parameter of `template` (so a failed match is a
/// real mismatch, not a non-deduced context).
fn mentions_only_owned<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>, template: Item<'db>) -> bool {
    match ty.kind(db) {
        // A member type of a dependent type is a non-deduced context.
        TyKind::Dependent(_) | TyKind::Projection { .. } => false,
        TyKind::Param(p) => p.owner == template,
        TyKind::Qualified(_, t) | TyKind::Pointer(t) | TyKind::Reference(_, t) => {
            mentions_only_owned(db, *t, template)
        }
        _ => true,
    }
}

/// The instance a chosen function template makes, when every parameter is deduced.
fn instance_of<'db>(
    db: &'db dyn HirTyDatabase,
    item: Item<'db>,
    subst: &Subst<'db>,
    is_template: bool,
) -> Option<Instance<'db>> {
    if !is_template {
        return None;
    }
    let count = hir_def::generics::template_params(db, item).len();
    let args: Option<Vec<GenericArg<'db>>> = (0..count as u32)
        .map(|index| {
            subst
                .get(hir_def::generics::TemplateParamId { owner: item, index })
                .cloned()
        })
        .collect();
    Some(Instance::new(db, item, args?))
}

/// The rank of converting `arg` to `param` without user-defined conversions: the second standard conversion of a
/// user-defined sequence, or a converting constructor's parameter ([over.best.ics]: no
/// second user-defined conversion).
pub(crate) fn conversion_rank_standard<'db>(
    db: &'db dyn HirTyDatabase,
    arg: Arg<'db>,
    param: Ty<'db>,
) -> Option<Rank> {
    rank_of(db, arg, param, UserConversions::Forbidden)
}

/// The rank of converting `arg` to `param` with the user-defined conversions we find; `None`
/// when it cannot (a deduction guide's parameter that deduces nothing, [`crate::ctad`]).
pub(crate) fn conversion_rank<'db>(
    db: &'db dyn HirTyDatabase,
    arg: Arg<'db>,
    param: Ty<'db>,
) -> Option<Rank> {
    rank_of(db, arg, param, UserConversions::Checked)
}

/// The rank of converting `arg` to a parameter of type `param`; `None` when it cannot.
fn rank_of<'db>(
    db: &'db dyn HirTyDatabase,
    arg: Arg<'db>,
    param: Ty<'db>,
    user: UserConversions,
) -> Option<Rank> {
    // A name of functions (an overload set, a function template) converts only to a
    // function, a pointer or reference to one, or a pointer to member, the target that picks
    // one of them ([over.over]); its type is otherwise unknown.
    if names_functions(db, arg.ty) && !param.is_error(db) {
        let target = split_cv_through_arrays(db, param.strip_reference(db)).1;
        let to_function = match target.kind(db) {
            TyKind::Pointer(p) => matches!(p.unqualified(db).kind(db), TyKind::Function(_)),
            TyKind::Function(_) | TyKind::MemberPointer { .. } => true,
            TyKind::Param(_) | TyKind::Dependent(_) | TyKind::Projection { .. } => true,
            _ => false,
        };
        return to_function.then_some(Rank::Unknown);
    }
    if arg.ty.is_error(db) || param.is_error(db) || arg.ty.is_dependent(db) {
        return Some(Rank::Unknown);
    }
    if let TyKind::Reference(kind, referee) = param.kind(db) {
        let (rcv, r) = split_cv_through_arrays(db, *referee);
        let (acv, a) = split_cv_through_arrays(db, arg.ty);
        let binds_directly = a == r || is_base_of(db, r, a);
        let cv_ok = (rcv.is_const || !acv.is_const) && (rcv.is_volatile || !acv.is_volatile);
        let category_ok = match kind {
            RefKind::Lvalue => arg.category == ValueCategory::LValue || rcv.is_const,
            RefKind::Rvalue => arg.category != ValueCategory::LValue,
        };
        if binds_directly && cv_ok && category_ok {
            return Some(
                if a == r && rcv.is_const == acv.is_const && rcv.is_volatile == acv.is_volatile {
                    Rank::Exact
                } else if a == r {
                    Rank::QualifiedExact
                } else {
                    Rank::Conversion
                },
            );
        }
        // A temporary: only a const lvalue reference or an rvalue reference binds one.
        if (*kind == RefKind::Rvalue || (rcv.is_const && !rcv.is_volatile))
            && !(*kind == RefKind::Rvalue && binds_directly)
        {
            return value_rank(db, arg, r, user);
        }
        return None;
    }
    value_rank(db, arg, param.unqualified(db), user)
}

fn value_rank<'db>(
    db: &'db dyn HirTyDatabase,
    arg: Arg<'db>,
    p: Ty<'db>,
    user: UserConversions,
) -> Option<Rank> {
    if p.is_dependent(db) || p.is_error(db) {
        return Some(Rank::Unknown);
    }
    let a = arg.ty.decay(db);
    if a == p {
        return Some(Rank::Exact);
    }
    match (a.kind(db), p.kind(db)) {
        (TyKind::Builtin(x), TyKind::Builtin(y)) if is_arith(*x) && is_arith(*y) => {
            if (x.is_integral() && promoted(*x) == *y && *x != *y)
                || (*x == Builtin::Float && *y == Builtin::Double)
            {
                Some(Rank::Promotion)
            } else {
                Some(Rank::Conversion)
            }
        }
        (TyKind::Enum(_), TyKind::Builtin(y)) if is_arith(*y) => Some(if *y == Builtin::Int {
            Rank::Promotion
        } else {
            Rank::Conversion
        }),
        (TyKind::Pointer(_) | TyKind::MemberPointer { .. }, TyKind::Builtin(Builtin::Bool)) => {
            Some(Rank::Conversion)
        }
        (TyKind::Builtin(Builtin::NullPtr), TyKind::Builtin(Builtin::Bool)) => {
            Some(Rank::Conversion)
        }
        (_, TyKind::Pointer(_) | TyKind::MemberPointer { .. }) if arg.null => {
            Some(Rank::Conversion)
        }
        (TyKind::Pointer(ap), TyKind::Pointer(pp)) => {
            let (acv, ai) = ap.split_cv(db);
            let (pcv, pi) = pp.split_cv(db);
            let cv_ok = (pcv.is_const || !acv.is_const) && (pcv.is_volatile || !acv.is_volatile);
            if !cv_ok {
                return None;
            }
            if ai == pi {
                // A qualification conversion has exact match rank.
                Some(
                    if acv.is_const == pcv.is_const && acv.is_volatile == pcv.is_volatile {
                        Rank::Exact
                    } else {
                        Rank::QualifiedExact
                    },
                )
            } else if pi.as_builtin(db) == Some(Builtin::Void)
                || is_base_of(db, pi, ai)
                || ai.is_dependent(db)
                || pi.is_dependent(db)
            {
                Some(Rank::Conversion)
            } else {
                None
            }
        }
        (_, TyKind::Class(_) | TyKind::Instance(_)) => {
            if is_base_of(db, p, a) {
                Some(Rank::Conversion)
            } else if user == UserConversions::Forbidden
                || (user == UserConversions::Checked && user_conversion_excluded(db, arg, p))
            {
                None
            } else {
                // A converting constructor or a conversion function applies (or one we cannot
                // tell: the program compiled).
                Some(Rank::UserDefined)
            }
        }
        (TyKind::Class(_) | TyKind::Instance(_), _) => {
            if user == UserConversions::Forbidden
                || (user == UserConversions::Checked
                    && crate::conversion::conversion_function(db, a, p).is_none())
            {
                None
            } else {
                Some(Rank::UserDefined)
            }
        }
        (TyKind::Closure(_), _) if user != UserConversions::Forbidden => Some(Rank::UserDefined),
        (TyKind::Vector { .. }, _) | (_, TyKind::Vector { .. }) => Some(Rank::Conversion),
        _ => None,
    }
}

/// Whether no user-defined conversion makes a `p` (a class type) from `arg`: `p` has no
/// converting constructor (nor constructor template) for it and `arg` (when a class) no
/// conversion function. Only said where every candidate is known: a dependent type or a
/// template may convert.
fn user_conversion_excluded<'db>(db: &'db dyn HirTyDatabase, arg: Arg<'db>, p: Ty<'db>) -> bool {
    use crate::conversion::{conversion_function, converting_constructor};
    if p.is_dependent(db) || arg.ty.is_dependent(db) || arg.ty.is_error(db) {
        return false;
    }
    if converting_constructor(db, p, arg).is_some() {
        return false;
    }
    if arg.ty.as_class(db).is_some() && conversion_function(db, arg.ty, p).is_some() {
        return false;
    }
    // A class whose constructors we cannot see (a typedef of a dependent name, an instance of
    // an undefined template) may still convert.
    let Some((class, _)) = crate::special::class_and_subst(db, p) else {
        return false;
    };
    class.body(db).is_some()
}

fn is_arith(b: Builtin) -> bool {
    !matches!(b, Builtin::Void | Builtin::NullPtr)
}

/// Whether class `base` is a (transitive) base of class `derived`.
pub(crate) fn is_base_of<'db>(db: &'db dyn HirTyDatabase, base: Ty<'db>, derived: Ty<'db>) -> bool {
    let (Some(base), Some(derived)) = (base.as_class(db), derived.as_class(db)) else {
        return false;
    };
    let mut stack = vec![derived];
    let mut seen = 0;
    while let Some(c) = stack.pop() {
        seen += 1;
        if seen > 64 {
            return false;
        }
        for b in base_classes(db, c) {
            if b == base {
                return true;
            }
            stack.push(b);
        }
    }
    false
}

/// The template owners visible in an item (re-exported for inference's substitutions).
pub(crate) fn owners_of<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> Vec<Item<'db>> {
    template_owners(db, item)
}
