//! `cufe check` against nvcc's recorded verdicts (test_data/checks/*.nvcc, recorded by
//! `cargo xtask diff-checks --record`) and against the programs nvcc accepts (test_data/cu,
//! ../shared/corpus and test_data/external, recorded by `diff-checks --clean --record` into
//! test_data/checks/clean/).
//!
//! The whole suite takes minutes in a debug build, so the test runs a fixed sample (every
//! `STRIDE`-th case/variant, programs in name order); `cargo xtask diff-checks` runs them all.
//! Each case must not crash and must print no diagnostic nvcc does not print; the sample's rate
//! of identical output must not fall below the floor measured when this was written.
use std::path::{Path, PathBuf};
use std::process::Command;

use check::reference::{self, Run};

const STRIDE: usize = 8;
/// Identical outputs in the sample, measured (see docs/arch/check.md); a regression fails.
const SAMPLE_FLOOR_PERCENT: f64 = 95.0;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run_cufe(dir: &Path, file: &str, flags: &[String]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_cufe"))
        .arg("check")
        .arg("-c")
        .args(reference::BASE_FLAGS)
        .args(flags)
        .arg(file)
        .current_dir(dir)
        .output()
        .expect("running cufe check");
    let text = String::from_utf8_lossy(&[out.stdout, out.stderr].concat()).into_owned();
    Run {
        variant: String::new(),
        exit: out.status.code().unwrap_or(-1),
        output: reference::normalize(&text, &dir.display().to_string()),
    }
}

#[test]
fn suite_sample_matches_nvcc_without_false_diagnostics() {
    if toolchain::Toolchain::installed().is_none() {
        eprintln!("note: NVIDIA toolchain not installed (cargo xtask nvidia-toolchain); skipped");
        return;
    }
    let dir = root().join("test_data/checks");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let n = e.ok()?.file_name().to_string_lossy().into_owned();
            n.strip_suffix(".cu").map(String::from)
        })
        .collect();
    names.sort();
    let mut cases = Vec::new();
    for name in &names {
        let source = std::fs::read_to_string(dir.join(format!("{name}.cu"))).unwrap();
        let recorded = reference::parse_runs(
            &std::fs::read_to_string(dir.join(format!("{name}.nvcc"))).unwrap(),
        );
        for variant in reference::variants(&source) {
            let run = recorded
                .iter()
                .find(|r| r.variant == variant)
                .unwrap_or_else(|| panic!("{name}: no reference for {variant}"))
                .clone();
            cases.push((name.clone(), variant, run));
        }
    }
    assert!(
        cases.len() >= 250,
        "the suite has {} case/variants",
        cases.len()
    );
    let (mut same, mut total) = (0, 0);
    let mut failures = Vec::new();
    for (name, variant, nvcc) in cases.into_iter().step_by(STRIDE) {
        let ours = run_cufe(
            &dir,
            &format!("{name}.cu"),
            &reference::variant_flags(&variant),
        );
        total += 1;
        if ours.exit == nvcc.exit && ours.output == nvcc.output {
            same += 1;
        }
        if !matches!(ours.exit, 0..=2) || ours.output.contains("panicked at") {
            failures.push(format!("{name} [{variant}]: crashed (exit {})", ours.exit));
        }
        for extra in reference::extra_diagnostics(&ours.output, &nvcc.output) {
            failures.push(format!("{name} [{variant}]: nvcc does not print `{extra}`"));
        }
    }
    let rate = 100.0 * same as f64 / total as f64;
    eprintln!("{same} of {total} sampled case/variants identical ({rate:.1}%)");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        rate >= SAMPLE_FLOOR_PERCENT,
        "identical rate fell to {rate:.1}%"
    );
}

