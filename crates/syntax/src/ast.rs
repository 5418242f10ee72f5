//! Typed views over the untyped tree: zero-cost wrappers whose accessors return `Option`
//! (the tree may be malformed), in the style of rust-analyzer's `ast` module.
use rowan::ast::{AstChildren, AstNode, support};

use crate::{CudaLang, SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};

macro_rules! ast_node {
    ($(#[$doc:meta])* $name:ident, $kind:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            syntax: SyntaxNode,
        }

        impl AstNode for $name {
            type Language = CudaLang;
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast(syntax: SyntaxNode) -> Option<Self> {
                Self::can_cast(syntax.kind()).then_some(Self { syntax })
            }
            fn syntax(&self) -> &SyntaxNode {
                &self.syntax
            }
        }
    };
}

ast_node!(
    /// The whole translation unit.
    SourceFile, SOURCE_FILE
);
ast_node!(
    /// `namespace a::b { ... }`, also inline and anonymous ones.
    Namespace, NAMESPACE
);
ast_node!(
    /// `extern "C" { ... }` or `extern "C" decl`.
    LinkageSpec, LINKAGE_SPEC
);
ast_node!(
    /// `{ declarations }` of a namespace or linkage specification.
    DeclBlock, DECL_BLOCK
);
ast_node!(
    /// `class`/`struct`/`union` with a body.
    ClassSpecifier, CLASS_SPECIFIER
);
ast_node!(
    /// `{ members }` of a class.
    MemberList, MEMBER_LIST
);
ast_node!(
    /// `enum [class] E [: base] { ... }`.
    EnumSpecifier, ENUM_SPECIFIER
);
ast_node!(
    /// A function with its body (or `= default`/`= delete`).
    FunctionDef, FUNCTION_DEF
);
ast_node!(
    /// `specifiers declarator [= init], ... ;`
    SimpleDeclaration, SIMPLE_DECLARATION
);
ast_node!(
    /// `template <params> declaration`.
    TemplateDecl, TEMPLATE_DECL
);
ast_node!(
    /// One declarator with its initializer.
    InitDeclarator, INIT_DECLARATOR
);
ast_node!(
    /// Pointer operators, a declarator-id (or nested declarator) and suffixes.
    Declarator, DECLARATOR
);
ast_node!(
    /// `( params ) cv ref noexcept -> trailing`.
    FunctionSuffix, FUNCTION_SUFFIX
);
ast_node!(
    /// `( param, ... )`.
    ParamList, PARAM_LIST
);
ast_node!(
    /// One function or non-type template parameter.
    Param, PARAM
);
ast_node!(
    /// `{ statements }`.
    CompoundStmt, COMPOUND_STMT
);
ast_node!(
    /// `callee<<<grid, block, shmem, stream>>>(args)`.
    KernelLaunch, KERNEL_LAUNCH
);
ast_node!(
    /// `<<< ... >>>`.
    LaunchConfig, LAUNCH_CONFIG
);
ast_node!(
    /// `callee(args)`.
    CallExpr, CALL_EXPR
);
ast_node!(
    /// `( args )` of a call, launch or direct initializer.
    ArgList, ARG_LIST
);
ast_node!(
    /// One unqualified name, possibly with template arguments.
    NameRef, NAME_REF
);
ast_node!(
    /// `a::b<T>::c`.
    QualifiedName, QUALIFIED_NAME
);
ast_node!(
    /// A name used as an expression.
    IdExpr, ID_EXPR
);
ast_node!(
    /// `__attribute__((...))`, `[[...]]`, `__declspec(...)` or `alignas(...)`.
    AttributeSpec, ATTRIBUTE_SPEC
);
ast_node!(
    /// One attribute inside an attribute specifier: `name` or `name(args)`.
    Attribute, ATTRIBUTE
);
ast_node!(
    /// `< args >`.
    TemplateArgList, TEMPLATE_ARG_LIST
);
ast_node!(
    /// `: public B, virtual C<T>`.
    BaseClause, BASE_CLAUSE
);
ast_node!(
    /// One base class with its access and `virtual` keywords.
    BaseSpec, BASE_SPEC
);
ast_node!(
    /// One enumerator: `name [= value]`.
    Enumerator, ENUMERATOR
);

/// Any expression node.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Expr {
    syntax: SyntaxNode,
}

