//! Where EDG puts the entries of unnamed entities, which the xref walk never logs (it logs
//! names): an unnamed class (`typedef struct { } point_t;`, `union { int i; float f; };` in a
//! class) sits at the `{` of its member list, the unnamed member object of an anonymous union
//! or struct at its class key, and an unnamed bit-field (`unsigned : 0;`) at its `:`.
//!
//! Items are position-independent, so the walk pairs each unnamed item with the syntax it was
//! lowered from: both come in source order, and a candidate is taken only when its green
//! subtree is the item's (the member list of a class, the declaration of a bit-field).
//!
//! Naming and linkage (measured with cudafe++ on fixtures): a class named by a typedef
//! (`typedef struct {...} point_t`) takes the typedef's name for linkage purposes and prints as
//! `point_t` everywhere; one without any name has no linkage, so its implicit assignments are
//! `sc_static` with `name_linkage: no`, and its type prints as `union V::<unnamed@…>`.
use rustc_hash::FxHashMap;
use syntax::SyntaxKind::*;
use syntax::{GreenNode, SyntaxNode};

use il::IlDatabase;
use il::item::{Item, ItemKind};
use il::lower::ANONYMOUS_AGGREGATE;
use il::resolve::typedef_target;
use il::scope::scope_items;
use il::ty::TyKind;

/// Where an unnamed item prints.
#[derive(Debug, Clone, Copy)]
pub(super) struct Place {
    /// The entity's own entry: a class's `{`, a bit-field's `:`.
    pub offset: usize,
    /// For an anonymous union or struct member, the unnamed member object's entry: the class
    /// key.
    pub member_object: Option<usize>,
}

/// The places of the unnamed classes and bit-fields among `items` (in source order).
pub(super) fn places<'db>(
    db: &'db dyn IlDatabase,
    root: &SyntaxNode,
    items: &[Item<'db>],
) -> FxHashMap<Item<'db>, Place> {
    let mut classes: Vec<(GreenNode, Place)> = Vec::new();
    let mut bit_fields: Vec<(GreenNode, Place)> = Vec::new();
    for node in root.descendants() {
        match node.kind() {
            CLASS_SPECIFIER
                if !node
                    .children()
                    .any(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME)) =>
            {
                let Some(members) = node.children().find(|n| n.kind() == MEMBER_LIST) else {
                    continue;
                };
                let key = node
                    .children_with_tokens()
                    .find(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW | UNION_KW));
                let place = Place {
                    offset: usize::from(members.text_range().start()),
                    member_object: key.map(|k| usize::from(k.text_range().start())),
                };
                classes.push((members.green().into_owned(), place));
            }
            INIT_DECLARATOR if !node.children().any(|n| n.kind() == DECLARATOR) => {
                let (Some(bits), Some(decl)) = (
                    node.children().find(|n| n.kind() == BIT_FIELD),
                    node.parent(),
                ) else {
                    continue;
                };
                let place = Place {
                    offset: usize::from(bits.text_range().start()),
                    member_object: None,
                };
                bit_fields.push((decl.green().into_owned(), place));
            }
            _ => {}
        }
    }
    let (mut next_class, mut next_bit_field) = (0, 0);
    let mut out = FxHashMap::default();
    for &item in items {
        if item.name(db).is_some() {
            continue;
        }
        let (candidates, next, green) = match item.kind(db) {
            ItemKind::Class | ItemKind::Struct | ItemKind::Union => {
                let Some(body) = item.body(db) else { continue };
                (&classes, &mut next_class, body.clone())
            }
            ItemKind::Field => (&bit_fields, &mut next_bit_field, item.header(db).clone()),
            _ => continue,
        };
        let Some(found) = candidates[*next..].iter().position(|(g, _)| *g == green) else {
            continue;
        };
        let (_, mut place) = candidates[*next + found];
        *next += found + 1;
        if item.signature_key(db) != ANONYMOUS_AGGREGATE {
            place.member_object = None;
        }
        out.insert(item, place);
    }
    out
}

/// The typedef that names an unnamed class (`typedef struct { } point_t;`): the first
/// declarator of its declaration, lowered right after it.
pub(super) fn typedef_name<'db>(db: &'db dyn IlDatabase, class: Item<'db>) -> Option<&'db str> {
    if class.name(db).is_some() {
        return None;
    }
    let siblings = match class.parent(db) {
        Some(parent) => scope_items(db, parent),
        None => il::scope::top_level_items(db, class.file(db)),
    };
    let at = siblings.iter().position(|&s| s == class)?;
    let next = *siblings.get(at + 1)?;
    if next.kind(db) != ItemKind::Typedef {
        return None;
    }
    let names_it = typedef_target(db, next)
        .is_some_and(|t| matches!(t.kind(db), TyKind::Class(c) if *c == class));
    names_it.then(|| next.name_text(db)).flatten()
}

