//! Nimatron's front panel (`fpga/protocol.md`, "Nimatron"): its keys and its
//! 68-bit report, and what the report must say for a state of the oracle.
//! The board wrapper is `designs/src/panels/nimatron.rs`.

use super::script::{Panel, Script, Stepper};
use nimforge_designs::{NimatronPanelSim, NIMATRON_PANEL_SIM_PACE, PANEL_SIM_CLOCKS_PER_BIT};
use nimforge_oracles::nimatron::{Counters, Input, Phase, State, LAMPS, ROWS};

/// The report's fields (`nimforge_designs::report`).
pub use nimforge_designs::report::NIMATRON as LAYOUT;

/// The rows' lamp fields, row a first; item `i` is lamp `i + 1`.
pub const ROW_LAMPS: [&str; ROWS] = ["row_a", "row_b", "row_c", "row_d"];
/// The counters' fields.
pub const COUNTERS: [&str; 3] = ["tp", "mwc", "pwc"];

/// The byte that presses `input`.
pub fn key(input: Input) -> Option<u8> {
    match input {
        Input::None => None,
        Input::Row(r) => Some(b'a' + r as u8),
        Input::Mtr => Some(b'm'),
        Input::Reset => Some(b'r'),
    }
}

/// The report for the oracle's state. `illegal` and `token` are the
/// one-cycle indications of this very cycle; the wrapper holds them until a
/// report has carried them.
pub fn report(s: &State, c: &Counters) -> u128 {
    let mut r = LAYOUT.pack(&[
        ("phase", s.phase as u128),
        ("lamp_p", (s.phase == Phase::Player) as u128),
        ("lamp_m", matches!(s.phase, Phase::Dimming | Phase::Pulsing) as u128),
        ("ended", s.ended as u128),
        ("player_won", s.player_won as u128),
        ("illegal", s.illegal as u128),
        ("token", s.token as u128),
        ("combination", s.combination as u128),
        ("tp", c.tp as u128),
        ("mwc", c.mwc as u128),
        ("pwc", c.pwc as u128),
    ]);
    if let Some(l) = s.lock {
        r = LAYOUT.field("locks").item(l).put(r, 1);
    }
    // Lamp 1 goes out first: the lit lamps are the last ones.
    for (row, name) in ROW_LAMPS.iter().enumerate() {
        let lamps = LAYOUT.field(name);
        for i in 0..LAMPS as usize {
            r = lamps.item(i).put(r, (i >= (LAMPS - s.rows[row]) as usize) as u128);
        }
    }
    r
}

/// Nimatron's wrapper for the `panel` level (`verify::panel`).
pub struct NimatronPanel;

impl Panel for NimatronPanel {
    crate::panel_wrapper!(
        NimatronPanelSim,
        "nimatron_panel_sim",
        NimatronPanelSim::new(NIMATRON_PANEL_SIM_PACE, PANEL_SIM_CLOCKS_PER_BIT, nimforge_designs::PANEL_SIM_BUTTON_STABLE)
    );
    /// The token is held too, until a line has carried it.
    const HELD: &'static [&'static str] = &["illegal", "token"];

    /// Two games: combination No. 1 won by a correct player (a token), No.
    /// 2 lost by one who always puts out a lamp in row b while it has one,
    /// else in the first lit row (so that every row's lock shows);
    /// refused presses on the way (MTR before a lamp, a second row in a
    /// turn), then reset.
    fn script() -> Script {
        let mut oracle = Oracle { state: State::power_on(), counters: Counters::default() };
        // Power-on: the set-up step, then MTR before a lamp is out (refused).
        let mut script = Script::start::<Self, _>(report(&oracle.state, &oracle.counters), &mut oracle);
        let mut press = |input: Input, oracle: &mut Oracle| {
            let k = key(input).expect("a press has a key");
            script.press(oracle, k, input, true);
        };
        press(Input::Mtr, &mut oracle);
        for correct in [true, false] {
            let games = oracle.counters.tp;
            let mut first = true;
            while oracle.counters.tp == games {
                let rows = oracle.state.rows;
                let b_first = [1, 0, 2, 3].into_iter().find(|&i| rows[i] > 0).expect("a lamp is lit in the player's turn");
                let (row, n) = if correct { best(rows) } else { (b_first, 1) };
                for _ in 0..n {
                    press(Input::Row(row), &mut oracle);
                }
                if first {
                    // A second row in the same turn: refused.
                    press(Input::Row((row + 1) % ROWS), &mut oracle);
                    first = false;
                }
                if oracle.state.phase == Phase::Player && oracle.state.lock.is_some() {
                    press(Input::Mtr, &mut oracle);
                }
            }
        }
        let c = oracle.counters;
        assert_eq!((c.tp, c.pwc, c.mwc), (2, 1, 1), "the script plays one game each way");
        press(Input::Reset, &mut oracle);
        script
    }
}

