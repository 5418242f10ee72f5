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

/// With `--extended-lambda`, the captures of each declaration's lambdas are a query of their
/// own (the helper templates depend on their numbers): an edit inside one lambda re-runs that
/// declaration's chunk and capture count, and no other.
#[test]
fn editing_one_extended_lambda_reruns_one_chunk() {
    const LAMBDAS: &str = "# 1 \"t.cu\"\nstruct __nv_lambda_preheader_injection { };\ntemplate <class F> __attribute__((global)) void k(F f) { }\nvoid a(int *p, int q) { k<<<1, 1>>>([=] __attribute__((device)) (int i) { p[i] = q; }); }\nint main() { int v = 1; k<<<1, 1>>>([=] __attribute__((device)) (int i) { (void)(v + i); }); }\n";
    let mut db = RootDatabase::with_execution_log();
    let file = SourceFile::create(&db, "t.ii".into(), LAMBDAS.into(), FileOrigin::User);
    let config = HostUnitConfig {
        orig_src_file_name: "t.cu".into(),
        stub_file_name: "t.cudafe1.stub.c".into(),
        module_id: "_0_4_t_cu_x".into(),
        extended_lambda: true,
        ..HostUnitConfig::default()
    };
    let first = host_translation_unit(&db, file, &config);
    let runs = |executed: Vec<String>| {
        (
            chunk_runs(executed.clone()),
            executed
                .iter()
                .filter(|q| q.starts_with("decl_lambda_arities"))
                .count(),
        )
    };
    assert_eq!(runs(db.take_executed()), (4, 4));
    assert!(first.contains("struct __nv_dl_wrapper_t<Tag, F1, F2>"));
    assert!(first.contains("struct __nv_dl_wrapper_t<Tag, F1>"));

    // `q` is no longer captured: the count changes and so do the helper templates.
    file.update_text(&mut db, LAMBDAS.replace("p[i] = q;", "p[i] = 0;"));
    let second = host_translation_unit(&db, file, &config);
    assert_eq!(runs(db.take_executed()), (1, 1));
    assert!(!second.contains("struct __nv_dl_wrapper_t<Tag, F1, F2>"));
    assert!(second.contains("__nv_dl_tag<void (*)(int * p, int q),(& ::a),1> , typename __nvdl_remove_ref<decltype(p)>::type>"));
}
