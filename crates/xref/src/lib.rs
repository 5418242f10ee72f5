//! The declaration lines (`D` defining, `d` non-defining) of cudafe++'s `--xref` log.
//!
//! Format and rules are measured in `docs/spec/xref.md`: one line per declared name, with the
//! entity's qualified name, at the name's position (a destructor at its `~`, an operator at
//! `operator`, an anonymous namespace at its `{`), in EDG's processing order: source order, except
//! that a function's parameters follow a definition but precede a prototype, and the bodies of
//! member functions defined in a class are processed once the outermost class is complete.
//!
//! This pass walks the syntax tree, because the lines need positions and entity items are
//! position-independent. Entity identity (which lines share an id) is keyed by qualified name,
//! kind and signature until declaration-level lookup binds names to [`il::Item`]s.
//! The member lines of class template instances (`A<short>::x` at `A`'s member) come from
//! `instances.rs`, their arguments printed evaluated with what `evaluate.rs` records about
//! complete classes and `constants.rs` prints; `names.rs` is the walk's lookup, `printing.rs`
//! EDG's spelling of names and types, `tree.rs` questions about declarators. The function
//! template instances that calls demand, whose bodies are logged and whose `t` lines are
//! written, are hir-ty's (`called.rs`); the references to a template's parameters that each
//! instance's declaration repeats are copied per instance (`redeclared.rs`); the `t`/`T`
//! lines of the class instances the walk
//! completes and of explicit instantiations are the walk's. Not produced yet: instances
//! completed by conversions, variable or alias template instances' `T`, bodies of generic
//! lambdas, class template argument deduction. [`log_lines`] adds the `R` lines that
//! declarations write (`references.rs`) and the instantiation lines to the declaration lines;
//! [`log_lines_in`] also the references that function bodies make (the `xref-bodies` crate).
use rowan::NodeOrToken;
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken, TextSize};

use il::lower::tokens_text;

mod bodies;
mod body_spans;
#[cfg(test)]
mod body_tests;
mod called;
mod constants;
mod constexpr;
mod evaluate;
mod instances;
mod model;
mod names;
mod parallel;
#[cfg(test)]
mod passes_tests;
mod printing;
mod references;
#[cfg(test)]
mod test_db;
mod traits;
mod tree;

pub use body_spans::FunctionBodies;
pub use parallel::log_lines_in_parallel;
use printing::{name_ref_text, operator_text, push_edg_token};
use tree::{
    NAME_KINDS, declares_function, first_non_trivia, first_token, has_token, last_ident,
    name_holder, name_token, signature,
};

pub use xref_bodies::XrefLine;

/// The declaration lines of a whole translation unit, in EDG's order.
/// Without the semantic model: the bodies of the function template instances that calls
/// demand are not logged (see [`declaration_lines_in`]).
pub fn declaration_lines(root: &SyntaxNode) -> Vec<XrefLine> {
    walk_unit(root, false, None).0
}

/// [`declaration_lines`] of a file of the database, with the bodies of the function template
/// instances that calls demand (which instance a call makes is hir-ty's answer: `called.rs`).
pub fn declaration_lines_in(
    db: &dyn hir_ty::HirTyDatabase,
    file: base_db::SourceFile,
) -> Vec<XrefLine> {
    let root = base_db::parse(db, file).syntax_node();
    walk_unit(&root, false, Some(model::Model::new(db, file))).0
}

/// The lines of the log cufe writes: the declaration lines and, interleaved in EDG's order,
/// the references that declarations make (`xref/references.rs`). Without the semantic model,
/// as [`declaration_lines`].
pub fn log_lines(root: &SyntaxNode) -> Vec<XrefLine> {
    walk_unit(root, true, None).0
}

/// The whole log of a file: [`log_lines`] with the function template instances that calls
/// demand and the references that function bodies make, printed from the semantic model
/// (`called.rs`, `xref-bodies`: hir-def's bodies, hir-ty's inference).
pub fn log_lines_in(db: &dyn hir_ty::HirTyDatabase, file: base_db::SourceFile) -> Vec<XrefLine> {
    let root = base_db::parse(db, file).syntax_node();
    let (lines, created) = walk_unit(&root, true, Some(model::Model::new(db, file)));
    let mut lines = xref_bodies::merge(db, file, lines);
    let instances = created_instance_lines(&mut lines, &created);
    xref_passes::function_template_parameters(&root, &mut lines, &instances);
    xref_passes::class_template_members(&root, &mut lines);
    xref_passes::class_instance_member_references(&root, &mut lines);
    lines
}

/// EDG's `t` line for each function template instance the calls create (`called.rs`): at the
/// template's name, under the name its declaration line has there, one entity per instance.
/// Returns the instance of each `t` line written, by the line's index.
fn created_instance_lines(
    lines: &mut Vec<XrefLine>,
    created: &[called::CreatedInstance],
) -> FxHashMap<usize, called::CreatedInstance> {
    let mut instances = FxHashMap::default();
    let mut declared: Vec<(TextSize, usize)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| matches!(l.kind, 'D' | 'd'))
        .map(|(i, l)| (l.offset, i))
        .collect();
    // Unique keys (the indices): unstable sorting gives the same order, faster.
    declared.sort_unstable();
    let mut next_id = lines.iter().map(|l| l.entity).max().unwrap_or(0) + 1;
    // An explicit instantiation directive's `t` (the walk's) is usually the instance a call
    // demands too: one line per template and place.
    let mut explicit: FxHashSet<(TextSize, String)> = lines
        .iter()
        .filter(|l| l.kind == 't')
        .map(|l| (l.offset, l.name.clone()))
        .collect();
    for instance in created {
        let name = instance.name;
        // The declaration line inside the name's range (a qualified name's last segment).
        let from = declared.partition_point(|&(o, _)| o < name.start());
        let Some(&(offset, i)) = declared[from..]
            .iter()
            .take_while(|(o, _)| *o < name.end())
            .last()
        else {
            continue;
        };
        if explicit.remove(&(offset, lines[i].name.clone())) {
            continue;
        }
        let line = XrefLine {
            entity: next_id,
            name: lines[i].name.clone(),
            kind: 't',
            offset,
        };
        next_id += 1;
        instances.insert(lines.len(), instance.clone());
        lines.push(line);
    }
    instances
}

/// The walk's lines of a unit, with the function template instances the calls create
/// (`called.rs`: the model's, none without one).
fn walk_unit<'db>(
    root: &SyntaxNode,
    references: bool,
    model: Option<model::Model<'db>>,
) -> (Vec<XrefLine>, Vec<called::CreatedInstance>) {
    let called = model
        .as_ref()
        .map(called::CalledInstances::of_file)
        .unwrap_or_default();
    let mut w = Walker {
        references,
        called,
        model,
        ..Walker::default()
    };
    // EDG declares namespace `std` before the unit (for the implicitly declared allocation
    // functions' `std::bad_alloc` and `std::align_val_t`): the first `namespace std` reopens it.
    w.keyed("namespace std".to_string());
    w.declarations(root.children(), &Scope::default());
    // Explicit instantiation definitions instantiate their bodies at the end of the unit; the
    // bodies still read as templates (their names are not substituted).
    w.template_depth += 1;
    w.suspended_references += 1;
    for (function, scope, prefix) in std::mem::take(&mut w.explicit_bodies) {
        if let Some(declarator) = function.children().find(|n| n.kind() == DECLARATOR) {
            // A class member whose instance could not be named gets no line.
            if !(scope.in_class && prefix.is_empty()) {
                w.instantiation_line(&function, 'T', &prefix);
            }
            w.function_body(&function, &declarator, &scope);
        }
    }
    let created = w.called.created().to_vec();
    (w.lines, created)
}

