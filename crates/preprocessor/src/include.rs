//! gcc's include chains for nvcc's preprocessing: -iquote, -I, -isystem and gcc 12's default
//! system directories (`g++ -xc++ -E -v /dev/null`), duplicates removed as gcc does.
use crate::options::SearchDir;

/// gcc 12's default C++ system directories on x86_64 Debian/Ubuntu, with their system level
/// (C++-aware directories are 1, the others 2: "3 4" in line markers).
pub const GCC12_SYSTEM_DIRS: &[(&str, u8)] = &[
    ("/usr/include/c++/12", 1),
    ("/usr/include/x86_64-linux-gnu/c++/12", 1),
    ("/usr/include/c++/12/backward", 1),
    ("/usr/lib/gcc/x86_64-linux-gnu/12/include", 2),
    ("/usr/local/include", 2),
    ("/usr/include/x86_64-linux-gnu", 2),
    ("/usr/include", 2),
];

fn normalize(dir: &str) -> String {
    let t = dir.trim_end_matches('/');
    if t.is_empty() {
        "/".to_string()
    } else {
        t.to_string()
    }
}

/// The bracket chain: -I dirs, then -isystem dirs, then the defaults. As gcc, a directory
/// that is also a system directory is kept only as the system one, later duplicates are
/// dropped, and directories that do not exist are left out.
pub fn bracket_chain(
    user: &[String],
    system: &[String],
    is_dir: &mut dyn FnMut(&str) -> bool,
) -> Vec<SearchDir> {
    let mut sys: Vec<SearchDir> = Vec::new();
    for d in system {
        sys.push(SearchDir {
            path: normalize(d),
            sysp: 2,
        });
    }
    for (d, s) in GCC12_SYSTEM_DIRS {
        sys.push(SearchDir {
            path: d.to_string(),
            sysp: *s,
        });
    }
    let mut out: Vec<SearchDir> = Vec::new();
    for d in user {
        let path = normalize(d);
        if sys.iter().any(|s| s.path == path) || out.iter().any(|o| o.path == path) {
            continue;
        }
        out.push(SearchDir { path, sysp: 0 });
    }
    for s in sys {
        if out.iter().any(|o| o.path == s.path) {
            continue;
        }
        out.push(s);
    }
    out.retain(|d| is_dir(&d.path));
    out
}
