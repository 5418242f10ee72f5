//! The semantic facade, after rust-analyzer's `hir::Semantics`: from a position of a file to
//! what the model says is there. The language server, the checks and the printers ask the same
//! questions in the same way here instead of each walking declarations and source maps itself:
//!
//! - [`Semantics::owner_at`]: the innermost body owner (function, initializer, `static_assert`)
//!   whose declaration contains a range of the file, with where it lies;
//! - [`Semantics::expr_at`]: the expression a range of the file lowered to (through the owner's
//!   [`hir_def::BodySourceMap`]), and [`Semantics::type_of_expr`];
//! - [`Semantics::definition_at`]: the entity a name at an offset denotes ([`Definition`]):
//!   a local, an item (the overload a call chose), an enumerator, a template parameter, from
//!   hir-ty's inference; or the item a declaration there declares;
//! - [`Semantics::name_range`]: where a [`Definition`] is declared in the file;
//! - [`Semantics::references`]: every name in the file's bodies that denotes it;
//! - [`hover`]: a one-line description of a definition, with the one type printer's source
//!   spelling.
//!
//! Positions are offsets of the file (`base_db::SourceFile`'s text: for the language server, the
//! preprocessed `.ii` of the document); mapping them to lines of the files the user edits is the
//! caller's (the `.ii`'s line map). Nothing here is memoized: the answers are read from the
//! memoized queries (`declaration_offsets`, `body_with_source_map`, `infer`), so a [`Semantics`]
//! is cheap to make per request.
use base_db::SourceFile;
use hir_def::hir::{BindingId, Expr, ExprId};
use hir_def::source::DeclarationOffsets;
use hir_ty::{HirTyDatabase, Resolution, Ty};
use il::{Item, ItemKind};
use rowan::{TextRange, TextSize};
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind, SyntaxNode, SyntaxToken};

mod hover;
#[cfg(test)]
mod test_db;
#[cfg(test)]
mod tests;

pub use hover::hover;

/// An entity a name can denote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Definition<'db> {
    /// A namespace-scope or member entity: variable, field, function, class, typedef, ...
    Item(Item<'db>),
    /// A parameter, local variable or init-capture of a body.
    Local {
        owner: Item<'db>,
        binding: BindingId,
    },
    /// The `index`-th enumerator of an enumeration.
    Enumerator { enumeration: Item<'db>, index: u32 },
    /// A non-type template parameter.
    TemplateParam(hir_def::generics::TemplateParamId<'db>),
}

/// An expression of a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InBody<'db> {
    pub owner: Item<'db>,
    pub expr: ExprId,
}

/// What a name at an offset denotes: the name's range in the file, the entity, and the type of
/// the expression the name is (`None` for a name that is no expression: a declarator).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named<'db> {
    pub range: TextRange,
    pub definition: Definition<'db>,
    pub expr: Option<InBody<'db>>,
}

/// Questions about one file of the database.
pub struct Semantics<'db> {
    db: &'db dyn HirTyDatabase,
    file: SourceFile,
}

impl<'db> Semantics<'db> {
    pub fn new(db: &'db dyn HirTyDatabase, file: SourceFile) -> Semantics<'db> {
        Semantics { db, file }
    }

    pub fn db(&self) -> &'db dyn HirTyDatabase {
        self.db
    }

    pub fn file(&self) -> SourceFile {
        self.file
    }

    /// The file's syntax tree.
    pub fn root(&self) -> SyntaxNode {
        base_db::parse(self.db, self.file).syntax_node()
    }

    /// The innermost body owner whose declaration contains `range`, with where it lies.
    pub fn owner_at(&self, range: TextRange) -> Option<(Item<'db>, DeclarationOffsets)> {
        let (start, end) = (u32::from(range.start()), u32::from(range.end()));
        // `declaration_offsets` holds body owners only.
        hir_def::source::declaration_offsets(self.db, self.file)
            .iter()
            .filter(|(_, o)| o.in_file <= start && end <= o.in_file + o.len)
            .min_by_key(|(_, o)| o.len)
            .copied()
    }

