//! cudafe++'s `--il_display` for file scope, and the normalized form both tools are compared in.
//!
//! The measured format is in `docs/spec/il-display.md`: a header, then one entry per IL entry,
//! `file-scope <kind>@<address>`, with labels padded to 25 columns. We print the entries of the
//! entities the entity layer knows (namespaces, classes, enums, typedefs, routines, variables,
//! fields) and, of their fields, the ones the model can answer; pointers print as stable ids
//! (`<kind>@<n>`, n the entity's index in source order) instead of addresses.
//!
//! Positions are not part of entities (they are position-independent), so an entry's
//! `decl_position` comes from the declaration walk of [`crate::xref`], matched by qualified name
//! in source order.
//!
//! [`normalize`] turns either tool's display into comparable [`Entry`]s: the entries of one
//! file's entities, addresses dropped, `decl_position.seq` (a physical line of the `.ii`)
//! replaced by the line in the original file. [`compare`] measures entry presence and field
//! agreement over [`COMPARED_FIELDS`].
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::BufRead;

use base_db::SourceFile;
use rustc_hash::FxHashMap;
use syntax::SyntaxNode;

use crate::IlDatabase;
use crate::cuda::{ExecSpace, MemorySpace};
use crate::decl::{Linkage, linkage, routine_decl, variable_decl};
use crate::item::{Access, Item, ItemKind};
use crate::record::{class_layout, size_align_of};
use crate::resolve::{declared_type, routine_type};
use crate::scope::{all_items, scope_items};
use crate::ty::{Cv, FnSig, RefKind, Ty, TyKind};

/// Labels are padded (with their colon) to this width; longer ones wrap.
const LABEL_WIDTH: usize = 25;

/// What [`render_file_scope`] needs besides the file.
#[derive(Debug, Clone, Default)]
pub struct DisplayOptions {
    /// The `.ii` name as given on the command line (the header quotes it).
    pub ii_name: String,
    /// `time_of_compilation`, printed only when given (the tool's is a ctime string).
    pub timestamp: Option<String>,
}

/// The display of memory region 1 (file scope) for the entities of `file`.
pub fn render_file_scope(db: &dyn IlDatabase, file: SourceFile, opts: &DisplayOptions) -> String {
    let mut out = String::new();
    let ii = &opts.ii_name;
    writeln!(out, "Display of IL produced by the compilation of \"{ii}\"").unwrap();
    out.push_str("\n\nIntermediate language for memory region 1 (file scope):\n\nil_header:\n");
    field(
        &mut out,
        "primary_source_file",
        &format!("file-scope source-file@0: \"{ii}\""),
    );
    field(&mut out, "compiler_version", "\"6.6\"");
    if let Some(ts) = &opts.timestamp {
        field(&mut out, "time_of_compilation", &format!("\"{ts}\\012\""));
    }
    field(&mut out, "plain_chars_are_signed", "TRUE");
    field(&mut out, "source_language", "sl_Cplusplus");
    field(&mut out, "std_version", "201703");
    field(&mut out, "gcc_mode", "FALSE");
    field(&mut out, "gpp_mode", "TRUE");
    field(&mut out, "gnu_version", "120200");

    let items = all_items(db, file);
    let index: FxHashMap<Item<'_>, usize> =
        items.iter().enumerate().map(|(i, &it)| (it, i)).collect();
    let positions = positions(db, file, &items);
    for (i, &item) in items.iter().enumerate() {
        let Some(kind) = entry_kind(item.kind(db)) else {
            continue;
        };
        let Some(&position) = positions.get(&item) else {
            continue;
        };
        out.push('\n');
        writeln!(out, "file-scope {kind}@{i}").unwrap();
        entry(db, &mut out, item, &index, position);
        if is_class(item.kind(db)) {
            implicit_assignments(db, &mut out, item, i, position);
        }
    }
    out
}

