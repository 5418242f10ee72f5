//! The NVIDIA CUDA 13.0.88 toolchain as cufe uses it: the oracle for differential tests and the
//! include root for `cufe preprocess`. It installs from PyPI wheels (REFERENCE-TOOLCHAIN.md), so
//! CI and fresh machines can get it with `cargo xtask nvidia-toolchain`.
//!
//! Where it is looked for, in order: an explicit root (`--cuda-path`), `$CUDA_PATH`, then the
//! install cache `$NVIDIA_TOOLCHAIN_DIR` (default `~/.cache/nvidia-cuda-13.0.88`), whose root is
//! `unpacked/nvidia/cu13`.
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

/// The wheels, pinned exactly. cuobjdump and nvdisasm have no 13.0 wheel.
pub const WHEELS: &[&str] = &[
    "nvidia-cuda-nvcc==13.0.88",
    "nvidia-cuda-crt==13.0.88",
    "nvidia-cuda-runtime==13.0.88",
    "nvidia-nvvm==13.0.88",
    "nvidia-cuda-cccl==13.0.85",
    "nvidia-cuda-profiler-api==13.0.85",
    "nvidia-cuda-cuobjdump==13.2.51",
    "nvidia-cuda-nvdisasm==13.2.51",
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toolchain {
    root: PathBuf,
}

impl Toolchain {
    /// A toolchain at `root` (the directory holding `bin/` and `include/`), if it looks complete.
    pub fn at(root: impl Into<PathBuf>) -> Option<Toolchain> {
        let root = root.into();
        let complete =
            root.join("include/cuda_runtime.h").is_file() && root.join("include/cccl").is_dir();
        complete.then_some(Toolchain { root })
    }

    /// Finds the toolchain: `explicit`, then `$CUDA_PATH`, then the install cache.
    pub fn locate(explicit: Option<&Path>) -> anyhow::Result<Toolchain> {
        if let Some(root) = explicit {
            return Toolchain::at(root).with_context(|| {
                format!(
                    "{}: not a CUDA toolchain root (no include/cuda_runtime.h)",
                    root.display()
                )
            });
        }
        if let Some(tc) = std::env::var_os("CUDA_PATH").and_then(Toolchain::at) {
            return Ok(tc);
        }
        Toolchain::at(install_root()).context(
            "the NVIDIA CUDA 13.0.88 toolchain was not found: pass --cuda-path, set CUDA_PATH, \
             or run `cargo xtask nvidia-toolchain`",
        )
    }

    /// The cached install, if present: what tests use to decide whether to run differentially.
    pub fn installed() -> Option<Toolchain> {
        Toolchain::at(install_root())
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// An executable: `bin/<name>`, or `nvvm/bin/<name>` for cicc.
    pub fn bin(&self, name: &str) -> PathBuf {
        let direct = self.root.join("bin").join(name);
        if direct.exists() {
            direct
        } else {
            self.root.join("nvvm/bin").join(name)
        }
    }

    pub fn include_dir(&self) -> PathBuf {
        self.root.join("include")
    }

    /// The device preprocessor command nvcc 13.0 runs for `nvcc -c` (the `.cpp1.ii` cicc reads,
    /// from `nvcc --dryrun`) for virtual architecture `arch` (750 for nvcc 13.0's default sm_75)
    /// of the compile's architectures `arch_list` (all of them, sorted, in `__CUDA_ARCH_LIST__`).
    pub fn device_preprocess_command(
        &self,
        input: &Path,
        output: &Path,
        std: Option<&str>,
        extra: &[String],
        arch: u32,
        arch_list: &[u32],
    ) -> Command {
        let list = if arch_list.is_empty() {
            arch.to_string()
        } else {
            arch_list
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut cmd = Command::new(host_compiler());
        if let Some(std) = std {
            cmd.arg(format!("-std={std}"));
        }
        cmd.arg(format!("-D__CUDA_ARCH__={arch}"))
            .arg(format!("-D__CUDA_ARCH_LIST__={list}"))
            .args(["-E", "-x", "c++", "-DCUDA_DOUBLE_MATH_FUNCTIONS"]);
        self.nvcc_preprocess_args(&mut cmd, input, output, extra);
        cmd
    }

    /// What nvcc's host and device preprocessing commands share, after their view-specific
    /// leading options: nvcc's own defines, the toolkit's include paths, the forced
    /// `cuda_runtime.h`, then `extra`, the input and the output.
    fn nvcc_preprocess_args(
        &self,
        cmd: &mut Command,
        input: &Path,
        output: &Path,
        extra: &[String],
    ) {
        let include = self.include_dir();
        cmd.args(["-D__CUDACC__", "-D__NVCC__"])
            .arg(format!("-I{}", include.display()))
            .arg("-isystem")
            .arg(include.join("cccl"))
            .args([
                "-D__CUDACC_VER_MAJOR__=13",
                "-D__CUDACC_VER_MINOR__=0",
                "-D__CUDACC_VER_BUILD__=88",
                "-D__CUDA_API_VER_MAJOR__=13",
                "-D__CUDA_API_VER_MINOR__=0",
                "-D__NVCC_DIAG_PRAGMA_SUPPORT__=1",
                "-D__CUDACC_DEVICE_ATOMIC_BUILTINS__=1",
                "-include",
                "cuda_runtime.h",
                "-m64",
            ])
            .args(extra)
            .arg(input)
            .arg("-o")
            .arg(output);
    }

    /// The host preprocessor command nvcc 13.0 runs for `nvcc -c` (from `nvcc --dryrun`), writing
    /// the `.ii` that cudafe++ reads. `std` is the `-std=` value, if any; `extra` goes before the
    /// input (defines, include paths).
    pub fn host_preprocess_command(
        &self,
        input: &Path,
        output: &Path,
        std: Option<&str>,
        extra: &[String],
    ) -> Command {
        let mut cmd = Command::new(host_compiler());
        cmd.arg("-D__CUDA_ARCH_LIST__=750")
            .args(["-E", "-x", "c++"]);
        if let Some(std) = std {
            cmd.arg(format!("-std={std}"));
        }
        self.nvcc_preprocess_args(&mut cmd, input, output, extra);
        cmd
    }
}

/// The extra `-D` options nvcc gives the host preprocessor for some of its own options
/// (measured with `nvcc --dryrun`): `--extended-lambda` defines `__CUDACC_EXTENDED_LAMBDA__`,
/// `--expt-relaxed-constexpr` `__CUDACC_RELAXED_CONSTEXPR__`, `-rdc=true` `__CUDACC_RDC__`.
/// Options that do not change preprocessing are ignored.
pub fn host_defines_for_nvcc_options<S: AsRef<str>>(nvcc_options: &[S]) -> Vec<String> {
    let mut defines = Vec::new();
    for option in nvcc_options {
        let define = match option.as_ref() {
            "--extended-lambda" | "-extended-lambda" | "--expt-extended-lambda" => {
                "-D__CUDACC_EXTENDED_LAMBDA__"
            }
            "--expt-relaxed-constexpr" | "-expt-relaxed-constexpr" => {
                "-D__CUDACC_RELAXED_CONSTEXPR__"
            }
            "-rdc=true" | "--relocatable-device-code=true" | "-dc" | "--device-c" => {
                "-D__CUDACC_RDC__"
            }
            _ => continue,
        };
        if !defines.iter().any(|d| d == define) {
            defines.push(define.to_string());
        }
    }
    defines
}

/// The cudafe++ command line nvcc 13.0 runs for `nvcc -c` of `program` (from `nvcc --dryrun`),
/// without the input `.ii`: `nvcc_options` are the nvcc options of the compile
/// (`--extended-lambda`, `--expt-relaxed-constexpr`, `-rdc=true` change it), and the outputs
/// cudafe++ writes besides its log go into `scratch`.
pub fn cudafe_host_options<S: AsRef<str>>(
    program: &Path,
    nvcc_options: &[S],
    scratch: &Path,
) -> Vec<String> {
    let has = |option: &str| nvcc_options.iter().any(|o| o.as_ref() == option);
    let rdc = has("-rdc=true") || has("--relocatable-device-code=true");
    let out = |ext: &str| scratch.join(format!("x.{ext}")).display().to_string();
    let file_name = program
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut options: Vec<String> = vec!["--c++17".into()];
    if !rdc {
        options.push("--static-host-stub".into());
    }
    options.extend(
        [
            "--device-hidden-visibility",
            "--gnu_version=120200",
            "--display_error_number",
        ]
        .map(String::from),
    );
    options.extend(["--orig_src_file_name".into(), file_name]);
    options.extend(["--orig_src_path_name".into(), program.display().to_string()]);
    options.push("--allow_managed".into());
    if has("--extended-lambda") {
        options.push("--extended-lambda".into());
    }
    if has("--expt-relaxed-constexpr") {
        options.push("--relaxed_constexpr".into());
    }
    if rdc {
        options.push("--device-c".into());
    }
    options.extend(["--m64".into(), "--parse_templates".into()]);
    options.extend(["--gen_c_file_name".into(), out("cudafe1.cpp")]);
    options.extend(["--stub_file_name".into(), out("stub.c")]);
    options.extend([
        "--gen_module_id_file".into(),
        "--module_id_file_name".into(),
        out("module_id"),
    ]);
    options
}

/// The symbols of an object file as `nm` lists them, each as `type name`, sorted: what the host
/// objects nvcc builds with cudafe++ and with cufe are compared by.
pub fn object_symbols(object: &Path) -> anyhow::Result<Vec<String>> {
    let out = Command::new("nm")
        .arg(object)
        .output()
        .context("running nm")?;
    if !out.status.success() {
        bail!(
            "nm {}: {}",
            object.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut symbols: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            // `address type name`, or `type name` for an undefined symbol.
            let fields: Vec<&str> = l.split_whitespace().collect();
            fields[fields.len().saturating_sub(2)..].join(" ")
        })
        .collect();
    symbols.sort();
    Ok(symbols)
}

/// The nvcc options a test program asks for on its first line (`// nvcc-flags: --extended-lambda`),
/// the convention of cufe's `test_data/cu` (docs/arch/test_data.md).
pub fn nvcc_flags_line(source: &str) -> Vec<String> {
    source
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("// nvcc-flags:"))
        .map(|flags| flags.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The host compiler nvcc would use: `$CUFE_HOST_CXX` or `gcc`.
pub fn host_compiler() -> String {
    std::env::var("CUFE_HOST_CXX").unwrap_or_else(|_| "gcc".to_string())
}

/// Where `install` puts the wheels and the unpacked tree.
pub fn install_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("NVIDIA_TOOLCHAIN_DIR") {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    home.join(".cache/nvidia-cuda-13.0.88")
}

fn install_root() -> PathBuf {
    install_dir().join("unpacked/nvidia/cu13")
}

/// Downloads the pinned wheels with pip and unpacks them (idempotent). Returns the toolchain.
pub fn install() -> anyhow::Result<Toolchain> {
    if let Some(tc) = Toolchain::installed()
        && ["cudafe++", "cicc", "ptxas"]
            .iter()
            .all(|tool| tc.bin(tool).exists())
    {
        return Ok(tc);
    }
    let dir = install_dir();
    let wheels = dir.join("whl");
    std::fs::create_dir_all(&wheels)?;
    let status = Command::new("python3")
        .args(["-m", "pip", "download", "-q", "--no-deps", "-d"])
        .arg(&wheels)
        .args(WHEELS)
        .status()
        .context("running python3 -m pip")?;
    if !status.success() {
        bail!("pip download of the NVIDIA wheels failed ({status})");
    }
    let unpacked = dir.join("unpacked");
    for entry in std::fs::read_dir(&wheels)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "whl") {
            let status = Command::new("python3")
                .args(["-m", "zipfile", "-e"])
                .arg(&path)
                .arg(&unpacked)
                .status()?;
            if !status.success() {
                bail!("unpacking {} failed", path.display());
            }
        }
    }
    // Python's zipfile drops the executable bit.
    let root = install_root();
    for sub in ["bin", "nvvm/bin"] {
        let Ok(entries) = std::fs::read_dir(root.join(sub)) else {
            continue;
        };
        for entry in entries {
            let path = entry?.path();
            if path.is_file() {
                set_executable(&path)?;
            }
        }
    }
    Toolchain::installed().context("the wheels unpacked, but no toolchain root appeared")
}

#[cfg(unix)]
fn set_executable(path: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mut perms = std::fs::metadata(path)?.permissions();
    perms.set_mode(perms.mode() | 0o755);
    std::fs::set_permissions(path, perms)?;
    Ok(())
}

#[cfg(not(unix))]
fn set_executable(_: &Path) -> anyhow::Result<()> {
    Ok(())
}

/// The translation units the corpus tests of the semantic layers read, as `(name, text)`:
/// `test_data/generated/corpus/*.ii` under `root` when `cargo xtask corpus` made them; else, with
/// the toolchain installed, test_data's programs and two CCCL examples preprocessed into
/// `scratch` as nvcc does (only those whose file name contains `filter`); else `None`. For tests: it panics when a file cannot be read or preprocessed.
pub fn corpus_units(root: &Path, scratch: &Path, filter: &str) -> Option<Vec<(String, String)>> {
    let generated = root.join("test_data/generated/corpus");
    if let Ok(dir) = std::fs::read_dir(&generated) {
        let mut paths: Vec<PathBuf> = dir
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ii"))
            .collect();
        paths.sort();
        if !paths.is_empty() {
            return Some(
                paths
                    .iter()
                    .map(|p| {
                        let name = p.file_name().unwrap().to_string_lossy().into_owned();
                        (name, std::fs::read_to_string(p).unwrap())
                    })
                    .collect(),
            );
        }
    }
    let tc = Toolchain::installed()?;
    let mut out = Vec::new();
    let cu_dir = root.join("test_data/cu");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&cu_dir)
        .ok()?
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .collect();
    programs.sort();
    let corpus = root.join("../shared/corpus/cccl-3.0.3");
    let mut jobs: Vec<(PathBuf, Vec<String>)> = programs
        .into_iter()
        .map(|p| {
            let flags = nvcc_flags_line(&std::fs::read_to_string(&p).unwrap());
            (p, host_defines_for_nvcc_options(&flags))
        })
        .collect();
    if corpus.exists() {
        let inc = |rel: &str| format!("-I{}", corpus.join(rel).display());
        jobs.push((
            corpus.join("cub/examples/block/example_block_reduce.cu"),
            vec![inc("c2h/include"), inc("cub/test")],
        ));
        jobs.push((
            corpus.join("thrust/examples/saxpy.cu"),
            vec![inc("thrust/examples/include")],
        ));
    }
    for (source, extra) in jobs {
        let name = source.file_name().unwrap().to_string_lossy().into_owned();
        if !name.contains(filter) {
            continue;
        }
        let ii = scratch.join(format!("{name}.ii"));
        let status = tc
            .host_preprocess_command(&source, &ii, None, &extra)
            .current_dir(source.parent().unwrap())
            .status()
            .unwrap();
        assert!(
            status.success(),
            "preprocessing {} failed",
            source.display()
        );
        out.push((name, std::fs::read_to_string(&ii).unwrap()));
    }
    Some(out)
}
