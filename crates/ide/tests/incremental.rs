//! Incrementality of the parse layer, proven by counting query executions.
use base_db::{FileOrigin, SourceFile, parse, parse_errors};
use ide::RootDatabase;

fn names(executed: Vec<String>) -> Vec<String> {
    let mut names: Vec<String> = executed
        .into_iter()
        .map(|e| e.split('(').next().unwrap().to_string())
        .collect();
    names.sort();
    names
}

const HEADER: &str = "namespace std { template <class T> struct vector { T *data; }; }\n";
const USER: &str = "// kernel file\n__attribute__((global)) void kern(int *p) { p[0] = 1; }\n";

#[test]
fn editing_one_file_reparses_only_that_file() {
    let mut db = RootDatabase::with_execution_log();
    let header = SourceFile::create(&db, "h.ii".into(), HEADER.into(), FileOrigin::System);
    let user = SourceFile::create(&db, "u.ii".into(), USER.into(), FileOrigin::User);
    parse_errors(&db, header);
    parse_errors(&db, user);
    assert_eq!(
        names(db.take_executed()),
        ["parse", "parse", "parse_errors", "parse_errors"]
    );

    assert!(user.update_text(&mut db, USER.replace("p[0] = 1", "p[0] = 2")));
    parse_errors(&db, header);
    parse_errors(&db, user);
    let executed = db.take_executed();
    assert_eq!(names(executed.clone()), ["parse", "parse_errors"]);
    // and it was the user's file that re-ran
    let user_parse = format!("parse({:?})", salsa::plumbing::AsId::as_id(&user));
    assert!(
        executed.contains(&user_parse),
        "{executed:?} lacks {user_parse}"
    );
}

/// A query that reads only `parse_errors`: it stands for every reader behind the firewall.
#[salsa::tracked]
fn error_count(db: &dyn base_db::SourceDatabase, file: SourceFile) -> usize {
    parse_errors(db, file).len()
}

#[test]
fn comment_edit_backdates_parse_errors() {
    let mut db = RootDatabase::with_execution_log();
    let user = SourceFile::create(&db, "u.ii".into(), USER.into(), FileOrigin::User);
    error_count(&db, user);
    db.take_executed();

    user.update_text(&mut db, USER.replace("kernel file", "kernel file, edited"));
    error_count(&db, user);
    // parse and parse_errors re-ran; parse_errors produced an equal value and was backdated, so
    // its reader did not run again.
    assert_eq!(names(db.take_executed()), ["parse", "parse_errors"]);
    let _ = parse(&db, user);
}

#[test]
fn unchanged_text_starts_no_revision() {
    let mut db = RootDatabase::with_execution_log();
    let user = SourceFile::create(&db, "u.ii".into(), USER.into(), FileOrigin::User);
    error_count(&db, user);
    db.take_executed();
    assert!(!user.update_text(&mut db, USER.into()));
    error_count(&db, user);
    assert!(db.take_executed().is_empty());
}

/// A reader of the line map: it stands for diagnostics rendering original positions.
#[salsa::tracked(returns(copy))]
fn marker_count(db: &dyn base_db::SourceDatabase, file: SourceFile) -> usize {
    base_db::line_map(db, file).marker_count()
}

const MARKED: &str =
    "# 1 \"k.cu\"\n__attribute__((global)) void k(int *p) { p[0] = 1; }\n# 7 \"k.cu\"\nint x;\n";

#[test]
fn line_map_backdates_when_no_line_moves() {
    let mut db = RootDatabase::with_execution_log();
    let header = SourceFile::create(&db, "h.ii".into(), HEADER.into(), FileOrigin::System);
    let user = SourceFile::create(&db, "u.ii".into(), MARKED.into(), FileOrigin::User);
    marker_count(&db, header);
    marker_count(&db, user);
    db.take_executed();

    // Same length, same lines: line_map re-runs (it reads the text) to an equal value, so its
    // reader is not re-executed; the other file's map is not even re-run.
    user.update_text(&mut db, MARKED.replace("p[0] = 1", "p[0] = 2"));
    marker_count(&db, header);
    marker_count(&db, user);
    assert_eq!(names(db.take_executed()), ["line_map"]);

    // A longer body moves the start of every later line: the map changes and its reader re-runs.
    user.update_text(&mut db, MARKED.replace("p[0] = 1", "p[0] = 22"));
    marker_count(&db, header);
    assert_eq!(marker_count(&db, user), 2);
    assert_eq!(names(db.take_executed()), ["line_map", "marker_count"]);
}

/// A text given with the edit that made it is reparsed block by block: the result equals a full
/// parse, and the nodes outside the edited body are the previous tree's own (shared, not
/// rebuilt). A plain `update_text` afterwards forgets the edit (a full parse again).
#[test]
fn an_edit_given_with_the_text_reparses_its_block() {
    let before = "int g;\nvoid f(int *p) {\n  p[0] = 1;\n}\nstruct S { int m; };\n";
    let mut db = RootDatabase::default();
    let file = SourceFile::create(&db, "u.ii".into(), before.into(), FileOrigin::User);
    let old = parse(&db, file).clone();
    let at = before.find("1;").unwrap() as u32;
    let edit = syntax::Indel::replace(syntax::TextRange::at(at.into(), 1.into()), "2 + 3");
    let mut after = before.to_string();
    edit.apply(&mut after);
    let old_map = base_db::line_map(&db, file).clone();
    let from = base_db::ReparseFrom {
        parse: old.clone(),
        edit,
        line_map: Some(old_map.clone()),
    };
    assert!(file.update_text_reparsing(&mut db, after.clone(), from));
    let new = parse(&db, file).clone();
    assert_eq!(new, syntax::parse_text(&after));
    assert_eq!(*base_db::line_map(&db, file), syntax::LineMap::new(&after));
    let last = |p: &syntax::Parse| p.syntax_node().last_child().unwrap().green().into_owned();
    assert!(
        std::ptr::eq(&*last(&old), &*last(&new)),
        "the struct after the edited body is the previous tree's node"
    );

    // A mismatched edit (the text is not the edit applied to that parse) is not trusted.
    let stale = base_db::ReparseFrom {
        parse: old,
        edit: syntax::Indel::replace(syntax::TextRange::at(at.into(), 1.into()), "3"),
        line_map: Some(old_map),
    };
    let other = before.replace("int g;", "int gg;");
    assert!(file.update_text_reparsing(&mut db, other.clone(), stale));
    assert_eq!(*parse(&db, file), syntax::parse_text(&other));
    assert_eq!(*base_db::line_map(&db, file), syntax::LineMap::new(&other));
    assert!(file.update_text(&mut db, before.to_string()));
    assert!(file.reparse_from(&db).is_none());
}
