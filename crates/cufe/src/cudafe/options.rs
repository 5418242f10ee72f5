//! cudafe++'s command line, parsed into [`CudafeOptions`].
//!
//! The accepted set is what nvcc 13.0.88 passes to cudafe++ (found with `nvcc --dryrun` over
//! -rdc, -G, -std, --extended-lambda, --expt-relaxed-constexpr, -Werror/-W..., -diag-*,
//! -Xcudafe ..., -ftemplate-depth, -ewp, -static-global-template-stub, -w ...), plus `--xref` and
//! `--il_display`. Spellings are cudafe++'s: `--name`, `--name=value`, `--name value`, and `-w`.
//! Anything else is refused by name, as cudafe++ does ("Command-line error: invalid option").
use std::path::PathBuf;

use base_db::CompileOptions;

/// How an option takes its value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arity {
    Flag,
    Value,
}

/// Every option, in cudafe++'s spelling (without the leading dashes).
const OPTIONS: &[(&str, Arity)] = &[
    // dialect
    ("c++03", Arity::Flag),
    ("c++11", Arity::Flag),
    ("c++14", Arity::Flag),
    ("c++17", Arity::Flag),
    ("c++20", Arity::Flag),
    ("gnu_version", Arity::Value),
    ("m64", Arity::Flag),
    ("parse_templates", Arity::Flag),
    ("pending_instantiations", Arity::Value),
    // CUDA
    ("static-host-stub", Arity::Flag),
    ("host-stub-linkage-explicit", Arity::Flag),
    ("device-c", Arity::Flag),
    ("device-hidden-visibility", Arity::Flag),
    ("allow_managed", Arity::Flag),
    ("extended-lambda", Arity::Flag),
    ("relaxed_constexpr", Arity::Flag),
    ("debug_mode", Arity::Flag),
    ("keep-device-functions", Arity::Flag),
    ("partial-link", Arity::Flag),
    ("no_host_device_initializer_list", Arity::Flag),
    ("no_host_device_move_forward", Arity::Flag),
    // file names
    ("orig_src_file_name", Arity::Value),
    ("orig_src_path_name", Arity::Value),
    ("gen_c_file_name", Arity::Value),
    ("stub_file_name", Arity::Value),
    ("gen_module_id_file", Arity::Flag),
    ("module_id_file_name", Arity::Value),
    ("gen_device_file_name", Arity::Value),
    ("xref", Arity::Value),
    ("il_display", Arity::Flag),
    // diagnostics
    ("display_error_number", Arity::Flag),
    ("no_display_error_number", Arity::Flag),
    ("brief_diagnostics", Arity::Flag),
    ("no_brief_diagnostics", Arity::Flag),
    ("no_warnings", Arity::Flag),
    ("promote_warnings", Arity::Flag),
    ("remarks", Arity::Flag),
    ("diag_suppress", Arity::Value),
    ("diag_remark", Arity::Value),
    ("diag_warning", Arity::Value),
    ("diag_warn", Arity::Value),
    ("diag_error", Arity::Value),
];

/// What `--diag_suppress` & co. ask for one diagnostic (by number or by EDG tag name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagOverride {
    Suppress,
    Remark,
    Warning,
    Error,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiagnosticOptions {
    pub display_error_number: bool,
    pub brief: bool,
    /// `-w` / `--no_warnings`.
    pub no_warnings: bool,
    /// `--promote_warnings` (nvcc's `-Werror all-warnings`).
    pub promote_warnings: bool,
    pub remarks: bool,
    /// In command-line order; a later one for the same diagnostic wins.
    pub overrides: Vec<(DiagOverride, String)>,
}

