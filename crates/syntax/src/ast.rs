//! Typed AST views.
