//! The equivalence harness: every level of a machine against its oracle.
//!
//! A machine describes its ports, its presses (its own type: one press, or
//! none, per clock cycle, listed once in [`Machine::alphabet`]; a letter is
//! a press's place in that list) and its oracle ([`Machine`]). The harness
//! builds the oracle's state graph, a transition tour over it and the
//! machine's whole-move runs; replays that one input sequence at every
//! level; and compares every output after every clock with the oracle's.
//!
//! Levels (each with its engines, [`Engine`]): `rtl` (the rust-hdl
//! simulation, in process); `verilog` (the file in `generated/`: as yosys's
//! generic gates in the bit-parallel simulator of [`crate::netlist`], in
//! Verilator, in Icarus); `netlist` (yosys `synth_ice40`: its JSON through
//! the iCE40 cell models in the bit-parallel simulator, and written back as
//! Verilog in Icarus with yosys's cell models); `bitstream` (nextpnr-ice40
//! and icepack, the `.asc` turned back into Verilog by icebox_vlog: as
//! generic gates in the bit-parallel simulator, and in Icarus); `panel` (the
//! board wrapper end to end) and `equiv` (proofs between levels). [`run`]
//! runs a machine's levels; the registry (`crate::machines`) names the
//! machines.

pub mod bitsim;
pub mod die18;
pub mod driver;
pub mod equiv;
pub mod hdl;
pub mod lanes;
pub mod learning;
pub mod nimrod;
pub mod nimatron;
pub mod panel;
pub mod progress;
pub mod relay_nim;
pub mod rtl;
pub mod run;
pub mod tour;
pub mod verdict;
pub mod verilated;
pub mod wilson;

use std::fmt::Debug;
use std::hash::Hash;

pub use crate::ports::Port;

/// One input letter: a value for every input port during one clock cycle.
#[derive(Clone, Debug)]
pub struct Letter {
    /// The letter's name in reports and scripts ("TAKE A", "none").
    pub name: String,
    /// A value per input port, in the order of [`Machine::inputs`].
    pub inputs: Vec<u64>,
}

impl Letter {
    /// The letter `name` of machine `M`: the input ports named in `set` at
    /// their values, every other input at 0. A port `M` does not have, or a
    /// value wider than its port, is a mistake in the machine's harness and
    /// panics naming it.
    pub fn of<M: Machine>(name: impl Into<String>, set: &[(&str, u64)]) -> Letter {
        let ports = M::inputs();
        let mut inputs = vec![0; ports.len()];
        for &(port, value) in set {
            let k = ports.iter().position(|p| p.name == port).unwrap_or_else(|| panic!("{} has no input {port}", M::NAME));
            assert!(ports[k].width >= 64 || value >> ports[k].width == 0, "{}: {value} does not fit input {port}", M::NAME);
            inputs[k] = value;
        }
        Letter { name: name.into(), inputs }
    }
}

