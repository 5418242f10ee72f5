//! Template arguments computed by variable templates and constexpr function templates
//! (`__numeric_limits_impl<_Tp, __make_numeric_limits_type<_Tp>()>`), which EDG prints
//! evaluated (`__numeric_limits_impl<int, cuda::std::__4::__numeric_limits_type::__integral>`).
//!
//! Only what such arguments are made of in the headers is evaluated: a variable template's
//! initializer (its explicit and partial specializations first), and a function template
//! called without arguments whose body is `if constexpr` / `else` branches ending in `return`.
//! The result is the returned expression with its bindings, so that it prints as any argument
//! does (an enumerator by its qualified name, an integer by its parameter's type).
use syntax::{SyntaxKind::*, SyntaxNode};

use super::instances::Substitution;
use super::{Scope, Walker, first_token};

/// One definition of a variable template: the primary or a specialization.
#[derive(Clone)]
pub(super) struct VariableTemplate {
    /// The template parameter list (empty for an explicit specialization).
    params: Option<SyntaxNode>,
    /// The specialization's argument list as written; `None` for the primary.
    args: Option<SyntaxNode>,
    init: SyntaxNode,
    scope: Scope,
}

/// Nested evaluations deeper than any header needs.
const DEPTH_LIMIT: u32 = 32;

impl Walker<'_> {
    /// Records `template <...> constexpr bool name = init;` (and its specializations) at
    /// namespace scope.
    pub(super) fn record_variable_template(&mut self, node: &SyntaxNode, scope: &Scope) {
        if scope.in_class || scope.local || scope.template_param_list.is_none() {
            return;
        }
        for init in node.children().filter(|n| n.kind() == INIT_DECLARATOR) {
            let Some(declarator) = init.children().find(|n| n.kind() == DECLARATOR) else {
                continue;
            };
            let Some(name) = declarator.children().find(|n| n.kind() == NAME_REF) else {
                continue;
            };
            let Some(ident) = first_token(&name, IDENT) else {
                continue;
            };
            let Some(value) = init
                .children()
                .find(|n| n.kind() == INITIALIZER)
                .and_then(|i| i.children().next())
            else {
                continue;
            };
            let definition = VariableTemplate {
                params: scope.template_param_list.clone(),
                args: name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST),
                init: value,
                scope: Scope {
                    path: scope.path.clone(),
                    ..Scope::default()
                },
            };
            self.variable_templates
                .entry(scope.qualify(ident.text()))
                .or_default()
                .push(definition);
        }
    }

    /// The value of a variable template's specialization (`is_same_v<_Tp, bool>` after
    /// substitution): an explicit specialization with the same printed arguments, else a
    /// partial one they match, else the primary's initializer.
    pub(super) fn variable_template_value(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        depth: u32,
    ) -> Option<i128> {
        if depth > DEPTH_LIMIT {
            return None;
        }
        let ident = first_token(name, IDENT)?;
        let list = name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
        let key = self.find_lookup_key(ident.text(), scope, |k| {
            self.variable_templates
                .contains_key(k)
                .then(|| k.to_string())
        })?;
        let definitions = self.variable_templates[&key].clone();
        let args = self.arguments(&list, scope, subst);
        let mut chosen: Option<(SyntaxNode, Scope, Substitution)> = None;
        for definition in &definitions {
            let Some(written) = &definition.args else {
                continue;
            };
            let params = definition.params.as_ref()?;
            let pattern: Vec<String> = self
                .arguments(written, &definition.scope, &Substitution::default())
                .into_iter()
                .collect();
            if let Some(bound) = super::instances::match_arguments(params, &pattern, &args) {
                chosen = Some((definition.init.clone(), definition.scope.clone(), bound));
                break;
            }
        }
        let (init, init_scope, bound) = match chosen {
            Some(found) => found,
            None => {
                let primary = definitions.iter().find(|d| d.args.is_none())?;
                let bound = super::instances::bind_list(primary.params.as_ref()?, &args);
                (primary.init.clone(), primary.scope.clone(), bound)
            }
        };
        self.evaluate(&init, &init_scope, &bound)
    }

    /// The expression a call of a constexpr function template without arguments returns
    /// (`__make_numeric_limits_type<int>()`), with the bindings and scope it is read in.
    pub(super) fn constexpr_call_result(
        &mut self,
        call: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<(SyntaxNode, Scope, Substitution)> {
        if call.kind() != CALL_EXPR || self.instantiation_depth >= DEPTH_LIMIT {
            return None;
        }
        let callee = call.children().next()?;
        let call_args = call.children().find(|n| n.kind() == ARG_LIST)?;
        if call_args.children().next().is_some() {
            return None;
        }
        let name = callee
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
        let name = match name.kind() {
            QUALIFIED_NAME => name.children().filter(|n| n.kind() == NAME_REF).last()?,
            _ => name,
        };
        let ident = first_token(&name, IDENT)?;
        let list = name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
        let written = super::tokens_text(&callee);
        let written = written.split('<').next().unwrap_or(&written).to_string();
        let key = self
            .find_lookup_key(written.trim_start_matches("::"), scope, |k| {
                self.function_templates
                    .contains_key(k)
                    .then(|| k.to_string())
            })
            .or_else(|| {
                self.find_lookup_key(ident.text(), scope, |k| {
                    self.function_templates
                        .contains_key(k)
                        .then(|| k.to_string())
                })
            })?;
        // Only a single definition: overloads would need resolution.
        let [(function, function_scope)] = self.function_templates[&key].as_slice() else {
            return None;
        };
        let (function, function_scope) = (function.clone(), function_scope.clone());
        if !function
            .children_with_tokens()
            .any(|t| t.kind() == CONSTEXPR_KW)
        {
            return None;
        }
        let args = self.arguments(&list, scope, subst);
        let bound =
            super::instances::bind_list(function_scope.template_param_list.as_ref()?, &args);
        let body = function.children().find(|n| n.kind() == COMPOUND_STMT)?;
        let lookup = Scope {
            path: function_scope.path.clone(),
            ..Scope::default()
        };
        self.instantiation_depth += 1;
        let returned = self.returned_expression(&body, &lookup, &bound, 0);
        self.instantiation_depth -= 1;
        Some((returned?, lookup, bound))
    }

    /// The expression a body of `if constexpr` branches returns.
    fn returned_expression(
        &mut self,
        statement: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        depth: u32,
    ) -> Option<SyntaxNode> {
        if depth > DEPTH_LIMIT {
            return None;
        }
        match statement.kind() {
            COMPOUND_STMT => {
                let statements: Vec<SyntaxNode> = statement.children().collect();
                // Declarations and the like would need a real interpreter.
                let [only] = statements.as_slice() else {
                    return None;
                };
                self.returned_expression(only, scope, subst, depth + 1)
            }
            RETURN_STMT => statement.children().next(),
            IF_STMT => {
                let condition = statement.children().find(|n| n.kind() == CONDITION)?;
                let expr = condition.children().next()?;
                let value = self.evaluate(&expr, scope, subst)?;
                if value != 0 {
                    let then = statement
                        .children()
                        .find(|n| !matches!(n.kind(), CONDITION | ELSE_BRANCH))?;
                    self.returned_expression(&then, scope, subst, depth + 1)
                } else {
                    let otherwise = statement
                        .children()
                        .find(|n| n.kind() == ELSE_BRANCH)?
                        .children()
                        .next()?;
                    self.returned_expression(&otherwise, scope, subst, depth + 1)
                }
            }
            _ => None,
        }
    }
}
