//! The entries of class template instances: EDG prints an instance `Vec<float, 4>` as a type
//! named `Vec` at the primary template's name, with its implicit copy and move assignments
//! there, and one entry per member at the member's position in the definition the instance is
//! made from (primary template, partial or explicit specialization), types substituted; member
//! functions are declared only (`defined: FALSE`, `sc_extern`).
//!
//! Which instances exist is found syntactically: the template-ids written outside templates
//! (declarations, qualified names, functional casts), and the instances those instances'
//! members name. Instance layout and member types come from [`il::instantiate`]. Only the
//! instances of templates declared in the primary source file are printed (for speed, as for
//! [`super::prototypes`]).
use std::fmt::Write as _;

use rustc_hash::{FxHashMap, FxHashSet};
use syntax::{SyntaxKind::*, SyntaxNode};

use il::IlDatabase;
use il::decl::routine_decl;
use il::instantiate::{
    Bound, ClassInstance, TemplateArg, instance_definition, is_specialization, template_params,
};
use il::item::{Item, ItemKind};
use il::lookup::ScopeRef;
use il::record::instance_layout;
use il::resolve::{declared_type_under, specifier_type_in};
use il::scope::scope_items;
use il::ty::{Ty, TyKind};
use xref::XrefLine;

use super::{Located, field, flag, spell, spell_params};

