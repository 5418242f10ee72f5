//! `cufe cubin ...`: read, dump and rewrite cubin ELF files through the `cubin` crate's model.
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

use crate::fs_util::write_atomically;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Print the decoded structure of a cubin.
    Dump {
        file: PathBuf,
        /// Print ptxas's "elfw structure:" layout instead.
        #[arg(long)]
        elfw: bool,
        /// Leave out file offsets (for comparing files that differ only in code size).
        #[arg(long)]
        no_offsets: bool,
    },
    /// Read a cubin into the model and write it back (byte-identical for ptxas output).
    Rewrite { input: PathBuf, output: PathBuf },
    /// Drop the debug sections the way ptxas leaves them out without -g/-lineinfo.
    StripDebug { input: PathBuf, output: PathBuf },
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Dump {
            file,
            elfw,
            no_offsets,
        } => {
            let model = read(&file)?;
            let text = if elfw {
                cubin::dump::dump_elfw(&model)
            } else {
                cubin::dump::dump(
                    &model,
                    cubin::dump::DumpOptions {
                        offsets: !no_offsets,
                    },
                )
            };
            print!("{text}");
        }
        Command::Rewrite { input, output } => {
            let model = read(&input)?;
            write_atomically(&output, &cubin::write(&model))?;
        }
        Command::StripDebug { input, output } => {
            let model = read(&input)?;
            let stripped = cubin::edit::strip_debug(&model)
                .map_err(|e| anyhow::anyhow!("{}: {e}", input.display()))?;
            write_atomically(&output, &cubin::write(&stripped))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn read(path: &Path) -> anyhow::Result<cubin::Cubin> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    cubin::read(&bytes).with_context(|| {
        format!(
            "{}: not a cubin ptxas 13.0 could have written",
            path.display()
        )
    })
}