/// A machine as the harness sees it: its ports, its letters, its oracle and
/// its rust-hdl design.
pub trait Machine {
    /// The oracle's state: the registers the logic reads back, the nodes of
    /// the state graph the tour walks.
    type State: Copy + Eq + Hash + Debug + Send + Sync;
    /// Registers the logic writes but never reads back (counters): checked
    /// every cycle, left out of the state graph the tour walks.
    type Extra: Copy + Default + Debug + PartialEq + Send + Sync;
    /// The rust-hdl design ([`Machine::design`]).
    type Design: rust_hdl::prelude::Block;
    /// What a person does in one clock cycle (a button pressed, or none):
    /// the machine's own type, which its oracle steps on. A letter is a
    /// press's place in [`Machine::alphabet`].
    type Press: Copy + PartialEq + Debug + Send + Sync;
    /// The name on the command line.
    const NAME: &'static str;
    /// The Verilog module and the stem of its file in `generated/`: the
    /// name unless said otherwise.
    const MODULE: &'static str = Self::NAME;
    /// Input ports besides `clock`, in the order of [`Letter::inputs`].
    fn inputs() -> Vec<Port>;
    /// Output ports, in the order of [`Machine::read`] and
    /// [`Machine::observe`].
    fn outputs() -> Vec<Port>;
    /// The input alphabet, declared once: every press the machine can get
    /// in one clock cycle, in letter order, "no press" first.
    fn alphabet() -> Vec<Self::Press>;
    /// A press's letter: its name in reports and scripts, and the inputs it
    /// sets ([`Letter::of`]).
    fn letter(press: Self::Press) -> Letter;
    /// The letters of [`Machine::alphabet`], in its order.
    fn letters() -> Vec<Letter> {
        Self::alphabet().into_iter().map(Self::letter).collect()
    }
    /// The letter of `press`: its place in [`Machine::alphabet`]. A press
    /// the alphabet does not hold is a mistake in the harness and panics
    /// naming it.
    fn letter_of(press: Self::Press) -> usize {
        letter_in::<Self>(&Self::alphabet(), press)
    }
    /// A press that leads to power-on from every state (a power-on reset),
    /// if the machine has one; it lets the tour go home when nothing untried
    /// is near.
    fn home() -> Option<Self::Press> {
        None
    }
    /// Whether the plan begins with the transition tour. A machine whose
    /// state space no tour can walk (Wilson's judge holds eight 7-bit
    /// groups) is checked by its whole-move runs alone, and says why.
    fn walks_tour() -> bool {
        true
    }
    /// Whether the bitsim levels run the transition search
    /// ([`lanes::search`]): every reachable state under every letter, one
    /// clock each, forked in the netlist. Every machine with a tour does;
    /// a machine with too many states for a single tour but few enough to
    /// list may (Nimrod).
    fn searches() -> bool {
        Self::walks_tour()
    }
    /// Runs far beyond the plan for the bitsim levels alone, where the
    /// lanes go orders of magnitude deeper than the external simulators can
    /// (the learning machine's million games, Wilson's ten million
    /// positions): a level `<level>-deep` beside each bitsim level.
    fn deep() -> Option<Deep> {
        None
    }
    /// The oracle's state at power-on, where every plan begins.
    fn power_on() -> Self::State;
    /// The oracle: one clock cycle under a press.
    fn step(state: &Self::State, press: Self::Press) -> Self::State;
    /// The write-only registers after a cycle that starts in `before`
    /// (none by default: they stay as they are).
    fn extra_step(extra: Self::Extra, before: &Self::State, press: Self::Press) -> Self::Extra {
        let _ = (before, press);
        extra
    }
    /// The outputs the design must show.
    fn observe(state: &Self::State, extra: &Self::Extra) -> Vec<u64>;
    /// Whole machine moves, run to completion from every position: the
    /// letters, after checking the oracle's cycles against its move-level
    /// function along the way. Starts from any state (begins with a reset).
    fn move_runs() -> Result<Vec<usize>, String>;
    /// The design as it is verified and emitted.
    fn design() -> Self::Design;
    /// The design's clock input, for the `rtl` simulation to toggle.
    fn clock(design: &mut Self::Design) -> &mut rust_hdl::prelude::Signal<rust_hdl::prelude::In, rust_hdl::prelude::Clock>;
    /// Sets the design's inputs to a letter's values (in the order of
    /// [`Machine::inputs`]) for the next clock.
    fn drive(design: &mut Self::Design, inputs: &[u64]);
    /// The design's outputs now, in the order of [`Machine::outputs`].
    fn read(design: &Self::Design) -> Vec<u64>;
}

/// The letter of `press` in `alphabet` (machine `M`'s).
pub(crate) fn letter_in<M: Machine + ?Sized>(alphabet: &[M::Press], press: M::Press) -> usize {
    alphabet.iter().position(|&p| p == press).unwrap_or_else(|| panic!("{}: {press:?} is not in the alphabet", M::NAME))
}

/// Presses written into a run one at a time with the oracle following
/// along, so a run can be steered by what the machine shows: what the
/// machines' [`Machine::move_runs`] are built with.
pub struct Recorder<M: Machine> {
    /// The letters so far.
    pub letters: Vec<usize>,
    /// The oracle's state after them.
    pub state: M::State,
    alphabet: Vec<M::Press>,
}

impl<M: Machine> Default for Recorder<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Machine> Recorder<M> {
    /// An empty run from power-on.
    pub fn new() -> Self {
        Recorder { letters: Vec::new(), state: M::power_on(), alphabet: M::alphabet() }
    }

    /// One cycle with `press`.
    pub fn push(&mut self, press: M::Press) {
        self.state = M::step(&self.state, press);
        self.letters.push(letter_in::<M>(&self.alphabet, press));
    }
}

