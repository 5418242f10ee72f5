//! Infers every body of real translation units and measures what inference determines.
//! Inputs as hir-def's corpus test: `test_data/generated/corpus/*.ii` when generated (`cargo
//! xtask corpus`), else the `test_data/cu` programs and two CCCL examples of `../shared/corpus`
//! preprocessed with the toolchain; skipped (with a note) when neither is available.
//! `HIR_TY_CORPUS_FILTER=substr` restricts the units; `HIR_TY_CORPUS_SHOW=N` prints the N most
//! frequent expression kinds left with an error type and the most frequent unresolved callees.
use std::collections::BTreeMap;
use std::path::Path;

use base_db::{FileOrigin, SourceDatabase, SourceFile};
use hir_def::hir::Expr;
use hir_ty::{TyKind, infer};

#[salsa::db]
#[derive(Clone, Default)]
struct Db {
    storage: salsa::Storage<Self>,
}
#[salsa::db]
impl salsa::Database for Db {}
#[salsa::db]
impl SourceDatabase for Db {}
#[salsa::db]
impl il::IlDatabase for Db {}
#[salsa::db]
impl hir_def::HirDefDatabase for Db {}
#[salsa::db]
impl hir_ty::HirTyDatabase for Db {}

/// Floors, in parts per thousand, set from the measurement in docs/arch/hir-ty.md (a drop is
/// a regression). The generated corpus holds 52 units where only test_data and two CCCL
/// examples were preprocessed, 97 where `cargo xtask corpus` also made the header units (as
/// CI does); the floors hold for both.
/// Measured: 821 (128,055 of 155,905 calls) on 52 units; on 97, 775 (318,716 of 411,068) before
/// argument-dependent lookup and checked user-defined conversions, 775 (318,731) after; 764
/// (314,126) once the calls EDG leaves to the instantiation are left unresolved inside
/// templates as it does (`f(N)`, `g<T>(x)`: `chosen_at_instantiation`; inside templates 219,763
/// -> 214,952, outside 98,968 -> 99,174 with non-type parameters typed).
const MIN_CALLS_WITH_CALLEE_PER_1000: usize = 760;
/// ... outside templates: 976 (41,251 of 42,236) on 52 units, 968 (98,968 of 102,151) on 97.
const MIN_CALLS_OUTSIDE_TEMPLATES_PER_1000: usize = 968;
/// Measured: 514 concrete (826,354 of 1,607,445 expressions) and 29 error types (47,658) on 52
/// units, 500 (1,962,121 of 3,921,276) and 31 (123,015) on 97; the rest are dependent (inside
/// templates).
const MIN_TYPED_EXPRS_PER_1000: usize = 500;
const MAX_ERROR_EXPRS_PER_1000: usize = 32;
/// Calls in the bodies of the function template instances the corpus demands (transitively),
/// inferred with their arguments bound: 979 (138,525 of 141,431 in 31,784 instances) on 97.
const MIN_INSTANCE_CALLS_WITH_CALLEE_PER_1000: usize = 950;
/// Class template instances in declared types where hir-ty's specialization selection picks
/// the definition il's instantiation picks: 996 (932 of 935) on 97.
const MIN_SPECIALIZATION_AGREEMENT_PER_1000: usize = 950;

#[derive(Default)]
struct Counts {
    bodies: usize,
    /// Expressions that have a type in C++ (not `Missing`, not braced or parenthesized
    /// initializer lists, not designators).
    exprs: usize,
    /// ... whose type is neither an error nor dependent.
    typed: usize,
    dependent: usize,
    /// Call expressions and kernel launches, and how many got a callee item.
    calls: usize,
    calls_with_callee: usize,
    /// Calls in bodies of templates (or of members of class templates), where names that
    /// depend on template parameters cannot be resolved before instantiation.
    calls_in_templates: usize,
    calls_in_templates_with_callee: usize,
    diagnostics: usize,
    /// Implicit calls (constructors, destructors, conversions, assignments), and how many
    /// reach a member the compiler declares (not a declared routine).
    implicit_calls: usize,
    implicit_synthesized: usize,
    /// Callee-bearing operators and constructor expressions (not call expressions).
    operator_and_constructor_callees: usize,
    /// Function template instances the bodies demand (transitively), inferred with their
    /// arguments bound (`infer_instance`), and their calls.
    instances: usize,
    instance_calls: usize,
    instance_calls_with_callee: usize,
    /// Class template instances in declared types of variables, fields and routines: how
    /// many, and on how many hir-ty's specialization selection (the unifier and partial
    /// ordering) picks the definition il's instantiation picks.
    class_instances: usize,
    class_instances_agreeing: usize,
    error_kinds: BTreeMap<String, usize>,
}