/// The oracle as the script steps it.
struct Oracle {
    state: State,
    counters: Counters,
}

impl Stepper for Oracle {
    type Input = Input;
    fn cycle(&mut self, input: Input) -> u128 {
        self.counters = self.counters.after(&self.state, input);
        self.state = self.state.step(input, NIMATRON_PANEL_SIM_PACE as u32);
        report(&self.state, &self.counters)
    }
    fn working(&self) -> bool {
        self.state.phase != Phase::Player
    }
}

/// The move that leaves every parity even, else one lamp from the first lit
/// row: a correct player.
fn best(rows: [u8; ROWS]) -> (usize, u8) {
    let x = rows.iter().fold(0, |a, &r| a ^ r);
    (0..ROWS)
        .find(|&i| x != 0 && rows[i] ^ x < rows[i])
        .map(|i| (i, rows[i] - (rows[i] ^ x)))
        .unwrap_or_else(|| ((0..ROWS).find(|&i| rows[i] > 0).expect("a lamp is lit"), 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wrapper end to end in the rust-hdl simulation.
    #[test]
    fn two_games_through_the_uart() {
        crate::panel::level::script_passes::<NimatronPanel>("nimatron", &LAYOUT, None);
    }

    /// The checks catch a line out of order, a line missing, and a held
    /// indication reported twice.
    #[test]
    fn the_checks_can_fail() {
        let script = NimatronPanel::script();
        let mut bench_lines = vec![];
        let mut last = None;
        for &w in &script.want {
            if last != Some(w) {
                bench_lines.push(w);
                last = Some(w);
            }
        }
        assert!(crate::panel::level::check::<NimatronPanel>(&script, &bench_lines).is_empty());
        let mut swapped = bench_lines.clone();
        swapped.swap(3, 4);
        assert!(!crate::panel::level::check::<NimatronPanel>(&script, &swapped).is_empty());
        let mut short = bench_lines.clone();
        short.remove(5);
        assert!(!crate::panel::level::check::<NimatronPanel>(&script, &short).is_empty());
        let illegal = bench_lines.iter().position(|&l| LAYOUT.flag(l, "illegal")).unwrap();
        let mut twice = bench_lines.clone();
        twice.insert(illegal, bench_lines[illegal]);
        assert!(!crate::panel::level::check::<NimatronPanel>(&script, &twice).is_empty());
    }

    /// Icarus's sample of the script (`panel/icarus`) ends where the script
    /// settled, and is a whole script: the wrapper passes it in the rust-hdl
    /// simulation, its reports as the oracle's up to there.
    #[test]
    fn the_icarus_sample_is_a_whole_script() {
        let script = NimatronPanel::script();
        let cycles = crate::panel::level::ICARUS_CYCLES;
        let sample = script.prefix(cycles);
        let n = sample.rx.len();
        assert!(n <= cycles && n * 2 > cycles && n < script.rx.len(), "{n} of {}", script.rx.len());
        assert!(script.settled.contains(&n), "{n} is no settling of the script");
        assert_eq!((sample.buttons.len(), sample.want.len()), (n, n + 1));
        assert_eq!(sample.want[..], script.want[..=n]);
        let r = crate::panel::level::rtl::<NimatronPanel>("nimatron", &sample);
        assert_eq!((r.mismatches, r.vectors), (0, n), "{:?}", r.first_mismatch);
        assert!(r.coverage.contains(&format!("{n} cycles")), "{}", r.coverage);
        // The whole script is its own prefix past its end.
        assert_eq!(script.prefix(script.rx.len() + 1).rx.len(), script.rx.len());
    }
}
