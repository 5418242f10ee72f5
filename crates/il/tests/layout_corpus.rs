//! `sizeof`/`alignof` of the types declared in the translation units of `test_data/cu` (user
//! code and every header: glibc, libstdc++, CUDA, thrust...), checked by g++: the `.ii` gets one
//! `static_assert` per type appended and g++ evaluates them. Three kinds are counted apart:
//! class definitions outside templates, class template instances that type a member, variable
//! or typedef outside templates, and array-typed members, variables and typedefs. What is not
//! checked is counted by reason (`CUFE_LAYOUT_GAPS=N` lists the N most frequent of each).
//! Needs the toolchain (to preprocess) and g++; skipped without them.
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use base_db::{FileOrigin, SourceDatabase, SourceFile};
use il::ty::{Ty, TyKind};
use il::{IlDatabase, Item, ItemKind};
use syntax::{SyntaxKind, SyntaxNode};

#[salsa::db]
#[derive(Clone, Default)]
struct Db {
    storage: salsa::Storage<Self>,
}
#[salsa::db]
impl salsa::Database for Db {}
#[salsa::db]
impl SourceDatabase for Db {}
#[salsa::db]
impl IlDatabase for Db {}

/// Programs checked by default (a spread of header families); `CUFE_LAYOUT_ALL=1` checks every
/// program of test_data (about a minute).
const PROGRAMS: &[&str] = &[
    "launch_basic",
    "unions_bitfields",
    "attributes_alignment",
    "classes_inheritance",
    "vector_types_math",
    "thrust_algorithms",
];

#[test]
fn class_sizes_agree_with_gxx() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("skipped: the NVIDIA toolchain is not installed (cargo xtask nvidia-toolchain)");
        return;
    };
    if Command::new("g++").arg("--version").output().is_err() {
        eprintln!("skipped: g++ is not installed");
        return;
    }
    let cu_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test_data/cu");
    let scratch = tempfile::tempdir().unwrap();
    let all: Vec<String> = if std::env::var_os("CUFE_LAYOUT_ALL").is_some() {
        let mut names: Vec<String> = std::fs::read_dir(&cu_dir)
            .unwrap()
            .filter_map(|e| {
                e.unwrap()
                    .file_name()
                    .to_str()?
                    .strip_suffix(".cu")
                    .map(str::to_string)
            })
            .collect();
        names.sort();
        names
    } else {
        PROGRAMS.iter().map(|s| s.to_string()).collect()
    };
    let mut tally = Tally::default();
    let mut gaps = Gaps::default();
    for name in &all {
        let ii = scratch.path().join(format!("{name}.ii"));
        let status = tc
            .host_preprocess_command(Path::new(&format!("{name}.cu")), &ii, None, &[])
            .current_dir(&cu_dir)
            .status()
            .unwrap();
        assert!(status.success());
        let text = std::fs::read_to_string(&ii).unwrap();
        let db = Db::default();
        let file = SourceFile::create(&db, ii.clone(), text.clone(), FileOrigin::User);
        tally.local_classes += local_class_definitions(&db, file);
        let mut checks = Checks::default();
        let mut instances_seen = std::collections::HashSet::new();
        for item in il::scope::all_items(&db, file) {
            if enclosing_template(&db, item) {
                if matches!(
                    item.kind(&db),
                    ItemKind::Struct | ItemKind::Class | ItemKind::Union
                ) && item.body(&db).is_some()
                {
                    tally.in_templates += 1;
                }
                continue;
            }
            match item.kind(&db) {
                ItemKind::Struct | ItemKind::Class | ItemKind::Union
                    if item.body(&db).is_some() =>
                {
                    check_class(&db, item, &mut checks, &mut tally, &mut gaps)
                }
                ItemKind::Field | ItemKind::Variable | ItemKind::Typedef => check_declared_type(
                    &db,
                    item,
                    &mut instances_seen,
                    &mut checks,
                    &mut tally,
                    &mut gaps,
                ),
                _ => {}
            }
        }
        let check = scratch.path().join(format!("{name}.check.ii"));
        // A line marker of our own, so g++ names our lines by it.
        std::fs::write(
            &check,
            format!("{text}\n# 1 \"cufe-layout-check\"\n{}", checks.text),
        )
        .unwrap();
        if let Some(keep) = std::env::var_os("CUFE_KEEP_LAYOUT_CHECK") {
            std::fs::copy(&check, Path::new(&keep).join(format!("{name}.check.ii"))).unwrap();
        }
        let out = Command::new("g++")
            .args([
                "-fsyntax-only",
                "-w",
                "-fpermissive",
                "-fno-access-control",
                "-std=c++17",
                "-x",
                "c++",
            ])
            .arg(&check)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        // Failures, and errors on our lines that are not assertion failures (a type g++ could
        // not name): both count against us.
        let bad: std::collections::BTreeSet<usize> = stderr
            .lines()
            .filter(|l| l.starts_with("cufe-layout-check:") && l.contains("error:"))
            .filter_map(|l| l.split(':').nth(1)?.parse::<usize>().ok())
            .collect();
        for &line in &bad {
            if let Some(&kind) = checks.kinds.get(line - 1) {
                tally.kind(kind).failed += 1;
            }
        }
        println!(
            "{name}: {} of {} layouts agree with g++",
            checks.kinds.len() - bad.len(),
            checks.kinds.len()
        );
        for l in stderr
            .lines()
            .filter(|l| l.starts_with("cufe-layout-check:"))
            .take(6)
        {
            println!("  {l}");
        }
    }
    println!(
        "classes: {} of {} checked agree with g++; {} non-template classes and unions defined",
        tally.classes.checked - tally.classes.failed,
        tally.classes.checked,
        tally.classes.declared
    );
    println!(
        "instances: {} of {} checked agree with g++; {} distinct class template instances are the type of a member, variable or typedef outside templates",
        tally.instances.checked - tally.instances.failed,
        tally.instances.checked,
        tally.instances.declared
    );
    println!(
        "arrays: {} of {} checked agree with g++; {} members, variables and typedefs outside templates have an array type",
        tally.arrays.checked - tally.arrays.failed,
        tally.arrays.checked,
        tally.arrays.declared
    );
    println!(
        "classes declared inside templates (laid out only as instances): {}",
        tally.in_templates
    );
    println!(
        "typedefs of instances of templates that are only declared (not counted): {}",
        tally.typedefs_of_undefined
    );
    println!(
        "class definitions in function bodies outside templates (not entities yet, not counted): {}",
        tally.local_classes
    );
    gaps.print();
    assert!(tally.classes.checked > 0);
    for (what, t) in [
        ("class", &tally.classes),
        ("instance", &tally.instances),
        ("array", &tally.arrays),
    ] {
        assert_eq!(
            t.failed, 0,
            "{} of {} {what} layouts differ from g++",
            t.failed, t.checked
        );
    }
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Class,
    Instance,
    Array,
}

