//! `cufe check`'s last stage: the host compiler on the host translation unit, as `nvcc -c`
//! runs it after cudafe++ and cicc accepted the file (`nvcc -c -dryrun`, CUDA 13.0.88, gcc 12):
//!
//! ```text
//! gcc [-std=S] -D__CUDA_ARCH__=A -D__CUDA_ARCH_LIST__=L -c -x c++ -DCUDA_DOUBLE_MATH_FUNCTIONS
//!     [-Xcompiler flags] [-On] [-w] -Wno-psabi [-I user] -I<cuda>/include
//!     [-isystem user] -isystem <cuda>/include/cccl [-Werror] -m64 [-g] X.cudafe1.cpp -o X.o
//! ```
//!
//! `A` is the highest architecture, `L` all of them; `-ccbin` replaces `gcc` (a directory:
//! `DIR/gcc`); `--Werror all-warnings` adds `-Werror`; `-D`, `-U` and `-include` are not passed
//! (the unit is preprocessed already). The unit is cufe's own (`codegen`, what `cufe cudafe`
//! writes in an nvcc build), written with a stub in a temporary directory: gcc's diagnostics
//! name the `.cu` through the unit's line markers and show its lines, with the columns of the
//! generated text. gcc runs in the current directory, as under nvcc, so the relative names of
//! the line markers find the source; its stderr is the user's, as under nvcc.
//!
//! The stub stands for cicc's `X.cudafe1.stub.c`, which nvcc writes from the device
//! compilation: its prologue (`crt/host_runtime.h` under the same pragmas), without the
//! embedded fatbinary and the registration functions, which need the device code and are
//! generated code gcc accepts. `-c` rather than `-fsyntax-only`: some warnings (`-Wreturn-type`,
//! `-Wuninitialized` with `-O`) come from passes after the front end, at nvcc's optimization
//! level.
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use preprocessor::nvcc::NvccArgs;

/// The host compiler's command, from nvcc's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostCommand {
    /// `gcc`, or what `-ccbin` names.
    pub compiler: PathBuf,
    pub std: Option<String>,
    /// The architectures (`arch_list`, sorted), from `-arch`/`-gencode`.
    pub archs: Vec<u32>,
    /// `-Xcompiler`/`--compiler-options` flags, split at commas.
    pub compiler_options: Vec<String>,
    /// `-O<n>` (not `-O0`).
    pub optimize: Option<String>,
    /// `-w`.
    pub no_warnings: bool,
    /// `-g`.
    pub debug: bool,
    /// `--Werror all-warnings`.
    pub werror: bool,
    pub include_dirs: Vec<String>,
    pub system_dirs: Vec<String>,
    /// The toolchain's include directory.
    pub cuda_include: String,
}

