//! The Itanium name of the definition that names the module, built as a `mangle` crate AST from
//! il's entities and types and written by `mangle::mangle` (the project's one mangler).
//!
//! What is not modelled gives `None`, and the caller falls back to the run-dependent form:
//! entities and types in unnamed namespaces or local to a function, class template instances
//! with parameter packs or enumerator arguments, dependent types, closure types, GNU vector
//! types, `auto` template parameters of other than builtin types.
use il::instantiate::{ClassInstance, TemplateArg};
use il::lookup::ScopeRef;
use il::ty::{Builtin, FnSig, Ty, TyKind};
use il::{Item, ItemKind};
use mangle::ast::{Ast, Cv, Node, NodeId, OpRef, RefKind, RefQual, SpecialSub};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::CodegenDatabase;

/// The Itanium name of a namespace-scope routine or variable (or of an out-of-class definition
/// of a member), as EDG writes it.
pub(super) fn mangled_name(db: &dyn CodegenDatabase, item: Item<'_>) -> Option<String> {
    let written = item.name_text(db)?;
    let (qualifier, name) = split_qualifier(written);
    let is_routine = item.kind(db) == ItemKind::Routine;
    // `extern "C"` names and `main` are not mangled; nor are variables at file scope.
    if item.extern_c(db)
        || (qualifier.is_none() && item.parent(db).is_none() && (!is_routine || name == "main"))
    {
        return Some(name.to_string());
    }
    let mut ast = Ast::new();
    let header = SyntaxNode::new_root(item.header(db).clone());
    // il resolves a member pointer declarator (`int S::*`) to a plain pointer: not modelled.
    if is_routine
        && header.descendants().any(|n| {
            n.kind() == PTR_OP
                && n.ancestors().any(|a| a.kind() == PARAM)
                && n.children_with_tokens().any(|t| t.kind() == COLON2)
        })
    {
        return None;
    }
    let sig = if is_routine {
        let ty = il::resolve::routine_type(db, item);
        let TyKind::Function(sig) = ty.kind(db) else {
            return None;
        };
        Some(sig.clone())
    } else {
        None
    };
    // The scope the entity is a member of (its namespace, or the class or namespace an
    // out-of-class definition names) as a prefix, and the class's name.
    let (prefix, class_name) = match qualifier {
        None => match item.parent(db) {
            None => (None, None),
            Some(parent) => (Some(scope_name(db, &mut ast, parent)?), None),
        },
        Some(qualifier) if qualifier.contains('<') => {
            // A member of an explicit specialization (`int S<int>::g() { }`): the qualifier is
            // an instance. Only a single qualifier is modelled.
            let qualified = declarator_name(&header)?;
            let refs: Vec<SyntaxNode> = qualified
                .children()
                .filter(|n| n.kind() == NAME_REF)
                .collect();
            let [class_ref, _] = refs.as_slice() else {
                return None;
            };
            let from = item
                .parent(db)
                .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
            let ty = il::resolve::name_type_in(db, from, None, class_ref);
            let TyKind::Instance(instance) = ty.kind(db) else {
                return None;
            };
            let class_name = instance.class(db).name_text(db);
            (Some(instance_name(db, &mut ast, *instance)?), class_name)
        }
        Some(qualifier) => {
            let from = item
                .parent(db)
                .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
            let global = qualifier.starts_with("::") || qualifier.is_empty();
            let segments: Vec<String> = qualifier
                .trim_start_matches("::")
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let scope = il::lookup::lookup_path(db, from, global, &segments)
                .into_iter()
                .find(|i| i.kind(db).is_scope())?;
            let class_name = scope.name_text(db).filter(|_| is_class(scope.kind(db)));
            (Some(scope_name(db, &mut ast, scope)?), class_name)
        }
    };
    let unqualified = unqualified_name(&mut ast, name, class_name, sig.as_ref(), |ast, ty| {
        type_node(db, ast, ty)
    })?;
    let entity = match prefix {
        None => unqualified,
        Some(qual) => ast.alloc(Node::Nested {
            qual,
            name: unqualified,
        }),
    };
    let root = match sig {
        None => entity,
        Some(sig) => {
            let params = parameter_list(db, &mut ast, &sig)?;
            ast.alloc(Node::FunctionEncoding {
                ret: None,
                name: entity,
                params,
                attrs: None,
                requires: None,
                cv: mangle_cv(sig.this_cv),
                ref_qual: match sig.ref_qualifier {
                    None => RefQual::None,
                    Some(il::ty::RefKind::Lvalue) => RefQual::LValue,
                    Some(il::ty::RefKind::Rvalue) => RefQual::RValue,
                },
            })
        }
    };
    mangle::mangle(&ast, root).ok()
}

