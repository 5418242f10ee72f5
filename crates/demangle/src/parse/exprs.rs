//! `<expression>`, `<expr-primary>` and the unresolved names used inside them.

use super::{PResult, Parser};
use crate::ast::{Node, NodeId};
use crate::ops::{self, OpKind};

impl<'a> Parser<'a> {
    /// `<constraint-expression>`: an expression whose template parameters we print by number.
    pub(super) fn parse_constraint_expr(&mut self) -> PResult {
        // libiberty substitutes the arguments into a constraint; LLVM prints `T`.
        let saved = std::mem::replace(&mut self.incomplete_template_tracking, !self.gnu);
        let res = self.parse_expr();
        self.incomplete_template_tracking = saved;
        res
    }

    /// ```text
    /// <expression> ::= <unary operator-name> <expression>
    ///              ::= <binary operator-name> <expression> <expression>
    ///              ::= <ternary operator-name> <expression> <expression> <expression>
    ///              ::= cl <expression>+ E | cp <base-unresolved-name> <expression>* E
    ///              ::= cv <type> <expression> | cv <type> _ <expression>* E
    ///              ::= [gs] nw <expression>* _ <type> [pi <expression>*] E
    ///              ::= [gs] dl <expression> | [gs] da <expression>
    ///              ::= pp_ <expression> | mm_ <expression>
    ///              ::= ti <type> | te <expression> | st <type> | sz <expression>
    ///              ::= dc|sc|cc|rc <type> <expression>
    ///              ::= <template-param> | <function-param>
    ///              ::= dt <expression> <unresolved-name> | pt <expression> <unresolved-name>
    ///              ::= ds <expression> <expression>
    ///              ::= sZ <template-param> | sZ <function-param> | sP <template-arg>* E
    ///              ::= sp <expression> | tw <expression> | tr
    ///              ::= fL|fR <binary-operator-name> <expression> <expression>
    ///              ::= fl|fr <binary-operator-name> <expression>
    ///              ::= il <braced-expression>* E | tl <type> <braced-expression>* E
    ///              ::= mc <type> <expression> [<offset>] E
    ///              ::= so <type> <expression> [<offset>] <union-selector>* [p] E
    ///              ::= u <source-name> <template-arg>* E   # vendor extended expression
    ///              ::= rq <requirement>+ E | rQ <bare-function-type> _ <requirement>+ E
    ///              ::= <unresolved-name> | <expr-primary>
    /// ```
    pub(crate) fn parse_expr(&mut self) -> PResult {
        self.nested(|p| p.parse_expr_inner())
    }

