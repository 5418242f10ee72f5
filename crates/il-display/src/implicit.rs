//! The special members EDG declares without a declaration in the source: they print at the
//! class name's position with `compiler_generated: TRUE`.
//!
//! The copy and move assignments are declared with every class. The constructors and the
//! destructor are declared lazily, when overload resolution or destruction needs them: we find
//! those uses syntactically ([`constructions`]): a variable of the class type (default-, direct-
//! or copy-initialized from an lvalue), a functional cast `C(...)`/`C{...}`, and the default
//! construction of a base from a derived class's implicit default constructor. Brace
//! initialization of an aggregate and copy-initialization from a prvalue construct nothing
//! that needs a lookup, and neither does constructing a trivially constructible class (whose
//! implicit destructor is still declared when a base's destructor is user-declared).
use std::fmt::Write as _;

use base_db::SourceFile;
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, SyntaxNode};

use il::IlDatabase;
use il::item::{Item, ItemKind};
use il::lookup::{ScopeRef, base_classes};
use il::resolve::{routine_type, specifier_type};
use il::scope::scope_items;
use il::ty::{RefKind, TyKind};

use super::{Pos, field, flag, is_class};

/// How a class's objects are constructed in the translation unit, as far as the implicit
/// constructors care.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Construction {
    /// An object is created (constructor overload resolution runs unless the class is an
    /// aggregate initialized by a brace list, or trivially constructible).
    pub lookup: bool,
    /// Default-initialized: the default constructor is defined.
    pub default: bool,
    /// Copy-initialized from an lvalue: the copy constructor is defined.
    pub copy: bool,
}

/// The constructions of the classes (not templates) of the translation unit.
pub(super) fn constructions<'db>(
    db: &'db dyn IlDatabase,
    file: SourceFile,
    root: &SyntaxNode,
) -> FxHashMap<Item<'db>, Construction> {
    let from = ScopeRef::File(file);
    let mut uses: FxHashMap<Item<'db>, Construction> = FxHashMap::default();
    let class_of = |node: &SyntaxNode| match specifier_type(db, from, node).kind(db) {
        TyKind::Class(item) => Some(*item),
        TyKind::Qualified(_, inner) => match inner.kind(db) {
            TyKind::Class(item) => Some(*item),
            _ => None,
        },
        _ => None,
    };
    for node in root.descendants() {
        if node.ancestors().any(|a| a.kind() == TEMPLATE_DECL) {
            continue;
        }
        match node.kind() {
            FUNCTIONAL_CAST => {
                let Some(class) = class_of(&node) else {
                    continue;
                };
                let braced = node.children().any(|n| n.kind() == INIT_LIST);
                if !(braced && is_aggregate(db, class)) {
                    uses.entry(class).or_default().lookup = true;
                }
            }
            SIMPLE_DECLARATION => {
                let skip = node
                    .children_with_tokens()
                    .any(|t| matches!(t.kind(), TYPEDEF_KW | EXTERN_KW | FRIEND_KW))
                    || node.parent().is_some_and(|p| p.kind() == MEMBER_LIST);
                if skip {
                    continue;
                }
                let Some(class) = class_of(&node) else {
                    continue;
                };
                for init in node.children().filter(|n| n.kind() == INIT_DECLARATOR) {
                    let Some(declarator) = init.children().find(|n| n.kind() == DECLARATOR) else {
                        continue;
                    };
                    let is_object = !declarator
                        .children()
                        .any(|n| matches!(n.kind(), PTR_OP | FUNCTION_SUFFIX | DECLARATOR));
                    if !is_object {
                        continue;
                    }
                    let construction = initialization(db, class, &init);
                    let u = uses.entry(class).or_default();
                    u.lookup |= construction.lookup;
                    u.default |= construction.default;
                    u.copy |= construction.copy;
                }
            }
            _ => {}
        }
    }
    // A derived class's implicit default constructor default-constructs its bases.
    let mut work: Vec<Item<'db>> = uses
        .iter()
        .filter(|(c, u)| u.default && user_constructors(db, **c).is_empty())
        .map(|(c, _)| *c)
        .collect();
    while let Some(class) = work.pop() {
        for base in base_classes(db, class) {
            let u = uses.entry(base).or_default();
            if !u.default {
                u.lookup = true;
                u.default = true;
                if user_constructors(db, base).is_empty() {
                    work.push(base);
                }
            }
        }
    }
    uses
}

