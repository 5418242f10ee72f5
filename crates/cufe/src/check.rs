//! `cufe check [nvcc options] FILE.cu`: what `nvcc -c` prints about a file, without compiling
//! it. Both of nvcc's views are made with cufe's preprocessor (the host `.ii` without
//! `__CUDA_ARCH__`, the device `.ii` with `-D__CUDA_ARCH__=<lowest arch>`), each checked by the
//! `check` crate's per-entity queries in one database, and printed as nvcc prints them (spec
//! rules P1-P9): the host pass first, the device pass only when the host pass had no error,
//! each with its own `Remark:` line and trailer, on stderr.
//!
//! Exit status, as nvcc's: 0 when neither pass reports an error, 2 when the host pass does
//! (cudafe++), 1 when the device pass does (cicc) or an option is rejected (`nvcc fatal`).
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use base_db::{FileOrigin, SourceFile};
use check::{DiagOptions, Pass};
use preprocessor::options::MacroOption;

#[derive(clap::Args)]
pub struct Args {
    /// nvcc's options and the input `.cu`, in nvcc's spelling.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
    /// Toolchain root holding include/cuda_runtime.h (default: $CUDA_PATH, then the xtask install).
    #[arg(long)]
    cuda_path: Option<PathBuf>,
}

/// The nvcc options that change what the front end sees.
#[derive(Debug, Default)]
struct Command {
    input: Option<String>,
    std: Option<String>,
    arch: Vec<u32>,
    macros: Vec<MacroOption>,
    includes: Vec<String>,
    system_includes: Vec<String>,
    forced_includes: Vec<String>,
    extended_lambda: bool,
    relaxed_constexpr: bool,
    rdc: bool,
}

fn arch_number(s: &str) -> Option<u32> {
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    digits.parse::<u32>().ok().map(|n| n * 10)
}

