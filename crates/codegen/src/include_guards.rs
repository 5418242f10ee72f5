//! The include guards of the headers a unit read.
//!
//! The host translation unit is compiled again as C++ source, and it ends by including cicc's
//! stub, which includes `crt/host_runtime.h`, which includes CUDA's type and function headers
//! once more. Their text is already in the unit, but their include-guard macros are not: gcc's
//! preprocessing consumed them. cudafe++ avoids the clash by leaving CUDA's builtin types out of
//! its regenerated text; we keep the text and define the guards again before the stub, so the
//! second inclusion finds every header already read, as the first preprocessing did.
//!
//! This reads the headers named by the unit's line markers from disk. When cufe preprocesses
//! the unit itself (the preprocessor of issue 14), the macro state at the end of the unit
//! replaces this scan.

/// The headers the preprocessed text entered (line markers with flag 1), in first-entry order.
pub fn entered_headers(preprocessed: &str) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for line in preprocessed.lines() {
        let Some(rest) = line.strip_prefix("# ") else {
            continue;
        };
        let Some((digits, rest)) = rest.split_once(' ') else {
            continue;
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Some(rest) = rest.strip_prefix('"') else {
            continue;
        };
        let Some((name, flags)) = rest.split_once('"') else {
            continue;
        };
        if flags.split_whitespace().next() == Some("1") && seen.insert(name.to_string()) {
            out.push(name.to_string());
        }
    }
    out
}

/// The macro that guards a header's text: a top-level `#ifndef X` (or `#if !defined(X)`)
/// whose next directive is `#define X` and whose `#endif` comes after the last line of code,
/// so that the macro being defined means the whole text was read. (`#ifndef __PTRDIFF_TYPE__`
/// / `#define __PTRDIFF_TYPE__ long` in `stddef.h` is no guard: code follows its `#endif`.)
pub fn guard_macro(header: &str) -> Option<String> {
    // (line index, trimmed text) of every directive, and the index of the last code line.
    let mut directives = Vec::new();
    let mut last_code = 0;
    let mut in_comment = false;
    for (index, line) in header.lines().enumerate() {
        let line = line.trim();
        if in_comment {
            if line.contains("*/") {
                in_comment = false;
            }
            continue;
        }
        if line.starts_with('#') {
            directives.push((index, line));
        } else if line.starts_with("/*") {
            in_comment = !line.contains("*/");
        } else if !line.is_empty() && !line.starts_with("//") {
            last_code = index;
        }
    }
    let mut depth = 0usize;
    let mut candidate: Option<&str> = None;
    for (position, &(index, line)) in directives.iter().enumerate() {
        let opens = ["if", "ifdef", "ifndef"]
            .iter()
            .any(|d| directive(line, d).is_some());
        if opens {
            if depth == 0 && candidate.is_none() {
                let name = tested_undefined(line);
                let defines_next = directives.get(position + 1).is_some_and(|&(_, next)| {
                    name.is_some_and(|name| {
                        directive(next, "define")
                            .and_then(|rest| rest.trim_start().split(|c: char| !is_ident(c)).next())
                            .is_some_and(|defined| defined == name)
                    })
                });
                if defines_next {
                    candidate = name;
                }
            }
            depth += 1;
        } else if directive(line, "endif").is_some() {
            depth = depth.saturating_sub(1);
            if depth == 0
                && let Some(name) = candidate.take()
                && index >= last_code
            {
                return Some(name.to_string());
            }
        }
    }
    None
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `X` of `#ifndef X`, `#if !defined(X)`, `#if !defined X`.
fn tested_undefined(line: &str) -> Option<&str> {
    if let Some(rest) = directive(line, "ifndef") {
        let name = rest.trim();
        return (!name.is_empty() && name.chars().all(is_ident)).then_some(name);
    }
    let rest = directive(line, "if")?
        .trim_start()
        .strip_prefix('!')?
        .trim_start();
    let rest = rest.strip_prefix("defined")?.trim_start();
    let rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
    let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
    let (name, tail) = rest.split_at(end);
    let tail = tail.trim_start().strip_prefix(')').unwrap_or(tail).trim();
    (!name.is_empty() && (tail.is_empty() || tail.starts_with("/*") || tail.starts_with("//")))
        .then_some(name)
}

/// The rest of `line` after `# name`, if it is that directive.
fn directive<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let rest = line.strip_prefix('#')?.trim_start().strip_prefix(name)?;
    (rest.is_empty()
        || rest.starts_with(|c: char| c.is_whitespace() || c == '(' || c == '!' || c == '/'))
    .then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guards() {
        assert_eq!(
            guard_macro("#ifndef P\n#define P long\n#endif\ntypedef P p;\n"),
            None
        );
        assert_eq!(
            guard_macro("// x\n#ifndef _A_H\n#define _A_H 1\nint a;\n#endif\n").as_deref(),
            Some("_A_H")
        );
        assert_eq!(
            guard_macro("#if !defined(__X__)\n#warning internal\n#define __Y__\n#endif\n#if !defined(__S_H__)\n#define __S_H__\n#endif\n").as_deref(),
            Some("__S_H__")
        );
        assert_eq!(
            guard_macro("#if !defined __Z\n#define __Z\nint z;\n#endif\n").as_deref(),
            Some("__Z")
        );
        assert_eq!(guard_macro("#pragma once\nint a;\n"), None);
        assert_eq!(guard_macro("#ifndef A\n#define B\n#endif\n"), None);
        assert_eq!(
            guard_macro("#if !defined(A) && defined(B)\n#define A\n"),
            None
        );
    }

    #[test]
    fn headers_entered() {
        let text = "# 0 \"a.cu\"\n# 1 \"/x/b.h\" 1\n# 3 \"/x/b.h\" 3\n# 2 \"a.cu\" 2\n# 1 \"/x/b.h\" 1\n# 1 \"/x/c.h\" 1 3 4\n";
        assert_eq!(entered_headers(text), ["/x/b.h", "/x/c.h"]);
    }
}
