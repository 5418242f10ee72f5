//! Class template instances at declaration level: which definition an argument list selects
//! (the primary template, an explicit specialization, or the most specialized matching partial
//! specialization), what that definition's parameters are bound to, and so the types of its
//! members (`resolve.rs` resolves a definition's declarations under an [`Env`]).
//!
//! An instance is an interned [`ClassInstance`] (template, arguments, typedefs stripped), so
//! `std::pair<size_t, int>` and `std::pair<unsigned long, int>` are one instance and the queries
//! keyed by it ([`instance_definition`] here, the layout in `record.rs`) run once per instance.
//! A class nested in a class template is instantiated with it: its instance is the nested class
//! with the enclosing definition's arguments. Not yet: parameter packs, template template
//! parameters, member templates of class templates, and non-type arguments other than integer
//! literals, `true`/`false` and other non-type parameters.
use syntax::{GreenNode, SyntaxKind::*, SyntaxNode};

use crate::IlDatabase;
use crate::item::{Item, ItemKind};
use crate::lookup::{ScopeRef, members_named};
use crate::ty::{DependentBound, Ty, TyKind};

/// One template argument. `Unbound(i)` stands for the `i`-th (non-type) parameter of a partial
/// specialization while its pattern is matched; type parameters are then
/// [`TyKind::TemplateParam`]s.
#[derive(Debug, Clone, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub enum TemplateArg<'db> {
    Type(Ty<'db>),
    Value(i128),
    Unbound(u32),
    /// A class template given for a template template parameter (`Holder<Vec, double>`).
    Template(Item<'db>),
    /// The value of a placeholder (`auto`) parameter with its type, which the argument
    /// decides (`Constant<'c'>`: a `char`); other non-type parameters' values are `Value`s.
    Typed(Ty<'db>, i128),
}

impl TemplateArg<'_> {
    /// The value of a non-type argument.
    pub fn value(&self) -> Option<i128> {
        match self {
            TemplateArg::Value(v) | TemplateArg::Typed(_, v) => Some(*v),
            _ => None,
        }
    }
}

/// `X<args>`: `class` is a primary class template (its arguments in `args`), or a class
/// nested in a class template's definition (no `args` of its own). `outer` binds the enclosing
/// class template's definition for members: nested classes and member templates
/// (`__alloc_traits<A>::rebind<T>`).
#[salsa::interned(debug, constructor = with_outer)]
pub struct ClassInstance<'db> {
    #[returns(copy)]
    pub class: Item<'db>,
    #[returns(ref)]
    pub args: Vec<TemplateArg<'db>>,
    #[returns(copy)]
    pub outer: Option<Bound<'db>>,
}

/// A template definition (primary template or specialization) with its parameters bound: the
/// environment its member declarations are resolved in. A member template's definition is
/// bound inside its enclosing class template's (`outer`), whose parameters it also sees.
#[salsa::interned(debug, constructor = bind)]
pub struct Bound<'db> {
    #[returns(copy)]
    pub definition: Item<'db>,
    #[returns(ref)]
    pub args: Vec<TemplateArg<'db>>,
    #[returns(copy)]
    pub outer: Option<Bound<'db>>,
}

impl<'db> ClassInstance<'db> {
    /// An instance of a class template at namespace scope (no enclosing binding).
    pub fn new(
        db: &'db dyn IlDatabase,
        class: Item<'db>,
        args: Vec<TemplateArg<'db>>,
    ) -> ClassInstance<'db> {
        ClassInstance::with_outer(db, class, args, None)
    }
}

impl<'db> Bound<'db> {
    /// A definition at namespace scope bound to `args` (no enclosing binding).
    pub fn new(
        db: &'db dyn IlDatabase,
        definition: Item<'db>,
        args: Vec<TemplateArg<'db>>,
    ) -> Bound<'db> {
        Bound::bind(db, definition, args, None)
    }
}

/// The binding of `template` in an environment: the environment itself or one it is nested in.
pub fn binding_of<'db>(db: &'db dyn IlDatabase, env: Env<'db>, template: Item<'db>) -> Env<'db> {
    std::iter::successors(env, |b| b.outer(db)).find(|b| b.definition(db) == template)
}

