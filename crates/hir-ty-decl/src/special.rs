//! Special member functions ([special]): which constructor, destructor or assignment operator
//! an implicit call reaches, and the members the compiler declares itself.
//!
//! A class's special member is a user-declared one (an il [`Item`], `= default` included), or,
//! when the class declares none, the implicit one: a synthesized entity [`SpecialMember`]
//! (interned: the class type and which member). A trivial implicit member (every base and
//! member's corresponding member is trivial, no default member initializer) calls nothing and
//! is not reported ([`special_member`] is `None`). The implicit members' execution space
//! follows what they call ([`special_member_space`], spec 2.6): the space every callee allows,
//! `__host__ __device__` when they call nothing or disagree.
use il::cuda::ExecSpace;
use il::{Item, ItemKind};

use crate::HirTyDatabase;
use crate::lower::{CallableKind, callable_sig, declared_ty};
use crate::ty::{RefKind, Ty, TyKind};
use crate::unify::Subst;

/// Which special member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpecialKind {
    DefaultConstructor,
    CopyConstructor,
    MoveConstructor,
    CopyAssignment,
    MoveAssignment,
    Destructor,
}

/// A special member the compiler declares for `class` (an implicit one: the class declares
/// no such member). `class` is a class type (`Class` or `Instance`).
#[salsa::interned(debug)]
pub struct SpecialMember<'db> {
    #[returns(copy)]
    pub class: Ty<'db>,
    #[returns(copy)]
    pub kind: SpecialKind,
}

/// What an implicit call calls: a declared routine, or a member the compiler declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub enum CallTarget<'db> {
    Item(Item<'db>),
    Special(SpecialMember<'db>),
}

impl<'db> CallTarget<'db> {
    pub fn as_item(self) -> Option<Item<'db>> {
        match self {
            CallTarget::Item(i) => Some(i),
            CallTarget::Special(_) => None,
        }
    }

    /// The execution space: il's for a declared routine, [`special_member_space`] for an
    /// implicit member.
    pub fn exec_space(self, db: &'db dyn HirTyDatabase) -> ExecSpace {
        match self {
            CallTarget::Item(i) => callable_sig(db, i)
                .as_ref()
                .map_or(ExecSpace::Host, |s| s.exec_space),
            CallTarget::Special(s) => special_member_space(db, s),
        }
    }

    /// `S::S`, `S::~S`, `S::operator=` (an implicit member is named after its class).
    pub fn display(self, db: &'db dyn HirTyDatabase) -> String {
        match self {
            CallTarget::Item(i) => i.qualified_name(db),
            CallTarget::Special(s) => {
                let class = s.class(db).unqualified(db).to_source(db);
                let short = class
                    .split('<')
                    .next()
                    .unwrap_or(&class)
                    .rsplit("::")
                    .next()
                    .unwrap_or(&class)
                    .to_string();
                match s.kind(db) {
                    SpecialKind::Destructor => format!("{class}::~{short}"),
                    SpecialKind::CopyAssignment | SpecialKind::MoveAssignment => {
                        format!("{class}::operator=")
                    }
                    _ => format!("{class}::{short}"),
                }
            }
        }
    }
}

/// The class item of a class type (a class template for an instance), with the substitution
/// of the instance's arguments for its members' types. An instance names its template's first
/// declaration, which may be a forward declaration without members (libstdc++'s
/// `basic_string`, declared in `<bits/stringfwd.h>`): its members are the primary
/// definition's, whose parameters [`Subst::of_instance`] binds as well.
pub fn class_and_subst<'db>(
    db: &'db dyn HirTyDatabase,
    ty: Ty<'db>,
) -> Option<(Item<'db>, Subst<'db>)> {
    match ty.unqualified(db).kind(db) {
        TyKind::Class(c) => Some((*c, Subst::default())),
        TyKind::Instance(i) => {
            let template = i.template(db);
            let definition = crate::specialization::primary_definition(db, template)
                .filter(|d| d.kind(db) == template.kind(db))
                .unwrap_or(template);
            Some((definition, Subst::of_instance(db, *i)))
        }
        _ => None,
    }
}

/// The routines of `class` of a kind (constructors, destructors, conversion functions), its
/// own only.
pub fn own_routines<'db>(
    db: &'db dyn HirTyDatabase,
    class: Item<'db>,
    kind: CallableKind,
) -> Vec<Item<'db>> {
    il::scope::scope_items(db, class)
        .iter()
        .copied()
        .filter(|i| matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate))
        .filter(|i| {
            callable_sig(db, *i)
                .as_ref()
                .is_some_and(|s| s.kind == kind && s.member_of.is_some())
        })
        .collect()
}

