//! Passes over a finished xref log that follow a declaration to what EDG declares again from
//! it: a template's declaration for each function template instance the calls create and for
//! each class template instance's members (`redeclared`), and a class template member's
//! references under each instance that declares the member (`instance_refs`).
//!
//! They only copy and rename lines the walk (`xref`) already wrote, reading positions from the
//! syntax tree; the instances and their arguments are the semantic model's (`xref::called`).
//! Their tests run through the whole log, in `xref` (`passes_tests.rs`).
mod instance_refs;
mod redeclared;

use syntax::TextRange;

pub use instance_refs::class_instance_member_references;
pub use redeclared::{class_template_members, function_template_parameters};
pub use xref_bodies::XrefLine;

/// A function template instance a call creates.
#[derive(Debug, Clone)]
pub struct CreatedInstance {
    /// Where the template's name is in the file.
    pub name: TextRange,
    /// How many arguments the template's trailing parameter pack takes, if it has one.
    pub pack_len: Option<u32>,
    /// Per template parameter (by index), how EDG names a reference to it when the instance's
    /// declaration is declared (`redeclared.rs`): `<unnamed>` for a builtin type (or a
    /// pointer, reference or array of one) or a value, the class's or enumeration's name for
    /// one; `None` where this printer cannot tell (a closure, a class of a template, a pack
    /// of mixed arguments, anything not concrete).
    pub param_names: Vec<Option<String>>,
}
