//! From offsets in a preprocessed translation unit to positions in the files it came from.
//!
//! `gcc -E` marks every change of file or line with a *line marker*, a line of its own:
//!
//! ```text
//! # 27 "/usr/include/stdio.h" 3 4
//! ```
//!
//! The line after the marker is line 27 of that file; later lines count on from there, and the
//! marker line itself belongs to no file. The flags say why the file changed: `1` entering an
//! `#include`, `2` returning from one, `3` the text comes from a system header, `4` it is
//! implicitly `extern "C"`. gcc repeats `3` (and `4`) on *every* marker inside a system header,
//! including the plain line jumps it emits after a run of blank lines and the `2` markers returning
//! into a header, so "is this offset in a system header" is answered by the flags of the marker
//! governing the offset alone, without tracking the include stack. `#line N "file"` (what a user
//! writes, and what `-fpreprocessed` input may contain) is read the same way.
//!
//! [`LineMap::new`] reads the raw text in one pass: it finds every `\n` with a 64-byte bitmask
//! loop the compiler vectorizes, and looks closer only at lines that begin with `#`. Positions are
//! then answered by two binary searches (line starts, then marker regions).
//!
//! Known limit: the map is built from raw text, not tokens, so a line inside a multi-line raw
//! string literal that happens to look like `# 12 "x"` is taken as a marker. gcc never produces
//! one, and the lexer still treats the literal as one token, so only reported positions suffer.
use rowan::TextSize;
use rustc_hash::FxHashMap;

use crate::Indel;

/// The original position of an offset of the preprocessed text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OriginalPos<'a> {
    /// The file named by the governing line marker; `None` before the first marker, where the
    /// text is the preprocessed file itself (whose name the map does not know).
    pub file: Option<&'a str>,
    /// The original line, 1-based, as the marker numbers it (gcc 12 also emits line 0 for its
    /// `<built-in>` and `<command-line>` pseudo-files).
    pub line: u32,
    /// The byte column in the *preprocessed* line, 1-based: what cudafe++ reports, since after
    /// macro expansion the original column no longer exists.
    pub col: u32,
}

/// The line markers of one preprocessed text, with the start of every line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineMap {
    /// Offset of the first byte of every line of the preprocessed text; `line_starts[0] == 0`.
    line_starts: Vec<u32>,
    /// One region per line marker, in text order.
    regions: Vec<Region>,
    /// Interned file names; [`Region::file`] indexes this.
    files: Vec<String>,
    len: u32,
}

/// The lines governed by one marker: from the line after it up to the next marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Region {
    /// Index (into `line_starts`) of the first line after the marker.
    first_line: u32,
    /// The original line number of that first line.
    line: u32,
    file: u32,
    system: bool,
    enters: bool,
}

impl LineMap {
    /// Scans `text` once. Texts over 4 GiB are outside what rowan's `TextSize` can address.
    pub fn new(text: &str) -> LineMap {
        let bytes = text.as_bytes();
        let mut builder = Builder::default();
        builder.line_start(bytes, 0);
        for_each_newline(bytes, |newline| builder.line_start(bytes, newline + 1));
        LineMap {
            line_starts: builder.line_starts,
            regions: builder.regions,
            files: builder.files,
            len: bytes.len() as u32,
        }
    }