/// Renders lines as cudafe++ writes them: `id TAB name TAB kind TAB file TAB line TAB column`.
pub fn render(lines: &[XrefLine], line_map: &syntax::LineMap, unnamed_file: &str) -> String {
    // About 125 bytes a line on the largest test program: grown once, not copied as it doubles.
    let mut out = String::with_capacity(lines.len() * 128);
    // Consecutive lines are mostly on one source line: the cursor finds each line once.
    let mut positions = line_map.cursor();
    for l in lines {
        let pos = positions.position(l.offset);
        let file = pos.file.unwrap_or(unnamed_file);
        // Written in place, digits by hand: `writeln!`'s formatting machinery was a third of
        // the render, which is the end of the run (the log is written as it is rendered).
        out.push_str("0x");
        push_hex(&mut out, l.entity);
        out.push('\t');
        out.push_str(&l.name);
        out.push('\t');
        out.push(l.kind);
        out.push('\t');
        out.push_str(file);
        out.push('\t');
        push_decimal(&mut out, pos.line);
        out.push('\t');
        push_decimal(&mut out, pos.col);
        out.push('\n');
    }
    out
}

/// Whether the declaration walked in `scope` is the one its template header introduces (a
/// function or variable template, or a member of a class template defined outside it), not
/// an explicit specialization's (`template <>`) or a class member's.
fn own_template(scope: &Scope) -> bool {
    scope
        .template_param_list
        .as_ref()
        .is_some_and(|params| params.children().next().is_some())
}

/// `{:x}` of `n`.
fn push_hex(out: &mut String, n: u32) {
    let mut digits = [0u8; 8];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b"0123456789abcdef"[(n & 0xf) as usize];
        n >>= 4;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).expect("ASCII digits"));
}

/// `n` in decimal, without a temporary string.
fn push_decimal(out: &mut String, n: u32) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// The kinds of `Walker::ids` that name lookup asks for by qualified name (`Walker::named`).
const NAMED_KINDS: [&str; 6] = ["namespace", "type", "typedef", "var", "using", "enumerator"];

/// Where declarations are being walked.
#[derive(Clone, Default)]
struct Scope {
    /// Qualified-name segments (`N`, `S`, `A<T>`, `<unnamed>`).
    path: Vec<String>,
    /// Inside a class's member list.
    in_class: bool,
    /// Inside a function body (names are printed unqualified).
    local: bool,
    /// Names of the template parameters of the declaration being walked (for `A<T>::x`).
    template_params: Vec<String>,
    /// How many leading segments of `path` are namespaces (a friend belongs to those).
    namespace_depth: usize,
    /// The parameter list of the template declaration being walked (`template <>` has an
    /// empty one).
    template_param_list: Option<SyntaxNode>,
}

impl Scope {
    fn qualify(&self, name: &str) -> String {
        if self.local || self.path.is_empty() {
            return name.to_string();
        }
        format!("{}::{name}", self.path.join("::"))
    }
    fn enter(&self, segment: String, in_class: bool) -> Scope {
        let mut s = self.clone();
        if s.local {
            // A local class's members print as `L::m`.
            s.local = false;
            s.path.clear();
            s.namespace_depth = 0;
        }
        s.path.push(segment);
        s.in_class = in_class;
        s.template_params.clear();
        s.template_param_list = None;
        if !in_class && !self.in_class {
            s.namespace_depth = s.path.len();
        }
        s
    }
    /// The enclosing namespace scope (where a friend function is a member).
    fn namespace_scope(&self) -> Scope {
        let mut s = self.clone();
        s.path.truncate(self.namespace_depth);
        s.in_class = false;
        s
    }
}

