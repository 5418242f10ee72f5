//! The one AST for mangled entities, shared by the demangler, the printers and the mangler.
//!
//! Nodes live in an [`Ast`] arena and refer to each other by [`NodeId`]. A substitution
//! (`S0_`) or a template-parameter reference (`T_`) is simply a second reference to an
//! existing id, so the structure is a DAG: sharing is free and memory stays linear in the
//! input, even for "substitution bombs" whose printed form is exponential.

/// Index of a node in an [`Ast`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

/// CV-qualifiers, as the bits of `<CV-qualifiers> ::= [r] [V] [K]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cv {
    pub konst: bool,
    pub volatile: bool,
    pub restrict: bool,
}

impl Cv {
    pub fn is_empty(self) -> bool {
        !(self.konst || self.volatile || self.restrict)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefQual {
    None,
    LValue,
    RValue,
}

/// The abbreviations `Sa Sb Ss Si So Sd`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecialSub {
    Allocator,
    BasicString,
    String,
    IStream,
    OStream,
    IOStream,
}

impl SpecialSub {
    pub fn code(self) -> &'static str {
        match self {
            SpecialSub::Allocator => "Sa",
            SpecialSub::BasicString => "Sb",
            SpecialSub::String => "Ss",
            SpecialSub::IStream => "Si",
            SpecialSub::OStream => "So",
            SpecialSub::IOStream => "Sd",
        }
    }
    /// The unqualified name the abbreviation stands for.
    pub fn base_name(self) -> &'static str {
        match self {
            SpecialSub::Allocator => "allocator",
            SpecialSub::BasicString => "basic_string",
            SpecialSub::String => "basic_string",
            SpecialSub::IStream => "basic_istream",
            SpecialSub::OStream => "basic_ostream",
            SpecialSub::IOStream => "basic_iostream",
        }
    }
}

/// Which kind of reference a [`Node::Reference`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefKind {
    LValue,
    RValue,
}

/// An operator in an expression: its source spelling and how it prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpRef(pub(crate) u16);

/// The kinds of `<special-name>` that wrap a single child.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    VTable,
    Vtt,
    TypeInfo,
    TypeInfoName,
    GuardVariable,
    TlsInit,
    TlsWrapper,
    ReferenceTemporary,
    NonVirtualThunk,
    VirtualThunk,
    CovariantThunk,
    TransactionClone,
    NonTransactionClone,
    TypeInfoFunction,
    Javaclass,
    /// `_ZGr`: a Java resource (gcj); the child is the decoded resource path.
    JavaResource,
    /// `_ZGI` module initializer.
    ModuleInit,
    /// `_ZTX`: template parameter object.
    TemplateParamObject,
}

