//! `nimforge bench selector --piles 4 --bits 8`: every position of the
//! N x W Nim selector (`designs/src/selector.rs`, `generated/selector_NxW.v`)
//! checked against its oracle (`oracle::selector`) by each engine, with the
//! time each took.
//!
//! - `bitsim`: the netlist's compiled kernel (`crates/netlist/src/kernel`) on
//!   yosys's gate-level BLIF of the generated Verilog, 512 positions per
//!   evaluation (a [`Wide<8>`] slot: the low 9 bits of a position are the
//!   lane, the rest the same in every lane; only the bits that change are
//!   set), each evaluation and clock one pass of the kernel, one thread per
//!   core, each checking its part of the slice with the oracle's bit-sliced
//!   form. The whole slice.
//! - `interpreter`: the same with the interpreter (1,024 positions per
//!   evaluation, the width it runs fastest with), the kernel's reference.
//! - `verilator`: the same Verilog under Verilator -O3 with a C++ harness
//!   (`testbenches/selector_bench.cpp.j2`), one process per core, every
//!   output streamed back and checked with the oracle one position at a time.
//! - `icarus` and `rtl` (the rust-hdl simulation): the same, slower.
//!
//! The sampled engines take an evenly spread sample of the slice (position
//! lo + i * stride): rates are comparable, and the whole space is the
//! netlist simulator's to cover.

use super::EngineRun;
use askama::Template;
use nimforge_designs::selector::Selector;
use nimforge_netlist::word::Word;
use nimforge_netlist::{Netlist, Sim, Wide};
use nimforge_oracles::selector::{select, select_lanes, Move};
use nimforge_verify::clocked::Bench;
use nimforge_verify::flow::{iverilog, verilator, yosys, ToolError};
use nimforge_verify::report::{Shard, ShardInfo};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Positions a shard is cut in multiples of: the widest batch.
const BATCH: u64 = 1024;
/// Words per slot of the kernel's and of the interpreter's batches (64 x K
/// positions an evaluation), each the one it runs fastest with on this
/// machine (measured in one run each: the kernel 0.31 s with 8, 0.36 with
/// 16, 0.33 with 32; the interpreter 1.78 s with 8, 1.46 with 16, 2.0 with
/// 32: its ops load and store every net, and with 32 words the nets
/// outgrow the first-level cache).
const KERNEL_WORDS: usize = 8;
const INTERPRETER_WORDS: usize = 16;

/// Lane bits: the low bits of a position that pick its lane in a batch of
/// K words.
const fn lane_bits(k: usize) -> usize {
    6 + k.trailing_zeros() as usize
}

/// The engines, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// The netlist's compiled kernel (`nimforge_netlist::kernel`).
    Bitsim,
    /// The same netlist in the interpreter, the kernel's reference.
    Interpreter,
    /// No enumeration: ABC proves the netlist equal to the behavioural
    /// reference (`testbenches/selector_ref.v`) for every input sequence.
    Abc,
    /// The Verilog under Verilator -O3 with the C++ harness, on a sample.
    Verilator,
    /// The Verilog under Icarus Verilog (`iverilog`/`vvp`), on a sample.
    Icarus,
    /// The rust-hdl simulation of the design, on a sample.
    Rtl,
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Piles in the selector (N).
    pub piles: usize,
    /// Bits per pile (W).
    pub bits: usize,
    /// The slice of the 2^(N*W) positions to check.
    pub shard: Shard,
    /// The engines to run, in order.
    pub engines: Vec<Engine>,
    /// Sample sizes of the engines that do not take the whole slice:
    /// positions Verilator checks.
    pub verilator_sample: u64,
    /// Positions Icarus checks.
    pub icarus_sample: u64,
    /// Positions the rust-hdl simulation checks.
    pub rtl_sample: u64,
    /// Threads (bitsim) and processes (Verilator): the cores by default.
    pub jobs: usize,
    /// The project root (`generated/`, `testbenches/`); work goes to
    /// `build/bench/selector_NxW/` (a shard's to `shard-I-of-N/` in it).
    pub root: PathBuf,
}

