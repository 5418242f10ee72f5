//! `cargo xtask diff-checks`: `cufe check` against `nvcc -c` on the check suite
//! (test_data/checks: each program with each of its variants), reporting the rate of identical
//! visible output (normalized stderr+stdout and exit status), the diagnostics cufe prints that
//! nvcc does not (false errors among them) and crashes.
//!
//! - default: against the recorded references (`NAME.nvcc`);
//! - `--live`: against nvcc run now;
//! - `--record`: runs nvcc and rewrites the references (then compares);
//! - `--clean`: test_data/cu, ../shared/corpus and test_data/external instead (programs nvcc
//!   accepts): every
//!   diagnostic cufe prints that nvcc does not is reported; with `--record` nvcc's outputs are
//!   written to test_data/checks/clean/*.nvcc for the tests.
//!
//! `cufe` is `target/debug/cufe` (build it first: `cl build -p cufe`) or `$CUFE`.
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use anyhow::{Context, bail};
use check::reference::{self, Run};

use crate::project_root;

#[derive(clap::Args)]
pub struct Args {
    /// Run nvcc and rewrite the reference extracts.
    #[arg(long)]
    record: bool,
    /// Compare with nvcc run now instead of the references.
    #[arg(long)]
    live: bool,
    /// The programs nvcc accepts (test_data/cu, ../shared/corpus, test_data/external) instead
    /// of the suite.
    #[arg(long)]
    clean: bool,
    /// Normalize the recorded references again (after a change of `normalize`) and stop.
    #[arg(long)]
    renormalize: bool,
    /// Print each differing case/variant's two outputs.
    #[arg(long)]
    verbose: bool,
    /// Only programs whose name contains this string.
    filter: Option<String>,
}

struct Case {
    /// Directory the tools run in, and the file name given to them.
    dir: PathBuf,
    file: String,
    flags: Vec<String>,
    variant: String,
    recorded: Option<Run>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let nvcc = toolchain::Toolchain::locate(None)?.bin("nvcc");
    let cufe = std::env::var_os("CUFE")
        .map(PathBuf::from)
        .unwrap_or_else(|| project_root().join("target/debug/cufe"));
    if !cufe.is_file() {
        bail!("{}: build cufe first (cl build -p cufe)", cufe.display());
    }
    if args.renormalize {
        for entry in std::fs::read_dir(suite_dir())? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "nvcc") {
                let runs: Vec<Run> = reference::parse_runs(&std::fs::read_to_string(&path)?)
                    .into_iter()
                    .map(|mut r| {
                        r.output = reference::normalize(&r.output, "/nonexistent");
                        r
                    })
                    .collect();
                std::fs::write(&path, reference::format_runs(&runs))?;
            }
        }
        return Ok(());
    }
    let cases = if args.clean {
        clean_cases(&args)?
    } else {
        suite_cases(&args)?
    };
    let results: Mutex<Vec<(usize, Run, Run)>> = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some(case) = cases.get(i) else { break };
                    let theirs = match (&case.recorded, args.record || args.live) {
                        (Some(r), false) => r.clone(),
                        _ => run_tool(&nvcc, &[], case),
                    };
                    let ours = run_tool(&cufe, &["check"], case);
                    results.lock().unwrap().push((i, theirs, ours));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _, _)| *i);
    if args.record {
        record(&args, &cases, &results)?;
    }
    let (mut same, mut false_errors, mut extra, mut crashes) = (0, 0, 0, 0);
    for (i, theirs, ours) in &results {
        let case = &cases[*i];
        let identical = theirs.exit == ours.exit && theirs.output == ours.output;
        let extras = reference::extra_diagnostics(&ours.output, &theirs.output);
        let crashed = !matches!(ours.exit, 0..=2) || ours.output.contains("panicked at");
        same += usize::from(identical);
        extra += extras.len();
        false_errors += extras
            .iter()
            .filter(|l| reference::is_error_line(l))
            .count();
        crashes += usize::from(crashed);
        let name = format!("{} [{}]", case.file, case.variant);
        if crashed {
            println!("CRASH    {name}");
        } else if !extras.is_empty() {
            println!("EXTRA    {name}: {}", extras.join(" | "));
        } else if !identical {
            println!("DIFF     {name}");
        }
        if !identical && args.verbose {
            println!(
                "--- nvcc (exit {})\n{}--- cufe (exit {})\n{}",
                theirs.exit, theirs.output, ours.exit, ours.output
            );
        }
    }
    let total = results.len();
    println!(
        "{same} of {total} case/variants identical ({:.1}%); {extra} diagnostics nvcc does not \
         print, {false_errors} of them errors; {crashes} crashes",
        100.0 * same as f64 / total.max(1) as f64
    );
    Ok(())
}

