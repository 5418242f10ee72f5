//! The right half of a node (`)[4]`, parameter lists, trailing qualifiers), and the GNU
//! declarator quirks that decide where qualifiers and arrays go.

use super::*;

impl Printer<'_> {
    pub(super) fn print_right_inner(&mut self, id: NodeId) {
        let ast = self.ast;
        match &ast[id] {
            Node::TemplateParam { .. } => {
                if let Param::Is(target) = self.resolve_param(id) {
                    self.print_right(target);
                }
            }
            Node::FunctionEncoding {
                ret,
                name,
                params,
                attrs,
                requires,
                cv,
                ref_qual,
            } => {
                let ret = if self.nv() { &None } else { ret };
                if self.nv() && self.nv_spaced_call(*name) {
                    self.push(" ");
                }
                self.open();
                self.print_params(*params);
                self.close();
                // GNU and EDG put the function's own qualifiers before its return type's right half.
                if self.gnu() || self.nv() {
                    self.push_quals(*cv);
                    self.push(ref_qual_str(*ref_qual));
                }
                if let Some(r) = ret {
                    self.print_right(*r);
                }
                if !(self.gnu() || self.nv()) {
                    self.push_quals(*cv);
                    self.push(ref_qual_str(*ref_qual));
                }
                if let Some(a) = attrs {
                    self.print(*a);
                }
                if let Some(r) = requires {
                    self.push(" requires ");
                    self.print(*r);
                } else if let Some(r) = self.gnu_template_requires(*name) {
                    // libiberty moves a requires-clause of the template arguments to the end.
                    self.push(" requires ");
                    self.print(r);
                }
                if self.nv() {
                    let suffix = self.nv_ctor_dtor_suffix(*name);
                    self.push(suffix);
                }
            }
            Node::Function {
                ret,
                params,
                cv,
                ref_qual,
                exception,
            } => {
                self.open();
                self.print_params(*params);
                self.close();
                let gnu = self.gnu() || self.nv();
                if self.gnu() {
                    // libiberty: `() noexcept(true) const &`.
                    if let Some(e) = exception {
                        self.push(" ");
                        self.print(*e);
                    }
                    self.push_quals(*cv);
                    self.push(ref_qual_str(*ref_qual));
                } else if gnu {
                    self.push_quals(*cv);
                    self.push(ref_qual_str(*ref_qual));
                    if let Some(e) = exception {
                        self.push(" ");
                        self.print(*e);
                    }
                }
                self.print_right(*ret);
                if !gnu {
                    self.push_quals(*cv);
                    self.push(ref_qual_str(*ref_qual));
                    if let Some(e) = exception.filter(
                        |e| !matches!(&self.ast[*e], Node::Name(n) if self.str(*n) == "transaction_safe"),
                    ) {
                        self.push(" ");
                        self.print(e);
                    }
                }
            }
            Node::Array { base, dim } => {
                if self.last_char() != Some(']') && !(self.nv() && self.last_char() == Some(')')) {
                    self.push(" ");
                }
                self.push("[");
                if let Some(d) = dim {
                    self.print(*d);
                }
                self.push("]");
                self.print_right(*base);
            }
            Node::Pointer(c) => {
                if self.objc_object_proto(*c).is_some() {
                    return;
                }
                let shape = self.declarator(*c);
                if shape.array || shape.function {
                    self.push(")");
                }
                self.print_right(*c);
            }
            Node::VendorQualified { .. } if let Some(func) = self.gnu_qualified_function(id) => {
                self.push(")");
                self.print_right(func);
            }
            Node::Reference { .. } => {
                let Some((_, target)) = self.collapse(id) else {
                    return;
                };
                let shape = self.declarator(target);
                if shape.array || shape.function {
                    self.push(")");
                }
                self.print_right(target);
            }
            Node::PointerToMember { member, .. } => {
                let shape = self.declarator(*member);
                if shape.array || shape.function {
                    self.push(")");
                }
                self.print_right(*member);
            }
            Node::Qualified { child, .. } | Node::AbiTagged { base: child, .. } => {
                self.print_right(*child)
            }
            Node::ParameterPack(elems) => {
                self.init_pack(elems.len());
                if let Some(e) = self.list(*elems).get(self.pack_index as usize) {
                    self.print_right(*e);
                }
            }
            Node::TypeTemplateParamDecl(name)
            | Node::ConstrainedTypeTemplateParamDecl { name, .. } => self.print(*name),
            Node::NonTypeTemplateParamDecl { name, .. } if self.gnu() => self.print(*name),
            Node::NonTypeTemplateParamDecl { name, ty } => {
                self.print(*name);
                self.print_right(*ty);
            }
            Node::TemplateTemplateParamDecl { name, requires, .. } => {
                self.print(*name);
                if let Some(r) = requires {
                    self.push(" requires ");
                    self.print(*r);
                }
            }
            Node::TemplateParamPackDecl(p) | Node::PrefixSubstitution(p) => self.print_right(*p),
            _ => {}
        }
    }

    pub(super) fn gnu_template_requires(&self, name: NodeId) -> Option<NodeId> {
        if !self.gnu() {
            return None;
        }
        let args = self.encoding_template_args(name)?;
        match &self.ast[args] {
            Node::TemplateArgs { requires, .. } => *requires,
            _ => None,
        }
    }

    /// NVIDIA writes `operator new (unsigned long)`, with a space before the parameters.
    pub(super) fn nv_spaced_call(&self, name: NodeId) -> bool {
        let mut id = name;
        loop {
            match &self.ast[id] {
                Node::Nested { name, .. } | Node::NameWithTemplateArgs { name, .. } => id = *name,
                Node::Operator(op) => {
                    return matches!(
                        op.info().kind,
                        crate::ops::OpKind::New | crate::ops::OpKind::Del
                    );
                }
                _ => return false,
            }
        }
    }

    /// NVIDIA marks the non-complete ctor/dtor variants: `~A() [subobject]`.
    pub(super) fn nv_ctor_dtor_suffix(&self, name: NodeId) -> &'static str {
        let mut id = name;
        loop {
            match &self.ast[id] {
                Node::Nested { name, .. } | Node::NameWithTemplateArgs { name, .. } => id = *name,
                Node::AbiTagged { base, .. } => id = *base,
                Node::CtorDtor {
                    dtor,
                    variant,
                    inherited,
                    ..
                } => {
                    if inherited.is_some() {
                        return if *variant == 1 {
                            " [complete inheriting]"
                        } else {
                            " [base inheriting]"
                        };
                    }
                    return match (dtor, variant) {
                        (_, 2) => " [subobject]",
                        (true, 0) => " [deleting]",
                        (false, 3) => " [allocating]",
                        _ => "",
                    };
                }
                _ => return "",
            }
        }
    }

    /// `*`, `&`, `&&` after a type: NVIDIA writes `int *`, the others `int*`.
    pub(super) fn push_declarator_sigil(&mut self, s: &str, pointee: NodeId) {
        if self.nv()
            && !matches!(self.last_char(), Some('*' | '&' | '(' | ' '))
            && !self.is_nv_tight(pointee)
        {
            self.push(" ");
        }
        self.push(s);
    }

    /// NVIDIA writes `A*` (no space) when `A` was named through a prefix substitution or a
    /// builtin `std::` abbreviation.
    pub(super) fn is_nv_tight(&self, mut id: NodeId) -> bool {
        loop {
            match &self.ast[id] {
                Node::Qualified { child, .. } => id = *child,
                Node::PrefixSubstitution(_) | Node::SpecialSubstitution(_) => return true,
                _ => return false,
            }
        }
    }

    /// GNU: a cv-qualified array type (`KA6_i`, or `KT_` with `T_` an array) is printed as an
    /// array of qualified elements. libiberty moves the qualifiers of every array level down to
    /// the element, prints them outermost first after the element's own, and drops an element
    /// qualifier the arrays already carry (`K(A9_ K(A6_ Ki))` is `int const [9][6]`).
    /// Returns the element and the qualifiers gathered from the arrays, outermost first.
    pub(super) fn gnu_array_quals(&mut self, id: NodeId) -> Option<(NodeId, Vec<Cv>)> {
        if !self.gnu() {
            return None;
        }
        let mut quals = Vec::new();
        let mut saw_array = false;
        let mut cur = id;
        for _ in 0..MAX_PRINT_DEPTH {
            match self.resolve_param(cur) {
                Param::Is(target) => {
                    cur = target;
                    continue;
                }
                Param::EmptyPack => return None,
                Param::No => {}
            }
            match self.ast[cur] {
                Node::Qualified { child, cv } if self.has_array(child) => {
                    quals.push(cv);
                    cur = child;
                }
                Node::Array { base, .. } => {
                    saw_array = true;
                    cur = base;
                }
                _ => break,
            }
        }
        (saw_array && !quals.is_empty()).then_some((cur, quals))
    }

    pub(super) fn print_gnu_qualified_array_element(&mut self, element: NodeId, quals: &[Cv]) {
        match self.ast[element] {
            Node::Qualified { child, cv } => {
                self.print_left(child);
                let carried = |f: fn(&Cv) -> bool| quals.iter().any(f);
                self.push_quals(Cv {
                    konst: cv.konst && !carried(|q| q.konst),
                    volatile: cv.volatile && !carried(|q| q.volatile),
                    restrict: cv.restrict && !carried(|q| q.restrict),
                });
            }
            _ => self.print_left(element),
        }
        for &cv in quals {
            self.push_quals(cv);
        }
    }

    /// GNU: the function type under a chain of vendor qualifiers (`U7stdcallFviE`).
    pub(super) fn gnu_qualified_function(&self, id: NodeId) -> Option<NodeId> {
        if !self.gnu() {
            return None;
        }
        let mut cur = id;
        for _ in 0..MAX_PRINT_DEPTH {
            match &self.ast[cur] {
                Node::VendorQualified { child, .. } => cur = *child,
                Node::Function { .. } => return Some(cur),
                _ => return None,
            }
        }
        None
    }

    /// The qualifiers of the chain from `id` down to `func`, the innermost first.
    pub(super) fn push_vendor_qualifiers_innermost_first(&mut self, id: NodeId, func: NodeId) {
        let mut chain = Vec::new();
        let mut cur = id;
        while cur != func {
            let Node::VendorQualified { child, .. } = self.ast[cur] else {
                break;
            };
            chain.push(cur);
            cur = child;
        }
        for &q in chain.iter().rev() {
            if let Node::VendorQualified { ext, args, .. } = &self.ast[q] {
                self.push(" ");
                self.push(self.str(*ext));
                if let Some(a) = args {
                    self.print(*a);
                }
            }
        }
    }

    /// Collapses references to references (`T& &&` is `T&`); `None` on a cycle.
    pub(super) fn collapse(&mut self, id: NodeId) -> Option<(RefKind, NodeId)> {
        let Node::Reference { child, kind } = self.ast[id] else {
            return None;
        };
        let (mut kind, mut target) = (kind, child);
        for _ in 0..MAX_PRINT_DEPTH {
            let sn = self.syntax_node(target);
            let Node::Reference { child, kind: k } = self.ast[sn] else {
                return Some((kind, target));
            };
            target = child;
            kind = kind.min(k);
        }
        self.failed = true;
        None
    }

    pub(super) fn objc_object_proto(&self, pointee: NodeId) -> Option<String> {
        if let Node::ObjCProto { ty, protocol } = &self.ast[pointee]
            && matches!(&self.ast[*ty], Node::Name(n) if self.str(*n) == "objc_object")
        {
            return Some(self.str(*protocol).to_string());
        }
        None
    }
}