fn parse_command(args: &[String]) -> Command {
    let mut c = Command::default();
    let mut i = 0;
    let value = |i: &mut usize, a: &str, names: &[&str]| -> Option<String> {
        for name in names {
            if a == *name {
                *i += 1;
                return args.get(*i).cloned();
            }
            if let Some(v) = a.strip_prefix(&format!("{name}=")) {
                return Some(v.to_string());
            }
            // `-Idir`, `-DX` glued forms.
            if name.len() == 2
                && let Some(v) = a.strip_prefix(name)
                && !v.is_empty()
            {
                return Some(v.to_string());
            }
        }
        None
    };
    while i < args.len() {
        let a = args[i].clone();
        if let Some(v) = value(&mut i, &a, &["-std", "--std"]) {
            c.std = Some(v);
        } else if let Some(v) = value(&mut i, &a, &["-arch", "--gpu-architecture"]) {
            c.arch.extend(v.split(',').filter_map(arch_number));
        } else if let Some(v) = value(&mut i, &a, &["-gencode", "--generate-code"]) {
            if let Some(n) = v
                .split(',')
                .find_map(|p| p.trim().strip_prefix("arch="))
                .and_then(arch_number)
            {
                c.arch.push(n);
            }
        } else if let Some(v) = value(&mut i, &a, &["-I", "--include-path"]) {
            c.includes.push(v);
        } else if let Some(v) = value(&mut i, &a, &["-isystem", "--system-include"]) {
            c.system_includes.push(v);
        } else if let Some(v) = value(&mut i, &a, &["-include", "--pre-include"]) {
            c.forced_includes.push(v);
        } else if let Some(v) = value(&mut i, &a, &["-D", "--define-macro"]) {
            c.macros.push(MacroOption::Define(v));
        } else if let Some(v) = value(&mut i, &a, &["-U", "--undefine-macro"]) {
            c.macros.push(MacroOption::Undef(v));
        } else if let Some(_v) = value(
            &mut i,
            &a,
            &[
                "-diag-suppress",
                "--diag-suppress",
                "-diag-warn",
                "--diag-warn",
                "-diag-error",
                "--diag-error",
                "-Werror",
                "--Werror",
                "-Xcudafe",
                "-Xcicc",
                "-Xcompiler",
                "-Xptxas",
                "-o",
                "--output-file",
            ],
        ) {
            // (Diagnostic options are read by `DiagOptions`; the others do not matter here.)
        } else {
            match a.as_str() {
                "--extended-lambda"
                | "-extended-lambda"
                | "--expt-extended-lambda"
                | "-expt-extended-lambda" => c.extended_lambda = true,
                "--expt-relaxed-constexpr" | "-expt-relaxed-constexpr" => {
                    c.relaxed_constexpr = true
                }
                "-rdc=true" | "--relocatable-device-code=true" | "-dc" => c.rdc = true,
                _ if !a.starts_with('-') => c.input = Some(a.clone()),
                _ => {}
            }
        }
        i += 1;
    }
    c.arch.sort_unstable();
    c.arch.dedup();
    c
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let diag = match DiagOptions::parse(&args.args) {
        Ok(d) => d,
        Err(check::options::Fatal(message)) => {
            eprintln!("nvcc fatal   : {message}");
            return Ok(ExitCode::from(1));
        }
    };
    let command = parse_command(&args.args);
    let Some(input) = command.input.clone() else {
        eprintln!(
            "nvcc fatal   : No input files specified; use option --help for more information"
        );
        return Ok(ExitCode::from(1));
    };
    if !Path::new(&input).is_file() {
        eprintln!("nvcc fatal   : Cannot find input file '{input}'");
        return Ok(ExitCode::from(1));
    }
    let toolchain = toolchain::Toolchain::locate(args.cuda_path.as_deref())?;
    let db = ide::RootDatabase::default();
    base_db::Options::new(
        &db,
        base_db::CompileOptions {
            cpp_std: cpp_year(command.std.as_deref()),
            extended_lambda: command.extended_lambda,
            relaxed_constexpr: command.relaxed_constexpr,
            relocatable_device_code: command.rdc,
            ..Default::default()
        },
    );
    let system = [toolchain.root().display().to_string()];
    // The two views share no query: the device view is preprocessed and checked on a second
    // thread, on a snapshot of the same database, while the host view is. Its output is used
    // only when the host pass had no error (P1), exactly as if it ran afterwards.
    let device = std::thread::scope(|scope| -> anyhow::Result<_> {
        let device = {
            let (db, command, input, toolchain, diag, system) =
                (db.clone(), &command, &input, &toolchain, &diag, &system);
            scope.spawn(move || -> anyhow::Result<View> {
                let (text, messages) = preprocess(command, input, toolchain, true)?;
                let Some(text) = text else {
                    return Ok(View::Rejected(messages));
                };
                let file = SourceFile::create(
                    &db,
                    PathBuf::from(format!("{input}.cpp1.ii")),
                    text,
                    FileOrigin::User,
                );
                let mut report = String::new();
                let errors = run_pass(&db, file, Pass::Device, diag, input, system, &mut report);
                Ok(View::Checked {
                    report: messages + &report,
                    errors,
                })
            })
        };
        let (host_text, messages) = preprocess(&command, &input, &toolchain, false)?;
        eprint!("{messages}");
        let Some(host_text) = host_text else {
            // (Nor is the device view's after a preprocessing error.)
            std::process::exit(1);
        };
        let host = SourceFile::create(
            &db,
            PathBuf::from(format!("{input}.cpp4.ii")),
            host_text,
            FileOrigin::User,
        );
        let mut report = String::new();
        let host_errors = run_pass(&db, host, Pass::Host, &diag, &input, &system, &mut report);
        if host_errors > 0 {
            eprint!("{report}");
            // The device view's result is not wanted: leave without waiting for it.
            std::process::exit(2);
        }
        let device = device.join().expect("the device view's thread panicked")?;
        Ok((report, device))
    })?;
    let (report, device) = device;
    // The process ends now: freeing every memo of both views would cost about a twentieth of
    // the run.
    std::mem::forget(db);
    match device {
        View::Rejected(messages) => {
            eprint!("{messages}{report}");
            Ok(ExitCode::from(1))
        }
        View::Checked {
            report: device_report,
            errors,
        } => {
            eprint!("{report}{device_report}");
            Ok(if errors > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}

/// The device view's outcome.
enum View {
    /// The preprocessor's messages (with an error among them).
    Rejected(String),
    /// The preprocessor's messages and the pass's rendered block, and its error count.
    Checked { report: String, errors: usize },
}

fn cpp_year(std: Option<&str>) -> u16 {
    std.and_then(|s| {
        s.trim_start_matches("c++")
            .trim_start_matches("gnu++")
            .parse()
            .ok()
    })
    .unwrap_or(17)
}

/// Checks one view and renders its block; returns its error count.
fn run_pass(
    db: &ide::RootDatabase,
    file: SourceFile,
    pass: Pass,
    options: &DiagOptions,
    unit: &str,
    system_prefixes: &[String],
    out: &mut String,
) -> usize {
    let diagnostics = check::pass_diagnostics(db, file, pass, options, system_prefixes);
    let line_map = base_db::line_map(db, file);
    check::render::render_pass(out, file.text(db), line_map, &diagnostics, unit)
}

/// One view's `.ii` by cufe's preprocessor (`None` when it reported an error) and the
/// preprocessor's messages, to print before the view's block.
fn preprocess(
    c: &Command,
    input: &str,
    toolchain: &toolchain::Toolchain,
    device: bool,
) -> anyhow::Result<(Option<String>, String)> {
    let nvcc = preprocessor::nvcc::NvccArgs {
        input: input.to_string(),
        cuda_include: toolchain.include_dir().display().to_string(),
        std: c.std.clone(),
        arch_list: c.arch.clone(),
        device,
        macros: c.macros.clone(),
        include_dirs: c.includes.clone(),
        system_dirs: c.system_includes.clone(),
        forced_includes: c.forced_includes.clone(),
        extended_lambda: c.extended_lambda,
        relaxed_constexpr: c.relaxed_constexpr,
        rdc: c.rdc,
    };
    let options = nvcc
        .options(&mut |d| Path::new(d).is_dir())
        .with_context(|| format!("unsupported -std {:?}", c.std))?;
    let mut fs = preprocessor::RealFs::default();
    let result = preprocessor::preprocess(&options, &mut fs);
    let messages: String = result
        .diagnostics
        .iter()
        .map(|d| format!("{d}\n"))
        .collect();
    if result.has_errors() {
        return Ok((None, messages));
    }
    Ok((Some(result.text), messages))
}
