//! Layout of types declared in the program: a class item is lowered to a [`RecordDesc`] (fields
//! with their resolved types and bit widths, bases, virtual functions, POD-ness, `packed` and
//! `aligned` attributes) and handed to the layout engine. One query per class, memoized, so the
//! size every later stage reads (stub argument offsets, `__cudaRegisterVariable`, cubin
//! parameter info) is computed once.
use std::sync::Arc;

use syntax::{SyntaxKind::*, SyntaxNode};

use crate::IlDatabase;
use crate::consteval::const_value;
use crate::instantiate::{
    ClassInstance, Env, TemplateArg, instance_definition, lookup_param, nested_instance,
};
use crate::item::{Access, Item, ItemKind};
use crate::layout::{
    BaseDesc, FieldDesc, FieldType, RecordDesc, RecordKey, RecordKind, RecordLayout, SizeAlign,
    layout_record,
};
use crate::lookup::ScopeRef;
use crate::lower::ANONYMOUS_AGGREGATE;
use crate::resolve::{declared_type_in, item_declarator, typedef_target};
use crate::scope::scope_items;
use crate::ty::{Ty, TyKind, cuda_vector_type, scalar_size_align};

/// Why a class has no layout: the first thing its layout needed that we could not determine.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LayoutGap {
    pub reason: GapReason,
    /// The declaration (member, base) where it failed, as trivia-free text (for reports).
    pub what: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GapReason {
    /// Not a class, struct or union item.
    NotAClass,
    /// A declaration without a body (`struct S;`): no definition to lay out here.
    NotDefined,
    /// Inside a class or function template: only instances have a layout.
    InTemplate,
    /// A base class name lookup did not resolve to a class.
    UnresolvedBase,
    /// A member's type is a name lookup did not resolve.
    UnresolvedName,
    /// A member's type is a template-id we could not instantiate.
    TemplateId,
    /// A member's type depends on a template parameter we have no argument for.
    TemplateParameter,
    /// An array bound, bit-field width or alignment we could not evaluate.
    ConstantExpression,
    /// A member of incomplete type (a function type, `void`, an undefined class).
    Incomplete,
    /// The class contains itself (through members or bases).
    Cycle,
}

impl LayoutGap {
    fn new(reason: GapReason, what: impl Into<String>) -> LayoutGap {
        LayoutGap {
            reason,
            what: what.into(),
        }
    }
}

/// The layout of a class, struct or union item; `None` when a member's type is not known
/// (unresolved names, templates, incomplete types). [`class_layout_or_gap`] says why.
pub fn class_layout<'db>(db: &'db dyn IlDatabase, class: Item<'db>) -> Option<Arc<RecordLayout>> {
    class_layout_or_gap(db, class).ok()
}

/// The layout of a class, or the reason it has none.
#[salsa::tracked(returns(clone), cycle_result = |_, _, _| Err(LayoutGap::new(GapReason::Cycle, "")))]
pub fn class_layout_or_gap<'db>(
    db: &'db dyn IlDatabase,
    class: Item<'db>,
) -> Result<Arc<RecordLayout>, LayoutGap> {
    let kind = class.kind(db);
    if !matches!(kind, ItemKind::Class | ItemKind::Struct | ItemKind::Union) {
        return Err(LayoutGap::new(GapReason::NotAClass, ""));
    }
    if class.body(db).is_none() {
        return Err(LayoutGap::new(GapReason::NotDefined, ""));
    }
    // A class inside a template depends on its parameters: only instances have a layout.
    let mut ancestor = class.parent(db);
    while let Some(a) = ancestor {
        if matches!(
            a.kind(db),
            ItemKind::ClassTemplate | ItemKind::FunctionTemplate
        ) {
            return Err(LayoutGap::new(GapReason::InTemplate, a.qualified_name(db)));
        }
        ancestor = a.parent(db);
    }
    lower_record(db, class, None, class_key(class))
}

/// The layout of an explicit specialization (`template <> struct A<char> { ... }`): an
/// ordinary class whose declaration is a template's, with no parameters to bind.
pub fn explicit_specialization_layout<'db>(
    db: &'db dyn IlDatabase,
    spec: Item<'db>,
) -> Option<Arc<RecordLayout>> {
    if spec.kind(db) != ItemKind::ClassTemplate
        || spec.body(db).is_none()
        || !crate::instantiate::template_params(db, spec).is_empty()
    {
        return None;
    }
    let bound = crate::instantiate::Bound::new(db, spec, Vec::new());
    lower_record(db, spec, Some(bound), class_key(spec)).ok()
}

