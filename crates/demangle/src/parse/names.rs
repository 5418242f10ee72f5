//! Names, substitutions and template arguments.

use super::{NameState, PResult, ParamLevel, Parser};
use crate::ast::{Node, NodeId, RefQual, SpecialSub};
use crate::ops::{self, OpKind};

impl<'a> Parser<'a> {
    /// ```text
    /// <name> ::= <nested-name>
    ///        ::= <local-name>
    ///        ::= <unscoped-template-name> <template-args>
    ///        ::= <unscoped-name>
    /// ```
    pub(super) fn parse_name(&mut self, state: Option<&mut NameState>) -> PResult {
        self.nested(|p| p.parse_name_inner(state))
    }

    fn parse_name_inner(&mut self, mut state: Option<&mut NameState>) -> PResult {
        match self.look() {
            b'N' => return self.parse_nested_name(state),
            b'Z' => return self.parse_local_name(state),
            b'B' if self.vendor_extensions => return self.parse_block_scope_name(state),
            _ => {}
        }
        let mut is_subst = false;
        let mut res = self.parse_unscoped_name(state.as_deref_mut(), Some(&mut is_subst))?;
        if self.look() == b'I' {
            // An unscoped-template-name is substitutable.
            if !is_subst {
                self.tables.subs.push(res);
            }
            let ta = self.parse_template_args(state.is_some())?;
            if let Some(st) = state {
                st.ends_with_template_args = true;
            }
            res = self.make(Node::NameWithTemplateArgs {
                name: res,
                args: ta,
            });
        } else if is_subst {
            // The substitution case must be followed by <template-args>.
            return None;
        }
        Some(res)
    }

    /// EDG (cudafe++) names a block-scope static entity with a prefix that NVIDIA's demangler
    /// skips, printing only the name that follows:
    /// ```text
    /// <name> ::= B [n] <length> <length bytes> <name>   # vendor extension
    /// ```
    /// A `B` cannot begin an Itanium `<name>` (ABI tags follow a name), so this is unambiguous.
    fn parse_block_scope_name(&mut self, state: Option<&mut NameState>) -> PResult {
        let begin = self.pos;
        self.pos += 1;
        self.consume_byte(b'n');
        let len = usize::try_from(self.parse_positive_integer()?).ok()?;
        if len == 0 || self.num_left() < len {
            return None;
        }
        self.pos += len;
        let text = self.slice(begin + 1..self.pos)?;
        let name = self.parse_name(state)?;
        let text = self.str(text);
        Some(self.make(Node::BlockScope { text, name }))
    }

    /// ```text
    /// <unscoped-name> ::= <unqualified-name>
    ///                 ::= St <unqualified-name>   # ::std::
    /// ```
    pub(super) fn parse_unscoped_name(
        &mut self,
        state: Option<&mut NameState>,
        is_subst: Option<&mut bool>,
    ) -> PResult {
        let mut std = None;
        if self.consume_if("St") {
            std = Some(self.static_name("std"));
        }
        let mut res = None;
        let mut module = None;
        if self.look() == b'S' {
            let s = self.parse_substitution()?;
            if matches!(self.ast[s], Node::ModuleName { .. }) {
                module = Some(s);
            } else if let (Some(flag), None) = (is_subst, std) {
                res = Some(s);
                *flag = true;
            } else {
                return None;
            }
        }
        if res.is_none() || std.is_some() {
            res = Some(self.parse_unqualified_name(state, std, module)?);
        }
        res
    }

