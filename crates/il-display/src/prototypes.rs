//! The entries of templates themselves, which EDG keeps as "prototype instantiations": a class
//! template (or partial specialization) is a type of size 0 at its name, each of its members an
//! entry at the member (a member function defined outside the class at that definition), and a
//! function template a routine at its name. Types print with the template's parameters as
//! `T#(depth,position)` (`T#(1,1) &(int)`).
//!
//! Not yet: member templates of class templates (a second depth), types that depend on a
//! non-type parameter (`T v[N]`), which print as unknown, and the templates of headers (only
//! the primary source file's are printed: resolving every header template's members costs more
//! than the rest of the display).
use std::fmt::Write as _;

use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use il::IlDatabase;
use il::decl::{routine_decl, variable_decl};
use il::instantiate::{Bound, TemplateArg, is_specialization, template_params};
use il::item::{Item, ItemKind};
use il::resolve::declaration_of;
use il::scope::all_items;
use il::ty::{Cv, Ty};
use xref::XrefLine;

use super::{Lines, Located, field, flag, next_id, spell};

/// Writes the prototype entries of the class and function templates of the translation unit.
pub(super) fn entries<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let (xref, offsets, lines) = (located.xref, located.offsets, located.lines);
    let member_lines = super::instances::MemberLines::new(xref);
    // Explicit specializations seen per template, to pair them with the xref's lines.
    let mut specializations: rustc_hash::FxHashMap<String, usize> = Default::default();
    for item in all_items(db, file) {
        let params = template_params(db, item);
        if params.is_empty() {
            if item.kind(db) == ItemKind::ClassTemplate && is_specialization(db, item) {
                let n = specializations.entry(item.qualified_name(db)).or_default();
                explicit_specialization(db, item, *n, located, &member_lines, ids, out);
                *n += 1;
            }
            continue;
        }
        let Some(&offset) = offsets.get(&item) else {
            continue;
        };
        // Resolving every header template's members under its parameters costs more than the
        // rest of the display (tens of seconds for thrust): only the primary file's templates.
        if !lines.is_primary(offset) {
            continue;
        }
        // Members of class templates print with their class; nested templates need a second
        // depth (not yet).
        if item
            .parent(db)
            .is_some_and(|p| p.kind(db) == ItemKind::ClassTemplate)
        {
            continue;
        }
        let names: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
        let args: Vec<TemplateArg<'db>> = il::instantiate::parameters_as_arguments(db, params, 1);
        let bound = Bound::new(db, item, args);
        let spelled = |ty: Ty<'db>| spell_in_template(db, ty, &names);
        match item.kind(db) {
            ItemKind::ClassTemplate => {
                let id = next_id(ids);
                out.push('\n');
                writeln!(out, "file-scope type@p{id}").unwrap();
                source_corresp(db, out, item, id, lines, offset);
                field(out, "size", "0");
                field(out, "alignment", "1");
                field(out, "kind", class_kind(db, item));
                field(out, "is_template_class", "TRUE");
                field(out, "is_prototype_instantiation", "TRUE");
                if is_specialization(db, item) {
                    specialization_id(db, item, located, ids, out);
                }
                let positions =
                    super::instances::member_positions(db, item, offset, &member_lines, true);
                for &member in il::scope::scope_items(db, item) {
                    let Some(&at) = positions.get(&member) else {
                        continue;
                    };
                    let kind = member.kind(db);
                    let id = next_id(ids);
                    if kind == ItemKind::FunctionTemplate {
                        // A member template: a prototype of its own inside the class's.
                        let copy = super::instances::MemberTemplateCopy {
                            outer_names: &names,
                            defined: has_definition(db, member, xref, at),
                            with_params: false,
                        };
                        super::instances::member_template_copy(
                            db, located, member, bound, at, id, copy, ids, out,
                        );
                        continue;
                    }
                    let ty = il::resolve::declared_type_under(db, member, bound);
                    match kind {
                        ItemKind::Field => {
                            out.push('\n');
                            writeln!(out, "file-scope field@p{id}").unwrap();
                            source_corresp(db, out, member, id, lines, at);
                            field(out, "type", &format!("file-scope type@ty: {}", spelled(ty)));
                            // EDG does not lay out a template: every field is at 0 (measured,
                            // dependent or not).
                            field(out, "offset", "0");
                            super::syntactic::member_array_types(
                                db,
                                located.root,
                                at,
                                ty,
                                lines,
                                ids,
                                out,
                            );
                        }
                        ItemKind::Variable => {
                            let s = &variable_decl(db, member).specifiers;
                            let ty = if s.is_constexpr {
                                let cv = Cv {
                                    is_const: true,
                                    ..Cv::default()
                                };
                                ty.qualified(db, cv)
                            } else {
                                ty
                            };
                            out.push('\n');
                            writeln!(out, "file-scope variable@p{id}").unwrap();
                            source_corresp(db, out, member, id, lines, at);
                            let mut spelled_ty = spelled(ty);
                            // `static constexpr auto value = V;`: the placeholder stays
                            // undeduced in the template (`const auto`).
                            if declares_auto(db, member) {
                                spelled_ty = spelled_ty.replace("<unknown>", "auto");
                            }
                            field(out, "type", &format!("file-scope type@ty: {spelled_ty}"));
                            // Defined outside the class (`template <typename T> int
                            // A<T>::s = 1;`): the entry is that definition's.
                            let defined_outside = !(s.is_constexpr || s.is_inline)
                                && has_definition(db, member, xref, at);
                            let storage = if s.is_constexpr || s.is_inline || defined_outside {
                                "sc_unspecified"
                            } else {
                                "sc_extern"
                            };
                            field(out, "storage_class", storage);
                            let declared = if s.is_static && !defined_outside {
                                "sc_static"
                            } else {
                                "sc_unspecified"
                            };
                            field(out, "declared_storage_class", declared);
                            flag(out, "is_constexpr", s.is_constexpr);
                        }
                        ItemKind::Routine => {
                            let class = item.name_text(db).unwrap_or("");
                            let defined = has_definition(db, member, xref, at);
                            out.push('\n');
                            writeln!(out, "file-scope routine@p{id}").unwrap();
                            source_corresp(db, out, member, id, lines, at);
                            routine(db, out, member, class, &spelled(ty), defined);
                        }
                        _ => {}
                    }
                }
            }
            // (An out-of-class member definition `V<T>::f` belongs to its class.)
            ItemKind::FunctionTemplate
                if !is_specialization(db, item)
                    && !item.name_text(db).is_some_and(|n| n.contains("::")) =>
            {
                let ty = il::resolve::declared_type_under(db, item, bound);
                let id = next_id(ids);
                out.push('\n');
                writeln!(out, "file-scope routine@p{id}").unwrap();
                source_corresp(db, out, item, id, lines, offset);
                let defined = item.body(db).is_some();
                let mut spelled = mark_pack_expansions(db, item, &spelled(ty));
                // `auto f(...)`: the return type stays undeduced in the template.
                if declares_auto(db, item)
                    && let Some(rest) = spelled.strip_prefix("<unknown>")
                {
                    spelled = format!("auto{rest}");
                }
                routine(db, out, item, "", &spelled, defined);
            }
            _ => {}
        }
    }
}