#[derive(Default)]
struct Count {
    declared: usize,
    checked: usize,
    failed: usize,
}

#[derive(Default)]
struct Tally {
    classes: Count,
    instances: Count,
    arrays: Count,
    in_templates: usize,
    typedefs_of_undefined: usize,
    local_classes: usize,
}

impl Tally {
    fn kind(&mut self, kind: Kind) -> &mut Count {
        match kind {
            Kind::Class => &mut self.classes,
            Kind::Instance => &mut self.instances,
            Kind::Array => &mut self.arrays,
        }
    }
}

/// The `static_assert`s for one program, one a line, and what each checks.
#[derive(Default)]
struct Checks {
    text: String,
    kinds: Vec<Kind>,
}

impl Checks {
    fn push(&mut self, kind: Kind, spelled: &str, size: u64, align: u64, tally: &mut Tally) {
        tally.kind(kind).checked += 1;
        self.kinds.push(kind);
        let n = self.kinds.len();
        writeln!(
            self.text,
            "static_assert(sizeof({spelled}) == {size} && alignof({spelled}) == {align}, \"cufe layout {n}\");"
        )
        .unwrap();
    }
}

fn check_class(db: &Db, item: Item<'_>, checks: &mut Checks, tally: &mut Tally, gaps: &mut Gaps) {
    tally.classes.declared += 1;
    let layout = match il::record::class_layout_or_gap(db, item) {
        Ok(layout) => layout,
        Err(gap) => {
            gaps.note(format!("class, {:?}", gap.reason), gap.what);
            return;
        }
    };
    match spelling(db, item) {
        Some(spelled) => checks.push(Kind::Class, &spelled, layout.size, layout.align, tally),
        None => gaps.note("class, NotNameable".to_string(), item.qualified_name(db)),
    }
}

