//! Prints the first syntax errors of preprocessed files with context, and the parse time.
//!
//! `cargo run --release -p syntax --example parse_errors -- [--dump] [-n N] FILE...`
//!
//! Environment switches: `PARSE_ONLY` times `parse_text` and the tree's drop only (wall clock,
//! and CPU time where `/proc/thread-self/schedstat` exists); `PHASES`
//! also times the lexer; `COUNT` prints node counts by kind; `SUSPICIOUS` lists expression
//! statements that look like misparsed declarations (`a * b;`, `a < b > c;`).
use std::time::Instant;

/// This thread's CPU time in ns (Linux `schedstat`), which a loaded machine does not inflate.
fn thread_cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut limit = 10usize;
    let dump = args.first().map(String::as_str) == Some("--dump");
    if dump {
        args.remove(0);
    }
    if args.first().map(String::as_str) == Some("-n") && args.len() > 1 {
        limit = args[1].parse().unwrap_or(10);
        args.drain(..2);
    }
    let mut total_bytes = 0usize;
    let mut total_errors = 0usize;
    let start_all = Instant::now();
    for path in &args {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        if std::env::var("PHASES").is_ok() {
            let t = Instant::now();
            let tokens = syntax::lex(&text);
            println!(
                "lex: {:.1} MB/s ({} tokens)",
                text.len() as f64 / 1e6 / t.elapsed().as_secs_f64(),
                tokens.len()
            );
        }
        let start = Instant::now();
        let cpu_start = thread_cpu_ns();
        let parse = syntax::parse_text(&text);
        let elapsed = start.elapsed();
        let cpu = thread_cpu_ns()
            .zip(cpu_start)
            .map(|(end, start)| end - start);
        if std::env::var("PARSE_ONLY").is_ok() {
            let cpu_mb_s = cpu.map_or(String::new(), |ns| {
                format!(
                    " ({:.1} MB/s in CPU time)",
                    text.len() as f64 * 1e3 / ns as f64
                )
            });
            println!(
                "{path}: {} bytes, {} errors, {:.1} MB/s{cpu_mb_s}, {} block contexts, ~{} KB reparse state",
                text.len(),
                parse.errors().len(),
                text.len() as f64 / 1e6 / elapsed.as_secs_f64(),
                parse.block_context_count(),
                parse.reparse_state_bytes() / 1024,
            );
            let t = Instant::now();
            let cpu_start = thread_cpu_ns();
            drop(parse);
            let cpu = thread_cpu_ns()
                .zip(cpu_start)
                .map(|(end, start)| end - start);
            println!(
                "drop: {:?} ({} ms CPU)",
                t.elapsed(),
                cpu.map_or(0, |ns| ns / 1_000_000)
            );
            continue;
        }
        if std::env::var("COUNT").is_ok() {
            let root = parse.syntax_node();
            let mut by_kind = std::collections::BTreeMap::new();
            for n in root.descendants() {
                *by_kind.entry(format!("{:?}", n.kind())).or_insert(0usize) += 1;
            }
            let mut v: Vec<_> = by_kind.into_iter().collect();
            v.sort_by_key(|(_, c)| std::cmp::Reverse(*c));
            let total: usize = v.iter().map(|(_, c)| c).sum();
            println!("nodes: {total}; top: {:?}", &v[..12.min(v.len())]);
        }
        if std::env::var("SUSPICIOUS").is_ok() {
            report_suspicious(&parse.syntax_node(), &text);
        }
        let lossless = parse.syntax_node().text() == text.as_str();
        let errors = parse.errors();
        if dump {
            print!("{}", syntax::debug_dump(&parse.syntax_node()));
        }
        println!(
            "{path}: {} bytes, {} errors, {:.1} MB/s{}",
            text.len(),
            errors.len(),
            text.len() as f64 / 1e6 / elapsed.as_secs_f64(),
            if lossless { "" } else { " NOT LOSSLESS" }
        );
        for e in errors.iter().take(limit) {
            let start = usize::from(e.range.start());
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_no = text[..start].matches('\n').count() + 1;
            let prev_start = text[..line_start.saturating_sub(1)]
                .rfind('\n')
                .map_or(0, |i| i + 1);
            let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
            println!("  {line_no}: {} at {:?}", e.message, e.range);
            println!(
                "    | {}",
                &text[prev_start..line_start.saturating_sub(1).max(prev_start)]
            );
            println!("    | {}", &text[line_start..line_end]);
            println!("    | {}^", " ".repeat(start - line_start));
        }
        total_bytes += text.len();
        total_errors += errors.len();
    }
    println!(
        "total: {} files, {:.1} MB, {} errors, {:.1} s",
        args.len(),
        total_bytes as f64 / 1e6,
        total_errors,
        start_all.elapsed().as_secs_f64()
    );
}

/// Prints expression statements that are probably misparsed declarations: `a * b;`, `a & b;`,
/// `a < b > c;` (a product or comparison whose value is discarded).
fn report_suspicious(root: &syntax::SyntaxNode, text: &str) {
    use syntax::SyntaxKind::*;
    for node in root.descendants().filter(|n| n.kind() == EXPR_STMT) {
        let Some(expr) = node.first_child() else {
            continue;
        };
        if expr.kind() != BIN_EXPR {
            continue;
        }
        let op = expr
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| !t.kind().is_trivia());
        if op.is_some_and(|t| matches!(t.kind(), STAR | AMP | AMP2 | L_ANGLE | R_ANGLE)) {
            let start = usize::from(node.text_range().start());
            let line = text[..start].matches('\n').count() + 1;
            println!("  suspicious {line}: {}", node.text());
        }
    }
}
