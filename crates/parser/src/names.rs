//! The scope-aware table of names declared so far, which makes the parser's syntactic decisions.
//!
//! C++ cannot be parsed without knowing which names denote types and templates (`a < b > c`,
//! `T * x;`, `T(x);`). Like EDG and clang, the parser records every declaration it completes
//! and asks this table. It records only what those decisions need: per scope, each name's
//! [`Entry`] flags (type, template, value, namespace, concept) and, for namespaces and classes,
//! the scope that qualified lookup continues into.
//!
//! Lookup is approximate where the table cannot know better, and these heuristics are deliberate:
//! - Unqualified lookup walks the scope chain; each scope also searches the namespaces its
//!   using-directives nominate, its inline namespaces, and the bases of a class that resolved to
//!   a known class (also dependent bases like `Base<T>`, through the primary template).
//! - Explicit and partial specializations share the primary template's scope, so
//!   `hash<int>::result_type` finds members declared in any specialization.
//! - What follows a qualified declarator-id (`void N::X<T>::f(mask m) { ... }`) sees the members
//!   of `X` and its enclosing scopes first ([`ScopeKind::Declarator`], [`NameTable::add_lexical`]).
//! - Members of an unnamed class stay in it unless it is an anonymous union or struct; classes
//!   and enums defined in a block stay in the block (see `grammar::classes`).
//! - Names that lookup does not find are "unknown"; the grammar treats them with its own
//!   heuristics (see `grammar::names`).
//!
//! Every change is logged so that tentative parsing can undo it ([`NameTable::checkpoint`]).
//!
//! Block contexts, for incremental reparsing: while the parser is inside an outermost compound
//! statement, every question it asks about a scope that existed before the block's `{` (an
//! "outer" scope) goes through [`NameTable::outer`], which records the question and its answer.
//! A block that changes an outer scope (a local class is declared in the enclosing namespace)
//! "escapes" and keeps no record. Since outer scopes do not change while a block is parsed, the
//! record ([`BlockContext`]) answers every question the block asked exactly as the full parse
//! did; [`NameTable::with_context`] builds a table that answers outer questions from it, and
//! from the set of names the whole parse ever declared (a lookup of a name declared nowhere
//! finds nothing, whatever the scope), and reports any other question, so a reparse of the
//! edited block either makes the same decisions as a full parse or is abandoned.
use std::{
    cell::{Cell, RefCell},
    sync::Arc,
};

use rustc_hash::{FxHashMap, FxHashSet};

/// Every name a parse declared anywhere, and every class name (found as injected class names).
pub type DeclaredNames = FxHashSet<Arc<str>>;

pub(crate) type ScopeId = u32;

/// An interned identifier: names are compared and hashed as integers.
pub(crate) type Sym = u32;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Entry {
    pub(crate) flags: u8,
    /// The scope a qualified name continues into (namespaces and classes), or `NO_SCOPE`.
    pub(crate) scope: ScopeId,
}

pub(crate) const NO_SCOPE: ScopeId = u32::MAX;

impl Entry {
    pub(crate) const TYPE: u8 = 1;
    pub(crate) const TEMPLATE: u8 = 2;
    pub(crate) const VALUE: u8 = 4;
    pub(crate) const NAMESPACE: u8 = 8;
    pub(crate) const CONCEPT: u8 = 16;
    /// A template parameter or a name found only through one: its members are unknown.
    pub(crate) const DEPENDENT: u8 = 32;

