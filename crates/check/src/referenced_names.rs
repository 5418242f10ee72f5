//! Names referenced where no body is evaluated: in declarations (a variable's type and
//! initializer, a parameter's type, an alias, a data member) and in the unevaluated operands
//! (`decltype`, `sizeof`, `alignof`, `noexcept`, `typeid`) of bodies. cudafe++ checks two
//! rules on them, both measured with nvcc 13.0.88:
//!
//! - 20166: a non-constexpr `__device__` function with a deduced return type referenced outside
//!   the bodies of device functions (at the name's last segment). In host bodies the evaluated
//!   calls are `calls.rs`'s; here only the unevaluated operands of non-device bodies, and every
//!   reference in declarations (a kernel's parameter types too).
//! - `decltype(m)` of a `__managed__` variable `m` named by an unparenthesized id-expression
//!   (at the id-expression), anywhere.
//!
//! Names are resolved by il's lookup from the item's scope. A name some declaration of the
//! item's tree could bind instead (a parameter, a local, a template parameter) is left alone:
//! these rules never guess.
use il::cuda::{ExecSpace, MemorySpace};
use il::decl::{routine_decl, variable_decl};
use il::lookup::{ScopeRef, lookup_path, name_segments};
use il::{Item, ItemKind};
use rustc_hash::FxHashSet;
use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::header;
use crate::messages as m;

/// The names referenced in `item`'s declaration (its header tree `root`): every id-expression
/// (a declaration is outside any body) for 20166, those of `decltype` for the managed rule.
/// Declarators sharing one header (`int a = f(), b;`) report what is outside the declarators
/// once, with the first.
pub(crate) fn in_declaration(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    root: &SyntaxNode,
    out: &mut Vec<ItemDiagnostic>,
) {
    let shadows = declared_names(root);
    let scope = lookup_scope(db, item);
    let Some(decl) = header::declaration(root) else {
        // An alias (`using T = decltype(f());`): one name, one declaration.
        for expr in root.descendants().filter(|n| n.kind() == ID_EXPR) {
            check_name(db, scope, &expr, &shadows, true, out);
        }
        return;
    };
    let own = header::declarator(&decl.node, item.name_text(db))
        .and_then(|d| header::init_declarator(&d).or(Some(d)));
    let first = decl
        .node
        .children()
        .find(|n| matches!(n.kind(), INIT_DECLARATOR | DECLARATOR));
    for expr in root.descendants().filter(|n| n.kind() == ID_EXPR) {
        let declarator = expr
            .ancestors()
            .find(|a| a.parent().is_some_and(|p| p == decl.node))
            .filter(|a| matches!(a.kind(), INIT_DECLARATOR | DECLARATOR));
        let mine = match &declarator {
            Some(d) => own.as_ref() == Some(d),
            None => own.is_none() || own == first,
        };
        if mine {
            check_name(db, scope, &expr, &shadows, true, out);
        }
    }
}

/// The names referenced in `item`'s body (`root`: its definition tree): those of `decltype`
/// for the managed rule, and in a body not compiled for the device only, those of the
/// unevaluated operands for 20166. The members of local classes are items of their own.
pub(crate) fn in_body(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    root: &SyntaxNode,
    out: &mut Vec<ItemDiagnostic>,
) {
    let Some(def) = hir_def::source::function_def(root) else {
        return;
    };
    let def = rowan::ast::AstNode::syntax(&def).clone();
    let space = *crate::entity::merged_exec_space(db, item);
    let device_body = matches!(space, ExecSpace::Device | ExecSpace::Global);
    let shadows = declared_names(root);
    let scope = lookup_scope(db, item);
    for part in def.children().filter(|n| {
        matches!(
            n.kind(),
            COMPOUND_STMT | FUNCTION_TRY_BLOCK | CTOR_INITIALIZER
        )
    }) {
        let mut walk = part.preorder();
        while let Some(event) = walk.next() {
            let rowan::WalkEvent::Enter(node) = event else {
                continue;
            };
            if node.kind() == MEMBER_LIST {
                walk.skip_subtree();
                continue;
            }
            if node.kind() != ID_EXPR {
                continue;
            }
            let unevaluated = !device_body
                && node.ancestors().take_while(|a| a != &part).any(|a| {
                    matches!(
                        a.kind(),
                        DECLTYPE_SPEC | SIZEOF_EXPR | ALIGNOF_EXPR | NOEXCEPT_EXPR | TYPEID_EXPR
                    )
                })
                && !inside_annotated_lambda(&node, &part);
            check_name(db, scope, &node, &shadows, unevaluated, out);
        }
    }
}

