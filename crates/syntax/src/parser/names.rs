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
//! - A function defined out of class (`void X<T>::f() { ... }`) sees the members of `X`.
//! - Names that lookup does not find are "unknown"; the grammar treats them with its own
//!   heuristics (see `grammar::names`).
//!
//! Every change is logged so that tentative parsing can undo it ([`NameTable::checkpoint`]).
use rustc_hash::FxHashMap;

pub(crate) type ScopeId = u32;

/// An interned identifier: names are compared and hashed as integers.
pub(crate) type Sym = u32;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScopeKind {
    Namespace,
    Class,
    /// Template parameters.
    Template,
    /// Function parameters and bodies.
    Local,
}

#[derive(Debug, Clone)]
struct Scope {
    kind: ScopeKind,
    parent: Option<ScopeId>,
    names: FxHashMap<Sym, Entry>,
    /// Nominated namespaces, inline namespaces, and bases: searched after `names`.
    extra: Vec<ScopeId>,
    /// Scopes searched only by unqualified lookup from inside this one: the class `X` for the
    /// body of `X::f` or of `struct X::Inner`.
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
}

pub(crate) struct NameTable {
    scopes: Vec<Scope>,
    interner: FxHashMap<Box<str>, Sym>,
    /// Indexed by `Sym`: whether the name was ever declared in any scope. Most lookups that
    /// miss are for names declared nowhere; this answers them without walking the scopes.
    ever_declared: Vec<bool>,
    current: ScopeId,
    /// Changes are logged only while a tentative parse is open (`tentative > 0`).
    log: Vec<LogEntry>,
    tentative: u32,
    /// Bumped by every change that can alter a lookup's result (see [`NameTable::version`]).
    version: u32,
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
            interner: FxHashMap::default(),
            ever_declared: Vec::new(),
            current: 0,
            log: Vec::new(),
            tentative: 0,
            version: 0,
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
        let sym = self.interner.len() as Sym;
        self.interner.insert(name.into(), sym);
        self.ever_declared.push(false);
        sym
    }

    /// Changes whenever a lookup could answer differently, so lookahead results can be cached.
    pub(crate) fn version(&self) -> u32 {
        self.version
    }

    pub(crate) fn current(&self) -> ScopeId {
        self.current
    }

    pub(crate) fn current_kind(&self) -> ScopeKind {
        self.scopes[self.current as usize].kind
    }

    /// The innermost enclosing class's name, if the current scope is a class body (possibly
    /// inside the template head of a member template).
    pub(crate) fn current_class_name(&self) -> Option<Sym> {
        let mut scope = &self.scopes[self.current as usize];
        while scope.kind == ScopeKind::Template {
            match scope.parent {
                Some(p) => scope = &self.scopes[p as usize],
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
        let mut id = self.current;
        loop {
            let s = &self.scopes[id as usize];
            if !matches!(s.kind, ScopeKind::Local | ScopeKind::Template) {
                return id;
            }
            match s.parent {
                Some(p) => id = p,
                None => return id,
            }
        }
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
                    let names = &mut self.scopes[scope as usize].names;
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
                    self.scopes[scope as usize].extra.pop();
                }
                Some(LogEntry::Lexical { scope }) => {
                    self.scopes[scope as usize].lexical.pop();
                }
                Some(LogEntry::Enter { previous }) => self.current = previous,
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
        let id = self.scopes.len() as ScopeId;
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
        if scope == searched || self.scopes[scope as usize].extra.contains(&searched) {
            return;
        }
        self.scopes[scope as usize].extra.push(searched);
        self.log(LogEntry::Extra { scope });
    }

    pub(crate) fn add_lexical(&mut self, scope: ScopeId, searched: ScopeId) {
        self.version = self.version.wrapping_add(1);
        if scope == searched || self.scopes[scope as usize].lexical.contains(&searched) {
            return;
        }
        self.scopes[scope as usize].lexical.push(searched);
        self.log(LogEntry::Lexical { scope });
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
        if let Some(seen) = self.ever_declared.get_mut(name as usize) {
            *seen = true;
        }
        let names = &mut self.scopes[scope as usize].names;
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
        if let Some(s) = self.scopes[parent as usize]
            .names
            .get(&name)
            .and_then(|e| e.scope())
        {
            self.declare(parent, name, flags, None);
            self.scopes[s as usize].class_flags |= flags & Entry::TEMPLATE;
            return s;
        }
        let class_name = (kind == ScopeKind::Class).then_some(name);
        let id = self.new_scope(kind, parent, class_name);
        self.scopes[id as usize].class_flags = flags & (Entry::TYPE | Entry::TEMPLATE);
        self.declare(parent, name, flags, Some(id));
        id
    }

    /// Re-parents a class scope at its definition, so the body sees the template parameters.
    pub(crate) fn set_parent(&mut self, scope: ScopeId, parent: ScopeId) {
        self.version = self.version.wrapping_add(1);
        // Never create a cycle: `parent` must not lie inside `scope`.
        let mut id = Some(parent);
        while let Some(s) = id {
            if s == scope {
                return;
            }
            id = self.scopes[s as usize].parent;
        }
        self.scopes[scope as usize].parent = Some(parent);
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
        if !self
            .ever_declared
            .get(name as usize)
            .copied()
            .unwrap_or(true)
        {
            return None;
        }
        let mut id = Some(self.current);
        let mut fuel = 10_000;
        while let Some(s) = id {
            if let Some(e) = self.lookup_in(s, name) {
                return Some(e);
            }
            for &l in &self.scopes[s as usize].lexical {
                if let Some(e) = self.lookup_in(l, name) {
                    return Some(e);
                }
            }
            id = self.scopes[s as usize].parent;
            fuel -= 1;
            if fuel == 0 {
                break;
            }
        }
        None
    }

    /// Qualified lookup of `name` in `scope` (its own names, then nominated scopes and bases).
    pub(crate) fn lookup_in(&self, scope: ScopeId, name: Sym) -> Option<Entry> {
        if !self
            .ever_declared
            .get(name as usize)
            .copied()
            .unwrap_or(true)
        {
            return None;
        }
        self.lookup_in_bounded(scope, name, 8)
    }

    fn lookup_in_bounded(&self, scope: ScopeId, name: Sym, fuel: u32) -> Option<Entry> {
        let s = &self.scopes[scope as usize];
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
