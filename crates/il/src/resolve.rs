//! The types written in declarations: decl-specifiers plus declarator, resolved to [`Ty`]s with
//! declaration-level lookup for the names in them.
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::IlDatabase;
use crate::instantiate::{
    Bound, Env, TemplateArg, binding_of, canonical, enclosing_class_template, in_template,
    instance_definition, instance_of, is_specialization, lookup_param, nested_instance,
    template_params,
};
use crate::item::{Item, ItemKind};
use crate::lookup::{
    ScopeRef, lookup_unqualified, members_named, name_segments, unnamed_type_item,
};
use crate::scope::scope_items;
use crate::ty::{Builtin, BuiltinSpecifiers, Cv, DependentBound, FnSig, RefKind, Ty, TyKind};

/// The type a declaration's specifiers denote (`const unsigned long`, `S`, `N::T`).
pub fn specifier_type<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    decl: &SyntaxNode,
) -> Ty<'db> {
    specifier_type_in(db, from, None, decl.children_with_tokens())
}

/// The type named by a sequence of specifier elements (also an enum's underlying type: the
/// elements after its `:`).
pub fn specifier_type_of<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    elements: impl Iterator<Item = syntax::SyntaxElement>,
) -> Ty<'db> {
    specifier_type_in(db, from, None, elements)
}

/// [`specifier_type_of`] with template parameters bound by `env`.
pub fn specifier_type_in<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    elements: impl Iterator<Item = syntax::SyntaxElement>,
) -> Ty<'db> {
    let mut cv = Cv::default();
    let mut builtin = BuiltinSpecifiers::default();
    let mut named: Option<Ty<'db>> = None;
    for element in elements {
        match element.kind() {
            CONST_KW => cv.is_const = true,
            VOLATILE_KW => cv.is_volatile = true,
            FLOATN_KW => {
                let text = element.as_token().map_or("", |t| t.text());
                builtin.base = Some(match text {
                    "__fp16" | "__bf16" => return Ty::new(db, TyKind::Unknown),
                    "__float80" => Builtin::LongDouble,
                    _ => Builtin::Float128,
                });
            }
            // `__noinline__` reaches the `.ii` unexpanded: cudafe++ takes it as a keyword (an
            // attribute), not as a type name.
            NAME_REF
                if element
                    .as_node()
                    .is_some_and(|n| n.text() == "__noinline__") => {}
            NAME_REF | QUALIFIED_NAME => {
                named = Some(named_type(db, from, env, element.as_node().unwrap()));
            }
            CLASS_SPECIFIER | ENUM_SPECIFIER | ELABORATED_TYPE => {
                let node = element.as_node().unwrap();
                if let Some(name) = node
                    .children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                {
                    named = Some(named_type(db, from, env, &name));
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
            kind => {
                builtin.add(kind);
            }
        }
    }
    let ty = match named {
        Some(t) => t,
        None => match builtin.builtin() {
            Some(b) => Ty::builtin(db, b),
            None => return Ty::new(db, TyKind::Unknown),
        },
    };
    ty.qualified(db, cv)
}

/// Where a qualified name's walk stands after a segment.
enum Step<'db> {
    /// A namespace: the next segment is one of its members.
    Namespace(Item<'db>),
    Type(Ty<'db>),
}

/// The type a (possibly qualified) name denotes: classes, enums and typedefs outside templates
/// as themselves; template-ids as instances; inside an instance's definition (`env`), template
/// parameters as their arguments, its member typedefs as their targets and its nested classes
/// as nested instances. Anything not resolvable is `Unknown`, a template-id `TemplateId`.
fn named_type<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    name: &SyntaxNode,
) -> Ty<'db> {
    match named_type_steps(db, from, env, name) {
        Some(ty) => ty,
        None if name.descendants().any(|n| n.kind() == TEMPLATE_ARG_LIST) => {
            Ty::new(db, TyKind::TemplateId(crate::lower::tokens_text(name)))
        }
        None => Ty::new(db, TyKind::Unknown),
    }
}

/// The type a name written in a declaration denotes, with `env`'s template parameters bound
/// (base classes, `typename T::type`).
pub fn name_type_in<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    name: &SyntaxNode,
) -> Ty<'db> {
    named_type(db, from, env, name)
}

fn named_type_steps<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    name: &SyntaxNode,
) -> Option<Ty<'db>> {
    match lookup_name_in(db, from, env, name)? {
        Found::Param(TemplateArg::Type(t)) => Some(t),
        Found::Param(_) => None,
        Found::Items(found, found_env, args, _) => {
            let item = pick_type_item(db, &found, true)?;
            item_type(db, item, found_env, from, env, args.as_ref())
        }
    }
}

