//! The reader: cubin bytes into the [`Cubin`] model.
//!
//! Every read is bounds-checked; a malformed file gives a [`ReadError`] with the file offset and
//! what was expected there. Parts ptxas lays out by a known rule are checked against the rule
//! and only deviations are kept (see [`Placement`]), so that writing the model reproduces the file.
use object::elf::{
    ELFCLASS64, ELFDATA2LSB, ELFMAG, EM_CUDA, FileHeader64, ProgramHeader64, Rel64, Rela64,
    SHN_LORESERVE, SHN_XINDEX, SHT_NOTE, SHT_REL, SHT_RELA, SHT_STRTAB, SHT_SYMTAB,
    SHT_SYMTAB_SHNDX, SectionHeader64, Sym64,
};
use object::pod::Pod;
use object::{LittleEndian as LE, pod};

use crate::consts::*;
use crate::layout::{self, PHDR_SIZE, Placer, SHDR_SIZE};
use crate::model::*;
use crate::note::decode_notes;
use crate::nv_info::decode_attributes;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("offset {offset:#x}: expected {expected}")]
pub struct ReadError {
    pub offset: u64,
    pub expected: String,
}

fn err<T>(offset: u64, expected: impl Into<String>) -> Result<T, ReadError> {
    Err(ReadError {
        offset,
        expected: expected.into(),
    })
}

/// Reads a plain-old-data ELF struct at `off`, whatever the alignment of `data`.
fn read_pod<T: Pod + Copy>(data: &[u8], off: u64, what: &str) -> Result<T, ReadError> {
    let size = size_of::<T>();
    let Some(bytes) = usize::try_from(off)
        .ok()
        .and_then(|o| data.get(o..o.checked_add(size)?))
    else {
        return err(off, format!("{what} ({size} bytes) within the file"));
    };
    // Copy into 8-byte-aligned storage: object's ELF structs require their natural alignment.
    let mut buf = [0u64; 8];
    pod::bytes_of_slice_mut(&mut buf[..])[..size].copy_from_slice(bytes);
    let (value, _) =
        pod::from_bytes::<T>(pod::bytes_of_slice(&buf[..])).expect("aligned buffer of 64 bytes");
    Ok(*value)
}

fn slice<'d>(data: &'d [u8], off: u64, size: u64, what: &str) -> Result<&'d [u8], ReadError> {
    let range = usize::try_from(off)
        .ok()
        .zip(usize::try_from(size).ok())
        .and_then(|(o, s)| Some(o..o.checked_add(s)?));
    match range.and_then(|r| data.get(r)) {
        Some(b) => Ok(b),
        None => err(off, format!("{what} ({size} bytes) within the file")),
    }
}

struct RawSection {
    header: SectionHeader64<LE>,
    name: u32,
    sh_type: u32,
    offset: u64,
    size: u64,
}

