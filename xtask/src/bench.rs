//! `cargo xtask bench parse`: parse throughput of the release `cufe` on the largest corpus file,
//! next to the reference front end (`cudafe++`) and `gcc -fsyntax-only` on the same `.ii`.
//! `cargo xtask bench xref`: `cufe cudafe --xref` against `cudafe++ --xref`, whole process, on
//! the largest test program (see `bench/xref.rs`).
//! `cargo xtask bench cudafe`: `cufe cudafe` writing the host unit and module id against
//! `cudafe++`, whole process, wall time and peak RSS (see `bench/cudafe.rs`).
//! `cargo xtask bench check`: `cufe check` (both views) against `cudafe++` on the host `.ii`,
//! whole process, wall time and peak RSS (see `bench/check.rs`).
//! `cargo xtask bench lsp`: `cufe lsp`'s diagnostics on open and after an edit, against
//! `nvcc -c` (see `bench/lsp.rs`).
//!
//! Not a test: it prints numbers. cufe's time is the one its own summary line reports (reading,
//! line map, parse, lossless check), so process start-up is excluded; the other tools are timed
//! from outside, which slightly favours cufe, and is said so in the output.
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::{corpus::corpus_dir, project_root};

mod check;
mod cudafe;
mod lsp;
mod preprocess;
mod xref;

#[derive(clap::Args)]
pub struct Args {
    /// What to measure.
    what: What,
    /// The .ii to parse (default: the largest file of the corpus; for `xref`, the largest
    /// preprocessed test program; for `check`, the .cu of the largest corpus unit).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Runs of cufe; the median is reported.
    #[arg(long, default_value_t = 7)]
    runs: usize,
    /// Runs of each reference tool (they are 20-100x slower).
    #[arg(long, default_value_t = 3)]
    reference_runs: usize,
    /// Skip cudafe++ and gcc.
    #[arg(long)]
    no_reference: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum What {
    /// Parse throughput (`cufe parse --check-lossless`).
    Parse,
    /// `cufe cudafe --xref` against `cudafe++ --xref`, whole process.
    Xref,
    /// `cufe cudafe` writing the host unit and module id against `cudafe++`, whole process.
    Cudafe,
    /// `cufe check` (both views) against `cudafe++` on the host `.ii`, whole process.
    Check,
    /// `cufe lsp`: first diagnostics and diagnostics after an edit, against `nvcc -c`.
    Lsp,
    /// Cold preprocessing of the largest unit against gcc -E, and re-preprocessing after a
    /// one-line edit in a salsa database.
    Preprocess,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.what {
        What::Xref => return xref::run(args.file, args.runs),
        What::Cudafe => return cudafe::run(args.file, args.runs),
        What::Check => return check::run(args.file, args.runs),
        What::Lsp => return lsp::run(args.file, args.runs),
        What::Preprocess => return preprocess::run(args.runs, args.reference_runs),
        What::Parse => {}
    }
    let file = match args.file {
        Some(file) => file,
        None => largest_corpus_file()?,
    };
    let bytes = std::fs::metadata(&file)
        .with_context(|| format!("reading {}", file.display()))?
        .len();
    let cufe = build_cufe()?;
    println!(
        "{} ({:.1} MB), single-threaded",
        file.display(),
        bytes as f64 / 1e6
    );

    let cufe_time = median(args.runs, || cufe_parse_time(&cufe, &file))?;
    report("cufe parse --check-lossless", bytes, cufe_time, None);

    if args.no_reference {
        return Ok(());
    }
    let std = if file.to_string_lossy().contains("cpp20") {
        "c++20"
    } else {
        "c++17"
    };
    // cudafe++ writes its outputs next to nothing we care about: a scratch dir under target/.
    let scratch = project_root().join("target/bench-scratch");
    std::fs::create_dir_all(&scratch)?;
    match toolchain::Toolchain::installed() {
        Some(tc) => {
            let time = median(args.reference_runs, || {
                time_command(&mut cudafe_command(&tc, &file, std, &scratch))
            })?;
            report(
                "cudafe++ (EDG, full front end)",
                bytes,
                time,
                Some(cufe_time),
            );
        }
        None => println!(
            "cudafe++: skipped, the toolchain is not installed (cargo xtask nvidia-toolchain)"
        ),
    }
    let mut gcc = Command::new(toolchain::host_compiler());
    gcc.args(["-fsyntax-only", "-x", "c++-cpp-output", "-w"])
        .arg(format!("-std={std}"))
        .arg(&file);
    let time = median(args.reference_runs, || time_command(&mut gcc))?;
    report(
        "gcc -fsyntax-only (full semantic analysis)",
        bytes,
        time,
        Some(cufe_time),
    );
    println!("(cufe's time is its own, without process start-up; the others' include it)");
    Ok(())
}

fn largest_corpus_file() -> anyhow::Result<PathBuf> {
    let dir = corpus_dir();
    let entries = std::fs::read_dir(&dir).with_context(|| {
        format!(
            "{}: no corpus; run `cargo xtask corpus` first",
            dir.display()
        )
    })?;
    let mut best: Option<(u64, PathBuf)> = None;
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "ii") {
            let len = std::fs::metadata(&path)?.len();
            if best.as_ref().is_none_or(|(best_len, _)| len > *best_len) {
                best = Some((len, path));
            }
        }
    }
    best.map(|(_, path)| path)
        .with_context(|| format!("{}: no .ii files", dir.display()))
}

