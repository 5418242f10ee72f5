//! Class template instances: the definition an instance is made from (the partial
//! specialization hir-ty's own unifier and partial ordering choose, else the primary
//! template's definition) with its parameters bound to the instance's arguments, the members'
//! declared types under those bindings, and the bodies of member functions inferred per
//! instance ([`infer_member_instance`], as [`crate::infer_instance`] does for function
//! templates).
//!
//! A member of an instance is the interned pair [`MemberInstance`] (the class instance, the
//! member as declared in the chosen definition); its body is the member's own (an in-class
//! definition) or the out-of-class definition that defines it
//! (`template <class C> int X<C>::f() {...}`, [`member_body_owner`]), whose own template
//! parameters stand, position by position, for the class's.
use std::sync::Arc;

use hir_def::generics::{TemplateParamId, template_params};
use il::lookup::{ScopeRef, members_named};
use il::{Item, ItemKind};
use rustc_hash::FxHashMap;

use crate::HirTyDatabase;
use crate::inference::{InferCtx, InferenceResult};
use crate::lower::{class_of_member, declared_ty};
use crate::specialization::{primary_definition, select_specialization};
use crate::ty::{GenericArg, Instance, Ty, TyKind};
use crate::unify::Subst;

/// A member of a class template instance: `X<int>::f` is (`X<int>`, `f` as declared in the
/// definition `X<int>` is made from).
#[salsa::interned(debug)]
pub struct MemberInstance<'db> {
    #[returns(copy)]
    pub class: Instance<'db>,
    #[returns(copy)]
    pub member: Item<'db>,
}

/// The definition a class template instance is made from: the partial (or explicit)
/// specialization [`select_specialization`] chooses, else the primary template's definition
/// (the declaration with a body). `None` when neither has a definition.
#[salsa::tracked(returns(copy))]
pub fn instance_definition<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
) -> Option<Item<'db>> {
    if let Some((spec, _)) = select_specialization(db, instance) {
        return Some(spec);
    }
    primary_definition(db, instance.template(db))
}

/// The bindings of the parameters of the definition an instance is made from: a chosen
/// specialization's parameters as the unifier bound them, else the primary's parameters to the
/// instance's arguments.
pub fn instance_bindings<'db>(db: &'db dyn HirTyDatabase, instance: Instance<'db>) -> Subst<'db> {
    if let Some((_, subst)) = select_specialization(db, instance) {
        return subst;
    }
    let definition = instance_definition(db, instance).unwrap_or(instance.template(db));
    let mut subst = Subst::of_instance(db, instance);
    if definition != instance.template(db) {
        // The definition's own parameters (a redeclaration with a body) stand for the same.
        for (i, arg) in instance.args(db).iter().enumerate() {
            subst.insert(
                TemplateParamId {
                    owner: definition,
                    index: i as u32,
                },
                arg.clone(),
            );
        }
    }
    subst
}

/// The members named `name` of the definition an instance is made from (its bases' when it
/// declares none).
pub fn instance_members_named<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
    name: &str,
) -> Vec<Item<'db>> {
    match instance_definition(db, instance) {
        Some(definition) => members_named(db, ScopeRef::Item(definition), name),
        None => Vec::new(),
    }
}

/// `member` of `instance`, when it is a member of the definition the instance is made from.
pub fn member_of_instance<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
    member: Item<'db>,
) -> Option<MemberInstance<'db>> {
    let definition = instance_definition(db, instance)?;
    (class_of_member(db, member) == Some(definition))
        .then(|| MemberInstance::new(db, instance, member))
}

/// A member's declared type in the instance (`T value;` in `X<int>` is `int`; a member
/// function's type with the class's parameters substituted), member types of dependent types
/// looked up once substitution made their bases concrete ([`crate::normalize`]).
#[salsa::tracked(returns(copy))]
pub fn member_ty<'db>(db: &'db dyn HirTyDatabase, member: MemberInstance<'db>) -> Ty<'db> {
    let ty = declared_ty(db, member.member(db));
    crate::normalize::normalize(db, instance_bindings(db, member.class(db)).apply(db, ty))
}