    /// Where `item`'s declaration lies, when it owns a body.
    pub fn offsets_of(&self, item: Item<'db>) -> Option<DeclarationOffsets> {
        hir_def::source::declaration_offsets(self.db, self.file)
            .iter()
            .find(|(i, _)| *i == item)
            .map(|(_, o)| *o)
    }

    /// The expression lowered from exactly the file range `range` (the outermost one where a
    /// node and its single child share the range: `(e)` maps to `e`'s expression).
    pub fn expr_at(&self, range: TextRange) -> Option<InBody<'db>> {
        let (owner, offsets) = self.owner_at(range)?;
        self.expr_in(owner, offsets, range)
    }

    /// [`Semantics::expr_at`] in a body owner already known, with where its declaration lies
    /// (a caller that asks often, or about a template's body whose instance it walks, need not
    /// search the owners).
    pub fn expr_in(
        &self,
        owner: Item<'db>,
        offsets: DeclarationOffsets,
        range: TextRange,
    ) -> Option<InBody<'db>> {
        let in_tree = to_tree_range(offsets, range)?;
        let root = hir_def::source::definition_root(self.db, owner)?;
        let node = match root.covering_element(in_tree) {
            rowan::NodeOrToken::Node(n) => n,
            rowan::NodeOrToken::Token(t) => t.parent()?,
        };
        let (_, map) = hir_def::body::body_with_source_map(self.db, owner);
        node.ancestors()
            .take_while(|n| n.text_range() == in_tree)
            .find_map(|n| map.node_expr(&n))
            .map(|expr| InBody { owner, expr })
    }

    /// The type inference gives an expression (a reference-typed expression has the referred
    /// type; see [`Semantics::value_category`]).
    pub fn type_of_expr(&self, expr: InBody<'db>) -> Option<Ty<'db>> {
        hir_ty::infer(self.db, expr.owner).type_of_expr(expr.expr)
    }

    pub fn value_category(&self, expr: InBody<'db>) -> Option<hir_ty::ValueCategory> {
        hir_ty::infer(self.db, expr.owner).value_category(expr.expr)
    }

    /// The declared type of a definition: a local's or an item's.
    pub fn type_of_definition(&self, def: Definition<'db>) -> Option<Ty<'db>> {
        match def {
            Definition::Local { owner, binding } => {
                hir_ty::infer(self.db, owner).type_of_binding(binding)
            }
            Definition::Item(item) => Some(hir_ty::declared_ty(self.db, item)),
            Definition::Enumerator { enumeration, .. } => {
                Some(hir_ty::declared_ty(self.db, enumeration))
            }
            Definition::TemplateParam(_) => None,
        }
    }

    /// What the name at `offset` denotes. Inside a body: the local a declarator declares, or
    /// the entity inference resolved the name expression (or member access) to, the overload
    /// a call chose rather than the set. Elsewhere: the item declared there.
    pub fn definition_at(&self, offset: TextSize) -> Option<Named<'db>> {
        let root = self.root();
        let token = name_token_at(&root, offset)?;
        let range = token.text_range();
        if let Some(found) = self.definition_in_body(&token) {
            return Some(found);
        }
        self.declared_item_at(range).map(|item| Named {
            range,
            definition: Definition::Item(item),
            expr: None,
        })
    }

    fn definition_in_body(&self, token: &SyntaxToken) -> Option<Named<'db>> {
        let range = token.text_range();
        let (owner, offsets) = self.owner_at(range)?;
        let root = hir_def::source::definition_root(self.db, owner)?;
        let in_tree = to_tree_range(offsets, range)?;
        let tree_token = root.covering_element(in_tree).into_token()?;
        let (body, map) = hir_def::body::body_with_source_map(self.db, owner);
        let infer = hir_ty::infer(self.db, owner);
        for node in tree_token.parent_ancestors() {
            // A type name of a declaration (`Vec v;` at `Vec`, `const Vec &o` at `Vec`): the
            // class, enum or template its declarators' type is made from, when it has that
            // name. The type is inference's, so a typedef's name (canonicalized) gets none.
            if matches!(
                node.kind(),
                SyntaxKind::SIMPLE_DECLARATION | SyntaxKind::PARAM
            ) && let Some(item) = node
                .descendants()
                .find_map(|d| map.node_binding(&d))
                .and_then(|b| infer.type_of_binding(b))
                .and_then(|ty| named_type_item(self.db, ty))
                .filter(|item| item.name_text(self.db) == Some(token.text()))
                .filter(|_| !in_declarator(&tree_token, &node))
            {
                return Some(Named {
                    range,
                    definition: Definition::Item(item),
                    expr: None,
                });
            }
            if let Some(binding) = map.node_binding(&node) {
                // The declarator's own name, not a name inside its initializer or bounds.
                let named = body.bindings[binding].name.as_deref() == Some(token.text())
                    && declarator_name(&node).is_some_and(|t| t.text_range() == in_tree);
                if named {
                    return Some(Named {
                        range,
                        definition: Definition::Local { owner, binding },
                        expr: None,
                    });
                }
                return None;
            }
            let Some(expr) = map.node_expr(&node) else {
                continue;
            };
            // Only a name expression or member access says what a name denotes; any other
            // expression around the token means the token is no such name.
            if !matches!(&body.exprs[expr], Expr::Path(_) | Expr::Member { .. }) {
                return None;
            }
            let definition = match infer.resolution(expr)? {
                Resolution::Binding(binding) => Definition::Local {
                    owner,
                    binding: *binding,
                },
                Resolution::Item(item) => Definition::Item(*item),
                Resolution::Overloads(set) => {
                    // A called name: the call's choice; otherwise the first of the set.
                    let chosen = chosen_overloads(&body, &infer).get(&expr).copied();
                    Definition::Item(chosen.or_else(|| set.first().copied())?)
                }
                Resolution::Enumerator { enumeration, index } => Definition::Enumerator {
                    enumeration: *enumeration,
                    index: *index,
                },
                Resolution::TemplateParam(param) => Definition::TemplateParam(*param),
            };
            return Some(Named {
                range,
                definition,
                expr: Some(InBody { owner, expr }),
            });
        }
        None
    }

    /// The innermost item whose declaration contains `range` and is named by the token there.
    fn declared_item_at(&self, range: TextRange) -> Option<Item<'db>> {
        let db = self.db;
        let name = self.root().covering_element(range).into_token()?;
        let mut ranges = il::ranges::ItemRanges::new(db, self.file);
        let mut scope: Option<Item<'db>> = None;
        let mut found = None;
        loop {
            let items = match scope {
                None => il::scope::top_level_items(db, self.file),
                Some(s) => il::scope::scope_items(db, s),
            };
            let spans = ranges.scope(scope)?.to_vec();
            // Several items share a declaration (`int a, b;`): the one named by the token.
            let containing: Vec<Item<'db>> = items
                .iter()
                .zip(&spans)
                .filter(|(_, r)| r.contains_range(range))
                .map(|(i, _)| *i)
                .collect();
            let next = containing
                .iter()
                .find(|i| i.name_text(db) == Some(name.text()))
                .or_else(|| containing.iter().find(|i| i.kind(db).is_scope()))
                .copied();
            let Some(item) = next else { break };
            if item.name_text(db) == Some(name.text()) {
                found = Some(item);
            }
            if !item.kind(db).is_scope() {
                break;
            }
            scope = Some(item);
        }
        found
    }

    /// The range of the name that declares `def` in the file.
    pub fn name_range(&self, def: Definition<'db>) -> Option<TextRange> {
        let db = self.db;
        match def {
            Definition::Local { owner, binding } => {
                let offsets = self.offsets_of(owner)?;
                let root = hir_def::source::definition_root(db, owner)?;
                let (_, map) = hir_def::body::body_with_source_map(db, owner);
                let node = map.binding_syntax(binding)?.to_node(&root);
                let name = declarator_name(&node)?;
                offsets.to_file_range(name.text_range())
            }
            Definition::Item(item) => {
                let mut ranges = il::ranges::ItemRanges::new(db, self.file);
                let declaration = ranges.item(item)?;
                first_name_in(&self.root(), declaration, item.name_text(db)?)
            }
            Definition::Enumerator { enumeration, index } => {
                let mut ranges = il::ranges::ItemRanges::new(db, self.file);
                let declaration = ranges.item(enumeration)?;
                let root = self.root();
                let node = match root.covering_element(declaration) {
                    rowan::NodeOrToken::Node(n) => n,
                    rowan::NodeOrToken::Token(t) => t.parent()?,
                };
                let enumerator = node
                    .descendants()
                    .filter(|n| n.kind() == SyntaxKind::ENUMERATOR)
                    .nth(index as usize)?;
                let name = enumerator
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| t.kind() == SyntaxKind::IDENT)?;
                Some(name.text_range())
            }
            Definition::TemplateParam(_) => None,
        }
    }

    /// Every name in the file's bodies that denotes `def`, in file order: in the whole file
    /// with `None`, else in the bodies that meet one of the ranges and at names inside one.
    /// Each body inferred once (memoized).
    pub fn references(&self, def: Definition<'db>, within: Option<&[TextRange]>) -> Vec<TextRange> {
        let db = self.db;
        let inside = |range: TextRange, contained: bool| {
            within.is_none_or(|ranges| {
                ranges.iter().any(|w| {
                    if contained {
                        w.contains_range(range)
                    } else {
                        w.intersect(range).is_some()
                    }
                })
            })
        };
        let mut out = Vec::new();
        for &(owner, offsets) in hir_def::source::declaration_offsets(db, self.file) {
            let span = TextRange::at(offsets.in_file.into(), offsets.len.into());
            if !inside(span, false) {
                continue;
            }
            let (body, map) = hir_def::body::body_with_source_map(db, owner);
            let infer = hir_ty::infer(db, owner);
            let Some(root) = hir_def::source::definition_root(db, owner) else {
                continue;
            };
            let chosen = chosen_overloads(&body, &infer);
            for (expr, e) in body.exprs.iter() {
                if !matches!(e, Expr::Path(_) | Expr::Member { .. }) {
                    continue;
                }
                let Some(resolution) = infer.resolution(expr) else {
                    continue;
                };
                let denotes = match (resolution, def) {
                    (Resolution::Binding(b), Definition::Local { owner: o, binding }) => {
                        o == owner && *b == binding
                    }
                    (Resolution::Item(i), Definition::Item(d)) => *i == d,
                    (Resolution::Overloads(_), Definition::Item(d)) => {
                        chosen.get(&expr) == Some(&d)
                    }
                    (
                        Resolution::Enumerator { enumeration, index },
                        Definition::Enumerator {
                            enumeration: e2,
                            index: i2,
                        },
                    ) => *enumeration == e2 && *index == i2,
                    _ => false,
                };
                if !denotes {
                    continue;
                }
                let Some(ptr) = map.expr_syntax(expr) else {
                    continue;
                };
                // The name's last identifier: `ns::f` at `f`, `o.m` at `m`.
                let node = ptr.to_node(&root);
                let name = node
                    .descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .filter(|t| t.kind() == SyntaxKind::IDENT)
                    .last();
                if let Some(range) = name.and_then(|t| offsets.to_file_range(t.text_range()))
                    && inside(range, true)
                {
                    out.push(range);
                }
            }
        }
        out.sort_by_key(|r| r.start());
        out.dedup();
        out
    }
}

