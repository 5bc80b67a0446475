//! Whole plans in lanes: the bitsim levels (`verilog/bitsim`,
//! `netlist/bitsim`, `bitstream/bitsim`) run a machine's netlist in the
//! bit-parallel simulator ([`nimforge_netlist::lanes`]), 1,024 independent
//! runs side by side in each thread, every output of every lane compared
//! with the oracle after every clock.
//!
//! Two kinds of work:
//!
//! - **Pieces** ([`run_pieces`]): the plan every level replays, cut where
//!   the oracle is back at power-on ([`Plan::pieces`]); each piece runs in
//!   a lane from the netlist's own power-on (its latches' init values).
//!   A lane whose piece ends is powered on again and takes the next piece;
//!   at the end, lanes with nothing left idle on "none" and are not
//!   compared.
//! - **The transition search** ([`search`]), for a machine whose reachable
//!   states can be listed: a breadth-first search from power-on of the
//!   pair states, the oracle's state with the netlists' own registers, run
//!   in the netlists themselves. Every reachable pair state is held in a
//!   lane that reached it through real inputs from power-on; it is forked
//!   (its whole register state, every latch, copied into other lanes) and
//!   given every letter once: one clock per (pair state, letter), compared
//!   with the oracle's step. A lane that reaches a pair state not seen
//!   before keeps its registers for the next depth, so state the design
//!   holds and the model lacks is walked too. The oracle's side is done
//!   once for every netlist in the same pass.

use super::{Machine, Plan, Port};
use nimforge_netlist::lanes::{stride, LaneSim};
use nimforge_netlist::{Netlist, NetlistError, Wide};
use rustc_hash::FxHashSet;
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The word every lane simulation uses: 1,024 lanes (16 x 64), the best of
/// 256 to 2,048 on the selector benchmark.
pub type W = Wide<16>;
/// How many lanes a thread runs at once.
pub const LANES: usize = 1024;

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

/// The bit indices of a port in a netlist. yosys writes a vector's bits as
/// `name[i]` and a name with a `$` in it (a rust-hdl array port, `name$i`)
/// as it stands, without Verilog's escaping backslash; the backslash form is
/// tried too, for a netlist written otherwise.
fn port_bits(find: impl Fn(&str) -> Result<Vec<usize>, NetlistError>, port: &Port) -> Result<Vec<usize>, String> {
    let bits = find(port.name).or_else(|e| find(&format!("\\{}", port.name)).map_err(|_| e.to_string()))?;
    if bits.len() != port.width {
        return Err(format!(
            "port {} has {} bits in the netlist and {} in the machine; regenerate generated/ and re-synthesise",
            port.name,
            bits.len(),
            port.width
        ));
    }
    Ok(bits)
}

/// A machine's netlist with its ports found: ready to run in lanes.
pub struct Wired {
    /// The hardware level it stands for (`verilog`, `netlist`, `bitstream`).
    pub level: crate::Level,
    /// Run by the interpreter rather than the compiled kernel.
    pub interpreted: bool,
    net: Netlist,
    ins: Vec<usize>,
    outs: Vec<usize>,
}

impl Wired {
    /// Finds `M`'s ports in `net`. Refused: a latch with no init 0 or 1
    /// (it would start at 0 here where Icarus says x), a port the netlist
    /// lacks or of another width, an input that is neither a port nor the
    /// clock.
    pub fn new<M: Machine>(level: crate::Level, net: Netlist) -> Result<Wired, crate::Error> {
        if let Some(q) = net.unknown_inits().first() {
            return Err(crate::Error::Design(format!(
                "{} latch(es), the first {q}, have no init value 0 or 1; give the register an initial value",
                net.unknown_inits().len()
            )));
        }
        let mut ins = Vec::new();
        for p in M::inputs() {
            ins.extend(port_bits(|n| net.input_port(n), &p).map_err(crate::Error::Design)?);
        }
        let mut outs = Vec::new();
        for p in M::outputs() {
            outs.extend(port_bits(|n| net.output_port(n), &p).map_err(crate::Error::Design)?);
        }
        let driven: std::collections::HashSet<usize> = ins.iter().copied().collect();
        if let Some(i) = (0..net.inputs()).find(|&i| !driven.contains(&i) && net.input_name(i) != "clock") {
            return Err(crate::Error::Design(format!("netlist input {} is no port of {} and not its clock", net.input_name(i), M::NAME)));
        }
        Ok(Wired { level, interpreted: false, net, ins, outs })
    }

