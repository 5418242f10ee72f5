//! Incremental reparsing equals a full reparse, on random edits inside braced bodies.
//!
//! Edits are drawn by a seeded xorshift generator, so every run makes the same ones; a failure
//! prints the edit, the file and the smallest differing subtree. An edit the fast path declines
//! is a full reparse by construction, so only the edits it takes cost a full parse (the
//! reference); those are applied, and the next edit starts from the checked result (a chain).
//!
//! Inputs: small fixtures written here (so the test means something without a corpus), then the
//! corpus of `cargo xtask corpus` when present: a few edits on the largest file, the rest on the
//! smaller ones. `REPARSE_EDITS` overrides the number of corpus edits the fast path must take
//! (default 1,000).
use std::path::{Path, PathBuf};

use rowan::{NodeOrToken, TextRange, TextSize};
use syntax::{Indel, Parse, SyntaxKind, parse_text};

/// xorshift64*: tiny, deterministic, good enough to pick edits.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// What edits insert: tokens, statements, trivia, and things that break balance or lexing.
const SNIPPETS: &[&str] = &[
    "x",
    "y2",
    "42",
    "0x1fULL",
    "1.5e3f",
    ";",
    "x = 1;",
    "int y = 2;",
    " ",
    "\n",
    "\t",
    "/* c */",
    "// line comment\n",
    "foo(1, 2);",
    "if (a) b; else c;",
    "T * p;",
    "a < b > c;",
    "return 0;",
    "\"str\"",
    "'c'",
    "{",
    "}",
    "{ }",
    "(",
    ")",
    "#",
    "\n# 12 \"f.h\" 3\n",
    "/*",
    "\"",
    "for (;;) {}",
    "[&](int v) { return v; }",
    "k<<<1, 2>>>(p);",
    "std::vector<int> v;",
    "::",
    "<",
    ">>",
];

/// Replacements that keep a token's kind: what the fast path is for (typing in a literal, a
/// comment, whitespace).
const SAME_KIND: &[(SyntaxKind, &[&str])] = &[
    (SyntaxKind::INT_LIT, &["0", "7", "123456", "0x10", "42ull"]),
    (SyntaxKind::FLOAT_LIT, &["0.5", "1e9", "2.f"]),
    (
        SyntaxKind::STRING_LIT,
        &["\"\"", "\"edited\"", "\"a \\\" b\""],
    ),
    (SyntaxKind::CHAR_LIT, &["'a'", "'\\n'"]),
    (SyntaxKind::WHITESPACE, &[" ", "\n", "\n\n    ", "\t"]),
    (
        SyntaxKind::COMMENT,
        &["/* */", "/* edited { } */", "// x\n"],
    ),
];

#[derive(Default)]
struct Stats {
    edits: usize,
    incremental: usize,
}

/// The ranges of every reparsable block of a tree, in text order.
fn reparsable_blocks(parse: &Parse) -> Vec<TextRange> {
    parse
        .syntax_node()
        .descendants()
        .filter(|node| syntax::is_reparsable_block(node.kind()))
        .map(|node| node.text_range())
        .collect()
}

/// The tokens inside `block` (after its `{`, up to its `}`).
fn tokens_inside(parse: &Parse, block: TextRange) -> Vec<(SyntaxKind, TextRange)> {
    let node = match parse.syntax_node().covering_element(block) {
        NodeOrToken::Node(node) => node,
        NodeOrToken::Token(token) => token.parent().unwrap(),
    };
    node.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .map(|t| (t.kind(), t.text_range()))
        .filter(|(_, r)| r.start() > block.start() && r.end() < block.end())
        .collect()
}

