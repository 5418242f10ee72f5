//! Argument-dependent lookup ([basic.lookup.argdep]): an unqualified function name called
//! with arguments of class or enumeration type is also looked up in the namespaces associated
//! with those types (the innermost enclosing namespace of each class, of its bases, of the
//! classes and enumerations named by an instance's template arguments, of pointees and of
//! function types' parameters and return), and among the friend functions those classes
//! declare (hidden friends).
use il::lookup::{ScopeRef, base_classes, members_named};
use il::{Item, ItemKind};

use crate::HirTyDatabase;
use crate::ty::{GenericArg, Ty, TyKind};

/// The associated classes and namespaces of a list of argument types.
#[derive(Default)]
struct Associated<'db> {
    classes: Vec<Item<'db>>,
    namespaces: Vec<ScopeRef<'db>>,
}

impl<'db> Associated<'db> {
    fn add_ty(&mut self, db: &'db dyn HirTyDatabase, ty: Ty<'db>, depth: u32) {
        if depth > 8 {
            return;
        }
        match ty.kind(db) {
            TyKind::Qualified(_, t)
            | TyKind::Pointer(t)
            | TyKind::Reference(_, t)
            | TyKind::Array(t, _) => self.add_ty(db, *t, depth + 1),
            TyKind::Function(f) => {
                self.add_ty(db, f.ret, depth + 1);
                for p in &f.params {
                    self.add_ty(db, *p, depth + 1);
                }
            }
            TyKind::MemberPointer { class, pointee } => {
                self.add_ty(db, *class, depth + 1);
                self.add_ty(db, *pointee, depth + 1);
            }
            TyKind::Class(c) => self.add_class(db, *c, 0),
            TyKind::Instance(i) => {
                self.add_class(db, i.template(db), 0);
                for a in i.args(db) {
                    match a {
                        GenericArg::Type(t) => self.add_ty(db, *t, depth + 1),
                        GenericArg::Template(t) => self.add_namespace_of(db, *t),
                        _ => {}
                    }
                }
            }
            TyKind::Enum(e) => self.add_namespace_of(db, *e),
            _ => {}
        }
    }

    fn add_class(&mut self, db: &'db dyn HirTyDatabase, class: Item<'db>, depth: u32) {
        if depth > 16 || self.classes.contains(&class) {
            return;
        }
        self.classes.push(class);
        self.add_namespace_of(db, class);
        for b in base_classes(db, class) {
            self.add_class(db, b, depth + 1);
        }
    }

    /// The innermost namespace enclosing `item` (the file's global scope at the top).
    fn add_namespace_of(&mut self, db: &'db dyn HirTyDatabase, item: Item<'db>) {
        let mut cur = item.parent(db);
        let mut steps = 0;
        while let Some(p) = cur {
            steps += 1;
            if p.kind(db) == ItemKind::Namespace || steps > 32 {
                break;
            }
            cur = p.parent(db);
        }
        let scope = cur.map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
        if !self.namespaces.contains(&scope) {
            self.namespaces.push(scope);
        }
    }
}

/// The functions and function templates named `name` that argument-dependent lookup finds for
/// arguments of these types, in a deterministic order (namespaces, then hidden friends).
pub(crate) fn adl_candidates<'db>(
    db: &'db dyn HirTyDatabase,
    name: &str,
    arg_tys: &[Ty<'db>],
) -> Vec<Item<'db>> {
    let mut assoc = Associated::default();
    for t in arg_tys {
        if !t.is_error(db) && !t.is_dependent(db) {
            assoc.add_ty(db, *t, 0);
        }
    }
    let mut out: Vec<Item<'db>> = Vec::new();
    let is_fn =
        |i: &Item<'db>| matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate);
    for ns in &assoc.namespaces {
        for f in members_named(db, *ns, name) {
            if is_fn(&f) && !out.contains(&f) {
                out.push(f);
            }
        }
    }
    for class in &assoc.classes {
        for f in members_named(db, ScopeRef::Item(*class), name) {
            if is_fn(&f)
                && f.parent(db) == Some(*class)
                && il::decl::is_friend(db, f)
                && !out.contains(&f)
            {
                out.push(f);
            }
        }
    }
    out
}
