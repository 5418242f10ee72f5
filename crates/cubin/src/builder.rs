//! Building a cubin from per-function pieces, the way ptxas lays out whole-program (exec) output
//! for families L and H, and `-c` (relocatable) output for family H.
//!
//! The caller gives what only code generation knows (each kernel's code bytes, register count,
//! the code-dependent `.nv.info.F` records, the call-frame program) and the kernel's parameter
//! list. Everything else is computed: the section set and its order (a stable sort of creation
//! order by group, spec §2.3), both string tables including the names ptxas creates and then
//! drops, the symbol table, `.nv.info` and the parameter records (KPARAM_INFO, CBANK_PARAM_SIZE,
//! PARAM_CBANK), `.nv.constant0.F` sizes, notes, `.debug_frame` and its relocations, program
//! headers. Cross references are resolved to indices once the order is known.
//!
//! Not covered: family M (its `.nv.capmerc`/`.nv.merc.*` tail), `-c` output of family L, device
//! functions, variables, debug information.
use object::elf::{
    PF_R, PF_W, PF_X, PT_LOAD, PT_PHDR, SHF_ALLOC, SHF_EXECINSTR, SHF_INFO_LINK, SHF_WRITE,
    SHT_NOBITS, SHT_NOTE, SHT_PROGBITS, SHT_REL, SHT_RELA, SHT_STRTAB, SHT_SYMTAB,
    SHT_SYMTAB_SHNDX, STB_GLOBAL, STB_LOCAL, STB_WEAK, STT_FUNC, STT_NOTYPE, STT_OBJECT,
    STT_SECTION,
};

use crate::consts::*;
use crate::model::*;
use crate::note::{NT_CUDA_CUINFO, NT_CUDA_TKINFO, Note, NoteDesc};
use crate::nv_info::{Attribute, KParamInfo, KParamInfoV2, Payload};

/// What the whole file is compiled for.
#[derive(Debug, Clone)]
pub struct Target {
    /// 75, 80, 86, 87, 88, 89, 90.
    pub sm: u32,
    /// The PTX `.target` (`.note.nv.cuinfo`'s virtual SM).
    pub virtual_sm: u16,
    /// The tkinfo option string, e.g. `"-arch sm_90 "`.
    pub tool_options: String,
    /// `.nv.compat` records (family H; ptxas derives them from the code).
    pub compat: Vec<Attribute>,
}

impl Target {
    pub fn family(&self) -> Family {
        Family::of_sm(self.sm)
    }
}

/// A kernel parameter as declared in PTX.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    pub size: u32,
    pub align: u32,
    /// The `.ptr` qualifier: the pointee's address space and alignment.
    pub pointee: Option<Pointee>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pointee {
    pub space: AddressSpace,
    pub align: u32,
}

/// PTX state spaces a `.ptr` parameter can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressSpace {
    Generic,
    Global,
    Shared,
    Const,
    Local,
}

impl AddressSpace {
    /// The KPARAM_INFO space code. `.const` is 3 in family L and 4 (like `.global`) from sm_90 on.
    pub fn kparam_code(self, family: Family) -> u32 {
        match self {
            AddressSpace::Generic => 5,
            AddressSpace::Global => 4,
            AddressSpace::Shared => 2,
            AddressSpace::Const if family == Family::Legacy => 3,
            AddressSpace::Const => 4,
            AddressSpace::Local => 1,
        }
    }
}

/// A kernel: its name and parameters, plus what code generation produced for it.
#[derive(Debug, Clone)]
pub struct Kernel {
    pub name: String,
    pub params: Vec<Param>,
    pub code: Vec<u8>,
    pub regcount: u32,
    pub frame_size: u32,
    /// `.nv.info` MIN_STACK_SIZE (whole-program output).
    pub min_stack_size: u32,
    /// `.nv.info` MAX_STACK_SIZE (`-c` output).
    pub max_stack_size: u32,
    /// The code-dependent `.nv.info.F` records in ptxas's order, without the parameter records
    /// (KPARAM_INFO[_V2], CBANK_PARAM_SIZE, PARAM_CBANK), which the builder computes and inserts.
    pub code_attributes: Vec<Attribute>,
    /// The call-frame instructions of the kernel's `.debug_frame` FDE.
    pub frame_program: Vec<u8>,
}

