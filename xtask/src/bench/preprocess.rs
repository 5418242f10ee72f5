//! `cargo xtask bench preprocess`: cold preprocessing of the largest corpus unit by the release
//! `cufe preprocess` against `gcc -E` with the same flags (whole processes, same run), and the
//! re-preprocessing and reparse of a thrust-heavy program after one-line edits of its .cu,
//! in-process in a salsa database (`cufe preprocess --time-edit`).
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, bail};

use super::{build_cufe, median};
use crate::{corpus::corpus_dir, project_root};

/// The manifest row of the corpus unit whose `.ii` is the largest: (input, std, size).
fn largest_unit() -> anyhow::Result<(PathBuf, String, u64)> {
    let dir = corpus_dir();
    let manifest = std::fs::read_to_string(dir.join("manifest.tsv"))
        .context("no corpus manifest; run `cargo xtask corpus` first")?;
    let mut best: Option<(PathBuf, String, u64)> = None;
    for line in manifest.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 3 {
            continue;
        }
        let Ok(meta) = std::fs::metadata(dir.join(format!("{}.ii", cols[0]))) else {
            continue;
        };
        if best.as_ref().is_none_or(|b| meta.len() > b.2) {
            best = Some((PathBuf::from(cols[1]), cols[2].to_string(), meta.len()));
        }
    }
    best.context("the corpus is empty")
}

pub fn run(runs: usize, reference_runs: usize) -> anyhow::Result<()> {
    let tc = toolchain::Toolchain::installed().context("the NVIDIA toolchain is not installed")?;
    let cufe = build_cufe()?;
    let scratch = project_root().join("target/bench-scratch");
    std::fs::create_dir_all(&scratch)?;
    let (input, std, bytes) = largest_unit()?;
    println!(
        "{} (-std={std}, {:.1} MB of output), whole processes",
        input.display(),
        bytes as f64 / 1e6
    );
    let ours_out = scratch.join("cufe.ii");
    let cpu_before = children_cpu_seconds();
    let cufe_time = median(runs, || {
        let start = Instant::now();
        let status = Command::new(&cufe)
            .args(["preprocess", &format!("--std={std}")])
            .arg(&input)
            .arg("-o")
            .arg(&ours_out)
            .status()?;
        if !status.success() {
            bail!("cufe preprocess failed");
        }
        Ok(start.elapsed())
    })?;
    let cufe_cpu = (children_cpu_seconds() - cpu_before) / runs.max(1) as f64;
    let gcc_out = scratch.join("gcc.ii");
    let cpu_before = children_cpu_seconds();
    let gcc_time = median(reference_runs, || {
        let start = Instant::now();
        let status = tc
            .host_preprocess_command(&input, &gcc_out, Some(&std), &[])
            .status()?;
        if !status.success() {
            bail!("gcc -E failed");
        }
        Ok(start.elapsed())
    })?;
    let gcc_cpu = (children_cpu_seconds() - cpu_before) / reference_runs.max(1) as f64;
    let same = std::fs::read(&ours_out)? == std::fs::read(&gcc_out)?;
    println!(
        "cufe preprocess   {:>8.0} ms wall (median)  {:>6.0} ms CPU (user+sys, mean)",
        cufe_time.as_secs_f64() * 1e3,
        cufe_cpu * 1e3
    );
    println!(
        "gcc -E            {:>8.0} ms wall (median)  {:>6.0} ms CPU  ({:.2}x cufe's wall time, {:.2}x its CPU; outputs {})",
        gcc_time.as_secs_f64() * 1e3,
        gcc_cpu * 1e3,
        gcc_time.as_secs_f64() / cufe_time.as_secs_f64().max(1e-9),
        gcc_cpu / cufe_cpu.max(1e-9),
        if same { "byte-identical" } else { "DIFFER" }
    );
    let program = project_root().join("test_data/cu/thrust_algorithms.cu");
    edit_bench(&cufe, &program, &scratch)
}

/// User and system time of this process's finished children (`/proc/self/stat`'s cutime and
/// cstime), in seconds; 0 where it cannot be read.
fn children_cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command name in parentheses: state is the first; cutime and cstime
    // are fields 16 and 17 of the whole line.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Clock ticks are 1/100 s on Linux (USER_HZ).
    (ticks(13) + ticks(14)) / 100.0
}

fn edit_bench(cufe: &Path, program: &Path, scratch: &Path) -> anyhow::Result<()> {
    let out = Command::new(cufe)
        .args(["preprocess", "--time-edit"])
        .arg(program)
        .arg("-o")
        .arg(scratch.join("edit.ii"))
        .output()?;
    if !out.status.success() {
        bail!(
            "cufe preprocess --time-edit failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    println!("{} in a salsa database:", program.display());
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        println!("  {line}");
    }
    Ok(())
}
