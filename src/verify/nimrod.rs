//! Nimrod for the harness: its ports, its letters, the oracle
//! (`oracle::nimrod`) and the design (`designs::nimrod`) side by side.
//!
//! No single transition tour: the machine holds the main store (4,096
//! contents), the program's registers, the variant (6), the crude random
//! number generator (4), the mode (3), the slow mode's wait, self-play and
//! the game's phase, and their product is far beyond a tour (an exploration
//! of the reachable graph ran out of memory). So the plan is in two parts,
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
//! - the control, by a long seeded run: random presses of every button
//!   (legal and refused ones, every mode, STEP, SELF PLAY, NEW GAME with
//!   every variant, RESET) weighted so that games get played to the end,
//!   with whole games in slow, manual and self-play modes. The run reports
//!   how many of the (phase, side, self-play, mode, wait, winner, variant,
//!   instruction) x letter pairs it met (`control_coverage`).

use super::{Letter, Machine, Port};
use crate::oracle::nimrod::{self as oracle, machine_move, Mode, Phase, Press, State, Variant, HEAPS};
use nimforge_designs::{NimrodSim, NIMROD_SIM_PACE};
use rust_hdl::prelude::*;
use std::collections::HashSet;

pub struct Nimrod;

const INPUTS: [Port; 12] = [
    Port { name: "reset", width: 1 },
    Port { name: "new_game", width: 1 },
    Port { name: "reverse_switch", width: 1 },
    Port { name: "k_switch", width: 2 },
    Port { name: "leave", width: 1 },
    Port { name: "leave_heap", width: 2 },
    Port { name: "leave_count", width: 3 },
    Port { name: "computer_move", width: 1 },
    Port { name: "step", width: 1 },
    Port { name: "set_mode", width: 1 },
    Port { name: "mode_switch", width: 2 },
    Port { name: "self_play", width: 1 },
];

const OUTPUTS: [Port; 20] = [
    Port { name: "heap_0", width: 3 },
    Port { name: "heap_1", width: 3 },
    Port { name: "heap_2", width: 3 },
    Port { name: "heap_3", width: 3 },
    Port { name: "column_counter", width: 2 },
    Port { name: "heap_counter", width: 2 },
    Port { name: "heap_selected", width: 4 },
    Port { name: "instruction", width: 4 },
    Port { name: "transition", width: 1 },
    Port { name: "reverse", width: 1 },
    Port { name: "k", width: 2 },
    Port { name: "random", width: 2 },
    Port { name: "phase", width: 3 },
    Port { name: "side", width: 1 },
    Port { name: "self_playing", width: 1 },
    Port { name: "mode", width: 2 },
    Port { name: "dwell", width: 1 },
    Port { name: "winner", width: 2 },
    Port { name: "lamps", width: 5 },
    Port { name: "illegal", width: 1 },
];

/// Letters: none, RESET, NEW GAME x 8 (reverse, k 0..3), LEAVE x 32 (heap,
/// count), COMPUTER MOVE, STEP, MODE x 4 (0..3), SELF PLAY.
pub const NONE: usize = 0;
pub const RESET: usize = 1;
pub fn new_game(reverse: bool, k: u8) -> usize {
    2 + 4 * reverse as usize + k as usize
}
pub fn leave(heap: usize, count: u8) -> usize {
    10 + 8 * heap + count as usize
}
pub const COMPUTER_MOVE: usize = 42;
pub const STEP: usize = 43;
pub fn set_mode(m: u8) -> usize {
    44 + m as usize
}
pub const SELF_PLAY: usize = 48;
pub const LETTERS: usize = 49;

pub fn press(letter: usize) -> Press {
    match letter {
        NONE => Press::None,
        RESET => Press::Reset,
        2..=9 => Press::NewGame { reverse: letter >= 6, k: ((letter - 2) % 4) as u8 },
        10..=41 => Press::Leave { heap: ((letter - 10) / 8) as u8, count: ((letter - 10) % 8) as u8 },
        COMPUTER_MOVE => Press::ComputerMove,
        STEP => Press::Step,
        44..=47 => Press::SetMode((letter - 44) as u8),
        SELF_PLAY => Press::SelfPlay,
        _ => panic!("letter {letter} is not one of Nimrod's"),
    }
}

