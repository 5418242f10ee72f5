//! The compiler's type-trait builtins in template arguments (`integral_constant<bool,
//! __is_enum(_Tp)>`), evaluated where the answer follows from the kind of type alone.
//!
//! EDG prints such an argument evaluated (`is_enum<wchar_t>` derives from
//! `integral_constant<bool, false>`), and the instances that depend on it (`__make_unsigned_
//! selector<wchar_t, true, false>`) are named with the value. The walk knows a type's kind
//! from its printed form: a builtin, a pointer or reference, an enumeration it has seen, or a
//! class (an instance, or a class it has seen). Traits that need a class's definition
//! (`__is_empty` of a class, `__is_constructible`) are left unevaluated, and with them the
//! instance, as before.
use syntax::SyntaxNode;

use super::instances::Substitution;
use super::{Scope, Walker};

/// What kind of type a printed type is, as far as the traits below need to know.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TypeKind {
    /// `void`.
    Void,
    /// An arithmetic type or `std::nullptr_t`.
    Arithmetic,
    Pointer,
    Reference,
    Enumeration,
    Class,
}

impl TypeKind {
    fn is_scalar(self) -> bool {
        matches!(self, Self::Arithmetic | Self::Pointer | Self::Enumeration)
    }
}

impl Walker {
    /// The value of a type-trait builtin call (`__is_enum(wchar_t)`), when the kinds of its
    /// operands decide it; `None` for anything else.
    pub(super) fn trait_value(
        &mut self,
        name: &str,
        args: &SyntaxNode,
        scope: &Scope,
        subst: &Substitution,
    ) -> Option<i128> {
        if !(name.starts_with("__is_") || name.starts_with("__has_")) {
            return None;
        }
        let operands: Vec<SyntaxNode> = args.children().collect();
        let types: Vec<String> = operands
            .iter()
            .map(|t| self.argument(t, scope, subst))
            .collect();
        let kinds: Vec<TypeKind> = types
            .iter()
            .map(|t| self.type_kind(t, scope))
            .collect::<Option<_>>()?;
        let value = match (name, kinds.as_slice()) {
            ("__is_enum", [k]) => *k == TypeKind::Enumeration,
            ("__is_class", [k]) if *k != TypeKind::Class => false,
            (
                "__is_union"
                | "__is_empty"
                | "__is_polymorphic"
                | "__is_abstract"
                | "__is_final"
                | "__has_virtual_destructor",
                [k],
            ) if *k != TypeKind::Class => false,
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
            ("__is_aggregate", [k]) if *k != TypeKind::Class => false,
            ("__is_base_of", [b, d]) if *b != TypeKind::Class || *d != TypeKind::Class => false,
            ("__is_same" | "__is_same_as", [a, b]) => {
                if types[0] == types[1] {
                    true
                } else if *a != TypeKind::Class && *b != TypeKind::Class && a != b {
                    false
                } else {
                    return None;
                }
            }
            _ => return None,
        };
        Some(i128::from(value))
    }

    /// The kind of a printed type, or `None` when the walk cannot tell (a template
    /// parameter, a typedef of something unknown).
    fn type_kind(&self, printed: &str, scope: &Scope) -> Option<TypeKind> {
        let ty = printed
            .trim()
            .trim_start_matches("const ")
            .trim_start_matches("volatile ")
            .trim_end_matches(" const")
            .trim_end_matches(" volatile")
            .trim();
        if ty.ends_with('&') {
            return Some(TypeKind::Reference);
        }
        if ty.ends_with('*') || ty.ends_with("*const") {
            return Some(TypeKind::Pointer);
        }
        if ty.contains(['(', '[']) {
            return None;
        }
        match ty {
            "void" => return Some(TypeKind::Void),
            "float" | "double" | "long double" | "__float128" | "std::nullptr_t"
            | "decltype(nullptr)" => return Some(TypeKind::Arithmetic),
            _ => {}
        }
        if self.builtin_type(ty, scope).is_some() {
            return Some(TypeKind::Arithmetic);
        }
        let key = self.resolve_qualified(ty, scope);
        if self.enumerations.contains(&key) {
            return Some(TypeKind::Enumeration);
        }
        // An instance of a class template (alias templates are expanded before this).
        if let Some(open) = key.find('<')
            && key.ends_with('>')
            && self.templates.contains_key(&key[..open])
        {
            return Some(TypeKind::Class);
        }
        self.has_id("type", &key).then_some(TypeKind::Class)
    }
}
