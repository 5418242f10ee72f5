//! Function template instances as the device pass's front end sees them: cicc instantiates,
//! at the end of the translation unit, every instance a body demands, and reports a
//! `__host__ __device__` template's calls that only the instance resolves (a call depending on a template parameter,
//! `T::g()`, `t.g()`) when they reach a host function: 20014 (`calling a __host__ function from
//! a __host__ __device__ function is not allowed`, no names), with the line echoed and the
//! instantiation context, innermost first (measured):
//!
//! ```text
//! x.cu(3): warning #20014-D: calling a __host__ function from a __host__ __device__ function is not allowed
//!   template <class T> __attribute__((host)) __attribute__((device)) int f() { return T::g(); }
//!                                                                                         ^
//!           detected during instantiation of "int f<T>() [with T=S]" at line 4
//! ```
//!
//! It is the device pass's (measured: under `--Werror all-warnings` nvcc exits 1, not 2),
//! printed before that pass's late 20011 for the same call, which then has no `Remark:` line.
//!
//! Calls that do not depend on the arguments are the template's own (checked where it is
//! defined); the device pass's 20011 for the instance is `calls::instance_calls`'.
use hir_def::body::body_with_source_map;
use hir_def::hir::Expr;
use hir_ty::ty::{GenericArg, Instance};
use il::cuda::ExecSpace;
use il::decl::routine_decl;
use il::{Item, ItemKind};
use rowan::TextRange;
use syntax::SyntaxNode;

use crate::CheckDatabase;
use crate::diagnostic::{ContextFrame, ItemDiagnostic, Passes, Phase};
use crate::messages::{self as m, Severity};
use crate::names::qualified;
use crate::sites::callee_offset;

/// How deep instances demanding instances are followed.
const DEPTH: usize = 16;

/// 20014 for the instances the body of `item` (not a template) demands, transitively.
pub(crate) fn dependent_host_calls<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
    root: &SyntaxNode,
    map: &hir_def::body::BodySourceMap,
    result: &hir_ty::InferenceResult<'db>,
    excluded: &[TextRange],
    out: &mut Vec<ItemDiagnostic>,
) {
    let mut seen: Vec<Instance<'db>> = Vec::new();
    for (at, instance) in demanded(result, map, root, excluded) {
        let frame = ContextFrame {
            text: format!("instantiation of \"{}\"", signature(db, instance)),
            item: salsa::plumbing::AsId::as_id(&item),
            offset: at,
        };
        walk(db, instance, vec![frame], &mut seen, out);
    }
}

