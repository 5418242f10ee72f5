//! Name lookup as the declaration walk needs it, over what it has seen so far: the qualified
//! names of namespaces, classes, typedefs and templates (keys of `Walker::ids` and
//! `Walker::templates`), with inline and unnamed namespaces' members found from the enclosing
//! namespace. Until lookup binds names to [`il::Item`]s this is keyed by printed names.
use syntax::SyntaxNode;

use super::{Scope, Walker};

impl Walker {
    pub(super) fn find_typedef(&self, written: &str, scope: &Scope) -> Option<(SyntaxNode, Scope)> {
        self.lookup_keys(written, scope)
            .into_iter()
            .find_map(|key| self.typedef_instances.get(&key).cloned())
    }

    /// The qualified names `written` may denote from `scope`, innermost first; members of
    /// inline and unnamed namespaces are members of the enclosing one too.
    pub(super) fn lookup_keys(&self, written: &str, scope: &Scope) -> Vec<String> {
        let mut keys = Vec::new();
        for n in (0..=scope.path.len()).rev() {
            let prefix = scope.path[..n].join("::");
            let join = |p: &str| {
                if p.is_empty() {
                    written.to_string()
                } else {
                    format!("{p}::{written}")
                }
            };
            keys.push(join(&prefix));
            for inline in self.inline_namespaces.get(&prefix).into_iter().flatten() {
                keys.push(join(inline));
            }
            // A class's members include its bases' (a few levels suffice), each base once
            // (broken code may repeat a base or derive from itself).
            let mut seen = rustc_hash::FxHashSet::default();
            let mut bases: Vec<&String> = self.facts.bases_of(&prefix).iter().collect();
            for _ in 0..4 {
                let mut next = Vec::new();
                for base in bases {
                    if seen.insert(base) {
                        keys.push(join(base));
                        next.extend(self.facts.bases_of(base));
                    }
                }
                bases = next;
            }
        }
        keys
    }

    /// The qualified name of the type `name` denotes from `scope`, if declared in a namespace
    /// or class.
    pub(super) fn qualified_type_name(
        &self,
        name: &str,
        scope: &Scope,
        qualifier: bool,
    ) -> Option<String> {
        self.lookup_keys(name, scope).into_iter().find_map(|key| {
            (self.ids.contains_key(&format!("type {key}"))
                || self.ids.contains_key(&format!("typedef {key}"))
                || self.ids.contains_key(&format!("enumerator {key}"))
                || self.variable_templates.contains_key(&key)
                || (qualifier && self.ids.contains_key(&format!("namespace {key}"))))
            .then_some(key)
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
        self.lookup_keys(written, scope)
            .into_iter()
            .find_map(|key| {
                if self.templates.contains_key(&key) {
                    return Some(key);
                }
                self.using_targets
                    .get(&key)
                    .filter(|target| self.templates.contains_key(*target))
                    .cloned()
            })
    }

    /// Whether a qualified name is known: a namespace, class, enumeration, typedef, template,
    /// variable, function or using-declaration.
    pub(super) fn is_known(&self, key: &str) -> bool {
        ["namespace", "type", "typedef", "var", "using"]
            .iter()
            .any(|k| self.ids.contains_key(&format!("{k} {key}")))
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
            match self
                .lookup_keys(&bare(first), scope)
                .into_iter()
                .find(|k| self.is_known(k))
            {
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
