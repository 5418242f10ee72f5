//! `cargo xtask diff-preprocess`: cufe's preprocessor against `gcc -E` (gcc 12 with nvcc 13.0's
//! flags), host and device views, on every unit: test_data/**/*.cu, the CCCL examples of
//! ../shared/corpus, `bits/stdc++.h` at c++11/14/17/20 and the header units of `cargo xtask
//! corpus` (its manifest). Reports the byte-identical rate, then the rate of units whose tokens
//! are identical with each token at the same (file, line).
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::corpus::corpus_dir;
use crate::project_root;

#[derive(clap::Args)]
pub struct Args {
    /// Only units whose path contains this string.
    #[arg(long)]
    filter: Option<String>,
    /// Directory of real CUDA examples (default: ../shared/corpus/cccl-3.0.3 when present).
    #[arg(long)]
    examples: Option<PathBuf>,
    /// Only the host view.
    #[arg(long)]
    host_only: bool,
}

/// A unit: its input, its `-std`, the nvcc options that change preprocessing.
pub struct Unit {
    pub input: PathBuf,
    pub std: Option<String>,
    pub flags: Vec<String>,
}

fn cu_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "generated") {
                continue;
            }
            cu_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "cu") {
            out.push(path);
        }
    }
}

pub fn units(examples: Option<PathBuf>) -> anyhow::Result<Vec<Unit>> {
    let root = project_root();
    let mut files = Vec::new();
    cu_files(&root.join("test_data"), &mut files);
    let examples = examples.unwrap_or_else(|| root.join("../shared/corpus/cccl-3.0.3"));
    cu_files(&examples, &mut files);
    files.sort();
    let mut units = Vec::new();
    for input in files {
        let text = std::fs::read_to_string(&input).unwrap_or_default();
        let flags = toolchain::nvcc_flags_line(&text);
        let std = preprocessor::nvcc::std_of(&flags);
        units.push(Unit { input, std, flags });
    }
    let scratch = root.join("target/diff-preprocess");
    std::fs::create_dir_all(&scratch)?;
    for std in ["c++11", "c++14", "c++17", "c++20"] {
        let input = scratch.join(format!("stdcpp_{std}.cu"));
        std::fs::write(&input, "#include <bits/stdc++.h>\n")?;
        units.push(Unit {
            input,
            std: Some(std.into()),
            flags: Vec::new(),
        });
    }
    // The header units of `cargo xtask corpus`, from its manifest.
    if let Ok(manifest) = std::fs::read_to_string(corpus_dir().join("manifest.tsv")) {
        for line in manifest.lines() {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() >= 3 && cols[1].contains("/generated/corpus/src/") {
                units.push(Unit {
                    input: PathBuf::from(cols[1]),
                    std: Some(cols[2].to_string()),
                    flags: Vec::new(),
                });
            }
        }
    }
    Ok(units)
}

/// The tokens of a `.ii` with the (file, line) each is on, from its line markers.
pub fn located_tokens(ii: &str) -> Vec<(String, u32, String)> {
    let mut out = Vec::new();
    let mut file = String::new();
    let mut line = 1u32;
    let mut chunk = String::new();
    let mut chunk_line = 1;
    let flush =
        |chunk: &mut String, file: &str, start: u32, out: &mut Vec<(String, u32, String)>| {
            if chunk.is_empty() {
                return;
            }
            let lexed =
                preprocessor::lexer::lex(chunk, preprocessor::lexer::LexMode { cxx20: true });
            for t in lexed.tokens {
                out.push((file.to_string(), start + t.line - 1, t.text.to_string()));
            }
            chunk.clear();
        };
    for text in ii.split_inclusive('\n') {
        if let Some(rest) = text.strip_prefix("# ") {
            let mut parts = rest.splitn(2, ' ');
            if let (Some(n), Some(name)) = (parts.next(), parts.next())
                && let (Ok(n), Some(q)) = (n.parse::<u32>(), name.strip_prefix('"'))
            {
                flush(&mut chunk, &file, chunk_line, &mut out);
                file = q[..q.rfind('"').unwrap_or(q.len())].to_string();
                line = n;
                chunk_line = line;
                continue;
            }
        }
        if chunk.is_empty() {
            chunk_line = line;
        }
        chunk.push_str(text);
        line += 1;
    }
    flush(&mut chunk, &file, chunk_line, &mut out);
    out
}