/// The copy and move assignment operators EDG declares in every class that does not declare
/// them itself (unlike the implicit constructors, which it declares only when they are used).
/// The move one is declared only without a user-declared copy or move operation or destructor.
/// Not for classes in templates (their instances get them, and instances are not modelled).
fn implicit_assignments<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    class: Item<'db>,
    id: usize,
    (seq, column): (u32, u32),
) {
    let mut scope = class.parent(db);
    while let Some(s) = scope {
        if !matches!(s.kind(db), ItemKind::Namespace) && !is_class(s.kind(db)) {
            return;
        }
        scope = s.parent(db);
    }
    let Some(name) = class.name_text(db) else {
        return;
    };
    let (mut user_assign, mut user_copy_or_move_or_dtor) = (false, false);
    for &member in scope_items(db, class) {
        let Some(member_name) = member.name_text(db) else {
            continue;
        };
        let is_routine = matches!(
            member.kind(db),
            ItemKind::Routine | ItemKind::FunctionTemplate
        );
        if !is_routine {
            continue;
        }
        if member_name == "operator=" {
            user_assign = true;
        } else if member_name.starts_with('~') {
            user_copy_or_move_or_dtor = true;
        } else if member_name == name
            && member.kind(db) == ItemKind::Routine
            && let TyKind::Function(sig) = routine_type(db, member).kind(db)
        {
            // A constructor taking a reference (to its own class: a copy or move constructor).
            user_copy_or_move_or_dtor |=
                sig.params.len() == 1 && matches!(sig.params[0].kind(db), TyKind::Reference(..));
        }
    }
    if user_assign {
        return;
    }
    let qualified = class.qualified_name(db);
    let mut params = vec![format!("const {qualified} &")];
    if !user_copy_or_move_or_dtor {
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
        field(out, "  name_linkage", "C++");
        field(
            out,
            "type",
            &format!("file-scope type@ty: {qualified} &({param})"),
        );
        field(out, "storage_class", "sc_extern");
        field(out, "declared_storage_class", "sc_unspecified");
        field(out, "special_kind", "sfk_operator");
        field(out, "opname_kind", "onk_assign");
        field(out, "compiler_generated", "TRUE");
        field(out, "defined", "FALSE");
    }
}

/// EDG's entry kind for an item kind; `None` for what is not displayed yet (templates,
/// using-declarations, static_asserts...).
fn entry_kind(kind: ItemKind) -> Option<&'static str> {
    Some(match kind {
        ItemKind::Namespace => "namespace",
        ItemKind::Class
        | ItemKind::Struct
        | ItemKind::Union
        | ItemKind::Enum
        | ItemKind::Typedef => "type",
        ItemKind::Routine => "routine",
        ItemKind::Variable => "variable",
        ItemKind::Field => "field",
        _ => return None,
    })
}

/// (seq, column) of each item's name: the physical `.ii` line and 1-based column of the first
/// declaration line the xref walk logs under the item's qualified name (for a static data
/// member, its defining line when it has one: EDG moves the position to the definition).
fn positions<'db>(
    db: &'db dyn IlDatabase,
    file: SourceFile,
    items: &[Item<'db>],
) -> FxHashMap<Item<'db>, (u32, u32)> {
    /// One entity of the xref walk: first line's offset, first defining line's offset.
    struct Logged {
        first: usize,
        defining: Option<usize>,
    }
    let text = file.text(db);
    let root: SyntaxNode = base_db::parse(db, file).syntax_node();
    let mut by_entity: BTreeMap<u32, (String, Logged)> = BTreeMap::new();
    for line in crate::xref::declaration_lines(&root) {
        let offset = usize::from(line.offset);
        let defining = (line.kind == 'D').then_some(offset);
        let (_, logged) = by_entity.entry(line.entity).or_insert_with(|| {
            let logged = Logged {
                first: offset,
                defining: None,
            };
            (line.name.clone(), logged)
        });
        logged.first = logged.first.min(offset);
        logged.defining = logged.defining.or(defining);
    }
    let mut by_name: FxHashMap<String, Vec<Logged>> = FxHashMap::default();
    for (name, logged) in by_entity.into_values() {
        by_name.entry(name).or_default().push(logged);
    }
    for entities in by_name.values_mut() {
        entities.sort_unstable_by_key(|l| l.first);
    }
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    // Items come in source order, so each takes the first entity of its name after the previous
    // item's: that skips same-named parameters and locals logged earlier in headers. An item
    // left without one redeclares an entity already displayed (a reopened namespace, an opaque
    // enum's definition).
    //
    // A second pass gives the items the first skipped (because an earlier item took an entity
    // further on, past them) the entities of their name nobody took, in order.
    let mut chosen: FxHashMap<Item<'db>, &Logged> = FxHashMap::default();
    let mut taken: FxHashMap<*const Logged, ()> = FxHashMap::default();
    let mut last = 0usize;
    for &item in items {
        let Some(entities) = by_name.get(&item.qualified_name(db)) else {
            continue;
        };
        let Some(logged) = entities.iter().find(|l| l.first >= last) else {
            continue;
        };
        last = logged.first + 1;
        taken.insert(logged, ());
        chosen.insert(item, logged);
    }
    // Per name, the index of the first entity that may still be free (linear overall).
    let mut cursor: FxHashMap<String, usize> = FxHashMap::default();
    for &item in items {
        if chosen.contains_key(&item) {
            continue;
        }
        let name = item.qualified_name(db);
        let Some(entities) = by_name.get(&name) else {
            continue;
        };
        let next = cursor.entry(name).or_default();
        while entities
            .get(*next)
            .is_some_and(|l| taken.contains_key(&(l as *const Logged)))
        {
            *next += 1;
        }
        if let Some(logged) = entities.get(*next) {
            *next += 1;
            taken.insert(logged, ());
            chosen.insert(item, logged);
        }
    }
    let mut out = FxHashMap::default();
    for (item, logged) in chosen {
        let static_member = item.kind(db) == ItemKind::Variable
            && item.parent(db).is_some_and(|p| is_class(p.kind(db)));
        let offset = match logged.defining {
            Some(d) if static_member => d,
            _ => logged.first,
        };
        let line = line_starts.partition_point(|&s| s <= offset);
        let col = offset - line_starts[line - 1] + 1;
        out.insert(item, (line as u32, col as u32));
    }
    out
}

