//! Namespace-scope variables in device memory, as the host sees them (measured with cudafe++
//! 13.0.88):
//! - `__device__` and `__constant__`: a `static` shadow without its initializer (`static int
//!   dvar;`), also for `extern` declarations in whole-program mode; constants and variable
//!   templates keep their initializers. The stub registers the
//!   shadow's address with the runtime, which maps it to the device symbol.
//! - `__managed__`: `__attribute__((section("__nv_managed_data__"))) static T *v = 0;`, a
//!   pointer the runtime points at the managed allocation (`static T *v;` for an `extern`
//!   declaration without initializer).
//! - `extern __shared__`: `__attribute__((unused))`, otherwise as written.
use il::cuda::{MemorySpace, memory_space};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::ChunkContext;
use crate::edits::Edits;

pub(crate) fn declaration(
    decl: &SyntaxNode,
    is_template: bool,
    cx: &ChunkContext,
    text: &str,
    edits: &mut Edits,
) {
    let (specifiers, attrs) = il::decl::declaration_facts(decl, None);
    // A constant's value is part of the host program (it may size an array), and a variable
    // template's initializer is instantiated with it: cudafe++ keeps both.
    let keeps_initializer = is_template
        || specifiers.is_constexpr
        || decl.children_with_tokens().any(|t| t.kind() == CONST_KW);
    let space = memory_space(&attrs);
    // After the standard attributes that begin it (`[[deprecated]] static int v;`, as cudafe++
    // writes it: g++ rejects standard attributes after a decl-specifier).
    let start = decl
        .children_with_tokens()
        .find(|e| {
            let standard_attribute = e.kind() == ATTRIBUTE_SPEC
                && e.as_node()
                    .and_then(|n| n.first_token())
                    .is_some_and(|t| t.kind() == L_BRACK);
            !e.kind().is_trivia() && !standard_attribute
        })
        .map_or(decl.text_range().start(), |e| e.text_range().start());
    let extern_kw = decl.children_with_tokens().find(|t| t.kind() == EXTERN_KW);
    let make_static = |edits: &mut Edits, prefix: &str| match &extern_kw {
        Some(kw) if !cx.device_c => {
            edits.replace(text, kw.text_range(), "static".into());
            if !prefix.is_empty() {
                edits.insert(start, prefix.into());
            }
        }
        _ if specifiers.is_static || cx.device_c => {
            if !prefix.is_empty() {
                edits.insert(start, prefix.into());
            }
        }
        _ => edits.insert(start, format!("{prefix}static ")),
    };
    let initializers = || {
        decl.children()
            .filter(|n| n.kind() == INIT_DECLARATOR)
            .filter_map(|d| d.children().find(|n| n.kind() == INITIALIZER))
    };
    match space {
        MemorySpace::Host => {}
        MemorySpace::Device | MemorySpace::Constant => {
            // Separate compilation keeps the variables' linkage, hidden like kernels.
            let prefix = if cx.device_c && cx.hidden_visibility {
                "__attribute__((visibility(\"hidden\"))) "
            } else {
                ""
            };
            make_static(edits, prefix);
            for init in initializers().filter(|_| !keeps_initializer) {
                edits.replace(text, init.text_range(), String::new());
            }
        }
        MemorySpace::Managed => {
            make_static(edits, "__attribute__((section(\"__nv_managed_data__\"))) ");
            for declarator in decl.children().filter(|n| n.kind() == INIT_DECLARATOR) {
                let Some(holder) = declarator
                    .descendants()
                    .filter(|n| n.kind() == DECLARATOR)
                    .find(|d| d.children().any(|n| n.kind() == NAME_REF))
                else {
                    continue;
                };
                let Some(name) = holder.children().find(|n| n.kind() == NAME_REF) else {
                    continue;
                };
                let is_array = holder.children().any(|n| n.kind() == ARRAY_SUFFIX);
                if is_array {
                    edits.insert(name.text_range().start(), "(*".into());
                    edits.insert(name.text_range().end(), ")".into());
                } else {
                    edits.insert(name.text_range().start(), "*".into());
                }
                // An `extern` declaration stays one (`static int *m;`, measured): only a
                // definition gets the null pointer, or g++ sees the later definition as a
                // redefinition of a definition.
                match declarator.children().find(|n| n.kind() == INITIALIZER) {
                    Some(init) => edits.replace(text, init.text_range(), " = 0".into()),
                    None if extern_kw.is_some() => {}
                    None => edits.insert(declarator.text_range().end(), " = 0".into()),
                }
            }
        }
        MemorySpace::Shared => edits.insert(start, "__attribute__((unused)) ".into()),
    }
}
