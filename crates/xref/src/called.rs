//! The function template instances that calls demand, from the semantic model.
//!
//! Which template a call calls and with what arguments is hir-ty's question: `infer(owner)`
//! resolves every call of a non-template body (overload resolution, deduction, ADL) and
//! records the instance it demands (`Callee::instance`), and `infer_instance(instance)` does
//! the same for the instance's own body with its arguments bound. This module only collects
//! those answers, per call position in the file, for the walk: when the walk meets a call
//! whose instance instantiates its body (`bodies/calls.rs`), it logs the body's declarations
//! at the template's positions. Nothing here looks a name up or types an argument.
//!
//! Instances are followed transitively from the non-template bodies, but only through the
//! instances whose bodies EDG instantiates (a `constexpr`/`consteval` template, or one whose
//! return type is deduced), up to [`DEPTH_LIMIT`]; an instance whose arguments are not all
//! concrete (a pack or a type inference left dependent or unknown) is not recorded, since EDG
//! would print another binding.
use hir_def::generics::{TemplateParamKind, template_params};
use hir_def::source::{DeclarationOffsets, declaration_offsets, definition_root, function_def};
use hir_ty::TyKind;
use hir_ty::class_instance::{
    MemberInstance, infer_member_instance, instance_bindings, instance_definition,
    member_body_owner,
};
use hir_ty::ty::{GenericArg, Instance};
use hir_ty::{CalleeKind, HirTyDatabase, InferenceResult};
use il::Item;
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::{SyntaxKind::*, SyntaxNode, TextRange, TextSize};

use crate::instances::Substitution;
use crate::model::{InstanceBody, Model};
use xref_bodies::is_templated;
pub(crate) use xref_passes::CreatedInstance;

/// Nested instantiations deeper than any header needs (broken code may recurse forever).
pub(crate) const DEPTH_LIMIT: u32 = 16;

/// Where a call is: in a non-template body ([`CallContext::OUTSIDE`]) or in the body of one
/// of the recorded instances.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct CallContext(u32);

impl CallContext {
    /// The bodies of non-template functions.
    pub(crate) const OUTSIDE: CallContext = CallContext(0);
    /// A body whose calls the model does not answer for (a constructor or a static member
    /// instantiated by the walk's own rules).
    pub(crate) const NONE: CallContext = CallContext(u32::MAX);

    fn of_instance(index: u32) -> CallContext {
        CallContext(index + 1)
    }
}

/// One function template instance a call demands.
#[derive(Debug, Clone)]
pub(crate) struct CalledInstance {
    /// Where the template's definition (its `FUNCTION_DEF`) starts in the file.
    pub definition: TextSize,
    /// The template's parameters by name, each to its argument as the type printer spells it.
    pub bindings: Substitution,
    /// The context of the calls in this instance's body.
    pub context: CallContext,
    /// Whether EDG instantiates the body (`constexpr`, `consteval`, a deduced return type).
    pub instantiated: bool,
    /// A member function of a class template instance (no `T` line is written for it).
    pub member: bool,
    /// No argument is or names (at any depth) a value (`ratio<1, 1>`): the bindings then print
    /// as EDG spells the arguments; a nested instance's values do not (`1` for `1L`).
    pub without_values: bool,
}

/// The instances that the calls of a file demand, by call position.
#[derive(Debug, Default)]
pub(crate) struct CalledInstances<'db> {
    calls: FxHashMap<(CallContext, TextRange), u32>,
    instances: Vec<CalledInstance>,
    /// The model's instance of each of `instances`, by the same index.
    bodies: Vec<InstanceBody<'db>>,
    /// The calls whose instance the model chose with an argument of unknown type among
    /// several candidates (`InferenceResult::chosen_by_guess`).
    guessed: FxHashSet<(CallContext, TextRange)>,
    /// Every function template instance the calls create, in the order first met: where its
    /// template's name is in the file (EDG's `t` line is there).
    created: Vec<CreatedInstance>,
}

impl<'db> CalledInstances<'db> {
    /// The instance the call at `call` (its range in the file) demands, in `context`.
    pub(crate) fn at(&self, context: CallContext, call: TextRange) -> Option<&CalledInstance> {
        let index = *self.calls.get(&(context, call))?;
        self.instances.get(index as usize)
    }

    /// Whether the model chose the instance of the call at `call` by a guess (an argument of
    /// unknown type, several candidates): its instance may not be the program's.
    pub(crate) fn guessed(&self, context: CallContext, call: TextRange) -> bool {
        self.guessed.contains(&(context, call))
    }

