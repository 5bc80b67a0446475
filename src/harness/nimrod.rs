//! Nimrod for the harness: its ports, its letters, the oracle
//! (`oracle::nimrod`) and the design (`designs::nimrod`) side by side.
//!
//! No single transition tour: the machine holds the main store (4,096
//! contents), the program's registers, the variant (6), the crude random
//! number generator (4), the mode (3), the slow mode's wait, self-play and
//! the game's phase, and their product is far beyond a tour (an exploration
//! of the reachable graph ran out of memory). So the plan is in two parts
//! that between them take every register through every value it can hold,
//! every level comparing every output every cycle with the cycle-level
//! oracle:
//! - whole moves, exhaustively: every position of the main store under
//!   every variant and every heap-counter start (4,095 x 6 x 4), set up
//!   through the buttons and run to STOP in fast mode. This takes the
//!   program through every store content, column counter, heap counter,
//!   heap selected memory, program counter, transition and variant it can
//!   reach in a move, under the clock that obeys each instruction; the
//!   oracle's cycles are checked against the move-level function, and that
//!   against the brute-force solver (`oracle::nimrod` tests).
//! - the control, by a seeded run: presses of every button (legal and
//!   refused ones, every mode, STEP, SELF PLAY, NEW GAME with every variant,
//!   RESET, a skilled and a random opponent) that plays games to the end in
//!   every mode and variant. Its "control state" is the phase, the side the
//!   program plays, self-play, the mode, the slow mode's wait, the winner,
//!   the variant and the lit instruction; whenever the state in hand has a
//!   letter it has not yet been given, the run gives it one, and states it
//!   met only in passing are revisited at the end (RESET, the way the run
//!   first went there, the letter). A test checks that the run meets
//!   exactly the 756 control states the design can reach (listed by hand in
//!   `reachable_control_states`) and gives each every one of the 49 letters:
//!   a tour of the control, with the store's contents as the run leaves them.

use nimforge_designs::{NimrodSim, NIMROD_SIM_PACE};
use nimforge_oracles::nimrod::{self as oracle, machine_move, Mode, Phase, Press, State, Variant, HEAPS};
use nimforge_verify::{Letter, Machine, Recorder};
use std::collections::HashMap;

/// Nimrod as the harness drives it: its [`Machine`].
pub struct Nimrod;

/// The part of the state the control run's coverage is counted over.
type Control = (Phase, oracle::Side, bool, Mode, u32, oracle::Winner, Variant, u8);

fn control(s: &State) -> Control {
    (s.phase, s.side, s.self_play, s.mode, s.wait, s.winner, s.variant, s.program.instruction)
}

/// A small seeded generator (the runs must be the same on every level).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The mode switch's letters and NEW GAME's: they end a run of the mode or
/// the game in hand, so the control run tries them last.
fn disruptive(alphabet: &[Press]) -> u64 {
    alphabet.iter().enumerate().filter(|(_, p)| matches!(p, Press::SetMode(_) | Press::NewGame { .. })).fold(0, |m, (l, _)| m | 1 << l)
}

/// Cycles in the seeded control run.
pub const CONTROL_CYCLES: usize = 800_000;

/// What the control run met.
pub struct ControlCoverage {
    /// Control states (`control`) met.
    pub states: usize,
    /// (control state, letter) pairs taken.
    pub pairs: usize,
}

/// The control states a run from power-on meets, the letters each is
/// given, and the shortest way from a RESET to each: (from, to) in `run`.
#[allow(clippy::type_complexity)]
fn survey(run: &[usize]) -> (HashMap<Control, u64>, HashMap<Control, (usize, usize)>) {
    let alphabet = Nimrod::alphabet();
    let mut s = State::power_on();
    let mut met: HashMap<Control, u64> = HashMap::new();
    let mut way: HashMap<Control, (usize, usize)> = HashMap::new();
    let mut since_reset = 0;
    for (i, &l) in run.iter().enumerate() {
        let c = control(&s);
        let w = way.entry(c).or_insert((since_reset, i));
        if i - since_reset < w.1 - w.0 {
            *w = (since_reset, i);
        }
        *met.entry(c).or_insert(0) |= 1 << l;
        s = s.step(alphabet[l], NIMROD_SIM_PACE as u32);
        if alphabet[l] == Press::Reset {
            since_reset = i + 1;
        }
    }
    (met, way)
}

