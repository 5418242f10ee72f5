//! One pass's diagnostics as nvcc prints them (spec rules P3-P5):
//!
//! ```text
//! x.cu(3): warning #177-D: function "f" was declared but never referenced
//!   static __attribute__((device)) void f() {}
//!                                       ^
//!
//! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
//!
//! x.cu(5): error: calling a __host__ function("h()") from a __device__ function("d") is not allowed
//!
//! 1 error detected in the compilation of "x.cu".
//! ```
use std::fmt::Write as _;

use syntax::LineMap;

use crate::diagnostic::{Diagnostic, Phase};
use crate::messages::{SUPPRESS_REMARK, Severity};

/// Appends the block of one pass to `out`; returns the number of errors. `unit` is the name
/// the trailer gives (the file as given to nvcc).
pub fn render_pass(
    out: &mut String,
    text: &str,
    line_map: &LineMap,
    diagnostics: &[Diagnostic],
    unit: &str,
) -> usize {
    let mut errors = 0;
    let mut remark_printed = false;
    let mut backend = false;
    for d in diagnostics {
        let pos = line_map.position(d.offset.into());
        let file = pos.file.unwrap_or(unit);
        if d.phase == Phase::Backend {
            // cicc's back end: one line each, a blank line after the last.
            writeln!(out, "warning: {file}({}): Warning: {}", pos.line, d.text).unwrap();
            backend = true;
            continue;
        }
        let number = if d.discretionary {
            format!(" #{}-D", d.number)
        } else {
            String::new()
        };
        writeln!(
            out,
            "{file}({}): {}{number}: {}",
            pos.line,
            d.severity.word(),
            d.text
        )
        .unwrap();
        if d.phase != Phase::Late {
            echo(out, text, d.offset);
        }
        match &d.context[..] {
            [] => {}
            [one] => writeln!(out, "          detected during {one}").unwrap(),
            frames => {
                writeln!(out, "          detected during:").unwrap();
                for frame in frames {
                    writeln!(out, "            {frame}").unwrap();
                }
            }
        }
        for note in &d.notes {
            let pos = line_map.position(note.offset.into());
            let file = pos.file.unwrap_or(unit);
            writeln!(
                out,
                "{file}({}): note #{}-D: {}",
                pos.line, note.number, note.text
            )
            .unwrap();
            echo(out, text, note.offset);
        }
        out.push('\n');
        if d.severity == Severity::Error {
            errors += 1;
        }
        if d.discretionary && !remark_printed && d.severity != Severity::Remark {
            remark_printed = true;
            writeln!(out, "Remark: {}\n", SUPPRESS_REMARK.text).unwrap();
        }
    }
    if backend {
        out.push('\n');
    }
    if errors > 0 {
        let noun = if errors == 1 { "error" } else { "errors" };
        writeln!(
            out,
            "{errors} {noun} detected in the compilation of \"{unit}\"."
        )
        .unwrap();
    }
    errors
}

/// The line holding `offset`, indented, and a caret under it.
fn echo(out: &mut String, text: &str, offset: u32) {
    let at = (offset as usize).min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let caret = text[start..at].chars().count();
    writeln!(out, "  {}\n  {}^", &text[start..end], " ".repeat(caret)).unwrap();
}
