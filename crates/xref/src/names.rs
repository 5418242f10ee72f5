//! Name lookup as the declaration walk needs it, over what it has seen so far: the qualified
//! names of namespaces, classes, typedefs and templates (keys of `Walker::ids` and
//! `Walker::templates`), with inline and unnamed namespaces' members found from the enclosing
//! namespace. Until lookup binds names to [`il::Item`]s this is keyed by printed names.
use syntax::SyntaxNode;

use super::{NAMED_KINDS, Scope, Walker};

impl Walker<'_> {
    pub(super) fn find_typedef(&self, written: &str, scope: &Scope) -> Option<(SyntaxNode, Scope)> {
        self.find_lookup_key(written, scope, |key| {
            self.typedef_instances.get(key).cloned()
        })
    }

    /// The first of the qualified names `written` may denote from `scope` for which `found`
    /// answers. The names are tried innermost first; members of inline and unnamed namespaces
    /// are members of the enclosing one too, and a class's members include its bases'. Keys
    /// are built one at a time: the walk's lookups mostly stop at the first scope or two, and
    /// a namespace's keys fan out over its inline namespaces and a class's over its bases.
    pub(super) fn find_lookup_key<T>(
        &self,
        written: &str,
        scope: &Scope,
        mut found: impl FnMut(&str) -> Option<T>,
    ) -> Option<T> {
        // The path joined once; each prefix is a slice of it.
        // Sized once: the walk asks this for most names it meets, and growing the strings
        // piece by piece was a third of its cost.
        let mut joined =
            String::with_capacity(scope.path.iter().map(|s| s.len() + 2).sum::<usize>());
        let mut ends = Vec::with_capacity(scope.path.len() + 1);
        ends.push(0);
        for (i, segment) in scope.path.iter().enumerate() {
            if i > 0 {
                joined.push_str("::");
            }
            joined.push_str(segment);
            ends.push(joined.len());
        }
        let mut key = String::with_capacity(joined.len() + 2 + written.len());
        let mut check = |p: &str| {
            key.clear();
            if !p.is_empty() {
                key.push_str(p);
                key.push_str("::");
            }
            key.push_str(written);
            found(&key)
        };
        for &end in ends.iter().rev() {
            let prefix = &joined[..end];
            if let Some(hit) = check(prefix) {
                return Some(hit);
            }
            for inline in self.inline_namespaces.get(prefix).into_iter().flatten() {
                if let Some(hit) = check(inline) {
                    return Some(hit);
                }
            }
            // A class's members include its bases' (a few levels suffice), each base once
            // (broken code may repeat a base or derive from itself).
            let mut bases: Vec<&String> = self.facts.bases_of(prefix).iter().collect();
            if bases.is_empty() {
                continue;
            }
            let mut seen = rustc_hash::FxHashSet::default();
            for _ in 0..4 {
                let mut next = Vec::new();
                for base in bases {
                    if seen.insert(base) {
                        if let Some(hit) = check(base) {
                            return Some(hit);
                        }
                        next.extend(self.facts.bases_of(base));
                    }
                }
                bases = next;
            }
        }
        None
    }

    /// Whether the walk declared `key` as an entity of `kind` (`type`, `typedef`, ...): its
    /// `ids` are keyed `KIND KEY`.
    pub(super) fn has_id(&self, kind: &str, key: &str) -> bool {
        self.id_of(kind, key).is_some()
    }

    /// The id of the entity of `kind` the walk declared as `key`.
    pub(super) fn id_of(&self, kind: &str, key: &str) -> Option<u32> {
        if let Some(i) = NAMED_KINDS.iter().position(|k| *k == kind) {
            return self.named.get(key).and_then(|ids| ids[i]);
        }
        let mut keyed = String::with_capacity(kind.len() + 1 + key.len());
        keyed.push_str(kind);
        keyed.push(' ');
        keyed.push_str(key);
        self.ids.get(&keyed).copied()
    }

    /// The qualified name of the type `name` denotes from `scope`, if declared in a namespace
    /// or class.
    pub(super) fn qualified_type_name(
        &self,
        name: &str,
        scope: &Scope,
        qualifier: bool,
    ) -> Option<String> {
        self.find_lookup_key(name, scope, |key| {
            let declared =
                self.named
                    .get(key)
                    .is_some_and(|[namespace, ty, typedef, _, _, enumerator]| {
                        ty.is_some()
                            || typedef.is_some()
                            || enumerator.is_some()
                            || (qualifier && namespace.is_some())
                    });
            (declared || self.variable_templates.contains_key(key)).then(|| key.to_string())
        })
    }

    /// The key of the class template `written` names from `scope`, searching outwards.
    pub(super) fn find_template(&self, written: &str, scope: &Scope) -> Option<String> {
        // A qualified name's first segment is found by lookup outwards (`std` inside
        // `cuda::std::__4` is `cuda::std`), its later ones through inline namespaces.
        if written.contains("::") {
            let resolved = self.resolve_qualified(written, scope);
            if self.templates.contains_key(&resolved) {
                return Some(resolved);
            }
        }
        let written = written.trim_start_matches("::");
        // A using-declaration brings a template in under its own name (`using
        // detail::BaseTraits;` in `cub`).
        self.find_lookup_key(written, scope, |key| {
            if self.templates.contains_key(key) {
                return Some(key.to_string());
            }
            self.using_targets
                .get(key)
                .filter(|target| self.templates.contains_key(*target))
                .cloned()
        })
    }

    /// Whether a qualified name is known: a namespace, class, enumeration, typedef, template,
    /// variable, function or using-declaration.
    pub(super) fn is_known(&self, key: &str) -> bool {
        self.named
            .get(key)
            .is_some_and(|[namespace, ty, typedef, var, using, _]| {
                namespace.is_some()
                    || ty.is_some()
                    || typedef.is_some()
                    || var.is_some()
                    || using.is_some()
            })
            || self.templates.contains_key(key)
            || self.overloads.contains_key(key)
            || self.using_targets.contains_key(key)
    }

    /// The name a qualified name written in `scope` denotes, as EDG prints it: the first
    /// segment found by lookup outwards, each later one in the scope before it or in that
    /// scope's inline namespaces (`thrust::system::x` is `thrust::THRUST_NS::system::x`),
    /// namespace aliases replaced. Template arguments are kept as written; a segment that
    /// cannot be found leaves the rest as written.
    pub(super) fn resolve_qualified(&self, written: &str, scope: &Scope) -> String {
        // `::a::b` is looked up from the global namespace only.
        let global = Scope::default();
        let scope = if written.starts_with("::") {
            &global
        } else {
            scope
        };
        let written = written.trim_start_matches("::");
        let segments = split_qualified(written);
        let Some((first, rest)) = segments.split_first() else {
            return written.to_string();
        };
        let bare = |s: &str| s.split('<').next().unwrap_or(s).to_string();
        let mut path = if let Some(target) = self.aliases.get(first.as_str()) {
            target.clone()
        } else {
            match self.find_lookup_key(&bare(first), scope, |k| {
                self.is_known(k).then(|| k.to_string())
            }) {
                Some(key) => format!("{key}{}", &first[bare(first).len()..]),
                None => return written.to_string(),
            }
        };
        for (i, segment) in rest.iter().enumerate() {
            let prefix = bare_path(&path);
            let direct = format!("{path}::{segment}");
            let found = if self.is_known(&format!("{prefix}::{}", bare(segment))) {
                Some(direct.clone())
            } else {
                self.inline_namespaces
                    .get(&prefix)
                    .into_iter()
                    .flatten()
                    .find(|inline| self.is_known(&format!("{inline}::{}", bare(segment))))
                    .map(|inline| format!("{inline}::{segment}"))
            };
            match found {
                Some(next) => path = next,
                None if i + 1 == rest.len() => {
                    // The last segment is often a function or variable, which are not keyed
                    // by name: it is in the first scope (or inline namespace) that has it.
                    path = direct;
                }
                None => {
                    let tail: Vec<&str> = rest[i..].iter().map(String::as_str).collect();
                    return format!("{path}::{}", tail.join("::"));
                }
            }
        }
        path
    }
}

/// `a::b<c::d>::e` as `["a", "b<c::d>", "e"]`.
pub(super) fn split_qualified(text: &str) -> Vec<String> {
    let mut segments = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' | b'(' => depth += 1,
            b'>' | b')' => depth -= 1,
            b':' if depth == 0 && bytes.get(i + 1) == Some(&b':') => {
                segments.push(text[start..i].to_string());
                start = i + 2;
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    segments.push(text[start..].to_string());
    segments
}

/// A printed qualified name without the template arguments of its segments.
fn bare_path(path: &str) -> String {
    split_qualified(path)
        .iter()
        .map(|s| s.split('<').next().unwrap_or(s))
        .collect::<Vec<_>>()
        .join("::")
}