    pub(crate) fn is_type(self) -> bool {
        self.flags & Entry::TYPE != 0 && self.flags & Entry::VALUE == 0
    }
    pub(crate) fn is_template(self) -> bool {
        self.flags & (Entry::TEMPLATE | Entry::CONCEPT) != 0
    }
    pub(crate) fn is_value(self) -> bool {
        self.flags & Entry::VALUE != 0
    }
    pub(crate) fn scope(self) -> Option<ScopeId> {
        (self.scope != NO_SCOPE).then_some(self.scope)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ScopeKind {
    Namespace,
    Class,
    /// Template parameters.
    Template,
    /// Function parameters and bodies.
    Local,
    /// What follows a qualified declarator-id (`X::f(params) -> ret noexcept(...) = init`, the
    /// body of `X::f`): no names of its own, but searches `X` and its enclosing scopes first
    /// ([basic.lookup]). Transparent like `Template` for where declarations go.
    Declarator,
}

#[derive(Debug, Clone)]
struct Scope {
    kind: ScopeKind,
    parent: Option<ScopeId>,
    names: FxHashMap<Sym, Entry>,
    /// Nominated namespaces, inline namespaces, and bases: searched after `names`.
    extra: Vec<ScopeId>,
    /// Scopes searched only by unqualified lookup from inside this one, after its own names and
    /// before its parent: for the declarator of `N::X::f` (a `Declarator` scope) and the body of
    /// `struct N::X::Inner`, the scopes `X` and `N` (see [`NameTable::add_lexical`]).
    lexical: Vec<ScopeId>,
    /// The class name, for constructor detection and the injected class name.
    class_name: Option<Sym>,
    /// The flags the class was declared with (`TEMPLATE` for class templates).
    class_flags: u8,
}

enum LogEntry {
    Name {
        scope: ScopeId,
        name: Sym,
        previous: Option<Entry>,
    },
    Extra {
        scope: ScopeId,
    },
    Lexical {
        scope: ScopeId,
    },
    Enter {
        previous: ScopeId,
    },
    /// A class scope re-parented at its definition ([`NameTable::set_parent`]).
    Parent {
        scope: ScopeId,
        previous: Option<ScopeId>,
    },
    /// Flags a redeclaration added to an existing class scope.
    ClassFlags {
        scope: ScopeId,
        previous: u8,
    },
}

/// A question about an outer scope; `N` is the name type (`Sym` while parsing, the spelling in a
/// stored [`BlockContext`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Query<N> {
    /// Unqualified lookup starting at the scope.
    Chain(ScopeId, N),
    /// Qualified lookup in the scope, with the fuel left for nominated scopes and bases.
    In(ScopeId, N, u32),
    Kind(ScopeId),
    ClassName(ScopeId),
    DeclScope(ScopeId),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Answer<N> {
    Entry(Option<Entry>),
    Kind(ScopeKind),
    Name(Option<N>),
    Scope(ScopeId),
}

impl<N> Query<N> {
    fn map<M>(self, mut f: impl FnMut(N) -> M) -> Query<M> {
        match self {
            Query::Chain(s, n) => Query::Chain(s, f(n)),
            Query::In(s, n, fuel) => Query::In(s, f(n), fuel),
            Query::Kind(s) => Query::Kind(s),
            Query::ClassName(s) => Query::ClassName(s),
            Query::DeclScope(s) => Query::DeclScope(s),
        }
    }
}

impl<N> Answer<N> {
    fn map<M>(self, f: impl FnMut(N) -> M) -> Answer<M> {
        match self {
            Answer::Entry(e) => Answer::Entry(e),
            Answer::Kind(k) => Answer::Kind(k),
            Answer::Name(n) => Answer::Name(n.map(f)),
            Answer::Scope(s) => Answer::Scope(s),
        }
    }
    fn entry(self) -> Option<Entry> {
        match self {
            Answer::Entry(e) => e,
            _ => None,
        }
    }
}

/// A recorded question and its answer, with names spelled out.
type StoredAnswer = (Query<Arc<str>>, Answer<Arc<str>>);

/// What the parse of one outermost block asked about the scopes outside it, with the answers,
/// and the parser state at its `{`. Scope ids are those of the parse that recorded it; ids below
/// `base` are outer scopes. Two records of the same block are equal up to a renaming of scopes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockContext {
    base: ScopeId,
    current: ScopeId,
    answers: Box<[StoredAnswer]>,
    pub(crate) state: BlockState,
}

impl BlockContext {
    /// Approximate heap size: the answers, the context itself, and its `Arc` header.
    pub fn heap_bytes(&self) -> usize {
        size_of::<BlockContext>() + 16 + self.answers.len() * size_of::<StoredAnswer>()
    }
}

/// The parser's own state at a block's `{` that can change how the block parses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct BlockState {
    pub(crate) nesting: u32,
    pub(crate) else_if_links: u32,
    pub(crate) type_ctx: bool,
}

/// How questions about outer scopes are answered.
enum OuterMode {
    /// No block is being recorded: every scope is real.
    Off,
    /// Recording an outermost block: answers come from the real scopes and are kept.
    Recording {
        answers: RefCell<FxHashMap<Query<Sym>, Answer<Sym>>>,
        escaped: bool,
    },
    /// Reparsing a block: outer scopes do not exist; answers come from a record.
    Replaying {
        known: FxHashMap<Query<Sym>, Answer<Sym>>,
        declared: Arc<DeclaredNames>,
        used: RefCell<FxHashMap<Query<Sym>, Answer<Sym>>>,
        /// A question the record cannot answer, or a change to an outer scope.
        failed: Cell<bool>,
    },
}

/// The most steps any walk up a chain of parent scopes takes. Parents form a forest
/// ([`NameTable::set_parent`] refuses a cycle), so a chain is only as long as the nesting of
/// scopes; the bound is a backstop that turns a broken invariant into a wrong answer for
/// malformed input rather than a hang (and a debug assertion, so tests and fuzzing see it).
const CHAIN_LIMIT: u32 = 10_000;

