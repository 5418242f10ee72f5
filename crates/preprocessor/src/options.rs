//! What a preprocessing run is given: the main file, macros, include directories; and how it
//! reads files.
use std::sync::Arc;

use crate::lexer::{LexMode, LexedFile};

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
    /// Whether `lexed(path, mode)` would give a file (include searches ask this).
    fn exists(&mut self, path: &str, mode: LexMode) -> bool {
        self.lexed(path, mode).is_some()
    }
    /// The run has left the file at `path` and will probably not enter it again (it has an
    /// include guard or `#pragma once`): a file system may drop its tokens, and lex it again
    /// if it is entered after all.
    fn release(&mut self, _path: &str) {}
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
    /// Called once at the start of a run: a file system may start reading the files the
    /// run is likely to include (`RealFs` lexes them on another thread).
    fn start_prefetch(&mut self, _options: &Options) {}
}

/// A hash of file contents, for comparing them (`#pragma once`).
pub fn content_hash(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(bytes);
    h.finish()
}
