//! Extended lambdas (`nvcc --extended-lambda`) in host functions.
//!
//! The host compiler never sees a `__device__` lambda's closure type: cudafe++ replaces the
//! lambda by an object of `__nv_dl_wrapper_t<Tag, Captures...>` (the helper templates of
//! [`crate::lambda_preamble`]), whose fields are the captured variables, and a
//! `__host__ __device__` lambda by `__nv_hdl_create_wrapper_t<...>::__nv_hdl_create_wrapper(
//! lambda, captures...)`. cicc's stub names the same types, so the tag and the capture list
//! must be cudafe++'s. Measured with cudafe++ 13.0.88 (`nvcc -keep --extended-lambda`):
//!
//! - The tag is `__nv_dl_tag<F, &f, N>`: `F` the type of a pointer to the enclosing function
//!   (`int (*)(void)`, `void (S::*)(int) const`), `&f` its address (`& ::ns::f`, `& ::run<T>`,
//!   `&S::run`), `N` the lambda's number among the function's extended lambdas, from 1 in
//!   source order (plain lambdas are not counted). A `__device__` lambda with a trailing
//!   return type gets `__nv_dl_trailing_return_tag<F, &f, R, N>`.
//! - The captures: the explicit ones in the order written; with `[=]`, then the enclosing
//!   function's variables the body names, in the order of their first use (constants too;
//!   not `static` locals, enumerators or namespace-scope variables), and `this` where the
//!   body names a member. The host compiler does the typing: a variable's field has type
//!   `typename __nvdl_remove_ref<decltype(x)>::type`, `this` is `decltype(this) const`, `*this`
//!   and init-captures strip references and qualifiers likewise.
//! - A `__host__ __device__` wrapper says whether the lambda is `mutable` and whether it has no
//!   capture list at all (then it converts to a function pointer).
//! - nvcc rejects captures by reference in extended lambdas: such a lambda is left as written.
//!
//! What the body names is read from `hir-def`'s lowered body and expression scopes.
use std::collections::BTreeSet;

use hir_def::body::scope::{ExprScopes, ScopeDef};
use hir_def::hir::{BindingKind, Capture, Expr};
use il::cuda::ExecSpace;
use syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use crate::edits::{Edits, tokens_on_one_line};
use crate::lambda_preamble::LambdaArities;
use crate::{ChunkContext, CodegenDatabase, routine};

/// One capture of an extended lambda, as the wrapper takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Captured {
    Variable(String),
    This,
    StarThis,
    /// `[y = e]`: the initializer's text.
    Init(String),
}

impl Captured {
    /// The wrapper's template argument for the capture.
    fn field_type(&self) -> String {
        match self {
            Captured::Variable(name) => format!("typename __nvdl_remove_ref<decltype({name})>::type"),
            Captured::This => "decltype(this) const".into(),
            Captured::StarThis => "typename __nvdl_remove_const<typename __nvdl_remove_ref<decltype(*this) > ::type> :: type const".into(),
            Captured::Init(init) => format!(
                "typename __nv_lambda_trait_remove_cv<typename __nvdl_remove_ref<decltype({init})>::type>::type"
            ),
        }
    }

    /// The wrapper's constructor argument for the capture.
    fn argument(&self) -> &str {
        match self {
            Captured::Variable(name) | Captured::Init(name) => name,
            Captured::This => "this",
            Captured::StarThis => "*this",
        }
    }
}

/// An extended lambda of a host function, ready to rewrite.
struct ExtendedLambda {
    range: TextRange,
    host_device: bool,
    number: usize,
    captures: Vec<Captured>,
    is_mutable: bool,
    /// No capture list at all (`[]`): the closure converts to a function pointer.
    captures_nothing: bool,
    trailing_return: Option<String>,
}

/// The enclosing function as a tag names it.
struct Enclosing {
    /// `int (*)(void)`, `void (S::*)(int n) const`.
    pointer_type: String,
    /// `& ::main`, `&S::run`.
    address: String,
}

