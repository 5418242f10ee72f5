//! `cufe cudafe [cudafe++ options] FILE.ii`: cudafe++-compatible mode.
//!
//! Accepts every option nvcc 13.0 passes to cudafe++ (see [`options`]), analyses the
//! preprocessed translation unit through the query database, writes the host translation unit
//! and the module id (`codegen`), and reports diagnostics the way cudafe++ does:
//!
//! ```text
//! x.cu(1): error: expected an expression
//!   int x = ;
//!           ^
//!
//! 1 error detected in the compilation of "x.cu".
//! ```
//!
//! Exit status: cudafe++'s three, measured on cudafe++ 13.0.88 (clean file, warnings, source
//! errors, missing input, bad option, unwritable output):
//!
//! - 0: success. Every output asked for is written. `--xref` and `--il_display` are written
//!   complete for what cufe implements; what they leave out is named in one warning on stderr
//!   (cudafe++ also exits 0 after warnings).
//! - 2: errors in the source (`N errors detected in the compilation of "x.cu".`); nothing is
//!   written (cudafe++ still writes its `--xref` log then; cufe does not yet).
//! - 4: a catastrophic error (`... catastrophic error detected ...`, `Compilation terminated.`):
//!   a command-line error, an input that cannot be read, an output that cannot be written, or
//!   an output cufe does not produce at all yet (`--gen_device_file_name`, which nvcc passes
//!   only to cicc), as cudafe++ stops with 4 when it cannot produce an output file.
//!   The outputs cufe does produce are written first, so `--xref` logs exist in that case too.
//!
//! (cudafe++ itself crashes, status 139, when run without `--gen_c_file_name` and
//! `--stub_file_name`; nvcc always passes both.)
//!
//! A build system reads any non-zero status as a failure: a partial `--xref` is not one, an
//! output nvcc would go on to compile and that does not exist is. `--stub_file_name` is only
//! named inside the host output (cicc writes the stub in CUDA 13.0), so it needs no check.
mod options;

use std::fmt::Write as _;
use std::process::ExitCode;

use base_db::{FileOrigin, SourceFile};
use syntax::{LineMap, TextSize};

use crate::fs_util::{Staged, stage, write_atomically, write_atomically_in_pieces};

use self::options::CudafeOptions;

/// `cufe cudafe --help` after the arguments: the exit status policy (see the module docs).
const EXIT_STATUS_HELP: &str = "Exit status, as cudafe++ 13.0.88:
  0  success: every output asked for is written; --xref and --il_display are complete for
     what cufe implements, and what they leave out is named in a warning on stderr
  2  errors in the source; nothing is written
  4  a catastrophic error: a command-line error, an unreadable input, an unwritable output, or
     an output cufe does not produce yet (--gen_device_file_name); the outputs cufe
     produces are written first";

#[derive(clap::Args)]
#[command(after_help = EXIT_STATUS_HELP)]
pub struct Args {
    /// cudafe++'s options and the input `.ii`, in cudafe++'s spelling.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

const EXIT_SOURCE_ERRORS: u8 = 2;
const EXIT_CATASTROPHIC: u8 = 4;

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let options = match options::parse(&args.args) {
        Ok(options) => options,
        Err(err) => {
            return Ok(catastrophic(&[format!("Command-line error: {err}")], None));
        }
    };
    let unit = options
        .orig_src_file_name
        .clone()
        .unwrap_or_else(|| options.input.display().to_string());
    Ok(match compile(&options, &unit) {
        Ok(code) => code,
        Err(Catastrophe(messages)) => catastrophic(&messages, Some(&unit)),
    })
}

/// Catastrophic errors, worded as cudafe++ words them (one line each).
struct Catastrophe(Vec<String>);

