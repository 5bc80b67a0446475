//! Two designs of one module checked against each other, with no model:
//! `nimforge check A.v B.v --top NAME`, for the engineer who rewrites a
//! module and wants to know it is the same machine.
//!
//! 1. The ports: yosys reads both files (`-sv`); they must have the same
//!    ports (names, directions, widths).
//! 2. The walk: the two as one miter ([`yosys::miter_blif`]: shared
//!    inputs, `trigger` 1 whenever an output differs) in the bit-parallel
//!    simulator. Where the space can be walked (at most [`Options::max_states`]
//!    states of the pair, at most [`MAX_WALK_INPUT_BITS`] input bits), every
//!    reachable state of the pair under every input value is evaluated, 64
//!    at a time: the two are then the same machine from power-on, for
//!    every input sequence. Else [`Options::runs`] random input sequences of
//!    [`Options::depth`] cycles from power-on run in lanes (seeded), and
//!    the report says so.
//! 3. The proof: yosys's and ABC's equivalence of the two
//!    ([`yosys::equivalence`], as the `equiv` level proves the netlist equal
//!    to the Verilog), which covers every input sequence however large the
//!    space.
//!
//! A difference comes with its input sequence from power-on, cycle by
//! cycle.

use crate::flow::yosys::{self, ModulePort, Verdict};
use crate::Error;
use nimforge_netlist::lanes::LaneSim;
use nimforge_netlist::Netlist;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The widest input (in bits, the clock aside) whose every value the walk
/// tries in every state: 2^20 values a state.
pub const MAX_WALK_INPUT_BITS: usize = 20;

/// What a check is asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The top module of both files.
    pub top: String,
    /// The clock input's name.
    pub clock: String,
    /// The most states of the pair the walk holds before it gives way to
    /// runs.
    pub max_states: usize,
    /// The cycles of each run from power-on, where the space is not walked.
    pub depth: usize,
    /// How many runs, in lanes of 64.
    pub runs: usize,
    /// The bounded check's cycles when no proof closes.
    pub bound: usize,
    /// Where the scripts, logs and miter go.
    pub dir: PathBuf,
}

/// How the simulation went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Every reachable state of the pair under every input value.
    Whole {
        /// States of the pair reached from power-on.
        states: usize,
        /// State and input pairs evaluated.
        transitions: u64,
        /// The longest shortest way from power-on.
        depth: usize,
    },
    /// Random runs from power-on (the space was too large to walk).
    Runs {
        /// Why the space was not walked.
        why: String,
        /// How many runs.
        runs: usize,
        /// Cycles each.
        depth: usize,
    },
}

/// An input sequence from power-on after which an output of the two
/// differs: a value per input port per cycle, the last cycle the one that
/// shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The input ports, in the file's order.
    pub ports: Vec<String>,
    /// Each cycle's values, a value per port.
    pub cycles: Vec<Vec<u64>>,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cycles: Vec<String> = self
            .cycles
            .iter()
            .enumerate()
            .map(|(t, values)| {
                let set: Vec<String> = self.ports.iter().zip(values).map(|(p, v)| format!("{p}={v}")).collect();
                format!("cycle {t}: {}", set.join(" "))
            })
            .collect();
        write!(f, "{}", cycles.join("; "))
    }
}

/// What [`check`] found.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The ports both files have.
    pub ports: Vec<ModulePort>,
    /// How far the simulation went.
    pub walk: Walk,
    /// The first difference the simulation found.
    pub difference: Option<Difference>,
    /// The proof's verdict and its words (the counterexample when refuted).
    pub proof: (Verdict, String),
}

impl Checked {
    /// The two are the same machine: no difference found and the proof
    /// not refuted.
    pub fn same(&self) -> bool {
        self.difference.is_none() && self.proof.0 != Verdict::Refuted
    }
}

