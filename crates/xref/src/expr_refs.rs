//! The references that function bodies make (`U`, `M`, `C`, `A`, `R`), printed from the semantic
//! model: hir-def's lowered body and source map say where each name is, hir-ty's inference what
//! it denotes (`Resolution`, `Callee`) and the declared types that decide how it is accessed.
//! Nothing here looks a name up or types an expression: a name inference did not resolve logs
//! nothing (a missing line is preferred to a wrong one).
//!
//! The access kind comes from the expression's context, as EDG's `record_symbol_reference_full`
//! classifies it (measured in `docs/spec/xref.md`): the left side of `=` is modified (`M`), of a
//! compound assignment and the operand of `++`/`--` read and modified (`C`), the operand of
//! unary `&`, a reference's initializer and a member call's object have their address taken
//! (`A`), other operands are used (`U`); a discarded expression, `sizeof`/`noexcept` operands and
//! every function, type or enumerator named are plain references (`R`), except that a reference
//! variable named in a discarded expression is still read (`U`). A member's object takes the
//! member's access through `.` and is used (`U`) through `->`.
//!
//! Covered: function bodies (templates' too, see `Printer::full`) and the initializers of
//! variables and fields. Not covered yet: types written in expressions (casts, `sizeof(T)`),
//! implicit calls that inference does not record (conversion functions, implicitly declared
//! special members, base constructors of mem-initializers), the call operator of a lambda
//! called, members of class template instances (their spelling).
use hir_def::body::NodePtr;
use hir_def::hir::{
    BinaryOp, BindingId, BindingKind, BuiltinArg, Condition, Expr, ExprId, InitStyle, Stmt, StmtId,
    TypeOrExpr, UnaryOp,
};
use hir_def::{Body, BodySourceMap};
use hir_ty::{CalleeKind, HirTyDatabase, InferenceResult, Resolution, Ty, TyKind};
use il::{Item, ItemKind};
use rowan::NodeOrToken;
use syntax::{SyntaxKind::*, SyntaxNode, TextSize};

/// What a reference line denotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Target<'db> {
    /// A namespace- or class-scope entity.
    Item(Item<'db>),
    /// A parameter or local of a body: its declarator's offset in the file, where its `D` line
    /// is.
    Local(TextSize),
    /// An enumerator (no il item): the enumeration and the index.
    Enumerator(Item<'db>, u32),
    /// An implicitly declared function with no item (`operator new`).
    Implicit(&'static str),
}

/// One reference line of a body, before ids are assigned.
#[derive(Debug, Clone)]
pub(crate) struct BodyReference<'db> {
    pub target: Target<'db>,
    pub name: String,
    pub kind: char,
    pub offset: TextSize,
}

/// The references of every function body of the file that the model covers, per body: the
/// body's declaration range in the file (`start`, `end`) and its lines in source order.
pub(crate) fn file_body_references<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
) -> Vec<(u32, u32, Vec<BodyReference<'db>>)> {
    let mut out = Vec::new();
    for &(item, offsets) in hir_def::source::declaration_offsets(db, file) {
        if hir_def::source::body_owner_kind(db, item).is_none() {
            continue;
        }
        let Some(root) = hir_def::source::definition_root(db, item) else {
            continue;
        };
        let (body, map) = hir_def::body::body_with_source_map(db, item);
        let infer = hir_ty::infer(db, item);
        let mut printer = Printer {
            db,
            body: &body,
            map: &map,
            infer: &infer,
            root: &root,
            offsets,
            lines: Vec::new(),
            owner: item,
            templated: is_templated(db, item),
            dependent: false,
            in_return: false,
            force_r: false,
            rebuild: false,
            rebuild_name: false,
            declared: body.params.to_vec(),
            lambdas: Vec::new(),
            returns_reference: hir_ty::callable_sig(db, item)
                .as_ref()
                .is_some_and(|sig| is_reference(db, sig.ret)),
        };
        printer.body();
        let mut lines = printer.lines;
        lines.sort_by_key(|l| l.offset);
        if !lines.is_empty() {
            out.push((offsets.in_file, offsets.in_file + offsets.len, lines));
        }
    }
    out
}

/// A template, a member of a class template, or anything inside one: EDG logs its names when
/// the template is parsed, all `R`.
fn is_templated(db: &dyn HirTyDatabase, item: Item<'_>) -> bool {
    let mut cur = Some(item);
    while let Some(i) = cur {
        if !hir_def::generics::template_params(db, i).is_empty() {
            return true;
        }
        cur = i.parent(db);
    }
    false
}

fn is_reference(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(ty.kind(db), TyKind::Reference(..))
}

/// Whether a type mentions template parameters.
fn ty_dependent(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::Param(_) | TyKind::Dependent(_) => true,
        TyKind::Qualified(_, t) | TyKind::Pointer(t) | TyKind::Reference(_, t) | TyKind::Array(t, _) => {
            ty_dependent(db, *t)
        }
        TyKind::Instance(inst) => inst.args(db).iter().any(|a| match a {
            hir_ty::ty::GenericArg::Type(t) => ty_dependent(db, *t),
            hir_ty::ty::GenericArg::DependentValue(_) => true,
            _ => false,
        }),
        _ => false,
    }
}

fn unqualified<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Ty<'db> {
    match ty.kind(db) {
        TyKind::Qualified(_, inner) => *inner,
        _ => ty,
    }
}

fn is_array(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(unqualified(db, ty).kind(db), TyKind::Array(..))
}

fn is_pointer(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(unqualified(db, ty).kind(db), TyKind::Pointer(..))
}

fn is_function(db: &dyn HirTyDatabase, ty: Ty<'_>) -> bool {
    matches!(unqualified(db, ty).kind(db), TyKind::Function(..))
}

/// The class an object of this type is (not through references or pointers).
fn class_of<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<Item<'db>> {
    match unqualified(db, ty).kind(db) {
        TyKind::Class(item) => Some(*item),
        _ => None,
    }
}

fn pointee_class<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<Item<'db>> {
    match unqualified(db, ty).kind(db) {
        TyKind::Pointer(inner) => class_of(db, *inner),
        _ => None,
    }
}

/// A class's declared constructor callable without arguments.
fn default_constructor<'db>(db: &'db dyn HirTyDatabase, class: Item<'db>) -> Option<Item<'db>> {
    let name = class.name_text(db)?;
    il::scope::scope_items(db, class).iter().copied().find(|i| {
        i.kind(db) == ItemKind::Routine
            && i.name_text(db) == Some(name)
            && hir_ty::callable_sig(db, *i)
                .as_ref()
                .is_some_and(|s| s.accepts_arity(0))
    })
}

/// The operator token of an operator expression.
fn operator_token(node: &SyntaxNode) -> Option<syntax::SyntaxToken> {
    node.children_with_tokens().find_map(|c| match c {
        NodeOrToken::Token(t) if !t.kind().is_trivia() => Some(t),
        _ => None,
    })
}

