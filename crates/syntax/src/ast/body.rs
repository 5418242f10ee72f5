//! Typed views over statements and expressions: what `hir-def` lowers function bodies from.
//!
//! [`Stmt`] and [`ExprKind`] are closed enums over the node kinds, so a lowering `match` is
//! checked for exhaustiveness instead of testing raw kinds. Accessors return `Option` (or empty
//! iterators): the tree may be malformed.
use rowan::ast::{AstChildren, AstNode, support};

use super::{
    ArgList, AttributeSpec, CallExpr, ClassSpecifier, CompoundStmt, Declarator, EnumSpecifier,
    Expr, IdExpr, InitDeclarator, KernelLaunch, Param, ParamList, SimpleDeclaration,
};
use crate::{CudaLang, SyntaxElement, SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};

ast_node!(
    /// `expr ;`
    ExprStmt, EXPR_STMT
);
ast_node!(
    /// A declaration in a block: a simple declaration, alias, using, static_assert, `__label__`.
    DeclStmt, DECL_STMT
);
ast_node!(
    /// `if [constexpr] (init; cond) stmt [else stmt]`, also `if consteval { }`.
    IfStmt, IF_STMT
);
ast_node!(
    /// `else stmt`.
    ElseBranch, ELSE_BRANCH
);
ast_node!(
    /// `switch (init; cond) stmt`.
    SwitchStmt, SWITCH_STMT
);
ast_node!(
    /// `case value:` or GNU `case lo ... hi:`; the labelled statement follows as a sibling.
    CaseStmt, CASE_STMT
);
ast_node!(
    /// `default:`; the labelled statement follows as a sibling.
    DefaultStmt, DEFAULT_STMT
);
ast_node!(
    /// `label:`; the labelled statement follows as a sibling.
    LabeledStmt, LABELED_STMT
);
ast_node!(
    /// `while (cond) stmt`.
    WhileStmt, WHILE_STMT
);
ast_node!(
    /// `do stmt while (expr);`
    DoStmt, DO_STMT
);
ast_node!(
    /// `for (init; cond; step) stmt`.
    ForStmt, FOR_STMT
);
ast_node!(
    /// `for (decl : range) stmt`.
    RangeForStmt, RANGE_FOR_STMT
);
ast_node!(
    /// `break;`
    BreakStmt, BREAK_STMT
);
ast_node!(
    /// `continue;`
    ContinueStmt, CONTINUE_STMT
);
ast_node!(
    /// `return [expr];`
    ReturnStmt, RETURN_STMT
);
ast_node!(
    /// `co_return [expr];`
    CoReturnStmt, CO_RETURN_STMT
);
ast_node!(
    /// `goto label;` or GNU `goto *expr;`
    GotoStmt, GOTO_STMT
);
ast_node!(
    /// `try { } catch (...) { }`.
    TryStmt, TRY_STMT
);
ast_node!(
    /// `catch (param) { }`.
    Handler, HANDLER
);
ast_node!(
    /// `asm [volatile] ("..." : outputs : inputs : clobbers);`
    AsmStmt, ASM_STMT
);
ast_node!(
    /// `"constraint"(expr)` of an asm statement.
    AsmOperand, ASM_OPERAND
);
ast_node!(
    /// `;`
    EmptyStmt, EMPTY_STMT
);
ast_node!(
    /// A condition: an expression or a declaration (`if (int x = f())`).
    Condition, CONDITION
);
ast_node!(
    /// `try [: mem-initializers] { } catch ...` as a function body.
    FunctionTryBlock, FUNCTION_TRY_BLOCK
);
ast_node!(
    /// `: a(1), B{2}` of a constructor.
    CtorInitializer, CTOR_INITIALIZER
);
ast_node!(
    /// One `member(args)` or `Base{args}` of a constructor initializer.
    MemInitializer, MEM_INITIALIZER
);
ast_node!(
    /// `= expr`, `= { }`, `( args )` or `{ }` after a declarator.
    Initializer, INITIALIZER
);
ast_node!(
    /// `static_assert(cond, "message");`
    StaticAssert, STATIC_ASSERT
);
ast_node!(
    /// `using Name = type;`
    AliasDecl, ALIAS_DECL
);
ast_node!(
    /// `using ns::name;`
    UsingDecl, USING_DECL
);
ast_node!(
    /// `using namespace ns;`
    UsingDirective, USING_DIRECTIVE
);
ast_node!(
    /// `namespace alias = ns::x;`
    NamespaceAlias, NAMESPACE_ALIAS
);
ast_node!(
    /// A type as written in an expression or alias: specifiers and an abstract declarator.
    TypeId, TYPE_ID
);
ast_node!(
    /// `123`, `1.5f`, `'c'`, `"a" "b"`, `true`, `nullptr`.
    Literal, LITERAL
);
ast_node!(
    /// `this`
    ThisExpr, THIS_EXPR
);
ast_node!(
    /// `( expr )`
    ParenExpr, PAREN_EXPR
);
ast_node!(
    /// `lhs op rhs`, assignments and the comma operator included.
    BinExpr, BIN_EXPR
);
ast_node!(
    /// `op expr` (`-`, `!`, `*`, `&`, `++`, `__extension__`, `__real__`, GNU `&&label`).
    PrefixExpr, PREFIX_EXPR
);
ast_node!(
    /// `expr++`, `expr--`.
    PostfixExpr, POSTFIX_EXPR
);
ast_node!(
    /// `(type) expr`
    CastExpr, CAST_EXPR
);
ast_node!(
    /// `static_cast<type>(expr)` and the other named casts.
    NamedCastExpr, NAMED_CAST_EXPR
);
ast_node!(
    /// `type(args)` or `type{args}`.
    FunctionalCast, FUNCTIONAL_CAST
);
ast_node!(
    /// `base[index]`
    IndexExpr, INDEX_EXPR
);
ast_node!(
    /// `base.member`, `base->member`.
    MemberExpr, MEMBER_EXPR
);
ast_node!(
    /// `cond ? then : else`, GNU `cond ?: else`.
    CondExpr, COND_EXPR
);
ast_node!(
    /// `sizeof expr`, `sizeof(type)`, `sizeof...(pack)`.
    SizeofExpr, SIZEOF_EXPR
);
ast_node!(
    /// `alignof(type)`, GNU `__alignof__ expr`.
    AlignofExpr, ALIGNOF_EXPR
);
ast_node!(
    /// `noexcept(expr)`
    NoexceptExpr, NOEXCEPT_EXPR
);
ast_node!(
    /// `typeid(type)`, `typeid(expr)`.
    TypeidExpr, TYPEID_EXPR
);
ast_node!(
    /// `[::]new [(placement)] type [(args) | {args}]`.
    NewExpr, NEW_EXPR
);
ast_node!(
    /// `[::]delete [[]] expr`.
    DeleteExpr, DELETE_EXPR
);
ast_node!(
    /// `throw [expr]`.
    ThrowExpr, THROW_EXPR
);
ast_node!(
    /// `[captures] <params> (params) specifiers -> ret { body }`.
    LambdaExpr, LAMBDA_EXPR
);
ast_node!(
    /// `[ captures ]`.
    LambdaCaptures, LAMBDA_CAPTURES
);
ast_node!(
    /// One capture: `=`, `&`, `this`, `*this`, `x`, `&x`, `x = init`, `...xs`.
    Capture, CAPTURE
);
ast_node!(
    /// `(... op e)`, `(e op ...)`; a binary fold is a `BinExpr` whose left operand is a fold.
    FoldExpr, FOLD_EXPR
);
ast_node!(
    /// `requires (params) { requirements }`.
    RequiresExpr, REQUIRES_EXPR
);
ast_node!(
    /// GNU statement expression `({ ... })`.
    StmtExpr, STMT_EXPR
);
ast_node!(
    /// `__builtin_offsetof(T, m)`, `__builtin_va_arg(ap, T)`, `__builtin_xyz(args)`.
    BuiltinCall, BUILTIN_CALL
);
ast_node!(
    /// C99 `(type){ inits }`.
    CompoundLiteral, COMPOUND_LITERAL
);
ast_node!(
    /// `{ a, .b = c, [2] = d }`.
    InitList, INIT_LIST
);
ast_node!(
    /// `.field =`, `[index] =` or GNU `field:` before an initializer.
    Designator, DESIGNATOR
);
ast_node!(
    /// `co_await expr`
    CoAwaitExpr, CO_AWAIT_EXPR
);
ast_node!(
    /// `co_yield expr`
    CoYieldExpr, CO_YIELD_EXPR
);
ast_node!(
    /// `template <params>`.
    TemplateParamList, TEMPLATE_PARAM_LIST
);
ast_node!(
    /// `typename T`, `class... Ts = int`.
    TypeParam, TYPE_PARAM
);
ast_node!(
    /// `template <typename> class TT`.
    TemplateTemplateParam, TEMPLATE_TEMPLATE_PARAM
);
ast_node!(
    /// `-> type` of a lambda or function.
    TrailingReturn, TRAILING_RETURN
);

