//! The string engine's matching of partial specializations on printed tokens (parameters as
//! wildcards, packs as balanced runs) and the binding of parameters to printed arguments.
//! hir-ty's unifier (`hir_ty::class_instance::instance_definition`) chooses the definition for
//! the members' bodies already; the walk's class instances and their names still use this.
use rowan::NodeOrToken;
use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, SyntaxNode};

use super::super::first_token;
use super::{Param, Pattern, Substitution};

pub(crate) fn template_params(list: &SyntaxNode) -> Vec<Param> {
    list.children()
        .filter_map(|param| {
            let (name, pack) = hir_def::generics::template_param_name(&param)?;
            let default = match param.kind() {
                PARAM => param
                    .children()
                    .find(|n| n.kind() == INITIALIZER)
                    .and_then(|i| i.children().next()),
                _ => param
                    .children_with_tokens()
                    .skip_while(|t| t.kind() != EQ)
                    .find_map(NodeOrToken::into_node),
            };
            let value_type = (param.kind() == PARAM).then(|| {
                let ty: Vec<String> = param
                    .children_with_tokens()
                    .take_while(|t| !matches!(t.kind(), DECLARATOR | INITIALIZER))
                    .filter(|t| !t.kind().is_trivia())
                    .map(|t| t.to_string())
                    .collect();
                ty.join(" ").replace(" :: ", "::")
            });
            // `_Tp __v`: the type is one identifier before the declarator.
            let type_tokens: Vec<_> = param
                .children_with_tokens()
                .take_while(|t| !matches!(t.kind(), DECLARATOR | INITIALIZER))
                .filter(|t| !t.kind().is_trivia())
                .collect();
            let value_type_at = match &type_tokens[..] {
                [only] if param.kind() == PARAM => only
                    .as_node()
                    .and_then(|n| first_token(n, IDENT))
                    .filter(|t| t.text_range() == only.text_range())
                    .or_else(|| only.as_token().filter(|t| t.kind() == IDENT).cloned())
                    .map(|t| t.text_range().start()),
                _ => None,
            };
            Some(Param {
                name: name.map_or_else(String::new, |n| n.text().to_string()),
                pack,
                default,
                value_type,
                value_type_at,
                declaration: (param.kind() == PARAM).then(|| param.clone()),
            })
        })
        .collect()
}

/// Binds the parameters to the arguments in order; a pack takes the rest.
pub(crate) fn bind(params: &[Param], args: &[String]) -> Substitution {
    let mut subst = Substitution::default();
    for (i, param) in params.iter().enumerate() {
        if param.name.is_empty() {
            continue;
        }
        if param.pack {
            bind_pack(&mut subst, &param.name, args.get(i..).unwrap_or_default());
            break;
        }
        if let Some(arg) = args.get(i) {
            subst.insert(param.name.clone(), arg.clone());
        }
    }
    subst
}

/// A pack is bound twice: under its name to its arguments joined (`_Up` as written inside a
/// pattern), and under `name...` to the same list, which marks it as a pack for expansions
/// (`_List<_Up...>`, `typename _Tp::type...`).
pub(crate) fn bind_pack(subst: &mut Substitution, name: &str, args: &[String]) {
    let joined = args.join(", ");
    subst.insert(format!("{name}..."), joined.clone());
    subst.insert(name.to_string(), joined);
}

/// Binds a template parameter list's parameters to arguments in order.
pub(crate) fn bind_list(params: &SyntaxNode, args: &[String]) -> Substitution {
    bind(&template_params(params), args)
}

/// Matches printed arguments against a specialization's (`<_Tp, _Tp>`, `<__half>`), with
/// `params` as the wildcards.
pub(crate) fn match_arguments(
    params: &SyntaxNode,
    pattern: &[String],
    args: &[String],
) -> Option<Substitution> {
    let pattern = Pattern {
        params: template_params(params),
        args: pattern.iter().map(|a| lex(a)).collect(),
        members: None,
    };
    match_partial(&pattern, args)
}

/// Marks, as `name` + this key, a pack's name bound to one of its elements while an
/// expansion is printed (its `...` is then not printed).
pub(crate) const ELEMENT: &str = "#element";

/// The arguments a pack is bound to, if `name` is a pack of `subst`.
pub(crate) fn pack_elements(subst: &Substitution, name: &str) -> Option<Vec<String>> {
    subst
        .get(&format!("{name}..."))
        .map(|list| split_args(list))
}

/// Matches a partial specialization's arguments against an instance's, binding its parameters.
/// A pack written last (`_List<_Tp, _Up...>`) takes the remaining arguments, any number.
pub(crate) fn match_partial(pattern: &Pattern, args: &[String]) -> Option<Substitution> {
    let is_pack = |pat: &[String]| match pat {
        [name] => {
            let name = name.strip_suffix("...").unwrap_or(name);
            pattern.params.iter().any(|p| p.pack && p.name == name)
        }
        _ => false,
    };
    let (fixed, pack) = match pattern.args.split_last() {
        Some((last, fixed)) if is_pack(last) => (fixed, last[0].strip_suffix("...")),
        _ => (pattern.args.as_slice(), None),
    };
    if args.len() < fixed.len() || pack.is_none() && args.len() != fixed.len() {
        return None;
    }
    let mut bound: FxHashMap<String, Vec<String>> = FxHashMap::default();
    for (pat, arg) in fixed.iter().zip(args) {
        let tokens = lex(arg);
        if !match_tokens(pat, &tokens, &pattern.params, &mut bound) {
            return None;
        }
    }
    let packs: Vec<String> = pattern
        .params
        .iter()
        .filter(|p| p.pack)
        .map(|p| p.name.clone())
        .collect();
    let mut subst = Substitution::default();
    for (name, tokens) in bound {
        let value = join_tokens(&tokens);
        if packs.contains(&name) {
            bind_pack(&mut subst, &name, &split_args(&value));
        } else {
            subst.insert(name, value);
        }
    }
    if let Some(pack) = pack {
        bind_pack(&mut subst, pack, &args[fixed.len()..]);
    }
    Some(subst)
}

