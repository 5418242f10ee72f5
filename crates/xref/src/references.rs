//! The reference lines (`R`) that declarations write: the names of types, namespaces and
//! classes in decl-specifiers, declarators, qualifiers, base specifiers, template arguments and
//! the targets of using-directives, using-declarations and namespace aliases.
//!
//! Measured rules (`docs/spec/xref.md`, "References in declarations"): each name is logged at
//! its (last) identifier, a qualified name segment by segment (`N::B` logs `N` at `N`, `N::B`
//! at `B`), a template-id's arguments before the template-id; a declaration's references come
//! before its `D`/`d` line, a prototype's before its parameters' lines. Inside a class a name
//! that finds the class itself or one of its bases through the class scope denotes the
//! injected-class-name, its own entity printed like a constructor (`A::A`).
//!
//! Names are resolved with the walk's lookup (`names.rs`) to the entities the declaration lines
//! already know; a name that resolves to nothing known logs nothing (a missing line rather than
//! a wrong one). The declarations in function bodies (locals, local classes) write theirs too;
//! instantiated bodies (`bodies/calls.rs`, explicit instantiations) write none. Not produced
//! here: references in expressions, initializers and function default arguments (values:
//! `U`, `M`, ..., and `R` of callees), the implicit constructor and destructor calls of
//! declared objects, and dependent template-ids whose arguments are more than template
//! parameters and builtin types (EDG's spelling of packs and expressions there is not
//! reproduced). Template default arguments are logged twice where declared
//! (`template_default`, `Walker::default_references`) and again, bound to the arguments, where
//! a dependent template-id leaves them out; dependent alias template-ids log their
//! specialization's `T` line and type (`aliases.rs`).
use rowan::NodeOrToken;
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextSize};

use super::tree::{first_non_trivia, last_ident};
use super::{Scope, Walker};

mod aliases;
mod folds;

/// A type or non-type template parameter's default argument whose references are logged:
/// a type or a name (an expression on names is left out).
pub(super) fn template_default(param: &SyntaxNode) -> Option<SyntaxNode> {
    let default = match param.kind() {
        TYPE_PARAM => param
            .children_with_tokens()
            .skip_while(|t| t.kind() != EQ)
            .find_map(NodeOrToken::into_node)?,
        PARAM => param
            .children()
            .find(|n| n.kind() == INITIALIZER)?
            .children()
            .next()?,
        _ => return None,
    };
    matches!(default.kind(), TYPE_ID | ID_EXPR).then_some(default)
}

/// Where the last segment of a default argument's name starts (`value` of
/// `std::is_int<T>::value`).
pub(super) fn last_segment_start(default: &SyntaxNode) -> Option<TextSize> {
    let name = default
        .descendants()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
    let last = match name.kind() {
        QUALIFIED_NAME => name.children().filter(|n| n.kind() == NAME_REF).last()?,
        _ => name,
    };
    Some(last_ident(&last)?.text_range().start())
}

/// What a name (or a qualifier's segment) resolved to: the entity and how lookup continues
/// inside it.
struct Resolved {
    id: u32,
    printed: String,
    inner: Inner,
}

/// How a name is looked up.
#[derive(Clone, Copy)]
struct Lookup {
    /// Inside a class its name and its bases' find the injected-class-name (not the name of
    /// an elaborated type specifier).
    injected: bool,
    /// A declarator's qualifier: a template-id whose arguments are the template declaration's
    /// parameters names the current instantiation (`X<T>::f`).
    declarator: bool,
}

impl Lookup {
    const NAME: Lookup = Lookup {
        injected: true,
        declarator: false,
    };
}

/// What the segments after a resolved one are members of.
enum Inner {
    /// A namespace or class (its qualified name), or an alias's target.
    Scope(String),
    /// A template parameter or an instance: its members are named as written (`T::type`,
    /// `X<T>::value`) when dependent, not at all otherwise.
    Dependent,
    /// Something whose members the walk cannot name.
    Unknown,
}

