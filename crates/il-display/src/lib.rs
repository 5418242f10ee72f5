//! cudafe++'s `--il_display` for file scope, and the normalized form both tools are compared in.
//!
//! The measured format is in `docs/spec/il-display.md`: a header, then one entry per IL entry,
//! `file-scope <kind>@<address>`, with labels padded to 25 columns. We print the entries of the
//! entities the entity layer knows (namespaces, classes, enums, typedefs, routines, variables,
//! fields) and, of their fields, the ones the model can answer; pointers print as stable ids
//! (`<kind>@<n>`, n the entity's index in source order) instead of addresses.
//!
//! Positions are not part of entities (they are position-independent), so an entry's
//! `decl_position` comes from the declaration walk of [`xref`], matched by qualified name
//! in source order.
//!
//! Submodules: [`syntactic`] prints the entries EDG makes for syntax that is no item (template
//! type parameters, array types, function-local statics); [`lambda`] the closure classes of
//! lambdas; [`implicit`] the special members EDG declares implicitly; [`unnamed`] places the
//! unnamed classes and bit-fields the xref walk does not log; [`prototypes`], [`instances`],
//! [`var_templates`] and [`alias_templates`] the templates and their instances; [`compare`]
//! normalizes displays and measures agreement. Classes local to function bodies
//! ([`il::scope::local_classes`]) print in file scope, as EDG allocates them there.
#[cfg(test)]
mod test_db;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use base_db::SourceFile;
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::SyntaxNode;

use hir_ty::HirTyDatabase;
use il::IlDatabase;
use il::cuda::{ExecSpace, MemorySpace};
use il::decl::{Linkage, linkage, routine_decl, variable_decl};
use il::item::{Access, Item, ItemKind};
use il::record::{class_layout, size_align_of};
use il::resolve::{declared_type, routine_type};
use il::scope::{all_items, scope_items};
use il::ty::{Cv, FnSig, RefKind, Ty, TyKind};

mod alias_templates;
mod compare;
mod ctad;
mod fn_instances;
mod implicit;
mod inferred;
mod instances;
mod lambda;
mod locals;
mod prototypes;
mod syntactic;
mod template_ids;
mod unnamed;
mod var_templates;

pub use compare::{
    COMPARED_FIELDS, COMPARED_SOURCE_CORRESP, Entry, KindStats, SeqMap, compare, differences,
    format_stats, normalize, read_extract, stats_line, write_extract,
};

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
pub fn render_file_scope(
    hdb: &dyn HirTyDatabase,
    file: SourceFile,
    opts: &DisplayOptions,
) -> String {
    let db: &dyn IlDatabase = hdb;
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

    let mut items = all_items(db, file);
    // Classes local to function bodies, with their members: in file scope for EDG.
    let mut local: FxHashSet<Item<'_>> = FxHashSet::default();
    for &class in il::scope::local_classes(db, file) {
        for item in std::iter::once(class).chain(scope_items(db, class).iter().copied()) {
            local.insert(item);
            items.push(item);
        }
    }
    let index: FxHashMap<Item<'_>, usize> =
        items.iter().enumerate().map(|(i, &it)| (it, i)).collect();
    let root: SyntaxNode = base_db::parse(db, file).syntax_node();
    let lines = Lines::new(file.text(db));
    let xref = xref::declaration_lines(&root);
    let (offsets, has_definition) = name_offsets(db, &xref, &items, file.text(db));
    let definitions = class_definitions(db, &items);
    let constructions = implicit::constructions(db, file, &root);
    let unnamed_places = unnamed::places(db, &root, &items);
    for (i, &item) in items.iter().enumerate() {
        let Some(kind) = entry_kind(item.kind(db)) else {
            continue;
        };
        let place = unnamed_places.get(&item);
        let Some(offset) = offsets.get(&item).copied().or(place.map(|p| p.offset)) else {
            continue;
        };
        if let Some(object) = place.and_then(|p| p.member_object) {
            out.push('\n');
            writeln!(out, "file-scope field@{i}.m").unwrap();
            anonymous_member_object(db, &mut out, item, &index, lines.pos(object));
        }
        let position = lines.pos(offset);
        out.push('\n');
        writeln!(out, "file-scope {kind}@{i}").unwrap();
        // (Only the class itself: its members' enclosing routine is NULL.)
        let local_to = (local.contains(&item) && item.parent(db).is_none())
            .then(|| enclosing_routine(&root, offset))
            .flatten();
        let facts = Facts {
            position,
            has_definition: has_definition.contains(&item),
            local_to: local_to.as_deref(),
        };
        // A class declared first prints at its definition with the definition's facts.
        let definition = definitions.get(&item).copied();
        entry(db, &mut out, item, &index, facts, definition);
        let item = definition.unwrap_or(item);
        // An incomplete class has no members, implicit ones included.
        if is_class(item.kind(db)) && item.body(db).is_some() {
            let local = local.contains(&item);
            implicit::implicit_assignments(db, &mut out, item, i, position, local);
            if let Some(&construction) = constructions.get(&item) {
                implicit::implicit_constructors(db, &mut out, item, i, position, construction);
            }
        }
    }
    let mut ids = 0usize;
    syntactic::entries(db, file, &root, &lines, &mut ids, &mut out);
    lambda::entries(hdb, file, &root, &lines, &mut ids, &mut out);
    let located = Located {
        root: &root,
        xref: &xref,
        offsets: &offsets,
        lines: &lines,
    };
    prototypes::entries(db, file, &located, &mut ids, &mut out);
    let deduced = ctad::entries(hdb, file, &located, &mut ids, &mut out);
    instances::entries(db, file, &root, &located, &deduced, &mut ids, &mut out);
    var_templates::entries(hdb, file, &root, &located, &mut ids, &mut out);
    alias_templates::entries(db, file, &root, &located, &mut ids, &mut out);
    fn_instances::entries(hdb, file, &root, &located, &mut ids, &mut out);
    locals::entries(db, file, &located, &mut ids, &mut out);
    template_ids::entries(db, file, &located, &mut ids, &mut out);
    out
}

