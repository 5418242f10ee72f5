//! Edits of a whole model that keep every cross reference consistent: removing sections (and
//! with them their symbols and the strings ptxas would never have created), renumbering.
use std::collections::HashSet;

use object::elf::{SHF_INFO_LINK, SHT_REL, SHT_RELA};

use crate::consts::{EIATTR_EXTERNS, SHF_CUDA_MERCURY};
use crate::model::*;
use crate::note::NoteDesc;
use crate::nv_info::{AttrValue, Payload};

/// Section names ptxas creates only for debug information (`-g`, `-lineinfo`, `.loc` in PTX).
fn is_debug_section(name: &[u8]) -> bool {
    let name = name.strip_prefix(b".nv.merc").unwrap_or(name);
    let base = name
        .strip_prefix(b".rela")
        .or_else(|| name.strip_prefix(b".rel"))
        .unwrap_or(name);
    base != b".debug_frame" && (base.starts_with(b".debug_") || base.starts_with(b".nv_debug_"))
}

/// The file ptxas writes for the same PTX without debug information: debug sections, their
/// relocations and section symbols are gone, and so are their names in both string tables;
/// `e_flags` and the tkinfo option string lose the debug marks.
///
/// Only line information is stripped to the same bytes as ptxas (its code is unchanged). With
/// `-g` ptxas generates different code, so the result cannot equal a non-debug compile.
pub fn strip_debug(cubin: &Cubin) -> Result<Cubin, String> {
    if cubin
        .sections
        .iter()
        .any(|s| s.sh_type == crate::consts::SHT_CUDA_MERC_SYMTAB)
    {
        return Err(
            "family M: `.nv.merc.symtab` is kept as bytes, so its symbols cannot be renumbered"
                .into(),
        );
    }
    let names = cubin.section_names();
    let remove: Vec<bool> = cubin
        .sections
        .iter()
        .map(|s| is_debug_section(names.get(s.name)))
        .collect();
    let mut res = remove_sections(cubin, &remove);
    res.header.e_flags = (res.header.e_flags & 0x00ff_ffff) | (0x06 << 24);
    for s in &mut res.sections {
        if let SectionData::Notes(notes) = &mut s.data {
            for n in notes {
                if let NoteDesc::TkInfo { strings, .. } = &mut n.desc {
                    // ptxas puts the option first: "-lineinfo  -arch sm_90 ".
                    let opts = String::from_utf8_lossy(&strings[4]);
                    let opts = opts
                        .strip_prefix("-lineinfo  ")
                        .unwrap_or(&opts)
                        .replace("-lineinfo ", "");
                    strings[4] = opts.into_bytes();
                }
            }
        }
    }
    Ok(res)
}

