//! The members an instance declares when it is completed: data members and member typedefs
//! `D`, member functions `d` with their parameters, static data members `d` unless defined in
//! the class, member templates, friends defined in the class (per instance).
use syntax::{SyntaxKind::*, SyntaxNode};

use super::super::{Scope, Walker, declares_function, first_token, has_token};
use super::{Substitution, is_object_declarator, type_template_id};

impl Walker<'_> {
    pub(super) fn instance_members(
        &mut self,
        members: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) {
        for member in members.children() {
            match member.kind() {
                STATIC_ASSERT => self.static_assertion(&member, scope, subst),
                SIMPLE_DECLARATION => self.instance_declaration(&member, scope, subst),
                FUNCTION_DEF => {
                    // A friend defined in the class is a function of the enclosing namespace,
                    // defined by each instance (its parameters are not logged again).
                    if has_token(&member, FRIEND_KW) {
                        if let Some(declarator) = member.children().find(|n| n.kind() == DECLARATOR)
                        {
                            self.instance_function(
                                &declarator,
                                &scope.namespace_scope(),
                                'D',
                                false,
                            );
                        }
                        continue;
                    }
                    if let Some(declarator) = member.children().find(|n| n.kind() == DECLARATOR) {
                        // `= default` and `= delete` define the instance's member; a body
                        // is not instantiated, so the member is only declared.
                        let kind = if member.children().any(|n| n.kind() == DEFAULTED_BODY) {
                            'D'
                        } else {
                            'd'
                        };
                        self.instance_function(&declarator, scope, kind, true);
                    }
                }
                ALIAS_DECL => {
                    if let Some(ty) = member.children().find(|n| n.kind() == TYPE_ID) {
                        self.complete_qualifiers_in(&ty, scope, subst);
                    }
                    self.record_declaration_facts(&member, scope, subst);
                    if let Some(name) = first_token(&member, IDENT) {
                        self.emit_fresh(scope.qualify(name.text()), 'D', name.text_range().start());
                    }
                }
                TEMPLATE_DECL => {
                    // A member template: its parameters are declared again, the template `d`.
                    if let Some(params) =
                        member.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST)
                    {
                        let outer = self.template_param_ids.len();
                        self.template_parameters(&params, scope);
                        self.template_param_ids.truncate(outer);
                    }
                    let Some(inner) = member.children().find(|n| {
                        matches!(n.kind(), FUNCTION_DEF | SIMPLE_DECLARATION | ALIAS_DECL)
                    }) else {
                        continue;
                    };
                    // A member class template (primary or partial specialization) is
                    // declared (`d`), an alias template defined (`D`).
                    let class_name = inner
                        .children()
                        .find(|n| matches!(n.kind(), CLASS_SPECIFIER | ELABORATED_TYPE))
                        .filter(|_| {
                            inner.kind() == SIMPLE_DECLARATION
                                && !has_token(&inner, FRIEND_KW)
                                && !inner.children().any(|n| n.kind() == INIT_DECLARATOR)
                        })
                        .and_then(|c| c.children().find(|n| n.kind() == NAME_REF))
                        .and_then(|n| first_token(&n, IDENT));
                    if inner.kind() == ALIAS_DECL {
                        if let Some(name) = first_token(&inner, IDENT) {
                            let id = self.fresh();
                            let name_text = scope.qualify(name.text());
                            self.emit(id, name_text, 'D', name.text_range().start());
                        }
                    } else if let Some(name) = class_name {
                        self.emit_fresh(scope.qualify(name.text()), 'd', name.text_range().start());
                    } else if let Some(declarator) = match inner.kind() {
                        FUNCTION_DEF => inner.children().find(|n| n.kind() == DECLARATOR),
                        _ => inner
                            .children()
                            .filter(|n| n.kind() == INIT_DECLARATOR)
                            .find_map(|i| i.children().find(|n| n.kind() == DECLARATOR)),
                    }
                    .filter(declares_function)
                    {
                        // A friend function template is a member of the enclosing namespace
                        // (`std::find`, declared again by each instance; defined when it
                        // has a body).
                        let friend = has_token(&inner, FRIEND_KW);
                        let function_scope = if friend {
                            scope.namespace_scope()
                        } else {
                            scope.clone()
                        };
                        let kind = if friend && inner.kind() == FUNCTION_DEF {
                            'D'
                        } else {
                            'd'
                        };
                        self.instance_function(&declarator, &function_scope, kind, false);
                    }
                }
                _ => {}
            }
        }
    }

    pub(super) fn instance_declaration(
        &mut self,
        node: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) {
        if has_token(node, FRIEND_KW) {
            // A friend function is declared in the enclosing namespace by each instance.
            for declarator in node
                .children()
                .filter(|n| n.kind() == INIT_DECLARATOR)
                .filter_map(|i| i.children().find(|n| n.kind() == DECLARATOR))
                .filter(declares_function)
            {
                self.instance_function(&declarator, &scope.namespace_scope(), 'd', false);
            }
            return;
        }
        let is_typedef = has_token(node, TYPEDEF_KW);
        let is_static = has_token(node, STATIC_KW);
        let defined_static = has_token(node, CONSTEXPR_KW) || has_token(node, INLINE_KW);
        if is_typedef {
            // A member typedef's type is formed with the class: the classes it names members of
            // are completed.
            for ty in node
                .children()
                .filter(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME | ELABORATED_TYPE))
            {
                self.complete_qualifiers_in(&ty, scope, subst);
            }
        }
        self.record_declaration_facts(node, scope, subst);
        self.member_classes(node, scope);
        // A member enumeration: its name and enumerators are members of the instance.
        if let Some(spec) = node.children().find(|n| n.kind() == ENUM_SPECIFIER)
            && let Some(list) = spec.children().find(|n| n.kind() == ENUMERATOR_LIST)
        {
            let mut enumerator_scope = scope.clone();
            if let Some(name) = spec
                .children()
                .find(|n| n.kind() == NAME_REF)
                .and_then(|n| first_token(&n, IDENT))
            {
                self.enumerations.insert(scope.qualify(name.text()));
                self.emit_fresh(scope.qualify(name.text()), 'D', name.text_range().start());
                if has_token(&spec, CLASS_KW) || has_token(&spec, STRUCT_KW) {
                    enumerator_scope = scope.enter(name.text().to_string(), false);
                }
            }
            for enumerator in list.children().filter(|n| n.kind() == ENUMERATOR) {
                if let Some(name) = first_token(&enumerator, IDENT) {
                    self.emit_fresh(
                        enumerator_scope.qualify(name.text()),
                        'D',
                        name.text_range().start(),
                    );
                }
            }
            self.record_enumerators(&list, &enumerator_scope, subst);
        }
        for init in node.children().filter(|n| n.kind() == INIT_DECLARATOR) {
            let Some(declarator) = init.children().find(|n| n.kind() == DECLARATOR) else {
                continue;
            };
            if declares_function(&declarator) {
                self.instance_function(&declarator, scope, 'd', true);
                continue;
            }
            if !is_typedef && !is_static && is_object_declarator(&declarator) {
                // A data member of an instance type completes that instance.
                if let Some(ty) = type_template_id(node) {
                    self.complete_instance(&ty, scope, subst);
                } else if let Some(ty) = node
                    .children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                    .filter(|ty| {
                        first_token(ty, IDENT).is_some_and(|t| subst.contains_key(t.text()))
                    })
                {
                    // Or the class a parameter stands for (`_Duration __d;` with `_Duration`
                    // bound to `nanoseconds`), or names a member of (`typename _Clock::duration`).
                    self.class_name_printed(&ty, scope, subst);
                }
            }
            let Some((name, offset)) = self.declared_name(&declarator, scope) else {
                continue;
            };
            let kind = if is_static && !defined_static && !is_typedef {
                'd'
            } else {
                'D'
            };
            self.emit_fresh(name, kind, offset);
        }
    }

    /// A member class of the template, defined in the class (`struct F { T r; } f;`) or
    /// declared there (`struct F;`): each instance declares its own (`R<int>::F d`, measured
    /// with cudafe++), before the declarators. `struct F *p;` only names it; an unnamed
    /// class declares nothing by a name. Its members are logged when the member class is
    /// completed, which this walk does not do.
    fn member_classes(&mut self, node: &SyntaxNode, scope: &Scope) {
        // Under a name we doubt (`normal_iterator<alloc_traits::pointer>`), they could only
        // be extra lines.
        if self.doubtful_instance {
            return;
        }
        let has_declarators = node.children().any(|n| n.kind() == INIT_DECLARATOR);
        for spec in node.children().filter(|n| match n.kind() {
            CLASS_SPECIFIER => true,
            ELABORATED_TYPE => {
                !has_declarators
                    && n.children_with_tokens()
                        .any(|t| matches!(t.kind(), STRUCT_KW | CLASS_KW | UNION_KW))
            }
            _ => false,
        }) {
            let Some(name) = spec
                .children()
                .find(|n| n.kind() == NAME_REF)
                .filter(|n| !n.children().any(|c| c.kind() == TEMPLATE_ARG_LIST))
                .and_then(|n| first_token(&n, IDENT))
            else {
                continue;
            };
            self.emit_fresh(scope.qualify(name.text()), 'd', name.text_range().start());
        }
    }

    /// An instance's member function (`d`, `D` when defaulted or deleted), then (unless a member template) its parameters `d`.
    pub(super) fn instance_function(
        &mut self,
        declarator: &SyntaxNode,
        scope: &Scope,
        kind: char,
        with_params: bool,
    ) {
        let Some((name, offset)) = self.declared_name(declarator, scope) else {
            return;
        };
        self.emit_fresh(name, kind, offset);
        if with_params {
            self.parameters(declarator, 'd');
        }
    }
}