/// The next id of an entry that is no item (printed with a letter, so they never collide with
/// items' indices).
fn next_id(ids: &mut usize) -> usize {
    *ids += 1;
    *ids
}

/// Where the walks found things: the xref declaration lines, the items' name offsets, and
/// offsets to positions.
struct Located<'a, 'db> {
    root: &'a SyntaxNode,
    xref: &'a [xref::XrefLine],
    offsets: &'a FxHashMap<Item<'db>, usize>,
    lines: &'a Lines,
}

impl Located<'_, '_> {
    /// The template declaration whose declared name is at `offset`.
    fn template_decl_at(&self, offset: usize) -> Option<SyntaxNode> {
        self.root
            .token_at_offset(syntax::TextSize::from(offset as u32))
            .right_biased()
            .and_then(|t| {
                t.parent_ancestors()
                    .find(|a| a.kind() == syntax::SyntaxKind::TEMPLATE_DECL)
            })
    }
}

/// A display position: `decl_position.seq` is the physical line of the `.ii` (1-based) and
/// `decl_position.column` the 1-based byte column in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pos {
    seq: u32,
    column: u32,
}

/// Offsets of a text to [`Pos`]itions, and which lines come from the primary source file
/// (not a header, by the `.ii`'s line markers).
struct Lines {
    starts: Vec<usize>,
    in_primary: Vec<bool>,
}

