//! Record layout following the Itanium C++ ABI as g++ 12 implements it on x86-64 Linux.
//!
//! The engine works on a small, self-contained description of a class ([`RecordDesc`]) so that it
//! can be tested before (and independently of) the entity layer: `cargo xtask layout-check` feeds
//! generated descriptions both to this engine and to g++ (as `static_assert`s) and compares.
//! The entity layer lowers a class entity into a `RecordDesc` and memoizes the result per class.
//!
//! The algorithm is the ABI's (section 2.4, "Allocation of Members"): primary base and vptr first,
//! then non-virtual bases, then data members (bit-fields by the SysV rules), then virtual bases in
//! inheritance-graph order; empty class subobjects of the same type may never share an address.
//! Two g++ specifics matter: tail padding of a base is reused only when the base is *not* a
//! C++03 POD, and a non-empty class of size 0 (only zero-length arrays) stays size 0.
pub mod generate;

use std::sync::Arc;

/// Identifies a record type: two subobjects with the same key are of the same class. The caller
/// chooses keys (an entity id, a generator counter).
pub type RecordKey = u32;

/// Size and alignment of a complete object, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SizeAlign {
    pub size: u64,
    pub align: u64,
}

impl SizeAlign {
    pub const fn new(size: u64, align: u64) -> SizeAlign {
        SizeAlign { size, align }
    }
}

/// What the engine needs to know about the type of a member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldType {
    /// Arithmetic, enum, pointer, member pointer, vector: no inner structure.
    Scalar(SizeAlign),
    /// A reference member: pointer-sized, and never packed by g++.
    Reference,
    /// A class or union with its finished layout.
    Record(Arc<RecordLayout>),
    /// `T[n]`. `Some(0)` is a GNU zero-length array, `None` a flexible array member.
    Array(Box<FieldType>, Option<u64>),
}

impl FieldType {
    pub fn size_align(&self) -> SizeAlign {
        match self {
            FieldType::Scalar(sa) => *sa,
            FieldType::Reference => POINTER,
            FieldType::Record(r) => SizeAlign::new(r.size, r.align),
            FieldType::Array(elem, n) => {
                let e = elem.size_align();
                SizeAlign::new(e.size * n.unwrap_or(0), e.align)
            }
        }
    }

    /// A C++03 POD for the purpose of layout (only then is a base's tail padding kept).
    fn is_pod(&self) -> bool {
        match self {
            FieldType::Scalar(_) => true,
            FieldType::Reference => false,
            FieldType::Record(r) => r.is_pod,
            FieldType::Array(elem, _) => elem.is_pod(),
        }
    }

    /// The empty class subobjects inside an object of this type, at offsets from its start.
    fn empty_subobjects(&self, at: u64, out: &mut Vec<(RecordKey, u64)>) {
        match self {
            FieldType::Scalar(_) | FieldType::Reference => {}
            FieldType::Record(r) => {
                out.extend(r.empty_subobjects.iter().map(|&(k, o)| (k, at + o)));
            }
            FieldType::Array(elem, n) => {
                let stride = elem.size_align().size;
                // Past the first few elements no base can collide any more; cap the walk.
                for i in 0..n.unwrap_or(0).min(16) {
                    elem.empty_subobjects(at + i * stride, out);
                }
            }
        }
    }
}

/// A non-static data member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldDesc {
    pub ty: FieldType,
    /// `Some(w)` for a bit-field of width `w` (the type must be a `Scalar` integer or enum).
    pub bit_width: Option<u64>,
    /// Unnamed bit-fields do not contribute to the alignment of the class (SysV x86-64).
    pub named: bool,
    /// `alignas(N)` / `__attribute__((aligned(N)))` on the member: the largest given.
    pub aligned: Option<u64>,
    /// `__attribute__((packed))` on the member.
    pub packed: bool,
}

impl FieldDesc {
    pub fn new(ty: FieldType) -> FieldDesc {
        FieldDesc {
            ty,
            bit_width: None,
            named: true,
            aligned: None,
            packed: false,
        }
    }
    pub fn bit_field(ty: FieldType, width: u64) -> FieldDesc {
        FieldDesc {
            bit_width: Some(width),
            ..FieldDesc::new(ty)
        }
    }
}

/// A direct base class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseDesc {
    pub layout: Arc<RecordLayout>,
    pub is_virtual: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    Struct,
    Union,
}

