//! Splits demangling time into parsing and printing (a profiling aid for the benchmark):
//! reads names from standard input, parses them all, then parses and prints them all.
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let names: Vec<&str> = text.lines().collect();
    let opts = demangle::DemangleOptions {
        style: demangle::Style::Llvm,
        params: true,
        types: true,
    };
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let mut nodes = 0;
        for n in &names {
            if let Ok(p) = demangle::parse_for(n.as_bytes(), &opts) {
                nodes += p.ast.len();
            }
        }
        let parse = t.elapsed();
        let t = std::time::Instant::now();
        let mut bytes = 0;
        for n in &names {
            bytes += demangle::demangle(n, &opts).map(|s| s.len()).unwrap_or(0);
        }
        let both = t.elapsed();
        eprintln!(
            "{} names, {nodes} nodes: parse {parse:?}, parse+print {both:?} ({bytes} bytes)",
            names.len()
        );
    }
}