impl Lines {
    fn new(text: &str) -> Lines {
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut primary: Option<&str> = None;
        // Text before any marker (a test fixture) is the primary file.
        let mut current = true;
        let in_primary = text
            .split('\n')
            .map(|line| {
                let marker = line
                    .strip_prefix("# ")
                    .and_then(|rest| rest.split_once(" \""))
                    .filter(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
                    .and_then(|(_, name)| name.split('"').next());
                if let Some(name) = marker {
                    current = *primary.get_or_insert(name) == name;
                }
                current
            })
            .collect();
        Lines { starts, in_primary }
    }

    /// Whether `offset` is in the primary source file.
    fn is_primary(&self, offset: usize) -> bool {
        let line = self.starts.partition_point(|&s| s <= offset);
        self.in_primary.get(line - 1).copied().unwrap_or(false)
    }

    fn pos(&self, offset: usize) -> Pos {
        let line = self.starts.partition_point(|&s| s <= offset);
        let column = offset - self.starts[line - 1] + 1;
        Pos {
            seq: line as u32,
            column: column as u32,
        }
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

/// The offset of each item's name: that of the first defining (`D`) line the xref walk logs
/// under the item's qualified name, else its first declaration line. EDG moves an entity's
/// position to its definition: a routine or variable declared first and defined later, a class
/// or enum declared opaque, a static data member.
fn name_offsets<'db>(
    db: &'db dyn IlDatabase,
    xref: &[xref::XrefLine],
    items: &[Item<'db>],
    source: &str,
) -> (FxHashMap<Item<'db>, usize>, FxHashSet<Item<'db>>) {
    /// One entity of the xref walk: first line's offset, first defining line's offset.
    struct Logged {
        first: usize,
        defining: Option<usize>,
    }
    let mut by_entity: BTreeMap<u32, (String, Logged)> = BTreeMap::new();
    for line in xref {
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
    // The xref walk never logs an unnamed class or bit-field itself (only its members, under
    // `<unnamed>::`): their places come from [`unnamed::places`].
    //
    // An explicit specialization is logged with its arguments (`Tuple<>`) and paired with its
    // line by [`prototypes`]; under the template's name it would take a partial
    // specialization's line.
    let explicit_specialization = |item: Item<'db>| {
        il::instantiate::is_specialization(db, item)
            && il::instantiate::template_params(db, item).is_empty()
    };
    let logged = |item: Item<'db>| {
        (item.name(db).is_some() || item.kind(db) == ItemKind::Namespace)
            && !explicit_specialization(item)
    };
    // A routine is never a parameter or variable of its name (`float *norm` in a kernel is not
    // the math library's `norm`): a declared name followed by `)`, `,`, `=`, `;` or `[` is an
    // object's.
    let fits = |item: Item<'db>, logged: &Logged| {
        if item.kind(db) != ItemKind::Routine {
            return true;
        }
        let Some(name) = item.name_text(db) else {
            return true;
        };
        let after = source
            .get(logged.first..)
            .and_then(|rest| rest.strip_prefix(name))
            .map(str::trim_start);
        !after.is_some_and(|rest| rest.starts_with([')', ',', '=', ';', '[']))
    };
    // Friends go last: a friend declaration names an entity that another declaration (its
    // definition in the namespace) displays when there is one.
    let is_friend: FxHashSet<Item<'db>> = items
        .iter()
        .copied()
        .filter(|&i| i.parent(db).is_some() && il::decl::is_friend(db, i))
        .collect();
    for &item in items
        .iter()
        .filter(|&&i| logged(i) && !is_friend.contains(&i))
    {
        let Some(entities) = by_name.get(&xref_name(db, item)) else {
            continue;
        };
        let Some(logged) = entities.iter().find(|l| l.first >= last && fits(item, l)) else {
            continue;
        };
        last = logged.first + 1;
        taken.insert(logged, ());
        chosen.insert(item, logged);
    }
    // Per name, the index of the first entity that may still be free (linear overall).
    let mut cursor: FxHashMap<String, usize> = FxHashMap::default();
    let (others, friends): (Vec<Item<'db>>, Vec<Item<'db>>) = items
        .iter()
        .copied()
        .filter(|&i| logged(i))
        .partition(|i| !is_friend.contains(i));
    for item in others.into_iter().chain(friends) {
        if chosen.contains_key(&item) {
            continue;
        }
        let name = xref_name(db, item);
        let Some(entities) = by_name.get(&name) else {
            continue;
        };
        let next = cursor.entry(name).or_default();
        while entities
            .get(*next)
            .is_some_and(|l| taken.contains_key(&(l as *const Logged)) || !fits(item, l))
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
    let mut defined = FxHashSet::default();
    for (item, logged) in chosen {
        out.insert(item, logged.defining.unwrap_or(logged.first));
        if logged.defining.is_some() {
            defined.insert(item);
        }
    }
    (out, defined)
}

/// Each class declaration without a body (`struct A;`, `friend struct G;`, `struct Inner;` in a
/// class) whose class is defined in the unit, to that definition: one entity. The declaration
/// takes the entity's position (the definition's, where the xref walk's defining line is) and
/// prints its name and scope; the definition its size and members.
fn class_definitions<'db>(
    db: &'db dyn IlDatabase,
    items: &[Item<'db>],
) -> FxHashMap<Item<'db>, Item<'db>> {
    let key = |item: Item<'db>| (xref_name(db, item), item.signature_key(db).clone());
    let classes = || items.iter().copied().filter(|&i| is_class(i.kind(db)));
    let mut definitions = FxHashMap::default();
    for class in classes().filter(|c| c.body(db).is_some()) {
        definitions.entry(key(class)).or_insert(class);
    }
    classes()
        .filter(|c| c.body(db).is_none())
        .filter_map(|c| Some((c, *definitions.get(&key(c))?)))
        .collect()
}

/// An item's qualified name as the xref log spells it: an anonymous namespace is `<unnamed>`.
fn xref_name(db: &dyn IlDatabase, item: Item<'_>) -> String {
    let mut parts = Vec::new();
    let mut cur = Some(item);
    if let Some(scope) = friend_scope(db, item) {
        parts.push(item.name_text(db).unwrap_or_default().to_string());
        cur = scope;
    }
    while let Some(i) = cur {
        parts.push(match i.name_text(db) {
            Some(n) => n.to_string(),
            // The xref walk logs the members of unnamed classes as `<unnamed>::x` too.
            None => "<unnamed>".to_string(),
        });
        cur = i.parent(db);
    }
    parts.reverse();
    parts.join("::")
}

/// For an entity declared by a friend declaration, the innermost namespace enclosing the
/// befriending class (`None` for the file's), where the entity belongs; `None` for others.
fn friend_scope<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Option<Option<Item<'db>>> {
    let parent = item.parent(db)?;
    if !is_class(parent.kind(db)) || !il::decl::is_friend(db, item) {
        return None;
    }
    let mut scope = Some(parent);
    while let Some(s) = scope.filter(|s| s.kind(db) != ItemKind::Namespace) {
        scope = s.parent(db);
    }
    Some(scope)
}

/// What an entry knows besides its item: where it prints, and whether the entity has a
/// defining declaration (possibly another item: `extern int x;` then `int x = 1;`, a member
/// function defined outside its class).
#[derive(Debug, Clone, Copy)]
struct Facts<'a> {
    position: Pos,
    has_definition: bool,
    /// For a class local to a function body, that function's name: EDG's `enclosing_routine`
    /// (the class has no linkage).
    local_to: Option<&'a str>,
}