/// The type of a member, variable or typedef declared outside templates: an array type is
/// checked as a whole, a class template instance (through typedefs) once per instance.
fn check_declared_type<'db>(
    db: &'db Db,
    item: Item<'db>,
    instances_seen: &mut std::collections::HashSet<Ty<'db>>,
    checks: &mut Checks,
    tally: &mut Tally,
    gaps: &mut Gaps,
) {
    let ty = match item.kind(db) {
        ItemKind::Typedef => match il::resolve::typedef_target(db, item) {
            Some(ty) => ty,
            None => return,
        },
        _ => il::resolve::declared_type(db, item),
    };
    let ty = strip_cv(db, ty);
    let header = SyntaxNode::new_root(item.header(db).clone());
    let what = || {
        let text = header.text().to_string();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    if let TyKind::Array(_, bound) = ty.kind(db) {
        // `extern int a[];` and flexible array members have no size to check.
        if bound.is_none() {
            return;
        }
        tally.arrays.declared += 1;
        let Some(sa) = il::record::size_align_of(db, ty) else {
            gaps.note("array, unknown element layout".to_string(), what());
            return;
        };
        match entity_type_spelling(db, item) {
            Some(spelled) => checks.push(Kind::Array, &spelled, sa.size, sa.align, tally),
            None => gaps.note("array, NotNameable".to_string(), item.qualified_name(db)),
        }
        return;
    }
    let canonical = strip_cv(db, il::instantiate::canonical(db, ty));
    match canonical.kind(db) {
        TyKind::Instance(_) => {}
        // A template-id we could not instantiate is an instance we do not know.
        TyKind::TemplateId(text) => {
            if instances_seen.insert(canonical) {
                tally.instances.declared += 1;
                gaps.note("instance, not instantiated".to_string(), text.clone());
            }
            return;
        }
        _ => return,
    }
    if !instances_seen.insert(canonical) {
        return;
    }
    tally.instances.declared += 1;
    let TyKind::Instance(inst) = canonical.kind(db) else {
        return;
    };
    let layout = match il::record::instance_layout(db, *inst) {
        Ok(layout) => layout,
        // A typedef may name an instance of a template that is only declared: that needs no
        // layout (g++ has none either), so it is not counted.
        Err(gap)
            if gap.reason == il::record::GapReason::NotDefined
                && item.kind(db) == ItemKind::Typedef =>
        {
            instances_seen.remove(&canonical);
            tally.instances.declared -= 1;
            tally.typedefs_of_undefined += 1;
            return;
        }
        Err(gap) => {
            let instance = canonical.display(db);
            gaps.note(
                format!("instance, {:?}", gap.reason),
                format!("{instance}: {}", gap.what),
            );
            return;
        }
    };
    match entity_type_spelling(db, item) {
        Some(spelled) => checks.push(Kind::Instance, &spelled, layout.size, layout.align, tally),
        None => {
            instances_seen.remove(&canonical);
            tally.instances.declared -= 1;
        }
    }
}

fn strip_cv<'db>(db: &'db Db, ty: Ty<'db>) -> Ty<'db> {
    match ty.kind(db) {
        TyKind::Qualified(_, inner) => *inner,
        _ => ty,
    }
}

/// How g++ names the declared type of a member, variable or typedef: `decltype` of the member
/// or variable, the typedef's qualified name.
fn entity_type_spelling(db: &Db, item: Item<'_>) -> Option<String> {
    let name = item.name_text(db)?;
    if name.contains("::") {
        // An out-of-class definition of a static member: its declaration is checked.
        return None;
    }
    let parent = item.parent(db);
    match item.kind(db) {
        ItemKind::Typedef => Some(format!("{}{name}", scope_prefix(db, parent)?)),
        ItemKind::Field => {
            let owner = spelling(db, parent?)?;
            let owner = owner
                .strip_prefix("struct ")
                .or_else(|| owner.strip_prefix("union "))
                .unwrap_or(&owner)
                .to_string();
            Some(format!("decltype((({owner}*)0)->{name})"))
        }
        ItemKind::Variable => Some(format!("decltype({}{name})", scope_prefix(db, parent)?)),
        _ => None,
    }
}

/// Classes without a checked layout, counted by reason; `CUFE_LAYOUT_GAPS=N` also prints the N
/// most frequent declarations behind each reason.
#[derive(Default)]
struct Gaps {
    by_reason: std::collections::BTreeMap<String, std::collections::BTreeMap<String, usize>>,
}

impl Gaps {
    fn note(&mut self, reason: String, what: String) {
        *self
            .by_reason
            .entry(reason)
            .or_default()
            .entry(what)
            .or_default() += 1;
    }

    fn print(&self) {
        let show: usize = std::env::var("CUFE_LAYOUT_GAPS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        for (reason, whats) in &self.by_reason {
            println!("not checked, {reason}: {}", whats.values().sum::<usize>());
            let mut top: Vec<(&String, &usize)> = whats.iter().collect();
            top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            for (what, n) in top.into_iter().take(show) {
                let what: String = what.chars().take(110).collect();
                println!("  {n:5} {what}");
            }
        }
    }
}

fn enclosing_template(db: &Db, item: Item<'_>) -> bool {
    std::iter::successors(item.parent(db), |p| p.parent(db)).any(|p| {
        matches!(
            p.kind(db),
            ItemKind::ClassTemplate | ItemKind::FunctionTemplate
        )
    })
}

/// How g++ can name a class from the end of the file: its qualified name (unnamed namespaces
/// dropped, which lookup sees through), the typedef that names an unnamed class, or
/// `decltype` of the member or variable it is the type of. `None` for an anonymous member
/// aggregate (`union { int a; };`), which has no name at all.
fn spelling(db: &Db, class: Item<'_>) -> Option<String> {
    let key = match class.kind(db) {
        ItemKind::Union => "union",
        _ => "struct",
    };
    if let Some(name) = class.name_text(db) {
        let scope = scope_prefix(db, class.parent(db))?;
        // The class key keeps a same-named function or variable (`stat`) from hiding it.
        return Some(format!("{key} {scope}{name}"));
    }
    let (declarator, parent) = unnamed_class_declarator(db, class)?;
    let name = declarator.name_text(db)?;
    // Only a plain `struct { } m;`: the declared entity has the class's own type.
    let header = SyntaxNode::new_root(declarator.header(db).clone());
    let plain = header
        .descendants()
        .filter(|n| {
            n.kind() == SyntaxKind::DECLARATOR
                && !n.ancestors().any(|a| a.kind() == SyntaxKind::MEMBER_LIST)
        })
        .all(|d| {
            !d.children().any(|c| {
                matches!(
                    c.kind(),
                    SyntaxKind::PTR_OP | SyntaxKind::ARRAY_SUFFIX | SyntaxKind::FUNCTION_SUFFIX
                )
            })
        });
    // `typedef struct { } T __attribute__((aligned));` gives the typedef, not the class, the
    // alignment: the typedef does not name the class's own layout.
    let attributed = header.children().any(|n| {
        n.kind() == SyntaxKind::INIT_DECLARATOR
            && n.descendants()
                .any(|d| d.kind() == SyntaxKind::ATTRIBUTE_SPEC)
    });
    if !plain || (attributed && declarator.kind(db) == ItemKind::Typedef) {
        return None;
    }
    match (declarator.kind(db), parent) {
        (ItemKind::Typedef, _) => Some(format!("{}{name}", scope_prefix(db, parent)?)),
        (ItemKind::Field, Some(p)) => Some(format!("decltype((({}*)0)->{name})", spelling(db, p)?)),
        (ItemKind::Variable, _) => Some(format!("decltype({}{name})", scope_prefix(db, parent)?)),
        _ => None,
    }
}

/// `::a::b::` for the scope an entity is declared in (`None` inside templates).
fn scope_prefix(db: &Db, scope: Option<Item<'_>>) -> Option<String> {
    let Some(scope) = scope else {
        return Some("::".to_string());
    };
    match scope.kind(db) {
        ItemKind::Namespace => {
            let outer = scope_prefix(db, scope.parent(db))?;
            Some(match scope.name_text(db) {
                Some(name) => format!("{outer}{name}::"),
                None => outer,
            })
        }
        ItemKind::Class | ItemKind::Struct | ItemKind::Union => {
            let class = spelling(db, scope)?;
            // `decltype(...)::` and `::a::S::` (without the class key) qualify names.
            let class = class
                .strip_prefix("struct ")
                .or_else(|| class.strip_prefix("union "))
                .unwrap_or(&class)
                .to_string();
            Some(format!("{class}::"))
        }
        _ => None,
    }
}

/// The typedef, member or variable declared with an unnamed class's specifier: the item that
/// follows it in its scope and whose declaration holds the same body.
fn unnamed_class_declarator<'db>(
    db: &'db Db,
    class: Item<'db>,
) -> Option<(Item<'db>, Option<Item<'db>>)> {
    let parent = class.parent(db);
    let siblings = match parent {
        Some(p) => il::scope_items(db, p),
        None => il::top_level_items(db, class.file(db)),
    };
    let at = siblings.iter().position(|&s| s == class)?;
    let next = *siblings.get(at + 1)?;
    let body = class.body(db).cloned()?;
    let header = SyntaxNode::new_root(next.header(db).clone());
    let same = header
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::MEMBER_LIST)
        .any(|m| m.green().into_owned() == body);
    (same
        && matches!(
            next.kind(db),
            ItemKind::Typedef | ItemKind::Field | ItemKind::Variable
        ))
    .then_some((next, parent))
}

/// Class definitions inside function bodies (outside templates): local classes are declared by
/// statements, which are not lowered to entities yet, so they are counted here from the tree.
fn local_class_definitions(db: &Db, file: SourceFile) -> usize {
    let root = base_db::parse(db, file).syntax_node();
    root.descendants()
        .filter(|n| {
            n.kind() == SyntaxKind::CLASS_SPECIFIER
                && n.children().any(|c| c.kind() == SyntaxKind::MEMBER_LIST)
                && n.ancestors().any(|a| a.kind() == SyntaxKind::COMPOUND_STMT)
                && !n.ancestors().any(|a| a.kind() == SyntaxKind::TEMPLATE_DECL)
        })
        .count()
}
