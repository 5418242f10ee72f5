//! What EDG allocates in file scope for declarations inside function bodies, beyond the plain
//! functions' `static` locals of `syntactic.rs`:
//!
//! - every local `typedef` and alias-declaration (`using R = W<int>;`): a `tk_typeref` of size 0
//!   at its name, `enclosing_routine` its function (`operator()` in a lambda),
//!   `is_local_to_function`, no linkage (`kind: is_alias` for `using`), with a `tk_array` at
//!   each `[` of its declarator;
//! - the `static` and memory-space locals of templates (function templates, members of class
//!   templates): prototype instantiations (`is_prototype_instantiation`), their types spelled
//!   with the template's parameters (`T#(1,1) [N]`, `B<T#(1,1), N>::nested`);
//! - the dependent member types `typename Q::N` (a `tk_template_param` of kind `tptk_member`,
//!   size 1, coordinates 0/0, at `N`), one per qualifier and name in each template, at its first
//!   occurrence there, when some occurrence is in a declaration EDG keeps in file scope (a class
//!   member, a function template's signature, a local typedef, a `static` local; an automatic
//!   local's use counts only for the position); and the member classes, unions and enums of a
//!   class template, each also such a type at its name.
//!
//! Rules measured with cudafe++ 13.0.88 on fixtures (`docs/spec/il-display.md`, "Declarations
//! in function bodies"). Only the primary source file's bodies are walked: their entries are
//! the ones compared, and headers' templates are many.
use std::fmt::Write as _;

use rustc_hash::{FxHashMap, FxHashSet};
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken};

use crate::IlDatabase;
use crate::cuda::MemorySpace;
use crate::instantiate::{Bound, Env, TemplateArg, parameters_as_arguments, template_params};
use crate::item::{Item, ItemKind};
use crate::lookup::ScopeRef;
use crate::resolve::{declarator_type_in, name_type_in, scope_of, specifier_type_in};
use crate::ty::{Cv, Ty, TyKind};

use super::syntactic::{
    array_types, declared_name, member_array_types, memory_space, object_declarators,
};
use super::{Located, field, flag, next_id, spell};

/// Writes the entries of the local typedefs, template `static` locals and dependent member
/// types of the primary file's function bodies and templates.
pub(super) fn entries<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let by_offset: FxHashMap<usize, Item<'db>> = located
        .offsets
        .iter()
        .map(|(&item, &o)| (o, item))
        .collect();
    for node in located.root.descendants() {
        // Templates' bodies are resolved in the primary file only: resolving every header
        // template costs more than the rest of the display, and only the own file is compared.
        let primary = located
            .lines
            .is_primary(usize::from(node.text_range().start()));
        match node.kind() {
            FUNCTION_DEF if primary || template_depth(&node) == 0 => {
                let Some(body) = node.children().find(|n| n.kind() == COMPOUND_STMT) else {
                    continue;
                };
                let scope = BodyScope::new(db, file, &node, &by_offset);
                let mut walk = Walk {
                    db,
                    located,
                    scope: &scope,
                    typedefs: Vec::new(),
                };
                walk.body(&body, ids, out);
            }
            // Dependent member types are per template: the outermost one holds the others.
            TEMPLATE_DECL
                if primary && !node.ancestors().skip(1).any(|a| a.kind() == TEMPLATE_DECL) =>
            {
                dependent_member_types(&node, located, ids, out);
                member_types_of_class_template(&node, located, ids, out);
            }
            _ => {}
        }
    }
}

/// Where a function body's names are resolved: the function's scope, the binding of its
/// templates' parameters to themselves, and their names per depth (for `T#(1,1)`).
struct BodyScope<'db> {
    from: ScopeRef<'db>,
    env: Env<'db>,
    names: Vec<Vec<String>>,
    /// The function's item was found: a template body is resolved only then.
    known: bool,
    in_template: bool,
}

impl<'db> BodyScope<'db> {
    fn new(
        db: &'db dyn IlDatabase,
        file: base_db::SourceFile,
        function: &SyntaxNode,
        by_offset: &FxHashMap<usize, Item<'db>>,
    ) -> BodyScope<'db> {
        let in_template = template_depth(function) > 0;
        let item = function_item(db, file, function, by_offset);
        let Some(item) = item else {
            return BodyScope {
                from: ScopeRef::File(file),
                env: None,
                names: Vec::new(),
                known: false,
                in_template,
            };
        };
        // The templates around the function, outermost first, each bound to its parameters.
        let mut templates: Vec<Item<'db>> = std::iter::successors(Some(item), |i| i.parent(db))
            .filter(|i| {
                matches!(
                    i.kind(db),
                    ItemKind::ClassTemplate | ItemKind::FunctionTemplate
                )
            })
            .filter(|&i| !template_params(db, i).is_empty())
            .collect();
        templates.reverse();
        let mut env: Env<'db> = None;
        let mut names = Vec::new();
        for (depth, &template) in templates.iter().enumerate() {
            let params = template_params(db, template);
            let args = parameters_as_arguments(db, params, depth as u32 + 1);
            env = Some(Bound::bind(db, template, args, env));
            names.push(params.iter().map(|p| p.name.clone()).collect());
        }
        BodyScope {
            from: scope_of(db, item),
            env,
            names,
            known: true,
            in_template: in_template || !templates.is_empty(),
        }
    }

    /// A type as EDG spells it in the template: parameters as `T#(1,1)`, non-type ones by name.
    fn spell(&self, db: &'db dyn IlDatabase, ty: Ty<'db>) -> String {
        let text = with_enum_arguments(db, ty, spell(db, ty));
        spell_params(&text, &self.names)
    }
}

/// The local typedefs seen so far in a body.
struct LocalTypedef<'db> {
    name: String,
    /// The block it is declared in and where: it is visible in the block after that.
    block: SyntaxNode,
    offset: usize,
    /// What it stands for.
    target: Ty<'db>,
}

struct Walk<'a, 'db> {
    db: &'db dyn IlDatabase,
    located: &'a Located<'a, 'db>,
    scope: &'a BodyScope<'db>,
    typedefs: Vec<LocalTypedef<'db>>,
}

