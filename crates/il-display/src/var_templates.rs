//! The entries of variable templates (measured with cudafe++ on the test programs and
//! fixtures):
//!
//! - the template itself, a "prototype instantiation" at its name, typed with its parameters
//!   (`const T#(1,1)` for `constexpr T pi`), `sc_unspecified`;
//! - a partial specialization (`template <typename T> constexpr int bits<T *> = 64;`) likewise
//!   at its own name, plus a "nonreal" variable for the template-id `bits<T *>` at the primary
//!   template's name, typed by an unnamed placeholder type (`<unnamed@…>`) and `sc_extern`;
//! - one instance per argument list used outside templates (`pi<float>`), at the name of the
//!   definition it is made from (the most specialized matching partial specialization, else
//!   the primary template), its type substituted. A `const` instance (every `constexpr` one) has
//!   internal linkage, `sc_static`; the others are `sc_extern` (declared, defined on use).
//!
//! Like the class templates' entries, only the primary source file's templates are printed.
use std::fmt::Write as _;

use rustc_hash::FxHashSet;
use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use hir_def::generics::TemplateParamId;
use hir_ty::HirTyDatabase;
use hir_ty::fn_template::from_il_arg;
use hir_ty::specialization::{most_specialized, pattern_args};
use hir_ty::to_il::il_arg;
use il::IlDatabase;
use il::cuda::MemorySpace;
use il::decl::variable_decl;
use il::instantiate::{Bound, TemplateArg, template_params};
use il::item::{Item, ItemKind};
use il::lookup::{ScopeRef, members_named};
use il::resolve::template_args_in;
use il::scope::all_items;
use il::ty::{Cv, Ty, TyKind};

use super::{Located, field, flag, next_id, spell};

/// One variable template: its primary declaration and partial specializations, with their
/// positions.
struct Template<'db> {
    primary: Item<'db>,
    primary_offset: usize,
    /// Each partial specialization with its pattern (`<T *>`) and position.
    partials: Vec<(Item<'db>, SyntaxNode, usize)>,
}

pub(super) fn entries<'db>(
    hdb: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let db: &'db dyn IlDatabase = hdb;
    let templates = templates(db, file, located);
    for t in &templates {
        prototype(db, t.primary, t.primary_offset, located, ids, out);
        for (partial, _, offset) in &t.partials {
            prototype(db, *partial, *offset, located, ids, out);
            // The template-id `bits<T *>` the specialization declares.
            let id = next_id(ids);
            out.push('\n');
            writeln!(out, "file-scope variable@v{id}").unwrap();
            source_corresp(db, out, t.primary, id, located, t.primary_offset, "C++");
            field(out, "type", "file-scope type@ty: <unnamed>");
            field(out, "storage_class", "sc_extern");
            field(out, "declared_storage_class", "sc_unspecified");
            space_flags(db, out, t.primary);
        }
    }
    let mut seen = FxHashSet::default();
    for (template, args) in used_instances(db, file, root, &templates) {
        if !seen.insert((template.primary, args.clone())) {
            continue;
        }
        let Some((definition, bindings, offset)) = definition_of(hdb, template, &args) else {
            continue;
        };
        let ty = declared(db, definition, Bound::new(db, definition, bindings));
        let internal = is_const(db, ty);
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope variable@v{id}").unwrap();
        let linkage = if internal { "internal" } else { "C++" };
        source_corresp(db, out, template.primary, id, located, offset, linkage);
        field(
            out,
            "type",
            &format!("file-scope type@ty: {}", spell(db, ty)),
        );
        let storage = if internal { "sc_static" } else { "sc_extern" };
        field(out, "storage_class", storage);
        field(out, "declared_storage_class", "sc_unspecified");
        space_flags(db, out, definition);
        flag(
            out,
            "is_constexpr",
            variable_decl(db, definition).specifiers.is_constexpr,
        );
    }
}

