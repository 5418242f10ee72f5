//! `cargo xtask bench xref`: the whole `cufe cudafe --xref` process against the whole
//! `cudafe++ --xref` process on the same preprocessed program, with the same command line (the
//! options nvcc passes, from the `toolchain` crate), alternating runs in the same invocation.
//!
//! Not like-for-like, and printed as such: cudafe++ also writes its `.cudafe1.cpp` in that time;
//! cufe writes the log only (declaration lines, references, instance lines).
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::project_root;

pub(super) fn run(file: Option<PathBuf>, runs: usize) -> anyhow::Result<()> {
    let tc = toolchain::Toolchain::installed()
        .context("the toolchain is not installed (cargo xtask nvidia-toolchain)")?;
    let ii = match file {
        Some(file) => file,
        None => largest_preprocessed_program()?,
    };
    // `NAME.cpp4.ii` was preprocessed from `test_data/cu/NAME.cu`; its flags come from there.
    let name = ii
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_suffix(".cpp4.ii"))
        .context("expected a NAME.cpp4.ii written by `cargo xtask diff-xref`")?;
    let program = project_root()
        .join("test_data/cu")
        .join(format!("{name}.cu"));
    let flags = toolchain::nvcc_flags_line(
        &std::fs::read_to_string(&program).with_context(|| format!("{}", program.display()))?,
    );
    let scratch = project_root().join("target/bench-scratch");
    std::fs::create_dir_all(&scratch)?;
    let options = toolchain::cudafe_host_options(&program, &flags, &scratch);
    let cufe = super::build_cufe()?;
    let bytes = std::fs::metadata(&ii)?.len();
    println!(
        "{} ({:.1} MB), {runs} alternating runs each, whole process",
        ii.display(),
        bytes as f64 / 1e6
    );

    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..runs.max(1) {
        let mut cmd = Command::new(&cufe);
        cmd.arg("cudafe").args(&options);
        // cufe exits 4 (the host outputs it does not write yet are catastrophic errors, named
        // on stderr) but writes the log first.
        ours.push(time(&mut cmd, &scratch.join("cufe.xref"), &ii, true)?);
        let mut cmd = Command::new(tc.bin("cudafe++"));
        cmd.args(&options);
        theirs.push(time(&mut cmd, &scratch.join("cudafe.xref"), &ii, false)?);
    }
    let ours = Summary::of(ours);
    let theirs = Summary::of(theirs);
    println!(
        "cufe cudafe --xref      best {:>7.0} ms  median {:>7.0} ms",
        ms(ours.best),
        ms(ours.median)
    );
    println!(
        "cudafe++ --xref         best {:>7.0} ms  median {:>7.0} ms",
        ms(theirs.best),
        ms(theirs.median)
    );
    println!(
        "cufe / cudafe++ wall time: best {:.2}x  median {:.2}x",
        ours.best.as_secs_f64() / theirs.best.as_secs_f64().max(1e-9),
        ours.median.as_secs_f64() / theirs.median.as_secs_f64().max(1e-9)
    );
    println!(
        "(cufe writes the log only: declaration lines, references, instance lines; cudafe++ \
         also writes its .cudafe1.cpp)"
    );
    Ok(())
}

pub(super) struct Summary {
    pub(super) best: Duration,
    pub(super) median: Duration,
}

impl Summary {
    pub(super) fn of(mut times: Vec<Duration>) -> Summary {
        times.sort();
        Summary {
            best: times[0],
            median: times[times.len() / 2],
        }
    }
}

pub(super) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Runs `cmd --xref log ii` and times it from spawn to exit; the log must exist afterwards.
fn time(
    cmd: &mut Command,
    log: &Path,
    ii: &Path,
    unproduced_outputs_ok: bool,
) -> anyhow::Result<Duration> {
    let _ = std::fs::remove_file(log);
    cmd.arg("--xref")
        .arg(log)
        .arg(ii)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let start = Instant::now();
    let status = cmd
        .status()
        .with_context(|| format!("running {:?}", cmd.get_program()))?;
    let elapsed = start.elapsed();
    let accepted = status.success() || (unproduced_outputs_ok && status.code() == Some(4));
    if !accepted || !log.exists() {
        bail!(
            "{:?} exited with {status} or wrote no log",
            cmd.get_program()
        );
    }
    Ok(elapsed)
}

/// The largest `.cpp4.ii` that `cargo xtask diff-xref` (or the xref corpus test) preprocessed.
pub(super) fn largest_preprocessed_program() -> anyhow::Result<PathBuf> {
    let dir = project_root().join("test_data/generated/xref");
    let mut best: Option<(u64, PathBuf)> = None;
    for entry in std::fs::read_dir(&dir)
        .with_context(|| format!("{}: run `cargo xtask diff-xref` first", dir.display()))?
    {
        let path = entry?.path();
        if path.to_string_lossy().ends_with(".cpp4.ii") {
            let len = std::fs::metadata(&path)?.len();
            if best.as_ref().is_none_or(|(l, _)| len > *l) {
                best = Some((len, path));
            }
        }
    }
    best.map(|(_, p)| p)
        .with_context(|| format!("{}: no .cpp4.ii files", dir.display()))
}
