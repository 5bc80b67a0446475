//! The transition tour: one input sequence, from power-on, that takes every
//! reachable state of the oracle's state graph under every input letter.
//! (The bitsim levels check the same transitions by forking instead,
//! `verify::lanes::search`; this tour is the one sequence that the
//! sequential simulators, rust-hdl, Icarus and Verilator, replay.)
//!
//! A netlist or a bitstream cannot be poked into a state, so every level is
//! driven only through its inputs. `explore` builds the graph of states
//! reachable from power-on (breadth first); `tour` walks it greedily: take an
//! untried letter where the current state has one, else go by the shortest
//! path to the nearest state that has one. For a machine with a `home`
//! letter (a reset that leads to power-on from every state) the search for
//! the nearest state is bounded: past the bound the walk goes home and down
//! the breadth-first tree to the first state (in discovery order) that still
//! has an untried letter, which keeps large graphs fast.

use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::hash::Hash;

/// The reachable states, numbered in breadth-first order from power-on
/// (state 0), and a successor table: `successor[v * letters + l]` is the
/// state letter `l` leads to from state `v`. Memory: each state once in
/// `states` and once as a key of the index, and four bytes per
/// (state, letter) pair; no graph of edges.
pub struct StateGraph<S> {
    /// The states, state 0 the power-on state.
    pub states: Vec<S>,
    /// The successor table, `letters` entries a state.
    pub successor: Vec<u32>,
    /// The number of input letters.
    pub letters: usize,
}

/// About how many bytes the tour holds for each state of a machine whose
/// state is `state_bytes` long and which has `letters` letters: the state
/// twice (the list and the index), the index's own, the successor table,
/// the untried letters, and the walk's search tables.
pub fn bytes_per_state(state_bytes: usize, letters: usize) -> usize {
    2 * state_bytes + 16 + 4 * letters + 8 * letters.div_ceil(64) + 8 + 4 + 8 + 1
}

/// Every state reachable from `start` under `letters` input letters; an
/// error, the states found so far and the memory they take, when there are
/// more than `max_states` (a state space the tour cannot hold: the machine
/// wants runs instead, `Machine::walks_tour`, or a higher bound).
pub fn explore<S: Clone + Eq + Hash>(start: S, letters: usize, max_states: usize, step: impl Fn(&S, usize) -> S) -> Result<StateGraph<S>, crate::Error> {
    let mut states = vec![start.clone()];
    let mut index: FxHashMap<S, u32> = FxHashMap::default();
    index.insert(start, 0);
    let mut successor = Vec::new();
    let mut v = 0;
    while v < states.len() {
        for l in 0..letters {
            let next = step(&states[v], l);
            let w = match index.get(&next) {
                Some(&w) => w,
                None if states.len() >= max_states => {
                    let each = bytes_per_state(std::mem::size_of::<S>(), letters);
                    return Err(crate::Error::Model(format!(
                        "the state space passed {max_states} states ({} of them explored so far; about {each} bytes a state, \
                         {:.2} GB at that count) and the tour stops: give the machine whole-move runs instead of a tour \
                         (Machine::walks_tour) or a higher bound (--max-states, Machine::MAX_STATES)",
                        v,
                        (each * max_states) as f64 / 1e9
                    )));
                }
                None => {
                    let w = states.len() as u32;
                    index.insert(next.clone(), w);
                    states.push(next);
                    w
                }
            };
            successor.push(w);
        }
        v += 1;
    }
    Ok(StateGraph { states, successor, letters })
}

/// A tour and what it covers.
#[derive(Default)]
pub struct Tour {
    /// The letters, one per clock cycle, from power-on.
    pub letters: Vec<usize>,
    /// Reachable states in the graph.
    pub states: usize,
    /// Transitions in the graph: states times letters.
    pub transitions: usize,
    /// States the tour visits.
    pub states_covered: usize,
    /// Distinct transitions the tour takes.
    pub transitions_covered: usize,
}