fn field(out: &mut String, label: &str, value: &str) {
    let label = format!("{label}:");
    if label.len() >= LABEL_WIDTH {
        writeln!(out, "{label}\n{:LABEL_WIDTH$}{value}", "").unwrap();
    } else {
        writeln!(out, "{label:LABEL_WIDTH$}{value}").unwrap();
    }
}

fn flag(out: &mut String, label: &str, set: bool) {
    if set {
        field(out, label, "TRUE");
    }
}

fn entry<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    item: Item<'db>,
    index: &FxHashMap<Item<'db>, usize>,
    (seq, column): (u32, u32),
) {
    let parent = item.parent(db);
    let in_class = parent.is_some_and(|p| is_class(p.kind(db)));
    let kind = item.kind(db);
    out.push_str("source_corresp:\n");
    if let Some(name) = item.name_text(db) {
        field(
            out,
            "  name",
            &format!("file-scope id-name@{}: \"{name}\"", index[&item]),
        );
    }
    field(out, "  decl_position.seq", &seq.to_string());
    field(out, "  decl_position.column", &column.to_string());
    flag(out, "  is_class_member", in_class);
    if in_class {
        let access = match item.access(db) {
            Some(Access::Public) | None => "as_public",
            Some(Access::Protected) => "as_protected",
            Some(Access::Private) => "as_private",
        };
        field(out, "  access", access);
    }
    let scope = parent.map_or("file-scope scope@file".to_string(), |p| {
        format!("file-scope scope@{}", index[&p])
    });
    field(out, "  parent_scope", &scope);
    field(out, "  enclosing_routine", "NULL");
    if item.name(db).is_some() {
        let name_linkage = match kind {
            ItemKind::Field | ItemKind::Typedef => "no",
            ItemKind::Variable | ItemKind::Routine => match linkage(db, item) {
                Linkage::External => "C++",
                Linkage::Internal => "internal",
                Linkage::None => "no",
            },
            _ => "C++",
        };
        let name_linkage = if item.extern_c(db) && name_linkage == "C++" {
            "C"
        } else {
            name_linkage
        };
        field(out, "  name_linkage", name_linkage);
    }
    match kind {
        ItemKind::Variable => variable(db, out, item, in_class),
        ItemKind::Routine => routine(db, out, item),
        ItemKind::Field => field_entry(db, out, item),
        ItemKind::Namespace => {}
        _ => type_entry(db, out, item),
    }
}

fn is_class(kind: ItemKind) -> bool {
    matches!(kind, ItemKind::Class | ItemKind::Struct | ItemKind::Union)
}

