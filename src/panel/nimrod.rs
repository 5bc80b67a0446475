//! Nimrod's front panel (`fpga/protocol.md`, "Nimrod"): its keys and its
//! 56-bit report, and what the report must say for a state of the oracle.
//! The board wrapper is `designs/src/panels/nimrod.rs`.

use super::script::{Panel, Script, Stepper};
use nimforge_designs::{NimrodPanelSim, NIMROD_PANEL_SIM_PACE, PANEL_SIM_CLOCKS_PER_BIT};
use nimforge_oracles::nimrod::{machine_move, Mode, Phase, Press, State, Winner, HEAPS};

/// The report's fields (`nimforge_designs::report`).
pub use nimforge_designs::report::NIMROD as LAYOUT;

/// The key for a press (`None` for a press no key makes: mode 3).
pub fn key(p: Press) -> Option<u8> {
    Some(match p {
        Press::None => return None,
        Press::Reset => b'r',
        Press::NewGame { reverse, k } => 0xa0 + 4 * reverse as u8 + k,
        Press::Leave { heap, count } => 0x80 + 8 * heap + count,
        Press::ComputerMove => b'c',
        Press::Step => b's',
        Press::SetMode(0) => b'f',
        Press::SetMode(1) => b'w',
        Press::SetMode(2) => b'm',
        Press::SetMode(_) => return None,
        Press::SelfPlay => b'p',
    })
}

/// The report for the oracle's state; `illegal` is this cycle's, which the
/// wrapper holds until a report has carried it.
pub fn report(s: &State) -> u128 {
    let l = s.lamps();
    let p = &s.program;
    let mut r = LAYOUT.pack(&[
        ("phase", s.phase as u128),
        ("illegal", s.illegal as u128),
        ("winner", s.winner as u128),
        ("side", s.side as u128),
        ("self_play", s.self_play as u128),
        ("instruction", p.instruction as u128),
        ("mode", s.mode as u128),
        ("reverse", s.variant.reverse as u128),
        ("transition", p.transition as u128),
        ("k", s.variant.k as u128),
        ("column_counter", p.column as u128),
        ("heap_counter", p.heap as u128),
        ("heap_selected", p.selected as u128),
    ]);
    let lamps = LAYOUT.field("status_lamps");
    let lit = [l.opponent_wins, l.computer_wins, l.opponents_move, l.computer_will_move, l.computers_move];
    for (i, &on) in lit.iter().enumerate() {
        r = lamps.item(i).put(r, on as u128);
    }
    let heaps = LAYOUT.field("heaps");
    for h in 0..HEAPS {
        r = heaps.item(h).put(r, p.store[h] as u128);
    }
    r
}

/// The oracle at the panel simulation's pace.
struct Oracle(State);

impl Stepper for Oracle {
    type Input = Press;
    fn cycle(&mut self, input: Press) -> u128 {
        self.0 = self.0.step(input, NIMROD_PANEL_SIM_PACE as u32);
        report(&self.0)
    }
    /// The program runs on its own, except in manual mode.
    fn working(&self) -> bool {
        self.0.phase == Phase::Computing && self.0.mode != Mode::Manual
    }
}

/// Nimrod's wrapper for the `panel` level (`verify::panel`).
pub struct NimrodPanel;

impl Panel for NimrodPanel {
    crate::panel_wrapper!(
        NimrodPanelSim,
        "nimrod_panel_sim",
        NimrodPanelSim::new(NIMROD_PANEL_SIM_PACE, PANEL_SIM_CLOCKS_PER_BIT, nimforge_designs::PANEL_SIM_BUTTON_STABLE)
    );

