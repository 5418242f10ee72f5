//! `<type>` and its parts.

use super::{PResult, Parser, Tables};
use crate::ast::{Ast, Cv, Node, NodeId, RefKind, RefQual};

/// `<builtin-type>` codes of one letter.
pub(crate) fn builtin_name(c: u8) -> Option<&'static str> {
    Some(match c {
        b'v' => "void",
        b'w' => "wchar_t",
        b'b' => "bool",
        b'c' => "char",
        b'a' => "signed char",
        b'h' => "unsigned char",
        b's' => "short",
        b't' => "unsigned short",
        b'i' => "int",
        b'j' => "unsigned int",
        b'l' => "long",
        b'm' => "unsigned long",
        b'x' => "long long",
        b'y' => "unsigned long long",
        b'n' => "__int128",
        b'o' => "unsigned __int128",
        b'f' => "float",
        b'd' => "double",
        b'e' => "long double",
        b'g' => "__float128",
        b'z' => "...",
        _ => return None,
    })
}

/// `<builtin-type>` codes `D<letter>`.
pub(crate) fn builtin_d_name(c: u8) -> Option<&'static str> {
    Some(match c {
        b'd' => "decimal64",
        b'e' => "decimal128",
        b'f' => "decimal32",
        b'h' => "half",
        b'i' => "char32_t",
        b's' => "char16_t",
        b'u' => "char8_t",
        b'a' => "auto",
        b'c' => "decltype(auto)",
        b'n' => "std::nullptr_t",
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    /// ```text
    /// <type> ::= <builtin-type> | <qualified-type> | <function-type> | <class-enum-type>
    ///        ::= <array-type> | <pointer-to-member-type> | <template-param>
    ///        ::= <template-template-param> <template-args> | <decltype>
    ///        ::= P <type> | R <type> | O <type> | C <type> | G <type>
    ///        ::= <substitution> | Dp <type>
    /// ```
    pub(crate) fn parse_type(&mut self) -> PResult {
        self.nested(|p| p.parse_type_inner())
    }

    fn parse_type_inner(&mut self) -> PResult {
        let member_type = std::mem::take(&mut self.parsing_member_type);
        let res = match self.look() {
            b'r' | b'V' | b'K' => {
                let mut after = 0;
                for q in [b'r', b'V', b'K'] {
                    if self.look_at(after) == q {
                        after += 1;
                    }
                }
                let c = self.look_at(after);
                if c == b'F'
                    || (c == b'D' && matches!(self.look_at(after + 1), b'o' | b'O' | b'w' | b'x'))
                {
                    let f = self.parse_function_type()?;
                    // NVIDIA's demangler makes the unqualified function type a candidate too
                    // (`KFvvES0_`: `S0_` is `void ()`), except for the member function type
                    // of a pointer to member; libiberty and LLVM do not.
                    if self.nv_strict
                        && !member_type
                        && let Node::Function {
                            ret,
                            ref params,
                            cv,
                            ref_qual,
                            exception,
                        } = self.ast[f]
                        && !cv.is_empty()
                    {
                        let params = *params;
                        let unqualified = self.make(Node::Function {
                            ret,
                            params,
                            cv: Cv::default(),
                            ref_qual,
                            exception,
                        });
                        self.tables.subs.push(unqualified);
                    }
                    f
                } else {
                    self.parse_qualified_type()?
                }
            }
            b'U' => {
                if self.vendor_extensions
                    && self.input[self.pos..].starts_with(b"Unv")
                    && let Some(t) = self.parse_nv_lambda_wrapper()
                {
                    self.tables.subs.push(t);
                    return Some(t);
                }
                self.parse_qualified_type()?
            }
            c @ (b'v' | b'w' | b'b' | b'c' | b'a' | b'h' | b's' | b't' | b'i' | b'j' | b'l'
            | b'm' | b'x' | b'y' | b'n' | b'o' | b'f' | b'd' | b'e' | b'g' | b'z') => {
                self.pos += 1;
                return Some(self.builtin(builtin_name(c)?));
            }
            b'u' => {
                // <builtin-type> ::= u <source-name> [<template-args>]   # vendor extended type
                self.pos += 1;
                let name = self.parse_bare_source_name()?;
                // Vendor extended types are substitution candidates (Itanium C++ ABI 5.9.1).
                if self.consume_byte(b'I') {
                    let base = self.parse_type()?;
                    if !self.consume_byte(b'E') {
                        return None;
                    }
                    let name = self.str(name);
                    self.make(Node::Transformed {
                        transform: name,
                        child: base,
                    })
                } else {
                    let name = self.str(name);
                    self.make(Node::VendorType(name))
                }
            }
            b'D' => match self.look_at(1) {
                b'F' => {
                    // DF16b | DF <number> _ [x]
                    self.pos += 2;
                    if self.consume_if("16b") {
                        return Some(self.builtin("std::bfloat16_t"));
                    }
                    let n = self.parse_number(false);
                    if n.is_empty() {
                        return None;
                    }
                    let dim = self.name(n);
                    if self.look() == b'x' && self.nv_strict {
                        return None;
                    }
                    if self.consume_byte(b'x') {
                        let t = self.make(Node::BinaryFp(dim));
                        return Some(self.make(Node::PostfixQualified {
                            child: t,
                            postfix: "x",
                        }));
                    }
                    if !self.consume_byte(b'_') {
                        return None;
                    }
                    return Some(self.make(Node::BinaryFp(dim)));
                }
                c @ (b'B' | b'U') => {
                    if self.nv_strict {
                        return None;
                    }
                    self.pos += 2;
                    let size = if self.look().is_ascii_digit() {
                        let n = self.parse_number(false);
                        self.name(n)
                    } else {
                        self.parse_expr()?
                    };
                    if !self.consume_byte(b'_') {
                        return None;
                    }
                    return Some(self.make(Node::BitInt {
                        size,
                        signed: c == b'B',
                    }));
                }
                b'd' | b'e' | b'f' | b'h' if self.nv_strict => return None,
                c @ (b'd' | b'e' | b'f' | b'h' | b'i' | b's' | b'u' | b'a' | b'c' | b'n') => {
                    self.pos += 2;
                    return Some(self.builtin(builtin_d_name(c)?));
                }
                b't' | b'T' => self.parse_decltype()?,
                b'v' => self.parse_vector_type()?,
                b'p' => {
                    self.pos += 2;
                    let child = self.parse_type()?;
                    self.make(Node::ParameterPackExpansion(child))
                }
                b'o' | b'O' | b'w' | b'x' => self.parse_function_type()?,
                b'k' | b'K' => {
                    // Dk <type-constraint>: constrained auto; DK: constrained decltype(auto).
                    let decl = self.look_at(1) == b'K';
                    self.pos += 2;
                    let constraint = self.parse_name(None)?;
                    let postfix = if decl { " decltype(auto)" } else { " auto" };
                    return Some(self.make(Node::PostfixQualified {
                        child: constraint,
                        postfix,
                    }));
                }
                _ => return None,
            },
            b'F' => self.parse_function_type()?,
            b'A' => self.parse_array_type()?,
            b'M' => {
                self.pos += 1;
                let class = self.parse_type()?;
                // libiberty gives up on a member pointer whose class is no class at all.
                if self.gnu
                    && matches!(
                        self.ast[class],
                        Node::Pointer(_)
                            | Node::Reference { .. }
                            | Node::Array { .. }
                            | Node::PointerToMember { .. }
                            | Node::Function { .. }
                    )
                {
                    return None;
                }
                self.parsing_member_type = true;
                let member = self.parse_type()?;
                self.make(Node::PointerToMember { class, member })
            }
            b'T' => {
                if matches!(self.look_at(1), b's' | b'u' | b'e') {
                    self.parse_class_enum_type()?
                } else {
                    let mut res = self.parse_template_param()?;
                    // <type> ::= <template-template-param> <template-args>
                    if self.try_to_parse_template_args && self.look() == b'I' {
                        self.tables.subs.push(res);
                        let ta = self.parse_template_args(false)?;
                        res = self.make(Node::NameWithTemplateArgs {
                            name: res,
                            args: ta,
                        });
                    } else if (self.gnu || self.nv_strict)
                        && self.in_conversion_type
                        && self.look() == b'I'
                    {
                        res = self.parse_conversion_template_template_args(res)?;
                    }
                    res
                }
            }
            b'P' => {
                self.pos += 1;
                let t = self.parse_type()?;
                self.make(Node::Pointer(t))
            }
            c @ (b'R' | b'O') => {
                self.pos += 1;
                let t = self.parse_type()?;
                let kind = if c == b'R' {
                    RefKind::LValue
                } else {
                    RefKind::RValue
                };
                self.make(Node::Reference { child: t, kind })
            }
            c @ (b'C' | b'G') => {
                self.pos += 1;
                let t = self.parse_type()?;
                let postfix = if c == b'C' { " complex" } else { " imaginary" };
                self.make(Node::PostfixQualified { child: t, postfix })
            }
            b'S' if self.look_at(1) != b't' => {
                let mut is_subst = false;
                let mut res = self.parse_unscoped_name(None, Some(&mut is_subst))?;
                // <type> ::= <template-template-param> <template-args>, where the template
                // template param is a substitution.
                if self.look() == b'I' && (!is_subst || self.try_to_parse_template_args) {
                    if !is_subst {
                        self.tables.subs.push(res);
                    }
                    let ta = self.parse_template_args(false)?;
                    res = self.make(Node::NameWithTemplateArgs {
                        name: res,
                        args: ta,
                    });
                } else if is_subst {
                    // All we parsed was a substitution: don't re-insert it.
                    return Some(res);
                }
                res
            }
            _ => self.parse_class_enum_type()?,
        };
        // Builtin types and bare substitutions have returned already: they are not candidates.
        self.tables.subs.push(res);
        Some(res)
    }

    /// ```text
    /// <qualified-type> ::= <qualifiers> <type>
    /// <qualifiers> ::= <extended-qualifier>* <CV-qualifiers>
    /// <extended-qualifier> ::= U <source-name> [<template-args>]
    /// ```
    fn parse_qualified_type(&mut self) -> PResult {
        self.nested(|p| p.parse_qualified_type_inner())
    }

    fn parse_qualified_type_inner(&mut self) -> PResult {
        if self.consume_byte(b'U') {
            let qual = self.parse_bare_source_name()?;
            // extension ::= U <objc-name> <objc-type>  # objc-type<identifier>
            if let Some(proto_source) = qual.strip_prefix("objcproto") {
                let proto = {
                    let (mut ast, mut tables) = (Ast::default(), Tables::default());
                    let mut sub = Parser::new(
                        proto_source.as_bytes(),
                        Some(proto_source),
                        &mut ast,
                        &mut tables,
                    );
                    let p = sub.parse_bare_source_name()?;
                    p.to_owned()
                };
                let child = self.parse_qualified_type()?;
                let protocol = self.str(&proto);
                return Some(self.make(Node::ObjCProto {
                    ty: child,
                    protocol,
                }));
            }
            let qual = self.str(qual);
            let mut args = None;
            if self.look() == b'I' {
                if self.nv_strict {
                    return None;
                }
                args = Some(self.parse_template_args(false)?);
            }
            let child = self.parse_qualified_type()?;
            let child = match self.ast[child] {
                // libiberty and NVIDIA make each inner vendor-qualified layer a substitution candidate.
                Node::VendorQualified { .. } if self.gnu || self.nv_strict => {
                    self.tables.subs.push(child);
                    child
                }
                _ => child,
            };
            return Some(self.make(Node::VendorQualified {
                child,
                ext: qual,
                args,
            }));
        }
        let cv = self.parse_cv();
        let ty = self.parse_type()?;
        if cv.is_empty() {
            return Some(ty);
        }
        Some(self.make(Node::Qualified { child: ty, cv }))
    }

    /// ```text
    /// <function-type> ::= [<CV-qualifiers>] [<exception-spec>] [Dx] F [Y] <bare-function-type> [<ref-qualifier>] E
    /// <exception-spec> ::= Do | DO <expression> E | Dw <type>+ E
    /// ```
    fn parse_function_type(&mut self) -> PResult {
        let cv = self.parse_cv();
        let mut exception = None;
        if self.consume_if("Do") {
            exception = Some(self.name("noexcept"));
        } else if self.nv_strict && (self.look() == b'D' && self.look_at(1) == b'w') {
            return None;
        } else if self.consume_if("DO") {
            let e = self.parse_expr()?;
            if !self.consume_byte(b'E') {
                return None;
            }
            exception = Some(self.make(Node::NoexceptSpec(e)));
        } else if self.consume_if("Dw") {
            let mut types = self.buffer();
            while !self.consume_byte(b'E') {
                if self.at_end() {
                    return None;
                }
                types.push(self.parse_type()?);
            }
            let types = self.list_from(types);
            exception = Some(self.make(Node::DynamicExceptionSpec(types)));
        }
        if self.consume_if("Dx") {
            if self.nv_strict {
                // transaction safe: unknown to NVIDIA's demangler
                return None;
            }
            // Kept where the exception specification goes (a function has at most one of
            // the two in practice).
            if exception.is_none() {
                exception = Some(self.static_name("transaction_safe"));
            }
        }
        if !self.consume_byte(b'F') {
            return None;
        }
        self.consume_byte(b'Y'); // extern "C"
        let ret = self.parse_type()?;
        let mut ref_qual = RefQual::None;
        let mut params = self.buffer();
        loop {
            if self.consume_byte(b'E') {
                break;
            }
            if self.at_end() {
                return None;
            }
            if self.consume_byte(b'v') {
                continue;
            }
            if self.consume_if("RE") {
                ref_qual = RefQual::LValue;
                break;
            }
            if self.consume_if("OE") {
                ref_qual = RefQual::RValue;
                break;
            }
            params.push(self.parse_type()?);
        }
        let params = self.list_from(params);
        Some(self.make(Node::Function {
            ret,
            params,
            cv,
            ref_qual,
            exception,
        }))
    }

    /// ```text
    /// <vector-type> ::= Dv <positive dimension number> _ <extended element type>
    ///               ::= Dv [<dimension expression>] _ <element type>
    /// <extended element type> ::= <element type> | p   # AltiVec vector pixel
    /// ```
    fn parse_vector_type(&mut self) -> PResult {
        if !self.consume_if("Dv") {
            return None;
        }
        if matches!(self.look(), b'1'..=b'9') {
            let n = self.parse_number(false);
            let dim = self.name(n);
            if !self.consume_byte(b'_') {
                return None;
            }
            if self.consume_byte(b'p') {
                return Some(self.make(Node::PixelVector(dim)));
            }
            let base = self.parse_type()?;
            return Some(self.make(Node::Vector {
                base,
                dim: Some(dim),
            }));
        }
        if !self.consume_byte(b'_') {
            let dim = self.parse_expr()?;
            if !self.consume_byte(b'_') {
                return None;
            }
            let base = self.parse_type()?;
            return Some(self.make(Node::Vector {
                base,
                dim: Some(dim),
            }));
        }
        if self.gnu {
            // libiberty (and GCC) write a dependent dimension as `Dv_ <expression> _ <type>`.
            let save = self.pos;
            let with_dim = (|| {
                let dim = self.parse_expr()?;
                if !self.consume_byte(b'_') {
                    return None;
                }
                let base = self.parse_type()?;
                Some(self.make(Node::Vector {
                    base,
                    dim: Some(dim),
                }))
            })();
            if with_dim.is_some() {
                return with_dim;
            }
            self.pos = save;
        }
        let base = self.parse_type()?;
        Some(self.make(Node::Vector { base, dim: None }))
    }

    /// ```text
    /// <decltype> ::= Dt <expression> E  # decltype of an id-expression or class member access
    ///            ::= DT <expression> E  # decltype of an expression
    /// ```
    pub(super) fn parse_decltype(&mut self) -> PResult {
        if !self.consume_byte(b'D') {
            return None;
        }
        if !self.consume_byte(b't') && !self.consume_byte(b'T') {
            return None;
        }
        let e = self.parse_expr()?;
        if !self.consume_byte(b'E') {
            return None;
        }
        Some(self.make(Node::Enclosing {
            prefix: "decltype",
            child: e,
            postfix: "",
        }))
    }

    /// ```text
    /// <array-type> ::= A <positive dimension number> _ <element type>
    ///              ::= A [<dimension expression>] _ <element type>
    /// ```
    fn parse_array_type(&mut self) -> PResult {
        if !self.consume_byte(b'A') {
            return None;
        }
        let mut dim = None;
        if self.look().is_ascii_digit() {
            let n = self.parse_number(false);
            dim = Some(self.name(n));
            if !self.consume_byte(b'_') {
                return None;
            }
        } else if !self.consume_byte(b'_') {
            let e = self.parse_expr()?;
            if !self.consume_byte(b'_') {
                return None;
            }
            dim = Some(e);
        }
        let base = self.parse_type()?;
        Some(self.make(Node::Array { base, dim }))
    }

    /// ```text
    /// <class-enum-type> ::= <name> | Ts <name> | Tu <name> | Te <name>
    /// ```
    fn parse_class_enum_type(&mut self) -> PResult {
        let kw = if self.consume_if("Ts") {
            Some("struct")
        } else if self.consume_if("Tu") {
            Some("union")
        } else if self.consume_if("Te") {
            Some("enum")
        } else {
            None
        };
        let name = self.parse_name(None)?;
        match kw {
            Some(kw) => Some(self.make(Node::Elaborated { kw, child: name })),
            None => Some(name),
        }
    }

    /// libiberty, in a conversion operator's type: `T_ <template-args>` is a template template
    /// parameter with arguments only when another `<template-args>` (the operator's own)
    /// follows (`cvT_IiEI1CE` is `operator C<int><C>`); otherwise the arguments are the
    /// operator's and are left for the name to read.
    fn parse_conversion_template_template_args(&mut self, param: NodeId) -> PResult {
        let (pos, subs, forward_refs) = (
            self.pos,
            self.tables.subs.len(),
            self.tables.forward_refs.len(),
        );
        if let Some(args) = self.parse_template_args(false)
            && self.look() == b'I'
        {
            self.tables.subs.push(param);
            return Some(self.make(Node::NameWithTemplateArgs { name: param, args }));
        }
        self.pos = pos;
        self.tables.subs.truncate(subs);
        self.tables.forward_refs.truncate(forward_refs);
        Some(param)
    }
}