    fn parse_expr_inner(&mut self) -> PResult {
        let global = self.consume_if("gs");
        if let Some(op) = ops::lookup(&self.input[self.pos..]) {
            self.pos += 2;
            let info = op.info();
            return match info.kind {
                OpKind::Binary => {
                    let lhs = self.parse_expr()?;
                    let rhs = self.parse_expr()?;
                    Some(self.make(Node::Binary { lhs, op, rhs }))
                }
                OpKind::Prefix => {
                    let child = self.parse_expr()?;
                    Some(self.make(Node::Prefix { op, child }))
                }
                OpKind::Postfix => {
                    if self.consume_byte(b'_') {
                        let child = self.parse_expr()?;
                        return Some(self.make(Node::Prefix { op, child }));
                    }
                    let child = self.parse_expr()?;
                    Some(self.make(Node::Postfix { child, op }))
                }
                OpKind::Array => {
                    let op1 = self.parse_expr()?;
                    let op2 = self.parse_expr()?;
                    Some(self.make(Node::ArraySubscript { op1, op2 }))
                }
                OpKind::Member => {
                    let lhs = self.parse_expr()?;
                    let save = self.pos;
                    let rhs = match self.parse_expr() {
                        Some(rhs) => rhs,
                        // GCC names an operator member without `on`: `dt fp_ mi`.
                        None if self.gnu => {
                            self.pos = save;
                            self.parse_operator_name(None)?
                        }
                        None => return None,
                    };
                    Some(self.make(Node::MemberAccess { lhs, op, rhs }))
                }
                OpKind::New => {
                    let mut exprs = self.buffer();
                    while !self.consume_byte(b'_') {
                        if self.at_end() {
                            return None;
                        }
                        exprs.push(self.parse_expr()?);
                    }
                    let ty = self.parse_type()?;
                    let paren_init = self.consume_if("pi");
                    let mut inits = self.buffer();
                    if !paren_init && self.look() == b'i' && self.look_at(1) == b'l' {
                        // `new T{...}`: GCC writes the braced initializer as an `il` expression.
                        // The list is the initializer and ends the new-expression.
                        inits.push(self.parse_expr()?);
                        let exprs = self.list_from(exprs);
                        let inits = self.list_from(inits);
                        return Some(self.make(Node::New {
                            exprs,
                            ty,
                            inits,
                            global,
                            array: info.flag,
                            paren_init,
                        }));
                    }
                    while !self.consume_byte(b'E') {
                        if !paren_init || self.at_end() {
                            return None;
                        }
                        inits.push(self.parse_expr()?);
                    }
                    let exprs = self.list_from(exprs);
                    let inits = self.list_from(inits);
                    Some(self.make(Node::New {
                        exprs,
                        ty,
                        inits,
                        global,
                        array: info.flag,
                        paren_init,
                    }))
                }
                OpKind::Del => {
                    let e = self.parse_expr()?;
                    Some(self.make(Node::Delete {
                        op: e,
                        global,
                        array: info.flag,
                    }))
                }
                OpKind::Call => {
                    let callee = self.parse_expr()?;
                    let mut args = self.buffer();
                    while !self.consume_byte(b'E') {
                        if self.at_end() {
                            return None;
                        }
                        args.push(self.parse_expr()?);
                    }
                    let args = self.list_from(args);
                    Some(self.make(Node::Call {
                        callee,
                        args,
                        paren: info.flag,
                    }))
                }
                OpKind::CCast => {
                    let saved = std::mem::replace(&mut self.try_to_parse_template_args, false);
                    let ty = self.parse_type();
                    self.try_to_parse_template_args = saved;
                    let ty = ty?;
                    let many = self.consume_byte(b'_');
                    let mut exprs = self.buffer();
                    while !self.consume_byte(b'E') {
                        if self.at_end() {
                            return None;
                        }
                        exprs.push(self.parse_expr()?);
                        if !many {
                            break;
                        }
                    }
                    if !many && exprs.len() != 1 {
                        return None;
                    }
                    let exprs = self.list_from(exprs);
                    Some(self.make(Node::Conversion { ty, exprs, many }))
                }
                OpKind::Conditional => {
                    let cond = self.parse_expr()?;
                    let then = self.parse_expr()?;
                    let els = self.parse_expr()?;
                    Some(self.make(Node::Conditional { cond, then, els }))
                }
                OpKind::NamedCast => {
                    let to = self.parse_type()?;
                    let from = self.parse_expr()?;
                    Some(self.make(Node::Cast { op, to, from }))
                }
                OpKind::OfIdOp => {
                    let child = if info.flag {
                        self.parse_type()?
                    } else {
                        self.parse_expr()?
                    };
                    Some(self.make(Node::OfId { op, child }))
                }
                OpKind::NameOnly => None,
            };
        }
        if self.num_left() < 2 {
            return None;
        }
        match self.look() {
            b'L' => return self.parse_expr_primary(),
            b'T' => return self.parse_template_param(),
            b'f' => {
                // Disambiguate a fold expression from a <function-param>.
                if self.look_at(1) == b'p'
                    || (self.look_at(1) == b'L' && self.look_at(2).is_ascii_digit())
                {
                    return self.parse_function_param();
                }
                return self.parse_fold_expr();
            }
            _ => {}
        }
        if self.consume_if("il") {
            let mut inits = self.buffer();
            while !self.consume_byte(b'E') {
                if self.at_end() {
                    return None;
                }
                inits.push(self.parse_braced_expr()?);
            }
            let inits = self.list_from(inits);
            return Some(self.make(Node::InitList { ty: None, inits }));
        }
        if self.consume_if("mc") {
            let ty = self.parse_type()?;
            let expr = self.parse_expr()?;
            let offset = self.parse_number(true);
            if !self.consume_byte(b'E') {
                return None;
            }
            let offset = self.str(offset);
            return Some(self.make(Node::PointerToMemberConversion { ty, expr, offset }));
        }
        if self.consume_if("nx") {
            let child = self.parse_expr()?;
            return Some(self.make(Node::Enclosing {
                prefix: "noexcept ",
                child,
                postfix: "",
            }));
        }
        if self.look() == b'r' && matches!(self.look_at(1), b'q' | b'Q') {
            return self.parse_requires_expr();
        }
        if !self.nv_strict && self.consume_if("so") {
            return self.parse_subobject_expr();
        }
        if self.consume_if("sp") {
            let child = self.parse_expr()?;
            return Some(self.make(Node::ParameterPackExpansion(child)));
        }
        if self.consume_if("sZ") {
            if self.look() == b'T' {
                let p = self.parse_template_param()?;
                return Some(self.make(Node::SizeofParamPack(p)));
            }
            let fp = self.parse_function_param()?;
            return Some(self.make(Node::Enclosing {
                prefix: "sizeof... ",
                child: fp,
                postfix: "",
            }));
        }
        if !self.nv_strict && self.consume_if("sP") {
            let mut args = self.buffer();
            while !self.consume_byte(b'E') {
                if self.at_end() {
                    return None;
                }
                args.push(self.parse_template_arg()?);
            }
            let args = self.list_from(args);
            let pack = self.make(Node::NodeArray(args));
            return Some(self.make(Node::Enclosing {
                prefix: "sizeof... ",
                child: pack,
                postfix: "",
            }));
        }
        if self.consume_if("tl") {
            let ty = self.parse_type()?;
            let mut inits = self.buffer();
            while !self.consume_byte(b'E') {
                if self.at_end() {
                    return None;
                }
                inits.push(self.parse_braced_expr()?);
            }
            let inits = self.list_from(inits);
            return Some(self.make(Node::InitList {
                ty: Some(ty),
                inits,
            }));
        }
        if self.consume_if("tr") {
            return Some(self.make(Node::Rethrow));
        }
        if self.consume_if("tw") {
            let e = self.parse_expr()?;
            return Some(self.make(Node::Throw(e)));
        }
        if !self.nv_strict && self.consume_byte(b'u') {
            let name = self.parse_source_name()?;
            // Legacy `__uuidof` mangling: `t <type>` or `z <expression>`.
            let is_uuidof =
                matches!(&self.ast[name], Node::Name(n) if self.ast.str(*n) == "__uuidof");
            let mut args = self.buffer();
            if is_uuidof && self.consume_byte(b't') {
                args.push(self.parse_type()?);
            } else if is_uuidof && self.consume_byte(b'z') {
                args.push(self.parse_expr()?);
            } else {
                while !self.consume_byte(b'E') {
                    if self.at_end() {
                        return None;
                    }
                    args.push(self.parse_template_arg()?);
                }
            }
            let args = self.list_from(args);
            return Some(self.make(Node::VendorExpr { name, args }));
        }
        self.parse_unresolved_name(global)
    }

