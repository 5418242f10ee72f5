//! The "nonreal" classes EDG makes for template-ids whose arguments depend on a template
//! parameter (`Vec<U, N>` in a member template of `Vec`, `TypeList<Args...>` in a kernel
//! template): each is a class of size 1 at the primary template's name, with
//! `is_nonreal_class`. Measured with cudafe++ on fixtures (`docs/spec/il-display.md`,
//! "Template-ids with dependent arguments"):
//!
//! - every such template-id written inside a template makes one, wherever it is written
//!   (members, signatures, bodies, base classes, default arguments, nested template-ids);
//! - one written with the template's own parameters inside its own definition (`Vec<T, N>` in
//!   `Vec`) is the template itself and makes none;
//! - arguments that are all types are compared by identity: the same arguments over the same
//!   parameter entities make one class (`W<T>` twice in `f`, but once in `f` and once in `g`);
//!   an argument for a non-type parameter that depends on a parameter (`N`, `M + 1`) is an
//!   expression, never equal to another, so each occurrence makes its own;
//! - the return type of a member function template of a class template, when one of its
//!   non-type arguments is a parameter's bare name and the arguments are not the class's own
//!   parameters, is made twice (`template <class U> Vec<U, N> cast()`: two, `B<T, N> g()` in
//!   `S<T, N>`: one, `A<M + N> q()`: one);
//! - each complete instance of the class re-declares its member templates, and with them the
//!   template-ids of their signatures with the class's arguments substituted; those that still
//!   depend (on the member template's own parameters) are nonreal classes again
//!   (`Vec<U#(2,1), 4>` in `Vec<float, 4>`), compared the same way after substitution.
//!
//! Template-ids without dependent arguments name real instances ([`super::instances`]).
//! Only the primary file's templates are printed, as elsewhere.
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use il::IlDatabase;
use il::instantiate::{ParamKind, is_specialization, template_params};
use il::item::{Item, ItemKind};
use il::lookup::{lookup_path, lookup_unqualified, name_segments};

use super::Located;

/// A template parameter in scope at a use: its name, kind, the template declaration that
/// declares it, and the entity it is: parameters of different templates are different
/// entities however spelled, except that an out-of-class member definition's parameters are
/// its class template's once its declarator names the member
/// (`template <class X> void S<X>::g() { W<X> x; }` uses `S`'s `W<T>`).
#[derive(Debug, Clone)]
struct ScopeParam {
    name: String,
    kind: ParamKind,
    declared_in: usize,
    /// (start of the template declaration the entity belongs to, position in its list).
    entity: (usize, usize),
}

/// One nonreal class to print: the class template, and what makes it equal to another
/// (`None`: never equal to anything, an argument is an expression).
struct Copy<'db> {
    template: Item<'db>,
    identity: Option<String>,
}

/// The nonreal classes of the template-ids written inside templates of `file`.
pub(super) fn entries<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let templates = Templates::new(db, file, located);
    if templates.by_name.is_empty() {
        return;
    }
    let mut copies = Vec::new();
    for node in located.root.descendants().filter(|n| n.kind() == NAME_REF) {
        let Some(use_) = TemplateIdUse::new(db, file, &templates.by_name, &node) else {
            continue;
        };
        let params = params_in_scope(&templates.definitions, &node);
        if params.is_empty() {
            continue;
        }
        use_.copies(&params, &params, &mut copies);
    }
    print(db, located, &copies, ids, out);
}

/// The nonreal classes one complete instance's copy of the member template declared at
/// `member_offset` makes: its signature's template-ids that still depend on the member
/// template's own parameters once the class's are bound.
pub(super) fn instance_copies<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    located: &Located<'_, 'db>,
    templates: &Templates<'db>,
    member_offset: usize,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(template_decl) = located.template_decl_at(member_offset) else {
        return;
    };
    let own_start = usize::from(template_decl.text_range().start());
    let mut copies = Vec::new();
    for node in template_decl.descendants().filter(|n| n.kind() == NAME_REF) {
        // The body is not instantiated with the declaration.
        if node
            .ancestors()
            .take_while(|a| *a != template_decl)
            .any(|a| a.kind() == COMPOUND_STMT)
        {
            continue;
        }
        let Some(use_) = TemplateIdUse::new(db, file, &templates.by_name, &node) else {
            continue;
        };
        let all = params_in_scope(&templates.definitions, &node);
        let own: Vec<ScopeParam> = all
            .iter()
            .filter(|p| p.declared_in >= own_start)
            .cloned()
            .collect();
        if own.is_empty() {
            continue;
        }
        use_.copies(&all, &own, &mut copies);
    }
    print(db, located, &copies, ids, out);
}

