//! The plan: the one input sequence every level replays (the transition
//! tour, then the whole-move runs), and the oracle's state after each cycle.

use crate::harness::{Letter, Machine};
use crate::tour;

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

/// The most letters a machine may have: a plan's cycles name their letter
/// in 16 bits in the lanes.
pub const MAX_LETTERS: usize = 1 << 16;

impl<M: Machine> Plan<M> {
    /// The plan from power-on: the transition tour of the oracle's state
    /// graph (when the machine walks one), then its whole-move runs; an
    /// error is a tour that misses a transition or
    /// what [`Machine::move_runs`] found wrong.
    pub fn new() -> Result<Plan<M>, crate::Error> {
        Plan::with_max_states(M::MAX_STATES)
    }

    /// The same, the tour's exploration stopping past `max_states` states
    /// (an error saying how far it got). A machine with more letters than
    /// the lanes can name (65,536) is refused in one line.
    pub fn with_max_states(max_states: usize) -> Result<Plan<M>, crate::Error> {
        let letters = M::letters();
        let alphabet = M::alphabet();
        let n = letters.len();
        if n > MAX_LETTERS {
            return Err(crate::Error::Model(format!(
                "{} has {n} letters; a plan holds at most {MAX_LETTERS}: give it fewer presses a cycle (a press with a value is one letter a value)",
                M::NAME
            )));
        }
        let t = if M::walks_tour() {
            let graph =
                tour::explore(M::power_on(), n, max_states, |s, l| M::step(s, alphabet[l])).map_err(|e| crate::Error::Model(format!("{}: {e}", M::NAME)))?;
            let t = tour::tour(&graph, n, M::home().map(M::letter_of));
            t.whole().map_err(|e| crate::Error::Model(format!("{}: {e}", M::NAME)))?;
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

    /// Whether the plan has no cycle.
    pub fn is_empty(&self) -> bool {
        self.sequence.is_empty()
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

    /// "first mismatch at cycle i: state ..., input ..., expected ...,
    /// got ...", then the oracle's state before the cycle and the way there:
    /// the presses from power-on (the start of the cycle's piece) as a
    /// script `nimforge sim` replays, or, past 200 presses, where the
    /// piece lies in the plan.
    pub fn describe_mismatch(&self, i: usize, got: &[u64]) -> String {
        let place = format!("cycle {i}");
        let line = describe::<M>(&place, &self.outputs_before(i), &self.letters[self.sequence[i]].name, &self.expected(i), got);
        let start = self.piece_start(i);
        let before = self.state_before(i);
        let presses = script(&self.letters, &self.sequence[start..=i]);
        let way = if presses.matches(", ").count() < REPLAY_TOKENS {
            format!("the presses from power-on, the last the failing one: \"{presses}\"")
        } else {
            format!("the presses from power-on are cycles {start} to {i} of the plan ({} presses)", i + 1 - start)
        };
        format!("{line}; the oracle's state before it: {before}; {way}")
    }

    /// Where the piece that holds cycle `i` begins: at power-on, from where
    /// the presses `piece_start(i)..=i` lead to cycle `i`.
    pub fn piece_start(&self, i: usize) -> usize {
        let pieces = self.pieces();
        pieces.get(pieces.partition_point(|r| r.end <= i)).map_or(0, |r| r.start)
    }

    /// The oracle's state before cycle `i`, in words (`Debug`).
    pub fn state_before(&self, i: usize) -> String {
        if i == self.piece_start(i) {
            format!("{:?} (power-on)", M::power_on())
        } else {
            format!("{:?}", self.after[i - 1].0)
        }
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
    let differs: Vec<&str> = outs.iter().zip(want.iter().zip(got)).filter(|(_, (a, b))| a != b).map(|(p, _)| p.name).collect();
    format!(
        "first mismatch at {place}: state [{}], input {letter}, expected [{}], got [{}] (differs in {})",
        fmt(before),
        fmt(want),
        fmt(got),
        differs.join(", ")
    )
}

/// The most tokens of a mismatch's presses written out as a script.
pub const REPLAY_TOKENS: usize = 200;

/// Letters as a script `nimforge sim` reads: names separated by commas, a
/// run of one letter as `NAME xN`.
pub fn script(letters: &[Letter], sequence: &[usize]) -> String {
    let mut tokens: Vec<String> = Vec::new();
    let mut k = 0;
    while k < sequence.len() {
        let run = sequence[k..].iter().take_while(|&&l| l == sequence[k]).count();
        let name = &letters[sequence[k]].name;
        tokens.push(if run > 1 { format!("{name} x{run}") } else { name.clone() });
        k += run;
    }
    tokens.join(", ")
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
