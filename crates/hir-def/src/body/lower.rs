//! From the syntax tree of an item's definition to a [`Body`]: statements, expressions and
//! bindings allocated in arenas, each with its syntax pointer in the [`BodySourceMap`].
//!
//! Everything goes through the typed views of `syntax::ast`; whatever does not lower (an absent
//! operand in a malformed tree, an error node, nesting deeper than [`MAX_DEPTH`]) becomes
//! `Expr::Missing` / `Stmt::Missing`, never a panic.
use rowan::ast::AstNode;
use syntax::ast::{self, Arg, ExprKind};
use syntax::{SyntaxElement, SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};

use super::{Body, BodySourceMap, NodePtr};
use crate::hir::{
    ArithOp, BinaryOp, Binding, BindingId, BindingKind, BuiltinArg, Capture, CastKind, CatchClause,
    Condition, DeclFlags, Designator, Expr, ExprId, Lambda, Literal, LiteralKind, LocalDecl,
    LocalType, LocalTypeId, LocalTypeKind, LocalUsing, MemInit, Path, PathSegment, Stmt, StmtId,
    TypeOrExpr, TypeRef, UnaryOp,
};
use crate::source::{BodyOwnerKind, function_def, simple_declaration};

/// How deeply statements and expressions may nest before the rest lowers to `Missing`: the
/// parser already bounds nesting, but chains (`a + b + ...`, `f().g().h()...`) are flat in the
/// parser and deep in the tree.
pub(crate) const MAX_DEPTH: u32 = 256;

pub(super) fn lower(
    root: &SyntaxNode,
    owner: Option<BodyOwnerKind>,
    owner_name: Option<&str>,
) -> (Body, BodySourceMap) {
    let mut ctx = Ctx {
        body: Body::default(),
        map: BodySourceMap::default(),
        depth: 0,
    };
    match owner {
        Some(BodyOwnerKind::Function) => {
            if let Some(def) = function_def(root) {
                ctx.lower_function(&def);
            }
        }
        Some(BodyOwnerKind::Initializer) => {
            if let Some(decl) = simple_declaration(root) {
                ctx.lower_initializer_of(&decl, owner_name);
            }
        }
        None => {}
    }
    (ctx.body, ctx.map)
}

struct Ctx {
    body: Body,
    map: BodySourceMap,
    depth: u32,
}

impl Ctx {
    // ---- allocation ----

    fn alloc_expr(&mut self, expr: Expr, node: Option<&SyntaxNode>) -> ExprId {
        let id = self.body.exprs.alloc(expr);
        if let Some(node) = node {
            let ptr = NodePtr::new(node);
            self.map.expr_map.entry(ptr).or_insert(id);
            self.map.expr_map_back.insert(id, ptr);
        }
        id
    }

    fn missing_expr(&mut self, node: Option<&SyntaxNode>) -> ExprId {
        self.alloc_expr(Expr::Missing, node)
    }

    fn alloc_stmt(&mut self, stmt: Stmt, node: Option<&SyntaxNode>) -> StmtId {
        let id = self.body.stmts.alloc(stmt);
        if let Some(node) = node {
            let ptr = NodePtr::new(node);
            self.map.stmt_map.entry(ptr).or_insert(id);
            self.map.stmt_map_back.insert(id, ptr);
        }
        id
    }

    fn alloc_binding(&mut self, binding: Binding, node: &SyntaxNode) -> BindingId {
        let id = self.body.bindings.alloc(binding);
        let ptr = NodePtr::new(node);
        self.map.binding_map.entry(ptr).or_insert(id);
        self.map.binding_map_back.insert(id, ptr);
        id
    }

    fn alloc_local_type(&mut self, ty: LocalType, node: &SyntaxNode) -> LocalTypeId {
        let id = self.body.local_types.alloc(ty);
        self.map.local_type_map_back.insert(id, NodePtr::new(node));
        id
    }

    // ---- owners ----

    fn lower_function(&mut self, def: &ast::FunctionDef) {
        if let Some(params) = def
            .declarator()
            .as_ref()
            .and_then(name_holder)
            .and_then(|d| d.param_list())
        {
            self.body.params = self.lower_params(&params, BindingKind::Param);
        }
        for child in def.syntax().children() {
            if let Some(init) = ast::CtorInitializer::cast(child.clone()) {
                self.lower_ctor_initializer(&init);
            } else if let Some(block) = ast::CompoundStmt::cast(child.clone()) {
                self.body.body_stmt = Some(self.lower_compound(&block));
            } else if let Some(try_block) = ast::FunctionTryBlock::cast(child) {
                if let Some(init) = try_block.ctor_initializer() {
                    self.lower_ctor_initializer(&init);
                }
                let body = self.lower_compound_opt(try_block.body());
                let handlers = self.lower_handlers(try_block.handlers());
                self.body.body_stmt =
                    Some(self.alloc_stmt(Stmt::Try { body, handlers }, Some(try_block.syntax())));
            }
        }
    }

    fn lower_ctor_initializer(&mut self, init: &ast::CtorInitializer) {
        let mut inits = std::mem::take(&mut self.body.mem_inits).into_vec();
        for mem in init.initializers() {
            let name = mem.name().map_or_else(empty_path, |n| lower_path(&n));
            let init = if let Some(args) = mem.arg_list() {
                let elems = self.lower_args(&args);
                self.alloc_expr(Expr::ParenInit(elems), Some(args.syntax()))
            } else if let Some(list) = mem.init_list() {
                self.lower_init_list(&list)
            } else {
                self.missing_expr(Some(mem.syntax()))
            };
            let pack = has_direct_token(mem.syntax(), DOT3);
            inits.push(MemInit { name, init, pack });
        }
        self.body.mem_inits = inits.into_boxed_slice();
    }

    /// The initializer of the declarator that declares `name` (il's name as written).
    fn lower_initializer_of(&mut self, decl: &ast::SimpleDeclaration, name: Option<&str>) {
        let Some(name) = name else { return };
        let Some(init_decl) = decl.init_declarators().find(|d| {
            d.declarator()
                .and_then(|d| d.name())
                .is_some_and(|n| declared_name_text(&n) == name)
        }) else {
            return;
        };
        if let Some(init) = init_decl.init() {
            self.body.init_expr = Some(self.lower_initializer(&init));
        }
    }

    // ---- declarations ----

    fn lower_params(&mut self, params: &ast::ParamList, kind: BindingKind) -> Box<[BindingId]> {
        let mut out = Vec::new();
        let all: Vec<ast::Param> = params.params().collect();
        for param in &all {
            // `f(void)` declares no parameter.
            if all.len() == 1
                && param.declarator().is_none()
                && direct_tokens(param.syntax()).all(|t| t.kind() == VOID_KW)
            {
                break;
            }
            out.push(self.lower_param(param, kind));
        }
        out.into_boxed_slice()
    }

