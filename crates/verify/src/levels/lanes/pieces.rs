//! The pieces of a plan replayed in lanes, in waves of [`LANES`], every
//! output compared with the oracle's rows after every clock.

use super::rows::{letter_rows, unpack, width};
use super::{Expected, Found, Progress, Wired, LANES, W};
use crate::{Machine, Plan};
use nimforge_netlist::lanes::LaneSim;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Asks the CPU to bring `v[at]` into the cache.
#[inline(always)]
fn prefetch<T>(v: &[T], at: usize) {
    #[cfg(target_arch = "x86_64")]
    if at < v.len() {
        // Safety: a prefetch of an address inside the slice reads nothing.
        unsafe { std::arch::x86_64::_mm_prefetch(v.as_ptr().add(at) as *const i8, std::arch::x86_64::_MM_HINT_T0) };
    }
}

/// Cycles gathered at a time for a wave: each lane's stretch of its piece
/// is read in one go and kept together.
const CHUNK: usize = 32;

/// Replays every piece of `plan` on `wired` in lanes, `threads` threads.
///
/// The pieces go in waves of [`LANES`]: within each window of 16 waves of
/// consecutive pieces, longest first, so that a wave's pieces end close
/// together and the lanes still running are always the first ones. For
/// every `CHUNK` (32) cycles of a wave the live lanes' letters and the
/// oracle's rows are gathered, each lane's stretch in one go; then each
/// cycle's expected rows are turned into bit slices and compared with the
/// output words, a whole word of lanes at once; only a differing lane is
/// looked at on its own, and groups of 64 lanes whose pieces have all
/// ended are skipped.
pub fn run_pieces<M: Machine>(plan: &Plan<M>, expected: &Expected, wired: &Wired, threads: usize, progress: &Progress) -> Found {
    run_pieces_in(plan, expected, wired, threads, progress, 0..plan.pieces().len())
}

/// [`run_pieces`] of the pieces `range` alone (a shard's, `--shard`).
pub(crate) fn run_pieces_in<M: Machine>(
    plan: &Plan<M>,
    expected: &Expected,
    wired: &Wired,
    threads: usize,
    progress: &Progress,
    range: std::ops::Range<usize>,
) -> Found {
    let pieces = plan.pieces();
    let mut waves: Vec<Vec<usize>> = Vec::new();
    let all: Vec<usize> = range.collect();
    for window in all.chunks(16 * LANES) {
        let mut w = window.to_vec();
        w.sort_by_key(|&p| std::cmp::Reverse(pieces[p].len()));
        waves.extend(w.chunks(LANES).map(<[usize]>::to_vec));
    }
    let (_, letter_rows) = letter_rows::<M>(&plan.letters);
    let out_stride = expected.stride;
    let out_bits = width(&M::outputs());
    let words = LANES / 64;
    let next = AtomicUsize::new(0);
    let lanes = Lanes { plan, pieces, expected, wired, progress, waves: &waves, letter_rows: &letter_rows, out_stride, out_bits, words, next: &next };
    let mut found = Found::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1)).map(|_| scope.spawn(|| lanes.thread())).collect();
        for h in handles {
            found.merge(h.join().expect("a lane thread panicked"));
        }
    });
    found
}

/// What every lane thread of [`run_pieces_in`] reads: the plan, its pieces
/// and rows, the waves of pieces and the place of the next wave to take.
struct Lanes<'a, M: Machine> {
    plan: &'a Plan<M>,
    pieces: &'a [std::ops::Range<usize>],
    expected: &'a Expected,
    wired: &'a Wired,
    progress: &'a Progress,
    waves: &'a [Vec<usize>],
    letter_rows: &'a [u64],
    out_stride: usize,
    out_bits: usize,
    words: usize,
    next: &'a AtomicUsize,
}

/// A lane thread's buffers: each lane's letters and expected rows for a
/// chunk, as indices into `letter_rows` and `expected.table`, and what a
/// cycle compares.
struct Chunk {
    letter_ids: Vec<u32>,
    row_ids: Vec<u32>,
    slices: Vec<u64>,
    differ: Vec<u64>,
}