/// The definition an instance `template<args>` is made from, with the arguments of its own
/// parameters and the position it prints at: the most specialized matching partial
/// specialization as hir-ty's unifier and partial ordering choose it, else the primary
/// template. `None` when a binding has no il spelling.
fn definition_of<'db>(
    db: &'db dyn HirTyDatabase,
    template: &Template<'db>,
    args: &[TemplateArg<'db>],
) -> Option<(Item<'db>, Vec<TemplateArg<'db>>, usize)> {
    let primary = (template.primary, args.to_vec(), template.primary_offset);
    if template.partials.is_empty() {
        return Some(primary);
    }
    let Some(hir_args) = args
        .iter()
        .map(|a| from_il_arg(db, a))
        .collect::<Option<Vec<_>>>()
    else {
        return Some(primary);
    };
    let candidates: Vec<_> = template
        .partials
        .iter()
        .map(|(partial, pattern, _)| (*partial, pattern_args(db, *partial, pattern)))
        .collect();
    let Some((best, subst)) = most_specialized(db, &candidates, &hir_args) else {
        return Some(primary);
    };
    let (partial, _, offset) = &template.partials[best];
    let bindings = (0..template_params(db, *partial).len())
        .map(|index| {
            let id = TemplateParamId {
                owner: *partial,
                index: index as u32,
            };
            il_arg(db, subst.get(id)?)
        })
        .collect::<Option<Vec<_>>>()?;
    Some((*partial, bindings, *offset))
}

/// The variable templates of the primary source file, with their partial specializations.
fn templates<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    located: &Located<'_, 'db>,
) -> Vec<Template<'db>> {
    let mut out: Vec<Template<'db>> = Vec::new();
    for item in all_items(db, file) {
        // (`template <typename T> int A<T>::s = 1;` defines a class template's member.)
        if item.kind(db) != ItemKind::VariableTemplate
            || item.name_text(db).is_some_and(|n| n.contains("::"))
        {
            continue;
        }
        match specialization_pattern(db, item) {
            None => {
                let Some(&offset) = located.offsets.get(&item) else {
                    continue;
                };
                if located.lines.is_primary(offset) {
                    out.push(Template {
                        primary: item,
                        primary_offset: offset,
                        partials: Vec::new(),
                    });
                }
            }
            Some(pattern) => {
                let primary = out.iter_mut().rev().find(|t| {
                    t.primary.name(db) == item.name(db) && t.primary.parent(db) == item.parent(db)
                });
                let Some(t) = primary else { continue };
                // The xref walk logs a partial specialization as another declaration of its
                // template: the n-th defining line after the primary's is the n-th partial's.
                let name = t.primary.qualified_name(db);
                let offset = located
                    .xref
                    .iter()
                    .filter(|l| l.kind == 'D' && l.name == name)
                    .map(|l| usize::from(l.offset))
                    .filter(|&o| o > t.primary_offset)
                    .nth(t.partials.len());
                if let Some(offset) = offset {
                    t.partials.push((item, pattern, offset));
                }
            }
        }
    }
    out
}

/// The argument pattern of a partial specialization (`<T *>` in `bits<T *>`).
fn specialization_pattern(db: &dyn IlDatabase, item: Item<'_>) -> Option<SyntaxNode> {
    let header = SyntaxNode::new_root(item.header(db).clone());
    // The template's header is its parameter list, then the declaration.
    let decl = header
        .children()
        .find(|n| n.kind() != TEMPLATE_PARAM_LIST)?;
    let declarator = il::resolve::item_declarator(db, item, &decl)?;
    let name = declarator
        .descendants()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
    name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)
}

/// The template-ids outside templates that name one of `templates`, with their arguments.
fn used_instances<'a, 'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
    templates: &'a [Template<'db>],
) -> Vec<(&'a Template<'db>, Vec<TemplateArg<'db>>)> {
    let from = ScopeRef::File(file);
    let mut out = Vec::new();
    if templates.is_empty() {
        return out;
    }
    for node in root.descendants().filter(|n| n.kind() == NAME_REF) {
        let Some(list) = node.children().find(|n| n.kind() == TEMPLATE_ARG_LIST) else {
            continue;
        };
        if node.ancestors().any(|a| a.kind() == TEMPLATE_DECL)
            || node.parent().is_some_and(|p| p.kind() == QUALIFIED_NAME)
        {
            continue;
        }
        let Some(ident) = node.children_with_tokens().find(|t| t.kind() == IDENT) else {
            continue;
        };
        let named = members_named(db, from, ident.as_token().map_or("", |t| t.text()));
        let Some(template) = templates.iter().find(|t| named.contains(&t.primary)) else {
            continue;
        };
        if let Some(args) = template_args_in(db, from, None, &list) {
            out.push((template, args));
        }
    }
    out
}

/// The declared type of a variable template's definition under `bound` (`const` added for
/// `constexpr`).
fn declared<'db>(db: &'db dyn IlDatabase, item: Item<'db>, bound: Bound<'db>) -> Ty<'db> {
    let ty = il::resolve::declared_type_under(db, item, bound);
    if variable_decl(db, item).specifiers.is_constexpr {
        let cv = Cv {
            is_const: true,
            ..Cv::default()
        };
        ty.qualified(db, cv)
    } else {
        ty
    }
}