/// The layout of a class template instance (or of a class nested in one): its definition's
/// members with the template's parameters bound to the instance's arguments.
#[salsa::tracked(returns(clone), cycle_result = |_, _, _| Err(LayoutGap::new(GapReason::Cycle, "")))]
pub fn instance_layout<'db>(
    db: &'db dyn IlDatabase,
    inst: ClassInstance<'db>,
) -> Result<Arc<RecordLayout>, LayoutGap> {
    let not_defined = || {
        LayoutGap::new(
            GapReason::NotDefined,
            Ty::new(db, TyKind::Instance(inst)).display(db),
        )
    };
    let _depth = crate::instantiate::enter_instantiation()
        .ok_or_else(|| LayoutGap::new(GapReason::Cycle, "instantiation too deep"))?;
    let bound = instance_definition(db, inst).ok_or_else(not_defined)?;
    let class = if inst.class(db).kind(db) == ItemKind::ClassTemplate {
        bound.definition(db)
    } else {
        inst.class(db)
    };
    if class.body(db).is_none() {
        return Err(not_defined());
    }
    lower_record(db, class, Some(bound), instance_key(inst))
}

/// Lowers a class definition to the layout engine's description, resolving its members'
/// types under `env` (an instance's bound template definition, or none).
fn lower_record<'db>(
    db: &'db dyn IlDatabase,
    class: Item<'db>,
    env: Env<'db>,
    key: RecordKey,
) -> Result<Arc<RecordLayout>, LayoutGap> {
    let header = SyntaxNode::new_root(class.header(db).clone());
    let is_union = match class.kind(db) {
        ItemKind::Union => true,
        ItemKind::ClassTemplate => header
            .descendants()
            .find(|n| n.kind() == CLASS_SPECIFIER)
            .is_some_and(|spec| spec.children_with_tokens().any(|t| t.kind() == UNION_KW)),
        _ => false,
    };
    let mut desc = RecordDesc::new(
        key,
        if is_union {
            RecordKind::Union
        } else {
            RecordKind::Struct
        },
    );
    let from = class
        .parent(db)
        .map_or(ScopeRef::File(class.file(db)), ScopeRef::Item);
    let (packed, aligned) = layout_attributes(db, from, env, &header)?;
    desc.packed = packed;
    desc.aligned = aligned;

    if let Some(clause) = header.descendants().find(|n| n.kind() == BASE_CLAUSE) {
        for spec in clause.children().filter(|n| n.kind() == BASE_SPEC) {
            let what = || crate::lower::tokens_text(&spec);
            let Some(name) = spec
                .children()
                .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
            else {
                return Err(LayoutGap::new(GapReason::UnresolvedBase, what()));
            };
            let ty = crate::resolve::name_type_in(db, from, env, &name);
            let layout = match record_of(db, ty) {
                Some(layout) => layout?,
                None if matches!(ty.kind(db), TyKind::Unknown) => {
                    return Err(LayoutGap::new(GapReason::UnresolvedBase, what()));
                }
                None => return Err(type_gap(db, ty, &what)),
            };
            let is_virtual = spec.children_with_tokens().any(|t| t.kind() == VIRTUAL_KW);
            desc.bases.push(BaseDesc { layout, is_virtual });
        }
    }
    for member in scope_items(db, class) {
        match member.kind(db) {
            ItemKind::Field if member.name(db).is_none() => {
                // An unnamed bit-field: it takes space but does not align the class.
                let header = SyntaxNode::new_root(member.header(db).clone());
                let inside = ScopeRef::Item(class);
                let ty = crate::resolve::specifier_type_in(
                    db,
                    inside,
                    env,
                    header.children_with_tokens(),
                );
                let what = || crate::lower::tokens_text(&header);
                let width = header
                    .descendants()
                    .find(|n| n.kind() == BIT_FIELD)
                    .and_then(|b| const_value(db, inside, &b))
                    .ok_or_else(|| LayoutGap::new(GapReason::ConstantExpression, what()))?;
                let scalar = field_type(db, ty, &what)?;
                let mut field = FieldDesc::bit_field(scalar, width);
                field.named = false;
                desc.fields.push(field);
            }
            ItemKind::Class | ItemKind::Struct | ItemKind::Union
                if member.signature_key(db) == ANONYMOUS_AGGREGATE =>
            {
                let layout = match env {
                    Some(bound) => instance_layout(db, nested_instance(db, *member, bound))?,
                    None => class_layout_or_gap(db, *member)?,
                };
                desc.fields.push(FieldDesc::new(FieldType::Record(layout)));
            }
            ItemKind::Field => {
                let header = SyntaxNode::new_root(member.header(db).clone());
                let ty = declared_type_in(db, *member, env);
                let field_ty = field_type(db, ty, &|| crate::lower::tokens_text(&header))?;
                if matches!(field_ty, FieldType::Reference)
                    || member.access(db).is_some_and(|a| a != Access::Public)
                {
                    desc.non_pod = true;
                }
                let init = item_declarator(db, *member, &header).and_then(|d| d.parent());
                let width = init
                    .as_ref()
                    .and_then(|i| i.children().find(|n| n.kind() == BIT_FIELD))
                    .and_then(|b| const_value(db, ScopeRef::Item(class), &b));
                let (packed, aligned) = layout_attributes(db, ScopeRef::Item(class), env, &header)?;
                let mut field = FieldDesc::new(field_ty);
                field.bit_width = width;
                field.packed = packed;
                field.aligned = aligned;
                desc.fields.push(field);
            }
            ItemKind::Routine | ItemKind::FunctionTemplate => {
                let decl = crate::decl::routine_decl(db, *member);
                if decl.specifiers.is_virtual {
                    desc.declares_virtual = true;
                }
                // A user-declared constructor, destructor or copy assignment makes a C++03
                // non-POD (whose tail padding a derived class reuses).
                let name = member.name_text(db).unwrap_or_default();
                let class_name = class.name_text(db).unwrap_or_default();
                if name == class_name || name.starts_with('~') || name == "operator=" {
                    desc.non_pod = true;
                }
            }
            _ => {}
        }
    }
    Ok(Arc::new(layout_record(&desc)))
}

