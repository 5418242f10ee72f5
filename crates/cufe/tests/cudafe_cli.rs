//! `cufe cudafe` as nvcc would run it: the options of real cudafe++ command lines are accepted,
//! unknown ones refused by name, unproduced outputs reported; the exit status is cudafe++'s
//! (measured against cudafe++ itself where the toolchain is installed).
use std::path::Path;
use std::process::Command;

use expect_test::{Expect, expect};

/// Runs `cufe cudafe ARGS` in `dir`; returns "exit N" and stderr.
fn cudafe(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cufe"))
        .arg("cudafe")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    format!(
        "exit {}\n{}",
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn with_input(check: impl FnOnce(&Path)) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.cpp4.ii"), "# 1 \"a.cu\"\nint x;\n").unwrap();
    check(dir.path());
}

fn check(args: &[&str], expect: Expect) {
    with_input(|dir| expect.assert_eq(&cudafe(dir, args)));
}

/// nvcc 13.0.88 `--dryrun -c a.cu -rdc=true -G --extended-lambda --expt-relaxed-constexpr
/// -std=c++20 -Werror all-warnings -Wno-deprecated-declarations -Wreorder -ftemplate-depth=100
/// -Xcudafe --diag_suppress=177 -Xcudafe --brief_diagnostics`, temporary names shortened.
const NVCC_LINE: &str = "--c++20 --device-hidden-visibility --gnu_version=120200 --promote_warnings \
    --diag_suppress deprecated_entity --diag_suppress deprecated_entity_with_custom_message \
    --diag_warn out_of_order_ctor_init --display_error_number --orig_src_file_name a.cu \
    --orig_src_path_name /src/a.cu --allow_managed --debug_mode --extended-lambda --relaxed_constexpr \
    --pending_instantiations=100 --diag_suppress=177 --brief_diagnostics --device-c --m64 \
    --parse_templates --gen_c_file_name a.cudafe1.cpp --stub_file_name a.cudafe1.stub.c \
    --gen_module_id_file --module_id_file_name a.module_id a.cpp4.ii";

#[test]
fn a_real_nvcc_command_line_is_accepted() {
    let args: Vec<&str> = NVCC_LINE.split_whitespace().collect();
    check(
        &args,
        expect![[r#"
            exit 0
        "#]],
    );
}

#[test]
fn analysis_without_outputs_succeeds() {
    check(
        &[
            "--c++17",
            "--m64",
            "-w",
            "--diag_error=20012,20013",
            "a.cpp4.ii",
        ],
        expect![[r#"
        exit 0
    "#]],
    );
}

#[test]
fn unknown_options_are_refused_by_name() {
    check(
        &["--c++17", "--no-such-option", "a.cpp4.ii"],
        expect![[r#"
            exit 4
            Command-line error: invalid option: --no-such-option

            1 catastrophic error detected in this compilation.
            Compilation terminated.
        "#]],
    );
}

/// With the toolchain installed, ask nvcc itself for its cudafe++ command lines under many
/// flag sets and feed each to `cufe cudafe`: every option must be accepted (exit 0, or 4 for
/// the outputs cufe does not write yet).
#[test]
fn every_option_nvcc_passes_is_accepted() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("skipped: the NVIDIA toolchain is not installed (cargo xtask nvidia-toolchain)");
        return;
    };
    let flag_sets: &[&[&str]] = &[
        &[],
        &["-rdc=true"],
        &[
            "--extended-lambda",
            "--expt-relaxed-constexpr",
            "-std=c++20",
        ],
        &["-G", "-lineinfo", "-std=c++14"],
        &[
            "-Xcudafe",
            "--diag_suppress=177",
            "-Xcudafe",
            "--display_error_number",
        ],
        &[
            "-Werror",
            "all-warnings",
            "-diag-suppress",
            "20012",
            "-diag-error",
            "1",
            "-diag-warn",
            "2",
        ],
        &[
            "-Wreorder",
            "-Wdefault-stream-launch",
            "-Werror",
            "cross-execution-space-call",
        ],
        &[
            "-Wno-deprecated-declarations",
            "-Wmissing-launch-bounds",
            "-w",
            "-std=c++11",
        ],
        &[
            "-ewp",
            "--keep-device-functions",
            "--no-host-device-initializer-list",
            "--no-host-device-move-forward",
        ],
        &[
            "-static-global-template-stub=false",
            "-device-entity-has-hidden-visibility=false",
            "-ftemplate-depth=100",
        ],
        &[
            "-Xcudafe",
            "--brief_diagnostics",
            "-Xcudafe",
            "--no_warnings",
            "-Xcudafe",
            "--remarks",
            "-std=c++03",
        ],
        &[
            "-Werror",
            "ext-lambda-captures-this",
            "-Xcudafe",
            "--diag_warning=1",
            "-Xcudafe",
            "--diag_remark=3",
        ],
    ];
    with_input(|dir| {
        std::fs::write(dir.join("a.cu"), "__global__ void k() {}\n").unwrap();
        for flags in flag_sets {
            let out = Command::new(tc.bin("nvcc"))
                .args(["--dryrun", "-c", "a.cu"])
                .args(*flags)
                .current_dir(dir)
                .output()
                .unwrap();
            let stderr = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let line = stderr
                .lines()
                .find_map(|l| l.split_once("cudafe++ ").map(|(_, rest)| rest.to_string()));
            let line = line
                .unwrap_or_else(|| panic!("nvcc {flags:?} printed no cudafe++ command:\n{stderr}"));
            // nvcc quotes file names; the last argument is its temporary .ii, replaced by ours.
            let mut args: Vec<String> = line
                .split_whitespace()
                .map(|a| a.trim_matches('"').to_string())
                .collect();
            *args.last_mut().unwrap() = "a.cpp4.ii".into();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let result = cudafe(dir, &args);
            // Exit 4 only for the outputs cufe does not write yet, never for an option.
            let only_unproduced_outputs = result.starts_with("exit 4")
                && !result.contains("Command-line error")
                && result.contains("not produced: cufe does not write");
            assert!(
                result.starts_with("exit 0") || only_unproduced_outputs,
                "nvcc {flags:?}: {args:?}\n{result}"
            );
        }
    });
}

#[test]
fn xref_writes_the_declaration_lines() {
    with_input(|dir| {
        let result = cudafe(dir, &["--xref", "a.xref", "a.cpp4.ii"]);
        let log = std::fs::read_to_string(dir.join("a.xref")).unwrap();
        expect![[r#"
            exit 0
            cufe: warning: --xref: written in part: the instantiation lines (t, T) and part of the reference lines (R, U, M, A, C) not produced yet
            0x2	x	D	a.cu	1	5
        "#]]
        .assert_eq(&format!("{result}{log}"));
    });
}

/// The exit status policy against cudafe++ 13.0.88 itself (with the toolchain installed): the
/// same status on a clean file, a file with a warning, a file with an error, a missing input, a
/// bad option, no input and an unwritable `--xref` log, and the same diagnostics where cudafe++
/// stops. Both are given the host outputs nvcc asks for (without them cudafe++ crashes).
#[test]
fn exit_status_is_cudafe_s() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("skipped: the NVIDIA toolchain is not installed (cargo xtask nvidia-toolchain)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    for (name, text) in [
        ("clean", "int x;\n"),
        ("warning", "unsigned char c = 300;\n"),
        ("error", "int x = ;\n"),
    ] {
        std::fs::write(
            dir.join(format!("{name}.cpp4.ii")),
            format!("# 1 \"{name}.cu\"\n{text}"),
        )
        .unwrap();
    }
    let cases: [(&str, &[&str]); 7] = [
        ("clean, --xref", &["--xref", "c.xref", "clean.cpp4.ii"]),
        (
            "a warning, --xref",
            &["--xref", "w.xref", "warning.cpp4.ii"],
        ),
        (
            "an error",
            &["--orig_src_file_name", "error.cu", "error.cpp4.ii"],
        ),
        (
            "a missing input",
            &["--orig_src_file_name", "nope.cu", "nope.cpp4.ii"],
        ),
        ("a bad option", &["--no_such_option", "clean.cpp4.ii"]),
        ("no input", &[]),
        (
            "an unwritable --xref",
            &["--xref", "no/such/dir/x.xref", "clean.cpp4.ii"],
        ),
    ];
    let host_outputs = [
        "--gen_c_file_name",
        "o.cudafe1.cpp",
        "--stub_file_name",
        "o.cudafe1.stub.c",
        "--gen_module_id_file",
        "--module_id_file_name",
        "o.module_id",
    ];
    let mut report = String::new();
    for (what, args) in cases {
        let theirs = Command::new(tc.bin("cudafe++"))
            .args(["--c++17", "--m64"])
            .args(host_outputs)
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap();
        let theirs_code = theirs.status.code().unwrap_or(-1);
        let theirs_stderr = String::from_utf8_lossy(&theirs.stderr).into_owned();
        let mut cufe_args = vec!["--c++17", "--m64"];
        cufe_args.extend(host_outputs);
        cufe_args.extend(args);
        let ours = cudafe(dir, &cufe_args);
        let (ours_code, ours_stderr) = ours.split_once('\n').unwrap();
        assert_eq!(
            ours_code,
            format!("exit {theirs_code}"),
            "{what}: cufe {ours_stderr}\ncudafe++ {theirs_stderr}"
        );
        // Where cudafe++ stops (errors, catastrophic errors), cufe says what it says.
        if theirs_code != 0 {
            assert_eq!(ours_stderr, theirs_stderr, "{what}");
        }
        report += &format!("{what}: exit {theirs_code}\n");
    }
    expect![[r#"
        clean, --xref: exit 0
        a warning, --xref: exit 0
        an error: exit 2
        a missing input: exit 4
        a bad option: exit 4
        no input: exit 4
        an unwritable --xref: exit 4
    "#]]
    .assert_eq(&report);
}
