//! The walk over every reachable state of the pair under every input
//! value, and the random runs from power-on where the space is too large.

use super::{Options, Walk, FIRST_RUNS, FIRST_RUNS_DEPTH, FIRST_RUNS_TIME, MAX_WALK_INPUT_BITS};
use crate::flow::budget;
use crate::flow::yosys::ModulePort;
use crate::Error;
use nimforge_netlist::lanes::LaneSim;
use nimforge_netlist::Netlist;
use std::collections::HashMap;
use std::time::Duration;

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

/// The miter in the bit-parallel simulator: its input bits port by port,
/// all of them in order, and the simulator with `trigger` its output.
fn miter_sim(net: &Netlist, inputs: &[&ModulePort]) -> Result<(Vec<Vec<usize>>, Vec<usize>, LaneSim<u64>), Error> {
    let bits = input_bits(net, inputs)?;
    let flat: Vec<usize> = bits.iter().flatten().copied().collect();
    let trigger = net.output_port("trigger").map_err(Error::Netlist)?;
    let sim = LaneSim::<u64>::new(net, &flat, &trigger);
    Ok((bits, flat, sim))
}

/// The walk's way to a difference (an input value a cycle) as a value per
/// port per cycle.
fn walked_rows(path: Vec<u64>, bits: &[Vec<usize>]) -> Vec<Vec<String>> {
    path.into_iter().map(|v| split(|i| v >> i & 1 == 1, bits)).collect()
}

/// A random run's input rows (each the words of every port's bits) as a
/// value per port per cycle.
fn run_rows(rows: &[Vec<u64>], bits: &[Vec<usize>]) -> Vec<Vec<String>> {
    rows.iter().map(|r| split(|i| r.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1), bits)).collect()
}

/// An input row (the bits of every port, in order) as a value per port,
/// bits as text, most significant first.
fn split(bit: impl Fn(usize) -> bool, bits: &[Vec<usize>]) -> Vec<String> {
    let mut at = 0;
    bits.iter()
        .map(|b| {
            let v: String = (0..b.len()).rev().map(|k| if bit(at + k) { '1' } else { '0' }).collect();
            at += b.len();
            v
        })
        .collect()
}

/// What the simulation did ([`simulate`]).
pub(super) struct Simulated {
    /// How far the walk, or the runs, went.
    pub(super) walk: Walk,
    /// The input sequence of the first difference found (a value per port
    /// per cycle): the walk's where [`Simulated::walk`] is whole.
    pub(super) found: Option<Vec<Vec<String>>>,
    /// Which engine gives the pair's one counterexample, whoever found a
    /// difference first.
    pub(super) shortest: Shortest,
}

/// Which engine gives a pair's one counterexample (issue 56: the same on
/// every run, and a shortest): the walk's first difference where the walk
/// meets it within [`SHORTEST_WALK`] transitions (breadth first, every
/// input value in each state in a fixed order: a shortest, and the same on
/// every run), else the bounded proof's (cycle by cycle and deterministic).
/// Both are caps the walk has whatever the host, so the choice is the same
/// on every run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shortest {
    /// [`Simulated::found`] is the walk's first difference, met within
    /// them.
    Found,
    /// The walk was cut short within them for no reason of its own (the
    /// first random runs found a difference before it began, or a prover
    /// settled the pair): a walk alone gives it ([`first_difference`]), if
    /// it meets a difference within them.
    Walk,
    /// The walk went past them, or past `--max-states`, or could not run
    /// (too wide an input, its time ran out): the bounded proof gives it.
    Proof,
}

impl Shortest {
    /// Where the walk has not run, for a miter of `input_bits` input bits:
    /// a walk alone gives it where every input value may be walked.
    pub(super) fn before_walk(input_bits: usize) -> Shortest {
        if input_bits <= MAX_WALK_INPUT_BITS {
            Shortest::Walk
        } else {
            Shortest::Proof
        }
    }
}

