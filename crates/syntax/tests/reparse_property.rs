//! Incremental reparsing equals a full reparse, on random edits inside braced bodies.
//!
//! Edits are drawn by a seeded xorshift generator, so every run makes the same ones; a failure
//! prints the seed-determined edit and the block it hit. Each edit is applied to the previous
//! edit's result (a chain), so the "old" parse of every step is the previous full parse, and each
//! step costs one full parse (the reference) plus one incremental one.
//!
//! Inputs: small fixtures written here (so the test means something without a corpus), then the
//! corpus of `cargo xtask corpus` when present: many edits on the smaller files, a few on the
//! largest. `REPARSE_EDITS` overrides the number of corpus edits (default 1,000).
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
    "x", "y2", "42", "0x1fULL", "1.5e3f", ";", "x = 1;", "int y = 2;", " ", "\n", "\t", "/* c */",
    "// line comment\n", "foo(1, 2);", "if (a) b; else c;", "T * p;", "a < b > c;", "return 0;",
    "\"str\"", "'c'", "{", "}", "{ }", "(", ")", "#", "\n# 12 \"f.h\" 3\n", "/*", "\"", "for (;;) {}",
    "[&](int v) { return v; }", "k<<<1, 2>>>(p);", "std::vector<int> v;", "::", "<", ">>",
];

#[derive(Default)]
struct Stats {
    edits: usize,
    incremental: usize,
}

/// The ranges of every reparsable block of a tree, in text order.
fn reparsable_blocks(parse: &Parse) -> Vec<TextRange> {
    let root = rowan::SyntaxNode::<RawLanguage>::new_root(parse.green().clone());
    root.descendants()
        .filter(|node| SyntaxKind::from_raw(node.kind().0).is_some_and(syntax::is_reparsable_block))
        .map(|node| node.text_range())
        .collect()
}

/// Boundaries of the tokens inside `block` (after its `{`, up to its `}`).
fn token_ranges(parse: &Parse, block: TextRange) -> Vec<TextRange> {
    let root = rowan::SyntaxNode::<RawLanguage>::new_root(parse.green().clone());
    let node = match root.covering_element(block) {
        NodeOrToken::Node(node) => node,
        NodeOrToken::Token(token) => token.parent().unwrap(),
    };
    node.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .map(|t| t.text_range())
        .filter(|r| r.start() > block.start() && r.end() < block.end())
        .collect()
}

/// A random edit strictly inside the braces of a random reparsable block, or `None` if there is
/// no block.
fn random_edit(rng: &mut Rng, text: &str, parse: &Parse, blocks: &[TextRange]) -> Option<Indel> {
    let block = *rng.pick(blocks);
    let inner = TextRange::new(block.start() + TextSize::from(1), block.end() - TextSize::from(1));
    let tokens = token_ranges(parse, block);
    let snippet = *rng.pick(SNIPPETS);
    let edit = match (rng.below(10), tokens.is_empty()) {
        (0..=3, _) | (_, true) => {
            // insert at a token boundary (or at the start of an empty body)
            let at = if tokens.is_empty() { inner.start() } else { rng.pick(&tokens).start() };
            Indel::insert(at, snippet)
        }
        (4, false) => {
            // insert at any character boundary, splitting a token
            let mut at: usize = inner.start().into();
            at += rng.below(usize::from(inner.len()) + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            Indel::insert(TextSize::from(at as u32), snippet)
        }
        (5..=6, false) => Indel::delete(*rng.pick(&tokens)),
        _ => Indel::replace(*rng.pick(&tokens), snippet),
    };
    Some(edit)
}

/// Applies `count` chained random edits to `text`, checking each incremental reparse against a
/// full one.
fn check_chain(name: &str, text: &str, seed: u64, count: usize, stats: &mut Stats) {
    let mut rng = Rng(seed | 1);
    let mut text = text.to_owned();
    let mut parse = parse_text(&text);
    for step in 0..count {
        let blocks = reparsable_blocks(&parse);
        if blocks.is_empty() {
            return;
        }
        let edit = random_edit(&mut rng, &text, &parse, &blocks).unwrap();
        let incremental = parse.reparse_block_only(&edit);
        edit.apply(&mut text);
        let full = parse_text(&text);
        stats.edits += 1;
        if let Some(incremental) = incremental {
            stats.incremental += 1;
            let context = || format!("{name}, seed {seed}, step {step}: {edit:?}");
            assert!(incremental.green() == full.green(), "trees differ after {}", context());
            assert_eq!(sorted(incremental.errors()), sorted(full.errors()), "errors differ after {}", context());
        }
        parse = full;
    }
}

fn sorted(errors: &[syntax::SyntaxError]) -> Vec<(u32, u32, String)> {
    let mut v: Vec<_> =
        errors.iter().map(|e| (e.range.start().into(), e.range.end().into(), e.message.clone())).collect();
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
];

#[test]
fn fixtures_reparse_like_a_full_parse() {
    let mut stats = Stats::default();
    for (i, fixture) in FIXTURES.iter().enumerate() {
        for seed in 0..40u64 {
            check_chain(&format!("fixture {i}"), fixture, seed * 7919 + i as u64, 25, &mut stats);
        }
    }
    eprintln!("fixtures: {} edits, {} incremental", stats.edits, stats.incremental);
    assert!(stats.edits >= 1_000, "only {} edits", stats.edits);
    // Most edits keep their block balanced: the fast path must really be taken.
    assert!(stats.incremental * 2 > stats.edits, "{} of {} incremental", stats.incremental, stats.edits);
}

fn corpus_files() -> Vec<(u64, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test_data/generated/corpus");
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut files: Vec<(u64, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ii"))
        .filter_map(|p| Some((p.metadata().ok()?.len(), p)))
        .collect();
    files.sort();
    files
}

#[test]
fn corpus_reparses_like_a_full_parse() {
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("skipping corpus_reparses_like_a_full_parse: no corpus (cargo xtask corpus)");
        return;
    }
    let total: usize = std::env::var("REPARSE_EDITS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000);
    // The largest file gets a few edits (each costs a full parse of it); the smallest files
    // the rest, spread over them.
    let (largest_len, largest) = files.last().unwrap().clone();
    let small: Vec<_> = files.iter().take(8).cloned().collect();
    let mut stats = Stats::default();
    let largest_edits = 5.min(total);
    let text = std::fs::read_to_string(&largest).unwrap();
    check_chain(&largest.display().to_string(), &text, 1, largest_edits, &mut stats);
    let per_file = (total - largest_edits).div_ceil(small.len());
    for (i, (_, path)) in small.iter().enumerate() {
        let text = std::fs::read_to_string(path).unwrap();
        let remaining = total.saturating_sub(stats.edits);
        check_chain(&path.display().to_string(), &text, 1000 + i as u64, per_file.min(remaining), &mut stats);
    }
    eprintln!(
        "corpus: {} edits ({} on {}, {:.1} MB), {} incremental",
        stats.edits,
        largest_edits,
        largest.file_name().unwrap().to_string_lossy(),
        largest_len as f64 / 1e6,
        stats.incremental
    );
    assert!(stats.edits >= total, "only {} edits", stats.edits);
    assert!(stats.incremental * 2 > stats.edits, "{} of {} incremental", stats.incremental, stats.edits);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum RawLanguage {}

impl rowan::Language for RawLanguage {
    type Kind = rowan::SyntaxKind;
    fn kind_from_raw(raw: rowan::SyntaxKind) -> rowan::SyntaxKind {
        raw
    }
    fn kind_to_raw(kind: rowan::SyntaxKind) -> rowan::SyntaxKind {
        kind
    }
}
