//! The mangler's expressions: `<expression>`, `<expr-primary>` and `<unresolved-name>`.

use super::*;

impl Mangler<'_> {
    pub(super) fn expr_or_number(&mut self, id: NodeId) -> MResult {
        match &self.ast[id] {
            Node::Name(n) if self.str(*n).bytes().all(|c| c.is_ascii_digit()) => {
                self.w(self.str(*n));
                Ok(())
            }
            _ => {
                let start = self.out.len();
                self.expr(id)?;
                // `Dv<expression>_`: an expression written with a leading digit (a bare
                // `<source-name>` such as `2Ar`) would read back as a dimension number. Only
                // hand-made names hold one (the fuzzer's `Dv02Ar_`); decline rather than
                // write a name that means something else.
                if matches!(self.out.as_bytes().get(start), Some(b'1'..=b'9')) {
                    return Err(MangleError::Unsupported(
                        "vector dimension that reads as a number",
                    ));
                }
                Ok(())
            }
        }
    }

    /// `<expression>`
    pub(super) fn expr(&mut self, id: NodeId) -> MResult {
        self.enter()?;
        let res = self.expr_inner(id);
        self.depth -= 1;
        res
    }

    pub(super) fn expr_inner(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        match &ast[id] {
            Node::Binary { lhs, op, rhs } => {
                self.w(op.code());
                self.expr(*lhs)?;
                self.expr(*rhs)?;
            }
            Node::Prefix { op, child } => {
                self.w(op.code());
                if op.info().kind == OpKind::Postfix {
                    self.w("_");
                }
                self.expr(*child)?;
            }
            Node::Postfix { child, op } => {
                self.w(op.code());
                self.expr(*child)?;
            }
            Node::ArraySubscript { op1, op2 } => {
                self.w("ix");
                self.expr(*op1)?;
                self.expr(*op2)?;
            }
            Node::Conditional { cond, then, els } => {
                self.w("qu");
                self.expr(*cond)?;
                self.expr(*then)?;
                self.expr(*els)?;
            }
            Node::MemberAccess { lhs, op, rhs } => {
                self.w(op.code());
                self.expr(*lhs)?;
                self.expr(*rhs)?;
            }
            Node::Cast { op, to, from } => {
                self.w(op.code());
                self.ty(*to)?;
                self.expr(*from)?;
            }
            Node::OfId { op, child } => {
                self.w(op.code());
                if op.info().flag {
                    self.ty(*child)?
                } else {
                    self.expr(*child)?
                }
            }
            Node::Call {
                callee,
                args,
                paren,
            } => {
                self.w(if *paren { "cp" } else { "cl" });
                self.expr(*callee)?;
                for a in self.list(*args) {
                    self.expr(*a)?;
                }
                self.w("E");
            }
            Node::Conversion { ty, exprs, many } => {
                self.w("cv");
                self.ty(*ty)?;
                if *many {
                    self.w("_");
                }
                for e in self.list(*exprs) {
                    self.expr(*e)?;
                }
                if *many {
                    self.w("E");
                }
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
                    self.w("gs");
                }
                self.w(if *array { "na" } else { "nw" });
                for e in self.list(*exprs) {
                    self.expr(*e)?;
                }
                self.w("_");
                self.ty(*ty)?;
                if *paren_init {
                    self.w("pi");
                    for e in self.list(*inits) {
                        self.expr(*e)?;
                    }
                } else if let [braced] = self.list(*inits) {
                    // `il ... E` ends the new-expression itself.
                    return self.expr(*braced);
                }
                self.w("E");
            }
            Node::Delete { op, global, array } => {
                if *global {
                    self.w("gs");
                }
                self.w(if *array { "da" } else { "dl" });
                self.expr(*op)?;
            }
            Node::FunctionParam { raw, .. } => {
                self.w(self.str(*raw));
            }
            Node::Name(n) if self.str(*n) == "this" => self.w("fpT"),
            Node::TemplateParam { .. } | Node::ForwardTemplateRef { .. } => {
                self.template_param(id)?
            }
            Node::IntegerLiteral { ty, value } => {
                let (ty, value) = (self.str(*ty), self.str(*value));
                let _ = write!(self.out, "L{ty}{value}E");
            }
            Node::Bool(b) => self.w(if *b { "Lb1E" } else { "Lb0E" }),
            Node::FloatLiteral { kind, hex } => {
                let hex = self.str(*hex);
                let _ = write!(
                    self.out,
                    "L{}{hex}E",
                    ["f", "d", "e"][usize::from((*kind).min(2))]
                );
            }
            Node::NullPointer { zero } => self.w(if *zero { "LDn0E" } else { "LDnE" }),
            Node::EnumLiteral { ty, value } => {
                self.w("L");
                self.ty(*ty)?;
                self.w(self.str(*value));
                self.w("E");
            }
            Node::StringLiteral(t) => {
                self.w("L");
                self.ty(*t)?;
                self.w("E");
            }
            Node::Lambda(t) => {
                self.w("L");
                self.unqualified(*t)?;
                self.w("E");
            }
            Node::ExternalName(e) => {
                self.w("L_Z");
                self.encoding(*e)?;
                self.w("E");
            }
            Node::GlobalQualified(n) => {
                self.w("gs");
                self.expr(*n)?;
            }
            Node::Enclosing { prefix, child, .. } => match *prefix {
                "noexcept " => {
                    self.w("nx");
                    self.expr(*child)?;
                }
                "sizeof... " => {
                    if let Node::NodeArray(args) = &ast[*child] {
                        self.w("sP");
                        for a in self.list(*args) {
                            self.template_arg(*a)?;
                        }
                        self.w("E");
                    } else {
                        self.w("sZ");
                        self.expr(*child)?;
                    }
                }
                _ => return Err(MangleError::Unsupported("decltype in expression")),
            },
            Node::SizeofParamPack(p) => {
                self.w("sZ");
                self.template_param(*p)?;
            }
            Node::ParameterPackExpansion(c) => {
                self.w("sp");
                self.expr(*c)?;
            }
            Node::Throw(e) => {
                self.w("tw");
                self.expr(*e)?;
            }
            Node::Rethrow => self.w("tr"),
            Node::InitList { ty, inits } => {
                match ty {
                    Some(t) => {
                        self.w("tl");
                        self.ty(*t)?;
                    }
                    None => self.w("il"),
                }
                for i in self.list(*inits) {
                    self.expr(*i)?;
                }
                self.w("E");
            }
            Node::Braced { elem, init, array } => {
                if *array {
                    self.w("dx");
                    self.expr(*elem)?;
                } else {
                    self.w("di");
                    self.unqualified(*elem)?;
                }
                self.expr(*init)?;
            }
            Node::BracedRange { first, last, init } => {
                self.w("dX");
                self.expr(*first)?;
                self.expr(*last)?;
                self.expr(*init)?;
            }
            Node::Fold {
                left,
                op,
                pack,
                init,
            } => {
                let code = match (left, init.is_some()) {
                    (true, true) => "fL",
                    (false, true) => "fR",
                    (true, false) => "fl",
                    (false, false) => "fr",
                };
                self.w(code);
                self.w(op.code());
                match (left, init) {
                    (true, Some(i)) => {
                        self.expr(*i)?;
                        self.expr(*pack)?;
                    }
                    (false, Some(i)) => {
                        self.expr(*pack)?;
                        self.expr(*i)?;
                    }
                    _ => self.expr(*pack)?,
                }
            }
            Node::UnresolvedName { name, global, form } => {
                self.unresolved_name(*name, *global, *form)?
            }
            Node::PointerToMemberConversion { ty, expr, offset } => {
                self.w("mc");
                self.ty(*ty)?;
                self.expr(*expr)?;
                self.w(self.str(*offset));
                self.w("E");
            }
            Node::VendorExpr { name, args } => {
                self.w("u");
                self.unqualified(*name)?;
                for a in self.list(*args) {
                    self.template_arg(*a)?;
                }
                self.w("E");
            }
            _ => self.base_unresolved_name(id)?,
        }
        Ok(())
    }

    pub(super) fn unresolved_name(&mut self, name: NodeId, global: bool, form: u8) -> MResult {
        let ast = self.ast;
        let Node::QualifiedName { qual, name: base } = ast[name] else {
            return Err(MangleError::Unsupported("unresolved name"));
        };
        if global {
            self.w("gs");
        }
        match form {
            0 => {
                self.w("sr");
                self.unresolved_type(qual)?;
            }
            1 => {
                self.w("sr");
                let mut levels = Vec::new();
                let mut q = qual;
                loop {
                    match ast[q] {
                        Node::QualifiedName { qual, name } => {
                            levels.push(name);
                            q = qual;
                        }
                        Node::GlobalQualified(inner) => {
                            levels.push(inner);
                            if !global {
                                self.out.insert_str(self.out.len() - 2, "gs");
                            }
                            break;
                        }
                        _ => {
                            levels.push(q);
                            break;
                        }
                    }
                }
                for l in levels.iter().rev() {
                    self.simple_id(*l)?;
                }
                self.w("E");
            }
            _ => {
                self.w("srN");
                let mut levels = Vec::new();
                let mut q = qual;
                while let Node::QualifiedName { qual, name } = ast[q] {
                    levels.push(name);
                    q = qual;
                }
                self.unresolved_type(q)?;
                for l in levels.iter().rev() {
                    self.simple_id(*l)?;
                }
                self.w("E");
            }
        }
        self.base_unresolved_name(base)
    }

    pub(super) fn unresolved_type(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        match &ast[id] {
            Node::NameWithTemplateArgs { name, args } => {
                self.unresolved_type(*name)?;
                self.template_args(*args)
            }
            Node::TemplateParam { .. }
            | Node::Enclosing {
                prefix: "decltype", ..
            } => {
                if self.try_sub(id) {
                    return Ok(());
                }
                if let Node::Enclosing { child, .. } = ast[id] {
                    self.w("DT");
                    self.expr(child)?;
                    self.w("E");
                } else {
                    self.template_param(id)?;
                }
                self.subs.push(id);
                Ok(())
            }
            Node::SpecialSubstitution(k) | Node::ExpandedSpecialSubstitution(k) => {
                self.w(k.code());
                Ok(())
            }
            _ => {
                if self.try_sub(id) {
                    Ok(())
                } else {
                    Err(MangleError::Unsupported(
                        "unresolved type that is not a substitution",
                    ))
                }
            }
        }
    }

    pub(super) fn simple_id(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        match &ast[id] {
            Node::NameWithTemplateArgs { name, args } => {
                self.unqualified(*name)?;
                self.template_args(*args)
            }
            _ => self.unqualified(id),
        }
    }

    pub(super) fn base_unresolved_name(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        match &ast[id] {
            Node::DtorName(n) => {
                self.w("dn");
                match &ast[*n] {
                    Node::Name(_) | Node::NameWithTemplateArgs { .. } => self.simple_id(*n),
                    _ => self.unresolved_type(*n),
                }
            }
            Node::OnOperator(op) => {
                self.w("on");
                self.unqualified(*op)
            }
            Node::NameWithTemplateArgs { name, args } => {
                self.base_unresolved_name(*name)?;
                self.template_args(*args)
            }
            Node::Name(_)
            | Node::Operator(_)
            | Node::ConversionOperator(_)
            | Node::LiteralOperator(_)
            | Node::VendorOperator { .. } => self.unqualified(id),
            _ => Err(MangleError::Unsupported("expression")),
        }
    }
}