/// The name of the function whose body contains `offset`.
fn enclosing_routine(root: &SyntaxNode, offset: usize) -> Option<String> {
    let token = root
        .token_at_offset(syntax::TextSize::from(offset as u32))
        .right_biased()?;
    let function = token
        .parent_ancestors()
        .find(|a| a.kind() == syntax::SyntaxKind::FUNCTION_DEF)?;
    let declarator = function
        .children()
        .find(|n| n.kind() == syntax::SyntaxKind::DECLARATOR)?;
    let name = declarator
        .descendants()
        .find(|n| n.kind() == syntax::SyntaxKind::NAME_REF)?;
    Some(il::lower::tokens_text(&name))
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

/// The entry of `item`; a class `definition` given answers for a declaration without body.
fn entry<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    item: Item<'db>,
    index: &FxHashMap<Item<'db>, usize>,
    facts: Facts<'_>,
    definition: Option<Item<'db>>,
) {
    let Pos { seq, column } = facts.position;
    let parent = friend_scope(db, item).unwrap_or(item.parent(db));
    let in_class = parent.is_some_and(|p| is_class(p.kind(db)));
    let kind = item.kind(db);
    out.push_str("source_corresp:\n");
    // A class named by a typedef takes the typedef's name.
    let name = item
        .name_text(db)
        .or_else(|| unnamed::typedef_name(db, item));
    if let Some(name) = name {
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
        let access = access_name(item.access(db));
        field(out, "  access", access);
    }
    let scope = parent.map_or("file-scope scope@file".to_string(), |p| {
        format!("file-scope scope@{}", index[&p])
    });
    field(out, "  parent_scope", &scope);
    field(out, "  enclosing_routine", facts.local_to.unwrap_or("NULL"));
    if name.is_some() {
        let name_linkage = match kind {
            _ if facts.local_to.is_some() => "no",
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
        ItemKind::Variable => variable(db, out, item, in_class, facts.has_definition),
        ItemKind::Routine => routine(db, out, item, facts.has_definition),
        ItemKind::Field => field_entry(db, out, item),
        ItemKind::Namespace => {}
        _ => type_entry(db, out, definition.unwrap_or(item)),
    }
}

fn is_class(kind: ItemKind) -> bool {
    matches!(kind, ItemKind::Class | ItemKind::Struct | ItemKind::Union)
}

fn variable<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    item: Item<'db>,
    in_class: bool,
    has_definition: bool,
) {
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
    // are `sc_static`, `extern` ones `sc_extern` unless defined elsewhere in the unit. A static
    // data member is `sc_extern` while only declared in its class, `sc_unspecified` when inline
    // (constexpr) or defined outside the class, where its entry then sits (and what that
    // definition wrote is its `declared_storage_class`). `declared_storage_class` is what was
    // written, `static` only.
    let internal = s.is_static
        || matches!(linkage(db, item), Linkage::Internal)
        || (is_const(db, ty) && !s.is_extern && !s.is_inline);
    let inline_member = s.is_constexpr || s.is_inline;
    let defined_outside_class = in_class && has_definition && !inline_member;
    let storage = if in_class {
        if inline_member || defined_outside_class {
            "sc_unspecified"
        } else {
            "sc_extern"
        }
    } else if internal {
        "sc_static"
    } else if s.is_extern && !has_definition {
        "sc_extern"
    } else {
        "sc_unspecified"
    };
    field(out, "storage_class", storage);
    let declared = if s.is_static && !defined_outside_class {
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

fn routine<'db>(db: &'db dyn IlDatabase, out: &mut String, item: Item<'db>, has_definition: bool) {
    let decl = routine_decl(db, item);
    let name = item.name_text(db).unwrap_or("");
    let class_name = item
        .parent(db)
        .filter(|p| is_class(p.kind(db)) && friend_scope(db, item).is_none())
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
    let defined = item.body(db).is_some() || decl.is_defaulted || decl.is_deleted || has_definition;
    // A namespace-scope routine with internal linkage (`static`, or in an unnamed namespace) is
    // `sc_static`, one only declared here `sc_extern`;
    // `declared_storage_class` is what was written, `static` only.
    let internal = s.is_static || matches!(linkage(db, item), Linkage::Internal);
    // A deleted function is defined but never emitted: `sc_extern` (measured on
    // `F(const F &) = delete`).
    let storage = if internal && class_name.is_none() {
        "sc_static"
    } else if !defined || decl.is_deleted {
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
    routine_exec_space_fields(out, decl);
    flag(out, "is_virtual", s.is_virtual || decl.overrides);
    flag(out, "pure_virtual", decl.is_pure);
    flag(out, "is_inline", s.is_inline || s.is_constexpr);
    flag(out, "is_declared_constexpr", s.is_constexpr);
    // (`explicit operator bool()` is no constructor: EDG keeps the flag for constructors.)
    flag(out, "is_explicit_constructor", s.is_explicit && is_ctor);
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
    if let Some(offset) = layout_offset(db, item) {
        field(out, "offset", &offset.to_string());
    }
}

/// The byte offset of a member that takes space in its class (a field, or the unnamed object
/// of an anonymous union or struct), where the class's layout is known.
fn layout_offset<'db>(db: &'db dyn IlDatabase, member: Item<'db>) -> Option<u64> {
    let class = member.parent(db)?;
    let layout = class_layout(db, class)?;
    // The layout's fields, in the order `record` lowers them.
    let fields: Vec<Item<'_>> = scope_items(db, class)
        .iter()
        .copied()
        .filter(|&f| {
            f.kind(db) == ItemKind::Field
                || (is_class(f.kind(db)) && f.signature_key(db) == il::lower::ANONYMOUS_AGGREGATE)
        })
        .collect();
    if fields.len() != layout.field_offsets.len() {
        return None;
    }
    let n = fields.iter().position(|&f| f == member)?;
    Some(layout.field_offsets[n] / 8)
}

/// The unnamed member object an anonymous union or struct declares in its class: a field
/// without a name, typed by the unnamed class, at the class key.
fn anonymous_member_object<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    class: Item<'db>,
    index: &FxHashMap<Item<'db>, usize>,
    Pos { seq, column }: Pos,
) {
    out.push_str("source_corresp:\n");
    field(out, "  decl_position.seq", &seq.to_string());
    field(out, "  decl_position.column", &column.to_string());
    field(out, "  is_class_member", "TRUE");
    let access = access_name(class.access(db));
    field(out, "  access", access);
    let scope = class
        .parent(db)
        .map_or("file-scope scope@file".to_string(), |p| {
            format!("file-scope scope@{}", index[&p])
        });
    field(out, "  parent_scope", &scope);
    field(out, "  enclosing_routine", "NULL");
    field(
        out,
        "type",
        &format!("file-scope type@ty: {}", unnamed::class_spelling(db, class)),
    );
    if let Some(offset) = layout_offset(db, class) {
        field(out, "offset", &offset.to_string());
    }
    field(out, "is_anonymous_parent_object", "TRUE");
    field(out, "compiler_generated", "TRUE");
}

