//! The lines of calls that are not written as calls: overloaded operators, constructors and
//! destructors of locals, temporaries and `new`d objects, allocation functions, and lambdas'
//! captures.
use super::*;

impl<'db> Printer<'_, 'db> {
    /// `T(args)`, `T{args}` constructing a class: the class, its constructor and destructor,
    /// at the type's name.
    pub(super) fn temporary(&mut self, e: ExprId, ctor: Item<'db>) {
        if self.dependent {
            return;
        }
        let Some(written) = self.map.expr_syntax(e).map(|p| self.node(p)).and_then(|n| {
            n.children()
                .find(|c| matches!(c.kind(), NAME_REF | QUALIFIED_NAME))
        }) else {
            return;
        };
        let Some((at, _)) = name_position(&written) else {
            return;
        };
        let Some(class) = ctor.parent(self.db) else {
            return;
        };
        // An instance named through a typedef (`local_days(d)`) is logged under the
        // typedef's name and its arguments as spelled there, which the model does not keep.
        let instance = self
            .infer
            .type_of_expr(e)
            .and_then(|t| instance_of(self.db, t))
            .filter(|i| {
                i.template(self.db).name_text(self.db) == node_last_name(&written).as_deref()
            });
        // The class is named at its name, the constructor and destructor where the written
        // name starts (`ns::V(1)`: `ns::V::V` at `ns`), measured on cudafe++.
        let start = first_significant(&written).unwrap_or(at);
        // A returned temporary is the return value: constructed, not destroyed; in a member
        // of its own class its name is the injected one and EDG logs the constructor twice
        // (`static Shape unit() { return Shape(1, 1); }`), elsewhere once.
        let items = if self.in_return && self.returned_directly(e) {
            let own_class = self.owner.parent(self.db) == Some(class);
            [
                (!own_class).then_some((class, at)),
                Some((ctor, start)),
                own_class.then_some((ctor, start)),
            ]
        } else {
            [
                Some((class, at)),
                Some((ctor, start)),
                destructor(self.db, class).map(|d| (d, start)),
            ]
        };
        for (item, at) in items.into_iter().flatten() {
            self.class_item(item, instance, at);
        }
    }

    /// An expression the model says is copied or moved by a constructor, or converted by a
    /// conversion function (`hir_ty`'s implicit calls, and its trivial copies): the routine
    /// `R` at the expression's position, and (but for a trivial copy) the expression bound to
    /// its reference parameter or object (`A`) instead of `access`.
    pub(super) fn implicit_use(&mut self, e: ExprId, access: Access) -> Access {
        if self.launch_arguments.contains(&e) {
            return access;
        }
        let site = hir_ty::ImplicitSite::Expr(e);
        let used = |c: &&hir_ty::ImplicitCall<'db>| {
            c.site == site
                && matches!(
                    c.kind,
                    hir_ty::ImplicitKind::Copy
                        | hir_ty::ImplicitKind::Move
                        | hir_ty::ImplicitKind::Convert
                )
        };
        // A trivial copy reads its source (bitwise); a constructor or conversion function
        // that runs binds it to its reference parameter or object.
        let (call, bound) = match self.infer.implicit_calls().iter().find(used) {
            Some(call) => (*call, Access::Address),
            None => match self.infer.trivial_copies().iter().find(used) {
                Some(call) => (*call, access),
                None => {
                    self.converted_argument(e);
                    return access;
                }
            },
        };
        let Some((target, name)) = self.call_target(call.target) else {
            return access;
        };
        let Some(at) = self.expr_position(e) else {
            return access;
        };
        self.push(target, name, 'R', at);
        bound
    }

    /// A constructor's construction of the bases and members it does not initialize, as the
    /// model records it (a non-trivial default constructor): `R` at its body's `{`
    /// (`bbox() {}` default-constructing `point2d lower_left;`).
    pub(super) fn owner_constructions(&mut self, body: StmtId) {
        if self.templated || self.owner.kind(self.db) != ItemKind::Routine {
            return;
        }
        let Some(at) = self
            .map
            .stmt_syntax(body)
            .map(|p| self.node(p).text_range().start())
        else {
            return;
        };
        let targets: Vec<(Target<'db>, String)> = self
            .infer
            .implicit_calls()
            .iter()
            .filter(|c| {
                c.site == hir_ty::ImplicitSite::Owner && c.kind == hir_ty::ImplicitKind::Construct
            })
            .filter_map(|c| self.call_target(c.target))
            .collect();
        for (target, name) in targets {
            self.push(target, name, 'R', at);
        }
    }

    /// An argument the model says a converting constructor turns into a temporary of the
    /// parameter's class (`g(7)` for `void g(S)` with `S(int)`): the constructor and the
    /// temporary's destructor, `R` at the argument; of a class template instance, named with
    /// the instance (`conversion_instance`).
    fn converted_argument(&mut self, e: ExprId) {
        if self.operator_operands.contains(&e) || self.converted_initializers.contains(&e) {
            return;
        }
        let site = hir_ty::ImplicitSite::Expr(e);
        let calls = self.infer.implicit_calls();
        let Some(ctor) = calls.iter().find_map(|c| match c.target {
            hir_ty::CallTarget::Item(item)
                if c.site == site && c.kind == hir_ty::ImplicitKind::Construct =>
            {
                Some(item)
            }
            _ => None,
        }) else {
            return;
        };
        let Some(class) = ctor.parent(self.db) else {
            return;
        };
        let destroy = calls
            .iter()
            .find(|c| c.site == site && c.kind == hir_ty::ImplicitKind::Destroy)
            .map(|c| c.target);
        let Some(at) = self.expr_position(e) else {
            return;
        };
        if class.kind(self.db) == ItemKind::ClassTemplate {
            // A member of an instance (`basic_string<char, ...>::basic_string`): named with
            // the instance the model records for the conversion, the destructor as that
            // instance's too.
            let Some(member) = self.infer.conversion_instance(e) else {
                return;
            };
            let Some(name) = self.instance_member_name(member) else {
                return;
            };
            self.push(Target::Member(member), name, 'R', at);
            if let Some(hir_ty::CallTarget::Item(dtor)) = destroy
                && let Some(dtor) =
                    hir_ty::class_instance::member_instance_in(self.db, member.class(self.db), dtor)
                && let Some(name) = self.instance_member_name(dtor)
            {
                self.push(Target::Member(dtor), name, 'R', at);
            }
            return;
        }
        let destroy = destroy.and_then(|t| self.call_target(t));
        let name = self.item_name(ctor);
        self.push(Target::Item(ctor), name, 'R', at);
        if let Some((target, name)) = destroy {
            self.push(target, name, 'R', at);
        }
    }

    /// `new T(args)` of a class: the class, its constructor and destructor, at the type's name.
    pub(super) fn new_object(&mut self, e: ExprId) {
        if self.dependent {
            return;
        }
        let pointee =
            self.infer
                .type_of_expr(e)
                .and_then(|t| match unqualified(self.db, t).kind(self.db) {
                    TyKind::Pointer(inner) => Some(*inner),
                    _ => None,
                });
        let instance = pointee.and_then(|t| instance_of(self.db, t));
        let Some(class) = pointee.and_then(|t| class_of(self.db, t)).or_else(|| {
            instance.and_then(|i| hir_ty::class_instance::instance_definition(self.db, i))
        }) else {
            return;
        };
        let Some(at) = self
            .map
            .expr_syntax(e)
            .map(|p| self.node(p))
            .and_then(|n| {
                n.descendants()
                    .find(|c| matches!(c.kind(), NAME_REF | QUALIFIED_NAME))
            })
            .and_then(|n| name_position(&n))
            .map(|(at, _)| at)
        else {
            return;
        };
        let ctor = self
            .infer
            .callee_info(e)
            .filter(|c| c.kind == CalleeKind::Constructor)
            .map(|c| c.item)
            .or_else(|| default_constructor(self.db, class));
        for item in [Some(class), ctor, destructor(self.db, class)]
            .into_iter()
            .flatten()
        {
            self.class_item(item, instance, at);
        }
    }

    /// Whether `e` is the expression of the `return` being walked.
    pub(super) fn returned_directly(&self, e: ExprId) -> bool {
        self.map.expr_syntax(e).is_some_and(|p| {
            self.node(p)
                .parent()
                .is_some_and(|parent| parent.kind() == RETURN_STMT)
        })
    }

    /// `new` and `delete` call the allocation functions (implicitly declared), at the keyword.
    pub(super) fn allocation(&mut self, e: ExprId, array: bool, new: bool) {
        // In a template EDG logs no allocation function of a `new` (`new int[n]` too), nor the
        // deallocation function of a `delete` of a pointer to a type that depends (measured on
        // cudafe++).
        if self.dependent || (self.templated && new) {
            return;
        }
        if !new
            && self.templated
            && let Expr::Delete { expr, .. } = &self.body.exprs[e]
            && self
                .infer
                .type_of_expr(*expr)
                .is_none_or(|t| ty_dependent(self.db, t))
        {
            return;
        }
        let Some(at) = self
            .map
            .expr_syntax(e)
            .map(|p| self.node(p))
            .and_then(|n| {
                n.descendants_with_tokens()
                    .filter_map(|c| c.into_token())
                    .find(|t| matches!(t.kind(), NEW_KW | DELETE_KW))
            })
            .map(|t| t.text_range().start())
        else {
            return;
        };
        let (alloc, dealloc) = if array {
            ("operator new[]", "operator delete[]")
        } else {
            ("operator new", "operator delete")
        };
        if new {
            self.push(Target::Implicit(alloc), alloc.to_string(), 'R', at);
        }
        self.push(Target::Implicit(dealloc), dealloc.to_string(), 'R', at);
    }

    /// An overloaded operator: the operator function `R` at the operator token, a member
    /// operator's object `A`, the other operands by the parameters they initialize.
    pub(super) fn operator_call(&mut self, e: ExprId) -> bool {
        // In a template, an operator on a value that depends on the parameters is resolved
        // at instantiation.
        if self.dependent || (self.templated && self.mentions_template_param(e)) {
            return false;
        }
        let Some(callee) = self.infer.callee_info(e) else {
            return false;
        };
        // A function template whose arguments were not all deduced was not chosen (the
        // builtin operator was).
        if callee.kind != CalleeKind::Operator
            || (callee.item.kind(self.db) == ItemKind::FunctionTemplate
                && callee.instance.is_none())
        {
            return false;
        }
        let operands: Vec<ExprId> = self.body.exprs[e].child_exprs();
        if let Some(ptr) = self.map.expr_syntax(e) {
            let node = self.node(ptr);
            let token = node.children_with_tokens().find_map(|c| match c {
                NodeOrToken::Token(t) if !t.kind().is_trivia() => Some(t),
                _ => None,
            });
            if let Some(token) = token {
                let at = token.text_range().start();
                match self.instance_member_of(e) {
                    Some(member) => self.instance_member(member, Access::Reference, at),
                    None => {
                        let name = self.item_name(callee.item);
                        self.push(Target::Item(callee.item), name, 'R', at);
                    }
                }
            }
        }
        let member = hir_ty::callable_sig(self.db, callee.item)
            .as_ref()
            .is_some_and(|s| s.member_of.is_some());
        let (object, rest) = match (member, operands.split_first()) {
            (true, Some((first, rest))) => (Some(*first), rest.to_vec()),
            _ => (None, operands),
        };
        if let Some(object) = object {
            self.expr(object, Access::Address);
        }
        let outer = std::mem::replace(&mut self.operator_operands, rest.clone());
        self.arguments(&rest, Some(callee.item));
        self.operator_operands = outer;
        true
    }

    /// `a = b` of a class that declares no assignment operator: the implicit copy or move
    /// assignment the model says it uses (called, or trivial), `R` at the `=` as EDG logs it,
    /// even for a plain struct (`P::operator=`). An instance's is not spelled here. True when
    /// the assignment is a call (not trivial): its operands are then bound to its object and
    /// reference parameter (`A`).
    pub(super) fn implicit_assignment(&mut self, e: ExprId) -> bool {
        if self.dependent || self.templated {
            return false;
        }
        let site = hir_ty::ImplicitSite::Expr(e);
        let assigns = |c: &&hir_ty::ImplicitCall<'db>| {
            c.site == site && c.kind == hir_ty::ImplicitKind::Assign
        };
        let called = self.infer.implicit_calls().iter().find(assigns);
        let Some(call) = called
            .or_else(|| self.infer.trivial_copies().iter().find(assigns))
            .copied()
        else {
            return false;
        };
        let called = called.is_some();
        let (target, name) = match call.target {
            hir_ty::CallTarget::Item(item) => (Target::Item(item), self.item_name(item)),
            hir_ty::CallTarget::Special(member) => {
                let TyKind::Class(class) =
                    unqualified(self.db, member.class(self.db)).kind(self.db)
                else {
                    return false;
                };
                (
                    Target::ImplicitMember(*class, member.kind(self.db)),
                    format!("{}::operator=", self.item_name(*class)),
                )
            }
        };
        let Some(at) = self.operator_token(e) else {
            return false;
        };
        self.push(target, name, 'R', at);
        called
    }

    /// Where a binary or unary expression's operator token starts.
    fn operator_token(&self, e: ExprId) -> Option<TextSize> {
        let node = self.node(self.map.expr_syntax(e)?);
        node.children_with_tokens().find_map(|c| match c {
            NodeOrToken::Token(t) if !t.kind().is_trivia() => Some(t.text_range().start()),
            _ => None,
        })
    }

    /// A local of a class type: the constructor its initialization calls and the destructor,
    /// at the initializer (EDG's position of an expression: a binary operator's token, a
    /// parenthesized list's first element) or, without one, at its name. A temporary that
    /// initializes it (`T x = T(a)`) is the object: its lines are the temporary's.
    pub(super) fn local_construction(&mut self, b: BindingId, init: Option<ExprId>) {
        if self.templated {
            return;
        }
        let ty = self.infer.type_of_binding(b);
        let instance = ty
            .and_then(|t| instance_of(self.db, t))
            .filter(|_| !ty.is_some_and(|t| is_reference(self.db, t)));
        let Some(class) = ty.and_then(|t| class_of(self.db, t)).or_else(|| {
            instance.and_then(|i| hir_ty::class_instance::instance_definition(self.db, i))
        }) else {
            return;
        };
        if init.is_some_and(|i| matches!(self.body.exprs[i], Expr::Cast { .. })) {
            return;
        }
        let at = match init {
            Some(init) => self.expr_position(init),
            None => self
                .map
                .binding_syntax(b)
                .map(|p| self.node(p))
                .and_then(|n| declarator_name(&n)),
        };
        let Some(mut at) = at else { return };
        let ctor = match init {
            Some(init) => self
                .infer
                .callee_info(init)
                .filter(|c| c.kind == CalleeKind::Constructor)
                .map(|c| c.item)
                .or_else(|| {
                    // `S s = f(x);`: the converting constructor of the call's result, named
                    // where the initializer starts (measured on cudafe++).
                    let ctor = self.converting_constructor_of(init)?;
                    at = self.expr_start(init)?;
                    self.converted_initializers.push(init);
                    Some(ctor)
                }),
            None => default_constructor(self.db, class),
        };
        // Without a declared one, the implicit default constructor and destructor the model
        // says the local's construction and destruction call (non-trivial ones).
        let implicit = |kind: hir_ty::ImplicitKind| {
            self.infer
                .implicit_calls()
                .iter()
                .find_map(|c| match c.target {
                    hir_ty::CallTarget::Special(member)
                        if c.site == hir_ty::ImplicitSite::Binding(b) && c.kind == kind =>
                    {
                        Some(member.kind(self.db))
                    }
                    _ => None,
                })
        };
        let implicit_ctor = match ctor {
            None if init.is_none() => implicit(hir_ty::ImplicitKind::Construct)
                .map(|k| self.implicit_member(class, k, false)),
            _ => None,
        };
        let dtor = destructor(self.db, class);
        let implicit_dtor = match dtor {
            None => implicit(hir_ty::ImplicitKind::Destroy)
                .map(|k| self.implicit_member(class, k, true)),
            Some(_) => None,
        };
        // Declared ones, named through the instance when the class is one.
        for item in [ctor, dtor].into_iter().flatten() {
            self.class_item(item, instance, at);
        }
        for (target, name) in [implicit_ctor, implicit_dtor].into_iter().flatten() {
            self.push(target, name, 'R', at);
        }
        // `S s = make();`: a trivial constructor C++17 elides is named at the initializer's
        // start (EDG keeps the trivial copy; a user-provided or otherwise non-trivial one is
        // not named).
        if let Some(init) = init
            && let Some(call) = self
                .infer
                .elided_copies()
                .iter()
                .find(|c| c.site == hir_ty::ImplicitSite::Expr(init))
                .copied()
            && matches!(call.target, hir_ty::CallTarget::Special(m) if self.trivial(m))
            && let Some((target, name)) = self.call_target(call.target)
            && let Some(start) = self.expr_start(init)
        {
            self.push(target, name, 'R', start);
        }
    }

    /// How the log names what an implicit call calls: a declared routine by its name, an
    /// implicit member as `S::S` (a trivial one only of a class that declares constructors:
    /// EDG declares none for a class that declares no constructor, copied as plain data,
    /// unlogged); `None` for an instance's implicit member, which this printer does not spell.
    fn call_target(&self, target: hir_ty::CallTarget<'db>) -> Option<(Target<'db>, String)> {
        match target {
            hir_ty::CallTarget::Item(item) => Some((Target::Item(item), self.item_name(item))),
            hir_ty::CallTarget::Special(member) => {
                let TyKind::Class(class) =
                    unqualified(self.db, member.class(self.db)).kind(self.db)
                else {
                    return None;
                };
                (!self.trivial(member) || declares_constructor(self.db, *class))
                    .then(|| self.implicit_member(*class, member.kind(self.db), false))
            }
        }
    }

    /// Whether an implicit member is trivial (the model finds no call for it).
    fn trivial(&self, member: hir_ty::SpecialMember<'db>) -> bool {
        hir_ty::special::special_member(self.db, member.class(self.db), member.kind(self.db))
            .is_none()
    }

    /// An implicit member of a class: `S::S`, `S::~S`.
    fn implicit_member(
        &self,
        class: Item<'db>,
        kind: hir_ty::SpecialKind,
        destructor: bool,
    ) -> (Target<'db>, String) {
        let short = class.name_text(self.db).unwrap_or_default();
        let tilde = if destructor { "~" } else { "" };
        (
            Target::ImplicitMember(class, kind),
            format!("{}::{tilde}{short}", self.item_name(class)),
        )
    }

    /// Where an expression's text starts.
    /// The converting constructor inference records on a call that initializes a local
    /// (`S s = f(x);`).
    fn converting_constructor_of(&self, init: ExprId) -> Option<Item<'db>> {
        self.infer.implicit_calls().iter().find_map(|c| {
            (c.site == hir_ty::ImplicitSite::Expr(init)
                && c.kind == hir_ty::ImplicitKind::Construct)
                .then(|| c.target.as_item())
                .flatten()
        })
    }

    pub(super) fn expr_start(&self, e: ExprId) -> Option<TextSize> {
        first_significant(&self.node(self.map.expr_syntax(e)?))
    }

    /// Where EDG places an expression: a binary operator at its token, a list at its first
    /// element, anything else at its start.
    pub(super) fn expr_position(&self, e: ExprId) -> Option<TextSize> {
        match &self.body.exprs[e] {
            // A parenthesized list is placed where its first element starts.
            Expr::ParenInit(items) if !items.is_empty() => {
                return self.expr_start(items[0]);
            }
            Expr::InitList(items) if !items.is_empty() => {
                return self.expr_position(items[0]);
            }
            _ => {}
        }
        let node = self.node(self.map.expr_syntax(e)?);
        match self.body.exprs[e] {
            Expr::Binary { .. } => return operator_token(&node).map(|t| t.text_range().start()),
            // A member call is placed where its object starts (`sq(d.size())`: at `d`).
            Expr::Call { callee, .. } if matches!(self.body.exprs[callee], Expr::Member { .. }) => {
            }
            // A call is placed at its argument list's `(`.
            Expr::Call { .. } => {
                if let Some(args) = node.children().find(|c| c.kind() == ARG_LIST) {
                    return first_significant(&args);
                }
            }
            _ => {}
        }
        first_significant(&node)
    }

    /// A lambda: its captures, then its body with what it captures known.
    pub(super) fn lambda(&mut self, e: ExprId, lambda: &hir_def::hir::Lambda) {
        use hir_def::hir::Capture;
        let mut frame = LambdaFrame::default();
        frame.inner.extend(lambda.params.iter().copied());
        let node = self.map.expr_syntax(e).map(|p| self.node(p));
        let capture_nodes: Vec<SyntaxNode> = node
            .iter()
            .flat_map(|n| n.children().filter(|c| c.kind() == LAMBDA_CAPTURES))
            .flat_map(|c| {
                c.children()
                    .filter(|c| c.kind() == CAPTURE)
                    .collect::<Vec<_>>()
            })
            .collect();
        let mut named = capture_nodes.iter();
        for capture in lambda.captures.iter() {
            match capture {
                Capture::DefaultCopy => frame.default_by_ref = Some(false),
                Capture::DefaultRef => frame.default_by_ref = Some(true),
                Capture::This | Capture::StarThis => {
                    named.next();
                }
                Capture::Name { name, by_ref, .. } => {
                    let node = named.next();
                    let Some(b) = self
                        .declared
                        .iter()
                        .rev()
                        .find(|b| self.body.bindings[**b].name.as_deref() == Some(&**name))
                        .copied()
                    else {
                        continue;
                    };
                    frame.explicit.insert(b, *by_ref);
                    let ident = node.and_then(|n| {
                        n.children_with_tokens()
                            .filter_map(|c| c.into_token())
                            .find(|t| t.kind() == IDENT)
                    });
                    if let Some(ident) = ident {
                        let access = if *by_ref {
                            Access::Address
                        } else {
                            Access::Use
                        };
                        self.binding(b, access, ident.text_range().start());
                    }
                }
                Capture::Init {
                    binding,
                    init,
                    by_ref,
                } => {
                    named.next();
                    frame.inner.insert(*binding);
                    self.expr(
                        *init,
                        if *by_ref {
                            Access::Address
                        } else {
                            Access::Use
                        },
                    );
                }
            }
        }
        self.lambdas.push(frame);
        self.stmt(lambda.body);
        self.lambdas.pop();
    }
}
