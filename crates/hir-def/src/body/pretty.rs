//! A debug rendering of a [`Body`], C++-like, for snapshot tests and dumps.
//!
//! Bindings print as `name@N` (N is the binding's index), so tests can tell which declaration a
//! name is; binary and conditional operators are fully parenthesized below the top of an
//! expression, so the tree's shape is visible.
use std::fmt::Write;

use la_arena::RawIdx;

use super::Body;
use crate::hir::{
    Binding, BindingId, BuiltinArg, Capture, CastKind, Condition, Designator, Expr, ExprId,
    InitStyle, LocalDecl, LocalTypeKind, LocalUsing, Path, Stmt, StmtId, TypeOrExpr,
};

impl Body {
    /// The body as indented pseudo-C++.
    pub fn pretty(&self) -> String {
        let mut p = Printer {
            body: self,
            out: String::new(),
            indent: 0,
            depth: 0,
        };
        if !self.params.is_empty() {
            p.out.push_str("params: (");
            p.bindings(&self.params);
            p.out.push_str(")\n");
        }
        for init in self.mem_inits.iter() {
            p.out.push_str("init ");
            p.path(&init.name);
            if init.pack {
                p.out.push_str("...");
            }
            p.out.push(' ');
            p.expr(init.init, true);
            p.out.push('\n');
        }
        if let Some(stmt) = self.body_stmt {
            p.stmt(stmt);
        }
        if let Some(expr) = self.init_expr {
            p.out.push_str("= ");
            p.expr(expr, true);
            p.out.push('\n');
        }
        p.out
    }
}

struct Printer<'a> {
    body: &'a Body,
    out: String,
    indent: usize,
    depth: u32,
}

