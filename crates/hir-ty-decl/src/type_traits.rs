//! The compiler's type-trait builtins (`__is_enum(T)`, `__is_same(T, U)`), where the answer
//! follows from the kind of each operand alone.
//!
//! EDG evaluates them in template arguments (`integral_constant<bool, __is_enum(_Tp)>`) and
//! in constant initializers. Traits that need a class's definition (`__is_empty` of a class,
//! `__is_constructible`) are not decided here. [`trait_by_class`] is the one table: the
//! evaluator (`const_eval.rs`) asks it with the classes of lowered types ([`type_class`]),
//! and the xref walk with the classes it reads from printed types.
use crate::HirTyDatabase;
use crate::ty::{Ty, TyKind};

/// What kind of type an operand is, as far as the traits decided by kind need to know.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TypeClass {
    /// `void`.
    Void,
    /// An arithmetic type or `std::nullptr_t`.
    Arithmetic,
    Pointer,
    Reference,
    Enumeration,
    Class,
}

impl TypeClass {
    fn is_scalar(self) -> bool {
        matches!(self, Self::Arithmetic | Self::Pointer | Self::Enumeration)
    }
}

/// The value of the type trait `name` on operands of the given classes, when their classes
/// decide it; `same` says whether the two operands of `__is_same` are one type, where the
/// caller knows. `None` for any other trait or operands.
pub fn trait_by_class(name: &str, classes: &[TypeClass], same: Option<bool>) -> Option<bool> {
    use TypeClass::*;
    Some(match (name, classes) {
        ("__is_enum", [k]) => *k == Enumeration,
        ("__is_class", [k]) if *k != Class => false,
        (
            "__is_union"
            | "__is_empty"
            | "__is_polymorphic"
            | "__is_abstract"
            | "__is_final"
            | "__has_virtual_destructor",
            [k],
        ) if *k != Class => false,
        (
            "__is_trivial"
            | "__is_pod"
            | "__is_standard_layout"
            | "__is_literal_type"
            | "__is_trivially_copyable"
            | "__has_trivial_destructor"
            | "__is_trivially_destructible",
            [k],
        ) if k.is_scalar() => true,
        ("__is_aggregate", [k]) if *k != Class => false,
        ("__is_base_of", [b, d]) if *b != Class || *d != Class => false,
        ("__is_same" | "__is_same_as", [a, b]) => match same {
            Some(same) => same,
            None if *a != Class && *b != Class && a != b => false,
            None => return None,
        },
        _ => return None,
    })
}

/// The class of a lowered type (cv-qualifiers aside); `None` for a type that depends on
/// template parameters or was not resolved, and for arrays and functions, which no trait
/// here decides.
pub fn type_class<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> Option<TypeClass> {
    if ty.is_error(db) || ty.is_dependent(db) {
        return None;
    }
    Some(match ty.unqualified(db).kind(db) {
        TyKind::Builtin(il::ty::Builtin::Void) => TypeClass::Void,
        TyKind::Builtin(_) => TypeClass::Arithmetic,
        TyKind::Pointer(_) | TyKind::MemberPointer { .. } => TypeClass::Pointer,
        TyKind::Reference(..) => TypeClass::Reference,
        TyKind::Enum(_) => TypeClass::Enumeration,
        TyKind::Class(_) | TyKind::Instance(_) | TyKind::Closure(_) => TypeClass::Class,
        _ => return None,
    })
}