/// What a name written in a template definition finds.
pub enum Found<'db> {
    /// A template parameter: its argument.
    Param(TemplateArg<'db>),
    /// The entities its last segment names, the binding of the definition they were found in
    /// (for members of instances), the last segment's template arguments, and the class or
    /// namespace the qualifier named (`None` for unqualified names).
    Items(
        Vec<Item<'db>>,
        Env<'db>,
        Option<SyntaxNode>,
        Option<Item<'db>>,
    ),
}

/// Looks up a (possibly qualified) name under `env`: each qualifier is resolved to a namespace
/// or a type (members of instances through their definitions and dependent bases), the last
/// segment is looked up there.
pub fn lookup_name_in<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    name: &SyntaxNode,
) -> Option<Found<'db>> {
    let refs: Vec<SyntaxNode> = if name.kind() == QUALIFIED_NAME {
        name.children().filter(|n| n.kind() == NAME_REF).collect()
    } else {
        vec![name.clone()]
    };
    let (global, _) = name_segments(name);
    let mut step: Option<Step<'db>> = None;
    'segments: for (i, seg) in refs.iter().enumerate() {
        let ident = seg
            .children_with_tokens()
            .find(|t| t.kind() == IDENT)?
            .to_string();
        let args = seg.children().find(|n| n.kind() == TEMPLATE_ARG_LIST);
        let last = i + 1 == refs.len();
        let (found, found_env, scope) = match step.take() {
            None => 'unqualified: {
                let param = if global {
                    None
                } else {
                    lookup_param(db, env, &ident)
                };
                // A template template parameter names the class template it is bound to.
                if let Some(TemplateArg::Template(template)) = param {
                    break 'unqualified (vec![template], None, None);
                }
                if let Some(arg) = param {
                    match arg {
                        _ if last => return Some(Found::Param(arg)),
                        TemplateArg::Type(t) => {
                            step = Some(Step::Type(t));
                            continue 'segments;
                        }
                        _ => return None,
                    }
                }
                let found = if global {
                    let file = match from {
                        ScopeRef::File(f) => f,
                        ScopeRef::Item(i) => i.file(db),
                    };
                    members_named(db, ScopeRef::File(file), &ident)
                } else {
                    lookup_unqualified(db, from, &ident)
                };
                (found, env, None)
            }
            Some(Step::Namespace(ns)) => (
                crate::lookup::qualified_members_named(db, ns, &ident),
                None,
                Some(ns),
            ),
            Some(Step::Type(t)) => member_of_type(db, t, &ident, 0)?,
        };
        if last {
            return Some(Found::Items(found, found_env, args, scope));
        }
        let mut item = pick_type_item(db, &found, false)?;
        if item.kind(db) == ItemKind::NamespaceAlias {
            item = crate::lookup::namespace_alias_target(db, item)?;
        }
        step = Some(if item.kind(db) == ItemKind::Namespace {
            Step::Namespace(item)
        } else {
            Step::Type(item_type(db, item, found_env, from, env, args.as_ref())?)
        });
    }
    None
}

/// The first item lookup found that can name a type (or, before the last segment, a
/// namespace); a class's definition is preferred over its forward declarations.
fn pick_type_item<'db>(
    db: &'db dyn IlDatabase,
    found: &[Item<'db>],
    last: bool,
) -> Option<Item<'db>> {
    let item = *found.iter().find(|i| match i.kind(db) {
        ItemKind::Class
        | ItemKind::Struct
        | ItemKind::Union
        | ItemKind::Enum
        | ItemKind::Typedef
        | ItemKind::ClassTemplate
        | ItemKind::AliasTemplate
        | ItemKind::UsingDeclaration => true,
        ItemKind::Namespace | ItemKind::NamespaceAlias => !last,
        _ => false,
    })?;
    if matches!(
        item.kind(db),
        ItemKind::Class | ItemKind::Struct | ItemKind::Union
    ) && item.body(db).is_none()
        && let Some(&defined) = found.iter().find(|d| {
            matches!(
                d.kind(db),
                ItemKind::Class | ItemKind::Struct | ItemKind::Union
            ) && d.body(db).is_some()
        })
    {
        return Some(defined);
    }
    Some(item)
}

