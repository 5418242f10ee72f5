//! Declared types and signatures: [`declared_ty`] and [`callable_sig`], salsa queries keyed by
//! the il [`Item`] (a small, stable id). They read the item's header only (through il), never
//! its body, so editing a body re-runs neither.
//!
//! Also the types written inside bodies ([`type_ref_ty`]): a binding's declared type is kept by
//! hir-def as written (`const int *`, `float [32]`); it is parsed as the type-id of an alias
//! declaration and resolved by il from the owner's scope, with the owner's template parameters
//! standing for themselves.
use il::cuda::ExecSpace;
use il::lookup::ScopeRef;
use il::{Item, ItemKind};
use rowan::GreenNodeData;
use syntax::{GreenNode, SyntaxKind::*, SyntaxNode};

use crate::HirTyDatabase;
use crate::from_il::{lower_il_ty, template_env, template_owners};
use crate::ty::{Builtin, Cv, FnTy, Instance, RefKind, Ty, TyKind};
use il::instantiate::template_params;

/// What kind of routine a signature belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallableKind {
    Function,
    Constructor,
    Destructor,
    /// `operator T()`.
    Conversion,
    /// `operator+` and the others.
    Operator,
}

/// A routine's signature: its function type and what calls need besides it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct CallableSig<'db> {
    pub params: Vec<Ty<'db>>,
    pub ret: Ty<'db>,
    pub variadic: bool,
    /// Qualifiers of `this` of a member function (`void f() const &`).
    pub this_cv: Cv,
    pub ref_qualifier: Option<RefKind>,
    /// How many trailing parameters have default arguments.
    pub defaulted: usize,
    pub exec_space: ExecSpace,
    /// The class of a non-static member function (constructors included).
    pub member_of: Option<Item<'db>>,
    pub kind: CallableKind,
    /// A function template (its parameter types mention [`TyKind::Param`]s).
    pub is_template: bool,
    /// The parameter that is a pack expansion (`Ts... xs`), when it is the last: it takes any
    /// number of arguments, each deducing one element of the pack.
    pub pack_expansion: Option<usize>,
}

impl CallableSig<'_> {
    /// Whether a call with `n` arguments may call it.
    pub fn accepts_arity(&self, n: usize) -> bool {
        match self.pack_expansion {
            Some(i) => n + self.defaulted >= i,
            None => {
                n + self.defaulted >= self.params.len() && (self.variadic || n <= self.params.len())
            }
        }
    }
}

