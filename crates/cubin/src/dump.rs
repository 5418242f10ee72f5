//! Text dumps of the model: [`dump`] (what `cufe cubin dump` prints) and [`dump_elfw`] (the
//! "elfw structure:" layout of ptxas's internal dumper, as the seed describes it).
//!
//! Output is deterministic. With `offsets: false` file offsets are left out, so that dumps of
//! files that differ only in code size compare cleanly.
use std::fmt::Write as _;

use crate::consts::*;
use crate::model::*;
use crate::note::{NoteDesc, TKINFO_FIELDS};
use crate::nv_info::{AttrValue, Payload, format_name};
use crate::write::file_layout;

#[derive(Debug, Clone, Copy)]
pub struct DumpOptions {
    pub offsets: bool,
}

pub fn section_type_name(sh_type: u32) -> String {
    use object::elf::*;
    let name = match sh_type {
        SHT_NULL => "NULL",
        SHT_PROGBITS => "PROGBITS",
        SHT_SYMTAB => "SYMTAB",
        SHT_STRTAB => "STRTAB",
        SHT_RELA => "RELA",
        SHT_NOTE => "NOTE",
        SHT_NOBITS => "NOBITS",
        SHT_REL => "REL",
        SHT_SYMTAB_SHNDX => "SYMTAB_SHNDX",
        _ => {
            return cuda_section_type_name(sh_type)
                .map_or_else(|| format!("{sh_type:#x}"), String::from);
        }
    };
    name.to_string()
}

fn flags_str(flags: u64) -> String {
    const NAMES: [(u64, &str); 8] = [
        (0x1, "W"),
        (0x2, "A"),
        (0x4, "X"),
        (0x40, "I"),
        (SHF_NOTE_NV_CUINFO, "+NVCU"),
        (SHF_NOTE_NV_TKINFO, "+NVTK"),
        (SHF_CUDA_MERCURY, "+MERC"),
        (0x10, "M"),
    ];
    let mut s: String = NAMES
        .iter()
        .filter(|(b, _)| flags & b != 0)
        .map(|(_, n)| *n)
        .collect();
    let rest = flags & !NAMES.iter().map(|(b, _)| b).sum::<u64>();
    if rest != 0 {
        let _ = write!(s, "+{rest:#x}");
    }
    if s.is_empty() { "-".into() } else { s }
}

fn e_type_name(e_type: u16) -> &'static str {
    match e_type {
        object::elf::ET_REL => "REL",
        object::elf::ET_EXEC => "EXEC",
        ET_CUDA_EWP => "EWP",
        _ => "?",
    }
}

fn bind_name(b: u8) -> String {
    match b {
        0 => "LOCAL".into(),
        1 => "GLOBAL".into(),
        2 => "WEAK".into(),
        _ => b.to_string(),
    }
}