/// An explicit specialization (`template <> struct Traits<void> {...}`) is an ordinary class
/// named like its template, at its own name, with its implicit assignments and members. Its
/// position and spelling (`Traits<void>`) are the `n`-th defining xref line of the
/// template's name with arguments.
fn explicit_specialization<'db>(
    db: &'db dyn IlDatabase,
    item: Item<'db>,
    n: usize,
    located: &Located<'_, 'db>,
    member_lines: &super::instances::MemberLines<'_>,
    ids: &mut usize,
    out: &mut String,
) {
    let qualified = item.qualified_name(db);
    let prefix = format!("{qualified}<");
    let Some(line) = located
        .xref
        .iter()
        .filter(|l| l.kind == 'D' && l.name.starts_with(&prefix) && l.name.ends_with('>'))
        .nth(n)
    else {
        return;
    };
    let offset = usize::from(line.offset);
    if !located.lines.is_primary(offset) {
        return;
    }
    let id = next_id(ids);
    let pos = located.lines.pos(offset);
    out.push('\n');
    writeln!(out, "file-scope type@p{id}").unwrap();
    source_corresp(db, out, item, id, located.lines, offset);
    let layout = il::record::explicit_specialization_layout(db, item);
    if let Some(layout) = &layout {
        field(out, "size", &layout.size.to_string());
        field(out, "alignment", &layout.align.to_string());
    }
    // The layout's fields, in the order `record` lowers them.
    let layout_fields: Vec<Item<'db>> = il::scope::scope_items(db, item)
        .iter()
        .copied()
        .filter(|&f| {
            f.kind(db) == ItemKind::Field
                || (matches!(
                    f.kind(db),
                    ItemKind::Class | ItemKind::Struct | ItemKind::Union
                ) && f.signature_key(db) == il::lower::ANONYMOUS_AGGREGATE)
        })
        .collect();
    let field_offset = |member: Item<'db>| {
        let layout = layout.as_ref()?;
        if layout.field_offsets.len() != layout_fields.len() {
            return None;
        }
        let n = layout_fields.iter().position(|&f| f == member)?;
        Some(layout.field_offsets[n] / 8)
    };
    field(out, "kind", class_kind(db, item));
    field(out, "is_template_class", "TRUE");
    super::implicit::assignments_of(db, out, item, &line.name, &format!("p{id}"), pos);
    let positions = super::instances::member_positions(db, item, offset, member_lines, true);
    for &member in il::scope::scope_items(db, item) {
        let Some(&at) = positions.get(&member) else {
            continue;
        };
        let id = next_id(ids);
        match member.kind(db) {
            ItemKind::Field | ItemKind::Variable => {
                let is_field = member.kind(db) == ItemKind::Field;
                let s = &variable_decl(db, member).specifiers;
                let mut ty = il::resolve::declared_type(db, member);
                if s.is_constexpr {
                    let cv = Cv {
                        is_const: true,
                        ..Cv::default()
                    };
                    ty = ty.qualified(db, cv);
                }
                out.push('\n');
                let kind = if is_field { "field" } else { "variable" };
                writeln!(out, "file-scope {kind}@p{id}").unwrap();
                source_corresp(db, out, member, id, located.lines, at);
                field(
                    out,
                    "type",
                    &format!("file-scope type@ty: {}", spell(db, ty)),
                );
                if is_field && let Some(offset) = field_offset(member) {
                    field(out, "offset", &offset.to_string());
                }
                if !is_field {
                    let inline = s.is_constexpr || s.is_inline;
                    let storage = if inline {
                        "sc_unspecified"
                    } else {
                        "sc_extern"
                    };
                    field(out, "storage_class", storage);
                    let declared = if s.is_static {
                        "sc_static"
                    } else {
                        "sc_unspecified"
                    };
                    field(out, "declared_storage_class", declared);
                    flag(out, "is_constexpr", s.is_constexpr);
                }
            }
            ItemKind::Typedef => {
                out.push('\n');
                writeln!(out, "file-scope type@p{id}").unwrap();
                source_corresp(db, out, member, id, located.lines, at);
                field(out, "size", "0");
                field(out, "alignment", "1");
                field(out, "kind", "tk_typeref");
            }
            _ => {}
        }
    }
}

