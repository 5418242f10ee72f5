//! Expressions and literals. LLVM and NVIDIA parenthesise by precedence; GNU (libiberty)
//! wraps every operand that is not a plain name in parentheses.

use super::Printer;
use crate::ast::{Node, NodeId};
use crate::ops::Prec;

impl Printer<'_> {
    pub(crate) fn prec(&mut self, id: NodeId) -> Prec {
        let sn = self.syntax_node(id);
        match &self.ast[sn] {
            Node::Binary { op, .. }
            | Node::Prefix { op, .. }
            | Node::Postfix { op, .. }
            | Node::MemberAccess { op, .. } => op.info().prec,
            Node::OfId { op, .. } => op.info().prec,
            Node::ArraySubscript { .. } | Node::Cast { .. } | Node::Call { .. } => Prec::Postfix,
            Node::Conditional { .. } => Prec::Conditional,
            Node::New { .. } | Node::Delete { .. } | Node::PointerToMemberConversion { .. } => {
                Prec::Unary
            }
            Node::Conversion { .. } => Prec::Cast,
            Node::Enclosing { prefix, .. } if prefix.starts_with("noexcept") => Prec::Unary,
            _ => Prec::Primary,
        }
    }

    pub(crate) fn print_as_operand(&mut self, id: NodeId, p: Prec, strictly_worse: bool) {
        let paren = (self.prec(id) as u32) >= (p as u32) + u32::from(strictly_worse);
        if paren {
            self.open();
        }
        self.print(id);
        if paren {
            self.close();
        }
    }

    /// GNU's operand: parenthesised unless it is a plain name.
    fn print_gnu_subexpr(&mut self, id: NodeId) {
        let sn = self.syntax_node(id);
        let simple = match &self.ast[sn] {
            Node::Name(_)
            | Node::Builtin(_)
            | Node::Operator(_)
            | Node::QualifiedName { .. }
            | Node::Nested { .. }
            | Node::InitList { .. }
            | Node::FunctionParam { .. } => true,
            Node::ExternalName(e) => match &self.ast[*e] {
                Node::Name(_) | Node::Builtin(_) | Node::Nested { .. } => true,
                Node::FunctionEncoding { cv, ref_qual, .. } => {
                    cv.is_empty() && *ref_qual == crate::ast::RefQual::None
                }
                _ => false,
            },
            Node::UnresolvedName { name, .. } => !self.ends_with_template_args(*name),
            _ => false,
        };
        if !simple {
            self.push("(");
        }
        self.print(id);
        if !simple {
            self.push(")");
        }
    }

    fn operand(&mut self, id: NodeId, p: Prec, strictly_worse: bool) {
        if self.gnu() {
            self.print_gnu_subexpr(id)
        } else {
            self.print_as_operand(id, p, strictly_worse)
        }
    }

    pub(super) fn print_expr(&mut self, id: NodeId) {
        let ast = self.ast;
        let gnu = self.gnu();
        match &ast[id] {
            Node::Binary { lhs, op, rhs } => {
                let sym = op.symbol();
                let prec = op.info().prec;
                let paren_all =
                    self.gt_is_gt == 0 && (sym == ">" || (sym == ">>" && !gnu)) && !self.nv();
                if paren_all {
                    self.open();
                }
                if gnu {
                    self.print_gnu_subexpr(*lhs);
                    self.push(sym);
                    self.print_gnu_subexpr(*rhs);
                } else if self.nv() {
                    // EDG prints operators unspaced and without precedence parentheses.
                    self.print(*lhs);
                    self.push(sym);
                    self.print(*rhs);
                } else {
                    let assign = prec == Prec::Assign;
                    self.print_as_operand(*lhs, if assign { Prec::OrIf } else { prec }, !assign);
                    if sym != "," {
                        self.push(" ");
                    }
                    self.push(sym);
                    self.push(" ");
                    self.print_as_operand(*rhs, prec, assign);
                }
                if paren_all {
                    self.close();
                }
            }
            Node::Prefix { op, child } if self.nv() => {
                self.push(op.symbol());
                self.print(*child);
            }
            Node::Prefix { op, child } => {
                self.push(op.symbol());
                self.operand(*child, op.info().prec, false);
            }
            Node::Postfix { child, op } => {
                self.operand(*child, op.info().prec, true);
                self.push(op.symbol());
            }
            Node::ArraySubscript { op1, op2 } => {
                self.operand(*op1, Prec::Postfix, false);
                self.gt_is_gt += 1;
                self.push("[");
                if gnu {
                    self.print(*op2);
                } else {
                    self.print_as_operand(*op2, Prec::Default, false);
                }
                self.push("]");
                self.gt_is_gt -= 1;
            }
            Node::Conditional { cond, then, els } if self.nv() => {
                self.print(*cond);
                self.push("?");
                self.print(*then);
                self.push(":");
                self.print(*els);
            }
            Node::Conditional { cond, then, els } => {
                if gnu {
                    self.print_gnu_subexpr(*cond);
                    self.push("?");
                    self.print_gnu_subexpr(*then);
                    self.push(" : ");
                    self.print_gnu_subexpr(*els);
                } else {
                    self.print_as_operand(*cond, Prec::Conditional, false);
                    self.push(" ? ");
                    self.print_as_operand(*then, Prec::Default, false);
                    self.push(" : ");
                    self.print_as_operand(*els, Prec::Assign, true);
                }
            }
            Node::MemberAccess { lhs, op, rhs } => {
                let prec = op.info().prec;
                self.operand(*lhs, prec, true);
                self.push(op.symbol());
                if gnu {
                    let sn = self.syntax_node(*rhs);
                    if !matches!(
                        self.ast[sn],
                        Node::Name(_)
                            | Node::Builtin(_)
                            | Node::FunctionParam { .. }
                            | Node::UnresolvedName { global: false, .. }
                    ) || self.starts_global(sn)
                    {
                        self.push("(");
                        self.print(*rhs);
                        self.push(")");
                    } else {
                        self.print(*rhs);
                    }
                } else {
                    self.print_as_operand(*rhs, prec, false)
                }
            }
            Node::Subobject {
                ty, sub, offset, ..
            } => {
                self.print(*sub);
                self.push(".<");
                self.print(*ty);
                self.push(" at offset ");
                if self.str(*offset).is_empty() {
                    self.push("0");
                } else if let Some(neg) = self.str(*offset).strip_prefix('n') {
                    self.push("-");
                    self.push(neg);
                } else {
                    self.push(self.str(*offset));
                }
                self.push(">");
            }
            Node::Enclosing {
                prefix: "sizeof... ",
                child,
                ..
            } if gnu && matches!(self.ast[*child], Node::NodeArray(_)) => {
                // libiberty counts the elements of `sizeof...(T...)` when the packs are known.
                let Node::NodeArray(items) = &self.ast[*child] else {
                    return;
                };
                let mut n = 0;
                for &i in self.list(*items) {
                    n += match self.ast[i] {
                        Node::ParameterPackExpansion(p) => self.gnu_pack_len(p).unwrap_or(1),
                        _ => 1,
                    };
                }
                self.push(&n.to_string());
            }
            Node::Enclosing {
                prefix,
                child,
                postfix,
            } => {
                if gnu && *prefix == "noexcept " {
                    self.push("noexcept");
                    self.open();
                    self.print(*child);
                    self.close();
                } else if gnu && *prefix == "decltype" {
                    self.push("decltype (");
                    self.print(*child);
                    self.push(")");
                } else if self.nv() && (*prefix == "decltype" || *prefix == "noexcept ") {
                    // EDG wraps non-name operands of decltype in a second pair of parentheses.
                    self.push(prefix.trim_end());
                    self.push("(");
                    let sn = self.syntax_node(*child);
                    let simple = matches!(
                        self.ast[sn],
                        Node::Name(_)
                            | Node::Builtin(_)
                            | Node::FunctionParam { .. }
                            | Node::QualifiedName { .. }
                            | Node::UnresolvedName { .. }
                            | Node::Nested { .. }
                    );
                    if !simple && *prefix == "decltype" {
                        self.push("(");
                    }
                    self.print(*child);
                    if !simple && *prefix == "decltype" {
                        self.push(")");
                    }
                    self.push(")");
                } else {
                    self.push(prefix);
                    self.open();
                    self.print(*child);
                    self.close();
                }
                self.push(postfix);
            }
            Node::OfId { op, child }
                if self.nv()
                    && !op.info().flag
                    && matches!(self.ast[*child], Node::MemberAccess { .. }) =>
            {
                // EDG wraps a member access in a second pair of parentheses.
                self.push(op.symbol().trim_end());
                self.push("((");
                self.print(*child);
                self.push("))");
            }
            Node::OfId { op, child } => {
                self.push(if self.nv() {
                    op.symbol().trim_end()
                } else {
                    op.symbol()
                });
                if gnu && !op.info().flag {
                    self.print_gnu_subexpr(*child);
                } else {
                    self.open();
                    self.print(*child);
                    self.close();
                }
            }
            Node::Cast { op, to, from } => {
                self.push(op.symbol());
                let saved = std::mem::replace(&mut self.gt_is_gt, 0);
                self.push("<");
                self.print_left(*to);
                self.push(">");
                self.gt_is_gt = saved;
                self.open();
                if gnu {
                    self.print(*from);
                } else {
                    self.print_as_operand(*from, Prec::Default, false);
                }
                self.close();
            }
            Node::SizeofParamPack(p) if gnu && self.gnu_pack_len(*p).is_some() => {
                let n = self.gnu_pack_len(*p).unwrap_or(0);
                self.push(&n.to_string());
            }
            Node::SizeofParamPack(p) if self.nv() => {
                self.push("sizeof...");
                self.open();
                self.print(*p);
                self.close();
            }
            Node::SizeofParamPack(p) => {
                self.push("sizeof...");
                self.open();
                self.print_pack_expansion(*p);
                self.close();
            }
            Node::Call {
                callee,
                args,
                paren,
            } if self.nv() => {
                let sn = self.syntax_node(*callee);
                let wrap = *paren || matches!(self.ast[sn], Node::MemberAccess { .. });
                if wrap {
                    self.open();
                }
                self.print(*callee);
                if wrap {
                    self.close();
                }
                self.open();
                self.print_with_comma(self.list(*args));
                self.close();
            }
            Node::Call {
                callee,
                args,
                paren,
            } => {
                if *paren {
                    self.open();
                }
                if gnu {
                    self.print_gnu_subexpr(*callee);
                } else {
                    self.print(*callee);
                }
                if *paren {
                    self.close();
                }
                self.open();
                self.print_with_comma(self.list(*args));
                self.close();
            }
            Node::VendorExpr { name, args } => {
                self.print(*name);
                self.open();
                self.print_with_comma(self.list(*args));
                self.close();
            }
            Node::New {
                exprs,
                ty,
                inits,
                global,
                array,
                paren_init,
            } => {
                if *global {
                    self.push("::");
                }
                self.push("new");
                if *array && !gnu {
                    self.push("[]");
                }
                if !exprs.is_empty() {
                    if gnu || self.nv() {
                        self.push(" ");
                    }
                    self.open();
                    self.print_with_comma(self.list(*exprs));
                    self.close();
                }
                self.push(" ");
                self.print(*ty);
                if !*paren_init && inits.len() == 1 {
                    // A braced initializer: `new T{}`.
                    self.print(self.list(*inits)[0]);
                } else if !inits.is_empty() || *paren_init {
                    self.open();
                    self.print_with_comma(self.list(*inits));
                    self.close();
                }
            }
            Node::Delete { op, global, array } => {
                if *global {
                    self.push("::");
                }
                self.push("delete");
                if *array {
                    self.push("[]");
                }
                self.push(" ");
                if gnu {
                    self.print_gnu_subexpr(*op);
                } else {
                    self.print(*op);
                }
            }
            Node::FunctionParam { index, .. } if self.nv() => {
                let n = if self.str(*index).is_empty() {
                    1
                } else {
                    self.str(*index).parse::<u64>().unwrap_or(0) + 2
                };
                self.push(&format!("param#{n}"));
            }
            Node::FunctionParam { index, .. } => {
                if gnu {
                    let n = if self.str(*index).is_empty() {
                        1
                    } else {
                        self.str(*index).parse::<u64>().unwrap_or(0) + 2
                    };
                    self.push(&format!("{{parm#{n}}}"));
                } else {
                    self.push("fp");
                    self.push(self.str(*index));
                }
            }
            Node::Conversion { ty, exprs, many } if self.nv() => {
                // EDG: `T()` for a value-initialisation, `(T)e` for a cast.
                if *many {
                    self.print(*ty);
                    self.open();
                    self.print_with_comma(self.list(*exprs));
                    self.close();
                } else {
                    self.open();
                    self.print(*ty);
                    self.close();
                    self.print_with_comma(self.list(*exprs));
                }
            }
            Node::Conversion { ty, exprs, .. } => {
                self.open();
                self.print(*ty);
                self.close();
                if gnu && exprs.len() == 1 {
                    self.print_gnu_subexpr(self.list(*exprs)[0]);
                } else {
                    self.open();
                    self.print_with_comma(self.list(*exprs));
                    self.close();
                }
            }
            Node::PointerToMemberConversion { ty, expr, .. } => {
                self.open();
                self.print(*ty);
                self.close();
                self.open();
                self.print(*expr);
                self.close();
            }
            Node::InitList { ty, inits } => {
                if let Some(t) = ty {
                    self.print(*t);
                }
                self.push("{");
                self.print_with_comma(self.list(*inits));
                self.push("}");
            }
            Node::Braced { elem, init, array } if self.nv() => {
                // EDG: `.a.b=[3]=1`.
                if *array {
                    self.push("=[");
                    self.print(*elem);
                    self.push("]");
                } else {
                    self.push(".");
                    self.print(*elem);
                }
                if !matches!(
                    self.ast[*init],
                    Node::Braced { .. } | Node::BracedRange { .. }
                ) {
                    self.push("=");
                }
                self.print(*init);
            }
            Node::BracedRange { first, last, init } if self.nv() => {
                self.push("=[");
                self.print(*first);
                self.push(" ... ");
                self.print(*last);
                self.push("]");
                if !matches!(
                    self.ast[*init],
                    Node::Braced { .. } | Node::BracedRange { .. }
                ) {
                    self.push("=");
                }
                self.print(*init);
            }
            Node::Braced { elem, init, array } if gnu => {
                if *array {
                    self.push("[");
                    self.print(*elem);
                    self.push("]");
                } else {
                    self.push(".");
                    self.print(*elem);
                }
                if !matches!(
                    self.ast[*init],
                    Node::Braced { .. } | Node::BracedRange { .. }
                ) {
                    self.push("=");
                    self.print_gnu_subexpr(*init);
                } else {
                    self.print(*init);
                }
            }
            Node::BracedRange { first, last, init } if gnu => {
                self.push("[");
                self.print(*first);
                self.push(" ... ");
                self.print(*last);
                self.push("]");
                if !matches!(
                    self.ast[*init],
                    Node::Braced { .. } | Node::BracedRange { .. }
                ) {
                    self.push("=");
                    self.print_gnu_subexpr(*init);
                } else {
                    self.print(*init);
                }
            }
            Node::Braced { elem, init, array } => {
                if *array {
                    self.push("[");
                    self.print(*elem);
                    self.push("]");
                } else {
                    self.push(".");
                    self.print(*elem);
                }
                if !matches!(
                    self.ast[*init],
                    Node::Braced { .. } | Node::BracedRange { .. }
                ) {
                    self.push(" = ");
                }
                self.print(*init);
            }
            Node::BracedRange { first, last, init } => {
                self.push("[");
                self.print(*first);
                self.push(" ... ");
                self.print(*last);
                self.push("]");
                if !matches!(
                    self.ast[*init],
                    Node::Braced { .. } | Node::BracedRange { .. }
                ) {
                    self.push(" = ");
                }
                self.print(*init);
            }
            Node::Fold {
                left,
                op,
                pack,
                init,
            } if self.nv() => {
                let sym = op.symbol();
                self.open();
                match (left, init) {
                    (true, Some(i)) => {
                        self.print(*i);
                        self.push(&format!("{sym}...{sym}"));
                        self.print(*pack);
                    }
                    (false, Some(i)) => {
                        self.print(*pack);
                        self.push(&format!("{sym}...{sym}"));
                        self.print(*i);
                    }
                    (true, None) => {
                        self.push("...");
                        self.push(sym);
                        self.print(*pack);
                    }
                    (false, None) => {
                        self.print(*pack);
                        self.push(sym);
                        self.push("...");
                    }
                }
                self.close();
            }
            Node::Fold {
                left,
                op,
                pack,
                init,
            } if gnu => {
                let sym = op.symbol();
                self.push("(");
                match init {
                    Some(i) if *left => {
                        self.print_gnu_subexpr(*i);
                        self.push(&format!("{sym}...{sym}"));
                        self.print_gnu_fold_pack(*pack);
                    }
                    Some(i) => {
                        self.print_gnu_fold_pack(*pack);
                        self.push(&format!("{sym}...{sym}"));
                        self.print_gnu_subexpr(*i);
                    }
                    None if *left => {
                        self.push("...");
                        self.push(sym);
                        self.print_gnu_fold_pack(*pack);
                    }
                    None => {
                        self.print_gnu_fold_pack(*pack);
                        self.push(sym);
                        self.push("...");
                    }
                }
                self.push(")");
            }
            Node::Fold {
                left,
                op,
                pack,
                init,
            } => {
                let sym = op.symbol();
                let print_pack = |p: &mut Self| {
                    p.open();
                    p.print_pack_expansion(*pack);
                    p.close();
                };
                self.open();
                if !*left || init.is_some() {
                    if *left {
                        if let Some(i) = init {
                            self.print_as_operand(*i, Prec::Cast, true);
                        }
                    } else {
                        print_pack(self);
                    }
                    self.push(" ");
                    self.push(sym);
                    self.push(" ");
                }
                self.push("...");
                if *left || init.is_some() {
                    self.push(" ");
                    self.push(sym);
                    self.push(" ");
                    if *left {
                        print_pack(self);
                    } else if let Some(i) = init {
                        self.print_as_operand(*i, Prec::Cast, true);
                    }
                }
                self.close();
            }
            Node::Throw(e) => {
                self.push("throw ");
                self.print(*e);
            }
            Node::Rethrow => self.push("throw"),
            Node::Bool(b) if self.nv() => self.push(if *b { "(bool)1" } else { "(bool)0" }),
            Node::Bool(b) => self.push(if *b { "true" } else { "false" }),
            Node::StringLiteral(t) => {
                if gnu {
                    self.push("\"");
                    self.print(*t);
                    self.push("\"");
                } else {
                    self.push("\"<");
                    self.print(*t);
                    self.push(">\"");
                }
            }
            Node::Lambda(t) => {
                if gnu {
                    self.print(*t);
                } else {
                    self.push("[]");
                    if matches!(self.ast[*t], Node::Closure { .. }) {
                        self.print_closure_declarator_pub(*t);
                    }
                    self.push("{...}");
                }
            }
            Node::EnumLiteral { ty, value } => {
                self.open();
                self.print(*ty);
                self.close();
                self.push_signed(self.str(*value));
            }
            Node::IntegerLiteral { ty, value } => {
                self.print_integer_literal(self.str(*ty), self.str(*value))
            }
            Node::FloatLiteral { kind, hex } => self.print_float_literal(*kind, self.str(*hex)),
            Node::NullPointer { zero: true } if gnu => self.push("(decltype(nullptr))0"),
            Node::NullPointer { .. } if gnu => self.push("decltype(nullptr)"),
            Node::NullPointer { .. } => self.push("nullptr"),
            Node::ExternalName(e) => {
                // GNU names a function in an expression without its parameter types, unless it
                // is a qualified member function (`&(A::f() const)`).
                match self.ast[*e] {
                    Node::FunctionEncoding {
                        name, cv, ref_qual, ..
                    } if self.nv()
                        || (gnu && cv.is_empty() && ref_qual == crate::ast::RefQual::None) =>
                    {
                        self.print(name)
                    }
                    _ => self.print(*e),
                }
            }
            Node::UnresolvedName { name, .. } => self.print(*name),
            Node::OnOperator(op) => self.print(*op),
            Node::Requires { params, reqs, .. } => {
                self.push("requires");
                if !params.is_empty() {
                    self.push(" ");
                    self.open();
                    self.print_with_comma(self.list(*params));
                    self.close();
                }
                self.push(" ");
                self.gt_is_gt += 1;
                self.push("{");
                for r in self.list(*reqs) {
                    self.print(*r);
                }
                self.push(" ");
                self.gt_is_gt -= 1;
                self.push("}");
            }
            Node::ExprRequirement {
                expr,
                noexcept,
                constraint,
            } => {
                self.push(" ");
                let braces = *noexcept || constraint.is_some();
                if braces {
                    self.gt_is_gt += 1;
                    self.push("{");
                }
                self.print(*expr);
                if braces {
                    self.gt_is_gt -= 1;
                    self.push("}");
                }
                if *noexcept {
                    self.push(" noexcept");
                }
                if let Some(c) = constraint {
                    self.push(" -> ");
                    self.print(*c);
                }
                self.push(";");
            }
            Node::TypeRequirement(t) => {
                self.push(" typename ");
                self.print(*t);
                self.push(";");
            }
            Node::NestedRequirement(e) => {
                self.push(" requires ");
                self.print(*e);
                self.push(";");
            }
            Node::NodeArray(items) => self.print_with_comma(self.list(*items)),
            _ => {}
        }
    }

    /// Whether a qualified name's last component has template arguments (`A::f<int>`).
    fn ends_with_template_args(&self, mut id: NodeId) -> bool {
        loop {
            match &self.ast[id] {
                Node::QualifiedName { name, .. } => id = *name,
                Node::NameWithTemplateArgs { .. } => return true,
                _ => return false,
            }
        }
    }

    /// Whether an unresolved name starts with `::` (GNU parenthesises it after `.`/`->`).
    fn starts_global(&self, mut id: NodeId) -> bool {
        loop {
            match &self.ast[id] {
                Node::UnresolvedName { global: true, .. } | Node::GlobalQualified(_) => {
                    return true;
                }
                Node::UnresolvedName { name, .. } => id = *name,
                Node::QualifiedName { qual, .. } => id = *qual,
                _ => return false,
            }
        }
    }

    /// The number of elements of the pack a template parameter stands for.
    fn gnu_pack_len(&mut self, id: NodeId) -> Option<usize> {
        let target = match &self.ast[id] {
            Node::TemplateParam { resolved, .. } => self.param_target(id).or(*resolved)?,
            _ => id,
        };
        match &self.ast[target] {
            Node::ParameterPack(e) | Node::TemplateArgumentPack(e) => Some(e.len()),
            // The pack inside a pattern like `T::type`.
            Node::Nested { qual: inner, .. }
            | Node::QualifiedName { qual: inner, .. }
            | Node::Pointer(inner)
            | Node::Reference { child: inner, .. }
            | Node::Qualified { child: inner, .. } => {
                let inner = *inner;
                self.gnu_pack_len(inner)
            }
            _ => None,
        }
    }

    /// GNU prints a fold's pack as the parenthesised list of its elements.
    fn print_gnu_fold_pack(&mut self, pack: NodeId) {
        let start = self.out.len();
        self.push("(");
        self.print_pack_expansion(pack);
        self.push(")");
        if self.out[start..].ends_with(b")...)") {
            // No pack inside (a plain name): libiberty prints just the operand.
            self.out.truncate(start);
            self.print(pack);
        }
    }

    pub(crate) fn print_closure_declarator_pub(&mut self, id: NodeId) {
        self.print_closure_declarator(id);
    }

    fn push_signed(&mut self, v: &str) {
        if let Some(neg) = v.strip_prefix('n') {
            self.push("-");
            self.push(neg);
        } else {
            self.push(v);
        }
    }

    fn print_integer_literal(&mut self, code: &str, value: &str) {
        if self.nv() {
            // NVIDIA casts every literal but `int`: `(unsigned int)4`.
            self.open();
            self.push(crate::parse::builtin_name_of(code.as_bytes()[0]).unwrap_or("?"));
            self.close();
            self.push_signed(value);
            return;
        }
        let (ty, suffix) = match code {
            "i" => ("", ""),
            "j" => ("", "u"),
            "l" => ("", "l"),
            "m" => ("", "ul"),
            "x" => ("", "ll"),
            "y" => ("", "ull"),
            _ => (
                crate::parse::builtin_name_of(code.as_bytes()[0]).unwrap_or("?"),
                "",
            ),
        };
        if !ty.is_empty() {
            self.open();
            self.push(ty);
            self.close();
        }
        self.push_signed(value);
        self.push(suffix);
    }

    fn print_float_literal(&mut self, kind: u8, hex: &str) {
        let (ty, suffix) = match kind {
            0 => ("float", "f"),
            1 => ("double", ""),
            _ => ("long double", "L"),
        };
        if self.gnu() {
            self.push("(");
            self.push(ty);
            self.push(")[");
            self.push(hex);
            self.push("]");
            return;
        }
        if self.nv() && kind < 2 {
            // EDG: `(float)1.0`.
            let value = match kind {
                0 => u32::from_str_radix(hex, 16)
                    .ok()
                    .map(|b| format!("{:?}", f32::from_bits(b))),
                _ => u64::from_str_radix(hex, 16)
                    .ok()
                    .map(|b| format!("{:?}", f64::from_bits(b))),
            };
            if let Some(v) = value {
                self.push(&format!("({ty}){v}"));
                return;
            }
        }
        let text = match kind {
            0 => u32::from_str_radix(hex, 16)
                .ok()
                .map(|b| hex_float(f64::from(f32::from_bits(b)))),
            1 => u64::from_str_radix(hex, 16)
                .ok()
                .map(|b| hex_float(f64::from_bits(b))),
            _ => u128::from_str_radix(hex, 16).ok().map(x87_hex_float),
        };
        match text {
            Some(t) => {
                self.push(&t);
                self.push(suffix);
            }
            None => self.push(hex),
        }
    }
}

