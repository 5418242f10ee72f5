//! A storage class after a type specifier (82, a remark of both passes): `int extern x;`,
//! what CUDA's `device_launch_parameters.h` writes for `threadIdx` and its kin. Per item
//! ([`storage_class_not_first`]), reading only the item's header: the caret is at the storage
//! class keyword, once per declaration (the item of its first declarator reports it).
use il::{Item, ItemKind};
use rowan::NodeOrToken;
use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use crate::CheckDatabase;
use crate::diagnostic::{ItemDiagnostic, Passes};
use crate::header;
use crate::messages::{self as m, Severity};

#[salsa::tracked(returns(ref))]
pub fn storage_class_not_first<'db>(
    db: &'db dyn CheckDatabase,
    item: Item<'db>,
) -> Option<ItemDiagnostic> {
    if !matches!(
        item.kind(db),
        ItemKind::Variable | ItemKind::Routine | ItemKind::Field | ItemKind::Typedef
    ) {
        return None;
    }
    let root = SyntaxNode::new_root(item.header(db).clone());
    let decl = header::declaration(&root)?;
    // Only the first declarator's item reports a declaration with several.
    if let Some(first) = header::declarator(&decl.node, None)
        && let Some((first_name, _)) = header::declarator_name(&first)
        && item.name_text(db).is_some_and(|n| n != first_name)
    {
        return None;
    }
    let at = late_storage_class(&decl.node)?;
    Some(ItemDiagnostic::discretionary(
        m::STORAGE_CLASS_NOT_FIRST,
        Severity::Remark,
        &[],
        Passes::Both,
        at,
    ))
}

/// The offset of a storage class keyword that follows a type specifier among a declaration's
/// specifiers.
fn late_storage_class(decl: &SyntaxNode) -> Option<u32> {
    let mut typed = false;
    for element in decl.children_with_tokens() {
        match element {
            NodeOrToken::Node(n) => match n.kind() {
                BUILTIN_TYPE | NAME_REF | QUALIFIED_NAME | ELABORATED_TYPE | CLASS_SPECIFIER
                | ENUM_SPECIFIER | DECLTYPE_SPEC | TYPEOF_SPEC => typed = true,
                DECLARATOR | INIT_DECLARATOR => return None,
                _ => {}
            },
            NodeOrToken::Token(t) => match t.kind() {
                VOID_KW | BOOL_KW | CHAR_KW | CHAR8_T_KW | CHAR16_T_KW | CHAR32_T_KW
                | WCHAR_T_KW | SHORT_KW | INT_KW | LONG_KW | FLOAT_KW | DOUBLE_KW | SIGNED_KW
                | UNSIGNED_KW => typed = true,
                STATIC_KW | EXTERN_KW | REGISTER_KW | TYPEDEF_KW | MUTABLE_KW if typed => {
                    return Some(u32::from(t.text_range().start()));
                }
                _ => {}
            },
        }
    }
    None
}
