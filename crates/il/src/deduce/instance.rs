//! Function template instances: the signature a template is deduced against, and the
//! instance a call makes (arguments explicit, deduced, or defaulted; a pack expanded; an `auto`
//! return type deduced from the body).
use syntax::{SyntaxKind::*, SyntaxNode};

use super::expr::{ExprEnv, known, type_of};
use super::{ArgType, ParamShape, Pattern, deduce_call, substitute};
use crate::IlDatabase;
use crate::decl::routine_decl;
use crate::instantiate::{Bound, TemplateArg, canonical, template_params, with_defaults};
use crate::item::Item;
use crate::lookup::ScopeRef;

use crate::ty::{FnSig, Ty, TyKind};

/// A routine EDG creates from a function template: the template (for an explicit
/// specialization, the specialization itself), its arguments (a pack's elements after the
/// others; empty for an explicit specialization, which its type identifies), its type, and
/// whether it is defined in the unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FnInstance<'db> {
    pub template: Item<'db>,
    pub args: Vec<TemplateArg<'db>>,
    pub ty: Ty<'db>,
    pub defined: bool,
    /// The template's definition with the instance's arguments bound (a pack parameter
    /// unbound); `None` for an explicit specialization.
    pub bound: Option<Bound<'db>>,
}

/// The instance of `template` for a call with these arguments, if deduction succeeds and the
/// instance's type is fully known.
pub fn instantiate_call<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    outer: Option<Bound<'db>>,
    explicit: &[TemplateArg<'db>],
    args: &[ArgType<'db>],
) -> Option<FnInstance<'db>> {
    let (pattern, pattern_ty) = pattern(db, template, outer)?;
    let deduced = deduce_call(db, &pattern, explicit, args)?;
    complete(db, template, outer, &pattern, pattern_ty, deduced)
}

/// The instance a template-id names outside a call (`&f<int>`, `k<float, 4>` passed as a
/// pointer): its arguments are the explicit ones and the defaults; nothing is deduced.
pub fn instantiate_named<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    outer: Option<Bound<'db>>,
    explicit: &[TemplateArg<'db>],
) -> Option<FnInstance<'db>> {
    let (pattern, pattern_ty) = pattern(db, template, outer)?;
    // A pack's elements would come from the target type (not modelled): no instance.
    if pattern.params.iter().any(|p| p.pack) {
        return None;
    }
    let no_call = Pattern {
        fn_params: Vec::new(),
        pack_expansion: None,
        defaulted: 0,
        ..pattern.clone()
    };
    let deduced = deduce_call(db, &no_call, explicit, &[])?;
    complete(db, template, outer, &pattern, pattern_ty, deduced)
}

/// The instance of `template` whose arguments are all known (deduced elsewhere: hir-ty's
/// inference resolves calls and deduces; this only substitutes them into the declaration and
/// completes it as EDG does): `args` holds one argument per parameter, `None` for one left
/// to its default and for the pack parameter, whose elements are `pack`.
pub fn instantiate_with<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    outer: Option<Bound<'db>>,
    args: Vec<Option<TemplateArg<'db>>>,
    pack: Vec<Ty<'db>>,
) -> Option<FnInstance<'db>> {
    let (pattern, pattern_ty) = pattern(db, template, outer)?;
    let pack_param = pattern.params.iter().position(|p| p.pack);
    if pattern.params.len() != args.len() || (pack_param.is_none() && !pack.is_empty()) {
        return None;
    }
    let deduced = super::Deduced {
        args,
        pack,
        pack_param,
    };
    complete(db, template, outer, &pattern, pattern_ty, deduced)
}