/// The non-static data members of a class, in declaration order.
pub fn fields<'db>(db: &'db dyn HirTyDatabase, class: Item<'db>) -> Vec<Item<'db>> {
    il::scope::scope_items(db, class)
        .iter()
        .copied()
        .filter(|i| i.kind(db) == ItemKind::Field)
        .filter(|i| !il::decl::variable_decl(db, *i).specifiers.is_static)
        .collect()
}

/// The class types a special member of `class` reaches: its bases and its non-static data
/// members of class type (arrays of them included), with an instance's arguments substituted.
pub fn subobjects<'db>(db: &'db dyn HirTyDatabase, class: Ty<'db>) -> Vec<Ty<'db>> {
    let Some((item, subst)) = class_and_subst(db, class) else {
        return Vec::new();
    };
    let mut out: Vec<Ty<'db>> = il::lookup::base_classes(db, item)
        .into_iter()
        .filter(|b| b.kind(db) != ItemKind::ClassTemplate)
        .map(|b| declared_ty(db, b))
        .collect();
    for f in fields(db, item) {
        let mut ty = subst.apply(db, declared_ty(db, f));
        while let TyKind::Array(elem, _) = ty.unqualified(db).kind(db) {
            ty = *elem;
        }
        if !matches!(ty.kind(db), TyKind::Reference(..)) && ty.as_class(db).is_some() {
            out.push(ty.unqualified(db));
        }
    }
    out
}

/// The special member of kind `kind` that an implicit construction, copy, move, assignment or
/// destruction of a `class` object calls: the user-declared one, else the implicit one when it
/// is not trivial; `None` for a trivial implicit member (or a type that is no class).
pub fn special_member<'db>(
    db: &'db dyn HirTyDatabase,
    class: Ty<'db>,
    kind: SpecialKind,
) -> Option<CallTarget<'db>> {
    let class = class.unqualified(db);
    class.as_class(db)?;
    if class.is_dependent(db) {
        return None;
    }
    special_member_target(db, SpecialMember::new(db, class, kind))
}

#[salsa::tracked(returns(copy), cycle_result = |_, _, _| None)]
fn special_member_target<'db>(
    db: &'db dyn HirTyDatabase,
    member: SpecialMember<'db>,
) -> Option<CallTarget<'db>> {
    let class = member.class(db);
    let kind = member.kind(db);
    let (item, _) = class_and_subst(db, class)?;
    if let Some(declared) = declared_member(db, item, kind) {
        return Some(CallTarget::Item(declared));
    }
    // The implicit member: non-trivial when a subobject's is, or (constructors) a default
    // member initializer runs.
    let nontrivial_init = kind == SpecialKind::DefaultConstructor
        && fields(db, item).iter().any(|f| has_initializer(db, *f));
    let reaches = subobjects(db, class)
        .into_iter()
        .any(|sub| special_member(db, sub, kind).is_some());
    (nontrivial_init || reaches).then_some(CallTarget::Special(member))
}

/// The user-declared special member of `class` of this kind: a constructor with no required
/// parameter, a copy or move constructor or assignment (first parameter a reference to the
/// class), the destructor.
fn declared_member<'db>(
    db: &'db dyn HirTyDatabase,
    class: Item<'db>,
    kind: SpecialKind,
) -> Option<Item<'db>> {
    let routines = match kind {
        SpecialKind::Destructor => own_routines(db, class, CallableKind::Destructor),
        SpecialKind::CopyAssignment | SpecialKind::MoveAssignment => {
            il::lookup::members_named(db, il::lookup::ScopeRef::Item(class), "operator=")
                .into_iter()
                .filter(|i| i.parent(db) == Some(class))
                .collect()
        }
        _ => own_routines(db, class, CallableKind::Constructor),
    };
    let copy_param = |item: Item<'db>, rvalue: bool| {
        let Some(sig) = callable_sig(db, item) else {
            return false;
        };
        if sig.is_template || !sig.accepts_arity(1) {
            return false;
        }
        match sig.params.first().map(|p| p.kind(db)) {
            Some(TyKind::Reference(k, r)) => {
                (*k == RefKind::Rvalue) == rvalue && r.as_class(db) == Some(class)
            }
            _ => false,
        }
    };
    match kind {
        SpecialKind::Destructor => routines.first().copied(),
        SpecialKind::DefaultConstructor => routines.iter().copied().find(|r| {
            callable_sig(db, *r)
                .as_ref()
                .is_some_and(|s| s.accepts_arity(0))
        }),
        SpecialKind::CopyConstructor | SpecialKind::CopyAssignment => {
            routines.iter().copied().find(|r| copy_param(*r, false))
        }
        SpecialKind::MoveConstructor | SpecialKind::MoveAssignment => routines
            .iter()
            .copied()
            .find(|r| copy_param(*r, true))
            // No move member: the copy one is used.
            .or_else(|| routines.iter().copied().find(|r| copy_param(*r, false))),
    }
}