/// Runs the engines of `options` in order; an engine that cannot run (a
/// missing tool) is an error naming what to install.
pub fn run(options: &Options) -> Result<Vec<EngineRun>, crate::Error> {
    match (options.piles, options.bits) {
        (4, 8) => run_sized::<4, 8>(options),
        (4, 9) => run_sized::<4, 9>(options),
        (8, 8) => Err("8 piles of 8 bits are 2^64 positions, beyond any enumeration: \
                       `nimforge prove --piles 8 --bits 8` proves that size instead"
            .into()),
        (n, w) => Err(format!(
            "there is no {n} x {w} selector: `nimforge bench selector` runs --piles 4 with --bits 8 or 9 \
             (generated/selector_4x8.v, selector_4x9.v; 8 x 8 is for `nimforge prove`)"
        )
        .into()),
    }
}

fn run_sized<const N: usize, const W: usize>(options: &Options) -> Result<Vec<EngineRun>, crate::Error> {
    let module = format!("selector_{N}x{W}");
    let source = options.root.join(nimforge_verify::Places::generated_file(&module));
    let work = options.shard.room(&options.root.join("build/bench").join(&module));
    let dir = |sub: &str| -> Result<PathBuf, crate::Error> {
        let d = work.join(sub);
        nimforge_verify::files::create_dir_all(&d)?;
        Ok(d)
    };
    let space_bits = N * W;
    let positions = Shard::ALL.range(1u64 << space_bits).end;
    let batches = options.shard.range(positions / BATCH);
    let slice = batches.start * BATCH..batches.end * BATCH;
    let of_slice = if options.shard == Shard::ALL {
        format!("all 2^{space_bits} positions")
    } else {
        format!("slice {}/{} of 2^{space_bits} positions", options.shard.index, options.shard.count)
    };
    let tool = |e: ToolError| e.to_string();
    let mut runs = Vec::new();
    for engine in &options.engines {
        let run = match engine {
            Engine::Bitsim | Engine::Interpreter => {
                let blif = yosys::synth_blif(&source, &module, &dir("netlist")?).map_err(tool)?;
                let net = Netlist::from_file(&blif).map_err(|e| format!("{}: {e}", blif.display()))?;
                let mut run = if *engine == Engine::Interpreter {
                    bitsim::<N, W, INTERPRETER_WORDS>(&net, slice.clone(), options.jobs, &of_slice, true)?
                } else {
                    bitsim::<N, W, KERNEL_WORDS>(&net, slice.clone(), options.jobs, &of_slice, false)?
                };
                if options.shard != Shard::ALL {
                    // What every shard checks: the netlist, the size, the tools.
                    let print = nimforge_verify::report::Fingerprint::default()
                        .bytes(&std::fs::read(&blif).unwrap_or_default())
                        .bytes(module.as_bytes())
                        .bytes(yosys::version().as_bytes());
                    run.shard = Some(ShardInfo { start: slice.start, end: slice.end, ..ShardInfo::of(options.shard, "positions", positions, print.hex()) });
                }
                run
            }
            Engine::Abc => {
                let proof = crate::proof::with_abc(options.piles, options.bits, &options.root, &dir("abc")?)?;
                EngineRun::new("abc", slice.end - slice.start, proof.seconds, 0, format!("{of_slice}, every cycle, proven: {}", proof.what), None)
            }
            Engine::Verilator => {
                let sample = Sample::of(slice.clone(), options.verilator_sample, &of_slice);
                verilator_harness::<N, W>(&source, &module, &dir("verilator")?, &sample, options.jobs)?
            }
            Engine::Icarus => {
                let sample = Sample::of(slice.clone(), options.icarus_sample, &of_slice);
                icarus::<N, W>(&source, &module, &dir("icarus")?, &sample)?
            }
            Engine::Rtl => rtl::<N, W>(&Sample::of(slice.clone(), options.rtl_sample, &of_slice)),
        };
        runs.push(run);
    }
    Ok(runs)
}

/// Positions `first + i * stride` for `i < count`.
#[derive(Clone, Debug)]
struct Sample {
    first: u64,
    count: u64,
    stride: u64,
    coverage: String,
}

