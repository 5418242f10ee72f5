//! Rules on what a function body declares and does, over hir-def's lowered body: local
//! variables with memory-space qualifiers (20026, 20027, 20053, 20120, 20192, 20211, 20114),
//! exception handling in device code (20060) and `__host__`/`__device__` on lambdas without
//! `--extended-lambda` (20155). One query per item, [`body_diagnostics`]: editing one body
//! re-runs this check for that item only.
use hir_def::body::body_with_source_map;
use hir_def::hir::{BindingKind, Expr, ExprId, Stmt};
use il::cuda::{ExecSpace, MemorySpace};
use il::decl::routine_decl;
use il::{Item, ItemKind};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::messages as m;

#[salsa::tracked(returns(ref))]
pub fn body_diagnostics<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<ItemDiagnostic> {
    if item.kind(db) == ItemKind::Variable {
        return initializer_diagnostics(db, item);
    }
    if !crate::is_body_owner(db, item) {
        return Vec::new();
    }
    let space = routine_decl(db, item).exec_space;
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let (body, map) = body_with_source_map(db, item);
    let extended_lambda =
        base_db::Options::try_get(db).is_some_and(|o| o.compile(db).extended_lambda);
    let mut found: Vec<(u32, u32, ItemDiagnostic)> = Vec::new();
    let mut push = |d: ItemDiagnostic| {
        let seq = found.len() as u32;
        found.push((d.offset, seq, d));
    };
    let on_device = matches!(space, ExecSpace::Device | ExecSpace::Global);
    let on_host = space == ExecSpace::Host;

    // Locals by their declarations.
    let mut range_for_vars = Vec::new();
    for (_, stmt) in body.stmts.iter() {
        if let Stmt::RangeFor { decl, .. } = stmt
            && let Stmt::Decl(decls) = &body.stmts[*decl]
        {
            range_for_vars.extend(decls.iter().map(|d| d.binding));
        }
    }
    for (_, stmt) in body.stmts.iter() {
        let decls = match stmt {
            Stmt::Decl(decls) => decls,
            Stmt::TypeDecl { decls, .. } => decls,
            _ => continue,
        };
        for local in decls.iter() {
            let binding = &body.bindings[local.binding];
            if binding.kind == BindingKind::StructuredBinding {
                // Every name of `[a, b]` is a binding of the one declarator: the first one.
                if on_device && local.init.is_some() {
                    structured_binding(&body, &map, &root, local, &mut push);
                }
                continue;
            }
            if !matches!(binding.kind, BindingKind::Local | BindingKind::RangeFor) {
                continue;
            }
            let Some(ptr) = map.binding_syntax(local.binding) else {
                continue;
            };
            let node = ptr.to_node(&root);
            let name_at = crate::header::name_offset(&node);
            let has = |a: &str| binding.attrs.iter().any(|x| &**x == a);
            let flags = binding.flags;
            let memory = ["device", "constant", "managed", "shared"]
                .into_iter()
                .find(|a| has(a));
            if let Some(memory) = memory {
                let word = format!("\"__{memory}__\"");
                let automatic = !flags.is_static && memory != "shared";
                let how = if automatic {
                    "an automatic"
                } else {
                    "a static"
                };
                if on_host && !flags.is_extern {
                    push(ItemDiagnostic::error(
                        m::LOCAL_IN_HOST_FUNCTION,
                        &[how, &word],
                        Passes::Host,
                        name_at,
                    ));
                    continue;
                }
                if on_device && automatic && !flags.is_extern {
                    push(ItemDiagnostic::error(
                        m::LOCAL_IN_DEVICE_FUNCTION,
                        &[how, &word],
                        Passes::Device,
                        name_at,
                    ));
                    continue;
                }
            }
            if on_device
                && flags.is_static
                && !has("shared")
                && let Some(init) = local.init
                && calls_non_constexpr(db, item, init)
            {
                push(ItemDiagnostic::error(
                    m::STATIC_DYNAMIC_INIT,
                    &["__device__"],
                    Passes::Device,
                    name_at,
                ));
            }
            if has("shared") {
                if on_device
                    && flags.is_extern
                    && !node.descendants().any(|n| n.kind() == ARRAY_SUFFIX)
                {
                    // `extern __shared__ int one;`: cicc makes it a definition (late, no echo).
                    let name = binding.name.as_deref().unwrap_or("");
                    push(
                        ItemDiagnostic::discretionary(
                            m::EXTERN_TREATED_AS_STATIC,
                            crate::messages::Severity::Warning,
                            &[name],
                            Passes::Device,
                            name_at,
                        )
                        .late(),
                    );
                }
                if range_for_vars.contains(&local.binding) {
                    push(ItemDiagnostic::error(
                        m::SHARED_RANGE_FOR,
                        &[],
                        Passes::Both,
                        name_at,
                    ));
                    continue;
                }
                if flags.is_constexpr {
                    let attr = attr_offset(&node, "shared").unwrap_or(name_at);
                    push(ItemDiagnostic::error(
                        m::DEVICE_VAR_CONSTEXPR,
                        &["__shared__"],
                        Passes::Both,
                        attr,
                    ));
                }
                if local.init.is_some() {
                    push(ItemDiagnostic::error(
                        m::ILLEGAL_INIT,
                        &["__shared__", ""],
                        Passes::Both,
                        name_at,
                    ));
                }
                if on_device && zero_sized(&node) {
                    let name = binding.name.as_deref().unwrap_or("");
                    push(ItemDiagnostic::error(
                        m::ZERO_SIZE_VAR,
                        &[&format!("\"{name}\"")],
                        Passes::Device,
                        name_at,
                    ));
                }
            }
            if on_device && flags.is_thread_local {
                let at = node
                    .ancestors()
                    .find(|n| n.kind() == SIMPLE_DECLARATION)
                    .map_or(name_at, |d| u32::from(d.text_range().start()));
                push(ItemDiagnostic::error(
                    m::THREAD_LOCAL_IN_DEVICE,
                    &[],
                    Passes::Device,
                    at,
                ));
            }
        }
    }

    // Exception handling in device code.
    if on_device {
        for (id, expr) in body.exprs.iter() {
            if let Expr::Throw(_) = expr
                && let Some(ptr) = map.expr_syntax(id)
            {
                push(ItemDiagnostic::error(
                    m::NO_EXCEPTIONS,
                    &[],
                    Passes::Device,
                    u32::from(ptr.text_range().start()),
                ));
            }
        }
        for (id, stmt) in body.stmts.iter() {
            if let Stmt::Try { .. } = stmt
                && let Some(ptr) = map.stmt_syntax(id)
            {
                push(ItemDiagnostic::error(
                    m::NO_EXCEPTIONS,
                    &[],
                    Passes::Device,
                    u32::from(ptr.text_range().start()),
                ));
            }
        }
    }

    // `[] __device__ (...)` without --extended-lambda.
    if !extended_lambda {
        for (id, expr) in body.exprs.iter() {
            let Expr::Lambda(lambda) = expr else { continue };
            if lambda_space(lambda).is_none() {
                continue;
            }
            let Some(ptr) = map.expr_syntax(id) else {
                continue;
            };
            let node = ptr.to_node(&root);
            let at = node
                .descendants()
                .find(|n| n.kind() == PARAM_LIST)
                .map_or(u32::from(node.text_range().start()), |p| {
                    u32::from(p.text_range().start())
                });
            push(ItemDiagnostic::error(
                m::EXTENDED_LAMBDA_DISALLOWED,
                &[],
                Passes::Both,
                at,
            ));
        }
    }
    if extended_lambda {
        reference_captures(db, item, &root, &body, &map, &mut push);
    }
    let mut names = Vec::new();
    crate::referenced_names::in_body(db, item, &root, &mut names);
    crate::kernel_args::in_body(db, item, &body, &map, &mut names);
    names.into_iter().for_each(&mut push);
    found.sort_by_key(|(offset, seq, _)| (*offset, *seq));
    found.into_iter().map(|(_, _, d)| d).collect()
}

