//! Template parameters, with ids that know their owner.
//!
//! [`template_params`] lists the parameters of an item's own template headers, outermost first
//! (`template <class T> template <class U> void S<T>::f(U)` has `T` then `U`), read from il's
//! header only, so a body edit never re-runs it. [`TemplateParamId`] is `(owner, index)`.
use std::sync::Arc;

use il::Item;
use rowan::ast::AstNode;
use syntax::{SyntaxKind, SyntaxNode, SyntaxToken, ast};

use crate::HirDefDatabase;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TemplateParamKind {
    /// `typename T`, `class T`
    Type,
    /// `int N`, `auto V`
    NonType,
    /// `template <class> class TT`
    Template,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TemplateParamData {
    /// `None` for unnamed parameters (`template <class>`).
    pub name: Option<Box<str>>,
    pub kind: TemplateParamKind,
    /// `typename... Ts`
    pub pack: bool,
    /// Which `template <...>` list (0 = outermost) it belongs to.
    pub depth: u32,
    /// A non-type parameter's type as written (`int`, `std::size_t`, `T`, `auto`); `None`
    /// for type and template parameters.
    pub ty: Option<crate::hir::TypeRef>,
}

/// A template parameter: the owning item and the index in [`template_params`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct TemplateParamId<'db> {
    pub owner: Item<'db>,
    pub index: u32,
}

/// The template parameters of `owner`'s own headers (empty for non-templates).
#[salsa::tracked(returns(clone))]
pub fn template_params<'db>(
    db: &'db dyn HirDefDatabase,
    owner: Item<'db>,
) -> Arc<[TemplateParamData]> {
    let header = SyntaxNode::new_root(owner.header(db).clone());
    let mut out = Vec::new();
    let mut node = Some(header);
    let mut depth = 0;
    while let Some(n) = node.filter(|n| n.kind() == SyntaxKind::TEMPLATE_DECL) {
        if let Some(list) = n.children().find_map(ast::TemplateParamList::cast) {
            out.extend(list.params().map(|p| param_data(&p, depth)));
            depth += 1;
        }
        node = n
            .children()
            .filter(|c| c.kind() != SyntaxKind::TEMPLATE_PARAM_LIST)
            .last();
    }
    out.into()
}

fn param_data(param: &SyntaxNode, depth: u32) -> TemplateParamData {
    let (name, pack) = template_param_name(param).unwrap_or_default();
    let (kind, ty) = match param.kind() {
        SyntaxKind::TYPE_PARAM => (TemplateParamKind::Type, None),
        SyntaxKind::TEMPLATE_TEMPLATE_PARAM => (TemplateParamKind::Template, None),
        _ => (
            TemplateParamKind::NonType,
            ast::Param::cast(param.clone()).map(|p| crate::type_ref::param_type(&p)),
        ),
    };
    TemplateParamData {
        name: name.map(|t| t.text().into()),
        kind,
        pack,
        depth,
        ty,
    }
}

/// A template parameter's (`TYPE_PARAM`, `PARAM`, `TEMPLATE_TEMPLATE_PARAM`) name and whether
/// it is a pack: the `...` before the name (`typename... Ts`, `int... Ns`), not one in a
/// default argument or in a template template parameter's own list. `None` for a node that is
/// no template parameter. The xref log's walk reads its template parameters through this.
pub fn template_param_name(param: &SyntaxNode) -> Option<(Option<SyntaxToken>, bool)> {
    if let Some(p) = ast::TypeParam::cast(param.clone()) {
        return Some((p.name(), p.is_pack()));
    }
    if let Some(p) = ast::TemplateTemplateParam::cast(param.clone()) {
        return Some((p.name(), p.is_pack()));
    }
    let declarator = ast::Param::cast(param.clone())?.declarator();
    let name = declarator.as_ref().and_then(|d| d.name()).and_then(|n| {
        n.descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| t.kind() == SyntaxKind::IDENT)
            .last()
    });
    let pack = declarator.is_some_and(|d| {
        d.syntax()
            .children_with_tokens()
            .any(|e| e.kind() == SyntaxKind::DOT3)
    });
    Some((name, pack))
}

/// The template parameter named `name` visible in `owner`: its own, then its enclosing class
/// templates' (innermost first).
pub fn find_template_param<'db>(
    db: &'db dyn HirDefDatabase,
    owner: Item<'db>,
    name: &str,
) -> Option<TemplateParamId<'db>> {
    let mut cur = Some(owner);
    while let Some(item) = cur {
        let params = template_params(db, item);
        if let Some(index) = params.iter().rposition(|p| p.name.as_deref() == Some(name)) {
            return Some(TemplateParamId {
                owner: item,
                index: index as u32,
            });
        }
        cur = item.parent(db);
    }
    None
}

/// The ids of `owner`'s own template parameters, in order.
pub fn template_param_ids<'db>(
    db: &'db dyn HirDefDatabase,
    owner: Item<'db>,
) -> Vec<TemplateParamId<'db>> {
    (0..template_params(db, owner).len() as u32)
        .map(|index| TemplateParamId { owner, index })
        .collect()
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;
    use crate::test_db::TestDb;

    #[test]
    fn a_pack_is_the_dots_before_the_name() {
        // Not the `...` of a default argument, nor of a template template parameter's list.
        let parse = syntax::parse_text(
            "template <typename... A, class = void_t<A...>, int... N, \
             bool B = sizeof...(A) != 0, template <class...> class TT, \
             template <class> class... TS, class> struct S;",
        );
        let list = parse
            .syntax_node()
            .descendants()
            .find_map(ast::TemplateParamList::cast)
            .unwrap();
        let params: Vec<String> = list
            .params()
            .map(|p| {
                let (name, pack) = template_param_name(&p).unwrap();
                let name = name.map_or("<unnamed>".to_string(), |t| t.text().to_string());
                format!("{name}{}", if pack { " pack" } else { "" })
            })
            .collect();
        expect!["A pack, <unnamed>, N pack, B, TT, TS pack, <unnamed>"]
            .assert_eq(&params.join(", "));
    }

    #[test]
    fn parameters_of_templates_and_their_members() {
        let (db, file) = TestDb::with_file(
            r#"
template <class T, int N = 3, template <class> class TT, class... Ts> struct S {
  template <typename U> void f(U u) { }
  void g() { }
};
template <class T, int N, template <class> class TT, class... Ts>
template <typename U> void S<T, N, TT, Ts...>::f(U u) { }
template <auto... Vs> int h() { return 0; }
"#,
        );
        let mut out = String::new();
        for item in il::scope::all_items(&db, file) {
            let params = template_params(&db, item);
            if params.is_empty() {
                continue;
            }
            let ids = template_param_ids(&db, item);
            assert!(ids.iter().all(|id| id.owner == item));
            let list: Vec<String> = params
                .iter()
                .map(|p| {
                    format!(
                        "{}:{:?}{}@{}",
                        p.name.as_deref().unwrap_or("_"),
                        p.kind,
                        if p.pack { "..." } else { "" },
                        p.depth
                    )
                })
                .collect();
            out.push_str(&format!(
                "{}: {}\n",
                item.qualified_name(&db),
                list.join(", ")
            ));
        }
        expect![[r#"
            S: T:Type@0, N:NonType@0, TT:Template@0, Ts:Type...@0
            S::f: U:Type@0
            S<T,N,TT,Ts...>::f: T:Type@0, N:NonType@0, TT:Template@0, Ts:Type...@0, U:Type@1
            h: Vs:NonType...@0
        "#]]
        .assert_eq(&out);
    }
}
