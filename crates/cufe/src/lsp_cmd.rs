//! `cufe lsp [--cuda-path DIR] [-- NVCC_OPTIONS]`: the language server on stdin/stdout (the
//! `lsp` crate), showing nvcc's verdict on each open document while it is edited.
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Toolchain root holding include/cuda_runtime.h (default: $CUDA_PATH, then the xtask install).
    #[arg(long)]
    cuda_path: Option<PathBuf>,
    /// nvcc options for every document (`-arch=sm_90 -Iinclude -std=c++20`), after `--`.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    nvcc_args: Vec<String>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let toolchain = toolchain::Toolchain::locate(args.cuda_path.as_deref())?;
    let (connection, io_threads) = lsp_server::Connection::stdio();
    lsp::run(
        &connection,
        lsp::Config {
            cuda_root: toolchain.root().to_path_buf(),
            nvcc_args: args.nvcc_args,
        },
    )?;
    drop(connection);
    io_threads.join()?;
    Ok(ExitCode::SUCCESS)
}