/// The declared type of a variable, field, typedef or alias, or a routine's function type;
/// for an enum, its underlying type is not this (the enum's type is [`TyKind::Enum`]).
/// [`TyKind::Error`] for what il cannot resolve.
#[salsa::tracked(returns(copy))]
pub fn declared_ty<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> Ty<'db> {
    let owners = template_owners(db, item);
    let il_ty = match item.kind(db) {
        ItemKind::Class | ItemKind::Struct | ItemKind::Union => {
            return Ty::new(db, TyKind::Class(item));
        }
        ItemKind::Enum => return Ty::new(db, TyKind::Enum(item)),
        ItemKind::Typedef | ItemKind::AliasTemplate => match template_env(db, &owners) {
            None => match il::resolve::typedef_target(db, item) {
                Some(t) => t,
                None => return Ty::error(db),
            },
            Some(env) => match il::resolve::typedef_target_in(db, item, Some(env)) {
                Some(t) => t,
                None => return Ty::error(db),
            },
        },
        ItemKind::Routine | ItemKind::FunctionTemplate => match template_env(db, &owners) {
            None => il::resolve::routine_type(db, item),
            Some(env) => il::resolve::declared_type_under(db, item, env),
        },
        ItemKind::Variable | ItemKind::Field | ItemKind::VariableTemplate => {
            match template_env(db, &owners) {
                None => il::resolve::declared_type(db, item),
                Some(env) => il::resolve::declared_type_under(db, item, env),
            }
        }
        _ => return Ty::error(db),
    };
    let ty = lower_il_ty(db, il_ty, &owners);
    if ty.is_error(db)
        && !owners.is_empty()
        && matches!(item.kind(db), ItemKind::Typedef | ItemKind::AliasTemplate)
    {
        // A member type of a dependent type (`typedef typename alloc_traits::pointer
        // pointer;`), which il cannot resolve with the parameters standing for themselves:
        // the written type read again, as a projection when it is one.
        if let Some(text) = typedef_written_type(db, item)
            && let Some(written) = resolve_type_ref(
                db,
                scope_of(db, item),
                &owners,
                base_db::Name::new(db, text.as_str()),
            )
            && contains_projection(db, written)
        {
            return written;
        }
    }
    if !owners.is_empty()
        && matches!(
            item.kind(db),
            ItemKind::Routine | ItemKind::FunctionTemplate
        )
        && let TyKind::Function(f) = ty.kind(db)
        && f.ret.is_error(db)
        && let Some(text) = routine_written_return(db, item)
        && let Some(ret) = resolve_type_ref(
            db,
            scope_of(db, item),
            &owners,
            base_db::Name::new(db, text.as_str()),
        )
        && contains_projection(db, ret)
    {
        // A return type that is a member type of a dependent type, as for typedefs above.
        return Ty::new(db, TyKind::Function(FnTy { ret, ..f.clone() }));
    }
    ty
}

/// The type a typedef or alias declaration names, as written (`typename alloc_traits::pointer`
/// of `typedef typename alloc_traits::pointer pointer;`): the alias's type-id, or the
/// typedef's specifiers and declarator without its name. `None` for a declaration of several
/// names, or with an attribute or a declarator suffix (arrays, functions).
fn typedef_written_type(db: &dyn HirTyDatabase, item: Item<'_>) -> Option<String> {
    use rowan::NodeOrToken;
    let header = SyntaxNode::new_root(item.header(db).clone());
    let header = match header.kind() {
        TEMPLATE_DECL => header
            .children()
            .filter(|c| c.kind() != TEMPLATE_PARAM_LIST)
            .last()?,
        _ => header,
    };
    let words = |node: &SyntaxNode, skip: Option<&SyntaxNode>| -> Vec<String> {
        node.descendants_with_tokens()
            .filter_map(NodeOrToken::into_token)
            .filter(|t| !t.kind().is_trivia())
            .filter(|t| skip.is_none_or(|s| !s.text_range().contains_range(t.text_range())))
            .map(|t| t.text().to_string())
            .collect()
    };
    if header.kind() == ALIAS_DECL {
        let type_id = header.children().find(|n| n.kind() == TYPE_ID)?;
        return Some(words(&type_id, None).join(" "));
    }
    let inits: Vec<SyntaxNode> = header
        .children()
        .filter(|n| n.kind() == INIT_DECLARATOR)
        .collect();
    let [init] = &inits[..] else {
        return None;
    };
    let declarator = init.children().find(|n| n.kind() == DECLARATOR)?;
    if declarator
        .descendants()
        .any(|n| matches!(n.kind(), FUNCTION_SUFFIX | ARRAY_SUFFIX))
    {
        return None;
    }
    let name = declarator.children().find(|n| n.kind() == NAME_REF)?;
    let mut out = Vec::new();
    for child in header.children_with_tokens() {
        match child {
            NodeOrToken::Token(t) if t.kind().is_trivia() => {}
            NodeOrToken::Token(t) if matches!(t.kind(), TYPEDEF_KW | SEMI) => {}
            NodeOrToken::Token(t) => out.push(t.text().to_string()),
            NodeOrToken::Node(n) if n == *init => out.extend(words(&declarator, Some(&name))),
            NodeOrToken::Node(n)
                if matches!(n.kind(), QUALIFIED_NAME | NAME_REF | ELABORATED_TYPE) =>
            {
                out.extend(words(&n, None));
            }
            NodeOrToken::Node(_) => return None,
        }
    }
    Some(out.join(" "))
}