impl<'db> Walk<'_, 'db> {
    /// The declarations of a body in source order, not those of local classes' members or of
    /// nested function definitions (walked on their own).
    fn body(&mut self, body: &SyntaxNode, ids: &mut usize, out: &mut String) {
        let mut stack: Vec<SyntaxNode> = vec![body.clone()];
        while let Some(node) = stack.pop() {
            match node.kind() {
                FUNCTION_DEF | MEMBER_LIST => continue,
                SIMPLE_DECLARATION | ALIAS_DECL
                    if node.parent().is_some_and(|p| p.kind() == DECL_STMT) =>
                {
                    self.declaration(&node, ids, out);
                }
                _ => {}
            }
            // Children pushed last first: popped in source order.
            let children: Vec<SyntaxNode> = node.children().collect();
            stack.extend(children.into_iter().rev());
        }
    }

    fn declaration(&mut self, decl: &SyntaxNode, ids: &mut usize, out: &mut String) {
        // A template body whose function we could not find is not resolved at all.
        if self.scope.in_template && !self.scope.known {
            return;
        }
        if decl.kind() == ALIAS_DECL {
            let Some(name) = decl
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)
            else {
                return;
            };
            let Some(type_id) = decl.children().find(|n| n.kind() == TYPE_ID) else {
                return;
            };
            let ty = self.type_of(
                &type_id,
                type_id.children().find(|n| n.kind() == DECLARATOR),
            );
            self.typedef_entry(decl, &name, ty, true, ids, out);
            self.record(decl, &name, &type_id, None);
            return;
        }
        let tokens: Vec<_> = decl.children_with_tokens().map(|e| e.kind()).collect();
        if let Some(enumeration) = decl.children().find(|n| n.kind() == ENUM_SPECIFIER) {
            self.enum_entry(decl, &enumeration, ids, out);
        }
        if tokens.contains(&TYPEDEF_KW) {
            // A typedef of a function type (`typedef int (*FP)(int)`, `typedef int F(int)`)
            // is a typedef too.
            let declarators = decl
                .children()
                .filter(|n| n.kind() == INIT_DECLARATOR)
                .filter_map(|init| init.children().find(|n| n.kind() == DECLARATOR));
            for declarator in declarators {
                // `(*FP)(int)`: the name is in the parenthesized declarator.
                let innermost = std::iter::successors(Some(declarator.clone()), |d| {
                    d.children().find(|n| n.kind() == DECLARATOR)
                })
                .last()
                .unwrap_or_else(|| declarator.clone());
                let Some(name) = declared_name(&innermost) else {
                    continue;
                };
                let ty = self.type_of(decl, Some(declarator.clone()));
                self.typedef_entry(decl, &name, ty, false, ids, out);
                let at = usize::from(name.text_range().start());
                member_array_types(
                    self.db,
                    self.located.root,
                    at,
                    ty,
                    self.located.lines,
                    ids,
                    out,
                );
                self.record(decl, &name, decl, Some(&declarator));
            }
            return;
        }
        // // An `extern` local is `syntactic.rs`'s (one entity for every instance of a template).
        let space = decl
            .children()
            .filter(|n| n.kind() == ATTRIBUTE_SPEC)
            .find_map(|spec| memory_space(&spec));
        let is_static = tokens.contains(&STATIC_KW);
        if tokens.contains(&EXTERN_KW) || !(is_static || space.is_some()) {
            return;
        }
        for declarator in object_declarators(decl) {
            let Some(name) = declared_name(&declarator) else {
                continue;
            };
            let mut ty = self.type_of(decl, Some(declarator.clone()));
            let is_constexpr = tokens.contains(&CONSTEXPR_KW);
            if is_constexpr {
                let cv = Cv {
                    is_const: true,
                    ..Cv::default()
                };
                ty = ty.qualified(self.db, cv);
            }
            let id = next_id(ids);
            out.push('\n');
            writeln!(out, "file-scope variable@l{id}").unwrap();
            self.local_corresp(decl, &name, id, out);
            let spelled = self.scope.spell(self.db, ty);
            field(out, "type", &format!("file-scope type@ty: {spelled}"));
            field(out, "storage_class", "sc_static");
            let declared = if is_static {
                "sc_static"
            } else {
                "sc_unspecified"
            };
            field(out, "declared_storage_class", declared);
            flag(
                out,
                "device",
                matches!(space, Some(MemorySpace::Device | MemorySpace::Managed)),
            );
            flag(out, "shared", space == Some(MemorySpace::Shared));
            flag(out, "constant", space == Some(MemorySpace::Constant));
            flag(out, "is_prototype_instantiation", self.scope.in_template);
            flag(out, "is_constexpr", is_constexpr);
            if self.scope.in_template {
                // Dependent arrays are of size 1 in a template.
                let at = usize::from(name.text_range().start());
                member_array_types(
                    self.db,
                    self.located.root,
                    at,
                    ty,
                    self.located.lines,
                    ids,
                    out,
                );
            } else {
                array_types(
                    self.db,
                    self.scope.from,
                    decl,
                    &declarator,
                    self.located.lines,
                    ids,
                    out,
                );
            }
        }
    }

    /// `source_corresp` of a local entity: no parent scope, its function as enclosing routine.
    fn local_corresp(&self, decl: &SyntaxNode, name: &SyntaxToken, id: usize, out: &mut String) {
        out.push_str("source_corresp:\n");
        field(
            out,
            "  name",
            &format!("file-scope id-name@l{id}: \"{}\"", name.text()),
        );
        let pos = self
            .located
            .lines
            .pos(usize::from(name.text_range().start()));
        field(out, "  decl_position.seq", &pos.seq.to_string());
        field(out, "  decl_position.column", &pos.column.to_string());
        field(out, "  parent_scope", "NULL");
        let routine = enclosing_routine_name(decl).unwrap_or_default();
        field(
            out,
            "  enclosing_routine",
            &format!("file-scope routine@r: {routine}"),
        );
        field(out, "  is_local_to_function", "TRUE");
        field(out, "  name_linkage", "no");
    }

    /// A local enumeration defined in the body (`enum E { e0 };`, `enum class S : char {...}`):
    /// an integer type of its underlying type's size, as at namespace scope.
    fn enum_entry(
        &self,
        decl: &SyntaxNode,
        enumeration: &SyntaxNode,
        ids: &mut usize,
        out: &mut String,
    ) {
        let defined = enumeration.children().any(|n| n.kind() == ENUMERATOR_LIST);
        let Some(name) = enumeration
            .children()
            .find(|n| n.kind() == NAME_REF)
            .and_then(|n| {
                n.children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| t.kind() == IDENT)
            })
        else {
            return;
        };
        if !defined {
            return;
        }
        // The underlying type: the written base (the elements after `:`), else `int` (values
        // beyond `int` are not looked at).
        let base = enumeration
            .children_with_tokens()
            .skip_while(|e| e.kind() != COLON)
            .skip(1)
            .take_while(|e| e.kind() != ENUMERATOR_LIST);
        let base = specifier_type_in(self.db, self.scope.from, self.scope.env, base);
        let underlying = match base.kind(self.db) {
            TyKind::Unknown => Ty::builtin(self.db, crate::ty::Builtin::Int),
            _ => base,
        };
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope type@l{id}").unwrap();
        self.local_corresp(decl, &name, id, out);
        if let Some(size) = crate::record::size_align_of(self.db, underlying) {
            field(out, "size", &size.size.to_string());
            field(out, "alignment", &size.align.to_string());
        }
        field(out, "kind", "tk_integer");
        field(out, "enum_type", "TRUE");
        let scoped = enumeration
            .children_with_tokens()
            .any(|t| matches!(t.kind(), CLASS_KW | STRUCT_KW));
        flag(out, "is_scoped_enum", scoped);
    }

    fn typedef_entry(
        &self,
        decl: &SyntaxNode,
        name: &SyntaxToken,
        ty: Ty<'db>,
        is_alias: bool,
        ids: &mut usize,
        out: &mut String,
    ) {
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope type@l{id}").unwrap();
        self.local_corresp(decl, name, id, out);
        field(out, "size", "0");
        field(out, "alignment", "1");
        field(out, "kind", "tk_typeref");
        let spelled = self.scope.spell(self.db, ty);
        field(
            out,
            "typeref_type",
            &format!("file-scope type@ty: {spelled}"),
        );
        field(out, "kind", if is_alias { "is_alias" } else { "none" });
    }

    /// Remembers a typedef for the names after it: what it stands for, its local names expanded.
    fn record(
        &mut self,
        decl: &SyntaxNode,
        name: &SyntaxToken,
        specifiers: &SyntaxNode,
        declarator: Option<&SyntaxNode>,
    ) {
        let Some(block) = decl.parent().and_then(|s| s.parent()) else {
            return;
        };
        let target = self.resolved_type_of(specifiers, declarator.cloned());
        self.typedefs.push(LocalTypedef {
            name: name.text().to_string(),
            block,
            offset: usize::from(decl.text_range().start()),
            target,
        });
    }

    /// The local typedef `name` stands for at `at`, if one is visible there.
    fn local_typedef(&self, name: &str, at: &SyntaxNode) -> Option<&LocalTypedef<'db>> {
        let offset = usize::from(at.text_range().start());
        self.typedefs
            .iter()
            .rev()
            .find(|t| t.name == name && t.offset < offset && at.ancestors().any(|a| a == t.block))
    }

    /// The type a declaration's specifiers and declarator give, as EDG keeps it: a local
    /// typedef's name as written (`static I s;` is an `I`), a dependent member type as
    /// `Q::N` with its qualifier resolved.
    fn type_of(&self, specifiers: &SyntaxNode, declarator: Option<SyntaxNode>) -> Ty<'db> {
        let db = self.db;
        let named = named_type_node(specifiers);
        let special = named.as_ref().and_then(|name| {
            if let Some(ident) = lone_ident(name)
                && self.local_typedef(&ident, name).is_some()
            {
                return Some(ident);
            }
            self.dependent_member_spelling(name)
        });
        let Some(text) = special else {
            return self.resolved_type_of(specifiers, declarator);
        };
        let cv = Cv {
            is_const: specifiers
                .children_with_tokens()
                .any(|e| e.kind() == CONST_KW),
            is_volatile: specifiers
                .children_with_tokens()
                .any(|e| e.kind() == VOLATILE_KW),
            is_restrict: false,
        };
        let base = Ty::new(db, TyKind::TemplateId(text)).qualified(db, cv);
        match declarator {
            Some(d) => declarator_type_in(db, self.scope.from, self.scope.env, base, &d),
            None => base,
        }
    }

    /// The type with local typedefs and dependent members resolved where we can.
    fn resolved_type_of(&self, specifiers: &SyntaxNode, declarator: Option<SyntaxNode>) -> Ty<'db> {
        let (db, from, env) = (self.db, self.scope.from, self.scope.env);
        let named = named_type_node(specifiers);
        let local = named.as_ref().and_then(|name| {
            let ident = lone_ident(name)?;
            Some(self.local_typedef(&ident, name)?.target)
        });
        let base = match local {
            Some(target) => {
                let cv = Cv {
                    is_const: specifiers
                        .children_with_tokens()
                        .any(|e| e.kind() == CONST_KW),
                    ..Cv::default()
                };
                target.qualified(db, cv)
            }
            None => match named
                .as_ref()
                .and_then(|n| self.dependent_member_spelling(n))
            {
                Some(text) => Ty::new(db, TyKind::TemplateId(text)),
                None => {
                    let ty = specifier_type_in(db, from, env, specifiers.children_with_tokens());
                    // A local class or enumeration: lookup does not see it; EDG spells its
                    // name (`typedef struct X {...} Y;`, `static L sl;`).
                    let local_name = || {
                        local_class_name(specifiers).or_else(|| named.as_ref().and_then(lone_ident))
                    };
                    match (ty.kind(db), local_name()) {
                        (TyKind::Unknown, Some(name)) => Ty::new(db, TyKind::TemplateId(name)),
                        _ => ty,
                    }
                }
            },
        };
        match declarator {
            Some(d) => declarator_type_in(db, from, env, base, &d),
            None => base,
        }
    }

    /// `Q::N` with `Q` dependent (see [`dependent_qualifier`]): EDG's spelling, the qualifier
    /// resolved (`W<T#(1,1)>::value_type`, a local alias's target) except a parameter alone
    /// (`T::value_type`).
    fn dependent_member_spelling(&self, name: &SyntaxNode) -> Option<String> {
        let db = self.db;
        let segments = segments(name)?;
        let qualifier = dependent_qualifier(name, &segments, &local_alias_is_dependent)?;
        let member = segment_ident(segments.last()?)?;
        let first = &segments[0];
        let prefix = match qualifier {
            Qualifier::Param => segment_ident(first)?,
            Qualifier::LocalTypedef => {
                let t = self.local_typedef(&segment_ident(first)?, first)?;
                self.scope.spell(db, t.target)
            }
            Qualifier::TemplateId if segments.len() == 2 => {
                let ty = name_type_in(db, self.scope.from, self.scope.env, first);
                if matches!(ty.kind(db), TyKind::Unknown | TyKind::TemplateId(_)) {
                    return None;
                }
                self.scope.spell(db, ty)
            }
            Qualifier::TemplateId => return None,
        };
        Some(format!("{prefix}::{member}"))
    }
}