/// What an implicit member calls: the corresponding member of each base and member subobject
/// (the non-trivial ones).
#[salsa::tracked(returns(ref), cycle_result = |_, _, _| Vec::new())]
pub fn implicit_member_calls<'db>(
    db: &'db dyn HirTyDatabase,
    member: SpecialMember<'db>,
) -> Vec<CallTarget<'db>> {
    subobjects(db, member.class(db))
        .into_iter()
        .filter_map(|sub| special_member(db, sub, member.kind(db)))
        .collect()
}

/// The execution space of an implicit member: the space every callee allows (all host-only:
/// host; all device-only: device), `__host__ __device__` when it calls nothing, only
/// `__host__ __device__` routines, or routines of both sides (the use is then diagnosed).
#[salsa::tracked(returns(copy), cycle_result = |_, _, _| ExecSpace::HostDevice)]
pub fn special_member_space<'db>(
    db: &'db dyn HirTyDatabase,
    member: SpecialMember<'db>,
) -> ExecSpace {
    let (mut host, mut device) = (false, false);
    for callee in implicit_member_calls(db, member) {
        match callee.exec_space(db) {
            ExecSpace::Host => host = true,
            ExecSpace::Device | ExecSpace::Global => device = true,
            ExecSpace::HostDevice => {}
        }
    }
    match (host, device) {
        (true, false) => ExecSpace::Host,
        (false, true) => ExecSpace::Device,
        _ => ExecSpace::HostDevice,
    }
}

/// Whether a field has a default member initializer (`int n = 4;`, `M m{1};`).
pub fn has_initializer(db: &dyn HirTyDatabase, field: Item<'_>) -> bool {
    let header = syntax::SyntaxNode::new_root(field.header(db).clone());
    header
        .descendants()
        .any(|n| n.kind() == syntax::SyntaxKind::INITIALIZER)
}

/// Whether `class`'s default constructor is deleted ([class.default.ctor]/2): declared
/// `= delete`, or implicit and defined as deleted because a member without a default member
/// initializer is a reference, or a base or member subobject's default constructor is
/// deleted. `false` when unknown (a dependent type, a union, a class with constructors but no
/// default one: another error). A `const` member of non-class type is EDG's other error
/// ([`uninitialized_const_member`]).
#[salsa::tracked(returns(copy), cycle_result = |_, _, _| false)]
pub fn default_constructor_deleted<'db>(db: &'db dyn HirTyDatabase, class: Ty<'db>) -> bool {
    let class = class.unqualified(db);
    if class.is_dependent(db) {
        return false;
    }
    let Some((item, subst)) = class_and_subst(db, class) else {
        return false;
    };
    if item.kind(db) == ItemKind::Union {
        return false;
    }
    if let Some(declared) = declared_member(db, item, SpecialKind::DefaultConstructor) {
        return il::decl::routine_decl(db, declared).is_deleted;
    }
    if !own_routines(db, item, CallableKind::Constructor).is_empty() {
        return false;
    }
    let member_forbids = fields(db, item).into_iter().any(|f| {
        if has_initializer(db, f) {
            return false;
        }
        let mut ty = subst.apply(db, declared_ty(db, f));
        while let TyKind::Array(elem, _) = ty.kind(db) {
            ty = *elem;
        }
        match ty.kind(db) {
            TyKind::Reference(..) => true,
            TyKind::Qualified(_, inner) => {
                inner.as_class(db).is_some() && default_constructor_deleted(db, *inner)
            }
            _ => ty.as_class(db).is_some() && default_constructor_deleted(db, ty),
        }
    });
    member_forbids
        || il::lookup::base_classes(db, item)
            .into_iter()
            .filter(|b| b.kind(db) != ItemKind::ClassTemplate)
            .any(|b| default_constructor_deleted(db, declared_ty(db, b)))
}

/// Whether `class` has an implicit default constructor and a `const` member of non-class type
/// without a default member initializer: EDG reports the default-initialized variable (369)
/// rather than a deleted constructor.
pub fn uninitialized_const_member<'db>(db: &'db dyn HirTyDatabase, class: Ty<'db>) -> bool {
    let class = class.unqualified(db);
    if class.is_dependent(db) {
        return false;
    }
    let Some((item, subst)) = class_and_subst(db, class) else {
        return false;
    };
    if item.kind(db) == ItemKind::Union
        || !own_routines(db, item, CallableKind::Constructor).is_empty()
    {
        return false;
    }
    fields(db, item).into_iter().any(|f| {
        !has_initializer(db, f)
            && matches!(
                subst.apply(db, declared_ty(db, f)).kind(db),
                TyKind::Qualified(cv, inner) if cv.is_const && inner.as_class(db).is_none()
            )
    })
}
