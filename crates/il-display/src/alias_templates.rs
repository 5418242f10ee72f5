//! The entries of alias templates (measured with cudafe++ on the test programs): each is a
//! `tk_typeref` of size 0 at the alias's name, printed
//!
//! - once for the template itself (a prototype, typed with its own parameters),
//! - once per argument list named outside templates (`ptr<float>`, `ptr<const double>`),
//! - once per template-id with dependent arguments inside another template (`array_ref<T, N>`
//!   in a function template's parameter list: a "nonreal" copy),
//!
//! and each copy re-declares the array types its target spells (`T (&)[N]`): a `tk_array` at
//! the `[`, of size 1 while the bound depends on a parameter.
//!
//! Like the other templates' entries, only the primary source file's aliases are printed.
use std::fmt::Write as _;

use rustc_hash::FxHashSet;
use syntax::SyntaxKind::*;
use syntax::{SyntaxNode, TextSize};

use il::IlDatabase;
use il::instantiate::routine::FnInstance;
use il::instantiate::{Bound, TemplateArg};
use il::item::{Item, ItemKind};
use il::lookup::{ScopeRef, lookup_path, lookup_unqualified, name_segments};
use il::record::size_align_of;
use il::resolve::{template_args_in, type_id_type_in};
use il::scope::all_items;
use il::ty::{Ty, TyKind};

use super::{Located, field, next_id};

/// One copy of an alias: its arguments, when known (`None` for the prototype and nonreal
/// copies, whose target depends on parameters).
type Copy<'db> = Option<Vec<TemplateArg<'db>>>;

pub(super) fn entries<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let aliases = primary_aliases(db, file, located);
    for (alias, args) in written_copies(db, file, root, &aliases) {
        let offset = aliases.iter().find(|(a, _)| *a == alias).map_or(0, |a| a.1);
        copy_entry(db, root, alias, offset, args, located, ids, out);
    }
}

/// The copies a function template instance's signature makes: each alias template-id written
/// in the template's declaration, its arguments substituted (measured: `count(a)` with
/// `int count(array_ref<T, N>)` makes `array_ref<int, 5>` and its `int [5]`), unless a
/// template-id outside templates already made it.
pub(super) fn instance_copies<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
    located: &Located<'_, 'db>,
    instances: &[FnInstance<'db>],
    ids: &mut usize,
    out: &mut String,
) {
    let aliases = primary_aliases(db, file, located);
    if aliases.is_empty() {
        return;
    }
    let mut seen: FxHashSet<(Item<'db>, Vec<TemplateArg<'db>>)> =
        written_copies(db, file, root, &aliases)
            .into_iter()
            .filter_map(|(alias, args)| Some((alias, args?)))
            .collect();
    for instance in instances {
        let Some(bound) = instance.bound else {
            continue;
        };
        let header = SyntaxNode::new_root(instance.template.header(db).clone());
        let from = il::resolve::scope_of(db, instance.template);
        for node in header.descendants().filter(|n| n.kind() == NAME_REF) {
            let Some((alias, alias_offset, list)) = alias_named(db, from, &aliases, &node) else {
                continue;
            };
            let Some(args) = template_args_in(db, from, Some(bound), &list)
                .filter(|args| args.iter().all(|a| is_known(db, a)))
            else {
                continue;
            };
            if seen.insert((alias, args.clone())) {
                copy_entry(db, root, alias, alias_offset, Some(args), located, ids, out);
            }
        }
    }
}

/// The alias templates of the primary source file, with their name's offset.
fn primary_aliases<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    located: &Located<'_, 'db>,
) -> Vec<(Item<'db>, usize)> {
    all_items(db, file)
        .into_iter()
        .filter(|&i| i.kind(db) == ItemKind::AliasTemplate)
        .filter_map(|i| Some((i, *located.offsets.get(&i)?)))
        .filter(|&(_, offset)| located.lines.is_primary(offset))
        .collect()
}