/// Size and alignment of a type, where known.
pub fn size_align_of<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> Option<SizeAlign> {
    match ty.kind(db) {
        TyKind::Class(item) => class_layout(db, *item).map(|l| l.size_align()),
        TyKind::Instance(inst) => instance_layout(db, *inst).ok().map(|l| l.size_align()),
        // Enums without a fixed underlying type are `int`-sized for every value range the test
        // programs use; a fixed type is read from the declaration.
        TyKind::Enum(item) => Some(enum_size_align(db, *item)),
        TyKind::Typedef(item) => typedef_size_align(db, *item),
        TyKind::Qualified(_, inner) => size_align_of(db, *inner),
        TyKind::Array(elem, Some(n)) => {
            size_align_of(db, *elem).map(|e| SizeAlign::new(e.size * n, e.align))
        }
        _ => scalar_size_align(db, ty),
    }
}

/// What the layout engine needs to know of a member's type; `what` describes the member for
/// the gap report.
fn field_type<'db>(
    db: &'db dyn IlDatabase,
    ty: Ty<'db>,
    what: &dyn Fn() -> String,
) -> Result<FieldType, LayoutGap> {
    Ok(match ty.kind(db) {
        TyKind::Class(item) => FieldType::Record(class_layout_or_gap(db, *item)?),
        TyKind::Instance(inst) => FieldType::Record(instance_layout(db, *inst)?),
        TyKind::Reference(..) => FieldType::Reference,
        TyKind::Qualified(_, inner) => field_type(db, *inner, what)?,
        TyKind::Array(elem, n) => FieldType::Array(Box::new(field_type(db, *elem, what)?), *n),
        TyKind::Typedef(item) => match typedef_target(db, *item) {
            Some(target)
                if matches!(
                    target.kind(db),
                    TyKind::Class(_) | TyKind::Instance(_) | TyKind::Typedef(_)
                ) && !has_layout_attributes(db, *item) =>
            {
                field_type(db, target, what)?
            }
            _ => FieldType::Scalar(scalar_or_gap(db, ty, what)?),
        },
        _ => FieldType::Scalar(scalar_or_gap(db, ty, what)?),
    })
}