/// The class templates (not their specializations) the walks look up, found once per display.
pub(super) struct Templates<'db> {
    /// The primary file's, by name.
    by_name: FxHashMap<String, Vec<Item<'db>>>,
    /// Where each class template's definition starts (its template declaration), by name: the
    /// entity an out-of-class member definition's parameters become.
    definitions: FxHashMap<String, usize>,
}

impl<'db> Templates<'db> {
    pub(super) fn new(
        db: &'db dyn IlDatabase,
        file: base_db::SourceFile,
        located: &Located<'_, 'db>,
    ) -> Templates<'db> {
        let mut by_name: FxHashMap<String, Vec<Item<'db>>> = FxHashMap::default();
        let mut definitions: FxHashMap<String, usize> = FxHashMap::default();
        for item in il::scope::all_items(db, file) {
            if item.kind(db) != ItemKind::ClassTemplate || is_specialization(db, item) {
                continue;
            }
            let Some(&offset) = located.offsets.get(&item) else {
                continue;
            };
            let Some(name) = item.name_text(db) else {
                continue;
            };
            let definition = located
                .template_decl_at(offset)
                .filter(|t| t.descendants().any(|n| n.kind() == MEMBER_LIST));
            if let Some(t) = definition {
                let start = usize::from(t.text_range().start());
                definitions
                    .entry(name.to_string())
                    .and_modify(|s| *s = (*s).min(start))
                    .or_insert(start);
            }
            if located.lines.is_primary(offset) {
                by_name.entry(name.to_string()).or_default().push(item);
            }
        }
        Templates {
            by_name,
            definitions,
        }
    }
}

/// A template-id naming one of the primary file's class templates.
struct TemplateIdUse<'db> {
    node: SyntaxNode,
    template: Item<'db>,
    /// The argument nodes, and whether each is for a non-type parameter.
    args: Vec<(SyntaxNode, bool)>,
}