pub fn read(data: &[u8]) -> Result<Cubin, ReadError> {
    let e = LE;
    let eh: FileHeader64<LE> = read_pod(data, 0, "an ELF header")?;
    if eh.e_ident.magic != ELFMAG {
        return err(0, "the ELF magic 7f 45 4c 46");
    }
    if eh.e_ident.class != ELFCLASS64 || eh.e_ident.data != ELFDATA2LSB {
        return err(4, "ELFCLASS64, little endian");
    }
    if eh.e_machine.get(e) != EM_CUDA {
        return err(18, "e_machine EM_CUDA (190)");
    }
    if eh.e_ehsize.get(e) != 64 || eh.e_shentsize.get(e) as u64 != SHDR_SIZE {
        return err(52, "e_ehsize 64 and e_shentsize 64");
    }
    let shoff = eh.e_shoff.get(e);
    let sh0: SectionHeader64<LE> = read_pod(data, shoff, "section header 0")?;
    let shnum = match eh.e_shnum.get(e) {
        0 => sh0.sh_size.get(e),
        n => n as u64,
    };
    if shnum == 0 || shnum.saturating_mul(SHDR_SIZE) > data.len() as u64 {
        return err(60, "a section count whose headers fit in the file");
    }
    let shstrndx = match eh.e_shstrndx.get(e) {
        SHN_XINDEX => sh0.sh_link.get(e),
        n => n as u32,
    };
    let mut raw = Vec::with_capacity(shnum as usize);
    for i in 0..shnum {
        let at = shoff + i * SHDR_SIZE;
        let header: SectionHeader64<LE> = read_pod(data, at, "a section header")?;
        let sh_type = header.sh_type.get(e);
        let (offset, size) = (header.sh_offset.get(e), header.sh_size.get(e));
        if i > 0 && !is_nobits(sh_type, header.sh_flags.get(e)) && sh_type != 0 {
            slice(data, offset, size, "section data")?;
        }
        if header.sh_addr.get(e) != 0 {
            return err(at + 16, "sh_addr 0");
        }
        raw.push(RawSection {
            name: header.sh_name.get(e),
            sh_type,
            offset,
            size,
            header,
        });
    }
    let header = Header {
        e_type: eh.e_type.get(e),
        os_abi: eh.e_ident.os_abi,
        abi_version: eh.e_ident.abi_version,
        e_flags: eh.e_flags.get(e),
        shstrndx,
    };
    if eh.e_ident.padding != [0; 7] || eh.e_version.get(e) != 1 || eh.e_entry.get(e) != 0 {
        return err(9, "zero e_ident padding, e_version 1, e_entry 0");
    }
    let sh0_rest = (
        sh0.sh_name.get(e),
        sh0.sh_type.get(e),
        sh0.sh_flags.get(e),
        sh0.sh_offset.get(e),
    );
    let expected_sh0_size = if eh.e_shnum.get(e) == 0 { shnum } else { 0 };
    let expected_sh0_link = if eh.e_shstrndx.get(e) == SHN_XINDEX {
        shstrndx
    } else {
        0
    };
    if sh0_rest != (0, 0, 0, 0)
        || sh0.sh_size.get(e) != expected_sh0_size
        || sh0.sh_link.get(e) != expected_sh0_link
    {
        return err(
            shoff,
            "a null section header 0 (size/link only for extended numbering)",
        );
    }

    // String tables first: everything else refers to their entries.
    let mut tables: Vec<Option<(StringTable, Vec<u32>)>> = Vec::with_capacity(raw.len());
    for r in &raw {
        tables.push(if r.sh_type == SHT_STRTAB {
            Some(parse_strings(
                slice(data, r.offset, r.size, "a string table")?,
                r.offset,
            )?)
        } else {
            None
        });
    }
    let Some(Some((_, name_offsets))) = tables.get(shstrndx as usize) else {
        return err(62, "e_shstrndx naming a string table");
    };
    let mut sections = Vec::with_capacity(raw.len());
    for (i, r) in raw.iter().enumerate() {
        let name = str_ref(
            name_offsets,
            r.name,
            shoff + i as u64 * SHDR_SIZE,
            "a section name",
        )?;
        let data = decode_section(data, &raw, &tables, i)?;
        let h = &r.header;
        sections.push(Section {
            name,
            sh_type: r.sh_type,
            flags: h.sh_flags.get(e),
            link: h.sh_link.get(e),
            info: h.sh_info.get(e),
            align: h.sh_addralign.get(e),
            entsize: h.sh_entsize.get(e),
            data,
            placement: Placement::Packed,
        });
    }
    if !matches!(sections[0].data, SectionData::Null) || sections[0].sh_type != 0 {
        return err(shoff, "a null section 0");
    }

    // Placement: replay the layout rule and record where the file deviates.
    let gap_names = (1..raw.len()).map(|i| {
        tables[shstrndx as usize]
            .as_ref()
            .unwrap()
            .0
            .get(sections[i].name)
            .to_vec()
    });
    let gap = layout::strtab_gap(header.family(), gap_names);
    let mut placer = Placer::new(
        shstrndx as usize + 1,
        if raw
            .get(shstrndx as usize + 1)
            .is_some_and(|r| r.sh_type == SHT_STRTAB)
        {
            gap
        } else {
            0
        },
    );
    for (i, r) in raw.iter().enumerate().skip(1) {
        let s = &sections[i];
        let rule = placer.rule_offset(s.align);
        let occupies = layout::occupies_file(s, r.size);
        let placement = if r.offset == rule {
            Placement::Packed
        } else if r.offset > rule {
            Placement::Padded(r.offset - rule)
        } else if let Some(j) = (1..i).find(|&j| {
            occupies
                && raw[j].offset == r.offset
                && layout::occupies_file(&sections[j], raw[j].size)
        }) {
            Placement::SharedWith(j as u32)
        } else {
            return err(
                shoff + i as u64 * SHDR_SIZE + 24,
                format!("sh_offset at or after {rule:#x}"),
            );
        };
        if occupies && r.offset > placer.end {
            let pad = slice(data, placer.end, r.offset - placer.end, "padding")?;
            if let Some(k) = pad.iter().position(|&b| b != 0) {
                return err(placer.end + k as u64, "zero padding between sections");
            }
        }
        placer.push(s, r.offset, r.size);
        sections[i].placement = placement;
    }
    let data_end = placer.end;
    if shoff != layout::align_up(data_end, 8) {
        return err(
            40,
            format!(
                "e_shoff {:#x} (section data ends at {data_end:#x})",
                layout::align_up(data_end, 8)
            ),
        );
    }
    let shdr_end = shoff + shnum * SHDR_SIZE;
    let phnum = eh.e_phnum.get(e) as u64;
    let (phoff, expected_len) = match phnum {
        0 => (0, shdr_end),
        n => (shdr_end, shdr_end + n * PHDR_SIZE),
    };
    if eh.e_phoff.get(e) != phoff || (phnum > 0 && eh.e_phentsize.get(e) as u64 != PHDR_SIZE) {
        return err(
            32,
            format!("e_phoff {phoff:#x} right after the section headers"),
        );
    }
    if eh.e_phentsize.get(e) as u64 != layout::phentsize(header.family(), phnum) {
        return err(
            54,
            "e_phentsize 56, or 0 in an H/M file without program headers",
        );
    }
    if data.len() as u64 != expected_len {
        return err(
            data.len() as u64,
            format!("the file to end at {expected_len:#x}"),
        );
    }
    let mut segments = Vec::new();
    let mut extents = Vec::new();
    for k in 0..phnum {
        let at = phoff + k * PHDR_SIZE;
        let ph: ProgramHeader64<LE> = read_pod(data, at, "a program header")?;
        segments.push(segment_of(
            &ph,
            phoff,
            phnum,
            &sections,
            &placer.offsets,
            &raw,
            at,
        )?);
        extents.push((ph.p_offset.get(e), ph.p_filesz.get(e), ph.p_memsz.get(e)));
    }
    let cubin = Cubin {
        header,
        sections,
        segments,
    };
    // Program-header numbers are derived from the sections they cover; insist that they are.
    let sizes: Vec<u64> = raw.iter().map(|r| r.size).collect();
    for (k, (seg, extent)) in cubin.segments.iter().zip(extents).enumerate() {
        if crate::write::segment_extent(&cubin, &placer.offsets, &sizes, phoff, seg) != extent {
            let at = phoff + k as u64 * PHDR_SIZE + 8;
            return err(
                at,
                "p_offset, p_filesz and p_memsz spanning the covered sections",
            );
        }
    }
    Ok(cubin)
}