    fn sim(&self) -> LaneSim<W> {
        if self.interpreted {
            LaneSim::with_sim(nimforge_netlist::Sim::interpreted(&self.net), &self.ins, &self.outs)
        } else {
            LaneSim::new(&self.net, &self.ins, &self.outs)
        }
    }

    /// The compiled kernel's size, when the simulation has one.
    pub fn kernel(&self) -> Option<nimforge_netlist::kernel::Size> {
        self.net.kernel(std::mem::size_of::<W>()).map(|k| k.size)
    }

    /// How many flip-flops.
    pub fn latches(&self) -> usize {
        self.net.latches()
    }
}

/// What one netlist's run found.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// Lane-cycles compared.
    pub vectors: usize,
    /// Lane-cycles whose outputs differed from the oracle's.
    pub mismatches: usize,
    /// The first mismatch (in plan order): its place, and what it is.
    pub first: Option<(u64, String)>,
    /// The plan's cycle of the first mismatch, when it is one of the
    /// plan's (not the search's).
    pub first_cycle: Option<usize>,
    /// The letters from power-on to the first mismatch, the last the one
    /// whose outputs differed, when the search found it.
    pub first_presses: Option<Vec<usize>>,
}

impl Found {
    /// Adds `other`'s counts to these, keeping the earlier first mismatch.
    pub fn merge(&mut self, other: Found) {
        self.vectors += other.vectors;
        self.mismatches += other.mismatches;
        if let Some((k, s)) = other.first {
            if self.first.as_ref().is_none_or(|(j, _)| k < *j) {
                self.first = Some((k, s));
                self.first_cycle = other.first_cycle;
                self.first_presses = other.first_presses;
            }
        }
    }

    fn note(&mut self, key: u64, what: impl FnOnce() -> String) {
        self.mismatches += 1;
        if self.first.as_ref().is_none_or(|(j, _)| key < *j) {
            self.first = Some((key, what()));
            self.first_cycle = None;
            self.first_presses = None;
        }
    }

    /// [`Found::note`] of the plan's cycle `i`.
    fn note_cycle(&mut self, i: usize, what: impl FnOnce() -> String) {
        let before = self.first.as_ref().map(|f| f.0);
        self.note(i as u64, what);
        if self.first.as_ref().map(|f| f.0) != before {
            self.first_cycle = Some(i);
        }
    }
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
fn letter_rows<M: Machine>(letters: &[super::Letter]) -> (usize, Vec<u64>) {
    let ins = M::inputs();
    let s = stride(width(&ins)).max(1);
    let mut rows = vec![0u64; letters.len() * s];
    for (l, row) in letters.iter().zip(rows.chunks_mut(s)) {
        pack(&l.inputs, &ins, row);
    }
    (s, rows)
}

/// How many threads the lanes use: one per core.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Progress of a long run: units done out of a total, read by the
/// progress display.
#[derive(Debug, Default)]
pub struct Progress {
    /// Units done so far.
    pub done: AtomicUsize,
    /// Units to do, as far as known.
    pub total: AtomicUsize,
}

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
    let mut found = Found::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut sim = wired.sim();
                    assert_eq!(sim.output_stride(), out_stride);
                    let mut found = Found::default();
                    // Each lane's letters and expected rows for a chunk, as
                    // indices into `letter_rows` and `expected.table`.
                    let mut letter_ids = vec![0u32; LANES * CHUNK];
                    let mut row_ids = vec![0u32; LANES * CHUNK];
                    let mut slices = vec![0u64; out_stride * 64 * words];
                    let mut differ = vec![0u64; words];
                    while let Some(wave) = waves.get(next.fetch_add(1, Ordering::Relaxed)) {
                        sim.power_on();
                        let length = wave.iter().map(|&p| pieces[p].len()).max().unwrap_or(0);
                        // The pieces still running at cycle t are wave[..running(t)].
                        let running = |t: usize| wave.partition_point(|&p| pieces[p].len() > t);
                        for t0 in (0..length).step_by(CHUNK) {
                            let n = CHUNK.min(length - t0);
                            let live0 = running(t0);
                            // Each live piece's letters and rows for the chunk, read
                            // in order and kept together by lane; past its end, "none".
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
                            for dt in 0..n {
                                let t = t0 + dt;
                                let live = running(t);
                                let groups = live.div_ceil(64);
                                sim.set_input_rows_indexed(&letter_rows, &letter_ids, CHUNK, dt, groups);
                                sim.step();
                                let lanes = nimforge_netlist::lanes::rows_to_slices_indexed;
                                lanes(&expected.table, &row_ids, CHUNK, dt, out_stride, out_bits, LANES, groups, &mut slices);
                                sim.differing(&slices, &mut differ, groups);
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
                                        found.note_cycle(i, || {
                                            format!("piece {p} (lane {lane}), its cycle {t}: {}", plan.describe_mismatch(i, &unpack(got, &M::outputs())))
                                        });
                                    }
                                }
                                found.vectors += live;
                                progress.done.fetch_add(live, Ordering::Relaxed);
                            }
                        }
                    }
                    found
                })
            })
            .collect();
        for h in handles {
            found.merge(h.join().expect("a lane thread panicked"));
        }
    });
    found
}