/// Rewrites the extended lambdas of a host function definition.
pub(crate) fn rewrite(
    db: &dyn CodegenDatabase,
    def: &SyntaxNode,
    cx: &ChunkContext,
    text: &str,
    edits: &mut Edits,
) {
    let Some((enclosing, lambdas)) = plan(db, def, cx) else {
        return;
    };
    for lambda in lambdas {
        let tag = match &lambda.trailing_return {
            Some(ret) if !lambda.host_device => format!(
                "__nv_dl_trailing_return_tag<{},({}),{ret}, {}>",
                enclosing.pointer_type, enclosing.address, lambda.number
            ),
            _ => format!(
                "__nv_dl_tag<{},({}),{}>",
                enclosing.pointer_type, enclosing.address, lambda.number
            ),
        };
        let types: String = lambda
            .captures
            .iter()
            .map(|c| format!(", {}", c.field_type()))
            .collect();
        let args: String = lambda
            .captures
            .iter()
            .map(|c| format!(", {}", c.argument()))
            .collect();
        if lambda.host_device {
            edits.insert(
                lambda.range.start(),
                format!(
                    "__nv_hdl_create_wrapper_t< {}, {}, {tag} {types}>::__nv_hdl_create_wrapper( ",
                    lambda.is_mutable, lambda.captures_nothing
                ),
            );
            edits.insert(lambda.range.end(), format!(" {args})"));
        } else {
            // The lambda itself goes (cudafe++ keeps it under `#if 0`); its newlines stay.
            edits.replace(
                text,
                lambda.range,
                format!("__nv_dl_wrapper_t< {tag} {types}>( {tag} {{}} {args}) "),
            );
        }
    }
}

/// The numbers of captures of the extended lambdas of the host functions a top-level
/// declaration defines (for [`crate::lambda_preamble`]).
#[salsa::tracked(returns(ref))]
pub fn decl_lambda_arities(
    db: &dyn CodegenDatabase,
    decl: crate::DeclSyntax,
    cx: ChunkContext,
) -> LambdaArities {
    let mut arities = LambdaArities::default();
    // Most declarations have no extended lambda: a text search rules them out first.
    if !decl.text().contains('[') {
        return arities;
    }
    let node = SyntaxNode::new_root(decl.green().clone());
    if !has_device_lambda(&node) {
        return arities;
    }
    // The definitions the rewriter visits: not those of local classes.
    for def in node.descendants().filter(|n| n.kind() == FUNCTION_DEF) {
        if def
            .ancestors()
            .skip(1)
            .any(|a| matches!(a.kind(), COMPOUND_STMT | LAMBDA_EXPR))
        {
            continue;
        }
        if let Some((_, lambdas)) = plan(db, &def, &cx) {
            for lambda in lambdas {
                let set = if lambda.host_device {
                    &mut arities.host_device
                } else {
                    &mut arities.device
                };
                set.insert(lambda.captures.len());
            }
        }
    }
    arities
}

/// Whether `node` holds a lambda with a `device` attribute.
fn has_device_lambda(node: &SyntaxNode) -> bool {
    node.descendants()
        .filter(|n| n.kind() == LAMBDA_EXPR)
        .any(|lambda| {
            lambda
                .children()
                .filter(|n| n.kind() == ATTRIBUTE_SPEC)
                .any(|spec| spec.text().to_string().contains("device"))
        })
}

