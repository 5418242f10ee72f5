//! Types: an interned representation and the target meaning of the builtins.
//!
//! Types are salsa-interned (`Ty<'db>`), so equal types are equal ids and queries keyed by a type
//! (its layout, its mangled spelling) are memoized once. Class, enum and typedef types point at
//! their declaring entity ([`Item`]); a typedef stays a typedef (EDG keeps the chain for
//! diagnostics and the IL display) and [`Ty::strip_typedefs`] follows it.
use crate::instantiate::{Bound, ClassInstance, TemplateArg};
use crate::item::Item;
use crate::layout::SizeAlign;

/// The fundamental types with their x86-64 LP64 (g++ 12) sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Builtin {
    Void,
    Bool,
    Char,
    SignedChar,
    UnsignedChar,
    WChar,
    Char8,
    Char16,
    Char32,
    Short,
    UnsignedShort,
    Int,
    UnsignedInt,
    Long,
    UnsignedLong,
    LongLong,
    UnsignedLongLong,
    Int128,
    UnsignedInt128,
    Float,
    Double,
    LongDouble,
    Float128,
    NullPtr,
}

impl Builtin {
    /// `None` for `void` (incomplete).
    pub fn size_align(self) -> Option<SizeAlign> {
        use Builtin::*;
        let n = match self {
            Void => return None,
            Bool | Char | SignedChar | UnsignedChar | Char8 => 1,
            Short | UnsignedShort | Char16 => 2,
            Int | UnsignedInt | WChar | Char32 | Float => 4,
            Long | UnsignedLong | LongLong | UnsignedLongLong | Double | NullPtr => 8,
            // x87 80-bit long double occupies 16 bytes, aligned to 16, on x86-64.
            Int128 | UnsignedInt128 | LongDouble | Float128 => 16,
        };
        Some(SizeAlign::new(n, n))
    }

    pub fn is_integral(self) -> bool {
        use Builtin::*;
        !matches!(
            self,
            Void | Float | Double | LongDouble | Float128 | NullPtr
        )
    }

    /// The C++ spelling, as g++ and cudafe++ print it.
    pub fn spelling(self) -> &'static str {
        use Builtin::*;
        match self {
            Void => "void",
            Bool => "bool",
            Char => "char",
            SignedChar => "signed char",
            UnsignedChar => "unsigned char",
            WChar => "wchar_t",
            Char8 => "char8_t",
            Char16 => "char16_t",
            Char32 => "char32_t",
            Short => "short",
            UnsignedShort => "unsigned short",
            Int => "int",
            UnsignedInt => "unsigned int",
            Long => "long",
            UnsignedLong => "unsigned long",
            LongLong => "long long",
            UnsignedLongLong => "unsigned long long",
            Int128 => "__int128",
            UnsignedInt128 => "unsigned __int128",
            Float => "float",
            Double => "double",
            LongDouble => "long double",
            // g++ 12 knows `_Float128` only in C; glibc's C++ headers typedef it to this.
            Float128 => "__float128",
            NullPtr => "std::nullptr_t",
        }
    }
}

/// The builtin type specifier keywords of a declaration, in any order (`unsigned long int`,
/// `long unsigned`, `signed`): the one table of which words name which builtin, read by the
/// declarations' types (`resolve.rs`) and by the xref log's printed types.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuiltinSpecifiers {
    /// The last base keyword (`char`, `double`, ...); `int` does not replace `short`.
    pub base: Option<Builtin>,
    pub signed: bool,
    pub unsigned: bool,
    pub longs: u32,
}

impl BuiltinSpecifiers {
    /// Takes one keyword; `false` (and nothing taken) when it is not a builtin type specifier.
    pub fn add(&mut self, kind: syntax::SyntaxKind) -> bool {
        use syntax::SyntaxKind::*;
        match kind {
            SIGNED_KW => self.signed = true,
            UNSIGNED_KW => self.unsigned = true,
            LONG_KW => self.longs += 1,
            INT_KW => self.base = self.base.or(Some(Builtin::Int)),
            _ => {
                self.base = Some(match kind {
                    SHORT_KW => Builtin::Short,
                    CHAR_KW => Builtin::Char,
                    BOOL_KW => Builtin::Bool,
                    VOID_KW => Builtin::Void,
                    FLOAT_KW => Builtin::Float,
                    DOUBLE_KW => Builtin::Double,
                    WCHAR_T_KW => Builtin::WChar,
                    CHAR8_T_KW => Builtin::Char8,
                    CHAR16_T_KW => Builtin::Char16,
                    CHAR32_T_KW => Builtin::Char32,
                    INT128_KW => Builtin::Int128,
                    _ => return false,
                })
            }
        }
        true
    }