/// 20136: an extended lambda captures by reference. An explicit `&x` (or `&x = e`) is
/// reported at its `&`; a `[&]` default at the lambda's body, and again at every name of the
/// body it captures that way (a local of the enclosing function not captured explicitly): at
/// its first use only.
fn reference_captures<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
    root: &SyntaxNode,
    body: &hir_def::body::Body,
    map: &hir_def::body::BodySourceMap,
    push: &mut impl FnMut(ItemDiagnostic),
) {
    use rowan::ast::AstNode as _;
    let mut inference = None;
    for (id, expr) in body.exprs.iter() {
        let Expr::Lambda(lambda) = expr else { continue };
        let kind = match lambda_space(lambda) {
            Some(ExecSpace::Device) => "__device__",
            Some(ExecSpace::HostDevice) => "__host__ __device__",
            _ => continue,
        };
        let Some(node) = map.expr_syntax(id).map(|p| p.to_node(root)) else {
            continue;
        };
        let Some(ast) = syntax::ast::LambdaExpr::cast(node.clone()) else {
            continue;
        };
        let error = |at: u32| {
            ItemDiagnostic::error(
                m::EXTENDED_LAMBDA_REFERENCE_CAPTURE,
                &[kind],
                Passes::Both,
                at,
            )
        };
        let mut default_ref = false;
        let mut explicit: Vec<&str> = Vec::new();
        for (capture, syntax) in lambda.captures.iter().zip(ast.captures()) {
            // At the captured name (measured: `[&x]`'s caret is under `x`).
            let at = u32::from(
                syntax
                    .name()
                    .map_or(syntax.syntax().text_range(), |t| t.text_range())
                    .start(),
            );
            match capture {
                hir_def::hir::Capture::DefaultRef => default_ref = true,
                &hir_def::hir::Capture::Name {
                    ref name, by_ref, ..
                } => {
                    explicit.push(&**name);
                    if by_ref {
                        push(error(at));
                    }
                }
                hir_def::hir::Capture::Init { by_ref: true, .. } => push(error(at)),
                _ => {}
            }
        }
        if !default_ref {
            continue;
        }
        let Some(block) = map.stmt_syntax(lambda.body) else {
            continue;
        };
        let block = block.text_range();
        push(error(u32::from(block.start())));
        let result = inference.get_or_insert_with(|| hir_ty::infer(db, item));
        let lambda_range = node.text_range();
        let mut uses: Vec<(u32, hir_def::hir::BindingId)> = Vec::new();
        for (use_id, use_expr) in body.exprs.iter() {
            let Expr::Path(_) = use_expr else { continue };
            let Some(hir_ty::Resolution::Binding(b)) = result.resolution(use_id) else {
                continue;
            };
            let (Some(at), Some(declared)) = (map.expr_syntax(use_id), map.binding_syntax(*b))
            else {
                continue;
            };
            let captured = block.contains_range(at.text_range())
                && !lambda_range.contains_range(declared.text_range())
                && !body.bindings[*b]
                    .name
                    .as_deref()
                    .is_some_and(|n| explicit.contains(&n));
            if captured {
                uses.push((u32::from(at.text_range().start()), *b));
            }
        }
        uses.sort_by_key(|(at, _)| *at);
        let mut reported = Vec::new();
        for (at, b) in uses {
            if !reported.contains(&b) {
                reported.push(b);
                push(error(at));
            }
        }
    }
}

