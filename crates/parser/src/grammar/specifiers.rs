//! Declaration specifiers (`static const unsigned long`, `typename T::type`, class and enum
//! specifiers) and type-ids.
use super::*;
use crate::names::ScopeId;

/// What a decl-specifier-seq contained, for the declarators that follow.
#[derive(Clone, Copy, Default)]
pub(super) struct DeclSpecs {
    pub(super) has_type: bool,
    pub(super) is_typedef: bool,
    pub(super) is_friend: bool,
    /// A class or enum specifier with a body (so `struct X {...};` needs no declarator).
    pub(super) defines_type: bool,
    /// The scope of the named type, when known (for `typedef vector<int> V; V::iterator`).
    pub(super) type_scope: Option<ScopeId>,
    pub(super) consumed: bool,
}

#[derive(Clone, Copy, Default)]
pub(super) struct SpecCtx {
    /// Only type specifiers and cv-qualifiers (a type-id or conversion type).
    pub(super) type_only: bool,
    /// A template head precedes this declaration.
    pub(super) in_template: bool,
    /// Function parameters: a name never starts a declarator before a type was seen.
    pub(super) param: bool,
}

pub(crate) fn is_simple_type_keyword(k: SyntaxKind) -> bool {
    matches!(
        k,
        VOID_KW
            | BOOL_KW
            | CHAR_KW
            | CHAR8_T_KW
            | CHAR16_T_KW
            | CHAR32_T_KW
            | WCHAR_T_KW
            | SHORT_KW
            | INT_KW
            | LONG_KW
            | SIGNED_KW
            | UNSIGNED_KW
            | FLOAT_KW
            | DOUBLE_KW
            | INT128_KW
            | FLOATN_KW
            | AUTO_KW
            | AUTO_TYPE_KW
            | COMPLEX_KW
    )
}

pub(super) fn is_decl_specifier_keyword(k: SyntaxKind) -> bool {
    is_simple_type_keyword(k)
        || matches!(
            k,
            STATIC_KW
                | EXTERN_KW
                | INLINE_KW
                | VIRTUAL_KW
                | EXPLICIT_KW
                | FRIEND_KW
                | TYPEDEF_KW
                | MUTABLE_KW
                | REGISTER_KW
                | THREAD_LOCAL_KW
                | CONSTEXPR_KW
                | CONSTEVAL_KW
                | CONSTINIT_KW
                | CONST_KW
                | VOLATILE_KW
                | RESTRICT_KW
                | CLASS_KW
                | STRUCT_KW
                | UNION_KW
                | ENUM_KW
                | TYPENAME_KW
                | DECLTYPE_KW
                | TYPEOF_KW
                | ATTRIBUTE_KW
                | DECLSPEC_KW
                | ALIGNAS_KW
                | EXTENSION_KW
        )
}

/// A compiler builtin that names a type, like `__underlying_type(T)` or `__remove_cvref(T)`:
/// an unknown `__` identifier followed by `(` where a type is expected.
fn at_builtin_type_call(p: &mut Parser<'_>) -> bool {
    p.at(IDENT)
        && p.nth_at(1, L_PAREN)
        && p.nth_text(0).starts_with("__")
        && p.names.lookup(p.nth_sym(0)).is_none()
}

pub(super) fn decl_specifiers(p: &mut Parser<'_>, ctx: SpecCtx) -> DeclSpecs {
    let mut specs = DeclSpecs::default();
    let start = p.pos();
    loop {
        let k = p.current();
        match k {
            CONST_KW | VOLATILE_KW | RESTRICT_KW => p.bump_any(),
            STATIC_KW | EXTERN_KW | INLINE_KW | VIRTUAL_KW | MUTABLE_KW | REGISTER_KW
            | THREAD_LOCAL_KW | CONSTEXPR_KW | CONSTEVAL_KW | CONSTINIT_KW | EXTENSION_KW
                if !ctx.type_only =>
            {
                if k == EXTERN_KW && p.nth_at(1, STRING_LIT) {
                    p.bump_any();
                }
                p.bump_any();
            }
            EXTENSION_KW => p.bump_any(),
            TYPEDEF_KW if !ctx.type_only => {
                specs.is_typedef = true;
                p.bump_any();
            }
            FRIEND_KW if !ctx.type_only => {
                specs.is_friend = true;
                p.bump_any();
            }
            EXPLICIT_KW if !ctx.type_only => {
                p.bump_any();
                if p.at(L_PAREN) {
                    let a = p.start();
                    p.bump_any();
                    expressions::expr(p);
                    p.expect(R_PAREN);
                    a.complete(p, ATTRIBUTE_ARGS);
                }
            }
            ATTRIBUTE_KW | DECLSPEC_KW | ALIGNAS_KW => attributes::attribute_spec(p),
            L_BRACK if p.nth_at(1, L_BRACK) => attributes::attribute_spec(p),
            _ if is_simple_type_keyword(k) => {
                // `unsigned long long int`: each keyword is its own token in the declaration.
                p.bump_any();
                specs.has_type = true;
            }
            CLASS_KW | STRUCT_KW | UNION_KW => {
                if specs.has_type {
                    break;
                }
                let info = classes::class_specifier(p, ctx, specs.is_friend, specs.is_typedef);
                specs.has_type = true;
                specs.defines_type |= info.has_body;
                specs.type_scope = info.scope;
            }
            ENUM_KW => {
                if specs.has_type {
                    break;
                }
                let has_body = classes::enum_specifier(p, ctx);
                specs.has_type = true;
                specs.defines_type |= has_body;
            }
            TYPENAME_KW => {
                if specs.has_type {
                    break;
                }
                let m = p.start();
                p.bump_any();
                let scan = names::type_name(p);
                m.complete(p, ELABORATED_TYPE);
                specs.has_type = true;
                specs.type_scope = scan.and_then(|s| s.entry).and_then(Entry::scope);
            }
            DECLTYPE_KW | TYPEOF_KW => {
                if specs.has_type {
                    break;
                }
                let end = names::skip_keyword_parens(p, p.pos());
                if k == DECLTYPE_KW && p.kind_at(end) == COLON2 {
                    names::name(p);
                } else if k == DECLTYPE_KW {
                    decltype_spec(p);
                } else {
                    typeof_spec(p);
                }
                specs.has_type = true;
            }
            IDENT if !specs.has_type && at_builtin_type_call(p) => {
                typeof_spec(p);
                specs.has_type = true;
            }
            IDENT | COLON2 => {
                if specs.has_type || !name_is_type_specifier(p, ctx) {
                    break;
                }
                let scan = names::type_name(p);
                specs.has_type = true;
                specs.type_scope = scan.and_then(|s| s.entry).and_then(Entry::scope);
            }
            _ => break,
        }
    }
    specs.consumed = p.pos() != start;
    specs
}