/// What initializing an object of `class` with this init-declarator's initializer does.
fn initialization(db: &dyn IlDatabase, class: Item<'_>, init: &SyntaxNode) -> Construction {
    let Some(initializer) = init.children().find(|n| n.kind() == INITIALIZER) else {
        return Construction {
            lookup: true,
            default: true,
            copy: false,
        };
    };
    let has_eq = initializer.children_with_tokens().any(|t| t.kind() == EQ);
    let Some(value) = initializer.children().next() else {
        return Construction::default();
    };
    match value.kind() {
        INIT_LIST if is_aggregate(db, class) => Construction::default(),
        INIT_LIST | ARG_LIST => Construction {
            lookup: true,
            ..Construction::default()
        },
        // `C c = lvalue;` copies; `C c = f();` and other prvalues initialize in place.
        ID_EXPR | INDEX_EXPR | MEMBER_EXPR if has_eq => Construction {
            lookup: true,
            default: false,
            copy: true,
        },
        _ => Construction::default(),
    }
}

/// The routines of `class` named like it: its user-declared constructors.
fn user_constructors<'db>(db: &'db dyn IlDatabase, class: Item<'db>) -> Vec<Item<'db>> {
    let Some(name) = class.name_text(db) else {
        return Vec::new();
    };
    scope_items(db, class)
        .iter()
        .copied()
        .filter(|m| {
            matches!(m.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate)
                && m.name_text(db) == Some(name)
        })
        .collect()
}

/// No user-declared constructor, no virtual function and no base: brace initialization is
/// aggregate initialization, which calls no constructor of the class.
fn is_aggregate(db: &dyn IlDatabase, class: Item<'_>) -> bool {
    user_constructors(db, class).is_empty()
        && base_classes(db, class).is_empty()
        && !scope_items(db, class).iter().any(|m| {
            m.kind(db) == ItemKind::Routine && il::decl::routine_decl(db, *m).specifiers.is_virtual
        })
}

/// A class whose constructors are all trivial (no user-declared one, no virtual function,
/// trivially constructible bases): EDG constructs and copies its objects without declaring a
/// constructor. (A user-declared destructor does not matter here.)
fn is_trivially_constructible(db: &dyn IlDatabase, class: Item<'_>, depth: u32) -> bool {
    let d = declared_specials(db, class);
    let has_virtual = scope_items(db, class).iter().any(|m| {
        m.kind(db) == ItemKind::Routine && il::decl::routine_decl(db, *m).specifiers.is_virtual
    });
    !(d.constructor || has_virtual)
        && depth < 16
        && base_classes(db, class)
            .into_iter()
            .all(|b| is_trivially_constructible(db, b, depth + 1))
}

/// The user-declared special members that suppress implicit ones.
#[derive(Debug, Default)]
struct Declared {
    constructor: bool,
    copy_constructor: bool,
    move_constructor: bool,
    assignment: bool,
    destructor: bool,
    virtual_destructor: bool,
}

fn declared_specials(db: &dyn IlDatabase, class: Item<'_>) -> Declared {
    let mut d = Declared::default();
    let name = class.name_text(db).unwrap_or("");
    for &m in scope_items(db, class) {
        let Some(member) = m.name_text(db) else {
            continue;
        };
        if !matches!(m.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate) {
            continue;
        }
        if member == "operator=" {
            d.assignment = true;
        } else if member.starts_with('~') {
            d.destructor = true;
            d.virtual_destructor |= m.kind(db) == ItemKind::Routine
                && il::decl::routine_decl(db, m).specifiers.is_virtual;
        } else if member == name {
            d.constructor = true;
            if m.kind(db) == ItemKind::Routine
                && let TyKind::Function(sig) = routine_type(db, m).kind(db)
                && sig.params.len() == 1
                && let TyKind::Reference(kind, _) = sig.params[0].kind(db)
            {
                match kind {
                    RefKind::Lvalue => d.copy_constructor = true,
                    RefKind::Rvalue => d.move_constructor = true,
                }
            }
        }
    }
    d
}

/// Whether destroying a `class` object runs code: a user-declared destructor in it or in a
/// base (recursively), and whether that destructor is virtual.
fn nontrivial_destructor(db: &dyn IlDatabase, class: Item<'_>, depth: u32) -> (bool, bool) {
    let d = declared_specials(db, class);
    if d.destructor {
        return (true, d.virtual_destructor);
    }
    if depth > 16 {
        return (false, false);
    }
    base_classes(db, class)
        .into_iter()
        .map(|b| nontrivial_destructor(db, b, depth + 1))
        .fold((false, false), |a, b| (a.0 || b.0, a.1 || b.1))
}