/// The type an item found by lookup denotes. `found_env` binds the parameters of the definition
/// the item was found in; `env` those where the name is written (its template arguments).
fn item_type<'db>(
    db: &'db dyn IlDatabase,
    item: Item<'db>,
    found_env: Env<'db>,
    from: ScopeRef<'db>,
    env: Env<'db>,
    args: Option<&SyntaxNode>,
) -> Option<Ty<'db>> {
    // A member of a class template's definition needs that definition's binding.
    let in_definition = |found_env: Env<'db>| match enclosing_class_template(db, item) {
        None => Some(None),
        Some(t) => binding_of(db, found_env, t).map(Some),
    };
    Some(match item.kind(db) {
        ItemKind::Class | ItemKind::Struct | ItemKind::Union => match in_definition(found_env)? {
            Some(bound) => Ty::new(db, TyKind::Instance(nested_instance(db, item, bound))),
            None if in_template(db, item) => return None,
            None => Ty::new(db, TyKind::Class(item)),
        },
        ItemKind::Enum => Ty::new(db, TyKind::Enum(item)),
        ItemKind::Typedef => match in_definition(found_env)? {
            Some(bound) => member_typedef(db, item, bound)?,
            None if in_template(db, item) => return None,
            None => Ty::new(db, TyKind::Typedef(item)),
        },
        ItemKind::ClassTemplate => {
            let outer = in_definition(found_env)?;
            let args = match args {
                Some(list) => typed_template_args_in(db, from, env, list)?,
                // The injected class name: the instance whose definition is being resolved.
                None => {
                    let bound = binding_of(db, found_env, item).or_else(|| {
                        // A specialization's or forward declaration's own name: the bound
                        // definition of the same template.
                        std::iter::successors(found_env, |b| b.outer(db)).find(|b| {
                            let d = b.definition(db);
                            d.name(db) == item.name(db) && d.parent(db) == item.parent(db)
                        })
                    })?;
                    let definition = bound.definition(db);
                    if is_specialization(db, definition)
                        || definition.name(db) != item.name(db)
                        || definition.parent(db) != item.parent(db)
                    {
                        return None;
                    }
                    bound.args(db).clone()
                }
            };
            Ty::new(db, TyKind::Instance(instance_of(db, item, args, outer)?))
        }
        ItemKind::AliasTemplate => {
            let args = template_args_in(db, from, env, args?)?;
            let outer = in_definition(found_env)?;
            let args = crate::instantiate::with_defaults(db, &[item], args, outer)?;
            alias_instance(db, Bound::bind(db, item, args, outer))?
        }
        // `thrust::negate<int>` where `thrust` declares `using ::cuda::std::negate;`: the
        // template-id names an instance of the class template the declaration names.
        ItemKind::UsingDeclaration if args.is_some() => {
            let template = using_declaration_class_template(db, item)?;
            return item_type(db, template, None, from, env, args);
        }
        ItemKind::UsingDeclaration => using_declaration_type(db, item, found_env)?,
        _ => return None,
    })
}

/// The class template a using-declaration at namespace scope names (`using ::ns::P;`).
fn using_declaration_class_template<'db>(
    db: &'db dyn IlDatabase,
    using: Item<'db>,
) -> Option<Item<'db>> {
    if using
        .parent(db)
        .is_some_and(|p| p.kind(db) != ItemKind::Namespace)
    {
        return None;
    }
    let header = SyntaxNode::new_root(using.header(db).clone());
    let name = header
        .children()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
    let (global, segments) = name_segments(&name);
    crate::lookup::lookup_path(db, scope_of(db, using), global, &segments)
        .into_iter()
        .find(|i| i.kind(db) == ItemKind::ClassTemplate)
}

/// The members named `name` of a class type, with the environment their declarations are
/// resolved in (an instance's bound definition).
fn member_of_type<'db>(
    db: &'db dyn IlDatabase,
    ty: Ty<'db>,
    name: &str,
    depth: u32,
) -> Option<(Vec<Item<'db>>, Env<'db>, Option<Item<'db>>)> {
    // Bases of bases of ...: a runaway recursive template stops here.
    const MAX_BASE_DEPTH: u32 = 32;
    let ty = canonical(db, ty);
    let ty = match ty.kind(db) {
        TyKind::Qualified(_, inner) => *inner,
        _ => ty,
    };
    match ty.kind(db) {
        TyKind::Class(class) => Some((
            members_named(db, ScopeRef::Item(*class), name),
            None,
            Some(*class),
        )),
        TyKind::Instance(inst) => {
            let bound = instance_definition(db, *inst)?;
            let class = if inst.class(db).kind(db) == ItemKind::ClassTemplate {
                bound.definition(db)
            } else {
                inst.class(db)
            };
            let own: Vec<Item<'db>> = scope_items(db, class)
                .iter()
                .copied()
                .filter(|m| m.name_text(db) == Some(name))
                .collect();
            if !own.is_empty() || depth >= MAX_BASE_DEPTH {
                return Some((own, Some(bound), Some(class)));
            }
            // Not declared in the definition: the members of its bases, which depend on the
            // arguments (`struct is_pointer<T *> : true_type`).
            let header = SyntaxNode::new_root(class.header(db).clone());
            let clause = header.descendants().find(|n| n.kind() == BASE_CLAUSE);
            for spec in clause.iter().flat_map(|c| c.children()) {
                let Some(base) = spec
                    .children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                else {
                    continue;
                };
                let base = named_type(db, scope_of(db, class), Some(bound), &base);
                if let Some(found) = member_of_type(db, base, name, depth + 1)
                    && !found.0.is_empty()
                {
                    return Some(found);
                }
            }
            Some((Vec::new(), Some(bound), Some(class)))
        }
        _ => None,
    }
}

