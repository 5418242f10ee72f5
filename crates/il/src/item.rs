//! Entities of the source sequence: what EDG's `source_corresp` describes.
//!
//! An [`Item`] is a salsa tracked struct. Its identity (the fields without `#[tracked]`) is what
//! stays the same across edits: file, kind, name, parent scope, and for routines a signature key
//! so that overloads keep their ids when one is added. Its tracked fields hold the item's own
//! green syntax, position-independent and split in two: the *header* (what declares: specifiers,
//! declarator, template parameters) and the *body* (what only defines: a function body, a class's
//! member list, a namespace's declarations). Salsa records reads per field, so declaration-level
//! queries, which read only the header, do not re-run when a body changes; and editing one body
//! changes one item's field, leaving every other item's readers valid.
use base_db::{Name, SourceFile};
use syntax::{GreenNode, SharedGreen};

/// The kinds of entity declared at namespace or class scope (EDG's entry kinds, coarsened).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKind {
    Namespace,
    /// `namespace cg = cooperative_groups;`: named like the alias; lookup goes through it to
    /// the namespace it names (`lookup::namespace_alias_target`).
    NamespaceAlias,
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
    ExplicitInstantiation,
}

impl ItemKind {
    /// Kinds whose body is a scope of further items.
    pub fn is_scope(self) -> bool {
        matches!(
            self,
            ItemKind::Namespace
                | ItemKind::Class
                | ItemKind::Struct
                | ItemKind::Union
                | ItemKind::ClassTemplate
        )
    }
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
    /// As written (see [`crate::lower::LoweredItem::name`]); `None` for unnamed entities
    /// (anonymous namespaces and classes, static_assert).
    #[returns(copy)]
    pub name: Option<Name<'db>>,
    /// The enclosing namespace or class; `None` at file scope.
    #[returns(copy)]
    pub parent: Option<Item<'db>>,
    /// For routines the parameter types and qualifiers, for templates also their parameters,
    /// for specializations their arguments: what tells same-named entities apart. Empty
    /// otherwise; equal identities are then told apart by order.
    #[returns(ref)]
    pub signature_key: String,
    /// The declaration without its body; read it through [`Item::header`]. (Trees are held as
    /// [`SharedGreen`]s so that re-creating an item after a reparse compares them by pointer.)
    #[tracked]
    #[returns(ref)]
    pub header_tree: SharedGreen,
    /// The body (a function's compound statement, a class's or namespace's braces); read it
    /// through [`Item::body`].
    #[tracked]
    #[returns(ref)]
    pub body_tree: Option<SharedGreen>,
    /// A constructor's compound statement (or try block) after its initializer list, which is
    /// then `body` (see [`crate::lower::LoweredItem::ctor_body`]).
    #[tracked]
    #[returns(ref)]
    pub ctor_body_tree: Option<SharedGreen>,
    /// Access in a class (EDG's `access`); `None` outside classes.
    #[tracked]
    #[returns(copy)]
    pub access: Option<Access>,
    /// Declared inside `extern "C"`.
    #[tracked]
    #[returns(copy)]
    pub extern_c: bool,
}

impl<'db> Item<'db> {
    /// The declaration without its body.
    pub fn header(self, db: &'db dyn salsa::Database) -> &'db GreenNode {
        &self.header_tree(db).0
    }

    /// The body, if the declaration has one.
    pub fn body(self, db: &'db dyn salsa::Database) -> Option<&'db GreenNode> {
        self.body_tree(db).as_ref().map(|tree| &tree.0)
    }

    /// A constructor's compound statement after its initializer list (see the field).
    pub fn ctor_body(self, db: &'db dyn salsa::Database) -> Option<&'db GreenNode> {
        self.ctor_body_tree(db).as_ref().map(|tree| &tree.0)
    }

    pub fn name_text(self, db: &'db dyn salsa::Database) -> Option<&'db str> {
        self.name(db).map(|n| n.text(db))
    }

    /// `N::S::f`: the enclosing scopes' names joined (`(anonymous namespace)` for unnamed ones).
    pub fn qualified_name(self, db: &'db dyn salsa::Database) -> String {
        let mut parts = Vec::new();
        let mut cur = Some(self);
        while let Some(item) = cur {
            parts.push(match item.name_text(db) {
                Some(n) => n.to_string(),
                None if item.kind(db) == ItemKind::Namespace => "(anonymous namespace)".to_string(),
                None => "(unnamed)".to_string(),
            });
            cur = item.parent(db);
        }
        parts.reverse();
        parts.join("::")
    }
}
