//! The types il resolves for declarations, lowered into this layer's [`Ty`].
//!
//! il resolves the types written in declarations (specifiers, declarators, lookup of the names
//! in them, class template instances). A template's declarations are resolved with its
//! parameters standing for themselves: [`template_env`] binds each type parameter of the item
//! and of its enclosing class templates to an il `TemplateParam` whose depth is a marker
//! ([`MARK`] plus the level), which [`lower_il_ty`] turns back into a [`TyKind::Param`] that knows
//! its owner.
use hir_def::generics::TemplateParamId;
use il::instantiate::{Bound, Env, ParamKind, TemplateArg, template_params};
use il::ty::TyKind as IlKind;
use il::{Item, ItemKind};

use crate::HirTyDatabase;
use crate::ty::{FnTy, GenericArg, Instance, Ty, TyKind};

/// Depths at or above this in il's `TemplateParam` are ours (see the module doc).
const MARK: u32 = 0x4000_0000;

/// The templates whose parameters are visible in `item`'s declaration, innermost first.
pub(crate) fn template_owners<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> Vec<Item<'db>> {
    let mut owners = Vec::new();
    let mut cur = Some(item);
    while let Some(i) = cur {
        if !template_params(db, i).is_empty() {
            owners.push(i);
        }
        cur = i.parent(db).filter(|p| p.kind(db) != ItemKind::Namespace);
        if owners.len() > 8 {
            break;
        }
    }
    owners
}

/// The environment in which `item`'s declaration is resolved with every visible template
/// parameter standing for itself; `None` outside templates.
pub(crate) fn template_env<'db>(db: &'db dyn HirTyDatabase, owners: &[Item<'db>]) -> Env<'db> {
    let mut outer: Env<'db> = None;
    for (level, template) in owners.iter().enumerate().rev() {
        let args: Vec<TemplateArg<'db>> = template_params(db, *template)
            .iter()
            .enumerate()
            .map(|(i, p)| match p.kind {
                ParamKind::Type => TemplateArg::Type(il::ty::Ty::new(
                    db,
                    IlKind::TemplateParam {
                        depth: MARK + level as u32,
                        index: i as u32,
                    },
                )),
                _ => TemplateArg::Unbound(i as u32),
            })
            .collect();
        outer = Some(Bound::bind(db, *template, args, outer));
    }
    outer
}

/// Lowers an il type. `owners` maps marked template parameters back to their owners.
pub(crate) fn lower_il_ty<'db>(
    db: &'db dyn HirTyDatabase,
    ty: il::ty::Ty<'db>,
    owners: &[Item<'db>],
) -> Ty<'db> {
    lower_depth(db, ty, owners, 0)
}

fn lower_depth<'db>(
    db: &'db dyn HirTyDatabase,
    ty: il::ty::Ty<'db>,
    owners: &[Item<'db>],
    depth: u32,
) -> Ty<'db> {
    if depth > 64 {
        return Ty::error(db);
    }
    let go = |t: il::ty::Ty<'db>| lower_depth(db, t, owners, depth + 1);
    let kind = match ty.kind(db) {
        IlKind::Builtin(b) => TyKind::Builtin(*b),
        IlKind::Qualified(cv, inner) => return go(*inner).qualified(db, *cv),
        IlKind::Pointer(inner) => return go(*inner).pointer(db),
        IlKind::Reference(kind, inner) => return go(*inner).reference(db, *kind),
        IlKind::Array(elem, n) => TyKind::Array(go(*elem), *n),
        IlKind::DependentArray(elem, il::ty::DependentBound::Param { index, .. })
            if !owners.is_empty() =>
        {
            // A bound written as the parameter alone is the innermost template's parameter.
            TyKind::ParamArray(
                go(*elem),
                TemplateParamId {
                    owner: owners[0],
                    index: *index,
                },
            )
        }
        IlKind::DependentArray(elem, bound) => {
            let elem = go(*elem);
            TyKind::Dependent(format!("{} [{}]", elem.to_source(db), bound.spelling()).into())
        }
        IlKind::Function(sig) => TyKind::Function(FnTy {
            ret: go(sig.ret),
            params: sig.params.iter().map(|p| go(*p)).collect(),
            variadic: sig.variadic,
            this_cv: sig.this_cv,
            ref_qualifier: sig.ref_qualifier,
        }),
        IlKind::MemberPointer { class, pointee } => TyKind::MemberPointer {
            class: go(*class),
            pointee: go(*pointee),
        },
        IlKind::Class(item) => TyKind::Class(*item),
        IlKind::Enum(item) => TyKind::Enum(*item),
        IlKind::Typedef(item) => {
            return match il::resolve::typedef_target(db, *item) {
                Some(target) => go(target),
                None => Ty::error(db),
            };
        }
        IlKind::Vector { elem, bytes } => TyKind::Vector {
            elem: go(*elem),
            bytes: *bytes,
        },
        IlKind::TemplateParam { depth: d, index } => match d.checked_sub(MARK) {
            Some(level) if (level as usize) < owners.len() => TyKind::Param(TemplateParamId {
                owner: owners[level as usize],
                index: *index,
            }),
            _ => TyKind::Dependent(ty.display(db).into()),
        },
        IlKind::Instance(inst) => {
            let class = inst.class(db);
            if class.kind(db) == ItemKind::ClassTemplate {
                let args: Vec<GenericArg<'db>> = inst
                    .args(db)
                    .iter()
                    .map(|a| lower_arg(db, a, owners, class, depth))
                    .collect();
                TyKind::Instance(Instance::new(db, class, args))
            } else {
                TyKind::Class(class)
            }
        }
        IlKind::TemplateId(text) => TyKind::Dependent(text.as_str().into()),
        IlKind::Closure { .. } | IlKind::Unknown => TyKind::Error,
    };
    Ty::new(db, kind)
}

fn lower_arg<'db>(
    db: &'db dyn HirTyDatabase,
    arg: &TemplateArg<'db>,
    owners: &[Item<'db>],
    template: Item<'db>,
    depth: u32,
) -> GenericArg<'db> {
    match arg {
        TemplateArg::Type(t) => GenericArg::Type(lower_depth(db, *t, owners, depth + 1)),
        TemplateArg::Value(v) | TemplateArg::Typed(_, v) => GenericArg::Value(*v),
        TemplateArg::Template(item) => GenericArg::Template(*item),
        TemplateArg::Unbound(i) => {
            let name = template_params(db, template)
                .get(*i as usize)
                .map_or_else(|| format!("<parameter {i}>"), |p| p.name.clone());
            GenericArg::DependentValue(name.into())
        }
    }
}
