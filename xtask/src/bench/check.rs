//! `cargo xtask bench check`: the whole `cufe check -c -arch=sm_90 FILE.cu` process (both of
//! nvcc's views: cufe's preprocessor, parse and checks of the host and device `.ii`) against
//! the whole `cudafe++` process on the host `.ii`, with the command line `nvcc --dryrun` gives
//! (the host preprocessing and the cudafe++ options from the `toolchain` crate), alternating
//! runs in one invocation. Wall time (median and best) and peak resident memory (through GNU
//! `time`, when installed) are reported side by side, as ratios.
//!
//! The program is the largest unit of the generated corpus (`cargo xtask corpus`), by the size
//! of its host `.ii`, or `--file FILE.cu`. cudafe++ does less than `cufe check` here (one view;
//! cicc's checks of the device view are not counted on its side) and more (it writes the host
//! translation unit and stub): the comparison is the one a user of `nvcc -c` would feel for the
//! front-end part.
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use super::xref::{Summary, ms};
use crate::corpus::corpus_dir;
use crate::project_root;

pub(super) fn run(file: Option<PathBuf>, runs: usize) -> anyhow::Result<()> {
    let tc = toolchain::Toolchain::installed()
        .context("the toolchain is not installed (cargo xtask nvidia-toolchain)")?;
    let (program, std) = match file {
        Some(file) => (file, None),
        None => largest_corpus_unit()?,
    };
    let program = std::fs::canonicalize(&program)
        .with_context(|| format!("reading {}", program.display()))?;
    let dir = program.parent().context("the program has no directory")?;
    let name = program
        .file_name()
        .and_then(|n| n.to_str())
        .context("the program's name is not UTF-8")?
        .to_string();
    let scratch = project_root().join("target/bench-scratch/check");
    std::fs::create_dir_all(&scratch)?;

    // The host `.ii` cudafe++ reads, made once by nvcc's host preprocessing command (not timed).
    let ii = scratch.join("bench.cpp4.ii");
    let status = tc
        .host_preprocess_command(&program, &ii, std.as_deref(), &[])
        .status()
        .context("running the host preprocessor")?;
    if !status.success() {
        bail!("host preprocessing of {} failed", program.display());
    }
    let mut cudafe_options = toolchain::cudafe_host_options(&program, &[] as &[&str], &scratch);
    if std.as_deref() == Some("c++20") {
        cudafe_options[0] = "--c++20".into();
    }
    // The front-end passes only: nvcc's host compilation (gcc on the host unit, which
    // `cufe check` runs after them by default) is not what cudafe++ does.
    let mut check_args: Vec<String> = vec![
        "check".into(),
        "--no-host-compiler".into(),
        "-c".into(),
        "-arch=sm_90".into(),
    ];
    if let Some(std) = &std {
        check_args.push(format!("-std={std}"));
    }
    check_args.push(name.clone());

    let cufe = super::build_cufe()?;
    let time_tool = Path::new("/usr/bin/time");
    println!(
        "{} (host .ii {:.1} MB), {runs} alternating runs each, whole process",
        program.display(),
        std::fs::metadata(&ii)?.len() as f64 / 1e6
    );
    println!(
        "  cufe {} (front-end passes only: --no-host-compiler skips the host compiler stage)",
        check_args.join(" ")
    );
    println!("  cudafe++ {} bench.cpp4.ii", cudafe_options.join(" "));
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let (mut ours_usage, mut theirs_usage) = (Vec::new(), Vec::new());
    for _ in 0..runs.max(1) {
        let mut cmd = measured(time_tool, &cufe);
        cmd.args(&check_args).current_dir(dir);
        let (elapsed, usage, status) = run_once(&mut cmd)?;
        if !matches!(status, Some(0..=2)) {
            bail!("cufe check exited with {status:?}");
        }
        ours.push(elapsed);
        ours_usage.extend(usage);

        let mut cmd = measured(time_tool, &tc.bin("cudafe++"));
        cmd.args(&cudafe_options).arg(&ii);
        let (elapsed, usage, status) = run_once(&mut cmd)?;
        if status != Some(0) {
            bail!("cudafe++ exited with {status:?}");
        }
        theirs.push(elapsed);
        theirs_usage.extend(usage);
    }
    let (ours, theirs) = (Summary::of(ours), Summary::of(theirs));
    println!(
        "cufe check    best {:>7.0} ms  median {:>7.0} ms",
        ms(ours.best),
        ms(ours.median)
    );
    println!(
        "cudafe++      best {:>7.0} ms  median {:>7.0} ms",
        ms(theirs.best),
        ms(theirs.median)
    );
    println!(
        "cufe / cudafe++ wall time: best {:.2}  median {:.2}",
        ours.best.as_secs_f64() / theirs.best.as_secs_f64().max(1e-9),
        ours.median.as_secs_f64() / theirs.median.as_secs_f64().max(1e-9)
    );
    if !ours_usage.is_empty() && !theirs_usage.is_empty() {
        let cpu = |u: &[Usage]| Summary::of(u.iter().map(|u| u.cpu).collect());
        let (o_cpu, t_cpu) = (cpu(&ours_usage), cpu(&theirs_usage));
        println!(
            "CPU time      cufe median {:.0} ms, cudafe++ median {:.0} ms (cufe / cudafe++ {:.2}; \
             cufe runs its two views on two threads)",
            ms(o_cpu.median),
            ms(t_cpu.median),
            o_cpu.median.as_secs_f64() / t_cpu.median.as_secs_f64().max(1e-9)
        );
        let o = ours_usage.iter().map(|u| u.kib).max().unwrap_or(0);
        let t = theirs_usage.iter().map(|u| u.kib).max().unwrap_or(1);
        println!(
            "peak RSS      cufe {:.0} MiB, cudafe++ {:.0} MiB (cufe / cudafe++ {:.2})",
            o as f64 / 1024.0,
            t as f64 / 1024.0,
            o as f64 / t as f64
        );
    } else {
        println!("peak RSS      not measured (GNU time is not installed: apt-get install time)");
    }
    Ok(())
}

