//! What EDG allocates in file scope for declarations inside function bodies (the `extern`
//! locals are `syntactic.rs`'s):
//!
//! - every local `typedef` and alias-declaration (`using R = W<int>;`): a `tk_typeref` of size 0
//!   at its name, `enclosing_routine` its function (`operator()` in a lambda),
//!   `is_local_to_function`, no linkage (`kind: is_alias` for `using`), with a `tk_array` at
//!   each `[` of its declarator;
//! - every `static` and memory-space local (`sc_static`, its function as enclosing routine); in
//!   templates (function templates, members of class templates) a prototype instantiation
//!   (`is_prototype_instantiation`), its type spelled with the template's parameters
//!   (`T#(1,1) [N]`, `B<T#(1,1), N>::nested`: `spelling.rs`);
//! - every local enumeration, an integer type of its function;
//! - the dependent member types `typename Q::N` (`dependent.rs`).
//!
//! Local typedefs are kept as written where EDG keeps them (`static I s;` is an `I`) and stand
//! for their targets as qualifiers (`Reduce::TempStorage`). Rules measured with cudafe++ 13.0.88
//! on fixtures (`docs/spec/il-display.md`, "Declarations in function bodies"). Templates are
//! walked in the primary source file only: their entries are the ones compared, and resolving
//! every header template costs more than the rest of the display.
mod dependent;
mod spelling;

use std::fmt::Write as _;

use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken};

use il::IlDatabase;
use il::cuda::MemorySpace;
use il::instantiate::{Bound, Env, parameters_as_arguments, template_params};
use il::item::{Item, ItemKind};
use il::lookup::ScopeRef;
use il::resolve::{declarator_type_in, name_type_in, scope_of, specifier_type_in};
use il::ty::{Cv, Ty, TyKind};

use super::syntactic::{
    array_types, declared_name, member_array_types, memory_space, object_declarators,
};
use super::{Located, field, flag, next_id, spell};
use dependent::{
    Qualifier, dependent_member_types, dependent_qualifier, local_alias_is_dependent,
    member_types_of_class_template, segments,
};
use spelling::{spell_params, with_enum_arguments};

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
    // Templates' bodies are resolved in the primary file only: resolving every header template
    // costs more than the rest of the display, and only the own file is compared.
    let primary = |node: &SyntaxNode| {
        located
            .lines
            .is_primary(usize::from(node.text_range().start()))
    };
    for node in located.root.descendants() {
        match node.kind() {
            FUNCTION_DEF if template_depth(&node) == 0 || primary(&node) => {
                let Some(body) = node.children().find(|n| n.kind() == COMPOUND_STMT) else {
                    continue;
                };
                // Most bodies declare nothing EDG keeps in file scope: not worth a scope.
                let declares = body.descendants_with_tokens().any(|e| {
                    matches!(
                        e.kind(),
                        TYPEDEF_KW | ALIAS_DECL | STATIC_KW | ATTRIBUTE_SPEC | ENUM_SPECIFIER
                    )
                });
                if !declares {
                    continue;
                }
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
                if !node.ancestors().skip(1).any(|a| a.kind() == TEMPLATE_DECL)
                    && primary(&node) =>
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
            TyKind::Unknown => Ty::builtin(self.db, il::ty::Builtin::Int),
            _ => base,
        };
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope type@l{id}").unwrap();
        self.local_corresp(decl, &name, id, out);
        if let Some(size) = il::record::size_align_of(self.db, underlying) {
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
            if let Some(ident) = lone_ident(name) {
                if self.local_typedef(&ident, name).is_some() {
                    return Some(ident);
                }
                if let Some(member) = self.current_member_typedef(&ident) {
                    return Some(member);
                }
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

    /// A member typedef of the class template whose member function this is, named alone:
    /// EDG keeps it, qualified by the template's own instance (`V<T#(1,1)>::X`).
    fn current_member_typedef(&self, ident: &str) -> Option<String> {
        let db = self.db;
        if il::instantiate::lookup_param(db, self.scope.env, ident).is_some() {
            return None;
        }
        let bound = std::iter::successors(self.scope.env, |b| b.outer(db))
            .find(|b| b.definition(db).kind(db) == ItemKind::ClassTemplate)?;
        let class = bound.definition(db);
        il::scope::scope_items(db, class)
            .iter()
            .any(|m| m.kind(db) == ItemKind::Typedef && m.name_text(db) == Some(ident))
            .then_some(())?;
        let instance = il::instantiate::ClassInstance::new(db, class, bound.args(db).clone());
        let own = self
            .scope
            .spell(db, Ty::new(db, TyKind::Instance(instance)));
        Some(format!("{own}::{ident}"))
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
    il::scope::scope_items(db, class_item)
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
    il::lookup::lookup_unqualified(db, scope, &class)
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

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// One line per entry of this module (`@l` ids) and of the local `static`s and arrays:
    /// kind, name, position, kinds, enclosing routine, type, flags. Every expectation below is
    /// what cudafe++ 13.0.88 prints for the fixture (its entries summarized the same way).
    fn locals(text: &str) -> String {
        let out = crate::display_fixture(text);
        let mut lines: Vec<String> = out
            .split("\n\n")
            .filter(|e| e.lines().next().is_some_and(|h| h.contains("@l")))
            .map(|e| {
                let get = |label: &str| crate::entry_field(e, label);
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

    /// A member typedef named alone in a member function stays a typedef, qualified by its
    /// class (by the template's own instance in a class template).
    #[test]
    fn member_typedefs_keep_their_class() {
        expect![[r#"
            type "Y" 1:48 tk_typeref/none er=m t=S::X size=0
            type "Y" 2:68 tk_typeref/none er=m t=V<T#(1,1)>::X size=0
            variable "sx" 1:60  er=m t=S::X
            variable "sx" 2:80  er=m t=V<T#(1,1)>::X is_prototype_instantiation
        "#]]
        .assert_eq(&locals(
            "struct S { typedef int X; void m() { typedef X Y; static X sx; } };\n\
             template <typename T> struct V { typedef T X; void m() { typedef X Y; static X sx; } };\n",
        ));
    }
}
