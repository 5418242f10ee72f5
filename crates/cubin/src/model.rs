//! The "ELF world": a cubin as typed sections, symbols and strings.
//!
//! The model holds only what cannot be derived. Everything the writer can compute is absent:
//! string offsets (names are [`StrRef`]s, indices of string-table entries), section sizes and file
//! offsets, `sh_name`, `e_shnum`/`e_shoff`/`e_phoff`, program-header numbers, `.symtab`'s
//! `sh_info`, `st_shndx` escaping and the note/`.nv.info` encodings.
//!
//! Cross references are indices, as in the file: `Section::link`/`info` and attribute payloads
//! hold section or symbol indices; the [`crate::builder`] computes them when it lays a file out.
use crate::note::Note;
use crate::nv_info::Attribute;

/// Which of ptxas's three layouts a file follows (spec §0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// sm_75 .. sm_89: REL relocations, `.nv.rel.action`, no `.nv.compat`.
    Legacy,
    /// sm_90/sm_90a.
    Hopper,
    /// sm_100 and later: e_flags layout id 2 and the `.nv.merc.*` tail.
    Mercury,
}

impl Family {
    /// The `.nv.constant0` offset at which kernel parameters start.
    pub fn param_base(self) -> u32 {
        match self {
            Family::Legacy => 0x160,
            Family::Hopper => 0x210,
            Family::Mercury => 0x380,
        }
    }

    pub fn of_sm(sm: u32) -> Family {
        match sm {
            0..90 => Family::Legacy,
            90..100 => Family::Hopper,
            _ => Family::Mercury,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Family::Legacy => 'L',
            Family::Hopper => 'H',
            Family::Mercury => 'M',
        }
    }
}

/// What the ELF header says beyond the constants every cubin shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// `ET_EXEC`, `ET_REL` or [`crate::consts::ET_CUDA_EWP`].
    pub e_type: u16,
    pub os_abi: u8,
    pub abi_version: u8,
    /// `(X << 24) | (SM << 8) | layout id`; X records debug info and `.symtab_shndx` (spec §1).
    pub e_flags: u32,
    /// Index of the section-name string table (ptxas: always 1).
    pub shstrndx: u32,
}

impl Header {
    pub fn sm(&self) -> u32 {
        (self.e_flags >> 8) & 0xff
    }

    pub fn layout_id(&self) -> u32 {
        self.e_flags & 0xff
    }

    pub fn family(&self) -> Family {
        if self.layout_id() == 2 {
            Family::Mercury
        } else {
            Family::of_sm(self.sm())
        }
    }

    pub fn is_exec(&self) -> bool {
        self.e_type == object::elf::ET_EXEC
    }
}

/// A whole cubin. `sections[0]` is the null section; indices are section indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cubin {
    pub header: Header,
    pub sections: Vec<Section>,
    /// Program headers (exec files only), in file order.
    pub segments: Vec<Segment>,
}

/// An entry of a string table: `StrRef(n)` is the n-th NUL-terminated string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StrRef(pub u32);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Entry of the section-name table (`header.shstrndx`).
    pub name: StrRef,
    pub sh_type: u32,
    pub flags: u64,
    pub link: u32,
    pub info: u32,
    pub align: u64,
    pub entsize: u64,
    pub data: SectionData,
    pub placement: Placement,
}

/// Where a section's file data goes relative to the rule `align_up(previous end, align)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Exactly where the rule (plus the family's known `.strtab` gap) puts it.
    Packed,
    /// That many zero bytes later than the rule says. ptxas does this where it laid out and then
    /// cut data (Mercury's `+24` before `.symtab`); the reason is not known, so the model keeps it.
    Padded(u64),
    /// At the same file offset as an earlier section (Mercury copies of alloc sections).
    SharedWith(u32),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SectionData {
    /// The null section (index 0); its header is derived (extended numbering).
    Null,
    Strings(StringTable),
    Symbols(Vec<Symbol>),
    /// `.symtab_shndx`. Entries of SHN_XINDEX symbols are recomputed; ptxas leaves stale numbers
    /// in the others, which are kept as read.
    SymtabShndx(Vec<u32>),
    /// `.nv.info`, `.nv.info.F` and `.nv.compat` records.
    Attributes(Vec<Attribute>),
    Notes(Vec<Note>),
    CallGraph(Vec<CallEdge>),
    Prototypes(Vec<Prototype>),
    Relocations(Vec<Relocation>),
    /// Code, constant banks, debug sections and anything without more structure.
    Bytes(Vec<u8>),
    /// Occupies no file space.
    NoBits {
        size: u64,
    },
}

/// A string table as its entries, in order, including the empty entries left where ptxas zeroed
/// a deleted symbol's name or padded a renamed section's name in place.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StringTable {
    pub entries: Vec<Vec<u8>>,
}

impl StringTable {
    pub fn get(&self, r: StrRef) -> &[u8] {
        self.entries.get(r.0 as usize).map_or(&[][..], |e| &e[..])
    }

