//! Calls across execution spaces (spec section 2): which routine a call reaches comes from
//! type inference (`hir_ty::infer`'s callees), the spaces from il's declaration facts. One query
//! per function, [`call_diagnostics`].
//!
//! Host pass (cudafe++, at parse time, also in templates for non-dependent calls): 20007,
//! 20005, 20008, 20006. Device pass (cicc): constexpr host callees at parse time (20017,
//! 20019, 20013); other host callees in the late phase (20016/20018 + 20068, 20011), only for
//! functions kept for the device and not in templates (their instances are not modelled yet).
//! Launches: 20051 (a kernel called without configuration), 20023 (launch in device code
//! without `-rdc=true`).
use hir_def::body::body_with_source_map;
use hir_def::hir::{Expr, TypeOrExpr};
use hir_ty::{CalleeKind, infer};
use il::cuda::ExecSpace;
use il::decl::routine_decl;
use il::{Item, ItemKind};
use rowan::TextRange;
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes, Phase};
use crate::entity::is_templated;
use crate::messages::{self as m, Severity};
use crate::names::{const_suffix, full_name, instance_name, qualified};
use crate::sites::{callee_offset, not_own_calls};

/// The calls of the function template instances a body (or an explicit instantiation)
/// demands, transitively (an explicit instantiation may widen its instance's space, `Some`): each
/// instance's body inferred under its arguments (`hir_ty::infer_instance`), its calls of host
/// functions reported by the device pass with the instance as the caller (`"f<int> "`),
/// placed in the template's tree (printed once however many bodies demand it).
fn instance_calls<'db>(
    db: &'db dyn CheckDatabase,
    demanded: &[(hir_ty::ty::Instance<'db>, Option<ExecSpace>)],
    out: &mut Vec<ItemDiagnostic>,
) {
    const LIMIT: usize = 64;
    let mut queue: Vec<(hir_ty::ty::Instance<'db>, Option<ExecSpace>)> = demanded.to_vec();
    let mut next = 0;
    while next < queue.len() && next < LIMIT {
        let (instance, widened) = queue[next];
        next += 1;
        let template = instance.template(db);
        if template.kind(db) != ItemKind::FunctionTemplate || template.body(db).is_none() {
            continue;
        }
        let Some(root) = hir_def::source::definition_root(db, template) else {
            continue;
        };
        let inferred = hir_ty::infer_instance(db, instance);
        for demanded in inferred.instances() {
            if !queue.iter().any(|(i, _)| i == demanded) {
                queue.push((*demanded, None));
            }
        }
        let space = widened.unwrap_or_else(|| *crate::entity::merged_exec_space(db, template));
        if space == ExecSpace::Host {
            continue;
        }
        let (body, map) = body_with_source_map(db, template);
        let excluded = not_own_calls(&body, &map);
        let caller = format!("\"{}\"", instance_name(db, instance));
        let mut calls: Vec<_> = inferred.callees().collect();
        calls.sort_by_key(|(e, _)| map.expr_syntax(*e).map(|p| p.text_range().start()));
        for (expr, callee) in calls {
            let Expr::Call {
                callee: callee_expr,
                ..
            } = &body.exprs[expr]
            else {
                continue;
            };
            let (Some(ptr), Some(callee_ptr)) =
                (map.expr_syntax(expr), map.expr_syntax(*callee_expr))
            else {
                continue;
            };
            if excluded.iter().any(|r| r.contains_range(ptr.text_range())) {
                continue;
            }
            let target = routine_decl(db, callee.item);
            let callee_space = *crate::entity::merged_exec_space(db, callee.item);
            if callee_space != ExecSpace::Host
                || callee.item.extern_c(db)
                || target.specifiers.is_constexpr
                || target.specifiers.is_consteval
            {
                continue;
            }
            let at = callee_offset(&root, callee_ptr.text_range());
            let full = format!("\"{}\"", full_name(db, callee.item));
            let place = salsa::plumbing::AsId::as_id(&template);
            if space == ExecSpace::HostDevice {
                out.push(
                    ItemDiagnostic::discretionary(
                        m::H_HD_CALL,
                        Severity::Warning,
                        &[&full, &caller],
                        Passes::Device,
                        at,
                    )
                    .late()
                    .exec_check()
                    .placed_in(place),
                );
                continue;
            }
            let msg = if space == ExecSpace::Global {
                m::H_G_CALL
            } else {
                m::H_D_CALL
            };
            out.push(
                ItemDiagnostic::error(msg, &[&full, &caller], Passes::Device, at)
                    .late()
                    .exec_check()
                    .placed_in(place),
            );
            let ident = format!(
                "\"{}{}\"",
                qualified(db, callee.item),
                const_suffix(db, callee.item)
            );
            out.push(
                ItemDiagnostic::error(m::UNDEFINED_IN_DEVICE, &[&ident], Passes::Device, at)
                    .late()
                    .placed_in(place),
            );
        }
    }
}

/// What a call site reaches.
enum UseTarget<'db> {
    /// A declared routine (explicit call, operator, constructor, or an implicit call's).
    Call(hir_ty::Callee<'db>),
    /// An implicit member the compiler defines (checked through what it calls).
    Special(hir_ty::SpecialMember<'db>),
}

/// One call of a body, explicit or implicit, with where its diagnostics point: `at` while
/// parsing (the caret), `late_at` in the late phase (a local's destruction: its block's end).
struct CallUse<'db> {
    range: TextRange,
    at: u32,
    late_at: u32,
    target: UseTarget<'db>,
}

/// The calls of a body in source order: call expressions, overloaded operators and
/// constructors (inference's callees) and the implicit calls (inference's `implicit_calls`).
fn call_uses<'db>(
    db: &'db dyn CheckDatabase,
    owner: Item<'db>,
    root: &SyntaxNode,
    body: &hir_def::body::Body,
    map: &hir_def::body::BodySourceMap,
    result: &hir_ty::InferenceResult<'db>,
) -> Vec<CallUse<'db>> {
    let mut out = Vec::new();
    for (expr, callee) in result.callees() {
        let Some(ptr) = map.expr_syntax(expr) else {
            continue;
        };
        let range = ptr.text_range();
        let at = match &body.exprs[expr] {
            Expr::Call { callee, .. } | Expr::KernelLaunch { callee, .. } => map
                .expr_syntax(*callee)
                .map_or(u32::from(range.start()), |p| {
                    callee_offset(root, p.text_range())
                }),
            _ if callee.kind == CalleeKind::Operator => operator_offset(root, range),
            Expr::ParenInit(_) | Expr::InitList(_) => match declared_with(body, map, root, expr) {
                Some(at) => at,
                None => u32::from(range.start()),
            },
            _ => u32::from(range.start()),
        };
        out.push(CallUse {
            range,
            at,
            late_at: at,
            target: UseTarget::Call(callee),
        });
    }
    for call in result.implicit_calls() {
        let (range, at, late_at) = match call.site {
            hir_ty::ImplicitSite::Expr(e) => {
                let Some(ptr) = map.expr_syntax(e) else {
                    continue;
                };
                let range = ptr.text_range();
                let at = match &body.exprs[e] {
                    Expr::Binary { .. } => operator_offset(root, range),
                    _ => u32::from(range.start()),
                };
                (range, at, at)
            }
            hir_ty::ImplicitSite::Binding(b) => {
                let Some(ptr) = map.binding_syntax(b) else {
                    continue;
                };
                let node = ptr.to_node(root);
                let at = crate::header::name_offset(&node);
                let late_at = if call.kind == hir_ty::ImplicitKind::Destroy {
                    block_end(&node).unwrap_or(at)
                } else {
                    at
                };
                (ptr.text_range(), at, late_at)
            }
            // A constructor's or destructor's own subobjects: not checked yet.
            hir_ty::ImplicitSite::Owner => continue,
        };
        let target = match call.target {
            hir_ty::CallTarget::Item(item) => UseTarget::Call(hir_ty::Callee {
                item,
                kind: CalleeKind::Constructor,
                instance: None,
                class_instance: None,
            }),
            hir_ty::CallTarget::Special(member) => {
                // Where the implicit member's body would be generated: the end of the using
                // function (measured, spec 2.6).
                let end = root
                    .descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .filter(|t| t.kind() == R_CURLY)
                    .last()
                    .map_or(late_at, |t| u32::from(t.text_range().start()));
                out.push(CallUse {
                    range,
                    at,
                    late_at: end,
                    target: UseTarget::Special(member),
                });
                continue;
            }
        };
        out.push(CallUse {
            range,
            at,
            late_at,
            target,
        });
    }
    // `return v;` converting a class object to a non-class return type: its conversion
    // function (inference does not read the function's own signature).
    let ret = hir_ty::callable_sig(db, owner).as_ref().map(|s| s.ret);
    for (_, stmt) in body.stmts.iter() {
        let hir_def::hir::Stmt::Return(Some(e)) = stmt else {
            continue;
        };
        let (Some(ret), Some(ty), Some(ptr)) = (ret, result.type_of_expr(*e), map.expr_syntax(*e))
        else {
            continue;
        };
        let target = ret.strip_reference(db).unqualified(db);
        if ty
            .strip_reference(db)
            .unqualified(db)
            .as_class(db)
            .is_none()
            || target.as_class(db).is_some()
            || ty.is_dependent(db)
            || target.is_dependent(db)
            || ty.is_error(db)
            || target.is_error(db)
        {
            continue;
        }
        if let Some(f) = hir_ty::conversion::conversion_function(db, ty.strip_reference(db), ret) {
            let at = u32::from(ptr.text_range().start());
            out.push(CallUse {
                range: ptr.text_range(),
                at,
                late_at: at,
                target: UseTarget::Call(hir_ty::Callee {
                    item: f,
                    kind: CalleeKind::Function,
                    instance: None,
                    class_instance: None,
                }),
            });
        }
    }
    out.sort_by_key(|u| (u.range.start(), u.at));
    out
}

