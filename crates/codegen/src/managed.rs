//! Host uses of `__managed__` variables. The host shadow of a managed variable is a pointer the
//! runtime sets once the module is loaded ([`crate::variable`]); cudafe++ rewrites every use in
//! host code to initialize the runtime first and read through it:
//! `(*( (__nv_inited_managed_rt ? (void)0: __nv_init_managed_rt()), (v)))`.
//!
//! Which names are uses is the semantic model's answer: the body is lowered by `hir-def`, and a
//! name is the variable when the body's scopes do not bind it and the namespace lookup from the
//! function's namespace finds a managed variable.
use std::collections::BTreeSet;
use std::ops::ControlFlow;

use base_db::SourceFile;
use hir_def::body::scope::ExprScopes;
use hir_def::hir::Expr;
use il::ItemKind;
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::CodegenDatabase;
use crate::edits::Edits;

/// The managed variables of the unit: (namespace path as [`crate::namespaces`] spells it, name).
#[salsa::tracked(returns(ref))]
pub fn managed_variables(db: &dyn CodegenDatabase, file: SourceFile) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    // Members of classes are not found by the namespace lookup of `rewrite_uses`.
    crate::namespaces::walk_namespace_scopes(db, file, &mut |item, path| {
        if item.kind(db) == ItemKind::Variable
            && il::decl::variable_decl(db, item).memory_space == il::cuda::MemorySpace::Managed
            && let Some(name) = item.name_text(db)
        {
            out.insert((path.to_string(), name.to_string()));
        }
        ControlFlow::<()>::Continue(())
    });
    out
}

/// Rewrites the uses of managed variables in a host function definition.
pub(crate) fn rewrite_uses(
    db: &dyn CodegenDatabase,
    file: SourceFile,
    namespace_path: &str,
    def: &SyntaxNode,
    text: &str,
    edits: &mut Edits,
) {
    let managed = managed_variables(db, file);
    if managed.is_empty() {
        return;
    }
    let names: BTreeSet<&str> = managed.iter().map(|(_, n)| n.as_str()).collect();
    let (body, map) = hir_def::body::lower_function_definition(def);
    let scopes = ExprScopes::new(&body);
    // The operands of `decltype` in declarations are the loop's below.
    let decltypes: Vec<rowan::TextRange> = body
        .exprs
        .iter()
        .filter(|(_, e)| matches!(e, Expr::Decltype { .. }))
        .filter_map(|(id, _)| map.expr_syntax(id).map(|p| p.text_range()))
        .collect();
    for (expr, data) in body.exprs.iter() {
        let Expr::Path(path) = data else { continue };
        if map
            .expr_syntax(expr)
            .is_some_and(|p| decltypes.iter().any(|r| r.contains_range(p.text_range())))
        {
            continue;
        }
        let Some((last, qualifier)) = path.segments.split_last() else {
            continue;
        };
        let name = &*last.name;
        if last.args.is_some()
            || !names.contains(name)
            || qualifier.iter().any(|s| s.args.is_some())
        {
            continue;
        }
        // A local of that name hides the variable.
        if !path.global
            && qualifier.is_empty()
            && scopes
                .scope_for_expr(expr)
                .is_some_and(|scope| scopes.resolve_name(scope, name).is_some())
        {
            continue;
        }
        let written: Vec<&str> = qualifier.iter().map(|s| &*s.name).collect();
        let members = crate::namespaces::namespace_members(db, file);
        let found = crate::namespaces::lookup(members, namespace_path, path.global, &written, name);
        if !found.is_some_and(|ns| managed.contains(&(ns, name.to_string()))) {
            continue;
        }
        let Some(ptr) = map.expr_syntax(expr) else {
            continue;
        };
        let root = def.ancestors().last().unwrap_or_else(|| def.clone());
        read_through_pointer(&ptr.to_node(&root), text, edits);
    }
    // `decltype((v))` in a declaration of the body (`Expr::Decltype`, skipped above): the
    // operand is rewritten too, as cudafe++ does (`__decltype(((*( ... , (v)))))`): its type
    // is then `T&`, what the program means. (`decltype(v)` is an error of the front end.)
    for spec in def.descendants().filter(|n| n.kind() == DECLTYPE_SPEC) {
        let Some(name) = spec
            .children()
            .find(|n| n.kind() == PAREN_EXPR)
            .and_then(|p| p.children().find(|n| n.kind() == ID_EXPR))
            .filter(|e| e.children().count() == 1)
        else {
            continue;
        };
        let spelled = name.text().to_string();
        if !names.contains(spelled.as_str()) {
            continue;
        }
        // A local of that name hides the variable (`float m; decltype((m))`).
        if let Some(operand) = map.node_expr(&name)
            && scopes
                .scope_for_expr(operand)
                .is_some_and(|scope| scopes.resolve_name(scope, &spelled).is_some())
        {
            continue;
        }
        let members = crate::namespaces::namespace_members(db, file);
        let found = crate::namespaces::lookup(members, namespace_path, false, &[], &spelled);
        if found.is_some_and(|ns| managed.contains(&(ns, spelled.clone()))) {
            read_through_pointer(&name, text, edits);
        }
    }
}

/// `v` → `(*( (__nv_inited_managed_rt ? (void)0: __nv_init_managed_rt()), (v)))`.
fn read_through_pointer(node: &SyntaxNode, text: &str, edits: &mut Edits) {
    let spelled = node.text().to_string();
    edits.replace_verbatim(
        text,
        node.text_range(),
        format!("(*( (__nv_inited_managed_rt ? (void)0: __nv_init_managed_rt()), ({spelled})))"),
    );
}