    /// Appends an entry (no sharing: ptxas never shares suffixes).
    pub fn push(&mut self, s: &str) -> StrRef {
        self.entries.push(s.as_bytes().to_vec());
        StrRef(self.entries.len() as u32 - 1)
    }

    /// The first entry equal to `s`.
    pub fn find(&self, s: &str) -> Option<StrRef> {
        self.entries
            .iter()
            .position(|e| e == s.as_bytes())
            .map(|i| StrRef(i as u32))
    }

    /// Byte offset of every entry, plus the total size at the end.
    pub fn offsets(&self) -> Vec<u32> {
        let mut res = Vec::with_capacity(self.entries.len() + 1);
        let mut off = 0u32;
        for e in &self.entries {
            res.push(off);
            off += e.len() as u32 + 1;
        }
        res.push(off);
        res
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symbol {
    /// Entry of the string table linked from the symbol table.
    pub name: StrRef,
    /// `st_info`: binding << 4 | type.
    pub info: u8,
    pub other: u8,
    pub section: SymSection,
    pub value: u64,
    pub size: u64,
}

impl Symbol {
    pub fn bind(&self) -> u8 {
        self.info >> 4
    }

    pub fn kind(&self) -> u8 {
        self.info & 0xf
    }
}

/// `.symtab`'s `sh_info`: one past the last LOCAL symbol. In H/M files a LOCAL section symbol
/// follows the globals, so this is the symbol count there (not the gABI's "first non-local").
pub fn symtab_info(symbols: &[Symbol]) -> u32 {
    symbols
        .iter()
        .rposition(|s| s.bind() == object::elf::STB_LOCAL)
        .map_or(0, |i| i as u32 + 1)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymSection {
    Undef,
    Index(u32),
    /// A reserved `st_shndx` value such as SHN_ABS.
    Reserved(u16),
}

/// A `.nv.callgraph` pair: `(caller, callee)` symbol indices, or `(0, -n)` block markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallEdge {
    pub caller: u32,
    pub callee: i32,
}

/// A `.nv.prototype` pair: a function symbol and its signature string in `.strtab`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prototype {
    pub symbol: u32,
    pub signature: StrRef,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Relocation {
    pub offset: u64,
    pub symbol: u32,
    pub r_type: u32,
    /// `None` in REL sections.
    pub addend: Option<i64>,
}

/// A program header; its offset and sizes are computed from the sections it covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub p_type: u32,
    pub p_flags: u32,
    pub covers: Covers,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Covers {
    /// The program-header table itself (PHDR, and ptxas's LOAD of the same range).
    HeaderTable,
    /// A run of sections, in index order.
    Sections(Vec<u32>),
}

impl Cubin {
    pub fn section_names(&self) -> &StringTable {
        static EMPTY: StringTable = StringTable {
            entries: Vec::new(),
        };
        match self
            .sections
            .get(self.header.shstrndx as usize)
            .map(|s| &s.data)
        {
            Some(SectionData::Strings(t)) => t,
            _ => &EMPTY,
        }
    }

    pub fn section_name(&self, idx: usize) -> String {
        match self.sections.get(idx) {
            Some(s) => String::from_utf8_lossy(self.section_names().get(s.name)).into_owned(),
            None => format!("<bad section {idx}>"),
        }
    }

    pub fn section_by_name(&self, name: &str) -> Option<usize> {
        (0..self.sections.len()).find(|&i| self.section_name(i) == name)
    }

    /// The first symbol table and the string table it links to.
    pub fn symbol_table(&self) -> Option<(usize, &[Symbol], &StringTable)> {
        self.sections
            .iter()
            .enumerate()
            .find_map(|(i, s)| match &s.data {
                SectionData::Symbols(syms) => {
                    match self.sections.get(s.link as usize).map(|t| &t.data) {
                        Some(SectionData::Strings(t)) => Some((i, &syms[..], t)),
                        _ => None,
                    }
                }
                _ => None,
            })
    }

    /// The name of symbol `idx` of the symbol table in section `symtab` (Mercury files have two).
    pub fn symbol_name_in(&self, symtab: u32, idx: u32) -> String {
        let table = self.sections.get(symtab as usize);
        let strings = table.and_then(|t| match &self.sections.get(t.link as usize)?.data {
            SectionData::Strings(s) => Some(s),
            _ => None,
        });
        match (table.map(|t| &t.data), strings) {
            (Some(SectionData::Symbols(syms)), Some(strings)) => match syms.get(idx as usize) {
                Some(sym) => String::from_utf8_lossy(strings.get(sym.name)).into_owned(),
                None => format!("<bad symbol {idx}>"),
            },
            _ => self.symbol_name(idx),
        }
    }

    pub fn symbol_name(&self, idx: u32) -> String {
        match self.symbol_table() {
            Some((_, syms, strings)) => match syms.get(idx as usize) {
                Some(sym) => String::from_utf8_lossy(strings.get(sym.name)).into_owned(),
                None => format!("<bad symbol {idx}>"),
            },
            None => format!("<no symtab {idx}>"),
        }
    }
}
