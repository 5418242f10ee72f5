//! `cufe preprocess FILE.cu`: the preprocessing step of `nvcc -c`, producing the `.ii` that
//! cudafe++ (and cufe) read (`--device`: the `.cpp1.ii` cicc reads). By default cufe's own
//! preprocessor (crates/preprocessor) does it, byte-identical to gcc 12 on the whole corpus;
//! `--gcc` runs gcc -E with nvcc's flags instead. nvcc's spellings of the options are accepted
//! (`-std=c++20`, `-arch=sm_80`, `-gencode arch=compute_80,code=sm_80`, `-rdc=true`, ...; see
//! `nvcc_style_args`).
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use preprocessor::options::MacroOption;

#[derive(clap::Args)]
pub struct Args {
    /// The CUDA source file.
    input: PathBuf,
    /// Output file (default: the input with extension `.cpp4.ii`, `.cpp1.ii` with --device).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Toolchain root holding include/cuda_runtime.h (default: $CUDA_PATH, then the xtask install).
    #[arg(long)]
    cuda_path: Option<PathBuf>,
    /// C++ standard: c++11, c++14, c++17 or c++20 (default: gcc 12's, gnu++17, as nvcc).
    #[arg(long)]
    std: Option<String>,
    /// Define a macro (NAME or NAME=VALUE).
    #[arg(short = 'D', value_name = "MACRO")]
    defines: Vec<String>,
    /// Undefine a macro (after the -D options).
    #[arg(short = 'U', value_name = "MACRO")]
    undefines: Vec<String>,
    /// Add an include directory.
    #[arg(short = 'I', value_name = "DIR")]
    includes: Vec<PathBuf>,
    /// Add a system include directory.
    #[arg(long = "isystem", value_name = "DIR")]
    system_includes: Vec<PathBuf>,
    /// Include a file before the source (after cuda_runtime.h).
    #[arg(long = "include", value_name = "FILE")]
    forced_includes: Vec<String>,
    /// GPU architectures (nvcc's -arch: sm_XX or compute_XX, comma-separated; default sm_75,
    /// nvcc 13.0's default).
    #[arg(long, value_delimiter = ',')]
    arch: Vec<String>,
    /// nvcc's -gencode arch=compute_XX,code=sm_XX (adds compute_XX to __CUDA_ARCH_LIST__).
    #[arg(long)]
    gencode: Vec<String>,
    /// The device view (__CUDA_ARCH__ defined for the lowest architecture), as cicc's input.
    #[arg(long)]
    device: bool,
    /// As nvcc --extended-lambda (defines __CUDACC_EXTENDED_LAMBDA__).
    #[arg(long)]
    extended_lambda: bool,
    /// As nvcc --expt-relaxed-constexpr (defines __CUDACC_RELAXED_CONSTEXPR__).
    #[arg(long)]
    expt_relaxed_constexpr: bool,
    /// As nvcc -rdc=true (defines __CUDACC_RDC__).
    #[arg(long = "rdc")]
    relocatable_device_code: bool,
    /// Run the host compiler's preprocessor (gcc -E with nvcc's flags) instead of cufe's.
    #[arg(long)]
    gcc: bool,
    /// Benchmark: preprocess and parse in a salsa database, edit one line below the includes,
    /// preprocess and reparse again, and print the times (`cargo xtask bench preprocess`).
    #[arg(long, hide = true)]
    time_edit: bool,
}

/// nvcc's spellings of the options `preprocess` takes, in clap's: `-std=c++17` is `--std=c++17`,
/// `-arch=sm_80` (or `-arch sm_80`) `--arch=sm_80`, `-gencode ...` `--gencode=...`,
/// `-rdc=true` `--rdc`, `-isystem DIR` `--isystem=DIR`, `-include F` `--include=F`,
/// `-extended-lambda`/`--expt-extended-lambda` `--extended-lambda`.
pub fn nvcc_style_args(args: Vec<String>) -> Vec<String> {
    if args.get(1).map(String::as_str) != Some("preprocess") {
        return args;
    }
    let mut out = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let with_value = |name: &str, it: &mut std::vec::IntoIter<String>| -> Option<String> {
            if a == format!("-{name}") || a == format!("--{name}") {
                return Some(format!("--{name}={}", it.next().unwrap_or_default()));
            }
            a.strip_prefix(&format!("-{name}="))
                .or_else(|| a.strip_prefix(&format!("--{name}=")))
                .map(|v| format!("--{name}={v}"))
        };
        if let Some(x) = ["std", "arch", "gencode", "isystem", "include"]
            .iter()
            .find_map(|n| with_value(n, &mut it))
        {
            out.push(x);
            continue;
        }
        if let Some(v) = a.strip_prefix("--gpu-architecture=") {
            out.push(format!("--arch={v}"));
            continue;
        }
        if a == "--generate-code" {
            out.push(format!("--gencode={}", it.next().unwrap_or_default()));
            continue;
        }
        match a.as_str() {
            "-rdc=true" | "--relocatable-device-code=true" | "-dc" => out.push("--rdc".into()),
            "-rdc=false" | "--relocatable-device-code=false" => {}
            "-extended-lambda" | "--expt-extended-lambda" | "-expt-extended-lambda" => {
                out.push("--extended-lambda".into())
            }
            "-expt-relaxed-constexpr" => out.push("--expt-relaxed-constexpr".into()),
            _ => out.push(a),
        }
    }
    out
}

