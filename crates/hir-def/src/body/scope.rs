//! Expression scopes: which local names each expression of a body sees.
//!
//! A scope is opened by every block, every statement that may declare in its header (`if`,
//! `switch`, `while`, `for`, range-`for`, `catch`), every lambda, and after every declarator:
//! C++'s point of declaration is right after the declarator, so `int a = 1, b = a;` sees `a` in
//! `b`'s initializer and the statements after see both, while the statements before see neither.
//! Names not found in a scope are *outside* (members, namespace-scope entities, or undeclared):
//! resolving those is lookup's work, not this module's.
use std::sync::Arc;

use il::Item;
use la_arena::{Arena, ArenaMap, Idx};

use crate::HirDefDatabase;
use crate::body::{Body, body};
use crate::generics::{TemplateParamId, find_template_param};
use crate::hir::{
    BindingId, Capture, Condition, Expr, ExprId, LocalTypeId, LocalUsing, Stmt, StmtId,
};

pub type ScopeId = Idx<ScopeData>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScopeDef {
    Binding(BindingId),
    LocalType(LocalTypeId),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScopeEntry {
    pub name: Box<str>,
    pub def: ScopeDef,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScopeData {
    pub parent: Option<ScopeId>,
    pub entries: Vec<ScopeEntry>,
    /// The `using namespace N;` statements of a block that this scope starts after (the
    /// statements after a directive see it, those before do not).
    pub directives: Vec<StmtId>,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct ExprScopes {
    scopes: Arena<ScopeData>,
    scope_by_expr: ArenaMap<ExprId, ScopeId>,
    scope_by_stmt: ArenaMap<StmtId, ScopeId>,
}

impl ExprScopes {
    pub fn new(body: &Body) -> ExprScopes {
        let mut scopes = ExprScopes::default();
        let root = scopes.new_scope(None);
        for &param in body.params.iter() {
            scopes.add_binding(body, root, param);
        }
        for init in body.mem_inits.iter() {
            scopes.expr(body, init.init, root);
        }
        if let Some(stmt) = body.body_stmt {
            scopes.stmt(body, stmt, root);
        }
        if let Some(expr) = body.init_expr {
            scopes.expr(body, expr, root);
        }
        scopes
    }

    /// The innermost scope an expression sees.
    pub fn scope_for_expr(&self, expr: ExprId) -> Option<ScopeId> {
        self.scope_by_expr.get(expr).copied()
    }

    /// The scope a statement is in.
    pub fn scope_for_stmt(&self, stmt: StmtId) -> Option<ScopeId> {
        self.scope_by_stmt.get(stmt).copied()
    }

    pub fn scope(&self, id: ScopeId) -> &ScopeData {
        &self.scopes[id]
    }

    /// The scope and its ancestors, innermost first.
    pub fn scope_chain(&self, scope: Option<ScopeId>) -> impl Iterator<Item = ScopeId> + '_ {
        std::iter::successors(scope, move |&s| self.scopes[s].parent)
    }

    /// The block-scope using-directives `scope` sees, innermost (and latest) first.
    pub fn using_directives(&self, scope: ScopeId) -> impl Iterator<Item = StmtId> + '_ {
        self.scope_chain(Some(scope))
            .flat_map(move |s| self.scopes[s].directives.iter().rev().copied())
    }

    /// The local declaration `name` denotes from `scope`, innermost (and latest) first.
    pub fn resolve_name(&self, scope: ScopeId, name: &str) -> Option<ScopeDef> {
        self.scope_chain(Some(scope)).find_map(|s| {
            self.scopes[s]
                .entries
                .iter()
                .rev()
                .find(|e| &*e.name == name)
                .map(|e| e.def)
        })
    }

    fn new_scope(&mut self, parent: Option<ScopeId>) -> ScopeId {
        self.scopes.alloc(ScopeData {
            parent,
            entries: Vec::new(),
            directives: Vec::new(),
        })
    }

    fn add_binding(&mut self, body: &Body, scope: ScopeId, binding: BindingId) {
        if let Some(name) = &body.bindings[binding].name {
            self.scopes[scope].entries.push(ScopeEntry {
                name: name.clone(),
                def: ScopeDef::Binding(binding),
            });
        }
    }

    /// Declares the bindings of a declaration statement, one scope per declarator; returns the
    /// scope the following statements see.
    fn decl_stmt(&mut self, body: &Body, stmt: StmtId, mut scope: ScopeId) -> ScopeId {
        self.scope_by_stmt.insert(stmt, scope);
        let decls = match &body.stmts[stmt] {
            Stmt::Decl(decls) => decls,
            Stmt::TypeDecl { types, decls } => {
                let inner = self.new_scope(Some(scope));
                for &ty in types.iter() {
                    let local = &body.local_types[ty];
                    if let Some(name) = &local.name {
                        self.scopes[inner].entries.push(ScopeEntry {
                            name: name.clone(),
                            def: ScopeDef::LocalType(ty),
                        });
                    }
                    for &e in local.enumerators.iter() {
                        self.add_binding(body, inner, e);
                    }
                }
                scope = inner;
                decls
            }
            _ => return scope,
        };
        // `decltype(e) x, y`: the operand sees what precedes the declaration.
        if let Some(operand) = decls.first().and_then(|d| body.decltype_of(d.binding)) {
            self.expr(body, operand, scope);
        }
        for decl in decls.iter() {
            let inner = self.new_scope(Some(scope));
            self.add_binding(body, inner, decl.binding);
            if let Some(init) = decl.init {
                self.expr(body, init, inner);
            }
            scope = inner;
        }
        scope
    }

    fn condition(&mut self, body: &Body, cond: &Condition, scope: ScopeId) -> ScopeId {
        match cond {
            Condition::Expr(e) => {
                self.expr(body, *e, scope);
                scope
            }
            Condition::Decl(stmt) => self.decl_stmt(body, *stmt, scope),
        }
    }

    /// A statement in `scope`; returns the scope the next statement of the block sees.
    fn stmt(&mut self, body: &Body, stmt: StmtId, scope: ScopeId) -> ScopeId {
        self.scope_by_stmt.insert(stmt, scope);
        match &body.stmts[stmt] {
            Stmt::Decl(_) | Stmt::TypeDecl { .. } => return self.decl_stmt(body, stmt, scope),
            Stmt::Using(LocalUsing::Directive(_)) => {
                let inner = self.new_scope(Some(scope));
                self.scopes[inner].directives.push(stmt);
                return inner;
            }
            Stmt::Compound(stmts) => {
                let mut inner = self.new_scope(Some(scope));
                for &s in stmts.iter() {
                    inner = self.stmt(body, s, inner);
                }
            }
            Stmt::Expr(e) | Stmt::ComputedGoto(e) => self.expr(body, *e, scope),
            Stmt::If {
                init,
                cond,
                then,
                else_,
                ..
            } => {
                let mut inner = self.new_scope(Some(scope));
                if let Some(init) = init {
                    inner = self.stmt(body, *init, inner);
                }
                inner = self.condition(body, cond, inner);
                self.stmt(body, *then, inner);
                if let Some(e) = else_ {
                    self.stmt(body, *e, inner);
                }
            }
            Stmt::IfConsteval { then, else_, .. } => {
                self.stmt(body, *then, scope);
                if let Some(e) = else_ {
                    self.stmt(body, *e, scope);
                }
            }
            Stmt::Switch {
                init,
                cond,
                body: b,
            } => {
                let mut inner = self.new_scope(Some(scope));
                if let Some(init) = init {
                    inner = self.stmt(body, *init, inner);
                }
                inner = self.condition(body, cond, inner);
                self.stmt(body, *b, inner);
            }
            Stmt::Case { value, range_end } => {
                self.expr(body, *value, scope);
                if let Some(e) = range_end {
                    self.expr(body, *e, scope);
                }
            }
            Stmt::While { cond, body: b } => {
                let inner = self.new_scope(Some(scope));
                let inner = self.condition(body, cond, inner);
                self.stmt(body, *b, inner);
            }
            Stmt::DoWhile { body: b, cond } => {
                self.stmt(body, *b, scope);
                self.expr(body, *cond, scope);
            }
            Stmt::For {
                init,
                cond,
                step,
                body: b,
            } => {
                let mut inner = self.new_scope(Some(scope));
                if let Some(init) = init {
                    inner = self.stmt(body, *init, inner);
                }
                if let Some(cond) = cond {
                    inner = self.condition(body, cond, inner);
                }
                if let Some(step) = step {
                    self.expr(body, *step, inner);
                }
                self.stmt(body, *b, inner);
            }
            Stmt::RangeFor {
                decl,
                range,
                body: b,
            } => {
                // The range is evaluated before the loop variable exists.
                self.expr(body, *range, scope);
                let inner = self.new_scope(Some(scope));
                let inner = self.stmt(body, *decl, inner);
                self.stmt(body, *b, inner);
            }
            Stmt::Return(e) | Stmt::CoReturn(e) => {
                if let Some(e) = e {
                    self.expr(body, *e, scope);
                }
            }
            Stmt::Try { body: b, handlers } => {
                self.stmt(body, *b, scope);
                for h in handlers.iter() {
                    let inner = self.new_scope(Some(scope));
                    if let Some(p) = h.param {
                        self.add_binding(body, inner, p);
                    }
                    self.stmt(body, h.body, inner);
                }
            }
            Stmt::StaticAssert { cond, message } => {
                self.expr(body, *cond, scope);
                if let Some(m) = message {
                    self.expr(body, *m, scope);
                }
            }
            Stmt::Asm { operands, .. } => {
                for (_, e) in operands.iter() {
                    self.expr(body, *e, scope);
                }
            }
            Stmt::Missing
            | Stmt::Using(_)
            | Stmt::LocalLabels(_)
            | Stmt::Default
            | Stmt::Label(_)
            | Stmt::Break
            | Stmt::Continue
            | Stmt::Goto(_)
            | Stmt::Empty => {}
        }
        scope
    }

    fn expr(&mut self, body: &Body, expr: ExprId, scope: ScopeId) {
        self.scope_by_expr.insert(expr, scope);
        let sub = |this: &mut Self, e: ExprId| this.expr(body, e, scope);
        match &body.exprs[expr] {
            Expr::Lambda(lambda) => {
                let inner = self.new_scope(Some(scope));
                for capture in lambda.captures.iter() {
                    if let Capture::Init { binding, init, .. } = capture {
                        self.expr(body, *init, scope);
                        self.add_binding(body, inner, *binding);
                    }
                }
                for &p in lambda.params.iter() {
                    self.add_binding(body, inner, p);
                }
                self.stmt(body, lambda.body, inner);
            }
            Expr::StmtExpr(stmt) => {
                self.stmt(body, *stmt, scope);
            }
            other => {
                for child in other.child_exprs() {
                    sub(self, child);
                }
            }
        }
    }
}

/// The expression scopes of an item's body. Reads only [`body`], so a body edit that changes
/// nothing but positions or comments does not re-run it.
#[salsa::tracked(returns(clone))]
pub fn expr_scopes<'db>(db: &'db dyn HirDefDatabase, owner: Item<'db>) -> Arc<ExprScopes> {
    Arc::new(ExprScopes::new(&body(db, owner)))
}