impl Walker<'_> {
    /// Whether reference lines are written at this point of the walk: not for the declaration
    /// lines alone, not inside instances (their members are logged at the template's
    /// positions, and instantiated bodies name the arguments).
    pub(super) fn writes_references(&self) -> bool {
        self.references && self.instantiation_depth == 0 && self.suspended_references == 0
    }

    /// The references in a piece of a declaration, in source order: every name of a type or
    /// namespace except declarator-ids (of which only the qualifier is a reference), skipping
    /// initializers, default arguments, bodies and nested class or enumeration definitions.
    pub(super) fn references_in(&mut self, node: &SyntaxNode, scope: &Scope) {
        if !self.writes_references() {
            return;
        }
        self.references_below(node, scope);
    }

    fn references_below(&mut self, node: &SyntaxNode, scope: &Scope) {
        for child in node.children() {
            match child.kind() {
                INITIALIZER | COMPOUND_STMT | MEMBER_LIST | ENUMERATOR_LIST | CLASS_SPECIFIER
                | ENUM_SPECIFIER | CTOR_INITIALIZER | FUNCTION_TRY_BLOCK | TYPEOF_SPEC
                | LAMBDA_EXPR | NOEXCEPT_SPEC | THROW_SPEC | ATTRIBUTE_SPEC | REQUIRES_CLAUSE
                | BIT_FIELD | PURE_SPEC | DEFAULTED_BODY | ASM_LABEL | TEMPLATE_PARAM_LIST => {}
                DECLTYPE_SPEC => self.fold_references(&child, scope),
                NAME_REF | QUALIFIED_NAME if node.kind() == DECLARATOR => {
                    self.qualifier_references(&child, scope);
                }
                NAME_REF | QUALIFIED_NAME => self.name_references(&child, scope),
                // In an expression (an array bound, a template argument) only the names of
                // types, namespaces and template parameters: in a template every name is `R`;
                // other values are `U` and the like, written with expressions.
                ID_EXPR => {
                    if let Some(name) = child
                        .children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                    {
                        self.name_references(&name, scope);
                    }
                }
                _ => self.references_below(&child, scope),
            }
        }
    }

    /// The qualifier of a declared name (`N::B::` of `N::B::mf`), and the type of a conversion
    /// function's name.
    pub(super) fn qualifier_references(&mut self, name: &SyntaxNode, scope: &Scope) {
        if !self.writes_references() {
            return;
        }
        if name.kind() == QUALIFIED_NAME {
            let segments: Vec<SyntaxNode> = name.children().collect();
            if let Some((last, qualifier)) = segments.split_last() {
                let lookup = Lookup {
                    injected: true,
                    declarator: true,
                };
                for (resolved, at) in self.resolve_segments(name, qualifier, scope, lookup) {
                    self.emit(resolved.id, resolved.printed, 'R', at);
                }
                if last.kind() == OPERATOR_NAME {
                    self.references_below(last, scope);
                }
            }
        } else if name.kind() == OPERATOR_NAME {
            self.references_below(name, scope);
        }
    }

    /// The arguments of a specialization's name (`A` of `template <> struct X<A>`), before its
    /// line; a partial specialization's twice (`T` of `template <class T> struct X<T *>`).
    pub(super) fn specialization_references(&mut self, name: &SyntaxNode, scope: &Scope) {
        let last = match name.kind() {
            QUALIFIED_NAME => name.children().filter(|n| n.kind() == NAME_REF).last(),
            _ => Some(name.clone()),
        };
        let Some(args) = last.and_then(|l| l.children().find(|n| n.kind() == TEMPLATE_ARG_LIST))
        else {
            return;
        };
        let times = if scope.template_params.is_empty() {
            1
        } else {
            2
        };
        for _ in 0..times {
            self.references_in(&args, scope);
        }
    }

    /// An enumeration's qualifier and underlying type (`enum class E : N::I`), logged before
    /// its line.
    pub(super) fn enum_base_references(&mut self, spec: &SyntaxNode, scope: &Scope) {
        if !self.writes_references() {
            return;
        }
        let mut after_colon = false;
        let mut named = false;
        for element in spec.children_with_tokens() {
            match element {
                NodeOrToken::Token(t) if t.kind() == COLON => after_colon = true,
                NodeOrToken::Node(n) if matches!(n.kind(), NAME_REF | QUALIFIED_NAME) => {
                    if after_colon {
                        self.name_references(&n, scope);
                    } else if !named {
                        named = true;
                        self.qualifier_references(&n, scope);
                    }
                }
                NodeOrToken::Node(n) if after_colon && n.kind() == TYPE_ID => {
                    self.references_below(&n, scope);
                }
                _ => {}
            }
        }
    }

    /// Every segment of a name used as a type or namespace (`N::B` logs `N`, then `N::B`).
    pub(super) fn name_references(&mut self, name: &SyntaxNode, scope: &Scope) {
        self.names_in(name, scope, Lookup::NAME);
    }

    /// The name of an elaborated type specifier (`struct S *next;`): inside `S` it denotes the
    /// class, not the injected-class-name.
    pub(super) fn elaborated_references(&mut self, name: &SyntaxNode, scope: &Scope) {
        self.names_in(
            name,
            scope,
            Lookup {
                injected: false,
                declarator: false,
            },
        );
    }

    fn names_in(&mut self, name: &SyntaxNode, scope: &Scope, lookup: Lookup) {
        if !self.writes_references() {
            return;
        }
        let segments: Vec<SyntaxNode> = match name.kind() {
            QUALIFIED_NAME => name.children().collect(),
            NAME_REF => vec![name.clone()],
            _ => return,
        };
        for (resolved, at) in self.resolve_segments(name, &segments, scope, lookup) {
            self.emit(resolved.id, resolved.printed, 'R', at);
        }
    }

    /// `namespace M = a::b;`: the qualifier's segments before the alias's line, the namespace
    /// after it, at the target's first token.
    pub(super) fn namespace_alias(
        &mut self,
        (id, qualified, at): (u32, String, TextSize),
        target: Option<SyntaxNode>,
        scope: &Scope,
    ) {
        let mut resolved = match &target {
            Some(target) if self.writes_references() => {
                let segments: Vec<SyntaxNode> = match target.kind() {
                    QUALIFIED_NAME => target.children().collect(),
                    _ => vec![target.clone()],
                };
                let complete = segments.iter().filter(|s| s.kind() == NAME_REF).count();
                let mut resolved = self.resolve_segments(target, &segments, scope, Lookup::NAME);
                // Only a fully resolved target is logged: its last line names the namespace.
                if resolved.len() != complete {
                    resolved.truncate(0);
                }
                resolved
            }
            _ => Vec::new(),
        };
        let last = resolved.pop();
        for (r, at) in resolved {
            self.emit(r.id, r.printed, 'R', at);
        }
        self.emit(id, qualified, 'D', at);
        if let (Some((r, _)), Some(start)) = (last, target.and_then(|t| first_non_trivia(&t))) {
            self.emit(r.id, r.printed, 'R', start.text_range().start());
        }
    }

    /// Resolves `segments` (the leading ones of `name`) one after the other, with where each
    /// is logged; stops at the first one that resolves to nothing known. A template-id's
    /// arguments' references are logged on the way, before it.
    fn resolve_segments(
        &mut self,
        name: &SyntaxNode,
        segments: &[SyntaxNode],
        scope: &Scope,
        lookup: Lookup,
    ) -> Vec<(Resolved, TextSize)> {
        let global = name.first_token().is_some_and(|t| t.kind() == COLON2);
        let mut found: Vec<(Resolved, TextSize)> = Vec::new();
        for (i, segment) in segments.iter().enumerate() {
            if segment.kind() != NAME_REF {
                break;
            }
            let Some(ident) = last_ident(segment) else {
                break;
            };
            let outer = found.last().map(|(r, _)| r);
            let args = segment.children().find(|n| n.kind() == TEMPLATE_ARG_LIST);
            if let Some(args) = &args {
                self.references_below(args, scope);
            }
            let resolved = match &outer {
                // A template-id; its qualifier was resolved segment by segment already.
                _ if args.is_some() => match outer {
                    Some(Resolved {
                        inner: Inner::Dependent,
                        printed,
                        ..
                    }) => {
                        let printed = printed.clone();
                        self.dependent_member_template_id(&printed, segment, &ident, scope)
                    }
                    Some(Resolved {
                        inner: Inner::Unknown,
                        ..
                    }) => None,
                    _ => self.template_id(segment, scope, lookup.declarator),
                },
                None if i == 0 => self.resolve_first(&ident, scope, global, lookup.injected),
                None => None,
                Some(Resolved {
                    inner: Inner::Unknown,
                    ..
                }) => None,
                Some(Resolved {
                    inner: Inner::Dependent,
                    printed,
                    ..
                }) => {
                    if !self.in_template() {
                        break;
                    }
                    // A member of an alias's specialization is the member of its type's.
                    let printed = self.alias_targets.get(printed).unwrap_or(printed);
                    let printed = format!("{printed}::{}", ident.text());
                    Some(self.dependent(printed))
                }
                Some(Resolved {
                    inner: Inner::Scope(container),
                    ..
                }) => {
                    let container = container.clone();
                    self.resolve_member(&container, ident.text())
                }
            };
            let Some(resolved) = resolved else {
                break;
            };
            found.push((resolved, ident.text_range().start()));
        }
        found
    }

    /// The entity an unqualified name (or the first segment of a qualified one) denotes.
    fn resolve_first(
        &mut self,
        ident: &SyntaxToken,
        scope: &Scope,
        global: bool,
        injected: bool,
    ) -> Option<Resolved> {
        let text = ident.text();
        if global {
            return self.resolve_member("", text);
        }
        if (scope.in_class || scope.local)
            && let Some(member) = self.base_member(text, scope)
        {
            return Some(member);
        }
        if let Some(&(_, id)) = self
            .template_param_ids
            .iter()
            .rev()
            .find(|(n, _)| n == text)
        {
            return Some(Resolved {
                id,
                printed: self
                    .param_printed
                    .get(&id)
                    .cloned()
                    .unwrap_or_else(|| text.to_string()),
                inner: Inner::Dependent,
            });
        }
        if (scope.in_class || scope.local)
            && injected
            && let Some(resolved) = self.injected_class_name(text, scope)
        {
            return resolved;
        }
        if let Some((id, printed)) = self.alias_ids.get(text).cloned() {
            let inner = self
                .aliases
                .get(text)
                .map_or(Inner::Unknown, |target| Inner::Scope(target.clone()));
            return Some(Resolved { id, printed, inner });
        }
        self.find_lookup_key(text, scope, |key| self.entity_named(key))
    }

    /// A member of a namespace or class (`""` is the global namespace), searching its inline
    /// namespaces.
    fn resolve_member(&mut self, container: &str, text: &str) -> Option<Resolved> {
        let join = |p: &str| {
            if p.is_empty() {
                text.to_string()
            } else {
                format!("{p}::{text}")
            }
        };
        if let Some(found) = self.entity_named(&join(container)) {
            return Some(found);
        }
        let inline = self.inline_namespaces.get(container).cloned();
        inline
            .into_iter()
            .flatten()
            .find_map(|ns| self.entity_named(&join(&ns)))
    }

    /// The namespace, class, enumeration or typedef of this qualified name, if declared.
    fn entity_named(&self, key: &str) -> Option<Resolved> {
        let ids = self.named.get(key)?;
        for (id, inner) in [(ids[0], true), (ids[1], true), (ids[2], false)] {
            if let Some(id) = id {
                return Some(Resolved {
                    id,
                    printed: key.to_string(),
                    inner: if inner {
                        Inner::Scope(key.to_string())
                    } else {
                        Inner::Unknown
                    },
                });
            }
        }
        None
    }

    /// The classes whose scopes enclose `scope`, innermost first, by qualified name (`X<T>`
    /// and `X<T>::In<T>` for the members of `struct X<T>::In`).
    fn enclosing_classes(&self, scope: &Scope) -> Vec<String> {
        let mut classes = Vec::new();
        for end in (scope.namespace_depth..scope.path.len()).rev() {
            let prefix = &scope.path[..end];
            let pieces = super::names::split_qualified(&scope.path[end]);
            for j in (0..pieces.len()).rev() {
                let mut class = prefix.to_vec();
                class.extend(pieces[..=j].iter().cloned());
                let class = class.join("::");
                // `struct N::B::In {` has its namespace in the segment.
                if !self.has_id("namespace", &class) {
                    classes.push(class);
                }
            }
        }
        classes
    }

    /// A class's bases, a few levels deep, nearest first (those of templates as resolved by
    /// [`Walker::base_references`]).
    fn bases_deep(&self, class: &str) -> Vec<String> {
        let direct = |c: &str| -> Vec<String> {
            let mut bases = self.facts.bases_of(c).to_vec();
            bases.extend(self.template_bases.get(c).into_iter().flatten().cloned());
            bases
        };
        let mut all = Vec::new();
        let mut level = direct(class);
        for _ in 0..4 {
            let mut next = Vec::new();
            for base in level {
                if !all.contains(&base) {
                    next.extend(direct(&base));
                    all.push(base);
                }
            }
            level = next;
        }
        all
    }

    /// Inside a class, its own name and its bases' names (found through the class scope)
    /// denote injected-class-names: `Some(None)` when the name finds one we cannot name (a
    /// base that is a template instance).
    fn injected_class_name(&mut self, text: &str, scope: &Scope) -> Option<Option<Resolved>> {
        for class in self.enclosing_classes(scope) {
            let own = super::names::split_qualified(&class)
                .pop()
                .unwrap_or_default();
            if own == "<unnamed>" {
                continue;
            }
            // A class template's is printed after its pattern: `V<T>::V`.
            if own.split('<').next() == Some(text) {
                return Some(Some(self.injected(&class, text)));
            }
            for base in self.bases_deep(&class) {
                let last = super::names::split_qualified(&base)
                    .pop()
                    .unwrap_or_default();
                if last.split('<').next() == Some(text) {
                    if last.contains('<') {
                        return Some(None);
                    }
                    return Some(Some(self.injected(&base, text)));
                }
            }
        }
        None
    }

    /// A member of a base of an enclosing class: in a class template it hides a template
    /// parameter of the same name (`T` is `A::T` in `template <class T> struct Z : A`).
    fn base_member(&self, text: &str, scope: &Scope) -> Option<Resolved> {
        self.enclosing_classes(scope).iter().find_map(|class| {
            self.bases_deep(class)
                .iter()
                .find_map(|base| self.entity_named(&format!("{base}::{text}")))
        })
    }

    /// A class's base specifiers (twice in a class template, which looks them up again when
    /// its pattern is complete); a template's plain bases are recorded for lookup.
    pub(super) fn base_references(&mut self, spec: &SyntaxNode, class: &str, scope: &Scope) {
        if !self.writes_references() {
            return;
        }
        let times = if scope.template_params.is_empty() {
            1
        } else {
            2
        };
        for round in 0..times {
            for name in spec
                .children()
                .filter(|n| n.kind() == BASE_CLAUSE)
                .flat_map(|c| c.children())
                .filter_map(|b| {
                    b.children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                })
            {
                let segments: Vec<SyntaxNode> = match name.kind() {
                    QUALIFIED_NAME => name.children().collect(),
                    _ => vec![name.clone()],
                };
                let complete = segments.iter().filter(|s| s.kind() == NAME_REF).count();
                let resolved = self.resolve_segments(&name, &segments, scope, Lookup::NAME);
                if round == 0
                    && self.template_depth > 0
                    && resolved.len() == complete
                    && let Some((
                        Resolved {
                            inner: Inner::Scope(base),
                            ..
                        },
                        _,
                    )) = resolved.last()
                {
                    self.template_bases
                        .entry(class.to_string())
                        .or_default()
                        .push(base.clone());
                }
                for (r, at) in resolved {
                    self.emit(r.id, r.printed, 'R', at);
                }
            }
        }
    }

    fn injected(&mut self, class: &str, text: &str) -> Resolved {
        let (id, _) = self.keyed(format!("injected {class}"));
        Resolved {
            id,
            printed: format!("{class}::{text}"),
            inner: Inner::Scope(class.to_string()),
        }
    }

    /// Whether the walk is in a template definition.
    fn in_template(&self) -> bool {
        self.template_depth > 0 && !self.template_param_ids.is_empty()
    }

    /// A class template's template-id, printed as its instance is (`N::A<int, 0UL>`), or as
    /// written with its parameters in a template (`X<T>`). Alias, variable and function
    /// templates and template template parameters are not resolved here.
    fn template_id(
        &mut self,
        segment: &SyntaxNode,
        scope: &Scope,
        declarator: bool,
    ) -> Option<Resolved> {
        let none = super::instances::Substitution::default();
        let Some((key, args)) = self.template_and_args(segment, scope, &none) else {
            return self.alias_template_id(segment, scope);
        };
        self.typed_parameter_references(&key, segment);
        // The current instantiation (`X<T>` in `X`'s definition or in `template <class T>
        // void X<T>::f()`) is the template itself.
        let pattern = format!("{key}<{}>", args.join(", "));
        let in_class = (scope.namespace_depth..scope.path.len())
            .any(|end| scope.path[..=end].join("::") == pattern);
        let own_parameters = declarator && !args.is_empty() && args == scope.template_params;
        if (in_class || own_parameters)
            && let Some(id) = self.id_of("type", &key)
        {
            return Some(Resolved {
                id,
                printed: key,
                inner: Inner::Scope(pattern),
            });
        }
        if self.in_template() && self.is_dependent(segment, scope) {
            // A dependent template-id prints its arguments as written: template parameters,
            // builtin types, a class template-id of those or one member of it (as written,
            // qualified), another expression on the parameters as `<expression>`. EDG's
            // printing of pack expansions, defaults, aliases and other arguments is not
            // reproduced: those template-ids are not logged.
            let list = segment.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
            let arity = self.fixed_arity(&key)?;
            if args.len() > arity || !self.plain_arguments(&list, scope) {
                return None;
            }
            let written = self.written_args(segment, scope);
            // An expression accepted above prints as `<expression>` unless an alias's
            // parameters bound to arguments make it something else: then it is left out.
            let inner = written.strip_prefix('<')?.strip_suffix('>')?;
            let printed_args = crate::instances::split_printed_args(inner);
            for (arg, printed) in list.children().zip(&printed_args) {
                let expression = !matches!(arg.kind(), TYPE_ID | ID_EXPR);
                if !self.plain_argument(&arg)
                    && (expression && printed != "<expression>"
                        || !expression && printed.contains("<expression>"))
                {
                    return None;
                }
            }
            // In an alias's type logged again, arguments bound to no parameter of the
            // templates' make an instance (completed by EDG, not here).
            if self.alias_depth > 0 && !self.names_outer_parameter(&written)
                || !Self::canonical_cv(&written)
            {
                return None;
            }
            if args.len() < arity {
                // The omitted arguments are the defaults, evaluated for these arguments: twice
                // in a function or variable template's declaration outside a trailing return
                // type (measured with cudafe++; once in class members, aliases and typedefs).
                let twice = self.in_templated_declaration
                    && self.alias_depth == 0
                    && !segment.ancestors().any(|a| a.kind() == TRAILING_RETURN)
                    || std::mem::take(&mut self.pattern_defaults_twice);
                for _ in 0..1 + usize::from(twice) {
                    self.default_argument_references(&key, args.len(), &written)?;
                }
            }
            let printed = format!("{key}{written}");
            return Some(self.dependent(printed));
        }
        let printed = self.instance_name(segment, scope, &none)?;
        let (id, _) = self.keyed(format!("instance {printed}"));
        Some(Resolved {
            id,
            printed,
            inner: Inner::Unknown,
        })
    }

    /// A template-id of a class template with a non-type parameter typed by one of its type
    /// parameters (`template <class _Tp, _Tp __v> struct integral_constant`): EDG logs that
    /// type again where the parameter is declared, bound to the argument (measured with
    /// cudafe++: `integral_constant<bool, true>` logs `<unnamed> R` at `_Tp` of `_Tp __v`,
    /// `ic<U, w>` in a template `U R` there, each time the template-id is written). A builtin
    /// type argument is `<unnamed>`, a template parameter its own name; other arguments (a
    /// typedef is logged under its name) are left out.
    fn typed_parameter_references(&mut self, key: &str, segment: &SyntaxNode) {
        if !self.writes_references() {
            return;
        }
        let Some(template) = self.templates.get(key) else {
            return;
        };
        let params = template.definition.params.clone();
        if params.iter().all(|p| p.value_type_at.is_none()) {
            return;
        }
        let Some(list) = segment.children().find(|n| n.kind() == TEMPLATE_ARG_LIST) else {
            return;
        };
        let written: Vec<SyntaxNode> = list.children().collect();
        for (i, param) in params.iter().enumerate() {
            if param.pack {
                break;
            }
            let (Some(at), Some(ty)) = (param.value_type_at, param.value_type.as_deref()) else {
                continue;
            };
            let Some(bound) = params[..i].iter().position(|p| p.name == ty) else {
                continue;
            };
            // Only where the argument itself is written.
            if i >= written.len() {
                continue;
            }
            let Some(arg) = written.get(bound) else {
                continue;
            };
            let tokens: Vec<SyntaxToken> = arg
                .descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .filter(|t| !t.kind().is_trivia())
                .collect();
            let printed = match &tokens[..] {
                [t] if t.kind() == IDENT => {
                    let Some(&(_, id)) = self
                        .template_param_ids
                        .iter()
                        .rev()
                        .find(|(n, _)| n == t.text())
                    else {
                        continue;
                    };
                    self.param_printed
                        .get(&id)
                        .cloned()
                        .unwrap_or_else(|| t.text().to_string())
                }
                _ if tokens.iter().all(|t| t.kind().is_keyword())
                    && !tokens
                        .iter()
                        .any(|t| matches!(t.kind(), TYPENAME_KW | DECLTYPE_KW | SIZEOF_KW)) =>
                {
                    "<unnamed>".to_string()
                }
                _ => continue,
            };
            let (id, _) = self.keyed(format!("typed parameter {key} {i} {printed}"));
            self.emit(id, printed, 'R', at);
        }
    }

    /// Whether a dependent template-id's arguments are printed as EDG prints them: plain ones
    /// ([`Self::plain_argument`]), a class template-id of plain arguments or one member of it
    /// ([`Self::member_of_plain_template_id`]), or an expression with operators on the
    /// parameters (`<expression>`).
    fn plain_arguments(&self, list: &SyntaxNode, scope: &Scope) -> bool {
        list.children().all(|arg| {
            if self.plain_argument(&arg) {
                return true;
            }
            match arg.kind() {
                TYPE_ID | ID_EXPR => {
                    self.member_of_plain_template_id(&arg, scope)
                        || arg.kind() == TYPE_ID && self.names_alias_instance(&arg, scope)
                }
                // Another expression on the parameters (`sizeof(T) == 2`, `!X<T>::value`)
                // prints as `<expression>`; `sizeof(T)` alone as written (not done).
                SIZEOF_EXPR => false,
                _ => arg
                    .descendants_with_tokens()
                    .filter_map(NodeOrToken::into_token)
                    .find(|t| !t.kind().is_trivia())
                    .and_then(|first| self.dependent_expression_at(&first, &Default::default()))
                    .is_some_and(|e| e.text_range() == arg.text_range()),
            }
        })
    }

    /// An argument of template parameters in scope and builtin types, with cv-qualifiers,
    /// pointers and references.
    fn plain_argument(&self, arg: &SyntaxNode) -> bool {
        arg.descendants_with_tokens()
            .filter_map(NodeOrToken::into_token)
            .filter(|t| !t.kind().is_trivia())
            .all(|t| match t.kind() {
                IDENT => self.template_param_ids.iter().any(|(n, _)| n == t.text()),
                STAR | AMP | AMP2 => true,
                k => k.is_keyword() && !matches!(k, TYPENAME_KW | DECLTYPE_KW | SIZEOF_KW),
            })
    }

    /// `N::X<T>` or `N::X<T>::m` (a type or a value): a class template's template-id with plain
    /// arguments, or one member of it, written alone: printed as written, qualified.
    fn member_of_plain_template_id(&self, arg: &SyntaxNode, scope: &Scope) -> bool {
        let mut children = arg.children();
        let (Some(name), None) = (children.next(), children.next()) else {
            return false;
        };
        if arg
            .children_with_tokens()
            .filter(|t| !t.kind().is_trivia())
            .count()
            != 1
        {
            return false;
        }
        let segments: Vec<SyntaxNode> = match name.kind() {
            QUALIFIED_NAME => name.children().collect(),
            NAME_REF => vec![name.clone()],
            _ => return false,
        };
        if segments.iter().any(|s| s.kind() != NAME_REF)
            || name.first_token().is_some_and(|t| t.kind() == COLON2)
        {
            return false;
        }
        let with_args: Vec<usize> = segments
            .iter()
            .enumerate()
            .filter(|(_, s)| s.children().any(|n| n.kind() == TEMPLATE_ARG_LIST))
            .map(|(i, _)| i)
            .collect();
        let [at] = with_args[..] else {
            return false;
        };
        let member = segments.len() - 1 - at;
        // A value is a member of the template-id, a type the template-id or a member.
        if member > 1 || arg.kind() == ID_EXPR && member != 1 {
            return false;
        }
        let Some(list) = segments[at]
            .children()
            .find(|n| n.kind() == TEMPLATE_ARG_LIST)
        else {
            return false;
        };
        if list.descendants_with_tokens().any(|t| t.kind() == DOT3)
            || !list.children().all(|a| self.plain_argument(&a))
            || list.children().next().is_none()
        {
            return false;
        }
        // An alias template's template-id prints as what it stands for.
        let written: Vec<String> = segments[..=at]
            .iter()
            .map(|s| {
                s.children_with_tokens()
                    .filter_map(NodeOrToken::into_token)
                    .find(|t| t.kind() == IDENT)
                    .map(|t| t.text().to_string())
                    .unwrap_or_default()
            })
            .collect();
        let written = written.join("::");
        if self
            .find_lookup_key(&written, scope, |k| {
                self.alias_templates.contains_key(k).then_some(())
            })
            .is_some()
        {
            return false;
        }
        // Every argument written: omitted ones print with their defaults (not reproduced).
        self.find_template(&written, scope)
            .and_then(|key| self.fixed_arity(&key))
            .is_some_and(|arity| arity == list.children().count())
    }

    /// A member template of a dependent qualifier named with arguments (`typename
    /// __cccl_select<_Bp>::template type<_Tp>`, `_Fn::template __call<_Ty>`): nothing to look
    /// up until instantiation, so EDG logs it as written, the qualifier as it was logged and
    /// the arguments as a dependent template-id prints them (measured with cudafe++:
    /// `std::__conditional<_Cond>::type<_If, _Else> R` at `type`). Arguments EDG prints
    /// otherwise (pack expansions, other template-ids) leave it out, as for `template_id`.
    fn dependent_member_template_id(
        &mut self,
        qualifier: &str,
        segment: &SyntaxNode,
        ident: &SyntaxToken,
        scope: &Scope,
    ) -> Option<Resolved> {
        if !self.in_template() {
            return None;
        }
        let list = segment.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
        if list.descendants_with_tokens().any(|t| t.kind() == DOT3)
            || !list.children().all(|arg| self.plain_argument(&arg))
        {
            return None;
        }
        let written = self.written_args(segment, scope);
        if !Self::canonical_cv(&written) {
            return None;
        }
        // A member of an alias's specialization is the member of its type's.
        let qualifier = self.alias_targets.get(qualifier).map_or(qualifier, |t| t);
        let printed = format!("{qualifier}::{}{written}", ident.text());
        Some(self.dependent(printed))
    }

    /// An entity a template names by what it depends on: one per printed name and template.
    fn dependent(&mut self, printed: String) -> Resolved {
        let template = self.template_param_ids.last().map_or(0, |(_, id)| *id);
        let (id, _) = self.keyed(format!("dependent {printed} in {template}"));
        Resolved {
            id,
            printed,
            inner: Inner::Dependent,
        }
    }
}