    fn lower_param(&mut self, param: &ast::Param, kind: BindingKind) -> BindingId {
        let base = specifier_spelling(param.syntax());
        let declarator = param.declarator();
        let name = declarator
            .as_ref()
            .and_then(|d| d.name())
            .map(|n| declared_name_text(&n).into_boxed_str());
        let ty = type_spelling(&base, declarator.as_ref());
        let flags = DeclFlags {
            is_pack: declarator.as_ref().is_some_and(|d| {
                d.syntax()
                    .descendants_with_tokens()
                    .any(|e| e.kind() == DOT3)
            }),
            is_register: has_direct_token(param.syntax(), REGISTER_KW),
            ..DeclFlags::default()
        };
        let attrs = attribute_names(param.syntax());
        self.alloc_binding(
            Binding {
                name,
                kind,
                ty,
                flags,
                attrs,
            },
            param.syntax(),
        )
    }

    /// A simple declaration in a block, a condition or a for-range: its bindings and types.
    fn lower_simple_declaration(
        &mut self,
        decl: &ast::SimpleDeclaration,
        kind: BindingKind,
        node: &SyntaxNode,
    ) -> StmtId {
        let mut types = Vec::new();
        let base = specifier_spelling(decl.syntax());
        let decl_attrs = attribute_names_direct(decl.syntax());
        let flags = DeclFlags {
            is_static: has_direct_token(decl.syntax(), STATIC_KW),
            is_extern: has_direct_token(decl.syntax(), EXTERN_KW),
            is_thread_local: has_direct_token(decl.syntax(), THREAD_LOCAL_KW),
            is_constexpr: has_direct_token(decl.syntax(), CONSTEXPR_KW),
            is_register: has_direct_token(decl.syntax(), REGISTER_KW),
            is_pack: false,
        };
        let has_declarators = decl.init_declarators().next().is_some();
        if let Some(class) = decl.class_specifier()
            && (class.is_definition() || !has_declarators)
        {
            let kind = match class.key().map(|k| k.kind()) {
                Some(CLASS_KW) => LocalTypeKind::Class,
                Some(UNION_KW) => LocalTypeKind::Union,
                _ => LocalTypeKind::Struct,
            };
            let name = class.name().map(|n| text_of(&n).into_boxed_str());
            types.push(self.alloc_local_type(
                LocalType {
                    kind,
                    name,
                    target: None,
                    enumerators: Box::new([]),
                },
                class.syntax(),
            ));
        }
        if let Some(spec) = decl.enum_specifier() {
            let enumerators = spec
                .enumerators()
                .map(|e| {
                    let name = e.name().map(|t| t.text().into());
                    if let Some(value) = e.syntax().children().find_map(ast::Expr::cast) {
                        self.lower_expr(value);
                    }
                    self.alloc_binding(
                        Binding {
                            name,
                            kind: BindingKind::Enumerator,
                            ty: TypeRef("".into()),
                            flags: DeclFlags::default(),
                            attrs: Box::new([]),
                        },
                        e.syntax(),
                    )
                })
                .collect();
            let name = spec.name().map(|n| text_of(&n).into_boxed_str());
            types.push(self.alloc_local_type(
                LocalType {
                    kind: LocalTypeKind::Enum,
                    name,
                    target: None,
                    enumerators,
                },
                spec.syntax(),
            ));
        }
        // `struct S;` / `enum class E;` without declarators declares the type.
        if types.is_empty()
            && !has_declarators
            && let Some(elaborated) = decl
                .syntax()
                .children()
                .find(|n| n.kind() == ELABORATED_TYPE)
        {
            let kind = match direct_tokens(&elaborated).next().map(|t| t.kind()) {
                Some(CLASS_KW) => LocalTypeKind::Class,
                Some(UNION_KW) => LocalTypeKind::Union,
                Some(ENUM_KW) => LocalTypeKind::Enum,
                _ => LocalTypeKind::Struct,
            };
            let name = elaborated
                .children()
                .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                .map(|n| text_of(&n).into_boxed_str());
            types.push(self.alloc_local_type(
                LocalType {
                    kind,
                    name,
                    target: None,
                    enumerators: Box::new([]),
                },
                &elaborated,
            ));
        }
        let mut decls = Vec::new();
        for init_decl in decl.init_declarators() {
            let Some(declarator) = init_decl.declarator() else {
                continue;
            };
            let structured = declarator.structured_bindings();
            let ty = if structured.is_empty() {
                type_spelling(&base, Some(&declarator))
            } else {
                TypeRef(base.clone().into())
            };
            if decl.is_typedef() {
                let name = declarator
                    .name()
                    .map(|n| declared_name_text(&n).into_boxed_str());
                types.push(self.alloc_local_type(
                    LocalType {
                        kind: LocalTypeKind::Typedef,
                        name,
                        target: Some(ty),
                        enumerators: Box::new([]),
                    },
                    init_decl.syntax(),
                ));
                continue;
            }
            let mut attrs = decl_attrs.to_vec();
            attrs.extend(attribute_names(declarator.syntax()).into_vec());
            let attrs = attrs.into_boxed_slice();
            let (binding, extra) = if !structured.is_empty() {
                let mut ids = structured.iter().map(|name| {
                    self.alloc_binding(
                        Binding {
                            name: Some(name.text().into()),
                            kind: BindingKind::StructuredBinding,
                            ty: ty.clone(),
                            flags,
                            attrs: attrs.clone(),
                        },
                        declarator.syntax(),
                    )
                });
                let first = ids.next().expect("structured bindings are not empty");
                let rest: Vec<BindingId> = ids.collect();
                (first, rest)
            } else {
                let kind = if declares_function(&declarator) {
                    BindingKind::LocalFunction
                } else {
                    kind
                };
                let name = declarator
                    .name()
                    .map(|n| declared_name_text(&n).into_boxed_str());
                let id = self.alloc_binding(
                    Binding {
                        name,
                        kind,
                        ty,
                        flags,
                        attrs,
                    },
                    init_decl.syntax(),
                );
                (id, Vec::new())
            };
            let init = init_decl.init().map(|i| self.lower_initializer(&i));
            decls.push(LocalDecl { binding, init });
            decls.extend(extra.into_iter().map(|binding| LocalDecl {
                binding,
                init: None,
            }));
        }
        let stmt = if types.is_empty() {
            Stmt::Decl(decls.into_boxed_slice())
        } else {
            Stmt::TypeDecl {
                types: types.into_boxed_slice(),
                decls: decls.into_boxed_slice(),
            }
        };
        self.alloc_stmt(stmt, Some(node))
    }