/// A function template's parameter declared as a pack expansion (`Rest... rest`) spells
/// with `...` after its type (`int (T#(1,1), Rest#(1,2)...)`): the types resolved for the
/// parameters do not say it, the declaration does.
fn mark_pack_expansions(db: &dyn IlDatabase, item: Item<'_>, spelled: &str) -> String {
    let header = SyntaxNode::new_root(item.header(db).clone());
    let Some(params) = header
        .descendants()
        .find(|n| n.kind() == FUNCTION_SUFFIX)
        .and_then(|s| s.children().find(|n| n.kind() == PARAM_LIST))
    else {
        return spelled.to_string();
    };
    let packs: Vec<bool> = params
        .children()
        .filter(|n| n.kind() == PARAM)
        .map(|p| p.descendants_with_tokens().any(|t| t.kind() == DOT3))
        .collect();
    if !packs.contains(&true) {
        return spelled.to_string();
    }
    // The parameter list is the first top-level `(...)` after the return type.
    let Some(open) = top_level_paren(spelled) else {
        return spelled.to_string();
    };
    let mut out = spelled[..=open].to_string();
    let (mut depth, mut index, mut start) = (0i32, 0usize, open + 1);
    for (i, c) in spelled[open + 1..]
        .char_indices()
        .map(|(i, c)| (i + open + 1, c))
    {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' if depth > 0 => depth -= 1,
            ',' | ')' if depth == 0 => {
                out.push_str(&spelled[start..i]);
                if packs.get(index).copied().unwrap_or(false) {
                    out.push_str("...");
                }
                index += 1;
                start = i;
                if c == ')' {
                    out.push_str(&spelled[i..]);
                    return out;
                }
            }
            _ => {}
        }
    }
    spelled.to_string()
}