/// A machine's deep runs ([`Machine::deep`]): input sequences from
/// power-on, made one chunk at a time so that memory stays small, each
/// chunk cut into pieces for the lanes as a plan is.
pub struct Deep {
    /// What the runs hold, for the report.
    pub what: String,
    /// How many chunks.
    pub chunks: usize,
    /// The letters of chunk `k`, from power-on; an error names what the
    /// oracle found wrong on the way.
    pub chunk: fn(usize) -> Result<Vec<usize>, String>,
}

/// Where the output called `name` stands in [`Machine::outputs`] (and so in
/// [`Machine::read`] and [`Machine::observe`]).
pub fn output_index<M: Machine>(name: &str) -> usize {
    M::outputs().iter().position(|p| p.name == name).unwrap_or_else(|| panic!("{} has no output {name}", M::NAME))
}

/// The input sequence every level replays, and the oracle's state after
/// each of its clock cycles.
pub struct Plan<M: Machine> {
    /// The machine's input alphabet ([`Machine::letters`]).
    pub letters: Vec<Letter>,
    /// Letter indices, one per cycle: the tour, then the move runs.
    pub sequence: Vec<usize>,
    /// The oracle's state after each cycle.
    pub after: Vec<(M::State, M::Extra)>,
    /// What part of the tour this plan holds, for the reports.
    pub coverage: String,
    /// Cycles of the tour at the start of [`Plan::sequence`] (0 without a
    /// tour).
    pub tour_cycles: usize,
    /// Reachable states in the oracle's state graph.
    pub states: usize,
    /// Transitions in the state graph: states times letters.
    pub transitions: usize,
    /// States the tour visits.
    pub states_covered: usize,
    /// Distinct transitions the tour takes.
    pub transitions_covered: usize,
    /// [`Plan::pieces`], worked out on first use.
    pieces: std::sync::OnceLock<Vec<std::ops::Range<usize>>>,
}

impl<M: Machine> Plan<M> {
    /// The plan from power-on: the transition tour of the oracle's state
    /// graph (when the machine walks one), then its whole-move runs; an
    /// error is a tour that misses a transition ([`tour::Tour::whole`]) or
    /// what [`Machine::move_runs`] found wrong.
    pub fn new() -> Result<Plan<M>, String> {
        let letters = M::letters();
        let alphabet = M::alphabet();
        let n = letters.len();
        let t = if M::walks_tour() {
            let graph = tour::explore(M::power_on(), n, |s, l| M::step(s, alphabet[l]));
            let t = tour::tour(&graph, n, M::home().map(M::letter_of));
            t.whole().map_err(|e| format!("{}: {e}", M::NAME))?;
            t
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
            pieces: Default::default(),
        })
    }

    /// A plan of the given letters from power-on, without a tour (for
    /// tests and studies).
    pub fn of_sequence(sequence: Vec<usize>, coverage: &str) -> Plan<M> {
        Plan {
            letters: M::letters(),
            after: replay::<M>(&sequence),
            sequence,
            coverage: coverage.to_string(),
            tour_cycles: 0,
            states: 0,
            transitions: 0,
            states_covered: 0,
            transitions_covered: 0,
            pieces: Default::default(),
        }
    }

    /// Clock cycles in the plan.
    pub fn len(&self) -> usize {
        self.sequence.len()
    }

    /// A seeded share of the plan of about `cycles` cycles, for Icarus: the
    /// first of [`Plan::pieces`] and each other piece with probability
    /// `cycles / len`, in order. Each piece begins at power-on, so the
    /// pieces kept follow one another as one run; the whole plan when it is
    /// no longer than `cycles`.
    pub fn share(&self, cycles: usize, seed: u64) -> Plan<M> {
        let share = cycles as f64 / self.len().max(1) as f64;
        let pieces = self.pieces();
        let mut rng = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut sequence = Vec::new();
        let mut after = Vec::new();
        let mut kept = 0;
        for (k, r) in pieces.iter().enumerate() {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if share >= 1.0 || k == 0 || ((rng >> 11) as f64 / (1u64 << 53) as f64) < share {
                sequence.extend_from_slice(&self.sequence[r.clone()]);
                after.extend_from_slice(&self.after[r.clone()]);
                kept += 1;
            }
        }
        let coverage = if kept == pieces.len() {
            self.coverage.clone()
        } else {
            format!(
                "{} of the plan's {} cycles ({:.1}%: {kept} of its {} pieces from power-on, drawn with p = {share:.4}, seed {seed})",
                sequence.len(),
                self.len(),
                100.0 * sequence.len() as f64 / self.len().max(1) as f64,
                pieces.len()
            )
        };
        Plan {
            letters: self.letters.clone(),
            sequence,
            after,
            coverage,
            tour_cycles: 0,
            states: self.states,
            transitions: self.transitions,
            states_covered: self.states_covered,
            transitions_covered: self.transitions_covered,
            pieces: Default::default(),
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
        let place = format!("cycle {i}");
        describe::<M>(&place, &self.outputs_before(i), &self.letters[self.sequence[i]].name, &self.expected(i), got)
    }

    /// The plan cut into pieces that each start at power-on: a new piece
    /// begins after every cycle that leaves the oracle at power-on (state
    /// and write-only registers). Each piece can run on its own from a
    /// netlist's power-on, with the expectations computed along the plan.
    pub fn pieces(&self) -> &[std::ops::Range<usize>] {
        self.pieces.get_or_init(|| self.cut_pieces())
    }

    fn cut_pieces(&self) -> Vec<std::ops::Range<usize>> {
        let home = (M::power_on(), M::Extra::default());
        let mut out = Vec::new();
        let mut start = 0;
        for (i, after) in self.after.iter().enumerate() {
            if *after == home && i + 1 > start {
                out.push(start..i + 1);
                start = i + 1;
            }
        }
        if start < self.len() {
            out.push(start..self.len());
        }
        out
    }
}