    /// The map of `new_text`, which `edit` made from the text this map was built from, without
    /// scanning the whole text again (a keystroke in the language server's 13 MB `.ii`): line
    /// starts up to the edit are kept, those after it shifted, and only the inserted text is
    /// scanned. `None`, to build the map anew, when the edit does not fit this map's text or
    /// when a line it touches is or becomes a line marker (a marker after it may depend on the
    /// ones before: `#line N` keeps the current file).
    pub fn edited(&self, new_text: &str, edit: &Indel) -> Option<LineMap> {
        let (start, end) = (u32::from(edit.delete.start()), u32::from(edit.delete.end()));
        let inserted = edit.insert.as_bytes();
        let bytes = new_text.as_bytes();
        if end > self.len
            || bytes.len() != (self.len - (end - start)) as usize + inserted.len()
            || bytes.get(start as usize..start as usize + inserted.len()) != Some(inserted)
        {
            return None;
        }
        // Lines `first..=last` hold the deleted range; the starts after `first` up to `last`
        // follow newlines the edit deletes.
        let first = self.line_starts.partition_point(|&s| s <= start) - 1;
        let last = self.line_starts.partition_point(|&s| s <= end) - 1;
        let marker_lines = (first as u32 + 1)..=(last as u32 + 1);
        if self
            .regions
            .iter()
            .any(|r| marker_lines.contains(&r.first_line))
        {
            return None;
        }
        let mut line_starts = Vec::with_capacity(self.line_starts.len() + 16);
        line_starts.extend_from_slice(&self.line_starts[..=first]);
        for_each_newline(inserted, |newline| {
            line_starts.push(start + newline as u32 + 1)
        });
        // The lines the edit wrote (the first one's text changed too) must not be markers.
        if line_starts[first..]
            .iter()
            .any(|&s| bytes.get(s as usize) == Some(&b'#'))
        {
            return None;
        }
        let added_lines = line_starts.len() - 1 - first;
        let shift = |s: u32| (s - end) as usize + start as usize + inserted.len();
        line_starts.extend(
            self.line_starts[last + 1..]
                .iter()
                .map(|&s| shift(s) as u32),
        );
        let line_shift = added_lines as i64 - (last - first) as i64;
        let regions = self
            .regions
            .iter()
            .map(|r| Region {
                first_line: if r.first_line as usize <= first {
                    r.first_line
                } else {
                    (i64::from(r.first_line) + line_shift) as u32
                },
                ..*r
            })
            .collect();
        Some(LineMap {
            line_starts,
            regions,
            files: self.files.clone(),
            len: bytes.len() as u32,
        })
    }

    /// The original file and line of `offset` and its column in the preprocessed line. Offsets
    /// past the end clamp to the end.
    pub fn position(&self, offset: TextSize) -> OriginalPos<'_> {
        let (line_index, col) = self.line_col(offset);
        match self.region(line_index) {
            None => OriginalPos {
                file: None,
                line: line_index + 1,
                col: col + 1,
            },
            Some(region) => OriginalPos {
                file: Some(&self.files[region.file as usize]),
                line: region.line.wrapping_add(line_index - region.first_line),
                col: col + 1,
            },
        }
    }

    /// A reader of [`LineMap::position`]s that remembers the last preprocessed line it found:
    /// a cross-reference log asks for runs of offsets on one line (two lines in three of the
    /// largest test program's log), each of which was two binary searches.
    pub fn cursor(&self) -> PositionCursor<'_> {
        PositionCursor {
            map: self,
            start: 1,
            end: 0,
            line_index: 0,
            region: None,
        }
    }

    /// Where line `line` of `file` begins in the preprocessed text: the reverse of
    /// [`LineMap::position`], once per time the text holds that line (a file included twice),
    /// in text order. The language server goes from the position a user points at to here.
    pub fn line_starts_of(&self, file: &str, line: u32) -> Vec<TextSize> {
        let Some(index) = self.files.iter().position(|f| f == file) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, region) in self.regions.iter().enumerate() {
            if region.file as usize != index || line < region.line {
                continue;
            }
            let at = region.first_line as u64 + u64::from(line - region.line);
            // The next marker's own line belongs to no file.
            let end = self
                .regions
                .get(i + 1)
                .map_or(self.line_starts.len() as u64, |next| {
                    u64::from(next.first_line.saturating_sub(1))
                });
            // The text's end after its last newline starts no line.
            if at < end && self.line_starts[at as usize] < self.len {
                out.push(TextSize::from(self.line_starts[at as usize]));
            }
        }
        out
    }

    /// Whether `offset` lies in text from a system header (flag 3 on its governing marker).
    pub fn is_system(&self, offset: TextSize) -> bool {
        let (line_index, _) = self.line_col(offset);
        self.region(line_index).is_some_and(|region| region.system)
    }

    /// The text ranges, in order and merged, whose governing marker's file and system flag
    /// `keep` accepts (`None`: the text before the first marker).
    pub fn ranges_where(
        &self,
        mut keep: impl FnMut(Option<&str>, bool) -> bool,
    ) -> Vec<rowan::TextRange> {
        let mut out: Vec<rowan::TextRange> = Vec::new();
        for (file, system, range) in self.regions() {
            if range.is_empty() || !keep(file, system) {
                continue;
            }
            match out.last_mut() {
                Some(last) if last.end() == range.start() => *last = last.cover(range),
                _ => out.push(range),
            }
        }
        out
    }

    /// The files entered as system headers: those a marker with flag 1 or 2 (entering or
    /// returning) also flags 3. Markers that only jump lines inside a file carry 3 where a
    /// system header's macro expanded (`noexcept (true)` from glibc's `__THROW` in CUDA's
    /// `math_functions.h`), which does not make the file one.
    pub fn system_files(&self) -> rustc_hash::FxHashSet<&str> {
        self.regions
            .iter()
            .filter(|r| r.system && r.enters)
            .map(|r| self.files[r.file as usize].as_str())
            .collect()
    }

    /// Every marker's region in text order: its file (`None`: the text before the first
    /// marker), its system flag, and the text it governs (from the line after the marker to the
    /// next marker's line).
    pub fn regions(&self) -> impl Iterator<Item = (Option<&str>, bool, rowan::TextRange)> {
        let line_start = |line: u32| {
            self.line_starts
                .get(line as usize)
                .copied()
                .unwrap_or(self.len)
        };
        let range =
            |start: u32, end: u32| rowan::TextRange::new(start.into(), end.max(start).into());
        let first = self
            .regions
            .first()
            .map_or(self.len, |r| line_start(r.first_line));
        let before = (None, false, range(0, first));
        std::iter::once(before).chain(self.regions.iter().enumerate().map(move |(i, region)| {
            let end = self
                .regions
                .get(i + 1)
                .map_or(self.len, |next| line_start(next.first_line));
            (
                Some(self.files[region.file as usize].as_str()),
                region.system,
                range(line_start(region.first_line), end),
            )
        }))
    }

    /// Every file named by a marker, each once, in order of first appearance.
    pub fn files(&self) -> &[String] {
        &self.files
    }

    /// The number of line markers.
    pub fn marker_count(&self) -> usize {
        self.regions.len()
    }

    /// The number of lines of the preprocessed text.
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// 0-based line index and byte column in the preprocessed text.
    fn line_col(&self, offset: TextSize) -> (u32, u32) {
        let offset = u32::from(offset).min(self.len);
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        (line as u32, offset - self.line_starts[line])
    }

    fn region(&self, line_index: u32) -> Option<&Region> {
        let after = self
            .regions
            .partition_point(|region| region.first_line <= line_index);
        after.checked_sub(1).map(|i| &self.regions[i])
    }
}