    /// ```text
    /// <braced-expression> ::= <expression>
    ///                     ::= di <field source-name> <braced-expression>
    ///                     ::= dx <index expression> <braced-expression>
    ///                     ::= dX <range begin expression> <range end expression> <braced-expression>
    /// ```
    fn parse_braced_expr(&mut self) -> PResult {
        self.nested(|p| p.parse_braced_expr_inner())
    }

    fn parse_braced_expr_inner(&mut self) -> PResult {
        if self.look() == b'd' {
            match self.look_at(1) {
                b'i' => {
                    self.pos += 2;
                    let elem = self.parse_source_name()?;
                    let init = self.parse_braced_expr()?;
                    return Some(self.make(Node::Braced {
                        elem,
                        init,
                        array: false,
                    }));
                }
                b'x' => {
                    self.pos += 2;
                    let elem = self.parse_expr()?;
                    let init = self.parse_braced_expr()?;
                    return Some(self.make(Node::Braced {
                        elem,
                        init,
                        array: true,
                    }));
                }
                b'X' => {
                    self.pos += 2;
                    let first = self.parse_expr()?;
                    let last = self.parse_expr()?;
                    let init = self.parse_braced_expr()?;
                    return Some(self.make(Node::BracedRange { first, last, init }));
                }
                _ => {}
            }
        }
        self.parse_expr()
    }

