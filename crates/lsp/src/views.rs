//! The two views of each open document, preprocessed as salsa queries and kept warm.
//!
//! Each view is a `preprocessor::db::Unit`: the document as its main file, and every file the
//! preprocessor read when the unit was made (its VFS). An edit of the document sets the main
//! file's text; the preprocessor's `preamble` query (the main file's leading `#include`s) is
//! backdated when the preamble did not change, so only the main file is expanded again. The
//! view's `.ii` input is then given the new text with the edit that made it, so `parse`
//! reparses only the edited body ([`base_db::SourceFile::update_text_reparsing`]).
//!
//! A unit is made again (its VFS recorded by a full run) when what it can see may have changed:
//! the first time, after other options, after an edit of the document's directive lines (a new
//! `#include` or `__has_include` may name a file the VFS lacks), after an edit of another open
//! document the unit reads, after a save, and after a run with errors.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use base_db::{FileOrigin, ReparseFrom, SourceFile};
use preprocessor::db::{FileSet, Output, Unit, preprocessed, text_edit};
use preprocessor::lexer::{LexMode, LexedFile};
use preprocessor::{FileSystem, Options, RealFs};
use rustc_hash::FxHashMap;

/// The warm views of every open document, and the file system they read.
#[derive(Default)]
pub(crate) struct Views {
    fs: Overlay,
    /// The preprocessor's inputs, by the path it probes (shared by all units).
    files: FxHashMap<String, SourceFile>,
    views: FxHashMap<(PathBuf, bool), View>,
    /// How many views were preprocessed warm (an edit of the main file only) and how many
    /// made their unit again.
    pub(crate) counts: ViewCounts,
}

/// How the views were brought up to date.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ViewCounts {
    pub warm: usize,
    pub made: usize,
}

struct View {
    unit: Unit,
    /// The view's `.ii`, checked by the `check` crate.
    ii: SourceFile,
    output: Arc<Output>,
    /// The document's directive lines when the unit was made ([`directive_lines`]).
    directives: u64,
    /// The unit must be made again before its next use.
    stale: bool,
}

impl Views {
    /// The unsaved text of an open document.
    pub(crate) fn set_document(&mut self, db: &mut ide::RootDatabase, path: &Path, text: String) {
        let key = path.display().to_string();
        self.fs.lexed.retain(|(p, _), _| *p != key);
        self.fs.documents.insert(key.clone(), text.clone());
        self.changed(db, &key, text);
    }

    /// A closed document: the disk is read again.
    pub(crate) fn remove_document(&mut self, db: &mut ide::RootDatabase, path: &Path) {
        let key = path.display().to_string();
        self.fs.lexed.retain(|(p, _), _| *p != key);
        self.fs.documents.remove(&key);
        let text = read(&key).unwrap_or_default();
        self.changed(db, &key, text);
    }

    /// Files on disk may have changed (a save): every file is read again.
    pub(crate) fn disk_changed(&mut self) {
        self.fs.disk = RealFs::default();
        self.fs.lexed.clear();
        self.files.clear();
        for view in self.views.values_mut() {
            view.stale = true;
        }
    }

    fn changed(&mut self, db: &mut ide::RootDatabase, path: &str, text: String) {
        if let Some(file) = self.files.get(path) {
            file.update_text(db, text);
        }
        // The main file of a unit is read through its input; any other file a unit reads may
        // change what the unit can see.
        let is_main = self.views.keys().any(|(p, _)| p.as_os_str() == path);
        if !is_main && self.files.contains_key(path) {
            for view in self.views.values_mut() {
                view.stale = true;
            }
        }
    }