/// Any statement node.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Stmt {
    Compound(CompoundStmt),
    Expr(ExprStmt),
    Decl(DeclStmt),
    If(IfStmt),
    Switch(SwitchStmt),
    Case(CaseStmt),
    Default(DefaultStmt),
    Labeled(LabeledStmt),
    While(WhileStmt),
    Do(DoStmt),
    For(ForStmt),
    RangeFor(RangeForStmt),
    Break(BreakStmt),
    Continue(ContinueStmt),
    Return(ReturnStmt),
    CoReturn(CoReturnStmt),
    Goto(GotoStmt),
    Try(TryStmt),
    Asm(AsmStmt),
    Empty(EmptyStmt),
}

macro_rules! enum_node {
    ($name:ident { $($variant:ident($ty:ident)),* $(,)? }) => {
        impl AstNode for $name {
            type Language = CudaLang;
            fn can_cast(kind: SyntaxKind) -> bool {
                $($ty::can_cast(kind))||*
            }
            fn cast(syntax: SyntaxNode) -> Option<Self> {
                $(if $ty::can_cast(syntax.kind()) {
                    return $ty::cast(syntax).map($name::$variant);
                })*
                None
            }
            fn syntax(&self) -> &SyntaxNode {
                match self {
                    $($name::$variant(it) => it.syntax(),)*
                }
            }
        }
    };
}

