//! Every unit `cargo xtask corpus` generates (gcc 12 -E with nvcc's host flags) must come out of
//! cufe's preprocessor byte for byte. Skips with a note when the corpus or the toolchain is
//! absent (CI generates both).
use std::path::{Path, PathBuf};

use preprocessor::options::MacroOption;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test_data/generated/corpus")
}

#[test]
fn corpus_is_byte_identical_to_gcc() {
    let dir = corpus_dir();
    let Ok(manifest) = std::fs::read_to_string(dir.join("manifest.tsv")) else {
        eprintln!("note: no corpus manifest (run `cargo xtask corpus`); skipping");
        return;
    };
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("note: NVIDIA toolchain not installed; skipping");
        return;
    };
    let include = tc.include_dir().display().to_string();
    let rows: Vec<Vec<String>> = manifest
        .lines()
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    // `streamed`: through `preprocess_to` (what `cufe preprocess` runs), written in chunks.
    let check = |row: &Vec<String>, streamed: bool| -> Option<String> {
        let (name, input, std) = (&row[0], &row[1], &row[2]);
        let Ok(expected) = std::fs::read_to_string(dir.join(format!("{name}.ii"))) else {
            return Some(format!("{name}: no {name}.ii in the corpus"));
        };
        let mut args = preprocessor::nvcc::NvccArgs {
            input: input.clone(),
            cuda_include: include.clone(),
            std: Some(std.clone()),
            ..Default::default()
        };
        let defines = row.get(3).map(String::as_str).unwrap_or("");
        args.macros = defines
            .split_whitespace()
            .filter_map(|d| d.strip_prefix("-D"))
            .map(|d| MacroOption::Define(d.to_string()))
            .collect();
        let Some(options) = args.options(&mut |d| Path::new(d).is_dir()) else {
            return Some(format!("{name}: unsupported -std {std}"));
        };
        let mut fs = preprocessor::RealFs::default();
        let text = if streamed {
            let mut out = Vec::new();
            if let Err(e) = preprocessor::preprocess_to(&options, &mut fs, &mut out) {
                return Some(format!("{name}: {e}"));
            }
            String::from_utf8_lossy(&out).into_owned()
        } else {
            preprocessor::preprocess(&options, &mut fs).text
        };
        if text == expected {
            return None;
        }
        let line = expected
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        Some(format!(
            "{name}: first difference at output line {}",
            line + 1
        ))
    };
    let half = rows.len() / 2;
    let (a, b) = rows.split_at(half);
    let failures: Vec<String> = std::thread::scope(|s| {
        let ha = s.spawn(|| a.iter().filter_map(|r| check(r, false)).collect::<Vec<_>>());
        let hb = s.spawn(|| b.iter().filter_map(|r| check(r, true)).collect::<Vec<_>>());
        let mut f = ha.join().unwrap();
        f.extend(hb.join().unwrap());
        f
    });
    assert!(
        failures.is_empty(),
        "{} of {} units differ:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
    eprintln!("{} corpus units byte-identical to gcc -E", rows.len());
}