fn inputs(p: Press) -> Vec<u64> {
    // reset, new_game, reverse_switch, k_switch, leave, leave_heap, leave_count,
    // computer_move, step, set_mode, mode_switch, self_play
    let mut i = vec![0u64; 12];
    match p {
        Press::None => {}
        Press::Reset => i[0] = 1,
        Press::NewGame { reverse, k } => {
            i[1] = 1;
            i[2] = reverse as u64;
            i[3] = k as u64;
        }
        Press::Leave { heap, count } => {
            i[4] = 1;
            i[5] = heap as u64;
            i[6] = count as u64;
        }
        Press::ComputerMove => i[7] = 1,
        Press::Step => i[8] = 1,
        Press::SetMode(m) => {
            i[9] = 1;
            i[10] = m as u64;
        }
        Press::SelfPlay => i[11] = 1,
    }
    i
}

fn name(p: Press) -> String {
    match p {
        Press::None => "none".into(),
        Press::Reset => "RESET".into(),
        Press::NewGame { reverse, k } => format!("NEW GAME {} k{k}", if reverse { "REVERSE" } else { "NORMAL" }),
        Press::Leave { heap, count } => format!("LEAVE {heap} {count}"),
        Press::ComputerMove => "COMPUTER MOVE".into(),
        Press::Step => "STEP".into(),
        Press::SetMode(m) => format!("MODE {}", ["FAST", "SLOW", "MANUAL", "3"][m as usize]),
        Press::SelfPlay => "SELF PLAY".into(),
    }
}

