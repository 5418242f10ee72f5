//! `cargo xtask cubin-corpus`: compiles the cubin test inputs (test_data/cubin/{cu,ptx}) with the
//! installed ptxas 13.0.88 into test_data/generated/cubin (git-ignored).
//!
//! Layout of the output:
//! - `ptx/<stem>[.G|.lineinfo].ptx`: nvcc's PTX of each .cu (plus `-G` and `-lineinfo` variants);
//! - `<stem>.<sm>.<exec|rel>.cubin`: every PTX (the `-G`/`-lineinfo` ones included) for every
//!   target ptxas accepts, whole-program and `-c`;
//!   `<stem>.<sm>.ewp.cubin`: `-ewp` output for one target per family;
//! - `split/<multi>/<kernel>.<sm>.cubin`: each kernel of a `multi_*.ptx` compiled alone, plus
//!   `split/<multi>/renamed.<sm>.cubin` and `split/<multi>/reparam.<sm>.cubin`, the whole file with
//!   its first kernel renamed / given one more parameter (the builder tests' references), and
//!   `split/<multi>/<name>.sm_90.rel.cubin`, the same with `-c`;
//! - `toolchain_bin`: the directory of ptxas, cuobjdump and nvdisasm, for the tests;
//! - `xindex/xindex.ptx` and `.cubin` with `--xindex`: 22,000 kernels, more than 65,280 sections.
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, bail};

/// Every real architecture ptxas 13.0.88 accepts (`ptxas --help`, `--gpu-name`); `run` checks
/// the installed ptxas against this list, so a target cannot be left out unnoticed.
pub const TARGETS: [&str; 23] = [
    "sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a",
    "sm_100f", "sm_103", "sm_103a", "sm_103f", "sm_110", "sm_110a", "sm_110f", "sm_120", "sm_120a",
    "sm_120f", "sm_121", "sm_121a", "sm_121f",
];
/// Targets for `-ewp` and the split kernels (one per layout family).
const FAMILY_TARGETS: [&str; 3] = ["sm_75", "sm_90", "sm_100"];
/// Kernels in the XINDEX file: 3 sections each gives 66,013 sections in all.
const XINDEX_KERNELS: usize = 22_000;

#[derive(clap::Args)]
pub struct Args {
    /// Also generate the >65,280-section file (ptxas takes about 2.5 minutes).
    #[arg(long)]
    xindex: bool,
}

struct Job {
    args: Vec<String>,
    input: PathBuf,
    output: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let tc = toolchain::Toolchain::installed()
        .context("the NVIDIA toolchain is not installed (run `cargo xtask nvidia-toolchain`)")?;
    let root = crate::project_root();
    let inputs = root.join("test_data/cubin");
    let out = root.join("test_data/generated/cubin");
    std::fs::create_dir_all(out.join("ptx"))?;
    let started = std::time::Instant::now();
    check_targets(&tc.bin("ptxas"))?;

    // 1. nvcc -ptx for every .cu, with -G and -lineinfo variants.
    let mut ptx_files = sorted_files(&inputs.join("ptx"), "ptx")?;
    let mut debug_ptx = Vec::new();
    for cu in sorted_files(&inputs.join("cu"), "cu")? {
        let stem = stem(&cu);
        for (suffix, flag) in [
            ("", None),
            (".G", Some("-G")),
            (".lineinfo", Some("-lineinfo")),
        ] {
            let ptx = out.join("ptx").join(format!("{stem}{suffix}.ptx"));
            // Compiled in its own directory under its bare name, and with the absolute path
            // that -G/-lineinfo write into `.file` made relative, so the cubins (and the
            // committed dumps of them) do not depend on where the checkout lives.
            let cu_dir = cu.parent().unwrap();
            let cu_name = cu.file_name().unwrap();
            let mut cmd = Command::new(tc.bin("nvcc"));
            cmd.args(["-ptx", "-arch=compute_75", "-o"])
                .arg(&ptx)
                .arg(cu_name)
                .current_dir(cu_dir);
            cmd.args(flag);
            run_tool(&mut cmd).with_context(|| format!("nvcc -ptx {}", cu.display()))?;
            let text = std::fs::read_to_string(&ptx)?;
            let absolute = format!("\"{}/", cu_dir.display());
            if text.contains(&absolute) {
                std::fs::write(&ptx, text.replace(&absolute, "\""))?;
            }
            if flag.is_some() {
                debug_ptx.push((ptx, flag))
            } else {
                ptx_files.push(ptx)
            }
        }
    }