impl AstNode for Expr {
    type Language = CudaLang;
    fn can_cast(kind: SyntaxKind) -> bool {
        matches!(
            kind,
            LITERAL
                | ID_EXPR
                | THIS_EXPR
                | PAREN_EXPR
                | BIN_EXPR
                | PREFIX_EXPR
                | POSTFIX_EXPR
                | CAST_EXPR
                | NAMED_CAST_EXPR
                | FUNCTIONAL_CAST
                | CALL_EXPR
                | KERNEL_LAUNCH
                | INDEX_EXPR
                | MEMBER_EXPR
                | COND_EXPR
                | SIZEOF_EXPR
                | ALIGNOF_EXPR
                | NOEXCEPT_EXPR
                | TYPEID_EXPR
                | NEW_EXPR
                | DELETE_EXPR
                | THROW_EXPR
                | LAMBDA_EXPR
                | FOLD_EXPR
                | REQUIRES_EXPR
                | STMT_EXPR
                | BUILTIN_CALL
                | COMPOUND_LITERAL
                | INIT_LIST
                | CO_AWAIT_EXPR
                | CO_YIELD_EXPR
        )
    }
    fn cast(syntax: SyntaxNode) -> Option<Self> {
        Self::can_cast(syntax.kind()).then_some(Self { syntax })
    }
    fn syntax(&self) -> &SyntaxNode {
        &self.syntax
    }
}

/// A declaration-level item: what namespaces, linkage blocks and class bodies contain.
pub fn declarations(node: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> + '_ {
    node.children().filter(|n| {
        matches!(
            n.kind(),
            NAMESPACE
                | NAMESPACE_ALIAS
                | LINKAGE_SPEC
                | USING_DIRECTIVE
                | USING_DECL
                | ALIAS_DECL
                | SIMPLE_DECLARATION
                | FUNCTION_DEF
                | TEMPLATE_DECL
                | EXPLICIT_INSTANTIATION
                | STATIC_ASSERT
                | ASM_DECL
                | CONCEPT_DEF
                | ACCESS_SPEC
        )
    })
}

/// The first token of `kind` among the node's own children.
pub fn first_token(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    support::token(node, kind)
}

impl SourceFile {
    pub fn items(&self) -> impl Iterator<Item = SyntaxNode> + '_ {
        declarations(&self.syntax)
    }
}

impl Namespace {
    /// The names of `namespace a::b`, empty for an anonymous namespace.
    pub fn name_tokens(&self) -> Vec<SyntaxToken> {
        self.syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .take_while(|t| t.kind() != L_CURLY)
            .filter(|t| t.kind() == IDENT)
            .collect()
    }
    pub fn is_inline(&self) -> bool {
        first_token(&self.syntax, INLINE_KW).is_some()
    }
    pub fn body(&self) -> Option<DeclBlock> {
        support::child(&self.syntax)
    }
    pub fn attributes(&self) -> AstChildren<AttributeSpec> {
        support::children(&self.syntax)
    }
}

impl DeclBlock {
    pub fn items(&self) -> impl Iterator<Item = SyntaxNode> + '_ {
        declarations(&self.syntax)
    }
}

impl LinkageSpec {
    /// The language string, e.g. `"C"`.
    pub fn abi(&self) -> Option<SyntaxToken> {
        first_token(&self.syntax, STRING_LIT)
    }
    pub fn body(&self) -> Option<DeclBlock> {
        support::child(&self.syntax)
    }
}

impl ClassSpecifier {
    /// `class`, `struct` or `union`.
    pub fn key(&self) -> Option<SyntaxToken> {
        self.syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW | UNION_KW))
    }
    pub fn name(&self) -> Option<SyntaxNode> {
        self.syntax
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
    }
    pub fn member_list(&self) -> Option<MemberList> {
        support::child(&self.syntax)
    }
    pub fn attributes(&self) -> AstChildren<AttributeSpec> {
        support::children(&self.syntax)
    }
}

impl ClassSpecifier {
    pub fn base_clause(&self) -> Option<BaseClause> {
        support::child(&self.syntax)
    }
}

impl BaseClause {
    pub fn bases(&self) -> AstChildren<BaseSpec> {
        support::children(&self.syntax)
    }
}

impl BaseSpec {
    /// The base class name (`NAME_REF` or `QUALIFIED_NAME`).
    pub fn name(&self) -> Option<SyntaxNode> {
        self.syntax
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
    }
    pub fn is_virtual(&self) -> bool {
        first_token(&self.syntax, VIRTUAL_KW).is_some()
    }
}

impl MemberList {
    pub fn members(&self) -> impl Iterator<Item = SyntaxNode> + '_ {
        declarations(&self.syntax)
    }
}