/// The `.debug_frame` CIE ptxas writes before every function's FDE (all families).
const CIE: [u8; 0x30] = [
    0xff, 0xff, 0xff, 0xff, 0x24, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0x03, 0x00, 0x04, 0x7c, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x0c, 0x81, 0x80, 0x80, 0x28, 0x00,
    0x08, 0xff, 0x81, 0x80, 0x28, 0x08, 0x81, 0x80, 0x80, 0x28, 0x00, 0x00, 0x00,
];
/// `.nv.rel.action` of family L: base relocation 115 (R_CUDA_CONST_FIELD22_37) → action.
const REL_ACTION: [u8; 16] = [
    0x73, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x11, 0x25, 0, 0x05, 0x36,
];
const TOOL_VERSION: &str = "Cuda compilation tools, release 13.0, V13.0.88";
const TOOL_BRANCH: &str = "Build cuda_13.0.r13.0/compiler.36424714_0";
/// From this many sections on, ptxas emits `.symtab_shndx`.
const XINDEX_SECTIONS: usize = 65_276;
/// Parameter blocks above this size use KPARAM_INFO_V2.
const KPARAM_V1_LIMIT: u32 = 0x1100;

/// Where each parameter goes and how big the block is (PTX rules: each at its alignment).
pub fn param_layout(params: &[Param]) -> (Vec<u32>, u32) {
    let mut offsets = Vec::with_capacity(params.len());
    let mut end = 0u32;
    for p in params {
        let off = end.next_multiple_of(p.align.max(1));
        offsets.push(off);
        end = off + p.size;
    }
    (offsets, end)
}

/// The ordering groups of spec §2.3; sections are stably sorted by these.
fn group(family: Family, s: &Section, name: &str) -> u8 {
    let alloc = s.flags & u64::from(SHF_ALLOC) != 0;
    match s.sh_type {
        0 => 0,
        SHT_STRTAB | SHT_SYMTAB | SHT_SYMTAB_SHNDX => 1,
        SHT_NOTE => 3,
        SHT_CUDA_INFO | SHT_CUDA_COMPAT_INFO => 4,
        SHT_CUDA_CALLGRAPH | SHT_CUDA_PROTOTYPE | SHT_CUDA_RELOCINFO => 5,
        SHT_REL | SHT_RELA => 6,
        _ if !alloc => 2,
        _ if s.flags & u64::from(SHF_EXECINSTR) != 0 => 8,
        _ if s.flags & u64::from(SHF_WRITE) != 0 => 9,
        _ if name.starts_with(".nv.constant0") && family != Family::Legacy => 10,
        _ => 7,
    }
}

struct Draft {
    sections: Vec<(Section, String)>,
    shstrtab: StringTable,
    strtab: StringTable,
    symbols: Vec<Symbol>,
    /// The section of each symbol, as a creation-order section id.
    symbol_sections: Vec<Option<usize>>,
}

impl Draft {
    fn section(
        &mut self,
        name: &str,
        sh_type: u32,
        flags: u64,
        align: u64,
        entsize: u64,
        data: SectionData,
    ) -> usize {
        let name_ref = self.shstrtab.push(name);
        self.sections.push((
            Section {
                name: name_ref,
                sh_type,
                flags,
                link: 0,
                info: 0,
                align,
                entsize,
                data,
                placement: Placement::Packed,
            },
            name.to_string(),
        ));
        self.sections.len() - 1
    }

    fn symbol(
        &mut self,
        name: StrRef,
        bind: u8,
        kind: u8,
        other: u8,
        section: Option<usize>,
        size: u64,
    ) -> u32 {
        self.symbols.push(Symbol {
            name,
            info: (bind << 4) | kind,
            other,
            section: SymSection::Undef,
            value: 0,
            size,
        });
        self.symbol_sections.push(section);
        self.symbols.len() as u32 - 1
    }

