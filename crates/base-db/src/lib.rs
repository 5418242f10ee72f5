//! The bottom of cufe's query database: inputs, interned names, positions, diagnostics, and the
//! two queries every layer starts from, [`parse`] and [`parse_errors`].
//!
//! Inputs carry durability: system headers are `HIGH` (they change only when the toolchain does),
//! the user's files `LOW`. After an edit of a `LOW` input salsa validates everything that read only
//! `HIGH` inputs with one durability check instead of walking its dependencies.
mod diagnostic;
mod lines;

use std::path::PathBuf;

use salsa::Durability;

pub use crate::diagnostic::{Diagnostic, Severity};
pub use crate::lines::{LineCol, LineIndex};
pub use salsa;
pub use syntax::{TextRange, TextSize};

/// The database view every query of this crate takes. Higher layers extend it with their own
/// `#[salsa::db]` traits; the concrete database (in `ide`) implements all of them.
#[salsa::db]
pub trait SourceDatabase: salsa::Database {}

/// Whether a file is the user's (edited, analysed fully) or a system header (stable, analysed on
/// demand). Decides the durability of the file's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileOrigin {
    User,
    System,
}

impl FileOrigin {
    pub fn durability(self) -> Durability {
        match self {
            FileOrigin::User => Durability::LOW,
            FileOrigin::System => Durability::HIGH,
        }
    }
}

/// One source text: a preprocessed translation unit (`.ii`) or a single file.
#[salsa::input(debug)]
pub struct SourceFile {
    #[returns(deref)]
    pub path: PathBuf,
    #[returns(deref)]
    pub text: String,
    #[returns(copy)]
    pub origin: FileOrigin,
    /// The parse of the text before the last edit, and that edit, given with the new text by a
    /// front end that holds them (the language server): [`parse`] then reparses only the edited
    /// block. Cleared by every other change of the text.
    #[default]
    #[returns(ref)]
    pub reparse_from: Option<ReparseFrom>,
}

/// A parse and the edit that turns its text into the file's current text.
#[derive(Debug, Clone)]
pub struct ReparseFrom {
    pub parse: syntax::Parse,
    pub edit: syntax::Indel,
    /// The previous text's line map, if the caller has it: [`line_map`] then shifts it instead
    /// of scanning the whole text again.
    pub line_map: Option<syntax::LineMap>,
}

impl SourceFile {
    /// Creates the input with the durability its origin calls for.
    pub fn create(
        db: &dyn SourceDatabase,
        path: PathBuf,
        text: String,
        origin: FileOrigin,
    ) -> SourceFile {
        SourceFile::builder(path, text, origin)
            .durability(origin.durability())
            .new(db)
    }

    /// Replaces the text, keeping the durability of the file's origin. Returns `false` (and
    /// starts no new revision) when the text is unchanged: a salsa setter always bumps the
    /// revision, even for an equal value.
    pub fn update_text(self, db: &mut dyn SourceDatabase, text: String) -> bool {
        use salsa::Setter;
        if self.text(db) == text {
            return false;
        }
        let durability = self.origin(db).durability();
        if self.reparse_from(db).is_some() {
            self.set_reparse_from(db)
                .with_durability(durability)
                .to(None);
        }
        self.set_text(db).with_durability(durability).to(text);
        true
    }

    /// [`SourceFile::update_text`] for a text that is `from.edit` applied to the text of
    /// `from.parse` (the file's parse before the edit): the next [`parse`] reparses only the
    /// block the edit lies in when it can.
    pub fn update_text_reparsing(
        self,
        db: &mut dyn SourceDatabase,
        text: String,
        from: ReparseFrom,
    ) -> bool {
        use salsa::Setter;
        if self.text(db) == text {
            return false;
        }
        let durability = self.origin(db).durability();
        self.set_reparse_from(db)
            .with_durability(durability)
            .to(Some(from));
        self.set_text(db).with_durability(durability).to(text);
        true
    }
}

