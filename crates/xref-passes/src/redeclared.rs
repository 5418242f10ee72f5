//! What EDG logs again when it declares a template's declaration for an instance: each
//! reference that the declaration makes to the template's own parameters is logged once more,
//! as `R` of the parameter's entity, named after the argument: `<unnamed>` for a builtin type
//! or a value, the class's name for a class (`S`); a parameter pack's once per argument of the
//! pack. Measured with cudafe++ (the fixture of the tests below, and `test_data/xref`):
//! `template <class T> T maximum(T a, T b)` logs `<unnamed> R` at each of the three `T`s
//! right before each instance's `t` line; the members of a class template instance log them
//! before each member's declaration line (`T v[N];`: at `T` and `N`). References in the
//! template parameter list (default arguments), in bodies and in mem-initializers are not
//! repeated.
//!
//! The references are the walk's own lines for the template's declaration (`references.rs`)
//! and the arguments are the semantic model's (`called.rs`: `Callee::instance`); this pass
//! only copies the lines, per instance.
use rowan::ast::AstNode;
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange, TextSize, ast};

use crate::{CreatedInstance, XrefLine};

/// Inserts, before each function template instance's `t` line, the references of its
/// template's declaration to its parameters. `instances` gives, by the `t` line's index, the
/// instance the model created (the length of its trailing parameter pack, how each parameter
/// is named; one it cannot name is left out); a `t` line of the walk's (an explicit
/// instantiation) names every parameter `<unnamed>` and leaves its pack out.
pub fn function_template_parameters(
    root: &SyntaxNode,
    lines: &mut Vec<XrefLine>,
    instances: &FxHashMap<usize, CreatedInstance>,
) {
    let mut by_offset: Vec<(TextSize, usize)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| matches!(l.kind, 'R' | 'D'))
        .map(|(i, l)| (l.offset, i))
        .collect();
    // Unique keys (the indices): unstable sorting gives the same order, faster.
    by_offset.sort_unstable();
    let in_range = |range: TextRange| {
        let from = by_offset.partition_point(|&(o, _)| o < range.start());
        by_offset[from..]
            .iter()
            .take_while(move |&&(o, _)| o < range.end())
            .map(|&(_, i)| i)
    };
    // Each template's declaration, found once per place in document order (the `t` lines of
    // the instances calls create come last, in the order they were created).
    let mut places: Vec<TextSize> = lines
        .iter()
        .filter(|l| l.kind == 't')
        .map(|l| l.offset)
        .collect();
    places.sort_unstable();
    places.dedup();
    let mut tokens = TokenFinder::new(root);
    let mut redeclared_at = |offset: TextSize| -> Option<Redeclared> {
        let (params, declaration) = function_template_at(&mut tokens, offset)?;
        let mut entities = FxHashMap::default();
        for (index, (range, pack)) in params.into_iter().enumerate() {
            for j in in_range(range) {
                if lines[j].kind == 'D' {
                    entities.insert(lines[j].entity, (index as u32, pack));
                }
            }
        }
        let references = in_range(declaration)
            .filter_map(|j| {
                let &(index, pack) = entities.get(&lines[j].entity)?;
                (lines[j].kind == 'R').then_some(Reference {
                    entity: lines[j].entity,
                    offset: lines[j].offset,
                    index,
                    pack,
                })
            })
            .collect();
        Some(Redeclared { references })
    };
    let declarations: FxHashMap<TextSize, Option<Redeclared>> = places
        .into_iter()
        .map(|offset| (offset, redeclared_at(offset)))
        .collect();
    let mut inserted: Vec<(usize, XrefLine)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.kind != 't' {
            continue;
        }
        let redeclared = declarations[&line.offset].as_ref();
        let Some(redeclared) = redeclared else {
            continue;
        };
        let instance = instances.get(&i);
        for r in &redeclared.references {
            let name = match instance {
                Some(c) => match c.param_names.get(r.index as usize) {
                    Some(Some(name)) => name.clone(),
                    _ => continue,
                },
                None => "<unnamed>".to_string(),
            };
            let count = match (r.pack, instance) {
                (false, _) => 1,
                (true, Some(c)) => c.pack_len.unwrap_or(0),
                (true, None) => 0,
            };
            let (entity, offset) = (r.entity, r.offset);
            for _ in 0..count {
                inserted.push((
                    i,
                    XrefLine {
                        entity,
                        name: name.clone(),
                        kind: 'R',
                        offset,
                    },
                ));
            }
        }
    }
    insert_before(lines, inserted);
}

/// A function template's references to its own parameters in its declaration.
struct Redeclared {
    references: Vec<Reference>,
}

struct Reference {
    /// The parameter's entity.
    entity: u32,
    offset: TextSize,
    /// The parameter's index in the template parameter list.
    index: u32,
    pack: bool,
}

/// The function template whose name is at `offset`: its template parameters (range, pack)
/// and the range of its declaration without the body.
type TemplateAt = (Vec<(TextRange, bool)>, TextRange);

