//! The writer: the [`Cubin`] model into bytes.
//!
//! Everything derived is computed here: string offsets, section contents and sizes, file offsets,
//! section and program headers, `.symtab` `sh_info`, extended section numbering (SHN_XINDEX with
//! ptxas's off-by-one) and the `.symtab_shndx` entries of escaped symbols.
use object::elf::{
    ELFCLASS64, ELFDATA2LSB, ELFMAG, EM_CUDA, EV_CURRENT, FileHeader64, Ident, ProgramHeader64,
    Rel64, Rela64, SHN_LORESERVE, SHN_XINDEX, SectionHeader64, Sym64,
};
use object::endian::{I64, U16, U32, U64};
use object::{LittleEndian as LE, pod};

use crate::consts::is_nobits;
use crate::layout::{self, PHDR_SIZE, Placer, SHDR_SIZE};
use crate::model::*;
use crate::note::encode_notes;
use crate::nv_info::encode_attributes;

/// Where everything goes in the file, and each section's encoded contents.
pub struct FileLayout {
    /// Encoded contents per section (empty for NOBITS).
    pub contents: Vec<Vec<u8>>,
    /// `sh_size` per section.
    pub sizes: Vec<u64>,
    /// `sh_offset` per section.
    pub offsets: Vec<u64>,
    pub shoff: u64,
    pub phoff: u64,
    pub file_len: u64,
}

/// Computes section contents, sizes and the file layout.
pub fn file_layout(cubin: &Cubin) -> FileLayout {
    let n = cubin.sections.len();
    let offsets_of: Vec<Option<Vec<u32>>> = cubin
        .sections
        .iter()
        .map(|s| match &s.data {
            SectionData::Strings(t) => Some(t.offsets()),
            _ => None,
        })
        .collect();
    let string_offset = |table: usize, r: StrRef| -> u32 {
        offsets_of
            .get(table)
            .and_then(|o| o.as_ref())
            .and_then(|o| o.get(r.0 as usize))
            .copied()
            .unwrap_or(0)
    };
    let contents: Vec<Vec<u8>> = (0..n)
        .map(|i| encode_section(cubin, i, &string_offset))
        .collect();
    let sizes: Vec<u64> = (0..n)
        .map(|i| match cubin.sections[i].data {
            SectionData::NoBits { size } => size,
            _ => contents[i].len() as u64,
        })
        .collect();
    let shstrndx = cubin.header.shstrndx as usize;
    let names = cubin.section_names();
    let gap = layout::strtab_gap(
        cubin.header.family(),
        cubin
            .sections
            .iter()
            .skip(1)
            .map(|s| names.get(s.name).to_vec()),
    );
    let strtab_follows = cubin
        .sections
        .get(shstrndx + 1)
        .is_some_and(|s| s.sh_type == object::elf::SHT_STRTAB);
    let mut placer = Placer::new(shstrndx + 1, if strtab_follows { gap } else { 0 });
    for (i, s) in cubin.sections.iter().enumerate().skip(1) {
        placer.place(s, sizes[i]);
    }
    let shoff = layout::align_up(placer.end, 8);
    let phnum = cubin.segments.len() as u64;
    let phoff = if phnum > 0 {
        shoff + n as u64 * SHDR_SIZE
    } else {
        0
    };
    let file_len = shoff + n as u64 * SHDR_SIZE + phnum * PHDR_SIZE;
    FileLayout {
        contents,
        sizes,
        offsets: placer.offsets,
        shoff,
        phoff,
        file_len,
    }
}

