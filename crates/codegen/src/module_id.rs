//! The module id cudafe++ writes with `--gen_module_id_file` and names the unnamed namespace
//! after (`_GLOBAL__N_<id>`). Measured with cudafe++ 13.0.88 (docs/spec/module-id.md):
//!
//! `_<crc32(orig_src_path_name) as %08x>_<len(name)>_<name with every byte that is not an ASCII
//! letter or digit as '_'>_<suffix>`, where `name` is the last component of
//! `--orig_src_file_name`
//!
//! The suffix is the mangled name of the unit's first definition with external linkage, in
//! source order: a variable with an initializer (in any memory space) or a function with a body
//! that is neither inline nor a template nor a member defined in its class. A name of more than
//! 8 bytes is replaced by its crc32 (`%08x`). Without such a definition cudafe++ appends a
//! checksum and its process id, so the id changes from run to run: we write the same form
//! (the unit's crc32 and our process id).
use base_db::SourceFile;
use il::decl::Linkage;
use il::ty::{Builtin, Ty, TyKind};
use il::{Item, ItemKind};
use mangle::ast::{Ast, Cv, Node, NodeId, RefKind, RefQual};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::CodegenDatabase;

/// The module id of `file` as cudafe++ derives it from the names nvcc passes.
pub fn module_id(
    db: &dyn CodegenDatabase,
    file: SourceFile,
    orig_src_file_name: &str,
    orig_src_path_name: &str,
) -> String {
    // nvcc passes the name as given on its command line; the id uses its last component.
    let orig_src_file_name = orig_src_file_name
        .rsplit('/')
        .next()
        .unwrap_or(orig_src_file_name);
    let sanitized: String = orig_src_file_name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                b as char
            } else {
                '_'
            }
        })
        .collect();
    let prefix = format!(
        "_{:08x}_{}_{sanitized}_",
        crc32fast::hash(orig_src_path_name.as_bytes()),
        orig_src_file_name.len()
    );
    match first_external_definition(db, file) {
        Some(name) if name.len() > 8 => format!("{prefix}{:08x}", crc32fast::hash(name.as_bytes())),
        Some(name) => format!("{prefix}{name}"),
        None => format!(
            "{prefix}{:08x}_{}",
            crc32fast::hash(file.text(db).as_bytes()),
            std::process::id()
        ),
    }
}

/// The mangled name of the first definition that names the module, if any. `Err` carries the
/// entity we could not mangle (the caller falls back to the run-dependent form).
#[salsa::tracked]
pub fn first_external_definition(db: &dyn CodegenDatabase, file: SourceFile) -> Option<String> {
    for item in il::scope::all_items(db, file) {
        if !names_module(db, item) {
            continue;
        }
        return mangled_name(db, item);
    }
    None
}

fn names_module(db: &dyn CodegenDatabase, item: Item<'_>) -> bool {
    // Members defined in their class are inline; entities in unnamed namespaces are internal.
    let mut scope = item.parent(db);
    while let Some(parent) = scope {
        if parent.kind(db) != ItemKind::Namespace || parent.name(db).is_none() {
            return false;
        }
        scope = parent.parent(db);
    }
    if *il::decl::linkage(db, item) != Linkage::External {
        return false;
    }
    let header = SyntaxNode::new_root(item.header(db).clone());
    match item.kind(db) {
        ItemKind::Routine => {
            let decl = il::decl::routine_decl(db, item);
            item.body(db).is_some()
                && header.kind() == FUNCTION_DEF
                && !decl.specifiers.is_inline
                && !decl.specifiers.is_constexpr
                && !decl.specifiers.is_consteval
                && !decl.is_defaulted
                && !decl.is_deleted
        }
        ItemKind::Variable => {
            let decl = il::decl::variable_decl(db, item);
            !decl.specifiers.is_inline
                && header
                    .descendants()
                    .filter(|n| n.kind() == INIT_DECLARATOR)
                    .any(|d| d.children().any(|n| n.kind() == INITIALIZER))
        }
        _ => false,
    }
}

