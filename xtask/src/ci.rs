//! `cargo xtask test` (what CI runs) and `cargo xtask demo` (the main job on a bundled example).
//!
//! Both start from a bare machine: they install the reference toolchain and generate the
//! git-ignored corpora that the differential tests read, then run the tests.
use std::process::Command;

use anyhow::{Context, bail};

use crate::project_root;

fn run(cmd: &mut Command) -> anyhow::Result<()> {
    eprintln!("$ {cmd:?}");
    let status = cmd
        .current_dir(project_root())
        .status()
        .with_context(|| format!("{cmd:?}"))?;
    if !status.success() {
        bail!("{cmd:?} failed: {status}");
    }
    Ok(())
}

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// The xtask binary itself, for running sibling tasks as separate steps.
fn xtask(task: &str) -> Command {
    let mut cmd = Command::new(std::env::current_exe().expect("current exe"));
    cmd.arg(task);
    cmd
}

pub fn test() -> anyhow::Result<()> {
    let tc = toolchain::install()?;
    eprintln!("reference toolchain: {}", tc.root().display());
    run(&mut xtask("corpus"))?;
    for task in crate::CORPUS_TASKS {
        run(&mut xtask(task))?;
    }
    run(cargo().args(["test", "--workspace", "--no-fail-fast"]))
}

pub fn demo() -> anyhow::Result<()> {
    let tc = toolchain::install()?;
    let root = project_root();
    let input = root.join("test_data/cu/demo_saxpy.cu");
    let out_dir = root.join("test_data/generated/demo");
    std::fs::create_dir_all(&out_dir)?;
    run(cargo().args(["build", "--release", "-p", "cufe"]))?;
    let cufe = root.join("target/release/cufe");
    // The main job: nvcc builds the program with cufe in cudafe++'s place.
    let exe = out_dir.join("demo_saxpy");
    run(Command::new(&cufe)
        .arg("nvcc")
        .arg(&input)
        .arg("-o")
        .arg(&exe)
        .arg(format!("-L{}", tc.root().join("lib").display())))?;
    eprintln!("built {}", exe.display());
    let has_gpu = Command::new("nvidia-smi")
        .arg("-L")
        .output()
        .is_ok_and(|o| o.status.success());
    if has_gpu {
        run(&mut Command::new(&exe))?;
    } else {
        eprintln!("no GPU here (nvidia-smi): the program was built, not run");
    }
    Ok(())
}
