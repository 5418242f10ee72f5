//! Kernel launches in host code: `k<<<grid, block, shared, stream>>>(args)` becomes
//! `(__cudaPushCallConfiguration(grid, block, shared, stream)) ? (void)0 : k(args)`, as cudafe++
//! writes it. The configuration's text is moved as written (with its newlines), so the line of
//! every token after the launch is kept.
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::edits::Edits;

pub(crate) fn rewrite_launches(body: &SyntaxNode, text: &str, edits: &mut Edits) {
    if !text[body.text_range()].contains("<<<") {
        return;
    }
    for launch in body.descendants().filter(|n| n.kind() == KERNEL_LAUNCH) {
        let Some(config) = launch.children().find(|n| n.kind() == LAUNCH_CONFIG) else {
            continue;
        };
        if !launch
            .children()
            .any(|n| n.kind() != LAUNCH_CONFIG && n.kind() != ARG_LIST)
        {
            continue;
        }
        let config_text = config.text().to_string();
        let Some(inner) = config_text.strip_prefix("<<<") else {
            continue;
        };
        let inner = inner.strip_suffix(">>>").unwrap_or(inner);
        let needs_parens = launch
            .parent()
            .is_some_and(|p| p.kind() != EXPR_STMT && p.kind() != PAREN_EXPR);
        // Edits around the callee and the arguments rather than one replacement of the whole
        // launch: the arguments may hold edits of their own (extended lambdas, launches).
        let open = if needs_parens { "(" } else { "" };
        edits.insert(
            launch.text_range().start(),
            format!("{open}(__cudaPushCallConfiguration({inner})) ? (void)0 : "),
        );
        // The configuration's text, newlines included, moved before the callee.
        edits.replace_moved(config.text_range(), String::new());
        if needs_parens {
            edits.insert(launch.text_range().end(), ")".into());
        }
    }
}