/// The alias of `aliases` a template-id (`array_ref<T, N>`) names, with its offset and the
/// argument list.
fn alias_named<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    aliases: &[(Item<'db>, usize)],
    node: &SyntaxNode,
) -> Option<(Item<'db>, usize, SyntaxNode)> {
    let list = node.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
    let ident = node.children_with_tokens().find(|t| t.kind() == IDENT)?;
    let ident = ident.as_token().map_or("", |t| t.text());
    if !aliases.iter().any(|(a, _)| a.name_text(db) == Some(ident)) {
        return None;
    }
    // `lin::Mat3<float>`: the qualified name's last segment, looked up with its qualifier.
    let named = match node.parent() {
        Some(q) if q.kind() == QUALIFIED_NAME => {
            let last = q.children().filter(|n| n.kind() == NAME_REF).last();
            if last.as_ref() != Some(node) {
                return None;
            }
            let (global, segments) = name_segments(&q);
            lookup_path(db, from, global, &segments)
        }
        _ => lookup_unqualified(db, from, ident),
    };
    let &(alias, offset) = aliases.iter().find(|(a, _)| named.contains(a))?;
    Some((alias, offset, list))
}

/// The copies the source text makes, in order: the templates themselves, then one per argument
/// list named outside templates and one per dependent template-id inside another template.
fn written_copies<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
    aliases: &[(Item<'db>, usize)],
) -> Vec<(Item<'db>, Copy<'db>)> {
    if aliases.is_empty() {
        return Vec::new();
    }
    let mut copies: Vec<(Item<'db>, Copy<'db>)> = aliases.iter().map(|&(a, _)| (a, None)).collect();
    let mut seen_instances = FxHashSet::default();
    let mut seen_nonreal = FxHashSet::default();
    let names: FxHashSet<&str> = aliases
        .iter()
        .filter_map(|(a, _)| a.name_text(db))
        .collect();
    for node in root.descendants().filter(|n| n.kind() == NAME_REF) {
        let named_alias = node.children().any(|n| n.kind() == TEMPLATE_ARG_LIST)
            && node
                .children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .is_some_and(|t| names.contains(t.to_string().as_str()));
        if !named_alias {
            continue;
        }
        let (from, _) = super::fn_instances::scope_at(db, file, &node);
        let Some((alias, alias_offset, list)) = alias_named(db, from, aliases, &node) else {
            continue;
        };
        let template = node.ancestors().find(|a| a.kind() == TEMPLATE_DECL);
        // The alias's own declaration names no copy of itself.
        if template
            .as_ref()
            .is_some_and(|t| t.text_range().contains(TextSize::from(alias_offset as u32)))
        {
            continue;
        }
        let known = template_args_in(db, from, None, &list)
            .filter(|args| args.iter().all(|a| is_known(db, a)));
        let copy = match known {
            Some(args) => seen_instances
                .insert((alias, args.clone()))
                .then_some(Some(args)),
            None => template
                .map(|t| (alias, t.text_range(), list.to_string()))
                .filter(|key| seen_nonreal.insert(key.clone()))
                .map(|_| None),
        };
        if let Some(args) = copy {
            copies.push((alias, args));
        }
    }
    copies
}

/// One copy's `tk_typeref` entry at the alias's name, then its array types.
#[allow(clippy::too_many_arguments)]
fn copy_entry<'db>(
    db: &'db dyn IlDatabase,
    root: &SyntaxNode,
    alias: Item<'db>,
    offset: usize,
    args: Copy<'db>,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let id = next_id(ids);
    out.push('\n');
    writeln!(out, "file-scope type@a{id}").unwrap();
    out.push_str("source_corresp:\n");
    if let Some(name) = alias.name_text(db) {
        field(
            out,
            "  name",
            &format!("file-scope id-name@a{id}: \"{name}\""),
        );
    }
    let pos = located.lines.pos(offset);
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    field(out, "  enclosing_routine", "NULL");
    field(out, "  name_linkage", "no");
    field(out, "size", "0");
    field(out, "alignment", "1");
    field(out, "kind", "tk_typeref");
    arrays(db, root, alias, offset, args, located, ids, out);
}

/// Whether an argument is known (no parameter of an enclosing template in it).
fn is_known(db: &dyn IlDatabase, arg: &TemplateArg<'_>) -> bool {
    match arg {
        TemplateArg::Type(ty) => !mentions_unknown(db, *ty),
        TemplateArg::Value(_) | TemplateArg::Template(_) | TemplateArg::Typed(..) => true,
        TemplateArg::Unbound(_) => false,
    }
}

fn mentions_unknown(db: &dyn IlDatabase, ty: Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::Unknown | TyKind::TemplateParam { .. } => true,
        TyKind::Qualified(_, t) | TyKind::Pointer(t) | TyKind::Reference(_, t) => {
            mentions_unknown(db, *t)
        }
        TyKind::Array(t, _) => mentions_unknown(db, *t),
        TyKind::DependentArray(..) => true,
        _ => false,
    }
}

