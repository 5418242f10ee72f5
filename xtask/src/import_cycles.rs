//! `cargo xtask import-cycles`: the import graph between the top-level modules of each crate,
//! and the cycles in it (issue 12: no import cycle between modules of different concerns).
//!
//! A node is a top-level module of a crate (`crates/hir-ty/src/overload.rs` and everything under
//! `overload/` is `overload`); an edge `a -> b` is a path in `a`'s files that names `b` from the
//! crate root (`crate::b`, `use crate::{b::X, ..}`, or `super::b` in a top-level file). Test
//! code (files named `tests.rs`, and everything after `#[cfg(test)]` in a file) is left out: a
//! test may reach anything. The crate root (`lib.rs`, `main.rs`) is not a node.
//!
//! Cycles found are either a concern split over files (one `impl` spread over modules, a
//! mutual recursion the language itself has) and then listed in [`ACCEPTED`] with the reason,
//! or a fault: the test below fails on any cycle not listed, and on a listed one that is gone
//! (so the list only shrinks).
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::project_root;

#[derive(clap::Args)]
pub struct Args {
    /// Print every crate's edges, not only the cycles.
    #[arg(long)]
    graph: bool,
}

/// Cycles kept, with why. Each entry is the crate, the sorted modules of one strongly
/// connected component, and the reason: either one concern spread over files (a mutual
/// recursion C++ itself has), or, starting `debt:`, modules of different concerns not yet
/// untangled (`cargo xtask import-cycles` counts them apart).
pub const ACCEPTED: &[(&str, &[&str], &str)] = &[
    (
        "hir-ty",
        &[
            "class_instance",
            "const_eval",
            "inference",
            "normalize",
            "var_instance",
        ],
        "one concern: typing an expression needs constant values (array bounds, template \
         arguments), evaluating a constant needs its operands typed, and both need class \
         instances' members, a dependent member type (`normalize`) needs the instance its \
         base becomes, and a variable template instance (`var_instance`) is an initializer \
         typed and evaluated under its arguments; the recursion is C++'s",
    ),
    (
        "hir-ty",
        &["conversion", "overload"],
        "one concern ([over.best.ics]): a user-defined conversion sequence is chosen by overload \
         resolution among converting constructors and conversion functions",
    ),
    (
        "hir-ty-decl",
        &["lower", "specialization", "unify"],
        "debt: lowering a template-id selects its specialization (by the unifier) and \
         substitutes (the unifier's `Subst`); the substitution belongs in a module of its own",
    ),
    (
        "il",
        &[
            "consteval",
            "decl",
            "instantiate",
            "literal",
            "record",
            "resolve",
            "ty",
        ],
        "debt: il's declaration model resolves, instantiates and evaluates in one knot \
         (`ty` names `instantiate`'s class instances); its semantics are moving to hir-ty",
    ),
    (
        "il-display",
        &[
            "alias_templates",
            "fn_instances",
            "instances",
            "prototypes",
            "template_ids",
        ],
        "debt: the instance printers share helpers (`scope_at`, `MemberLines`, \
         `member_positions`, `has_definition`) that live in one of them instead of a module of \
         their own",
    ),
    (
        "parser",
        &["grammar", "parser"],
        "one concern: the parser memoizes the grammar's name scans (`ScanResult`) for its \
         backtracking; rust-analyzer's parser and grammar are as close",
    ),
    (
        "preprocessor",
        &["engine", "macros"],
        "one concern: libcpp's token engine, one `impl Pp` split into files; expansion reads \
         tokens through the engine and the engine expands through it",
    ),
];

type Graph = BTreeMap<String, BTreeSet<String>>;

