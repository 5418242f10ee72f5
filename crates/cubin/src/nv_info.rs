//! `.nv.info`, `.nv.info.F` and `.nv.compat` attribute records (spec §4).
//!
//! A record is `format, id` then, by format: NVAL/BVAL/HVAL two value bytes, SVAL a `u16` size and
//! that many payload bytes. Records are packed back to back.
use crate::consts::*;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    /// One of `EIFMT_*`.
    pub format: u8,
    pub id: u8,
    pub value: AttrValue,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttrValue {
    /// The two value bytes of NVAL (zero), BVAL (value, zero) and HVAL (little-endian u16).
    Short(u16),
    /// An SVAL payload.
    Payload(Payload),
}

/// SVAL payloads with a known layout are decoded; anything else stays bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payload {
    KParamInfo(KParamInfo),
    KParamInfoV2(KParamInfoV2),
    /// PARAM_CBANK: the `.nv.constant0.F` section symbol, where the parameters start and how many
    /// bytes they take.
    ParamCbank {
        symbol: u32,
        base: u16,
        size: u16,
    },
    /// REGCOUNT, FRAME_SIZE, MIN/MAX_STACK_SIZE, CRS_STACK_SIZE: a function symbol and a value.
    SymbolValue {
        symbol: u32,
        value: u32,
    },
    /// Lists of u32: instruction offsets, EXTERNS symbol indices, MAX_THREADS, CUDA_API_VERSION…
    Words(Vec<u32>),
    Bytes(Vec<u8>),
}

/// KPARAM_INFO: one kernel parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KParamInfo {
    pub index: u32,
    pub ordinal: u16,
    pub offset: u16,
    /// Bits 0–7 pointee log2 alignment, 8–11 pointee space, 12–16 cbank, 17 smem flag,
    /// 18–31 size in bytes.
    pub word: u32,
}

impl KParamInfo {
    pub fn size(&self) -> u32 {
        self.word >> 18
    }
    pub fn log_align(&self) -> u32 {
        self.word & 0xff
    }
    pub fn space(&self) -> u32 {
        (self.word >> 8) & 0xf
    }
    pub fn cbank(&self) -> u32 {
        (self.word >> 12) & 0x1f
    }
    pub fn is_smem(&self) -> bool {
        (self.word >> 17) & 1 == 1
    }
    pub fn encode_word(size: u32, log_align: u32, space: u32) -> u32 {
        (size << 18) | (0x1f << 12) | (space << 8) | log_align
    }
}

/// KPARAM_INFO_V2 (parameter blocks above 0x1100 bytes): size has 16 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KParamInfoV2 {
    pub index: u32,
    pub ordinal: u16,
    pub offset: u16,
    /// Size (bits 0–15) | log2 alignment << 16 | space << 24.
    pub word: u32,
}

impl Attribute {
    pub fn short(format: u8, id: u8, value: u16) -> Attribute {
        Attribute {
            format,
            id,
            value: AttrValue::Short(value),
        }
    }

    pub fn sval(id: u8, payload: Payload) -> Attribute {
        Attribute {
            format: EIFMT_SVAL,
            id,
            value: AttrValue::Payload(payload),
        }
    }

    pub fn payload(&self) -> Option<&Payload> {
        match &self.value {
            AttrValue::Payload(p) => Some(p),
            AttrValue::Short(_) => None,
        }
    }

    pub fn short_value(&self) -> Option<u16> {
        match self.value {
            AttrValue::Short(v) => Some(v),
            AttrValue::Payload(_) => None,
        }
    }

    pub fn encoded_len(&self) -> usize {
        match &self.value {
            AttrValue::Short(_) => 4,
            AttrValue::Payload(p) => 4 + p.encoded_len(),
        }
    }

    pub fn encode(&self, out: &mut Vec<u8>) {
        out.push(self.format);
        out.push(self.id);
        match &self.value {
            AttrValue::Short(v) => out.extend_from_slice(&v.to_le_bytes()),
            AttrValue::Payload(p) => {
                out.extend_from_slice(&(p.encoded_len() as u16).to_le_bytes());
                p.encode(out);
            }
        }
    }
}

impl Payload {
    fn encoded_len(&self) -> usize {
        match self {
            Payload::KParamInfo(_) | Payload::KParamInfoV2(_) => 12,
            Payload::ParamCbank { .. } | Payload::SymbolValue { .. } => 8,
            Payload::Words(w) => 4 * w.len(),
            Payload::Bytes(b) => b.len(),
        }
    }

    fn encode(&self, out: &mut Vec<u8>) {
        let mut u32s = |ws: &[u32]| {
            ws.iter()
                .for_each(|w| out.extend_from_slice(&w.to_le_bytes()))
        };
        match self {
            Payload::KParamInfo(KParamInfo {
                index,
                ordinal,
                offset,
                word,
            })
            | Payload::KParamInfoV2(KParamInfoV2 {
                index,
                ordinal,
                offset,
                word,
            }) => u32s(&[*index, (*ordinal as u32) | ((*offset as u32) << 16), *word]),
            Payload::ParamCbank { symbol, base, size } => {
                u32s(&[*symbol, (*base as u32) | ((*size as u32) << 16)])
            }
            Payload::SymbolValue { symbol, value } => u32s(&[*symbol, *value]),
            Payload::Words(w) => u32s(w),
            Payload::Bytes(b) => out.extend_from_slice(b),
        }
    }

