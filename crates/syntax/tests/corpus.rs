//! Parses every preprocessed translation unit of the corpus (`cargo xtask corpus` writes it to
//! `test_data/generated/corpus/`) and requires zero syntax errors and a lossless tree.
//! Without the corpus (a fresh checkout) the test prints a note and passes; CI generates it first.
use std::{path::PathBuf, sync::Mutex, thread};

fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../test_data/generated/corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ii"))
        .collect();
    files.sort();
    Some(files)
}

struct Outcome {
    path: PathBuf,
    bytes: usize,
    errors: Vec<String>,
    lossless: bool,
}

fn check_file(path: PathBuf) -> Outcome {
    let text = std::fs::read_to_string(&path).expect("corpus file is UTF-8");
    let parse = syntax::parse_text(&text);
    let lossless = parse.syntax_node().text() == text.as_str();
    let errors = parse
        .errors()
        .iter()
        .take(5)
        .map(|e| {
            let start = usize::from(e.range.start());
            let line = text[..start].matches('\n').count() + 1;
            format!("line {line}: {} at {:?}", e.message, e.range)
        })
        .collect();
    Outcome {
        path,
        bytes: text.len(),
        errors,
        lossless,
    }
}

#[test]
fn corpus_parses_without_errors() {
    let Some(files) = corpus_files().filter(|f| !f.is_empty()) else {
        println!(
            "note: no corpus in test_data/generated/corpus (run `cargo xtask corpus`); skipping"
        );
        return;
    };
    // Two workers: the corpus is large and the machines running it have two cores.
    let queue = Mutex::new(files);
    let outcomes = Mutex::new(Vec::new());
    thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let next = queue.lock().unwrap().pop();
                    let Some(path) = next else { break };
                    let outcome = check_file(path);
                    outcomes.lock().unwrap().push(outcome);
                }
            });
        }
    });
    let mut outcomes = outcomes.into_inner().unwrap();
    outcomes.sort_by(|a, b| a.path.cmp(&b.path));
    let mut total = 0usize;
    let mut failures = Vec::new();
    for o in &outcomes {
        let name = o.path.file_name().unwrap().to_string_lossy();
        println!(
            "{name}: {} bytes, {} errors shown{}",
            o.bytes,
            o.errors.len(),
            if o.lossless { "" } else { ", NOT lossless" }
        );
        total += o.bytes;
        if !o.errors.is_empty() || !o.lossless {
            failures.push(format!("{name}: lossless={} {:?}", o.lossless, o.errors));
        }
    }
    println!(
        "corpus: {} files, {:.1} MB",
        outcomes.len(),
        total as f64 / 1e6
    );
    assert!(
        failures.is_empty(),
        "corpus files with syntax errors:\n{}",
        failures.join("\n")
    );
}
