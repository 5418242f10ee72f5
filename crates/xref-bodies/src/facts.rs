//! Small facts the printer reads off types, items and syntax: no lookup, no typing.
use super::*;

/// A template, a member of a class template, or anything inside one: EDG logs its names when
/// the template is parsed, all `R`.
pub fn is_templated(db: &dyn HirTyDatabase, item: Item<'_>) -> bool {
    let mut cur = Some(item);
    while let Some(i) = cur {
        if !hir_def::generics::template_params(db, i).is_empty() {
            return true;
        }
        cur = i.parent(db);
    }
    false
}

pub(super) fn is_reference(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(ty.kind(db), TyKind::Reference(..))
}

/// Whether a type mentions template parameters.
pub(super) fn ty_dependent(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::Param(_) | TyKind::Dependent(_) | TyKind::Projection { .. } => true,
        TyKind::Qualified(_, t)
        | TyKind::Pointer(t)
        | TyKind::Reference(_, t)
        | TyKind::Array(t, _) => ty_dependent(db, *t),
        TyKind::Instance(inst) => inst.args(db).iter().any(|a| match a {
            hir_ty::ty::GenericArg::Type(t) => ty_dependent(db, *t),
            hir_ty::ty::GenericArg::DependentValue(_) => true,
            _ => false,
        }),
        _ => false,
    }
}

/// Whether a dependent type may turn out a class at instantiation (`T`, `const T &`,
/// `X<T>`), unlike a pointer or an array (`T *`).
pub(super) fn may_be_dependent_class(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::Param(_) | TyKind::Dependent(_) | TyKind::Projection { .. } => true,
        TyKind::Qualified(_, t) | TyKind::Reference(_, t) => may_be_dependent_class(db, *t),
        TyKind::Instance(_) => ty_dependent(db, ty),
        _ => false,
    }
}

pub(super) fn unqualified<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Ty<'db> {
    match ty.kind(db) {
        TyKind::Qualified(_, inner) => *inner,
        _ => ty,
    }
}

pub(super) fn is_array(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(unqualified(db, ty).kind(db), TyKind::Array(..))
}

pub(super) fn is_pointer(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(unqualified(db, ty).kind(db), TyKind::Pointer(..))
}

pub(super) fn is_function(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(unqualified(db, ty).kind(db), TyKind::Function(..))
}

/// The class an object of this type is (not through references or pointers).
pub(super) fn class_of<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<Item<'db>> {
    match unqualified(db, ty).kind(db) {
        TyKind::Class(item) => Some(*item),
        _ => None,
    }
}

/// The class template instance a type is (cv-qualifiers and a reference looked through),
/// when all its arguments are concrete.
pub(super) fn instance_of<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<Instance<'db>> {
    match unqualified(db, ty.strip_reference(db)).kind(db) {
        // An explicit specialization is a class of its own (no arguments to spell).
        TyKind::Instance(inst)
            if !inst.args(db).is_empty() && hir_ty::class_instance::concrete_args(db, *inst) =>
        {
            Some(*inst)
        }
        _ => None,
    }
}

pub(super) fn pointee_class<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<Item<'db>> {
    match unqualified(db, ty).kind(db) {
        TyKind::Pointer(inner) => class_of(db, *inner),
        _ => None,
    }
}

/// A class's declared constructor callable without arguments.
pub(super) fn default_constructor<'db>(
    db: &'db dyn HirTyDatabase,
    class: Item<'db>,
) -> Option<Item<'db>> {
    let name = class.name_text(db)?;
    il::scope::scope_items(db, class).iter().copied().find(|i| {
        i.kind(db) == ItemKind::Routine
            && i.name_text(db) == Some(name)
            && hir_ty::callable_sig(db, *i)
                .as_ref()
                .is_some_and(|s| s.accepts_arity(0))
    })
}

/// Whether a class declares a constructor (any, template or not).
pub(super) fn declares_constructor(db: &dyn HirTyDatabase, class: Item<'_>) -> bool {
    let Some(name) = class.name_text(db) else {
        return false;
    };
    il::scope::scope_items(db, class).iter().any(|i| {
        matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate)
            && i.name_text(db) == Some(name)
    })
}

/// The operator token of an operator expression.
pub(super) fn operator_token(node: &SyntaxNode) -> Option<syntax::SyntaxToken> {
    node.children_with_tokens().find_map(|c| match c {
        NodeOrToken::Token(t) if !t.kind().is_trivia() => Some(t),
        _ => None,
    })
}

/// A class's declared destructor.
pub(super) fn destructor<'db>(db: &'db dyn HirTyDatabase, class: Item<'db>) -> Option<Item<'db>> {
    il::scope::scope_items(db, class).iter().copied().find(|i| {
        i.kind(db) == ItemKind::Routine && i.name_text(db).is_some_and(|n| n.starts_with('~'))
    })
}