    fn lower_initializer(&mut self, init: &ast::Initializer) -> ExprId {
        if let Some(args) = init.arg_list() {
            let elems = self.lower_args(&args);
            return self.alloc_expr(Expr::ParenInit(elems), Some(args.syntax()));
        }
        match init.value() {
            Some(value) => self.lower_expr(value),
            None => self.missing_expr(Some(init.syntax())),
        }
    }

    // ---- statements ----

    fn lower_compound_opt(&mut self, block: Option<ast::CompoundStmt>) -> StmtId {
        match block {
            Some(block) => self.lower_compound(&block),
            None => self.alloc_stmt(Stmt::Missing, None),
        }
    }

    fn lower_compound(&mut self, block: &ast::CompoundStmt) -> StmtId {
        if !self.enter() {
            return self.alloc_stmt(Stmt::Missing, Some(block.syntax()));
        }
        let mut stmts = Vec::new();
        for child in block.syntax().children() {
            if let Some(stmt) = ast::Stmt::cast(child.clone()) {
                stmts.push(self.lower_stmt(stmt));
            } else if child.kind() == ERROR {
                stmts.push(self.alloc_stmt(Stmt::Missing, Some(&child)));
            }
        }
        self.leave();
        self.alloc_stmt(
            Stmt::Compound(stmts.into_boxed_slice()),
            Some(block.syntax()),
        )
    }

    fn lower_stmt_opt(&mut self, stmt: Option<ast::Stmt>) -> StmtId {
        match stmt {
            Some(stmt) => self.lower_stmt(stmt),
            None => self.alloc_stmt(Stmt::Missing, None),
        }
    }

    fn lower_stmt(&mut self, stmt: ast::Stmt) -> StmtId {
        if let ast::Stmt::Compound(block) = &stmt {
            return self.lower_compound(block);
        }
        if !self.enter() {
            return self.alloc_stmt(Stmt::Missing, Some(stmt.syntax()));
        }
        let id = self.lower_stmt_inner(&stmt);
        self.leave();
        id
    }

    fn lower_stmt_inner(&mut self, stmt: &ast::Stmt) -> StmtId {
        let node = stmt.syntax();
        let lowered = match stmt {
            ast::Stmt::Compound(block) => return self.lower_compound(block),
            ast::Stmt::Expr(s) => Stmt::Expr(self.lower_expr_opt(s.expr(), node)),
            ast::Stmt::Decl(s) => return self.lower_decl_stmt(s, BindingKind::Local),
            ast::Stmt::If(s) => {
                if s.is_consteval() {
                    let then = self.lower_stmt_opt(s.then_branch());
                    let else_ = s.else_branch().map(|e| self.lower_stmt(e));
                    Stmt::IfConsteval {
                        negated: s.is_negated(),
                        then,
                        else_,
                    }
                } else {
                    let (init, cond) = s.init_and_condition();
                    let init = init.map(|c| self.lower_condition_as_stmt(&c));
                    let cond = self.lower_condition_opt(cond, node);
                    let then = self.lower_stmt_opt(s.then_branch());
                    let else_ = s.else_branch().map(|e| self.lower_stmt(e));
                    Stmt::If {
                        init,
                        cond,
                        then,
                        else_,
                        constexpr: s.is_constexpr(),
                    }
                }
            }
            ast::Stmt::Switch(s) => {
                let (init, cond) = s.init_and_condition();
                let init = init.map(|c| self.lower_condition_as_stmt(&c));
                let cond = self.lower_condition_opt(cond, node);
                let body = self.lower_stmt_opt(s.body());
                Stmt::Switch { init, cond, body }
            }
            ast::Stmt::Case(s) => {
                let value = self.lower_expr_opt(s.value(), node);
                let range_end = s.range_end().map(|e| self.lower_expr(e));
                Stmt::Case { value, range_end }
            }
            ast::Stmt::Default(_) => Stmt::Default,
            ast::Stmt::Labeled(s) => Stmt::Label(token_text(s.label())),
            ast::Stmt::While(s) => {
                let cond = self.lower_condition_opt(s.condition(), node);
                let body = self.lower_stmt_opt(s.body());
                Stmt::While { cond, body }
            }
            ast::Stmt::Do(s) => {
                let body = self.lower_stmt_opt(s.body());
                let cond = self.lower_expr_opt(s.condition(), node);
                Stmt::DoWhile { body, cond }
            }
            ast::Stmt::For(s) => {
                let init = s.init().map(|i| match &i {
                    ast::Stmt::Decl(d) => self.lower_decl_stmt(d, BindingKind::Local),
                    _ => self.lower_stmt(i),
                });
                let cond = s.condition().map(|c| self.lower_condition(&c));
                let step = s.step().map(|e| self.lower_expr(e));
                let body = self.lower_stmt_opt(s.body());
                Stmt::For {
                    init,
                    cond,
                    step,
                    body,
                }
            }
            ast::Stmt::RangeFor(s) => {
                let decl = match s.declaration() {
                    Some(ast::Stmt::Decl(d)) => self.lower_decl_stmt(&d, BindingKind::RangeFor),
                    other => self.lower_stmt_opt(other),
                };
                let range = self.lower_expr_opt(s.range(), node);
                let body = self.lower_stmt_opt(s.body());
                Stmt::RangeFor { decl, range, body }
            }
            ast::Stmt::Break(_) => Stmt::Break,
            ast::Stmt::Continue(_) => Stmt::Continue,
            ast::Stmt::Return(s) => Stmt::Return(s.expr().map(|e| self.lower_expr(e))),
            ast::Stmt::CoReturn(s) => Stmt::CoReturn(s.expr().map(|e| self.lower_expr(e))),
            ast::Stmt::Goto(s) => match s.computed_target() {
                Some(target) => Stmt::ComputedGoto(self.lower_expr(target)),
                None => Stmt::Goto(token_text(s.label())),
            },
            ast::Stmt::Try(s) => {
                let body = self.lower_compound_opt(s.body());
                let handlers = self.lower_handlers(s.handlers());
                Stmt::Try { body, handlers }
            }
            ast::Stmt::Asm(s) => {
                let template = join_tokens(&s.template());
                let mut operands = Vec::new();
                let mut clobbers = Vec::new();
                for op in s.operands() {
                    let constraint = join_tokens(
                        &direct_tokens(op.syntax())
                            .filter(|t| t.kind() == STRING_LIT)
                            .collect::<Vec<_>>(),
                    );
                    // A `[name]` symbolic operand name stays in the constraint's spelling.
                    let constraint = match direct_tokens(op.syntax())
                        .skip_while(|t| t.kind() != L_BRACK)
                        .nth(1)
                        .filter(|t| t.kind() == IDENT)
                    {
                        Some(name) => format!("[{}] {constraint}", name.text()).into_boxed_str(),
                        None => constraint,
                    };
                    match op.expr() {
                        Some(e) => {
                            let e = self.lower_expr(e);
                            operands.push((constraint, e));
                        }
                        None => clobbers.push(constraint),
                    }
                }
                Stmt::Asm {
                    volatile: s.is_volatile(),
                    template,
                    operands: operands.into_boxed_slice(),
                    clobbers: clobbers.into_boxed_slice(),
                }
            }
            ast::Stmt::Empty(_) => Stmt::Empty,
        };
        self.alloc_stmt(lowered, Some(node))
    }