/// The constructors (default, copy, move) and the destructor EDG declares for a class whose
/// objects are constructed: the default one without a user-declared constructor, the copy one
/// without a user-declared copy constructor, the move one without any user-declared copy or
/// move operation or destructor; the destructor when a base's destructor is user-declared.
/// One that is used is also defined (`noexcept`, `sc_unspecified`); one only declared is
/// `sc_extern`.
pub(super) fn implicit_constructors<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    class: Item<'db>,
    id: usize,
    pos: Pos,
    construction: Construction,
) {
    let qualified = class.qualified_name(db);
    constructors_spelled(
        db,
        out,
        class,
        &qualified,
        &id.to_string(),
        pos,
        construction,
    );
}

/// [`implicit_constructors`] for a class spelled `qualified` whose members are those of the
/// definition `class` (for an instance, the template definition it is made from).
pub(super) fn constructors_spelled<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    class: Item<'db>,
    qualified: &str,
    id: &str,
    pos: Pos,
    construction: Construction,
) {
    if !construction.lookup {
        return;
    }
    let constructors = !is_trivially_constructible(db, class, 0);
    let Some(name) = class.name_text(db) else {
        return;
    };
    let d = declared_specials(db, class);
    let mut members: Vec<(String, String, bool, bool)> = Vec::new();
    if constructors && !d.constructor {
        members.push((
            name.to_string(),
            "void ()".to_string(),
            construction.default,
            false,
        ));
    }
    if constructors && !d.copy_constructor {
        let ty = format!("void (const {qualified} &)");
        members.push((name.to_string(), ty, construction.copy, false));
    }
    if constructors && !(d.copy_constructor || d.move_constructor || d.assignment || d.destructor) {
        let ty = format!("void ({qualified} &&)");
        members.push((name.to_string(), ty, false, false));
    }
    if !d.destructor {
        let (nontrivial, is_virtual) = base_classes(db, class)
            .into_iter()
            .map(|b| nontrivial_destructor(db, b, 0))
            .fold((false, false), |a, b| (a.0 || b.0, a.1 || b.1));
        if nontrivial {
            members.push((format!("~{name}"), "void ()".to_string(), true, is_virtual));
        }
    }
    for (n, (member, ty, defined, is_virtual)) in members.into_iter().enumerate() {
        let ty = if defined || member.starts_with('~') {
            format!("{ty} noexcept")
        } else {
            ty
        };
        out.push('\n');
        writeln!(out, "file-scope routine@{id}.c{n}").unwrap();
        out.push_str("source_corresp:\n");
        field(
            out,
            "  name",
            &format!("file-scope id-name@{id}.c{n}: \"{member}\""),
        );
        field(out, "  decl_position.seq", &pos.seq.to_string());
        field(out, "  decl_position.column", &pos.column.to_string());
        field(out, "  is_class_member", "TRUE");
        field(out, "  access", "as_public");
        field(out, "  parent_scope", &format!("file-scope scope@{id}"));
        field(out, "  enclosing_routine", "NULL");
        field(out, "  name_linkage", "C++");
        field(out, "type", &format!("file-scope type@ty: {ty}"));
        let storage = if defined {
            "sc_unspecified"
        } else {
            "sc_extern"
        };
        field(out, "storage_class", storage);
        field(out, "declared_storage_class", "sc_unspecified");
        let special = if member.starts_with('~') {
            "sfk_destructor"
        } else {
            "sfk_constructor"
        };
        field(out, "special_kind", special);
        field(out, "compiler_generated", "TRUE");
        field(out, "defined", if defined { "TRUE" } else { "FALSE" });
        // A virtual destructor overrides a host one.
        flag(out, "host", is_virtual);
        flag(out, "is_virtual", is_virtual);
    }
}

/// The copy and move assignment operators EDG declares in every class that does not declare
/// them itself (unlike the implicit constructors, which it declares only when they are used).
/// The move one is declared only without a user-declared copy or move operation or destructor.
/// Not for classes in templates (their instances get them: [`assignments_of`]).
pub(super) fn implicit_assignments<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    class: Item<'db>,
    id: usize,
    pos: Pos,
    local: bool,
) {
    let mut scope = class.parent(db);
    while let Some(s) = scope {
        if !matches!(s.kind(db), ItemKind::Namespace) && !is_class(s.kind(db)) {
            return;
        }
        scope = s.parent(db);
    }
    let spelled = super::unnamed::class_spelling(db, class);
    // A class local to a function has no linkage, nor have its members.
    let linkage = !local && super::unnamed::has_linkage(db, class);
    assignments_with_linkage(db, out, class, &spelled, &id.to_string(), pos, linkage);
}

/// The implicit assignments of a class spelled `qualified` whose members are those of the
/// definition `class` (for an instance, the template definition it is made from).
pub(super) fn assignments_of<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    class: Item<'db>,
    qualified: &str,
    id: &str,
    pos: Pos,
) {
    assignments_with_linkage(db, out, class, qualified, id, pos, true);
}