/// The return type a routine's declaration writes before its name (`typename V::pointer` of
/// `template <class V> typename V::pointer data_of(V &)`): the type specifiers (storage and
/// function specifiers and attributes left out) and the declarator's `*`/`&` before the name.
/// `None` for anything else before the name (a declarator in parentheses, a trailing return
/// type's `auto` resolves to no projection anyway).
fn routine_written_return(db: &dyn HirTyDatabase, item: Item<'_>) -> Option<String> {
    use rowan::NodeOrToken;
    let mut header = SyntaxNode::new_root(item.header(db).clone());
    while header.kind() == TEMPLATE_DECL {
        header = header
            .children()
            .filter(|c| c.kind() != TEMPLATE_PARAM_LIST)
            .last()?;
    }
    let mut out = Vec::new();
    for child in header.children_with_tokens() {
        match child {
            NodeOrToken::Token(t) if t.kind().is_trivia() => {}
            NodeOrToken::Token(t)
                if matches!(
                    t.kind(),
                    STATIC_KW
                        | INLINE_KW
                        | CONSTEXPR_KW
                        | VIRTUAL_KW
                        | EXPLICIT_KW
                        | EXTERN_KW
                        | FRIEND_KW
                ) => {}
            NodeOrToken::Token(t) => out.push(t.text().to_string()),
            NodeOrToken::Node(n) if matches!(n.kind(), ATTRIBUTE_SPEC | ATTRIBUTE) => {}
            NodeOrToken::Node(n)
                if matches!(n.kind(), QUALIFIED_NAME | NAME_REF | ELABORATED_TYPE) =>
            {
                out.extend(
                    n.descendants_with_tokens()
                        .filter_map(NodeOrToken::into_token)
                        .filter(|t| !t.kind().is_trivia())
                        .map(|t| t.text().to_string()),
                );
            }
            NodeOrToken::Node(n) if matches!(n.kind(), DECLARATOR | INIT_DECLARATOR) => {
                let declarator = match n.kind() {
                    DECLARATOR => n,
                    _ => n.children().find(|c| c.kind() == DECLARATOR)?,
                };
                // The operators before the name, in the declarator itself (not nested).
                for t in declarator.children_with_tokens() {
                    match t {
                        NodeOrToken::Token(t) if t.kind().is_trivia() => {}
                        NodeOrToken::Token(t)
                            if matches!(t.kind(), STAR | AMP | AMP2 | CONST_KW | VOLATILE_KW) =>
                        {
                            out.push(t.text().to_string());
                        }
                        NodeOrToken::Node(n) if n.kind() == NAME_REF => {
                            return Some(out.join(" "));
                        }
                        _ => return None,
                    }
                }
                return None;
            }
            NodeOrToken::Node(_) => return None,
        }
    }
    None
}

/// Whether a projection is part of `ty` (under cv, pointers and references).
fn contains_projection<'db>(db: &'db dyn HirTyDatabase, ty: Ty<'db>) -> bool {
    match ty.kind(db) {
        TyKind::Projection { .. } => true,
        TyKind::Qualified(_, t) | TyKind::Pointer(t) | TyKind::Reference(_, t) => {
            contains_projection(db, *t)
        }
        _ => false,
    }
}