enum_node!(Stmt {
    Compound(CompoundStmt),
    Expr(ExprStmt),
    Decl(DeclStmt),
    If(IfStmt),
    Switch(SwitchStmt),
    Case(CaseStmt),
    Default(DefaultStmt),
    Labeled(LabeledStmt),
    While(WhileStmt),
    Do(DoStmt),
    For(ForStmt),
    RangeFor(RangeForStmt),
    Break(BreakStmt),
    Continue(ContinueStmt),
    Return(ReturnStmt),
    CoReturn(CoReturnStmt),
    Goto(GotoStmt),
    Try(TryStmt),
    Asm(AsmStmt),
    Empty(EmptyStmt),
});

/// What an [`Expr`] is, one typed view per expression node kind.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ExprKind {
    Literal(Literal),
    Id(IdExpr),
    This(ThisExpr),
    Paren(ParenExpr),
    Bin(BinExpr),
    Prefix(PrefixExpr),
    Postfix(PostfixExpr),
    Cast(CastExpr),
    NamedCast(NamedCastExpr),
    FunctionalCast(FunctionalCast),
    Call(CallExpr),
    Launch(KernelLaunch),
    Index(IndexExpr),
    Member(MemberExpr),
    Cond(CondExpr),
    Sizeof(SizeofExpr),
    Alignof(AlignofExpr),
    Noexcept(NoexceptExpr),
    Typeid(TypeidExpr),
    New(NewExpr),
    Delete(DeleteExpr),
    Throw(ThrowExpr),
    Lambda(LambdaExpr),
    Fold(FoldExpr),
    Requires(RequiresExpr),
    StmtExpr(StmtExpr),
    BuiltinCall(BuiltinCall),
    CompoundLiteral(CompoundLiteral),
    InitList(InitList),
    CoAwait(CoAwaitExpr),
    CoYield(CoYieldExpr),
}

enum_node!(ExprKind {
    Literal(Literal),
    Id(IdExpr),
    This(ThisExpr),
    Paren(ParenExpr),
    Bin(BinExpr),
    Prefix(PrefixExpr),
    Postfix(PostfixExpr),
    Cast(CastExpr),
    NamedCast(NamedCastExpr),
    FunctionalCast(FunctionalCast),
    Call(CallExpr),
    Launch(KernelLaunch),
    Index(IndexExpr),
    Member(MemberExpr),
    Cond(CondExpr),
    Sizeof(SizeofExpr),
    Alignof(AlignofExpr),
    Noexcept(NoexceptExpr),
    Typeid(TypeidExpr),
    New(NewExpr),
    Delete(DeleteExpr),
    Throw(ThrowExpr),
    Lambda(LambdaExpr),
    Fold(FoldExpr),
    Requires(RequiresExpr),
    StmtExpr(StmtExpr),
    BuiltinCall(BuiltinCall),
    CompoundLiteral(CompoundLiteral),
    InitList(InitList),
    CoAwait(CoAwaitExpr),
    CoYield(CoYieldExpr),
});

impl Expr {
    /// The typed view of this expression (`Expr` and `ExprKind` cast the same node kinds).
    pub fn kind(&self) -> Option<ExprKind> {
        ExprKind::cast(self.syntax().clone())
    }
}

/// The direct non-trivia tokens of a node.
fn tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> {
    node.children_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .filter(|t| !t.kind().is_trivia())
}

fn has_token(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    tokens(node).any(|t| t.kind() == kind)
}

/// The direct children castable to `N` that come after the first direct token of `kind`.
fn children_after<N: AstNode<Language = CudaLang>>(
    node: &SyntaxNode,
    kind: SyntaxKind,
) -> impl Iterator<Item = N> {
    node.children_with_tokens()
        .skip_while(move |e| e.as_token().is_none_or(|t| t.kind() != kind))
        .filter_map(SyntaxElement::into_node)
        .filter_map(N::cast)
}

/// The direct children castable to `N` that come before the first direct token of `kind`.
fn children_before<N: AstNode<Language = CudaLang>>(
    node: &SyntaxNode,
    kind: SyntaxKind,
) -> impl Iterator<Item = N> {
    node.children_with_tokens()
        .take_while(move |e| e.as_token().is_none_or(|t| t.kind() != kind))
        .filter_map(SyntaxElement::into_node)
        .filter_map(N::cast)
}