/// The instance for deduced (or explicit) arguments: defaults filled in, the type substituted
/// (a pack expanded, an `auto` return deduced).
fn complete<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    outer: Option<Bound<'db>>,
    pattern: &Pattern<'db>,
    pattern_ty: Ty<'db>,
    deduced: super::Deduced<'db>,
) -> Option<FnInstance<'db>> {
    let params = template_params(db, template);
    let mut complete: Vec<TemplateArg<'db>> = Vec::new();
    for (i, param) in params.iter().enumerate() {
        if param.pack {
            // Stands in the binding only as a placeholder; the pack is substituted below.
            complete.push(TemplateArg::Unbound(i as u32));
            continue;
        }
        let arg = match &deduced.args[i] {
            Some(arg) => arg.clone(),
            None => with_defaults(db, &[template], complete.clone(), outer)?
                .get(i)?
                .clone(),
        };
        complete.push(arg);
    }
    let bound = Bound::bind(db, template, complete.clone(), outer);
    let ty = match deduced.pack_param {
        None => crate::resolve::declared_type_under(db, template, bound),
        Some(_) => expand_pack(db, pattern_ty, pattern, &complete, &deduced.pack)?,
    };
    let decl = routine_decl(db, template);
    let deduced_return = returns_auto(db, template);
    let ty = if deduced_return {
        with_deduced_return(db, template, bound, ty, pattern)?
    } else {
        ty
    };
    let ty = known(db, ty)?;
    // A constexpr template is instantiated where it is used (for constant evaluation), and one
    // whose return type is deduced to know its type.
    let defined = (decl.specifiers.is_constexpr || deduced_return) && template.body(db).is_some();
    complete.extend(deduced.pack.iter().map(|&t| TemplateArg::Type(t)));
    Some(FnInstance {
        template,
        args: complete,
        ty,
        defined,
        bound: Some(bound),
    })
}

/// Whether the template is declared with a plain `auto` return type (no trailing return).
fn returns_auto(db: &dyn IlDatabase, template: Item<'_>) -> bool {
    let header = SyntaxNode::new_root(template.header(db).clone());
    let Some(decl) = header.children().find(|n| n.kind() != TEMPLATE_PARAM_LIST) else {
        return false;
    };
    decl.children_with_tokens().any(|t| t.kind() == AUTO_KW)
        && !decl.descendants().any(|n| n.kind() == TRAILING_RETURN)
}

/// `ty` with its return type deduced from the body's first `return` statement, typed with the
/// instance's parameter types (a pack parameter standing for its elements).
fn with_deduced_return<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    bound: Bound<'db>,
    ty: Ty<'db>,
    pattern: &Pattern<'db>,
) -> Option<Ty<'db>> {
    let TyKind::Function(sig) = ty.kind(db) else {
        return None;
    };
    // Typing the body may deduce further `auto` returns: bounded like instantiation.
    let _depth = crate::instantiate::enter_instantiation()?;
    let body = SyntaxNode::new_root(template.body(db).cloned()?);
    let ret = body
        .descendants()
        .filter(|n| n.kind() == RETURN_STMT)
        .find(|r| !r.ancestors().any(|a| a.kind() == LAMBDA_EXPR))?;
    let env = body_env(db, template, bound, sig, pattern.pack_expansion, &ret)?;
    let value = type_of(db, &env, &ret.children().next()?)?;
    let ret_ty = match canonical(db, value.ty).kind(db) {
        TyKind::Qualified(_, inner) => *inner,
        TyKind::Array(elem, _) => Ty::new(db, TyKind::Pointer(*elem)),
        _ => value.ty,
    };
    Some(Ty::new(
        db,
        TyKind::Function(FnSig {
            ret: ret_ty,
            ..sig.clone()
        }),
    ))
}

/// What names mean at `at`, a node of the body of an instance of `template` whose signature
/// is `sig`: its parameters with the instance's types (a pack parameter with its elements'),
/// its locals resolved with the template's parameters bound.
pub fn body_env<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    bound: Bound<'db>,
    sig: &FnSig<'db>,
    pack_expansion: Option<usize>,
    at: &SyntaxNode,
) -> Option<ExprEnv<'db>> {
    let header = SyntaxNode::new_root(template.header(db).clone());
    let param_list = header
        .descendants()
        .find(|n| n.kind() == FUNCTION_SUFFIX)?
        .children()
        .find(|n| n.kind() == PARAM_LIST)?;
    let names: Vec<Option<String>> = param_list
        .children()
        .filter(|n| n.kind() == PARAM)
        .map(|p| {
            let declarator = p.children().find(|n| n.kind() == DECLARATOR)?;
            let name = declarator
                .descendants()
                .filter(|n| n.kind() == NAME_REF)
                .last()?;
            name.children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .map(|t| t.to_string())
        })
        .collect();
    let mut params = Vec::new();
    let mut packs = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let Some(name) = name else { continue };
        if Some(i) == pack_expansion {
            packs.push((name.clone(), sig.params.get(i..)?.to_vec()));
        } else {
            params.push((name.clone(), *sig.params.get(i)?));
        }
    }
    let from = template
        .parent(db)
        .map_or(ScopeRef::File(template.file(db)), ScopeRef::Item);
    let class = bound.outer(db).map(|b| b.definition(db));
    Some(ExprEnv::in_instance(
        db, from, class, bound, params, packs, at,
    ))
}

