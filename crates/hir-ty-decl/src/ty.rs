//! The types of this layer: salsa-interned, so equal types are equal ids and a type is never
//! identified by its printed name.
//!
//! Classes, enums and unions are their il [`Item`]; a class template instance is an interned
//! [`Instance`] (template item plus arguments); a template parameter knows its owner
//! ([`TemplateParamId`]). What a template makes of a name we do not model is a
//! [`TyKind::Dependent`] type (a member type of a dependent type, `typename A::pointer`, is a
//! structured [`TyKind::Projection`], resolved once its base is concrete: `hir_ty::normalize`),
//! and what we could not determine at all is [`TyKind::Error`],
//! which absorbs every operation on it (an expression of error type has error type, a call
//! through it resolves to nothing) so that one unknown gives one diagnostic, not a cascade.
use hir_def::ClosureId;
use hir_def::generics::TemplateParamId;
use il::Item;
pub use il::ty::{Builtin, Cv, RefKind};

#[salsa::interned(debug)]
pub struct Ty<'db> {
    #[returns(ref)]
    pub kind: TyKind<'db>,
}

/// A function type, also a routine's signature ([`crate::lower::CallableSig`] adds what is not
/// part of the type).
#[derive(Debug, Clone, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct FnTy<'db> {
    pub ret: Ty<'db>,
    pub params: Vec<Ty<'db>>,
    pub variadic: bool,
    /// Qualifiers of `this` (`void f() const &`).
    pub this_cv: Cv,
    pub ref_qualifier: Option<RefKind>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub enum TyKind<'db> {
    /// Every integer width, the floating types, `bool`, the character kinds, `void`,
    /// `std::nullptr_t`.
    Builtin(Builtin),
    /// A cv-qualified type; never nested (qualifiers merge on construction).
    Qualified(Cv, Ty<'db>),
    Pointer(Ty<'db>),
    Reference(RefKind, Ty<'db>),
    /// `T[n]`; `None` is an unknown bound.
    Array(Ty<'db>, Option<u64>),
    /// `T[N]` whose bound is a non-type template parameter (`T (&)[N]`): deduction reads `N`
    /// from an array's bound, and substituting `N` makes it an [`TyKind::Array`].
    ParamArray(Ty<'db>, TemplateParamId<'db>),
    Function(FnTy<'db>),
    /// `T C::*` (a member function pointer when `pointee` is a function type).
    MemberPointer {
        class: Ty<'db>,
        pointee: Ty<'db>,
    },
    /// A class, struct or union.
    Class(Item<'db>),
    Enum(Item<'db>),
    /// A class template instance.
    Instance(Instance<'db>),
    /// A template parameter of its owner, standing for itself (inside the template).
    Param(TemplateParamId<'db>),
    /// A member type of a type that depends on template parameters (`typename A::pointer`,
    /// `typename alloc_traits::pointer` with `alloc_traits` a typedef of `atraits<A>`): the
    /// base as a type and the member's name, as rust-analyzer's projection types. Substitution
    /// keeps it a projection; once the base is a concrete class or instance, `hir_ty::normalize`
    /// looks the member up there (a member typedef in the instance's bindings, recursively).
    Projection {
        base: Ty<'db>,
        name: Box<str>,
    },
    /// A type that depends on template parameters in a way not modelled (a dependent base's
    /// member, a dependent template-id il did not instantiate): kept as spelled, never an
    /// error.
    Dependent(Box<str>),
    /// A lambda's closure type.
    Closure(ClosureId<'db>),
    /// A GNU vector (`__attribute__((vector_size(n)))`).
    Vector {
        elem: Ty<'db>,
        bytes: u64,
    },
    /// Unknown: absorbs everything done with it.
    Error,
}

/// One argument of a template instance.
#[derive(Debug, Clone, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub enum GenericArg<'db> {
    Type(Ty<'db>),
    Value(i128),
    /// A class template given for a template template parameter.
    Template(Item<'db>),
    /// A non-type argument that depends on template parameters (the parameter's index in its
    /// owner, or an expression as spelled).
    DependentValue(Box<str>),
    /// The elements of a parameter pack's argument (`Ts` of `f(Ts... xs)` called as
    /// `f(1, 2L)`: `int, long`); empty for an empty pack.
    Pack(Vec<GenericArg<'db>>),
}

impl<'db> GenericArg<'db> {
    /// Whether the argument mentions template parameters.
    pub fn is_dependent(&self, db: &'db dyn salsa::Database) -> bool {
        match self {
            GenericArg::Type(t) => t.is_dependent(db),
            GenericArg::DependentValue(_) => true,
            GenericArg::Value(_) | GenericArg::Template(_) => false,
            GenericArg::Pack(elements) => elements.iter().any(|e| e.is_dependent(db)),
        }
    }
}

/// `X<args>`: a class (or alias, or function) template with its arguments: the identity of an
/// instance, whatever its spelling.
#[salsa::interned(debug)]
pub struct Instance<'db> {
    #[returns(copy)]
    pub template: Item<'db>,
    #[returns(ref)]
    pub args: Vec<GenericArg<'db>>,
}

/// Lvalue, xvalue or prvalue ([basic.lval]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueCategory {
    LValue,
    XValue,
    PRValue,
}

impl<'db> Ty<'db> {
    pub fn error(db: &'db dyn salsa::Database) -> Ty<'db> {
        Ty::new(db, TyKind::Error)
    }

    pub fn builtin(db: &'db dyn salsa::Database, b: Builtin) -> Ty<'db> {
        Ty::new(db, TyKind::Builtin(b))
    }

    pub fn pointer(self, db: &'db dyn salsa::Database) -> Ty<'db> {
        if self.is_error(db) {
            return self;
        }
        Ty::new(db, TyKind::Pointer(self))
    }

    pub fn reference(self, db: &'db dyn salsa::Database, kind: RefKind) -> Ty<'db> {
        match self.kind(db) {
            TyKind::Error => self,
            // Reference collapsing: `T& &&` is `T&`, `T&& &&` is `T&&`.
            TyKind::Reference(inner_kind, inner) => {
                let kind = if *inner_kind == RefKind::Lvalue || kind == RefKind::Lvalue {
                    RefKind::Lvalue
                } else {
                    RefKind::Rvalue
                };
                Ty::new(db, TyKind::Reference(kind, *inner))
            }
            _ => Ty::new(db, TyKind::Reference(kind, self)),
        }
    }

    /// Adds qualifiers, merging them into an existing `Qualified` layer.
    pub fn qualified(self, db: &'db dyn salsa::Database, cv: Cv) -> Ty<'db> {
        if cv == Cv::default() {
            return self;
        }
        match self.kind(db) {
            TyKind::Error | TyKind::Reference(..) | TyKind::Function(_) => self,
            TyKind::Qualified(inner_cv, inner) => {
                let merged = Cv {
                    is_const: cv.is_const || inner_cv.is_const,
                    is_volatile: cv.is_volatile || inner_cv.is_volatile,
                    is_restrict: cv.is_restrict || inner_cv.is_restrict,
                };
                Ty::new(db, TyKind::Qualified(merged, *inner))
            }
            _ => Ty::new(db, TyKind::Qualified(cv, self)),
        }
    }

    pub fn is_error(self, db: &'db dyn salsa::Database) -> bool {
        matches!(self.kind(db), TyKind::Error)
    }

    /// Whether the type involves a template parameter or a dependent name.
    pub fn is_dependent(self, db: &'db dyn salsa::Database) -> bool {
        match self.kind(db) {
            TyKind::Param(_)
            | TyKind::Dependent(_)
            | TyKind::ParamArray(..)
            | TyKind::Projection { .. } => true,
            TyKind::Qualified(_, t)
            | TyKind::Pointer(t)
            | TyKind::Reference(_, t)
            | TyKind::Array(t, _)
            | TyKind::Vector { elem: t, .. } => t.is_dependent(db),
            TyKind::MemberPointer { class, pointee } => {
                class.is_dependent(db) || pointee.is_dependent(db)
            }
            TyKind::Function(f) => {
                f.ret.is_dependent(db) || f.params.iter().any(|p| p.is_dependent(db))
            }
            TyKind::Instance(i) => i.args(db).iter().any(|a| a.is_dependent(db)),
            _ => false,
        }
    }

    /// The type with each directly contained type replaced by `f`'s result (the pointee, the
    /// element, a function's return and parameters, an instance's type arguments, a
    /// projection's base), rebuilt with the same constructors (cv merging, reference
    /// collapsing); leaves are returned as they are. The one structural walk that substitution
    /// and normalization share: each handles its own kinds and delegates the rest here.
    pub fn map_children(
        self,
        db: &'db dyn salsa::Database,
        mut f: impl FnMut(Ty<'db>) -> Ty<'db>,
    ) -> Ty<'db> {
        let kind = match self.kind(db) {
            TyKind::Qualified(cv, inner) => return f(*inner).qualified(db, *cv),
            TyKind::Pointer(inner) => return f(*inner).pointer(db),
            TyKind::Reference(kind, inner) => return f(*inner).reference(db, *kind),
            TyKind::Array(elem, n) => TyKind::Array(f(*elem), *n),
            TyKind::ParamArray(elem, p) => TyKind::ParamArray(f(*elem), *p),
            TyKind::Function(fn_ty) => TyKind::Function(FnTy {
                ret: f(fn_ty.ret),
                params: fn_ty.params.iter().map(|p| f(*p)).collect(),
                ..fn_ty.clone()
            }),
            TyKind::MemberPointer { class, pointee } => TyKind::MemberPointer {
                class: f(*class),
                pointee: f(*pointee),
            },
            TyKind::Instance(inst) => {
                let args: Vec<GenericArg<'db>> = inst
                    .args(db)
                    .iter()
                    .map(|a| match a {
                        GenericArg::Type(t) => GenericArg::Type(f(*t)),
                        other => other.clone(),
                    })
                    .collect();
                TyKind::Instance(Instance::new(db, inst.template(db), args))
            }
            TyKind::Projection { base, name } => TyKind::Projection {
                base: f(*base),
                name: name.clone(),
            },
            _ => return self,
        };
        Ty::new(db, kind)
    }

    /// The type without top-level cv-qualifiers, and those qualifiers.
    pub fn split_cv(self, db: &'db dyn salsa::Database) -> (Cv, Ty<'db>) {
        match self.kind(db) {
            TyKind::Qualified(cv, inner) => (*cv, *inner),
            _ => (Cv::default(), self),
        }
    }

    pub fn unqualified(self, db: &'db dyn salsa::Database) -> Ty<'db> {
        self.split_cv(db).1
    }

    /// The referred type of a reference, else the type.
    pub fn strip_reference(self, db: &'db dyn salsa::Database) -> Ty<'db> {
        match self.kind(db) {
            TyKind::Reference(_, inner) => *inner,
            _ => self,
        }
    }

    /// The builtin under cv-qualifiers, if it is one.
    pub fn as_builtin(self, db: &'db dyn salsa::Database) -> Option<Builtin> {
        match self.unqualified(db).kind(db) {
            TyKind::Builtin(b) => Some(*b),
            _ => None,
        }
    }

    /// The class item (or instance template) under cv-qualifiers.
    pub fn as_class(self, db: &'db dyn salsa::Database) -> Option<Item<'db>> {
        match self.unqualified(db).kind(db) {
            TyKind::Class(item) => Some(*item),
            TyKind::Instance(i) => Some(i.template(db)),
            _ => None,
        }
    }

    pub fn is_arithmetic(self, db: &'db dyn salsa::Database) -> bool {
        self.as_builtin(db)
            .is_some_and(|b| !matches!(b, Builtin::Void | Builtin::NullPtr))
    }

    pub fn is_integral_or_enum(self, db: &'db dyn salsa::Database) -> bool {
        self.as_builtin(db).is_some_and(Builtin::is_integral)
            || matches!(self.unqualified(db).kind(db), TyKind::Enum(_))
    }

    /// Array-to-pointer and function-to-pointer conversions, and the loss of top-level cv of
    /// a prvalue: the type an argument passed by value has.
    pub fn decay(self, db: &'db dyn salsa::Database) -> Ty<'db> {
        let ty = self.strip_reference(db).unqualified(db);
        match ty.kind(db) {
            TyKind::Array(elem, _) => elem.pointer(db),
            TyKind::Function(_) => ty.pointer(db),
            _ => ty,
        }
    }
}

/// Integer properties of the builtins: rank, width, signedness ([conv.rank]).
pub fn int_info(b: Builtin) -> Option<(u32, u32, bool)> {
    use Builtin::*;
    // (rank, bits, signed)
    Some(match b {
        Bool => (0, 1, false),
        Char => (1, 8, true),
        SignedChar => (1, 8, true),
        UnsignedChar | Char8 => (1, 8, false),
        Short => (2, 16, true),
        UnsignedShort | Char16 => (2, 16, false),
        Int | WChar => (3, 32, true),
        UnsignedInt | Char32 => (3, 32, false),
        Long => (4, 64, true),
        UnsignedLong => (4, 64, false),
        LongLong => (5, 64, true),
        UnsignedLongLong => (5, 64, false),
        Int128 => (6, 128, true),
        UnsignedInt128 => (6, 128, false),
        _ => return None,
    })
}

/// Integral promotion of a builtin ([conv.prom]): `bool`, the character types and the short
/// types become `int` (all their values fit), `char32_t` becomes `unsigned int`.
pub fn promoted(b: Builtin) -> Builtin {
    use Builtin::*;
    match b {
        Bool | Char | SignedChar | UnsignedChar | Char8 | Short | UnsignedShort | Char16 => Int,
        WChar => Int,
        Char32 => UnsignedInt,
        other => other,
    }
}

/// The usual arithmetic conversions of two builtins ([expr.arith.conv]).
pub fn usual_arithmetic(a: Builtin, b: Builtin) -> Builtin {
    use Builtin::*;
    let float_rank = |x: Builtin| match x {
        Float => Some(1),
        Double => Some(2),
        LongDouble => Some(3),
        Float128 => Some(4),
        _ => None,
    };
    match (float_rank(a), float_rank(b)) {
        (Some(x), Some(y)) => return if x >= y { a } else { b },
        (Some(_), None) => return a,
        (None, Some(_)) => return b,
        _ => {}
    }
    let (a, b) = (promoted(a), promoted(b));
    if a == b {
        return a;
    }
    let (Some((ra, wa, sa)), Some((rb, wb, sb))) = (int_info(a), int_info(b)) else {
        return Int;
    };
    if sa == sb {
        return if ra >= rb { a } else { b };
    }
    let (signed, s_rank, s_width, unsigned, u_rank) = if sa {
        (a, ra, wa, b, rb)
    } else {
        (b, rb, wb, a, ra)
    };
    let u_width = if sa { wb } else { wa };
    if u_rank >= s_rank {
        unsigned
    } else if s_width > u_width {
        signed
    } else {
        unsigned_of(signed)
    }
}

/// The unsigned type of the same rank.
pub fn unsigned_of(b: Builtin) -> Builtin {
    use Builtin::*;
    match b {
        Char | SignedChar => UnsignedChar,
        Short => UnsignedShort,
        Int => UnsignedInt,
        Long => UnsignedLong,
        LongLong => UnsignedLongLong,
        Int128 => UnsignedInt128,
        other => other,
    }
}