/// The name node a declaration's specifiers name a type with (directly, or after `typename`).
fn named_type_node(specifiers: &SyntaxNode) -> Option<SyntaxNode> {
    specifiers.children().find_map(|n| match n.kind() {
        NAME_REF | QUALIFIED_NAME => Some(n),
        ELABORATED_TYPE => n
            .children()
            .find(|c| matches!(c.kind(), NAME_REF | QUALIFIED_NAME)),
        _ => None,
    })
}

/// `typedef struct X {...} Y;`: `X`.
fn local_class_name(specifiers: &SyntaxNode) -> Option<String> {
    let class = specifiers
        .children()
        .find(|n| matches!(n.kind(), CLASS_SPECIFIER | ENUM_SPECIFIER))?;
    let name = class.children().find(|n| n.kind() == NAME_REF)?;
    lone_ident(&name)
}

/// The identifier of a name that is one plain identifier (no template arguments).
fn lone_ident(name: &SyntaxNode) -> Option<String> {
    if name.kind() != NAME_REF || name.children().next().is_some() {
        return None;
    }
    segment_ident(name)
}

fn segment_ident(segment: &SyntaxNode) -> Option<String> {
    segment
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == IDENT)
        .map(|t| t.text().to_string())
}

/// The segments of a qualified name (`None` for an unqualified one or a `::`-rooted one).
fn segments(name: &SyntaxNode) -> Option<Vec<SyntaxNode>> {
    if name.kind() != QUALIFIED_NAME {
        return None;
    }
    let first = name
        .children_with_tokens()
        .find(|e| !e.kind().is_trivia())?;
    if first.kind() == COLON2 {
        return None;
    }
    let segments: Vec<SyntaxNode> = name.children().filter(|n| n.kind() == NAME_REF).collect();
    (segments.len() >= 2).then_some(segments)
}