/// A member typedef of a class template's definition, its parameters bound: the target type.
#[salsa::tracked(returns(copy), cycle_result = |_, _, _, _| None)]
fn member_typedef<'db>(
    db: &'db dyn IlDatabase,
    typedef: Item<'db>,
    bound: Bound<'db>,
) -> Option<Ty<'db>> {
    let _depth = crate::instantiate::enter_instantiation()?;
    let ty = typedef_target_in(db, typedef, Some(bound))?;
    is_resolved(db, ty).then_some(ty)
}

/// `alias<args>`: the aliased type with the alias template's parameters bound.
#[salsa::tracked(returns(copy), cycle_result = |_, _, _| None)]
fn alias_instance<'db>(db: &'db dyn IlDatabase, bound: Bound<'db>) -> Option<Ty<'db>> {
    let _depth = crate::instantiate::enter_instantiation()?;
    let alias = bound.definition(db);
    if template_params(db, alias).len() != bound.args(db).len() {
        return None;
    }
    let header = SyntaxNode::new_root(alias.header(db).clone());
    let decl = header.children().find(|n| n.kind() == ALIAS_DECL)?;
    let type_id = decl.children().find(|n| n.kind() == TYPE_ID)?;
    let ty = type_id_type_in(db, scope_of(db, alias), Some(bound), &type_id);
    is_resolved(db, ty).then_some(ty)
}

/// The type a using-declaration brings in (`using std::size_t;`, `using Base::type;`).
#[salsa::tracked(returns(copy), cycle_result = |_, _, _, _| None)]
fn using_declaration_type<'db>(
    db: &'db dyn IlDatabase,
    using: Item<'db>,
    env: Env<'db>,
) -> Option<Ty<'db>> {
    let header = SyntaxNode::new_root(using.header(db).clone());
    let name = header
        .children()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
    let ty = named_type(db, scope_of(db, using), env, &name);
    is_resolved(db, ty).then_some(ty)
}

fn is_resolved(db: &dyn IlDatabase, ty: Ty<'_>) -> bool {
    !matches!(ty.kind(db), TyKind::Unknown | TyKind::TemplateId(_))
}

/// The scope an item's declaration is resolved from: its parent, or file scope.
pub fn scope_of<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> ScopeRef<'db> {
    item.parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item)
}

/// The arguments of a template-id (`<int, 4, T*>`), with `env`'s parameters substituted.
/// `None` when one cannot be determined.
pub fn template_args_in<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    list: &SyntaxNode,
) -> Option<Vec<TemplateArg<'db>>> {
    let args = typed_template_args_in(db, from, env, list)?;
    let untyped = |a| match a {
        TemplateArg::Typed(_, v) => TemplateArg::Value(v),
        other => other,
    };
    Some(args.into_iter().map(untyped).collect())
}

/// [`template_args_in`] keeping a literal's type with its value (`TemplateArg::Typed`), for a
/// class template's placeholder parameters (`instantiate::instance_of` keeps it for those
/// only).
fn typed_template_args_in<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    list: &SyntaxNode,
) -> Option<Vec<TemplateArg<'db>>> {
    list.children()
        .map(|arg| {
            // A lone name may be a non-type parameter, whichever way the parser read it.
            if let Some(name) = lone_name(&arg)
                && let Some(bound) = lookup_param(db, env, &name)
                && !matches!(bound, TemplateArg::Type(_))
            {
                return Some(bound);
            }
            if arg.kind() == TYPE_ID {
                let ty = type_id_type_in(db, from, env, &arg);
                if is_resolved(db, ty) {
                    return Some(TemplateArg::Type(ty));
                }
            }
            // A class template's name given for a template template parameter.
            if let Some(name) = lone_name(&arg)
                && let Some(&template) = lookup_unqualified(db, from, &name)
                    .iter()
                    .find(|i| i.kind(db) == ItemKind::ClassTemplate)
            {
                return Some(TemplateArg::Template(template));
            }
            let value = value_arg(db, from, env, &arg)?;
            // A literal's type is kept for a placeholder parameter (see `instance_of`).
            let literal = match arg.kind() {
                LITERAL => Some(arg.clone()),
                TYPE_ID | ID_EXPR => None,
                _ => arg.children().find(|n| n.kind() == LITERAL),
            };
            Some(
                match literal.and_then(|l| crate::literal::literal_type(db, &l)) {
                    Some(ty) => TemplateArg::Typed(ty, value),
                    None => TemplateArg::Value(value),
                },
            )
        })
        .collect()
}

