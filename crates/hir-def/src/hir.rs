//! The lowered forms of a body: expressions, statements, bindings and local types, allocated in
//! the [`crate::Body`]'s arenas and referred to by id. Nothing here holds a position: the
//! [`crate::BodySourceMap`] knows where each id came from, so a body whose text moved (or whose
//! comments changed) lowers to an equal value and salsa backdates it.
//!
//! Names, types and template arguments are kept as written (trivia-free token text): resolving
//! them is the next layer's work (`hir-ty`), which reaches their syntax through the source map.
use la_arena::Idx;

pub type ExprId = Idx<Expr>;
pub type StmtId = Idx<Stmt>;
pub type BindingId = Idx<Binding>;
pub type LocalTypeId = Idx<LocalType>;

/// A type as written: the declaration's specifiers and the declarator's operators and suffixes
/// without the name (`const int *`, `float [32]`, `auto &`), trivia-free.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeRef(pub Box<str>);

impl TypeRef {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A name as written: `x`, `::ns::f<T>`, `T::template g<int>`, `operator+`, `~S`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Path {
    /// Starts with `::`.
    pub global: bool,
    pub segments: Box<[PathSegment]>,
}

impl Path {
    /// The single unqualified name without template arguments, if that is what the path is.
    pub fn as_ident(&self) -> Option<&str> {
        match &*self.segments {
            [seg] if !self.global && seg.args.is_none() => Some(&seg.name),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PathSegment {
    /// The identifier, or `operator+`, `operator int`, `~S`, `decltype(x)` as written.
    pub name: Box<str>,
    /// Template arguments as written, one per argument (`None` without `<...>`).
    pub args: Option<Box<[Box<str>]>>,
    /// Preceded by the `template` keyword (`T::template f<int>`).
    pub template_kw: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LiteralKind {
    Int,
    Float,
    Char,
    String,
    Bool,
    Nullptr,
}

/// A literal with its spelling (`0x10UL`, `1.5f`, `u8"a" "b"`, `true`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Literal {
    pub kind: LiteralKind,
    pub text: Box<str>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Deref,
    AddrOf,
    Plus,
    Neg,
    Not,
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
    /// GNU `__extension__`.
    Extension,
    /// GNU `__real__`.
    Real,
    /// GNU `__imag__`.
    Imag,
}

impl UnaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Deref => "*",
            UnaryOp::AddrOf => "&",
            UnaryOp::Plus => "+",
            UnaryOp::Neg => "-",
            UnaryOp::Not => "!",
            UnaryOp::BitNot => "~",
            UnaryOp::PreInc | UnaryOp::PostInc => "++",
            UnaryOp::PreDec | UnaryOp::PostDec => "--",
            UnaryOp::Extension => "__extension__ ",
            UnaryOp::Real => "__real__ ",
            UnaryOp::Imag => "__imag__ ",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Spaceship,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
    /// `=`
    Assign,
    /// `op=`: the operation assigned.
    CompoundAssign(ArithOp),
    Comma,
    /// `.*`
    PtrMemDot,
    /// `->*`
    PtrMemArrow,
}

/// The operations of compound assignments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArithOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    BitAnd,
    BitXor,
    BitOr,
}

impl BinaryOp {
    /// The comparisons (but `<=>`) and the logical operators: built in, they yield a `bool`.
    pub fn yields_bool(self) -> bool {
        matches!(
            self,
            BinaryOp::Lt
                | BinaryOp::Gt
                | BinaryOp::Le
                | BinaryOp::Ge
                | BinaryOp::Eq
                | BinaryOp::Ne
                | BinaryOp::And
                | BinaryOp::Or
        )
    }

    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Lt => "<",
            BinaryOp::Gt => ">",
            BinaryOp::Le => "<=",
            BinaryOp::Ge => ">=",
            BinaryOp::Spaceship => "<=>",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitXor => "^",
            BinaryOp::BitOr => "|",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
            BinaryOp::Assign => "=",
            BinaryOp::CompoundAssign(op) => match op {
                ArithOp::Mul => "*=",
                ArithOp::Div => "/=",
                ArithOp::Rem => "%=",
                ArithOp::Add => "+=",
                ArithOp::Sub => "-=",
                ArithOp::Shl => "<<=",
                ArithOp::Shr => ">>=",
                ArithOp::BitAnd => "&=",
                ArithOp::BitXor => "^=",
                ArithOp::BitOr => "|=",
            },
            BinaryOp::Comma => ",",
            BinaryOp::PtrMemDot => ".*",
            BinaryOp::PtrMemArrow => "->*",
        }
    }