/// Writes the entries of every instance named outside templates, and of the instances class
/// template argument deduction made (`deduced`: the types of variables, so complete).
pub(super) fn entries<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
    located: &Located<'_, 'db>,
    deduced: &[ClassInstance<'db>],
    ids: &mut usize,
    out: &mut String,
) {
    let (xref, offsets, lines) = (located.xref, located.offsets, located.lines);
    let member_lines = &MemberLines::new(xref);
    let completed: FxHashSet<&str> = xref
        .iter()
        .filter_map(|l| split_member(&l.name).map(|(prefix, _)| prefix))
        .collect();
    let mut found = named_instances(db, file, root);
    let explicit = explicitly_instantiated(db, file, root);
    let mut seen: FxHashSet<ClassInstance<'db>> = found.iter().copied().collect();
    for &inst in deduced {
        if seen.insert(inst) {
            found.push(inst);
        }
    }
    // (Looked up by every complete instance's member templates: found once.)
    let templates = super::template_ids::Templates::new(db, file, located);
    let mut i = 0;
    while i < found.len() {
        let inst = found[i];
        i += 1;
        let Some(bound) = instance_definition(db, inst) else {
            continue;
        };
        if inst.class(db).kind(db) != ItemKind::ClassTemplate {
            continue;
        }
        let Some(&class_offset) = offsets.get(&inst.class(db)) else {
            continue;
        };
        // Like the prototypes, only the instances of the primary file's templates (for speed).
        if !lines.is_primary(class_offset) {
            continue;
        }
        let definition = bound.definition(db);
        // An explicit specialization is a class of its own (`template <>`: no parameters).
        if is_specialization(db, definition) && template_params(db, definition).is_empty() {
            continue;
        }
        let def_offset = offsets.get(&definition).copied().unwrap_or(class_offset);
        let name = Ty::new(db, TyKind::Instance(inst)).display(db);
        let id = super::next_id(ids);
        // Only a completed instance declares members; the xref walk knows which are (it logs
        // their members), an instance only pointed to is an incomplete type of size 0.
        let completed = completed.contains(name.as_str()) || deduced.contains(&inst);
        class_entry(
            db,
            inst,
            definition,
            completed,
            id,
            lines.pos(class_offset),
            out,
        );
        if !completed {
            continue;
        }
        super::implicit::assignments_of(
            db,
            out,
            definition,
            &name,
            &format!("i{id}"),
            lines.pos(class_offset),
        );
        // A variable whose class template arguments were deduced is constructed: overload
        // resolution declares the implicit constructors.
        if deduced.contains(&inst) {
            let construction = super::implicit::Construction {
                lookup: true,
                default: false,
                copy: false,
            };
            super::implicit::constructors_spelled(
                db,
                out,
                definition,
                &name,
                &format!("i{id}"),
                lines.pos(class_offset),
                construction,
            );
        }
        // A complete class completes its bases (`Tuple<float>` of `Tuple<int, float>`, the
        // CRTP base `Crtp<Node<int>>`).
        for base in base_instances(db, bound) {
            if seen.insert(base) {
                found.push(base);
            }
        }
        // An explicit instantiation definition (`template struct A<double>;`) defines every
        // member: its entries are the definitions'.
        let explicit = explicit.contains(&inst);
        let positions = member_positions(db, definition, def_offset, member_lines, explicit);
        let layout = instance_layout(db, inst).ok();
        let mut field_index = 0;
        for &member in scope_items(db, definition) {
            let kind = member.kind(db);
            let this_field = field_index;
            if kind == ItemKind::Field {
                field_index += 1;
            }
            let Some(&offset) = positions.get(&member) else {
                continue;
            };
            let id = super::next_id(ids);
            let pos = lines.pos(offset);
            if kind == ItemKind::FunctionTemplate {
                let copy = MemberTemplateCopy {
                    outer_names: &[],
                    defined: false,
                    with_params: true,
                };
                member_template_copy(db, located, member, bound, offset, id, copy, ids, out);
                super::template_ids::instance_copies(
                    db, file, located, &templates, offset, ids, out,
                );
                continue;
            }
            let ty = match kind {
                ItemKind::Field | ItemKind::Variable | ItemKind::Routine => {
                    declared_type_under(db, member, bound)
                }
                _ => continue,
            };
            if let TyKind::Instance(nested) = ty.kind(db)
                && seen.insert(*nested)
            {
                found.push(*nested);
            }
            let entry_kind = match kind {
                ItemKind::Field => "field",
                ItemKind::Variable => "variable",
                _ => "routine",
            };
            let linkage = if kind == ItemKind::Field { "no" } else { "C++" };
            member_entry_header(db, out, entry_kind, id, member, pos, linkage);
            match kind {
                ItemKind::Field => {
                    field(
                        out,
                        "type",
                        &format!("file-scope type@ty: {}", spell(db, ty)),
                    );
                    if let Some(bits) = layout
                        .as_ref()
                        .and_then(|l| l.field_offsets.get(this_field))
                    {
                        field(out, "offset", &(bits / 8).to_string());
                    }
                    super::syntactic::member_array_types(
                        db,
                        located.root,
                        offset,
                        ty,
                        lines,
                        ids,
                        out,
                    );
                }
                ItemKind::Variable => {
                    // Declared in the class only, unless inline (constexpr, which also makes
                    // the type const).
                    let s = &il::decl::variable_decl(db, member).specifiers;
                    let ty = if s.is_constexpr {
                        let cv = il::ty::Cv {
                            is_const: true,
                            ..Default::default()
                        };
                        ty.qualified(db, cv)
                    } else {
                        ty
                    };
                    field(
                        out,
                        "type",
                        &format!("file-scope type@ty: {}", spell(db, ty)),
                    );
                    // Declared only: an instance defines a static member it does not use (or
                    // explicitly instantiate) nowhere; its entry stays at the declaration.
                    let defined_outside =
                        explicit && super::prototypes::has_definition(db, member, xref, offset);
                    let storage = if s.is_constexpr || s.is_inline || defined_outside {
                        "sc_unspecified"
                    } else {
                        "sc_extern"
                    };
                    field(out, "storage_class", storage);
                    field(out, "declared_storage_class", "sc_unspecified");
                    flag(out, "is_constexpr", s.is_constexpr);
                }
                _ => {
                    let defined =
                        explicit && super::prototypes::has_definition(db, member, xref, offset);
                    routine(db, out, member, &name, ty, defined)
                }
            }
        }
    }
}

/// The instances the template-ids outside templates name.
fn named_instances<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
) -> Vec<ClassInstance<'db>> {
    let mut out = Vec::new();
    let mut seen = FxHashSet::default();
    for node in root.descendants() {
        let candidate = match node.kind() {
            NAME_REF | QUALIFIED_NAME => node.children().any(|n| n.kind() == TEMPLATE_ARG_LIST),
            _ => false,
        };
        if !candidate || node.ancestors().any(|a| a.kind() == TEMPLATE_DECL) {
            continue;
        }
        // `ns::Vec<float, 4>`: the template-id is resolved with its qualifier when it is the
        // qualified name's last segment, alone when it is the first (`Traits<int *>::value`);
        // a middle one (`ns::Vec<float, 4>::f`) is not resolved yet.
        let named = match node.parent() {
            Some(q) if node.kind() == NAME_REF && q.kind() == QUALIFIED_NAME => {
                let segments: Vec<SyntaxNode> =
                    q.children().filter(|n| n.kind() == NAME_REF).collect();
                if segments.last() == Some(&node) {
                    q
                } else if segments.first() == Some(&node) {
                    node.clone()
                } else {
                    continue;
                }
            }
            _ => node.clone(),
        };
        let (from, _) = super::fn_instances::scope_at(db, file, &node);
        let ty = specifier_type_in(db, from, None, std::iter::once(named.into()));
        if let TyKind::Instance(inst) = ty.kind(db)
            && seen.insert(*inst)
        {
            out.push(*inst);
        }
    }
    out
}

