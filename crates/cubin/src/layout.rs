//! File layout rules shared by the writer (which applies them) and the reader (which checks a
//! file against them and records what deviates as a [`Placement`]).
//!
//! Section data follows the 64-byte ELF header in index order, each at `align_up(end, align)`;
//! NOBITS and empty sections take no space. ptxas adds one gap of known size before `.strtab`
//! (spec §2.4): the strings it laid out for `.nv.capmerc.text.F` sections and then cut.
use crate::consts::is_nobits;
use crate::model::{Family, Placement, Section, SectionData};

pub(crate) const EHDR_SIZE: u64 = 64;
pub(crate) const SHDR_SIZE: u64 = 64;
pub(crate) const PHDR_SIZE: u64 = 56;

pub(crate) fn align_up(x: u64, align: u64) -> u64 {
    let align = align.max(1);
    x.div_ceil(align).saturating_mul(align)
}

/// `e_phentsize`: 56 with program headers, and also without them in family L (ptxas sets it
/// there even in `-c` output).
pub(crate) fn phentsize(family: Family, phnum: u64) -> u64 {
    if phnum > 0 || family == Family::Legacy {
        PHDR_SIZE
    } else {
        0
    }
}

/// Whether section data takes file space.
pub(crate) fn occupies_file(s: &Section, size: u64) -> bool {
    !is_nobits(s.sh_type, s.flags) && size > 0 && !matches!(s.data, SectionData::Null)
}

/// The zero bytes ptxas leaves between `.shstrtab` and `.strtab`, by family. For H it equals the
/// size of the `.nv.capmerc.text.F\0` names plus 14 (measured on every sm_90 file).
pub(crate) fn strtab_gap(family: Family, section_names: impl Iterator<Item = Vec<u8>>) -> u64 {
    match family {
        Family::Legacy => 0,
        Family::Mercury => 36,
        Family::Hopper => {
            14 + section_names
                .filter_map(|n| n.strip_prefix(b".text.").map(|f| 18 + f.len() as u64))
                .sum::<u64>()
        }
    }
}

/// Walks sections in index order and assigns file offsets.
pub(crate) struct Placer {
    /// End of the file data placed so far.
    pub(crate) end: u64,
    pub(crate) offsets: Vec<u64>,
    strtab_index: usize,
    strtab_gap: u64,
}

impl Placer {
    pub(crate) fn new(strtab_index: usize, strtab_gap: u64) -> Placer {
        Placer {
            end: EHDR_SIZE,
            offsets: vec![0],
            strtab_index,
            strtab_gap,
        }
    }

    /// Where the rule puts the next section.
    pub(crate) fn rule_offset(&self, align: u64) -> u64 {
        let gap = if self.offsets.len() == self.strtab_index {
            self.strtab_gap
        } else {
            0
        };
        align_up(self.end, align).saturating_add(gap)
    }

    pub(crate) fn place(&mut self, s: &Section, size: u64) -> u64 {
        let off = match s.placement {
            Placement::Packed => self.rule_offset(s.align),
            Placement::Padded(pad) => self.rule_offset(s.align).saturating_add(pad),
            // Only an earlier, real section can lend its offset.
            Placement::SharedWith(j) if j > 0 && (j as usize) < self.offsets.len() => {
                self.offsets[j as usize]
            }
            Placement::SharedWith(_) => self.rule_offset(s.align),
        };
        self.push(s, off, size);
        off
    }

    pub(crate) fn push(&mut self, s: &Section, off: u64, size: u64) {
        self.offsets.push(off);
        if occupies_file(s, size) {
            self.end = self.end.max(off.saturating_add(size));
        }
    }
}