/// A namespace-scope `__device__`/`__constant__` variable whose initializer calls a
/// non-constexpr function: cicc cannot initialize it statically (20061).
fn initializer_diagnostics(db: &dyn CheckDatabase, item: Item<'_>) -> Vec<ItemDiagnostic> {
    let facts = il::decl::variable_decl(db, item);
    let space = match facts.memory_space {
        MemorySpace::Device => "__device__",
        MemorySpace::Constant => "__constant__",
        _ => return Vec::new(),
    };
    if item
        .parent(db)
        .is_some_and(|p| p.kind(db) != ItemKind::Namespace)
        || hir_def::source::body_owner_kind(db, item).is_none()
    {
        return Vec::new();
    }
    let Some(init) = hir_def::body::body(db, item).init_expr else {
        return Vec::new();
    };
    if !calls_non_constexpr(db, item, init) {
        return Vec::new();
    }
    let root = SyntaxNode::new_root(item.header(db).clone());
    let Some(at) = crate::header::declaration(&root)
        .and_then(|d| crate::header::declarator(&d.node, item.name_text(db)))
        .and_then(|d| crate::header::declarator_name(&d))
        .map(|(_, at)| at)
    else {
        return Vec::new();
    };
    vec![ItemDiagnostic::error(
        m::NO_DYNAMIC_INIT,
        &[space],
        Passes::Device,
        at,
    )]
}