/// The operator token of an operator expression (`a + b`: the `+`).
fn operator_offset(root: &SyntaxNode, range: TextRange) -> u32 {
    let rowan::NodeOrToken::Node(node) = root.covering_element(range) else {
        return u32::from(range.start());
    };
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| !t.kind().is_trivia())
        .map_or(u32::from(range.start()), |t| {
            u32::from(t.text_range().start())
        })
}

/// The name of the variable a `(args)` or `{args}` initializer initializes.
fn declared_with(
    body: &hir_def::body::Body,
    map: &hir_def::body::BodySourceMap,
    root: &SyntaxNode,
    init: hir_def::hir::ExprId,
) -> Option<u32> {
    body.stmts.iter().find_map(|(_, stmt)| match stmt {
        hir_def::hir::Stmt::Decl(decls) | hir_def::hir::Stmt::TypeDecl { decls, .. } => {
            let d = decls.iter().find(|d| d.init == Some(init))?;
            let node = map.binding_syntax(d.binding)?.to_node(root);
            Some(crate::header::name_offset(&node))
        }
        _ => None,
    })
}

/// Where the device pass places a local's destruction: the last token before the closing
/// brace of its block (measured: the line of the block's last statement).
fn block_end(node: &SyntaxNode) -> Option<u32> {
    let block = node.ancestors().find(|n| n.kind() == COMPOUND_STMT)?;
    let last = block.last_token()?;
    if last.kind() != R_CURLY {
        return None;
    }
    let mut prev = last.prev_token();
    while let Some(t) = prev.as_ref().filter(|t| t.kind().is_trivia()) {
        prev = t.prev_token();
    }
    Some(u32::from(prev.unwrap_or(last).text_range().start()))
}