/// When no type has been seen yet, whether the name at the cursor is the declaration's type
/// rather than its declarator-id (constructors, destructors, conversion functions, deduction
/// guides).
fn name_is_type_specifier(p: &mut Parser<'_>, ctx: SpecCtx) -> bool {
    let prev = p.set_type_context(true);
    let scan = names::scan_name(p, p.pos());
    p.set_type_context(prev);
    let Some(scan) = scan else { return false };
    if scan.special {
        return false;
    }
    if ctx.type_only || ctx.param {
        return true;
    }
    let next = p.kind_at(scan.end);
    // `X::X(`, `X<T>::X(`: an out-of-class constructor.
    if let (Some(last), Some(prev)) = (scan.last_ident, scan.prev_ident)
        && p.sym_at(last) == p.sym_at(prev)
        && next == L_PAREN
    {
        return false;
    }
    if next == L_PAREN
        && !scan.qualified
        && let Some(last) = scan.last_ident
    {
        let text = p.sym_at(last);
        // A constructor declared in its class, but not `static X (max)()`: a parenthesized
        // declarator-id followed by parameters names a function returning `X`.
        if p.names.current_class_name() == Some(text) {
            let returns_class = names::skip_parens(p, scan.end)
                .is_some_and(|close| p.kind_at(close) == L_PAREN)
                && p.kind_at(scan.end + 1) == IDENT
                && p.kind_at(scan.end + 2) == R_PAREN;
            return returns_class;
        }
        // A deduction guide: `vector(T, T) -> vector<T>;`.
        if !scan.last_has_targs
            && scan.entry.is_some_and(|e| e.is_template() && e.is_type())
            && let Some(close) = names::skip_parens(p, scan.end)
            && p.kind_at(close) == ARROW
        {
            return false;
        }
    }
    true
}

/// `decltype(expr)` / `decltype(auto)`.
pub(super) fn decltype_spec(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    if p.expect(L_PAREN) {
        if p.at(AUTO_KW) && p.nth_at(1, R_PAREN) {
            p.bump_any();
        } else {
            expressions::expr(p);
        }
        p.expect(R_PAREN);
    }
    m.complete(p, DECLTYPE_SPEC);
}

/// `__typeof__(type-or-expr)` and builtin type calls like `__underlying_type(T)`.
pub(super) fn typeof_spec(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_any();
    if p.at(L_PAREN) {
        expressions::builtin_args(p);
    } else {
        p.error("expected `(`");
    }
    m.complete(p, TYPEOF_SPEC);
}

/// A type-specifier-seq (no storage classes), as in a type-id or a conversion function.
pub(super) fn type_specifier_seq(p: &mut Parser<'_>) -> DeclSpecs {
    let specs = decl_specifiers(
        p,
        SpecCtx {
            type_only: true,
            ..SpecCtx::default()
        },
    );
    if !specs.has_type {
        p.error("expected a type");
    }
    specs
}

/// A type-id: `const T&`, `int (*)(char)`, `Args&&...`.
pub(super) fn type_id(p: &mut Parser<'_>) -> DeclSpecs {
    let m = p.start();
    let specs = type_specifier_seq(p);
    if declarators::at_abstract_declarator(p) {
        declarators::declarator(p, declarators::DeclaratorKind::Abstract);
    }
    m.complete(p, TYPE_ID);
    specs
}
