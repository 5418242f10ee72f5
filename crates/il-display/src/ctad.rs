//! The entries class template argument deduction makes (`Pair p(1, 2.0f);`, deduced by
//! [`hir_ty::ctad`] from the initializer's arguments as inference types them). Measured with
//! cudafe++ 13.0.88: the first deduction for a class template makes its deduction guides, each
//! with a copy of the class's type parameters (at their names, depth 3) and a nonreal class
//! `Pair<A#(3,1), B#(3,2)>` (size 1, at the template's name): one per constructor and one for
//! the copy deduction candidate. Each constructor's guide is an unnamed routine at the
//! constructor's name, typed `Pair<A#(3,1), B#(3,2)> (A#(3,1), B#(3,2))`, not defined, without
//! execution space. Each deduction instantiates the guide that won: a routine named like the
//! class, no linkage, `sc_extern`, typed `Pair<int, float> (int, float)`.
use std::fmt::Write as _;

use rustc_hash::FxHashSet;
use syntax::{SyntaxKind::*, SyntaxNode};

use hir_ty::HirTyDatabase;
use hir_ty::to_il::il_arg;
use il::IlDatabase;
use il::instantiate::{Bound, ClassInstance, TemplateArg, canonical, template_params};
use il::item::{Item, ItemKind};
use il::lookup::lookup_unqualified;
use il::ty::{FnSig, Ty, TyKind};

use super::{Located, field, spell};

/// Writes the guides of every class template deduced from outside templates, and the guide
/// instances; returns the instances deduced (the variables' types).
pub(super) fn entries<'db>(
    hdb: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) -> Vec<ClassInstance<'db>> {
    let db: &'db dyn IlDatabase = hdb;
    let member_lines = super::instances::MemberLines::new(located.xref);
    let mut guided: FxHashSet<Item<'db>> = FxHashSet::default();
    let mut made: FxHashSet<(Item<'db>, Vec<TemplateArg<'db>>)> = FxHashSet::default();
    let mut instances = Vec::new();
    for decl in located
        .root
        .descendants()
        .filter(|n| n.kind() == SIMPLE_DECLARATION)
    {
        // Only the primary file's declarations (the headers' would cost a lookup each).
        let start = usize::from(decl.text_range().start());
        if !located.lines.is_primary(start) || decl.ancestors().any(|a| a.kind() == TEMPLATE_DECL) {
            continue;
        }
        let Some(template) = deduced_template(db, file, &decl) else {
            continue;
        };
        let Some(&offset) = located.offsets.get(&template) else {
            continue;
        };
        if !located.lines.is_primary(offset) {
            continue;
        }
        let guides = hir_ty::ctad::implicit_guides(hdb, template);
        let positions =
            super::instances::member_positions(db, template, offset, &member_lines, true);
        if guided.insert(template) {
            guide_entries(db, located, template, offset, &guides, &positions, ids, out);
        }
        for init in decl.children().filter(|n| n.kind() == INIT_DECLARATOR) {
            let Some(exprs) = initializer_args(&init) else {
                continue;
            };
            let Some(args) = exprs
                .iter()
                .map(|e| argument(hdb, file, e))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let Some(deduction) = hir_ty::ctad::deduce_class_args(hdb, template, &args) else {
                continue;
            };
            // The entries of written deduction guides are not modelled: a deduction through
            // one is not displayed rather than displayed wrong.
            if !guides.contains(&deduction.guide) {
                continue;
            }
            let Some(deduced) = deduction
                .args
                .iter()
                .map(|a| il_arg(hdb, a).map(|a| canonical_arg(db, a)))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let inst = ClassInstance::new(db, template, deduced.clone());
            if !made.insert((deduction.guide, deduced.clone())) {
                continue;
            }
            instances.push(inst);
            let Some(&at) = positions.get(&deduction.guide) else {
                continue;
            };
            let spelled = spell(
                db,
                guide_type(db, template, deduction.guide, inst, &deduced),
            );
            let id = super::next_id(ids);
            let name = template.name_text(db).unwrap_or_default();
            guide_routine(out, located, id, Some(name), at, &spelled, true);
        }
    }
    instances
}