impl<M: Machine> Plan<M> {
    /// Where `n` stretches of about equal length begin, each at the start
    /// of a piece (so each can run on its own from power-on), and the
    /// plan's end: `[0, ..., len]`.
    pub fn stretches(&self, n: usize) -> Vec<usize> {
        let starts: Vec<usize> = self.pieces().iter().map(|r| r.start).collect();
        let mut cuts = vec![0];
        for j in 1..n.max(1) {
            if let Some(&cut) = starts.get(starts.partition_point(|&s| s < self.len() * j / n)) {
                if cut > *cuts.last().unwrap() && cut < self.len() {
                    cuts.push(cut);
                }
            }
        }
        cuts.push(self.len());
        cuts
    }
}

/// "first mismatch at PLACE: state [...], input X, expected [...], got
/// [...] (differs in ...)", the state shown by its outputs.
pub fn describe<M: Machine>(place: &str, before: &[u64], letter: &str, want: &[u64], got: &[u64]) -> String {
    let outs = M::outputs();
    let fmt = |v: &[u64]| outs.iter().zip(v).map(|(p, x)| format!("{}={x}", p.name)).collect::<Vec<_>>().join(" ");
    let differs: Vec<&str> =
        outs.iter().zip(want.iter().zip(got)).filter(|(_, (a, b))| a != b).map(|(p, _)| p.name).collect();
    format!(
        "first mismatch at {place}: state [{}], input {letter}, expected [{}], got [{}] (differs in {})",
        fmt(before),
        fmt(want),
        fmt(got),
        differs.join(", ")
    )
}

/// The oracle's states along a sequence from power-on.
fn replay<M: Machine>(sequence: &[usize]) -> Vec<(M::State, M::Extra)> {
    let alphabet = M::alphabet();
    let mut state = M::power_on();
    let mut extra = M::Extra::default();
    sequence
        .iter()
        .map(|&l| {
            extra = M::extra_step(extra, &state, alphabet[l]);
            state = M::step(&state, alphabet[l]);
            (state, extra)
        })
        .collect()
}

/// How a level ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Every vector compared, none differed.
    Passed,
    /// It ran and some outputs differed from the oracle's.
    Mismatched,
    /// It could not run to the end: a tool failed or crashed, a netlist
    /// could not be read (`error` says what).
    Failed,
    /// A tool it needs is not installed.
    Skipped,
}

