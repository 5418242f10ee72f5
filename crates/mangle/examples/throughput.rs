//! Demangling throughput: reads names (one per line) from standard input, demangles each as
//! `c++filt -t` would (whole names, types allowed), writes the results to standard output and
//! the rate to standard error. Compare whole processes on the same input, e.g.
//! `cut -f1 ../shared/data/demangle/llvm.tsv > names && time throughput < names` against
//! `time c++filt -t < names` (see docs/arch/mangle.md).

use std::io::{BufRead, Write};

fn main() -> std::io::Result<()> {
    let style = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(mangle::Style::Llvm);
    let opts = mangle::DemangleOptions {
        style,
        params: true,
        types: true,
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let start = std::time::Instant::now();
    let mut count = 0usize;
    let mut line = Vec::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let name = line.strip_suffix(b"\n").unwrap_or(&line);
        count += 1;
        match mangle::demangle_bytes(name, &opts) {
            Ok(s) => out.write_all(s.as_bytes())?,
            Err(_) => out.write_all(name)?,
        }
        out.write_all(b"\n")?;
    }
    out.flush()?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{count} names in {secs:.3} s = {:.0} names/s",
        count as f64 / secs
    );
    Ok(())
}