impl Enumerator {
    pub fn name(&self) -> Option<SyntaxToken> {
        first_token(&self.syntax, IDENT)
    }
}

impl EnumSpecifier {
    pub fn enumerators(&self) -> impl Iterator<Item = Enumerator> {
        self.syntax
            .children()
            .filter(|n| n.kind() == ENUMERATOR_LIST)
            .flat_map(|list| list.children().filter_map(Enumerator::cast))
    }
    pub fn name(&self) -> Option<SyntaxNode> {
        self.syntax
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
    }
    pub fn is_scoped(&self) -> bool {
        self.syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .any(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW))
    }
}

impl FunctionDef {
    /// The declared name (`f`, `ns::C::f`, `operator+`).
    pub fn name(&self) -> Option<SyntaxNode> {
        self.declarator()?.name()
    }
    pub fn declarator(&self) -> Option<Declarator> {
        support::child(&self.syntax)
    }
    pub fn body(&self) -> Option<CompoundStmt> {
        support::child(&self.syntax).or_else(|| {
            self.syntax
                .children()
                .find(|n| n.kind() == FUNCTION_TRY_BLOCK)
                .and_then(|n| support::child(&n))
        })
    }
    /// Attribute specifiers among the declaration specifiers (`__attribute__((global))`).
    pub fn attributes(&self) -> AstChildren<AttributeSpec> {
        support::children(&self.syntax)
    }
    /// Whether a GNU attribute with this name (e.g. `global`, `device`) appears among the
    /// specifiers, with or without surrounding underscores.
    pub fn has_attribute(&self, name: &str) -> bool {
        self.attributes()
            .any(|spec| spec.attributes().any(|a| a.is_named(name)))
    }
}

impl SimpleDeclaration {
    pub fn init_declarators(&self) -> AstChildren<InitDeclarator> {
        support::children(&self.syntax)
    }
    pub fn attributes(&self) -> AstChildren<AttributeSpec> {
        support::children(&self.syntax)
    }
    pub fn is_typedef(&self) -> bool {
        first_token(&self.syntax, TYPEDEF_KW).is_some()
    }
    pub fn class_specifier(&self) -> Option<ClassSpecifier> {
        support::child(&self.syntax)
    }
}

impl TemplateDecl {
    pub fn params(&self) -> Option<SyntaxNode> {
        self.syntax
            .children()
            .find(|n| n.kind() == TEMPLATE_PARAM_LIST)
    }
    /// The templated declaration.
    pub fn declaration(&self) -> Option<SyntaxNode> {
        declarations(&self.syntax).next()
    }
}

impl InitDeclarator {
    pub fn declarator(&self) -> Option<Declarator> {
        support::child(&self.syntax)
    }
    pub fn initializer(&self) -> Option<SyntaxNode> {
        self.syntax.children().find(|n| n.kind() == INITIALIZER)
    }
}

impl Declarator {
    /// The declared name (`f`, `ns::C::f`, `operator+`), looking through nested declarators.
    pub fn name(&self) -> Option<SyntaxNode> {
        let direct = self.syntax.children().find(|n| {
            matches!(
                n.kind(),
                NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME
            )
        });
        direct.or_else(|| self.nested().and_then(|d| d.name()))
    }
    pub fn nested(&self) -> Option<Declarator> {
        support::child(&self.syntax)
    }
    pub fn function_suffix(&self) -> Option<FunctionSuffix> {
        support::child(&self.syntax)
    }
    /// The parameters of the function this declarator declares, if it declares one.
    pub fn param_list(&self) -> Option<ParamList> {
        self.function_suffix().and_then(|s| s.param_list())
    }
    /// The declarator that directly holds the declared name (`f` in `int (*f(int))[3]`).
    pub fn name_holder(&self) -> Option<Declarator> {
        if self.syntax.children().any(|n| {
            matches!(
                n.kind(),
                NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME
            )
        }) {
            return Some(self.clone());
        }
        self.nested().and_then(|d| d.name_holder())
    }
    /// Whether the declarator declares a function: the suffix nearest the name is a function's
    /// (`int g(int)`, `int (*f(int))[3]`), not an array's (`int (*a[3])(int)`).
    pub fn declares_function(&self) -> bool {
        self.name_holder().is_some_and(|holder| {
            holder
                .syntax
                .children()
                .find(|n| matches!(n.kind(), FUNCTION_SUFFIX | ARRAY_SUFFIX))
                .is_some_and(|s| s.kind() == FUNCTION_SUFFIX)
        })
    }
}

