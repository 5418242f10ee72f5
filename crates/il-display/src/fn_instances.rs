//! Function template instances: the routines EDG creates where code outside templates calls
//! (or launches with `<<<>>>`) a function template, where an explicit instantiation names one,
//! and the explicit specializations of function templates.
//!
//! An instance is a routine entry at the template's position with the instance's type (the
//! arguments explicit, deduced by hir-ty, or defaulted, substituted by
//! [`il::instantiate::routine`]), `sc_extern` and
//! not defined: the host compilation does not instantiate the body of an instance it only
//! calls, so calls inside templates (and inside the instances) create nothing (measured:
//! `reverse<T>` calling `shared_buffer<T>()` leaves no `shared_buffer` instance). An explicit
//! instantiation definition, an explicit specialization with a body, and an instance of a
//! constexpr template or one with a deduced (`auto`) return type are defined. A call makes an
//! instance only when inference resolved it to a function template instance (every argument's
//! type known: [`hir_ty::Callee::instance`]), no non-template
//! overload matches exactly (it would be preferred), and among the templates that deduce one
//! is more specialized than the others; otherwise nothing is printed rather than a guess. A
//! template-id that is not called (`&k<int>`, a kernel passed as a pointer) makes the instance
//! of its explicit and default arguments.
use std::fmt::Write as _;

use rustc_hash::FxHashMap;
use syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::{Located, field, flag, next_id, spell};
use hir_def::source::{body_owner_kind, declaration_offsets};
use hir_ty::to_il::il_arg;
use hir_ty::ty::{GenericArg, Instance};
use hir_ty::{Callee, CalleeKind, HirTyDatabase};
use il::IlDatabase;
use il::decl::{Linkage, linkage, routine_decl};
use il::instantiate::routine::{FnInstance, instantiate_with, is_known, signature_pattern};
use il::instantiate::{
    ClassInstance, ParamKind, TemplateArg, canonical, instance_definition, template_params,
};
use il::item::{Item, ItemKind};
use il::lookup::{ScopeRef, lookup_path, lookup_unqualified, members_named, name_segments};
use il::resolve::{
    declarator_type, declarator_type_in, routine_type, specifier_type, specifier_type_in,
    template_args_in,
};
use il::scope::all_items;
use il::ty::{Ty, TyKind};

pub(super) fn entries<'db>(
    hdb: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let db: &'db dyn IlDatabase = hdb;
    let member_lines = super::instances::MemberLines::new(located.xref);
    let calls = called_outside_templates(hdb, file, located.lines);
    qualified_arrays(hdb, file, root, located, &calls, ids, out);
    let instances = instances(hdb, file, root, located, &calls);
    super::alias_templates::instance_copies(db, file, root, located, &instances, ids, out);
    for instance in instances {
        let Some(offset) = position(db, instance.template, located, &member_lines) else {
            continue;
        };
        signature_arrays(db, root, &instance, offset, located, ids, out);
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope routine@f{id}").unwrap();
        write_entry(db, out, &instance, id, located.lines.pos(offset));
    }
}

