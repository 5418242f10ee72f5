//! Every cubin of the generated corpus (`cargo xtask cubin-corpus`) reads into the model and
//! writes back byte for byte.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test_data/generated/cubin")
}

fn cubins(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            // Files the builder tests wrote are not ptxas output.
            if !p.ends_with("builder-out") {
                cubins(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "cubin") {
            out.push(p);
        }
    }
}

#[test]
fn corpus_round_trips_byte_for_byte() {
    let dir = corpus_dir();
    let mut files = Vec::new();
    cubins(&dir, &mut files);
    if files.is_empty() {
        eprintln!(
            "note: no generated cubin corpus at {}; run `cargo xtask cubin-corpus`",
            dir.display()
        );
        return;
    }
    files.sort();
    // (family, e_type) -> (identical, total)
    let mut counts: BTreeMap<(char, u16), (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    // Sections whose offset deviates from the layout rule (kept in the model as Placement).
    let mut deviations: BTreeMap<(char, &'static str), usize> = BTreeMap::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let name = f.strip_prefix(&dir).unwrap().display().to_string();
        match cubin::read(&bytes) {
            Ok(model) => {
                let key = (model.header.family().letter(), model.header.e_type);
                for s in &model.sections {
                    let kind = match s.placement {
                        cubin::Placement::Packed => continue,
                        cubin::Placement::Padded(_) => "padded",
                        cubin::Placement::SharedWith(_) => "shared-offset",
                    };
                    *deviations.entry((key.0, kind)).or_default() += 1;
                }
                let entry = counts.entry(key).or_default();
                entry.1 += 1;
                let again = cubin::write(&model);
                if again == bytes {
                    entry.0 += 1;
                } else {
                    let at = again
                        .iter()
                        .zip(&bytes)
                        .position(|(a, b)| a != b)
                        .unwrap_or(again.len().min(bytes.len()));
                    failures.push(format!(
                        "{name}: differs at {at:#x} (len {} vs {})",
                        again.len(),
                        bytes.len()
                    ));
                }
            }
            Err(e) => failures.push(format!("{name}: read error: {e}")),
        }
    }
    for ((family, e_type), (same, total)) in &counts {
        eprintln!("family {family} e_type {e_type:#x}: {same}/{total} identical");
    }
    eprintln!(
        "{} cubins, {} failures; placements off the rule: {deviations:?}",
        files.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The corpus holds, for every real architecture `ptxas --help` lists, whole-program and `-c`
/// cubins of plain, `-G` and `-lineinfo` PTX, so the round trip above covers them all.
#[test]
fn corpus_covers_every_architecture_ptxas_accepts() {
    let dir = corpus_dir();
    let Ok(bin) = std::fs::read_to_string(dir.join("toolchain_bin")) else {
        eprintln!(
            "note: no generated cubin corpus at {}; run `cargo xtask cubin-corpus`",
            dir.display()
        );
        return;
    };
    let help = std::process::Command::new(Path::new(bin.trim()).join("ptxas"))
        .arg("--help")
        .output()
        .expect("running ptxas --help");
    let help = String::from_utf8_lossy(&help.stdout);
    let mut archs: Vec<&str> = help
        .split('\'')
        .filter(|w| {
            w.strip_prefix("sm_").is_some_and(|v| {
                let digits = v.bytes().take_while(u8::is_ascii_digit).count();
                digits >= 2
                    && v.len() <= digits + 1
                    && v[digits..].bytes().all(|b| b.is_ascii_lowercase())
            })
        })
        .collect();
    archs.sort();
    archs.dedup();
    assert!(archs.len() >= 23, "ptxas --help lists {archs:?}");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let mut missing = Vec::new();
    for sm in &archs {
        for variant in ["", ".G", ".lineinfo"] {
            for mode in ["exec", "rel"] {
                let has = |n: &String| {
                    n.ends_with(&format!(".{sm}.{mode}.cubin"))
                        && (variant.is_empty()
                            || n.ends_with(&format!("{variant}.{sm}.{mode}.cubin")))
                };
                if !names.iter().any(has) {
                    missing.push(format!("{variant}.{sm}.{mode}"));
                }
            }
        }
    }
    eprintln!("{} architectures from ptxas --help: {archs:?}", archs.len());
    assert!(missing.is_empty(), "the corpus lacks {missing:?}");
}
