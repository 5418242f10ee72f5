//! Names in bodies: the body's own scopes first (hir-def), then declaration-level lookup from
//! the owner's scope (il), then the enumerators of unscoped enumerations along the way.
use hir_def::body::scope::{Resolution as ScopeResolution, expr_scopes, resolve_name_in_scope};
use hir_def::hir::{ExprId, LocalUsing, Path, Stmt};
use il::lookup::{ScopeRef, enumerations_in, members_named};
use il::{Item, ItemKind};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::inference::Resolution;
use crate::inference::expr::InferCtx;
pub(crate) use crate::lookup::lookup_path;

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
    Nothing,
}

impl<'db> InferCtx<'_, 'db> {
    /// The class or enumeration a local type of the body defines ([`local_type_item`]).
    pub(crate) fn local_type(&self, id: hir_def::hir::LocalTypeId) -> Option<Item<'db>> {
        local_type_item(self.db, self.owner, self.body, id)
    }

    pub(crate) fn lookup_path(&mut self, expr: ExprId, path: &Path) -> Found<'db> {
        let db = self.db;
        if !self.outside_body
            && (path.as_ident().is_some() || (path.segments.len() == 1 && !path.global))
        {
            match resolve_name_in_scope(db, self.owner, expr) {
                Some(ScopeResolution::Local(b)) => return Found::Resolved(Resolution::Binding(b)),
                Some(ScopeResolution::TemplateParam(p)) => {
                    return Found::Resolved(Resolution::TemplateParam(p));
                }
                Some(ScopeResolution::LocalType(t)) => {
                    return match self.local_type(t) {
                        Some(class) => Found::Type(class),
                        None => Found::Dependent,
                    };
                }
                _ => {}
            }
        }
        let segments: Vec<String> = path.segments.iter().map(|s| s.name.to_string()).collect();
        // A qualifier naming a template parameter (`T::value`) is dependent.
        if let Some(first) = segments.first()
            && segments.len() > 1
            && !path.global
            && let Some(param) = hir_def::generics::find_template_param(db, self.owner, first)
        {
            // In an instance, `T::g` is looked up in the class `T` stands for.
            if let Some(crate::ty::GenericArg::Type(t)) = self.subst.get(param)
                && let Some(class) = t.as_class(db)
            {
                let found = lookup_path(db, ScopeRef::Item(class), false, &segments[1..]);
                if !found.is_empty() {
                    return self.classify(found);
                }
            }
            return Found::Dependent;
        }
        let scope = self.scope;
        let found = lookup_path(db, scope, path.global, &segments);
        if !found.is_empty() {
            return self.classify(found);
        }
        // `is_floating_point<__half>::value`, declared in a base the template names through
        // its parameters (`: __cccl_is_floating_point<remove_cv_t<_Tp>>`): lookup in the
        // template cannot see it, lookup in the instance's bases can.
        let found = self.members_of_qualifier_instance(path);
        if !found.is_empty() {
            return self.classify(found);
        }
        if let Some(found) = self.through_block_directives(expr, path.global, &segments) {
            return self.classify(found);
        }
        if let Some(found) = enumerator_by_lookup(db, scope, path.global, &segments) {
            return Found::Resolved(found);
        }
        if self.in_template {
            Found::Dependent
        } else {
            Found::Nothing
        }
    }

    /// What the namespaces nominated by the block-scope `using namespace` directives before
    /// `expr` declare as `segments`, the innermost directive first, where ordinary lookup found
    /// nothing (a directive makes the namespace's names visible as if declared in an enclosing
    /// namespace, so ordinary lookup's finds come first).
    fn through_block_directives(
        &self,
        expr: ExprId,
        global: bool,
        segments: &[String],
    ) -> Option<Vec<Item<'db>>> {
        if global || self.outside_body {
            return None;
        }
        let db = self.db;
        let scopes = expr_scopes(db, self.owner);
        let scope = scopes.scope_for_expr(expr)?;
        scopes.using_directives(scope).find_map(|stmt| {
            let Stmt::Using(LocalUsing::Directive(target)) = &self.body.stmts[stmt] else {
                return None;
            };
            let names: Vec<String> = target.segments.iter().map(|s| s.name.to_string()).collect();
            let namespace = lookup_path(db, self.scope, target.global, &names)
                .into_iter()
                .find(|i| i.kind(db) == ItemKind::Namespace)?;
            let found = lookup_path(db, ScopeRef::Item(namespace), false, segments);
            (!found.is_empty()).then_some(found)
        })
    }

    /// Sorts what lookup found: functions form an overload set, a single variable or type is
    /// itself.
    pub(crate) fn classify(&self, found: Vec<Item<'db>>) -> Found<'db> {
        self.classify_depth(found, 0)
    }

    fn classify_depth(&self, found: Vec<Item<'db>>, depth: u32) -> Found<'db> {
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
                let header = SyntaxNode::new_root(first.header(db).clone());
                let Some(name) = header
                    .descendants()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                else {
                    return Found::Nothing;
                };
                let (global, segs) = il::lookup::name_segments(&name);
                let from = first
                    .parent(db)
                    .map_or(ScopeRef::File(first.file(db)), ScopeRef::Item);
                let target = lookup_path(db, from, global, &segs);
                // Using-declarations may name each other (`using A::f;` in B, `using B::f;` in
                // A): a chain this long is a cycle.
                if target.is_empty() || target.contains(&first) || depth > 16 {
                    Found::Nothing
                } else {
                    self.classify_depth(target, depth + 1)
                }
            }
            _ => Found::Resolved(Resolution::Item(first)),
        }
    }

    /// Members of a class named `name` (its bases' when it has none).
    /// The members named `name` of a class, or of a class template's definition (an instance
    /// names the template's first declaration, which may be a forward declaration).
    pub(crate) fn class_members(&self, class: Item<'db>, name: &str) -> Vec<Item<'db>> {
        let class = if class.kind(self.db) == ItemKind::ClassTemplate {
            crate::specialization::primary_definition(self.db, class).unwrap_or(class)
        } else {
            class
        };
        members_named(self.db, ScopeRef::Item(class), name)
    }
}

