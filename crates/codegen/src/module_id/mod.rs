//! The module id cudafe++ writes with `--gen_module_id_file` and names the unnamed namespace
//! after (`_GLOBAL__N_<id>`). Measured with cudafe++ 13.0.88 (docs/spec/module-id.md):
//!
//! `_<crc32(orig_src_path_name) as %08x>_<len(name)>_<name with every byte that is not an ASCII
//! letter or digit as '_'>_<suffix>`, where `name` is the last component of
//! `--orig_src_file_name`
//!
//! The suffix is the mangled name of the unit's first definition with external linkage, in
//! source order, headers included: a variable with an initializer (in any memory space) or a
//! function with a body that is neither inline (also by an earlier declaration, or by its
//! declaration in its class) nor constexpr nor a template nor a member defined in its class.
//! The name is built as a `mangle` AST ([`mangling`]). A name of more than
//! 8 bytes is replaced by its crc32 (`%08x`). Without such a definition cudafe++ appends a
//! checksum and its process id, so the id changes from run to run: we write the same form
//! (the unit's crc32 and our process id).
use std::ops::ControlFlow;

use base_db::SourceFile;
use il::decl::Linkage;
use il::{Item, ItemKind};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::CodegenDatabase;

mod mangling;

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

/// The mangled name of the first definition that names the module; `None` without one, or
/// when its name is not modelled (the caller then falls back to the run-dependent form).
///
/// Only the routines and variables of the file scope and of named namespaces can name it
/// (members defined in their class are inline; entities in unnamed namespaces are internal), so
/// the walk never goes into classes.
#[salsa::tracked]
pub fn first_external_definition(db: &dyn CodegenDatabase, file: SourceFile) -> Option<String> {
    crate::namespaces::walk_namespace_scopes(db, file, &mut |item, path| {
        if matches!(item.kind(db), ItemKind::Routine | ItemKind::Variable)
            && !path.contains("<unnamed>")
            && names_module(db, item)
        {
            return ControlFlow::Break(mangling::mangled_name(db, item));
        }
        ControlFlow::Continue(())
    })
    .flatten()
}

/// Whether a routine or variable of the file scope or of a named namespace names the module.
/// The cheap syntactic tests come first: most entities of a header fail one.
fn names_module(db: &dyn CodegenDatabase, item: Item<'_>) -> bool {
    let header = item.header(db);
    match item.kind(db) {
        ItemKind::Routine => {
            if item.body(db).is_none() || header.kind() != FUNCTION_DEF.into() {
                return false;
            }
            if *il::decl::linkage(db, item) != Linkage::External {
                return false;
            }
            let decl = il::decl::routine_decl(db, item);
            !decl.specifiers.is_inline
                && !decl.specifiers.is_constexpr
                && !decl.specifiers.is_consteval
                && !decl.is_defaulted
                && !decl.is_deleted
                && !declared_inline_elsewhere(db, item)
        }
        ItemKind::Variable => {
            let initialized = SyntaxNode::new_root(header.clone())
                .descendants()
                .filter(|n| n.kind() == INIT_DECLARATOR)
                .any(|d| d.children().any(|n| n.kind() == INITIALIZER));
            initialized
                && *il::decl::linkage(db, item) == Linkage::External
                && !il::decl::variable_decl(db, item).specifiers.is_inline
        }
        _ => false,
    }
}

/// A definition of a routine that an earlier declaration in its namespace declares `inline`, or
/// an out-of-class definition of a member its class declares `inline`
/// (`struct S { inline int f(); }; int S::f() { ... }`, as libstdc++'s `ctype<char>::is` in
/// an explicit specialization): inline, whatever the definition says.
fn declared_inline_elsewhere(db: &dyn CodegenDatabase, item: Item<'_>) -> bool {
    let is_inline = |member: Item<'_>| {
        member.kind(db) == ItemKind::Routine && {
            let decl = il::decl::routine_decl(db, member);
            decl.specifiers.is_inline || decl.specifiers.is_constexpr
        }
    };
    let matches = |m: &Item<'_>| {
        m.kind(db) == ItemKind::Routine && m.signature_key(db) == item.signature_key(db)
    };
    let from = item.parent(db).map_or(
        il::lookup::ScopeRef::File(item.file(db)),
        il::lookup::ScopeRef::Item,
    );
    // `defined_member` looks in the first class the qualifier names, which may be a forward
    // declaration (`class error_code;` before its definition, as in thrust): look in each.
    if let Some((qualifier, last)) = item.name_text(db).and_then(|n| n.rsplit_once("::"))
        && !qualifier.contains('<')
    {
        let global = qualifier.starts_with("::") || qualifier.is_empty();
        let segments: Vec<String> = qualifier
            .trim_start_matches("::")
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        return il::lookup::lookup_path(db, from, global, &segments)
            .into_iter()
            .filter(|scope| scope.kind(db).is_scope())
            .flat_map(|scope| {
                il::lookup::members_named(db, il::lookup::ScopeRef::Item(scope), last)
            })
            .any(|m| matches(&m) && is_inline(m));
    }
    if item.name_text(db).is_some_and(|n| !n.contains("::")) {
        // A redeclaration in the same namespace (`inline error_code make_error_code(errc_t);`
        // before the definition, as in thrust).
        let scope = item.parent(db).map_or(
            il::lookup::ScopeRef::File(item.file(db)),
            il::lookup::ScopeRef::Item,
        );
        let name = item.name_text(db).unwrap_or_default();
        return il::lookup::members_named(db, scope, name)
            .into_iter()
            .any(|m| m != item && matches(&m) && is_inline(m));
    }
    if let Some(member) = il::lookup::defined_member(db, item) {
        return is_inline(member);
    }
    // `defined_member` looks qualifiers up by name: a specialization's (`S<int>::`) is
    // resolved as a name with template arguments.
    let header = SyntaxNode::new_root(item.header(db).clone());
    let Some(name) = mangling::declarator_name(&header) else {
        return false;
    };
    match il::resolve::lookup_name_in(db, from, None, &name) {
        Some(il::resolve::Found::Items(members, ..)) => {
            members.into_iter().any(|m| matches(&m) && is_inline(m))
        }
        _ => false,
    }
}