#[derive(Default)]
struct Walker<'db> {
    /// The semantic model of the file, when the walk runs over a database (`model.rs`).
    model: Option<model::Model<'db>>,
    lines: Vec<XrefLine>,
    /// Every entity declared so far, keyed `KIND NAME` (`type N::S`, `fn f(int)`).
    ids: FxHashMap<String, u32>,
    /// The ids of `ids`' entities of the [`NAMED_KINDS`], by qualified name: name lookup asks
    /// several kinds of each candidate name, most of which name nothing.
    named: FxHashMap<String, [Option<u32>; NAMED_KINDS.len()]>,
    next_id: u32,
    /// Member function definitions seen inside a class: (function, scope), processed when the
    /// outermost class is complete.
    /// With the template context they were seen in (a member template's body stays a template).
    deferred: Vec<(SyntaxNode, Scope, u32, Vec<String>)>,
    class_depth: u32,
    /// Namespace aliases seen so far: alias name to the qualified name it stands for.
    aliases: FxHashMap<String, String>,
    /// Class templates defined so far, by qualified name.
    templates: FxHashMap<String, instances::ClassTemplate>,
    /// Class template instances whose members have been logged: their printed names, by
    /// [`Walker::canonical_spelling`] of those.
    instantiated: FxHashMap<String, String>,
    /// The functions a qualified name denotes so far (overloads, and those a using-declaration
    /// brought in): (entity, printed name).
    overloads: FxHashMap<String, Vec<(u32, String)>>,
    /// Inline and unnamed namespaces by the qualified name of the enclosing one.
    inline_namespaces: FxHashMap<String, Vec<String>>,
    /// Typedefs and alias declarations of class template instances (`false_type`), by
    /// qualified name: the template-id and the scope it was written in.
    typedef_instances: FxHashMap<String, (SyntaxNode, Scope)>,
    /// Names of the template parameters in scope (a template-id naming none is not dependent).
    template_param_names: Vec<String>,
    /// Nesting depth of template definitions (nothing is instantiated inside one).
    template_depth: u32,
    /// Function template definitions at namespace scope, by qualified name.
    function_templates: FxHashMap<String, Vec<(SyntaxNode, Scope)>>,
    /// Function definitions whose bodies explicit instantiations instantiate at the end, with
    /// the name of the instance they are members of (`A<double>::`, empty for a function
    /// template's instance).
    explicit_bodies: Vec<(SyntaxNode, Scope, String)>,
    /// Names that using-declarations introduced into a namespace, to the entity's own name
    /// (`std::div_t` to `div_t`).
    using_targets: FxHashMap<String, String>,
    /// Typedefs of builtin integer types by qualified name, to the type (`std::size_t` to
    /// `unsigned long`).
    builtin_typedefs: FxHashMap<String, il::ty::Builtin>,
    /// Member typedefs' types, constants' values and bases of the classes seen so far.
    facts: evaluate::MemberFacts,
    /// Variable templates at namespace scope by qualified name: the primary and its
    /// specializations.
    variable_templates: FxHashMap<String, Vec<constexpr::VariableTemplate>>,
    /// Enumerations by qualified name (a type-trait builtin asks whether a type is one).
    enumerations: FxHashSet<String>,
    /// Alias templates by qualified name.
    alias_templates: FxHashMap<String, instances::AliasTemplate>,
    /// How many instances are being completed, one inside the other.
    instantiation_depth: u32,
    /// Function template instances whose bodies have been instantiated (`bodies/calls.rs`).
    function_instances: FxHashSet<String>,
    /// The function template instances that calls demand (hir-ty's answer), by call position.
    called: called::CalledInstances<'db>,
    /// Whose calls the body being walked makes: a non-template body's, or an instance's.
    call_context: called::CallContext,
    /// Function template definitions at namespace scope, by where they start.
    function_templates_at: FxHashMap<TextSize, (SyntaxNode, Scope)>,
    /// Member function definitions inside class templates (and their specializations), by
    /// where they start: the bodies of members of class template instances
    /// (`called.rs`).
    member_functions_at: FxHashMap<TextSize, (SyntaxNode, Scope)>,
    /// The class template instance (as printed) whose member function's body is being logged.
    member_instance: Option<String>,
    /// Typedefs and aliases declared in function bodies, by name: the block each is declared
    /// in, where, and the type it stands for, printed.
    local_typedefs: FxHashMap<String, Vec<evaluate::LocalTypedef>>,
    /// Whether reference lines are written too ([`log_lines`]).
    references: bool,
    /// The template parameters in scope, innermost last: name and entity.
    template_param_ids: Vec<(String, u32)>,
    /// Namespace aliases by name: entity and qualified name.
    alias_ids: FxHashMap<String, (u32, String)>,
    /// While positive, no reference lines are written (instance bodies, explicit
    /// instantiations' bodies).
    suspended_references: u32,
    /// The structured binding declarations logged so far: EDG numbers their hidden variables
    /// (`<struct binding N>`) across the translation unit in the order it declares them, those
    /// of templates and of instantiated bodies included (measured with cudafe++:
    /// `bodies::tests`' `structured_bindings_are_numbered_across_the_unit`).
    structured_bindings: u32,
    /// The names of the alias declarations of function bodies, templates' included: they are
    /// declared under their bare names, like namespace-scope ones, but qualify nothing printed
    /// outside their function (`instances.rs`, `nested_names_unknown_qualifier`).
    local_aliases: FxHashSet<String>,
    /// While the members of an instance whose name we doubt are logged
    /// (`Walker::names_leaked_qualifier`).
    doubtful_instance: bool,
    /// The plain bases of class templates (and their members), resolved, by qualified name.
    template_bases: FxHashMap<String, Vec<String>>,
    /// How many alias types are being logged again for their specializations, one inside
    /// the other (`references/aliases.rs`).
    alias_depth: u32,
    /// The parameters of the alias whose type is being logged again, to their arguments as
    /// printed.
    alias_subst: instances::Substitution,
    /// Template parameters printed under another name than their own: an alias's
    /// parameters while its type is logged again for a specialization.
    param_printed: FxHashMap<u32, String>,
    /// While an alias's type is logged again: where the aliases' parameters start in
    /// `template_param_ids` (those below are the templates' own).
    alias_params_from: Option<usize>,
    /// The dependent alias template specializations named so far, as printed.
    alias_instances: FxHashSet<String>,
    /// While the references of a function or variable template's declaration are walked
    /// (not a class member's, an alias's or a typedef's): EDG evaluates the defaults a
    /// dependent template-id leaves out twice there (`references/aliases.rs`).
    in_templated_declaration: bool,
    /// The packs of the alias whose type is being logged again, to their arguments as
    /// printed (`references/folds.rs`).
    alias_packs: FxHashMap<String, Vec<String>>,
    /// Set while a fold's pattern is logged for its first element: its omitted defaults are
    /// evaluated twice (`references/folds.rs`).
    pattern_defaults_twice: bool,
    /// Dependent alias template specializations (as printed) to the template-id their type
    /// names, as printed: their members are named as that one's (`__promote<...>::__type`).
    alias_targets: FxHashMap<String, String>,
}

