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
//! - [`positions`]: where each item lies in its file (computed late, for printing only).
//! - [`options`] and [`pragmas`]: what `-diag-*`, `--Werror`, `--remarks` and
//!   `#pragma nv_diag_*` make of each diagnostic.
//! - [`render`]: one pass's block as nvcc prints it (rules P3-P5).
pub mod bodies;
pub mod declarations;
pub mod diagnostic;
pub mod header;
pub mod messages;
pub mod options;
pub mod positions;
pub mod pragmas;
pub mod reference;
pub mod render;

use base_db::SourceFile;
use il::Item;

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
    let mut out: Vec<(bool, u32, usize, Diagnostic)> = Vec::new();
    for item in checked_items(db, file) {
        let Some(place) = offsets.get(&item) else {
            continue;
        };
        // CUDA's own headers are not checked: nvcc reports nothing there without --remarks.
        if line_map.is_system(place.in_file.into())
            || line_map
                .position(place.in_file.into())
                .file
                .is_some_and(|f| system_prefixes.iter().any(|p| f.starts_with(p.as_str())))
        {
            continue;
        }
        let found = declarations::declaration_diagnostics(db, item)
            .iter()
            .chain(bodies::body_diagnostics(db, item).iter());
        for d in found {
            if !d.passes.includes(pass) {
                continue;
            }
            let Some(offset) = place.to_file(d.offset) else {
                continue;
            };
            if let Some(placed) = options.apply(d, pass, offset, &pragmas) {
                out.push((placed.phase == Phase::Late, place.in_file, out.len(), placed));
            }
        }
    }
    // Parse phase item by item in source order (each item's findings in the order its checks
    // report them), then the late phase.
    out.sort_by_key(|(late, item_at, seq, _)| (*late, *item_at, *seq));
    out.into_iter().map(|(_, _, _, d)| d).collect()
}

/// The parser's errors in a view, as hard errors of the parse phase (both passes parse).
pub fn syntax_errors(db: &dyn CheckDatabase, file: SourceFile) -> Vec<Diagnostic> {
    base_db::parse_errors(db, file)
        .iter()
        .map(|e| Diagnostic {
            number: 0,
            severity: messages::Severity::Error,
            discretionary: false,
            text: e.message.clone(),
            phase: Phase::Parse,
            offset: u32::from(e.range.start()),
        })
        .collect()
}