pub fn write(cubin: &Cubin) -> Vec<u8> {
    let e = LE;
    let n = cubin.sections.len();
    let FileLayout {
        contents,
        sizes,
        offsets,
        shoff,
        phoff,
        file_len,
    } = file_layout(cubin);
    let size_of = |i: usize| sizes[i];
    let shstrndx = cubin.header.shstrndx as usize;
    let phnum = cubin.segments.len() as u64;
    let name_offsets = match cubin.sections.get(shstrndx).map(|s| &s.data) {
        Some(SectionData::Strings(t)) => t.offsets(),
        _ => Vec::new(),
    };
    let string_offset = |_: usize, r: StrRef| name_offsets.get(r.0 as usize).copied().unwrap_or(0);
    let mut out = vec![0u8; file_len as usize];

    let escaped_count = n >= SHN_LORESERVE as usize;
    let escaped_strndx = shstrndx >= SHN_LORESERVE as usize;
    let header = FileHeader64::<LE> {
        e_ident: Ident {
            magic: ELFMAG,
            class: ELFCLASS64,
            data: ELFDATA2LSB,
            version: EV_CURRENT,
            os_abi: cubin.header.os_abi,
            abi_version: cubin.header.abi_version,
            padding: [0; 7],
        },
        e_type: U16::new(e, cubin.header.e_type),
        e_machine: U16::new(e, EM_CUDA),
        e_version: U32::new(e, 1),
        e_entry: U64::new(e, 0),
        e_phoff: U64::new(e, phoff),
        e_shoff: U64::new(e, shoff),
        e_flags: U32::new(e, cubin.header.e_flags),
        e_ehsize: U16::new(e, 64),
        e_phentsize: U16::new(e, layout::phentsize(cubin.header.family(), phnum) as u16),
        e_phnum: U16::new(e, phnum as u16),
        e_shentsize: U16::new(e, SHDR_SIZE as u16),
        e_shnum: U16::new(e, if escaped_count { 0 } else { n as u16 }),
        e_shstrndx: U16::new(
            e,
            if escaped_strndx {
                SHN_XINDEX
            } else {
                shstrndx as u16
            },
        ),
    };
    out[..64].copy_from_slice(pod::bytes_of(&header));

    for (i, s) in cubin.sections.iter().enumerate() {
        let size = size_of(i);
        if layout::occupies_file(s, size) {
            let at = offsets[i] as usize;
            out[at..at + contents[i].len()].copy_from_slice(&contents[i]);
        }
        let (size, link) = match s.data {
            SectionData::Null => (
                if escaped_count { n as u64 } else { 0 },
                if escaped_strndx { shstrndx as u32 } else { 0 },
            ),
            _ => (size, s.link),
        };
        let info = match &s.data {
            SectionData::Symbols(syms) => symtab_info(syms),
            _ => s.info,
        };
        let sh = SectionHeader64::<LE> {
            sh_name: U32::new(
                e,
                if i == 0 {
                    0
                } else {
                    string_offset(shstrndx, s.name)
                },
            ),
            sh_type: U32::new(e, s.sh_type),
            sh_flags: U64::new(e, s.flags),
            sh_addr: U64::new(e, 0),
            sh_offset: U64::new(e, offsets[i]),
            sh_size: U64::new(e, size),
            sh_link: U32::new(e, link),
            sh_info: U32::new(e, info),
            sh_addralign: U64::new(e, s.align),
            sh_entsize: U64::new(e, s.entsize),
        };
        let at = (shoff + i as u64 * SHDR_SIZE) as usize;
        out[at..at + SHDR_SIZE as usize].copy_from_slice(pod::bytes_of(&sh));
    }

    for (k, seg) in cubin.segments.iter().enumerate() {
        let (off, filesz, memsz) = segment_extent(cubin, &offsets, &sizes, phoff, seg);
        let ph = ProgramHeader64::<LE> {
            p_type: U32::new(e, seg.p_type),
            p_flags: U32::new(e, seg.p_flags),
            p_offset: U64::new(e, off),
            p_vaddr: U64::new(e, 0),
            p_paddr: U64::new(e, 0),
            p_filesz: U64::new(e, filesz),
            p_memsz: U64::new(e, memsz),
            p_align: U64::new(e, 8),
        };
        let at = (phoff + k as u64 * PHDR_SIZE) as usize;
        out[at..at + PHDR_SIZE as usize].copy_from_slice(pod::bytes_of(&ph));
    }
    out
}

/// The `st_shndx` ptxas writes for a section index: SHN_XINDEX only above 0xff00.
fn st_shndx(section: SymSection) -> u16 {
    match section {
        SymSection::Undef => 0,
        SymSection::Index(i) if i > SHN_LORESERVE as u32 => SHN_XINDEX,
        SymSection::Index(i) => i as u16,
        SymSection::Reserved(r) => r,
    }
}

