//! Salsa queries: each file's tokens are a query on its text, and the main file's *preamble*
//! (its leading directives, the `#include`s) is expanded by a query keyed by the preamble's
//! text and the options, clangd's preamble done with queries. An edit below the preamble
//! re-lexes the main file, finds the same preamble (the query is backdated), and re-expands only
//! the main file from the saved state; the headers are neither re-lexed nor re-expanded.
use std::collections::BTreeMap;
use std::sync::Arc;

use base_db::SourceFile;

use crate::engine::{self, State};
use crate::lexer::{LexMode, LexedFile, lex};
use crate::options::{FileSystem, Options, content_hash};
use crate::token::BOL;
use crate::{Diagnostic, Preprocessed};

#[salsa::db]
pub trait PreprocessorDatabase: base_db::SourceDatabase {}

/// The files a unit can see, by the path the preprocessor probes (a VFS: the driver adds the
/// files of the include directories it reads; a path that is not here does not exist).
#[salsa::input(debug)]
pub struct FileSet {
    #[returns(ref)]
    pub files: Arc<BTreeMap<String, SourceFile>>,
}

/// A translation unit: its options (the main file's path among them) and what it can see.
#[salsa::input(debug)]
pub struct Unit {
    #[returns(ref)]
    pub options: Options,
    #[returns(copy)]
    pub main: SourceFile,
    pub files: FileSet,
}

/// A file's preprocessing tokens.
#[salsa::tracked(returns(clone))]
pub fn lexed(db: &dyn PreprocessorDatabase, file: SourceFile, mode: LexMode) -> Arc<LexedFile> {
    Arc::new(lex(file.text(db), mode))
}

/// The main file's preamble: the text of its leading lines that hold only directives (at
/// conditional depth 0) and how many tokens they are. Equal after an edit below it, so the
/// preamble's expansion is not re-run.
#[salsa::tracked(returns(clone))]
pub fn preamble_text(
    db: &dyn PreprocessorDatabase,
    file: SourceFile,
    mode: LexMode,
) -> Option<(Arc<str>, usize)> {
    let full = lexed(db, file, mode);
    let toks = &full.tokens;
    // The first token that is not part of a directive line.
    let mut i = 0;
    while i < toks.len() && toks[i].flags & BOL != 0 && toks[i].is_punct("#") {
        i += 1;
        while i < toks.len() && toks[i].flags & BOL == 0 {
            i += 1;
        }
    }
    // The last point at depth 0 before the first non-directive token.
    let mut cut = 0;
    let mut d = 0i32;
    let mut j = 0;
    let stop = i;
    while j < stop {
        let name = toks
            .get(j + 1)
            .filter(|n| n.flags & BOL == 0)
            .map(|n| &*n.text);
        match name {
            Some("if" | "ifdef" | "ifndef") => d += 1,
            Some("endif") => d -= 1,
            _ => {}
        }
        j += 1;
        while j < stop && toks[j].flags & BOL == 0 {
            j += 1;
        }
        if d == 0 {
            cut = j;
        }
    }
    if cut == 0 || cut >= toks.len() {
        return None;
    }
    let line = toks[cut].line;
    let text = file.text(db);
    let mut offset = 0;
    for _ in 1..line {
        offset += text[offset..].find('\n')? + 1;
    }
    let prefix = &text[..offset];
    let check = lex(prefix, mode);
    if check.tokens.len() != cut || check.tokens[..] != toks[..cut] {
        return None;
    }
    Some((Arc::from(prefix), cut))
}

/// The engine's state after the preamble, and the output so far (kept out of the state, so
/// that resuming does not copy it).
pub struct PreambleState {
    pub(crate) state: State,
    pub(crate) text: Arc<str>,
}

