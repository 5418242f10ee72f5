//! Random class definitions for testing the layout engine against g++.
//!
//! Each [`Case`] is a handful of classes written both as C++ source and as [`RecordDesc`]s; later
//! classes use earlier ones as members and bases. The generator stays inside what g++ accepts
//! without errors (it may warn), so a failing `static_assert` always means a layout difference.
//! It is deterministic in its seed: `cargo test` replays fixed seeds without g++ and
//! `cargo xtask layout-check` checks the same seeds (and many more) with g++.
use std::fmt::Write as _;
use std::sync::Arc;

use super::{
    BaseDesc, FieldDesc, FieldType, RecordDesc, RecordKind, RecordLayout, SizeAlign, layout_record,
};

/// Seeds `0..FIXED_SEEDS` are the committed, g++-confirmed set (`test_data/layout_generated.txt`).
pub const FIXED_SEEDS: u64 = 300;

/// A small xorshift generator: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// True with probability `percent`/100.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// A scalar member type: its C++ spelling, layout, and whether it may be a bit-field.
struct Scalar {
    spelling: &'static str,
    layout: SizeAlign,
    integral: bool,
}

const fn scalar(spelling: &'static str, size: u64, align: u64, integral: bool) -> Scalar {
    Scalar {
        spelling,
        layout: SizeAlign::new(size, align),
        integral,
    }
}

/// 32-byte GNU vectors are left out: without -mavx g++ places them at 32-byte offsets but
/// reports `alignof` 16, which no ABI rule describes; layouts with them are not checked yet.
/// x86-64 LP64 builtins (g++ 12 has no `_Float128` keyword in C++; glibc typedefs it to
/// `__float128`), plus pointers, member pointers and GNU vectors (declared in the prelude).
const SCALARS: &[Scalar] = &[
    scalar("bool", 1, 1, true),
    scalar("char", 1, 1, true),
    scalar("unsigned char", 1, 1, true),
    scalar("short", 2, 2, true),
    scalar("unsigned short", 2, 2, true),
    scalar("int", 4, 4, true),
    scalar("unsigned", 4, 4, true),
    scalar("long", 8, 8, true),
    scalar("unsigned long long", 8, 8, true),
    scalar("__int128", 16, 16, true),
    scalar("wchar_t", 4, 4, true),
    scalar("char16_t", 2, 2, true),
    scalar("char32_t", 4, 4, true),
    scalar("float", 4, 4, false),
    scalar("double", 8, 8, false),
    scalar("long double", 16, 16, false),
    scalar("__float128", 16, 16, false),
    scalar("void*", 8, 8, false),
    scalar("int Q::*", 8, 8, false),
    scalar("mfp", 16, 8, false),
    scalar("E8", 1, 1, true),
    scalar("E64", 8, 8, true),
    scalar("v8", 8, 8, false),
    scalar("v16", 16, 16, false),
];

/// Declarations every case's source relies on.
pub const PRELUDE: &str = "\
#include <cstddef>
struct Q { int q; };
typedef void (Q::*mfp)();
enum E8 : unsigned char { e8 };
enum E64 : long { e64 };
typedef int v8 __attribute__((vector_size(8)));
typedef int v16 __attribute__((vector_size(16)));
";

/// One generated class with what we computed for it.
pub struct Record {
    pub name: String,
    pub layout: Arc<RecordLayout>,
    /// Names of the fields, `None` for unnamed bit-fields.
    pub field_names: Vec<Option<String>>,
    pub field_is_bit_field: Vec<bool>,
    /// `offsetof` is only asked where g++ evaluates it (no virtual bases anywhere).
    pub offsetof_ok: bool,
}

/// A namespace of generated classes.
pub struct Case {
    pub name: String,
    pub source: String,
    pub records: Vec<Record>,
}

/// What later classes of the same case may reuse.
struct Usable {
    index: usize,
    is_union: bool,
    /// Classes with a flexible array member must stay last and alone.
    has_flexible: bool,
    has_vbases: bool,
    /// Its implicit default constructor is deleted (a reference member somewhere inside, or a
    /// union with a non-trivial member), so no class containing it may declare `R() {}`.
    default_ctor_deleted: bool,
}

