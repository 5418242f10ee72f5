//! The mangler: an [`Ast`](crate::ast::Ast) back to Itanium bytes.
