//! The one AST for mangled entities, shared by the demangler, the printers and the mangler.
//!
//! Nodes live in an [`Ast`] arena and refer to each other by [`NodeId`]. A substitution
//! (`S0_`) or a template-parameter reference (`T_`) is simply a second reference to an
//! existing id, so the structure is a DAG: sharing is free and memory stays linear in the
//! input, even for "substitution bombs" whose printed form is exponential.

use smol_str::SmolStr;

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

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    // ---- names -------------------------------------------------------------------------
    /// A source identifier or a word of the grammar that is no type (`std`, `this`, `noexcept`).
    Name(SmolStr),
    /// A builtin type by its spelling (`int`, `long long`, `std::nullptr_t`). Kept apart from
    /// [`Node::Name`] so that a source name spelled like a type (`9long long`) never becomes
    /// the type, in particular not in the mangler's hash-consed arena.
    Builtin(SmolStr),
    /// `operator+` and friends: the operator's table entry.
    Operator(OpRef),
    /// `v <digit> <source-name>`: a vendor extended operator such as NVIDIA's `v23min`.
    VendorOperator {
        digit: u8,
        name: SmolStr,
    },
    /// An anonymous namespace; `ident` is its mangled identifier (`_GLOBAL__N_1`).
    AnonymousNamespace(SmolStr),
    /// `L <unqualified-name>`: internal linkage, which no dialect prints.
    Internal(NodeId),
    /// A reference to a nested-name prefix through the substitution table (`S0_`), which only
    /// the `nvidia` dialect distinguishes (it prints `A*` for it, `A *` otherwise).
    PrefixSubstitution(NodeId),
    /// `u <source-name>`: a vendor extended builtin type.
    VendorType(SmolStr),
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
        tag: SmolStr,
    },
    /// `Name<Args>`.
    NameWithTemplateArgs {
        name: NodeId,
        args: NodeId,
    },
    /// `<Args>` plus an optional trailing requires-clause.
    TemplateArgs {
        args: Vec<NodeId>,
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
        template_params: Vec<NodeId>,
        requires1: Option<NodeId>,
        params: Vec<NodeId>,
        requires2: Option<NodeId>,
        count: u64,
    },
    /// `[a, b]` structured binding.
    StructuredBinding(Vec<NodeId>),
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
        text: SmolStr,
        name: NodeId,
    },
    /// NVIDIA's `__nv_static_<len>_<module-id>_` prefix on an internal-linkage symbol.
    NvStatic {
        module_id: SmolStr,
        name: NodeId,
    },

    // ---- encodings and special names ---------------------------------------------------
    /// A function: `Ret Name(Params) cv & noexcept requires`.
    FunctionEncoding {
        ret: Option<NodeId>,
        name: NodeId,
        params: Vec<NodeId>,
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
        extra: SmolStr,
    },
    /// `_ZTC`: construction vtable; `offset` is the number between the two types.
    CtorVtable {
        first: NodeId,
        second: NodeId,
        offset: SmolStr,
    },
    /// `___Z..._block_invoke`: a block invocation function.
    BlockInvoke {
        encoding: NodeId,
        suffix: SmolStr,
    },
    /// `_GLOBAL__I_<name>` / `_GLOBAL__D_<name>`: static constructors/destructors of a TU.
    GlobalCtorDtor {
        ctor: bool,
        name: NodeId,
    },
    /// A `.suffix` clone marker (`foo() [clone .cold]`).
    DotSuffix {
        prefix: NodeId,
        suffix: SmolStr,
    },
    /// `Ua9enable_ifI...E`.
    EnableIf(Vec<NodeId>),

    // ---- types ---------------------------------------------------------------------------
    Qualified {
        child: NodeId,
        cv: Cv,
    },
    /// `U<source-name>` vendor qualifier, optionally with template args.
    VendorQualified {
        child: NodeId,
        ext: SmolStr,
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
        params: Vec<NodeId>,
        cv: Cv,
        ref_qual: RefQual,
        exception: Option<NodeId>,
    },
    NoexceptSpec(NodeId),
    DynamicExceptionSpec(Vec<NodeId>),
    /// `Te`/`Ts`/`Tu` elaborated type specifier.
    Elaborated {
        kw: SmolStr,
        child: NodeId,
    },
    /// A builtin transform like `__remove_reference_t(T)` (`u20__remove_reference_tI...E`).
    Transformed {
        transform: SmolStr,
        child: NodeId,
    },
    /// `objc_object<Proto>`.
    ObjCProto {
        ty: NodeId,
        protocol: SmolStr,
    },
    PostfixQualified {
        child: NodeId,
        postfix: SmolStr,
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
    ParameterPack(Vec<NodeId>),
    /// `J...E` in template args.
    TemplateArgumentPack(Vec<NodeId>),
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
        params: Vec<NodeId>,
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
        signature: Vec<NodeId>,
        captures: Vec<NodeId>,
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
        offset: SmolStr,
        path: Vec<NodeId>,
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
        args: Vec<NodeId>,
        paren: bool,
    },
    New {
        exprs: Vec<NodeId>,
        ty: NodeId,
        inits: Vec<NodeId>,
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
        index: SmolStr,
        raw: SmolStr,
    },
    /// `(T)(e...)`; `many` is the `cv <type> _ ... E` form.
    Conversion {
        ty: NodeId,
        exprs: Vec<NodeId>,
        many: bool,
    },
    PointerToMemberConversion {
        ty: NodeId,
        expr: NodeId,
        offset: SmolStr,
    },
    InitList {
        ty: Option<NodeId>,
        inits: Vec<NodeId>,
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
        value: SmolStr,
    },
    /// `L <builtin code> <number> E`; `ty` is the one-letter code.
    IntegerLiteral {
        ty: SmolStr,
        value: SmolStr,
    },
    /// `L<type><hex>E`: kind 0=float 1=double 2=long double (x86 80-bit), raw hex.
    FloatLiteral {
        kind: u8,
        hex: SmolStr,
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
        args: Vec<NodeId>,
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
        params: Vec<NodeId>,
        reqs: Vec<NodeId>,
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
    NodeArray(Vec<NodeId>),
}

