//! Developer automation: `cargo xtask <task>`. Each task lives in its own module.
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

mod bench;
mod ci;
mod corpus;
mod cubin_corpus;
mod diff_checks;
mod diff_il;
mod diff_nvcc;
mod diff_preprocess;
mod diff_xref;
mod import_cycles;
mod layout_check;
mod mangle_expect;
mod predefined;

#[derive(Parser)]
#[command(name = "xtask")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Install the pinned NVIDIA 13.0.88 toolchain from PyPI wheels and print its root.
    NvidiaToolchain,
    /// Write the preprocessed parser corpus into test_data/generated/corpus (git-ignored).
    Corpus(corpus::Args),
    /// Compile test_data/cubin with ptxas for every target into test_data/generated/cubin.
    CubinCorpus(cubin_corpus::Args),
    /// Measure parse throughput against cudafe++ and gcc (`cargo xtask bench parse`).
    Bench(bench::Args),
    /// Compile the mangler's declaration corpus with g++ and write test_data/mangle/gxx_expect.tsv.
    MangleExpect,
    /// What CI runs: install the toolchain, generate the corpora, run every test.
    Test,
    /// Check il's class layout engine against g++ with generated static_asserts.
    LayoutCheck(layout_check::Args),
    /// Compare cufe's `--il_display` with cudafe++'s on test_data (`--write-expected` rewrites
    /// test_data/il_display).
    DiffIl(diff_il::Args),
    /// Compare cufe's `--xref` log with cudafe++'s on test_data: D/d match rates, own file and
    /// whole translation unit.
    DiffXref(diff_xref::Args),
    /// Regenerate crates/preprocessor/data (g++'s predefined macros and __has_* answers).
    Predefined,
    /// Compare cufe's preprocessor with gcc -E (nvcc's host and device flags) on every unit:
    /// byte-identical and token-identical rates.
    DiffPreprocess(diff_preprocess::Args),
    /// The main job measured: nvcc with and without cufe in cudafe++'s place on test_data (or
    /// `--corpus`: ../shared/corpus), host object symbols and module ids compared.
    DiffNvcc(diff_nvcc::Args),
    /// `cufe check` against `nvcc -c` on the check suite (test_data/checks): identical visible
    /// output rate, diagnostics nvcc does not print, crashes (`--record`, `--live`, `--clean`).
    DiffChecks(diff_checks::Args),
    /// The main job on a bundled example: build test_data/cu/demo_saxpy.cu with `cufe nvcc`.
    Demo,
    /// The import graph between each crate's top-level modules, and its cycles.
    ImportCycles(import_cycles::Args),
}

/// Tasks that generate git-ignored corpora, run by `cargo xtask test` before the tests.
pub const CORPUS_TASKS: &[&str] = &["cubin-corpus"];

fn main() -> anyhow::Result<()> {
    match Cli::parse().task {
        Task::NvidiaToolchain => {
            let tc = toolchain::install()?;
            println!("{}", tc.root().display());
            Ok(())
        }
        Task::Corpus(args) => corpus::run(args),
        Task::CubinCorpus(args) => cubin_corpus::run(args),
        Task::Bench(args) => bench::run(args),
        Task::MangleExpect => mangle_expect::run(),
        Task::Test => ci::test(),
        Task::Demo => ci::demo(),
        Task::ImportCycles(args) => import_cycles::run(args),
        Task::LayoutCheck(args) => layout_check::run(args),
        Task::DiffIl(args) => diff_il::run(args),
        Task::DiffXref(args) => diff_xref::run(args),
        Task::DiffNvcc(args) => diff_nvcc::run(args),
        Task::DiffChecks(args) => diff_checks::run(args),
        Task::DiffPreprocess(args) => diff_preprocess::run(args),
        Task::Predefined => predefined::run(),
    }
}

/// The repository root: the current directory when it is a checkout of this repository (a
/// worktree that runs another checkout's built xtask then measures and writes its own files,
/// not that checkout's), else the checkout xtask was built in (xtask lives one level below it).
pub fn project_root() -> PathBuf {
    if let Ok(cwd) = std::env::current_dir()
        && cwd.join("xtask/Cargo.toml").is_file()
        && cwd.join("crates").is_dir()
    {
        return cwd;
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}