/// The class, enum or class template a type is made from, through cv-qualifiers, pointers,
/// references and arrays.
fn named_type_item<'db>(db: &'db dyn HirTyDatabase, mut ty: Ty<'db>) -> Option<Item<'db>> {
    use hir_ty::TyKind;
    loop {
        ty = match ty.kind(db) {
            TyKind::Qualified(_, inner)
            | TyKind::Pointer(inner)
            | TyKind::Reference(_, inner)
            | TyKind::Array(inner, _) => *inner,
            TyKind::Class(item) | TyKind::Enum(item) => return Some(*item),
            TyKind::Instance(instance) => return Some(instance.template(db)),
            _ => return None,
        };
    }
}

/// Whether `token` lies inside one of the declaration's declarators (a name being declared,
/// or one in an initializer or array bound), not in its type.
fn in_declarator(token: &SyntaxToken, declaration: &SyntaxNode) -> bool {
    token
        .parent_ancestors()
        .take_while(|a| a != declaration)
        .any(|a| {
            matches!(
                a.kind(),
                SyntaxKind::INIT_DECLARATOR | SyntaxKind::DECLARATOR
            )
        })
}

/// For each called name of a body (`f` in `f(x)`), the overload the call chose: what a name
/// whose resolution is an overload set denotes.
fn chosen_overloads<'db>(
    body: &hir_def::Body,
    infer: &hir_ty::InferenceResult<'db>,
) -> FxHashMap<ExprId, Item<'db>> {
    body.exprs
        .iter()
        .filter_map(|(call, e)| match e {
            Expr::Call { callee, .. } | Expr::KernelLaunch { callee, .. } => {
                Some((*callee, infer.callee(call)?))
            }
            _ => None,
        })
        .collect()
}

