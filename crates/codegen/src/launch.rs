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
        // A launch inside another launch's arguments is rewritten with its outer one's text.
        if launch
            .ancestors()
            .skip(1)
            .any(|a| a.kind() == KERNEL_LAUNCH)
        {
            continue;
        }
        if let Some(replacement) = launch_text(&launch) {
            let needs_parens = launch
                .parent()
                .is_some_and(|p| p.kind() != EXPR_STMT && p.kind() != PAREN_EXPR);
            let replacement = if needs_parens {
                format!("({replacement})")
            } else {
                replacement
            };
            // The replacement carries the launch's own newlines; none are added.
            edits.replace_verbatim(text, launch.text_range(), replacement);
        }
    }
}

fn launch_text(launch: &SyntaxNode) -> Option<String> {
    let config = launch.children().find(|n| n.kind() == LAUNCH_CONFIG)?;
    let callee = launch
        .children()
        .find(|n| n.kind() != LAUNCH_CONFIG && n.kind() != ARG_LIST)?;
    let args = launch.children().find(|n| n.kind() == ARG_LIST)?;
    let config_text = config.text().to_string();
    let inner = config_text
        .strip_prefix("<<<")?
        .strip_suffix(">>>")
        .unwrap_or(&config_text[3..]);
    // Whatever sits between the callee and `<<<` or `>>>` and `(` (comments, newlines).
    let whole = launch.text().to_string();
    let base = launch.text_range().start();
    let between = |from: syntax::TextSize, to: syntax::TextSize| {
        whole[usize::from(from - base)..usize::from(to - base)].to_string()
    };
    Some(format!(
        "(__cudaPushCallConfiguration({inner})) ? (void)0 : {}{}{}{}",
        callee.text(),
        between(callee.text_range().end(), config.text_range().start()),
        between(config.text_range().end(), args.text_range().start()),
        args.text()
    ))
}