/// A class as the layout engine sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordDesc {
    pub key: RecordKey,
    pub kind: RecordKind,
    pub bases: Vec<BaseDesc>,
    pub fields: Vec<FieldDesc>,
    /// Declares (not only inherits) a virtual function.
    pub declares_virtual: bool,
    /// Has something that makes it a non-POD in C++03 besides bases, virtuals and non-POD
    /// members: a user-declared constructor, destructor or copy assignment, a reference member,
    /// or a private/protected non-static data member.
    pub non_pod: bool,
    /// `__attribute__((packed))` on the class.
    pub packed: bool,
    /// `alignas(N)` / `__attribute__((aligned(N)))` on the class: the largest given.
    pub aligned: Option<u64>,
}

impl RecordDesc {
    pub fn new(key: RecordKey, kind: RecordKind) -> RecordDesc {
        RecordDesc {
            key,
            kind,
            bases: Vec::new(),
            fields: Vec::new(),
            declares_virtual: false,
            non_pod: false,
            packed: false,
            aligned: None,
        }
    }
}

/// The finished layout of a class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordLayout {
    pub key: RecordKey,
    pub size: u64,
    pub align: u64,
    /// Data size: where a derived class may continue (tail padding is reused unless POD).
    pub data_size: u64,
    /// Size and alignment without the virtual bases (the class as a base subobject).
    pub nv_size: u64,
    pub nv_align: u64,
    /// Offset of each field in bits, in declaration order.
    pub field_offsets: Vec<u64>,
    /// Offset of each direct base in bytes (virtual ones: in the complete object).
    pub base_offsets: Vec<u64>,
    pub is_empty: bool,
    /// Has a vptr (its own or its primary base's).
    pub is_dynamic: bool,
    pub is_pod: bool,
    /// The primary base (the one sharing the vptr at offset 0), by index into the bases.
    pub primary_base: Option<usize>,
    bases: Vec<BaseDesc>,
    /// Empty class subobjects of the non-virtual part, with their offsets.
    empty_subobjects: Vec<(RecordKey, u64)>,
}

impl RecordLayout {
    pub fn size_align(&self) -> SizeAlign {
        SizeAlign::new(self.size, self.align)
    }

    /// A dynamic class whose non-virtual part is only the vptr.
    fn is_nearly_empty(&self) -> bool {
        self.is_dynamic && self.nv_size == POINTER.size
    }

    fn primary(&self) -> Option<&BaseDesc> {
        self.primary_base.map(|i| &self.bases[i])
    }

    /// The virtual bases of this class (direct and indirect), each once, in inheritance-graph
    /// (depth-first, left-to-right) order.
    fn virtual_bases(&self, out: &mut Vec<Arc<RecordLayout>>) {
        for base in &self.bases {
            if base.is_virtual && !out.iter().any(|v| v.key == base.layout.key) {
                out.push(base.layout.clone());
            }
            base.layout.virtual_bases(out);
        }
    }

    /// Classes that are the virtual primary base of some class in this hierarchy.
    fn indirect_primary_bases(&self, out: &mut Vec<RecordKey>) {
        for base in &self.bases {
            if let Some(p) = base.layout.primary()
                && p.is_virtual
            {
                out.push(p.layout.key);
            }
            base.layout.indirect_primary_bases(out);
        }
    }
}

const POINTER: SizeAlign = SizeAlign::new(8, 8);

fn align_to(n: u64, align: u64) -> u64 {
    n.div_ceil(align.max(1)) * align.max(1)
}

/// The state of one class under construction.
struct Builder<'a> {
    desc: &'a RecordDesc,
    /// Bits, because bit-fields continue inside a byte.
    data_bits: u64,
    size: u64,
    align: u64,
    empty: Vec<(RecordKey, u64)>,
    base_offsets: Vec<Option<u64>>,
}

