//! `cufe check [nvcc options] FILE.cu`: what `nvcc -c` prints about a file, without compiling
//! it. Both of nvcc's views are made with cufe's preprocessor (the host `.ii` without
//! `__CUDA_ARCH__`, the device `.ii` with `-D__CUDA_ARCH__=<lowest arch>`), each checked by the
//! `check` crate's per-entity queries in one database, and printed as nvcc prints them (spec
//! rules P1-P9): the host pass first, the device pass only when the host pass had no error,
//! each with its own `Remark:` line and trailer, on stderr.
//!
//! When both passes accept the file, the host compiler runs on cufe's host translation unit as
//! nvcc runs it on cudafe++'s (`crate::host_compiler`), its diagnostics after the device pass's
//! block; `--no-host-compiler` (a cufe option) skips it.
//!
//! Exit status, as nvcc's: 0 when neither pass reports an error, 2 when the host pass does
//! (cudafe++), 1 when the device pass does (cicc), the host compiler fails or an option is
//! rejected (`nvcc fatal`).
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use base_db::{FileOrigin, SourceFile};
use check::{DiagOptions, Pass};
use preprocessor::nvcc::NvccArgs;

#[derive(clap::Args)]
pub struct Args {
    /// nvcc's options and the input `.cu`, in nvcc's spelling.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
    /// Toolchain root holding include/cuda_runtime.h (default: $CUDA_PATH, then the xtask install).
    #[arg(long)]
    cuda_path: Option<PathBuf>,
    /// Do not run the host compiler (gcc, or `-ccbin`'s) on the host translation unit after
    /// both passes accept the file; accepted anywhere among nvcc's options.
    #[arg(long)]
    no_host_compiler: bool,
}

/// `--no-host-compiler`, cufe's own option among nvcc's.
const NO_HOST_COMPILER: &str = "--no-host-compiler";

pub fn run(mut args: Args) -> anyhow::Result<ExitCode> {
    let before = args.args.len();
    args.args.retain(|a| a != NO_HOST_COMPILER);
    let host_compiler = !args.no_host_compiler && args.args.len() == before;
    let diag = match DiagOptions::parse(&args.args) {
        Ok(d) => d,
        Err(check::options::Fatal(message)) => {
            eprintln!("nvcc fatal   : {message}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut command = NvccArgs::from_command_line(&args.args, "", false);
    let input = command.input.clone();
    if input.is_empty() {
        eprintln!(
            "nvcc fatal   : No input files specified; use option --help for more information"
        );
        return Ok(ExitCode::from(1));
    }
    if !Path::new(&input).is_file() {
        eprintln!("nvcc fatal   : Cannot find input file '{input}'");
        return Ok(ExitCode::from(1));
    }
    let toolchain = toolchain::Toolchain::locate(args.cuda_path.as_deref())?;
    command.cuda_include = toolchain.include_dir().display().to_string();
    let db = ide::RootDatabase::default();
    base_db::Options::new(
        &db,
        base_db::CompileOptions {
            cpp_std: command.cpp_year(),
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
            let (db, command, input, diag, system) = (db.clone(), &command, &input, &diag, &system);
            scope.spawn(move || -> anyhow::Result<View> {
                let (text, messages) = preprocess(command, true)?;
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
        let (host_text, messages) = preprocess(&command, false)?;
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
        Ok((report, device, host))
    })?;
    let (report, device, host) = device;
    // The process ends now: freeing every memo of both views would cost about a twentieth of
    // the run.
    let db = std::mem::ManuallyDrop::new(db);
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
            if errors > 0 {
                return Ok(ExitCode::from(1));
            }
            if !host_compiler {
                return Ok(ExitCode::SUCCESS);
            }
            Ok(run_host_compiler(&db, host, &args.args, &command, &input))
        }
    }
}

/// nvcc's host compilation of the host translation unit (cufe's), its diagnostics on stderr;
/// 1 when it fails, as nvcc. A host compiler that cannot be run is said on stderr and changes
/// nothing else.
fn run_host_compiler(
    db: &ide::RootDatabase,
    host: SourceFile,
    args: &[String],
    command: &NvccArgs,
    input: &str,
) -> ExitCode {
    let compiler = crate::host_compiler::HostCommand::from_command_line(args, command);
    let orig_path = std::fs::canonicalize(input)
        .map_or_else(|_| input.to_string(), |p| p.display().to_string());
    let config = codegen::HostUnitConfig {
        orig_src_file_name: input.to_string(),
        stub_file_name: crate::host_compiler::stub_file_name(input),
        module_id: codegen::module_id::module_id(db, host, input, &orig_path),
        // nvcc passes `--device-hidden-visibility` to cudafe++ (`nvcc -dryrun`).
        hidden_visibility: true,
        device_c: command.rdc,
        extended_lambda: command.extended_lambda,
        relaxed_constexpr: command.relaxed_constexpr,
        include_guards: crate::cudafe::include_guards(host.text(db)),
    };
    let unit = codegen::host_translation_unit(db, host, &config);
    match crate::host_compiler::compile(&compiler, input, &unit) {
        crate::host_compiler::Outcome::Ran { success: true } => ExitCode::SUCCESS,
        crate::host_compiler::Outcome::Ran { success: false } => ExitCode::from(1),
        crate::host_compiler::Outcome::NotRun(why) => {
            eprintln!(
                "cufe check: note: the host compiler stage did not run ({why}); its diagnostics \
                 are not shown ({NO_HOST_COMPILER} skips it)"
            );
            ExitCode::SUCCESS
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
fn preprocess(command: &NvccArgs, device: bool) -> anyhow::Result<(Option<String>, String)> {
    let nvcc = NvccArgs {
        device,
        ..command.clone()
    };
    let options = nvcc
        .options(&mut |d| Path::new(d).is_dir())
        .with_context(|| format!("unsupported -std {:?}", command.std))?;
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