/// The template's deducible signature: its function type with its own parameters standing for
/// themselves (an enclosing instance's bound through `outer`).
pub fn pattern<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    outer: Option<Bound<'db>>,
) -> Option<(Pattern<'db>, Ty<'db>)> {
    let params = template_params(db, template);
    let identity: Vec<TemplateArg<'db>> =
        crate::instantiate::parameters_as_arguments(db, params, 1);
    let bound = Bound::bind(db, template, identity, outer);
    signature_pattern(db, params, template, bound)
}

/// The deducible signature of `function` declared under `bound`, whose template's parameters
/// `params` stand for themselves there: a function template's own, or for a constructor of a
/// class template (an implicit deduction guide, [over.match.class.deduct]) the class's.
pub fn signature_pattern<'db>(
    db: &'db dyn IlDatabase,
    params: &[crate::instantiate::TemplateParam],
    function: Item<'db>,
    bound: Bound<'db>,
) -> Option<(Pattern<'db>, Ty<'db>)> {
    let ty = crate::resolve::declared_type_under(db, function, bound);
    let TyKind::Function(sig) = ty.kind(db) else {
        return None;
    };
    let header = SyntaxNode::new_root(function.header(db).clone());
    let param_list = header
        .descendants()
        .find(|n| n.kind() == FUNCTION_SUFFIX)?
        .children()
        .find(|n| n.kind() == PARAM_LIST)?;
    let declared: Vec<SyntaxNode> = param_list
        .children()
        .filter(|n| n.kind() == PARAM)
        .collect();
    let pack_expansion = declared
        .iter()
        .position(|p| p.descendants_with_tokens().any(|t| t.kind() == DOT3));
    let defaulted = declared
        .iter()
        .rev()
        .take_while(|p| p.children().any(|n| n.kind() == INITIALIZER))
        .count();
    let pattern = Pattern {
        params: params
            .iter()
            .map(|p| ParamShape {
                kind: p.kind,
                pack: p.pack,
            })
            .collect(),
        fn_params: sig.params.clone(),
        pack_expansion,
        defaulted,
    };
    Some((pattern, ty))
}

/// The function type of an instance of a variadic template: the fixed parameters substituted,
/// the pack expansion parameter repeated once per pack element.
fn expand_pack<'db>(
    db: &'db dyn IlDatabase,
    pattern_ty: Ty<'db>,
    pattern: &Pattern<'db>,
    args: &[TemplateArg<'db>],
    pack: &[Ty<'db>],
) -> Option<Ty<'db>> {
    let TyKind::Function(sig) = pattern_ty.kind(db) else {
        return None;
    };
    let pack_index = pattern.params.iter().position(|p| p.pack)?;
    let mut params = Vec::new();
    for (i, &p) in sig.params.iter().enumerate() {
        if Some(i) == pattern.pack_expansion {
            for &element in pack {
                let mut with_element = args.to_vec();
                with_element[pack_index] = TemplateArg::Type(element);
                params.push(substitute(db, p, &with_element));
            }
        } else {
            params.push(substitute(db, p, args));
        }
    }
    let ret = substitute(db, sig.ret, args);
    Some(Ty::new(
        db,
        TyKind::Function(FnSig {
            ret,
            params,
            ..sig.clone()
        }),
    ))
}
