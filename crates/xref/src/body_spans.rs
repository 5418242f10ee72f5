//! Where the function bodies of a preprocessed unit are, in the log's coordinates (file, line,
//! column): tells the references that declarations make from those in bodies, for measuring
//! (`cargo xtask diff-xref`).
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, TextSize};

/// A (line, column) position in the log's coordinates.
type Position = (u32, u32);

/// The outermost function bodies (from a constructor's mem-initializers, else the `{`, to the
/// end of the definition) of one unit, per file.
pub struct FunctionBodies {
    /// Per file, disjoint `(start, end)` positions as (line, column), sorted.
    spans: FxHashMap<String, Vec<(Position, Position)>>,
}

impl FunctionBodies {
    pub fn new(text: &str) -> FunctionBodies {
        let parse = syntax::parse_text(text);
        let map = syntax::LineMap::new(text);
        let mut spans: FxHashMap<String, Vec<(Position, Position)>> = FxHashMap::default();
        let root = parse.syntax_node();
        let mut functions = root.descendants().filter(|n| n.kind() == FUNCTION_DEF);
        let mut last_end = TextSize::from(0);
        // Descendants come in preorder: a definition inside an earlier body is skipped.
        for function in functions.by_ref() {
            if function.text_range().start() < last_end {
                continue;
            }
            let Some(start) = function
                .children()
                .find(|n| {
                    matches!(
                        n.kind(),
                        CTOR_INITIALIZER | COMPOUND_STMT | FUNCTION_TRY_BLOCK
                    )
                })
                .map(|n| n.text_range().start())
            else {
                continue;
            };
            let end = function.text_range().end();
            last_end = end;
            let (from, to) = (map.position(start), map.position(end));
            let (Some(file), Some(to_file)) = (from.file, to.file) else {
                continue;
            };
            if file != to_file {
                continue;
            }
            spans
                .entry(file.to_string())
                .or_default()
                .push(((from.line, from.col), (to.line, to.col)));
        }
        for list in spans.values_mut() {
            list.sort_unstable();
        }
        FunctionBodies { spans }
    }

    /// Whether a log position lies in a function body.
    pub fn contains(&self, file: &str, line: u32, col: u32) -> bool {
        let Some(list) = self.spans.get(file) else {
            return false;
        };
        let at = (line, col);
        let i = list.partition_point(|(start, _)| *start <= at);
        i > 0 && at < list[i - 1].1
    }
}