    /// ```text
    /// <function-param> ::= fpT
    ///                  ::= fp <CV-qualifiers> [<number>] _
    ///                  ::= fL <number> p <CV-qualifiers> [<number>] _
    /// ```
    fn parse_function_param(&mut self) -> PResult {
        if self.consume_if("fpT") {
            return Some(self.static_name("this"));
        }
        let begin = self.pos;
        if self.consume_if("fp") {
            self.parse_cv();
            let n = self.parse_number(false);
            if !self.consume_byte(b'_') {
                return None;
            }
            let raw = self.text(begin);
            let n = self.str(n);
            let raw = self.str(raw);
            return Some(self.make(Node::FunctionParam { index: n, raw }));
        }
        if self.consume_if("fL") {
            if self.parse_number(false).is_empty() || !self.consume_byte(b'p') {
                return None;
            }
            self.parse_cv();
            let n = self.parse_number(false);
            if !self.consume_byte(b'_') {
                return None;
            }
            let raw = self.text(begin);
            let n = self.str(n);
            let raw = self.str(raw);
            return Some(self.make(Node::FunctionParam { index: n, raw }));
        }
        None
    }

    /// `fL`/`fR`/`fl`/`fr` fold expressions.
    fn parse_fold_expr(&mut self) -> PResult {
        if !self.consume_byte(b'f') {
            return None;
        }
        let (left, has_init) = match self.look() {
            b'L' => (true, true),
            b'R' => (false, true),
            b'l' => (true, false),
            b'r' => (false, false),
            _ => return None,
        };
        self.pos += 1;
        let op = ops::lookup(&self.input[self.pos..])?;
        self.pos += 2;
        let info = op.info();
        if !(info.kind == OpKind::Binary
            || (info.kind == OpKind::Member && info.name.ends_with('*')))
        {
            return None;
        }
        let mut pack = self.parse_expr()?;
        let mut init = None;
        if has_init {
            init = Some(self.parse_expr()?);
        }
        if left && let Some(i) = init {
            init = Some(pack);
            pack = i;
        }
        Some(self.make(Node::Fold {
            left,
            op,
            pack,
            init,
        }))
    }

    /// `<requirement>`s of a requires-expression.
    fn parse_requires_expr(&mut self) -> PResult {
        let mut params = self.buffer();
        let with_params = self.consume_if("rQ");
        if with_params {
            while !self.consume_byte(b'_') {
                if self.at_end() {
                    return None;
                }
                params.push(self.parse_type()?);
            }
        } else if !self.consume_if("rq") {
            return None;
        }
        let mut reqs = self.buffer();
        loop {
            let req = if self.consume_byte(b'X') {
                let expr = self.parse_expr()?;
                let noexcept = self.consume_byte(b'N');
                let mut constraint = None;
                if self.consume_byte(b'R') {
                    constraint = Some(self.parse_name(None)?);
                }
                self.make(Node::ExprRequirement {
                    expr,
                    noexcept,
                    constraint,
                })
            } else if self.consume_byte(b'T') {
                let t = self.parse_type()?;
                self.make(Node::TypeRequirement(t))
            } else if self.consume_byte(b'Q') {
                let e = self.parse_expr()?;
                self.make(Node::NestedRequirement(e))
            } else {
                return None;
            };
            reqs.push(req);
            if self.consume_byte(b'E') {
                break;
            }
        }
        let params = self.list_from(params);
        let reqs = self.list_from(reqs);
        Some(self.make(Node::Requires {
            params,
            reqs,
            with_params,
        }))
    }

    /// `so <referent type> <expr> [<offset number>] <union-selector>* [p] E`
    fn parse_subobject_expr(&mut self) -> PResult {
        let ty = self.parse_type()?;
        let sub = self.parse_expr()?;
        let offset = self.parse_number(true);
        let mut path = self.buffer();
        while self.consume_byte(b'_') {
            let n = self.parse_number(false);
            path.push(self.name(n));
        }
        let one_past_end = self.consume_byte(b'p');
        if !self.consume_byte(b'E') {
            return None;
        }
        let path = self.list_from(path);
        let offset = self.str(offset);
        Some(self.make(Node::Subobject {
            ty,
            sub,
            offset,
            path,
            one_past_end,
        }))
    }