    /// The section symbol of `sec`, named by the section's entry in `.strtab`'s name list.
    fn section_symbol(&mut self, sec: usize) -> u32 {
        let name = self.sections[sec].1.clone();
        let name = self
            .strtab
            .find(&name)
            .unwrap_or_else(|| self.strtab.push(&name));
        self.symbol(name, STB_LOCAL, STT_SECTION, 0, Some(sec), 0)
    }
}

/// Builds the whole-program cubin ptxas writes for `kernels` (in function order, i.e. the reverse
/// of PTX definition order). Family M targets are rejected.
pub fn build_exec(target: &Target, kernels: &[Kernel]) -> Result<Cubin, String> {
    build(target, kernels, false)
}

/// Builds the `ptxas -c` cubin for `kernels` (in function order). Family H only.
pub fn build_relocatable(target: &Target, kernels: &[Kernel]) -> Result<Cubin, String> {
    if target.family() != Family::Hopper {
        return Err(format!(
            "sm_{}: the builder makes -c output for family H only",
            target.sm
        ));
    }
    build(target, kernels, true)
}

/// The weak symbols ptxas declares in `-c` output for the unified function/data tables.
const UNIFIED_TABLE_SYMBOLS: [&str; 8] = [
    "__UDT_OFFSET",
    "__UFT_OFFSET",
    "__UFT_CANONICAL",
    "__UDT_CANONICAL",
    "__UFT",
    "__UDT",
    "__UFT_END",
    "__UDT_END",
];

