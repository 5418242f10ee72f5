//! g++ 12's own data: its predefined macros per `-std` (`g++ -dM -E -x c++ -std=S /dev/null`)
//! and its answers to `__has_builtin`, `__has_attribute`, `__has_cpp_attribute` for the names
//! the headers ask about. Both are generated from g++ (`data/`), not written by hand.

/// The `#define` lines of g++'s predefined macros at `std` (`gnu++17` when None).
pub fn predefined_macros(std: Option<&str>) -> Option<&'static str> {
    Some(match std.unwrap_or("gnu++17") {
        "gnu++17" => include_str!("../data/predefined-gnu++17.txt"),
        "c++11" => include_str!("../data/predefined-c++11.txt"),
        "c++14" => include_str!("../data/predefined-c++14.txt"),
        "c++17" => include_str!("../data/predefined-c++17.txt"),
        "c++20" => include_str!("../data/predefined-c++20.txt"),
        _ => return None,
    })
}

/// `__cplusplus` of a predefined-macro table.
pub fn cplusplus(predefined: &str) -> u32 {
    predefined
        .lines()
        .find_map(|l| l.strip_prefix("#define __cplusplus "))
        .and_then(|v| v.trim_end_matches('L').parse().ok())
        .unwrap_or(201703)
}

/// gcc's `-std=c++NN` (ISO) rather than `gnu++NN`.
pub fn is_iso(std: Option<&str>) -> bool {
    std.is_some_and(|s| s.starts_with("c++"))
}

#[derive(Clone, Copy)]
pub enum Table {
    Builtin,
    Attribute,
    CppAttribute,
}

const HAS_FEATURES: &str = include_str!("../data/has-features.txt");

type FeatureMap = std::collections::HashMap<(u32, &'static str, &'static str), i64>;

fn features() -> &'static FeatureMap {
    static MAP: std::sync::OnceLock<FeatureMap> = std::sync::OnceLock::new();
    MAP.get_or_init(|| {
        let mut map = FeatureMap::new();
        for line in HAS_FEATURES.lines().filter(|l| !l.starts_with('#')) {
            let mut parts = line.split(' ');
            let (Some(cpp), Some(kind), Some(name), Some(v)) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            if let (Ok(cpp), Ok(v)) = (cpp.parse(), v.parse()) {
                map.insert((cpp, kind, name), v);
            }
        }
        map
    })
}

/// g++'s value of `__has_builtin(name)` (etc.) at `cplusplus`; 0 for names not in the table.
pub fn has_feature(table: Table, name: &str, cplusplus: u32) -> i64 {
    let kind = match table {
        Table::Builtin => "__has_builtin",
        Table::Attribute => "__has_attribute",
        Table::CppAttribute => "__has_cpp_attribute",
    };
    features()
        .get(&(cplusplus, kind, name))
        .copied()
        .unwrap_or(0)
}