/// The cv-qualified array types instantiation makes from an argument's array type: EDG gives
/// such a type the position of the array type it qualifies, the `[` of the argument variable's
/// declarator (measured: `cudaMemcpyToSymbol(coeffs, ...)` with `__constant__ float
/// coeffs[4]` binds `const T &` to `const float (&)[4]`, a `const float [4]` at `coeffs`'s
/// `[`). Only namespace-scope variables of the primary file named by a plain argument.
fn qualified_arrays<'db>(
    hdb: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
    located: &Located<'_, 'db>,
    calls: &FxHashMap<TextRange, Demand<'db>>,
    ids: &mut usize,
    out: &mut String,
) {
    let db: &'db dyn IlDatabase = hdb;
    let mut seen: FxHashMap<(usize, Ty<'db>), ()> = FxHashMap::default();
    let lines = located.lines;
    for call in root.descendants().filter(|n| {
        matches!(n.kind(), CALL_EXPR | KERNEL_LAUNCH)
            && lines.is_primary(usize::from(n.text_range().start()))
            && !in_template(n)
    }) {
        let Some(args) = call.children().find(|n| n.kind() == ARG_LIST) else {
            continue;
        };
        // Only calls with a plain variable argument of array type need the instance.
        let named: Vec<(usize, Item<'db>)> = args
            .children()
            .enumerate()
            .filter(|(_, a)| a.kind() == ID_EXPR)
            .filter_map(|(i, a)| {
                let name = il::lower::tokens_text(&a);
                let (from, _) = scope_at(db, file, &a);
                let found = lookup_unqualified(db, from, &name);
                let variable = *found.first()?;
                let array = variable.kind(db) == ItemKind::Variable
                    && matches!(
                        canonical(db, il::resolve::declared_type(db, variable)).kind(db),
                        TyKind::Array(..)
                    );
                array.then_some((i, variable))
            })
            .collect();
        if named.is_empty() {
            continue;
        }
        let Some(instance) = calls
            .get(&call.text_range())
            .and_then(|&by| demanded_instance(hdb, by))
        else {
            continue;
        };
        let TyKind::Function(sig) = instance.ty.kind(db) else {
            continue;
        };
        // The template's parameter types as written: one written as an array (`const T
        // (&)[N]`) makes its array at its own `[` (`signature_arrays`), not at the variable's.
        let written = instance
            .bound
            .map(|b| signature_pattern(db, instance.template, b.outer(db)))
            .and_then(|t| match t.kind(db) {
                TyKind::Function(sig) => Some(sig.params.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let written_as_array = |i: usize| {
            written.get(i).is_some_and(|&p| match p.kind(db) {
                TyKind::Reference(_, inner) => super::qualified_array(db, *inner).is_array(db),
                _ => false,
            })
        };
        for (i, variable) in named {
            if written_as_array(i) {
                continue;
            }
            let Some(&param) = sig.params.get(i) else {
                continue;
            };
            let TyKind::Reference(_, referred) = param.kind(db) else {
                continue;
            };
            let referred = super::qualified_array(db, canonical(db, *referred));
            let declared = canonical(db, il::resolve::declared_type(db, variable));
            let (TyKind::Array(elem, _), TyKind::Array(declared_elem, _)) =
                (referred.kind(db), declared.kind(db))
            else {
                continue;
            };
            // Qualified by the instantiation: the element gained cv.
            if canonical(db, *elem) == canonical(db, *declared_elem) {
                continue;
            }
            let Some(&name_offset) = located.offsets.get(&variable) else {
                continue;
            };
            if !lines.is_primary(name_offset) {
                continue;
            }
            let bracket = root
                .token_at_offset(syntax::TextSize::from(name_offset as u32))
                .right_biased()
                .and_then(|t| {
                    std::iter::successors(t.next_token(), |n| n.next_token())
                        .find(|n| !n.kind().is_trivia())
                })
                .filter(|t| t.kind() == L_BRACK);
            let Some(bracket) = bracket else { continue };
            let at = usize::from(bracket.text_range().start());
            if seen.insert((at, referred), ()).is_some() {
                continue;
            }
            let Some(size) = il::record::size_align_of(db, referred) else {
                continue;
            };
            array_entry(db, lines.pos(at), size, *elem, ids, out);
        }
    }
}

/// The array types an instance's signature re-declares: substituting the template's
/// parameter types makes a new `tk_array` at each `[` of its parameter declarators, dependent
/// or not (measured: `k(T, int (&)[4])` called as `k(1, x)` prints an `int [4]` at that `[`
/// for `k<int>`; `n(T (&)[N], int (&)[3])` one at each `[` per instance). `offset` is the
/// template's name in the source. A parameter whose arrays do not all have a size prints none.
fn signature_arrays<'db>(
    db: &'db dyn IlDatabase,
    root: &SyntaxNode,
    instance: &FnInstance<'db>,
    offset: usize,
    located: &Located<'_, 'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let Some(bound) = instance.bound else {
        return;
    };
    let Some(params) = root
        .token_at_offset(syntax::TextSize::from(offset as u32))
        .right_biased()
        .and_then(|t| {
            t.parent_ancestors()
                .filter(|a| a.kind() == DECLARATOR)
                .find_map(|d| d.children().find(|n| n.kind() == FUNCTION_SUFFIX))
        })
        .and_then(|suffix| suffix.children().find(|n| n.kind() == PARAM_LIST))
    else {
        return;
    };
    let from = il::resolve::scope_of(db, instance.template);
    for param in params.children().filter(|n| n.kind() == PARAM) {
        let brackets: Vec<usize> = param
            .descendants()
            .filter(|n| n.kind() == ARRAY_SUFFIX)
            .filter(|n| !n.ancestors().any(|a| a.kind() == INITIALIZER))
            .map(|n| usize::from(n.text_range().start()))
            .collect();
        let Some(declarator) = param.children().find(|n| n.kind() == DECLARATOR) else {
            continue;
        };
        if brackets.is_empty() || param.descendants_with_tokens().any(|t| t.kind() == DOT3) {
            continue;
        }
        let base = specifier_type_in(db, from, Some(bound), param.children_with_tokens());
        let ty = declarator_type_in(db, from, Some(bound), base, &declarator);
        // The arrays in declarator order: outermost first, through pointers and references.
        let mut arrays = Vec::new();
        let mut t = ty;
        loop {
            t = match t.kind(db) {
                TyKind::Qualified(_, inner)
                | TyKind::Pointer(inner)
                | TyKind::Reference(_, inner) => *inner,
                TyKind::Array(elem, Some(_)) => {
                    arrays.push((t, *elem));
                    *elem
                }
                _ => break,
            };
        }
        if arrays.len() != brackets.len() {
            continue;
        }
        let sized: Option<Vec<_>> = arrays
            .iter()
            .map(|&(array, elem)| Some((il::record::size_align_of(db, array)?, array, elem)))
            .collect();
        for ((size, array, elem), &at) in sized.into_iter().flatten().zip(&brackets) {
            let TyKind::Array(_, Some(n)) = array.kind(db) else {
                continue;
            };
            array_entry(db, located.lines.pos(at), size, elem, ids, out);
            field(out, "number_of_elements", &n.to_string());
        }
    }
}

/// The head of an array type entry an instance makes at `pos` (its `[`), up to the element
/// type; the caller adds the bound.
fn array_entry<'db>(
    db: &'db dyn IlDatabase,
    pos: super::Pos,
    size: il::layout::SizeAlign,
    elem: Ty<'db>,
    ids: &mut usize,
    out: &mut String,
) {
    let id = next_id(ids);
    out.push('\n');
    writeln!(out, "file-scope type@q{id}").unwrap();
    out.push_str("source_corresp:\n");
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    field(out, "  parent_scope", "NULL");
    field(out, "  enclosing_routine", "NULL");
    field(out, "size", &size.size.to_string());
    field(out, "alignment", &size.align.to_string());
    field(out, "kind", "tk_array");
    field(
        out,
        "element_type",
        &format!("file-scope type@ty: {}", spell(db, elem)),
    );
}

/// Where a template's entries print: its name, or for a member template of a class template
/// the member's position in the class's definition.
fn position<'db>(
    db: &'db dyn IlDatabase,
    template: Item<'db>,
    located: &Located<'_, 'db>,
    member_lines: &super::instances::MemberLines<'_>,
) -> Option<usize> {
    if let Some(&offset) = located.offsets.get(&template) {
        return Some(offset);
    }
    let class = template.parent(db)?;
    let &class_offset = located.offsets.get(&class)?;
    let positions = super::instances::member_positions(db, class, class_offset, member_lines, true);
    positions.get(&template).copied()
}

/// The instances and explicit specializations of the unit's function templates, in order of
/// their first mention; each once.
fn instances<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    root: &SyntaxNode,
    located: &Located<'_, 'db>,
    calls: &FxHashMap<TextRange, Demand<'db>>,
) -> Vec<FnInstance<'db>> {
    let idb: &'db dyn IlDatabase = db;
    let mut found: Vec<FnInstance<'db>> = Vec::new();
    // The model's identity of each found instance, where a call made it (its calls are
    // followed when EDG instantiates its body).
    let mut demanded: Vec<Option<Demand<'db>>> = Vec::new();
    // Instances are told apart by their arguments: `times<int, 2>` and `times<int, 3>` have
    // one type.
    type Key<'db> = (Item<'db>, Vec<TemplateArg<'db>>, Ty<'db>);
    let mut seen: FxHashMap<Key<'db>, usize> = FxHashMap::default();
    let mut add = |found: &mut Vec<FnInstance<'db>>,
                   demanded: &mut Vec<Option<Demand<'db>>>,
                   instance: FnInstance<'db>,
                   by: Option<Demand<'db>>| {
        let key = (instance.template, instance.args.clone(), instance.ty);
        match seen.get(&key) {
            Some(&i) => found[i].defined |= instance.defined,
            None => {
                seen.insert(key, found.len());
                found.push(instance);
                demanded.push(by);
            }
        }
    };
    // Explicit specializations are entities of their own, whether called or not; one entry per
    // specialization however often it is declared, at its definition when it has one.
    let specializations = explicit_specializations(idb, file, located);
    for spec in &specializations {
        add(&mut found, &mut demanded, spec.clone(), None);
    }
    // A call of an explicitly specialized argument list is a call of the specialization.
    let specialized = |instance: &FnInstance<'db>| {
        specializations.iter().any(|s| {
            s.ty == instance.ty
                && s.template.name(db) == instance.template.name(db)
                && s.template.parent(db) == instance.template.parent(db)
        })
    };
    // Only the primary source file's calls: its templates are the ones displayed in full
    // (`prototypes.rs`).
    let lines = located.lines;
    let in_primary = |n: &SyntaxNode| lines.is_primary(usize::from(n.text_range().start()));
    for node in root.descendants() {
        if matches!(
            node.kind(),
            CALL_EXPR | KERNEL_LAUNCH | ID_EXPR | EXPLICIT_INSTANTIATION
        ) && !in_primary(&node)
        {
            continue;
        }
        let (instance, by) = match node.kind() {
            CALL_EXPR | KERNEL_LAUNCH => match calls.get(&node.text_range()) {
                Some(&by) => (demanded_instance(db, by), Some(by)),
                None => (None, None),
            },
            ID_EXPR if !in_template(&node) => (named_instance(db, file, &node), None),
            EXPLICIT_INSTANTIATION => (explicit_instantiation(db, file, &node), None),
            _ => (None, None),
        };
        let Some(instance) = instance else { continue };
        if !specialized(&instance) {
            add(&mut found, &mut demanded, instance, by);
        }
    }
    // The bodies of defined instances are instantiated, and their calls make instances in turn
    // (measured: a constexpr `quad<int>` calling `sq(sq(v))` makes `sq<int>`). A runaway
    // recursion (`f<T>` calling `f<T*>`) stops at a depth, as compilers' instantiation limits.
    const MAX_DEPTH: u32 = 32;
    let mut depth: Vec<u32> = vec![0; found.len()];
    let mut next = 0;
    while next < found.len() {
        let level = depth[next];
        let (defined, by) = (found[next].defined, demanded[next]);
        next += 1;
        let Some(by) = by.filter(|_| defined && level < MAX_DEPTH) else {
            continue;
        };
        let infer = hir_ty::infer_instance(db, by.instance);
        for (_, callee) in infer.callees() {
            let Some(made) = callee_instance(db, &callee) else {
                continue;
            };
            if let Some(instance) = demanded_instance(db, made)
                && !specialized(&instance)
            {
                add(&mut found, &mut demanded, instance, Some(made));
                depth.resize(found.len(), level + 1);
            }
        }
    }
    found
}

