//! The one type printer. [`Spelling`] selects the conventions of an output: C++ source
//! spelling today; EDG's xref and IL display spellings (`<template parameter 1.0>`,
//! `<unnamed@address>`, its spacing of declarators) are further variants of the same walk, so
//! that no consumer writes a type speller of its own.
//!
//! Declarators are printed inside out, as C++ writes them: a type is a specifier part and a
//! declarator around a hole (`int (*)[4]`, `void (S::*)(int) const`).
use crate::ty::{Cv, GenericArg, RefKind, Ty, TyKind};
use il::ItemKind;

/// Which output's conventions a type is spelled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Spelling {
    /// As C++ source would write it (`const char *`, `std::pair<int, char>`, `T`).
    #[default]
    Source,
}

impl<'db> Ty<'db> {
    /// The type's spelling in the given convention.
    pub fn display(self, db: &'db dyn salsa::Database, spelling: Spelling) -> String {
        let mut p = Printer { db, spelling };
        let (spec, decl) = p.split(self, String::new());
        if decl.is_empty() {
            spec
        } else {
            format!("{spec} {decl}")
        }
    }

    /// [`Ty::display`] in C++ source spelling.
    pub fn to_source(self, db: &'db dyn salsa::Database) -> String {
        self.display(db, Spelling::Source)
    }
}

struct Printer<'db> {
    db: &'db dyn salsa::Database,
    #[allow(dead_code)] // one convention today; the variants plug in here
    spelling: Spelling,
}

fn cv_words(cv: Cv) -> String {
    let mut words = Vec::new();
    if cv.is_const {
        words.push("const");
    }
    if cv.is_volatile {
        words.push("volatile");
    }
    if cv.is_restrict {
        words.push("__restrict__");
    }
    words.join(" ")
}

impl<'db> Printer<'db> {
    /// The specifier part of `ty` and the declarator built around `inner` (the hole).
    fn split(&mut self, ty: Ty<'db>, inner: String) -> (String, String) {
        let db = self.db;
        match ty.kind(db) {
            TyKind::Qualified(cv, base) => match base.kind(db) {
                TyKind::Pointer(_) | TyKind::MemberPointer { .. } => {
                    let inner = if inner.is_empty() {
                        cv_words(*cv)
                    } else {
                        format!("{} {inner}", cv_words(*cv))
                    };
                    self.split(*base, inner)
                }
                _ => {
                    let (spec, decl) = self.split(*base, inner);
                    (format!("{} {spec}", cv_words(*cv)), decl)
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
                let params: Vec<String> = f.params.iter().map(|p| p.to_source(db)).collect();
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
                    decl = format!("{decl} {}", cv_words(f.this_cv));
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
            TyKind::Class(item) | TyKind::Enum(item) => item_name(db, *item),
            TyKind::Instance(inst) => {
                let args = generic_args_source(db, inst.args(db));
                let sep = if args.ends_with('>') { " " } else { "" };
                format!("{}<{args}{sep}>", item_name(db, inst.template(db)))
            }
            TyKind::Param(p) => hir_def_param_name(db, *p),
            TyKind::Dependent(text) => text.to_string(),
            TyKind::Closure(c) => format!("<lambda #{}>", c.expr.into_raw().into_u32()),
            TyKind::Vector { elem, bytes } => {
                format!(
                    "{} __attribute__((vector_size({bytes})))",
                    elem.to_source(db)
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

/// `N::S`: an item's qualified name, namespaces and classes joined; unnamed namespaces left
/// out, as C++ source refers to their members.
fn item_name(db: &dyn salsa::Database, item: il::Item<'_>) -> String {
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
            param
                .descendants_with_tokens()
                .filter_map(|t| t.into_token())
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
