//! What a user implements: a machine's ports, its presses and letters, its
//! oracle and its rust-hdl design ([`Machine`]); and the [`Recorder`] its
//! whole-move runs are written with.

use crate::port::Port;
use std::fmt::Debug;
use std::hash::Hash;

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
    /// The most states the tour's exploration holds before it stops and
    /// says so (a few times the state's own bytes for each, and a few bytes
    /// per letter, in memory): a machine whose state
    /// space is larger wants whole-move runs instead ([`Machine::walks_tour`]).
    /// It bounds the transition search's pair states too: past it the
    /// search stops and its rows say they are not exhaustive.
    /// `nimforge verify --max-states` overrides it.
    const MAX_STATES: usize = 20_000_000;
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
    /// The letter of `press` in `alphabet`, [`Machine::alphabet`] made once
    /// for many presses (as [`Machine::letter_of`], which makes it each time).
    fn letter_in(alphabet: &[Self::Press], press: Self::Press) -> usize
    where
        Self: Sized,
    {
        letter_in::<Self>(alphabet, press)
    }
    /// A press that leads to power-on from every state (a power-on reset),
    /// if the machine has one; it lets the tour go home when nothing untried
    /// is near.
    fn home() -> Option<Self::Press> {
        None
    }
    /// Whether the plan begins with the transition tour. A machine whose
    /// state space no tour can walk (eight 7-bit registers, say) is
    /// checked by its whole-move runs alone, and says why.
    fn walks_tour() -> bool {
        true
    }
    /// Whether the bitsim levels run the transition search
    /// ([`crate::levels::lanes::search`]): every reachable pair state (the oracle's
    /// state with the netlist's registers) under every letter, one clock
    /// each, forked in the netlist. Every machine with a tour does;
    /// a machine with too many states for a single tour but few enough to
    /// list may.
    fn searches() -> bool {
        Self::walks_tour()
    }
    /// The outputs that show the write-only registers ([`Machine::Extra`])
    /// and nothing else (counters of moves played, say). The transition
    /// search keys on the design's registers that can reach any other
    /// output; those that only these outputs show are compared on every
    /// transition at the values reached, not in each of their values, and
    /// the report says how many. None by default.
    fn write_only_outputs() -> Vec<&'static str> {
        Vec::new()
    }
    /// Runs far beyond the plan for the bitsim levels alone, where the
    /// lanes go orders of magnitude deeper than the external simulators can
    /// (a million games, ten million positions): a level `<level>-deep` beside each bitsim level.
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
    /// None by default: a machine whose tour walks every state under every
    /// press needs none.
    fn move_runs() -> Result<Vec<usize>, crate::Error> {
        Ok(Vec::new())
    }
    /// The design as it is verified and emitted.
    fn design() -> Self::Design;
    /// The design's clock input, for the `rtl` simulation to toggle.
    fn clock(design: &mut Self::Design) -> &mut rust_hdl::prelude::Signal<rust_hdl::prelude::In, rust_hdl::prelude::Clock>;
    /// Sets the design's inputs to a letter's values (in the order of
    /// [`Machine::inputs`]) for the next clock.
    fn drive(design: &mut Self::Design, inputs: &[u64]);
    /// The design's outputs now, in the order of [`Machine::outputs`].
    fn read(design: &Self::Design) -> Vec<u64>;
    /// A copy of the design as it is now, which runs on as the design
    /// would: `Some(design.clone())` for a design that derives `Clone`
    /// (rust-hdl's signals and registers are `Clone`). With it the `rtl`
    /// level runs the cycles that pieces of the plan share from power-on
    /// once, and goes on from a copy where they part; without it (the
    /// default) every piece runs whole.
    fn fork(design: &Self::Design) -> Option<Self::Design> {
        let _ = design;
        None
    }
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
    pub chunk: fn(usize) -> Result<Vec<usize>, crate::Error>,
}

/// How much of a machine's [`Deep`] runs a verification runs (`verify
/// --deep`): the deep runs exist for depth, not to catch a regression, so
/// a run that must be short (CI's) takes a sample and a deep run
/// (`.ci/deep`) takes them all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum DeepRuns {
    /// Every chunk.
    #[default]
    All,
    /// Every [`Deep::SAMPLE_EVERY`]th chunk, from the first.
    Sample,
}

impl Deep {
    /// A sample's stride: chunk 0, this, twice this, ...
    pub const SAMPLE_EVERY: usize = 10;

    /// The chunks `runs` takes, in order.
    pub fn chunks_of(&self, runs: DeepRuns) -> Vec<usize> {
        match runs {
            DeepRuns::All => (0..self.chunks).collect(),
            DeepRuns::Sample => (0..self.chunks).step_by(Self::SAMPLE_EVERY).collect(),
        }
    }
}

/// Where the output called `name` stands in [`Machine::outputs`] (and so in
/// [`Machine::read`] and [`Machine::observe`]).
pub(crate) fn output_index<M: Machine>(name: &str) -> usize {
    M::outputs().iter().position(|p| p.name == name).unwrap_or_else(|| panic!("{} has no output {name}", M::NAME))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample is every tenth chunk from the first; all is every one.
    #[test]
    fn a_sample_is_every_tenth_chunk() {
        let deep = Deep { what: String::new(), chunks: 259, chunk: |_| Ok(vec![]) };
        let sample = deep.chunks_of(DeepRuns::Sample);
        assert_eq!((sample.len(), sample[..3].to_vec(), sample.last()), (26, vec![0, 10, 20], Some(&250)));
        assert_eq!(deep.chunks_of(DeepRuns::All), (0..259).collect::<Vec<_>>());
        assert_eq!(Deep { chunks: 10, ..deep }.chunks_of(DeepRuns::Sample), [0]);
    }
}