/// Whether `...` directly follows the node among its siblings (a pack expansion `args...`).
pub fn is_expanded(node: &SyntaxNode) -> bool {
    std::iter::successors(node.next_sibling_or_token(), |e| e.next_sibling_or_token())
        .find(|e| !e.kind().is_trivia())
        .is_some_and(|e| e.kind() == DOT3)
}

impl DeclStmt {
    /// The declaration: `SIMPLE_DECLARATION`, `ALIAS_DECL`, `STATIC_ASSERT`, `USING_DECL`,
    /// `USING_DIRECTIVE`, `NAMESPACE_ALIAS`, ... (none for `__label__ a, b;`).
    pub fn declaration(&self) -> Option<SyntaxNode> {
        self.syntax.children().next()
    }
    /// The names of a GNU `__label__ a, b;` declaration.
    pub fn local_labels(&self) -> Vec<SyntaxToken> {
        if !has_token(&self.syntax, LABEL_KW) {
            return Vec::new();
        }
        tokens(&self.syntax).filter(|t| t.kind() == IDENT).collect()
    }
}

impl SimpleDeclaration {
    pub fn enum_specifier(&self) -> Option<EnumSpecifier> {
        support::child(&self.syntax)
    }
    /// The declaration's specifier tokens (`static`, `constexpr`, `int`, ...), without
    /// attributes, class bodies or declarators.
    pub fn specifier_tokens(&self) -> impl Iterator<Item = SyntaxToken> {
        tokens(&self.syntax).filter(|t| !matches!(t.kind(), COMMA | SEMI))
    }
    /// The type-naming specifier nodes (`NAME_REF`, `QUALIFIED_NAME`, `DECLTYPE_SPEC`,
    /// `ELABORATED_TYPE`, `CLASS_SPECIFIER`, ...), everything but declarators and attributes.
    pub fn specifier_nodes(&self) -> impl Iterator<Item = SyntaxNode> {
        self.syntax
            .children()
            .filter(|n| !matches!(n.kind(), INIT_DECLARATOR | ATTRIBUTE_SPEC))
    }
}

impl InitDeclarator {
    pub fn init(&self) -> Option<Initializer> {
        support::child(&self.syntax)
    }
}

