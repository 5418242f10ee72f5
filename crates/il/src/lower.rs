//! From syntax to the declarations of one scope: which entities a declaration list declares,
//! with the identity each gets (kind, name, signature key) and its position-independent syntax
//! split into a *header* (everything that declares) and a *body* (what only defines: a function
//! body, a class's member list, a namespace's declarations).
//!
//! Pure functions over the rowan tree; [`crate::scope`] turns their results into salsa entities.
use rowan::NodeOrToken;
use rowan::ast::AstNode;
use syntax::{GreenNode, SyntaxKind, SyntaxKind::*, SyntaxNode, ast};

use crate::item::{Access, ItemKind};

/// The signature-key prefix of the outer namespaces of a nested namespace definition
/// (`namespace a::b {`): what follows it are the namespaces still to open inside.
pub const NESTED_NAMESPACE: &str = "nested ";

/// The signature key of an anonymous union or struct member (`union { int a; };`).
pub const ANONYMOUS_AGGREGATE: &str = "<anonymous>";

/// One entity a declaration introduces, before it becomes an [`crate::Item`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoweredItem {
    pub kind: ItemKind,
    /// As written: `f`, `operator+`, `~S`, `S::f` (an out-of-class definition keeps its qualifier
    /// until lookup binds it to the member it defines), `None` when unnamed.
    pub name: Option<String>,
    /// What tells same-named entities apart: parameter types for routines, template parameters
    /// and arguments for templates and specializations. Trivia-free token text.
    pub signature_key: String,
    pub header: GreenNode,
    pub body: Option<GreenNode>,
    /// A constructor's compound statement (or try block) when `body` is its initializer list
    /// (`S() : a(1) { ... }`); `None` otherwise. Kept apart so `body` stays what it was for the
    /// readers that look for mem-initializers only.
    pub ctor_body: Option<GreenNode>,
    pub access: Option<Access>,
    /// Inside `extern "C" { }` or after `extern "C"`.
    pub extern_c: bool,
}

/// The declarations of a scope, in order. `children` are the nodes of a SOURCE_FILE, DECL_BLOCK
/// or MEMBER_LIST; `class_key` is the class's keyword when lowering members (it sets the default
/// access).
pub fn lower_scope(
    children: impl Iterator<Item = SyntaxNode>,
    class_key: Option<SyntaxKind>,
) -> Vec<LoweredItem> {
    lower_scope_with_ranges(children, class_key).0
}

/// [`lower_scope`], with the range of the declaration node each entity comes from (one per
/// entity; entities of one node share it: `int a, b;`, an `extern "C" { }` block), in the
/// coordinates of the nodes given.
pub fn lower_scope_with_ranges(
    children: impl Iterator<Item = SyntaxNode>,
    class_key: Option<SyntaxKind>,
) -> (Vec<LoweredItem>, Vec<rowan::TextRange>) {
    let mut out = Vec::new();
    let mut ranges = Vec::new();
    let mut access = class_key.map(|k| {
        if k == CLASS_KW {
            Access::Private
        } else {
            Access::Public
        }
    });
    for node in children {
        if node.kind() == ACCESS_SPEC {
            access = node.children_with_tokens().find_map(|t| match t.kind() {
                PUBLIC_KW => Some(Access::Public),
                PROTECTED_KW => Some(Access::Protected),
                PRIVATE_KW => Some(Access::Private),
                _ => None,
            });
            continue;
        }
        lower_declaration(&node, access, false, &mut out);
        ranges.resize(out.len(), node.text_range());
    }
    (out, ranges)
}