fn segment_of(
    ph: &ProgramHeader64<LE>,
    phoff: u64,
    phnum: u64,
    sections: &[Section],
    offsets: &[u64],
    raw: &[RawSection],
    at: u64,
) -> Result<Segment, ReadError> {
    let e = LE;
    let (p_type, p_flags) = (ph.p_type.get(e), ph.p_flags.get(e));
    let (off, filesz) = (ph.p_offset.get(e), ph.p_filesz.get(e));
    if ph.p_vaddr.get(e) != 0 || ph.p_paddr.get(e) != 0 || ph.p_align.get(e) != 8 {
        return err(at, "p_vaddr 0, p_paddr 0, p_align 8");
    }
    if off == phoff && filesz == phnum * PHDR_SIZE && ph.p_memsz.get(e) == filesz {
        return Ok(Segment {
            p_type,
            p_flags,
            covers: Covers::HeaderTable,
        });
    }
    let writable = p_flags & object::elf::PF_W != 0;
    let exec = p_flags & object::elf::PF_X != 0;
    let members = (1..sections.len())
        .filter(|&i| {
            let s = &sections[i];
            let f = s.flags;
            f & u64::from(object::elf::SHF_ALLOC) != 0
                && f & SHF_CUDA_MERCURY == 0
                && (f & u64::from(object::elf::SHF_WRITE) != 0) == writable
                && (exec || f & u64::from(object::elf::SHF_EXECINSTR) == 0)
                && offsets[i] >= off
                && offsets[i] <= off.saturating_add(filesz)
                && (!layout::occupies_file(s, raw[i].size)
                    || offsets[i].saturating_add(raw[i].size) <= off.saturating_add(filesz))
        })
        .map(|i| i as u32)
        .collect();
    Ok(Segment {
        p_type,
        p_flags,
        covers: Covers::Sections(members),
    })
}