/// The share of the budget (one in so many) the random runs still get
/// where the walk's miter is made after the half of the budget at which
/// they would end: on a large pair (an OpenTitan block behind a bus host,
/// whose miter takes 40 s of CPU in steps) no run would start otherwise,
/// and a run that drives the bus finds in its first steps a difference no
/// prover reaches (docs/check-corpus.md, "Behind a bus host").
const LATE_RUNS: u32 = 6;

/// The transitions (state and input pairs) within which the walk's first
/// difference is a pair's one counterexample ([`Shortest`]): about a
/// second of walking a middling design, where the bounded proof may take
/// minutes on a difference 40 cycles deep (iscas89's s400 and s444).
pub(super) const SHORTEST_WALK: u64 = 1 << 24;

/// The walk, or the runs where the space is too large: how far it went,
/// and the input sequence of the first difference. The walk goes until
/// `walk_until`, the runs until `runs_until` or, where the miter was made
/// later than that leaves them [`LATE_RUNS`] of the budget, until that
/// share after it (within the thread's own limit), all on the thread's CPU
/// clock ([`budget::spent`]).
pub(super) fn simulate(
    net: &Netlist,
    inputs: &[&ModulePort],
    options: &Options,
    (walk_until, runs_until): (Duration, Duration),
    settled: &std::sync::atomic::AtomicBool,
) -> Result<Simulated, Error> {
    let (bits, flat, mut sim) = miter_sim(net, inputs)?;
    let runs_until = runs_until.max(budget::spent() + options.timeout / LATE_RUNS).min(budget::cpu_limit().unwrap_or(Duration::MAX));
    // The fast falsifier first: a short burst of random runs, which finds
    // a shallow difference long before the walk's breadth reaches it.
    let burst_until = (budget::spent() + FIRST_RUNS_TIME).min(walk_until);
    let (found, done) = runs(&mut sim, flat.len(), FIRST_RUNS.min(options.runs), FIRST_RUNS_DEPTH.min(options.depth), burst_until, settled);
    let walkable = Shortest::before_walk(flat.len());
    if let Some(rows) = found {
        let found = Some(run_rows(&rows, &bits));
        let why = "random runs go first, as the fast falsifier".to_string();
        return Ok(Simulated { walk: Walk::Runs { why, runs: done, depth: FIRST_RUNS_DEPTH.min(options.depth) }, found, shortest: walkable });
    }
    let mut why = format!("{} input bits: past {MAX_WALK_INPUT_BITS}, every value in every state is too many", flat.len());
    let mut shortest = Shortest::Proof;
    if walkable == Shortest::Walk {
        match walk(&mut sim, flat.len(), (options.max_states, u64::MAX), walk_until, settled) {
            WalkEnd::Whole(walk) => return Ok(Simulated { walk, found: None, shortest }),
            WalkEnd::Differs { path, transitions } => {
                let walk = Walk::Whole { states: 0, transitions: 0, depth: path.len() };
                let found = Some(walked_rows(path, &bits));
                return Ok(Simulated { walk, found, shortest: if transitions < SHORTEST_WALK { Shortest::Found } else { Shortest::Proof } });
            }
            WalkEnd::TooLarge => why = format!("more than {} states of the pair (--max-states)", options.max_states),
            WalkEnd::OutOfTime(states) => why = format!("its third of the time budget (CPU time) ran out at {states} states"),
            WalkEnd::Settled { states, transitions } => {
                why = format!("a prover settled the pair first, at {states} states");
                if transitions < SHORTEST_WALK {
                    shortest = Shortest::Walk;
                }
            }
        }
    }
    let (found, done) = runs(&mut sim, flat.len(), options.runs, options.depth, runs_until, settled);
    let found = found.map(|rows| run_rows(&rows, &bits));
    Ok(Simulated { walk: Walk::Runs { why, runs: done, depth: options.depth }, found, shortest })
}