pub fn item_name(db: &dyn HirTyDatabase, item: Item<'_>) -> String {
    let mut parts = Vec::new();
    let mut cur = Some(item);
    while let Some(i) = cur {
        match i.name_text(db) {
            Some(n) if i != item && i.kind(db) == ItemKind::ClassTemplate => {
                let params = hir_def::generics::template_params(db, i);
                let args: Vec<String> = params
                    .iter()
                    .filter(|p| p.depth == 0)
                    .map(|p| {
                        let name = p.name.as_deref().unwrap_or("<unnamed>");
                        if p.pack {
                            format!("{name}...")
                        } else {
                            name.to_string()
                        }
                    })
                    .collect();
                parts.push(format!("{n}<{}>", args.join(", ")));
            }
            Some(n) => parts.push(n.to_string()),
            None => parts.push("<unnamed>".to_string()),
        }
        cur = i.parent(db);
    }
    parts.reverse();
    parts.join("::")
}

/// `enum class`/`enum struct`: its enumerators print qualified by the enumeration.
pub(super) fn scoped_enum(db: &dyn HirTyDatabase, enumeration: Item<'_>) -> bool {
    let header = SyntaxNode::new_root(enumeration.header(db).clone());
    header
        .descendants_with_tokens()
        .filter_map(|c| c.into_token())
        .filter(|t| !t.kind().is_trivia())
        .take(3)
        .any(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW))
}

/// Where a name expression's entity is logged (its last name: the identifier, `operator`, the
/// destructor's `~`), and its qualifiers with their positions.
pub(super) fn name_position(node: &SyntaxNode) -> Option<(TextSize, Vec<(String, TextSize)>)> {
    let name = if matches!(node.kind(), NAME_REF | QUALIFIED_NAME) {
        node.clone()
    } else {
        node.children().find(|n| {
            matches!(
                n.kind(),
                NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME
            )
        })?
    };
    if name.kind() != QUALIFIED_NAME {
        return Some((first_significant(&name)?, Vec::new()));
    }
    let segments: Vec<SyntaxNode> = name
        .children()
        .filter(|n| matches!(n.kind(), NAME_REF | OPERATOR_NAME | DESTRUCTOR_NAME))
        .collect();
    let (last, qualifiers) = segments.split_last()?;
    let qualifiers = qualifiers
        .iter()
        .filter_map(|q| {
            let ident = q
                .children_with_tokens()
                .filter_map(|c| c.into_token())
                .find(|t| t.kind() == IDENT)?;
            Some((ident.text().to_string(), ident.text_range().start()))
        })
        .collect();
    Some((first_significant(last)?, qualifiers))
}

pub(super) fn first_significant(node: &SyntaxNode) -> Option<TextSize> {
    node.descendants_with_tokens()
        .filter_map(|c| c.into_token())
        .find(|t| !t.kind().is_trivia())
        .map(|t| t.text_range().start())
}

pub(super) fn node_last_name(node: &SyntaxNode) -> Option<String> {
    node.descendants_with_tokens()
        .filter_map(|c| c.into_token())
        .filter(|t| t.kind() == IDENT)
        .last()
        .map(|t| t.text().to_string())
}

/// The name a binding's declarator declares.
pub(super) fn declarator_name(node: &SyntaxNode) -> Option<TextSize> {
    let declarator = if node.kind() == DECLARATOR {
        node.clone()
    } else {
        node.descendants()
            .find(|n| n.kind() == DECLARATOR)
            .unwrap_or_else(|| node.clone())
    };
    <syntax::ast::Declarator as rowan::ast::AstNode>::cast(declarator.clone())
        .and_then(|d| d.name_ident())
        .map(|t| t.text_range().start())
        .or_else(|| {
            declarator
                .descendants_with_tokens()
                .filter_map(|c| c.into_token())
                .find(|t| t.kind() == IDENT)
                .map(|t| t.text_range().start())
        })
}

/// The qualified name a name expression or type is written as (the node itself, or its
/// first name child).
pub(super) fn qualified_name_of(node: &SyntaxNode) -> Option<SyntaxNode> {
    if node.kind() == QUALIFIED_NAME {
        return Some(node.clone());
    }
    node.children().find(|n| n.kind() == QUALIFIED_NAME)
}

/// Whether a qualified name starts with `::`.
pub(super) fn is_global_name(name: &SyntaxNode) -> bool {
    name.children_with_tokens()
        .find(|c| !c.kind().is_trivia())
        .is_some_and(|c| c.kind() == COLON2)
}