/// The identifier a name node ends in: a plain name's, the last name segment's of a qualified
/// name (the class in `C::~C`, whose last segment is a destructor name), a destructor name's
/// (`X` of `~X`); none for an operator name.
pub fn name_ident(name: &SyntaxNode) -> Option<SyntaxToken> {
    let last = if name.kind() == QUALIFIED_NAME {
        name.children().filter(|n| n.kind() == NAME_REF).last()?
    } else {
        name.clone()
    };
    last.children_with_tokens()
        .filter_map(rowan::NodeOrToken::into_token)
        .find(|t| t.kind() == IDENT)
}

impl Declarator {
    /// The identifier of the declared name ([`name_ident`] of [`Declarator::name`]).
    pub fn name_ident(&self) -> Option<SyntaxToken> {
        self.name().and_then(|n| name_ident(&n))
    }
}

impl FunctionSuffix {
    pub fn param_list(&self) -> Option<ParamList> {
        support::child(&self.syntax)
    }
}

impl ParamList {
    pub fn params(&self) -> AstChildren<Param> {
        support::children(&self.syntax)
    }
    /// Whether the list ends in C varargs `...`.
    pub fn is_variadic(&self) -> bool {
        first_token(&self.syntax, DOT3).is_some()
    }
}

impl Param {
    pub fn declarator(&self) -> Option<Declarator> {
        support::child(&self.syntax)
    }
    pub fn default_value(&self) -> Option<SyntaxNode> {
        self.syntax.children().find(|n| n.kind() == INITIALIZER)
    }
}

impl CompoundStmt {
    pub fn statements(&self) -> impl Iterator<Item = SyntaxNode> + '_ {
        self.syntax.children()
    }
}