fn run_tool(tool: &Path, sub: &[&str], case: &Case) -> Run {
    let object = std::env::temp_dir().join(format!(
        "diff-checks-{}-{}.o",
        std::process::id(),
        case.file.replace('/', "_")
    ));
    let out = Command::new(tool)
        .args(sub)
        .arg("-c")
        .args(reference::BASE_FLAGS)
        .args(&case.flags)
        .arg(&case.file)
        .arg("-o")
        .arg(&object)
        .current_dir(&case.dir)
        .output();
    let _ = std::fs::remove_file(&object);
    match out {
        Ok(out) => {
            let text = String::from_utf8_lossy(&[out.stdout, out.stderr].concat()).into_owned();
            Run {
                variant: case.variant.clone(),
                exit: out.status.code().unwrap_or(-1),
                output: reference::normalize(&text, &case.dir.display().to_string()),
            }
        }
        Err(err) => Run {
            variant: case.variant.clone(),
            exit: -1,
            output: format!("could not run {}: {err}\n", tool.display()),
        },
    }
}

fn suite_dir() -> PathBuf {
    project_root().join("test_data/checks")
}

fn suite_cases(args: &Args) -> anyhow::Result<Vec<Case>> {
    let dir = suite_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.strip_suffix(".cu").map(String::from)
        })
        .filter(|n| args.filter.as_ref().is_none_or(|f| n.contains(f.as_str())))
        .collect();
    names.sort();
    let mut cases = Vec::new();
    for name in names {
        let source = std::fs::read_to_string(dir.join(format!("{name}.cu")))?;
        let recorded = std::fs::read_to_string(dir.join(format!("{name}.nvcc")))
            .map(|t| reference::parse_runs(&t))
            .unwrap_or_default();
        for variant in reference::variants(&source) {
            cases.push(Case {
                dir: dir.clone(),
                file: format!("{name}.cu"),
                flags: reference::variant_flags(&variant),
                recorded: recorded.iter().find(|r| r.variant == variant).cloned(),
                variant,
            });
        }
    }
    Ok(cases)
}

/// test_data/cu (flags from `// nvcc-flags:`) and the CCCL examples (README's flags); the
/// variant names the program's path relative to its root.
fn clean_cases(args: &Args) -> anyhow::Result<Vec<Case>> {
    let mut cases = Vec::new();
    let mut add = |set: &str, root: &Path, programs: Vec<(PathBuf, Vec<String>)>| {
        let recorded = std::fs::read_to_string(suite_dir().join(format!("clean/{set}.nvcc")))
            .map(|t| reference::parse_runs(&t))
            .unwrap_or_default();
        for (path, flags) in programs {
            let rel = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            if args
                .filter
                .as_ref()
                .is_some_and(|f| !rel.contains(f.as_str()))
            {
                continue;
            }
            let variant = format!("{set}:{rel}");
            cases.push(Case {
                dir: path.parent().unwrap().to_path_buf(),
                file: path.file_name().unwrap().to_string_lossy().into_owned(),
                flags,
                recorded: recorded.iter().find(|r| r.variant == variant).cloned(),
                variant,
            });
        }
    };
    add(
        "test_data",
        &project_root().join("test_data/cu"),
        crate::diff_nvcc::test_data_programs()?,
    );
    let corpus_root = project_root().join("../shared/corpus/cccl-3.0.3");
    if corpus_root.is_dir() {
        add("corpus", &corpus_root, crate::diff_nvcc::corpus_programs()?);
    } else {
        println!("note: ../shared/corpus absent; only test_data/cu");
    }
    let external = project_root().join("test_data/external");
    for (root, programs) in external_programs(&external)? {
        add("external", &root, programs);
    }
    Ok(cases)
}

/// Programs with their nvcc options.
type Programs = Vec<(PathBuf, Vec<String>)>;

/// test_data/external/*/: third-party programs nvcc accepts, each listed in `programs.txt`
/// relative to the git-ignored `src/` (see their README); all built without options. The
/// variant is `external:OWNER-REPO/PATH`, so `root` is test_data/external and the paths
/// include `src/`.
pub(crate) fn external_programs(external: &Path) -> anyhow::Result<Vec<(PathBuf, Programs)>> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(external) else {
        return Ok(out);
    };
    let mut dirs: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    dirs.sort();
    for dir in dirs {
        let Ok(list) = std::fs::read_to_string(dir.join("programs.txt")) else {
            continue;
        };
        if !dir.join("src").is_dir() {
            println!(
                "note: {}/src absent (see its README); skipped",
                dir.display()
            );
            continue;
        }
        let programs = list
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| (dir.join("src").join(l), Vec::new()))
            .collect();
        out.push((external.to_path_buf(), programs));
    }
    Ok(out)
}

fn record(args: &Args, cases: &[Case], results: &[(usize, Run, Run)]) -> anyhow::Result<()> {
    use std::collections::BTreeMap;
    let mut files: BTreeMap<PathBuf, Vec<Run>> = BTreeMap::new();
    for (i, theirs, _) in results {
        let case = &cases[*i];
        let path = if args.clean {
            let set = case.variant.split(':').next().unwrap_or("clean");
            suite_dir().join(format!("clean/{set}.nvcc"))
        } else {
            suite_dir().join(case.file.replace(".cu", ".nvcc"))
        };
        files.entry(path).or_default().push(theirs.clone());
    }
    for (path, runs) in files {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, reference::format_runs(&runs))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}