fn lower_declaration(
    node: &SyntaxNode,
    access: Option<Access>,
    extern_c: bool,
    out: &mut Vec<LoweredItem>,
) {
    let item =
        |kind, name: Option<String>, key: String, header: GreenNode, body: Option<GreenNode>| {
            LoweredItem {
                kind,
                name,
                signature_key: key,
                header,
                body,
                ctor_body: None,
                access,
                extern_c,
            }
        };
    match node.kind() {
        NAMESPACE => {
            // `namespace a::b::c {` (C++17) opens `a`, in it `b`, in it `c`: the item is `a`, and
            // its signature key names the namespaces still to open (see `scope_items`).
            let segments: Vec<String> = node
                .children_with_tokens()
                .filter(|t| t.kind() == IDENT)
                .map(|t| t.to_string())
                .collect();
            let name = segments.first().cloned();
            let key = if segments.len() > 1 {
                format!("{NESTED_NAMESPACE}{}", segments[1..].join("::"))
            } else {
                String::new()
            };
            let (header, body) = split(node, &[DECL_BLOCK]);
            out.push(item(ItemKind::Namespace, name, key, header, body));
        }
        LINKAGE_SPEC => {
            // `extern "C" { ... }` is not a scope: its declarations belong to the enclosing one.
            let is_c = node
                .children_with_tokens()
                .any(|t| t.kind() == STRING_LIT && t.to_string() == "\"C\"");
            for child in node.children() {
                if child.kind() == DECL_BLOCK {
                    for decl in child.children() {
                        lower_declaration(&decl, access, is_c, out);
                    }
                } else {
                    lower_declaration(&child, access, is_c, out);
                }
            }
        }
        FUNCTION_DEF => {
            let (header, body) =
                split(node, &[COMPOUND_STMT, FUNCTION_TRY_BLOCK, CTOR_INITIALIZER]);
            let declarator = node.children().find(|n| n.kind() == DECLARATOR);
            let (name, key) = declarator.as_ref().map_or((None, String::new()), |d| {
                (declarator_name(d), function_key(d))
            });
            let mut lowered = item(ItemKind::Routine, name, key, header, body);
            if node.children().any(|n| n.kind() == CTOR_INITIALIZER) {
                lowered.ctor_body = node
                    .children()
                    .find(|n| matches!(n.kind(), COMPOUND_STMT | FUNCTION_TRY_BLOCK))
                    .map(|n| n.green().into_owned());
            }
            out.push(lowered);
        }
        SIMPLE_DECLARATION => lower_simple_declaration(node, access, extern_c, out),
        TEMPLATE_DECL => {
            let param_list = node.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST);
            let params = param_list.as_ref().map_or(String::new(), tokens_text);
            let mut inner = Vec::new();
            for child in node.children().filter(|n| n.kind() != TEMPLATE_PARAM_LIST) {
                lower_declaration(&child, access, extern_c, &mut inner);
            }
            for mut lowered in inner {
                lowered.kind = match lowered.kind {
                    ItemKind::Class | ItemKind::Struct | ItemKind::Union => ItemKind::ClassTemplate,
                    ItemKind::Routine => ItemKind::FunctionTemplate,
                    ItemKind::Variable => ItemKind::VariableTemplate,
                    ItemKind::Typedef => ItemKind::AliasTemplate,
                    other => other,
                };
                lowered.signature_key = format!("template{params} {}", lowered.signature_key);
                // The template's header is its parameter list plus the inner declaration's
                // header; the inner body stays the body.
                // The trivia between the list and the declaration stays, so an offset in the
                // list keeps its distance to the declaration (checks point into the list).
                let mut children = Vec::new();
                if let Some(p) = &param_list {
                    children.push(NodeOrToken::Node(p.green().into_owned()));
                    children.extend(
                        p.siblings_with_tokens(rowan::Direction::Next)
                            .skip(1)
                            .map_while(|e| e.into_token().filter(|t| t.kind().is_trivia()))
                            .map(|t| NodeOrToken::Token(t.green().to_owned())),
                    );
                }
                children.push(NodeOrToken::Node(lowered.header));
                lowered.header = GreenNode::new(rowan::SyntaxKind::from(TEMPLATE_DECL), children);
                out.push(lowered);
            }
        }
        ALIAS_DECL => {
            let name = node
                .children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .map(|t| t.to_string());
            out.push(item(
                ItemKind::Typedef,
                name,
                String::new(),
                node.green().into_owned(),
                None,
            ));
        }
        NAMESPACE_ALIAS => {
            let name = node
                .children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .map(|t| t.to_string());
            out.push(item(
                ItemKind::NamespaceAlias,
                name,
                String::new(),
                node.green().into_owned(),
                None,
            ));
        }
        USING_DIRECTIVE => {
            let name = node
                .children()
                .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                .map(|n| tokens_text(&n));
            out.push(item(
                ItemKind::UsingDirective,
                name,
                String::new(),
                node.green().into_owned(),
                None,
            ));
        }
        USING_DECL => {
            let target = node
                .children()
                .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME));
            let name = target.as_ref().and_then(last_name);
            let key = target.map_or(String::new(), |t| tokens_text(&t));
            out.push(item(
                ItemKind::UsingDeclaration,
                name,
                key,
                node.green().into_owned(),
                None,
            ));
        }
        STATIC_ASSERT => out.push(item(
            ItemKind::StaticAssert,
            None,
            String::new(),
            node.green().into_owned(),
            None,
        )),
        ASM_DECL => out.push(item(
            ItemKind::Asm,
            None,
            String::new(),
            node.green().into_owned(),
            None,
        )),
        EXPLICIT_INSTANTIATION => {
            let key = tokens_text(node);
            out.push(item(
                ItemKind::ExplicitInstantiation,
                None,
                key,
                node.green().into_owned(),
                None,
            ));
        }
        _ => {}
    }
}

