//! Incrementality of preprocessing: an edit in the main file below its `#include`s re-lexes and
//! re-expands only the main file; the headers' tokens and the preamble's expansion are reused.
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use base_db::{FileOrigin, SourceFile};
use preprocessor::db::{FileSet, Unit, preprocessed};
use preprocessor::lexer::{LexMode, LexedFile, lex};
use preprocessor::options::{FileSystem, Options, SearchDir};

#[salsa::db]
#[derive(Clone)]
struct Db {
    storage: salsa::Storage<Self>,
    executed: Arc<Mutex<Vec<salsa::DatabaseKeyIndex>>>,
}

impl Db {
    fn new() -> Db {
        let executed: Arc<Mutex<Vec<salsa::DatabaseKeyIndex>>> = Arc::default();
        let sink = executed.clone();
        let storage = salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind {
                sink.lock().unwrap().push(database_key);
            }
        })));
        Db { storage, executed }
    }

    /// The queries executed since the last call, with the path of the file they ran on.
    fn take_executed(&self) -> Vec<String> {
        use salsa::Database as _;
        let keys = std::mem::take(&mut *self.executed.lock().unwrap());
        let mut names: Vec<String> = keys
            .into_iter()
            .map(|k| self.ingredient_debug_name(k.ingredient_index()).to_string())
            .collect();
        names.sort();
        names
    }
}

#[salsa::db]
impl salsa::Database for Db {}
#[salsa::db]
impl base_db::SourceDatabase for Db {}
#[salsa::db]
impl preprocessor::db::PreprocessorDatabase for Db {}

const HEADER: &str = "#ifndef H_H\n#define H_H\n#include \"inner.h\"\n#define SQUARE(x) ((x) * (x))\nint header_decl;\n#endif\n";
const INNER: &str = "#pragma once\n#define ANSWER INNER_VALUE\n#define INNER_VALUE 42\n";
const MAIN: &str =
    "#include \"h.h\"\n#include <inner.h>\n\nint main() {\n  return SQUARE(ANSWER);\n}\n";

fn options() -> Options {
    Options {
        main: "/virtual/main.cu".into(),
        predefined: Arc::from(preprocessor::predefined::predefined_macros(None).unwrap()),
        macros: Vec::new(),
        quote_dirs: Vec::new(),
        bracket_dirs: vec![SearchDir {
            path: "/virtual".into(),
            sysp: 2,
        }],
        forced_includes: Vec::new(),
        lex_mode: LexMode { cxx20: false },
        iso: false,
        cplusplus: 201703,
    }
}

/// The same files, read without salsa.
struct MapFs(BTreeMap<String, String>);

impl FileSystem for MapFs {
    fn lexed(&mut self, path: &str, mode: LexMode) -> Option<Arc<LexedFile>> {
        self.0.get(path).map(|t| Arc::new(lex(t, mode)))
    }
    fn identity(&mut self, path: &str) -> String {
        let t = self.0.get(path).cloned().unwrap_or_default();
        format!(
            "{}:{:016x}",
            t.len(),
            preprocessor::options::content_hash(t.as_bytes())
        )
    }
    fn shorter_path(&mut self, _: &str) -> Option<String> {
        None
    }
}

fn direct(main: &str) -> String {
    let mut files = BTreeMap::new();
    files.insert("/virtual/main.cu".to_string(), main.to_string());
    files.insert("/virtual/h.h".to_string(), HEADER.to_string());
    files.insert("/virtual/inner.h".to_string(), INNER.to_string());
    preprocessor::preprocess(&options(), &mut MapFs(files)).text
}