/// The class or enumeration a local type of `owner`'s body defines, as il lowers it
/// ([`il::scope::local_types_in`]: the owner's classes and enumerations with a body and a
/// name, in order); `None` for typedefs and declarations without a body.
pub(crate) fn local_type_item<'db>(
    db: &'db dyn crate::HirTyDatabase,
    owner: Item<'db>,
    body: &hir_def::Body,
    id: hir_def::hir::LocalTypeId,
) -> Option<Item<'db>> {
    use hir_def::hir::LocalTypeKind;
    let ty = &body.local_types[id];
    let kinds: &[ItemKind] = match ty.kind {
        LocalTypeKind::Class | LocalTypeKind::Struct | LocalTypeKind::Union => {
            &[ItemKind::Class, ItemKind::Struct, ItemKind::Union]
        }
        LocalTypeKind::Enum => &[ItemKind::Enum],
        _ => return None,
    };
    let name = ty.name.as_deref()?;
    // The n-th local type of this name in the body is the n-th il item of this name.
    let nth = body
        .local_types
        .iter()
        .take_while(|(other, _)| *other != id)
        .filter(|(_, t)| t.kind == ty.kind && t.name.as_deref() == Some(name))
        .count();
    il::scope::local_types_in(db, owner)
        .iter()
        .filter(|c| kinds.contains(&c.kind(db)) && c.name_text(db) == Some(name))
        .nth(nth)
        .copied()
}

/// An enumerator of an unscoped enumeration in a scope on the way out from `scope`, or of the
/// enumeration (or scope) the qualifier names.
pub(crate) fn enumerator_by_lookup<'db>(
    db: &'db dyn crate::HirTyDatabase,
    scope: ScopeRef<'db>,
    global: bool,
    segments: &[String],
) -> Option<Resolution<'db>> {
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
            } else if item.kind(db) == ItemKind::Namespace
                && let Some(r) = enumerator_in_namespace(db, item, last, 0)
            {
                return Some(r);
            } else if item.kind(db).is_scope()
                && let Some(r) = enumerator_in(db, ScopeRef::Item(item), last)
            {
                return Some(r);
            }
        }
        return None;
    }
    let mut cur = Some(if global {
        ScopeRef::File(match scope {
            ScopeRef::File(f) => f,
            ScopeRef::Item(i) => i.file(db),
        })
    } else {
        scope
    });
    let mut steps = 0;
    while let Some(s) = cur {
        if let Some(r) = enumerator_in(db, s, last) {
            return Some(r);
        }
        // A using-directive in this scope makes the nominated namespace's enumerators visible
        // here (`using namespace cub;` then `BLOCK_REDUCE_RAKING`), as lookup does for items.
        if let Some(r) = il::lookup::using_directive_targets(db, s)
            .into_iter()
            .find_map(|ns| enumerator_in_namespace(db, ns, last, 0))
        {
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

/// An enumerator of a namespace or of its inline (and unnamed) namespaces
/// (`cub::CUB_300001_SM_750::BLOCK_REDUCE_RAKING` found as `cub`'s).
fn enumerator_in_namespace<'db>(
    db: &'db dyn crate::HirTyDatabase,
    ns: Item<'db>,
    name: &str,
    depth: u32,
) -> Option<Resolution<'db>> {
    if let Some(r) = enumerator_in(db, ScopeRef::Item(ns), name) {
        return Some(r);
    }
    if depth > 8 {
        return None;
    }
    il::lookup::transparent_namespaces(db, ns)
        .into_iter()
        .find_map(|inner| enumerator_in_namespace(db, inner, name, depth + 1))
}

fn enumerator_in<'db>(
    db: &'db dyn crate::HirTyDatabase,
    scope: ScopeRef<'db>,
    name: &str,
) -> Option<Resolution<'db>> {
    enumerations_in(db, scope).iter().find_map(|&e| {
        enumerator_index(db, e, name).map(|index| Resolution::Enumerator {
            enumeration: e,
            index,
        })
    })
}

/// The position of enumerator `name` in an enumeration's list (memoized names).
pub(crate) fn enumerator_index(
    db: &dyn crate::HirTyDatabase,
    enumeration: Item<'_>,
    name: &str,
) -> Option<u32> {
    il::lookup::enumerator_position(db, enumeration, name)
}