fn encode_section(
    cubin: &Cubin,
    i: usize,
    string_offset: &dyn Fn(usize, StrRef) -> u32,
) -> Vec<u8> {
    let e = LE;
    let s = &cubin.sections[i];
    let u32s =
        |it: &mut dyn Iterator<Item = u32>| it.flat_map(u32::to_le_bytes).collect::<Vec<u8>>();
    match &s.data {
        SectionData::Null | SectionData::NoBits { .. } => Vec::new(),
        SectionData::Strings(t) => {
            let mut out = Vec::with_capacity(t.entries.iter().map(|e| e.len() + 1).sum());
            for entry in &t.entries {
                out.extend_from_slice(entry);
                out.push(0);
            }
            out
        }
        SectionData::Symbols(syms) => {
            let table = s.link as usize;
            let mut out = Vec::with_capacity(syms.len() * 24);
            for sym in syms {
                let raw = Sym64::<LE> {
                    st_name: U32::new(e, string_offset(table, sym.name)),
                    st_info: sym.info,
                    st_other: sym.other,
                    st_shndx: U16::new(e, st_shndx(sym.section)),
                    st_value: U64::new(e, sym.value),
                    st_size: U64::new(e, sym.size),
                };
                out.extend_from_slice(pod::bytes_of(&raw));
            }
            out
        }
        SectionData::SymtabShndx(entries) => {
            let symbols = match cubin.sections.get(s.link as usize).map(|t| &t.data) {
                Some(SectionData::Symbols(syms)) => &syms[..],
                _ => &[],
            };
            u32s(&mut entries.iter().enumerate().map(|(k, &stale)| {
                match symbols.get(k).map(|s| s.section) {
                    Some(SymSection::Index(x)) if x > SHN_LORESERVE as u32 => x,
                    _ => stale,
                }
            }))
        }
        SectionData::Attributes(attrs) => encode_attributes(attrs),
        SectionData::Notes(notes) => encode_notes(notes),
        SectionData::CallGraph(edges) => {
            u32s(&mut edges.iter().flat_map(|c| [c.caller, c.callee as u32]))
        }
        SectionData::Prototypes(protos) => {
            let strings = cubin
                .sections
                .get(s.link as usize)
                .map_or(0, |t| t.link as usize);
            u32s(
                &mut protos
                    .iter()
                    .flat_map(|p| [p.symbol, string_offset(strings, p.signature)]),
            )
        }
        SectionData::Relocations(relocs) => {
            let mut out = Vec::new();
            for r in relocs {
                match r.addend {
                    Some(addend) => {
                        let mut x = Rela64::<LE> {
                            r_offset: U64::new(e, r.offset),
                            r_info: U64::new(e, 0),
                            r_addend: I64::new(e, addend),
                        };
                        x.set_r_info(e, false, r.symbol, r.r_type);
                        out.extend_from_slice(pod::bytes_of(&x));
                    }
                    None => {
                        let x = Rel64::<LE> {
                            r_offset: U64::new(e, r.offset),
                            r_info: U64::new(e, ((r.symbol as u64) << 32) | r.r_type as u64),
                        };
                        out.extend_from_slice(pod::bytes_of(&x));
                    }
                }
            }
            out
        }
        SectionData::Bytes(b) => b.clone(),
    }
}

/// A program header's `(p_offset, p_filesz, p_memsz)`: from the first covered section's offset
/// to the end of the file data (a NOBITS member ends it at its offset), plus the NOBITS sizes in
/// memory.
pub(crate) fn segment_extent(
    cubin: &Cubin,
    offsets: &[u64],
    sizes: &[u64],
    phoff: u64,
    seg: &Segment,
) -> (u64, u64, u64) {
    let table = cubin.segments.len() as u64 * PHDR_SIZE;
    match &seg.covers {
        Covers::HeaderTable => (phoff, table, table),
        Covers::Sections(members) => {
            let first = members.first().map_or(0, |&i| offsets[i as usize]);
            let nobits = |i: u32| {
                let s = &cubin.sections[i as usize];
                is_nobits(s.sh_type, s.flags)
            };
            // The file part runs to where the memory-only part begins: a NOBITS member's
            // (aligned) offset counts, so its alignment padding is file size (sm_110's 16-aligned
            // `.nv.shared.reserved.0` after a 0x19-byte `.nv.global.init`: p_filesz 0x20).
            let file_end = members
                .iter()
                .map(|&i| {
                    let at = offsets[i as usize];
                    if nobits(i) {
                        at
                    } else {
                        at.saturating_add(sizes[i as usize])
                    }
                })
                .max()
                .unwrap_or(first);
            let filesz = file_end.saturating_sub(first);
            let bss = members
                .iter()
                .filter(|&&i| nobits(i))
                .map(|&i| sizes[i as usize])
                .fold(0u64, u64::saturating_add);
            (first, filesz, filesz.saturating_add(bss))
        }
    }
}