fn variable<'db>(db: &'db dyn IlDatabase, out: &mut String, item: Item<'db>, in_class: bool) {
    let decl = variable_decl(db, item);
    let s = &decl.specifiers;
    let mut ty = declared_type(db, item);
    if s.is_constexpr {
        ty = ty.qualified(
            db,
            Cv {
                is_const: true,
                ..Cv::default()
            },
        );
    }
    field(
        out,
        "type",
        &format!("file-scope type@ty: {}", spell(db, ty)),
    );
    // Namespace-scope variables with internal linkage (`static`, unnamed namespace, `const`)
    // are `sc_static`, `extern` ones `sc_extern`; static data members are `sc_unspecified`.
    // `declared_storage_class` is what was written, `static` only.
    let internal = s.is_static
        || matches!(linkage(db, item), Linkage::Internal)
        || (is_const(db, ty) && !s.is_extern && !s.is_inline);
    let storage = if in_class {
        "sc_unspecified"
    } else if internal {
        "sc_static"
    } else if s.is_extern {
        "sc_extern"
    } else {
        "sc_unspecified"
    };
    field(out, "storage_class", storage);
    let declared = if s.is_static {
        "sc_static"
    } else {
        "sc_unspecified"
    };
    field(out, "declared_storage_class", declared);
    let space = decl.memory_space;
    flag(
        out,
        "device",
        matches!(space, MemorySpace::Device | MemorySpace::Managed),
    );
    flag(out, "shared", space == MemorySpace::Shared);
    flag(out, "constant", space == MemorySpace::Constant);
    flag(out, "is_constexpr", s.is_constexpr);
}

fn routine<'db>(db: &'db dyn IlDatabase, out: &mut String, item: Item<'db>) {
    let decl = routine_decl(db, item);
    let name = item.name_text(db).unwrap_or("");
    let class_name = item
        .parent(db)
        .filter(|p| is_class(p.kind(db)))
        .and_then(|p| p.name_text(db));
    let (is_ctor, is_dtor) = (class_name == Some(name), name.starts_with('~'));
    let ty = routine_type(db, item);
    let spelled = match ty.kind(db) {
        // Constructors and destructors return `void`; destructors are implicitly noexcept.
        TyKind::Function(sig) if is_ctor || is_dtor => {
            let mut params = spell_params(db, sig);
            if is_dtor && !sig.noexcept {
                params.push_str(" noexcept");
            }
            format!("void {params}")
        }
        _ => spell(db, ty),
    };
    field(out, "type", &format!("file-scope type@ty: {spelled}"));
    let s = &decl.specifiers;
    let defined = item.body(db).is_some() || decl.is_defaulted || decl.is_deleted;
    // A namespace-scope `static` routine is `sc_static`, one only declared here `sc_extern`;
    // `declared_storage_class` is what was written, `static` only.
    let storage = if s.is_static && class_name.is_none() {
        "sc_static"
    } else if !defined {
        "sc_extern"
    } else {
        "sc_unspecified"
    };
    field(out, "storage_class", storage);
    let declared = if s.is_static {
        "sc_static"
    } else {
        "sc_unspecified"
    };
    field(out, "declared_storage_class", declared);
    field(out, "defined", if defined { "TRUE" } else { "FALSE" });
    match decl.exec_space {
        ExecSpace::Global => field(out, "global", "TRUE"),
        ExecSpace::Device => field(out, "device", "TRUE"),
        ExecSpace::HostDevice => {
            field(out, "device", "TRUE");
            field(out, "host", "TRUE");
        }
        ExecSpace::Host => {}
    }
    flag(out, "is_virtual", s.is_virtual);
    flag(out, "pure_virtual", decl.is_pure);
    flag(out, "is_inline", s.is_inline || s.is_constexpr);
    flag(out, "is_declared_constexpr", s.is_constexpr);
    flag(out, "is_explicit_constructor", s.is_explicit);
    flag(out, "is_defaulted", decl.is_defaulted);
    flag(out, "is_deleted", decl.is_deleted);
}

fn field_entry<'db>(db: &'db dyn IlDatabase, out: &mut String, item: Item<'db>) {
    let ty = declared_type(db, item);
    field(
        out,
        "type",
        &format!("file-scope type@ty: {}", spell(db, ty)),
    );
    let Some(class) = item.parent(db) else { return };
    let Some(layout) = class_layout(db, class) else {
        return;
    };
    let fields: Vec<Item<'_>> = scope_items(db, class)
        .iter()
        .copied()
        .filter(|f| f.kind(db) == ItemKind::Field)
        .collect();
    if fields.len() != layout.field_offsets.len() {
        return;
    }
    if let Some(n) = fields.iter().position(|&f| f == item) {
        let bits = layout.field_offsets[n];
        field(out, "offset", &(bits / 8).to_string());
    }
}