/// The argument expressions of a declarator's direct or list initialization (`p(1, 2.0f)`,
/// `p{1, 2.0f}`), which CTAD deduces from; `None` for other initializers.
fn initializer_args(init_declarator: &SyntaxNode) -> Option<Vec<SyntaxNode>> {
    let init = init_declarator
        .children()
        .find(|n| n.kind() == INITIALIZER)?;
    let list = init
        .children()
        .find(|n| matches!(n.kind(), ARG_LIST | INIT_LIST))?;
    Some(list.children().collect())
}

/// An initializer argument as deduction takes it: inference's type (never a reference) and
/// value category; `None` where inference has no concrete type.
fn argument<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    expr: &SyntaxNode,
) -> Option<(hir_ty::Ty<'db>, hir_ty::ValueCategory)> {
    let (owner, id) = super::inferred::lowered_expr(db, file, expr)?;
    let infer = hir_ty::infer(db, owner);
    let ty = infer.type_of_expr(id)?.strip_reference(db);
    if ty.is_error(db) || ty.is_dependent(db) {
        return None;
    }
    Some((ty, infer.value_category(id)?))
}

fn canonical_arg<'db>(db: &'db dyn IlDatabase, arg: TemplateArg<'db>) -> TemplateArg<'db> {
    match arg {
        TemplateArg::Type(t) => TemplateArg::Type(canonical(db, t)),
        other => other,
    }
}

/// The class template a declaration's type names without arguments (`Pair p(...)`).
fn deduced_template<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    decl: &SyntaxNode,
) -> Option<Item<'db>> {
    let name = decl.children().find(|n| n.kind() == NAME_REF)?;
    if name.children().any(|n| n.kind() == TEMPLATE_ARG_LIST) {
        return None;
    }
    let text = il::lower::tokens_text(&name);
    let (from, _) = super::fn_instances::scope_at(db, file, decl);
    let found = lookup_unqualified(db, from, &text);
    let template = *found.first()?;
    let primary = template.kind(db) == ItemKind::ClassTemplate
        && !il::instantiate::is_specialization(db, template);
    (primary && template.body(db).is_some()).then_some(template)
}

/// The guides of `template`: per guide a copy of the type parameters and a nonreal class, and
/// per constructor the guide routine.
#[allow(clippy::too_many_arguments)]
fn guide_entries<'db>(
    db: &'db dyn IlDatabase,
    located: &Located<'_, 'db>,
    template: Item<'db>,
    offset: usize,
    guides: &[Item<'db>],
    positions: &rustc_hash::FxHashMap<Item<'db>, usize>,
    ids: &mut usize,
    out: &mut String,
) {
    let params = template_params(db, template);
    let names: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
    let depth_three = il::instantiate::parameters_as_arguments(db, params, 3);
    let spelled = |ty: Ty<'db>| {
        let mut text = spell(db, ty);
        for (i, name) in names.iter().enumerate() {
            // (EDG's space before a closing `>` after another `>` does not apply.)
            let param = format!("<template parameter 3.{i}>");
            let copy = format!("{name}#(3,{})", i + 1);
            text = text
                .replace(&format!("{param} >"), &format!("{copy}>"))
                .replace(&param, &copy);
        }
        text
    };
    let own = ClassInstance::new(db, template, depth_three.clone());
    // One per constructor and one for the copy deduction candidate.
    for _ in 0..guides.len() + 1 {
        super::instances::type_param_copies(located, offset, 'g', ids, out);
        let id = super::next_id(ids);
        let pos = located.lines.pos(offset);
        out.push('\n');
        writeln!(out, "file-scope type@g{id}").unwrap();
        out.push_str("source_corresp:\n");
        let name = template.name_text(db).unwrap_or_default();
        field(
            out,
            "  name",
            &format!("file-scope id-name@g{id}: \"{name}\""),
        );
        field(out, "  decl_position.seq", &pos.seq.to_string());
        field(out, "  decl_position.column", &pos.column.to_string());
        field(out, "  enclosing_routine", "NULL");
        field(out, "  name_linkage", "C++");
        field(out, "size", "1");
        field(out, "alignment", "1");
        field(out, "kind", super::prototypes::class_kind(db, template));
        field(out, "is_template_class", "TRUE");
        field(out, "is_nonreal_class", "TRUE");
    }
    for &guide in guides {
        let Some(&at) = positions.get(&guide) else {
            continue;
        };
        let text = spelled(guide_type(db, template, guide, own, &depth_three));
        let id = super::next_id(ids);
        guide_routine(out, located, id, None, at, &text, false);
    }
}

