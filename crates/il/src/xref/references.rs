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
//! a wrong one). Not produced here: references in initializers, default arguments and function
//! bodies (values: `U`, `M`, ...), the implicit constructor and destructor calls of declared
//! objects, and the template-ids of class template instances, whose printed names need the
//! evaluation `instances.rs` does.
use rowan::NodeOrToken;
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken};

use super::tree::last_ident;
use super::{Scope, Walker};

/// What a qualifier resolved to: the entity and how lookup continues inside it.
struct Resolved {
    id: u32,
    printed: String,
    /// The qualified name later segments are members of (a class, namespace or alias target);
    /// `None` when they cannot be looked up (a template parameter).
    inner: Option<String>,
}

impl Walker {
    /// Whether reference lines are written at this point of the walk: not for the declaration
    /// lines alone, not inside instances (their members are logged at the template's
    /// positions) and not in function bodies.
    pub(super) fn writes_references(&self, scope: &Scope) -> bool {
        self.references && self.instantiation_depth == 0 && !scope.local
    }

    /// The references in a piece of a declaration, in source order: every name of a type or
    /// namespace except declarator-ids (of which only the qualifier is a reference), skipping
    /// initializers, default arguments, bodies and nested class or enumeration definitions.
    pub(super) fn references_in(&mut self, node: &SyntaxNode, scope: &Scope) {
        if !self.writes_references(scope) {
            return;
        }
        self.references_below(node, scope);
    }

    fn references_below(&mut self, node: &SyntaxNode, scope: &Scope) {
        for child in node.children() {
            match child.kind() {
                INITIALIZER | COMPOUND_STMT | MEMBER_LIST | ENUMERATOR_LIST | CLASS_SPECIFIER
                | ENUM_SPECIFIER | CTOR_INITIALIZER | FUNCTION_TRY_BLOCK | DECLTYPE_SPEC
                | TYPEOF_SPEC | LAMBDA_EXPR | NOEXCEPT_SPEC | THROW_SPEC | ATTRIBUTE_SPEC
                | REQUIRES_CLAUSE | BIT_FIELD | PURE_SPEC | DEFAULTED_BODY | ASM_LABEL
                | TEMPLATE_PARAM_LIST => {}
                NAME_REF | QUALIFIED_NAME if node.kind() == DECLARATOR => {
                    self.qualifier_references(&child, scope);
                }
                NAME_REF | QUALIFIED_NAME => self.name_references(&child, scope),
                // Values in array bounds and the like are not types.
                ID_EXPR => {}
                _ => self.references_below(&child, scope),
            }
        }
    }

    /// The qualifier of a declared name (`N::B::` of `N::B::mf`), and the type of a conversion
    /// function's name.
    pub(super) fn qualifier_references(&mut self, name: &SyntaxNode, scope: &Scope) {
        if !self.writes_references(scope) {
            return;
        }
        if name.kind() == QUALIFIED_NAME {
            let segments: Vec<SyntaxNode> = name.children().collect();
            if let Some((last, qualifier)) = segments.split_last() {
                self.segment_references(name, qualifier, scope);
                if last.kind() == OPERATOR_NAME {
                    self.references_below(last, scope);
                }
            }
        } else if name.kind() == OPERATOR_NAME {
            self.references_below(name, scope);
        }
    }