impl Builder<'_> {
    fn data_size(&self) -> u64 {
        self.data_bits.div_ceil(8)
    }

    fn can_place(&self, subobjects: &[(RecordKey, u64)], at: u64) -> bool {
        subobjects
            .iter()
            .all(|&(k, o)| !self.empty.contains(&(k, o + at)))
    }

    /// Places a base subobject (its non-virtual part) and returns its offset.
    fn place_base(&mut self, base: &RecordLayout) -> u64 {
        // A class's `packed` packs its members (and vptr) but never its bases.
        let align = base.nv_align;
        // An empty base goes to offset 0 unless a subobject of its type is already there;
        // otherwise (and for non-empty bases) to the data size, then on by its alignment
        // while it would share an address with a same-typed empty subobject.
        let mut offset = 0;
        if !(base.is_empty && self.can_place(&base.empty_subobjects, 0)) {
            offset = align_to(self.data_size(), align);
            while !self.can_place(&base.empty_subobjects, offset) {
                offset += align;
            }
        }
        if base.is_empty {
            self.size = self.size.max(offset + base.size);
        } else {
            self.data_bits = (offset + base.data_size) * 8;
            self.size = self.size.max(offset + base.nv_size);
        }
        self.align = self.align.max(align);
        self.empty
            .extend(base.empty_subobjects.iter().map(|&(k, o)| (k, o + offset)));
        offset
    }

    fn place_field(&mut self, field: &FieldDesc) -> u64 {
        let natural = field.ty.size_align();
        let is_union = self.desc.kind == RecordKind::Union;
        // g++ ignores a class's `packed` for references and members of non-POD class type (it
        // warns); `packed` on the member itself always applies.
        let packed = field.packed || (self.desc.packed && field.ty.is_pod());
        let mut align = if packed { 1 } else { natural.align };
        if let Some(a) = field.aligned {
            align = align.max(a);
        }
        if let Some(width) = field.bit_width {
            return self.place_bit_field(field, width, natural, packed, is_union);
        }
        let mut subobjects = Vec::new();
        field.ty.empty_subobjects(0, &mut subobjects);
        // A union's members all sit at 0; their empty subobjects still keep a class containing
        // the union from putting a same-typed empty base there.
        let offset = if is_union {
            0
        } else {
            let mut offset = align_to(self.data_size(), align);
            while !self.can_place(&subobjects, offset) {
                offset += align;
            }
            offset
        };
        self.empty
            .extend(subobjects.iter().map(|&(k, o)| (k, o + offset)));
        let end = offset + natural.size;
        self.data_bits = if is_union {
            self.data_bits.max(end * 8)
        } else {
            end * 8
        };
        self.size = self.size.max(end);
        self.align = self.align.max(align);
        offset * 8
    }

    /// SysV bit-fields: a named field of type T may not straddle a T-aligned unit of T's size;
    /// a zero-width one moves to the next T boundary; unnamed ones do not align the class.
    fn place_bit_field(
        &mut self,
        field: &FieldDesc,
        width: u64,
        ty: SizeAlign,
        packed: bool,
        is_union: bool,
    ) -> u64 {
        let unit = ty.align * 8;
        let start = if is_union {
            0
        } else if width == 0 {
            align_to(self.data_bits, unit)
        } else if packed {
            self.data_bits
        } else {
            let start = self.data_bits;
            let unit_size = ty.size * 8;
            if start / unit != (start + width.min(unit_size) - 1) / unit {
                align_to(start, unit)
            } else {
                start
            }
        };
        let end = start + width;
        self.data_bits = if is_union {
            self.data_bits.max(end)
        } else {
            end
        };
        self.size = self.size.max(end.div_ceil(8));
        if field.named && width > 0 {
            let mut align = if packed { 1 } else { ty.align };
            if let Some(a) = field.aligned {
                align = align.max(a);
            }
            self.align = self.align.max(align);
        }
        start
    }
}