/// The outputs cudafe++ writes, where asked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OutputOptions {
    /// `--gen_c_file_name`: the host translation (`.cudafe1.cpp`).
    pub gen_c_file: Option<PathBuf>,
    /// `--stub_file_name`: named in the host translation's `#include` (written by cicc in 13.0).
    pub stub_file: Option<PathBuf>,
    /// `--gen_module_id_file` + `--module_id_file_name`.
    pub gen_module_id_file: bool,
    pub module_id_file: Option<PathBuf>,
    pub gen_device_file: Option<PathBuf>,
    pub xref: Option<PathBuf>,
    pub il_display: bool,
}

/// CUDA code-generation switches that do not change the analysis of declarations.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CudaOptions {
    pub static_host_stub: bool,
    pub host_stub_linkage_explicit: bool,
    pub device_hidden_visibility: bool,
    pub allow_managed: bool,
    pub debug_mode: bool,
    pub keep_device_functions: bool,
    pub partial_link: bool,
    pub no_host_device_initializer_list: bool,
    pub no_host_device_move_forward: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CudafeOptions {
    pub input: PathBuf,
    /// What the semantic layers see (`base_db::Options`).
    pub compile: CompileOptions,
    pub m64: bool,
    pub parse_templates: bool,
    pub pending_instantiations: Option<u32>,
    pub orig_src_file_name: Option<String>,
    pub orig_src_path_name: Option<String>,
    pub cuda: CudaOptions,
    pub diagnostics: DiagnosticOptions,
    pub outputs: OutputOptions,
}

/// A command-line problem, worded as cudafe++ words it after "Command-line error: ".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionError(pub String);

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

pub fn parse(args: &[String]) -> Result<CudafeOptions, OptionError> {
    let mut o = CudafeOptions {
        input: PathBuf::new(),
        compile: CompileOptions::default(),
        m64: false,
        parse_templates: false,
        pending_instantiations: None,
        orig_src_file_name: None,
        orig_src_path_name: None,
        cuda: CudaOptions::default(),
        diagnostics: DiagnosticOptions::default(),
        outputs: OutputOptions::default(),
    };
    let mut inputs = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg == "-w" {
            o.diagnostics.no_warnings = true;
            continue;
        }
        let Some(body) = arg.strip_prefix("--") else {
            if arg.starts_with('-') && arg.len() > 1 {
                return Err(OptionError(format!("invalid option: {arg}")));
            }
            inputs.push(arg.clone());
            continue;
        };
        let (name, inline_value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        let Some(&(name, arity)) = OPTIONS.iter().find(|(n, _)| *n == name) else {
            return Err(OptionError(format!("invalid option: {arg}")));
        };
        let value = match (arity, inline_value) {
            (Arity::Flag, Some(_)) => {
                return Err(OptionError(format!("option --{name} takes no argument")));
            }
            (Arity::Flag, None) => String::new(),
            (Arity::Value, Some(v)) => v,
            (Arity::Value, None) => it
                .next()
                .cloned()
                .ok_or_else(|| OptionError(format!("missing argument for option --{name}")))?,
        };
        apply(&mut o, name, value)?;
    }
    match inputs.as_slice() {
        [input] => o.input = PathBuf::from(input),
        [] => return Err(OptionError("missing source file name".into())),
        [_, extra, ..] => return Err(OptionError(format!("extra input file: {extra}"))),
    }
    Ok(o)
}

fn number(name: &str, value: &str) -> Result<u32, OptionError> {
    value
        .parse()
        .map_err(|_| OptionError(format!("invalid number for option --{name}: {value}")))
}