/// Checks the design in `b` against the one in `a` (module `options.top`
/// in both): ports, walk or runs, proof.
pub fn check(a: &Path, b: &Path, options: &Options) -> Result<Checked, Error> {
    for f in [a, b] {
        if !f.is_file() {
            return Err(Error::Input(format!("{} is not a file: give two Verilog or SystemVerilog files", f.display())));
        }
    }
    std::fs::create_dir_all(&options.dir).map_err(|e| Error::io(format!("creating {}", options.dir.display()), e))?;
    let ports_a = yosys::ports(a, &options.top, &options.dir)?;
    let ports_b = yosys::ports(b, &options.top, &options.dir)?;
    if let Some(p) = ports_a.iter().find(|p| !ports_b.contains(p)).or_else(|| ports_b.iter().find(|p| !ports_a.contains(p))) {
        let (has, lacks) = if ports_a.contains(p) { (a, b) } else { (b, a) };
        return Err(Error::Design(format!(
            "{} has {} {} of {} bits and {} has not: the two modules must have the same ports",
            has.display(),
            if p.input { "an input" } else { "an output" },
            p.name,
            p.width,
            lacks.display()
        )));
    }
    if !ports_a.iter().any(|p| p.input && p.name == options.clock && p.width == 1) {
        return Err(Error::Input(format!("module {} has no 1-bit input {}: name its clock with --clock", options.top, options.clock)));
    }
    let blif = yosys::miter_blif(&[a], &[b], &options.top, &options.dir)?;
    let inputs: Vec<&ModulePort> = ports_a.iter().filter(|p| p.input && p.name != options.clock).collect();
    let (walk, difference) = simulate(&Netlist::from_file(&blif)?, &inputs, options)?;
    let proof = match yosys::equivalence("b=a", (&[a], &options.top), (&[b], &options.top), options.bound, &options.dir) {
        Ok(e) => (e.verdict, e.detail),
        Err(e) => return Err(e.into()),
    };
    Ok(Checked { ports: ports_a, walk, difference, proof })
}

/// The miter's input bits, port by port (`in_<port>`), bit 0 first.
fn input_bits(net: &Netlist, inputs: &[&ModulePort]) -> Result<Vec<Vec<usize>>, Error> {
    inputs
        .iter()
        .map(|p| {
            let name = format!("in_{}", p.name);
            net.input_port(&name).or_else(|_| net.input_port(&format!("\\{name}"))).map_err(Error::Netlist)
        })
        .collect()
}

/// An input row (the bits of every port, in order) as a value per port
/// (a port wider than 64 bits shows its low 64).
fn split(row: &[u64], bits: &[Vec<usize>]) -> Vec<u64> {
    let mut at = 0;
    bits.iter()
        .map(|b| {
            let mut v = 0u64;
            for k in 0..b.len() {
                let i = at + k;
                if k < 64 && row.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1) {
                    v |= 1 << k;
                }
            }
            at += b.len();
            v
        })
        .collect()
}

fn simulate(net: &Netlist, inputs: &[&ModulePort], options: &Options) -> Result<(Walk, Option<Difference>), Error> {
    let bits = input_bits(net, inputs)?;
    let flat: Vec<usize> = bits.iter().flatten().copied().collect();
    let trigger = net.output_port("trigger").map_err(Error::Netlist)?;
    let mut sim = LaneSim::<u64>::new(net, &flat, &trigger);
    let names: Vec<String> = inputs.iter().map(|p| p.name.clone()).collect();
    let difference = |rows: Vec<Vec<u64>>| Difference { ports: names.clone(), cycles: rows.iter().map(|r| split(r, &bits)).collect() };
    if flat.len() <= MAX_WALK_INPUT_BITS {
        match walk(&mut sim, flat.len(), options.max_states) {
            WalkEnd::Whole(w) => return Ok((w, None)),
            WalkEnd::Differs(path) => {
                let w = Walk::Whole { states: 0, transitions: 0, depth: path.len() };
                return Ok((w, Some(difference(path.into_iter().map(|v| vec![v]).collect()))));
            }
            WalkEnd::TooLarge => {}
        }
    }
    let why = if flat.len() > MAX_WALK_INPUT_BITS {
        format!("{} input bits: past {MAX_WALK_INPUT_BITS}, every value in every state is too many", flat.len())
    } else {
        format!("more than {} states of the pair (--max-states)", options.max_states)
    };
    let found = runs(&mut sim, flat.len(), options.runs, options.depth);
    Ok((Walk::Runs { why, runs: options.runs.div_ceil(64) * 64, depth: options.depth }, found.map(difference)))
}