/// `E::x` (an enumerator qualified by its enumeration): its value, counting on from the last
/// explicit one.
fn enumerator_value(db: &dyn IlDatabase, from: ScopeRef<'_>, expr: &SyntaxNode) -> Option<i128> {
    if !matches!(expr.kind(), ID_EXPR | TYPE_ID) {
        return None;
    }
    let mut children = expr.children();
    let name = children.next()?;
    if children.next().is_some() || name.kind() != QUALIFIED_NAME {
        return None;
    }
    let (global, mut segments) = name_segments(&name);
    let enumerator = segments.pop()?;
    let enumeration = crate::lookup::lookup_path(db, from, global, &segments)
        .into_iter()
        .find(|i| i.kind(db) == ItemKind::Enum)?;
    let body = SyntaxNode::new_root(enumeration.body(db).cloned()?);
    let mut next: i128 = 0;
    for e in body.children().filter(|n| n.kind() == ENUMERATOR) {
        let value = if e.children_with_tokens().any(|t| t.kind() == EQ) {
            i128::from(crate::consteval::const_value(db, from, &e)?)
        } else {
            next
        };
        let is_it = e
            .children_with_tokens()
            .find(|t| t.kind() == IDENT)
            .is_some_and(|t| t.to_string() == enumerator);
        if is_it {
            return Some(value);
        }
        next = value + 1;
    }
    None
}

/// The identifier of an argument that is a single unqualified name.
fn lone_name(arg: &SyntaxNode) -> Option<String> {
    let name = match arg.kind() {
        ID_EXPR | TYPE_ID => {
            let mut children = arg.children();
            let only = children.next()?;
            (children.next().is_none() && only.kind() == NAME_REF).then_some(only)?
        }
        NAME_REF => arg.clone(),
        _ => return None,
    };
    if name.children().next().is_some() {
        return None;
    }
    name.children_with_tokens()
        .find(|t| t.kind() == IDENT)
        .map(|t| t.to_string())
}

/// The value of a non-type template argument or default (an INITIALIZER): literals,
/// `true`/`false`, bound non-type parameters, and what `consteval` evaluates.
pub fn value_arg<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    node: &SyntaxNode,
) -> Option<i128> {
    let expr = if node.kind() == INITIALIZER {
        node.children().next()?
    } else {
        node.clone()
    };
    if let Some(name) = lone_name(&expr)
        && let Some(arg) = lookup_param(db, env, &name)
    {
        return arg.value();
    }
    if let Some(value) = enumerator_value(db, from, &expr) {
        return Some(value);
    }
    if expr.kind() == LITERAL {
        match expr
            .children_with_tokens()
            .find(|t| !t.kind().is_trivia())?
            .kind()
        {
            TRUE_KW => return Some(1),
            FALSE_KW => return Some(0),
            _ => {}
        }
    }
    crate::instantiate::value::eval_in(db, from, env, &expr)
}

/// Applies a declarator to the specifiers' type: pointers, references, arrays (with integer
/// literal bounds), functions (parameters left unresolved for now).
pub fn declarator_type<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    base: Ty<'db>,
    declarator: &SyntaxNode,
) -> Ty<'db> {
    declarator_type_in(db, from, None, base, declarator)
}

/// [`declarator_type`] with template parameters bound by `env`.
pub fn declarator_type_in<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
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
            ARRAY_SUFFIX => match array_bound(db, from, env, suffix) {
                Some(n) => Ty::new(db, TyKind::Array(ty, Some(n))),
                None => match dependent_bound(db, env, suffix) {
                    Some(bound) => Ty::new(db, TyKind::DependentArray(ty, bound)),
                    None => Ty::new(db, TyKind::Unknown),
                },
            },
            _ => Ty::new(
                db,
                TyKind::Function(function_signature(db, from, env, ty, suffix)),
            ),
        };
    }
    if let Some(inner) = declarator.children().find(|n| n.kind() == DECLARATOR) {
        ty = declarator_type_in(db, from, env, ty, &inner);
    }
    ty
}

/// An array bound: a constant expression, or a bound non-type template parameter.
fn array_bound<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    suffix: &SyntaxNode,
) -> Option<u64> {
    if env.is_none()
        && let Some(n) = crate::consteval::const_value(db, from, suffix)
    {
        return Some(n);
    }
    // Names (parameters, enumerators, static constants), casts and comparisons.
    let expr = suffix.children().next()?;
    value_arg(db, from, env, &expr).and_then(|v| u64::try_from(v).ok())
}

