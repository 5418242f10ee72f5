//! Class (and variable) template partial specialization selection through the one unifier ([temp.spec.partial
//! .match], [temp.spec.partial.order]): each specialization's pattern (`X<T*, 0>`, its
//! parameters standing for themselves) is unified with the instance's arguments; among the
//! matches the one more specialized than every other is chosen (A is more specialized than B
//! when B's pattern matches A's and not the reverse); an explicit specialization matches only
//! its own arguments. The IL display selects a variable template's partial specialization
//! here too ([`most_specialized`]); il's class instantiation (layout, member typedefs) still
//! selects with its own matching, compared with this one over the corpus (`tests/corpus.rs`).
use hir_def::generics::{TemplateParamId, TemplateParamKind, template_params};
use il::lookup::{ScopeRef, members_named};
use il::{Item, ItemKind};
use rowan::ast::AstNode;
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::HirTyDatabase;
use crate::lower::type_ref_ty;
use crate::ty::{GenericArg, Instance, TyKind};
use crate::unify::{Subst, Unifier};

/// Every declaration of the class or variable template `template` that is a specialization
/// with a definition (a variable template's: with its initializer), with its pattern.
#[salsa::tracked(returns(ref))]
pub fn specializations<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
) -> Vec<(Item<'db>, Vec<GenericArg<'db>>)> {
    let Some(name) = template.name_text(db) else {
        return Vec::new();
    };
    let kind = template.kind(db);
    let scope = template
        .parent(db)
        .map_or(ScopeRef::File(template.file(db)), ScopeRef::Item);
    members_named(db, scope, name)
        .into_iter()
        // An explicit specialization of a variable template (`template <> constexpr bool
        // v<int> = true;`) may be lowered as a plain variable.
        .filter(|d| {
            d.kind(db) == kind
                || (kind == ItemKind::VariableTemplate && d.kind(db) == ItemKind::Variable)
        })
        .filter(|d| match kind {
            ItemKind::ClassTemplate => {
                il::instantiate::is_specialization(db, *d) && d.body(db).is_some()
            }
            ItemKind::VariableTemplate => variable_name(db, *d)
                .is_some_and(|n| n.children().any(|c| c.kind() == TEMPLATE_ARG_LIST)),
            _ => false,
        })
        .filter_map(|spec| Some((spec, pattern(db, spec)?)))
        .collect()
}

/// The declared name of a variable template's declaration (`is_same_v` of the primary,
/// `is_same_v<T, T>` of a partial specialization).
fn variable_name(db: &dyn HirTyDatabase, item: Item<'_>) -> Option<SyntaxNode> {
    let header = SyntaxNode::new_root(item.header(db).clone());
    let name = item.name_text(db)?;
    header
        .descendants()
        .filter(|n| n.kind() == DECLARATOR)
        .filter_map(|d| syntax::ast::Declarator::cast(d)?.name())
        .filter(|n| n.kind() == NAME_REF)
        .find(|n| {
            n.children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .is_some_and(|t| t.to_string() == name)
        })
}

/// The primary declaration of a variable template (the one whose name has no argument
/// list): what a variable template instance is an instance of, whichever declaration lookup
/// found first. Itself when it is the primary or none is found.
#[salsa::tracked(returns(copy))]
pub fn primary_variable_template<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> Item<'db> {
    let is_primary = |d: Item<'db>| {
        variable_name(db, d).is_some_and(|n| !n.children().any(|c| c.kind() == TEMPLATE_ARG_LIST))
    };
    if item.kind(db) != ItemKind::VariableTemplate || is_primary(item) {
        return item;
    }
    let Some(name) = item.name_text(db) else {
        return item;
    };
    let scope = item
        .parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
    members_named(db, scope, name)
        .into_iter()
        .find(|d| d.kind(db) == ItemKind::VariableTemplate && is_primary(*d))
        .unwrap_or(item)
}

/// The written arguments of a specialization (`X<T*, 0>`, `v<T*>`), lowered with its
/// parameters standing for themselves.
fn pattern<'db>(db: &'db dyn HirTyDatabase, spec: Item<'db>) -> Option<Vec<GenericArg<'db>>> {
    let name = if spec.kind(db) == ItemKind::VariableTemplate {
        variable_name(db, spec)?
    } else {
        let header = SyntaxNode::new_root(spec.header(db).clone());
        header
            .descendants()
            .find(|n| matches!(n.kind(), CLASS_SPECIFIER | ELABORATED_TYPE))?
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?
    };
    let list = name
        .descendants()
        .filter(|n| n.kind() == TEMPLATE_ARG_LIST)
        .last()?;
    Some(pattern_args(db, spec, &list))
}

