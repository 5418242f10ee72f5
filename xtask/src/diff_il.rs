//! `cargo xtask diff-il`: cufe's `--il_display` against cudafe++ 13.0.88's, on every
//! `test_data/cu` program.
//!
//! Both tools read the same preprocessed program (`test_data/generated/corpus`, written by
//! `cargo xtask corpus` with the program's `// nvcc-flags:`), with the cudafe++ options nvcc
//! passes (`docs/REFERENCE-TOOLCHAIN.md`, plus `--extended-lambda` / `--device-c` as the flags
//! line asks). Both displays are normalized by `il_display::normalize` (the entries of the
//! program's own file, addresses dropped, `.ii` lines mapped to original lines) and matched by
//! kind, name and position. cudafe++'s display is ~84 MB per program, so it is streamed.
//!
//! `--write-expected` rewrites `test_data/il_display/<name>.txt` with cudafe++'s normalized
//! entries: the extracts `cargo test -p il-display --test il_display` compares with.
use std::collections::BTreeMap;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};
use il_display::{self, Entry, KindStats, SeqMap};

use crate::project_root;

#[derive(clap::Args)]
pub struct Args {
    /// Rewrite test_data/il_display from cudafe++'s displays.
    #[arg(long)]
    write_expected: bool,
    /// Only programs whose name contains this.
    #[arg(long)]
    filter: Option<String>,
    /// Print every missing entry and differing field.
    #[arg(long)]
    verbose: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let tc = toolchain::Toolchain::locate(None)?;
    let root = project_root();
    let corpus = root.join("test_data/generated/corpus");
    let expected_dir = root.join("test_data/il_display");
    std::fs::create_dir_all(&expected_dir)?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo).args(["build", "-p", "cufe"]).status()?;
    if !status.success() {
        bail!("building cufe failed");
    }
    let cufe = root.join("target/debug/cufe");
    // cudafe++'s other outputs (the .cudafe1.cpp, module id) go to the ignored generated dir.
    let scratch = root.join("test_data/generated/il_display");
    std::fs::create_dir_all(&scratch)?;

    let mut programs: Vec<PathBuf> = std::fs::read_dir(root.join("test_data/cu"))?
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    programs.sort();
    let mut by_kind: BTreeMap<String, KindStats> = BTreeMap::new();
    for program in programs {
        let name = program.file_stem().unwrap().to_string_lossy().to_string();
        if args.filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let ii = corpus.join(format!("test_data__cu__{name}.ii"));
        if !ii.exists() {
            bail!("{} is absent: run `cargo xtask corpus` first", ii.display());
        }
        let text = std::fs::read_to_string(&ii)?;
        let seqs = SeqMap::new(&text);
        let own = format!("{name}.cu");
        let options = cudafe_options(&program, &scratch)?;

        let theirs = display(
            Command::new(tc.bin("cudafe++")).args(&options).arg(&ii),
            &seqs,
            &own,
        )
        .with_context(|| format!("cudafe++ --il_display on {name}"))?;
        let ours = display(
            Command::new(&cufe).arg("cudafe").args(&options).arg(&ii),
            &seqs,
            &own,
        )
        .with_context(|| format!("cufe cudafe --il_display on {name}"))?;
        if args.write_expected {
            let path = expected_dir.join(format!("{name}.txt"));
            std::fs::write(&path, il_display::write_extract(&theirs))?;
        }
        if args.verbose {
            for line in il_display::differences(&theirs, &ours) {
                println!("  {line}");
            }
        }
        let stats = il_display::compare(&theirs, &ours);
        let mut total = KindStats::default();
        for (kind, s) in stats {
            total.add(s);
            by_kind.entry(kind).or_default().add(s);
        }
        println!(
            "{name}: {} (ours {} entries)",
            il_display::stats_line(&total),
            ours.len()
        );
    }
    println!(
        "IL display, own files:\n{}",
        il_display::format_stats(&by_kind)
    );
    Ok(())
}

/// The cudafe++ options nvcc 13.0 passes for a host compilation of `program`, with
/// `--il_display`; output files go to `scratch`.
fn cudafe_options(program: &Path, scratch: &Path) -> anyhow::Result<Vec<String>> {
    let flags = toolchain::nvcc_flags_line(&std::fs::read_to_string(program)?);
    let mut options = toolchain::cudafe_host_options(program, &flags, scratch);
    options.push("--il_display".into());
    Ok(options)
}

/// Runs one tool and normalizes its display as it streams out.
fn display(cmd: &mut Command, seqs: &SeqMap, own: &str) -> anyhow::Result<Vec<Entry>> {
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::null()).spawn()?;
    let stdout = child.stdout.take().unwrap();
    let entries = il_display::normalize(BufReader::new(stdout), seqs, own)?;
    child.wait()?;
    Ok(entries)
}