    /// The builtin the keywords taken name; `None` when there were none.
    pub fn builtin(&self) -> Option<Builtin> {
        use Builtin::*;
        let unsigned = self.unsigned;
        Some(match (self.base, self.longs) {
            (Some(Double), 1) => LongDouble,
            (Some(Int) | None, 1) if unsigned => UnsignedLong,
            (Some(Int) | None, 1) => Long,
            (Some(Int) | None, 2..) if unsigned => UnsignedLongLong,
            (Some(Int) | None, 2..) => LongLong,
            (Some(Short), _) if unsigned => UnsignedShort,
            (Some(Char), _) if unsigned => UnsignedChar,
            (Some(Char), _) if self.signed => SignedChar,
            (Some(Int128), _) if unsigned => UnsignedInt128,
            (Some(Int) | None, _) if unsigned => UnsignedInt,
            (None, _) if self.signed => Int,
            (Some(b), _) => b,
            (None, _) => return None,
        })
    }

    /// The builtin that words (`long unsigned int`, `const char`) name: cv-qualifiers are
    /// passed over; `None` when a word is no builtin type specifier.
    pub fn of_words(words: &str) -> Option<Builtin> {
        use syntax::SyntaxKind::{CONST_KW, VOLATILE_KW};
        let mut specifiers = BuiltinSpecifiers::default();
        for word in words.split_whitespace() {
            match syntax::SyntaxKind::from_keyword(word) {
                Some(CONST_KW | VOLATILE_KW) => {}
                Some(kind) if specifiers.add(kind) => {}
                _ => return None,
            }
        }
        specifiers.builtin()
    }
}

/// `const` / `volatile` (and GNU `__restrict`) qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Cv {
    pub is_const: bool,
    pub is_volatile: bool,
    pub is_restrict: bool,
}

impl Cv {
    /// The qualifiers as every printer writes them, in this order: `const volatile
    /// __restrict__` (empty for none).
    pub fn words(self) -> String {
        let words = [
            (self.is_const, "const"),
            (self.is_volatile, "volatile"),
            (self.is_restrict, "__restrict__"),
        ];
        let words: Vec<&str> = words.iter().filter(|w| w.0).map(|w| w.1).collect();
        words.join(" ")
    }
}