impl KernelLaunch {
    /// The launched function expression (`k`, `ns::k<T>`, `obj.k`).
    pub fn callee(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn config(&self) -> Option<LaunchConfig> {
        support::child(&self.syntax)
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
    pub fn args(&self) -> impl Iterator<Item = Expr> {
        self.arg_list().into_iter().flat_map(|a| a.args())
    }
    pub fn grid(&self) -> Option<Expr> {
        self.config()?.args().next()
    }
    pub fn block(&self) -> Option<Expr> {
        self.config()?.args().nth(1)
    }
    pub fn shared_mem(&self) -> Option<Expr> {
        self.config()?.args().nth(2)
    }
    pub fn stream(&self) -> Option<Expr> {
        self.config()?.args().nth(3)
    }
}

impl LaunchConfig {
    pub fn args(&self) -> AstChildren<Expr> {
        support::children(&self.syntax)
    }
}

impl CallExpr {
    pub fn callee(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
    pub fn args(&self) -> impl Iterator<Item = Expr> {
        self.arg_list().into_iter().flat_map(|a| a.args())
    }
}

impl ArgList {
    pub fn args(&self) -> AstChildren<Expr> {
        support::children(&self.syntax)
    }
}

impl NameRef {
    pub fn ident(&self) -> Option<SyntaxToken> {
        first_token(&self.syntax, IDENT)
    }
    pub fn text(&self) -> Option<String> {
        self.ident().map(|t| t.text().to_string())
    }
    pub fn template_args(&self) -> Option<TemplateArgList> {
        support::child(&self.syntax)
    }
}

impl QualifiedName {
    /// The components, outermost first (`a`, `b`, `c` for `::a::b::c`).
    pub fn segments(&self) -> AstChildren<NameRef> {
        support::children(&self.syntax)
    }
    /// Whether the name starts with `::`.
    pub fn is_global(&self) -> bool {
        self.syntax
            .first_token()
            .is_some_and(|t| t.kind() == COLON2)
    }
    pub fn last_segment(&self) -> Option<NameRef> {
        self.segments().last()
    }
}

impl IdExpr {
    pub fn name_ref(&self) -> Option<NameRef> {
        support::child(&self.syntax)
    }
    pub fn qualified_name(&self) -> Option<QualifiedName> {
        support::child(&self.syntax)
    }
}

impl AttributeSpec {
    pub fn is_gnu(&self) -> bool {
        self.syntax
            .first_token()
            .is_some_and(|t| t.kind() == ATTRIBUTE_KW)
    }
    pub fn attributes(&self) -> AstChildren<Attribute> {
        support::children(&self.syntax)
    }
}

impl Attribute {
    /// The attribute name without a namespace (`launch_bounds` for `__launch_bounds__`
    /// is reported as written; use [`Attribute::is_named`] to compare).
    pub fn name(&self) -> Option<SyntaxToken> {
        let tokens: Vec<_> = self
            .syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .take_while(|t| t.kind() != L_PAREN)
            .filter(|t| t.kind() == IDENT || t.kind().is_keyword())
            .collect();
        tokens.last().cloned()
    }
    /// Compares the name ignoring GNU's optional surrounding `__` (`__global__` is `global`).
    pub fn is_named(&self, name: &str) -> bool {
        self.name().is_some_and(|t| {
            let text = t.text();
            let bare = text
                .strip_prefix("__")
                .and_then(|t| t.strip_suffix("__"))
                .unwrap_or(text);
            bare == name
        })
    }
    /// The raw argument tokens, including the parentheses.
    pub fn args(&self) -> Option<SyntaxNode> {
        self.syntax.children().find(|n| n.kind() == ATTRIBUTE_ARGS)
    }
}

mod body;
pub use body::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_text;

    fn find<N: AstNode<Language = CudaLang>>(text: &str) -> N {
        let root = parse_text(text).syntax_node();
        root.descendants()
            .find_map(N::cast)
            .expect("node not found")
    }

    #[test]
    fn kernel_launch_parts() {
        let launch: KernelLaunch = find("void f() { ns::k<float, 3><<<g, b, 0, s>>>(x, y); }");
        assert_eq!(
            launch.callee().unwrap().syntax().text().to_string(),
            "ns::k<float, 3>"
        );
        assert_eq!(launch.grid().unwrap().syntax().text().to_string(), "g");
        assert_eq!(launch.block().unwrap().syntax().text().to_string(), "b");
        assert_eq!(
            launch.shared_mem().unwrap().syntax().text().to_string(),
            "0"
        );
        assert_eq!(launch.stream().unwrap().syntax().text().to_string(), "s");
        let args: Vec<String> = launch
            .args()
            .map(|a| a.syntax().text().to_string())
            .collect();
        assert_eq!(args, ["x", "y"]);
    }

    #[test]
    fn function_def_attributes_and_params() {
        let f: FunctionDef = find(
            "__attribute__((global)) __attribute__((__launch_bounds__(128))) void k(int n, float* x) {}",
        );
        assert!(f.has_attribute("global"));
        assert!(f.has_attribute("launch_bounds"));
        assert!(!f.has_attribute("device"));
        let decl = f.declarator().unwrap();
        assert_eq!(decl.name().unwrap().text().to_string(), "k");
        let params: Vec<String> = decl
            .param_list()
            .unwrap()
            .params()
            .map(|p| p.declarator().unwrap().name().unwrap().text().to_string())
            .collect();
        assert_eq!(params, ["n", "x"]);
        assert!(f.body().is_some());
    }

    #[test]
    fn bases_and_enumerators() {
        let class: ClassSpecifier = find("struct D : public B, virtual ns::C<int> { };");
        let bases: Vec<(String, bool)> = class
            .base_clause()
            .unwrap()
            .bases()
            .map(|b| (b.name().unwrap().text().to_string(), b.is_virtual()))
            .collect();
        assert_eq!(
            bases,
            [("B".to_string(), false), ("ns::C<int>".to_string(), true)]
        );
        let e: EnumSpecifier = find("enum class E : int { A, B = 2 };");
        assert!(e.is_scoped());
        let names: Vec<String> = e
            .enumerators()
            .filter_map(|x| x.name())
            .map(|t| t.text().to_string())
            .collect();
        assert_eq!(names, ["A", "B"]);
        let f: FunctionDef = find("void ns::C::f() {}");
        assert_eq!(f.name().unwrap().text().to_string(), "ns::C::f");
    }

    #[test]
    fn qualified_names() {
        let q: QualifiedName = find("int x = ::std::vector<int>::npos;");
        assert!(q.is_global());
        let segs: Vec<String> = q.segments().filter_map(|s| s.text()).collect();
        assert_eq!(segs, ["std", "vector", "npos"]);
    }

    #[test]
    fn namespaces_and_classes() {
        let ns: Namespace = find(
            "inline namespace a __attribute__((visibility(\"default\"))) { struct S { int m; }; }",
        );
        assert!(ns.is_inline());
        assert_eq!(
            ns.name_tokens()
                .iter()
                .map(|t| t.text().to_string())
                .collect::<Vec<_>>(),
            ["a"]
        );
        assert_eq!(ns.attributes().count(), 1);
        let class: ClassSpecifier = find("struct S { int m; };");
        assert_eq!(class.key().unwrap().kind(), STRUCT_KW);
        assert_eq!(class.member_list().unwrap().members().count(), 1);
    }
}