/// The signature of a routine or function template; `None` for other items.
#[salsa::tracked(returns(ref))]
pub fn callable_sig<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> Option<CallableSig<'db>> {
    if !matches!(
        item.kind(db),
        ItemKind::Routine | ItemKind::FunctionTemplate
    ) {
        return None;
    }
    let ty = declared_ty(db, item);
    let name = item.name_text(db).unwrap_or_default();
    let last = name.rsplit("::").next().unwrap_or(name);
    let parent = class_of_member(db, item);
    let kind = if last.starts_with('~') {
        CallableKind::Destructor
    } else if parent.is_some_and(|p| p.name_text(db) == Some(last)) {
        CallableKind::Constructor
    } else if let Some(op) = last.strip_prefix("operator") {
        let op = op.trim_start();
        if op.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && !op.starts_with("new")
            && !op.starts_with("delete")
        {
            CallableKind::Conversion
        } else {
            CallableKind::Operator
        }
    } else {
        CallableKind::Function
    };
    let decl = il::decl::routine_decl(db, item);
    let is_static = decl.specifiers.is_static;
    let is_friend = decl.specifiers.is_friend;
    let fn_ty = match ty.kind(db) {
        TyKind::Function(f) => f.clone(),
        _ => FnTy {
            ret: Ty::error(db),
            params: Vec::new(),
            variadic: true,
            this_cv: Cv::default(),
            ref_qualifier: None,
        },
    };
    let ret = match kind {
        CallableKind::Constructor | CallableKind::Destructor => Ty::builtin(db, Builtin::Void),
        _ => fn_ty.ret,
    };
    // The header's parameter list, found once for both questions (a template's header can be
    // long: its parameter list and constraints come first), read from the green tree.
    let params = param_list(item.header(db));
    let pack_expansion = params
        .filter(|_| item.kind(db) == ItemKind::FunctionTemplate)
        .and_then(|list| pack_expansion(list, fn_ty.params.len()));
    let defaulted = params.map_or(0, defaulted_params);
    Some(CallableSig {
        params: fn_ty.params,
        ret,
        variadic: fn_ty.variadic,
        this_cv: fn_ty.this_cv,
        ref_qualifier: fn_ty.ref_qualifier,
        defaulted,
        pack_expansion,
        exec_space: decl.exec_space,
        member_of: parent.filter(|_| !is_static && !is_friend),
        kind,
        is_template: item.kind(db) == ItemKind::FunctionTemplate,
    })
}

/// A green node's or token's kind as the cursor API reads it (`ERROR` for a raw kind unknown).
fn kind_of(raw: rowan::SyntaxKind) -> syntax::SyntaxKind {
    syntax::SyntaxKind::from_raw(raw.0).unwrap_or(ERROR)
}

/// The child nodes of `node` of `kind`.
fn child_nodes(
    node: &GreenNodeData,
    kind: syntax::SyntaxKind,
) -> impl Iterator<Item = &GreenNodeData> {
    node.children()
        .filter_map(|c| c.into_node())
        .filter(move |n| kind_of(n.kind()) == kind)
}

/// The routine's (outermost) parameter list: that of the first function suffix with one, in
/// document order (`header.descendants()`), found in the green tree without a cursor per node.
fn param_list(header: &GreenNodeData) -> Option<&GreenNodeData> {
    if let Some(list) = suffix_list(header) {
        return Some(list);
    }
    let mut stack = vec![header.children()];
    while let Some(children) = stack.last_mut() {
        match children.next() {
            None => {
                stack.pop();
            }
            Some(rowan::NodeOrToken::Node(node)) => {
                if let Some(list) = suffix_list(node) {
                    return Some(list);
                }
                stack.push(node.children());
            }
            Some(rowan::NodeOrToken::Token(_)) => {}
        }
    }
    None
}

/// The parameter list of `node` when it is a function suffix with one.
fn suffix_list(node: &GreenNodeData) -> Option<&GreenNodeData> {
    if kind_of(node.kind()) != FUNCTION_SUFFIX {
        return None;
    }
    child_nodes(node, PARAM_LIST).next()
}