/// The arena holding every node of one demangled (or to-be-mangled) entity.
///
/// Nodes are hash-consed: allocating a node equal to an existing one returns the existing id.
/// Structurally equal subtrees therefore share one id, which is exactly the identity the
/// mangler's substitution table needs.
#[derive(Clone, Debug, Default)]
pub struct Ast {
    nodes: Vec<Node>,
    // Invariant: every node allocated through `alloc` is found under its hash, in `interned`
    // or (when another node took that slot) in `collisions` (a node replaced by `set` keeps
    // its old entry, which only ever names the same forward reference). Ids, not nodes, are
    // stored: no node is cloned, and the common case allocates nothing.
    interned: rustc_hash::FxHashMap<u64, NodeId>,
    collisions: rustc_hash::FxHashMap<u64, Vec<NodeId>>,
    /// Off for the demangler's arenas, whose sharing comes from the substitutions themselves
    /// (hashing every node would cost it a third of its time).
    no_interning: bool,
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
            no_interning: true,
            ..Ast::default()
        }
    }
    /// Empties a demangler's arena for the next name, keeping its storage.
    pub(crate) fn clear_for_demangling(&mut self) {
        self.nodes.clear();
        self.interned.clear();
        self.collisions.clear();
        self.no_interning = true;
    }
    #[inline]
    pub fn alloc(&mut self, node: Node) -> NodeId {
        if self.no_interning {
            let id = NodeId(self.nodes.len() as u32);
            self.nodes.push(node);
            return id;
        }
        self.intern(node)
    }

    #[inline(never)]
    fn intern(&mut self, node: Node) -> NodeId {
        use std::hash::{BuildHasher, BuildHasherDefault};
        let hash = BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(&node);
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
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    pub(crate) fn set(&mut self, id: NodeId, node: Node) {
        self.nodes[id.0 as usize] = node;
    }
}

impl std::ops::Index<NodeId> for Ast {
    type Output = Node;
    fn index(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }
}
