//! Types written in a body (`T x;`, casts, `sizeof(T)`, `decltype` declarations), resolved
//! where the body is: with an instance's arguments substituted, local classes and enums found
//! by name, and class template-ids that il leaves unresolved outside templates rebuilt
//! argument by argument from the body's scope.
use il::ItemKind;

use super::expr::InferCtx;
use crate::HirTyDatabase;
use crate::lower::type_ref_ty;
use crate::ty::{Cv, GenericArg, Instance, RefKind, Ty, TyKind};

impl<'a, 'db> InferCtx<'a, 'db> {
    /// A type written in the body, with the instance's arguments substituted.
    pub(crate) fn type_ref(&self, text: &str) -> Option<Ty<'db>> {
        self.type_ref_in(text, 0)
    }

    /// [`Self::type_ref`], `depth` local aliases deep (an alias naming another: bounded).
    fn type_ref_in(&self, text: &str, depth: u8) -> Option<Ty<'db>> {
        let ty = type_ref_ty(self.db, self.owner, text)
            .map(|t| crate::normalize::normalize(self.db, self.subst.apply(self.db, t)));
        match ty {
            Some(t) if t.is_error(self.db) => self
                .local_class_type_ref(text)
                .or_else(|| self.local_alias_type_ref(text, depth))
                .or_else(|| {
                    // `S<T>` with `T` a local alias: il, which does not see the body's
                    // aliases, leaves it an error.
                    (!self.in_template)
                        .then(|| self.template_id_type_ref(text, depth))
                        .flatten()
                })
                .or(ty),
            Some(t) if !self.in_template && t.is_dependent(self.db) => {
                self.template_id_type_ref(text, depth).or(ty)
            }
            // In a template, `S<T>` (its arguments the template's parameters) is left as
            // written by the scope's resolution: rebuilt as the instance with dependent
            // arguments, whose members EDG finds in the primary template's definition
            // (`r.n` logs `S<T>::n`), where no specialization could be chosen instead.
            Some(t) if self.in_template && written_as_dependent(self.db, t) => {
                self.dependent_template_id_type_ref(text, depth).or(ty)
            }
            _ => ty,
        }
    }

    /// A class template-id written in a body outside templates that il left unresolved: a
    /// standalone parse of the text does not know which names are types (`W<P>` reads `P`
    /// as an expression). The template is looked up from the body's scope and each argument
    /// resolved as a type-id of its own (`W<W<P>>` in turn), when all are written and none is
    /// a pack, with the defaults of the parameters left out (`dvec<P>` is `dvec<P,
    /// alloc<P>>`); cv, `*` and references around it are kept (`const W<P> &`). (As
    /// `qualifier_instance` does for `X<S>::f`.)
    fn template_id_type_ref(&self, text: &str, depth: u8) -> Option<Ty<'db>> {
        self.rebuilt_template_id(text, depth, false)
    }

    /// [`Self::template_id_type_ref`] in a template: arguments that depend on its parameters
    /// are kept (`S<T>`, `const S<T> &`), for a class template without partial or explicit
    /// specializations only.
    fn dependent_template_id_type_ref(&self, text: &str, depth: u8) -> Option<Ty<'db>> {
        self.rebuilt_template_id(text, depth, true)
    }

    fn rebuilt_template_id(&self, text: &str, depth: u8, dependent: bool) -> Option<Ty<'db>> {
        let db = self.db;
        let open = text.find('<')?;
        let mut level = 0usize;
        let mut close = None;
        let mut args: Vec<&str> = Vec::new();
        let mut start = open + 1;
        for (i, c) in text[open..].char_indices() {
            match c {
                '<' | '(' | '[' => level += 1,
                '>' | ')' | ']' => {
                    level = level.checked_sub(1)?;
                    if level == 0 {
                        close = Some(open + i);
                        break;
                    }
                }
                ',' if level == 1 => {
                    args.push(text[start..open + i].trim());
                    start = open + i + 1;
                }
                _ => {}
            }
        }
        let close = close?;
        args.push(text[start..close].trim());
        let (after, head) = (&text[close + 1..], text[..open].trim_end());
        if !after
            .split(|c: char| c.is_whitespace() || matches!(c, '*' | '&'))
            .all(|w| w.is_empty() || matches!(w, "const" | "volatile"))
        {
            return None;
        }
        let name_start = head.rfind(|c: char| c.is_whitespace()).map_or(0, |i| i + 1);
        let (before, name) = (&head[..name_start], &head[name_start..]);
        if !before
            .split_whitespace()
            .all(|w| matches!(w, "const" | "volatile"))
        {
            return None;
        }
        let global = name.starts_with("::");
        let names: Vec<String> = name
            .trim_start_matches("::")
            .split("::")
            .map(str::to_string)
            .collect();
        if names.iter().any(|n| n.is_empty() || n.contains(['<', '>'])) {
            return None;
        }
        let template = crate::inference::lookup_path_memo(db, self.scope, global, &names)
            .into_iter()
            .find(|i| i.kind(db) == ItemKind::ClassTemplate)?;
        // Inside the template itself (`Vec<U, N>` in `Vec<T, N>::cast`), its instances are
        // left as written.
        let enclosing = self.this_class.and_then(|(ty, _)| match ty.kind(db) {
            TyKind::Instance(i) => Some(i.template(db)),
            _ => None,
        });
        if dependent
            && (!crate::specialization::specializations(db, template).is_empty()
                || enclosing == Some(template))
        {
            return None;
        }
        let mut resolved = Vec::new();
        for a in args {
            if let Ok(v) = a.parse::<i128>() {
                resolved.push(GenericArg::Value(v));
                continue;
            }
            // An argument that is a template-id in turn is rebuilt by `type_ref` (its text is
            // shorter: the recursion ends).
            let ty = self.type_ref_in(a, depth)?;
            if ty.is_error(db) || (ty.is_dependent(db) && !dependent) {
                return None;
            }
            resolved.push(GenericArg::Type(ty));
        }
        let instance = instance_with_defaults(db, template, resolved)?;
        Some(around_named(
            db,
            Ty::new(db, TyKind::Instance(instance)),
            before,
            after,
        ))
    }

    /// A type naming one of the body's local classes (`L`, `const L &`, `L *`), which the
    /// owner's scope does not see. Only a name the body defines one class for (a name
    /// defined in two blocks is left unresolved).
    fn local_class_type_ref(&self, text: &str) -> Option<Ty<'db>> {
        let db = self.db;
        let name = sole_type_name(text)?;
        let mut types = il::scope::local_types_in(db, self.owner)
            .iter()
            .filter(|c| c.name_text(db) == Some(name));
        let local = *types.next()?;
        if types.next().is_some() {
            return None;
        }
        let at = text.find(name)?;
        let (before, after) = (&text[..at], &text[at + name.len()..]);
        let base = match local.kind(db) {
            ItemKind::Enum => TyKind::Enum(local),
            _ => TyKind::Class(local),
        };
        Some(around_named(db, Ty::new(db, base), before, after))
    }
}

