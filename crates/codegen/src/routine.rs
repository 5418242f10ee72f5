//! Routines in the host translation: what each execution space leaves for the host compiler.
//!
//! Measured with cudafe++ 13.0.88 (`nvcc -keep` on small programs):
//! - `__device__` functions keep their declaration, marked `__attribute__((unused))` outside
//!   classes, with a body that only exits: `{int volatile ___ = 1;(void)x;::exit(___);}`. A
//!   `static` one is wrapped in `-Wunused-function` suppression.
//! - `__global__` functions become declarations, `__attribute__((visibility("hidden")))` with
//!   `--device-hidden-visibility` unless `static` or in an unnamed namespace: cicc's stub defines
//!   them, forwarding to `__device_stub_<mangled>`.
//! - A `__global__` template becomes `static`, and its body calls
//!   `__wrapper__device_stub_<name><args>(params)`, a template declared just before it with
//!   every parameter taken by reference (arrays and references as written, packs as `Args
//!   &...args`); the stub specializes that wrapper for each instance the device pass saw.
//! - Unnamed parameters of kernel definitions get names (cudafe++ numbers them `__T<n>` across
//!   the unit; we number them per routine, which the host compiler cannot tell apart).
//! - Host and `__host__ __device__` functions keep their bodies; launches inside are rewritten
//!   ([`crate::launch`]).
use il::cuda::{ExecSpace, RoutineContext, execution_space};
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange, TextSize};

use crate::edits::{Edits, tokens_on_one_line, tokens_on_one_line_after};
use crate::{ChunkContext, launch};

/// Where a routine is declared, as far as its host form depends on it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    Namespace,
    Member,
}

/// The execution space of the routine declared by `decl` (a function definition or a simple
/// declaration; a template's declaration inside its `TEMPLATE_DECL`).
pub(crate) fn exec_space_of(decl: &SyntaxNode, cx: &ChunkContext) -> ExecSpace {
    let (specifiers, attrs) = il::decl::declaration_facts(decl, None);
    exec_space_with(decl, &specifiers, &attrs, cx)
}

/// [`exec_space_of`] with the declaration's facts already read.
fn exec_space_with(
    decl: &SyntaxNode,
    specifiers: &il::decl::Specifiers,
    attrs: &il::cuda::CudaAttrs,
    cx: &ChunkContext,
) -> ExecSpace {
    let is_defaulted = decl
        .children()
        .any(|n| n.kind() == DEFAULTED_BODY && n.text().to_string().contains("default"));
    execution_space(
        attrs,
        RoutineContext {
            is_constexpr: specifiers.is_constexpr || specifiers.is_consteval,
            relaxed_constexpr: cx.relaxed_constexpr,
            is_implicit_or_defaulted_member: is_defaulted,
            enclosing: None,
        },
    )
}

/// A function definition (`FUNCTION_DEF`), possibly the declaration of `template`. Returns its
/// execution space when it has a body.
pub(crate) fn definition(
    def: &SyntaxNode,
    template: Option<&SyntaxNode>,
    placement: Placement,
    cx: &ChunkContext,
    text: &str,
    edits: &mut Edits,
) -> Option<ExecSpace> {
    let body = def.children().find(|n| n.kind() == COMPOUND_STMT)?; // `= default`, `= delete`: nothing runs
    let (specifiers, attrs) = il::decl::declaration_facts(def, None);
    let space = exec_space_with(def, &specifiers, &attrs, cx);
    match space {
        ExecSpace::Host | ExecSpace::HostDevice => launch::rewrite_launches(&body, text, edits),
        // A constexpr device function can be evaluated in the host's constant expressions:
        // cudafe++ keeps its body.
        ExecSpace::Device if specifiers.is_constexpr || specifiers.is_consteval => {}
        ExecSpace::Device => {
            let params = parameters(def);
            let mut dummy = String::from("{int volatile ___ = 1;");
            // A pack cannot be named alone; cudafe++ leaves packs out too.
            for name in params
                .iter()
                .filter(|p| !p.is_pack)
                .filter_map(|p| p.name.as_ref())
            {
                dummy.push_str(&format!("(void){};", name.text()));
            }
            dummy.push_str("::exit(___);}");
            replace_body(def, &body, dummy, text, edits);
            if placement == Placement::Namespace {
                let start = def.text_range().start();
                if specifiers.is_static {
                    // Before `template <...>`: a pragma cannot stand inside a declaration.
                    edits.insert(
                        template.unwrap_or(def).text_range().start(),
                        "_Pragma(\"GCC diagnostic push\") _Pragma(\"GCC diagnostic ignored \\\"-Wunused-function\\\"\") ".into(),
                    );
                    edits.insert(start, "__attribute__((unused)) ".into());
                    let end = template.unwrap_or(def).text_range().end();
                    edits.insert(end, " _Pragma(\"GCC diagnostic pop\")".into());
                } else {
                    edits.insert(start, "__attribute__((unused)) ".into());
                }
            }
        }
        ExecSpace::Global => kernel_definition(def, &body, template, &specifiers, cx, text, edits),
    }
    Some(space)
}

