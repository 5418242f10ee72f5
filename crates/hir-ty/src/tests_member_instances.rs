//! The members of class template instances that expressions denote
//! (`InferenceResult::member_instance`), and their names in EDG's cross-reference spelling
//! (`display::instance_edg_name`).
use expect_test::{Expect, expect};

use crate::display::instance_edg_name;
use crate::infer;
use crate::test_db::TestDb;

/// The member instances of the non-template bodies of `text` (of every body, `templates`).
fn render(text: &str, templates: bool) -> String {
    let (db, file) = TestDb::with_file(text);
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        if hir_def::source::body_owner_kind(&db, item).is_none()
            || (!templates && !crate::lower::template_owners_of(&db, item).is_empty())
        {
            continue;
        }
        let result = infer(&db, item);
        let body = hir_def::body::body(&db, item);
        let mut lines = Vec::new();
        for (e, _) in body.exprs.iter() {
            if let Some(member) = result.member_instance(e) {
                lines.push(format!(
                    "  #{}: {}::{}",
                    e.into_raw().into_u32(),
                    instance_edg_name(&db, member.class(&db))
                        .unwrap_or_else(|| "<not spelled>".to_string()),
                    member.member(&db).name_text(&db).unwrap_or_default()
                ));
                // The instance the qualifier names, where a base instance declares the member.
                if let Some(named) = result.qualifier_instance(e)
                    && named != member.class(&db)
                {
                    lines.push(format!(
                        "    named through {}",
                        instance_edg_name(&db, named)
                            .unwrap_or_else(|| "<not spelled>".to_string())
                    ));
                }
            }
        }
        if !lines.is_empty() {
            out.push_str(&format!(
                "{}:\n{}\n",
                item.qualified_name(&db),
                lines.join("\n")
            ));
        }
    }
    out
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&render(text, false));
}

fn check_templates(text: &str, expect: Expect) {
    expect.assert_eq(&render(text, true));
}