fn type_entry<'db>(db: &'db dyn IlDatabase, out: &mut String, item: Item<'db>) {
    let kind = item.kind(db);
    let size_align = match kind {
        // A class declared and never defined is incomplete, of size 0.
        ItemKind::Class | ItemKind::Struct | ItemKind::Union if item.body(db).is_none() => {
            Some((0, 1))
        }
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
    flag(out, "incomplete", is_class(kind) && item.body(db).is_none());
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
            let quals = cv.words();
            match inner.kind(db) {
                TyKind::Pointer(_) => format!("{}{quals}", spell(db, *inner)),
                _ => format!("{quals} {}", spell(db, *inner)),
            }
        }
        TyKind::Pointer(inner) => match qualified_array(db, *inner).kind(db) {
            TyKind::Function(sig) => format!("{} (*){}", spell(db, sig.ret), spell_params(db, sig)),
            _ if qualified_array(db, *inner).is_array(db) => {
                array_declarator(db, qualified_array(db, *inner), "*")
            }
            _ => join(spell(db, *inner), "*"),
        },
        // A reference to an array: `const float (&)[4]`.
        TyKind::Reference(kind, inner) if qualified_array(db, *inner).is_array(db) => {
            let op = if *kind == RefKind::Lvalue { "&" } else { "&&" };
            array_declarator(db, qualified_array(db, *inner), op)
        }
        TyKind::Reference(RefKind::Lvalue, inner) => join(spell(db, *inner), "&"),
        TyKind::Reference(RefKind::Rvalue, inner) => join(spell(db, *inner), "&&"),
        _ if ty.is_array(db) => {
            let (elem, dims) = ty.array_dims(db);
            join(spell(db, elem), &dims)
        }
        TyKind::Function(sig) => join(spell(db, sig.ret), &spell_params(db, sig)),
        TyKind::Class(class) if class.name(db).is_none() => unnamed::class_spelling(db, *class),
        _ => ty.display(db),
    }
}

