//! The one type printer. [`Spelling`] selects the conventions of an output: C++ source
//! spelling today; EDG's xref and IL display spellings (`<template parameter 1.0>`,
//! `<unnamed@address>`, its spacing of declarators) are further variants of the same walk, so
//! that no consumer writes a type speller of its own.
//!
//! Declarators are printed inside out, as C++ writes them: a type is a specifier part and a
//! declarator around a hole (`int (*)[4]`, `void (S::*)(int) const`).
use crate::HirTyDatabase;
use crate::ty::{Cv, GenericArg, Instance, RefKind, Ty, TyKind};
use il::ItemKind;

/// The values of an enumeration's enumerators, in order: the constant evaluator's
/// (`hir_ty::const_eval::enumerator_values`). EDG spells an enumeration-typed template
/// argument by its enumerator, so its spelling of arguments needs them; the evaluator sits
/// above this crate (it infers bodies), so the callers of the EDG spelling pass it in.
pub type EnumeratorValues =
    for<'db> fn(&'db dyn HirTyDatabase, il::Item<'db>) -> &'db [Option<i128>];

/// Which output's conventions a type is spelled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Spelling {
    /// As C++ source would write it (`const char *`, `std::pair<int, char>`, `T`).
    #[default]
    Source,
    /// As EDG's cross-reference log names entities (`docs/spec/xref.md`): every enclosing
    /// namespace written, inline ones included (`cuda::std::__4::array`), an unnamed one as
    /// `<unnamed>`; no space between closing `>`s; a non-type argument as a constant of its
    /// parameter's type (`4UL`, `32U`, `true`, an enumerator by its qualified name). Needs the
    /// parameters' types: [`Ty::to_edg`].
    Edg,
}

impl<'db> Ty<'db> {
    /// The type's spelling in the given convention ([`Spelling::Edg`] types non-type
    /// arguments only through [`Ty::to_edg`]).
    pub fn display(self, db: &'db dyn salsa::Database, spelling: Spelling) -> String {
        Printer {
            db,
            spelling,
            hir: None,
            untyped_value: false,
        }
        .whole(self)
    }

    /// [`Ty::display`] in EDG's cross-reference spelling, non-type arguments printed as
    /// constants of their parameters' types.
    pub fn to_edg(self, db: &'db dyn HirTyDatabase, values: EnumeratorValues) -> String {
        Printer {
            db,
            spelling: Spelling::Edg,
            hir: Some((db, values)),
            untyped_value: false,
        }
        .whole(self)
    }

    /// [`Ty::display`] in C++ source spelling.
    pub fn to_source(self, db: &'db dyn salsa::Database) -> String {
        self.display(db, Spelling::Source)
    }
}

/// A class template instance's name in EDG's cross-reference spelling
/// (`cuda::std::__4::array<int, 4UL>`). `None` when the type of a non-type argument is not
/// known (a placeholder parameter, `template <auto V>`, whose argument's type the model does
/// not keep), since EDG's spelling depends on it (`Constant<'c'>`). `values` types
/// enumeration arguments (`hir_ty::display::instance_edg_name` passes the evaluator's).
pub fn instance_edg_name_with<'db>(
    db: &'db dyn HirTyDatabase,
    values: EnumeratorValues,
    instance: Instance<'db>,
) -> Option<String> {
    let mut printer = Printer {
        db,
        spelling: Spelling::Edg,
        hir: Some((db, values)),
        untyped_value: false,
    };
    let name = printer.instance(instance);
    (!printer.untyped_value).then_some(name)
}

struct Printer<'db> {
    db: &'db dyn salsa::Database,
    spelling: Spelling,
    /// The model, to type non-type arguments by their parameters ([`Spelling::Edg`]).
    hir: Option<(&'db dyn HirTyDatabase, EnumeratorValues)>,
    /// Set when a non-type argument was printed without its parameter's type.
    untyped_value: bool,
}

impl<'db> Printer<'db> {
    fn whole(&mut self, ty: Ty<'db>) -> String {
        let (spec, decl) = self.split(ty, String::new());
        if decl.is_empty() {
            spec
        } else {
            format!("{spec} {decl}")
        }
    }