#[salsa::tracked(returns(clone), no_eq)]
pub fn preamble(db: &dyn PreprocessorDatabase, unit: Unit) -> Option<Arc<PreambleState>> {
    let options = unit.options(db);
    let (prefix, count) = preamble_text(db, unit.main(db), options.lex_mode)?;
    let main = Arc::new(lex(&prefix, options.lex_mode));
    let mut fs = SalsaFs {
        db,
        files: unit.files(db).files(db).clone(),
        main: Some((options.main.clone(), main)),
    };
    let mut state = engine::run_preamble(options, &mut fs, count);
    let text = Arc::from(std::mem::take(&mut state.printer.out));
    Some(Arc::new(PreambleState { state, text }))
}

/// A unit's output: the preamble's text (shared with the `preamble` query: an edit below the
/// preamble does not copy it) and the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    pub head: Arc<str>,
    pub tail: Arc<str>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Output {
    pub fn len(&self) -> usize {
        self.head.len() + self.tail.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The whole `.ii` text.
    pub fn text(&self) -> String {
        let mut s = String::with_capacity(self.len());
        s.push_str(&self.head);
        s.push_str(&self.tail);
        s
    }
    pub fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        w.write_all(self.head.as_bytes())?;
        w.write_all(self.tail.as_bytes())
    }
}

/// The edit that turns `old`'s text into `new`'s: one replacement between their longest common
/// prefix and suffix. While the preamble is reused, the heads are the same allocation and only
/// the tails (the main file's expansion) are compared.
pub fn text_edit(old: &Output, new: &Output) -> syntax::Indel {
    use std::borrow::Cow;
    let (offset, old_rest, new_rest): (usize, Cow<'_, str>, Cow<'_, str>) =
        if Arc::ptr_eq(&old.head, &new.head) || old.head == new.head {
            (
                old.head.len(),
                Cow::Borrowed(&old.tail[..]),
                Cow::Borrowed(&new.tail[..]),
            )
        } else {
            (0, Cow::Owned(old.text()), Cow::Owned(new.text()))
        };
    let (a, b) = (old_rest.as_bytes(), new_rest.as_bytes());
    let mut prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    while !old_rest.is_char_boundary(prefix) || !new_rest.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let max_suffix = a.len().min(b.len()) - prefix;
    let mut suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max_suffix)
        .take_while(|(x, y)| x == y)
        .count();
    while !old_rest.is_char_boundary(a.len() - suffix)
        || !new_rest.is_char_boundary(b.len() - suffix)
    {
        suffix -= 1;
    }
    let size = |n: usize| syntax::TextSize::from(u32::try_from(n).unwrap_or(u32::MAX));
    syntax::Indel::replace(
        syntax::TextRange::new(size(offset + prefix), size(offset + a.len() - suffix)),
        &new_rest[prefix..b.len() - suffix],
    )
}

/// The parse of `new`'s text from `parse`, the parse of `old`'s: the difference of the two
/// outputs is reparsed incrementally (`syntax::Parse::reparse`), so the syntax trees of the
/// header regions, and of everything the edit leaves outside its enclosing block, are kept
/// (shared, not rebuilt). Equal to `syntax::parse_text(&new.text())`.
pub fn reparse(parse: &syntax::Parse, old: &Output, new: &Output) -> syntax::Parse {
    parse.reparse(&text_edit(old, new))
}

/// The unit's `gcc -E` output.
#[salsa::tracked(returns(clone))]
pub fn preprocessed(db: &dyn PreprocessorDatabase, unit: Unit) -> Arc<Output> {
    let options = unit.options(db);
    let files = unit.files(db).files(db).clone();
    let main = lexed(db, unit.main(db), options.lex_mode);
    let mut fs = SalsaFs {
        db,
        files,
        main: Some((options.main.clone(), main.clone())),
    };
    let (head, result): (Arc<str>, Preprocessed) = match preamble(db, unit) {
        Some(p) => (
            p.text.clone(),
            engine::resume(options, &mut fs, p.state.clone(), main),
        ),
        None => (Arc::from(""), engine::run(options, &mut fs)),
    };
    Arc::new(Output {
        head,
        tail: Arc::from(result.text),
        diagnostics: result.diagnostics,
    })
}

struct SalsaFs<'db> {
    db: &'db dyn PreprocessorDatabase,
    files: Arc<BTreeMap<String, SourceFile>>,
    main: Option<(String, Arc<LexedFile>)>,
}

