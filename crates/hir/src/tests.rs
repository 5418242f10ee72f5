//! Fixtures: `$0` marks the offset asked about.
use expect_test::{Expect, expect};
use rowan::TextRange;

use crate::test_db::with_file;
use crate::{Semantics, hover};

fn check(fixture: &str, expect: Expect) {
    let offset = fixture
        .find("$0")
        .expect("a fixture marks its offset with $0");
    let text = fixture.replace("$0", "");
    let (db, file) = with_file(&text);
    let sema = Semantics::new(&db, file);
    let at = |range: TextRange| {
        let before = &text[..usize::from(range.start())];
        let line = before.matches('\n').count() + 1;
        let col = before.len() - before.rfind('\n').map_or(0, |n| n + 1) + 1;
        format!("{}@{line}:{col}", &text[range])
    };
    let actual = match sema.definition_at((offset as u32).into()) {
        None => "nothing\n".to_string(),
        Some(named) => {
            let declared = sema
                .name_range(named.definition)
                .map_or_else(|| "-".to_string(), at);
            let references: Vec<String> = sema
                .references(named.definition, None)
                .into_iter()
                .map(at)
                .collect();
            format!(
                "name {}\n{}\ndeclared {declared}\nreferences {}\n",
                at(named.range),
                hover(&sema, &named),
                references.join(" ")
            )
        }
    };
    expect.assert_eq(&actual);
}

#[test]
fn local_variable() {
    check(
        r#"
int f(int a) {
    int total = a;
    total += 2;
    return to$0tal;
}
"#,
        expect![[r#"
            name total@5:12
            int total
            expression: int (lvalue)
            declared total@3:9
            references total@4:5 total@5:12
        "#]],
    );
}

#[test]
fn parameter_at_its_declarator() {
    check(
        r#"
int f(int a$0) { return a * a; }
"#,
        expect![[r#"
            name a@2:11
            int a
            declared a@2:11
            references a@2:23 a@2:27
        "#]],
    );
}

#[test]
fn called_overload_is_the_chosen_one() {
    check(
        r#"
namespace n {
__attribute__((device)) float scale(float x) { return x * 2.0f; }
__attribute__((device)) int scale(int x) { return x * 2; }
}
__attribute__((global)) void k(int *out) { out[0] = n::sca$0le(3); }
"#,
        expect![[r#"
            name scale@6:56
            __device__ int n::scale(int)
            declared scale@4:29
            references scale@6:56
        "#]],
    );
}

#[test]
fn member_access_and_method() {
    check(
        r#"
struct Vec { float x, y; float dot(const Vec &o) const { return x * o.x + y * o.y; } };
float len2(Vec v) { return v.d$0ot(v); }
"#,
        expect![[r#"
            name dot@3:30
            float Vec::dot(const Vec &) const
            declared dot@2:32
            references dot@3:30
        "#]],
    );
}

#[test]
fn field_through_member_access() {
    check(
        r#"
struct Vec { float x, y; };
float first(Vec v) { return v.x$0; }
"#,
        expect![[r#"
            name x@3:31
            float Vec::x
            expression: float (lvalue)
            declared x@2:20
            references x@3:31
        "#]],
    );
}

#[test]
fn enumerator() {
    check(
        r#"
enum Color { Red, Green, Blue };
int g() { return Gre$0en + Green; }
"#,
        expect![[r#"
            name Green@3:18
            Color::Green
            expression: Color (prvalue)
            declared Green@2:19
            references Green@3:18 Green@3:26
        "#]],
    );
}

#[test]
fn declared_function_name() {
    check(
        r#"
__attribute__((host)) __attribute__((device)) int tw$0ice(int v) { return 2 * v; }
int use() { return twice(1) + twice(2); }
"#,
        expect![[r#"
            name twice@2:51
            __host__ __device__ int twice(int)
            declared twice@2:51
            references twice@3:20 twice@3:31
        "#]],
    );
}

#[test]
fn global_variable_in_a_template_body() {
    check(
        r#"
const int limit = 8;
template <class T> T clamp(T v) { return v < lim$0it ? v : T(limit); }
"#,
        expect![[r#"
            name limit@3:46
            const int limit
            expression: const int (lvalue)
            declared limit@2:11
            references limit@3:46 limit@3:60
        "#]],
    );
}

#[test]
fn no_name_at_a_literal() {
    check(
        r#"
int f() { return 4$02; }
"#,
        expect![[r#"
            nothing
        "#]],
    );
}

#[test]
fn type_name_of_a_local_declaration() {
    check(
        r#"
struct Vec { float x, y; };
float norm1(const Vec &a) {
    const V$0ec *p = &a;
    return p->x + p->y;
}
"#,
        expect![[r#"
            name Vec@4:11
            struct Vec
            declared Vec@2:8
            references 
        "#]],
    );
}

#[test]
fn type_name_of_a_parameter() {
    check(
        r#"
enum Mode { Fast, Exact };
int pick(Mo$0de m) { return m == Fast; }
"#,
        expect![[r#"
            name Mode@3:10
            enum Mode
            declared Mode@2:6
            references 
        "#]],
    );
}
