//! NVIDIA's vendor types in cuda.tsv: every name holding `Unvdl`/`Unvdtl`/`Unvhdl` must
//! demangle, in each dialect, into `__nv_dl_wrapper_t<...>`/`__nv_hdl_wrapper_t<...>` forms
//! that carry exactly the information of what cudafe++ wrote in the stub file (column
//! `cudafe_source_form`). For host symbols, which embed a `__device_stub__` name next to the
//! real C++ wrapper type, the decoded vendor type must equal the real type.

mod common;

use demangle::{DemangleOptions, Style, demangle_bytes};

fn rows() -> Option<Vec<Vec<String>>> {
    let data = common::read_corpus("cuda.tsv")?;
    let text = String::from_utf8_lossy(&data);
    Some(
        text.lines()
            .skip(1)
            .map(|l| l.split('\t').map(str::to_owned).collect())
            .collect(),
    )
}

/// Every `__nv_*_wrapper_t<...>` in `s`, with its balanced template argument list.
fn wrappers(s: &str) -> Vec<String> {
    let mut res = Vec::new();
    let mut from = 0;
    while let Some(i) = ["__nv_dl_wrapper_t<", "__nv_hdl_wrapper_t<"]
        .iter()
        .filter_map(|p| s[from..].find(p))
        .min()
    {
        let start = from + i;
        let mut depth = 0;
        let mut end = s.len();
        for (j, c) in s[start..].char_indices() {
            match c {
                '<' => depth += 1,
                '>' => {
                    depth -= 1;
                    if depth == 0 {
                        end = start + j + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        res.push(normalize(&s[start..end]));
        from = end;
    }
    res
}

/// Spelling differences that carry no information: spaces, `::` global qualifiers, the
/// parentheses cudafe++ puts around `&f`, the type of an integer literal, the `u` suffix of the
/// unsigned id, the position of `const`, and the names of the anonymous namespace (cudafe++
/// writes `_NV_ANON_NAMESPACE`, and stub names nest it in an `_INTERNAL_<module>` namespace).
fn normalize(s: &str) -> String {
    let mut t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    for (from, to) in [
        ("<::", "<"),
        (",::", ","),
        ("(::", "("),
        ("&::", "&"),
        ("*::", "*"),
        ("(bool)0", "false"),
        ("(bool)1", "true"),
    ] {
        t = t.replace(from, to);
    }
    // Casts that only name a literal's type: `(int)4`, `(unsigned int)7`.
    for cast in ["(int)", "(unsignedint)"] {
        let mut from = 0;
        while let Some(i) = t[from..].find(cast).map(|i| i + from) {
            let next = t[i + cast.len()..].chars().next();
            if next.is_some_and(|c| c.is_ascii_digit() || c == '-') {
                t.replace_range(i..i + cast.len(), "");
            } else {
                from = i + cast.len();
            }
        }
    }
    for anon in ["_NV_ANON_NAMESPACE", "(anonymousnamespace)", "<unnamed>"] {
        t = t.replace(anon, "ANON");
    }
    while let Some(i) = t.find("_INTERNAL_") {
        let Some(len) = t[i..].find("::") else { break };
        t.replace_range(i..i + len + 2, "");
    }
    // `(&main)` -> `&main`, matching the closing parenthesis.
    while let Some(i) = t.find("(&") {
        let mut depth = 0;
        let mut close = None;
        for (j, c) in t[i..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i + j);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { break };
        let inner = t[i + 1..close].to_string();
        t.replace_range(i..=close, &inner);
    }
    let chars: Vec<char> = t.chars().collect();
    let mut out = String::new();
    for (k, c) in chars.iter().enumerate() {
        let after_digit = k > 0 && chars[k - 1].is_ascii_digit();
        let before_close = matches!(chars.get(k + 1), Some('>' | ','));
        if matches!(c, 'u' | 'U') && after_digit && before_close {
            continue;
        }
        out.push(*c);
    }
    const_first(&out)
}

/// `Sconst` (from `S const`) -> `constS`: the qualifier of a plain class name goes first.
fn const_first(s: &str) -> String {
    let mut out = s.to_string();
    let mut from = 0;
    while let Some(i) = out[from..].find("const").map(|i| i + from) {
        let ident_start = out[..i]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map_or(0, |p| p + 1);
        if ident_start < i && !out[ident_start..i].ends_with("::") {
            let ident = out[ident_start..i].to_string();
            out.replace_range(ident_start..i + 5, &format!("const{ident}"));
        }
        from = i + 5;
    }
    out
}

#[test]
fn vendor_lambda_types_carry_the_stub_information() {
    let Some(rows) = rows() else { return };
    let mut stub_rows = 0;
    let mut host_rows = 0;
    let mut host_cross_checked = 0;
    let mut failures = Vec::new();
    for row in &rows {
        let mangled = &row[0];
        if !["Unvdl", "Unvdtl", "Unvhdl"]
            .iter()
            .any(|v| mangled.contains(v))
        {
            continue;
        }
        let is_stub = row[1].starts_with("stub-embedded name (U");
        if is_stub {
            stub_rows += 1;
        } else {
            host_rows += 1;
        }
        let mut cross_checked = true;
        for style in [Style::Gnu, Style::Llvm, Style::Nvidia] {
            let opts = DemangleOptions {
                style,
                params: true,
                types: false,
            };
            let out = match demangle_bytes(mangled.as_bytes(), &opts) {
                Ok(s) => s,
                Err(e) => {
                    failures.push(format!("{style:?} {mangled}: {e}"));
                    continue;
                }
            };
            let got = wrappers(&out);
            if got.is_empty() {
                failures.push(format!("{style:?} {mangled}: no wrapper in {out}"));
                continue;
            }
            if is_stub {
                let want = wrappers(&row[5]);
                if want.len() != 1 || got.iter().any(|g| *g != want[0]) {
                    failures.push(format!(
                        "{style:?} {mangled}:\n  got  {got:?}\n  want {want:?}"
                    ));
                }
            } else if style == Style::Llvm {
                // LLVM prints `&f(int*)` for a function's address in the real type; the
                // decoded vendor types must still agree with each other.
                continue;
            } else if got.iter().any(|g| *g != got[0]) {
                failures.push(format!(
                    "{style:?} {mangled}: decoded and real wrapper types differ: {got:?}"
                ));
            } else if got.len() < 2 {
                cross_checked = false;
            }
        }
        if !is_stub && cross_checked {
            host_cross_checked += 1;
        }
    }
    println!(
        "cuda.tsv vendor names: {stub_rows} stub-embedded rows and {host_rows} host symbols demangled in 3 dialects; \
         {host_cross_checked} host symbols cross-checked against their real wrapper type; {} failures",
        failures.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
    assert_eq!(stub_rows, 28);
}