pub(crate) fn build_cufe() -> anyhow::Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "--quiet", "-p", "cufe"])
        .current_dir(project_root())
        .status()?;
    if !status.success() {
        bail!("building cufe in release failed");
    }
    Ok(project_root().join("target/release/cufe"))
}

/// Runs `cufe parse --check-lossless` and reads the time from its summary line.
fn cufe_parse_time(cufe: &Path, file: &Path) -> anyhow::Result<Duration> {
    let output = Command::new(cufe)
        .args(["parse", "--check-lossless"])
        .arg(file)
        .output()?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout.lines().last().unwrap_or_default();
    if !output.status.success() {
        eprintln!("note: cufe reported problems: {summary}");
    }
    let ms = summary
        .strip_suffix(" ms")
        .and_then(|s| s.rsplit(' ').next())
        .and_then(|ms| ms.parse::<u64>().ok())
        .with_context(|| format!("no summary line in cufe's output: {summary:?}"))?;
    Ok(Duration::from_millis(ms))
}

fn cudafe_command(tc: &toolchain::Toolchain, file: &Path, std: &str, scratch: &Path) -> Command {
    let mut cmd = Command::new(tc.bin("cudafe++"));
    cmd.arg(format!("--{std}"))
        .args([
            "--static-host-stub",
            "--device-hidden-visibility",
            "--gnu_version=120200",
        ])
        .args([
            "--display_error_number",
            "--orig_src_file_name",
            "bench.cu",
            "--orig_src_path_name",
        ])
        .arg(scratch.join("bench.cu"))
        .args([
            "--allow_managed",
            "--m64",
            "--parse_templates",
            "--gen_c_file_name",
        ])
        .arg(scratch.join("bench.cudafe1.cpp"))
        .arg("--stub_file_name")
        .arg(scratch.join("bench.cudafe1.stub.c"))
        .args(["--gen_module_id_file", "--module_id_file_name"])
        .arg(scratch.join("bench.module_id"))
        .arg(file);
    cmd
}

fn time_command(cmd: &mut Command) -> anyhow::Result<Duration> {
    let start = Instant::now();
    let output = cmd
        .output()
        .with_context(|| format!("running {:?}", cmd.get_program()))?;
    let elapsed = start.elapsed();
    if !output.status.success() {
        // gcc reports semantic errors on CUDA headers (redeclarations that differ in
        // `constexpr`); it still analyses the whole file, so the time stands.
        let stderr = String::from_utf8_lossy(&output.stderr);
        let errors = stderr.lines().filter(|l| l.contains("error:")).count();
        eprintln!(
            "note: {:?} exited with {} ({errors} error lines)",
            cmd.get_program(),
            output.status
        );
    }
    Ok(elapsed)
}

pub(crate) fn median(
    runs: usize,
    mut measure: impl FnMut() -> anyhow::Result<Duration>,
) -> anyhow::Result<Duration> {
    let mut times = (0..runs.max(1))
        .map(|_| measure())
        .collect::<anyhow::Result<Vec<_>>>()?;
    times.sort();
    Ok(times[times.len() / 2])
}

fn report(tool: &str, bytes: u64, time: Duration, cufe: Option<Duration>) {
    let mb_per_s = bytes as f64 / 1e6 / time.as_secs_f64().max(1e-9);
    let ratio = match cufe {
        Some(cufe) => format!(
            "  ({:.1}x cufe's time)",
            time.as_secs_f64() / cufe.as_secs_f64().max(1e-9)
        ),
        None => String::new(),
    };
    println!(
        "{tool:<44} {:>8.0} ms {mb_per_s:>9.1} MB/s{ratio}",
        time.as_secs_f64() * 1e3
    );
}