fn scalar_or_gap<'db>(
    db: &'db dyn IlDatabase,
    ty: Ty<'db>,
    what: &dyn Fn() -> String,
) -> Result<SizeAlign, LayoutGap> {
    size_align_of(db, ty).ok_or_else(|| type_gap(db, ty, what))
}

/// Why a type has no size: the first part of it that is not known.
fn type_gap<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>, what: &dyn Fn() -> String) -> LayoutGap {
    match ty.kind(db) {
        TyKind::Class(item) => match class_layout_or_gap(db, *item) {
            Err(gap) => gap,
            Ok(_) => LayoutGap::new(GapReason::Incomplete, what()),
        },
        TyKind::Instance(inst) => match instance_layout(db, *inst) {
            Err(gap) => gap,
            Ok(_) => LayoutGap::new(GapReason::Incomplete, what()),
        },
        TyKind::Qualified(_, inner) | TyKind::Array(inner, _) => type_gap(db, *inner, what),
        TyKind::Typedef(item) => match typedef_target(db, *item) {
            Some(target) => type_gap(db, target, what),
            None => LayoutGap::new(GapReason::UnresolvedName, what()),
        },
        TyKind::TemplateId(_) => LayoutGap::new(GapReason::TemplateId, what()),
        TyKind::TemplateParam { .. } => LayoutGap::new(GapReason::TemplateParameter, what()),
        TyKind::Unknown => LayoutGap::new(GapReason::UnresolvedName, what()),
        _ => LayoutGap::new(GapReason::Incomplete, what()),
    }
}

/// The layout of a class type (through typedefs and qualifiers): `None` for other types.
fn record_of<'db>(
    db: &'db dyn IlDatabase,
    ty: Ty<'db>,
) -> Option<Result<Arc<RecordLayout>, LayoutGap>> {
    match ty.kind(db) {
        TyKind::Class(item) => Some(class_layout_or_gap(db, *item)),
        TyKind::Instance(inst) => Some(instance_layout(db, *inst)),
        TyKind::Qualified(_, inner) => record_of(db, *inner),
        TyKind::Typedef(item) => record_of(db, typedef_target(db, *item)?),
        _ => None,
    }
}

/// A typedef that changes its target's layout (`aligned`, `vector_size`).
fn has_layout_attributes(db: &dyn IlDatabase, item: Item<'_>) -> bool {
    let header = SyntaxNode::new_root(item.header(db).clone());
    header
        .descendants()
        .filter(|n| n.kind() == ATTRIBUTE)
        .any(|attr| {
            attr.children_with_tokens()
                .find(|t| t.kind() == IDENT)
                .is_some_and(|t| {
                    matches!(
                        t.to_string().trim_matches('_'),
                        "aligned" | "vector_size" | "packed"
                    )
                })
        })
}

fn typedef_size_align(db: &dyn IlDatabase, item: Item<'_>) -> Option<SizeAlign> {
    let header = SyntaxNode::new_root(item.header(db).clone());
    // `typedef int v4 __attribute__((vector_size(16)))`: a GNU vector.
    let from = item
        .parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
    if let Some(bytes) = attribute_value(db, from, &header, "vector_size") {
        return Some(SizeAlign::new(bytes, bytes.min(16)));
    }
    if let Some(name) = item.name_text(db)
        && let Some(v) = cuda_vector_type(name)
        && item.parent(db).is_none()
    {
        return Some(v.size_align());
    }
    let target = typedef_target(db, item)?;
    let sa = size_align_of(db, target)?;
    Some(match attribute_value(db, from, &header, "aligned") {
        Some(a) => SizeAlign::new(sa.size, a),
        None => sa,
    })
}

