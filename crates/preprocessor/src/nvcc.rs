//! nvcc 13.0's preprocessing command lines (measured with `nvcc --dryrun`) as `Options`: the
//! host view (`.cpp4.ii`, what cudafe++ reads) and the device view (`.cpp1.ii`, cicc's input).
use std::sync::Arc;

use crate::lexer::LexMode;
use crate::options::{MacroOption, Options};

#[derive(Clone, Debug, Default)]
pub struct NvccArgs {
    pub input: String,
    /// The toolchain's include directory (holding cuda_runtime.h and cccl/).
    pub cuda_include: String,
    pub std: Option<String>,
    /// Virtual architectures, e.g. 750 (nvcc 13.0's default is sm_75).
    pub arch_list: Vec<u32>,
    pub device: bool,
    /// User -D/-U, in order.
    pub macros: Vec<MacroOption>,
    pub include_dirs: Vec<String>,
    pub system_dirs: Vec<String>,
    pub forced_includes: Vec<String>,
    pub extended_lambda: bool,
    pub relaxed_constexpr: bool,
    pub rdc: bool,
}

pub const DEFAULT_ARCH: u32 = 750;

/// The `-std` value in nvcc options (`-std=c++20`, `--std c++20`).
pub fn std_of<S: AsRef<str>>(flags: &[S]) -> Option<String> {
    let mut it = flags.iter().map(AsRef::as_ref);
    while let Some(f) = it.next() {
        if let Some(v) = f.strip_prefix("-std=").or_else(|| f.strip_prefix("--std=")) {
            return Some(v.to_string());
        }
        if f == "-std" || f == "--std" {
            return it.next().map(str::to_string);
        }
    }
    None
}

impl NvccArgs {
    /// The arguments of `nvcc -c INPUT FLAGS` (the flags that change preprocessing).
    pub fn from_flags<S: AsRef<str>>(
        input: &str,
        cuda_include: &str,
        flags: &[S],
        device: bool,
    ) -> NvccArgs {
        let has = |f: &str| flags.iter().any(|x| x.as_ref() == f);
        NvccArgs {
            input: input.to_string(),
            cuda_include: cuda_include.to_string(),
            std: std_of(flags),
            device,
            extended_lambda: has("--extended-lambda")
                || has("-extended-lambda")
                || has("--expt-extended-lambda"),
            relaxed_constexpr: has("--expt-relaxed-constexpr") || has("-expt-relaxed-constexpr"),
            rdc: has("-rdc=true") || has("--relocatable-device-code=true") || has("-dc"),
            ..NvccArgs::default()
        }
    }
}

impl NvccArgs {
    pub fn options(&self, is_dir: &mut dyn FnMut(&str) -> bool) -> Option<Options> {
        let predefined = crate::predefined::predefined_macros(self.std.as_deref())?;
        let arch = if self.arch_list.is_empty() {
            vec![DEFAULT_ARCH]
        } else {
            self.arch_list.clone()
        };
        let list = arch
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let mut macros = Vec::new();
        let d = |s: &str| MacroOption::Define(s.to_string());
        if self.device {
            macros.push(d(&format!("__CUDA_ARCH__={}", arch[0])));
        }
        macros.push(d(&format!("__CUDA_ARCH_LIST__={list}")));
        if self.device {
            macros.push(d("CUDA_DOUBLE_MATH_FUNCTIONS"));
        }
        for m in [
            "__CUDACC__",
            "__NVCC__",
            "__CUDACC_VER_MAJOR__=13",
            "__CUDACC_VER_MINOR__=0",
            "__CUDACC_VER_BUILD__=88",
            "__CUDA_API_VER_MAJOR__=13",
            "__CUDA_API_VER_MINOR__=0",
            "__NVCC_DIAG_PRAGMA_SUPPORT__=1",
            "__CUDACC_DEVICE_ATOMIC_BUILTINS__=1",
        ] {
            macros.push(d(m));
        }
        if self.extended_lambda {
            macros.push(d("__CUDACC_EXTENDED_LAMBDA__"));
        }
        if self.relaxed_constexpr {
            macros.push(d("__CUDACC_RELAXED_CONSTEXPR__"));
        }
        if self.rdc {
            macros.push(d("__CUDACC_RDC__"));
        }
        macros.extend(self.macros.iter().cloned());
        let mut user = vec![self.cuda_include.clone()];
        user.extend(self.include_dirs.iter().cloned());
        let mut system = vec![format!("{}/cccl", self.cuda_include.trim_end_matches('/'))];
        system.extend(self.system_dirs.iter().cloned());
        let mut forced = vec!["cuda_runtime.h".to_string()];
        forced.extend(self.forced_includes.iter().cloned());
        Some(Options {
            main: self.input.clone(),
            predefined: Arc::from(predefined),
            macros,
            quote_dirs: Vec::new(),
            bracket_dirs: crate::include::bracket_chain(&user, &system, is_dir),
            forced_includes: forced,
            lex_mode: LexMode {
                cxx20: crate::predefined::cplusplus(predefined) >= 202002,
            },
            iso: crate::predefined::is_iso(self.std.as_deref()),
            cplusplus: crate::predefined::cplusplus(predefined),
        })
    }
}