/// Removes the sections flagged in `remove` (never section 0), the symbols defined in them, and
/// the names (plus `.rel` twins of `.rela` names) that only they used; renumbers everything.
pub fn remove_sections(cubin: &Cubin, remove: &[bool]) -> Cubin {
    let n = cubin.sections.len();
    let mut sec_map = vec![None; n];
    let mut next = 0u32;
    for (i, slot) in sec_map.iter_mut().enumerate() {
        if i == 0 || !remove.get(i).copied().unwrap_or(false) {
            *slot = Some(next);
            next += 1;
        }
    }
    let map_sec = |i: u32| sec_map.get(i as usize).copied().flatten().unwrap_or(0);

    // Symbols defined in removed sections go; the rest are renumbered.
    let (symtab_idx, sym_map) = match cubin.symbol_table() {
        Some((idx, syms, _)) => {
            let mut map = vec![None; syms.len()];
            let mut next = 0u32;
            for (k, s) in syms.iter().enumerate() {
                let gone =
                    matches!(s.section, SymSection::Index(i) if sec_map[i as usize].is_none());
                if !gone {
                    map[k] = Some(next);
                    next += 1;
                }
            }
            (Some(idx), map)
        }
        None => (None, Vec::new()),
    };
    let map_sym = |k: u32| sym_map.get(k as usize).copied().flatten().unwrap_or(0);

    // Names that only removed sections used, with their `.rel`/`.rela` twins.
    let names = cubin.section_names();
    let mut dropped: HashSet<Vec<u8>> = HashSet::new();
    for (i, s) in cubin.sections.iter().enumerate() {
        if sec_map[i].is_none() {
            let name = names.get(s.name).to_vec();
            // ptxas creates both relocation sections and drops the unused twin; its name stays.
            if let Some(base) = name.strip_prefix(b".rela") {
                dropped.insert([b".rel", base].concat());
            } else if let Some(base) = name.strip_prefix(b".rel") {
                dropped.insert([b".rela", base].concat());
            }
            dropped.insert(name);
        }
    }

    let mut sections: Vec<Section> = Vec::with_capacity(next as usize);
    for (i, s) in cubin.sections.iter().enumerate() {
        if sec_map[i].is_none() {
            continue;
        }
        let mut s = s.clone();
        if s.link != 0 {
            s.link = map_sec(s.link);
        }
        let info_is_section = s.flags & u64::from(SHF_INFO_LINK) != 0
            || s.sh_type == SHT_REL
            || s.sh_type == SHT_RELA;
        let info_is_symbol =
            s.flags & u64::from(object::elf::SHF_EXECINSTR) != 0 && s.flags & SHF_CUDA_MERCURY == 0;
        if info_is_section && s.info != 0 {
            s.info = map_sec(s.info);
        } else if info_is_symbol {
            // Family L keeps the register count in the top byte.
            s.info = (s.info & 0xff00_0000) | map_sym(s.info & 0x00ff_ffff);
        }
        if let Placement::SharedWith(j) = s.placement {
            s.placement = Placement::SharedWith(map_sec(j));
        }
        match &mut s.data {
            SectionData::Symbols(syms) if Some(i) == symtab_idx => {
                *syms = syms
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| sym_map[*k].is_some())
                    .map(|(_, sym)| {
                        let mut sym = *sym;
                        if let SymSection::Index(x) = sym.section {
                            sym.section = SymSection::Index(map_sec(x));
                        }
                        sym
                    })
                    .collect();
            }
            SectionData::SymtabShndx(entries) => {
                *entries = entries
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| sym_map.get(*k).is_some_and(Option::is_some))
                    .map(|(_, e)| *e)
                    .collect();
            }
            SectionData::Relocations(relocs) => {
                relocs.iter_mut().for_each(|r| r.symbol = map_sym(r.symbol))
            }
            SectionData::Attributes(attrs) if s.sh_type == crate::consts::SHT_CUDA_INFO => {
                for a in attrs {
                    match &mut a.value {
                        AttrValue::Payload(
                            Payload::SymbolValue { symbol, .. }
                            | Payload::ParamCbank { symbol, .. },
                        ) => *symbol = map_sym(*symbol),
                        AttrValue::Payload(Payload::Words(w)) if a.id == EIATTR_EXTERNS => {
                            w.iter_mut().for_each(|x| *x = map_sym(*x))
                        }
                        _ => {}
                    }
                }
            }
            SectionData::CallGraph(edges) => {
                for e in edges {
                    e.caller = map_sym(e.caller);
                    if e.callee >= 0 {
                        e.callee = map_sym(e.callee as u32) as i32;
                    }
                }
            }
            SectionData::Prototypes(protos) => {
                protos.iter_mut().for_each(|p| p.symbol = map_sym(p.symbol))
            }
            _ => {}
        }
        sections.push(s);
    }
    let segments = cubin
        .segments
        .iter()
        .map(|seg| Segment {
            covers: match &seg.covers {
                Covers::HeaderTable => Covers::HeaderTable,
                Covers::Sections(list) => Covers::Sections(
                    list.iter()
                        .filter(|&&i| sec_map[i as usize].is_some())
                        .map(|&i| map_sec(i))
                        .collect(),
                ),
            },
            ..seg.clone()
        })
        .collect();
    let mut res = Cubin {
        header: Header {
            shstrndx: map_sec(cubin.header.shstrndx),
            ..cubin.header.clone()
        },
        sections,
        segments,
    };
    drop_strings(&mut res, &dropped);
    res
}

/// Removes entries equal to one of `dropped` from every string table, unless still referenced,
/// and renumbers the references.
fn drop_strings(cubin: &mut Cubin, dropped: &HashSet<Vec<u8>>) {
    let shstrndx = cubin.header.shstrndx as usize;
    let symtab = cubin.symbol_table().map(|(i, _, _)| i);
    for t in 0..cubin.sections.len() {
        let SectionData::Strings(table) = &cubin.sections[t].data else {
            continue;
        };
        let mut used: HashSet<StrRef> = HashSet::new();
        if t == shstrndx {
            used.extend(cubin.sections.iter().map(|s| s.name));
        }
        for s in &cubin.sections {
            if s.link as usize == t
                && let SectionData::Symbols(syms) = &s.data
            {
                used.extend(syms.iter().map(|s| s.name));
            }
            if symtab
                .is_some_and(|st| s.link as usize == st && cubin.sections[st].link as usize == t)
                && let SectionData::Prototypes(p) = &s.data
            {
                used.extend(p.iter().map(|p| p.signature));
            }
        }
        let mut map = Vec::with_capacity(table.entries.len());
        let mut entries = Vec::new();
        for (k, e) in table.entries.iter().enumerate() {
            if dropped.contains(e) && !used.contains(&StrRef(k as u32)) {
                map.push(StrRef(0));
            } else {
                map.push(StrRef(entries.len() as u32));
                entries.push(e.clone());
            }
        }
        cubin.sections[t].data = SectionData::Strings(StringTable { entries });
        let remap = |r: StrRef| map.get(r.0 as usize).copied().unwrap_or(StrRef(0));
        if t == shstrndx {
            cubin
                .sections
                .iter_mut()
                .for_each(|s| s.name = remap(s.name));
        }
        let symtab_link = symtab.map(|st| cubin.sections[st].link as usize);
        for s in &mut cubin.sections {
            match &mut s.data {
                SectionData::Symbols(syms) if s.link as usize == t => {
                    syms.iter_mut().for_each(|x| x.name = remap(x.name))
                }
                SectionData::Prototypes(p) if symtab_link == Some(t) => {
                    p.iter_mut().for_each(|x| x.signature = remap(x.signature))
                }
                _ => {}
            }
        }
    }
}