/// Vendor-specific NVIDIA lambda wrapper kinds (`Unvdl`, `Unvdtl`, `Unvhdl`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NvWrapperKind {
    Device,
    DeviceTrailingReturn,
    HostDevice {
        mutable: bool,
        fnptr_conv: bool,
        never_throws: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    // ---- names -------------------------------------------------------------------------
    /// A source identifier or a word of the grammar that is no type (`std`, `this`, `noexcept`).
    Name(Str),
    /// A builtin type by its spelling (`int`, `long long`, `std::nullptr_t`). Kept apart from
    /// [`Node::Name`] so that a source name spelled like a type (`9long long`) never becomes
    /// the type, in particular not in the mangler's hash-consed arena.
    Builtin(&'static str),
    /// `operator+` and friends: the operator's table entry.
    Operator(OpRef),
    /// `v <digit> <source-name>`: a vendor extended operator such as NVIDIA's `v23min`.
    VendorOperator {
        digit: u8,
        name: Str,
    },
    /// An anonymous namespace; `ident` is its mangled identifier (`_GLOBAL__N_1`).
    AnonymousNamespace(Str),
    /// `L <unqualified-name>`: internal linkage, which no dialect prints.
    Internal(NodeId),
    /// A reference to a nested-name prefix through the substitution table (`S0_`), which only
    /// the `nvidia` dialect distinguishes (it prints `A*` for it, `A *` otherwise).
    PrefixSubstitution(NodeId),
    /// `u <source-name>`: a vendor extended builtin type.
    VendorType(Str),
    /// `Prefix::Name`.
    Nested {
        qual: NodeId,
        name: NodeId,
    },
    /// `::Name` (`gs` in expressions).
    GlobalQualified(NodeId),
    /// `std::Name` produced by `St`.
    StdQualified(NodeId),
    /// `Name[abi:tag]`.
    AbiTagged {
        base: NodeId,
        tag: Str,
    },
    /// `Name<Args>`.
    NameWithTemplateArgs {
        name: NodeId,
        args: NodeId,
    },
    /// `<Args>` plus an optional trailing requires-clause.
    TemplateArgs {
        args: List,
        requires: Option<NodeId>,
    },
    /// `Encoding::Entity` with the entity's discriminator (`_0`, `__12_`), which no dialect prints.
    Local {
        encoding: NodeId,
        entity: NodeId,
        discriminator: Option<u64>,
    },
    /// `Qual::Name` inside an unresolved name of an expression (`sr`).
    QualifiedName {
        qual: NodeId,
        name: NodeId,
    },
    /// A template argument preceded by its parameter declaration (`Ty i`).
    TemplateParamQualifiedArg {
        param: NodeId,
        arg: NodeId,
    },
    /// `__device_stub__Z...`: cudafe++'s stub function, whose identifier embeds a mangled name.
    DeviceStub {
        prefix_len: u32,
        encoding: NodeId,
    },
    /// A string literal used as a local entity (`Z...Es`).
    StringLiteralName,
    /// `{default arg#N}` (gnu) / `'default arg'` scope inside a local name.
    DefaultArgScope {
        index: u64,
        entity: NodeId,
    },
    /// `Ctor`/`~Dtor`; `base` is the class name.
    /// `inherited` is the base class named by an inheriting constructor (`CI1 <type>`).
    CtorDtor {
        base: NodeId,
        dtor: bool,
        variant: u8,
        inherited: Option<NodeId>,
    },
    /// `~T` of an unresolved destructor name.
    DtorName(NodeId),
    /// `operator T`.
    ConversionOperator(NodeId),
    /// `operator"" _x`.
    LiteralOperator(NodeId),
    /// `Sa Sb Ss Si So Sd` used as a prefix (`std::string`).
    SpecialSubstitution(SpecialSub),
    /// The same but printed in full (as the base of a ctor/dtor name).
    ExpandedSpecialSubstitution(SpecialSub),
    /// An unnamed type `Ut_`; `count` is the 1-based instance number.
    UnnamedType(u64),
    /// A closure type `Ul...E_`.
    Closure {
        template_params: List,
        requires1: Option<NodeId>,
        params: List,
        requires2: Option<NodeId>,
        count: u64,
    },
    /// `[a, b]` structured binding.
    StructuredBinding(List),
    /// `Module:Name` (C++20 modules, `W`).
    ModuleName {
        parent: Option<NodeId>,
        name: NodeId,
        partition: bool,
    },
    ModuleEntity {
        module: NodeId,
        name: NodeId,
    },
    /// A friend declared inside a class that is mangled like a member (`F`).
    MemberLikeFriend {
        qual: NodeId,
        name: NodeId,
    },
    /// EDG block-scope static entity `B<len>...`: the prefix is dropped when printing.
    BlockScope {
        text: Str,
        name: NodeId,
    },
    /// NVIDIA's `__nv_static_<len>_<module-id>_` prefix on an internal-linkage symbol.
    NvStatic {
        module_id: Str,
        name: NodeId,
    },

    // ---- encodings and special names ---------------------------------------------------
    /// A function: `Ret Name(Params) cv & noexcept requires`.
    FunctionEncoding {
        ret: Option<NodeId>,
        name: NodeId,
        params: List,
        attrs: Option<NodeId>,
        requires: Option<NodeId>,
        cv: Cv,
        ref_qual: RefQual,
    },
    /// `_ZTV` and friends.
    /// `extra` keeps the call offsets (`h16_`) or sequence ids that no dialect prints.
    SpecialName {
        kind: Special,
        child: NodeId,
        extra: Str,
    },
    /// `_ZTC`: construction vtable; `offset` is the number between the two types.
    CtorVtable {
        first: NodeId,
        second: NodeId,
        offset: Str,
    },
    /// `___Z..._block_invoke`: a block invocation function.
    BlockInvoke {
        encoding: NodeId,
        suffix: Str,
    },
    /// `_GLOBAL__I_<name>` / `_GLOBAL__D_<name>`: static constructors/destructors of a TU.
    GlobalCtorDtor {
        ctor: bool,
        name: NodeId,
    },
    /// A `.suffix` clone marker (`foo() [clone .cold]`).
    DotSuffix {
        prefix: NodeId,
        suffix: Str,
    },
    /// `Ua9enable_ifI...E`.
    EnableIf(List),

    // ---- types ---------------------------------------------------------------------------
    Qualified {
        child: NodeId,
        cv: Cv,
    },
    /// `U<source-name>` vendor qualifier, optionally with template args.
    VendorQualified {
        child: NodeId,
        ext: Str,
        args: Option<NodeId>,
    },
    Pointer(NodeId),
    Reference {
        child: NodeId,
        kind: RefKind,
    },
    PointerToMember {
        class: NodeId,
        member: NodeId,
    },
    /// `T [dim]`; `dim` is a number node or an expression.
    Array {
        base: NodeId,
        dim: Option<NodeId>,
    },
    Function {
        ret: NodeId,
        params: List,
        cv: Cv,
        ref_qual: RefQual,
        exception: Option<NodeId>,
    },
    NoexceptSpec(NodeId),
    DynamicExceptionSpec(List),
    /// `Te`/`Ts`/`Tu` elaborated type specifier.
    Elaborated {
        kw: &'static str,
        child: NodeId,
    },
    /// A builtin transform like `__remove_reference_t(T)` (`u20__remove_reference_tI...E`).
    Transformed {
        transform: Str,
        child: NodeId,
    },
    /// `objc_object<Proto>`.
    ObjCProto {
        ty: NodeId,
        protocol: Str,
    },
    PostfixQualified {
        child: NodeId,
        postfix: &'static str,
    },
    Vector {
        base: NodeId,
        dim: Option<NodeId>,
    },
    PixelVector(NodeId),
    BinaryFp(NodeId),
    BitInt {
        size: NodeId,
        signed: bool,
    },
    /// `T_` after resolution: `resolved` is what it stands for (`None` when unknowable).
    TemplateParam {
        level: u32,
        index: u32,
        resolved: Option<NodeId>,
    },
    /// A template parameter referenced before its argument list is parsed.
    /// `serial` keeps distinct references distinct in the hash-consed arena until resolved.
    ForwardTemplateRef {
        level: u32,
        index: u32,
        serial: u32,
    },
    /// A pack of arguments substituted for a `T_` naming a pack.
    ParameterPack(List),
    /// `J...E` in template args.
    TemplateArgumentPack(List),
    /// `Dp T` pack expansion.
    ParameterPackExpansion(NodeId),
    /// A synthesized template parameter name like `$T` / `$N0` / `auto`.
    SyntheticTemplateParam {
        kind: u8,
        index: u32,
    },
    TypeTemplateParamDecl(NodeId),
    ConstrainedTypeTemplateParamDecl {
        constraint: NodeId,
        name: NodeId,
    },
    NonTypeTemplateParamDecl {
        name: NodeId,
        ty: NodeId,
    },
    TemplateTemplateParamDecl {
        name: NodeId,
        params: List,
        requires: Option<NodeId>,
    },
    TemplateParamPackDecl(NodeId),
    /// An explicit object parameter `this T`.
    ExplicitObjectParameter(NodeId),
    /// NVIDIA `__nv_dl_wrapper_t` / `__nv_hdl_wrapper_t` from `Unvdl`/`Unvdtl`/`Unvhdl`.
    NvLambdaWrapper {
        kind: NvWrapperKind,
        fn_type: NodeId,
        enclosing: NodeId,
        id: u64,
        ret: Option<NodeId>,
        signature: List,
        captures: List,
    },

    // ---- expressions -------------------------------------------------------------------
    Binary {
        lhs: NodeId,
        op: OpRef,
        rhs: NodeId,
    },
    ArraySubscript {
        op1: NodeId,
        op2: NodeId,
    },
    Postfix {
        child: NodeId,
        op: OpRef,
    },
    Prefix {
        op: OpRef,
        child: NodeId,
    },
    Conditional {
        cond: NodeId,
        then: NodeId,
        els: NodeId,
    },
    /// `a.b`, `a->b`, `a.*b`, `a->*b`.
    MemberAccess {
        lhs: NodeId,
        op: OpRef,
        rhs: NodeId,
    },
    Subobject {
        ty: NodeId,
        sub: NodeId,
        offset: Str,
        path: List,
        one_past_end: bool,
    },
    /// `decltype(x)`, `noexcept (x)`, `sizeof... (x)`.
    Enclosing {
        prefix: &'static str,
        child: NodeId,
        postfix: &'static str,
    },
    /// `sizeof (x)`, `alignof (x)`, `typeid (x)` from the operator table.
    OfId {
        op: OpRef,
        child: NodeId,
    },
    /// `static_cast<T>(e)` and friends.
    Cast {
        op: OpRef,
        to: NodeId,
        from: NodeId,
    },
    SizeofParamPack(NodeId),
    Call {
        callee: NodeId,
        args: List,
        paren: bool,
    },
    New {
        exprs: List,
        ty: NodeId,
        inits: List,
        global: bool,
        array: bool,
        paren_init: bool,
    },
    Delete {
        op: NodeId,
        global: bool,
        array: bool,
    },
    /// `fp_` etc.: `index` is the number text (empty for the first), `raw` the whole mangling.
    FunctionParam {
        index: Str,
        raw: Str,
    },
    /// `(T)(e...)`; `many` is the `cv <type> _ ... E` form.
    Conversion {
        ty: NodeId,
        exprs: List,
        many: bool,
    },
    PointerToMemberConversion {
        ty: NodeId,
        expr: NodeId,
        offset: Str,
    },
    InitList {
        ty: Option<NodeId>,
        inits: List,
    },
    Braced {
        elem: NodeId,
        init: NodeId,
        array: bool,
    },
    BracedRange {
        first: NodeId,
        last: NodeId,
        init: NodeId,
    },
    Fold {
        left: bool,
        op: OpRef,
        pack: NodeId,
        init: Option<NodeId>,
    },
    Throw(NodeId),
    Rethrow,
    Bool(bool),
    StringLiteral(NodeId),
    Lambda(NodeId),
    EnumLiteral {
        ty: NodeId,
        value: Str,
    },
    /// `L <builtin code> <number> E`; `ty` is the one-letter code.
    IntegerLiteral {
        ty: Str,
        value: Str,
    },
    /// `L<type><hex>E`: kind 0=float 1=double 2=long double (x86 80-bit), raw hex.
    FloatLiteral {
        kind: u8,
        hex: Str,
    },
    /// `LDnE` / `LDn0E`.
    NullPointer {
        zero: bool,
    },
    /// `L_Z <encoding> E`.
    ExternalName(NodeId),
    /// `u <source-name> <template-arg>* E`.
    VendorExpr {
        name: NodeId,
        args: List,
    },
    /// An `sr` name; `form` 0 = `sr <unresolved-type>`, 1 = `sr <qualifier>+ E`, 2 = `srN`.
    UnresolvedName {
        name: NodeId,
        global: bool,
        form: u8,
    },
    /// `on <operator-name>`.
    OnOperator(NodeId),
    Requires {
        params: List,
        reqs: List,
        with_params: bool,
    },
    ExprRequirement {
        expr: NodeId,
        noexcept: bool,
        constraint: Option<NodeId>,
    },
    TypeRequirement(NodeId),
    NestedRequirement(NodeId),
    /// A bare list (`sP` arguments).
    NodeArray(List),
}

/// The text of a node (an identifier, an ABI tag, a literal's digits): a range of its
/// arena's text buffer, so that nodes own no heap data and an arena is emptied by
/// truncation. Read it with [`Ast::str`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Str {
    start: u32,
    len: u32,
}