impl Walker<'_> {
    fn fresh(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }
    fn keyed(&mut self, key: String) -> (u32, bool) {
        if let Some(&id) = self.ids.get(&key) {
            return (id, false);
        }
        let id = self.fresh();
        if let Some((kind, name)) = key.split_once(' ')
            && let Some(i) = NAMED_KINDS.iter().position(|k| *k == kind)
        {
            self.named.entry(name.to_string()).or_default()[i] = Some(id);
        }
        self.ids.insert(key, id);
        (id, true)
    }
    /// The entity a function declarator declares (overloads by signature), recorded in the
    /// overload set of its qualified name.
    fn function_entity(&mut self, name: &str, declarator: &SyntaxNode) -> u32 {
        let id = self.function_entity_unseen(name, declarator);
        let set = self.overloads.entry(name.to_string()).or_default();
        if !set.iter().any(|(known, _)| *known == id) {
            set.push((id, name.to_string()));
        }
        id
    }

    /// The entity a class template's non-template friend declares: a using-declaration does
    /// not find it until the namespace declares it too (a friend of a plain class it does).
    fn function_entity_unseen(&mut self, name: &str, declarator: &SyntaxNode) -> u32 {
        self.keyed(format!("fn {name}{}", signature(declarator))).0
    }

    /// Emits a line for an entity logged only here (a fresh id).
    fn emit_fresh(&mut self, name: String, kind: char, offset: TextSize) {
        let id = self.fresh();
        self.emit(id, name, kind, offset);
    }

    fn emit(&mut self, entity: u32, name: String, kind: char, offset: TextSize) {
        self.lines.push(XrefLine {
            entity,
            name,
            kind,
            offset,
        });
    }

    fn declarations(&mut self, nodes: impl Iterator<Item = SyntaxNode>, scope: &Scope) {
        for node in nodes {
            self.declaration(&node, scope);
        }
    }

    fn declaration(&mut self, node: &SyntaxNode, scope: &Scope) {
        match node.kind() {
            NAMESPACE => self.namespace(node, scope),
            NAMESPACE_ALIAS => {
                if let Some(name) = first_token(node, IDENT) {
                    if let Some(target) = node
                        .children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                    {
                        self.aliases.insert(
                            name.text().to_string(),
                            tokens_text(&target).trim_start_matches("::").to_string(),
                        );
                    }
                    let id = self.fresh();
                    let qualified = scope.qualify(name.text());
                    self.alias_ids
                        .insert(name.text().to_string(), (id, qualified.clone()));
                    let target = node
                        .children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME));
                    self.namespace_alias((id, qualified, name.text_range().start()), target, scope);
                }
            }
            USING_DIRECTIVE => {
                if let Some(target) = node
                    .children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                {
                    self.name_references(&target, scope);
                }
            }
            LINKAGE_SPEC => {
                for child in node.children() {
                    if child.kind() == DECL_BLOCK {
                        self.declarations(child.children(), scope);
                    } else {
                        self.declaration(&child, scope);
                    }
                }
            }
            TEMPLATE_DECL => {
                let mut inner = scope.clone();
                inner.template_params.clear();
                let params = node.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST);
                let param_ids_before = self.template_param_ids.len();
                if let Some(params) = &params {
                    inner.template_params = self.template_parameters(params, scope);
                }
                inner.template_param_list = params;
                // `template <>` introduces an explicit specialization, not a template.
                let is_template = !inner.template_params.is_empty();
                self.template_depth += u32::from(is_template);
                let names_before = self.template_param_names.len();
                self.template_param_names.extend(
                    inner
                        .template_params
                        .iter()
                        .map(|n| n.trim_end_matches("...").to_string()),
                );
                for child in node.children().filter(|n| n.kind() != TEMPLATE_PARAM_LIST) {
                    self.declaration(&child, &inner);
                }
                self.template_param_names.truncate(names_before);
                self.template_param_ids.truncate(param_ids_before);
                self.template_depth -= u32::from(is_template);
            }
            FUNCTION_DEF => {
                let Some(declarator) = node.children().find(|n| n.kind() == DECLARATOR) else {
                    return;
                };
                let is_friend = node.children_with_tokens().any(|t| t.kind() == FRIEND_KW);
                let name_scope = if is_friend {
                    scope.namespace_scope()
                } else {
                    scope.clone()
                };
                let Some((name, offset)) = self.declared_name(&declarator, &name_scope) else {
                    return;
                };
                let id = if is_friend && self.hidden_friend(scope) {
                    self.function_entity_unseen(&name, &declarator)
                } else {
                    self.function_entity(&name, &declarator)
                };
                if !scope.in_class && !scope.template_params.is_empty() {
                    self.function_templates
                        .entry(name.clone())
                        .or_default()
                        .push((node.clone(), scope.clone()));
                    self.function_templates_at
                        .insert(node.text_range().start(), (node.clone(), scope.clone()));
                } else if scope.in_class && self.template_depth > 0 {
                    self.member_functions_at
                        .insert(node.text_range().start(), (node.clone(), scope.clone()));
                }
                // A class template's non-template friend is declared by each instance, not
                // by the template.
                let saved =
                    std::mem::replace(&mut self.in_templated_declaration, own_template(scope));
                self.references_in(node, scope);
                self.in_templated_declaration = saved;
                if !(is_friend && self.hidden_friend(scope)) {
                    self.emit(id, name, 'D', offset);
                }
                if scope.in_class {
                    self.deferred.push((
                        node.clone(),
                        scope.clone(),
                        self.template_depth,
                        self.template_param_names.clone(),
                    ));
                } else {
                    self.function_body(node, &declarator, scope);
                }
            }
            SIMPLE_DECLARATION => {
                if scope.template_param_list.is_some() {
                    self.record_variable_template(node, scope);
                }
                self.simple_declaration(node, scope);
                self.record_declaration_facts(node, scope, &instances::Substitution::default());
            }
            // `template struct A<double>;` completes the instance and instantiates its bodies
            // at the end; `extern template class A<char>;` only completes it.
            EXPLICIT_INSTANTIATION => {
                let is_extern = has_token(node, EXTERN_KW);
                if let Some(name) = node
                    .descendants()
                    .find(|n| n.kind() == ELABORATED_TYPE)
                    .and_then(|e| e.children().find(|n| n.kind() == NAME_REF))
                {
                    self.complete_instance(&name, scope, &instances::Substitution::default());
                    if !is_extern {
                        self.explicit_member_bodies(&name, scope);
                    }
                } else if !is_extern {
                    self.explicit_function_instance(node, scope);
                }
            }
            ALIAS_DECL => {
                self.record_declaration_facts(node, scope, &instances::Substitution::default());
                // The classes its type names members of are completed (outside templates).
                if self.template_depth == 0
                    && !scope.local
                    && let Some(ty) = node.children().find(|n| n.kind() == TYPE_ID)
                {
                    let names: Vec<SyntaxNode> = ty
                        .descendants()
                        .filter(|n| n.kind() == QUALIFIED_NAME)
                        .collect();
                    for name in names {
                        self.complete_qualifiers(&name, scope);
                    }
                }
                if let Some(name) = first_token(node, IDENT) {
                    if !scope.template_params.is_empty() {
                        self.record_alias_template(node, scope);
                    }
                    if self.template_depth == 0
                        && let Some(ty) = node.children().find(|n| n.kind() == TYPE_ID)
                        && !ty.descendants().any(|n| n.kind() == PTR_OP)
                        && let Some(id) = instances::type_template_id(&ty)
                    {
                        self.typedef_instances
                            .insert(scope.qualify(name.text()), (id, scope.clone()));
                    }
                    if let Some(ty) = node.children().find(|n| n.kind() == TYPE_ID)
                        && !ty.descendants().any(|n| n.kind() == PTR_OP)
                        && !scope.local
                    {
                        self.record_builtin_typedef(scope.qualify(name.text()), &ty, scope);
                    }
                    if let Some(ty) = node.children().find(|n| n.kind() == TYPE_ID) {
                        self.references_in(&ty, scope);
                    }
                    if scope.local {
                        self.local_aliases.insert(name.text().to_string());
                    }
                    let (id, _) = self.keyed(format!("type {}", scope.qualify(name.text())));
                    self.emit(
                        id,
                        scope.qualify(name.text()),
                        'D',
                        name.text_range().start(),
                    );
                }
            }
            USING_DECL => {
                // Logged as a `d` of the entity it names, under that entity's own name.
                if let Some(target) = node
                    .children()
                    .find(|n| matches!(n.kind(), QUALIFIED_NAME | NAME_REF))
                    && let Some(last) = last_ident(&target)
                {
                    self.qualifier_references(&target, scope);
                    let written = tokens_text(&target);
                    let mut name = self.resolve_qualified(&written, scope);
                    // A member typedef as the qualifier names the class it stands for
                    // (`using _Base_type::allocate;` is `std::allocator_traits<_Alloc>::allocate`).
                    if scope.in_class
                        && let Some((first, rest)) = written.split_once("::")
                        && !first.is_empty()
                        && let Some(class) = self.enclosing_member_type(first, scope)
                    {
                        // Inheriting the constructors (`using __base::__base;`) declares
                        // nothing the log shows.
                        if rest == first {
                            return;
                        }
                        // A conversion to a member typedef is named by its type
                        // (`operator __integral_type` is `operator short`).
                        let rest = match rest.strip_prefix("operator ") {
                            Some(ty) => match self.enclosing_member_type(ty, scope) {
                                Some(real) => format!("operator {real}"),
                                None => rest.to_string(),
                            },
                            None => rest.to_string(),
                        };
                        name = format!("{class}::{rest}");
                        // Logged at the member's name (`operator=`, not the qualifier).
                        let at = target
                            .children()
                            .last()
                            .and_then(|n| first_non_trivia(&n))
                            .map_or(last.text_range().start(), |t| t.text_range().start());
                        // In a template definition the members of a dependent base are not
                        // known: the name is declared once.
                        if self.template_depth > 0 || rest.starts_with("operator") {
                            let id = self.keyed(format!("using {name}")).0;
                            self.emit(id, name, 'd', at);
                            return;
                        }
                    }
                    // A using-declaration of a using-declaration names the first one's target
                    // (`using std::div_t;` is `::div_t`).
                    if let Some(real) = self.using_targets.get(&name) {
                        name = real.clone();
                    }
                    // Naming functions, it declares every overload visible there, each under
                    // its own name (`using std::abs;` logs `std::abs` and the `abs` that
                    // `std` took from the global namespace).
                    if let Some(set) = self.overloads.get(&name).cloned() {
                        for (id, printed) in &set {
                            self.emit(*id, printed.clone(), 'd', last.text_range().start());
                        }
                        if !scope.local {
                            let here = scope.qualify(last.text());
                            let known = self.overloads.entry(here).or_default();
                            for entry in set {
                                if !known.contains(&entry) {
                                    known.push(entry);
                                }
                            }
                        }
                        return;
                    }
                    if !scope.local {
                        let here = scope.qualify(last.text());
                        if here == name {
                            // Naming an entity of this very scope redeclares nothing
                            // (`using std::div_t;` at file scope, where `std::div_t` is
                            // `::div_t`): no line.
                            return;
                        }
                        self.using_targets.insert(here, name.clone());
                    }
                    let id = ["type", "typedef", "var"]
                        .iter()
                        .find_map(|k| self.ids.get(&format!("{k} {name}")).copied())
                        .unwrap_or_else(|| self.keyed(format!("using {name}")).0);
                    self.emit(id, name, 'd', last.text_range().start());
                }
            }
            // Its condition is evaluated, completing the instances it names.
            STATIC_ASSERT if self.template_depth == 0 => {
                self.static_assertion(node, scope, &instances::Substitution::default());
            }
            _ => {}
        }
    }

    /// Whether a friend function declared in `scope` is a class template's non-template
    /// friend: EDG declares it when an instance is completed, not with the template.
    fn hidden_friend(&self, scope: &Scope) -> bool {
        scope.in_class && self.template_depth > 0 && scope.template_params.is_empty()
    }

    /// Template parameters (each its own entity, `D`); unnamed ones are `<unnamed>`, logged at
    /// the token after them. Returns the names as a template-id of the template prints them.
    fn template_parameters(&mut self, params: &SyntaxNode, scope: &Scope) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let mut defaults: Vec<SyntaxNode> = Vec::new();
        for param in params.children() {
            if param.kind() == TEMPLATE_TEMPLATE_PARAM
                && let Some(inner) = param.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST)
            {
                let outer = self.template_param_ids.len();
                self.template_parameters(&inner, scope);
                self.template_param_ids.truncate(outer);
            }
            let Some((name, pack)) = hir_def::generics::template_param_name(&param) else {
                continue;
            };
            if param.kind() == PARAM {
                // The parameters declared so far are in scope (`enable_if_t<is_x<T>, int>`
                // depends on `T`).
                let outer = self.template_param_names.len();
                self.template_param_names
                    .extend(names.iter().map(|n| n.trim_end_matches("...").to_string()));
                self.template_depth += 1;
                self.references_in(&param, scope);
                self.template_depth -= 1;
                self.template_param_names.truncate(outer);
            }
            let id = self.fresh();
            match name {
                Some(name) => {
                    self.template_param_ids.push((name.text().to_string(), id));
                    self.emit(id, name.text().to_string(), 'D', name.text_range().start());
                    names.push(format!("{}{}", name.text(), if pack { "..." } else { "" }));
                }
                None => {
                    // At the `=` of a default argument, else at the token after the parameter.
                    let next = param
                        .descendants_with_tokens()
                        .filter_map(NodeOrToken::into_token)
                        .find(|t| t.kind() == EQ)
                        .or_else(|| {
                            std::iter::successors(
                                param.last_token().and_then(|t| t.next_token()),
                                |t| t.next_token(),
                            )
                            .find(|t| !t.kind().is_trivia())
                        });
                    if let Some(next) = next {
                        self.emit(id, "<unnamed>".to_string(), 'D', next.text_range().start());
                    }
                    names.push("<unnamed>".to_string());
                }
            }
            // EDG looks a default argument up twice: right after its parameter without the
            // last segment of its name (`std::is_int<T>::value` logs `std`, `T`,
            // `std::is_int<T>`), and whole after the last parameter.
            if let Some(default) = references::template_default(&param) {
                self.default_references(&default, &names, scope, true);
                defaults.push(default);
            }
        }
        for default in defaults {
            self.default_references(&default, &names, scope, false);
        }
        names
    }

    /// The references of a template parameter's default argument, the parameters `names`
    /// in scope; `first` leaves out the last segment of its name.
    fn default_references(
        &mut self,
        default: &SyntaxNode,
        names: &[String],
        scope: &Scope,
        first: bool,
    ) {
        let outer = self.template_param_names.len();
        self.template_param_names
            .extend(names.iter().map(|n| n.trim_end_matches("...").to_string()));
        self.template_depth += 1;
        let before = self.lines.len();
        self.references_in(default, scope);
        if first
            && let Some(last) = references::last_segment_start(default)
            && let Some(i) = (before..self.lines.len())
                .rev()
                .find(|&i| self.lines[i].offset == last)
        {
            self.lines.remove(i);
        }
        self.template_depth -= 1;
        self.template_param_names.truncate(outer);
    }

    fn namespace(&mut self, node: &SyntaxNode, scope: &Scope) {
        let block = node.children().find(|n| n.kind() == DECL_BLOCK);
        // `namespace a::b::c {` declares (or reopens) each segment in turn.
        let mut inner = scope.clone();
        // The names are the node's own identifiers (not those inside attributes, as in
        // `namespace std __attribute__((__visibility__("default")))`).
        let names: Vec<SyntaxToken> = node
            .children_with_tokens()
            .filter_map(NodeOrToken::into_token)
            .filter(|t| t.kind() == IDENT)
            .collect();
        if names.is_empty() {
            let Some(open) = block.as_ref().and_then(|b| first_token(b, L_CURLY)) else {
                return;
            };
            self.namespace_line(&mut inner, "<unnamed>", open.text_range().start());
        }
        for name in &names {
            self.namespace_line(&mut inner, name.text(), name.text_range().start());
        }
        // Members of an inline or unnamed namespace are found from the enclosing one.
        if names.is_empty() || node.children_with_tokens().any(|t| t.kind() == INLINE_KW) {
            let path = inner.path.join("::");
            let enclosing = inner.path[..inner.path.len() - 1].join("::");
            let known = self.inline_namespaces.entry(enclosing).or_default();
            if !known.contains(&path) {
                known.push(path);
            }
        }
        if let Some(block) = block {
            self.declarations(block.children(), &inner);
        }
    }

    fn namespace_line(&mut self, scope: &mut Scope, name: &str, offset: TextSize) {
        let qualified = scope.qualify(name);
        let (id, first) = self.keyed(format!("namespace {qualified}"));
        self.emit(id, qualified, if first { 'D' } else { 'd' }, offset);
        *scope = scope.enter(name.to_string(), false);
    }

    /// `template double host_sum<double>(const double *, int);`: the template's body is
    /// instantiated at the end of the unit (overloads told apart by their parameter count).
    fn explicit_function_instance(&mut self, node: &SyntaxNode, scope: &Scope) {
        let Some(declarator) = node
            .descendants()
            .find(|n| n.kind() == DECLARATOR)
            .filter(declares_function)
        else {
            return;
        };
        let Some((name, _)) = self.declared_name(&declarator, scope) else {
            return;
        };
        let arity = |d: &SyntaxNode| {
            name_holder(d)
                .and_then(|h| h.children().find(|n| n.kind() == FUNCTION_SUFFIX))
                .and_then(|s| s.children().find(|n| n.kind() == PARAM_LIST))
                .map_or(0, |p| p.children().filter(|n| n.kind() == PARAM).count())
        };
        let wanted = arity(&declarator);
        let found = self.function_templates.get(&name).and_then(|candidates| {
            candidates.iter().find(|(f, _)| {
                f.children()
                    .find(|n| n.kind() == DECLARATOR)
                    .is_some_and(|d| arity(&d) == wanted)
            })
        });
        if let Some(found) = found.cloned() {
            // The directive creates the instance (`t`); its body is instantiated at the end.
            self.instantiation_line(&found.0, 't', "");
            self.explicit_bodies.push((found.0, found.1, String::new()));
        }
    }

    /// Whether a name mentions a template parameter in scope.
    /// In a template, any name among template arguments counts as dependent: it may be a
    /// member or typedef that depends on the parameters.
    fn is_dependent(&self, name: &SyntaxNode, scope: &Scope) -> bool {
        // A name declared outside any template (`size_t`, `output_iterator_tag`) is not.
        let named_argument = || {
            name.descendants()
                .filter(|n| n.kind() == TEMPLATE_ARG_LIST)
                .flat_map(|l| l.descendants_with_tokens())
                .filter_map(NodeOrToken::into_token)
                .filter(|t| t.kind() == IDENT)
                .any(|t| {
                    let known = self.qualified_type_name(t.text(), scope, true).or_else(|| {
                        self.find_lookup_key(t.text(), scope, |k| {
                            self.has_id("var", k).then(|| k.to_string())
                        })
                    });
                    // In a template's body a local alias may depend on the parameters
                    // (`using IndexType = it_difference_t<ItemsIt>;`): only names of a
                    // namespace or class count as known there.
                    let local_alias = |key: &String| scope.local && !key.contains("::");
                    known.is_none_or(|key| key.contains('<') || local_alias(&key))
                })
        };
        if self.template_depth > 0 && named_argument() {
            return true;
        }
        name.descendants_with_tokens().any(|t| {
            t.kind() == IDENT
                && self
                    .template_param_names
                    .iter()
                    .any(|p| p == t.as_token().unwrap().text())
        })
    }

    /// A qualifier that names a class template instance (`Traits<int>::value`) completes it.
    fn complete_qualifiers(&mut self, name: &SyntaxNode, scope: &Scope) {
        if self.template_depth > 0 && self.is_dependent(name, scope) {
            return;
        }
        let segments: Vec<SyntaxNode> = name.children().filter(|n| n.kind() == NAME_REF).collect();
        if let Some((_, qualifiers)) = segments.split_last() {
            for q in qualifiers {
                if q.children().any(|n| n.kind() == TEMPLATE_ARG_LIST) {
                    self.complete_instance(q, scope, &instances::Substitution::default());
                }
            }
        }
    }

    fn simple_declaration(&mut self, node: &SyntaxNode, scope: &Scope) {
        if !scope.local {
            // The declaration's own names: a class's members and function bodies are walked
            // in their own scope (and template context).
            let own: Vec<SyntaxNode> = syntax::descendants_pruned(node, |k| {
                matches!(k, MEMBER_LIST | COMPOUND_STMT | LAMBDA_EXPR)
            })
            .filter(|n| n.kind() == QUALIFIED_NAME)
            .collect();
            for name in own {
                self.complete_qualifiers(&name, scope);
            }
        }
        let has_declarators = node.children().any(|n| n.kind() == INIT_DECLARATOR);
        let has = |k: SyntaxKind| node.children_with_tokens().any(|t| t.kind() == k);
        let (is_typedef, is_static, is_extern) = (has(TYPEDEF_KW), has(STATIC_KW), has(EXTERN_KW));
        // In a class, a static data member is defined there only when constexpr or inline.
        let is_inline_static = has(CONSTEXPR_KW) || has(INLINE_KW);
        let templated = !is_typedef && has_declarators && own_template(scope);
        let saved = self.in_templated_declaration;
        for child in node.children() {
            self.in_templated_declaration =
                templated && !matches!(child.kind(), CLASS_SPECIFIER | ENUM_SPECIFIER);
            match child.kind() {
                CLASS_SPECIFIER => self.class(&child, scope),
                ENUM_SPECIFIER => self.enumeration(&child, scope),
                NAME_REF | QUALIFIED_NAME => self.name_references(&child, scope),
                // `struct X *p;`: the first mention of a class declares it.
                ELABORATED_TYPE if has_declarators && !scope.local => {
                    let is_class = child
                        .children_with_tokens()
                        .any(|t| matches!(t.kind(), STRUCT_KW | CLASS_KW | UNION_KW));
                    if let Some(name) = child.children().find(|n| n.kind() == NAME_REF)
                        && is_class
                        && let Some(ident) = last_ident(&name)
                    {
                        let qualified = scope.namespace_scope().qualify(ident.text());
                        let (id, first) = self.keyed(format!("type {qualified}"));
                        if first {
                            self.emit(id, qualified, 'd', ident.text_range().start());
                        } else {
                            self.elaborated_references(&name, scope);
                        }
                    } else if let Some(name) = child
                        .children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                    {
                        self.elaborated_references(&name, scope);
                    }
                }
                // `typename X<T>::type v;` in a template's body: the name, as in a
                // declaration outside it.
                ELABORATED_TYPE
                    if has_declarators
                        && scope.local
                        && child
                            .children_with_tokens()
                            .any(|t| t.kind() == TYPENAME_KW) =>
                {
                    if let Some(name) = child
                        .children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                    {
                        self.name_references(&name, scope);
                    }
                }
                ELABORATED_TYPE if !has_declarators => {
                    // A forward declaration: `struct S;` (`friend struct G;` declares `G` in
                    // the enclosing namespace).
                    if let Some(name) = child
                        .children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                        && let Some(ident) = last_ident(&name)
                    {
                        self.qualifier_references(&name, scope);
                        // A friend class template not declared yet is printed as a member
                        // of the befriending class (`std::__pair_base<_U1, _U2>::pair`).
                        let undeclared_friend_template = !scope.template_params.is_empty()
                            && !self
                                .templates
                                .contains_key(&scope.namespace_scope().qualify(ident.text()));
                        let name_scope = if has(FRIEND_KW) && !undeclared_friend_template {
                            scope.namespace_scope()
                        } else {
                            scope.clone()
                        };
                        if !has(FRIEND_KW)
                            && let Some(params) = &scope.template_param_list
                        {
                            let params = Some(params).filter(|p| p.children().next().is_some());
                            self.record_class_template(&child, scope, params);
                        }
                        // `template <> struct A<bool>;` declares the specialization; a
                        // partial one (`template <class T> struct A<T *>;`) is named by the
                        // template alone.
                        let args = name
                            .children()
                            .filter(|n| n.kind() == NAME_REF)
                            .last()
                            .or_else(|| (name.kind() == NAME_REF).then(|| name.clone()))
                            .filter(|_| scope.template_params.is_empty())
                            .and_then(|l| self.specialization_args(&l, scope))
                            .unwrap_or_default();
                        let qualified = name_scope.qualify(&format!("{}{args}", ident.text()));
                        let (id, _) = self.keyed(format!("type {qualified}{args}"));
                        self.emit(id, qualified, 'd', ident.text_range().start());
                    }
                }
                INIT_DECLARATOR => {
                    let Some(declarator) = child.children().find(|n| n.kind() == DECLARATOR) else {
                        continue;
                    };
                    let name_scope = if has(FRIEND_KW) {
                        scope.namespace_scope()
                    } else {
                        scope.clone()
                    };
                    let Some((mut name, offset)) = self.declared_name(&declarator, &name_scope)
                    else {
                        continue;
                    };
                    self.references_in(&declarator, scope);
                    // An explicit specialization of a variable template is named with its
                    // arguments as written (`__cccl_is_signed_integer_impl_v<signed short>`).
                    if scope
                        .template_param_list
                        .as_ref()
                        .is_some_and(|l| l.children().next().is_none())
                        && !declares_function(&declarator)
                        && let Some(id) = name_holder(&declarator)
                            .and_then(|h| h.children().find(|n| n.kind() == NAME_REF))
                            .filter(|n| n.children().any(|c| c.kind() == TEMPLATE_ARG_LIST))
                    {
                        name.push_str(&self.written_args(&id, scope));
                    }
                    let has_init = child.children().any(|n| n.kind() == INITIALIZER);
                    if is_typedef && scope.local {
                        if instances::is_object_declarator(&declarator) {
                            self.record_local_typedef(node, &name, scope);
                        }
                        self.emit_fresh(name, 'D', offset);
                    } else if is_typedef {
                        if self.template_depth == 0
                            && instances::is_object_declarator(&declarator)
                            && let Some(ty) = instances::type_template_id(node)
                        {
                            self.typedef_instances
                                .insert(name.clone(), (ty, scope.clone()));
                        }
                        if instances::is_object_declarator(&declarator) {
                            self.record_builtin_typedef(name.clone(), node, scope);
                        }
                        // A typedef that redeclares an existing one is a `d` of the same entity.
                        let (id, first) = self.keyed(format!("typedef {name}"));
                        self.emit(id, name, if first { 'D' } else { 'd' }, offset);
                    } else if declares_function(&declarator) {
                        // A deduction guide (`pair(_T1, _T2) -> pair<_T1, _T2>;`) declares no
                        // entity.
                        let is_deduction_guide = self.templates.contains_key(&name)
                            && declarator
                                .descendants()
                                .any(|n| n.kind() == TRAILING_RETURN)
                            && !node.children().any(|n| {
                                matches!(n.kind(), NAME_REF | QUALIFIED_NAME | ELABORATED_TYPE)
                            });
                        if is_deduction_guide || has(FRIEND_KW) && self.hidden_friend(scope) {
                            continue;
                        }
                        let id = if has(FRIEND_KW) && self.hidden_friend(scope) {
                            self.function_entity_unseen(&name, &declarator)
                        } else {
                            self.function_entity(&name, &declarator)
                        };
                        // A prototype's parameters come before it; a function template's
                        // prototype logs none (cuda_device_runtime_api.h's `cudaMalloc<T>`).
                        if scope.template_params.is_empty() {
                            self.parameters(&declarator, 'd');
                        }
                        self.emit(id, name, 'd', offset);
                    } else {
                        let completes = self.template_depth == 0
                            && !is_extern
                            && !(scope.in_class && is_static)
                            && instances::is_object_declarator(&declarator);
                        // An object's class is completed where the declarator needs it: before
                        // the name without an initializer, after it (by the initializer) with one.
                        let completed_type = completes
                            .then(|| self.declared_class_instance(node, scope))
                            .flatten();
                        if !has_init && let Some((ty, ty_scope)) = &completed_type {
                            self.complete_instance(
                                ty,
                                ty_scope,
                                &instances::Substitution::default(),
                            );
                        }
                        let defining = if scope.in_class {
                            !is_static || is_inline_static
                        } else {
                            !is_extern || has_init
                        };
                        let id = if scope.local {
                            self.fresh()
                        } else {
                            self.keyed(format!("var {name}")).0
                        };
                        self.emit(id, name, if defining { 'D' } else { 'd' }, offset);
                        if has_init && let Some((ty, ty_scope)) = &completed_type {
                            self.complete_instance(
                                ty,
                                ty_scope,
                                &instances::Substitution::default(),
                            );
                        }
                    }
                }
                _ => {}
            }
        }
        self.in_templated_declaration = saved;
    }

    fn class(&mut self, spec: &SyntaxNode, scope: &Scope) {
        let name_node = spec
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME));
        let ident = name_node.as_ref().and_then(last_ident);
        let Some(members) = spec.children().find(|n| n.kind() == MEMBER_LIST) else {
            return;
        };
        let segment = match (&ident, &name_node) {
            (Some(ident), Some(name)) => {
                let args = match &scope.template_param_list {
                    // `template <>`: the primary's default arguments are part of the name.
                    Some(list) if list.children().next().is_none() => {
                        let last = if name.kind() == QUALIFIED_NAME {
                            name.children().filter(|n| n.kind() == NAME_REF).last()
                        } else {
                            Some(name.clone())
                        };
                        last.and_then(|l| self.specialization_args(&l, scope))
                            .unwrap_or_else(|| self.written_args(name, scope))
                    }
                    _ => self.written_args(name, scope),
                };
                // An explicit specialization is named with its arguments; a partial one is not.
                // `struct F::Inner { }` defines a member of `F`: its name keeps the qualifier.
                let written = if name.kind() == QUALIFIED_NAME {
                    let mut segments: Vec<String> = name
                        .children()
                        .filter(|n| n.kind() == NAME_REF)
                        .map(|n| name_ref_text(&n))
                        .collect();
                    segments.pop();
                    segments.push(ident.text().to_string());
                    segments.join("::")
                } else {
                    ident.text().to_string()
                };
                let own = if scope.template_params.is_empty() {
                    format!("{written}{args}")
                } else {
                    written.clone()
                };
                let qualified = scope.qualify(&own);
                // A class template's name is looked up again when its pattern is complete.
                for _ in 0..if scope.template_params.is_empty() {
                    1
                } else {
                    2
                } {
                    self.qualifier_references(name, scope);
                }
                self.specialization_references(name, scope);
                let (id, _) = self.keyed(format!("type {qualified}{args}"));
                self.emit(id, qualified, 'D', ident.text_range().start());
                if !args.is_empty() {
                    format!("{written}{args}")
                } else if scope.template_params.is_empty() {
                    written
                } else {
                    format!("{written}<{}>", scope.template_params.join(", "))
                }
            }
            _ => "<unnamed>".to_string(),
        };
        if let Some(params) = &scope.template_param_list {
            self.record_class_template(
                spec,
                scope,
                Some(params).filter(|p| p.children().next().is_some()),
            );
        }
        let class_path = scope.enter(segment.clone(), true).path.join("::");
        self.base_references(spec, &class_path, scope);
        // Base classes are completed where the class is defined, in a template too when they
        // do not depend on its parameters.
        {
            for base in spec
                .children()
                .filter(|n| n.kind() == BASE_CLAUSE)
                .flat_map(|c| c.children())
                .filter_map(|b| {
                    b.children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                })
            {
                if self.is_dependent(&base, scope) {
                    self.dependent_defaults(&base, scope);
                    continue;
                }
                let last = if base.kind() == QUALIFIED_NAME {
                    self.complete_qualifiers(&base, scope);
                    base.children().filter(|n| n.kind() == NAME_REF).last()
                } else {
                    Some(base)
                };
                if let Some(last) = last {
                    self.complete_instance(&last, scope, &instances::Substitution::default());
                }
            }
        }
        let inner = scope.enter(segment, true);
        if self.template_depth == 0 {
            // An explicit specialization's or a class's bases, for member lookups through it.
            let class = inner.path.join("::");
            for base in spec
                .children()
                .filter(|n| n.kind() == BASE_CLAUSE)
                .flat_map(|c| c.children())
                .filter_map(|b| {
                    b.children()
                        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                })
            {
                let printed =
                    self.class_name_printed(&base, scope, &instances::Substitution::default());
                self.record_base(class.clone(), printed);
            }
        }
        self.class_depth += 1;
        for member in members.children() {
            if member.kind() != ACCESS_SPEC {
                self.declaration(&member, &inner);
            }
        }
        self.class_depth -= 1;
        if self.class_depth == 0 {
            for (function, scope, depth, names) in std::mem::take(&mut self.deferred) {
                if let Some(declarator) = function.children().find(|n| n.kind() == DECLARATOR) {
                    let saved = (
                        std::mem::replace(&mut self.template_depth, depth),
                        std::mem::replace(&mut self.template_param_names, names),
                    );
                    self.function_body(&function, &declarator, &scope);
                    (self.template_depth, self.template_param_names) = saved;
                }
            }
        }
    }

    fn enumeration(&mut self, spec: &SyntaxNode, scope: &Scope) {
        let ident = spec
            .children()
            .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
            .and_then(|n| last_ident(&n));
        let scoped = spec
            .children_with_tokens()
            .any(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW));
        let list = spec.children().find(|n| n.kind() == ENUMERATOR_LIST);
        let mut enumerator_scope = scope.clone();
        self.enum_base_references(spec, scope);
        if let Some(ident) = &ident {
            let qualified = scope.qualify(ident.text());
            let (id, _) = self.keyed(format!("type {qualified}"));
            self.enumerations.insert(qualified.clone());
            self.emit(
                id,
                qualified,
                if list.is_some() { 'D' } else { 'd' },
                ident.text_range().start(),
            );
            if scoped {
                enumerator_scope = scope.enter(ident.text().to_string(), false);
            }
        }
        for enumerator in list
            .iter()
            .flat_map(|l| l.children())
            .filter(|n| n.kind() == ENUMERATOR)
        {
            if let Some(name) = first_token(&enumerator, IDENT) {
                // Keyed so that template arguments naming it print it qualified.
                let id = if enumerator_scope.local {
                    self.fresh()
                } else {
                    self.keyed(format!(
                        "enumerator {}",
                        enumerator_scope.qualify(name.text())
                    ))
                    .0
                };
                self.emit(
                    id,
                    enumerator_scope.qualify(name.text()),
                    'D',
                    name.text_range().start(),
                );
            }
        }
        if let Some(list) = &list {
            self.record_enumerators(list, &enumerator_scope, &instances::Substitution::default());
        }
    }

    fn parameters(&mut self, declarator: &SyntaxNode, kind: char) {
        let Some(holder) = name_holder(declarator) else {
            return;
        };
        let Some(suffix) = holder.children().find(|n| n.kind() == FUNCTION_SUFFIX) else {
            return;
        };
        if let Some(params) = suffix.children().find(|n| n.kind() == PARAM_LIST) {
            self.param_list(&params, kind);
        }
    }

    fn param_list(&mut self, params: &SyntaxNode, kind: char) {
        for param in params.children().filter(|n| n.kind() == PARAM) {
            if let Some(name) = param
                .children()
                .find(|n| n.kind() == DECLARATOR)
                .and_then(|d| name_token(&d))
            {
                self.emit_fresh(name.text().to_string(), kind, name.text_range().start());
            }
        }
    }

    /// An operator function's name as EDG prints it: a conversion to a member typedef is
    /// named by the type it stands for (`operator value_type` in `integral_constant<bool,
    /// true>` is `operator bool`), one to a namespace's type by its qualified name (`operator
    /// cuda::std::__4::chrono::sys_days`).
    fn conversion_name(&self, text: String, scope: &Scope) -> String {
        match text.strip_prefix("operator ") {
            Some(ty) if ty.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') => {
                match self
                    .enclosing_member_type(ty, scope)
                    .or_else(|| self.qualified_type_name(ty, scope, false))
                {
                    Some(real) => format!("operator {real}"),
                    None => text,
                }
            }
            _ => text,
        }
    }

    /// The qualified name a declarator declares and the offset to log it at.
    fn declared_name(&self, declarator: &SyntaxNode, scope: &Scope) -> Option<(String, TextSize)> {
        let holder = name_holder(declarator)?;
        let name = holder.children().find(|n| NAME_KINDS.contains(&n.kind()))?;
        // The last component of a qualified name is the one logged (`Op::operator+` at
        // `operator`, `S::~S` at `~`).
        let last = if name.kind() == QUALIFIED_NAME {
            name.children()
                .filter(|n| NAME_KINDS.contains(&n.kind()))
                .last()?
        } else {
            name.clone()
        };
        let offset = match last.kind() {
            DESTRUCTOR_NAME | OPERATOR_NAME => first_non_trivia(&last)?.text_range().start(),
            _ => last_ident(&last)?.text_range().start(),
        };
        let text = match name.kind() {
            QUALIFIED_NAME => {
                let segments: Vec<String> = name
                    .children()
                    .filter(|n| NAME_KINDS.contains(&n.kind()))
                    .map(|n| match n.kind() {
                        NAME_REF => name_ref_text(&n),
                        OPERATOR_NAME => self.conversion_name(operator_text(&n), scope),
                        _ => tokens_text(&n),
                    })
                    .collect();
                segments.join("::")
            }
            DESTRUCTOR_NAME | OPERATOR_NAME => self.conversion_name(operator_text(&name), scope),
            _ => last_ident(&name)?.text().to_string(),
        };
        // `basic_string<_CharT, _Traits, _Alloc>::compare` defined in `std` names a member of
        // `std::__cxx11::basic_string`: the qualifier is looked up from the scope.
        if name.kind() == QUALIFIED_NAME && !scope.local {
            let segments = names::split_qualified(text.trim_start_matches("::"));
            if let Some((last, qualifier)) = segments.split_last() {
                let written = qualifier.join("::");
                let resolved = self.resolve_qualified(&written, scope);
                if resolved != written {
                    return Some((format!("{resolved}::{last}"), offset));
                }
            }
        }
        Some((scope.qualify(text.trim_start_matches("::")), offset))
    }
}

#[cfg(test)]
mod tests;