impl<'a, 'db> InferCtx<'a, 'db> {
    /// A type naming one of the body's local typedefs or aliases (`using T = float;` in
    /// `main`, then `T`, `const T &`, and through [`Self::template_id_type_ref`] `S<T>`),
    /// which the owner's scope, where il resolves the text, does not see: the alias's target
    /// resolved in turn, with the cv, `*` and references written around the name. Only a
    /// name the body declares one alias for (block scopes are not told apart here), outside
    /// templates, and not one whose target names itself.
    fn local_alias_type_ref(&self, text: &str, depth: u8) -> Option<Ty<'db>> {
        use hir_def::hir::LocalTypeKind;
        let db = self.db;
        if self.in_template || depth >= 8 {
            return None;
        }
        let name = sole_type_name(text)?;
        let mut aliases = self.body.local_types.iter().filter(|(_, t)| {
            matches!(t.kind, LocalTypeKind::Alias | LocalTypeKind::Typedef)
                && t.name.as_deref() == Some(name)
        });
        let (_, alias) = aliases.next()?;
        if aliases.next().is_some() {
            return None;
        }
        let target = alias.target.as_ref()?.as_str();
        if target
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == name)
        {
            return None;
        }
        let target = self.type_ref_in(target, depth + 1)?;
        if target.is_error(db) {
            return None;
        }
        let at = text.find(name)?;
        Some(around_named(
            db,
            target,
            &text[..at],
            &text[at + name.len()..],
        ))
    }
}

