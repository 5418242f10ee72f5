//! Function bodies: the declarations EDG logs while it processes a function definition.
//!
//! A definition's return type and each parameter's type are completed as the definition is
//! processed (a class instance taken or returned by value needs its members), the parameter's
//! `D` after its type; then the body's declarations come in source order (locals, labels,
//! handlers' parameters, structured bindings, lambdas' call operators), with the instances that
//! expressions in the body complete (qualifiers, temporaries, member accesses).
use rowan::NodeOrToken;
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, SyntaxNode};

use super::printing::{edg_text, param_type_text};
use super::tree::{
    first_non_trivia, first_token, name_holder, name_token, record_object_type, structured_binding,
};
use super::{Scope, Walker, instances};

mod calls;
mod construct;

impl Walker<'_> {
    /// A definition's return type is completed, then each parameter's type, each before the
    /// parameter's `D` (`f D`, `A<int> T`, `A<int>::x D`, `a D`), in a template too when the
    /// type does not depend on its parameters, and for a member function defined in its class
    /// when the body is processed (after the class).
    fn definition_signature(
        &mut self,
        function: &SyntaxNode,
        declarator: &SyntaxNode,
        scope: &Scope,
    ) {
        let returns_object = !declarator.children().any(|n| n.kind() == PTR_OP);
        if returns_object {
            self.complete_declared_type(function, scope);
        }
        let params = name_holder(declarator)
            .and_then(|h| h.children().find(|n| n.kind() == FUNCTION_SUFFIX))
            .and_then(|s| s.children().find(|n| n.kind() == PARAM_LIST));
        for param in params
            .iter()
            .flat_map(|p| p.children())
            .filter(|p| p.kind() == PARAM)
        {
            let param_declarator = param.children().find(|n| n.kind() == DECLARATOR);
            let by_value = param_declarator
                .as_ref()
                .is_none_or(|d| !d.descendants().any(|n| n.kind() == PTR_OP));
            if by_value {
                self.complete_declared_type(&param, scope);
            }
            if let Some(name) = param_declarator.as_ref().and_then(name_token) {
                self.emit_fresh(name.text().to_string(), 'D', name.text_range().start());
            }
        }
    }

    /// Completes the class template instance a declaration's specifiers name (written, or
    /// through a typedef or alias template), unless it depends on template parameters.
    fn complete_declared_type(&mut self, declaration: &SyntaxNode, scope: &Scope) {
        let Some((ty, ty_scope)) = self.declared_class_instance(declaration, scope) else {
            return;
        };
        if self.template_depth > 0 && self.is_dependent(&ty, &ty_scope) {
            return;
        }
        self.complete_instance(&ty, &ty_scope, &instances::Substitution::default());
    }

    /// The constructions a local declaration's initializers make (`std::string s(n, c);`).
    fn local_constructions(&mut self, declaration: &SyntaxNode, scope: &Scope) {
        let Some((ty, ty_scope)) = self.declared_class_instance(declaration, scope) else {
            return;
        };
        for init in declaration
            .children()
            .filter(|n| n.kind() == INIT_DECLARATOR)
        {
            let object = init
                .children()
                .find(|n| n.kind() == DECLARATOR)
                .is_some_and(|d| instances::is_object_declarator(&d));
            let construction = init
                .children()
                .find(|n| n.kind() == INITIALIZER)
                .and_then(|i| construct::Construction::of_initializer(&i));
            if object
                && let Some(construction) = construction
                && let Some(printed) =
                    self.instance_of(&ty, &ty_scope, &instances::Substitution::default())
            {
                self.construct(&printed, construction);
            }
        }
    }

    /// A function definition's parameters (D) and the declarations in its body, in order.
    pub(super) fn function_body(
        &mut self,
        function: &SyntaxNode,
        declarator: &SyntaxNode,
        enclosing: &Scope,
    ) {
        self.definition_signature(function, declarator, enclosing);
        // Names in the body print unqualified; the enclosing path is where templates are
        // looked up from.
        let local = Scope {
            local: true,
            path: enclosing.path.clone(),
            ..Scope::default()
        };
        // Parameters and locals by name, with the name of their type: a member access through
        // one completes the class template instance it names (`__str.c_str()` on a
        // `const string &`).
        let mut object_types: FxHashMap<String, SyntaxNode> = FxHashMap::default();
        let params = name_holder(declarator)
            .and_then(|h| h.children().find(|n| n.kind() == FUNCTION_SUFFIX))
            .and_then(|s| s.children().find(|n| n.kind() == PARAM_LIST));
        for param in params.iter().flat_map(|p| p.children()) {
            record_object_type(&param, &mut object_types);
        }
        let no_binding = instances::Substitution::default();
        // The class instance the function returns by value: `return e;` constructs it.
        let returned = (self.template_depth == 0
            && !declarator.children().any(|n| n.kind() == PTR_OP))
        .then(|| self.declared_class_instance(function, enclosing))
        .flatten()
        .and_then(|(ty, ty_scope)| self.instance_of(&ty, &ty_scope, &no_binding));
        for body in function
            .children()
            .filter(|n| matches!(n.kind(), COMPOUND_STMT | FUNCTION_TRY_BLOCK))
        {
            let mut walk = body.preorder();
            while let Some(event) = walk.next() {
                let rowan::WalkEvent::Enter(node) = event else {
                    continue;
                };
                match node.kind() {
                    // A local class or enum is walked by its declaration; its members are not
                    // the function's.
                    CLASS_SPECIFIER | ENUM_SPECIFIER => walk.skip_subtree(),
                    QUALIFIED_NAME => self.complete_qualifiers(&node, &local),
                    // A temporary of an instance type (`span<const byte, N>{p, n}`,
                    // `X<int>(3)`) needs the instance complete, in a template's body too when
                    // it does not depend on the parameters.
                    FUNCTIONAL_CAST => {
                        let name = node
                            .children()
                            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME));
                        if let Some(name) = name
                            && !(self.template_depth > 0 && self.is_dependent(&name, &local))
                        {
                            let last = match name.kind() {
                                QUALIFIED_NAME => {
                                    name.children().filter(|n| n.kind() == NAME_REF).last()
                                }
                                _ => Some(name),
                            };
                            let printed =
                                last.and_then(|last| self.instance_of(&last, &local, &no_binding));
                            let construction = node
                                .children()
                                .find(|n| matches!(n.kind(), ARG_LIST | INIT_LIST))
                                .and_then(|v| construct::Construction::of_expression(&v, true));
                            if self.template_depth == 0
                                && let (Some(printed), Some(construction)) = (printed, construction)
                            {
                                self.construct(&printed, construction);
                            }
                        }
                    }
                    MEMBER_EXPR if self.template_depth == 0 => {
                        let object = node
                            .children()
                            .next()
                            .filter(|o| o.kind() == ID_EXPR)
                            .and_then(|o| o.children().find(|n| n.kind() == NAME_REF))
                            .and_then(|n| first_token(&n, IDENT));
                        if let Some(ty) = object.and_then(|o| object_types.get(o.text()).cloned()) {
                            self.complete_instance(
                                &ty,
                                &local,
                                &instances::Substitution::default(),
                            );
                        }
                    }
                    // `catch (int e)`: the handler's parameter is a definition.
                    HANDLER => {
                        if let Some(param) = node.children().find(|n| n.kind() == PARAM)
                            && let Some(name) = param
                                .children()
                                .find(|n| n.kind() == DECLARATOR)
                                .and_then(|d| name_token(&d))
                        {
                            self.emit_fresh(
                                name.text().to_string(),
                                'D',
                                name.text_range().start(),
                            );
                        }
                    }
                    LABELED_STMT => {
                        if let Some(label) = first_token(&node, IDENT) {
                            self.emit_fresh(
                                label.text().to_string(),
                                'D',
                                label.text_range().start(),
                            );
                        }
                    }
                    RETURN_STMT
                        if !node
                            .ancestors()
                            .take_while(|a| a != &body)
                            .any(|a| a.kind() == LAMBDA_EXPR) =>
                    {
                        let value = node.children().next();
                        if let (Some(printed), Some(construction)) = (
                            &returned,
                            value.and_then(|v| construct::Construction::of_expression(&v, false)),
                        ) {
                            self.construct(printed, construction);
                        }
                    }
                    // A call may instantiate a function template's body.
                    CALL_EXPR if self.template_depth == 0 => {
                        self.call_instance(&node, &local, &no_binding, 0);
                    }
                    SIMPLE_DECLARATION => {
                        record_object_type(&node, &mut object_types);
                        if let Some(binding) = structured_binding(&node) {
                            self.structured_binding(&binding);
                        } else {
                            self.simple_declaration(&node, &local);
                            if self.template_depth == 0 {
                                self.local_constructions(&node, &local);
                            }
                        }
                    }
                    ALIAS_DECL | USING_DECL => self.declaration(&node, &local),
                    STATIC_ASSERT if self.template_depth == 0 => {
                        self.static_assertion(&node, &local, &instances::Substitution::default());
                    }
                    LAMBDA_EXPR => self.lambda(&node),
                    _ => {}
                }
            }
        }
    }

    /// `auto [a, b] = e;`: a hidden variable `<struct binding N>` at the `[`, then each name.
    fn structured_binding(&mut self, declarator: &SyntaxNode) {
        let Some(open) = first_token(declarator, L_BRACK) else {
            return;
        };
        self.structured_bindings += 1;
        self.emit_fresh(
            format!("<struct binding {}>", self.structured_bindings),
            'D',
            open.text_range().start(),
        );
        for name in declarator
            .children_with_tokens()
            .filter_map(NodeOrToken::into_token)
            .filter(|t| t.kind() == IDENT)
        {
            self.emit_fresh(name.text().to_string(), 'D', name.text_range().start());
        }
    }

    /// A lambda's call operator (`lambda [](int)->auto::operator()`, captures never printed) at
    /// the `(` of its parameter list, then its parameters.
    fn lambda(&mut self, lambda: &SyntaxNode) {
        let params = lambda
            .descendants()
            .filter(|n| {
                !n.ancestors()
                    .take_while(|a| a != lambda)
                    .any(|a| a.kind() == COMPOUND_STMT)
            })
            .find(|n| n.kind() == PARAM_LIST);
        // Without a parameter list, at the token after the captures (`{`, `mutable`,
        // `noexcept`, `->`), measured on cudafe++.
        let after_captures = || {
            lambda
                .children_with_tokens()
                .skip_while(|t| t.kind() != LAMBDA_CAPTURES)
                .skip(1)
                .find_map(|t| match t {
                    NodeOrToken::Token(t) => (!t.kind().is_trivia()).then_some(t),
                    NodeOrToken::Node(n) => first_non_trivia(&n),
                })
        };
        let open = match &params {
            Some(p) => first_non_trivia(p),
            None => after_captures().or_else(|| first_non_trivia(lambda)),
        };
        let Some(open) = open else { return };
        let types: Vec<String> = params
            .iter()
            .flat_map(|p| p.children())
            .filter(|n| n.kind() == PARAM)
            .map(|p| param_type_text(&p))
            .collect();
        let mutable = if lambda
            .children_with_tokens()
            .any(|t| t.kind() == MUTABLE_KW)
        {
            " mutable"
        } else {
            ""
        };
        let ret = lambda
            .children()
            .find(|n| n.kind() == TRAILING_RETURN)
            .map_or("auto".to_string(), |r| {
                let text = edg_text(&r);
                text.trim_start_matches("->").trim().to_string()
            });
        let noexcept = if lambda.children().any(|n| n.kind() == NOEXCEPT_SPEC) {
            " noexcept"
        } else {
            ""
        };
        let closure = format!("lambda []({}){mutable}->{ret}{noexcept}", types.join(", "));
        self.emit_fresh(
            format!("{closure}::operator()"),
            'D',
            open.text_range().start(),
        );
        // An init-capture (`[n = 3]`, `[&r = x]`) is a member of the closure.
        for capture in lambda
            .children()
            .filter(|n| n.kind() == LAMBDA_CAPTURES)
            .flat_map(|c| c.children())
            .filter(|n| n.kind() == CAPTURE)
        {
            let is_init = capture
                .children_with_tokens()
                .any(|t| matches!(t.kind(), EQ | L_CURLY | L_PAREN));
            if is_init && let Some(name) = first_token(&capture, IDENT) {
                self.emit_fresh(
                    format!("{closure}::{}", name.text()),
                    'D',
                    name.text_range().start(),
                );
            }
        }
        if let Some(params) = params {
            self.param_list(&params, 'D');
        }
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    /// All declaration lines of a fixture as `name kind line:col`, in order.
    fn check(text: &str, expected: Expect) {
        check_after(text, 0, expected);
    }

    /// The lines a fixture's text after line `skip` causes (the fixture's templates'
    /// instances included).
    fn check_after(text: &str, skip: u32, expected: Expect) {
        let map = syntax::LineMap::new(text);
        let mut out = String::new();
        let mut from_here = false;
        for l in crate::test_db::declaration_lines_of(text) {
            let pos = map.position(l.offset);
            from_here |= pos.line > skip;
            if from_here {
                out.push_str(&format!("{} {} {}:{}\n", l.name, l.kind, pos.line, pos.col));
            }
        }
        expected.assert_eq(&out);
    }

    // Checked against cudafe++ 13.0.88: each by-value parameter's class is completed right
    // before the parameter's `D` (through a typedef or alias template too, and in a function
    // template when the type does not depend on its parameters); the return type after the
    // function's `D`; a reference parameter completes nothing, nor does a prototype.
    #[test]
    fn definition_completes_return_and_parameter_types() {
        check(
            "template <class T> struct A { T x; };\n\
             template <int N> using AT = A<long>;\n\
             using AS = A<short>;\n\
             void f(A<int> a, int b) { }\n\
             void g(AS, AT<3>) { }\n\
             template <class U> void h(U u, A<char> c) { }\n\
             template <class U> void k(U u, A<char> c);\n\
             void m(A<float> &r) { }\n\
             A<double> n(int q) { return {}; }\n",
            expect![[r#"
                T D 1:17
                A D 1:27
                A<T>::x D 1:33
                N D 2:15
                AT D 2:24
                AS D 3:7
                f D 4:6
                A<int>::x D 1:33
                a D 4:15
                b D 4:22
                g D 5:6
                A<short>::x D 1:33
                A<long>::x D 1:33
                U D 6:17
                h D 6:25
                u D 6:29
                A<char>::x D 1:33
                c D 6:40
                U D 7:17
                k d 7:25
                m D 8:6
                r D 8:18
                n D 9:11
                A<double>::x D 1:33
                q D 9:17
            "#]],
        );
    }

    // Member functions defined in a class complete their signatures' classes when their
    // bodies are processed, after the class (also in a class template, when not dependent).
    #[test]
    fn member_definition_completes_signature_types_after_the_class() {
        check(
            "template <class T> struct A { T x; };\n\
             using AS = A<short>;\n\
             struct S {\n\
               void f(A<int> a, int b) { }\n\
               A<long> g(AS s) { return {}; }\n\
               template <class U> void h(U u, A<char> c) { }\n\
               int z;\n\
             };\n\
             template <class V> struct B {\n\
               void f(A<unsigned> a, V v) { }\n\
             };\n\
             B<int> bi;\n",
            expect![[r#"
                T D 1:17
                A D 1:27
                A<T>::x D 1:33
                AS D 2:7
                S D 3:8
                S::f D 4:6
                S::g D 5:9
                U D 6:17
                S::h D 6:25
                S::z D 7:5
                A<int>::x D 1:33
                a D 4:15
                b D 4:22
                A<long>::x D 1:33
                A<short>::x D 1:33
                s D 5:14
                u D 6:29
                A<char>::x D 1:33
                c D 6:40
                V D 9:17
                B D 9:27
                B<V>::f D 10:6
                A<unsigned int>::x D 1:33
                a D 10:20
                v D 10:25
                B<int>::f d 10:6
                a d 10:20
                v d 10:25
                bi D 12:8
            "#]],
        );
    }

    // Checked against cudafe++ 13.0.88: a call in a function body instantiates the body of a
    // constexpr or `auto` function template once per instance (`imp<float>` is called twice),
    // logging its parameters and locals at the template's positions; the `if constexpr`
    // branch its arguments discard is left out; calls in an instance's body instantiate in
    // turn (`deduced<int>` calls `imp<int>`); a plain template's body is not instantiated.
    #[test]
    fn calls_instantiate_constexpr_and_auto_function_template_bodies() {
        check(
            "template <class T> struct lim { static constexpr bool is_signed = true; };\n\
             template <> struct lim<unsigned> { static constexpr bool is_signed = false; };\n\
             template <class T> constexpr T imp(T x, T y) { if constexpr (lim<T>::is_signed) { T v = x; return v; } else { T w = y; return w; } }\n\
             template <class T> T plain(T p) { T q = p; return q; }\n\
             template <class T> constexpr auto deduced(const T &p) { T r = p; return imp(r, r); }\n\
             template <class T> auto autoret(T *p) { T s = *p; return s; }\n\
             inline float cs(float a, unsigned b, const char *c) {\n\
               int i = 0;\n\
               return ::imp(a, a) + imp<long>(1, 2) + plain(a) + deduced(i) + autoret(c) + imp(a, a) + imp(b, 3u);\n\
             }\n",
            expect![[r#"
                T D 1:17
                lim D 1:27
                lim<T>::is_signed D 1:55
                lim<unsigned int> D 2:20
                lim<unsigned int>::is_signed D 2:58
                T D 3:17
                imp D 3:32
                x D 3:38
                y D 3:43
                v D 3:85
                w D 3:113
                T D 4:17
                plain D 4:22
                p D 4:30
                q D 4:37
                T D 5:17
                deduced D 5:35
                p D 5:52
                r D 5:59
                T D 6:17
                autoret D 6:25
                p D 6:36
                s D 6:43
                cs D 7:14
                a D 7:23
                b D 7:35
                c D 7:50
                i D 8:5
                x D 3:38
                y D 3:43
                lim<float>::is_signed D 1:55
                v D 3:85
                x D 3:38
                y D 3:43
                lim<long>::is_signed D 1:55
                v D 3:85
                p D 5:52
                r D 5:59
                x D 3:38
                y D 3:43
                lim<int>::is_signed D 1:55
                v D 3:85
                p D 6:36
                s D 6:43
                x D 3:38
                y D 3:43
                w D 3:113
            "#]],
        );
    }

    // Checked against cudafe++ 13.0.88: choosing a constructor completes the parameter
    // classes of the candidates (`std::initializer_list<char>` for `SC s(3, 'a')` and for
    // `return s;`), an explicit constructor only for direct-initialization with its number of
    // arguments (`V<T>` never here), empty braces none (`S<unsigned>`).
    #[test]
    fn constructions_complete_the_candidates_parameter_classes() {
        check_after(
            "namespace std { template <class E> class initializer_list { const E* a; unsigned long n; initializer_list(const E* p, unsigned long k); public: initializer_list(); }; }\n\
             template <class T> struct V { T v; };\n\
             template <class T> struct S {\n\
               S();\n\
               S(const S&);\n\
               S(std::initializer_list<T> l);\n\
               explicit S(V<T> v);\n\
               S(int n, T c);\n\
               T m;\n\
             };\n\
             typedef S<char> SC;\n\
             SC f1() { SC s(3, 'a'); return s; }\n\
             S<long> f3() { return S<long>{}; }\n\
             void f5() { S<double> d(1, 2.0); }\n\
             void f6() { S<unsigned> e{}; }\n",
            10,
            expect![[r#"
                SC D 11:17
                f1 D 12:4
                S<char>::S d 4:1
                S<char>::S d 5:1
                S<char>::S d 6:1
                l d 6:28
                S<char>::S d 7:10
                v d 7:17
                S<char>::S d 8:1
                n d 8:7
                c d 8:12
                S<char>::m D 9:3
                s D 12:14
                std::initializer_list<char>::a D 1:70
                std::initializer_list<char>::n D 1:87
                std::initializer_list<char>::initializer_list d 1:90
                p d 1:116
                k d 1:133
                std::initializer_list<char>::initializer_list d 1:145
                f3 D 13:9
                S<long>::S d 4:1
                S<long>::S d 5:1
                S<long>::S d 6:1
                l d 6:28
                S<long>::S d 7:10
                v d 7:17
                S<long>::S d 8:1
                n d 8:7
                c d 8:12
                S<long>::m D 9:3
                std::initializer_list<long>::a D 1:70
                std::initializer_list<long>::n D 1:87
                std::initializer_list<long>::initializer_list d 1:90
                p d 1:116
                k d 1:133
                std::initializer_list<long>::initializer_list d 1:145
                f5 D 14:6
                d D 14:23
                S<double>::S d 4:1
                S<double>::S d 5:1
                S<double>::S d 6:1
                l d 6:28
                S<double>::S d 7:10
                v d 7:17
                S<double>::S d 8:1
                n d 8:7
                c d 8:12
                S<double>::m D 9:3
                f6 D 15:6
                e D 15:25
                S<unsigned int>::S d 4:1
                S<unsigned int>::S d 5:1
                S<unsigned int>::S d 6:1
                l d 6:28
                S<unsigned int>::S d 7:10
                v d 7:17
                S<unsigned int>::S d 8:1
                n d 8:7
                c d 8:12
                S<unsigned int>::m D 9:3
            "#]],
        );
    }

    // Checked against cudafe++ 13.0.88: an `if constexpr` in the body of a member function of
    // a class template instance is decided under the instance's arguments (the model's
    // evaluator with `box<short>`'s bindings: `lim<short>::big` is false, `s` is declared;
    // `box<long>` declares `b`), and the class its condition names is completed first
    // (`lim<short>::big D`).
    #[test]
    fn if_constexpr_in_member_instances_is_decided_by_the_model() {
        check_after(
            "template <class T> struct lim { static constexpr bool big = sizeof(T) > 2; };\n\
             template <class T> struct box {\n\
               static constexpr int pick(T x) { if constexpr (lim<T>::big) { int b = 1; return b; } else { int s = 2; return s; } }\n\
             };\n\
             inline int use(short a, long b) { return box<short>::pick(a) + box<long>::pick(b); }\n",
            4,
            expect![[r#"
                use D 5:12
                a D 5:22
                b D 5:30
                box<short>::pick d 3:22
                x d 3:29
                x D 3:29
                lim<short>::big D 1:55
                s D 3:97
                box<long>::pick d 3:22
                x d 3:29
                x D 3:29
                lim<long>::big D 1:55
                b D 3:67
            "#]],
        );
    }

    // Checked against cudafe++ 13.0.88: `X<args>::f(...)` called in a function body
    // instantiates the body of a constexpr static member of the instance, defined in the class
    // (`eq`) or out of it (`find`, at its definition's positions); not a plain one (`plain`),
    // nor an overloaded one we do not resolve (`twice`, which has no definition anyway).
    #[test]
    fn static_member_calls_instantiate_constexpr_member_bodies() {
        check_after(
            "namespace g {\n\
             template <class C> struct tr {\n\
               typedef C char_type;\n\
               static constexpr bool eq(const char_type& a, const char_type& b) { bool r = a == b; return r; }\n\
               static constexpr const char_type* find(const char_type* s, unsigned long n, const char_type& c);\n\
               static int plain(int q) { int z = q; return z; }\n\
               static constexpr int twice(int x);\n\
               static constexpr int twice(long y);\n\
             };\n\
             template <class C>\n\
             constexpr const typename tr<C>::char_type* tr<C>::find(const char_type* s, unsigned long n, const char_type& c) {\n\
               for (unsigned long i = 0; i < n; ++i) if (eq(s[i], c)) return s + i;\n\
               return 0;\n\
             }\n\
             }\n\
             namespace s {\n\
             template <class C> struct tr;\n\
             template <> struct tr<char> {\n\
               typedef char char_type;\n\
               static const char_type* find(const char_type* p, unsigned long k, const char_type& v) {\n\
                 if (k == 0) return 0;\n\
                 bool e = g::tr<char_type>::eq(*p, v);\n\
                 g::tr<char>::plain(1);\n\
                 g::tr<char>::twice(1);\n\
                 return g::tr<char_type>::find(p, k, v);\n\
               }\n\
             };\n\
             }\n",
            15,
            expect![[r#"
                s D 16:11
                C D 17:17
                s::tr d 17:27
                s::tr<char> D 18:20
                s::tr<char>::char_type D 19:14
                s::tr<char>::find D 20:25
                p D 20:47
                k D 20:64
                v D 20:84
                e D 22:6
                g::tr<char>::char_type D 3:11
                g::tr<char>::eq d 4:23
                a d 4:43
                b d 4:63
                g::tr<char>::find d 5:35
                s d 5:57
                n d 5:74
                c d 5:94
                g::tr<char>::plain d 6:12
                q d 6:22
                g::tr<char>::twice d 7:22
                x d 7:32
                g::tr<char>::twice d 8:22
                y d 8:33
                a D 4:43
                b D 4:63
                r D 4:73
                s D 11:73
                n D 11:90
                c D 11:110
                i D 12:20
            "#]],
        );
    }

    // Checked against cudafe++ 13.0.88: a parameter typed only by explicit arguments deduces
    // nothing (`from<float>(0x0400u)`), and the instance's by-value parameter types are
    // completed under its binding (`st_t<float>` completes `st<float>`).
    #[test]
    fn explicit_arguments_and_instance_parameter_types() {
        check_after(
            "template <class T> struct st { typedef unsigned type; };\n\
             template <class T> using st_t = typename st<T>::type;\n\
             template <class T> constexpr T from(st_t<T> v) { T r = T(v); return r; }\n\
             struct H { static constexpr float m() { return from<float>(0x0400u); } };\n",
            3,
            expect![[r#"
                H D 4:8
                H::m D 4:35
                st<float>::type D 1:49
                v D 3:45
                r D 3:52
            "#]],
        );
    }

    // Checked against cudafe++ 13.0.88: the one constructor that can take two or more
    // arguments is instantiated when it is constexpr (`S<char>{s, 3}`, `S<short>(1, 2, 3)`),
    // not a plain one (`S<long>(1L)`, which has one argument anyway).
    #[test]
    fn constructions_instantiate_the_chosen_constexpr_constructor() {
        check_after(
            "template <class T> struct S {\n\
               T a; unsigned long b;\n\
               constexpr S() : a(), b() {}\n\
               constexpr S(const T* p, unsigned long n) : a(*p), b(n) { int k = 0; }\n\
               S(T x) : a(x), b(0) { int j = 1; }\n\
               constexpr S(T x, T y, T z) : a(x), b(0) { int m = 2; }\n\
               template <class U> constexpr S(U u, U v, U w, U t) : a(), b() {}\n\
             };\n\
             void f1(const char* s) { S<char> v{s, 3}; }\n\
             constexpr S<int> f2(const int* s) { return S<int>(s, 3); }\n\
             void f3() { S<long> w(1L); }\n\
             void f4() { S<short> q(1, 2, 3); }\n\
             S<float> f5() { return {}; }\n",
            8,
            expect![[r#"
                f1 D 9:6
                s D 9:21
                v D 9:34
                S<char>::a D 2:3
                S<char>::b D 2:20
                S<char>::S d 3:11
                S<char>::S d 4:11
                p d 4:22
                n d 4:39
                S<char>::S d 5:1
                x d 5:5
                S<char>::S d 6:11
                x d 6:15
                y d 6:20
                z d 6:25
                U D 7:17
                S<char>::S d 7:30
                p D 4:22
                n D 4:39
                k D 4:62
                f2 D 10:18
                S<int>::a D 2:3
                S<int>::b D 2:20
                S<int>::S d 3:11
                S<int>::S d 4:11
                p d 4:22
                n d 4:39
                S<int>::S d 5:1
                x d 5:5
                S<int>::S d 6:11
                x d 6:15
                y d 6:20
                z d 6:25
                U D 7:17
                S<int>::S d 7:30
                s D 10:32
                p D 4:22
                n D 4:39
                k D 4:62
                f3 D 11:6
                w D 11:21
                S<long>::a D 2:3
                S<long>::b D 2:20
                S<long>::S d 3:11
                S<long>::S d 4:11
                p d 4:22
                n d 4:39
                S<long>::S d 5:1
                x d 5:5
                S<long>::S d 6:11
                x d 6:15
                y d 6:20
                z d 6:25
                U D 7:17
                S<long>::S d 7:30
                f4 D 12:6
                q D 12:22
                S<short>::a D 2:3
                S<short>::b D 2:20
                S<short>::S d 3:11
                S<short>::S d 4:11
                p d 4:22
                n d 4:39
                S<short>::S d 5:1
                x d 5:5
                S<short>::S d 6:11
                x d 6:15
                y d 6:20
                z d 6:25
                U D 7:17
                S<short>::S d 7:30
                x D 6:15
                y D 6:20
                z D 6:25
                m D 6:47
                f5 D 13:10
                S<float>::a D 2:3
                S<float>::b D 2:20
                S<float>::S d 3:11
                S<float>::S d 4:11
                p d 4:22
                n d 4:39
                S<float>::S d 5:1
                x d 5:5
                S<float>::S d 6:11
                x d 6:15
                y d 6:20
                z d 6:25
                U D 7:17
                S<float>::S d 7:30
            "#]],
        );
    }

    // Checked against cudafe++ 13.0.88: a lambda without a parameter list declares its call
    // operator at the token after the captures (`{`, `noexcept`, `->`), and a `noexcept`
    // lambda's closure is printed with it.
    #[test]
    fn lambdas_without_parameter_lists() {
        check(
            r#"int g;
void f() {
    auto a = [=] { return g; };
    auto b = [=]() { return g; };
    auto e = [] noexcept { return 2; };
    auto h = [] -> int { return 2; };
}
"#,
            expect![[r#"
                g D 1:5
                f D 2:6
                a D 3:10
                lambda []()->auto::operator() D 3:18
                b D 4:10
                lambda []()->auto::operator() D 4:17
                e D 5:10
                lambda []()->auto noexcept::operator() D 5:17
                h D 6:10
                lambda []()->int::operator() D 6:17
            "#]],
        );
    }

    // Checked against cudafe++ 13.0.88: a call of a function template instance that returns
    // a class template instance by value completes it, with the arguments deduced for the
    // call (the overload chosen: `make(1L, 2L)` is the second template, `rv<long>`), though
    // the instances' bodies are not instantiated.
    #[test]
    fn calls_complete_the_class_instances_function_template_instances_return() {
        check_after(
            r#"template <class It> struct rv {
  It first;
  rv(It f) : first(f) {}
  It begin() { return first; }
};
template <class It, class S> rv<It> make(It f, S n) { return rv<It>(f); }
template <class It> rv<It> make(It f, It l) { return rv<It>(f); }
template <class It> rv<It> *make_new(It f) { return 0; }
template <class V1, class V2> void use(V1 a, V2 b) {}
int main() {
  float *p = 0;
  use(make(p, 4), make(1L, 2L));
  make_new('c');
  return 0;
}
"#,
            9,
            expect![[r#"
                main D 10:5
                p D 11:10
                rv<float *>::first D 2:6
                rv<float *>::rv d 3:3
                f d 3:9
                rv<float *>::begin d 4:6
                rv<long>::first D 2:6
                rv<long>::rv d 3:3
                f d 3:9
                rv<long>::begin d 4:6
            "#]],
        );
    }
}