    /// Where the templates of the function template instances created are named, one per
    /// instance, in the order the calls create them.
    pub(crate) fn created(&self) -> &[CreatedInstance] {
        &self.created
    }

    /// The model's instance whose body the calls of `context` are in.
    pub(crate) fn instance_body(&self, context: CallContext) -> Option<InstanceBody<'db>> {
        let index = context.0.checked_sub(1)?;
        self.bodies.get(index as usize).copied()
    }

    /// Collects what every non-template body of `file` calls, and transitively what the bodies
    /// of the instances that EDG instantiates call.
    pub(crate) fn of_file(model: &Model<'db>) -> CalledInstances<'db> {
        let (db, file) = (model.db(), model.file());
        let mut c = Collector {
            db,
            out: CalledInstances::default(),
            model,
            index: FxHashMap::default(),
            member_index: FxHashMap::default(),
            created: FxHashSet::default(),
            queue: Vec::new(),
        };
        for &(item, item_offsets) in declaration_offsets(db, file) {
            if hir_def::source::body_owner_kind(db, item).is_none() || is_templated(db, item) {
                continue;
            }
            let infer = hir_ty::infer(db, item);
            c.record_calls(item, item_offsets, &infer, CallContext::OUTSIDE, 1);
        }
        while let Some((instance, i, depth)) = c.queue.pop() {
            let (template, infer) = match instance {
                InstanceBody::Function(instance) => {
                    (instance.template(db), hir_ty::infer_instance(db, instance))
                }
                InstanceBody::Member(member) => {
                    let Some(owner) = member_body_owner(db, member.member(db)) else {
                        continue;
                    };
                    (owner, infer_member_instance(db, member))
                }
            };
            let Some(template_offsets) = model.offsets(template) else {
                continue;
            };
            c.record_calls(
                template,
                template_offsets,
                &infer,
                CallContext::of_instance(i),
                depth + 1,
            );
        }
        c.out
    }
}

struct Collector<'a, 'db> {
    db: &'db dyn HirTyDatabase,
    out: CalledInstances<'db>,
    model: &'a Model<'db>,
    /// The recorded instances' indices in `out.instances`.
    index: FxHashMap<Instance<'db>, u32>,
    /// The recorded members of class template instances' indices in `out.instances`.
    member_index: FxHashMap<MemberInstance<'db>, u32>,
    /// The instances whose creation is recorded in `out.created`.
    created: FxHashSet<Instance<'db>>,
    /// Instances whose bodies are still to be followed: (instance, index, depth).
    queue: Vec<(InstanceBody<'db>, u32, u32)>,
}

impl<'db> Collector<'_, 'db> {
    fn record_calls(
        &mut self,
        owner: Item<'db>,
        owner_offsets: DeclarationOffsets,
        infer: &InferenceResult<'db>,
        context: CallContext,
        depth: u32,
    ) {
        let db = self.db;
        let (_, map) = hir_def::body::body_with_source_map(db, owner);
        for (expr, callee) in infer.callees() {
            if let Some(member) = callee.class_instance
                && callee.kind == CalleeKind::Function
                && callee.instance.is_none()
            {
                self.record_member_call(&map, owner_offsets, expr, member, context, depth);
                continue;
            }
            let Some(instance) = callee.instance else {
                continue;
            };
            // A member template of a class template is named under its class's instance,
            // which the model does not give (its class's parameters stay dependent).
            let template = instance.template(db);
            if self.created.insert(instance)
                && !template.parent(db).is_some_and(|p| is_templated(db, p))
                && let Some(name) = template_name(db, template, self.model)
            {
                self.out
                    .created
                    .push(created_instance(db, instance, template, name));
            }
            if callee.kind != CalleeKind::Function {
                continue;
            }
            let Some(call) = map
                .expr_syntax(expr)
                .and_then(|ptr| owner_offsets.to_file_range(ptr.text_range()))
            else {
                continue;
            };
            if infer.chosen_by_guess(expr) {
                self.out.guessed.insert((context, call));
            }
            let i = match self.index.get(&instance) {
                Some(&i) => i,
                None => {
                    let Some(mut called) = called_instance(db, instance, self.model) else {
                        continue;
                    };
                    let i = self.out.instances.len() as u32;
                    called.context = CallContext::of_instance(i);
                    called.instantiated = instantiates_body(db, instance.template(db));
                    self.out.instances.push(called);
                    self.out.bodies.push(InstanceBody::Function(instance));
                    self.index.insert(instance, i);
                    if depth < DEPTH_LIMIT && called_instantiated(&self.out, i) {
                        self.queue
                            .push((InstanceBody::Function(instance), i, depth));
                    }
                    i
                }
            };
            self.out.calls.insert((context, call), i);
        }
    }
}

