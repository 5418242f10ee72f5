//! The types written in declarations: decl-specifiers plus declarator, resolved to [`Ty`]s with
//! declaration-level lookup for the names in them.
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::IlDatabase;
use crate::item::{Item, ItemKind};
use crate::lookup::{ScopeRef, lookup_path, name_segments, unnamed_type_item};
use crate::ty::{Builtin, Cv, FnSig, RefKind, Ty, TyKind};

/// The type a declaration's specifiers denote (`const unsigned long`, `S`, `N::T`).
pub fn specifier_type<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    decl: &SyntaxNode,
) -> Ty<'db> {
    specifier_type_of(db, from, decl.children_with_tokens())
}

/// The type named by a sequence of specifier elements (also an enum's underlying type: the
/// elements after its `:`).
pub fn specifier_type_of<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    elements: impl Iterator<Item = syntax::SyntaxElement>,
) -> Ty<'db> {
    let mut cv = Cv::default();
    let (mut signed, mut unsigned, mut longs) = (false, false, 0);
    let mut base: Option<Builtin> = None;
    let mut named: Option<Ty<'db>> = None;
    for element in elements {
        match element.kind() {
            CONST_KW => cv.is_const = true,
            VOLATILE_KW => cv.is_volatile = true,
            SIGNED_KW => signed = true,
            UNSIGNED_KW => unsigned = true,
            LONG_KW => longs += 1,
            SHORT_KW => base = Some(Builtin::Short),
            INT_KW => base = base.or(Some(Builtin::Int)),
            CHAR_KW => base = Some(Builtin::Char),
            BOOL_KW => base = Some(Builtin::Bool),
            VOID_KW => base = Some(Builtin::Void),
            FLOAT_KW => base = Some(Builtin::Float),
            DOUBLE_KW => base = Some(Builtin::Double),
            WCHAR_T_KW => base = Some(Builtin::WChar),
            CHAR8_T_KW => base = Some(Builtin::Char8),
            CHAR16_T_KW => base = Some(Builtin::Char16),
            CHAR32_T_KW => base = Some(Builtin::Char32),
            INT128_KW => base = Some(Builtin::Int128),
            FLOATN_KW => {
                let text = element.as_token().map_or("", |t| t.text());
                base = Some(match text {
                    "_Float16" | "__fp16" | "__bf16" => return Ty::new(db, TyKind::Unknown),
                    "_Float32" => Builtin::Float,
                    "_Float64" | "_Float32x" => Builtin::Double,
                    "__float80" | "_Float64x" => Builtin::LongDouble,
                    _ => Builtin::Float128,
                });
            }
            NAME_REF | QUALIFIED_NAME => {
                named = Some(named_type(db, from, element.as_node().unwrap()));
            }
            CLASS_SPECIFIER | ENUM_SPECIFIER | ELABORATED_TYPE => {
                let node = element.as_node().unwrap();
                if let Some(name) = node
                    .children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                {
                    named = Some(named_type(db, from, &name));
                } else if let Some(item) = unnamed_type_item(db, from, node) {
                    named = Some(Ty::new(
                        db,
                        if item.kind(db) == ItemKind::Enum {
                            TyKind::Enum(item)
                        } else {
                            TyKind::Class(item)
                        },
                    ));
                }
            }
            _ => {}
        }
    }
    let ty = match named {
        Some(t) => t,
        None => {
            let b = match (base, longs) {
                (Some(Builtin::Double), 1) => Builtin::LongDouble,
                (Some(Builtin::Int) | None, 1) => {
                    if unsigned {
                        Builtin::UnsignedLong
                    } else {
                        Builtin::Long
                    }
                }
                (Some(Builtin::Int) | None, 2..) => {
                    if unsigned {
                        Builtin::UnsignedLongLong
                    } else {
                        Builtin::LongLong
                    }
                }
                (Some(Builtin::Short), _) => {
                    if unsigned {
                        Builtin::UnsignedShort
                    } else {
                        Builtin::Short
                    }
                }
                (Some(Builtin::Char), _) if unsigned => Builtin::UnsignedChar,
                (Some(Builtin::Char), _) if signed => Builtin::SignedChar,
                (Some(Builtin::Int128), _) if unsigned => Builtin::UnsignedInt128,
                (Some(Builtin::Int) | None, _) if unsigned => Builtin::UnsignedInt,
                (None, _) if signed => Builtin::Int,
                (Some(b), _) => b,
                (None, _) => return Ty::new(db, TyKind::Unknown),
            };
            Ty::builtin(db, b)
        }
    };
    ty.qualified(db, cv)
}

