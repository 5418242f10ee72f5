//! The bridge from the walk's syntax positions to the semantic model.
//!
//! The walk reads the file's syntax tree (its lines need positions); what a position means
//! (which body owner a node is in, which lowered expression it is, what that expression's
//! value is in an instance) is hir-def's and hir-ty's answer, asked through `hir::Semantics`.
//! The walk holds a [`Model`] when it runs over a database ([`crate::log_lines_in`]); the
//! syntax-only entry points ([`crate::log_lines`]) have none and print what needs the model
//! as if it had no answer.
use hir::{InBody, Semantics};
use hir_def::source::DeclarationOffsets;
use hir_ty::InferenceResult;
use hir_ty::class_instance::{MemberInstance, infer_member_instance, member_body_owner};
use hir_ty::const_eval::Evaluator;
use hir_ty::ty::Instance;
use il::Item;
use rustc_hash::FxHashMap;
use syntax::SyntaxNode;

use std::sync::Arc;

use crate::Walker;

/// The semantic model of the walked file.
pub(crate) struct Model<'db> {
    sema: Semantics<'db>,
    /// Where each body owner's declaration lies in the file (`declaration_offsets`, by item:
    /// the walk asks about owners it already knows, the templates of the instances it logs).
    offsets: FxHashMap<Item<'db>, DeclarationOffsets>,
}

/// A body the model instantiates: a function template instance's, or a member function's of
/// a class template instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum InstanceBody<'db> {
    Function(Instance<'db>),
    Member(MemberInstance<'db>),
}

impl<'db> InstanceBody<'db> {
    /// The item whose lowered body the instance's `ExprId`s index.
    pub(crate) fn owner(self, db: &'db dyn hir_ty::HirTyDatabase) -> Option<Item<'db>> {
        match self {
            InstanceBody::Function(instance) => Some(instance.template(db)),
            InstanceBody::Member(member) => member_body_owner(db, member.member(db)),
        }
    }
}

impl<'db> Model<'db> {
    pub(crate) fn new(db: &'db dyn hir_ty::HirTyDatabase, file: base_db::SourceFile) -> Self {
        Model {
            sema: Semantics::new(db, file),
            offsets: hir_def::source::declaration_offsets(db, file)
                .iter()
                .copied()
                .collect(),
        }
    }

    pub(crate) fn db(&self) -> &'db dyn hir_ty::HirTyDatabase {
        self.sema.db()
    }

    pub(crate) fn file(&self) -> base_db::SourceFile {
        self.sema.file()
    }

    /// Where `owner`'s declaration lies in the file, when it owns a body there.
    pub(crate) fn offsets(&self, owner: Item<'db>) -> Option<DeclarationOffsets> {
        self.offsets.get(&owner).copied()
    }

    /// The expression of `owner`'s lowered body that `node` (a node of the file's tree) is.
    pub(crate) fn expr_in(&self, owner: Item<'db>, node: &SyntaxNode) -> Option<InBody<'db>> {
        self.sema
            .expr_in(owner, self.offsets(owner)?, node.text_range())
    }

    /// The inference of the instance's body (the template's `ExprId`s).
    fn inference(&self, instance: InstanceBody<'db>) -> Arc<InferenceResult<'db>> {
        let db = self.db();
        match instance {
            InstanceBody::Function(i) => hir_ty::infer_instance(db, i),
            InstanceBody::Member(m) => infer_member_instance(db, m),
        }
    }

    /// The class template instances whose members the expressions of `node` (in the
    /// instance's template body) name, in source order, each once: naming `lim<T>::is_signed`
    /// in `imp<float>` needs `lim<float>` complete.
    pub(crate) fn classes_named_in(
        &self,
        instance: InstanceBody<'db>,
        node: &SyntaxNode,
    ) -> Vec<Instance<'db>> {
        let db = self.db();
        let Some(owner) = instance.owner(db) else {
            return Vec::new();
        };
        let infer = self.inference(instance);
        let mut out = Vec::new();
        for n in node.descendants() {
            let Some(e) = self.expr_in(owner, &n) else {
                continue;
            };
            // The class the qualifier names (`numeric_limits<T>`), not the base that declares
            // the member: EDG completes the named class, its bases with it.
            if let Some(class) = infer
                .qualifier_instance(e.expr)
                .or_else(|| infer.member_instance(e.expr).map(|m| m.class(db)))
                && !out.contains(&class)
            {
                out.push(class);
            }
            if let Some(variable) = infer.variable_instance(e.expr) {
                self.classes_named_by_variable(variable, &mut out, 0);
            }
        }
        out
    }

    /// The class template instances a variable template instance's initializer names
    /// (`is_floating_point<__half>` for `is_floating_point_v<__half>`), through the variable
    /// template instances it names in turn: evaluating the instance completes them.
    fn classes_named_by_variable(
        &self,
        variable: Instance<'db>,
        out: &mut Vec<Instance<'db>>,
        depth: u32,
    ) {
        // Deeper than any header's chain of variable templates.
        if depth > 16 {
            return;
        }
        let db = self.db();
        let Some((definition, _)) = hir_ty::var_instance::variable_definition(db, variable) else {
            return;
        };
        let body = hir_def::body::body(db, definition);
        let infer = hir_ty::var_instance::infer_variable_instance(db, variable);
        for (e, _) in body.exprs.iter() {
            if let Some(class) = infer
                .qualifier_instance(e)
                .or_else(|| infer.member_instance(e).map(|m| m.class(db)))
                && !out.contains(&class)
            {
                out.push(class);
            }
            if let Some(inner) = infer.variable_instance(e) {
                self.classes_named_by_variable(inner, out, depth + 1);
            }
        }
    }

    /// The value of `node`, an expression of the instance's template body, in the instance
    /// (an `if constexpr` condition under its arguments): hir-ty's evaluator over the body's
    /// expression, with the instance's inference and bindings.
    pub(crate) fn value_in(&self, instance: InstanceBody<'db>, node: &SyntaxNode) -> Option<i128> {
        let db = self.db();
        let owner = instance.owner(db)?;
        let expr = self.expr_in(owner, node)?.expr;
        let body = hir_def::body::body(db, owner);
        let mut ev = match instance {
            InstanceBody::Function(i) => Evaluator::of_instance(db, i, &body),
            InstanceBody::Member(m) => Evaluator::of_member_instance(db, m, &body),
        };
        ev.eval(expr).ok().map(|v| v.value)
    }
}

impl Walker<'_> {
    /// The value of an expression of the body being logged, in the instance the model
    /// demanded it for (`None` outside the model's instances, or when it is no constant).
    /// Completes the class instances the condition names first, as EDG does when it
    /// instantiates the condition (the walk's instance engine logs their members).
    pub(crate) fn instance_value(&mut self, node: &SyntaxNode) -> Option<i128> {
        let instance = self.called.instance_body(self.call_context)?;
        let model = self.model.as_ref()?;
        let db = model.db();
        let named: Vec<String> = model
            .classes_named_in(instance, node)
            .into_iter()
            .filter_map(|class| hir_ty::display::instance_edg_name(db, class))
            .collect();
        let value = model.value_in(instance, node);
        for class in named {
            self.complete_printed(&class);
        }
        value
    }
}