/// The array types of one copy of the alias: one `tk_array` per `[` of its target, sized when
/// the copy's arguments are known.
#[allow(clippy::too_many_arguments)]
fn arrays<'db>(
    db: &'db dyn IlDatabase,
    root: &SyntaxNode,
    alias: Item<'db>,
    offset: usize,
    args: Copy<'db>,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(decl) = root
        .token_at_offset(TextSize::from(offset as u32))
        .right_biased()
        .and_then(|t| t.parent_ancestors().find(|a| a.kind() == ALIAS_DECL))
    else {
        return;
    };
    let suffixes: Vec<usize> = decl
        .descendants()
        .filter(|n| n.kind() == ARRAY_SUFFIX)
        .map(|n| usize::from(n.text_range().start()))
        .collect();
    if suffixes.is_empty() {
        return;
    }
    // The target's arrays, outermost first, where the arguments are known.
    let mut sizes = Vec::new();
    if let Some(args) = args {
        let header = SyntaxNode::new_root(alias.header(db).clone());
        let target = header
            .children()
            .find(|n| n.kind() == ALIAS_DECL)
            .and_then(|d| d.children().find(|n| n.kind() == TYPE_ID))
            .map(|type_id| {
                let env = Some(Bound::new(db, alias, args));
                type_id_type_in(db, il::resolve::scope_of(db, alias), env, &type_id)
            });
        let mut ty = target;
        while let Some(t) = ty {
            ty = match t.kind(db) {
                TyKind::Reference(_, inner) | TyKind::Pointer(inner) => Some(*inner),
                TyKind::Qualified(_, inner) => Some(*inner),
                TyKind::Array(inner, _) => {
                    sizes.push(size_align_of(db, t));
                    Some(*inner)
                }
                TyKind::DependentArray(inner, _) => {
                    sizes.push(None);
                    Some(*inner)
                }
                _ => None,
            };
        }
    }
    for (n, &at) in suffixes.iter().enumerate() {
        let (size, align) = match sizes.get(n).copied().flatten() {
            Some(s) => (s.size, s.align),
            None => (1, 1),
        };
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope type@a{id}").unwrap();
        out.push_str("source_corresp:\n");
        let pos = located.lines.pos(at);
        field(out, "  decl_position.seq", &pos.seq.to_string());
        field(out, "  decl_position.column", &pos.column.to_string());
        field(out, "  enclosing_routine", "NULL");
        field(out, "size", &size.to_string());
        field(out, "alignment", &align.to_string());
        field(out, "kind", "tk_array");
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// `name line:column kind size` per alias template entry.
    fn alias_entries(text: &str) -> String {
        let out = crate::fixture_entries_containing(text, "type@a");
        let mut lines = String::new();
        for entry in out.split("\n\n").filter(|e| !e.trim().is_empty()) {
            let get = |label: &str| crate::entry_field(entry, label);
            let name = get("name");
            let name = name.rsplit(": ").next().unwrap_or("");
            lines.push_str(&format!(
                "{name} {}:{} {} {}\n",
                get("decl_position.seq"),
                get("decl_position.column"),
                get("kind"),
                get("size"),
            ));
        }
        lines
    }

    #[test]
    fn an_alias_prints_per_use_with_its_arrays() {
        expect![[r#"
            "ptr" 1:29 tk_typeref 0
            "array_ref" 2:36 tk_typeref 0
             2:53 tk_array 1
            "ptr" 1:29 tk_typeref 0
            "ptr" 1:29 tk_typeref 0
            "array_ref" 2:36 tk_typeref 0
             2:53 tk_array 1
            "ptr" 1:29 tk_typeref 0
            "array_ref" 2:36 tk_typeref 0
             2:53 tk_array 20
        "#]].assert_eq(&alias_entries(
            "template <typename T> using ptr = T *;\n\
             template <typename T, int N> using array_ref = T (&)[N];\n\
             using fptr = ptr<float>;\n\
             void k(fptr a, ptr<const double> b) {}\n\
             template <typename T, int N> int count(array_ref<T, N>) { return N; }\n\
             int main() { ptr<double> p = nullptr; array_ref<int, 5> r = *(int(*)[5])0; return 0; }\n",
        ));
    }

    #[test]
    fn a_function_instance_makes_the_alias_copies_of_its_signature() {
        // cudafe++ 13.0.88: four `array_ref` entries (the template, the nonreal copy in
        // `count`'s parameter list, `array_ref<int, 5>` named in `main` and by `count<int, 5>`,
        // `array_ref<long, 2>` made by `count<long, 2>` alone), each with its array: sizes 1,
        // 1, 20 and 16.
        expect![[r#"
            "array_ref" 1:36 tk_typeref 0
             1:53 tk_array 1
            "array_ref" 1:36 tk_typeref 0
             1:53 tk_array 1
            "array_ref" 1:36 tk_typeref 0
             1:53 tk_array 20
            "array_ref" 1:36 tk_typeref 0
             1:53 tk_array 16
        "#]].assert_eq(&alias_entries(
            "template <typename T, int N> using array_ref = T (&)[N];\n\
             template <typename T, int N> int count(array_ref<T, N>) { return N; }\n\
             int main() { int a[5]; long b[2]; array_ref<int, 5> r = a; return count(a) + count(b) + count(r); }\n",
        ));
    }

    #[test]
    fn an_alias_in_a_namespace_is_found_through_lookup() {
        // cudafe++: the template and one copy per argument list, `ptr<int>` named inside the
        // namespace and `lin::ptr<float>` outside it.
        expect![[r#"
            "ptr" 1:45 tk_typeref 0
            "ptr" 1:45 tk_typeref 0
            "ptr" 1:45 tk_typeref 0
        "#]]
        .assert_eq(&alias_entries(
            "namespace lin { template <typename T> using ptr = T *; }\n\
             namespace lin { void f(ptr<int> p) {} }\n\
             void g(lin::ptr<float> q) {}\n",
        ));
    }
}