/// Whether a type is one the scope's resolution left as written (`Dependent`), under cv,
/// pointers and references (`const S<T> &`).
fn written_as_dependent<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> bool {
    let mut ty = ty;
    for _ in 0..16 {
        match ty.kind(db) {
            TyKind::Dependent(_) => return true,
            TyKind::Qualified(_, t) | TyKind::Pointer(t) | TyKind::Reference(_, t) => ty = *t,
            _ => return false,
        }
    }
    false
}

/// The instance of `template` with the written arguments `args` followed by the defaults of
/// the parameters they leave out (`dvec<A>` is `dvec<A, alloc<A>>`), filled and made canonical
/// by il's `instance_of` as for the template-ids il resolves itself, so that `dvec<A>` rebuilt
/// here and `dvec<int>` resolved by il are the same kind of instance. Without il (an argument
/// il has no type for), only when every argument is written. `None` for a template with a
/// pack or too many arguments.
pub(crate) fn instance_with_defaults<'db>(
    db: &'db dyn HirTyDatabase,
    template: il::Item<'db>,
    args: Vec<GenericArg<'db>>,
) -> Option<Instance<'db>> {
    let params = hir_def::generics::template_params(db, template);
    if params.iter().any(|p| p.pack) || args.len() > params.len() {
        return None;
    }
    let il_args: Option<Vec<_>> = args.iter().map(|a| crate::to_il::il_arg(db, a)).collect();
    if let Some(il_args) = il_args
        && let Some(instance) = il::instantiate::instance_of(db, template, il_args, None)
    {
        let ty = il::ty::Ty::new(db, il::ty::TyKind::Instance(instance));
        if let TyKind::Instance(instance) = crate::from_il::lower_il_ty(db, ty, &[]).kind(db) {
            return Some(*instance);
        }
    }
    (args.len() == params.len()).then(|| Instance::new(db, template, args))
}

/// The type written around a named type `base` (a local class, a `decltype`): the cv before
/// it, and what follows it, left to right: `*` (with its cv), `&`, `&&`, `const` (`L const
/// &`). The caller has ruled out arrays, functions and qualified names.
pub(crate) fn around_named<'db>(
    db: &'db dyn HirTyDatabase,
    base: Ty<'db>,
    before: &str,
    after: &str,
) -> Ty<'db> {
    let cv = |s: &str| Cv {
        is_const: s.split_whitespace().any(|w| w == "const"),
        is_volatile: s.split_whitespace().any(|w| w == "volatile"),
        ..Default::default()
    };
    let mut ty = base.qualified(db, cv(before));
    let mut rest = after.trim();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("&&") {
            ty = ty.reference(db, RefKind::Rvalue);
            rest = r.trim_start();
        } else if let Some(r) = rest.strip_prefix('&') {
            ty = ty.reference(db, RefKind::Lvalue);
            rest = r.trim_start();
        } else if let Some(r) = rest.strip_prefix('*') {
            let end = r.find(['*', '&']).unwrap_or(r.len());
            ty = Ty::new(db, TyKind::Pointer(ty)).qualified(db, cv(&r[..end]));
            rest = r[end..].trim_start();
        } else {
            let end = rest.find(['*', '&']).unwrap_or(rest.len());
            ty = ty.qualified(db, cv(&rest[..end]));
            rest = rest[end..].trim_start();
        }
    }
    ty
}

/// The one name of a simple written type (`L`, `const L &`, `T *`): `None` for anything with a
/// qualifier, template arguments, an array or function part, or more than one name.
fn sole_type_name(text: &str) -> Option<&str> {
    if text.contains(['[', '(', '<', ':', '.']) {
        return None;
    }
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '*' || c == '&')
        .filter(|w| !w.is_empty() && !matches!(*w, "const" | "volatile"))
        .collect();
    match words[..] {
        [name] => Some(name),
        _ => None,
    }
}