/// A device function's use of an implicit member (`S s;` whose `S::S` the compiler defines):
/// the member is generated for the device, and its own calls of host functions are reported
/// with it as the caller (`"S::S"`), at the end of the using function (spec 2.6).
fn implicit_member_uses<'db>(
    db: &'db dyn CheckDatabase,
    member: hir_ty::SpecialMember<'db>,
    late_at: u32,
    out: &mut Vec<ItemDiagnostic>,
) {
    let space = hir_ty::special::special_member_space(db, member);
    let caller = format!("\"{}\"", hir_ty::CallTarget::Special(member).display(db));
    for callee in hir_ty::special::implicit_member_calls(db, member) {
        let hir_ty::CallTarget::Item(item) = *callee else {
            continue;
        };
        if callee.exec_space(db) != ExecSpace::Host || item.extern_c(db) {
            continue;
        }
        let full = format!("\"{}\"", full_name(db, item));
        if space == ExecSpace::Host {
            out.push(
                ItemDiagnostic::error(m::H_D_CALL, &[&full, &caller], Passes::Device, late_at)
                    .late()
                    .exec_check(),
            );
            let ident = format!("\"{}\"", qualified(db, item));
            out.push(
                ItemDiagnostic::error(m::UNDEFINED_IN_DEVICE, &[&ident], Passes::Device, late_at)
                    .late(),
            );
        } else {
            out.push(
                ItemDiagnostic::discretionary(
                    m::H_HD_CALL,
                    Severity::Warning,
                    &[&full, &caller],
                    Passes::Device,
                    late_at,
                )
                .late()
                .exec_check(),
            );
        }
    }
}