/// What template parameter names stand for where a declaration is resolved: nothing outside
/// templates.
pub type Env<'db> = Option<Bound<'db>>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParamKind {
    Type,
    Value,
    Template,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TemplateParam {
    pub name: String,
    pub kind: ParamKind,
    /// `typename... Ts`.
    pub pack: bool,
    /// A non-type parameter declared `auto` (its type is its argument's).
    pub placeholder: bool,
    /// The default argument: a TYPE_ID for type parameters, the INITIALIZER for values.
    pub default: Option<GreenNode>,
}

/// Arguments that stand for the parameters themselves (a template resolved as written, before
/// any instance): a type parameter is its `TemplateParam` at `depth`, any other parameter an
/// unbound value.
pub fn parameters_as_arguments<'db>(
    db: &'db dyn IlDatabase,
    params: &[TemplateParam],
    depth: u32,
) -> Vec<TemplateArg<'db>> {
    params
        .iter()
        .enumerate()
        .map(|(i, p)| match p.kind {
            ParamKind::Type => TemplateArg::Type(Ty::new(
                db,
                TyKind::TemplateParam {
                    depth,
                    index: i as u32,
                },
            )),
            _ => TemplateArg::Unbound(i as u32),
        })
        .collect()
}

/// The parameters of a template item's header (`template<class T, int N = 3>`); empty for
/// items that are not templates.
#[salsa::tracked(returns(ref))]
pub fn template_params<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Vec<TemplateParam> {
    let header = SyntaxNode::new_root(item.header(db).clone());
    if header.kind() != TEMPLATE_DECL {
        return Vec::new();
    }
    let Some(list) = header.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST) else {
        return Vec::new();
    };
    let has_dots = |n: &SyntaxNode| {
        n.descendants_with_tokens()
            .any(|t| t.kind() == DOT3 && !t.ancestors().any(|a| a.kind() == INITIALIZER))
    };
    list.children()
        .filter_map(|p| {
            let (name, kind, default) = match p.kind() {
                TYPE_PARAM => (
                    p.children_with_tokens()
                        .find(|t| t.kind() == IDENT)
                        .map(|t| t.to_string()),
                    ParamKind::Type,
                    p.children().find(|n| n.kind() == TYPE_ID),
                ),
                PARAM => (
                    p.children()
                        .find(|n| n.kind() == DECLARATOR)
                        .and_then(|d| d.descendants().find(|n| n.kind() == NAME_REF))
                        .and_then(|n| {
                            n.children_with_tokens()
                                .find(|t| t.kind() == IDENT)
                                .map(|t| t.to_string())
                        }),
                    ParamKind::Value,
                    p.children().find(|n| n.kind() == INITIALIZER),
                ),
                TEMPLATE_TEMPLATE_PARAM => (
                    p.children_with_tokens()
                        .filter(|t| t.kind() == IDENT)
                        .last()
                        .map(|t| t.to_string()),
                    ParamKind::Template,
                    None,
                ),
                _ => return None,
            };
            Some(TemplateParam {
                name: name.unwrap_or_default(),
                kind,
                pack: has_dots(&p),
                placeholder: kind == ParamKind::Value
                    && p.children_with_tokens().any(|t| t.kind() == AUTO_KW),
                default: default.map(|d| d.green().into_owned()),
            })
        })
        .collect()
}

thread_local! {
    static DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Nested instantiations on this thread (each instance's layout, definition, member typedefs
/// may need another instance's): beyond this a runaway template (`X<N> : X<N + 1>`) stops,
/// as compilers stop at their instantiation depth limit, instead of overflowing the stack.
const MAX_INSTANTIATION_DEPTH: u32 = 48;

/// Holds one level of instantiation depth while alive.
pub struct DepthGuard(());

impl Drop for DepthGuard {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get() - 1));
    }
}

/// Enters one more level of nested instantiation; `None` past the limit.
pub fn enter_instantiation() -> Option<DepthGuard> {
    DEPTH.with(|d| {
        if d.get() >= MAX_INSTANTIATION_DEPTH {
            return None;
        }
        d.set(d.get() + 1);
        Some(DepthGuard(()))
    })
}

/// The argument a template parameter name stands for in `env`.
pub fn lookup_param<'db>(
    db: &'db dyn IlDatabase,
    env: Env<'db>,
    name: &str,
) -> Option<TemplateArg<'db>> {
    let mut bound = env?;
    loop {
        if let Some(index) = template_params(db, bound.definition(db))
            .iter()
            .position(|p| p.name == name)
        {
            return bound.args(db).get(index).cloned();
        }
        bound = bound.outer(db)?;
    }
}