/// The offset of the `(` that opens a function type's parameter list: the first one at
/// template-argument depth 0 (`Vec<int> (int)`).
fn top_level_paren(spelled: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in spelled.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            '(' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// Whether a variable's type is the placeholder `auto` (its decl-specifiers say `auto`).
fn declares_auto(db: &dyn IlDatabase, item: Item<'_>) -> bool {
    let decl = declaration_of(SyntaxNode::new_root(item.header(db).clone()));
    decl.children_with_tokens().any(|t| t.kind() == AUTO_KW)
}

/// A partial specialization's template-id (`Traits<T *>`) is also a "nonreal" class of size 1
/// at the primary template's name (measured: `Traits` 29:8 and `A` 5:30 in the test programs).
fn specialization_id<'db>(
    db: &'db dyn IlDatabase,
    spec: Item<'db>,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(name) = spec.name_text(db) else {
        return;
    };
    let scope = spec.parent(db).map_or(
        il::lookup::ScopeRef::File(spec.file(db)),
        il::lookup::ScopeRef::Item,
    );
    let primary = il::lookup::members_named(db, scope, name)
        .into_iter()
        .find(|&d| d.kind(db) == ItemKind::ClassTemplate && !is_specialization(db, d));
    let Some(primary) = primary else { return };
    nonreal_class(db, primary, located, ids, out);
}

/// A "nonreal" class of size 1 at the primary template's name: what EDG makes for a
/// template-id that names no real instance (a partial specialization's, or one with dependent
/// arguments: [`super::template_ids`]).
pub(super) fn nonreal_class<'db>(
    db: &'db dyn IlDatabase,
    primary: Item<'db>,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(&offset) = located.offsets.get(&primary) else {
        return;
    };
    let id = next_id(ids);
    out.push('\n');
    writeln!(out, "file-scope type@p{id}").unwrap();
    source_corresp(db, out, primary, id, located.lines, offset);
    field(out, "size", "1");
    field(out, "alignment", "1");
    field(out, "kind", class_kind(db, primary));
    field(out, "is_template_class", "TRUE");
    field(out, "is_nonreal_class", "TRUE");
}

/// `tk_struct`, `tk_class` or `tk_union` by the class key of the class itself (not the `class`
/// of a template template parameter in its template's parameter list).
pub(super) fn class_kind(db: &dyn IlDatabase, item: Item<'_>) -> &'static str {
    let header = declaration_of(SyntaxNode::new_root(item.header(db).clone()));
    let key = header
        .descendants_with_tokens()
        .find(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW | UNION_KW))
        .map(|t| t.kind());
    match key {
        Some(CLASS_KW) => "tk_class",
        Some(UNION_KW) => "tk_union",
        _ => "tk_struct",
    }
}

/// A member function is defined when it has a body in the class or a definition outside (its
/// position is then the definition's, a `D` line of the xref walk).
pub(super) fn has_definition(
    db: &dyn IlDatabase,
    member: Item<'_>,
    xref: &[XrefLine],
    at: usize,
) -> bool {
    member.body(db).is_some()
        || xref
            .iter()
            .any(|l| usize::from(l.offset) == at && l.kind == 'D')
}

fn source_corresp(
    db: &dyn IlDatabase,
    out: &mut String,
    item: Item<'_>,
    id: usize,
    lines: &Lines,
    offset: usize,
) {
    out.push_str("source_corresp:\n");
    if let Some(name) = item.name_text(db) {
        field(
            out,
            "  name",
            &format!("file-scope id-name@p{id}: \"{name}\""),
        );
    }
    let pos = lines.pos(offset);
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    let member = item
        .parent(db)
        .is_some_and(|p| matches!(p.kind(db), ItemKind::ClassTemplate));
    if member {
        field(out, "  is_class_member", "TRUE");
        let access = super::access_name(item.access(db));
        field(out, "  access", access);
    }
    field(out, "  enclosing_routine", "NULL");
    let linkage = if matches!(item.kind(db), ItemKind::Field | ItemKind::Typedef) {
        "no"
    } else {
        "C++"
    };
    field(out, "  name_linkage", linkage);
}

