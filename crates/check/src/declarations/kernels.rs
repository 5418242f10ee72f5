//! Routines: the rules on `__global__` functions (return type, parameters, specifiers, where
//! they may be declared), on `__launch_bounds__`, `__grid_constant__`, the combination of
//! execution-space attributes and `main`.
use il::decl::routine_decl;
use il::{Item, ItemKind};
use syntax::SyntaxKind::*;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::header::{self, Declaration, attrs_of, start};
use crate::messages::{self as m, Severity};

pub(super) fn check(
    db: &dyn CheckDatabase,
    item: Item<'_>,
    decl: &Declaration,
    out: &mut Vec<ItemDiagnostic>,
) {
    let facts = routine_decl(db, item);
    let node = &decl.node;
    let Some(declarator) = header::declarator(node, item.name_text(db)) else {
        return;
    };
    let attrs = attrs_of(node);
    let attr = |name: &str| attrs.iter().find(|a| a.name == name).map(|a| a.offset);
    let (name, name_offset) =
        header::declarator_name(&declarator).unwrap_or_else(|| (String::new(), start(node)));
    let err = |msg, passes, at| ItemDiagnostic::error(msg, &[], passes, at);

    // `main` on the device.
    if name == "main"
        && item
            .parent(db)
            .is_none_or(|p| p.kind(db) == ItemKind::Namespace)
        && (facts.cuda.device || facts.cuda.global)
    {
        if returns_void(node, &declarator) {
            out.push(ItemDiagnostic::discretionary(
                m::MAIN_RETURN_TYPE,
                Severity::Warning,
                &[],
                Passes::Both,
                name_offset,
            ));
        }
        let at = attr("device").or(attr("global")).unwrap_or(name_offset);
        out.push(err(m::MAIN_MARKED_DEVICE, Passes::Both, at));
    }

    // `__global__` with `__host__` or `__device__`: the second attribute is the offender.
    if facts.cuda.global {
        let mut spaces = attrs
            .iter()
            .filter(|a| matches!(a.name.as_str(), "global" | "device" | "host"));
        if let (Some(_), Some(second)) = (spaces.next(), spaces.next()) {
            out.push(err(m::ILLEGAL_MEM_QUALIFIERS, Passes::Both, second.offset));
            return;
        }
    }

    // `__launch_bounds__` on anything but a kernel.
    if facts.cuda.launch_bounds.is_some() && !facts.cuda.global {
        out.push(ItemDiagnostic::error(
            m::BOUNDS_ONLY_ON_GLOBAL,
            &["__launch_bounds__"],
            Passes::Both,
            name_offset,
        ));
    }

    // Memory-space attributes on parameters are ignored with a warning (1835, both passes).
    for param in header::params(&declarator) {
        for a in attrs_of(&param).iter().filter(|a| {
            matches!(
                a.name.as_str(),
                "shared" | "device" | "constant" | "managed"
            )
        }) {
            out.push(ItemDiagnostic::discretionary(
                m::WRONG_ENTITY_FOR_ATTRIBUTE,
                Severity::Warning,
                &[&format!("\"__{}__\"", a.name)],
                Passes::Both,
                a.offset,
            ));
        }
    }

    // `__grid_constant__` parameters.
    for param in header::params(&declarator) {
        if !attrs_of(&param).iter().any(|a| a.name == "grid_constant") {
            continue;
        }
        // (cudafe++ points at the function's name for parameter errors.)
        let at = name_offset;
        if !facts.cuda.global {
            out.push(err(m::GRID_CONSTANT_NON_KERNEL, Passes::Both, at));
            continue;
        }
        let pointer_ops: Vec<_> = param.descendants().filter(|n| n.kind() == PTR_OP).collect();
        let is_reference = pointer_ops
            .last()
            .is_some_and(|p| header::has_child_token(p, AMP) || header::has_child_token(p, AMP2));
        let is_const = match pointer_ops.last() {
            Some(p) if !is_reference => header::has_child_token(p, CONST_KW),
            _ => header::has_child_token(&param, CONST_KW),
        };
        if !is_const || is_reference {
            out.push(err(m::GRID_CONSTANT_NOT_CONST, Passes::Device, at));
        }
        if is_reference {
            out.push(err(m::GRID_CONSTANT_REFERENCE, Passes::Device, at));
        }
    }

    if !facts.cuda.global {
        return;
    }
    let global = attr("global").unwrap_or(name_offset);
    let is_member = item
        .parent(db)
        .is_some_and(|p| p.kind(db) != ItemKind::Namespace)
        && !facts.specifiers.is_friend;
    if is_member {
        out.push(err(m::GLOBAL_MEMBER, Passes::Both, global));
        return;
    }
    if facts.specifiers.is_friend && (item.body(db).is_some() || node.kind() == FUNCTION_DEF) {
        out.push(ItemDiagnostic::discretionary(
            m::GLOBAL_INLINE,
            Severity::Warning,
            &["\"__global__\""],
            Passes::Both,
            global,
        ));
        let friend = header::child_token(node, FRIEND_KW)
            .map(|t| u32::from(t.text_range().start()))
            .unwrap_or(global);
        out.push(err(m::GLOBAL_FRIEND_DEFINITION, Passes::Both, friend));
    }
    if name.starts_with("operator") {
        out.push(err(m::GLOBAL_OPERATOR, Passes::Both, global));
    }
    // Return type: `void`, or `auto ... -> void`.
    let suffix = header::function_suffix(&declarator);
    let trailing = suffix
        .as_ref()
        .and_then(|s| s.children().find(|n| n.kind() == TRAILING_RETURN));
    let leading_void = header::has_child_token(node, VOID_KW);
    let leading_auto = header::has_child_token(node, AUTO_KW)
        || header::has_child_token(node, DECLTYPE_KW)
            && node.text().to_string().contains("decltype(auto)");
    match &trailing {
        Some(t) => {
            let void = header::tokens(t)
                .iter()
                .filter(|t| t.kind() != ARROW)
                .map(|t| t.text().to_string())
                .collect::<Vec<_>>()
                == ["void"];
            if !void {
                out.push(err(m::GLOBAL_RETURN_TYPE, Passes::Both, global));
            }
        }
        None if leading_auto => out.push(err(m::GLOBAL_DEDUCED_RETURN, Passes::Both, global)),
        None if !leading_void || !pointer_free(&declarator) => {
            out.push(err(m::GLOBAL_RETURN_TYPE, Passes::Both, global))
        }
        None => {}
    }
    if header::ellipsis(&declarator).is_some() {
        out.push(err(m::GLOBAL_ELLIPSIS, Passes::Both, global));
    }
    if suffix.as_ref().is_some_and(|s| {
        s.children()
            .any(|n| matches!(n.kind(), NOEXCEPT_SPEC | THROW_SPEC))
    }) {
        out.push(err(m::GLOBAL_EXCEPTION_SPEC, Passes::Both, global));
    }
    // A pack that is not the last template parameter.
    if let Some(list) = decl.template_params.last() {
        let params: Vec<_> = list.children().collect();
        for (i, p) in params.iter().enumerate() {
            if i + 1 < params.len() && header::has_child_token(p, DOT3) {
                let at = p
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| t.kind() == IDENT)
                    .map(|t| u32::from(t.text_range().start()))
                    .unwrap_or(start(p));
                out.push(err(m::GLOBAL_PACK_NOT_LAST, Passes::Both, at));
            }
        }
    }
    for param in header::params(&declarator) {
        let at = name_offset;
        let text = header::tokens(&param)
            .iter()
            .map(|t| t.text().to_string())
            .collect::<Vec<_>>();
        if param
            .descendants()
            .filter(|n| n.kind() == PTR_OP)
            .last()
            .is_some_and(|p| header::has_child_token(&p, AMP2))
        {
            out.push(err(m::GLOBAL_RVALUE_REF, Passes::Device, at));
        }
        if text.iter().any(|t| t == "initializer_list") {
            out.push(err(m::GLOBAL_INITIALIZER_LIST, Passes::Device, at));
        }
        if text
            .iter()
            .any(|t| t == "va_list" || t == "__builtin_va_list")
        {
            out.push(err(m::GLOBAL_VA_LIST, Passes::Device, at));
        }
    }
    if facts.specifiers.is_constexpr || facts.specifiers.is_consteval {
        out.push(ItemDiagnostic::discretionary(
            m::GLOBAL_INLINE,
            Severity::Warning,
            &["\"__global__\""],
            Passes::Both,
            global,
        ));
        let msg = if facts.specifiers.is_consteval {
            m::GLOBAL_CONSTEVAL
        } else {
            m::GLOBAL_CONSTEXPR
        };
        out.push(err(msg, Passes::Device, name_offset));
    }
    if in_inline_unnamed_namespace(db, item) {
        out.push(err(m::GLOBAL_INLINE_NS, Passes::Device, name_offset));
    }
}

/// The declarator declares the function itself, not a pointer to one (`void (*f())()`).
fn pointer_free(declarator: &syntax::SyntaxNode) -> bool {
    !declarator.children().any(|n| n.kind() == PTR_OP)
}

fn returns_void(node: &syntax::SyntaxNode, declarator: &syntax::SyntaxNode) -> bool {
    header::has_child_token(node, VOID_KW) && pointer_free(declarator)
}

/// Inside `inline namespace { }`.
pub(super) fn in_inline_unnamed_namespace(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    let mut scope = item.parent(db);
    while let Some(s) = scope {
        if s.kind(db) == ItemKind::Namespace
            && s.name(db).is_none()
            && header::has_child_token(
                &syntax::SyntaxNode::new_root(s.header(db).clone()),
                INLINE_KW,
            )
        {
            return true;
        }
        scope = s.parent(db);
    }
    false
}
