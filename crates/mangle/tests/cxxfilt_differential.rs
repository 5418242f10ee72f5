//! Differential test against the real GNU c++filt: the `gnu` dialect must print what
//! `c++filt -i -t` (binutils) prints for every name of llvm.tsv that c++filt demangles.
//! Skipped (with a note) where c++filt is not installed; the floor applies to binutils 2.40,
//! the version measured.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use mangle::{DemangleOptions, Style, demangle_bytes};

#[test]
fn gnu_dialect_agrees_with_cxxfilt() {
    let Some(data) = common::read_corpus("llvm.tsv") else {
        return;
    };
    let Ok(version) = Command::new("c++filt").arg("--version").output() else {
        eprintln!("note: c++filt not installed; skipping");
        return;
    };
    let version = String::from_utf8_lossy(&version.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_owned();
    let names: Vec<&[u8]> = data
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .filter_map(|l| l.split(|&b| b == b'\t').next())
        .collect();
    let mut child = Command::new("c++filt")
        .args(["-i", "-t"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input: Vec<u8> = names
        .iter()
        .flat_map(|n| n.iter().copied().chain([b'\n']))
        .collect();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let theirs: Vec<&[u8]> = output.stdout.split(|&b| b == b'\n').collect();
    let opts = DemangleOptions {
        style: Style::Gnu,
        params: true,
        types: true,
    };
    let (mut demangled, mut agree) = (0, 0);
    for (name, theirs) in names.iter().zip(&theirs) {
        if theirs == name {
            continue; // c++filt did not demangle it
        }
        demangled += 1;
        if demangle_bytes(name, &opts).is_ok_and(|ours| ours.as_bytes() == *theirs) {
            agree += 1;
        }
    }
    println!(
        "{version}: demangles {demangled} names of llvm.tsv; the gnu dialect agrees on {agree}"
    );
    if version.contains(" 2.40") {
        assert!(
            agree >= 29732,
            "agreement with c++filt regressed to {agree}"
        );
    }
}
