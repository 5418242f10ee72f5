//! `cargo xtask corpus`: the preprocessed corpus the parser must take without one error.
//!
//! Everything is written into `test_data/generated/corpus/` (git-ignored: it reproduces header
//! text). Each entry is a small `.cu` (written here, or one of `test_data/**/*.cu`) preprocessed
//! exactly as `nvcc -c` does it, `cuda_runtime.h` force-included.
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use crate::project_root;

#[derive(clap::Args)]
pub struct Args {
    /// Only entries whose name contains this string.
    #[arg(long)]
    filter: Option<String>,
}

/// A synthetic translation unit: a name, the -std it is preprocessed at, its source.
struct Entry {
    name: String,
    std: &'static str,
    source: String,
}

fn includes(headers: &[&str]) -> String {
    headers
        .iter()
        .map(|h| format!("#include <{h}>\n"))
        .collect()
}

/// The header families of the issue, one translation unit each (plus a few combined ones).
fn header_families() -> Vec<Entry> {
    let mut entries = vec![
        Entry {
            name: "stdcpp17".into(),
            std: "c++17",
            source: includes(&["bits/stdc++.h"]),
        },
        Entry {
            name: "stdcpp20".into(),
            std: "c++20",
            source: includes(&["bits/stdc++.h"]),
        },
        Entry {
            name: "cuda_fp16".into(),
            std: "c++17",
            source: includes(&["cuda_fp16.h"]),
        },
        Entry {
            name: "cuda_bf16".into(),
            std: "c++17",
            source: includes(&["cuda_bf16.h"]),
        },
        Entry {
            name: "cooperative_groups".into(),
            std: "c++17",
            source: includes(&[
                "cooperative_groups.h",
                "cooperative_groups/reduce.h",
                "cooperative_groups/memcpy_async.h",
            ]),
        },
        Entry {
            name: "mma".into(),
            std: "c++17",
            source: includes(&["mma.h"]),
        },
        Entry {
            name: "cub".into(),
            std: "c++17",
            source: includes(&["cub/cub.cuh"]),
        },
    ];
    let cuda_std = [
        "cuda/std/atomic",
        "cuda/std/array",
        "cuda/std/bit",
        "cuda/std/cassert",
        "cuda/std/cfloat",
        "cuda/std/chrono",
        "cuda/std/climits",
        "cuda/std/cmath",
        "cuda/std/complex",
        "cuda/std/cstddef",
        "cuda/std/cstdint",
        "cuda/std/functional",
        "cuda/std/limits",
        "cuda/std/optional",
        "cuda/std/ratio",
        "cuda/std/span",
        "cuda/std/tuple",
        "cuda/std/type_traits",
        "cuda/std/utility",
        "cuda/std/variant",
        "cuda/std/expected",
        "cuda/std/mdspan",
        "cuda/std/barrier",
        "cuda/std/latch",
        "cuda/std/semaphore",
        "cuda/std/iterator",
        "cuda/std/numeric",
        "cuda/std/bitset",
        "cuda/std/inplace_vector",
    ];
    entries.push(Entry {
        name: "cuda_std_all".into(),
        std: "c++17",
        source: includes(&cuda_std),
    });
    entries.push(Entry {
        name: "cuda_std_all_cpp20".into(),
        std: "c++20",
        source: includes(&cuda_std),
    });
    for header in [
        "cuda/std/atomic",
        "cuda/std/complex",
        "cuda/std/mdspan",
        "cuda/std/variant",
        "cuda/std/chrono",
    ] {
        let name = header.replace('/', "_");
        entries.push(Entry {
            name,
            std: "c++17",
            source: includes(&[header]),
        });
    }
    entries.push(Entry {
        name: "cuda_misc".into(),
        std: "c++17",
        source: includes(&[
            "cuda/atomic",
            "cuda/barrier",
            "cuda/pipeline",
            "cuda/memory_resource",
            "cuda/annotated_ptr",
        ]),
    });
    let thrust = [
        "thrust/device_vector.h",
        "thrust/host_vector.h",
        "thrust/sort.h",
        "thrust/reduce.h",
        "thrust/transform.h",
        "thrust/scan.h",
        "thrust/copy.h",
        "thrust/fill.h",
        "thrust/sequence.h",
        "thrust/functional.h",
        "thrust/iterator/counting_iterator.h",
        "thrust/iterator/zip_iterator.h",
        "thrust/iterator/transform_iterator.h",
        "thrust/execution_policy.h",
        "thrust/unique.h",
        "thrust/count.h",
        "thrust/find.h",
        "thrust/binary_search.h",
        "thrust/remove.h",
        "thrust/partition.h",
        "thrust/tuple.h",
        "thrust/complex.h",
        "thrust/random.h",
        "thrust/set_operations.h",
        "thrust/extrema.h",
        "thrust/inner_product.h",
        "thrust/for_each.h",
        "thrust/gather.h",
        "thrust/scatter.h",
    ];
    entries.push(Entry {
        name: "thrust_all".into(),
        std: "c++17",
        source: includes(&thrust),
    });
    for header in [
        "thrust/device_vector.h",
        "thrust/sort.h",
        "thrust/reduce.h",
        "thrust/transform.h",
        "thrust/random.h",
    ] {
        let name = header.trim_end_matches(".h").replace('/', "_");
        entries.push(Entry {
            name,
            std: "c++17",
            source: includes(&[header]),
        });
    }
    entries.push(Entry {
        name: "thrust_cpp20".into(),
        std: "c++20",
        source: includes(&["thrust/device_vector.h", "thrust/sort.h", "thrust/reduce.h"]),
    });
    entries
}

