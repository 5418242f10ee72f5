//! Function template instances whose bodies EDG instantiates where a body calls them.
//!
//! The host compilation instantiates the body of a function template instance only when it
//! is `constexpr` (or `consteval`) or its return type is deduced (`auto`): the instance may be
//! needed for constant evaluation or for its type (`docs/spec/xref.md`). Each such instance is
//! instantiated once, where a function body first calls it, and its body logs its parameters
//! and locals again, at the template's positions (`copysign(__half, __half)` calling
//! `__copysign_impl(__x, __y)` logs `__x D`, `__y D`, `__val D` at `__copysign_impl`'s);
//! an `if constexpr` branch that the instance's arguments discard is not instantiated, and
//! calls in the instance's body instantiate in turn.
//!
//! The call is resolved as far as declarations decide it: the callee's name must denote only
//! function templates defined at namespace scope, the arguments must be typed by their
//! declarations (parameters and locals with written types, literals, casts), and exactly one
//! template must take them (arity, then deduction of the parameters written as `T`, `T &`,
//! `const T &`, `T &&`, `T *`). Anything else instantiates nothing: a missing line is better
//! than a wrong one.
use rowan::{NodeOrToken, WalkEvent};
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, SyntaxNode};

use super::super::instances::Substitution;
use super::super::tree::{first_token, name_holder, name_token, signature, structured_binding};
use super::super::{Scope, Walker, constants};

/// The declared types of the parameters and locals seen so far in a body, by name, as
/// deduction compares them (`float`, `const char *`, `__half`); `None` when not known.
pub(super) type LocalTypes = FxHashMap<String, Option<String>>;

/// Nested instantiations deeper than any header needs (broken code may recurse forever).
const DEPTH_LIMIT: u32 = 16;

/// A call argument's type and whether it is an lvalue (a forwarding reference deduces
/// `A &` from one).
struct ArgType {
    ty: String,
    lvalue: bool,
}

impl Walker {
    /// Records the type of each parameter of a parameter list or object a declaration declares.
    pub(super) fn record_local_types(
        &self,
        node: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        locals: &mut LocalTypes,
    ) {
        match node.kind() {
            PARAM_LIST => {
                for param in node.children().filter(|n| n.kind() == PARAM) {
                    if let Some(declarator) = param.children().find(|n| n.kind() == DECLARATOR)
                        && let Some(name) = name_token(&declarator)
                    {
                        let ty = self.declared_type(&param, &declarator, scope, subst);
                        locals.insert(name.text().to_string(), ty);
                    }
                }
            }
            SIMPLE_DECLARATION => {
                for declarator in node
                    .children()
                    .filter(|n| n.kind() == INIT_DECLARATOR)
                    .filter_map(|i| i.children().find(|n| n.kind() == DECLARATOR))
                {
                    if let Some(name) = name_token(&declarator) {
                        let ty = self.declared_type(node, &declarator, scope, subst);
                        locals.insert(name.text().to_string(), ty);
                    }
                }
            }
            _ => {}
        }
    }

