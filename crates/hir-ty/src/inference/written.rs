//! What the names written in a body denote where they are not expressions of their own: the
//! name of a type written in an expression (a cast's, `sizeof(T)`'s, `new T`'s) and each
//! qualifier of a qualified name (`cg::` of `cg::this_thread_block`, `std::` of
//! `std::printf`, `cuda::std::` before a template-id). Looked up as inference looks names up:
//! the body's local types first, then from the owner's scope (its class for a member).
//! Printers that place a line at each name (the xref log) read them.
use hir_def::body::scope::{ScopeDef, expr_scopes};
use hir_def::hir::ExprId;
use il::lookup::ScopeRef;
use il::{Item, ItemKind};

use crate::HirTyDatabase;
use crate::inference::path::{local_type_item, lookup_path};

/// The entity `segments` (`global` for a leading `::`), written at `expr` in `owner`'s body as
/// a type's name or a qualifier, denotes: a namespace, namespace alias, class, enumeration,
/// typedef, or class or alias template (the template itself, not an instance). `None` for a
/// template parameter, a local typedef, a name that depends on template parameters, or a
/// name lookup does not find.
pub fn written_name<'db>(
    db: &'db dyn HirTyDatabase,
    owner: Item<'db>,
    expr: ExprId,
    global: bool,
    segments: &[String],
) -> Option<Item<'db>> {
    let (first, rest) = segments.split_first()?;
    if !global {
        let scopes = expr_scopes(db, owner);
        if rest.is_empty()
            && let Some(scope) = scopes.scope_for_expr(expr)
            && let Some(def) = scopes.resolve_name(scope, first)
        {
            return match def {
                ScopeDef::LocalType(t) => {
                    local_type_item(db, owner, &hir_def::body::body(db, owner), t)
                }
                ScopeDef::Binding(_) => None,
            };
        }
        if hir_def::generics::find_template_param(db, owner, first).is_some() {
            return None;
        }
    }
    let scope = crate::lower::class_of_member(db, owner)
        .map_or(crate::lower::scope_of(db, owner), ScopeRef::Item);
    lookup_path(db, scope, global, segments)
        .into_iter()
        .find(|i| {
            matches!(
                i.kind(db),
                ItemKind::Namespace
                    | ItemKind::NamespaceAlias
                    | ItemKind::Class
                    | ItemKind::Struct
                    | ItemKind::Union
                    | ItemKind::Enum
                    | ItemKind::Typedef
                    | ItemKind::ClassTemplate
                    | ItemKind::AliasTemplate
            )
        })
}

/// The local typedef or alias (`using T = float;` in the body) that the unqualified name
/// `name`, written at `expr` in `owner`'s body as a type's name (`sizeof(T)`), denotes: it
/// has no il item ([`written_name`] answers `None`), and the log names it as a local.
pub fn written_local_alias(
    db: &dyn HirTyDatabase,
    owner: Item<'_>,
    expr: ExprId,
    name: &str,
) -> Option<hir_def::hir::LocalTypeId> {
    use hir_def::hir::LocalTypeKind;
    let scopes = expr_scopes(db, owner);
    let scope = scopes.scope_for_expr(expr)?;
    let ScopeDef::LocalType(t) = scopes.resolve_name(scope, name)? else {
        return None;
    };
    let body = hir_def::body::body(db, owner);
    matches!(
        body.local_types[t].kind,
        LocalTypeKind::Typedef | LocalTypeKind::Alias
    )
    .then_some(t)
}