    pub fn is_assignment(self) -> bool {
        matches!(self, BinaryOp::Assign | BinaryOp::CompoundAssign(_))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastKind {
    /// `(T)e`
    CStyle,
    /// `T(e)`, `T{e}`
    Functional,
    Static,
    Dynamic,
    Reinterpret,
    Const,
}

/// The operand of `sizeof`, `alignof`, `typeid`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeOrExpr {
    Type(TypeRef),
    Expr(ExprId),
}

/// A lambda capture.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Capture {
    /// `[=]`
    DefaultCopy,
    /// `[&]`
    DefaultRef,
    /// `this`
    This,
    /// `*this`
    StarThis,
    /// `x`, `&x`, `xs...`
    Name {
        name: Box<str>,
        by_ref: bool,
        pack: bool,
    },
    /// `x = e`, `&x = e`, `...xs = e`: a new binding of the closure.
    Init {
        binding: BindingId,
        init: ExprId,
        by_ref: bool,
    },
}

/// One designator of a designated initializer: `.field` or `[index]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Designator {
    Field(Box<str>),
    Index(ExprId),
    /// GNU `[lo ... hi]`.
    IndexRange(ExprId, ExprId),
}

/// An argument of a builtin (`__builtin_va_arg(ap, int)`), which may be a type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BuiltinArg {
    Expr(ExprId),
    Type(TypeRef),
}