/// Counts one step of a parent-chain walk; `false` once [`CHAIN_LIMIT`] is spent.
fn chain_step(steps: &mut u32) -> bool {
    *steps += 1;
    debug_assert!(
        *steps <= CHAIN_LIMIT,
        "cycle in the parents of the name table's scopes"
    );
    *steps <= CHAIN_LIMIT
}

pub(crate) struct NameTable {
    /// Scope `id` is `scopes[id - first_id]`; `first_id` is 0 except when replaying a block.
    scopes: Vec<Scope>,
    first_id: ScopeId,
    /// Scopes below this id are outer scopes (0: none, or routing suspended while answering).
    outer_base: Cell<ScopeId>,
    outer_mode: OuterMode,
    /// The scope current at the recorded block's `{`.
    outer_current: ScopeId,
    interner: FxHashMap<Arc<str>, Sym>,
    /// Indexed by `Sym`: the spelling.
    spellings: Vec<Arc<str>>,
    /// Indexed by `Sym`: whether the name was ever declared in any scope. Most lookups that
    /// miss are for names declared nowhere; this answers them without walking the scopes.
    ever_declared: Vec<bool>,
    current: ScopeId,
    /// Changes are logged only while a tentative parse is open (`tentative > 0`).
    log: Vec<LogEntry>,
    tentative: u32,
    /// Bumped by every change that can alter a lookup's result (see [`NameTable::version`]).
    version: u32,
    /// Recent lookups, valid while `version` is unchanged.
    lookup_cache: LookupCache,
}

/// A direct-mapped cache of lookups: the grammar often asks about the same name in the same
/// scope several times (a lookahead scan, then the production), and a lookup that walks a deep
/// scope chain with using-directives and bases costs hundreds of instructions. An entry is valid
/// only for the table `version` it was computed at, which every change bumps (also the start and
/// end of a recorded block, so a hit never skips the recording of a block's question).
struct LookupCache {
    slots: Box<[Cell<CachedLookup>]>,
}

#[derive(Clone, Copy)]
struct CachedLookup {
    version: u32,
    scope: ScopeId,
    name: Sym,
    qualified: bool,
    /// `false` for an empty slot.
    filled: bool,
    entry: Option<Entry>,
}

const LOOKUP_CACHE_SIZE: usize = 512;

impl LookupCache {
    fn new() -> LookupCache {
        let empty = CachedLookup {
            version: 0,
            scope: 0,
            name: 0,
            qualified: false,
            filled: false,
            entry: None,
        };
        LookupCache {
            slots: (0..LOOKUP_CACHE_SIZE).map(|_| Cell::new(empty)).collect(),
        }
    }

    fn slot(&self, scope: ScopeId, name: Sym) -> &Cell<CachedLookup> {
        let h = (name as usize).wrapping_mul(31) ^ (scope as usize).wrapping_mul(0x9e37);
        &self.slots[h % LOOKUP_CACHE_SIZE]
    }

    fn get(
        &self,
        version: u32,
        scope: ScopeId,
        name: Sym,
        qualified: bool,
    ) -> Option<Option<Entry>> {
        let c = self.slot(scope, name).get();
        (c.filled
            && c.version == version
            && c.scope == scope
            && c.name == name
            && c.qualified == qualified)
            .then_some(c.entry)
    }

    fn put(&self, version: u32, scope: ScopeId, name: Sym, qualified: bool, entry: Option<Entry>) {
        self.slot(scope, name).set(CachedLookup {
            version,
            scope,
            name,
            qualified,
            filled: true,
            entry,
        });
    }
}

/// A saved state of the table, for tentative parsing.
#[derive(Clone, Copy)]
pub(crate) struct NameCheckpoint {
    log_len: usize,
}

const BUILTIN_TYPES: &[&str] = &[
    "__builtin_va_list",
    "__int128_t",
    "__uint128_t",
    "__NSConstantString",
    "__builtin_ms_va_list",
];

impl Default for NameTable {
    fn default() -> Self {
        NameTable::new()
    }
}

impl NameTable {
    pub(crate) fn new() -> NameTable {
        let root = Scope {
            kind: ScopeKind::Namespace,
            parent: None,
            names: FxHashMap::default(),
            extra: Vec::new(),
            lexical: Vec::new(),
            class_name: None,
            class_flags: 0,
        };
        let mut table = NameTable {
            scopes: vec![root],
            first_id: 0,
            outer_base: Cell::new(0),
            outer_mode: OuterMode::Off,
            outer_current: 0,
            interner: FxHashMap::default(),
            spellings: Vec::new(),
            ever_declared: Vec::new(),
            current: 0,
            log: Vec::new(),
            tentative: 0,
            version: 0,
            lookup_cache: LookupCache::new(),
        };
        for name in BUILTIN_TYPES {
            let sym = table.intern(name);
            table.ever_declared[sym as usize] = true;
            table.scopes[0].names.insert(
                sym,
                Entry {
                    flags: Entry::TYPE,
                    scope: NO_SCOPE,
                },
            );
        }
        table
    }

