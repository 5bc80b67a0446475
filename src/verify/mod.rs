//! The equivalence harness: every level of a machine against its oracle.
//!
//! A machine describes its ports, its input letters (one press, or none, per
//! clock cycle) and its oracle ([`Machine`]). The harness builds the oracle's
//! state graph, a transition tour over it and the machine's whole-move runs;
//! replays that one input sequence at every level; and compares every output
//! after every clock with the oracle's.
//!
//! Levels: `rtl` (the rust-hdl simulation, in process), `verilog` (the file in
//! `generated/` in Icarus and in Verilator), `netlist` with two engines
//! ([`Engine`]: yosys `synth_ice40` written back as Verilog and run in Icarus
//! with yosys's iCE40 cell models, and yosys's generic gates as BLIF run in
//! the bit-parallel simulator of [`crate::netlist`]), `bitstream`
//! (nextpnr-ice40 and icepack for the iCEstick, the `.asc` turned back into
//! Verilog by icebox_vlog).

pub mod die18;
pub mod hdl;
pub mod learning;
pub mod nimrod;
pub mod nimatron;
pub mod panel;
pub mod relay_nim;
pub mod rtl;
pub mod tour;
pub mod verdict;
pub mod wilson;

use std::fmt::Debug;
use std::hash::Hash;

/// A port of a design, as the Verilog names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Port {
    pub name: &'static str,
    pub width: usize,
}

/// One input letter: a value for every input port during one clock cycle.
#[derive(Clone, Debug)]
pub struct Letter {
    pub name: String,
    pub inputs: Vec<u64>,
}

/// A machine as the harness sees it: its ports, its letters, its oracle and
/// its rust-hdl design.
pub trait Machine {
    type State: Copy + Eq + Hash + Debug;
    /// Registers the logic writes but never reads back (counters): checked
    /// every cycle, left out of the state graph the tour walks.
    type Extra: Copy + Default + Debug;
    type Design: rust_hdl::prelude::Block;
    /// The name on the command line.
    const NAME: &'static str;
    /// The Verilog module and the stem of its file in `generated/`.
    const MODULE: &'static str;
    /// Input ports besides `clock`, and output ports.
    fn inputs() -> Vec<Port>;
    fn outputs() -> Vec<Port>;
    /// The input alphabet; letter 0 is "no press".
    fn letters() -> Vec<Letter>;
    /// A letter that leads to power-on from every state (a power-on reset),
    /// if the machine has one; it lets the tour go home when nothing untried
    /// is near.
    fn home() -> Option<usize> {
        None
    }
    /// Whether the plan begins with the transition tour. A machine whose
    /// state space no tour can walk (Wilson's judge holds eight 7-bit
    /// groups) is checked by its whole-move runs alone, and says why.
    fn walks_tour() -> bool {
        true
    }
    fn power_on() -> Self::State;
    /// The oracle: one clock cycle under a letter.
    fn step(state: &Self::State, letter: usize) -> Self::State;
    /// The write-only registers after a cycle that starts in `before`.
    fn extra_step(extra: Self::Extra, before: &Self::State, letter: usize) -> Self::Extra;
    /// The outputs the design must show.
    fn observe(state: &Self::State, extra: &Self::Extra) -> Vec<u64>;
    /// The share of the tour that the slow levels (everything but `rtl`)
    /// replay, when the whole tour is too long for CI; 1.0 is all of it.
    fn slow_share() -> f64 {
        1.0
    }
    /// Whole machine moves, run to completion from every position: the
    /// letters, after checking the oracle's cycles against its move-level
    /// function along the way. Starts from any state (begins with a reset).
    fn move_runs() -> Result<Vec<usize>, String>;
    /// The design as it is verified and emitted.
    fn design() -> Self::Design;
    fn clock(design: &mut Self::Design) -> &mut rust_hdl::prelude::Signal<rust_hdl::prelude::In, rust_hdl::prelude::Clock>;
    fn drive(design: &mut Self::Design, inputs: &[u64]);
    fn read(design: &Self::Design) -> Vec<u64>;
}

/// Where the output called `name` stands in [`Machine::outputs`] (and so in
/// [`Machine::read`] and [`Machine::observe`]).
pub fn output_index<M: Machine>(name: &str) -> usize {
    M::outputs().iter().position(|p| p.name == name).unwrap_or_else(|| panic!("{} has no output {name}", M::NAME))
}