/// A function template instance a call demands, as inference resolved it: the instance, and
/// for a member template of a class template the class's instance it is named through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Demand<'db> {
    instance: Instance<'db>,
    class: Option<Instance<'db>>,
}

/// What a call, a member call or a launch demands, when its callee is a function template
/// whose arguments all deduced. A member template of a class template is instantiated under
/// its class's instance, so it needs the instance the call names it through.
fn callee_instance<'db>(db: &'db dyn HirTyDatabase, callee: &Callee<'db>) -> Option<Demand<'db>> {
    if !matches!(
        callee.kind,
        CalleeKind::Function | CalleeKind::Method | CalleeKind::KernelLaunch
    ) {
        return None;
    }
    let instance = callee.instance?;
    let in_class_template =
        std::iter::successors(instance.template(db).parent(db), |p| p.parent(db))
            .any(|p| !template_params(db, p).is_empty());
    let class = match callee.class_instance {
        Some(member) if in_class_template => Some(member.class(db)),
        None if in_class_template => return None,
        _ => None,
    };
    Some(Demand { instance, class })
}

/// The calls of the primary file's non-template bodies that demand a function template
/// instance, by the call's range in the file.
fn called_outside_templates<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    lines: &super::Lines,
) -> FxHashMap<TextRange, Demand<'db>> {
    let mut calls = FxHashMap::default();
    for &(owner, offsets) in declaration_offsets(db, file) {
        if body_owner_kind(db, owner).is_none() || !lines.is_primary(offsets.in_file as usize) {
            continue;
        }
        let templated = std::iter::successors(Some(owner), |i| i.parent(db))
            .any(|i| !template_params(db, i).is_empty());
        if templated {
            continue;
        }
        let infer = hir_ty::infer(db, owner);
        let (_, map) = hir_def::body::body_with_source_map(db, owner);
        for (expr, callee) in infer.callees() {
            let Some(instance) = callee_instance(db, &callee) else {
                continue;
            };
            if let Some(range) = map
                .expr_syntax(expr)
                .and_then(|ptr| offsets.to_file_range(ptr.text_range()))
            {
                calls.insert(range, instance);
            }
        }
    }
    calls
}

