//! Hover, go to definition and find references: the semantic facade ([`hir::Semantics`])
//! asked about the host view's `.ii` of a document (the unit `cufe check` checked last).
//!
//! Positions cross the preprocessor both ways through the `.ii`'s line markers
//! ([`syntax::LineMap`]): a document line is found where the `.ii` holds it, and the word under
//! the cursor there, at the occurrence nearest the cursor's column (the preprocessor keeps a
//! line's words but not always their columns); a range of the `.ii` goes back to its file and
//! line, and to the occurrence of its word nearest the `.ii`'s column. A word that macro
//! expansion made (not on the line in the source) is not found: no answer rather than a wrong one.
use std::path::Path;

use base_db::SourceFile;
use rowan::{TextRange, TextSize};

/// A range of a file, in LSP's coordinates (0-based line, UTF-16 columns).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRange {
    pub file: String,
    pub line: u32,
    pub start: u32,
    pub end: u32,
}

/// What the facade says about the name under the cursor.
pub struct Answer {
    /// The name under the cursor, in the document.
    pub range: FileRange,
    pub hover: String,
    /// Where the entity is declared (none for a template parameter or a macro-made name).
    pub declaration: Option<FileRange>,
    /// Every name in the document's own bodies that denotes it.
    pub references: Vec<FileRange>,
}

/// Asks about the name at `line` (0-based) and UTF-16 column `character` of the document
/// `path` (whose text is `text`); `read` gives the text of any other file (open or on disk).
pub fn answer(
    db: &ide::RootDatabase,
    unit: SourceFile,
    path: &Path,
    text: &str,
    (line, character): (u32, u32),
    with_references: bool,
    read: &dyn Fn(&str) -> Option<String>,
) -> Option<Answer> {
    let file = path.display().to_string();
    let source_line = text.lines().nth(line as usize)?;
    let column = byte_column(source_line, character);
    let ii_text = unit.text(db);
    let map = base_db::line_map(db, unit);
    let offset = ii_offset(map, ii_text, &file, line + 1, source_line, column)?;
    let sema = hir::Semantics::new(db, unit);
    let named = sema.definition_at(offset)?;
    let to_source = |range: TextRange| source_range(map, ii_text, range, read);
    let range = to_source(named.range)?;
    let declaration = sema.name_range(named.definition).and_then(to_source);
    let references = if with_references {
        // The document's own text only: a header's bodies are not the user's to search.
        let own = map.ranges_where(|f, _| f == Some(file.as_str()));
        sema.references(named.definition, Some(&own))
            .into_iter()
            .filter_map(to_source)
            .collect()
    } else {
        Vec::new()
    };
    Some(Answer {
        range,
        hover: hir::hover(&sema, &named),
        declaration,
        references,
    })
}

/// The byte column of a UTF-16 column of a line.
fn byte_column(line: &str, character: u32) -> usize {
    let mut units = 0;
    for (i, c) in line.char_indices() {
        if units >= character {
            return i;
        }
        units += c.len_utf16() as u32;
    }
    line.len()
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The identifier of `line` around byte `column`: its start and end.
fn word_at(line: &str, column: usize) -> Option<(usize, usize)> {
    let bytes = line.as_bytes();
    let mut start = column.min(bytes.len());
    // The cursor right after a word still points at it.
    if (start == bytes.len() || !is_word_byte(bytes[start])) && start > 0 {
        start -= 1;
    }
    if !bytes.get(start).copied().is_some_and(is_word_byte) {
        return None;
    }
    while start > 0 && is_word_byte(bytes[start - 1]) {
        start -= 1;
    }
    let mut end = start;
    while end < bytes.len() && is_word_byte(bytes[end]) {
        end += 1;
    }
    (!bytes[start].is_ascii_digit()).then_some((start, end))
}

/// The starts of `word`'s whole-word occurrences in `line`.
fn occurrences(line: &str, word: &str) -> Vec<usize> {
    let bytes = line.as_bytes();
    line.match_indices(word)
        .map(|(i, _)| i)
        .filter(|&i| {
            (i == 0 || !is_word_byte(bytes[i - 1]))
                && bytes.get(i + word.len()).is_none_or(|&b| !is_word_byte(b))
        })
        .collect()
}

/// Where the word at `column` of line `line` of `file` lies in the `.ii`.
fn ii_offset(
    map: &syntax::LineMap,
    ii_text: &str,
    file: &str,
    line: u32,
    source_line: &str,
    column: usize,
) -> Option<TextSize> {
    let (start, end) = word_at(source_line, column)?;
    let word = &source_line[start..end];
    let within = column.clamp(start, end) - start;
    map.line_starts_of(file, line)
        .into_iter()
        .filter_map(|line_start| {
            let at = usize::from(line_start);
            let ii_line = ii_text[at..].lines().next().unwrap_or("");
            let nearest = occurrences(ii_line, word)
                .into_iter()
                .min_by_key(|&i| i.abs_diff(start))?;
            Some((nearest.abs_diff(start), at + nearest + within))
        })
        .min()
        .map(|(_, offset)| TextSize::from(offset as u32))
}

/// A range of the `.ii` (one word) as a range of the file it came from.
fn source_range(
    map: &syntax::LineMap,
    ii_text: &str,
    range: TextRange,
    read: &dyn Fn(&str) -> Option<String>,
) -> Option<FileRange> {
    let word = &ii_text[range];
    let pos = map.position(range.start());
    let file = pos.file?;
    let text = read(file)?;
    let line = text.lines().nth(pos.line.checked_sub(1)? as usize)?;
    let column = (pos.col - 1) as usize;
    let start = occurrences(line, word)
        .into_iter()
        .min_by_key(|&i| i.abs_diff(column))?;
    let utf16 = |i: usize| line[..i].chars().map(|c| c.len_utf16() as u32).sum::<u32>();
    Some(FileRange {
        file: file.to_string(),
        line: pos.line - 1,
        start: utf16(start),
        end: utf16(start + word.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_columns() {
        assert_eq!(word_at("  total += 2;", 4), Some((2, 7)));
        assert_eq!(word_at("  total += 2;", 7), Some((2, 7)));
        assert_eq!(word_at("  total += 2;", 9), None);
        assert_eq!(word_at("x = 42;", 5), None);
        assert_eq!(occurrences("a_b + b + bb(b)", "b"), [6, 13]);
        assert_eq!(byte_column("é = x;", 4), 5);
    }

    #[test]
    fn a_word_goes_through_the_ii_and_back() {
        let ii = "# 1 \"k.cu\"\nint f(int a) {\n# 3 \"k.cu\"\n  return a  +  a;\n}\n";
        let source = "int f(int a) {\n\n  return a + a;\n}\n";
        let map = syntax::LineMap::new(ii);
        let source_line = source.lines().nth(2).unwrap();
        // The second `a` of line 3: at byte 13 in the source, 15 in the `.ii`.
        let offset = ii_offset(&map, ii, "k.cu", 3, source_line, 13).unwrap();
        let ii_line_start = ii.find("  return").unwrap();
        assert_eq!(usize::from(offset), ii_line_start + 15);
        let read = |f: &str| (f == "k.cu").then(|| source.to_string());
        let back = source_range(&map, ii, TextRange::at(offset, 1.into()), &read).unwrap();
        assert_eq!(
            back,
            FileRange {
                file: "k.cu".into(),
                line: 2,
                start: 13,
                end: 14
            }
        );
    }
}