/// Whether the expression `init` of `item`'s body calls a function that is neither constexpr
/// nor consteval (then a static is initialized dynamically).
pub fn calls_non_constexpr(db: &dyn CheckDatabase, item: Item<'_>, init: ExprId) -> bool {
    let (body, _) = body_with_source_map(db, item);
    let result = hir_ty::infer(db, item);
    let mut stack = vec![init];
    while let Some(e) = stack.pop() {
        if let Some(callee) = result.callee(e) {
            let facts = routine_decl(db, callee);
            if !facts.specifiers.is_constexpr && !facts.specifiers.is_consteval {
                return true;
            }
        }
        stack.extend(body.exprs[e].child_exprs());
    }
    false
}

/// The offset of the declared name in a local's `INIT_DECLARATOR` (or declarator).
/// A structured binding declared in a device function with a memory space: 20121 at its `[`,
/// and for `__shared__` the initializer's 20053 there too (measured: no 20027 for an
/// automatic `__device__` one).
fn structured_binding(
    body: &hir_def::body::Body,
    map: &hir_def::body::BodySourceMap,
    root: &SyntaxNode,
    local: &hir_def::hir::LocalDecl,
    push: &mut impl FnMut(ItemDiagnostic),
) {
    let binding = &body.bindings[local.binding];
    let Some(node) = map.binding_syntax(local.binding).map(|p| p.to_node(root)) else {
        return;
    };
    let Some(bracket) = crate::header::structured_binding_bracket(&node) else {
        return;
    };
    let attrs: Vec<_> = binding
        .attrs
        .iter()
        .filter(|a| matches!(&***a, "device" | "constant" | "shared" | "managed"))
        .map(|a| crate::header::Attr {
            name: a.to_string(),
            offset: bracket,
        })
        .collect();
    if attrs.is_empty() {
        return;
    }
    push(ItemDiagnostic::error(
        m::DEVICE_STRUCTURED_BINDING,
        &[crate::declarations::space_word(&attrs)],
        Passes::Both,
        bracket,
    ));
    if attrs.iter().any(|a| a.name == "shared") {
        push(ItemDiagnostic::error(
            m::ILLEGAL_INIT,
            &["__shared__", ""],
            Passes::Both,
            bracket,
        ));
    }
}

/// The offset of attribute `name` on the declaration holding a local's declarator.
fn attr_offset(node: &SyntaxNode, name: &str) -> Option<u32> {
    let decl = node.ancestors().find(|n| n.kind() == SIMPLE_DECLARATION)?;
    crate::header::attrs_of(&decl)
        .into_iter()
        .find(|a| a.name == name)
        .map(|a| a.offset)
}

/// `x[0]`: an array of zero elements.
fn zero_sized(node: &SyntaxNode) -> bool {
    node.descendants()
        .filter(|n| n.kind() == ARRAY_SUFFIX)
        .any(|s| {
            let toks = crate::header::tokens(&s);
            toks.len() == 3 && toks[1].text() == "0"
        })
}

/// The execution space an annotated (extended) lambda's `operator()` declares: `None` for a
/// plain lambda.
pub(crate) fn lambda_space(lambda: &hir_def::hir::Lambda) -> Option<ExecSpace> {
    let has = |names: [&str; 2]| lambda.attrs.iter().any(|a| names.contains(&&**a));
    match (has(["host", "__host__"]), has(["device", "__device__"])) {
        (false, false) => None,
        (true, false) => Some(ExecSpace::Host),
        (false, true) => Some(ExecSpace::Device),
        (true, true) => Some(ExecSpace::HostDevice),
    }
}
