//! The parser: an event-emitting recursive descent over non-trivia tokens (the rust-analyzer
//! design), steered by a table of the names declared so far.
mod event;
mod grammar;
mod names;
#[allow(clippy::module_inception)]
mod parser;
mod token_set;

use rowan::GreenNode;

use crate::{SyntaxError, SyntaxKind, lexer};

/// Lexes and parses a whole translation unit.
pub(crate) fn parse_source_file(text: &str) -> (GreenNode, Vec<SyntaxError>) {
    let (tokens, lex_errors) = lexer::lex_with_errors(text);
    let mut p = parser::Parser::new(text, &tokens, names::NameTable::new());
    grammar::source_file(&mut p);
    let (events, messages, _names) = p.finish();
    let (green, errors) = event::build_tree(text, &tokens, events, &messages);
    (green, merge_errors(lex_errors, errors))
}

/// Parses `text` as exactly one block of `kind`; `None` if it is not one.
pub(crate) fn parse_block(text: &str, kind: SyntaxKind) -> Option<(GreenNode, Vec<SyntaxError>)> {
    let (tokens, lex_errors) = lexer::lex_with_errors(text);
    if tokens.first().is_none_or(|t| t.kind != SyntaxKind::L_CURLY) {
        return None;
    }
    let mut p = parser::Parser::new(text, &tokens, names::NameTable::new());
    if !grammar::reparse_block(&mut p, kind) {
        return None;
    }
    let (events, messages, _names) = p.finish();
    let (green, errors) = event::build_tree(text, &tokens, events, &messages);
    if green.kind() != kind.into() {
        return None;
    }
    Some((green, merge_errors(lex_errors, errors)))
}

fn merge_errors(mut lex: Vec<SyntaxError>, parse: Vec<SyntaxError>) -> Vec<SyntaxError> {
    if lex.is_empty() {
        return parse;
    }
    lex.extend(parse);
    lex.sort_by_key(|e| e.range.start());
    lex
}
