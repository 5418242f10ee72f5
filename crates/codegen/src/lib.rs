//! The host code generator: the translation unit nvcc compiles with the host compiler in place of
//! cudafe++'s `.cudafe1.cpp` (the `.int.c` of seed 000), and the module id file cicc reads.
//!
//! cudafe++ regenerates C++ from its IL. We keep the preprocessed text the user's build produced
//! and rewrite, declaration by declaration, what the host must see differently: device code
//! loses its bodies, kernels become declarations defined by cicc's stub, device variables become
//! host shadows, launches become calls through `__cudaPushCallConfiguration`. The host compiler
//! then builds the same program (same object symbols), and every token keeps the line gcc's
//! line markers give it.
//!
//! Incrementality: [`decl_chunk`] is a salsa query per top-level declaration, keyed by the
//! declaration's green tree (position-independent) and the few options that shape it. An edit
//! re-runs the chunk of the declaration it touched and no other; the file-level assembly
//! ([`host_translation_unit`]) only concatenates.
mod attributes;
mod edits;
mod green;
pub mod host_refs;
pub mod include_guards;
mod initializers;
mod lambda;
pub mod lambda_preamble;
mod launch;
mod layout;
pub mod managed;
pub mod module_id;
pub mod namespaces;
pub mod redeclarations;
mod routine;
mod unit;
mod variable;

use std::sync::Arc;

use base_db::SourceFile;
use syntax::{SyntaxKind::*, SyntaxNode};

pub use crate::green::DeclSyntax;
pub use crate::lambda::decl_lambda_arities;
pub use crate::unit::{HostUnitConfig, host_translation_unit};

/// Every query of this crate takes `&dyn CodegenDatabase`.
#[salsa::db]
pub trait CodegenDatabase: hir_def::HirDefDatabase {}

/// What besides its own syntax decides a declaration's host form.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChunkContext {
    /// `--device-hidden-visibility`, outside unnamed namespaces (those are hidden already).
    pub hidden_visibility: bool,
    /// `--device-c` (`-rdc=true`): separate compilation keeps `extern` device variables.
    pub device_c: bool,
    /// `--relaxed_constexpr`: constexpr functions are `__host__ __device__`.
    pub relaxed_constexpr: bool,
    /// `--extended-lambda`: `__device__` and `__host__ __device__` lambdas in host functions
    /// become wrapper objects ([`lambda`]).
    pub extended_lambda: bool,
    /// The (name, signature key) of the routines of this namespace whose redeclarations must
    /// say `constexpr` ([`redeclarations::constexpr_redeclarations`]).
    pub constexpr_redeclarations: Arc<[(String, String)]>,
    /// The enclosing namespaces (`cub::CUB_300001_SM_750`; `<unnamed>` for an unnamed one).
    pub namespace_path: Arc<str>,
    /// The unit, for the few rewrites that look names up ([`namespaces`]).
    pub file: SourceFile,
}

/// The host form of one top-level declaration (not a namespace or linkage block: the assembly
/// walks into those, so that each of their declarations is a chunk of its own).
#[salsa::tracked]
pub fn decl_chunk(db: &dyn CodegenDatabase, decl: DeclSyntax, cx: ChunkContext) -> Arc<str> {
    let text = decl.text();
    let node = SyntaxNode::new_root(decl.green().clone());
    let mut edits = edits::Edits::default();
    // Most declarations need none of these: a text search rules them out before a tree walk.
    if cx
        .constexpr_redeclarations
        .iter()
        .any(|(name, _)| text.contains(name.as_str()))
    {
        add_missing_constexpr(&node, &cx, &mut edits);
    }
    if text.contains("__attribute__") {
        attributes::strip_cuda_attributes(&node, text, &mut edits);
    }
    if text.contains("__noinline__") {
        attributes::spell_noinline(&node, text, &mut edits);
    }
    if text.contains('{') || text.contains('=') {
        initializers::respell(db, &node, &cx, text, &mut edits);
    }
    Rewriter {
        db,
        cx: &cx,
        text,
        edits: &mut edits,
    }
    .declaration(&node, None, routine::Placement::Namespace);
    // After the rewriter's edits, which win where they replace a body.
    if text.contains("{}") {
        empty_blocks(&node, text, &mut edits);
    }
    if edits.is_empty() {
        return decl.shared_text().clone();
    }
    Arc::from(edits.apply(text))
}