impl NvccArgs {
    /// The C++ standard year of `-std` (`c++20`, `gnu++17`), nvcc 13.0's default 17 without one.
    pub fn cpp_year(&self) -> u16 {
        self.std
            .as_deref()
            .and_then(|s| {
                s.trim_start_matches("c++")
                    .trim_start_matches("gnu++")
                    .parse()
                    .ok()
            })
            .unwrap_or(17)
    }

    /// The options of a whole nvcc command line that change what the front end sees (`-std`,
    /// `-arch`/`-gencode`, `-I`, `-isystem`, `-include`, `-D`, `-U`, `--extended-lambda`,
    /// `--expt-relaxed-constexpr`, `-rdc`), in nvcc's spellings (`-Idir`, `-I dir`, `--std=..`);
    /// the input is the last argument that is not an option. Options with a value that does
    /// not matter here (`-o`, `-Xcompiler`, `-diag-*`) are skipped with their value.
    pub fn from_command_line<S: AsRef<str>>(
        args: &[S],
        cuda_include: &str,
        device: bool,
    ) -> NvccArgs {
        let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
        let mut c = NvccArgs {
            cuda_include: cuda_include.to_string(),
            device,
            ..NvccArgs::default()
        };
        let arch_number = |s: &str| -> Option<u32> {
            let digits: String = s.chars().filter(char::is_ascii_digit).collect();
            digits.parse::<u32>().ok().map(|n| n * 10)
        };
        let mut i = 0;
        let value = |i: &mut usize, a: &str, names: &[&str]| -> Option<String> {
            for name in names {
                if a == *name {
                    *i += 1;
                    return args.get(*i).map(|s| s.to_string());
                }
                if let Some(v) = a.strip_prefix(name).and_then(|v| v.strip_prefix('=')) {
                    return Some(v.to_string());
                }
                // `-Idir`, `-DX`: glued forms of the one-letter options.
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
            let a = args[i];
            if let Some(v) = value(&mut i, a, &["-std", "--std"]) {
                c.std = Some(v);
            } else if let Some(v) = value(&mut i, a, &["-arch", "--gpu-architecture"]) {
                c.arch_list.extend(v.split(',').filter_map(arch_number));
            } else if let Some(v) = value(&mut i, a, &["-gencode", "--generate-code"]) {
                c.arch_list.extend(
                    v.split(',')
                        .find_map(|p| p.trim().strip_prefix("arch="))
                        .and_then(arch_number),
                );
            } else if let Some(v) = value(&mut i, a, &["-I", "--include-path"]) {
                c.include_dirs.push(v);
            } else if let Some(v) = value(&mut i, a, &["-isystem", "--system-include"]) {
                c.system_dirs.push(v);
            } else if let Some(v) = value(&mut i, a, &["-include", "--pre-include"]) {
                c.forced_includes.push(v);
            } else if let Some(v) = value(&mut i, a, &["-D", "--define-macro"]) {
                c.macros.push(MacroOption::Define(v));
            } else if let Some(v) = value(&mut i, a, &["-U", "--undefine-macro"]) {
                c.macros.push(MacroOption::Undef(v));
            } else if value(&mut i, a, VALUE_OPTIONS_IGNORED).is_some() {
            } else {
                match a {
                    "--extended-lambda"
                    | "-extended-lambda"
                    | "--expt-extended-lambda"
                    | "-expt-extended-lambda" => c.extended_lambda = true,
                    "--expt-relaxed-constexpr" | "-expt-relaxed-constexpr" => {
                        c.relaxed_constexpr = true
                    }
                    "-rdc=true" | "--relocatable-device-code=true" | "-dc" => c.rdc = true,
                    _ if !a.starts_with('-') => c.input = a.to_string(),
                    _ => {}
                }
            }
            i += 1;
        }
        c.arch_list.sort_unstable();
        c.arch_list.dedup();
        c
    }
}

/// nvcc options whose value does not change what the front end sees.
const VALUE_OPTIONS_IGNORED: &[&str] = &[
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
];

#[cfg(test)]
mod command_line_tests {
    use super::*;

    #[test]
    fn reads_nvcc_spellings() {
        let args = [
            "-c",
            "-std=c++20",
            "-arch",
            "sm_90,sm_80",
            "-gencode",
            "arch=compute_70,code=sm_70",
            "-Iinc",
            "-I",
            "more",
            "--define-macro=N=3",
            "-UX",
            "-Xcompiler",
            "-Wall",
            "-o",
            "x.o",
            "--extended-lambda",
            "-rdc=true",
            "x.cu",
        ];
        let c = NvccArgs::from_command_line(&args, "/cuda/include", true);
        assert_eq!(c.input, "x.cu");
        assert_eq!(c.std.as_deref(), Some("c++20"));
        assert_eq!(c.arch_list, [700, 800, 900]);
        assert_eq!(c.include_dirs, ["inc", "more"]);
        assert_eq!(
            c.macros,
            [
                MacroOption::Define("N=3".into()),
                MacroOption::Undef("X".into())
            ]
        );
        assert!(c.extended_lambda && c.rdc && c.device && !c.relaxed_constexpr);
    }
}
