//! `cufe demangle` / `cu++filt`: a c++filt-compatible demangler. Names given as arguments are
//! demangled one by one; with none, standard input is copied to standard output with every
//! mangled name replaced. Names that do not demangle are printed unchanged, as c++filt does.
use std::io::{BufRead, Write};
use std::process::ExitCode;

use mangle::filter::{demangle_text_with, demangle_word};
use mangle::{DemangleOptions, Style};

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
        let stdin = std::io::stdin();
        let mut line = String::new();
        let mut input = stdin.lock();
        loop {
            line.clear();
            // Lines that are not UTF-8 are copied through unchanged, byte for byte.
            let mut raw = Vec::new();
            if input.read_until(b'\n', &mut raw)? == 0 {
                break;
            }
            match std::str::from_utf8(&raw) {
                Ok(text) => out
                    .write_all(demangle_text_with(text, &opts, args.strip_underscore).as_bytes())?,
                Err(_) => out.write_all(&raw)?,
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