impl Sample {
    fn of(slice: std::ops::Range<u64>, most: u64, of_slice: &str) -> Sample {
        let size = slice.end - slice.start;
        let count = most.min(size).max(1).min(size);
        let stride = size.checked_div(count).unwrap_or(1);
        let coverage = if count == size { of_slice.to_string() } else { format!("a sample of {count} evenly spread over {of_slice} (every {stride}th)") };
        Sample { first: slice.start, count, stride, coverage }
    }

    fn position(&self, i: u64) -> u64 {
        self.first + i * self.stride
    }

    /// Part `j` of `parts`, as a sample of its own.
    fn part(&self, j: u64, parts: u64) -> Sample {
        let r = Shard { index: j, count: parts }.range(self.count);
        Sample { first: self.position(r.start), count: r.end - r.start, stride: self.stride, coverage: String::new() }
    }
}

/// The piles of position `x`: pile p is bits p * W .. p * W + W.
fn piles_of<const N: usize, const W: usize>(x: u64) -> [u64; N] {
    std::array::from_fn(|p| (x >> (p * W)) & ((1 << W) - 1))
}

/// The outputs as one word: chosen (bit p for pile p), after, found, safe;
/// the harnesses write the same.
fn pack<const N: usize, const W: usize>(chosen: u64, after: u64, found: bool, safe: bool) -> u32 {
    (chosen | after << N | (found as u64) << (N + W) | (safe as u64) << (N + W + 1)) as u32
}

fn expected<const N: usize, const W: usize>(m: &Move) -> u32 {
    pack::<N, W>(m.chosen.map_or(0, |p| 1 << p), m.after, m.chosen.is_some(), m.safe)
}

/// "piles 3,4,5,0: expected chosen 0, after 1, found, unsafe; got ...".
fn describe<const N: usize, const W: usize>(x: u64, got: u32) -> String {
    let show = |w: u32| {
        let chosen: Vec<String> = (0..N).filter(|p| w >> p & 1 == 1).map(|p| p.to_string()).collect();
        format!("chosen [{}], after {}, found {}, safe {}", chosen.join(","), (w >> N) & ((1 << W) - 1), w >> (N + W) & 1, w >> (N + W + 1) & 1)
    };
    let piles: Vec<String> = piles_of::<N, W>(x).iter().map(u64::to_string).collect();
    let want = expected::<N, W>(&select(&piles_of::<N, W>(x)));
    format!("piles {}: expected {}; got {}", piles.join(","), show(want), show(got))
}

/// Mismatch counts and the first mismatch (lowest position) of a part.
#[derive(Default)]
struct Tally {
    vectors: u64,
    mismatches: u64,
    first: Option<(u64, String)>,
}

impl Tally {
    fn check<const N: usize, const W: usize>(&mut self, x: u64, got: u32) {
        self.vectors += 1;
        if got != expected::<N, W>(&select(&piles_of::<N, W>(x))) {
            self.mismatch::<N, W>(x, got);
        }
    }