pub fn generate_case(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let name = format!("c{seed}");
    let mut source = format!("namespace {name} {{\n");
    let mut records: Vec<Record> = Vec::new();
    let mut usable: Vec<Usable> = Vec::new();
    let count = 2 + rng.below(5);
    for i in 0..count {
        let rname = format!("R{i}");
        let is_union = rng.chance(15);
        let mut desc = RecordDesc::new(
            i as u32,
            if is_union {
                RecordKind::Union
            } else {
                RecordKind::Struct
            },
        );
        let mut bases_src = Vec::new();
        let mut has_vbases = false;
        let mut default_ctor_deleted = false;
        if !is_union {
            for _ in 0..rng.below(3) {
                let candidates: Vec<&Usable> = usable
                    .iter()
                    .filter(|u| !u.is_union && !u.has_flexible)
                    .collect();
                if candidates.is_empty() {
                    break;
                }
                let base = *rng.pick(&candidates);
                let base_layout = records[base.index].layout.clone();
                if desc.bases.iter().any(|b| b.layout.key == base_layout.key) {
                    continue;
                }
                let is_virtual = rng.chance(25);
                default_ctor_deleted |= base.default_ctor_deleted;
                has_vbases |= is_virtual || base.has_vbases;
                bases_src.push(format!(
                    "{}{}",
                    if is_virtual { "virtual " } else { "" },
                    records[base.index].name
                ));
                desc.bases.push(BaseDesc {
                    layout: base_layout,
                    is_virtual,
                });
            }
            desc.declares_virtual = rng.chance(15);
        }
        desc.packed = rng.chance(10);
        if rng.chance(12) {
            desc.aligned = Some(*rng.pick(&[1u64, 2, 4, 8, 16, 32]));
        }
        let mut body = String::new();
        let mut field_names = Vec::new();
        let mut field_is_bit_field = Vec::new();
        let mut has_reference = false;
        let mut has_flexible = false;
        let nfields = rng.below(7);
        for f in 0..nfields {
            let fname = format!("f{f}");
            let roll = rng.below(100);
            if roll < 25 && !is_union || roll < 10 {
                // A bit-field of an integral type.
                let ty = loop {
                    let s = rng.pick(SCALARS);
                    if s.integral {
                        break s;
                    }
                };
                let bits = if ty.spelling == "bool" {
                    1
                } else {
                    ty.layout.size * 8
                };
                let zero = !is_union && rng.chance(12);
                let width = if zero { 0 } else { 1 + rng.below(bits) };
                let named = !zero && !rng.chance(10);
                let mut field = FieldDesc::bit_field(FieldType::Scalar(ty.layout), width);
                field.named = named;
                if named {
                    writeln!(body, "  {} {fname} : {width};", ty.spelling).unwrap();
                    field_names.push(Some(fname));
                } else {
                    writeln!(body, "  {} : {width};", ty.spelling).unwrap();
                    field_names.push(None);
                }
                field_is_bit_field.push(true);
                desc.fields.push(field);
                continue;
            }
            let (spelling, ty) = if roll < 45 && !usable.is_empty() {
                let candidates: Vec<&Usable> = usable.iter().filter(|u| !u.has_flexible).collect();
                if candidates.is_empty() {
                    let s = rng.pick(SCALARS);
                    (s.spelling.to_string(), FieldType::Scalar(s.layout))
                } else {
                    let u = *rng.pick(&candidates);
                    default_ctor_deleted |= u.default_ctor_deleted;
                    (
                        records[u.index].name.clone(),
                        FieldType::Record(records[u.index].layout.clone()),
                    )
                }
            } else if roll < 50 && !is_union && !desc.non_pod {
                has_reference = true;
                desc.non_pod = true;
                ("int&".to_string(), FieldType::Reference)
            } else {
                let s = rng.pick(SCALARS);
                (s.spelling.to_string(), FieldType::Scalar(s.layout))
            };
            let mut suffix = String::new();
            let mut ty = ty;
            let last = f + 1 == nfields;
            if rng.chance(15) && !spelling.ends_with('&') {
                let flexible = last
                    && !is_union
                    && desc
                        .fields
                        .iter()
                        .any(|f| f.bit_width.is_none() && f.ty.size_align().size > 0)
                    && desc.bases.is_empty()
                    && !desc.declares_virtual
                    && rng.chance(30);
                if flexible {
                    has_flexible = true;
                    suffix = "[]".into();
                    ty = FieldType::Array(Box::new(ty), None);
                } else {
                    let n = rng.below(4);
                    suffix = format!("[{n}]");
                    ty = FieldType::Array(Box::new(ty), Some(n));
                }
            }
            let mut field = FieldDesc::new(ty);
            let mut attrs = String::new();
            if rng.chance(8) {
                let a = *rng.pick(&[1u64, 2, 4, 8, 16, 32]);
                field.aligned = Some(a);
                write!(attrs, " __attribute__((aligned({a})))").unwrap();
            }
            if rng.chance(6) {
                field.packed = true;
                attrs.push_str(" __attribute__((packed))");
            }
            writeln!(body, "  {spelling} {fname}{suffix}{attrs};").unwrap();
            field_names.push(Some(fname));
            field_is_bit_field.push(false);
            desc.fields.push(field);
        }
        if desc.declares_virtual {
            body.push_str("  virtual void v();\n");
        }
        default_ctor_deleted |= has_reference;
        // A union with a member of non-trivial class type has a deleted default constructor.
        default_ctor_deleted |= is_union && desc.fields.iter().any(|f| !f.ty.is_pod());
        if !is_union && !default_ctor_deleted && !has_flexible && rng.chance(20) {
            desc.non_pod = true;
            writeln!(body, "  {rname}() {{}}").unwrap();
        }
        let mut attrs = String::new();
        if desc.packed {
            attrs.push_str(" __attribute__((packed))");
        }
        if let Some(a) = desc.aligned {
            write!(attrs, " __attribute__((aligned({a})))").unwrap();
        }
        let key = if is_union { "union" } else { "struct" };
        let bases = if bases_src.is_empty() {
            String::new()
        } else {
            format!(" : {}", bases_src.join(", "))
        };
        writeln!(source, "{key}{attrs} {rname}{bases} {{\n{body}}};").unwrap();
        let layout = Arc::new(layout_record(&desc));
        usable.push(Usable {
            index: records.len(),
            is_union,
            has_flexible,
            has_vbases,
            default_ctor_deleted,
        });
        records.push(Record {
            name: rname,
            layout,
            field_names,
            field_is_bit_field,
            offsetof_ok: !has_vbases,
        });
    }
    source.push_str("}\n");
    Case {
        name,
        source,
        records,
    }
}

