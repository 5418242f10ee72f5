//! Declaration rules (spec section 4): memory-space qualifiers and where they may appear,
//! `__global__` signatures, `__launch_bounds__`, `__grid_constant__`, conflicting
//! execution-space redeclarations. One query per item, [`declaration_diagnostics`], reading
//! only the item's header and il's declaration facts: editing a body never re-runs it.
mod kernels;
mod overrides;
pub(crate) mod redeclarations;
mod variables;

pub(crate) use variables::space_word;

use il::{Item, ItemKind};
use syntax::SyntaxNode;

use crate::CheckDatabase;
use crate::diagnostic::ItemDiagnostic;
use crate::header;

/// What the declaration of `item` breaks, in the order the tools report it.
#[salsa::tracked(returns(ref))]
pub fn declaration_diagnostics<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Vec<ItemDiagnostic> {
    let root = SyntaxNode::new_root(item.header(db).clone());
    let mut out = Vec::new();
    crate::hiding::template_param_hiding(db, item, &root, &mut out);
    if matches!(item.kind(db), ItemKind::Class | ItemKind::Struct) {
        overrides::check_class(db, item, &root, &mut out);
        return out;
    }
    if item.kind(db) == ItemKind::ExplicitInstantiation {
        redeclarations::check_explicit_instantiation(db, item, &mut out);
        return out;
    }
    if matches!(
        item.kind(db),
        ItemKind::Routine
            | ItemKind::FunctionTemplate
            | ItemKind::Variable
            | ItemKind::VariableTemplate
            | ItemKind::Field
            | ItemKind::Typedef
            | ItemKind::AliasTemplate
    ) {
        crate::referenced_names::in_declaration(db, item, &root, &mut out);
    }
    let Some(decl) = header::declaration(&root) else {
        return out;
    };
    match item.kind(db) {
        ItemKind::Routine | ItemKind::FunctionTemplate => {
            kernels::check(db, item, &decl, &mut out);
            redeclarations::check_routine(db, item, &decl, &mut out);
            overrides::check(db, item, &decl, &mut out);
        }
        ItemKind::Variable | ItemKind::VariableTemplate | ItemKind::Field => {
            undeclared_type(db, item, &decl, &mut out);
            variables::check(db, item, &decl, &mut out);
            redeclarations::check_variable(db, item, &decl, &mut out);
            redeclarations::extern_treated_as_static(db, item, &decl, &mut out);
        }
        _ => {}
    }
    out
}

/// `Foo x;` where `Foo` is declared nowhere: EDG's 20 at the type's name. The declared type
/// did not resolve, and the name is spelled nowhere else in the translation unit (what lookup
/// may miss never makes it an error).
fn undeclared_type(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    decl: &header::Declaration,
    out: &mut Vec<ItemDiagnostic>,
) {
    if !hir_ty::declared_ty(db, item).is_error(db) || crate::entity::is_templated(db, item) {
        return;
    }
    let once = hir_def::source::identifiers_spelled_once(db, item.file(db));
    let Some(name) = decl
        .node
        .children_with_tokens()
        .filter(|e| {
            !matches!(
                e.kind(),
                syntax::SyntaxKind::INIT_DECLARATOR
                    | syntax::SyntaxKind::DECLARATOR
                    | syntax::SyntaxKind::ATTRIBUTE_SPEC
            )
        })
        .flat_map(|e| match e {
            rowan::NodeOrToken::Node(n) => n
                .descendants_with_tokens()
                .filter_map(|t| t.into_token())
                .collect::<Vec<_>>(),
            rowan::NodeOrToken::Token(t) => vec![t],
        })
        .find(|t| {
            t.kind() == syntax::SyntaxKind::IDENT
                && !t.parent_ancestors().any(|a| {
                    matches!(
                        a.kind(),
                        syntax::SyntaxKind::ATTRIBUTE_SPEC | syntax::SyntaxKind::ATTRIBUTE
                    )
                })
        })
    else {
        return;
    };
    if name.text().starts_with("__") || !once.contains(name.text()) {
        return;
    }
    out.push(ItemDiagnostic::error(
        crate::messages::UNDEFINED_IDENTIFIER,
        &[&format!("\"{}\"", name.text())],
        crate::diagnostic::Passes::Both,
        u32::from(name.text_range().start()),
    ));
}
