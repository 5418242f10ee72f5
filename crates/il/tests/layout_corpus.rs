//! `sizeof`/`alignof` of every class the entity layer lays out in the translation units of
//! `test_data/cu` (user code and every header: glibc, libstdc++, CUDA, thrust...), checked by g++:
//! the `.ii` gets one `static_assert` per class appended and g++ evaluates them. Needs the
//! toolchain (to preprocess) and g++; skipped without them.
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use base_db::{FileOrigin, SourceDatabase, SourceFile};
use il::{IlDatabase, ItemKind};

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
    let (mut checked, mut failed, mut classes) = (0usize, 0usize, 0usize);
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
        // A line marker of our own, so g++ names our lines by it.
        let mut asserts = String::from("\n# 1 \"cufe-layout-check\"\n");
        let mut count = 0;
        for item in il::scope::all_items(&db, file) {
            let key = match item.kind(&db) {
                ItemKind::Struct | ItemKind::Class => "struct",
                ItemKind::Union => "union",
                _ => continue,
            };
            classes += 1;
            let qualified = item.qualified_name(&db);
            // Only classes g++ can name from file scope.
            if qualified.contains('(')
                || qualified.contains("<unnamed>")
                || item.name(&db).is_none()
            {
                continue;
            }
            let Some(layout) = il::record::class_layout(&db, item) else {
                continue;
            };
            count += 1;
            writeln!(
                asserts,
                "static_assert(sizeof({key} ::{qualified}) == {} && alignof({key} ::{qualified}) == {}, \"cufe layout {count}\");",
                layout.size, layout.align
            )
            .unwrap();
        }
        let check = scratch.path().join(format!("{name}.check.ii"));
        std::fs::write(&check, format!("{text}{asserts}")).unwrap();
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
        // Failures, and errors on our lines that are not assertion failures (a class g++ could
        // not name): both count against us.
        let bad: std::collections::BTreeSet<usize> = stderr
            .lines()
            .filter(|l| l.starts_with("cufe-layout-check:") && l.contains("error:"))
            .filter_map(|l| l.split(':').nth(1)?.parse::<usize>().ok())
            .collect();
        println!(
            "{name}: {} of {count} class layouts agree with g++",
            count - bad.len()
        );
        for l in stderr
            .lines()
            .filter(|l| l.starts_with("cufe-layout-check:"))
            .take(6)
        {
            println!("  {l}");
        }
        checked += count;
        failed += bad.len();
    }
    println!(
        "class layouts: {} of {checked} agree with g++ ({classes} non-template classes and unions declared, {checked} laid out and nameable)",
        checked - failed
    );
    assert!(checked > 0);
    assert_eq!(
        failed, 0,
        "{failed} of {checked} class layouts differ from g++"
    );
}
