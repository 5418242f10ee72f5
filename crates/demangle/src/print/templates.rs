//! Template argument lists, template parameters and their targets, pack expansions, and
//! NVIDIA's spelling of qualified names on the left.

use super::*;

impl Printer<'_> {
    pub(super) fn print_template_args(&mut self, args: &[NodeId]) {
        // libiberty clears its modifier stack for template arguments.
        let pending = self.pending.take();
        self.print_template_args_inner(args);
        self.pending = pending;
    }

    pub(super) fn print_template_args_inner(&mut self, args: &[NodeId]) {
        let saved = std::mem::replace(&mut self.gt_is_gt, 0);
        self.push("<");
        if self.gnu()
            && args
                .iter()
                .any(|a| matches!(self.ast[*a], Node::ExternalName(_)))
        {
            // libiberty prints a function named as a template argument (`L_Z3foocE`) in full,
            // `foo(char)`, unlike inside an expression.
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    self.push(", ");
                }
                match self.ast[*a] {
                    Node::ExternalName(e) => self.print(e),
                    _ => self.print_as_operand(*a, crate::ops::Prec::Comma, false),
                }
            }
        } else {
            self.print_with_comma(args);
        }
        if self.gnu() && self.last_char() == Some('>') {
            self.push(" ");
        }
        self.push(">");
        self.gt_is_gt = saved;
    }

    pub(super) fn print_expanded_special(&mut self, k: SpecialSub) {
        self.push("std::");
        self.push(k.base_name());
        let sep = ", ";
        let close = |p: &mut Self| {
            if p.gnu() {
                p.push(" >");
            } else {
                p.push(">");
            }
        };
        match k {
            SpecialSub::Allocator | SpecialSub::BasicString => {}
            SpecialSub::String => {
                self.push("<char");
                self.push(sep);
                self.push("std::char_traits<char>");
                self.push(sep);
                self.push("std::allocator<char>");
                close(self);
            }
            _ => {
                self.push("<char");
                self.push(sep);
                self.push("std::char_traits<char>");
                close(self);
            }
        }
    }

    pub(super) fn print_closure_declarator(&mut self, id: NodeId) {
        self.lambda_args += 1;
        self.print_closure_declarator_inner(id);
        self.lambda_args -= 1;
    }

    pub(super) fn print_closure_declarator_inner(&mut self, id: NodeId) {
        let ast = self.ast;
        let Node::Closure {
            template_params,
            requires1,
            params,
            requires2,
            ..
        } = &ast[id]
        else {
            return;
        };
        if !template_params.is_empty() {
            let saved = std::mem::replace(&mut self.gt_is_gt, 0);
            self.push("<");
            self.print_with_comma(self.list(*template_params));
            self.push(">");
            self.gt_is_gt = saved;
        }
        if let Some(r) = requires1 {
            self.push(" requires ");
            self.print(*r);
            self.push(" ");
        }
        self.open();
        self.print_with_comma(self.list(*params));
        self.close();
        if let Some(r) = requires2 {
            self.push(" requires ");
            self.print(*r);
        }
    }

    /// GNU's unnamed template head of a template template parameter: `template<typename> class`.
    pub(super) fn print_gnu_template_head(&mut self, params: &[NodeId]) {
        let saved = std::mem::replace(&mut self.gt_is_gt, 0);
        self.push("template<");
        for (i, p) in params.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            let ast = self.ast;
            let (decl, pack) = match &ast[*p] {
                Node::TemplateParamPackDecl(d) => (*d, true),
                _ => (*p, false),
            };
            match &ast[decl] {
                Node::NonTypeTemplateParamDecl { ty, .. } => self.print(*ty),
                Node::TemplateTemplateParamDecl { params, .. } => {
                    self.print_gnu_template_head(self.list(*params))
                }
                _ => self.push("typename"),
            }
            if pack {
                self.push("...");
            }
        }
        self.push("> class");
        self.gt_is_gt = saved;
    }

    /// A template parameter's target, where an argument pack (GNU resolves `T_` against the
    /// printed function's arguments, which hold packs as `J...E`) yields its current element.
    pub(super) fn resolve_param(&mut self, id: NodeId) -> Param {
        let Some(target) = self.param_target(id) else {
            return Param::No;
        };
        match &self.ast[target] {
            Node::TemplateArgumentPack(elems) => {
                self.init_pack(elems.len());
                match self.list(*elems).get(self.pack_index as usize) {
                    Some(e) => Param::Is(*e),
                    None => Param::EmptyPack,
                }
            }
            _ => Param::Is(target),
        }
    }

    /// What a template parameter stands for when printed, or `None` to print it by name.
    ///
    /// LLVM resolves `T_` when parsing. NVIDIA prints it by number (`T1`). GNU resolves it
    /// against the template arguments of the function being printed (as libiberty does), and
    /// prints the parameters of a generic lambda as `auto:1`.
    pub(crate) fn param_target(&self, id: NodeId) -> Option<NodeId> {
        let Node::TemplateParam {
            level,
            index,
            resolved,
        } = self.ast[id]
        else {
            return None;
        };
        match self.style {
            Style::Nvidia => None,
            Style::Llvm => resolved,
            Style::Gnu => {
                if self.lambda_args > 0 {
                    return resolved
                        .filter(|r| matches!(self.ast[*r], Node::SyntheticTemplateParam { .. }));
                }
                if level == 0
                    && let Some(&args) = self.templates.last()
                    && let Node::TemplateArgs { args, .. } = &self.ast[args]
                {
                    match self
                        .list(*args)
                        .get(index as usize)
                        .map(|a| (*a, &self.ast[*a]))
                    {
                        None => {}
                        Some((_, Node::TemplateParamQualifiedArg { arg, .. })) => {
                            return Some(*arg);
                        }
                        Some((a, _)) => return Some(a),
                    }
                }
                resolved
            }
        }
    }

    pub(super) fn print_unresolved_param(&mut self, level: u32, index: u32) {
        match self.style {
            Style::Nvidia => self.print_template_param_spelling(level, index),
            Style::Gnu => self.push(&format!("auto:{}", u64::from(index) + 1)),
            Style::Llvm => self.push("auto"),
        }
    }

    /// The template arguments of the function an encoding names (`f<int>` in `f<int>(T)`).
    pub(super) fn encoding_template_args(&self, mut name: NodeId) -> Option<NodeId> {
        loop {
            match &self.ast[name] {
                Node::NameWithTemplateArgs { args, .. } => return Some(*args),
                Node::Nested { name: n, .. }
                | Node::Local { entity: n, .. }
                | Node::AbiTagged { base: n, .. }
                | Node::BlockScope { name: n, .. } => name = *n,
                _ => return None,
            }
        }
    }

    pub(super) fn print_template_param_spelling(&mut self, level: u32, index: u32) {
        if self.nv() {
            self.push(&format!("T{}", u64::from(index) + 1));
            return;
        }
        if level > 0 {
            self.push(&format!("TL{}_", level - 1));
        } else {
            self.push("T");
        }
        if index > 0 {
            self.push(&(index - 1).to_string());
        }
        self.push("_");
    }

    /// Prints `child` once per element of the pack it contains, separated by `, `.
    pub(crate) fn print_pack_expansion(&mut self, child: NodeId) {
        let saved = (self.pack_index, self.pack_max);
        self.pack_index = NO_PACK;
        self.pack_max = NO_PACK;
        let start = self.out.len();
        self.print(child);
        if self.pack_max == NO_PACK {
            // No pack was found in the child (e.g. a pack expansion of a function parameter).
            if self.gnu() {
                self.out.insert(start, b'(');
                self.push(")...");
            } else {
                self.push("...");
            }
        } else if self.pack_max == 0 {
            self.out.truncate(start);
        } else {
            for i in 1..self.pack_max {
                if self.failed {
                    break;
                }
                self.push(", ");
                self.pack_index = i;
                self.print(child);
            }
        }
        (self.pack_index, self.pack_max) = saved;
    }

    pub(super) fn print_nv_qualified_left(&mut self, child: NodeId, mut cv: Cv) {
        // NVIDIA's demangler drops `restrict` on an array type.
        if cv.restrict && self.has_array(child) {
            cv.restrict = false;
            if cv.is_empty() {
                self.print_left(child);
                return;
            }
        }
        let sn = self.syntax_node(child);
        if matches!(self.ast[sn], Node::VendorQualified { .. }) {
            // `X bartfooconst `: NVIDIA runs the qualifiers together after the first.
            self.print_left(child);
            self.push(&quals(cv).replace(' ', ""));
            self.push(" ");
            return;
        }
        let is_declarator = matches!(
            self.ast[sn],
            Node::Pointer(_) | Node::Reference { .. } | Node::PointerToMember { .. }
        );
        if is_declarator || self.has_function(child) || self.has_array(child) {
            self.print_left(child);
            let q = quals(cv);
            self.push(q.trim_start());
            self.push(" ");
        } else {
            let q = quals(cv);
            self.push(q.trim_start());
            self.push(" ");
            self.print_left(child);
        }
    }
}