impl<'db> TemplateIdUse<'db> {
    fn new(
        db: &'db dyn IlDatabase,
        file: base_db::SourceFile,
        templates: &FxHashMap<String, Vec<Item<'db>>>,
        node: &SyntaxNode,
    ) -> Option<TemplateIdUse<'db>> {
        let list = node.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
        let ident = node
            .children_with_tokens()
            .find(|t| t.kind() == IDENT)?
            .to_string();
        let candidates = templates.get(&ident)?;
        let parent = node.parent()?;
        // A partial specialization's own name, and the qualifier of an out-of-class member's
        // name (`Vec<T, N>::sum`), are the template's own template-ids.
        if parent.kind() == CLASS_SPECIFIER
            || (parent.kind() == QUALIFIED_NAME
                && parent.parent().is_some_and(|p| p.kind() == DECLARATOR))
        {
            return None;
        }
        let (scope, _) = super::fn_instances::scope_at(db, file, node);
        let found = if parent.kind() == QUALIFIED_NAME {
            let (global, segments) = name_segments(&parent);
            let index = parent
                .children()
                .filter(|n| n.kind() == NAME_REF)
                .position(|n| n == *node)?;
            lookup_path(db, scope, global, segments.get(..=index)?)
        } else {
            lookup_unqualified(db, scope, &ident)
        };
        // Lookup may answer with a specialization or another declaration of the template:
        // the primary is the candidate in the same scope.
        let template = found.into_iter().find_map(|i| {
            (i.kind(db) == ItemKind::ClassTemplate)
                .then(|| {
                    candidates
                        .iter()
                        .copied()
                        .find(|c| c.parent(db) == i.parent(db))
                })
                .flatten()
        })?;
        let kinds = template_params(db, template);
        let args = arguments(&list)
            .into_iter()
            .enumerate()
            .map(|(i, arg)| {
                let param = kinds.get(i).or_else(|| kinds.last().filter(|p| p.pack));
                let value = param.is_some_and(|p| p.kind == ParamKind::Value);
                (arg, value)
            })
            .collect();
        Some(TemplateIdUse {
            node: node.clone(),
            template,
            args,
        })
    }

    /// Appends the copies this use makes, where `dependent_on` are the parameters whose
    /// mention makes an argument dependent (all in scope for a template, the member
    /// template's own for an instance's copy) and `scope` all parameters in scope.
    fn copies(&self, scope: &[ScopeParam], dependent_on: &[ScopeParam], out: &mut Vec<Copy<'db>>) {
        let mentions: Vec<bool> = self
            .args
            .iter()
            .map(|(arg, _)| mentions_param(arg, dependent_on))
            .collect();
        if !mentions.contains(&true) || self.is_own_template_id(scope) {
            return;
        }
        let value_dependent = self
            .args
            .iter()
            .zip(&mentions)
            .any(|((_, value), &m)| *value && m);
        let identity = (!value_dependent).then(|| {
            let args: Vec<String> = self
                .args
                .iter()
                .map(|(arg, _)| identity_text(arg, scope))
                .collect();
            args.join(",")
        });
        if self.is_doubled_return_type(scope) {
            // The extra class is an expression's when its bare parameter is still dependent
            // here; in an instance's copy a bound one compares like the main class.
            let still_bare = self
                .args
                .iter()
                .any(|(arg, value)| *value && bare_param(arg, dependent_on).is_some());
            let extra_identity = if still_bare { None } else { identity.clone() };
            out.push(Copy {
                template: self.template,
                identity: extra_identity,
            });
        }
        out.push(Copy {
            template: self.template,
            identity,
        });
    }

    /// `Vec<T, N>` inside `Vec`'s own definition (but not in its base clause, which comes
    /// before the class is), or in an out-of-class member definition of `Vec` with that
    /// definition's parameters (`template <class T> Der<T> Der<T>::f()`): the template itself,
    /// no new class.
    fn is_own_template_id(&self, scope: &[ScopeParam]) -> bool {
        let name = self.template_name();
        let definition = self
            .node
            .ancestors()
            .filter(|a| a.kind() == TEMPLATE_DECL)
            .find(|t| declares_class_named(t, &name));
        if let Some(definition) = definition {
            let in_base_clause = self
                .node
                .ancestors()
                .take_while(|a| *a != definition)
                .any(|a| a.kind() == BASE_CLAUSE);
            // A partial specialization's own template-id is the one it is named with.
            let own = match specialization_arguments(&definition) {
                Some(args) => {
                    args == self
                        .args
                        .iter()
                        .map(|(a, _)| compact(a))
                        .collect::<Vec<_>>()
                }
                None => {
                    self.args_are_params_of(usize::from(definition.text_range().start()), scope)
                }
            };
            if !in_base_clause && own {
                return true;
            }
        }
        let member_definition = self
            .node
            .ancestors()
            .find(|a| a.kind() == TEMPLATE_DECL)
            .filter(|t| member_definition_class(t).as_deref() == Some(name.as_str()));
        // (A member template's definition has the class's parameters one level out.)
        member_definition.is_some_and(|t| {
            std::iter::once(t.clone())
                .chain(t.parent().filter(|p| p.kind() == TEMPLATE_DECL))
                .any(|t| self.args_are_params_of(usize::from(t.text_range().start()), scope))
        })
    }

    /// Whether the arguments are exactly the parameters of the template declared at `owner`,
    /// in order (a pack as `Ts...`).
    fn args_are_params_of(&self, owner: usize, scope: &[ScopeParam]) -> bool {
        let params: Vec<&ScopeParam> = scope.iter().filter(|p| p.declared_in == owner).collect();
        params.len() == self.args.len()
            && params.iter().zip(&self.args).all(|(p, (arg, _))| {
                let text = compact(arg);
                text == p.name || text == format!("{}...", p.name)
            })
    }

    fn template_name(&self) -> String {
        self.node
            .children_with_tokens()
            .find(|t| t.kind() == IDENT)
            .map(|t| t.to_string())
            .unwrap_or_default()
    }

    /// The leading return type of a member function template declared in a class template,
    /// or of a member function defined outside its class template, with a non-type argument
    /// that is a parameter's bare name, other than the class's own parameters: EDG makes its
    /// class twice.
    fn is_doubled_return_type(&self, scope: &[ScopeParam]) -> bool {
        let Some(decl) = self.node.parent() else {
            return false;
        };
        if !matches!(decl.kind(), SIMPLE_DECLARATION | FUNCTION_DEF) || !declares_function(&decl) {
            return false;
        }
        let Some(member_template) = decl.parent().filter(|p| p.kind() == TEMPLATE_DECL) else {
            return false;
        };
        // Declared in the class template's definition, or defined outside it
        // (`template <class T, int N> template <class U> Vec<U, N> Vec<T, N>::cast()`).
        let in_class = member_template
            .parent()
            .filter(|p| p.kind() == MEMBER_LIST)
            .and_then(|l| l.parent())
            .filter(|c| c.kind() == CLASS_SPECIFIER)
            .and_then(|c| c.parent())
            .and_then(|d| d.parent())
            .filter(|t| t.kind() == TEMPLATE_DECL);
        // Outside, any member function's definition (its class's parameters are those of
        // the outermost template declaration).
        let out_of_class = || {
            member_definition_class(&member_template)?;
            Some(
                member_template
                    .parent()
                    .filter(|p| p.kind() == TEMPLATE_DECL)
                    .unwrap_or_else(|| member_template.clone()),
            )
        };
        let Some(class_template) = in_class.or_else(out_of_class) else {
            return false;
        };
        let bare_value = self
            .args
            .iter()
            .any(|(arg, value)| *value && bare_param(arg, scope).is_some());
        bare_value
            && !self.args_are_params_of(usize::from(class_template.text_range().start()), scope)
    }
}

