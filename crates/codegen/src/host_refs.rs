//! The host reference arrays of separate compilation (`--device-c`, nvcc's `-rdc=true`): six
//! weak `extern "C"` byte arrays in the sections `.nvHRKI/.nvHRKE` (kernels), `.nvHRDI/.nvHRDE`
//! (`__device__` variables) and `.nvHRCI/.nvHRCE` (`__constant__` variables), internal and
//! external linkage, naming every device entity the host code refers to, so that the device
//! link keeps them. Measured with cudafe++ 13.0.88 (seed 000 describes the arrays, not their
//! content):
//! - an external kernel is the prefix of its mangled name, without parameters: `_Z6parent*`,
//!   `_ZN2ns1k*`; a template kernel is listed as such too;
//! - an internal kernel (`static`, in an unnamed namespace, and every template kernel, which the
//!   host unit makes `static`) is `__nv_static_<len>_<module id>_*<names>*`, its qualified
//!   name as length-prefixed segments;
//! - an external variable at file scope is its name (`used_dv`), a namespace member the prefix
//!   `_ZN2ns2dv*`;
//! - each list is sorted by bytes; an empty list is the single byte 0.
//!
//! References are found in the lowered bodies (`hir-def`) of the unit's host and
//! `__host__ __device__` functions: a name the body's scopes do not bind, looked up from the
//! function's namespace.
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::ops::ControlFlow;

use base_db::SourceFile;
use hir_def::body::scope::ExprScopes;
use hir_def::hir::Expr;
use il::cuda::{ExecSpace, MemorySpace};
use il::{Item, ItemKind};

use crate::CodegenDatabase;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum DeviceEntity {
    Kernel { template: bool, internal: bool },
    Variable { constant: bool, internal: bool },
}

/// The device entities of the unit by (namespace path, name).
fn device_entities(
    db: &dyn CodegenDatabase,
    file: SourceFile,
) -> BTreeMap<(String, String), DeviceEntity> {
    let mut out = BTreeMap::new();
    // Members of classes are not found by the namespace lookup of `host_referenced`.
    crate::namespaces::walk_namespace_scopes(db, file, &mut |item, path| {
        let Some(name) = item.name_text(db) else {
            return ControlFlow::<()>::Continue(());
        };
        let internal = || {
            path.split("::").any(|s| s == "<unnamed>")
                || *il::decl::linkage(db, item) == il::decl::Linkage::Internal
        };
        let entity = match item.kind(db) {
            ItemKind::Routine | ItemKind::FunctionTemplate => {
                if il::decl::routine_decl(db, item).exec_space != ExecSpace::Global {
                    return ControlFlow::Continue(());
                }
                let template = item.kind(db) == ItemKind::FunctionTemplate;
                DeviceEntity::Kernel {
                    template,
                    internal: template || internal(),
                }
            }
            ItemKind::Variable => match il::decl::variable_decl(db, item).memory_space {
                MemorySpace::Device | MemorySpace::Managed => DeviceEntity::Variable {
                    constant: false,
                    internal: internal(),
                },
                MemorySpace::Constant => DeviceEntity::Variable {
                    constant: true,
                    internal: internal(),
                },
                _ => return ControlFlow::Continue(()),
            },
            _ => return ControlFlow::Continue(()),
        };
        out.insert((path.to_string(), name.to_string()), entity);
        ControlFlow::Continue(())
    });
    out
}