/// What makes a qualifier dependent.
enum Qualifier {
    /// A template type parameter alone (`T::N`).
    Param,
    /// A local typedef of a dependent type (`Reduce::TempStorage`).
    LocalTypedef,
    /// A template-id with dependent arguments, after namespaces (`cub::BlockReduce<int, B>::N`).
    TemplateId,
}

/// Whether `Q::N` names a member of a dependent class `Q` with `N` the only segment after the
/// dependent one (deeper names, `T::inner::deep`, make entries of other kinds: not yet).
fn dependent_qualifier(
    name: &SyntaxNode,
    segments: &[SyntaxNode],
    dependent_local: &dyn Fn(&str, &SyntaxNode) -> bool,
) -> Option<Qualifier> {
    let params = template_param_names(name);
    if params.is_empty() {
        return None;
    }
    let last = segments.len() - 1;
    // Only the segment before the member may be dependent.
    let mentions_param = |segment: &SyntaxNode| {
        segment
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .any(|t| t.kind() == IDENT && params.contains(t.text()))
    };
    let first = &segments[0];
    let first_ident = segment_ident(first)?;
    let has_args = |s: &SyntaxNode| s.children().any(|n| n.kind() == TEMPLATE_ARG_LIST);
    if last == 1 && !has_args(first) {
        if params.contains(first_ident.as_str()) {
            return Some(Qualifier::Param);
        }
        if dependent_local(&first_ident, name) {
            return Some(Qualifier::LocalTypedef);
        }
    }
    let dependent_at = segments
        .iter()
        .position(|s| has_args(s) && mentions_param(s))?;
    (dependent_at + 1 == last && !segments[..dependent_at].iter().any(mentions_param))
        .then_some(Qualifier::TemplateId)
}

/// The names of the template parameters visible at `node`.
fn template_param_names(node: &SyntaxNode) -> FxHashSet<String> {
    node.ancestors()
        .filter(|a| a.kind() == TEMPLATE_DECL)
        .filter_map(|t| t.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST))
        .flat_map(|list| list.children())
        .filter_map(|p| match p.kind() {
            TYPE_PARAM | TEMPLATE_TEMPLATE_PARAM => p
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)
                .map(|t| t.text().to_string()),
            PARAM => p
                .children()
                .find(|n| n.kind() == DECLARATOR)
                .and_then(|d| declared_name(&d))
                .map(|t| t.text().to_string()),
            _ => None,
        })
        .collect()
}

/// How many templates (with parameters) enclose a node.
fn template_depth(node: &SyntaxNode) -> usize {
    node.ancestors()
        .filter(|a| {
            a.kind() == TEMPLATE_DECL
                && a.children()
                    .find(|n| n.kind() == TEMPLATE_PARAM_LIST)
                    .is_some_and(|l| l.children().next().is_some())
        })
        .count()
}

/// The item of a function definition: the routine or function template logged at its name,
/// or for a member defined in its class (members of class templates are not logged there) the
/// class's member of that name.
fn function_item<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    function: &SyntaxNode,
    by_offset: &FxHashMap<usize, Item<'db>>,
) -> Option<Item<'db>> {
    let is_function =
        |i: &Item<'db>| matches!(i.kind(db), ItemKind::Routine | ItemKind::FunctionTemplate);
    let name = function_name(function)?;
    if let Some(&item) = by_offset.get(&usize::from(name.text_range().start()))
        && is_function(&item)
    {
        return Some(item);
    }
    let class_item = match function.ancestors().find(|a| a.kind() == CLASS_SPECIFIER) {
        Some(class) => {
            let class_name = class.children().find(|n| n.kind() == NAME_REF)?;
            *by_offset.get(&usize::from(class_name.text_range().start()))?
        }
        // `template <...> void B<T, N>::m() {...}`: the class the qualifier names.
        None => qualifying_class(db, file, function, by_offset)?,
    };
    crate::scope::scope_items(db, class_item)
        .iter()
        .copied()
        .filter(is_function)
        .find(|m| m.name_text(db) == Some(name.text()))
}

