//! A fold expression over a pack in a `decltype` of a template
//! (`decltype((typename __promote<_Tp>::__type(0) + ...))`, libstdc++'s `__promoted_t`), as
//! cudafe++ logs it (measured on a fixture with `__promote`, `__promoted_t` and
//! `__promote_2`/`__promote_3` as ext/type_traits.h declares them): the names of the pattern's
//! type, in the template's definition once with the defaults a template-id there leaves out
//! evaluated twice; in an alias's type logged again for a specialization, once per argument
//! the pack is bound to, the pack printed as that argument, the first argument's defaults
//! evaluated twice. Only a pattern that is a functional cast to a `typename` name
//! (`typename X<P>::type(...)`) is logged; other expressions in `decltype` log nothing here.
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::instances::Param;
use crate::{Scope, Walker};

impl Walker<'_> {
    /// The references of a `decltype` whose operand is a fold over a pack (see the module).
    pub(super) fn fold_references(&mut self, decltype: &SyntaxNode, scope: &Scope) {
        if !self.in_template() {
            return;
        }
        let Some(name) = fold_pattern_type(decltype) else {
            return;
        };
        let names = |name: &SyntaxNode| -> Vec<String> {
            name.descendants_with_tokens()
                .filter_map(rowan::NodeOrToken::into_token)
                .filter(|t| t.kind() == IDENT)
                .map(|t| t.text().to_string())
                .collect()
        };
        let idents = names(&name);
        // Logged again for an alias's specialization: the pack bound to its arguments.
        if let Some((pack, elements)) = self
            .alias_packs
            .iter()
            .find(|(pack, _)| idents.contains(pack))
            .map(|(p, e)| (p.clone(), e.clone()))
        {
            let param = Param {
                name: pack.clone(),
                pack: false,
                default: None,
                value_type: None,
                value_type_at: None,
                declaration: None,
            };
            for (i, element) in elements.iter().enumerate() {
                self.rebound_references(
                    &format!("fold {pack}"),
                    std::slice::from_ref(&param),
                    std::slice::from_ref(element),
                    scope,
                    |walker, scope| {
                        walker.pattern_defaults_twice = i == 0;
                        walker.name_references(&name, scope);
                        walker.pattern_defaults_twice = false;
                    },
                );
            }
            return;
        }
        // The template's own definition: the pack is one of its parameters.
        let own_pack = idents.iter().any(|ident| {
            scope
                .template_params
                .iter()
                .any(|p| p.strip_suffix("...") == Some(ident))
        });
        if own_pack && self.alias_depth == 0 {
            self.pattern_defaults_twice = true;
            self.name_references(&name, scope);
            self.pattern_defaults_twice = false;
        }
    }
}

/// Whether an alias's type is `decltype` of a fold this logs: the only use of a pack whose
/// expansion is printed (EDG's spelling of other expansions, `common_type<_Tp...>`, is not
/// reproduced).
pub(super) fn is_fold_type(ty: &SyntaxNode) -> bool {
    let mut children = ty.children();
    matches!(
        (children.next(), children.next()),
        (Some(decltype), None) if decltype.kind() == DECLTYPE_SPEC
            && fold_pattern_type(&decltype).is_some()
    )
}

/// The name of the type of a fold's pattern in `decltype((typename X<P>::type(0) op ...))`.
fn fold_pattern_type(decltype: &SyntaxNode) -> Option<SyntaxNode> {
    let mut operand = decltype.children().next()?;
    while operand.kind() == PAREN_EXPR {
        operand = operand.children().next()?;
    }
    if operand.kind() != FOLD_EXPR {
        return None;
    }
    let mut parts = operand.children();
    let (Some(cast), None) = (parts.next(), parts.next()) else {
        return None;
    };
    if cast.kind() != FUNCTIONAL_CAST
        || !cast.children_with_tokens().any(|t| t.kind() == TYPENAME_KW)
    {
        return None;
    }
    cast.children()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
}