fn build(target: &Target, kernels: &[Kernel], relocatable: bool) -> Result<Cubin, String> {
    let family = target.family();
    if family == Family::Mercury {
        return Err(format!(
            "sm_{}: family M (.nv.merc tail) is not supported by the builder",
            target.sm
        ));
    }
    let hopper = family == Family::Hopper;
    let mut d = Draft {
        sections: Vec::new(),
        shstrtab: StringTable::default(),
        strtab: StringTable::default(),
        symbols: Vec::new(),
        symbol_sections: Vec::new(),
    };
    d.shstrtab.push("");
    d.strtab.push("");
    d.sections.push((
        Section {
            name: StrRef(0),
            sh_type: 0,
            flags: 0,
            link: 0,
            info: 0,
            align: 0,
            entsize: 0,
            data: SectionData::Null,
            placement: Placement::Packed,
        },
        String::new(),
    ));
    d.symbol(StrRef(0), STB_LOCAL, STT_NOTYPE, 0, None, 0);

    // The sections every file starts with, in creation order.
    let shstrtab = d.section(".shstrtab", SHT_STRTAB, 0, 1, 0, SectionData::Null);
    let strtab = d.section(".strtab", SHT_STRTAB, 0, 1, 0, SectionData::Null);
    let symtab = d.section(".symtab", SHT_SYMTAB, 0, 8, 24, SectionData::Null);
    // `.symtab_shndx` is created and dropped again below 65276 sections; its name stays.
    d.shstrtab.push(".symtab_shndx");
    // `.strtab` starts with the same list of section names.
    for name in [".shstrtab", ".strtab", ".symtab", ".symtab_shndx"] {
        d.strtab.push(name);
    }
    let tkinfo_strings = [
        Vec::new(),
        b"ptxas".to_vec(),
        TOOL_VERSION.as_bytes().to_vec(),
        TOOL_BRANCH.as_bytes().to_vec(),
        target.tool_options.as_bytes().to_vec(),
    ];
    let tkinfo = d.section(
        ".note.nv.tkinfo",
        SHT_NOTE,
        SHF_NOTE_NV_TKINFO,
        4,
        0,
        SectionData::Notes(vec![Note::nvidia(
            NT_CUDA_TKINFO,
            NoteDesc::TkInfo {
                version: 2,
                strings: tkinfo_strings,
            },
        )]),
    );
    let cuinfo = d.section(
        ".note.nv.cuinfo",
        SHT_NOTE,
        SHF_NOTE_NV_CUINFO | if hopper { u64::from(SHF_INFO_LINK) } else { 0 },
        4,
        0,
        SectionData::Notes(vec![Note::nvidia(
            NT_CUDA_CUINFO,
            NoteDesc::CuInfo {
                version: 2,
                virtual_sm: target.virtual_sm,
                toolkit: 130,
            },
        )]),
    );
    let nv_info = d.section(".nv.info", SHT_CUDA_INFO, 0, 4, 0, SectionData::Null);
    let compat = hopper.then(|| {
        d.section(
            ".nv.compat",
            SHT_CUDA_COMPAT_INFO,
            0,
            4,
            0,
            SectionData::Attributes(target.compat.clone()),
        )
    });
    for name in [".note.nv.tkinfo", ".note.nv.cuinfo", ".nv.info"] {
        d.strtab.push(name);
    }
    if hopper {
        d.strtab.push(".nv.compat");
    }
    d.section_symbol(tkinfo);
    d.section_symbol(cuinfo);

    // Per kernel, in function order.
    struct Made {
        text: usize,
        info: usize,
        constant0: usize,
        constant0_sym: Option<u32>,
    }
    let mut made = Vec::new();
    for (k, kernel) in kernels.iter().enumerate() {
        let f = &kernel.name;
        let text = d.section(
            &format!(".text.{f}"),
            SHT_PROGBITS,
            u64::from(SHF_ALLOC | SHF_EXECINSTR),
            128,
            0,
            SectionData::Bytes(kernel.code.clone()),
        );
        let info = d.section(
            &format!(".nv.info.{f}"),
            SHT_CUDA_INFO,
            u64::from(SHF_INFO_LINK),
            4,
            0,
            SectionData::Null,
        );
        d.shstrtab.push(&format!(".nv.shared.{f}"));
        for name in [
            format!(".text.{f}"),
            format!(".nv.info.{f}"),
            format!(".nv.shared.{f}"),
        ] {
            d.strtab.push(&name);
        }
        d.section_symbol(text);
        if relocatable && k == 0 {
            for name in UNIFIED_TABLE_SYMBOLS {
                let name = d.strtab.push(name);
                d.symbol(name, STB_WEAK, STT_OBJECT, 0, None, 8);
            }
            let offset0 = d.strtab.push(".nv.reservedSmem.offset0");
            d.symbol(offset0, STB_WEAK, STT_OBJECT, 0, None, 4);
        } else if hopper && k == 0 {
            let offset0 = d.strtab.push(".nv.reservedSmem.offset0");
            d.symbol(offset0, STB_WEAK, STT_OBJECT, 0, None, 4);
            let sec = d.section(
                ".nv.shared.reserved.0",
                SHT_NOBITS,
                u64::from(SHF_WRITE | SHF_ALLOC),
                1,
                0,
                SectionData::NoBits { size: 0 },
            );
            d.strtab.push(".nv.shared.reserved.0");
            let alias = d.strtab.push("__nv_reservedSMEM_offset_0_alias");
            d.symbol(
                alias,
                STB_WEAK,
                STT_NOTYPE,
                STO_CUDA_RESERVED_SHARED,
                Some(sec),
                0,
            );
        }
        let (_, param_bytes) = param_layout(&kernel.params);
        let constant0 = if hopper {
            usize::MAX // created after the callgraph, below
        } else {
            let c0 = d.section(
                &format!(".nv.constant0.{f}"),
                SHT_PROGBITS,
                u64::from(SHF_ALLOC | SHF_INFO_LINK),
                4,
                0,
                SectionData::Bytes(vec![0; (family.param_base() + param_bytes) as usize]),
            );
            d.shstrtab.push(&format!(".rel.nv.constant0.{f}"));
            d.strtab.push(&format!(".rel.nv.constant0.{f}"));
            c0
        };
        let constant0_sym = (!hopper).then(|| {
            // `.strtab` has `.rel.nv.constant0.F` first here, then the section symbol's name.
            let name = d.strtab.push(&format!(".nv.constant0.{f}"));
            d.symbol(name, STB_LOCAL, STT_SECTION, 0, Some(constant0), 0)
        });
        made.push(Made {
            text,
            info,
            constant0,
            constant0_sym,
        });
    }

    let debug_frame = d.section(".debug_frame", SHT_PROGBITS, 0, 1, 0, SectionData::Null);
    let rel_name = if hopper {
        ".rela.debug_frame"
    } else {
        ".rel.debug_frame"
    };
    d.shstrtab.push(".rel.debug_frame");
    let (rel_type, rel_entsize) = if hopper {
        (SHT_RELA, 24)
    } else {
        (SHT_REL, 16)
    };
    d.shstrtab.push(".rela.debug_frame");
    let rel_debug_frame = {
        d.sections.push((
            Section {
                name: d.shstrtab.find(rel_name).expect("just pushed"),
                sh_type: rel_type,
                flags: u64::from(SHF_INFO_LINK),
                link: 0,
                info: 0,
                align: 8,
                entsize: rel_entsize,
                data: SectionData::Null,
                placement: Placement::Packed,
            },
            rel_name.to_string(),
        ));
        d.sections.len() - 1
    };
    let callgraph = d.section(
        ".nv.callgraph",
        SHT_CUDA_CALLGRAPH,
        0,
        4,
        8,
        SectionData::CallGraph(
            (1..=4)
                .map(|n| CallEdge {
                    caller: 0,
                    callee: -n,
                })
                .collect(),
        ),
    );
    d.shstrtab.push(".nv.prototype");
    for name in [
        ".debug_frame",
        ".rel.debug_frame",
        ".rela.debug_frame",
        ".nv.callgraph",
        ".nv.prototype",
    ] {
        d.strtab.push(name);
    }
    let rel_action = (!hopper).then(|| {
        let s = d.section(
            ".nv.rel.action",
            SHT_CUDA_RELOCINFO,
            0,
            8,
            8,
            SectionData::Bytes(REL_ACTION.to_vec()),
        );
        d.strtab.push(".nv.rel.action");
        s
    });
    let debug_frame_sym = d.section_symbol(debug_frame);
    d.section_symbol(callgraph);
    if let Some(s) = rel_action {
        d.section_symbol(s);
    }
    let func_syms: Vec<u32> = kernels
        .iter()
        .zip(&made)
        .map(|(kernel, m)| {
            let name = d.strtab.push(&kernel.name);
            d.symbol(
                name,
                STB_GLOBAL,
                STT_FUNC,
                STO_CUDA_ENTRY,
                Some(m.text),
                kernel.code.len() as u64,
            )
        })
        .collect();
    if hopper {
        for (kernel, m) in kernels.iter().zip(&mut made) {
            let (_, param_bytes) = param_layout(&kernel.params);
            m.constant0 = d.section(
                &format!(".nv.constant0.{}", kernel.name),
                // `-c` keeps the CUDA bank type that exec output converts to PROGBITS.
                if relocatable {
                    SHT_CUDA_CONSTANT_B0
                } else {
                    SHT_PROGBITS
                },
                u64::from(SHF_ALLOC | SHF_INFO_LINK),
                4,
                0,
                SectionData::Bytes(vec![0; (family.param_base() + param_bytes) as usize]),
            );
        }
        for m in &mut made {
            m.constant0_sym = Some(d.section_symbol(m.constant0));
        }
    }

    // Contents that refer to symbols (indices are final: symbols are not reordered).
    let mut global_info = Vec::new();
    let sym_value = |id: u8, symbol: u32, value: u32| {
        Attribute::sval(id, Payload::SymbolValue { symbol, value })
    };
    for (kernel, &sym) in kernels.iter().zip(&func_syms).rev() {
        global_info.push(sym_value(EIATTR_REGCOUNT, sym, kernel.regcount));
        if relocatable {
            global_info.push(sym_value(EIATTR_MAX_STACK_SIZE, sym, kernel.max_stack_size));
        }
        global_info.push(sym_value(EIATTR_FRAME_SIZE, sym, kernel.frame_size));
    }
    if !relocatable {
        for (kernel, &sym) in kernels.iter().zip(&func_syms) {
            global_info.push(sym_value(EIATTR_MIN_STACK_SIZE, sym, kernel.min_stack_size));
        }
    }
    d.sections[nv_info].0.data = SectionData::Attributes(global_info);
    let mut frame = Vec::new();
    let mut relocs = Vec::new();
    for (k, (kernel, &sym)) in kernels.iter().zip(&func_syms).enumerate() {
        let cie_at = frame.len() as u64;
        frame.extend_from_slice(&CIE);
        let fde_len = 24 + kernel.frame_program.len() as u32;
        frame.extend_from_slice(&[0xff, 0xff, 0xff, 0xff]);
        frame.extend_from_slice(&u64::from(fde_len).to_le_bytes());
        if relocatable {
            // The CIE pointer is left to the linker: zero, relocated against `.debug_frame`.
            let at = frame.len() as u64;
            relocs.push(Relocation {
                offset: at,
                symbol: debug_frame_sym,
                r_type: R_CUDA_64,
                // Measured: ptxas adds 8 bytes per preceding function (reason unknown).
                addend: Some((cie_at + 8 * k as u64) as i64),
            });
            frame.extend_from_slice(&0u64.to_le_bytes());
        } else {
            frame.extend_from_slice(&cie_at.to_le_bytes());
        }
        relocs.push(Relocation {
            offset: frame.len() as u64,
            symbol: sym,
            r_type: R_CUDA_64,
            addend: hopper.then_some(0),
        });
        frame.extend_from_slice(&0u64.to_le_bytes());
        if relocatable {
            let at = frame.len() as u64;
            relocs.push(Relocation {
                offset: at,
                symbol: sym,
                r_type: R_CUDA_UNUSED_CLEAR64,
                addend: Some(0),
            });
        }
        frame.extend_from_slice(&(kernel.code.len() as u64).to_le_bytes());
        frame.extend_from_slice(&kernel.frame_program);
    }
    relocs.reverse();
    d.sections[debug_frame].0.data = SectionData::Bytes(frame);
    d.sections[rel_debug_frame].0.data = SectionData::Relocations(relocs);
    for (kernel, m) in kernels.iter().zip(&made) {
        let c0_sym = m
            .constant0_sym
            .expect("every kernel has a constant0 symbol");
        d.sections[m.info].0.data = SectionData::Attributes(kernel_info(family, kernel, c0_sym));
    }

    // Above 65,275 sections ptxas keeps `.symtab_shndx` (spec §8) and marks e_flags with 0x07.
    let symtab_shndx = (d.sections.len() >= XINDEX_SECTIONS).then(|| {
        d.sections.push((
            Section {
                name: d.shstrtab.find(".symtab_shndx").expect("pushed first"),
                sh_type: SHT_SYMTAB_SHNDX,
                flags: 0,
                link: 0,
                info: 0,
                align: 4,
                entsize: 4,
                data: SectionData::Null,
                placement: Placement::Packed,
            },
            ".symtab_shndx".to_string(),
        ));
        d.sections.len() - 1
    });

    // Section order: stable sort of creation order by group; then resolve indices.
    let mut order: Vec<usize> = (0..d.sections.len()).collect();
    order.sort_by_key(|&i| group(family, &d.sections[i].0, &d.sections[i].1));
    let mut index_of = vec![0u32; d.sections.len()];
    for (new, &old) in order.iter().enumerate() {
        index_of[old] = new as u32;
    }
    let idx = |old: usize| index_of[old];
    let set = |d: &mut Draft, sec: usize, link: u32, info: u32| {
        d.sections[sec].0.link = link;
        d.sections[sec].0.info = info;
    };
    let info = symtab_info(&d.symbols);
    set(&mut d, symtab, idx(strtab), info);
    set(&mut d, cuinfo, idx(tkinfo), compat.map_or(0, idx));
    set(&mut d, nv_info, idx(symtab), 0);
    set(&mut d, callgraph, idx(symtab), 0);
    set(&mut d, rel_debug_frame, idx(symtab), idx(debug_frame));
    for ((kernel, m), &func) in kernels.iter().zip(&made).zip(&func_syms) {
        // `.text.F`'s sh_info is the function symbol (L: with the register count on top).
        let text_info = if hopper {
            func
        } else {
            (kernel.regcount << 24) | func
        };
        set(&mut d, m.text, idx(symtab), text_info);
        set(&mut d, m.info, idx(symtab), idx(m.text));
        set(&mut d, m.constant0, 0, idx(m.text));
    }
    for (sym, sec) in d.symbols.iter_mut().zip(&d.symbol_sections) {
        if let Some(s) = sec {
            sym.section = SymSection::Index(index_of[*s]);
        }
    }
    if let Some(shndx) = symtab_shndx {
        set(&mut d, shndx, idx(symtab), 0);
        let entries = d.symbols.iter().map(|s| match s.section {
            SymSection::Index(i) => i,
            _ => 0,
        });
        d.sections[shndx].0.data = SectionData::SymtabShndx(entries.collect());
    }
    d.sections[shstrtab].0.data = SectionData::Strings(d.shstrtab.clone());
    d.sections[strtab].0.data = SectionData::Strings(d.strtab.clone());
    d.sections[symtab].0.data = SectionData::Symbols(d.symbols.clone());
    let mut sections: Vec<Section> = Vec::with_capacity(order.len());
    for &old in &order {
        sections.push(d.sections[old].0.clone());
    }

    let sections_where = |pred: &dyn Fn(&Section, &str) -> bool| -> Vec<u32> {
        order
            .iter()
            .enumerate()
            .filter(|(_, old)| pred(&d.sections[**old].0, &d.sections[**old].1))
            .map(|(i, _)| i as u32)
            .collect()
    };
    let is_alloc = |s: &Section| s.flags & u64::from(SHF_ALLOC) != 0;
    let is_exec = |s: &Section| s.flags & u64::from(SHF_EXECINSTR) != 0;
    let is_write = |s: &Section| s.flags & u64::from(SHF_WRITE) != 0;
    let text = sections_where(&|s, _| is_exec(s));
    let rw = sections_where(&|s, _| is_alloc(s) && is_write(s));
    let c0 = sections_where(&|s, n| is_alloc(s) && n.starts_with(".nv.constant0"));
    let banks = sections_where(&|s, n| {
        is_alloc(s) && !is_exec(s) && !is_write(s) && !n.starts_with(".nv.constant0")
    });
    let load = |p_flags: u32, list: Vec<u32>| Segment {
        p_type: PT_LOAD,
        p_flags,
        covers: Covers::Sections(list),
    };
    let mut segments = Vec::new();
    if relocatable {
        // No program headers in `-c` output.
    } else if hopper {
        segments.push(Segment {
            p_type: PT_PHDR,
            p_flags: PF_R,
            covers: Covers::HeaderTable,
        });
        segments.push(Segment {
            p_type: PT_LOAD,
            p_flags: PF_R,
            covers: Covers::HeaderTable,
        });
        if !banks.is_empty() {
            segments.push(load(PF_R, banks));
        }
        segments.push(load(PF_R | PF_X, text));
        if !rw.is_empty() {
            segments.push(load(PF_R | PF_W, rw));
        }
        if !c0.is_empty() {
            segments.push(load(PF_R, c0));
        }
    } else {
        segments.push(Segment {
            p_type: PT_PHDR,
            p_flags: PF_R | PF_X,
            covers: Covers::HeaderTable,
        });
        let mut rx = banks;
        rx.extend(c0);
        rx.extend(text);
        rx.sort();
        segments.push(load(PF_R | PF_X, rx));
        if !rw.is_empty() {
            segments.push(load(PF_R | PF_W, rw));
        }
        segments.push(Segment {
            p_type: PT_LOAD,
            p_flags: PF_R | PF_X,
            covers: Covers::HeaderTable,
        });
    }
    Ok(Cubin {
        header: Header {
            e_type: if relocatable {
                object::elf::ET_REL
            } else {
                object::elf::ET_EXEC
            },
            os_abi: ELFOSABI_CUDA,
            abi_version: 8,
            e_flags: (if symtab_shndx.is_some() { 0x07 } else { 0x06 } << 24)
                | (target.sm << 8)
                | 4,
            shstrndx: idx(shstrtab),
        },
        sections,
        segments,
    })
}