/// The class template a declaration belongs to: its nearest enclosing class template.
pub fn enclosing_class_template<'db>(
    db: &'db dyn IlDatabase,
    item: Item<'db>,
) -> Option<Item<'db>> {
    std::iter::successors(item.parent(db), |p| p.parent(db))
        .find(|p| p.kind(db) == ItemKind::ClassTemplate)
}

/// Whether a declaration sits inside a function template or a class template.
pub fn in_template(db: &dyn IlDatabase, item: Item<'_>) -> bool {
    std::iter::successors(item.parent(db), |p| p.parent(db)).any(|p| {
        matches!(
            p.kind(db),
            ItemKind::ClassTemplate | ItemKind::FunctionTemplate
        )
    })
}

/// Is this class template item a (partial or explicit) specialization, `X<int>` rather than `X`?
pub fn is_specialization(db: &dyn IlDatabase, item: Item<'_>) -> bool {
    // The signature key is `template<params> ` followed by the specialization's arguments.
    item.kind(db) == ItemKind::ClassTemplate && !item.signature_key(db).ends_with(' ')
}

/// The name in a class template's class specifier (`X` or `X<T*>`).
fn class_name_node(db: &dyn IlDatabase, item: Item<'_>) -> Option<SyntaxNode> {
    let header = SyntaxNode::new_root(item.header(db).clone());
    let spec = header
        .descendants()
        .find(|n| matches!(n.kind(), CLASS_SPECIFIER | ELABORATED_TYPE))
        .unwrap_or(header);
    spec.children()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
}

/// Every declaration of the class template `template` in its scope (forward declarations,
/// the definition, specializations).
fn declarations<'db>(db: &'db dyn IlDatabase, template: Item<'db>) -> Vec<Item<'db>> {
    let Some(name) = template.name_text(db) else {
        return vec![template];
    };
    let scope = template
        .parent(db)
        .map_or(ScopeRef::File(template.file(db)), ScopeRef::Item);
    members_named(db, scope, name)
        .into_iter()
        .filter(|d| d.kind(db) == ItemKind::ClassTemplate)
        .collect()
}

/// Whether the definition of `template` names its parameter pack `pack` only as the operand of
/// `sizeof...` (what instantiation can do without substituting the pack).
fn pack_only_counted(db: &dyn IlDatabase, template: Item<'_>, pack: &str) -> bool {
    let Some(body) = template.body(db) else {
        return false;
    };
    let body = SyntaxNode::new_root(body.clone());
    let previous = |t: &syntax::SyntaxToken| {
        std::iter::successors(t.prev_token(), |p| p.prev_token()).find(|p| !p.kind().is_trivia())
    };
    body.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == IDENT && t.text() == pack)
        .all(|t| {
            let open = previous(&t).filter(|p| p.kind() == L_PAREN);
            let dots = open
                .as_ref()
                .and_then(previous)
                .filter(|p| p.kind() == DOT3);
            dots.as_ref()
                .and_then(previous)
                .is_some_and(|p| p.kind() == SIZEOF_KW)
        })
}