    fn lower_decl_stmt(&mut self, stmt: &ast::DeclStmt, kind: BindingKind) -> StmtId {
        let node = stmt.syntax();
        let Some(decl) = stmt.declaration() else {
            let labels = stmt
                .local_labels()
                .iter()
                .map(|t| t.text().into())
                .collect();
            return self.alloc_stmt(Stmt::LocalLabels(labels), Some(node));
        };
        if let Some(simple) = ast::SimpleDeclaration::cast(decl.clone()) {
            return self.lower_simple_declaration(&simple, kind, node);
        }
        let lowered = if let Some(alias) = ast::AliasDecl::cast(decl.clone()) {
            let ty = self.alloc_local_type(
                LocalType {
                    kind: LocalTypeKind::Alias,
                    name: alias.name().map(|t| t.text().into()),
                    target: Some(TypeRef(
                        alias
                            .type_id()
                            .map_or(String::new(), |t| text_of(t.syntax()))
                            .into(),
                    )),
                    enumerators: Box::new([]),
                },
                alias.syntax(),
            );
            Stmt::TypeDecl {
                types: Box::new([ty]),
                decls: Box::new([]),
            }
        } else if let Some(assert) = ast::StaticAssert::cast(decl.clone()) {
            let cond = self.lower_expr_opt(assert.condition(), assert.syntax());
            let message = assert.message().map(|m| self.lower_expr(m));
            Stmt::StaticAssert { cond, message }
        } else if let Some(using) = ast::UsingDecl::cast(decl.clone()) {
            Stmt::Using(LocalUsing::Declaration(
                using.target().map_or_else(empty_path, |t| lower_path(&t)),
            ))
        } else if let Some(using) = ast::UsingDirective::cast(decl.clone()) {
            Stmt::Using(LocalUsing::Directive(
                using.target().map_or_else(empty_path, |t| lower_path(&t)),
            ))
        } else if let Some(alias) = ast::NamespaceAlias::cast(decl.clone()) {
            Stmt::Using(LocalUsing::NamespaceAlias {
                name: token_text(alias.name()),
                target: alias.target().map_or_else(empty_path, |t| lower_path(&t)),
            })
        } else if decl.kind() == EMPTY_DECL {
            Stmt::Empty
        } else {
            Stmt::Missing
        };
        self.alloc_stmt(lowered, Some(node))
    }

    fn lower_handlers(
        &mut self,
        handlers: impl Iterator<Item = ast::Handler>,
    ) -> Box<[CatchClause]> {
        handlers
            .map(|h| {
                let param = h.param().map(|p| self.lower_param(&p, BindingKind::Catch));
                let body = self.lower_compound_opt(h.body());
                CatchClause { param, body }
            })
            .collect()
    }

    fn lower_condition_opt(
        &mut self,
        cond: Option<ast::Condition>,
        parent: &SyntaxNode,
    ) -> Condition {
        match cond {
            Some(c) => self.lower_condition(&c),
            None => Condition::Expr(self.missing_expr(Some(parent))),
        }
    }

    fn lower_condition(&mut self, cond: &ast::Condition) -> Condition {
        if let Some(decl) = cond.declaration() {
            return Condition::Decl(self.lower_simple_declaration(
                &decl,
                BindingKind::Condition,
                cond.syntax(),
            ));
        }
        Condition::Expr(self.lower_expr_opt(cond.expr(), cond.syntax()))
    }

    /// The init-statement of `if (init; cond)` / `switch (init; cond)`.
    fn lower_condition_as_stmt(&mut self, cond: &ast::Condition) -> StmtId {
        if let Some(decl) = cond.declaration() {
            return self.lower_simple_declaration(&decl, BindingKind::Local, cond.syntax());
        }
        let e = self.lower_expr_opt(cond.expr(), cond.syntax());
        self.alloc_stmt(Stmt::Expr(e), Some(cond.syntax()))
    }

    // ---- expressions ----