/// The IL display's instance for the model's: the arguments inference deduced, substituted into
/// the template's declaration by il (defaults filled, an `auto` return as hir-ty deduces it from
/// the instance's body), within the definition of its class's instance for a member template.
fn demanded_instance<'db>(
    db: &'db dyn HirTyDatabase,
    demand: Demand<'db>,
) -> Option<FnInstance<'db>> {
    let instance = demand.instance;
    let outer = match demand.class {
        Some(class) => {
            let args = class
                .args(db)
                .iter()
                .map(|a| il_arg(db, a))
                .collect::<Option<Vec<_>>>()?;
            let class = ClassInstance::new(db, class.template(db), args);
            Some(instance_definition(db, class)?)
        }
        None => None,
    };
    let mut pack = Vec::new();
    let mut args = Vec::new();
    for arg in instance.args(db) {
        match arg {
            GenericArg::Pack(elements) => {
                for element in elements {
                    let TemplateArg::Type(t) = il_arg(db, element)? else {
                        return None;
                    };
                    pack.push(t);
                }
                args.push(None);
            }
            _ => args.push(Some(il_arg(db, arg)?)),
        }
    }
    let deduced_return = |_: &[TemplateArg<'db>]| {
        hir_ty::fn_template::instance_return(db, instance).and_then(|t| hir_ty::to_il::il_ty(db, t))
    };
    instantiate_with(db, instance.template(db), outer, args, pack, deduced_return)
}

/// Whether a node is in a template's definition (`template <>` declares an explicit
/// specialization, which is not one).
fn in_template(node: &SyntaxNode) -> bool {
    node.ancestors().any(|a| {
        a.kind() == TEMPLATE_DECL
            && a.children()
                .find(|n| n.kind() == TEMPLATE_PARAM_LIST)
                .is_some_and(|l| l.children().next().is_some())
    })
}

/// `template <> R f<args>(...)`: items of kind function template with no parameters.
fn explicit_specializations<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    located: &Located<'_, 'db>,
) -> Vec<FnInstance<'db>> {
    let mut out: Vec<FnInstance<'db>> = Vec::new();
    for item in all_items(db, file) {
        if item.kind(db) != ItemKind::FunctionTemplate || !template_params(db, item).is_empty() {
            continue;
        }
        // Headers' specializations are not displayed (as their templates are not); a
        // redeclaration without a position of its own still counts for its entity.
        let offset = located.offsets.get(&item);
        if offset.is_some_and(|&o| !located.lines.is_primary(o)) {
            continue;
        }
        let ty = routine_type(db, item);
        if !is_known(db, ty) {
            continue;
        }
        let defined = item.body(db).is_some();
        let same = out.iter_mut().find(|s| {
            s.ty == ty
                && s.template.name(db) == item.name(db)
                && s.template.parent(db) == item.parent(db)
        });
        match same {
            Some(s) => {
                // The definition's item carries the entry's position, where it has one.
                if defined && located.offsets.contains_key(&item) {
                    s.template = item;
                }
                s.defined |= defined;
            }
            None if offset.is_none() => {}
            None => out.push(FnInstance {
                template: item,
                args: Vec::new(),
                ty,
                defined,
                bound: None,
            }),
        }
    }
    out
}

/// The instance a template-id of a function template names where it is not called (its
/// address taken, passed as a kernel pointer): with all arguments explicit or defaulted
/// (nothing is deduced; a pack's elements would come from the target type, not modelled).
fn named_instance<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    expr: &SyntaxNode,
) -> Option<FnInstance<'db>> {
    let idb: &'db dyn IlDatabase = db;
    let is_callee = expr.parent().is_some_and(|p| {
        matches!(p.kind(), CALL_EXPR | KERNEL_LAUNCH) && p.children().next().as_ref() == Some(expr)
    });
    if is_callee {
        return None;
    }
    let name = expr.children().next()?;
    let list = name
        .descendants()
        .filter(|n| n.kind() == TEMPLATE_ARG_LIST)
        .last()?;
    let (from, _) = scope_at(idb, file, expr);
    let (global, segments) = name_segments(&name);
    let templates: Vec<Item<'db>> = lookup_path(idb, from, global, &segments)
        .into_iter()
        .filter(|c| c.kind(db) == ItemKind::FunctionTemplate && !template_params(db, *c).is_empty())
        .collect();
    // Overloaded templates would be chosen by the target type (not modelled).
    let [template] = templates.as_slice() else {
        return None;
    };
    let explicit = template_args_in(idb, from, None, &list)?;
    let params = template_params(db, *template);
    if params.iter().any(|p| p.pack) || explicit.len() > params.len() {
        return None;
    }
    let mut args = Vec::new();
    for (i, param) in params.iter().enumerate() {
        args.push(match explicit.get(i) {
            Some(arg) if !kind_fits(param.kind, arg) => return None,
            Some(TemplateArg::Type(t)) => Some(TemplateArg::Type(canonical(db, *t))),
            Some(arg) => Some(arg.clone()),
            None => None,
        });
    }
    let deduced_return = |complete: &[TemplateArg<'db>]| instance_return(db, *template, complete);
    instantiate_with(db, *template, None, args, Vec::new(), deduced_return)
}