/// The instance `template<args>` names, with default arguments filled in and typedefs
/// stripped; `None` where an argument is missing or the type nests too deep (a runaway
/// recursive template).
pub fn instance_of<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    args: Vec<TemplateArg<'db>>,
    outer: Option<Bound<'db>>,
) -> Option<ClassInstance<'db>> {
    const MAX_DEPTH: usize = 24;
    // The primary declaration stands for the template, whichever declaration lookup found.
    let decls = declarations(db, template);
    let primaries: Vec<Item<'db>> = decls
        .iter()
        .copied()
        .filter(|&d| !is_specialization(db, d))
        .collect();
    let primary = *primaries.first()?;
    let params = template_params(db, primary);
    // A template template parameter takes a class template, nothing else does.
    let fits = |(p, a): (&TemplateParam, &TemplateArg<'db>)| {
        (p.kind == ParamKind::Template) == matches!(a, TemplateArg::Template(_))
    };
    // A trailing type pack takes the remaining arguments. Packs are not substituted into types
    // yet, so only a definition that uses its pack in `sizeof...` alone is instantiated.
    let pack = params
        .last()
        .filter(|p| p.pack && p.kind == ParamKind::Type);
    let fixed = params.len() - usize::from(pack.is_some());
    let pack_fits = pack.is_none_or(|p| {
        args.len() >= fixed
            && args[fixed..]
                .iter()
                .all(|a| matches!(a, TemplateArg::Type(_)))
            && pack_only_counted(db, primary, &p.name)
    });
    if params[..fixed].iter().any(|p| p.pack)
        || (pack.is_none() && args.len() > params.len())
        || !pack_fits
        || !params.iter().zip(&args).all(fits)
    {
        return None;
    }
    let args: Vec<TemplateArg<'db>> = args
        .into_iter()
        .enumerate()
        .map(|(i, a)| (a, &params[i.min(params.len() - 1)]))
        .map(|(a, p)| match a {
            TemplateArg::Type(t) => TemplateArg::Type(canonical(db, t)),
            // Only a placeholder parameter keeps its argument's type.
            TemplateArg::Typed(_, v) if !p.placeholder => TemplateArg::Value(v),
            TemplateArg::Value(v) if p.placeholder => {
                TemplateArg::Typed(Ty::builtin(db, crate::ty::Builtin::Int), v)
            }
            other => other,
        })
        .collect();
    let args = if pack.is_some() {
        args
    } else {
        with_defaults(db, &primaries, args, outer)?
    };
    // Parameters (`TemplateParam`, `Unbound`) occur in the patterns of partial specializations.
    if args.iter().any(|a| match a {
        TemplateArg::Type(t) => nesting(db, *t) > MAX_DEPTH || !is_known(db, *t),
        TemplateArg::Value(_)
        | TemplateArg::Unbound(_)
        | TemplateArg::Template(_)
        | TemplateArg::Typed(..) => false,
    }) {
        return None;
    }
    Some(ClassInstance::with_outer(db, primary, args, outer))
}

/// `args` followed by the default arguments of the parameters they leave out, each resolved
/// with the parameters before it bound. A default may be given on any of the template's
/// declarations (often on a forward declaration only); `None` when one is missing.
pub fn with_defaults<'db>(
    db: &'db dyn IlDatabase,
    declarations: &[Item<'db>],
    mut args: Vec<TemplateArg<'db>>,
    outer: Option<Bound<'db>>,
) -> Option<Vec<TemplateArg<'db>>> {
    let first = *declarations.first()?;
    let params = template_params(db, first);
    let from = first
        .parent(db)
        .map_or(ScopeRef::File(first.file(db)), ScopeRef::Item);
    while args.len() < params.len() {
        let i = args.len();
        let (decl, default) = declarations.iter().find_map(|&d| {
            let default = template_params(db, d).get(i)?.default.clone()?;
            Some((d, default))
        })?;
        let env = Some(Bound::bind(db, decl, args.clone(), outer));
        let node = SyntaxNode::new_root(default);
        let arg = match params[i].kind {
            ParamKind::Type => TemplateArg::Type(canonical(
                db,
                crate::resolve::type_id_type_in(db, from, env, &node),
            )),
            _ => TemplateArg::Value(crate::resolve::value_arg(db, from, env, &node)?),
        };
        args.push(arg);
    }
    Some(args)
}

/// The instance of a class nested in a bound definition (`vector<int>::_Vector_impl`).
pub fn nested_instance<'db>(
    db: &'db dyn IlDatabase,
    class: Item<'db>,
    bound: Bound<'db>,
) -> ClassInstance<'db> {
    ClassInstance::with_outer(db, class, Vec::new(), Some(bound))
}

/// How deeply a type nests (instances in arguments count).
fn nesting(db: &dyn IlDatabase, ty: Ty<'_>) -> usize {
    match ty.kind(db) {
        TyKind::Qualified(_, t)
        | TyKind::Pointer(t)
        | TyKind::Reference(_, t)
        | TyKind::Array(t, _)
        | TyKind::DependentArray(t, _)
        | TyKind::Vector { elem: t, .. } => 1 + nesting(db, *t),
        TyKind::Instance(inst) => {
            1 + inst
                .args(db)
                .iter()
                .map(|a| match a {
                    TemplateArg::Type(t) => nesting(db, *t),
                    _ => 0,
                })
                .max()
                .unwrap_or(0)
        }
        _ => 0,
    }
}