    fn enter(&mut self) -> bool {
        if self.depth >= MAX_DEPTH {
            return false;
        }
        self.depth += 1;
        true
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// An expression the parent requires: `Missing` (pointing at the parent) when absent.
    fn lower_expr_opt(&mut self, expr: Option<ast::Expr>, parent: &SyntaxNode) -> ExprId {
        match expr {
            Some(e) => self.lower_expr(e),
            None => self.missing_expr(Some(parent)),
        }
    }

    fn lower_expr(&mut self, expr: ast::Expr) -> ExprId {
        if !self.enter() {
            return self.missing_expr(Some(expr.syntax()));
        }
        let id = match expr.kind() {
            Some(kind) => self.lower_expr_kind(kind, expr.syntax()),
            None => self.missing_expr(Some(expr.syntax())),
        };
        self.leave();
        id
    }

    fn lower_args(&mut self, args: &ast::ArgList) -> Box<[ExprId]> {
        args.elements()
            .into_iter()
            .map(|arg| match arg {
                Arg::Expr { expr, expanded } => self.lower_maybe_expanded(expr, expanded),
                Arg::Type(t) => self.missing_expr(Some(t.syntax())),
            })
            .collect()
    }

    fn lower_maybe_expanded(&mut self, expr: ast::Expr, expanded: bool) -> ExprId {
        let inner = self.lower_expr(expr);
        if expanded {
            self.alloc_expr(Expr::PackExpansion(inner), None)
        } else {
            inner
        }
    }

    fn lower_init_list(&mut self, list: &ast::InitList) -> ExprId {
        let elems = self.lower_init_elements(list);
        self.alloc_expr(Expr::InitList(elems), Some(list.syntax()))
    }

    fn lower_init_elements(&mut self, list: &ast::InitList) -> Box<[ExprId]> {
        list.elements()
            .into_iter()
            .map(|el| {
                let value = self.lower_maybe_expanded(el.value, el.expanded);
                match el.designator {
                    Some(d) => {
                        let mut designators: Vec<Designator> = d
                            .fields()
                            .iter()
                            .map(|f| Designator::Field(f.text().into()))
                            .collect();
                        let indices: Vec<ast::Expr> = d.indices().collect();
                        if indices.len() == 2 && has_direct_token(d.syntax(), DOT3) {
                            let mut it = indices.into_iter();
                            let lo = self.lower_expr_opt(it.next(), d.syntax());
                            let hi = self.lower_expr_opt(it.next(), d.syntax());
                            designators.push(Designator::IndexRange(lo, hi));
                        } else {
                            for index in indices {
                                let index = self.lower_expr(index);
                                designators.push(Designator::Index(index));
                            }
                        }
                        self.alloc_expr(
                            Expr::Designated {
                                designators: designators.into_boxed_slice(),
                                init: value,
                            },
                            Some(d.syntax()),
                        )
                    }
                    None => value,
                }
            })
            .collect()
    }

    fn lower_expr_kind(&mut self, kind: ExprKind, node: &SyntaxNode) -> ExprId {
        let expr = match kind {
            ExprKind::Paren(p) => {
                let inner = self.lower_expr_opt(p.expr(), node);
                // The parenthesized node maps to the inner expression (no id of its own).
                self.map.expr_map.entry(NodePtr::new(node)).or_insert(inner);
                return inner;
            }
            ExprKind::Literal(lit) => lower_literal(&lit),
            ExprKind::Id(id) => match id.syntax().children().find(|n| is_name_kind(n.kind())) {
                Some(name) => {
                    let mut path = lower_path(&name);
                    if has_direct_token(id.syntax(), TEMPLATE_KW)
                        && let Some(first) = path.segments.first_mut()
                    {
                        first.template_kw = true;
                    }
                    Expr::Path(path)
                }
                None => Expr::Missing,
            },
            ExprKind::This(_) => Expr::This,
            ExprKind::Bin(bin) => {
                let Some(op) = bin.op().and_then(|t| binary_op(t.kind())) else {
                    return self.missing_expr(Some(node));
                };
                // `(e op ... op init)`: the parser made a unary right fold the left operand.
                if let Some(ExprKind::Fold(fold)) = bin.lhs().and_then(|l| l.kind())
                    && fold.rhs().is_none()
                    && fold.lhs().is_some()
                    && fold.op().and_then(|t| binary_op(t.kind())) == Some(op)
                {
                    let lhs = fold.lhs().map(|e| self.lower_expr(e));
                    let rhs = Some(self.lower_expr_opt(bin.rhs(), node));
                    Expr::Fold { op, lhs, rhs }
                } else {
                    let lhs = self.lower_expr_opt(bin.lhs(), node);
                    let rhs = self.lower_expr_opt(bin.rhs(), node);
                    Expr::Binary { op, lhs, rhs }
                }
            }
            ExprKind::Prefix(p) => {
                let op = p.op().map(|t| t.kind());
                if op == Some(AMP2) {
                    Expr::LabelAddr(token_text(p.label()))
                } else {
                    match op.and_then(prefix_op) {
                        Some(op) => Expr::Unary {
                            op,
                            expr: self.lower_expr_opt(p.expr(), node),
                        },
                        None => Expr::Missing,
                    }
                }
            }
            ExprKind::Postfix(p) => {
                let op = match p.op().map(|t| t.kind()) {
                    Some(PLUS2) => UnaryOp::PostInc,
                    Some(MINUS2) => UnaryOp::PostDec,
                    _ => return self.missing_expr(Some(node)),
                };
                Expr::Unary {
                    op,
                    expr: self.lower_expr_opt(p.expr(), node),
                }
            }
            ExprKind::Cast(c) => Expr::Cast {
                kind: CastKind::CStyle,
                ty: type_ref(c.type_id().as_ref()),
                args: Box::new([self.lower_expr_opt(c.expr(), node)]),
                braced: false,
            },
            ExprKind::NamedCast(c) => {
                let kind = match c.keyword().map(|t| t.kind()) {
                    Some(STATIC_CAST_KW) => CastKind::Static,
                    Some(DYNAMIC_CAST_KW) => CastKind::Dynamic,
                    Some(REINTERPRET_CAST_KW) => CastKind::Reinterpret,
                    Some(CONST_CAST_KW) => CastKind::Const,
                    _ => return self.missing_expr(Some(node)),
                };
                Expr::Cast {
                    kind,
                    ty: type_ref(c.type_id().as_ref()),
                    args: Box::new([self.lower_expr_opt(c.expr(), node)]),
                    braced: false,
                }
            }
            ExprKind::FunctionalCast(c) => {
                let ty = TypeRef(elements_text(&c.type_elements()).into());
                let (args, braced) = if let Some(args) = c.arg_list() {
                    (self.lower_args(&args), false)
                } else if let Some(list) = c.init_list() {
                    (self.lower_init_elements(&list), true)
                } else {
                    (Box::default(), false)
                };
                Expr::Cast {
                    kind: CastKind::Functional,
                    ty,
                    args,
                    braced,
                }
            }
            ExprKind::Call(call) => {
                let callee = self.lower_expr_opt(call.callee(), node);
                let args = call
                    .arg_list()
                    .map_or_else(Box::default, |a| self.lower_args(&a));
                Expr::Call { callee, args }
            }
            ExprKind::Launch(launch) => {
                let callee = self.lower_expr_opt(launch.callee(), node);
                let config = launch.config().map_or_else(Box::default, |c| {
                    c.args().map(|e| self.lower_expr(e)).collect()
                });
                let args = launch
                    .arg_list()
                    .map_or_else(Box::default, |a| self.lower_args(&a));
                Expr::KernelLaunch {
                    callee,
                    config,
                    args,
                }
            }
            ExprKind::Index(ix) => {
                let base = self.lower_expr_opt(ix.base(), node);
                let index = self.lower_expr_opt(ix.index(), node);
                Expr::Index { base, index }
            }
            ExprKind::Member(m) => {
                let base = self.lower_expr_opt(m.base(), node);
                let mut member = m.member().map_or_else(empty_path, |n| lower_path(&n));
                if m.has_template_keyword()
                    && let Some(first) = member.segments.first_mut()
                {
                    first.template_kw = true;
                }
                Expr::Member {
                    base,
                    arrow: m.is_arrow(),
                    member,
                }
            }
            ExprKind::Cond(c) => {
                let cond = self.lower_expr_opt(c.condition(), node);
                let then = c.then_branch().map(|e| self.lower_expr(e));
                let else_ = self.lower_expr_opt(c.else_branch(), node);
                Expr::Conditional { cond, then, else_ }
            }
            ExprKind::Sizeof(s) => {
                if s.is_pack() {
                    Expr::SizeOfPack(self.lower_expr_opt(s.expr(), node))
                } else {
                    Expr::SizeOf(self.type_or_expr(s.type_id(), s.expr(), node))
                }
            }
            ExprKind::Alignof(a) => Expr::AlignOf(self.type_or_expr(a.type_id(), a.expr(), node)),
            ExprKind::Noexcept(n) => Expr::Noexcept(self.lower_expr_opt(n.expr(), node)),
            ExprKind::Typeid(t) => Expr::TypeId(self.type_or_expr(t.type_id(), t.expr(), node)),
            ExprKind::New(n) => {
                let placement = n
                    .placement()
                    .map_or_else(Box::default, |a| self.lower_args(&a));
                let type_id = n.type_id();
                let array_sizes = type_id
                    .iter()
                    .flat_map(|t| t.syntax().children().filter(|c| c.kind() == ARRAY_SUFFIX))
                    .filter_map(|suffix| suffix.children().find_map(ast::Expr::cast))
                    .collect::<Vec<_>>()
                    .into_iter()
                    .map(|e| self.lower_expr(e))
                    .collect();
                let (init, braced_init) = if let Some(args) = n.arg_list() {
                    (Some(self.lower_args(&args)), false)
                } else if let Some(list) = n.init_list() {
                    (Some(self.lower_init_elements(&list)), true)
                } else {
                    (None, false)
                };
                Expr::New {
                    global: n.is_global(),
                    placement,
                    ty: type_ref(type_id.as_ref()),
                    array_sizes,
                    init,
                    braced_init,
                }
            }
            ExprKind::Delete(d) => Expr::Delete {
                global: d.is_global(),
                array: d.is_array(),
                expr: self.lower_expr_opt(d.expr(), node),
            },
            ExprKind::Throw(t) => Expr::Throw(t.expr().map(|e| self.lower_expr(e))),
            ExprKind::Lambda(l) => Expr::Lambda(self.lower_lambda(&l)),
            ExprKind::Fold(f) => {
                let Some(op) = f.op().and_then(|t| binary_op(t.kind())) else {
                    return self.missing_expr(Some(node));
                };
                let lhs = f.lhs().map(|e| self.lower_expr(e));
                let rhs = f.rhs().map(|e| self.lower_expr(e));
                Expr::Fold { op, lhs, rhs }
            }
            ExprKind::Requires(r) => Expr::Requires(text_of(r.syntax()).into()),
            ExprKind::StmtExpr(s) => Expr::StmtExpr(self.lower_compound_opt(s.body())),
            ExprKind::BuiltinCall(b) => {
                let name = token_text(b.name());
                let args = b
                    .arg_list()
                    .map(|a| a.elements())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|arg| match arg {
                        Arg::Expr { expr, expanded } => {
                            BuiltinArg::Expr(self.lower_maybe_expanded(expr, expanded))
                        }
                        Arg::Type(t) => BuiltinArg::Type(type_ref(Some(&t))),
                    })
                    .collect();
                Expr::BuiltinCall { name, args }
            }
            ExprKind::CompoundLiteral(c) => {
                let ty = type_ref(c.type_id().as_ref());
                let init = match c.init_list() {
                    Some(list) => self.lower_init_list(&list),
                    None => self.missing_expr(Some(node)),
                };
                Expr::CompoundLiteral { ty, init }
            }
            ExprKind::InitList(list) => Expr::InitList(self.lower_init_elements(&list)),
            ExprKind::CoAwait(c) => Expr::CoAwait(self.lower_expr_opt(c.expr(), node)),
            ExprKind::CoYield(c) => Expr::CoYield(self.lower_expr_opt(c.expr(), node)),
        };
        self.alloc_expr(expr, Some(node))
    }

