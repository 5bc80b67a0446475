//! A sequential netlist in lanes: every lane is its own run of the design,
//! with its own inputs, outputs and flip-flop contents, all stepped by one
//! clock. The harness (`crate::verify::lanes`) hands the lanes rows of
//! bits, one row a lane, and reads rows back:
//!
//! - input rows: the bits of the input ports in the order given to
//!   [`LaneSim::new`];
//! - output rows: likewise for the outputs;
//! - state rows: every flip-flop's Q, in the netlist's latch order. A row
//!   read from a lane and loaded into another copies that run's whole
//!   register state (forking); [`LaneSim::power_on_lanes`] starts lanes
//!   afresh at the latches' init values.
//!
//! Row `r` of a table with stride `s` is `rows[r * s..(r + 1) * s]`, bit `b`
//! of the row is bit `b % 64` of word `b / 64`. Rows and slots are turned
//! into each other 64 x 64 bits at a time ([`transpose64`]).

use super::sim::{Sim, Word};
use super::Netlist;

/// Transposes a 64 x 64 bit matrix in place: afterwards bit `j` of `a[i]`
/// is what bit `i` of `a[j]` was. Where the CPU has AVX-512 with byte
/// permutes and GFNI (checked when the program runs) it takes about 70
/// vector instructions ([`transpose64_gfni`]); elsewhere six rounds of
/// swaps on words ([`transpose64_swaps`]), the reference a test holds
/// the other to.
#[inline]
pub fn transpose64(a: &mut [u64; 64]) {
    #[cfg(target_arch = "x86_64")]
    if gfni_transpose() {
        // Safety: the CPU has every feature the function is compiled for.
        unsafe { transpose64_gfni(a) };
        return;
    }
    transpose64_swaps(a);
}

/// Whether [`transpose64_gfni`] can run here.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn gfni_transpose() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
        && std::is_x86_feature_detected!("gfni")
}

/// [`transpose64`] by swaps: halves, quarters, ... of the words, each
/// round one mask and two shifts a pair of words.
#[inline]
pub fn transpose64_swaps(a: &mut [u64; 64]) {
    let mut width = 32;
    let mut mask = 0x0000_0000_FFFF_FFFFu64;
    while width > 0 {
        let mut k = 0;
        while k < 64 {
            for j in k..k + width {
                let t = ((a[j] >> width) ^ a[j + width]) & mask;
                a[j] ^= t << width;
                a[j + width] ^= t;
            }
            k += 2 * width;
        }
        width >>= 1;
        mask ^= mask << width;
    }
}

/// [`transpose64`] as 8 x 8 blocks of bytes: the matrix is eight
/// registers of eight rows; in each, a byte permute (`vpermb`) gathers
/// each 8 x 8 bit block into a word, `vgf2p8affineqb` transposes the bits
/// of every block at once, a transpose of words across the registers
/// (`vpermt2q`, three rounds) moves each block to its place, and a last
/// byte permute puts its bytes in row order.
///
/// # Safety
/// The CPU must have AVX-512 F, BW and VBMI and GFNI ([`gfni_transpose`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
pub unsafe fn transpose64_gfni(a: &mut [u64; 64]) {
    use std::arch::x86_64::*;
    let p = a.as_mut_ptr() as *mut __m512i;
    let bytes = |f: fn(i8) -> i8| -> __m512i {
        let mut v = [0i8; 64];
        for (x, b) in v.iter_mut().enumerate() {
            *b = f(x as i8);
        }
        // Safety: 64 bytes read as one unaligned vector.
        unsafe { _mm512_loadu_si512(v.as_ptr() as *const _) }
    };
    // Register r holds rows 8r + i (word i). Word J of the permuted
    // register: byte m is byte J of row 7 - m, the order the affine
    // transform below reads its matrix in (its row 7 - k gives bit k).
    let gather = bytes(|x| 8 * (7 - x % 8) + x / 8);
    // Byte i of every word is 1 << i: the transform's byte i is then
    // column i of the word's 8 x 8 block.
    let columns = _mm512_set1_epi64(0x8040_2010_0804_0201u64 as i64);
    let mut z = [_mm512_setzero_si512(); 8];
    for (r, v) in z.iter_mut().enumerate() {
        let rows = _mm512_loadu_si512(p.add(r) as *const _);
        *v = _mm512_gf2p8affine_epi64_epi8::<0>(columns, _mm512_permutexvar_epi8(gather, rows));
    }
    // Now word J of register r, byte i, is byte r of result row 8J + i:
    // transpose the 8 x 8 words (register r, word J -> register J, word r).
    for (d, lo, hi) in [
        (4usize, [0i64, 1, 2, 3, 8, 9, 10, 11], [4i64, 5, 6, 7, 12, 13, 14, 15]),
        (2, [0, 1, 8, 9, 4, 5, 12, 13], [2, 3, 10, 11, 6, 7, 14, 15]),
        (1, [0, 8, 2, 10, 4, 12, 6, 14], [1, 9, 3, 11, 5, 13, 7, 15]),
    ] {
        let lo = _mm512_loadu_si512(lo.as_ptr() as *const _);
        let hi = _mm512_loadu_si512(hi.as_ptr() as *const _);
        for r in (0..8).filter(|r| r & d == 0) {
            let (x, y) = (z[r], z[r + d]);
            z[r] = _mm512_permutex2var_epi64(x, lo, y);
            z[r + d] = _mm512_permutex2var_epi64(x, hi, y);
        }
    }
    // Register J, word r, byte i is byte r of row 8J + i: to row order.
    let scatter = bytes(|x| 8 * (x % 8) + x / 8);
    for (j, v) in z.iter().enumerate() {
        _mm512_storeu_si512(p.add(j) as *mut _, _mm512_permutexvar_epi8(scatter, *v));
    }
}