/// A declaration's first declarator.
fn first_declarator(decl: &SyntaxNode) -> Option<SyntaxNode> {
    decl.children()
        .find(|n| n.kind() == INIT_DECLARATOR)
        .and_then(|d| d.children().find(|n| n.kind() == DECLARATOR))
        .or_else(|| decl.children().find(|n| n.kind() == DECLARATOR))
}

/// Whether a declaration's first declarator declares a function.
fn declares_function(decl: &SyntaxNode) -> bool {
    first_declarator(decl).is_some_and(|d| d.children().any(|n| n.kind() == FUNCTION_SUFFIX))
}

/// Whether a template declaration defines or declares the class template `name`.
fn declares_class_named(template_decl: &SyntaxNode, name: &str) -> bool {
    template_decl
        .children()
        .filter(|n| n.kind() == SIMPLE_DECLARATION)
        .flat_map(|d| d.children().filter(|n| n.kind() == CLASS_SPECIFIER))
        .any(|c| {
            c.children()
                .find(|n| n.kind() == NAME_REF)
                .and_then(|n| n.children_with_tokens().find(|t| t.kind() == IDENT))
                .is_some_and(|t| t.to_string() == name)
        })
}

/// The arguments a partial specialization is named with (`T *` of `Tu<T *>`), compacted;
/// `None` for a primary template.
fn specialization_arguments(template_decl: &SyntaxNode) -> Option<Vec<String>> {
    let name = template_decl
        .children()
        .filter(|n| n.kind() == SIMPLE_DECLARATION)
        .flat_map(|d| d.children().filter(|n| n.kind() == CLASS_SPECIFIER))
        .find_map(|c| c.children().find(|n| n.kind() == NAME_REF))?;
    let list = name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
    Some(arguments(&list).iter().map(compact).collect())
}

/// The arguments of a template argument list: the nodes between its commas.
fn arguments(list: &SyntaxNode) -> Vec<SyntaxNode> {
    list.children().collect()
}

/// The class an out-of-class member definition's template declaration defines a member of
/// (`S` in `template <class T> void S<T>::f() {}`).
fn member_definition_class(template_decl: &SyntaxNode) -> Option<String> {
    let decl = template_decl
        .children()
        .find(|n| matches!(n.kind(), SIMPLE_DECLARATION | FUNCTION_DEF))?;
    let name = first_declarator(&decl)?
        .children()
        .find(|n| n.kind() == QUALIFIED_NAME)?;
    let class = name.children().find(|n| n.kind() == NAME_REF)?;
    class
        .children()
        .any(|n| n.kind() == TEMPLATE_ARG_LIST)
        .then(|| first_ident(&class))
        .flatten()
}

/// Where the parameters of the template declared by `template_decl` belong as entities, for
/// a use at `node`: the class template's definition for the part of an out-of-class member
/// definition from its declarator's name on, else the declaration itself.
fn parameter_entities(
    definitions: &FxHashMap<String, usize>,
    template_decl: &SyntaxNode,
    node: &SyntaxNode,
) -> usize {
    let own = usize::from(template_decl.text_range().start());
    let Some(class) = member_definition_class(template_decl) else {
        return own;
    };
    let name_start = template_decl
        .children()
        .find(|n| matches!(n.kind(), SIMPLE_DECLARATION | FUNCTION_DEF))
        .and_then(|d| first_declarator(&d))
        .and_then(|d| d.children().find(|n| n.kind() == QUALIFIED_NAME))
        .map(|n| n.text_range().start());
    if name_start.is_none_or(|start| node.text_range().start() < start) {
        return own;
    }
    definitions.get(&class).copied().unwrap_or(own)
}

