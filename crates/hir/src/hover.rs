//! A definition described in one or two lines, as an editor's hover shows it: the declaration
//! in C++ source spelling (the one type printer's [`Spelling::Source`]), then, for a name that
//! is an expression, the expression's type and value category.
use hir_ty::display::{Spelling, item_name};
use hir_ty::lower::CallableKind;
use hir_ty::{HirTyDatabase, ValueCategory};
use il::ItemKind;
use il::cuda::ExecSpace;

use crate::{Definition, Named, Semantics, is_routine};

/// The hover text of a name.
pub fn hover(sema: &Semantics<'_>, named: &Named<'_>) -> String {
    let db = sema.db();
    let mut out = declaration(sema, named.definition);
    // A routine's name is described by its declaration; the expression (an overload set, a
    // function lvalue) adds nothing.
    let routine_named = matches!(named.definition, Definition::Item(i) if is_routine(db, i));
    if let Some(expr) = named.expr.filter(|_| !routine_named)
        && let Some(ty) = sema.type_of_expr(expr)
        && !ty.is_error(db)
    {
        let category = match sema.value_category(expr) {
            Some(ValueCategory::LValue) => "lvalue",
            Some(ValueCategory::XValue) => "xvalue",
            Some(ValueCategory::PRValue) | None => "prvalue",
        };
        out.push_str(&format!(
            "\nexpression: {} ({category})",
            ty.display(db, Spelling::Source)
        ));
    }
    out
}

/// The declaration of a definition, as source would write it.
fn declaration(sema: &Semantics<'_>, def: Definition<'_>) -> String {
    let db = sema.db();
    let spelled = |ty: Option<hir_ty::Ty<'_>>| match ty {
        Some(ty) if !ty.is_error(db) => ty.display(db, Spelling::Source),
        _ => "<unknown type>".to_string(),
    };
    match def {
        Definition::Local { owner, binding } => {
            let body = hir_def::body::body(db, owner);
            let name = body.bindings[binding]
                .name
                .as_deref()
                .unwrap_or("<unnamed>");
            format!("{} {name}", spelled(sema.type_of_definition(def)))
        }
        Definition::Item(item) if is_routine(db, item) => routine(db, item),
        Definition::Item(item) => {
            let name = item_name(db, item);
            match item.kind(db) {
                ItemKind::Namespace => format!("namespace {name}"),
                ItemKind::NamespaceAlias => format!("namespace alias {name}"),
                ItemKind::Class => format!("class {name}"),
                ItemKind::Struct => format!("struct {name}"),
                ItemKind::Union => format!("union {name}"),
                ItemKind::Enum => format!("enum {name}"),
                ItemKind::ClassTemplate => format!("class template {name}"),
                ItemKind::AliasTemplate => format!("alias template {name}"),
                ItemKind::Typedef => {
                    format!("typedef {name} = {}", spelled(sema.type_of_definition(def)))
                }
                _ => format!("{} {name}", spelled(sema.type_of_definition(def))),
            }
        }
        Definition::Enumerator { enumeration, index } => {
            let name = hir_ty::display::enumerator_name(db, enumeration, index as usize);
            let name = name.as_deref().unwrap_or("<enumerator>");
            format!("{}::{name}", item_name(db, enumeration))
        }
        Definition::TemplateParam(param) => {
            format!(
                "template parameter {} of {}",
                param.index,
                item_name(db, param.owner)
            )
        }
    }
}

/// `__device__ float N::S::f(int, float) const`.
fn routine(db: &dyn HirTyDatabase, item: il::Item<'_>) -> String {
    let name = item_name(db, item);
    let Some(sig) = hir_ty::callable_sig(db, item) else {
        return format!("{name}(...)");
    };
    let space = match sig.exec_space {
        ExecSpace::Host => "",
        ExecSpace::Device => "__device__ ",
        ExecSpace::HostDevice => "__host__ __device__ ",
        ExecSpace::Global => "__global__ ",
    };
    let mut params: Vec<String> = sig
        .params
        .iter()
        .map(|p| p.display(db, Spelling::Source))
        .collect();
    if sig.variadic {
        params.push("...".to_string());
    }
    let ret = match sig.kind {
        CallableKind::Constructor | CallableKind::Destructor | CallableKind::Conversion => {
            String::new()
        }
        CallableKind::Function | CallableKind::Operator => {
            format!("{} ", sig.ret.display(db, Spelling::Source))
        }
    };
    let template = if sig.is_template { "template " } else { "" };
    let cv = if sig.this_cv.is_const { " const" } else { "" };
    format!("{template}{space}{ret}{name}({}){cv}", params.join(", "))
}