    pub(crate) fn intern(&mut self, name: &str) -> Sym {
        if let Some(&sym) = self.interner.get(name) {
            return sym;
        }
        let sym = self.spellings.len() as Sym;
        let spelling: Arc<str> = name.into();
        self.interner.insert(spelling.clone(), sym);
        self.spellings.push(spelling);
        self.ever_declared.push(false);
        sym
    }

    fn scope(&self, id: ScopeId) -> &Scope {
        &self.scopes[(id - self.first_id) as usize]
    }

    fn scope_mut(&mut self, id: ScopeId) -> &mut Scope {
        &mut self.scopes[(id - self.first_id) as usize]
    }

    fn is_outer(&self, id: ScopeId) -> bool {
        id < self.outer_base.get()
    }

    /// A table for reparsing a block alone: scopes outside it are answered by `context`.
    pub(crate) fn with_context(context: &BlockContext, declared: Arc<DeclaredNames>) -> NameTable {
        let mut table = NameTable {
            scopes: Vec::new(),
            first_id: context.base,
            outer_base: Cell::new(context.base),
            outer_mode: OuterMode::Off,
            outer_current: context.current,
            interner: FxHashMap::default(),
            spellings: Vec::new(),
            ever_declared: Vec::new(),
            current: context.current,
            log: Vec::new(),
            tentative: 0,
            version: 0,
            lookup_cache: LookupCache::new(),
        };
        let mut known = FxHashMap::default();
        for (q, a) in context.answers.iter() {
            let q = q.clone().map(|n| table.intern(&n));
            let a = a.clone().map(|n| table.intern(&n));
            known.insert(q, a);
        }
        table.outer_mode = OuterMode::Replaying {
            known,
            declared,
            used: RefCell::default(),
            failed: Cell::new(false),
        };
        table
    }

    /// The names declared anywhere so far, and the class names (see [`DeclaredNames`]).
    pub(crate) fn declared_names(&self) -> DeclaredNames {
        let declared = self.spellings.iter().zip(&self.ever_declared);
        let mut names: DeclaredNames = declared
            .filter(|(_, d)| **d)
            .map(|(s, _)| s.clone())
            .collect();
        names.extend(
            self.scopes
                .iter()
                .filter_map(|s| s.class_name)
                .map(|n| self.spellings[n as usize].clone()),
        );
        names
    }

    /// Starts recording an outermost block at its `{`; `false` if one is being recorded or
    /// replayed already (nested blocks belong to it).
    pub(crate) fn begin_block(&mut self) -> bool {
        if !matches!(self.outer_mode, OuterMode::Off) {
            return false;
        }
        self.version = self.version.wrapping_add(1);
        self.outer_base
            .set(self.first_id + self.scopes.len() as ScopeId);
        self.outer_current = self.current;
        self.outer_mode = OuterMode::Recording {
            answers: RefCell::default(),
            escaped: false,
        };
        true
    }

    /// Ends the recording begun by [`NameTable::begin_block`]: the record, unless the block
    /// changed an outer scope.
    pub(crate) fn end_block(&mut self, state: BlockState) -> Option<BlockContext> {
        self.version = self.version.wrapping_add(1);
        let base = self.outer_base.replace(0);
        match std::mem::replace(&mut self.outer_mode, OuterMode::Off) {
            OuterMode::Recording {
                answers,
                escaped: false,
            } => Some(self.context(base, answers.into_inner(), state)),
            _ => None,
        }
    }

    /// After replaying a block: its new record, or `None` if the old one could not answer.
    pub(crate) fn replayed_context(self, state: BlockState) -> Option<BlockContext> {
        match &self.outer_mode {
            OuterMode::Replaying { used, failed, .. } if !failed.get() => {
                let used = used.take();
                Some(self.context(self.outer_base.get(), used, state))
            }
            _ => None,
        }
    }

    fn context(
        &self,
        base: ScopeId,
        answers: FxHashMap<Query<Sym>, Answer<Sym>>,
        state: BlockState,
    ) -> BlockContext {
        let spelling = |n: Sym| self.spellings[n as usize].clone();
        BlockContext {
            base,
            current: self.outer_current,
            answers: answers
                .into_iter()
                .map(|(q, a)| (q.map(spelling), a.map(spelling)))
                .collect(),
            state,
        }
    }

