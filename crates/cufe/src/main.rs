//! The `cufe` command line. Each subcommand lives in its own module with its own `Args`.
//! Invoked as `cu++filt` (by name or symlink), the binary behaves as `cufe demangle`.
use std::process::ExitCode;

use clap::{Parser, Subcommand};

// mimalloc: the preprocessor and the parser allocate many small short-lived vectors (macro
// arguments, contexts, syntax nodes); glibc's malloc took about 12% of `cufe preprocess`.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod check;
mod cubin_cmd;
mod cudafe;
mod demangle;
mod fs_util;
mod host_compiler;
mod lsp_cmd;
mod nvcc;
mod parse;
mod preprocess;

#[derive(Parser)]
#[command(name = "cufe", version, about = "An incremental CUDA C++ front end")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse preprocessed translation units (.ii) and report syntax errors.
    Parse(parse::Args),
    /// Preprocess a .cu file exactly as nvcc 13.0 does (gcc 12 -E's output), writing the .ii.
    Preprocess(Box<preprocess::Args>),
    /// Demangle Itanium C++ names (c++filt / cu++filt compatible).
    Demangle(demangle::Args),
    /// Read, dump and rewrite cubin ELF files.
    #[command(subcommand)]
    Cubin(cubin_cmd::Command),
    /// cudafe++-compatible mode: accepts the options nvcc passes to cudafe++.
    Cudafe(cudafe::Args),
    /// Run the real nvcc with cufe in cudafe++'s place (same arguments as nvcc).
    Nvcc(nvcc::Args),
    /// Print what `nvcc -c` prints about a file (both passes' diagnostics), as nvcc prints it.
    Check(check::Args),
    /// A language server (stdin/stdout) showing nvcc's verdict on each open document as it is typed.
    Lsp(lsp_cmd::Args),
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("CUFE_LOG"))
        .with_writer(std::io::stderr)
        .init();

    let invoked_as = std::env::args_os().next().and_then(|a| {
        std::path::Path::new(&a)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
    });
    let result = if invoked_as.as_deref() == Some("cu++filt") {
        demangle::run_as_filter()
    } else {
        let cli = Cli::parse_from(preprocess::nvcc_style_args(std::env::args().collect()));
        match cli.command {
            Command::Parse(args) => parse::run(args),
            Command::Preprocess(args) => preprocess::run(*args),
            Command::Demangle(args) => demangle::run(args),
            Command::Cubin(cmd) => cubin_cmd::run(cmd),
            Command::Cudafe(args) => cudafe::run(args),
            Command::Nvcc(args) => nvcc::run(args),
            Command::Check(args) => check::run(args),
            Command::Lsp(args) => lsp_cmd::run(args),
        }
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("cufe: error: {err:#}");
            ExitCode::from(2)
        }
    }
}