impl<M: Machine> Lanes<'_, M> {
    /// One lane thread: waves taken one after another until none is left.
    fn thread(&self) -> Found {
        let mut sim = self.wired.sim();
        assert_eq!(sim.output_stride(), self.out_stride);
        let mut found = Found::default();
        // Each lane's letters and expected rows for a chunk, as
        // indices into `letter_rows` and `expected.table`.
        let mut chunk = Chunk {
            letter_ids: vec![0u32; LANES * CHUNK],
            row_ids: vec![0u32; LANES * CHUNK],
            slices: vec![0u64; self.out_stride * 64 * self.words],
            differ: vec![0u64; self.words],
        };
        while let Some(wave) = self.waves.get(self.next.fetch_add(1, Ordering::Relaxed)) {
            self.wave(wave, &mut sim, &mut chunk, &mut found);
        }
        found
    }

    /// One wave of pieces, from power-on to the end of its longest, a chunk
    /// of cycles at a time.
    fn wave(&self, wave: &[usize], sim: &mut LaneSim<W>, chunk: &mut Chunk, found: &mut Found) {
        let pieces = self.pieces;
        sim.power_on();
        let length = wave.iter().map(|&p| pieces[p].len()).max().unwrap_or(0);
        // The pieces still running at cycle t are wave[..running(t)].
        let running = |t: usize| wave.partition_point(|&p| pieces[p].len() > t);
        for t0 in (0..length).step_by(CHUNK) {
            let n = CHUNK.min(length - t0);
            let live0 = running(t0);
            self.gather(wave, (t0, n), live0, chunk);
            for dt in 0..n {
                let t = t0 + dt;
                let live = running(t);
                self.cycle(wave, (t, dt), live, sim, chunk, found);
            }
        }
    }

    /// Each live piece's letters and rows for the chunk of `n` cycles from
    /// `t0`, read in order and kept together by lane; past its end, "none".
    fn gather(&self, wave: &[usize], (t0, n): (usize, usize), live0: usize, chunk: &mut Chunk) {
        let (pieces, expected) = (self.pieces, self.expected);
        let Chunk { letter_ids, row_ids, .. } = chunk;
        for (lane, &p) in wave[..live0].iter().enumerate() {
            // The stretches of the lanes a few ahead, on their way.
            if let Some(&q) = wave[..live0].get(lane + 8) {
                let at = pieces[q].start + t0;
                prefetch(&expected.rows, at);
                prefetch(&expected.rows, at + CHUNK - 1);
                prefetch(&expected.letters, at);
                prefetch(&expected.letters, at + CHUNK - 1);
            }
            let r = &pieces[p];
            let have = n.min(r.len() - t0);
            let (at, from) = (lane * CHUNK, r.start + t0);
            for (l, &letter) in letter_ids[at..at + have].iter_mut().zip(&expected.letters[from..from + have]) {
                *l = letter as u32;
            }
            row_ids[at..at + have].copy_from_slice(&expected.rows[from..from + have]);
            letter_ids[at + have..at + n].iter_mut().for_each(|l| *l = 0);
        }
        let groups0 = live0.div_ceil(64);
        letter_ids[live0 * CHUNK..groups0 * 64 * CHUNK].iter_mut().for_each(|l| *l = 0);
        row_ids[live0 * CHUNK..groups0 * 64 * CHUNK].iter_mut().for_each(|l| *l = 0);
    }

    /// Cycle `t` of the wave (`dt` of its chunk), `live` lanes still
    /// running: one clock, every output word compared with the expected
    /// rows' bit slices, a differing lane looked at on its own.
    fn cycle(&self, wave: &[usize], (t, dt): (usize, usize), live: usize, sim: &mut LaneSim<W>, chunk: &mut Chunk, found: &mut Found) {
        let (pieces, expected, out_stride) = (self.pieces, self.expected, self.out_stride);
        let Chunk { letter_ids, row_ids, slices, differ } = chunk;
        let groups = live.div_ceil(64);
        sim.set_input_rows_indexed(self.letter_rows, letter_ids, CHUNK, dt, groups);
        sim.step();
        let lanes = nimforge_netlist::lanes::rows_to_slices_indexed;
        lanes(&expected.table, row_ids, CHUNK, dt, out_stride, self.out_bits, LANES, groups, slices);
        sim.differing(slices, differ, groups);
        for (k, d) in differ.iter_mut().enumerate() {
            let first = 64 * k;
            *d &= match live {
                l if l >= first + 64 => u64::MAX,
                l if l <= first => 0,
                l => (1u64 << (l - first)) - 1,
            };
        }
        if differ.iter().any(|&d| d != 0) {
            let mut got_rows = vec![0u64; LANES * out_stride];
            sim.output_rows(&mut got_rows);
            for lane in (0..LANES).filter(|&l| differ[l / 64] >> (l % 64) & 1 == 1) {
                let p = wave[lane];
                let i = pieces[p].start + t;
                let got = &got_rows[lane * out_stride..(lane + 1) * out_stride];
                found.note_cycle(i, || format!("piece {p} (lane {lane}), its cycle {t}: {}", self.plan.describe_mismatch(i, &unpack(got, &M::outputs()))));
            }
        }
        found.vectors += live;
        self.progress.done.fetch_add(live, Ordering::Relaxed);
    }
}