fn is_const(db: &dyn IlDatabase, ty: Ty<'_>) -> bool {
    matches!(ty.kind(db), TyKind::Qualified(cv, _) if cv.is_const)
}

/// The template (or partial specialization) itself, typed with its own parameters.
fn prototype<'db>(
    db: &'db dyn IlDatabase,
    item: Item<'db>,
    offset: usize,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let params = template_params(db, item);
    let args: Vec<TemplateArg<'db>> = il::instantiate::parameters_as_arguments(db, params, 1);
    let names: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
    let ty = declared(db, item, Bound::new(db, item, args));
    let id = next_id(ids);
    out.push('\n');
    writeln!(out, "file-scope variable@v{id}").unwrap();
    source_corresp(db, out, item, id, located, offset, "C++");
    field(
        out,
        "type",
        &format!(
            "file-scope type@ty: {}",
            super::prototypes::spell_in_template(db, ty, &names)
        ),
    );
    field(out, "storage_class", "sc_unspecified");
    field(out, "declared_storage_class", "sc_unspecified");
    space_flags(db, out, item);
    flag(
        out,
        "is_constexpr",
        variable_decl(db, item).specifiers.is_constexpr,
    );
}

fn space_flags(db: &dyn IlDatabase, out: &mut String, item: Item<'_>) {
    let space = variable_decl(db, item).memory_space;
    flag(
        out,
        "device",
        matches!(space, MemorySpace::Device | MemorySpace::Managed),
    );
    flag(out, "shared", space == MemorySpace::Shared);
    flag(out, "constant", space == MemorySpace::Constant);
}

fn source_corresp(
    db: &dyn IlDatabase,
    out: &mut String,
    item: Item<'_>,
    id: usize,
    located: &Located<'_, '_>,
    offset: usize,
    linkage: &str,
) {
    out.push_str("source_corresp:\n");
    if let Some(name) = item.name_text(db) {
        field(
            out,
            "  name",
            &format!("file-scope id-name@v{id}: \"{name}\""),
        );
    }
    let pos = located.lines.pos(offset);
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    field(out, "  enclosing_routine", "NULL");
    field(out, "  name_linkage", linkage);
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// `name line:column type storage [flags]` per variable template entry.
    fn variable_entries(text: &str) -> String {
        let out = crate::fixture_entries_containing(text, "variable@v");
        let mut lines = String::new();
        for entry in out.split("\n\n").filter(|e| !e.trim().is_empty()) {
            let get = |label: &str| crate::entry_field(entry, label);
            let name = get("name");
            let name = name.rsplit(": ").next().unwrap_or("");
            let ty = get("type");
            let mut line = format!(
                "{name} {}:{} {} {} {}",
                get("decl_position.seq"),
                get("decl_position.column"),
                ty.trim_start_matches("file-scope type@ty: "),
                get("storage_class"),
                get("name_linkage"),
            );
            for flag in ["device", "is_constexpr"] {
                if !get(flag).is_empty() {
                    line.push_str(&format!(" {flag}"));
                }
            }
            lines.push_str(&line);
            lines.push('\n');
        }
        lines
    }

    #[test]
    fn templates_partial_specializations_and_used_instances() {
        expect![[r#"
            "pi" 1:35 const T#(1,1) sc_unspecified C++ is_constexpr
            "bits" 2:37 const int sc_unspecified C++ is_constexpr
            "bits" 3:37 const int sc_unspecified C++ is_constexpr
            "bits" 2:37 <unnamed> sc_extern C++
            "dev_zero" 4:49 T#(1,1) sc_unspecified C++ device
            "pi" 1:35 const float sc_static internal is_constexpr
            "bits" 2:37 const int sc_static internal is_constexpr
            "bits" 3:37 const int sc_static internal is_constexpr
            "dev_zero" 4:49 float sc_extern C++ device
        "#]]
        .assert_eq(&variable_entries(
            "template <typename T> constexpr T pi = T(3);\n\
             template <typename T> constexpr int bits = sizeof(T) * 8;\n\
             template <typename T> constexpr int bits<T *> = 64;\n\
             template <typename T> __attribute__((device)) T dev_zero = T(0);\n\
             int f() { return pi<float> + bits<int> + bits<char *> + dev_zero<float>; }\n",
        ));
    }
}