/// Whether a token of `kind` lies anywhere in `node` (a stack, not recursion: a default
/// argument can nest deeply).
fn has_token(node: &GreenNodeData, kind: syntax::SyntaxKind) -> bool {
    let mut stack = vec![node.children()];
    while let Some(children) = stack.last_mut() {
        match children.next() {
            None => {
                stack.pop();
            }
            Some(rowan::NodeOrToken::Node(n)) => stack.push(n.children()),
            Some(rowan::NodeOrToken::Token(t)) => {
                if kind_of(t.kind()) == kind {
                    return true;
                }
            }
        }
    }
    false
}

/// The last parameter of the routine's parameter list when it is a pack expansion (`Ts...
/// xs`, `const Ts &...`); a pack expansion elsewhere is not deducible and is not reported.
fn pack_expansion(list: &GreenNodeData, count: usize) -> Option<usize> {
    let params: Vec<&GreenNodeData> = child_nodes(list, PARAM).collect();
    let last = params.last()?;
    (params.len() == count && has_token(last, DOT3)).then(|| count - 1)
}

/// How many parameters of the routine's parameter list have default arguments.
fn defaulted_params(list: &GreenNodeData) -> usize {
    child_nodes(list, PARAM)
        .filter(|p| child_nodes(p, INITIALIZER).next().is_some())
        .count()
}

/// The templates (the item itself, its enclosing class templates) whose parameters are visible
/// in `item`'s declaration, innermost first; empty outside templates.
pub fn template_owners_of<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> Vec<Item<'db>> {
    template_owners(db, item)
}

/// The class a member belongs to: its parent, or for a definition outside its class
/// (`void S::f() {}`, `template <class T> void V<T>::f() {}`) the class its qualifier names.
#[salsa::tracked(returns(copy))]
pub fn class_of_member<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> Option<Item<'db>> {
    let is_class = |i: Item<'db>| {
        matches!(
            i.kind(db),
            ItemKind::Class | ItemKind::Struct | ItemKind::Union | ItemKind::ClassTemplate
        )
    };
    if let Some(parent) = item.parent(db).filter(|p| is_class(*p)) {
        return Some(parent);
    }
    let written = item.name_text(db)?;
    // Split at `::` outside template argument lists, dropping the arguments.
    let mut segments = vec![String::new()];
    let mut depth = 0u32;
    let mut chars = written.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            ':' if depth == 0 && chars.peek() == Some(&':') => {
                chars.next();
                segments.push(String::new());
            }
            _ if depth == 0 => segments.last_mut().expect("non-empty").push(c),
            _ => {}
        }
    }
    segments.pop();
    let global = segments.first().is_some_and(String::is_empty);
    let segments: Vec<String> = segments
        .into_iter()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if segments.is_empty() {
        return None;
    }
    crate::lookup::lookup_path(db, scope_of(db, item), global, &segments)
        .into_iter()
        .find(|i| is_class(*i))
}

/// The scope an item's names are looked up from.
pub fn scope_of<'db>(db: &'db dyn HirTyDatabase, item: Item<'db>) -> ScopeRef<'db> {
    item.parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item)
}

/// A type written inside `owner`'s body (a binding's declared type, a cast's target) resolved
/// from the owner's scope. `None` for a placeholder (`auto`, `decltype(auto)`), which the
/// initializer decides; [`TyKind::Error`] for what does not resolve.
pub fn type_ref_ty<'db>(
    db: &'db dyn HirTyDatabase,
    owner: Item<'db>,
    text: &str,
) -> Option<Ty<'db>> {
    if text.is_empty() {
        return Some(Ty::error(db));
    }
    // The type depends on the scope, the templates whose parameters are visible and the text
    // only: memoized there, so the bodies of one class or namespace share it (every local's
    // declared type used to be re-parsed and looked up again, a sixth of `--xref`'s time, and
    // inside templates, where it was not memoized, still a seventh).
    let text = base_db::Name::new(db, text);
    if !template_params(db, owner).is_empty() {
        // A template's own parameters are visible in its body: memoized per template (its
        // body and every instance's inference share it).
        return template_type_ref_ty(db, owner, text);
    }
    // Not a template itself: the templates visible are its scope's (`template_owners` goes
    // from the owner to its parent, and a namespace parent ends the chain, leaving none).
    match scope_of(db, owner) {
        ScopeRef::Item(scope) => scoped_type_ref_ty(db, scope, text),
        ScopeRef::File(file) => file_type_ref_ty(db, file, text),
    }
}

