//! Class template argument deduction ([over.match.class.deduct]): `Pair p(1, 2.0f);` names the
//! class template `Pair` without arguments, and its arguments are deduced from the initializer
//! as for a call of the template's deduction guides: the *implicit* ones, one per constructor
//! of the primary template, a function template with the class's template parameters whose
//! parameters are the constructor's and whose return type is the class with its parameters
//! (`template <typename A, typename B> Pair(A, B) -> Pair<A, B>`; EDG also counts the copy
//! deduction candidate `Pair(Pair<A, B>) -> Pair<A, B>`), and the *written* ones
//! (`template <class T> Pair(T, T) -> Pair<T, T>;`, function templates of the class's scope
//! named like it, with a trailing return type: libstdc++'s `std::pair` is deduced through one).
//!
//! Each guide is deduced through the one unifier ([`crate::unify::deduce_from_arg`], the rule
//! of a function template call): a parameter that names no template parameter deduces nothing
//! (its argument must convert). A written guide's return type, substituted, gives the class's
//! arguments. The guide that deduces every parameter wins when it is the only one; among
//! several, a written guide wins when it is the only written one ([over.match.best] prefers a
//! guide made from a deduction-guide declaration; the ranking of conversions before that rule is
//! not modelled); otherwise no answer. Not yet: constructor templates, class templates with a
//! parameter pack, aggregate deduction (C++20) and the copy deduction candidate as a match.
use hir_def::generics::TemplateParamId;
use il::instantiate::template_params;
use il::lookup::{ScopeRef, members_named};
use il::{Item, ItemKind};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::HirTyDatabase;
use crate::lower::callable_sig;
use crate::overload::{Arg, conversion_rank};
use crate::ty::{GenericArg, Ty, TyKind, ValueCategory};
use crate::unify::{Unifier, deduce_from_arg};

/// The outcome of deduction: the guide that deduced (a constructor for an implicit guide, the
/// function template of a written one) and the class template's arguments, one per parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassDeduction<'db> {
    pub guide: Item<'db>,
    pub args: Vec<GenericArg<'db>>,
}

/// The constructors of the class template's definition that make its implicit deduction guides,
/// in declaration order (member templates left out); empty for anything but the definition of
/// a class template.
pub fn implicit_guides<'db>(db: &'db dyn HirTyDatabase, template: Item<'db>) -> Vec<Item<'db>> {
    if template.kind(db) != ItemKind::ClassTemplate
        || template_params(db, template).is_empty()
        || template.body(db).is_none()
    {
        return Vec::new();
    }
    let Some(name) = template.name_text(db) else {
        return Vec::new();
    };
    il::scope::scope_items(db, template)
        .iter()
        .copied()
        .filter(|m| m.kind(db) == ItemKind::Routine && m.name_text(db) == Some(name))
        .collect()
}

/// How many deduction guides EDG makes for a class template from its constructors: one per
/// constructor and the copy deduction candidate.
pub fn guide_count<'db>(db: &'db dyn HirTyDatabase, template: Item<'db>) -> usize {
    implicit_guides(db, template).len() + 1
}

/// The deduction guides written for the class template: the function templates of its scope
/// named like it whose declaration has a trailing return type (`-> Pair<T, T>`).
pub fn written_guides<'db>(db: &'db dyn HirTyDatabase, template: Item<'db>) -> Vec<Item<'db>> {
    let Some(name) = template.name_text(db) else {
        return Vec::new();
    };
    let last = name.rsplit("::").next().unwrap_or(name);
    let scope = template
        .parent(db)
        .map_or(ScopeRef::File(template.file(db)), ScopeRef::Item);
    members_named(db, scope, last)
        .into_iter()
        .filter(|g| g.kind(db) == ItemKind::FunctionTemplate && !template_params(db, *g).is_empty())
        .filter(|g| {
            let header = SyntaxNode::new_root(g.header(db).clone());
            header.descendants().any(|n| n.kind() == TRAILING_RETURN)
        })
        .collect()
}