/// Computes the layout of one class from its description.
pub fn layout_record(desc: &RecordDesc) -> RecordLayout {
    let mut b = Builder {
        desc,
        data_bits: 0,
        size: 0,
        align: 1,
        empty: Vec::new(),
        base_offsets: vec![None; desc.bases.len()],
    };
    let primary_base = select_primary_base(desc);
    let has_dynamic_base = desc.bases.iter().any(|base| base.layout.is_dynamic);
    let is_dynamic =
        desc.declares_virtual || has_dynamic_base || desc.bases.iter().any(|b| b.is_virtual);

    // The primary base shares our vptr at offset 0; without one, a dynamic class gets its own.
    if let Some(p) = primary_base {
        b.base_offsets[p] = Some(0);
        let base = &desc.bases[p].layout;
        b.data_bits = base.data_size * 8;
        b.size = base.nv_size;
        b.align = base.nv_align;
        b.empty.extend(base.empty_subobjects.iter().copied());
    } else if is_dynamic {
        b.data_bits = POINTER.size * 8;
        b.size = POINTER.size;
        // Even the vptr is packed in a packed class.
        b.align = if desc.packed { 1 } else { POINTER.align };
    }
    for (i, base) in desc.bases.iter().enumerate() {
        if !base.is_virtual && Some(i) != primary_base {
            b.base_offsets[i] = Some(b.place_base(&base.layout));
        }
    }
    let field_offsets: Vec<u64> = desc.fields.iter().map(|f| b.place_field(f)).collect();

    let nv_size = b.size.max(b.data_size());
    let nv_align = b.align;
    let data_size_before_vbases = b.data_size();
    let nv_empty = b.empty.clone();

    // Virtual bases, each once, except the primary one and other classes' virtual primaries.
    let mut vbases = Vec::new();
    let mut indirect_primaries = Vec::new();
    {
        let tmp = RecordLayout {
            key: desc.key,
            size: 0,
            align: 1,
            data_size: 0,
            nv_size: 0,
            nv_align: 1,
            field_offsets: Vec::new(),
            base_offsets: Vec::new(),
            is_empty: false,
            is_dynamic,
            is_pod: false,
            primary_base,
            bases: desc.bases.clone(),
            empty_subobjects: Vec::new(),
        };
        tmp.virtual_bases(&mut vbases);
        tmp.indirect_primary_bases(&mut indirect_primaries);
    }
    // Only a virtual primary base is already placed among the virtual bases (at offset 0); a
    // class can also be a non-virtual primary base and, separately, a virtual base.
    let primary_key = primary_base
        .filter(|&p| desc.bases[p].is_virtual)
        .map(|p| desc.bases[p].layout.key);
    let mut vbase_offsets: Vec<(RecordKey, u64)> = Vec::new();
    if let Some(p) = primary_base
        && desc.bases[p].is_virtual
    {
        vbase_offsets.push((desc.bases[p].layout.key, 0));
    }
    for vb in &vbases {
        if Some(vb.key) == primary_key || indirect_primaries.contains(&vb.key) {
            continue;
        }
        let offset = b.place_base(vb);
        vbase_offsets.push((vb.key, offset));
    }
    for (i, base) in desc.bases.iter().enumerate() {
        if base.is_virtual && b.base_offsets[i].is_none() {
            let offset = vbase_offsets
                .iter()
                .find(|(k, _)| *k == base.layout.key)
                .map_or(0, |&(_, o)| o);
            b.base_offsets[i] = Some(offset);
        }
    }

    let is_empty = !is_dynamic
        && desc.bases.iter().all(|base| base.layout.is_empty)
        && desc.fields.iter().all(|f| f.bit_width == Some(0));
    let is_pod = desc.bases.is_empty()
        && !is_dynamic
        && !desc.non_pod
        && desc.fields.iter().all(|f| f.ty.is_pod());

    let mut align = b.align;
    if let Some(a) = desc.aligned {
        align = align.max(a);
    }
    let mut size = b.size.max(b.data_size());
    // In C++ an empty class has size 1; a non-empty one of size 0 (zero-length arrays only)
    // stays 0, as in g++.
    if size == 0 && is_empty {
        size = 1;
    }
    let size = align_to(size, align);
    let mut empty_subobjects = nv_empty;
    if is_empty {
        empty_subobjects.push((desc.key, 0));
    }
    let (data_size, nv_size) = if is_pod {
        (size, size)
    } else {
        (data_size_before_vbases, nv_size)
    };
    RecordLayout {
        key: desc.key,
        size,
        align,
        data_size: if is_empty { 0 } else { data_size },
        nv_size: if is_empty { 1 } else { nv_size },
        nv_align: if let Some(a) = desc.aligned {
            nv_align.max(a)
        } else {
            nv_align
        },
        field_offsets,
        base_offsets: b.base_offsets.into_iter().map(|o| o.unwrap_or(0)).collect(),
        is_empty,
        is_dynamic,
        is_pod,
        primary_base,
        bases: desc.bases.clone(),
        empty_subobjects,
    }
}

/// ABI 2.4 II.1: the first non-virtual dynamic base; failing that, the first nearly empty
/// virtual base that is not another class's primary base (or, failing that, the first nearly
/// empty one at all).
fn select_primary_base(desc: &RecordDesc) -> Option<usize> {
    if let Some(i) = desc
        .bases
        .iter()
        .position(|b| !b.is_virtual && b.layout.is_dynamic)
    {
        return Some(i);
    }
    let mut indirect = Vec::new();
    for base in &desc.bases {
        if let Some(p) = base.layout.primary()
            && p.is_virtual
        {
            indirect.push(p.layout.key);
        }
        base.layout.indirect_primary_bases(&mut indirect);
    }
    let candidates = || {
        desc.bases
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_virtual && b.layout.is_nearly_empty())
    };
    candidates()
        .find(|(_, b)| !indirect.contains(&b.layout.key))
        .or_else(|| candidates().next())
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests;