/// Splits a string table into NUL-terminated entries; returns them and each entry's offset.
fn parse_strings(bytes: &[u8], at: u64) -> Result<(StringTable, Vec<u32>), ReadError> {
    if bytes.last().is_some_and(|&b| b != 0) {
        return err(
            at + bytes.len() as u64 - 1,
            "a NUL at the end of the string table",
        );
    }
    let mut entries = Vec::new();
    let mut offsets = Vec::new();
    let mut start = 0usize;
    for (i, &b) in bytes.iter().enumerate() {
        if b == 0 {
            offsets.push(start as u32);
            entries.push(bytes[start..i].to_vec());
            start = i + 1;
        }
    }
    Ok((StringTable { entries }, offsets))
}

fn str_ref(offsets: &[u32], off: u32, at: u64, what: &str) -> Result<StrRef, ReadError> {
    match offsets.binary_search(&off) {
        Ok(i) => Ok(StrRef(i as u32)),
        Err(_) => err(
            at,
            format!("{what}: an offset at the start of a string-table entry (got {off:#x})"),
        ),
    }
}

fn decode_section(
    data: &[u8],
    raw: &[RawSection],
    tables: &[Option<(StringTable, Vec<u32>)>],
    i: usize,
) -> Result<SectionData, ReadError> {
    let e = LE;
    let r = &raw[i];
    if i == 0 {
        return Ok(SectionData::Null);
    }
    if is_nobits(r.sh_type, r.header.sh_flags.get(e)) {
        return Ok(SectionData::NoBits { size: r.size });
    }
    let bytes = slice(data, r.offset, r.size, "section data")?;
    let link = r.header.sh_link.get(e) as usize;
    let entries = |size: u64| -> Result<u64, ReadError> {
        if !r.size.is_multiple_of(size) {
            return err(
                r.offset,
                format!("a section size that is a multiple of {size}"),
            );
        }
        Ok(r.size / size)
    };
    Ok(match r.sh_type {
        0 => return err(r.offset, "only section 0 to be SHT_NULL"),
        SHT_STRTAB => SectionData::Strings(tables[i].as_ref().expect("parsed above").0.clone()),
        SHT_SYMTAB | SHT_CUDA_MERC_SYMTAB => {
            let Some(Some((_, name_offsets))) = tables.get(link) else {
                return err(r.offset, "a symbol table linked to a string table");
            };
            let shndx_table = raw
                .iter()
                .find(|t| t.sh_type == SHT_SYMTAB_SHNDX && t.header.sh_link.get(e) as usize == i);
            let mut syms = Vec::with_capacity(entries(24)? as usize);
            for k in 0..entries(24)? {
                let at = r.offset + k * 24;
                let sym: Sym64<LE> = read_pod(data, at, "a symbol")?;
                let section = match sym.st_shndx.get(e) {
                    0 => SymSection::Undef,
                    SHN_XINDEX => {
                        let Some(t) = shndx_table else {
                            return err(at + 6, "a .symtab_shndx section for an SHN_XINDEX symbol");
                        };
                        let x = slice(data, t.offset + 4 * k, 4, "a .symtab_shndx entry")?;
                        SymSection::Index(u32::from_le_bytes([x[0], x[1], x[2], x[3]]))
                    }
                    // ptxas writes index 0xff00 literally (its XINDEX test is off by one).
                    SHN_LORESERVE if raw.len() > SHN_LORESERVE as usize => {
                        SymSection::Index(SHN_LORESERVE as u32)
                    }
                    n if n >= SHN_LORESERVE => SymSection::Reserved(n),
                    n => SymSection::Index(n as u32),
                };
                syms.push(Symbol {
                    name: str_ref(name_offsets, sym.st_name.get(e), at, "a symbol name")?,
                    info: sym.st_info,
                    other: sym.st_other,
                    section,
                    value: sym.st_value.get(e),
                    size: sym.st_size.get(e),
                });
            }
            SectionData::Symbols(syms)
        }
        SHT_SYMTAB_SHNDX => SectionData::SymtabShndx(
            bytes[..entries(4)? as usize * 4]
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ),
        SHT_REL | SHT_RELA | SHT_CUDA_MERC_RELA => {
            let rela = r.sh_type != SHT_REL;
            let n = entries(if rela { 24 } else { 16 })?;
            let mut relocs = Vec::with_capacity(n as usize);
            for k in 0..n {
                relocs.push(if rela {
                    let x: Rela64<LE> = read_pod(data, r.offset + k * 24, "a relocation")?;
                    Relocation {
                        offset: x.r_offset.get(e),
                        symbol: x.r_sym(e, false),
                        r_type: x.r_type(e, false),
                        addend: Some(x.r_addend.get(e)),
                    }
                } else {
                    let x: Rel64<LE> = read_pod(data, r.offset + k * 16, "a relocation")?;
                    Relocation {
                        offset: x.r_offset.get(e),
                        symbol: x.r_sym(e),
                        r_type: x.r_type(e),
                        addend: None,
                    }
                });
            }
            SectionData::Relocations(relocs)
        }
        SHT_NOTE => match decode_notes(bytes) {
            Ok(notes) => SectionData::Notes(notes),
            Err((off, expected)) => return err(r.offset + off as u64, expected),
        },
        SHT_CUDA_INFO | SHT_CUDA_MERC_INFO | SHT_CUDA_COMPAT_INFO => {
            match decode_attributes(bytes, r.sh_type == SHT_CUDA_COMPAT_INFO) {
                Ok(attrs) => SectionData::Attributes(attrs),
                Err(e) => return err(r.offset + e.offset as u64, e.expected),
            }
        }
        SHT_CUDA_CALLGRAPH if r.size.is_multiple_of(8) => SectionData::CallGraph(
            bytes
                .chunks_exact(8)
                .map(|c| CallEdge {
                    caller: u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                    callee: i32::from_le_bytes([c[4], c[5], c[6], c[7]]),
                })
                .collect(),
        ),
        SHT_CUDA_PROTOTYPE if r.size.is_multiple_of(8) => {
            let strings = raw
                .get(link)
                .map(|s| s.header.sh_link.get(e) as usize)
                .and_then(|t| tables.get(t)?.as_ref());
            let Some((_, offsets)) = strings else {
                return err(
                    r.offset,
                    ".nv.prototype linked to a symbol table with strings",
                );
            };
            let mut protos = Vec::new();
            for (k, c) in bytes.chunks_exact(8).enumerate() {
                let sig = u32::from_le_bytes([c[4], c[5], c[6], c[7]]);
                protos.push(Prototype {
                    symbol: u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                    signature: str_ref(
                        offsets,
                        sig,
                        r.offset + 8 * k as u64 + 4,
                        "a prototype string",
                    )?,
                });
            }
            SectionData::Prototypes(protos)
        }
        _ => SectionData::Bytes(bytes.to_vec()),
    })
}
