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
//! - [`remarks`]: EDG's remarks (826, 679, 82, 479, 1348, 2349), also on CUDA's headers when
//!   `--remarks` shows them.
pub mod availability;
pub mod bodies;
pub mod calls;
pub mod constant_stores;
pub mod declarations;
pub mod default_arguments;
pub mod diagnostic;
pub mod entity;
pub mod expressions;
pub mod header;
pub mod hiding;
pub mod instantiations;
mod kernel_args;
pub mod messages;
pub mod names;
pub mod narrowing;
pub mod options;
pub mod positions;
pub mod pragmas;
pub mod reference;
mod referenced_names;
pub mod remarks;
pub mod render;
mod sites;
pub mod unused;
pub mod variable_uses;

use base_db::SourceFile;
use il::decl::{Linkage, linkage, routine_decl};
use il::{Item, ItemKind};
use rustc_hash::{FxHashMap, FxHashSet};

pub use crate::diagnostic::{Diagnostic, ItemDiagnostic, Pass, Passes, Phase};
pub use crate::options::DiagOptions;

/// Every query of this crate takes `&dyn CheckDatabase`; `ide`'s `RootDatabase` implements it.
#[salsa::db]
pub trait CheckDatabase: hir_ty::HirTyDatabase {}

/// A routine or function template with a body of its own: what the per-body checks look at.
pub(crate) fn is_body_owner(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    matches!(
        item.kind(db),
        ItemKind::Routine | ItemKind::FunctionTemplate
    ) && item.body(db).is_some()
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
    let pragmas = pragmas::Pragmas::scan(file.text(db));
    // The items of user code, placed: CUDA's own headers are not checked (nvcc reports nothing
    // there without --remarks), and the device view's markers do not flag them as system
    // headers, hence `system_prefixes`.
    // CUDA's own headers (the views' markers do not flag them as system headers, hence
    // `system_prefixes`): only their remarks are printed, with --remarks. CCCL (thrust, cub,
    // libcu++) under CUDA's include directory: nvcc prints no remark there (measured on
    // thrust's `device_vector.h`), though not every file of it is flagged. Items of system
    // headers are never checked, not even for remarks. A file is one when any of its line
    // markers says so: gcc flags only some markers of a file entered as a system header
    // (CCCL's, and CUDA's `cuda_fp16.hpp` when CCCL includes it), while EDG keeps the file's
    // status (measured: nvcc prints no remark in them).
    let in_cuda = |file: Option<&str>| {
        file.is_some_and(|f| system_prefixes.iter().any(|p| f.starts_with(p.as_str())))
    };
    let in_cccl = |file: Option<&str>| file.is_some_and(|f| f.contains("/include/cccl/"));
    let system_files = line_map.system_files();
    let remarks_wanted = remarks::wanted(options, &pragmas);
    // Only the text whose items are checked is placed (the headers' only with remarks).
    let checked_text = line_map.ranges_where(|file, system| {
        if system || file.is_some_and(|f| system_files.contains(f)) {
            return false;
        }
        !in_cuda(file) || remarks_wanted && !in_cccl(file)
    });
    let is_checked = |offset: u32| {
        let i = checked_text.partition_point(|r| r.end() <= offset.into());
        checked_text
            .get(i)
            .is_some_and(|r| r.contains(offset.into()))
    };
    let mut placed = positions::place_user_items(db, file, &checked_text, &is_checked);
    let (headers, items): (Vec<_>, Vec<_>) = std::mem::take(&mut placed.items)
        .into_iter()
        .partition(|(_, place)| in_cuda(line_map.position(place.in_file.into()).file));
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
    // printed once (those of default arguments once per caller).
    let mut instance_seen: FxHashSet<(String, u32, Option<salsa::Id>)> = FxHashSet::default();
    // Findings made while instantiating a template: once per instance (its first point of
    // instantiation in source order).
    let mut instances_reported: FxHashSet<(u32, salsa::Id)> = FxHashSet::default();
    let mut starts: Vec<u32> = items.iter().map(|(_, p)| p.in_file).collect();
    starts.sort_unstable();
    let mut out: Vec<(Phase, u32, usize, Diagnostic)> = Vec::new();
    // With --remarks, nvcc also prints the remarks of CUDA's headers (and only remarks: the
    // headers raise no warning): the remark queries run on the headers' items too.
    let mut view_remarks: FxHashMap<Item<'_>, Vec<ItemDiagnostic>> = FxHashMap::default();
    let remarks_wanted = remarks::wanted(options, &pragmas);
    if remarks_wanted {
        let mut in_order: Vec<(u32, Item<'_>)> = headers
            .iter()
            .chain(items.iter())
            .map(|(i, p)| (p.in_file, *i))
            .collect();
        in_order.sort_by_key(|(at, _)| *at);
        let in_order: Vec<Item<'_>> = in_order.into_iter().map(|(_, i)| i).collect();
        for (item, d) in remarks::redeclared_inline::redeclared_inline(db, &in_order) {
            view_remarks.entry(item).or_default().push(d);
        }
        if pass == Pass::Device {
            let mut copied: Vec<Item<'_>> = Vec::new();
            let mut seen = FxHashSet::default();
            for item in &in_order {
                for class in remarks::implicit_copies::copied_classes(db, *item) {
                    if seen.insert(*class) {
                        copied.push(*class);
                    }
                }
            }
            for (class, d) in remarks::implicit_copies::implicit_copy_constructors(db, &copied) {
                view_remarks.entry(class).or_default().push(d);
            }
        }
        for (item, place) in &headers {
            let found = remarks::storage_class::storage_class_not_first(db, *item)
                .iter()
                .chain(remarks::hiding::hiding_remarks(db, *item).iter())
                .chain(view_remarks.get(item).into_iter().flatten())
                .chain(remarks::parameters::unreferenced_parameters(db, *item).iter())
                .chain(remarks::inlining::not_inlined(db, *item).iter())
                .chain(remarks::closures::closure_remarks(db, *item).iter());
            for d in found {
                if !d.passes.includes(pass) {
                    continue;
                }
                if hides_later_declaration(db, d, place, &mut placed) {
                    continue;
                }
                let Some(offset) = place.to_file(d.offset) else {
                    continue;
                };
                if let Some(mut shown) = options.apply(d, pass, offset, &pragmas) {
                    if let Some(related) = &d.related {
                        place_related(&mut shown, related, &mut placed, line_map);
                    }
                    out.push((shown.phase, place.in_file, out.len(), shown));
                }
            }
        }
    }
    for (item, place) in items {
        let unreferenced = unused::unreferenced(db, item, &referenced);
        let found = remarks_wanted
            .then(|| remarks::storage_class::storage_class_not_first(db, item))
            .into_iter()
            .flatten()
            .chain(declarations::declaration_diagnostics(db, item).iter())
            .chain(bodies::body_diagnostics(db, item).iter())
            .chain(hiding::hiding_diagnostics(db, item).iter())
            .chain(narrowing::narrowing_diagnostics(db, item).iter())
            .chain(
                remarks_wanted
                    .then(|| remarks::hiding::hiding_remarks(db, item))
                    .into_iter()
                    .flatten(),
            )
            .chain(unused::local_diagnostics(db, item).iter())
            .chain(calls::call_diagnostics(db, item).iter())
            .chain(variable_uses::variable_use_diagnostics(db, item).iter())
            .chain(availability::availability_diagnostics(db, item).iter())
            .chain(expressions::expression_diagnostics(db, item).iter())
            .chain(
                (pass == Pass::Device && !options.no_warnings && !options.device_unoptimized)
                    .then(|| constant_stores::constant_store_diagnostics(db, item))
                    .into_iter()
                    .flatten(),
            )
            .chain(view_remarks.get(&item).into_iter().flatten())
            .chain(
                remarks_wanted
                    .then(|| remarks::launches::default_stream_launches(db, item))
                    .into_iter()
                    .flatten(),
            )
            .chain(
                remarks_wanted
                    .then(|| remarks::launches::missing_launch_bounds(db, item))
                    .into_iter()
                    .flatten(),
            )
            .chain(
                remarks_wanted
                    .then(|| remarks::parameters::unreferenced_parameters(db, item))
                    .into_iter()
                    .flatten(),
            )
            .chain(
                remarks_wanted
                    .then(|| remarks::inlining::not_inlined(db, item))
                    .into_iter()
                    .flatten(),
            )
            .chain(
                remarks_wanted
                    .then(|| remarks::closures::closure_remarks(db, item))
                    .into_iter()
                    .flatten(),
            )
            .chain(unreferenced.iter());
        let kept = is_kept(db, item, &referenced);
        let (exec_check_disabled, hd_warning_disabled) =
            exec_pragmas(&pragmas, &starts, place.in_file);
        for d in found {
            if !d.passes.includes(pass)
                || (d.kept_only && !kept)
                || hides_later_declaration(db, d, &place, &mut placed)
            {
                continue;
            }
            // The pragmas before the function the finding is in: a template instance's
            // findings are in the template.
            let (exec_check_disabled, hd_warning_disabled) = match d.placed_in {
                Some(id) if d.exec_check && !d.per_reporter => {
                    use salsa::plumbing::FromId;
                    match placed.user(<Item<'_> as FromId>::from_id(id)) {
                        Some(target) => exec_pragmas(&pragmas, &starts, target.in_file),
                        None => (exec_check_disabled, hd_warning_disabled),
                    }
                }
                _ => (exec_check_disabled, hd_warning_disabled),
            };
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
                    let at = placed.user(target).and_then(|p| p.to_file(d.offset));
                    let reporter = d.per_reporter.then(|| salsa::plumbing::AsId::as_id(&item));
                    // An instance is instantiated once: its diagnostics print with the
                    // context of the first demand.
                    let key = match d.context.first() {
                        Some(frame) => format!("{}\u{1}{}", d.text, frame.text),
                        None => d.text.clone(),
                    };
                    if at.is_some_and(|o| !instance_seen.insert((key, o, reporter))) {
                        continue;
                    }
                    at
                }
            };
            let Some(offset) = offset else {
                continue;
            };
            if let Some(instance) = d.once_per_instance
                && !instances_reported.insert((d.number, instance))
            {
                continue;
            }
            if let Some(mut shown) = options.apply(d, pass, offset, &pragmas) {
                if let Some(related) = &d.related {
                    place_related(&mut shown, related, &mut placed, line_map);
                }
                shown.context = place_context(&d.context, &mut placed, line_map);
                // cicc emits template instances after the other functions.
                let at = if d.phase == Phase::Backend && d.placed_in.is_some() {
                    u32::MAX
                } else {
                    place.in_file
                };
                out.push((shown.phase, at, out.len(), shown));
            }
        }
    }
    // Parse phase item by item in source order (each item's findings in the order its checks
    // report them), then the end of the unit, then the late phase.
    out.sort_by_key(|(phase, item_at, seq, _)| (*phase, *item_at, *seq));
    // cicc walks the code kept for the device only after parsing and instantiating without
    // error: an error there leaves the late phase out (measured: `throw` in one device
    // function hides another's call of a host function, 20016).
    if pass == Pass::Device
        && out.iter().any(|(phase, _, _, d)| {
            *phase != Phase::Late && d.severity == messages::Severity::Error
        })
    {
        out.retain(|(phase, _, _, _)| *phase < Phase::Late);
    }
    // The back end runs only on a device pass without errors.
    if out
        .iter()
        .any(|(_, _, _, d)| d.severity == messages::Severity::Error)
    {
        out.retain(|(phase, _, _, _)| *phase != Phase::Backend);
    }
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

