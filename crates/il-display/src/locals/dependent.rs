//! Dependent member types: `typename Q::N` with `Q` depending on a template's parameters is a
//! `tk_template_param` of kind `tptk_member` for EDG, made once per qualifier and member in
//! each template and kept in file scope when a file-scope declaration uses it; so is every
//! member class, union and enum of a class template. Rules: `docs/spec/il-display.md`,
//! "Declarations in function bodies".
use std::fmt::Write as _;

use rustc_hash::{FxHashMap, FxHashSet};
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken};

use super::segment_ident;
use crate::syntactic::{declared_name, memory_space, object_declarators};
use crate::{Located, field, next_id};

/// The segments of a qualified name (`None` for an unqualified one or a `::`-rooted one).
pub(super) fn segments(name: &SyntaxNode) -> Option<Vec<SyntaxNode>> {
    if name.kind() != QUALIFIED_NAME {
        return None;
    }
    let first = name
        .children_with_tokens()
        .find(|e| !e.kind().is_trivia())?;
    if first.kind() == COLON2 {
        return None;
    }
    let segments: Vec<SyntaxNode> = name.children().filter(|n| n.kind() == NAME_REF).collect();
    (segments.len() >= 2).then_some(segments)
}

/// What makes a qualifier dependent.
pub(super) enum Qualifier {
    /// A template type parameter alone (`T::N`).
    Param,
    /// A local typedef of a dependent type (`Reduce::TempStorage`).
    LocalTypedef,
    /// A template-id with dependent arguments, after namespaces (`cub::BlockReduce<int, B>::N`).
    TemplateId,
}

/// Whether `Q::N` names a member of a dependent class `Q` with `N` the only segment after the
/// dependent one (deeper names, `T::inner::deep`, make entries of other kinds: not yet).
pub(super) fn dependent_qualifier(
    name: &SyntaxNode,
    segments: &[SyntaxNode],
    dependent_local: &dyn Fn(&str, &SyntaxNode) -> bool,
) -> Option<Qualifier> {
    let params = template_param_names(name);
    if params.is_empty() {
        return None;
    }
    let last = segments.len() - 1;
    // Only the segment before the member may be dependent.
    let mentions_param = |segment: &SyntaxNode| {
        segment
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .any(|t| t.kind() == IDENT && params.contains(t.text()))
    };
    let first = &segments[0];
    let first_ident = segment_ident(first)?;
    let has_args = |s: &SyntaxNode| s.children().any(|n| n.kind() == TEMPLATE_ARG_LIST);
    if last == 1 && !has_args(first) {
        if params.contains(first_ident.as_str()) {
            return Some(Qualifier::Param);
        }
        if dependent_local(&first_ident, name) {
            return Some(Qualifier::LocalTypedef);
        }
    }
    let dependent_at = segments
        .iter()
        .position(|s| has_args(s) && mentions_param(s))?;
    (dependent_at + 1 == last && !segments[..dependent_at].iter().any(mentions_param))
        .then_some(Qualifier::TemplateId)
}

/// The names of the template parameters visible at `node`.
pub(super) fn template_param_names(node: &SyntaxNode) -> FxHashSet<String> {
    node.ancestors()
        .filter(|a| a.kind() == TEMPLATE_DECL)
        .filter_map(|t| t.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST))
        .flat_map(|list| list.children())
        .filter_map(|p| match p.kind() {
            TYPE_PARAM | TEMPLATE_TEMPLATE_PARAM => p
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)
                .map(|t| t.text().to_string()),
            PARAM => p
                .children()
                .find(|n| n.kind() == DECLARATOR)
                .and_then(|d| declared_name(&d))
                .map(|t| t.text().to_string()),
            _ => None,
        })
        .collect()
}

/// Where a dependent member type's occurrence is, for EDG's memory regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Region {
    /// A declaration EDG keeps in file scope: the type is a file-scope entry.
    File,
    /// An automatic local's type: in its function's region unless a file-scope use shares it.
    Function,
}

/// The `tptk_member` types of a template's dependent qualified names: one per (qualifier,
/// member) at its first occurrence, printed when some occurrence is in file scope.
pub(super) fn dependent_member_types(
    template: &SyntaxNode,
    located: &Located<'_, '_>,
    ids: &mut usize,
    out: &mut String,
) {
    // (qualifier, member) -> first occurrence's member token, whether any is in file scope.
    let mut found: Vec<(String, SyntaxToken, bool)> = Vec::new();
    let mut index: FxHashMap<String, usize> = FxHashMap::default();
    for name in template
        .descendants()
        .filter(|n| n.kind() == QUALIFIED_NAME)
    {
        let Some(region) = occurrence_region(&name) else {
            continue;
        };
        let Some(segments) = segments(&name) else {
            continue;
        };
        if dependent_qualifier(&name, &segments, &local_alias_is_dependent).is_none() {
            continue;
        }
        let Some(member) = segments.last().and_then(|s| {
            s.children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)
        }) else {
            continue;
        };
        let qualifier: String = segments[..segments.len() - 1]
            .iter()
            .map(il::lower::tokens_text)
            .collect::<Vec<_>>()
            .join("::");
        let key = format!("{qualifier}::{}", member.text());
        match index.get(&key) {
            Some(&i) => found[i].2 |= region == Region::File,
            None => {
                index.insert(key.clone(), found.len());
                found.push((key, member, region == Region::File));
            }
        }
    }
    for (_, member, in_file_scope) in found {
        if in_file_scope {
            member_type_entry(&member, located, ids, out);
        }
    }
}