/// [`assignments_of`] for a class that may have no linkage (an unnamed class, a local class):
/// its members then have none either, and EDG makes them `sc_static`.
pub(super) fn assignments_with_linkage<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    class: Item<'db>,
    qualified: &str,
    id: &str,
    Pos { seq, column }: Pos,
    has_linkage: bool,
) {
    let d = declared_specials(db, class);
    if d.assignment {
        return;
    }
    let mut params = vec![format!("const {qualified} &")];
    if !(d.copy_constructor || d.move_constructor || d.destructor) {
        params.push(format!("{qualified} &&"));
    }
    for (n, param) in params.iter().enumerate() {
        out.push('\n');
        writeln!(out, "file-scope routine@{id}.{n}").unwrap();
        out.push_str("source_corresp:\n");
        field(
            out,
            "  name",
            &format!("file-scope id-name@{id}.{n}: \"operator=\""),
        );
        field(out, "  decl_position.seq", &seq.to_string());
        field(out, "  decl_position.column", &column.to_string());
        field(out, "  is_class_member", "TRUE");
        field(out, "  access", "as_public");
        field(out, "  parent_scope", &format!("file-scope scope@{id}"));
        field(out, "  enclosing_routine", "NULL");
        field(
            out,
            "  name_linkage",
            if has_linkage { "C++" } else { "no" },
        );
        field(
            out,
            "type",
            &format!("file-scope type@ty: {qualified} &({param})"),
        );
        let storage = if has_linkage {
            "sc_extern"
        } else {
            "sc_static"
        };
        field(out, "storage_class", storage);
        field(out, "declared_storage_class", "sc_unspecified");
        field(out, "special_kind", "sfk_operator");
        field(out, "opname_kind", "onk_assign");
        field(out, "compiler_generated", "TRUE");
        field(out, "defined", "FALSE");
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// The implicit members' names and types, one line each.
    fn implicit_members(text: &str) -> String {
        let out = crate::display_fixture(text);
        let mut lines = String::new();
        for entry in out
            .split("\n\n")
            .filter(|e| e.contains("compiler_generated"))
        {
            let get = |label: &str| {
                entry
                    .lines()
                    .find(|l| l.trim_start().starts_with(label))
                    .and_then(|l| l.split_once(": "))
                    .map_or("", |(_, v)| v.trim())
                    .to_string()
            };
            let name = get("name:");
            let name = name.rsplit(": ").next().unwrap_or("");
            lines.push_str(&format!(
                "{name} {} defined={} {}\n",
                get("type:").trim_start_matches("file-scope type@ty: "),
                get("defined:"),
                get("storage_class:")
            ));
        }
        lines
    }

    #[test]
    fn constructors_are_declared_when_an_object_is_constructed() {
        expect![[r#"
            "operator=" Base &(const Base &) defined=FALSE sc_extern
            "operator=" Derived &(const Derived &) defined=FALSE sc_extern
            "operator=" Derived &(Derived &&) defined=FALSE sc_extern
            "~Derived" void () noexcept defined=TRUE sc_unspecified
            "operator=" Agg &(const Agg &) defined=FALSE sc_extern
            "operator=" Agg &(Agg &&) defined=FALSE sc_extern
        "#]]
        .assert_eq(&implicit_members(
            "struct Base { ~Base(); };\nstruct Derived : Base { int x; };\nstruct Agg { int a; };\nvoid f() { Derived d; Agg g{1}; }\n",
        ));
    }

    #[test]
    fn a_virtual_class_declares_constructors_and_defines_its_bases_default_one() {
        expect![[r#"
            "operator=" Animal &(const Animal &) defined=FALSE sc_extern
            "Animal" void () noexcept defined=TRUE sc_unspecified
            "Animal" void (const Animal &) defined=FALSE sc_extern
            "operator=" Bird &(const Bird &) defined=FALSE sc_extern
            "operator=" Bird &(Bird &&) defined=FALSE sc_extern
            "Bird" void () noexcept defined=TRUE sc_unspecified
            "Bird" void (const Bird &) defined=FALSE sc_extern
            "Bird" void (Bird &&) defined=FALSE sc_extern
            "~Bird" void () noexcept defined=TRUE sc_unspecified
            "operator=" Shape &(const Shape &) defined=FALSE sc_extern
            "Shape" void (const Shape &) defined=FALSE sc_extern
        "#]]
        .assert_eq(&implicit_members(
            "struct Animal { virtual ~Animal() = default; virtual int legs() const = 0; };\nstruct Bird final : Animal { int legs() const override { return 2; } };\nstruct Shape { Shape(float w) {} ~Shape() {} };\nvoid g() { Bird b; Shape s(1.0f); }\n",
        ));
    }
}