/// [`LineMap::cursor`]: positions with the last line's bounds and region kept.
pub struct PositionCursor<'a> {
    map: &'a LineMap,
    /// The last line's start and the next line's (`u32::MAX` after the last line); empty
    /// before the first lookup.
    start: u32,
    end: u32,
    line_index: u32,
    region: Option<&'a Region>,
}

impl<'a> PositionCursor<'a> {
    /// [`LineMap::position`] of `offset`.
    pub fn position(&mut self, offset: TextSize) -> OriginalPos<'a> {
        let map = self.map;
        let clamped = u32::from(offset).min(map.len);
        if !(self.start <= clamped && clamped < self.end) {
            let (line_index, col) = map.line_col(offset);
            self.line_index = line_index;
            self.start = clamped - col;
            self.end = map
                .line_starts
                .get(line_index as usize + 1)
                .copied()
                .unwrap_or(u32::MAX);
            self.region = map.region(line_index);
        }
        let col = clamped - self.start;
        match self.region {
            None => OriginalPos {
                file: None,
                line: self.line_index + 1,
                col: col + 1,
            },
            Some(region) => OriginalPos {
                file: Some(&map.files[region.file as usize]),
                line: region
                    .line
                    .wrapping_add(self.line_index - region.first_line),
                col: col + 1,
            },
        }
    }
}

#[derive(Default)]
struct Builder {
    line_starts: Vec<u32>,
    regions: Vec<Region>,
    files: Vec<String>,
    /// Escaped name as it appears between the quotes -> index into `files`. Markers repeat the same
    /// few hundred names thousands of times; interning by the raw bytes skips unescaping them.
    interned: FxHashMap<Box<[u8]>, u32>,
}