/// The Itanium name of a namespace-scope routine or variable, through the `mangle` crate.
fn mangled_name(db: &dyn CodegenDatabase, item: Item<'_>) -> Option<String> {
    let name = item.name_text(db)?;
    let segments: Vec<&str> = name.split("::").collect();
    let mut parents = Vec::new();
    let mut scope = item.parent(db);
    while let Some(parent) = scope {
        parents.push(parent.name_text(db)?.to_string());
        scope = parent.parent(db);
    }
    parents.reverse();
    let qualified: Vec<String> = parents
        .into_iter()
        .chain(segments.iter().map(|s| s.to_string()))
        .collect();
    let is_routine = item.kind(db) == ItemKind::Routine;
    if qualified.len() == 1 && (item.extern_c(db) || !is_routine || name == "main") {
        return Some(name.to_string());
    }
    if item.extern_c(db) {
        return Some(qualified.last()?.clone());
    }
    let mut ast = Ast::new();
    let entity = nested_name(&mut ast, &qualified);
    let root = if is_routine {
        let ty = il::resolve::routine_type(db, item);
        let TyKind::Function(sig) = ty.kind(db) else {
            return None;
        };
        let mut params = Vec::new();
        for param in &sig.params {
            params.push(type_node(db, &mut ast, *param)?);
        }
        if sig.variadic {
            params.push(ast.alloc(Node::Builtin("...")));
        }
        if params.is_empty() {
            params.push(ast.alloc(Node::Builtin("void")));
        }
        let params = ast.alloc_list(&params);
        ast.alloc(Node::FunctionEncoding {
            ret: None,
            name: entity,
            params,
            attrs: None,
            requires: None,
            cv: Cv::default(),
            ref_qual: RefQual::None,
        })
    } else {
        entity
    };
    mangle::mangle::mangle(&ast, root).ok()
}

fn nested_name(ast: &mut Ast, qualified: &[String]) -> NodeId {
    let mut node: Option<NodeId> = None;
    for segment in qualified {
        let s = ast.alloc_str(segment);
        let name = ast.alloc(Node::Name(s));
        node = Some(match node {
            None => name,
            Some(qual) => ast.alloc(Node::Nested { qual, name }),
        });
    }
    node.expect("a name has a segment")
}

/// The mangle AST of a parameter type; `None` for what is not modelled here yet (template
/// instances, dependent and function types).
fn type_node(db: &dyn CodegenDatabase, ast: &mut Ast, ty: Ty<'_>) -> Option<NodeId> {
    Some(match ty.kind(db) {
        TyKind::Builtin(b) => ast.alloc(Node::Builtin(builtin_spelling(*b))),
        TyKind::Qualified(cv, inner) => {
            let child = type_node(db, ast, *inner)?;
            ast.alloc(Node::Qualified {
                child,
                cv: Cv {
                    konst: cv.is_const,
                    volatile: cv.is_volatile,
                    restrict: cv.is_restrict,
                },
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
        TyKind::Class(item) | TyKind::Enum(item) => {
            let mut qualified = vec![item.name_text(db)?.to_string()];
            let mut scope = item.parent(db);
            while let Some(parent) = scope {
                qualified.push(parent.name_text(db)?.to_string());
                scope = parent.parent(db);
            }
            qualified.reverse();
            nested_name(ast, &qualified)
        }
        TyKind::Typedef(item) => {
            let target = il::resolve::typedef_target(db, *item)?;
            type_node(db, ast, target)?
        }
        _ => return None,
    })
}

fn builtin_spelling(b: Builtin) -> &'static str {
    use Builtin::*;
    match b {
        Void => "void",
        Bool => "bool",
        Char => "char",
        SignedChar => "signed char",
        UnsignedChar => "unsigned char",
        WChar => "wchar_t",
        Char8 => "char8_t",
        Char16 => "char16_t",
        Char32 => "char32_t",
        Short => "short",
        UnsignedShort => "unsigned short",
        Int => "int",
        UnsignedInt => "unsigned int",
        Long => "long",
        UnsignedLong => "unsigned long",
        LongLong => "long long",
        UnsignedLongLong => "unsigned long long",
        Int128 => "__int128",
        UnsignedInt128 => "unsigned __int128",
        Float => "float",
        Double => "double",
        LongDouble => "long double",
        Float128 => "__float128",
        NullPtr => "std::nullptr_t",
    }
}