fn enum_size_align(db: &dyn IlDatabase, item: Item<'_>) -> SizeAlign {
    let header = SyntaxNode::new_root(item.header(db).clone());
    let from = item
        .parent(db)
        .map_or(ScopeRef::File(item.file(db)), ScopeRef::Item);
    let spec = header
        .descendants()
        .find(|n| n.kind() == ENUM_SPECIFIER)
        .unwrap_or(header);
    // `enum class E : unsigned char`: the underlying type follows the colon.
    let has_base = spec.children_with_tokens().any(|t| t.kind() == COLON);
    if has_base {
        let base = spec
            .children_with_tokens()
            .skip_while(|t| t.kind() != COLON)
            .skip(1)
            .take_while(|t| t.kind() != ENUMERATOR_LIST);
        let ty = crate::resolve::specifier_type_of(db, from, base);
        // The underlying type must be integral: an enumeration there (`enum E : E`, or two
        // enumerations naming each other) is ill-formed, and following it would not end.
        if is_integral_underlying(db, ty)
            && let Some(sa) = size_align_of(db, ty)
        {
            return sa;
        }
    }
    SizeAlign::new(4, 4)
}

/// Whether `ty`, through typedefs and cv (a bounded chain), is a builtin type.
fn is_integral_underlying<'db>(db: &'db dyn IlDatabase, mut ty: Ty<'db>) -> bool {
    for _ in 0..64 {
        match ty.kind(db) {
            TyKind::Builtin(_) => return true,
            TyKind::Qualified(_, inner) => ty = *inner,
            TyKind::Typedef(item) => match typedef_target(db, *item) {
                Some(target) if target != ty => ty = target,
                _ => return false,
            },
            _ => return false,
        }
    }
    false
}

/// A stable key for the empty-subobject rule: any value distinct per class works.
fn class_key(class: Item<'_>) -> u32 {
    use salsa::plumbing::AsId;
    class.as_id().index() & !INSTANCE_KEY
}

/// Instances' keys have the top bit set, so they never equal a class item's.
const INSTANCE_KEY: u32 = 1 << 31;

fn instance_key(inst: ClassInstance<'_>) -> u32 {
    use salsa::plumbing::AsId;
    inst.as_id().index() | INSTANCE_KEY
}

/// `__attribute__((packed))` and the largest `aligned(N)` / `alignas(N)` among a declaration's
/// own attributes (not those of nested member lists).
/// An argument that cannot be evaluated is a gap: guessing would give a wrong layout.
fn layout_attributes<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    decl: &SyntaxNode,
) -> Result<(bool, Option<u64>), LayoutGap> {
    let value_of = |args: &SyntaxNode| {
        attribute_arg_value(db, from, env, args).ok_or_else(|| {
            LayoutGap::new(
                GapReason::ConstantExpression,
                crate::lower::tokens_text(args),
            )
        })
    };
    let mut packed = false;
    let mut aligned = None;
    for attr in decl.descendants().filter(|n| n.kind() == ATTRIBUTE) {
        if attr
            .ancestors()
            .any(|a| matches!(a.kind(), MEMBER_LIST | PARAM_LIST | COMPOUND_STMT))
        {
            continue;
        }
        let name = attr
            .children_with_tokens()
            .find(|t| t.kind() == IDENT)
            .map(|t| t.to_string())
            .unwrap_or_default();
        match name.trim_matches('_') {
            "packed" => packed = true,
            "aligned" => {
                // `aligned` without an argument is the target's largest alignment (16).
                let value = match attr.children().find(|n| n.kind() == ATTRIBUTE_ARGS) {
                    Some(args) => value_of(&args)?,
                    None => 16,
                };
                aligned = Some(aligned.map_or(value, |a: u64| a.max(value)));
            }
            _ => {}
        }
    }
    for spec in decl
        .descendants_with_tokens()
        .filter(|t| t.kind() == ALIGNAS_KW)
    {
        if let Some(args) = spec
            .parent()
            .and_then(|p| p.children().find(|n| n.kind() == ATTRIBUTE_ARGS))
            && !args
                .ancestors()
                .any(|a| matches!(a.kind(), MEMBER_LIST | PARAM_LIST))
        {
            let value = value_of(&args)?;
            aligned = Some(aligned.map_or(value, |a: u64| a.max(value)));
        }
    }
    Ok((packed, aligned))
}