/// `struct S { ... } s, *p;`, `int a, f(int);`, `typedef struct { } T;`, `enum E { };`...
fn lower_simple_declaration(
    node: &SyntaxNode,
    access: Option<Access>,
    extern_c: bool,
    out: &mut Vec<LoweredItem>,
) {
    let is_typedef = node.children_with_tokens().any(|t| t.kind() == TYPEDEF_KW);
    let is_friend = node.children_with_tokens().any(|t| t.kind() == FRIEND_KW);
    for spec in node.children() {
        match spec.kind() {
            CLASS_SPECIFIER => {
                let key = spec.children_with_tokens().find_map(|t| match t.kind() {
                    CLASS_KW => Some(ItemKind::Class),
                    STRUCT_KW => Some(ItemKind::Struct),
                    UNION_KW => Some(ItemKind::Union),
                    _ => None,
                });
                let name_node = spec
                    .children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME));
                let (header, body) = split(&spec, &[MEMBER_LIST]);
                let header = with_trailing_attributes(header, &spec);
                // `union { int a; float b; };` in a class: an anonymous member object.
                let anonymous =
                    name_node.is_none() && !node.children().any(|n| n.kind() == INIT_DECLARATOR);
                out.push(LoweredItem {
                    kind: key.unwrap_or(ItemKind::Struct),
                    name: name_node.as_ref().and_then(name_without_args),
                    signature_key: if anonymous {
                        ANONYMOUS_AGGREGATE.to_string()
                    } else {
                        name_node.as_ref().map_or(String::new(), template_args_key)
                    },
                    header,
                    body,
                    ctor_body: None,
                    access,
                    extern_c,
                });
            }
            ENUM_SPECIFIER => {
                let name = spec
                    .children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                    .and_then(|n| last_name(&n));
                let (header, body) = split(&spec, &[ENUMERATOR_LIST]);
                out.push(LoweredItem {
                    kind: ItemKind::Enum,
                    name,
                    signature_key: String::new(),
                    header,
                    body,
                    ctor_body: None,
                    access,
                    extern_c,
                });
            }
            // A forward declaration `struct A;` (no declarators) declares the class.
            ELABORATED_TYPE if !node.children().any(|n| n.kind() == INIT_DECLARATOR) => {
                let kind = spec.children_with_tokens().find_map(|t| match t.kind() {
                    CLASS_KW => Some(ItemKind::Class),
                    STRUCT_KW => Some(ItemKind::Struct),
                    UNION_KW => Some(ItemKind::Union),
                    ENUM_KW => Some(ItemKind::Enum),
                    _ => None,
                });
                let name_node = spec
                    .children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME));
                if let Some(kind) = kind {
                    out.push(LoweredItem {
                        kind,
                        name: name_node.as_ref().and_then(name_without_args),
                        signature_key: name_node.as_ref().map_or(String::new(), template_args_key),
                        // A friend declaration keeps its `friend` (see `decl::is_friend`).
                        header: if is_friend {
                            node.green().into_owned()
                        } else {
                            spec.green().into_owned()
                        },
                        body: None,
                        ctor_body: None,
                        access,
                        extern_c,
                    });
                }
            }
            INIT_DECLARATOR => {
                let Some(declarator) = spec.children().find(|n| n.kind() == DECLARATOR) else {
                    // `int : 3;`: an unnamed bit-field (it takes space, so it is a member).
                    if spec.children().any(|n| n.kind() == BIT_FIELD) {
                        out.push(LoweredItem {
                            kind: ItemKind::Field,
                            name: None,
                            signature_key: String::new(),
                            header: node.green().into_owned(),
                            body: None,
                            ctor_body: None,
                            access,
                            extern_c,
                        });
                    }
                    continue;
                };
                let is_function = declares_function(&declarator);
                let kind = if is_typedef {
                    ItemKind::Typedef
                } else if is_function {
                    ItemKind::Routine
                } else if spec.children().any(|n| n.kind() == BIT_FIELD)
                    || node.parent().is_some_and(|p| p.kind() == MEMBER_LIST)
                {
                    // Static data members are variables; the storage class tells (see decl.rs).
                    if node.children_with_tokens().any(|t| t.kind() == STATIC_KW) {
                        ItemKind::Variable
                    } else {
                        ItemKind::Field
                    }
                } else {
                    ItemKind::Variable
                };
                let key = if is_function && !is_typedef {
                    function_key(&declarator)
                } else {
                    String::new()
                };
                // Several declarators share the declaration's specifiers: each item keeps the
                // whole declaration as its header (initializers are part of a variable's header).
                out.push(LoweredItem {
                    kind,
                    name: declarator_name(&declarator),
                    signature_key: key,
                    header: node.green().into_owned(),
                    body: None,
                    ctor_body: None,
                    access,
                    extern_c,
                });
            }
            _ => {}
        }
    }
}