/// A type written in the body of `template` (a function template, or a member template).
#[salsa::tracked(returns(copy))]
fn template_type_ref_ty<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
    text: base_db::Name<'db>,
) -> Option<Ty<'db>> {
    let owners = template_owners(db, template);
    resolve_type_ref(db, scope_of(db, template), &owners, text)
}

/// A type written in the body of a non-template member of `scope` (or of a function of the
/// namespace `scope`), with the template parameters visible there.
#[salsa::tracked(returns(copy))]
fn scoped_type_ref_ty<'db>(
    db: &'db dyn HirTyDatabase,
    scope: Item<'db>,
    text: base_db::Name<'db>,
) -> Option<Ty<'db>> {
    let owners = template_owners(db, scope);
    resolve_type_ref(db, ScopeRef::Item(scope), &owners, text)
}

#[salsa::tracked(returns(copy))]
fn file_type_ref_ty<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    text: base_db::Name<'db>,
) -> Option<Ty<'db>> {
    resolve_type_ref(db, ScopeRef::File(file), &[], text)
}

/// The parse of `using __cufe_type = TEXT;`, where a type written as `text` is read. Memoized
/// per text: the same few texts (`_Tp`, `const _Tp &`, `size_t`) are written in thousands of
/// bodies, each resolved in its own scope, and were parsed again for each.
#[salsa::tracked(returns(ref))]
fn type_text_tree<'db>(db: &'db dyn HirTyDatabase, text: base_db::Name<'db>) -> GreenNode {
    syntax::parse_text(&format!("using __cufe_type = {};", text.text(db)))
        .syntax_node()
        .green()
        .into_owned()
}

fn resolve_type_ref<'db>(
    db: &'db dyn HirTyDatabase,
    scope: ScopeRef<'db>,
    owners: &[Item<'db>],
    text: base_db::Name<'db>,
) -> Option<Ty<'db>> {
    let root = SyntaxNode::new_root(type_text_tree(db, text).clone());
    let type_id = root
        .descendants()
        .find(|n| n.kind() == ALIAS_DECL)?
        .children()
        .find(|n| n.kind() == TYPE_ID)?;
    if type_id
        .descendants_with_tokens()
        .any(|t| t.kind() == AUTO_KW)
    {
        return None;
    }
    let env = template_env(db, owners);
    let il_ty = il::resolve::type_id_type_in(db, scope, env, &type_id);
    let ty = lower_il_ty(db, il_ty, owners);
    // Inside a template, a type we cannot resolve is almost always a dependent one: a member
    // type of a dependent type (`typename T::type`) is a projection, anything else (a member
    // typedef of a dependent base) is kept as written; not an error.
    if ty.is_error(db) && !owners.is_empty() {
        if let Some(projection) = dependent_member(db, scope, owners, &type_id) {
            return Some(projection);
        }
        return Some(Ty::new(db, TyKind::Dependent(text.text(db).into())));
    }
    Some(ty)
}

