//! The references that the member declarations of a class template instance make, logged
//! again under the instance's names.
//!
//! cudafe++ declares each member of a completed class template instance again (the walk's
//! `instance_members` logs those `D`/`d` lines) and logs the references the member's
//! declaration makes, resolved in the instance, right before the member's line. Measured with
//! cudafe++ 13.0 (`integral_constant` of libstdc++ and libcu++, and the fixtures below):
//! `constexpr operator value_type() const` logs `integral_constant<bool, false>::value_type R`
//! at `value_type` before `integral_constant<bool, false>::operator bool d`; `typedef
//! integral_constant<_Tp, __v> type;` logs `integral_constant<bool, false> R` at the
//! template's name (a template-id of the template's own parameters names the instance);
//! `using type = integral_constant;` logs `integral_constant<bool, false>::integral_constant R`
//! (the injected-class-name, a member of the instance); a name that does not depend on the
//! class's parameters (`ns::intmax_t`, `ns`, a member template's own parameter) is logged as
//! it is. Not with the declaration: initializers (default arguments, a static member's
//! value), bodies. The references to the template's parameters are
//! `redeclared::class_template_members`'s; the names that depend on them otherwise
//! (`ns::W<_Tp>`, an instance EDG names `ns::W<float>`) are not printed yet.
//!
//! Like that pass, this one reads the log's lines: the template's member is the entity of the
//! first `D`/`d` line at the member's position (the template's own line comes first there, the
//! references its declaration makes before it), an instance's member the line at the same
//! position named under the instance (whose name is a `T` line's). Each of the template's
//! references is copied for each instance that declares the member, under the instance
//! member's name and entity where it names one; only references the walk logged in the
//! template are copied, so nothing is printed that the walk did not resolve there.
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::{SyntaxKind::*, SyntaxNode, TextRange, TextSize};

use crate::XrefLine;
use crate::redeclared::{TokenFinder, class_member_at, insert_before};

