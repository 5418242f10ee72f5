//! `cufe cubin ...`. (Placeholder until the cubin crate lands.)
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Print the decoded structure of a cubin.
    Dump { file: PathBuf },
}

pub fn run(_cmd: Command) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`cufe cubin` is not built yet")
}
