use expect_test::expect;

use crate::ItemKind;
use crate::record::{instance_layout, size_align_of};
use crate::resolve::{declared_type, typedef_target};
use crate::scope::all_items;
use crate::test_db::TestDb;
use crate::ty::TyKind;

/// Every variable's and typedef's type outside templates, with its size and alignment (or why
/// there is none).
fn layouts(text: &str) -> String {
    let (db, file) = TestDb::with_file(text);
    let mut out = String::new();
    for item in all_items(&db, file) {
        if crate::instantiate::in_template(&db, item) {
            continue;
        }
        let ty = match item.kind(&db) {
            ItemKind::Variable => declared_type(&db, item),
            ItemKind::Typedef => match typedef_target(&db, item) {
                Some(t) => t,
                None => continue,
            },
            _ => continue,
        };
        let layout = match (size_align_of(&db, ty), ty.kind(&db)) {
            (Some(sa), _) => format!("{} {}", sa.size, sa.align),
            (None, TyKind::Instance(inst)) => match instance_layout(&db, *inst) {
                Err(gap) => format!("{:?} {}", gap.reason, gap.what),
                Ok(_) => unreachable!(),
            },
            (None, _) => "-".to_string(),
        };
        out.push_str(&format!(
            "{}: {} = {layout}\n",
            item.qualified_name(&db),
            ty.display(&db)
        ));
    }
    out
}