/// The class template instances among the bases of a bound definition: il's base specifiers
/// resolved under the binding.
fn base_instances<'db>(db: &'db dyn IlDatabase, bound: Bound<'db>) -> Vec<ClassInstance<'db>> {
    let definition = bound.definition(db);
    let from = il::resolve::scope_of(db, definition);
    il::lookup::base_specifier_names(db, definition)
        .iter()
        .filter_map(
            |name| match il::resolve::name_type_in(db, from, Some(bound), name).kind(db) {
                TyKind::Instance(base) => Some(*base),
                _ => None,
            },
        )
        .collect()
}

/// A member function template in a completed instance: the instance's own copy of the
/// template (a prototype, `sc_unspecified` but not defined), typed with the member template's
/// parameters at depth 2 (`Vec<U#(2,1), 4> () const`), and a copy of each of its type
/// parameters (measured with cudafe++: one `U` per completed instance).
/// How [`member_template_copy`] prints: the enclosing template's parameter names when the
/// copy is the class template's own (spelled `T#(1,1)`), whether it is defined there, and
/// whether its type parameters get copies (an instance's do; the template's own are the
/// syntactic ones).
pub(super) struct MemberTemplateCopy<'a> {
    pub outer_names: &'a [String],
    pub defined: bool,
    pub with_params: bool,
}

/// The start of an instance member's entry: its kind and id, then its `source_corresp` (the
/// template member's name at `pos`, a class member with its access, no enclosing routine).
fn member_entry_header(
    db: &dyn IlDatabase,
    out: &mut String,
    entry_kind: &str,
    id: usize,
    member: Item<'_>,
    pos: super::Pos,
    linkage: &str,
) {
    out.push('\n');
    writeln!(out, "file-scope {entry_kind}@i{id}").unwrap();
    out.push_str("source_corresp:\n");
    if let Some(n) = member.name_text(db) {
        field(out, "  name", &format!("file-scope id-name@i{id}: \"{n}\""));
    }
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    field(out, "  is_class_member", "TRUE");
    field(out, "  access", super::access_name(member.access(db)));
    field(out, "  enclosing_routine", "NULL");
    field(out, "  name_linkage", linkage);
}

#[allow(clippy::too_many_arguments)]
pub(super) fn member_template_copy<'db>(
    db: &'db dyn IlDatabase,
    located: &Located<'_, 'db>,
    member: Item<'db>,
    bound: Bound<'db>,
    offset: usize,
    id: usize,
    copy: MemberTemplateCopy<'_>,
    ids: &mut usize,
    out: &mut String,
) {
    let params = template_params(db, member);
    let args: Vec<TemplateArg<'db>> = il::instantiate::parameters_as_arguments(db, params, 2);
    let own = Bound::bind(db, member, args, Some(bound));
    let mut spelled = spell(db, declared_type_under(db, member, own));
    for (i, p) in params.iter().enumerate() {
        spelled = spelled.replace(
            &format!("<template parameter 2.{i}>"),
            &format!("{}#(2,{})", p.name, i + 1),
        );
    }
    for (i, name) in copy.outer_names.iter().enumerate() {
        spelled = spelled.replace(
            &format!("<template parameter 1.{i}>"),
            &format!("{name}#(1,{})", i + 1),
        );
        // A non-type parameter spells as its name (`Vec<U#(2,1), N>`); the space EDG puts
        // before a closing `>` after another `>` does not apply to it.
        spelled = spelled
            .replace(&format!("<parameter {i}> >"), &format!("{name}>"))
            .replace(&format!("<parameter {i}>"), name);
    }
    let pos = located.lines.pos(offset);
    member_entry_header(db, out, "routine", id, member, pos, "C++");
    field(out, "type", &format!("file-scope type@ty: {spelled}"));
    field(out, "storage_class", "sc_unspecified");
    field(out, "declared_storage_class", "sc_unspecified");
    field(out, "defined", if copy.defined { "TRUE" } else { "FALSE" });
    super::routine_exec_space_fields(out, routine_decl(db, member));
    field(out, "is_prototype_instantiation", "TRUE");
    field(out, "is_template_function", "TRUE");
    if !copy.with_params {
        return;
    }
    // The copies of the member template's type parameters, at their names.
    type_param_copies(located, offset, 'i', ids, out);
}