fn routine(
    db: &dyn IlDatabase,
    out: &mut String,
    item: Item<'_>,
    class: &str,
    spelled: &str,
    defined: bool,
) {
    let decl = routine_decl(db, item);
    let name = item.name_text(db).unwrap_or("");
    let ty = if !class.is_empty() && (name == class || name.starts_with('~')) {
        // Constructors and destructors return `void`.
        match spelled.find('(') {
            Some(i) => format!("void {}", &spelled[i..]),
            None => spelled.to_string(),
        }
    } else {
        spelled.to_string()
    };
    field(out, "type", &format!("file-scope type@ty: {ty}"));
    let storage = if decl.specifiers.is_static && class.is_empty() {
        "sc_static"
    } else if defined {
        "sc_unspecified"
    } else {
        "sc_extern"
    };
    field(out, "storage_class", storage);
    let declared = if decl.specifiers.is_static {
        "sc_static"
    } else {
        "sc_unspecified"
    };
    field(out, "declared_storage_class", declared);
    field(out, "defined", if defined { "TRUE" } else { "FALSE" });
    super::exec_space_fields(out, decl.exec_space);
    flag(out, "is_virtual", decl.specifiers.is_virtual);
    flag(out, "pure_virtual", decl.is_pure);
    flag(out, "is_explicit_constructor", decl.specifiers.is_explicit);
    flag(out, "is_defaulted", decl.is_defaulted);
    flag(out, "is_deleted", decl.is_deleted);
    flag(out, "is_template_function", true);
}