/// A class's declared destructor.
fn destructor<'db>(db: &'db dyn HirTyDatabase, class: Item<'db>) -> Option<Item<'db>> {
    il::scope::scope_items(db, class)
        .iter()
        .copied()
        .find(|i| i.kind(db) == ItemKind::Routine && i.name_text(db).is_some_and(|n| n.starts_with('~')))
}

/// How an expression's value is accessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// `U`: read.
    Use,
    /// `M`: written.
    Modify,
    /// `C`: read and written.
    Compound,
    /// `A`: address taken or bound to a reference.
    Address,
    /// `R`: named without access to the value.
    Reference,
}

impl Access {
    fn letter(self) -> char {
        match self {
            Access::Use => 'U',
            Access::Modify => 'M',
            Access::Compound => 'C',
            Access::Address => 'A',
            Access::Reference => 'R',
        }
    }
}

struct Printer<'a, 'db> {
    db: &'db dyn HirTyDatabase,
    body: &'a Body,
    map: &'a BodySourceMap,
    infer: &'a InferenceResult<'db>,
    root: &'a SyntaxNode,
    offsets: hir_def::source::DeclarationOffsets,
    lines: Vec<BodyReference<'db>>,
    owner: Item<'db>,
    /// The body is a template's (or a class template member's).
    templated: bool,
    /// Walking a full expression of a template that depends on its parameters (or a `return`
    /// in a template): every name is `R`, a parameter or local twice (EDG logs it when the
    /// template is parsed and again when the expression is rebuilt), no implicit call.
    dependent: bool,
    /// In a dependent full expression: the operands of the expression being walked are named
    /// `R` (`force_r`) and, parameters and locals, rebuilt (`rebuild`); `rebuild_name` is
    /// whether the name being walked is.
    force_r: bool,
    rebuild: bool,
    rebuild_name: bool,
    /// Walking a `return` statement's expression.
    in_return: bool,
    returns_reference: bool,
    /// The bindings declared so far, in the walk's order (what an explicit capture names).
    declared: Vec<BindingId>,
    /// The lambdas being walked, innermost last.
    lambdas: Vec<LambdaFrame>,
}

/// What a lambda's body sees of the bindings around it.
#[derive(Default)]
struct LambdaFrame {
    /// Bindings declared in the lambda (parameters, init-captures, locals).
    inner: rustc_hash::FxHashSet<BindingId>,
    /// `[&]` (true) or `[=]` (false).
    default_by_ref: Option<bool>,
    /// Bindings captured by name: by reference or not.
    explicit: rustc_hash::FxHashMap<BindingId, bool>,
}

