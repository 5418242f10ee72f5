//! The two layout rules sm_110 exposes (issue 16), on a hand-made model so that they are tested
//! without the generated corpus:
//! - a Mercury copy is file data whatever its type: ptxas writes 0x80 bytes for sm_110's
//!   `.nv.merc.nv.shared.reserved.0` (CUDA_RESERVED_SHARED), a type that is NOBITS elsewhere;
//! - a LOAD segment's file part runs to the (aligned) offset of its first NOBITS member: after a
//!   0x19-byte `.nv.global.init`, sm_110's 16-aligned `.nv.shared.reserved.0` gives p_filesz 0x20.
use cubin::consts::*;
use cubin::{Covers, Cubin, Header, Placement, Section, SectionData, Segment, StrRef, StringTable};
use object::elf::{
    PF_R, PF_W, PT_LOAD, PT_PHDR, SHF_ALLOC, SHF_WRITE, SHT_NOBITS, SHT_PROGBITS, SHT_STRTAB,
};

fn section(name: u32, sh_type: u32, flags: u64, align: u64, data: SectionData) -> Section {
    Section {
        name: StrRef(name),
        sh_type,
        flags,
        link: 0,
        info: 0,
        align,
        entsize: 0,
        data,
        placement: Placement::Packed,
    }
}

fn sm_110_model() -> Cubin {
    let names = StringTable {
        entries: [
            "",
            ".shstrtab",
            ".nv.global.init",
            ".nv.shared.reserved.0",
            ".nv.merc.nv.shared.reserved.0",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect(),
    };
    let wa = u64::from(SHF_WRITE | SHF_ALLOC);
    // What ptxas writes there: 64 zero bytes, then a descriptor.
    let mut descriptor = vec![0u8; 0x40];
    descriptor.extend([1, 0, 0, 0, 3, 0, 0, 0]);
    descriptor.resize(0x80, 0);
    descriptor[0x58] = 0x40;
    Cubin {
        header: Header {
            e_type: object::elf::ET_EXEC,
            os_abi: ELFOSABI_CUDA,
            abi_version: 8,
            e_flags: 0x0600_6e02,
            shstrndx: 1,
        },
        sections: vec![
            section(0, 0, 0, 0, SectionData::Null),
            section(1, SHT_STRTAB, 0, 1, SectionData::Strings(names)),
            section(2, SHT_PROGBITS, wa, 1, SectionData::Bytes(vec![7; 0x19])),
            section(3, SHT_NOBITS, wa, 16, SectionData::NoBits { size: 0xc0 }),
            section(
                4,
                SHT_CUDA_RESERVED_SHARED,
                wa | SHF_CUDA_MERCURY,
                16,
                SectionData::Bytes(descriptor),
            ),
        ],
        segments: vec![
            Segment {
                p_type: PT_PHDR,
                p_flags: PF_R,
                covers: Covers::HeaderTable,
            },
            Segment {
                p_type: PT_LOAD,
                p_flags: PF_R | PF_W,
                covers: Covers::Sections(vec![2, 3]),
            },
        ],
    }
}

#[test]
fn mercury_reserved_shared_copy_is_file_data_and_nobits_ends_the_file_part() {
    let model = sm_110_model();
    let bytes = cubin::write(&model);
    let layout = cubin::file_layout(&model);
    // The NOBITS section 16-aligned after .nv.global.init and taking no space, the Mercury copy at the same 16-aligned offset with its 0x80 bytes in the file.
    let (init, reserved, copy) = (layout.offsets[2], layout.offsets[3], layout.offsets[4]);
    assert_eq!(reserved, (init + 0x19).next_multiple_of(16));
    assert_eq!(copy, reserved);
    assert_eq!(
        &bytes[copy as usize + 0x40..copy as usize + 0x48],
        &[1, 0, 0, 0, 3, 0, 0, 0]
    );
    assert_eq!(layout.shoff, (copy + 0x80).next_multiple_of(8));
    // The RW LOAD: p_offset = .nv.global.init, p_filesz up to the NOBITS section, p_memsz + 0xc0.
    let ph = layout.phoff as usize + 56;
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    assert_eq!(word(ph + 8), init, "p_offset");
    assert_eq!(word(ph + 32), reserved - init, "p_filesz");
    assert_eq!(word(ph + 40), reserved - init + 0xc0, "p_memsz");
    // And the reader takes the file back to the same model.
    assert_eq!(cubin::read(&bytes).unwrap(), model);
}