pub fn run(args: Args) -> anyhow::Result<()> {
    let mut found = 0;
    for (krate, graph) in crate_graphs(&project_root())? {
        if args.graph {
            for (from, to) in &graph {
                println!("{krate}: {from} -> {}", join(to));
            }
        }
        for component in cycles(&graph) {
            found += 1;
            let accepted = ACCEPTED
                .iter()
                .find(|(k, mods, _)| *k == krate && mods.iter().eq(component.iter()));
            let verdict = if accepted.is_some() {
                "accepted"
            } else {
                "CYCLE"
            };
            println!("{verdict:<8} {krate}: {}", join(&component));
            for module in &component {
                let inside: BTreeSet<_> = graph[module]
                    .iter()
                    .filter(|m| component.contains(*m))
                    .cloned()
                    .collect();
                println!("           {module} -> {}", join(&inside));
            }
            if let Some((_, _, why)) = accepted {
                println!("           ({why})");
            }
        }
    }
    let debts = ACCEPTED
        .iter()
        .filter(|(_, _, why)| why.starts_with("debt:"))
        .count();
    println!(
        "{found} cycles; accepted: {} one concern each, {debts} debts",
        ACCEPTED.len() - debts
    );
    Ok(())
}

fn join(set: &BTreeSet<String>) -> String {
    set.iter().cloned().collect::<Vec<_>>().join(", ")
}

/// Every crate's module graph: the crates under `crates/` and xtask.
pub fn crate_graphs(root: &Path) -> anyhow::Result<Vec<(String, Graph)>> {
    let mut crates: Vec<(String, std::path::PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(root.join("crates"))? {
        let dir = entry?.path();
        if dir.join("src").is_dir() {
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            crates.push((name, dir.join("src")));
        }
    }
    crates.push(("xtask".into(), root.join("xtask/src")));
    crates.sort();
    let mut out = Vec::new();
    for (name, src) in crates {
        out.push((name, module_graph(&src)?));
    }
    Ok(out)
}

/// The graph of one crate's `src/`.
fn module_graph(src: &Path) -> anyhow::Result<Graph> {
    let mut graph = Graph::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "tests" && n != "bin") {
                    stack.push(path);
                }
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src)?.with_extension("");
            let mut module: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            if module.last().is_some_and(|m| m == "tests") {
                continue;
            }
            if module.len() == 1 && (module[0] == "lib" || module[0] == "main") {
                continue;
            }
            let text = std::fs::read_to_string(&path)?;
            let top = module[0].clone();
            let targets = graph.entry(top.clone()).or_default();
            for target in root_paths(strip_tests(&text), &module) {
                if target != top {
                    targets.insert(target);
                }
            }
        }
    }
    // Only edges to modules: `crate::Foo` may name an item of the crate root.
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for targets in graph.values_mut() {
        targets.retain(|t| modules.contains(t));
    }
    Ok(graph)
}

