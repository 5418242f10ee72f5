//! Offsets to (line, column) in one text.
use syntax::TextSize;

/// 0-based line and byte column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// The start offset of every line of a text; `\n` ends a line (`\r\n` leaves the `\r` in the
/// line, as cudafe++ counts columns in bytes of the preprocessed line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    line_starts: Vec<u32>,
    len: u32,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        LineIndex {
            line_starts,
            len: text.len() as u32,
        }
    }

    /// The line and column of `offset`; offsets past the end clamp to the end.
    pub fn line_col(&self, offset: TextSize) -> LineCol {
        let offset = u32::from(offset).min(self.len);
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        LineCol {
            line: line as u32,
            col: offset - self.line_starts[line],
        }
    }

    /// The offset of a (line, column), if the line exists.
    pub fn offset(&self, line_col: LineCol) -> Option<TextSize> {
        let start = *self.line_starts.get(line_col.line as usize)?;
        Some(TextSize::from((start + line_col.col).min(self.len)))
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_round_trips() {
        let text = "ab\n\ncd\r\nlast";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        let positions: Vec<_> = (0..=text.len())
            .map(|o| index.line_col(TextSize::from(o as u32)))
            .collect();
        for (offset, lc) in positions.iter().enumerate() {
            assert_eq!(index.offset(*lc), Some(TextSize::from(offset as u32)));
        }
        assert_eq!(positions[3], LineCol { line: 1, col: 0 });
        assert_eq!(positions[8], LineCol { line: 3, col: 0 });
        assert_eq!(
            index.line_col(TextSize::from(99)),
            LineCol { line: 3, col: 4 }
        );
    }
}