    /// Answers a question about an outer scope (see the module docs).
    fn outer(&self, query: Query<Sym>) -> Answer<Sym> {
        match &self.outer_mode {
            OuterMode::Off => self.answer(query),
            OuterMode::Recording { answers, .. } => {
                let base = self.outer_base.replace(0);
                let answer = self.answer(query);
                self.outer_base.set(base);
                answers.borrow_mut().insert(query, answer);
                answer
            }
            OuterMode::Replaying {
                known,
                declared,
                used,
                failed,
            } => match known.get(&query) {
                Some(&answer) => {
                    used.borrow_mut().insert(query, answer);
                    answer
                }
                None if matches!(query, Query::Chain(_, n) | Query::In(_, n, _)
                    if !declared.contains(&self.spellings[n as usize])) =>
                {
                    let answer = Answer::Entry(None);
                    used.borrow_mut().insert(query, answer);
                    answer
                }
                None => {
                    failed.set(true);
                    match query {
                        Query::Kind(_) => Answer::Kind(ScopeKind::Namespace),
                        Query::DeclScope(s) => Answer::Scope(s),
                        Query::ClassName(_) => Answer::Name(None),
                        Query::Chain(..) | Query::In(..) => Answer::Entry(None),
                    }
                }
            },
        }
    }

    /// The answer from the real scopes (routing suspended).
    fn answer(&self, query: Query<Sym>) -> Answer<Sym> {
        match query {
            Query::Chain(s, name) => Answer::Entry(self.lookup_from(s, name)),
            Query::In(s, name, fuel) => Answer::Entry(self.lookup_in_bounded(s, name, fuel)),
            Query::Kind(s) => Answer::Kind(self.scope(s).kind),
            Query::ClassName(s) => Answer::Name(self.class_name_from(s)),
            Query::DeclScope(s) => Answer::Scope(self.decl_scope_from(s)),
        }
    }

    /// Notes a change to scope `id`; `false` if it is an outer scope that must not change.
    fn may_change(&mut self, id: ScopeId) -> bool {
        if !self.is_outer(id) {
            return true;
        }
        match &mut self.outer_mode {
            OuterMode::Off => true,
            OuterMode::Recording { escaped, .. } => {
                *escaped = true;
                true
            }
            OuterMode::Replaying { failed, .. } => {
                failed.set(true);
                false
            }
        }
    }

    /// Changes whenever a lookup could answer differently, so lookahead results can be cached.
    pub(crate) fn version(&self) -> u32 {
        self.version
    }

    pub(crate) fn current(&self) -> ScopeId {
        self.current
    }

    pub(crate) fn current_kind(&self) -> ScopeKind {
        if self.is_outer(self.current) {
            match self.outer(Query::Kind(self.current)) {
                Answer::Kind(k) => return k,
                _ => return ScopeKind::Namespace,
            }
        }
        self.scope(self.current).kind
    }

    /// The innermost enclosing class's name, if the current scope is a class body (possibly
    /// inside the template head of a member template).
    pub(crate) fn current_class_name(&self) -> Option<Sym> {
        self.class_name_from(self.current)
    }

    fn class_name_from(&self, id: ScopeId) -> Option<Sym> {
        if self.is_outer(id) {
            return match self.outer(Query::ClassName(id)) {
                Answer::Name(n) => n,
                _ => None,
            };
        }
        let mut scope = self.scope(id);
        let mut steps = 0;
        while matches!(scope.kind, ScopeKind::Template | ScopeKind::Declarator) {
            if !chain_step(&mut steps) {
                return None;
            }
            match scope.parent {
                Some(p) if self.is_outer(p) => return self.class_name_from(p),
                Some(p) => scope = self.scope(p),
                None => return None,
            }
        }
        if scope.kind == ScopeKind::Class {
            scope.class_name
        } else {
            None
        }
    }

    /// The nearest enclosing scope that is not `Local` (where declarations of entities go).
    pub(crate) fn decl_scope(&self) -> ScopeId {
        self.decl_scope_from(self.current)
    }

    fn decl_scope_from(&self, mut id: ScopeId) -> ScopeId {
        let mut steps = 0;
        while chain_step(&mut steps) {
            if self.is_outer(id) {
                return match self.outer(Query::DeclScope(id)) {
                    Answer::Scope(s) => s,
                    _ => id,
                };
            }
            let s = self.scope(id);
            if !matches!(
                s.kind,
                ScopeKind::Local | ScopeKind::Template | ScopeKind::Declarator
            ) {
                return id;
            }
            match s.parent {
                Some(p) => id = p,
                None => return id,
            }
        }
        id
    }

    /// Opens a tentative parse; close it with [`NameTable::commit`] or [`NameTable::rewind`].
    pub(crate) fn checkpoint(&mut self) -> NameCheckpoint {
        self.tentative += 1;
        NameCheckpoint {
            log_len: self.log.len(),
        }
    }

    pub(crate) fn commit(&mut self, _cp: NameCheckpoint) {
        self.tentative -= 1;
        if self.tentative == 0 {
            self.log.clear();
        }
    }

