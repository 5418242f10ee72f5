//! The cubin "ELF world": a model of the ELF files ptxas 13.0.88 writes, with a reader, a writer,
//! a builder and a dumper that reproduce ptxas byte for byte.
//!
//! - [`model`]: sections with typed contents, symbols, string-table entries; nothing derivable.
//! - [`read()`]: bytes into the model; malformed input is an error naming the offset, never a panic.
//! - [`write()`]: the model into bytes, computing every offset, size, index and header.
//! - [`builder`]: a cubin from per-function pieces (what the pipeline's section queries produce).
//! - [`dump`]: the text form printed by `cufe cubin dump`.
//!
//! The measured layout rules are in `../shared/spec/cubin-ptxas-13.0.88.md`; this crate depends on
//! nothing of ours, and on `object` only for the generic ELF structs and constants.
pub mod builder;
pub mod consts;
pub mod dump;
pub mod edit;
mod layout;
pub mod model;
pub mod note;
pub mod nv_info;
mod read;
mod write;

pub use model::*;
pub use read::{ReadError, read};
pub use write::{FileLayout, file_layout, write};