/// Whether a written template argument fits its parameter's kind.
fn kind_fits(kind: ParamKind, arg: &TemplateArg<'_>) -> bool {
    matches!(
        (kind, arg),
        (ParamKind::Type, TemplateArg::Type(_)) | (ParamKind::Value, TemplateArg::Value(_))
    )
}

/// The return type hir-ty deduces for the instance of `template` with these (complete, il)
/// arguments, in il's types.
fn instance_return<'db>(
    db: &'db dyn HirTyDatabase,
    template: Item<'db>,
    args: &[TemplateArg<'db>],
) -> Option<Ty<'db>> {
    let args = args
        .iter()
        .map(|a| hir_ty::fn_template::from_il_arg(db, a))
        .collect::<Option<Vec<GenericArg<'db>>>>()?;
    let instance = Instance::new(db, template, args);
    hir_ty::to_il::il_ty(db, hir_ty::fn_template::instance_return(db, instance)?)
}

/// `template R f<args>(params);`: an explicit instantiation of a function template names the
/// instance whose type is the declared one (its arguments deduced from that type by hir-ty's
/// unifier).
fn explicit_instantiation<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    node: &SyntaxNode,
) -> Option<FnInstance<'db>> {
    let idb: &'db dyn IlDatabase = db;
    let decl = node.children().find(|n| n.kind() == SIMPLE_DECLARATION)?;
    let declarator = decl
        .descendants()
        .find(|n| n.kind() == DECLARATOR && n.children().any(|c| c.kind() == FUNCTION_SUFFIX))?;
    let name = declarator
        .children()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
    let (from, _) = scope_at(idb, file, node);
    let declared = declarator_type(idb, from, specifier_type(idb, from, &decl), &declarator);
    let explicit = match name.descendants().find(|n| n.kind() == TEMPLATE_ARG_LIST) {
        Some(list) => template_args_in(idb, from, None, &list)?,
        None => Vec::new(),
    };
    let (global, segments) = name_segments(&name);
    let candidates = lookup_path(idb, from, global, &segments);
    let mut matching = candidates
        .into_iter()
        .filter(|c| c.kind(db) == ItemKind::FunctionTemplate && !template_params(db, *c).is_empty())
        .filter_map(|t| {
            let deduced = hir_ty::fn_template::deduce_from_declaration(db, t, &explicit, declared)?;
            let args = deduced
                .iter()
                .map(|a| match a {
                    Some(a) => il_arg(db, a).map(Some),
                    None => Some(None),
                })
                .collect::<Option<Vec<Option<TemplateArg<'db>>>>>()?;
            instantiate_with(db, t, None, args, Vec::new(), |complete| {
                instance_return(db, t, complete)
            })
        })
        .filter(|i| i.ty == declared);
    let mut instance = matching.next()?;
    if matching.next().is_some() {
        return None;
    }
    // `extern template` declares; `template` defines where the template has a body.
    let is_extern = node.children_with_tokens().any(|t| t.kind() == EXTERN_KW);
    instance.defined = !is_extern && instance.template.body(db).is_some();
    Some(instance)
}

/// The namespace or class scope a node of the file is in, and the class whose member function
/// encloses it: from the namespaces and classes around it and the qualifier of an out-of-class
/// member definition (`void S::f() {...}`).
pub(super) fn scope_at<'db>(
    db: &'db dyn IlDatabase,
    file: base_db::SourceFile,
    node: &SyntaxNode,
) -> (ScopeRef<'db>, Option<Item<'db>>) {
    let mut scope = ScopeRef::File(file);
    let mut class = None;
    let mut ancestors: Vec<SyntaxNode> = node.ancestors().collect();
    ancestors.reverse();
    for a in ancestors {
        match a.kind() {
            NAMESPACE => {
                let Some(name) = a.children_with_tokens().find(|t| t.kind() == IDENT) else {
                    continue;
                };
                let found = members_named(db, scope, &name.to_string())
                    .into_iter()
                    .find(|i| i.kind(db) == ItemKind::Namespace);
                if let Some(ns) = found {
                    scope = ScopeRef::Item(ns);
                }
            }
            CLASS_SPECIFIER => {
                let Some(name) = a.children().find(|n| n.kind() == NAME_REF) else {
                    continue;
                };
                let name = il::lower::tokens_text(&name);
                let found = members_named(db, scope, &name)
                    .into_iter()
                    .find(|i| is_class(i.kind(db)));
                if let Some(c) = found {
                    scope = ScopeRef::Item(c);
                    class = Some(c);
                }
            }
            FUNCTION_DEF => {
                let name = a
                    .children()
                    .find(|n| n.kind() == DECLARATOR)
                    .and_then(|d| d.children().find(|n| n.kind() == QUALIFIED_NAME));
                if let Some(name) = name {
                    let (global, mut segments) = name_segments(&name);
                    segments.pop();
                    let found = lookup_path(db, scope, global, &segments)
                        .into_iter()
                        .find(|i| is_class(i.kind(db)));
                    if let Some(c) = found {
                        scope = ScopeRef::Item(c);
                        class = Some(c);
                    }
                }
            }
            _ => {}
        }
    }
    (scope, class)
}

fn is_class(kind: ItemKind) -> bool {
    matches!(kind, ItemKind::Class | ItemKind::Struct | ItemKind::Union)
}

