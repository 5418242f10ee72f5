//! Arbitrary token soup never panics, never loops, and always gives a lossless tree.
use proptest::prelude::*;

/// Fragments that stress the parser's decisions: templates, launches, declarators, braces.
const FRAGMENTS: &[&str] = &[
    "int",
    "T",
    "x",
    "::",
    "<",
    ">",
    ">>",
    "<<<",
    ">>>",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "*",
    "&",
    "&&",
    "=",
    "template",
    "typename",
    "class",
    "struct",
    "namespace",
    "using",
    "operator",
    "~",
    "...",
    "?",
    ":",
    "__attribute__((device))",
    "[[x]]",
    "\"s\"",
    "1",
    "1.5",
    "'c'",
    "if",
    "for",
    "return",
    "sizeof",
    "new",
    "delete",
    "decltype",
    "auto",
    "const",
    "static_cast",
    "requires",
    "concept",
    "enum",
    "extern \"C\"",
    "#pragma unroll\n",
    "\n# 1 \"a.h\" 3\n",
    "/* c */",
    " ",
    "typedef",
    "friend",
    "virtual",
    "try",
    "catch",
    "throw",
    "asm",
    "__extension__",
    "->",
    ".",
];

/// Inputs that once made the parser loop forever (found by the hir-def `lower_bodies` fuzz
/// target, minimized): a class redefined inside its own member function made the class's scope
/// the parent of a block inside it, and the next walk up the scope chain never ended.
const ONCE_HUNG: &[&str] = &[
    "template struct A{d f(){template struct A<>{}}struct{",
    "template struct A{d f(){template struct A<>{}}class{",
    "template<>struct A{d f(){template<struct A<>{}}}\ntemplate t A<>::s",
    "struct A { void f() { struct A<> {}; } struct { int x; } y; };",
    "struct A { void f() { struct A<> {}; } struct B {}; };",
    "template <class T> struct A { void f() { struct A<T> {}; } struct { T x; } y; };",
];

/// Parses `text` on another thread and fails (instead of hanging the test run) when the parse
/// does not finish within a bound far above its real cost (milliseconds).
fn parse_within_bound(text: String, bound_s: u64) -> syntax::Parse {
    let (send, receive) = std::sync::mpsc::channel();
    let shown = format!("{text:?}");
    std::thread::spawn(move || {
        let _ = send.send(syntax::parse_text(&text));
    });
    match receive.recv_timeout(std::time::Duration::from_secs(bound_s)) {
        Ok(parse) => parse,
        Err(_) => panic!("parsing {shown} did not finish within {bound_s} s"),
    }
}

#[test]
fn inputs_that_once_hung_parse_to_completion() {
    for &text in ONCE_HUNG {
        let parse = parse_within_bound(text.to_owned(), 60);
        assert_eq!(parse.syntax_node().text().to_string(), text);
    }
    // The minimized fuzzer inputs are malformed and must say so.
    for &text in &ONCE_HUNG[..3] {
        assert!(
            !parse_within_bound(text.to_owned(), 60).errors().is_empty(),
            "{text:?}"
        );
    }
}

/// A class whose member functions define classes of the same name (also as specializations)
/// and whose later members are classes: what re-parents scopes in the name table.
fn class_soup() -> impl Strategy<Value = String> {
    let local = prop::sample::select(
        &[
            "struct A<> {};",
            "struct A<int> {};",
            "template struct A<> {};",
            "struct A {};",
            "struct B { void g() {} };",
            "int y;",
            "{",
            "}",
        ][..],
    );
    let function = prop::collection::vec(local, 0..4)
        .prop_map(|items| format!("void f() {{ {} }}", items.join(" ")));
    let member = prop_oneof![
        function,
        prop::sample::select(&["int x;", "struct B {};", "struct { int y; } z;", "};"][..])
            .prop_map(str::to_owned),
    ];
    (
        prop::sample::select(&["struct", "template <class T> struct", "template<> struct"][..]),
        prop::collection::vec(member, 0..6),
    )
        .prop_map(|(key, members)| format!("{key} A {{ {} }};", members.join(" ")))
}

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..200).prop_map(|parts| parts.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn token_soup_is_lossless(text in soup()) {
        let parse = syntax::parse_text(&text);
        prop_assert_eq!(parse.syntax_node().text().to_string(), text);
    }

    #[test]
    fn arbitrary_bytes_are_lossless(text in "\\PC{0,300}") {
        let parse = syntax::parse_text(&text);
        prop_assert_eq!(parse.syntax_node().text().to_string(), text);
    }
}

proptest! {
    // Every input that fails costs its bound (and a spinning thread) per shrink step.
    #![proptest_config(ProptestConfig { cases: 512, max_shrink_iters: 8, ..ProptestConfig::default() })]

    #[test]
    fn class_soup_finishes_and_is_lossless(text in class_soup()) {
        let parse = parse_within_bound(text.clone(), 10);
        prop_assert_eq!(parse.syntax_node().text().to_string(), text);
    }
}