/// `<expr-primary>`s appear in template arguments without `X...E`.
pub(super) fn is_primary_expr(n: &Node) -> bool {
    matches!(
        n,
        Node::IntegerLiteral { .. }
            | Node::Bool(_)
            | Node::FloatLiteral { .. }
            | Node::NullPointer { .. }
            | Node::EnumLiteral { .. }
            | Node::StringLiteral(_)
            | Node::Lambda(_)
            | Node::ExternalName(_)
    )
}
pub(super) fn is_expr(n: &Node) -> bool {
    matches!(
        n,
        Node::Binary { .. }
            | Node::ArraySubscript { .. }
            | Node::Postfix { .. }
            | Node::Prefix { .. }
            | Node::Conditional { .. }
            | Node::MemberAccess { .. }
            | Node::Subobject { .. }
            | Node::OfId { .. }
            | Node::Cast { .. }
            | Node::SizeofParamPack(_)
            | Node::Call { .. }
            | Node::New { .. }
            | Node::Delete { .. }
            | Node::FunctionParam { .. }
            | Node::Conversion { .. }
            | Node::PointerToMemberConversion { .. }
            | Node::InitList { .. }
            | Node::Fold { .. }
            | Node::Throw(_)
            | Node::Rethrow
            | Node::VendorExpr { .. }
            | Node::UnresolvedName { .. }
            | Node::Requires { .. }
            | Node::GlobalQualified(_)
            | Node::OnOperator(_)
            | Node::DtorName(_)
            | Node::QualifiedName { .. }
    ) || matches!(n, Node::Enclosing { prefix, .. } if *prefix != "decltype")
}