/// What a name written as a value where the body's expressions do not lower it (a call's
/// explicit template argument, `Test<256, 4, BLOCK_SCAN_RAKING>()`) denotes, looked up as
/// inference looks names up: a non-type template parameter of the owner, a variable, or an
/// enumerator (also through using-directives). `None` for the body's own locals and for what
/// lookup does not find.
pub fn written_value<'db>(
    db: &'db dyn HirTyDatabase,
    owner: Item<'db>,
    expr: ExprId,
    global: bool,
    segments: &[String],
) -> Option<crate::inference::Resolution<'db>> {
    use crate::inference::Resolution;
    let (first, rest) = segments.split_first()?;
    if !global && rest.is_empty() {
        let scopes = expr_scopes(db, owner);
        if let Some(scope) = scopes.scope_for_expr(expr)
            && scopes.resolve_name(scope, first).is_some()
        {
            return None;
        }
        if let Some(param) = hir_def::generics::find_template_param(db, owner, first) {
            return Some(Resolution::TemplateParam(param));
        }
    }
    let scope = crate::lower::class_of_member(db, owner)
        .map_or(crate::lower::scope_of(db, owner), ScopeRef::Item);
    let found = lookup_path(db, scope, global, segments);
    if let Some(variable) = found
        .iter()
        .find(|i| matches!(i.kind(db), ItemKind::Variable | ItemKind::Field))
    {
        return Some(Resolution::Item(*variable));
    }
    if !found.is_empty() {
        return None;
    }
    crate::inference::path::enumerator_by_lookup(db, scope, global, segments)
}

/// What each qualifier of `segments` (all but the last) denotes, as [`written_name`] finds
/// it: `a::b::c` looks up `a`, then `a::b`.
pub fn written_qualifiers<'db>(
    db: &'db dyn HirTyDatabase,
    owner: Item<'db>,
    expr: ExprId,
    global: bool,
    segments: &[String],
) -> Vec<Option<Item<'db>>> {
    (1..segments.len())
        .map(|n| written_name(db, owner, expr, global, &segments[..n]))
        .collect()
}

#[cfg(test)]
mod tests {
    use expect_test::expect;
    use hir_def::hir::{Expr, TypeOrExpr};

    use crate::test_db::TestDb;

    /// Every type written in a `sizeof` of the bodies of the functions named `f`, with what
    /// its name and qualifiers denote.
    fn render(text: &str) -> String {
        let (db, file) = TestDb::with_file(text);
        let mut out = String::new();
        for item in il::scope::all_items(&db, file) {
            if item.name_text(&db) != Some("f")
                || hir_def::source::body_owner_kind(&db, item).is_none()
            {
                continue;
            }
            let body = hir_def::body::body(&db, item);
            for (e, expr) in body.exprs.iter() {
                let Expr::SizeOf(TypeOrExpr::Type(t)) = expr else {
                    continue;
                };
                let text = t.as_str();
                let global = text.starts_with("::");
                let segments: Vec<String> = text
                    .trim_start_matches("::")
                    .split("::")
                    .map(str::to_string)
                    .collect();
                let describe = |i: Option<il::Item<'_>>| {
                    i.map_or("-".to_string(), |i| {
                        format!("{} {:?}", i.qualified_name(&db), i.kind(&db))
                    })
                };
                let name = describe(super::written_name(&db, item, e, global, &segments));
                let qualifiers: Vec<String> =
                    super::written_qualifiers(&db, item, e, global, &segments)
                        .into_iter()
                        .map(describe)
                        .collect();
                out.push_str(&format!("{text}: {name} [{}]\n", qualifiers.join(", ")));
            }
        }
        out
    }

    #[test]
    fn names_written_in_types_and_qualifiers() {
        expect![[r#"
            Local: Local Struct []
            cg::tile: cooperative_groups::__v1::tile Struct [cg NamespaceAlias]
            ::outer::inner::P: outer::inner::P Struct [outer Namespace, outer::inner Namespace]
            E: E Enum []
            alias: alias Typedef []
            W: W ClassTemplate []
            T: - []
        "#]]
        .assert_eq(&render(
            r#"
namespace cooperative_groups { namespace __v1 { struct tile {}; } using namespace __v1; }
namespace cg = cooperative_groups;
namespace outer { namespace inner { struct P {}; } }
enum E { e0 };
typedef int alias;
template <class U> struct W {};
int f() {
    struct Local {};
    return sizeof(Local) + sizeof(cg::tile) + sizeof(::outer::inner::P) + sizeof(E)
        + sizeof(alias) + sizeof(W);
}
template <class T> int f(T x) { return sizeof(T); }
"#,
        ));
    }
}