/// The system headers the OpenGL units include, and the Debian packages that provide them.
const GL_HEADERS: &[&str] = &[
    "GL/gl.h",
    "GL/glx.h",
    "GL/glxext.h",
    "X11/Xlib.h",
    "X11/Xutil.h",
];
const GL_PACKAGES: &[&str] = &["libgl-dev", "libx11-dev"];

/// Programs that include OpenGL, GLX and X11 headers before the C++ standard headers (issue 16:
/// C headers full of unnamed structs, whose members must not become names of the enclosing
/// scope, in front of libstdc++'s `ctype<char>` and `locale`).
fn gl_units() -> Vec<Entry> {
    let std_headers = ["iostream", "string", "locale"];
    let with_std = |first: &[&str], extra: &str| {
        let mut source = includes(first);
        source += extra;
        source += &includes(&std_headers);
        source
    };
    vec![
        Entry {
            name: "gl_x11_std".into(),
            std: "c++17",
            source: with_std(
                &[
                    "GL/gl.h",
                    "GL/glx.h",
                    "GL/glext.h",
                    "X11/Xlib.h",
                    "X11/Xutil.h",
                    "X11/Xatom.h",
                    "X11/keysym.h",
                ],
                "",
            ),
        },
        Entry {
            name: "gl_interop_std_cpp20".into(),
            std: "c++20",
            source: with_std(
                &["GL/gl.h", "GL/glx.h", "cuda_gl_interop.h"],
                "#include <sstream>\n#include <vector>\n#include <algorithm>\n",
            ),
        },
        // Newer Khronos `glxext.h` (not Debian's) declares this SGIX_pbuffer event at file scope;
        // written out here so the unit means the same whichever `glxext.h` is installed.
        Entry {
            name: "glx_clobber_event_std".into(),
            std: "c++17",
            source: with_std(
                &["GL/glx.h"],
                "typedef struct { int type; unsigned long serial; Bool send_event; \
                 Display *display; GLXDrawable drawable; int event_type; int draw_type; \
                 unsigned int mask; int x, y; int width, height; int count; } \
                 BufferClobberEventSGIX;\n",
            ),
        },
    ]
}

