//! `cufe cudafe [cudafe++ options] FILE.ii`: cudafe++-compatible mode.
//!
//! Accepts every option nvcc 13.0 passes to cudafe++ (see [`options`]), analyses the
//! preprocessed translation unit through the query database, and reports diagnostics the way
//! cudafe++ does:
//!
//! ```text
//! x.cu(1): error: expected an expression
//!   int x = ;
//!           ^
//!
//! 1 error detected in the compilation of "x.cu".
//! ```
//!
//! Exit status, as cudafe++: 0 clean, 2 errors in the source, 4 a command-line ("catastrophic")
//! error. cufe adds 3: the analysis ran, but an output that was asked for (`--gen_c_file_name`,
//! `--module_id_file_name`, `--gen_device_file_name`, `--il_display`) is not produced yet, or
//! only in part (`--xref` writes the declaration lines, D and d, and the type and namespace
//! references that declarations make, but not the references in expressions);
//! each such output gets a warning naming it. A build driven by nvcc must never go on
//! without a file it expects, so this is a failure, not a silent success. `--stub_file_name` is
//! only named inside the host output (cicc writes the stub in CUDA 13.0), so it needs no warning.
mod options;

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::Context;
use base_db::{FileOrigin, SourceFile};
use syntax::{LineMap, TextSize};

use crate::fs_util::write_atomically;

use self::options::CudafeOptions;

#[derive(clap::Args)]
pub struct Args {
    /// cudafe++'s options and the input `.ii`, in cudafe++'s spelling.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

const EXIT_SOURCE_ERRORS: u8 = 2;
const EXIT_OUTPUT_MISSING: u8 = 3;
const EXIT_CATASTROPHIC: u8 = 4;

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let options = match options::parse(&args.args) {
        Ok(options) => options,
        Err(err) => return Ok(catastrophic(&format!("Command-line error: {err}"))),
    };
    let raw = match std::fs::read(&options.input) {
        Ok(raw) => raw,
        Err(err) => {
            return Ok(catastrophic(&format!(
                "Command-line error: cannot open source file \"{}\": {err}",
                options.input.display()
            )));
        }
    };
    let text = String::from_utf8(raw)
        .with_context(|| format!("{}: cufe reads UTF-8 text", options.input.display()))?;

    let db = ide::RootDatabase::default();
    let file = SourceFile::create(&db, options.input.clone(), text, FileOrigin::User);
    let errors = base_db::parse_errors(&db, file);
    let line_map = base_db::line_map(&db, file);
    let mut report = String::new();
    for error in errors {
        render(
            &mut report,
            file.text(&db),
            line_map,
            error.range.start(),
            "error",
            &error.message,
        );
    }
    if !errors.is_empty() {
        let unit = options
            .orig_src_file_name
            .clone()
            .unwrap_or_else(|| options.input.display().to_string());
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

    if let Some(path) = &options.outputs.xref {
        let root = base_db::parse(&db, file).syntax_node();
        let lines = il::xref::log_lines(&root);
        let unit = options.input.display().to_string();
        write_atomically(path, il::xref::render(&lines, line_map, &unit).as_bytes())?;
    }
    if options.outputs.il_display {
        // To stdout, as cudafe++ does; ids stand for addresses and no timestamp is printed.
        let opts = il::il_display::DisplayOptions {
            ii_name: options.input.display().to_string(),
            timestamp: None,
        };
        print!("{}", il::il_display::render_file_scope(&db, file, &opts));
    }
    write_host_outputs(&db, file, &options)?;
    let missing = missing_outputs(&options);
    for (option, what) in &missing {
        eprintln!("cufe: warning: {option}: not produced yet: {what}");
    }
    Ok(if missing.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_OUTPUT_MISSING)
    })
}

/// The host translation unit (`--gen_c_file_name`) and the module id file
/// (`--gen_module_id_file --module_id_file_name`), each written whole or not at all.
fn write_host_outputs(
    db: &ide::RootDatabase,
    file: SourceFile,
    options: &CudafeOptions,
) -> anyhow::Result<()> {
    let out = &options.outputs;
    if out.gen_c_file.is_none() && out.module_id_file.is_none() {
        return Ok(());
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
    if let (true, Some(path)) = (out.gen_module_id_file, &out.module_id_file) {
        write_atomically(path, module_id.as_bytes())?;
    }
    if let Some(path) = &out.gen_c_file {
        let stub = out
            .stub_file
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| format!("{orig_file}.stub.c"));
        let config = codegen::HostUnitConfig {
            orig_src_file_name: orig_file,
            stub_file_name: stub,
            module_id,
            hidden_visibility: options.cuda.device_hidden_visibility,
            device_c: options.compile.relocatable_device_code,
            extended_lambda: options.compile.extended_lambda,
            relaxed_constexpr: options.compile.relaxed_constexpr,
            include_guards: include_guards(file.text(db)),
        };
        let unit = codegen::host_translation_unit(db, file, &config);
        write_atomically(path, unit.as_bytes())?;
    }
    Ok(())
}

/// The include guards of the headers `text` entered, read from disk (`crt/host_defines.h`'s
/// left out: the host unit includes it again for its macros).
fn include_guards(text: &str) -> Vec<String> {
    codegen::include_guards::entered_headers(text)
        .into_iter()
        .filter(|h| !h.ends_with("crt/host_defines.h"))
        .filter_map(|h| std::fs::read(&h).ok())
        .filter_map(|bytes| codegen::include_guards::guard_macro(&String::from_utf8_lossy(&bytes)))
        .collect()
}

/// cudafe++'s form for errors that stop everything before the source is read.
fn catastrophic(message: &str) -> ExitCode {
    eprintln!(
        "{message}\n\n1 catastrophic error detected in this compilation.\nCompilation terminated."
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

/// The outputs asked for that cufe does not write yet, as (option, what it is).
fn missing_outputs(o: &CudafeOptions) -> Vec<(&'static str, &'static str)> {
    let out = &o.outputs;
    let mut missing = Vec::new();
    if out.gen_device_file.is_some() {
        missing.push(("--gen_device_file_name", "the device translation"));
    }
    if out.xref.is_some() {
        missing.push((
            "--xref",
            "the reference lines of expressions and instantiations (R, U, M, A, C, t, T) of the cross-reference log",
        ));
    }
    if out.il_display {
        missing.push((
            "--il_display",
            "all but the file-scope entries of namespaces, types, routines, variables and fields",
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