/// A copy of each type parameter of the template declared at `offset`, at the parameter's
/// name (what EDG makes for a member template's instance copy and for each deduction guide).
/// `id_prefix` keeps the ids of different printers apart.
pub(super) fn type_param_copies(
    located: &Located<'_, '_>,
    offset: usize,
    id_prefix: char,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(list) = located
        .template_decl_at(offset)
        .and_then(|t| t.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST))
    else {
        return;
    };
    for param in list.children().filter(|n| n.kind() == TYPE_PARAM) {
        let Some(name) = param
            .children_with_tokens()
            .filter_map(|t| t.into_token())
            .find(|t| t.kind() == IDENT)
        else {
            continue;
        };
        let id = super::next_id(ids);
        let pos = located.lines.pos(usize::from(name.text_range().start()));
        out.push('\n');
        writeln!(out, "file-scope type@{id_prefix}{id}").unwrap();
        out.push_str("source_corresp:\n");
        field(
            out,
            "  name",
            &format!("file-scope id-name@{id_prefix}{id}: \"{}\"", name.text()),
        );
        field(out, "  decl_position.seq", &pos.seq.to_string());
        field(out, "  decl_position.column", &pos.column.to_string());
        field(out, "  enclosing_routine", "NULL");
        field(out, "  name_linkage", "no");
        field(out, "size", "1");
        field(out, "alignment", "1");
        field(out, "kind", "tk_template_param");
    }
}

/// The instances an explicit instantiation definition names (`template struct A<double>;`;
/// not `extern template`, which only declares).
fn explicitly_instantiated<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
) -> FxHashSet<ClassInstance<'db>> {
    let from = ScopeRef::File(file);
    let mut out = FxHashSet::default();
    for node in root
        .descendants()
        .filter(|n| n.kind() == EXPLICIT_INSTANTIATION)
    {
        if node.children_with_tokens().any(|t| t.kind() == EXTERN_KW) {
            continue;
        }
        for name in node.descendants().filter(|n| {
            matches!(n.kind(), NAME_REF | QUALIFIED_NAME)
                && n.children().any(|c| c.kind() == TEMPLATE_ARG_LIST)
        }) {
            let ty = specifier_type_in(db, from, None, std::iter::once(name.into()));
            if let TyKind::Instance(inst) = ty.kind(db) {
                out.insert(*inst);
            }
        }
    }
    out
}

/// The member lines of the xref walk (`Class<...>::member`), by the class's unqualified name,
/// each (offset, member, defining), in offset order: built once per display, since every
/// template and instance looks up its members here.
pub(super) struct MemberLines<'x> {
    by_class: FxHashMap<&'x str, Vec<(usize, &'x str, bool)>>,
}

impl<'x> MemberLines<'x> {
    pub(super) fn new(xref: &'x [XrefLine]) -> MemberLines<'x> {
        let mut by_class: FxHashMap<&str, Vec<(usize, &str, bool)>> = FxHashMap::default();
        for line in xref {
            let Some((prefix, member)) = split_member(&line.name) else {
                continue;
            };
            let template = prefix.split('<').next().unwrap_or("");
            let class = template.rsplit("::").next().unwrap_or(template);
            by_class.entry(class).or_default().push((
                usize::from(line.offset),
                member,
                line.kind == 'D',
            ));
        }
        for lines in by_class.values_mut() {
            lines.sort_unstable();
        }
        MemberLines { by_class }
    }
}

/// Each member's position: the first declaration line the xref walk logs for a member of that
/// name after the definition's own name (instances are logged at the definition's members);
/// with `prefer_definition`, a defining (`D`) line of that name if there is one (a member
/// function defined outside the class).
pub(super) fn member_positions<'db>(
    db: &'db dyn IlDatabase,
    definition: Item<'db>,
    def_offset: usize,
    member_lines: &MemberLines<'_>,
    prefer_definition: bool,
) -> FxHashMap<Item<'db>, usize> {
    let Some(class_name) = definition.name_text(db) else {
        return FxHashMap::default();
    };
    let Some(lines) = member_lines.by_class.get(class_name) else {
        return FxHashMap::default();
    };
    // Offsets logged for `Class<...>::member` after the definition, by member name, in order.
    let mut by_member: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
    let mut defining: FxHashMap<&str, usize> = FxHashMap::default();
    let start = lines.partition_point(|l| l.0 <= def_offset);
    for &(offset, member, is_defining) in &lines[start..] {
        let offsets = by_member.entry(member).or_default();
        if offsets.last() != Some(&offset) {
            offsets.push(offset);
        }
        if is_defining {
            defining.entry(member).or_insert(offset);
        }
    }
    for offsets in by_member.values_mut() {
        offsets.sort_unstable();
    }
    let mut used: FxHashMap<String, usize> = FxHashMap::default();
    let mut out = FxHashMap::default();
    for &member in scope_items(db, definition) {
        let Some(name) = member.name_text(db) else {
            continue;
        };
        let n = used.entry(name.to_string()).or_default();
        if let Some(&offset) = by_member.get(name).and_then(|o| o.get(*n)) {
            let offset = match defining.get(name) {
                Some(&d) if prefer_definition && *n == 0 => d,
                _ => offset,
            };
            out.insert(member, offset);
            *n += 1;
        }
    }
    out
}