/// A random edit strictly inside the braces of a random reparsable block.
fn random_edit(rng: &mut Rng, text: &str, parse: &Parse, blocks: &[TextRange]) -> Indel {
    let block = *rng.pick(blocks);
    let inner = TextRange::new(
        block.start() + TextSize::from(1),
        block.end() - TextSize::from(1),
    );
    let tokens = tokens_inside(parse, block);
    let snippet = *rng.pick(SNIPPETS);
    if tokens.is_empty() {
        return Indel::insert(inner.start(), snippet);
    }
    let (_, range) = *rng.pick(&tokens);
    match rng.below(10) {
        0..=1 => Indel::insert(range.start(), snippet),
        2 => {
            // at any character boundary, splitting a token
            let mut at = usize::from(inner.start()) + rng.below(usize::from(inner.len()) + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            Indel::insert(TextSize::from(at as u32), snippet)
        }
        3 => Indel::delete(range),
        4 => Indel::replace(range, snippet),
        _ => {
            // a token of the same kind, where the block has one
            let same: Vec<_> = tokens
                .iter()
                .filter_map(|&(k, r)| Some((r, SAME_KIND.iter().find(|(kind, _)| *kind == k)?.1)))
                .collect();
            match same.is_empty() {
                true => Indel::replace(range, snippet),
                false => {
                    let (range, texts) = *rng.pick(&same);
                    Indel::replace(range, *rng.pick(texts))
                }
            }
        }
    }
}

/// Makes up to `attempts` chained random edits to `text`; stops once `wanted` were taken by the
/// fast path. Those are checked against a full parse in batches of `batch`: the chained
/// incremental result must equal a full parse of the text after the batch (a wrong splice or
/// error shift would persist into it). A failing batch is replayed edit by edit to name the edit.
struct Chain<'a> {
    name: &'a str,
    seed: u64,
    batch: usize,
}

impl Chain<'_> {
    fn run(&self, text: &str, attempts: usize, wanted: usize, stats: &mut Stats) {
        let mut rng = Rng(self.seed | 1);
        let mut text = text.to_owned();
        let mut parse = parse_text(&text);
        let mut blocks = reparsable_blocks(&parse);
        let mut checkpoint = (text.clone(), parse.clone());
        let mut pending: Vec<Indel> = Vec::new();
        let mut taken = 0;
        for _ in 0..attempts {
            if taken == wanted || blocks.is_empty() {
                break;
            }
            let edit = random_edit(&mut rng, &text, &parse, &blocks);
            stats.edits += 1;
            let Some(incremental) = parse.reparse_block_only(&edit) else {
                continue;
            };
            taken += 1;
            stats.incremental += 1;
            edit.apply(&mut text);
            parse = incremental;
            // An edit may add or remove blocks (an inserted `{ }`, a `{` that turns from a
            // block into an initializer), so the list is recomputed from the result.
            blocks = reparsable_blocks(&parse);
            pending.push(edit);
            if pending.len() == self.batch {
                self.verify(&checkpoint, &pending, &text, &parse, &blocks);
                checkpoint = (text.clone(), parse.clone());
                pending.clear();
            }
        }
        if !pending.is_empty() {
            self.verify(&checkpoint, &pending, &text, &parse, &blocks);
        }
    }

    fn verify(
        &self,
        checkpoint: &(String, Parse),
        edits: &[Indel],
        text: &str,
        parse: &Parse,
        blocks: &[TextRange],
    ) {
        let full = parse_text(text);
        if parse.green() == full.green() && sorted(parse.errors()) == sorted(full.errors()) {
            assert_eq!(
                blocks,
                reparsable_blocks(&full),
                "{}: the block list drifted",
                self.name
            );
            return;
        }
        let (mut text, mut parse) = checkpoint.clone();
        for (i, edit) in edits.iter().enumerate() {
            let incremental = parse.reparse_block_only(edit).unwrap();
            edit.apply(&mut text);
            let full = parse_text(&text);
            let context = format!(
                "{}, seed {}, edit {i} of a batch: {edit:?}",
                self.name, self.seed
            );
            if incremental.green() != full.green() {
                panic!(
                    "trees differ after {context}\n{}",
                    first_difference(&incremental, &full)
                );
            }
            assert_eq!(
                sorted(incremental.errors()),
                sorted(full.errors()),
                "errors differ after {context}"
            );
            parse = incremental;
        }
        unreachable!("the batch failed but none of its edits did");
    }
}