#[salsa::tracked(returns(ref))]
pub fn call_diagnostics<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<ItemDiagnostic> {
    if item.kind(db) == ItemKind::ExplicitInstantiation {
        // `template int f<int>();` demands the instance as a call would.
        let mut out = Vec::new();
        // Of `__host__ __device__` templates, and of `__device__` ones the explicit
        // instantiation redeclares `__host__ __device__` (20037).
        if let Some((instance, _)) = crate::entity::widened_instantiation(db, item) {
            instance_calls(db, &[(instance, Some(ExecSpace::HostDevice))], &mut out);
        } else if let Some(instance) = hir_ty::specialization::explicit_instantiation(db, item)
            && *crate::entity::merged_exec_space(db, instance.template(db)) == ExecSpace::HostDevice
        {
            instance_calls(db, &[(instance, None)], &mut out);
        }
        return out;
    }
    if !crate::is_body_owner(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let caller = routine_decl(db, item).exec_space;
    let caller_name = format!("\"{}\"", item.name_text(db).unwrap_or(""));
    let templated = is_templated(db, item);
    let rdc = base_db::Options::try_get(db).is_some_and(|o| o.compile(db).relocatable_device_code);
    let relaxed = base_db::Options::try_get(db).is_some_and(|o| o.compile(db).relaxed_constexpr);
    let (body, map) = body_with_source_map(db, item);
    let result = infer(db, item);

    // Calls inside a lambda are the closure's `operator()`'s: a plain lambda's runs where the
    // enclosing function runs (a kernel's on the device), an extended one (`__device__`,
    // `__host__ __device__`, with `--extended-lambda`) where it says. An extended `__device__`
    // lambda's operator() is generated for the device only when the closure reaches a kernel
    // (measured: never launched, nvcc reports nothing in it). Unevaluated operands call
    // nothing.
    let mut excluded: Vec<TextRange> = Vec::new();
    let mut lambdas: Vec<(TextRange, String, ExecSpace)> = Vec::new();
    let launched = launched_lambdas(&body, &result);
    let mut instance = 0;
    for (id, expr) in body.exprs.iter() {
        if let Expr::Lambda(lambda) = expr
            && let Some(ptr) = map.expr_syntax(id)
        {
            instance += 1;
            let space = match crate::bodies::lambda_space(lambda) {
                None => match caller {
                    ExecSpace::Global => ExecSpace::Device,
                    s => s,
                },
                Some(ExecSpace::Device) if !launched.contains(&id) => {
                    excluded.push(ptr.text_range());
                    continue;
                }
                Some(s) => s,
            };
            let params: Vec<String> = lambda
                .params
                .iter()
                .filter_map(|b| result.type_of_binding(*b))
                .map(|t| t.to_source(db))
                .collect();
            let constness = if lambda.mutable { "" } else { " const" };
            let name = format!(
                "\"{}::[lambda({}) (instance {instance})]::operator (){constness}\"",
                full_name(db, item),
                params.join(", "),
            );
            lambdas.push((ptr.text_range(), name, space));
            continue;
        }
        let skip = matches!(
            expr,
            Expr::SizeOf(TypeOrExpr::Expr(_))
                | Expr::AlignOf(TypeOrExpr::Expr(_))
                | Expr::TypeId(TypeOrExpr::Expr(_))
                | Expr::Noexcept(_)
                | Expr::Decltype { .. }
        );
        if skip && let Some(ptr) = map.expr_syntax(id) {
            excluded.push(ptr.text_range());
        }
    }

    let mut out = Vec::new();
    let uses = call_uses(db, item, &root, &body, &map, &result);
    for u in uses {
        let range = u.range;
        if excluded.iter().any(|r| r.contains_range(range)) {
            continue;
        }
        // The innermost plain lambda around the call, if any: the caller is its operator().
        let lambda = lambdas
            .iter()
            .filter(|(r, _, _)| r.contains_range(range))
            .min_by_key(|(r, _, _)| r.len());
        let (caller, caller_name, device_caller_name) = match lambda {
            Some((_, long, space)) => (*space, "\"operator()\"".to_string(), long.clone()),
            None => (caller, caller_name.clone(), caller_name.clone()),
        };
        let (at, late_at) = (u.at, u.late_at);
        let callee = match u.target {
            UseTarget::Call(callee) => callee,
            UseTarget::Special(member) => {
                if matches!(caller, ExecSpace::Device | ExecSpace::Global) && !templated {
                    implicit_member_uses(db, member, late_at, &mut out);
                }
                continue;
            }
        };
        let target = routine_decl(db, callee.item);
        let space = *crate::entity::merged_exec_space(db, callee.item);
        if callee.kind == CalleeKind::KernelLaunch {
            if matches!(
                caller,
                ExecSpace::Device | ExecSpace::Global | ExecSpace::HostDevice
            ) && !rdc
                && !templated
            {
                out.push(ItemDiagnostic::error(
                    m::DEVICE_LAUNCH_NO_SEPCOMP,
                    &[],
                    Passes::Device,
                    at,
                ));
            }
            continue;
        }
        if space == ExecSpace::Global {
            out.push(ItemDiagnostic::error(
                m::CONFIGURATION,
                &["__global__", "must"],
                Passes::Both,
                at,
            ));
            continue;
        }
        if target.specifiers.is_consteval {
            continue;
        }
        let constexpr = target.specifiers.is_constexpr;
        if constexpr && relaxed {
            // `--expt-relaxed-constexpr`: constexpr functions may be called from either side.
            continue;
        }
        // C functions the CUDA headers also provide on the device (printf, malloc, memcpy...).
        let c_library = callee.item.extern_c(db) && space == ExecSpace::Host;
        let full = format!("\"{}\"", full_name(db, callee.item));
        let short = format!("\"{}\"", callee.item.name_text(db).unwrap_or(""));
        match (caller, space) {
            (ExecSpace::Host, ExecSpace::Device) => {
                let msg = if constexpr {
                    m::D_H_CALL_CONSTEXPR
                } else {
                    m::D_H_CALL
                };
                out.push(ItemDiagnostic::error(
                    msg,
                    &[&full, &caller_name],
                    Passes::Host,
                    at,
                ));
                if !constexpr && crate::header::deduced_return(db, callee.item) {
                    out.push(ItemDiagnostic::error(
                        m::AUTO_DEVICE_FN_REF,
                        &[&short, "outside the bodies of device functions"],
                        Passes::Host,
                        at,
                    ));
                }
            }
            (ExecSpace::HostDevice, ExecSpace::Device) => {
                let msg = if constexpr {
                    m::D_HD_CALL_CONSTEXPR
                } else {
                    m::D_HD_CALL
                };
                out.push(
                    ItemDiagnostic::error(msg, &[&full, &caller_name], Passes::Host, at)
                        .exec_check(),
                );
            }
            (ExecSpace::Device | ExecSpace::Global, ExecSpace::Host)
                if !templated && !c_library =>
            {
                let global = caller == ExecSpace::Global;
                if target.specifiers.is_virtual && callee.kind == CalleeKind::Method {
                    // A virtual call: reported while parsing, with the short name, and the
                    // function is not referenced as an identifier (no 20068).
                    let msg = if global { m::H_G_CALL } else { m::H_D_CALL };
                    out.push(ItemDiagnostic::error(
                        msg,
                        &[&short, &device_caller_name],
                        Passes::Device,
                        at,
                    ));
                } else if constexpr {
                    let msg = if global {
                        m::H_G_CALL_CONSTEXPR
                    } else {
                        m::H_D_CALL_CONSTEXPR
                    };
                    out.push(ItemDiagnostic::error(
                        msg,
                        &[&short, &device_caller_name],
                        Passes::Device,
                        at,
                    ));
                } else {
                    let msg = if global { m::H_G_CALL } else { m::H_D_CALL };
                    out.push(
                        ItemDiagnostic::error(
                            msg,
                            &[&full, &device_caller_name],
                            Passes::Device,
                            late_at,
                        )
                        .late()
                        .exec_check(),
                    );
                    let ident = format!(
                        "\"{}{}\"",
                        qualified(db, callee.item),
                        const_suffix(db, callee.item)
                    );
                    out.push(
                        ItemDiagnostic::error(
                            m::UNDEFINED_IN_DEVICE,
                            &[&ident],
                            Passes::Device,
                            late_at,
                        )
                        .late(),
                    );
                }
            }
            (ExecSpace::HostDevice, ExecSpace::Host) if !templated && !c_library => {
                if constexpr {
                    out.push(ItemDiagnostic::discretionary(
                        m::H_HD_CALL_CONSTEXPR,
                        Severity::Warning,
                        &[&short, &device_caller_name],
                        Passes::Device,
                        at,
                    ));
                } else {
                    out.push(
                        ItemDiagnostic::discretionary(
                            m::H_HD_CALL,
                            Severity::Warning,
                            &[&full, &device_caller_name],
                            Passes::Device,
                            late_at,
                        )
                        .late()
                        .exec_check(),
                    );
                }
            }
            _ => {}
        }
    }
    if !templated {
        // The default arguments the body's calls use, checked as this body's calls.
        for (id, expr) in body.exprs.iter() {
            let Expr::Call { callee, .. } = expr else {
                continue;
            };
            let Some(range) = map.expr_syntax(id).map(|p| p.text_range()) else {
                continue;
            };
            if excluded.iter().any(|r| r.contains_range(range)) {
                continue;
            }
            let lambda = lambdas
                .iter()
                .filter(|(r, _, _)| r.contains_range(range))
                .min_by_key(|(r, _, _)| r.len());
            let (space, name) = match lambda {
                Some((_, long, space)) => (*space, long.as_str()),
                None => (caller, caller_name.as_str()),
            };
            let at = map
                .expr_syntax(*callee)
                .map_or(u32::from(range.start()), |p| {
                    callee_offset(&root, p.text_range())
                });
            let site = crate::default_arguments::CallSite {
                at,
                caller: space,
                caller_name: name,
            };
            crate::default_arguments::default_argument_calls(
                db, &body, &result, id, &site, &mut out,
            );
        }
    }
    if matches!(caller, ExecSpace::Device | ExecSpace::Global) && !templated {
        function_references(db, &body, &map, &result, &excluded, &mut out);
    }
    if !templated {
        let demanded: Vec<_> = result.instances().iter().map(|i| (*i, None)).collect();
        instance_calls(db, &demanded, &mut out);
        crate::instantiations::dependent_host_calls(
            db, item, &root, &map, &result, &excluded, &mut out,
        );
    }
    // The late phase prints in source order of the places (a local's destruction at its
    // block's end); the parse phase keeps the calls' order.
    out.sort_by_key(|d| if d.phase == Phase::Late { d.offset } else { 0 });
    out
}

/// The lambda expressions whose closure a kernel launch of the body receives: as an argument,
/// or through a local the lambda initializes.
fn launched_lambdas(
    body: &hir_def::body::Body,
    result: &hir_ty::InferenceResult<'_>,
) -> Vec<hir_def::hir::ExprId> {
    let is_lambda = |e: hir_def::hir::ExprId| matches!(body.exprs[e], Expr::Lambda(_));
    let mut out = Vec::new();
    for (_, expr) in body.exprs.iter() {
        let Expr::KernelLaunch { args, .. } = expr else {
            continue;
        };
        for &arg in args.iter() {
            if is_lambda(arg) {
                out.push(arg);
            } else if let Some(hir_ty::Resolution::Binding(b)) = result.resolution(arg) {
                out.extend(body.stmts.iter().filter_map(|(_, stmt)| {
                    match stmt {
                        hir_def::hir::Stmt::Decl(decls) => decls
                            .iter()
                            .find(|d| d.binding == *b)
                            .and_then(|d| d.init)
                            .filter(|&init| is_lambda(init)),
                        _ => None,
                    }
                }));
            }
        }
    }
    out
}

/// A host function named without being called in device code (`&h`, `p = h`): the device
/// pass's late 20068 alone (spec 2.5), as for any host entity the device code references.
fn function_references<'db>(
    db: &'db dyn CheckDatabase,
    body: &hir_def::body::Body,
    map: &hir_def::body::BodySourceMap,
    result: &hir_ty::InferenceResult<'db>,
    excluded: &[TextRange],
    out: &mut Vec<ItemDiagnostic>,
) {
    let called: Vec<hir_def::hir::ExprId> = body
        .exprs
        .iter()
        .filter_map(|(_, e)| match e {
            Expr::Call { callee, .. } | Expr::KernelLaunch { callee, .. } => Some(*callee),
            _ => None,
        })
        .collect();
    for (id, expr) in body.exprs.iter() {
        if !matches!(expr, Expr::Path(_)) || called.contains(&id) {
            continue;
        }
        let function = match result.resolution(id) {
            Some(hir_ty::Resolution::Item(f)) => *f,
            Some(hir_ty::Resolution::Overloads(set)) if set.len() == 1 => set[0],
            _ => continue,
        };
        if function.kind(db) != ItemKind::Routine {
            continue;
        }
        let Some(ptr) = map.expr_syntax(id) else {
            continue;
        };
        if excluded.iter().any(|r| r.contains_range(ptr.text_range())) {
            continue;
        }
        let target = routine_decl(db, function);
        let space = *crate::entity::merged_exec_space(db, function);
        if space != ExecSpace::Host
            || function.extern_c(db)
            || target.specifiers.is_constexpr
            || target.specifiers.is_consteval
        {
            continue;
        }
        let ident = format!(
            "\"{}{}\"",
            qualified(db, function),
            const_suffix(db, function)
        );
        out.push(
            ItemDiagnostic::error(
                m::UNDEFINED_IN_DEVICE,
                &[&ident],
                Passes::Device,
                u32::from(ptr.text_range().start()),
            )
            .late(),
        );
    }
}

/// The items a body names or calls: what makes an internal function "referenced" (rule P7,
/// and message 177).
#[salsa::tracked(returns(ref))]
pub fn body_references<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<Item<'db>> {
    if hir_def::source::body_owner_kind(db, item).is_none() {
        return Vec::new();
    }
    let body = hir_def::body::body(db, item);
    let result = infer(db, item);
    let mut out = Vec::new();
    for (id, _) in body.exprs.iter() {
        if let Some(c) = result.callee(id) {
            out.push(c);
        }
        match result.resolution(id) {
            Some(hir_ty::Resolution::Item(i)) => out.push(*i),
            Some(hir_ty::Resolution::Overloads(list)) => out.extend(list.iter().copied()),
            _ => {}
        }
    }
    out.sort_by_key(salsa::plumbing::AsId::as_id);
    out.dedup();
    out
}