/// What a name used in a body denotes, as far as this layer knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Resolution<'db> {
    /// A parameter, local variable, catch parameter, init-capture or local enumerator.
    Local(BindingId),
    /// A local class, enum, typedef or alias.
    LocalType(LocalTypeId),
    /// A template parameter of the owner or of an enclosing class template.
    TemplateParam(TemplateParamId<'db>),
    /// Not declared in the body: a member, a namespace-scope entity, or nothing (lookup decides).
    Outside,
}

/// Resolves an unqualified name expression (`Expr::Path` of one identifier) of `owner`'s body
/// against the body's scopes, then the template parameters; `None` when `expr` is not such a
/// name.
pub fn resolve_name_in_scope<'db>(
    db: &'db dyn HirDefDatabase,
    owner: Item<'db>,
    expr: ExprId,
) -> Option<Resolution<'db>> {
    let body = body(db, owner);
    if expr.into_raw().into_u32() as usize >= body.exprs.len() {
        return None;
    }
    let Expr::Path(path) = &body.exprs[expr] else {
        return None;
    };
    let name = path.as_ident()?;
    let scopes = expr_scopes(db, owner);
    if let Some(scope) = scopes.scope_for_expr(expr)
        && let Some(def) = scopes.resolve_name(scope, name)
    {
        return Some(match def {
            ScopeDef::Binding(b) => Resolution::Local(b),
            ScopeDef::LocalType(t) => Resolution::LocalType(t),
        });
    }
    if let Some(param) = find_template_param(db, owner, name) {
        return Some(Resolution::TemplateParam(param));
    }
    Some(Resolution::Outside)
}