/// A list of nodes (template arguments, parameters, pack elements): a range of its arena's
/// list table. Read it with [`Ast::list`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct List {
    start: u32,
    len: u32,
}

impl Str {
    /// The empty text, valid in every arena.
    pub const EMPTY: Str = Str { start: 0, len: 0 };
}

impl List {
    /// The empty list, valid in every arena.
    pub const EMPTY: List = List { start: 0, len: 0 };

    pub fn len(self) -> usize {
        self.len as usize
    }
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// The arena holding every node of one demangled (or to-be-mangled) entity, with the text
/// and the lists its nodes refer to.
///
/// Nodes are hash-consed: allocating a node equal to an existing one returns the existing id.
/// Structurally equal subtrees therefore share one id, which is exactly the identity the
/// mangler's substitution table needs. Texts and lists are hash-consed with them, so that
/// equal contents are equal handles.
#[derive(Clone, Debug, Default)]
pub struct Ast {
    nodes: Vec<Node>,
    text: String,
    lists: Vec<NodeId>,
    // Invariant: every node allocated through `alloc` is found under its hash, in `interned`
    // or (when another node took that slot) in `collisions` (a node replaced by `set` keeps
    // its old entry, which only ever names the same forward reference). Ids, not nodes, are
    // stored: no node is cloned, and the common case allocates nothing.
    interned: rustc_hash::FxHashMap<u64, NodeId>,
    collisions: rustc_hash::FxHashMap<u64, Vec<NodeId>>,
    interned_text: rustc_hash::FxHashMap<Box<str>, Str>,
    interned_lists: rustc_hash::FxHashMap<Box<[NodeId]>, List>,
    /// Off for the demangler's arenas, whose sharing comes from the substitutions themselves
    /// (hashing every node would cost it a third of its time).
    no_interning: bool,
    /// Whether a closure type is among the nodes: only then has GNU's printer a closure's
    /// declarator to look for (libiberty's modifier stack, see `print`).
    has_closure: bool,
}

impl Ast {
    pub fn new() -> Ast {
        Ast::default()
    }
    /// An arena that does not hash-cons, sized for about `nodes` nodes: what the demangler
    /// uses. Equal subtrees are shared only where the mangled name shared them.
    pub(crate) fn for_demangling(nodes: usize) -> Ast {
        Ast {
            nodes: Vec::with_capacity(nodes),
            text: String::with_capacity(nodes * 4),
            lists: Vec::with_capacity(nodes),
            no_interning: true,
            ..Ast::default()
        }
    }
    /// Empties a demangler's arena for the next name, keeping its storage. Nodes own
    /// nothing, so this is three truncations.
    pub(crate) fn clear_for_demangling(&mut self) {
        self.nodes.clear();
        self.text.clear();
        self.lists.clear();
        self.has_closure = false;
        if !self.no_interning {
            self.interned.clear();
            self.collisions.clear();
            self.interned_text.clear();
            self.interned_lists.clear();
            self.no_interning = true;
        }
    }
    #[inline]
    pub fn alloc(&mut self, node: Node) -> NodeId {
        self.note(&node);
        if self.no_interning {
            let id = NodeId(self.nodes.len() as u32);
            self.nodes.push(node);
            return id;
        }
        self.intern(node)
    }