/// The virtual architectures (75 for sm_75 is 750) of -arch and -gencode, sorted.
fn arch_list(args: &Args) -> anyhow::Result<Vec<u32>> {
    let number = |s: &str| -> anyhow::Result<u32> {
        let digits: String = s.chars().filter(char::is_ascii_digit).collect();
        let n: u32 = digits
            .parse()
            .with_context(|| format!("bad architecture {s}"))?;
        Ok(n * 10)
    };
    let mut list = Vec::new();
    for a in &args.arch {
        list.push(number(a)?);
    }
    for g in &args.gencode {
        let arch = g
            .split(',')
            .find_map(|p| p.trim().strip_prefix("arch="))
            .with_context(|| format!("bad -gencode {g}"))?;
        list.push(number(arch)?);
    }
    list.sort_unstable();
    list.dedup();
    if list.is_empty() {
        list.push(preprocessor::nvcc::DEFAULT_ARCH);
    }
    Ok(list)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let toolchain = toolchain::Toolchain::locate(args.cuda_path.as_deref())?;
    if !args.input.is_file() {
        anyhow::bail!("{}: no such file", args.input.display());
    }
    let output = args.output.clone().unwrap_or_else(|| {
        args.input
            .with_extension(if args.device { "cpp1.ii" } else { "cpp4.ii" })
    });
    let arch = arch_list(&args)?;
    // Preprocess into a temporary file and rename: no partial .ii on failure.
    let dir = output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let tmp = tempfile::Builder::new().suffix(".ii").tempfile_in(dir)?;
    let ok = if args.gcc {
        run_gcc(&args, &toolchain, &arch, tmp.path())?
    } else {
        run_builtin(&args, &toolchain, &arch, tmp.path())?
    };
    if !ok {
        return Ok(ExitCode::FAILURE);
    }
    tmp.persist(&output)
        .with_context(|| format!("writing {}", output.display()))?;
    Ok(ExitCode::SUCCESS)
}

fn run_gcc(
    args: &Args,
    toolchain: &toolchain::Toolchain,
    arch: &[u32],
    out: &Path,
) -> anyhow::Result<bool> {
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
    let list = arch
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    if list != preprocessor::nvcc::DEFAULT_ARCH.to_string() && !args.device {
        // The host command names the default architecture; nvcc names the compile's.
        extra.push("-U__CUDA_ARCH_LIST__".into());
        extra.push(format!("-D__CUDA_ARCH_LIST__={list}"));
    }
    extra.extend(args.defines.iter().map(|d| format!("-D{d}")));
    extra.extend(args.undefines.iter().map(|u| format!("-U{u}")));
    extra.extend(args.includes.iter().map(|i| format!("-I{}", i.display())));
    for d in &args.system_includes {
        extra.push("-isystem".into());
        extra.push(d.display().to_string());
    }
    for f in &args.forced_includes {
        extra.push("-include".into());
        extra.push(f.clone());
    }
    let mut cmd = if args.device {
        toolchain.device_preprocess_command(
            &args.input,
            out,
            args.std.as_deref(),
            &extra,
            arch[0],
            arch,
        )
    } else {
        toolchain.host_preprocess_command(&args.input, out, args.std.as_deref(), &extra)
    };
    let status = cmd
        .status()
        .with_context(|| format!("running {}", toolchain::host_compiler()))?;
    Ok(status.success())
}