    // 2. ptxas jobs.
    let mut jobs = Vec::new();
    for ptx in &ptx_files {
        for sm in TARGETS {
            for (mode, extra) in [("exec", None), ("rel", Some("-c"))] {
                let output = out.join(format!("{}.{sm}.{mode}.cubin", stem(ptx)));
                let mut args = vec![format!("-arch={sm}")];
                args.extend(extra.map(String::from));
                jobs.push(Job {
                    args,
                    input: ptx.clone(),
                    output,
                });
            }
        }
    }
    for ptx in &ptx_files {
        for sm in FAMILY_TARGETS {
            let output = out.join(format!("{}.{sm}.ewp.cubin", stem(ptx)));
            jobs.push(Job {
                args: vec![format!("-arch={sm}"), "-ewp".into()],
                input: ptx.clone(),
                output,
            });
        }
    }
    for (ptx, flag) in &debug_ptx {
        for sm in TARGETS {
            for (mode, extra) in [("exec", None), ("rel", Some("-c"))] {
                let output = out.join(format!("{}.{sm}.{mode}.cubin", stem(ptx)));
                let mut args = vec![format!("-arch={sm}")];
                args.extend(extra.map(String::from));
                if *flag == Some("-lineinfo") {
                    args.push("-lineinfo".into());
                }
                jobs.push(Job {
                    args,
                    input: ptx.clone(),
                    output,
                });
            }
        }
    }
    // 3. The builder test's references: each kernel of a multi-kernel file alone, and edits.
    for multi in sorted_files(&inputs.join("ptx"), "ptx")?
        .into_iter()
        .filter(|p| stem(p).starts_with("multi_"))
    {
        let dir = out.join("split").join(stem(&multi));
        std::fs::create_dir_all(&dir)?;
        let text = std::fs::read_to_string(&multi)?;
        let (head, kernels) = split_entries(&text);
        let mut variants: Vec<(String, String)> = kernels
            .iter()
            .map(|(name, body)| (name.clone(), format!("{head}{body}")))
            .collect();
        if let Some((first, _)) = kernels.first() {
            variants.push((
                "renamed".into(),
                text.replace(first.as_str(), &format!("{first}_renamed")),
            ));
            // One more (unused) parameter at the end, so the other offsets and the code stay.
            let entry = text.find(&format!(".entry {first}(")).unwrap_or(0);
            let close = entry + text[entry..].find("\n)").unwrap_or(0);
            let reparam = format!(
                "{},\n    .param .u32 {first}_extra{}",
                &text[..close],
                &text[close..]
            );
            variants.push(("reparam".into(), reparam));
        }
        for (name, src) in variants {
            let ptx = dir.join(format!("{name}.ptx"));
            std::fs::write(&ptx, src)?;
            for sm in FAMILY_TARGETS {
                jobs.push(Job {
                    args: vec![format!("-arch={sm}")],
                    input: ptx.clone(),
                    output: dir.join(format!("{name}.{sm}.cubin")),
                });
            }
            // `-c` references for the builder's relocatable output (family H).
            jobs.push(Job {
                args: vec!["-arch=sm_90".into(), "-c".into()],
                input: ptx.clone(),
                output: dir.join(format!("{name}.sm_90.rel.cubin")),
            });
        }
    }
    if args.xindex {
        let dir = out.join("xindex");
        std::fs::create_dir_all(&dir)?;
        let ptx = dir.join("xindex.ptx");
        std::fs::write(&ptx, xindex_ptx(XINDEX_KERNELS))?;
        jobs.push(Job {
            args: vec!["-arch=sm_90".into()],
            input: ptx,
            output: dir.join("xindex.sm_90.exec.cubin"),
        });
    }