    fn type_or_expr(
        &mut self,
        ty: Option<ast::TypeId>,
        expr: Option<ast::Expr>,
        node: &SyntaxNode,
    ) -> TypeOrExpr {
        match (ty, expr) {
            (Some(t), _) => TypeOrExpr::Type(type_ref(Some(&t))),
            (None, e) => TypeOrExpr::Expr(self.lower_expr_opt(e, node)),
        }
    }

    fn lower_lambda(&mut self, l: &ast::LambdaExpr) -> Lambda {
        let mut captures = Vec::new();
        for cap in l.captures() {
            let capture = if let Some(mode) = cap.default_mode() {
                match mode {
                    ast::CaptureDefault::Copy => Capture::DefaultCopy,
                    ast::CaptureDefault::Ref => Capture::DefaultRef,
                }
            } else if cap.is_star_this() {
                Capture::StarThis
            } else if cap.is_this() {
                Capture::This
            } else if let Some(init) = cap.init() {
                let init = self.lower_expr(init);
                let binding = self.alloc_binding(
                    Binding {
                        name: cap.name().map(|t| t.text().into()),
                        kind: BindingKind::InitCapture,
                        ty: TypeRef("".into()),
                        flags: DeclFlags {
                            is_pack: cap.is_pack(),
                            ..DeclFlags::default()
                        },
                        attrs: Box::new([]),
                    },
                    cap.syntax(),
                );
                Capture::Init {
                    binding,
                    init,
                    by_ref: cap.is_by_ref(),
                }
            } else {
                Capture::Name {
                    name: token_text(cap.name()),
                    by_ref: cap.is_by_ref(),
                    pack: cap.is_pack(),
                }
            };
            captures.push(capture);
        }
        let template_params = l
            .template_params()
            .map(|list| {
                list.params()
                    .filter_map(|p| template_param_name(&p))
                    .map(String::into_boxed_str)
                    .collect()
            })
            .unwrap_or_default();
        let params = l.param_list().map_or_else(Box::default, |p| {
            self.lower_params(&p, BindingKind::LambdaParam)
        });
        let attrs = l
            .attributes()
            .flat_map(|spec| spec.attributes().collect::<Vec<_>>())
            .filter_map(|a| a.name().map(|t| bare_attribute(t.text())))
            .collect();
        let body = self.lower_compound_opt(l.body());
        Lambda {
            captures: captures.into_boxed_slice(),
            template_params,
            params,
            attrs,
            mutable: l.is_mutable(),
            ret: l.trailing_return().map(|t| type_ref(Some(&t))),
            body,
        }
    }
}

// ---- helpers over syntax ----

fn is_name_kind(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME
    )
}

