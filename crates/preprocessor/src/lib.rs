//! cufe's C preprocessor: what `gcc -E` (gcc 12) prints for nvcc's host and device
//! preprocessing, byte for byte.
//!
//! The structure follows libcpp, because gcc's output spacing depends on it: a lexer per file
//! (`lexer`), a token engine with macro contexts and padding tokens (`engine`, `macros`),
//! directives and conditionals (`directives`), `#if` arithmetic (`expr`), include search
//! (`include`), and the printer of `c-ppoutput.cc` with its line markers and avoid-paste
//! spacing (`output`). `predefined` holds g++'s predefined macros per `-std`; `db` the salsa
//! queries.
pub mod db;
mod directives;
mod engine;
mod expr;
pub mod include;
pub mod lexer;
mod macros;
pub mod nvcc;
pub mod options;
mod output;
pub mod predefined;
mod realfs;
pub mod token;

pub use engine::{Diagnostic, Severity};
pub use options::{FileSystem, Options};
pub use realfs::RealFs;

/// The result of preprocessing a translation unit.
pub struct Preprocessed {
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl Preprocessed {
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity >= Severity::Error)
    }
}

/// Preprocess `options.main` as `gcc -E` would, reading files through `fs`.
pub fn preprocess(options: &Options, fs: &mut dyn FileSystem) -> Preprocessed {
    engine::run(options, fs)
}

/// `preprocess`, writing the text to `sink` as it is produced (a 13 MB output is not held in
/// memory); the diagnostics, or the first write error. The text written is the same, errors
/// or not: a caller that must not leave a partial output behind writes to a temporary file.
pub fn preprocess_to(
    options: &Options,
    fs: &mut dyn FileSystem,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<Vec<Diagnostic>> {
    engine::run_to(options, fs, sink)
}