/// The text before `#[cfg(test)]`, line comments removed.
fn strip_tests(text: &str) -> String {
    let code = text.find("#[cfg(test)]").map_or(text, |i| &text[..i]);
    code.lines()
        .map(|line| line.find("//").map_or(line, |i| &line[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first path segment, from the crate root, of every `crate::`/`super::` path in `code`,
/// written in the file of `module` (`["body", "lower"]` for `src/body/lower.rs`).
fn root_paths(code: String, module: &[String]) -> Vec<String> {
    let tokens = tokenize(&code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        // Only the start of a path: not `foo::super`.
        let starts_path = i == 0 || tokens[i - 1] != "::";
        let mut base: Option<Vec<String>> = None;
        let mut j = i;
        if starts_path && tokens[i] == "crate" {
            base = Some(Vec::new());
            j = i + 1;
        } else if starts_path && tokens[i] == "super" {
            // `super` in a module file is its parent; in `src/a/b.rs` (module a::b) it is `a`.
            let mut path = module.to_vec();
            path.pop();
            j = i + 1;
            while tokens.get(j).is_some_and(|t| t == "::")
                && tokens.get(j + 1).is_some_and(|t| t == "super")
            {
                path.pop();
                j += 2;
            }
            base = Some(path);
        }
        if let Some(base) = base
            && tokens.get(j).is_some_and(|t| t == "::")
        {
            let (firsts, next) = first_segments(&tokens, j + 1);
            for first in firsts {
                let mut full = base.clone();
                full.push(first);
                out.push(full[0].clone());
            }
            i = next.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// After `crate::` (at `at`): the first segment, or each first segment of a `{..}` group.
fn first_segments(tokens: &[String], at: usize) -> (Vec<String>, usize) {
    match tokens.get(at).map(String::as_str) {
        Some("{") => {
            let mut out = Vec::new();
            let mut depth = 0;
            let mut item_start = true;
            let mut k = at;
            while k < tokens.len() {
                match tokens[k].as_str() {
                    "{" => {
                        depth += 1;
                        item_start = depth == 1;
                    }
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            return (out, k + 1);
                        }
                    }
                    "," if depth == 1 => item_start = true,
                    t if item_start && depth == 1 => {
                        if t != "self" && is_ident(t) {
                            out.push(t.to_string());
                        }
                        item_start = false;
                    }
                    _ => {}
                }
                k += 1;
            }
            (out, k)
        }
        Some(t) if is_ident(t) => (vec![t.to_string()], at + 1),
        _ => (Vec::new(), at),
    }
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Identifiers, `::`, braces and commas; string literals are skipped, everything else dropped.
fn tokenize(code: &str) -> Vec<String> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push(code[start..i].to_string());
        } else if c == b':' && bytes.get(i + 1) == Some(&b':') {
            out.push("::".into());
            i += 2;
        } else {
            if matches!(c, b'{' | b'}' | b',') {
                out.push((c as char).to_string());
            }
            i += 1;
        }
    }
    out
}

/// The strongly connected components of more than one module (Tarjan), each sorted.
pub fn cycles(graph: &Graph) -> Vec<BTreeSet<String>> {
    struct State<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        out: Vec<BTreeSet<String>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = BTreeSet::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.insert(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph_of(files: &[(&str, &str)]) -> Graph {
        let dir = std::env::temp_dir().join(format!("import-cycles-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let graph = module_graph(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        graph
    }

    #[test]
    fn paths_groups_super_and_tests_make_the_edges() {
        let graph = graph_of(&[
            ("lib.rs", "mod a; mod b; mod c; mod d; pub struct Root;"),
            (
                "a.rs",
                "use crate::{b::X, c, Root};\nfn f() { super::d::g(); }",
            ),
            ("b/mod.rs", "mod inner;\n// crate::a::not_an_edge\n"),
            (
                "b/inner.rs",
                "use super::super::c::Y; fn f() { super::helper(); }",
            ),
            (
                "c.rs",
                "fn f() -> crate::a::T { todo!() }\n#[cfg(test)]\nmod tests { use crate::d; }",
            ),
            ("d.rs", "const S: &str = \"crate::a\";"),
            ("b/tests.rs", "use crate::a;"),
        ]);
        let shown: Vec<String> = graph
            .iter()
            .map(|(from, to)| format!("{from} -> {}", join(to)))
            .collect();
        assert_eq!(shown, ["a -> b, c, d", "b -> c", "c -> a", "d -> "]);
        let found: Vec<String> = cycles(&graph).iter().map(join).collect();
        assert_eq!(found, ["a, b, c"]);
    }

    /// The workspace: every cycle is accepted with its reason, and every accepted one still
    /// exists.
    #[test]
    fn workspace_has_no_unaccepted_import_cycle() {
        let mut unexpected = Vec::new();
        let mut seen = BTreeSet::new();
        for (krate, graph) in crate_graphs(&project_root()).unwrap() {
            for component in cycles(&graph) {
                match ACCEPTED
                    .iter()
                    .position(|(k, mods, _)| *k == krate && mods.iter().eq(component.iter()))
                {
                    Some(i) => {
                        seen.insert(i);
                    }
                    None => unexpected.push(format!("{krate}: {}", join(&component))),
                }
            }
        }
        let gone: Vec<String> = (0..ACCEPTED.len())
            .filter(|i| !seen.contains(i))
            .map(|i| format!("{}: {}", ACCEPTED[i].0, ACCEPTED[i].1.join(", ")))
            .collect();
        assert!(
            unexpected.is_empty() && gone.is_empty(),
            "import cycles not accepted: {unexpected:?}; accepted but gone (remove from \
             ACCEPTED): {gone:?} (`cargo xtask import-cycles`)"
        );
    }
}