fn run_builtin(
    args: &Args,
    toolchain: &toolchain::Toolchain,
    arch: &[u32],
    out: &Path,
) -> anyhow::Result<bool> {
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
        arch_list: arch.to_vec(),
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
        .options(&mut |d| Path::new(d).is_dir())
        .with_context(|| format!("unsupported -std {:?}", args.std))?;
    if args.time_edit {
        return time_edit(options, out);
    }
    // Written as it is printed, into the caller's temporary file (removed on failure).
    let mut fs = preprocessor::RealFs::default();
    let mut file =
        std::fs::File::create(out).with_context(|| format!("writing {}", out.display()))?;
    let diagnostics = preprocessor::preprocess_to(&options, &mut fs, &mut file)
        .with_context(|| format!("writing {}", out.display()))?;
    for d in &diagnostics {
        eprintln!("{d}");
    }
    Ok(!diagnostics
        .iter()
        .any(|d| d.severity >= preprocessor::Severity::Error))
}

/// `--time-edit`: cold preprocessing and parsing in a database, then, in the same process, the
/// re-preprocessing and the reparse of the `.ii` after one-line edits of the main file: 7
/// statements inserted one after the other in its last function body (before its last `}`
/// line; medians printed, as a time slice lost to another process on a shared machine is
/// longer than the whole), then a declaration appended after it at namespace scope. Each
/// reparse is checked against a full parse of the new `.ii` (not timed).
fn time_edit(options: preprocessor::Options, out: &Path) -> anyhow::Result<bool> {
    use preprocessor::db::{Database, load_unit, preprocessed, text_edit};
    use std::time::{Duration, Instant};
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut db = Database::default();
    let unit = load_unit(&db, options).context("reading the unit")?;
    let start = Instant::now();
    let mut output = preprocessed(&db, unit);
    let cold_time = start.elapsed();
    let start = Instant::now();
    let mut parse = syntax::parse_text(&output.text());
    let parse_time = start.elapsed();
    println!(
        "cold: preprocess {:.1} ms ({} bytes), parse {:.1} ms",
        ms(cold_time),
        output.len(),
        ms(parse_time)
    );
    let main = unit.main(&db);
    let mut text = main.text(&db).to_string();
    let mut all_same = true;
    let mut all_incremental = true;
    let mut times: Vec<(Duration, Duration)> = Vec::new();
    const BODY_EDITS: usize = 7;
    for round in 0..=BODY_EDITS {
        let edited = if round < BODY_EDITS {
            match text.trim_end().rfind("\n}") {
                Some(at) => format!(
                    "{}\n    int cufe_edit_probe{round} = {round};{}",
                    &text[..at],
                    &text[at..]
                ),
                None => format!("{} int cufe_edit_probe{round};\n", text.trim_end()),
            }
        } else {
            format!("{} int cufe_edit_probe;\n", text.trim_end())
        };
        main.update_text(&mut db, edited.clone());
        text = edited;
        let start = Instant::now();
        let new_output = preprocessed(&db, unit);
        let pp_time = start.elapsed();
        let start = Instant::now();
        let edit = text_edit(&output, &new_output);
        let incremental = parse.reparse_block_only(&edit);
        let taken = incremental.is_some();
        let new_parse = incremental.unwrap_or_else(|| syntax::parse_text(&new_output.text()));
        let reparse_time = start.elapsed();
        let full = syntax::parse_text(&new_output.text());
        let sorted = |p: &syntax::Parse| {
            let mut e = p.errors().to_vec();
            e.sort_by_key(|e| (e.range.start(), e.range.end(), e.message.clone()));
            e
        };
        all_same &= full.green() == new_parse.green() && sorted(&full) == sorted(&new_parse);
        if round < BODY_EDITS {
            all_incremental &= taken;
            times.push((pp_time, reparse_time));
        } else {
            println!(
                "one-line edit at namespace scope: preprocess {:.1} ms + reparse {:.1} ms ({})",
                ms(pp_time),
                ms(reparse_time),
                if taken {
                    "incremental reparse"
                } else {
                    "full reparse: the syntax crate reparses blocks only"
                },
            );
        }
        output = new_output;
        parse = new_parse;
    }
    let median = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    let pp = median(times.iter().map(|t| t.0).collect());
    let re = median(times.iter().map(|t| t.1).collect());
    let total = median(times.iter().map(|t| t.0 + t.1).collect());
    let max = times.iter().map(|t| t.0 + t.1).max().unwrap_or_default();
    println!(
        "one-line edit in a function body ({BODY_EDITS} edits, medians): preprocess {:.1} ms + reparse {:.1} ms, whole {:.1} ms (max {:.1} ms; {}; trees {} full parses)",
        ms(pp),
        ms(re),
        ms(total),
        ms(max),
        if all_incremental {
            "all reparsed incrementally"
        } else {
            "NOT all reparsed incrementally"
        },
        if all_same { "equal to" } else { "DIFFER from" },
    );
    output.write_to(&mut std::io::BufWriter::new(std::fs::File::create(out)?))?;
    Ok(all_same)
}