/// The input sequence every level replays, and the oracle's state after
/// each of its clock cycles.
pub struct Plan<M: Machine> {
    pub letters: Vec<Letter>,
    /// Letter indices, one per cycle: the tour, then the move runs.
    pub sequence: Vec<usize>,
    /// The oracle's state after each cycle.
    pub after: Vec<(M::State, M::Extra)>,
    /// What part of the tour this plan holds, for the reports.
    pub coverage: String,
    pub tour_cycles: usize,
    pub states: usize,
    pub transitions: usize,
    pub states_covered: usize,
    pub transitions_covered: usize,
}

impl<M: Machine> Plan<M> {
    pub fn new() -> Result<Plan<M>, String> {
        let letters = M::letters();
        let n = letters.len();
        let t = if M::walks_tour() {
            let graph = tour::explore(M::power_on(), n, |s, l| M::step(s, l));
            tour::tour(&graph, n, M::home())
        } else {
            tour::Tour::default()
        };
        let moves = M::move_runs()?;
        let mut sequence = t.letters;
        let tour_cycles = sequence.len();
        sequence.extend(moves);
        let after = replay::<M>(&sequence);
        Ok(Plan {
            letters,
            sequence,
            after,
            coverage: if M::walks_tour() { "whole tour".into() } else { "every position run".into() },
            tour_cycles,
            states: t.states,
            transitions: t.transitions,
            states_covered: t.states_covered,
            transitions_covered: t.transitions_covered,
        })
    }

    pub fn len(&self) -> usize {
        self.sequence.len()
    }

    /// A seeded share of the tour for the slow levels: the tour cut where the
    /// home letter (a power-on reset) begins a piece, the first piece and each
    /// other piece with probability `share`, then every whole-move run.
    pub fn share(&self, share: f64, seed: u64) -> Plan<M> {
        let Some(home) = M::home().filter(|_| share < 1.0) else {
            return Plan {
                letters: self.letters.clone(),
                sequence: self.sequence.clone(),
                after: self.after.clone(),
                coverage: self.coverage.clone(),
                tour_cycles: self.tour_cycles,
                states: self.states,
                transitions: self.transitions,
                states_covered: self.states_covered,
                transitions_covered: self.transitions_covered,
            };
        };
        // A machine without a tour shares its runs instead.
        let shareable = if M::walks_tour() { self.tour_cycles } else { self.len() };
        let tour = &self.sequence[..shareable];
        let mut rng = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut keep = true;
        let mut sequence = Vec::new();
        for &l in tour {
            if l == home {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                keep = ((rng >> 11) as f64 / (1u64 << 53) as f64) < share;
            }
            if keep {
                sequence.push(l);
            }
        }
        let kept = sequence.len();
        let tour_cycles = if M::walks_tour() { kept } else { 0 };
        sequence.extend_from_slice(&self.sequence[shareable..]);
        let after = replay::<M>(&sequence);
        let what = if M::walks_tour() { "the tour's" } else { "the runs'" };
        let rest = if M::walks_tour() { " and every whole move" } else { "" };
        Plan {
            letters: self.letters.clone(),
            sequence,
            after,
            coverage: format!(
                "{kept} of {what} {shareable} cycles ({:.1}%: pieces from each reset drawn with p = {share}, seed {seed}){rest}",
                100.0 * kept as f64 / shareable as f64
            ),
            tour_cycles,
            states: self.states,
            transitions: self.transitions,
            states_covered: self.states_covered,
            transitions_covered: self.transitions_covered,
        }
    }

    /// The outputs expected after cycle `i`.
    pub fn expected(&self, i: usize) -> Vec<u64> {
        let (s, e) = &self.after[i];
        M::observe(s, e)
    }

    /// The outputs before cycle `i` (power-on outputs before the first).
    pub fn outputs_before(&self, i: usize) -> Vec<u64> {
        if i == 0 {
            M::observe(&M::power_on(), &M::Extra::default())
        } else {
            self.expected(i - 1)
        }
    }