    fn log(&mut self, entry: LogEntry) {
        if self.tentative > 0 {
            self.log.push(entry);
        }
    }

    pub(crate) fn rewind(&mut self, cp: NameCheckpoint) {
        self.version = self.version.wrapping_add(1);
        self.tentative -= 1;
        while self.log.len() > cp.log_len {
            match self.log.pop() {
                Some(LogEntry::Name {
                    scope,
                    name,
                    previous,
                }) => {
                    let names = &mut self.scope_mut(scope).names;
                    match previous {
                        Some(e) => {
                            names.insert(name, e);
                        }
                        None => {
                            names.remove(&name);
                        }
                    }
                }
                Some(LogEntry::Extra { scope }) => {
                    self.scope_mut(scope).extra.pop();
                }
                Some(LogEntry::Lexical { scope }) => {
                    self.scope_mut(scope).lexical.pop();
                }
                Some(LogEntry::Enter { previous }) => self.current = previous,
                Some(LogEntry::Parent { scope, previous }) => {
                    self.scope_mut(scope).parent = previous
                }
                Some(LogEntry::ClassFlags { scope, previous }) => {
                    self.scope_mut(scope).class_flags = previous
                }
                None => break,
            }
        }
        if self.tentative == 0 {
            self.log.clear();
        }
    }

    /// Creates a new scope below the current one and enters it.
    pub(crate) fn push_scope(&mut self, kind: ScopeKind, class_name: Option<Sym>) -> ScopeId {
        let id = self.new_scope(kind, self.current, class_name);
        self.enter(id);
        id
    }

    fn new_scope(&mut self, kind: ScopeKind, parent: ScopeId, class_name: Option<Sym>) -> ScopeId {
        let id = self.first_id + self.scopes.len() as ScopeId;
        self.scopes.push(Scope {
            kind,
            parent: Some(parent),
            names: FxHashMap::default(),
            extra: Vec::new(),
            lexical: Vec::new(),
            class_name,
            class_flags: Entry::TYPE,
        });
        id
    }

    /// Enters an existing scope (a reopened namespace, a class body).
    pub(crate) fn enter(&mut self, id: ScopeId) {
        self.version = self.version.wrapping_add(1);
        self.log(LogEntry::Enter {
            previous: self.current,
        });
        self.current = id;
    }

    /// Leaves to `previous`, the value of [`NameTable::current`] before entering.
    pub(crate) fn leave_to(&mut self, previous: ScopeId) {
        self.version = self.version.wrapping_add(1);
        self.log(LogEntry::Enter {
            previous: self.current,
        });
        self.current = previous;
    }

    pub(crate) fn add_extra(&mut self, scope: ScopeId, searched: ScopeId) {
        self.version = self.version.wrapping_add(1);
        if !self.may_change(scope)
            || scope == searched
            || self.scope(scope).extra.contains(&searched)
        {
            return;
        }
        self.scope_mut(scope).extra.push(searched);
        self.log(LogEntry::Extra { scope });
    }

    /// Makes unqualified lookup from `scope` search `searched` (the class or namespace that
    /// qualifies a declarator-id or a class-head) and the scopes lookup continues into from it,
    /// before `scope`'s parent: in `void N::X::f(mask m)`, `mask` is looked up in `X`, its bases,
    /// `N`, and only then in the scopes around the definition ([basic.lookup.unqual]).
    pub(crate) fn add_lexical(&mut self, scope: ScopeId, searched: ScopeId) {
        self.version = self.version.wrapping_add(1);
        if !self.may_change(scope) {
            return;
        }
        for s in self.lexical_chain(scope, searched) {
            if s == scope || self.scope(scope).lexical.contains(&s) {
                continue;
            }
            self.scope_mut(scope).lexical.push(s);
            self.log(LogEntry::Lexical { scope });
        }
    }

    /// `searched`, then the scopes that enclose it (following parents and their own lexical
    /// scopes), up to the first one that `scope` reaches through its parents anyway. Template
    /// heads are left out: a member defined outside its class template names the parameters of
    /// its own template head. The walk stops at an outer scope (see the module docs), which a
    /// replayed block cannot look into, so a replay computes the same chain as the full parse.
    fn lexical_chain(&self, scope: ScopeId, searched: ScopeId) -> Vec<ScopeId> {
        const LIMIT: usize = 64;
        let mut reached = Vec::new();
        let mut id = Some(scope);
        let mut steps = 0;
        while let Some(s) = id
            && reached.len() < LIMIT
            && chain_step(&mut steps)
        {
            reached.push(s);
            if self.is_outer(s) {
                break;
            }
            id = self.scope(s).parent;
        }
        let mut chain = Vec::new();
        let mut id = Some(searched);
        let mut steps = 0;
        while let Some(s) = id
            && chain.len() < LIMIT
            && !reached.contains(&s)
            && chain_step(&mut steps)
        {
            if self.is_outer(s) {
                chain.push(s);
                break;
            }
            let found = self.scope(s);
            if found.kind != ScopeKind::Template && !chain.contains(&s) {
                chain.push(s);
            }
            for &l in &found.lexical {
                if !reached.contains(&l) && !chain.contains(&l) {
                    chain.push(l);
                }
            }
            id = found.parent;
        }
        chain
    }

