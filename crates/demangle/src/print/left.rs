//! The left half of a node: the declaration specifiers and every declarator part written
//! before the declared name (`int (*`), with names, qualifiers and template-ids.

use super::*;

impl Printer<'_> {
    pub(super) fn print_left_inner(&mut self, id: NodeId) {
        let ast = self.ast;
        match &ast[id] {
            Node::Name(s)
                if self.nv()
                    && self.str(*s).starts_with("operator")
                    && self.str(*s)[8..]
                        .starts_with(|c: char| !c.is_alphanumeric() && c != ' ' && c != '_') =>
            {
                self.push("operator ");
                self.push(&self.str(*s)[8..]);
            }
            Node::Name(s) => self.push(self.str(*s)),
            Node::Builtin(s) if !(self.gnu() && &**s == "std::nullptr_t") => self.push(s),
            Node::Operator(op) => {
                let name = op.info().name;
                if self.nv() {
                    self.push("operator ");
                    self.push(name[8..].trim_start());
                } else {
                    self.push(name);
                }
            }
            Node::VendorOperator { name, .. } => {
                self.push("operator ");
                self.push(self.str(*name));
            }
            Node::VendorType(s) => self.push(self.str(*s)),
            Node::Internal(n) => self.print(*n),
            Node::PrefixSubstitution(n) => self.print_left(*n),
            Node::AnonymousNamespace(_) => self.push(if self.nv() {
                "<unnamed>"
            } else {
                "(anonymous namespace)"
            }),
            Node::Nested { qual, name } | Node::QualifiedName { qual, name } => {
                self.print_qualified(*qual, *name)
            }
            Node::MemberLikeFriend { qual, name } if self.gnu() => {
                self.print(*qual);
                self.push("::");
                self.print(*name);
                self.push("[friend]");
            }
            Node::MemberLikeFriend { qual, name } => {
                self.print(*qual);
                self.push("::friend ");
                self.print(*name);
            }
            Node::GlobalQualified(c) => {
                self.push("::");
                self.print(*c);
            }
            Node::StdQualified(c) => {
                self.push("std::");
                self.print(*c);
            }
            Node::AbiTagged { base, tag } => {
                self.print_left(*base);
                self.push("[abi:");
                self.push(self.str(*tag));
                self.push("]");
            }
            Node::NameWithTemplateArgs { name, args } => self.print_instance(*name, *args),
            Node::TemplateArgs { args, .. } => self.print_template_args(self.list(*args)),
            // The wrapper type is a global class template; the local scope only places the
            // closure it stands for.
            Node::Local { entity, .. }
                if matches!(self.ast[*entity], Node::NvLambdaWrapper { .. }) =>
            {
                self.print(*entity)
            }
            Node::Local {
                encoding,
                entity,
                discriminator,
            } => {
                if self.gnu() {
                    self.print_without_return_type(*encoding);
                } else {
                    self.print(*encoding);
                }
                self.push("::");
                self.print(*entity);
                if let (true, Some(d)) = (self.nv(), discriminator) {
                    self.push(&format!(" (instance {})", d + 2));
                }
            }
            Node::StringLiteralName => self.push(if self.nv() {
                "string"
            } else {
                "string literal"
            }),
            Node::DefaultArgScope { index, entity } => {
                if self.nv() {
                    // The index may be u64::MAX - 1 in hostile input.
                    let number = u128::from(*index) + 1;
                    self.push(&format!("[default argument {number} (from end)]::"));
                }
                if self.gnu() {
                    let number = u128::from(*index) + 1;
                    self.push(&format!("{{default arg#{number}}}::"));
                }
                self.print(*entity);
            }
            Node::CtorDtor {
                base,
                dtor,
                inherited,
                ..
            } => {
                if *dtor {
                    self.push("~");
                }
                // NVIDIA names an inheriting constructor after the base it inherits from.
                let named = match inherited {
                    Some(i) if !self.llvm() => *i,
                    _ => *base,
                };
                let b = self.base_name(named, 64);
                self.push(b);
                if self.nv() {
                    // EDG repeats the class's ABI tags on its constructor's name.
                    let mut tags = Vec::new();
                    let mut cur = named;
                    loop {
                        match &self.ast[cur] {
                            Node::Nested { name, .. } | Node::NameWithTemplateArgs { name, .. } => {
                                cur = *name
                            }
                            Node::AbiTagged { base, tag } => {
                                tags.push(*tag);
                                cur = *base;
                            }
                            _ => break,
                        }
                    }
                    for t in tags.iter().rev() {
                        self.push("[abi:");
                        self.push(self.str(*t));
                        self.push("]");
                    }
                }
            }
            Node::DtorName(c) => {
                self.push("~");
                self.print_left(*c);
            }
            Node::ConversionOperator(t) => {
                self.push("operator ");
                self.print(*t);
            }
            Node::LiteralOperator(n) => {
                self.push(if self.nv() {
                    "operator \"\""
                } else {
                    "operator\"\" "
                });
                self.print(*n);
            }
            Node::SpecialSubstitution(k)
                if self.nv() && !matches!(k, SpecialSub::Allocator | SpecialSub::BasicString) =>
            {
                self.print_expanded_special(*k)
            }
            Node::SpecialSubstitution(k) => {
                self.push("std::");
                self.push(special_sub_short(*k));
            }
            Node::ExpandedSpecialSubstitution(k) => self.print_expanded_special(*k),
            Node::UnnamedType(count) => {
                if self.nv() {
                    self.push(&format!(
                        "[unnamed type (instance {})]",
                        u128::from(*count) + 1
                    ));
                } else if self.gnu() {
                    self.push(&format!("{{unnamed type#{}}}", u128::from(*count) + 1));
                } else {
                    self.push("'unnamed");
                    if *count > 0 {
                        self.push(&(count - 1).to_string());
                    }
                    self.push("'");
                }
            }
            Node::Closure { count, .. } => {
                if self.gnu() {
                    self.push("{lambda");
                    self.print_closure_declarator(id);
                    self.push(&format!("#{}}}", u128::from(*count) + 1));
                    self.end_closure_for_pending();
                } else if self.nv() {
                    self.push("[lambda");
                    self.print_closure_declarator(id);
                    self.push(&format!(" (instance {})]", u128::from(*count) + 1));
                } else {
                    self.push("'lambda");
                    if *count > 0 {
                        self.push(&(count - 1).to_string());
                    }
                    self.push("'");
                    self.print_closure_declarator(id);
                }
            }
            Node::StructuredBinding(names) if self.nv() => {
                self.push("[structured binding for ");
                for (i, n) in self.list(*names).iter().enumerate() {
                    if i > 0 {
                        self.push(",");
                    }
                    self.print(*n);
                }
                self.push("]");
            }
            Node::StructuredBinding(names) => {
                self.push("[");
                self.print_with_comma(self.list(*names));
                self.push("]");
            }
            Node::ModuleName {
                parent,
                name,
                partition,
            } => {
                if let Some(p) = parent {
                    self.print(*p);
                }
                if parent.is_some() || *partition {
                    self.push(if *partition { ":" } else { "." });
                }
                self.print(*name);
            }
            Node::ModuleEntity { module, name } => {
                self.print(*name);
                self.push("@");
                self.print(*module);
            }
            Node::BlockScope { name, .. } => self.print(*name),
            Node::NvStatic { module_id, name } => {
                self.print(*name);
                if !self.nv() {
                    self.push(" [__nv_static ");
                    self.push(self.str(*module_id));
                    self.push("]");
                }
            }
            Node::DeviceStub { encoding, .. } => {
                self.push("__device_stub_<");
                self.print(*encoding);
                self.push(">");
            }
            Node::FunctionEncoding {
                ret: Some(r), name, ..
            } if self.nv() => {
                self.print(*r);
                if self.last_char() != Some(' ') {
                    self.push(" ");
                }
                self.print(*name);
            }
            Node::FunctionEncoding { ret, name, .. } => {
                if let Some(r) = ret {
                    self.print_left(*r);
                    if !self.has_rhs(*r) && !self.printing_pending_root(id) {
                        self.push(" ");
                    }
                }
                self.print(*name);
            }
            Node::SpecialName { kind, child, extra } => {
                if self.nv() {
                    self.push(nv_special_prefix(*kind));
                    if matches!(
                        kind,
                        Special::NonVirtualThunk | Special::VirtualThunk | Special::CovariantThunk
                    ) {
                        self.push(&nv_thunk_offsets(self.str(*extra)));
                    }
                } else {
                    self.push(special_prefix(*kind, self.style));
                }
                self.print(*child);
            }
            Node::CtorVtable { first, second, .. } => {
                self.push("construction vtable for ");
                self.print(*second);
                self.push("-in-");
                self.print(*first);
            }
            Node::BlockInvoke { encoding, .. } => {
                self.push("invocation function for block in ");
                self.print(*encoding);
            }
            Node::DotSuffix { prefix, suffix } => {
                self.print(*prefix);
                if self.gnu() {
                    self.push(" [clone ");
                    self.push(self.str(*suffix));
                    self.push("]");
                } else {
                    self.push(" (");
                    self.push(self.str(*suffix));
                    self.push(")");
                }
            }
            Node::EnableIf(args) => {
                self.push(" [enable_if:");
                self.print_with_comma(self.list(*args));
                self.push("]");
            }
            Node::Qualified { .. } if let Some((element, quals)) = self.gnu_array_quals(id) => {
                self.print_gnu_qualified_array_element(element, &quals);
            }
            Node::Qualified { child, cv } => {
                if self.nv() {
                    self.print_nv_qualified_left(*child, *cv);
                } else {
                    self.print_left(*child);
                    self.push_quals(*cv);
                }
            }
            Node::VendorQualified { .. } if let Some(func) = self.gnu_qualified_function(id) => {
                // libiberty: vendor qualifiers on a function type are declarator modifiers,
                // innermost first: `void ( regparm<3> stdcall*)(int, int)`.
                self.print_left(func);
                if self.last_char() != Some(' ') {
                    self.push(" ");
                }
                self.push("(");
                self.push_vendor_qualifiers_innermost_first(id, func);
            }
            Node::VendorQualified { .. } if self.nv() => {
                // NVIDIA: `X bartfoo` for `U3fooU4bart1X`, the innermost qualifier first.
                let mut chain = Vec::new();
                let mut cur = id;
                while let Node::VendorQualified { child, .. } = self.ast[cur] {
                    if chain.len() >= MAX_PRINT_DEPTH as usize {
                        self.failed = true;
                        return;
                    }
                    chain.push(cur);
                    cur = child;
                }
                self.print(cur);
                self.push(" ");
                for &q in chain.iter().rev() {
                    if let Node::VendorQualified { ext, args, .. } = &self.ast[q] {
                        self.push(self.str(*ext));
                        if let Some(a) = args {
                            self.print(*a);
                        }
                    }
                }
            }
            Node::VendorQualified { child, ext, args } => {
                self.print(*child);
                self.push(" ");
                self.push(self.str(*ext));
                if let Some(a) = args {
                    self.print(*a);
                }
            }
            Node::Pointer(c) => {
                if let Some(proto) = self.objc_object_proto(*c) {
                    self.push("id<");
                    self.push(&proto);
                    self.push(">");
                    return;
                }
                self.print_left(*c);
                let shape = self.declarator(*c);
                let paren = shape.array || shape.function;
                if shape.array && !(self.nv() && matches!(self.last_char(), Some('*' | '&'))) {
                    self.push(" ");
                }
                if paren {
                    self.push("(");
                }
                self.push_declarator_sigil("*", *c);
                if paren {
                    self.print_pending_declarator();
                }
            }
            Node::Reference { .. } => {
                let Some((kind, target)) = self.collapse(id) else {
                    return;
                };
                self.print_left(target);
                let shape = self.declarator(target);
                if shape.array {
                    self.push(" ");
                }
                if shape.array || shape.function {
                    self.push("(");
                }
                self.push_declarator_sigil(
                    if kind == RefKind::LValue { "&" } else { "&&" },
                    target,
                );
                if shape.array || shape.function {
                    self.print_pending_declarator();
                }
            }
            Node::PointerToMember { class, member } => {
                self.print_left(*member);
                let shape = self.declarator(*member);
                if shape.array || shape.function {
                    if self.gnu() && !matches!(self.last_char(), Some('(' | ' ')) {
                        self.push(" ");
                    }
                    self.push("(");
                } else if !(self.nv() && matches!(self.last_char(), Some('*' | '&' | '(' | ' '))) {
                    self.push(" ");
                }
                if self.nv() {
                    // EDG spells the class of a member pointer fully qualified: ` :: A::*`.
                    self.push(" :: ");
                }
                self.print(*class);
                self.push("::*");
            }
            Node::Array { base, .. } => self.print_left(*base),
            Node::Function { ret, .. } => {
                self.print_left(*ret);
                // libiberty writes `int (*(*)())` but `char const* (*)()`: no space inside a
                // declarator that is still open.
                // Inside a closure's parameter list, a pending declarator's function types are
                // printed from libiberty's modifier stack: no space after `(` or `*`.
                let open_declarator = self.last_char() == Some('(')
                    || (self.last_char() == Some('*')
                        && (self.has_rhs(*ret)
                            || self
                                .pending
                                .is_some_and(|p| p.state == PendingState::Printing)));
                if !((self.gnu() && open_declarator)
                    || (self.nv() && matches!(self.last_char(), Some('(' | '*' | ' '))))
                {
                    self.push(" ");
                }
            }
            Node::NoexceptSpec(e) => {
                self.push("noexcept");
                self.open();
                self.print_as_operand(*e, crate::ops::Prec::Default, false);
                self.close();
            }
            Node::DynamicExceptionSpec(types) => {
                self.push("throw");
                self.open();
                self.print_with_comma(self.list(*types));
                self.close();
            }
            Node::Elaborated { kw, child } => {
                self.push(kw);
                self.push(" ");
                self.print(*child);
            }
            Node::Transformed { transform, child } => {
                self.push(self.str(*transform));
                self.push("(");
                self.print(*child);
                self.push(")");
            }
            Node::ObjCProto { ty, protocol } => {
                self.print(*ty);
                self.push("<");
                self.push(self.str(*protocol));
                self.push(">");
            }
            Node::PostfixQualified { child, postfix } if self.nv() && &**postfix == " complex" => {
                self.push("_Complex ");
                self.print(*child);
                self.push(" ");
            }
            Node::PostfixQualified { child, postfix }
                if self.gnu() && (&**postfix == " complex" || &**postfix == " imaginary") =>
            {
                self.print_left(*child);
                self.push(if &**postfix == " complex" {
                    " _Complex"
                } else {
                    " _Imaginary"
                });
            }
            Node::PostfixQualified { child, postfix } => {
                if &**postfix == "x" {
                    self.print_left(*child);
                    self.push("x");
                } else {
                    self.print_left(*child);
                    self.push(postfix);
                }
            }
            Node::Vector { base, dim: Some(d) } if self.nv() => {
                self.print(*base);
                self.push(" __attribute((vector_size(");
                self.print(*d);
                self.push("*sizeof(");
                self.print(*base);
                self.push(")))) ");
            }
            Node::Vector { base, dim } if self.gnu() => {
                self.print(*base);
                self.push(" __vector(");
                if let Some(d) = dim {
                    self.print(*d);
                }
                self.push(")");
            }
            Node::Builtin(s) if self.gnu() && &**s == "std::nullptr_t" => {
                self.push("decltype(nullptr)")
            }
            Node::GlobalCtorDtor { ctor, name } => {
                self.push(if *ctor {
                    "global constructors keyed to "
                } else {
                    "global destructors keyed to "
                });
                self.print(*name);
            }
            Node::Vector { base, dim } => {
                self.print(*base);
                self.push(" vector[");
                if let Some(d) = dim {
                    self.print(*d);
                }
                self.push("]");
            }
            Node::PixelVector(dim) => {
                self.push("pixel vector[");
                self.print(*dim);
                self.push("]");
            }
            Node::BinaryFp(dim) => {
                self.push("_Float");
                self.print(*dim);
            }
            Node::BitInt { size, signed } => {
                if !signed {
                    self.push("unsigned ");
                }
                self.push("_BitInt");
                self.open();
                self.print(*size);
                self.close();
            }
            Node::TemplateParam { level, index, .. } => match self.resolve_param(id) {
                Param::Is(target) => self.print_left(target),
                Param::EmptyPack => {}
                Param::No => self.print_unresolved_param(*level, *index),
            },
            Node::ForwardTemplateRef { level, index, .. } => {
                self.print_template_param_spelling(*level, *index)
            }
            Node::ParameterPack(elems) => {
                self.init_pack(elems.len());
                if let Some(e) = self.list(*elems).get(self.pack_index as usize) {
                    self.print_left(*e);
                }
            }
            Node::TemplateArgumentPack(elems) => self.print_with_comma(self.list(*elems)),
            Node::ParameterPackExpansion(child) => self.print_pack_expansion(*child),
            Node::SyntheticTemplateParam { kind, index } => {
                self.push(match kind {
                    0 => "$T",
                    1 => "$N",
                    _ => "$TT",
                });
                if self.gnu() {
                    self.push(&index.to_string());
                } else if *index > 0 {
                    self.push(&(index - 1).to_string());
                }
            }
            Node::TypeTemplateParamDecl(_) => self.push("typename "),
            Node::ConstrainedTypeTemplateParamDecl { constraint, .. } => {
                self.print(*constraint);
                self.push(" ");
            }
            Node::NonTypeTemplateParamDecl { ty, .. } if self.gnu() => {
                // libiberty: the type, then the name (`int (*) [3] $N0`).
                self.print(*ty);
                self.push(" ");
            }
            Node::NonTypeTemplateParamDecl { ty, .. } => {
                self.print_left(*ty);
                if !self.has_rhs(*ty) {
                    self.push(" ");
                }
            }
            Node::TemplateTemplateParamDecl { params, .. } if self.gnu() => {
                // libiberty: `template<typename, unsigned int> class $TT0`.
                self.print_gnu_template_head(self.list(*params));
                self.push(" ");
            }
            Node::TemplateTemplateParamDecl { params, .. } => {
                let saved = std::mem::replace(&mut self.gt_is_gt, 0);
                self.push("template<");
                self.print_with_comma(self.list(*params));
                self.push("> typename ");
                self.gt_is_gt = saved;
            }
            Node::TemplateParamPackDecl(p) if self.gnu() => {
                // libiberty: `typename... $T0`, `int... $N0`, `template<...> class... $TT0`.
                self.print_left(*p);
                if self.last_char() == Some(' ') {
                    self.out.pop();
                }
                self.push("... ");
            }
            Node::TemplateParamPackDecl(p) => {
                self.print_left(*p);
                self.push("...");
            }
            Node::TemplateParamQualifiedArg { arg, .. } => self.print(*arg),
            Node::ExplicitObjectParameter(t) => {
                self.push("this ");
                self.print(*t);
            }
            Node::NvLambdaWrapper { .. } => self.print_nv_wrapper(id),
            _ => self.print_expr(id),
        }
    }
}