impl Initializer {
    /// `= value` or `= { }` (copy-initialization).
    pub fn is_copy(&self) -> bool {
        has_token(&self.syntax, EQ)
    }
    /// The initializing expression of `= e`, `= {..}` or `{..}`.
    pub fn value(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    /// The arguments of a direct initializer `(a, b)`.
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
}

impl Declarator {
    /// The names of a structured binding `auto [a, b] = ...`.
    pub fn structured_bindings(&self) -> Vec<SyntaxToken> {
        if !has_token(&self.syntax, L_BRACK) || self.name().is_some() {
            return Vec::new();
        }
        tokens(&self.syntax).filter(|t| t.kind() == IDENT).collect()
    }
}

impl ExprStmt {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl Condition {
    pub fn declaration(&self) -> Option<SimpleDeclaration> {
        support::child(&self.syntax)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

/// `(init; cond)` of an `if` or `switch`: one or two conditions.
fn init_and_condition(node: &SyntaxNode) -> (Option<Condition>, Option<Condition>) {
    let conds: Vec<Condition> = support::children(node).collect();
    match conds.len() {
        0 => (None, None),
        1 => (None, conds.into_iter().next()),
        _ => {
            let mut it = conds.into_iter();
            (it.next(), it.next())
        }
    }
}

impl IfStmt {
    pub fn is_constexpr(&self) -> bool {
        has_token(&self.syntax, CONSTEXPR_KW)
    }
    /// `if consteval` (`!consteval` when negated).
    pub fn is_consteval(&self) -> bool {
        has_token(&self.syntax, CONSTEVAL_KW)
    }
    pub fn is_negated(&self) -> bool {
        has_token(&self.syntax, BANG)
    }
    /// The init-statement and the condition.
    pub fn init_and_condition(&self) -> (Option<Condition>, Option<Condition>) {
        init_and_condition(&self.syntax)
    }
    pub fn then_branch(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }
    pub fn else_branch(&self) -> Option<Stmt> {
        support::child::<ElseBranch>(&self.syntax).and_then(|e| support::child(&e.syntax))
    }
}

impl SwitchStmt {
    pub fn init_and_condition(&self) -> (Option<Condition>, Option<Condition>) {
        init_and_condition(&self.syntax)
    }
    pub fn body(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }
}

impl WhileStmt {
    pub fn condition(&self) -> Option<Condition> {
        support::child(&self.syntax)
    }
    pub fn body(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }
}

impl DoStmt {
    pub fn body(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }
    pub fn condition(&self) -> Option<Expr> {
        children_after(&self.syntax, WHILE_KW).next()
    }
}

impl ForStmt {
    /// The init-statement (a declaration or an expression statement).
    pub fn init(&self) -> Option<Stmt> {
        children_before(&self.syntax, R_PAREN).next()
    }
    pub fn condition(&self) -> Option<Condition> {
        support::child(&self.syntax)
    }
    /// The expression after the second `;`.
    pub fn step(&self) -> Option<Expr> {
        children_before(&self.syntax, R_PAREN).next()
    }
    pub fn body(&self) -> Option<Stmt> {
        children_after(&self.syntax, R_PAREN).next()
    }
}

impl RangeForStmt {
    /// The loop variable's declaration (or, malformed, an expression statement).
    pub fn declaration(&self) -> Option<Stmt> {
        children_before(&self.syntax, COLON).next()
    }
    pub fn range(&self) -> Option<Expr> {
        children_after(&self.syntax, COLON).next()
    }
    pub fn body(&self) -> Option<Stmt> {
        children_after(&self.syntax, R_PAREN).next()
    }
}

impl CaseStmt {
    pub fn value(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    /// The upper bound of a GNU case range `case lo ... hi:`.
    pub fn range_end(&self) -> Option<Expr> {
        children_after(&self.syntax, DOT3).next()
    }
}

impl LabeledStmt {
    pub fn label(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }
}

impl GotoStmt {
    pub fn label(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }
    /// The target of GNU `goto *expr;`.
    pub fn computed_target(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl ReturnStmt {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl CoReturnStmt {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl TryStmt {
    pub fn body(&self) -> Option<CompoundStmt> {
        support::child(&self.syntax)
    }
    pub fn handlers(&self) -> AstChildren<Handler> {
        support::children(&self.syntax)
    }
}

impl FunctionTryBlock {
    pub fn ctor_initializer(&self) -> Option<CtorInitializer> {
        support::child(&self.syntax)
    }
    pub fn body(&self) -> Option<CompoundStmt> {
        support::child(&self.syntax)
    }
    pub fn handlers(&self) -> AstChildren<Handler> {
        support::children(&self.syntax)
    }
}

impl Handler {
    /// The caught parameter; `None` for `catch (...)`.
    pub fn param(&self) -> Option<Param> {
        support::child(&self.syntax)
    }
    pub fn body(&self) -> Option<CompoundStmt> {
        support::child(&self.syntax)
    }
}

impl AsmStmt {
    pub fn is_volatile(&self) -> bool {
        has_token(&self.syntax, VOLATILE_KW)
    }
    /// The template string's pieces (adjacent literals).
    pub fn template(&self) -> Vec<SyntaxToken> {
        tokens(&self.syntax)
            .skip_while(|t| t.kind() != L_PAREN)
            .skip(1)
            .take_while(|t| t.kind() == STRING_LIT)
            .collect()
    }
    pub fn operands(&self) -> AstChildren<AsmOperand> {
        support::children(&self.syntax)
    }
}

impl AsmOperand {
    /// `"=r"` (several adjacent literals joined by the caller).
    pub fn constraint(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, STRING_LIT)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl CtorInitializer {
    pub fn initializers(&self) -> AstChildren<MemInitializer> {
        support::children(&self.syntax)
    }
}

impl MemInitializer {
    /// The member or base named (`NAME_REF` or `QUALIFIED_NAME`).
    pub fn name(&self) -> Option<SyntaxNode> {
        self.syntax
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
    pub fn init_list(&self) -> Option<InitList> {
        support::child(&self.syntax)
    }
}

impl StaticAssert {
    pub fn condition(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn message(&self) -> Option<Expr> {
        support::children(&self.syntax).nth(1)
    }
}

impl AliasDecl {
    pub fn name(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }
    pub fn type_id(&self) -> Option<TypeId> {
        support::child(&self.syntax)
    }
}

impl UsingDecl {
    pub fn target(&self) -> Option<SyntaxNode> {
        self.syntax
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
    }
}

impl UsingDirective {
    pub fn target(&self) -> Option<SyntaxNode> {
        self.syntax
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
    }
}

impl NamespaceAlias {
    pub fn name(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }
    pub fn target(&self) -> Option<SyntaxNode> {
        self.syntax
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
    }
}

impl Literal {
    /// The literal's tokens: one, or several adjacent string literals.
    pub fn tokens(&self) -> Vec<SyntaxToken> {
        tokens(&self.syntax).collect()
    }
}

impl ParenExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl BinExpr {
    pub fn lhs(&self) -> Option<Expr> {
        support::children(&self.syntax).next()
    }
    pub fn rhs(&self) -> Option<Expr> {
        support::children(&self.syntax).nth(1)
    }
    /// The operator token (`+`, `=`, `<<=`, `,`, `->*`, ...).
    pub fn op(&self) -> Option<SyntaxToken> {
        tokens(&self.syntax).next()
    }
}

impl PrefixExpr {
    pub fn op(&self) -> Option<SyntaxToken> {
        tokens(&self.syntax).next()
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    /// The label of GNU `&&label`.
    pub fn label(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }
}

impl PostfixExpr {
    pub fn op(&self) -> Option<SyntaxToken> {
        tokens(&self.syntax).last()
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl CastExpr {
    pub fn type_id(&self) -> Option<TypeId> {
        support::child(&self.syntax)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl NamedCastExpr {
    /// `static_cast`, `dynamic_cast`, `reinterpret_cast` or `const_cast`.
    pub fn keyword(&self) -> Option<SyntaxToken> {
        tokens(&self.syntax).next()
    }
    pub fn type_id(&self) -> Option<TypeId> {
        support::child(&self.syntax)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl FunctionalCast {
    /// The type's nodes and tokens before the arguments (`int`, `unsigned long`, `T::type`,
    /// `decltype(x)`).
    pub fn type_elements(&self) -> Vec<SyntaxElement> {
        self.syntax
            .children_with_tokens()
            .filter(|e| !e.kind().is_trivia())
            .take_while(|e| !matches!(e.kind(), ARG_LIST | INIT_LIST))
            .collect()
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
    pub fn init_list(&self) -> Option<InitList> {
        support::child(&self.syntax)
    }
}

impl IndexExpr {
    pub fn base(&self) -> Option<Expr> {
        support::children(&self.syntax).next()
    }
    pub fn index(&self) -> Option<Expr> {
        support::children(&self.syntax).nth(1)
    }
}

impl MemberExpr {
    pub fn base(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn is_arrow(&self) -> bool {
        has_token(&self.syntax, ARROW)
    }
    /// `obj.template f<T>()`.
    pub fn has_template_keyword(&self) -> bool {
        has_token(&self.syntax, TEMPLATE_KW)
    }
    /// The member: `NAME_REF`, `QUALIFIED_NAME` (`obj.Base::f`), `DESTRUCTOR_NAME` or
    /// `OPERATOR_NAME`.
    pub fn member(&self) -> Option<SyntaxNode> {
        self.syntax.children().find(|n| {
            matches!(
                n.kind(),
                NAME_REF | QUALIFIED_NAME | DESTRUCTOR_NAME | OPERATOR_NAME
            )
        })
    }
}

impl CondExpr {
    pub fn condition(&self) -> Option<Expr> {
        children_before(&self.syntax, QUESTION).next()
    }
    /// `None` for GNU `a ?: b`.
    pub fn then_branch(&self) -> Option<Expr> {
        children_after(&self.syntax, QUESTION)
            .next()
            .filter(|e: &Expr| {
                e.syntax().text_range().start()
                    < support::token(&self.syntax, COLON)
                        .map_or(e.syntax().text_range().end(), |c| c.text_range().start())
            })
    }
    pub fn else_branch(&self) -> Option<Expr> {
        children_after(&self.syntax, COLON).next()
    }
}

impl SizeofExpr {
    /// `sizeof...(pack)`.
    pub fn is_pack(&self) -> bool {
        has_token(&self.syntax, DOT3)
    }
    pub fn type_id(&self) -> Option<TypeId> {
        support::child(&self.syntax)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl AlignofExpr {
    pub fn type_id(&self) -> Option<TypeId> {
        support::child(&self.syntax)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl NoexceptExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl TypeidExpr {
    pub fn type_id(&self) -> Option<TypeId> {
        support::child(&self.syntax)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl NewExpr {
    /// `::new`.
    pub fn is_global(&self) -> bool {
        self.syntax
            .first_token()
            .is_some_and(|t| t.kind() == COLON2)
    }
    /// `new (place) T`.
    pub fn placement(&self) -> Option<ArgList> {
        self.syntax
            .children()
            .take_while(|n| n.kind() != TYPE_ID)
            .find_map(ArgList::cast)
    }
    pub fn type_id(&self) -> Option<TypeId> {
        support::child(&self.syntax)
    }
    /// `(args)` after the type.
    pub fn arg_list(&self) -> Option<ArgList> {
        self.syntax
            .children()
            .skip_while(|n| n.kind() != TYPE_ID)
            .find_map(ArgList::cast)
    }
    /// `{args}` after the type.
    pub fn init_list(&self) -> Option<InitList> {
        support::child(&self.syntax)
    }
}

impl DeleteExpr {
    pub fn is_global(&self) -> bool {
        has_token(&self.syntax, COLON2)
    }
    pub fn is_array(&self) -> bool {
        has_token(&self.syntax, L_BRACK)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl ThrowExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl LambdaExpr {
    pub fn captures(&self) -> impl Iterator<Item = Capture> {
        support::child::<LambdaCaptures>(&self.syntax)
            .into_iter()
            .flat_map(|c| support::children::<Capture>(&c.syntax))
    }
    pub fn template_params(&self) -> Option<TemplateParamList> {
        support::child(&self.syntax)
    }
    pub fn param_list(&self) -> Option<ParamList> {
        support::child(&self.syntax)
    }
    /// `__attribute__((device))` and the like, written after the parameters.
    pub fn attributes(&self) -> AstChildren<AttributeSpec> {
        support::children(&self.syntax)
    }
    pub fn is_mutable(&self) -> bool {
        has_token(&self.syntax, MUTABLE_KW)
    }
    pub fn trailing_return(&self) -> Option<TypeId> {
        support::child::<TrailingReturn>(&self.syntax).and_then(|t| support::child(&t.syntax))
    }
    pub fn body(&self) -> Option<CompoundStmt> {
        support::child(&self.syntax)
    }
}

/// What a lambda capture captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureDefault {
    /// `=`
    Copy,
    /// `&`
    Ref,
}

impl Capture {
    /// `=` or `&` alone: a capture default.
    pub fn default_mode(&self) -> Option<CaptureDefault> {
        let toks: Vec<SyntaxToken> = tokens(&self.syntax).collect();
        match toks.as_slice() {
            [t] if t.kind() == EQ => Some(CaptureDefault::Copy),
            [t] if t.kind() == AMP => Some(CaptureDefault::Ref),
            _ => None,
        }
    }
    /// `this` or `*this`.
    pub fn is_this(&self) -> bool {
        has_token(&self.syntax, THIS_KW)
    }
    /// `*this` (a copy of the object).
    pub fn is_star_this(&self) -> bool {
        self.is_this() && has_token(&self.syntax, STAR)
    }
    pub fn is_by_ref(&self) -> bool {
        tokens(&self.syntax).next().is_some_and(|t| t.kind() == AMP)
            && self.default_mode().is_none()
    }
    pub fn is_pack(&self) -> bool {
        has_token(&self.syntax, DOT3)
    }
    pub fn name(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }
    /// The initializer of an init-capture `x = e` (or `x{e}`, kept unlowered as tokens).
    pub fn init(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl FoldExpr {
    /// The operator token.
    pub fn op(&self) -> Option<SyntaxToken> {
        tokens(&self.syntax).find(|t| !matches!(t.kind(), L_PAREN | R_PAREN | DOT3))
    }
    /// The operand left of `...` (`(e op ...)`).
    pub fn lhs(&self) -> Option<Expr> {
        children_before(&self.syntax, DOT3).next()
    }
    /// The operand right of `...` (`(... op e)`).
    pub fn rhs(&self) -> Option<Expr> {
        children_after(&self.syntax, DOT3).next()
    }
}

impl StmtExpr {
    pub fn body(&self) -> Option<CompoundStmt> {
        support::child(&self.syntax)
    }
}

impl BuiltinCall {
    /// `__builtin_offsetof`, `__builtin_expect`, ...
    pub fn name(&self) -> Option<SyntaxToken> {
        tokens(&self.syntax).next()
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
}

impl CompoundLiteral {
    pub fn type_id(&self) -> Option<TypeId> {
        support::child(&self.syntax)
    }
    pub fn init_list(&self) -> Option<InitList> {
        support::child(&self.syntax)
    }
}

/// One element of a braced list: a value with its designator and whether it is expanded.
#[derive(Debug, Clone)]
pub struct InitElement {
    pub designator: Option<Designator>,
    pub value: Expr,
    /// `args...`
    pub expanded: bool,
}

impl InitList {
    pub fn elements(&self) -> Vec<InitElement> {
        let mut out = Vec::new();
        let mut designator = None;
        for child in self.syntax.children() {
            if let Some(d) = Designator::cast(child.clone()) {
                designator = Some(d);
            } else if let Some(value) = Expr::cast(child) {
                let expanded = is_expanded(value.syntax());
                out.push(InitElement {
                    designator: designator.take(),
                    value,
                    expanded,
                });
            }
        }
        out
    }
}

impl Designator {
    /// `.a`, `[2]` or GNU `a:`: the field names and index expressions in order.
    pub fn fields(&self) -> Vec<SyntaxToken> {
        tokens(&self.syntax).filter(|t| t.kind() == IDENT).collect()
    }
    pub fn indices(&self) -> AstChildren<Expr> {
        support::children(&self.syntax)
    }
}

impl CoAwaitExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl CoYieldExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

/// One argument of a call, launch, builtin or direct initializer.
#[derive(Debug, Clone)]
pub enum Arg {
    Expr {
        expr: Expr,
        expanded: bool,
    },
    /// A type argument of a builtin (`__builtin_va_arg(ap, int)`).
    Type(TypeId),
}

impl ArgList {
    /// The arguments in order, with `...` expansions and type arguments.
    pub fn elements(&self) -> Vec<Arg> {
        self.syntax
            .children()
            .filter_map(|n| {
                if let Some(t) = TypeId::cast(n.clone()) {
                    return Some(Arg::Type(t));
                }
                let expr = Expr::cast(n)?;
                let expanded = is_expanded(expr.syntax());
                Some(Arg::Expr { expr, expanded })
            })
            .collect()
    }
}

impl TemplateParamList {
    /// `TYPE_PARAM`, `PARAM` (non-type) and `TEMPLATE_TEMPLATE_PARAM` nodes in order.
    pub fn params(&self) -> impl Iterator<Item = SyntaxNode> {
        self.syntax
            .children()
            .filter(|n| matches!(n.kind(), TYPE_PARAM | PARAM | TEMPLATE_TEMPLATE_PARAM))
    }
}

impl TypeParam {
    pub fn name(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }
    pub fn is_pack(&self) -> bool {
        has_token(&self.syntax, DOT3)
    }
}

impl TemplateTemplateParam {
    /// The parameter's name: the identifier after the nested parameter list.
    pub fn name(&self) -> Option<SyntaxToken> {
        tokens(&self.syntax).filter(|t| t.kind() == IDENT).last()
    }
    pub fn is_pack(&self) -> bool {
        has_token(&self.syntax, DOT3)
    }
}

impl ClassSpecifier {
    /// Whether the specifier defines the class (has a member list).
    pub fn is_definition(&self) -> bool {
        self.member_list().is_some()
    }
}

impl EnumSpecifier {
    pub fn is_definition(&self) -> bool {
        self.syntax.children().any(|n| n.kind() == ENUMERATOR_LIST)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_text;

    fn find<N: AstNode<Language = CudaLang>>(text: &str) -> N {
        parse_text(text)
            .syntax_node()
            .descendants()
            .find_map(N::cast)
            .expect("node not found")
    }

    fn text(node: Option<impl AstNode<Language = CudaLang>>) -> String {
        node.map_or("-".to_string(), |n| n.syntax().text().to_string())
    }

    #[test]
    fn statement_parts() {
        let f: ForStmt = find("void f(int n) { for (int i = 0; i < n; ++i) g(i); }");
        assert_eq!(text(f.init()), "int i = 0;");
        assert_eq!(text(f.condition()), "i < n");
        assert_eq!(text(f.step()), "++i");
        assert_eq!(text(f.body()), "g(i);");
        let r: RangeForStmt = find("void f(int *v) { for (auto &x : v) x++; }");
        assert_eq!(text(r.declaration()), "auto &x");
        assert_eq!(text(r.range()), "v");
        assert_eq!(text(r.body()), "x++;");
        let i: IfStmt = find("void f() { if (int a = g(); a > 1) h(); else k(); }");
        let (init, cond) = i.init_and_condition();
        assert_eq!(
            (text(init), text(cond)),
            ("int a = g()".into(), "a > 1".into())
        );
        assert_eq!(
            (text(i.then_branch()), text(i.else_branch())),
            ("h();".into(), "k();".into())
        );
        let d: DoStmt = find("void f() { do x(); while (y); }");
        assert_eq!(
            (text(d.body()), text(d.condition())),
            ("x();".into(), "y".into())
        );
        let c: CaseStmt = find("void f(int a) { switch (a) { case 1 ... 3: ; } }");
        assert_eq!(
            (text(c.value()), text(c.range_end())),
            ("1".into(), "3".into())
        );
    }

    #[test]
    fn expression_parts() {
        let c: CondExpr = find("int x = a ?: b;");
        assert_eq!(text(c.condition()), "a");
        assert!(c.then_branch().is_none());
        assert_eq!(text(c.else_branch()), "b");
        let n: NewExpr = find("void f(void *p) { new (p) int[3]{1}; }");
        assert_eq!(text(n.placement()), "(p)");
        assert_eq!(text(n.type_id()), "int[3]");
        assert_eq!(text(n.init_list()), "{1}");
        let fold: FoldExpr = find("template <class... T> int f(T... t) { return (... + t); }");
        assert_eq!(
            (text(fold.lhs()), text(fold.rhs())),
            ("-".into(), "t".into())
        );
        let args: ArgList = find("void f() { g(a..., b); }");
        let expanded: Vec<bool> = args
            .elements()
            .into_iter()
            .map(|a| matches!(a, Arg::Expr { expanded: true, .. }))
            .collect();
        assert_eq!(expanded, [true, false]);
        let l: LambdaExpr =
            find("auto l = [=, &r, x = 1](int a) __attribute__((device)) mutable { };");
        let caps: Vec<(Option<CaptureDefault>, bool, Option<String>)> = l
            .captures()
            .map(|c| {
                (
                    c.default_mode(),
                    c.is_by_ref(),
                    c.name().map(|t| t.text().to_string()),
                )
            })
            .collect();
        assert_eq!(
            caps,
            [
                (Some(CaptureDefault::Copy), false, None),
                (None, true, Some("r".into())),
                (None, false, Some("x".into())),
            ]
        );
        assert!(l.is_mutable());
        assert_eq!(l.attributes().count(), 1);
        let e: Expr = find("int x = sizeof(int);");
        assert!(matches!(e.kind(), Some(ExprKind::Sizeof(_))));
    }
}