    /// "first mismatch at cycle i: state ..., input ..., expected ..., got ...".
    pub fn describe_mismatch(&self, i: usize, got: &[u64]) -> String {
        let outs = M::outputs();
        let fmt = |v: &[u64]| outs.iter().zip(v).map(|(p, x)| format!("{}={x}", p.name)).collect::<Vec<_>>().join(" ");
        let want = self.expected(i);
        let differs: Vec<&str> =
            outs.iter().zip(want.iter().zip(got)).filter(|(_, (a, b))| a != b).map(|(p, _)| p.name).collect();
        format!(
            "first mismatch at cycle {i}: state [{}], input {}, expected [{}], got [{}] (differs in {})",
            fmt(&self.outputs_before(i)),
            self.letters[self.sequence[i]].name,
            fmt(&want),
            fmt(got),
            differs.join(", ")
        )
    }
}

/// The oracle's states along a sequence from power-on.
fn replay<M: Machine>(sequence: &[usize]) -> Vec<(M::State, M::Extra)> {
    let mut state = M::power_on();
    let mut extra = M::Extra::default();
    sequence
        .iter()
        .map(|&l| {
            extra = M::extra_step(extra, &state, l);
            state = M::step(&state, l);
            (state, extra)
        })
        .collect()
}

/// What one level found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LevelReport {
    pub machine: String,
    pub level: String,
    pub vectors: usize,
    pub mismatches: usize,
    pub seconds: f64,
    /// Why the level did not run (a missing tool and its Debian package).
    pub skipped: Option<String>,
    /// What part of the tour the level replayed.
    pub coverage: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_mismatch: Option<String>,
}

/// The verification levels, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Level {
    Rtl,
    Verilog,
    Netlist,
    Bitstream,
    /// The board wrapper end to end through its UART (`verify::panel`):
    /// rust-hdl, Icarus, Verilator.
    Panel,
    All,
}

impl Level {
    pub fn expand(self) -> Vec<Level> {
        match self {
            Level::All => vec![Level::Rtl, Level::Verilog, Level::Netlist, Level::Bitstream, Level::Panel],
            l => vec![l],
        }
    }
}

/// The simulators of the `netlist` level (`--engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// Generic gates as BLIF (`fpga/blif.ys.j2`) in nimforge's own
    /// bit-parallel simulator (`src/netlist`): level `netlist/bitsim`.
    Bitsim,
    /// `synth_ice40` written back as Verilog, with yosys's iCE40 cell
    /// models, in Icarus: level `netlist/iverilog`.
    Iverilog,
    All,
}

impl Engine {
    pub fn expand(self) -> Vec<Engine> {
        match self {
            Engine::All => vec![Engine::Bitsim, Engine::Iverilog],
            e => vec![e],
        }
    }
}

/// Packs per-port values into one hexadecimal word, first port most significant.
pub fn to_hex(values: &[u64], ports: &[Port]) -> String {
    let mut bits = Vec::new();
    for (v, p) in values.iter().zip(ports) {
        for b in (0..p.width).rev() {
            bits.push(v >> b & 1 == 1);
        }
    }
    while bits.len() % 4 != 0 {
        bits.insert(0, false);
    }
    bits.chunks(4)
        .map(|c| {
            let d = c.iter().fold(0u32, |a, &b| a << 1 | b as u32);
            char::from_digit(d, 16).unwrap()
        })
        .collect()
}

/// The inverse of [`to_hex`]; `None` for something that is not such a word.
pub fn from_hex(hex: &str, ports: &[Port]) -> Option<Vec<u64>> {
    let total: usize = ports.iter().map(|p| p.width).sum();
    let mut bits = Vec::new();
    for c in hex.chars() {
        let d = c.to_digit(16)?;
        for b in (0..4).rev() {
            bits.push(d >> b & 1 == 1);
        }
    }
    if bits.len() < total {
        return None;
    }
    let mut bits = &bits[bits.len() - total..];
    let mut out = Vec::new();
    for p in ports {
        out.push(bits[..p.width].iter().fold(0u64, |a, &b| a << 1 | b as u64));
        bits = &bits[p.width..];
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip() {
        let ports = [Port { name: "a", width: 3 }, Port { name: "b", width: 1 }, Port { name: "c", width: 2 }];
        assert_eq!(to_hex(&[5, 1, 2], &ports), "2e");
        assert_eq!(from_hex("2e", &ports), Some(vec![5, 1, 2]));
        assert_eq!(from_hex("zz", &ports), None);
    }
}
