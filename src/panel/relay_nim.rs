//! The relay NIM's front panel (`fpga/protocol.md`, "Relay NIM"): its keys
//! and its 28-bit report, and what the report must say for a state of the
//! oracle. The board wrapper is `designs/src/panels/relay_nim.rs`.

use super::script::{Panel, Script, Stepper};
use nimforge_designs::{RelayNimPanelSim, PANEL_SIM_CLOCKS_PER_BIT, RELAY_NIM_PANEL_SIM_PACE};
use nimforge_oracles::relay_nim::{Buttons, State, Step, Winner, PILES};

/// The report's fields (`nimforge_designs::report`).
pub use nimforge_designs::report::RELAY_NIM as LAYOUT;

/// The piles' size fields, pile A first.
pub const SIZES: [&str; PILES] = ["pile_a", "pile_b", "pile_c"];

/// A press on the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// The TAKE button of a pile (0 is pile A): one stone off it.
    Take(usize),
    /// GO: the machine's move.
    Go,
    /// RESET: every pile full again.
    Reset,
}

impl Press {
    /// The byte that sends the press: 'a'.. for TAKE, 'g' for GO, 'r' for RESET.
    pub fn key(self) -> u8 {
        match self {
            Press::Take(p) => b'a' + p as u8,
            Press::Go => b'g',
            Press::Reset => b'r',
        }
    }

    fn buttons(press: Option<Press>) -> Buttons {
        let mut b = Buttons::default();
        match press {
            None => {}
            Some(Press::Take(p)) => b.take[p] = true,
            Some(Press::Go) => b.go = true,
            Some(Press::Reset) => b.reset = true,
        }
        b
    }
}

/// The report for the oracle's state; `illegal` is the one-cycle indication
/// of this very cycle, which the wrapper holds until a report has carried it.
pub fn report(s: &State) -> u128 {
    let mut r = LAYOUT.pack(&[
        ("winner", s.winner as u128),
        ("illegal", s.illegal as u128),
        ("moving", (s.step != Step::Idle) as u128),
        ("in_game", s.in_game as u128),
    ]);
    for (name, pile) in [("selection", s.selected), ("taking", s.turn)] {
        if let Some(p) = pile {
            r = LAYOUT.field(name).item(p).put(r, 1);
        }
    }
    for p in 0..PILES {
        r = LAYOUT.put(r, SIZES[p], s.sizes[p] as u128);
    }
    r
}

/// The piles a one-hot field of `r` (`selection`, `taking`) names, as
/// letters: one, or none (or several, which the machine never shows).
pub fn piles(r: u128, name: &str) -> String {
    let f = LAYOUT.field(name);
    (0..PILES).filter(|&p| f.item(p).flag(r)).map(|p| ["A", "B", "C"][p]).collect()
}

/// The relay NIM's wrapper for the `panel` level (`verify::panel`).
pub struct RelayNimPanel;

struct Oracle(State);

impl Stepper for Oracle {
    type Input = Option<Press>;
    fn cycle(&mut self, input: Option<Press>) -> u128 {
        self.0 = self.0.step(Press::buttons(input), RELAY_NIM_PANEL_SIM_PACE as u32);
        report(&self.0)
    }
    fn working(&self) -> bool {
        self.0.step != Step::Idle
    }
}

impl Panel for RelayNimPanel {
    crate::panel_wrapper!(
        RelayNimPanelSim,
        "relay_nim_panel_sim",
        RelayNimPanelSim::new(RELAY_NIM_PANEL_SIM_PACE, PANEL_SIM_CLOCKS_PER_BIT, nimforge_designs::PANEL_SIM_BUTTON_STABLE)
    );

    /// Two games. The first: set up 3, 5, 6 (XOR zero; the first stone by
    /// the board's button, bouncing), GO, then a correct human wins;
    /// on the way a press while the machine moves, a second pile in one
    /// turn and GO before a stone are refused. RESET, then the second: GO at
    /// once, and a human who always takes one stone from the first pile
    /// that has any loses.
    fn script() -> Script {
        let mut oracle = Oracle(State::power_on());
        let mut script = Script::start::<Self, _>(report(&oracle.0), &mut oracle);
        // The first stone by the board's button 1 (TAKE A), bouncing.
        script.button(&mut oracle, 1, Some(Press::Take(0)));
        let mut press = |p: Press, oracle: &mut Oracle, settle: bool| {
            script.press(oracle, p.key(), Some(p), settle);
        };
        for (pile, n) in [(0, 3), (1, 2), (2, 1)] {
            for _ in 0..n {
                press(Press::Take(pile), &mut oracle, true);
            }
        }
        press(Press::Go, &mut oracle, false);
        // Refused: the machine is moving.
        press(Press::Take(2), &mut oracle, true);
        // Refused: GO before a stone.
        press(Press::Go, &mut oracle, true);
        for correct in [true, false] {
            let mut first = true;
            while oracle.0.winner == Winner::Nobody {
                let sizes = oracle.0.sizes;
                let first_full = (0..PILES).find(|&p| sizes[p] > 0).expect("a stone is left");
                let x = sizes.iter().fold(0, |a, &s| a ^ s);
                let (pile, n) = match (0..PILES).find(|&p| correct && x != 0 && sizes[p] ^ x < sizes[p]) {
                    Some(p) => (p, sizes[p] - (sizes[p] ^ x)),
                    None => (first_full, 1),
                };
                for _ in 0..n {
                    press(Press::Take(pile), &mut oracle, true);
                }
                if first {
                    // Refused: a second pile in one turn.
                    press(Press::Take((pile + 1) % PILES), &mut oracle, true);
                    first = false;
                }
                if oracle.0.winner == Winner::Nobody {
                    press(Press::Go, &mut oracle, true);
                }
            }
            let want = if correct { Winner::Human } else { Winner::Machine };
            assert_eq!(oracle.0.winner, want, "the script's game {}", if correct { 1 } else { 2 });
            press(Press::Reset, &mut oracle, true);
            if correct {
                press(Press::Go, &mut oracle, true);
            }
        }
        script
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wrapper end to end in the rust-hdl simulation.
    #[test]
    fn two_games_through_the_uart() {
        crate::panel::level::script_passes::<RelayNimPanel>("relay-nim", &LAYOUT, None);
    }
}