/// A file range as a range of the owner's definition tree.
fn to_tree_range(offsets: DeclarationOffsets, range: TextRange) -> Option<TextRange> {
    let start = u32::from(range.start()).checked_sub(offsets.in_file)?;
    let end = u32::from(range.end()).checked_sub(offsets.in_file)?;
    (end <= offsets.len)
        .then(|| TextRange::new(start.into(), end.into()) + TextSize::from(offsets.in_tree))
}

/// The identifier at `offset` (the one it ends when it lies between two tokens).
fn name_token_at(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    root.token_at_offset(offset)
        .max_by_key(|t| t.kind() == SyntaxKind::IDENT)
        .filter(|t| t.kind() == SyntaxKind::IDENT)
}

/// A declarator's name: its last identifier outside any nested initializer, parameter list,
/// array bound or attribute (`int (*fp)(int a)` is `fp`, `int a[N]` is `a`).
fn declarator_name(node: &SyntaxNode) -> Option<SyntaxToken> {
    use SyntaxKind::*;
    let mut name = None;
    for element in node.descendants_with_tokens() {
        if let rowan::NodeOrToken::Token(t) = element
            && t.kind() == IDENT
        {
            let nested = t.parent_ancestors().take_while(|a| a != node).any(|a| {
                matches!(
                    a.kind(),
                    PARAM_LIST
                        | INITIALIZER
                        | INIT_LIST
                        | ARRAY_SUFFIX
                        | ATTRIBUTE_SPEC
                        | BIT_FIELD
                )
            });
            if !nested {
                name = Some(t);
            }
        }
    }
    name
}

/// The first identifier spelled `name` inside `range` that is not a qualifier (`S::f`'s `f`).
fn first_name_in(root: &SyntaxNode, range: TextRange, name: &str) -> Option<TextRange> {
    let node = match root.covering_element(range) {
        rowan::NodeOrToken::Node(n) => n,
        rowan::NodeOrToken::Token(t) => return Some(t.text_range()),
    };
    node.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == SyntaxKind::IDENT && t.text() == name)
        .find(|t| {
            let next = t
                .siblings_with_tokens(rowan::Direction::Next)
                .skip(1)
                .filter_map(|e| e.into_token())
                .find(|n| !n.kind().is_trivia());
            next.is_none_or(|n| n.kind() != SyntaxKind::COLON2)
        })
        .map(|t| t.text_range())
}

/// Whether an item is a routine (function or function template).
pub(crate) fn is_routine(db: &dyn HirTyDatabase, item: Item<'_>) -> bool {
    matches!(
        item.kind(db),
        ItemKind::Routine | ItemKind::FunctionTemplate
    )
}