/// In a template's body, a member named through an object of a class template instance whose
/// arguments depend (`S<T> r; r.n`) is the member of that dependent instance, spelled with
/// the arguments as written (`S<T>::n`, as cudafe++ logs it), when the template has no
/// specialization; a template with a partial specialization leaves it to the instantiation.
#[test]
fn members_of_dependent_instances_in_template_bodies() {
    check_templates(
        r#"
template <class U> struct S { U n; U get() const { return n; } };
template <class U> struct P { U n; };
template <class U> struct P<U *> { U m; };
template <class T> struct Op {
    T f(const S<T> &x) const {
        S<T> r;
        r.n = x.n;
        P<T> p;
        p.n = 1;
        return r.get();
    }
};
"#,
        expect![[r#"
            Op::f:
              #1: S<T>::n
              #3: S<T>::n
              #10: S<T>::get
              #11: S<T>::get
        "#]],
    );
}

#[test]
fn members_named_through_objects_qualifiers_and_operators() {
    check(
        r#"
template <class T, int N> struct Vec {
    T v[N];
    T sum() const { return v[0]; }
    T &operator[](int i) { return v[i]; }
    static const int size = N;
};
void f() {
    Vec<float, 4> a;
    float s = a.sum();
    a[1] = a.v[2];
    int n = Vec<int, 4>::size;
}
"#,
        expect![[r#"
            f:
              #1: Vec<float, 4>::sum
              #2: Vec<float, 4>::sum
              #5: Vec<float, 4>::operator[]
              #7: Vec<float, 4>::v
              #11: Vec<int, 4>::size
        "#]],
    );
}

#[test]
fn members_of_base_instances_are_named_with_the_base() {
    check(
        r#"
namespace ns {
template <class T, class A> struct base { T *begin(); int n; };
template <class T> struct alloc {};
template <class T, class A = alloc<T>> struct vec : base<T, A> { vec(); };
}
void f() {
    ns::vec<int> v;
    int *p = v.begin();
    int k = v.n;
}
"#,
        expect![[r#"
            f:
              #1: ns::base<int, ns::alloc<int>>::begin
              #2: ns::base<int, ns::alloc<int>>::begin
              #4: ns::base<int, ns::alloc<int>>::n
        "#]],
    );
}

#[test]
fn value_arguments_print_as_constants_of_their_parameters_types() {
    check(
        r#"
enum Mode { FAST, SLOW };
namespace outer { inline namespace v1 {
template <class T, unsigned long N, bool B, Mode M, T V> struct S { static int get(); };
} }
template <auto V> struct Constant { static int get(); };
void f() {
    int k = outer::S<char, 4, true, SLOW, 'c'>::get();
    int j = outer::S<long, 2, false, FAST, -1>::get();
    int c = Constant<'c'>::get();
}
"#,
        expect![[r#"
            f:
              #0: outer::v1::S<char, 4UL, true, SLOW, 'c'>::get
              #1: outer::v1::S<char, 4UL, true, SLOW, 'c'>::get
              #2: outer::v1::S<long, 2UL, false, FAST, -1L>::get
              #3: outer::v1::S<long, 2UL, false, FAST, -1L>::get
              #4: <not spelled>::get
              #5: <not spelled>::get
        "#]],
    );
}

#[test]
fn operators_of_instances_rank_members_with_non_members() {
    // The primary is declared before its definition (as `<iosfwd>` declares
    // `basic_ostream`): the members are the definition's. `os << 1` takes the member
    // `operator<<(int)`, `os << "s"` the non-member that matches exactly rather than the
    // member `operator<<(const void *)`, and `os << endl` the member taking a function
    // pointer: a function template named as an argument deduces nothing, so the non-member
    // `operator<<(S &, const T &)` fails deduction and `operator<<(S &, const char *)` does
    // not accept it.
    check(
        r#"
template <class C> struct Stream;
template <class C> struct Stream {
    typedef Stream<C> stream_type;
    stream_type &operator<<(stream_type &(*f)(stream_type &)) { return f(*this); }
    stream_type &operator<<(int v) { return *this; }
    stream_type &operator<<(const void *p) { return *this; }
};
template <class C> Stream<C> &operator<<(Stream<C> &s, const char *text) { return s; }
template <class C, class T> Stream<C> &operator<<(Stream<C> &s, const T &x) { return s; }
template <class C> Stream<C> &endl(Stream<C> &s) { return s; }
void f(Stream<char> &os) {
    os << 1;
    os << "s";
    os << endl;
    os << 1 << endl;
}
"#,
        expect![[r#"
            f:
              #2: Stream<char>::operator<<
              #8: Stream<char>::operator<<
              #11: Stream<char>::operator<<
              #13: Stream<char>::operator<<
        "#]],
    );
}

#[test]
fn assignment_to_the_reference_class_a_base_members_operator_returns() {
    // `d[0] = 99`: `operator[]` is a member of `DV<int>`'s base `VB<int>`, and returns
    // `DRef<T>` with the base's `T`; the assignment is `DRef<int>::operator=`.
    check(
        r#"
template <class T> struct DRef {
  using value_type = T;
  DRef& operator=(const value_type& x) { return *this; }
};
template <class T> struct VB { DRef<T> operator[](int i); };
template <class T> struct DV : VB<T> { };
void h() {
  DV<int> d;
  d[0] = 99;
  DRef<int> r = d[1];
  r = 5;
}
"#,
        expect![[r#"
            h:
              #2: VB<int>::operator[]
              #4: DRef<int>::operator=
              #7: VB<int>::operator[]
              #10: DRef<int>::operator=
        "#]],
    );
}

/// A member declared in a base the template names through its parameters
/// (`: traits_floating<T>`): lookup in the template cannot see it, lookup in the instance's
/// bases finds it; the member is the base instance's, the qualifier names the derived one.
#[test]
fn members_of_dependent_bases_are_found_in_the_instance() {
    check(
        r#"
template <class T> struct traits_floating { static const int max_exponent10 = 38; };
template <class T> struct traits : traits_floating<T> {};
int f() { return traits<float>::max_exponent10 + 20; }
"#,
        expect![[r#"
            f:
              #0: traits_floating<float>::max_exponent10
                named through traits<float>
        "#]],
    );
}
