//! The check suite's reference extracts and the comparison of cufe's output with nvcc's
//! (used by `cargo xtask diff-checks` and the suite tests).
//!
//! A program's first line names its variants: `// check-variants: default; -rdc=true`. Its
//! reference, `NAME.nvcc`, holds per variant what `nvcc -c -arch=sm_90 [variant] NAME.cu`
//! printed and its exit status:
//!
//! ```text
//! === variant: default
//! === exit: 2
//! x.cu(2): error: ...
//! ```
//!
//! Outputs are normalized before they are stored or compared: the program's directory and
//! nvcc's temporary files are removed from paths, and a diagnostic located in a CUDA header
//! (what `-Xcudafe --remarks` adds by the hundred) is kept as its location and number only,
//! `<cuda>/crt/sm_90_rt.hpp(110): remark #679-D`, without its text or echoed header line: the
//! extracts never reproduce header text.

/// The nvcc options used for every variant, besides the variant's own.
pub const BASE_FLAGS: &[&str] = &["-arch=sm_90"];

/// One recorded (or measured) run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub variant: String,
    pub exit: i32,
    pub output: String,
}

/// The variants named on a program's first line (`default` when there is none).
pub fn variants(source: &str) -> Vec<String> {
    source
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// check-variants:"))
        .map(|v| v.split(';').map(|s| s.trim().to_string()).collect())
        .unwrap_or_else(|| vec!["default".to_string()])
}

/// A variant's nvcc options (`default` has none).
pub fn variant_flags(variant: &str) -> Vec<String> {
    if variant == "default" {
        Vec::new()
    } else {
        variant.split_whitespace().map(String::from).collect()
    }
}

pub fn parse_runs(text: &str) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for line in text.split_inclusive('\n') {
        if let Some(v) = line.strip_prefix("=== variant: ") {
            runs.push(Run {
                variant: v.trim_end().to_string(),
                exit: 0,
                output: String::new(),
            });
        } else if let Some(e) = line.strip_prefix("=== exit: ") {
            if let Some(run) = runs.last_mut() {
                run.exit = e.trim().parse().unwrap_or(-1);
            }
        } else if let Some(run) = runs.last_mut() {
            run.output.push_str(line);
        }
    }
    runs
}

pub fn format_runs(runs: &[Run]) -> String {
    let mut out = String::new();
    for r in runs {
        out.push_str(&format!(
            "=== variant: {}\n=== exit: {}\n{}",
            r.variant, r.exit, r.output
        ));
    }
    out
}

/// The normalized form of a tool's output for a program in `dir` (idempotent): each run of
/// diagnostics located in CUDA headers becomes one line, `<cuda headers: N diagnostics>`.
pub fn normalize(output: &str, dir: &str) -> String {
    collapse_header_runs(&normalize_lines(output, dir))
}

fn collapse_header_runs(text: &str) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let count_of = |l: &str| -> Option<usize> {
            if l.starts_with("<cuda>/") {
                return Some(1);
            }
            l.strip_prefix("<cuda headers: ")
                .and_then(|r| r.strip_suffix(" diagnostics>"))
                .and_then(|n| n.parse().ok())
        };
        if count_of(lines[i]).is_none() {
            out.push_str(lines[i]);
            out.push('\n');
            i += 1;
            continue;
        }
        let mut n = 0;
        while i < lines.len() && (lines[i].is_empty() || count_of(lines[i]).is_some()) {
            n += count_of(lines[i]).unwrap_or(0);
            i += 1;
        }
        out.push_str(&format!("<cuda headers: {n} diagnostics>\n\n"));
    }
    out
}