/// The arguments of a specialization's template-id (`list`, the `<T*, 0>` of a class or
/// variable template's partial specialization), lowered with `spec`'s parameters standing for
/// themselves: a type, a value, or an expression kept as written.
pub fn pattern_args<'db>(
    db: &'db dyn HirTyDatabase,
    spec: Item<'db>,
    list: &SyntaxNode,
) -> Vec<GenericArg<'db>> {
    let mut out = Vec::new();
    for arg in list.children() {
        let text = arg.text().to_string();
        let text = text.trim();
        if let Ok(v) = text.parse::<i128>() {
            out.push(GenericArg::Value(v));
            continue;
        }
        match type_ref_ty(db, spec, text) {
            Some(t)
                if !t.is_error(db)
                    && !matches!(t.kind(db), TyKind::Dependent(_) | TyKind::Projection { .. }) =>
            {
                out.push(GenericArg::Type(t))
            }
            _ => out.push(GenericArg::DependentValue(text.into())),
        }
    }
    out
}

fn matches<'db>(
    db: &'db dyn HirTyDatabase,
    spec: Item<'db>,
    pattern: &[GenericArg<'db>],
    args: &[GenericArg<'db>],
) -> Option<Subst<'db>> {
    if pattern.len() != args.len() {
        return None;
    }
    let owners = [spec];
    let params = template_params(db, spec);
    let mut u = Unifier::new(db, &owners);
    for (p, a) in pattern.iter().zip(args) {
        // A non-type parameter written alone (`X<T, N>`) binds to the value in its place,
        // the same value wherever it is written twice (`X<N, N>`).
        let lone_param = match (p, a) {
            (GenericArg::DependentValue(name), GenericArg::Value(_)) => {
                params.iter().position(|q| {
                    q.kind == TemplateParamKind::NonType && q.name.as_deref() == Some(name)
                })
            }
            _ => None,
        };
        match lone_param {
            Some(index) => {
                let id = TemplateParamId {
                    owner: spec,
                    index: index as u32,
                };
                match u.subst.get(id) {
                    Some(bound) if bound != a => return None,
                    Some(_) => {}
                    None => u.subst.insert(id, a.clone()),
                }
            }
            None if !u.unify_generic_arg(p, a) => return None,
            None => {}
        }
    }
    Some(u.subst)
}

/// The most specialized of `candidates` (specializations with their patterns, from
/// [`pattern_args`]) whose pattern matches `args`, by its index, with the bindings of its
/// parameters ([temp.spec.partial.match], [temp.spec.partial.order]: A is more specialized
/// than B when B's pattern matches A's and not the reverse). `None` when none matches or no
/// match is more specialized than all others (ambiguous).
pub fn most_specialized<'db>(
    db: &'db dyn HirTyDatabase,
    candidates: &[(Item<'db>, Vec<GenericArg<'db>>)],
    args: &[GenericArg<'db>],
) -> Option<(usize, Subst<'db>)> {
    let matched: Vec<(usize, Subst<'db>)> = candidates
        .iter()
        .enumerate()
        .filter_map(|(i, (spec, pattern))| Some((i, matches(db, *spec, pattern, args)?)))
        .collect();
    // `a` is at least as specialized as `b`: `b`'s pattern matches `a`'s.
    let as_specialized = |a: usize, b: usize| {
        let (spec_b, pattern_b) = &candidates[b];
        matches(db, *spec_b, pattern_b, &candidates[a].1).is_some()
    };
    matched
        .iter()
        .find(|(i, _)| {
            matched
                .iter()
                .all(|(j, _)| i == j || (as_specialized(*i, *j) && !as_specialized(*j, *i)))
        })
        .cloned()
}

/// The specialization an instance is made from, with the bindings of its parameters; `None`
/// when no specialization matches (the primary template) or no match is more specialized than
/// all others (ambiguous).
pub fn select_specialization<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
) -> Option<(Item<'db>, Subst<'db>)> {
    let args = instance.args(db);
    if args.iter().any(|a| match a {
        GenericArg::Type(t) => t.is_dependent(db),
        GenericArg::DependentValue(_) => true,
        _ => false,
    }) {
        return None;
    }
    let specs = specializations(db, instance.template(db));
    let (best, subst) = most_specialized(db, specs, args)?;
    Some((specs[best].0, subst))
}

/// The definition hir-ty's selection makes an il class instance from: the chosen
/// specialization, else the primary template's definition (for comparing with il's
/// `instance_definition`).
pub fn definition_for_il_instance<'db>(
    db: &'db dyn HirTyDatabase,
    inst: il::instantiate::ClassInstance<'db>,
) -> Option<Item<'db>> {
    let ty = il::ty::Ty::new(db, il::ty::TyKind::Instance(inst));
    let TyKind::Instance(instance) = crate::from_il::lower_il_ty(db, ty, &[]).kind(db).clone()
    else {
        return None;
    };
    if let Some((spec, _)) = select_specialization(db, instance) {
        return Some(spec);
    }
    let template = instance.template(db);
    let name = template.name_text(db)?;
    let scope = template
        .parent(db)
        .map_or(ScopeRef::File(template.file(db)), ScopeRef::Item);
    members_named(db, scope, name).into_iter().find(|d| {
        d.kind(db) == ItemKind::ClassTemplate
            && !il::instantiate::is_specialization(db, *d)
            && d.body(db).is_some()
    })
}