fn sym_type_name(t: u8) -> String {
    match t {
        0 => "NOTYPE".into(),
        1 => "OBJECT".into(),
        2 => "FUNC".into(),
        3 => "SECTION".into(),
        4 => "FILE".into(),
        STT_CUDA_OBJECT => "CUDA_OBJECT".into(),
        _ => t.to_string(),
    }
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

pub fn dump(cubin: &Cubin, opts: DumpOptions) -> String {
    let layout = file_layout(cubin);
    let mut out = String::new();
    let h = &cubin.header;
    let _ = writeln!(
        out,
        "header: type={} sm={} family={} e_flags={:#010x} (X={:#04x} layout={}) osabi={:#04x} abiversion={}",
        e_type_name(h.e_type),
        h.sm(),
        h.family().letter(),
        h.e_flags,
        h.e_flags >> 24,
        h.layout_id(),
        h.os_abi,
        h.abi_version
    );
    if opts.offsets {
        let _ = writeln!(
            out,
            "layout: shoff={:#x} phoff={:#x} file_size={:#x}",
            layout.shoff, layout.phoff, layout.file_len
        );
    }
    let _ = writeln!(out, "sections ({}):", cubin.sections.len());
    for (i, s) in cubin.sections.iter().enumerate().skip(1) {
        let _ = write!(
            out,
            "  [{i:3}] {:<32} {:<22} flags={:<6} link={} info={} align={} entsize={} size={:#x}",
            cubin.section_name(i),
            section_type_name(s.sh_type),
            flags_str(s.flags),
            s.link,
            s.info,
            s.align,
            s.entsize,
            layout.sizes[i]
        );
        if opts.offsets {
            let _ = write!(out, " offset={:#x}", layout.offsets[i]);
        }
        match s.placement {
            Placement::Packed => {}
            Placement::Padded(p) => {
                let _ = write!(out, " pad={p}");
            }
            Placement::SharedWith(j) => {
                let _ = write!(out, " shares-offset-with={j}");
            }
        }
        out.push('\n');
    }
    if !cubin.segments.is_empty() {
        let _ = writeln!(out, "program headers ({}):", cubin.segments.len());
        for seg in &cubin.segments {
            let kind = match seg.p_type {
                object::elf::PT_LOAD => "LOAD".to_string(),
                object::elf::PT_PHDR => "PHDR".to_string(),
                t => format!("{t:#x}"),
            };
            let flags: String = [(4, 'R'), (2, 'W'), (1, 'X')]
                .iter()
                .filter(|(b, _)| seg.p_flags & b != 0)
                .map(|(_, c)| *c)
                .collect();
            let covers = match &seg.covers {
                Covers::HeaderTable => "<program headers>".to_string(),
                Covers::Sections(list) => list
                    .iter()
                    .map(|&i| cubin.section_name(i as usize))
                    .collect::<Vec<_>>()
                    .join(","),
            };
            let _ = writeln!(out, "  {kind:<4} {flags:<3} covers={covers}");
        }
    }
    if let Some((idx, syms, strings)) = cubin.symbol_table() {
        let _ = writeln!(out, "symbols ({}) in section {idx}:", syms.len());
        for (k, sym) in syms.iter().enumerate() {
            let shndx = match sym.section {
                SymSection::Undef => "UND".to_string(),
                SymSection::Index(i) => format!("{i}({})", cubin.section_name(i as usize)),
                SymSection::Reserved(r) => format!("{r:#x}"),
            };
            let name = lossy(strings.get(sym.name));
            let _ = writeln!(
                out,
                "  [{k:3}] {:<40} {:<6} {:<11} other={:#04x} shndx={shndx} value={:#x} size={:#x}",
                if name.is_empty() {
                    "\"\"".to_string()
                } else {
                    name
                },
                bind_name(sym.bind()),
                sym_type_name(sym.kind()),
                sym.other,
                sym.value,
                sym.size
            );
        }
    }
    for (i, s) in cubin.sections.iter().enumerate() {
        dump_contents(cubin, i, s, &mut out);
    }
    out
}

fn dump_contents(cubin: &Cubin, i: usize, s: &Section, out: &mut String) {
    let name = cubin.section_name(i);
    match &s.data {
        SectionData::Attributes(attrs) => {
            let compat = s.sh_type == SHT_CUDA_COMPAT_INFO;
            let _ = writeln!(out, "{name}:");
            for a in attrs {
                let attr = if compat {
                    eicompat_name(a.id)
                } else {
                    eiattr_name(a.id)
                };
                let attr = attr.map_or_else(|| format!("UNKNOWN_{:#04x}", a.id), String::from);
                let prefix = if compat { "EICOMPAT_ATTR_" } else { "EIATTR_" };
                let _ = write!(out, "  {} {prefix}{attr}", format_name(a.format));
                match &a.value {
                    AttrValue::Short(v) => {
                        let _ = writeln!(out, " value={v:#x}");
                    }
                    AttrValue::Payload(p) => {
                        let _ = writeln!(out, " {}", payload_str(cubin, s.link, p));
                    }
                }
            }
        }
        SectionData::Notes(notes) => {
            let _ = writeln!(out, "{name}:");
            for n in notes {
                let _ = write!(
                    out,
                    "  note {:?} type={}",
                    lossy(n.name.strip_suffix(b"\0").unwrap_or(&n.name)),
                    n.n_type
                );
                match &n.desc {
                    NoteDesc::CuInfo {
                        version,
                        virtual_sm,
                        toolkit,
                    } => {
                        let _ = writeln!(
                            out,
                            " cuinfo version={version} virtual_sm={virtual_sm} toolkit={toolkit}"
                        );
                    }
                    NoteDesc::TkInfo { version, strings } => {
                        let _ = writeln!(out, " tkinfo version={version}");
                        for (field, s) in TKINFO_FIELDS.iter().zip(strings) {
                            let _ = writeln!(out, "    {field}={:?}", lossy(s));
                        }
                    }
                    NoteDesc::Raw(b) => {
                        let _ = writeln!(out, " desc={}", hex(b));
                    }
                }
            }
        }
        SectionData::Relocations(relocs) => {
            let _ = writeln!(
                out,
                "{name}: {} relocations for section {}",
                relocs.len(),
                cubin.section_name(s.info as usize)
            );
            for r in relocs {
                let kind =
                    r_cuda_name(r.r_type).map_or_else(|| format!("R_{}", r.r_type), String::from);
                let _ = write!(
                    out,
                    "  offset={:#x} {kind} sym={}({})",
                    r.offset,
                    r.symbol,
                    cubin.symbol_name_in(s.link, r.symbol)
                );
                if let Some(a) = r.addend {
                    let _ = write!(out, " addend={a}");
                }
                out.push('\n');
            }
        }
        SectionData::CallGraph(edges) => {
            let _ = writeln!(out, "{name}:");
            for e in edges {
                if e.callee < 0 {
                    let _ = writeln!(out, "  marker {}", e.callee);
                } else {
                    let _ = writeln!(
                        out,
                        "  {}({}) -> {}({})",
                        e.caller,
                        cubin.symbol_name(e.caller),
                        e.callee,
                        cubin.symbol_name(e.callee as u32)
                    );
                }
            }
        }
        SectionData::Prototypes(protos) => {
            let _ = writeln!(out, "{name}:");
            let strings = cubin.symbol_table().map(|(_, _, t)| t);
            for p in protos {
                let sig = strings.map_or_else(String::new, |t| lossy(t.get(p.signature)));
                let _ = writeln!(
                    out,
                    "  {}({}) {sig:?}",
                    p.symbol,
                    cubin.symbol_name(p.symbol)
                );
            }
        }
        _ => {}
    }
}

fn payload_str(cubin: &Cubin, symtab: u32, p: &Payload) -> String {
    match p {
        Payload::KParamInfo(k) => format!(
            "index={} ordinal={} offset={:#x} size={} log_align={} space={} cbank={} smem={}",
            k.index,
            k.ordinal,
            k.offset,
            k.size(),
            k.log_align(),
            k.space(),
            k.cbank(),
            k.is_smem() as u8
        ),
        Payload::KParamInfoV2(k) => format!(
            "index={} ordinal={} offset={:#x} size={} log_align={} space={}",
            k.index,
            k.ordinal,
            k.offset,
            k.word & 0xffff,
            (k.word >> 16) & 0xff,
            k.word >> 24
        ),
        Payload::ParamCbank { symbol, base, size } => {
            format!(
                "sym={symbol}({}) base={base:#x} size={size:#x}",
                cubin.symbol_name_in(symtab, *symbol)
            )
        }
        Payload::SymbolValue { symbol, value } => {
            format!(
                "sym={symbol}({}) value={value:#x}",
                cubin.symbol_name_in(symtab, *symbol)
            )
        }
        Payload::Words(w) => w
            .iter()
            .map(|x| format!("{x:#x}"))
            .collect::<Vec<_>>()
            .join(" "),
        Payload::Bytes(b) => format!("bytes={}", hex(b)),
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The "elfw structure:" layout of ptxas's internal ELF dumper (seed: sub_1CB91C0), in its "real"
/// (file-ready) form.
pub fn dump_elfw(cubin: &Cubin) -> String {
    let layout = file_layout(cubin);
    let mut out = String::from("elfw structure:\n");
    let h = &cubin.header;
    let _ = writeln!(
        out,
        "header: size={} type={} abiv={}, flags={:x}",
        layout.file_len, h.e_type, h.abi_version, h.e_flags
    );
    let _ = writeln!(
        out,
        "  shnum={} shoff={}",
        cubin.sections.len(),
        layout.shoff
    );
    let _ = writeln!(
        out,
        "  phnum={} phoff={}",
        cubin.segments.len(),
        layout.phoff
    );
    let _ = writeln!(out, "section <r>:");
    for (i, s) in cubin.sections.iter().enumerate() {
        let _ = writeln!(
            out,
            "  [{i}] {}  {:x}  {:x}  {:x}  {:x}  {}  {}  {}  {}",
            cubin.section_name(i),
            s.sh_type,
            s.flags,
            layout.offsets[i],
            layout.sizes[i],
            s.link,
            s.info,
            s.align,
            s.entsize
        );
    }
    let _ = writeln!(out, "symbol <r>:");
    if let Some((_, syms, strings)) = cubin.symbol_table() {
        for (k, sym) in syms.iter().enumerate() {
            let shndx = match sym.section {
                SymSection::Undef => 0,
                SymSection::Index(i) => i,
                SymSection::Reserved(r) => r as u32,
            };
            let _ = writeln!(
                out,
                "  [{k}] {}  {:x}  {:x}  {}  {}  {}",
                lossy(strings.get(sym.name)),
                sym.value,
                sym.size,
                sym.bind(),
                sym.kind(),
                shndx
            );
        }
    }
    out
}