    /// The specifier part of `ty` and the declarator built around `inner` (the hole).
    fn split(&mut self, ty: Ty<'db>, inner: String) -> (String, String) {
        let db = self.db;
        match ty.kind(db) {
            TyKind::Qualified(cv, base) => match base.kind(db) {
                TyKind::Pointer(_) | TyKind::MemberPointer { .. } => {
                    let inner = if inner.is_empty() {
                        cv.words()
                    } else {
                        format!("{} {inner}", cv.words())
                    };
                    self.split(*base, inner)
                }
                _ => {
                    let (spec, decl) = self.split(*base, inner);
                    (format!("{} {spec}", cv.words()), decl)
                }
            },
            TyKind::Pointer(pointee) => self.split(*pointee, self.wrap(*pointee, "*", inner)),
            TyKind::Reference(kind, referee) => {
                let op = if *kind == RefKind::Lvalue { "&" } else { "&&" };
                self.split(*referee, self.wrap(*referee, op, inner))
            }
            TyKind::MemberPointer { class, pointee } => {
                let op = format!("{}::*", self.name(*class));
                self.split(*pointee, self.wrap(*pointee, &op, inner))
            }
            TyKind::Array(elem, bound) => {
                let b = bound.map(|n| n.to_string()).unwrap_or_default();
                self.split(*elem, format!("{inner}[{b}]"))
            }
            TyKind::ParamArray(elem, bound) => {
                let b = hir_def_param_name(db, *bound);
                self.split(*elem, format!("{inner}[{b}]"))
            }
            TyKind::Function(f) => {
                let params: Vec<String> = f.params.iter().map(|p| self.whole(*p)).collect();
                let mut params = params.join(", ");
                if f.variadic {
                    params = if params.is_empty() {
                        "...".to_string()
                    } else {
                        format!("{params}, ...")
                    };
                }
                let mut decl = format!("{inner}({params})");
                if f.this_cv != Cv::default() {
                    decl = format!("{decl} {}", f.this_cv.words());
                }
                match f.ref_qualifier {
                    Some(RefKind::Lvalue) => decl.push_str(" &"),
                    Some(RefKind::Rvalue) => decl.push_str(" &&"),
                    None => {}
                }
                self.split(f.ret, decl)
            }
            _ => (self.name(ty), inner),
        }
    }

    /// `op` applied to the hole: parenthesized when the operand is an array or function (whose
    /// suffix binds tighter).
    fn wrap(&self, operand: Ty<'db>, op: &str, inner: String) -> String {
        let joined = if inner.is_empty() {
            op.to_string()
        } else if op.ends_with('*') || op.ends_with('&') {
            format!("{op}{inner}")
        } else {
            format!("{op} {inner}")
        };
        match operand.kind(self.db) {
            TyKind::Array(..) | TyKind::ParamArray(..) | TyKind::Function(_) => {
                format!("({joined})")
            }
            _ => joined,
        }
    }

    /// A type without declarator: builtins, classes, instances, parameters.
    fn name(&mut self, ty: Ty<'db>) -> String {
        let db = self.db;
        match ty.kind(db) {
            TyKind::Builtin(b) => b.spelling().to_string(),
            TyKind::Class(item) | TyKind::Enum(item) => self.item_name(*item),
            TyKind::Instance(inst) => self.instance(*inst),
            TyKind::Param(p) => hir_def_param_name(db, *p),
            TyKind::Projection { base, name } => format!("{}::{name}", self.whole(*base)),
            TyKind::Dependent(text) => text.to_string(),
            TyKind::Closure(c) => format!("<lambda #{}>", c.expr.into_raw().into_u32()),
            TyKind::Vector { elem, bytes } => {
                format!(
                    "{} __attribute__((vector_size({bytes})))",
                    self.whole(*elem)
                )
            }
            TyKind::Error => "{error}".to_string(),
            _ => {
                let (spec, decl) = self.split(ty, String::new());
                format!("{spec} {decl}")
            }
        }
    }
}

impl<'db> Printer<'db> {
    fn item_name(&self, item: il::Item<'db>) -> String {
        match self.spelling {
            Spelling::Source => item_name(self.db, item),
            Spelling::Edg => edg_item_name(self.db, item),
        }
    }

