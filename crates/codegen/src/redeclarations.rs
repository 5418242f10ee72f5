//! Redeclarations that must say what an earlier declaration said.
//!
//! EDG lets a redeclaration of a `constexpr` function omit `constexpr` (CUDA's
//! `crt/math_functions.h` redeclares libstdc++'s `constexpr float std::abs(float)` as
//! `extern __host__ __device__ float abs(float);`); g++ rejects that ("redeclaration differs in
//! 'constexpr'"). cudafe++ regenerates every declaration from its entity and so writes
//! `extern constexpr float abs(float);`. We add `constexpr` to exactly those redeclarations.
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::Arc;

use base_db::SourceFile;
use il::ItemKind;
use syntax::SyntaxNode;

use crate::CodegenDatabase;

/// A routine as redeclarations match it: its enclosing namespaces, its name, its signature key.
pub type RoutineKey = (String, String, String);

/// For each namespace path (`""` for file scope, `std`, `a::b`): the (name, signature key)
/// pairs of routine declarations there that redeclare a `constexpr` routine without saying so.
#[salsa::tracked(returns(ref))]
pub fn constexpr_redeclarations(
    db: &dyn CodegenDatabase,
    file: SourceFile,
) -> BTreeMap<String, Arc<[(String, String)]>> {
    let mut constexpr = std::collections::HashSet::<RoutineKey>::new();
    let mut redeclared = BTreeMap::<String, Vec<(String, String)>>::new();
    crate::namespaces::walk_namespace_scopes(db, file, &mut |item, path| {
        if !matches!(
            item.kind(db),
            ItemKind::Routine | ItemKind::FunctionTemplate
        ) {
            return ControlFlow::<()>::Continue(());
        }
        let Some(name) = item.name_text(db) else {
            return ControlFlow::Continue(());
        };
        let key = (
            path.to_string(),
            name.to_string(),
            item.signature_key(db).clone(),
        );
        let header = SyntaxNode::new_root(item.header(db).clone());
        if il::decl::says_constexpr(&header) {
            constexpr.insert(key);
        } else if constexpr.contains(&key) {
            let list = redeclared.entry(key.0).or_default();
            if !list.contains(&(key.1.clone(), key.2.clone())) {
                list.push((key.1, key.2));
            }
        }
        ControlFlow::Continue(())
    });
    redeclared
        .into_iter()
        .map(|(ns, list)| (ns, Arc::from(list)))
        .collect()
}