    fn mismatch<const N: usize, const W: usize>(&mut self, x: u64, got: u32) {
        self.mismatches += 1;
        if self.first.as_ref().is_none_or(|(at, _)| x < *at) {
            self.first = Some((x, describe::<N, W>(x, got)));
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.vectors += other.vectors;
        self.mismatches += other.mismatches;
        if let Some((x, text)) = other.first {
            if self.first.as_ref().is_none_or(|(at, _)| x < *at) {
                self.first = Some((x, text));
            }
        }
        self
    }

    fn into_run(self, engine: &str, seconds: f64, coverage: String) -> EngineRun {
        EngineRun::new(engine, self.vectors, seconds, self.mismatches, coverage, self.first.map(|(_, t)| t))
    }
}

/// Bit `j` of every position of the batch at `base` (a multiple of
/// [`BATCH`]): lane `64 k + i` holds position `base + 64 k + i`.
#[inline(always)]
fn position_bit<const K: usize>(base: u64, j: usize) -> Wide<K> {
    const PATTERN: [u64; 6] =
        [0xAAAA_AAAA_AAAA_AAAA, 0xCCCC_CCCC_CCCC_CCCC, 0xF0F0_F0F0_F0F0_F0F0, 0xFF00_FF00_FF00_FF00, 0xFFFF_0000_FFFF_0000, 0xFFFF_FFFF_0000_0000];
    if j < 6 {
        Wide([PATTERN[j]; K])
    } else if j < lane_bits(K) {
        Wide(std::array::from_fn(|k| if k >> (j - 6) & 1 == 1 { u64::MAX } else { 0 }))
    } else if base >> j & 1 == 1 {
        Wide([u64::MAX; K])
    } else {
        Wide([0; K])
    }
}

/// The selector's ports in the netlist: input bit indices of each pile,
/// output bit indices of chosen, after, found, safe.
struct Ports {
    piles: Vec<Vec<usize>>,
    chosen: Vec<usize>,
    after: Vec<usize>,
    found: usize,
    safe: usize,
    /// Whether every output is a flip-flop's Q, so that an evaluation and
    /// clock in one pass ([`Sim::eval_clock`]) shows the outputs after the
    /// clock.
    registered: bool,
    /// The position bits that change seldom ([`SLOW_FROM`] and up) and
    /// the Q slots of the flip-flops that register them: the kernel
    /// hoists what depends only on those.
    slow_bits: u64,
    slow_slots: Vec<u32>,
}

/// Position bits from here up are slow: bit j changes every 2^(j - 9)
/// batches of 512, so the kernel's hoisted work runs once in 128 batches
/// or fewer (the two piles that change slowest).
const SLOW_FROM: usize = 16;

impl Ports {
    fn of<const N: usize, const W: usize>(net: &Netlist) -> Result<Ports, crate::Error> {
        let e = |e: nimforge_netlist::NetlistError| e.to_string();
        let one = |name: &str| -> Result<usize, crate::Error> { Ok(net.output_port(name).map_err(e)?[0]) };
        let piles = (0..N).map(|p| net.input_port(&format!("piles${p}")).map_err(e)).collect::<Result<Vec<_>, _>>()?;
        if piles.iter().any(|p| p.len() != W) {
            return Err(format!("the netlist's piles are not {W} bits wide").into());
        }
        let chosen = (0..N).map(|p| one(&format!("chosen${p}"))).collect::<Result<Vec<_>, _>>()?;
        let (after, found, safe) = (net.output_port("after").map_err(e)?, one("found")?, one("safe")?);
        let program = net.program();
        let is_q = |o: &usize| program.latches.iter().any(|l| l.q == program.outputs[*o]);
        let registered = chosen.iter().chain(&after).chain([&found, &safe]).all(is_q);
        // An input bit's flip-flop: the latch whose D is the input's slot.
        let flop = |bit: usize| program.latches.iter().find(|l| l.d == program.inputs[bit]).map(|l| l.q);
        let slow: Vec<(usize, u32)> = (SLOW_FROM..N * W).filter_map(|j| flop(piles[j / W][j % W]).map(|q| (j, q))).collect();
        let slow_bits = slow.iter().fold(0u64, |m, &(j, _)| m | 1 << j);
        let slow_slots = slow.iter().map(|&(_, q)| q).collect();
        Ok(Ports { piles, chosen, after, found, safe, registered, slow_bits, slow_slots })
    }
}

/// The netlist's simulation by its kernel, with what depends only on the
/// slow bits hoisted where the outputs are registered (the one pass
/// shows them); else the plain kernel.
fn hoisting<const K: usize>(net: &Netlist, ports: &Ports) -> Sim<Wide<K>> {
    #[cfg(target_arch = "x86_64")]
    if let Some(isa) = nimforge_netlist::kernel::Isa::best(std::mem::size_of::<Wide<K>>()) {
        if ports.registered && !ports.slow_slots.is_empty() {
            let bytes = std::mem::size_of::<Wide<K>>();
            match nimforge_netlist::kernel::Kernel::compile_hoisting(net.program(), bytes, isa, &ports.slow_slots) {
                Ok(k) => return Sim::with_kernel(net, std::sync::Arc::new(k)),
                Err(e) => eprintln!("the hoisting kernel did not compile ({e}); the plain kernel runs"),
            }
        }
    }
    Sim::new(net)
}

/// Every position of `slice` through the netlist on `jobs` threads, in
/// batches of 64 x K.
fn bitsim<const N: usize, const W: usize, const K: usize>(
    net: &Netlist,
    slice: std::ops::Range<u64>,
    jobs: usize,
    of_slice: &str,
    interpreted: bool,
) -> Result<EngineRun, crate::Error> {
    let ports = Ports::of::<N, W>(net)?;
    let batch = 64 * K as u64;
    let batches = slice.start / batch..slice.end / batch;
    let prototype: Sim<Wide<K>> = if interpreted { Sim::interpreted(net) } else { hoisting(net, &ports) };
    let t0 = Instant::now();
    let tally = std::thread::scope(|scope| {
        let parts: Vec<_> = (0..jobs as u64)
            .map(|j| {
                let r = Shard { index: j, count: jobs as u64 }.range(batches.end - batches.start);
                let part = batches.start + r.start..batches.start + r.end;
                let (mut sim, ports) = (prototype.clone(), &ports);
                scope.spawn(move || bitsim_part::<N, W, K>(&mut sim, ports, part))
            })
            .collect();
        parts.into_iter().map(|p| p.join().expect("bitsim thread")).fold(Tally::default(), Tally::merge)
    });
    let engine = if interpreted { "interpreter" } else { "bitsim" };
    let what = match prototype.kernel_size() {
        Some(k) if !interpreted => {
            format!("{of_slice}; the kernel: {} ops as {} nodes, {} instructions a chunk, {} hoisted", k.ops, k.nodes, k.instructions, k.hoisted)
        }
        _ => of_slice.to_string(),
    };
    Ok(tally.into_run(engine, t0.elapsed().as_secs_f64(), what))
}

/// One thread's batches, one evaluation and one clock each. The selector
/// registers its inputs and its outputs, so the outputs read before the
/// clock of batch t are those of batch t - 2, and after it those of batch
/// t - 1 (in one pass of the kernel, when every output is a Q); a cycle or
/// two more flush the last.
/// The harness and the oracle's words are compiled for AVX-512 as well,
/// and that copy runs when the CPU has it.
fn bitsim_part<const N: usize, const W: usize, const K: usize>(sim: &mut Sim<Wide<K>>, ports: &Ports, batches: std::ops::Range<u64>) -> Tally {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx512f") {
        // Safety: the CPU has AVX-512F, the only feature the copy needs.
        return unsafe { bitsim_part_avx512::<N, W, K>(sim, ports, batches) };
    }
    bitsim_batches::<N, W, K, Wide<K>>(sim, ports, batches)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn bitsim_part_avx512<const N: usize, const W: usize, const K: usize>(sim: &mut Sim<Wide<K>>, ports: &Ports, batches: std::ops::Range<u64>) -> Tally {
    bitsim_batches::<N, W, K, nimforge_netlist::word::Zmm>(sim, ports, batches)
}

/// The batches, the oracle taking `O::LANES` positions at a time.
#[inline(always)]
fn bitsim_batches<const N: usize, const W: usize, const K: usize, O: Word>(sim: &mut Sim<Wide<K>>, ports: &Ports, batches: std::ops::Range<u64>) -> Tally {
    let batch = 64 * K as u64;
    let mut tally = Tally::default();
    // Each input bit is set when it changes: the low `lane_bits(K)` of a
    // position are the same patterns in every batch (set once), the
    // others flip every 2^(j - lane_bits(K)) batches (the bits in which one
    // batch's first position differs from the last's).
    let mut last: Option<u64> = None;
    let low: Vec<Wide<K>> = (0..lane_bits(K)).map(|j| position_bit(0, j)).collect();
    let lag = if ports.registered { 1 } else { 2 };
    // The oracle's positions, written afresh for each group of lanes.
    let mut piles = [[O::ZERO; W]; N];
    // What the slow bits decide, from the flip-flops' power-on values.
    sim.hoist();
    for t in batches.start..batches.end + lag {
        let mut slow_changed = false;
        if t < batches.end {
            let first = t * batch;
            let mut changed = last.map_or(u64::MAX >> (64 - N * W), |l| l ^ first);
            last = Some(first);
            slow_changed = changed & ports.slow_bits != 0;
            while changed != 0 {
                let j = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                sim.set_input(ports.piles[j / W][j % W], position_bit(first, j));
            }
        }
        if ports.registered {
            sim.eval_clock();
            // The slow flip-flops took new values: what they decide anew.
            if slow_changed {
                sim.hoist();
            }
        } else {
            sim.eval();
        }
        if t >= batches.start + lag {
            check_batch::<N, W, K, O>(sim, ports, (t - lag) * batch, &low, &mut piles, &mut tally);
        }
        if !ports.registered {
            sim.clock();
        }
    }
    tally
}

/// Bit `j` of the positions of lanes `g * O::LANES ..` of the batch at
/// `base`; `low` holds the low `lane_bits(K)` bits, the same in every batch.
#[inline(always)]
fn position_word<const K: usize, O: Word>(base: u64, j: usize, g: usize, low: &[Wide<K>]) -> O {
    let per = O::LANES / 64;
    if j < lane_bits(K) {
        O::from_words(&low[j].0[g * per..(g + 1) * per])
    } else if base >> j & 1 == 1 {
        O::ONES
    } else {
        O::ZERO
    }
}

/// The outputs of the batch at `base` against the oracle's bit-sliced
/// form, `O::LANES` lanes a call.
#[inline(always)]
fn check_batch<const N: usize, const W: usize, const K: usize, O: Word>(
    sim: &Sim<Wide<K>>,
    ports: &Ports,
    base: u64,
    low: &[Wide<K>],
    piles: &mut [[O; W]; N],
    tally: &mut Tally,
) {
    let per = O::LANES / 64;
    for g in 0..K / per {
        // Plain loops: the words are built inside this function's
        // instruction set (a closure passed on may be compiled without it).
        for (p, pile) in piles.iter_mut().enumerate() {
            for (b, word) in pile.iter_mut().enumerate() {
                *word = position_word(base, p * W + b, g, low);
            }
        }
        let want = select_lanes(piles);
        let out = |slot: usize| O::from_words(&sim.output_ref(slot).0[g * per..(g + 1) * per]);
        let mut differ = (want.found ^ out(ports.found)) | (want.safe ^ out(ports.safe));
        for p in 0..N {
            differ = differ | (want.chosen[p] ^ out(ports.chosen[p]));
        }
        for b in 0..W {
            differ = differ | (want.after[b] ^ out(ports.after[b]));
        }
        for (j, &word) in differ.words().iter().enumerate() {
            let k = g * per + j;
            let mut d = word;
            while d != 0 {
                let lane = d.trailing_zeros() as usize;
                d &= d - 1;
                let bit = |slot: usize| sim.output_ref(slot).0[k] >> lane & 1;
                let chosen = (0..N).fold(0, |a, p| a | bit(ports.chosen[p]) << p);
                let after = (0..W).fold(0, |a, b| a | bit(ports.after[b]) << b);
                let got = pack::<N, W>(chosen, after, bit(ports.found) == 1, bit(ports.safe) == 1);
                tally.mismatch::<N, W>(base + 64 * k as u64 + lane as u64, got);
            }
        }
    }
    tally.vectors += 64 * K as u64;
}

#[derive(Template)]
#[template(path = "selector_bench.cpp.j2", escape = "none")]
struct VerilatorHarness<'a> {
    module: &'a str,
    piles: usize,
    bits: usize,
}

