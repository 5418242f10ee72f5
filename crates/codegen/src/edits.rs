//! Text edits over one declaration's syntax, applied in one pass.
//!
//! Every replacement keeps the number of newlines of the text it replaces: the host compiler
//! then reports each remaining token on the line the preprocessor's line markers give it, so
//! diagnostics and `-g` line tables point at the user's original lines without a single
//! `#line` of our own (cudafe++ writes one before each entity instead; it regenerates the text).
use syntax::{SyntaxNode, TextRange, TextSize};

#[derive(Default)]
pub(crate) struct Edits {
    /// (range, replacement), in the order they were added; sorted when applied.
    edits: Vec<(TextRange, String)>,
}

impl Edits {
    /// Replaces `range` by `text`, then as many newlines as `range` held.
    pub(crate) fn replace(&mut self, node_text: &str, range: TextRange, text: String) {
        let newlines = node_text[range].matches('\n').count();
        let mut text = text;
        text.extend(std::iter::repeat_n('\n', newlines));
        self.edits.push((range, text));
    }

    /// Replaces `range` by `text`, which keeps the range's newlines itself.
    pub(crate) fn replace_verbatim(&mut self, node_text: &str, range: TextRange, text: String) {
        debug_assert_eq!(
            node_text[range].matches('\n').count(),
            text.matches('\n').count()
        );
        self.edits.push((range, text));
    }

    /// Replaces `range` by `text` where another edit of the same declaration carries the
    /// range's newlines (text moved, not dropped).
    pub(crate) fn replace_moved(&mut self, range: TextRange, text: String) {
        self.edits.push((range, text));
    }

    pub(crate) fn insert(&mut self, at: TextSize, text: String) {
        self.edits.push((TextRange::empty(at), text));
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.edits.is_empty()
    }

    /// The declaration's text with the edits applied. Overlapping edits keep the first in text order
    /// (an edit inside a replaced range is dropped: the outer one already rewrote it).
    /// `text` is the text of the declaration's root, whose ranges start at 0.
    pub(crate) fn apply(mut self, text: &str) -> String {
        self.edits
            .sort_by_key(|(range, _)| (range.start(), range.end() != range.start()));
        let mut out = String::with_capacity(text.len() + 256);
        let mut at = 0usize;
        for (range, replacement) in self.edits {
            let start = usize::from(range.start());
            let end = usize::from(range.end());
            if start < at {
                continue;
            }
            out.push_str(&text[at..start]);
            out.push_str(&replacement);
            at = end;
        }
        out.push_str(&text[at..]);
        out
    }
}

/// The tokens of `node` without trivia, separated by single spaces: text copied to another
/// place (a wrapper's parameter list) must bring neither newlines (they would shift every later
/// line) nor comments, and a space between every two tokens never pastes two into one.
/// `insert` puts text before the given tokens; `skip` leaves out the tokens inside its ranges.
pub(crate) fn tokens_on_one_line(
    node: &SyntaxNode,
    insert: &[(TextSize, &str)],
    skip: &[TextRange],
) -> String {
    let mut out = String::new();
    for token in node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
    {
        let start = token.text_range().start();
        if skip.iter().any(|r| r.contains_range(token.text_range())) {
            continue;
        }
        for (at, text) in insert {
            if *at == start {
                push_word(&mut out, text);
            }
        }
        push_word(&mut out, token.text());
    }
    out
}

fn push_word(out: &mut String, word: &str) {
    if !out.is_empty() {
        out.push(' ');
    }
    out.push_str(word);
}

/// [`tokens_on_one_line`] with text put after the tokens that end at the given offsets.
pub(crate) fn tokens_on_one_line_after(node: &SyntaxNode, append: &[(TextSize, &str)]) -> String {
    let mut out = String::new();
    for token in node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
    {
        push_word(&mut out, token.text());
        for (at, text) in append {
            if *at == token.text_range().end() {
                push_word(&mut out, text);
            }
        }
    }
    out
}
