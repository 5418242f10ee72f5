//! Function template instances whose bodies EDG instantiates where a body calls them.
//!
//! The host compilation instantiates the body of a function template instance only when it
//! is `constexpr` (or `consteval`) or its return type is deduced (`auto`): the instance may be
//! needed for constant evaluation or for its type (`docs/spec/xref.md`). Each such instance is
//! instantiated once, where a function body first calls it, and its body logs its parameters
//! and locals again, at the template's positions (`copysign(__half, __half)` calling
//! `__copysign_impl(__x, __y)` logs `__x D`, `__y D`, `__val D` at `__copysign_impl`'s);
//! an `if constexpr` branch that the instance's arguments discard is not instantiated, and
//! calls in the instance's body instantiate in turn.
//!
//! Which template a call calls, and with which arguments, is the semantic model's answer
//! (`called.rs`: hir-ty's overload resolution and deduction, `Callee::instance`); the walk only
//! logs the declarations of the chosen template's body.
use rowan::WalkEvent;
use syntax::{SyntaxKind::*, SyntaxNode};

use super::super::called::{CallContext, DEPTH_LIMIT};
use super::super::instances::Substitution;
use super::super::tree::{first_token, name_holder, name_token, structured_binding};
use super::super::{Scope, Walker};

impl Walker<'_> {
    /// A call in a body (outside templates, or in an instance's body with its binding):
    /// instantiates the body of the one function template it calls, when EDG would.
    pub(super) fn call_instance(
        &mut self,
        call: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        depth: u32,
    ) {
        if depth >= DEPTH_LIMIT {
            return;
        }
        // `X<args>::f(...)`: the walk completes the class instance its qualifier names first
        // (in an instance's body under the instance's binding: its names are not substituted
        // otherwise); which member is called, and its body, are the model's (below).
        let mut qualifier_instance = None;
        if let Some(name) = call
            .children()
            .next()
            .filter(|c| c.kind() == ID_EXPR)
            .and_then(|c| c.children().next())
            .filter(|n| n.kind() == QUALIFIED_NAME)
            && let Some(class) = name
                .children()
                .filter(|n| n.kind() == NAME_REF)
                .collect::<Vec<_>>()
                .split_last()
                .and_then(|(_, qualifiers)| qualifiers.last().cloned())
                .filter(|q| q.children().any(|n| n.kind() == TEMPLATE_ARG_LIST))
        {
            qualifier_instance = self.instance_of(&class, scope, subst);
        }
        let Some(called) = self.called.at(self.call_context, call.text_range()) else {
            return;
        };
        let (context, bindings, member) = (called.context, called.bindings.clone(), called.member);
        let (instantiated, without_values) = (called.instantiated, called.without_values);
        let guessed = self.called.guessed(self.call_context, call.text_range());
        let Some((function, function_scope)) = self
            .function_templates_at
            .get(&called.definition)
            .or_else(|| self.member_functions_at.get(&called.definition))
            .cloned()
        else {
            return;
        };
        if !member && !guessed && depth == 0 && without_values {
            self.complete_returned_instance(&function, &function_scope, &bindings);
        }
        if !instantiated {
            return;
        }
        if !self.function_instances.insert(format!("{context:?}")) {
            return;
        }
        if !member {
            // The `t` line of the instance's creation is the model's (`created`).
            self.definition_instantiated(&function);
            self.instance_body(&function, &function_scope, &bindings, context, depth + 1);
            return;
        }
        // A member of a class instance: named by the instance the qualifier names, or (a call
        // of another member inside a member's body) the instance being logged.
        let instance = qualifier_instance.or_else(|| self.member_instance.clone());
        if let Some(instance) = &instance {
            self.member_definition_instantiated(&function, instance);
        }
        let outer = std::mem::replace(&mut self.member_instance, instance);
        self.instance_body(&function, &function_scope, &bindings, context, depth + 1);
        self.member_instance = outer;
    }

    /// A call of a function template instance that returns a class template instance by value
    /// completes that class (a call's prvalue of class type needs it complete): the return
    /// type written in the template, with the template's parameters bound to the arguments
    /// the model deduced for this call (`make_range_view(p, 4)` completes `range_view<float
    /// *>`), even where the instance's body is not instantiated. Not where the model chose the
    /// instance by a guess (an argument of unknown type among several candidates), and only
    /// for the calls of non-template bodies: in the bodies of instances the walk instantiates
    /// (`constexpr` headers: `<chrono>`'s `duration_cast`), the bindings print non-type
    /// arguments of nested instances otherwise than EDG (`ratio<1, 1>` for `ratio<1L, 1L>`),
    /// and those instances' lines would not match; nor where an argument names a value at any
    /// depth (`duration<long, ratio<1, 1000000000>>`, whose `ratio` EDG prints with `1L`).
    fn complete_returned_instance(
        &mut self,
        function: &SyntaxNode,
        scope: &Scope,
        bindings: &Substitution,
    ) {
        let returns_object = function
            .children()
            .find(|n| n.kind() == DECLARATOR)
            .is_some_and(|d| !d.children().any(|n| n.kind() == PTR_OP));
        if !returns_object {
            return;
        }
        if let Some((ty, ty_scope)) = self.declared_class_instance(function, scope) {
            self.complete_instance(&ty, &ty_scope, bindings);
        }
    }

    /// EDG's `T` line of a member function of a class template instance whose definition is
    /// instantiated: under the instance's name (`__gnu_cxx::char_traits<char>::find`), at the
    /// definition's name (its last identifier, out of the class too).
    fn member_definition_instantiated(&mut self, function: &SyntaxNode, instance: &str) {
        if !self.references {
            return;
        }
        let Some(name) = function
            .children()
            .find(|n| n.kind() == DECLARATOR)
            .and_then(|d| name_token(&d))
        else {
            return;
        };
        self.emit_fresh(
            format!("{instance}::{}", name.text()),
            'T',
            name.text_range().start(),
        );
    }

    /// EDG's line for a function's definition instantiated (`T`), at its name and under the
    /// name of the last declaration line there (an instance's member is logged after the
    /// template's own).
    pub(crate) fn definition_instantiated(&mut self, function: &SyntaxNode) {
        self.instantiation_line(function, 'T', "");
    }

    /// An instantiation line (`t` created, `T` definition instantiated) of a function, at its
    /// name and under the name of the last declaration line there that starts with `prefix`
    /// (a class instance's member: `A<double>::`).
    pub(crate) fn instantiation_line(&mut self, function: &SyntaxNode, kind: char, prefix: &str) {
        if !self.references {
            return;
        }
        let Some(name) = function
            .children()
            .find(|n| n.kind() == DECLARATOR)
            .and_then(|d| name_token(&d))
        else {
            return;
        };
        let offset = name.text_range().start();
        if let Some(line) = self.lines.iter().rev().find(|l| {
            l.offset == offset && matches!(l.kind, 'D' | 'd') && l.name.starts_with(prefix)
        }) {
            self.emit_fresh(line.name.clone(), kind, offset);
        }
    }

    /// Logs an instance's body: its parameters, then its body's declarations in order, with
    /// the discarded `if constexpr` branches left out and the calls in it instantiating (those
    /// the model answers for in `context`).
    pub(super) fn instance_body(
        &mut self,
        function: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        context: CallContext,
        depth: u32,
    ) {
        // An instance's lines name its arguments, not the template's names: the reference
        // lines are not reproduced there.
        self.suspended_references += 1;
        let outer = std::mem::replace(&mut self.call_context, context);
        self.instance_body_lines(function, scope, subst, depth);
        self.call_context = outer;
        self.suspended_references -= 1;
    }

    fn instance_body_lines(
        &mut self,
        function: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        depth: u32,
    ) {
        let Some(declarator) = function.children().find(|n| n.kind() == DECLARATOR) else {
            return;
        };
        let local = Scope {
            local: true,
            path: scope.path.clone(),
            ..Scope::default()
        };
        let params = name_holder(&declarator)
            .and_then(|h| h.children().find(|n| n.kind() == FUNCTION_SUFFIX))
            .and_then(|s| s.children().find(|n| n.kind() == PARAM_LIST));
        if let Some(params) = &params {
            // The instance's parameter types, substituted: a parameter taken by value needs
            // its class, and the classes its type names members of (`st_t<T>` is
            // `typename st<T>::type`), complete.
            for param in params.children().filter(|p| p.kind() == PARAM) {
                let by_value = param
                    .children()
                    .find(|n| n.kind() == DECLARATOR)
                    .is_none_or(|d| !d.descendants().any(|n| n.kind() == PTR_OP));
                if by_value
                    && let Some(name) = param
                        .children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                {
                    self.complete_type_name(&name, scope, subst);
                }
            }
            self.param_list(params, 'D');
        }
        // Nothing the body names is completed from here: its names are the template's, not
        // substituted (only the calls are).
        self.template_depth += 1;
        for body in function
            .children()
            .filter(|n| matches!(n.kind(), COMPOUND_STMT | FUNCTION_TRY_BLOCK))
        {
            self.instance_statements(&body, &local, subst, depth);
        }
        self.template_depth -= 1;
    }

    fn instance_statements(
        &mut self,
        body: &SyntaxNode,
        local: &Scope,
        subst: &Substitution,
        depth: u32,
    ) {
        let mut walk = body.preorder();
        while let Some(event) = walk.next() {
            let WalkEvent::Enter(node) = event else {
                continue;
            };
            match node.kind() {
                CLASS_SPECIFIER | ENUM_SPECIFIER => walk.skip_subtree(),
                IF_STMT
                    if node
                        .children_with_tokens()
                        .any(|t| t.kind() == CONSTEXPR_KW) =>
                {
                    walk.skip_subtree();
                    let condition = node
                        .children()
                        .find(|n| n.kind() == CONDITION)
                        .and_then(|c| c.children().next());
                    // The walk's string evaluator decides first, the model's value (in the
                    // instance whose body this is) where it has none. With variable template
                    // instances in hir-ty the model alone loses 7 lines on test_data, all
                    // `numeric_limits<_Tp>::is_signed` for CCCL's extended floating types,
                    // which the model evaluates to false where cudafe++ takes the branch
                    // (docs/arch/xref.md, "model-first").
                    let Some(value) = condition.and_then(|c| {
                        self.evaluate(&c, local, subst)
                            .or_else(|| self.instance_value(&c))
                    }) else {
                        continue;
                    };
                    let branch = if value != 0 {
                        node.children()
                            .find(|n| !matches!(n.kind(), CONDITION | ELSE_BRANCH))
                    } else {
                        node.children()
                            .find(|n| n.kind() == ELSE_BRANCH)
                            .and_then(|e| e.children().next())
                    };
                    if let Some(branch) = branch {
                        self.instance_statements(&branch, local, subst, depth);
                    }
                }
                CALL_EXPR => self.call_instance(&node, local, subst, depth),
                HANDLER => {
                    if let Some(param) = node.children().find(|n| n.kind() == PARAM)
                        && let Some(name) = param
                            .children()
                            .find(|n| n.kind() == DECLARATOR)
                            .and_then(|d| name_token(&d))
                    {
                        self.emit_fresh(name.text().to_string(), 'D', name.text_range().start());
                    }
                }
                LABELED_STMT => {
                    if let Some(label) = first_token(&node, IDENT) {
                        self.emit_fresh(label.text().to_string(), 'D', label.text_range().start());
                    }
                }
                SIMPLE_DECLARATION => {
                    if let Some(binding) = structured_binding(&node) {
                        self.structured_binding(&binding);
                    } else {
                        self.simple_declaration(&node, local);
                    }
                }
                ALIAS_DECL | USING_DECL => self.declaration(&node, local),
                LAMBDA_EXPR => self.lambda(&node),
                _ => {}
            }
        }
    }
}