/// How far a transition search reached.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Pair states reached from power-on: the oracle's state with the
    /// registers of every netlist the search keys on.
    pub pairs: usize,
    /// The oracle's states among them.
    pub states: usize,
    /// (pair state, letter) pairs clocked: each pair state under every letter.
    pub transitions: usize,
    /// The greatest depth from power-on.
    pub depth: usize,
    /// Where the search stopped short of its end: the bound on pair states
    /// it passed (`--max-states`, [`Machine::MAX_STATES`]). `None`: it
    /// closed, every pair state reachable under every letter was clocked.
    pub stopped: Option<usize>,
    /// Where the search stopped because every netlist had mismatched: the
    /// depth of the first mismatches. That depth was searched whole, so the
    /// way to the first mismatch is a shortest one; what lies deeper was
    /// not searched (a wrong design fails at once instead of walking the
    /// product of its states with the model's up to the bound).
    pub mismatched_at: Option<usize>,
}

/// What the transition search covered, and what each netlist showed.
#[derive(Clone, Debug, Default)]
pub struct Search {
    /// How far it reached.
    pub reach: Reach,
    /// One per netlist, in the order given.
    pub found: Vec<Found>,
    /// One per netlist: its registers as the search saw them.
    pub registers: Vec<Registers>,
}

/// A netlist's registers in the search.
#[derive(Clone, Debug, Default)]
pub struct Registers {
    /// Flip-flops in the netlist.
    pub latches: usize,
    /// Those the search keys on: every flip-flop that can reach an output
    /// other than the write-only ones ([`Machine::write_only_outputs`]).
    pub keyed: usize,
    /// Flip-flops that only the write-only outputs show: compared on every
    /// transition, at the values the search reached, not in each value.
    pub write_only: usize,
    /// The keyed flip-flops (their nets) whose value differs between two
    /// pair states of one oracle state: the design's own state, which the
    /// model does not hold (the first few, by name).
    pub varying: Vec<String>,
    /// How many keyed flip-flops vary so.
    pub varying_count: usize,
}

/// A frontier of the search: oracle states, their write-only registers,
/// each netlist's registers for them (row `i` of `regs` holds entry `i`'s
/// rows of every netlist, one after another), and the way each came: its
/// parent's place in the frontier before and the letter.
struct Frontier<M: Machine> {
    states: Vec<(M::State, M::Extra)>,
    regs: Vec<u64>,
    from: Vec<(u32, u32)>,
}

impl<M: Machine> Frontier<M> {
    fn new() -> Self {
        Frontier { states: Vec::new(), regs: Vec::new(), from: Vec::new() }
    }
}