/// A cv-qualified array as the array of cv-qualified elements it is ([basic.type.qualifier]):
/// `const T` with `T = float[4]` is `const float [4]`; other types as they are.
pub(crate) fn qualified_array<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> Ty<'db> {
    match ty.kind(db) {
        TyKind::Qualified(cv, inner) => match inner.kind(db) {
            TyKind::Array(elem, n) => Ty::new(db, TyKind::Array(elem.qualified(db, *cv), *n)),
            _ => ty,
        },
        _ => ty,
    }
}

/// A pointer or reference to an array, `float (*)[4]`: the operator in parentheses before the
/// bounds.
fn array_declarator<'db>(db: &'db dyn IlDatabase, array: Ty<'db>, op: &str) -> String {
    let (elem, dims) = array.array_dims(db);
    format!("{} ({op}){dims}", spell(db, elem))
}

/// A function type's parameters as the display spells them (each through [`spell`]).
fn spell_params<'db>(db: &'db dyn IlDatabase, sig: &FnSig<'db>) -> String {
    il::ty::params_spelling(sig, |p| spell(db, p))
}

/// EDG's name of a member's access (members of a `struct` without a label are public).
pub(crate) fn access_name(access: Option<Access>) -> &'static str {
    match access {
        Some(Access::Public) | None => "as_public",
        Some(Access::Protected) => "as_protected",
        Some(Access::Private) => "as_private",
    }
}

/// A routine's execution-space flags: `global`, or `device` and/or `host` (host alone prints
/// nothing).
pub(crate) fn exec_space_fields(out: &mut String, space: ExecSpace) {
    match space {
        ExecSpace::Global => field(out, "global", "TRUE"),
        ExecSpace::Device => field(out, "device", "TRUE"),
        ExecSpace::HostDevice => {
            field(out, "device", "TRUE");
            field(out, "host", "TRUE");
        }
        ExecSpace::Host => {}
    }
}

/// A routine's execution-space flags as EDG prints them: [`displayed_exec_space`], and `host`
/// also for a host-only routine annotated `__host__` (measured: `__host__ int host_only(int)`
/// prints `host: TRUE`; an unannotated one prints neither flag).
pub(crate) fn routine_exec_space_fields(out: &mut String, decl: &il::decl::RoutineDecl) {
    let space = displayed_exec_space(decl);
    if space == ExecSpace::Host && decl.cuda.host {
        field(out, "host", "TRUE");
    } else {
        exec_space_fields(out, space);
    }
}