fn type_entry<'db>(db: &'db dyn IlDatabase, out: &mut String, item: Item<'db>) {
    let kind = item.kind(db);
    let size_align = match kind {
        ItemKind::Class | ItemKind::Struct | ItemKind::Union => {
            class_layout(db, item).map(|l| (l.size, l.align))
        }
        ItemKind::Enum => {
            size_align_of(db, Ty::new(db, TyKind::Enum(item))).map(|s| (s.size, s.align))
        }
        // A typedef's own entry is a `tk_typeref` of size 0: the size is its target's.
        _ => Some((0, 1)),
    };
    if let Some((size, align)) = size_align {
        field(out, "size", &size.to_string());
        field(out, "alignment", &align.to_string());
    }
    let tk = match kind {
        ItemKind::Class => "tk_class",
        ItemKind::Struct => "tk_struct",
        ItemKind::Union => "tk_union",
        ItemKind::Enum => "tk_integer",
        _ => "tk_typeref",
    };
    field(out, "kind", tk);
    if kind == ItemKind::Enum {
        field(out, "enum_type", "TRUE");
    }
}

fn is_const<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> bool {
    match ty.kind(db) {
        TyKind::Qualified(cv, _) => cv.is_const,
        TyKind::Array(elem, _) => is_const(db, *elem),
        _ => false,
    }
}

/// A type as EDG spells it in the display: `char **`, `int *const`, `int &()`, `float [4]`,
/// `int (*)(long)`: a declarator operator follows another without a space.
fn spell<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> String {
    fn join(base: String, op: &str) -> String {
        if base.ends_with(['*', '&']) {
            base + op
        } else {
            base + " " + op
        }
    }
    match ty.kind(db) {
        TyKind::Qualified(cv, inner) => {
            let quals = cv_spelling(*cv);
            match inner.kind(db) {
                TyKind::Pointer(_) => format!("{}{quals}", spell(db, *inner)),
                _ => format!("{quals} {}", spell(db, *inner)),
            }
        }
        TyKind::Pointer(inner) => match inner.kind(db) {
            TyKind::Function(sig) => format!("{} (*){}", spell(db, sig.ret), spell_params(db, sig)),
            _ => join(spell(db, *inner), "*"),
        },
        TyKind::Reference(RefKind::Lvalue, inner) => join(spell(db, *inner), "&"),
        TyKind::Reference(RefKind::Rvalue, inner) => join(spell(db, *inner), "&&"),
        TyKind::Array(..) => {
            let mut dims = String::new();
            let mut elem = ty;
            while let TyKind::Array(e, n) = elem.kind(db) {
                dims.push_str(&n.map_or("[]".to_string(), |n| format!("[{n}]")));
                elem = *e;
            }
            join(spell(db, elem), &dims)
        }
        TyKind::Function(sig) => join(spell(db, sig.ret), &spell_params(db, sig)),
        _ => ty.display(db),
    }
}

fn cv_spelling(cv: Cv) -> String {
    let quals = [
        (cv.is_const, "const"),
        (cv.is_volatile, "volatile"),
        (cv.is_restrict, "__restrict__"),
    ];
    let words: Vec<&str> = quals.iter().filter(|q| q.0).map(|q| q.1).collect();
    words.join(" ")
}

fn spell_params<'db>(db: &'db dyn IlDatabase, sig: &FnSig<'db>) -> String {
    let mut params: Vec<String> = sig.params.iter().map(|&p| spell(db, p)).collect();
    if sig.variadic {
        params.push("...".to_string());
    }
    let mut out = format!("({})", params.join(", "));
    if sig.this_cv.is_const || sig.this_cv.is_volatile {
        out.push(' ');
        out.push_str(&cv_spelling(sig.this_cv));
    }
    match sig.ref_qualifier {
        Some(RefKind::Lvalue) => out.push_str(" &"),
        Some(RefKind::Rvalue) => out.push_str(" &&"),
        None => {}
    }
    if sig.noexcept {
        out.push_str(" noexcept");
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Normalized form and comparison.

/// One entry of a display, normalized: its kind (`file-scope variable`) and its fields in order,
/// as (label, value) with labels keeping their sub-record indent, pointers reduced to the value
/// they print (`type: int`) or to the kind they point to, and `decl_position.seq` replaced by
/// `decl_position.line` in the original file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub kind: String,
    pub fields: Vec<(String, String)>,
}

impl Entry {
    pub fn get(&self, label: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(l, _)| l == label)
            .map(|(_, v)| v.as_str())
    }

    /// What identifies an entry across tools: kind, name and position.
    pub fn key(&self) -> (String, String, String, String) {
        let get = |l: &str| self.get(l).unwrap_or("").to_string();
        (
            self.kind.clone(),
            get("  name"),
            get("  decl_position.line"),
            get("  decl_position.column"),
        )
    }
}

