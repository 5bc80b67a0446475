//! The `rtl` level: the rust-hdl simulation in process, driven with the same
//! letters as every other level, through the [`Driver`] that `move`,
//! `replay` and `sim` use.
//!
//! The plan is cut into pieces that each begin at power-on
//! ([`Plan::pieces`]). Where the machine copies its design
//! ([`Machine::fork`]), the pieces run as a tree: sorted by their letters,
//! the cycles that pieces share from power-on run once, and each piece goes
//! on from a copy of the design where it parts from the one before
//! ([`shared`]). Each piece's every cycle is still compared with the oracle,
//! as if it ran alone from power-on; Nimatron's 48.5 million cycles are 1.6
//! million simulated so. Otherwise the plan runs as it is, cut into
//! stretches that each begin at power-on ([`Plan::stretches`]). Either way,
//! one part a thread, each on a fresh design.

use crate::clocked::Driver;
use crate::{LevelReport, Machine, Plan};
use std::ops::Range;
use std::time::Instant;

/// The `rtl` level's report: the whole plan on `threads` threads, each
/// piece's outputs compared with the oracle's every cycle.
pub fn run<M: Machine>(plan: &Plan<M>, threads: usize) -> LevelReport {
    let t0 = Instant::now();
    let (parts, coverage) = match Driver::<M>::new().fork() {
        Some(_) => {
            let tree = shared(plan, threads);
            let simulated: usize = tree.iter().map(|p| p.simulated).sum();
            let coverage = format!(
                "{}; {simulated} cycles simulated: the plan's pieces from power-on that begin alike run their common cycles once, each going on from a copy of the design",
                plan.coverage
            );
            (tree, coverage)
        }
        None => (whole(plan, threads), plan.coverage.clone()),
    };
    let mismatches = parts.iter().map(|p| p.mismatches).sum();
    let first = parts.iter().filter_map(|p| p.first.clone()).min_by_key(|f| f.0);
    LevelReport::judged(M::NAME, crate::Stage::Rtl, plan.len(), mismatches, first.as_ref().map(|f| f.1.clone()))
        .at_cycle(first.map(|f| f.0))
        .lanes(parts.len())
        .coverage(coverage)
        .seconds(t0.elapsed().as_secs_f64())
}

/// What one thread found: the cycles whose outputs differ from the
/// oracle's, the first of them in the plan (its index and description),
/// and the cycles it simulated.
#[derive(Default)]
pub struct Part {
    /// Cycles whose outputs differ (a cycle pieces share, once).
    pub mismatches: usize,
    /// The earliest in the plan, and its description.
    pub first: Option<(usize, String)>,
    /// Clock cycles simulated.
    pub simulated: usize,
}

impl Part {
    fn compare<M: Machine>(&mut self, plan: &Plan<M>, i: usize, got: &[u64]) {
        self.simulated += 1;
        if got != plan.expected(i) {
            self.mismatches += 1;
            if self.first.as_ref().is_none_or(|f| i < f.0) {
                self.first = Some((i, plan.describe_mismatch(i, got)));
            }
        }
    }
}

/// The plan as it is, in stretches from power-on, one a thread.
pub fn whole<M: Machine>(plan: &Plan<M>, threads: usize) -> Vec<Part> {
    let cuts = plan.stretches(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = cuts
            .windows(2)
            .map(|w| {
                scope.spawn(move || {
                    let mut driver = Driver::<M>::new();
                    let mut part = Part::default();
                    for i in w[0]..w[1] {
                        let got = driver.press_letter(plan.sequence[i]);
                        part.compare(plan, i, got);
                    }
                    part
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("an rtl thread panicked")).collect()
    })
}

/// The plan's pieces as a tree, on a machine that copies its design
/// ([`Machine::fork`]; panics otherwise): sorted by their letters, each
/// piece starts from the design as it was after the cycles it shares with
/// the piece before, and the design is copied at every depth a later
/// piece starts from. The sorted pieces are cut into `threads` runs of
/// about equal work, each from a fresh design.
pub fn shared<M: Machine>(plan: &Plan<M>, threads: usize) -> Vec<Part> {
    let pieces = plan.pieces();
    let letters = |k: usize| &plan.sequence[pieces[k].clone()];
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by(|&a, &b| letters(a).cmp(letters(b)));
    // common[k]: the cycles the k-th piece in order shares with the next.
    let common: Vec<usize> = order.windows(2).map(|w| letters(w[0]).iter().zip(letters(w[1])).take_while(|(a, b)| a == b).count()).collect();
    // The work of each piece: its cycles past those it shares with the one before.
    let work: Vec<usize> = (0..order.len()).map(|k| pieces[order[k]].len() - if k == 0 { 0 } else { common[k - 1] }).collect();
    let total: usize = work.iter().sum();
    let mut cuts = vec![0];
    let mut done = 0;
    for (k, w) in work.iter().enumerate() {
        if done >= total * cuts.len() / threads.max(1) && k > *cuts.last().unwrap() {
            cuts.push(k);
        }
        done += w;
    }
    cuts.push(order.len());
    let runs: Vec<Range<usize>> = cuts.windows(2).map(|w| w[0]..w[1]).filter(|r| !r.is_empty()).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = runs
            .into_iter()
            .map(|run| {
                let (order, common) = (&order[run.clone()], &common[run.start..run.end - 1]);
                scope.spawn(move || tree(plan, order.iter().map(|&p| pieces[p].clone()).collect(), common))
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("an rtl thread panicked")).collect()
    })
}

/// One thread of [`shared`]: `pieces` in sorted order, `common[k]` the
/// cycles piece `k` shares with piece `k + 1`.
fn tree<M: Machine>(plan: &Plan<M>, pieces: Vec<Range<usize>>, common: &[usize]) -> Part {
    // later[k]: the next piece after k that shares fewer cycles with its
    // successor than k does with its own (none: past the end). The depths
    // at which later pieces part from piece k's path are common[k],
    // common[later[k]], ... (each smaller than the one before) while they
    // stay past where the piece starts: each is copied once.
    let mut later = vec![common.len(); common.len()];
    let mut open: Vec<usize> = Vec::new();
    for (k, &c) in common.iter().enumerate() {
        while open.last().is_some_and(|&j| common[j] > c) {
            later[open.pop().unwrap()] = k;
        }
        open.push(k);
    }
    let mut part = Part::default();
    // The copies, by depth (cycles from power-on), deepest last.
    let mut copies: Vec<(usize, Driver<M>)> = vec![(0, Driver::<M>::new())];
    for (k, piece) in pieces.iter().enumerate() {
        let from = if k == 0 { 0 } else { common[k - 1] };
        while copies.last().is_some_and(|c| c.0 > from) {
            copies.pop();
        }
        let (depth, copy) = copies.last().expect("the copy at power-on stays");
        assert_eq!(*depth, from, "the design after the cycles two pieces share was copied");
        let mut driver = copy.fork().expect("the machine copies its design");
        // The depths later pieces start from, on this piece's path past `from`.
        let mut keep = Vec::new();
        let mut j = k;
        while j < common.len() && common[j] > from {
            keep.push(common[j]);
            j = later[j];
        }
        for d in from..=piece.len() {
            if keep.last() == Some(&d) {
                keep.pop();
                copies.push((d, driver.fork().expect("the machine copies its design")));
            }
            if d < piece.len() {
                let i = piece.start + d;
                let got = driver.press_letter(plan.sequence[i]);
                part.compare(plan, i, got);
            }
        }
    }
    part
}
