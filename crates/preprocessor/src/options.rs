//! What a preprocessing run is given: the main file, macros, include directories; and how it
//! reads files.
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::lexer::{LexMode, LexedFile, lex};

/// A `-D`/`-U` option, in command-line order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MacroOption {
    Define(String),
    Undef(String),
}

/// One directory of the bracket chain, with gcc's system-header level: 0 user, 1 system
/// (C++-aware), 2 system (implicitly `extern "C"`; printed `3 4`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SearchDir {
    pub path: String,
    pub sysp: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    pub main: String,
    /// The text of `g++ -dM -E` for the language standard (see `predefined`).
    pub predefined: Arc<str>,
    pub macros: Vec<MacroOption>,
    pub quote_dirs: Vec<String>,
    /// -I dirs, then -isystem dirs, then gcc's default system dirs (duplicates removed).
    pub bracket_dirs: Vec<SearchDir>,
    pub forced_includes: Vec<String>,
    pub lex_mode: LexMode,
    /// `-std=c++NN` rather than `gnu++NN` (gcc's `CPP_OPTION (pfile, std)`).
    pub iso: bool,
    /// __cplusplus, for the __has_cpp_attribute table.
    pub cplusplus: u32,
}

/// Where the preprocessor reads files: the disk, or salsa inputs.
pub trait FileSystem {
    /// The lexed tokens of the file at `path`, or None when it is not a readable file.
    fn lexed(&mut self, path: &str, mode: LexMode) -> Option<Arc<LexedFile>>;
    /// What `#pragma once` compares: gcc takes two files with the same modification time,
    /// size and contents as the same file, whatever their paths.
    fn identity(&mut self, path: &str) -> String {
        let meta = std::fs::metadata(path).ok();
        let mtime = meta
            .as_ref()
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_secs());
        let bytes = std::fs::read(path).unwrap_or_default();
        format!("{mtime}:{}:{:016x}", bytes.len(), content_hash(&bytes))
    }
    /// gcc's `maybe_shorter_path` for headers found in system directories: the real path
    /// when it is shorter.
    fn shorter_path(&mut self, path: &str) -> Option<String> {
        let real = std::fs::canonicalize(path).ok()?.display().to_string();
        (real.len() < path.len()).then_some(real)
    }
    fn is_dir(&mut self, path: &str) -> bool {
        std::path::Path::new(path).is_dir()
    }
}

/// Files read from disk, each lexed once. Whether a file exists is answered from its
/// directory's listing, read once (include searches probe many directories for each name);
/// `#pragma once` identities are computed from the bytes read for lexing.
#[derive(Default)]
pub struct RealFs {
    cache: FxHashMap<String, Option<Arc<LexedFile>>>,
    identities: FxHashMap<String, String>,
    shorter: FxHashMap<String, Option<String>>,
    /// Per directory: its entries that are files or symbolic links (`true`), or None when it
    /// cannot be read.
    listings: FxHashMap<String, Option<FxHashMap<String, bool>>>,
    canonical_dirs: FxHashMap<String, Option<String>>,
}

fn split_path(path: &str) -> (&str, &str) {
    match path.rfind('/') {
        Some(0) => ("/", &path[1..]),
        Some(i) => (&path[..i], &path[i + 1..]),
        None => (".", path),
    }
}

fn mtime_secs(meta: &std::fs::Metadata) -> u64 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs())
}

impl RealFs {
    /// The directory entry for `path`: None when it is not a file or a symbolic link there,
    /// else whether it is a symbolic link.
    fn entry(&mut self, path: &str) -> Option<bool> {
        let (dir, name) = split_path(path);
        let listing = self.listings.entry(dir.to_string()).or_insert_with(|| {
            let entries = std::fs::read_dir(dir).ok()?;
            let mut map = FxHashMap::default();
            for e in entries.flatten() {
                let Ok(ty) = e.file_type() else { continue };
                if ty.is_file() || ty.is_symlink() {
                    map.insert(e.file_name().to_string_lossy().into_owned(), ty.is_symlink());
                }
            }
            Some(map)
        });
        listing.as_ref()?.get(name).copied()
    }

    fn read(&mut self, path: &str) -> Option<Vec<u8>> {
        self.entry(path)?;
        let mut file = std::fs::File::open(path).ok()?;
        let meta = file.metadata().ok()?;
        if !meta.is_file() {
            return None;
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
        std::io::Read::read_to_end(&mut file, &mut bytes).ok()?;
        let id = format!(
            "{}:{}:{:016x}",
            mtime_secs(&meta),
            bytes.len(),
            content_hash(&bytes)
        );
        self.identities.insert(path.to_string(), id);
        Some(bytes)
    }
}

impl FileSystem for RealFs {
    fn identity(&mut self, path: &str) -> String {
        if let Some(id) = self.identities.get(path) {
            return id.clone();
        }
        let meta = std::fs::metadata(path).ok();
        let mtime = meta.as_ref().map_or(0, mtime_secs);
        let bytes = std::fs::read(path).unwrap_or_default();
        let id = format!("{mtime}:{}:{:016x}", bytes.len(), content_hash(&bytes));
        self.identities.insert(path.to_string(), id.clone());
        id
    }
    fn shorter_path(&mut self, path: &str) -> Option<String> {
        if let Some(s) = self.shorter.get(path) {
            return s.clone();
        }
        // realpath: the directory's real path (once per directory), then the name, unless
        // the file itself is a symbolic link.
        let real = match self.entry(path) {
            Some(false) => {
                let (dir, name) = split_path(path);
                let canonical = self
                    .canonical_dirs
                    .entry(dir.to_string())
                    .or_insert_with(|| {
                        std::fs::canonicalize(dir)
                            .ok()
                            .map(|d| d.display().to_string())
                    })
                    .clone();
                canonical.map(|d| {
                    if d.ends_with('/') {
                        format!("{d}{name}")
                    } else {
                        format!("{d}/{name}")
                    }
                })
            }
            _ => std::fs::canonicalize(path)
                .ok()
                .map(|p| p.display().to_string()),
        };
        let r = real.filter(|r| r.len() < path.len());
        self.shorter.insert(path.to_string(), r.clone());
        r
    }
    fn lexed(&mut self, path: &str, mode: LexMode) -> Option<Arc<LexedFile>> {
        if let Some(l) = self.cache.get(path) {
            return l.clone();
        }
        let lexed = self.read(path).map(|bytes| {
            let text = match std::str::from_utf8(&bytes) {
                Ok(t) => std::borrow::Cow::Borrowed(t),
                Err(_) => String::from_utf8_lossy(&bytes),
            };
            Arc::new(lex(&text, mode))
        });
        self.cache.insert(path.to_string(), lexed.clone());
        lexed
    }
}

/// A hash of file contents, for comparing them (`#pragma once`).
pub fn content_hash(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(bytes);
    h.finish()
}
