//! The warm checker (one database, preprocessor units kept between edits, `.ii` reparsed
//! incrementally) gives, after every edit, exactly the verdict a fresh checker gives on the
//! same text. The edits cover each way the warm path can go: a body edit (preamble reused,
//! reparse of one body), a new `#include` of a file the unit never read and a `__has_include`
//! (directive lines changed: the unit is made again), an error and its repair, an edit of an
//! open header the document includes, and a namespace-scope edit (a full reparse).
use std::path::Path;

use lsp::verdict::{Checker, Finding};

fn fresh(cuda: &Path, path: &Path, text: &str, header: Option<(&Path, &str)>) -> Vec<Finding> {
    let mut checker = Checker::new(cuda);
    if let Some((h, t)) = header {
        checker.set_document(h, t.to_string());
    }
    checker.set_document(path, text.to_string());
    checker.verdict(path, &["-arch=sm_90".to_string()])
}

#[test]
fn warm_verdicts_equal_fresh_ones() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("note: NVIDIA toolchain not installed (cargo xtask nvidia-toolchain); skipped");
        return;
    };
    let cuda = tc.root().to_path_buf();
    let dir = std::env::temp_dir().join(format!("cufe-lsp-warm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("k.cu");
    let header = dir.join("extra.h");
    std::fs::write(
        &header,
        "static __device__ int unused_in_header() { return 1; }\n",
    )
    .unwrap();
    let args = ["-arch=sm_90".to_string()];

    let base = "#include <cstdio>\n__device__ int d() { return 1; }\n\
                __global__ void k(int *p) { p[0] = d(); }\n\
                void h() { int x = 1; (void)x; }\n";
    let texts: Vec<(String, Option<&str>)> = vec![
        (base.to_string(), None),
        // a body edit: a host function calls a device one
        (base.replace("(void)x;", "(void)x; d();"), None),
        // repaired
        (base.replace("int x = 1;", "int x = 2;"), None),
        // a new include the unit never read, and a __has_include
        (
            format!(
                "#include \"extra.h\"\n#if __has_include(\"extra.h\")\n#define HAS 1\n#endif\n{}",
                base.replace("int x = 2;", "int x = HAS;")
            ),
            None,
        ),
        // a syntax error, then its repair
        (base.replace("p[0] = d();", "p[0] = d(;"), None),
        (base.to_string(), None),
        // the included header, open and edited
        (
            format!("#include \"extra.h\"\n{base}"),
            Some("static __device__ int unused_in_header() { return 2; }\nvoid hh();\n"),
        ),
        // a declaration at namespace scope
        (
            format!("#include \"extra.h\"\nint global_added;\n{base}"),
            None,
        ),
    ];

    let mut warm = Checker::new(&cuda);
    let mut open_header: Option<&str> = None;
    for (i, (text, header_text)) in texts.iter().enumerate() {
        if let Some(h) = header_text {
            warm.set_document(&header, h.to_string());
            open_header = Some(h);
        }
        warm.set_document(&path, text.clone());
        let got = warm.verdict(&path, &args);
        let want = fresh(
            &cuda,
            &path,
            text,
            open_header.map(|h| (header.as_path(), h)),
        );
        assert_eq!(got, want, "edit {i}: warm and fresh verdicts differ");
        if i == 1 {
            assert!(
                got.iter().any(|f| f.text.contains("d()")),
                "edit 1 is the cross-space call: {got:#?}"
            );
        }
    }
    // Edits 1, 2, 5 and 7 leave the directive lines alone: their host views are warm.
    let counts = warm.view_counts();
    eprintln!("{counts:?}");
    assert!(counts.warm >= 4, "{counts:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A note nvcc prints after a finding (`note #3287-D` after a deprecated use, on the
/// deprecated declaration's line) is kept with the finding, placed in the document.
#[test]
fn notes_follow_their_finding() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("note: NVIDIA toolchain not installed (cargo xtask nvidia-toolchain); skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("cufe-lsp-note-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("d.cu");
    let text = "[[deprecated]] __device__ int f() { return 1; }\n\
                __device__ int d() { return f(); }\n";
    let mut checker = Checker::new(tc.root());
    checker.set_document(&path, text.to_string());
    let findings = checker.verdict(&path, &["-arch=sm_90".to_string()]);
    let deprecated = findings
        .iter()
        .find(|f| f.text.contains("deprecated"))
        .unwrap_or_else(|| panic!("no deprecation finding: {findings:#?}"));
    assert_eq!(deprecated.line, 2);
    let notes: Vec<(u32, &str, &str)> = deprecated
        .notes
        .iter()
        .map(|n| (n.line, n.code.as_str(), n.text.as_str()))
        .collect();
    assert_eq!(
        notes,
        [(1, "3287-D", "because of a \"deprecated\" attribute")],
        "{deprecated:#?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
