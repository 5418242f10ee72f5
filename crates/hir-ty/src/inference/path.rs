//! Names in bodies: the body's own scopes first (hir-def), then declaration-level lookup from
//! the owner's scope (il), then the enumerators of unscoped enumerations along the way.
use hir_def::body::scope::{Resolution as ScopeResolution, resolve_name_in_scope};
use hir_def::hir::{ExprId, Path};
use il::lookup::{ScopeRef, enumerations_in, lookup_path, members_named};
use il::{Item, ItemKind};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::inference::Resolution;
use crate::inference::expr::InferCtx;

/// What lookup found for a name, before a call picks among functions.
pub(crate) enum Found<'db> {
    Resolved(Resolution<'db>),
    /// Functions and function templates.
    Functions(Vec<Item<'db>>),
    /// A type (class, enum, typedef, class template).
    Type(Item<'db>),
    /// A name inside a template that lookup cannot see yet (a dependent base's member, a
    /// member of a template parameter).
    Dependent,
    NotFound,
}

impl<'db> InferCtx<'_, 'db> {
    pub(crate) fn lookup_path(&mut self, expr: ExprId, path: &Path) -> Found<'db> {
        let db = self.db;
        if path.as_ident().is_some() || (path.segments.len() == 1 && !path.global) {
            match resolve_name_in_scope(db, self.owner, expr) {
                Some(ScopeResolution::Local(b)) => return Found::Resolved(Resolution::Binding(b)),
                Some(ScopeResolution::TemplateParam(p)) => {
                    return Found::Resolved(Resolution::TemplateParam(p));
                }
                Some(ScopeResolution::LocalType(_)) => return Found::Dependent,
                _ => {}
            }
        }
        let segments: Vec<String> = path.segments.iter().map(|s| s.name.to_string()).collect();
        // A qualifier naming a template parameter (`T::value`) is dependent.
        if let Some(first) = segments.first()
            && segments.len() > 1
            && !path.global
            && hir_def::generics::find_template_param(db, self.owner, first).is_some()
        {
            return Found::Dependent;
        }
        let scope = self.scope;
        let found = lookup_path(db, scope, path.global, &segments);
        if !found.is_empty() {
            return self.classify(found);
        }
        if let Some(found) = self.enumerator(scope, path.global, &segments) {
            return Found::Resolved(found);
        }
        if self.in_template {
            Found::Dependent
        } else {
            Found::NotFound
        }
    }

    /// Sorts what lookup found: functions form an overload set, a single variable or type is
    /// itself.
    pub(crate) fn classify(&self, found: Vec<Item<'db>>) -> Found<'db> {
        let db = self.db;
        let functions: Vec<Item<'db>> = found
            .iter()
            .copied()
            .filter(|i| matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate))
            .collect();
        let first = found[0];
        match first.kind(db) {
            ItemKind::Routine | ItemKind::FunctionTemplate => Found::Functions(functions),
            ItemKind::Variable | ItemKind::Field | ItemKind::VariableTemplate => {
                Found::Resolved(Resolution::Item(first))
            }
            ItemKind::Class
            | ItemKind::Struct
            | ItemKind::Union
            | ItemKind::Enum
            | ItemKind::Typedef
            | ItemKind::ClassTemplate
            | ItemKind::AliasTemplate => Found::Type(first),
            ItemKind::UsingDeclaration => {
                // `using N::f;`: what it names, looked up from where it is.
                let text = first.name_text(db).unwrap_or_default().to_string();
                let global = text.starts_with("::");
                let segs: Vec<String> = text
                    .trim_start_matches("::")
                    .split("::")
                    .map(str::to_string)
                    .collect();
                let from = first
                    .parent(db)
                    .map_or(ScopeRef::File(first.file(db)), ScopeRef::Item);
                let target = lookup_path(db, from, global, &segs);
                if target.is_empty() || target.contains(&first) {
                    Found::NotFound
                } else {
                    self.classify(target)
                }
            }
            _ => Found::Resolved(Resolution::Item(first)),
        }
    }

    /// An enumerator of an unscoped enumeration in a scope on the way out from `scope`, or of the
    /// enumeration (or scope) the qualifier names.
    fn enumerator(
        &self,
        scope: ScopeRef<'db>,
        global: bool,
        segments: &[String],
    ) -> Option<Resolution<'db>> {
        let db = self.db;
        let (last, qualifier) = segments.split_last()?;
        if !qualifier.is_empty() {
            let named = lookup_path(db, scope, global, qualifier);
            for item in named {
                if item.kind(db) == ItemKind::Enum {
                    if let Some(index) = enumerator_index(db, item, last) {
                        return Some(Resolution::Enumerator {
                            enumeration: item,
                            index,
                        });
                    }
                } else if item.kind(db).is_scope()
                    && let Some(r) = enumerator_in(db, ScopeRef::Item(item), last)
                {
                    return Some(r);
                }
            }
            return None;
        }
        let mut cur = Some(if global {
            ScopeRef::File(self.owner.file(db))
        } else {
            scope
        });
        let mut steps = 0;
        while let Some(s) = cur {
            if let Some(r) = enumerator_in(db, s, last) {
                return Some(r);
            }
            steps += 1;
            cur = match s {
                ScopeRef::File(_) => None,
                ScopeRef::Item(i) if steps < 64 => Some(
                    i.parent(db)
                        .map_or(ScopeRef::File(i.file(db)), ScopeRef::Item),
                ),
                ScopeRef::Item(_) => None,
            };
        }
        None
    }

    /// Members of a class named `name` (its bases' when it has none).
    pub(crate) fn class_members(&self, class: Item<'db>, name: &str) -> Vec<Item<'db>> {
        members_named(self.db, ScopeRef::Item(class), name)
    }
}

fn enumerator_in<'db>(
    db: &'db dyn crate::HirTyDatabase,
    scope: ScopeRef<'db>,
    name: &str,
) -> Option<Resolution<'db>> {
    enumerations_in(db, scope).into_iter().find_map(|e| {
        enumerator_index(db, e, name).map(|index| Resolution::Enumerator {
            enumeration: e,
            index,
        })
    })
}

/// The position of enumerator `name` in an enumeration's list.
pub(crate) fn enumerator_index(
    db: &dyn crate::HirTyDatabase,
    enumeration: Item<'_>,
    name: &str,
) -> Option<u32> {
    let body = enumeration.body(db).as_ref()?;
    let body = SyntaxNode::new_root(body.clone());
    let list = if body.kind() == ENUMERATOR_LIST {
        body
    } else {
        body.descendants().find(|n| n.kind() == ENUMERATOR_LIST)?
    };
    list.children()
        .filter(|n| n.kind() == ENUMERATOR)
        .position(|e| {
            e.children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .is_some_and(|t| t.to_string() == name)
        })
        .map(|p| p as u32)
}
