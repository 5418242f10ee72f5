//! `cufe parse`: parse preprocessed translation units, print syntax errors at their original
//! positions, end with one summary line.
//!
//! Output, all on stdout so that its order is deterministic:
//! - `FILE:LINE:COL: error: MESSAGE` per problem. FILE and LINE are the original ones, read from
//!   gcc's line markers; COL is the 1-based byte column in the preprocessed line, as cudafe++
//!   reports it. A file that cannot be read gets `PATH: error: cannot read: REASON`.
//! - exactly one last line, `parsed N files, B bytes, E errors in T ms`, where N and B count the
//!   files that could be read and E counts every problem reported above.
//!
//! Input that is not UTF-8 is an error at the first invalid byte (the syntax tree holds text, so
//! it cannot be lossless for such input). The file is still parsed, with every invalid byte
//! replaced by `?` so that all offsets, and so all positions reported, stay those of the input;
//! `--check-lossless` compares with the raw bytes and so fails for it too.
//!
//! The exit status is 0 only when no problem was reported.
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use syntax::{LineMap, TextSize};

#[derive(clap::Args)]
pub struct Args {
    /// Also check that each tree's text equals its input byte for byte.
    #[arg(long)]
    check_lossless: bool,
    /// Print the syntax tree of each file.
    #[arg(long)]
    dump_tree: bool,
    /// Preprocessed translation units (.ii) to parse.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Default)]
struct Totals {
    files: usize,
    bytes: usize,
    errors: usize,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let mut totals = Totals::default();
    let mut stdout = std::io::stdout().lock();
    for path in &args.files {
        let report = match std::fs::read(path) {
            Ok(raw) => {
                totals.files += 1;
                totals.bytes += raw.len();
                check_file(path, &raw, &args)
            }
            Err(err) => Report {
                text: format!("{}: error: cannot read: {err}\n", path.display()),
                errors: 1,
            },
        };
        totals.errors += report.errors;
        stdout.write_all(report.text.as_bytes())?;
    }
    writeln!(
        stdout,
        "parsed {} files, {} bytes, {} errors in {} ms",
        totals.files,
        totals.bytes,
        totals.errors,
        start.elapsed().as_millis()
    )?;
    Ok(if totals.errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What one file contributes to the output.
struct Report {
    text: String,
    errors: usize,
}

fn check_file(path: &Path, raw: &[u8], args: &Args) -> Report {
    let mut report = Report {
        text: String::new(),
        errors: 0,
    };
    let (text, invalid_utf8) = decode(raw);
    let line_map = LineMap::new(&text);
    let mut error = |offset: TextSize, message: &str| {
        let pos = line_map.position(offset);
        let file = pos
            .file
            .map_or_else(|| path.display().to_string(), str::to_owned);
        let _ = writeln!(
            report.text,
            "{file}:{}:{}: error: {message}",
            pos.line, pos.col
        );
        report.errors += 1;
    };
    if let Some(offset) = invalid_utf8 {
        let message = format!(
            "invalid UTF-8 (byte 0x{:02x}); cufe reads UTF-8 text",
            raw[offset]
        );
        error(TextSize::from(offset as u32), &message);
    }
    let parse = syntax::parse_text(&text);
    for syntax_error in parse.errors() {
        error(syntax_error.range.start(), &syntax_error.message);
    }
    let mismatch = args
        .check_lossless
        .then(|| first_difference(&parse.green().to_string(), raw));
    if let Some(Some(offset)) = mismatch {
        error(
            TextSize::from(offset as u32),
            "the syntax tree's text differs from the input here",
        );
    }
    if args.dump_tree {
        report.text += &syntax::debug_dump(&parse.syntax_node());
    }
    report
}

/// The text of `raw`, and the offset of its first invalid UTF-8 byte if any. Each invalid byte
/// becomes one `?`, so the text has the input's length and offsets.
fn decode(raw: &[u8]) -> (String, Option<usize>) {
    match std::str::from_utf8(raw) {
        Ok(text) => (text.to_owned(), None),
        Err(err) => {
            let first = err.valid_up_to();
            let mut text = String::with_capacity(raw.len());
            for chunk in raw.utf8_chunks() {
                text.push_str(chunk.valid());
                text.extend(std::iter::repeat_n('?', chunk.invalid().len()));
            }
            (text, Some(first))
        }
    }
}

/// The first offset where the tree's text and the input differ (or where the shorter one ends).
fn first_difference(tree_text: &str, raw: &[u8]) -> Option<usize> {
    let tree = tree_text.as_bytes();
    let common = tree.iter().zip(raw).take_while(|(a, b)| a == b).count();
    (common < tree.len().max(raw.len())).then_some(common.min(raw.len()))
}