/// The execution-space flags EDG stores on a routine. An `= default` member without its own
/// annotation is `__host__ __device__` for the CUDA checks (`cuda::execution_space`), but EDG
/// infers that where the member is used and keeps no flag on the declaration (measured:
/// `~A() = default`, `virtual ~A() = default` and `B() = default` print neither `device` nor
/// `host`).
pub(crate) fn displayed_exec_space(decl: &il::decl::RoutineDecl) -> ExecSpace {
    let annotated = decl.cuda.global || decl.cuda.host || decl.cuda.device;
    if decl.is_defaulted && !annotated {
        ExecSpace::Host
    } else {
        decl.exec_space
    }
}

/// The whole display of an inline fixture, for the snapshot tests of this module's parts.
#[cfg(test)]
pub(crate) fn display_fixture(text: &str) -> String {
    let (db, file) = test_db::TestDb::with_file(text);
    render_file_scope(&db, file, &DisplayOptions::default())
}

/// The entries of an inline fixture's display whose text contains `marker` (an id prefix such
/// as `@i` for instances), each followed by a blank line.
#[cfg(test)]
pub(crate) fn fixture_entries_containing(text: &str, marker: &str) -> String {
    display_fixture(text)
        .split("\n\n")
        .filter(|e| e.contains(marker))
        .map(|e| format!("{e}\n\n"))
        .collect()
}