/// The template parameters in scope at `node`, innermost declaration last.
fn params_in_scope(definitions: &FxHashMap<String, usize>, node: &SyntaxNode) -> Vec<ScopeParam> {
    let mut out = Vec::new();
    let mut decls: Vec<SyntaxNode> = node
        .ancestors()
        .filter(|a| a.kind() == TEMPLATE_DECL)
        .collect();
    decls.reverse();
    for decl in decls {
        let declared_in = usize::from(decl.text_range().start());
        let entities = parameter_entities(definitions, &decl, node);
        let Some(list) = decl.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST) else {
            continue;
        };
        // A use inside the parameter list itself (a default argument) sees the parameters
        // declared before it; all of them is close enough for dependence.
        for (index, param) in list.children().enumerate() {
            let (name, kind) = match param.kind() {
                TYPE_PARAM => (first_ident(&param), ParamKind::Type),
                PARAM => (
                    param
                        .children()
                        .find(|n| n.kind() == DECLARATOR)
                        .and_then(|d| d.descendants().find(|n| n.kind() == NAME_REF))
                        .and_then(|n| first_ident(&n)),
                    ParamKind::Value,
                ),
                TEMPLATE_TEMPLATE_PARAM => (
                    param
                        .children_with_tokens()
                        .filter(|t| t.kind() == IDENT)
                        .last()
                        .map(|t| t.to_string()),
                    ParamKind::Template,
                ),
                _ => continue,
            };
            if let Some(name) = name {
                out.push(ScopeParam {
                    name,
                    kind,
                    declared_in,
                    entity: (entities, index),
                });
            }
        }
    }
    out
}

fn first_ident(node: &SyntaxNode) -> Option<String> {
    node.children_with_tokens()
        .find(|t| t.kind() == IDENT)
        .map(|t| t.to_string())
}

/// The parameter a name in `arg` denotes, by the innermost declaration of that name.
fn param_named<'p>(name: &str, params: &'p [ScopeParam]) -> Option<&'p ScopeParam> {
    params.iter().rev().find(|p| p.name == name)
}

/// The identifiers of `arg` that are names in their own right (not a member after `::`, `.`
/// or `->`).
fn free_identifiers(arg: &SyntaxNode) -> impl Iterator<Item = syntax::SyntaxToken> + '_ {
    arg.descendants_with_tokens()
        .filter_map(|t| t.into_token())
        .filter(|t| t.kind() == IDENT)
        .filter(|t| {
            let before = std::iter::successors(t.prev_token(), |p| p.prev_token())
                .find(|p| !p.kind().is_trivia())
                .map(|p| p.kind());
            !matches!(before, Some(COLON2 | DOT | ARROW))
        })
}

fn mentions_param(arg: &SyntaxNode, params: &[ScopeParam]) -> bool {
    free_identifiers(arg).any(|t| param_named(t.text(), params).is_some())
}

/// The non-type parameter an argument is the bare name of.
fn bare_param<'p>(arg: &SyntaxNode, params: &'p [ScopeParam]) -> Option<&'p ScopeParam> {
    let tokens: Vec<_> = arg
        .descendants_with_tokens()
        .filter_map(|t| t.into_token())
        .filter(|t| !t.kind().is_trivia())
        .collect();
    match tokens.as_slice() {
        [only] if only.kind() == IDENT => {
            param_named(only.text(), params).filter(|p| p.kind == ParamKind::Value)
        }
        _ => None,
    }
}

/// An argument's text without trivia, each parameter name replaced by the entity it is (so
/// `T` of `f` and `T` of `g` differ, and `X` of `S<X>::g` is `S`'s `T`).
fn identity_text(arg: &SyntaxNode, scope: &[ScopeParam]) -> String {
    let mut text = String::new();
    for token in arg
        .descendants_with_tokens()
        .filter_map(|t| t.into_token())
        .filter(|t| !t.kind().is_trivia())
    {
        if !text.is_empty() {
            text.push(' ');
        }
        match param_named(token.text(), scope).filter(|_| token.kind() == IDENT) {
            Some(p) => text.push_str(&format!("<param {}#{}>", p.entity.0, p.entity.1)),
            None => text.push_str(token.text()),
        }
    }
    text
}

/// An argument's text without trivia.
fn compact(arg: &SyntaxNode) -> String {
    arg.descendants_with_tokens()
        .filter_map(|t| t.into_token())
        .filter(|t| !t.kind().is_trivia())
        .map(|t| t.text().to_string())
        .collect()
}