/// How many 64-bit words a row of `bits` bits takes.
pub fn stride(bits: usize) -> usize {
    bits.div_ceil(64)
}

/// A netlist's simulation in `W::LANES` lanes, read and written as rows.
#[derive(Clone)]
pub struct LaneSim<W: Word> {
    sim: Sim<W>,
    input_slots: Vec<u32>,
    output_slots: Vec<u32>,
    q_slots: Vec<u32>,
    init: Vec<u64>,
}

impl<W: Word> LaneSim<W> {
    /// `inputs` and `outputs` are the bits (indices into the netlist's
    /// `.inputs` and `.outputs`) in row order. Every lane starts at power-on.
    pub fn new(net: &Netlist, inputs: &[usize], outputs: &[usize]) -> LaneSim<W> {
        LaneSim::with_sim(Sim::<W>::new(net), inputs, outputs)
    }

    /// The same on a given simulation of the netlist (the interpreter, say).
    pub fn with_sim(sim: Sim<W>, inputs: &[usize], outputs: &[usize]) -> LaneSim<W> {
        let input_slots = inputs.iter().map(|&i| sim.inputs[i]).collect();
        let output_slots = outputs.iter().map(|&i| sim.outputs[i]).collect();
        let q_slots: Vec<u32> = sim.latches.iter().map(|l| l.q).collect();
        let mut init = vec![0u64; stride(q_slots.len())];
        for (i, l) in sim.latches.iter().enumerate() {
            init[i / 64] |= (l.init as u64) << (i % 64);
        }
        LaneSim { sim, input_slots, output_slots, q_slots, init }
    }

    /// 64-bit words in an input row.
    pub fn input_stride(&self) -> usize {
        stride(self.input_slots.len())
    }
    /// 64-bit words in an output row.
    pub fn output_stride(&self) -> usize {
        stride(self.output_slots.len())
    }
    /// 64-bit words in a state row.
    pub fn state_stride(&self) -> usize {
        stride(self.q_slots.len())
    }
    /// The state row of power-on: every latch at its init value.
    pub fn init_row(&self) -> &[u64] {
        &self.init
    }

    /// Every lane back to power-on.
    pub fn power_on(&mut self) {
        self.sim.reset();
    }

    /// The lanes whose bit is set in `mask` (`mask[k]` bit i is lane
    /// 64k + i) back to power-on; the others keep their state.
    pub fn power_on_lanes(&mut self, mask: &[u64]) {
        for (i, &q) in self.q_slots.iter().enumerate() {
            let one = self.init[i / 64] >> (i % 64) & 1 == 1;
            for (w, &m) in self.sim.slots[q as usize].words_mut().iter_mut().zip(mask) {
                *w = if one { *w | m } else { *w & !m };
            }
        }
    }

    /// One clock cycle with the inputs set: eval, rising edge, eval, so the
    /// outputs read afterwards are those after the edge with the cycle's
    /// inputs still applied (as the testbenches compare them).
    pub fn step(&mut self) {
        self.sim.eval_clock();
        self.sim.eval();
    }