impl FileSystem for SalsaFs<'_> {
    fn lexed(&mut self, path: &str, mode: LexMode) -> Option<Arc<LexedFile>> {
        if let Some((main, lexed_main)) = &self.main
            && main == path
        {
            return Some(lexed_main.clone());
        }
        let file = *self.files.get(path)?;
        Some(lexed(self.db, file, mode))
    }
    fn identity(&mut self, path: &str) -> String {
        match self.files.get(path) {
            Some(f) => {
                let text = f.text(self.db);
                format!("{}:{:016x}", text.len(), content_hash(text.as_bytes()))
            }
            None => path.to_string(),
        }
    }
    fn shorter_path(&mut self, path: &str) -> Option<String> {
        let real = std::fs::canonicalize(path).ok()?.display().to_string();
        (real.len() < path.len() && self.files.contains_key(&real)).then_some(real)
    }
}

/// A database with the preprocessor's queries (the CLI and benchmarks use it; `ide`'s
/// `RootDatabase` can implement `PreprocessorDatabase` the same way).
#[salsa::db]
#[derive(Clone, Default)]
pub struct Database {
    storage: salsa::Storage<Self>,
}

#[salsa::db]
impl salsa::Database for Database {}
#[salsa::db]
impl base_db::SourceDatabase for Database {}
#[salsa::db]
impl PreprocessorDatabase for Database {}

/// Runs the preprocessor over `fs`, recording every file it reads (the VFS a [`Unit`] needs):
/// the run's result and the paths, the main file's among them.
pub fn preprocess_recording(
    options: &Options,
    fs: &mut dyn FileSystem,
) -> (Preprocessed, std::collections::BTreeSet<String>) {
    let mut rec = Recording {
        inner: fs,
        found: Default::default(),
    };
    let result = crate::preprocess(options, &mut rec);
    (result, rec.found)
}

struct Recording<'a> {
    inner: &'a mut dyn FileSystem,
    found: std::collections::BTreeSet<String>,
}

impl FileSystem for Recording<'_> {
    fn lexed(&mut self, path: &str, mode: LexMode) -> Option<Arc<LexedFile>> {
        let r = self.inner.lexed(path, mode);
        if r.is_some() {
            self.found.insert(path.to_string());
        }
        r
    }
    fn exists(&mut self, path: &str, mode: LexMode) -> bool {
        let r = self.inner.exists(path, mode);
        if r {
            self.found.insert(path.to_string());
        }
        r
    }
    fn release(&mut self, path: &str) {
        self.inner.release(path);
    }
    fn identity(&mut self, path: &str) -> String {
        self.inner.identity(path)
    }
    fn shorter_path(&mut self, path: &str) -> Option<String> {
        let r = self.inner.shorter_path(path);
        if let Some(p) = &r {
            self.found.insert(p.clone());
        }
        r
    }
    fn is_dir(&mut self, path: &str) -> bool {
        self.inner.is_dir(path)
    }
    fn start_prefetch(&mut self, options: &Options) {
        self.inner.start_prefetch(options);
    }
}

/// A unit read from disk: the main file as a user file, and every file a run of the
/// preprocessor reads as system files (the VFS of `FileSet`).
pub fn load_unit(db: &Database, options: Options) -> std::io::Result<Unit> {
    use base_db::FileOrigin;
    let (_, found) = preprocess_recording(&options, &mut crate::RealFs::default());
    let read = |p: &str| std::fs::read(p).map(|b| String::from_utf8_lossy(&b).into_owned());
    let main = SourceFile::create(
        db,
        options.main.clone().into(),
        read(&options.main)?,
        FileOrigin::User,
    );
    let mut map = BTreeMap::new();
    for path in found {
        if path != options.main {
            let text = read(&path)?;
            map.insert(
                path.clone(),
                SourceFile::create(db, path.into(), text, FileOrigin::System),
            );
        }
    }
    let files = FileSet::new(db, Arc::new(map));
    Ok(Unit::new(db, options, main, files))
}
