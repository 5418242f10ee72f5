//! Tests of the passes `xref-passes` runs over the finished log, through the whole log of a
//! fixture (`log_lines_in`).

mod redeclared {
    use expect_test::expect;

    use crate::test_db;

    /// The `<unnamed>` (and class-named) references and the `t` lines of a fixture, `name kind
    /// line:col`, sorted: a multiset, as `cargo xtask diff-xref` compares.
    fn redeclared_lines(text: &str) -> String {
        test_db::log_positions_of(text, |l| {
            l.kind == 't' || (l.kind == 'R' && matches!(l.name.as_str(), "<unnamed>" | "S"))
        })
    }

    /// Checked against cudafe++ 13.0.88 on this fixture, which logs exactly these lines (`S R
    /// 6:66` is the temporary `S{3}`, a reference of the body): each instance of `maximum`
    /// repeats the three `T`s as `<unnamed>`, `id<S>` names them `S`, `Vec<float, 4>` repeats
    /// `T`, `N` and `T` of its members' declarations.
    #[test]
    fn references_to_parameters_of_instances() {
        let text = "template <class T> T maximum(T a, T b) { return a < b ? b : a; }\n\
                    template <class T, int N> struct Vec { T v[N]; T sum() const; };\n\
                    struct S { int k; };\n\
                    template <class T> T id(T v) { return v; }\n\
                    Vec<float, 4> w;\n\
                    int use() { return maximum(1, 2) + (int)maximum(1.0f, 2.0f) + id(S{3}).k; }\n";
        expect![[r#"
            <unnamed> R 1:20
            <unnamed> R 1:20
            <unnamed> R 1:30
            <unnamed> R 1:30
            <unnamed> R 1:35
            <unnamed> R 1:35
            <unnamed> R 2:40
            <unnamed> R 2:44
            <unnamed> R 2:48
            S R 4:20
            S R 4:25
            S R 6:66
            Vec<float, 4> t 2:34
            id t 4:22
            maximum t 1:22
            maximum t 1:22
        "#]]
        .assert_eq(&redeclared_lines(text));
    }
}

mod instance_refs {
    use expect_test::expect;

    use crate::test_db;

    /// The `R` lines named under an instance of the fixture's template, `name kind line:col`,
    /// sorted (a multiset, as `cargo xtask diff-xref` compares).
    fn instance_references(text: &str, instance: &str) -> String {
        test_db::log_positions_of(text, |l| l.kind == 'R' && l.name.starts_with(instance))
    }

    /// Checked against cudafe++ 13.0.88 on this fixture, which logs exactly these lines under
    /// the instance: the member typedef in the conversion's, `get`'s return and parameter
    /// types, `self` in `get`'s parameter, the template-id of the template's own parameters
    /// (`4:11`), the injected-class-name (`5:16`), and the variable's type (`9:1`).
    #[test]
    fn members_and_class_named_in_member_declarations() {
        let text = "template <class _Tp, _Tp __v> struct integral_constant {\n\
                    \x20 static constexpr _Tp value = __v;\n\
                    \x20 typedef _Tp value_type;\n\
                    \x20 typedef integral_constant<_Tp, __v> type;\n\
                    \x20 using self = integral_constant;\n\
                    \x20 constexpr operator value_type() const noexcept { return value; }\n\
                    \x20 value_type get(value_type x, self *s) const;\n\
                    };\n\
                    integral_constant<bool, false> f;\n";
        expect![[r#"
            integral_constant<bool, false> R 4:11
            integral_constant<bool, false> R 9:1
            integral_constant<bool, false>::integral_constant R 5:16
            integral_constant<bool, false>::self R 7:32
            integral_constant<bool, false>::value_type R 6:22
            integral_constant<bool, false>::value_type R 7:18
            integral_constant<bool, false>::value_type R 7:3
        "#]]
        .assert_eq(&instance_references(text, "integral_constant<bool, false>"));
    }

    /// The `R` lines logged from the instance's `T` line on, `name line:col`, sorted.
    fn references_after_instance(text: &str, instance: &str) -> String {
        let (db, file) = test_db::with_file(text);
        let map = syntax::LineMap::new(text);
        let log = crate::log_lines_in(&db, file);
        let from = log
            .iter()
            .position(|l| l.kind == 'T' && l.name == instance)
            .expect("the instance's T line");
        let mut lines: Vec<String> = log[from..]
            .iter()
            .filter(|l| l.kind == 'R')
            .map(|l| {
                let pos = map.position(l.offset);
                format!("{} {}:{}\n", l.name, pos.line, pos.col)
            })
            .collect();
        lines.sort();
        lines.concat()
    }

    /// cudafe++ 13.0.88 logs, after `R<float, 3L> T`, each reference of the members'
    /// declarations again: the names that do not depend on `_Tp` or `N` as they are (`ns`,
    /// `ns::intmax_t`, `ns::B::u`, the member template's own `U`), the parameters `<unnamed>`
    /// (`6:9`, `7:26`), and the dependent names resolved in the instance (`ns::W<float> R` at
    /// `6:7` and `7:24`, `ns::W<float>::t R 7:32`: not printed here), not the static member's
    /// initializer (`N` at `3:39`) nor the default argument (`8:34`, `8:38`). Besides those
    /// three, cufe differs in lines this module does not write: `ns::W<int>::t R 5:15` (not
    /// logged in the template either) and `<unnamed>`/`N` at `3:39` (the parameter pass and
    /// the walk).
    #[test]
    fn names_independent_of_the_parameters_logged_again() {
        let text = "namespace ns { typedef long intmax_t; struct B { typedef int u; }; \
                    template <class T> struct W { typedef T t; }; }\n\
                    template <class _Tp, long N> struct R {\n\
                    \x20 static constexpr ns::intmax_t num = N;\n\
                    \x20 typedef ns::B::u uu;\n\
                    \x20 ns::W<int>::t w;\n\
                    \x20 ns::W<_Tp> ww;\n\
                    \x20 typedef typename ns::W<_Tp>::t dep;\n\
                    \x20 void f(ns::intmax_t a = sizeof(ns::B));\n\
                    \x20 template <class U> ns::intmax_t g(U u, ns::B b);\n\
                    };\n\
                    R<float, 3> f;\n";
        expect![[r#"
            <unnamed> 1:106
            <unnamed> 3:39
            <unnamed> 6:9
            <unnamed> 7:26
            N 3:39
            U 9:37
            ns 3:20
            ns 4:11
            ns 5:3
            ns 6:3
            ns 7:20
            ns 8:10
            ns 9:22
            ns 9:42
            ns::B 4:15
            ns::B 9:46
            ns::B::u 4:18
            ns::W<int> 5:7
            ns::intmax_t 3:24
            ns::intmax_t 8:14
            ns::intmax_t 9:26
        "#]]
        .assert_eq(&references_after_instance(text, "R<float, 3L>"));
    }
}