/// The walk alone from power-on, breadth first, to the pair's first
/// difference: a shortest one, and the same on every run (the states taken
/// in the order first reached, every input value in each in a fixed
/// order), whichever engine of the check found a difference first. None
/// where the walk ends without one: the same machine, more than
/// `max_states` states, [`SHORTEST_WALK`] transitions, or `until` on the
/// thread's CPU clock ([`budget::spent`]).
pub(super) fn first_difference(net: &Netlist, inputs: &[&ModulePort], max_states: usize, until: Duration) -> Result<Option<Vec<Vec<String>>>, Error> {
    let (bits, flat, mut sim) = miter_sim(net, inputs)?;
    let settled = std::sync::atomic::AtomicBool::new(false);
    Ok(match walk(&mut sim, flat.len(), (max_states, SHORTEST_WALK), until, &settled) {
        WalkEnd::Differs { path, .. } => Some(walked_rows(path, &bits)),
        _ => None,
    })
}

enum WalkEnd {
    Whole(Walk),
    /// The inputs from power-on to the first difference, and the
    /// transitions clocked before it.
    Differs {
        path: Vec<u64>,
        transitions: u64,
    },
    /// More states than the walk may hold, or more transitions.
    TooLarge,
    /// The walk's share of the budget ran out: the states reached.
    OutOfTime(usize),
    /// A prover settled the pair first: the states reached and the
    /// transitions clocked.
    Settled {
        states: usize,
        transitions: u64,
    },
}

/// Breadth first from power-on over the pair's states, every input value
/// in every state, 64 at a time, until `until` on the thread's CPU clock,
/// and at most `max_states` states and `max_transitions` transitions; a
/// progress line on a terminal.
fn walk(
    sim: &mut LaneSim<u64>,
    input_bits: usize,
    (max_states, max_transitions): (usize, u64),
    until: Duration,
    settled: &std::sync::atomic::AtomicBool,
) -> WalkEnd {
    use std::io::IsTerminal;
    let progress = std::io::stderr().is_terminal();
    let (t0, mut shown) = (std::time::Instant::now(), std::time::Instant::now());
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
            let now = std::time::Instant::now();
            let settled = settled.load(std::sync::atomic::Ordering::Relaxed);
            if budget::spent() >= until || settled {
                if progress {
                    eprint!("\r\x1b[K");
                }
                return if settled { WalkEnd::Settled { states: states.len(), transitions } } else { WalkEnd::OutOfTime(states.len()) };
            }
            if progress && now.duration_since(shown).as_secs() >= 1 {
                shown = now;
                eprint!("\r\x1b[Kwalk: {} states, depth {depth}, {} s", states.len(), now.duration_since(t0).as_secs());
            }
            for start in (0..values).step_by(64) {
                if transitions >= max_transitions {
                    return WalkEnd::TooLarge;
                }
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
                    return WalkEnd::Differs { path: path(&states, s, start + differs.trailing_zeros() as u64), transitions };
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
    if progress {
        eprint!("\r\x1b[K");
    }
    WalkEnd::Whole(Walk::Whole { states: states.len(), transitions, depth })
}

/// `runs` random input sequences (seeded) of `depth` cycles from power-on,
/// 64 at a time, until `until` on the thread's CPU clock: the first that
/// shows a difference, its input rows; and how many ran.
fn runs(
    sim: &mut LaneSim<u64>,
    input_bits: usize,
    runs: usize,
    depth: usize,
    until: Duration,
    settled: &std::sync::atomic::AtomicBool,
) -> (Option<Vec<Vec<u64>>>, usize) {
    let mut rng = nimforge_netlist::fuzz::Rng::new(1);
    let stride = sim.input_stride().max(1);
    // The last word of a row keeps only the input's bits.
    let last = if input_bits.is_multiple_of(64) { u64::MAX } else { (1u64 << (input_bits % 64)) - 1 };
    for done in 0..runs.div_ceil(64) {
        if budget::spent() >= until || settled.load(std::sync::atomic::Ordering::Relaxed) {
            return (None, done * 64);
        }
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
                return (Some(history.iter().map(|h| h[lane * stride..(lane + 1) * stride].to_vec()).collect()), done * 64 + 64);
            }
            sim.step();
        }
    }
    (None, runs.div_ceil(64) * 64)
}