/// The bound of an array in a template that depends on the template's parameters (which
/// `env` binds to themselves): a non-type parameter alone (`[N]`, deducible) or an expression
/// naming one (`[N + 1]`, `[sizeof(T)]`). `None` when the bound names no parameter (it is
/// then merely unknown).
fn dependent_bound<'db>(
    db: &'db dyn IlDatabase,
    env: Env<'db>,
    suffix: &SyntaxNode,
) -> Option<DependentBound> {
    let expr = suffix.children().next()?;
    if let Some(name) = lone_name(&expr)
        && let Some(TemplateArg::Unbound(index)) = lookup_param(db, env, &name)
    {
        let cast = !param_is_size_t(db, env, &name);
        return Some(DependentBound::Param { index, name, cast });
    }
    let mut dependent = false;
    let text = expression_spelling(db, env, &expr, &mut dependent);
    if !dependent {
        return None;
    }
    // `sizeof` and `alignof` are already `std::size_t`; anything else is converted.
    Some(DependentBound::Expr(
        if matches!(expr.kind(), SIZEOF_EXPR | ALIGNOF_EXPR) {
            text
        } else {
            format!("((unsigned long)({text}))")
        },
    ))
}

/// Whether the non-type parameter `name` visible in `env` is declared `std::size_t`
/// (`unsigned long`): EDG then writes the bound without a conversion.
fn param_is_size_t(db: &dyn IlDatabase, env: Env<'_>, name: &str) -> bool {
    let Some(bound) = std::iter::successors(env, |b| b.outer(db)).find(|b| {
        template_params(db, b.definition(db))
            .iter()
            .any(|p| p.name == name)
    }) else {
        return false;
    };
    let definition = bound.definition(db);
    let index = template_params(db, definition)
        .iter()
        .position(|p| p.name == name);
    let header = SyntaxNode::new_root(definition.header(db).clone());
    let param = header
        .children()
        .find(|n| n.kind() == TEMPLATE_PARAM_LIST)
        .and_then(|list| {
            list.children()
                .filter(|p| matches!(p.kind(), TYPE_PARAM | PARAM | TEMPLATE_TEMPLATE_PARAM))
                .nth(index?)
        });
    param.is_some_and(|p| {
        let ty = specifier_type(db, scope_of(db, definition), &p);
        canonical(db, ty) == Ty::builtin(db, Builtin::UnsignedLong)
    })
}

/// An expression as EDG prints it (`N + 1`, `sizeof(T)`), its type parameters spelled as
/// [`Ty::display`] spells them (`<template parameter 1.0>`); `dependent` is set when it names a
/// parameter that stands for itself.
fn expression_spelling<'db>(
    db: &'db dyn IlDatabase,
    env: Env<'db>,
    expr: &SyntaxNode,
    dependent: &mut bool,
) -> String {
    let mut text = String::new();
    let mut after_operand = false;
    for token in expr
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
    {
        let word = token.text();
        let is_operator = word.chars().all(|c| !c.is_alphanumeric() && c != '_')
            && !matches!(word, "(" | ")" | "[" | "]" | "," | "." | "::" | "->");
        let spelled = match lookup_param(db, env, word).filter(|_| token.kind() == IDENT) {
            Some(TemplateArg::Unbound(_)) => {
                *dependent = true;
                word.to_string()
            }
            Some(TemplateArg::Type(ty)) => {
                *dependent |= is_dependent(db, ty);
                ty.display(db)
            }
            Some(TemplateArg::Value(v) | TemplateArg::Typed(_, v)) => v.to_string(),
            _ => word.to_string(),
        };
        // A binary operator is set off by spaces (`N + 1`); a unary one is not (`-N`).
        if is_operator && after_operand {
            text.push(' ');
            text.push_str(&spelled);
            text.push(' ');
            after_operand = false;
        } else {
            text.push_str(&spelled);
            after_operand = !is_operator && word != "(" && token.kind() != SIZEOF_KW;
        }
    }
    text
}

/// Whether a type still mentions a template parameter standing for itself.
fn is_dependent(db: &dyn IlDatabase, ty: Ty<'_>) -> bool {
    match ty.kind(db) {
        TyKind::TemplateParam { .. } | TyKind::DependentArray(..) => true,
        TyKind::Qualified(_, t)
        | TyKind::Pointer(t)
        | TyKind::Reference(_, t)
        | TyKind::Array(t, _) => is_dependent(db, *t),
        TyKind::Instance(inst) => inst.args(db).iter().any(|a| match a {
            TemplateArg::Type(t) => is_dependent(db, *t),
            TemplateArg::Unbound(_) => true,
            _ => false,
        }),
        _ => false,
    }
}

