//! The mangler against g++: `test_data/mangle/gxx_expect.tsv` holds, for each declaration of
//! the differential corpus (`tests/gxx/decls.rs`), the symbol g++ 12 emitted for it
//! (regenerate with `cargo xtask mangle-expect`). The mangler, fed the matching AST, must
//! produce the same bytes for every one.

#[path = "gxx/decls.rs"]
mod decls;

use std::collections::HashMap;
use std::path::PathBuf;

#[test]
fn mangler_matches_gxx() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../test_data/mangle/gxx_expect.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run `cargo xtask mangle-expect`)", path.display()));
    let expected: HashMap<&str, &str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .collect();
    let corpus = decls::corpus();
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for d in &corpus.decls {
        let want = expected
            .get(d.id.as_str())
            .copied()
            .unwrap_or_else(|| panic!("{} is not in {}: regenerate it", d.id, path.display()));
        assert!(
            corpus.cpp.contains(d.ident()),
            "{} is missing from the C++ corpus",
            d.id
        );
        checked += 1;
        match mangle::mangle(&corpus.ast, d.root) {
            Ok(got) if got == want => {}
            got => mismatches.push(format!("{}: mangled {got:?}, g++ emitted {want}", d.id)),
        }
    }
    // Two declarations may not claim one symbol: that would hide a wrong variant (C1 for C2).
    let mut seen = std::collections::HashSet::new();
    for d in &corpus.decls {
        let sym = expected[d.id.as_str()];
        assert!(
            sym == "?" || seen.insert(sym),
            "{} shares its symbol {sym} with another declaration",
            d.id
        );
    }
    println!(
        "g++ expectations: {} of {checked} symbols identical",
        checked - mismatches.len()
    );
    assert!(
        checked >= 2000,
        "the corpus shrank to {checked} declarations"
    );
    assert!(
        mismatches.is_empty(),
        "{:#?}",
        &mismatches[..mismatches.len().min(40)]
    );
}