impl HostCommand {
    /// The host compilation of `nvcc ARGS` (nvcc's spellings, as `cufe check` takes them).
    pub fn from_command_line(args: &[String], nvcc: &NvccArgs) -> HostCommand {
        let mut c = HostCommand {
            compiler: PathBuf::from("gcc"),
            std: nvcc.std.clone(),
            archs: if nvcc.arch_list.is_empty() {
                vec![preprocessor::nvcc::DEFAULT_ARCH]
            } else {
                nvcc.arch_list.clone()
            },
            compiler_options: Vec::new(),
            optimize: None,
            no_warnings: false,
            debug: false,
            werror: false,
            include_dirs: nvcc.include_dirs.clone(),
            system_dirs: nvcc.system_dirs.clone(),
            cuda_include: nvcc.cuda_include.clone(),
        };
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            let next = |i: &mut usize| -> Option<String> {
                *i += 1;
                args.get(*i).cloned()
            };
            let glued = |names: &[&str]| {
                names
                    .iter()
                    .find_map(|n| a.strip_prefix(n).and_then(|v| v.strip_prefix('=')))
                    .map(str::to_string)
            };
            let xcompiler = ["-Xcompiler", "--compiler-options"];
            let ccbin = ["-ccbin", "--compiler-bindir"];
            let werror = ["-Werror", "--Werror"];
            if xcompiler.contains(&a) {
                let value = next(&mut i).unwrap_or_default();
                c.add_compiler_options(&value);
            } else if let Some(value) = glued(&xcompiler) {
                c.add_compiler_options(&value);
            } else if ccbin.contains(&a) {
                c.compiler = compiler_path(&next(&mut i).unwrap_or_default());
            } else if let Some(value) = glued(&ccbin) {
                c.compiler = compiler_path(&value);
            } else if werror.contains(&a) {
                c.werror |= next(&mut i).is_some_and(|v| names_all_warnings(&v));
            } else if let Some(value) = glued(&werror) {
                c.werror |= names_all_warnings(&value);
            } else if let Some(level) = a.strip_prefix("-O").filter(|l| !l.is_empty()) {
                c.optimize = (level != "0").then(|| a.to_string());
            } else if ["-w", "--disable-warnings"].contains(&a) {
                c.no_warnings = true;
            } else if ["-g", "--debug"].contains(&a) {
                c.debug = true;
            } else if VALUE_OPTIONS.contains(&a) {
                i += 1;
            }
            i += 1;
        }
        c
    }

    fn add_compiler_options(&mut self, value: &str) {
        self.compiler_options.extend(
            value
                .split(',')
                .filter(|f| !f.is_empty())
                .map(str::to_string),
        );
    }

    /// The arguments after the compiler's name, in nvcc's order.
    pub fn args(&self, unit: &Path, object: &Path) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(std) = &self.std {
            out.push(format!("-std={std}"));
        }
        let highest = self.archs.iter().max().copied().unwrap_or_default();
        let list: Vec<String> = self.archs.iter().map(u32::to_string).collect();
        out.push(format!("-D__CUDA_ARCH__={highest}"));
        out.push(format!("-D__CUDA_ARCH_LIST__={}", list.join(",")));
        out.extend(["-c", "-x", "c++", "-DCUDA_DOUBLE_MATH_FUNCTIONS"].map(String::from));
        out.extend(self.compiler_options.iter().cloned());
        out.extend(self.optimize.clone());
        if self.no_warnings {
            out.push("-w".into());
        }
        out.push("-Wno-psabi".into());
        out.extend(self.include_dirs.iter().map(|d| format!("-I{d}")));
        out.push(format!("-I{}", self.cuda_include));
        for dir in &self.system_dirs {
            out.extend(["-isystem".to_string(), dir.clone()]);
        }
        out.extend([
            "-isystem".to_string(),
            format!("{}/cccl", self.cuda_include.trim_end_matches('/')),
        ]);
        if self.werror {
            out.push("-Werror".into());
        }
        out.push("-m64".into());
        if self.debug {
            out.push("-g".into());
        }
        out.push(unit.display().to_string());
        out.push("-o".into());
        out.push(object.display().to_string());
        out
    }
}

/// nvcc options with a separate value that say nothing to the host compiler.
const VALUE_OPTIONS: &[&str] = &[
    "-o",
    "--output-file",
    "-Xcudafe",
    "-Xcicc",
    "-Xptxas",
    "-diag-suppress",
    "--diag-suppress",
    "-diag-warn",
    "--diag-warn",
    "-diag-error",
    "--diag-error",
    "-I",
    "-isystem",
    "-include",
    "-D",
    "-U",
    "-arch",
    "-gencode",
    "-std",
    "--std",
];

/// `--Werror all-warnings` (also in a comma list).
fn names_all_warnings(value: &str) -> bool {
    value.split(',').any(|v| v == "all-warnings")
}

/// `-ccbin`'s value: a directory means its `gcc`.
fn compiler_path(value: &str) -> PathBuf {
    let path = PathBuf::from(value);
    if path.is_dir() {
        path.join("gcc")
    } else {
        path
    }
}

/// cicc's stub prologue (see the module docs).
const STUB: &str = "#pragma GCC diagnostic push\n\
#pragma GCC diagnostic ignored \"-Wunused-function\"\n\
#pragma GCC diagnostic ignored \"-Wcast-qual\"\n\
#define __NV_CUBIN_HANDLE_STORAGE__ static\n\
#if !defined(__CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__)\n\
#define __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__\n\
#endif\n\
#include \"crt/host_runtime.h\"\n\
#pragma GCC diagnostic pop\n";

/// What the host compiler did.
#[derive(Debug)]
pub enum Outcome {
    /// It ran; whether it succeeded (its diagnostics went to stderr).
    Ran { success: bool },
    /// It could not be run or the unit could not be written: why.
    NotRun(String),
}

/// The name of the stub the unit includes (relative: found beside the unit).
pub fn stub_file_name(input: &str) -> String {
    format!("{}.cudafe1.stub.c", file_stem(input))
}