fn print<'db>(
    db: &'db dyn IlDatabase,
    located: &Located<'_, 'db>,
    copies: &[Copy<'db>],
    ids: &mut usize,
    out: &mut String,
) {
    let mut seen: FxHashSet<(Item<'db>, String)> = FxHashSet::default();
    for copy in copies {
        if let Some(identity) = &copy.identity
            && !seen.insert((copy.template, identity.clone()))
        {
            continue;
        }
        super::prototypes::nonreal_class(db, copy.template, located, ids, out);
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// `line:column xN` per position of the size-1 nonreal classes of a fixture's display.
    fn nonreal_classes(text: &str) -> String {
        let display = crate::display_fixture(text);
        let mut counts = std::collections::BTreeMap::<String, usize>::new();
        for entry in display.split("\n\n") {
            let get = |label: &str| crate::entry_field(entry, label);
            if get("is_nonreal_class") == "TRUE" && get("size") == "1" {
                let at = format!(
                    "{}:{}",
                    get("decl_position.seq"),
                    get("decl_position.column")
                );
                *counts.entry(at).or_default() += 1;
            }
        }
        counts
            .iter()
            .map(|(at, n)| format!("{at} x{n}\n"))
            .collect()
    }

    // Every expected count below is cudafe++ 13.0.88's on the same fixture.

    #[test]
    fn a_member_template_of_its_own_class_and_the_instances() {
        // Two for `cast`'s return type, one for `r`, one `Vec<U#(2,1), 4>` per instance.
        expect![[r#"
            2:8 x5
        "#]]
        .assert_eq(&nonreal_classes(
            "template <typename T, int N>\n\
             struct Vec {\n\
                 T v[N];\n\
                 template <typename U>\n\
                 Vec<U, N> cast() const\n\
                 {\n\
                     Vec<U, N> r;\n\
                     return r;\n\
                 }\n\
             };\n\
             void f() { Vec<float, 4> a; Vec<int, 4> b = a.cast<int>(); }\n",
        ));
    }

    #[test]
    fn types_compare_by_parameter_entity_and_values_never() {
        // `W<T>` once per function template (`f` twice, `g`, `h`); `A<N>` per occurrence.
        expect![[r#"
            1:27 x3
            2:25 x2
        "#]]
        .assert_eq(&nonreal_classes(
            "template <class U> struct W { U u; };\n\
             template <int K> struct A { int a[K]; };\n\
             template <class T> void f() { W<T> a; W<T> b; }\n\
             template <class T> void g() { W<T> a; }\n\
             template <class X> void h() { W<X> a; }\n\
             template <int N> struct S { A<N> a; A<N> b; };\n",
        ));
    }

    #[test]
    fn doubled_return_types_and_instance_copies() {
        // In the template: `A<M>` twice (parameters), `A<(M + N)>` once, `W<U>` once (return
        // and parameter are equal); per complete instance the same, `N` bound. `S<char, 2>`
        // is only pointed to.
        expect![[r#"
            1:25 x9
            2:27 x3
        "#]]
        .assert_eq(&nonreal_classes(
            "template <int K> struct A { int a[K]; };\n\
             template <class U> struct W { U u; };\n\
             template <typename T, int N>\n\
             struct S {\n\
                 template <int M> void p(A<M>, A<M>) const;\n\
                 template <int M> A<M + N> q() const;\n\
                 template <class U> W<U> *r(W<U>) const;\n\
             };\n\
             S<float, 4> s;\n\
             S<int, 2> s2;\n\
             S<char, 2> *s3;\n",
        ));
    }

    #[test]
    fn the_class_own_parameters_and_the_injected_class() {
        // `B<T, N>` in `S<T, N>` is made once although `N` is bare; `A<N>` in `S2<N>` once;
        // `A<M>` in a plain class's member template once; `Vec<T, N>` in `Vec` is `Vec`.
        expect![[r#"
            1:34 x1
            2:25 x2
        "#]]
        .assert_eq(&nonreal_classes(
            "template <class X, int K> struct B { X a[K]; };\n\
             template <int K> struct A { int a[K]; };\n\
             template <typename T, int N>\n\
             struct S { template <class U> B<T, N> g() const; };\n\
             template <int N>\n\
             struct S2 { template <class U> A<N> g() const; };\n\
             struct P { template <int M> A<M> g(); };\n\
             template <typename T, int N> struct Vec { Vec<T, N> *self() const; };\n",
        ));
    }
}