/// C's `%a` for a double: `0x1.4p+2`.
fn hex_float(v: f64) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf".into() } else { "inf".into() };
    }
    let bits = v.to_bits();
    let sign = if bits >> 63 != 0 { "-" } else { "" };
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let mant = bits & ((1u64 << 52) - 1);
    if exp == 0 && mant == 0 {
        return format!("{sign}0x0p+0");
    }
    let (lead, e) = if exp == 0 {
        (0, -1022)
    } else {
        (1, exp - 1023)
    };
    let mut frac = format!("{mant:013x}");
    while frac.ends_with('0') {
        frac.pop();
    }
    let dot = if frac.is_empty() {
        String::new()
    } else {
        format!(".{frac}")
    };
    format!("{sign}0x{lead}{dot}p{}{e}", if e >= 0 { "+" } else { "" })
}

/// glibc's `%La` for an x87 80-bit long double: the leading digit is the top nibble of the
/// explicit 64-bit mantissa (`0xap-1` for 5.0).
fn x87_hex_float(bits: u128) -> String {
    let sign = if (bits >> 79) & 1 != 0 { "-" } else { "" };
    let exp = ((bits >> 64) & 0x7fff) as i64;
    let mant = bits as u64;
    if exp == 0 && mant == 0 {
        return format!("{sign}0x0p+0");
    }
    let lead = mant >> 60;
    let mut frac = format!("{:015x}", mant & ((1u64 << 60) - 1));
    while frac.ends_with('0') {
        frac.pop();
    }
    let e = exp - 16383 - 3;
    let dot = if frac.is_empty() {
        String::new()
    } else {
        format!(".{frac}")
    };
    format!("{sign}0x{lead:x}{dot}p{}{e}", if e >= 0 { "+" } else { "" })
}
