//! EDG's spelling of types in a template's local declarations, where it differs from
//! [`Ty::display`]: parameters as `T#(1,1)`, a non-type parameter by name, an enumeration
//! argument as a cast.
use syntax::{SyntaxKind::*, SyntaxNode};

use il::IlDatabase;
use il::instantiate::TemplateArg;
use il::item::{Item, ItemKind};
use il::resolve::{scope_of, specifier_type_in};
use il::ty::{Ty, TyKind};

/// `Ty::display`'s parameter spellings as EDG's display writes them in a template:
/// `<template parameter 1.0>` is `T#(1,1)`; a non-type parameter is its name (`N`, also where
/// an array bound converts it).
pub(super) fn spell_params(text: &str, names: &[Vec<String>]) -> String {
    // `T::template rebind<int>::other` is spelled without the disambiguator.
    let mut text = text.replace("::template ", "::");
    // `A<B<int> >` keeps a space before a closing `>` only after another `>`.
    let mut replace = |from: String, to: String| {
        text = text
            .replace(&format!("{from} >"), &format!("{to}>"))
            .replace(&from, &to);
    };
    for (d, level) in names.iter().enumerate() {
        for (i, name) in level.iter().enumerate() {
            replace(
                format!("<template parameter {}.{i}>", d + 1),
                format!("{name}#({},{})", d + 1, i + 1),
            );
        }
    }
    // // `<parameter i>` carries no depth: the innermost template's parameter. A local's array
    // bound is the parameter as written (`T#(1,1) [N]`), without the conversion to `size_t`
    // a class member's has.
    for level in names.iter().rev() {
        for (i, name) in level.iter().enumerate() {
            replace(format!("[((unsigned long){name})]"), format!("[{name}]"));
            replace(format!("((unsigned long)<parameter {i}>)"), name.clone());
            replace(format!("<parameter {i}>"), name.clone());
        }
    }
    text
}

/// EDG writes a non-type template argument of enumeration type as a cast
/// (`BlockReduce<int, BLOCK, (cub::BlockReduceAlgorithm)2, 1, 1>`); `Ty::display` writes the
/// value. Rewrites each instance in `ty`'s spelling whose template has such a parameter.
pub(super) fn with_enum_arguments<'db>(
    db: &'db dyn IlDatabase,
    ty: Ty<'db>,
    text: String,
) -> String {
    let mut instances: Vec<(Item<'db>, Vec<TemplateArg<'db>>)> = Vec::new();
    collect_instances(db, ty, &mut instances);
    let mut text = text;
    for (template, args) in instances {
        let enums = enum_params(db, template);
        if !args.iter().enumerate().any(|(i, a)| {
            matches!(a, TemplateArg::Value(_)) && enums.get(i).is_some_and(Option::is_some)
        }) {
            continue;
        }
        let plain = Ty::new(
            db,
            TyKind::Instance(il::instantiate::ClassInstance::new(
                db,
                template,
                args.clone(),
            )),
        )
        .display(db);
        let spelled: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(i, a)| match (a, enums.get(i).and_then(Option::as_ref)) {
                (TemplateArg::Value(v), Some(e)) => format!("({e}){v}"),
                _ => {
                    let one = Ty::new(
                        db,
                        TyKind::Instance(il::instantiate::ClassInstance::new(
                            db,
                            template,
                            vec![a.clone()],
                        )),
                    )
                    .display(db);
                    let inner = one
                        .split_once('<')
                        .map_or("", |(_, rest)| rest.trim_end_matches('>').trim_end());
                    inner.to_string()
                }
            })
            .collect();
        let name = template.qualified_name(db);
        let joined = spelled.join(", ");
        let close = if joined.ends_with('>') { " >" } else { ">" };
        text = text.replace(&plain, &format!("{name}<{joined}{close}"));
    }
    text
}

/// The class template instances a type's spelling mentions, with their arguments.
fn collect_instances<'db>(
    db: &'db dyn IlDatabase,
    ty: Ty<'db>,
    out: &mut Vec<(Item<'db>, Vec<TemplateArg<'db>>)>,
) {
    match ty.kind(db) {
        TyKind::Qualified(_, t)
        | TyKind::Pointer(t)
        | TyKind::Reference(_, t)
        | TyKind::Array(t, _)
        | TyKind::DependentArray(t, _) => collect_instances(db, *t, out),
        TyKind::Instance(inst) => {
            if inst.class(db).kind(db) == ItemKind::ClassTemplate {
                out.push((inst.class(db), inst.args(db).clone()));
            }
            let mut outer = inst.outer(db);
            while let Some(b) = outer {
                out.push((b.definition(db), b.args(db).clone()));
                outer = b.outer(db);
            }
            for a in inst.args(db) {
                if let TemplateArg::Type(t) = a {
                    collect_instances(db, *t, out);
                }
            }
        }
        _ => {}
    }
}

/// Per parameter of a class template, the qualified name of its enumeration type if it is a
/// non-type parameter of one.
fn enum_params(db: &dyn IlDatabase, template: Item<'_>) -> Vec<Option<String>> {
    let header = SyntaxNode::new_root(template.header(db).clone());
    let Some(list) = header.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST) else {
        return Vec::new();
    };
    list.children()
        .filter(|p| matches!(p.kind(), TYPE_PARAM | PARAM | TEMPLATE_TEMPLATE_PARAM))
        .map(|p| {
            if p.kind() != PARAM {
                return None;
            }
            let ty = specifier_type_in(db, scope_of(db, template), None, p.children_with_tokens());
            match il::instantiate::canonical(db, ty).kind(db) {
                TyKind::Enum(e) => Some(e.qualified_name(db)),
                _ => None,
            }
        })
        .collect()
}