fn apply(o: &mut CudafeOptions, name: &str, value: String) -> Result<(), OptionError> {
    let c = &mut o.cuda;
    let d = &mut o.diagnostics;
    match name {
        "c++03" => o.compile.cpp_std = 3,
        "c++11" => o.compile.cpp_std = 11,
        "c++14" => o.compile.cpp_std = 14,
        "c++17" => o.compile.cpp_std = 17,
        "c++20" => o.compile.cpp_std = 20,
        "gnu_version" => o.compile.gnu_version = number(name, &value)?,
        "m64" => o.m64 = true,
        "parse_templates" => o.parse_templates = true,
        "pending_instantiations" => o.pending_instantiations = Some(number(name, &value)?),
        "static-host-stub" => c.static_host_stub = true,
        "host-stub-linkage-explicit" => c.host_stub_linkage_explicit = true,
        "device-c" => o.compile.relocatable_device_code = true,
        "device-hidden-visibility" => c.device_hidden_visibility = true,
        "allow_managed" => c.allow_managed = true,
        "extended-lambda" => o.compile.extended_lambda = true,
        "relaxed_constexpr" => o.compile.relaxed_constexpr = true,
        "debug_mode" => c.debug_mode = true,
        "keep-device-functions" => c.keep_device_functions = true,
        "partial-link" => c.partial_link = true,
        "no_host_device_initializer_list" => c.no_host_device_initializer_list = true,
        "no_host_device_move_forward" => c.no_host_device_move_forward = true,
        "orig_src_file_name" => o.orig_src_file_name = Some(value),
        "orig_src_path_name" => o.orig_src_path_name = Some(value),
        "gen_c_file_name" => o.outputs.gen_c_file = Some(value.into()),
        "stub_file_name" => o.outputs.stub_file = Some(value.into()),
        "gen_module_id_file" => o.outputs.gen_module_id_file = true,
        "module_id_file_name" => o.outputs.module_id_file = Some(value.into()),
        "gen_device_file_name" => o.outputs.gen_device_file = Some(value.into()),
        "xref" => o.outputs.xref = Some(value.into()),
        "il_display" => o.outputs.il_display = true,
        "display_error_number" => d.display_error_number = true,
        "no_display_error_number" => d.display_error_number = false,
        "brief_diagnostics" => d.brief = true,
        "no_brief_diagnostics" => d.brief = false,
        "no_warnings" => d.no_warnings = true,
        "promote_warnings" => d.promote_warnings = true,
        "remarks" => d.remarks = true,
        "diag_suppress" | "diag_remark" | "diag_warning" | "diag_warn" | "diag_error" => {
            let kind = match name {
                "diag_suppress" => DiagOverride::Suppress,
                "diag_remark" => DiagOverride::Remark,
                "diag_error" => DiagOverride::Error,
                _ => DiagOverride::Warning,
            };
            for id in value.split(',').map(str::trim) {
                if id.is_empty()
                    || !id
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '-')
                {
                    return Err(OptionError(format!(
                        "invalid diagnostic id for option --{name}: {value}"
                    )));
                }
                d.overrides.push((kind, id.to_string()));
            }
        }
        _ => unreachable!("every name in OPTIONS is handled: {name}"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn every_spelling_of_a_value() {
        let o = parse(&args("--gnu_version=120200 --diag_suppress 177,esa_on_defaulted_function_ignored --diag_error=20012 -w --c++20 a.ii")).unwrap();
        expect![[r#"
            (20, 120200, true, [(Suppress, "177"), (Suppress, "esa_on_defaulted_function_ignored"), (Error, "20012")])"#]]
        .assert_eq(&format!(
            "{:?}",
            (o.compile.cpp_std, o.compile.gnu_version, o.diagnostics.no_warnings, o.diagnostics.overrides)
        ));
    }

    #[test]
    fn problems_are_named() {
        let errors: Vec<String> = [
            "--frobnicate a.ii",
            "-x a.ii",
            "--m64=1 a.ii",
            "--gnu_version",
            "--gnu_version=twelve a.ii",
            "--m64",
            "a.ii b.ii",
        ]
        .iter()
        .map(|line| parse(&args(line)).unwrap_err().0)
        .collect();
        expect![[r#"
            invalid option: --frobnicate
            invalid option: -x
            option --m64 takes no argument
            missing argument for option --gnu_version
            invalid number for option --gnu_version: twelve
            missing source file name
            extra input file: b.ii"#]]
        .assert_eq(&errors.join("\n"));
    }
}