fn function_template_at(tokens: &mut TokenFinder, offset: TextSize) -> Option<TemplateAt> {
    let token = tokens.token_at(offset)?;
    let declarator = token.parent_ancestors().find(|n| n.kind() == DECLARATOR)?;
    if !ast::Declarator::cast(declarator.clone()).is_some_and(|d| d.declares_function()) {
        return None;
    }
    let declaration = declarator
        .ancestors()
        .find(|n| matches!(n.kind(), FUNCTION_DEF | SIMPLE_DECLARATION))?;
    let template = declaration.parent().filter(|p| p.kind() == TEMPLATE_DECL)?;
    let list = template
        .children()
        .find(|n| n.kind() == TEMPLATE_PARAM_LIST)?;
    let params = list
        .children()
        .filter_map(|p| {
            Some((
                p.text_range(),
                hir_def::generics::template_param_name(&p)?.1,
            ))
        })
        .collect();
    let end = declaration
        .children()
        .find(|n| matches!(n.kind(), COMPOUND_STMT | CTOR_INITIALIZER))
        .map_or(declaration.text_range().end(), |b| b.text_range().start());
    Some((
        params,
        TextRange::new(declaration.text_range().start(), end),
    ))
}

/// Inserts, before each member declaration line of a class template instance, the
/// `<unnamed>` references that the member's declaration makes to the class template's
/// parameters (`T v[N];` in `Vec<float, 4>`: `<unnamed>` at `T` and at `N`, then
/// `Vec<float, 4>::v D`). Only for instances whose arguments are all builtin types or
/// constants: EDG names a parameter bound to a class by the class's name, which the walk's
/// instance names do not give.
pub fn class_template_members(root: &SyntaxNode, lines: &mut Vec<XrefLine>) {
    let mut by_offset: Vec<(TextSize, usize)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| matches!(l.kind, 'R' | 'D' | 'd'))
        .map(|(i, l)| (l.offset, i))
        .collect();
    // Unique keys (the indices): unstable sorting gives the same order, faster.
    by_offset.sort_unstable();
    let in_range = |range: TextRange| {
        let from = by_offset.partition_point(|&(o, _)| o < range.start());
        by_offset[from..]
            .iter()
            .take_while(move |&&(o, _)| o < range.end())
            .map(|&(_, i)| i)
    };
    let mut members: FxHashMap<TextSize, Option<Vec<(u32, TextSize)>>> = FxHashMap::default();
    let mut tokens = TokenFinder::new(root);
    let mut inserted: Vec<(usize, XrefLine)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !matches!(line.kind, 'D' | 'd') || !instance_member_with_builtin_arguments(&line.name) {
            continue;
        }
        // The template's own line comes first at the member's position.
        let first = in_range(TextRange::at(line.offset, 1.into()))
            .find(|&j| matches!(lines[j].kind, 'D' | 'd'));
        if first.is_none_or(|j| j >= i) {
            continue;
        }
        let references = members
            .entry(line.offset)
            .or_insert_with(|| {
                let (params, declaration, excluded) = class_member_at(&mut tokens, line.offset)?;
                let mut entities = FxHashSet::default();
                for range in params {
                    for j in in_range(range) {
                        if lines[j].kind == 'D' {
                            entities.insert(lines[j].entity);
                        }
                    }
                }
                Some(
                    in_range(declaration)
                        .filter(|&j| {
                            lines[j].kind == 'R'
                                && entities.contains(&lines[j].entity)
                                && !excluded.iter().any(|r| r.contains(lines[j].offset))
                        })
                        .map(|j| (lines[j].entity, lines[j].offset))
                        .collect(),
                )
            })
            .as_ref();
        for &(entity, offset) in references.into_iter().flatten() {
            inserted.push((
                i,
                XrefLine {
                    entity,
                    name: "<unnamed>".to_string(),
                    kind: 'R',
                    offset,
                },
            ));
        }
    }
    insert_before(lines, inserted);
}

/// `Vec<float, 4>::v`: a member of a class template instance whose arguments are builtin
/// types (`unsigned int`, `const char *`) or constants (`4`, `'c'`, `true`, `2UL`).
fn instance_member_with_builtin_arguments(name: &str) -> bool {
    let Some(class) = name.rsplit_once(">::").map(|(c, _)| c) else {
        return false;
    };
    let Some((_, args)) = class.split_once('<') else {
        return false;
    };
    if args.contains(['<', '>', '(', ':']) {
        return false;
    }
    args.split(',').all(|arg| {
        let arg = arg.trim();
        let constant = arg.starts_with('\'')
            || arg.starts_with('-')
            || arg.starts_with(|c: char| c.is_ascii_digit())
            || matches!(arg, "true" | "false");
        constant
            || (!arg.is_empty()
                && arg
                    .split([' ', '*', '&'])
                    .filter(|w| !w.is_empty())
                    .all(|w| {
                        matches!(
                            w,
                            "void"
                                | "bool"
                                | "char"
                                | "wchar_t"
                                | "char8_t"
                                | "char16_t"
                                | "char32_t"
                                | "short"
                                | "int"
                                | "long"
                                | "signed"
                                | "unsigned"
                                | "float"
                                | "double"
                                | "__int128"
                                | "const"
                                | "volatile"
                        )
                    }))
    })
}