/// The largest unit of the generated corpus by its host `.ii`, with its `-std` from the
/// corpus manifest.
fn largest_corpus_unit() -> anyhow::Result<(PathBuf, Option<String>)> {
    let dir = corpus_dir();
    let manifest = std::fs::read_to_string(dir.join("manifest.tsv")).with_context(|| {
        format!(
            "{}: no corpus; run `cargo xtask corpus` first",
            dir.display()
        )
    })?;
    let mut best: Option<(u64, PathBuf, String)> = None;
    for line in manifest.lines() {
        let mut fields = line.split('\t');
        let (Some(name), Some(input), Some(std)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Ok(meta) = std::fs::metadata(dir.join(format!("{name}.ii"))) else {
            continue;
        };
        let input = PathBuf::from(input);
        if input.is_file() && best.as_ref().is_none_or(|(len, _, _)| meta.len() > *len) {
            best = Some((meta.len(), input, std.to_string()));
        }
    }
    let (_, input, std) = best.with_context(|| format!("{}: no unit", dir.display()))?;
    Ok((input, Some(std)))
}

/// `exe` under GNU time (peak RSS into a file) when installed.
fn measured(time_tool: &Path, exe: &Path) -> Command {
    if time_tool.exists() {
        let mut cmd = Command::new(time_tool);
        cmd.args(["-f", "%M %U %S", "-o"]).arg(rss_file()).arg(exe);
        cmd
    } else {
        Command::new(exe)
    }
}

fn rss_file() -> PathBuf {
    std::env::temp_dir().join(format!("cufe-bench-check-rss-{}", std::process::id()))
}

/// What GNU time measured of one run: peak RSS in KiB, CPU time (user + system).
struct Usage {
    kib: u64,
    cpu: Duration,
}

/// One run from spawn to exit: wall time, resource usage when measured, exit status.
fn run_once(cmd: &mut Command) -> anyhow::Result<(Duration, Option<Usage>, Option<i32>)> {
    cmd.stdout(Stdio::null()).stderr(Stdio::null());
    let start = Instant::now();
    let status = cmd
        .status()
        .with_context(|| format!("running {:?}", cmd.get_program()))?;
    let elapsed = start.elapsed();
    let usage = std::fs::read_to_string(rss_file()).ok().and_then(|s| {
        let line = s.lines().last()?.to_string();
        let mut fields = line.split_whitespace();
        let kib = fields.next()?.parse().ok()?;
        let user: f64 = fields.next()?.parse().ok()?;
        let system: f64 = fields.next()?.parse().ok()?;
        Some(Usage {
            kib,
            cpu: Duration::from_secs_f64(user + system),
        })
    });
    let _ = std::fs::remove_file(rss_file());
    // GNU time passes the command's exit status on.
    Ok((elapsed, usage, status.code()))
}