impl Printer<'_> {
    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
    }

    fn binding(&mut self, id: BindingId) {
        let Binding {
            name,
            ty,
            flags,
            attrs,
            ..
        } = &self.body.bindings[id];
        let index = u32::from(id.into_raw());
        let _ = write!(self.out, "{}@{index}", name.as_deref().unwrap_or("_"));
        if !ty.as_str().is_empty() {
            let _ = write!(self.out, ": {}", ty.as_str());
        }
        for (set, word) in [
            (flags.is_static, "static"),
            (flags.is_extern, "extern"),
            (flags.is_thread_local, "thread_local"),
            (flags.is_constexpr, "constexpr"),
            (flags.is_register, "register"),
            (flags.is_pack, "pack"),
        ] {
            if set {
                let _ = write!(self.out, " {word}");
            }
        }
        if !attrs.is_empty() {
            let _ = write!(self.out, " [{}]", attrs.join(", "));
        }
    }

    fn bindings(&mut self, ids: &[BindingId]) {
        for (i, &id) in ids.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.binding(id);
        }
    }

    fn exprs(&mut self, ids: &[ExprId]) {
        for (i, &id) in ids.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.expr(id, true);
        }
    }

    fn path(&mut self, path: &Path) {
        if path.global {
            self.out.push_str("::");
        }
        for (i, seg) in path.segments.iter().enumerate() {
            if i > 0 {
                self.out.push_str("::");
            }
            if seg.template_kw {
                self.out.push_str("template ");
            }
            self.out.push_str(&seg.name);
            if let Some(args) = &seg.args {
                let _ = write!(self.out, "<{}>", args.join(", "));
            }
        }
    }

    fn decls(&mut self, decls: &[LocalDecl]) {
        for (i, d) in decls.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.binding(d.binding);
            if let Some(init) = d.init {
                self.out.push_str(if d.style == InitStyle::Copy {
                    " = "
                } else {
                    " "
                });
                self.expr(init, true);
            }
        }
    }

    fn condition(&mut self, cond: &Condition) {
        match cond {
            Condition::Expr(e) => self.expr(*e, true),
            Condition::Decl(s) => self.inline_decl(*s),
        }
    }

    /// A declaration statement written inside parentheses (conditions, for-init).
    fn inline_decl(&mut self, stmt: StmtId) {
        match &self.body.stmts[stmt] {
            Stmt::Decl(decls) => {
                self.out.push_str("decl ");
                self.decls(decls);
            }
            Stmt::Expr(e) => self.expr(*e, true),
            _ => self.stmt(stmt),
        }
    }

    fn stmt(&mut self, id: StmtId) {
        self.depth += 1;
        if self.depth > 2 * super::lower::MAX_DEPTH + 8 {
            self.out.push_str("<too deep>");
            self.depth -= 1;
            return;
        }
        self.stmt_inner(id);
        self.depth -= 1;
    }

    fn stmt_inner(&mut self, id: StmtId) {
        let body = self.body;
        match &body.stmts[id] {
            Stmt::Missing => self.out.push_str("<missing>;"),
            Stmt::Expr(e) => {
                self.expr(*e, true);
                self.out.push(';');
            }
            Stmt::Decl(decls) => {
                self.out.push_str("decl ");
                self.decls(decls);
                self.out.push(';');
            }
            Stmt::TypeDecl { types, decls } => {
                for (i, &ty) in types.iter().enumerate() {
                    if i > 0 {
                        self.newline();
                    }
                    let local = &body.local_types[ty];
                    let kind = match local.kind {
                        LocalTypeKind::Class => "class",
                        LocalTypeKind::Struct => "struct",
                        LocalTypeKind::Union => "union",
                        LocalTypeKind::Enum => "enum",
                        LocalTypeKind::Typedef => "typedef",
                        LocalTypeKind::Alias => "using",
                    };
                    let index = u32::from(ty.into_raw());
                    let _ = write!(
                        self.out,
                        "{kind} {}#{index}",
                        local.name.as_deref().unwrap_or("<unnamed>")
                    );
                    if let Some(target) = &local.target {
                        let _ = write!(self.out, " = {}", target.as_str());
                    }
                    if !local.enumerators.is_empty() {
                        self.out.push_str(" { ");
                        self.bindings(&local.enumerators);
                        self.out.push_str(" }");
                    }
                    self.out.push(';');
                }
                if !decls.is_empty() {
                    self.newline();
                    self.out.push_str("decl ");
                    self.decls(decls);
                    self.out.push(';');
                }
            }
            Stmt::Using(u) => match u {
                LocalUsing::Declaration(p) => {
                    self.out.push_str("using ");
                    self.path(p);
                    self.out.push(';');
                }
                LocalUsing::Directive(p) => {
                    self.out.push_str("using namespace ");
                    self.path(p);
                    self.out.push(';');
                }
                LocalUsing::NamespaceAlias { name, target } => {
                    let _ = write!(self.out, "namespace {name} = ");
                    self.path(target);
                    self.out.push(';');
                }
            },
            Stmt::LocalLabels(names) => {
                let _ = write!(self.out, "__label__ {};", names.join(", "));
            }
            Stmt::Compound(stmts) => {
                self.out.push('{');
                self.indent += 1;
                for &s in stmts.iter() {
                    self.newline();
                    self.stmt(s);
                }
                self.indent -= 1;
                self.newline();
                self.out.push('}');
            }
            Stmt::If {
                init,
                cond,
                then,
                else_,
                constexpr,
            } => {
                self.out
                    .push_str(if *constexpr { "if constexpr (" } else { "if (" });
                if let Some(init) = init {
                    self.inline_decl(*init);
                    self.out.push_str("; ");
                }
                self.condition(cond);
                self.out.push_str(") ");
                self.stmt(*then);
                if let Some(e) = else_ {
                    self.out.push_str(" else ");
                    self.stmt(*e);
                }
            }
            Stmt::IfConsteval {
                negated,
                then,
                else_,
            } => {
                self.out.push_str(if *negated {
                    "if !consteval "
                } else {
                    "if consteval "
                });
                self.stmt(*then);
                if let Some(e) = else_ {
                    self.out.push_str(" else ");
                    self.stmt(*e);
                }
            }
            Stmt::Switch { init, cond, body } => {
                self.out.push_str("switch (");
                if let Some(init) = init {
                    self.inline_decl(*init);
                    self.out.push_str("; ");
                }
                self.condition(cond);
                self.out.push_str(") ");
                self.stmt(*body);
            }
            Stmt::Case { value, range_end } => {
                self.out.push_str("case ");
                self.expr(*value, true);
                if let Some(e) = range_end {
                    self.out.push_str(" ... ");
                    self.expr(*e, true);
                }
                self.out.push(':');
            }
            Stmt::Default => self.out.push_str("default:"),
            Stmt::Label(name) => {
                let _ = write!(self.out, "{name}:");
            }
            Stmt::While { cond, body } => {
                self.out.push_str("while (");
                self.condition(cond);
                self.out.push_str(") ");
                self.stmt(*body);
            }
            Stmt::DoWhile { body, cond } => {
                self.out.push_str("do ");
                self.stmt(*body);
                self.out.push_str(" while (");
                self.expr(*cond, true);
                self.out.push_str(");");
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                self.out.push_str("for (");
                if let Some(init) = init {
                    self.inline_decl(*init);
                }
                self.out.push_str("; ");
                if let Some(cond) = cond {
                    self.condition(cond);
                }
                self.out.push_str("; ");
                if let Some(step) = step {
                    self.expr(*step, true);
                }
                self.out.push_str(") ");
                self.stmt(*body);
            }
            Stmt::RangeFor { decl, range, body } => {
                self.out.push_str("for (");
                self.inline_decl(*decl);
                self.out.push_str(" : ");
                self.expr(*range, true);
                self.out.push_str(") ");
                self.stmt(*body);
            }
            Stmt::Break => self.out.push_str("break;"),
            Stmt::Continue => self.out.push_str("continue;"),
            Stmt::Return(e) | Stmt::CoReturn(e) => {
                let kw = if matches!(&body.stmts[id], Stmt::Return(_)) {
                    "return"
                } else {
                    "co_return"
                };
                self.out.push_str(kw);
                if let Some(e) = e {
                    self.out.push(' ');
                    self.expr(*e, true);
                }
                self.out.push(';');
            }
            Stmt::Goto(label) => {
                let _ = write!(self.out, "goto {label};");
            }
            Stmt::ComputedGoto(e) => {
                self.out.push_str("goto *");
                self.expr(*e, false);
                self.out.push(';');
            }
            Stmt::Try { body, handlers } => {
                self.out.push_str("try ");
                self.stmt(*body);
                for h in handlers.iter() {
                    self.out.push_str(" catch (");
                    match h.param {
                        Some(p) => self.binding(p),
                        None => self.out.push_str("..."),
                    }
                    self.out.push_str(") ");
                    self.stmt(h.body);
                }
            }
            Stmt::StaticAssert { cond, message } => {
                self.out.push_str("static_assert(");
                self.expr(*cond, true);
                if let Some(m) = message {
                    self.out.push_str(", ");
                    self.expr(*m, true);
                }
                self.out.push_str(");");
            }
            Stmt::Asm {
                volatile,
                template,
                operands,
                clobbers,
            } => {
                self.out
                    .push_str(if *volatile { "asm volatile(" } else { "asm(" });
                self.out.push_str(template);
                for (constraint, e) in operands.iter() {
                    let _ = write!(self.out, " : {constraint}(");
                    self.expr(*e, true);
                    self.out.push(')');
                }
                for c in clobbers.iter() {
                    let _ = write!(self.out, " : {c}");
                }
                self.out.push_str(");");
            }
            Stmt::Empty => self.out.push(';'),
        }
    }

    /// `top`: the expression is a whole operand (no parentheses needed around it).
    fn expr(&mut self, id: ExprId, top: bool) {
        self.depth += 1;
        if self.depth > 2 * super::lower::MAX_DEPTH + 8 {
            self.out.push_str("<too deep>");
            self.depth -= 1;
            return;
        }
        self.expr_inner(id, top);
        self.depth -= 1;
    }

    fn type_or_expr(&mut self, t: &TypeOrExpr) {
        match t {
            TypeOrExpr::Type(ty) => {
                let _ = write!(self.out, "({})", ty.as_str());
            }
            TypeOrExpr::Expr(e) => {
                self.out.push('(');
                self.expr(*e, true);
                self.out.push(')');
            }
        }
    }

    fn expr_inner(&mut self, id: ExprId, top: bool) {
        let body = self.body;
        match &body.exprs[id] {
            Expr::Missing => self.out.push_str("<missing>"),
            Expr::Literal(lit) => self.out.push_str(&lit.text),
            Expr::Path(p) => self.path(p),
            Expr::This => self.out.push_str("this"),
            Expr::Unary { op, expr } => {
                use crate::hir::UnaryOp::*;
                match op {
                    PostInc | PostDec => {
                        self.expr(*expr, false);
                        self.out.push_str(op.as_str());
                    }
                    _ => {
                        self.out.push_str(op.as_str());
                        self.expr(*expr, false);
                    }
                }
            }
            Expr::LabelAddr(label) => {
                let _ = write!(self.out, "&&{label}");
            }
            Expr::Binary { op, lhs, rhs } => {
                if !top {
                    self.out.push('(');
                }
                self.expr(*lhs, false);
                let _ = write!(self.out, " {} ", op.as_str());
                self.expr(*rhs, false);
                if !top {
                    self.out.push(')');
                }
            }
            Expr::Conditional { cond, then, else_ } => {
                if !top {
                    self.out.push('(');
                }
                self.expr(*cond, false);
                match then {
                    Some(t) => {
                        self.out.push_str(" ? ");
                        self.expr(*t, false);
                        self.out.push_str(" : ");
                    }
                    None => self.out.push_str(" ?: "),
                }
                self.expr(*else_, false);
                if !top {
                    self.out.push(')');
                }
            }
            Expr::Call { callee, args } => {
                self.expr(*callee, false);
                self.out.push('(');
                self.exprs(args);
                self.out.push(')');
            }
            Expr::KernelLaunch {
                callee,
                config,
                args,
            } => {
                self.expr(*callee, false);
                self.out.push_str("<<<");
                self.exprs(config);
                self.out.push_str(">>>(");
                self.exprs(args);
                self.out.push(')');
            }
            Expr::Index { base, index } => {
                self.expr(*base, false);
                self.out.push('[');
                self.expr(*index, true);
                self.out.push(']');
            }
            Expr::Member {
                base,
                arrow,
                member,
            } => {
                self.expr(*base, false);
                self.out.push_str(if *arrow { "->" } else { "." });
                self.path(member);
            }
            Expr::Cast {
                kind,
                ty,
                args,
                braced,
            } => {
                let ty = ty.as_str();
                match kind {
                    CastKind::CStyle => {
                        let _ = write!(self.out, "({ty})");
                        self.exprs(args);
                    }
                    CastKind::Functional => {
                        self.out.push_str(ty);
                        self.out.push(if *braced { '{' } else { '(' });
                        self.exprs(args);
                        self.out.push(if *braced { '}' } else { ')' });
                    }
                    CastKind::Static
                    | CastKind::Dynamic
                    | CastKind::Reinterpret
                    | CastKind::Const => {
                        let kw = match kind {
                            CastKind::Static => "static_cast",
                            CastKind::Dynamic => "dynamic_cast",
                            CastKind::Reinterpret => "reinterpret_cast",
                            _ => "const_cast",
                        };
                        let _ = write!(self.out, "{kw}<{ty}>(");
                        self.exprs(args);
                        self.out.push(')');
                    }
                }
            }
            Expr::New {
                global,
                placement,
                ty,
                array_sizes,
                init,
                braced_init,
            } => {
                self.out.push_str(if *global { "::new " } else { "new " });
                if !placement.is_empty() {
                    self.out.push('(');
                    self.exprs(placement);
                    self.out.push_str(") ");
                }
                self.out.push_str(ty.as_str());
                if !array_sizes.is_empty() {
                    self.out.push_str(" sizes(");
                    self.exprs(array_sizes);
                    self.out.push(')');
                }
                if let Some(init) = init {
                    self.out.push(if *braced_init { '{' } else { '(' });
                    self.exprs(init);
                    self.out.push(if *braced_init { '}' } else { ')' });
                }
            }
            Expr::Delete {
                global,
                array,
                expr,
            } => {
                if *global {
                    self.out.push_str("::");
                }
                self.out
                    .push_str(if *array { "delete[] " } else { "delete " });
                self.expr(*expr, false);
            }
            Expr::SizeOf(t) => {
                self.out.push_str("sizeof");
                self.type_or_expr(t);
            }
            Expr::SizeOfPack(e) => {
                self.out.push_str("sizeof...(");
                self.expr(*e, true);
                self.out.push(')');
            }
            Expr::AlignOf(t) => {
                self.out.push_str("alignof");
                self.type_or_expr(t);
            }
            Expr::Decltype {
                operand,
                id_expression,
            } => {
                self.out.push_str(if *id_expression {
                    "decltype("
                } else {
                    "decltype(("
                });
                self.expr(*operand, true);
                self.out.push_str(if *id_expression { ")" } else { "))" });
            }
            Expr::Noexcept(e) => {
                self.out.push_str("noexcept(");
                self.expr(*e, true);
                self.out.push(')');
            }
            Expr::TypeId(t) => {
                self.out.push_str("typeid");
                self.type_or_expr(t);
            }
            Expr::InitList(elems) => {
                self.out.push('{');
                self.exprs(elems);
                self.out.push('}');
            }
            Expr::ParenInit(elems) => {
                self.out.push('(');
                self.exprs(elems);
                self.out.push(')');
            }
            Expr::Designated { designators, init } => {
                for d in designators.iter() {
                    match d {
                        Designator::Field(f) => {
                            let _ = write!(self.out, ".{f}");
                        }
                        Designator::Index(e) => {
                            self.out.push('[');
                            self.expr(*e, true);
                            self.out.push(']');
                        }
                        Designator::IndexRange(lo, hi) => {
                            self.out.push('[');
                            self.expr(*lo, true);
                            self.out.push_str(" ... ");
                            self.expr(*hi, true);
                            self.out.push(']');
                        }
                    }
                }
                self.out.push_str(" = ");
                self.expr(*init, true);
            }
            Expr::Lambda(l) => {
                let _ = write!(self.out, "closure#{} [", u32::from(id.into_raw()));
                for (i, c) in l.captures.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    match c {
                        Capture::DefaultCopy => self.out.push('='),
                        Capture::DefaultRef => self.out.push('&'),
                        Capture::This => self.out.push_str("this"),
                        Capture::StarThis => self.out.push_str("*this"),
                        Capture::Name { name, by_ref, pack } => {
                            let _ = write!(
                                self.out,
                                "{}{name}{}",
                                if *by_ref { "&" } else { "" },
                                if *pack { "..." } else { "" }
                            );
                        }
                        Capture::Init {
                            binding,
                            init,
                            by_ref,
                        } => {
                            if *by_ref {
                                self.out.push('&');
                            }
                            self.binding(*binding);
                            self.out.push_str(" = ");
                            self.expr(*init, true);
                        }
                    }
                }
                self.out.push(']');
                if !l.template_params.is_empty() {
                    let _ = write!(self.out, "<{}>", l.template_params.join(", "));
                }
                self.out.push('(');
                self.bindings(&l.params);
                self.out.push(')');
                if !l.attrs.is_empty() {
                    let _ = write!(self.out, " [{}]", l.attrs.join(", "));
                }
                if l.mutable {
                    self.out.push_str(" mutable");
                }
                if let Some(ret) = &l.ret {
                    let _ = write!(self.out, " -> {}", ret.as_str());
                }
                self.out.push(' ');
                self.stmt(l.body);
            }
            Expr::Throw(e) => {
                self.out.push_str("throw");
                if let Some(e) = e {
                    self.out.push(' ');
                    self.expr(*e, true);
                }
            }
            Expr::Fold { op, lhs, rhs } => {
                self.out.push('(');
                if let Some(l) = lhs {
                    self.expr(*l, false);
                    let _ = write!(self.out, " {} ", op.as_str());
                }
                self.out.push_str("...");
                if let Some(r) = rhs {
                    let _ = write!(self.out, " {} ", op.as_str());
                    self.expr(*r, false);
                }
                self.out.push(')');
            }
            Expr::PackExpansion(e) => {
                self.expr(*e, false);
                self.out.push_str("...");
            }
            Expr::StmtExpr(s) => {
                self.out.push('(');
                self.stmt(*s);
                self.out.push(')');
            }
            Expr::CompoundLiteral { ty, init } => {
                let _ = write!(self.out, "({})", ty.as_str());
                self.expr(*init, true);
            }
            Expr::BuiltinCall { name, args } => {
                let _ = write!(self.out, "{name}(");
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    match a {
                        BuiltinArg::Expr(e) => self.expr(*e, true),
                        BuiltinArg::Type(t) => {
                            let _ = write!(self.out, "type {}", t.as_str());
                        }
                    }
                }
                self.out.push(')');
            }
            Expr::Requires(text) => self.out.push_str(text),
            Expr::CoAwait(e) => {
                self.out.push_str("co_await ");
                self.expr(*e, false);
            }
            Expr::CoYield(e) => {
                self.out.push_str("co_yield ");
                self.expr(*e, false);
            }
        }
    }
}

/// The binding with index `n` (for tests).
#[allow(dead_code)]
pub(crate) fn binding_id(n: u32) -> BindingId {
    BindingId::from_raw(RawIdx::from_u32(n))
}