/// A declaration that declares routines but defines none (`__global__ void k(int);`,
/// `friend __global__ void k(F);`).
pub(crate) fn declaration(
    decl: &SyntaxNode,
    placement: Placement,
    cx: &ChunkContext,
    edits: &mut Edits,
) {
    let (specifiers, attrs) = il::decl::declaration_facts(decl, None);
    let start = decl.text_range().start();
    match exec_space_with(decl, &specifiers, &attrs, cx) {
        ExecSpace::Device if placement == Placement::Namespace => {
            edits.insert(start, "__attribute__((unused)) ".into())
        }
        ExecSpace::Global if cx.hidden_visibility && !specifiers.is_static => {
            let at = if specifiers.is_friend {
                // `friend` must stay first: the attribute goes after it.
                decl.children_with_tokens()
                    .find(|t| t.kind() == FRIEND_KW)
                    .map_or(start, |t| t.text_range().end())
            } else {
                start
            };
            edits.insert(at, " __attribute__((visibility(\"hidden\"))) ".into())
        }
        _ => {}
    }
}

fn kernel_definition(
    def: &SyntaxNode,
    body: &SyntaxNode,
    template: Option<&SyntaxNode>,
    specifiers: &il::decl::Specifiers,
    cx: &ChunkContext,
    text: &str,
    edits: &mut Edits,
) {
    let params = parameters(def);
    // Name the unnamed parameters: the forwarding body must pass them on.
    let mut next_unnamed = 0;
    let mut names = Vec::new();
    for param in &params {
        match &param.name {
            Some(name) => names.push(name.text().to_string()),
            None => {
                let name = format!("__T{next_unnamed}");
                next_unnamed += 1;
                edits.insert(param.name_at, format!(" {name}"));
                names.push(name);
            }
        }
    }
    let template_params =
        template.and_then(|t| t.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST));
    let is_template = template_params
        .as_ref()
        .is_some_and(|list| list.children().next().is_some());
    let start = def.text_range().start();
    if !is_template {
        if cx.hidden_visibility && !specifiers.is_static {
            edits.insert(start, "__attribute__((visibility(\"hidden\"))) ".into());
        }
        replace_body(def, body, ";".into(), text, edits);
        return;
    }
    let template = template.expect("a template kernel has its TEMPLATE_DECL");
    let list = template_params.expect("checked above");
    let Some(name) = routine_name(def) else {
        return;
    };
    let wrapper = format!("__wrapper__device_stub_{name}");
    let template_args = template_arguments(&list);
    // The unnamed template parameters get the names the forwarding call passes, in the
    // kernel's own list and in the wrapper's copy of it.
    let invented: Vec<(TextSize, String)> = template_args
        .iter()
        .filter_map(|(arg, at)| at.map(|at| (at, format!(" {}", arg.trim_end_matches("...")))))
        .collect();
    for (at, name) in &invented {
        edits.insert(*at, name.clone());
    }
    let after: Vec<(TextSize, &str)> = invented
        .iter()
        .map(|(at, name)| (*at, name.trim_start()))
        .collect();
    let list_text = tokens_on_one_line_after(&list, &after);
    let wrapper_params: Vec<String> = params.iter().map(Param::by_reference).collect();
    let declaration = format!(
        "_Pragma(\"GCC diagnostic push\") _Pragma(\"GCC diagnostic ignored \\\"-Wunused-parameter\\\"\") template {list_text} static void {wrapper}({}) {{ ::cudaLaunchKernel(0, 0, 0, 0, 0, 0);}} _Pragma(\"GCC diagnostic pop\") ",
        wrapper_params.join(", ")
    );
    edits.insert(template.text_range().start(), declaration);
    // Whole-program compilation makes template kernels internal; separate compilation keeps
    // their linkage (the device link may need their instances from another unit).
    if !specifiers.is_static && !cx.device_c {
        edits.insert(start, "static ".into());
    }
    let args: Vec<String> = template_args.into_iter().map(|(arg, _)| arg).collect();
    let call_args: Vec<String> = params
        .iter()
        .zip(&names)
        .map(|(p, n)| {
            if p.is_pack {
                format!("{n}...")
            } else {
                n.clone()
            }
        })
        .collect();
    replace_body(
        def,
        body,
        format!(
            "{{{wrapper}<{}>({});return;}}",
            args.join(","),
            call_args.join(",")
        ),
        text,
        edits,
    );
}