/// The enclosing function and its extended lambdas, if it is a host function with some.
fn plan(
    db: &dyn CodegenDatabase,
    def: &SyntaxNode,
    cx: &ChunkContext,
) -> Option<(Enclosing, Vec<ExtendedLambda>)> {
    if !cx.extended_lambda || routine::exec_space_of(def, cx) != ExecSpace::Host {
        return None;
    }
    let body_node = def.children().find(|n| n.kind() == COMPOUND_STMT)?;
    if !has_device_lambda(&body_node) {
        return None;
    }
    let class = enclosing_class(db, def, cx);
    let enclosing = enclosing_function(def, class.as_ref(), cx)?;
    let (body, map) = hir_def::body::lower_function_definition(def);
    let scopes = ExprScopes::new(&body);
    let root = def.ancestors().last().unwrap_or_else(|| def.clone());
    let range_of = |e| map.expr_syntax(e).map(|p| p.text_range());
    // Every name and `this` of the body, in source order.
    let mut uses: Vec<(TextRange, hir_def::hir::ExprId)> = body
        .exprs
        .iter()
        .filter(|(_, e)| matches!(e, Expr::Path(_) | Expr::This))
        .filter_map(|(id, _)| Some((range_of(id)?, id)))
        .collect();
    uses.sort_by_key(|(r, _)| r.start());
    let mut lambdas: Vec<(TextRange, hir_def::hir::ExprId)> = body
        .exprs
        .iter()
        .filter(|(_, e)| matches!(e, Expr::Lambda(l) if l.attrs.iter().any(|a| &**a == "device")))
        .filter_map(|(id, _)| Some((range_of(id)?, id)))
        .collect();
    lambdas.sort_by_key(|(r, _)| r.start());
    let mut out = Vec::new();
    for (number, (range, id)) in lambdas.into_iter().enumerate() {
        let Expr::Lambda(lambda) = &body.exprs[id] else {
            continue;
        };
        let mut captures = Vec::new();
        let mut copy_default = false;
        let mut by_reference = false;
        for capture in lambda.captures.iter() {
            match capture {
                Capture::DefaultCopy => copy_default = true,
                Capture::DefaultRef => by_reference = true,
                Capture::This => captures.push(Captured::This),
                Capture::StarThis => captures.push(Captured::StarThis),
                Capture::Name { name, by_ref, .. } => {
                    by_reference |= *by_ref;
                    captures.push(Captured::Variable(name.to_string()));
                }
                Capture::Init { init, by_ref, .. } => {
                    by_reference |= *by_ref;
                    let node = map.expr_syntax(*init)?.to_node(&root);
                    captures.push(Captured::Init(tokens_on_one_line(&node, &[], &[])));
                }
            }
        }
        if by_reference {
            continue; // nvcc's error; left as written
        }
        if copy_default {
            for &(use_range, use_id) in &uses {
                if !range.contains_range(use_range) {
                    continue;
                }
                let captured = match &body.exprs[use_id] {
                    Expr::This => Some(Captured::This),
                    Expr::Path(path) => {
                        let Some(name) = path.as_ident() else {
                            continue;
                        };
                        let local = scopes
                            .scope_for_expr(use_id)
                            .and_then(|s| scopes.resolve_name(s, name));
                        match local {
                            Some(ScopeDef::Binding(b)) => {
                                let binding = &body.bindings[b];
                                let declared_inside = map
                                    .binding_syntax(b)
                                    .is_some_and(|p| range.contains_range(p.text_range()));
                                let is_variable = !matches!(
                                    binding.kind,
                                    BindingKind::Enumerator | BindingKind::LocalFunction
                                ) && !binding.flags.is_static
                                    && !binding.flags.is_extern
                                    && !binding.flags.is_thread_local;
                                (!declared_inside && is_variable)
                                    .then(|| Captured::Variable(name.to_string()))
                            }
                            Some(ScopeDef::LocalType(_)) => None,
                            None => class
                                .as_ref()
                                .filter(|c| !c.is_static_member && c.members.contains(name))
                                .map(|_| Captured::This),
                        }
                    }
                    _ => None,
                };
                if let Some(captured) = captured {
                    let has_this = matches!(captured, Captured::This)
                        && captures.contains(&Captured::StarThis);
                    if !captures.contains(&captured) && !has_this {
                        captures.push(captured);
                    }
                }
            }
        }
        let lambda_node = map.expr_syntax(id)?.to_node(&root);
        out.push(ExtendedLambda {
            range,
            host_device: lambda.attrs.iter().any(|a| &**a == "host"),
            number: number + 1,
            captures,
            is_mutable: lambda.mutable,
            captures_nothing: lambda.captures.is_empty(),
            trailing_return: lambda_node
                .children()
                .find(|n| n.kind() == TRAILING_RETURN)
                .and_then(|t| t.children().find(|n| n.kind() == TYPE_ID))
                .map(|t| tokens_on_one_line(&t, &[], &[])),
        });
    }
    (!out.is_empty()).then_some((enclosing, out))
}

/// The class a member function belongs to.
struct EnclosingClass {
    /// The class as the member's pointer type names it (`S`, `W` inside `W<T>`, `W<T>` out of
    /// class).
    name: String,
    /// The names of its members, for `[=]`'s implicit `this`.
    members: BTreeSet<String>,
    is_static_member: bool,
}

