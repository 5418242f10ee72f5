//! Printing an [`Ast`] as C++ source text, in one of three dialects.
//!
//! As in C++ declarators, a type prints in two halves around the declared name: `int (*` on
//! the left and `)[4]` on the right. `print_left`/`print_right` produce them; `has_rhs`,
//! `has_array` and `has_function` say what a node's right half holds.
//!
//! The AST is a DAG (substitutions share nodes), so printed output can be exponential in the
//! input. The printer stops with an error when the output or the nesting gets too big.
//!
//! Submodules: `left` and `right` (the two halves), `templates` (template arguments and
//! parameters, packs), `exprs` (expressions and literals), `vendor` (NVIDIA wrapper types),
//! `closure_declarator` (GNU: the declarator around a closure type, printed inside it).

mod closure_declarator;
mod exprs;
mod left;
mod right;
mod templates;
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