enum WalkEnd {
    Whole(Walk),
    Differs(Vec<u64>),
    TooLarge,
}

/// Breadth first from power-on over the pair's states, every input value
/// in every state, 64 at a time.
fn walk(sim: &mut LaneSim<u64>, input_bits: usize, max_states: usize) -> WalkEnd {
    let stride = sim.state_stride().max(1);
    let values: u64 = 1 << input_bits;
    let mut init = sim.init_row().to_vec();
    init.resize(stride, 0);
    let mut index: HashMap<Vec<u64>, usize> = HashMap::from([(init.clone(), 0)]);
    // Each state's row and the way it was first reached: (parent, input).
    let mut states: Vec<(Vec<u64>, Option<(usize, u64)>)> = vec![(init, None)];
    let path = |states: &[(Vec<u64>, Option<(usize, u64)>)], mut at: usize, last: u64| {
        let mut inputs = vec![last];
        while let Some((parent, input)) = states[at].1 {
            inputs.push(input);
            at = parent;
        }
        inputs.reverse();
        inputs
    };
    let (mut frontier, mut depth, mut transitions) = (vec![0usize], 0, 0u64);
    let mut state_rows = vec![0u64; 64 * stride];
    let mut input_rows = vec![0u64; 64 * sim.input_stride().max(1)];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &s in &frontier {
            for start in (0..values).step_by(64) {
                let lanes = (values - start).min(64) as usize;
                for l in 0..64 {
                    state_rows[l * stride..(l + 1) * stride].copy_from_slice(&states[s].0);
                    input_rows[l] = start + (l % lanes) as u64;
                }
                sim.load_state_rows(&state_rows);
                sim.set_input_rows(&input_rows);
                sim.eval();
                let differs = sim.output_word(0) & (u64::MAX >> (64 - lanes));
                if differs != 0 {
                    return WalkEnd::Differs(path(&states, s, start + differs.trailing_zeros() as u64));
                }
                transitions += lanes as u64;
                sim.step();
                let mut after = vec![0u64; 64 * stride];
                sim.state_rows(&mut after);
                for l in 0..lanes {
                    let row = &after[l * stride..(l + 1) * stride];
                    if !index.contains_key(row) {
                        if states.len() >= max_states {
                            return WalkEnd::TooLarge;
                        }
                        index.insert(row.to_vec(), states.len());
                        next.push(states.len());
                        states.push((row.to_vec(), Some((s, start + l as u64))));
                    }
                }
            }
        }
        if !next.is_empty() {
            depth += 1;
        }
        frontier = next;
    }
    WalkEnd::Whole(Walk::Whole { states: states.len(), transitions, depth })
}

/// `runs` random input sequences (seeded) of `depth` cycles from power-on,
/// 64 at a time: the first that shows a difference, its input rows.
fn runs(sim: &mut LaneSim<u64>, input_bits: usize, runs: usize, depth: usize) -> Option<Vec<Vec<u64>>> {
    let mut rng = nimforge_netlist::fuzz::Rng::new(1);
    let stride = sim.input_stride().max(1);
    // The last word of a row keeps only the input's bits.
    let last = if input_bits % 64 == 0 { u64::MAX } else { (1u64 << (input_bits % 64)) - 1 };
    for _ in 0..runs.div_ceil(64) {
        sim.power_on();
        let mut history: Vec<Vec<u64>> = Vec::with_capacity(depth);
        for _ in 0..depth {
            let mut rows: Vec<u64> = (0..64 * stride).map(|_| rng.next()).collect();
            for l in 0..64 {
                rows[l * stride + stride - 1] &= last;
            }
            sim.set_input_rows(&rows);
            sim.eval();
            let differs = sim.output_word(0);
            history.push(rows);
            if differs != 0 {
                let lane = differs.trailing_zeros() as usize;
                return Some(history.iter().map(|h| h[lane * stride..(lane + 1) * stride].to_vec()).collect());
            }
            sim.step();
        }
    }
    None
}