/// The C++ dialect and CUDA options a translation unit is compiled with (what nvcc passes to
/// cudafe++). One value per database.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CompileOptions {
    /// `--c++17` / `--c++20`: the year of the standard (11, 14, 17, 20).
    pub cpp_std: u16,
    /// `--gnu_version=120200`.
    pub gnu_version: u32,
    pub extended_lambda: bool,
    pub relaxed_constexpr: bool,
    /// `--device-c` (relocatable device code) instead of `--static-host-stub`.
    pub relocatable_device_code: bool,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            cpp_std: 17,
            gnu_version: 120200,
            extended_lambda: false,
            relaxed_constexpr: false,
            relocatable_device_code: false,
        }
    }
}

#[salsa::input(singleton, debug)]
pub struct Options {
    #[returns(ref)]
    pub compile: CompileOptions,
}

/// An interned identifier or qualified-name segment.
#[salsa::interned(debug)]
pub struct Name<'db> {
    #[returns(deref)]
    pub text: String,
}

/// The whole parse of a file. Re-executes on every edit of the file; readers that only need a
/// projection must go through a backdated firewall such as [`parse_errors`].
#[salsa::tracked(lru = 128, returns(ref))]
pub fn parse(db: &dyn SourceDatabase, file: SourceFile) -> syntax::Parse {
    let _span = tracing::trace_span!("parse").entered();
    let text = file.text(db);
    if let Some(from) = file.reparse_from(db)
        && applies(from, text)
        && let Some(parse) = from.parse.reparse_block_only(&from.edit)
    {
        return parse;
    }
    syntax::parse_text(text)
}

/// Whether `from` can stand for `text`: its edit lands inside its parse's text, and the result
/// has `text`'s length and the inserted text where the edit puts it. A parse with errors is not
/// reparsed: the incremental path is proven equal to a full parse on error-free trees (the
/// syntax fuzzer found an input with errors where it reports one error fewer).
fn applies(from: &ReparseFrom, text: &str) -> bool {
    let old_len = usize::from(from.parse.green().text_len());
    let delete = from.edit.delete;
    let start = usize::from(delete.start());
    let inserted = from.edit.insert.len();
    from.parse.errors().is_empty()
        && usize::from(delete.end()) <= old_len
        && old_len - usize::from(delete.len()) + inserted == text.len()
        && text.get(start..start + inserted) == Some(from.edit.insert.as_str())
}

/// The syntax errors of a file. An edit that changes no error (say, inside a comment) re-runs
/// this query but produces an equal value, so salsa backdates it and its readers stay valid.
#[salsa::tracked(returns(deref))]
pub fn parse_errors(db: &dyn SourceDatabase, file: SourceFile) -> Vec<syntax::SyntaxError> {
    parse(db, file).errors().to_vec()
}

/// The gcc line markers of a file: from any offset to the original file and line, and whether it
/// lies in a system header. Diagnostics render through this, not through the raw line index.
///
/// Its value holds every line start, so it changes with any edit that moves a line (one that adds
/// or removes bytes before a newline); an edit that keeps every line start and every marker (a
/// same-length replacement, say `1` -> `2`) re-runs it to an equal value, which salsa backdates.
#[salsa::tracked(returns(ref))]
pub fn line_map(db: &dyn SourceDatabase, file: SourceFile) -> syntax::LineMap {
    let _span = tracing::trace_span!("line_map").entered();
    let text = file.text(db);
    if let Some(from) = file.reparse_from(db)
        && let Some(previous) = &from.line_map
        && let Some(map) = previous.edited(text, &from.edit)
    {
        return map;
    }
    syntax::LineMap::new(text)
}

/// Line starts of a file, for rendering positions.
#[salsa::tracked(returns(ref))]
pub fn line_index(db: &dyn SourceDatabase, file: SourceFile) -> LineIndex {
    LineIndex::new(file.text(db))
}