/// The node's green without the children of the given kinds, and the first such child (the
/// body). The header keeps the node's kind.
fn split(node: &SyntaxNode, body_kinds: &[SyntaxKind]) -> (GreenNode, Option<GreenNode>) {
    let green = node.green();
    let mut body = None;
    let mut children = Vec::new();
    for child in green.children() {
        match child {
            NodeOrToken::Node(n)
                if body_kinds
                    .iter()
                    .any(|k| rowan::SyntaxKind::from(*k) == n.kind()) =>
            {
                if body.is_none() {
                    body = Some(n.to_owned());
                }
            }
            NodeOrToken::Node(n) => children.push(NodeOrToken::Node(n.to_owned())),
            NodeOrToken::Token(t) => children.push(NodeOrToken::Token(t.to_owned())),
        }
    }
    if body.is_none() {
        return (green.into_owned(), None);
    }
    (GreenNode::new(green.kind(), children), body)
}

/// GCC applies attributes written after a class's closing brace (`struct S { } __attribute__((
/// aligned(32)));`) to the class: they become part of its header.
fn with_trailing_attributes(header: GreenNode, spec: &SyntaxNode) -> GreenNode {
    let trailing: Vec<SyntaxNode> =
        std::iter::successors(spec.next_sibling(), |n| n.next_sibling())
            .take_while(|n| n.kind() == ATTRIBUTE_SPEC)
            .collect();
    if trailing.is_empty() {
        return header;
    }
    let mut children: Vec<NodeOrToken<GreenNode, rowan::GreenToken>> = header
        .children()
        .map(|c| match c {
            NodeOrToken::Node(n) => NodeOrToken::Node(n.to_owned()),
            NodeOrToken::Token(t) => NodeOrToken::Token(t.to_owned()),
        })
        .collect();
    children.extend(
        trailing
            .iter()
            .map(|a| NodeOrToken::Node(a.green().into_owned())),
    );
    GreenNode::new(header.kind(), children)
}

/// Is the entity a declarator names a function? ([`ast::Declarator::declares_function`]: `int
/// *f(int)` is, `int (*fp)(int)` is not.)
fn declares_function(declarator: &SyntaxNode) -> bool {
    ast::Declarator::cast(declarator.clone()).is_some_and(|d| d.declares_function())
}

const NAME_KINDS: &[SyntaxKind] = &[NAME_REF, QUALIFIED_NAME, OPERATOR_NAME, DESTRUCTOR_NAME];

/// The innermost DECLARATOR that directly contains the declared name
/// ([`ast::Declarator::name_holder`]).
fn name_holder(declarator: &SyntaxNode) -> Option<SyntaxNode> {
    ast::Declarator::cast(declarator.clone())?
        .name_holder()
        .map(|holder| holder.syntax().clone())
}

fn declarator_name(declarator: &SyntaxNode) -> Option<String> {
    let holder = name_holder(declarator)?;
    let name = holder.children().find(|n| NAME_KINDS.contains(&n.kind()))?;
    Some(match name.kind() {
        QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME => tokens_text(&name),
        _ => name_without_args(&name)?,
    })
}

