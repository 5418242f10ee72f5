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
//! variables and fields; the names of types written in casts, `sizeof`, `alignof` and `typeid`
//! and the qualifiers of names (hir-ty's `written_name`); the copies and conversions inference
//! records as implicit calls (and its trivial copies), and the implicit default constructor
//! and destructor of a local; the field a mem-initializer names (`InferenceResult::
//! mem_init_field`), the `operator()` a call of an object calls, the instance a temporary of a
//! template-id is (`thrust::plus<int>()`, its type). Not covered yet: other template-ids
//! written in expressions (their instance's spelling), implicit members a class's own definition uses (its bases' and
//! members' constructors at the class head), base constructors of mem-initializers, copies
//! elided from a prvalue initializer, the call operator of a lambda called.
//! Members of class template instances named from outside the template are named as
//! inference records them (`InferenceResult::member_instance`), spelled by hir-ty's type
//! printer in EDG's convention (`Vec<float, 4>::sum`); not where an argument was written as a
//! typedef (EDG keeps it, the model's types do not).
use hir_def::body::NodePtr;
use hir_def::hir::{
    BinaryOp, BindingId, BindingKind, BuiltinArg, Condition, Expr, ExprId, InitStyle, Stmt, StmtId,
    TypeOrExpr, UnaryOp,
};
use hir_def::{Body, BodySourceMap};
use hir_ty::class_instance::MemberInstance;
use hir_ty::ty::Instance;
use hir_ty::{CalleeKind, HirTyDatabase, InferenceResult, Resolution, Ty, TyKind};
use il::{Item, ItemKind};
use rowan::NodeOrToken;
use syntax::{SyntaxKind::*, SyntaxNode, TextSize};

mod facts;
mod implicit;
mod merge;
mod names;

use facts::*;

/// One line of the log, before positions are rendered.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct XrefLine {
    /// Stable per entity within one log (cudafe++ prints an address there).
    pub entity: u32,
    pub name: String,
    /// The kind letter (`D`, `d`, `R`, `U`, `M`, `C`, `A`, `T`, `t`).
    pub kind: char,
    pub offset: TextSize,
}
pub use facts::{is_templated, item_name};
pub use merge::merge;

