//! `cufe demangle` and `cu++filt` end to end: arguments, standard input, options, dialects.
use std::io::Write;
use std::process::{Command, Stdio};

use expect_test::{Expect, expect};

fn run(program: &std::path::Path, args: &[&str], stdin: &str) -> String {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    format!(
        "exit: {}\n{}{}",
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn check(args: &[&str], stdin: &str, expect: Expect) {
    let mut full = vec!["demangle"];
    full.extend_from_slice(args);
    expect.assert_eq(&run(env!("CARGO_BIN_EXE_cufe").as_ref(), &full, stdin));
}

#[test]
fn arguments_are_demangled_one_by_one() {
    check(
        &["_ZN2ns3fooIiEEvT_", "not_mangled", "_ZNK1A1fEv"],
        "",
        expect![[r#"
            exit: 0
            void ns::foo<int>(int)
            not_mangled
            A::f() const
        "#]],
    );
}

#[test]
fn options_types_no_params_and_strip_underscore() {
    check(
        &["-t", "PKc", "i"],
        "",
        expect![[r#"
        exit: 0
        char const*
        int
    "#]],
    );
    check(
        &["i"],
        "",
        expect![[r#"
        exit: 0
        i
    "#]],
    );
    check(
        &["-p", "_Z3fooIiEvT_"],
        "",
        expect![[r#"
        exit: 0
        foo<int>
    "#]],
    );
    check(
        &["--strip-underscore", "__Z3barv"],
        "",
        expect![[r#"
        exit: 0
        bar()
    "#]],
    );
}

#[test]
fn dialects() {
    let name = "_ZN12_GLOBAL__N_11fIPKcEEvT_";
    check(
        &["--style", "gnu", name],
        "",
        expect![[r#"
        exit: 0
        void (anonymous namespace)::f<char const*>(char const*)
    "#]],
    );
    check(
        &["--style", "llvm", name],
        "",
        expect![[r#"
        exit: 0
        void (anonymous namespace)::f<char const*>(char const*)
    "#]],
    );
    check(
        &["--style", "nvidia", name],
        "",
        expect![[r#"
        exit: 0
        void <unnamed>::f<const char *>(T1)
    "#]],
    );
    check(
        &["--style", "klingon", name],
        "",
        expect![[r#"
        exit: 2
        error: invalid value 'klingon' for '--style <STYLE>': unknown demangling style `klingon` (expected gnu, llvm or nvidia)

        For more information, try '--help'.
    "#]],
    );
}

#[test]
fn standard_input_is_filtered() {
    check(
        &[],
        "  12: call _Z6kernelIZ4mainEUnvdl1_PFivE4main1_iEvT_Pi\nplain words stay; _Z_x too\n",
        expect![[r#"
            exit: 0
              12: call void kernel<__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 1u>, int> >(__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 1u>, int>, int*)
            plain words stay; _Z_x too
        "#]],
    );
}

#[test]
fn invoked_as_cu_filt() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("cu++filt");
    // A symlink, as installations do (a copy could race with concurrent forks: ETXTBSY).
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_cufe"), &link).unwrap();
    let got = run(&link, &["--style", "nvidia", "_ZZ4mainENKUliE_clEi"], "");
    expect![[r#"
        exit: 0
        main::[lambda(int) (instance 1)]::operator ()(int) const
    "#]]
    .assert_eq(&got);
    let got = run(&link, &[], "x _Z1fv y\n");
    expect![[r#"
        exit: 0
        x f() y
    "#]]
    .assert_eq(&got);
}
