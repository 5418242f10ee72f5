//! From the syntax tree of an item's definition to a [`Body`]: statements, expressions and
//! bindings allocated in arenas, each with its syntax pointer in the [`BodySourceMap`].
//!
//! Everything goes through the typed views of `syntax::ast`; whatever does not lower (an absent
//! operand in a malformed tree, an error node, nesting deeper than [`MAX_DEPTH`]) becomes
//! `Expr::Missing` / `Stmt::Missing`, never a panic.
use rowan::ast::AstNode;
use syntax::ast::{self, Arg, ExprKind};
use syntax::{SyntaxKind::*, SyntaxNode};

use super::{Body, BodySourceMap, NodePtr};
use crate::hir::{
    Binding, BindingId, BindingKind, BuiltinArg, Capture, CastKind, CatchClause, Condition,
    DeclFlags, Designator, Expr, ExprId, InitStyle, Lambda, LocalDecl, LocalType, LocalTypeId,
    LocalTypeKind, LocalUsing, MemInit, Stmt, StmtId, TypeOrExpr, TypeRef, UnaryOp,
};
use crate::source::{BodyOwnerKind, function_def, simple_declaration};

/// How deeply statements and expressions may nest before the rest lowers to `Missing`: the
/// parser already bounds nesting, but chains (`a + b + ...`, `f().g().h()...`) are flat in the
/// parser and deep in the tree.
pub(crate) const MAX_DEPTH: u32 = 256;

mod spelling;
pub(crate) use spelling::text_of;
use spelling::*;
pub use spelling::{binary_op, literal_of, prefix_op};

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
        Some(BodyOwnerKind::StaticAssert) => {
            let assert = root.descendants().find_map(ast::StaticAssert::cast);
            if let Some(assert) = assert {
                ctx.lower_static_assert_owner(&assert);
            }
        }
        None => {}
    }
    (ctx.body, ctx.map)
}

/// The default arguments of the parameters a routine's header declares (its outermost
/// parameter list): the parameters as bindings ([`Body::params`]) and each one's default
/// argument, if any, in [`Body::param_defaults`]. They are lowered apart from the body: they
/// belong to the calls that use them, not to the function.
pub(super) fn lower_default_arguments(root: &SyntaxNode) -> (Body, BodySourceMap) {
    let mut ctx = Ctx {
        body: Body::default(),
        map: BodySourceMap::default(),
        depth: 0,
    };
    let list = root
        .descendants()
        .filter(|n| n.kind() == FUNCTION_SUFFIX)
        .find_map(|s| s.children().find_map(ast::ParamList::cast));
    if let Some(list) = list {
        ctx.body.params = ctx.lower_params(&list, BindingKind::Param);
        let defaults: Vec<Option<ExprId>> = list
            .params()
            .take(ctx.body.params.len())
            .map(|p| {
                let init = ast::Initializer::cast(p.default_value()?)?;
                Some(ctx.lower_initializer(&init))
            })
            .collect();
        ctx.body.param_defaults = defaults.into_boxed_slice();
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
            .and_then(ast::Declarator::name_holder)
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

    /// A `static_assert` declaration as a body: the one statement.
    fn lower_static_assert_owner(&mut self, assert: &ast::StaticAssert) {
        let cond = self.lower_expr_opt(assert.condition(), assert.syntax());
        let message = assert.message().map(|m| self.lower_expr(m));
        let stmt = self.alloc_stmt(Stmt::StaticAssert { cond, message }, Some(assert.syntax()));
        self.body.body_stmt = Some(stmt);
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
        // `decltype(e) x`: the operand is lowered (unevaluated) for the declarators' types.
        let decltype = decl
            .syntax()
            .children()
            .find(|n| n.kind() == DECLTYPE_SPEC)
            .and_then(|spec| {
                let operand = spec.children().find_map(ast::Expr::cast)?;
                let id_expression = matches!(operand.syntax().kind(), ID_EXPR | MEMBER_EXPR);
                let operand = self.lower_expr(operand);
                Some(self.alloc_expr(
                    Expr::Decltype {
                        operand,
                        id_expression,
                    },
                    Some(&spec),
                ))
            });
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
                // `auto &[a, b] = e`: the placeholder with the declarator's reference, which
                // is the hidden variable's (hir-ty types each name from it).
                let refs: String = declarator
                    .syntax()
                    .children()
                    .filter(|n| n.kind() == PTR_OP)
                    .map(|n| format!(" {}", text_of(&n)))
                    .collect();
                TypeRef(format!("{base}{refs}").into())
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
                let kind = if declarator.declares_function() {
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
                if let Some(operand) = decltype {
                    self.body.decltypes.push((id, operand));
                }
                (id, Vec::new())
            };
            let initializer = init_decl.init();
            let style = match &initializer {
                Some(i) if i.is_copy() => InitStyle::Copy,
                Some(i) if i.arg_list().is_some() => InitStyle::Direct,
                Some(_) => InitStyle::List,
                None => InitStyle::Copy,
            };
            let init = initializer.map(|i| self.lower_initializer(&i));
            decls.push(LocalDecl {
                binding,
                init,
                style,
            });
            decls.extend(extra.into_iter().map(|binding| LocalDecl {
                binding,
                init: None,
                style: InitStyle::Copy,
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