/// Programs nvcc accepts (test_data/cu; the CCCL corpus and test_data/external when present):
/// cufe check prints no diagnostic nvcc does not print and exits as nvcc does. In a debug
/// build a thrust example takes about 20 s, so the test checks a fixed subset, every
/// `CLEAN_STRIDE`-th program of each set in recording order; `cargo xtask diff-checks --clean`
/// (release) checks them all.
#[test]
fn no_false_diagnostics_on_programs_nvcc_accepts() {
    if toolchain::Toolchain::installed().is_none() {
        eprintln!("note: NVIDIA toolchain not installed (cargo xtask nvidia-toolchain); skipped");
        return;
    }
    let clean = root().join("test_data/checks/clean");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (set, base, stride) in [
        ("test_data", root().join("test_data/cu"), 3),
        ("corpus", root().join("../shared/corpus/cccl-3.0.3"), 16),
        ("external", root().join("test_data/external"), 3),
    ] {
        let text = std::fs::read_to_string(clean.join(format!("{set}.nvcc")))
            .unwrap_or_else(|e| panic!("test_data/checks/clean/{set}.nvcc: {e}"));
        if !base.is_dir() {
            eprintln!("note: {} absent; skipped", base.display());
            continue;
        }
        let runs = reference::parse_runs(&text);
        assert!(!runs.is_empty(), "{set}.nvcc records no program");
        for run in runs.into_iter().step_by(stride) {
            let rel = run.variant.split_once(':').map_or("", |(_, r)| r);
            let path = base.join(rel);
            if !path.is_file() {
                // test_data/external/*/src is not committed (see its README).
                eprintln!("note: {} absent; skipped", path.display());
                continue;
            }
            let dir = path.parent().unwrap();
            let flags = flags_for(set, &base, &path);
            let ours = run_cufe(dir, &path.file_name().unwrap().to_string_lossy(), &flags);
            checked += 1;
            if !matches!(ours.exit, 0..=2) || ours.output.contains("panicked at") {
                failures.push(format!("{rel}: crashed (exit {})", ours.exit));
            } else if ours.exit != run.exit {
                failures.push(format!("{rel}: exit {} (nvcc: {})", ours.exit, run.exit));
            }
            for extra in reference::extra_diagnostics(&ours.output, &run.output) {
                failures.push(format!("{rel}: nvcc does not print `{extra}`"));
            }
        }
    }
    eprintln!("{checked} programs checked");
    assert!(checked >= 17, "only {checked} programs checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The flags `cargo xtask diff-checks --clean` used (see xtask's diff_nvcc program lists).
fn flags_for(set: &str, base: &Path, path: &Path) -> Vec<String> {
    match set {
        "test_data" => return toolchain::nvcc_flags_line(&std::fs::read_to_string(path).unwrap()),
        "external" => return Vec::new(),
        _ => {}
    }
    let mut flags = if path.starts_with(base.join("cub")) {
        vec![
            format!("-I{}", base.join("c2h/include").display()),
            format!("-I{}", base.join("cub/test").display()),
        ]
    } else {
        vec![format!(
            "-I{}",
            base.join("thrust/examples/include").display()
        )]
    };
    flags.push(format!("-I{}", path.parent().unwrap().display()));
    flags
}

/// The host compiler stage: gcc runs on cufe's host translation unit after both passes accept
/// the file, as nvcc runs it on cudafe++'s; its diagnostics show the `.cu`'s lines through the
/// unit's line markers, a gcc error makes the exit status 1, `--no-host-compiler` skips it and
/// its temporary files are removed. Skipped when the toolchain or gcc is absent.
#[test]
fn host_compiler_stage_prints_gccs_diagnostics() {
    if toolchain::Toolchain::installed().is_none() {
        eprintln!("note: NVIDIA toolchain not installed (cargo xtask nvidia-toolchain); skipped");
        return;
    }
    if Command::new("gcc").arg("--version").output().is_err() {
        eprintln!("note: gcc not found; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    // A deprecated function called from host code: gcc's warning alone (cudafe++ is silent).
    write(
        "depr.cu",
        "[[deprecated]] int f() { return 1; }\n__global__ void k() {}\nint h() { return f(); }\n",
    );
    // A host-only error cudafe++ accepts (with its warning 1210): gcc's, at nvcc's column (the
    // generated `try { }`), exit 1.
    write(
        "redecl.cu",
        "void f() { try {} catch (int e) { int e = 1; (void)e; } }\n",
    );
    let run = |file: &str, extra: &[&str]| {
        let tmp = dir.path().join("tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_cufe"))
            .args(["check", "-c", "-arch=sm_90"])
            .args(extra)
            .arg(file)
            .current_dir(dir.path())
            .env("TMPDIR", &tmp)
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        let left = std::fs::read_dir(&tmp).unwrap().count();
        assert_eq!(left, 0, "temporary files left behind");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stderr) = run("depr.cu", &[]);
    expect_test::expect![[r#"
        depr.cu: In function 'int h()':
        depr.cu:3:19: warning: 'int f()' is deprecated [-Wdeprecated-declarations]
            3 | int h() { return f(); }
              |                  ~^~
        depr.cu:1:20: note: declared here
            1 | [[deprecated]] int f() { return 1; }
              |                    ^
    "#]]
    .assert_eq(&stderr);
    assert_eq!(code, Some(0));
    let (code, stderr) = run("depr.cu", &["-Xcompiler", "-Werror"]);
    assert!(
        stderr.contains("error: 'int f()' is deprecated"),
        "{stderr}"
    );
    assert_eq!(code, Some(1));
    let (code, stderr) = run("redecl.cu", &[]);
    assert!(
        stderr.contains("redecl.cu:1:40: error: redeclaration of 'int e'"),
        "{stderr}"
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        run("depr.cu", &["--no-host-compiler"]),
        (Some(0), String::new())
    );
    // A host compiler that cannot be run: a note, the front end's verdict.
    let (code, stderr) = run("depr.cu", &["-ccbin", "/nonexistent/gcc"]);
    assert!(
        stderr.starts_with("cufe check: note: the host compiler stage did not run"),
        "{stderr}"
    );
    assert_eq!(code, Some(0));
}
