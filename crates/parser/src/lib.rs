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
    let (tokens, lex_errors) = lex_with_errors(text);
    let mut p = parser::Parser::new(text, &tokens, names::NameTable::new(), false);
    grammar::source_file(&mut p);
    let finished = p.finish();
    let (green, errors) = event::build_tree(text, &tokens, finished.events, &finished.messages);
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