/// The `static_assert`s stating our layout of every class of a case. Each names its class, so a
/// failure in g++'s output can be counted per class.
pub fn assertions(case: &Case) -> String {
    let mut out = String::new();
    for r in &case.records {
        let q = format!("{}::{}", case.name, r.name);
        let l = &r.layout;
        let mut conds = vec![
            format!("sizeof({q}) == {}", l.size),
            format!("alignof({q}) == {}", l.align),
        ];
        if r.offsetof_ok {
            for ((name, &bits), &is_bf) in r
                .field_names
                .iter()
                .zip(&l.field_offsets)
                .zip(&r.field_is_bit_field)
            {
                if let (Some(name), false) = (name, is_bf) {
                    conds.push(format!("offsetof({q}, {name}) == {}", bits / 8));
                }
            }
        }
        writeln!(
            out,
            "static_assert({}, \"layout of {q}\");",
            conds.join(" && ")
        )
        .unwrap();
    }
    out
}

/// One line per class: what the engine computed, for snapshots.
pub fn summary(case: &Case) -> String {
    summary_lines(case).concat()
}

/// [`summary`] as one line (newline-terminated) per class, in the case's order.
pub fn summary_lines(case: &Case) -> Vec<String> {
    let mut lines = Vec::new();
    for r in &case.records {
        let mut out = String::new();
        let l = &r.layout;
        write!(
            out,
            "{}::{} size {} align {}",
            case.name, r.name, l.size, l.align
        )
        .unwrap();
        for (name, &bits) in r.field_names.iter().zip(&l.field_offsets) {
            let name = name.as_deref().unwrap_or("_");
            if bits % 8 == 0 {
                write!(out, " {name}@{}", bits / 8).unwrap();
            } else {
                write!(out, " {name}@{}.{}", bits / 8, bits % 8).unwrap();
            }
        }
        out.push('\n');
        lines.push(out);
    }
    lines
}
