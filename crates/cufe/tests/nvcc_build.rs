//! The main job, differentially: every test_data program is compiled by the real nvcc twice,
//! once as shipped and once with cufe in cudafe++'s place (`cufe nvcc`), and the two host
//! objects must define and reference the same symbols (`nm`: name and type). The module id files
//! must be byte-identical wherever cudafe++'s own id is stable. One program is also linked.
//!
//! Needs the NVIDIA toolchain (`cargo xtask nvidia-toolchain`; CI installs it) and skips with
//! a note without it. `CUFE_NVCC_BUILD_FILTER=name` runs the programs whose name contains it.
use std::path::{Path, PathBuf};
use std::process::Command;

/// Programs whose host objects still differ, each with the reason. The test fails if one of
/// them starts to match (so the list shrinks as the work lands) or another stops matching.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn symbols(object: &Path) -> Vec<String> {
    toolchain::object_symbols(object).expect("nm reads the object")
}

struct Build {
    object: PathBuf,
    module_id: Option<String>,
    log: String,
}

fn build(
    nvcc: &Path,
    extra: &[&str],
    source: &Path,
    flags: &[String],
    dir: &Path,
) -> Option<Build> {
    std::fs::create_dir_all(dir).unwrap();
    let name = source.file_stem().unwrap().to_string_lossy().into_owned();
    let object = dir.join(format!("{name}.o"));
    let out = Command::new(nvcc)
        .args(extra)
        .args(["-keep", "-c"])
        .args(flags)
        .arg(source)
        .arg("-o")
        .arg(&object)
        .current_dir(dir)
        .output()
        .expect("nvcc runs");
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if !out.status.success() {
        eprintln!("{}: nvcc failed:\n{log}", source.display());
        return None;
    }
    let module_id = std::fs::read_to_string(dir.join(format!("{name}.module_id"))).ok();
    Some(Build {
        object,
        module_id,
        log,
    })
}

#[test]
fn test_data_programs_build_with_cufe_in_cudafe_s_place() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("skipped: the NVIDIA toolchain is not installed (cargo xtask nvidia-toolchain)");
        return;
    };
    let filter = std::env::var("CUFE_NVCC_BUILD_FILTER").ok();
    let cufe = PathBuf::from(env!("CARGO_BIN_EXE_cufe"));
    let work = tempfile::tempdir().unwrap();
    let mut programs: Vec<PathBuf> = std::fs::read_dir(root().join("test_data/cu"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .filter(|p| {
            filter
                .as_ref()
                .is_none_or(|f| p.to_string_lossy().contains(f.as_str()))
        })
        .collect();
    programs.sort();
    let mut report = Vec::new();
    let (mut same, mut ids_same, mut ids_stable) = (0, 0, 0);
    for source in &programs {
        let name = source.file_stem().unwrap().to_string_lossy().into_owned();
        let flags = toolchain::nvcc_flags_line(&std::fs::read_to_string(source).unwrap());
        let theirs = build(
            &tc.bin("nvcc"),
            &[],
            source,
            &flags,
            &work.path().join(format!("{name}/ref")),
        )
        .unwrap_or_else(|| panic!("{name}: the reference nvcc must build it"));
        let ours = build(
            &cufe,
            &["nvcc"],
            source,
            &flags,
            &work.path().join(format!("{name}/cufe")),
        );
        let matches = ours
            .as_ref()
            .is_some_and(|ours| symbols(&ours.object) == symbols(&theirs.object));
        let known = KNOWN_DIFFERENCES.iter().find(|(n, _)| *n == name);
        match (matches, known) {
            (true, None) => same += 1,
            (false, Some(_)) => {}
            (true, Some((_, why))) => report.push(format!(
                "{name}: now matches; remove it from KNOWN_DIFFERENCES ({why})"
            )),
            (false, None) => report.push(format!(
                "{name}: host object symbols differ{}",
                ours.as_ref().map_or_else(
                    || " (cufe's build failed)".to_string(),
                    |o| format!("\n{}", o.log)
                )
            )),
        }
        // cudafe++'s id ends in _<pid> where it has no definition to name it after (and with
        // -rdc): there only the form can agree.
        let stable = theirs.module_id.as_ref().is_some_and(|id| {
            !id.rsplit('_')
                .next()
                .unwrap_or("")
                .chars()
                .all(|c| c.is_ascii_digit())
        });
        if stable && known.is_none() {
            ids_stable += 1;
            let ours_id = ours.as_ref().and_then(|o| o.module_id.clone());
            if ours_id == theirs.module_id {
                ids_same += 1;
            } else {
                report.push(format!(
                    "{name}: module id {ours_id:?}, cudafe++ wrote {:?}",
                    theirs.module_id
                ));
            }
        }
    }
    eprintln!(
        "host objects with cudafe++'s symbols: {same} of {} programs ({} known differences); \
         module ids: {ids_same} of {ids_stable} stable ids",
        programs.len(),
        KNOWN_DIFFERENCES.len()
    );
    assert!(report.is_empty(), "{}", report.join("\n"));
}

/// A program built by `cufe nvcc` links into an executable (whose run needs a GPU).
#[test]
fn a_program_links() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("skipped: the NVIDIA toolchain is not installed (cargo xtask nvidia-toolchain)");
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let exe = work.path().join("demo_saxpy");
    let out = Command::new(env!("CARGO_BIN_EXE_cufe"))
        .arg("nvcc")
        .arg(root().join("test_data/cu/demo_saxpy.cu"))
        .arg("-o")
        .arg(&exe)
        .arg(format!("-L{}", tc.root().join("lib").display()))
        .current_dir(work.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(exe.is_file());
}

/// Host-compiler diagnostics (gcc's `file:line:col:` form, here `-Wparentheses`) point at the
/// user's file and line: the host unit keeps the line
/// of every token (cufe's rewrites keep newline counts; gcc's line markers do the rest).
#[test]
fn host_compiler_warnings_point_at_the_original_line() {
    if toolchain::Toolchain::installed().is_none() {
        eprintln!("skipped: the NVIDIA toolchain is not installed (cargo xtask nvidia-toolchain)");
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let source = work.path().join("warn.cu");
    std::fs::write(
        &source,
        "__device__ int twice(int x) {\n  return 2 * x;\n}\n\n__global__ void k(int *p) {\n  *p = twice(*p);\n}\n\nint main(int argc, char **) {\n  if (argc = 2) { int *p = nullptr; k<<<1, 1>>>(p); }\n  return 0;\n}\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cufe"))
        .args([
            "nvcc",
            "-c",
            "warn.cu",
            "-o",
            "warn.o",
            "-Xcompiler",
            "-Wall",
        ])
        .current_dir(work.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("warn.cu:10:") && l.contains("parentheses")),
        "no warning at warn.cu:10:\n{stderr}"
    );
}