/// A type with no unresolved part: what an instance may be made of.
fn is_known(db: &dyn IlDatabase, ty: Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::Unknown | TyKind::TemplateId(_) => false,
        TyKind::Qualified(_, t)
        | TyKind::Pointer(t)
        | TyKind::Reference(_, t)
        | TyKind::Array(t, _)
        | TyKind::DependentArray(t, _)
        | TyKind::Vector { elem: t, .. } => is_known(db, *t),
        _ => true,
    }
}

/// The type with typedefs stripped at every level (template arguments compare by meaning).
pub fn canonical<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> Ty<'db> {
    match ty.kind(db) {
        TyKind::Typedef(item) => match crate::resolve::typedef_target(db, *item) {
            Some(target) if target != ty => canonical(db, target),
            _ => ty,
        },
        TyKind::Qualified(cv, inner) => canonical(db, *inner).qualified(db, *cv),
        TyKind::Pointer(inner) => Ty::new(db, TyKind::Pointer(canonical(db, *inner))),
        TyKind::Reference(k, inner) => Ty::new(db, TyKind::Reference(*k, canonical(db, *inner))),
        TyKind::Array(inner, n) => Ty::new(db, TyKind::Array(canonical(db, *inner), *n)),
        TyKind::DependentArray(inner, bound) => Ty::new(
            db,
            TyKind::DependentArray(canonical(db, *inner), bound.clone()),
        ),
        _ => ty,
    }
}

/// The definition an instance is made from and the arguments of that definition's own
/// parameters: an explicit specialization with the same arguments, else the most specialized
/// partial specialization whose pattern matches, else the primary template's definition.
/// `None` when there is no definition (only declarations).
#[salsa::tracked(returns(copy), cycle_result = |_, _, _| None)]
pub fn instance_definition<'db>(
    db: &'db dyn IlDatabase,
    inst: ClassInstance<'db>,
) -> Option<Bound<'db>> {
    let _depth = enter_instantiation()?;
    let class = inst.class(db);
    let args = inst.args(db);
    if class.kind(db) != ItemKind::ClassTemplate {
        // A class nested in a definition: resolved in the enclosing definition's binding.
        class.body(db)?;
        return inst.outer(db);
    }
    let decls = declarations(db, class);
    let mut best: Option<(usize, Bound<'db>)> = None;
    for spec in decls.iter().copied().filter(|&d| is_specialization(db, d)) {
        if spec.body(db).is_none() {
            continue;
        }
        let Some((score, bindings)) = match_specialization(db, spec, args, inst.outer(db)) else {
            continue;
        };
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, Bound::bind(db, spec, bindings, inst.outer(db))));
        }
    }
    if let Some((_, bound)) = best {
        return Some(bound);
    }
    let definition = decls
        .into_iter()
        .find(|&d| !is_specialization(db, d) && d.body(db).is_some())?;
    Some(Bound::bind(db, definition, args.clone(), inst.outer(db)))
}

/// Matches a specialization's pattern (`X<T*, 0>`) against an argument list: the bindings of its
/// parameters and how specialized the pattern is (explicit specializations most).
fn match_specialization<'db>(
    db: &'db dyn IlDatabase,
    spec: Item<'db>,
    args: &[TemplateArg<'db>],
    outer: Option<Bound<'db>>,
) -> Option<(usize, Vec<TemplateArg<'db>>)> {
    let arg_list = class_name_node(db, spec)?
        .descendants()
        .find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
    match_pattern(db, spec, &arg_list, args, outer)
}

/// Matches the pattern `arg_list` of the specialization `spec` (a class or a variable
/// template's) against an argument list: the bindings of `spec`'s parameters and how
/// specialized the pattern is.
fn match_pattern<'db>(
    db: &'db dyn IlDatabase,
    spec: Item<'db>,
    arg_list: &SyntaxNode,
    args: &[TemplateArg<'db>],
    outer: Option<Bound<'db>>,
) -> Option<(usize, Vec<TemplateArg<'db>>)> {
    let params = template_params(db, spec);
    if params
        .iter()
        .any(|p| p.pack || p.kind == ParamKind::Template)
    {
        return None;
    }
    // Template template parameters were declined above: the rest are types or values.
    let placeholders = parameters_as_arguments(db, params, 0);
    // The pattern is resolved with each parameter standing for itself.
    let env = Some(Bound::bind(db, spec, placeholders, outer));
    let from = spec
        .parent(db)
        .map_or(ScopeRef::File(spec.file(db)), ScopeRef::Item);
    let pattern = crate::resolve::template_args_in(db, from, env, arg_list)?;
    if pattern.len() != args.len() {
        return None;
    }
    let mut bindings: Vec<Option<TemplateArg<'db>>> = vec![None; params.len()];
    let mut score = 0;
    for (p, a) in pattern.iter().zip(args) {
        score += unify(db, p, a, &mut bindings)?;
    }
    let bound: Option<Vec<TemplateArg<'db>>> = bindings.into_iter().collect();
    let bound = bound?;
    Some((if params.is_empty() { usize::MAX } else { score }, bound))
}

