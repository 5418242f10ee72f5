//! Class template instances: the definition hir-ty's unifier and partial ordering choose,
//! members' types per instance, and member functions inferred under the instance's arguments
//! (`infer_member_instance`), followed transitively from the non-template bodies.
use expect_test::{Expect, expect};

use crate::class_instance::{
    MemberInstance, infer_member_instance, instance_definition, member_body_owner, member_ty,
};
use crate::test_db::TestDb;
use crate::ty::{GenericArg, Instance};
use crate::{InferenceResult, infer};

fn instance_name(db: &TestDb, inst: Instance<'_>) -> String {
    let args: Vec<String> = inst
        .args(db)
        .iter()
        .map(|a| match a {
            GenericArg::Type(t) => t.to_source(db),
            GenericArg::Value(v) => v.to_string(),
            other => format!("{other:?}"),
        })
        .collect();
    format!(
        "{}<{}>",
        inst.template(db).qualified_name(db),
        args.join(", ")
    )
}

fn calls<'db>(
    db: &'db TestDb,
    result: &InferenceResult<'db>,
    out: &mut String,
    pending: &mut Vec<MemberInstance<'db>>,
) {
    for (e, callee) in result.calls() {
        let what = match callee {
            Some(c) => {
                let mut s = format!("{:?} {}", c.kind, c.item.qualified_name(db));
                if let Some(member) = c.class_instance {
                    let class = member.class(db);
                    let definition = instance_definition(db, class)
                        .map(|d| {
                            syntax::SyntaxNode::new_root(d.header(db).clone())
                                .text()
                                .to_string()
                        })
                        .unwrap_or_default();
                    s.push_str(&format!(
                        " of {} (made from {}), type {}",
                        instance_name(db, class),
                        definition
                            .split('{')
                            .next()
                            .unwrap_or("")
                            .trim()
                            .replace('\n', " "),
                        member_ty(db, member).to_source(db)
                    ));
                    pending.push(member);
                }
                s
            }
            None => "unresolved".to_string(),
        };
        out.push_str(&format!("  call #{}: {what}\n", e.into_raw().into_u32()));
    }
}

fn render(text: &str) -> String {
    let (db, file) = TestDb::with_file(text);
    let mut out = String::new();
    let mut pending = Vec::new();
    for item in il::scope::all_items(&db, file) {
        if hir_def::source::body_owner_kind(&db, item).is_none()
            || !crate::lower::template_owners_of(&db, item).is_empty()
        {
            continue;
        }
        let result = infer(&db, item);
        if result.calls().next().is_none() {
            continue;
        }
        out.push_str(&format!("{}:\n", item.qualified_name(&db)));
        calls(&db, &result, &mut out, &mut pending);
    }
    let mut done = Vec::new();
    while let Some(member) = pending.pop() {
        if done.contains(&member) || done.len() > 32 {
            continue;
        }
        done.push(member);
        let result = infer_member_instance(&db, member);
        let owner = member_body_owner(&db, member.member(&db));
        out.push_str(&format!(
            "member {}::{} (body of {}):\n",
            instance_name(&db, member.class(&db)),
            member.member(&db).name_text(&db).unwrap_or_default(),
            owner.map_or("none".to_string(), |o| format!(
                "{}{}",
                o.name_text(&db).unwrap_or_default(),
                if o == member.member(&db) {
                    ""
                } else {
                    ", out of class"
                }
            )),
        ));
        calls(&db, &result, &mut out, &mut pending);
    }
    out
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&render(text));
}

#[test]
fn static_members_of_instances_are_inferred_with_the_arguments_bound() {
    check(
        r#"
struct S { static int st(); };
int free_fn(S);
int free_fn(long);
template <class T> struct Box {
    static constexpr int get(T t) { return free_fn(t) + T::st(); }
    static int twice(T t);
};
template <class T> int Box<T>::twice(T t) { return get(t) + Box<T>::get(t); }
int use(S s) { return Box<S>::twice(s); }
"#,
        expect![[r#"
            use:
              call #2: Function Box::twice of Box<S> (made from <class T> struct Box), type int (S)
            member Box<S>::twice (body of Box<T>::twice, out of class):
              call #2: Function Box::get of Box<S> (made from <class T> struct Box), type int (S)
              call #5: Function Box::get of Box<S> (made from <class T> struct Box), type int (S)
            member Box<S>::get (body of get):
              call #2: Function free_fn
              call #4: Function S::st
        "#]],
    );
}

#[test]
fn the_partial_specialization_chosen_by_the_unifier_gives_the_members() {
    check(
        r#"
int g(int);
long g(long);
template <class T, class U> struct P { static int f(T t) { return 0; } };
template <class T> struct P<T, T> { static T f(T t) { return g(t); } };
template <class T> struct P<T *, int> { static T f(T *p) { return g(*p); } };
long use(int i, long l, long *p) { return P<int, int>::f(i) + P<long, long>::f(l) + P<long *, int>::f(p) + P<int, long>::f(i); }
"#,
        expect![[r#"
            use:
              call #2: Function P::f of P<int, int> (made from <class T> struct P<T, T>), type int (int)
              call #5: Function P::f of P<long, long> (made from <class T> struct P<T, T>), type long (long)
              call #9: Function P::f of P<long *, int> (made from <class T> struct P<T *, int>), type long (long *)
              call #13: Function P::f of P<int, long> (made from <class T, class U> struct P), type int (int)
            member P<int, long>::f (body of f):
            member P<long *, int>::f (body of f):
              call #3: Function g
            member P<long, long>::f (body of f):
              call #2: Function g
            member P<int, int>::f (body of f):
              call #2: Function g
        "#]],
    );
}
