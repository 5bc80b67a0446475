//! The learning machine's front panel (`fpga/protocol.md`, "The learning
//! machine"): its keys and its 128-bit report, and what the report must say
//! for a state of the oracle. The board wrapper is
//! `designs/src/panels/learning.rs`.

use super::script::{Panel, Script};
use super::Clocked;
use nimforge_designs::{LearningPanelSim, PANEL_SIM_CLOCKS_PER_BIT};
use nimforge_oracles::learning::{Human, Phase, Press, Random, State, Winner};

/// The report's fields (`nimforge_designs::report`).
pub use nimforge_designs::report::LEARNING as LAYOUT;

/// The key for a press.
pub fn key(p: Press) -> Option<u8> {
    match p {
        Press::None => None,
        Press::Reset => Some(b'r'),
        Press::NewGame => Some(b'n'),
        Press::MemoryReset => Some(b'm'),
        Press::MemoryPreload => Some(b'p'),
        Press::Play(c) => Some(b'0' + c),
    }
}

/// The memory as the report carries it: column t (1..17) is item t - 1
/// of `memory`, the oracle's `cells[t - 1]` (play p at its bit p - 1).
pub fn memory_bits(cells: &[u8]) -> u128 {
    let memory = LAYOUT.field("memory");
    cells.iter().enumerate().fold(0, |r, (c, &col)| memory.item(c).put(r, col as u128))
}

/// Cell (total `t`, play `p`) of a report's memory.
pub fn cell(report: u128, t: u8, p: u8) -> bool {
    LAYOUT.field("memory").item(t as usize - 1).get(report) >> (p - 1) & 1 == 1
}

/// The report for the oracle's state; `illegal` is this cycle's, which the
/// wrapper holds until a report has carried it.
pub fn report(s: &State) -> u128 {
    let r = LAYOUT.pack(&[
        ("your_turn", s.your_turn() as u128),
        ("illegal", s.illegal as u128),
        ("winner", s.winner as u128),
        ("programmer", s.phase as u128),
        ("machine_play", s.m_play as u128),
        ("human_play", s.h_play as u128),
        ("totalizer_2", s.total as u128),
    ]);
    r | memory_bits(&s.memory.cells)
}

/// The oracle, and the keys on their way to it.
type Oracle = Clocked<State, Press>;

/// The learning machine's wrapper for the `panel` level (`verify::panel`).
pub struct LearningPanel;

impl Panel for LearningPanel {
    crate::panel_wrapper!(
        LearningPanelSim,
        "learning_panel_sim",
        LearningPanelSim::new(true, PANEL_SIM_CLOCKS_PER_BIT, nimforge_designs::PANEL_SIM_BUTTON_STABLE)
    );

    /// Three games. The first by the board's buttons: NEW GAME and the
    /// opening PLAY 1 (each bouncing); then a human who plays 1 whenever
    /// allowed, a barred play refused on the way. Then MEMORY PRELOAD and a
    /// skilled human (the game's solution, else random) to the end, PLAY 0
    /// refused on the way; PLAY after the end refused. Then MEMORY RESET,
    /// a random human's game, and RESET.
    fn script() -> Script {
        let mut oracle = Clocked::new(State::power_on(true), State::step, report, |s| s.phase != Phase::Idle);
        let mut script = Script::start::<Self, _>(report(&oracle.state), &mut oracle);
        script.button(&mut oracle, 0, Press::NewGame);
        script.button(&mut oracle, 1, Press::Play(1));
        oracle.keys.through_uart(Self::CLOCKS_PER_BIT);
        let mut press = |p: Press, oracle: &mut Oracle| {
            script.press(oracle, key(p).expect("a key"), p, true);
        };
        let mut rng = Random(7);
        let mut game = |human: Human, n: usize, refuse: bool, oracle: &mut Oracle, press: &mut dyn FnMut(Press, &mut Oracle)| {
            let mut refused = !refuse;
            while oracle.state.winner == Winner::Nobody {
                let s = oracle.state;
                if !refused && s.m_play != 0 {
                    press(Press::Play(s.m_play), oracle);
                    press(Press::Play(0), oracle);
                    refused = true;
                }
                press(Press::Play(human.play(n, s.total, s.m_play, &mut rng)), oracle);
            }
        };
        game(Human::Ones, 1, true, &mut oracle, &mut press);
        press(Press::MemoryPreload, &mut oracle);
        press(Press::NewGame, &mut oracle);
        game(Human::Perfect, 2, false, &mut oracle, &mut press);
        press(Press::Play(1), &mut oracle);
        press(Press::MemoryReset, &mut oracle);
        press(Press::NewGame, &mut oracle);
        game(Human::Random, 3, false, &mut oracle, &mut press);
        press(Press::Reset, &mut oracle);
        script
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_oracles::counting::GOAL;

    /// The wrapper end to end in the rust-hdl simulation.
    #[test]
    fn three_games_through_the_uart() {
        crate::panel::level::script_passes::<LearningPanel>("learning", &LAYOUT, Some(3));
    }

    /// The report's memory field is the oracle's memory, column by column.
    #[test]
    fn cells_round_trip() {
        let mut m = nimforge_oracles::learning::Memory::reset(false);
        m.preload();
        let r = memory_bits(&m.cells);
        for t in 1..GOAL {
            for p in 1..=6 {
                assert_eq!(cell(r, t, p), m.get(t, p), "total {t} play {p}");
            }
        }
    }
}