fn write_entry<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    instance: &FnInstance<'db>,
    id: usize,
    pos: super::Pos,
) {
    let template = instance.template;
    out.push_str("source_corresp:\n");
    let name = template.name_text(db).unwrap_or("");
    field(
        out,
        "  name",
        &format!("file-scope id-name@f{id}: \"{name}\""),
    );
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
    let in_class = template
        .parent(db)
        .is_some_and(|p| is_class(p.kind(db)) || p.kind(db) == ItemKind::ClassTemplate);
    if in_class {
        field(out, "  is_class_member", "TRUE");
        let access = super::access_name(template.access(db));
        field(out, "  access", access);
    }
    field(out, "  enclosing_routine", "NULL");
    let name_linkage = match linkage(db, template) {
        Linkage::Internal => "internal",
        Linkage::None => "no",
        Linkage::External if template.extern_c(db) => "C",
        Linkage::External => "C++",
    };
    field(out, "  name_linkage", name_linkage);
    field(
        out,
        "type",
        &format!("file-scope type@ty: {}", spell(db, instance.ty)),
    );
    let decl = routine_decl(db, template);
    let is_static = decl.specifiers.is_static;
    let storage = if is_static && !in_class {
        "sc_static"
    } else if instance.defined {
        "sc_unspecified"
    } else {
        "sc_extern"
    };
    field(out, "storage_class", storage);
    // An instance declares nothing itself (measured: an instance of a `static` template is
    // `sc_static` with `declared_storage_class` unspecified); a specialization is as written.
    let is_specialization = instance.args.is_empty();
    let declared = if is_static && is_specialization {
        "sc_static"
    } else {
        "sc_unspecified"
    };
    field(out, "declared_storage_class", declared);
    field(
        out,
        "defined",
        if instance.defined { "TRUE" } else { "FALSE" },
    );
    super::routine_exec_space_fields(out, decl);
    flag(out, "is_virtual", decl.specifiers.is_virtual);
    flag(out, "is_explicit_constructor", decl.specifiers.is_explicit);
    flag(out, "is_template_function", true);
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// One line per entry of this module: name, position, type and the compared flags.
    fn instance_lines(text: &str) -> String {
        let entries = crate::fixture_entries_containing(text, "routine@f");
        let mut out = String::new();
        for entry in entries.split("\n\n").filter(|e| !e.trim().is_empty()) {
            let value = |label: &str| {
                entry
                    .lines()
                    .find(|l| l.trim_start().starts_with(&format!("{label}:")))
                    .map(|l| l.split_once(':').unwrap().1.trim().to_string())
            };
            let name = value("name").unwrap_or_default();
            let name = name.rsplit(": ").next().unwrap_or("");
            let ty = value("type").unwrap_or_default();
            let ty = ty.split_once(": ").map_or("", |t| t.1);
            let flags: Vec<String> = ["storage_class", "declared_storage_class", "defined"]
                .iter()
                .filter_map(|l| value(l))
                .chain(
                    ["device", "host", "global", "is_class_member"]
                        .iter()
                        .filter(|l| value(l).is_some())
                        .map(|l| l.to_string()),
                )
                .chain(value("name_linkage"))
                .collect();
            out.push_str(&format!(
                "{name} {}:{} | {ty} | {}\n",
                value("decl_position.seq").unwrap_or_default(),
                value("decl_position.column").unwrap_or_default(),
                flags.join(" ")
            ));
        }
        out
    }

    #[test]
    fn calls_launches_and_explicit_instantiations_make_instances() {
        // cudafe++ 13.0.88 prints these ten entries for this unit (in another order: EDG lists
        // each instance after its template). `maximum(t, 3)` calls the non-template,
        // `maximum<bool>` the explicit specialization, and `times<int, 2>` and `times<int, 3>`
        // are two instances of one type.
        expect![[r#"
            "maximum" 2:64 | bool (bool, bool) | sc_unspecified sc_unspecified TRUE device host C++
            "tf" 9:18 | void (int) | sc_extern sc_unspecified FALSE C++
            "tf" 8:28 | void (char) | sc_unspecified sc_unspecified TRUE C++
            "maximum" 1:71 | float (float, float) | sc_extern sc_unspecified FALSE device host C++
            "convert" 4:68 | void (const float *, float *) | sc_extern sc_unspecified FALSE global C++
            "convert" 4:68 | void (const float *, double *) | sc_extern sc_unspecified FALSE global C++
            "times" 5:75 | void (int *) | sc_extern sc_unspecified FALSE global C++
            "times" 5:75 | void (int *) | sc_extern sc_unspecified FALSE global C++
            "get" 6:49 | long (int) const | sc_extern sc_unspecified FALSE is_class_member C++
            "twice" 7:32 | float (float) | sc_static sc_unspecified FALSE internal
        "#]]
        .assert_eq(&instance_lines(
            "template <typename T> __attribute__((host)) __attribute__((device)) T maximum(T a, T b) { return a < b ? b : a; }\n\
             template <> __attribute__((host)) __attribute__((device)) bool maximum<bool>(bool a, bool b) { return a || b; }\n\
             __attribute__((host)) __attribute__((device)) int maximum(int a, int b) { return a > b ? a : b; }\n\
             template <typename T, typename U = T> __attribute__((global)) void convert(const T *in, U *out) {}\n\
             namespace ops { template <typename T, int K> __attribute__((global)) void times(T *p) {} }\n\
             struct S { float *data; template <typename U> U get(int) const { return U(); } };\n\
             template <typename T> static T twice(T v) { return v + v; }\n\
             template <typename T> void tf(T) {}\n\
             template <> void tf<int>(int);\n\
             template void tf<char>(char);\n\
             void host(S s, const S *ps)\n\
             {\n\
             int t = 3;\n\
             maximum(t, 3);\n\
             maximum(1.5f, 2.0f);\n\
             maximum<bool>(t & 1, false);\n\
             convert<<<1, 32>>>(s.data, s.data);\n\
             convert<float, double><<<1, 32>>>(s.data, nullptr);\n\
             ops::times<int, 2><<<1, 1>>>(&t);\n\
             ops::times<int, 3><<<1, 1>>>(&t);\n\
             ps->get<long>(1);\n\
             twice(ps->data[0]);\n\
             }\n",
        ));
    }

    #[test]
    fn partial_ordering_picks_the_more_specialized_and_named_template_ids_instantiate() {
        // Checked with cudafe++ 13.0.88 (same entries; it has `cudaFuncGetAttributes` from the
        // runtime): `pick(f)` is `pick(T *)`, `pick(1.0)` `pick(T)`; `k<float>`, `&k<int, 8>`
        // and `k<double>` are instances without a call.
        expect![[r#"
            "pick" 2:27 | int (float *) | sc_extern sc_unspecified FALSE C++
            "pick" 1:27 | int (double) | sc_extern sc_unspecified FALSE C++
            "pick" 3:27 | int (const char *, int) | sc_extern sc_unspecified FALSE C++
            "k" 4:63 | void (float *) | sc_extern sc_unspecified FALSE global C++
            "k" 4:63 | void (int *) | sc_extern sc_unspecified FALSE global C++
            "k" 4:63 | void (double *) | sc_extern sc_unspecified FALSE global C++
            "g" 5:28 | void (long) | sc_extern sc_unspecified FALSE C++
        "#]]
        .assert_eq(&instance_lines(
            "template <typename T> int pick(T v) { return 1; }\n\
             template <typename T> int pick(T *p) { return 2; }\n\
             template <typename T> int pick(const T *p, int n) { return 3; }\n\
             template <typename T, int N = 4> __attribute__((global)) void k(T *p) {}\n\
             template <typename T> void g(T) {}\n\
             typedef void (*fp)(float *);\n\
             struct cudaFuncAttributes {};\n\
             int cudaFuncGetAttributes(cudaFuncAttributes *, const void *);\n\
             void host(float *f, const char *s)\n\
             {\n\
             pick(f);\n\
             pick(1.0);\n\
             pick(s, 2);\n\
             fp a = k<float>;\n\
             void *b = (void *)&k<int, 8>;\n\
             cudaFuncAttributes attr;\n\
             cudaFuncGetAttributes(&attr, k<double>);\n\
             g<long>(1);\n\
             }\n",
        ));
    }

    #[test]
    fn member_calls_this_and_default_arguments_type_the_arguments() {
        // Checked with cudafe++ 13.0.88: `get()` on a non-const object is `int &`, on a const
        // one `const int &` (both deduce `int`), `this` in a const member is `const A *`, and
        // `f`'s second parameter may be left to its default.
        expect![[r#"
            "f" 1:27 | int (int, int) | sc_extern sc_unspecified FALSE C++
            "h" 2:27 | int (const A *) | sc_extern sc_unspecified FALSE C++
            "f" 1:27 | int (double, int) | sc_extern sc_unspecified FALSE C++
        "#]]
        .assert_eq(&instance_lines(
            "template <typename T> int f(T a, int n = 3) { return n; }\n\
             template <typename T> int h(T *p) { return 0; }\n\
             struct A {\n\
             int value;\n\
             int &get() { return value; }\n\
             const int &get() const { return value; }\n\
             double scale(int) const { return 1.0; }\n\
             void run() const { f(get()); h(this); f(value, 1); }\n\
             };\n\
             void host(A &a, const A &c)\n\
             {\n\
             f(a.get());\n\
             f(c.scale(2));\n\
             f(c.get(), 4);\n\
             }\n",
        ));
    }

    #[test]
    fn bodies_of_defined_instances_make_instances() {
        // Checked with cudafe++ 13.0.88 (same entries): constexpr and `auto` instances are
        // defined, and the calls in their bodies instantiate (`plain<long>` only declared, as it
        // is not constexpr); `quad<int>`'s `sq(sq(v))` calls the explicit specialization.
        expect![[r#"
            "sq" 7:27 | int (int) | sc_unspecified sc_unspecified TRUE C++
            "q2" 3:35 | long (long) | sc_unspecified sc_unspecified TRUE C++
            "quad" 5:35 | int (int) | sc_unspecified sc_unspecified TRUE C++
            "wrap" 6:28 | float (float) | sc_unspecified sc_unspecified TRUE C++
            "plain" 2:25 | long (long) | sc_extern sc_unspecified FALSE C++
            "sq" 1:35 | float (float) | sc_unspecified sc_unspecified TRUE C++
        "#]]
        .assert_eq(&instance_lines(
            "template <typename T> constexpr T sq(T v) { return v * v; }\n\
             template <typename T> T plain(T v) { return v; }\n\
             template <typename T> constexpr T q2(T v) { return v > 0 ? v : plain(v); }\n\
             static_assert(q2(3L) == 3, \"\");\n\
             template <typename T> constexpr T quad(T v) { return sq(sq(v)); }\n\
             template <typename T> auto wrap(T v) { T w = v; return sq(w); }\n\
             template <> constexpr int sq<int>(int v) { return v * v; }\n\
             static_assert(quad(2) == 16, \"\");\n\
             int main() { return wrap(1.5f) > 0; }\n",
        ));
    }

    #[test]
    fn runaway_instantiation_stops_and_odd_input_makes_no_instance() {
        // `w<int>` instantiates `w<int *>`, which instantiates `w<int **>`...: the walk stops
        // after 32 levels (33 instances); `r`'s `auto` return recursion stops at the
        // instantiation depth limit with no type, so no instance; an empty pack makes `p<>`; a
        // call with too many arguments makes nothing.
        let text = "template <class T> constexpr int w(T v) { return w(&v); }\n\
                    static_assert(w(1), \"\");\n\
                    template <class T> constexpr auto r(T v) { return r(&v); }\n\
                    template <class... Ts> void p(Ts... xs);\n\
                    template <class T> void one(T);\n\
                    void g() { r(1); p(); one(1, 2); }\n";
        let display = crate::fixture_entries_containing(text, "routine@f");
        let names: Vec<&str> = display
            .lines()
            .filter(|l| l.trim_start().starts_with("name:"))
            .map(|l| l.rsplit(": ").next().unwrap())
            .collect();
        expect![[r#"34 ["\"w\"", "\"p\"", "\"w\""]"#]].assert_eq(&format!(
            "{} {:?}",
            names.len(),
            {
                let mut distinct = names.clone();
                distinct.dedup();
                distinct
            }
        ));
    }

    #[test]
    fn argument_dependent_lookup_finds_templates_in_the_arguments_namespaces() {
        // Checked with cudafe++ 13.0.88: `norm(v)` finds `geo::norm` through `v`'s class; a
        // local lambda named like a template is called as an object (no instance).
        expect![[r#"
            "norm" 1:84 | float (geo::Vec<float>) | sc_extern sc_unspecified FALSE C++
        "#]]
        .assert_eq(&instance_lines(
            "namespace geo { template <typename T> struct Vec { T x; }; template <typename T> T norm(Vec<T> v) { return v.x; } }\n\
             namespace other { template <typename T> int local(T) { return 0; } }\n\
             using namespace other;\n\
             float f(geo::Vec<float> v)\n\
             {\n\
             auto local = [](int) { return 1; };\n\
             return norm(v) + local(2);\n\
             }\n",
        ));
    }

    /// A lambda's closure type is an argument type like any other (checked with cudafe++:
    /// `int (<unnamed@…>, int)`, one instance per closure, a local holding one included).
    #[test]
    fn closure_typed_arguments_make_instances() {
        expect![[r#"
            "apply" 1:51 | int (<unnamed@c0>, int) | sc_extern sc_unspecified FALSE device C++
            "apply" 1:51 | int (<unnamed@c1>, int) | sc_extern sc_unspecified FALSE device C++
        "#]]
        .assert_eq(&instance_lines(
            "template <typename F> __attribute__((device)) int apply(F f, int x) { return f(x); }\n\
             __attribute__((device)) int k(int y)\n\
             {\n\
             auto add = [y](int x) { return x + y; };\n\
             return apply(add, 1) + apply([](int x) { return x; }, 2);\n\
             }\n",
        ));
    }

    /// Checked with cudafe++: binding `const T &` to an array variable makes `const float [4]`
    /// at the variable's `[` (and the instance spells `const float (&)[4]`).
    #[test]
    fn a_cv_qualified_array_sits_at_the_arguments_array_declarator() {
        let text = "__attribute__((constant)) float coeffs[4];\n\
                    template <class T> int sym(const T &s, const void *p, unsigned long n) { return 0; }\n\
                    int main() { float h[4]; sym(coeffs, h, sizeof(h)); }\n";
        let arrays = crate::fixture_entries_containing(text, "type@q");
        let summary: Vec<String> = arrays
            .split("\n\n")
            .filter(|e| !e.is_empty())
            .map(|e| {
                let get = |l: &str| crate::entry_field(e, l);
                format!(
                    "{}:{} {} {} {}",
                    get("decl_position.seq"),
                    get("decl_position.column"),
                    get("size"),
                    get("alignment"),
                    get("element_type")
                )
            })
            .collect();
        expect![[r#"
            [
                "1:39 16 4 file-scope type@ty: const float",
            ]
        "#]]
        .assert_debug_eq(&summary);
        expect![[r#"
            "sym" 2:24 | int (const float (&)[4], const void *, unsigned long) | sc_extern sc_unspecified FALSE C++
        "#]]
        .assert_eq(&instance_lines(text));
    }

    #[test]
    fn instances_redeclare_the_arrays_of_their_signature() {
        // cudafe++ 13.0.88 on this unit: each instance makes a `tk_array` at each `[` of the
        // template's parameter declarators (`k`'s `int (&)[4]` too), and binding `const T &`
        // to `a` makes `const int [5]` at `a`'s `[` (6:6), but `const T (&)[N]` does not.
        let text = "template <class T, unsigned long N> int f(T (&)[N]) { return 0; }\n\
             template <class T, unsigned long N> int g(const T (&)[N]) { return 0; }\n\
             template <class T> int k(T, int (&)[4]) { return 0; }\n\
             template <class T, long N> int a6(T (&)[2][N]) { return 0; }\n\
             template <class T> int ct(const T &) { return 0; }\n\
             int a[5];\n\
             const short b[3] = {1, 2, 3};\n\
             int y[2][7]; int x4[4];\n\
             int main() { return f(a) + g(a) + g(b) + k(1, x4) + a6(y) + f(b) + ct(a); }\n";
        let mut lines = String::new();
        for entry in crate::display_fixture(text)
            .split("\n\n")
            .filter(|e| e.contains("type@q") || e.contains("routine@f"))
        {
            let get = |label: &str| crate::entry_field(entry, label);
            let what = if entry.contains("type@q") {
                format!("{} {}", get("size"), get("element_type"))
            } else {
                get("type")
            };
            let what = what.replace("file-scope type@ty: ", "");
            lines.push_str(&format!(
                "{}:{} {what}\n",
                get("decl_position.seq"),
                get("decl_position.column")
            ));
        }
        expect![[r#"
            6:6 20 const int
            1:48 20 int
            1:41 int (int (&)[5])
            2:54 20 const int
            2:41 int (const int (&)[5])
            2:54 6 const short
            2:41 int (const short (&)[3])
            3:36 16 int
            3:24 int (int, int (&)[4])
            4:40 56 int [7]
            4:43 28 int
            4:32 int (int (&)[2][7])
            1:48 6 const short
            1:41 int (const short (&)[3])
            5:24 int (const int (&)[5])
        "#]]
        .assert_eq(&lines);
    }
}
