//! `cargo xtask diff-nvcc [--corpus]`: the main job measured on real programs. Each program is
//! compiled with `nvcc -c` twice, as shipped and with cufe in cudafe++'s place (`cufe nvcc`),
//! and the host objects' symbols (`nm`: type and name) and the module id files are compared.
//! Without `--corpus` the programs are test_data/cu (flags from their `// nvcc-flags:` line);
//! with it, the CCCL examples of `../shared/corpus` with the include flags its README gives.
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

use crate::project_root;

#[derive(clap::Args)]
pub struct Args {
    /// The CCCL thrust and cub examples of ../shared/corpus instead of test_data/cu.
    #[arg(long)]
    corpus: bool,
    /// Only programs whose path contains this string.
    #[arg(long)]
    filter: Option<String>,
    /// Also link both objects of each program into executables and bundle them, with a script
    /// that runs and compares them, as target/gpu-run/ (for the device machine: it has a GPU
    /// but no toolchain; `bash target/gpu-run/run.sh` there).
    #[arg(long)]
    link: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let tc = toolchain::install()?;
    let cufe = crate::bench::build_cufe()?;
    let programs = if args.corpus {
        corpus_programs()?
    } else {
        test_data_programs()?
    };
    let work = project_root().join("target/diff-nvcc");
    let bundle = project_root().join("target/gpu-run");
    if args.link {
        let _ = std::fs::remove_dir_all(&bundle);
        std::fs::create_dir_all(bundle.join("bin"))?;
    }
    let (mut total, mut same_symbols, mut same_ids) = (0, 0, 0);
    for (source, flags) in programs {
        if args
            .filter
            .as_ref()
            .is_some_and(|f| !source.to_string_lossy().contains(f.as_str()))
        {
            continue;
        }
        total += 1;
        let name = source.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = work.join(&name);
        let _ = std::fs::remove_dir_all(&dir);
        let theirs = build(&tc.bin("nvcc"), &[], &source, &flags, &dir.join("ref"))?;
        let ours = build(&cufe, &["nvcc"], &source, &flags, &dir.join("cufe"));
        let Ok(ours) = ours else {
            println!("FAIL     {name}: cufe's build failed ({})", dir.display());
            continue;
        };
        let symbols_match =
            toolchain::object_symbols(&ours.0)? == toolchain::object_symbols(&theirs.0)?;
        let ids_match = ours.1 == theirs.1;
        same_symbols += usize::from(symbols_match);
        same_ids += usize::from(ids_match);
        let verdict = match (symbols_match, ids_match) {
            (true, true) => "same",
            (false, true) => "SYMBOLS",
            (true, false) => "MODULEID",
            (false, false) => "BOTH",
        };
        println!("{verdict:<8} {name}");
        if args.link {
            for (side, object) in [("ref", &theirs.0), ("cufe", &ours.0)] {
                let exe = bundle.join(format!("bin/{name}.{side}"));
                if let Err(e) = link(&tc, object, &exe) {
                    println!("         {name}: {side} does not link: {e}");
                }
            }
        }
    }
    if args.link {
        pack_bundle(&bundle)?;
    }
    println!(
        "{same_symbols} of {total} programs with cudafe++'s host object symbols; \
         {same_ids} of {total} byte-identical module ids (run-dependent ids count as different)"
    );
    Ok(())
}

pub(crate) fn test_data_programs() -> anyhow::Result<Vec<(PathBuf, Vec<String>)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(project_root().join("test_data/cu"))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "cu") {
            let text = std::fs::read_to_string(&path)?;
            out.push((path, toolchain::nvcc_flags_line(&text)));
        }
    }
    out.sort();
    Ok(out)
}