impl<'db> Printer<'_, 'db> {
    fn body(&mut self) {
        for init in self.body.mem_inits.iter() {
            self.expr(init.init, Access::Use);
        }
        if let Some(stmt) = self.body.body_stmt {
            self.stmt(stmt);
        }
        // A variable's or field's initializer: used, or bound by a reference.
        if let Some(init) = self.body.init_expr {
            let access = if is_reference(self.db, hir_ty::declared_ty(self.db, self.owner)) {
                Access::Address
            } else {
                Access::Use
            };
            match self.infer.callee_info(init) {
                Some(callee) if callee.kind == CalleeKind::Constructor => {
                    self.call_arguments(init, callee.item)
                }
                _ => self.full(init, access, false),
            }
        }
    }

    fn node(&self, ptr: NodePtr) -> SyntaxNode {
        ptr.to_node(self.root)
    }

    fn file_offset(&self, at: TextSize) -> Option<TextSize> {
        self.offsets
            .to_file_range(rowan::TextRange::empty(at))
            .map(|r| r.start())
    }

    fn push(&mut self, target: Target<'db>, name: String, kind: char, at: TextSize) {
        if let Target::Item(item) = target
            && !self.nameable(item)
        {
            return;
        }
        if let Some(offset) = self.file_offset(at) {
            self.lines.push(BodyReference {
                target,
                name,
                kind,
                offset,
            });
        }
    }

    fn stmt(&mut self, stmt: StmtId) {
        match &self.body.stmts[stmt] {
            Stmt::Missing
            | Stmt::Empty
            | Stmt::Using(_)
            | Stmt::LocalLabels(_)
            | Stmt::Break
            | Stmt::Continue
            | Stmt::Goto(_)
            | Stmt::Label(_)
            | Stmt::Default => {}
            Stmt::Expr(e) => self.full(*e, Access::Reference, false),
            Stmt::Decl(decls) | Stmt::TypeDecl { decls, .. } => {
                for decl in decls.iter() {
                    self.declare(decl.binding);
                    self.local_construction(decl.binding, decl.init);
                    let Some(init) = decl.init else { continue };
                    let by_reference = self
                        .infer
                        .type_of_binding(decl.binding)
                        .is_some_and(|t| is_reference(self.db, t));
                    let access = if by_reference {
                        Access::Address
                    } else {
                        Access::Use
                    };
                    match (decl.style, self.infer.callee_info(init)) {
                        (InitStyle::Direct | InitStyle::List, Some(callee))
                            if callee.kind == CalleeKind::Constructor =>
                        {
                            self.call_arguments(init, callee.item)
                        }
                        _ => self.full(init, access, false),
                    }
                }
            }
            Stmt::Compound(stmts) => {
                for s in stmts.iter() {
                    self.stmt(*s);
                }
            }
            Stmt::If {
                init,
                cond,
                then,
                else_,
                ..
            } => {
                if let Some(init) = init {
                    self.stmt(*init);
                }
                self.condition(cond);
                self.stmt(*then);
                if let Some(e) = else_ {
                    self.stmt(*e);
                }
            }
            Stmt::IfConsteval { then, else_, .. } => {
                self.stmt(*then);
                if let Some(e) = else_ {
                    self.stmt(*e);
                }
            }
            Stmt::Switch { init, cond, body } => {
                if let Some(init) = init {
                    self.stmt(*init);
                }
                self.condition(cond);
                self.stmt(*body);
            }
            Stmt::Case { value, range_end } => {
                self.expr(*value, Access::Use);
                if let Some(e) = range_end {
                    self.expr(*e, Access::Use);
                }
            }
            Stmt::While { cond, body } => {
                self.condition(cond);
                self.stmt(*body);
            }
            Stmt::DoWhile { body, cond } => {
                self.stmt(*body);
                self.expr(*cond, Access::Use);
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(init) = init {
                    self.stmt(*init);
                }
                if let Some(cond) = cond {
                    self.condition(cond);
                }
                if let Some(step) = step {
                    self.expr(*step, Access::Reference);
                }
                self.stmt(*body);
            }
            Stmt::RangeFor { decl, range, body } => {
                self.stmt(*decl);
                // The loop variable is initialized from the iterator where it is declared.
                if let Stmt::Decl(decls) = &self.body.stmts[*decl] {
                    for d in decls.iter() {
                        self.binding_at_declarator(d.binding, Access::Reference);
                    }
                }
                self.expr(*range, Access::Address);
                self.stmt(*body);
            }
            Stmt::Return(e) | Stmt::CoReturn(e) => {
                if let Some(e) = e {
                    let access = if self.returns_reference {
                        Access::Address
                    } else {
                        Access::Use
                    };
                    self.full(*e, access, true);
                }
            }
            Stmt::ComputedGoto(e) => self.expr(*e, Access::Use),
            Stmt::Try { body, handlers } => {
                self.stmt(*body);
                for h in handlers.iter() {
                    self.stmt(h.body);
                }
            }
            Stmt::StaticAssert { cond, .. } => self.full(*cond, Access::Use, false),
            // Output operands are written (`=`), read and written (`+`), inputs read.
            Stmt::Asm { operands, .. } => {
                for (constraint, e) in operands.iter() {
                    let access = if constraint.contains('=') {
                        Access::Modify
                    } else if constraint.contains('+') {
                        Access::Compound
                    } else {
                        Access::Use
                    };
                    self.full(*e, access, false);
                }
            }
        }
    }

    /// A full expression; in a template, walked as dependent when it depends on the template's
    /// parameters or is returned.
    fn full(&mut self, e: ExprId, access: Access, returned: bool) {
        self.in_return = returned;
        if !self.templated || self.dependent {
            self.expr(e, access);
            self.in_return = false;
            return;
        }
        if returned || self.is_dependent(e) {
            self.dependent = true;
            self.force_r = true;
            self.rebuild = true;
            self.expr(e, Access::Reference);
            self.dependent = false;
            self.force_r = false;
            self.rebuild = false;
        } else {
            self.expr(e, access);
        }
        self.in_return = false;
    }

    /// Whether an expression's type, or a subexpression's, depends on template parameters, or
    /// names something inference could not resolve.
    fn is_dependent(&self, e: ExprId) -> bool {
        let expr = &self.body.exprs[e];
        let own = match expr {
            Expr::Path(_) => match self.infer.resolution(e) {
                None => true,
                // A non-type template parameter's value depends, its type need not.
                Some(Resolution::TemplateParam(_)) => return false,
                Some(_) => false,
            },
            Expr::Member { .. } => self.infer.resolution(e).is_none(),
            Expr::InitList(_) | Expr::ParenInit(_) | Expr::Designated { .. } | Expr::Lambda(_) => {
                false
            }
            _ => false,
        };
        own || self
            .infer
            .type_of_expr(e)
            .is_some_and(|t| ty_dependent(self.db, t))
            || expr.child_exprs().into_iter().any(|c| self.is_dependent(c))
    }

    fn condition(&mut self, cond: &Condition) {
        match cond {
            Condition::Expr(e) => self.full(*e, Access::Use, false),
            Condition::Decl(s) => self.stmt(*s),
        }
    }

    /// An expression. In a dependent full expression, an operand of a dependent operation is
    /// named `R` (its access is decided at instantiation) and, when a parameter or local, named
    /// `R` once more (the operation is rebuilt); a subscript of a pointer or array still reads
    /// its operands, and a non-dependent subexpression is walked as outside templates.
    fn expr(&mut self, e: ExprId, access: Access) {
        if !self.dependent {
            return self.expr_inner(e, access);
        }
        let (force_r, rebuild) = (self.force_r, self.rebuild);
        let access = if force_r { Access::Reference } else { access };
        let dependent = self.is_dependent(e);
        self.rebuild_name = rebuild;
        self.force_r = dependent;
        self.rebuild = dependent;
        self.expr_inner(e, access);
        self.force_r = force_r;
        self.rebuild = rebuild;
    }

    fn expr_inner(&mut self, e: ExprId, access: Access) {
        match &self.body.exprs[e] {
            Expr::Missing
            | Expr::Literal(_)
            | Expr::This
            | Expr::LabelAddr(_)
            | Expr::Requires(_) => {}
            Expr::Path(_) => self.name(e, access),
            Expr::Unary { op, expr } => {
                if self.operator_call(e) {
                    return;
                }
                let inner = match op {
                    UnaryOp::AddrOf => Access::Address,
                    UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                        Access::Compound
                    }
                    UnaryOp::Extension => access,
                    _ => Access::Use,
                };
                self.expr(*expr, inner);
            }
            Expr::Binary { op, lhs, rhs } => {
                if self.operator_call(e) {
                    return;
                }
                let (l, r) = match op {
                    BinaryOp::Assign => (Access::Modify, Access::Use),
                    BinaryOp::CompoundAssign(_) => (Access::Compound, Access::Use),
                    BinaryOp::Comma => (Access::Reference, access),
                    _ => (Access::Use, Access::Use),
                };
                self.expr(*lhs, l);
                self.expr(*rhs, r);
            }
            Expr::Conditional { cond, then, else_ } => {
                self.expr(*cond, Access::Use);
                if let Some(t) = then {
                    self.expr(*t, access);
                }
                self.expr(*else_, access);
            }
            Expr::Call { callee, args } => {
                let info = self.infer.callee_info(e);
                match &self.body.exprs[*callee] {
                    Expr::Member { base, arrow, .. } => {
                        self.member_name(*callee, Access::Reference);
                        // The object of a member call is bound to `this` (`A`); a reference
                        // is read for it, and a static member's object only named.
                        let is_static = info.is_some_and(|c| {
                            hir_ty::callable_sig(self.db, c.item)
                                .as_ref()
                                .is_some_and(|s| s.member_of.is_none())
                        });
                        let object = if *arrow {
                            Access::Use
                        } else if is_static {
                            Access::Reference
                        } else if self.names_reference(*base) {
                            Access::Use
                        } else {
                            Access::Address
                        };
                        self.expr(*base, object);
                    }
                    _ if self.infer.called_closure(e).is_some() => {
                        self.expr(*callee, Access::Address)
                    }
                    // A function called with dependent arguments is chosen at instantiation:
                    // only the qualifiers written before its name are logged.
                    Expr::Path(_)
                        if self.dependent && args.iter().any(|a| self.is_dependent(*a)) =>
                    {
                        self.callee_qualifiers(*callee)
                    }
                    // A call through a pointer reads it.
                    _ if self.infer.callee(e).is_none() => self.expr(*callee, Access::Use),
                    _ => self.expr(*callee, Access::Reference),
                }
                match info {
                    Some(callee) => self.arguments(args, Some(callee.item)),
                    None => self.arguments(args, None),
                }
            }
            Expr::KernelLaunch {
                callee,
                config,
                args,
            } => {
                // The grid and block dimensions initialize `dim3` parameters: a constructor of
                // `dim3` (converting or copying) at each.
                for (i, c) in config.iter().enumerate() {
                    if i < 2
                        && let Some(at) = self.expr_position(*c)
                    {
                        self.push(Target::Implicit("dim3::dim3"), "dim3::dim3".to_string(), 'R', at);
                    }
                    self.expr(*c, Access::Use);
                }
                let item = self.infer.callee(e);
                self.arguments(args, item);
                self.expr(*callee, Access::Reference);
            }
            Expr::Index { base, index } => {
                if self.operator_call(e) {
                    return;
                }
                // An array's element is accessed as the array is; a pointer is read.
                let base_ty = self.infer.type_of_expr(*base);
                let base_access = if base_ty.is_some_and(|t| is_array(self.db, t)) {
                    access
                } else {
                    Access::Use
                };
                if base_ty.is_some_and(|t| is_array(self.db, t) || is_pointer(self.db, t)) {
                    self.force_r = false;
                }
                self.expr(*base, base_access);
                self.expr(*index, Access::Use);
            }
            Expr::Member { base, arrow, .. } => {
                self.member_name(e, access);
                let is_static = matches!(
                    self.infer.resolution(e),
                    Some(Resolution::Item(i)) if i.kind(self.db) == ItemKind::Variable
                );
                if self.dependent {
                    // The object of a dependent member access is not rebuilt.
                    self.rebuild = false;
                    self.expr(*base, Access::Reference);
                    return;
                }
                let object = match (arrow, access) {
                    (true, _) => Access::Use,
                    (false, _) if is_static => Access::Reference,
                    (false, a) => a,
                };
                self.expr(*base, object);
            }
            Expr::Cast { ty, args, .. } => {
                if let Some(callee) = self.infer.callee_info(e)
                    && callee.kind == CalleeKind::Constructor
                {
                    self.temporary(e, callee.item);
                    self.call_arguments_of(args, callee.item);
                    return;
                }
                let inner = if ty.0.trim() == "void" {
                    Access::Reference
                } else if ty.0.trim_end().ends_with('&') {
                    Access::Address
                } else {
                    Access::Use
                };
                for a in args.iter() {
                    self.expr(*a, inner);
                }
            }
            Expr::New {
                placement,
                array_sizes,
                init,
                ..
            } => {
                let array = !array_sizes.is_empty();
                self.allocation(e, array, true);
                self.new_object(e);
                for p in placement.iter().chain(array_sizes.iter()) {
                    self.expr(*p, Access::Use);
                }
                if let Some(init) = init {
                    match self.infer.callee(e) {
                        Some(ctor) => self.call_arguments_of(init, ctor),
                        None => {
                            for a in init.iter() {
                                self.expr(*a, Access::Use);
                            }
                        }
                    }
                }
            }
            Expr::Delete { expr, array, .. } => {
                self.allocation(e, *array, false);
                if let Some(class) = self.infer.type_of_expr(*expr).and_then(|t| pointee_class(self.db, t))
                    && let Some(dtor) = destructor(self.db, class)
                    && let Some(at) = self.expr_position(*expr)
                {
                    let name = self.item_name(dtor);
                    self.push(Target::Item(dtor), name, 'R', at);
                }
                self.expr(*expr, Access::Use);
            }
            Expr::Throw(Some(expr)) => self.expr(*expr, Access::Use),
            Expr::Throw(None) => {}
            Expr::SizeOf(TypeOrExpr::Expr(x))
            | Expr::AlignOf(TypeOrExpr::Expr(x))
            | Expr::TypeId(TypeOrExpr::Expr(x))
            | Expr::Noexcept(x)
            | Expr::SizeOfPack(x) => self.expr(*x, Access::Reference),
            Expr::SizeOf(TypeOrExpr::Type(_))
            | Expr::AlignOf(TypeOrExpr::Type(_))
            | Expr::TypeId(TypeOrExpr::Type(_)) => {}
            Expr::InitList(items) | Expr::ParenInit(items) => {
                for i in items.iter() {
                    self.expr(*i, access);
                }
            }
            Expr::Designated { init, .. } => self.expr(*init, access),
            Expr::Lambda(lambda) => {
                let lambda = lambda.clone();
                self.lambda(e, &lambda);
            }
            Expr::Fold { lhs, rhs, .. } => {
                for x in lhs.iter().chain(rhs.iter()) {
                    self.expr(*x, Access::Use);
                }
            }
            Expr::PackExpansion(x) => self.expr(*x, access),
            Expr::StmtExpr(s) => self.stmt(*s),
            Expr::CompoundLiteral { init, .. } => self.expr(*init, Access::Use),
            Expr::BuiltinCall { args, .. } => {
                for a in args.iter() {
                    if let BuiltinArg::Expr(x) = a {
                        self.expr(*x, Access::Use);
                    }
                }
            }
            Expr::CoAwait(x) | Expr::CoYield(x) => self.expr(*x, Access::Use),
        }
    }

    /// `T(args)`, `T{args}` constructing a class: the class, its constructor and destructor,
    /// at the type's name.
    fn temporary(&mut self, e: ExprId, ctor: Item<'db>) {
        if self.dependent {
            return;
        }
        let Some(at) = self
            .map
            .expr_syntax(e)
            .map(|p| self.node(p))
            .and_then(|n| n.children().find(|c| matches!(c.kind(), NAME_REF | QUALIFIED_NAME)))
            .and_then(|n| name_position(&n))
            .map(|(at, _)| at)
        else {
            return;
        };
        let Some(class) = ctor.parent(self.db) else {
            return;
        };
        // A returned temporary is the return value: constructed (EDG logs the constructor
        // twice), not destroyed; in its own class its name is the injected one.
        let items = if self.in_return && self.returned_directly(e) {
            let own_class = self.owner.parent(self.db) == Some(class);
            [(!own_class).then_some(class), Some(ctor), Some(ctor)]
        } else {
            [Some(class), Some(ctor), destructor(self.db, class)]
        };
        for item in items.into_iter().flatten() {
            let name = self.item_name(item);
            self.push(Target::Item(item), name, 'R', at);
        }
    }

    /// `new T(args)` of a class: the class, its constructor and destructor, at the type's name.
    fn new_object(&mut self, e: ExprId) {
        if self.dependent {
            return;
        }
        let Some(class) = self.infer.type_of_expr(e).and_then(|t| pointee_class(self.db, t)) else {
            return;
        };
        let Some(at) = self
            .map
            .expr_syntax(e)
            .map(|p| self.node(p))
            .and_then(|n| n.descendants().find(|c| matches!(c.kind(), NAME_REF | QUALIFIED_NAME)))
            .and_then(|n| name_position(&n))
            .map(|(at, _)| at)
        else {
            return;
        };
        let ctor = self
            .infer
            .callee_info(e)
            .filter(|c| c.kind == CalleeKind::Constructor)
            .map(|c| c.item)
            .or_else(|| default_constructor(self.db, class));
        for item in [Some(class), ctor, destructor(self.db, class)].into_iter().flatten() {
            let name = self.item_name(item);
            self.push(Target::Item(item), name, 'R', at);
        }
    }

    /// Whether `e` is the expression of the `return` being walked.
    fn returned_directly(&self, e: ExprId) -> bool {
        self.map.expr_syntax(e).is_some_and(|p| {
            self.node(p)
                .parent()
                .is_some_and(|parent| parent.kind() == RETURN_STMT)
        })
    }

    /// `new` and `delete` call the allocation functions (implicitly declared), at the keyword.
    fn allocation(&mut self, e: ExprId, array: bool, new: bool) {
        if self.dependent {
            return;
        }
        let Some(at) = self
            .map
            .expr_syntax(e)
            .map(|p| self.node(p))
            .and_then(|n| {
                n.descendants_with_tokens()
                    .filter_map(|c| c.into_token())
                    .find(|t| matches!(t.kind(), NEW_KW | DELETE_KW))
            })
            .map(|t| t.text_range().start())
        else {
            return;
        };
        let (alloc, dealloc) = if array {
            ("operator new[]", "operator delete[]")
        } else {
            ("operator new", "operator delete")
        };
        if new {
            self.push(Target::Implicit(alloc), alloc.to_string(), 'R', at);
        }
        self.push(Target::Implicit(dealloc), dealloc.to_string(), 'R', at);
    }

    /// An overloaded operator: the operator function `R` at the operator token, a member
    /// operator's object `A`, the other operands by the parameters they initialize.
    fn operator_call(&mut self, e: ExprId) -> bool {
        // In a template, an operator on a value that depends on the parameters is resolved
        // at instantiation.
        if self.dependent || (self.templated && self.mentions_template_param(e)) {
            return false;
        }
        let Some(callee) = self.infer.callee_info(e) else {
            return false;
        };
        // A function template whose arguments were not all deduced was not chosen (the
        // builtin operator was).
        if callee.kind != CalleeKind::Operator
            || (callee.item.kind(self.db) == ItemKind::FunctionTemplate && callee.instance.is_none())
        {
            return false;
        }
        let operands: Vec<ExprId> = self.body.exprs[e].child_exprs();
        if let Some(ptr) = self.map.expr_syntax(e) {
            let node = self.node(ptr);
            let token = node.children_with_tokens().find_map(|c| match c {
                NodeOrToken::Token(t) if !t.kind().is_trivia() => Some(t),
                _ => None,
            });
            if let Some(token) = token {
                let name = self.item_name(callee.item);
                self.push(
                    Target::Item(callee.item),
                    name,
                    'R',
                    token.text_range().start(),
                );
            }
        }
        let member = hir_ty::callable_sig(self.db, callee.item)
            .as_ref()
            .is_some_and(|s| s.member_of.is_some());
        let (object, rest) = match (member, operands.split_first()) {
            (true, Some((first, rest))) => (Some(*first), rest.to_vec()),
            _ => (None, operands),
        };
        if let Some(object) = object {
            self.expr(object, Access::Address);
        }
        self.arguments(&rest, Some(callee.item));
        true
    }

    /// A constructor call's arguments (`T x(a, b)`, `T{a}`): the initializer's elements.
    fn call_arguments(&mut self, init: ExprId, ctor: Item<'db>) {
        match &self.body.exprs[init] {
            Expr::ParenInit(items) | Expr::InitList(items) => {
                let items = items.clone();
                self.call_arguments_of(&items, ctor)
            }
            _ => self.call_arguments_of(&[init], ctor),
        }
    }

    fn call_arguments_of(&mut self, args: &[ExprId], ctor: Item<'db>) {
        self.arguments(args, Some(ctor));
    }

    /// Arguments bound to reference parameters have their address taken, the others are used.
    fn arguments(&mut self, args: &[ExprId], callee: Option<Item<'db>>) {
        let params = callee
            .and_then(|c| hir_ty::callable_sig(self.db, c).as_ref())
            .map(|s| s.params.clone())
            .unwrap_or_default();
        for (i, a) in args.iter().enumerate() {
            let access = match params.get(i) {
                Some(p) if is_reference(self.db, *p) => Access::Address,
                _ => Access::Use,
            };
            self.expr(*a, access);
        }
    }

    fn mentions_template_param(&self, e: ExprId) -> bool {
        matches!(self.infer.resolution(e), Some(Resolution::TemplateParam(_)))
            || self.body.exprs[e]
                .child_exprs()
                .into_iter()
                .any(|c| self.mentions_template_param(c))
    }

    /// Whether an expression names a reference (a parameter, local or variable of reference
    /// type).
    fn names_reference(&self, e: ExprId) -> bool {
        match self.infer.resolution(e) {
            Some(Resolution::Binding(b)) => self
                .infer
                .type_of_binding(*b)
                .is_some_and(|t| is_reference(self.db, t)),
            Some(Resolution::Item(i)) if matches!(i.kind(self.db), ItemKind::Variable | ItemKind::Field) => {
                is_reference(self.db, hir_ty::declared_ty(self.db, *i))
            }
            _ => false,
        }
    }

    /// A name expression: what it resolves to, at its last identifier, and the classes and
    /// namespaces its qualifiers name.
    fn name(&mut self, e: ExprId, access: Access) {
        let Some(resolution) = self.infer.resolution(e).cloned() else {
            return;
        };
        let Some(ptr) = self.map.expr_syntax(e) else {
            return;
        };
        let node = self.node(ptr);
        let Some((at, qualifiers)) = name_position(&node) else {
            return;
        };
        match resolution {
            Resolution::Binding(b) => self.binding(b, access, at),
            Resolution::Item(item) => {
                self.item(item, access, at);
                self.qualifiers(item, &qualifiers);
            }
            Resolution::Overloads(items) => {
                if let [item] = items[..] {
                    self.item(item, access, at);
                    self.qualifiers(item, &qualifiers);
                }
            }
            Resolution::Enumerator { enumeration, index } => {
                let name = node_last_name(&node).unwrap_or_default();
                let scope = match enumeration.parent(self.db) {
                    Some(p) if !scoped_enum(self.db, enumeration) => self.item_name(p) + "::",
                    None if !scoped_enum(self.db, enumeration) => String::new(),
                    _ => self.item_name(enumeration) + "::",
                };
                self.push(
                    Target::Enumerator(enumeration, index),
                    format!("{scope}{name}"),
                    'R',
                    at,
                );
                if scoped_enum(self.db, enumeration) {
                    self.qualifiers_from(Some(enumeration), &qualifiers);
                } else {
                    self.qualifiers(enumeration, &qualifiers);
                }
            }
            Resolution::TemplateParam(_) => {}
        }
    }

    /// The qualifiers of a callee whose call is resolved at instantiation.
    fn callee_qualifiers(&mut self, e: ExprId) {
        let item = match self.infer.resolution(e) {
            Some(Resolution::Item(i)) => *i,
            Some(Resolution::Overloads(items)) if !items.is_empty() => items[0],
            _ => return,
        };
        let Some(ptr) = self.map.expr_syntax(e) else {
            return;
        };
        if let Some((_, qualifiers)) = name_position(&self.node(ptr)) {
            self.qualifiers(item, &qualifiers);
        }
    }

    /// `obj.m`: the member, at its name.
    fn member_name(&mut self, e: ExprId, access: Access) {
        let Some(Resolution::Item(item)) = self.infer.resolution(e).cloned() else {
            self.dependent_member(e);
            return;
        };
        let Some(ptr) = self.map.expr_syntax(e) else {
            return;
        };
        let node = self.node(ptr);
        let Some(name) = node.children().filter(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME)).last() else {
            return;
        };
        if let Some((at, _)) = name_position(&name) {
            self.item(item, access, at);
        }
    }

    /// `a.x` where `a`'s type is a template parameter `T`: `T::x`.
    fn dependent_member(&mut self, e: ExprId) {
        if !self.dependent {
            return;
        }
        let Expr::Member { base, member, .. } = &self.body.exprs[e] else {
            return;
        };
        let Some(TyKind::Param(param)) = self
            .infer
            .type_of_expr(*base)
            .map(|t| unqualified(self.db, t).kind(self.db).clone())
        else {
            return;
        };
        let params = hir_def::generics::template_params(self.db, param.owner);
        let Some(param_name) = params.get(param.index as usize).and_then(|p| p.name.clone()) else {
            return;
        };
        let [segment] = &member.segments[..] else {
            return;
        };
        let Some(ptr) = self.map.expr_syntax(e) else {
            return;
        };
        let node = self.node(ptr);
        let Some(at) = node
            .children()
            .filter(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
            .last()
            .and_then(|n| name_position(&n))
            .map(|(at, _)| at)
        else {
            return;
        };
        let name = format!("{param_name}::{}", segment.name);
        self.push(Target::Implicit("dependent member"), name, 'R', at);
    }

    fn binding(&mut self, b: BindingId, access: Access, at: TextSize) {
        if self.dependent {
            let Some(name) = self.body.bindings[b].name.clone() else {
                return;
            };
            let Some(decl_at) = self
                .map
                .binding_syntax(b)
                .map(|p| self.node(p))
                .and_then(|n| declarator_name(&n))
                .and_then(|at| self.file_offset(at))
            else {
                return;
            };
            // A reference is read where it is named, and what is rebuilt is its referent.
            if self
                .infer
                .type_of_binding(b)
                .is_some_and(|t| is_reference(self.db, t))
            {
                self.push(Target::Local(decl_at), name.to_string(), 'U', at);
                return;
            }
            self.push(Target::Local(decl_at), name.to_string(), access.letter(), at);
            if self.rebuild_name {
                self.push(Target::Local(decl_at), name.to_string(), 'R', at);
            }
            return;
        }
        let binding = &self.body.bindings[b];
        let Some(name) = binding.name.as_deref() else {
            return;
        };
        let ty = self.infer.type_of_binding(b);
        let access = match binding.kind {
            BindingKind::Enumerator | BindingKind::LocalFunction => Access::Reference,
            _ if ty.is_some_and(|t| is_function(self.db, t)) => Access::Reference,
            _ => self.reference_read(self.decayed(access, ty), ty),
        };
        let Some(decl_at) = self
            .map
            .binding_syntax(b)
            .map(|p| self.node(p))
            .and_then(|n| declarator_name(&n))
            .and_then(|at| self.file_offset(at))
        else {
            return;
        };
        let name = name.to_string();
        // A variable captured by a lambda: the body names the closure's copy (`R`), and an
        // implicit capture is made there (`U` by copy, `A` by reference); an explicit capture
        // by reference accesses the variable itself.
        if let Some(frame) = self.lambdas.last()
            && !frame.inner.contains(&b)
            && binding.kind != BindingKind::Enumerator
        {
            let implicit = match frame.explicit.get(&b) {
                Some(true) => None,
                Some(false) => {
                    self.push(Target::Local(decl_at), name, 'R', at);
                    return;
                }
                None => frame.default_by_ref,
            };
            if let Some(by_ref) = implicit {
                self.push(Target::Local(decl_at), name.clone(), 'R', at);
                let kind = if by_ref { 'A' } else { 'U' };
                self.push(Target::Local(decl_at), name, kind, at);
                return;
            }
        }
        self.push(Target::Local(decl_at), name, access.letter(), at);
    }

    /// A binding referenced at its own declarator (a range-`for` variable).
    fn binding_at_declarator(&mut self, b: BindingId, access: Access) {
        let Some(name) = self.body.bindings[b].name.clone() else {
            return;
        };
        let Some(at) = self
            .map
            .binding_syntax(b)
            .map(|p| self.node(p))
            .and_then(|n| declarator_name(&n))
        else {
            return;
        };
        if let Some(file_at) = self.file_offset(at) {
            self.push(Target::Local(file_at), name.to_string(), access.letter(), at);
        }
    }

    fn declare(&mut self, b: BindingId) {
        self.declared.push(b);
        if let Some(frame) = self.lambdas.last_mut() {
            frame.inner.insert(b);
        }
    }

    /// An array or function used as a value decays to a pointer: its address is taken.
    fn decayed(&self, access: Access, ty: Option<Ty<'db>>) -> Access {
        match access {
            Access::Use if ty.is_some_and(|t| is_array(self.db, t) || is_function(self.db, t)) => {
                Access::Address
            }
            a => a,
        }
    }

    /// A local of a class type: the constructor its initialization calls and the destructor,
    /// at the initializer (EDG's position of an expression: a binary operator's token, a
    /// parenthesized list's first element) or, without one, at its name. A temporary that
    /// initializes it (`T x = T(a)`) is the object: its lines are the temporary's.
    fn local_construction(&mut self, b: BindingId, init: Option<ExprId>) {
        if self.templated {
            return;
        }
        let Some(class) = self.infer.type_of_binding(b).and_then(|t| class_of(self.db, t)) else {
            return;
        };
        if init.is_some_and(|i| matches!(self.body.exprs[i], Expr::Cast { .. })) {
            return;
        }
        let at = match init {
            Some(init) => self.expr_position(init),
            None => self
                .map
                .binding_syntax(b)
                .map(|p| self.node(p))
                .and_then(|n| declarator_name(&n)),
        };
        let Some(at) = at else { return };
        let ctor = match init {
            Some(init) => self
                .infer
                .callee_info(init)
                .filter(|c| c.kind == CalleeKind::Constructor)
                .map(|c| c.item),
            None => default_constructor(self.db, class),
        };
        for item in [ctor, destructor(self.db, class)].into_iter().flatten() {
            let name = self.item_name(item);
            self.push(Target::Item(item), name, 'R', at);
        }
    }

    /// Where EDG places an expression: a binary operator at its token, a list at its first
    /// element, anything else at its start.
    fn expr_position(&self, e: ExprId) -> Option<TextSize> {
        match &self.body.exprs[e] {
            Expr::ParenInit(items) | Expr::InitList(items) if !items.is_empty() => {
                return self.expr_position(items[0]);
            }
            _ => {}
        }
        let node = self.node(self.map.expr_syntax(e)?);
        match self.body.exprs[e] {
            Expr::Binary { .. } => return operator_token(&node).map(|t| t.text_range().start()),
            // A call is placed at its argument list's `(`.
            Expr::Call { .. } => {
                if let Some(args) = node.children().find(|c| c.kind() == ARG_LIST) {
                    return first_significant(&args);
                }
            }
            _ => {}
        }
        first_significant(&node)
    }

    /// A lambda: its captures, then its body with what it captures known.
    fn lambda(&mut self, e: ExprId, lambda: &hir_def::hir::Lambda) {
        use hir_def::hir::Capture;
        let mut frame = LambdaFrame::default();
        frame.inner.extend(lambda.params.iter().copied());
        let node = self.map.expr_syntax(e).map(|p| self.node(p));
        let capture_nodes: Vec<SyntaxNode> = node
            .iter()
            .flat_map(|n| n.children().filter(|c| c.kind() == LAMBDA_CAPTURES))
            .flat_map(|c| c.children().filter(|c| c.kind() == CAPTURE).collect::<Vec<_>>())
            .collect();
        let mut named = capture_nodes.iter();
        for capture in lambda.captures.iter() {
            match capture {
                Capture::DefaultCopy => frame.default_by_ref = Some(false),
                Capture::DefaultRef => frame.default_by_ref = Some(true),
                Capture::This | Capture::StarThis => {
                    named.next();
                }
                Capture::Name { name, by_ref, .. } => {
                    let node = named.next();
                    let Some(b) = self
                        .declared
                        .iter()
                        .rev()
                        .find(|b| self.body.bindings[**b].name.as_deref() == Some(&**name))
                        .copied()
                    else {
                        continue;
                    };
                    frame.explicit.insert(b, *by_ref);
                    let ident = node.and_then(|n| {
                        n.children_with_tokens()
                            .filter_map(|c| c.into_token())
                            .find(|t| t.kind() == IDENT)
                    });
                    if let Some(ident) = ident {
                        let access = if *by_ref { Access::Address } else { Access::Use };
                        self.binding(b, access, ident.text_range().start());
                    }
                }
                Capture::Init { binding, init, by_ref } => {
                    named.next();
                    frame.inner.insert(*binding);
                    self.expr(*init, if *by_ref { Access::Address } else { Access::Use });
                }
            }
        }
        self.lambdas.push(frame);
        self.stmt(lambda.body);
        self.lambdas.pop();
    }

    /// A reference variable named where its value is not accessed is still read.
    fn reference_read(&self, access: Access, ty: Option<Ty<'db>>) -> Access {
        if ty.is_some_and(|t| is_reference(self.db, t)) {
            Access::Use
        } else {
            access
        }
    }

    fn item(&mut self, item: Item<'db>, access: Access, at: TextSize) {
        let access = match item.kind(self.db) {
            ItemKind::Variable | ItemKind::Field | ItemKind::VariableTemplate => {
                self.reference_read(access, Some(hir_ty::declared_ty(self.db, item)))
            }
            ItemKind::Routine | ItemKind::FunctionTemplate
                if matches!(access, Access::Use | Access::Address) =>
            {
                Access::Address
            }
            _ => Access::Reference,
        };
        let access = match item.kind(self.db) {
            ItemKind::Variable | ItemKind::Field => {
                self.decayed(access, Some(hir_ty::declared_ty(self.db, item)))
            }
            _ => access,
        };
        let name = self.item_name(item);
        self.push(Target::Item(item), name, access.letter(), at);
    }

    /// The classes a qualified name's qualifiers name, `R` at each: matched against the
    /// resolved entity's enclosing classes, innermost first (a qualifier naming something else,
    /// a namespace or a base, is left out).
    fn qualifiers(&mut self, item: Item<'db>, qualifiers: &[(String, TextSize)]) {
        self.qualifiers_from(item.parent(self.db), qualifiers);
    }

    fn qualifiers_from(&mut self, scope: Option<Item<'db>>, qualifiers: &[(String, TextSize)]) {
        let mut scope = scope;
        for (text, at) in qualifiers.iter().rev() {
            // Inline namespaces are not written: skip those that are not named.
            while let Some(s) = scope
                && s.kind(self.db) == ItemKind::Namespace
                && s.name_text(self.db) != Some(text.as_str())
            {
                scope = s.parent(self.db);
            }
            let Some(s) = scope else { return };
            if s.name_text(self.db) != Some(text.as_str())
                || !matches!(
                    s.kind(self.db),
                    ItemKind::Class
                        | ItemKind::Struct
                        | ItemKind::Union
                        | ItemKind::Enum
                        | ItemKind::Namespace
                )
            {
                return;
            }
            let name = self.item_name(s);
            self.push(Target::Item(s), name, 'R', *at);
            scope = s.parent(self.db);
        }
    }

    /// An entity's name as the log prints it: qualified, an unnamed namespace as `<unnamed>`.
    fn item_name(&self, item: Item<'db>) -> String {
        item_name(self.db, item)
    }

    /// Whether the log can name the entity: a member of a class template is named from
    /// inside that template only (`C<T>::m`); elsewhere it is a member of an instance, which
    /// this printer does not spell yet.
    fn nameable(&self, item: Item<'db>) -> bool {
        let mut cur = item.parent(self.db);
        while let Some(scope) = cur {
            if scope.kind(self.db) == ItemKind::ClassTemplate {
                // An explicit specialization's members are named with its arguments.
                if hir_def::generics::template_params(self.db, scope).is_empty() {
                    return false;
                }
                let mut owner = Some(self.owner);
                while let Some(o) = owner {
                    if o == scope {
                        return true;
                    }
                    owner = o.parent(self.db);
                }
                return false;
            }
            cur = scope.parent(self.db);
        }
        true
    }
}

