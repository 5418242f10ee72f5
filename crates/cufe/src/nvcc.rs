//! `cufe nvcc ARGS...`: the real nvcc with cufe in cudafe++'s place.
//!
//! nvcc finds its tools beside itself, so we give it a toolchain overlay: a directory holding a
//! copy of the `nvcc` binary and of `nvcc.profile`, links to every other file of the real
//! toolchain, and a `bin/cudafe++` script that runs this cufe's `cudafe` with exactly the
//! arguments nvcc passes. The overlay lives in a cache directory keyed by the toolchain root
//! and this executable, and is rebuilt when either moves.
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::Context;

#[derive(clap::Args)]
pub struct Args {
    /// The reference toolchain's root (default: $CUDA_PATH, then the install cache).
    #[arg(long)]
    cuda_path: Option<PathBuf>,
    /// nvcc's arguments, passed through unchanged.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let toolchain = toolchain::Toolchain::locate(args.cuda_path.as_deref())?;
    let cufe = std::env::current_exe().context("locating the cufe executable")?;
    let overlay = overlay(toolchain.root(), &cufe)?;
    let status = Command::new(overlay.join("bin/nvcc"))
        .args(&args.args)
        .status()
        .context("running nvcc")?;
    Ok(ExitCode::from(
        status.code().unwrap_or(1).clamp(0, 255) as u8
    ))
}

/// Creates (or reuses) the overlay for `root` running `cufe`; returns its root.
pub fn overlay(root: &Path, cufe: &Path) -> anyhow::Result<PathBuf> {
    let key = crc32fast::hash(format!("{}\0{}", root.display(), cufe.display()).as_bytes());
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    let dir = base.join("cufe").join(format!("nvcc-overlay-{key:08x}"));
    let script = dir.join("bin/cudafe++");
    let wanted = format!(
        "#!/bin/sh\n# cufe's stand-in for cudafe++ (made by `cufe nvcc`)\nexec '{}' cudafe \"$@\"\n",
        cufe.display()
    );
    if std::fs::read_to_string(&script).is_ok_and(|s| s == wanted) && dir.join("bin/nvcc").exists()
    {
        return Ok(dir);
    }
    // Build beside the final place, then rename: concurrent builds never see half an overlay.
    std::fs::create_dir_all(dir.parent().expect("has a parent"))?;
    let tmp = tempfile::Builder::new()
        .prefix(".overlay-")
        .tempdir_in(dir.parent().expect("has a parent"))?;
    let staging = tmp.path();
    std::fs::create_dir(staging.join("bin"))?;
    for entry in std::fs::read_dir(root)? {
        let entry = entry?;
        if entry.file_name() != "bin" {
            symlink(&entry.path(), &staging.join(entry.file_name()))?;
        }
    }
    for entry in std::fs::read_dir(root.join("bin"))? {
        let entry = entry?;
        let name = entry.file_name();
        let to = staging.join("bin").join(&name);
        match name.to_str() {
            // nvcc resolves its profile and tools relative to its own path: copies, not links.
            Some("nvcc" | "nvcc.profile") => {
                std::fs::copy(entry.path(), &to)?;
            }
            Some("cudafe++") => {}
            _ => symlink(&entry.path(), &to)?,
        }
    }
    std::fs::write(staging.join("bin/cudafe++"), &wanted)?;
    set_executable(&staging.join("bin/cudafe++"))?;
    let staging = tmp.keep();
    if dir.exists() {
        std::fs::remove_dir_all(&dir).ok();
    }
    std::fs::rename(&staging, &dir).or_else(|err| {
        // Another process finished first: use its overlay.
        if dir.join("bin/nvcc").exists() {
            std::fs::remove_dir_all(&staging).ok();
            Ok(())
        } else {
            Err(err)
        }
    })?;
    Ok(dir)
}

#[cfg(unix)]
fn symlink(from: &Path, to: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(from, to)
}

#[cfg(unix)]
fn set_executable(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
}
