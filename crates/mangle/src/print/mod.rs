//! Printing an [`Ast`] as C++ source text, in one of three dialects.
//!
//! As in C++ declarators, a type prints in two halves around the declared name: `int (*` on
//! the left and `)[4]` on the right. `print_left`/`print_right` produce them; `has_rhs`,
//! `has_array` and `has_function` say what a node's right half holds.
//!
//! The AST is a DAG (substitutions share nodes), so printed output can be exponential in the
//! input. The printer stops with an error when the output or the nesting gets too big.
//!
//! Submodules: `exprs` (expressions and literals), `vendor` (NVIDIA wrapper types),
//! `closure_declarator` (GNU: the declarator around a closure type, printed inside it).

mod closure_declarator;
mod exprs;
mod vendor;

use crate::Style;
use crate::ast::{Ast, Cv, List, Node, NodeId, RefKind, RefQual, Special, SpecialSub, Str};
use closure_declarator::{PendingDeclarator, PendingState};

/// Longest output we produce; anything longer is a substitution bomb.
pub(crate) const MAX_OUTPUT: usize = 1 << 20;
/// Deepest print recursion (the DAG can be deeper than the input's nesting).
const MAX_PRINT_DEPTH: u32 = 600;

#[derive(Debug)]
pub(crate) struct TooBig;

pub(crate) struct Printer<'a> {
    ast: &'a Ast,
    /// The buffer the name is appended to; it starts at `start`. Only whole `str`s are
    /// written, so the appended bytes are UTF-8.
    out: &'a mut Vec<u8>,
    start: usize,
    /// `start + MAX_OUTPUT`: the length `out` may not exceed.
    limit: usize,
    style: Style,
    /// Zero inside `<...>` where a bare `>` would end the template argument list.
    gt_is_gt: u32,
    pack_index: u32,
    pack_max: u32,
    depth: u32,
    failed: bool,
    /// Print only the name of a function encoding (`--no-params`).
    pub(crate) no_params_top: bool,
    /// GNU: the template arguments of the functions being printed, innermost last.
    templates: Vec<NodeId>,
    /// GNU: inside the parameter list of a lambda, where `T_` is `auto:1`.
    lambda_args: u32,
    /// GNU: for each `T_` seen under a reference, the template stack of its first printing.
    /// libiberty resolves such a `T_` against that stack again wherever the same parameter
    /// is reached later through a reference (its reference-collapsing code keeps the scope),
    /// so `S5_` naming an inner function's `T_` in an outer return type leaks the outer
    /// arguments into the inner function's parameters (the `_Any_data::_M_access` rows).
    ref_scopes: rustc_hash::FxHashMap<NodeId, Vec<NodeId>>,
    /// GNU: the references and template parameters being printed, outermost first.
    active_refs: Vec<NodeId>,
    /// GNU: the declarator around a closure type, waiting to be printed by the first
    /// parenthesised declarator of that closure's parameter list ([`PendingDeclarator`]).
    pending: Option<PendingDeclarator>,
    /// GNU: while a pending declarator is printed, the closure type at its bottom, printed as
    /// nothing the first time it is reached (it is being printed already).
    blank: Option<NodeId>,
}

const NO_PACK: u32 = u32::MAX;

/// What printing a node as a template parameter amounts to.
enum Param {
    /// Not a template parameter with a known target.
    No,
    Is(NodeId),
    /// The current element of an empty argument pack: nothing.
    EmptyPack,
}

