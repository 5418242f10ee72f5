//! Entries EDG makes for syntax that is no [`il::Item`]: template type parameters (a
//! `tk_template_param` type each), array types (a `tk_array` type per array declarator, at its
//! `[`), the `extern` variables of function bodies (which live in file scope; the other locals
//! EDG keeps there are `locals.rs`'s), and namespace aliases. Measured rules: `docs/spec/il-display.md`.
use std::fmt::Write as _;

use base_db::SourceFile;
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextSize};

use il::IlDatabase;
use il::cuda::MemorySpace;
use il::lookup::ScopeRef;
use il::record::size_align_of;
use il::resolve::{declarator_type, specifier_type};
use il::ty::{Ty, TyKind};

use super::{Lines, field, flag, next_id, spell};

/// Where a declaration sits, as far as these entries care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Context {
    /// Namespace or class scope outside any template.
    Scope,
    /// A function body: the routine's name, for `enclosing_routine`.
    Body,
    /// Inside a template (dependent entities are not displayed yet).
    Template,
}

/// Writes the entries of every template type parameter, array declarator and file-scope local
/// variable of the translation unit, in source order.
pub(super) fn entries(
    db: &dyn IlDatabase,
    file: SourceFile,
    root: &SyntaxNode,
    lines: &Lines,
    ids: &mut usize,
    out: &mut String,
) {
    let from = ScopeRef::File(file);
    for node in root.descendants() {
        match node.kind() {
            TYPE_PARAM => template_param(&node, lines, ids, out),
            TEMPLATE_TEMPLATE_PARAM => template_template_param_uses(&node, lines, ids, out),
            NAMESPACE_ALIAS if context(&node) == Context::Scope => {
                namespace_alias(&node, lines, ids, out);
            }
            SIMPLE_DECLARATION => match context(&node) {
                Context::Scope => {
                    for declarator in object_declarators(&node) {
                        array_types(db, from, &node, &declarator, lines, ids, out);
                    }
                }
                // An `extern` local (of a function template too: one entity for every
                // instance, measured on `extern __shared__ unsigned char raw_shared[]`). The
                // other locals EDG keeps in file scope are `locals.rs`'s.
                Context::Template | Context::Body if is_extern_local(&node) => {
                    for declarator in object_declarators(&node) {
                        local_variable(db, from, &node, &declarator, lines, ids, out);
                        array_types(db, from, &node, &declarator, lines, ids, out);
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
}

/// The context of a declaration: the nearest function body, class or namespace around it, and
/// whether a template encloses it.
fn context(decl: &SyntaxNode) -> Context {
    let mut in_body = false;
    for a in decl.ancestors().skip(1) {
        match a.kind() {
            TEMPLATE_DECL => return Context::Template,
            COMPOUND_STMT => in_body = true,
            _ => {}
        }
    }
    if in_body {
        Context::Body
    } else {
        Context::Scope
    }
}

/// An `extern` declaration in a function body.
fn is_extern_local(decl: &SyntaxNode) -> bool {
    decl.ancestors().any(|a| a.kind() == COMPOUND_STMT)
        && decl.children_with_tokens().any(|e| e.kind() == EXTERN_KW)
}

pub(super) fn memory_space(spec: &SyntaxNode) -> Option<MemorySpace> {
    spec.descendants()
        .filter(|n| n.kind() == ATTRIBUTE)
        .find_map(|a| {
            let name = a.first_token()?;
            Some(
                match name.text().trim_start_matches("__").trim_end_matches("__") {
                    "shared" => MemorySpace::Shared,
                    "constant" => MemorySpace::Constant,
                    "managed" => MemorySpace::Managed,
                    "device" => MemorySpace::Device,
                    _ => return None,
                },
            )
        })
}

/// The declarators of a declaration that declare objects or typedefs (not functions).
pub(super) fn object_declarators(decl: &SyntaxNode) -> Vec<SyntaxNode> {
    decl.children()
        .filter(|n| n.kind() == INIT_DECLARATOR)
        .filter_map(|init| init.children().find(|n| n.kind() == DECLARATOR))
        .filter(|d| !d.children().any(|n| n.kind() == FUNCTION_SUFFIX))
        .collect()
}

/// The declarator's name token (`x` in `*x[4]`).
pub(super) fn declared_name(declarator: &SyntaxNode) -> Option<SyntaxToken> {
    let name = declarator.children().find(|n| n.kind() == NAME_REF)?;
    name.children_with_tokens()
        .filter_map(|t| t.into_token())
        .filter(|t| t.kind() == IDENT)
        .last()
}

fn source_corresp(out: &mut String, name: Option<(&str, usize)>, lines: &Lines, offset: usize) {
    out.push_str("source_corresp:\n");
    if let Some((name, id)) = name {
        field(
            out,
            "  name",
            &format!("file-scope id-name@s{id}: \"{name}\""),
        );
    }
    let pos = lines.pos(offset);
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
}

/// `typename T` / `class... Ts` / an unnamed `typename`: a `tk_template_param` type at the name,
/// or for an unnamed one at the token after the keyword. Template template parameters are
/// templates, not types (only the type parameters in their own lists print).
fn template_param(param: &SyntaxNode, lines: &Lines, ids: &mut usize, out: &mut String) {
    let name = param
        .children_with_tokens()
        .filter_map(|t| t.into_token())
        .find(|t| t.kind() == IDENT);
    let anchor = name.clone().or_else(|| {
        let keyword = param
            .children_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| matches!(t.kind(), TYPENAME_KW | CLASS_KW | DOT3))
            .last()?;
        let mut next = keyword.next_token();
        while let Some(t) = next.as_ref().filter(|t| t.kind().is_trivia()) {
            next = t.next_token();
        }
        next
    });
    let Some(anchor) = anchor else { return };
    let id = next_id(ids);
    let list = param.parent();
    let position = list.as_ref().map_or(1, |l| {
        l.children()
            .filter(|n| matches!(n.kind(), TYPE_PARAM | PARAM | TEMPLATE_TEMPLATE_PARAM))
            .position(|n| &n == param)
            .map_or(1, |i| i + 1)
    });
    let depth = param
        .ancestors()
        .filter(|a| {
            a.kind() == TEMPLATE_DECL
                && a.children()
                    .find(|n| n.kind() == TEMPLATE_PARAM_LIST)
                    .is_some_and(|l| l.children().next().is_some())
        })
        .count();
    out.push('\n');
    writeln!(out, "file-scope type@s{id}").unwrap();
    let name_text = name.as_ref().map(|n| n.text().to_string());
    source_corresp(
        out,
        name_text.as_deref().map(|n| (n, id)),
        lines,
        usize::from(anchor.text_range().start()),
    );
    field(out, "  enclosing_routine", "NULL");
    if name.is_some() {
        field(out, "  name_linkage", "no");
    }
    field(out, "size", "1");
    field(out, "alignment", "1");
    field(out, "kind", "tk_template_param");
    field(out, "kind", "tptk_param");
    field(out, "coordinates.position", &position.to_string());
    field(out, "coordinates.depth", &depth.max(1).to_string());
}

/// `template <typename, int> class C`: each distinct template-id `C<T, 2>` its template writes
/// is a "nonreal" class of size 1 at the parameter's name (`tk_class`, no linkage), the class
/// EDG makes for a specialization it cannot know yet.
fn template_template_param_uses(
    param: &SyntaxNode,
    lines: &Lines,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(name) = param
        .children_with_tokens()
        .filter_map(|t| t.into_token())
        .find(|t| t.kind() == IDENT)
    else {
        return;
    };
    let Some(template) = param.ancestors().find(|a| a.kind() == TEMPLATE_DECL) else {
        return;
    };
    let mut seen = rustc_hash::FxHashSet::default();
    for use_ in template.descendants().filter(|n| n.kind() == NAME_REF) {
        let Some(args) = use_.children().find(|n| n.kind() == TEMPLATE_ARG_LIST) else {
            continue;
        };
        let names_param = use_
            .children_with_tokens()
            .any(|t| t.kind() == IDENT && t.as_token().is_some_and(|t| t.text() == name.text()));
        if !names_param || !seen.insert(il::lower::tokens_text(&args)) {
            continue;
        }
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope type@s{id}").unwrap();
        source_corresp(
            out,
            Some((name.text(), id)),
            lines,
            usize::from(name.text_range().start()),
        );
        field(out, "  enclosing_routine", "NULL");
        field(out, "  name_linkage", "no");
        field(out, "size", "1");
        field(out, "alignment", "1");
        field(out, "kind", "tk_class");
        field(out, "is_template_class", "TRUE");
        field(out, "is_nonreal_class", "TRUE");
    }
}

/// `namespace amd = app::math;`: a `namespace` entry of its own (`is_namespace_alias`).
fn namespace_alias(alias: &SyntaxNode, lines: &Lines, ids: &mut usize, out: &mut String) {
    let Some(name) = alias
        .children_with_tokens()
        .filter_map(|t| t.into_token())
        .find(|t| t.kind() == IDENT)
    else {
        return;
    };
    let id = next_id(ids);
    out.push('\n');
    writeln!(out, "file-scope namespace@s{id}").unwrap();
    source_corresp(
        out,
        Some((name.text(), id)),
        lines,
        usize::from(name.text_range().start()),
    );
    field(out, "  enclosing_routine", "NULL");
    field(out, "  name_linkage", "C++");
    field(out, "is_namespace_alias", "TRUE");
}

/// The type a declarator gives its name, resolved from file scope.
fn declared_type<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    decl: &SyntaxNode,
    declarator: &SyntaxNode,
) -> Ty<'db> {
    let base = specifier_type(db, from, decl);
    declarator_type(db, from, base, declarator)
}

/// One `tk_array` type per array suffix of the declarator's own name (`a[2][3]`: `int [2][3]`
/// at the first `[`, `int [3]` at the second), sized from its element. An unknown bound has
/// size 0 and the element's alignment.
pub(super) fn array_types(
    db: &dyn IlDatabase,
    from: ScopeRef<'_>,
    decl: &SyntaxNode,
    declarator: &SyntaxNode,
    lines: &Lines,
    ids: &mut usize,
    out: &mut String,
) {
    let suffixes: Vec<SyntaxNode> = declarator
        .children()
        .filter(|n| n.kind() == ARRAY_SUFFIX)
        .collect();
    if suffixes.is_empty() {
        return;
    }
    let mut ty = declared_type(db, from, decl, declarator);
    for suffix in suffixes {
        let (elem, bound) = match ty.kind(db) {
            TyKind::Array(elem, bound) => (*elem, *bound),
            // A bound we could not evaluate: the entry is there, its size unknown.
            _ => (Ty::new(db, TyKind::Unknown), None),
        };
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope type@s{id}").unwrap();
        source_corresp(out, None, lines, usize::from(suffix.text_range().start()));
        field(out, "  parent_scope", "NULL");
        field(out, "  enclosing_routine", "NULL");
        let size_align = match bound {
            Some(_) => size_align_of(db, ty).map(|s| (s.size, s.align)),
            None => size_align_of(db, elem).map(|s| (0, s.align)),
        };
        if let Some((size, align)) = size_align {
            field(out, "size", &size.to_string());
            field(out, "alignment", &align.to_string());
        }
        field(out, "kind", "tk_array");
        field(
            out,
            "element_type",
            &format!("file-scope type@ty: {}", spell(db, elem)),
        );
        field(out, "number_of_elements", &bound.unwrap_or(0).to_string());
        ty = elem;
    }
}

/// The array types a member of a class template declares, once per copy of the class (the
/// template itself and each instance): a `tk_array` at each `[` of the declarator whose name
/// is at `name_offset`, sized from `ty` (the member's type in that copy). A bound or element
/// that depends on a template parameter (`T v[N]` in the template) makes a type of size 1 and
/// alignment 1, as EDG prints template-dependent arrays.
pub(super) fn member_array_types<'db>(
    db: &'db dyn IlDatabase,
    root: &SyntaxNode,
    name_offset: usize,
    ty: Ty<'db>,
    lines: &Lines,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(declarator) = root
        .token_at_offset(TextSize::from(name_offset as u32))
        .right_biased()
        .and_then(|t| t.parent_ancestors().find(|a| a.kind() == DECLARATOR))
    else {
        return;
    };
    let mut ty = Some(ty);
    for suffix in declarator.children().filter(|n| n.kind() == ARRAY_SUFFIX) {
        let (size, align) = match ty.map(|t| (t, t.kind(db))) {
            Some((t, TyKind::Array(elem, Some(_)))) => {
                ty = Some(*elem);
                size_align_of(db, t).map_or((1, 1), |s| (s.size, s.align))
            }
            _ => {
                ty = None;
                (1, 1)
            }
        };
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope type@s{id}").unwrap();
        source_corresp(out, None, lines, usize::from(suffix.text_range().start()));
        field(out, "  parent_scope", "NULL");
        field(out, "  enclosing_routine", "NULL");
        field(out, "size", &size.to_string());
        field(out, "alignment", &align.to_string());
        field(out, "kind", "tk_array");
    }
}

/// An `extern` block-scope variable: EDG allocates it in file scope (`sc_extern`, external
/// linkage, no enclosing routine).
fn local_variable(
    db: &dyn IlDatabase,
    from: ScopeRef<'_>,
    decl: &SyntaxNode,
    declarator: &SyntaxNode,
    lines: &Lines,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(name) = declared_name(declarator) else {
        return;
    };
    let space = decl
        .children()
        .filter(|n| n.kind() == ATTRIBUTE_SPEC)
        .find_map(|spec| memory_space(&spec));
    let id = next_id(ids);
    out.push('\n');
    writeln!(out, "file-scope variable@s{id}").unwrap();
    source_corresp(
        out,
        Some((name.text(), id)),
        lines,
        usize::from(name.text_range().start()),
    );
    field(out, "  enclosing_routine", "NULL");
    field(out, "  name_linkage", "C++");
    let ty = declared_type(db, from, decl, declarator);
    field(
        out,
        "type",
        &format!("file-scope type@ty: {}", spell(db, ty)),
    );
    field(out, "storage_class", "sc_extern");
    field(out, "declared_storage_class", "sc_unspecified");
    flag(
        out,
        "device",
        matches!(space, Some(MemorySpace::Device | MemorySpace::Managed)),
    );
    flag(out, "shared", space == Some(MemorySpace::Shared));
    flag(out, "constant", space == Some(MemorySpace::Constant));
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// The display's entries after the header, for an inline fixture.
    fn display(text: &str) -> String {
        let out = crate::display_fixture(text);
        let start = out.find("\nfile-scope").unwrap_or(out.len());
        out[start..].trim_start().to_string()
    }

    #[test]
    fn template_type_parameters_are_types_at_their_names() {
        expect![[r#"
            file-scope type@s1
            source_corresp:
              name:                  file-scope id-name@s1: "T"
              decl_position.seq:     1
              decl_position.column:  20
              enclosing_routine:     NULL
              name_linkage:          no
            size:                    1
            alignment:               1
            kind:                    tk_template_param
            kind:                    tptk_param
            coordinates.position:    1
            coordinates.depth:       1

            file-scope type@s2
            source_corresp:
              decl_position.seq:     1
              decl_position.column:  38
              enclosing_routine:     NULL
            size:                    1
            alignment:               1
            kind:                    tk_template_param
            kind:                    tptk_param
            coordinates.position:    3
            coordinates.depth:       1

            file-scope type@p3
            source_corresp:
              name:                  file-scope id-name@p3: "V"
              decl_position.seq:     1
              decl_position.column:  47
              enclosing_routine:     NULL
              name_linkage:          C++
            size:                    0
            alignment:               1
            kind:                    tk_struct
            is_template_class:       TRUE
            is_prototype_instantiation:
                                     TRUE
        "#]]
        .assert_eq(&display(
            "template <typename T, int N, typename> struct V;\n",
        ));
    }

    #[test]
    fn array_declarators_make_one_type_per_bound() {
        expect![[r#"
            file-scope variable@0
            source_corresp:
              name:                  file-scope id-name@0: "m"
              decl_position.seq:     1
              decl_position.column:  7
              parent_scope:          file-scope scope@file
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: float [2][3]
            storage_class:           sc_unspecified
            declared_storage_class:  sc_unspecified

            file-scope type@s1
            source_corresp:
              decl_position.seq:     1
              decl_position.column:  8
              parent_scope:          NULL
              enclosing_routine:     NULL
            size:                    24
            alignment:               4
            kind:                    tk_array
            element_type:            file-scope type@ty: float [3]
            number_of_elements:      2

            file-scope type@s2
            source_corresp:
              decl_position.seq:     1
              decl_position.column:  11
              parent_scope:          NULL
              enclosing_routine:     NULL
            size:                    12
            alignment:               4
            kind:                    tk_array
            element_type:            file-scope type@ty: float
            number_of_elements:      3
        "#]]
        .assert_eq(&display("float m[2][3];\n"));
    }

    #[test]
    fn static_shared_and_extern_locals_live_in_file_scope() {
        expect![[r#"
            file-scope routine@0
            source_corresp:
              name:                  file-scope id-name@0: "k"
              decl_position.seq:     1
              decl_position.column:  6
              parent_scope:          file-scope scope@file
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: void ()
            storage_class:           sc_unspecified
            declared_storage_class:  sc_unspecified
            defined:                 TRUE

            file-scope variable@s1
            source_corresp:
              name:                  file-scope id-name@s1: "e"
              decl_position.seq:     3
              decl_position.column:  14
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: int
            storage_class:           sc_extern
            declared_storage_class:  sc_unspecified

            file-scope variable@l2
            source_corresp:
              name:                  file-scope id-name@l2: "t"
              decl_position.seq:     2
              decl_position.column:  33
              parent_scope:          NULL
              enclosing_routine:     file-scope routine@r: k
              is_local_to_function:  TRUE
              name_linkage:          no
            type:                    file-scope type@ty: float [4]
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            shared:                  TRUE

            file-scope type@s3
            source_corresp:
              decl_position.seq:     2
              decl_position.column:  34
              parent_scope:          NULL
              enclosing_routine:     NULL
            size:                    16
            alignment:               4
            kind:                    tk_array
            element_type:            file-scope type@ty: float
            number_of_elements:      4
        "#]]
        .assert_eq(&display(
            "void k() {\n  __attribute__((shared)) float t[4];\n  extern int e;\n  int a[2];\n}\n",
        ));
    }

    /// Checked against cudafe++: the template's dependent `T v[N]` is one type of size 1, each
    /// instance re-declares its own arrays, a non-dependent `int w[2][3]` included.
    #[test]
    fn class_template_members_declare_arrays_per_copy() {
        let out = crate::display_fixture(
            "template <typename T, int N> struct V { T v[N]; int w[2][3]; };\n\
             V<float, 4> a;\nV<double, 2> b;\n",
        );
        let arrays: String = out
            .split("\n\n")
            .filter(|e| e.contains("tk_array"))
            .map(|e| {
                let get = |label: &str| crate::entry_field(e, label);
                format!(
                    "{} size={} align={}\n",
                    get("decl_position.column"),
                    get("size"),
                    get("alignment")
                )
            })
            .collect();
        expect![[r#"
            44 size=1 align=1
            54 size=24 align=4
            57 size=12 align=4
            44 size=16 align=4
            54 size=24 align=4
            57 size=12 align=4
            44 size=16 align=8
            54 size=24 align=4
            57 size=12 align=4
        "#]]
        .assert_eq(&arrays);
    }

    /// Checked against cudafe++: an `extern` local of a function template prints once, with
    /// its array type (incomplete: size 0).
    #[test]
    fn an_extern_local_of_a_template_prints_once() {
        let out = crate::fixture_entries_containing(
            "template <typename T> T *buf() {\n\
             extern __attribute__((shared)) unsigned char raw[];\n\
             return (T *)raw;\n}\n",
            "\"raw\"",
        );
        expect![[r#"
            file-scope variable@s2
            source_corresp:
              name:                  file-scope id-name@s2: "raw"
              decl_position.seq:     2
              decl_position.column:  46
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: unsigned char []
            storage_class:           sc_extern
            declared_storage_class:  sc_unspecified
            shared:                  TRUE

        "#]]
        .assert_eq(&out);
    }
}
