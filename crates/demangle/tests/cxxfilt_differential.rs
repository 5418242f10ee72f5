//! Differential test against the real GNU c++filt: the `gnu` dialect must print what
//! `c++filt -i -t` (binutils) prints for every name of llvm.tsv that c++filt demangles.
//! Skipped (with a note) where c++filt is not installed; the floor applies to binutils 2.40,
//! the version measured.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use demangle::{DemangleOptions, Style, demangle_bytes};

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

/// libiberty prints the declarator around a closure type (pointers, references, qualifiers,
/// arrays, and the function whose return type it is) inside the closure's first parenthesised
/// parameter declarator (`Printer`'s `PendingDeclarator`). Names built to vary each part, all
/// compared with c++filt live.
#[test]
fn closure_declarators_agree_with_cxxfilt() {
    const NAMES: [&str; 20] = [
        // libiberty.tsv's row: `forward` returning `closure&&`, the row that motivated it.
        "_Z7forwardIZ3FoovEUlPA5_T_E1_EOS0_RS0_",
        "_Z3eatIZ3FoovEUlPA5_T_E1_EvRS0_",
        // Parameters: pointer, reference, const pointer, pointer to pointer, reference to array.
        "_Z1fPZ3FoovEUlPA5_iE_",
        "_Z1fRZ3FoovEUlPA5_iE_",
        "_Z1fPKZ3FoovEUlPA5_iE_",
        "_Z1fPPZ3FoovEUlPA5_iE_",
        "_Z1fRA3_Z3FoovEUlPA5_iE_",
        "_Z1fPFPZ3FoovEUlPA5_iE_vE",
        // Return types: by value, pointer, const pointer, reference to array, rvalue reference
        // with a closure parameter, pointer to a function returning one.
        "_Z1fIZ3FoovEUlPA5_T_E1_ES0_v",
        "_Z1fIZ3FoovEUlPA5_T_E1_EPS0_S0_",
        "_Z1fIZ3FoovEUlPA5_iE_ES2_v",
        "_Z1fIZ3FoovEUlPA5_iE_EPS2_v",
        "_Z1fIZ3FoovEUlPA5_iE_EPKS2_v",
        "_Z1fIZ3FoovEUlPA5_iE_ERA3_S2_v",
        "_Z1fIZ3FoovEUlPA5_iE_EOS2_S2_",
        "_Z1fIZ3FoovEUlPA5_iE_EPFS2_vEv",
        "_Z1fIZ3FoovEUlPA5_iE_EPFPKS2_vEv",
        // Parameters that open a declarator: pointer to function, reference to array; and one
        // that does not (`int*`), where the declarator stays in place.
        "_Z1fIZ3FoovEUlPFviEE_ES2_v",
        "_Z1fIZ3FoovEUlRA5_iE_ES2_v",
        "_Z1fIZ3FoovEUlPiE_ES1_v",
    ];
    let Ok(output) = Command::new("c++filt")
        .args(["-i", "-t"])
        .args(NAMES)
        .output()
    else {
        eprintln!("note: c++filt not installed; skipping");
        return;
    };
    let theirs = String::from_utf8_lossy(&output.stdout);
    let opts = DemangleOptions {
        style: Style::Gnu,
        params: true,
        types: true,
    };
    let mut differ = Vec::new();
    for (name, theirs) in NAMES.iter().zip(theirs.lines()) {
        let ours = demangle::demangle(name, &opts).unwrap_or_else(|e| e.to_string());
        if ours != theirs {
            differ.push(format!("{name}\n  ours:     {ours}\n  c++filt:  {theirs}"));
        }
    }
    assert_eq!(theirs.lines().count(), NAMES.len());
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