impl Builder {
    fn line_start(&mut self, bytes: &[u8], start: usize) {
        let index = self.line_starts.len() as u32;
        self.line_starts.push(start as u32);
        if bytes.get(start) != Some(&b'#') {
            return;
        }
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |n| start + n);
        let Some(marker) = Marker::parse(&bytes[start + 1..end]) else {
            return;
        };
        let file = match marker.file {
            Some(raw) => self.intern(raw),
            // `#line N` without a name keeps the current file (or, before any marker, names none).
            None => match self.regions.last() {
                Some(region) => region.file,
                None => self.intern(b""),
            },
        };
        self.regions.push(Region {
            first_line: index + 1,
            line: marker.line,
            file,
            system: marker.system,
            enters: marker.enters,
        });
    }

    fn intern(&mut self, raw: &[u8]) -> u32 {
        if let Some(&id) = self.interned.get(raw) {
            return id;
        }
        let id = self.files.len() as u32;
        self.files.push(unescape(raw));
        self.interned.insert(raw.into(), id);
        id
    }
}

/// One parsed marker line.
struct Marker<'a> {
    line: u32,
    /// The name between the quotes, still escaped.
    file: Option<&'a [u8]>,
    system: bool,
    /// Flag 1 or 2: the marker enters or returns to a file (not a mere line jump).
    enters: bool,
}

impl<'a> Marker<'a> {
    /// Parses what follows the `#` of a line: ` 27 "name" 3 4` or `line 27 "name"`. Anything
    /// else (`#pragma`, a stray `#`) is not a marker.
    fn parse(rest: &'a [u8]) -> Option<Marker<'a>> {
        let mut cursor = Cursor(rest);
        cursor.skip_blanks();
        if cursor.0.starts_with(b"line") {
            cursor.0 = &cursor.0[4..];
            if !cursor.skip_blanks() {
                return None;
            }
        }
        let line = cursor.number()?;
        let had_blank = cursor.skip_blanks();
        let file = if cursor.0.first() == Some(&b'"') {
            if !had_blank {
                return None;
            }
            Some(cursor.quoted()?)
        } else {
            None
        };
        let mut system = false;
        let mut enters = false;
        loop {
            cursor.skip_blanks();
            match cursor.0 {
                [] | [b'\r'] => break,
                _ => {
                    // Flags other than 1-4 do not occur; a marker with garbage after the name is
                    // still a marker (gcc itself only warns), so unknown words are skipped.
                    match cursor.number() {
                        Some(3) => system = true,
                        Some(1 | 2) => enters = true,
                        Some(_) => {}
                        None => {
                            // At least one byte: the word may start with whitespace that is not
                            // a blank (`\x0c`, a `\r` before the end), and must still advance.
                            let word = cursor.0[1..].iter().position(|b| b.is_ascii_whitespace());
                            cursor.0 = &cursor.0[word.map_or(cursor.0.len(), |n| n + 1)..];
                        }
                    }
                }
            }
        }
        Some(Marker {
            line,
            file,
            system,
            enters,
        })
    }
}

struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    /// Skips spaces and tabs; says whether there were any.
    fn skip_blanks(&mut self) -> bool {
        let n = self
            .0
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        self.0 = &self.0[n..];
        n > 0
    }

    /// A decimal number that fits in `u32`, followed by a blank or the end of the line.
    fn number(&mut self) -> Option<u32> {
        let digits = self.0.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || !matches!(self.0.get(digits), None | Some(b' ' | b'\t' | b'\r')) {
            return None;
        }
        let mut value: u32 = 0;
        for &d in &self.0[..digits] {
            value = value.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
        }
        self.0 = &self.0[digits..];
        Some(value)
    }

    /// The contents of a `"..."` with C escapes, without the quotes.
    fn quoted(&mut self) -> Option<&'a [u8]> {
        let body = &self.0[1..];
        let mut i = 0;
        while i < body.len() {
            match body[i] {
                b'"' => {
                    self.0 = &body[i + 1..];
                    return Some(&body[..i]);
                }
                b'\\' => i += 2,
                _ => i += 1,
            }
        }
        None
    }
}