    /// ```text
    /// <expr-primary> ::= L <type> <value number> E
    ///                ::= L <type> <value float> E
    ///                ::= L <string type> E
    ///                ::= L <nullptr type> E
    ///                ::= L <lambda type> E
    ///                ::= L <mangled-name> E
    /// ```
    pub(super) fn parse_expr_primary(&mut self) -> PResult {
        if !self.consume_byte(b'L') {
            return None;
        }
        let c = self.look();
        match c {
            b'w' | b'c' | b'a' | b'h' | b's' | b't' | b'i' | b'j' | b'l' | b'm' | b'x' | b'y'
            | b'n' | b'o' => {
                self.pos += 1;
                let v = self.parse_number(true);
                if v.is_empty() || !self.consume_byte(b'E') {
                    return None;
                }
                let ty = self.str(&(c as char).to_string());
                let value = self.str(v);
                Some(self.make(Node::IntegerLiteral { ty, value }))
            }
            b'b' => {
                if self.consume_if("b0E") {
                    return Some(self.make(Node::Bool(false)));
                }
                if self.consume_if("b1E") {
                    return Some(self.make(Node::Bool(true)));
                }
                None
            }
            b'f' | b'd' | b'e' if self.gnu => {
                // libiberty keeps whatever precedes the `E` (other widths, upper-case hex).
                self.pos += 1;
                let hex = self.parse_raw_literal_value()?;
                let kind = match c {
                    b'f' => 0u8,
                    b'd' => 1,
                    _ => 2,
                };
                let hex = self.str(hex);
                Some(self.make(Node::FloatLiteral { kind, hex }))
            }
            b'f' | b'd' | b'e' => {
                self.pos += 1;
                let (kind, len) = match c {
                    b'f' => (0u8, 8),
                    b'd' => (1, 16),
                    _ => (2, 20),
                };
                if self.num_left() <= len {
                    return None;
                }
                let begin = self.pos;
                if !self.input[begin..begin + len]
                    .iter()
                    .all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'))
                {
                    return None;
                }
                self.pos += len;
                let hex = self.text(begin);
                if !self.consume_byte(b'E') {
                    return None;
                }
                let hex = self.str(hex);
                Some(self.make(Node::FloatLiteral { kind, hex }))
            }
            b'_' => {
                if self.consume_if("_Z") {
                    let enc = self.parse_encoding()?;
                    if self.consume_byte(b'E') {
                        return Some(self.make(Node::ExternalName(enc)));
                    }
                }
                None
            }
            b'A' => {
                let t = self.parse_type()?;
                if !self.consume_byte(b'E') {
                    return None;
                }
                Some(self.make(Node::StringLiteral(t)))
            }
            b'D' => {
                if self.consume_if("Dn") {
                    let zero = self.consume_byte(b'0');
                    if self.consume_byte(b'E') {
                        return Some(self.make(Node::NullPointer { zero }));
                    }
                }
                None
            }
            // Invalid per the ABI discussion of 2011 (`LT_E`).
            b'T' => None,
            b'U' => {
                if self.look_at(1) != b'l' {
                    return None;
                }
                let t = self.parse_unnamed_type_name(false)?;
                if !self.consume_byte(b'E') {
                    return None;
                }
                Some(self.make(Node::Lambda(t)))
            }
            _ => {
                let ty = self.parse_type()?;
                if self.gnu {
                    // libiberty: any bytes up to the `E` (`LCf0_0E`, a complex literal).
                    let v = self.parse_raw_literal_value()?;
                    let v = self.str(v);
                    return Some(self.make(Node::EnumLiteral { ty, value: v }));
                }
                let v = self.parse_number(true);
                if v.is_empty() || !self.consume_byte(b'E') {
                    return None;
                }
                let v = self.str(v);
                Some(self.make(Node::EnumLiteral { ty, value: v }))
            }
        }
    }