/// The smallest differing subtree of two parses, dumped side by side (incremental, then full).
fn first_difference(incremental: &Parse, full: &Parse) -> String {
    let (mut a, mut b) = (incremental.syntax_node(), full.syntax_node());
    'descend: loop {
        for (x, y) in a.children().zip(b.children()) {
            if x.green() != y.green() {
                (a, b) = (x, y);
                continue 'descend;
            }
        }
        break;
    }
    let cut = |s: String| s.lines().take(60).collect::<Vec<_>>().join("\n");
    format!(
        "text: {:?}\nincremental:\n{}\nfull:\n{}",
        a.text().to_string(),
        cut(syntax::debug_dump(&a)),
        cut(syntax::debug_dump(&b))
    )
}

fn sorted(errors: &[syntax::SyntaxError]) -> Vec<(u32, u32, String)> {
    let mut v: Vec<_> = errors
        .iter()
        .map(|e| {
            (
                e.range.start().into(),
                e.range.end().into(),
                e.message.clone(),
            )
        })
        .collect();
    v.sort();
    v
}

const FIXTURES: &[&str] = &[
    r#"
# 1 "k.cu"
typedef unsigned long size_t;
template <class T> struct vec { T *data; size_t n; T &operator[](size_t i) { return data[i]; } };
namespace ns {
inline int add(int a, int b) { int s = a + b; if (s > 0) { s -= 1; } else { s += 1; } return s; }
}
__attribute__((global)) void kern(float *p, int n) {
    int i = 0;
    for (i = 0; i < n; ++i) { p[i] = p[i] * 2.0f; }
    while (n > 0) { --n; { int nested = n; (void)nested; } }
    auto f = [&](int v) { return v + i; };
    switch (n) { case 0: break; default: { p[0] = f(1); } }
}
int main() {
    vec<int> v;
    size_t k = 3;
    kern<<<1, 32>>>(nullptr, 4);
    return ns::add(v[k], 2);
}
"#,
    r#"
struct S { int x; int get() const { return x; } void set(int v) { x = v; } };
template <typename T> T max_of(T a, T b) { return a < b ? b : a; }
void broken() { int = ; { x +; } }
class C : public S { public: C() : S{} { set(1); } ~C() { set(0); } };
extern "C" { int puts(const char *); }
void g() { try { throw 1; } catch (...) { puts("caught"); } }
"#,
    // Bodies after qualified declarator-ids (class scope first), local classes and enums.
    r#"
struct C { typedef unsigned short mask; int v; C(mask m); bool is(mask m) const; static int s; };
int mask;
C::C(mask m) : v(m) { mask * p = nullptr; (void)p; }
bool C::is(mask m) const { struct L { int mask; }; union { int w; }; enum { e = 1 }; w = e; return m & w; }
int C::s = mask(1) + 1;
void h() { mask * 2; { enum { mask = 3 }; int k = mask; } }
"#,
];

#[test]
fn fixtures_reparse_like_a_full_parse() {
    let mut stats = Stats::default();
    for (i, fixture) in FIXTURES.iter().enumerate() {
        for seed in 0..40u64 {
            let name = format!("fixture {i}");
            Chain {
                name: &name,
                seed: seed * 7919 + i as u64,
                batch: 1,
            }
            .run(fixture, 40, usize::MAX, &mut stats);
        }
    }
    eprintln!(
        "fixtures: {} edits, {} taken incrementally and checked",
        stats.edits, stats.incremental
    );
    assert!(
        stats.incremental >= 1_000,
        "only {} of {} edits were incremental",
        stats.incremental,
        stats.edits
    );
}

fn corpus_files() -> Vec<(u64, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test_data/generated/corpus");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<(u64, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ii"))
        .filter_map(|p| Some((p.metadata().ok()?.len(), p)))
        .collect();
    files.sort();
    files
}

/// The corpus edits, split over `PARTS` tests so that they run on every core.
const PARTS: usize = 4;
/// Corpus edits per full-parse check.
const BATCH: usize = 20;

