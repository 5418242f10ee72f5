//! Parameters never referenced (826, a remark): every named parameter of a function
//! definition, and of each lambda in it, that no name in the body denotes. Per item over
//! hir-def's lowered body and its scopes ([`unreferenced_parameters`]).
//!
//! Measured (nvcc 13.0.88, `-Xcudafe --remarks`): both passes report it for every function
//! definition, whatever its execution space, when the definition is parsed (a lambda's before
//! its enclosing function's); the host pass also for templates and members of class templates
//! (at their definition), the device pass only for their instances, which is not modeled (no
//! remark). A name in an unevaluated operand (`sizeof(a)`, `decltype(a)`) and `(void)a` are
//! references; an unnamed parameter is never reported.
use hir_def::body::body_with_source_map;
use hir_def::body::scope::{Resolution, resolve_name_in_scope};
use hir_def::hir::{BindingId, BindingKind, Expr, TypeOrExpr};
use il::Item;
use rustc_hash::FxHashSet;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::header::name_offset;
use crate::messages::{self as m, Severity};

#[salsa::tracked(returns(ref))]
pub fn unreferenced_parameters<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Vec<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let (body, map) = body_with_source_map(db, item);
    let mut referenced: FxHashSet<BindingId> = FxHashSet::default();
    // Names in types (`decltype(a)`, `sizeof(a)` read as a type) are matched by spelling.
    let mut type_words: FxHashSet<&str> = FxHashSet::default();
    for (id, expr) in body.exprs.iter() {
        match expr {
            Expr::Path(_) => {
                if let Some(Resolution::Local(b)) = resolve_name_in_scope(db, item, id) {
                    referenced.insert(b);
                }
            }
            Expr::SizeOf(TypeOrExpr::Type(ty)) => type_words.extend(words(ty.as_str())),
            _ => {}
        }
    }
    for (_, binding) in body.bindings.iter() {
        type_words.extend(words(binding.ty.as_str()));
    }
    let passes = if super::is_template(db, item) {
        Passes::Host
    } else {
        Passes::Both
    };
    let report = |b: BindingId| -> Option<ItemDiagnostic> {
        let binding = &body.bindings[b];
        let name = binding.name.as_deref()?;
        if referenced.contains(&b) || type_words.contains(name) {
            return None;
        }
        let node = map.binding_syntax(b)?.to_node(&root);
        let at = name_offset(&node);
        Some(ItemDiagnostic::discretionary(
            m::PARAMETER_NOT_REFERENCED,
            Severity::Remark,
            &[&format!("parameter \"{name}\"")],
            passes,
            at,
        ))
    };
    // Lambdas first, in the order they end (an inner lambda before its enclosing one).
    let mut lambdas: Vec<(u32, &[BindingId])> = body
        .exprs
        .iter()
        .filter_map(|(id, e)| match e {
            Expr::Lambda(lambda) => {
                let end = map
                    .expr_syntax(id)
                    .map_or(0, |p| u32::from(p.to_node(&root).text_range().end()));
                Some((end, &*lambda.params))
            }
            _ => None,
        })
        .collect();
    lambdas.sort_by_key(|(end, _)| *end);
    let mut out: Vec<ItemDiagnostic> = lambdas
        .iter()
        .flat_map(|(_, params)| params.iter())
        .filter(|b| body.bindings[**b].kind == BindingKind::LambdaParam)
        .filter_map(|b| report(*b))
        .collect();
    out.extend(body.params.iter().filter_map(|b| report(*b)));
    out
}

/// The identifiers of a type as written.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
}
