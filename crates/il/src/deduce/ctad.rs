//! Class template argument deduction ([over.match.class.deduct]): `Pair p(1, 2.0f);` names the
//! class template `Pair` without arguments, and its arguments are deduced from the initializer
//! as for a call of the template's *implicit deduction guides*: one per constructor of the
//! primary template, a function template with the class's template parameters whose
//! parameters are the constructor's and whose return type is the class with its parameters
//! (`template <typename A, typename B> Pair(A, B) -> Pair<A, B>`), plus the copy deduction
//! candidate `Pair(Pair<A, B>) -> Pair<A, B>`.
//!
//! Deduction runs [`super::deduce_call`] on each constructor's guide; the guide that deduces
//! every parameter wins when it is the only one (no overload resolution between guides yet:
//! two guides that both deduce give no answer). Not yet: user-written deduction guides,
//! constructor templates, aggregate deduction (C++20) and the copy deduction candidate as a
//! match (it only counts, see [`guide_count`]).
use super::instance::signature_pattern;
use super::{ArgType, Pattern, deduce_call, substitute};
use crate::IlDatabase;
use crate::instantiate::{Bound, TemplateArg, canonical, template_params};
use crate::item::{Item, ItemKind};
use crate::scope::scope_items;
use crate::ty::Ty;
use syntax::{SyntaxKind::*, SyntaxNode};

/// The implicit deduction guide made from one constructor.
#[derive(Debug, Clone)]
pub struct Guide<'db> {
    /// The constructor (a member of the class template's definition).
    pub constructor: Item<'db>,
    pub pattern: Pattern<'db>,
}

/// The constructors of the class template `template`'s definition, each as a guide (member
/// templates left out).
pub fn implicit_guides<'db>(db: &'db dyn IlDatabase, template: Item<'db>) -> Vec<Guide<'db>> {
    let params = template_params(db, template);
    if template.kind(db) != ItemKind::ClassTemplate
        || params.is_empty()
        || template.body(db).is_none()
    {
        return Vec::new();
    }
    let Some(name) = template.name_text(db) else {
        return Vec::new();
    };
    let identity = crate::instantiate::parameters_as_arguments(db, params, 1);
    let bound = Bound::new(db, template, identity);
    scope_items(db, template)
        .iter()
        .filter(|m| m.kind(db) == ItemKind::Routine && m.name_text(db) == Some(name))
        .filter_map(|&constructor| {
            let (pattern, _) = signature_pattern(db, params, constructor, bound)?;
            Some(Guide {
                constructor,
                pattern,
            })
        })
        .collect()
}

/// How many deduction guides EDG makes for `template`: one per constructor and the copy
/// deduction candidate (each has its own copy of the class's template parameters).
pub fn guide_count(guides: &[Guide<'_>]) -> usize {
    guides.len() + 1
}

/// The class template arguments `args` deduce through `guides`, with the guide that deduced
/// them; `None` unless exactly one guide deduces every parameter.
pub fn deduce_class_args<'db>(
    db: &'db dyn IlDatabase,
    guides: &[Guide<'db>],
    args: &[ArgType<'db>],
) -> Option<(usize, Vec<TemplateArg<'db>>)> {
    let mut found = None;
    for (i, guide) in guides.iter().enumerate() {
        let Some(deduced) = deduce_call(db, &guide.pattern, &[], args) else {
            continue;
        };
        if deduced.pack_param.is_some() {
            continue;
        }
        let Some(complete) = deduced.args.into_iter().collect::<Option<Vec<_>>>() else {
            continue;
        };
        if found.is_some() {
            return None;
        }
        found = Some((i, complete));
    }
    found
}

/// The guide's function parameter types with the deduced arguments substituted.
pub fn guide_params<'db>(
    db: &'db dyn IlDatabase,
    guide: &Guide<'db>,
    args: &[TemplateArg<'db>],
) -> Vec<Ty<'db>> {
    guide
        .pattern
        .fn_params
        .iter()
        .map(|&p| canonical(db, substitute(db, p, args)))
        .collect()
}

/// The argument expressions of a declarator's direct or list initialization (`p(1, 2.0f)`,
/// `p{1, 2.0f}`), which CTAD deduces from; `None` for other initializers.
pub fn initializer_args(init_declarator: &SyntaxNode) -> Option<Vec<SyntaxNode>> {
    let init = init_declarator
        .children()
        .find(|n| n.kind() == INITIALIZER)?;
    let list = init
        .children()
        .find(|n| matches!(n.kind(), ARG_LIST | INIT_LIST))?;
    Some(list.children().collect())
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;
    use crate::deduce::expr::{ExprEnv, type_of};
    use crate::lookup::ScopeRef;
    use crate::ty::TyKind;

    /// The arguments each `T x(args);` deduces for its class template.
    fn deduced(text: &str) -> String {
        let (db, file) = crate::test_db::TestDb::with_file(text);
        let root = base_db::parse(&db, file).syntax_node();
        let mut out = String::new();
        for decl in root
            .descendants()
            .filter(|n| n.kind() == SIMPLE_DECLARATION)
        {
            let Some(init) = decl.children().find(|n| n.kind() == INIT_DECLARATOR) else {
                continue;
            };
            let (Some(exprs), Some(name)) = (
                initializer_args(&init),
                decl.children().find(|n| n.kind() == NAME_REF),
            ) else {
                continue;
            };
            let found = crate::lookup::lookup_unqualified(
                &db,
                ScopeRef::File(file),
                &crate::lower::tokens_text(&name),
            );
            let Some(&template) = found.first() else {
                continue;
            };
            let guides = implicit_guides(&db, template);
            let env = ExprEnv::at(&db, ScopeRef::File(file), None, &init);
            let args: Option<Vec<_>> = exprs.iter().map(|a| type_of(&db, &env, a)).collect();
            let result = args
                .and_then(|a| deduce_class_args(&db, &guides, &a))
                .map(|(_, args)| {
                    let inst = crate::instantiate::ClassInstance::new(&db, template, args);
                    Ty::new(&db, TyKind::Instance(inst)).display(&db)
                });
            out.push_str(&format!(
                "{} guides: {}\n",
                guide_count(&guides),
                result.as_deref().unwrap_or("none")
            ));
        }
        out
    }

    #[test]
    fn constructors_deduce_the_class_arguments() {
        expect![[r#"
            3 guides: Pair<int, float>
            3 guides: Pair<long, char>
            3 guides: none
            3 guides: Pair<long, char>
        "#]]
        .assert_eq(&deduced(
            "template <typename A, typename B> struct Pair {\n\
             A a; B b;\n\
             Pair(A x, B y) : a(x), b(y) {}\n\
             Pair(A x, int n, B y) : a(x), b(y) {}\n\
             };\n\
             struct M { long lo; char hi; };\n\
             M m();\n\
             void f() {\n\
             Pair p(1, 2.0f);\n\
             auto [lo, hi] = m();\n\
             Pair q(lo, 3, hi);\n\
             Pair r(1);\n\
             Pair s{2L, 'c'};\n\
             }\n",
        ));
    }
}