impl<'db> Collector<'_, 'db> {
    /// A call of a static member function of a class template instance (`X<int>::f(a)`, or
    /// `f(a)` in another member of the instance): recorded as an instance whose body EDG
    /// instantiates when the member is `constexpr`/`consteval` (or its return type is
    /// deduced), with the parameters of the definition its body is in bound to the
    /// instance's arguments.
    fn record_member_call(
        &mut self,
        map: &hir_def::body::BodySourceMap,
        owner_offsets: DeclarationOffsets,
        expr: hir_def::hir::ExprId,
        member: MemberInstance<'db>,
        context: CallContext,
        depth: u32,
    ) {
        let db = self.db;
        let Some(call) = map
            .expr_syntax(expr)
            .and_then(|ptr| owner_offsets.to_file_range(ptr.text_range()))
        else {
            return;
        };
        let i = match self.member_index.get(&member) {
            Some(&i) => i,
            None => {
                let Some(mut called) = called_member(db, member, self.model) else {
                    return;
                };
                let i = self.out.instances.len() as u32;
                called.context = CallContext::of_instance(i);
                let declared = member.member(db);
                called.instantiated = instantiates_body(db, declared)
                    || member_body_owner(db, declared).is_some_and(|o| instantiates_body(db, o));
                let instantiated = called.instantiated;
                self.out.instances.push(called);
                self.out.bodies.push(InstanceBody::Member(member));
                self.member_index.insert(member, i);
                if depth < DEPTH_LIMIT && instantiated {
                    self.queue.push((InstanceBody::Member(member), i, depth));
                }
                i
            }
        };
        self.out.calls.insert((context, call), i);
    }
}

/// A member function of a class template instance: where its body's definition starts in the
/// file and the bindings of the parameters its definition names (the class definition's, or an
/// out-of-class definition's own header's), when every argument is concrete.
fn called_member<'db>(
    db: &'db dyn HirTyDatabase,
    member: MemberInstance<'db>,
    model: &Model<'db>,
) -> Option<CalledInstance> {
    let class = member.class(db);
    let owner = member_body_owner(db, member.member(db))?;
    let owner_offsets = model.offsets(owner)?;
    let definition = instance_definition(db, class)?;
    let subst = instance_bindings(db, class);
    let named = if owner == member.member(db) {
        definition
    } else {
        owner
    };
    let mut bindings = Substitution::default();
    for (index, param) in template_params(db, named).iter().enumerate() {
        if param.pack {
            return None;
        }
        let arg = subst.get(hir_def::generics::TemplateParamId {
            owner: definition,
            index: index as u32,
        })?;
        let printed = printed_arg(db, param.kind, arg)?;
        if let Some(name) = &param.name {
            bindings.insert(name.to_string(), printed);
        }
    }
    Some(CalledInstance {
        definition: TextSize::from(owner_offsets.in_file),
        bindings,
        context: CallContext::NONE,
        instantiated: false,
        member: true,
        // Members complete nothing they return (`complete_returned_instance`).
        without_values: false,
    })
}

/// What the `<unnamed>` references of an instance's declaration need (`redeclared.rs`).
fn created_instance<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
    template: Item<'db>,
    name: TextRange,
) -> CreatedInstance {
    let params = template_params(db, template);
    let args = instance.args(db);
    let pack_len = params
        .last()
        .filter(|p| p.pack)
        .map(|_| (args.len() + 1).saturating_sub(params.len()) as u32);
    let param_names = params
        .iter()
        .enumerate()
        .map(|(index, param)| {
            let own = if param.pack {
                &args[index.min(args.len())..]
            } else {
                match args.get(index) {
                    Some(arg) => std::slice::from_ref(arg),
                    None => &[],
                }
            };
            let mut names = own.iter().map(|a| redeclared_name(db, a));
            let first = names.next().flatten()?;
            names.all(|n| n.as_ref() == Some(&first)).then_some(first)
        })
        .collect();
    CreatedInstance {
        name,
        pack_len,
        param_names,
    }
}