/// The signature key of a function declarator: its parameter list and qualifiers without the
/// parameter names and default arguments.
fn function_key(declarator: &SyntaxNode) -> String {
    let Some(holder) = name_holder(declarator) else {
        return String::new();
    };
    let Some(suffix) = holder.children().find(|n| n.kind() == FUNCTION_SUFFIX) else {
        return String::new();
    };
    // A token is left out when, among its ancestors below the nearest parameter list, there is
    // an initializer (a default argument) or a name whose parent is a declarator (a parameter's
    // name, for an identifier). Read from the green tree with those two facts carried down per
    // level (a cursor walk made a cursor for every token and climbed from each); the suffix's
    // own facts come from its ancestors.
    let mut outer = Below::default();
    for a in suffix.ancestors().take_while(|a| a.kind() != PARAM_LIST) {
        outer = outer.entering(a.kind(), a.parent().map(|p| p.kind()));
    }
    let green = suffix.green();
    let mut out = String::new();
    let mut stack = vec![(green.children(), FUNCTION_SUFFIX, outer)];
    while let Some((children, kind, below)) = stack.last_mut() {
        let (kind, below) = (*kind, *below);
        match children.next() {
            None => {
                stack.pop();
            }
            Some(NodeOrToken::Node(child)) => {
                let child_kind = kind_of(child.kind());
                let inner = match child_kind {
                    PARAM_LIST => Below::default(),
                    k => below.entering(k, Some(kind)),
                };
                stack.push((child.children(), child_kind, inner));
            }
            Some(NodeOrToken::Token(token)) => {
                let token_kind = kind_of(token.kind());
                let skipped = token_kind.is_trivia()
                    || below.in_initializer
                    || (below.in_declarator_name && token_kind == IDENT);
                if !skipped {
                    push_token(&mut out, token.text());
                }
            }
        }
    }
    out
}

/// A green node's or token's kind as the cursor API reads it (`ERROR` for a raw kind unknown).
fn kind_of(raw: rowan::SyntaxKind) -> SyntaxKind {
    SyntaxKind::from_raw(raw.0).unwrap_or(ERROR)
}

/// What [`function_key`] knows of a node's ancestors (itself included) below the nearest
/// parameter list.
#[derive(Clone, Copy, Default)]
struct Below {
    in_initializer: bool,
    in_declarator_name: bool,
}

impl Below {
    /// The facts of a node of `kind` (whose parent is of `parent`) inside one with `self`.
    fn entering(self, kind: SyntaxKind, parent: Option<SyntaxKind>) -> Below {
        Below {
            in_initializer: self.in_initializer || kind == INITIALIZER,
            in_declarator_name: self.in_declarator_name
                || (kind == NAME_REF && parent == Some(DECLARATOR)),
        }
    }
}

/// A class name's template arguments (for explicit and partial specializations).
fn template_args_key(name: &SyntaxNode) -> String {
    name.descendants()
        .find(|n| n.kind() == TEMPLATE_ARG_LIST)
        .map_or(String::new(), |args| tokens_text(&args))
}

/// The identifier of a NAME_REF or the last one of a QUALIFIED_NAME, without template arguments.
/// A class name as written, without template arguments: `S`, or `locale::facet` for a class
/// defined outside its enclosing class (lookup binds it to the member it defines).
fn name_without_args(name: &SyntaxNode) -> Option<String> {
    if name.kind() != QUALIFIED_NAME {
        return last_name(name);
    }
    let segments: Vec<String> = name
        .children()
        .filter(|n| n.kind() == NAME_REF)
        .filter_map(|n| {
            n.children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .map(|t| t.to_string())
        })
        .collect();
    (!segments.is_empty()).then(|| segments.join("::"))
}

fn last_name(name: &SyntaxNode) -> Option<String> {
    let last = if name.kind() == QUALIFIED_NAME {
        name.children().filter(|n| n.kind() == NAME_REF).last()?
    } else {
        name.clone()
    };
    last.children_with_tokens()
        .find(|t| t.kind() == IDENT)
        .map(|t| t.to_string())
}

/// Trivia-free token text, one space only where two words would otherwise fuse.
pub fn tokens_text(node: &SyntaxNode) -> String {
    // The tokens read from the green tree, in document order: a cursor walk made (and freed)
    // a cursor for every node and token of the subtree, and this runs over every declaration
    // lowered and many names the walk prints. A stack of the levels' children, not recursion:
    // the depth is the tree's.
    let green = node.green();
    let mut out = String::new();
    let mut stack = vec![green.children()];
    while let Some(children) = stack.last_mut() {
        match children.next() {
            None => {
                stack.pop();
            }
            Some(NodeOrToken::Node(child)) => stack.push(child.children()),
            Some(NodeOrToken::Token(token)) => {
                if !kind_of(token.kind()).is_trivia() {
                    push_token(&mut out, token.text());
                }
            }
        }
    }
    out
}

fn push_token(out: &mut String, text: &str) {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    if out.ends_with(word) && text.starts_with(word) {
        out.push(' ');
    }
    out.push_str(text);
}

#[cfg(test)]
mod tests;
