//! Nimatron for the harness: its ports, its letters, the oracle
//! (`oracle::nimatron`) and the design (`designs::nimatron`) side by side.
//!
//! The counters TP, MWC, PWC are written by the game-end pulses and never
//! read by the logic, so they stay out of the state graph the tour walks
//! (`Extra`); they are compared with the oracle's on every cycle, and their
//! block has its own exhaustive test. The tour walks every reachable state of
//! the rest (lamps, locks, R1..R3, combination, phase, T chain, the
//! machine's row and count, the pulses) under every input.

use nimforge_oracles::nimatron::{Counters, Input, State, COMBINATIONS, LAMPS, ROWS};
use nimforge_verify::{Letter, Machine, Recorder};

use nimforge_designs::{NimatronSim, NIMATRON_SIM_PACE};
/// Nimatron's letters are the oracle's inputs: no button, PA..PD, MTR, the power-on reset.
pub use nimforge_oracles::nimatron::Input as Press;

/// Nimatron as the harness drives it: its [`Machine`].
pub struct Nimatron;

/// The lamp bits of a row with n lamps lit: the last n (bit k is lamp k + 1).
pub fn lamp_bits(n: u8) -> u64 {
    (0x7f << (LAMPS - n)) & 0x7f
}

impl Machine for Nimatron {
    type State = State;
    type Extra = Counters;
    type Design = NimatronSim;
    type Press = Input;
    const NAME: &'static str = "nimatron";

    /// Copies for the `rtl` level's tree of pieces (the design derives `Clone`).
    fn fork(design: &NimatronSim) -> Option<NimatronSim> {
        Some(design.clone())
    }

    nimforge_verify::ports!(NimatronSim;
        inputs: [reset, pa, pb, pc, pd, mtr];
        outputs: [lamps_a, lamps_b, lamps_c, lamps_d, combination, r, lock, phase, chain, machine_row, correct, taken, ended, player_won, illegal, tp_pulse, mwc_pulse, pwc_pulse, token, tp, mwc, pwc, lamp_p, lamp_m]);

    fn alphabet() -> Vec<Input> {
        vec![Input::None, Input::Reset, Input::Row(0), Input::Row(1), Input::Row(2), Input::Row(3), Input::Mtr]
    }

    fn letter(press: Input) -> Letter {
        match press {
            Input::None => Letter::of::<Self>("none", &[]),
            Input::Reset => Letter::of::<Self>("RESET", &[("reset", 1)]),
            Input::Row(r) => Letter::of::<Self>(["PA", "PB", "PC", "PD"][r], &[(["pa", "pb", "pc", "pd"][r], 1)]),
            Input::Mtr => Letter::of::<Self>("MTR", &[("mtr", 1)]),
        }
    }

    /// The counters' outputs: the search keys on every register but theirs.
    fn write_only_outputs() -> Vec<&'static str> {
        vec!["tp", "mwc", "pwc"]
    }

    fn home() -> Option<Input> {
        Some(Input::Reset)
    }

    fn power_on() -> State {
        State::power_on()
    }

    fn step(state: &State, press: Input) -> State {
        state.step(press, NIMATRON_SIM_PACE as u32)
    }

    fn extra_step(extra: Counters, before: &State, press: Input) -> Counters {
        extra.after(before, press)
    }

    fn observe(s: &State, c: &Counters) -> Vec<u64> {
        let one_hot = |x: Option<usize>| x.map_or(0, |i| 1u64 << i);
        vec![
            lamp_bits(s.rows[0]),
            lamp_bits(s.rows[1]),
            lamp_bits(s.rows[2]),
            lamp_bits(s.rows[3]),
            s.combination as u64,
            s.r as u64,
            one_hot(s.lock),
            s.phase as u64,
            s.chain as u64,
            one_hot(s.row),
            s.correct as u64,
            s.taken as u64,
            s.ended as u64,
            s.player_won as u64,
            s.illegal as u64,
            s.tp_pulse as u64,
            s.mwc_pulse as u64,
            s.pwc_pulse as u64,
            s.token as u64,
            c.tp as u64,
            c.mwc as u64,
            c.pwc as u64,
            (s.phase == nimforge_oracles::nimatron::Phase::Player) as u64,
            matches!(s.phase, nimforge_oracles::nimatron::Phase::Dimming | nimforge_oracles::nimatron::Phase::Pulsing) as u64,
        ]
    }

    /// Whole games, each machine move run to completion and checked against
    /// `machine_move`: 27 games (every combination three times, so under
    /// every R state) against a player who takes one lamp from the first lit
    /// row. Every position under every R state and combination, and the
    /// whole move from it, is in the tour already.
    fn move_runs() -> Result<Vec<usize>, nimforge_verify::Error> {
        use nimforge_oracles::nimatron::{machine_move, Phase};
        let mut run = Recorder::<Self>::new();
        run.push(Input::Reset);
        for _game in 0..COMBINATIONS.len() * 3 {
            while run.state.phase != Phase::Player {
                run.push(Input::None);
            }
            loop {
                let row = (0..ROWS).find(|&r| run.state.rows[r] > 0).unwrap();
                run.push(Input::Row(row));
                if run.state.phase != Phase::Player {
                    break; // the player put out the last lamp
                }
                let want = machine_move(run.state.rows, run.state.r);
                run.push(Input::Mtr);
                while run.state.phase == Phase::Dimming || run.state.phase == Phase::Pulsing {
                    run.push(Input::None);
                }
                let want = want.ok_or_else(|| nimforge_verify::Error::Model("MTR with every lamp out".into()))?;
                if run.state.rows != want.after {
                    return Err(nimforge_verify::Error::Model(format!("the oracle's cycles end at {:?}; machine_move says {:?}", run.state.rows, want)));
                }
                if run.state.phase != Phase::Player {
                    break; // the machine put out the last lamp
                }
            }
        }
        Ok(run.letters)
    }

    fn design() -> NimatronSim {
        NimatronSim::new(NIMATRON_SIM_PACE)
    }
}