/// The function template instance an explicit instantiation definition names
/// (`template int f<int>();`, `template int n::f<int>(int);`): the one function template of
/// that name in the enclosing scope (or the namespace the name's qualifier names),
/// with every template argument written. `None` for `extern template`, a class template, a
/// deduced or partly written argument list, or an overloaded template name.
#[salsa::tracked(returns(copy))]
pub fn explicit_instantiation<'db>(
    db: &'db dyn HirTyDatabase,
    item: Item<'db>,
) -> Option<Instance<'db>> {
    if item.kind(db) != ItemKind::ExplicitInstantiation {
        return None;
    }
    let header = SyntaxNode::new_root(item.header(db).clone());
    let tokens: Vec<_> = header
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .collect();
    if tokens.first().is_some_and(|t| t.kind() == EXTERN_KW)
        || tokens
            .iter()
            .any(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW | UNION_KW))
    {
        return None;
    }
    // `name <args> (`: the instantiated function's template-id.
    let at = tokens
        .windows(2)
        .position(|w| w[0].kind() == IDENT && w[1].kind() == L_ANGLE)?;
    let name = tokens[at].text();
    let mut depth = 0;
    let mut args: Vec<String> = vec![String::new()];
    let mut end = None;
    for (i, t) in tokens.iter().enumerate().skip(at + 2) {
        match t.kind() {
            L_ANGLE | L_PAREN => depth += 1,
            R_ANGLE if depth == 0 => {
                end = Some(i);
                break;
            }
            R_ANGLE | R_PAREN => depth -= 1,
            COMMA if depth == 0 => {
                args.push(String::new());
                continue;
            }
            _ => {}
        }
        let arg = args.last_mut()?;
        if !arg.is_empty() {
            arg.push(' ');
        }
        arg.push_str(t.text());
    }
    end?;
    let mut scope = match item.parent(db) {
        Some(p) => ScopeRef::Item(p),
        None => ScopeRef::File(item.file(db)),
    };
    // `template int n::m::f<int>(int);`: the qualifier's namespaces, outermost first, each
    // the one namespace of its name in the scope before it.
    let mut qualifier = Vec::new();
    let mut i = at;
    while i >= 2 && tokens[i - 1].kind() == COLON2 && tokens[i - 2].kind() == IDENT {
        qualifier.push(tokens[i - 2].text());
        i -= 2;
    }
    if i >= 1 && tokens[i - 1].kind() == COLON2 {
        scope = ScopeRef::File(item.file(db));
    }
    for namespace in qualifier.into_iter().rev() {
        let namespace = members_named(db, scope, namespace)
            .into_iter()
            .find(|n| n.kind(db) == ItemKind::Namespace)?;
        scope = ScopeRef::Item(namespace);
    }
    let templates: Vec<_> = members_named(db, scope, name)
        .into_iter()
        .filter(|t| t.kind(db) == ItemKind::FunctionTemplate)
        .collect();
    let [template] = templates[..] else {
        return None;
    };
    let params = template_params(db, template);
    if params.len() != args.len() || params.iter().any(|p| p.pack) {
        return None;
    }
    let mut generic = Vec::new();
    for a in &args {
        if let Ok(v) = a.parse::<i128>() {
            generic.push(GenericArg::Value(v));
            continue;
        }
        let ty = type_ref_ty(db, item, a)?;
        if ty.is_error(db) || ty.is_dependent(db) {
            return None;
        }
        generic.push(GenericArg::Type(ty));
    }
    Some(Instance::new(db, template, generic))
}

/// The declaration with a body of the class template `template` names (itself when it has
/// one; `template <class C, class T = traits<C>> class basic_ostream;` declared before its
/// definition names the definition). `None` when there is none.
#[salsa::tracked(returns(copy))]
pub fn primary_definition<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
) -> Option<Item<'db>> {
    if template.body(db).is_some() {
        return Some(template);
    }
    let name = template.name_text(db)?;
    let scope = template
        .parent(db)
        .map_or(ScopeRef::File(template.file(db)), ScopeRef::Item);
    members_named(db, scope, name).into_iter().find(|d| {
        d.kind(db) == ItemKind::ClassTemplate
            && !il::instantiate::is_specialization(db, *d)
            && d.body(db).is_some()
    })
}