/// The seeded control run from power-on: its letters, and what it met.
/// When the control state in hand has a letter it has not yet been given,
/// the run gives it the first such letter; otherwise it presses what a
/// demonstrator would (mostly moves that play the game on, in every mode,
/// with self-play and new games now and then). Control states met only in
/// passing (slow self-play, say) are given the letters they missed at the
/// end: RESET, the shortest way the run went from a RESET to that state,
/// and the letter.
pub fn control_run(cycles: usize, seed: u64) -> (Vec<usize>, ControlCoverage) {
    let alphabet = Nimrod::alphabet();
    let letters = alphabet.len();
    let of = |p: Press| <Nimrod as nimforge_verify::Machine>::letter_in(&alphabet, p);
    let mut rng = Lcg(seed);
    let mut s = State::power_on();
    let mut out = Vec::with_capacity(cycles);
    let mut tried: HashMap<_, u64> = HashMap::new();
    // The skilled opponent's move in hand.
    let mut skilled: Option<[u8; HEAPS]> = None;
    let all = (1u64 << letters) - 1;
    while out.len() < cycles {
        let here = tried.entry(control(&s)).or_insert(0);
        let l = if *here != all {
            // Letters that leave the mode or the game last.
            let calm = !*here & all & !(disruptive(&alphabet) | 1 << of(Press::Reset));
            if calm != 0 {
                calm.trailing_zeros() as usize
            } else {
                (!*here & all).trailing_zeros() as usize
            }
        } else {
            match s.phase {
                // While the program runs: mostly nothing (or STEP), now and then anything.
                Phase::Computing => match rng.next(20) {
                    0 => rng.next(letters as u64) as usize,
                    1..=9 if s.mode == Mode::Manual => of(Press::Step),
                    1..=2 => of(Press::SetMode(rng.next(4) as u8)),
                    _ => of(Press::None),
                },
                // A skilled opponent: Nimrod's own move, a heap at a time
                // (in set-up, that leaves the machine a safe position).
                Phase::SetUp | Phase::Opponent | Phase::Moved
                    if skilled.is_some()
                        || (s.phase == Phase::Opponent && rng.next(8) != 0)
                        || (s.phase == Phase::SetUp && s.program.store != [0; HEAPS] && rng.next(8) == 0) =>
                {
                    let plan = *skilled.get_or_insert_with(|| machine_move(s.program.store, s.variant, 0).expect("a match is left").after);
                    of(match (0..HEAPS).find(|&h| s.program.store[h] != plan[h]) {
                        Some(h) => Press::Leave { heap: h as u8, count: plan[h] },
                        None => {
                            skilled = None;
                            Press::ComputerMove
                        }
                    })
                }
                // Lower a heap (often legal), move, play itself, set up anew.
                _ => of(match rng.next(100) {
                    0..=2 => Press::Reset,
                    3..=6 => Press::NewGame { reverse: rng.next(2) == 1, k: rng.next(4) as u8 },
                    7..=44 => {
                        let h = rng.next(HEAPS as u64) as usize;
                        let top = s.program.store[h] as u64;
                        let count = if top > 0 && rng.next(4) > 0 { rng.next(top) as u8 } else { rng.next(8) as u8 };
                        Press::Leave { heap: h as u8, count }
                    }
                    45..=69 => Press::ComputerMove,
                    70..=79 => Press::SelfPlay,
                    80..=84 => Press::SetMode(rng.next(4) as u8),
                    85..=86 => Press::Step,
                    _ => Press::None,
                }),
            }
        };
        *here |= 1 << l;
        s = s.step(alphabet[l], NIMROD_SIM_PACE as u32);
        out.push(l);
        if !matches!(s.phase, Phase::SetUp | Phase::Opponent | Phase::Moved) {
            skilled = None;
        }
    }
    // The letters missed, each after the way back to its state; states met
    // first on those ways are given their missed letters in the next round.
    loop {
        let (met, way) = survey(&out);
        let mut missed: Vec<_> = met.iter().filter(|(_, m)| **m != all).map(|(c, m)| (way[c], *m)).collect();
        if missed.is_empty() {
            break;
        }
        missed.sort();
        for ((from, to), m) in missed {
            for l in (0..letters).filter(|l| m >> l & 1 == 0) {
                out.push(of(Press::Reset));
                out.extend_from_within(from..to);
                out.push(l);
            }
        }
    }
    let (met, _) = survey(&out);
    let pairs = met.values().map(|m| m.count_ones() as usize).sum();
    (out, ControlCoverage { states: met.len(), pairs })
}