fn file_stem(input: &str) -> String {
    Path::new(input)
        .file_stem()
        .map_or_else(|| "input".into(), |s| s.to_string_lossy().into_owned())
}

/// Writes `unit` (the host translation unit of `input`) and the stub into a temporary
/// directory, removed afterwards, and compiles it with `command`; gcc's stderr is this
/// process's (what it prints comes after what was printed before: flush first).
pub fn compile(command: &HostCommand, input: &str, unit: &str) -> Outcome {
    let dir = match tempfile::Builder::new().prefix("cufe-check-").tempdir() {
        Ok(dir) => dir,
        Err(err) => return Outcome::NotRun(format!("cannot create a temporary directory: {err}")),
    };
    let stem = file_stem(input);
    let unit_path = dir.path().join(format!("{stem}.cudafe1.cpp"));
    let stub_path = dir.path().join(stub_file_name(input));
    let object = dir.path().join(format!("{stem}.o"));
    for (path, text) in [(&unit_path, unit), (&stub_path, STUB)] {
        if let Err(err) = std::fs::write(path, text) {
            return Outcome::NotRun(format!("cannot write {}: {err}", path.display()));
        }
    }
    let status = Command::new(&command.compiler)
        .args(command.args(&unit_path, &object))
        .stdin(Stdio::null())
        .status();
    // `dir` is removed when dropped, after gcc has finished.
    match status {
        Ok(status) => Outcome::Ran {
            success: status.success(),
        },
        Err(err) => Outcome::NotRun(format!(
            "cannot run the host compiler `{}`: {err}",
            command.compiler.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(args: &[&str]) -> Vec<String> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let nvcc = NvccArgs::from_command_line(&args, "/cuda/include", false);
        let host = HostCommand::from_command_line(&args, &nvcc);
        let mut out = vec![host.compiler.display().to_string()];
        out.extend(host.args(Path::new("x.cudafe1.cpp"), Path::new("x.o")));
        out
    }

    #[test]
    fn default_command_is_nvccs() {
        expect_test::expect![[r#"
            gcc -D__CUDA_ARCH__=750 -D__CUDA_ARCH_LIST__=750 -c -x c++ -DCUDA_DOUBLE_MATH_FUNCTIONS -Wno-psabi -I/cuda/include -isystem /cuda/include/cccl -m64 x.cudafe1.cpp -o x.o"#]]
        .assert_eq(&command(&["-c", "x.cu"]).join(" "));
    }

    #[test]
    fn user_options_flow_as_in_nvcc() {
        // nvcc -c -dryrun -std=c++20 -w -O2 -g -Xcompiler -Wall -I inc -isystem sys
        //   --Werror all-warnings -arch=sm_90 x.cu (-D and -include are not passed).
        expect_test::expect![[r#"
            gcc -std=c++20 -D__CUDA_ARCH__=900 -D__CUDA_ARCH_LIST__=900 -c -x c++ -DCUDA_DOUBLE_MATH_FUNCTIONS -Wall -Wextra -O2 -w -Wno-psabi -Iinc -I/cuda/include -isystem sys -isystem /cuda/include/cccl -Werror -m64 -g x.cudafe1.cpp -o x.o"#]]
        .assert_eq(
            &command(&[
                "-c",
                "-std=c++20",
                "-w",
                "-O2",
                "-g",
                "-Xcompiler",
                "-Wall,-Wextra",
                "-I",
                "inc",
                "-isystem",
                "sys",
                "-Dfoo=1",
                "-include",
                "stdio.h",
                "--Werror",
                "all-warnings",
                "-arch=sm_90",
                "x.cu",
            ])
            .join(" "),
        );
        expect_test::expect![[r#"
            g++-12 -D__CUDA_ARCH__=900 -D__CUDA_ARCH_LIST__=800,900 -c -x c++ -DCUDA_DOUBLE_MATH_FUNCTIONS -fno-strict-aliasing -Wno-psabi -I/cuda/include -isystem /cuda/include/cccl -m64 x.cudafe1.cpp -o x.o"#]]
        .assert_eq(
            &command(&[
                "-ccbin",
                "g++-12",
                "-O0",
                "-Xcompiler=-fno-strict-aliasing",
                "-gencode",
                "arch=compute_80,code=sm_80",
                "-gencode",
                "arch=compute_90,code=sm_90",
                "--Werror",
                "cross-execution-space-call",
                "x.cu",
            ])
            .join(" "),
        );
    }
}