/// The sample through `jobs` Verilator processes, each streaming its
/// outputs to a thread here that checks them.
fn verilator_harness<const N: usize, const W: usize>(source: &Path, module: &str, dir: &Path, sample: &Sample, jobs: usize) -> Result<EngineRun, crate::Error> {
    let main = dir.join("selector_bench.cpp");
    let text = VerilatorHarness { module, piles: N, bits: W }.render().expect("template renders");
    nimforge_verify::files::save(&main, text)?;
    let binary = verilator::build(&[source, &main], module, dir)?;
    let t0 = Instant::now();
    let tally = std::thread::scope(|scope| -> Result<Tally, crate::Error> {
        let parts: Vec<_> = (0..jobs as u64)
            .map(|j| {
                let part = sample.part(j, jobs as u64);
                let binary = &binary;
                scope.spawn(move || verilator_part::<N, W>(binary, &part))
            })
            .collect();
        let mut tally = Tally::default();
        for p in parts {
            tally = tally.merge(p.join().expect("verilator reader")?);
        }
        Ok(tally)
    })?;
    Ok(tally.into_run("verilator", t0.elapsed().as_secs_f64(), sample.coverage.clone()))
}

fn verilator_part<const N: usize, const W: usize>(binary: &Path, part: &Sample) -> Result<Tally, crate::Error> {
    let mut child = Command::new(binary)
        .args([part.first.to_string(), part.count.to_string(), part.stride.to_string()])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("running {}: {e}", binary.display()))?;
    let mut out = child.stdout.take().expect("piped");
    let mut tally = Tally::default();
    let mut buffer = vec![0u8; 4 << 16];
    let mut i = 0;
    while i < part.count {
        let words = (part.count - i).min(1 << 16) as usize;
        out.read_exact(&mut buffer[..4 * words]).map_err(|e| format!("the Verilator harness stopped after {i} of {} positions: {e}", part.count))?;
        for w in buffer[..4 * words].chunks_exact(4) {
            tally.check::<N, W>(part.position(i), u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
            i += 1;
        }
    }
    let status = child.wait().map_err(|e| format!("waiting for the Verilator harness {}: {e}", binary.display()))?;
    if !status.success() {
        return Err(format!("the Verilator harness {} failed: {status}", binary.display()).into());
    }
    Ok(tally)
}

