//! Salsa queries (see docs/arch/preprocessor.md).
