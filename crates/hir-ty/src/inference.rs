//! Inference over a lowered body: [`infer`]`(db, owner) -> Arc<InferenceResult>`.
//!
//! For every expression of `hir_def::body::body(owner)`: its type and value category; for
//! every name its [`Resolution`] (a binding of the body, an il item, an overload set, an
//! enumerator); for every call, kernel launch, overloaded operator and constructor its
//! [`Callee`] (overloads ranked in [`crate::overload`], function templates deduced through the
//! one unifier, the instances they make recorded); member accesses resolved to the field or
//! method. What cannot be determined becomes [`TyKind::Error`] with one
//! [`InferenceDiagnostic`]; everything built on an error stays an error silently (no cascade);
//! nothing panics.
//!
//! The query reads `body` (never the source map or the syntax) and declaration-level queries
//! (`declared_ty`, `callable_sig`, il's lookup), so a body edit re-runs only this body's
//! inference, and a comment edit inside a body does not re-run it at all (`body` is
//! backdated).
use std::sync::Arc;

use hir_def::generics::TemplateParamId;
use hir_def::hir::{BindingId, ExprId};
use il::Item;

use crate::HirTyDatabase;
use crate::ty::{Instance, Ty, ValueCategory};

mod adl;
mod class_deduction;
mod closure_calls;
mod deferred_calls;
mod expr;
mod fold;
mod implicit;
mod instance_calls;
mod path;
mod stmt;
mod structured;
mod type_refs;
mod written;

pub use closure_calls::{ClosureCallSig, closure_call_signature};
pub use implicit::{ImplicitCall, ImplicitKind, ImplicitSite};
pub use written::{written_local_alias, written_name, written_qualifiers, written_value};

pub(crate) use crate::lookup::lookup_path as lookup_path_memo;
pub(crate) use expr::{InferCtx, int_literal_ty};
pub(crate) use path::enumerator_by_lookup;

/// What a name expression denotes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub enum Resolution<'db> {
    /// A parameter, local variable, init-capture or local enumerator of the body.
    Binding(BindingId),
    /// A variable, field, function (the overload chosen by a call), class, enum, typedef or
    /// namespace-scope entity.
    Item(Item<'db>),
    /// A function name not called (or whose call chose none): the overload set, in lookup order.
    Overloads(Vec<Item<'db>>),
    /// The `index`-th enumerator of an enumeration (enumerators are no il items).
    Enumerator { enumeration: Item<'db>, index: u32 },
    /// A non-type template parameter.
    TemplateParam(TemplateParamId<'db>),
}

impl<'db> Resolution<'db> {
    /// The single item named, if the resolution is one.
    pub fn as_item(&self) -> Option<Item<'db>> {
        match self {
            Resolution::Item(item) => Some(*item),
            _ => None,
        }
    }
}

/// How a callee is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CalleeKind {
    /// `f(args)`, `ns::f(args)`.
    Function,
    /// `obj.f(args)`, `p->f(args)`, or `f(args)` on `this` inside a member function.
    Method,
    /// `a + b`, `a[i]`, `f(args)` on an object: an overloaded operator.
    Operator,
    /// A constructor: `T(args)`, `T{args}`, `new T(args)`, a declaration `T x(args)`.
    Constructor,
    /// `k<<<grid, block>>>(args)`.
    KernelLaunch,
}

/// The routine an expression calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct Callee<'db> {
    pub item: Item<'db>,
    pub kind: CalleeKind,
    /// The function template instance the call makes, when `item` is a function template whose
    /// arguments were all deduced.
    pub instance: Option<Instance<'db>>,
    /// The class template instance whose member `item` is, when the call names it through one
    /// (`X<int>::f()`): the member's body is inferred per instance
    /// ([`crate::class_instance::infer_member_instance`]).
    pub class_instance: Option<crate::class_instance::MemberInstance<'db>>,
}

/// Something inference could not determine, recorded once where it arose.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum InferenceDiagnostic {
    /// A name that lookup did not find.
    UnresolvedName { expr: ExprId },
    /// `obj.m` where the class has no member `m` we could find.
    UnresolvedMember { expr: ExprId },
    /// A call none of whose candidates is viable.
    NoMatchingOverload { expr: ExprId },
    /// A call with several best candidates (the first was recorded).
    AmbiguousCall { expr: ExprId },
    /// A type written in the body that did not resolve.
    UnresolvedType {
        binding: Option<BindingId>,
        expr: Option<ExprId>,
    },
    /// An expression whose type this layer does not compute yet.
    Unsupported { expr: ExprId },
}

#[derive(Debug, Clone, PartialEq, Eq, salsa::SalsaValue)]
pub(crate) struct ExprInfo<'db> {
    pub ty: Ty<'db>,
    pub category: ValueCategory,
    pub resolution: Option<Resolution<'db>>,
    pub callee: Option<Callee<'db>>,
}