/// A lambda: its closure has the id `ClosureId { owner, expr }` of the lambda expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Lambda {
    pub captures: Box<[Capture]>,
    /// Template parameter names of a generic lambda `[]<typename T>(T x)`.
    pub template_params: Box<[Box<str>]>,
    pub params: Box<[BindingId]>,
    /// GNU attributes after the parameters, names without underscores (`device`, `host`):
    /// what makes a lambda an extended `__device__` or `__host__ __device__` lambda.
    pub attrs: Box<[Box<str>]>,
    pub mutable: bool,
    pub ret: Option<TypeRef>,
    /// The compound statement.
    pub body: StmtId,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expr {
    /// What did not lower: absent in a malformed tree, too deep, or an error node.
    Missing,
    Literal(Literal),
    /// A name: local, member, global, qualified, template-id.
    Path(Path),
    This,
    Unary {
        op: UnaryOp,
        expr: ExprId,
    },
    /// GNU `&&label`.
    LabelAddr(Box<str>),
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `c ? a : b`; `then` is `None` for GNU `c ?: b`.
    Conditional {
        cond: ExprId,
        then: Option<ExprId>,
        else_: ExprId,
    },
    Call {
        callee: ExprId,
        args: Box<[ExprId]>,
    },
    /// `callee<<<config>>>(args)`; `config` is grid, block, then optional shared memory and stream.
    KernelLaunch {
        callee: ExprId,
        config: Box<[ExprId]>,
        args: Box<[ExprId]>,
    },
    Index {
        base: ExprId,
        index: ExprId,
    },
    /// `base.member`, `base->member`; the member may be qualified (`obj.Base::f`), a destructor
    /// or operator name.
    Member {
        base: ExprId,
        arrow: bool,
        member: Path,
    },
    /// A cast; a functional cast with several arguments or braces (`T(a, b)`, `T{a}`) has them
    /// all, the others one.
    Cast {
        kind: CastKind,
        ty: TypeRef,
        args: Box<[ExprId]>,
        braced: bool,
    },
    New {
        global: bool,
        placement: Box<[ExprId]>,
        ty: TypeRef,
        /// Array bound expressions of `new T[n]`.
        array_sizes: Box<[ExprId]>,
        /// `(args)` or `{args}` after the type; `None` when absent.
        init: Option<Box<[ExprId]>>,
        braced_init: bool,
    },
    Delete {
        global: bool,
        array: bool,
        expr: ExprId,
    },
    SizeOf(TypeOrExpr),
    /// `decltype(e)` in a local declaration's type (`decltype(f()) x = 0;`): an unevaluated
    /// operand no statement reaches, recorded for the bindings it types
    /// ([`crate::body::Body::decltype_of`]). `id_expression`: the operand is an
    /// unparenthesized id-expression or member access (`decltype(x)`, `decltype(s.m)`), whose
    /// declared type it names; otherwise (`decltype((x))`, `decltype(f())`) its type and value
    /// category decide.
    Decltype {
        operand: ExprId,
        id_expression: bool,
    },
    /// `sizeof...(pack)`
    SizeOfPack(ExprId),
    AlignOf(TypeOrExpr),
    Noexcept(ExprId),
    TypeId(TypeOrExpr),
    /// `{ a, b }` (elements may be `Designated`).
    InitList(Box<[ExprId]>),
    /// `(a, b)` of a direct initializer or a mem-initializer.
    ParenInit(Box<[ExprId]>),
    /// `.a = e`, `[2] = e` inside a braced list.
    Designated {
        designators: Box<[Designator]>,
        init: ExprId,
    },
    Lambda(Lambda),
    Throw(Option<ExprId>),
    /// `(lhs op ... op rhs)`: `(... op e)` has no `lhs`, `(e op ...)` no `rhs`.
    Fold {
        op: BinaryOp,
        lhs: Option<ExprId>,
        rhs: Option<ExprId>,
    },
    /// `e...` in an argument or initializer list.
    PackExpansion(ExprId),
    /// GNU `({ ... })`: the compound statement.
    StmtExpr(StmtId),
    /// C99 `(T){ ... }`.
    CompoundLiteral {
        ty: TypeRef,
        init: ExprId,
    },
    /// `__builtin_offsetof(T, m)`, `__builtin_va_arg(ap, T)`, `__builtin_expect(x, 0)`, ...
    BuiltinCall {
        name: Box<str>,
        args: Box<[BuiltinArg]>,
    },
    /// `requires (...) { ... }`, kept as written (a constraint, not evaluated code).
    Requires(Box<str>),
    CoAwait(ExprId),
    CoYield(ExprId),
}