    /// Decodes an SVAL payload of `.nv.info` attribute `id` (not `.nv.compat`).
    pub fn decode_info(id: u8, bytes: &[u8]) -> Payload {
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let whole_words = bytes.len().is_multiple_of(4) && !bytes.is_empty();
        match (id, words.len()) {
            (EIATTR_KPARAM_INFO, 3) if bytes.len() == 12 => Payload::KParamInfo(KParamInfo {
                index: words[0],
                ordinal: words[1] as u16,
                offset: (words[1] >> 16) as u16,
                word: words[2],
            }),
            (EIATTR_KPARAM_INFO_V2, 3) if bytes.len() == 12 => {
                Payload::KParamInfoV2(KParamInfoV2 {
                    index: words[0],
                    ordinal: words[1] as u16,
                    offset: (words[1] >> 16) as u16,
                    word: words[2],
                })
            }
            (EIATTR_PARAM_CBANK, 2) if bytes.len() == 8 => Payload::ParamCbank {
                symbol: words[0],
                base: words[1] as u16,
                size: (words[1] >> 16) as u16,
            },
            (
                EIATTR_REGCOUNT
                | EIATTR_FRAME_SIZE
                | EIATTR_MIN_STACK_SIZE
                | EIATTR_MAX_STACK_SIZE
                | EIATTR_CRS_STACK_SIZE,
                2,
            ) if bytes.len() == 8 => Payload::SymbolValue {
                symbol: words[0],
                value: words[1],
            },
            _ if whole_words => Payload::Words(words),
            _ => Payload::Bytes(bytes.to_vec()),
        }
    }
}

/// Encodes a record list.
pub fn encode_attributes(attrs: &[Attribute]) -> Vec<u8> {
    let mut out = Vec::with_capacity(attrs.iter().map(Attribute::encoded_len).sum());
    attrs.iter().for_each(|a| a.encode(&mut out));
    out
}

/// Why a record list does not decode: the byte offset inside the section and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    pub offset: usize,
    pub expected: &'static str,
}

/// Decodes a record list. `compat` selects `.nv.compat`, whose SVAL payloads stay words/bytes.
pub fn decode_attributes(bytes: &[u8], compat: bool) -> Result<Vec<Attribute>, RecordError> {
    let mut res = Vec::new();
    let mut off = 0;
    while off < bytes.len() {
        let Some(head) = bytes.get(off..off + 4) else {
            return Err(RecordError {
                offset: off,
                expected: "a 4-byte attribute record header",
            });
        };
        let (format, id) = (head[0], head[1]);
        let short = u16::from_le_bytes([head[2], head[3]]);
        match format {
            EIFMT_NVAL | EIFMT_BVAL | EIFMT_HVAL => {
                res.push(Attribute::short(format, id, short));
                off += 4;
            }
            EIFMT_SVAL => {
                let end = off + 4 + short as usize;
                let Some(body) = bytes.get(off + 4..end) else {
                    return Err(RecordError {
                        offset: off,
                        expected: "an SVAL payload within the section",
                    });
                };
                let payload = if compat {
                    Payload::decode_info(0xff, body)
                } else {
                    Payload::decode_info(id, body)
                };
                res.push(Attribute::sval(id, payload));
                off = end;
            }
            _ => {
                return Err(RecordError {
                    offset: off,
                    expected: "an EIFMT format byte (1..=4)",
                });
            }
        }
    }
    Ok(res)
}

/// The printed name of a record's format.
pub fn format_name(format: u8) -> &'static str {
    match format {
        EIFMT_NVAL => "NVAL",
        EIFMT_BVAL => "BVAL",
        EIFMT_HVAL => "HVAL",
        EIFMT_SVAL => "SVAL",
        _ => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_decode() {
        let raw: Vec<u8> = [
            "0437040082000000",
            "04170c00000000000100080000f01100",
            "031bff00",
            "040a08000c00000010020c00",
            "0203ab00",
        ]
        .concat()
        .as_bytes()
        .chunks(2)
        .map(|h| u8::from_str_radix(std::str::from_utf8(h).unwrap(), 16).unwrap())
        .collect();
        let attrs = decode_attributes(&raw, false).unwrap();
        let Some(Payload::KParamInfo(k)) = attrs[1].payload() else {
            panic!("{attrs:?}")
        };
        assert_eq!((k.ordinal, k.offset, k.size(), k.cbank()), (1, 8, 4, 0x1f));
        assert_eq!(
            attrs[3].payload(),
            Some(&Payload::ParamCbank {
                symbol: 12,
                base: 0x210,
                size: 0xc
            })
        );
        assert_eq!(encode_attributes(&attrs), raw);
    }

    #[test]
    fn truncated_sval_names_its_offset() {
        let err =
            decode_attributes(&[0x03, 0x1b, 0xff, 0, 0x04, 0x0a, 8, 0, 1], false).unwrap_err();
        assert_eq!(
            err,
            RecordError {
                offset: 4,
                expected: "an SVAL payload within the section"
            }
        );
    }
}