    /// A scope for what follows the qualified declarator-id `X::name` (see
    /// [`ScopeKind::Declarator`]), below the current scope; enter it with [`NameTable::enter`].
    pub(crate) fn declarator_scope(&mut self, qualifier: ScopeId) -> ScopeId {
        let id = self.new_scope(ScopeKind::Declarator, self.current, None);
        self.add_lexical(id, qualifier);
        id
    }

    /// Where a class or enum defined at the cursor is declared: the innermost scope that is not a
    /// template head or a declarator's, so that one defined in a block is local to the block
    /// ([`NameTable::decl_scope`] skips blocks, for the names an elaborated type introduces).
    pub(crate) fn type_decl_scope(&self) -> ScopeId {
        let mut id = self.current;
        let mut steps = 0;
        while chain_step(&mut steps) {
            if self.is_outer(id) {
                // Never reached from a block (its own scope comes first); kept total.
                return self.decl_scope_from(id);
            }
            let s = self.scope(id);
            match (s.kind, s.parent) {
                (ScopeKind::Template | ScopeKind::Declarator, Some(p)) => id = p,
                _ => return id,
            }
        }
        id
    }

    /// Declares (or adds flags to) `name` in `scope`.
    pub(crate) fn declare(
        &mut self,
        scope: ScopeId,
        name: Sym,
        flags: u8,
        target: Option<ScopeId>,
    ) {
        self.version = self.version.wrapping_add(1);
        if !self.may_change(scope) {
            return;
        }
        if let Some(seen) = self.ever_declared.get_mut(name as usize) {
            *seen = true;
        }
        let names = &mut self.scope_mut(scope).names;
        let previous = names.get(&name).copied();
        let mut entry = previous.unwrap_or(Entry {
            flags: 0,
            scope: NO_SCOPE,
        });
        if flags & Entry::VALUE != 0
            && entry.flags & Entry::TEMPLATE != 0
            && entry.flags & Entry::TYPE != 0
        {
            // A variable or function never hides a class template in practice; keep the template.
        } else if flags & Entry::VALUE != 0 {
            entry.flags &= !Entry::TYPE;
            entry.flags |= flags;
        } else if flags & Entry::TYPE != 0
            && entry.flags & Entry::VALUE != 0
            && flags & Entry::TEMPLATE == 0
        {
            // `struct stat` after the function `stat`: the function keeps hiding the class.
        } else {
            if flags & Entry::TYPE != 0 {
                entry.flags &= !Entry::VALUE;
            }
            entry.flags |= flags;
        }
        if let Some(t) = target {
            entry.scope = t;
        }
        if previous == Some(entry) {
            return;
        }
        names.insert(name, entry);
        self.log(LogEntry::Name {
            scope,
            name,
            previous,
        });
    }

    /// Declares a namespace or class in the current declaration scope, reusing its scope when the
    /// name already has one, and returns that scope.
    pub(crate) fn declare_scope(
        &mut self,
        parent: ScopeId,
        name: Sym,
        kind: ScopeKind,
        flags: u8,
    ) -> ScopeId {
        self.version = self.version.wrapping_add(1);
        if !self.may_change(parent) {
            return self.new_scope(kind, parent, None);
        }
        if let Some(s) = self.scope(parent).names.get(&name).and_then(|e| e.scope()) {
            self.declare(parent, name, flags, None);
            let previous = self.scope(s).class_flags;
            self.log(LogEntry::ClassFlags { scope: s, previous });
            self.scope_mut(s).class_flags |= flags & Entry::TEMPLATE;
            return s;
        }
        let class_name = (kind == ScopeKind::Class).then_some(name);
        let id = self.new_scope(kind, parent, class_name);
        self.scope_mut(id).class_flags = flags & (Entry::TYPE | Entry::TEMPLATE);
        self.declare(parent, name, flags, Some(id));
        id
    }