/// Whether a class has linkage: a named class at namespace or class scope, or an unnamed one
/// named by a typedef.
pub(super) fn has_linkage(db: &dyn IlDatabase, class: Item<'_>) -> bool {
    let mut cur = Some(class);
    while let Some(c) = cur {
        if matches!(
            c.kind(db),
            ItemKind::Class | ItemKind::Struct | ItemKind::Union
        ) && c.name(db).is_none()
            && typedef_name(db, c).is_none()
        {
            return false;
        }
        cur = c.parent(db);
    }
    true
}

/// EDG's spelling of a class type: its typedef name if one names it, else
/// `union V::<unnamed>` (the key, the enclosing classes, and `<unnamed>` where the tool prints
/// an address).
pub(super) fn class_spelling(db: &dyn IlDatabase, class: Item<'_>) -> String {
    if class.name(db).is_some() {
        return class.qualified_name(db);
    }
    if let Some(name) = typedef_name(db, class) {
        let mut parts = vec![name.to_string()];
        let mut cur = class.parent(db);
        while let Some(p) = cur {
            parts.push(p.name_text(db).unwrap_or("<unnamed>").to_string());
            cur = p.parent(db);
        }
        parts.reverse();
        return parts.join("::");
    }
    let key = match class.kind(db) {
        ItemKind::Union => "union",
        ItemKind::Class => "class",
        _ => "struct",
    };
    match class.parent(db) {
        Some(parent) => format!("{key} {}::<unnamed>", class_spelling(db, parent)),
        None => format!("{key} <unnamed>"),
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// Each entry as `kind name line:column type`, for the entries of unnamed entities and
    /// their members.
    fn short_entries(text: &str) -> String {
        let out = crate::display_fixture(text);
        let mut lines = String::new();
        for entry in out.split("\n\n").filter(|e| e.starts_with("file-scope ")) {
            let get = |label: &str| crate::entry_field(entry, label);
            let kind = entry.lines().next().unwrap_or("");
            let kind = kind
                .split('@')
                .next()
                .unwrap_or("")
                .trim_start_matches("file-scope ");
            let name = get("name");
            let name = name.rsplit(": ").next().unwrap_or("");
            let ty = get("type");
            let ty = ty.trim_start_matches("file-scope type@ty: ");
            let mut line = format!(
                "{kind} {name} {}:{} {ty}",
                get("decl_position.seq"),
                get("decl_position.column")
            );
            for label in ["size", "offset", "storage_class", "name_linkage"] {
                let v = get(label);
                if !v.is_empty() {
                    line.push_str(&format!(" {label}={v}"));
                }
            }
            lines.push_str(line.trim_end());
            lines.push('\n');
        }
        lines
    }

    #[test]
    fn a_typedef_names_an_unnamed_class_at_its_brace() {
        expect![[r#"
            type "point_t" 1:16  size=8 name_linkage=C++
            routine "operator=" 1:16 point_t &(const point_t &) storage_class=sc_extern name_linkage=C++
            routine "operator=" 1:16 point_t &(point_t &&) storage_class=sc_extern name_linkage=C++
            field "x" 2:7 int offset=0 name_linkage=no
            field "y" 2:10 int offset=4 name_linkage=no
            type "point_t" 3:3  size=0 name_linkage=no
        "#]]
        .assert_eq(&short_entries(
            "typedef struct {\n  int x, y;\n} point_t;\n",
        ));
    }

    #[test]
    fn an_anonymous_union_member_has_no_linkage() {
        expect![[r#"
            type "V" 1:8  size=12 name_linkage=C++
            routine "operator=" 1:8 V &(const V &) storage_class=sc_extern name_linkage=C++
            routine "operator=" 1:8 V &(V &&) storage_class=sc_extern name_linkage=C++
            field "tag" 2:7 int offset=0 name_linkage=no
            field  3:3 union V::<unnamed> offset=4
            type  3:9  size=4
            routine "operator=" 3:9 union V::<unnamed> &(const union V::<unnamed> &) storage_class=sc_static name_linkage=no
            routine "operator=" 3:9 union V::<unnamed> &(union V::<unnamed> &&) storage_class=sc_static name_linkage=no
            field "i" 3:15 int offset=0 name_linkage=no
            field "f" 3:24 float offset=0 name_linkage=no
            field  4:12 unsigned int offset=8
            field "last" 5:12 unsigned int offset=8 name_linkage=no
        "#]]
        .assert_eq(&short_entries(
            "struct V {\n  int tag;\n  union { int i; float f; };\n  unsigned : 0;\n  unsigned last : 4;\n};\n",
        ));
    }
}
