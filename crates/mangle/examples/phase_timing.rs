//! Splits demangling time into parsing and printing (a profiling aid for the benchmark).
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let names: Vec<&str> = text.lines().collect();
    let opts = mangle::DemangleOptions {
        style: mangle::Style::Llvm,
        params: true,
        types: true,
    };
    let t = std::time::Instant::now();
    let parsed: Vec<_> = names
        .iter()
        .filter_map(|n| mangle::parse(n.as_bytes(), true).ok())
        .collect();
    let parse = t.elapsed();
    let t = std::time::Instant::now();
    let mut bytes = 0;
    for p in &parsed {
        bytes += mangle::print(p, &opts).map(|s| s.len()).unwrap_or(0);
    }
    let print = t.elapsed();
    let nodes: usize = parsed.iter().map(|p| p.ast.len()).sum();
    eprintln!(
        "{} names, {nodes} nodes: parse {parse:?}, print {print:?} ({bytes} bytes)",
        parsed.len()
    );
}
