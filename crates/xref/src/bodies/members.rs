//! Calls of a class template instance's static member functions by qualified name
//! (`__gnu_cxx::char_traits<char_type>::find(__s, __n, __a)` in `std::char_traits<char>`):
//! EDG instantiates the member's body when it is `constexpr` (or its return type is deduced),
//! once per instance, logging its parameters and locals at the definition's positions (in the
//! class, or out of it: `template <typename _CharT> ... char_traits<_CharT>::find(...)`).
//!
//! Only a member the class declares once is followed (no overload resolution), and only
//! member functions that are not templates themselves.
use syntax::{SyntaxKind::*, SyntaxNode};

use super::super::called::CallContext;
use super::super::instances::Substitution;
use super::super::tree::{declares_function, first_token, has_token, name_holder};
use super::super::{Scope, Walker};

impl Walker {
    /// `X<args>::f(...)`: instantiates `f`'s body for the instance when EDG would. Returns
    /// whether the callee named a member of a class template instance.
    pub(super) fn static_member_call(
        &mut self,
        name: &SyntaxNode,
        arity: usize,
        scope: &Scope,
        subst: &Substitution,
        depth: u32,
    ) -> bool {
        let segments: Vec<SyntaxNode> = name.children().filter(|n| n.kind() == NAME_REF).collect();
        let Some((function, qualifiers)) = segments.split_last() else {
            return false;
        };
        let Some(class) = qualifiers
            .last()
            .filter(|q| q.children().any(|n| n.kind() == TEMPLATE_ARG_LIST))
        else {
            return false;
        };
        if function.children().any(|n| n.kind() == TEMPLATE_ARG_LIST) {
            return true;
        }
        let Some(ident) = first_token(function, IDENT) else {
            return true;
        };
        let ident = ident.text().to_string();
        let Some(printed) = self.instance_of(class, scope, subst) else {
            return true;
        };
        let Some((members, class_scope, class_subst, _)) = self.instance_definition(&printed)
        else {
            return true;
        };
        // The member's declarations in the class: exactly one, not a template.
        let declared: Vec<SyntaxNode> = members
            .children()
            .filter(|m| declared_name(m).as_deref() == Some(ident.as_str()))
            .collect();
        let [declaration] = declared.as_slice() else {
            return true;
        };
        if declaration.kind() == TEMPLATE_DECL || !has_token(declaration, STATIC_KW) {
            return true;
        }
        let (definition, definition_scope, binding) = if declaration.kind() == FUNCTION_DEF {
            (declaration.clone(), class_scope, class_subst)
        } else {
            let Some(found) = self.out_of_class_definition(&printed, &ident) else {
                return true;
            };
            found
        };
        let takes = declarator_of(&definition)
            .as_ref()
            .and_then(parameter_counts)
            .is_some_and(|(required, total)| required <= arity && arity <= total);
        let body_instantiated = [declaration, &definition].iter().any(|d| {
            d.children_with_tokens()
                .any(|t| matches!(t.kind(), CONSTEXPR_KW | CONSTEVAL_KW))
        });
        let key = format!("{printed}::{ident}");
        if takes && body_instantiated && self.function_instances.insert(key) {
            self.instance_body(
                &definition,
                &definition_scope,
                &binding,
                CallContext::NONE,
                depth + 1,
            );
        }
        true
    }

    /// The definition of member `name` of the instance `printed` written outside its class
    /// template (`template <typename _CharT> ... char_traits<_CharT>::find(...) {...}`), with
    /// its scope and its template parameters bound to the instance's arguments.
    fn out_of_class_definition(
        &self,
        printed: &str,
        name: &str,
    ) -> Option<(SyntaxNode, Scope, Substitution)> {
        let open = printed.find('<')?;
        let args = split_arguments(printed.strip_suffix('>')?.get(open + 1..)?);
        let prefix = format!("{}<", &printed[..open]);
        let suffix = format!(">::{name}");
        let mut found = self
            .function_templates
            .iter()
            .filter(|(key, _)| key.starts_with(&prefix) && key.ends_with(&suffix))
            .flat_map(|(_, definitions)| definitions.iter());
        let (definition, scope) = found.next()?;
        if found.next().is_some() {
            return None;
        }
        let list = definition
            .parent()
            .filter(|p| p.kind() == TEMPLATE_DECL)?
            .children()
            .find(|n| n.kind() == TEMPLATE_PARAM_LIST)?;
        let names: Vec<String> = list
            .children()
            .map(|p| match p.kind() {
                TYPE_PARAM | TEMPLATE_TEMPLATE_PARAM => {
                    first_token(&p, IDENT).map(|t| t.text().to_string())
                }
                _ => p
                    .children()
                    .find(|n| n.kind() == DECLARATOR)
                    .and_then(|d| super::super::tree::name_token(&d))
                    .map(|t| t.text().to_string()),
            })
            .collect::<Option<_>>()?;
        if names.len() != args.len() {
            return None;
        }
        Some((
            definition.clone(),
            scope.clone(),
            names.into_iter().zip(args).collect(),
        ))
    }
}

/// The name a member declaration declares as a function, if it does (`find` for
/// `static constexpr const char_type *find(...);`).
fn declared_name(member: &SyntaxNode) -> Option<String> {
    let member = match member.kind() {
        TEMPLATE_DECL => member
            .children()
            .find(|n| matches!(n.kind(), FUNCTION_DEF | SIMPLE_DECLARATION))?,
        _ => member.clone(),
    };
    let declarator = declarator_of(&member)?;
    let holder = name_holder(&declarator)?;
    let name = holder.children().find(|n| n.kind() == NAME_REF)?;
    Some(first_token(&name, IDENT)?.text().to_string())
}

/// The function declarator of a member declaration or definition.
pub(super) fn declarator_of(member: &SyntaxNode) -> Option<SyntaxNode> {
    let declarator = match member.kind() {
        FUNCTION_DEF => member.children().find(|n| n.kind() == DECLARATOR),
        SIMPLE_DECLARATION => member
            .children()
            .find(|n| n.kind() == INIT_DECLARATOR)
            .and_then(|i| i.children().find(|n| n.kind() == DECLARATOR)),
        _ => None,
    }?;
    declares_function(&declarator).then_some(declarator)
}

/// How many parameters a function declarator requires and takes at most.
fn parameter_counts(declarator: &SyntaxNode) -> Option<(usize, usize)> {
    let list = name_holder(declarator)?
        .children()
        .find(|n| n.kind() == FUNCTION_SUFFIX)?
        .children()
        .find(|n| n.kind() == PARAM_LIST)?;
    let params: Vec<SyntaxNode> = list.children().filter(|n| n.kind() == PARAM).collect();
    let required = params
        .iter()
        .filter(|p| !p.children().any(|n| n.kind() == INITIALIZER))
        .count();
    let total = if has_token(&list, DOT3) {
        usize::MAX
    } else {
        params.len()
    };
    Some((required, total))
}

/// A printed argument list split at its top-level commas.
fn split_arguments(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for c in text.chars() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                args.push(current.trim().to_string());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() {
        args.push(current.trim().to_string());
    }
    args
}
