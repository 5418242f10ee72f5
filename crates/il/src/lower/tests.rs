use expect_test::{Expect, expect};

use super::*;

fn check(text: &str, expect: Expect) {
    let parse = syntax::parse_text(text);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    let mut out = String::new();
    fn show(out: &mut String, items: Vec<LoweredItem>, depth: usize) {
        for l in items {
            let body = match &l.body {
                Some(_) => " {body}",
                None => "",
            };
            out.push_str(&format!(
                "{}{:?} {}{}{}{}{}\n",
                "  ".repeat(depth),
                l.kind,
                l.name.as_deref().unwrap_or("<unnamed>"),
                if l.signature_key.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", l.signature_key)
                },
                l.access.map_or(String::new(), |a| format!(" {a:?}")),
                if l.extern_c { " extern-C" } else { "" },
                body,
            ));
            if let Some(body) = &l.body
                && l.kind.is_scope()
            {
                let node = SyntaxNode::new_root(body.clone());
                let key = if l.kind == ItemKind::Class {
                    Some(CLASS_KW)
                } else if l.kind == ItemKind::Namespace {
                    None
                } else {
                    Some(STRUCT_KW)
                };
                show(out, lower_scope(node.children(), key), depth + 1);
            }
        }
    }
    show(
        &mut out,
        lower_scope(parse.syntax_node().children(), None),
        0,
    );
    expect.assert_eq(&out);
}

#[test]
fn declarations_of_every_kind() {
    check(
        r#"
namespace N { inline namespace I { int v; } namespace { struct A; } }
class C : public B { int a : 3; static int s; public: void f(int x = 1) const; void f(long); C(); virtual ~C() = default; int operator+(C) const; };
__attribute__((global)) void __attribute__((launch_bounds(256, 2))) k(int x, float*) { int y = x; }
__attribute__((device)) int dv, dw[4], (*fp)(int), *g(int);
template <typename T, int N> struct TT { T t[N]; };
template <> struct TT<int, 1> {};
template <typename T> T max(T a, T b) { return a; }
typedef int I32; using U = unsigned;
enum class E : char { a, b = 2 };
extern "C" { int printf(const char*, ...); }
using namespace N; using N::v;
static_assert(sizeof(int) == 4, "");
void C::f(long) {}
"#,
        expect![[r#"
            Namespace N {body}
              Namespace I {body}
                Variable v
              Namespace <unnamed> {body}
                Struct A
            Class C {body}
              Field a Private
              Variable s Private
              Routine f [(int)const] Public
              Routine f [(long)] Public
              Routine C [()] Public
              Routine ~C [()] Public
              Routine operator+ [(C)const] Public
            Routine k [(int,float*)] {body}
            Variable dv
            Variable dw
            Variable fp
            Routine g [(int)]
            ClassTemplate TT [template<typename T,int N> ] {body}
              Field t Public
            ClassTemplate TT [template<> <int,1>] {body}
            FunctionTemplate max [template<typename T> (T,T)] {body}
            Typedef I32
            Typedef U
            Enum E {body}
            Routine printf [(const char*,...)] extern-C
            UsingDirective N
            UsingDeclaration v [N::v]
            StaticAssert <unnamed>
            Routine C::f [(long)] {body}
        "#]],
    );
}

/// `tokens_text` reads the green tree; it spells every node as a walk of the node's tokens
/// does (trivia dropped, a space only between two words).
#[test]
fn tokens_text_agrees_with_a_token_walk() {
    let text = "namespace n { template <class T, int N = 2> struct V { unsigned long v[N]; \
                const T &get() const /* c */ { return v[0] + sizeof (T); } }; }\n\
                #line 3\nstatic_assert(sizeof(int)==4, \"x\");\n";
    let root = syntax::parse_text(text).syntax_node();
    for node in root.descendants() {
        let mut walked = String::new();
        for token in node
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
        {
            if !token.kind().is_trivia() {
                push_token(&mut walked, token.text());
            }
        }
        assert_eq!(tokens_text(&node), walked, "{node:?}");
    }
    let members = root
        .descendants()
        .find(|n| n.kind() == MEMBER_LIST)
        .unwrap();
    expect!["{unsigned long v[N];const T&get()const{return v[0]+sizeof(T);}}"]
        .assert_eq(&tokens_text(&members));
}

/// `function_key` reads the green tree; it leaves out what the cursor walk it replaced did
/// (trivia, default arguments, parameter names), for every declarator of a fixture.
#[test]
fn function_key_agrees_with_a_token_walk() {
    fn walked(declarator: &SyntaxNode) -> String {
        let Some(suffix) = name_holder(declarator)
            .and_then(|h| h.children().find(|n| n.kind() == FUNCTION_SUFFIX))
        else {
            return String::new();
        };
        let mut out = String::new();
        for token in suffix
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
        {
            let left_out = token
                .parent_ancestors()
                .take_while(|a| a.kind() != PARAM_LIST)
                .any(|a| match a.kind() {
                    INITIALIZER => true,
                    NAME_REF => {
                        a.parent().is_some_and(|p| p.kind() == DECLARATOR) && token.kind() == IDENT
                    }
                    _ => false,
                });
            if !token.kind().is_trivia() && !left_out {
                push_token(&mut out, token.text());
            }
        }
        out
    }
    let text = "int f(int a, long b = 2 /* d */, ...) const noexcept;\n\
                void (*g(int (*cb)(int x, char y = 'c'), unsigned long n))(double z);\n\
                struct S { auto h(const S &s) const & -> decltype(s.v) { return v; } int v; \
                S(int q = sizeof(int)) {} };\n\
                template <class T> T k(T t, T u = T{}) { int local(int w); return t; }\n";
    let root = syntax::parse_text(text).syntax_node();
    let mut keys = Vec::new();
    for declarator in root.descendants().filter(|n| n.kind() == DECLARATOR) {
        let key = function_key(&declarator);
        assert_eq!(key, walked(&declarator), "{declarator:?}");
        if !key.is_empty() {
            keys.push(key);
        }
    }
    expect![[r#"
        (int,long,...)const noexcept
        (int(*)(int,char),unsigned long)
        (int(*)(int,char),unsigned long)
        (const S&)const&->decltype(s.v)
        (int)
        (T,T)
        (int)"#]]
    .assert_eq(&keys.join("\n"));
}