/// Whether the OpenGL/X11 headers are there, installing them with apt-get when missing and
/// running as root; `Err` says why the units cannot be built.
fn ensure_gl_headers() -> Result<(), String> {
    let missing = || -> Vec<&str> {
        GL_HEADERS
            .iter()
            .copied()
            .filter(|h| {
                !["/usr/include", "/usr/local/include"]
                    .iter()
                    .any(|dir| Path::new(dir).join(h).is_file())
            })
            .collect()
    };
    if missing().is_empty() {
        return Ok(());
    }
    let is_root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !is_root {
        return Err(format!(
            "missing {} and not root to install {}",
            missing().join(", "),
            GL_PACKAGES.join(" ")
        ));
    }
    println!("installing {} with apt-get", GL_PACKAGES.join(" "));
    let install = || {
        std::process::Command::new("apt-get")
            .args(["install", "-y", "-q", "--no-install-recommends"])
            .args(GL_PACKAGES)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .is_ok_and(|s| s.success())
    };
    if !install() {
        // A fresh container has no package lists yet.
        let updated = std::process::Command::new("apt-get")
            .args(["update", "-q"])
            .status()
            .is_ok_and(|s| s.success());
        if !updated || !install() {
            return Err(format!(
                "apt-get could not install {}",
                GL_PACKAGES.join(" ")
            ));
        }
    }
    match missing().as_slice() {
        [] => Ok(()),
        still => Err(format!("still missing {} after apt-get", still.join(", "))),
    }
}

pub fn corpus_dir() -> PathBuf {
    project_root().join("test_data/generated/corpus")
}

fn cu_files(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            // `checks` holds the CUDA-check suite: programs nvcc rejects on purpose, measured by
            // `cargo xtask diff-checks`, not corpus units that must parse and infer cleanly;
            // `external` holds third-party programs (not committed) that diff-checks measures.
            if path
                .file_name()
                .is_some_and(|n| n == "generated" || n == "checks" || n == "external")
            {
                continue;
            }
            cu_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "cu") {
            out.push(path);
        }
    }
    Ok(())
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let tc = toolchain::install()?;
    let out = corpus_dir();
    let sources = out.join("src");
    std::fs::create_dir_all(&sources)?;
    let root = project_root();

    let wanted = |name: &str| args.filter.as_deref().is_none_or(|f| name.contains(f));
    let mut entries = header_families();
    let gl = gl_units();
    if gl.iter().any(|e| wanted(&e.name)) {
        match ensure_gl_headers() {
            Ok(()) => entries.extend(gl),
            Err(why) => println!(
                "note: skipping the {} OpenGL/X11 units ({}): {why}",
                gl.len(),
                gl.iter()
                    .map(|e| e.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
    let mut jobs: Vec<(String, PathBuf, &'static str, Vec<String>)> = Vec::new();
    for entry in entries {
        let path = sources.join(format!("{}.cu", entry.name));
        std::fs::write(&path, &entry.source)?;
        jobs.push((entry.name, path, entry.std, Vec::new()));
    }
    let mut user = Vec::new();
    cu_files(&root.join("test_data"), &mut user)?;
    user.sort();
    for path in user {
        let rel = path.strip_prefix(&root).unwrap_or(&path);
        let name = rel
            .with_extension("")
            .to_string_lossy()
            .replace(['/', '\\'], "__");
        let defines = toolchain::host_defines_for_nvcc_options(&toolchain::nvcc_flags_line(
            &std::fs::read_to_string(&path)?,
        ));
        jobs.push((name, path, "c++17", defines));
    }

    // The manifest: name, input, -std, defines; read by the preprocessor's corpus test and
    // `cargo xtask diff-preprocess`.
    let manifest: String = jobs
        .iter()
        .map(|(name, input, std, defines)| {
            format!(
                "{name}\t{}\t{std}\t{}\n",
                input.display(),
                defines.join(" ")
            )
        })
        .collect();
    std::fs::write(out.join("manifest.tsv"), manifest)?;
    let (mut written, mut bytes) = (0usize, 0u64);
    let mut failed = Vec::new();
    for (name, input, std, defines) in jobs {
        if !wanted(&name) {
            continue;
        }
        let output = out.join(format!("{name}.ii"));
        let result = tc
            .host_preprocess_command(&input, &output, Some(std), &defines)
            .output()
            .with_context(|| format!("preprocessing {}", input.display()))?;
        if !result.status.success() {
            failed.push(format!(
                "{name}: {}",
                String::from_utf8_lossy(&result.stderr)
            ));
            let _ = std::fs::remove_file(&output);
            continue;
        }
        bytes += std::fs::metadata(&output)?.len();
        written += 1;
    }
    println!(
        "{}: {written} files, {:.1} MB",
        out.display(),
        bytes as f64 / 1e6
    );
    if !failed.is_empty() {
        bail!(
            "{} entries failed to preprocess:\n{}",
            failed.len(),
            failed.join("\n")
        );
    }
    Ok(())
}