    #[inline]
    fn note(&mut self, node: &Node) {
        self.has_closure |= matches!(node, Node::Closure { .. });
    }

    /// Whether any node is a closure type.
    pub(crate) fn has_closure(&self) -> bool {
        self.has_closure
    }

    /// Appends `node` without looking for an equal one: the demangler's allocation, whose
    /// arenas never intern. Kept apart from [`Ast::alloc`] so that a node built by the
    /// caller never escapes to `intern`, and can be stored straight into the arena rather
    /// than built on the stack and copied.
    #[inline]
    pub(crate) fn push(&mut self, node: Node) -> NodeId {
        debug_assert!(self.no_interning);
        self.note(&node);
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(node);
        id
    }

    #[inline(never)]
    fn intern(&mut self, node: Node) -> NodeId {
        use std::hash::{BuildHasher, BuildHasherDefault};
        let hash = BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(node);
        let id = NodeId(self.nodes.len() as u32);
        match self.interned.entry(hash) {
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(id);
            }
            std::collections::hash_map::Entry::Occupied(slot) => {
                let first = *slot.get();
                if self.nodes[first.0 as usize] == node {
                    return first;
                }
                let others = self.collisions.entry(hash).or_default();
                if let Some(&found) = others
                    .iter()
                    .find(|other| self.nodes[other.0 as usize] == node)
                {
                    return found;
                }
                others.push(id);
            }
        }
        self.nodes.push(node);
        id
    }