    /// ```text
    /// <unqualified-name> ::= [<module-name>] F? L? <operator-name> [<abi-tags>]
    ///                    ::= [<module-name>] <ctor-dtor-name> [<abi-tags>]
    ///                    ::= [<module-name>] F? L? <source-name> [<abi-tags>]
    ///                    ::= [<module-name>] L? <unnamed-type-name> [<abi-tags>]
    ///                    ::= [<module-name>] L? DC <source-name>+ E   # structured binding
    /// ```
    pub(super) fn parse_unqualified_name(
        &mut self,
        mut state: Option<&mut NameState>,
        scope: Option<NodeId>,
        module: Option<NodeId>,
    ) -> PResult {
        let module = self.parse_module_name_opt(module)?;
        let member_like_friend = scope.is_some() && self.consume_byte(b'F');
        if member_like_friend && self.nv_strict {
            return None;
        }
        let local = self.consume_byte(b'L');
        if local && self.nv_strict {
            return None;
        }
        let mut scope = scope;
        let c = self.look();
        let mut res = if c.is_ascii_digit() && c != b'0' {
            self.parse_source_name()?
        } else if c == b'U' && self.vendor_extensions && self.input[self.pos..].starts_with(b"Unv")
        {
            // cudafe++ names a lambda's closure type by its wrapper inside the local scope.
            self.parse_nv_lambda_wrapper()?
        } else if c == b'U' {
            self.parse_unnamed_type_name(state.is_some())?
        } else if self.consume_if("DC") {
            let mut bindings = self.buffer();
            loop {
                bindings.push(self.parse_source_name()?);
                if self.consume_byte(b'E') {
                    break;
                }
            }
            let bindings = self.list_from(bindings);
            self.make(Node::StructuredBinding(bindings))
        } else if c == b'C' || c == b'D' {
            let s = scope?;
            if module.is_some() {
                return None;
            }
            let (s, ctor) = self.parse_ctor_dtor_name(s, state.as_deref_mut())?;
            scope = Some(s);
            ctor
        } else {
            self.parse_operator_name(state)?
        };
        if local {
            if self.look() == b'_' {
                // GCC's `L <source-name> <discriminator>` for a static in a function-local class.
                self.parse_discriminator();
            }
            res = self.make(Node::Internal(res));
        }
        if let Some(m) = module {
            res = self.make(Node::ModuleEntity {
                module: m,
                name: res,
            });
        }
        res = self.parse_abi_tags(res)?;
        if member_like_friend {
            res = self.make(Node::MemberLikeFriend {
                qual: scope?,
                name: res,
            });
        } else if let Some(s) = scope {
            res = self.make(Node::Nested { qual: s, name: res });
        }
        Some(res)
    }

    /// ```text
    /// <module-name> ::= <module-subname>+
    /// <module-subname> ::= W <source-name> | W P <source-name>
    /// ```
    /// Outer `None` is a parse failure.
    pub(super) fn parse_module_name_opt(
        &mut self,
        mut module: Option<NodeId>,
    ) -> Option<Option<NodeId>> {
        while self.consume_byte(b'W') {
            if self.nv_strict {
                return None;
            }
            let partition = self.consume_byte(b'P');
            let name = self.parse_source_name()?;
            let m = self.make(Node::ModuleName {
                parent: module,
                name,
                partition,
            });
            self.tables.subs.push(m);
            module = Some(m);
        }
        Some(module)
    }

    /// `<source-name> ::= <positive length number> <identifier>`
    pub(super) fn parse_source_name(&mut self) -> PResult {
        let name = self.parse_bare_source_name()?;
        // Both special forms start with `_`; most identifiers do not.
        if !name.starts_with('_') {
            return self.input_name(self.pos - name.len(), self.pos);
        }
        if let Some(id) = self.parse_embedded_stub(name) {
            return Some(id);
        }
        if name.starts_with("_GLOBAL_") && name.len() >= 10 {
            let b = name.as_bytes();
            if matches!(b[8], b'.' | b'_' | b'$') && b[9] == b'N' {
                let name = self.str(name);
                return Some(self.make(Node::AnonymousNamespace(name)));
            }
        }
        self.input_name(self.pos - name.len(), self.pos)
    }