/// Binds a pattern's parameters so that it equals `actual`; the number of pattern nodes that
/// are not parameters (a specialization with more is more specialized), `None` on a mismatch.
fn unify<'db>(
    db: &'db dyn IlDatabase,
    pattern: &TemplateArg<'db>,
    actual: &TemplateArg<'db>,
    bindings: &mut [Option<TemplateArg<'db>>],
) -> Option<usize> {
    match (pattern, actual) {
        (TemplateArg::Unbound(i), TemplateArg::Value(_) | TemplateArg::Typed(..)) => {
            bind(bindings, *i, actual).then_some(0)
        }
        (TemplateArg::Value(p), TemplateArg::Value(a)) => (p == a).then_some(1),
        (p @ (TemplateArg::Value(_) | TemplateArg::Typed(..)), a) => {
            (p.value().is_some() && p.value() == a.value()).then_some(1)
        }
        (TemplateArg::Type(p), TemplateArg::Type(a)) => unify_ty(db, *p, *a, bindings),
        _ => None,
    }
}

fn bind<'db>(bindings: &mut [Option<TemplateArg<'db>>], i: u32, value: &TemplateArg<'db>) -> bool {
    match bindings.get_mut(i as usize) {
        Some(slot @ None) => {
            *slot = Some(value.clone());
            true
        }
        Some(Some(existing)) => existing == value,
        None => false,
    }
}

fn unify_ty<'db>(
    db: &'db dyn IlDatabase,
    pattern: Ty<'db>,
    actual: Ty<'db>,
    bindings: &mut [Option<TemplateArg<'db>>],
) -> Option<usize> {
    let deeper = |n: Option<usize>| n.map(|n| n + 1);
    match (pattern.kind(db), actual.kind(db)) {
        (TyKind::TemplateParam { index, .. }, _) => {
            bind(bindings, *index, &TemplateArg::Type(actual)).then_some(0)
        }
        (TyKind::Qualified(pc, p), TyKind::Qualified(ac, a)) if pc == ac => {
            deeper(unify_ty(db, *p, *a, bindings))
        }
        // `X<const T>` matches `const int` only; a qualified actual type does not match `T*`.
        (TyKind::Pointer(p), TyKind::Pointer(a)) => deeper(unify_ty(db, *p, *a, bindings)),
        (TyKind::Reference(pk, p), TyKind::Reference(ak, a)) if pk == ak => {
            deeper(unify_ty(db, *p, *a, bindings))
        }
        (TyKind::Array(p, pn), TyKind::Array(a, an)) if pn == an => {
            deeper(unify_ty(db, *p, *a, bindings))
        }
        // `X<T[N]>` against `X<int[4]>`: the bound binds `N`.
        (TyKind::DependentArray(p, bound), TyKind::Array(a, Some(n))) => {
            let score = match bound {
                DependentBound::Param { index, .. } => {
                    bind(bindings, *index, &TemplateArg::Value(i128::from(*n))).then_some(0)?
                }
                DependentBound::Expr(_) => 0,
            };
            deeper(unify_ty(db, *p, *a, bindings)).map(|s| s + score)
        }
        (TyKind::Instance(p), TyKind::Instance(a))
            if p.class(db) == a.class(db) && p.args(db).len() == a.args(db).len() =>
        {
            let mut score = 1;
            for (pa, aa) in p.args(db).iter().zip(a.args(db)) {
                score += unify(db, pa, aa, bindings)?;
            }
            Some(score)
        }
        _ => (pattern == actual).then_some(1),
    }
}

pub mod routine;
pub mod value;

#[cfg(test)]
mod tests;