impl Expr {
    /// The operands of this expression, in source order. A lambda (its init-captures, its
    /// body) and a statement expression's block are not listed: they hold statements and
    /// scopes of their own, reached through [`Lambda`] and [`Stmt`].
    pub fn child_exprs(&self) -> Vec<ExprId> {
        match self {
            Expr::Missing
            | Expr::Literal(_)
            | Expr::Path(_)
            | Expr::This
            | Expr::LabelAddr(_)
            | Expr::Requires(_)
            | Expr::Lambda(_)
            | Expr::StmtExpr(_)
            | Expr::SizeOf(TypeOrExpr::Type(_))
            | Expr::AlignOf(TypeOrExpr::Type(_))
            | Expr::TypeId(TypeOrExpr::Type(_)) => Vec::new(),
            Expr::Unary { expr, .. }
            | Expr::Delete { expr, .. }
            | Expr::SizeOfPack(expr)
            | Expr::Decltype { operand: expr, .. }
            | Expr::Noexcept(expr)
            | Expr::PackExpansion(expr)
            | Expr::CoAwait(expr)
            | Expr::CoYield(expr)
            | Expr::SizeOf(TypeOrExpr::Expr(expr))
            | Expr::AlignOf(TypeOrExpr::Expr(expr))
            | Expr::TypeId(TypeOrExpr::Expr(expr)) => vec![*expr],
            Expr::Binary { lhs, rhs, .. } => vec![*lhs, *rhs],
            Expr::Conditional { cond, then, else_ } => {
                let mut v = vec![*cond];
                v.extend(*then);
                v.push(*else_);
                v
            }
            Expr::Call { callee, args } => std::iter::once(*callee)
                .chain(args.iter().copied())
                .collect(),
            Expr::KernelLaunch {
                callee,
                config,
                args,
            } => std::iter::once(*callee)
                .chain(config.iter().copied())
                .chain(args.iter().copied())
                .collect(),
            Expr::Index { base, index } => vec![*base, *index],
            Expr::Member { base, .. } => vec![*base],
            Expr::Cast { args, .. } | Expr::InitList(args) | Expr::ParenInit(args) => args.to_vec(),
            Expr::New {
                placement,
                array_sizes,
                init,
                ..
            } => placement
                .iter()
                .chain(array_sizes.iter())
                .chain(init.iter().flat_map(|i| i.iter()))
                .copied()
                .collect(),
            Expr::Designated { designators, init } => designators
                .iter()
                .flat_map(|d| match d {
                    Designator::Index(e) => vec![*e],
                    Designator::IndexRange(lo, hi) => vec![*lo, *hi],
                    Designator::Field(_) => Vec::new(),
                })
                .chain(std::iter::once(*init))
                .collect(),
            Expr::Throw(e) => e.iter().copied().collect(),
            Expr::Fold { lhs, rhs, .. } => lhs.iter().chain(rhs.iter()).copied().collect(),
            Expr::CompoundLiteral { init, .. } => vec![*init],
            Expr::BuiltinCall { args, .. } => args
                .iter()
                .filter_map(|a| match a {
                    BuiltinArg::Expr(e) => Some(*e),
                    BuiltinArg::Type(_) => None,
                })
                .collect(),
        }
    }
}

/// A condition of `if`, `switch`, `while`, `for`: an expression or a declaration.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Condition {
    Expr(ExprId),
    /// `if (int x = f())`: a declaration statement declaring one binding.
    Decl(StmtId),
}

/// How a declarator is initialized: what decides copy- versus direct-initialization.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InitStyle {
    /// `= e` or `= { ... }`
    Copy,
    /// `( args )` (the initializer is an `Expr::ParenInit`)
    Direct,
    /// `{ ... }` without `=` (direct-list-initialization)
    List,
}

/// One declarator of a local declaration.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LocalDecl {
    pub binding: BindingId,
    /// The initializer: `= e` / `= {..}` / `{..}` as the expression, `(a, b)` as `ParenInit`.
    pub init: Option<ExprId>,
    /// How `init` initializes (`Copy` when there is none).
    pub style: InitStyle,
}

/// A `catch` clause.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CatchClause {
    /// `None` for `catch (...)`.
    pub param: Option<BindingId>,
    pub body: StmtId,
}