/// The device entities host code refers to, each with what it is.
#[salsa::tracked(returns(ref))]
pub fn host_referenced(
    db: &dyn CodegenDatabase,
    file: SourceFile,
) -> BTreeMap<(String, String), DeviceEntityKind> {
    let entities = device_entities(db, file);
    let mut out = BTreeMap::new();
    if entities.is_empty() {
        return out;
    }
    let members = crate::namespaces::namespace_members(db, file);
    for item in il::scope::all_items(db, file) {
        if !matches!(
            item.kind(db),
            ItemKind::Routine | ItemKind::FunctionTemplate
        ) {
            continue;
        }
        if !matches!(
            il::decl::routine_decl(db, item).exec_space,
            ExecSpace::Host | ExecSpace::HostDevice
        ) {
            continue;
        }
        let Some(def) = item_definition(db, item) else {
            continue;
        };
        let from = crate::namespaces::namespace_path(db, item).unwrap_or_default();
        let (body, _) = hir_def::body::lower_function_definition(&def);
        let scopes = ExprScopes::new(&body);
        for (expr, data) in body.exprs.iter() {
            let Expr::Path(path) = data else { continue };
            let Some((last, qualifier)) = path.segments.split_last() else {
                continue;
            };
            let name = &*last.name;
            if !path.global
                && qualifier.is_empty()
                && scopes
                    .scope_for_expr(expr)
                    .is_some_and(|s| scopes.resolve_name(s, name).is_some())
            {
                continue;
            }
            let written: Vec<&str> = qualifier.iter().map(|s| &*s.name).collect();
            let Some(found) =
                crate::namespaces::lookup(members, &from, path.global, &written, name)
            else {
                continue;
            };
            if let Some(entity) = entities.get(&(found.clone(), name.to_string())) {
                out.insert((found, name.to_string()), DeviceEntityKind(*entity));
            }
        }
    }
    out
}

/// What a host-referenced device entity is (opaque outside this module).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DeviceEntityKind(DeviceEntity);

/// A routine item's definition as one tree (header and body).
fn item_definition(db: &dyn CodegenDatabase, item: Item<'_>) -> Option<syntax::SyntaxNode> {
    item.body(db)?;
    hir_def::source::definition_root(db, item)
}

/// The six arrays, as cudafe++ writes them after the trailer.
pub(crate) fn write_arrays(
    db: &dyn CodegenDatabase,
    file: SourceFile,
    module_id: &str,
    out: &mut String,
) {
    let referenced = host_referenced(db, file);
    let mut lists: [BTreeSet<String>; 6] = Default::default();
    let static_prefix = format!("__nv_static_{}_{module_id}_*", module_id.len());
    for ((ns, name), DeviceEntityKind(entity)) in referenced {
        let segments: Vec<String> = ns
            .split("::")
            .filter(|s| !s.is_empty())
            .map(|s| {
                if s == "<unnamed>" {
                    format!("_GLOBAL__N_{module_id}")
                } else {
                    s.to_string()
                }
            })
            .chain(std::iter::once(name.clone()))
            .collect();
        let encoded: String = segments.iter().map(|s| format!("{}{s}", s.len())).collect();
        let nested = segments.len() > 1;
        let internal_name = format!("{static_prefix}{encoded}*");
        let external_function = if nested {
            format!("_ZN{encoded}*")
        } else {
            format!("_Z{encoded}*")
        };
        let external_variable = if nested {
            format!("_ZN{encoded}*")
        } else {
            name.clone()
        };
        match *entity {
            DeviceEntity::Kernel { template, internal } => {
                if internal {
                    lists[0].insert(internal_name);
                }
                if !internal || template {
                    lists[1].insert(external_function);
                }
            }
            DeviceEntity::Variable { constant, internal } => {
                let base = if constant { 4 } else { 2 };
                if internal {
                    lists[base].insert(internal_name);
                } else {
                    lists[base + 1].insert(external_variable);
                }
            }
        }
    }
    const ARRAYS: [(&str, &str); 6] = [
        (".nvHRKI", "hostRefKernelArrayInternalLinkage"),
        (".nvHRKE", "hostRefKernelArrayExternalLinkage"),
        (".nvHRDI", "hostRefDeviceArrayInternalLinkage"),
        (".nvHRDE", "hostRefDeviceArrayExternalLinkage"),
        (".nvHRCI", "hostRefConstantArrayInternalLinkage"),
        (".nvHRCE", "hostRefConstantArrayExternalLinkage"),
    ];
    for ((section, array), names) in ARRAYS.iter().zip(&lists) {
        write!(
            out,
            "\nextern \"C\" {{\nextern __attribute__ ((section (\"{section}\"))) __attribute__((weak)) const unsigned char {array}[] = {{\n"
        )
        .unwrap();
        if names.is_empty() {
            out.push_str("0x0};\n}\n");
            continue;
        }
        for name in names {
            writeln!(out, "/* {name} */").unwrap();
            for byte in name.bytes() {
                write!(out, "{byte:#x},").unwrap();
            }
            out.push_str("0x0,\n");
        }
        out.push_str("};\n}\n");
    }
}