#[derive(Template)]
#[template(path = "selector_bench_tb.v.j2", escape = "none")]
struct IcarusBench<'a> {
    module: &'a str,
    piles: usize,
    bits: usize,
}

fn icarus<const N: usize, const W: usize>(source: &Path, module: &str, dir: &Path, sample: &Sample) -> Result<EngineRun, crate::Error> {
    let tb = dir.join("selector_bench_tb.v");
    let text = IcarusBench { module, piles: N, bits: W }.render().expect("template renders");
    nimforge_verify::files::save(&tb, text)?;
    let t0 = Instant::now();
    let plusargs = [format!("+first={}", sample.first), format!("+count={}", sample.count), format!("+stride={}", sample.stride)];
    let output = iverilog::simulate(&[source, &tb], "selector_bench_tb", &[], &plusargs, dir)?;
    let mut tally = Tally::default();
    for line in output.lines() {
        let Ok(word) = u32::from_str_radix(line.trim(), 16) else { continue };
        tally.check::<N, W>(sample.position(tally.vectors), word);
    }
    if tally.vectors != sample.count {
        return Err(format!("Icarus printed {} of {} positions; its output is in {}", tally.vectors, sample.count, dir.display()).into());
    }
    Ok(tally.into_run("icarus", t0.elapsed().as_secs_f64(), sample.coverage.clone()))
}