    /// `X<args>`.
    fn instance(&mut self, inst: Instance<'db>) -> String {
        let template = inst.template(self.db);
        let args = match (self.spelling, self.hir) {
            (Spelling::Edg, Some((hir, values))) => {
                let mut spelled = Vec::new();
                for (i, a) in inst.args(self.db).iter().enumerate() {
                    self.edg_arg((hir, values), inst, i, a, &mut spelled);
                }
                spelled.join(", ")
            }
            (Spelling::Edg, None) => {
                let mut spelled = Vec::new();
                for a in inst.args(self.db).iter() {
                    self.source_arg(a, &mut spelled);
                }
                spelled.join(", ")
            }
            (Spelling::Source, _) => generic_args_source(self.db, inst.args(self.db)),
        };
        let sep = if self.spelling == Spelling::Source && args.ends_with('>') {
            " "
        } else {
            ""
        };
        format!("{}<{args}{sep}>", self.item_name(template))
    }

    /// An argument with types in this printer's spelling, values as they are.
    fn source_arg(&mut self, arg: &GenericArg<'db>, out: &mut Vec<String>) {
        match arg {
            GenericArg::Type(t) => out.push(self.whole(*t)),
            GenericArg::Value(v) => out.push(v.to_string()),
            GenericArg::Template(item) => out.push(self.item_name(*item)),
            GenericArg::DependentValue(s) => out.push(s.to_string()),
            GenericArg::Pack(elements) => {
                for e in elements {
                    self.source_arg(e, out);
                }
            }
        }
    }

    /// The `index`th argument of `inst` as EDG prints it: a value as a constant of its
    /// parameter's type (the parameter's declared type under the earlier arguments).
    fn edg_arg(
        &mut self,
        (hir, values): (&'db dyn HirTyDatabase, EnumeratorValues),
        inst: Instance<'db>,
        index: usize,
        arg: &GenericArg<'db>,
        out: &mut Vec<String>,
    ) {
        match arg {
            GenericArg::Value(v) => {
                let ty = crate::lower::value_param_ty(hir, inst, index);
                self.untyped_value |= ty.is_none();
                out.push(edg_constant(hir, values, *v, ty));
            }
            GenericArg::Pack(elements) => {
                for e in elements {
                    self.edg_arg((hir, values), inst, index, e, out);
                }
            }
            other => self.source_arg(other, out),
        }
    }
}

/// A constant of type `ty` as EDG prints it in a template argument: `true`, `4UL`, `-1L`,
/// `'c'`, an enumerator by its qualified name; a plain number when the type is unknown.
fn edg_constant<'db>(
    db: &'db dyn HirTyDatabase,
    values: EnumeratorValues,
    value: i128,
    ty: Option<Ty<'db>>,
) -> String {
    let Some(ty) = ty.map(|t| t.unqualified(db)) else {
        return value.to_string();
    };
    if let TyKind::Enum(enumeration) = ty.kind(db) {
        return match enumerator_named(db, values, *enumeration, value) {
            Some(name) => name,
            None => format!("({}){value}", edg_item_name(db, *enumeration)),
        };
    }
    match ty.as_builtin(db) {
        Some(builtin) => edg_builtin_constant(value, builtin),
        None => value.to_string(),
    }
}

/// The one speller of constants, il's (below this crate, where il's own printer spells
/// placeholder arguments with it).
pub use il::ty::edg_builtin_constant;

/// The name of the `index`-th enumerator of an enumeration, as declared.
pub fn enumerator_name(
    db: &dyn salsa::Database,
    enumeration: il::Item<'_>,
    index: usize,
) -> Option<String> {
    use syntax::SyntaxKind::*;
    let body = syntax::SyntaxNode::new_root(enumeration.body(db)?.clone());
    let list = std::iter::once(body.clone())
        .chain(body.descendants())
        .find(|n| n.kind() == ENUMERATOR_LIST)?;
    let name = list
        .children()
        .filter(|n| n.kind() == ENUMERATOR)
        .nth(index)?
        .descendants_with_tokens()
        .filter_map(|t| t.into_token())
        .find(|t| t.kind() == IDENT)?;
    Some(name.text().to_string())
}