/// A function suffix `(int a, const S &, ...) const & noexcept` applied to a return type.
/// Parameter types are adjusted as [dcl.fct] says: arrays and functions become pointers, and
/// top-level cv-qualifiers are dropped.
fn function_signature<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
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
        let base = specifier_type_in(db, from, env, param.children_with_tokens());
        let ty = match param.children().find(|n| n.kind() == DECLARATOR) {
            Some(d) => declarator_type_in(db, from, env, base, &d),
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

/// The declaration a header holds: a template's header wraps it after the parameter list.
pub fn declaration_of(header: SyntaxNode) -> SyntaxNode {
    if header.kind() == TEMPLATE_DECL {
        header
            .children()
            .find(|n| n.kind() != TEMPLATE_PARAM_LIST)
            .unwrap_or(header)
    } else {
        header
    }
}

/// The declared type of a member or template (a routine's is its function type) with template
/// parameters bound by `bound`: a member of a class template instance, a function template
/// instance.
pub fn declared_type_under<'db>(
    db: &'db dyn IlDatabase,
    item: Item<'db>,
    bound: Bound<'db>,
) -> Ty<'db> {
    let decl = declaration_of(SyntaxNode::new_root(item.header(db).clone()));
    let from = scope_of(db, item);
    let env = Some(bound);
    let mut base = specifier_type_in(db, from, env, decl.children_with_tokens());
    // A definition's declarator is a direct child.
    let declarator = decl
        .children()
        .find(|n| n.kind() == DECLARATOR)
        .or_else(|| item_declarator(db, item, &decl));
    if decl.children_with_tokens().any(|t| t.kind() == AUTO_KW)
        && let Some(deduced) = declarator
            .as_ref()
            .and_then(|d| placeholder_type(db, env, d))
    {
        base = deduced;
    }
    if let Some(converted) = declarator
        .as_ref()
        .filter(|_| matches!(base.kind(db), TyKind::Unknown))
        .and_then(|d| conversion_type(db, from, env, d))
    {
        base = converted;
    }
    match declarator {
        Some(d) => declarator_type_in(db, from, env, base, &d),
        None => base,
    }
}

/// The type a conversion function converts to, which is its return type (`operator bool`,
/// `A::operator const char *`): the conversion-type-id in its name.
fn conversion_type<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    declarator: &SyntaxNode,
) -> Option<Ty<'db>> {
    let name = declarator.children().find_map(|n| match n.kind() {
        OPERATOR_NAME => Some(n),
        QUALIFIED_NAME => n.children().find(|c| c.kind() == OPERATOR_NAME),
        _ => None,
    })?;
    let specifiers = name
        .children_with_tokens()
        .filter(|t| !matches!(t.kind(), OPERATOR_KW | PTR_OP) && !t.kind().is_trivia());
    let base = specifier_type_in(db, from, env, specifiers);
    if matches!(base.kind(db), TyKind::Unknown) {
        return None;
    }
    Some(declarator_type_in(db, from, env, base, &name))
}

/// The type an `auto` declarator's initializer gives it where the initializer is a literal or a
/// bound non-type parameter (`static constexpr auto value = V;` in `Constant<'c'>`: `char`).
fn placeholder_type<'db>(
    db: &'db dyn IlDatabase,
    env: Env<'db>,
    declarator: &SyntaxNode,
) -> Option<Ty<'db>> {
    let expr = declarator
        .parent()
        .filter(|p| p.kind() == INIT_DECLARATOR)?
        .children()
        .find(|n| n.kind() == INITIALIZER)?
        .children()
        .find(|n| !matches!(n.kind(), ARG_LIST | INIT_LIST))?;
    if expr.kind() == LITERAL {
        return crate::literal::literal_type(db, &expr);
    }
    match lookup_param(db, env, &lone_name(&expr)?)? {
        TemplateArg::Typed(ty, _) => Some(ty),
        TemplateArg::Value(_) => Some(Ty::builtin(db, Builtin::Int)),
        _ => None,
    }
}

/// The type of a routine item: its return type and signature.
pub fn routine_type<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Ty<'db> {
    let decl = declaration_of(SyntaxNode::new_root(item.header(db).clone()));
    let from = item
        .parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
    let mut base = specifier_type(db, from, &decl);
    // Constructors and destructors are written without a return type; EDG gives them `void`.
    let name = item.name_text(db).unwrap_or_default();
    let last_segment = name.rsplit("::").next().unwrap_or(name);
    let qualifier_last = name.rsplit("::").nth(1);
    let is_ctor_or_dtor = last_segment.starts_with('~')
        || qualifier_last == Some(last_segment)
        || item
            .parent(db)
            .is_some_and(|class| class.name_text(db) == Some(last_segment));
    if is_ctor_or_dtor && matches!(base.kind(db), TyKind::Unknown) {
        base = Ty::new(db, TyKind::Builtin(Builtin::Void));
    }
    let declarator = decl
        .children()
        .find(|n| n.kind() == DECLARATOR)
        .or_else(|| item_declarator(db, item, &decl));
    if let Some(converted) = declarator
        .as_ref()
        .filter(|_| matches!(base.kind(db), TyKind::Unknown))
        .and_then(|d| conversion_type(db, from, None, d))
    {
        base = converted;
    }
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
    type_id_type_in(db, from, None, type_id)
}

