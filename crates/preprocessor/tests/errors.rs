//! Bad input gets gcc's errors with locations, never a panic or a hang.
use std::collections::BTreeMap;
use std::sync::Arc;

use preprocessor::lexer::{LexMode, LexedFile, lex};
use preprocessor::options::{FileSystem, Options, SearchDir};

struct MapFs(BTreeMap<String, String>);

impl FileSystem for MapFs {
    fn lexed(&mut self, path: &str, mode: LexMode) -> Option<Arc<LexedFile>> {
        self.0.get(path).map(|t| Arc::new(lex(t, mode)))
    }
    fn identity(&mut self, path: &str) -> String {
        path.to_string()
    }
    fn shorter_path(&mut self, _: &str) -> Option<String> {
        None
    }
}

fn run(files: &[(&str, &str)]) -> preprocessor::Preprocessed {
    let options = Options {
        main: "/v/main.cu".into(),
        predefined: Arc::from(preprocessor::predefined::predefined_macros(None).unwrap()),
        macros: Vec::new(),
        quote_dirs: Vec::new(),
        bracket_dirs: vec![SearchDir {
            path: "/v".into(),
            sysp: 0,
        }],
        forced_includes: Vec::new(),
        lex_mode: LexMode { cxx20: false },
        iso: false,
        cplusplus: 201703,
    };
    let map = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    preprocessor::preprocess(&options, &mut MapFs(map))
}

fn errors(files: &[(&str, &str)]) -> String {
    run(files)
        .diagnostics
        .iter()
        .map(|d| d.to_string() + "\n")
        .collect()
}

#[test]
fn unterminated_conditionals() {
    expect_test::expect![[r#"
        /v/main.cu:2: error: unterminated #ifdef
        /v/main.cu:1: error: unterminated #if
    "#]]
    .assert_eq(&errors(&[("/v/main.cu", "#if 1\n#ifdef X\nint x;\n")]));
    expect_test::expect![[r#"
        /v/main.cu:1:2: error: #else without #if
        /v/main.cu:2:2: error: #endif without #if
    "#]]
    .assert_eq(&errors(&[("/v/main.cu", "#else\n#endif\n")]));
}

#[test]
fn missing_and_recursive_includes() {
    expect_test::expect![[r#"
        /v/main.cu:1:10: fatal error: nope.h: No such file or directory
    "#]]
    .assert_eq(&errors(&[(
        "/v/main.cu",
        "#include \"nope.h\"\nint after;\n",
    )]));
    let result = run(&[
        ("/v/main.cu", "#include \"self.h\"\n"),
        ("/v/self.h", "#include \"self.h\"\n"),
    ]);
    let text: Vec<String> = result.diagnostics.iter().map(|d| d.to_string()).collect();
    expect_test::expect![[r#"
        [
            "/v/self.h:1:2: error: #include nested depth 200 exceeds maximum of 200 (use -fmax-include-depth=DEPTH to increase the maximum)",
        ]
    "#]]
    .assert_debug_eq(&text);
}

#[test]
fn doubly_recursive_include_stops() {
    // Each level includes itself twice: 2^200 files before the depth limit (found by the fuzz
    // target as a timeout). The run stops at the files-entered limit.
    let result = run(&[
        ("/v/main.cu", "#include \"self.h\"\n"),
        ("/v/self.h", "#include \"self.h\"\n#include \"self.h\"\n"),
    ]);
    let last = result.diagnostics.last().expect("errors").to_string();
    expect_test::expect![[r#"
        /v/self.h:1:2: fatal error: #include: more than 20000 files entered (a recursive #include?)"#]]
    .assert_eq(&last);
}

#[test]
fn macro_recursion_terminates() {
    let result = run(&[(
        "/v/main.cu",
        "#define A B\n#define B A\n#define f(x) f(x) g\nA f(1) B\n",
    )]);
    assert!(result.diagnostics.is_empty());
    assert!(result.text.ends_with("\nA f(1) g B\n"), "{}", result.text);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let n = 1_000_000;
    let deep_if = "#if 1\n".repeat(n) + &"#endif\n".repeat(n);
    assert!(run(&[("/v/main.cu", &deep_if)]).diagnostics.is_empty());
    let deep_parens = format!("#if {}1{}\n#endif\n", "(".repeat(n), ")".repeat(n));
    expect_test::expect![[r#"
        /v/main.cu:1: error: #if expression nested too deeply
    "#]]
    .assert_eq(&errors(&[("/v/main.cu", &deep_parens)]));
    let deep_args = format!("#define f(x) x\n{}1{}\n", "f(".repeat(n), ")".repeat(n));
    let result = run(&[("/v/main.cu", &deep_args)]);
    assert!(
        result
            .diagnostics
            .iter()
            .any(|d| d.message.contains("expanded too deeply"))
    );
    // Deeper than the nesting limit, within the token budget: stops at the limit.
    let deep_args = format!(
        "#define f(x) x\n{}1{}\n",
        "f(".repeat(1000),
        ")".repeat(1000)
    );
    let result = run(&[("/v/main.cu", &deep_args)]);
    assert!(
        result
            .diagnostics
            .iter()
            .any(|d| d.message.contains("expanded too deeply"))
    );
}