/// A deduction guide (unnamed, the template's own) or a guide instance (named like the class,
/// no linkage, declared only).
fn guide_routine(
    out: &mut String,
    located: &Located<'_, '_>,
    id: usize,
    name: Option<&str>,
    at: usize,
    spelled: &str,
    instance: bool,
) {
    let pos = located.lines.pos(at);
    out.push('\n');
    writeln!(out, "file-scope routine@g{id}").unwrap();
    out.push_str("source_corresp:\n");
    if let Some(name) = name {
        field(
            out,
            "  name",
            &format!("file-scope id-name@g{id}: \"{name}\""),
        );
    }
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    field(out, "  enclosing_routine", "NULL");
    if name.is_some() {
        field(out, "  name_linkage", "no");
    }
    field(out, "type", &format!("file-scope type@ty: {spelled}"));
    let storage = if instance {
        "sc_extern"
    } else {
        "sc_unspecified"
    };
    field(out, "storage_class", storage);
    field(out, "declared_storage_class", "sc_unspecified");
    field(out, "special_kind", "sfk_deduction_guide");
    field(out, "compiler_generated", "TRUE");
    field(out, "defined", "FALSE");
    if !instance {
        field(out, "is_prototype_instantiation", "TRUE");
    } else {
        field(out, "is_template_function", "TRUE");
    }
}

/// A deduction guide's function type with `args` substituted: the guide's constructor's
/// parameters, declared with the class template's parameters bound to `args`, returning
/// `class` (`Pair<int, float> (int, float)`).
fn guide_type<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    constructor: Item<'db>,
    class: ClassInstance<'db>,
    args: &[TemplateArg<'db>],
) -> Ty<'db> {
    let declared =
        il::resolve::declared_type_under(db, constructor, Bound::new(db, template, args.to_vec()));
    let params = match declared.kind(db) {
        TyKind::Function(sig) => sig.params.iter().map(|&p| canonical(db, p)).collect(),
        _ => Vec::new(),
    };
    let sig = FnSig {
        ret: Ty::new(db, TyKind::Instance(class)),
        params,
        variadic: false,
        this_cv: Default::default(),
        ref_qualifier: None,
        noexcept: false,
    };
    Ty::new(db, TyKind::Function(sig))
}

#[cfg(test)]
mod tests {
    use crate::{entry_field, fixture_entries_containing};

    /// Checked against cudafe++ 13.0.88 on this fixture (every entry of the display agrees):
    /// three guides for two constructors, each with copies of `A` and `B` and a nonreal
    /// `Pair`; one guide instance per deduction.
    #[test]
    fn deduction_makes_guides_and_guide_instances() {
        let entries = fixture_entries_containing(
            "template <typename A, typename B>\n\
             struct Pair {\n\
             \x20   A first;\n\
             \x20   B second;\n\
             \x20   Pair(A a, B b) : first(a), second(b) {}\n\
             \x20   Pair(A a, int x, B b) : first(a), second(b) {}\n\
             };\n\
             void f() {\n\
             \x20   Pair p(1, 2.0f);\n\
             \x20   Pair q(3, 4, 5L);\n\
             }\n",
            "@g",
        );
        let mut lines = String::new();
        for entry in entries.split("\n\n").filter(|e| !e.is_empty()) {
            let get = |label: &str| entry_field(entry, label);
            let name = get("name");
            let ty = get("type");
            lines.push_str(&format!(
                "{} {}:{} {} {}\n",
                name.rsplit(": ").next().unwrap_or("-"),
                get("decl_position.seq"),
                get("decl_position.column"),
                ty.rsplit("@ty: ").next().unwrap_or(""),
                get("storage_class"),
            ));
        }
        expect_test::expect![[r#"
            "A" 1:20  
            "B" 1:32  
            "Pair" 2:8  
            "A" 1:20  
            "B" 1:32  
            "Pair" 2:8  
            "A" 1:20  
            "B" 1:32  
            "Pair" 2:8  
             5:5 Pair<A#(3,1), B#(3,2)> (A#(3,1), B#(3,2)) sc_unspecified
             6:5 Pair<A#(3,1), B#(3,2)> (A#(3,1), int, B#(3,2)) sc_unspecified
            "Pair" 5:5 Pair<int, float> (int, float) sc_extern
            "Pair" 6:5 Pair<int, long> (int, int, long) sc_extern
        "#]]
        .assert_eq(&lines);
    }
}