/// Whether the local typedef `ident` visible at `at` (in a function body) stands for a
/// dependent type: its written type names a template parameter.
pub(super) fn local_alias_is_dependent(ident: &str, at: &SyntaxNode) -> bool {
    let offset = at.text_range().start();
    // The nearest earlier declaration of the name in an enclosing block.
    let Some(decl) = at
        .ancestors()
        .filter(|a| a.kind() == COMPOUND_STMT)
        .find_map(|block| {
            block
                .children()
                .filter(|s| s.kind() == DECL_STMT && s.text_range().start() < offset)
                .filter_map(|s| s.children().next())
                .filter(|d| declares_typedef(d, ident))
                .last()
        })
    else {
        return false;
    };
    let params = template_param_names(&decl);
    decl.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .any(|t| t.kind() == IDENT && params.contains(t.text()))
}

/// Whether a block-scope declaration is a typedef or alias of `ident`.
fn declares_typedef(decl: &SyntaxNode, ident: &str) -> bool {
    match decl.kind() {
        ALIAS_DECL => decl
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == IDENT)
            .is_some_and(|t| t.text() == ident),
        SIMPLE_DECLARATION => {
            decl.children_with_tokens().any(|e| e.kind() == TYPEDEF_KW)
                && object_declarators(decl)
                    .iter()
                    .filter_map(declared_name)
                    .any(|t| t.text() == ident)
        }
        _ => false,
    }
}

/// Where a qualified name is a type whose dependent member EDG allocates: `None` when it is no
/// declaration's type (an expression, a declarator's own name, an initializer).
fn occurrence_region(name: &SyntaxNode) -> Option<Region> {
    let parent = name.parent()?;
    let holder = match parent.kind() {
        ELABORATED_TYPE => parent.parent()?,
        SIMPLE_DECLARATION | PARAM | TYPE_ID | FUNCTION_DEF | ALIAS_DECL => parent,
        _ => return None,
    };
    // A type-id as an alias's target or a template argument belongs to its declaration.
    let decl = holder.ancestors().find(|a| {
        matches!(
            a.kind(),
            SIMPLE_DECLARATION | PARAM | FUNCTION_DEF | ALIAS_DECL
        )
    })?;
    // Not in an initializer or a declarator (besides a parameter's).
    if holder
        .ancestors()
        .take_while(|a| *a != decl)
        .any(|a| matches!(a.kind(), INITIALIZER | INIT_DECLARATOR | DECLARATOR))
    {
        return None;
    }
    let in_body = decl.ancestors().any(|a| a.kind() == COMPOUND_STMT);
    if !in_body || decl.kind() == ALIAS_DECL {
        // Parameters of local lambdas are theirs, not the template's: leave them.
        return (!in_body || decl.parent().is_some_and(|p| p.kind() == DECL_STMT))
            .then_some(Region::File);
    }
    if decl.kind() != SIMPLE_DECLARATION || decl.parent().is_none_or(|p| p.kind() != DECL_STMT) {
        return None;
    }
    let keeps_file_scope = decl.children_with_tokens().any(|e| {
        matches!(e.kind(), TYPEDEF_KW | STATIC_KW)
            || (e.kind() == ATTRIBUTE_SPEC && memory_space(e.as_node().unwrap()).is_some())
    });
    Some(if keeps_file_scope {
        Region::File
    } else {
        Region::Function
    })
}

/// The member classes, unions and enums of a class template (declared or defined): each a
/// `tptk_member` type at its name besides its own entry.
pub(super) fn member_types_of_class_template(
    template: &SyntaxNode,
    located: &Located<'_, '_>,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(class) = template.children().find_map(|n| match n.kind() {
        SIMPLE_DECLARATION => n.children().find(|c| c.kind() == CLASS_SPECIFIER),
        _ => None,
    }) else {
        return;
    };
    let Some(members) = class.children().find(|n| n.kind() == MEMBER_LIST) else {
        return;
    };
    for decl in members
        .children()
        .filter(|n| n.kind() == SIMPLE_DECLARATION)
    {
        // `struct N {...};`, `class M;`, `enum E {...};`: no declarator, a named class-key.
        if decl.children().any(|n| n.kind() == INIT_DECLARATOR) {
            continue;
        }
        let Some(specifier) = decl
            .children()
            .find(|n| matches!(n.kind(), CLASS_SPECIFIER | ENUM_SPECIFIER | ELABORATED_TYPE))
        else {
            continue;
        };
        let Some(name) = specifier
            .children()
            .find(|n| n.kind() == NAME_REF)
            .and_then(|n| {
                n.children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| t.kind() == IDENT)
            })
        else {
            continue;
        };
        member_type_entry(&name, located, ids, out);
    }
}

/// A `tptk_member` type: a member of a class not known until instantiation.
fn member_type_entry(
    member: &SyntaxToken,
    located: &Located<'_, '_>,
    ids: &mut usize,
    out: &mut String,
) {
    let id = next_id(ids);
    out.push('\n');
    writeln!(out, "file-scope type@l{id}").unwrap();
    out.push_str("source_corresp:\n");
    field(
        out,
        "  name",
        &format!("file-scope id-name@l{id}: \"{}\"", member.text()),
    );
    let pos = located.lines.pos(usize::from(member.text_range().start()));
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    field(out, "  is_class_member", "TRUE");
    field(out, "  access", "as_public");
    field(out, "  enclosing_routine", "NULL");
    field(out, "  name_linkage", "no");
    field(out, "size", "1");
    field(out, "alignment", "1");
    field(out, "kind", "tk_template_param");
    field(out, "kind", "tptk_member");
    field(out, "coordinates.position", "0");
    field(out, "coordinates.depth", "0");
}
