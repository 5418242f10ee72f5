//! `cufe demangle` / `cu++filt`. (Placeholder until the demangler lands.)
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Names to demangle; with none, filter standard input.
    names: Vec<String>,
}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`cufe demangle` is not built yet")
}

pub fn run_as_filter() -> anyhow::Result<ExitCode> {
    anyhow::bail!("`cu++filt` is not built yet")
}