    /// The nets after the inputs set, without a clock edge: the outputs
    /// read afterwards are those of the present state under those inputs.
    pub fn eval(&mut self) {
        self.sim.eval();
    }

    /// Sets every lane's inputs from `rows` (`W::LANES` rows).
    pub fn set_input_rows(&mut self, rows: &[u64]) {
        scatter(rows, self.input_stride(), &self.input_slots, &mut self.sim.slots);
    }

    /// Sets the inputs of the first `groups` groups of 64 lanes from a
    /// table of rows: lane `l`'s row is row `index[l * pitch + offset]` of
    /// `table` ([`Self::input_stride`] words a row); the other lanes keep
    /// theirs.
    pub fn set_input_rows_indexed(&mut self, table: &[u64], index: &[u32], pitch: usize, offset: usize, groups: usize) {
        let stride = self.input_stride();
        let mut block = [0u64; 64];
        for c in 0..stride {
            let bits = &self.input_slots[64 * c..self.input_slots.len().min(64 * c + 64)];
            for k in 0..groups {
                for (i, b) in block.iter_mut().enumerate() {
                    *b = table[index[(64 * k + i) * pitch + offset] as usize * stride + c];
                }
                transpose64(&mut block);
                for (j, &slot) in bits.iter().enumerate() {
                    self.sim.slots[slot as usize].words_mut()[k] = block[j];
                }
            }
        }
    }

    /// Input bit `bit` (in row order) for every lane at once.
    pub fn set_input_word(&mut self, bit: usize, lanes: W) {
        self.sim.slots[self.input_slots[bit] as usize] = lanes;
    }

    /// Every lane's outputs into `rows`.
    pub fn output_rows(&self, rows: &mut [u64]) {
        gather(&self.sim.slots, &self.output_slots, rows, self.output_stride());
    }

    /// Output bit `bit` (in row order) of every lane.
    pub fn output_word(&self, bit: usize) -> W {
        self.sim.slots[self.output_slots[bit] as usize]
    }

    /// How many output bits a row has.
    pub fn output_bits(&self) -> usize {
        self.output_slots.len()
    }

    /// Which lanes' outputs differ from `expected`, given as bit slices:
    /// `expected[b * words + k]` is output bit `b` (row order) of lanes
    /// `64 k ..`, `words` = `W::LANES / 64`. Bit `i` of word `k` of the
    /// answer is lane `64 k + i`.
    /// Only the first `groups` words of the answer are worked out.
    pub fn differing(&self, expected: &[u64], answer: &mut [u64], groups: usize) {
        let words = W::LANES / 64;
        answer.iter_mut().for_each(|a| *a = 0);
        for (b, &slot) in self.output_slots.iter().enumerate() {
            let got = self.sim.slots[slot as usize].words();
            for k in 0..groups {
                answer[k] |= got[k] ^ expected[b * words + k];
            }
        }
    }

    /// Every lane's flip-flops into `rows`.
    pub fn state_rows(&self, rows: &mut [u64]) {
        gather(&self.sim.slots, &self.q_slots, rows, self.state_stride());
    }

    /// Every lane's flip-flops from `rows` (rows read by [`Self::state_rows`]
    /// of a netlist with the same latches).
    pub fn load_state_rows(&mut self, rows: &[u64]) {
        scatter(rows, self.state_stride(), &self.q_slots, &mut self.sim.slots);
    }
}

/// Rows of a table into bit slices: lane `l`'s row is row
/// `index[l * pitch + offset]` of `table` (`stride` words a row);
/// `slices[b * (lanes / 64) + k]` is bit `b` of lanes `64 k ..`, for bits
/// `0..bits`; only the first `groups` groups of 64 of the `lanes`.
#[allow(clippy::too_many_arguments)]
pub fn rows_to_slices_indexed(
    table: &[u64],
    index: &[u32],
    pitch: usize,
    offset: usize,
    stride: usize,
    bits: usize,
    lanes: usize,
    groups: usize,
    slices: &mut [u64],
) {
    let words = lanes / 64;
    let mut block = [0u64; 64];
    for c in 0..stride {
        let here = bits.saturating_sub(64 * c).min(64);
        for k in 0..groups {
            for (i, b) in block.iter_mut().enumerate() {
                *b = table[index[(64 * k + i) * pitch + offset] as usize * stride + c];
            }
            transpose64(&mut block);
            for (j, &b) in block[..here].iter().enumerate() {
                slices[(64 * c + j) * words + k] = b;
            }
        }
    }
}

