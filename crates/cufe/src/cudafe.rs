//! `cufe cudafe`: cudafe++-compatible mode. (Placeholder until the IL layer lands.)
use std::ffi::OsString;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<OsString>,
}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`cufe cudafe` is not built yet")
}
