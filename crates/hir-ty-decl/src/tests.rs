//! Declaration snapshots: each fixture is a translation unit; every item's declared type and,
//! for routines, its signature are printed in C++ source spelling. Nothing here infers a body.
use expect_test::{Expect, expect};

use crate::test_db::TestDb;
use crate::ty::TyKind;
use crate::{callable_sig, declared_ty};

fn render(text: &str) -> String {
    let (db, file) = TestDb::with_file(text);
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        let ty = declared_ty(&db, item);
        let mut line = format!("{}: {}", item.qualified_name(&db), ty.to_source(&db));
        if let Some(sig) = callable_sig(&db, item) {
            let params: Vec<String> = sig.params.iter().map(|p| p.to_source(&db)).collect();
            line.push_str(&format!(
                " | {:?} ({}) -> {} {:?} defaulted {}",
                sig.kind,
                params.join(", "),
                sig.ret.to_source(&db),
                sig.exec_space,
                sig.defaulted,
            ));
        }
        // A class template instance named in a declaration, with each value parameter's type.
        if let TyKind::Instance(inst) = ty.unqualified(&db).kind(&db) {
            let value_tys: Vec<String> = (0..inst.args(&db).len())
                .map(|i| {
                    crate::lower::value_param_ty(&db, *inst, i)
                        .map_or("-".to_string(), |t| t.to_source(&db))
                })
                .collect();
            line.push_str(&format!(" | value params [{}]", value_tys.join(", ")));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&render(text));
}

#[test]
fn declared_types_and_signatures() {
    check(
        r#"
struct S { int x; S(int); ~S(); int get() const; };
typedef const char *str;
__attribute__((device)) float scale(float v, int n = 2);
__attribute__((global)) void kernel(int *out, float (*table)[4]);
enum class Color { red, green };
"#,
        expect![[r#"
            S: S
            S::x: int
            S::S: void (int) | Constructor (int) -> void Host defaulted 0
            S::~S: void () | Destructor () -> void Host defaulted 0
            S::get: int () const | Function () -> int Host defaulted 0
            str: const char *
            scale: float (float, int) | Function (float, int) -> float Device defaulted 1
            kernel: void (int *, float (*)[4]) | Function (int *, float (*)[4]) -> void Global defaulted 0
            Color: Color
        "#]],
    );
}

#[test]
fn instances_type_their_value_parameters() {
    check(
        r#"
template <class T, T v> struct Constant {};
template <class T, unsigned long N> struct Array { T data[N]; };
Constant<char, 'c'> c;
Array<int, 4> a;
"#,
        expect![[r#"
            Constant: {error}
            Array: {error}
            Array::data: T [N]
            c: Constant<char, 99> | value params [-, char]
            a: Array<int, 4> | value params [-, unsigned long]
        "#]],
    );
}

#[test]
fn member_types_of_dependent_types_are_projections() {
    // Member typedefs naming a member of a type that depends on the parameters: the
    // projection keeps the base as a type (`atraits<A>`, not the typedef `traits` it was
    // written through), with the declarator around it; a member of a non-dependent class
    // resolves as before; a member template stays as written.
    check(
        r#"
template <class T> struct alloc { typedef T *pointer; };
template <class A> struct atraits { typedef typename A::pointer pointer; };
template <class P> struct iter {};
template <class T, class A = alloc<T> > struct vbase {
  typedef atraits<A> traits;
  typedef typename traits::pointer pointer;
  typedef const typename traits::pointer &const_ref;
  using iterator = iter<pointer>;
  typedef typename alloc<int>::pointer int_pointer;
  typedef typename A::template rebind<T>::other other;
};
"#,
        expect![[r#"
            alloc: {error}
            alloc::pointer: T *
            atraits: {error}
            atraits::pointer: A::pointer
            iter: {error}
            vbase: {error}
            vbase::traits: atraits<A> | value params [-]
            vbase::pointer: atraits<A>::pointer
            vbase::const_ref: const atraits<A>::pointer &
            vbase::iterator: iter<pointer>
            vbase::int_pointer: int *
            vbase::other: A::template rebind<T>::other
        "#]],
    );
}