    /// A literal's value as libiberty reads it: every byte up to the closing `E`, at least one.
    fn parse_raw_literal_value(&mut self) -> Option<&'a str> {
        let begin = self.pos;
        while !self.at_end() && self.look() != b'E' {
            self.pos += 1;
        }
        let value = self.text(begin);
        if value.is_empty() || !self.consume_byte(b'E') {
            return None;
        }
        Some(value)
    }

    /// ```text
    /// <unresolved-name>
    ///  extension ::= srN <unresolved-type> [<template-args>] <unresolved-qualifier-level>* E <base-unresolved-name>
    ///            ::= [gs] <base-unresolved-name>
    ///            ::= [gs] sr <unresolved-qualifier-level>+ E <base-unresolved-name>
    ///            ::= sr <unresolved-type> [<template-args>] <base-unresolved-name>
    /// ```
    fn parse_unresolved_name(&mut self, global: bool) -> PResult {
        if self.consume_if("srN") {
            let mut so_far = self.parse_unresolved_type()?;
            if self.look() == b'I' {
                let ta = self.parse_template_args(false)?;
                so_far = self.make(Node::NameWithTemplateArgs {
                    name: so_far,
                    args: ta,
                });
            }
            while !self.consume_byte(b'E') {
                if self.at_end() {
                    return None;
                }
                let q = self.parse_simple_id()?;
                so_far = self.make(Node::QualifiedName {
                    qual: so_far,
                    name: q,
                });
            }
            let base = self.parse_base_unresolved_name()?;
            let res = self.make(Node::QualifiedName {
                qual: so_far,
                name: base,
            });
            return Some(self.make(Node::UnresolvedName {
                name: res,
                global,
                form: 2,
            }));
        }
        if !self.consume_if("sr") {
            let mut n = self.parse_base_unresolved_name()?;
            if global {
                n = self.make(Node::GlobalQualified(n));
            }
            return Some(n);
        }
        let so_far;
        let form;
        if self.look().is_ascii_digit() {
            let mut acc: Option<NodeId> = None;
            loop {
                let q = self.parse_simple_id()?;
                acc = Some(match acc {
                    Some(a) => self.make(Node::QualifiedName { qual: a, name: q }),
                    None if global => self.make(Node::GlobalQualified(q)),
                    None => q,
                });
                if self.consume_byte(b'E') {
                    break;
                }
                if self.at_end() {
                    return None;
                }
            }
            so_far = acc?;
            form = 1;
        } else {
            let mut t = self.parse_unresolved_type()?;
            if self.look() == b'I' {
                let ta = self.parse_template_args(false)?;
                t = self.make(Node::NameWithTemplateArgs { name: t, args: ta });
            }
            so_far = t;
            form = 0;
        }
        let base = self.parse_base_unresolved_name()?;
        let res = self.make(Node::QualifiedName {
            qual: so_far,
            name: base,
        });
        Some(self.make(Node::UnresolvedName {
            name: res,
            global: global && form == 0,
            form,
        }))
    }

    /// `<simple-id> ::= <source-name> [<template-args>]`
    fn parse_simple_id(&mut self) -> PResult {
        let sn = self.parse_source_name()?;
        if self.look() == b'I' {
            let ta = self.parse_template_args(false)?;
            return Some(self.make(Node::NameWithTemplateArgs { name: sn, args: ta }));
        }
        Some(sn)
    }

    /// `<unresolved-type> ::= <template-param> | <decltype> | <substitution>`
    fn parse_unresolved_type(&mut self) -> PResult {
        if self.look() == b'T' {
            let tp = self.parse_template_param()?;
            self.tables.subs.push(tp);
            return Some(tp);
        }
        if self.look() == b'D' {
            let dt = self.parse_decltype()?;
            self.tables.subs.push(dt);
            return Some(dt);
        }
        self.parse_substitution()
    }

    /// ```text
    /// <base-unresolved-name> ::= <simple-id>
    ///                        ::= [on] <operator-name> [<template-args>]
    ///                        ::= dn <destructor-name>
    /// <destructor-name> ::= <unresolved-type> | <simple-id>
    /// ```
    fn parse_base_unresolved_name(&mut self) -> PResult {
        if self.look().is_ascii_digit() {
            return self.parse_simple_id();
        }
        if self.consume_if("dn") {
            let n = if self.look().is_ascii_digit() {
                self.parse_simple_id()?
            } else {
                self.parse_unresolved_type()?
            };
            return Some(self.make(Node::DtorName(n)));
        }
        let on = self.consume_if("on");
        if !on && self.nv_strict {
            // NVIDIA's demangler wants `on` before an operator in an unresolved name.
            return None;
        }
        let mut op = self.parse_operator_name(None)?;
        if on {
            op = self.make(Node::OnOperator(op));
        }
        if self.look() == b'I' {
            let ta = self.parse_template_args(false)?;
            return Some(self.make(Node::NameWithTemplateArgs { name: op, args: ta }));
        }
        Some(op)
    }
}