/// The member of a class template declared at `offset` (not a parameter): the class template's
/// parameters, the member's declaration and what in it is not re-declared (a member
/// function's body and mem-initializers, a member template's own parameter list).
pub(crate) type MemberAt = (Vec<TextRange>, TextRange, Vec<TextRange>);

pub(crate) fn class_member_at(tokens: &mut TokenFinder, offset: TextSize) -> Option<MemberAt> {
    let token = tokens.token_at(offset)?;
    let mut declaration = None;
    for node in token.parent_ancestors() {
        match node.kind() {
            PARAM | TEMPLATE_PARAM_LIST | COMPOUND_STMT | CLASS_SPECIFIER => return None,
            SIMPLE_DECLARATION | FUNCTION_DEF | ALIAS_DECL => {
                declaration = Some(node);
                break;
            }
            _ => {}
        }
    }
    let declaration = declaration?;
    let mut parent = declaration.parent()?;
    let mut excluded: Vec<TextRange> = declaration
        .children()
        .filter(|n| matches!(n.kind(), COMPOUND_STMT | CTOR_INITIALIZER))
        .map(|n| n.text_range())
        .collect();
    let mut range = declaration.text_range();
    if parent.kind() == TEMPLATE_DECL {
        excluded.extend(
            parent
                .children()
                .filter(|n| n.kind() == TEMPLATE_PARAM_LIST)
                .map(|n| n.text_range()),
        );
        range = parent.text_range();
        parent = parent.parent()?;
    }
    if parent.kind() != MEMBER_LIST {
        return None;
    }
    let class = parent.parent().filter(|c| c.kind() == CLASS_SPECIFIER)?;
    let template = class
        .parent()
        .filter(|d| d.kind() == SIMPLE_DECLARATION)?
        .parent()
        .filter(|t| t.kind() == TEMPLATE_DECL)?;
    let params = template
        .children()
        .find(|n| n.kind() == TEMPLATE_PARAM_LIST)?
        .children()
        .filter(|n| matches!(n.kind(), TYPE_PARAM | PARAM | TEMPLATE_TEMPLATE_PARAM))
        .map(|p| p.text_range())
        .collect();
    Some((params, range, excluded))
}

/// `root.token_at_offset(offset).right_biased()`, searched from the last token found: the lines
/// come mostly in document order, so the next offset is usually under one of the last token's
/// near ancestors. rowan's search from the root scans each level's children, the root's
/// thousands included, for every line (two thirds of this pass on the largest program).
pub(crate) struct TokenFinder {
    root: SyntaxNode,
    last: Option<SyntaxNode>,
}

impl TokenFinder {
    pub(crate) fn new(root: &SyntaxNode) -> TokenFinder {
        TokenFinder {
            root: root.clone(),
            last: None,
        }
    }

    pub(crate) fn token_at(&mut self, offset: TextSize) -> Option<SyntaxToken> {
        // The nearest ancestor whose range holds `offset` (its end excluded: a token starting
        // there lies after the node) finds the same token as the root.
        let mut node = self.last.take().unwrap_or_else(|| self.root.clone());
        while !node.text_range().contains(offset) {
            match node.parent() {
                Some(parent) => node = parent,
                None => break,
            }
        }
        let token = syntax::token_at_offset_right(&node, offset)?;
        self.last = token.parent();
        Some(token)
    }
}

/// Inserts each line before the line of its index (indices ascending).
pub(crate) fn insert_before(lines: &mut Vec<XrefLine>, inserted: Vec<(usize, XrefLine)>) {
    if inserted.is_empty() {
        return;
    }
    let old = std::mem::take(lines);
    lines.reserve(old.len() + inserted.len());
    let mut inserted = inserted.into_iter().peekable();
    for (i, line) in old.into_iter().enumerate() {
        while let Some((_, new)) = inserted.next_if(|(at, _)| *at == i) {
            lines.push(new);
        }
        lines.push(line);
    }
}

#[cfg(test)]
mod tests {
    /// The search from the last token finds the root's token at every offset, whatever the
    /// order the offsets come in (the file's end included).
    #[test]
    fn token_finder_agrees_with_the_root() {
        let text = "namespace n { template <class T, int N> struct V { T v[N]; }; }\n\
                    int f(int a) { return a  +  1; } // end\n";
        let root = syntax::parse_text(text).syntax_node();
        let offsets: Vec<syntax::TextSize> = (0..=text.len() as u32)
            .map(syntax::TextSize::from)
            .collect();
        let mut shuffled = offsets.clone();
        shuffled.sort_by_key(|o| (u32::from(*o) * 7919) % 101);
        let backwards: Vec<syntax::TextSize> = offsets.iter().rev().copied().collect();
        for order in [&offsets, &backwards, &shuffled] {
            let mut finder = super::TokenFinder::new(&root);
            for &offset in order.iter() {
                let expected = root.token_at_offset(offset).right_biased();
                assert_eq!(finder.token_at(offset), expected, "at {offset:?}");
            }
        }
    }
}
