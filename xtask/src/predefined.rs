//! `cargo xtask predefined`: regenerate crates/preprocessor/data from g++ 12 (gcc's own data):
//! `predefined-<std>.txt` is `g++ -dM -E -x c++ -std=<std> /dev/null`, sorted;
//! `has-features.txt` the nonzero values of `__has_builtin(__x)` for every `__identifier` of the
//! toolchain's and libstdc++'s headers (and `__` + the arguments of `_CCCL_CHECK_BUILTIN`), and
//! of `__has_attribute`/`__has_cpp_attribute` for the names the headers pass to them.
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::Context;

use crate::project_root;

const STDS: &[&str] = &["gnu++17", "c++11", "c++14", "c++17", "c++20"];

fn gxx(args: &[&str], input: &str) -> anyhow::Result<String> {
    let mut child = Command::new("g++")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .context("running g++")?;
    child
        .stdin
        .take()
        .context("stdin")?
        .write_all(input.as_bytes())?;
    Ok(String::from_utf8_lossy(&child.wait_with_output()?.stdout).into_owned())
}

fn scan(dir: &Path, builtins: &mut BTreeSet<String>, attributes: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            scan(&path, builtins, attributes);
            continue;
        }
        let Ok(text) = std::fs::read(&path) else {
            continue;
        };
        let text = String::from_utf8_lossy(&text);
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'_' || b[i].is_ascii_alphabetic() {
                let start = i;
                while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric()) {
                    i += 1;
                }
                let word = &text[start..i];
                if word.starts_with("__") && b.get(start + 2).is_some_and(u8::is_ascii_lowercase) {
                    builtins.insert(word.to_string());
                }
                let rest = text[i..].trim_start();
                if let Some(arg) = rest.strip_prefix('(') {
                    let arg: String = arg
                        .trim_start()
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                        .collect();
                    if word.contains("CHECK_BUILTIN") && !arg.is_empty() {
                        builtins.insert(format!("__{arg}"));
                    }
                    let upper = word.to_ascii_uppercase();
                    if !arg.is_empty()
                        && (word.starts_with("__has_")
                            || upper.contains("HAS_ATTRIBUTE")
                            || upper.contains("HAS_CPP_ATTRIBUTE")
                            || upper.contains("HAS_BUILTIN"))
                    {
                        attributes.insert(arg.clone());
                        builtins.insert(arg);
                    }
                }
            } else {
                i += 1;
            }
        }
    }
}

pub fn run() -> anyhow::Result<()> {
    let data = project_root().join("crates/preprocessor/data");
    for std in STDS {
        let out = gxx(&["-dM", "-E", "-x", "c++", &format!("-std={std}"), "-"], "")?;
        let mut lines: Vec<&str> = out.lines().collect();
        lines.sort_unstable();
        std::fs::write(
            data.join(format!("predefined-{std}.txt")),
            lines.join("\n") + "\n",
        )?;
    }
    let tc = toolchain::Toolchain::installed().context("the NVIDIA toolchain is not installed")?;
    let (mut builtins, mut attributes) = (BTreeSet::new(), BTreeSet::new());
    for dir in [
        tc.include_dir(),
        "/usr/include".into(),
        "/usr/lib/gcc/x86_64-linux-gnu/12/include".into(),
    ] {
        scan(&dir, &mut builtins, &mut attributes);
    }
    let mut queries: Vec<(String, String, u32)> = Vec::new();
    queries.extend(
        builtins
            .iter()
            .map(|n| ("__has_builtin".to_string(), n.clone(), 1)),
    );
    for n in &attributes {
        queries.push(("__has_attribute".into(), n.clone(), 24));
        queries.push(("__has_cpp_attribute".into(), n.clone(), 24));
    }
    let mut out = BTreeSet::new();
    for std in STDS {
        let mut probe = String::new();
        for (i, (kind, name, bits)) in queries.iter().enumerate() {
            for k in 0..*bits {
                probe.push_str(&format!(
                    "#if ({kind}({name})) & (1 << {k})\nQ{i}_{k}\n#endif\n"
                ));
            }
        }
        let result = gxx(
            &["-E", "-P", "-x", "c++", &format!("-std={std}"), "-"],
            &probe,
        )?;
        let mut values = vec![0i64; queries.len()];
        for word in result.split_whitespace() {
            if let Some((i, k)) = word.strip_prefix('Q').and_then(|w| w.split_once('_'))
                && let (Ok(i), Ok(k)) = (i.parse::<usize>(), k.parse::<u32>())
            {
                values[i] |= 1 << k;
            }
        }
        let defines = gxx(&["-dM", "-E", "-x", "c++", &format!("-std={std}"), "-"], "")?;
        let cplusplus = defines
            .lines()
            .find_map(|l| l.strip_prefix("#define __cplusplus "))
            .context("no __cplusplus")?
            .trim_end_matches('L')
            .to_string();
        for ((kind, name, _), v) in queries.iter().zip(values) {
            if v != 0 {
                out.insert(format!("{cplusplus} {kind} {name} {v}"));
            }
        }
    }
    let header = "# Nonzero __has_builtin/__has_attribute/__has_cpp_attribute values of g++ 12 per __cplusplus, for the names the headers ask about (cargo xtask predefined)\n";
    std::fs::write(
        data.join("has-features.txt"),
        header.to_string() + &out.into_iter().collect::<Vec<_>>().join("\n") + "\n",
    )?;
    println!(
        "{}: {} predefined tables, {} feature queries",
        data.display(),
        STDS.len(),
        queries.len()
    );
    Ok(())
}