fn enclosing_class(
    db: &dyn CodegenDatabase,
    def: &SyntaxNode,
    cx: &ChunkContext,
) -> Option<EnclosingClass> {
    let (specifiers, _) = il::decl::declaration_facts(def, None);
    // Defined in its class.
    if let Some(class) = def.ancestors().find(|a| a.kind() == CLASS_SPECIFIER) {
        let name = class.children().find(|n| n.kind() == NAME_REF)?;
        let name = name
            .children_with_tokens()
            .find(|t| t.kind() == IDENT)?
            .to_string();
        let members = class
            .children()
            .find(|n| n.kind() == MEMBER_LIST)
            .map(|list| class_member_names(&list))
            .unwrap_or_default();
        return Some(EnclosingClass {
            name,
            members,
            is_static_member: specifiers.is_static,
        });
    }
    // `R S::f(...) { }`: the class is the qualifier, found among the unit's classes.
    let declarator = def.children().find(|n| n.kind() == DECLARATOR)?;
    let qualified = declarator.children().find(|n| n.kind() == QUALIFIED_NAME)?;
    let text = tokens_on_one_line(&qualified, &[], &[]);
    let (qualifier, member) = text.rsplit_once("::")?;
    let qualifier = qualifier.trim().trim_start_matches("::").trim();
    let class_name = qualifier
        .rsplit("::")
        .next()?
        .split('<')
        .next()?
        .trim()
        .to_string();
    let class_item = il::scope::all_items(db, cx.file).into_iter().find(|item| {
        matches!(
            item.kind(db),
            il::ItemKind::Class
                | il::ItemKind::Struct
                | il::ItemKind::Union
                | il::ItemKind::ClassTemplate
        ) && item.name_text(db) == Some(class_name.as_str())
    })?;
    let items = il::scope::scope_items(db, class_item);
    let members: BTreeSet<String> = items
        .iter()
        .filter(|i| {
            matches!(
                i.kind(db),
                il::ItemKind::Field | il::ItemKind::Routine | il::ItemKind::FunctionTemplate
            )
        })
        .filter_map(|i| i.name_text(db).map(str::to_string))
        .collect();
    let member = member.trim();
    let is_static_member = items
        .iter()
        .filter(|i| i.name_text(db) == Some(member))
        .any(|i| {
            SyntaxNode::new_root(i.header(db).clone())
                .descendants_with_tokens()
                .any(|t| t.kind() == STATIC_KW)
        });
    Some(EnclosingClass {
        name: qualifier.to_string(),
        members,
        is_static_member,
    })
}

/// The names a class's member list declares (data members and member functions).
fn class_member_names(list: &SyntaxNode) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for member in list.children() {
        let decl = if member.kind() == TEMPLATE_DECL {
            match member
                .children()
                .find(|n| matches!(n.kind(), FUNCTION_DEF | SIMPLE_DECLARATION))
            {
                Some(d) => d,
                None => continue,
            }
        } else {
            member
        };
        if !matches!(decl.kind(), FUNCTION_DEF | SIMPLE_DECLARATION) {
            continue;
        }
        for declarator in decl
            .children()
            .filter(|n| matches!(n.kind(), DECLARATOR | INIT_DECLARATOR))
        {
            let declarator = if declarator.kind() == INIT_DECLARATOR {
                match declarator.children().find(|n| n.kind() == DECLARATOR) {
                    Some(d) => d,
                    None => continue,
                }
            } else {
                declarator
            };
            if let Some(name) = declarator
                .descendants()
                .filter(|d| d.kind() == DECLARATOR || d == &declarator)
                .find_map(|d| d.children().find(|n| n.kind() == NAME_REF))
            {
                names.insert(name.text().to_string());
            }
        }
    }
    names
}