pub(crate) fn item_name(db: &dyn HirTyDatabase, item: Item<'_>) -> String {
    let mut parts = Vec::new();
    let mut cur = Some(item);
    while let Some(i) = cur {
        match i.name_text(db) {
            Some(n) if i != item && i.kind(db) == ItemKind::ClassTemplate => {
                let params = hir_def::generics::template_params(db, i);
                let args: Vec<String> = params
                    .iter()
                    .filter(|p| p.depth == 0)
                    .map(|p| {
                        let name = p.name.as_deref().unwrap_or("<unnamed>");
                        if p.pack { format!("{name}...") } else { name.to_string() }
                    })
                    .collect();
                parts.push(format!("{n}<{}>", args.join(", ")));
            }
            Some(n) => parts.push(n.to_string()),
            None => parts.push("<unnamed>".to_string()),
        }
        cur = i.parent(db);
    }
    parts.reverse();
    parts.join("::")
}

/// `enum class`/`enum struct`: its enumerators print qualified by the enumeration.
fn scoped_enum(db: &dyn HirTyDatabase, enumeration: Item<'_>) -> bool {
    let header = SyntaxNode::new_root(enumeration.header(db).clone());
    header
        .descendants_with_tokens()
        .filter_map(|c| c.into_token())
        .filter(|t| !t.kind().is_trivia())
        .take(3)
        .any(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW))
}