pub(crate) fn corpus_programs() -> anyhow::Result<Vec<(PathBuf, Vec<String>)>> {
    let root = project_root().join("../shared/corpus/cccl-3.0.3");
    if !root.is_dir() {
        bail!("{}: the shared corpus is not there", root.display());
    }
    let mut out = Vec::new();
    let mut stack = vec![root.join("thrust/examples"), root.join("cub/examples")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "cu") {
                let mut flags: Vec<String> = if path.starts_with(root.join("cub")) {
                    vec![
                        format!("-I{}", root.join("c2h/include").display()),
                        format!("-I{}", root.join("cub/test").display()),
                    ]
                } else {
                    vec![format!(
                        "-I{}",
                        root.join("thrust/examples/include").display()
                    )]
                };
                flags.push(format!("-I{}", path.parent().unwrap().display()));
                out.push((path, flags));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// `nvcc -keep -c`: the object and the module id file.
fn build(
    nvcc: &Path,
    extra: &[&str],
    source: &Path,
    flags: &[String],
    dir: &Path,
) -> anyhow::Result<(PathBuf, Option<String>)> {
    std::fs::create_dir_all(dir)?;
    let name = source.file_stem().unwrap().to_string_lossy().into_owned();
    let object = dir.join(format!("{name}.o"));
    let out = Command::new(nvcc)
        .args(extra)
        .args(["-keep", "-c"])
        .args(flags)
        .arg(source)
        .arg("-o")
        .arg(&object)
        .current_dir(dir)
        .output()
        .with_context(|| format!("running {}", nvcc.display()))?;
    std::fs::write(dir.join("log"), [out.stdout, out.stderr].concat())?;
    if !out.status.success() {
        bail!(
            "{}: nvcc failed (see {})",
            source.display(),
            dir.join("log").display()
        );
    }
    let id = std::fs::read_to_string(dir.join(format!("{name}.module_id"))).ok();
    Ok((object, id))
}

/// Links a host object into an executable with nvcc (static cudart), stripped.
fn link(tc: &toolchain::Toolchain, object: &Path, exe: &Path) -> anyhow::Result<()> {
    let out = Command::new(tc.bin("nvcc"))
        .arg(format!("-L{}", tc.root().join("lib").display()))
        .arg(object)
        .arg("-o")
        .arg(exe)
        .output()?;
    if !out.status.success() {
        bail!("{}", String::from_utf8_lossy(&out.stderr).trim());
    }
    Command::new("strip").arg(exe).status()?;
    Ok(())
}

/// Runs every pair of executables (nvcc's and cufe's build of one program) on the device and
/// compares stdout+stderr and exit status. A program whose output varies from run to run
/// (timings, addresses) is run twice as nvcc built it, so that such a difference is told apart.
const RUN_SCRIPT: &str = r#"#!/bin/bash
set -u
here=$(dirname "$0"); out=${OUT:-/tmp/gpu-run-out}; mkdir -p "$out"
work=$(mktemp -d); tar xJf "$here/bins.tar.xz" -C "$work"
nvidia-smi -L > "$out/gpu.txt" 2>&1
: > "$out/summary.txt"
for f in "$work"/bin/*.ref; do
  n=$(basename "$f" .ref); [ -x "$work/bin/$n.cufe" ] || continue
  for side in ref cufe ref2; do
    exe="$work/bin/$n.${side%2}"
    timeout 60 "$exe" > "$work/$side.out" 2>&1; echo "exit $?" >> "$work/$side.out"
  done
  if cmp -s "$work/ref.out" "$work/cufe.out"; then v=same
  elif cmp -s "$work/ref.out" "$work/ref2.out"; then v=DIFFERENT
  else v=run-dependent; fi
  echo "$v $n $(tail -1 "$work/ref.out") / cufe: $(tail -1 "$work/cufe.out")" >> "$out/summary.txt"
done
awk '{print $1}' "$out/summary.txt" | sort | uniq -c
grep -v '^same' "$out/summary.txt"
"#;

/// Writes target/gpu-run/bins.tar.xz (the executables) and run.sh, and removes the loose copies
/// (the device call carries at most 64 MiB).
fn pack_bundle(bundle: &Path) -> anyhow::Result<()> {
    let status = Command::new("tar")
        .args(["cJf", "bins.tar.xz", "bin"])
        .current_dir(bundle)
        .status()?;
    if !status.success() {
        bail!("tar failed in {}", bundle.display());
    }
    std::fs::remove_dir_all(bundle.join("bin"))?;
    std::fs::write(bundle.join("run.sh"), RUN_SCRIPT)?;
    println!(
        "bundle: {} (run `bash target/gpu-run/run.sh` on a GPU machine, carrying target/gpu-run)",
        bundle.display()
    );
    Ok(())
}
