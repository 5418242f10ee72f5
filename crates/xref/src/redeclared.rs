//! What EDG logs again when it declares a template's declaration for an instance: each
//! reference that the declaration makes to the template's own parameters is logged once more,
//! as `R` of the parameter's entity under the name `<unnamed>` (the parameter substituted has
//! no name left), a parameter pack's once per argument of the pack. Measured with cudafe++
//! (`test_data/xref`): `template <typename T> T maximum(T a, T b)` logs `<unnamed> R` at each
//! of the three `T`s right before each instance's `t` line; the references in the template
//! parameter list (default arguments) and in the body are not repeated.
//!
//! The references are the walk's own lines for the template's declaration (`references.rs`):
//! this pass only copies them, per instance line.
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, SyntaxNode, TextRange, TextSize};

use crate::XrefLine;
use crate::called::CreatedInstance;
use crate::tree::declares_function;

/// Inserts, before each function template instance's `t` line, the `<unnamed>` references of
/// its template's declaration. `instances` gives, by the `t` line's index, the instance the
/// model created (the length of its trailing parameter pack, the parameters whose argument
/// has a name of its own, whose references are left out); a `t` line of the walk's (an
/// explicit instantiation) has its pack's references left out.
pub(crate) fn function_template_parameters(
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
    by_offset.sort();
    let in_range = |range: TextRange| {
        let from = by_offset.partition_point(|&(o, _)| o < range.start());
        by_offset[from..]
            .iter()
            .take_while(move |&&(o, _)| o < range.end())
            .map(|&(_, i)| i)
    };
    let mut inserted: Vec<(usize, XrefLine)> = Vec::new();
    let mut declarations: FxHashMap<TextSize, Option<Redeclared>> = FxHashMap::default();
    for (i, line) in lines.iter().enumerate() {
        if line.kind != 't' {
            continue;
        }
        let redeclared = declarations
            .entry(line.offset)
            .or_insert_with(|| {
                let (params, declaration) = function_template_at(root, line.offset)?;
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
            })
            .as_ref();
        let Some(redeclared) = redeclared else {
            continue;
        };
        let instance = instances.get(&i);
        for r in &redeclared.references {
            if instance.is_some_and(|c| c.named.contains(&r.index)) {
                continue;
            }
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
                        name: "<unnamed>".to_string(),
                        kind: 'R',
                        offset,
                    },
                ));
            }
        }
    }
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

fn function_template_at(root: &SyntaxNode, offset: TextSize) -> Option<TemplateAt> {
    let token = root.token_at_offset(offset).right_biased()?;
    let declarator = token.parent_ancestors().find(|n| n.kind() == DECLARATOR)?;
    if !declares_function(&declarator) {
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
        .filter(|n| matches!(n.kind(), TYPE_PARAM | PARAM | TEMPLATE_TEMPLATE_PARAM))
        .map(|p| (p.text_range(), is_pack(&p)))
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

/// `typename... Ts`, `int... Ns`: the `...` before the parameter's name (not one in a default
/// argument).
fn is_pack(param: &SyntaxNode) -> bool {
    let direct = |n: &SyntaxNode| {
        n.children_with_tokens()
            .filter_map(|t| t.into_token())
            .any(|t| t.kind() == DOT3)
    };
    match param.kind() {
        TYPE_PARAM | TEMPLATE_TEMPLATE_PARAM => direct(param),
        _ => param
            .children()
            .find(|n| n.kind() == DECLARATOR)
            .is_some_and(|d| direct(&d)),
    }
}