/// Slots `which` of `slots` into lane rows.
fn gather<W: Word>(slots: &[W], which: &[u32], rows: &mut [u64], stride: usize) {
    let words = W::LANES / 64;
    debug_assert!(rows.len() >= W::LANES * stride);
    let mut block = [0u64; 64];
    for c in 0..stride {
        let bits = &which[64 * c..which.len().min(64 * c + 64)];
        for k in 0..words {
            for (j, b) in block.iter_mut().enumerate() {
                *b = bits.get(j).map_or(0, |&s| slots[s as usize].words()[k]);
            }
            transpose64(&mut block);
            for (i, &b) in block.iter().enumerate() {
                rows[(64 * k + i) * stride + c] = b;
            }
        }
    }
}

/// Lane rows into slots `which` of `slots`.
fn scatter<W: Word>(rows: &[u64], stride: usize, which: &[u32], slots: &mut [W]) {
    debug_assert!(rows.len() >= W::LANES * stride);
    let mut block = [0u64; 64];
    for c in 0..stride {
        let bits = &which[64 * c..which.len().min(64 * c + 64)];
        for k in 0..W::LANES / 64 {
            for (i, b) in block.iter_mut().enumerate() {
                *b = rows[(64 * k + i) * stride + c];
            }
            transpose64(&mut block);
            for (j, &s) in bits.iter().enumerate() {
                slots[s as usize].words_mut()[k] = block[j];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Wide;

    #[test]
    fn transpose_moves_every_bit() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut a = [0u64; 64];
        for w in a.iter_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            *w = seed;
        }
        let before = a;
        transpose64_swaps(&mut a);
        for i in 0..64 {
            for j in 0..64 {
                assert_eq!(a[i] >> j & 1, before[j] >> i & 1, "bit ({i}, {j})");
            }
        }
    }

    /// The byte-permute and GFNI transpose against the swaps, on random
    /// matrices and on each single bit, where the CPU has it.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn gfni_transpose_is_the_swaps() {
        if !gfni_transpose() {
            eprintln!("no AVX-512 VBMI and GFNI here: the swaps alone are used");
            return;
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut matrices: Vec<[u64; 64]> = (0..200)
            .map(|_| {
                std::array::from_fn(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed
                })
            })
            .collect();
        for i in 0..64 {
            for j in 0..64 {
                let mut m = [0u64; 64];
                m[i] = 1 << j;
                matrices.push(m);
            }
        }
        for m in matrices {
            let (mut fast, mut swaps) = (m, m);
            // Safety: the features were checked above.
            unsafe { transpose64_gfni(&mut fast) };
            transpose64_swaps(&mut swaps);
            assert_eq!(fast, swaps, "{m:x?}");
        }
    }

    #[test]
    fn lanes_run_apart_fork_and_power_on() {
        // A 2-bit counter that starts at 2 and counts while `en`.
        let net = Netlist::from_blif(crate::tests::COUNTER).unwrap();
        let mut sim = LaneSim::<Wide<2>>::new(&net, &[1], &[0, 1]);
        assert_eq!((sim.input_stride(), sim.output_stride(), sim.state_stride()), (1, 1, 1));
        assert_eq!(sim.init_row(), &[0b10]);
        // Lane i counts when i is odd.
        let rows: Vec<u64> = (0..128).map(|i| i as u64 & 1).collect();
        sim.set_input_rows(&rows);
        sim.step();
        let mut out = vec![0u64; 128];
        sim.output_rows(&mut out);
        assert!(out.iter().enumerate().all(|(i, &q)| q == if i % 2 == 1 { 3 } else { 2 }), "{out:?}");
        // Fork lane 1 (at 3) into every lane, then power lanes 64.. on again.
        let mut state = vec![0u64; 128];
        sim.state_rows(&mut state);
        let forked = vec![state[1]; 128];
        sim.load_state_rows(&forked);
        sim.power_on_lanes(&[0, u64::MAX]);
        sim.set_input_rows(&[0; 128]);
        sim.step();
        sim.output_rows(&mut out);
        assert!(out[..64].iter().all(|&q| q == 3) && out[64..].iter().all(|&q| q == 2), "{out:?}");
    }
}
