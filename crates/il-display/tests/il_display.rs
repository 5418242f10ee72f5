//! `--il_display` for the entities of every `test_data/cu` program's own file, against the
//! normalized extracts of cudafe++ 13.0.88's displays in `test_data/il_display` (written by
//! `cargo xtask diff-il --write-expected`). Reads the preprocessed programs that
//! `cargo xtask corpus` writes to `test_data/generated/corpus`; skipped without them.
use std::collections::BTreeMap;
use std::path::Path;

use base_db::{FileOrigin, SourceDatabase, SourceFile};
use il::IlDatabase;
use il_display::{self, DisplayOptions, KindStats};

/// The floor, in per mille, for the agreement of the compared fields over matched entries
/// (measured 997; the bar is 950). Every entry cudafe++ prints must be present.
const MIN_FIELDS_AGREE_PER_MILLE: usize = 995;

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
#[salsa::db]
impl hir_def::HirDefDatabase for Db {}
#[salsa::db]
impl hir_ty::HirTyDatabase for Db {}

#[test]
fn own_file_entries_match_cudafe() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let expected_dir = root.join("test_data/il_display");
    let corpus = root.join("test_data/generated/corpus");
    let mut names: Vec<String> = std::fs::read_dir(&expected_dir)
        .unwrap()
        .filter_map(|e| {
            e.unwrap()
                .file_name()
                .to_str()?
                .strip_suffix(".txt")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    // `IL_FILTER=name` compares only the programs whose name contains it; `IL_SHOW_ALL=1`
    // prints every missing entry, extra entry and differing field.
    let filter = std::env::var("IL_FILTER").ok();
    if let Some(filter) = &filter {
        names.retain(|n| n.contains(filter.as_str()));
    }
    let show_all = std::env::var_os("IL_SHOW_ALL").is_some();
    assert!(
        !names.is_empty(),
        "no reference extracts in {}",
        expected_dir.display()
    );

    let mut by_kind: BTreeMap<String, KindStats> = BTreeMap::new();
    let mut report = String::new();
    let mut compared = 0;
    for name in &names {
        let ii = corpus.join(format!("test_data__cu__{name}.ii"));
        let Ok(text) = std::fs::read_to_string(&ii) else {
            eprintln!(
                "skipped {name}: {} is absent (cargo xtask corpus)",
                ii.display()
            );
            continue;
        };
        compared += 1;
        let db = Db::default();
        let seqs = il_display::SeqMap::new(&text);
        let file = SourceFile::create(&db, ii.clone(), text, FileOrigin::User);
        let opts = DisplayOptions {
            ii_name: ii.display().to_string(),
            timestamp: None,
        };
        let display = il_display::render_file_scope(&db, file, &opts);
        let ours = il_display::normalize(display.as_bytes(), &seqs, &format!("{name}.cu")).unwrap();
        let expected_text =
            std::fs::read_to_string(expected_dir.join(format!("{name}.txt"))).unwrap();
        let expected = il_display::read_extract(&expected_text);
        let stats = il_display::compare(&expected, &ours);
        if show_all {
            for line in il_display::differences(&expected, &ours) {
                report.push_str(&format!("  {name}: {line}\n"));
            }
        }
        let mut file_total = KindStats::default();
        for (kind, s) in stats {
            file_total.add(s);
            by_kind.entry(kind).or_default().add(s);
        }
        report.push_str(&format!(
            "{name}: {}\n",
            il_display::stats_line(&file_total)
        ));
    }
    if compared == 0 {
        eprintln!(
            "skipped: no preprocessed programs in {} (cargo xtask corpus)",
            corpus.display()
        );
        return;
    }
    let mut total = KindStats::default();
    for s in by_kind.values() {
        total.add(*s);
    }
    println!(
        "{report}IL display, own files of {compared} programs:\n{}",
        il_display::format_stats(&by_kind)
    );
    if filter.is_some() {
        // The floors are for the whole corpus.
        return;
    }
    let agree = total.fields_agree * 1000 / total.fields.max(1);
    assert_eq!(
        total.present, total.expected,
        "entries cudafe++ prints that we do not"
    );
    assert!(
        agree >= MIN_FIELDS_AGREE_PER_MILLE,
        "fields agree {agree}‰ < floor {MIN_FIELDS_AGREE_PER_MILLE}‰"
    );
    // An entry cudafe++ does not print is a wrong entry (measured: none).
    assert_eq!(total.extra, 0, "entries cudafe++ does not print");
}