/// The class a member function definition outside its class names (`B` in `B<T, N>::m`),
/// looked up from the namespace around the definition.
fn qualifying_class<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    function: &SyntaxNode,
    by_offset: &FxHashMap<usize, Item<'db>>,
) -> Option<Item<'db>> {
    let declarator = function.children().find(|n| n.kind() == DECLARATOR)?;
    let name = declarator
        .descendants()
        .find(|n| n.kind() == QUALIFIED_NAME)?;
    let segments: Vec<SyntaxNode> = name.children().filter(|n| n.kind() == NAME_REF).collect();
    let class = segment_ident(segments.get(segments.len().checked_sub(2)?)?)?;
    let scope = function
        .ancestors()
        .find(|a| a.kind() == NAMESPACE)
        .and_then(|ns| {
            let name = ns
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)?;
            by_offset
                .get(&usize::from(name.text_range().start()))
                .copied()
        })
        .map_or(ScopeRef::File(file), ScopeRef::Item);
    crate::lookup::lookup_unqualified(db, scope, &class)
        .into_iter()
        .find(|i| {
            matches!(
                i.kind(db),
                ItemKind::ClassTemplate | ItemKind::Class | ItemKind::Struct
            )
        })
}

/// A function definition's name token (the last segment of a qualified one).
fn function_name(function: &SyntaxNode) -> Option<SyntaxToken> {
    let declarator = function.children().find(|n| n.kind() == DECLARATOR)?;
    let name = declarator
        .descendants()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
    let segment = if name.kind() == QUALIFIED_NAME {
        name.children().filter(|n| n.kind() == NAME_REF).last()?
    } else {
        name
    };
    segment
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == IDENT)
}

/// The routine a local belongs to: its function (last name segment), or a lambda's
/// `operator()`.
fn enclosing_routine_name(node: &SyntaxNode) -> Option<String> {
    let owner = node
        .ancestors()
        .find(|a| matches!(a.kind(), FUNCTION_DEF | LAMBDA_EXPR))?;
    if owner.kind() == LAMBDA_EXPR {
        return Some("operator()".to_string());
    }
    function_name(&owner).map(|t| t.text().to_string())
}

/// `Ty::display`'s parameter spellings as EDG's display writes them in a template:
/// `<template parameter 1.0>` is `T#(1,1)`; a non-type parameter is its name (`N`, also where
/// an array bound converts it).
fn spell_params(text: &str, names: &[Vec<String>]) -> String {
    let mut text = text.to_string();
    // `A<B<int> >` keeps a space before a closing `>` only after another `>`.
    let mut replace = |from: String, to: String| {
        text = text
            .replace(&format!("{from} >"), &format!("{to}>"))
            .replace(&from, &to);
    };
    for (d, level) in names.iter().enumerate() {
        for (i, name) in level.iter().enumerate() {
            replace(
                format!("<template parameter {}.{i}>", d + 1),
                format!("{name}#({},{})", d + 1, i + 1),
            );
        }
    }
    // // `<parameter i>` carries no depth: the innermost template's parameter. A local's array
    // bound is the parameter as written (`T#(1,1) [N]`), without the conversion to `size_t`
    // a class member's has.
    for level in names.iter().rev() {
        for (i, name) in level.iter().enumerate() {
            replace(format!("[((unsigned long){name})]"), format!("[{name}]"));
            replace(format!("((unsigned long)<parameter {i}>)"), name.clone());
            replace(format!("<parameter {i}>"), name.clone());
        }
    }
    text
}

/// EDG writes a non-type template argument of enumeration type as a cast
/// (`BlockReduce<int, BLOCK, (cub::BlockReduceAlgorithm)2, 1, 1>`); `Ty::display` writes the
/// value. Rewrites each instance in `ty`'s spelling whose template has such a parameter.
fn with_enum_arguments<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>, text: String) -> String {
    let mut instances: Vec<(Item<'db>, Vec<TemplateArg<'db>>)> = Vec::new();
    collect_instances(db, ty, &mut instances);
    let mut text = text;
    for (template, args) in instances {
        let enums = enum_params(db, template);
        if !args.iter().enumerate().any(|(i, a)| {
            matches!(a, TemplateArg::Value(_)) && enums.get(i).is_some_and(Option::is_some)
        }) {
            continue;
        }
        let plain = Ty::new(
            db,
            TyKind::Instance(crate::instantiate::ClassInstance::new(
                db,
                template,
                args.clone(),
            )),
        )
        .display(db);
        let spelled: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(i, a)| match (a, enums.get(i).and_then(Option::as_ref)) {
                (TemplateArg::Value(v), Some(e)) => format!("({e}){v}"),
                _ => {
                    let one = Ty::new(
                        db,
                        TyKind::Instance(crate::instantiate::ClassInstance::new(
                            db,
                            template,
                            vec![a.clone()],
                        )),
                    )
                    .display(db);
                    let inner = one
                        .split_once('<')
                        .map_or("", |(_, rest)| rest.trim_end_matches('>').trim_end());
                    inner.to_string()
                }
            })
            .collect();
        let name = template.qualified_name(db);
        let joined = spelled.join(", ");
        let close = if joined.ends_with('>') { " >" } else { ">" };
        text = text.replace(&plain, &format!("{name}<{joined}{close}"));
    }
    text
}

/// The class template instances a type's spelling mentions, with their arguments.
fn collect_instances<'db>(
    db: &'db dyn IlDatabase,
    ty: Ty<'db>,
    out: &mut Vec<(Item<'db>, Vec<TemplateArg<'db>>)>,
) {
    match ty.kind(db) {
        TyKind::Qualified(_, t)
        | TyKind::Pointer(t)
        | TyKind::Reference(_, t)
        | TyKind::Array(t, _)
        | TyKind::DependentArray(t, _) => collect_instances(db, *t, out),
        TyKind::Instance(inst) => {
            if inst.class(db).kind(db) == ItemKind::ClassTemplate {
                out.push((inst.class(db), inst.args(db).clone()));
            }
            let mut outer = inst.outer(db);
            while let Some(b) = outer {
                out.push((b.definition(db), b.args(db).clone()));
                outer = b.outer(db);
            }
            for a in inst.args(db) {
                if let TemplateArg::Type(t) = a {
                    collect_instances(db, *t, out);
                }
            }
        }
        _ => {}
    }
}