/// The part of the state the control run's coverage is counted over.
fn control(s: &State) -> (Phase, oracle::Side, bool, Mode, u32, oracle::Winner, Variant, u8) {
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

/// Cycles in the seeded control run.
pub const CONTROL_CYCLES: usize = 400_000;

/// The seeded control run from power-on: letters, and how many (control
/// state, letter) pairs it met.
pub fn control_run(cycles: usize, seed: u64) -> (Vec<usize>, usize) {
    let mut rng = Lcg(seed);
    let mut s = State::power_on();
    let mut out = Vec::with_capacity(cycles);
    let mut met = HashSet::new();
    while out.len() < cycles {
        let l = match s.phase {
            // While the program runs: mostly nothing (or STEP), now and then anything.
            Phase::Computing => match rng.next(20) {
                0 => rng.next(LETTERS as u64) as usize,
                1..=9 if s.mode == Mode::Manual => STEP,
                1..=2 => set_mode(rng.next(4) as u8),
                _ => NONE,
            },
            // Lower a heap (often legal), move, play itself, set up anew.
            _ => match rng.next(100) {
                0 => RESET,
                1..=4 => new_game(rng.next(2) == 1, rng.next(4) as u8),
                5..=44 => {
                    let h = rng.next(HEAPS as u64) as usize;
                    let top = s.program.store[h] as u64;
                    leave(h, if top > 0 && rng.next(4) > 0 { rng.next(top) as u8 } else { rng.next(8) as u8 })
                }
                45..=69 => COMPUTER_MOVE,
                70..=74 => SELF_PLAY,
                75..=80 => set_mode(rng.next(4) as u8),
                81..=82 => STEP,
                _ => NONE,
            },
        };
        met.insert((control(&s), l));
        s = s.step(press(l), NIMROD_SIM_PACE as u32);
        out.push(l);
    }
    (out, met.len())
}

impl Machine for Nimrod {
    type State = State;
    type Extra = ();
    type Design = NimrodSim;
    const NAME: &'static str = "nimrod";
    const MODULE: &'static str = "nimrod";

    fn inputs() -> Vec<Port> {
        INPUTS.to_vec()
    }

    fn outputs() -> Vec<Port> {
        OUTPUTS.to_vec()
    }

    fn letters() -> Vec<Letter> {
        (0..LETTERS)
            .map(|l| {
                let p = press(l);
                Letter { name: name(p), inputs: inputs(p) }
            })
            .collect()
    }

    fn walks_tour() -> bool {
        false
    }

    /// RESET leads to power-on from every state, so the slow levels can
    /// replay a seeded share of the runs, cut at each RESET.
    fn home() -> Option<usize> {
        Some(RESET)
    }

    /// About 2.7M cycles in all; the netlist runs some 2,300 a second.
    fn slow_share() -> f64 {
        0.1
    }

    fn power_on() -> State {
        State::power_on()
    }

    fn step(state: &State, letter: usize) -> State {
        state.step(press(letter), NIMROD_SIM_PACE as u32)
    }

    fn extra_step(_: (), _: &State, _: usize) {}

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
    fn move_runs() -> Result<Vec<usize>, String> {
        let mut out = Vec::new();
        let mut s = State::power_on();
        let push = |s: &mut State, out: &mut Vec<usize>, l: usize| {
            *s = Self::step(s, l);
            out.push(l);
        };
        for v in Variant::all() {
            for hc in 0..4u8 {
                for i in 1..(1usize << (3 * HEAPS)) {
                    let position: [u8; HEAPS] = std::array::from_fn(|h| (i >> (3 * h) & 7) as u8);
                    // RESET clears the crude random number generator, which
                    // moves on with every press: the mode switch brings it
                    // round to `hc` for NEW GAME to load.
                    push(&mut s, &mut out, RESET);
                    while s.random != hc {
                        push(&mut s, &mut out, set_mode(0));
                    }
                    push(&mut s, &mut out, new_game(v.reverse, v.k));
                    for (h, &n) in position.iter().enumerate() {
                        if n != oracle::TOP {
                            push(&mut s, &mut out, leave(h, n));
                        }
                    }
                    push(&mut s, &mut out, COMPUTER_MOVE);
                    let mut lit = vec![s.program.instruction];
                    while s.phase == Phase::Computing {
                        push(&mut s, &mut out, NONE);
                        if s.program.instruction != 0 && s.phase == Phase::Computing {
                            lit.push(s.program.instruction);
                        }
                        if lit.len() > 200 {
                            return Err(format!("{position:?} {}: the oracle's move never stops", v.name()));
                        }
                    }
                    let want = machine_move(position, v, hc).expect("a position with a match has a move");
                    if s.program.store != want.after || lit != want.instructions || s.program.heap != want.heap_counter {
                        return Err(format!(
                            "{position:?} {} heap counter {hc}: the oracle's cycles leave {:?} after {lit:?}; the move-level function says {:?} after {:?}",
                            v.name(),
                            s.program.store,
                            want.after,
                            want.instructions
                        ));
                    }
                }
            }
        }
        let (control, _) = control_run(CONTROL_CYCLES, 1);
        out.extend(control);
        Ok(out)
    }

    fn design() -> NimrodSim {
        NimrodSim::new(NIMROD_SIM_PACE)
    }

    fn clock(d: &mut NimrodSim) -> &mut Signal<In, Clock> {
        &mut d.clock
    }

    fn drive(d: &mut NimrodSim, i: &[u64]) {
        d.reset.next = i[0] == 1;
        d.new_game.next = i[1] == 1;
        d.reverse_switch.next = i[2] == 1;
        d.k_switch.next = i[3].into();
        d.leave.next = i[4] == 1;
        d.leave_heap.next = i[5].into();
        d.leave_count.next = i[6].into();
        d.computer_move.next = i[7] == 1;
        d.step.next = i[8] == 1;
        d.set_mode.next = i[9] == 1;
        d.mode_switch.next = i[10].into();
        d.self_play.next = i[11] == 1;
    }

    fn read(d: &NimrodSim) -> Vec<u64> {
        let b = |x: bool| x as u64;
        vec![
            d.heap_0.val().index() as u64,
            d.heap_1.val().index() as u64,
            d.heap_2.val().index() as u64,
            d.heap_3.val().index() as u64,
            d.column_counter.val().index() as u64,
            d.heap_counter.val().index() as u64,
            d.heap_selected.val().index() as u64,
            d.instruction.val().index() as u64,
            b(d.transition.val()),
            b(d.reverse.val()),
            d.k.val().index() as u64,
            d.random.val().index() as u64,
            d.phase.val().index() as u64,
            b(d.side.val()),
            b(d.self_playing.val()),
            d.mode.val().index() as u64,
            d.dwell.val().index() as u64,
            d.winner.val().index() as u64,
            d.lamps.val().index() as u64,
            b(d.illegal.val()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The control run plays games to the end in every mode and variant.
    #[test]
    fn the_control_run_reaches_every_corner() {
        let (letters, met) = control_run(CONTROL_CYCLES, 1);
        let mut s = State::power_on();
        let mut seen = HashSet::new();
        for &l in &letters {
            s = Nimrod::step(&s, l);
            seen.insert((s.phase, s.mode, s.self_play, s.winner, s.variant));
        }
        for v in Variant::all() {
            for mode in [Mode::Fast, Mode::Slow, Mode::Manual] {
                for self_play in [false, true] {
                    assert!(seen.contains(&(Phase::Computing, mode, self_play, oracle::Winner::Nobody, v)), "{v:?} {mode:?} {self_play}");
                }
                assert!(seen.iter().any(|x| x.0 == Phase::Over && x.1 == mode && x.4 == v), "{v:?} {mode:?} over");
            }
        }
        eprintln!("control pairs met: {met}");
    }

    #[test]
    fn letters_round_trip() {
        for l in 0..LETTERS {
            let p = press(l);
            let back = Nimrod::letters().iter().position(|x| x.name == name(p)).unwrap();
            assert_eq!(back, l);
        }
    }
}