    /// Stores `text` for a node.
    #[inline]
    pub fn alloc_str(&mut self, text: &str) -> Str {
        if !self.no_interning
            && let Some(&found) = self.interned_text.get(text)
        {
            return found;
        }
        let s = Str {
            start: self.text.len() as u32,
            len: text.len() as u32,
        };
        self.text.push_str(text);
        if !self.no_interning {
            self.interned_text.insert(text.into(), s);
        }
        s
    }

    /// Copies a demangler's input into the text buffer, so that its identifiers can be
    /// referred to in place ([`Ast::input_str`]); returns where it starts.
    pub(crate) fn copy_input(&mut self, input: &str) -> usize {
        let start = self.text.len();
        self.text.push_str(input);
        start
    }

    /// The text at `start..start + len` of the buffer, a range of an input copied with
    /// [`Ast::copy_input`].
    pub(crate) fn input_str(&self, start: usize, len: usize) -> Str {
        debug_assert!(self.text.is_char_boundary(start) && start + len <= self.text.len());
        Str {
            start: start as u32,
            len: len as u32,
        }
    }

    /// Stores the list `items` for a node.
    #[inline]
    pub fn alloc_list(&mut self, items: &[NodeId]) -> List {
        if !self.no_interning
            && let Some(&found) = self.interned_lists.get(items)
        {
            return found;
        }
        let l = List {
            start: self.lists.len() as u32,
            len: items.len() as u32,
        };
        self.lists.extend_from_slice(items);
        if !self.no_interning {
            self.interned_lists.insert(items.into(), l);
        }
        l
    }

    /// The text of `s`.
    #[inline]
    pub fn str(&self, s: Str) -> &str {
        &self.text[s.start as usize..(s.start + s.len) as usize]
    }

    /// The bytes of `s`, for writers that need no `&str` (slicing bytes skips the character
    /// boundary checks of slicing text).
    #[inline]
    pub(crate) fn bytes(&self, s: Str) -> &[u8] {
        &self.text.as_bytes()[s.start as usize..(s.start + s.len) as usize]
    }

    /// The nodes of `l`.
    #[inline]
    pub fn list(&self, l: List) -> &[NodeId] {
        &self.lists[l.start as usize..(l.start + l.len) as usize]
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    pub(crate) fn set(&mut self, id: NodeId, node: Node) {
        self.note(&node);
        self.nodes[id.0 as usize] = node;
    }
}

impl std::ops::Index<NodeId> for Ast {
    type Output = Node;
    fn index(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }
}
