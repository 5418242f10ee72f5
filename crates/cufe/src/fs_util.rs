//! Output files are written whole or not at all: into a temporary file beside the target, then
//! renamed over it, so an error never leaves a partial output behind.
use std::io::Write;
use std::path::Path;

use anyhow::Context;

pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    write_atomically_in_pieces(path, std::iter::once(bytes))
}

/// [`write_atomically`] of the concatenation of `pieces`, each written as it comes (a piece
/// may still be being made while the previous one is written).
pub fn write_atomically_in_pieces<B: AsRef<[u8]>>(
    path: &Path,
    pieces: impl IntoIterator<Item = B>,
) -> anyhow::Result<()> {
    stage_in_pieces(path, pieces)?.persist(path)
}

/// The bytes of a file written beside its target and not yet renamed over it: a thread that
/// makes an output writes it meanwhile, and the caller renames it when its order of outputs
/// says. Dropped unrenamed, the temporary file is removed and the target left as it was.
pub struct Staged(tempfile::NamedTempFile);

/// Writes `bytes` to a [`Staged`] file beside `path`.
pub fn stage(path: &Path, bytes: &[u8]) -> anyhow::Result<Staged> {
    stage_in_pieces(path, std::iter::once(bytes))
}

fn stage_in_pieces<B: AsRef<[u8]>>(
    path: &Path,
    pieces: impl IntoIterator<Item = B>,
) -> anyhow::Result<Staged> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
    for piece in pieces {
        tmp.write_all(piece.as_ref())?;
    }
    Ok(Staged(tmp))
}

impl Staged {
    /// Renames the file over `path` (the one it was staged for).
    pub fn persist(self, path: &Path) -> anyhow::Result<()> {
        self.0
            .persist(path)
            .with_context(|| format!("writing {}", path.display()))?;
        Ok(())
    }
}
