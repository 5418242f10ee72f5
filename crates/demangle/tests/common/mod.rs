//! Where the demangling corpora live. The reference copy is `../shared/data/demangle`
//! beside the repository (CI checks it out there); `test_data/mangle` keeps only the small
//! files, so that most tests still run on a machine without `../shared`.

use std::path::PathBuf;

/// The directories searched for a corpus file, best first.
fn corpus_dirs() -> [PathBuf; 2] {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    [
        root.join("../shared/data/demangle"),
        root.join("test_data/mangle"),
    ]
}

/// The bytes of corpus `file`, or `None` (after printing a note) when no copy exists.
pub fn read_corpus(file: &str) -> Option<Vec<u8>> {
    let Some(path) = corpus_dirs()
        .into_iter()
        .map(|dir| dir.join(file))
        .find(|path| path.exists())
    else {
        eprintln!(
            "note: corpus {file} not found (../shared/data/demangle or test_data/mangle); skipping"
        );
        return None;
    };
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display())))
}