    // Tests that run cuobjdump/nvdisasm on builder output find them through this file.
    std::fs::write(
        out.join("toolchain_bin"),
        tc.bin("ptxas")
            .parent()
            .unwrap_or(Path::new(""))
            .to_string_lossy()
            .as_bytes(),
    )?;
    let failures = run_parallel(&tc.bin("ptxas"), &jobs);
    let ok = jobs.len() - failures.len();
    for f in &failures {
        eprintln!("ptxas failed: {f}");
    }
    println!(
        "cubin corpus: {ok} of {} ptxas runs succeeded into {} in {:.1}s",
        jobs.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    if ok == 0 {
        bail!("no cubin was produced");
    }
    Ok(())
}

/// Fails unless [`TARGETS`] is exactly the set of `sm_*` names `ptxas --help` lists.
fn check_targets(ptxas: &Path) -> anyhow::Result<()> {
    let out = Command::new(ptxas)
        .arg("--help")
        .output()
        .context("running ptxas --help")?;
    let listed = gpu_names(&String::from_utf8_lossy(&out.stdout));
    let mut ours: Vec<String> = TARGETS.iter().map(|s| s.to_string()).collect();
    ours.sort();
    if listed != ours {
        bail!("ptxas --help lists the targets {listed:?}, the corpus compiles for {ours:?}");
    }
    Ok(())
}

/// The real (`sm_*`) architectures among `--gpu-name`'s allowed values in `ptxas --help`, sorted.
pub fn gpu_names(help: &str) -> Vec<String> {
    let mut names: Vec<String> = help
        .split('\'')
        .filter(|w| {
            w.strip_prefix("sm_").is_some_and(|v| {
                let digits = v.bytes().take_while(u8::is_ascii_digit).count();
                digits >= 2
                    && v[digits..].bytes().all(|b| b.is_ascii_lowercase())
                    && v.len() <= digits + 1
            })
        })
        .map(String::from)
        .collect();
    names.sort();
    names.dedup();
    names
}

fn run_parallel(ptxas: &Path, jobs: &[Job]) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let mut cmd = Command::new(ptxas);
                    cmd.args(&job.args)
                        .arg(&job.input)
                        .arg("-o")
                        .arg(&job.output);
                    if let Err(e) = run_tool(&mut cmd) {
                        failures.lock().unwrap().push(format!(
                            "{} {:?}: {e:#}",
                            job.input.display(),
                            job.args
                        ));
                    }
                }
            });
        }
    });
    let mut res = failures.into_inner().unwrap();
    res.sort();
    res
}

fn run_tool(cmd: &mut Command) -> anyhow::Result<()> {
    let out = cmd
        .output()
        .with_context(|| format!("running {:?}", cmd.get_program()))?;
    if !out.status.success() {
        bail!(
            "{}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .take(3)
                .collect::<Vec<_>>()
                .join(" | ")
        );
    }
    Ok(())
}

fn sorted_files(dir: &Path, ext: &str) -> anyhow::Result<Vec<PathBuf>> {
    let mut res: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    res.retain(|p| p.extension().is_some_and(|e| e == ext));
    res.sort();
    Ok(res)
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// Splits PTX into its header (everything before the first entry) and `(name, text)` per entry.
fn split_entries(text: &str) -> (String, Vec<(String, String)>) {
    const ENTRY: &str = ".visible .entry ";
    let mut starts: Vec<usize> = text.match_indices(ENTRY).map(|(i, _)| i).collect();
    let head = text[..starts.first().copied().unwrap_or(text.len())].to_string();
    starts.push(text.len());
    let kernels = starts
        .windows(2)
        .map(|w| {
            let body = &text[w[0]..w[1]];
            let name = body[ENTRY.len()..]
                .split(['(', ' ', '\n'])
                .next()
                .unwrap_or_default()
                .to_string();
            (name, body.to_string())
        })
        .collect();
    (head, kernels)
}

fn xindex_ptx(kernels: usize) -> String {
    let mut s = String::from(".version 9.0\n.target sm_75\n.address_size 64\n\n");
    for i in 0..kernels {
        s.push_str(&format!(".visible .entry x{i}()\n{{\n    ret;\n}}\n"));
    }
    s
}
