//! The demangler's parser: Itanium `<mangled-name>` bytes to an [`Ast`].
//!
//! Every `parse_x` implements one production of the grammar, quoted above it. A production
//! returns `None` on failure; the input is accepted only when consumed whole. Recursion depth
//! is bounded by [`MAX_DEPTH`], so hostile input yields an error instead of a stack overflow.
//!
//! Submodules: `names` (names, substitutions, template args), `types`, `exprs`, `vendor`
//! (NVIDIA and EDG extensions).

mod exprs;
mod names;
mod types;
mod vendor;

pub(crate) use types::builtin_name as builtin_name_of;

use crate::ast::{Ast, Cv, List, Node, NodeId, RefQual, Str};

/// Deepest nesting of productions we follow before giving up.
pub const MAX_DEPTH: u32 = 192;

/// One list of template arguments that `T_` may refer to.
#[derive(Clone, Debug)]
enum ParamLevel {
    /// The arguments of the encoding's own name, collected in `Parser::outer`.
    Outer,
    Own(Vec<NodeId>),
    /// A level that exists but whose arguments are unknowable (a generic lambda's `auto`).
    Null,
}

/// The parser's tables, kept from one name to the next so that their storage is allocated
/// once (they are emptied before reuse).
#[derive(Default)]
pub(crate) struct Tables {
    /// The substitution table: `S_` is `subs[0]`, `S0_` is `subs[1]`, ...
    subs: Vec<NodeId>,
    /// `prefix_subs[i]`: `subs[i]` was added as a prefix of a nested name (NVIDIA prints a
    /// type reached through such a substitution as `T*`, not `T *`). Shorter than `subs`
    /// when the last entries are not prefixes.
    prefix_subs: Vec<bool>,
    /// Template argument lists in scope, outermost first; `TL0__` indexes level 1.
    template_params: Vec<ParamLevel>,
    /// The arguments of the current encoding's name (level 0 while parsing its signature).
    outer: Vec<NodeId>,
    /// `T_` seen in a conversion operator's type before its arguments are known.
    forward_refs: Vec<NodeId>,
    /// Empty buffers to collect lists in before they are stored in the arena.
    buffers: Vec<Vec<NodeId>>,
    /// Empty `template_params` and `outer` tables for nested encodings, which start with
    /// their own (every name is one: taking fresh vectors would allocate per name).
    spare_params: Vec<(Vec<ParamLevel>, Vec<NodeId>)>,
}

/// What parsing a `<name>` tells the enclosing `<encoding>`.
#[derive(Default)]
struct NameState {
    ctor_dtor_conversion: bool,
    ends_with_template_args: bool,
    explicit_object_param: bool,
    cv: Cv,
    ref_qual: Option<RefQual>,
    forward_refs_begin: usize,
}

pub(crate) struct Parser<'a> {
    input: &'a [u8],
    /// `input` as text when it is valid UTF-8 (always, in practice), to slice names without
    /// validating each: a slice of it is valid exactly where a slice of the bytes would be.
    utf8: Option<&'a str>,
    /// Where `input` starts in the arena's text, which holds a copy of it when it is UTF-8:
    /// identifiers are then ranges of that copy rather than copies of their own.
    text_base: Option<usize>,
    pos: usize,
    pub(crate) ast: &'a mut Ast,
    /// The substitution table and the other lists kept from name to name.
    tables: &'a mut Tables,
    permit_forward_refs: bool,
    try_to_parse_template_args: bool,
    incomplete_template_tracking: bool,
    parsing_lambda_params_at_level: Option<usize>,
    synthetic_params: [u32; 3],
    depth: u32,
    /// Understand NVIDIA's vendor extensions (`Unvdl`...).
    pub(crate) vendor_extensions: bool,
    /// Reject what NVIDIA's demangler rejects (internal-linkage `L`, `__Z`, C4/C5/D4/D5,
    /// modules, `_BitInt`...), so that the `nvidia` dialect echoes the same names it does.
    pub(crate) nv_strict: bool,
    /// Inside the type of a conversion operator (`cv <type>`).
    in_conversion_type: bool,
    /// The next type is the member type of a pointer to member (`M <class> <type>`).
    parsing_member_type: bool,
    /// Follow libiberty where its grammar differs (discriminators, vendor qualifiers).
    pub(crate) gnu: bool,
}