/// Where a name expression's entity is logged (its last name: the identifier, `operator`, the
/// destructor's `~`), and its qualifiers with their positions.
fn name_position(node: &SyntaxNode) -> Option<(TextSize, Vec<(String, TextSize)>)> {
    let name = if matches!(node.kind(), NAME_REF | QUALIFIED_NAME) {
        node.clone()
    } else {
        node.children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME))?
    };
    if name.kind() != QUALIFIED_NAME {
        return Some((first_significant(&name)?, Vec::new()));
    }
    let segments: Vec<SyntaxNode> = name
        .children()
        .filter(|n| matches!(n.kind(), NAME_REF | OPERATOR_NAME | DESTRUCTOR_NAME))
        .collect();
    let (last, qualifiers) = segments.split_last()?;
    let qualifiers = qualifiers
        .iter()
        .filter_map(|q| {
            let ident = q
                .children_with_tokens()
                .filter_map(|c| c.into_token())
                .find(|t| t.kind() == IDENT)?;
            Some((ident.text().to_string(), ident.text_range().start()))
        })
        .collect();
    Some((first_significant(last)?, qualifiers))
}

fn first_significant(node: &SyntaxNode) -> Option<TextSize> {
    node.descendants_with_tokens()
        .filter_map(|c| c.into_token())
        .find(|t| !t.kind().is_trivia())
        .map(|t| t.text_range().start())
}