/// The keyed registers of a pair state, held beside the oracle's state in
/// the set of pairs seen: a few words inline (one memory access a lookup,
/// as for the oracle's state alone), or boxed past that.
trait Regs: Hash + Eq + Clone + Send + Sync {
    /// From `words` (at most as many as the type holds).
    fn of(words: &[u64]) -> Self;
    /// The words (inline ones padded with zeros).
    fn words(&self) -> &[u64];
}

impl<const N: usize> Regs for [u64; N] {
    fn of(words: &[u64]) -> Self {
        let mut a = [0; N];
        a[..words.len()].copy_from_slice(words);
        a
    }
    fn words(&self) -> &[u64] {
        self
    }
}

impl Regs for Box<[u64]> {
    fn of(words: &[u64]) -> Self {
        words.into()
    }
    fn words(&self) -> &[u64] {
        self
    }
}

/// The pair states seen, each the oracle's state with the keyed registers
/// of every netlist, in shards chosen by the oracle's state alone (so that
/// every pair of one oracle state sits in one shard) that threads rarely
/// wait on.
struct Seen<S, R> {
    shards: Vec<Mutex<FxHashSet<(S, R)>>>,
    hasher: rustc_hash::FxBuildHasher,
    count: AtomicUsize,
}

const SHARDS: usize = 256;

impl<S: Hash + Eq + Copy, R: Regs> Seen<S, R> {
    fn new() -> Self {
        Seen { shards: (0..SHARDS).map(|_| Mutex::new(FxHashSet::default())).collect(), hasher: Default::default(), count: AtomicUsize::new(0) }
    }

    /// Inserts each of `pairs`; `new[i]` says whether `pairs[i]` was not
    /// there before (and is the first of its kind in this call). Each
    /// shard is locked once per call. The shard comes from the hash's
    /// middle bits: hashbrown places by the low bits and tags by the top
    /// seven, so a shard chosen by either would crowd its own table.
    fn insert_all(&self, pairs: &[(S, R)], new: &mut Vec<bool>) {
        new.clear();
        new.resize(pairs.len(), false);
        let shard_of: Vec<u16> = pairs.iter().map(|(s, _)| ((self.hasher.hash_one(s) >> 32) as usize % SHARDS) as u16).collect();
        let mut count = [0usize; SHARDS + 1];
        for &k in &shard_of {
            count[k as usize + 1] += 1;
        }
        for k in 0..SHARDS {
            count[k + 1] += count[k];
        }
        let mut order = vec![0usize; pairs.len()];
        let mut at = count;
        for (i, &k) in shard_of.iter().enumerate() {
            order[at[k as usize]] = i;
            at[k as usize] += 1;
        }
        let mut added = 0;
        for shard in 0..SHARDS {
            let (from, to) = (count[shard], count[shard + 1]);
            if from == to {
                continue;
            }
            let mut set = self.shards[shard].lock().expect("a search thread panicked");
            for &i in &order[from..to] {
                new[i] = set.insert(pairs[i].clone());
                added += new[i] as usize;
            }
        }
        self.count.fetch_add(added, Ordering::Relaxed);
    }

    fn len(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }

    /// The oracle states among the pairs, and the register bits (`width`
    /// words) that differ between two pairs of one oracle state, shard by
    /// shard.
    fn states_and_varying(&self, width: usize) -> (usize, Vec<u64>) {
        let mut varying = vec![0u64; width];
        let mut states = 0;
        for shard in &self.shards {
            let pairs = shard.lock().expect("a search thread panicked");
            let mut first: rustc_hash::FxHashMap<S, &R> = Default::default();
            for (s, r) in pairs.iter() {
                let f = *first.entry(*s).or_insert(r);
                for (v, (a, b)) in varying.iter_mut().zip(r.words().iter().zip(f.words())) {
                    *v |= a ^ b;
                }
            }
            states += first.len();
        }
        (states, varying)
    }
}

/// The most names of varying registers a report lists.
const VARYING_NAMED: usize = 8;

