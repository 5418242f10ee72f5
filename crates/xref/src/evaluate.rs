//! What a class says about its members once it is complete, and the constant expressions and
//! member types that template arguments are made of.
//!
//! EDG prints a template argument after evaluating it: `__promote<double,
//! std::__is_integer<double>::__value>` is logged as `__promote<double, false>`, and
//! `__match_cv_qualifiers<wchar_t, __unsigned_type, ...>` with the member typedef replaced by
//! the type it stands for. So while classes are walked and instantiated, the walk records the
//! types of their member typedefs, the values of their integral constants (static constant
//! data members, enumerators) and their bases, under the class's printed name; an argument is
//! then evaluated with those facts, completing the instances its names are members of (as EDG
//! does: naming `X<int>::value` requires `X<int>` to be complete).
use hir_def::hir::BinaryOp;
use hir_ty::const_eval::{self, ConstValue};
use rowan::ast::AstNode;
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, SyntaxNode, TextSize};

use super::constants::integer_literal;
use super::instances::Substitution;
use super::{Scope, Walker, first_token};

/// Facts about the members of complete classes and namespaces, by qualified member name.
#[derive(Default)]
pub(super) struct MemberFacts {
    /// Member typedefs and aliases: the type they stand for, printed.
    types: FxHashMap<String, String>,
    /// Integral constants: static constant data members, enumerators, namespace-scope
    /// constants.
    values: FxHashMap<String, i128>,
    /// The printed bases of each class (searched for members the class does not declare).
    bases: FxHashMap<String, Vec<String>>,
    /// Initializers of static constant members of instances, evaluated when first asked
    /// for: like EDG, an instance's static member initializer is instantiated only on use.
    pending: FxHashMap<String, (SyntaxNode, Scope, Substitution)>,
    /// Pending initializers being evaluated, one inside the other.
    depth: u32,
}

impl MemberFacts {
    /// The type a member typedef (by qualified name) stands for, printed.
    pub(super) fn typedef_type(&self, qualified: &str) -> Option<&str> {
        self.types.get(qualified).map(String::as_str)
    }

    pub(super) fn bases_of(&self, class: &str) -> &[String] {
        self.bases.get(class).map_or(&[], Vec::as_slice)
    }
}

/// Deeper than any evaluation in the corpus: a bound against runaway recursion.
const DEPTH_LIMIT: u32 = 64;

