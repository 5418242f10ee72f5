//! nvcc's verdict on a translation unit: the CUDA checks of cudafe++ (host pass) and cicc
//! (device pass), as per-entity salsa queries, with nvcc's diagnostic options, pragmas and
//! printing. The measured rules are `../shared/spec/cuda-checks-13.0.88.md`; the chapter is
//! `docs/arch/check.md`.
//!
//! - [`messages`]: the message table (numbers, tags, texts) of what cufe emits.
//! - [`diagnostic`]: findings relative to their item ([`ItemDiagnostic`]) and placed in a view.
//! - [`declarations`]: declaration rules (spec section 4) per item, reading only il's
//!   declaration facts and the item's header: [`declarations::declaration_diagnostics`].
//! - [`bodies`]: rules on what a function body declares and does (local memory-space
//!   variables, exception handling in device code, lambda annotations), per item over
//!   hir-def's lowered body: [`bodies::body_diagnostics`].
//! - [`expressions`]: ordinary C++ errors in bodies (EDG's 20, 120, 140, 144, 165) on what
//!   inference establishes: [`expressions::expression_diagnostics`].
//! - [`positions`]: where each item lies in its file (computed late, for printing only).
//! - [`options`] and [`pragmas`]: what `-diag-*`, `--Werror`, `--remarks` and
//!   `#pragma nv_diag_*` make of each diagnostic.
//! - [`render`]: one pass's block as nvcc prints it (rules P3-P5).
pub mod availability;
pub mod bodies;
pub mod calls;
pub mod declarations;
pub mod diagnostic;
pub mod expressions;
pub mod header;
pub mod hiding;
pub mod messages;
pub mod options;
pub mod positions;
pub mod pragmas;
pub mod reference;
pub mod render;
pub mod unused;
pub mod variable_uses;

use base_db::SourceFile;
use il::decl::{Linkage, linkage, routine_decl};
use il::{Item, ItemKind};
use rustc_hash::FxHashSet;

pub use crate::diagnostic::{Diagnostic, ItemDiagnostic, Pass, Passes, Phase};
pub use crate::options::DiagOptions;

/// Every query of this crate takes `&dyn CheckDatabase`; `ide`'s `RootDatabase` implements it.
#[salsa::db]
pub trait CheckDatabase: hir_ty::HirTyDatabase {}

/// The items whose checks run: every item of the file and of its scopes, and the local classes.
fn checked_items<'db>(db: &'db dyn CheckDatabase, file: SourceFile) -> Vec<Item<'db>> {
    let mut items = il::scope::all_items(db, file);
    for class in il::scope::local_classes(db, file) {
        items.push(*class);
        items.extend(il::scope::scope_items(db, *class).iter().copied());
    }
    items
}

