//! `cargo xtask bench cudafe`: the whole `cufe cudafe` process writing the host translation unit
//! and the module id against the whole `cudafe++` process writing its `.cudafe1.cpp` and module
//! id, with the command line nvcc passes (from the `toolchain` crate), on the same preprocessed
//! program, alternating runs in one invocation. Wall time and peak resident memory (through
//! GNU `time`, when installed) are reported side by side, as ratios.
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use super::xref::{Summary, largest_preprocessed_program, ms};
use crate::project_root;

pub(super) fn run(file: Option<PathBuf>, runs: usize) -> anyhow::Result<()> {
    let tc = toolchain::Toolchain::installed()
        .context("the toolchain is not installed (cargo xtask nvidia-toolchain)")?;
    let ii = match file {
        Some(file) => file,
        None => largest_preprocessed_program()?,
    };
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
    let cufe = super::build_cufe()?;
    let time_tool = Path::new("/usr/bin/time");
    println!(
        "{} ({:.1} MB), {runs} alternating runs each, whole process, host unit + module id",
        ii.display(),
        std::fs::metadata(&ii)?.len() as f64 / 1e6
    );
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let (mut ours_rss, mut theirs_rss) = (Vec::new(), Vec::new());
    for _ in 0..runs.max(1) {
        for (tool, times, rss) in [
            (Tool::Cufe(&cufe), &mut ours, &mut ours_rss),
            (
                Tool::Cudafe(&tc.bin("cudafe++")),
                &mut theirs,
                &mut theirs_rss,
            ),
        ] {
            let scratch = project_root().join(format!("target/bench-scratch/{}", tool.label()));
            std::fs::create_dir_all(&scratch)?;
            let options = toolchain::cudafe_host_options(&program, &flags, &scratch);
            let (elapsed, kib) = run_once(tool, &options, &ii, time_tool)?;
            times.push(elapsed);
            rss.extend(kib);
            let unit = scratch.join("x.cudafe1.cpp");
            if !unit.exists() {
                bail!("{} wrote no host unit ({})", tool.label(), unit.display());
            }
        }
    }
    let (ours, theirs) = (Summary::of(ours), Summary::of(theirs));
    println!(
        "cufe cudafe   best {:>7.0} ms  median {:>7.0} ms",
        ms(ours.best),
        ms(ours.median)
    );
    println!(
        "cudafe++      best {:>7.0} ms  median {:>7.0} ms",
        ms(theirs.best),
        ms(theirs.median)
    );
    println!(
        "ratio (cudafe++ / cufe) best {:.2}x  median {:.2}x",
        theirs.best.as_secs_f64() / ours.best.as_secs_f64().max(1e-9),
        theirs.median.as_secs_f64() / ours.median.as_secs_f64().max(1e-9)
    );
    if let (Some(o), Some(t)) = (ours_rss.iter().max(), theirs_rss.iter().max()) {
        println!(
            "peak RSS      cufe {:.0} MiB, cudafe++ {:.0} MiB (cufe / cudafe++ {:.2})",
            *o as f64 / 1024.0,
            *t as f64 / 1024.0,
            *o as f64 / *t as f64
        );
    } else {
        println!("peak RSS      not measured (GNU time is not installed: apt-get install time)");
    }
    Ok(())
}

#[derive(Clone, Copy)]
enum Tool<'a> {
    Cufe(&'a Path),
    Cudafe(&'a Path),
}

impl Tool<'_> {
    fn label(self) -> &'static str {
        match self {
            Tool::Cufe(_) => "cufe",
            Tool::Cudafe(_) => "cudafe++",
        }
    }
}

/// One run from spawn to exit, with the peak RSS in KiB when GNU time measures it.
fn run_once(
    tool: Tool<'_>,
    options: &[String],
    ii: &Path,
    time_tool: &Path,
) -> anyhow::Result<(Duration, Option<u64>)> {
    let rss_file = std::env::temp_dir().join(format!("cufe-bench-rss-{}", std::process::id()));
    let mut cmd = if time_tool.exists() {
        let mut cmd = Command::new(time_tool);
        cmd.args(["-f", "%M", "-o"]).arg(&rss_file);
        cmd
    } else {
        Command::new("env")
    };
    match tool {
        Tool::Cufe(exe) => cmd.arg(exe).arg("cudafe"),
        Tool::Cudafe(exe) => cmd.arg(exe),
    };
    cmd.args(options)
        .arg(ii)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let start = Instant::now();
    let status = cmd.status().context("running the front end")?;
    let elapsed = start.elapsed();
    if !status.success() {
        bail!("{} exited with {status}", tool.label());
    }
    let kib = std::fs::read_to_string(&rss_file)
        .ok()
        .and_then(|s| s.lines().last().and_then(|l| l.trim().parse().ok()));
    let _ = std::fs::remove_file(&rss_file);
    Ok((elapsed, kib))
}
