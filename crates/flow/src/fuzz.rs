//! Seeded random and mutated inputs for the board files' fuzz-style test
//! (test-only): a copy of nimforge-netlist's `fuzz::Rng`, the same
//! generator and the same mutations, kept here so that this crate depends
//! on no other of nimforge's, not even for its tests.

/// A small seeded generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    // A generator's word, not an iterator's item: it never ends.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    /// Random bytes, biased towards the characters text formats use.
    pub fn bytes(&mut self, max: usize) -> Vec<u8> {
        const COMMON: &[u8] = b" \n\t.-01xz[]{}\",:=#\\$abcdefMISMATCHRESULTENDTX";
        (0..self.below(max + 1)).map(|_| if self.below(4) == 0 { self.next() as u8 } else { COMMON[self.below(COMMON.len())] }).collect()
    }

    /// `text` changed a few times: bytes deleted, inserted, flipped, a
    /// stretch copied elsewhere, the end cut off.
    pub fn mutate(&mut self, text: &[u8]) -> Vec<u8> {
        let mut t = text.to_vec();
        for _ in 0..1 + self.below(4) {
            let at = self.below(t.len() + 1);
            match self.below(6) {
                0 if !t.is_empty() => {
                    let end = (at + 1 + self.below(16)).min(t.len());
                    t.drain(at.min(end)..end);
                }
                1 => {
                    let extra = self.bytes(12);
                    t.splice(at..at, extra);
                }
                2 if at < t.len() => t[at] ^= 1 << self.below(8),
                3 if !t.is_empty() => {
                    let from = self.below(t.len());
                    let end = (from + 1 + self.below(40)).min(t.len());
                    let piece = t[from..end].to_vec();
                    t.splice(at..at, piece);
                }
                4 => t.truncate(at),
                _ => {
                    if at < t.len() {
                        t[at] = b"\n 0-1"[self.below(5)];
                    }
                }
            }
        }
        t
    }

    /// Mutated or random text, as a string (lossy for bad UTF-8).
    pub fn text(&mut self, seeds: &[&str]) -> String {
        let bytes = if seeds.is_empty() || self.below(5) == 0 {
            self.bytes(200)
        } else {
            let seed = seeds[self.below(seeds.len())];
            self.mutate(seed.as_bytes())
        };
        String::from_utf8_lossy(&bytes).into_owned()
    }
}