impl Tour {
    /// Whether the tour takes every transition of the graph (and so visits
    /// every reachable state): a tour that cannot would leave part of the
    /// machine unchecked at every level, so it is an error, not a figure in
    /// a report. It happens when some state cannot be left for one not yet
    /// finished: a trap, or a machine without a home letter.
    pub fn whole(&self) -> Result<(), crate::Error> {
        if self.transitions_covered == self.transitions {
            return Ok(());
        }
        Err(crate::Error::Model(format!(
            "the transition tour takes {} of {} transitions and visits {} of {} reachable states: \
             some state cannot be left for the rest (give the machine a home letter, Machine::home, \
             or runs instead of a tour, Machine::walks_tour)",
            self.transitions_covered, self.transitions, self.states_covered, self.states
        )))
    }
}

/// How many states the bounded search looks at before going home.
const LOCAL_SEARCH: usize = 512;

/// The (state, letter) steps from `from` to `to` along a tree of
/// `parent` links (each state's (parent, letter)), in walking order.
fn path(parent: &[(u32, u32)], from: usize, to: usize) -> Vec<(usize, usize)> {
    let mut steps = Vec::new();
    let mut v = to;
    while v != from {
        let (p, l) = parent[v];
        steps.push((p as usize, l as usize));
        v = p as usize;
    }
    steps.reverse();
    steps
}