/// `A<int, B<char>>::f` → (`A<int, B<char>>`, `f`): the split at the last `::` outside angle
/// brackets.
fn split_member(name: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    let mut split = None;
    let bytes = name.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b':' if depth == 0 && bytes.get(i + 1) == Some(&b':') => split = Some(i),
            _ => {}
        }
    }
    let i = split?;
    let prefix = &name[..i];
    prefix.ends_with('>').then(|| (prefix, &name[i + 2..]))
}

fn class_entry<'db>(
    db: &'db dyn IlDatabase,
    inst: ClassInstance<'db>,
    definition: Item<'db>,
    completed: bool,
    id: usize,
    pos: super::Pos,
    out: &mut String,
) {
    let template = inst.class(db);
    out.push('\n');
    writeln!(out, "file-scope type@i{id}").unwrap();
    out.push_str("source_corresp:\n");
    if let Some(n) = template.name_text(db) {
        field(out, "  name", &format!("file-scope id-name@i{id}: \"{n}\""));
    }
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    field(out, "  enclosing_routine", "NULL");
    field(out, "  name_linkage", "C++");
    if !completed {
        field(out, "size", "0");
        field(out, "alignment", "1");
    } else if let Ok(layout) = instance_layout(db, inst) {
        field(out, "size", &layout.size.to_string());
        field(out, "alignment", &layout.align.to_string());
    }
    let kind = super::prototypes::class_kind(db, definition);
    field(out, "kind", kind);
    field(out, "is_template_class", "TRUE");
}