/// The rust-hdl simulation of the design itself, one position per tick.
fn rtl<const N: usize, const W: usize>(sample: &Sample) -> EngineRun {
    let t0 = Instant::now();
    let mut bench = Bench::new(Selector::<N, W>::default());
    let mut tally = Tally::default();
    for i in 0..sample.count + (sample.count > 0) as u64 {
        let x = sample.position(i.min(sample.count - 1));
        for (p, size) in piles_of::<N, W>(x).into_iter().enumerate() {
            bench.uut.piles[p].next = size.into();
        }
        bench.tick(|u| &mut u.clock);
        if i > 0 {
            let u = &bench.uut;
            let chosen = (0..N).fold(0, |a, p| a | (u.chosen[p].val() as u64) << p);
            let got = pack::<N, W>(chosen, u.after.val().index() as u64, u.found.val(), u.safe.val());
            tally.check::<N, W>(sample.position(i - 1), got);
        }
    }
    tally.into_run("rtl", t0.elapsed().as_secs_f64(), sample.coverage.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    fn options(shard: Shard, engines: Vec<Engine>, sample: u64) -> Options {
        Options { piles: 4, bits: 8, shard, engines, verilator_sample: sample, icarus_sample: sample, rtl_sample: sample, jobs: 2, root: root() }
    }

    fn selector_blif() -> String {
        let dir = std::env::temp_dir().join(format!("nimforge-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let blif = yosys::synth_blif(root().join("generated/selector_4x8.v"), "selector_4x8", &dir).unwrap();
        let text = std::fs::read_to_string(blif).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        text
    }

    /// Three of 4,096 slices, the first, the second and the last: each its
    /// 2^20 positions, no mismatch (`bench::tests` shows slices 0..N tile
    /// the space).
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn slices_of_the_4x8_space() {
        for index in [0, 1, 4095] {
            let runs = run(&options(Shard { index, count: 4096 }, vec![Engine::Bitsim], 0)).unwrap();
            assert_eq!((runs[0].vectors, runs[0].mismatches), (1 << 20, 0), "slice {index}");
            assert!(runs[0].coverage.starts_with(&format!("slice {index}/4096 of 2^32 positions")), "{}", runs[0].coverage);
        }
    }

    /// The netlist with one gate wrong (the first two-input AND as an
    /// AND-NOT) is caught, and the first mismatch names its position.
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn a_wrong_gate_is_caught() {
        let text = selector_blif();
        let good = Netlist::from_blif(&text).unwrap();
        let r = bitsim::<4, 8, KERNEL_WORDS>(&good, 0..1 << 22, 2, "part", false).unwrap();
        assert_eq!((r.vectors, r.mismatches), (1 << 22, 0));
        let r = bitsim::<4, 8, INTERPRETER_WORDS>(&good, 0..1 << 22, 2, "part", true).unwrap();
        assert_eq!((r.vectors, r.mismatches), (1 << 22, 0));
        let lines: Vec<&str> = text.lines().collect();
        let row = (1..lines.len() - 1)
            .find(|&i| lines[i - 1].starts_with(".names ") && lines[i - 1].split(' ').count() == 4 && lines[i] == "11 1")
            .expect("the selector's BLIF has a two-input AND");
        let mut wrong: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        wrong[row] = "10 1".into();
        let bad = Netlist::from_blif(&wrong.join("\n")).unwrap();
        let r = bitsim::<4, 8, INTERPRETER_WORDS>(&bad, 0..1 << 22, 2, "part", true).unwrap();
        assert!(r.mismatches > 0, "{} as AND-NOT went unnoticed by the interpreter", lines[row - 1]);
        let r = bitsim::<4, 8, KERNEL_WORDS>(&bad, 0..1 << 22, 2, "part", false).unwrap();
        assert!(r.mismatches > 0, "{} as AND-NOT went unnoticed", lines[row - 1]);
        let first = r.first_mismatch.unwrap();
        assert!(first.starts_with("piles ") && first.contains("expected") && first.contains("; got"), "{first}");
    }

    /// Verilator, Icarus and the rust-hdl simulation on a sample of one
    /// slice: every position checked, none wrong.
    #[cfg_attr(not(all(have_iverilog, have_verilator)), ignore = "needs iverilog, verilator: bash .ci/deps installs it")]
    #[test]
    fn the_sampled_engines_check_their_sample() {
        let engines = vec![Engine::Verilator, Engine::Icarus, Engine::Rtl];
        let runs = run(&options(Shard { index: 3, count: 7 }, engines, 3000)).unwrap();
        for r in &runs {
            assert_eq!((r.vectors, r.mismatches), (3000, 0), "{}", r.engine);
            assert!(r.coverage.starts_with("a sample of 3000 evenly spread over slice 3/7"), "{}", r.coverage);
        }
    }

    /// A sampled position is the one the oracle is asked about: the packing
    /// the harnesses write, read back.
    #[test]
    fn packing() {
        let m = select(&[3, 4, 5, 0]);
        let w = expected::<4, 8>(&m);
        assert_eq!(w, 0b01_0000_0001_0001);
        assert!(describe::<4, 8>(3 | 4 << 8 | 5 << 16, w ^ 1).contains("expected chosen [0], after 1, found 1, safe 0; got chosen [], after 1"));
    }

    #[test]
    fn sizes_without_a_design_are_refused() {
        let mut o = options(Shard::ALL, vec![Engine::Rtl], 1);
        (o.piles, o.bits) = (8, 8);
        assert!(run(&o).unwrap_err().to_string().contains("nimforge prove --piles 8 --bits 8"));
        (o.piles, o.bits) = (5, 3);
        assert!(run(&o).unwrap_err().to_string().contains("there is no 5 x 3 selector"));
    }
}
