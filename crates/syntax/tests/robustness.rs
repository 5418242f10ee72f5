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
