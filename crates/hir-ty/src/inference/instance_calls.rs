//! Calls of members of class template instances: `X<int>::f(a)` resolved among the members of
//! the definition `X<int>` is made from (hir-ty's choice of partial specialization) with the
//! return type under its bindings, and the instance recorded on the callee
//! (`Callee::class_instance`) for `X<int>::f(a)`, `x.f()` on a concrete instance, and calls of
//! other members inside a member instance's body.
use hir_def::hir::{ExprId, Path};
use il::lookup::ScopeRef;
use il::{Item, ItemKind};

use crate::class_instance::{
    MemberInstance, concrete_args, instance_bindings, instance_members_named, member_instance_in,
    member_of_instance,
};
use crate::inference::expr::InferCtx;
use crate::inference::{CalleeKind, ExprInfo};
use crate::lower::declared_ty;
use crate::overload::Arg;
use crate::ty::{GenericArg, Instance, Ty, TyKind, ValueCategory};

impl<'db> InferCtx<'_, 'db> {
    /// `X<int>::f(a)`: the call resolved among the members of the definition `X<int>` is made
    /// from, the instance recorded on the callee, the return type under the definition's
    /// bindings. `None` when the qualifier names no concrete instance or the definition no
    /// such member (the call is then resolved as written).
    pub(crate) fn call_member_of_qualifier_instance(
        &mut self,
        expr: ExprId,
        callee: ExprId,
        path: &Path,
        args: &[Arg<'db>],
        explicit: &[GenericArg<'db>],
        kind: CalleeKind,
    ) -> Option<(Ty<'db>, ValueCategory)> {
        let db = self.db;
        let class = self.qualifier_instance(path)?;
        if !concrete_args(db, class) {
            return None;
        }
        let name = path.segments.last().map(|s| &*s.name).unwrap_or("");
        let members: Vec<Item<'db>> = instance_members_named(db, class, name)
            .into_iter()
            .filter(|i| matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate))
            .collect();
        if members.is_empty() {
            return None;
        }
        let out = self.call_candidates(expr, callee, &members, args, explicit, kind);
        self.record_member_of_instance(expr, class);
        if let Some(chosen) = self.result.callee_info(expr).map(|c| c.item)
            && let Some(member) = member_instance_in(db, class, chosen)
        {
            self.push_member_instance(expr, member);
            self.push_member_instance(callee, member);
        }
        Some((instance_bindings(db, class).apply(db, out.0), out.1))
    }

    /// Records `class` on the callee of `expr` when the chosen routine is a member of the
    /// definition `class` is made from.
    pub(crate) fn record_member_of_instance(&mut self, expr: ExprId, class: Instance<'db>) {
        let chosen = self
            .result
            .exprs
            .get(expr.into_raw().into_u32() as usize)
            .and_then(|i| i.as_ref())
            .and_then(|i| i.callee)
            .map(|c| c.item);
        if let Some(item) = chosen
            && let Some(member) = member_of_instance(self.db, class, item)
        {
            self.set_class_instance(expr, member);
        }
    }

    /// The class a member found through an object of type `object` is declared in, as the
    /// type whose bindings its declared types take: the base instance that declares it
    /// (`vector_base<int, A>` for `operator[]` found through `device_vector<int, A>`, whose
    /// `DRef<T>` return names the base's `T`), else `object` itself.
    pub(crate) fn declaring_class_ty(&self, object: Ty<'db>, member: Item<'db>) -> Ty<'db> {
        let db = self.db;
        if let TyKind::Instance(class) = object.unqualified(db).kind(db)
            && concrete_args(db, *class)
            && let Some(found) = member_instance_in(db, *class, member)
            && found.class(db) != *class
        {
            return Ty::new(db, TyKind::Instance(found.class(db)));
        }
        object
    }

    /// `ret`, the return type of `member` found as a member of `declaring`, normalized (a
    /// projection whose base the bindings made concrete), or where it is an error, the return
    /// type il resolves in the instance's binding
    /// ([`crate::class_instance::member_return_in_instance`]: `reference`, a member typedef
    /// reached through other instances' member typedefs).
    pub(crate) fn instance_member_return(
        &self,
        declaring: Ty<'db>,
        member: Item<'db>,
        ret: Ty<'db>,
    ) -> Ty<'db> {
        let db = self.db;
        let ret = crate::normalize::normalize(db, ret);
        if !ret.is_error(db) {
            return ret;
        }
        if let TyKind::Instance(class) = declaring.unqualified(db).kind(db)
            && let Some(found) = member_of_instance(db, *class, member)
            && let Some(resolved) = crate::class_instance::member_return_in_instance(db, found)
        {
            return resolved;
        }
        ret
    }

    /// Records that `expr` denotes `member` (found through an object of type `object`) as a
    /// member of the class template instance `object` is, or of one of its bases.
    pub(crate) fn record_member_through(
        &mut self,
        expr: ExprId,
        object: Ty<'db>,
        member: Item<'db>,
    ) {
        let db = self.db;
        let object = match object.unqualified(db).kind(db) {
            TyKind::Pointer(p) => p.unqualified(db),
            _ => object.unqualified(db),
        };
        let TyKind::Instance(class) = object.kind(db) else {
            return;
        };
        if concrete_args(db, *class) {
            if let Some(found) = member_instance_in(db, *class, member)
                .or_else(|| same_named_member(db, *class, member))
            {
                self.push_member_instance(expr, found);
            }
        } else if let Some(found) = self.member_of_dependent_instance(*class, member) {
            self.push_member_instance(expr, found);
        }
    }

    /// `r.n` in a template's body, `r` of a class template instance whose arguments depend on
    /// the template's parameters (`S<T> r` in `Op<T>::operator()`): EDG looks the member up in
    /// the primary template's definition where it parses the template and names it as a member
    /// of that dependent instance (`S<T>::n`, `S<T>::get`, spelled with the arguments as
    /// written, measured on cudafe++). Only where no partial or explicit specialization of the
    /// template exists (the instantiation could otherwise be made from another definition),
    /// and only for a member the primary definition itself declares (not one of a base, which
    /// may depend too).
    fn member_of_dependent_instance(
        &self,
        class: Instance<'db>,
        member: Item<'db>,
    ) -> Option<MemberInstance<'db>> {
        let db = self.db;
        let template = class.template(db);
        if !self.in_template
            || !crate::specialization::specializations(db, template).is_empty()
            || class.args(db).iter().any(|a| {
                matches!(a, GenericArg::Pack(_))
                    || matches!(a, GenericArg::Type(t) if t.is_error(db))
            })
        {
            return None;
        }
        let definition = crate::specialization::primary_definition(db, template)?;
        // Inside the template itself (its current instantiation, or another of its
        // instances, `Vec<U, N> r` in `Vec<T, N>::cast`, which EDG logs as `Vec<U, N>::v`)
        // the members are left to the template's own naming.
        let enclosing = self.this_class.and_then(|(ty, _)| match ty.kind(db) {
            TyKind::Instance(i) => Some(i.template(db)),
            _ => None,
        });
        if enclosing.is_some_and(|t| {
            t == template || crate::specialization::primary_definition(db, t) == Some(definition)
        }) {
            return None;
        }
        (crate::lower::class_of_member(db, member) == Some(definition))
            .then(|| MemberInstance::new(db, class, member))
    }

    /// `X<int>::m` naming a member of the instance its qualifier names.
    pub(crate) fn record_member_of_qualifier(
        &mut self,
        expr: ExprId,
        path: &Path,
        member: Item<'db>,
    ) {
        if path.segments.len() < 2
            || path.segments[path.segments.len() - 2].args.is_none()
            || !matches!(
                member.kind(self.db),
                ItemKind::Variable | ItemKind::Field | ItemKind::Routine | ItemKind::Typedef
            )
        {
            return;
        }
        let Some(class) = self.qualifier_instance(path) else {
            return;
        };
        if !concrete_args(self.db, class) {
            return;
        }
        self.result
            .qualifier_instances
            .push((expr.into_raw().into_u32(), class));
        if let Some(found) = member_instance_in(self.db, class, member)
            .or_else(|| same_named_member(self.db, class, member))
        {
            self.push_member_instance(expr, found);
        }
    }

    fn push_member_instance(&mut self, expr: ExprId, member: MemberInstance<'db>) {
        self.result
            .member_instances
            .push((expr.into_raw().into_u32(), member));
    }

    /// Records on a call's callee the class template instance whose member it is.
    fn set_class_instance(&mut self, expr: ExprId, member: MemberInstance<'db>) {
        if let Some(Some(ExprInfo {
            callee: Some(callee),
            ..
        })) = self
            .result
            .exprs
            .get_mut(expr.into_raw().into_u32() as usize)
        {
            callee.class_instance = Some(member);
        }
    }

    /// The class template instance a qualified name's qualifier names (`X<int>` in
    /// `X<int>::f`), with the instance's (or function template instance's) bindings applied.
    fn qualifier_instance(&mut self, path: &Path) -> Option<Instance<'db>> {
        let db = self.db;
        let (_, qualifier) = path.segments.split_last()?;
        qualifier.last()?.args.as_ref()?;
        let mut text = String::new();
        if path.global {
            text.push_str("::");
        }
        for (i, segment) in qualifier.iter().enumerate() {
            if i > 0 {
                text.push_str("::");
            }
            text.push_str(&segment.name);
            if let Some(args) = &segment.args {
                text.push('<');
                text.push_str(&args.join(", "));
                text.push('>');
            }
        }
        if let Some(ty) = self.type_ref(&text)
            && let TyKind::Instance(inst) = ty.unqualified(db).kind(db)
        {
            return Some(*inst);
        }
        // A standalone parse of the text does not know which names are types (`X<S>` reads
        // `S` as an expression): the arguments one by one, each a type-id of its own, the
        // defaults of those left out filled, when the template has no pack.
        let (last, outer) = qualifier.split_last()?;
        let mut names: Vec<String> = outer.iter().map(|s| s.name.to_string()).collect();
        names.push(last.name.to_string());
        let template = crate::inference::lookup_path_memo(db, self.scope, path.global, &names)
            .into_iter()
            .find(|i| i.kind(db) == ItemKind::ClassTemplate)?;
        let args = self.written_args(last.args.as_ref()?)?;
        super::type_refs::instance_with_defaults(db, template, args)
    }

    /// The members named as the path's last segment of the class template instance its
    /// qualifier names (`X<int>` in `X<int>::value`): of the definition the instance is made
    /// from, else of its base instances, depth first in declaration order (a base that
    /// depends on the template's parameters is known only in the instance).
    pub(crate) fn members_of_qualifier_instance(&mut self, path: &Path) -> Vec<Item<'db>> {
        fn go<'db>(
            db: &'db dyn crate::HirTyDatabase,
            instance: Instance<'db>,
            name: &str,
            depth: u32,
        ) -> Vec<Item<'db>> {
            let found = instance_members_named(db, instance, name);
            // Deeper than any header's chain of bases.
            if !found.is_empty() || depth > 16 {
                return found;
            }
            for base in crate::class_instance::instance_bases(db, instance) {
                let found = match base.unqualified(db).kind(db) {
                    TyKind::Instance(b) if concrete_args(db, *b) => go(db, *b, name, depth + 1),
                    TyKind::Class(c) => il::lookup::members_named(db, ScopeRef::Item(*c), name),
                    _ => Vec::new(),
                };
                if !found.is_empty() {
                    return found;
                }
            }
            Vec::new()
        }
        if path.segments.len() < 2 || path.segments[path.segments.len() - 2].args.is_none() {
            return Vec::new();
        }
        let Some(name) = path.segments.last().map(|s| s.name.to_string()) else {
            return Vec::new();
        };
        match self.qualifier_instance(path) {
            Some(class) if concrete_args(self.db, class) => go(self.db, class, &name, 0),
            _ => Vec::new(),
        }
    }

    /// A name's written template arguments (`<int, S>`), each an integer literal or a
    /// type-id of its own under the bindings; `None` when one is neither or depends.
    fn written_args(&mut self, written: &[impl AsRef<str>]) -> Option<Vec<GenericArg<'db>>> {
        let db = self.db;
        let mut args = Vec::new();
        for a in written.iter() {
            let a = a.as_ref();
            if let Ok(v) = a.parse::<i128>() {
                args.push(GenericArg::Value(v));
                continue;
            }
            let mut ty = self.type_ref(a)?;
            if ty.is_error(db)
                && let ScopeRef::Item(scope) = self.scope
                && let [typedef] = self.class_members(scope, a.trim())[..]
                && typedef.kind(db) == ItemKind::Typedef
            {
                // A member typedef of the class whose member this is (il's lookup from an
                // explicit specialization's scope does not see its members).
                ty = declared_ty(db, typedef);
            }
            if ty.is_error(db) || ty.is_dependent(db) {
                return None;
            }
            args.push(GenericArg::Type(ty));
        }
        Some(args)
    }

    /// `is_same_v<T, int>` naming a variable template: records the instance its arguments
    /// (under the bindings) make, when each is concrete, and gives the instance's type.
    pub(crate) fn record_variable_instance(
        &mut self,
        expr: ExprId,
        path: &Path,
        item: Item<'db>,
    ) -> Option<Ty<'db>> {
        let db = self.db;
        if item.kind(db) != ItemKind::VariableTemplate {
            return None;
        }
        let args = self.written_args(path.segments.last()?.args.as_ref()?)?;
        let template = crate::specialization::primary_variable_template(db, item);
        let instance = Instance::new(db, template, args);
        concrete_args(db, instance).then_some(())?;
        self.result
            .variable_instances
            .push((expr.into_raw().into_u32(), instance));
        Some(crate::var_instance::variable_instance_ty(db, instance))
    }
}

/// The member of the definition `class` is made from that stands for `member` found
/// elsewhere (lookup through the primary template where hir-ty chose a partial
/// specialization: `Traits<int *>::is_pointer`): the one member of the same name and kind.
fn same_named_member<'db>(
    db: &'db dyn crate::HirTyDatabase,
    class: Instance<'db>,
    member: Item<'db>,
) -> Option<MemberInstance<'db>> {
    let name = member.name_text(db)?;
    let same: Vec<Item<'db>> = instance_members_named(db, class, name)
        .into_iter()
        .filter(|m| m.kind(db) == member.kind(db))
        .collect();
    match same[..] {
        [only] => member_of_instance(db, class, only),
        _ => None,
    }
}