/// Undoes the escaping gcc applies to names in markers: `\\`, `\"`, and octal `\ooo` for other
/// bytes. Names that are not UTF-8 after unescaping are kept lossily (they only label positions).
fn unescape(raw: &[u8]) -> String {
    if !raw.contains(&b'\\') {
        return String::from_utf8_lossy(raw).into_owned();
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] != b'\\' || i + 1 == raw.len() {
            out.push(raw[i]);
            i += 1;
            continue;
        }
        let octal = raw[i + 1..]
            .iter()
            .take(3)
            .take_while(|b| (b'0'..=b'7').contains(b))
            .count();
        if octal > 0 {
            let value = raw[i + 1..i + 1 + octal]
                .iter()
                .fold(0u32, |acc, &d| acc * 8 + u32::from(d - b'0'));
            out.push(value as u8);
            i += 1 + octal;
        } else {
            let escaped = raw[i + 1];
            out.push(match escaped {
                b'n' => b'\n',
                b't' => b'\t',
                other => other,
            });
            i += 2;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Calls `f` with the offset of every `\n`, in order. The mask of a 64-byte block is built by a
/// loop LLVM turns into vector compares, so the scan runs near memory speed on long lines and
/// short ones alike.
fn for_each_newline(bytes: &[u8], mut f: impl FnMut(usize)) {
    let mut blocks = bytes.chunks_exact(64);
    let mut base = 0;
    for block in &mut blocks {
        let mut mask = 0u64;
        for (i, &b) in block.iter().enumerate() {
            mask |= u64::from(b == b'\n') << i;
        }
        while mask != 0 {
            f(base + mask.trailing_zeros() as usize);
            mask &= mask - 1;
        }
        base += 64;
    }
    for (i, &b) in blocks.remainder().iter().enumerate() {
        if b == b'\n' {
            f(base + i);
        }
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use super::*;

    /// Renders the position of the first byte of every line, as `line-index: file:line:col [sys]`.
    fn check(text: &str, expect: Expect) {
        let map = LineMap::new(text);
        let mut out = String::new();
        let mut offset = 0;
        for (index, line) in text.split_inclusive('\n').enumerate() {
            let pos = map.position(TextSize::from(offset as u32));
            let system = if map.is_system(TextSize::from(offset as u32)) {
                " [sys]"
            } else {
                ""
            };
            let file = pos.file.unwrap_or("<input>");
            offset += line.len();
            let line: String = line
                .chars()
                .map(|c| {
                    if c.is_control() && c != '\n' {
                        c.escape_default().to_string()
                    } else {
                        c.into()
                    }
                })
                .collect();
            out += &format!("{index}: {file}:{}:{}{system}  | {line}", pos.line, pos.col);
        }
        out += &format!("files: {:?}\n", map.files());
        expect.assert_eq(&out);
    }

    #[test]
    fn gcc_include_stack() {
        // The shape of `gcc -E` output (gcc 12): the pseudo-files at line 0, a system header
        // entered with `1 3 4`, a return with `2`, a user header, a blank-line jump inside a
        // system header (no 1/2 flag, but still 3), and the return to the main file.
        check(
            r#"# 0 "t.c"
# 0 "<built-in>"
# 0 "<command-line>"
# 1 "/usr/include/stdc-predef.h" 1 3 4
# 0 "<command-line>" 2
# 1 "t.c"
# 1 "a.h" 1
int a;
# 1 "/usr/include/stdio.h" 1 3 4
typedef int FILE;

# 27 "/usr/include/stdio.h" 3 4
extern int puts(const char *);
# 3 "a.h" 2
int b;
# 2 "t.c" 2
int main() {
  return 0; }
"#,
            expect![[r#"
                0: <input>:1:1  | # 0 "t.c"
                1: t.c:0:1  | # 0 "<built-in>"
                2: <built-in>:0:1  | # 0 "<command-line>"
                3: <command-line>:0:1  | # 1 "/usr/include/stdc-predef.h" 1 3 4
                4: /usr/include/stdc-predef.h:1:1 [sys]  | # 0 "<command-line>" 2
                5: <command-line>:0:1  | # 1 "t.c"
                6: t.c:1:1  | # 1 "a.h" 1
                7: a.h:1:1  | int a;
                8: a.h:2:1  | # 1 "/usr/include/stdio.h" 1 3 4
                9: /usr/include/stdio.h:1:1 [sys]  | typedef int FILE;
                10: /usr/include/stdio.h:2:1 [sys]  | 
                11: /usr/include/stdio.h:3:1 [sys]  | # 27 "/usr/include/stdio.h" 3 4
                12: /usr/include/stdio.h:27:1 [sys]  | extern int puts(const char *);
                13: /usr/include/stdio.h:28:1 [sys]  | # 3 "a.h" 2
                14: a.h:3:1  | int b;
                15: a.h:4:1  | # 2 "t.c" 2
                16: t.c:2:1  | int main() {
                17: t.c:3:1  |   return 0; }
                files: ["t.c", "<built-in>", "<command-line>", "/usr/include/stdc-predef.h", "a.h", "/usr/include/stdio.h"]
            "#]],
        );
    }

    #[test]
    fn line_starts_of_reverses_position() {
        let text = "# 1 \"m.cu\"\nint a;\n# 1 \"h.h\" 1\nint h;\n# 2 \"m.cu\" 2\nint b;\nint c;\n# 1 \"h.h\" 1\nint h;\n";
        let map = LineMap::new(text);
        for (file, line) in [("m.cu", 1), ("m.cu", 2), ("m.cu", 3), ("h.h", 1)] {
            for start in map.line_starts_of(file, line) {
                let pos = map.position(start);
                assert_eq!((pos.file, pos.line, pos.col), (Some(file), line, 1));
            }
        }
        let texts = |file, line| -> Vec<&str> {
            map.line_starts_of(file, line)
                .into_iter()
                .map(|s| text[usize::from(s)..].lines().next().unwrap())
                .collect()
        };
        assert_eq!(texts("m.cu", 3), ["int c;"]);
        assert_eq!(texts("h.h", 1), ["int h;", "int h;"]);
        // Past a region's end (the marker line) and before its first line: nothing.
        assert!(texts("m.cu", 4).is_empty());
        assert!(texts("h.h", 2).is_empty());
        assert!(texts("x.h", 1).is_empty());
    }

    #[test]
    fn cursor_positions_are_positions() {
        // Every offset (and one past the end) in order, backwards and jumping about: the cursor
        // answers as `position` does, whether or not its remembered line holds the offset.
        let text = "int p;\n# 1 \"m.cu\"\nint a;\n\n# 1 \"h.h\" 1 3\nint h; int g;\n# 2 \"m.cu\" 2\nint b;";
        let map = LineMap::new(text);
        let mut cursor = map.cursor();
        let len = text.len() as u32 + 2;
        let forward = 0..len;
        let backward = (0..len).rev();
        let jumps = (0..len).map(|i| (i * 7) % len);
        for offset in forward.chain(backward).chain(jumps) {
            let offset = TextSize::from(offset);
            assert_eq!(cursor.position(offset), map.position(offset), "{offset:?}");
        }
    }

    #[test]
    fn columns_are_bytes_of_the_preprocessed_line() {
        let text = "# 7 \"k.cu\"\n__attribute__((global)) void k() { x; }\n";
        let map = LineMap::new(text);
        let x = text.find("x;").unwrap();
        let pos = map.position(TextSize::from(x as u32));
        assert_eq!(
            pos,
            OriginalPos {
                file: Some("k.cu"),
                line: 7,
                col: 36
            }
        );
        // past the end clamps to the end of the last line
        let end = map.position(TextSize::from(10_000));
        assert_eq!((end.line, end.col), (8, 1));
    }

    #[test]
    fn marker_variants() {
        check(
            "#line 10 \"a b.h\"\nx\n#pragma once\ny\n# 40\nz\n#  5 \"c\\\\d\\\"e\\101\" 1 3\nw\r\n# 6 \"bad\"junk\n#42 \"nospace\"\nv\n# 99999999999 \"overflow\"\nu\n",
            expect![[r#"
                0: <input>:1:1  | #line 10 "a b.h"
                1: a b.h:10:1  | x
                2: a b.h:11:1  | #pragma once
                3: a b.h:12:1  | y
                4: a b.h:13:1  | # 40
                5: a b.h:40:1  | z
                6: a b.h:41:1  | #  5 "c\\d\"e\101" 1 3
                7: c\d"eA:5:1 [sys]  | w\r
                8: c\d"eA:6:1 [sys]  | # 6 "bad"junk
                9: bad:6:1  | #42 "nospace"
                10: nospace:42:1  | v
                11: nospace:43:1  | # 99999999999 "overflow"
                12: nospace:44:1  | u
                files: ["a b.h", "c\\d\"eA", "bad", "nospace"]
            "#]],
        );
    }

    /// Found by the `line_map` fuzz target: a flag word starting with a form feed (or any
    /// whitespace other than a blank) used to stop the flag loop from advancing.
    #[test]
    fn odd_whitespace_after_a_marker_terminates() {
        check(
            "# 1 \"a\" \x0c3\n# 2 \"b\" 3 \r 4\nx\n",
            expect![[r#"
                0: <input>:1:1  | # 1 "a" \u{c}3
                1: a:1:1  | # 2 "b" 3 \r 4
                2: b:2:1 [sys]  | x
                files: ["a", "b"]
            "#]],
        );
    }

    #[test]
    fn no_markers_counts_lines_of_the_input() {
        check(
            "a\n\nb",
            expect![[r#"
                0: <input>:1:1  | a
                1: <input>:2:1  | 
                2: <input>:3:1  | bfiles: []
            "#]],
        );
    }

    #[test]
    fn newline_scan_matches_naive_scan_across_block_boundaries() {
        let text: String = (0..300)
            .map(|i| {
                if i % 7 == 0 || i % 64 == 63 {
                    '\n'
                } else {
                    'x'
                }
            })
            .collect();
        let mut fast = Vec::new();
        for_each_newline(text.as_bytes(), |i| fast.push(i));
        let naive: Vec<usize> = text.match_indices('\n').map(|(i, _)| i).collect();
        assert_eq!(fast, naive);
    }

    /// The real thing: gcc's own markers for a file that includes a user header and a system
    /// header, checked by placing a uniquely named declaration on known lines of each source.
    #[test]
    fn agrees_with_gcc() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        let header = "// a user header\n\n\n\n\n\n\n\n\n\n\n\nint in_header_line_13;\n#include <stddef.h>\nint in_header_line_15;\n";
        let main = "#include \"inc.h\"\nint in_main_line_2;\n#define DECL(n) int n\nDECL(in_main_line_4);\n";
        std::fs::write(dir.join("inc.h"), header).unwrap();
        std::fs::write(dir.join("main.c"), main).unwrap();
        let output = std::process::Command::new("gcc")
            .arg("-E")
            .arg("main.c")
            .current_dir(dir)
            .output();
        let output = match output {
            Ok(output) if output.status.success() => output,
            _ => {
                eprintln!("skipping agrees_with_gcc: gcc is not available");
                return;
            }
        };
        let text = String::from_utf8(output.stdout).unwrap();
        let map = LineMap::new(&text);
        for (name, file, line) in [
            ("in_header_line_13", "inc.h", 13),
            ("in_header_line_15", "inc.h", 15),
            ("in_main_line_2", "main.c", 2),
            ("in_main_line_4", "main.c", 4),
        ] {
            let offset = TextSize::from(text.find(name).unwrap() as u32);
            let pos = map.position(offset);
            assert_eq!((pos.file, pos.line), (Some(file), line), "{name}");
            assert!(!map.is_system(offset));
        }
        let size_t = TextSize::from(text.find("size_t;").unwrap() as u32);
        assert!(map.is_system(size_t));
        assert!(map.position(size_t).file.unwrap().ends_with("stddef.h"));
    }

    #[test]
    fn ranges_of_user_files() {
        // The text governed by `t.c`'s and `a.h`'s markers, without the system header's, merged
        // where they touch; each range ends where the next marker's line starts.
        let text = "int pre;\n# 1 \"t.c\"\nint a;\n# 1 \"/usr/include/s.h\" 1 3 4\nint s;\n\
                    # 2 \"t.c\" 2\nint b;\n# 1 \"a.h\" 1\nint h;\n";
        let map = LineMap::new(text);
        let ranges = map.ranges_where(|file, system| !system && file.is_some());
        let shown: Vec<&str> = ranges.iter().map(|r| &text[*r]).collect();
        expect![[r#"
            [
                "int a;\n# 1 \"/usr/include/s.h\" 1 3 4\n",
                "int b;\n# 1 \"a.h\" 1\nint h;\n",
            ]
        "#]]
        .assert_debug_eq(&shown);
        let with_prefix = map.ranges_where(|file, system| !system && file != Some("a.h"));
        assert_eq!(
            &text[with_prefix[0]],
            "int pre;\n# 1 \"t.c\"\nint a;\n# 1 \"/usr/include/s.h\" 1 3 4\n"
        );
    }
}