/// The return type of a member function of an instance as il resolves it in the instance's
/// binding, for a return type that the member's declared type leaves an error: a member
/// typedef reached through other instances' member typedefs (`reference` of `vector_base<int,
/// A>` is `typename storage_type::reference`, which is `allocator_traits<A>::reference`, then
/// `pointer_traits<device_ptr<int>>::reference`), which the declaration, resolved with the
/// parameters standing for themselves, cannot name. il's instantiation follows the chain with
/// the arguments bound. Only for a non-template member of the definition the instance is made
/// from, with concrete arguments; `None` where il does not resolve it either.
#[salsa::tracked(returns(copy))]
pub fn member_return_in_instance<'db>(
    db: &'db dyn HirTyDatabase,
    member: MemberInstance<'db>,
) -> Option<Ty<'db>> {
    let (instance, item) = (member.class(db), member.member(db));
    if item.kind(db) != ItemKind::Routine || !concrete_args(db, instance) {
        return None;
    }
    let definition = class_of_member(db, item)?;
    if crate::from_il::template_owners(db, item) != [definition] {
        return None;
    }
    let il_instance =
        match crate::to_il::il_ty(db, Ty::new(db, TyKind::Instance(instance)))?.kind(db) {
            il::ty::TyKind::Instance(i) => *i,
            _ => return None,
        };
    let bound = il::instantiate::instance_definition(db, il_instance)?;
    if bound.definition(db) != definition {
        return None;
    }
    let il_ty = il::resolve::declared_type_under(db, item, bound);
    match crate::from_il::lower_il_ty(db, il_ty, &[]).kind(db) {
        TyKind::Function(f) if !f.ret.is_error(db) && !f.ret.is_dependent(db) => Some(f.ret),
        _ => None,
    }
}

/// The out-of-class definitions of class members in a file, by the member they define (the
/// in-class declaration).
#[salsa::tracked(returns(ref))]
pub fn out_of_class_definitions<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
) -> FxHashMap<Item<'db>, Item<'db>> {
    let mut out = FxHashMap::default();
    for item in il::scope::all_items(db, file) {
        if !matches!(
            item.kind(db),
            ItemKind::Routine | ItemKind::FunctionTemplate
        ) || item
            .parent(db)
            .is_some_and(|p| p.kind(db) != ItemKind::Namespace)
            || hir_def::source::body_owner_kind(db, item).is_none()
        {
            continue;
        }
        let Some(written) = item.name_text(db).filter(|n| n.contains("::")) else {
            continue;
        };
        let Some(class) = class_of_member(db, item) else {
            continue;
        };
        let last = written.rsplit("::").next().unwrap_or(written);
        let candidates: Vec<Item<'db>> = members_named(db, ScopeRef::Item(class), last)
            .into_iter()
            .filter(|m| m.parent(db) == Some(class))
            .filter(|m| matches!(m.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate))
            .collect();
        let defined = match candidates.as_slice() {
            [only] => Some(*only),
            _ => candidates
                .iter()
                .copied()
                .find(|m| m.signature_key(db) == item.signature_key(db)),
        };
        if let Some(member) = defined {
            out.entry(member).or_insert(item);
        }
    }
    out
}

/// Where a member function's body is: the member itself when it is defined in its class,
/// else its out-of-class definition in the same file.
pub fn member_body_owner<'db>(db: &'db dyn HirTyDatabase, member: Item<'db>) -> Option<Item<'db>> {
    if hir_def::source::body_owner_kind(db, member).is_some() {
        return Some(member);
    }
    out_of_class_definitions(db, member.file(db))
        .get(&member)
        .copied()
}

/// Infers the body of a member function of a class template instance (`X<int>::f`) with the
/// class's parameters bound to the instance's arguments (through the chosen specialization's
/// bindings), as [`crate::infer_instance`] does for a function template instance: `T::g()`,
/// `t.m()` and calls of other members resolve, and the body's calls demand further instances.
/// The `ExprId`s are those of [`member_body_owner`]'s body. Empty for a member that is a
/// template itself, or without a body in its file.
#[salsa::tracked(returns(clone))]
pub fn infer_member_instance<'db>(
    db: &'db dyn HirTyDatabase,
    member: MemberInstance<'db>,
) -> Arc<InferenceResult<'db>> {
    let _span = tracing::trace_span!("infer_member_instance").entered();
    let declared = member.member(db);
    let owner = member_body_owner(db, declared).unwrap_or(declared);
    let body = hir_def::body::body(db, owner);
    let mut cx = InferCtx::new(db, owner, &body);
    if declared.kind(db) != ItemKind::Routine || owner == declared && body.exprs.is_empty() {
        return Arc::new(cx.finish());
    }
    let class = member.class(db);
    let subst = member_body_bindings(db, member);
    enter_instance(&mut cx, class, subst);
    cx.infer_body();
    Arc::new(cx.finish())
}

/// The bindings a member function's body of a class template instance is read under: the
/// class's parameters bound to the instance's arguments, and, for an out-of-class definition,
/// its own header's parameters bound position by position to the same arguments (what
/// [`infer_member_instance`] infers with and the constant evaluator evaluates with).
pub fn member_body_bindings<'db>(
    db: &'db dyn HirTyDatabase,
    member: MemberInstance<'db>,
) -> Subst<'db> {
    let class = member.class(db);
    let declared = member.member(db);
    let owner = member_body_owner(db, declared).unwrap_or(declared);
    let mut subst = instance_bindings(db, class);
    if owner != declared {
        // An out-of-class definition's own header (`template <class C>`) names the class's
        // parameters again, position by position.
        let definition = instance_definition(db, class).unwrap_or(class.template(db));
        let own = template_params(db, owner).len() as u32;
        for index in 0..own {
            let class_param = TemplateParamId {
                owner: definition,
                index,
            };
            if let Some(arg) = subst.get(class_param).cloned() {
                subst.insert(TemplateParamId { owner, index }, arg);
            }
        }
    }
    subst
}