/// [`type_id_type`] with template parameters bound by `env`.
pub fn type_id_type_in<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    type_id: &SyntaxNode,
) -> Ty<'db> {
    let base = specifier_type_in(db, from, env, type_id.children_with_tokens());
    match type_id.children().find(|n| n.kind() == DECLARATOR) {
        Some(d) => declarator_type_in(db, from, env, base, &d),
        None => base,
    }
}

/// The type of a variable or field item (the declarator that declares its name).
pub fn declared_type<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Ty<'db> {
    declared_type_in(db, item, None)
}

/// [`declared_type`] of a member of a class template's definition, its parameters bound.
pub fn declared_type_in<'db>(db: &'db dyn IlDatabase, item: Item<'db>, env: Env<'db>) -> Ty<'db> {
    let header = SyntaxNode::new_root(item.header(db).clone());
    let from = scope_of(db, item);
    let base = specifier_type_in(db, from, env, header.children_with_tokens());
    match item_declarator(db, item, &header) {
        Some(d) => declarator_type_in(db, from, env, base, &d),
        None => base,
    }
}

/// What a typedef or alias declaration names (`None` for alias templates, which need
/// arguments).
pub fn typedef_target<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Option<Ty<'db>> {
    typedef_target_in(db, item, None)
}

/// [`typedef_target`] with template parameters bound by `env`.
pub fn typedef_target_in<'db>(
    db: &'db dyn IlDatabase,
    item: Item<'db>,
    env: Env<'db>,
) -> Option<Ty<'db>> {
    let header = SyntaxNode::new_root(item.header(db).clone());
    match header.kind() {
        ALIAS_DECL => {
            let type_id = header.children().find(|n| n.kind() == TYPE_ID)?;
            Some(type_id_type_in(db, scope_of(db, item), env, &type_id))
        }
        TEMPLATE_DECL => None,
        _ => Some(declared_type_in(db, item, env)),
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
            let outside_suffixes = |n: &SyntaxNode| {
                !n.ancestors()
                    .any(|a| matches!(a.kind(), PARAM_LIST | ARRAY_SUFFIX))
            };
            // Operator and destructor names are items named by their tokens (`operator+`,
            // `~S`), as `lower` names them; other names by their identifier.
            let declares = d.descendants().any(|n| match n.kind() {
                NAME_REF => {
                    outside_suffixes(&n)
                        && n.children_with_tokens()
                            .any(|t| t.kind() == IDENT && t.to_string() == name)
                }
                OPERATOR_NAME | DESTRUCTOR_NAME => {
                    outside_suffixes(&n) && crate::lower::tokens_text(&n) == name
                }
                _ => false,
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

    /// Function templates' signatures with their parameters standing for themselves: array
    /// bounds that depend on them are spelled as cudafe++ 13.0.88 spells them in the
    /// templates' types (`int (T#(1,1) (&)[((unsigned long)N)])` for `a1`, `[N]` for a
    /// `size_t` parameter, `sizeof(T#(1,1))`, `((unsigned long)(N + 1))`), type parameters
    /// in `Ty::display`'s form.
    #[test]
    fn dependent_array_bounds() {
        let (db, file) = TestDb::with_file(
            r#"
typedef unsigned long size_t;
template <class T, int N> int a1(T (&)[N]);
template <class T, unsigned N> int a2(T (&)[N]);
template <class T, size_t N> int a3(T (*)[N]);
template <class T, int N> int a4(T (&)[N + 1]);
template <class T> int a5(char (&)[sizeof(T)], T);
template <class T, long N> int a6(T (&)[2][N]);
"#,
        );
        let mut out = String::new();
        for item in all_items(&db, file) {
            if item.kind(&db) != ItemKind::FunctionTemplate {
                continue;
            }
            let ty = crate::instantiate::routine::signature_pattern(&db, item, None);
            let name = item.qualified_name(&db);
            out.push_str(&format!("{name}: {}\n", ty.display(&db)));
        }
        expect![[r#"
            a1: int (<template parameter 1.0> (&)[((unsigned long)N)])
            a2: int (<template parameter 1.0> (&)[((unsigned long)N)])
            a3: int (<template parameter 1.0> (*)[N])
            a4: int (<template parameter 1.0> (&)[((unsigned long)(N + 1))])
            a5: int (char (&)[sizeof(<template parameter 1.0>)], <template parameter 1.0>)
            a6: int (<template parameter 1.0> (&)[2][((unsigned long)N)])
        "#]]
        .assert_eq(&out);
    }
}
