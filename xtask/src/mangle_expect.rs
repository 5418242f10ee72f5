//! `cargo xtask mangle-expect`: the mangler's expectations from the real compiler.
//!
//! The `gxx_corpus` example of the mangle crate prints C++ declarations covering the mangler's
//! productions (substitutions, template parameters, ctor/dtor variants, operators, special
//! names, local names, lambdas, ABI tags, thread-locals); g++ compiles them, `nm` lists the
//! symbols, and the example matches them back to the declarations. The result,
//! `test_data/mangle/gxx_expect.tsv`, is committed: `cargo test -p mangle` checks the mangler
//! against it without a compiler.
use std::process::Command;

use anyhow::{Context, bail};

use crate::project_root;

fn output(cmd: &mut Command) -> anyhow::Result<Vec<u8>> {
    eprintln!("$ {cmd:?}");
    let out = cmd
        .current_dir(project_root())
        .output()
        .with_context(|| format!("{cmd:?}"))?;
    if !out.status.success() {
        bail!(
            "{cmd:?} failed: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(out.stdout)
}

fn example(args: &[&str]) -> Command {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.args([
        "run",
        "--quiet",
        "-p",
        "mangle",
        "--example",
        "gxx_corpus",
        "--",
    ])
    .args(args);
    cmd
}

pub fn run() -> anyhow::Result<()> {
    let root = project_root();
    // Scratch files go to the git-ignored generated directory.
    let work = root.join("test_data/generated/mangle");
    std::fs::create_dir_all(&work)?;
    let cpp = work.join("gxx_corpus.cpp");
    let obj = work.join("gxx_corpus.o");
    let syms = work.join("gxx_corpus.nm");
    std::fs::write(&cpp, output(&mut example(&["cpp"]))?)?;
    output(
        Command::new("g++")
            .args(["-std=c++20", "-c"])
            .arg(&cpp)
            .arg("-o")
            .arg(&obj),
    )?;
    std::fs::write(&syms, output(Command::new("nm").arg("-P").arg(&obj))?)?;
    let tsv = output(&mut example(&[
        "expect",
        syms.to_str().context("path is not UTF-8")?,
    ]))?;
    let unmatched = String::from_utf8_lossy(&tsv)
        .lines()
        .filter(|l| l.ends_with("\t?"))
        .count();
    let dest = root.join("test_data/mangle/gxx_expect.tsv");
    let tmp = dest.with_extension("tsv.tmp");
    std::fs::write(&tmp, &tsv)?;
    std::fs::rename(&tmp, &dest)?;
    eprintln!(
        "wrote {} ({unmatched} declarations without a symbol)",
        dest.display()
    );
    if unmatched > 0 {
        bail!("{unmatched} declarations have no symbol in g++'s output");
    }
    Ok(())
}