    /// The type a declaration gives one declarator, without references and top-level
    /// qualifiers: a builtin type (through typedefs), a class or enumeration named without
    /// template arguments, a bound template parameter, with pointers (`const char *`).
    fn declared_type(
        &self,
        declaration: &SyntaxNode,
        declarator: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<String> {
        let mut words = Vec::new();
        let mut named = None;
        let mut is_const = false;
        for child in declaration.children_with_tokens() {
            match child {
                NodeOrToken::Token(t) => match t.kind() {
                    CONST_KW => is_const = true,
                    AUTO_KW | DECLTYPE_KW => return None,
                    k if k.is_keyword() && is_type_word(t.text()) => {
                        words.push(t.text().to_string());
                    }
                    _ => {}
                },
                NodeOrToken::Node(n) => match n.kind() {
                    NAME_REF | QUALIFIED_NAME if named.is_none() => named = Some(n),
                    NAME_REF | QUALIFIED_NAME | DECLTYPE_SPEC | CLASS_SPECIFIER
                    | ENUM_SPECIFIER | ELABORATED_TYPE => return None,
                    _ => {}
                },
            }
        }
        let base = match (named, words.is_empty()) {
            (None, false) => builtin_words(&words.join(" "))?,
            (Some(name), true) => self.named_type(&name, scope, subst)?,
            _ => return None,
        };
        let mut pointers = 0;
        for op in declarator.children().filter(|n| n.kind() == PTR_OP) {
            if op.children_with_tokens().any(|t| t.kind() == STAR) {
                pointers += 1;
            } else if pointers > 0 {
                // A reference to a pointer is not a shape deduction here follows.
                return None;
            }
        }
        let wrapped = declarator
            .descendants()
            .any(|n| matches!(n.kind(), FUNCTION_SUFFIX | ARRAY_SUFFIX));
        if wrapped {
            return None;
        }
        Some(match pointers {
            0 => base,
            n => {
                let pointee = if is_const {
                    format!("const {base}")
                } else {
                    base
                };
                format!("{pointee}{}", " *".repeat(n))
            }
        })
    }

    /// A type named without template arguments: a bound template parameter, a typedef of a
    /// builtin type, a class or enumeration (by its qualified name).
    fn named_type(&self, name: &SyntaxNode, scope: &Scope, subst: &Substitution) -> Option<String> {
        if name.descendants().any(|n| n.kind() == TEMPLATE_ARG_LIST) {
            return None;
        }
        let written = super::super::tokens_text(name);
        if let Some(bound) = subst.get(written.as_str()) {
            return Some(bound.clone());
        }
        if let Some(builtin) = self.builtin_type(&written, scope) {
            return Some(builtin);
        }
        let key = if written.contains("::") {
            self.resolve_qualified(&written, scope)
        } else {
            self.lookup_keys(&written, scope)
                .into_iter()
                .find(|k| self.ids.contains_key(&format!("type {k}")))?
        };
        self.ids.contains_key(&format!("type {key}")).then_some(key)
    }

    /// The type of a call argument, where its declaration or its form decides it.
    fn argument_type(
        &self,
        arg: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        locals: &LocalTypes,
    ) -> Option<ArgType> {
        match arg.kind() {
            ID_EXPR => {
                let name = arg.children().next().filter(|n| n.kind() == NAME_REF)?;
                if name.children().next().is_some() {
                    return None;
                }
                let ty = locals
                    .get(super::super::tokens_text(&name).as_str())?
                    .clone()?;
                Some(ArgType { ty, lvalue: true })
            }
            PAREN_EXPR => self.argument_type(&arg.children().next()?, scope, subst, locals),
            LITERAL => {
                let token = arg.first_token()?;
                let ty = match token.kind() {
                    INT_LIT => integer_literal_type(token.text())?,
                    FLOAT_LIT => {
                        let text = token.text().to_ascii_lowercase();
                        if text.starts_with("0x") {
                            return None;
                        }
                        match text.chars().last()? {
                            'f' => "float",
                            'l' => "long double",
                            _ => "double",
                        }
                        .to_string()
                    }
                    CHAR_LIT => match token.text().split('\'').next()? {
                        "" => "char",
                        "L" => "wchar_t",
                        "u8" => "char8_t",
                        "u" => "char16_t",
                        "U" => "char32_t",
                        _ => return None,
                    }
                    .to_string(),
                    TRUE_KW | FALSE_KW => "bool".to_string(),
                    _ => return None,
                };
                Some(ArgType { ty, lvalue: false })
            }
            CAST_EXPR | NAMED_CAST_EXPR => {
                let target = arg.children().find(|n| n.kind() == TYPE_ID)?;
                let declarator = target.children().find(|n| n.kind() == DECLARATOR);
                // `static_cast<T &>(x)` is an lvalue of `T`.
                let lvalue = declarator
                    .as_ref()
                    .is_some_and(|d| d.descendants_with_tokens().any(|t| t.kind() == AMP));
                let ty = match &declarator {
                    Some(d) => self.declared_type(&target, d, scope, subst)?,
                    None => self.type_id_type(&target, scope, subst)?,
                };
                Some(ArgType { ty, lvalue })
            }
            _ => None,
        }
    }

    /// A type-id without declarator: its specifiers' type (top-level `const` dropped).
    fn type_id_type(
        &self,
        type_id: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<String> {
        let mut words = Vec::new();
        let mut named = None;
        for child in type_id.children_with_tokens() {
            match child {
                NodeOrToken::Token(t) if t.kind() == CONST_KW || t.kind() == VOLATILE_KW => {}
                NodeOrToken::Token(t) if t.kind().is_keyword() && is_type_word(t.text()) => {
                    words.push(t.text().to_string());
                }
                NodeOrToken::Token(t) if t.kind().is_trivia() => {}
                NodeOrToken::Token(_) => return None,
                NodeOrToken::Node(n) if matches!(n.kind(), NAME_REF | QUALIFIED_NAME) => {
                    if named.replace(n).is_some() {
                        return None;
                    }
                }
                NodeOrToken::Node(_) => return None,
            }
        }
        match (named, words.is_empty()) {
            (None, false) => builtin_words(&words.join(" ")),
            (Some(name), true) => self.named_type(&name, scope, subst),
            _ => None,
        }
    }

    /// A call in a body (outside templates, or in an instance's body with its binding):
    /// instantiates the body of the one function template it calls, when EDG would.
    pub(super) fn call_instance(
        &mut self,
        call: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        locals: &LocalTypes,
        depth: u32,
    ) {
        if depth >= DEPTH_LIMIT {
            return;
        }
        let Some(name) = call
            .children()
            .next()
            .filter(|c| c.kind() == ID_EXPR)
            .and_then(|c| c.children().next())
            .filter(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
        else {
            return;
        };
        let Some(args) = call.children().find(|n| n.kind() == ARG_LIST) else {
            return;
        };
        if name.kind() == QUALIFIED_NAME
            && self.static_member_call(&name, args.children().count(), scope, subst, depth)
        {
            return;
        }
        let Some(candidates) = self.called_templates(&name, scope, locals) else {
            return;
        };
        let last = match name.kind() {
            QUALIFIED_NAME => name.children().filter(|n| n.kind() == NAME_REF).last(),
            _ => Some(name.clone()),
        };
        let explicit: Vec<SyntaxNode> = last
            .iter()
            .flat_map(|l| l.children())
            .filter(|n| n.kind() == TEMPLATE_ARG_LIST)
            .flat_map(|l| l.children())
            .collect();
        let explicit: Option<Vec<String>> = explicit
            .iter()
            .map(|a| self.type_id_type(a, scope, subst))
            .collect();
        let Some(explicit) = explicit else { return };
        let arg_types: Option<Vec<ArgType>> = args
            .children()
            .map(|a| self.argument_type(&a, scope, subst, locals))
            .collect();
        let Some(arg_types) = arg_types else { return };
        let viable: Vec<(SyntaxNode, Scope, Substitution, String)> = candidates
            .into_iter()
            .filter_map(|(function, function_scope)| {
                let (bound, key) = deduce(&function, &explicit, &arg_types)?;
                Some((function, function_scope, bound, key))
            })
            .collect();
        let [(function, function_scope, bound, key)] = viable.as_slice() else {
            return;
        };
        if !instantiates_body(function) || !self.function_instances.insert(key.clone()) {
            return;
        }
        self.instance_body(function, function_scope, bound, depth + 1);
    }

    /// The function templates defined at namespace scope that a called name denotes, when
    /// it denotes nothing else (no non-template function, no local).
    fn called_templates(
        &self,
        name: &SyntaxNode,
        scope: &Scope,
        locals: &LocalTypes,
    ) -> Option<Vec<(SyntaxNode, Scope)>> {
        let segments: Vec<String> = match name.kind() {
            QUALIFIED_NAME => name
                .children()
                .filter(|n| n.kind() == NAME_REF)
                .map(|n| first_token(&n, IDENT).map(|t| t.text().to_string()))
                .collect::<Option<_>>()?,
            _ => vec![first_token(name, IDENT)?.text().to_string()],
        };
        let key = if name.kind() == QUALIFIED_NAME {
            let global = name.first_token().is_some_and(|t| t.kind() == COLON2);
            let written = format!("{}{}", if global { "::" } else { "" }, segments.join("::"));
            self.resolve_qualified(&written, scope)
        } else {
            if locals.contains_key(&segments[0]) {
                return None;
            }
            self.lookup_keys(&segments[0], scope)
                .into_iter()
                .find(|k| self.overloads.contains_key(k))?
        };
        let templates = self.function_templates.get(&key)?;
        // Every function of that name must be one of these templates.
        let template_ids: Vec<u32> = templates
            .iter()
            .filter_map(|(f, _)| {
                let declarator = f.children().find(|n| n.kind() == DECLARATOR)?;
                self.ids
                    .get(&format!("fn {key}{}", signature(&declarator)))
                    .copied()
            })
            .collect();
        let all_templates = self
            .overloads
            .get(&key)?
            .iter()
            .all(|(id, _)| template_ids.contains(id));
        all_templates.then(|| templates.clone())
    }

    /// Logs an instance's body: its parameters, then its body's declarations in order, with
    /// the discarded `if constexpr` branches left out and the calls in it instantiating.
    pub(super) fn instance_body(
        &mut self,
        function: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        depth: u32,
    ) {
        // An instance's lines name its arguments, not the template's names: the reference
        // lines are not reproduced there.
        self.suspended_references += 1;
        self.instance_body_lines(function, scope, subst, depth);
        self.suspended_references -= 1;
    }

    fn instance_body_lines(
        &mut self,
        function: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        depth: u32,
    ) {
        let Some(declarator) = function.children().find(|n| n.kind() == DECLARATOR) else {
            return;
        };
        let local = Scope {
            local: true,
            path: scope.path.clone(),
            ..Scope::default()
        };
        let mut locals = LocalTypes::default();
        let params = name_holder(&declarator)
            .and_then(|h| h.children().find(|n| n.kind() == FUNCTION_SUFFIX))
            .and_then(|s| s.children().find(|n| n.kind() == PARAM_LIST));
        if let Some(params) = &params {
            // The instance's parameter types, substituted: a parameter taken by value needs
            // its class, and the classes its type names members of (`st_t<T>` is
            // `typename st<T>::type`), complete.
            for param in params.children().filter(|p| p.kind() == PARAM) {
                let by_value = param
                    .children()
                    .find(|n| n.kind() == DECLARATOR)
                    .is_none_or(|d| !d.descendants().any(|n| n.kind() == PTR_OP));
                if by_value
                    && let Some(name) = param
                        .children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                {
                    self.complete_type_name(&name, scope, subst);
                }
            }
            self.param_list(params, 'D');
            self.record_local_types(params, scope, subst, &mut locals);
        }
        // Nothing the body names is completed from here: its names are the template's, not
        // substituted (only the calls are).
        self.template_depth += 1;
        let mut bindings = 0;
        for body in function
            .children()
            .filter(|n| matches!(n.kind(), COMPOUND_STMT | FUNCTION_TRY_BLOCK))
        {
            self.instance_statements(&body, &local, subst, &mut locals, &mut bindings, depth);
        }
        self.template_depth -= 1;
    }

    fn instance_statements(
        &mut self,
        body: &SyntaxNode,
        local: &Scope,
        subst: &Substitution,
        locals: &mut LocalTypes,
        bindings: &mut u32,
        depth: u32,
    ) {
        let mut walk = body.preorder();
        while let Some(event) = walk.next() {
            let WalkEvent::Enter(node) = event else {
                continue;
            };
            match node.kind() {
                CLASS_SPECIFIER | ENUM_SPECIFIER => walk.skip_subtree(),
                IF_STMT
                    if node
                        .children_with_tokens()
                        .any(|t| t.kind() == CONSTEXPR_KW) =>
                {
                    walk.skip_subtree();
                    let condition = node
                        .children()
                        .find(|n| n.kind() == CONDITION)
                        .and_then(|c| c.children().next());
                    let Some(value) = condition.and_then(|c| self.evaluate(&c, local, subst))
                    else {
                        continue;
                    };
                    let branch = if value != 0 {
                        node.children()
                            .find(|n| !matches!(n.kind(), CONDITION | ELSE_BRANCH))
                    } else {
                        node.children()
                            .find(|n| n.kind() == ELSE_BRANCH)
                            .and_then(|e| e.children().next())
                    };
                    if let Some(branch) = branch {
                        self.instance_statements(&branch, local, subst, locals, bindings, depth);
                    }
                }
                CALL_EXPR => self.call_instance(&node, local, subst, locals, depth),
                HANDLER => {
                    if let Some(param) = node.children().find(|n| n.kind() == PARAM)
                        && let Some(name) = param
                            .children()
                            .find(|n| n.kind() == DECLARATOR)
                            .and_then(|d| name_token(&d))
                    {
                        self.emit_fresh(name.text().to_string(), 'D', name.text_range().start());
                    }
                }
                LABELED_STMT => {
                    if let Some(label) = first_token(&node, IDENT) {
                        self.emit_fresh(label.text().to_string(), 'D', label.text_range().start());
                    }
                }
                SIMPLE_DECLARATION => {
                    self.record_local_types(&node, local, subst, locals);
                    if let Some(binding) = structured_binding(&node) {
                        *bindings += 1;
                        self.structured_binding(&binding, *bindings);
                    } else {
                        self.simple_declaration(&node, local);
                    }
                }
                ALIAS_DECL | USING_DECL => self.declaration(&node, local),
                LAMBDA_EXPR => self.lambda(&node),
                _ => {}
            }
        }
    }
}

/// Whether the host compilation instantiates an instance's body: a `constexpr` or
/// `consteval` template, or one whose return type is deduced.
fn instantiates_body(function: &SyntaxNode) -> bool {
    let deduced_return = function.children_with_tokens().any(|t| t.kind() == AUTO_KW)
        && !function.descendants().any(|n| n.kind() == TRAILING_RETURN);
    deduced_return
        || function
            .children_with_tokens()
            .any(|t| matches!(t.kind(), CONSTEXPR_KW | CONSTEVAL_KW))
}

/// Deduces a function template's parameters from explicit arguments and argument types:
/// the binding and a key naming the instance, or `None` when the template does not take the
/// arguments or deduction needs more than the parameter shapes followed here.
fn deduce(
    function: &SyntaxNode,
    explicit: &[String],
    args: &[ArgType],
) -> Option<(Substitution, String)> {
    let template = function.parent().filter(|p| p.kind() == TEMPLATE_DECL)?;
    let list = template
        .children()
        .find(|n| n.kind() == TEMPLATE_PARAM_LIST)?;
    let mut names = Vec::new();
    for param in list.children() {
        match param.kind() {
            TYPE_PARAM if !param.children_with_tokens().any(|t| t.kind() == DOT3) => {
                names.push(first_token(&param, IDENT)?.text().to_string());
            }
            // Non-type, template template parameters and packs are not followed.
            _ => return None,
        }
    }
    if explicit.len() > names.len() {
        return None;
    }
    let mut bound: Substitution = names
        .iter()
        .cloned()
        .zip(explicit.iter().cloned())
        .collect();
    let declarator = function.children().find(|n| n.kind() == DECLARATOR)?;
    let params_list = name_holder(&declarator)
        .and_then(|h| h.children().find(|n| n.kind() == FUNCTION_SUFFIX))
        .and_then(|s| s.children().find(|n| n.kind() == PARAM_LIST))?;
    if params_list.children_with_tokens().any(|t| t.kind() == DOT3) {
        return None;
    }
    let params: Vec<SyntaxNode> = params_list
        .children()
        .filter(|n| n.kind() == PARAM)
        .collect();
    let required = params
        .iter()
        .filter(|p| !p.children().any(|n| n.kind() == INITIALIZER))
        .count();
    if args.len() < required || args.len() > params.len() {
        return None;
    }
    for (param, arg) in params.iter().zip(args) {
        // A parameter whose type names only explicitly given parameters (or none) deduces
        // nothing (`__fp_storage_t<_Tp> __v` in `__fp_from_storage<__half>(0x0400u)`).
        let deducible = param
            .descendants_with_tokens()
            .filter_map(NodeOrToken::into_token)
            .filter(|t| t.kind() == IDENT)
            .any(|t| {
                names
                    .iter()
                    .position(|n| n == t.text())
                    .is_some_and(|i| i >= explicit.len())
            });
        if !deducible {
            continue;
        }
        // The parameter's type must be `T` with cv-qualifiers, then references or pointers.
        let type_name = param
            .children()
            .filter(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
            .collect::<Vec<_>>();
        let [type_name] = type_name.as_slice() else {
            return None;
        };
        let written = super::super::tokens_text(type_name);
        if !names.contains(&written)
            || param
                .children_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .any(|t| t.kind().is_keyword() && !matches!(t.kind(), CONST_KW | VOLATILE_KW))
        {
            return None;
        }
        let declarator = param.children().find(|n| n.kind() == DECLARATOR);
        let ops: Vec<SyntaxNode> = declarator
            .iter()
            .flat_map(|d| d.children())
            .filter(|n| n.kind() == PTR_OP)
            .collect();
        let op_kinds: Vec<syntax::SyntaxKind> = ops
            .iter()
            .filter_map(|o| {
                o.children_with_tokens()
                    .find(|t| matches!(t.kind(), STAR | AMP | AMP2))
                    .map(|t| t.kind())
            })
            .collect();
        let deduced = match op_kinds.as_slice() {
            [] | [AMP] => arg.ty.clone(),
            [AMP2] if arg.lvalue => format!("{} &", arg.ty),
            [AMP2] => arg.ty.clone(),
            [STAR] => arg.ty.strip_suffix(" *")?.to_string(),
            _ => return None,
        };
        match bound.get(&written) {
            // An explicit argument converts; a deduced one must agree.
            Some(known) if names.iter().position(|n| *n == written)? < explicit.len() => {
                let _ = known;
            }
            Some(known) if *known != deduced => return None,
            _ => {
                bound.insert(written, deduced);
            }
        }
    }
    let key_args: Vec<&str> = names
        .iter()
        .map(|n| bound.get(n).map(String::as_str))
        .collect::<Option<_>>()?;
    let key = format!("{:?}<{}>", function.text_range(), key_args.join(", "));
    Some((bound, key))
}

/// The words of a type specifier that name builtin types.
fn is_type_word(word: &str) -> bool {
    matches!(
        word,
        "void"
            | "bool"
            | "char"
            | "wchar_t"
            | "char8_t"
            | "char16_t"
            | "char32_t"
            | "short"
            | "int"
            | "long"
            | "signed"
            | "unsigned"
            | "float"
            | "double"
            | "__int128"
    )
}

/// A builtin type's canonical spelling from its words (`long unsigned int` is
/// `unsigned long`).
fn builtin_words(words: &str) -> Option<String> {
    if let Some(builtin) = constants::canonical_builtin(words) {
        return Some(builtin);
    }
    let mut sorted: Vec<&str> = words.split(' ').collect();
    sorted.sort_unstable();
    Some(
        match sorted.as_slice() {
            ["float"] => "float",
            ["double"] => "double",
            ["double", "long"] => "long double",
            ["bool"] => "bool",
            ["void"] => "void",
            _ => return None,
        }
        .to_string(),
    )
}

/// An integer literal's type by [lex.icon]: its suffix, then the first type of the list that
/// holds its value (a decimal literal never becomes unsigned without `u`).
fn integer_literal_type(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase().replace('\'', "");
    // Hexadecimal digits hold no `u`, `l` or `z`: the suffix starts at the first of them.
    let digits_end = lower.find(['u', 'l', 'z']).unwrap_or(lower.len());
    let suffix = &lower[digits_end..];
    let value = constants::integer_literal(&lower[..digits_end])?;
    let decimal = !lower.starts_with('0') || lower == "0";
    let unsigned = suffix.contains('u');
    let long = suffix.matches('l').count();
    let fits = |bits: u32, signed: bool| {
        let max = if signed {
            (1i128 << (bits - 1)) - 1
        } else {
            (1i128 << bits) - 1
        };
        value <= max
    };
    let ty = match (unsigned, long) {
        (false, 0) if fits(32, true) => "int",
        (false, 0) if !decimal && fits(32, false) => "unsigned int",
        (false, 0 | 1) if fits(64, true) => "long",
        (false, _) if fits(64, true) => "long long",
        (true, 0) if fits(32, false) => "unsigned int",
        (true, 0 | 1) => "unsigned long",
        (true, _) => "unsigned long long",
        _ => "unsigned long",
    };
    Some(ty.to_string())
}