/// Puts an inference inside a class template instance: the class's parameters bound by
/// `subst`, `this` the instance, nothing left dependent.
fn enter_instance<'db>(cx: &mut InferCtx<'_, 'db>, class: Instance<'db>, subst: Subst<'db>) {
    let db = cx.db;
    cx.subst = subst;
    cx.class_instance = Some(class);
    cx.in_template = false;
    if let Some((this, cv)) = cx.this_class {
        cx.this_class = Some((cx.subst.apply(db, this), cv));
    }
}

/// Infers the initializer of a static data member of a class template instance
/// (`static const bool value = is_same<T, int>::value;` in `X<int>`) with the class's
/// parameters bound to the instance's arguments: names of other instances' members
/// (`InferenceResult::member_instance`) and non-type parameters resolve under the bindings,
/// which is what [`crate::const_eval::instance_member_value`] evaluates. Empty for a member
/// that is no variable or has no initializer.
#[salsa::tracked(returns(clone))]
pub fn infer_member_initializer<'db>(
    db: &'db dyn HirTyDatabase,
    member: MemberInstance<'db>,
) -> Arc<InferenceResult<'db>> {
    let _span = tracing::trace_span!("infer_member_initializer").entered();
    let declared = member.member(db);
    let body = hir_def::body::body(db, declared);
    let mut cx = InferCtx::new(db, declared, &body);
    if !matches!(declared.kind(db), ItemKind::Variable | ItemKind::Field)
        || body.init_expr.is_none()
    {
        return Arc::new(cx.finish());
    }
    let class = member.class(db);
    enter_instance(&mut cx, class, instance_bindings(db, class));
    cx.infer_body();
    Arc::new(cx.finish())
}

/// The arguments of an instance, when every one is concrete (no dependent or unknown type,
/// no dependent value).
pub fn concrete_args<'db>(db: &'db dyn HirTyDatabase, instance: Instance<'db>) -> bool {
    instance.args(db).iter().all(|a| concrete_arg(db, a))
}

fn concrete_arg<'db>(db: &'db dyn HirTyDatabase, arg: &GenericArg<'db>) -> bool {
    match arg {
        GenericArg::Type(t) => !t.is_dependent(db) && !t.is_error(db),
        GenericArg::Value(_) | GenericArg::Template(_) => true,
        GenericArg::DependentValue(_) => false,
        GenericArg::Pack(elements) => elements.iter().all(|e| concrete_arg(db, e)),
    }
}

/// The direct bases of a class template instance, as types: the base specifiers of the
/// definition it is made from under its bindings (`vector_base<T, Alloc>` of
/// `device_vector<int, device_allocator<int>>` is `vector_base<int, device_allocator<int>>`).
#[salsa::tracked(returns(ref))]
pub fn instance_bases<'db>(db: &'db dyn HirTyDatabase, instance: Instance<'db>) -> Vec<Ty<'db>> {
    let Some(definition) = instance_definition(db, instance) else {
        return Vec::new();
    };
    let names = il::lookup::base_specifier_names(db, definition);
    if names.is_empty() {
        return Vec::new();
    }
    let bindings = instance_bindings(db, instance);
    // Resolved by il with the definition's parameters standing for themselves, then bound.
    let owners = crate::from_il::template_owners(db, definition);
    let env = crate::from_il::template_env(db, &owners);
    let from = crate::lower::scope_of(db, definition);
    names
        .into_iter()
        .map(|name| {
            let ty = il::resolve::name_type_in(db, from, env, &name);
            crate::from_il::lower_il_ty(db, ty, &owners)
        })
        .map(|ty| bindings.apply(db, ty))
        .filter(|ty| !ty.is_error(db))
        .collect()
}

/// `member` as a member of `instance`: of the definition it is made from, else of the first
/// base instance (depth first, in declaration order) whose definition declares it.
pub fn member_instance_in<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
    member: Item<'db>,
) -> Option<MemberInstance<'db>> {
    fn go<'db>(
        db: &'db dyn HirTyDatabase,
        instance: Instance<'db>,
        member: Item<'db>,
        depth: u32,
    ) -> Option<MemberInstance<'db>> {
        if let Some(found) = member_of_instance(db, instance, member) {
            return Some(found);
        }
        if depth > 16 {
            return None;
        }
        instance_bases(db, instance)
            .iter()
            .find_map(|base| match base.unqualified(db).kind(db) {
                TyKind::Instance(b) if concrete_args(db, *b) => go(db, *b, member, depth + 1),
                _ => None,
            })
    }
    go(db, instance, member, 0)
}
