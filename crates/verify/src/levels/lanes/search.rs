//! The transition search: every pair state (the oracle's state with each
//! netlist's registers) reachable from power-on, under every letter.

use super::rows::{letter_rows, pack, unpack, width};
use super::seen::{Regs, Seen};
use super::{Found, Progress, Wired, LANES, W};
use crate::{Machine, Port};
use nimforge_netlist::lanes::{stride, LaneSim};
use std::sync::atomic::{AtomicBool, Ordering};

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
    let (keep, mut registers) = keyed_registers::<M>(nets, &outs, &offsets, reg_stride);
    let power_on = (M::power_on(), M::Extra::default());
    let seen = Seen::<M::State, R>::new();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let keyed = Keyed::<M, R> {
        nets,
        letters: &letters,
        alphabet: &alphabet,
        n_letters,
        in_stride,
        letter_rows: &letter_rows,
        outs: &outs,
        out_stride,
        strides: &strides,
        reg_stride,
        offsets: &offsets,
        keep: &keep,
        seen: &seen,
        stop: &stop,
        bound,
        progress,
    };
    let mut init_regs = Vec::with_capacity(reg_stride);
    for w in nets {
        init_regs.extend_from_slice(w.sim().init_row());
    }
    let mut init_key = vec![0u64; reg_stride];
    keyed.key_of(&init_regs, &mut init_key);
    seen.insert_all(&[(power_on.0, R::of(&init_key))], &mut Vec::new());
    let mut frontier: Frontier<M> = Frontier { states: vec![power_on], regs: init_regs, from: vec![(0, 0)] };
    let mut history: Vec<Vec<(u32, u32)>> = Vec::new();
    let mut result = Search { found: vec![Found::default(); nets.len()], ..Search::default() };
    let mut depth = 0;
    while !frontier.states.is_empty() {
        progress.total.fetch_add(frontier.states.len() * n_letters, Ordering::Relaxed);
        let chunk = frontier.states.len().div_ceil(threads.max(1));
        let parts: Vec<(Frontier<M>, Vec<Found>, usize)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads.max(1))
                .map(|t| {
                    let (keyed, frontier) = (&keyed, &frontier);
                    scope.spawn(move || keyed.part(frontier, (t, chunk), depth))
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
    ways_to_first(&mut result.found, &history, n_letters);
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

/// The keyed registers: those that can reach an output other than the
/// write-only ones; the rest can change nothing but those. Their bits
/// (`reg_stride` words, each netlist's from its offset in `offsets`), and
/// each netlist's [`Registers`] as far as known before the search.
fn keyed_registers<M: Machine>(nets: &[&Wired], outs: &[Port], offsets: &[usize], reg_stride: usize) -> (Vec<u64>, Vec<Registers>) {
    let write_only = M::write_only_outputs();
    let mut seen_bits = Vec::new();
    let mut bit = 0;
    for p in outs {
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
    (keep, registers)
}

/// The way from power-on to each netlist's first mismatch the search found
/// (not the plan's): its letters, back through each depth's parents in
/// `history`.
fn ways_to_first(found: &mut [Found], history: &[Vec<(u32, u32)>], n_letters: usize) {
    for f in found {
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
}

/// What every thread of [`search_keyed`] reads: the netlists, the letters
/// and their rows, the rows' strides, the keyed register bits, the pairs
/// seen and the flag that stops the search.
struct Keyed<'a, M: Machine, R: Regs> {
    nets: &'a [&'a Wired],
    letters: &'a [crate::Letter],
    alphabet: &'a [M::Press],
    n_letters: usize,
    in_stride: usize,
    letter_rows: &'a [u64],
    outs: &'a [Port],
    out_stride: usize,
    strides: &'a [usize],
    reg_stride: usize,
    offsets: &'a [usize],
    keep: &'a [u64],
    seen: &'a Seen<M::State, R>,
    stop: &'a AtomicBool,
    bound: usize,
    progress: &'a Progress,
}

impl<M: Machine, R: Regs> Keyed<'_, M, R> {
    /// The keyed registers of `regs` (every netlist's, one after another).
    fn key_of(&self, regs: &[u64], key: &mut [u64]) {
        for ((k, r), m) in key.iter_mut().zip(regs).zip(self.keep) {
            *k = r & m;
        }
    }

    /// Thread `t`'s part of one depth (the entries of `frontier` from
    /// `t * chunk`, `chunk` of them): every entry under every letter, a
    /// lane each, in every netlist; the pairs it reached first (the next
    /// frontier's part), what each netlist showed, and the clocks given.
    fn part(&self, frontier: &Frontier<M>, (t, chunk): (usize, usize), depth: usize) -> (Frontier<M>, Vec<Found>, usize) {
        let &Keyed {
            nets,
            letters,
            alphabet,
            n_letters,
            in_stride,
            letter_rows,
            outs,
            out_stride,
            strides,
            reg_stride,
            offsets,
            seen,
            stop,
            bound,
            progress,
            ..
        } = self;
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
                self.key_of(&row, &mut key);
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
                    self.key_of(&frontier.regs[e * reg_stride..(e + 1) * reg_stride], &mut key);
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::external_design::tests::Toggle;
    use nimforge_netlist::Netlist;

    /// A toggle's netlist with a 2-bit `quiet` counter of the cycles
    /// without FLIP (saturating at 3); `lamp_d` its lamp's next value.
    fn toggle(lamp_d: &str) -> Wired {
        let text = format!(
            ".model toggle\n.inputs clock flip\n.outputs lamp\n\
             .latch lamp_d lamp re clock 0\n.latch q0_d q0 re clock 0\n.latch q1_d q1 re clock 0\n\
             .names flip q0 q1 q0_d\n00- 1\n0-1 1\n.names flip q0 q1 q1_d\n01- 1\n0-1 1\n{lamp_d}.end\n"
        );
        Wired::new::<Toggle>(crate::Hardware::Verilog, Netlist::from_blif(&text).unwrap()).unwrap()
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
}
