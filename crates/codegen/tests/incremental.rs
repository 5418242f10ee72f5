//! The host unit is assembled from one salsa query per top-level declaration: an edit re-runs
//! the chunk of the declaration it touched and no other.
use base_db::{FileOrigin, SourceFile};
use codegen::{HostUnitConfig, host_translation_unit};
use ide::RootDatabase;

fn chunk_runs(executed: Vec<String>) -> usize {
    executed
        .iter()
        .filter(|q| q.starts_with("decl_chunk"))
        .count()
}

const SOURCE: &str = "# 1 \"t.cu\"\nint host_a(int x) { return x + 1; }\n__attribute__((device)) int dev(int x) { return x; }\nnamespace n {\nint host_b() { return 2; }\n__attribute__((global)) void k(int) { }\n}\nint main() { k<<<1, 1>>>(1); return host_a(1); }\n";

#[test]
fn editing_one_body_reruns_one_chunk() {
    let mut db = RootDatabase::with_execution_log();
    let file = SourceFile::create(&db, "t.ii".into(), SOURCE.into(), FileOrigin::User);
    let config = HostUnitConfig {
        orig_src_file_name: "t.cu".into(),
        stub_file_name: "t.cudafe1.stub.c".into(),
        module_id: "_0_4_t_cu_x".into(),
        ..HostUnitConfig::default()
    };
    let first = host_translation_unit(&db, file, &config);
    assert_eq!(
        chunk_runs(db.take_executed()),
        5,
        "one chunk per declaration"
    );

    // A host function's body inside a namespace.
    file.update_text(&mut db, SOURCE.replace("return 2;", "return 3;"));
    let second = host_translation_unit(&db, file, &config);
    assert_eq!(chunk_runs(db.take_executed()), 1);
    assert_eq!(first.replace("return 2;", "return 3;"), second);

    // A device function's body: its own chunk only, and its host form does not change.
    file.update_text(
        &mut db,
        SOURCE
            .replace("return 2;", "return 3;")
            .replace("return x; }", "return x * 2; }"),
    );
    let third = host_translation_unit(&db, file, &config);
    assert_eq!(chunk_runs(db.take_executed()), 1);
    assert_eq!(second, third);
}