/// The (qualified) name a definition's declarator declares.
pub(super) fn declarator_name(header: &SyntaxNode) -> Option<SyntaxNode> {
    header.descendants().find(|n| {
        n.kind() == QUALIFIED_NAME
            && n.ancestors().any(|a| a.kind() == DECLARATOR)
            && !n
                .ancestors()
                .any(|a| matches!(a.kind(), PARAM_LIST | INITIALIZER))
    })
}

/// `N::S::operator std::string` → (`N::S`, `operator std::string`): the qualifier ends at the
/// last `::` before the unqualified name, which may itself contain `::` after `operator`.
fn split_qualifier(written: &str) -> (Option<&str>, &str) {
    let head_end = find_operator_keyword(written).unwrap_or(written.len());
    match written[..head_end].rfind("::") {
        Some(i) => (Some(&written[..i]), &written[i + 2..]),
        None => (None, written),
    }
}

/// Where the keyword `operator` starts a name component, if it does.
fn find_operator_keyword(written: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = written[from..].find("operator").map(|i| i + from) {
        let before_ok = i == 0 || written[..i].ends_with("::");
        let after = written[i + "operator".len()..].chars().next();
        if before_ok && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

/// The `<unqualified-name>` of an entity: a source name, an operator, a conversion function
/// (its type is the routine's return type), a constructor or destructor (the complete-object
/// variants `C1`/`D1`, the ones EDG names the module after).
fn unqualified_name<'db>(
    ast: &mut Ast,
    name: &str,
    class_name: Option<&str>,
    sig: Option<&FnSig<'db>>,
    type_node: impl Fn(&mut Ast, Ty<'db>) -> Option<NodeId>,
) -> Option<NodeId> {
    if let Some(rest) = name.strip_prefix("operator")
        && find_operator_keyword(name) == Some(0)
    {
        let rest = rest.trim();
        let sig = sig?;
        if let Some(suffix) = rest.strip_prefix("\"\"") {
            let s = ast.alloc_str(suffix.trim());
            let suffix = ast.alloc(Node::Name(s));
            return Some(ast.alloc(Node::LiteralOperator(suffix)));
        }
        // Operands: the parameters plus the object for members.
        let operands = sig.params.len() + usize::from(class_name.is_some());
        if let Some(code) = operator_code(rest, operands) {
            return Some(ast.alloc(Node::Operator(OpRef::from_code(code)?)));
        }
        let target = type_node(ast, sig.ret)?;
        return Some(ast.alloc(Node::ConversionOperator(target)));
    }
    if let Some(class) = class_name {
        let dtor = name.strip_prefix('~').is_some_and(|n| n.trim() == class);
        if dtor || name == class {
            let s = ast.alloc_str(class);
            let base = ast.alloc(Node::Name(s));
            return Some(ast.alloc(Node::CtorDtor {
                base,
                dtor,
                variant: 1,
                inherited: None,
            }));
        }
    }
    let s = ast.alloc_str(name);
    Some(ast.alloc(Node::Name(s)))
}

/// The two-letter code of `operator<spelling>` ([expr] codes of the Itanium ABI); `operands`
/// tells the unary `+ - * &` from the binary ones.
fn operator_code(spelling: &str, operands: usize) -> Option<&'static str> {
    let unary = operands == 1;
    let spelling: String = spelling.split_whitespace().collect::<Vec<_>>().join(" ");
    Some(match spelling.as_str() {
        "new" => "nw",
        "new[]" | "new []" => "na",
        "delete" => "dl",
        "delete[]" | "delete []" => "da",
        "co_await" => "aw",
        "+" if unary => "ps",
        "+" => "pl",
        "-" if unary => "ng",
        "-" => "mi",
        "*" if unary => "de",
        "*" => "ml",
        "&" if unary => "ad",
        "&" => "an",
        "/" => "dv",
        "%" => "rm",
        "|" => "or",
        "^" => "eo",
        "~" => "co",
        "!" => "nt",
        "=" => "aS",
        "<" => "lt",
        ">" => "gt",
        "+=" => "pL",
        "-=" => "mI",
        "*=" => "mL",
        "/=" => "dV",
        "%=" => "rM",
        "&=" => "aN",
        "|=" => "oR",
        "^=" => "eO",
        "<<" => "ls",
        ">>" => "rs",
        "<<=" => "lS",
        ">>=" => "rS",
        "==" => "eq",
        "!=" => "ne",
        "<=" => "le",
        ">=" => "ge",
        "<=>" => "ss",
        "&&" => "aa",
        "||" => "oo",
        "++" => "pp",
        "--" => "mm",
        "," => "cm",
        "->*" => "pm",
        "->" => "pt",
        "()" | "( )" => "cl",
        "[]" | "[ ]" => "ix",
        _ => return None,
    })
}

/// The name of a scope (namespace or class) as a prefix: its enclosing scopes first. Unnamed
/// namespaces (internal) and local classes are not modelled.
fn scope_name(db: &dyn CodegenDatabase, ast: &mut Ast, scope: Item<'_>) -> Option<NodeId> {
    let kind = scope.kind(db);
    if !(kind == ItemKind::Namespace || kind == ItemKind::Enum || is_class(kind)) {
        return None;
    }
    // An explicit specialization's name needs its arguments: not modelled.
    if is_class(kind) && SyntaxNode::new_root(scope.header(db).clone()).kind() == TEMPLATE_DECL {
        return None;
    }
    entity_name(db, ast, scope)
}

fn is_class(kind: ItemKind) -> bool {
    matches!(kind, ItemKind::Class | ItemKind::Struct | ItemKind::Union)
}

/// `A::B::C` for a named namespace, class, enum or template.
fn entity_name(db: &dyn CodegenDatabase, ast: &mut Ast, item: Item<'_>) -> Option<NodeId> {
    let s = ast.alloc_str(item.name_text(db)?);
    let name = ast.alloc(Node::Name(s));
    match item.parent(db) {
        None => Some(name),
        Some(parent) => {
            let qual = scope_name(db, ast, parent)?;
            Some(ast.alloc(Node::Nested { qual, name }))
        }
    }
}

/// The parameter types as they are mangled: top-level qualifiers dropped, arrays and functions
/// adjusted to pointers, `...` as the builtin `z`.
fn parameter_list(
    db: &dyn CodegenDatabase,
    ast: &mut Ast,
    sig: &FnSig<'_>,
) -> Option<mangle::ast::List> {
    let mut params = Vec::new();
    for &param in &sig.params {
        params.push(type_node(db, ast, adjusted_parameter(db, param))?);
    }
    if sig.variadic {
        params.push(ast.alloc(Node::Builtin("...")));
    }
    Some(ast.alloc_list(&params))
}

fn adjusted_parameter<'db>(db: &'db dyn CodegenDatabase, ty: Ty<'db>) -> Ty<'db> {
    let ty = match ty.kind(db) {
        TyKind::Qualified(_, inner) => *inner,
        _ => ty,
    };
    match ty.kind(db) {
        TyKind::Array(elem, _) | TyKind::DependentArray(elem, _) => {
            Ty::new(db, TyKind::Pointer(*elem))
        }
        TyKind::Function(_) => Ty::new(db, TyKind::Pointer(ty)),
        TyKind::Typedef(item) => match il::resolve::typedef_target(db, *item) {
            Some(target)
                if matches!(
                    target.kind(db),
                    TyKind::Array(..) | TyKind::Function(_) | TyKind::Qualified(..)
                ) =>
            {
                adjusted_parameter(db, target)
            }
            _ => ty,
        },
        _ => ty,
    }
}

fn mangle_cv(cv: il::ty::Cv) -> Cv {
    Cv {
        konst: cv.is_const,
        volatile: cv.is_volatile,
        restrict: cv.is_restrict,
    }
}

/// The mangle AST of a type.
fn type_node(db: &dyn CodegenDatabase, ast: &mut Ast, ty: Ty<'_>) -> Option<NodeId> {
    Some(match ty.kind(db) {
        TyKind::Builtin(b) => ast.alloc(Node::Builtin(b.spelling())),
        TyKind::Qualified(cv, inner) => {
            let child = type_node(db, ast, *inner)?;
            ast.alloc(Node::Qualified {
                child,
                cv: mangle_cv(*cv),
            })
        }
        TyKind::Pointer(inner) => {
            let child = type_node(db, ast, *inner)?;
            ast.alloc(Node::Pointer(child))
        }
        TyKind::Reference(kind, inner) => {
            let child = type_node(db, ast, *inner)?;
            let kind = match kind {
                il::ty::RefKind::Lvalue => RefKind::LValue,
                il::ty::RefKind::Rvalue => RefKind::RValue,
            };
            ast.alloc(Node::Reference { child, kind })
        }
        TyKind::Array(elem, bound) => {
            let base = type_node(db, ast, *elem)?;
            let dim = bound.map(|n| {
                let s = ast.alloc_str(&n.to_string());
                ast.alloc(Node::Name(s))
            });
            ast.alloc(Node::Array { base, dim })
        }
        TyKind::Function(sig) => {
            let ret = type_node(db, ast, sig.ret)?;
            let params = parameter_list(db, ast, sig)?;
            let exception = sig.noexcept.then(|| {
                let s = ast.alloc_str("noexcept");
                ast.alloc(Node::Name(s))
            });
            ast.alloc(Node::Function {
                ret,
                params,
                cv: mangle_cv(sig.this_cv),
                ref_qual: match sig.ref_qualifier {
                    None => RefQual::None,
                    Some(il::ty::RefKind::Lvalue) => RefQual::LValue,
                    Some(il::ty::RefKind::Rvalue) => RefQual::RValue,
                },
                exception,
            })
        }
        TyKind::MemberPointer { class, pointee } => {
            let class = type_node(db, ast, *class)?;
            let member = type_node(db, ast, *pointee)?;
            ast.alloc(Node::PointerToMember { class, member })
        }
        TyKind::Class(item) | TyKind::Enum(item) => scope_name(db, ast, *item)?,
        TyKind::Typedef(item) => {
            let target = il::resolve::typedef_target(db, *item)?;
            type_node(db, ast, target)?
        }
        TyKind::Instance(instance) => instance_name(db, ast, *instance)?,
        // Dependent, closure and vector types, and what il could not resolve.
        _ => return None,
    })
}

/// `ns::C<args>`, or a class nested in an instance (`ns::W<int>::In`).
fn instance_name(
    db: &dyn CodegenDatabase,
    ast: &mut Ast,
    instance: ClassInstance<'_>,
) -> Option<NodeId> {
    let class = instance.class(db);
    let args = instance.args(db);
    if args.is_empty() {
        // A class nested in a class template's instance: the instance is its prefix.
        let outer = instance.outer(db)?;
        let outer = ClassInstance::with_outer(
            db,
            outer.definition(db),
            outer.args(db).clone(),
            outer.outer(db),
        );
        let qual = instance_name(db, ast, outer)?;
        let s = ast.alloc_str(class.name_text(db)?);
        let name = ast.alloc(Node::Name(s));
        return Some(ast.alloc(Node::Nested { qual, name }));
    }
    // A member template of an instance is not modelled.
    if instance.outer(db).is_some() {
        return None;
    }
    let name = template_name(db, ast, class)?;
    let params = template_param_nodes(db, class);
    let mut nodes = Vec::new();
    for (index, arg) in args.iter().enumerate() {
        nodes.push(template_arg(db, ast, class, params.get(index), arg)?);
    }
    let list = ast.alloc_list(&nodes);
    let args = ast.alloc(Node::TemplateArgs {
        args: list,
        requires: None,
    });
    Some(ast.alloc(Node::NameWithTemplateArgs { name, args }))
}

/// The name of a class template; `std::allocator` and `std::basic_string` directly in `std`
/// are the abbreviations `Sa` and `Sb`.
fn template_name(db: &dyn CodegenDatabase, ast: &mut Ast, class: Item<'_>) -> Option<NodeId> {
    let in_std = class
        .parent(db)
        .is_some_and(|p| p.kind(db) == ItemKind::Namespace && p.name_text(db) == Some("std"))
        && class.parent(db).and_then(|p| p.parent(db)).is_none();
    if in_std {
        match class.name_text(db)? {
            "allocator" => {
                return Some(ast.alloc(Node::SpecialSubstitution(SpecialSub::Allocator)));
            }
            "basic_string" => {
                return Some(ast.alloc(Node::SpecialSubstitution(SpecialSub::BasicString)));
            }
            _ => {}
        }
    }
    entity_name(db, ast, class)
}

/// The parameter declarations of a class template, in order.
fn template_param_nodes(db: &dyn CodegenDatabase, class: Item<'_>) -> Vec<SyntaxNode> {
    let header = SyntaxNode::new_root(class.header(db).clone());
    header
        .children()
        .find(|n| n.kind() == TEMPLATE_PARAM_LIST)
        .map(|list| {
            list.children()
                .filter(|p| matches!(p.kind(), TYPE_PARAM | PARAM | TEMPLATE_TEMPLATE_PARAM))
                .collect()
        })
        .unwrap_or_default()
}

fn template_arg(
    db: &dyn CodegenDatabase,
    ast: &mut Ast,
    class: Item<'_>,
    param: Option<&SyntaxNode>,
    arg: &TemplateArg<'_>,
) -> Option<NodeId> {
    // Packs are `J...E`, which il's flat argument list does not delimit.
    let param = param?;
    if param
        .descendants_with_tokens()
        .any(|t| t.kind() == DOT3 && !t.ancestors().any(|a| a.kind() == INITIALIZER))
    {
        return None;
    }
    match arg {
        TemplateArg::Type(ty) => type_node(db, ast, *ty),
        TemplateArg::Template(item) => entity_name(db, ast, *item),
        TemplateArg::Value(value) => {
            let ty = il::resolve::specifier_type(db, ScopeRef::Item(class), param);
            integer_literal(db, ast, ty, *value)
        }
        TemplateArg::Typed(ty, value) => integer_literal(db, ast, *ty, *value),
        TemplateArg::Unbound(_) => None,
    }
}

/// `L <builtin> <value> E` (`Lj32E`, `Lin3E`, `Lb1E`) for a non-type argument of builtin type.
fn integer_literal(
    db: &dyn CodegenDatabase,
    ast: &mut Ast,
    ty: Ty<'_>,
    value: i128,
) -> Option<NodeId> {
    let builtin = match ty.kind(db) {
        TyKind::Builtin(b) => *b,
        TyKind::Qualified(_, inner) => return integer_literal(db, ast, *inner, value),
        TyKind::Typedef(item) => {
            let target = il::resolve::typedef_target(db, *item)?;
            return integer_literal(db, ast, target, value);
        }
        // Enumerator and pointer arguments are not modelled.
        _ => return None,
    };
    if builtin == Builtin::Bool {
        return Some(ast.alloc(Node::Bool(value != 0)));
    }
    // The builtin's code, written by the mangler itself (a type alone mangles to its code).
    let mut scratch = Ast::new();
    let node = scratch.alloc(Node::Builtin(builtin.spelling()));
    let code = mangle::mangle(&scratch, node).ok()?;
    let ty = ast.alloc_str(&code);
    let digits = if value < 0 {
        format!("n{}", value.unsigned_abs())
    } else {
        value.to_string()
    };
    let value = ast.alloc_str(&digits);
    Some(ast.alloc(Node::IntegerLiteral { ty, value }))
}
