//! `strip_debug` against ptxas: each `-lineinfo` cubin of the generated corpus, stripped, must
//! equal ptxas's cubin of the same source without line info (families L and H; ptxas's code is the
//! same with and without `-lineinfo`). Family M is refused (see `edit::strip_debug`).
use std::path::Path;

#[test]
fn stripped_lineinfo_cubins_equal_ptxas_without_lineinfo() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test_data/generated/cubin");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("note: no generated cubin corpus; run `cargo xtask cubin-corpus`");
        return;
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".lineinfo.") && n.ends_with(".cubin"))
        .collect();
    names.sort();
    let (mut same, mut refused) = (0, 0);
    let mut different = Vec::new();
    for name in &names {
        let with = cubin::read(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        let Ok(stripped) = cubin::edit::strip_debug(&with) else {
            refused += 1;
            continue;
        };
        let without = std::fs::read(dir.join(name.replace(".lineinfo", ""))).unwrap();
        if cubin::write(&stripped) == without {
            same += 1;
        } else {
            different.push(name.as_str());
        }
    }
    eprintln!(
        "strip-debug: {same} identical, {} different {different:?}, {refused} refused (family M)",
        different.len()
    );
    // The PTX of `vars.cu` differs with -lineinfo (a local `__shared__` array gets another
    // number), so those cubins cannot match; everything else must.
    assert!(
        different.iter().all(|n| n.starts_with("vars.")),
        "{different:?}"
    );
}