    /// An enumeration's qualifier and underlying type (`enum class E : N::I`), logged before
    /// its line.
    pub(super) fn enum_base_references(&mut self, spec: &SyntaxNode, scope: &Scope) {
        if !self.writes_references(scope) {
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
        if !self.writes_references(scope) {
            return;
        }
        match name.kind() {
            QUALIFIED_NAME => {
                let segments: Vec<SyntaxNode> = name.children().collect();
                self.segment_references(name, &segments, scope);
            }
            NAME_REF => self.segment_references(name, std::slice::from_ref(name), scope),
            _ => {}
        }
    }

    /// Resolves `segments` (the leading ones of `name`) one after the other and logs each;
    /// stops at the first one that resolves to nothing known.
    fn segment_references(&mut self, name: &SyntaxNode, segments: &[SyntaxNode], scope: &Scope) {
        let global = name.first_token().is_some_and(|t| t.kind() == COLON2);
        let mut outer: Option<Resolved> = None;
        for (i, segment) in segments.iter().enumerate() {
            if segment.kind() != NAME_REF {
                return;
            }
            let Some(ident) = last_ident(segment) else {
                return;
            };
            let args = segment.children().find(|n| n.kind() == TEMPLATE_ARG_LIST);
            if let Some(args) = &args {
                self.references_below(args, scope);
            }
            // A template-id's instance is named only once evaluated (`instances.rs`); what
            // follows it is a member of that instance.
            if args.is_some() {
                return;
            }
            let resolved = match &outer {
                None if i == 0 => self.resolve_first(&ident, scope, global),
                None => None,
                Some(Resolved { inner: None, .. }) => None,
                Some(Resolved {
                    inner: Some(container),
                    ..
                }) => self.resolve_member(container, ident.text()),
            };
            let Some(resolved) = resolved else {
                return;
            };
            self.emit(
                resolved.id,
                resolved.printed.clone(),
                'R',
                ident.text_range().start(),
            );
            outer = Some(resolved);
        }
    }

    /// The entity an unqualified name (or the first segment of a qualified one) denotes.
    fn resolve_first(
        &mut self,
        ident: &SyntaxToken,
        scope: &Scope,
        global: bool,
    ) -> Option<Resolved> {
        let text = ident.text();
        if global {
            return self.resolve_member("", text);
        }
        if let Some(&(_, id)) = self
            .template_param_ids
            .iter()
            .rev()
            .find(|(n, _)| n == text)
        {
            return Some(Resolved {
                id,
                printed: text.to_string(),
                inner: None,
            });
        }
        if scope.in_class
            && let Some(resolved) = self.injected_class_name(text, scope)
        {
            return resolved;
        }
        if let Some((id, printed)) = self.alias_ids.get(text).cloned() {
            let target = self.aliases.get(text).cloned();
            return Some(Resolved {
                id,
                printed,
                inner: target,
            });
        }
        for key in self.lookup_keys(text, scope) {
            if let Some(found) = self.entity_named(&key) {
                return Some(found);
            }
        }
        None
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
        for (kind, inner) in [("namespace", true), ("type", true), ("typedef", false)] {
            if let Some(&id) = self.ids.get(&format!("{kind} {key}")) {
                return Some(Resolved {
                    id,
                    printed: key.to_string(),
                    inner: inner.then(|| key.to_string()),
                });
            }
        }
        None
    }

    /// Inside a class, its own name and its bases' names (found through the class scope)
    /// denote injected-class-names: `Some(None)` when the name finds one we cannot name (a
    /// class template's).
    fn injected_class_name(&mut self, text: &str, scope: &Scope) -> Option<Option<Resolved>> {
        let classes = scope.namespace_depth..scope.path.len();
        for end in classes.rev() {
            let class = &scope.path[..=end];
            let own = &class[class.len() - 1];
            if own.contains('<') || own == "<unnamed>" {
                if own.split('<').next() == Some(text) {
                    return Some(None);
                }
                continue;
            }
            let qualified = class.join("::");
            if own == text {
                return Some(Some(self.injected(&qualified, text)));
            }
            // The bases of the class, a few levels deep, nearest first.
            let mut bases: Vec<String> = self.facts.bases_of(&qualified).to_vec();
            for _ in 0..4 {
                let mut next = Vec::new();
                for base in &bases {
                    let last = super::names::split_qualified(base)
                        .pop()
                        .unwrap_or_default();
                    if last.split('<').next() == Some(text) {
                        if last.contains('<') {
                            return Some(None);
                        }
                        return Some(Some(self.injected(base, text)));
                    }
                    next.extend(self.facts.bases_of(base).iter().cloned());
                }
                bases = next;
            }
        }
        None
    }

    fn injected(&mut self, class: &str, text: &str) -> Resolved {
        let (id, _) = self.keyed(format!("injected {class}"));
        Resolved {
            id,
            printed: format!("{class}::{text}"),
            inner: Some(class.to_string()),
        }
    }
}