/// The result of [`infer`]: per expression of the body, indexed by [`ExprId`].
#[derive(Debug, PartialEq, Eq, salsa::SalsaValue)]
pub struct InferenceResult<'db> {
    pub(crate) exprs: Vec<Option<ExprInfo<'db>>>,
    pub(crate) bindings: Vec<Option<Ty<'db>>>,
    /// Call expressions (`Expr::Call`, `Expr::KernelLaunch`) in body order.
    pub(crate) calls: Vec<ExprId>,
    pub(crate) diagnostics: Vec<InferenceDiagnostic>,
    pub(crate) instances: Vec<Instance<'db>>,
    /// Calls of a lambda of this body (`l(1)` where `l` holds the closure): the call and the
    /// lambda expression.
    pub(crate) closure_calls: Vec<(ExprId, ExprId)>,
    pub(crate) owner: Option<Item<'db>>,
    /// Calls without a call expression (see [`ImplicitCall`]), in discovery order.
    pub(crate) implicit_calls: Vec<ImplicitCall<'db>>,
    /// Copies and moves by an implicit, trivial constructor, and assignments by an implicit,
    /// trivial assignment operator (no code runs), in discovery order.
    pub(crate) trivial_copies: Vec<ImplicitCall<'db>>,
    /// Locals copy-initialized from a prvalue of their class: the constructor elided.
    pub(crate) elided_copies: Vec<ImplicitCall<'db>>,
    /// The fields whose default member initializers a constructor runs.
    pub(crate) default_member_inits: Vec<Item<'db>>,
    /// The field each mem-initializer of a constructor initializes (by the mem-initializer's
    /// index in `Body::mem_inits`; `None` for a base class or a name not found).
    pub(crate) mem_init_fields: Vec<Option<Item<'db>>>,
    /// Names, member accesses, calls and overloaded operators that denote a member of a class
    /// template instance (`Traits<int *>::is_pointer`, `v.sum()` on a `Vec<float, 4>`), with
    /// that member of that instance, by expression (the raw id; the first record of each).
    pub(crate) member_instances: Vec<(u32, crate::class_instance::MemberInstance<'db>)>,
    /// Names of variable template instances (`is_same_v<T, int>` under the bindings), by
    /// expression (the raw id), sorted.
    pub(crate) variable_instances: Vec<(u32, Instance<'db>)>,
    /// Qualified names whose qualifier names a class template instance (`numeric_limits<int>`
    /// in `numeric_limits<int>::is_signed`, whose member a base declares), by expression.
    pub(crate) qualifier_instances: Vec<(u32, Instance<'db>)>,
    /// The converting constructor of a class template instance that makes an argument's
    /// temporary (`pr("x")` for `pr(const std::string &)`: `basic_string<char, ...>`'s), by
    /// the argument (the raw id): the implicit call names the template's member, this the
    /// instance whose member it is.
    pub(crate) conversion_instances: Vec<(u32, crate::class_instance::MemberInstance<'db>)>,
    /// The calls left to the instantiation although no argument's type depends
    /// (`chosen_at_instantiation`), in inference order.
    pub(crate) deferred_calls: Vec<ExprId>,
    /// The calls whose candidate was chosen with an argument of unknown type among several
    /// (`chosen_by_guess`), in inference order.
    pub(crate) guessed_calls: Vec<ExprId>,
}

impl<'db> InferenceResult<'db> {
    fn info(&self, expr: ExprId) -> Option<&ExprInfo<'db>> {
        self.exprs
            .get(expr.into_raw().into_u32() as usize)
            .and_then(Option::as_ref)
    }

    /// The type of an expression (never a reference: a reference-typed expression has the
    /// referred type and a value category). `None` only for ids outside the body.
    pub fn type_of_expr(&self, expr: ExprId) -> Option<Ty<'db>> {
        self.info(expr).map(|i| i.ty)
    }

    pub fn value_category(&self, expr: ExprId) -> Option<ValueCategory> {
        self.info(expr).map(|i| i.category)
    }

    /// What a name expression (`Expr::Path`, or the member of `Expr::Member`) denotes.
    pub fn resolution(&self, expr: ExprId) -> Option<&Resolution<'db>> {
        self.info(expr).and_then(|i| i.resolution.as_ref())
    }

    /// The member of a class template instance an expression denotes: a name
    /// (`Traits<int *>::is_pointer`), a member access (`v.n` on a `Vec<float, 4>`, the member
    /// found in the instance's definition or a base instance's), a call of a member function
    /// (on the call and on its callee) or an overloaded operator of an instance.
    /// The constructor of a class template instance that converts the argument `expr`
    /// (`conversion_instances`).
    pub fn conversion_instance(
        &self,
        expr: ExprId,
    ) -> Option<crate::class_instance::MemberInstance<'db>> {
        let key = expr.into_raw().into_u32();
        self.conversion_instances
            .iter()
            .find(|(e, _)| *e == key)
            .map(|(_, m)| *m)
    }

    pub fn member_instance(
        &self,
        expr: ExprId,
    ) -> Option<crate::class_instance::MemberInstance<'db>> {
        let key = expr.into_raw().into_u32();
        let at = self
            .member_instances
            .binary_search_by_key(&key, |(e, _)| *e)
            .ok()?;
        Some(self.member_instances[at].1)
    }

    /// The variable template instance a name denotes (`is_same_v<int, long>`; in a template
    /// instance's body, under its bindings), when every argument is concrete.
    pub fn variable_instance(&self, expr: ExprId) -> Option<Instance<'db>> {
        let key = expr.into_raw().into_u32();
        let at = self
            .variable_instances
            .binary_search_by_key(&key, |(e, _)| *e)
            .ok()?;
        Some(self.variable_instances[at].1)
    }

    /// The class template instance a qualified name's qualifier names (`numeric_limits<int>`
    /// in `numeric_limits<int>::is_signed`, where [`Self::member_instance`] gives the base
    /// instance that declares `is_signed`), when its arguments are concrete.
    pub fn qualifier_instance(&self, expr: ExprId) -> Option<Instance<'db>> {
        let key = expr.into_raw().into_u32();
        let at = self
            .qualifier_instances
            .binary_search_by_key(&key, |(e, _)| *e)
            .ok()?;
        Some(self.qualifier_instances[at].1)
    }

    /// Whether a call in a template is left to the instantiation although no argument's type
    /// depends (`f(N)` with a non-type parameter `N`, `g<N>(1)`): EDG chooses its callee
    /// then, as for a call with a type-dependent argument.
    pub fn chosen_at_instantiation(&self, call: ExprId) -> bool {
        self.deferred_calls.contains(&call)
    }

    /// Whether a call's callee was chosen among several candidates with an argument whose
    /// type inference does not know (`make(p.get(), 4)` with `get` unresolved): the callee
    /// and the instance deduced from the other arguments may not be the program's.
    pub fn chosen_by_guess(&self, call: ExprId) -> bool {
        self.guessed_calls.contains(&call)
    }

    /// The routine a call, kernel launch, overloaded operator or constructor expression calls.
    pub fn callee(&self, expr: ExprId) -> Option<Item<'db>> {
        self.info(expr).and_then(|i| i.callee).map(|c| c.item)
    }

    /// [`Self::callee`] with how it is called and the template instance it makes.
    pub fn callee_info(&self, expr: ExprId) -> Option<Callee<'db>> {
        self.info(expr).and_then(|i| i.callee)
    }

    /// Every call expression of the body (`f(x)`, `o.m()`, `k<<<g, b>>>()`), in body order,
    /// with its callee where resolved.
    pub fn calls(&self) -> impl Iterator<Item = (ExprId, Option<Callee<'db>>)> + '_ {
        self.calls.iter().map(|&e| (e, self.callee_info(e)))
    }

    /// Every expression with a callee: calls, launches, overloaded operators, constructors.
    pub fn callees(&self) -> impl Iterator<Item = (ExprId, Callee<'db>)> + '_ {
        self.exprs.iter().enumerate().filter_map(|(i, info)| {
            let callee = info.as_ref()?.callee?;
            Some((
                ExprId::from_raw(la_arena::RawIdx::from_u32(i as u32)),
                callee,
            ))
        })
    }

    /// The declared (or deduced) type of a binding, as declared (a reference stays one).
    pub fn type_of_binding(&self, binding: BindingId) -> Option<Ty<'db>> {
        self.bindings
            .get(binding.into_raw().into_u32() as usize)
            .copied()
            .flatten()
    }

    /// The closure a call expression calls (`auto l = [](int q) { ... }; l(1);`): a lambda
    /// of this body, which has no il item (so no [`Self::callee`]).
    pub fn called_closure(&self, call: ExprId) -> Option<hir_def::ClosureId<'db>> {
        let (_, expr) = self.closure_calls.iter().find(|(c, _)| *c == call)?;
        Some(hir_def::ClosureId {
            owner: self.owner?,
            expr: *expr,
        })
    }

    /// Every call of a lambda of this body, with the closure it calls, in inference order.
    pub fn closure_calls(&self) -> impl Iterator<Item = (ExprId, hir_def::ClosureId<'db>)> + '_ {
        let owner = self.owner;
        self.closure_calls.iter().filter_map(move |&(call, expr)| {
            Some((
                call,
                hir_def::ClosureId {
                    owner: owner?,
                    expr,
                },
            ))
        })
    }

    /// The calls the body makes without a call expression: constructors of `S s;` and of
    /// converted arguments, copy and move constructors, destructors of locals and
    /// temporaries, conversion functions, implicit assignments, a constructor's construction
    /// of its bases and members, a destructor's destruction of them.
    pub fn implicit_calls(&self) -> &[ImplicitCall<'db>] {
        &self.implicit_calls
    }

    /// The copies and moves [`Self::implicit_calls`] leaves out because the constructor is
    /// implicit and trivial (copying `__half`, a class with no user-declared copy constructor
    /// whose members copy trivially): no code runs, but the constructor is used (the xref log
    /// names it); likewise the trivial implicit copy or move assignment of `a = b`
    /// ([`ImplicitKind::Assign`](crate::ImplicitKind::Assign)). Each targets
    /// [`CallTarget::Special`](crate::CallTarget::Special).
    pub fn trivial_copies(&self) -> &[ImplicitCall<'db>] {
        &self.trivial_copies
    }

    /// The locals copy-initialized from a prvalue of their class (`S s = make();`, `auto
    /// v = S(1) + S(2);`): C++17 initializes the object directly, but the constructor that
    /// would have moved (or copied) it is named (the xref log names it). Site: the
    /// initializer; kind `Move`; target: the move constructor, the copy one without one, or
    /// the implicit one (trivial or not).
    pub fn elided_copies(&self) -> &[ImplicitCall<'db>] {
        &self.elided_copies
    }

    /// For a constructor: the fields whose default member initializer it runs (their
    /// initializers are bodies of their own: `infer(field)`).
    pub fn default_member_inits(&self) -> &[Item<'db>] {
        &self.default_member_inits
    }

    /// The field the `index`th mem-initializer of a constructor names (`: x(0)`); `None`
    /// for a base class's or one not found.
    pub fn mem_init_field(&self, index: usize) -> Option<Item<'db>> {
        self.mem_init_fields.get(index).copied().flatten()
    }

    pub fn diagnostics(&self) -> &[InferenceDiagnostic] {
        &self.diagnostics
    }

    /// The function template instances the body's calls demand, deduplicated, in first-use
    /// order.
    pub fn instances(&self) -> &[Instance<'db>] {
        &self.instances
    }
}