/// A kernel's `.nv.info.F`: its code records with the computed parameter records in place.
fn kernel_info(family: Family, kernel: &Kernel, constant0_sym: u32) -> Vec<Attribute> {
    let (offsets, param_bytes) = param_layout(&kernel.params);
    let v2 = param_bytes > KPARAM_V1_LIMIT;
    let kparams: Vec<Attribute> = kernel
        .params
        .iter()
        .zip(&offsets)
        .enumerate()
        .rev()
        .map(|(ordinal, (p, &offset))| {
            let (log_align, space) = p.pointee.map_or((0, 0), |q| {
                (q.align.max(1).trailing_zeros(), q.space.kparam_code(family))
            });
            if v2 {
                Attribute::sval(
                    EIATTR_KPARAM_INFO_V2,
                    Payload::KParamInfoV2(KParamInfoV2 {
                        index: 0,
                        ordinal: ordinal as u16,
                        offset: offset as u16,
                        word: p.size | (log_align << 16) | (space << 24),
                    }),
                )
            } else {
                Attribute::sval(
                    EIATTR_KPARAM_INFO,
                    Payload::KParamInfo(KParamInfo {
                        index: 0,
                        ordinal: ordinal as u16,
                        offset: offset as u16,
                        word: KParamInfo::encode_word(p.size, log_align, space),
                    }),
                )
            }
        })
        .collect();
    let cbank_size = Attribute::short(EIFMT_HVAL, EIATTR_CBANK_PARAM_SIZE, param_bytes as u16);
    let param_cbank = Attribute::sval(
        EIATTR_PARAM_CBANK,
        Payload::ParamCbank {
            symbol: constant0_sym,
            base: family.param_base() as u16,
            size: param_bytes as u16,
        },
    );
    let code = &kernel.code_attributes;
    let after_api = code
        .iter()
        .position(|a| a.id == EIATTR_CUDA_API_VERSION)
        .map_or(0, |i| i + 1);
    let mut res = Vec::with_capacity(code.len() + kparams.len() + 2);
    if family == Family::Legacy {
        // [SW_WAR], CUDA_API_VERSION, [SW2861232_WAR], PARAM_CBANK, CBANK_PARAM_SIZE, KPARAM_INFO…
        let after = after_api
            + usize::from(
                code.get(after_api)
                    .is_some_and(|a| a.id == EIATTR_SW2861232_WAR),
            );
        res.extend_from_slice(&code[..after]);
        res.push(param_cbank);
        res.push(cbank_size);
        res.extend(kparams);
        res.extend_from_slice(&code[after..]);
    } else {
        // CUDA_API_VERSION, KPARAM_INFO…, …, CBANK_PARAM_SIZE, PARAM_CBANK, SW_WAR (last).
        let last = code.len().saturating_sub(usize::from(
            code.last().is_some_and(|a| a.id == EIATTR_SW_WAR),
        ));
        res.extend_from_slice(&code[..after_api]);
        res.extend(kparams);
        res.extend_from_slice(&code[after_api..last]);
        res.push(cbank_size);
        res.push(param_cbank);
        res.extend_from_slice(&code[last..]);
    }
    res
}