impl Machine for Nimrod {
    type State = State;
    type Extra = ();
    type Design = NimrodSim;
    type Press = Press;
    const NAME: &'static str = "nimrod";

    /// Copies for the `rtl` level's tree of pieces (the design derives `Clone`).
    fn fork(design: &NimrodSim) -> Option<NimrodSim> {
        Some(design.clone())
    }
    /// The search's bound on pair states: its 56,634,912 model states (each
    /// with the design's registers) and room above them.
    const MAX_STATES: usize = 80_000_000;

    nimforge_verify::ports!(NimrodSim;
        inputs: [reset, new_game, reverse_switch, k_switch, leave, leave_heap, leave_count, computer_move, step, set_mode, mode_switch, self_play];
        outputs: [heap_0, heap_1, heap_2, heap_3, column_counter, heap_counter, heap_selected, instruction, transition, reverse, k, random, phase, side, self_playing, mode, dwell, winner, lamps, illegal]);

    /// None, RESET, NEW GAME x 8 (reverse, k 0..3), LEAVE x 32 (heap,
    /// count), COMPUTER MOVE, STEP, MODE x 4 (0..3), SELF PLAY.
    fn alphabet() -> Vec<Press> {
        let new_games = [false, true].into_iter().flat_map(|reverse| (0..4).map(move |k| Press::NewGame { reverse, k }));
        let leaves = (0..HEAPS as u8).flat_map(|heap| (0..8).map(move |count| Press::Leave { heap, count }));
        let modes = (0..4).map(Press::SetMode);
        [Press::None, Press::Reset]
            .into_iter()
            .chain(new_games)
            .chain(leaves)
            .chain([Press::ComputerMove, Press::Step])
            .chain(modes)
            .chain([Press::SelfPlay])
            .collect()
    }

    fn letter(p: Press) -> Letter {
        let (name, inputs): (String, &[(&str, u64)]) = match p {
            Press::None => ("none".into(), &[]),
            Press::Reset => ("RESET".into(), &[("reset", 1)]),
            Press::NewGame { reverse, k } => (
                format!("NEW GAME {} k{k}", if reverse { "REVERSE" } else { "NORMAL" }),
                &[("new_game", 1), ("reverse_switch", reverse as u64), ("k_switch", k as u64)],
            ),
            Press::Leave { heap, count } => (format!("LEAVE {heap} {count}"), &[("leave", 1), ("leave_heap", heap as u64), ("leave_count", count as u64)]),
            Press::ComputerMove => ("COMPUTER MOVE".into(), &[("computer_move", 1)]),
            Press::Step => ("STEP".into(), &[("step", 1)]),
            Press::SetMode(m) => (format!("MODE {}", ["FAST", "SLOW", "MANUAL", "3"][m as usize]), &[("set_mode", 1), ("mode_switch", m as u64)]),
            Press::SelfPlay => ("SELF PLAY".into(), &[("self_play", 1)]),
        };
        Letter::of::<Self>(name, inputs)
    }

    fn walks_tour() -> bool {
        false
    }

    /// No single tour, but the bitsim levels search every reachable pair state
    /// (the model's state with the netlists' registers)
    /// under every letter, forked in the netlists (`verify::lanes`).
    fn searches() -> bool {
        true
    }

    fn power_on() -> State {
        State::power_on()
    }

    fn step(state: &State, press: Press) -> State {
        state.step(press, NIMROD_SIM_PACE as u32)
    }

    fn observe(s: &State, _: &()) -> Vec<u64> {
        let p = &s.program;
        let lamps = s.lamps();
        let lamp_bits = lamps.opponent_wins as u64
            | (lamps.computer_wins as u64) << 1
            | (lamps.opponents_move as u64) << 2
            | (lamps.computer_will_move as u64) << 3
            | (lamps.computers_move as u64) << 4;
        vec![
            p.store[0] as u64,
            p.store[1] as u64,
            p.store[2] as u64,
            p.store[3] as u64,
            p.column as u64,
            p.heap as u64,
            p.selected as u64,
            p.instruction as u64,
            p.transition as u64,
            s.variant.reverse as u64,
            s.variant.k as u64,
            s.random as u64,
            s.phase as u64,
            s.side as u64,
            s.self_play as u64,
            s.mode as u64,
            s.wait as u64,
            s.winner as u64,
            lamp_bits,
            s.illegal as u64,
        ]
    }