    /// Re-parents a class scope at its definition, so the body sees the template parameters.
    pub(crate) fn set_parent(&mut self, scope: ScopeId, parent: ScopeId) {
        self.version = self.version.wrapping_add(1);
        if !self.may_change(scope) {
            return;
        }
        // Never create a cycle: `parent` must not lie inside `scope`. Malformed input asks for
        // one, e.g. `struct A { void f() { template struct A<> {} } };` defines `A` again
        // inside its own member function, whose block would become `A`'s parent.
        if self.in_chain_of(parent, scope) {
            return;
        }
        // A tentative parse that defines a class and is then rewound must not leave the class
        // re-parented into a scope that the rewind abandons.
        let previous = self.scope(scope).parent;
        self.log(LogEntry::Parent { scope, previous });
        self.scope_mut(scope).parent = Some(parent);
    }

    /// Whether `scope` is `from` or one of its ancestors (also when the walk runs out of
    /// [`CHAIN_LIMIT`], so a caller refuses the change). The walk stops only where the scopes are
    /// not in this table (a replayed block's outer scopes): those cannot change during the
    /// replay, so none has a scope of the block as an ancestor. It goes on through outer scopes
    /// while recording, since a block may re-parent an outer scope into itself (it then
    /// escapes), and a walk that stopped there would miss the cycle that closes.
    fn in_chain_of(&self, from: ScopeId, scope: ScopeId) -> bool {
        let mut id = Some(from);
        let mut steps = 0;
        while let Some(s) = id {
            if s == scope || !chain_step(&mut steps) {
                return true;
            }
            if s < self.first_id {
                return false;
            }
            id = self.scope(s).parent;
        }
        false
    }

    /// Creates a scope for an unnamed namespace or class, whose names are visible in `parent`.
    pub(crate) fn anonymous_scope(&mut self, parent: ScopeId, kind: ScopeKind) -> ScopeId {
        let id = self.new_scope(kind, parent, None);
        if kind == ScopeKind::Namespace {
            self.add_extra(parent, id);
        }
        id
    }

    /// Unqualified lookup from the current scope.
    pub(crate) fn lookup(&self, name: Sym) -> Option<Entry> {
        if self.surely_undeclared(name) {
            return None;
        }
        let (version, scope) = (self.version, self.current);
        if let Some(entry) = self.lookup_cache.get(version, scope, name, false) {
            return entry;
        }
        let entry = self.lookup_from(scope, name);
        if self.may_cache() {
            self.lookup_cache.put(version, scope, name, false, entry);
        }
        entry
    }

    /// Whether `name` is declared nowhere, when that alone answers a lookup (not while outer
    /// scopes are routed: their answers must be recorded or replayed).
    fn surely_undeclared(&self, name: Sym) -> bool {
        self.outer_base.get() == 0
            && !self
                .ever_declared
                .get(name as usize)
                .copied()
                .unwrap_or(true)
    }

    fn lookup_from(&self, start: ScopeId, name: Sym) -> Option<Entry> {
        if self.surely_undeclared(name) {
            return None;
        }
        let mut id = Some(start);
        let mut steps = 0;
        while let Some(s) = id
            && chain_step(&mut steps)
        {
            if self.is_outer(s) {
                return self.outer(Query::Chain(s, name)).entry();
            }
            if let Some(e) = self.lookup_in(s, name) {
                return Some(e);
            }
            for &l in &self.scope(s).lexical {
                if let Some(e) = self.lookup_in(l, name) {
                    return Some(e);
                }
            }
            id = self.scope(s).parent;
        }
        None
    }

    /// Qualified lookup of `name` in `scope` (its own names, then nominated scopes and bases).
    pub(crate) fn lookup_in(&self, scope: ScopeId, name: Sym) -> Option<Entry> {
        if self.surely_undeclared(name) {
            return None;
        }
        let version = self.version;
        if let Some(entry) = self.lookup_cache.get(version, scope, name, true) {
            return entry;
        }
        let entry = self.lookup_in_bounded(scope, name, 8);
        if self.may_cache() {
            self.lookup_cache.put(version, scope, name, true, entry);
        }
        entry
    }

    /// Whether a lookup just made may be cached: not while a recorded question is being answered
    /// with routing suspended, or a later hit would skip recording the questions it implies.
    fn may_cache(&self) -> bool {
        self.outer_base.get() != 0 || matches!(self.outer_mode, OuterMode::Off)
    }

    fn lookup_in_bounded(&self, scope: ScopeId, name: Sym, fuel: u32) -> Option<Entry> {
        if self.is_outer(scope) {
            return self.outer(Query::In(scope, name, fuel)).entry();
        }
        let s = self.scope(scope);
        if let Some(e) = s.names.get(&name) {
            return Some(*e);
        }
        if s.kind == ScopeKind::Class && s.class_name == Some(name) {
            // The injected class name.
            return Some(Entry {
                flags: Entry::TYPE | s.class_flags,
                scope,
            });
        }
        if fuel == 0 {
            return None;
        }
        for &extra in &s.extra {
            if let Some(e) = self.lookup_in_bounded(extra, name, fuel - 1) {
                return Some(e);
            }
        }
        None
    }
}