/// The enumerator of `enumeration` whose value is `value`, qualified as EDG names it: by the
/// enumeration's scope for an unscoped enumeration, by the enumeration for a scoped one.
fn enumerator_named<'db>(
    db: &'db dyn HirTyDatabase,
    values: EnumeratorValues,
    enumeration: il::Item<'db>,
    value: i128,
) -> Option<String> {
    use syntax::SyntaxKind::*;
    let index = values(db, enumeration)
        .iter()
        .position(|v| *v == Some(value))?;
    let name = enumerator_name(db, enumeration, index)?;
    let header = syntax::SyntaxNode::new_root(enumeration.header(db).clone());
    let scoped = header
        .descendants_with_tokens()
        .filter_map(|c| c.into_token())
        .filter(|t| !t.kind().is_trivia())
        .take(3)
        .any(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW));
    let scope = if scoped {
        Some(enumeration)
    } else {
        enumeration.parent(db)
    };
    Some(match scope {
        Some(s) => format!("{}::{name}", edg_item_name(db, s)),
        None => name,
    })
}

/// An item's qualified name as EDG's cross-reference log writes it: every enclosing namespace
/// and class, inline namespaces included, an unnamed one as `<unnamed>`.
pub fn edg_item_name(db: &dyn salsa::Database, item: il::Item<'_>) -> String {
    let mut parts = Vec::new();
    let mut cur = Some(item);
    while let Some(i) = cur {
        match i.name_text(db) {
            Some(n) => parts.push(n.to_string()),
            None => parts.push("<unnamed>".to_string()),
        }
        cur = i.parent(db);
    }
    parts.reverse();
    parts.join("::")
}

/// `N::S`: an item's qualified name as C++ source writes it, namespaces and classes joined;
/// unnamed namespaces left out, as C++ source refers to their members.
pub fn item_name(db: &dyn salsa::Database, item: il::Item<'_>) -> String {
    let mut parts = Vec::new();
    let mut cur = Some(item);
    while let Some(i) = cur {
        match i.name_text(db) {
            Some(n) => parts.push(n.to_string()),
            None if i.kind(db) == ItemKind::Namespace => {}
            None => parts.push("(unnamed)".to_string()),
        }
        cur = i.parent(db);
    }
    parts.reverse();
    parts.join("::")
}

fn hir_def_param_name(
    db: &dyn salsa::Database,
    p: hir_def::generics::TemplateParamId<'_>,
) -> String {
    // The parameter's name from its owner's header (read without the hir-def database: the
    // printer only needs the header's text).
    let header = syntax::SyntaxNode::new_root(p.owner.header(db).clone());
    let name = header
        .children()
        .find(|n| n.kind() == syntax::SyntaxKind::TEMPLATE_PARAM_LIST)
        .and_then(|list| {
            list.children()
                .filter(|n| {
                    matches!(
                        n.kind(),
                        syntax::SyntaxKind::TYPE_PARAM
                            | syntax::SyntaxKind::PARAM
                            | syntax::SyntaxKind::TEMPLATE_TEMPLATE_PARAM
                    )
                })
                .nth(p.index as usize)
        })
        .and_then(|param| {
            // The last identifier before a default argument: `class A = alloc<T>` is `A`,
            // not the `T` of its default.
            param
                .descendants_with_tokens()
                .filter_map(|t| t.into_token())
                .take_while(|t| t.kind() != syntax::SyntaxKind::EQ)
                .filter(|t| t.kind() == syntax::SyntaxKind::IDENT)
                .last()
                .map(|t| t.text().to_string())
        });
    name.unwrap_or_else(|| format!("<template parameter {}>", p.index))
}

/// Template arguments as written between `<>`, a pack's elements in its place.
pub fn generic_args_source<'db>(db: &'db dyn salsa::Database, args: &[GenericArg<'db>]) -> String {
    let spelled: Vec<String> = args
        .iter()
        .map(|a| match a {
            GenericArg::Type(t) => t.to_source(db),
            GenericArg::Value(v) => v.to_string(),
            GenericArg::Template(item) => item_name(db, *item),
            GenericArg::DependentValue(s) => s.to_string(),
            GenericArg::Pack(elements) => generic_args_source(db, elements),
        })
        .filter(|s| !s.is_empty())
        .collect();
    spelled.join(", ")
}