/// An empty compound statement is `{ }` in cudafe++'s regenerated text (`try { } catch`,
/// `for (...) { }`, measured): the host compiler's columns after it are that text's. Lambda
/// bodies are left as written.
fn empty_blocks(node: &SyntaxNode, text: &str, edits: &mut edits::Edits) {
    for block in node.descendants().filter(|n| {
        n.kind() == COMPOUND_STMT
            && n.parent().is_none_or(|p| p.kind() != LAMBDA_EXPR)
            && n.text() == "{}"
    }) {
        edits.replace(text, block.text_range(), "{ }".into());
    }
}

/// `constexpr` for a redeclaration of a constexpr routine that does not say it.
fn add_missing_constexpr(node: &SyntaxNode, cx: &ChunkContext, edits: &mut edits::Edits) {
    if cx.constexpr_redeclarations.is_empty() {
        return;
    }
    for lowered in il::lower::lower_scope(std::iter::once(node.clone()), None) {
        let Some(name) = lowered.name else { continue };
        let key = (name, lowered.signature_key);
        if !cx.constexpr_redeclarations.contains(&key) {
            continue;
        }
        let decl = std::iter::successors(Some(node.clone()), |n| {
            (n.kind() == TEMPLATE_DECL)
                .then(|| n.children().find(|c| c.kind() != TEMPLATE_PARAM_LIST))
                .flatten()
        })
        .last()
        .unwrap_or(node.clone());
        let (specifiers, _) = il::decl::declaration_facts(&decl, None);
        if specifiers.is_constexpr || specifiers.is_consteval {
            return;
        }
        edits.insert(decl.text_range().start(), "constexpr ".into());
        return;
    }
}

/// Collects the edits of one declaration and of the declarations inside it.
struct Rewriter<'a> {
    db: &'a dyn CodegenDatabase,
    cx: &'a ChunkContext,
    text: &'a str,
    edits: &'a mut edits::Edits,
}

