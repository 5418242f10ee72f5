//! A local declared with a class template's name and no arguments (`Pair p(1, 2.0f);`,
//! `std::pair q{1, 2.0};`): its type is the instance class template argument deduction
//! ([`crate::ctad`]) gives for the initializer's arguments, as inference types them.
use hir_def::hir::{BindingId, Expr};
use il::item::ItemKind;

use crate::specialization::primary_definition;
use crate::ty::{Instance, Ty, TyKind};

use super::expr::InferCtx;

impl<'db> InferCtx<'_, 'db> {
    /// The deduced type of a local whose written type is a plain (possibly qualified) name of
    /// a class template and whose initializer is `(args)` or `{args}`; `None` otherwise, or
    /// where no guide wins.
    pub(super) fn deduced_class_type(&mut self, binding: BindingId) -> Option<Ty<'db>> {
        let db = self.db;
        let written = self.body.bindings[binding].ty.as_str().trim();
        if written.is_empty()
            || !written
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == ':')
        {
            return None;
        }
        let global = written.starts_with("::");
        let names: Vec<String> = written
            .trim_start_matches("::")
            .split("::")
            .map(str::to_string)
            .collect();
        if names.iter().any(|n| n.is_empty()) {
            return None;
        }
        let (init, _) = self.binding_inits.get(&binding).copied()?;
        let items = match &self.body.exprs[init] {
            Expr::InitList(items) | Expr::ParenInit(items) => items.to_vec(),
            _ => return None,
        };
        let template = crate::inference::lookup_path_memo(db, self.scope, global, &names)
            .into_iter()
            .find(|i| i.kind(db) == ItemKind::ClassTemplate)?;
        let template = primary_definition(db, template)?;
        let mut args = Vec::new();
        for item in items {
            let (ty, category) = self.infer_expr_full(item);
            let ty = ty.strip_reference(db);
            if ty.is_error(db) || ty.is_dependent(db) {
                return None;
            }
            args.push((ty, category));
        }
        let deduced = crate::ctad::deduce_class_args(db, template, &args)?;
        let instance = Instance::new(db, template, deduced.args);
        Some(Ty::new(db, TyKind::Instance(instance)))
    }
}