type PResult = Option<NodeId>;

impl<'a> Parser<'a> {
    /// A parser that builds its AST in `ast` with the storage of `tables`, both emptied
    /// first (their capacity is kept).
    /// `text` is `input` as text when the caller has already checked that it is UTF-8
    /// (`None` checks here).
    pub(crate) fn new(
        input: &'a [u8],
        text: Option<&'a str>,
        ast: &'a mut Ast,
        tables: &'a mut Tables,
    ) -> Parser<'a> {
        ast.clear_for_demangling();
        let utf8 = text.or_else(|| std::str::from_utf8(input).ok());
        let text_base = utf8.map(|t| ast.copy_input(t));
        tables.subs.clear();
        tables.prefix_subs.clear();
        tables.template_params.clear();
        tables.outer.clear();
        tables.forward_refs.clear();
        Parser {
            input,
            utf8,
            text_base,
            pos: 0,
            ast,
            tables,
            permit_forward_refs: false,
            try_to_parse_template_args: true,
            incomplete_template_tracking: false,
            parsing_lambda_params_at_level: None,
            synthetic_params: [0; 3],
            depth: 0,
            vendor_extensions: true,
            nv_strict: false,
            gnu: false,
            in_conversion_type: false,
            parsing_member_type: false,
        }
    }

    // ---- cursor helpers ------------------------------------------------------------------

    /// How far the parser got: where a rejected input went wrong.
    pub(crate) fn error_offset(&self) -> usize {
        self.pos.min(self.input.len())
    }

    fn look(&self) -> u8 {
        self.look_at(0)
    }
    fn look_at(&self, n: usize) -> u8 {
        self.input.get(self.pos + n).copied().unwrap_or(0)
    }
    fn num_left(&self) -> usize {
        self.input.len() - self.pos
    }
    fn at_end(&self) -> bool {
        self.pos >= self.input.len()
    }
    fn consume_if(&mut self, s: &str) -> bool {
        if self.input[self.pos..].starts_with(s.as_bytes()) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }
    fn consume_byte(&mut self, b: u8) -> bool {
        if self.input.get(self.pos) == Some(&b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    /// The bytes `range` as text: sliced from `utf8` when the input is valid UTF-8, validated
    /// otherwise.
    fn slice(&self, range: std::ops::Range<usize>) -> Option<&'a str> {
        match self.utf8 {
            Some(text) => text.get(range),
            None => std::str::from_utf8(self.input.get(range)?).ok(),
        }
    }

    fn text(&self, begin: usize) -> &'a str {
        if let Some(text) = self.utf8 {
            return text.get(begin..self.pos).unwrap_or("");
        }
        // The input was checked to be ASCII-compatible where it matters; names are bytes.
        std::str::from_utf8(&self.input[begin..self.pos]).unwrap_or("")
    }
    fn make(&mut self, node: Node) -> NodeId {
        self.ast.push(node)
    }
    /// Stores text for a node in the arena.
    fn str(&mut self, s: &str) -> Str {
        self.ast.alloc_str(s)
    }
    /// An empty buffer to collect a list in, from a pool kept from name to name.
    fn buffer(&mut self) -> Vec<NodeId> {
        self.tables.buffers.pop().unwrap_or_default()
    }
    /// Stores the list collected in `buffer` in the arena and returns the buffer to the
    /// pool (a production that fails simply drops its buffer).
    fn list_from(&mut self, mut buffer: Vec<NodeId>) -> List {
        let list = self.ast.alloc_list(&buffer);
        buffer.clear();
        self.tables.buffers.push(buffer);
        list
    }
    /// The identifier at `begin..end` of the input, in place when the input was copied to
    /// the arena.
    fn input_name(&mut self, begin: usize, end: usize) -> Option<NodeId> {
        let s = match self.text_base {
            Some(base) => self.ast.input_str(base + begin, end - begin),
            None => {
                let text = self.slice(begin..end)?;
                self.str(text)
            }
        };
        Some(self.make(Node::Name(s)))
    }
    fn name(&mut self, s: &str) -> NodeId {
        let s = self.str(s);
        self.make(Node::Name(s))
    }
    /// A name spelled by the grammar itself (`std`, `this`).
    fn static_name(&mut self, s: &'static str) -> NodeId {
        self.name(s)
    }
    /// A builtin type (`int`): its spelling is static.
    fn builtin(&mut self, s: &'static str) -> NodeId {
        self.make(Node::Builtin(s))
    }

    /// Runs `f` one level deeper, failing beyond [`MAX_DEPTH`].
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let res = f(self);
        self.depth -= 1;
        res
    }

    /// `<number> ::= [n] <non-negative decimal integer>`; returns the text, empty if none.
    fn parse_number(&mut self, allow_negative: bool) -> &'a str {
        let begin = self.pos;
        if allow_negative {
            self.consume_byte(b'n');
        }
        if self.num_left() == 0 || !self.look().is_ascii_digit() {
            self.pos = begin;
            return "";
        }
        while self.look().is_ascii_digit() && !self.at_end() {
            self.pos += 1;
        }
        self.text(begin)
    }

    fn parse_positive_integer(&mut self) -> Option<u64> {
        let begin = self.pos;
        let mut n: u64 = 0;
        while let Some(&c) = self.input.get(self.pos)
            && c.is_ascii_digit()
        {
            n = n.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
            self.pos += 1;
        }
        (self.pos > begin).then_some(n)
    }

    /// `<seq-id>`: base 36 with digits `0-9A-Z`.
    fn parse_seq_id(&mut self) -> Option<u64> {
        let c = self.look();
        if !(c.is_ascii_digit() || c.is_ascii_uppercase()) || self.at_end() {
            return None;
        }
        let mut n: u64 = 0;
        loop {
            let c = self.look();
            let d = match c {
                b'0'..=b'9' => c - b'0',
                b'A'..=b'Z' => c - b'A' + 10,
                _ => break,
            };
            if self.at_end() {
                break;
            }
            n = n.checked_mul(36)?.checked_add(u64::from(d))?;
            self.pos += 1;
        }
        Some(n)
    }

    /// `<CV-qualifiers> ::= [r] [V] [K]`
    fn parse_cv(&mut self) -> Cv {
        Cv {
            restrict: self.consume_byte(b'r'),
            volatile: self.consume_byte(b'V'),
            konst: self.consume_byte(b'K'),
        }
    }

    // ---- top level -----------------------------------------------------------------------

    /// `<mangled-name> ::= _Z <encoding> [. <vendor-specific suffix>]`, or a bare `<type>`
    /// when `types` is set. Also `___Z..._block_invoke`.
    pub(crate) fn parse_top(&mut self, types: bool) -> PResult {
        if self.input.starts_with(b"__nv_static_") {
            return self.parse_nv_static();
        }
        if !self.nv_strict
            && let Some(res) = self.parse_global_ctor_dtor()
        {
            return Some(res);
        }
        let res = if self.consume_if("_Z") || (!self.nv_strict && self.consume_if("__Z")) {
            let mut enc = self.parse_encoding()?;
            if self.look() == b'.' && !self.at_end() {
                enc = self.parse_dot_suffixes(enc);
            }
            enc
        } else if !self.nv_strict && (self.consume_if("___Z") || self.consume_if("____Z")) {
            let enc = self.parse_encoding()?;
            let begin = self.pos;
            if !self.consume_if("_block_invoke") {
                return None;
            }
            let require_number = self.consume_byte(b'_');
            if self.parse_number(false).is_empty() && require_number {
                return None;
            }
            if self.look() == b'.' {
                self.pos = self.input.len();
            }
            let suffix = self.text(begin);
            let suffix = self.str(suffix);
            self.make(Node::BlockInvoke {
                encoding: enc,
                suffix,
            })
        } else if types {
            self.parse_type()?
        } else {
            return None;
        };
        if !self.at_end() {
            return None;
        }
        Some(res)
    }

    /// `_GLOBAL_ [._$] (I|D) _ <mangled-name or identifier>`
    fn parse_global_ctor_dtor(&mut self) -> PResult {
        let b = self.input;
        if b.len() < 11
            || !b.starts_with(b"_GLOBAL_")
            || !matches!(b[8], b'.' | b'_' | b'$')
            || b[10] != b'_'
        {
            return None;
        }
        let ctor = match b[9] {
            b'I' => true,
            b'D' => false,
            _ => return None,
        };
        self.pos = 11;
        let name = if self.input[11..].starts_with(b"_Z") {
            self.pos += 2;
            let enc = self.parse_encoding()?;
            if !self.at_end() {
                return None;
            }
            enc
        } else {
            let begin = self.pos;
            self.pos = self.input.len();
            let t = self.text(begin);
            if t.is_empty() {
                return None;
            }
            self.name(t)
        };
        Some(self.make(Node::GlobalCtorDtor { ctor, name }))
    }

    /// Clone suffixes: `.constprop.0`, `.cold`, `.isra.0.part.1`... kept as one node each.
    fn parse_dot_suffixes(&mut self, mut enc: NodeId) -> NodeId {
        let begin = self.pos;
        self.pos = self.input.len();
        let all = self.text(begin);
        // Split `.a.1.b` into `.a.1` and `.b`: a numeric component belongs to the one before.
        let mut pieces: Vec<&str> = Vec::new();
        let mut start = 0;
        let bytes = all.as_bytes();
        let mut i = 1;
        while i <= bytes.len() {
            if i == bytes.len() || bytes[i] == b'.' {
                let next_is_number =
                    i < bytes.len() && bytes.get(i + 1).is_some_and(|c| c.is_ascii_digit());
                if i == bytes.len() || !next_is_number {
                    pieces.push(&all[start..i]);
                    start = i;
                }
            }
            i += 1;
        }
        for p in pieces {
            let p = self.str(p);
            enc = self.make(Node::DotSuffix {
                prefix: enc,
                suffix: p,
            });
        }
        enc
    }

    /// ```text
    /// <encoding> ::= <function name> <bare-function-type>
    ///            ::= <data name>
    ///            ::= <special-name>
    /// ```
    pub(crate) fn parse_encoding(&mut self) -> PResult {
        // The template parameters of an encoding are unrelated to those of the enclosing context.
        if self.tables.template_params.is_empty() && self.tables.outer.is_empty() {
            // A top-level encoding: the enclosing tables are empty, so restoring them is
            // emptying them.
            let res = self.nested(|p| p.parse_encoding_inner());
            self.tables.template_params.clear();
            self.tables.outer.clear();
            return res;
        }
        let (mut params, mut outer) = self.tables.spare_params.pop().unwrap_or_default();
        std::mem::swap(&mut self.tables.template_params, &mut params);
        std::mem::swap(&mut self.tables.outer, &mut outer);
        let res = self.nested(|p| p.parse_encoding_inner());
        std::mem::swap(&mut self.tables.template_params, &mut params);
        std::mem::swap(&mut self.tables.outer, &mut outer);
        params.clear();
        outer.clear();
        self.tables.spare_params.push((params, outer));
        res
    }

    fn parse_encoding_inner(&mut self) -> PResult {
        if self.look() == b'G' || self.look() == b'T' {
            return self.parse_special_name();
        }
        let mut state = NameState {
            forward_refs_begin: self.tables.forward_refs.len(),
            ..NameState::default()
        };
        let name = self.parse_name(Some(&mut state))?;
        if !self.resolve_forward_refs(&state) {
            return None;
        }
        let is_end = |p: &Self| p.at_end() || matches!(p.look(), b'E' | b'.' | b'_');
        if is_end(self) {
            return Some(name);
        }
        let mut attrs = None;
        if self.consume_if("Ua9enable_ifI") {
            if self.nv_strict {
                return None;
            }
            let mut args = self.buffer();
            while !self.consume_byte(b'E') {
                args.push(self.parse_template_arg()?);
            }
            let args = self.list_from(args);
            attrs = Some(self.make(Node::EnableIf(args)));
        }
        let mut ret = None;
        // gcj's `J` marks an explicit return type on a non-template function.
        let java_return = self.gnu && self.consume_byte(b'J');
        if java_return || (!state.ctor_dtor_conversion && state.ends_with_template_args) {
            ret = Some(self.parse_type()?);
        }
        let mut params = self.buffer();
        if !self.consume_byte(b'v') {
            loop {
                let mut ty = self.parse_type()?;
                if state.explicit_object_param && params.is_empty() {
                    ty = self.make(Node::ExplicitObjectParameter(ty));
                }
                params.push(ty);
                if is_end(self) || self.look() == b'Q' {
                    break;
                }
            }
        }
        let mut requires = None;
        if self.look() == b'Q' && self.nv_strict {
            return None;
        }
        if self.consume_byte(b'Q') {
            requires = Some(self.parse_constraint_expr()?);
        }
        let params = self.list_from(params);
        Some(self.make(Node::FunctionEncoding {
            ret,
            name,
            params,
            attrs,
            requires,
            cv: state.cv,
            ref_qual: state.ref_qual.unwrap_or(RefQual::None),
        }))
    }

    /// Points every forward `T_` of the name at the argument it names.
    fn resolve_forward_refs(&mut self, state: &NameState) -> bool {
        for i in state.forward_refs_begin..self.tables.forward_refs.len() {
            let id = self.tables.forward_refs[i];
            let Node::ForwardTemplateRef { level, index, .. } = self.ast[id] else {
                continue;
            };
            let Some(target) = self.lookup_param(0, index as usize) else {
                return false;
            };
            self.ast.set(
                id,
                Node::TemplateParam {
                    level,
                    index,
                    resolved: Some(target),
                },
            );
        }
        self.tables.forward_refs.truncate(state.forward_refs_begin);
        true
    }

    fn lookup_param(&self, level: usize, index: usize) -> Option<NodeId> {
        match self.tables.template_params.get(level)? {
            ParamLevel::Outer => self.tables.outer.get(index).copied(),
            ParamLevel::Own(v) => v.get(index).copied(),
            ParamLevel::Null => None,
        }
    }

    /// ```text
    /// <special-name> ::= TV <type> | TT <type> | TI <type> | TS <type>
    ///                ::= Tc <call-offset> <call-offset> <base encoding>
    ///                ::= T <call-offset> <base encoding>
    ///                ::= TC <type> <number> _ <type>     # construction vtable
    ///                ::= TW <name> | TH <name> | GV <name>
    ///                ::= GR <name> [<seq-id>] _          # reference temporary
    ///                ::= GTt <encoding> | GTn <encoding> # transaction clones
    ///                ::= GI <module-name>                # module initializer
    ///                ::= Gr <length> _ <java resource>    # gcj, gnu dialect only
    ///                ::= TA <template-arg>               # template parameter object
    /// ```
    fn parse_special_name(&mut self) -> PResult {
        use crate::ast::Special as S;
        let simple = |p: &mut Self, kind: S, child: NodeId| {
            p.make(Node::SpecialName {
                kind,
                child,
                extra: Str::EMPTY,
            })
        };
        match (self.look(), self.look_at(1)) {
            (b'T', b'A') => {
                self.pos += 2;
                let arg = self.parse_template_arg()?;
                Some(simple(self, S::TemplateParamObject, arg))
            }
            (b'T', c @ (b'V' | b'T' | b'I' | b'S')) => {
                self.pos += 2;
                let ty = self.parse_type()?;
                let kind = match c {
                    b'V' => S::VTable,
                    b'T' => S::Vtt,
                    b'I' => S::TypeInfo,
                    _ => S::TypeInfoName,
                };
                Some(simple(self, kind, ty))
            }
            (b'T', b'c') => {
                self.pos += 2;
                let begin = self.pos;
                if !self.parse_call_offset() || !self.parse_call_offset() {
                    return None;
                }
                let extra = self.text(begin);
                let enc = self.parse_encoding()?;
                let extra = self.str(extra);
                Some(self.make(Node::SpecialName {
                    kind: S::CovariantThunk,
                    child: enc,
                    extra,
                }))
            }
            (b'T', b'C') if !self.nv_strict => {
                self.pos += 2;
                let first = self.parse_type()?;
                let offset = self.parse_number(true);
                if offset.is_empty() || !self.consume_byte(b'_') {
                    return None;
                }
                let second = self.parse_type()?;
                let offset = self.str(offset);
                Some(self.make(Node::CtorVtable {
                    first,
                    second,
                    offset,
                }))
            }
            (b'T', c @ (b'W' | b'H')) => {
                self.pos += 2;
                let name = self.parse_name(None)?;
                Some(simple(
                    self,
                    if c == b'W' { S::TlsWrapper } else { S::TlsInit },
                    name,
                ))
            }
            (b'T', b'F') => {
                self.pos += 2;
                let ty = self.parse_type()?;
                Some(simple(self, S::TypeInfoFunction, ty))
            }
            (b'T', b'J') => {
                self.pos += 2;
                let ty = self.parse_type()?;
                Some(simple(self, S::Javaclass, ty))
            }
            (b'T', _) => {
                self.pos += 1;
                let is_virtual = self.look() == b'v';
                let begin = self.pos;
                if !self.parse_call_offset() {
                    return None;
                }
                let extra = self.text(begin);
                let enc = self.parse_encoding()?;
                let kind = if is_virtual {
                    S::VirtualThunk
                } else {
                    S::NonVirtualThunk
                };
                let extra = self.str(extra);
                Some(self.make(Node::SpecialName {
                    kind,
                    child: enc,
                    extra,
                }))
            }
            (b'G', b'V') => {
                self.pos += 2;
                let name = self.parse_name(None)?;
                Some(simple(self, S::GuardVariable, name))
            }
            (b'G', b'R') if !self.nv_strict => {
                self.pos += 2;
                let name = self.parse_name(None)?;
                let begin = self.pos;
                let parsed_seq = self.parse_seq_id().is_some();
                if !self.consume_byte(b'_') && parsed_seq {
                    return None;
                }
                let extra = self.text(begin);
                let extra = self.str(extra);
                Some(self.make(Node::SpecialName {
                    kind: S::ReferenceTemporary,
                    child: name,
                    extra,
                }))
            }
            (b'G', b'r') if self.gnu => {
                self.pos += 2;
                let path = self.parse_java_resource()?;
                let child = self.name(&path);
                Some(simple(self, S::JavaResource, child))
            }
            (b'G', b'T') => {
                self.pos += 2;
                let kind = if self.consume_byte(b't') {
                    S::TransactionClone
                } else if self.consume_byte(b'n') {
                    S::NonTransactionClone
                } else {
                    return None;
                };
                let enc = self.parse_encoding()?;
                Some(simple(self, kind, enc))
            }
            (b'G', b'I') => {
                self.pos += 2;
                let module = self.parse_module_name_opt(None)?;
                let module = module?;
                Some(simple(self, S::ModuleInit, module))
            }
            _ => None,
        }
    }

    /// gcj's resource names: `<length> _ <bytes>`, the length counting the `_`, with `$S` for
    /// `/`, `$_` for `.` and `$$` for `$` (libiberty's reading).
    fn parse_java_resource(&mut self) -> Option<String> {
        let len = self.parse_positive_integer()? as usize;
        if len < 2 || !self.consume_byte(b'_') || self.num_left() < len - 1 {
            return None;
        }
        let end = self.pos + len - 1;
        let mut path = String::with_capacity(len);
        while self.pos < end {
            let c = self.look();
            self.pos += 1;
            if c != b'$' {
                path.push(char::from(c));
                continue;
            }
            if self.pos >= end {
                return None;
            }
            path.push(match self.look() {
                b'S' => '/',
                b'_' => '.',
                b'$' => '$',
                _ => return None,
            });
            self.pos += 1;
        }
        Some(path)
    }

    /// ```text
    /// <call-offset> ::= h <nv-offset> _
    ///               ::= v <v-offset> _
    /// ```
    fn parse_call_offset(&mut self) -> bool {
        if self.consume_byte(b'h') {
            return !self.parse_number(true).is_empty() && self.consume_byte(b'_');
        }
        if self.consume_byte(b'v') {
            return !self.parse_number(true).is_empty()
                && self.consume_byte(b'_')
                && !self.parse_number(true).is_empty()
                && self.consume_byte(b'_');
        }
        false
    }
}
