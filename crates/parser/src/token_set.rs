//! A bitset of token kinds, for FIRST and recovery sets.
use crate::SyntaxKind;

#[derive(Clone, Copy)]
pub(crate) struct TokenSet([u64; 4]);

impl TokenSet {
    pub(crate) const fn new(kinds: &[SyntaxKind]) -> TokenSet {
        let mut bits = [0u64; 4];
        let mut i = 0;
        while i < kinds.len() {
            let k = kinds[i] as usize;
            bits[k / 64] |= 1 << (k % 64);
            i += 1;
        }
        TokenSet(bits)
    }

    pub(crate) const fn contains(&self, kind: SyntaxKind) -> bool {
        let k = kind as usize;
        k < 256 && self.0[k / 64] & (1 << (k % 64)) != 0
    }
}
