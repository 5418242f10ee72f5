//! The member declaration lines of class template instances.
//!
//! cudafe++ logs the members of a class template instance again, under the instance's name
//! (`A<short>::x`) and at the template's positions, when the instance is completed (the point of
//! instantiation; `docs/spec/xref.md`, "Template instances"): data members and member typedefs
//! `D`, member functions `d` with their parameters `d` (bodies are not instantiated), static data
//! members `d` unless defined in the class, member templates `d` after their own parameters.
//!
//! Until lookup and instantiation are queries, this works on the syntax: a class template is
//! known by its qualified name once its definition has been walked; an instance is completed
//! where a template-id names the type of an object (a variable, a data member, a base), where
//! it qualifies a name (`Traits<int>::value`), and by an explicit instantiation definition.
//! Partial specializations are matched token by token with their parameters as wildcards; an
//! explicit specialization is a class of its own and instantiates nothing.
use rowan::NodeOrToken;
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextSize};

use super::{Scope, Walker, declares_function, first_token, has_token, name_holder};

mod members;
mod patterns;
mod record;

pub(super) use patterns::split_args as split_printed_args;
use patterns::{ELEMENT, bind, is_global_qualifier, leading_cv, match_partial, split_args};
pub(super) use patterns::{bind_list, match_arguments, pack_elements};

/// A class template whose definition has been seen.
#[derive(Clone)]
pub(super) struct ClassTemplate {
    /// The enclosing scope's qualified-name segments.
    path: Vec<String>,
    name: String,
    pub(super) definition: Pattern,
    partials: Vec<Pattern>,
    /// Argument lists of explicit specializations, as printed.
    explicit: Vec<String>,
}

/// A definition to instantiate: the primary template or a partial specialization.
#[derive(Clone)]
pub(super) struct Pattern {
    pub(super) params: Vec<Param>,
    /// For a partial specialization, its arguments' tokens (parameters are wildcards).
    args: Vec<Vec<String>>,
    /// Absent while the template is only declared (`template <size_t> struct __pair_get;`).
    members: Option<SyntaxNode>,
}

#[derive(Clone)]
pub(super) struct Param {
    pub(super) name: String,
    pub(super) pack: bool,
    /// The default argument's node (a type or an expression).
    pub(super) default: Option<SyntaxNode>,
    /// A non-type parameter's type as written (`size_t`, `_Tp`): its arguments print as EDG
    /// prints constants of that type (`0UL` for a `size_t`).
    pub(super) value_type: Option<String>,
    /// Where a non-type parameter's type is written, when it is a single name (`_Tp` of
    /// `_Tp __v`): a template-id logs it again, bound to its argument.
    pub(super) value_type_at: Option<TextSize>,
    /// A non-type parameter's declaration (`enable_if_t<sentinel_for<_Sent, _Iter>, int> =
    /// 0`): a template-id that leaves it out logs its type's references again, bound to the
    /// arguments (`default_argument_references`).
    pub(super) declaration: Option<SyntaxNode>,
}

/// An alias template (`template <typename _Tp> using __remove_cv_t = ...;`): its
/// specializations stand for its type with the arguments substituted, as EDG prints them
/// (`__make_unsigned<__remove_cv_t<wchar_t>>` is `__make_unsigned<wchar_t>`).
#[derive(Clone)]
pub(super) struct AliasTemplate {
    pub(super) params: Vec<Param>,
    pub(super) ty: SyntaxNode,
    /// The scope the alias was declared in, where names in its type are looked up.
    pub(super) scope: Scope,
    /// Where its name is declared: the position of its instances' `T` lines.
    pub(super) name_at: TextSize,
}

/// Template parameter name to the argument text it stands for.
pub(super) type Substitution = FxHashMap<String, String>;