/// The tag's function pointer type and address of the function `def` defines.
fn enclosing_function(
    def: &SyntaxNode,
    class: Option<&EnclosingClass>,
    cx: &ChunkContext,
) -> Option<Enclosing> {
    let declarator = def.children().find(|n| n.kind() == DECLARATOR)?;
    let name_node = declarator.children().find(|n| {
        matches!(
            n.kind(),
            NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME
        )
    })?;
    if name_node.kind() == DESTRUCTOR_NAME {
        return None; // no address to take
    }
    let operator = std::iter::once(name_node.clone())
        .chain(name_node.children())
        .find(|n| n.kind() == OPERATOR_NAME);
    let name = if let Some(operator) = operator {
        // `operator()`, `operator+=`; `operator new` and `operator int` keep their space.
        let written = tokens_on_one_line(&operator, &[], &[]);
        match written.strip_prefix("operator ") {
            Some(rest) if !rest.starts_with(|c: char| c.is_alphabetic() || c == '_') => {
                format!("operator{}", rest.replace(' ', ""))
            }
            _ => written,
        }
    } else {
        routine::routine_name(def)?
    };
    if class.is_some_and(|c| {
        c.name
            .rsplit("::")
            .next()
            .and_then(|n| n.split('<').next())
            .map(str::trim)
            == Some(name.as_str())
    }) {
        return None; // a constructor
    }
    let suffix = declarator
        .children()
        .find(|n| n.kind() == FUNCTION_SUFFIX)?;
    let params: Vec<String> = routine::parameters(def)
        .iter()
        .map(routine::Param::without_default)
        .collect();
    let mut qualifiers = String::new();
    let mut trailing = None;
    for element in suffix.children_with_tokens() {
        match element.kind() {
            PARAM_LIST | ATTRIBUTE_SPEC | IDENT => {}
            TRAILING_RETURN => {
                trailing = element
                    .as_node()
                    .and_then(|t| t.children().find(|n| n.kind() == TYPE_ID))
                    .map(|t| tokens_on_one_line(&t, &[], &[]));
            }
            k if k.is_trivia() => {}
            _ => {
                qualifiers.push(' ');
                qualifiers.push_str(&element.to_string());
            }
        }
    }
    let mut ret = String::new();
    for element in def.children_with_tokens() {
        if element.kind() == DECLARATOR {
            break;
        }
        let skip = element.kind().is_trivia()
            || matches!(
                element.kind(),
                STATIC_KW
                    | INLINE_KW
                    | EXTERN_KW
                    | CONSTEXPR_KW
                    | CONSTEVAL_KW
                    | CONSTINIT_KW
                    | VIRTUAL_KW
                    | FRIEND_KW
                    | EXPLICIT_KW
                    | THREAD_LOCAL_KW
                    | ATTRIBUTE_SPEC
            )
            || element
                .as_token()
                .is_some_and(|t| matches!(t.text(), "__inline__" | "__inline" | "__forceinline__"));
        if skip {
            continue;
        }
        let part = match &element {
            rowan::NodeOrToken::Node(n) => tokens_on_one_line(n, &[], &[]),
            rowan::NodeOrToken::Token(t) => t.text().to_string(),
        };
        if !ret.is_empty() {
            ret.push(' ');
        }
        ret.push_str(&part);
    }
    for op in declarator.children().filter(|n| n.kind() == PTR_OP) {
        ret.push(' ');
        ret.push_str(&tokens_on_one_line(&op, &[], &[]));
    }
    let is_member = class.is_some_and(|c| !c.is_static_member);
    let pointer = match class {
        Some(c) if is_member => format!("({}::*)", c.name),
        _ => "(*)".to_string(),
    };
    let params = if params.is_empty() {
        "void".to_string()
    } else {
        params.join(", ")
    };
    let pointer_type = match trailing {
        Some(trailing) => format!("auto {pointer}({params}){qualifiers} -> {trailing}"),
        None => format!("{ret} {pointer}({params}){qualifiers}"),
    };
    // A function template's own parameter list is the innermost `template <...>` around it,
    // unless those lists all belong to the classes its qualifier names (`template <class T>
    // void W<T>::run() { }`).
    let templates = std::iter::successors(def.parent(), |p| p.parent())
        .take_while(|p| p.kind() == TEMPLATE_DECL)
        .count();
    let qualifier_templates = if name_node.kind() == QUALIFIED_NAME {
        name_node
            .children()
            .filter(|n| n.descendants().any(|d| d.kind() == TEMPLATE_ARG_LIST))
            .count()
    } else {
        0
    };
    let own_template = def
        .parent()
        .filter(|p| p.kind() == TEMPLATE_DECL && templates > qualifier_templates);
    let template_args = own_template
        .and_then(|t| t.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST))
        .map(|list| routine::template_arguments(&list))
        .filter(|args| !args.is_empty())
        .map(|args| {
            let args: Vec<String> = args.into_iter().map(|(a, _)| a).collect();
            format!("< {}> ", args.join(", "))
        })
        .unwrap_or_default();
    let address = match class {
        Some(c) => format!("&{}::{name}{template_args}", c.name),
        None => {
            // The namespaces around it, and any it is qualified with (`void ns::f() { }`); an
            // unnamed namespace's members are found through its using-directive.
            let mut path: Vec<String> = cx
                .namespace_path
                .split("::")
                .filter(|s| !s.is_empty() && *s != "<unnamed>")
                .map(str::to_string)
                .collect();
            if name_node.kind() == QUALIFIED_NAME {
                let written = tokens_on_one_line(&name_node, &[], &[]);
                if let Some((qualifier, _)) = written.rsplit_once("::") {
                    path.extend(
                        qualifier
                            .split("::")
                            .map(str::trim)
                            .filter(|s| !s.is_empty())
                            .map(str::to_string),
                    );
                }
            }
            path.push(name);
            format!("& ::{}{template_args}", path.join("::"))
        }
    };
    Some(Enclosing {
        pointer_type,
        address,
    })
}
