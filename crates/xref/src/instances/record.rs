//! Class and alias templates recorded as the walk meets their definitions (the string
//! engine's knowledge of templates: parameters, defaults, partial and explicit specializations,
//! alias targets), and alias template specializations standing for their types.
use syntax::{SyntaxKind::*, SyntaxNode};

use super::super::{Scope, Walker, first_token};
use super::patterns::{bind, lex, split_args, template_params};
use super::{AliasTemplate, ClassTemplate, DEPTH_LIMIT, Pattern, Substitution};

impl Walker<'_> {
    /// Records a class template definition, partial or explicit specialization (`spec` is the
    /// CLASS_SPECIFIER, `params` the enclosing TEMPLATE_PARAM_LIST, absent for `template <>`).
    pub(crate) fn record_class_template(
        &mut self,
        spec: &SyntaxNode,
        scope: &Scope,
        params: Option<&SyntaxNode>,
    ) {
        let Some(written) = spec
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
        else {
            return;
        };
        // `template <class C> class __cxx11::collate {...}` in `std` defines the template that
        // `namespace __cxx11` declared: recorded in the namespace its qualifier names.
        let (name, scope) = match written.kind() {
            QUALIFIED_NAME => {
                let Some(last) = written.children().filter(|n| n.kind() == NAME_REF).last() else {
                    return;
                };
                let segments: Vec<SyntaxNode> = written
                    .children()
                    .filter(|n| n.kind() == NAME_REF)
                    .collect();
                let qualifier: Vec<String> = segments[..segments.len() - 1]
                    .iter()
                    .map(super::super::tokens_text)
                    .collect();
                let qualifier = qualifier.join("::");
                let resolved = self.resolve_qualified(&qualifier, scope);
                if !self.has_id("namespace", &resolved) {
                    return;
                }
                let path = super::super::names::split_qualified(&resolved);
                let namespace_scope = Scope {
                    namespace_depth: path.len(),
                    path,
                    ..scope.clone()
                };
                (last, namespace_scope)
            }
            _ => (written, scope.clone()),
        };
        let scope = &scope;
        let Some(ident) = first_token(&name, IDENT) else {
            return;
        };
        let members = spec.children().find(|n| n.kind() == MEMBER_LIST);
        let key = scope.qualify(ident.text());
        let arg_list = name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST);
        let params = params.map(template_params).unwrap_or_default();
        match arg_list {
            None if !params.is_empty() => {
                // A definition after a declaration keeps the specializations seen between.
                if let Some(known) = self.templates.get_mut(&key) {
                    // A later declaration may add default arguments (`istreambuf_iterator`'s
                    // are on its second declaration, in <iosfwd>).
                    for (old, new) in known.definition.params.iter_mut().zip(&params) {
                        if old.default.is_none() {
                            old.default.clone_from(&new.default);
                        }
                    }
                    if members.is_some() {
                        // Default arguments given on an earlier declaration stay in force
                        // (`basic_string`'s are in <stringfwd.h>).
                        let mut params = params;
                        for (new, old) in params.iter_mut().zip(&known.definition.params) {
                            if new.default.is_none() {
                                new.default = old.default.clone();
                            }
                        }
                        known.definition = Pattern {
                            params,
                            args: Vec::new(),
                            members,
                        };
                    }
                    return;
                }
                self.templates.insert(
                    key,
                    ClassTemplate {
                        path: scope.path.clone(),
                        name: ident.text().to_string(),
                        definition: Pattern {
                            params,
                            args: Vec::new(),
                            members,
                        },
                        partials: Vec::new(),
                        explicit: Vec::new(),
                    },
                );
            }
            Some(list) => {
                if !self.templates.contains_key(&key) {
                    return;
                }
                if params.is_empty() {
                    let template = self.templates[&key].clone();
                    let args = self.arguments(&list, scope, &Substitution::default());
                    let args = self.with_defaults(&template, args).join(", ");
                    if let Some(template) = self.templates.get_mut(&key) {
                        template.explicit.push(args);
                    }
                } else if members.is_some() {
                    // Printed as instance arguments are (qualified, EDG's spelling), then
                    // split into tokens with the parameters as wildcards.
                    let _ = list;
                    let printed = self.written_args(&name, scope);
                    let inner = printed
                        .strip_prefix('<')
                        .and_then(|p| p.strip_suffix('>'))
                        .unwrap_or_default();
                    let args = split_args(inner).iter().map(|a| lex(a)).collect();
                    let Some(template) = self.templates.get_mut(&key) else {
                        return;
                    };
                    template.partials.push(Pattern {
                        params,
                        args,
                        members,
                    });
                }
            }
            None => {}
        }
    }

    /// Records an alias template's parameters and type (`node` is the ALIAS_DECL).
    pub(crate) fn record_alias_template(&mut self, node: &SyntaxNode, scope: &Scope) {
        let (Some(name), Some(ty), Some(list)) = (
            first_token(node, IDENT),
            node.children().find(|n| n.kind() == TYPE_ID),
            scope.template_param_list.as_ref(),
        ) else {
            return;
        };
        let alias = AliasTemplate {
            params: template_params(list),
            ty,
            scope: Scope {
                path: scope.path.clone(),
                ..Scope::default()
            },
            name_at: name.text_range().start(),
        };
        self.alias_templates
            .insert(scope.qualify(name.text()), alias);
    }

    /// The type an alias template's specialization stands for (`__remove_cv_t<_Tp>` with
    /// `_Tp` bound to `const int` is `int`), completing what evaluating it completes; `None`
    /// when `name` names no alias template or the type is not one we can print as EDG does.
    pub(super) fn alias_type(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<String> {
        if name.kind() != NAME_REF || self.instantiation_depth >= DEPTH_LIMIT {
            return None;
        }
        let ident = first_token(name, IDENT)?;
        let list = name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
        let mut written = Vec::new();
        if let Some(q) = name.parent().filter(|p| p.kind() == QUALIFIED_NAME) {
            for segment in q.children().filter(|n| n.kind() == NAME_REF) {
                if segment == *name {
                    break;
                }
                written.push(super::super::tokens_text(&segment));
            }
        }
        written.push(ident.text().to_string());
        let written = written.join("::");
        let key = self.find_lookup_key(written.trim_start_matches("::"), scope, |k| {
            self.alias_templates.contains_key(k).then(|| k.to_string())
        })?;
        let alias = self.alias_templates[&key].clone();
        let args = self.arguments(&list, scope, subst);
        if args.len() < alias.params.iter().filter(|p| !p.pack).count() {
            return None;
        }
        // In a template definition, a class template's own name is its injected-class-name
        // (`duration` inside `duration<_Rep, _Period>`): dependent.
        if self.template_depth > 0 && args.iter().any(|a| self.templates.contains_key(a)) {
            return None;
        }
        let bound = bind(&alias.params, &args);
        self.instantiation_depth += 1;
        let ty = self.argument(&alias.ty, &alias.scope, &bound);
        self.instantiation_depth -= 1;
        // What we cannot evaluate (`decltype`, calls) would print otherwise in EDG's name.
        (!ty.contains("decltype") && !ty.contains('(')).then_some(ty)
    }
}
