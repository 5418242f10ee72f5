//! Entities of the source sequence: what EDG's `source_corresp` describes.
//!
//! An [`Item`] is a salsa tracked struct. Its identity (the fields without `#[tracked]`) is what
//! stays the same across edits: file, kind, name, parent scope, and for routines a signature key
//! so that overloads keep their ids when one is added. Its one tracked field is the item's own
//! green subtree, which is position-independent: editing a body replaces one item's syntax and
//! leaves every other item (and every query that read only those) valid.
use base_db::{Name, SourceFile};
use syntax::GreenNode;

/// The kinds of entity declared at namespace or class scope (EDG's entry kinds, coarsened).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKind {
    Namespace,
    Class,
    Struct,
    Union,
    Enum,
    Typedef,
    Routine,
    Variable,
    Field,
    ClassTemplate,
    FunctionTemplate,
    VariableTemplate,
    AliasTemplate,
    UsingDeclaration,
    UsingDirective,
    StaticAssert,
    Asm,
}

/// Where a declaration sits in a class: EDG's `access` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Access {
    Public,
    Protected,
    Private,
}

#[salsa::tracked(debug)]
pub struct Item<'db> {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(copy)]
    pub kind: ItemKind,
    /// `None` for unnamed entities (anonymous namespaces, unnamed classes, static_assert).
    #[returns(copy)]
    pub name: Option<Name<'db>>,
    /// The enclosing namespace or class; `None` at file scope.
    #[returns(copy)]
    pub parent: Option<Item<'db>>,
    /// For routines: the parameter-type part of the declaration, normalized, so that overloads
    /// are distinct entities. Empty for everything else.
    #[returns(ref)]
    pub signature_key: String,
    /// The declaration's own syntax (position-independent).
    #[tracked]
    #[returns(ref)]
    pub syntax: GreenNode,
}