fn empty_path() -> Path {
    Path {
        global: false,
        segments: Box::new([]),
    }
}

/// A `NAME_REF`, `QUALIFIED_NAME`, `OPERATOR_NAME`, `DESTRUCTOR_NAME` or `DECLTYPE_SPEC` as a path.
pub(crate) fn lower_path(node: &SyntaxNode) -> Path {
    if node.kind() != QUALIFIED_NAME {
        return Path {
            global: false,
            segments: Box::new([lower_segment(node, false)]),
        };
    }
    let mut global = false;
    let mut segments = Vec::new();
    let mut template_kw = false;
    let mut seen_segment = false;
    for element in node.children_with_tokens() {
        match element {
            SyntaxElement::Token(t) => match t.kind() {
                COLON2 if !seen_segment => global = true,
                TEMPLATE_KW => template_kw = true,
                _ => {}
            },
            SyntaxElement::Node(n) => {
                seen_segment = true;
                segments.push(lower_segment(&n, template_kw));
                template_kw = false;
            }
        }
    }
    Path {
        global,
        segments: segments.into_boxed_slice(),
    }
}

fn lower_segment(node: &SyntaxNode, template_kw: bool) -> PathSegment {
    if let Some(name_ref) = ast::NameRef::cast(node.clone())
        && let Some(ident) = name_ref.ident()
    {
        let args = name_ref
            .template_args()
            .map(|list| template_args(list.syntax()));
        return PathSegment {
            name: ident.text().into(),
            args,
            template_kw,
        };
    }
    PathSegment {
        name: text_of(node).into(),
        args: None,
        template_kw,
    }
}

/// Template arguments as written, one string per argument (`...` kept with its argument).
fn template_args(list: &SyntaxNode) -> Box<[Box<str>]> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut any = false;
    for element in list.children_with_tokens() {
        match element.kind() {
            L_ANGLE | R_ANGLE if element.as_token().is_some() => {}
            COMMA => {
                out.push(std::mem::take(&mut current).into_boxed_str());
                any = false;
            }
            k if k.is_trivia() => {}
            _ => {
                any = true;
                match &element {
                    SyntaxElement::Node(n) => push_token(&mut current, &text_of(n)),
                    SyntaxElement::Token(t) => push_token(&mut current, t.text()),
                }
            }
        }
    }
    if any || !out.is_empty() {
        out.push(current.into_boxed_str());
    }
    out.into_boxed_slice()
}

fn lower_literal(lit: &ast::Literal) -> Expr {
    let tokens = lit.tokens();
    let Some(first) = tokens.first() else {
        return Expr::Missing;
    };
    let kind = match first.kind() {
        INT_LIT => LiteralKind::Int,
        FLOAT_LIT => LiteralKind::Float,
        CHAR_LIT => LiteralKind::Char,
        STRING_LIT => LiteralKind::String,
        TRUE_KW | FALSE_KW => LiteralKind::Bool,
        NULLPTR_KW => LiteralKind::Nullptr,
        _ => return Expr::Missing,
    };
    Expr::Literal(Literal {
        kind,
        text: join_tokens(&tokens),
    })
}

fn binary_op(kind: SyntaxKind) -> Option<BinaryOp> {
    Some(match kind {
        STAR => BinaryOp::Mul,
        SLASH => BinaryOp::Div,
        PERCENT => BinaryOp::Rem,
        PLUS => BinaryOp::Add,
        MINUS => BinaryOp::Sub,
        SHL => BinaryOp::Shl,
        SHR => BinaryOp::Shr,
        L_ANGLE => BinaryOp::Lt,
        R_ANGLE => BinaryOp::Gt,
        LTEQ => BinaryOp::Le,
        GTEQ => BinaryOp::Ge,
        SPACESHIP => BinaryOp::Spaceship,
        EQ2 => BinaryOp::Eq,
        NEQ => BinaryOp::Ne,
        AMP => BinaryOp::BitAnd,
        CARET => BinaryOp::BitXor,
        PIPE => BinaryOp::BitOr,
        AMP2 => BinaryOp::And,
        PIPE2 => BinaryOp::Or,
        EQ => BinaryOp::Assign,
        STAREQ => BinaryOp::CompoundAssign(ArithOp::Mul),
        SLASHEQ => BinaryOp::CompoundAssign(ArithOp::Div),
        PERCENTEQ => BinaryOp::CompoundAssign(ArithOp::Rem),
        PLUSEQ => BinaryOp::CompoundAssign(ArithOp::Add),
        MINUSEQ => BinaryOp::CompoundAssign(ArithOp::Sub),
        SHLEQ => BinaryOp::CompoundAssign(ArithOp::Shl),
        SHREQ => BinaryOp::CompoundAssign(ArithOp::Shr),
        AMPEQ => BinaryOp::CompoundAssign(ArithOp::BitAnd),
        CARETEQ => BinaryOp::CompoundAssign(ArithOp::BitXor),
        PIPEEQ => BinaryOp::CompoundAssign(ArithOp::BitOr),
        COMMA => BinaryOp::Comma,
        DOT_STAR => BinaryOp::PtrMemDot,
        ARROW_STAR => BinaryOp::PtrMemArrow,
        _ => return None,
    })
}

fn prefix_op(kind: SyntaxKind) -> Option<UnaryOp> {
    Some(match kind {
        STAR => UnaryOp::Deref,
        AMP => UnaryOp::AddrOf,
        PLUS => UnaryOp::Plus,
        MINUS => UnaryOp::Neg,
        BANG => UnaryOp::Not,
        TILDE => UnaryOp::BitNot,
        PLUS2 => UnaryOp::PreInc,
        MINUS2 => UnaryOp::PreDec,
        EXTENSION_KW => UnaryOp::Extension,
        REAL_KW => UnaryOp::Real,
        IMAG_KW => UnaryOp::Imag,
        _ => return None,
    })
}

/// The declarator that directly holds the declared name (`f` in `int (*f(int))[3]`).
fn name_holder(declarator: &ast::Declarator) -> Option<ast::Declarator> {
    if declarator
        .syntax()
        .children()
        .any(|n| is_name_kind(n.kind()))
    {
        return Some(declarator.clone());
    }
    declarator.nested().and_then(|d| name_holder(&d))
}

/// Whether the declarator declares a function (`int g(int);` in a block).
fn declares_function(declarator: &ast::Declarator) -> bool {
    name_holder(declarator).is_some_and(|holder| {
        holder
            .syntax()
            .children()
            .find(|n| matches!(n.kind(), FUNCTION_SUFFIX | ARRAY_SUFFIX))
            .is_some_and(|s| s.kind() == FUNCTION_SUFFIX)
    })
}

