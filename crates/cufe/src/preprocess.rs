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
    /// Use cufe's own preprocessor (crates/preprocessor) instead of running gcc -E.
    #[arg(long)]
    builtin: bool,
    /// With --builtin: the device view (nvcc's .cpp1.ii, __CUDA_ARCH__ defined).
    #[arg(long)]
    device: bool,
    /// With --builtin: nvcc's -arch (sm_XX or compute_XX; default sm_75, nvcc 13.0's default).
    #[arg(long)]
    arch: Option<String>,
    /// Undefine a macro (after the -D options).
    #[arg(short = 'U', value_name = "MACRO")]
    undefines: Vec<String>,
    /// Extra system include directories.
    #[arg(long = "isystem", value_name = "DIR")]
    system_includes: Vec<PathBuf>,
    /// Extra forced includes (after cuda_runtime.h).
    #[arg(long = "include", value_name = "FILE")]
    forced_includes: Vec<String>,
}

fn run_builtin(
    args: &Args,
    toolchain: &toolchain::Toolchain,
    output: &std::path::Path,
) -> anyhow::Result<ExitCode> {
    use preprocessor::options::MacroOption;
    let arch = match &args.arch {
        Some(a) => {
            let digits: String = a.chars().filter(char::is_ascii_digit).collect();
            let n: u32 = digits.parse().with_context(|| format!("bad -arch {a}"))?;
            vec![n * 10]
        }
        None => Vec::new(),
    };
    let mut macros: Vec<MacroOption> = args
        .defines
        .iter()
        .map(|d| MacroOption::Define(d.clone()))
        .collect();
    macros.extend(args.undefines.iter().map(|u| MacroOption::Undef(u.clone())));
    let nvcc = preprocessor::nvcc::NvccArgs {
        input: args.input.display().to_string(),
        cuda_include: toolchain.include_dir().display().to_string(),
        std: args.std.clone(),
        arch_list: arch,
        device: args.device,
        macros,
        include_dirs: args
            .includes
            .iter()
            .map(|i| i.display().to_string())
            .collect(),
        system_dirs: args
            .system_includes
            .iter()
            .map(|i| i.display().to_string())
            .collect(),
        forced_includes: args.forced_includes.clone(),
        extended_lambda: args.extended_lambda,
        relaxed_constexpr: args.expt_relaxed_constexpr,
        rdc: args.relocatable_device_code,
    };
    let options = nvcc
        .options(&mut |d| std::path::Path::new(d).is_dir())
        .with_context(|| format!("unsupported -std {:?}", args.std))?;
    let mut fs = preprocessor::RealFs::default();
    let result = preprocessor::preprocess(&options, &mut fs);
    for d in &result.diagnostics {
        eprintln!("{d}");
    }
    if result.has_errors() {
        return Ok(ExitCode::FAILURE);
    }
    let dir = output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let mut tmp = tempfile::Builder::new().suffix(".ii").tempfile_in(dir)?;
    std::io::Write::write_all(&mut tmp, result.text.as_bytes())?;
    tmp.persist(output)
        .with_context(|| format!("writing {}", output.display()))?;
    Ok(ExitCode::SUCCESS)
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
    if args.builtin {
        return run_builtin(&args, &toolchain, &output);
    }
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