impl<'a> Printer<'a> {
    /// A printer that appends to `out`, so that a caller printing many names reuses one
    /// allocation (and a filter prints straight into its output).
    pub(crate) fn new(ast: &'a Ast, style: Style, out: &'a mut Vec<u8>) -> Printer<'a> {
        Printer {
            ast,
            start: out.len(),
            limit: out.len() + MAX_OUTPUT,
            out,
            style,
            gt_is_gt: 1,
            pack_index: NO_PACK,
            pack_max: NO_PACK,
            depth: 0,
            failed: false,
            no_params_top: false,
            templates: Vec::new(),
            lambda_args: 0,
            ref_scopes: rustc_hash::FxHashMap::default(),
            active_refs: Vec::new(),
            pending: None,
            blank: None,
        }
    }

    /// Whether the output is complete (not cut off by the size or depth limits).
    /// Whether the name printed whole; when the size or depth limits cut it off, what was
    /// appended is removed again.
    pub(crate) fn finish(&mut self) -> Result<(), TooBig> {
        if self.failed {
            self.out.truncate(self.start);
            Err(TooBig)
        } else {
            Ok(())
        }
    }

    /// The text of a node, for as long as the AST lives.
    fn str(&self, s: Str) -> &'a str {
        self.ast.str(s)
    }
    /// The nodes of a list, for as long as the AST lives.
    fn list(&self, l: List) -> &'a [NodeId] {
        self.ast.list(l)
    }

    fn gnu(&self) -> bool {
        self.style == Style::Gnu
    }
    fn nv(&self) -> bool {
        self.style == Style::Nvidia
    }
    fn llvm(&self) -> bool {
        self.style == Style::Llvm
    }

    fn push(&mut self, s: &str) {
        self.push_bytes(s.as_bytes());
    }
    /// Appends text already known to be UTF-8 (a slice of the AST's text).
    fn push_bytes(&mut self, s: &[u8]) {
        if self.out.len() + s.len() > self.limit {
            self.failed = true;
            return;
        }
        self.out.extend_from_slice(s);
    }
    fn push_char(&mut self, c: char) {
        if self.out.len() >= self.limit {
            self.failed = true;
            return;
        }
        self.out
            .extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }
    /// The last byte written, as a character. The printer only compares it with ASCII
    /// punctuation, which no byte of a multi-byte character equals, so nothing is decoded.
    fn last_char(&self) -> Option<char> {
        self.out[self.start..].last().map(|&b| char::from(b))
    }
    fn open(&mut self) {
        self.gt_is_gt += 1;
        self.push_char('(');
    }
    fn close(&mut self) {
        self.gt_is_gt -= 1;
        self.push_char(')');
    }

    /// Guards one recursive step; false when printing must stop.
    fn enter(&mut self) -> bool {
        if self.failed || self.depth >= MAX_PRINT_DEPTH {
            self.failed = true;
            return false;
        }
        self.depth += 1;
        true
    }
    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- node properties -----------------------------------------------------------------

    /// The node printing stands for: follows resolved template parameters and the current
    /// element of a parameter pack.
    pub(crate) fn syntax_node(&mut self, mut id: NodeId) -> NodeId {
        for _ in 0..MAX_PRINT_DEPTH {
            match self.resolve_param(id) {
                Param::No => {}
                Param::Is(target) => {
                    id = target;
                    continue;
                }
                Param::EmptyPack => return id,
            }
            match &self.ast[id] {
                Node::PrefixSubstitution(r) => id = *r,
                Node::ParameterPack(elems) => {
                    self.init_pack(elems.len());
                    match self.list(*elems).get(self.pack_index as usize) {
                        Some(e) => id = *e,
                        None => return id,
                    }
                }
                _ => return id,
            }
        }
        self.failed = true;
        id
    }

    fn init_pack(&mut self, len: usize) {
        if self.pack_max == NO_PACK {
            self.pack_max = len as u32;
            self.pack_index = 0;
        }
    }

    /// Whether the type `id` prints a right-hand side (array bounds, function parameters, or a
    /// template parameter declaration's tail).
    pub(crate) fn has_rhs(&mut self, id: NodeId) -> bool {
        self.probe(id, Probe::Rhs).rhs
    }

    pub(crate) fn has_array(&mut self, id: NodeId) -> bool {
        self.probe(id, Probe::Declarator).array
    }

    pub(crate) fn has_function(&mut self, id: NodeId) -> bool {
        self.probe(id, Probe::Declarator).function
    }

    /// Whether a declarator around `id` needs parentheses (`int (*)[4]`, `void (&)()`), and
    /// whether for an array: both answers of one walk.
    fn declarator(&mut self, id: NodeId) -> Shape {
        self.probe(id, Probe::Declarator)
    }

    /// The walk shared by the `has_*` questions: template parameters are followed to what they
    /// stand for, a pack answers for its current element, and the depth guard bounds the walk;
    /// only which nodes answer and which are looked through differ per question.
    #[inline]
    fn probe(&mut self, id: NodeId, what: Probe) -> Shape {
        // Names, the most common case, answer without the guard or the walk.
        if matches!(
            self.ast[id],
            Node::Name(_)
                | Node::Builtin(_)
                | Node::Nested { .. }
                | Node::NameWithTemplateArgs { .. }
        ) {
            return Shape::default();
        }
        self.probe_walk(id, what)
    }

    // Out of line, so that the names `probe` answers itself cost no register spills.
    #[inline(never)]
    fn probe_walk(&mut self, id: NodeId, what: Probe) -> Shape {
        const RHS: Shape = Shape {
            rhs: true,
            array: false,
            function: false,
        };
        if !self.enter() {
            return Shape::default();
        }
        let res = match (&self.ast[id], what) {
            (Node::TemplateParam { .. }, _) => match self.resolve_param(id) {
                Param::Is(target) => self.probe(target, what),
                Param::No | Param::EmptyPack => Shape::default(),
            },
            (Node::Qualified { child: c, .. }, _)
            | (Node::AbiTagged { base: c, .. }, _)
            | (Node::PrefixSubstitution(c), _) => self.probe(*c, what),
            (Node::ParameterPack(elems), _) => {
                self.init_pack(elems.len());
                match self.list(*elems).get(self.pack_index as usize) {
                    Some(e) => self.probe(*e, what),
                    None => Shape::default(),
                }
            }
            (Node::Array { .. }, _) => Shape {
                rhs: true,
                array: true,
                function: false,
            },
            (Node::Function { .. } | Node::FunctionEncoding { .. }, _) => Shape {
                rhs: true,
                array: false,
                function: true,
            },
            (Node::Pointer(c) | Node::Internal(c), Probe::Rhs) => self.probe(*c, what).rhs_only(),
            (Node::Reference { child, .. }, Probe::Rhs) => self.probe(*child, what).rhs_only(),
            (Node::PointerToMember { member, .. }, Probe::Rhs) => {
                self.probe(*member, what).rhs_only()
            }
            (Node::VendorQualified { .. }, Probe::Rhs) => {
                if self.gnu_qualified_function(id).is_some() {
                    RHS
                } else {
                    Shape::default()
                }
            }
            (
                Node::TypeTemplateParamDecl(_)
                | Node::ConstrainedTypeTemplateParamDecl { .. }
                | Node::NonTypeTemplateParamDecl { .. }
                | Node::TemplateTemplateParamDecl { .. }
                | Node::TemplateParamPackDecl(_),
                Probe::Rhs,
            ) => RHS,
            _ => Shape::default(),
        };
        self.leave();
        res
    }

    /// The unqualified name a constructor or destructor of this class is spelled with.
    fn base_name(&self, id: NodeId, fuel: u32) -> &'a str {
        if fuel == 0 {
            return "";
        }
        let ast: &'a Ast = self.ast;
        match &ast[id] {
            Node::Name(s) => self.str(*s),
            Node::Builtin(s) => s,
            Node::Nested { name, .. }
            | Node::NameWithTemplateArgs { name, .. }
            | Node::ModuleEntity { name, .. }
            | Node::MemberLikeFriend { name, .. } => self.base_name(*name, fuel - 1),
            Node::AbiTagged { base, .. }
            | Node::Internal(base)
            | Node::PrefixSubstitution(base) => self.base_name(*base, fuel - 1),
            Node::StdQualified(c) | Node::GlobalQualified(c) => self.base_name(*c, fuel - 1),
            Node::TemplateParam {
                resolved: Some(r), ..
            } => self.base_name(*r, fuel - 1),
            Node::SpecialSubstitution(k) => special_sub_short(*k),
            Node::ExpandedSpecialSubstitution(k) => k.base_name(),
            _ => "",
        }
    }

    // ---- printing ------------------------------------------------------------------------

    /// Prints a function encoding without its return type (GNU, for the function enclosing
    /// a local name and for a function named in an expression).
    pub(crate) fn print_without_return_type(&mut self, id: NodeId) {
        if let Node::FunctionEncoding { name, .. } = self.ast[id] {
            self.print(name);
            self.print_right(id);
        } else {
            self.print(id);
        }
    }

    /// Prints a whole name; with `no_params_top` a function prints as its bare name.
    pub(crate) fn print_top(&mut self, root: NodeId) {
        if std::mem::take(&mut self.no_params_top) {
            let mut root = root;
            while let Node::DotSuffix { prefix, .. } = self.ast[root] {
                root = prefix;
            }
            if let Node::FunctionEncoding { name, .. } = self.ast[root] {
                self.print(name);
                return;
            }
        }
        self.print(root);
    }

    pub(crate) fn print(&mut self, id: NodeId) {
        if self.blank.is_some() && self.take_blank(id) {
            return;
        }
        // Names are most of what prints. They have no right half and no GNU bookkeeping, so
        // the common ones are written here without the general dispatch (identifiers and
        // builtin types, leaves, even without the recursion guard).
        let name_like = match self.ast[id] {
            Node::Name(s) if !self.nv() => return self.push_bytes(self.ast.bytes(s)),
            Node::Builtin(s) if !(self.gnu() && s == "std::nullptr_t") => return self.push(s),
            Node::Nested { qual, name } => {
                if self.enter() {
                    self.print_qualified(qual, name);
                    self.leave();
                }
                return;
            }
            Node::NameWithTemplateArgs { name, args } => {
                if self.enter() {
                    self.print_instance(name, args);
                    self.leave();
                }
                return;
            }
            Node::Name(_)
            | Node::Builtin(_)
            | Node::TemplateArgs { .. }
            | Node::Operator(_)
            | Node::SpecialSubstitution(_)
            | Node::AnonymousNamespace(_) => true,
            _ => false,
        };
        if !self.enter() {
            return;
        }
        if name_like {
            self.print_left_inner(id);
        } else if self.gnu() && self.ast.has_closure() && self.is_declarator(id) {
            self.print_declarator_root(id);
        } else {
            self.print_left_in_scope(id);
            if self.has_rhs(id) {
                self.print_right(id);
            }
        }
        self.leave();
    }

    /// `Qual::Name`.
    fn print_qualified(&mut self, qual: NodeId, name: NodeId) {
        self.print(qual);
        self.push("::");
        self.print(name);
    }

    /// `Name<Args>`.
    fn print_instance(&mut self, name: NodeId, args: NodeId) {
        self.print(name);
        if self.gnu() && self.last_char() == Some('<') {
            self.push(" ");
        }
        self.print(args);
    }

    /// Prints `nodes` separated by `, `, dropping the separator after empty pack expansions.
    pub(crate) fn print_with_comma(&mut self, nodes: &[NodeId]) {
        let mut first = true;
        for &n in nodes {
            let before_comma = self.out.len();
            if !first {
                self.push(", ");
            }
            let after_comma = self.out.len();
            if self.gnu() {
                // libiberty does not parenthesise a comma expression in a list.
                self.print(n);
            } else {
                self.print_as_operand(n, crate::ops::Prec::Comma, false);
            }
            if self.out.len() == after_comma {
                self.out.truncate(before_comma);
                continue;
            }
            first = false;
        }
    }

    fn print_left(&mut self, id: NodeId) {
        if self.blank.is_some() && self.take_blank(id) {
            return;
        }
        if !self.enter() {
            return;
        }
        self.print_left_in_scope(id);
        self.leave();
    }

    /// The left half, inside GNU's template scope for the few node kinds that carry one.
    fn print_left_in_scope(&mut self, id: NodeId) {
        if self.carries_template_scope(id) {
            let pushed = self.push_function_templates(id);
            let scope = self.enter_ref_scope(id, true);
            self.print_left_inner(id);
            self.leave_ref_scope(scope);
            if pushed {
                self.templates.pop();
            }
        } else {
            self.print_left_inner(id);
        }
    }

    fn print_right(&mut self, id: NodeId) {
        if !self.enter() {
            return;
        }
        if self.carries_template_scope(id) {
            let pushed = self.push_function_templates(id);
            let scope = self.enter_ref_scope(id, false);
            self.print_right_inner(id);
            self.leave_ref_scope(scope);
            if pushed {
                self.templates.pop();
            }
        } else {
            self.print_right_inner(id);
        }
        self.leave();
    }

    /// GNU: whether `id` carries template-scope bookkeeping: a function encoding (its `T_` are
    /// its own arguments), a template parameter, or a reference to one.
    fn carries_template_scope(&self, id: NodeId) -> bool {
        self.gnu()
            && match self.ast[id] {
                Node::FunctionEncoding { .. } | Node::TemplateParam { .. } => true,
                Node::Reference { child, .. } => {
                    matches!(self.ast[child], Node::TemplateParam { .. })
                }
                _ => false,
            }
    }

    /// GNU, around a reference to a template parameter or a parameter itself: records the
    /// template stack the first time the parameter is printed under a reference, and swaps it
    /// back in when the same parameter is reached through a reference again from outside
    /// (see [`Printer::ref_scopes`]). Returns what [`Printer::leave_ref_scope`] undoes.
    #[inline]
    fn enter_ref_scope(&mut self, id: NodeId, first_half: bool) -> Option<Option<Vec<NodeId>>> {
        if !self.gnu() {
            return None;
        }
        let param = match self.ast[id] {
            Node::TemplateParam { .. } => {
                self.active_refs.push(id);
                return Some(None);
            }
            Node::Reference { child, .. }
                if matches!(self.ast[child], Node::TemplateParam { .. }) =>
            {
                child
            }
            _ => return None,
        };
        self.enter_param_ref_scope(id, param, first_half)
    }

    /// [`Printer::enter_ref_scope`] for a reference `id` to the template parameter `param`;
    /// out of line, so that the common nodes that have no scope answer cheaply.
    #[inline(never)]
    fn enter_param_ref_scope(
        &mut self,
        id: NodeId,
        param: NodeId,
        first_half: bool,
    ) -> Option<Option<Vec<NodeId>>> {
        let reentered = self.active_refs.contains(&param) || self.active_refs.contains(&id);
        self.active_refs.push(id);
        match self.ref_scopes.get(&param) {
            Some(scope) if !reentered && *scope != self.templates => {
                let scope = scope.clone();
                Some(Some(std::mem::replace(&mut self.templates, scope)))
            }
            Some(_) => Some(None),
            None => {
                if first_half {
                    self.ref_scopes.insert(param, self.templates.clone());
                }
                Some(None)
            }
        }
    }

    fn leave_ref_scope(&mut self, scope: Option<Option<Vec<NodeId>>>) {
        let Some(saved) = scope else {
            return;
        };
        self.active_refs.pop();
        if let Some(templates) = saved {
            self.templates = templates;
        }
    }

    /// GNU: while a function template's encoding prints, its `T_` are its own arguments.
    fn push_function_templates(&mut self, id: NodeId) -> bool {
        if !self.gnu() {
            return false;
        }
        let Node::FunctionEncoding { name, .. } = self.ast[id] else {
            return false;
        };
        match self.encoding_template_args(name) {
            Some(args) => {
                self.templates.push(args);
                true
            }
            None => false,
        }
    }

    fn print_left_inner(&mut self, id: NodeId) {
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

    fn print_right_inner(&mut self, id: NodeId) {
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

    fn gnu_template_requires(&self, name: NodeId) -> Option<NodeId> {
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
    fn nv_spaced_call(&self, name: NodeId) -> bool {
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
    fn nv_ctor_dtor_suffix(&self, name: NodeId) -> &'static str {
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
    fn push_declarator_sigil(&mut self, s: &str, pointee: NodeId) {
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
    fn is_nv_tight(&self, mut id: NodeId) -> bool {
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
    fn gnu_array_quals(&mut self, id: NodeId) -> Option<(NodeId, Vec<Cv>)> {
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

    fn print_gnu_qualified_array_element(&mut self, element: NodeId, quals: &[Cv]) {
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
    fn gnu_qualified_function(&self, id: NodeId) -> Option<NodeId> {
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
    fn push_vendor_qualifiers_innermost_first(&mut self, id: NodeId, func: NodeId) {
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
    fn collapse(&mut self, id: NodeId) -> Option<(RefKind, NodeId)> {
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

    fn objc_object_proto(&self, pointee: NodeId) -> Option<String> {
        if let Node::ObjCProto { ty, protocol } = &self.ast[pointee]
            && matches!(&self.ast[*ty], Node::Name(n) if self.str(*n) == "objc_object")
        {
            return Some(self.str(*protocol).to_string());
        }
        None
    }

    fn print_template_args(&mut self, args: &[NodeId]) {
        // libiberty clears its modifier stack for template arguments.
        let pending = self.pending.take();
        self.print_template_args_inner(args);
        self.pending = pending;
    }

    fn print_template_args_inner(&mut self, args: &[NodeId]) {
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

    fn print_expanded_special(&mut self, k: SpecialSub) {
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

    fn print_closure_declarator(&mut self, id: NodeId) {
        self.lambda_args += 1;
        self.print_closure_declarator_inner(id);
        self.lambda_args -= 1;
    }

    fn print_closure_declarator_inner(&mut self, id: NodeId) {
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
    fn print_gnu_template_head(&mut self, params: &[NodeId]) {
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
    fn resolve_param(&mut self, id: NodeId) -> Param {
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

    fn print_unresolved_param(&mut self, level: u32, index: u32) {
        match self.style {
            Style::Nvidia => self.print_template_param_spelling(level, index),
            Style::Gnu => self.push(&format!("auto:{}", u64::from(index) + 1)),
            Style::Llvm => self.push("auto"),
        }
    }

    /// The template arguments of the function an encoding names (`f<int>` in `f<int>(T)`).
    fn encoding_template_args(&self, mut name: NodeId) -> Option<NodeId> {
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

    fn print_template_param_spelling(&mut self, level: u32, index: u32) {
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

    fn print_nv_qualified_left(&mut self, child: NodeId, mut cv: Cv) {
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

impl Printer<'_> {
    fn push_quals(&mut self, cv: Cv) {
        if cv.konst {
            self.push(" const");
        }
        if cv.volatile {
            self.push(" volatile");
        }
        if cv.restrict {
            self.push(" restrict");
        }
    }
}

fn quals(cv: Cv) -> String {
    let mut s = String::new();
    if cv.konst {
        s.push_str(" const");
    }
    if cv.volatile {
        s.push_str(" volatile");
    }
    if cv.restrict {
        s.push_str(" restrict");
    }
    s
}

fn ref_qual_str(r: RefQual) -> &'static str {
    match r {
        RefQual::None => "",
        RefQual::LValue => " &",
        RefQual::RValue => " &&",
    }
}

fn special_sub_short(k: SpecialSub) -> &'static str {
    match k {
        SpecialSub::Allocator => "allocator",
        SpecialSub::BasicString => "basic_string",
        SpecialSub::String => "string",
        SpecialSub::IStream => "istream",
        SpecialSub::OStream => "ostream",
        SpecialSub::IOStream => "iostream",
    }
}

/// NVIDIA's wording for the special names.
fn nv_special_prefix(kind: Special) -> &'static str {
    match kind {
        Special::VTable => "Virtual function table for ",
        Special::TypeInfo => "Typeinfo for ",
        Special::TypeInfoName => "Typeinfo name for ",
        Special::GuardVariable => "Initialization guard variable for ",
        Special::TlsWrapper => "Thread-local wrapper routine for ",
        Special::TlsInit => "Thread-local initialization routine for ",
        Special::NonVirtualThunk | Special::VirtualThunk => "Thunk for ",
        Special::CovariantThunk => "Covariant thunk for ",
        other => special_prefix(other, Style::Llvm),
    }
}

/// `h<n>_` -> `(offset N) `, `v<a>_<b>_` -> `(offset A, virtual offset B) `.
fn nv_thunk_offsets(extra: &str) -> String {
    let num = |s: &str| match s.strip_prefix('n') {
        Some(n) => format!("-{n}"),
        None => s.to_string(),
    };
    let mut parts = Vec::new();
    let mut rest = extra;
    while let Some(kind) = rest.chars().next() {
        let body = &rest[1..];
        match kind {
            'h' => {
                let (a, tail) = body.split_once('_').unwrap_or((body, ""));
                parts.push(format!("(offset {}) ", num(a)));
                rest = tail;
            }
            'v' => {
                let (a, tail) = body.split_once('_').unwrap_or((body, ""));
                let (b, tail) = tail.split_once('_').unwrap_or((tail, ""));
                parts.push(format!("(offset {}, virtual offset {}) ", num(a), num(b)));
                rest = tail;
            }
            _ => break,
        }
    }
    parts.concat()
}

fn special_prefix(kind: Special, style: Style) -> &'static str {
    match kind {
        Special::VTable => "vtable for ",
        Special::Vtt => "VTT for ",
        Special::TypeInfo => "typeinfo for ",
        Special::TypeInfoName => "typeinfo name for ",
        Special::GuardVariable => "guard variable for ",
        Special::TlsInit if style == Style::Gnu => "TLS init function for ",
        Special::TlsInit => "thread-local initialization routine for ",
        Special::TlsWrapper if style == Style::Gnu => "TLS wrapper function for ",
        Special::TlsWrapper => "thread-local wrapper routine for ",
        Special::ReferenceTemporary if style == Style::Gnu => "reference temporary #0 for ",
        Special::ReferenceTemporary => "reference temporary for ",
        Special::NonVirtualThunk => "non-virtual thunk to ",
        Special::VirtualThunk => "virtual thunk to ",
        Special::CovariantThunk => "covariant return thunk to ",
        Special::TransactionClone => "transaction clone for ",
        Special::NonTransactionClone => "non-transaction clone for ",
        Special::TypeInfoFunction => "typeinfo fn for ",
        Special::Javaclass => "java Class for ",
        Special::JavaResource => "java resource ",
        Special::ModuleInit => "initializer for module ",
        Special::TemplateParamObject => "template parameter object for ",
    }
}

/// What [`Printer::probe`] asks about a type.
#[derive(Clone, Copy)]
enum Probe {
    /// Does the type print a right half?
    Rhs,
    /// Is it, under qualifiers and parameters, an array or a function type?
    Declarator,
}

/// What a type's right half holds, as far as a [`Probe`] asked.
#[derive(Clone, Copy, Default)]
struct Shape {
    rhs: bool,
    array: bool,
    function: bool,
}

impl Shape {
    /// A pointer or reference to this type: it has the same right half, but it is itself
    /// neither an array nor a function.
    fn rhs_only(self) -> Shape {
        Shape {
            rhs: self.rhs,
            ..Shape::default()
        }
    }
}