fn compile(options: &CudafeOptions, unit: &str) -> Result<ExitCode, Catastrophe> {
    let raw = std::fs::read(&options.input).map_err(|_| {
        Catastrophe(vec![format!(
            "Catastrophic error: cannot open source file \"{}\"",
            options.input.display()
        )])
    })?;
    let text = String::from_utf8(raw).map_err(|err| {
        Catastrophe(vec![format!(
            "Catastrophic error: source file \"{}\" is not UTF-8 text, which cufe reads: {err}",
            options.input.display()
        )])
    })?;

    // Never dropped: the process exits after this run, and freeing every memo of the database
    // one by one took 7% of the run on the largest corpus program.
    let db = std::mem::ManuallyDrop::new(ide::RootDatabase::default());
    let db = &*db;
    let file = SourceFile::create(db, options.input.clone(), text, FileOrigin::User);
    let text = file.text(db);
    std::thread::scope(|threads| {
        // The include guards come from the headers on disk, not from the parse: a second
        // thread reads them meanwhile.
        let guards = options
            .outputs
            .gen_c_file
            .is_some()
            .then(|| threads.spawn(|| include_guards(text)));
        // The log's line map (the `#` line markers of the text) is read only to render the
        // log, at the end of the run, when the other cores have nothing left to do: made now,
        // from a snapshot of the database, while this thread lexes and parses.
        if options.outputs.xref.is_some() {
            let snapshot = db.clone();
            threads.spawn(move || {
                base_db::line_map(&snapshot, file);
            });
        }
        compile_file(db, file, options, unit, guards)
    })
}

/// The include guards of the headers the unit read, being read by another thread.
type IncludeGuards<'scope> = std::thread::ScopedJoinHandle<'scope, Vec<String>>;

fn compile_file(
    db: &ide::RootDatabase,
    file: SourceFile,
    options: &CudafeOptions,
    unit: &str,
    guards: Option<IncludeGuards<'_>>,
) -> Result<ExitCode, Catastrophe> {
    let errors = base_db::parse_errors(db, file);
    let mut report = String::new();
    for error in errors {
        render(
            &mut report,
            file.text(db),
            base_db::line_map(db, file),
            error.range.start(),
            "error",
            &error.message,
        );
    }
    if !errors.is_empty() {
        let noun = if errors.len() == 1 { "error" } else { "errors" };
        writeln!(
            report,
            "{} {noun} detected in the compilation of \"{unit}\".",
            errors.len()
        )
        .unwrap();
    }
    eprint!("{report}");
    if !errors.is_empty() {
        return Ok(ExitCode::from(EXIT_SOURCE_ERRORS));
    }

    std::thread::scope(|threads| {
        // The host outputs do not depend on the log: made meanwhile on another thread, from a
        // snapshot of the database, and written after the log as before.
        let host = threads.spawn({
            let db = db.clone();
            move || host_outputs(&db, file, options, guards)
        });
        write_outputs(db, file, options, host)
    })
}

/// How many lines of the log are rendered at a time (a few MB).
const LOG_PIECE_LINES: usize = 1 << 15;