/// The breadth-first search of every pair state (the oracle's state with
/// each netlist's registers) reachable from power-on, under every letter,
/// run in every netlist of `nets` at once; it stops once it holds more than
/// `bound` pair states, and says so ([`Reach::stopped`]).
pub fn search<M: Machine>(nets: &[&Wired], threads: usize, progress: &Progress, bound: usize) -> Search {
    let width: usize = nets.iter().map(|w| w.sim().state_stride()).sum();
    match width {
        0..=2 => search_keyed::<M, [u64; 2]>(nets, threads, progress, bound),
        3..=4 => search_keyed::<M, [u64; 4]>(nets, threads, progress, bound),
        5..=8 => search_keyed::<M, [u64; 8]>(nets, threads, progress, bound),
        _ => search_keyed::<M, Box<[u64]>>(nets, threads, progress, bound),
    }
}

/// [`search`] with the registers of a pair held as `R`.
fn search_keyed<M: Machine, R: Regs>(nets: &[&Wired], threads: usize, progress: &Progress, bound: usize) -> Search {
    let letters = M::letters();
    let alphabet = M::alphabet();
    let n_letters = letters.len();
    let (in_stride, letter_rows) = letter_rows::<M>(&letters);
    let outs = M::outputs();
    let out_stride = stride(width(&outs));
    let strides: Vec<usize> = nets.iter().map(|w| w.sim().state_stride()).collect();
    let reg_stride: usize = strides.iter().sum();
    let mut offsets = vec![0];
    for s in &strides {
        offsets.push(offsets.last().unwrap() + s);
    }
    // The keyed registers: those that can reach an output other than the
    // write-only ones; the rest can change nothing but those.
    let write_only = M::write_only_outputs();
    let mut seen_bits = Vec::new();
    let mut bit = 0;
    for p in &outs {
        if !write_only.contains(&p.name) {
            seen_bits.extend(bit..bit + p.width);
        }
        bit += p.width;
    }
    let mut keep = vec![0u64; reg_stride];
    let mut registers = Vec::new();
    for (k, w) in nets.iter().enumerate() {
        let cone = w.net.latches_seen_by(&seen_bits.iter().map(|&b| w.outs[b]).collect::<Vec<_>>());
        for (i, &inside) in cone.iter().enumerate() {
            keep[offsets[k] + i / 64] |= (inside as u64) << (i % 64);
        }
        let keyed = cone.iter().filter(|&&c| c).count();
        // A flip-flop no output sees at all is no state of the design's.
        let all_bits: Vec<usize> = w.outs.clone();
        let shown = w.net.latches_seen_by(&all_bits).iter().filter(|&&c| c).count();
        registers.push(Registers { latches: w.net.latches(), keyed, write_only: shown - keyed, ..Registers::default() });
    }
    let key_of = |regs: &[u64], key: &mut [u64]| {
        for ((k, r), m) in key.iter_mut().zip(regs).zip(&keep) {
            *k = r & m;
        }
    };
    let power_on = (M::power_on(), M::Extra::default());
    let seen = Seen::<M::State, R>::new();
    let mut init_regs = Vec::with_capacity(reg_stride);
    for w in nets {
        init_regs.extend_from_slice(w.sim().init_row());
    }
    let mut init_key = vec![0u64; reg_stride];
    key_of(&init_regs, &mut init_key);
    seen.insert_all(&[(power_on.0, R::of(&init_key))], &mut Vec::new());
    let mut frontier: Frontier<M> = Frontier { states: vec![power_on], regs: init_regs, from: vec![(0, 0)] };
    let mut history: Vec<Vec<(u32, u32)>> = Vec::new();
    let mut result = Search { found: vec![Found::default(); nets.len()], ..Search::default() };
    let mut depth = 0;
    let stop = std::sync::atomic::AtomicBool::new(false);
    while !frontier.states.is_empty() {
        progress.total.fetch_add(frontier.states.len() * n_letters, Ordering::Relaxed);
        let chunk = frontier.states.len().div_ceil(threads.max(1));
        let parts: Vec<(Frontier<M>, Vec<Found>, usize)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads.max(1))
                .map(|t| {
                    let (frontier, seen, letter_rows, letters, alphabet) = (&frontier, &seen, &letter_rows, &letters, &alphabet);
                    let (offsets, strides, outs, key_of, stop) = (&offsets, &strides, &outs, &key_of, &stop);
                    scope.spawn(move || {
                        let first = (t * chunk).min(frontier.states.len());
                        let last = ((t + 1) * chunk).min(frontier.states.len());
                        let mut sims: Vec<LaneSim<W>> = nets.iter().map(|w| w.sim()).collect();
                        let mut found = vec![Found::default(); nets.len()];
                        let mut next = Frontier::<M>::new();
                        let mut want = vec![0u64; LANES * out_stride];
                        let mut got = vec![0u64; LANES * out_stride];
                        let mut input_rows = vec![0u64; LANES * in_stride];
                        let mut state_rows: Vec<Vec<u64>> = strides.iter().map(|s| vec![0u64; LANES * s]).collect();
                        let mut keys: Vec<R> = Vec::with_capacity(LANES);
                        let mut row = vec![0u64; reg_stride];
                        let mut key = vec![0u64; reg_stride];
                        let mut after: Vec<M::State> = Vec::with_capacity(LANES);
                        let mut extras: Vec<M::Extra> = Vec::with_capacity(LANES);
                        let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(LANES);
                        let mut new = Vec::new();
                        let mut fresh = Vec::new();
                        let mut candidates: Vec<usize> = Vec::with_capacity(LANES);
                        let mut candidate_pairs: Vec<(M::State, R)> = Vec::with_capacity(LANES);
                        let mut clocked = 0;
                        let mut pair = first * n_letters;
                        while pair < last * n_letters && !stop.load(Ordering::Relaxed) {
                            pairs.clear();
                            while pairs.len() < LANES && pair < last * n_letters {
                                pairs.push((pair / n_letters, pair % n_letters));
                                pair += 1;
                            }
                            // The oracle, once for every netlist.
                            after.clear();
                            extras.clear();
                            for (lane, &(e, l)) in pairs.iter().enumerate() {
                                let (s, x) = &frontier.states[e];
                                let t = M::step(s, alphabet[l]);
                                let y = M::extra_step(*x, s, alphabet[l]);
                                if lane > 0 && t == after[lane - 1] && y == extras[lane - 1] {
                                    // Many letters lead one state to the same
                                    // next: its outputs are the lane before's.
                                    want.copy_within((lane - 1) * out_stride..lane * out_stride, lane * out_stride);
                                } else {
                                    pack(&M::observe(&t, &y), outs, &mut want[lane * out_stride..(lane + 1) * out_stride]);
                                }
                                after.push(t);
                                extras.push(y);
                                input_rows[lane * in_stride..(lane + 1) * in_stride].copy_from_slice(&letter_rows[l * in_stride..(l + 1) * in_stride]);
                            }
                            for lane in pairs.len()..LANES {
                                input_rows[lane * in_stride..(lane + 1) * in_stride].fill(0);
                            }
                            // Each netlist: fork, one clock, compare.
                            for (k, sim) in sims.iter_mut().enumerate() {
                                let s = strides[k];
                                let rows = &mut state_rows[k];
                                for (lane, &(e, _)) in pairs.iter().enumerate() {
                                    let from = e * reg_stride + offsets[k];
                                    rows[lane * s..(lane + 1) * s].copy_from_slice(&frontier.regs[from..from + s]);
                                }
                                sim.load_state_rows(rows);
                                sim.set_input_rows(&input_rows);
                                sim.step();
                                sim.output_rows(&mut got);
                                sim.state_rows(rows);
                                for (lane, &(e, l)) in pairs.iter().enumerate() {
                                    let g = &got[lane * out_stride..(lane + 1) * out_stride];
                                    let w = &want[lane * out_stride..(lane + 1) * out_stride];
                                    if g != w {
                                        let key = ((depth as u64) << 40) | (e * n_letters + l) as u64;
                                        found[k].note(key, || {
                                            let (st, x) = &frontier.states[e];
                                            crate::plan::describe::<M>(
                                                &format!("search depth {depth} (lane {lane})"),
                                                &M::observe(st, x),
                                                &letters[l].name,
                                                &unpack(w, outs),
                                                &unpack(g, outs),
                                            )
                                        });
                                    }
                                }
                                found[k].vectors += pairs.len();
                            }
                            // Each lane's pair state after the clock.
                            keys.clear();
                            for lane in 0..pairs.len() {
                                for (k, rows) in state_rows.iter().enumerate() {
                                    let s = strides[k];
                                    row[offsets[k]..offsets[k] + s].copy_from_slice(&rows[lane * s..(lane + 1) * s]);
                                }
                                key_of(&row, &mut key);
                                keys.push(R::of(&key));
                            }
                            // Only pairs that may be new go to the shared set: not
                            // the pair the lane started in (seen, or it would not be
                            // in the frontier), nor the one the lane before reached.
                            candidates.clear();
                            candidate_pairs.clear();
                            for (lane, &(e, _)) in pairs.iter().enumerate() {
                                let t = &after[lane];
                                let repeat = (*t == frontier.states[e].0 && {
                                    key_of(&frontier.regs[e * reg_stride..(e + 1) * reg_stride], &mut key);
                                    keys[lane].words()[..reg_stride] == key[..]
                                }) || (lane > 0 && *t == after[lane - 1] && keys[lane] == keys[lane - 1]);
                                if !repeat {
                                    candidates.push(lane);
                                    candidate_pairs.push((*t, keys[lane].clone()));
                                }
                            }
                            seen.insert_all(&candidate_pairs, &mut fresh);
                            new.clear();
                            new.resize(pairs.len(), false);
                            for (&lane, &f) in candidates.iter().zip(&fresh) {
                                new[lane] = f;
                            }
                            for (lane, &(e, l)) in pairs.iter().enumerate().filter(|(lane, _)| new[*lane]) {
                                next.states.push((after[lane], extras[lane]));
                                next.from.push((e as u32, l as u32));
                                for (k, rows) in state_rows.iter().enumerate() {
                                    let s = strides[k];
                                    next.regs.extend_from_slice(&rows[lane * s..(lane + 1) * s]);
                                }
                            }
                            clocked += pairs.len();
                            progress.done.fetch_add(pairs.len(), Ordering::Relaxed);
                            if seen.len() > bound {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        (next, found, clocked)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a search thread panicked")).collect()
        });
        let mut next = Frontier::<M>::new();
        for (part, found, clocked) in parts {
            result.reach.transitions += clocked;
            next.states.extend(part.states);
            next.regs.extend(part.regs);
            next.from.extend(part.from);
            for (f, g) in result.found.iter_mut().zip(found) {
                f.merge(g);
            }
        }
        history.push(std::mem::take(&mut frontier.from));
        if stop.load(Ordering::Relaxed) {
            result.reach.stopped = Some(bound);
            break;
        }
        if result.found.iter().all(|f| f.mismatches > 0) {
            result.reach.mismatched_at = Some(depth);
            break;
        }
        if !next.states.is_empty() {
            depth += 1;
        }
        frontier = next;
    }
    // The way from power-on to each netlist's first mismatch.
    for f in &mut result.found {
        if let (Some((key, _)), None) = (&f.first, f.first_cycle) {
            let (d, pair) = ((key >> 40) as usize, (key & ((1 << 40) - 1)) as usize);
            let (mut e, l) = (pair / n_letters, pair % n_letters);
            let mut way = vec![l];
            for level in history.iter().take(d + 1).skip(1).rev() {
                let (parent, letter) = level[e];
                way.push(letter as usize);
                e = parent as usize;
            }
            way.reverse();
            f.first_presses = Some(way);
        }
    }
    result.reach.pairs = seen.len();
    let (states, varying) = seen.states_and_varying(reg_stride);
    result.reach.states = states;
    for (k, w) in nets.iter().enumerate() {
        let r = &mut registers[k];
        let bits = (0..strides[k] * 64).filter(|&i| varying[offsets[k] + i / 64] >> (i % 64) & 1 == 1);
        let names: Vec<usize> = bits.collect();
        r.varying_count = names.len();
        r.varying = names.iter().take(VARYING_NAMED).map(|&i| w.net.latch_name(i).to_string()).collect();
    }
    result.registers = registers;
    result.reach.depth = depth;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::external::tests::Toggle;

    /// A toggle's netlist with a 2-bit `quiet` counter of the cycles
    /// without FLIP (saturating at 3); `lamp_d` its lamp's next value.
    fn toggle(lamp_d: &str) -> Wired {
        let text = format!(
            ".model toggle\n.inputs clock flip\n.outputs lamp\n\
             .latch lamp_d lamp re clock 0\n.latch q0_d q0 re clock 0\n.latch q1_d q1 re clock 0\n\
             .names flip q0 q1 q0_d\n00- 1\n0-1 1\n.names flip q0 q1 q1_d\n01- 1\n0-1 1\n{lamp_d}.end\n"
        );
        Wired::new::<Toggle>(crate::Level::Verilog, Netlist::from_blif(&text).unwrap()).unwrap()
    }

    /// The lamp toggled by every FLIP: the counter reaches no output.
    const RIGHT: &str = ".names flip lamp lamp_d\n10 1\n01 1\n";
    /// Asleep after three quiet cycles (q0 and q1): the next FLIP is lost.
    const SLEEPY: &str = ".names flip q0 q1 lamp lamp_d\n0--1 1\n1111 1\n10-0 1\n1-00 1\n";

    /// The search keys on the model's state with the design's registers: a
    /// design whose only flaw lies in state the model lacks (a counter of
    /// quiet cycles that, at 3, loses the next FLIP) is caught, with its
    /// way from power-on, though every model state is reached at depth 1
    /// with the counter at 0; the same counter where no output sees it is
    /// no state of the design's, and the right toggle closes exhaustive.
    #[test]
    fn the_search_keys_on_the_pair() {
        let progress = Progress::default();
        let right = search::<Toggle>(&[&toggle(RIGHT)], 1, &progress, 1000);
        assert_eq!((right.reach.pairs, right.reach.states, right.reach.stopped), (2, 2, None));
        assert_eq!((right.registers[0].latches, right.registers[0].keyed, right.registers[0].varying_count), (3, 1, 0));
        assert_eq!(right.found[0].mismatches, 0);
        assert_eq!(right.reach.transitions, 4);

        let sleepy = search::<Toggle>(&[&toggle(SLEEPY)], 1, &progress, 1000);
        assert_eq!(sleepy.reach.states, 2);
        assert!(sleepy.reach.pairs > 2, "{sleepy:?}");
        assert_eq!(sleepy.registers[0].keyed, 3);
        // The counter varies within a model state (and, past the lost FLIP,
        // the lamp too: the design has left the model).
        let varying = &sleepy.registers[0].varying;
        assert!(varying.contains(&"q0".to_string()) && varying.contains(&"q1".to_string()), "{varying:?}");
        assert!(sleepy.found[0].mismatches > 0);
        // The shortest way: three quiet cycles, then the lost FLIP; the
        // search stops at that depth, every netlist having mismatched.
        assert_eq!(sleepy.found[0].first_presses.as_deref(), Some(&[0, 0, 0, 1][..]));
        assert_eq!((sleepy.reach.mismatched_at, sleepy.reach.depth, right.reach.mismatched_at), (Some(3), 3, None));
        // Beside a right netlist, the search goes on to its end for it.
        let both = search::<Toggle>(&[&toggle(SLEEPY), &toggle(RIGHT)], 1, &progress, 1000);
        assert_eq!((both.reach.mismatched_at, both.reach.stopped, both.found[1].mismatches), (None, None, 0));
        assert!(both.reach.depth > 3 && both.found[0].mismatches > 0, "{both:?}");

        // The registers held boxed (a netlist of more than 512 flip-flops)
        // find the same.
        let boxed = search_keyed::<Toggle, Box<[u64]>>(&[&toggle(SLEEPY)], 1, &progress, 1000);
        assert_eq!(boxed.reach, sleepy.reach);
        assert_eq!(boxed.found[0].first_presses, sleepy.found[0].first_presses);

        // A bound below the pairs stops it, and says so.
        let stopped = search::<Toggle>(&[&toggle(SLEEPY)], 1, &progress, 3);
        assert_eq!(stopped.reach.stopped, Some(3));
        assert!(stopped.reach.pairs > 3);
    }

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