/// What one level found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LevelReport {
    /// The machine's name ([`Machine::NAME`]).
    pub machine: String,
    /// The level and its engine: `rtl`, `verilog/bitsim`, `netlist/icarus`, ...
    pub level: String,
    /// How the level ended.
    pub status: Status,
    /// Cycles compared (lane-cycles for the bitsim engines).
    pub vectors: usize,
    /// Runs side by side: the lanes of all threads for bitsim, the
    /// stretches from power-on for rtl (a thread each), 1 for the others.
    pub lanes: usize,
    /// Vectors whose outputs differed from the oracle's.
    pub mismatches: usize,
    /// Wall-clock time the level took, in seconds.
    pub seconds: f64,
    /// Why the level did not run (a missing tool and its Debian package).
    pub skipped: Option<String>,
    /// What part of the plan the level replayed.
    pub coverage: String,
    /// The first mismatch: where, the state, the input, the outputs
    /// expected and got ([`describe`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_mismatch: Option<String>,
    /// Why a failed level failed: the tool's output tail or the reader's error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl LevelReport {
    /// A level that compared `vectors` cycles and found `mismatches`.
    pub fn judged(machine: &str, level: &str, vectors: usize, mismatches: usize, first: Option<String>) -> LevelReport {
        LevelReport {
            machine: machine.into(),
            level: level.into(),
            status: if mismatches > 0 { Status::Mismatched } else { Status::Passed },
            vectors,
            lanes: 1,
            mismatches,
            seconds: 0.0,
            skipped: None,
            coverage: String::new(),
            first_mismatch: first,
            error: None,
        }
    }

    /// A level that could not run to the end.
    pub fn failed(machine: &str, level: &str, error: String) -> LevelReport {
        LevelReport { status: Status::Failed, error: Some(error), ..LevelReport::judged(machine, level, 0, 0, None) }
    }

    /// A level whose tool is missing.
    pub fn skipped(machine: &str, level: &str, tool: crate::flow::Tool) -> LevelReport {
        let why = format!("{} is not installed (Debian package {})", tool.program, tool.package);
        LevelReport { status: Status::Skipped, skipped: Some(why), ..LevelReport::judged(machine, level, 0, 0, None) }
    }

    /// A tool's error: skipped when the tool is missing, else failed.
    pub fn from_error(machine: &str, level: &str, e: crate::flow::ToolError) -> LevelReport {
        match e {
            crate::flow::ToolError::Missing(tool) => LevelReport::skipped(machine, level, tool),
            e => LevelReport::failed(machine, level, e.to_string()),
        }
    }

    /// The report with its time set, in seconds.
    pub fn seconds(mut self, seconds: f64) -> LevelReport {
        self.seconds = seconds;
        self
    }

    /// The report with its coverage note set.
    pub fn coverage(mut self, coverage: impl Into<String>) -> LevelReport {
        self.coverage = coverage.into();
        self
    }

    /// The report with its count of runs side by side set.
    pub fn lanes(mut self, lanes: usize) -> LevelReport {
        self.lanes = lanes;
        self
    }

    /// Whether the level counts against the run: a mismatch or a failure.
    pub fn bad(&self) -> bool {
        matches!(self.status, Status::Mismatched | Status::Failed)
    }
}

/// The verification levels, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Level {
    /// The rust-hdl simulation, in process.
    Rtl,
    /// The Verilog file in `generated/` (bitsim, Icarus, Verilator).
    Verilog,
    /// yosys's `synth_ice40` netlist (bitsim, Icarus).
    Netlist,
    /// The placed-and-routed `.asc` for the iCEstick, turned back into
    /// Verilog by icebox_vlog (bitsim, Icarus).
    Bitstream,
    /// The board wrapper end to end through its UART (`verify::panel`):
    /// rust-hdl, Icarus, Verilator.
    Panel,
    /// The netlist proven equal to the Verilog and the bitstream to the
    /// netlist, for every machine and wrapper (`verify::equiv`, yosys).
    Equiv,
    /// Every level above.
    All,
}

impl Level {
    /// The levels this stands for: every one for [`Level::All`], else
    /// itself.
    pub fn expand(self) -> Vec<Level> {
        match self {
            Level::All => vec![Level::Rtl, Level::Verilog, Level::Netlist, Level::Bitstream, Level::Panel, Level::Equiv],
            l => vec![l],
        }
    }

    /// The level's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Level::Rtl => "rtl",
            Level::Verilog => "verilog",
            Level::Netlist => "netlist",
            Level::Bitstream => "bitstream",
            Level::Panel => "panel",
            Level::Equiv => "equiv",
            Level::All => "all",
        }
    }

    /// The engines that simulate this level.
    pub fn engines(self) -> &'static [Engine] {
        match self {
            Level::Verilog => &[Engine::Bitsim, Engine::Icarus, Engine::Verilator],
            Level::Netlist | Level::Bitstream => &[Engine::Bitsim, Engine::Icarus],
            _ => &[],
        }
    }
}