/// Entry kinds kept in extracts: the ones the issue asks for (scopes carry no position).
const KEPT_KINDS: &[&str] = &[
    "file-scope variable",
    "file-scope routine",
    "file-scope type",
    "file-scope field",
    "file-scope namespace",
];

/// The fields compared per entry kind (from the IL display seed's lists), beyond the
/// `source_corresp` ones in [`COMPARED_SOURCE_CORRESP`].
pub const COMPARED_FIELDS: &[(&str, &[&str])] = &[
    (
        "file-scope variable",
        &[
            "type",
            "storage_class",
            "declared_storage_class",
            "device",
            "shared",
            "constant",
            "is_constexpr",
        ],
    ),
    (
        "file-scope routine",
        &[
            "type",
            "storage_class",
            "declared_storage_class",
            "defined",
            "device",
            "host",
            "global",
            "is_virtual",
            "pure_virtual",
            "is_explicit_constructor",
            "is_defaulted",
            "is_deleted",
        ],
    ),
    (
        "file-scope type",
        &["size", "alignment", "kind", "enum_type"],
    ),
    ("file-scope field", &["type", "offset"]),
    ("file-scope namespace", &[]),
];

pub const COMPARED_SOURCE_CORRESP: &[&str] = &[
    "  name",
    "  decl_position.line",
    "  decl_position.column",
    "  is_class_member",
    "  access",
    "  enclosing_routine",
    "  name_linkage",
];

/// Maps physical lines of a `.ii` to (file, line) through its line markers.
pub struct SeqMap {
    /// Per physical line (index 0 = line 1): original file index and line.
    lines: Vec<(u32, u32)>,
    files: Vec<String>,
}

impl SeqMap {
    pub fn new(ii_text: &str) -> SeqMap {
        let mut files: Vec<String> = vec![String::new()];
        let mut lines = Vec::new();
        let (mut file, mut next) = (0u32, 1u32);
        for line in ii_text.lines() {
            lines.push((file, next));
            if let Some((n, name)) = line_marker(line) {
                file = files.iter().position(|f| *f == name).unwrap_or_else(|| {
                    files.push(name.to_string());
                    files.len() - 1
                }) as u32;
                next = n;
            } else {
                next += 1;
            }
        }
        SeqMap { lines, files }
    }

    /// (file, line) of physical line `seq`.
    pub fn original(&self, seq: u32) -> Option<(&str, u32)> {
        let &(f, l) = self.lines.get((seq as usize).checked_sub(1)?)?;
        Some((&self.files[f as usize], l))
    }
}

/// `# 12 "file.cu" 1 3` → (12, "file.cu").
fn line_marker(line: &str) -> Option<(u32, &str)> {
    let rest = line.strip_prefix("# ")?;
    let (n, rest) = rest.split_once(' ')?;
    let name = rest.strip_prefix('"')?.split('"').next()?;
    Some((n.parse().ok()?, name))
}

/// Reads a display (either tool's) and keeps the [`KEPT_KINDS`] entries whose
/// `decl_position.seq` is a line of a file named `own_file` (or ending in `/own_file`).
/// Streams: cudafe++'s displays are ~84 MB.
pub fn normalize(
    display: impl BufRead,
    seqs: &SeqMap,
    own_file: &str,
) -> std::io::Result<Vec<Entry>> {
    let suffix = format!("/{own_file}");
    let is_own = |f: &str| f == own_file || f.ends_with(&suffix);
    let mut out = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut flush = |lines: &mut Vec<String>| {
        if let Some(e) = normalize_entry(lines, seqs, &is_own) {
            out.push(e);
        }
        lines.clear();
    };
    for line in display.lines() {
        let line = line?;
        if line.is_empty() {
            flush(&mut lines);
        } else {
            lines.push(line);
        }
    }
    flush(&mut lines);
    // By position, then kind, name and type: same-named entries at one position (an implicit
    // copy and move assignment) then pair up by type in `compare`.
    out.sort_by_cached_key(|e| {
        let num = |l: &str| e.get(l).and_then(|v| v.parse::<u32>().ok()).unwrap_or(0);
        let text = |l: &str| e.get(l).unwrap_or("").to_string();
        let position = (num("  decl_position.line"), num("  decl_position.column"));
        (position, e.kind.clone(), text("  name"), text("type"))
    });
    Ok(out)
}