/// The instances a body's calls make, with the offset of each call's callee, in source order.
fn demanded<'db>(
    result: &hir_ty::InferenceResult<'db>,
    map: &hir_def::body::BodySourceMap,
    root: &SyntaxNode,
    excluded: &[TextRange],
) -> Vec<(u32, Instance<'db>)> {
    let mut found: Vec<(u32, Instance<'db>)> = result
        .callees()
        .filter_map(|(e, c)| {
            let instance = c.instance?;
            let range = map.expr_syntax(e)?.text_range();
            if excluded.iter().any(|r| r.contains_range(range)) {
                return None;
            }
            Some((callee_offset(root, range), instance))
        })
        .collect();
    found.sort_by_key(|(at, _)| *at);
    found
}

/// One instance: its dependent host calls (when the template is `__host__ __device__`), then
/// the instances it demands in turn, each with one more frame.
fn walk<'db>(
    db: &'db dyn CheckDatabase,
    instance: Instance<'db>,
    frames: Vec<ContextFrame>,
    seen: &mut Vec<Instance<'db>>,
    out: &mut Vec<ItemDiagnostic>,
) {
    if seen.contains(&instance) || frames.len() > DEPTH {
        return;
    }
    seen.push(instance);
    let template = instance.template(db);
    if template.kind(db) != ItemKind::FunctionTemplate || template.body(db).is_none() {
        return;
    }
    let Some(root) = hir_def::source::definition_root(db, template) else {
        return;
    };
    let (body, map) = body_with_source_map(db, template);
    let excluded = crate::sites::not_own_calls(&body, &map);
    let inferred = hir_ty::infer_instance(db, instance);
    let place = salsa::plumbing::AsId::as_id(&template);
    if *crate::entity::merged_exec_space(db, template) == ExecSpace::HostDevice {
        let generic = hir_ty::infer(db, template);
        let mut calls: Vec<(u32, Item<'db>)> = inferred
            .callees()
            .filter(|(e, _)| generic.callee(*e).is_none())
            .filter_map(|(e, c)| {
                let Expr::Call { callee, .. } = &body.exprs[e] else {
                    return None;
                };
                let range = map.expr_syntax(e)?.text_range();
                if excluded.iter().any(|r| r.contains_range(range)) {
                    return None;
                }
                let at = argument_paren(&root, range, map.expr_syntax(*callee)?.text_range());
                Some((at, c.item))
            })
            .collect();
        calls.sort_by_key(|(at, _)| *at);
        for (at, callee) in calls {
            let decl = routine_decl(db, callee);
            if *crate::entity::merged_exec_space(db, callee) != ExecSpace::Host
                || callee.extern_c(db)
                || decl.specifiers.is_constexpr
                || decl.specifiers.is_consteval
            {
                continue;
            }
            let mut d = ItemDiagnostic::discretionary(
                m::H_HD_CALL_GENERIC,
                Severity::Warning,
                &[],
                Passes::Device,
                at,
            )
            .exec_check()
            .placed_in(place);
            d.phase = Phase::EndOfUnit;
            d.context = frames.clone();
            out.push(d);
        }
    }
    for (at, next) in demanded(&inferred, &map, &root, &excluded) {
        let mut inner = vec![ContextFrame {
            text: format!("instantiation of \"{}\"", signature(db, next)),
            item: place,
            offset: at,
        }];
        inner.extend(frames.iter().cloned());
        walk(db, next, inner, seen, out);
    }
}

/// `int f<T>() [with T=S]`, `int f(const T &) [with T=S]`: the template's declaration as EDG
/// prints an instance it instantiates, with the arguments after it. The template's parameter
/// list is spelled when some parameter does not appear in the function's parameter types
/// (it was not deduced).
fn signature(db: &dyn CheckDatabase, instance: Instance<'_>) -> String {
    let template = instance.template(db);
    let names: Vec<String> = hir_def::generics::template_params(db, template)
        .iter()
        .map(|p| p.name.as_deref().unwrap_or("").to_string())
        .collect();
    let sig = hir_ty::callable_sig(db, template);
    let (ret, params) = match sig.as_ref() {
        Some(sig) => (
            sig.ret.to_source(db),
            sig.params
                .iter()
                .map(|t| t.to_source(db))
                .collect::<Vec<_>>(),
        ),
        None => (String::new(), Vec::new()),
    };
    let mentioned = |name: &str| {
        params.iter().any(|p| {
            p.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == name)
        })
    };
    let template_args = if names.iter().all(|n| mentioned(n)) {
        String::new()
    } else {
        format!("<{}>", names.join(", "))
    };
    let with: Vec<String> = names
        .iter()
        .zip(instance.args(db).iter())
        .map(|(n, a)| {
            let arg = match a {
                GenericArg::Type(t) => t.to_source(db),
                GenericArg::Value(v) => v.to_string(),
                GenericArg::Template(i) => qualified(db, *i),
                GenericArg::DependentValue(s) => s.to_string(),
                // EDG spells a pack's argument as a list: `Ts=<int, long>`.
                GenericArg::Pack(_) => {
                    let spelled = hir_ty::display::generic_args_source(db, std::slice::from_ref(a));
                    format!("<{spelled}>")
                }
            };
            format!("{n}={arg}")
        })
        .collect();
    let ret = if ret.is_empty() {
        String::new()
    } else {
        format!("{ret} ")
    };
    format!(
        "{ret}{}{template_args}({}) [with {}]",
        qualified(db, template),
        params.join(", "),
        with.join(", ")
    )
}

/// The caret of a dependent call: the `(` of its arguments (measured: `T::g()`, `t.g()`).
fn argument_paren(root: &SyntaxNode, call: TextRange, callee: TextRange) -> u32 {
    root.covering_element(call)
        .as_node()
        .and_then(|node| {
            node.descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| {
                    t.kind() == syntax::SyntaxKind::L_PAREN
                        && t.text_range().start() >= callee.end()
                })
        })
        .map_or(u32::from(callee.end()), |t| {
            u32::from(t.text_range().start())
        })
}