/// The diagnostics of one view (`file` is its `.ii`) for `pass`, placed in the view's text,
/// with options and pragmas applied (suppressed ones left out), in the order the tool prints
/// them: parse phase in source order, then the late phase. Items in system headers or in files
/// under `system_prefixes` (the CUDA include directory: the device view's markers do not flag
/// it) are not checked.
pub fn check_view(
    db: &dyn CheckDatabase,
    file: SourceFile,
    pass: Pass,
    options: &DiagOptions,
    system_prefixes: &[String],
) -> Vec<Diagnostic> {
    let line_map = base_db::line_map(db, file);
    let offsets = positions::item_offsets(db, file);
    let pragmas = pragmas::Pragmas::scan(file.text(db));
    // The items of user code, placed: CUDA's own headers are not checked (nvcc reports nothing
    // there without --remarks), and the device view's markers do not flag them as system
    // headers, hence `system_prefixes`.
    let items: Vec<(Item<'_>, positions::Placement)> = checked_items(db, file)
        .into_iter()
        .filter_map(|item| Some((item, *offsets.get(&item)?)))
        .filter(|(_, place)| {
            !line_map.is_system(place.in_file.into())
                && !line_map
                    .position(place.in_file.into())
                    .file
                    .is_some_and(|f| system_prefixes.iter().any(|p| f.starts_with(p.as_str())))
        })
        .collect();
    // What the user code's bodies reference: what keeps an inline or internal function for
    // the device (rule P7) and what makes an internal entity referenced (177).
    let mut referenced: FxHashSet<Item<'_>> = FxHashSet::default();
    for (item, _) in &items {
        referenced.extend(calls::body_references(db, *item).iter().copied());
    }
    let user_items: FxHashSet<salsa::Id> = items
        .iter()
        .map(|(i, _)| salsa::plumbing::AsId::as_id(i))
        .collect();
    // Diagnostics of template instances, reported by every body that demands the instance:
    // printed once.
    let mut instance_seen: FxHashSet<(String, u32)> = FxHashSet::default();
    let mut starts: Vec<u32> = items.iter().map(|(_, p)| p.in_file).collect();
    starts.sort_unstable();
    let mut out: Vec<(bool, u32, usize, Diagnostic)> = Vec::new();
    for (item, place) in items {
        let unreferenced = unused::unreferenced(db, item, &referenced);
        let found = declarations::declaration_diagnostics(db, item)
            .iter()
            .chain(bodies::body_diagnostics(db, item).iter())
            .chain(hiding::hiding_diagnostics(db, item).iter())
            .chain(unused::local_diagnostics(db, item).iter())
            .chain(calls::call_diagnostics(db, item).iter())
            .chain(variable_uses::variable_use_diagnostics(db, item).iter())
            .chain(availability::availability_diagnostics(db, item).iter())
            .chain(expressions::expression_diagnostics(db, item).iter())
            .chain(unreferenced.iter());
        let kept = is_kept(db, item, &referenced);
        let (exec_check_disabled, hd_warning_disabled) =
            exec_pragmas(&pragmas, &starts, place.in_file);
        for d in found {
            if !d.passes.includes(pass) || (d.kept_only && !kept) {
                continue;
            }
            if d.exec_check
                && (exec_check_disabled
                    || hd_warning_disabled && d.severity == messages::Severity::Warning)
            {
                continue;
            }
            let offset = match d.placed_in {
                None => place.to_file(d.offset),
                Some(id) => {
                    use salsa::plumbing::FromId;
                    if !user_items.contains(&id) {
                        continue;
                    }
                    let target = <Item<'_> as FromId>::from_id(id);
                    let at = offsets.get(&target).and_then(|p| p.to_file(d.offset));
                    if at.is_some_and(|o| !instance_seen.insert((d.text.clone(), o))) {
                        continue;
                    }
                    at
                }
            };
            let Some(offset) = offset else {
                continue;
            };
            if let Some(mut placed) = options.apply(d, pass, offset, &pragmas) {
                if let Some(related) = &d.related {
                    place_related(&mut placed, related, &offsets, line_map);
                }
                out.push((
                    placed.phase == Phase::Late,
                    place.in_file,
                    out.len(),
                    placed,
                ));
            }
        }
    }
    // Parse phase item by item in source order (each item's findings in the order its checks
    // report them), then the late phase.
    out.sort_by_key(|(late, item_at, seq, _)| (*late, *item_at, *seq));
    out.into_iter().map(|(_, _, _, d)| d).collect()
}

/// Everything one pass reports about its view, in the order it prints it: the parser's errors,
/// then the checks ([`check_view`]). What `cufe check` renders and `cufe lsp` publishes.
pub fn pass_diagnostics(
    db: &dyn CheckDatabase,
    file: SourceFile,
    pass: Pass,
    options: &DiagOptions,
    system_prefixes: &[String],
) -> Vec<Diagnostic> {
    let mut diagnostics = syntax_errors(db, file);
    diagnostics.extend(check_view(db, file, pass, options, system_prefixes));
    diagnostics
}

/// Puts the line of a diagnostic's related item into its text, or its note after it.
fn place_related(
    placed: &mut Diagnostic,
    related: &diagnostic::Related,
    offsets: &rustc_hash::FxHashMap<Item<'_>, positions::Placement>,
    line_map: &syntax::LineMap,
) {
    use salsa::plumbing::FromId;
    let target = <Item<'_> as FromId>::from_id(related.item);
    let at = offsets
        .get(&target)
        .and_then(|place| place.to_file(related.offset));
    match &related.note {
        None => {
            let line = at.map_or(0, |o| line_map.position(o.into()).line);
            placed.text = placed
                .text
                .replace(diagnostic::DECLARED_LINE, &line.to_string());
        }
        Some((number, text)) => {
            if let Some(offset) = at {
                placed.notes.push(diagnostic::Note {
                    number: *number,
                    text: text.clone(),
                    offset,
                });
            }
        }
    }
}

/// The parser's errors in a view, as hard errors of the parse phase (both passes parse).
pub fn syntax_errors(db: &dyn CheckDatabase, file: SourceFile) -> Vec<Diagnostic> {
    base_db::parse_errors(db, file)
        .iter()
        .map(|e| Diagnostic {
            number: 0,
            severity: messages::Severity::Error,
            discretionary: false,
            text: edg_wording(&e.message),
            phase: Phase::Parse,
            offset: u32::from(e.range.start()),
            notes: Vec::new(),
        })
        .collect()
}

/// Rule P7: a function is kept for the device when it is not inline and has external linkage,
/// or when anything in the translation unit references it.
fn is_kept<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
    referenced: &FxHashSet<Item<'db>>,
) -> bool {
    if referenced.contains(&item) {
        return true;
    }
    if !matches!(
        item.kind(db),
        ItemKind::Routine | ItemKind::FunctionTemplate
    ) {
        return true;
    }
    let facts = routine_decl(db, item);
    let in_class = item
        .parent(db)
        .is_some_and(|p| p.kind(db) != ItemKind::Namespace);
    let inline = facts.specifiers.is_inline
        || facts.specifiers.is_constexpr
        || in_class && item.body(db).is_some();
    !inline && *linkage(db, item) == Linkage::External
}

/// Whether `#pragma nv_exec_check_disable` / `hd_warning_disable` applies to the item starting
/// at `start`: the pragma lies after the previous item's start and before this one.
fn exec_pragmas(pragmas: &pragmas::Pragmas, starts: &[u32], start: u32) -> (bool, bool) {
    let previous = starts
        .iter()
        .copied()
        .filter(|s| *s < start)
        .max()
        .unwrap_or(0);
    let applies = |list: &[u32]| list.iter().any(|p| *p >= previous && *p < start);
    (
        applies(&pragmas.exec_check_disable),
        applies(&pragmas.hd_warning_disable),
    )
}

/// The parser's ``expected `;` `` in EDG's words, `expected a ";"`.
fn edg_wording(message: &str) -> String {
    if let Some(token) = message
        .strip_prefix("expected `")
        .and_then(|r| r.strip_suffix('`'))
        && token.len() <= 2
        && !token.chars().any(|c| c.is_alphanumeric())
    {
        return format!("expected a \"{token}\"");
    }
    message.to_string()
}