/// A type spelled with the template's parameters as EDG writes them: `T#(1,1)`.
pub(super) fn spell_in_template(db: &dyn IlDatabase, ty: Ty<'_>, names: &[String]) -> String {
    let mut text = spell(db, ty);
    for (i, name) in names.iter().enumerate() {
        text = text.replace(
            &format!("<template parameter 1.{i}>"),
            &format!("{name}#(1,{})", i + 1),
        );
        // A non-type parameter spells as its name (`W<T#(1,1), N> *`), without the space
        // EDG puts between two closing `>`.
        text = text
            .replace(&format!("<parameter {i}> >"), &format!("{name}>"))
            .replace(&format!("<parameter {i}>"), name);
    }
    text
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    fn prototype_entries(text: &str) -> String {
        crate::fixture_entries_containing(text, "@p")
    }

    #[test]
    fn templates_print_as_prototype_instantiations() {
        expect![[r#"
            file-scope type@p4
            source_corresp:
              name:                  file-scope id-name@p4: "V"
              decl_position.seq:     1
              decl_position.column:  30
              enclosing_routine:     NULL
              name_linkage:          C++
            size:                    0
            alignment:               1
            kind:                    tk_struct
            is_template_class:       TRUE
            is_prototype_instantiation:
                                     TRUE

            file-scope field@p5
            source_corresp:
              name:                  file-scope id-name@p5: "v"
              decl_position.seq:     2
              decl_position.column:  5
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          no
            type:                    file-scope type@ty: T#(1,1)
            offset:                  0

            file-scope routine@p6
            source_corresp:
              name:                  file-scope id-name@p6: "at"
              decl_position.seq:     3
              decl_position.column:  6
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: T#(1,1) &(int)
            storage_class:           sc_extern
            declared_storage_class:  sc_unspecified
            defined:                 FALSE
            is_template_function:    TRUE

            file-scope routine@p7
            source_corresp:
              name:                  file-scope id-name@p7: "get"
              decl_position.seq:     6
              decl_position.column:  31
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: T#(1,1) () const
            storage_class:           sc_unspecified
            declared_storage_class:  sc_unspecified
            defined:                 TRUE
            is_template_function:    TRUE

            file-scope routine@p8
            source_corresp:
              name:                  file-scope id-name@p8: "mx"
              decl_position.seq:     7
              decl_position.column:  49
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: T#(1,1) (T#(1,1), T#(1,1))
            storage_class:           sc_unspecified
            declared_storage_class:  sc_unspecified
            defined:                 TRUE
            device:                  TRUE
            is_template_function:    TRUE


        "#]]
        .assert_eq(&prototype_entries(
            "template <typename T> struct V {\n  T v;\n  T &at(int i);\n  T get() const;\n};\ntemplate <typename T> T V<T>::get() const { return v; }\ntemplate <typename T> __attribute__((device)) T mx(T a, T b) { return a; }\n",
        ));
    }
}

#[cfg(test)]
mod explicit_specialization_tests {
    use expect_test::expect;

    use crate::test_db::TestDb;
    use crate::{DisplayOptions, render_file_scope};

    #[test]
    fn an_explicit_specialization_is_a_class_at_its_own_name() {
        let (db, file) = TestDb::with_file(
            "template <typename T> struct A { T x; };\ntemplate <> struct A<char> { int c; using type = void; };\n",
        );
        let out = render_file_scope(&db, file, &DisplayOptions::default());
        let lines: String = out
            .lines()
            .filter(|l| l.contains("name:") || l.starts_with("type:") || l.contains(".seq"))
            .map(|l| format!("{}\n", l.trim()))
            .collect();
        expect![[r#"
            name:                  file-scope id-name@s1: "T"
            decl_position.seq:     1
            name:                  file-scope id-name@p2: "A"
            decl_position.seq:     1
            name:                  file-scope id-name@p3: "x"
            decl_position.seq:     1
            type:                    file-scope type@ty: T#(1,1)
            name:                  file-scope id-name@p4: "A"
            decl_position.seq:     2
            name:                  file-scope id-name@p4.0: "operator="
            decl_position.seq:     2
            type:                    file-scope type@ty: A<char> &(const A<char> &)
            name:                  file-scope id-name@p4.1: "operator="
            decl_position.seq:     2
            type:                    file-scope type@ty: A<char> &(A<char> &&)
            name:                  file-scope id-name@p5: "c"
            decl_position.seq:     2
            type:                    file-scope type@ty: int
            name:                  file-scope id-name@p6: "type"
            decl_position.seq:     2
        "#]]
        .assert_eq(&lines);
    }

    /// Checked against cudafe++: the partial specialization's template-id `A<T *>` is a class
    /// of size 1 at the primary's name, the template template parameter's `C<T, 2>` one at the
    /// parameter, and the explicit specialization is laid out (size 4, `c` at 0).
    #[test]
    fn nonreal_classes_and_explicit_specialization_layout() {
        let (db, file) = TestDb::with_file(
            "template <typename T> struct A { T x; };\n\
             template <typename T> struct A<T *> { int p; };\n\
             template <> struct A<char> { int c; };\n\
             template <template <typename> class C, typename T> struct H { C<T> v; };\n",
        );
        let out = render_file_scope(&db, file, &DisplayOptions::default());
        let types: String = out
            .split("\n\n")
            .filter(|e| e.starts_with("file-scope type@p") || e.contains("is_nonreal_class"))
            .map(|e| {
                let get = |label: &str| crate::entry_field(e, label);
                let name = get("name");
                format!(
                    "{} {}:{} size={} {} nonreal={}\n",
                    name.rsplit(": ").next().unwrap_or(""),
                    get("decl_position.seq"),
                    get("decl_position.column"),
                    get("size"),
                    get("kind"),
                    !get("is_nonreal_class").is_empty(),
                )
            })
            .collect();
        expect![[r#"
            "C" 4:37 size=1 tk_class nonreal=true
            "A" 1:30 size=0 tk_struct nonreal=false
            "A" 2:30 size=0 tk_struct nonreal=false
            "A" 1:30 size=1 tk_struct nonreal=true
            "A" 3:20 size=4 tk_struct nonreal=false
            "H" 4:59 size=0 tk_struct nonreal=false
        "#]]
        .assert_eq(&types);
    }

    /// Checked against cudafe++: pack expansion parameters spell with `...`, an `auto` return
    /// stays `auto` in the template.
    #[test]
    fn pack_expansions_and_auto_returns() {
        let (db, file) = TestDb::with_file(
            "template <typename... Ts> auto sum_all(Ts... xs) { return 0; }\n\
             template <typename T, typename... Rest> int count(T, Rest... rest) { return 1; }\n",
        );
        let out = render_file_scope(&db, file, &DisplayOptions::default());
        let types: String = out
            .lines()
            .filter(|l| l.starts_with("type:"))
            .map(|l| format!("{}\n", l.trim_start_matches("type:").trim()))
            .collect();
        expect![[r#"
            file-scope type@ty: auto (Ts#(1,1)...)
            file-scope type@ty: int (T#(1,1), Rest#(1,2)...)
        "#]]
        .assert_eq(&types);
    }
}
