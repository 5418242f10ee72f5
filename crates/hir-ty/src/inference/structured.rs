//! Structured bindings ([dcl.struct.bind]): `auto [a, b] = e;` declares a hidden variable
//! initialized by `e`, whose type `E` the placeholder deduces as for `auto x = e` but without
//! the array-to-pointer decay, and each name refers to an element of it: the `i`th element of
//! an array, `std::tuple_element<i, E>::type` for a tuple-like `E` (one `std::tuple_size<E>`
//! is defined for), else the `i`th non-static data member of the class, with `E`'s
//! qualifiers. hir-def lowers the names as bindings of one declaration statement, the first
//! holding the initializer.
use hir_def::hir::{BindingId, BindingKind, Expr, LocalDecl};
use il::item::{Item, ItemKind};
use il::lookup::{ScopeRef, members_named};

use crate::class_instance::instance_definition;
use crate::lower::declared_ty;
use crate::special::fields;
use crate::ty::{GenericArg, Instance, Ty, TyKind};
use crate::unify::Subst;

use super::expr::InferCtx;

/// Where a structured binding's name stands: the declaration's first binding (which holds the
/// initializer) and the name's index among the declaration's names.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StructuredName {
    pub first: BindingId,
    pub index: u32,
}

impl<'a, 'db> InferCtx<'a, 'db> {
    /// Records the names of each structured binding declaration (a declaration statement or
    /// a range-for's loop variable).
    pub(crate) fn collect_structured_names(&mut self, decls: &[LocalDecl]) {
        let names: Vec<BindingId> = decls
            .iter()
            .map(|d| d.binding)
            .filter(|b| self.body.bindings[*b].kind == BindingKind::StructuredBinding)
            .collect();
        let Some(first) = names.first().copied() else {
            return;
        };
        for (index, name) in names.into_iter().enumerate() {
            self.structured.insert(
                name,
                StructuredName {
                    first,
                    index: index as u32,
                },
            );
        }
    }

    /// The type of the hidden variable a structured binding declaration initializes; `None`
    /// when `first` is not a structured binding.
    pub(crate) fn structured_object_ty(&mut self, first: BindingId) -> Option<Ty<'db>> {
        let db = self.db;
        if let Some(ty) = self.structured_objects.get(&first) {
            return Some(*ty);
        }
        if self.structured.get(&first)?.first != first {
            return None;
        }
        let written = self.body.bindings[first].ty.as_str().to_string();
        let ty = match self.binding_inits.get(&first).copied() {
            None => self.dependent_or_error("auto"),
            Some((init, _)) => {
                let init_ty = self.infer_expr(init);
                let init_ty = if self.range_for.contains(&first) {
                    match self.element_of(init_ty) {
                        Some(elem) => elem,
                        None => self.dependent_or_error("auto"),
                    }
                } else if let Expr::InitList(items) | Expr::ParenInit(items) =
                    &self.body.exprs[init]
                {
                    match items.first() {
                        Some(only) if items.len() == 1 => self.expr_ty(*only),
                        _ => self.dependent_or_error("auto"),
                    }
                } else {
                    init_ty
                };
                let object = init_ty.strip_reference(db);
                // `auto` drops the initializer's qualifiers; `auto &` and `auto &&` keep them.
                let object = if written.contains('&') {
                    object
                } else {
                    object.unqualified(db)
                };
                if written.contains("const") {
                    let (mut cv, _) = object.split_cv(db);
                    cv.is_const = true;
                    object.unqualified(db).qualified(db, cv)
                } else {
                    object
                }
            }
        };
        self.structured_objects.insert(first, ty);
        Some(ty)
    }

    /// The type of the `index`th name of a structured binding declaration.
    pub(crate) fn structured_binding_ty(&mut self, binding: BindingId) -> Ty<'db> {
        let db = self.db;
        let Some(name) = self.structured.get(&binding).copied() else {
            return self.dependent_or_error("auto");
        };
        let Some(object) = self.structured_object_ty(name.first) else {
            return self.dependent_or_error("auto");
        };
        if object.is_error(db) || object.is_dependent(db) {
            return object;
        }
        let (cv, _) = object.split_cv(db);
        match object.unqualified(db).kind(db) {
            TyKind::Array(elem, _) => return elem.qualified(db, cv),
            TyKind::Class(_) | TyKind::Instance(_) => {}
            _ => return Ty::error(db),
        }
        if let Some(element) = self.tuple_element(object.unqualified(db), name.index) {
            return element;
        }
        let (class, subst) = match object.unqualified(db).kind(db) {
            TyKind::Instance(inst) => match instance_definition(db, *inst) {
                Some(definition) => (definition, Subst::of_instance(db, *inst)),
                None => return Ty::error(db),
            },
            TyKind::Class(item) => (*item, Subst::default()),
            _ => return Ty::error(db),
        };
        match data_members(db, class, 0).get(name.index as usize) {
            Some(field) => {
                let ty = subst.apply(db, declared_ty(db, *field));
                if matches!(ty.kind(db), TyKind::Reference(..)) {
                    ty
                } else {
                    ty.qualified(db, cv)
                }
            }
            None => Ty::error(db),
        }
    }

    /// `std::tuple_element<index, object>::type` when `std::tuple_size<object>` has a
    /// specialization for `object` (the object is tuple-like).
    fn tuple_element(&mut self, object: Ty<'db>, index: u32) -> Option<Ty<'db>> {
        let db = self.db;
        let std_template = |name: &str| -> Option<Item<'db>> {
            let segments = ["std".to_string(), name.to_string()];
            super::path::lookup_path(db, ScopeRef::File(self.owner.file(db)), true, &segments)
                .into_iter()
                .find(|i| i.kind(db) == ItemKind::ClassTemplate)
        };
        let size = std_template("tuple_size")?;
        let size_instance = Instance::new(db, size, vec![GenericArg::Type(object)]);
        instance_definition(db, size_instance).filter(|d| *d != size && d.body(db).is_some())?;
        let element = std_template("tuple_element")?;
        let element_instance = Instance::new(
            db,
            element,
            vec![GenericArg::Value(index as i128), GenericArg::Type(object)],
        );
        let definition = instance_definition(db, element_instance)?;
        let member = members_named(db, ScopeRef::Item(definition), "type")
            .into_iter()
            .next()?;
        let ty = Subst::of_instance(db, element_instance).apply(db, declared_ty(db, member));
        Some(if ty.is_error(db) {
            ty
        } else {
            // The name is a reference to the element (`Ti &` or `Ti &&`); naming it gives
            // an lvalue of `Ti`.
            ty.strip_reference(db)
        })
    }
}

/// The non-static data members a structured binding names: the class's, or those of the one
/// base that declares them all.
fn data_members<'db>(
    db: &'db dyn crate::HirTyDatabase,
    class: Item<'db>,
    depth: u32,
) -> Vec<Item<'db>> {
    let own = fields(db, class);
    // A malformed base clause may name the class itself: the walk stops at a depth no real
    // hierarchy reaches.
    if !own.is_empty() || depth > 32 {
        return own;
    }
    il::lookup::base_classes(db, class)
        .into_iter()
        .filter(|b| b.kind(db) != ItemKind::ClassTemplate)
        .map(|b| data_members(db, b, depth + 1))
        .find(|f| !f.is_empty())
        .unwrap_or_default()
}