fn named_type<'db>(db: &'db dyn IlDatabase, from: ScopeRef<'db>, name: &SyntaxNode) -> Ty<'db> {
    let (global, segments) = name_segments(name);
    if name.descendants().any(|n| n.kind() == TEMPLATE_ARG_LIST) {
        return Ty::new(db, TyKind::TemplateId(crate::lower::tokens_text(name)));
    }
    let found = lookup_path(db, from, global, &segments);
    let kind = found.iter().find_map(|&item| match item.kind(db) {
        ItemKind::Class | ItemKind::Struct | ItemKind::Union => Some(TyKind::Class(item)),
        ItemKind::Enum => Some(TyKind::Enum(item)),
        ItemKind::Typedef => Some(TyKind::Typedef(item)),
        _ => None,
    });
    Ty::new(db, kind.unwrap_or(TyKind::Unknown))
}

/// Applies a declarator to the specifiers' type: pointers, references, arrays (with integer
/// literal bounds), functions (parameters left unresolved for now).
pub fn declarator_type<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    base: Ty<'db>,
    declarator: &SyntaxNode,
) -> Ty<'db> {
    let mut ty = base;
    // Pointer operators bind looser than suffixes: apply them first, outermost last.
    for op in declarator.children().filter(|n| n.kind() == PTR_OP) {
        let tokens: Vec<_> = op.children_with_tokens().map(|t| t.kind()).collect();
        ty = if tokens.contains(&AMP) {
            Ty::new(db, TyKind::Reference(RefKind::Lvalue, ty))
        } else if tokens.contains(&AMP2) {
            Ty::new(db, TyKind::Reference(RefKind::Rvalue, ty))
        } else {
            let cv = Cv {
                is_const: tokens.contains(&CONST_KW),
                is_volatile: tokens.contains(&VOLATILE_KW),
                is_restrict: false,
            };
            Ty::new(db, TyKind::Pointer(ty)).qualified(db, cv)
        };
    }
    let suffixes: Vec<SyntaxNode> = declarator
        .children()
        .filter(|n| matches!(n.kind(), ARRAY_SUFFIX | FUNCTION_SUFFIX))
        .collect();
    // `int a[2][3]` is an array of 2 arrays of 3: apply the suffixes from the last.
    for suffix in suffixes.iter().rev() {
        ty = match suffix.kind() {
            // `[]` is an unknown bound; a bound we cannot evaluate leaves the type unknown.
            ARRAY_SUFFIX if suffix.children().next().is_none() => {
                Ty::new(db, TyKind::Array(ty, None))
            }
            ARRAY_SUFFIX => match crate::consteval::const_value(db, from, suffix) {
                Some(n) => Ty::new(db, TyKind::Array(ty, Some(n))),
                None => Ty::new(db, TyKind::Unknown),
            },
            _ => Ty::new(
                db,
                TyKind::Function(function_signature(db, from, ty, suffix)),
            ),
        };
    }
    if let Some(inner) = declarator.children().find(|n| n.kind() == DECLARATOR) {
        ty = declarator_type(db, from, ty, &inner);
    }
    ty
}

/// A function suffix `(int a, const S &, ...) const & noexcept` applied to a return type.
/// Parameter types are adjusted as [dcl.fct] says: arrays and functions become pointers, and
/// top-level cv-qualifiers are dropped.
fn function_signature<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    ret: Ty<'db>,
    suffix: &SyntaxNode,
) -> FnSig<'db> {
    let params_node = suffix.children().find(|n| n.kind() == PARAM_LIST);
    let mut params = Vec::new();
    for param in params_node
        .iter()
        .flat_map(|p| p.children())
        .filter(|n| n.kind() == PARAM)
    {
        let base = specifier_type(db, from, &param);
        let ty = match param.children().find(|n| n.kind() == DECLARATOR) {
            Some(d) => declarator_type(db, from, base, &d),
            None => base,
        };
        let ty = match ty.kind(db) {
            TyKind::Array(elem, _) => Ty::new(db, TyKind::Pointer(*elem)),
            TyKind::Function(_) => Ty::new(db, TyKind::Pointer(ty)),
            TyKind::Qualified(_, inner) => *inner,
            _ => ty,
        };
        // `(void)` declares no parameters.
        if !(matches!(ty.kind(db), TyKind::Builtin(Builtin::Void))
            && param.children().all(|n| n.kind() != DECLARATOR))
        {
            params.push(ty);
        }
    }
    let variadic = params_node.is_some_and(|p| p.children_with_tokens().any(|t| t.kind() == DOT3));
    let tokens: Vec<_> = suffix.children_with_tokens().map(|t| t.kind()).collect();
    FnSig {
        ret,
        params,
        variadic,
        this_cv: Cv {
            is_const: tokens.contains(&CONST_KW),
            is_volatile: tokens.contains(&VOLATILE_KW),
            is_restrict: false,
        },
        ref_qualifier: if tokens.contains(&AMP) {
            Some(RefKind::Lvalue)
        } else if tokens.contains(&AMP2) {
            Some(RefKind::Rvalue)
        } else {
            None
        },
        noexcept: suffix.children().any(|n| n.kind() == NOEXCEPT_SPEC),
    }
}

