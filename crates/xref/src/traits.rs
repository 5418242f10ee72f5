//! The compiler's type-trait builtins in template arguments (`integral_constant<bool,
//! __is_enum(_Tp)>`), evaluated where the answer follows from the kind of type alone.
//!
//! EDG prints such an argument evaluated (`is_enum<wchar_t>` derives from
//! `integral_constant<bool, false>`), and the instances that depend on it (`__make_unsigned_
//! selector<wchar_t, true, false>`) are named with the value. The walk knows a type's kind
//! from its printed form: a builtin, a pointer or reference, an enumeration it has seen, or a
//! class (an instance, or a class it has seen). Traits that need a class's definition
//! (`__is_empty` of a class, `__is_constructible`) are left unevaluated, and with them the
//! instance, as before. Which trait the kinds decide, and how, is hir-ty's table
//! (`hir_ty::type_traits::trait_by_class`, also its evaluator's); the walk only reads the
//! kinds from printed types.
use hir_ty::type_traits::{TypeClass, trait_by_class};
use il::ty::{Builtin, BuiltinSpecifiers};
use syntax::SyntaxNode;

use super::instances::Substitution;
use super::{Scope, Walker};

impl Walker<'_> {
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
        let kinds: Vec<TypeClass> = types
            .iter()
            .map(|t| self.type_kind(t, scope))
            .collect::<Option<_>>()?;
        // Printed alike is one type; printed otherwise may still be (a typedef of a class).
        let same = (types.len() == 2 && types[0] == types[1]).then_some(true);
        trait_by_class(name, &kinds, same).map(i128::from)
    }

    /// The kind of a printed type, or `None` when the walk cannot tell (a template
    /// parameter, a typedef of something unknown).
    fn type_kind(&self, printed: &str, scope: &Scope) -> Option<TypeClass> {
        let ty = printed
            .trim()
            .trim_start_matches("const ")
            .trim_start_matches("volatile ")
            .trim_end_matches(" const")
            .trim_end_matches(" volatile")
            .trim();
        if ty.ends_with('&') {
            return Some(TypeClass::Reference);
        }
        if ty.ends_with('*') || ty.ends_with("*const") {
            return Some(TypeClass::Pointer);
        }
        if ty.contains(['(', '[']) {
            return None;
        }
        if matches!(ty, "__float128" | "std::nullptr_t" | "decltype(nullptr)") {
            return Some(TypeClass::Arithmetic);
        }
        // A builtin by its words (il's table), or through typedefs of integer types.
        if let Some(builtin) =
            BuiltinSpecifiers::of_words(ty).or_else(|| self.builtin_type(ty, scope))
        {
            return Some(match builtin {
                Builtin::Void => TypeClass::Void,
                _ => TypeClass::Arithmetic,
            });
        }
        let key = self.resolve_qualified(ty, scope);
        if self.enumerations.contains(&key) {
            return Some(TypeClass::Enumeration);
        }
        // An instance of a class template (alias templates are expanded before this).
        if let Some(open) = key.find('<')
            && key.ends_with('>')
            && self.templates.contains_key(&key[..open])
        {
            return Some(TypeClass::Class);
        }
        self.has_id("type", &key).then_some(TypeClass::Class)
    }
}