/// A type-id `[cv] [typename] Q::name` with `*`, `&`, `&&` and cv after it, where `Q` resolves
/// to a type that depends on the template parameters (a parameter, an instance with parameter
/// arguments, a projection in turn): the [`TyKind::Projection`] of `name` from `Q`, which il
/// cannot resolve with the parameters standing for themselves (`typename alloc_traits::pointer`
/// with `alloc_traits` a typedef of `atraits<A>`). A member template (`Q::template X<...>`)
/// and a `Q` that does not depend are not projections (`None`).
fn dependent_member<'db>(
    db: &'db dyn HirTyDatabase,
    scope: ScopeRef<'db>,
    owners: &[Item<'db>],
    type_id: &SyntaxNode,
) -> Option<Ty<'db>> {
    use rowan::NodeOrToken;
    let mut name = None;
    let mut cv = Cv::default();
    let mut declarator = Vec::new();
    for element in type_id.children_with_tokens() {
        match element {
            NodeOrToken::Token(t) if t.kind().is_trivia() => {}
            NodeOrToken::Token(t) => match t.kind() {
                TYPENAME_KW => {}
                CONST_KW => cv.is_const = true,
                VOLATILE_KW => cv.is_volatile = true,
                _ => return None,
            },
            NodeOrToken::Node(n) if n.kind() == QUALIFIED_NAME && name.is_none() => {
                name = Some(n);
            }
            // `typename Q::name` is an elaborated type around the name.
            NodeOrToken::Node(n) if n.kind() == ELABORATED_TYPE && name.is_none() => {
                let mut inner = n.children_with_tokens().filter(|t| !t.kind().is_trivia());
                match (inner.next(), inner.next(), inner.next()) {
                    (Some(NodeOrToken::Token(t)), Some(NodeOrToken::Node(q)), None)
                        if t.kind() == TYPENAME_KW && q.kind() == QUALIFIED_NAME =>
                    {
                        name = Some(q);
                    }
                    _ => return None,
                }
            }
            NodeOrToken::Node(n) if n.kind() == DECLARATOR && declarator.is_empty() => {
                declarator = n
                    .descendants_with_tokens()
                    .filter_map(NodeOrToken::into_token)
                    .filter(|t| !t.kind().is_trivia())
                    .collect();
            }
            NodeOrToken::Node(_) => return None,
        }
    }
    let name = name?;
    let last = name.children().filter(|n| n.kind() == NAME_REF).last()?;
    let mut words = last
        .children_with_tokens()
        .filter(|t| !t.kind().is_trivia());
    let member = match (words.next(), words.next()) {
        (Some(NodeOrToken::Token(t)), None) if t.kind() == IDENT => t.text().to_string(),
        _ => return None,
    };
    // The qualifier's text: the name's up to the `::` before the member.
    let qualifier_len = usize::from(last.text_range().start() - name.text_range().start());
    let text = name.text().to_string();
    let qualifier = text
        .get(..qualifier_len)?
        .trim_end()
        .strip_suffix("::")?
        .trim();
    if qualifier.is_empty() {
        return None;
    }
    let base = resolve_type_ref(db, scope, owners, base_db::Name::new(db, qualifier))?;
    if base.is_error(db) || !base.is_dependent(db) || matches!(base.kind(db), TyKind::Dependent(_))
    {
        return None;
    }
    let mut ty = Ty::new(
        db,
        TyKind::Projection {
            base,
            name: member.into(),
        },
    )
    .qualified(db, cv);
    // The declarator's operators, left to right (`const Q::x *const &`).
    for token in declarator {
        let cv_of = |is_const| Cv {
            is_const,
            is_volatile: !is_const,
            ..Cv::default()
        };
        ty = match token.kind() {
            STAR => ty.pointer(db),
            AMP => ty.reference(db, RefKind::Lvalue),
            AMP2 => ty.reference(db, RefKind::Rvalue),
            CONST_KW => ty.qualified(db, cv_of(true)),
            VOLATILE_KW => ty.qualified(db, cv_of(false)),
            _ => return None,
        };
    }
    Some(ty)
}

