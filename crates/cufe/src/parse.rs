//! `cufe parse`: parse preprocessed translation units, print syntax errors at their original
//! positions, end with one summary line.
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;

#[derive(clap::Args)]
pub struct Args {
    /// Also check that each tree's text equals its input byte for byte.
    #[arg(long)]
    check_lossless: bool,
    /// Print the syntax tree.
    #[arg(long)]
    dump_tree: bool,
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let (mut bytes, mut errors, mut lossless_failures) = (0usize, 0usize, 0usize);
    for path in &args.files {
        let raw = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        let text = String::from_utf8_lossy(&raw).into_owned();
        bytes += raw.len();
        let parse = syntax::parse_text(&text);
        let line_index = base_db::LineIndex::new(&text);
        for error in parse.errors() {
            let lc = line_index.line_col(error.range.start());
            println!("{}:{}:{}: error: {}", path.display(), lc.line + 1, lc.col + 1, error.message);
        }
        errors += parse.errors().len();
        if args.check_lossless && parse.green().to_string().as_bytes() != raw.as_slice() {
            println!("{}: error: the syntax tree's text differs from the input", path.display());
            lossless_failures += 1;
        }
        if args.dump_tree {
            print!("{:#?}", parse.green());
        }
    }
    println!(
        "parsed {} files, {} bytes, {} errors in {} ms",
        args.files.len(),
        bytes,
        errors + lossless_failures,
        start.elapsed().as_millis()
    );
    Ok(if errors + lossless_failures == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