/// Per parameter of a class template, the qualified name of its enumeration type if it is a
/// non-type parameter of one.
fn enum_params(db: &dyn IlDatabase, template: Item<'_>) -> Vec<Option<String>> {
    let header = SyntaxNode::new_root(template.header(db).clone());
    let Some(list) = header.children().find(|n| n.kind() == TEMPLATE_PARAM_LIST) else {
        return Vec::new();
    };
    list.children()
        .filter(|p| matches!(p.kind(), TYPE_PARAM | PARAM | TEMPLATE_TEMPLATE_PARAM))
        .map(|p| {
            if p.kind() != PARAM {
                return None;
            }
            let ty = specifier_type_in(db, scope_of(db, template), None, p.children_with_tokens());
            match crate::instantiate::canonical(db, ty).kind(db) {
                TyKind::Enum(e) => Some(e.qualified_name(db)),
                _ => None,
            }
        })
        .collect()
}

/// Where a dependent member type's occurrence is, for EDG's memory regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Region {
    /// A declaration EDG keeps in file scope: the type is a file-scope entry.
    File,
    /// An automatic local's type: in its function's region unless a file-scope use shares it.
    Function,
}

/// The `tptk_member` types of a template's dependent qualified names: one per (qualifier,
/// member) at its first occurrence, printed when some occurrence is in file scope.
fn dependent_member_types(
    template: &SyntaxNode,
    located: &Located<'_, '_>,
    ids: &mut usize,
    out: &mut String,
) {
    // (qualifier, member) -> first occurrence's member token, whether any is in file scope.
    let mut found: Vec<(String, SyntaxToken, bool)> = Vec::new();
    let mut index: FxHashMap<String, usize> = FxHashMap::default();
    for name in template
        .descendants()
        .filter(|n| n.kind() == QUALIFIED_NAME)
    {
        let Some(region) = occurrence_region(&name) else {
            continue;
        };
        let Some(segments) = segments(&name) else {
            continue;
        };
        if dependent_qualifier(&name, &segments, &local_alias_is_dependent).is_none() {
            continue;
        }
        let Some(member) = segments.last().and_then(|s| {
            s.children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)
        }) else {
            continue;
        };
        let qualifier: String = segments[..segments.len() - 1]
            .iter()
            .map(crate::lower::tokens_text)
            .collect::<Vec<_>>()
            .join("::");
        let key = format!("{qualifier}::{}", member.text());
        match index.get(&key) {
            Some(&i) => found[i].2 |= region == Region::File,
            None => {
                index.insert(key.clone(), found.len());
                found.push((key, member, region == Region::File));
            }
        }
    }
    for (_, member, in_file_scope) in found {
        if in_file_scope {
            member_type_entry(&member, located, ids, out);
        }
    }
}

/// Whether the local typedef `ident` visible at `at` (in a function body) stands for a
/// dependent type: its written type names a template parameter.
fn local_alias_is_dependent(ident: &str, at: &SyntaxNode) -> bool {
    let offset = at.text_range().start();
    // The nearest earlier declaration of the name in an enclosing block.
    let Some(decl) = at
        .ancestors()
        .filter(|a| a.kind() == COMPOUND_STMT)
        .find_map(|block| {
            block
                .children()
                .filter(|s| s.kind() == DECL_STMT && s.text_range().start() < offset)
                .filter_map(|s| s.children().next())
                .filter(|d| declares_typedef(d, ident))
                .last()
        })
    else {
        return false;
    };
    let params = template_param_names(&decl);
    decl.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .any(|t| t.kind() == IDENT && params.contains(t.text()))
}

/// Whether a block-scope declaration is a typedef or alias of `ident`.
fn declares_typedef(decl: &SyntaxNode, ident: &str) -> bool {
    match decl.kind() {
        ALIAS_DECL => decl
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == IDENT)
            .is_some_and(|t| t.text() == ident),
        SIMPLE_DECLARATION => {
            decl.children_with_tokens().any(|e| e.kind() == TYPEDEF_KW)
                && object_declarators(decl)
                    .iter()
                    .filter_map(declared_name)
                    .any(|t| t.text() == ident)
        }
        _ => false,
    }
}

/// Where a qualified name is a type whose dependent member EDG allocates: `None` when it is no
/// declaration's type (an expression, a declarator's own name, an initializer).
fn occurrence_region(name: &SyntaxNode) -> Option<Region> {
    let parent = name.parent()?;
    let holder = match parent.kind() {
        ELABORATED_TYPE => parent.parent()?,
        SIMPLE_DECLARATION | PARAM | TYPE_ID | FUNCTION_DEF | ALIAS_DECL => parent,
        _ => return None,
    };
    // A type-id as an alias's target or a template argument belongs to its declaration.
    let decl = holder.ancestors().find(|a| {
        matches!(
            a.kind(),
            SIMPLE_DECLARATION | PARAM | FUNCTION_DEF | ALIAS_DECL
        )
    })?;
    // Not in an initializer or a declarator (besides a parameter's).
    if holder
        .ancestors()
        .take_while(|a| *a != decl)
        .any(|a| matches!(a.kind(), INITIALIZER | INIT_DECLARATOR | DECLARATOR))
    {
        return None;
    }
    let in_body = decl.ancestors().any(|a| a.kind() == COMPOUND_STMT);
    if !in_body || decl.kind() == ALIAS_DECL {
        // Parameters of local lambdas are theirs, not the template's: leave them.
        return (!in_body || decl.parent().is_some_and(|p| p.kind() == DECL_STMT))
            .then_some(Region::File);
    }
    if decl.kind() != SIMPLE_DECLARATION || decl.parent().is_none_or(|p| p.kind() != DECL_STMT) {
        return None;
    }
    let keeps_file_scope = decl.children_with_tokens().any(|e| {
        matches!(e.kind(), TYPEDEF_KW | STATIC_KW)
            || (e.kind() == ATTRIBUTE_SPEC && memory_space(e.as_node().unwrap()).is_some())
    });
    Some(if keeps_file_scope {
        Region::File
    } else {
        Region::Function
    })
}

