//! `cufe preprocess FILE.cu`: the host preprocessing step of `nvcc -c`, producing the `.ii` that
//! cudafe++ (and cufe) read.
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

#[derive(clap::Args)]
pub struct Args {
    /// The CUDA source file.
    input: PathBuf,
    /// Output file (default: the input with extension `.cpp4.ii`, as nvcc names it).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Toolchain root holding include/cuda_runtime.h (default: $CUDA_PATH, then the xtask install).
    #[arg(long)]
    cuda_path: Option<PathBuf>,
    /// C++ standard, e.g. c++17 or c++20 (default: the host compiler's, as nvcc).
    #[arg(long)]
    std: Option<String>,
    /// Extra -D/-I options passed to the preprocessor.
    #[arg(short = 'D', value_name = "MACRO")]
    defines: Vec<String>,
    #[arg(short = 'I', value_name = "DIR")]
    includes: Vec<PathBuf>,
    /// As nvcc --extended-lambda (defines __CUDACC_EXTENDED_LAMBDA__).
    #[arg(long)]
    extended_lambda: bool,
    /// As nvcc --expt-relaxed-constexpr (defines __CUDACC_RELAXED_CONSTEXPR__).
    #[arg(long)]
    expt_relaxed_constexpr: bool,
    /// As nvcc -rdc=true (defines __CUDACC_RDC__).
    #[arg(long = "rdc")]
    relocatable_device_code: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let toolchain = toolchain::Toolchain::locate(args.cuda_path.as_deref())?;
    if !args.input.is_file() {
        anyhow::bail!("{}: no such file", args.input.display());
    }
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.input.with_extension("cpp4.ii"));
    let nvcc_options = [
        (args.extended_lambda, "--extended-lambda"),
        (args.expt_relaxed_constexpr, "--expt-relaxed-constexpr"),
        (args.relocatable_device_code, "-rdc=true"),
    ];
    let nvcc_options: Vec<&str> = nvcc_options
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, option)| *option)
        .collect();
    let mut extra = toolchain::host_defines_for_nvcc_options(&nvcc_options);
    extra.extend(args.defines.iter().map(|d| format!("-D{d}")));
    extra.extend(args.includes.iter().map(|i| format!("-I{}", i.display())));
    // Preprocess into a temporary file and rename: no partial .ii on failure.
    let dir = output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let tmp = tempfile::Builder::new().suffix(".ii").tempfile_in(dir)?;
    let status = toolchain
        .host_preprocess_command(&args.input, tmp.path(), args.std.as_deref(), &extra)
        .status()
        .with_context(|| format!("running {}", toolchain::host_compiler()))?;
    if !status.success() {
        return Ok(ExitCode::FAILURE);
    }
    tmp.persist(&output)
        .with_context(|| format!("writing {}", output.display()))?;
    Ok(ExitCode::SUCCESS)
}