/// Infers the body of `owner` (a function, function template, or a variable's or field's
/// initializer). Empty for items without a body.
#[salsa::tracked(returns(clone))]
pub fn infer<'db>(db: &'db dyn HirTyDatabase, owner: Item<'db>) -> Arc<InferenceResult<'db>> {
    let _span = tracing::trace_span!("infer").entered();
    let body = hir_def::body::body(db, owner);
    let mut cx = InferCtx::new(db, owner, &body);
    cx.infer_body();
    Arc::new(cx.finish())
}

/// Infers the default arguments of a routine's parameters
/// (`hir_def::body::default_arguments`; `ExprId`s are theirs): what the calls that leave
/// arguments out call, in the caller's execution space.
#[salsa::tracked(returns(clone))]
pub fn infer_default_arguments<'db>(
    db: &'db dyn HirTyDatabase,
    owner: Item<'db>,
) -> Arc<InferenceResult<'db>> {
    let _span = tracing::trace_span!("infer_default_arguments").entered();
    let (body, _) = hir_def::body::default_arguments(db, owner);
    let mut cx = InferCtx::new(db, owner, &body);
    cx.outside_body = true;
    // Each default argument from its root, as a statement would (a call's callee is inferred
    // with its arguments), before `infer_body` reaches what is left.
    for d in body.param_defaults.iter().flatten() {
        cx.infer_expr(*d);
    }
    cx.infer_body();
    Arc::new(cx.finish())
}

/// Infers the body of a function template instance (`f<int>`, as [`InferenceResult::instances`]
/// and [`Callee::instance`] name them) with the template's parameters bound to the instance's
/// arguments: `t.f()`, `T::g()` and argument-dependent lookup on `T` arguments resolve, and the
/// instance's own calls demand further instances. The `ExprId`s are the template's body's.
/// Empty for an instance of anything but a function template.
#[salsa::tracked(returns(clone))]
pub fn infer_instance<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
) -> Arc<InferenceResult<'db>> {
    let _span = tracing::trace_span!("infer_instance").entered();
    let owner = instance.template(db);
    let body = hir_def::body::body(db, owner);
    let mut cx = InferCtx::new(db, owner, &body);
    if owner.kind(db) != il::ItemKind::FunctionTemplate {
        return Arc::new(cx.finish());
    }
    cx.subst = crate::unify::Subst::of_instance(db, instance);
    // Still inside a class template when the function is a member of one.
    cx.in_template = crate::lower::template_owners_of(db, owner).len() > 1;
    if let Some((class, cv)) = cx.this_class {
        cx.this_class = Some((cx.subst.apply(db, class), cv));
    }
    cx.infer_body();
    Arc::new(cx.finish())
}