fn normalize_entry(
    lines: &[String],
    seqs: &SeqMap,
    is_own: &dyn Fn(&str) -> bool,
) -> Option<Entry> {
    let head = lines.first()?;
    let (kind, _) = head.split_once('@')?;
    if !KEPT_KINDS.contains(&kind) {
        return None;
    }
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut pending: Option<String> = None;
    for line in &lines[1..] {
        if let Some(label) = pending.take() {
            fields.push((label, line.trim().to_string()));
            continue;
        }
        let Some((label, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if value.is_empty() && line.len() >= LABEL_WIDTH && !line.ends_with("source_corresp:") {
            pending = Some(label.to_string());
        } else {
            fields.push((label.to_string(), value.to_string()));
        }
    }
    let seq: u32 = fields
        .iter()
        .find(|(l, _)| l == "  decl_position.seq")?
        .1
        .parse()
        .ok()?;
    let (file, line) = seqs.original(seq)?;
    if !is_own(file) {
        return None;
    }
    for (label, value) in &mut fields {
        if label == "  decl_position.seq" {
            *label = "  decl_position.line".to_string();
            *value = line.to_string();
        } else {
            *value = pointer_value(value);
        }
    }
    Some(Entry {
        kind: kind.to_string(),
        fields,
    })
}

/// `file-scope type@30f05698: int` → `int`; `file-scope scope@30f0` → `<scope>`.
fn pointer_value(value: &str) -> String {
    let is_pointer = (value.starts_with("file-scope ") || value.starts_with("func-scope "))
        && value
            .split_whitespace()
            .nth(1)
            .is_some_and(|w| w.contains('@'));
    if !is_pointer {
        return value.to_string();
    }
    match value.split_once(": ") {
        Some((_, v)) => v.to_string(),
        None => {
            let kind = value.split_whitespace().nth(1).unwrap_or("");
            format!("<{}>", kind.split('@').next().unwrap_or(""))
        }
    }
}

/// Writes entries as an extract: `file-scope <kind>` then `label: value` lines, blank-separated.
pub fn write_extract(entries: &[Entry]) -> String {
    let mut out = String::new();
    for e in entries {
        writeln!(out, "{}", e.kind).unwrap();
        for (l, v) in &e.fields {
            writeln!(out, "{l}: {v}").unwrap();
        }
        out.push('\n');
    }
    out
}

/// Reads what [`write_extract`] wrote.
pub fn read_extract(text: &str) -> Vec<Entry> {
    text.split("\n\n")
        .filter_map(|block| {
            let mut lines = block.lines().filter(|l| !l.is_empty());
            let kind = lines.next()?.to_string();
            let fields = lines
                .filter_map(|l| {
                    l.split_once(": ")
                        .map(|(a, b)| (a.to_string(), b.to_string()))
                })
                .collect();
            Some(Entry { kind, fields })
        })
        .collect()
}

/// Presence and agreement counts for one entry kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KindStats {
    /// Entries of the reference / of those, ours has one with the same key / ours has extra.
    pub expected: usize,
    pub present: usize,
    pub extra: usize,
    /// Compared fields over matched entries (a field counts if either side prints it; a field
    /// printed by only one side disagrees) and those equal.
    pub fields: usize,
    pub fields_agree: usize,
}

impl KindStats {
    pub fn add(&mut self, o: KindStats) {
        self.expected += o.expected;
        self.present += o.present;
        self.extra += o.extra;
        self.fields += o.fields;
        self.fields_agree += o.fields_agree;
    }
}

/// A field's value for comparison. A variable's `constant` label is printed for two fields:
/// the `__constant__` flag (`TRUE`) and the initializer's constant value (`3`); only the flag is
/// compared (initializer values are not evaluated yet).
fn compared_value<'e>(e: &'e Entry, label: &str) -> Option<&'e str> {
    let value = e.get(label);
    if label == "constant" && value != Some("TRUE") {
        return None;
    }
    value
}