impl Rewriter<'_> {
    /// A declaration at namespace or class scope.
    fn declaration(
        &mut self,
        node: &SyntaxNode,
        template: Option<&SyntaxNode>,
        placement: routine::Placement,
    ) {
        let (cx, text) = (self.cx, self.text);
        match node.kind() {
            TEMPLATE_DECL => {
                // The declaration a template declares (nested for member templates of templates).
                if let Some(inner) = node
                    .children()
                    .find(|n| matches!(n.kind(), FUNCTION_DEF | SIMPLE_DECLARATION | TEMPLATE_DECL))
                {
                    self.declaration(&inner, Some(template.unwrap_or(node)), placement);
                }
            }
            // `extern "C" int f();` without braces (a block is walked by the assembly).
            LINKAGE_SPEC => {
                for inner in node.children() {
                    self.declaration(&inner, template, placement);
                }
            }
            FUNCTION_DEF => {
                let space = routine::definition(node, template, placement, cx, text, self.edits)
                    .unwrap_or_else(|| routine::exec_space_of(node, cx));
                if cx.extended_lambda && text.contains("device") {
                    lambda::rewrite(self.db, node, cx, text, self.edits);
                }
                if matches!(
                    space,
                    il::cuda::ExecSpace::Host | il::cuda::ExecSpace::HostDevice
                ) {
                    managed::rewrite_uses(
                        self.db,
                        cx.file,
                        &cx.namespace_path,
                        node,
                        text,
                        self.edits,
                    );
                }
                self.class_members(node);
            }
            ALIAS_DECL if placement == routine::Placement::Member => {
                self.qualify_self_named_alias(node)
            }
            SIMPLE_DECLARATION => {
                self.class_members(node);
                if declares_function(node) {
                    routine::declaration(node, placement, cx, self.edits);
                } else if placement == routine::Placement::Namespace {
                    variable::declaration(node, template.is_some(), cx, text, self.edits);
                }
            }
            _ => {}
        }
    }

    /// The members of the classes a declaration defines (`struct S { ... } s;`).
    fn class_members(&mut self, decl: &SyntaxNode) {
        for class in decl.children().filter(|n| n.kind() == CLASS_SPECIFIER) {
            self.drop_global_qualifier(&class);
            let Some(members) = class.children().find(|n| n.kind() == MEMBER_LIST) else {
                continue;
            };
            for member in members.children() {
                self.declaration(&member, None, routine::Placement::Member);
            }
        }
    }

    /// `struct ::cub::NumericTraits<T> { ... }` (c2h's `CUB_NS_QUALIFIER::`): EDG accepts a
    /// class head qualified from the global namespace; g++ does not ("global qualification of
    /// class name is invalid"). cudafe++ writes the name without it, and so do we.
    fn drop_global_qualifier(&mut self, class: &SyntaxNode) {
        let Some(name) = class.children().find(|n| n.kind() == QUALIFIED_NAME) else {
            return;
        };
        if !class.children().any(|n| n.kind() == MEMBER_LIST) {
            return;
        }
        if let Some(colons) = name
            .children_with_tokens()
            .next()
            .and_then(|e| e.into_token())
            .filter(|t| t.kind() == COLON2)
        {
            self.edits
                .replace(self.text, colons.text_range(), String::new());
        }
    }

    /// `using X = X<T>;` in a class: the right-hand `X` is the template an enclosing namespace
    /// declares. cudafe++'s regenerated text names it qualified; g++ rejects the unqualified
    /// form when the class used `X` before ("changes meaning"). We qualify it the same way.
    fn qualify_self_named_alias(&mut self, alias: &SyntaxNode) {
        let Some(name) = alias
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == IDENT)
        else {
            return;
        };
        let Some(first) = alias
            .children()
            .find(|n| n.kind() == TYPE_ID)
            .and_then(|t| t.children().find(|n| n.kind() == NAME_REF))
        else {
            return;
        };
        let names_itself = first
            .children_with_tokens()
            .find(|t| t.kind() == IDENT)
            .is_some_and(|t| t.to_string() == name.text());
        if !names_itself {
            return;
        }
        if let Some(qualifier) =
            namespaces::qualifier_for(self.db, self.cx.file, &self.cx.namespace_path, name.text())
        {
            self.edits.insert(first.text_range().start(), qualifier);
        }
    }
}

/// Whether a simple declaration declares functions (its first declarator has a parameter list
/// applying to the declarator-id), as opposed to variables.
fn declares_function(decl: &SyntaxNode) -> bool {
    let Some(declarator) = decl
        .children()
        .find(|n| matches!(n.kind(), INIT_DECLARATOR | DECLARATOR))
    else {
        return false;
    };
    let declarator = if declarator.kind() == INIT_DECLARATOR {
        match declarator.children().find(|n| n.kind() == DECLARATOR) {
            Some(d) => d,
            None => return false,
        }
    } else {
        declarator
    };
    // `int (*fp)(int)` declares a variable: the parameter list follows a parenthesized
    // declarator. `int f(int)` declares a function: it follows the name directly.
    let holder = declarator
        .descendants()
        .filter(|d| d.kind() == DECLARATOR)
        .find(|d| {
            d.children().any(|n| {
                matches!(
                    n.kind(),
                    NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME
                )
            })
        });
    holder.is_some_and(|h| h.children().any(|n| n.kind() == FUNCTION_SUFFIX))
}
