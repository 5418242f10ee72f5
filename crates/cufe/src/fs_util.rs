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
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
    for piece in pieces {
        tmp.write_all(piece.as_ref())?;
    }
    tmp.persist(path)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}