/// An attribute's integer argument (kept as tokens by the parser): what `consteval` evaluates,
/// and under a binding also `sizeof(T)` / `alignof(T)` of a type parameter.
fn attribute_arg_value<'db>(
    db: &'db dyn IlDatabase,
    from: ScopeRef<'db>,
    env: Env<'db>,
    args: &SyntaxNode,
) -> Option<u64> {
    if let Some(value) = const_value(db, from, args) {
        return Some(value);
    }
    let tokens: Vec<syntax::SyntaxToken> = args
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .collect();
    // `(_S_alignment)`: a constant named by one identifier.
    if let [open, name, close] = tokens.as_slice()
        && open.kind() == L_PAREN
        && name.kind() == IDENT
        && close.kind() == R_PAREN
    {
        let value = crate::instantiate::value::identifier_value(db, from, env, name.text())?;
        return u64::try_from(value).ok();
    }
    let [open, op, l, name, r, close] = tokens.as_slice() else {
        return None;
    };
    if open.kind() != L_PAREN
        || l.kind() != L_PAREN
        || r.kind() != R_PAREN
        || close.kind() != R_PAREN
        || name.kind() != IDENT
    {
        return None;
    }
    let TemplateArg::Type(ty) = lookup_param(db, env, name.text())? else {
        return None;
    };
    let sa = size_align_of(db, ty)?;
    match op.kind() {
        SIZEOF_KW => Some(sa.size),
        ALIGNOF_KW => Some(sa.align),
        _ => None,
    }
}

fn attribute_value(
    db: &dyn IlDatabase,
    from: ScopeRef<'_>,
    decl: &SyntaxNode,
    wanted: &str,
) -> Option<u64> {
    decl.descendants()
        .filter(|n| n.kind() == ATTRIBUTE)
        .find_map(|attr| {
            let name = attr
                .children_with_tokens()
                .find(|t| t.kind() == IDENT)?
                .to_string();
            if name.trim_matches('_') != wanted {
                return None;
            }
            const_value(
                db,
                from,
                &attr.children().find(|n| n.kind() == ATTRIBUTE_ARGS)?,
            )
        })
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;
    use crate::scope::all_items;
    use crate::test_db::TestDb;

    /// `name size align` of each laid-out class of the given kinds, in declaration order.
    fn layouts(db: &TestDb, file: base_db::SourceFile, kinds: &[ItemKind]) -> String {
        let mut out = String::new();
        for item in all_items(db, file) {
            if kinds.contains(&item.kind(db))
                && let Some(l) = class_layout(db, item)
            {
                out.push_str(&format!(
                    "{} {} {}\n",
                    item.qualified_name(db),
                    l.size,
                    l.align
                ));
            }
        }
        out
    }

    /// The expected sizes were checked with g++ 12 (`static_assert`s over the same source).
    #[test]
    fn classes_of_a_program() {
        let (db, file) = TestDb::with_file(
            r#"
typedef int v4 __attribute__((vector_size(16)));
struct __attribute__((aligned(16))) A { int x; };
struct P { char c; double d; int i; };
struct B { int b : 3; int c : 5; };
union U2 { char c; double d; };
struct E {};
struct D : E { P p; short s[3]; };
struct V { virtual void f(); char c; };
struct W : V { char d; };
struct NP { NP(); int i; char c; };
struct T : NP { char t; };
enum class Small : unsigned char { a };
struct H { Small s; v4 v; A a; long double ld; const char *name; int &r; };
struct __attribute__((packed)) K { char c; int i; };
namespace n { struct In { long l; }; }
struct Q { n::In in; char c; };
"#,
        );
        let out = layouts(&db, file, &[ItemKind::Struct, ItemKind::Union]);
        expect![[r#"
            A 16 16
            P 24 8
            B 4 4
            U2 8 8
            E 1 1
            D 32 8
            V 16 8
            W 16 8
            NP 8 4
            T 8 4
            H 80 16
            K 5 1
            n::In 8 8
            Q 16 8
        "#]]
        .assert_eq(&out);
    }

    /// Found by the fuzzer: an enumeration as its own underlying type (directly, or through
    /// another enumeration or a typedef) recursed without end. The type is ill-formed; the
    /// layout falls back to `int`'s and nothing overflows the stack.
    #[test]
    fn an_enumeration_underlying_itself_ends() {
        let (db, file) = TestDb::with_file(
            r#"
enum class Mode : int;
enum class Mode : Mode { Fast };
enum A : unsigned char;
enum B : A { b };
enum A : B { a };
typedef enum T : short { t } TT;
struct S { Mode m; B b; TT tt; };
"#,
        );
        let out = layouts(&db, file, &[ItemKind::Struct]);
        expect![[r#"
            S 12 4
        "#]]
        .assert_eq(&out);
    }
}