/// The member classes, unions and enums of a class template (declared or defined): each a
/// `tptk_member` type at its name besides its own entry.
fn member_types_of_class_template(
    template: &SyntaxNode,
    located: &Located<'_, '_>,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(class) = template.children().find_map(|n| match n.kind() {
        SIMPLE_DECLARATION => n.children().find(|c| c.kind() == CLASS_SPECIFIER),
        _ => None,
    }) else {
        return;
    };
    let Some(members) = class.children().find(|n| n.kind() == MEMBER_LIST) else {
        return;
    };
    for decl in members
        .children()
        .filter(|n| n.kind() == SIMPLE_DECLARATION)
    {
        // `struct N {...};`, `class M;`, `enum E {...};`: no declarator, a named class-key.
        if decl.children().any(|n| n.kind() == INIT_DECLARATOR) {
            continue;
        }
        let Some(specifier) = decl
            .children()
            .find(|n| matches!(n.kind(), CLASS_SPECIFIER | ENUM_SPECIFIER | ELABORATED_TYPE))
        else {
            continue;
        };
        let Some(name) = specifier
            .children()
            .find(|n| n.kind() == NAME_REF)
            .and_then(|n| {
                n.children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| t.kind() == IDENT)
            })
        else {
            continue;
        };
        member_type_entry(&name, located, ids, out);
    }
}