/// One id-expression: the managed rule when it is `decltype`'s whole operand, 20166 when
/// `auto_fn` (the reference is outside device bodies).
fn check_name(
    db: &dyn CheckDatabase,
    scope: ScopeRef<'_>,
    expr: &SyntaxNode,
    shadows: &FxHashSet<String>,
    auto_fn: bool,
    out: &mut Vec<ItemDiagnostic>,
) {
    let Some(name) = expr
        .children()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
    else {
        return;
    };
    let (global, segments) = name_segments(&name);
    let Some(first) = segments.first() else {
        return;
    };
    if !global && shadows.contains(first) {
        return;
    }
    let decltype_operand = expr.parent().is_some_and(|p| p.kind() == DECLTYPE_SPEC);
    if !decltype_operand && !auto_fn {
        return;
    }
    let found = lookup_path(db, scope, global, &segments);
    if found.is_empty() {
        return;
    }
    if decltype_operand
        && found.iter().all(|&v| {
            v.kind(db) == ItemKind::Variable
                && variable_decl(db, v).memory_space == MemorySpace::Managed
        })
    {
        out.push(ItemDiagnostic::error(
            m::MANAGED_DECLTYPE,
            &[],
            Passes::Host,
            u32::from(expr.text_range().start()),
        ));
        return;
    }
    if auto_fn
        && found.iter().all(|&f| {
            matches!(f.kind(db), ItemKind::Routine)
                && *crate::entity::merged_exec_space(db, f) == ExecSpace::Device
                && !routine_decl(db, f).specifiers.is_constexpr
                && header::deduced_return(db, f)
        })
    {
        let last = name
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| t.kind() == IDENT)
            .last();
        let Some(last) = last else { return };
        out.push(ItemDiagnostic::error(
            m::AUTO_DEVICE_FN_REF,
            &[
                &format!("\"{}\"", last.text()),
                "outside the bodies of device functions",
            ],
            Passes::Host,
            u32::from(last.text_range().start()),
        ));
    }
}

/// Where `item`'s names are looked up: its scope, or for an out-of-class member definition
/// (`void S::f() {}`) the class of the member it defines.
fn lookup_scope<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> ScopeRef<'db> {
    let item = il::lookup::defined_member(db, item).unwrap_or(item);
    item.parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item)
}

/// The names a declaration inside `root` introduces (parameters, locals, template parameters,
/// structured bindings, lambda captures' names alike): a reference to one of them may denote
/// it, so lookup from the item's scope would not say what the name denotes.
fn declared_names(root: &SyntaxNode) -> FxHashSet<String> {
    let mut names = FxHashSet::default();
    for node in root.descendants() {
        match node.kind() {
            DECLARATOR => {
                if let Some((name, _)) = header::declarator_name(&node) {
                    names.insert(name);
                }
                for t in node.children_with_tokens().filter_map(|t| t.into_token()) {
                    if t.kind() == IDENT {
                        names.insert(t.text().to_string());
                    }
                }
            }
            TYPE_PARAM | TEMPLATE_PARAM_LIST | LAMBDA_EXPR => {
                for t in node.children_with_tokens().filter_map(|t| t.into_token()) {
                    if t.kind() == IDENT {
                        names.insert(t.text().to_string());
                    }
                }
            }
            _ => {}
        }
    }
    names
}

/// Inside a lambda annotated `__device__` or `__host__ __device__` (an extended lambda, whose
/// body may be compiled for the device).
fn inside_annotated_lambda(node: &SyntaxNode, stop: &SyntaxNode) -> bool {
    node.ancestors()
        .take_while(|a| a != stop)
        .filter(|a| a.kind() == LAMBDA_EXPR)
        .any(|l| l.children().any(|c| c.kind() == ATTRIBUTE_SPEC))
}