/// Whether `d` says a declaration hides a namespace-scope variable (2349) declared after it:
/// only what is declared before hides (the query, per item, cannot know the order).
fn hides_later_declaration<'db>(
    db: &'db dyn CheckDatabase,
    d: &ItemDiagnostic,
    place: &positions::Placement,
    positions: &mut positions::Placed<'db>,
) -> bool {
    use salsa::plumbing::FromId;
    let Some(related) = d
        .related
        .as_ref()
        .filter(|_| d.number == messages::VARIABLE_HIDES_ENTITY.number)
    else {
        return false;
    };
    let hidden = <Item<'db> as FromId>::from_id(related.item);
    hidden.kind(db) == ItemKind::Variable
        && positions
            .place(hidden)
            .is_some_and(|p| p.in_file > place.in_file)
}

/// A diagnostic's instantiation context with the lines of the places that demanded each
/// instance (`instantiation of "..." at line N`).
fn place_context<'db>(
    frames: &[diagnostic::ContextFrame],
    positions: &mut positions::Placed<'db>,
    line_map: &syntax::LineMap,
) -> Vec<String> {
    use salsa::plumbing::FromId;
    frames
        .iter()
        .map(|frame| {
            let item = <Item<'db> as FromId>::from_id(frame.item);
            let line = positions
                .place(item)
                .and_then(|place| place.to_file(frame.offset))
                .map_or(0, |o| line_map.position(o.into()).line);
            format!("{} at line {line}", frame.text)
        })
        .collect()
}

/// Puts the line of a diagnostic's related item into its text, or its note after it.
fn place_related<'db>(
    placed: &mut Diagnostic,
    related: &diagnostic::Related,
    positions: &mut positions::Placed<'db>,
    line_map: &syntax::LineMap,
) {
    use salsa::plumbing::FromId;
    let target = <Item<'db> as FromId>::from_id(related.item);
    let at = positions
        .place(target)
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
            context: Vec::new(),
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