/// What a reference line denotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub enum Target<'db> {
    /// A namespace- or class-scope entity.
    Item(Item<'db>),
    /// A parameter or local of a body: its declarator's offset in the file, where its `D` line
    /// is.
    Local(TextSize),
    /// An enumerator (no il item): the enumeration and the index.
    Enumerator(Item<'db>, u32),
    /// An implicitly declared function with no item (`operator new`).
    Implicit(&'static str),
    /// A non-type template parameter named in a template's body.
    TemplateParam(hir_def::generics::TemplateParamId<'db>),
    /// A special member a class does not declare (its implicit copy constructor).
    ImplicitMember(Item<'db>, hir_ty::SpecialKind),
    /// A member of a class template instance (`Vec<float, 4>::sum`), as the model names it.
    Member(MemberInstance<'db>),
    /// A class template instance (`Traits<int *>`).
    Instance(Instance<'db>),
}

/// One reference line of a body, before ids are assigned.
#[derive(Debug, Clone, PartialEq, Eq, salsa::SalsaValue)]
pub struct BodyReference<'db> {
    pub target: Target<'db>,
    pub name: String,
    pub kind: char,
    pub offset: TextSize,
}

/// The references of every function body of the file that the model covers, per body: the
/// body's declaration range in the file (`start`, `end`) and its lines in source order.
pub fn file_body_references<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
) -> Vec<(u32, u32, &'db [BodyReference<'db>])> {
    let mut out = Vec::new();
    for &(item, offsets) in hir_def::source::declaration_offsets(db, file) {
        if hir_def::source::body_owner_kind(db, item).is_none() {
            continue;
        }
        let lines = body_references(db, item, offsets);
        if !lines.is_empty() {
            out.push((
                offsets.in_file,
                offsets.in_file + offsets.len,
                lines.as_slice(),
            ));
        }
    }
    out
}

/// The references of one body (`item`'s, declared at `offsets`), in source order. Memoized:
/// the helpers of `xref::log_lines_in_parallel` print a body's
/// right after inferring it, and the log then finds them.
#[salsa::tracked(returns(ref))]
pub fn body_references<'db>(
    db: &'db dyn HirTyDatabase,
    item: Item<'db>,
    offsets: hir_def::source::DeclarationOffsets,
) -> Vec<BodyReference<'db>> {
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
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
        full_root: None,
        force_r: false,
        rebuild: false,
        rebuild_name: false,
        declared: body.params.to_vec(),
        lambdas: Vec::new(),
        subscripted_array: false,
        structured_bindings: 0,
        launch_arguments: Vec::new(),
        operator_operands: Vec::new(),
        converted_initializers: Vec::new(),
        returns_reference: hir_ty::callable_sig(db, item)
            .as_ref()
            .is_some_and(|sig| is_reference(db, sig.ret)),
    };
    printer.body();
    let mut lines = printer.lines;
    lines.sort_by_key(|l| l.offset);
    lines
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
    /// The full expression being walked.
    full_root: Option<ExprId>,
    returns_reference: bool,
    /// The bindings declared so far, in the walk's order (what an explicit capture names).
    declared: Vec<BindingId>,
    /// The lambdas being walked, innermost last.
    lambdas: Vec<LambdaFrame>,
    /// Walking the array operand of a subscript (or the initializer of a structured binding):
    /// the array is accessed as its element is, without decaying.
    subscripted_array: bool,
    /// The structured binding declarations walked so far: their hidden variables are named
    /// by this count here, and again by the unit's count in `merge` (EDG numbers them across
    /// the unit, which the walk's declaration lines follow).
    structured_bindings: u32,
    /// The arguments of the kernel launch being walked.
    launch_arguments: Vec<ExprId>,
    /// The operands of the overloaded operator being walked: their converting constructors
    /// are not named (an operator's overload is the least certain pick: `it + w * h` chosen
    /// as `operator+(__half, __half)` would name `__half::__half`).
    operator_operands: Vec<ExprId>,
    /// Locals' initializers whose converting constructor `local_construction` named (`S s =
    /// f(x);`): no argument conversion is named at them again.
    converted_initializers: Vec<ExprId>,
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
        for (i, init) in self.body.mem_inits.iter().enumerate() {
            self.mem_init_field(i, init.init);
            self.expr(init.init, Access::Use);
        }
        if let Some(stmt) = self.body.body_stmt {
            self.owner_constructions(stmt);
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

    /// The field a mem-initializer names (`: x(0)`), as inference found it: `R` at its name.
    fn mem_init_field(&mut self, index: usize, init: ExprId) {
        let Some(field) = self.infer.mem_init_field(index) else {
            return;
        };
        // A member of a partial specialization is named with the specialization's arguments
        // (`__tuple_leaf<_Ip, _Hp, __default>::__value_`), which `item_name` does not spell.
        let in_specialization = std::iter::successors(field.parent(self.db), |p| p.parent(self.db))
            .any(|p| il::instantiate::is_specialization(self.db, p));
        if in_specialization {
            return;
        }
        let Some(at) = self
            .map
            .expr_syntax(init)
            .and_then(|p| self.node(p).parent())
            .filter(|mem| mem.kind() == MEM_INITIALIZER)
            .and_then(|mem| name_position(&mem))
            .map(|(at, _)| at)
        else {
            return;
        };
        let name = self.item_name(field);
        self.push(Target::Item(field), name, 'R', at);
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
                    let structured =
                        self.body.bindings[decl.binding].kind == BindingKind::StructuredBinding;
                    match (decl.style, self.infer.callee_info(init)) {
                        (InitStyle::Direct | InitStyle::List, Some(callee))
                            if callee.kind == CalleeKind::Constructor =>
                        {
                            self.call_arguments(init, callee.item)
                        }
                        // `auto [a, b] = arr;` copies the array: it is read, not decayed.
                        _ if structured && !self.templated => {
                            let outer = std::mem::replace(&mut self.subscripted_array, true);
                            self.full(init, access, false);
                            self.subscripted_array = outer;
                        }
                        _ => self.full(init, access, false),
                    }
                    if structured && !self.templated {
                        self.structured_binding_uses(decl.binding);
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
        self.full_root = Some(e);
        if !self.templated || self.dependent {
            self.expr(e, access);
            self.in_return = false;
            return;
        }
        if returned || (self.is_dependent(e) && !self.pointer_read(e)) {
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

    /// An operand of an expression whose type does not depend (a cast to `int` of a dependent
    /// value): outside a dependent full expression, a dependent operand is walked as one.
    /// A pointer (`(const void *)kernel`, `T *`) converts the same whatever the arguments: only
    /// an operand that may be of class type (`T`, `const T &`), or that did not resolve, waits
    /// for the instantiation's conversion function.
    fn operand_maybe_dependent(&mut self, e: ExprId, access: Access) {
        // A call with a type-dependent argument is chosen at instantiation whatever it returns
        // (`(cudaError_t)(cudaMemcpy(d_in, ...))` with `Key *d_in`: no `cudaMemcpy` line,
        // `d_in R` twice, measured on cudafe++). A call inference could not resolve whose
        // arguments do not depend is no such call: `(cudaError_t)(PtxVersion(ptx_version))`
        // with `int ptx_version` logs `ptx_version A`.
        // A call inference leaves to the instantiation for a constant argument that depends
        // (`MaxSmOccupancy(occupancy, kernel, BLOCK_THREADS)`) is one: `occupancy R` twice.
        let call = matches!(&self.body.exprs[e], Expr::Call { args, .. }
            if args.iter().any(|a| self.is_dependent(*a))
                || self.infer.chosen_at_instantiation(e));
        if !self.templated || !(call || self.may_be_class(e)) || !self.is_dependent(e) {
            return self.expr(e, access);
        }
        let saved = (self.dependent, self.force_r, self.rebuild);
        (self.dependent, self.force_r, self.rebuild) = (true, true, true);
        self.expr(e, Access::Reference);
        (self.dependent, self.force_r, self.rebuild) = saved;
    }

    /// Whether an operand's value may be of class type at instantiation: its type may be one
    /// (or did not resolve), or it is a comparison, `&&`, `||` or `!` on a variable of such a
    /// type (an operator the instantiation chooses may return a class). Measured on cudafe++:
    /// `bool(n >= 0)` logs `n R` twice for `D n` (libstdc++'s `__glibcxx_assert(__n >= 0)`),
    /// `n U` for `D &n` and `p U` for `*p >= 0`.
    fn may_be_class(&self, e: ExprId) -> bool {
        if self
            .infer
            .type_of_expr(e)
            .is_none_or(|t| may_be_dependent_class(self.db, t))
        {
            return true;
        }
        self.compares_class_object(e)
    }

    fn compares_class_object(&self, e: ExprId) -> bool {
        let object = |e: ExprId| match self.infer.resolution(e) {
            Some(Resolution::Binding(b)) => self
                .infer
                .type_of_binding(*b)
                .is_some_and(|t| !is_reference(self.db, t) && may_be_dependent_class(self.db, t)),
            _ => false,
        };
        match &self.body.exprs[e] {
            Expr::Path(_) => object(e),
            Expr::Binary { op, lhs, rhs } if op.yields_bool() => {
                self.compares_class_object(*lhs) || self.compares_class_object(*rhs)
            }
            Expr::Unary {
                op: UnaryOp::Not,
                expr,
            } => self.compares_class_object(*expr),
            _ => false,
        }
    }

    /// Whether an expression's type, or a subexpression's, depends on template parameters, or
    /// names something inference could not resolve. A cast to a type that does not depend and
    /// is no class (`static_cast<int>(v)`) does not: EDG resolves the call it is an argument
    /// of (a class's constructor is chosen at instantiation). A call
    /// of a named function that the model leaves to the instantiation (`f(N)`, `g<N>(x)`:
    /// `chosen_at_instantiation` in hir-ty) does.
    fn is_dependent(&self, e: ExprId) -> bool {
        let expr = &self.body.exprs[e];
        match expr {
            Expr::Cast { .. }
                if self.infer.type_of_expr(e).is_some_and(|t| {
                    !ty_dependent(self.db, t)
                        && !t.is_error(self.db)
                        && t.as_class(self.db).is_none()
                }) =>
            {
                return false;
            }
            Expr::Call { .. }
                if self
                    .bound_call(e)
                    .is_some_and(|f| f.kind(self.db) == ItemKind::Routine) =>
            {
                return false;
            }
            Expr::Call { callee, .. } | Expr::KernelLaunch { callee, .. }
                if self.infer.callee(e).is_none() && self.names_function(*callee) =>
            {
                return true;
            }
            _ => {}
        }
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

    /// A full expression whose type depends only as a pointer's pointee, read or deleted
    /// without the instantiation: a pointer local alone (`if (h_in)` with `Key *h_in`: `h_in
    /// U`), `delete[] p`, `new T[n]` with sizes that do not depend (`n U`). Measured on
    /// cudafe++; `!p` and `p + n` are rebuilt (see [`Printer::pointer_operand`]).
    fn pointer_read(&self, e: ExprId) -> bool {
        match &self.body.exprs[e] {
            Expr::Path(_) => self.pointer_local(e),
            Expr::Delete { expr, .. } => self.pointer_local(*expr),
            Expr::New {
                placement,
                array_sizes,
                init: None,
                ..
            } => !placement
                .iter()
                .chain(array_sizes.iter())
                .any(|x| self.is_dependent(*x)),
            _ => false,
        }
    }

    /// A parameter or local of pointer type (not a reference).
    fn pointer_local(&self, e: ExprId) -> bool {
        match self.infer.resolution(e) {
            Some(Resolution::Binding(b)) => {
                matches!(self.body.exprs[e], Expr::Path(_))
                    && self
                        .infer
                        .type_of_binding(*b)
                        .is_some_and(|t| is_pointer(self.db, t))
            }
            _ => false,
        }
    }

    /// Whether a dependent operator is one on a pointer local, built in whatever the
    /// arguments (`!t`, `t + n`, `t == nullptr`, `d_in + offset` with `T *t`): EDG reads its
    /// local operands where the template is parsed and names them again when it is rebuilt
    /// (`t U`, `t R`; a namespace-scope operand only `R`). A pointer that is no local
    /// (`data() + pos`, `++first`) is rebuilt as any operand. Measured on cudafe++.
    fn pointer_operation(&self, e: ExprId) -> bool {
        // The other operand: of a type known now that no operator function takes (no class,
        // no enumeration: `lit + E0` with an enumerator is rebuilt, `lit + gn` is not).
        let plain = |x: ExprId| {
            !matches!(
                self.infer.resolution(x),
                Some(Resolution::Enumerator { .. })
            ) && !self.is_dependent(x)
                && self.infer.type_of_expr(x).is_some_and(|t| {
                    let t = unqualified(self.db, t);
                    !matches!(t.kind(self.db), TyKind::Enum(_)) && class_of(self.db, t).is_none()
                })
        };
        match &self.body.exprs[e] {
            Expr::Unary {
                op: UnaryOp::Not,
                expr,
            } => self.pointer_local(*expr),
            Expr::Binary { op, lhs, rhs } => {
                let arithmetic = matches!(op, BinaryOp::Add | BinaryOp::Sub);
                let comparison = op.yields_bool() && !matches!(op, BinaryOp::And | BinaryOp::Or);
                (arithmetic || comparison)
                    && ((self.pointer_local(*lhs) && plain(*rhs))
                        || (self.pointer_local(*rhs) && plain(*lhs)))
            }
            _ => false,
        }
    }

    /// An operand of a [`Printer::pointer_operation`] being walked as dependent: a local is
    /// read (and rebuilt), anything else named `R`.
    fn pointer_operand(&mut self, x: ExprId, access: Access) {
        let local = matches!(self.body.exprs[x], Expr::Path(_))
            && matches!(self.infer.resolution(x), Some(Resolution::Binding(b))
                if self.infer.type_of_binding(*b).is_some_and(|t| !is_reference(self.db, t)));
        if local {
            let saved = self.force_r;
            self.force_r = false;
            self.expr(x, access);
            self.force_r = saved;
        } else {
            self.expr(x, access);
        }
    }

    /// The function a call in a template is bound to where the template is parsed although
    /// an argument depends: lookup without argument-dependent lookup found one function, a
    /// qualified name's (`ns::h(x, u)`, `::g(x, u)`, `ns::get<1>(t)`) or a member's of a class
    /// that is no template (`mv(x, t)` in a member template). EDG names it (`ns::h R`), reads
    /// the arguments that do not depend (`x U`) and walks those that do as dependent (`u R`
    /// twice); a plain function's call has its declared type, a function template's depends
    /// (`ns::get<1>(t) + x` is rebuilt). Measured on cudafe++; overloaded names, unqualified
    /// namespace-scope names and members of class templates stay dependent.
    fn bound_call(&self, e: ExprId) -> Option<Item<'db>> {
        if !self.templated {
            return None;
        }
        let Expr::Call { callee, args } = &self.body.exprs[e] else {
            return None;
        };
        let Expr::Path(path) = &self.body.exprs[*callee] else {
            return None;
        };
        if !args.iter().any(|a| self.is_dependent(*a)) {
            return None;
        }
        // Lookup found one function: the name's type is its own, not an overload set's
        // (inference later records the overload it chose as the name's resolution).
        if self
            .infer
            .type_of_expr(*callee)
            .is_none_or(|t| matches!(t.kind(self.db), TyKind::Dependent(_)))
        {
            return None;
        }
        let item = match self.infer.resolution(*callee)? {
            Resolution::Overloads(items) if items.len() == 1 => items[0],
            Resolution::Item(i) => *i,
            _ => return None,
        };
        if !matches!(
            item.kind(self.db),
            ItemKind::Routine | ItemKind::FunctionTemplate
        ) {
            return None;
        }
        // Explicit template arguments: only literals are known not to depend.
        let literal_args = path.segments.last().is_none_or(|s| {
            s.args.as_ref().is_none_or(|args| {
                args.iter()
                    .all(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_digit()))
            })
        });
        let parent = item.parent(self.db).map(|p| p.kind(self.db));
        // A member of a class in no template (`Iterate::FlagHeads` of a class nested in a
        // class template stays dependent).
        let member = matches!(
            parent,
            Some(ItemKind::Class | ItemKind::Struct | ItemKind::Union)
        ) && item
            .parent(self.db)
            .is_some_and(|c| !is_templated(self.db, c));
        let namespace_scope = matches!(parent, None | Some(ItemKind::Namespace));
        let qualified = path.global || path.segments.len() > 1;
        (literal_args && (member || (qualified && namespace_scope))).then_some(item)
    }

    /// The arguments of a [`Printer::bound_call`]: those that depend walked as dependent
    /// operands; the others, of a plain function, as outside templates (`x U`), of a function
    /// template (deduced at instantiation) named `R` once (`std::__memcmp(__first1, __first2,
    /// __len)`: `__len R`), twice where the call is returned itself (measured on cudafe++).
    fn bound_call_arguments(&mut self, args: &[ExprId], template: bool, returned: bool) {
        for a in args {
            let saved = (self.dependent, self.force_r, self.rebuild);
            if self.is_dependent(*a) {
                (self.dependent, self.force_r, self.rebuild) = (true, true, true);
                self.expr(*a, Access::Reference);
            } else if template {
                (self.dependent, self.force_r, self.rebuild) = (true, true, returned);
                self.expr(*a, Access::Reference);
            } else {
                (self.dependent, self.force_r, self.rebuild) = (false, false, false);
                self.expr(*a, Access::Use);
            }
            (self.dependent, self.force_r, self.rebuild) = saved;
        }
    }

    /// Whether a callee names functions (not a variable or parameter called through).
    fn names_function(&self, callee: ExprId) -> bool {
        match self.infer.resolution(callee) {
            Some(Resolution::Overloads(items)) => !items.is_empty(),
            Some(Resolution::Item(i)) => {
                matches!(
                    i.kind(self.db),
                    ItemKind::Routine | ItemKind::FunctionTemplate
                )
            }
            _ => false,
        }
    }

    /// Whether a call binds where it is written to the one member function of its class by
    /// that name, not a template (`cap(len)`); an overloaded member (`_M_data(__p)`,
    /// `_M_construct(...)` in basic_string) is chosen at instantiation, and so is a member of
    /// a partial specialization (`_M_initialize(__n)` in `vector<bool, _Alloc>`), measured on
    /// the 50 programs' logs.
    fn binds_to_only_member(&self, call: ExprId) -> bool {
        let db = self.db;
        let Some(item) = self.infer.callee(call) else {
            return false;
        };
        let Some(class) = item.parent(db).filter(|p| {
            matches!(
                p.kind(db),
                ItemKind::Class | ItemKind::Struct | ItemKind::Union | ItemKind::ClassTemplate
            )
        }) else {
            return false;
        };
        let Some(name) = item.name_text(db) else {
            return false;
        };
        item.kind(db) == ItemKind::Routine
            && !il::decl::is_friend(db, item)
            && !il::instantiate::is_specialization(db, class)
            && il::lookup::members_named(db, il::lookup::ScopeRef::Item(class), name)
                .iter()
                .filter(|m| matches!(m.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate))
                .count()
                == 1
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
            let access = self.implicit_use(e, access);
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
                if self.dependent && self.force_r && self.pointer_operation(e) {
                    return self.pointer_operand(*expr, inner);
                }
                self.expr(*expr, inner);
            }
            Expr::Binary { op, lhs, rhs } => {
                if self.operator_call(e) {
                    return;
                }
                let called = *op == BinaryOp::Assign && self.implicit_assignment(e);
                let (l, r) = match op {
                    BinaryOp::Assign if called => (Access::Address, Access::Address),
                    BinaryOp::Assign => (Access::Modify, Access::Use),
                    BinaryOp::CompoundAssign(_) => (Access::Compound, Access::Use),
                    BinaryOp::Comma => (Access::Reference, access),
                    _ => (Access::Use, Access::Use),
                };
                if self.dependent && self.force_r && self.pointer_operation(e) {
                    self.pointer_operand(*lhs, l);
                    self.pointer_operand(*rhs, r);
                    return;
                }
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
            Expr::Call { callee, args } if self.bound_call(e).is_some() => {
                let saved = (self.dependent, self.force_r, self.rebuild);
                (self.dependent, self.force_r, self.rebuild) = (false, false, false);
                self.expr(*callee, Access::Reference);
                (self.dependent, self.force_r, self.rebuild) = saved;
                let template = self
                    .bound_call(e)
                    .is_some_and(|f| f.kind(self.db) == ItemKind::FunctionTemplate);
                // Returned itself, the call is rebuilt with its arguments (`return
                // __rotl(__t, __cnt)`: `__cnt R` twice; `return !__memcmp(.., __len)`: once).
                let returned = self.in_return && self.full_root == Some(e);
                self.bound_call_arguments(args, template, returned);
            }
            Expr::Call { callee, args } => {
                if self.object_call(e, *callee, args) {
                    return;
                }
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
                    // The one member of the class by that name (`cap(len)` in a class
                    // template) binds where it is written, no argument-dependent lookup
                    // follows ([basic.lookup.argdep]): cudafe++ logs it even when the
                    // arguments depend (`Str<C, A>::cap R`, measured).
                    Expr::Path(path)
                        if self.dependent
                            && !path.global
                            && path.segments.len() == 1
                            && self.binds_to_only_member(e)
                            && args.iter().any(|a| self.is_dependent(*a)) =>
                    {
                        self.expr(*callee, Access::Reference)
                    }
                    // A function called with dependent arguments is chosen at instantiation:
                    // only the qualifiers written before its name are logged.
                    Expr::Path(_)
                        if self.dependent
                            && (args.iter().any(|a| self.is_dependent(*a))
                                || (self.infer.callee(e).is_none()
                                    && self.names_function(*callee))) =>
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
                // A prvalue of a class (`dim3(1)`) initializes the parameter itself; the
                // constructor is placed at the argument's start.
                for (i, c) in config.iter().enumerate() {
                    let class_prvalue = self
                        .infer
                        .value_category(*c)
                        .is_some_and(|v| v == hir_ty::ValueCategory::PRValue)
                        && self
                            .infer
                            .type_of_expr(*c)
                            .is_some_and(|t| class_of(self.db, t).is_some());
                    if i < 2
                        && !class_prvalue
                        && let Some(at) = self.expr_start(*c)
                    {
                        self.push(
                            Target::Implicit("dim3::dim3"),
                            "dim3::dim3".to_string(),
                            'R',
                            at,
                        );
                    }
                    // The configuration converts to `dim3` (or `size_t`, a stream) whatever the
                    // kernel: in a dependent launch it is walked as outside templates
                    // (`k<T><<<grid, B>>>(p)`: `grid U`, measured on cudafe++).
                    let saved = (self.force_r, self.rebuild);
                    (self.force_r, self.rebuild) = (false, false);
                    self.expr(*c, Access::Use);
                    (self.force_r, self.rebuild) = saved;
                }
                let item = self.infer.callee(e);
                // The kernel's parameters are not copy-initialized where the launch is
                // written: EDG logs no copy constructor for the arguments.
                let launch = std::mem::replace(&mut self.launch_arguments, args.to_vec());
                self.arguments(args, item);
                self.launch_arguments = launch;
                // A kernel launched with dependent arguments, or one the model leaves to the
                // instantiation (`k<N><<<...>>>`), is chosen then: only the qualifiers
                // written before its name are logged, as for a call.
                if self.dependent
                    && self.names_function(*callee)
                    && (item.is_none() || args.iter().any(|a| self.is_dependent(*a)))
                {
                    self.callee_qualifiers(*callee);
                } else {
                    self.expr(*callee, Access::Reference);
                }
            }
            // A subscript of a pointer that does not depend, in a dependent full expression
            // (`q[threadIdx.x] = f(t)` with `int *q`), is walked as outside templates (`q U`,
            // `threadIdx U`, `uint3::x U`; measured on cudafe++).
            Expr::Index { base, .. }
                if self.dependent
                    && !self.force_r
                    && self
                        .infer
                        .type_of_expr(*base)
                        .is_some_and(|t| is_pointer(self.db, t)) =>
            {
                let saved = (self.dependent, self.rebuild);
                (self.dependent, self.rebuild) = (false, false);
                self.expr(e, access);
                (self.dependent, self.rebuild) = saved;
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
                // A subscripted array does not decay: its element is read (`a[i]`: `a U`).
                // (In templates EDG records the array's address taken where an element is
                // passed to a constructor whose class depends on the parameters: left as the
                // decay rule had it there.)
                let subscripted = std::mem::replace(
                    &mut self.subscripted_array,
                    !self.templated && base_ty.is_some_and(|t| is_array(self.db, t)),
                );
                self.expr(*base, base_access);
                self.subscripted_array = subscripted;
                self.expr(*index, Access::Use);
            }
            Expr::Member { base, arrow, .. } => {
                let is_static = matches!(
                    self.infer.resolution(e),
                    Some(Resolution::Item(i)) if i.kind(self.db) == ItemKind::Variable
                );
                // A member access that does not depend, read where a dependent operation
                // rebuilds its operands (`p[threadIdx.x]`, `p[s.m]` with `T *p`): EDG names the
                // member and its object `R`, a local object read first (`s U`, `s R`,
                // `S::m R`; `threadIdx R`, `uint3::x R`; measured on cudafe++).
                if self.dependent
                    && !self.force_r
                    && self.rebuild_name
                    && access != Access::Reference
                    && !is_static
                {
                    self.member_name(e, Access::Reference);
                    let local =
                        matches!(self.infer.resolution(*base), Some(Resolution::Binding(_)));
                    let object = if *arrow { Access::Use } else { access };
                    (self.force_r, self.rebuild) = (!local, true);
                    self.expr(*base, object);
                    return;
                }
                self.member_name(e, access);
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
                    // The qualifiers first: the constructor is logged where they start.
                    self.written_type(e, false);
                    self.temporary(e, callee.item);
                    self.call_arguments_of(args, callee.item);
                    return;
                }
                self.written_type(e, true);
                let inner = if ty.0.trim() == "void" {
                    Access::Reference
                } else if ty.0.trim_end().ends_with('&') {
                    Access::Address
                } else {
                    Access::Use
                };
                for a in args.iter() {
                    self.operand_maybe_dependent(*a, inner);
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
                if let Some(class) = self
                    .infer
                    .type_of_expr(*expr)
                    .and_then(|t| pointee_class(self.db, t))
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
            | Expr::Decltype { operand: x, .. }
            | Expr::SizeOfPack(x) => self.expr(*x, Access::Reference),
            Expr::SizeOf(TypeOrExpr::Type(_))
            | Expr::AlignOf(TypeOrExpr::Type(_))
            | Expr::TypeId(TypeOrExpr::Type(_)) => self.written_type(e, true),
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

    /// A call of an object of class type (`u01(rng)`): inference chose its `operator()`,
    /// `R` at the `(`; the object is bound to `this` (`A`; a reference is read).
    fn object_call(&mut self, e: ExprId, callee: ExprId, args: &[ExprId]) -> bool {
        if self.dependent || (self.templated && self.mentions_template_param(e)) {
            return false;
        }
        let Some(info) = self.infer.callee_info(e) else {
            return false;
        };
        if info.kind != CalleeKind::Operator
            || (info.item.kind(self.db) == ItemKind::FunctionTemplate && info.instance.is_none())
        {
            return false;
        }
        // Only an object of a class the model typed (not a name of functions).
        let object = self.infer.type_of_expr(callee);
        if !object.is_some_and(|t| {
            !t.is_dependent(self.db)
                && (class_of(self.db, t).is_some() || instance_of(self.db, t).is_some())
        }) {
            return false;
        }
        let Some(at) = self.map.expr_syntax(e).and_then(|p| {
            let node = self.node(p);
            let list = node.children().find(|c| c.kind() == ARG_LIST)?;
            first_significant(&list)
        }) else {
            return false;
        };
        match self.instance_member_of(e) {
            Some(member) => self.instance_member(member, Access::Reference, at),
            None => {
                let name = self.item_name(info.item);
                self.push(Target::Item(info.item), name, 'R', at);
            }
        }
        let object = if self.names_reference(callee) {
            Access::Use
        } else {
            Access::Address
        };
        self.expr(callee, object);
        self.arguments(args, Some(info.item));
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
}