    /// One view's `.ii` input, updated to the document's current text, and the preprocessor's
    /// diagnostics; no input after a preprocessing error.
    pub(crate) fn view(
        &mut self,
        db: &mut ide::RootDatabase,
        input: &str,
        device: bool,
        options: Options,
    ) -> (Option<SourceFile>, Vec<preprocessor::Diagnostic>) {
        let key = (PathBuf::from(input), device);
        let main_text = self
            .fs
            .documents
            .get(input)
            .cloned()
            .or_else(|| read(input))
            .unwrap_or_default();
        let directives = directive_lines(&main_text);
        let mut output = None;
        if let Some(view) = self.views.get(&key)
            && !view.stale
            && *view.unit.options(db) == options
            && view.directives == directives
        {
            let unit = view.unit;
            unit.main(db).update_text(db, main_text.clone());
            let warm = preprocessed(db, unit);
            if !has_errors(&warm) {
                self.counts.warm += 1;
                output = Some((unit, warm));
            }
        }
        let (unit, output) = match output {
            Some(found) => found,
            None => {
                self.counts.made += 1;
                let unit = self.make_unit(db, input, &main_text, options);
                (unit, preprocessed(db, unit))
            }
        };
        let diagnostics = output.diagnostics.clone();
        if has_errors(&output) {
            if let Some(view) = self.views.get_mut(&key) {
                view.stale = true;
            }
            return (None, diagnostics);
        }
        let ii = match self.views.get_mut(&key) {
            Some(view) => {
                let parse = base_db::parse(db, view.ii).clone();
                let line_map = Some(base_db::line_map(db, view.ii).clone());
                let edit = text_edit(&view.output, &output);
                let from = ReparseFrom {
                    parse,
                    edit,
                    line_map,
                };
                view.ii.update_text_reparsing(db, output.text(), from);
                view.unit = unit;
                view.output = output;
                view.directives = directives;
                view.stale = false;
                view.ii
            }
            None => {
                let suffix = if device { "cpp1.ii" } else { "cpp4.ii" };
                let ii = SourceFile::create(
                    db,
                    PathBuf::from(format!("{input}.{suffix}")),
                    output.text(),
                    FileOrigin::User,
                );
                self.views.insert(
                    key,
                    View {
                        unit,
                        ii,
                        output,
                        directives,
                        stale: false,
                    },
                );
                ii
            }
        };
        (Some(ii), diagnostics)
    }

    /// A unit for `input` whose VFS holds every file a full run reads now.
    fn make_unit(
        &mut self,
        db: &mut ide::RootDatabase,
        input: &str,
        main_text: &str,
        options: Options,
    ) -> Unit {
        let (_, found) = preprocessor::db::preprocess_recording(&options, &mut self.fs);
        let main = self.file(db, input, Some(main_text), FileOrigin::User);
        let mut vfs = BTreeMap::new();
        for path in found {
            if path != input {
                let file = self.file(db, &path, None, FileOrigin::System);
                vfs.insert(path, file);
            }
        }
        let files = FileSet::new(db, Arc::new(vfs));
        Unit::new(db, options, main, files)
    }

    /// The input of the file at `path`, made from `text`, the open document or the disk.
    fn file(
        &mut self,
        db: &mut ide::RootDatabase,
        path: &str,
        text: Option<&str>,
        origin: FileOrigin,
    ) -> SourceFile {
        let text = text
            .map(str::to_string)
            .or_else(|| self.fs.documents.get(path).cloned())
            .or_else(|| read(path))
            .unwrap_or_default();
        match self.files.get(path) {
            Some(&file) => {
                file.update_text(db, text);
                file
            }
            None => {
                let file = SourceFile::create(db, PathBuf::from(path), text, origin);
                self.files.insert(path.to_string(), file);
                file
            }
        }
    }
}

fn read(path: &str) -> Option<String> {
    std::fs::read(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

fn has_errors(output: &Output) -> bool {
    output
        .diagnostics
        .iter()
        .any(|d| d.severity >= preprocessor::Severity::Error)
}

/// A hash of the text's directive lines (with their continuation lines): what decides which
/// files a run probes.
fn directive_lines(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = rustc_hash::FxHasher::default();
    let mut continued = false;
    for line in text.lines() {
        if continued || line.trim_start().starts_with('#') {
            line.hash(&mut hasher);
            continued = line.ends_with('\\');
        }
    }
    hasher.finish()
}

/// The disk, with the open documents' unsaved texts in front of it.
#[derive(Default)]
struct Overlay {
    disk: RealFs,
    documents: FxHashMap<String, String>,
    lexed: FxHashMap<(String, LexMode), Arc<LexedFile>>,
}

impl FileSystem for Overlay {
    fn lexed(&mut self, path: &str, mode: LexMode) -> Option<Arc<LexedFile>> {
        let Some(text) = self.documents.get(path) else {
            return self.disk.lexed(path, mode);
        };
        let lexed = self
            .lexed
            .entry((path.to_string(), mode))
            .or_insert_with(|| Arc::new(preprocessor::lexer::lex(text, mode)));
        Some(lexed.clone())
    }

    fn identity(&mut self, path: &str) -> String {
        match self.documents.get(path) {
            Some(text) => format!(
                "open:{}:{:016x}",
                text.len(),
                preprocessor::options::content_hash(text.as_bytes())
            ),
            None => self.disk.identity(path),
        }
    }

    fn shorter_path(&mut self, path: &str) -> Option<String> {
        self.disk.shorter_path(path)
    }

    fn is_dir(&mut self, path: &str) -> bool {
        self.disk.is_dir(path)
    }

    fn start_prefetch(&mut self, options: &Options) {
        self.disk.start_prefetch(options);
    }
}
