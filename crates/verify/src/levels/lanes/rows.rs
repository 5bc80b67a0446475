//! Rows: per-port values packed into words, and the oracle's expected
//! outputs of a whole plan kept as rows, each different row once.

use super::threads;
use crate::{Machine, Plan, Port};
use nimforge_netlist::lanes::stride;

/// Packs per-port values into a row: port 0's bit 0 is the row's bit 0.
/// A value's bits past its port's width are dropped; a port wider than 64
/// bits takes the value in its low 64 bits. A word at a time: the search
/// packs the oracle's outputs for every transition.
pub fn pack(values: &[u64], ports: &[Port], row: &mut [u64]) {
    row.fill(0);
    let mut at = 0;
    for (&v, p) in values.iter().zip(ports) {
        let w = p.width.min(64);
        let v = if w == 64 { v } else { v & ((1 << w) - 1) };
        let (i, s) = (at / 64, at % 64);
        if w > 0 {
            row[i] |= v << s;
            if s + w > 64 {
                row[i + 1] |= v >> (64 - s);
            }
        }
        at += p.width;
    }
}

/// The inverse of [`pack`].
pub fn unpack(row: &[u64], ports: &[Port]) -> Vec<u64> {
    let mut at = 0;
    let mut out = Vec::with_capacity(ports.len());
    for p in ports {
        let mut v = 0;
        for b in 0..p.width {
            v |= (row[(at + b) / 64] >> ((at + b) % 64) & 1) << b;
        }
        at += p.width;
        out.push(v);
    }
    out
}

/// Bits of all `ports` together.
pub fn width(ports: &[Port]) -> usize {
    ports.iter().map(|p| p.width).sum()
}

/// The oracle's outputs after every cycle of a plan, packed as rows kept
/// once each, and each cycle's letter: a plan's cycles show few different
/// rows (48.5 million cycles, 184,717 rows, in one of nimforge's machines), so the lanes read six
/// bytes a cycle, in order, instead of the letter and the row.
pub struct Expected {
    /// 64-bit words per row.
    pub stride: usize,
    /// The different rows, `stride` words each ([`pack`]).
    pub table: Vec<u64>,
    /// Each cycle's row in `table`.
    pub rows: Vec<u32>,
    /// Each cycle's letter (an index into the plan's letters).
    pub letters: Vec<u16>,
}

impl Expected {
    /// The rows of `plan`'s expected outputs, the plan cut in one part a
    /// core, each part's rows kept once in tables of its own, then the
    /// parts' tables made one.
    pub fn of<M: Machine>(plan: &Plan<M>) -> Expected {
        let outs = M::outputs();
        let stride = stride(width(&outs));
        let parts = threads().max(1);
        let locals: Vec<Dictionary> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..parts)
                .map(|j| {
                    let (from, to) = (plan.len() * j / parts, plan.len() * (j + 1) / parts);
                    let outs = &outs;
                    scope.spawn(move || {
                        let mut local = Dictionary::new(stride, to - from);
                        let mut row = vec![0u64; stride];
                        for i in from..to {
                            row.iter_mut().for_each(|w| *w = 0);
                            pack(&plan.expected(i), outs, &mut row);
                            let id = local.row(&row);
                            local.ids.push(id);
                        }
                        local
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a thread of the expected rows panicked")).collect()
        });
        let mut all = Dictionary::new(stride, plan.len());
        for local in locals {
            let again: Vec<u32> = local.table.chunks(stride.max(1)).map(|row| all.row(row)).collect();
            all.ids.extend(local.ids.iter().map(|&i| again[i as usize]));
        }
        let letter = |&l: &usize| u16::try_from(l).expect("a machine has at most 65,536 letters");
        Expected { stride, table: all.table, rows: all.ids, letters: plan.sequence.iter().map(letter).collect() }
    }

    /// Cycle `i`'s row.
    pub fn row(&self, i: usize) -> &[u64] {
        let at = self.rows[i] as usize * self.stride;
        &self.table[at..at + self.stride]
    }
}

/// Rows kept once each, while [`Expected`] is made.
struct Dictionary {
    stride: usize,
    seen: rustc_hash::FxHashMap<Box<[u64]>, u32>,
    table: Vec<u64>,
    ids: Vec<u32>,
}

impl Dictionary {
    fn new(stride: usize, cycles: usize) -> Dictionary {
        Dictionary { stride, seen: Default::default(), table: Vec::new(), ids: Vec::with_capacity(cycles) }
    }

    /// The id of `row`, a new one if it is new.
    fn row(&mut self, row: &[u64]) -> u32 {
        if let Some(&r) = self.seen.get(row) {
            return r;
        }
        let r = u32::try_from(self.seen.len()).expect("fewer than 2^32 different rows");
        self.seen.insert(row.into(), r);
        self.table.extend_from_slice(row);
        debug_assert_eq!(self.table.len(), self.seen.len() * self.stride);
        r
    }
}

/// The rows of a machine's letters.
pub(super) fn letter_rows<M: Machine>(letters: &[crate::Letter]) -> (usize, Vec<u64>) {
    let ins = M::inputs();
    let s = stride(width(&ins)).max(1);
    let mut rows = vec![0u64; letters.len() * s];
    for (l, row) in letters.iter().zip(rows.chunks_mut(s)) {
        pack(&l.inputs, &ins, row);
    }
    (s, rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Port;

    /// The word-wise pack puts every bit where the bit-by-bit one did.
    #[test]
    fn pack_matches_bit_by_bit() {
        let widths = [1, 7, 64, 3, 58, 64, 13, 2, 33];
        let ports: Vec<Port> = widths.iter().map(|&width| Port { name: "p", width }).collect();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            let values: Vec<u64> = widths
                .iter()
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x
                })
                .collect();
            let mut want = vec![0u64; stride(width(&ports))];
            let mut at = 0;
            for (&v, p) in values.iter().zip(&ports) {
                for b in 0..p.width {
                    want[at / 64] |= (v >> b & 1) << (at % 64);
                    at += 1;
                }
            }
            let mut got = vec![u64::MAX; want.len()];
            pack(&values, &ports, &mut got);
            assert_eq!(got, want);
        }
    }

    #[test]
    fn pack_and_unpack_are_inverse() {
        let ports = [Port { name: "a", width: 3 }, Port { name: "b", width: 64 }, Port { name: "c", width: 2 }];
        let mut row = [0u64; 2];
        pack(&[5, u64::MAX - 6, 2], &ports, &mut row);
        assert_eq!(row[0] & 7, 5);
        assert_eq!(unpack(&row, &ports), vec![5, u64::MAX - 6, 2]);
    }
}
