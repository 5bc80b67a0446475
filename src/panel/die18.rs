//! 18-with-a-die's front panel (`fpga/protocol.md`, "18-with-a-die"): its
//! keys and its 32-bit report, and what the report must say for a state of
//! the oracle. The board wrapper is `designs/src/panels/die18.rs`.

use super::script::{Panel, Script};
use super::Clocked;
use nimforge_designs::{Die18PanelSim, PANEL_SIM_CLOCKS_PER_BIT};
use nimforge_oracles::counting::allowed_after;
use nimforge_oracles::die18::{dictionary, dictionary_play, Press, State, Step, Winner};

/// The report's fields (`nimforge_designs::report`).
pub use nimforge_designs::report::DIE18 as LAYOUT;

/// The key for a press.
pub fn key(p: Press) -> Option<u8> {
    match p {
        Press::None => None,
        Press::Reset => Some(b'r'),
        Press::NewGame => Some(b'n'),
        Press::Play(c) => Some(b'0' + c),
    }
}

/// The report for the oracle's state; `illegal` is this cycle's, which the
/// wrapper holds until a report has carried it.
pub fn report(s: &State) -> u128 {
    LAYOUT.pack(&[
        ("winner", s.winner as u128),
        ("illegal", s.illegal as u128),
        ("program", s.step as u128),
        ("m_play", s.m_play as u128),
        ("h_play", s.h_play as u128),
        ("m_score", s.m_score as u128),
        ("h_score", s.h_score as u128),
    ])
}

/// The oracle, and the keys on their way to it.
type Oracle = Clocked<State, Press>;

/// 18-with-a-die's wrapper for the `panel` level (`verify::panel`).
pub struct Die18Panel;

impl Panel for Die18Panel {
    crate::panel_wrapper!(
        Die18PanelSim,
        "die18_panel_sim",
        Die18PanelSim::new(dictionary(), PANEL_SIM_CLOCKS_PER_BIT, nimforge_designs::PANEL_SIM_BUTTON_STABLE)
    );

    /// Two games. The first by the board's buttons: NEW GAME and the
    /// opening PLAY 1 (each bouncing); then a skilled human (the
    /// dictionary's own play) to the end, a barred play refused on the way.
    /// The second: the machine opens (PLAY 0), a human who always plays
    /// the smallest allowed number; PLAY after the end refused; RESET.
    fn script() -> Script {
        let mut oracle = Clocked::new(State::power_on(), State::step, report, |s| s.step != Step::Idle);
        let mut script = Script::start::<Self, _>(report(&oracle.state), &mut oracle);
        script.button(&mut oracle, 0, Press::NewGame);
        script.button(&mut oracle, 1, Press::Play(1));
        oracle.keys.through_uart(Self::CLOCKS_PER_BIT);
        let mut press = |p: Press, oracle: &mut Oracle| {
            script.press(oracle, key(p).expect("a key"), p, true);
        };
        let mut refused = false;
        while oracle.state.winner == Winner::Nobody {
            let s = oracle.state;
            if !refused && s.m_play != 0 {
                press(Press::Play(s.m_play), &mut oracle);
                refused = true;
            }
            press(Press::Play(dictionary_play(s.h_score, s.m_play)), &mut oracle);
        }
        press(Press::NewGame, &mut oracle);
        press(Press::Play(0), &mut oracle);
        while oracle.state.winner == Winner::Nobody {
            let m = oracle.state.m_play;
            let smallest = (1..=6).find(|&p| m == 0 || allowed_after(m, p)).expect("four plays are allowed");
            press(Press::Play(smallest), &mut oracle);
        }
        press(Press::Play(1), &mut oracle);
        press(Press::Reset, &mut oracle);
        script
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wrapper end to end in the rust-hdl simulation.
    #[test]
    fn two_games_through_the_uart() {
        crate::panel::level::script_passes::<Die18Panel>("die18", &LAYOUT, Some(2));
    }
}