/// The declared type of `instance`'s `index`th template parameter when it is a non-type one,
/// with the parameters before it bound to the instance's arguments (`template <class T, T v>`
/// gives `v` the type of `T`'s argument): what EDG prints the argument's value as. `None` for
/// a type or template parameter, a placeholder (`auto`) and what does not resolve.
pub fn value_param_ty<'db>(
    db: &'db dyn HirTyDatabase,
    instance: Instance<'db>,
    index: usize,
) -> Option<Ty<'db>> {
    use rowan::ast::AstNode;
    use syntax::SyntaxKind::*;
    let template = instance.template(db);
    let header = SyntaxNode::new_root(template.header(db).clone());
    // The parameters in the order `template_params` lists them: outermost header first.
    let mut params = Vec::new();
    let mut node = Some(header);
    while let Some(n) = node.filter(|n| n.kind() == TEMPLATE_DECL) {
        if let Some(list) = n.children().find_map(syntax::ast::TemplateParamList::cast) {
            params.extend(list.params());
        }
        node = n
            .children()
            .filter(|c| c.kind() != TEMPLATE_PARAM_LIST)
            .last();
    }
    let param = syntax::ast::Param::cast(params.get(index)?.clone())?;
    let name = param
        .declarator()
        .and_then(|d| d.name())
        .map(|n| n.text_range());
    // The parameter's declaration without its name and default: a type-id.
    let mut text = String::new();
    for element in param.syntax().descendants_with_tokens() {
        let Some(token) = element.into_token() else {
            continue;
        };
        if token.kind().is_trivia()
            || name.is_some_and(|r| r.contains_range(token.text_range()))
            || token.parent_ancestors().any(|a| a.kind() == INITIALIZER)
        {
            continue;
        }
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(token.text());
    }
    let declared = type_ref_ty(db, template, &text)?;
    let ty = crate::unify::Subst::of_instance(db, instance).apply(db, declared);
    (!ty.is_error(db) && !ty.is_dependent(db)).then_some(ty)
}

#[cfg(test)]
mod green_tests {
    use syntax::SyntaxKind::*;
    use syntax::SyntaxNode;

    /// The green reading of a header's parameter list agrees with a cursor walk's (the first
    /// function suffix with a parameter list in document order, its defaulted parameters and
    /// whether its last parameter has `...`), from every node of a fixture.
    #[test]
    fn parameter_lists_agree_with_a_cursor_walk() {
        let text = "template <class F = void(int)> int f(int a, long b = 2, ...) noexcept;\n\
                    template <class... Ts> void g(int (*cb)(char c = 'c'), const Ts &...xs);\n\
                    struct S { S(int q = sizeof(int), int r = 1) {} auto h() const -> int; };\n";
        let root = syntax::parse_text(text).syntax_node();
        let mut seen = Vec::new();
        for node in root.descendants() {
            let walked = node
                .descendants()
                .filter(|n| n.kind() == FUNCTION_SUFFIX)
                .find_map(|s| s.children().find(|n| n.kind() == PARAM_LIST));
            let green = node.green();
            let found = super::param_list(&green);
            assert_eq!(
                found.map(|g| g.to_owned()),
                walked.as_ref().map(|w| w.green().into_owned()),
                "{node:?}"
            );
            let Some(list) = walked else { continue };
            let params: Vec<SyntaxNode> = list.children().filter(|n| n.kind() == PARAM).collect();
            let defaulted = params
                .iter()
                .filter(|p| p.children().any(|c| c.kind() == INITIALIZER))
                .count();
            let dots = params
                .last()
                .is_some_and(|l| l.descendants_with_tokens().any(|t| t.kind() == DOT3));
            let green_list = found.unwrap();
            assert_eq!(super::defaulted_params(green_list), defaulted);
            assert_eq!(
                super::pack_expansion(green_list, params.len()).is_some(),
                dots && !params.is_empty()
            );
            seen.push(format!("{} {defaulted} {dots}", list.text()));
        }
        seen.dedup();
        expect_test::expect![[r#"
            (int) 0 false
            (int a, long b = 2, ...) 1 false
            (int (*cb)(char c = 'c'), const Ts &...xs) 0 true
            (char c = 'c') 1 false
            (int q = sizeof(int), int r = 1) 2 false
            () 0 false"#]]
        .assert_eq(&seen.join("\n"));
    }
}