/// Inserts, before each line that declares a member of a class template instance, the
/// references its template's declaration makes to the template's members and to the class
/// itself, named as in the instance.
pub fn class_instance_member_references(root: &SyntaxNode, lines: &mut Vec<XrefLine>) {
    let instances: FxHashMap<&str, u32> = lines
        .iter()
        .filter(|l| l.kind == 'T')
        .map(|l| (l.name.as_str(), l.entity))
        .collect();
    // The first declaration line at each position (the template's), and the template member
    // each such entity is.
    let mut first_at: FxHashMap<TextSize, usize> = FxHashMap::default();
    let mut template_member_at: FxHashMap<u32, TextSize> = FxHashMap::default();
    // Each instance's members by position: (instance, position) -> line index.
    let mut instance_member: FxHashMap<(&str, TextSize), usize> = FxHashMap::default();
    let mut members: Vec<(usize, &str)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !matches!(line.kind, 'D' | 'd') {
            continue;
        }
        if let std::collections::hash_map::Entry::Vacant(e) = first_at.entry(line.offset) {
            e.insert(i);
            template_member_at.insert(line.entity, line.offset);
            continue;
        }
        if let Some(instance) = instance_of(&line.name, &instances) {
            instance_member.entry((instance, line.offset)).or_insert(i);
            members.push((i, instance));
        }
    }
    if members.is_empty() {
        return;
    }
    let instance_member_offsets: FxHashSet<TextSize> =
        instance_member.keys().map(|&(_, at)| at).collect();
    let mut references: Vec<(TextSize, usize)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.kind == 'R')
        .map(|(i, l)| (l.offset, i))
        .collect();
    references.sort();
    let in_range = |range: TextRange| {
        let from = references.partition_point(|&(o, _)| o < range.start());
        references[from..]
            .iter()
            .take_while(move |&&(o, _)| o < range.end())
            .map(|&(_, i)| i)
    };
    let mut next_entity = lines.iter().map(|l| l.entity).max().unwrap_or(0) + 1;
    let mut injected: FxHashMap<&str, u32> = FxHashMap::default();
    let mut tokens = TokenFinder::new(root);
    // Per member position: the template's references to copy (line index, what it names).
    let mut copied: FxHashMap<TextSize, Vec<(usize, Target)>> = FxHashMap::default();
    let mut inserted: Vec<(usize, XrefLine)> = Vec::new();
    for (i, instance) in members {
        let offset = lines[i].offset;
        let first = first_at[&offset];
        let targets = copied.entry(offset).or_insert_with(|| {
            let Some((_, declaration, excluded)) = class_member_at(&mut tokens, offset) else {
                return Vec::new();
            };
            let class = class_of_member(&mut tokens, offset);
            let quiet = quiet_ranges(&mut tokens, offset);
            in_range(declaration)
                // The template's own references: the walk logs them before the template's
                // line here (the lines inserted for instances come after it).
                .filter(|&j| j < first)
                .filter(|&j| !excluded.iter().any(|r| r.contains(lines[j].offset)))
                .filter_map(|j| {
                    let line = &lines[j];
                    let class = class.as_ref()?;
                    // A member of the class (declared in its definition, and again by
                    // instances: not a member template's parameter).
                    if let Some(&at) = template_member_at.get(&line.entity)
                        && class.range.contains(at)
                        && instance_member_offsets.contains(&at)
                    {
                        return Some((j, Target::Member(at)));
                    }
                    let token = tokens.token_at(line.offset)?;
                    let name = token.parent().filter(|n| n.kind() == NAME_REF)?;
                    if token.kind() != IDENT {
                        return None;
                    }
                    if token.text() == class.name && !qualified_after_first(&name) {
                        return match name.children().find(|n| n.kind() == TEMPLATE_ARG_LIST) {
                            None => Some((j, Target::Injected(class.name.clone()))),
                            Some(list) if class.names_itself(&list) => Some((j, Target::Itself)),
                            Some(_) => None,
                        };
                    }
                    // A name that does not depend on the class's parameters is the same
                    // entity in every instance, logged again as it is (not where EDG does not
                    // instantiate with the declaration: initializers, exception specifications,
                    // constraints, nested classes).
                    // (The name as printed is checked too: a member of a dependent base found
                    // without qualification prints the base's arguments.)
                    let quiet = quiet.iter().any(|r| r.contains(line.offset));
                    let dependent =
                        class.names_parameters(&name) || class.prints_parameters(&line.name);
                    (!quiet && !dependent).then_some((j, Target::Same))
                })
                .collect()
        });
        for (j, target) in targets.iter() {
            let (entity, name) = match target {
                Target::Member(at) => {
                    let Some(&k) = instance_member.get(&(instance, *at)) else {
                        continue;
                    };
                    (lines[k].entity, lines[k].name.clone())
                }
                Target::Itself => (instances[instance], instance.to_string()),
                Target::Same => (lines[*j].entity, lines[*j].name.clone()),
                Target::Injected(class) => {
                    let entity = *injected.entry(instance).or_insert_with(|| {
                        next_entity += 1;
                        next_entity - 1
                    });
                    (entity, format!("{instance}::{class}"))
                }
            };
            inserted.push((
                i,
                XrefLine {
                    entity,
                    name,
                    kind: 'R',
                    offset: lines[*j].offset,
                },
            ));
        }
    }
    insert_before(lines, inserted);
}

/// What a template's reference names in an instance.
enum Target {
    /// The template's member declared at this position: the instance's member there.
    Member(TextSize),
    /// The template-id of the template's own parameters: the instance.
    Itself,
    /// The injected-class-name (the class's name): the instance's.
    Injected(String),
    /// A name that does not depend on the class's parameters: itself.
    Same,
}

/// The instance a member's printed name belongs to: the longest prefix before a `::` that is a
/// `T` line's name.
fn instance_of<'a>(name: &str, instances: &FxHashMap<&'a str, u32>) -> Option<&'a str> {
    name.match_indices("::")
        .filter_map(|(at, _)| instances.get_key_value(&name[..at]).map(|(k, _)| *k))
        .last()
}

/// The class template a member is declared in: its name and parameters.
struct ClassTemplate {
    name: String,
    /// The parameters' names (`...` after a pack's), the enclosing templates' too.
    params: Vec<String>,
    /// A partial specialization: its own template-id is not its parameters.
    partial: bool,
    /// The class's definition.
    range: TextRange,
}

impl ClassTemplate {
    /// Whether a template-id's arguments are the template's parameters, in order.
    fn names_itself(&self, list: &SyntaxNode) -> bool {
        if self.partial {
            return false;
        }
        let args: Vec<String> = list
            .children()
            .map(|a| il::lower::tokens_text(&a))
            .collect();
        args.len() == self.params.len() && args.iter().zip(&self.params).all(|(a, p)| a == p)
    }