/// The simulators of the hardware levels (`--engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// nimforge's own bit-parallel simulator (`src/netlist`), the whole
    /// plan in lanes: at `verilog`, yosys's generic gates of the generated
    /// Verilog; at `netlist`, the `synth_ice40` netlist's iCE40 cells; at
    /// `bitstream`, the `.asc` turned back into Verilog.
    Bitsim,
    /// Icarus Verilog, an independent second opinion (a seeded share of a
    /// long plan).
    #[value(alias = "iverilog")]
    Icarus,
    /// Verilator, at the `verilog` level: the whole plan.
    Verilator,
    /// Every engine above.
    All,
}

impl Engine {
    /// The engines this stands for: every one for [`Engine::All`], else
    /// itself.
    pub fn expand(self) -> Vec<Engine> {
        match self {
            Engine::All => vec![Engine::Bitsim, Engine::Icarus, Engine::Verilator],
            e => vec![e],
        }
    }

    /// The engine's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Bitsim => "bitsim",
            Engine::Icarus => "icarus",
            Engine::Verilator => "verilator",
            Engine::All => "all",
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

    /// Every reachable state under every letter: the tours of the two
    /// machines small enough for a unit test are whole ([`Plan::new`]
    /// refuses any other; Nimatron's, 48 million cycles, is built by every
    /// `verify` run in CI).
    #[test]
    fn tours_are_whole() {
        fn whole<M: Machine>() {
            let plan = Plan::<M>::new().unwrap_or_else(|e| panic!("{e}"));
            assert!(plan.states > 1 && plan.tour_cycles >= plan.transitions, "{}", M::NAME);
            assert_eq!((plan.states_covered, plan.transitions_covered), (plan.states, plan.transitions), "{}", M::NAME);
            assert_eq!(plan.transitions, plan.states * M::letters().len(), "{}", M::NAME);
        }
        whole::<relay_nim::RelayNim>();
        whole::<die18::Die18>();
    }

    /// A machine's alphabet is a list of different presses whose letters
    /// have different names and different inputs, the first setting none;
    /// `letter_of` (searched, or Wilson's closed form) finds each press's place.
    fn alphabet_round_trips<M: Machine>() {
        let alphabet = M::alphabet();
        let letters = M::letters();
        assert_eq!(letters.len(), alphabet.len(), "{}", M::NAME);
        assert!(letters[0].inputs.iter().all(|&v| v == 0), "{}: the first letter presses something", M::NAME);
        for (l, &p) in alphabet.iter().enumerate() {
            assert_eq!(M::letter_of(p), l, "{}: {p:?}", M::NAME);
            for k in 0..l {
                assert_ne!(alphabet[k], p, "{}: {p:?} twice", M::NAME);
                assert_ne!(letters[k].name, letters[l].name, "{}", M::NAME);
                assert_ne!(letters[k].inputs, letters[l].inputs, "{}: {} and {}", M::NAME, letters[k].name, letters[l].name);
            }
        }
    }

    #[test]
    fn alphabets_round_trip() {
        alphabet_round_trips::<relay_nim::RelayNim>();
        alphabet_round_trips::<nimatron::Nimatron>();
        alphabet_round_trips::<nimrod::Nimrod>();
        alphabet_round_trips::<learning::Learning>();
        alphabet_round_trips::<die18::Die18>();
        alphabet_round_trips::<wilson::Wilson>();
    }
}

/// The levels as the table `nimforge verify` prints.
pub fn table(reports: &[LevelReport]) -> String {
    let rows: Vec<Vec<String>> = reports
        .iter()
        .map(|r| {
            let note = match (r.status, &r.skipped, &r.error, &r.first_mismatch) {
                (Status::Skipped, Some(s), _, _) => format!("skipped: {s}"),
                (Status::Failed, _, Some(e), _) => format!("failed: {e}"),
                (_, _, _, Some(m)) => m.clone(),
                _ => r.coverage.clone(),
            };
            let mismatches = if r.status == Status::Passed || r.status == Status::Mismatched {
                r.mismatches.to_string()
            } else {
                "-".to_string()
            };
            let status = format!("{:?}", r.status).to_lowercase();
            vec![
                r.machine.clone(),
                r.level.clone(),
                status,
                r.vectors.to_string(),
                r.lanes.to_string(),
                mismatches,
                format!("{:.2}", r.seconds),
                note,
            ]
        })
        .collect();
    let header = ["machine", "level", "status", "vectors", "lanes", "mismatches", "seconds", "note"];
    crate::emit::report::table(&header, &rows, &[false, false, false, true, true, true, true, false])
}
