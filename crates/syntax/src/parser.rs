//! The parser: an event-emitting recursive descent over non-trivia tokens (the rust-analyzer
//! design), steered by a table of the names declared so far.
mod event;
mod grammar;
mod names;
#[allow(clippy::module_inception)]
mod parser;
mod token_set;

use rowan::GreenNode;

pub(crate) use names::{BlockContext, DeclaredNames};
use std::sync::Arc;

use crate::{SyntaxError, SyntaxKind, lexer};

/// A parse's tree, errors, and the name-table contexts of its outermost blocks (by the byte
/// offset of their `{`, in order).
pub(crate) struct Parsed {
    pub(crate) green: GreenNode,
    pub(crate) errors: Vec<SyntaxError>,
    pub(crate) contexts: Vec<(u32, BlockContext)>,
    /// Set by a full parse only.
    pub(crate) declared: Option<DeclaredNames>,
}

/// Lexes and parses a whole translation unit.
pub(crate) fn parse_source_file(text: &str) -> Parsed {
    let (tokens, lex_errors) = lexer::lex_with_errors(text);
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
pub(crate) fn parse_block(text: &str, kind: SyntaxKind) -> Option<(GreenNode, Vec<SyntaxError>)> {
    let (tokens, lex_errors) = lexer::lex_with_errors(text);
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
pub(crate) fn parse_block_in_context(
    text: &str,
    context: &BlockContext,
    declared: &Arc<DeclaredNames>,
    angle_after: bool,
) -> Option<Parsed> {
    let (tokens, lex_errors) = lexer::lex_with_errors(text);
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