impl Walker<'_> {
    /// Completes the instance a template-id names (`Vec<float, 4>`, `N::A<int>`), if it is an
    /// instance of a known class template, logging its members once.
    pub(super) fn complete_instance(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) {
        self.instance_of(name, scope, subst);
    }

    /// The class template a template-id names and its arguments as EDG prints them.
    pub(super) fn template_and_args(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<(String, Vec<String>)> {
        if name.kind() != NAME_REF {
            return None;
        }
        let ident = first_token(name, IDENT)?;
        let Some(list) = name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST) else {
            // A typedef of an instance (`struct is_void : false_type`).
            if subst.is_empty()
                && let Some((target, target_scope)) = self.find_typedef(ident.text(), scope)
            {
                return self.template_and_args(&target, &target_scope, subst);
            }
            return None;
        };
        // A qualifier written before the template's name (`N::A<int>`).
        let mut written = Vec::new();
        if let Some(q) = name.parent().filter(|p| p.kind() == QUALIFIED_NAME) {
            // `::cuda::std::numeric_limits<T>` is looked up from the global namespace.
            if q.first_token().is_some_and(|t| t.kind() == COLON2) {
                written.push(String::new());
            }
            for segment in q.children().filter(|n| n.kind() == NAME_REF) {
                if segment == *name {
                    break;
                }
                written.push(super::tokens_text(&segment));
            }
        }
        let template_name = subst
            .get(ident.text())
            .cloned()
            .unwrap_or_else(|| ident.text().to_string());
        written.push(template_name);
        let key = self.find_template(&written.join("::"), scope)?;
        let args = self.arguments(&list, scope, subst);
        Some((key, args))
    }

    /// A template argument list's arguments as EDG prints them, pack expansions expanded
    /// (`_List<_Up...>` with `_Up` bound to `int, long` has two arguments, with it empty none).
    pub(super) fn arguments(
        &mut self,
        list: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Vec<String> {
        let mut args = Vec::new();
        for arg in list.children() {
            // `_Up...` parses as a type-id with a `...` declarator, an expression pattern
            // (`_Tp::value...`) with the `...` after it.
            let pack_declarator = arg.kind() == TYPE_ID
                && arg
                    .children()
                    .find(|n| n.kind() == DECLARATOR)
                    .is_some_and(|d| {
                        d.descendants_with_tokens()
                            .filter_map(NodeOrToken::into_token)
                            .filter(|t| !t.kind().is_trivia())
                            .all(|t| t.kind() == DOT3)
                    });
            let expanded = pack_declarator
                || std::iter::successors(arg.next_sibling_or_token(), |t| {
                    t.next_sibling_or_token()
                })
                .find(|t| !t.kind().is_trivia())
                .is_some_and(|t| t.kind() == DOT3);
            // The pattern alone, when it is a name (`_Up` of `_Up...`).
            let arg = match arg
                .children()
                .filter(|n| n.kind() != DECLARATOR)
                .collect::<Vec<_>>()
            {
                named if pack_declarator && named.len() == 1 => named[0].clone(),
                _ => arg,
            };
            let packs: Vec<(String, Vec<String>)> = if expanded {
                let mut packs: Vec<(String, Vec<String>)> = Vec::new();
                for t in arg
                    .descendants_with_tokens()
                    .filter_map(NodeOrToken::into_token)
                    .filter(|t| t.kind() == IDENT)
                {
                    if let Some(elements) = pack_elements(subst, t.text())
                        && !packs.iter().any(|(n, _)| n == t.text())
                    {
                        packs.push((t.text().to_string(), elements));
                    }
                }
                packs
            } else {
                Vec::new()
            };
            let Some(count) = packs.iter().map(|(_, e)| e.len()).min() else {
                args.push(self.argument(&arg, scope, subst));
                continue;
            };
            for i in 0..count {
                let mut element = subst.clone();
                for (name, elements) in &packs {
                    element.remove(&format!("{name}..."));
                    element.insert(name.clone(), elements[i].clone());
                    element.insert(format!("{name}{ELEMENT}"), String::new());
                }
                args.push(self.argument(&arg, scope, &element));
            }
        }
        args
    }

    /// Completes the instance a template-id names and returns its printed name
    /// (`N::A<int, 0UL>`), or `None` when it names no known class template.
    pub(super) fn instance_of(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<String> {
        if let Some((key, args)) = self.template_and_args(name, scope, subst) {
            return self.instantiate(&key, args);
        }
        // An alias template's specialization stands for its type (`op_t<dot_op::add>` is
        // `integral_constant<dot_op, dot_op::add>`).
        let printed = self.alias_type(name, scope, subst)?;
        self.complete_printed(&printed)
    }

    /// How many parameters the primary class template `key` has, if none is a pack.
    pub(super) fn fixed_arity(&self, key: &str) -> Option<usize> {
        let params = &self.templates.get(key)?.definition.params;
        (!params.iter().any(|p| p.pack)).then_some(params.len())
    }

    /// The printed name of the instance a template-id names, without completing it.
    pub(super) fn instance_name(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<String> {
        let (key, args) = self.template_and_args(name, scope, subst)?;
        let template = self.templates.get(&key)?.clone();
        let args = self.with_defaults(&template, args);
        if let Some(explicit) = self.explicit_specialization(&template, &args) {
            return Some(explicit);
        }
        let mut path = template.path.clone();
        path.push(format!("{}<{}>", template.name, args.join(", ")));
        let printed = path.join("::");
        // An instance made already is named as it was then.
        let canonical = self.canonical_spelling(&printed);
        Some(
            self.instantiated
                .get(&canonical)
                .cloned()
                .unwrap_or(printed),
        )
    }

    /// A printed type or instance name with every typedef replaced by the type it stands for
    /// (`tr<clk, clk::rep>` and `tr<clk, int>`, `S<uint32_t>` and `S<unsigned int>` are one
    /// instance each): the identity EDG gives instances, whose names it prints in the spelling
    /// of their first use.
    pub(super) fn canonical_spelling(&mut self, printed: &str) -> String {
        self.canonical_spelling_at(printed, 0)
    }

    fn canonical_spelling_at(&mut self, printed: &str, depth: u32) -> String {
        let is_name_char = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
        let mut out = String::with_capacity(printed.len());
        let mut rest = printed;
        while let Some(start) = rest.find(is_name_char) {
            out.push_str(&rest[..start]);
            rest = &rest[start..];
            let end = rest.find(|c| !is_name_char(c)).unwrap_or(rest.len());
            let name = &rest[..end];
            rest = &rest[end..];
            // A member of an instance (`X<int>::size_type`) is left as printed, as is a
            // template's name.
            let member = name.starts_with(':') || out.ends_with('>');
            let resolved = if member || rest.starts_with('<') || depth >= DEPTH_LIMIT {
                None
            } else {
                self.typedef_spelling(name)
            };
            match resolved {
                Some(ty) => out.push_str(&self.canonical_spelling_at(&ty, depth + 1)),
                None => out.push_str(name),
            }
        }
        out.push_str(rest);
        out
    }

    /// The type a printed typedef name stands for, printed: a typedef of a builtin type, a
    /// member typedef of a complete class, a typedef of an instance.
    fn typedef_spelling(&mut self, name: &str) -> Option<String> {
        if let Some(builtin) = self.builtin_typedefs.get(name) {
            return Some(builtin.spelling().to_string());
        }
        if let Some(ty) = self.facts.typedef_type(name) {
            return (ty != name).then(|| ty.to_string());
        }
        let (target, scope) = self.typedef_instances.get(name).cloned()?;
        // Broken code may define a typedef in terms of itself.
        if self.instantiation_depth >= DEPTH_LIMIT {
            return None;
        }
        self.instantiation_depth += 1;
        let printed = self.instance_name(&target, &scope, &Substitution::default());
        self.instantiation_depth -= 1;
        printed
    }

    /// The printed name of the explicit specialization that `args` (defaults filled in)
    /// denote, in any spelling (`is_integral<uint32_t>` is the one declared for
    /// `unsigned int`): an explicit specialization is named as its declaration names it.
    fn explicit_specialization(
        &mut self,
        template: &ClassTemplate,
        args: &[String],
    ) -> Option<String> {
        if template.explicit.is_empty() {
            return None;
        }
        let canonical = self.canonical_spelling(&args.join(", "));
        let explicit = template
            .explicit
            .iter()
            .find(|e| self.canonical_spelling(e) == canonical)?;
        let mut path = template.path.clone();
        path.push(format!("{}<{explicit}>", template.name));
        Some(path.join("::"))
    }

    /// Whether an argument is an enumerator's name: EDG prints those by name, qualified.
    fn names_enumerator(&self, arg: &SyntaxNode, scope: &Scope) -> bool {
        if arg.kind() != ID_EXPR {
            return false;
        }
        // A class's unnamed-enum constant (`__is_integer<_Tp>::__value`) is a value.
        let written = super::tokens_text(arg);
        let resolved = self.resolve_qualified(&written, scope);
        if resolved.contains('<') {
            return false;
        }
        // An unqualified enumerator of an enclosing namespace (`UNSIGNED_INTEGER` in
        // `cub::detail`) is found by lookup outwards.
        self.has_id("enumerator", &resolved)
            || !written.contains("::")
                && self
                    .find_lookup_key(&written, scope, |k| {
                        self.has_id("enumerator", k).then_some(())
                    })
                    .is_some()
    }

    /// One template argument as EDG prints it: a constant expression evaluated (its
    /// parameter's type decides the printing later), a member typedef of a known class
    /// replaced by its type, anything else as written with parameters substituted.
    pub(super) fn argument(
        &mut self,
        arg: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> String {
        // A builtin type in EDG's spelling (`__int128 unsigned` is `unsigned __int128`).
        if arg.kind() == TYPE_ID {
            let words: Vec<SyntaxToken> = arg
                .descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .filter(|t| !t.kind().is_trivia())
                .collect();
            // Only the order changes (EDG keeps a written `signed`: `signed short`), but
            // `unsigned` alone is `unsigned int`. Which keywords name which builtin is il's table.
            let mut specifiers = il::ty::BuiltinSpecifiers::default();
            if words.iter().all(|t| specifiers.add(t.kind()))
                && let Some(builtin) = specifiers.builtin().filter(|b| b.is_integral())
            {
                let mut canonical: Vec<&str> = builtin.spelling().split(' ').collect();
                let mut text: Vec<&str> = words.iter().map(|t| t.text()).collect();
                canonical.sort_unstable();
                text.sort_unstable();
                if canonical == text || text == ["unsigned"] {
                    return builtin.spelling().to_string();
                }
            }
        }
        // A parameter bound to an enumerator stays that enumerator (`_CATEGORY` bound to
        // `cub::SIGNED_INTEGER`).
        if arg.kind() == ID_EXPR
            && let Some(bound) = subst.get(super::tokens_text(arg).as_str())
            && self.has_id("enumerator", bound)
        {
            return bound.clone();
        }
        let names_enumerator = || self.names_enumerator(arg, scope);
        // A literal prints as written (its parameter's type decides the form later).
        let is_expression = matches!(
            arg.kind(),
            BIN_EXPR
                | PREFIX_EXPR
                | PAREN_EXPR
                | COND_EXPR
                | CAST_EXPR
                | NAMED_CAST_EXPR
                | CALL_EXPR
                | BUILTIN_CALL
                | SIZEOF_EXPR
                | ID_EXPR
        );
        if is_expression
            && !names_enumerator()
            && let Some(value) = self.evaluate(arg, scope, subst)
        {
            return value.to_string();
        }
        // `__make_numeric_limits_type<_Tp>()`: what the function returns, printed.
        if let Some((returned, function_scope, bound)) =
            self.constexpr_call_result(arg, scope, subst)
        {
            return self.argument(&returned, &function_scope, &bound);
        }
        // `typename X<_Tp>::type`, or a member typedef of the class being instantiated.
        let name = arg
            .descendants()
            .find(|n| matches!(n.kind(), QUALIFIED_NAME | NAME_REF));
        let only_name = name.as_ref().is_some_and(|n| {
            arg.descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .filter(|t| !t.kind().is_trivia() && t.kind() != TYPENAME_KW)
                .all(|t| {
                    t.text_range().start() >= n.text_range().start()
                        && t.text_range().end() <= n.text_range().end()
                })
        });
        if only_name && let Some(name) = &name {
            if let Some(ty) = self.member_type_argument(name, scope, subst) {
                return ty;
            }
            // A template-id prints with its own arguments evaluated and defaults filled in
            // (`ratio<24>` is `ratio<24L, 1L>`).
            let last = match name.kind() {
                QUALIFIED_NAME => name.children().filter(|n| n.kind() == NAME_REF).last(),
                _ => Some(name.clone()),
            };
            if let Some(last) = last.filter(|l| l.children().any(|n| n.kind() == TEMPLATE_ARG_LIST))
            {
                if let Some(ty) = self.alias_type(&last, scope, subst) {
                    return ty;
                }
                if let Some(printed) = self.instance_name(&last, scope, subst) {
                    return printed;
                }
            }
            if name.kind() == NAME_REF
                && name.children().all(|n| n.kind() != TEMPLATE_ARG_LIST)
                && let Some(ident) = first_token(name, IDENT)
                && !subst.contains_key(ident.text())
            {
                if scope.local
                    && let Some(ty) = self.local_typedef(name)
                {
                    return ty;
                }
                if let Some(ty) = self.enclosing_member_type_argument(ident.text(), scope) {
                    return ty;
                }
            }
        }
        self.arg_text(arg, scope, subst)
    }

    /// An explicit instantiation definition of a class instantiates the bodies of the member
    /// functions defined in the class, at the end of the unit.
    pub(super) fn explicit_member_bodies(&mut self, name: &SyntaxNode, scope: &Scope) {
        let Some(ident) = first_token(name, IDENT) else {
            return;
        };
        let Some(template_key) = self.find_template(ident.text(), scope) else {
            return;
        };
        let Some(path) = self.templates.get(&template_key).map(|t| t.path.clone()) else {
            return;
        };
        // The members' instantiation lines are named under the instance (`A<double>::f`).
        let prefix = self
            .instance_of(name, scope, &Substitution::default())
            .map(|printed| format!("{printed}::"))
            .unwrap_or_default();
        let Some(template) = self.templates.get(&template_key) else {
            return;
        };
        let functions: Vec<SyntaxNode> = template
            .definition
            .members
            .iter()
            .flat_map(|m| m.children())
            .filter(|m| m.kind() == FUNCTION_DEF && !has_token(m, FRIEND_KW))
            .collect();
        let scope = Scope {
            in_class: true,
            path,
            ..Scope::default()
        };
        self.explicit_bodies.extend(
            functions
                .into_iter()
                .map(|f| (f, scope.clone(), prefix.clone())),
        );
    }

    /// A template-id that depends on template parameters still gets its default arguments
    /// where they do not: EDG evaluates them as it forms the name, completing what they name
    /// (`__is_invocable_impl<__invoke_result<_Fn>, void>` in a base clause evaluates the
    /// default `is_void<_Ret>::value` with `void`).
    pub(super) fn dependent_defaults(&mut self, name: &SyntaxNode, scope: &Scope) {
        let segments: Vec<SyntaxNode> = match name.kind() {
            QUALIFIED_NAME => name.children().filter(|n| n.kind() == NAME_REF).collect(),
            _ => vec![name.clone()],
        };
        for segment in segments {
            if let Some((key, args)) =
                self.template_and_args(&segment, scope, &Substitution::default())
                && let Some(template) = self.templates.get(&key).cloned()
            {
                self.with_defaults(&template, args);
            }
        }
    }

    /// A class template's primary parameters and the scope it is declared in.
    pub(super) fn primary_params(&self, key: &str) -> Option<(Vec<Param>, Scope)> {
        let template = self.templates.get(key)?;
        let scope = Scope {
            path: template.path.clone(),
            ..Scope::default()
        };
        Some((template.definition.params.clone(), scope))
    }

    /// Default arguments complete an argument list, in terms of the earlier parameters.
    fn with_defaults(&mut self, template: &ClassTemplate, args: Vec<String>) -> Vec<String> {
        let primary = &template.definition.params;
        let scope = Scope {
            path: template.path.clone(),
            ..Scope::default()
        };
        let mut args = self.typed_args(primary, &scope, args);
        if args.len() < primary.len() {
            let mut bound = bind(primary, &args);
            for param in &primary[args.len()..] {
                let Some(default) = &param.default else { break };
                // Evaluated like a written argument (`bool = __is_integer<_Tp>::__value`).
                let text = self.argument(default, &scope, &bound);
                args.push(text);
                args = self.typed_args(primary, &scope, args);
                bound = bind(primary, &args);
            }
        }
        args
    }

    /// `<bool, false>` for an explicit specialization's name `__promote<bool>` (the primary's
    /// defaults filled in), when the template is known.
    pub(super) fn specialization_args(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
    ) -> Option<String> {
        let ident = first_token(name, IDENT)?;
        let list = name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
        let template = self
            .templates
            .get(&self.find_template(ident.text(), scope)?)?
            .clone();
        let args = self.arguments(&list, scope, &Substitution::default());
        Some(format!(
            "<{}>",
            self.with_defaults(&template, args).join(", ")
        ))
    }

    /// Argument text as EDG prints it: parameters substituted, and type names written
    /// unqualified printed with their scope (`byte` in `std` is `std::byte`).
    pub(super) fn arg_text(
        &self,
        node: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> String {
        let tokens = node
            .descendants_with_tokens()
            .filter_map(NodeOrToken::into_token);
        self.tokens_printed(tokens, scope, subst)
    }

    /// [`Self::arg_text`] over a run of tokens (a declaration's specifiers).
    pub(super) fn tokens_printed(
        &self,
        tokens: impl Iterator<Item = SyntaxToken>,
        scope: &Scope,
        subst: &Substitution,
    ) -> String {
        let mut out = String::new();
        let tokens: Vec<SyntaxToken> = tokens.filter(|t| !t.kind().is_trivia()).collect();
        // After a pack expanded in place: its `...`, and with an empty pack the comma after it.
        let (mut skip_dots, mut skip_comma) = (false, false);
        // The closing parenthesis of a `noexcept(...)` left out, and the depth inside it.
        let mut skipped_noexcept: Option<u32> = None;
        // The tokens of a qualifier already printed, up to the name they qualify.
        let mut skip_until: Option<SyntaxToken> = None;
        // The end of a `decltype(...)` printed whole.
        let mut skip_to: Option<TextSize> = None;
        for (i, token) in tokens.iter().enumerate() {
            if let Some(resume) = &skip_until {
                if token != resume {
                    continue;
                }
                skip_until = None;
            }
            if let Some(end) = skip_to {
                if token.text_range().start() < end {
                    continue;
                }
                skip_to = None;
            }
            if token.kind() == DECLTYPE_KW
                && let Some(spec) = token.parent().filter(|p| p.kind() == DECLTYPE_SPEC)
            {
                super::push_edg_token(&mut out, &self.decltype_printed(&spec, scope, subst));
                skip_to = Some(spec.text_range().end());
                continue;
            }
            // An argument that is an expression on template parameters prints as
            // `<expression>` (`enable_if_t<!__specifies_members<_Ip> && ...>`).
            if let Some(expr) = self.dependent_expression_at(token, subst) {
                super::push_edg_token(&mut out, "<expression>");
                skip_to = Some(expr.text_range().end());
                continue;
            }
            // A template-id's omitted arguments print with their defaults
            // (`enable_if_t<_Bp>` is `enable_if_t<_Bp, void>`).
            if token.kind() == R_ANGLE
                && let Some(list) = token.parent().filter(|p| p.kind() == TEMPLATE_ARG_LIST)
            {
                for default in self.omitted_defaults(&list, scope, subst) {
                    // `plus<>` is `plus<void>`.
                    if !out.ends_with('<') {
                        super::push_edg_token(&mut out, ",");
                    }
                    super::push_edg_token(&mut out, &default);
                }
            }
            // EDG never prints the global qualifier (`::cuda::std`).
            if token.kind() == COLON2
                && token.parent().is_some_and(|p| p.kind() == QUALIFIED_NAME)
                && token.prev_sibling_or_token().is_none()
            {
                continue;
            }
            // EDG prints a function type's `noexcept(expression)` only when it is `true`
            // (`noexcept`); a dependent one (`noexcept(_NE)`) is left out.
            if let Some(depth) = skipped_noexcept.as_mut() {
                match token.kind() {
                    L_PAREN => *depth += 1,
                    R_PAREN => *depth -= 1,
                    _ => {}
                }
                if *depth == 0 {
                    skipped_noexcept = None;
                }
                continue;
            }
            if token.kind() == NOEXCEPT_KW && tokens.get(i + 1).is_some_and(|t| t.kind() == L_PAREN)
            {
                let is_true = tokens.get(i + 2).is_some_and(|t| t.kind() == TRUE_KW)
                    && tokens.get(i + 3).is_some_and(|t| t.kind() == R_PAREN);
                if is_true {
                    super::push_edg_token(&mut out, "noexcept");
                }
                skipped_noexcept = Some(0);
                continue;
            }
            if std::mem::take(&mut skip_dots) && token.kind() == DOT3 {
                continue;
            }
            if std::mem::take(&mut skip_comma) && token.kind() == COMMA {
                continue;
            }
            // EDG prints dependent names without the disambiguating keywords.
            if matches!(token.kind(), TYPENAME_KW | TEMPLATE_KW) {
                continue;
            }
            if token.kind() != IDENT {
                super::push_edg_token(&mut out, token.text());
                continue;
            }
            // `_UInts...` in `_List<_Uint, _UInts...>`: the pack's arguments, or nothing.
            if tokens.get(i + 1).is_some_and(|t| t.kind() == DOT3)
                && let Some(elements) = pack_elements(subst, token.text())
            {
                skip_dots = true;
                if elements.is_empty() {
                    if out.ends_with(',') {
                        out.pop();
                    } else {
                        skip_comma = true;
                    }
                } else {
                    super::push_edg_token(&mut out, &elements.join(", "));
                }
                continue;
            }
            if let Some(arg) = subst.get(token.text()) {
                // An element of a pack being expanded (`_Args` of `const _Args&...`).
                skip_dots = subst.contains_key(&format!("{}{ELEMENT}", token.text()));
                super::push_edg_token(&mut out, arg);
                continue;
            }
            // Only a name's first segment is looked up (`std::size_t` stays as written,
            // `__limits_type::__float` in `cuda::std` is printed from the namespace down).
            let Some(name_ref) = token.parent().filter(|n| n.kind() == NAME_REF) else {
                super::push_edg_token(&mut out, token.text());
                continue;
            };
            // A namespace qualifier is printed as lookup finds it, with the inline
            // namespaces it goes through (`::cuda::std::void_t` is `cuda::std::__4::void_t`).
            if let Some((prefix, resume)) = self.namespace_prefix(&name_ref, scope) {
                if !prefix.is_empty() {
                    super::push_edg_token(&mut out, &prefix);
                }
                skip_until = Some(resume);
                continue;
            }
            let leading = name_ref
                .prev_sibling_or_token()
                .is_none_or(|p| p.kind() != COLON2 || is_global_qualifier(&p));
            let qualifier = name_ref
                .next_sibling_or_token()
                .is_some_and(|n| n.kind() == COLON2);
            let qualified = leading
                .then(|| self.qualified_type_name(token.text(), scope, qualifier))
                .flatten();
            super::push_edg_token(&mut out, qualified.as_deref().unwrap_or(token.text()));
        }
        leading_cv(out)
    }

    /// The expression a token starts when it is a template argument made of operators on
    /// template parameters in scope (not bound by `subst`): EDG prints those `<expression>`.
    pub(super) fn dependent_expression_at(
        &self,
        token: &SyntaxToken,
        subst: &Substitution,
    ) -> Option<SyntaxNode> {
        if self.template_param_names.is_empty() {
            return None;
        }
        let expr = token
            .parent_ancestors()
            .take_while(|a| a.text_range().start() == token.text_range().start())
            .find(|a| a.parent().is_some_and(|p| p.kind() == TEMPLATE_ARG_LIST))?;
        let operators = matches!(
            expr.kind(),
            BIN_EXPR | PREFIX_EXPR | COND_EXPR | CAST_EXPR | NAMED_CAST_EXPR | SIZEOF_EXPR
        );
        let dependent = expr
            .descendants_with_tokens()
            .filter_map(NodeOrToken::into_token)
            .any(|t| {
                t.kind() == IDENT
                    && match subst.get(t.text()) {
                        // A parameter bound to an argument that names the templates' own
                        // parameters keeps the expression dependent (`sizeof(_Up) == 4`
                        // with `_Up` bound to `_Tp` is still `<expression>`).
                        Some(bound) => self.names_outer_parameter(bound),
                        None => self.template_param_names.iter().any(|p| p == t.text()),
                    }
            });
        (operators && dependent).then_some(expr)
    }

    /// The default arguments a template-id leaves out (`void` for `enable_if_t<_Bp>`),
    /// printed in terms of the arguments it gives.
    fn omitted_defaults(
        &self,
        list: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Vec<String> {
        let Some(name) = list.parent().filter(|n| n.kind() == NAME_REF) else {
            return Vec::new();
        };
        let Some(ident) = first_token(&name, IDENT) else {
            return Vec::new();
        };
        let written: Vec<SyntaxNode> = list.children().collect();
        // A pack expansion's length is not known here.
        let expands = list.children_with_tokens().any(|t| t.kind() == DOT3)
            || written.iter().any(|a| {
                a.descendants_with_tokens()
                    .filter_map(NodeOrToken::into_token)
                    .any(|t| t.kind() == DOT3)
            });
        let mut prefix = Vec::new();
        if let Some(q) = name.parent().filter(|p| p.kind() == QUALIFIED_NAME) {
            for segment in q.children().filter(|n| n.kind() == NAME_REF) {
                if segment == name {
                    break;
                }
                prefix.push(super::tokens_text(&segment));
            }
        }
        prefix.push(ident.text().to_string());
        let written_name = prefix.join("::");
        let (params, template_scope) = if let Some(template) = self
            .find_template(&written_name, scope)
            .and_then(|key| self.templates.get(&key))
        {
            let template_scope = Scope {
                path: template.path.clone(),
                ..Scope::default()
            };
            (&template.definition.params, template_scope)
        } else if let Some(alias) =
            self.find_lookup_key(written_name.trim_start_matches("::"), scope, |k| {
                self.alias_templates.get(k)
            })
        {
            (&alias.params, alias.scope.clone())
        } else {
            return Vec::new();
        };
        if expands || written.len() >= params.len() {
            return Vec::new();
        }
        let args: Vec<String> = written
            .iter()
            .map(|a| self.arg_text(a, scope, subst))
            .collect();
        let mut bound = bind(params, &args);
        let mut defaults = Vec::new();
        for param in &params[written.len()..] {
            let Some(default) = param.default.as_ref().filter(|_| !param.pack) else {
                break;
            };
            let text = self.arg_text(default, &template_scope, &bound);
            bound.insert(param.name.clone(), text.clone());
            defaults.push(text);
        }
        defaults
    }

    /// `decltype(operand)` as EDG prints it in a template argument: a name as written, a cast
    /// as the type it casts to (`decltype((void) f())` is `void`), any other expression as
    /// `decltype((<expression>))`.
    fn decltype_printed(&self, spec: &SyntaxNode, scope: &Scope, subst: &Substitution) -> String {
        let Some(operand) = spec.children().next() else {
            return "decltype(auto)".to_string();
        };
        match operand.kind() {
            ID_EXPR => format!("decltype({})", self.arg_text(&operand, scope, subst)),
            CAST_EXPR | NAMED_CAST_EXPR
                if let Some(ty) = operand.children().find(|n| n.kind() == TYPE_ID)
                    && !ty.descendants().any(|n| n.kind() == PTR_OP) =>
            {
                self.arg_text(&ty, scope, subst)
            }
            _ => "decltype((<expression>))".to_string(),
        }
    }

    /// For the first segment of a qualified name (`cuda` of `::cuda::std::void_t<_Tp>`), the
    /// qualifier as EDG prints it (`cuda::std::__4::`) and the token to go on printing from
    /// (`void_t`): the segments up to the first template-id (or the last) are resolved by
    /// lookup. `None` when that changes nothing or the name does not resolve.
    fn namespace_prefix(
        &self,
        name_ref: &SyntaxNode,
        scope: &Scope,
    ) -> Option<(String, SyntaxToken)> {
        let qualified = name_ref.parent().filter(|p| p.kind() == QUALIFIED_NAME)?;
        let segments: Vec<SyntaxNode> = qualified
            .children()
            .filter(|n| n.kind() == NAME_REF)
            .collect();
        if segments.first() != Some(name_ref) {
            return None;
        }
        let last = segments
            .iter()
            .position(|s| s.children().any(|n| n.kind() == TEMPLATE_ARG_LIST))
            .unwrap_or(segments.len() - 1);
        if last == 0 {
            return None;
        }
        let idents: Vec<SyntaxToken> = segments[..=last]
            .iter()
            .map(|s| first_token(s, IDENT))
            .collect::<Option<_>>()?;
        let mut written: Vec<&str> = idents.iter().map(|t| t.text()).collect();
        let global = qualified.first_token().is_some_and(|t| t.kind() == COLON2);
        let joined = written.join("::");
        let resolved = self.resolve_qualified(
            &if global {
                format!("::{joined}")
            } else {
                joined.clone()
            },
            scope,
        );
        // A using-declaration's name is the entity's own (`cuda::std::int16_t` is the
        // global `int16_t`).
        let resolved = self.using_targets.get(&resolved).unwrap_or(&resolved);
        let mut printed = super::names::split_qualified(resolved);
        let name = written.pop()?;
        if printed.pop().as_deref() != Some(name) {
            return None;
        }
        let prefix = if printed.is_empty() {
            String::new()
        } else {
            format!("{}::", printed.join("::"))
        };
        if !global && prefix == format!("{}::", written.join("::")) {
            return None;
        }
        Some((prefix, idents[last].clone()))
    }

    /// `<T *, std::size_t>`: a template-id's arguments as EDG prints them.
    pub(super) fn written_args(&mut self, name: &SyntaxNode, scope: &Scope) -> String {
        let last = if name.kind() == QUALIFIED_NAME {
            name.children().filter(|n| n.kind() == NAME_REF).last()
        } else {
            Some(name.clone())
        };
        let Some(list) = last.and_then(|l| l.children().find(|n| n.kind() == TEMPLATE_ARG_LIST))
        else {
            return String::new();
        };
        // A constant expression prints evaluated (`span<_Tp, dynamic_extent>` is
        // `span<_Tp, 18446744073709551615UL>`).
        let subst = self.alias_subst.clone();
        let mut args: Vec<String> = list
            .children()
            .map(|a| {
                let constant = matches!(a.kind(), ID_EXPR | BIN_EXPR | PREFIX_EXPR | PAREN_EXPR)
                    && !a
                        .descendants_with_tokens()
                        .filter_map(NodeOrToken::into_token)
                        .any(|t| {
                            t.kind() == IDENT
                                && (self.template_param_names.iter().any(|p| p == t.text())
                                    || subst.contains_key(t.text()))
                        })
                    && !a.descendants().any(|n| n.kind() == TEMPLATE_ARG_LIST)
                    && !self.names_enumerator(&a, scope);
                match constant.then(|| self.evaluate(&a, scope, &subst)) {
                    Some(Some(value)) => value.to_string(),
                    _ => self.arg_text(&a, scope, &subst),
                }
            })
            .collect();
        if let Some(ident) = first_token(&list.parent().unwrap(), IDENT)
            && let Some(template) = self
                .find_template(ident.text(), scope)
                .and_then(|key| self.templates.get(&key))
                .cloned()
        {
            // A partial specialization's arguments end with the primary's defaults
            // (`iterator_traits<_Tp *>` is `iterator_traits<_Tp *, void>`).
            args = self.with_defaults(&template, args);
        } else {
            // An alias template's omitted arguments print with their defaults too.
            args.extend(self.omitted_defaults(&list, scope, &subst));
        }
        format!("<{}>", args.join(", "))
    }

    /// Integer constant arguments print as EDG prints a constant of their parameter's type:
    /// in decimal, with the type's suffix (`2` for a `size_t` is `2UL`, `0x1F` for an
    /// `unsigned` is `31U`); a parameter typed by an earlier parameter takes its argument's type.
    fn typed_args(&self, params: &[Param], scope: &Scope, mut args: Vec<String>) -> Vec<String> {
        for i in 0..args.len().min(params.len()) {
            let Some(ty) = &params[i].value_type else {
                continue;
            };
            let bound = bind(&params[..i], &args[..i]);
            let ty = bound.get(ty).cloned().unwrap_or_else(|| ty.clone());
            if let Some(builtin) = self.builtin_type(&ty, scope)
                && let Some(value) = super::constants::integer_literal(&args[i])
            {
                args[i] = hir_ty::display::edg_builtin_constant(value, builtin);
            }
        }
        args
    }

    /// Logs the members of `template<args>` at the pattern's positions, once per instance.
    pub(super) fn instantiate(&mut self, key: &str, mut args: Vec<String>) -> Option<String> {
        let template = self.templates.get(key).cloned()?;
        args = self.with_defaults(&template, args);
        let primary = &template.definition.params;
        let instance = format!("{}<{}>", template.name, args.join(", "));
        let mut path = template.path.clone();
        path.push(instance);
        let printed = path.join("::");
        if let Some(explicit) = self.explicit_specialization(&template, &args) {
            return Some(explicit);
        }
        // An argument we could not evaluate would name an instance EDG never makes.
        let unevaluated = primary.iter().zip(&args).any(|(p, a)| {
            p.value_type.is_some()
                && super::constants::integer_literal(a).is_none()
                && !a.starts_with('\'')
                && !self.has_id("enumerator", a)
                && !primary.iter().any(|q| q.name == *a)
        });
        // Nor do we resolve alias templates in arguments (`ratio_multiply<...>`), and a
        // member of an instance left as written (`X<T>::type`) is one we could not resolve.
        let names_alias = args.iter().any(|a| {
            a.contains(">::")
                || a.contains("<expression>")
                || a.contains("sizeof")
                || self.names_alias_template(a)
                || self.names_unknown_qualifier(a)
        });
        // An instance whose arguments name template parameters in scope is dependent, as is
        // one of a member template of a class template's definition.
        let names_param = |a: &String| {
            a.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| self.template_param_names.iter().any(|p| p == w))
        };
        // In a template definition, a class template's own name is its injected-class-name
        // (`pointer` inside `pointer<...>`): dependent too.
        let dependent = !self.template_param_names.is_empty()
            && (args.iter().any(names_param)
                || template.path.iter().any(names_param)
                || args.iter().any(|a| self.templates.contains_key(a)));
        if unevaluated || dependent || names_alias {
            return Some(printed);
        }
        // One instance whatever spelling of its arguments names it; EDG names it by the first
        // (`numeric_limits<uint64_t>` even where `unsigned long` is written later).
        let canonical = self.canonical_spelling(&printed);
        if let Some(first) = self.instantiated.get(&canonical) {
            return Some(first.clone());
        }
        if self.instantiation_depth >= DEPTH_LIMIT || self.instantiated.len() > INSTANCE_LIMIT {
            return Some(printed);
        }
        self.instantiated.insert(canonical, printed.clone());
        // An instance is no template even when a template definition's non-dependent name
        // (`false_type` as a primary template's base) completes it: its constants are known.
        let outer_template = (
            std::mem::take(&mut self.template_depth),
            std::mem::take(&mut self.template_param_names),
        );
        let doubtful = args.iter().any(|a| self.names_leaked_qualifier(a));
        let outer_doubtful = std::mem::replace(&mut self.doubtful_instance, doubtful);
        self.instantiation_depth += 1;
        self.instantiate_members(&template, &args, path);
        self.instantiation_depth -= 1;
        self.doubtful_instance = outer_doubtful;
        (self.template_depth, self.template_param_names) = outer_template;
        Some(printed)
    }

    /// Logs an instance's bases and members, from the partial specialization its arguments
    /// match or the primary template.
    fn instantiate_members(
        &mut self,
        template: &ClassTemplate,
        args: &[String],
        path: Vec<String>,
    ) {
        let primary = &template.definition.params;
        let printed = path.join("::");
        let (pattern, subst) = match template
            .partials
            .iter()
            .find_map(|p| match_partial(p, args).map(|s| (p, s)))
        {
            Some(found) => found,
            None => (&template.definition, bind(primary, args)),
        };
        let scope = Scope {
            in_class: true,
            namespace_depth: template.path.len(),
            path,
            ..Scope::default()
        };
        if let Some(members) = &pattern.members {
            // A class is complete only with its bases: they are instantiated first.
            let lookup = Scope {
                path: template.path.clone(),
                ..Scope::default()
            };
            if let Some(spec) = members.parent() {
                for base in spec
                    .children()
                    .filter(|n| n.kind() == BASE_CLAUSE)
                    .flat_map(|c| c.children())
                    .filter_map(|b| {
                        b.children()
                            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                    })
                {
                    self.complete_type_name(&base, &lookup, &subst);
                    let printed_base = self.class_name_printed(&base, &lookup, &subst);
                    self.record_base(printed.clone(), printed_base);
                }
            }
            // EDG's instantiation lines, at the primary template's name (a partial
            // specialization's instance too): the instance is created (`t`) and its definition
            // instantiated (`T`), one entity.
            if self.references
                && let Some(name) = template
                    .definition
                    .members
                    .as_ref()
                    .and_then(|m| m.parent())
                    .and_then(|spec| {
                        spec.children()
                            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                            .and_then(|n| super::tree::last_ident(&n))
                    })
            {
                let id = self.fresh();
                let offset = name.text_range().start();
                self.emit(id, printed.clone(), 't', offset);
                self.emit(id, printed.clone(), 'T', offset);
            }
            self.instance_members(members, &scope, &subst);
        }
    }

    /// Completes the class a type name denotes, after substitution: a template-id
    /// (`__numeric_limits_impl<_Tp>`), a qualifier that is one (`X<_Tp>::type`), or a template
    /// parameter that stands for an instance (`_Base` bound to `integral_constant<bool, true>`).
    pub(super) fn complete_type_name(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) {
        let segments: Vec<SyntaxNode> = if name.kind() == QUALIFIED_NAME {
            name.children().filter(|n| n.kind() == NAME_REF).collect()
        } else {
            vec![name.clone()]
        };
        for segment in &segments {
            if segment.children().any(|n| n.kind() == TEMPLATE_ARG_LIST) {
                // An alias template stands for its type (`cub::BaseTraits<...>` for
                // `cub::detail::BaseTraits<...>`).
                match self.alias_type(segment, scope, subst) {
                    Some(ty) => {
                        self.complete_class(&ty);
                    }
                    None => self.complete_instance(segment, scope, subst),
                }
            } else if let Some(ident) = first_token(segment, IDENT)
                && let Some(printed) = subst.get(ident.text())
            {
                self.complete_class(&printed.clone());
            }
        }
    }

    /// Completes the classes that the qualified names in a type (after substitution) name
    /// members of (`typename __make_unsigned_selector<_Tp>::__type`, `typename Else::type`).
    fn complete_qualifiers_in(&mut self, ty: &SyntaxNode, scope: &Scope, subst: &Substitution) {
        let names: Vec<SyntaxNode> = std::iter::once(ty.clone())
            .chain(ty.descendants())
            .filter(|n| n.kind() == QUALIFIED_NAME)
            .collect();
        for name in names {
            let segments: Vec<SyntaxNode> =
                name.children().filter(|n| n.kind() == NAME_REF).collect();
            if let Some((_, qualifiers)) = segments.split_last() {
                for q in qualifiers {
                    self.complete_type_name(q, scope, subst);
                }
            }
        }
    }

    /// Whether a printed argument starts with a qualifier that names nothing known from the
    /// global namespace (`superclass::pointer`, a member typedef left as written): EDG would
    /// print the type it stands for.
    fn names_unknown_qualifier(&self, arg: &str) -> bool {
        let arg = arg
            .trim_start_matches("const ")
            .trim_start_matches("volatile ");
        let Some(end) = arg.find("::") else {
            return false;
        };
        let first = &arg[..end];
        first.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !self.is_known(first)
            && !self.has_id("enumerator", first)
    }

    /// Whether a printed argument names, at its head or at any depth, a qualifier we could
    /// not have resolved (a function's local alias, or no namespace, class or template): the
    /// instance is still completed as before (its unqualified lines, parameters, match), but
    /// the lines added since under its name are left out (`member_classes`).
    fn names_leaked_qualifier(&self, arg: &str) -> bool {
        let arg = arg
            .trim_start_matches("const ")
            .trim_start_matches("volatile ");
        arg.find("::")
            .is_some_and(|end| self.is_local_alias(&arg[..end]))
            || self.nested_names_unknown_qualifier(arg, 0)
    }

    /// Whether a bare name the walk knows is only a function's local alias (declared under
    /// its bare name, as namespace-scope ones are): it qualifies nothing printed elsewhere.
    fn is_local_alias(&self, name: &str) -> bool {
        self.local_aliases.contains(name)
            && !self.has_id("namespace", name)
            && !self.templates.contains_key(name)
    }

    /// The arguments of the instances a printed argument names, at any depth: a member typedef
    /// left as its target was written in another class (`normal_iterator<alloc_traits::
    /// pointer>`, from `contiguous_storage`'s `typename alloc_traits::pointer`) names no
    /// instance EDG makes. EDG qualifies a name by the namespace or class it is a member of,
    /// never by a typedef: a qualifier that names neither is one we could not resolve.
    fn nested_names_unknown_qualifier(&self, arg: &str, depth: u32) -> bool {
        let (Some(open), Some(close)) = (arg.find('<'), arg.rfind('>')) else {
            return false;
        };
        if open >= close || depth >= DEPTH_LIMIT {
            return false;
        }
        split_args(&arg[open + 1..close]).iter().any(|inner| {
            let inner = inner
                .trim()
                .trim_start_matches("const ")
                .trim_start_matches("volatile ");
            let unknown = inner.find("::").is_some_and(|end| {
                let first = &inner[..end];
                !first.is_empty()
                    && first.chars().all(|c| c.is_alphanumeric() || c == '_')
                    && ((!self.has_id("namespace", first)
                        && !self.has_id("type", first)
                        && !self.templates.contains_key(first))
                        || self.is_local_alias(first))
            });
            unknown || self.nested_names_unknown_qualifier(inner, depth + 1)
        })
    }

    /// Whether printed text names an alias template's specialization (`x::ratio_multiply<`).
    fn names_alias_template(&self, text: &str) -> bool {
        let bytes = text.as_bytes();
        bytes.iter().enumerate().any(|(i, &b)| {
            if b != b'<' {
                return false;
            }
            let start = text[..i]
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(0, |p| p + 1);
            self.alias_templates.contains_key(&text[start..i])
        })
    }

    /// Completes an instance from its printed name (`std::integral_constant<bool, true>`), as a
    /// template parameter's argument carries it.
    /// The definition an instance (by printed name) is made from: its member list, the scope
    /// its members are declared in, its binding, and the class's own name (its constructors'
    /// name); `None` for an explicit specialization or an unknown template.
    pub(super) fn instance_definition(
        &self,
        printed: &str,
    ) -> Option<(SyntaxNode, Scope, Substitution, String)> {
        let open = printed.find('<')?;
        let key = &printed[..open];
        let template = self.templates.get(key)?;
        let args = split_args(printed.strip_suffix('>')?.get(open + 1..)?);
        if template.explicit.contains(&args.join(", ")) {
            return None;
        }
        let (pattern, subst) = match template
            .partials
            .iter()
            .find_map(|p| match_partial(p, &args).map(|s| (p, s)))
        {
            Some(found) => found,
            None => (
                &template.definition,
                bind(&template.definition.params, &args),
            ),
        };
        let mut path = template.path.clone();
        path.push(format!("{}<{}>", template.name, args.join(", ")));
        let scope = Scope {
            in_class: true,
            namespace_depth: template.path.len(),
            path,
            ..Scope::default()
        };
        Some((
            pattern.members.clone()?,
            scope,
            subst,
            template.name.clone(),
        ))
    }

    pub(super) fn complete_printed(&mut self, printed: &str) -> Option<String> {
        let open = printed.find('<')?;
        if !printed.ends_with('>') {
            return None;
        }
        let key = &printed[..open];
        if !self.templates.contains_key(key) {
            return None;
        }
        let args = split_args(&printed[open + 1..printed.len() - 1]);
        self.instantiate(key, args)
    }

    /// The printed name of the class a base specifier names (after substitution).
    pub(super) fn class_name_printed(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> String {
        let last = if name.kind() == QUALIFIED_NAME {
            name.children().filter(|n| n.kind() == NAME_REF).last()
        } else {
            Some(name.clone())
        };
        if let Some(last) = &last {
            if last.children().any(|n| n.kind() == TEMPLATE_ARG_LIST)
                && name.kind() == NAME_REF
                && let Some(ty) = self.alias_type(last, scope, subst)
            {
                return self.complete_class(&ty);
            }
            if last.children().any(|n| n.kind() == TEMPLATE_ARG_LIST)
                && name.kind() == NAME_REF
                && let Some(instance) = self.instance_of(last, scope, subst)
            {
                return instance;
            }
            if let Some(ty) = self.member_type_of(name, scope, subst) {
                return self.complete_class(&ty);
            }
        }
        let text = self.arg_text(name, scope, subst);
        self.complete_class(&text)
    }

    /// A `static_assert`'s condition, evaluated as EDG does when it meets the declaration
    /// (in an instance, with the instance's arguments): the instances it names are completed
    /// (`::cuda::std::numeric_limits<T>::is_specialized` in `BaseTraits<..., int>`).
    pub(super) fn static_assertion(
        &mut self,
        node: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) {
        if let Some(condition) = node.children().next() {
            let _ = self.evaluate(&condition, scope, subst);
        }
    }
}

/// More instances than any test program completes: a bound against runaway recursion
/// (`template <int N> struct R { R<N + 1> next; };`).
const INSTANCE_LIMIT: usize = 100_000;

/// Instances completed while completing others, nested deeper than any header needs (EDG's
/// own limit is similar): a bound on the walk's recursion.
const DEPTH_LIMIT: u32 = 64;

/// The template-id a declaration's specifiers name as its type (`Vec<float, 4>`,
/// `N::A<int>`), as the NAME_REF that carries the arguments.
impl Walker<'_> {
    /// The class template instance a declaration's type names: a template-id written there, or
    /// a typedef of one (`using int_t = integral_constant<int, 2>; int_t two;`), with the
    /// scope its arguments are read in.
    pub(super) fn declared_class_instance(
        &self,
        declaration: &SyntaxNode,
        scope: &Scope,
    ) -> Option<(SyntaxNode, Scope)> {
        if let Some(id) = type_template_id(declaration) {
            return Some((id, scope.clone()));
        }
        let ty = declaration
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
        let written: String = ty
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| !t.kind().is_trivia())
            .map(|t| t.text().to_string())
            .collect();
        self.find_typedef(written.trim_start_matches("::"), scope)
    }
}

pub(super) fn type_template_id(declaration: &SyntaxNode) -> Option<SyntaxNode> {
    let ty = declaration
        .children()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
    let last = if ty.kind() == QUALIFIED_NAME {
        ty.children().filter(|n| n.kind() == NAME_REF).last()?
    } else {
        ty
    };
    last.children()
        .any(|n| n.kind() == TEMPLATE_ARG_LIST)
        .then_some(last)
}

/// A declarator of an object of the declared type itself (no pointer, reference, function or
/// array-of-unknown-bound wrapper around the name).
pub(super) fn is_object_declarator(declarator: &SyntaxNode) -> bool {
    let wrapped = declarator
        .descendants()
        .filter(|n| n.kind() == PTR_OP)
        .any(|p| {
            !p.ancestors()
                .take_while(|a| a != declarator)
                .any(|a| a.kind() == PARAM_LIST)
        });
    !wrapped && name_holder(declarator).is_some() && !declares_function(declarator)
}