/// The value of the first line of a display entry whose label starts with `label`.
#[cfg(test)]
pub(crate) fn entry_field(entry: &str, label: &str) -> String {
    entry
        .lines()
        .find(|l| l.trim_start().starts_with(label))
        .and_then(|l| l.split_once(':'))
        .map_or("", |(_, v)| v.trim())
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The execution-space flags of every routine entry, `name: flags`.
    fn routine_flags(text: &str) -> String {
        let out = display_fixture(text);
        let mut lines = String::new();
        for entry in out.split("\n\n").filter(|e| e.contains("routine@")) {
            let name = entry
                .lines()
                .find(|l| l.trim_start().starts_with("name:"))
                .and_then(|l| l.rsplit(": ").next())
                .unwrap_or("");
            let flags: Vec<&str> = entry
                .lines()
                .filter_map(|l| l.split_once(':'))
                .filter(|(label, _)| matches!(label.trim(), "device" | "host" | "global"))
                .map(|(label, _)| label.trim())
                .collect();
            let flags = if flags.is_empty() {
                "-".to_string()
            } else {
                flags.join(" ")
            };
            lines.push_str(&format!("{name}: {flags}\n"));
        }
        lines
    }

    #[test]
    fn explicit_host_and_overriders() {
        // cudafe++ on the same text: `h` prints `host: TRUE`, `p` neither flag, and both `f`
        // are virtual (`override` makes the second one so).
        let text = "__attribute__((host)) int h(int x) { return x; }\n\
                    int p(int x) { return x; }\n\
                    struct A { virtual int f() const; };\n\
                    struct B : A { int f() const override { return 1; } };\n";
        expect_test::expect![[r#"
            "h": host
            "p": -
            "operator=": -
            "operator=": -
            "f": -
            "operator=": -
            "operator=": -
            "f": -
        "#]]
        .assert_eq(&routine_flags(text));
        let virtuals = display_fixture(text)
            .split("\n\n")
            .filter(|e| e.contains("\"f\"") && e.contains("is_virtual:              TRUE"))
            .count();
        assert_eq!(virtuals, 2);
    }

    #[test]
    fn a_routine_is_not_placed_at_a_parameter_of_its_name() {
        // `norm` the parameter is logged before `norm` the function: the function's entry is
        // at its own declaration (line 2), not at the parameter (line 1).
        let entries =
            fixture_entries_containing("void k(float *norm);\ndouble norm(int dim);\n", "\"norm\"");
        let position: Vec<&str> = entries
            .lines()
            .filter(|l| l.contains("decl_position"))
            .collect();
        expect_test::expect![[r#"
            [
                "  decl_position.seq:     2",
                "  decl_position.column:  8",
            ]
        "#]]
        .assert_debug_eq(&position);
    }

    #[test]
    fn defaulted_members_print_no_execution_space_of_their_own() {
        expect_test::expect![[r#"
            "operator=": -
            "~A": -
            "operator=": -
            "B": -
            "~B": device
            "hd": device host
            "k": global
        "#]]
        .assert_eq(&routine_flags(
            "struct A { virtual ~A() = default; };\n\
             struct B { B() = default; __attribute__((device)) ~B() = default; };\n\
             __attribute__((host)) __attribute__((device)) int hd() { return 0; }\n\
             __attribute__((global)) void k() {}\n",
        ));
    }

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

    /// Checked against cudafe++: a class local to a function body is in file scope with its
    /// function as `enclosing_routine` and no linkage (its assignments `sc_static`); a deleted
    /// constructor is defined but `sc_extern`.
    #[test]
    fn local_classes_and_deleted_functions() {
        let out = display_fixture(
            "void g() { struct Local { int l; }; Local a; }\n\
             struct F { F(const F &) = delete; };\n",
        );
        let mut lines = String::new();
        for entry in out.split("\n\n").filter(|e| e.starts_with("file-scope ")) {
            let get = |label: &str| entry_field(entry, label);
            let name = get("name");
            lines.push_str(&format!(
                "{} {}:{} routine={} linkage={} storage={}\n",
                name.rsplit(": ").next().unwrap_or(""),
                get("decl_position.seq"),
                get("decl_position.column"),
                get("enclosing_routine"),
                get("name_linkage"),
                get("storage_class"),
            ));
        }
        expect_test::expect![[r#"
            "g" 1:6 routine=NULL linkage=C++ storage=sc_unspecified
            "F" 2:8 routine=NULL linkage=C++ storage=
            "operator=" 2:8 routine=NULL linkage=C++ storage=sc_extern
            "F" 2:12 routine=NULL linkage=C++ storage=sc_extern
            "Local" 1:19 routine=g linkage=no storage=
            "operator=" 1:19 routine=NULL linkage=no storage=sc_static
            "operator=" 1:19 routine=NULL linkage=no storage=sc_static
            "l" 1:31 routine=NULL linkage=no storage=
        "#]]
        .assert_eq(&lines);
    }

    /// Each entry as `kind "name" line:column type size member`, for the rules about where an
    /// entity prints and with what.
    fn entry_summary(text: &str) -> String {
        let out = display_fixture(text);
        let mut lines = String::new();
        for entry in out.split("\n\n").filter(|e| e.starts_with("file-scope ")) {
            let get = |label: &str| entry_field(entry, label);
            let kind = entry["file-scope ".len()..].split('@').next().unwrap_or("");
            let name = get("name");
            let ty = get("type");
            lines.push_str(&format!(
                "{kind} {} {}:{} {} size={} member={}\n",
                name.rsplit(": ").next().unwrap_or(""),
                get("decl_position.seq"),
                get("decl_position.column"),
                ty.rsplit(": ").next().unwrap_or(""),
                get("size"),
                get("is_class_member"),
            ));
        }
        lines
    }

    /// Measured with cudafe++ 13.0.88: a friend function defined in its class is a namespace
    /// member at its name (no `is_class_member`); a friend class not declared before is an
    /// incomplete namespace class of size 0 with no implicit members, as is a class only
    /// declared; a class declared before its definition prints once, at the definition, with
    /// its layout (also a nested class defined outside its class); a friend declaration of an
    /// entity declared elsewhere prints nothing of its own.
    #[test]
    fn friends_and_classes_declared_before_their_definition() {
        expect_test::expect![[r#"
            type "C" 1:8  size=4 member=
            field "v" 2:9 int size= member=TRUE
            routine "operator-" 3:14 C (const C &) size= member=
            type "G" 4:19  size=0 member=
            routine "h" 7:6 void (C &) size= member=
            type "A" 9:8  size=4 member=
            type "In" 9:19  size=4 member=TRUE
            field "i" 9:28 int size= member=TRUE
            field "x" 9:33 A::In size= member=TRUE
            type "B" 11:8  size=0 member=
            type "Out" 12:8  size=16 member=
            type "In" 13:13  size=4 member=TRUE
            field "p" 12:29 Out::In * size= member=TRUE
            field "q" 12:36 int size= member=TRUE
            field "z" 13:22 int size= member=TRUE
        "#]]
        .assert_eq(
            &entry_summary(
                "struct C {\n    int v;\n    friend C operator-(const C &c) { return c; }\n\
                 \x20   friend struct G;\n    friend void h(C &);\n};\nvoid h(C &) {}\n\
                 struct A;\nstruct A { struct In { int i; } x; };\nstruct A;\n\
                 struct B;\nstruct Out { struct In; In *p; int q; };\nstruct Out::In { int z; };\n",
            )
            .lines()
            .filter(|l| !l.contains("operator=") && !l.starts_with("routine \"C\""))
            .map(|l| format!("{l}\n"))
            .collect::<String>(),
        );
    }
}
