//! Constructions in function bodies: choosing a class instance's constructor completes the
//! classes its candidates' parameters take.
//!
//! To see whether an argument converts to a parameter of class type, EDG needs that class
//! complete (its converting constructors), so overload resolution among a class template
//! instance's constructors completes the parameter classes of every candidate the arguments'
//! number allows: `std::string __str(__neg + __len, '-')` and `return __str;` complete
//! `std::initializer_list<char>` for `basic_string(initializer_list<char>, const allocator &)`.
//! Candidates, as measured with cudafe++: direct-initialization (`T x(a, b)`, `T(a)`, `T{a}`)
//! takes every constructor callable with that many arguments; copy-initialization (`T x = e`,
//! `return e` in a function returning `T`) only the non-explicit ones callable with one;
//! list-initialization with elements also the initializer-list constructors; empty braces
//! value-initialize and consider nothing. Constructor templates are not followed (they need
//! deduction from the arguments' types).
use syntax::{SyntaxKind::*, SyntaxNode};

use super::super::called::CallContext;
use super::super::tree::{declares_function, first_token, has_token, name_holder};
use super::super::{Scope, Walker, instances::Substitution};

/// An initialization as overload resolution sees it.
#[derive(Clone, Copy)]
pub(super) struct Construction {
    /// How many arguments the constructor is called with.
    pub(super) arity: usize,
    /// Direct-initialization: explicit constructors are candidates.
    pub(super) direct: bool,
    /// List-initialization: initializer-list constructors are candidates too.
    pub(super) list: bool,
}

impl Construction {
    /// The construction an initializer makes (`(a, b)`, `{a}`, `= e`, `= {a, b}`), or `None`
    /// when it chooses no constructor (empty braces).
    pub(super) fn of_initializer(init: &SyntaxNode) -> Option<Construction> {
        let copy = has_token(init, EQ);
        let value = init.children().next()?;
        Construction::of_expression(&value, !copy)
    }

    /// The construction an expression initializing an object makes: a braced list, an
    /// argument list, or one expression (copied).
    pub(super) fn of_expression(value: &SyntaxNode, direct: bool) -> Option<Construction> {
        let elements = |list: &SyntaxNode| list.children().count();
        match value.kind() {
            INIT_LIST => {
                let arity = elements(value);
                (arity > 0).then_some(Construction {
                    arity,
                    direct,
                    list: true,
                })
            }
            ARG_LIST => {
                let arity = elements(value);
                (arity > 0).then_some(Construction {
                    arity,
                    direct: true,
                    list: false,
                })
            }
            _ => Some(Construction {
                arity: 1,
                direct,
                list: false,
            }),
        }
    }
}

impl Walker<'_> {
    /// Completes the parameter classes of the constructors of the instance `printed` that
    /// are candidates for `construction`.
    pub(super) fn construct(&mut self, printed: &str, construction: Construction) {
        let Some((members, scope, subst, class_name)) = self.instance_definition(printed) else {
            return;
        };
        let mut viable = Vec::new();
        for member in members.children() {
            if member.kind() == TEMPLATE_DECL {
                // A constructor template may be the one chosen: no body is instantiated then.
                let inner = member
                    .children()
                    .find(|n| matches!(n.kind(), FUNCTION_DEF | SIMPLE_DECLARATION));
                if let Some(inner) = inner
                    && constructor_arity(&inner, &class_name, construction).is_some()
                {
                    viable.push(None);
                }
                continue;
            }
            if self.constructor_candidate(&member, &class_name, &scope, &subst, construction) {
                viable.push(Some(member));
            }
        }
        // The one constructor that can take the arguments, when it is constexpr and defined
        // in the class, is instantiated (`wstring_view{__str, __len}` in `operator""sv`). With
        // one argument the implicit copy and move constructors compete: nothing is chosen.
        if construction.arity >= 2
            && let [Some(chosen)] = viable.as_slice()
            && chosen.kind() == FUNCTION_DEF
            && has_token(chosen, CONSTEXPR_KW)
            && self
                .function_instances
                .insert(format!("{printed}::{:?}", chosen.text_range()))
        {
            self.instance_body(chosen, &scope, &subst, CallContext::NONE, 1);
        }
    }

    fn constructor_candidate(
        &mut self,
        member: &SyntaxNode,
        class_name: &str,
        scope: &Scope,
        subst: &Substitution,
        construction: Construction,
    ) -> bool {
        let Some(arity) = constructor_arity(member, class_name, construction) else {
            return false;
        };
        let params = constructor_params(member);
        for param in params.iter().take(arity) {
            let by_pointer = param
                .children()
                .find(|n| n.kind() == DECLARATOR)
                .is_some_and(|d| {
                    d.descendants_with_tokens().any(|t| t.kind() == STAR)
                        || d.descendants().any(|n| n.kind() == FUNCTION_SUFFIX)
                });
            if by_pointer {
                continue;
            }
            if let Some(name) = param
                .children()
                .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
            {
                self.complete_type_name(&name, scope, subst);
            }
        }
        true
    }
}

/// The parameters of a constructor declaration or definition.
fn constructor_params(member: &SyntaxNode) -> Vec<SyntaxNode> {
    constructor_param_list(member)
        .iter()
        .flat_map(|l| l.children())
        .filter(|n| n.kind() == PARAM)
        .collect()
}

fn constructor_param_list(member: &SyntaxNode) -> Option<SyntaxNode> {
    let declarator = declarator_of(member)?;
    name_holder(&declarator)?
        .children()
        .find(|n| n.kind() == FUNCTION_SUFFIX)?
        .children()
        .find(|n| n.kind() == PARAM_LIST)
}

/// How many of a member's parameters a construction passes arguments to, when the member is
/// a constructor that is a candidate for it.
fn constructor_arity(
    member: &SyntaxNode,
    class_name: &str,
    construction: Construction,
) -> Option<usize> {
    let list = constructor_param_list(member)?;
    let holder = list.parent()?.parent()?;
    let is_constructor = holder
        .children()
        .find(|n| n.kind() == NAME_REF)
        .and_then(|n| first_token(&n, IDENT))
        .is_some_and(|ident| ident.text() == class_name);
    if !is_constructor
        || has_token(member, FRIEND_KW)
        || (has_token(member, EXPLICIT_KW) && !construction.direct)
    {
        return None;
    }
    let params: Vec<SyntaxNode> = list.children().filter(|n| n.kind() == PARAM).collect();
    let variadic = has_token(&list, DOT3);
    let required = params
        .iter()
        .filter(|p| !p.children().any(|n| n.kind() == INITIALIZER))
        .count();
    let takes = |arity: usize| required <= arity && (arity <= params.len() || variadic);
    let initializer_list_constructor = construction.list
        && takes(1)
        && params.first().is_some_and(|p| {
            p.descendants_with_tokens()
                .any(|t| t.as_token().is_some_and(|t| t.text() == "initializer_list"))
        });
    if takes(construction.arity) {
        Some(construction.arity)
    } else if initializer_list_constructor {
        Some(1)
    } else {
        None
    }
}

/// The function declarator of a member declaration or definition.
fn declarator_of(member: &SyntaxNode) -> Option<SyntaxNode> {
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