    /// Two games. The simple normal game by the board's NEW GAME button
    /// (bouncing), set up as the booklet's 7, 1, 6, 4; the computer moves
    /// first and a skilled opponent (Nimrod's own move, a heap at a time)
    /// plays to the end; on the way COMPUTER MOVE before the opponent has
    /// moved and a heap raised are refused. Then the reverse game with k = 2
    /// from 3, 5, 6, 7: the computer's first move in slow mode (COMPUTER
    /// MOVE during it refused), the next in manual mode by STEP (once by
    /// the board's button), then self-play in fast mode to the end; NEW
    /// GAME with k = 0 refused; RESET.
    fn script() -> Script {
        let mut oracle = Oracle(State::power_on());
        let mut d = Drive { script: Script::start::<Self, _>(report(&oracle.0), &mut oracle) };
        d.button(3, Press::NewGame { reverse: false, k: 1 }, &mut oracle);
        d.set_up([7, 1, 6, 4], &mut oracle);
        d.press(Press::ComputerMove, &mut oracle, true);
        d.press(Press::ComputerMove, &mut oracle, true);
        let raise = (0..HEAPS).find(|&h| oracle.0.program.store[h] < 7).expect("a heap below 7");
        d.press(Press::Leave { heap: raise as u8, count: oracle.0.program.store[raise] + 1 }, &mut oracle, true);
        while oracle.0.winner == Winner::Nobody {
            d.opponent(&mut oracle);
            if oracle.0.winner == Winner::Nobody {
                d.press(Press::ComputerMove, &mut oracle, true);
            }
        }
        assert_eq!(oracle.0.winner, Winner::Computer, "the script's first game");

        d.press(Press::SetMode(1), &mut oracle, true);
        d.press(Press::NewGame { reverse: true, k: 2 }, &mut oracle, true);
        d.set_up([3, 5, 6, 7], &mut oracle);
        d.press(Press::ComputerMove, &mut oracle, false);
        d.press(Press::ComputerMove, &mut oracle, true);
        d.opponent(&mut oracle);
        d.press(Press::SetMode(2), &mut oracle, true);
        d.press(Press::ComputerMove, &mut oracle, true);
        d.button(1, Press::Step, &mut oracle);
        while oracle.0.phase == Phase::Computing {
            d.press(Press::Step, &mut oracle, true);
        }
        d.press(Press::SetMode(0), &mut oracle, true);
        d.press(Press::SelfPlay, &mut oracle, true);
        assert_ne!(oracle.0.winner, Winner::Nobody, "the self-played game ends");
        d.press(Press::NewGame { reverse: false, k: 0 }, &mut oracle, true);
        d.press(Press::Reset, &mut oracle, true);
        d.script
    }
}

/// The script being written, pressed by Nimrod's presses.
struct Drive {
    script: Script,
}

impl Drive {
    fn press(&mut self, p: Press, oracle: &mut Oracle, settle: bool) {
        let k = key(p).expect("every press in the script has a key");
        self.script.press(oracle, k, p, settle);
    }

    /// Board button `k`, bouncing.
    fn button(&mut self, k: u8, p: Press, oracle: &mut Oracle) {
        self.script.button(oracle, k, p);
    }

    /// The heaps arranged in set-up.
    fn set_up(&mut self, heaps: [u8; HEAPS], oracle: &mut Oracle) {
        for (h, &n) in heaps.iter().enumerate() {
            self.press(Press::Leave { heap: h as u8, count: n }, oracle, true);
        }
    }

    /// A skilled opponent's whole move: Nimrod's own, a heap at a time.
    fn opponent(&mut self, oracle: &mut Oracle) {
        let s = oracle.0;
        let plan = machine_move(s.program.store, s.variant, 0).expect("a match is left").after;
        for h in 0..HEAPS {
            if plan[h] != oracle.0.program.store[h] {
                self.press(Press::Leave { heap: h as u8, count: plan[h] }, oracle, true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wrapper end to end in the rust-hdl simulation.
    #[test]
    fn two_games_through_the_uart() {
        crate::panel::level::script_passes::<NimrodPanel>("nimrod", &LAYOUT, Some(4));
    }
}