/// The tour of `g` (whose letter count is `letters`): from power-on, greedily, until every
/// transition is taken or no untried one can be reached; `home` is the reset letter, if any,
/// which bounds the search (it counts as home only if it leads to power-on from every state).
pub fn tour<S>(g: &StateGraph<S>, letters: usize, home: Option<usize>) -> Tour {
    assert_eq!(letters, g.letters);
    let n = g.states.len();
    let successor = &g.successor;
    let start = 0;
    // A home letter must lead to power-on from everywhere.
    let home = home.filter(|&h| (0..n).all(|v| successor[v * letters + h] as usize == start));
    // The breadth-first tree from power-on: (parent, letter) of each state.
    let mut tree = vec![(u32::MAX, 0u32); n];
    if home.is_some() {
        let mut queue = VecDeque::from([start]);
        tree[start] = (start as u32, 0);
        while let Some(v) = queue.pop_front() {
            for l in 0..letters {
                let w = successor[v * letters + l] as usize;
                if tree[w].0 == u32::MAX {
                    tree[w] = (v as u32, l as u32);
                    queue.push_back(w);
                }
            }
        }
    }
    let mut cursor = 0; // every state below it has no untried letter
                        // The untried letters of each state: `words` 64-bit words a state.
    let words = letters.div_ceil(64);
    let mut untried = vec![u64::MAX; n * words];
    if !letters.is_multiple_of(64) {
        for v in 0..n {
            untried[v * words + words - 1] = (1 << (letters % 64)) - 1;
        }
    }
    let has = |u: &[u64], v: usize| u[v * words..(v + 1) * words].iter().any(|&w| w != 0);
    let first = |u: &[u64], v: usize| {
        let k = (0..words).find(|&k| u[v * words + k] != 0).expect("an untried letter");
        k * 64 + u[v * words + k].trailing_zeros() as usize
    };
    let take = |u: &mut [u64], v: usize, l: usize| u[v * words + l / 64] &= !(1 << (l % 64));
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    let mut here = start;
    seen[here] = true;
    // BFS scratch, reused.
    let mut stamp = vec![0u32; n];
    let mut parent = vec![(0u32, 0u32); n];
    let mut round = 0u32;
    loop {
        if has(&untried, here) {
            let l = first(&untried, here);
            take(&mut untried, here, l);
            out.push(l);
            here = successor[here * letters + l] as usize;
            seen[here] = true;
            continue;
        }
        // Shortest path to the nearest state with an untried letter.
        round += 1;
        stamp[here] = round;
        let mut queue = VecDeque::from([here]);
        let mut goal = None;
        let mut looked = 0;
        'search: while let Some(v) = queue.pop_front() {
            looked += 1;
            if home.is_some() && looked > LOCAL_SEARCH {
                break;
            }
            for l in 0..letters {
                let w = successor[v * letters + l] as usize;
                if stamp[w] != round {
                    stamp[w] = round;
                    parent[w] = (v as u32, l as u32);
                    if has(&untried, w) {
                        goal = Some(w);
                        break 'search;
                    }
                    queue.push_back(w);
                }
            }
        }
        let goal = match (goal, home) {
            (Some(goal), _) => goal,
            (None, None) => break,
            (None, Some(h)) => {
                while cursor < n && !has(&untried, cursor) {
                    cursor += 1;
                }
                if cursor == n {
                    break;
                }
                // Home, then down the tree to the first state with an untried letter.
                take(&mut untried, here, h);
                out.push(h);
                for (p, l) in path(&tree, start, cursor) {
                    take(&mut untried, p, l);
                    out.push(l);
                    seen[successor[p * letters + l] as usize] = true;
                }
                here = cursor;
                continue;
            }
        };
        for (p, l) in path(&parent, here, goal) {
            take(&mut untried, p, l);
            out.push(l);
            seen[successor[p * letters + l] as usize] = true;
        }
        here = goal;
    }
    let transitions_covered = n * letters - untried.iter().map(|u| u.count_ones() as usize).sum::<usize>();
    Tour { letters: out, states: n, transitions: n * letters, states_covered: seen.iter().filter(|&&s| s).count(), transitions_covered }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter mod 5 with letters "add 1" and "reset": the tour covers all
    /// 10 transitions and every state.
    #[test]
    fn covers_a_small_machine() {
        let g = explore(0u8, 2, 1000, |&s, l| if l == 0 { (s + 1) % 5 } else { 0 }).unwrap();
        let t = tour(&g, 2, None);
        assert_eq!((t.states, t.transitions), (5, 10));
        assert_eq!((t.states_covered, t.transitions_covered), (5, 10));
        assert!(t.whole().is_ok());
        // Replaying the letters really does take every (state, letter) pair.
        let mut taken = std::collections::HashSet::new();
        let mut s = 0u8;
        for &l in &t.letters {
            taken.insert((s, l));
            s = if l == 0 { (s + 1) % 5 } else { 0 };
        }
        assert_eq!(taken.len(), 10);
    }

    /// With a home letter the walk goes home when nothing is near, and still
    /// covers everything.
    #[test]
    fn covers_with_a_home_letter() {
        // A chain 0 -> 1 -> ... -> 999 (letter 0), letter 1 goes home.
        let g = explore(0u16, 2, 1000, |&s, l| if l == 0 { (s + 1).min(999) } else { 0 }).unwrap();
        let t = tour(&g, 2, Some(1));
        assert_eq!((t.states_covered, t.transitions_covered), (1000, 2000));
    }

    /// A state reachable only through another is still covered.
    #[test]
    fn unreachable_states_are_not_counted() {
        let g = explore(0u8, 1, 1000, |&s, _| if s < 3 { s + 1 } else { 3 }).unwrap();
        assert_eq!(g.states.len(), 4);
        let t = tour(&g, 1, None);
        assert_eq!(t.letters.len(), 4);
    }

    /// A trap: state 0's two letters both lead to state 1, which never
    /// leaves, so one of state 0's transitions cannot be taken and the tour
    /// is not whole.
    #[test]
    fn a_trap_is_not_whole() {
        let g = explore(0u8, 2, 1000, |_, _| 1).unwrap();
        let t = tour(&g, 2, None);
        assert_eq!((t.states, t.transitions), (2, 4));
        assert_eq!((t.states_covered, t.transitions_covered), (2, 3));
        let e = t.whole().unwrap_err().to_string();
        assert!(e.contains("takes 3 of 4 transitions"), "{e}");
    }

    /// Any number of letters: a counter mod 7 with 200 letters (letter l
    /// adds l mod 3) is toured whole, every state under every letter.
    #[test]
    fn two_hundred_letters_are_toured_whole() {
        let g = explore(0u8, 200, 1000, |&s, l| (s + (l % 3) as u8) % 7).unwrap();
        let t = tour(&g, 200, None);
        assert_eq!((t.states, t.transitions), (7, 1400));
        assert!(t.whole().is_ok(), "{:?}", (t.states_covered, t.transitions_covered));
    }

    /// A state space past the bound stops the exploration with one line
    /// saying how far it got, what it costs and what to do.
    #[test]
    fn a_state_space_past_the_bound_is_refused_in_one_line() {
        let e = explore(0u64, 2, 10_000, |&s, l| s * 2 + l as u64).err().expect("refused").to_string();
        assert!(e.contains("passed 10000 states") && e.contains("Machine::walks_tour") && e.contains("--max-states"), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }
}