/// How EDG names a reference to a template parameter bound to `arg` where an instance's
/// declaration is declared (measured with cudafe++): `<unnamed>` for a builtin type, a
/// pointer, reference or array of one, or a value; a class or enumeration by its name.
fn redeclared_name(db: &dyn HirTyDatabase, arg: &GenericArg<'_>) -> Option<String> {
    let ty = match arg {
        GenericArg::Value(_) => return Some("<unnamed>".to_string()),
        GenericArg::Type(ty) => *ty,
        _ => return None,
    };
    match ty.kind(db) {
        TyKind::Class(item) | TyKind::Enum(item) => {
            let mut scope = Some(*item);
            while let Some(s) = scope {
                if s.kind(db) == il::ItemKind::ClassTemplate || s.name_text(db).is_none() {
                    return None;
                }
                scope = s.parent(db);
            }
            return Some(xref_bodies::item_name(db, *item));
        }
        _ => {}
    }
    let mut ty = ty;
    loop {
        match ty.kind(db) {
            TyKind::Builtin(_) => return Some("<unnamed>".to_string()),
            TyKind::Qualified(_, inner)
            | TyKind::Pointer(inner)
            | TyKind::Reference(_, inner)
            | TyKind::Array(inner, _) => ty = *inner,
            _ => return None,
        }
    }
}

/// An argument as the type printer spells it, when it is concrete and of the parameter's kind.
fn printed_arg(
    db: &dyn HirTyDatabase,
    kind: TemplateParamKind,
    arg: &GenericArg<'_>,
) -> Option<String> {
    match (kind, arg) {
        (TemplateParamKind::Type, GenericArg::Type(ty)) => {
            (!ty.is_dependent(db) && !ty.is_error(db)).then(|| ty.to_source(db))
        }
        (TemplateParamKind::NonType, GenericArg::Value(v)) => Some(v.to_string()),
        _ => None,
    }
}

fn called_instantiated(out: &CalledInstances<'_>, i: u32) -> bool {
    out.instances
        .get(i as usize)
        .is_some_and(|c| c.instantiated)
}

/// Where a function template's name is in the file.
fn template_name<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
    model: &Model<'db>,
) -> Option<TextRange> {
    let name = function_def(&definition_root(db, template)?)?.name()?;
    model.offsets(template)?.to_file_range(name.text_range())
}

/// The instance's template definition in the file and its bindings, when every argument is
/// concrete.
fn called_instance<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
    model: &Model<'db>,
) -> Option<CalledInstance> {
    let template = instance.template(db);
    let template_offsets = model.offsets(template)?;
    let params = template_params(db, template);
    let args = instance.args(db);
    if params.len() != args.len() {
        return None;
    }
    let mut bindings = Substitution::default();
    for (param, arg) in params.iter().zip(args) {
        if param.pack {
            return None;
        }
        let printed = printed_arg(db, param.kind, arg)?;
        if let Some(name) = &param.name {
            bindings.insert(name.to_string(), printed);
        }
    }
    Some(CalledInstance {
        definition: TextSize::from(template_offsets.in_file),
        bindings,
        context: CallContext::NONE,
        instantiated: false,
        member: false,
        without_values: !args.iter().any(|a| names_a_value(db, a)),
    })
}

/// Whether a template argument is a value or names a class instance with one, through
/// pointers, references and nested instances.
fn names_a_value<'db>(db: &'db dyn HirTyDatabase, arg: &GenericArg<'db>) -> bool {
    match arg {
        GenericArg::Type(ty) => type_names_a_value(db, *ty),
        GenericArg::Pack(elements) => elements.iter().any(|e| names_a_value(db, e)),
        GenericArg::Template(_) => false,
        GenericArg::Value(_) | GenericArg::DependentValue(_) => true,
    }
}

fn type_names_a_value<'db>(db: &'db dyn HirTyDatabase, ty: hir_ty::Ty<'db>) -> bool {
    match ty.kind(db) {
        TyKind::Instance(i) => i.args(db).iter().any(|a| names_a_value(db, a)),
        TyKind::Pointer(p) => type_names_a_value(db, *p),
        TyKind::Reference(_, r) => type_names_a_value(db, *r),
        _ => false,
    }
}

/// Whether the host compilation instantiates a function template instance's body: a
/// `constexpr` or `consteval` template, or one whose return type is deduced.
fn instantiates_body(db: &dyn HirTyDatabase, template: Item<'_>) -> bool {
    definition_root(db, template)
        .and_then(|root| function_def(&root))
        .is_some_and(|def| instantiates_body_syntax(rowan::ast::AstNode::syntax(&def)))
}

/// [`instantiates_body`] on the template's `FUNCTION_DEF`.
pub(crate) fn instantiates_body_syntax(function: &SyntaxNode) -> bool {
    let deduced_return = function.children_with_tokens().any(|t| t.kind() == AUTO_KW)
        && !function.descendants().any(|n| n.kind() == TRAILING_RETURN);
    deduced_return
        || function
            .children_with_tokens()
            .any(|t| matches!(t.kind(), CONSTEXPR_KW | CONSTEVAL_KW))
}