/// A `using` in a block, kept as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LocalUsing {
    /// `using ns::name;`
    Declaration(Path),
    /// `using namespace ns;`
    Directive(Path),
    /// `namespace a = ns::x;`
    NamespaceAlias { name: Box<str>, target: Path },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Stmt {
    /// An error node or a statement that did not lower.
    Missing,
    Expr(ExprId),
    /// Declarations of variables (several declarators share one statement).
    Decl(Box<[LocalDecl]>),
    /// A local class, enum, typedef or alias (with the variables declared with it, if any:
    /// `struct P { int x; } p;`).
    TypeDecl {
        types: Box<[LocalTypeId]>,
        decls: Box<[LocalDecl]>,
    },
    /// `using ...;` in a block.
    Using(LocalUsing),
    /// GNU `__label__ a, b;`
    LocalLabels(Box<[Box<str>]>),
    Compound(Box<[StmtId]>),
    If {
        init: Option<StmtId>,
        cond: Condition,
        then: StmtId,
        else_: Option<StmtId>,
        constexpr: bool,
    },
    /// `if consteval { } else { }` (`negated` for `if !consteval`).
    IfConsteval {
        negated: bool,
        then: StmtId,
        else_: Option<StmtId>,
    },
    Switch {
        init: Option<StmtId>,
        cond: Condition,
        body: StmtId,
    },
    /// `case v:` / GNU `case lo ... hi:`; the labelled statement is the next in the block.
    Case {
        value: ExprId,
        range_end: Option<ExprId>,
    },
    Default,
    /// `name:`; the labelled statement is the next in the block.
    Label(Box<str>),
    While {
        cond: Condition,
        body: StmtId,
    },
    DoWhile {
        body: StmtId,
        cond: ExprId,
    },
    For {
        init: Option<StmtId>,
        cond: Option<Condition>,
        step: Option<ExprId>,
        body: StmtId,
    },
    /// `for (decl : range) body`; `decl` is the loop variable's declaration statement.
    RangeFor {
        decl: StmtId,
        range: ExprId,
        body: StmtId,
    },
    Break,
    Continue,
    Return(Option<ExprId>),
    CoReturn(Option<ExprId>),
    Goto(Box<str>),
    /// GNU `goto *e;`
    ComputedGoto(ExprId),
    Try {
        body: StmtId,
        handlers: Box<[CatchClause]>,
    },
    StaticAssert {
        cond: ExprId,
        message: Option<ExprId>,
    },
    /// `asm [volatile] ("template" : operands)`: the template's text and the operands' constraint
    /// with their expressions, outputs first.
    Asm {
        volatile: bool,
        template: Box<str>,
        operands: Box<[(Box<str>, ExprId)]>,
        clobbers: Box<[Box<str>]>,
    },
    Empty,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BindingKind {
    Param,
    Local,
    /// Declared in a condition (`if (int x = ...)`).
    Condition,
    /// A range-for loop variable.
    RangeFor,
    /// A name of `auto [a, b] = ...`.
    StructuredBinding,
    Catch,
    /// An init-capture of a lambda (`[x = e]`).
    InitCapture,
    LambdaParam,
    /// An enumerator of a local enum.
    Enumerator,
    /// A local function declaration (`int g(int);` in a block).
    LocalFunction,
}

/// Storage and other specifiers of a local declaration that later layers need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DeclFlags {
    pub is_static: bool,
    pub is_extern: bool,
    pub is_thread_local: bool,
    pub is_constexpr: bool,
    pub is_register: bool,
    /// `T... args`
    pub is_pack: bool,
}

/// A named thing a body declares: parameter, local variable, catch parameter, init-capture...
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Binding {
    /// `None` for unnamed parameters.
    pub name: Option<Box<str>>,
    pub kind: BindingKind,
    /// The declared type as written (empty for enumerators and init-captures).
    pub ty: TypeRef,
    pub flags: DeclFlags,
    /// GNU attributes of the declaration, names without underscores (`shared`, `device`,
    /// `constant`, `managed`, `aligned`): a `__shared__` local has `shared`.
    pub attrs: Box<[Box<str>]>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LocalTypeKind {
    Class,
    Struct,
    Union,
    Enum,
    Typedef,
    /// `using N = T;`
    Alias,
}

/// A type declared in a body: a local class or enum, a typedef or an alias.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LocalType {
    pub kind: LocalTypeKind,
    /// `None` for unnamed classes and enums.
    pub name: Option<Box<str>>,
    /// For typedefs and aliases, the type named.
    pub target: Option<TypeRef>,
    /// For enums, the enumerators' bindings.
    pub enumerators: Box<[BindingId]>,
}

/// A constructor's `member(args)` or `Base{args}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MemInit {
    pub name: Path,
    /// `ParenInit` or `InitList`.
    pub init: ExprId,
    /// `Bases...(args)`
    pub pack: bool,
}