/// Compares our entries with the reference's, per entry kind.
pub fn compare(expected: &[Entry], ours: &[Entry]) -> BTreeMap<String, KindStats> {
    let mut stats: BTreeMap<String, KindStats> = BTreeMap::new();
    let mut ours_by_key: FxHashMap<_, Vec<&Entry>> = FxHashMap::default();
    for e in ours {
        ours_by_key.entry(e.key()).or_default().push(e);
    }
    let mut used: FxHashMap<_, usize> = FxHashMap::default();
    for e in expected {
        let s = stats.entry(e.kind.clone()).or_default();
        s.expected += 1;
        let key = e.key();
        let n = used.entry(key.clone()).or_default();
        let Some(&ours) = ours_by_key.get(&key).and_then(|v| v.get(*n)) else {
            continue;
        };
        *n += 1;
        s.present += 1;
        let extra_labels = COMPARED_FIELDS
            .iter()
            .find(|(k, _)| *k == e.kind)
            .map_or(&[][..], |(_, l)| *l);
        for label in COMPARED_SOURCE_CORRESP.iter().chain(extra_labels) {
            let (a, b) = (compared_value(e, label), compared_value(ours, label));
            if a.is_none() && b.is_none() {
                continue;
            }
            s.fields += 1;
            if a == b {
                s.fields_agree += 1;
            }
        }
    }
    for (key, v) in &ours_by_key {
        let matched = used.get(key).copied().unwrap_or(0);
        if v.len() > matched {
            stats.entry(key.0.clone()).or_default().extra += v.len() - matched;
        }
    }
    stats
}

/// What [`compare`] counts against us, one line each: missing entries (kind, name, line,
/// column) and the compared fields that differ on matched ones.
pub fn differences(expected: &[Entry], ours: &[Entry]) -> Vec<String> {
    let mut out = Vec::new();
    for e in expected {
        let key = e.key();
        let Some(o) = ours.iter().find(|o| o.key() == key) else {
            out.push(format!("missing {key:?}"));
            continue;
        };
        let labels = COMPARED_FIELDS
            .iter()
            .find(|(k, _)| *k == e.kind)
            .map_or(&[][..], |(_, l)| *l);
        for label in COMPARED_SOURCE_CORRESP.iter().chain(labels) {
            let (a, b) = (compared_value(e, label), compared_value(o, label));
            if a != b {
                out.push(format!(
                    "{} {}: {}: theirs {a:?}, ours {b:?}",
                    key.0,
                    key.1,
                    label.trim()
                ));
            }
        }
    }
    let keys: Vec<_> = expected.iter().map(Entry::key).collect();
    for o in ours {
        if !keys.contains(&o.key()) {
            out.push(format!("extra {:?}", o.key()));
        }
    }
    out
}

/// One line per kind and a total: `kind: present/expected entries, extra, fields agree/compared`.
pub fn format_stats(stats: &BTreeMap<String, KindStats>) -> String {
    let mut out = String::new();
    let mut total = KindStats::default();
    for (kind, s) in stats {
        writeln!(out, "  {kind}: {}", stats_line(s)).unwrap();
        total.add(*s);
    }
    writeln!(out, "  total: {}", stats_line(&total)).unwrap();
    out
}

pub fn stats_line(s: &KindStats) -> String {
    let pct = |a: usize, b: usize| {
        if b == 0 {
            100.0
        } else {
            a as f64 * 100.0 / b as f64
        }
    };
    format!(
        "{}/{} entries present ({:.1}%), {} extra, fields {}/{} agree ({:.1}%)",
        s.present,
        s.expected,
        pct(s.present, s.expected),
        s.extra,
        s.fields_agree,
        s.fields,
        pct(s.fields_agree, s.fields)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_pad_to_25_columns_and_wrap_when_longer() {
        let mut out = String::new();
        field(&mut out, "  name", "x");
        field(&mut out, "has_zero_init_component", "TRUE");
        field(&mut out, "is_trivial_copy_function", "TRUE");
        expect_test::expect![[r#"
              name:                  x
            has_zero_init_component: TRUE
            is_trivial_copy_function:
                                     TRUE
        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn normalizes_pointers_positions_and_keeps_own_entries() {
        let ii = "# 1 \"t.cu\"\nint dv;\n# 1 \"h.h\"\nint hv;\n";
        let display = "file-scope variable@30\nsource_corresp:\n  name:                  file-scope id-name@3: \"dv\"\n  decl_position.seq:     2\n  decl_position.column:  5\ntype:                    file-scope type@9: int\nis_trivial_copy_function:\n                         TRUE\n\nfile-scope variable@40\nsource_corresp:\n  decl_position.seq:     4\n";
        let entries = normalize(display.as_bytes(), &SeqMap::new(ii), "t.cu").unwrap();
        expect_test::expect![[r#"
            file-scope variable
            source_corresp: 
              name: "dv"
              decl_position.line: 1
              decl_position.column: 5
            type: int
            is_trivial_copy_function: TRUE

        "#]]
        .assert_eq(&write_extract(&entries));
        assert_eq!(read_extract(&write_extract(&entries)), entries);
    }
}