/// The type of a routine item: its return type and signature.
pub fn routine_type<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Ty<'db> {
    let header = SyntaxNode::new_root(item.header(db).clone());
    // A template's header wraps the declaration; a definition's declarator is a direct child.
    let decl = if header.kind() == TEMPLATE_DECL {
        header
            .children()
            .find(|n| n.kind() != TEMPLATE_PARAM_LIST)
            .unwrap_or(header)
    } else {
        header
    };
    let from = item
        .parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
    let base = specifier_type(db, from, &decl);
    let declarator = decl
        .children()
        .find(|n| n.kind() == DECLARATOR)
        .or_else(|| item_declarator(db, item, &decl));
    match declarator {
        Some(d) => declarator_type(db, from, base, &d),
        None => Ty::new(db, TyKind::Unknown),
    }
}

/// The type a TYPE_ID names (`long int`, `void *`, `const S &`).
pub fn type_id_type<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    type_id: &SyntaxNode,
) -> Ty<'db> {
    let base = specifier_type(db, from, type_id);
    match type_id.children().find(|n| n.kind() == DECLARATOR) {
        Some(d) => declarator_type(db, from, base, &d),
        None => base,
    }
}

/// The type of a variable or field item (the declarator that declares its name).
pub fn declared_type<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Ty<'db> {
    let header = SyntaxNode::new_root(item.header(db).clone());
    let from = item
        .parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
    let base = specifier_type(db, from, &header);
    match item_declarator(db, item, &header) {
        Some(d) => declarator_type(db, from, base, &d),
        None => base,
    }
}

/// The DECLARATOR of `item` in its (possibly multi-declarator) header.
pub fn item_declarator(
    db: &dyn IlDatabase,
    item: Item<'_>,
    header: &SyntaxNode,
) -> Option<SyntaxNode> {
    let name = item.name_text(db)?;
    header
        .children()
        .filter(|n| n.kind() == INIT_DECLARATOR)
        .find_map(|init| {
            let d = init.children().find(|n| n.kind() == DECLARATOR)?;
            let declares = d.descendants().filter(|n| n.kind() == NAME_REF).any(|n| {
                !n.ancestors()
                    .any(|a| matches!(a.kind(), PARAM_LIST | ARRAY_SUFFIX))
                    && n.children_with_tokens()
                        .any(|t| t.kind() == IDENT && t.to_string() == name)
            });
            declares.then_some(d)
        })
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;
    use crate::scope::all_items;
    use crate::test_db::TestDb;

    #[test]
    fn declared_types() {
        let (db, file) = TestDb::with_file(
            r#"
namespace n { struct S { int m; }; typedef unsigned long size_type; }
const char *name;
unsigned short table[4][2];
int (*handler)(long, ...);
n::S &ref_s = *(n::S *)0;
n::size_type count;
long double ld;
signed char sc;
unsigned __int128 big;
__attribute__((device)) float *const dev_ptr = 0;
int f(int a[3], void g(), const long c) noexcept;
struct T { void m(int) const &; };
"#,
        );
        let mut out = String::new();
        for item in all_items(&db, file) {
            let ty = match item.kind(&db) {
                ItemKind::Variable | ItemKind::Field => declared_type(&db, item),
                ItemKind::Routine => routine_type(&db, item),
                _ => continue,
            };
            out.push_str(&format!(
                "{}: {}\n",
                item.qualified_name(&db),
                ty.display(&db)
            ));
        }
        expect![[r#"
            n::S::m: int
            name: const char *
            table: unsigned short [4][2]
            handler: int (*)(long, ...)
            ref_s: n::S &
            count: n::size_type
            ld: long double
            sc: signed char
            big: unsigned __int128
            dev_ptr: float *const
            f: int (int *, void (*)(), long) noexcept
            T::m: void (int) const &
        "#]]
        .assert_eq(&out);
    }
}
