//! `cargo bench -p syntax`: throughput of the line map and the parser on the largest corpus file
//! (`cargo xtask corpus` writes it), or on a synthetic text when the corpus is absent.
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn input() -> (String, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test_data/generated/corpus");
    let largest = std::fs::read_dir(&dir).ok().and_then(|entries| {
        entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ii"))
            .max_by_key(|p: &PathBuf| p.metadata().map(|m| m.len()).unwrap_or(0))
    });
    match largest.and_then(|p| {
        Some((
            p.file_name()?.to_string_lossy().into_owned(),
            std::fs::read_to_string(&p).ok()?,
        ))
    }) {
        Some(found) => found,
        None => {
            eprintln!("no corpus in {}; using a synthetic text", dir.display());
            let unit = "# 12 \"/usr/include/x.h\" 3 4\nnamespace n { template <class T> struct S { T f(int a) { return a + 1; } }; }\n";
            ("synthetic".into(), unit.repeat(100_000))
        }
    }
}

fn bench(c: &mut Criterion) {
    let (name, text) = input();
    let mut group = c.benchmark_group(name);
    group
        .throughput(Throughput::Bytes(text.len() as u64))
        .sample_size(10);
    group.bench_function("line_map", |b| b.iter(|| syntax::LineMap::new(&text)));
    group.bench_function("parse", |b| b.iter(|| syntax::parse_text(&text)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