fn check_corpus_part(part: usize) {
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("skipping the corpus reparse test: no corpus (cargo xtask corpus)");
        return;
    }
    let total: usize = std::env::var("REPARSE_EDITS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    let wanted = total.div_ceil(PARTS);
    let mut stats = Stats::default();
    // Part 0 also makes a few edits on the largest file (each costs a full parse of it).
    let (largest_len, largest) = files.last().unwrap();
    let largest_edits = if part == 0 { 20.min(wanted) } else { 0 };
    if largest_edits > 0 {
        let text = std::fs::read_to_string(largest).unwrap();
        let name = largest.display().to_string();
        Chain {
            name: &name,
            seed: 1,
            batch: largest_edits,
        }
        .run(&text, 20 * largest_edits, largest_edits, &mut stats);
    }
    // The rest on this part's share of the smallest files, round-robin until enough were taken.
    let small: Vec<_> = files.iter().skip(part).step_by(PARTS).take(3).collect();
    for round in 0..20u64 {
        for (i, (_, path)) in small.iter().enumerate() {
            let remaining = wanted.saturating_sub(stats.incremental);
            if remaining == 0 {
                break;
            }
            let text = std::fs::read_to_string(path).unwrap();
            let seed = 1000 * round + 10 * part as u64 + i as u64;
            let name = path.display().to_string();
            Chain {
                name: &name,
                seed,
                batch: BATCH,
            }
            .run(&text, 1000, remaining.min(wanted / 3 + 1), &mut stats);
        }
    }
    eprintln!(
        "corpus part {part}: {} edits, {} taken incrementally and checked ({largest_edits} on {}, {:.1} MB)",
        stats.edits,
        stats.incremental,
        largest.file_name().unwrap().to_string_lossy(),
        *largest_len as f64 / 1e6,
    );
    assert!(
        stats.incremental >= wanted,
        "only {} of {} edits were incremental",
        stats.incremental,
        stats.edits
    );
}

#[test]
fn corpus_part_0() {
    check_corpus_part(0);
}
#[test]
fn corpus_part_1() {
    check_corpus_part(1);
}
#[test]
fn corpus_part_2() {
    check_corpus_part(2);
}
#[test]
fn corpus_part_3() {
    check_corpus_part(3);
}

/// `LineMap::edited` gives the map a fresh scan of the edited text gives, or declines.
mod line_map_after_an_edit {
    use proptest::prelude::*;
    use syntax::{Indel, LineMap, TextRange, TextSize};

    fn text() -> impl Strategy<Value = String> {
        let line = prop_oneof![
            Just("int x = 1;".to_string()),
            Just("".to_string()),
            Just("# 12 \"a.h\" 1 3".to_string()),
            Just("# 40 \"b.cu\" 2".to_string()),
            Just("#line 7".to_string()),
            Just("  f(y);  ".to_string()),
            Just("#pragma once".to_string()),
        ];
        prop::collection::vec(line, 0..24).prop_map(|lines| lines.join("\n"))
    }

    fn insert() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("z".to_string()),
            Just("\n".to_string()),
            Just("a\nb\n".to_string()),
            Just("\n# 3 \"c.h\"\n".to_string()),
            Just("#".to_string()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn equals_a_fresh_scan(text in text(), a in 0usize..400, len in 0usize..12, insert in insert()) {
            let start = a.min(text.len());
            let end = (start + len).min(text.len());
            let mut edited = text.clone();
            edited.replace_range(start..end, &insert);
            let edit = Indel {
                insert,
                delete: TextRange::new(TextSize::new(start as u32), TextSize::new(end as u32)),
            };
            if let Some(map) = LineMap::new(&text).edited(&edited, &edit) {
                prop_assert_eq!(map, LineMap::new(&edited));
            }
        }
    }

    #[test]
    fn an_edit_inside_a_line_is_taken_incrementally() {
        let text = "# 1 \"a.cu\"\nint x = 1;\n# 5 \"b.h\" 1 3\nint y;\n";
        let at = text.find("= 1").unwrap() + 2;
        let edit = Indel {
            insert: "23\n".to_string(),
            delete: TextRange::new(TextSize::new(at as u32), TextSize::new(at as u32 + 1)),
        };
        let mut edited = text.to_string();
        edited.replace_range(at..at + 1, "23\n");
        let map = LineMap::new(text)
            .edited(&edited, &edit)
            .expect("no marker touched");
        assert_eq!(map, LineMap::new(&edited));
    }
}