fn normalize_lines(output: &str, dir: &str) -> String {
    let dir = format!("{}/", dir.trim_end_matches('/'));
    let mut out = String::new();
    let mut skip_echo = 0;
    for line in output.lines() {
        if skip_echo > 0 && line.starts_with("  ") {
            skip_echo -= 1;
            continue;
        }
        skip_echo = 0;
        let line = line.replace(&dir, "");
        let line = replace_tmp(&line);
        if let Some(header) = header_diagnostic(&line) {
            out.push_str(&header);
            out.push('\n');
            skip_echo = 2;
            continue;
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `/tmp/tmpxft_000012ab_00000000-7_x.cudafe1.cpp` → `<tmp>`.
fn replace_tmp(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find("/tmp/tmpxft") {
        out.push_str(&rest[..i]);
        out.push_str("<tmp>");
        let tail = &rest[i..];
        let end = tail
            .find(|c: char| c.is_whitespace() || matches!(c, ':' | '\'' | '"' | '('))
            .unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// A diagnostic located in a CUDA header (an absolute path with `/include/`), as its location
/// relative to the include directory and its severity and number.
fn header_diagnostic(line: &str) -> Option<String> {
    if line.starts_with("<cuda>/") {
        return Some(line.to_string());
    }
    if !line.starts_with('/') {
        return None;
    }
    let open = line.find("): ")?;
    let location = &line[..open + 1];
    let include = location.rfind("/include/")?;
    let rest = &line[open + 3..];
    let head_end = rest.find(": ")?;
    Some(format!(
        "<cuda>/{}: {}",
        &location[include + "/include/".len()..],
        &rest[..head_end]
    ))
}

/// The diagnostic lines of an output: EDG's (`file(line): severity...: text`) and the host
/// compiler's (`file:line:column: severity: text`).
pub fn diagnostic_lines(output: &str) -> Vec<&str> {
    output
        .lines()
        .filter(|l| {
            l.find("): ").is_some_and(|i| {
                let rest = &l[i + 3..];
                ["error", "warning", "remark", "note"]
                    .iter()
                    .any(|s| rest.starts_with(s))
            }) || gcc_severity(l).is_some()
        })
        .collect()
}

/// The severity of a gcc diagnostic line (`x.cu:3:19: warning: ...`; `x.cu:3: warning: ...`
/// where gcc names no column, as for pragmas).
fn gcc_severity(line: &str) -> Option<&str> {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (file, rest) = line.split_once(':')?;
    let (row, rest) = rest.split_once(':')?;
    if file.is_empty() || file.contains(' ') || !number(row) {
        return None;
    }
    let rest = match rest.split_once(':') {
        Some((column, after)) if number(column) => after,
        _ => rest,
    };
    ["error", "fatal error", "warning", "note"]
        .into_iter()
        .find(|s| {
            rest.strip_prefix(' ')
                .is_some_and(|r| r.starts_with(&format!("{s}:")))
        })
}

/// The diagnostics cufe printed that nvcc did not (each counted as often as it is extra).
pub fn extra_diagnostics<'a>(cufe: &'a str, nvcc: &str) -> Vec<&'a str> {
    let mut expected: Vec<&str> = diagnostic_lines(nvcc);
    let mut extra = Vec::new();
    for line in diagnostic_lines(cufe) {
        if let Some(i) = expected.iter().position(|e| *e == line) {
            expected.remove(i);
        } else {
            extra.push(line);
        }
    }
    extra
}

/// Whether a diagnostic line is an error (`error:` or `error #N-D:`).
pub fn is_error_line(line: &str) -> bool {
    line.find("): ")
        .is_some_and(|i| line[i + 3..].starts_with("error"))
        || gcc_severity(line).is_some_and(|s| s.ends_with("error"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_diagnostics_keep_no_text() {
        let out = "/opt/cuda/bin/..//include/crt/sm_90_rt.hpp(110): remark #679-D: function \"f\" cannot be inlined\n  static int f();\n             ^\n\nx.cu(2): error: bad\n";
        let once = normalize(out, "/w");
        assert_eq!(
            once,
            "<cuda headers: 1 diagnostics>\n\nx.cu(2): error: bad\n"
        );
        assert_eq!(normalize(&once, "/w"), once);
        assert_eq!(
            normalize("/w/x.cu:3: in /tmp/tmpxft_1_x.cpp: bad\n", "/w"),
            "x.cu:3: in <tmp>: bad\n"
        );
    }

    #[test]
    fn gccs_diagnostics_are_diagnostic_lines() {
        let out = "x.cu: In function 'int h()':\nx.cu:3:19: warning: 'int f()' is deprecated [-Wdeprecated-declarations]\n    3 | int h() { return f(); }\nx.cu:2:20: note: declared here\nx.cu:3:12: error: redefinition of 'int v'\nx.cu:1: warning: ignoring '#pragma unroll ' [-Wunknown-pragmas]\n";
        assert_eq!(
            diagnostic_lines(out),
            [
                "x.cu:3:19: warning: 'int f()' is deprecated [-Wdeprecated-declarations]",
                "x.cu:2:20: note: declared here",
                "x.cu:3:12: error: redefinition of 'int v'",
                "x.cu:1: warning: ignoring '#pragma unroll ' [-Wunknown-pragmas]",
            ]
        );
        assert!(is_error_line("x.cu:3:12: error: redefinition of 'int v'"));
        assert!(!is_error_line("x.cu:2:20: note: declared here"));
    }

    #[test]
    fn extra_lines_are_counted() {
        let nvcc = "x.cu(2): error: a\n  echo\n  ^\n\n";
        let cufe = "x.cu(2): error: a\n\nx.cu(3): warning #1-D: b\n";
        assert_eq!(
            extra_diagnostics(cufe, nvcc),
            vec!["x.cu(3): warning #1-D: b"]
        );
        assert!(is_error_line("x.cu(2): error #20011-D: a"));
    }
}
