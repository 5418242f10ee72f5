//! Helper of `cargo xtask mangle-expect`: prints the mangler's differential corpus as C++
//! (`gxx_corpus cpp`), or matches a symbol table (`nm -P` output) against it and prints the
//! expectations tsv (`gxx_corpus expect SYMBOLS`).

#[path = "../tests/gxx/decls.rs"]
mod decls;

use std::collections::{BTreeSet, HashMap};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let corpus = decls::corpus();
    match args.first().map(String::as_str) {
        Some("cpp") => print!("{}", corpus.cpp),
        Some("expect") => {
            let path = args.get(1).ok_or("usage: gxx_corpus expect SYMBOLS")?;
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let symbols: BTreeSet<&str> = text
                .lines()
                .filter_map(|l| l.split_whitespace().next())
                .collect();
            print!("{}", expectations(&corpus, &symbols));
        }
        _ => return Err("usage: gxx_corpus cpp | gxx_corpus expect SYMBOLS".into()),
    }
    Ok(())
}

/// For each declaration, the symbol g++ emitted for it: the one our mangler predicts when g++
/// emitted exactly that, otherwise the only unclaimed symbol naming the declaration's
/// identifier (so a wrong prediction is recorded with g++'s answer), otherwise `?`.
fn expectations(corpus: &decls::Corpus, symbols: &BTreeSet<&str>) -> String {
    let ours: Vec<Option<String>> = corpus
        .decls
        .iter()
        .map(|d| mangle::mangle(&corpus.ast, d.root).ok())
        .collect();
    let claimed: BTreeSet<&str> = ours
        .iter()
        .flatten()
        .map(String::as_str)
        .filter(|s| symbols.contains(s))
        .collect();
    let mut by_ident: HashMap<&str, Vec<&str>> = HashMap::new();
    for sym in symbols {
        if claimed.contains(sym) {
            continue;
        }
        for d in &corpus.decls {
            let ident = d.ident();
            if sym.contains(&format!("{}{ident}", ident.len())) {
                by_ident.entry(ident).or_default().push(sym);
            }
        }
    }
    let mut out = String::from(
        "# decl-id\tsymbol emitted by the compiler (written by `cargo xtask mangle-expect`)\n",
    );
    for (d, ours) in corpus.decls.iter().zip(&ours) {
        let sym = match ours {
            Some(s) if symbols.contains(s.as_str()) => s.as_str(),
            _ => match by_ident.get(d.ident()).map(Vec::as_slice) {
                Some([only]) => only,
                _ => "?",
            },
        };
        out += &format!("{}\t{sym}\n", d.id);
    }
    out
}