/// Matches one argument's tokens against a pattern's, its parameters as wildcards: a
/// parameter stands for a balanced run of tokens without a comma of its own, a pack
/// expansion (`_UInts...`) for a balanced run with commas, possibly empty (its comma then
/// goes with it).
pub(crate) fn match_tokens(
    pat: &[String],
    arg: &[String],
    params: &[Param],
    bound: &mut FxHashMap<String, Vec<String>>,
) -> bool {
    let Some((first, rest)) = pat.split_first() else {
        return arg.is_empty();
    };
    let pack_name = |t: &str| {
        t.strip_suffix("...")
            .filter(|name| params.iter().any(|p| p.pack && p.name == *name))
            .map(str::to_string)
    };
    // `, _UInts...` where the pack is empty: neither is in the argument.
    if first == ","
        && let Some((next, after)) = rest.split_first()
        && let Some(pack) = pack_name(next)
        && bound.get(&pack).is_none_or(Vec::is_empty)
    {
        let was_bound = bound.contains_key(&pack);
        bound.insert(pack.clone(), Vec::new());
        if match_tokens(after, arg, params, bound) {
            return true;
        }
        if !was_bound {
            bound.remove(&pack);
        }
    }
    let (name, pack) = match pack_name(first) {
        Some(pack) => (pack, true),
        None if params.iter().any(|p| p.name == *first) => (first.clone(), false),
        None => {
            return arg.first() == Some(first) && match_tokens(rest, &arg[1..], params, bound);
        }
    };
    if let Some(value) = bound.get(&name).cloned() {
        return arg.starts_with(&value) && match_tokens(rest, &arg[value.len()..], params, bound);
    }
    let shortest = usize::from(!pack);
    for n in (shortest..=arg.len()).rev() {
        if !is_balanced_run(&arg[..n], pack) {
            continue;
        }
        bound.insert(name.clone(), arg[..n].to_vec());
        if match_tokens(rest, &arg[n..], params, bound) {
            return true;
        }
    }
    bound.remove(&name);
    false
}

/// Whether tokens nest properly (`<`, `(`, `[` closed in order), with commas only inside
/// brackets unless `commas` allows them at the top.
pub(crate) fn is_balanced_run(tokens: &[String], commas: bool) -> bool {
    let mut depth = 0i32;
    for t in tokens {
        match t.as_str() {
            "<" | "(" | "[" => depth += 1,
            ">" | ")" | "]" => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            "," if depth == 0 && !commas => return false,
            _ => {}
        }
    }
    depth == 0
}

/// Splits printed argument text back into tokens (words, numbers, punctuation).
pub(crate) fn lex(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' || c == '\'' || c == '.' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            tokens.push(std::mem::take(&mut word));
        }
        if !c.is_whitespace() {
            tokens.push(c.to_string());
        }
    }
    if !word.is_empty() {
        tokens.push(word);
    }
    // `::` and `&&` are one token each in the pattern.
    let mut merged: Vec<String> = Vec::new();
    for t in tokens {
        if let Some(last) = merged.last_mut()
            && ((last == ":" && t == ":") || (last == "&" && t == "&"))
        {
            last.push_str(&t);
            continue;
        }
        merged.push(t);
    }
    merged
}

/// The `::` that starts a qualified name (`::cuda::std`).
pub(crate) fn is_global_qualifier(element: &syntax::SyntaxElement) -> bool {
    element.kind() == COLON2 && element.prev_sibling_or_token().is_none()
}

/// EDG writes the cv-qualifiers of a named type first: `_Tp const` prints as `const _Tp`
/// (a pointer's own qualifier, `_Tp *const`, stays where it is).
pub(crate) fn leading_cv(text: String) -> String {
    for cv in [" const", " volatile", " const volatile", " volatile const"] {
        if let Some(base) = text.strip_suffix(cv)
            && !base.contains(['*', '&', '(', '['])
            && !base.starts_with("const ")
            && !base.starts_with("volatile ")
        {
            return format!("{} {base}", cv.trim_start());
        }
    }
    text
}

/// Splits a printed argument list at its top-level commas.
pub(crate) fn split_args(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                args.push(text[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = text[start..].trim();
    if !last.is_empty() {
        args.push(last.to_string());
    }
    args
}

pub(crate) fn join_tokens(tokens: &[String]) -> String {
    let mut out = String::new();
    for t in tokens {
        super::super::push_edg_token(&mut out, t);
    }
    out
}