/// The arguments of `template` (the class template's definition) that an initializer with
/// arguments `args` (each argument's type, never a reference, and value category) deduces;
/// `None` unless one guide wins (see the module doc).
pub fn deduce_class_args<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
    args: &[(Ty<'db>, ValueCategory)],
) -> Option<ClassDeduction<'db>> {
    let params = template_params(db, template);
    if params.iter().any(|p| p.pack) {
        return None;
    }
    let implicit = implicit_guides(db, template)
        .into_iter()
        .filter_map(|guide| {
            let args = deduce_implicit(db, template, params.len(), guide, args)?;
            Some(ClassDeduction { guide, args })
        });
    let written: Vec<ClassDeduction<'db>> = written_guides(db, template)
        .into_iter()
        .filter_map(|guide| {
            let args = deduce_written(db, template, guide, args)?;
            Some(ClassDeduction { guide, args })
        })
        .collect();
    let implicit: Vec<ClassDeduction<'db>> = implicit.collect();
    match (implicit.as_slice(), written.as_slice()) {
        ([one], []) | ([], [one]) | ([_, ..], [one]) => Some(one.clone()),
        _ => None,
    }
}

/// Deduces the parameters `owners` own in `params` from the call arguments, when the arity
/// fits.
fn deduce_params<'a, 'db>(
    db: &'db dyn HirTyDatabase,
    owners: &'a [Item<'db>],
    guide: Item<'db>,
    args: &[(Ty<'db>, ValueCategory)],
) -> Option<Unifier<'a, 'db>> {
    let sig = callable_sig(db, guide).as_ref()?;
    if sig.pack_expansion.is_some()
        || !sig.accepts_arity(args.len())
        || args.len() > sig.params.len()
    {
        return None;
    }
    let mut unifier = Unifier::new(db, owners);
    for (&param, &(arg, category)) in sig.params.iter().zip(args) {
        // A parameter without the guide's parameters deduces nothing: its argument converts.
        if !param.is_dependent(db) {
            let arg = Arg {
                ty: arg,
                category,
                null: false,
            };
            conversion_rank(db, arg, param)?;
            continue;
        }
        if !deduce_from_arg(&mut unifier, param, arg, category) {
            return None;
        }
    }
    Some(unifier)
}

/// The class's arguments a constructor's guide deduces from the call arguments, when it deduces
/// all.
fn deduce_implicit<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
    count: usize,
    constructor: Item<'db>,
    args: &[(Ty<'db>, ValueCategory)],
) -> Option<Vec<GenericArg<'db>>> {
    let owners = [template];
    let unifier = deduce_params(db, &owners, constructor, args)?;
    (0..count)
        .map(|index| {
            unifier
                .subst
                .get(TemplateParamId {
                    owner: template,
                    index: index as u32,
                })
                .cloned()
        })
        .collect()
}

/// The class's arguments a written guide gives: its return type with the guide's deduced
/// parameters substituted, when that is a concrete instance of the class template.
fn deduce_written<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
    guide: Item<'db>,
    args: &[(Ty<'db>, ValueCategory)],
) -> Option<Vec<GenericArg<'db>>> {
    let owners = [guide];
    let unifier = deduce_params(db, &owners, guide, args)?;
    let count = template_params(db, guide).len();
    if (0..count).any(|index| {
        unifier
            .subst
            .get(TemplateParamId {
                owner: guide,
                index: index as u32,
            })
            .is_none()
    }) {
        return None;
    }
    // The declared type has no return type (il resolves no trailing return): the written one.
    let header = SyntaxNode::new_root(guide.header(db).clone());
    let written = header
        .descendants()
        .find(|n| n.kind() == TRAILING_RETURN)?
        .children()
        .find(|n| n.kind() == TYPE_ID)?;
    let owners = crate::from_il::template_owners(db, guide);
    let env = crate::from_il::template_env(db, &owners);
    let from = guide
        .parent(db)
        .map_or(ScopeRef::File(guide.file(db)), ScopeRef::Item);
    let ret = il::resolve::type_id_type_in(db, from, env, &written);
    let ret = crate::from_il::lower_il_ty(db, ret, &owners);
    let ret = unifier.subst.apply(db, ret);
    let TyKind::Instance(inst) = ret.kind(db) else {
        return None;
    };
    let names_template = inst.template(db) == template
        || crate::specialization::primary_definition(db, inst.template(db)) == Some(template);
    (names_template && !ret.is_dependent(db)).then(|| inst.args(db).clone())
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};
    use hir_def::hir::{Expr, Stmt};

    use crate::display::generic_args_source;
    use crate::test_db::TestDb;

    /// Every local of `f` initialized with `(args)` or `{args}` whose type names a class
    /// template: the guide that deduced (by its position among the constructors, `?` for a
    /// written guide) and the arguments, typed by inference. Every deduced type below was
    /// checked with g++ 12 (`-std=c++17`, `static_assert` on the local's `decltype`).
    fn check(text: &str, expect: Expect) {
        let (db, file) = TestDb::with_file(text);
        let items = il::scope::all_items(&db, file);
        let f = *items
            .iter()
            .find(|i| i.name_text(&db) == Some("f"))
            .expect("a function f");
        let body = hir_def::body::body(&db, f);
        let infer = crate::infer(&db, f);
        let mut out = String::new();
        for (_, stmt) in body.stmts.iter() {
            let Stmt::Decl(decls) = stmt else { continue };
            for decl in decls.iter() {
                let binding = &body.bindings[decl.binding];
                let Some(init) = decl.init else { continue };
                let (Expr::ParenInit(exprs) | Expr::InitList(exprs)) = &body.exprs[init] else {
                    continue;
                };
                let written = binding.ty.as_str();
                let Some(&template) = items.iter().find(|i| {
                    i.kind(&db) == il::ItemKind::ClassTemplate
                        && i.body(&db).is_some()
                        && i.name_text(&db) == Some(written.trim())
                }) else {
                    continue;
                };
                let args: Vec<_> = exprs
                    .iter()
                    .map(|&e| {
                        let ty = infer.type_of_expr(e).unwrap().strip_reference(&db);
                        (ty, infer.value_category(e).unwrap())
                    })
                    .collect();
                let name = binding.name.as_deref().unwrap_or("_");
                let line = match super::deduce_class_args(&db, template, &args) {
                    Some(d) => {
                        let guides = super::implicit_guides(&db, template);
                        let guide = guides
                            .iter()
                            .position(|&g| g == d.guide)
                            .map_or("?".to_string(), |i| i.to_string());
                        format!(
                            "{name}: {}<{}> by guide {guide} of {}\n",
                            template.name_text(&db).unwrap(),
                            generic_args_source(&db, &d.args),
                            super::guide_count(&db, template),
                        )
                    }
                    None => format!("{name}: not deduced\n"),
                };
                out.push_str(&line);
            }
        }
        expect.assert_eq(&out);
    }

    #[test]
    fn constructors_make_the_implicit_guides() {
        check(
            r#"
template <typename A, typename B>
struct Pair {
    A first;
    B second;
    Pair(A a, B b) : first(a), second(b) {}
    Pair(A a, int x, B b) : first(a), second(b) {}
};
void f() {
    int i = 0;
    const double d = 1.0;
    Pair p(1, 2.0f);
    Pair q(3, 4L, 5L);
    Pair r{i, d};
    Pair s(1);
}
"#,
            expect![[r#"
                p: Pair<int, float> by guide 0 of 3
                q: Pair<int, long> by guide 1 of 3
                r: Pair<int, double> by guide 0 of 3
                s: not deduced
            "#]],
        );
    }

    #[test]
    fn reference_parameters_keep_the_argument_type() {
        check(
            r#"
template <typename T>
struct Box {
    T value;
    Box(const T &v) : value(v) {}
};
template <typename T, int N>
struct Buf {
    Buf(T (&a)[N]) {}
};
void f() {
    int xs[4];
    Box b(2.5);
    Box c(xs[0]);
    Buf u(xs);
}
"#,
            expect![[r#"
                b: Box<double> by guide 0 of 2
                c: Box<int> by guide 0 of 2
                u: Buf<int, 4> by guide 0 of 2
            "#]],
        );
    }

    #[test]
    fn a_written_guide_gives_its_return_type() {
        check(
            r#"
template <typename A, typename B>
struct Pair {
    template <typename U, typename V>
    Pair(U a, V b) {}
};
template <typename A, typename B> Pair(A, B) -> Pair<A, B>;
template <typename T>
struct Same {
    Same(T a, T b) {}
    Same(T a, const char *s) {}
};
template <typename T> Same(T, const char *) -> Same<T>;
void f() {
    Pair p(1, 'c');
    Same s(1, 2);
    Same t(1L, "x");
}
"#,
            expect![[r#"
                p: Pair<int, char> by guide ? of 1
                s: Same<int> by guide 0 of 3
                t: Same<long> by guide ? of 3
            "#]],
        );
    }
}