fn infer_all(text: &str, counts: &mut Counts) {
    let db = Db::default();
    let file = SourceFile::create(&db, "corpus.ii".into(), text.to_string(), FileOrigin::User);
    let mut items = il::scope::all_items(&db, file);
    for class in il::scope::local_classes(&db, file) {
        items.push(*class);
        items.extend(il::scope::scope_items(&db, *class).iter().copied());
    }
    let mut pending: Vec<hir_ty::ty::Instance<'_>> = Vec::new();
    let mut class_instances = std::collections::HashSet::new();
    for &item in &items {
        if matches!(
            item.kind(&db),
            il::ItemKind::Variable | il::ItemKind::Field | il::ItemKind::Routine
        ) {
            let ty = match item.kind(&db) {
                il::ItemKind::Routine => il::resolve::routine_type(&db, item),
                _ => il::resolve::declared_type(&db, item),
            };
            collect_il_instances(&db, ty, &mut class_instances, 0);
        }
    }
    for inst in class_instances {
        counts.class_instances += 1;
        let il_choice = il::instantiate::instance_definition(&db, inst).map(|b| b.definition(&db));
        let ours = hir_ty::specialization::definition_for_il_instance(&db, inst);
        counts.class_instances_agreeing += (il_choice == ours) as usize;
    }
    for item in items {
        if hir_def::source::body_owner_kind(&db, item).is_none() {
            continue;
        }
        let body = hir_def::body::body(&db, item);
        let result = infer(&db, item);
        counts.bodies += 1;
        counts.diagnostics += result.diagnostics().len();
        let in_template = !hir_ty::lower::template_owners_of(&db, item).is_empty();
        for (id, e) in body.exprs.iter() {
            if matches!(
                e,
                Expr::Missing | Expr::InitList(_) | Expr::ParenInit(_) | Expr::Designated { .. }
            ) {
                continue;
            }
            counts.exprs += 1;
            let ty = result.type_of_expr(id).expect("every expression is typed");
            match ty.kind(&db) {
                TyKind::Error => {
                    let mut kind = format!("{e:?}")
                        .chars()
                        .take_while(|c| c.is_alphanumeric())
                        .collect::<String>();
                    if let Expr::Path(p) = e {
                        kind = format!(
                            "Path {}",
                            p.segments
                                .iter()
                                .map(|s| &*s.name)
                                .collect::<Vec<_>>()
                                .join("::")
                        );
                    } else if let Expr::Member { member, .. } = e {
                        kind = format!(
                            "Member .{}",
                            member.segments.last().map_or("", |s| &*s.name)
                        );
                    } else if let Expr::BuiltinCall { name, .. } = e {
                        kind = format!("BuiltinCall {name}");
                    } else if matches!(e, Expr::This) {
                        kind = format!("This in {:?} {}", item.kind(&db), item.qualified_name(&db));
                    }
                    *counts.error_kinds.entry(kind).or_default() += 1;
                }
                _ if ty.is_dependent(&db) => counts.dependent += 1,
                _ => counts.typed += 1,
            }
        }
        pending.extend(result.instances().iter().copied());
        counts.implicit_calls += result.implicit_calls().len();
        counts.implicit_synthesized += result
            .implicit_calls()
            .iter()
            .filter(|c| matches!(c.target, hir_ty::CallTarget::Special(_)))
            .count();
        counts.operator_and_constructor_callees += result
            .callees()
            .filter(|(_, c)| {
                matches!(
                    c.kind,
                    hir_ty::CalleeKind::Operator | hir_ty::CalleeKind::Constructor
                )
            })
            .count();
        for (_, callee) in result.calls() {
            counts.calls += 1;
            counts.calls_with_callee += callee.is_some() as usize;
            if in_template {
                counts.calls_in_templates += 1;
                counts.calls_in_templates_with_callee += callee.is_some() as usize;
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    while let Some(inst) = pending.pop() {
        if !seen.insert(inst) {
            continue;
        }
        let result = hir_ty::infer_instance(&db, inst);
        counts.instances += 1;
        for (_, callee) in result.calls() {
            counts.instance_calls += 1;
            counts.instance_calls_with_callee += callee.is_some() as usize;
        }
        pending.extend(result.instances().iter().copied());
    }
}

fn collect_il_instances<'db>(
    db: &'db Db,
    ty: il::ty::Ty<'db>,
    out: &mut std::collections::HashSet<il::instantiate::ClassInstance<'db>>,
    depth: u32,
) {
    use il::ty::TyKind as K;
    if depth > 16 {
        return;
    }
    match ty.kind(db) {
        K::Qualified(_, t) | K::Pointer(t) | K::Reference(_, t) | K::Array(t, _) => {
            collect_il_instances(db, *t, out, depth + 1)
        }
        K::Function(f) => {
            collect_il_instances(db, f.ret, out, depth + 1);
            for p in f.params.iter() {
                collect_il_instances(db, *p, out, depth + 1);
            }
        }
        K::Instance(inst) if inst.class(db).kind(db) == il::ItemKind::ClassTemplate => {
            out.insert(*inst);
        }
        _ => {}
    }
}

fn per_1000(n: usize, d: usize) -> usize {
    n * 1000 / d.max(1)
}

#[test]
fn every_body_of_the_corpus_infers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let scratch = tempfile::tempdir().unwrap();
    let Some(units) = toolchain::corpus_units(
        &root,
        scratch.path(),
        &std::env::var("HIR_TY_CORPUS_FILTER").unwrap_or_default(),
    ) else {
        eprintln!(
            "skipped: no test_data/generated/corpus and no NVIDIA toolchain to preprocess test_data/cu"
        );
        return;
    };
    let started = std::time::Instant::now();
    let mut total = Counts::default();
    for (name, text) in &units {
        let mut c = Counts::default();
        infer_all(text, &mut c);
        eprintln!(
            "{name}: {} bodies, {} of {} expressions typed ({} dependent), {} of {} calls with a callee",
            c.bodies, c.typed, c.exprs, c.dependent, c.calls_with_callee, c.calls
        );
        total.bodies += c.bodies;
        total.exprs += c.exprs;
        total.typed += c.typed;
        total.dependent += c.dependent;
        total.calls += c.calls;
        total.calls_with_callee += c.calls_with_callee;
        total.calls_in_templates += c.calls_in_templates;
        total.calls_in_templates_with_callee += c.calls_in_templates_with_callee;
        total.diagnostics += c.diagnostics;
        total.implicit_calls += c.implicit_calls;
        total.instances += c.instances;
        total.class_instances += c.class_instances;
        total.class_instances_agreeing += c.class_instances_agreeing;
        total.instance_calls += c.instance_calls;
        total.instance_calls_with_callee += c.instance_calls_with_callee;
        total.implicit_synthesized += c.implicit_synthesized;
        total.operator_and_constructor_callees += c.operator_and_constructor_callees;
        for (k, n) in c.error_kinds {
            *total.error_kinds.entry(k).or_default() += n;
        }
    }
    let errors: usize = total.error_kinds.values().sum();
    eprintln!(
        "total over {} units in {:.1} s: {} bodies; expressions: {} typed + {} dependent + {} error of {}; \
         calls: {} of {} with a callee ({} of {} inside templates); {} diagnostics; \
         {} operator and constructor callees; {} implicit calls ({} to implicit members); \
         {} function template instances inferred, {} of {} of their calls with a callee; \
         {} of {} class template instances: specialization selection agrees with il's",
        units.len(),
        started.elapsed().as_secs_f64(),
        total.bodies,
        total.typed,
        total.dependent,
        errors,
        total.exprs,
        total.calls_with_callee,
        total.calls,
        total.calls_in_templates_with_callee,
        total.calls_in_templates,
        total.diagnostics,
        total.operator_and_constructor_callees,
        total.implicit_calls,
        total.implicit_synthesized,
        total.instances,
        total.instance_calls_with_callee,
        total.instance_calls,
        total.class_instances_agreeing,
        total.class_instances
    );
    if let Some(n) = std::env::var("HIR_TY_CORPUS_SHOW")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        let mut kinds: Vec<_> = total.error_kinds.iter().collect();
        kinds.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (k, n) in kinds.into_iter().take(n) {
            eprintln!("{n:8} error-typed {k}");
        }
    }
    assert!(total.exprs > 0);
    // The floors hold for the whole corpus; a subset (HIR_TY_CORPUS_FILTER) is only measured.
    if units.len() < 50 {
        return;
    }
    assert!(per_1000(total.calls_with_callee, total.calls) >= MIN_CALLS_WITH_CALLEE_PER_1000);
    assert!(per_1000(total.typed, total.exprs) >= MIN_TYPED_EXPRS_PER_1000);
    assert!(
        per_1000(total.instance_calls_with_callee, total.instance_calls)
            >= MIN_INSTANCE_CALLS_WITH_CALLEE_PER_1000
    );
    assert!(
        per_1000(total.class_instances_agreeing, total.class_instances)
            >= MIN_SPECIALIZATION_AGREEMENT_PER_1000
    );
    // Locals of class type, conversions and temporaries exist in every corpus this size.
    assert!(total.implicit_calls > 0 && total.implicit_synthesized > 0);
    assert!(per_1000(errors, total.exprs) <= MAX_ERROR_EXPRS_PER_1000);
    assert!(
        per_1000(
            total.calls_with_callee - total.calls_in_templates_with_callee,
            total.calls - total.calls_in_templates
        ) >= MIN_CALLS_OUTSIDE_TEMPLATES_PER_1000
    );
}
