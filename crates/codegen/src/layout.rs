//! The layout of the host unit's lines. cudafe++ regenerates every declaration from its IL and
//! starts each line at its first token (a statement of an indented body at column 1, after a
//! `# N` line marker); the host compiler's columns are those of that text (measured: nvcc
//! 13.0.88's gcc warning on `    return s.f();` names column 11, the `(` of the line without
//! its indentation). cufe keeps the user's text, so it removes the blanks that begin each line,
//! except inside raw string literals, whose text is the program's. The pragmas only the CUDA
//! front end reads go too, as cudafe++ consumes them.

/// `text` with the spaces and tabs at the start of every line removed (not inside raw string
/// literals, which may span lines).
pub(crate) fn dedent_lines(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    let mut at_line_start = true;
    while i < bytes.len() {
        if at_line_start {
            let blanks = bytes[i..]
                .iter()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count();
            if blanks > 0 {
                out.push_str(&text[copied..i]);
                i += blanks;
                copied = i;
            }
            at_line_start = false;
            if text[i..].starts_with("#pragma ") {
                let end = text[i..].find('\n').map_or(text.len(), |k| i + k);
                if is_front_end_pragma(&text[i..end]) {
                    // The line stays, empty: line markers keep counting.
                    out.push_str(&text[copied..i]);
                    i = end;
                    copied = i;
                }
            }
            continue;
        }
        match bytes[i] {
            b'\n' => {
                at_line_start = true;
                i += 1;
            }
            b'"' => {
                if let Some(end) = raw_string_end(text, i) {
                    // Past the literal (to the end when it is not closed).
                    i = end;
                } else {
                    i = literal_end(bytes, i, b'"');
                }
            }
            b'\'' => i = literal_end(bytes, i, b'\''),
            _ => i += 1,
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// The pragmas cudafe++ consumes and leaves out of its output (measured with `nvcc -keep`:
/// `nv_diagnostic`, `nv_diag_*`, `nv_exec_check_disable`, `hd_warning_disable`, `GCC poison`;
/// it keeps `diag_suppress`, `unroll`, `pack`, `message`, `omp`, `STDC`, `weak` and the other
/// `GCC` ones). gcc warns about the unknown ones with `-Wunknown-pragmas` (`-Wall`).
fn is_front_end_pragma(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().skip(1).take(2).collect();
    match words.as_slice() {
        [first, ..] if first.starts_with("nv_") || *first == "hd_warning_disable" => true,
        ["GCC", second] => second.starts_with("poison"),
        _ => false,
    }
}

/// The end of the string or character literal opening at `open` (quote `quote`), or of its
/// line when it is not closed there (a digit separator, `1'000`, is no literal: stopping at
/// the line's end keeps the mistake on its line).
fn literal_end(bytes: &[u8], open: usize, quote: u8) -> usize {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => return open + 1,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    open + 1
}

/// When the `"` at `quote` opens a raw string literal (`R"d(...)d"`, also with an encoding
/// prefix), the offset after it.
fn raw_string_end(text: &str, quote: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    if quote == 0 || bytes[quote - 1] != b'R' {
        return None;
    }
    // `R`, `LR`, `uR`, `UR`, `u8R`, and no identifier before the prefix.
    let prefix_start = ["u8R", "LR", "uR", "UR", "R"]
        .iter()
        .find(|p| text[..quote].ends_with(*p))
        .map(|p| quote - p.len())?;
    if prefix_start > 0 {
        let before = bytes[prefix_start - 1];
        if before.is_ascii_alphanumeric() || before == b'_' {
            return None;
        }
    }
    let delimiter_len = bytes[quote + 1..]
        .iter()
        .take(17)
        .position(|b| *b == b'(')?;
    let delimiter = &text[quote + 1..quote + 1 + delimiter_len];
    if delimiter
        .bytes()
        .any(|b| b.is_ascii_whitespace() || matches!(b, b'\\' | b')' | b'"'))
    {
        return None;
    }
    let body = quote + 1 + delimiter_len + 1;
    let close = format!("){delimiter}\"");
    Some(
        text[body..]
            .find(&close)
            .map_or(text.len(), |k| body + k + close.len()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_start_at_their_first_token() {
        let text = "int g(int a) {\n    int x = 3;\n\tif (a) {\n        return a;\n    }\n}\n";
        assert_eq!(
            dedent_lines(text),
            "int g(int a) {\nint x = 3;\nif (a) {\nreturn a;\n}\n}\n"
        );
    }

    #[test]
    fn raw_strings_and_literals_keep_their_text() {
        let text = "const char *s = R\"x(\n    kept\n  )x\";\n  int c = '\"';\n    const char *t = \"  a\";\n  int n = 1'000;\n    int m;\n";
        assert_eq!(
            dedent_lines(text),
            "const char *s = R\"x(\n    kept\n  )x\";\nint c = '\"';\nconst char *t = \"  a\";\nint n = 1'000;\nint m;\n"
        );
        assert_eq!(
            dedent_lines(
                "#pragma nv_diagnostic push\n  #pragma nv_diag_suppress 20199\n#pragma hd_warning_disable\n#pragma GCC poison x\n#pragma unroll 4\n#pragma GCC diagnostic push\n"
            ),
            "\n\n\n\n#pragma unroll 4\n#pragma GCC diagnostic push\n"
        );
        // `BR"` is an identifier and a string, not a raw string.
        assert_eq!(dedent_lines("x = BR\"(\";\n  y;\n"), "x = BR\"(\";\ny;\n");
    }
}