    /// Every position under every variant and heap-counter start, one whole
    /// move each; then the seeded control run.
    fn move_runs() -> Result<Vec<usize>, nimforge_verify::Error> {
        let mut run = Recorder::<Self>::new();
        for v in Variant::all() {
            for hc in 0..4u8 {
                for i in 1..(1usize << (3 * HEAPS)) {
                    let position: [u8; HEAPS] = std::array::from_fn(|h| (i >> (3 * h) & 7) as u8);
                    // RESET clears the crude random number generator, which
                    // moves on with every press: the mode switch brings it
                    // round to `hc` for NEW GAME to load.
                    run.push(Press::Reset);
                    while run.state.random != hc {
                        run.push(Press::SetMode(0));
                    }
                    run.push(Press::NewGame { reverse: v.reverse, k: v.k });
                    for (h, &n) in position.iter().enumerate() {
                        if n != oracle::TOP {
                            run.push(Press::Leave { heap: h as u8, count: n });
                        }
                    }
                    run.push(Press::ComputerMove);
                    let mut lit = vec![run.state.program.instruction];
                    while run.state.phase == Phase::Computing {
                        run.push(Press::None);
                        if run.state.program.instruction != 0 && run.state.phase == Phase::Computing {
                            lit.push(run.state.program.instruction);
                        }
                        if lit.len() > 200 {
                            return Err(nimforge_verify::Error::Model(format!("{position:?} {}: the oracle's move never stops", v.name())));
                        }
                    }
                    let want = machine_move(position, v, hc).expect("a position with a match has a move");
                    if run.state.program.store != want.after || lit != want.instructions || run.state.program.heap != want.heap_counter {
                        return Err(nimforge_verify::Error::Model(format!(
                            "{position:?} {} heap counter {hc}: the oracle's cycles leave {:?} after {lit:?}; the move-level function says {:?} after {:?}",
                            v.name(),
                            run.state.program.store,
                            want.after,
                            want.instructions
                        )));
                    }
                }
            }
        }
        let (control, _) = control_run(CONTROL_CYCLES, 1);
        run.letters.extend(control);
        Ok(run.letters)
    }

    fn design() -> NimrodSim {
        NimrodSim::new(NIMROD_SIM_PACE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The control states the design can reach, by hand: set-up, the
    /// opponent's turn before and after his first press, in every variant
    /// and mode (the computer's side, nothing lit); game over with either
    /// winner after either side's last move, except that a self-played
    /// game's opponent side cannot lose the normal game nor win the reverse
    /// one by its own last move; and the program running, every instruction
    /// 1..9, for the computer, for the computer in self-play and for the
    /// opponent in self-play, with the wait at 0 or 1 in slow mode.
    fn reachable_control_states() -> HashSet<Control> {
        use oracle::{Side, Winner};
        let mut want = HashSet::new();
        for v in Variant::all() {
            for mode in [Mode::Fast, Mode::Slow, Mode::Manual] {
                for ph in [Phase::SetUp, Phase::Opponent, Phase::Moved] {
                    want.insert((ph, Side::Computer, false, mode, 0, Winner::Nobody, v, 0));
                }
                for side in [Side::Computer, Side::Opponent] {
                    for w in [Winner::Computer, Winner::Opponent] {
                        let own_last_move_loses = (w == Winner::Computer) != v.reverse;
                        if side == Side::Opponent && own_last_move_loses {
                            continue;
                        }
                        want.insert((Phase::Over, side, false, mode, 0, w, v, 0));
                    }
                }
                let waits: &[u32] = if mode == Mode::Slow { &[0, 1] } else { &[0] };
                for &wait in waits {
                    for (side, sp) in [(Side::Computer, false), (Side::Computer, true), (Side::Opponent, true)] {
                        for i in 1..=9 {
                            want.insert((Phase::Computing, side, sp, mode, wait, Winner::Nobody, v, i));
                        }
                    }
                }
            }
        }
        want
    }

    /// The control run meets exactly the control states the design can
    /// reach, and gives each of them every letter.
    #[test]
    fn the_control_run_meets_every_control_state_under_every_letter() {
        let (letters, coverage) = control_run(CONTROL_CYCLES, 1);
        let (met, _) = survey(&letters);
        let met: HashSet<Control> = met.into_keys().collect();
        let want = reachable_control_states();
        let missing: Vec<_> = want.difference(&met).collect();
        let extra: Vec<_> = met.difference(&want).collect();
        assert!(missing.is_empty(), "not met: {missing:?}");
        assert!(extra.is_empty(), "met but thought unreachable: {extra:?}");
        assert_eq!(coverage.pairs, want.len() * Nimrod::alphabet().len());
    }
}