pub struct Outcome {
    pub byte_identical: bool,
    pub token_identical: bool,
    pub first_difference: Option<String>,
}

/// Preprocess one unit both ways and compare.
pub fn compare(
    tc: &toolchain::Toolchain,
    unit: &Unit,
    device: bool,
    scratch: &Path,
) -> anyhow::Result<Outcome> {
    let gcc_out = scratch.join(if device { "gcc.cpp1.ii" } else { "gcc.cpp4.ii" });
    let extra = toolchain::host_defines_for_nvcc_options(&unit.flags);
    let mut cmd = if device {
        tc.device_preprocess_command(
            &unit.input,
            &gcc_out,
            unit.std.as_deref(),
            &extra,
            preprocessor::nvcc::DEFAULT_ARCH,
            &[],
        )
    } else {
        tc.host_preprocess_command(&unit.input, &gcc_out, unit.std.as_deref(), &extra)
    };
    let status = cmd
        .stderr(std::process::Stdio::null())
        .status()
        .context("running gcc")?;
    let gcc = if status.success() {
        std::fs::read_to_string(&gcc_out).unwrap_or_default()
    } else {
        String::new()
    };
    let mut nvcc = preprocessor::nvcc::NvccArgs::from_flags(
        &unit.input.display().to_string(),
        &tc.include_dir().display().to_string(),
        &unit.flags,
        device,
    );
    nvcc.std = unit.std.clone();
    let options = nvcc
        .options(&mut |d| Path::new(d).is_dir())
        .context("unsupported -std")?;
    let ours = preprocessor::preprocess(&options, &mut preprocessor::RealFs::default());
    if !status.success() {
        // gcc failed: we must fail too.
        let ok = ours.has_errors();
        return Ok(Outcome {
            byte_identical: ok,
            token_identical: ok,
            first_difference: (!ok).then(|| "gcc failed, cufe did not".into()),
        });
    }
    if ours.text == gcc {
        return Ok(Outcome {
            byte_identical: true,
            token_identical: true,
            first_difference: None,
        });
    }
    let (a, b) = (located_tokens(&gcc), located_tokens(&ours.text));
    let first = a
        .iter()
        .zip(&b)
        .position(|(x, y)| x != y)
        .or((a.len() != b.len()).then(|| a.len().min(b.len())));
    let first_difference =
        first.map(|i| format!("token {i}: gcc {:?}, cufe {:?}", a.get(i), b.get(i)));
    Ok(Outcome {
        byte_identical: false,
        token_identical: first.is_none(),
        first_difference,
    })
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let tc = toolchain::Toolchain::installed()
        .context("the NVIDIA toolchain is not installed (cargo xtask nvidia-toolchain)")?;
    let scratch = project_root().join("target/diff-preprocess");
    std::fs::create_dir_all(&scratch)?;
    let units = units(args.examples)?;
    let (mut total, mut bytes, mut tokens) = (0, 0, 0);
    for unit in &units {
        if args
            .filter
            .as_deref()
            .is_some_and(|f| !unit.input.to_string_lossy().contains(f))
        {
            continue;
        }
        for device in [false, true] {
            if device && args.host_only {
                continue;
            }
            let outcome = compare(&tc, unit, device, &scratch)?;
            total += 1;
            bytes += outcome.byte_identical as usize;
            tokens += outcome.token_identical as usize;
            if let Some(d) = outcome.first_difference {
                let view = if device { "device" } else { "host" };
                println!("DIFF {} ({view}): {d}", unit.input.display());
            }
        }
    }
    let pct = |n: usize| {
        if total == 0 {
            0.0
        } else {
            100.0 * n as f64 / total as f64
        }
    };
    println!(
        "{total} unit views: {bytes} byte-identical ({:.1}%), {tokens} token-identical at the same (file, line) ({:.1}%)",
        pct(bytes),
        pct(tokens)
    );
    Ok(())
}