/// Replaces a definition's body, with its function-try-block handlers, by `replacement`. A
/// constructor keeps its mem-initializers (cudafe++ keeps them: a base without a default
/// constructor needs them even in a body that never runs).
fn replace_body(
    def: &SyntaxNode,
    body: &SyntaxNode,
    replacement: String,
    text: &str,
    edits: &mut Edits,
) {
    let mut range = body.text_range();
    // `try { } catch (...) { }` as a function body: the handlers go too.
    for handler in def.children().filter(|n| n.kind() == HANDLER) {
        range = range.cover(handler.text_range());
    }
    if let Some(try_kw) = def.children_with_tokens().find(|t| t.kind() == TRY_KW) {
        range = range.cover(try_kw.text_range());
    }
    edits.replace(text, range, format!(" {replacement}"));
}

/// The simple name a function definition declares (`k`, `tk` of `tk<T>`, `m` of `S::m`).
pub(crate) fn routine_name(def: &SyntaxNode) -> Option<String> {
    let declarator = def.children().find(|n| n.kind() == DECLARATOR)?;
    let holder = declarator
        .descendants()
        .filter(|d| d.kind() == DECLARATOR)
        .find(|d| {
            d.children()
                .any(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
        })?;
    let name = holder
        .children()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
    let ident = name
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == IDENT)
        .filter(|t| !t.parent_ancestors().any(|a| a.kind() == TEMPLATE_ARG_LIST))
        .last()?;
    Some(ident.text().to_string())
}

/// One parameter of a routine's declarator.
pub(crate) struct Param {
    node: SyntaxNode,
    /// The declarator-id.
    pub(crate) name: Option<SyntaxToken>,
    /// Where a name goes when there is none (after the type and any abstract declarator).
    name_at: TextSize,
    is_pack: bool,
    /// Written as a reference or an array (kept as written in the wrapper).
    keeps_form: bool,
    /// `= default argument`.
    default: Option<TextRange>,
}

impl Param {
    /// The parameter as written, on one line, without its default argument (a function type's
    /// parameter).
    pub(crate) fn without_default(&self) -> String {
        let skip: Vec<TextRange> = self.default.into_iter().collect();
        tokens_on_one_line(&self.node, &[], &skip)
    }

    /// The parameter as the kernel wrapper takes it: by reference, without a default argument.
    fn by_reference(&self) -> String {
        let mut insert = Vec::new();
        let skip: Vec<TextRange> = self.default.into_iter().collect();
        let pack_dots = self
            .node
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == DOT3)
            .filter(|_| self.is_pack);
        let mut text = match (&self.name, self.keeps_form) {
            (_, true) => tokens_on_one_line(&self.node, &insert, &skip),
            (Some(name), false) => {
                let at = pack_dots
                    .as_ref()
                    .map_or(name.text_range().start(), |d| d.text_range().start());
                insert.push((at, "&"));
                tokens_on_one_line(&self.node, &insert, &skip)
            }
            (None, false) => tokens_on_one_line(&self.node, &insert, &skip),
        };
        if self.name.is_none() && !self.keeps_form {
            text.push_str(" &");
        }
        text
    }
}