/// The expected sizes were checked with g++ 12 (`static_assert`s over the same source).
#[test]
fn instances_of_class_templates() {
    let text = r#"
namespace std {
  template<typename T1, typename T2> struct pair { typedef T1 first_type; T1 first; T2 second; };
  template<typename T> struct allocator { typedef T value_type; };
  template<typename C> struct char_traits { };
  inline namespace __cxx11 {
    template<typename C, typename Tr = char_traits<C>, typename A = allocator<C> > class basic_string;
  }
  typedef basic_string<char> string;
  inline namespace __cxx11 {
    template<typename C, typename Tr, typename A> class basic_string {
      typedef A allocator_type;
      struct _Alloc_hider : allocator_type { C *_M_p; };
      _Alloc_hider _M_dataplus;
      unsigned long _M_string_length;
      enum { _S_local_capacity = 15 / sizeof(C) };
      union { C _M_local_buf[_S_local_capacity + 1]; unsigned long _M_allocated_capacity; };
    };
  }
}
template<typename T, int N = 4> struct Vec { T v[N]; typename std::pair<T, char>::first_type f; };
template<typename T> struct Vec<T *, 2> { char tag; };
template<> struct Vec<double, 1> { long double x; };
template<bool B, typename T, typename F> struct cond { typedef T type; };
template<typename T, typename F> struct cond<false, T, F> { typedef F type; };
enum class Order { relaxed, acquire = 2, release };
template<Order O> struct Tag { char c; };
template<> struct Tag<Order::release> { int i; };
template<typename T> using Twice = std::pair<T, T>;
struct Holder { cond<false, short, long double>::type x; cond<true, char, int>::type y; Twice<char> c; };
std::pair<int, char> p;
extern std::pair<const std::pair<int, char>, double> pp;
std::string s;
Vec<short> v1;
Vec<int *, 2> v2;
Vec<double, 1> v3;
Vec<char, 3> v4[2];
Holder h;
Tag<Order::release> t3;
Tag<Order::acquire> t2;
template<typename A> struct traits {
  typedef typename A::value_type value_type;
  template<typename U> using rebind_alloc = std::allocator<U>;
};
template<typename A> struct alloc_traits : traits<A> {
  typedef traits<A> base_type;
  template<typename U> struct rebind { typedef typename base_type::template rebind_alloc<U> other; };
};
namespace std { template<typename T> struct allocator<T *> { typedef T *value_type; value_type p; }; }
template<typename T, typename A = std::allocator<T> > struct Container {
  typedef typename alloc_traits<A>::template rebind<T *>::other ptr_alloc;
  struct Impl : ptr_alloc { T *start; T *finish; };
  Impl impl;
  typename traits<ptr_alloc>::value_type first;
};
Container<long double> ct;
template<typename T, T v> struct integral_constant { static constexpr T value = v; };
typedef integral_constant<bool, true> true_type;
typedef integral_constant<bool, false> false_type;
template<typename T> struct is_ptr : false_type { };
template<typename T> struct is_ptr<T *> : true_type { };
template<typename T> struct Pick { typename cond<is_ptr<T>::value, char, double>::type x[(int)sizeof(T) - 1]; };
Pick<int *> pk1;
Pick<int> pk2;
template<typename T> struct Undefined;
Undefined<int> *u;
extern Undefined<long> ul;
"#;
    expect![[r#"
        std::string: std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > = 32 8
        p: std::pair<int, char> = 8 4
        pp: std::pair<const std::pair<int, char>, double> = 16 8
        s: std::string = 32 8
        v1: Vec<short, 4> = 10 2
        v2: Vec<int *, 2> = 1 1
        v3: Vec<double, 1> = 16 16
        v4: Vec<char, 3> [2] = 8 1
        h: Holder = 32 16
        t3: Tag<3> = 4 4
        t2: Tag<2> = 1 1
        ct: Container<long double, std::allocator<long double> > = 32 8
        true_type: integral_constant<bool, 1> = 1 1
        false_type: integral_constant<bool, 0> = 1 1
        pk1: Pick<int *> = 7 1
        pk2: Pick<int> = 24 8
        u: Undefined<int> * = 8 8
        ul: Undefined<long> = NotDefined Undefined<long>
    "#]]
    .assert_eq(&layouts(text));
}

/// Runaway templates stop at the instantiation depth limit with a gap instead of overflowing
/// the stack (g++ stops at its own limit with an error).
#[test]
fn runaway_instantiation_stops() {
    let text = r#"
template<int N> struct Up : Up<N + 1> { char c; };
template<int N> struct Chain { typedef typename Chain<N + 1>::type type; type m; };
template<typename T> struct Wrap { Wrap<Wrap<T> > *next; typename Wrap<T *>::self s; typedef Wrap self; };
Up<0> up;
Chain<0> chain;
Wrap<int> wrap;
"#;
    expect![[r#"
        up: Up<0> = NotDefined Up<47>
        chain: Chain<0> = UnresolvedName type m;
        wrap: Wrap<int> = TemplateId typename Wrap<T*>::self s;
    "#]]
    .assert_eq(&layouts(text));
}

/// A class template given for a template template parameter is bound to it: `C<T, 2>` in
/// `Holder<Vec, double>` is `Vec<double, 2>` (sizes confirmed with g++).
#[test]
fn template_template_arguments() {
    expect![[r#"
        h: Holder<Vec, double> = 16 8
        H: Holder<Vec, char> = 2 1
    "#]]
    .assert_eq(&layouts(
        "template <typename T, int N> struct Vec { T v[N]; };\n\
         template <template <typename, int> class C, typename T> struct Holder { C<T, 2> value; };\n\
         Holder<Vec, double> h;\n\
         typedef Holder<Vec, char> H;\n",
    ));
}

/// A placeholder (`auto`) parameter keeps its argument's type, which the instance's name spells
/// (`C<'c'>`, as cudafe++ prints it); an `int` parameter takes the value alone (`I<99>` for
/// `I<'c'>`).
#[test]
fn placeholder_parameters_keep_the_arguments_type() {
    expect![[r#"
        a: C<'c'> = 4 4
        b: C<5> = 4 4
        c: C<7UL> = 4 4
        d: I<99> = 4 4
        E: I<99> = 4 4
    "#]]
    .assert_eq(&layouts(
        "template <auto V> struct C { int x; };\n\
         template <int N> struct I { int x; };\n\
         C<'c'> a;\n\
         C<5> b;\n\
         C<7UL> c;\n\
         I<'c'> d;\n\
         typedef I<99> E;\n",
    ));
}

/// A trailing type pack takes the remaining arguments when the definition only counts it
/// (`sizeof...`); one used in a member's type is not substituted yet, so makes no instance.
#[test]
fn packs_that_are_only_counted_instantiate() {
    expect![[r#"
        a: TypeList<int, float, char> = 1 1
        b: TypeList<> = 1 1
        c: Head<double, int> = 8 8
        d: Tuple<int> = -
    "#]]
    .assert_eq(&layouts(
        "template <typename... Ts> struct TypeList { static constexpr int size = sizeof...(Ts); };\n\
         template <typename T, typename... Ts> struct Head { T head; static const int n = sizeof...(Ts); };\n\
         template <typename... Ts> struct Tuple { void f(Ts... xs); };\n\
         TypeList<int, float, char> a;\n\
         TypeList<> b;\n\
         Head<double, int> c;\n\
         Tuple<int> d;\n",
    ));
}

/// Partial specializations whose pattern is an array with a parameter bound (`Ext<T[N]>`) bind
/// the bound from the argument's; an alias template's dependent bound is substituted. Sizes
/// checked with g++ 12.
#[test]
fn array_bounds_bind_in_partial_specializations() {
    let text = r#"
template <typename T> struct Ext { char c; };
template <typename T, int N> struct Ext<T[N]> { T v[N + 1]; };
template <typename T, unsigned long N> struct Ext<T (*)[N]> { char c[N]; };
template <typename T, int N> using arr = T[N];
typedef int int3[3];
Ext<int3> e1;
Ext<double[2]> e2;
Ext<char (*)[7]> e3;
Ext<long> e4;
arr<short, 5> a5;
"#;
    expect![[r#"
        int3: int [3] = 12 4
        e1: Ext<int [3]> = 16 4
        e2: Ext<double [2]> = 24 8
        e3: Ext<char (*)[7]> = 7 1
        e4: Ext<long> = 1 1
        a5: short [5] = 10 2
    "#]]
    .assert_eq(&layouts(text));
}
