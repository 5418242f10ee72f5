//! CUDA's attributes leave the host translation unit, as cudafe++ leaves them out of the text it
//! regenerates. `crt/host_defines.h` spelled every CUDA keyword as a GNU attribute; g++ ignores
//! most of them, but not everywhere (it rejects attributes on a deduction guide).
use rowan::{GreenNodeData, NodeOrToken};
use syntax::{SyntaxKind::*, SyntaxNode, TextRange, TextSize};

use crate::edits::Edits;

/// The attribute names of `crt/host_defines.h` that mean something only to CUDA compilers.
const CUDA_ATTRIBUTES: &[&str] = &[
    "host",
    "device",
    "global",
    "shared",
    "constant",
    "managed",
    "grid_constant",
    "device_builtin",
    "cudart_builtin",
    "device_builtin_texture_type",
    "device_builtin_surface_type",
    "launch_bounds",
    "cluster_dims",
    "maxnreg",
    "local_maxnreg",
    "nv_inline_hint",
    "nv_register_params",
    "block_size",
];

/// Removes every `__attribute__((...))` of `root` whose attributes are all CUDA's.
///
/// The walk is over the green tree: nearly every declaration of CUDA's and CCCL's headers says
/// `__attribute__`, and a cursor walk over all of a declaration's nodes cost more than the
/// rest of its chunk.
pub(crate) fn strip_cuda_attributes(root: &SyntaxNode, text: &str, edits: &mut Edits) {
    let green = root.green();
    let mut specs = Vec::new();
    attribute_specs(&green, root.text_range().start(), &mut specs);
    for (range, spec) in specs {
        let mut attributes = spec
            .children()
            .filter_map(|c| c.into_node())
            .filter(|n| n.kind() == ATTRIBUTE.into())
            .peekable();
        if attributes.peek().is_none() {
            continue;
        }
        let all_cuda = attributes.all(|attribute| {
            attribute
                .children()
                .find(|t| t.kind() == IDENT.into())
                .and_then(|t| t.into_token())
                .is_some_and(|name| {
                    let name = name.text();
                    let bare = name
                        .strip_prefix("__")
                        .and_then(|n| n.strip_suffix("__"))
                        .unwrap_or(name);
                    CUDA_ATTRIBUTES.contains(&bare)
                })
        });
        if all_cuda {
            // The blanks after it go too, as cudafe++ regenerates the declaration without
            // them: gcc's columns on the line are the generated text's.
            let end = usize::from(range.end());
            let blanks = text[end..]
                .bytes()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count();
            let range = TextRange::new(range.start(), range.end() + TextSize::from(blanks as u32));
            edits.replace(text, range, String::new());
        }
    }
}

/// The `ATTRIBUTE_SPEC` nodes of a green tree starting at `offset`, with their ranges, in
/// preorder (as `SyntaxNode::descendants` finds them).
fn attribute_specs<'g>(
    node: &'g GreenNodeData,
    offset: TextSize,
    out: &mut Vec<(TextRange, &'g GreenNodeData)>,
) {
    if node.kind() == ATTRIBUTE_SPEC.into() {
        out.push((TextRange::at(offset, node.text_len()), node));
    }
    let mut at = offset;
    for child in node.children() {
        if let NodeOrToken::Node(child) = child {
            attribute_specs(child, at, out);
        }
        at += child.text_len();
    }
}

/// `__noinline__` is a keyword of cudafe++'s (`crt/host_defines.h` leaves it unexpanded for
/// it); the host compiler needs the GNU attribute.
pub(crate) fn spell_noinline(root: &SyntaxNode, text: &str, edits: &mut Edits) {
    for token in root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == IDENT && t.text() == "__noinline__")
        // `__attribute__((__noinline__))` (libstdc++) is GNU's own spelling already.
        .filter(|t| !t.parent_ancestors().any(|a| a.kind() == ATTRIBUTE_SPEC))
    {
        edits.replace(text, token.text_range(), "__attribute__((noinline))".into());
    }
}