/// The parameters of the function a definition or declaration declares.
pub(crate) fn parameters(def: &SyntaxNode) -> Vec<Param> {
    let Some(declarator) = def.children().find(|n| n.kind() == DECLARATOR) else {
        return Vec::new();
    };
    // The outermost function suffix that belongs to the declarator-id: the first PARAM_LIST in
    // preorder that is not nested inside another parameter.
    let Some(list) = declarator
        .descendants()
        .find(|n| n.kind() == PARAM_LIST && !n.ancestors().skip(1).any(|a| a.kind() == PARAM))
    else {
        return Vec::new();
    };
    let params: Vec<SyntaxNode> = list.children().filter(|n| n.kind() == PARAM).collect();
    // `(void)` declares no parameter (naming it gave `f(void __T0)`, which g++ rejects).
    if let [only] = &params[..]
        && only
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| !t.kind().is_trivia())
            .map(|t| t.kind())
            .eq([VOID_KW])
    {
        return Vec::new();
    }
    params
        .into_iter()
        .map(|param| {
            let default = param
                .children()
                .find(|n| n.kind() == INITIALIZER)
                .map(|n| n.text_range());
            let declarator = param.children().find(|n| n.kind() == DECLARATOR);
            let name = declarator.as_ref().and_then(|d| {
                d.descendants()
                    .filter(|n| n.kind() == NAME_REF)
                    // Not a name inside a nested parameter list or an array bound.
                    .filter(|n| {
                        !n.ancestors()
                            .take_while(|a| a != &param)
                            .any(|a| a.kind() == PARAM_LIST || a.kind() == ARRAY_SUFFIX)
                    })
                    .flat_map(|n| n.children_with_tokens().filter_map(|e| e.into_token()))
                    .find(|t| t.kind() == IDENT)
            });
            let is_pack = param.descendants_with_tokens().any(|t| t.kind() == DOT3);
            let keeps_form = declarator.as_ref().is_some_and(|d| {
                let holder_has = |kind| {
                    d.descendants()
                        .filter(|n| n.kind() == PTR_OP)
                        .any(|p| p.children_with_tokens().any(|t| t.kind() == kind))
                };
                holder_has(AMP)
                    || holder_has(AMP2)
                    || d.descendants().any(|n| n.kind() == ARRAY_SUFFIX)
            });
            let name_at = match default {
                Some(range) => range.start(),
                None => param.text_range().end(),
            };
            Param {
                node: param,
                name,
                name_at,
                is_pack,
                keeps_form,
                default,
            }
        })
        .collect()
}

/// The template's parameters as arguments (`N`, `Args...`), naming the unnamed ones
/// (`template <class, class... Args>`: the forwarding call must pass them): each with where its
/// invented name goes.
pub(crate) fn template_arguments(list: &SyntaxNode) -> Vec<(String, Option<TextSize>)> {
    let mut unnamed = 0;
    list.children()
        .filter(|p| matches!(p.kind(), TYPE_PARAM | TEMPLATE_TEMPLATE_PARAM | PARAM))
        .map(|param| {
            let dots = param
                .children_with_tokens()
                .find(|t| t.kind() == DOT3)
                .or_else(|| {
                    param
                        .children()
                        .filter(|n| n.kind() == DECLARATOR)
                        .flat_map(|d| d.children_with_tokens())
                        .find(|t| t.kind() == DOT3)
                });
            let name = match param.kind() {
                TYPE_PARAM | TEMPLATE_TEMPLATE_PARAM => param
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .filter(|t| t.kind() == IDENT)
                    .last()
                    .map(|t| t.text().to_string()),
                // A non-type parameter: the name its declarator declares, not its type's.
                _ => param
                    .children()
                    .find(|n| n.kind() == DECLARATOR)
                    .and_then(|d| d.descendants().find(|n| n.kind() == NAME_REF))
                    .map(|n| n.text().to_string()),
            };
            let (name, insert_at) = match name {
                Some(name) => (name, None),
                None => {
                    let at = match param.kind() {
                        TYPE_PARAM | TEMPLATE_TEMPLATE_PARAM => {
                            dots.as_ref().map(|d| d.text_range().end()).or_else(|| {
                                param
                                    .children_with_tokens()
                                    .filter(|t| matches!(t.kind(), CLASS_KW | TYPENAME_KW))
                                    .last()
                                    .map(|t| t.text_range().end())
                            })
                        }
                        _ => Some(
                            param
                                .children()
                                .find(|n| n.kind() == INITIALIZER)
                                .map_or(param.text_range().end(), |i| i.text_range().start()),
                        ),
                    };
                    let name = format!("__TP{unnamed}");
                    unnamed += 1;
                    (name, at)
                }
            };
            let arg = if dots.is_some() {
                format!("{name}...")
            } else {
                name
            };
            (arg, insert_at)
        })
        .collect()
}