/// The outputs in cudafe++'s order: the log, the IL display, then the host outputs `host` is
/// making.
fn write_outputs(
    db: &ide::RootDatabase,
    file: SourceFile,
    options: &CudafeOptions,
    host: std::thread::ScopedJoinHandle<'_, HostOutputs>,
) -> Result<ExitCode, Catastrophe> {
    if let Some(path) = &options.outputs.xref {
        // Inference of the bodies, most of the log's cost, spread over the other cores.
        let helpers = std::thread::available_parallelism().map_or(0, |n| n.get().min(4) - 1);
        let lines = xref::log_lines_in_parallel(db, file, helpers);
        let ii_name = options.input.display().to_string();
        let line_map = base_db::line_map(db, file);
        // Rendered piece by piece on another thread while this one writes the pieces before:
        // rendering and writing the log (40 MB on the largest corpus program) each took a
        // tenth of the run, one after the other, with the other core idle.
        let written = std::thread::scope(|threads| {
            let (send, pieces) = std::sync::mpsc::sync_channel::<String>(2);
            let (lines, ii_name) = (&lines, &ii_name);
            threads.spawn(move || {
                for chunk in lines.chunks(LOG_PIECE_LINES) {
                    if send.send(xref::render(chunk, line_map, ii_name)).is_err() {
                        break;
                    }
                }
            });
            write_atomically_in_pieces(path, pieces)
        });
        written.map_err(|_| {
            Catastrophe(vec![format!(
                "Command-line error: cannot open cross-reference file \"{}\"",
                path.display()
            )])
        })?;
    }
    if options.outputs.il_display {
        // To stdout, as cudafe++ does; ids stand for addresses and no timestamp is printed.
        let opts = il_display::DisplayOptions {
            ii_name: options.input.display().to_string(),
            timestamp: None,
        };
        print!("{}", il_display::render_file_scope(db, file, &opts));
    }
    let host = host
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    write_host_outputs(options, host)?;
    for (option, what) in partial_outputs(options) {
        eprintln!("cufe: warning: {option}: written in part: {what} not produced yet");
    }
    let missing = unproduced_outputs(options);
    if !missing.is_empty() {
        return Err(Catastrophe(
            missing
                .into_iter()
                .map(|(file, path, what)| {
                    format!(
                        "Catastrophic error: {file} \"{path}\" not produced: cufe does not write {what} yet"
                    )
                })
                .collect(),
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// What the host outputs hold: the module id when its file is asked for, the host
/// translation unit when it is, already written beside its target (10 MB on the largest
/// program: written by the thread that made it, not at the end of the run after the log)
/// and renamed over it in [`write_host_outputs`].
#[derive(Default)]
struct HostOutputs {
    module_id: Option<String>,
    unit: Option<anyhow::Result<Staged>>,
}

/// Makes the host translation unit (`--gen_c_file_name`) and the module id
/// (`--gen_module_id_file --module_id_file_name`) that `options` ask for.
fn host_outputs(
    db: &ide::RootDatabase,
    file: SourceFile,
    options: &CudafeOptions,
    guards: Option<IncludeGuards<'_>>,
) -> HostOutputs {
    let out = &options.outputs;
    if out.gen_c_file.is_none() && out.module_id_file.is_none() {
        return HostOutputs::default();
    }
    let input_name = options.input.display().to_string();
    let orig_file = options
        .orig_src_file_name
        .clone()
        .unwrap_or(input_name.clone());
    let orig_path = options
        .orig_src_path_name
        .clone()
        .unwrap_or(orig_file.clone());
    let module_id = codegen::module_id::module_id(db, file, &orig_file, &orig_path);
    let unit = out.gen_c_file.as_ref().map(|path| {
        let stub = out
            .stub_file
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| format!("{orig_file}.stub.c"));
        let config = codegen::HostUnitConfig {
            orig_src_file_name: orig_file,
            stub_file_name: stub,
            module_id: module_id.clone(),
            hidden_visibility: options.cuda.device_hidden_visibility,
            device_c: options.compile.relocatable_device_code,
            extended_lambda: options.compile.extended_lambda,
            relaxed_constexpr: options.compile.relaxed_constexpr,
            include_guards: match guards {
                Some(guards) => guards
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                None => include_guards(file.text(db)),
            },
        };
        stage(
            path,
            codegen::host_translation_unit(db, file, &config).as_bytes(),
        )
    });
    HostOutputs {
        module_id: Some(module_id),
        unit,
    }
}

/// Writes the host outputs, each whole or not at all. An output that cannot be written is
/// catastrophic, as for cudafe++.
fn write_host_outputs(options: &CudafeOptions, host: HostOutputs) -> Result<(), Catastrophe> {
    let out = &options.outputs;
    let cannot_open = |what: &str, path: &std::path::Path| {
        Catastrophe(vec![format!(
            "Catastrophic error: could not open {what} \"{}\"",
            path.display()
        )])
    };
    if let (true, Some(path), Some(module_id)) =
        (out.gen_module_id_file, &out.module_id_file, &host.module_id)
    {
        write_atomically(path, module_id.as_bytes())
            .map_err(|_| cannot_open("module id file", path))?;
    }
    if let (Some(path), Some(unit)) = (&out.gen_c_file, host.unit) {
        unit.and_then(|staged| staged.persist(path))
            .map_err(|_| cannot_open("generated C++ file", path))?;
    }
    Ok(())
}

/// The include guards of the headers `text` entered, read from disk (`crt/host_defines.h`'s
/// left out: the host unit includes it again for its macros).
pub(crate) fn include_guards(text: &str) -> Vec<String> {
    codegen::include_guards::entered_headers(text)
        .into_iter()
        .filter(|h| !h.ends_with("crt/host_defines.h"))
        .filter_map(|h| std::fs::read(&h).ok())
        .filter_map(|bytes| codegen::include_guards::guard_macro(&String::from_utf8_lossy(&bytes)))
        .collect()
}

/// cudafe++'s form for errors that stop the compilation: the messages, then the count, for the
/// compilation of `unit` once the input is known (as cudafe++ words it), else of "this
/// compilation".
fn catastrophic(messages: &[String], unit: Option<&str>) -> ExitCode {
    let count = match messages.len() {
        1 => "1 catastrophic error".to_string(),
        n => format!("{n} catastrophic errors"),
    };
    let of = match unit {
        Some(unit) => format!("the compilation of \"{unit}\""),
        None => "this compilation".to_string(),
    };
    eprintln!(
        "{}\n\n{count} detected in {of}.\nCompilation terminated.",
        messages.join("\n")
    );
    ExitCode::from(EXIT_CATASTROPHIC)
}

/// `file(line): severity: message`, then the preprocessed line and a caret under the column.
fn render(
    out: &mut String,
    text: &str,
    line_map: &LineMap,
    offset: TextSize,
    severity: &str,
    message: &str,
) {
    // cudafe++ names no line for an error after the last token.
    if text[usize::from(offset).min(text.len())..]
        .trim()
        .is_empty()
    {
        writeln!(out, "At end of source: {severity}: {message}\n").unwrap();
        return;
    }
    let pos = line_map.position(offset);
    let file = pos.file.unwrap_or("<input>");
    writeln!(out, "{file}({}): {severity}: {message}", pos.line).unwrap();
    let at = usize::from(offset).min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line = &text[start..end];
    let caret_col = text[start..at].chars().count();
    writeln!(out, "  {line}\n  {}^\n", " ".repeat(caret_col)).unwrap();
}

/// The outputs asked for that cufe writes complete for what it implements, and what they
/// leave out, as (option, what is not produced yet).
fn partial_outputs(o: &CudafeOptions) -> Vec<(&'static str, &'static str)> {
    let out = &o.outputs;
    let mut partial = Vec::new();
    if out.xref.is_some() {
        partial.push((
            "--xref",
            "the instantiation lines (t, T) and part of the reference lines (R, U, M, A, C)",
        ));
    }
    if out.il_display {
        partial.push((
            "--il_display",
            "all but the file-scope entries of namespaces, types, routines, variables and fields",
        ));
    }
    partial
}

/// The output files asked for that cufe does not write at all yet, as (cudafe++'s name for the
/// file, its path, what it is).
fn unproduced_outputs(o: &CudafeOptions) -> Vec<(&'static str, String, &'static str)> {
    let out = &o.outputs;
    let mut missing = Vec::new();
    if let Some(path) = &out.gen_device_file {
        missing.push((
            "generated device file",
            path.display().to_string(),
            "the device translation",
        ));
    }
    missing
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    #[test]
    fn errors_after_the_last_token_are_at_end_of_source() {
        let text = "# 1 \"x.cu\"\nint y\n";
        let mut out = String::new();
        render(
            &mut out,
            text,
            &LineMap::new(text),
            TextSize::from(text.len() as u32),
            "error",
            "expected a \";\"",
        );
        expect![[r#"
            At end of source: error: expected a ";"

        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn diagnostics_point_into_the_original_file() {
        let text = "# 1 \"x.cu\"\nint a;\nint x = ;\n";
        let map = LineMap::new(text);
        let mut out = String::new();
        let offset = TextSize::from(text.find(" ;").unwrap() as u32 + 1);
        render(
            &mut out,
            text,
            &map,
            offset,
            "error",
            "expected an expression",
        );
        expect![[r#"
            x.cu(2): error: expected an expression
              int x = ;
                      ^

        "#]]
        .assert_eq(&out);
    }
}
