//! `cargo xtask layout-check`: the layout engine of `il` against g++.
//!
//! Generates classes (`il::layout::generate`), states our computed `sizeof`, `alignof` and
//! `offsetof` as `static_assert`s, and compiles them with `g++ -fsyntax-only -std=c++17`. Every
//! class whose assertion g++ rejects is a disagreement; the report counts them. Also checks
//! CUDA's vector types (`int2`, `double4_32a`, ...) against the toolchain's `vector_types.h`.
//!
//! `--bless` rewrites `crates/il/test_data/layout_generated.txt`, the snapshot `cargo test -p il`
//! replays without g++: the layouts of the fixed seeds' classes that g++ confirmed (the others
//! are left out, so the file only ever holds g++'s answers).
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, bail};
use il::layout::generate::{self, Case, FIXED_SEEDS, PRELUDE};

use crate::project_root;

#[derive(clap::Args)]
pub struct Args {
    /// How many seeds to check (starting at 0; the first FIXED_SEEDS are the committed set).
    #[arg(long, default_value_t = 3000)]
    seeds: u64,
    /// Rewrite the committed snapshot of the fixed seeds' classes that g++ confirms.
    #[arg(long)]
    bless: bool,
    /// Print the g++ messages of the failing classes.
    #[arg(long)]
    verbose: bool,
    /// Only print one case's source and our layouts (for investigating a difference).
    #[arg(long)]
    show: Option<u64>,
}

/// Classes per g++ invocation: big enough to amortize start-up, small enough to read errors.
const BATCH: u64 = 250;

pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(seed) = args.show {
        let case = generate::generate_case(seed);
        print!(
            "{}{}{}",
            case.source,
            generate::assertions(&case),
            generate::summary(&case)
        );
        return Ok(());
    }
    let seeds = args.seeds.max(if args.bless { FIXED_SEEDS } else { 0 });
    let dir = tempfile_dir()?;
    let (mut classes, mut failed) = (0usize, BTreeSet::new());
    let mut start = 0;
    while start < seeds {
        let cases: Vec<Case> = (start..(start + BATCH).min(seeds))
            .map(generate::generate_case)
            .collect();
        classes += cases.iter().map(|c| c.records.len()).sum::<usize>();
        let mut source = PRELUDE.to_string();
        for case in &cases {
            source.push_str(&case.source);
            source.push_str(&generate::assertions(case));
        }
        let stderr = gxx_syntax_only(&dir.join(format!("batch{start}.cpp")), &source, &[])?;
        for line in stderr.lines() {
            if let Some(name) = failed_class(line) {
                if args.verbose {
                    println!("{line}");
                }
                failed.insert(name);
            }
        }
        start += BATCH;
    }
    println!(
        "layout-check: {} of {classes} generated classes agree with g++ ({} differ), seeds 0..{seeds}",
        classes - failed.len(),
        failed.len()
    );
    for name in failed.iter().take(20) {
        println!("  differs: {name}");
    }

    let (vector_total, vector_failed) = check_cuda_vector_types(&dir)?;
    println!(
        "layout-check: {} of {vector_total} CUDA vector types agree with vector_types.h under g++",
        vector_total - vector_failed
    );

    if args.bless {
        // Only classes g++ confirmed go into the snapshot.
        let mut snapshot = String::new();
        for seed in 0..FIXED_SEEDS {
            let case = generate::generate_case(seed);
            for (record, line) in case.records.iter().zip(generate::summary_lines(&case)) {
                if !failed.contains(&format!("{}::{}", case.name, record.name)) {
                    snapshot.push_str(&line);
                }
            }
        }
        let path = project_root().join("crates/il/test_data/layout_generated.txt");
        std::fs::write(&path, snapshot).with_context(|| format!("writing {}", path.display()))?;
        println!("wrote {}", path.display());
        return Ok(());
    }
    if !failed.is_empty() || vector_failed != 0 {
        bail!("layout differences found");
    }
    Ok(())
}

/// `static_assert` messages are `layout of cN::RM`; g++ quotes them in its error lines.
fn failed_class(line: &str) -> Option<String> {
    let rest = line.split("layout of ").nth(1)?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == ':')
        .collect();
    if name.is_empty() { None } else { Some(name) }
}

fn check_cuda_vector_types(dir: &Path) -> anyhow::Result<(usize, usize)> {
    let Some(tc) = toolchain::Toolchain::installed() else {
        println!("layout-check: NVIDIA toolchain not installed, CUDA vector types not checked");
        return Ok((0, 0));
    };
    let include = tc.include_dir();
    let names = il::ty::cuda_vector_type_names();
    let mut source = String::from("#include <vector_types.h>\n");
    for name in &names {
        let sa = il::ty::cuda_vector_type(name)
            .expect("the table names only known types")
            .size_align();
        writeln!(
            source,
            "static_assert(sizeof({name}) == {} && alignof({name}) == {}, \"layout of {name}\");",
            sa.size, sa.align
        )?;
    }
    let stderr = gxx_syntax_only(
        &dir.join("vector_types.cpp"),
        &source,
        &["-I".as_ref(), include.as_os_str()],
    )?;
    let failed: BTreeSet<String> = stderr.lines().filter_map(failed_class).collect();
    for name in &failed {
        println!("  differs: {name}");
    }
    Ok((names.len(), failed.len()))
}

fn gxx_syntax_only(
    path: &Path,
    source: &str,
    extra: &[&std::ffi::OsStr],
) -> anyhow::Result<String> {
    std::fs::write(path, source)?;
    let output = Command::new("g++")
        .args([
            "-fsyntax-only",
            "-x",
            "c++",
            "-std=c++17",
            "-w",
            "-fmax-errors=0",
        ])
        .args(extra)
        .arg(path)
        .output()
        .context("running g++ (is it installed?)")?;
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let unexpected = stderr
        .lines()
        .any(|l| l.contains("error:") && !l.contains("static assertion failed"));
    if unexpected || (!output.status.success() && !stderr.contains("static assertion failed")) {
        bail!(
            "g++ rejected generated code that should compile ({}):\n{stderr}",
            path.display()
        );
    }
    Ok(stderr)
}

fn tempfile_dir() -> anyhow::Result<std::path::PathBuf> {
    let dir = project_root().join("target/layout-check");
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