/// A `tptk_member` type: a member of a class not known until instantiation.
fn member_type_entry(
    member: &SyntaxToken,
    located: &Located<'_, '_>,
    ids: &mut usize,
    out: &mut String,
) {
    let id = next_id(ids);
    out.push('\n');
    writeln!(out, "file-scope type@l{id}").unwrap();
    out.push_str("source_corresp:\n");
    field(
        out,
        "  name",
        &format!("file-scope id-name@l{id}: \"{}\"", member.text()),
    );
    let pos = located.lines.pos(usize::from(member.text_range().start()));
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    field(out, "  is_class_member", "TRUE");
    field(out, "  access", "as_public");
    field(out, "  enclosing_routine", "NULL");
    field(out, "  name_linkage", "no");
    field(out, "size", "1");
    field(out, "alignment", "1");
    field(out, "kind", "tk_template_param");
    field(out, "kind", "tptk_member");
    field(out, "coordinates.position", "0");
    field(out, "coordinates.depth", "0");
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// One line per entry of this module (`@l` ids) and of the local `static`s and arrays:
    /// kind, name, position, kinds, enclosing routine, type, flags. Every expectation below is
    /// what cudafe++ 13.0.88 prints for the fixture (its entries summarized the same way).
    fn locals(text: &str) -> String {
        let out = crate::il_display::display_fixture(text);
        let mut lines: Vec<String> = out
            .split("\n\n")
            .filter(|e| e.lines().next().is_some_and(|h| h.contains("@l")))
            .map(|e| {
                let get = |label: &str| crate::il_display::entry_field(e, label);
                let all = |label: &str| -> Vec<String> {
                    e.lines()
                        .filter(|l| l.starts_with(&format!("{label}:")))
                        .map(|l| l.split_once(':').unwrap().1.trim().to_string())
                        .collect()
                };
                let short = |v: String| {
                    v.rsplit_once(": ")
                        .map_or(v.clone(), |(_, v)| v.to_string())
                };
                let kind = e
                    .lines()
                    .next()
                    .unwrap()
                    .split('@')
                    .next()
                    .unwrap()
                    .to_string();
                let ty = [get("type:"), get("typeref_type")].concat();
                let mut line = format!(
                    "{} {} {}:{} {} er={} t={}",
                    kind.trim_start_matches("file-scope "),
                    short(get("name:")),
                    get("decl_position.seq"),
                    get("decl_position.column"),
                    all("kind").join("/"),
                    short(get("enclosing_routine")),
                    short(ty),
                );
                let size = get("size");
                if !size.is_empty() {
                    line.push_str(&format!(" size={size}"));
                }
                for flag in ["is_prototype_instantiation", "shared"] {
                    if e.contains(&format!("{flag}:")) {
                        line.push_str(&format!(" {flag}"));
                    }
                }
                line.trim_end().to_string()
            })
            .collect();
        lines.sort();
        lines.join("\n") + "\n"
    }

    #[test]
    fn local_typedefs_are_file_scope_types_of_their_function() {
        expect![[r#"
            type "A3" 3:15 tk_typeref/none er=f t=int [3] size=0
            type "FC" 9:65 tk_typeref/none er=f t=char size=0
            type "FP" 11:17 tk_typeref/none er=f t=int (*)(int) size=0
            type "I" 5:15 tk_typeref/none er=f t=int size=0
            type "J" 6:13 tk_typeref/none er=f t=I size=0
            type "LS" 10:31 tk_typeref/none er=operator() t=short size=0
            type "MI" 1:35 tk_typeref/none er=m t=int size=0
            type "NL" 9:18 tk_typeref/none er=f t=long size=0
            type "U" 12:9 tk_typeref/is_alias er=f t=const I * size=0
            type "Y" 4:31 tk_typeref/none er=f t=X size=0
            type "YP" 4:35 tk_typeref/none er=f t=X * size=0
            variable "si" 7:12  er=f t=I
            variable "sj" 8:12  er=f t=J
        "#]]
        .assert_eq(&locals(
            "struct S { void m() { typedef int MI; } };\n\
             void f() {\n\
             \x20 typedef int A3[3];\n\
             \x20 typedef struct X { int a; } Y, *YP;\n\
             \x20 typedef int I;\n\
             \x20 typedef I J;\n\
             \x20 static I si;\n\
             \x20 static J sj;\n\
             \x20 { typedef long NL; for (int q = 0; q < 1; ++q) { typedef char FC; } }\n\
             \x20 auto l = [] { typedef short LS; return 0; };\n\
             \x20 typedef int (*FP)(int);\n\
             \x20 using U = const I *;\n\
             }\n",
        ));
    }

    #[test]
    fn template_locals_are_prototype_instantiations() {
        expect![[r#"
            type "BT" 27:19 tk_typeref/none er=g t=B<T#(1,1), N> size=0
            type "MT" 16:74 tk_typeref/none er=mt t=T#(1,1) size=0
            type "MU" 16:47 tk_typeref/none er=mt t=U#(2,1) size=0
            type "OT" 18:60 tk_typeref/none er=m t=T#(1,1) size=0
            type "TA" 26:13 tk_typeref/none er=g t=T#(1,1) [N] size=0
            type "nested" 29:23 tk_template_param/tptk_member er=NULL t= size=1
            variable "bt" 28:13  er=g t=BT is_prototype_instantiation
            variable "nn" 29:30  er=g t=B<T#(1,1), N>::nested is_prototype_instantiation
            variable "oi" 18:91  er=m t=int [4] is_prototype_instantiation
            variable "ot" 18:73  er=m t=T#(1,1) [N] is_prototype_instantiation
            variable "sa" 21:12  er=g t=T#(1,1) [N] is_prototype_instantiation
            variable "sc" 22:20  er=g t=const int is_prototype_instantiation
            variable "si" 25:14  er=g t=int is_prototype_instantiation
            variable "st" 20:12  er=g t=T#(1,1) is_prototype_instantiation
            variable "su" 16:60  er=mt t=U#(2,1) is_prototype_instantiation
            variable "sx" 23:24  er=g t=const int is_prototype_instantiation
            variable "tile" 24:29  er=g t=T#(1,1) [N][N] is_prototype_instantiation shared
        "#]]
        .assert_eq(&locals(
            "struct S { void m() { } };\n\
             void f() {\n\n\n\n\n\n\n\n\n\n\n}\n\
             template <typename T, int N> struct B {\n\
             \x20 void m();\n\
             \x20 template <typename U> void mt() { typedef U MU; static U su; typedef T MT; }\n\
             };\n\
             template <typename T, int N> void B<T, N>::m() { typedef T OT; static T ot[N]; static int oi[4]; }\n\
             template <typename T, int N> __attribute__((global)) void g() {\n\
             \x20 static T st;\n\
             \x20 static T sa[N];\n\
             \x20 static const int sc = 3;\n\
             \x20 static constexpr int sx = N;\n\
             \x20 __attribute__((shared)) T tile[N][N];\n\
             \x20 static int si = 4;\n\
             \x20 typedef T TA[N];\n\
             \x20 typedef B<T, N> BT;\n\
             \x20 static BT bt;\n\
             \x20 static typename BT::nested nn;\n\
             }\n",
        ));
    }

    /// One `tptk_member` per qualifier and member in each template, at its first occurrence
    /// (an automatic local's included), when one occurrence is in file scope.
    #[test]
    fn dependent_member_types_once_per_template() {
        expect![[r#"
            type "L" 5:96 tk_typeref/none er=f t=T::vt size=0
            type "O" 5:125 tk_typeref/none er=f t=T::other size=0
            type "other" 5:119 tk_template_param/tptk_member er=NULL t= size=1
            type "vt" 1:54 tk_template_param/tptk_member er=NULL t= size=1
            type "vt" 2:54 tk_template_param/tptk_member er=NULL t= size=1
            type "vt" 3:54 tk_template_param/tptk_member er=NULL t= size=1
            type "vt" 4:66 tk_template_param/tptk_member er=NULL t= size=1
            type "vt" 5:42 tk_template_param/tptk_member er=NULL t= size=1
            type "vt" 6:53 tk_template_param/tptk_member er=NULL t= size=1
            type "vt" 7:46 tk_template_param/tptk_member er=NULL t= size=1
            variable "s" 5:70  er=f t=T::vt is_prototype_instantiation
            variable "s" 6:56  er=g t=T::vt is_prototype_instantiation
            variable "s" 7:74  er=h t=T::vt is_prototype_instantiation
            variable "s2" 6:81  er=g t=T::vt is_prototype_instantiation
        "#]]
        .assert_eq(&locals(
            "template <typename T> struct A { typedef typename T::vt vt; };\n\
             template <typename T> struct B { typedef typename T::vt vt; };\n\
             template <typename U> struct C { typedef typename U::vt vt; };\n\
             template <typename T, typename U> struct D { typedef typename U::vt vt; };\n\
             template <typename T> void f(typename T::vt) { static typename T::vt s; typedef typename T::vt L; typedef typename T::other O; }\n\
             template <typename T> void g() { static typename T::vt s; static typename T::vt s2; }\n\
             template <typename T> void h() { typename T::vt a; static typename T::vt s; }\n",
        ));
    }

    /// cub's `BlockReduce` pattern: a local alias of a dependent template-id, its default
    /// arguments filled in (an enumeration's value as a cast), and a `__shared__` object of
    /// its member type; member classes of a class template are dependent member types too.
    #[test]
    fn shared_storage_of_a_local_alias_member() {
        expect![[r#"
            type "R" 4:9 tk_typeref/is_alias er=k t=Red<int, B, (ns::Algo)2, 1> size=0
            type "TS" 2:82 tk_template_param/tptk_member er=NULL t= size=1
            type "TS" 5:39 tk_template_param/tptk_member er=NULL t= size=1
            variable "s" 5:42  er=k t=Red<int, B, (ns::Algo)2, 1>::TS is_prototype_instantiation shared
        "#]]
        .assert_eq(&locals(
            "namespace ns { enum Algo { A0, A1, A2 }; }\n\
             template <typename T, int N, ns::Algo A = ns::A2, int Y = 1> struct Red { struct TS { T t[N]; }; };\n\
             template <int B> __attribute__((global)) void k(int *o) {\n\
             \x20 using R = Red<int, B>;\n\
             \x20 __attribute__((shared)) typename R::TS s;\n\
             \x20 o[0] = s.t[0];\n\
             }\n",
        ));
    }

    /// Local enumerations, also in templates, are types of their function; a local type's
    /// name is its spelling. (The local classes of templates, `L` here, are not printed yet.)
    #[test]
    fn local_enumerations_and_local_class_types() {
        expect![[r#"
            type "E" 3:8 tk_integer er=g t= size=4
            type "SE" 4:14 tk_integer er=g t= size=1
            variable "sl" 5:12  er=g t=L is_prototype_instantiation
        "#]]
        .assert_eq(&locals(
            "template <typename T> void g(T v) {\n\
             \x20 struct L { T a; int b; };\n\
             \x20 enum E { e0, e1 };\n\
             \x20 enum class SE : char { x };\n\
             \x20 static L sl;\n\
             \x20 L l{v, 1}; (void)l;\n\
             }\n",
        ));
    }
}
