//! Names: what a name or member expression denotes, at which position, with which kind, and
//! how the log spells it.
use super::*;

impl<'db> Printer<'_, 'db> {
    /// Whether an expression names a reference (a parameter, local or variable of reference
    /// type).
    pub(super) fn names_reference(&self, e: ExprId) -> bool {
        match self.infer.resolution(e) {
            Some(Resolution::Binding(b)) => self
                .infer
                .type_of_binding(*b)
                .is_some_and(|t| is_reference(self.db, t)),
            Some(Resolution::Item(i))
                if matches!(i.kind(self.db), ItemKind::Variable | ItemKind::Field) =>
            {
                is_reference(self.db, hir_ty::declared_ty(self.db, *i))
            }
            _ => false,
        }
    }

    /// A name expression: what it resolves to, at its last identifier, and the classes and
    /// namespaces its qualifiers name.
    pub(super) fn name(&mut self, e: ExprId, access: Access) {
        let Some(ptr) = self.map.expr_syntax(e) else {
            return;
        };
        let node = self.node(ptr);
        self.explicit_template_args(e, &node);
        let Some(resolution) = self.infer.resolution(e).cloned() else {
            // What the name denotes is decided at instantiation (or not known): the
            // namespaces its qualifiers name are known now.
            self.written_qualifiers(e, &node, true);
            return;
        };
        let Some((at, qualifiers)) = name_position(&node) else {
            return;
        };
        if let Some(member) = self.instance_member_of(e) {
            self.instance_member(member, access, at);
            match self.infer.qualifier_instance(e) {
                // A base instance declares the member (`__numeric_traits<ptrdiff_t>::__max`,
                // declared in `__numeric_traits_integer`): the qualifier's scopes are logged,
                // not its instance, which EDG spells with the arguments' typedefs as written
                // (`__numeric_traits<std::ptrdiff_t>`) where the model's has lost them.
                Some(named) if named != member.class(self.db) => {
                    if let Some((_, outer)) = qualifiers.split_last() {
                        self.qualifiers_from(named.template(self.db).parent(self.db), outer);
                    }
                }
                _ => self.instance_qualifiers(member.class(self.db), &qualifiers),
            }
            return;
        }
        match resolution {
            Resolution::Binding(b) => self.binding(b, access, at),
            Resolution::Item(item) if item.kind(self.db) == ItemKind::VariableTemplate => {
                // `v<int>` names the instance: logged under its arguments, when the model
                // spells them as EDG does (builtin types); otherwise not at all.
                let written = match &self.body.exprs[e] {
                    Expr::Path(path) => path.segments.last().and_then(|s| s.args.clone()),
                    _ => None,
                };
                // In a template, arguments that depend on its parameters leave the template
                // named (`is_same_v<_Tp, _Up>`: `is_same_v`).
                let name = match written {
                    Some(args) if !self.templated => self
                        .builtin_type_args(&args)
                        .map(|args| format!("{}<{}>", self.item_name(item), args.join(", "))),
                    _ => Some(self.item_name(item)),
                };
                if let Some(name) = name {
                    self.item_named(item, access, at, name);
                    self.qualifiers(item, &qualifiers);
                }
            }
            Resolution::Item(item) => {
                self.item(item, access, at);
                self.qualifiers(item, &qualifiers);
            }
            Resolution::Overloads(items) => {
                if let [item] = items[..] {
                    self.item(item, access, at);
                    self.qualifiers(item, &qualifiers);
                }
            }
            Resolution::Enumerator { enumeration, index } => {
                let name = node_last_name(&node).unwrap_or_default();
                self.enumerator(enumeration, index, &name, at, &qualifiers);
            }
            // A non-type template parameter's value is referred to (`N R`), in any context.
            Resolution::TemplateParam(p) => {
                let params = hir_def::generics::template_params(self.db, p.owner);
                if let Some(name) = params.get(p.index as usize).and_then(|d| d.name.clone()) {
                    self.push(Target::TemplateParam(p), name.into(), 'R', at);
                }
            }
        }
        self.written_qualifiers(e, &node, false);
    }

    /// An enumerator named (`R`, qualified by its enumeration's scope), and the qualifiers
    /// written before it.
    fn enumerator(
        &mut self,
        enumeration: Item<'db>,
        index: u32,
        name: &str,
        at: TextSize,
        qualifiers: &[(String, TextSize)],
    ) {
        let scope = match enumeration.parent(self.db) {
            Some(p) if !scoped_enum(self.db, enumeration) => self.item_name(p) + "::",
            None if !scoped_enum(self.db, enumeration) => String::new(),
            _ => self.item_name(enumeration) + "::",
        };
        self.push(
            Target::Enumerator(enumeration, index),
            format!("{scope}{name}"),
            'R',
            at,
        );
        if scoped_enum(self.db, enumeration) {
            self.qualifiers_from(Some(enumeration), qualifiers);
        } else {
            self.qualifiers(enumeration, qualifiers);
        }
    }

    /// The names written as explicit template arguments of a name expression (`Test<256, 4,
    /// BLOCK_SCAN_RAKING>()`, `k<BLOCK_THREADS, ALGORITHM><<<g, b>>>(...)`), which the body's
    /// expressions do not lower: what the model says each denotes (hir-ty's
    /// [`hir_ty::written_value`], then [`hir_ty::written_name`]), with its qualifiers.
    /// Measured on cudafe++: a template parameter, an enumerator or a type is named (`R`), a
    /// variable read (`U`; `R` in a template, where every such name is). A template-id among
    /// the arguments names an instance, which this printer does not spell: left out.
    pub(super) fn explicit_template_args(&mut self, e: ExprId, node: &SyntaxNode) {
        let name = if matches!(node.kind(), NAME_REF | QUALIFIED_NAME) {
            Some(node.clone())
        } else {
            node.children()
                .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
        };
        let Some(name) = name else {
            return;
        };
        let last = match name.kind() {
            QUALIFIED_NAME => name.children().filter(|n| n.kind() == NAME_REF).last(),
            _ => Some(name.clone()),
        };
        let Some(list) = last.and_then(|l| l.children().find(|n| n.kind() == TEMPLATE_ARG_LIST))
        else {
            return;
        };
        let names: Vec<SyntaxNode> = list
            .descendants()
            .filter(|n| {
                matches!(n.kind(), NAME_REF | QUALIFIED_NAME)
                    && n.parent().is_none_or(|p| p.kind() != QUALIFIED_NAME)
                    && !n.descendants().any(|d| d.kind() == TEMPLATE_ARG_LIST)
                    // Only the arguments of this list, not of a template-id among them.
                    && n.ancestors()
                        .find(|a| a.kind() == TEMPLATE_ARG_LIST)
                        .is_some_and(|a| a == list)
            })
            .collect();
        for n in names {
            let Some((at, qualifiers)) = name_position(&n) else {
                continue;
            };
            if self.placed_at(at) {
                continue;
            }
            let (global, segments) = il::lookup::name_segments(&n);
            match hir_ty::written_value(self.db, self.owner, e, global, &segments) {
                Some(Resolution::TemplateParam(p)) => {
                    let params = hir_def::generics::template_params(self.db, p.owner);
                    if let Some(param) = params.get(p.index as usize).and_then(|d| d.name.clone()) {
                        self.push(Target::TemplateParam(p), param.into(), 'R', at);
                    }
                }
                Some(Resolution::Item(item)) => {
                    let access = if self.templated {
                        Access::Reference
                    } else {
                        Access::Use
                    };
                    self.item(item, access, at);
                    self.qualifiers(item, &qualifiers);
                }
                Some(Resolution::Enumerator { enumeration, index }) => {
                    let last = segments.last().cloned().unwrap_or_default();
                    self.enumerator(enumeration, index, &last, at, &qualifiers);
                }
                Some(_) => {}
                None => {
                    if let Some(item) =
                        hir_ty::written_name(self.db, self.owner, e, global, &segments)
                        && matches!(
                            item.kind(self.db),
                            ItemKind::Class
                                | ItemKind::Struct
                                | ItemKind::Union
                                | ItemKind::Enum
                                | ItemKind::Typedef
                        )
                    {
                        let printed = self.item_name(item);
                        self.push(Target::Item(item), printed, 'R', at);
                        self.qualifiers(item, &qualifiers);
                    }
                }
            }
        }
    }

    /// The qualifiers of a name written at `e` (a name expression, or a type written in it)
    /// that the lines above did not place: `R` of what the model says each names (a
    /// namespace, namespace alias, class, enumeration or typedef; not a template, whose
    /// instance the qualifier names). `namespaces_only` where the name itself is dependent.
    pub(super) fn written_qualifiers(
        &mut self,
        e: ExprId,
        node: &SyntaxNode,
        namespaces_only: bool,
    ) {
        let Some(name) = qualified_name_of(node) else {
            return;
        };
        let Some((_, qualifiers)) = name_position(&name) else {
            return;
        };
        if qualifiers.is_empty() {
            return;
        }
        let global = is_global_name(&name);
        let mut segments: Vec<String> = qualifiers.iter().map(|(t, _)| t.clone()).collect();
        segments.push(String::new());
        let items = hir_ty::written_qualifiers(self.db, self.owner, e, global, &segments);
        for ((_, at), item) in qualifiers.iter().zip(items) {
            let Some(item) = item else { continue };
            let kind = item.kind(self.db);
            let printable = match kind {
                ItemKind::Namespace | ItemKind::NamespaceAlias => true,
                ItemKind::Class
                | ItemKind::Struct
                | ItemKind::Union
                | ItemKind::Enum
                | ItemKind::Typedef => !namespaces_only,
                _ => false,
            };
            if !printable || self.placed_at(*at) {
                continue;
            }
            let name = self.item_name(item);
            self.push(Target::Item(item), name, 'R', *at);
        }
    }

    /// The type written in a cast, `sizeof`, `alignof` or `typeid`: `R` of the class,
    /// enumeration or typedef its name denotes (the model's [`hir_ty::written_name`]; not
    /// `with_name` where the construction's lines name the class) and of its qualifiers. A
    /// template-id names an instance, which this printer does not spell: its qualifiers only.
    pub(super) fn written_type(&mut self, e: ExprId, with_name: bool) {
        let Some(ptr) = self.map.expr_syntax(e) else {
            return;
        };
        let node = self.node(ptr);
        // A functional cast's type is written among its children; the others' in a TYPE_ID.
        let holder = node
            .children()
            .find(|c| c.kind() == TYPE_ID)
            .unwrap_or_else(|| node.clone());
        let Some(name) = holder
            .children()
            .find(|c| matches!(c.kind(), NAME_REF | QUALIFIED_NAME))
        else {
            return;
        };
        let template_id = name.descendants().any(|d| d.kind() == TEMPLATE_ARG_LIST);
        // (Where a declared constructor is called, EDG logs it alone: `C<int>::C`.)
        if with_name && template_id && matches!(self.body.exprs[e], Expr::Cast { .. }) {
            self.cast_instance(e, &name);
        }
        if !with_name || template_id {
            self.written_qualifiers(e, &holder, false);
            return;
        }
        let Some((at, qualifiers)) = name_position(&name) else {
            return;
        };
        let Some(last) = node_last_name(&name) else {
            return;
        };
        let mut segments: Vec<String> = qualifiers.iter().map(|(t, _)| t.clone()).collect();
        segments.push(last);
        let global = is_global_name(&name);
        let item = hir_ty::written_name(self.db, self.owner, e, global, &segments);
        // A template parameter (`static_cast<T>(x)`, `sizeof(T)`): `R` under its name.
        if item.is_none()
            && let [param] = &segments[..]
            && !global
            && hir_def::generics::find_template_param(self.db, self.owner, param).is_some()
            && !self.placed_at(at)
        {
            self.push(
                Target::Implicit("template parameter"),
                param.clone(),
                'R',
                at,
            );
        }
        // A local typedef or alias (`sizeof(T)` after `using T = float;`): `R` of the local,
        // whose `D` line the declaration walk wrote at its name.
        if item.is_none()
            && let [single] = &segments[..]
            && !global
            && let Some(t) = hir_ty::written_local_alias(self.db, self.owner, e, single)
            && let Some(decl_at) = self.local_type_name(t)
            && !self.placed_at(at)
        {
            self.push(Target::Local(decl_at), single.clone(), 'R', at);
        }
        if let Some(item) = item
            && matches!(
                item.kind(self.db),
                ItemKind::Class
                    | ItemKind::Struct
                    | ItemKind::Union
                    | ItemKind::Enum
                    | ItemKind::Typedef
            )
            && !self.placed_at(at)
        {
            let name = self.item_name(item);
            self.push(Target::Item(item), name, 'R', at);
        }
        self.written_qualifiers(e, &holder, false);
    }

    /// Where a local typedef's or alias's name is in the file (its `D` line's position).
    fn local_type_name(&self, t: hir_def::hir::LocalTypeId) -> Option<TextSize> {
        let node = self.node(self.map.local_type_syntax(t)?);
        let at = match <syntax::ast::AliasDecl as rowan::ast::AstNode>::cast(node.clone()) {
            Some(alias) => alias.name()?.text_range().start(),
            None => declarator_name(&node)?,
        };
        self.file_offset(at)
    }

    /// A functional cast to a class template-id (`thrust::plus<int>()`): the instance the
    /// model typed the temporary as, `R` at the template's name.
    fn cast_instance(&mut self, e: ExprId, name: &SyntaxNode) {
        let Some(ty) = self.infer.type_of_expr(e) else {
            return;
        };
        let TyKind::Instance(instance) = unqualified(self.db, ty).kind(self.db).clone() else {
            return;
        };
        if ty.is_dependent(self.db) {
            return;
        }
        let Some((at, _)) = name_position(name) else {
            return;
        };
        // Only where the name written is the template's (not an alias template's).
        let template = instance.template(self.db).name_text(self.db).unwrap_or("");
        let template = template.rsplit("::").next().unwrap_or(template);
        let written = name
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .find(|t| t.text_range().start() == at);
        if written.is_none_or(|t| t.text() != template) || self.placed_at(at) {
            return;
        }
        // EDG spells an argument written as a typedef by the typedef (`duration<long double,
        // std::milli>`); the model's instance holds its target: no line rather than a wrong one.
        let typedef_argument = name
            .descendants()
            .filter(|n| n.kind() == TEMPLATE_ARG_LIST)
            .flat_map(|list| list.descendants())
            .filter(|n| {
                matches!(n.kind(), NAME_REF | QUALIFIED_NAME)
                    && n.parent().is_none_or(|p| p.kind() != QUALIFIED_NAME)
            })
            .any(|n| {
                let (global, segments) = il::lookup::name_segments(&n);
                hir_ty::written_name(self.db, self.owner, e, global, &segments)
                    .is_some_and(|i| i.kind(self.db) == ItemKind::Typedef)
            });
        if !typedef_argument {
            self.push_instance(instance, at);
        }
    }

    /// Whether an `R` line is already placed at `at`.
    fn placed_at(&self, at: TextSize) -> bool {
        let Some(offset) = self.file_offset(at) else {
            return true;
        };
        self.lines
            .iter()
            .any(|l| l.offset == offset && l.kind == 'R')
    }

    /// The qualifiers of a callee whose call is resolved at instantiation.
    pub(super) fn callee_qualifiers(&mut self, e: ExprId) {
        let Some(ptr) = self.map.expr_syntax(e) else {
            return;
        };
        let node = self.node(ptr);
        self.explicit_template_args(e, &node);
        let item = match self.infer.resolution(e) {
            Some(Resolution::Item(i)) => *i,
            Some(Resolution::Overloads(items)) if !items.is_empty() => items[0],
            _ => {
                self.written_qualifiers(e, &node, true);
                return;
            }
        };
        if let Some((_, qualifiers)) = name_position(&node) {
            self.qualifiers(item, &qualifiers);
        }
        self.written_qualifiers(e, &node, false);
    }

    /// `obj.m`: the member, at its name.
    pub(super) fn member_name(&mut self, e: ExprId, access: Access) {
        if let Some(member) = self.instance_member_of(e) {
            // A data member whose type the model did not work out (a template template
            // parameter's instance): how it is accessed is not known. A member of an instance
            // whose arguments depend (`S<T>::n` in a template) has a dependent type, and is
            // named `R` as any operand the instantiation decides.
            let untyped =
                matches!(
                    member.member(self.db).kind(self.db),
                    ItemKind::Field | ItemKind::Variable
                ) && hir_ty::class_instance::concrete_args(self.db, member.class(self.db))
                    && self
                        .infer
                        .type_of_expr(e)
                        .is_none_or(|t| t.is_dependent(self.db) || t.is_error(self.db));
            if untyped {
                return;
            }
            if let Some(at) = self
                .map
                .expr_syntax(e)
                .map(|p| self.node(p))
                .and_then(|node| {
                    node.children()
                        .filter(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                        .last()
                })
                .and_then(|n| name_position(&n))
                .map(|(at, _)| at)
            {
                self.instance_member(member, access, at);
            }
            return;
        }
        let Some(Resolution::Item(item)) = self.infer.resolution(e).cloned() else {
            self.dependent_member(e);
            return;
        };
        let Some(ptr) = self.map.expr_syntax(e) else {
            return;
        };
        let node = self.node(ptr);
        let Some(name) = node
            .children()
            .filter(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
            .last()
        else {
            return;
        };
        if let Some((at, _)) = name_position(&name) {
            self.item(item, access, at);
        }
    }

    /// The member of a class template instance `e` denotes, as inference recorded it, when
    /// the log cannot name it as the template's member (it is named from outside the
    /// template).
    pub(super) fn instance_member_of(&self, e: ExprId) -> Option<MemberInstance<'db>> {
        self.infer.member_instance(e).filter(|m| {
            !self.nameable(m.member(self.db)) && !m.class(self.db).args(self.db).is_empty()
        })
    }

    /// A member of a class template instance, named with the instance as the type printer
    /// spells it in EDG's convention (`Vec<float, 4>::sum`).
    pub(super) fn instance_member(
        &mut self,
        member: MemberInstance<'db>,
        access: Access,
        at: TextSize,
    ) {
        let item = member.member(self.db);
        let access = self.item_access(item, access);
        if let Some(name) = self.instance_member_name(member) {
            self.push(Target::Member(member), name, access.letter(), at);
        }
    }

    /// `None` when the type printer cannot spell the instance as EDG does.
    pub(super) fn instance_member_name(&self, member: MemberInstance<'db>) -> Option<String> {
        let item = member.member(self.db);
        let own = item.name_text(self.db).unwrap_or("<unnamed>");
        let own = own.rsplit("::").next().unwrap_or(own);
        let class = hir_ty::display::instance_edg_name(self.db, member.class(self.db))?;
        Some(format!("{class}::{own}"))
    }

    /// The qualifiers of a name of an instance's member: the instance `R` at the innermost
    /// one when it names that instance's template, then the template's enclosing scopes.
    fn instance_qualifiers(&mut self, instance: Instance<'db>, qualifiers: &[(String, TextSize)]) {
        let template = instance.template(self.db);
        let Some(((text, at), outer)) = qualifiers.split_last() else {
            return;
        };
        if template.name_text(self.db) != Some(text.as_str()) {
            return;
        }
        self.push_instance(instance, *at);
        self.qualifiers_from(template.parent(self.db), outer);
    }

    /// A class template instance named (`R`), as the type printer spells it.
    pub(super) fn push_instance(&mut self, instance: Instance<'db>, at: TextSize) {
        if let Some(name) = hir_ty::display::instance_edg_name(self.db, instance) {
            self.push(Target::Instance(instance), name, 'R', at);
        }
    }

    /// `R` of a class, or of one of its members, named through an object or a type that is
    /// `instance` (a class template instance): as the instance's member when the log cannot
    /// name it as the template's.
    pub(super) fn class_item(
        &mut self,
        item: Item<'db>,
        instance: Option<Instance<'db>>,
        at: TextSize,
    ) {
        let through_instance =
            !self.nameable(item) || item.kind(self.db) == ItemKind::ClassTemplate;
        let Some(instance) = instance.filter(|_| through_instance) else {
            let name = self.item_name(item);
            self.push(Target::Item(item), name, 'R', at);
            return;
        };
        if hir_ty::class_instance::instance_definition(self.db, instance) == Some(item) {
            self.push_instance(instance, at);
        } else if let Some(member) =
            hir_ty::class_instance::member_instance_in(self.db, instance, item)
            && let Some(name) = self.instance_member_name(member)
        {
            self.push(Target::Member(member), name, 'R', at);
        }
    }

    /// `a.x` where `a`'s type is a template parameter `T`: `T::x`.
    pub(super) fn dependent_member(&mut self, e: ExprId) {
        if !self.dependent {
            return;
        }
        let Expr::Member { base, member, .. } = &self.body.exprs[e] else {
            return;
        };
        let Some(TyKind::Param(param)) = self
            .infer
            .type_of_expr(*base)
            .map(|t| unqualified(self.db, t).kind(self.db).clone())
        else {
            return;
        };
        let params = hir_def::generics::template_params(self.db, param.owner);
        let Some(param_name) = params
            .get(param.index as usize)
            .and_then(|p| p.name.clone())
        else {
            return;
        };
        let [segment] = &member.segments[..] else {
            return;
        };
        let Some(ptr) = self.map.expr_syntax(e) else {
            return;
        };
        let node = self.node(ptr);
        let Some(at) = node
            .children()
            .filter(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
            .last()
            .and_then(|n| name_position(&n))
            .map(|(at, _)| at)
        else {
            return;
        };
        let name = format!("{param_name}::{}", segment.name);
        self.push(Target::Implicit("dependent member"), name, 'R', at);
    }

    pub(super) fn binding(&mut self, b: BindingId, access: Access, at: TextSize) {
        if self.dependent {
            let Some(name) = self.body.bindings[b].name.clone() else {
                return;
            };
            let Some(decl_at) = self
                .map
                .binding_syntax(b)
                .map(|p| self.node(p))
                .and_then(|n| declarator_name(&n))
                .and_then(|at| self.file_offset(at))
            else {
                return;
            };
            // An enumerator (of a local enumeration, whose type depends) is a constant: named
            // once, not rebuilt.
            if self.body.bindings[b].kind == BindingKind::Enumerator {
                self.push(Target::Local(decl_at), name.to_string(), 'R', at);
                return;
            }
            // A reference is read where it is named, and what is rebuilt is its referent.
            if self
                .infer
                .type_of_binding(b)
                .is_some_and(|t| is_reference(self.db, t))
            {
                self.push(Target::Local(decl_at), name.to_string(), 'U', at);
                return;
            }
            self.push(
                Target::Local(decl_at),
                name.to_string(),
                access.letter(),
                at,
            );
            if self.rebuild_name {
                self.push(Target::Local(decl_at), name.to_string(), 'R', at);
            }
            return;
        }
        let binding = &self.body.bindings[b];
        let Some(name) = binding.name.as_deref() else {
            return;
        };
        let ty = self.infer.type_of_binding(b);
        let access = match binding.kind {
            BindingKind::Enumerator | BindingKind::LocalFunction => Access::Reference,
            _ if ty.is_some_and(|t| is_function(self.db, t)) => Access::Reference,
            _ => self.reference_read(self.decayed(access, ty), ty),
        };
        let Some(decl_at) = self
            .map
            .binding_syntax(b)
            .map(|p| self.node(p))
            .and_then(|n| declarator_name(&n))
            .and_then(|at| self.file_offset(at))
        else {
            return;
        };
        let name = name.to_string();
        // A variable captured by a lambda: the body names the closure's copy (`R`), and an
        // implicit capture is made there (`U` by copy, `A` by reference); an explicit capture
        // by reference accesses the variable itself.
        if let Some(frame) = self.lambdas.last()
            && !frame.inner.contains(&b)
            && binding.kind != BindingKind::Enumerator
        {
            let implicit = match frame.explicit.get(&b) {
                Some(true) => None,
                Some(false) => {
                    self.push(Target::Local(decl_at), name, 'R', at);
                    return;
                }
                None => frame.default_by_ref,
            };
            if let Some(by_ref) = implicit {
                self.push(Target::Local(decl_at), name.clone(), 'R', at);
                let kind = if by_ref { 'A' } else { 'U' };
                self.push(Target::Local(decl_at), name, kind, at);
                return;
            }
        }
        self.push(Target::Local(decl_at), name, access.letter(), at);
    }

    /// `auto [a, b] = e;`: the hidden variable `<struct binding N>` (declared at the `[`) is
    /// read where each name is bound to it.
    pub(super) fn structured_binding_uses(&mut self, b: BindingId) {
        self.structured_bindings += 1;
        let Some(declarator) = self.map.binding_syntax(b).map(|p| self.node(p)) else {
            return;
        };
        let Some(open) = declarator
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .find(|t| t.kind() == L_BRACK)
        else {
            return;
        };
        let Some(decl_at) = self.file_offset(open.text_range().start()) else {
            return;
        };
        let name = format!("<struct binding {}>", self.structured_bindings);
        let names: Vec<TextSize> = declarator
            .children_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| t.kind() == IDENT)
            .map(|t| t.text_range().start())
            .collect();
        for at in names {
            self.push(Target::Local(decl_at), name.clone(), 'U', at);
        }
    }

    /// A binding referenced at its own declarator (a range-`for` variable).
    pub(super) fn binding_at_declarator(&mut self, b: BindingId, access: Access) {
        let Some(name) = self.body.bindings[b].name.clone() else {
            return;
        };
        let Some(at) = self
            .map
            .binding_syntax(b)
            .map(|p| self.node(p))
            .and_then(|n| declarator_name(&n))
        else {
            return;
        };
        if let Some(file_at) = self.file_offset(at) {
            self.push(
                Target::Local(file_at),
                name.to_string(),
                access.letter(),
                at,
            );
        }
    }

    pub(super) fn declare(&mut self, b: BindingId) {
        self.declared.push(b);
        if let Some(frame) = self.lambdas.last_mut() {
            frame.inner.insert(b);
        }
    }

    /// An array or function used as a value decays to a pointer: its address is taken.
    pub(super) fn decayed(&self, access: Access, ty: Option<Ty<'db>>) -> Access {
        match access {
            Access::Use if self.subscripted_array => Access::Use,
            Access::Use if ty.is_some_and(|t| is_array(self.db, t) || is_function(self.db, t)) => {
                Access::Address
            }
            a => a,
        }
    }

    /// A reference variable named where its value is not accessed is still read.
    pub(super) fn reference_read(&self, access: Access, ty: Option<Ty<'db>>) -> Access {
        if ty.is_some_and(|t| is_reference(self.db, t)) {
            Access::Use
        } else {
            access
        }
    }

    /// Template arguments as written, each spelled by the type printer, when every one is a
    /// builtin type (or a pointer or reference to one, cv-qualified or not).
    fn builtin_type_args(&self, args: &[Box<str>]) -> Option<Vec<String>> {
        args.iter()
            .map(|a| {
                let ty = hir_ty::lower::type_ref_ty(self.db, self.owner, a)?;
                let mut inner = ty;
                loop {
                    match inner.kind(self.db) {
                        TyKind::Builtin(_) => break,
                        TyKind::Qualified(_, t) | TyKind::Pointer(t) | TyKind::Reference(_, t) => {
                            inner = *t
                        }
                        _ => return None,
                    }
                }
                Some(ty.to_source(self.db))
            })
            .collect()
    }

    pub(super) fn item(&mut self, item: Item<'db>, access: Access, at: TextSize) {
        let name = self.item_name(item);
        self.item_named(item, access, at, name);
    }

    fn item_named(&mut self, item: Item<'db>, access: Access, at: TextSize, name: String) {
        let access = self.item_access(item, access);
        // A function template named as a value (`apply(twice, 2)`, `os << std::endl`): the
        // target type picks its instance, whose address is taken (`A`), and the template
        // is referred to where it is instantiated (`R`, first).
        if item.kind(self.db) == ItemKind::FunctionTemplate
            && access == Access::Address
            && !self.dependent
        {
            self.push(Target::Item(item), name.clone(), 'R', at);
        }
        self.push(Target::Item(item), name, access.letter(), at);
    }

    /// How an entity named with `access` is accessed: a variable of reference type is read, a
    /// function named as a value has its address taken, an array used as a value decays;
    /// anything else is only named.
    fn item_access(&self, item: Item<'db>, access: Access) -> Access {
        let access = match item.kind(self.db) {
            ItemKind::Variable | ItemKind::Field | ItemKind::VariableTemplate => {
                self.reference_read(access, Some(hir_ty::declared_ty(self.db, item)))
            }
            ItemKind::Routine | ItemKind::FunctionTemplate
                if matches!(access, Access::Use | Access::Address) =>
            {
                Access::Address
            }
            _ => Access::Reference,
        };
        match item.kind(self.db) {
            ItemKind::Variable | ItemKind::Field => {
                self.decayed(access, Some(hir_ty::declared_ty(self.db, item)))
            }
            _ => access,
        }
    }

    /// The classes a qualified name's qualifiers name, `R` at each: matched against the
    /// resolved entity's enclosing classes, innermost first (a qualifier naming something else,
    /// a namespace or a base, is left out).
    pub(super) fn qualifiers(&mut self, item: Item<'db>, qualifiers: &[(String, TextSize)]) {
        self.qualifiers_from(item.parent(self.db), qualifiers);
    }

    pub(super) fn qualifiers_from(
        &mut self,
        scope: Option<Item<'db>>,
        qualifiers: &[(String, TextSize)],
    ) {
        let mut scope = scope;
        for (text, at) in qualifiers.iter().rev() {
            // Inline namespaces are not written: skip those that are not named.
            while let Some(s) = scope
                && s.kind(self.db) == ItemKind::Namespace
                && s.name_text(self.db) != Some(text.as_str())
            {
                scope = s.parent(self.db);
            }
            let Some(s) = scope else { return };
            if s.name_text(self.db) != Some(text.as_str())
                || !matches!(
                    s.kind(self.db),
                    ItemKind::Class
                        | ItemKind::Struct
                        | ItemKind::Union
                        | ItemKind::Enum
                        | ItemKind::Namespace
                )
            {
                return;
            }
            let name = self.item_name(s);
            self.push(Target::Item(s), name, 'R', *at);
            scope = s.parent(self.db);
        }
    }

    /// An entity's name as the log prints it: qualified, an unnamed namespace as `<unnamed>`.
    pub(super) fn item_name(&self, item: Item<'db>) -> String {
        item_name(self.db, item)
    }

    /// Whether the log can name the entity as it is: a member of a class template is named
    /// so from inside that template only (`C<T>::m`); elsewhere it is a member of an instance
    /// (`Target::Member`, named after `InferenceResult::member_instance`).
    pub(super) fn nameable(&self, item: Item<'db>) -> bool {
        let mut cur = item.parent(self.db);
        while let Some(scope) = cur {
            if scope.kind(self.db) == ItemKind::ClassTemplate {
                // An explicit specialization's members are named with its arguments.
                if hir_def::generics::template_params(self.db, scope).is_empty() {
                    return false;
                }
                let mut owner = Some(self.owner);
                while let Some(o) = owner {
                    if o == scope {
                        return true;
                    }
                    owner = o.parent(self.db);
                }
                return false;
            }
            cur = scope.parent(self.db);
        }
        true
    }
}
