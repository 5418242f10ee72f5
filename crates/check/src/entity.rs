//! Facts the checks share about an entity: whether its body is checked as a template's, and
//! the execution space a call of it reaches (merged over its redeclarations, widened by an
//! explicit instantiation).
use il::cuda::ExecSpace;
use il::decl::routine_decl;
use il::{Item, ItemKind};

use crate::CheckDatabase;
use crate::header;

/// Whether `item` is a template or a member of one (its body is checked only where it does
/// not depend on template arguments).
pub fn is_templated(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    let mut cur = Some(item);
    while let Some(i) = cur {
        if matches!(
            i.kind(db),
            ItemKind::FunctionTemplate | ItemKind::ClassTemplate
        ) {
            return true;
        }
        cur = i.parent(db);
    }
    false
}

/// il's signature key with `class` and `typename` type parameters alike: CUDA's headers declare
/// `template <typename T> ... cudaMalloc(T **, size_t)` on the device and redeclare it
/// `template<class T>` on the host.
pub(crate) fn entity_key(db: &dyn CheckDatabase, item: Item<'_>) -> String {
    let key = item.signature_key(db);
    if !key.starts_with("template<") {
        return key.clone();
    }
    key.replace("<class ", "<typename ")
        .replace(",class ", ",typename ")
}

/// The execution space a call of `item` reaches: its own, widened to `__host__ __device__`
/// when another declaration of the same entity in its scope names the other side (a
/// `__device__` function redeclared `__host__` or unannotated, or the reverse, is treated as a
/// `__host__ __device__` function: 20035/20037/20039). CUDA's headers declare `cudaMalloc<T>`
/// both ways.
#[salsa::tracked]
pub fn merged_exec_space<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> ExecSpace {
    let own = routine_decl(db, item).exec_space;
    if !matches!(own, ExecSpace::Host | ExecSpace::Device) {
        return own;
    }
    let siblings: &[Item<'db>] = match item.parent(db) {
        Some(parent) => il::scope::scope_items(db, parent),
        None => il::scope::top_level_items(db, item.file(db)),
    };
    let routine =
        |i: Item<'db>| matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate);
    let mut other_side = false;
    for &s in siblings {
        if s == item || s.name(db) != item.name(db) || !routine(s) || s.kind(db) != item.kind(db) {
            continue;
        }
        if entity_key(db, s) != entity_key(db, item) {
            continue;
        }
        let theirs = routine_decl(db, s).exec_space;
        other_side |= matches!(
            (own, theirs),
            (ExecSpace::Host, ExecSpace::Device | ExecSpace::HostDevice)
                | (ExecSpace::Device, ExecSpace::Host | ExecSpace::HostDevice)
        );
    }
    if other_side {
        ExecSpace::HostDevice
    } else {
        own
    }
}

/// An explicit instantiation definition of a `__device__` function template written without
/// an execution space (`template int f<int>();`) redeclares the instance `__host__ __device__`
/// (20037, `"f [with T=int]"`; measured): the instance and the offset of its name in the
/// explicit instantiation's header. `template __device__ int f<int>();` changes nothing.
pub(crate) fn widened_instantiation<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Option<(hir_ty::ty::Instance<'db>, u32)> {
    let instance = hir_ty::specialization::explicit_instantiation(db, item)?;
    let cuda = &routine_decl(db, instance.template(db)).cuda;
    if !cuda.device || cuda.host || cuda.global {
        return None;
    }
    let root = syntax::SyntaxNode::new_root(item.header(db).clone());
    let annotated = root
        .descendants()
        .filter(|n| n.kind() == syntax::SyntaxKind::ATTRIBUTE)
        .filter_map(|a| header::first_token(&a, syntax::SyntaxKind::IDENT))
        .any(|t| matches!(t.text().trim_matches('_'), "device" | "host" | "global"));
    if annotated {
        return None;
    }
    let tokens: Vec<_> = root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .collect();
    let name = tokens.windows(2).find(|w| {
        w[0].kind() == syntax::SyntaxKind::IDENT && w[1].kind() == syntax::SyntaxKind::L_ANGLE
    })?;
    Some((instance, u32::from(name[0].text_range().start())))
}