fn routine<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    member: Item<'db>,
    class: &str,
    ty: Ty<'db>,
    defined: bool,
) {
    let decl = routine_decl(db, member);
    let name = member.name_text(db).unwrap_or("");
    let template_name = class.split('<').next().unwrap_or("");
    let is_special = name == template_name || name.starts_with('~');
    let spelled = match ty.kind(db) {
        TyKind::Function(sig) if is_special => {
            let mut params = spell_params(db, sig);
            if name.starts_with('~') && !sig.noexcept {
                params.push_str(" noexcept");
            }
            format!("void {params}")
        }
        _ => spell(db, ty),
    };
    field(out, "type", &format!("file-scope type@ty: {spelled}"));
    let storage = if defined {
        "sc_unspecified"
    } else {
        "sc_extern"
    };
    field(out, "storage_class", storage);
    field(out, "declared_storage_class", "sc_unspecified");
    field(out, "defined", if defined { "TRUE" } else { "FALSE" });
    super::routine_exec_space_fields(out, decl);
    flag(out, "is_virtual", decl.specifiers.is_virtual);
    flag(out, "pure_virtual", decl.is_pure);
    flag(out, "is_explicit_constructor", decl.specifiers.is_explicit);
    flag(out, "is_defaulted", decl.is_defaulted);
    flag(out, "is_deleted", decl.is_deleted);
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    fn instance_entries(text: &str) -> String {
        crate::fixture_entries_containing(text, "@i")
    }

    #[test]
    fn an_instance_declares_its_members_at_the_definition() {
        expect![[r#"
            file-scope type@i7
            source_corresp:
              name:                  file-scope id-name@i7: "V"
              decl_position.seq:     1
              decl_position.column:  37
              enclosing_routine:     NULL
              name_linkage:          C++
            size:                    16
            alignment:               4
            kind:                    tk_struct
            is_template_class:       TRUE

            file-scope routine@i7.0
            source_corresp:
              name:                  file-scope id-name@i7.0: "operator="
              decl_position.seq:     1
              decl_position.column:  37
              is_class_member:       TRUE
              access:                as_public
              parent_scope:          file-scope scope@i7
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: V<float, 4> &(const V<float, 4> &)
            storage_class:           sc_extern
            declared_storage_class:  sc_unspecified
            special_kind:            sfk_operator
            opname_kind:             onk_assign
            compiler_generated:      TRUE
            defined:                 FALSE

            file-scope routine@i7.1
            source_corresp:
              name:                  file-scope id-name@i7.1: "operator="
              decl_position.seq:     1
              decl_position.column:  37
              is_class_member:       TRUE
              access:                as_public
              parent_scope:          file-scope scope@i7
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: V<float, 4> &(V<float, 4> &&)
            storage_class:           sc_extern
            declared_storage_class:  sc_unspecified
            special_kind:            sfk_operator
            opname_kind:             onk_assign
            compiler_generated:      TRUE
            defined:                 FALSE

            file-scope field@i8
            source_corresp:
              name:                  file-scope id-name@i8: "v"
              decl_position.seq:     2
              decl_position.column:  5
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          no
            type:                    file-scope type@ty: float [4]
            offset:                  0

            file-scope routine@i10
            source_corresp:
              name:                  file-scope id-name@i10: "at"
              decl_position.seq:     3
              decl_position.column:  6
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: float &(int)
            storage_class:           sc_extern
            declared_storage_class:  sc_unspecified
            defined:                 FALSE

            file-scope variable@i11
            source_corresp:
              name:                  file-scope id-name@i11: "n"
              decl_position.seq:     4
              decl_position.column:  20
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          C++
            type:                    file-scope type@ty: const int
            storage_class:           sc_extern
            declared_storage_class:  sc_unspecified


        "#]]
        .assert_eq(&instance_entries(
            "template <typename T, int N> struct V {\n  T v[N];\n  T &at(int i);\n  static const int n = N;\n};\nvoid f() { V<float, 4> a; }\n",
        ));
    }

    /// Checked against cudafe++: the explicitly instantiated `A<double>` defines its members
    /// (the static one at its out-of-class definition); `A<short>`, only used, declares them.
    #[test]
    fn an_explicit_instantiation_defines_the_members() {
        let out = instance_entries(
            "template <typename T> struct A { T x; void f() { x = 0; } static int s; };\n\
             template <typename T> int A<T>::s = 1;\n\
             template struct A<double>;\nA<short> a;\n",
        );
        let members: String = out
            .split("\n\n")
            .filter(|e| e.contains("routine@") || e.contains("variable@"))
            .map(|e| {
                let get = |label: &str| crate::entry_field(e, label);
                let name = get("name");
                format!(
                    "{} {}:{} {}\n",
                    name.rsplit(": ").next().unwrap_or(""),
                    get("decl_position.seq"),
                    get("decl_position.column"),
                    get("storage_class"),
                )
            })
            .filter(|l| !l.starts_with("\"operator="))
            .collect();
        expect![[r#"
            "f" 1:44 sc_unspecified
            "s" 2:33 sc_unspecified
            "f" 1:44 sc_extern
            "s" 1:70 sc_extern
        "#]]
        .assert_eq(&members);
    }

    /// Checked against cudafe++: a member template is a prototype in the class template
    /// (defined) and again in each completed instance (not defined), each instance with its
    /// own copy of the template's type parameter; the incomplete `V<float>` has none.
    #[test]
    fn member_templates_are_copied_per_completed_instance() {
        let out = crate::display_fixture(
            "template <typename T> struct V {\n  T x;\n\
             template <typename U, int K> U get() const { return U(); }\n};\n\
             V<int> a;\nV<float> *p;\n",
        );
        let mut lines = String::new();
        for entry in out
            .split("\n\n")
            .filter(|e| e.contains("\"get\"") || e.contains("\"U\""))
        {
            let get = |label: &str| crate::entry_field(entry, label);
            let name = get("name");
            lines.push_str(&format!(
                "{} {}:{} {} defined={}\n",
                name.rsplit(": ").next().unwrap_or(""),
                get("decl_position.seq"),
                get("decl_position.column"),
                get("type").trim_start_matches("file-scope type@ty: "),
                get("defined"),
            ));
        }
        expect![[r#"
            "U" 3:20  defined=
            "get" 3:32 U#(2,1) () const defined=TRUE
            "get" 3:32 U#(2,1) () const defined=FALSE
            "U" 3:20  defined=
        "#]]
        .assert_eq(&lines);
    }
}