fn node_last_name(node: &SyntaxNode) -> Option<String> {
    node.descendants_with_tokens()
        .filter_map(|c| c.into_token())
        .filter(|t| t.kind() == IDENT)
        .last()
        .map(|t| t.text().to_string())
}

/// The name a binding's declarator declares.
fn declarator_name(node: &SyntaxNode) -> Option<TextSize> {
    let declarator = if node.kind() == DECLARATOR {
        node.clone()
    } else {
        node.descendants().find(|n| n.kind() == DECLARATOR).unwrap_or_else(|| node.clone())
    };
    crate::tree::name_token(&declarator)
        .map(|t| t.text_range().start())
        .or_else(|| {
            declarator
                .descendants_with_tokens()
                .filter_map(|c| c.into_token())
                .find(|t| t.kind() == IDENT)
                .map(|t| t.text_range().start())
        })
}

/// The walk's lines with the references of the bodies the model covers put in: each after the
/// last line of its body (declarations of locals, references of declarations) that does not
/// come after it, so that a body reads in source order. A local's references take the id of
/// its `D` line, an entity's the id of its first declaration line by name; what has neither gets
/// a fresh id per entity.
pub(crate) fn merge<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    lines: Vec<crate::XrefLine>,
) -> Vec<crate::XrefLine> {
    use rustc_hash::{FxHashMap, FxHashSet};
    let bodies = file_body_references(db, file);
    if bodies.is_empty() {
        return lines;
    }
    let mut by_name: FxHashMap<&str, u32> = FxHashMap::default();
    let mut local_ids: FxHashMap<TextSize, u32> = FxHashMap::default();
    let mut next_id = 0;
    for l in &lines {
        next_id = next_id.max(l.entity);
        if matches!(l.kind, 'D' | 'd') {
            by_name.entry(l.name.as_str()).or_insert(l.entity);
            local_ids.entry(l.offset).or_insert(l.entity);
        }
    }
    // Lines by offset, to find the insertion point of a body's references.
    let mut order: Vec<(TextSize, usize)> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (l.offset, i))
        .collect();
    order.sort();
    let present: FxHashSet<(&str, char, TextSize)> = lines
        .iter()
        .map(|l| (l.name.as_str(), l.kind, l.offset))
        .collect();
    let mut fresh: FxHashMap<Target<'db>, u32> = FxHashMap::default();
    // (insert after line index, the reference)
    let mut inserts: Vec<(usize, TextSize, crate::XrefLine)> = Vec::new();
    for (start, end, refs) in bodies {
        let (start, end) = (TextSize::from(start), TextSize::from(end));
        let lo = order.partition_point(|(o, _)| *o < start);
        let hi = order.partition_point(|(o, _)| *o < end);
        let in_body = &order[lo..hi];
        for r in refs {
            if present.contains(&(r.name.as_str(), r.kind, r.offset)) {
                continue;
            }
            let known = match r.target {
                Target::Local(at) => local_ids.get(&at).copied(),
                _ => by_name.get(r.name.as_str()).copied(),
            };
            let entity = known.unwrap_or_else(|| {
                *fresh.entry(r.target).or_insert_with(|| {
                    next_id += 1;
                    next_id
                })
            });
            let before = in_body.partition_point(|(o, _)| *o <= r.offset);
            let after = in_body[..before]
                .iter()
                .map(|(_, i)| *i)
                .max()
                .or_else(|| in_body.iter().map(|(_, i)| *i).min())
                .unwrap_or(lines.len().saturating_sub(1));
            inserts.push((
                after,
                r.offset,
                crate::XrefLine {
                    entity,
                    name: r.name,
                    kind: r.kind,
                    offset: r.offset,
                },
            ));
        }
    }
    inserts.sort_by_key(|(after, offset, _)| (*after, *offset));
    let mut out = Vec::with_capacity(lines.len() + inserts.len());
    let mut inserts = inserts.into_iter().peekable();
    for (i, line) in lines.into_iter().enumerate() {
        out.push(line);
        while let Some((_, _, l)) = inserts.next_if(|(after, _, _)| *after == i) {
            out.push(l);
        }
    }
    out.extend(inserts.map(|(_, _, l)| l));
    out
}
