//! `cufe demangle` / `cu++filt`: a c++filt-compatible demangler. Names given as arguments are
//! demangled one by one; with none, standard input is copied to standard output with every
//! mangled name replaced. Names that do not demangle are printed unchanged, as c++filt does.
use std::io::{BufRead, Write};
use std::process::ExitCode;

use demangle::filter::{Filter, demangle_word};
use demangle::{DemangleOptions, Style};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Names to demangle; with none, filter standard input.
    names: Vec<String>,
    /// Also demangle bare types (`i` -> `int`).
    #[arg(short = 't', long = "types")]
    types: bool,
    /// Print function names without their parameter types.
    #[arg(short = 'p', long = "no-params")]
    no_params: bool,
    /// Output dialect: gnu (c++filt), llvm (llvm-cxxfilt) or nvidia (cu++filt).
    #[arg(long, default_value = "gnu", value_parser = parse_style)]
    style: Style,
    /// Drop one leading underscore before demangling.
    #[arg(short = '_', long = "strip-underscore")]
    strip_underscore: bool,
}

fn parse_style(s: &str) -> Result<Style, String> {
    s.parse()
}

/// The same options when the binary runs as `cu++filt`, which has no subcommand.
#[derive(clap::Parser)]
#[command(
    name = "cu++filt",
    version,
    about = "Demangle C++ and CUDA symbol names"
)]
struct FilterCli {
    #[command(flatten)]
    args: Args,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let opts = DemangleOptions {
        style: args.style,
        params: !args.no_params,
        types: args.types,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.names.is_empty() {
        // Whole lines at a time, straight from the reader's buffer (a line cut by the
        // buffer's end waits in `partial`); bytes are copied as they are, UTF-8 or not.
        // Output is flushed whenever no more input is buffered, so a filter in an
        // interactive pipe answers each line at once while a file is written in large
        // blocks (c++filt flushes after every line, a system call per name).
        let mut filter = Filter::new(opts, args.strip_underscore);
        let mut input = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
        let mut partial = Vec::new();
        let mut filtered = Vec::new();
        loop {
            let buf = input.fill_buf()?;
            filtered.clear();
            if buf.is_empty() {
                filter.filter(&partial, &mut filtered);
                out.write_all(&filtered)?;
                break;
            }
            let taken = buf.len();
            let lines_end = buf
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |last| last + 1);
            if partial.is_empty() {
                filter.filter(&buf[..lines_end], &mut filtered);
            } else if lines_end > 0 {
                partial.extend_from_slice(&buf[..lines_end]);
                filter.filter(&partial, &mut filtered);
                partial.clear();
            }
            partial.extend_from_slice(&buf[lines_end..]);
            input.consume(taken);
            out.write_all(&filtered)?;
            if input.buffer().is_empty() {
                out.flush()?;
            }
        }
    } else {
        for name in &args.names {
            let text = demangle_argument(name, &opts, args.strip_underscore);
            writeln!(out, "{text}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// An argument is demangled whole (c++filt does not split it into words); `-t` lets bare
/// types through too.
fn demangle_argument(name: &str, opts: &DemangleOptions, strip_underscore: bool) -> String {
    demangle_word(name, opts, strip_underscore).unwrap_or_else(|| name.to_owned())
}

pub fn run_as_filter() -> anyhow::Result<ExitCode> {
    let cli = <FilterCli as clap::Parser>::parse();
    run(cli.args)
}