impl Walker<'_> {
    pub(super) fn record_member_type(&mut self, qualified: String, printed: String) {
        self.facts.types.insert(qualified, printed);
    }

    pub(super) fn record_member_value(&mut self, qualified: String, value: i128) {
        self.facts.values.insert(qualified, value);
    }

    pub(super) fn record_base(&mut self, class: String, base: String) {
        self.facts.bases.entry(class).or_default().push(base);
    }

    /// A member's value, searching the class's bases.
    pub(super) fn member_value(&mut self, class: &str, name: &str, depth: u32) -> Option<i128> {
        if depth > DEPTH_LIMIT {
            return None;
        }
        for class in self.class_and_bases(class) {
            let key = member_key(&class, name);
            if let Some(v) = self.facts.values.get(&key) {
                return Some(*v);
            }
            if self.facts.depth < DEPTH_LIMIT
                && let Some((init, scope, subst)) = self.facts.pending.remove(&key)
            {
                self.facts.depth += 1;
                let value = self.evaluate_at(&init, &scope, &subst, depth + 1);
                self.facts.depth -= 1;
                let value = value?;
                self.facts.values.insert(key, value);
                return Some(value);
            }
        }
        None
    }

    /// A member typedef's type, searching the class's bases.
    fn member_type(&self, class: &str, name: &str) -> Option<String> {
        self.member_typedef(class, name).map(|(_, ty)| ty)
    }

    /// A member typedef found from `class` (searching its bases): its qualified name and the
    /// type it stands for.
    fn member_typedef(&self, class: &str, name: &str) -> Option<(String, String)> {
        // Most scopes asked (namespaces, classes without bases) are searched alone: no list.
        if !self.facts.bases.contains_key(class) {
            let key = member_key(class, name);
            let ty = self.facts.types.get(&key)?.clone();
            return Some((key, ty));
        }
        self.class_and_bases(class).iter().find_map(|c| {
            let key = member_key(c, name);
            let ty = self.facts.types.get(&key)?.clone();
            Some((key, ty))
        })
    }

    /// A member typedef as a template argument prints: one of an instance as the type it
    /// stands for (`__unsigned_type` of `__make_unsigned_selector<wchar_t, true, false>` is
    /// `unsigned int`), one of a plain class by its own name, as EDG keeps a typedef's name
    /// (`time_point<system_clock, system_clock::duration>`).
    fn typedef_argument(&self, (qualified, ty): (String, String)) -> String {
        let class = qualified.rsplit_once("::").map_or("", |(class, _)| class);
        if class.ends_with('>') { ty } else { qualified }
    }

    /// [`Self::member_type_of`] as a template argument prints it.
    pub(super) fn member_type_argument(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<String> {
        let found = self.qualified_member_typedef(name, scope, subst)?;
        Some(self.typedef_argument(found))
    }

    /// [`Self::enclosing_member_type`] as a template argument prints it.
    pub(super) fn enclosing_member_type_argument(
        &self,
        name: &str,
        scope: &Scope,
    ) -> Option<String> {
        let found = self
            .enclosing_scopes(scope)
            .iter()
            .find_map(|s| self.member_typedef(s, name))?;
        Some(self.typedef_argument(found))
    }

    /// `class` and its recorded bases, depth first in declaration order, each once: the order
    /// members are searched in. Each class is visited once, so repeated or cyclic bases (which
    /// only broken code has) cost nothing extra.
    fn class_and_bases(&self, class: &str) -> Vec<String> {
        let mut order = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![class.to_string()];
        while let Some(c) = stack.pop() {
            if !seen.insert(c.clone()) {
                continue;
            }
            if let Some(bases) = self.facts.bases.get(&c) {
                stack.extend(bases.iter().rev().cloned());
            }
            order.push(c);
        }
        order
    }

    /// The scopes an unqualified name is looked up in from `scope`, innermost first (each a
    /// qualified class or namespace name, `""` for the global namespace).
    fn enclosing_scopes(&self, scope: &Scope) -> Vec<String> {
        let mut scopes = Vec::new();
        for n in (0..=scope.path.len()).rev() {
            let prefix = scope.path[..n].join("::");
            let inline = self.inline_namespaces.get(&prefix).into_iter().flatten();
            scopes.push(prefix.clone());
            scopes.extend(inline.cloned());
        }
        scopes
    }

    /// The type a member typedef of an enclosing class stands for (`__unsigned_type` inside
    /// `__make_unsigned_selector<wchar_t, true, false>`).
    pub(super) fn enclosing_member_type(&self, name: &str, scope: &Scope) -> Option<String> {
        self.enclosing_scopes(scope)
            .iter()
            .find_map(|s| self.member_type(s, name))
    }

    /// Records what a member or namespace-scope declaration tells later evaluations: a
    /// typedef's or alias's type, a constant's value (`static const bool value = ...;`,
    /// `constexpr size_t dynamic_extent = ...;`). Inside a template definition nothing is
    /// known yet.
    pub(super) fn record_declaration_facts(
        &mut self,
        node: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) {
        if scope.local && node.kind() == ALIAS_DECL {
            if let Some(name) = first_token(node, IDENT) {
                self.record_local_typedef(node, name.text(), scope);
            }
            return;
        }
        // Only class members' typedefs stand for their types in printed names (EDG keeps a
        // namespace-scope typedef such as `std::size_t`); in a template definition they are
        // known as written, its constants are not known at all.
        if scope.local || !scope.in_class && self.template_depth > 0 {
            return;
        }
        let types_only = self.template_depth > 0;
        if node.kind() == ALIAS_DECL {
            if !scope.in_class {
                return;
            }
            if let Some(name) = first_token(node, IDENT)
                && let Some(ty) = node.children().find(|n| n.kind() == TYPE_ID)
                && !ty.descendants().any(|n| n.kind() == PTR_OP)
            {
                let printed = if types_only {
                    self.arg_text(&ty, scope, subst)
                } else {
                    self.argument(&ty, scope, subst)
                };
                self.record_member_type(scope.qualify(name.text()), printed);
            }
            return;
        }
        let has = |k| node.children_with_tokens().any(|t| t.kind() == k);
        let is_typedef = has(TYPEDEF_KW);
        let is_constant = has(CONST_KW) || has(CONSTEXPR_KW);
        if !(is_typedef && scope.in_class || is_constant && !types_only) {
            return;
        }
        for init in node.children().filter(|n| n.kind() == INIT_DECLARATOR) {
            let Some(declarator) = init.children().find(|n| n.kind() == DECLARATOR) else {
                continue;
            };
            // A member typedef of a pointer or reference type (`typedef _Tp* __pointer_type;`)
            // stands for it too.
            let pointer = is_typedef
                && !super::declares_function(&declarator)
                && super::name_holder(&declarator).is_some_and(|h| {
                    h.children()
                        .all(|c| matches!(c.kind(), NAME_REF | PTR_OP | DECLARATOR))
                });
            if !(pointer || super::instances::is_object_declarator(&declarator)) {
                continue;
            }
            let Some(name) = super::name_token(&declarator) else {
                continue;
            };
            let qualified = scope.qualify(name.text());
            if is_typedef {
                if let Some(mut printed) = self.specifier_type(node, scope, subst) {
                    for op in declarator.descendants().filter(|n| n.kind() == PTR_OP) {
                        for token in op
                            .descendants_with_tokens()
                            .filter_map(|t| t.into_token())
                            .filter(|t| !t.kind().is_trivia())
                        {
                            super::push_edg_token(&mut printed, token.text());
                        }
                    }
                    self.record_member_type(qualified, printed);
                }
            } else if let Some(init) = init.children().find(|n| n.kind() == INITIALIZER) {
                self.facts
                    .pending
                    .insert(qualified, (init, scope.clone(), subst.clone()));
            }
        }
    }

    /// The type a declaration's specifiers name, printed, with member typedefs of known
    /// classes replaced by their types.
    fn specifier_type(
        &mut self,
        node: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<String> {
        let specifiers: Vec<syntax::SyntaxElement> = node
            .children_with_tokens()
            .take_while(|t| t.kind() != INIT_DECLARATOR)
            .filter(|t| !t.kind().is_trivia() && !matches!(t.kind(), TYPEDEF_KW | STATIC_KW))
            .collect();
        let name = specifiers.iter().find_map(|s| {
            let n = s.as_node()?;
            match n.kind() {
                NAME_REF | QUALIFIED_NAME => Some(n.clone()),
                ELABORATED_TYPE => n
                    .children()
                    .find(|c| matches!(c.kind(), NAME_REF | QUALIFIED_NAME)),
                _ => None,
            }
        });
        let cv = specifiers.iter().any(|s| s.kind() == CONST_KW);
        if let Some(name) = name.as_ref().filter(|_| self.template_depth == 0) {
            let resolved = self.member_type_of(name, scope, subst).or_else(|| {
                let ident = first_token(name, IDENT)?;
                (name.kind() == NAME_REF
                    && name.children().all(|n| n.kind() != TEMPLATE_ARG_LIST)
                    && !subst.contains_key(ident.text()))
                .then(|| self.enclosing_member_type(ident.text(), scope))
                .flatten()
            });
            if let Some(ty) = resolved {
                return Some(if cv { format!("const {ty}") } else { ty });
            }
        }
        let tokens = specifiers.into_iter().flat_map(|s| match s {
            rowan::NodeOrToken::Token(t) => vec![t],
            rowan::NodeOrToken::Node(n) => n
                .descendants_with_tokens()
                .filter_map(|t| t.into_token())
                .collect(),
        });
        Some(self.tokens_printed(tokens, scope, subst))
    }

    /// The values of an enumeration's enumerators: each its initializer, or one more than
    /// the one before.
    pub(super) fn record_enumerators(
        &mut self,
        list: &SyntaxNode,
        enumerator_scope: &Scope,
        subst: &Substitution,
    ) {
        if self.template_depth > 0 || enumerator_scope.local {
            return;
        }
        let mut next = Some(0);
        for enumerator in list.children().filter(|n| n.kind() == ENUMERATOR) {
            let Some(name) = first_token(&enumerator, IDENT) else {
                continue;
            };
            let value = match enumerator.children().next() {
                Some(expr) => self.evaluate(&expr, enumerator_scope, subst),
                None => next,
            };
            if let Some(v) = value {
                self.record_member_value(enumerator_scope.qualify(name.text()), v);
            }
            next = value.map(|v| v + 1);
        }
    }

    /// The printed class a printed type names, completed: an instance is instantiated, a
    /// typedef of one (`std::false_type`) followed.
    pub(super) fn complete_class(&mut self, printed: &str) -> String {
        let mut printed = printed.to_string();
        // Member typedefs naming member typedefs: followed a bounded number of times (a cycle
        // is ill-formed code).
        for _ in 0..DEPTH_LIMIT {
            if let Some((target, target_scope)) = self.typedef_instances.get(&printed).cloned()
                && let Some(instance) =
                    self.instance_of(&target, &target_scope, &Substitution::default())
            {
                return instance;
            }
            match self.facts.types.get(&printed) {
                Some(ty) if *ty != printed => printed = ty.clone(),
                _ => break,
            }
        }
        self.complete_printed(&printed).unwrap_or(printed)
    }

    /// The type a qualified name denotes when its qualifier is a class we know the members
    /// of (`typename X<_Tp>::type` after substitution), completing that class.
    pub(super) fn member_type_of(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<String> {
        self.qualified_member_typedef(name, scope, subst)
            .map(|(_, ty)| ty)
    }

    /// The member typedef a qualified name (`X<_Tp>::type`) names, its qualifier completed:
    /// its qualified name and the type it stands for.
    fn qualified_member_typedef(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<(String, String)> {
        if name.kind() != QUALIFIED_NAME {
            return None;
        }
        let segments: Vec<SyntaxNode> = name.children().filter(|n| n.kind() == NAME_REF).collect();
        let (last, qualifiers) = segments.split_last()?;
        if last.children().any(|n| n.kind() == TEMPLATE_ARG_LIST) {
            return None;
        }
        let class = self.qualifier_class(qualifiers, scope, subst)?;
        self.member_typedef(&class, first_token(last, IDENT)?.text())
    }

    /// The printed class a run of qualifier segments names, completed.
    fn qualifier_class(
        &mut self,
        qualifiers: &[SyntaxNode],
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<String> {
        // The last template-id among the qualifiers names an instance (with the qualifiers
        // before it); the segments after it are member types of that instance.
        let (start, mut class) = match qualifiers
            .iter()
            .rposition(|q| q.children().any(|n| n.kind() == TEMPLATE_ARG_LIST))
        {
            Some(i) => (i + 1, self.instance_of(&qualifiers[i], scope, subst)?),
            None => {
                let first = first_token(qualifiers.first()?, IDENT)?;
                // A template parameter, a member typedef of an enclosing instance
                // (`__match::__type` in `__match_cv_qualifiers<...>`), or a class by name.
                // (In a template definition member typedefs are known only as written; a
                // type that still names a member of the class was not resolved either.)
                let own_member = || {
                    let class = scope.path.join("::");
                    let ty = (scope.in_class && self.template_depth == 0)
                        .then(|| self.member_type(&class, first.text()))
                        .flatten()?;
                    let names_member = ty
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .any(|w| self.facts.types.contains_key(&member_key(&class, w)));
                    (!names_member).then_some(ty)
                };
                let class = match subst.get(first.text()) {
                    Some(bound) => bound.clone(),
                    None => {
                        own_member().unwrap_or_else(|| self.resolve_qualified(first.text(), scope))
                    }
                };
                (1, self.complete_class(&class))
            }
        };
        for segment in &qualifiers[start..] {
            let ident = first_token(segment, IDENT)?;
            let ty = self.member_type(&class, ident.text());
            class = match ty {
                Some(ty) => self.complete_class(&ty),
                None => format!("{class}::{}", ident.text()),
            };
        }
        Some(class)
    }

    /// The value of an integral constant expression, or `None` when it is not one we can
    /// evaluate (calls, variable templates, floating point).
    pub(super) fn evaluate(
        &mut self,
        expr: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<i128> {
        self.evaluate_at(expr, scope, subst, 0)
    }

    fn evaluate_at(
        &mut self,
        expr: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
        depth: u32,
    ) -> Option<i128> {
        if depth > DEPTH_LIMIT {
            return None;
        }
        let mut operands = expr.children();
        let mut next = |w: &mut Walker<'_>| {
            let node = operands.next()?;
            w.evaluate_at(&node, scope, subst, depth + 1)
        };
        let op = expr
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| !t.kind().is_trivia())
            .map(|t| t.kind());
        match expr.kind() {
            // As bodies lower and hir-ty evaluates a literal.
            LITERAL => {
                let literal =
                    hir_def::body::literal_of(&syntax::ast::Literal::cast(expr.clone())?)?;
                const_eval::literal_value(&literal).map(|v| v.value)
            }
            PAREN_EXPR | INITIALIZER => next(self),
            PREFIX_EXPR => {
                let v = next(self)?;
                let op = hir_def::body::prefix_op(op?)?;
                const_eval::unary_value(op, untyped(v))
                    .ok()
                    .map(|v| v.value)
            }
            BIN_EXPR => {
                let op = hir_def::body::binary_op(op?)?;
                let lhs = next(self)?;
                // `&&` and `||` do not evaluate what they do not need.
                match (op, lhs) {
                    (BinaryOp::And, 0) => return Some(0),
                    (BinaryOp::Or, v) if v != 0 => return Some(1),
                    _ => {}
                }
                let rhs = next(self)?;
                const_eval::binary_value(op, untyped(lhs), untyped(rhs))
                    .ok()
                    .map(|v| v.value)
            }
            COND_EXPR => {
                let nodes: Vec<SyntaxNode> = expr.children().collect();
                let [c, a, b] = nodes.as_slice() else {
                    return None;
                };
                let chosen = if self.evaluate_at(c, scope, subst, depth + 1)? != 0 {
                    a
                } else {
                    b
                };
                self.evaluate_at(chosen, scope, subst, depth + 1)
            }
            // `(long)x`, `static_cast<long>(x)`, `intmax_t(1)`: integral conversions keep the
            // value (the printing applies the parameter's type).
            CAST_EXPR | NAMED_CAST_EXPR => {
                let operand = expr.children().filter(|n| n.kind() != TYPE_ID).last()?;
                self.evaluate_at(&operand, scope, subst, depth + 1)
            }
            CALL_EXPR => {
                let callee = expr.children().next()?;

                let is_type = callee.kind() == ID_EXPR
                    && callee
                        .descendants_with_tokens()
                        .filter_map(|t| t.into_token())
                        .filter(|t| t.kind() == IDENT)
                        .all(|t| self.builtin_type(t.text(), scope).is_some());
                let args = expr.children().find(|n| n.kind() == ARG_LIST)?;
                let mut values = args.children();
                let (Some(arg), None) = (values.next(), values.next()) else {
                    return None;
                };
                is_type.then_some(())?;
                self.evaluate_at(&arg, scope, subst, depth + 1)
            }
            // `__is_enum(_Tp)`.
            BUILTIN_CALL => {
                let name = first_token(expr, IDENT)?;
                let args = expr.children().find(|n| n.kind() == ARG_LIST)?;
                self.trait_value(name.text(), &args, scope, subst)
            }
            SIZEOF_EXPR => {
                let operand = expr.children().next()?;
                let text = self.arg_text(&operand, scope, subst);
                let text = text.trim_start_matches('(').trim_end_matches(')');
                let size = self.builtin_type(text, scope)?.size_align()?.size;
                Some(i128::from(size))
            }
            ID_EXPR => {
                let name = expr.children().next()?;
                self.name_value(&name, scope, subst)
            }
            _ => None,
        }
    }

    /// The value a name denotes: a template parameter's argument, a constant member of a
    /// class (completing it) or a constant of an enclosing class or namespace.
    fn name_value(
        &mut self,
        name: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<i128> {
        if name.kind() == NAME_REF {
            if name.children().any(|n| n.kind() == TEMPLATE_ARG_LIST) {
                // `is_same_v<_Tp, bool>`.
                return self.variable_template_value(name, scope, subst, 0);
            }
            let ident = first_token(name, IDENT)?;
            if let Some(bound) = subst.get(ident.text()) {
                return integer_literal(bound).or_else(|| self.printed_value(bound));
            }
            return self
                .enclosing_scopes(scope)
                .iter()
                .find_map(|s| self.member_value(s, ident.text(), 0));
        }
        if name.kind() != QUALIFIED_NAME {
            return None;
        }
        let segments: Vec<SyntaxNode> = name.children().filter(|n| n.kind() == NAME_REF).collect();
        let (last, qualifiers) = segments.split_last()?;
        let member = first_token(last, IDENT)?;
        let class = self.qualifier_class(qualifiers, scope, subst)?;
        self.member_value(&class, member.text(), 0)
    }

    /// The value of a printed constant that names one (`std::__is_integer<int>::__value`).
    fn printed_value(&mut self, printed: &str) -> Option<i128> {
        let segments = super::names::split_qualified(printed);
        let (member, qualifiers) = segments.split_last()?;
        let class = self.complete_class(&qualifiers.join("::"));
        self.member_value(&class, member, 0)
    }
}

/// A typedef or alias declared in a function body.
pub(super) struct LocalTypedef {
    /// The innermost block around the declaration: the typedef is known inside it.
    block: SyntaxNode,
    /// Where the declaration is: the typedef is known after it.
    offset: TextSize,
    /// The type it stands for, printed.
    printed: String,
}

impl Walker<'_> {
    /// Records a typedef or alias declared in a function body (`node` is the declaration).
    /// EDG prints the type it stands for wherever it is a template argument (`using ts_sec =
    /// unsigned long; numeric_limits<ts_sec>` is `numeric_limits<unsigned long>`), since the
    /// name means nothing outside the function.
    pub(super) fn record_local_typedef(&mut self, node: &SyntaxNode, name: &str, scope: &Scope) {
        if self.template_depth > 0 {
            return;
        }
        let Some(block) = node.ancestors().find(|a| a.kind() == COMPOUND_STMT) else {
            return;
        };
        let subst = Substitution::default();
        let printed = if node.kind() == ALIAS_DECL {
            match node.children().find(|n| n.kind() == TYPE_ID) {
                Some(ty) => self.argument(&ty, scope, &subst),
                None => return,
            }
        } else {
            match self.specifier_type(node, scope, &subst) {
                Some(ty) => ty,
                None => return,
            }
        };
        let typedef = LocalTypedef {
            block,
            offset: node.text_range().start(),
            printed,
        };
        self.local_typedefs
            .entry(name.to_string())
            .or_default()
            .push(typedef);
    }

    /// The type a name used in a function body stands for when it is a typedef declared in
    /// an enclosing block before the use.
    pub(super) fn local_typedef(&self, name: &SyntaxNode) -> Option<String> {
        let ident = first_token(name, IDENT)?;
        let candidates = self.local_typedefs.get(ident.text())?;
        let at = name.text_range().start();
        candidates
            .iter()
            .rev()
            .find(|t| t.offset < at && name.ancestors().any(|a| a == t.block))
            .map(|t| t.printed.clone())
    }
}

/// `class::name`, or `name` in the global namespace.
fn member_key(class: &str, name: &str) -> String {
    if class.is_empty() {
        name.to_string()
    } else {
        format!("{class}::{name}")
    }
}

/// A value of the walk, which keeps no type (the printing applies the parameter's), as
/// hir-ty's evaluator combines it: an `__int128`, wide enough for every integer type.
fn untyped(value: i128) -> ConstValue {
    ConstValue::new(value, il::ty::Builtin::Int128)
}