    /// Whether a printed name mentions one of the class's parameters.
    fn prints_parameters(&self, printed: &str) -> bool {
        printed
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| self.params.iter().any(|p| p.trim_end_matches("...") == w))
    }

    /// Whether a name as written up to `name` (its qualifiers, `name`, their template
    /// arguments) names one of the class's parameters: it depends on them.
    fn names_parameters(&self, name: &SyntaxNode) -> bool {
        let segments: Vec<SyntaxNode> = match name.parent().filter(|q| q.kind() == QUALIFIED_NAME) {
            Some(q) => {
                let mut segments = Vec::new();
                for segment in q.children() {
                    segments.push(segment.clone());
                    if segment == *name {
                        break;
                    }
                }
                segments
            }
            None => vec![name.clone()],
        };
        segments.iter().any(|segment| {
            segment
                .descendants_with_tokens()
                .filter_map(rowan::NodeOrToken::into_token)
                .any(|t| {
                    t.kind() == IDENT
                        && self
                            .params
                            .iter()
                            .any(|p| p.trim_end_matches("...") == t.text())
                })
        })
    }
}

fn class_of_member(tokens: &mut TokenFinder, offset: TextSize) -> Option<ClassTemplate> {
    let token = tokens.token_at(offset)?;
    let class = token
        .parent_ancestors()
        .find(|n| n.kind() == MEMBER_LIST)?
        .parent()
        .filter(|c| c.kind() == CLASS_SPECIFIER)?;
    let template = class
        .parent()
        .filter(|d| d.kind() == SIMPLE_DECLARATION)?
        .parent()
        .filter(|t| t.kind() == TEMPLATE_DECL)?;
    let name_ref = class.children().find(|n| n.kind() == NAME_REF)?;
    let name = syntax::ast::first_token(&name_ref, IDENT)?
        .text()
        .to_string();
    let partial = name_ref.children().any(|n| n.kind() == TEMPLATE_ARG_LIST);
    let own = template_parameter_names(&template);
    // The enclosing class templates' parameters (a member class template's) come after.
    let outer = template
        .ancestors()
        .skip(1)
        .filter(|t| t.kind() == TEMPLATE_DECL)
        .flat_map(|t| template_parameter_names(&t));
    let params = own.into_iter().chain(outer).collect();
    Some(ClassTemplate {
        name,
        params,
        partial,
        range: class.text_range(),
    })
}

/// The names of a template declaration's parameters, `...` after a pack's.
fn template_parameter_names(template: &SyntaxNode) -> Vec<String> {
    template
        .children()
        .find(|n| n.kind() == TEMPLATE_PARAM_LIST)
        .into_iter()
        .flat_map(|l| l.children())
        .filter_map(|p| {
            let (name, pack) = hir_def::generics::template_param_name(&p)?;
            let name = name?;
            Some(if pack {
                format!("{}...", name.text())
            } else {
                name.text().to_string()
            })
        })
        .collect()
}

/// The parts of the member declared at `offset` that EDG does not instantiate with its
/// declaration: initializers (default arguments, a static member's value), the exception
/// specification, constraints, the definitions of nested classes and enumerations, bodies.
fn quiet_ranges(tokens: &mut TokenFinder, offset: TextSize) -> Vec<TextRange> {
    let Some(token) = tokens.token_at(offset) else {
        return Vec::new();
    };
    let Some(mut declaration) = token
        .parent_ancestors()
        .find(|n| matches!(n.kind(), SIMPLE_DECLARATION | FUNCTION_DEF | ALIAS_DECL))
    else {
        return Vec::new();
    };
    if let Some(template) = declaration.parent().filter(|p| p.kind() == TEMPLATE_DECL) {
        declaration = template;
    }
    declaration
        .descendants()
        .filter(|n| {
            matches!(
                n.kind(),
                INITIALIZER
                    | NOEXCEPT_SPEC
                    | REQUIRES_CLAUSE
                    | MEMBER_LIST
                    | ENUMERATOR_LIST
                    | COMPOUND_STMT
            )
        })
        .map(|n| n.text_range())
        .collect()
}

/// Whether a name is a later segment of a qualified name (`X::Y`'s `Y`): it names a member of
/// its qualifier, not the injected-class-name of the class being declared.
fn qualified_after_first(name: &SyntaxNode) -> bool {
    name.parent().is_some_and(|q| {
        q.kind() == QUALIFIED_NAME
            && q.children()
                .find(|n| n.kind() == NAME_REF)
                .is_some_and(|first| first != *name)
    })
}
