//! `.note.nv.cuinfo` and `.note.nv.tkinfo` (spec §6).
//!
//! A note is `namesz, descsz, type`, the name and the description, each padded to 4 bytes.

pub const NT_CUDA_CUINFO: u32 = 1000;
pub const NT_CUDA_TKINFO: u32 = 2000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// Including its NUL (`"NVIDIA Corp\0"`).
    pub name: Vec<u8>,
    pub n_type: u32,
    pub desc: NoteDesc,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoteDesc {
    CuInfo {
        version: u16,
        virtual_sm: u16,
        toolkit: u32,
    },
    /// The tool strings; their offsets and the pool padding are computed.
    TkInfo {
        version: u32,
        strings: [Vec<u8>; 5],
    },
    Raw(Vec<u8>),
}

/// Names of the five tkinfo strings, in pool order.
pub const TKINFO_FIELDS: [&str; 5] = [
    "objFname",
    "toolName",
    "toolVersion",
    "toolBranch",
    "toolOptions",
];

impl Note {
    pub fn nvidia(n_type: u32, desc: NoteDesc) -> Note {
        Note {
            name: b"NVIDIA Corp\0".to_vec(),
            n_type,
            desc,
        }
    }

    fn desc_bytes(&self) -> Vec<u8> {
        match &self.desc {
            NoteDesc::CuInfo {
                version,
                virtual_sm,
                toolkit,
            } => {
                let mut out = Vec::with_capacity(8);
                out.extend_from_slice(&version.to_le_bytes());
                out.extend_from_slice(&virtual_sm.to_le_bytes());
                out.extend_from_slice(&toolkit.to_le_bytes());
                out
            }
            NoteDesc::TkInfo { version, strings } => {
                let mut pool = Vec::new();
                let mut head = version.to_le_bytes().to_vec();
                for s in strings {
                    head.extend_from_slice(&(pool.len() as u32).to_le_bytes());
                    pool.extend_from_slice(s);
                    pool.push(0);
                }
                pool.resize(pool.len().next_multiple_of(4), 0);
                head.extend_from_slice(&pool);
                head
            }
            NoteDesc::Raw(b) => b.clone(),
        }
    }
}

pub fn encode_notes(notes: &[Note]) -> Vec<u8> {
    let mut out = Vec::new();
    for n in notes {
        let desc = n.desc_bytes();
        out.extend_from_slice(&(n.name.len() as u32).to_le_bytes());
        out.extend_from_slice(&(desc.len() as u32).to_le_bytes());
        out.extend_from_slice(&n.n_type.to_le_bytes());
        out.extend_from_slice(&n.name);
        out.resize(out.len().next_multiple_of(4), 0);
        out.extend_from_slice(&desc);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    out
}

/// Decodes notes; `Err((offset, expected))` on a malformed one.
pub fn decode_notes(bytes: &[u8]) -> Result<Vec<Note>, (usize, &'static str)> {
    let mut res = Vec::new();
    let mut off = 0;
    while off < bytes.len() {
        let word = |at: usize| {
            bytes
                .get(at..at + 4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        };
        let (Some(namesz), Some(descsz), Some(n_type)) = (word(off), word(off + 4), word(off + 8))
        else {
            return Err((off, "a 12-byte note header"));
        };
        let name_at = off + 12;
        let desc_at = name_at.checked_add((namesz as usize).next_multiple_of(4));
        let end = desc_at.and_then(|d| d.checked_add((descsz as usize).next_multiple_of(4)));
        let (Some(desc_at), Some(end)) = (desc_at, end) else {
            return Err((off, "note sizes within the section"));
        };
        if end > bytes.len() {
            return Err((off, "note name and description within the section"));
        }
        let name = bytes[name_at..name_at + namesz as usize].to_vec();
        let desc = &bytes[desc_at..desc_at + descsz as usize];
        let pad_is_zero = bytes[name_at + namesz as usize..desc_at]
            .iter()
            .all(|&b| b == 0)
            && bytes[desc_at + descsz as usize..end]
                .iter()
                .all(|&b| b == 0);
        if !pad_is_zero {
            return Err((off, "zero note padding"));
        }
        let note = Note {
            name,
            n_type,
            desc: decode_desc(n_type, desc),
        };
        // Only keep a typed form if it re-encodes to the same bytes.
        let note = if note.desc_bytes() == desc {
            note
        } else {
            Note {
                desc: NoteDesc::Raw(desc.to_vec()),
                ..note
            }
        };
        res.push(note);
        off = end;
    }
    Ok(res)
}

fn decode_desc(n_type: u32, desc: &[u8]) -> NoteDesc {
    let word = |at: usize| u32::from_le_bytes([desc[at], desc[at + 1], desc[at + 2], desc[at + 3]]);
    match n_type {
        NT_CUDA_CUINFO if desc.len() == 8 => NoteDesc::CuInfo {
            version: u16::from_le_bytes([desc[0], desc[1]]),
            virtual_sm: u16::from_le_bytes([desc[2], desc[3]]),
            toolkit: word(4),
        },
        NT_CUDA_TKINFO if desc.len() >= 24 => {
            let pool = &desc[24..];
            let string_at = |at: u32| -> Option<Vec<u8>> {
                let rest = pool.get(at as usize..)?;
                Some(rest[..rest.iter().position(|&b| b == 0)?].to_vec())
            };
            let offsets = [word(4), word(8), word(12), word(16), word(20)];
            let strings: Option<Vec<Vec<u8>>> = offsets.iter().map(|&o| string_at(o)).collect();
            match strings.and_then(|s| <[Vec<u8>; 5]>::try_from(s).ok()) {
                Some(strings) => NoteDesc::TkInfo {
                    version: word(0),
                    strings,
                },
                None => NoteDesc::Raw(desc.to_vec()),
            }
        }
        _ => NoteDesc::Raw(desc.to_vec()),
    }
}