/// A function type: what overloads differ in, so it also serves as a routine's signature key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct FnSig<'db> {
    pub ret: Ty<'db>,
    pub params: Vec<Ty<'db>>,
    pub variadic: bool,
    /// Qualifiers of `this` (`void f() const &`).
    pub this_cv: Cv,
    pub ref_qualifier: Option<RefKind>,
    pub noexcept: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefKind {
    Lvalue,
    Rvalue,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub enum TyKind<'db> {
    Builtin(Builtin),
    /// A cv-qualified type; never nested (qualifiers are merged on construction).
    Qualified(Cv, Ty<'db>),
    Pointer(Ty<'db>),
    Reference(RefKind, Ty<'db>),
    /// `T[n]`; `None` is an unknown bound (`extern int a[];`, a flexible array member).
    Array(Ty<'db>, Option<u64>),
    /// An array in a template whose bound depends on the template's parameters (`T (&)[N]`,
    /// `char [sizeof(T)]`). Instantiation resolves the declaration again under a binding, which
    /// makes it an [`TyKind::Array`]; deduction reads a parameter from it.
    DependentArray(Ty<'db>, DependentBound),
    Function(FnSig<'db>),
    /// `T C::*` (a member function pointer when `T` is a function type).
    MemberPointer {
        class: Ty<'db>,
        pointee: Ty<'db>,
    },
    /// A class, struct or union: its entity.
    Class(Item<'db>),
    Enum(Item<'db>),
    /// A typedef or alias declaration, kept as written.
    Typedef(Item<'db>),
    /// GNU `__attribute__((vector_size(bytes)))` over an arithmetic element type.
    Vector {
        elem: Ty<'db>,
        bytes: u64,
    },
    /// The `index`-th parameter of the template at `depth`; opaque until instantiation.
    TemplateParam {
        depth: u32,
        index: u32,
    },
    /// A class template instance (`std::pair<int, char>`), or a class nested in one.
    Instance(ClassInstance<'db>),
    /// The closure type of a lambda expression: the `index`-th lambda (in preorder) of `file`'s
    /// tree. EDG spells it `<unnamed@address>`.
    Closure {
        file: base_db::SourceFile,
        index: u32,
    },
    /// A template-id we could not instantiate: kept as its source text.
    TemplateId(String),
    /// A type we could not resolve; never an error by itself (the diagnostic was given where
    /// the name failed).
    Unknown,
}

/// The bound of a [`TyKind::DependentArray`], converted to `std::size_t` as EDG does.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DependentBound {
    /// A non-type parameter written alone (`[N]`), standing for itself as
    /// `TemplateArg::Unbound(index)` does: a deduced context. `name` is the parameter's name
    /// where the bound is written; `cast`: its type is not `unsigned long`, so EDG spells the
    /// conversion (`((unsigned long)N)`).
    Param {
        index: u32,
        name: String,
        cast: bool,
    },
    /// Any other expression (`[N + 1]`, `[sizeof(T)]`): not deduced, kept as EDG spells it,
    /// type parameters written as [`Ty::display`] writes them (`<template parameter 1.0>`).
    Expr(String),
}

impl DependentBound {
    /// EDG's spelling: `((unsigned long)N)`, `N` for a `std::size_t` parameter,
    /// `((unsigned long)(N + 1))`, `sizeof(T)`.
    pub fn spelling(&self) -> String {
        match self {
            DependentBound::Param {
                name, cast: false, ..
            } => name.clone(),
            DependentBound::Param {
                name, cast: true, ..
            } => format!("((unsigned long){name})"),
            DependentBound::Expr(text) => text.clone(),
        }
    }
}

#[salsa::interned(debug)]
pub struct Ty<'db> {
    #[returns(ref)]
    pub kind: TyKind<'db>,
}

impl<'db> Ty<'db> {
    pub fn builtin(db: &'db dyn salsa::Database, b: Builtin) -> Ty<'db> {
        Ty::new(db, TyKind::Builtin(b))
    }

    /// Adds qualifiers, merging them into an existing `Qualified` layer.
    pub fn qualified(self, db: &'db dyn salsa::Database, cv: Cv) -> Ty<'db> {
        if cv == Cv::default() {
            return self;
        }
        match self.kind(db) {
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
}

impl<'db> Ty<'db> {
    /// A readable C++ spelling (`const char *`, `int (*)(long)`, `S [4]`), for tests and
    /// messages. Not yet EDG's exact spelling for every declarator shape.
    pub fn display(self, db: &'db dyn salsa::Database) -> String {
        match self.kind(db) {
            TyKind::Builtin(b) => b.spelling().to_string(),
            TyKind::Qualified(cv, inner) => match inner.kind(db) {
                TyKind::Pointer(_) => format!("{}{}", inner.display(db), cv.words()),
                _ => format!("{} {}", cv.words(), inner.display(db)),
            },
            TyKind::Pointer(inner) => match inner.kind(db) {
                TyKind::Function(sig) => {
                    format!("{} (*){}", sig.ret.display(db), params_display(db, sig))
                }
                _ if inner.is_array(db) => array_declarator(db, *inner, "*"),
                _ => format!("{} *", inner.display(db)),
            },
            // A reference to an array: `int (&)[5]`.
            TyKind::Reference(kind, inner) if inner.is_array(db) => array_declarator(
                db,
                *inner,
                if *kind == RefKind::Lvalue { "&" } else { "&&" },
            ),
            TyKind::Reference(RefKind::Lvalue, inner) => format!("{} &", inner.display(db)),
            TyKind::Reference(RefKind::Rvalue, inner) => format!("{} &&", inner.display(db)),
            TyKind::Array(..) | TyKind::DependentArray(..) => {
                let (elem, dims) = self.array_dims(db);
                format!("{} {dims}", elem.display(db))
            }
            TyKind::Function(sig) => format!("{} {}", sig.ret.display(db), params_display(db, sig)),
            TyKind::MemberPointer { class, pointee } => {
                format!("{} {}::*", pointee.display(db), class.display(db))
            }
            TyKind::Class(item) | TyKind::Enum(item) | TyKind::Typedef(item) => {
                item.qualified_name(db)
            }
            TyKind::Vector { elem, bytes } => {
                format!("{} __attribute__((vector_size({bytes})))", elem.display(db))
            }
            TyKind::TemplateParam { depth, index } => {
                format!("<template parameter {depth}.{index}>")
            }
            TyKind::Instance(inst) => {
                let class = inst.class(db);
                // A member of an instance is qualified by it (`A<int>::Inner`, `A<int>::B<char>`).
                let name = match inst.outer(db) {
                    Some(outer) => format!(
                        "{}::{}",
                        bound_display(db, outer),
                        class.name_text(db).unwrap_or("(unnamed)")
                    ),
                    None => class.qualified_name(db),
                };
                if class.kind(db) != crate::item::ItemKind::ClassTemplate {
                    return name;
                }
                format!("{name}{}", args_display(db, inst.args(db)))
            }
            TyKind::TemplateId(text) => text.clone(),
            TyKind::Closure { index, .. } => format!("<unnamed@c{index}>"),
            TyKind::Unknown => "<unknown>".to_string(),
        }
    }
}

impl<'db> Ty<'db> {
    /// An array type's innermost element and its bounds, outermost first (`T [4][N]`: `T` and
    /// `[4][((unsigned long)N)]`); a type that is no array is its own element.
    pub fn array_dims(self, db: &'db dyn salsa::Database) -> (Ty<'db>, String) {
        let mut dims = String::new();
        let mut ty = self;
        loop {
            match ty.kind(db) {
                TyKind::Array(elem, n) => {
                    dims.push_str(&n.map_or("[]".to_string(), |n| format!("[{n}]")));
                    ty = *elem;
                }
                TyKind::DependentArray(elem, bound) => {
                    dims.push_str(&format!("[{}]", bound.spelling()));
                    ty = *elem;
                }
                _ => return (ty, dims),
            }
        }
    }

    /// Whether the type is an array, of known, unknown or dependent bound.
    pub fn is_array(self, db: &'db dyn salsa::Database) -> bool {
        matches!(
            self.kind(db),
            TyKind::Array(..) | TyKind::DependentArray(..)
        )
    }
}

/// A pointer or reference to an array, the operator in parentheses before the bounds:
/// `int (*)[5]`, `T (&)[N]`.
fn array_declarator<'db>(db: &'db dyn salsa::Database, array: Ty<'db>, op: &str) -> String {
    let (elem, dims) = array.array_dims(db);
    format!("{} ({op}){dims}", elem.display(db))
}

/// `<int, char>`; `A<B<int> >` keeps the space before `>` (EDG's spelling).
fn args_display<'db>(db: &'db dyn salsa::Database, args: &[TemplateArg<'db>]) -> String {
    let args: Vec<String> = args
        .iter()
        .map(|a| match a {
            TemplateArg::Type(t) => t.display(db),
            TemplateArg::Value(v) => v.to_string(),
            TemplateArg::Unbound(i) => format!("<parameter {i}>"),
            TemplateArg::Template(t) => t.qualified_name(db),
            TemplateArg::Typed(ty, v) => typed_value_display(db, *ty, *v),
        })
        .collect();
    let args = args.join(", ");
    let close = if args.ends_with('>') { " >" } else { ">" };
    format!("<{args}{close}")
}

/// A constant as EDG spells it for its type ([`edg_builtin_constant`]); a plain number for a
/// type that is no builtin.
fn typed_value_display(db: &dyn salsa::Database, ty: Ty<'_>, v: i128) -> String {
    match ty.kind(db) {
        TyKind::Builtin(b) => edg_builtin_constant(v, *b),
        _ => v.to_string(),
    }
}

/// A constant of builtin type `builtin` as EDG prints it in a template argument, in the xref
/// log and the IL display alike (measured with cudafe++ 13.0.88): `true`, `4UL`, `-1L`, an
/// unsigned value wrapped to its width (`static_cast<size_t>(-1)` is
/// `18446744073709551615UL`); a character as a character literal (`'a'`, `'\n'`, `'\''`,
/// `'\"'`, `'\000'`, `'\377'` for a plain `char` of -1), with a cast for `signed char` and
/// `unsigned char` (`(unsigned char)'\310'`). The one speller of constants: hir-ty's type
/// printer re-exports it.
pub fn edg_builtin_constant(value: i128, builtin: Builtin) -> String {
    use Builtin as B;
    let bits = match builtin {
        B::UnsignedLong | B::UnsignedLongLong => Some(64),
        B::UnsignedInt => Some(32),
        B::UnsignedShort => Some(16),
        B::UnsignedChar => Some(8),
        _ => None,
    };
    let value = match bits {
        Some(bits) => value.rem_euclid(1i128 << bits),
        None => value,
    };
    let suffix = match builtin {
        B::Bool => return (if value != 0 { "true" } else { "false" }).to_string(),
        B::Char => return char_literal(value),
        B::SignedChar => return format!("(signed char){}", char_literal(value)),
        B::UnsignedChar => return format!("(unsigned char){}", char_literal(value)),
        B::UnsignedLong => "UL",
        B::Long => "L",
        B::UnsignedInt => "U",
        B::UnsignedLongLong => "ULL",
        B::LongLong => "LL",
        _ => "",
    };
    format!("{value}{suffix}")
}

/// A one-byte value as EDG writes a character literal: printable characters as themselves
/// (`\\`, `\'` and `\"` escaped), the simple escapes by letter, any other byte in octal.
fn char_literal(value: i128) -> String {
    let byte = value.rem_euclid(256) as u8;
    let inner = match byte {
        b'\\' => "\\\\".to_string(),
        b'\'' => "\\'".to_string(),
        b'"' => "\\\"".to_string(),
        b'\n' => "\\n".to_string(),
        b'\t' => "\\t".to_string(),
        b'\r' => "\\r".to_string(),
        0x07 => "\\a".to_string(),
        0x08 => "\\b".to_string(),
        0x0c => "\\f".to_string(),
        0x0b => "\\v".to_string(),
        0x20..0x7f => (byte as char).to_string(),
        _ => format!("\\{byte:03o}"),
    };
    format!("'{inner}'")
}

/// A bound template definition as the instance it stands for (`A<int>`).
fn bound_display<'db>(db: &'db dyn salsa::Database, bound: Bound<'db>) -> String {
    let definition = bound.definition(db);
    let name = match bound.outer(db) {
        Some(outer) => format!(
            "{}::{}",
            bound_display(db, outer),
            definition.name_text(db).unwrap_or("(unnamed)")
        ),
        None => definition.qualified_name(db),
    };
    format!("{name}{}", args_display(db, bound.args(db)))
}

fn params_display<'db>(db: &'db dyn salsa::Database, sig: &FnSig<'db>) -> String {
    params_spelling(sig, |p| p.display(db))
}

/// A function type's parameter list with what follows it (`(int, ...) const && noexcept`),
/// each parameter spelled by `param`: [`Ty::display`]'s and the IL display's spelling share it.
pub fn params_spelling<'db>(sig: &FnSig<'db>, param: impl FnMut(Ty<'db>) -> String) -> String {
    let mut params: Vec<String> = sig.params.iter().copied().map(param).collect();
    if sig.variadic {
        params.push("...".to_string());
    }
    let mut out = format!("({})", params.join(", "));
    if sig.this_cv.is_const || sig.this_cv.is_volatile {
        out.push(' ');
        out.push_str(&sig.this_cv.words());
    }
    match sig.ref_qualifier {
        Some(RefKind::Lvalue) => out.push_str(" &"),
        Some(RefKind::Rvalue) => out.push_str(" &&"),
        None => {}
    }
    if sig.noexcept {
        out.push_str(" noexcept");
    }
    out
}

/// Size and alignment of the types that need no class layout. `None` for incomplete types and
/// for the ones that do (classes, enums, typedefs: the entity layer answers those).
pub fn scalar_size_align(db: &dyn salsa::Database, ty: Ty<'_>) -> Option<SizeAlign> {
    const POINTER: SizeAlign = SizeAlign::new(8, 8);
    match ty.kind(db) {
        TyKind::Builtin(b) => b.size_align(),
        TyKind::Qualified(_, inner) => scalar_size_align(db, *inner),
        TyKind::Pointer(_) | TyKind::Reference(..) => Some(POINTER),
        TyKind::MemberPointer { pointee, .. } => {
            // A pointer to member function is {ptr, adj}; to data member, an offset.
            Some(if matches!(pointee.kind(db), TyKind::Function(_)) {
                SizeAlign::new(16, 8)
            } else {
                POINTER
            })
        }
        TyKind::Array(elem, Some(n)) => {
            let e = scalar_size_align(db, *elem)?;
            Some(SizeAlign::new(e.size * n, e.align))
        }
        // GNU vectors are aligned to their size, at most to 16 bytes (BIGGEST_ALIGNMENT without
        // -mavx, which nvcc does not pass to the host compiler).
        TyKind::Vector { bytes, .. } => Some(SizeAlign::new(*bytes, (*bytes).min(16))),
        _ => None,
    }
}

/// One of CUDA's built-in vector types (`int2`, `float4`, `double4_32a`, ...): element type,
/// lane count, and the alignment `vector_types.h` gives it with `__align__`/`__builtin_align__`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CudaVectorType {
    pub elem: Builtin,
    pub lanes: u64,
    pub align: u64,
}

impl CudaVectorType {
    pub fn size_align(self) -> SizeAlign {
        SizeAlign::new(
            self.elem.size_align().map_or(0, |e| e.size) * self.lanes,
            self.align,
        )
    }
}

/// Recognizes a CUDA vector type by name. cudafe++ marks these `device_builtin`; their layout is
/// still that of the header's struct, which this table restates (checked against g++ by
/// `cargo xtask layout-check`): 1-, 2- and 4-lane types are aligned to their size up to 16 bytes
/// (32 for the `_32a` variants), 3-lane types to their element.
pub fn cuda_vector_type(name: &str) -> Option<CudaVectorType> {
    use Builtin::*;
    let (stem, explicit_align) = match name.strip_suffix("_16a") {
        Some(stem) => (stem, Some(16)),
        None => match name.strip_suffix("_32a") {
            Some(stem) => (stem, Some(32)),
            None => (name, None),
        },
    };
    let lanes_at = stem.find(|c: char| c.is_ascii_digit())?;
    let (base, lanes) = stem.split_at(lanes_at);
    let lanes: u64 = lanes.parse().ok()?;
    if !(1..=4).contains(&lanes) || (explicit_align.is_some() && lanes != 4) {
        return None;
    }
    let elem = match base {
        "char" => SignedChar,
        "uchar" => UnsignedChar,
        "short" => Short,
        "ushort" => UnsignedShort,
        "int" => Int,
        "uint" => UnsignedInt,
        "long" => Long,
        "ulong" => UnsignedLong,
        "longlong" => LongLong,
        "ulonglong" => UnsignedLongLong,
        "float" => Float,
        "double" => Double,
        _ => return None,
    };
    if explicit_align.is_some()
        && !matches!(
            elem,
            Long | UnsignedLong | LongLong | UnsignedLongLong | Double
        )
    {
        return None;
    }
    let elem_size = elem.size_align()?.size;
    let align = match (lanes, explicit_align) {
        (_, Some(a)) => a,
        (3, None) => elem_size,
        (_, None) => (elem_size * lanes).min(16),
    };
    Some(CudaVectorType { elem, lanes, align })
}

/// Every CUDA vector type name, for tests and the layout check.
pub fn cuda_vector_type_names() -> Vec<String> {
    let mut names = Vec::new();
    for base in [
        "char",
        "uchar",
        "short",
        "ushort",
        "int",
        "uint",
        "long",
        "ulong",
        "longlong",
        "ulonglong",
        "float",
        "double",
    ] {
        for lanes in 1..=4 {
            names.push(format!("{base}{lanes}"));
        }
        if matches!(base, "long" | "ulong" | "longlong" | "ulonglong" | "double") {
            names.push(format!("{base}4_16a"));
            names.push(format!("{base}4_32a"));
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    /// Character constants as cudafe++ 13.0.88 names `S<c>`, `U<c>` and `G<c>` instances
    /// (`template <char C> struct S`, `unsigned char` for `U`, `signed char` for `G`) in its
    /// xref log and IL display alike.
    #[test]
    fn character_constants_spell_as_edg_writes_them() {
        use Builtin::{Char, SignedChar, UnsignedChar};
        let spelled: Vec<String> = [
            (0, Char),
            (i128::from(b'\t'), Char),
            (i128::from(b'\n'), Char),
            (i128::from(b'\\'), Char),
            (i128::from(b'"'), Char),
            (i128::from(b'\''), Char),
            (i128::from(b'?'), Char),
            (i128::from(b'a'), Char),
            (127, Char),
            (-1, Char),
            (200, UnsignedChar),
            (-3, SignedChar),
            (i128::from(b'a'), UnsignedChar),
        ]
        .iter()
        .map(|&(v, b)| edg_builtin_constant(v, b))
        .collect();
        expect![[r#"'\000' '\t' '\n' '\\' '\"' '\'' '?' 'a' '\177' '\377' (unsigned char)'\310' (signed char)'\375' (unsigned char)'a'"#]]
        .assert_eq(&spelled.join(" "));
    }

    #[test]
    fn builtin_specifier_words_in_any_order() {
        let named: Vec<String> = [
            "unsigned long int",
            "long unsigned",
            "short int",
            "unsigned short int",
            "signed",
            "signed char",
            "char",
            "const unsigned char",
            "long long",
            "long double",
            "unsigned __int128",
            "wchar_t",
            "_Tp",
            "const",
        ]
        .iter()
        .map(|w| {
            let b = BuiltinSpecifiers::of_words(w);
            format!("{w}: {}", b.map_or("-", Builtin::spelling))
        })
        .collect();
        expect![[r#"
            unsigned long int: unsigned long
            long unsigned: unsigned long
            short int: short
            unsigned short int: unsigned short
            signed: int
            signed char: signed char
            char: char
            const unsigned char: unsigned char
            long long: long long
            long double: long double
            unsigned __int128: unsigned __int128
            wchar_t: wchar_t
            _Tp: -
            const: -"#]]
        .assert_eq(&named.join("\n"));
    }

    #[test]
    fn cuda_vector_types() {
        let table: Vec<String> = cuda_vector_type_names()
            .iter()
            .map(|n| {
                let sa = cuda_vector_type(n).unwrap().size_align();
                format!("{n} {} {}", sa.size, sa.align)
            })
            .collect();
        expect![[r#"
            char1 1 1; char2 2 2; char3 3 1; char4 4 4; uchar1 1 1; uchar2 2 2; uchar3 3 1; uchar4 4 4; short1 2 2; short2 4 4; short3 6 2; short4 8 8; ushort1 2 2; ushort2 4 4; ushort3 6 2; ushort4 8 8; int1 4 4; int2 8 8; int3 12 4; int4 16 16; uint1 4 4; uint2 8 8; uint3 12 4; uint4 16 16; long1 8 8; long2 16 16; long3 24 8; long4 32 16; long4_16a 32 16; long4_32a 32 32; ulong1 8 8; ulong2 16 16; ulong3 24 8; ulong4 32 16; ulong4_16a 32 16; ulong4_32a 32 32; longlong1 8 8; longlong2 16 16; longlong3 24 8; longlong4 32 16; longlong4_16a 32 16; longlong4_32a 32 32; ulonglong1 8 8; ulonglong2 16 16; ulonglong3 24 8; ulonglong4 32 16; ulonglong4_16a 32 16; ulonglong4_32a 32 32; float1 4 4; float2 8 8; float3 12 4; float4 16 16; double1 8 8; double2 16 16; double3 24 8; double4 32 16; double4_16a 32 16; double4_32a 32 32"#]]
        .assert_eq(&table.join("; "));
        assert!(cuda_vector_type("int5").is_none() && cuda_vector_type("float4_32a").is_none());
    }
}