/// A declared name as il spells it: the identifier, or the qualified/operator name's text.
fn declared_name_text(name: &SyntaxNode) -> String {
    match ast::NameRef::cast(name.clone()).and_then(|n| n.ident()) {
        Some(ident) => ident.text().to_string(),
        None => text_of(name),
    }
}

fn template_param_name(param: &SyntaxNode) -> Option<String> {
    if let Some(p) = ast::TypeParam::cast(param.clone()) {
        return p.name().map(|t| t.text().to_string());
    }
    if let Some(p) = ast::TemplateTemplateParam::cast(param.clone()) {
        return p.name().map(|t| t.text().to_string());
    }
    ast::Param::cast(param.clone())
        .and_then(|p| p.declarator())
        .and_then(|d| d.name())
        .map(|n| declared_name_text(&n))
}

/// The GNU attribute names of a declaration's own specifiers.
fn attribute_names_direct(node: &SyntaxNode) -> Vec<Box<str>> {
    node.children()
        .filter_map(ast::AttributeSpec::cast)
        .flat_map(|spec| spec.attributes().collect::<Vec<_>>())
        .filter_map(|a| a.name().map(|t| bare_attribute(t.text())))
        .collect()
}

/// The attribute names anywhere under `node` but inside initializers.
fn attribute_names(node: &SyntaxNode) -> Box<[Box<str>]> {
    node.descendants()
        .filter(|n| {
            !n.ancestors()
                .take_while(|a| a != node)
                .any(|a| a.kind() == INITIALIZER)
        })
        .filter_map(ast::AttributeSpec::cast)
        .flat_map(|spec| spec.attributes().collect::<Vec<_>>())
        .filter_map(|a| a.name().map(|t| bare_attribute(t.text())))
        .collect()
}

/// `__shared__` is `shared`: GNU's optional surrounding underscores dropped.
pub(crate) fn bare_attribute(text: &str) -> Box<str> {
    text.strip_prefix("__")
        .and_then(|t| t.strip_suffix("__"))
        .unwrap_or(text)
        .into()
}

/// Keywords that are no part of a declaration's type.
fn is_non_type_specifier(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        STATIC_KW
            | EXTERN_KW
            | TYPEDEF_KW
            | INLINE_KW
            | REGISTER_KW
            | THREAD_LOCAL_KW
            | CONSTEXPR_KW
            | CONSTEVAL_KW
            | CONSTINIT_KW
            | MUTABLE_KW
            | FRIEND_KW
            | VIRTUAL_KW
            | EXPLICIT_KW
            | EXTENSION_KW
            | SEMI
            | COMMA
    )
}

/// The type part of a declaration's specifiers: `const unsigned int`, `struct P`, `T::type`.
fn specifier_spelling(decl: &SyntaxNode) -> String {
    let mut out = String::new();
    for element in decl.children_with_tokens() {
        match element {
            SyntaxElement::Token(t) => {
                if !t.kind().is_trivia() && !is_non_type_specifier(t.kind()) {
                    push_token(&mut out, t.text());
                }
            }
            SyntaxElement::Node(n) => match n.kind() {
                INIT_DECLARATOR | DECLARATOR | ATTRIBUTE_SPEC | INITIALIZER => {}
                CLASS_SPECIFIER | ENUM_SPECIFIER => {
                    for t in direct_tokens(&n).take_while(|t| t.kind() != L_CURLY) {
                        if matches!(t.kind(), CLASS_KW | STRUCT_KW | UNION_KW | ENUM_KW) {
                            push_token(&mut out, t.text());
                        }
                    }
                    match n
                        .children()
                        .find(|c| matches!(c.kind(), NAME_REF | QUALIFIED_NAME))
                    {
                        Some(name) => push_token(&mut out, &text_of(&name)),
                        None => push_token(&mut out, "<unnamed>"),
                    }
                }
                _ => push_token(&mut out, &text_of(&n)),
            },
        }
    }
    out
}

/// Specifiers plus the declarator without its name and attributes: `float [32]`, `int *`.
fn type_spelling(base: &str, declarator: Option<&ast::Declarator>) -> TypeRef {
    let mut out = base.to_string();
    if let Some(declarator) = declarator {
        let mut suffix = String::new();
        declarator_spelling(declarator.syntax(), &mut suffix);
        if !suffix.is_empty() {
            out.push(' ');
            out.push_str(&suffix);
        }
    }
    TypeRef(out.into())
}

fn declarator_spelling(node: &SyntaxNode, out: &mut String) {
    for element in node.children_with_tokens() {
        match element {
            SyntaxElement::Token(t) => {
                if !t.kind().is_trivia() {
                    push_token(out, t.text());
                }
            }
            SyntaxElement::Node(n) => match n.kind() {
                NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME | ATTRIBUTE_SPEC => {}
                DECLARATOR => declarator_spelling(&n, out),
                _ => push_token(out, &text_of(&n)),
            },
        }
    }
}

fn type_ref(type_id: Option<&ast::TypeId>) -> TypeRef {
    TypeRef(
        type_id
            .map_or(String::new(), |t| text_of(t.syntax()))
            .into(),
    )
}

fn direct_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> {
    node.children_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .filter(|t| !t.kind().is_trivia())
}

fn has_direct_token(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    direct_tokens(node).any(|t| t.kind() == kind)
}

fn token_text(token: Option<SyntaxToken>) -> Box<str> {
    token.map_or_else(|| "".into(), |t| t.text().into())
}

/// Adjacent tokens (string literal pieces) joined by one space.
fn join_tokens(tokens: &[SyntaxToken]) -> Box<str> {
    tokens
        .iter()
        .map(|t| t.text())
        .collect::<Vec<_>>()
        .join(" ")
        .into()
}

fn elements_text(elements: &[SyntaxElement]) -> String {
    let mut out = String::new();
    for element in elements {
        match element {
            SyntaxElement::Node(n) => push_token(&mut out, &text_of(n)),
            SyntaxElement::Token(t) => push_token(&mut out, t.text()),
        }
    }
    out
}

/// Trivia-free token text, one space only where two words would otherwise fuse.
pub(crate) fn text_of(node: &SyntaxNode) -> String {
    let mut out = String::new();
    for element in node.descendants_with_tokens() {
        if let SyntaxElement::Token(token) = element
            && !token.kind().is_trivia()
        {
            push_token(&mut out, token.text());
        }
    }
    out
}

fn push_token(out: &mut String, text: &str) {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    if out.ends_with(word) && text.starts_with(word) {
        out.push(' ');
    }
    out.push_str(text);
}
