//! The CUDA C++ parser: the lexer, the syntax kinds, and an event-emitting recursive descent
//! over non-trivia tokens (the rust-analyzer design), steered by a table of the names declared
//! so far. It builds rowan green trees; the `syntax` crate wraps them (typed AST views, line
//! markers, incremental reparsing) and is the API every other crate uses.
mod event;
mod grammar;
mod lexer;
mod names;
#[allow(clippy::module_inception)]
mod parser;
mod syntax_kind;
mod token_set;

use rowan::GreenNode;

pub use lexer::{Token, lex, lex_with_errors};
pub use names::{BlockContext, DeclaredNames};
pub use rowan::{TextRange, TextSize};
use std::sync::Arc;
pub use syntax_kind::SyntaxKind;

/// A syntax error: its message and the range of text it is about.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub message: String,
    pub range: TextRange,
}

/// A parse's tree, errors, and the name-table contexts of its outermost blocks (by the byte
/// offset of their `{`, in order).
pub struct Parsed {
    pub green: GreenNode,
    pub errors: Vec<SyntaxError>,
    pub contexts: Vec<(u32, BlockContext)>,
    /// Set by a full parse only.
    pub declared: Option<DeclaredNames>,
}

/// Lexes and parses a whole translation unit.
pub fn parse_source_file(text: &str) -> Parsed {
    parse_source_file_streamed(text, STREAM_MIN_TOKENS, STREAM_PIECE_EVENTS)
}

/// The fewest tokens for which a parse builds its tree on a second thread: below, the thread
/// costs more than it saves.
const STREAM_MIN_TOKENS: usize = 1 << 16;
/// The fewest events sent to that thread at a time.
const STREAM_PIECE_EVENTS: usize = 1 << 13;

/// [`parse_source_file`], building the tree on a second thread while the grammar runs when
/// the text has at least `min_tokens` tokens (the tree is the same either way), from pieces
/// of at least `piece_events` events. Building the tree was two fifths of the parse of a
/// large unit, and nothing else can run meanwhile: everything else needs the tree.
fn parse_source_file_streamed(text: &str, min_tokens: usize, piece_events: usize) -> Parsed {
    let (tokens, lex_errors) = lex_with_errors(text);
    let mut p = parser::Parser::new(text, &tokens, names::NameTable::new(), false);
    let (finished, (green, errors)) = if tokens.len() >= min_tokens {
        std::thread::scope(|threads| {
            let (send, pieces) = std::sync::mpsc::channel();
            let tokens = &tokens;
            let builder = threads.spawn(move || event::build_tree_streamed(text, tokens, pieces));
            p.stream_events(send, SyntaxKind::SOURCE_FILE, piece_events);
            grammar::source_file(&mut p);
            p.flush_final_events(true);
            let finished = p.finish();
            let built = builder
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (finished, built)
        })
    } else {
        grammar::source_file(&mut p);
        let mut finished = p.finish();
        let events = std::mem::take(&mut finished.events);
        let built = event::build_tree(text, &tokens, events, &finished.messages);
        (finished, built)
    };
    Parsed {
        green,
        errors: merge_errors(lex_errors, errors),
        contexts: finished.contexts,
        declared: Some(finished.names.declared_names()),
    }
}

/// Parses `text` as exactly one block of `kind` with an empty name table; `None` if it is not
/// one block.
pub fn parse_block(text: &str, kind: SyntaxKind) -> Option<(GreenNode, Vec<SyntaxError>)> {
    let (tokens, lex_errors) = lex_with_errors(text);
    if tokens.first().is_none_or(|t| t.kind != SyntaxKind::L_CURLY) {
        return None;
    }
    let mut p = parser::Parser::new(text, &tokens, names::NameTable::new(), false);
    if !grammar::reparse_block(&mut p, kind) {
        return None;
    }
    let finished = p.finish();
    let (green, errors) = event::build_tree(text, &tokens, finished.events, &finished.messages);
    if green.kind() != kind.into() {
        return None;
    }
    Some((green, merge_errors(lex_errors, errors)))
}

/// Parses `text` as the outermost block whose context in the full parse was `context`, so that
/// it makes the decisions a full parse of the edited text would make. `angle_after`: whether a
/// `>` follows the block before the next `;`. `None` if the text is not one compound statement,
/// if the block asked a question `context` cannot answer, or if it changed an outer scope.
pub fn parse_block_in_context(
    text: &str,
    context: &BlockContext,
    declared: &Arc<DeclaredNames>,
    angle_after: bool,
) -> Option<Parsed> {
    let (tokens, lex_errors) = lex_with_errors(text);
    if tokens.first().is_none_or(|t| t.kind != SyntaxKind::L_CURLY) {
        return None;
    }
    let names = names::NameTable::with_context(context, declared.clone());
    let mut p = parser::Parser::new(text, &tokens, names, angle_after);
    p.set_block_state(context.state);
    if !grammar::reparse_block(&mut p, SyntaxKind::COMPOUND_STMT) {
        return None;
    }
    let finished = p.finish();
    let new_context = finished.names.replayed_context(context.state)?;
    let (green, errors) = event::build_tree(text, &tokens, finished.events, &finished.messages);
    if green.kind() != SyntaxKind::COMPOUND_STMT.into() {
        return None;
    }
    Some(Parsed {
        green,
        errors: merge_errors(lex_errors, errors),
        contexts: vec![(0, new_context)],
        declared: None,
    })
}

fn merge_errors(mut lex: Vec<SyntaxError>, parse: Vec<SyntaxError>) -> Vec<SyntaxError> {
    if lex.is_empty() {
        return parse;
    }
    lex.extend(parse);
    lex.sort_by_key(|e| e.range.start());
    lex
}

#[cfg(test)]
mod tests {
    /// The tree built on a second thread from pieces of the events is the tree built from
    /// all of them at once, errors included, whatever the pieces' size.
    #[test]
    fn streamed_tree_is_the_tree() {
        let texts = [
            "int a; typedef int T; T b = a + 1;",
            "namespace n { template <class T> struct S { T t; S(T x) : t(x) {} }; }\n\
             using n::S; S<int> s(1); int f(int x) { return x < 2 ? x : f(x - 1); }\n\
             extern \"C\" { void g(void); } struct P { int v; } p, *q = &p;",
            // Tentative parses at top level (declaration or expression), and errors.
            "int x(int(y)); a * b; c<d> e; } int ok; struct { ; int z = ; namespace",
            "template <class T> auto h(T t) -> decltype(t + 1) { return [&] { return t; }(); }\n\
             static_assert(sizeof(int) == 4, \"\"); enum class E : char { A, B = A };",
        ];
        for text in texts {
            let whole = super::parse_source_file_streamed(text, usize::MAX, 0);
            for piece_events in [0, 1, 3, 64] {
                let streamed = super::parse_source_file_streamed(text, 0, piece_events);
                assert_eq!(streamed.green, whole.green, "{text}");
                assert_eq!(streamed.errors, whole.errors, "{text}");
                assert_eq!(streamed.contexts.len(), whole.contexts.len());
            }
        }
    }
}
