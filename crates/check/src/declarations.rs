//! Declaration rules (spec section 4): memory-space qualifiers and where they may appear,
//! `__global__` signatures, `__launch_bounds__`, `__grid_constant__`, conflicting
//! execution-space redeclarations. One query per item, [`declaration_diagnostics`], reading
//! only the item's header and il's declaration facts: editing a body never re-runs it.
mod kernels;
mod overrides;
pub(crate) mod redeclarations;
mod variables;

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
    if matches!(item.kind(db), ItemKind::Class | ItemKind::Struct) {
        overrides::check_class(db, item, &root, &mut out);
        return out;
    }
    let Some(decl) = header::declaration(&root) else {
        return Vec::new();
    };
    match item.kind(db) {
        ItemKind::Routine | ItemKind::FunctionTemplate => {
            kernels::check(db, item, &decl, &mut out);
            redeclarations::check_routine(db, item, &decl, &mut out);
            overrides::check(db, item, &decl, &mut out);
        }
        ItemKind::Variable | ItemKind::VariableTemplate | ItemKind::Field => {
            variables::check(db, item, &decl, &mut out);
            redeclarations::check_variable(db, item, &decl, &mut out);
        }
        _ => {}
    }
    out
}