    /// Returns the identifier, which ends at the new position.
    pub(super) fn parse_bare_source_name(&mut self) -> Option<&'a str> {
        // The length is read without overflow checks: a length beyond the whole input can
        // only fail, and is then reread by the general reader so that the position it fails
        // at stays the same.
        let input = self.input;
        let digits_begin = self.pos;
        let mut len = 0usize;
        while let Some(&c) = input.get(self.pos)
            && c.is_ascii_digit()
        {
            len = len * 10 + usize::from(c - b'0');
            self.pos += 1;
            if len > input.len() {
                self.pos = digits_begin;
                let _ = self.parse_positive_integer();
                return None;
            }
        }
        if self.pos == digits_begin || len == 0 || len > self.num_left() {
            return None;
        }
        let begin = self.pos;
        self.pos += len;
        let s = self.slice(begin..self.pos)?;
        Some(s)
    }

    /// ```text
    /// <unnamed-type-name> ::= Ut [<nonnegative number>] _
    ///                     ::= <closure-type-name>
    /// <closure-type-name> ::= Ul <lambda-sig> E [ <nonnegative number> ] _
    /// <lambda-sig> ::= <template-param-decl>* [Q <requires-clause expr>] <parameter type>+
    /// ```
    pub(super) fn parse_unnamed_type_name(&mut self, in_encoding: bool) -> PResult {
        // <template-params> refer to the innermost <template-args>. Clear out any outer args that
        // we may have inserted into the parameter levels.
        if in_encoding {
            self.tables.template_params.clear();
        }
        if self.consume_if("Ut") {
            let count = self.parse_count()?;
            return Some(self.make(Node::UnnamedType(count)));
        }
        if self.consume_if("Ul") {
            let saved_level = self
                .parsing_lambda_params_at_level
                .replace(self.tables.template_params.len());
            let old_len = self.tables.template_params.len();
            self.tables
                .template_params
                .push(ParamLevel::Own(Vec::new()));
            let res = self.parse_closure_rest(old_len);
            self.tables.template_params.truncate(old_len);
            self.parsing_lambda_params_at_level = saved_level;
            return res;
        }
        if !self.nv_strict && self.consume_if("Ub") {
            self.parse_number(false);
            if !self.consume_byte(b'_') {
                return None;
            }
            return Some(self.name("'block-literal'"));
        }
        None
    }

    /// `[<number>] _` as a 1-based count.
    fn parse_count(&mut self) -> Option<u64> {
        let n = self.parse_number(false);
        if !self.consume_byte(b'_') {
            return None;
        }
        if n.is_empty() {
            Some(0)
        } else {
            n.parse::<u64>().ok()?.checked_add(1)
        }
    }

    fn parse_closure_rest(&mut self, level: usize) -> PResult {
        let mut template_params = self.buffer();
        if self.nv_strict && self.is_template_param_decl() {
            return None;
        }
        while self.is_template_param_decl() {
            template_params.push(self.parse_template_param_decl(Some(level))?);
        }
        if template_params.is_empty() {
            // No explicit template head: drop the level (a generic `auto` re-creates it).
            self.tables.template_params.pop();
        }
        let mut requires1 = None;
        if self.consume_byte(b'Q') {
            requires1 = Some(self.parse_constraint_expr()?);
        }
        let mut params = self.buffer();
        if !self.consume_byte(b'v') {
            loop {
                params.push(self.parse_type()?);
                if matches!(self.look(), b'E' | b'Q') || self.at_end() {
                    break;
                }
            }
        }
        let mut requires2 = None;
        if self.consume_byte(b'Q') {
            requires2 = Some(self.parse_constraint_expr()?);
        }
        if !self.consume_byte(b'E') {
            return None;
        }
        let count = self.parse_count()?;
        let template_params = self.list_from(template_params);
        let params = self.list_from(params);
        Some(self.make(Node::Closure {
            template_params,
            requires1,
            params,
            requires2,
            count,
        }))
    }

    pub(super) fn is_template_param_decl(&self) -> bool {
        self.look() == b'T' && matches!(self.look_at(1), b'y' | b'p' | b't' | b'n' | b'k')
    }

    /// ```text
    /// <template-param-decl> ::= Ty | Tk <type-constraint> | Tn <type>
    ///                       ::= Tt <template-param-decl>* E [Q <requires-clause expr>]
    ///                       ::= Tp <template-param-decl>
    /// ```
    /// The invented parameter names are recorded at `level` so that `T_` can refer to them.
    pub(super) fn parse_template_param_decl(&mut self, level: Option<usize>) -> PResult {
        self.nested(|p| p.parse_template_param_decl_inner(level))
    }

    fn parse_template_param_decl_inner(&mut self, level: Option<usize>) -> PResult {
        let invent = |p: &mut Self, kind: u8| {
            let index = p.synthetic_params[kind as usize];
            p.synthetic_params[kind as usize] += 1;
            let n = p.make(Node::SyntheticTemplateParam { kind, index });
            if let Some(ParamLevel::Own(v)) =
                level.and_then(|l| p.tables.template_params.get_mut(l))
            {
                v.push(n);
            }
            n
        };
        if self.consume_if("Ty") {
            let name = invent(self, 0);
            return Some(self.make(Node::TypeTemplateParamDecl(name)));
        }
        if self.consume_if("Tk") {
            let saved = std::mem::replace(&mut self.try_to_parse_template_args, false);
            let constraint = self.parse_name(None);
            self.try_to_parse_template_args = saved;
            let constraint = constraint?;
            let name = invent(self, 0);
            return Some(self.make(Node::ConstrainedTypeTemplateParamDecl { constraint, name }));
        }
        if self.consume_if("Tn") {
            let name = invent(self, 1);
            let ty = self.parse_type()?;
            return Some(self.make(Node::NonTypeTemplateParamDecl { name, ty }));
        }
        if self.consume_if("Tt") {
            let name = invent(self, 2);
            let old_len = self.tables.template_params.len();
            self.tables
                .template_params
                .push(ParamLevel::Own(Vec::new()));
            let res = (|| {
                let mut params = self.buffer();
                let mut requires = None;
                while !self.consume_byte(b'E') {
                    params.push(self.parse_template_param_decl(Some(old_len))?);
                    if self.consume_byte(b'Q') {
                        requires = Some(self.parse_constraint_expr()?);
                        if !self.consume_byte(b'E') {
                            return None;
                        }
                        break;
                    }
                }
                let params = self.list_from(params);
                Some(self.make(Node::TemplateTemplateParamDecl {
                    name,
                    params,
                    requires,
                }))
            })();
            self.tables.template_params.truncate(old_len);
            return res;
        }
        if self.consume_if("Tp") {
            let p = self.parse_template_param_decl(level)?;
            return Some(self.make(Node::TemplateParamPackDecl(p)));
        }
        None
    }

    /// `<ctor-dtor-name> ::= C1 | C2 | C3 | C4 | C5 | CI1 <type> | CI2 <type> | D0 | D1 | D2 | D4 | D5`
    ///
    /// Returns the (possibly expanded) scope and the name.
    fn parse_ctor_dtor_name(
        &mut self,
        mut scope: NodeId,
        state: Option<&mut NameState>,
    ) -> Option<(NodeId, NodeId)> {
        if let Node::SpecialSubstitution(k) = self.ast[scope] {
            scope = self.make(Node::ExpandedSpecialSubstitution(k));
        }
        if self.consume_byte(b'C') {
            let inherited = self.consume_byte(b'I');
            if !matches!(self.look(), b'1'..=b'5')
                || (self.nv_strict && matches!(self.look(), b'4' | b'5'))
            {
                return None;
            }
            let variant = self.look() - b'0';
            self.pos += 1;
            let mut state = state;
            if let Some(st) = state.as_deref_mut() {
                st.ctor_dtor_conversion = true;
            }
            let inherited = if inherited {
                Some(self.parse_name(state)?)
            } else {
                None
            };
            let n = self.make(Node::CtorDtor {
                base: scope,
                dtor: false,
                variant,
                inherited,
            });
            return Some((scope, n));
        }
        if self.look() == b'D' && matches!(self.look_at(1), b'0' | b'1' | b'2' | b'4' | b'5') {
            if self.nv_strict && matches!(self.look_at(1), b'4' | b'5') {
                return None;
            }
            let variant = self.look_at(1) - b'0';
            self.pos += 2;
            if let Some(st) = state {
                st.ctor_dtor_conversion = true;
            }
            let n = self.make(Node::CtorDtor {
                base: scope,
                dtor: true,
                variant,
                inherited: None,
            });
            return Some((scope, n));
        }
        None
    }

    /// ```text
    /// <operator-name> ::= <two-letter code>
    ///                 ::= cv <type>                # (cast)
    ///                 ::= li <source-name>         # operator ""
    ///                 ::= v <digit> <source-name>  # vendor extended operator
    /// ```
    pub(super) fn parse_operator_name(&mut self, state: Option<&mut NameState>) -> PResult {
        if let Some(op) = ops::lookup(&self.input[self.pos..]) {
            self.pos += 2;
            let info = op.info();
            if info.kind == OpKind::CCast {
                let saved_try = std::mem::replace(&mut self.try_to_parse_template_args, false);
                // The conversion type may name template arguments that follow later in the name.
                let saved_permit = self.permit_forward_refs;
                self.permit_forward_refs = saved_permit || state.is_some();
                let saved_conv = std::mem::replace(&mut self.in_conversion_type, true);
                let ty = self.parse_type();
                self.in_conversion_type = saved_conv;
                self.try_to_parse_template_args = saved_try;
                self.permit_forward_refs = saved_permit;
                let ty = ty?;
                if let Some(st) = state {
                    st.ctor_dtor_conversion = true;
                }
                return Some(self.make(Node::ConversionOperator(ty)));
            }
            if info.kind >= OpKind::NamedCast || (info.kind == OpKind::Member && !info.flag) {
                return None;
            }
            return Some(self.make(Node::Operator(op)));
        }
        if self.consume_if("li") {
            let sn = self.parse_source_name()?;
            return Some(self.make(Node::LiteralOperator(sn)));
        }
        if self.consume_byte(b'v') {
            if self.look().is_ascii_digit() {
                let digit = self.look() - b'0';
                self.pos += 1;
                let name = self.parse_bare_source_name()?;
                let name = self.str(name);
                return Some(self.make(Node::VendorOperator { digit, name }));
            }
            return None;
        }
        None
    }

    /// `<abi-tags> ::= <abi-tag>*`, `<abi-tag> ::= B <source-name>`
    #[inline]
    pub(super) fn parse_abi_tags(&mut self, n: NodeId) -> PResult {
        // Most names have no tags: answered without a call.
        if self.look() != b'B' {
            return Some(n);
        }
        self.parse_abi_tag_list(n)
    }

    #[inline(never)]
    fn parse_abi_tag_list(&mut self, mut n: NodeId) -> PResult {
        while self.look() == b'B' && self.look_at(1).is_ascii_digit() {
            self.pos += 1;
            let tag = self.parse_bare_source_name()?;
            let tag = self.str(tag);
            n = self.make(Node::AbiTagged { base: n, tag });
        }
        Some(n)
    }

    /// ```text
    /// <nested-name> ::= N [<CV-qualifiers>] [<ref-qualifier>] <prefix> <unqualified-name> E
    ///               ::= N [<CV-qualifiers>] [<ref-qualifier>] <template-prefix> <template-args> E
    ///               ::= N H <prefix> <unqualified-name> E   # explicit object parameter
    /// <prefix> ::= <prefix> <unqualified-name> | <template-prefix> <template-args>
    ///          ::= <template-param> | <decltype> | <substitution> | # empty
    /// ```
    fn parse_nested_name(&mut self, mut state: Option<&mut NameState>) -> PResult {
        if !self.consume_byte(b'N') {
            return None;
        }
        if !self.consume_byte(b'H') {
            let cv = self.parse_cv();
            let rq = if self.consume_byte(b'O') {
                RefQual::RValue
            } else if self.consume_byte(b'R') {
                RefQual::LValue
            } else {
                RefQual::None
            };
            if let Some(st) = state.as_deref_mut() {
                st.cv = cv;
                st.ref_qual = Some(rq);
            }
        } else if self.nv_strict {
            return None;
        } else if let Some(st) = state.as_deref_mut() {
            st.explicit_object_param = true;
        }
        let mut so_far: Option<NodeId> = None;
        while !self.consume_byte(b'E') {
            if self.at_end() {
                return None;
            }
            if let Some(st) = state.as_deref_mut() {
                st.ends_with_template_args = false;
            }
            let c = self.look();
            if c == b'T' {
                if so_far.is_some() {
                    return None;
                }
                so_far = Some(self.parse_template_param()?);
            } else if c == b'I' {
                let prefix = so_far?;
                let ta = self.parse_template_args(state.is_some())?;
                if matches!(self.ast[prefix], Node::NameWithTemplateArgs { .. }) {
                    return None;
                }
                if let Some(st) = state.as_deref_mut() {
                    st.ends_with_template_args = true;
                }
                so_far = Some(self.make(Node::NameWithTemplateArgs {
                    name: prefix,
                    args: ta,
                }));
            } else if c == b'D' && matches!(self.look_at(1), b't' | b'T') {
                if so_far.is_some() {
                    return None;
                }
                so_far = Some(self.parse_decltype()?);
            } else {
                let mut module = None;
                if c == b'S' {
                    let s = if self.look_at(1) == b't' {
                        self.pos += 2;
                        self.static_name("std")
                    } else {
                        self.parse_substitution()?
                    };
                    if matches!(self.ast[s], Node::ModuleName { .. }) {
                        module = Some(s);
                    } else if so_far.is_some() {
                        return None;
                    } else {
                        so_far = Some(s);
                        continue; // Do not push a new substitution.
                    }
                }
                so_far = Some(self.parse_unqualified_name(state.as_deref_mut(), so_far, module)?);
            }
            self.tables.subs.push(so_far?);
            // Marks the new last entry as a prefix (the ones before it that are not stay false).
            let new = self.tables.subs.len() - 1;
            self.tables.prefix_subs.resize(new, false);
            self.tables.prefix_subs.push(true);
            // No longer used: <data-member-prefix> := <member source-name> [<template-args>] M
            self.consume_byte(b'M');
        }
        let res = so_far?;
        // The full name is not substitutable as a prefix of itself.
        self.tables.subs.pop()?;
        self.tables.prefix_subs.truncate(self.tables.subs.len());
        Some(res)
    }

    /// ```text
    /// <local-name> := Z <function encoding> E <entity name> [<discriminator>]
    ///              := Z <function encoding> E s [<discriminator>]
    ///              := Z <function encoding> Ed [ <parameter number> ] _ <entity name>
    /// ```
    fn parse_local_name(&mut self, state: Option<&mut NameState>) -> PResult {
        if !self.consume_byte(b'Z') {
            return None;
        }
        let encoding = self.parse_encoding()?;
        if !self.consume_byte(b'E') {
            return None;
        }
        if self.consume_byte(b's') {
            let discriminator = self.parse_discriminator();
            let entity = self.make(Node::StringLiteralName);
            return Some(self.make(Node::Local {
                encoding,
                entity,
                discriminator,
            }));
        }
        // The template parameters of the inner name are unrelated to those of the enclosing context.
        let saved_params = std::mem::take(&mut self.tables.template_params);
        let saved_outer = std::mem::take(&mut self.tables.outer);
        let res = (|| {
            if self.consume_byte(b'd') {
                let n = self.parse_number(true);
                if !self.consume_byte(b'_') {
                    return None;
                }
                let index = if n.is_empty() {
                    0
                } else {
                    n.parse::<u64>().ok()?.checked_add(1)?
                };
                let name = self.parse_name(state)?;
                let entity = self.make(Node::DefaultArgScope {
                    index,
                    entity: name,
                });
                return Some(self.make(Node::Local {
                    encoding,
                    entity,
                    discriminator: None,
                }));
            }
            let entity = self.parse_name(state)?;
            let discriminator = self.parse_discriminator();
            Some(self.make(Node::Local {
                encoding,
                entity,
                discriminator,
            }))
        })();
        self.tables.template_params = saved_params;
        self.tables.outer = saved_outer;
        res
    }

    /// ```text
    /// <discriminator> := _ <digit> | __ <number> _
    ///  extension      := decimal-digit+   # at the end of the string
    /// ```
    fn parse_discriminator(&mut self) -> Option<u64> {
        if self.gnu && self.look() == b'_' {
            // libiberty: `_ [_] <number>`, with a closing `_` after two underscores and a
            // number of at least 10.
            let save = self.pos;
            self.pos += 1;
            let two = self.consume_byte(b'_');
            let n = self.parse_number(false);
            match n.parse::<u64>() {
                Ok(v) if !(two && v >= 10) || self.consume_byte(b'_') => return Some(v),
                _ => {
                    self.pos = save;
                    return None;
                }
            }
        }
        if self.look() == b'_' && !self.at_end() {
            let c = self.look_at(1);
            if c.is_ascii_digit() && self.num_left() >= 2 {
                self.pos += 2;
                return Some(u64::from(c - b'0'));
            }
            if c == b'_' {
                let save = self.pos;
                self.pos += 2;
                let n = self.parse_number(false);
                if !n.is_empty() && self.consume_byte(b'_') {
                    return n.parse().ok();
                }
                self.pos = save;
            }
        } else if self.look().is_ascii_digit() && !self.at_end() && !self.nv_strict {
            let save = self.pos;
            let n = self.parse_number(false);
            if self.at_end() {
                return n.parse().ok();
            }
            self.pos = save;
        }
        None
    }

    /// ```text
    /// <substitution> ::= S <seq-id> _ | S_
    ///                ::= Sa | Sb | Ss | Si | So | Sd
    /// ```
    pub(super) fn parse_substitution(&mut self) -> PResult {
        if !self.consume_byte(b'S') {
            return None;
        }
        if self.look().is_ascii_lowercase() {
            let kind = match self.look() {
                b'a' => SpecialSub::Allocator,
                b'b' => SpecialSub::BasicString,
                b'd' => SpecialSub::IOStream,
                b'i' => SpecialSub::IStream,
                b'o' => SpecialSub::OStream,
                b's' => SpecialSub::String,
                _ => return None,
            };
            self.pos += 1;
            let sub = self.make(Node::SpecialSubstitution(kind));
            if self.nv_strict && self.look() == b'B' {
                return None;
            }
            // If a name that would use a built-in <substitution> has ABI tags, the tags are
            // appended and the result is a substitutable component.
            let with_tags = self.parse_abi_tags(sub)?;
            if with_tags != sub {
                self.tables.subs.push(with_tags);
            }
            return Some(with_tags);
        }
        let index = if self.consume_byte(b'_') {
            0
        } else {
            let index = usize::try_from(self.parse_seq_id()?.checked_add(1)?).ok()?;
            if !self.consume_byte(b'_') {
                return None;
            }
            index
        };
        let id = *self.tables.subs.get(index)?;
        if self.nv_strict && self.tables.prefix_subs.get(index) == Some(&true) {
            return Some(self.make(Node::PrefixSubstitution(id)));
        }
        Some(id)
    }

    /// ```text
    /// <template-param> ::= T_ | T <number> _ | TL <level> __ | TL <level> _ <number> _
    /// ```
    pub(super) fn parse_template_param(&mut self) -> PResult {
        let begin = self.pos;
        let mut level = 0usize;
        if self.consume_if("TL") {
            level = usize::try_from(self.parse_positive_integer()?)
                .ok()?
                .checked_add(1)?;
            if !self.consume_byte(b'_') {
                return None;
            }
        }
        if !self.consume_byte(b'T') {
            return None;
        }
        let mut index = 0usize;
        if !self.consume_byte(b'_') {
            index = usize::try_from(self.parse_positive_integer()?)
                .ok()?
                .checked_add(1)?;
            if !self.consume_byte(b'_') {
                return None;
            }
        }
        let (lv, ix) = (u32::try_from(level).ok()?, u32::try_from(index).ok()?);
        // We don't track enclosing template parameter levels well enough to substitute them
        // inside a constraint expression, so print the parameter's own spelling there.
        if self.incomplete_template_tracking {
            let text = self.slice(begin..self.pos - 1)?;
            return Some(self.name(text));
        }
        if self.permit_forward_refs && level == 0 {
            let serial = self.tables.forward_refs.len() as u32 + self.ast.len() as u32;
            let n = self.make(Node::ForwardTemplateRef {
                level: lv,
                index: ix,
                serial,
            });
            self.tables.forward_refs.push(n);
            return Some(n);
        }
        match self.lookup_param(level, index) {
            Some(target) => Some(self.make(Node::TemplateParam {
                level: lv,
                index: ix,
                resolved: Some(target),
            })),
            None => {
                // Itanium ABI 5.1.8: in a generic lambda, uses of `auto` in the parameter list
                // are mangled as the corresponding artificial template type parameter.
                if self.parsing_lambda_params_at_level == Some(level)
                    && level <= self.tables.template_params.len()
                {
                    if level == self.tables.template_params.len() {
                        self.tables.template_params.push(ParamLevel::Null);
                    }
                    // An invented parameter: `auto` (LLVM), `auto:1` (GNU), `T1` (NVIDIA).
                    return Some(self.make(Node::TemplateParam {
                        level: lv,
                        index: ix,
                        resolved: None,
                    }));
                }
                if self.nv_strict && self.in_conversion_type {
                    // NVIDIA prints parameters by number: `operator T1` needs no target.
                    return Some(self.make(Node::TemplateParam {
                        level: lv,
                        index: ix,
                        resolved: None,
                    }));
                }
                None
            }
        }
    }

    /// `<template-args> ::= I <template-arg>+ [Q <requires-clause expr>] E`
    ///
    /// With `tag_templates`, these are the arguments of the encoding's name and become level 0
    /// for the `T_` references of its signature.
    pub(super) fn parse_template_args(&mut self, tag_templates: bool) -> PResult {
        self.nested(|p| p.parse_template_args_inner(tag_templates))
    }

    fn parse_template_args_inner(&mut self, tag_templates: bool) -> PResult {
        if !self.consume_byte(b'I') {
            return None;
        }
        if tag_templates {
            self.tables.template_params.clear();
            self.tables.template_params.push(ParamLevel::Outer);
            self.tables.outer.clear();
        }
        let mut args = self.buffer();
        let mut requires = None;
        while !self.consume_byte(b'E') {
            if self.at_end() {
                return None;
            }
            let arg = self.parse_template_arg()?;
            args.push(arg);
            if tag_templates {
                let mut entry = arg;
                if let Node::TemplateParamQualifiedArg { arg, .. } = self.ast[entry] {
                    entry = arg;
                }
                if let Node::TemplateArgumentPack(elems) = &self.ast[entry] {
                    let elems = *elems;
                    entry = self.make(Node::ParameterPack(elems));
                }
                self.tables.outer.push(entry);
            }
            if self.look() == b'Q' && self.nv_strict {
                return None;
            }
            if self.consume_byte(b'Q') {
                requires = Some(self.parse_constraint_expr()?);
                if !self.consume_byte(b'E') {
                    return None;
                }
                break;
            }
        }
        let args = self.list_from(args);
        Some(self.make(Node::TemplateArgs { args, requires }))
    }

    /// ```text
    /// <template-arg> ::= <type>
    ///                ::= X <expression> E
    ///                ::= <expr-primary>
    ///                ::= J <template-arg>* E    # argument pack
    ///                ::= LZ <encoding> E        # extension
    ///                ::= <template-param-decl> <template-arg>
    /// ```
    pub(super) fn parse_template_arg(&mut self) -> PResult {
        self.nested(|p| p.parse_template_arg_inner())
    }

    fn parse_template_arg_inner(&mut self) -> PResult {
        match self.look() {
            b'X' => {
                self.pos += 1;
                let e = self.parse_expr()?;
                if !self.consume_byte(b'E') {
                    return None;
                }
                Some(e)
            }
            // `I ... E` is the pack syntax of GCC before 4.7.
            b'I' if self.nv_strict => None,
            b'J' | b'I' => {
                self.pos += 1;
                let mut args = self.buffer();
                while !self.consume_byte(b'E') {
                    if self.at_end() {
                        return None;
                    }
                    args.push(self.parse_template_arg()?);
                }
                let args = self.list_from(args);
                Some(self.make(Node::TemplateArgumentPack(args)))
            }
            b'L' => {
                if self.look_at(1) == b'Z' {
                    if self.nv_strict {
                        return None;
                    }
                    self.pos += 2;
                    let e = self.parse_encoding()?;
                    if !self.consume_byte(b'E') {
                        return None;
                    }
                    return Some(e);
                }
                self.parse_expr_primary()
            }
            b'T' if self.is_template_param_decl() && !self.nv_strict => {
                let param = self.parse_template_param_decl(None)?;
                let arg = self.parse_template_arg()?;
                Some(self.make(Node::TemplateParamQualifiedArg { param, arg }))
            }
            _ => self.parse_type(),
        }
    }
}
