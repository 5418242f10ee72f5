//! `cufe cubin dump|rewrite|strip-debug` end to end.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cubin::builder::{Kernel, Target, build_exec};

fn cufe(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cufe"))
        .arg("cubin")
        .args(args)
        .output()
        .unwrap()
}

fn generated() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test_data/generated/cubin")
}

fn sample() -> Vec<u8> {
    let kernel = Kernel {
        name: "k".into(),
        params: Vec::new(),
        code: vec![0; 128],
        regcount: 8,
        frame_size: 0,
        min_stack_size: 0,
        max_stack_size: 0,
        code_attributes: Vec::new(),
        frame_program: vec![0; 4],
    };
    let target = Target {
        sm: 90,
        virtual_sm: 90,
        tool_options: "-arch sm_90 ".into(),
        compat: Vec::new(),
    };
    cubin::write(&build_exec(&target, &[kernel]).unwrap())
}

#[test]
fn dump_rewrite_and_errors() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.cubin");
    std::fs::write(&good, sample()).unwrap();

    let out = cufe(&["dump".as_ref(), good.as_os_str()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("header: type=EXEC sm=90 family=H"),
        "{text}"
    );
    assert!(text.contains("SVAL EIATTR_PARAM_CBANK sym="), "{text}");

    let out = cufe(&["dump".as_ref(), "--elfw".as_ref(), good.as_os_str()]);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("elfw structure:\nheader: size=")
    );

    let copy = dir.path().join("copy.cubin");
    assert!(
        cufe(&["rewrite".as_ref(), good.as_os_str(), copy.as_os_str()])
            .status
            .success()
    );
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&good).unwrap());

    // A truncated file: a located error, a non-zero exit and no output file.
    let bad = dir.path().join("bad.cubin");
    std::fs::write(&bad, &sample()[..100]).unwrap();
    let never = dir.path().join("never.cubin");
    let out = cufe(&["rewrite".as_ref(), bad.as_os_str(), never.as_os_str()]);
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("bad.cubin: not a cubin") && stderr.contains("offset 0x"),
        "{stderr}"
    );
    assert!(!never.exists());
}

#[test]
fn strip_debug_matches_ptxas_without_lineinfo() {
    let (with, without) = (
        generated().join("devfn.lineinfo.sm_90.exec.cubin"),
        generated().join("devfn.sm_90.exec.cubin"),
    );
    if !with.exists() {
        eprintln!("note: no generated cubin corpus; run `cargo xtask cubin-corpus`");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("stripped.cubin");
    let out = cufe(&[
        "strip-debug".as_ref(),
        with.as_os_str(),
        out_path.as_os_str(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::read(out_path).unwrap() == std::fs::read(without).unwrap());
}