#[test]
fn body_edit_reexpands_only_the_main_file() {
    let mut db = Db::new();
    let file = |db: &Db, path: &str, text: &str, origin| {
        SourceFile::create(db, path.into(), text.into(), origin)
    };
    let main = file(&db, "/virtual/main.cu", MAIN, FileOrigin::User);
    let mut map = BTreeMap::new();
    map.insert(
        "/virtual/h.h".to_string(),
        file(&db, "/virtual/h.h", HEADER, FileOrigin::System),
    );
    map.insert(
        "/virtual/inner.h".to_string(),
        file(&db, "/virtual/inner.h", INNER, FileOrigin::System),
    );
    let files = FileSet::new(&db, Arc::new(map));
    let unit = Unit::new(&db, options(), main, files);

    let first = preprocessed(&db, unit);
    assert_eq!(first.text(), direct(MAIN));
    assert!(
        first.text().contains("return ((42) * (42));"),
        "{}",
        first.text()
    );
    let executed = db.take_executed();
    assert_eq!(
        executed.iter().filter(|q| *q == "lexed").count(),
        3,
        "{executed:?}"
    );
    assert!(executed.iter().any(|q| q == "preamble"));

    // An edit below the includes: the preamble is the same.
    let edited = MAIN.replace("SQUARE(ANSWER)", "SQUARE(ANSWER + 1)");
    main.update_text(&mut db, edited.clone());
    let second = preprocessed(&db, unit);
    assert_eq!(second.text(), direct(&edited));
    assert!(
        second.text().contains("((42 + 1) * (42 + 1))"),
        "{}",
        second.text()
    );
    expect_test::expect![[r#"
        [
            "lexed",
            "preamble_text",
            "preprocessed",
        ]
    "#]]
    .assert_debug_eq(&db.take_executed());

    // An edit of the includes re-runs the preamble (and reads the headers' cached tokens).
    let edited = edited.replace(
        "#include <inner.h>\n",
        "#include <inner.h>\n#define EXTRA 1\n",
    );
    main.update_text(&mut db, edited.clone());
    let third = preprocessed(&db, unit);
    assert_eq!(third.text(), direct(&edited));
    expect_test::expect![[r#"
        [
            "lexed",
            "preamble",
            "preamble_text",
            "preprocessed",
        ]
    "#]]
    .assert_debug_eq(&db.take_executed());
}

/// A unit over the three virtual files, in `db`.
fn virtual_unit(db: &Db) -> (Unit, SourceFile) {
    let file =
        |path: &str, text: &str, origin| SourceFile::create(db, path.into(), text.into(), origin);
    let main = file("/virtual/main.cu", MAIN, FileOrigin::User);
    let mut map = BTreeMap::new();
    map.insert(
        "/virtual/h.h".to_string(),
        file("/virtual/h.h", HEADER, FileOrigin::System),
    );
    map.insert(
        "/virtual/inner.h".to_string(),
        file("/virtual/inner.h", INNER, FileOrigin::System),
    );
    let files = FileSet::new(db, Arc::new(map));
    (Unit::new(db, options(), main, files), main)
}

#[test]
fn body_edit_reparses_only_the_edited_body() {
    use preprocessor::db::{reparse, text_edit};
    let mut db = Db::new();
    let (unit, main) = virtual_unit(&db);
    let first = preprocessed(&db, unit);
    let old_parse = syntax::parse_text(&first.text());
    assert!(old_parse.errors().is_empty(), "{:?}", old_parse.errors());
    db.take_executed();

    // A new line in `main`'s body: only the main file is re-expanded...
    let edited = MAIN.replace("  return", "  int probe = SQUARE(2);\n  return");
    main.update_text(&mut db, edited.clone());
    let second = preprocessed(&db, unit);
    assert_eq!(second.text(), direct(&edited));
    expect_test::expect![[r#"
        [
            "lexed",
            "preamble_text",
            "preprocessed",
        ]
    "#]]
    .assert_debug_eq(&db.take_executed());

    // ... the `.ii` changes after the preamble's output only, by one replacement...
    let edit = text_edit(&first, &second);
    assert!(
        usize::from(edit.delete.start()) >= first.head.len(),
        "{edit:?}"
    );
    let mut patched = first.text();
    edit.apply(&mut patched);
    assert_eq!(patched, second.text());

    // ... and only `main`'s body is reparsed: the header's declarations keep their trees.
    let new_parse = old_parse
        .reparse_block_only(&edit)
        .expect("an edit inside a function body is reparsed incrementally");
    let full = syntax::parse_text(&second.text());
    assert!(new_parse.green() == full.green());
    assert_eq!(new_parse.errors(), full.errors());
    assert!(reparse(&old_parse, &first, &second).green() == full.green());
    let children = |p: &syntax::Parse| -> Vec<*const ()> {
        p.green()
            .children()
            .map(|c| match c {
                rowan::NodeOrToken::Node(n) => n as *const _ as *const (),
                rowan::NodeOrToken::Token(t) => t as *const _ as *const (),
            })
            .collect()
    };
    let (old_children, new_children) = (children(&old_parse), children(&new_parse));
    assert_eq!(old_children.len(), new_children.len());
    let shared = old_children
        .iter()
        .zip(&new_children)
        .filter(|(a, b)| a == b)
        .count();
    // Every top-level element but `main`'s definition is the old tree's, by address.
    assert_eq!(shared, old_children.len() - 1);
}
