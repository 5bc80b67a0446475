//! Nimatron's front panel (`fpga/protocol.md`, "Nimatron"): its keys and its
//! 68-bit report, and what the report must say for a state of the oracle.
//! The board wrapper is `designs/src/panels/nimatron.rs`.

use super::LineDriver;
use crate::oracle::nimatron::{Counters, Input, Phase, State, LAMPS, ROWS};
use crate::verify::panel::{Panel, Script, Stepper};
use nimforge_designs::{NimatronPanelSim, NIMATRON_PANEL_SIM_PACE, PANEL_SIM_CLOCKS_PER_BIT};

/// The report's width in bits.
pub const REPORT_BITS: usize = 68;
/// Bit positions of the report's one-bit fields.
pub const LAMP_P: u32 = 65;
pub const LAMP_M: u32 = 64;
pub const ENDED: u32 = 63;
pub const PLAYER_WON: u32 = 62;
pub const ILLEGAL: u32 = 61;
pub const TOKEN: u32 = 60;

/// The byte that presses `input`.
pub fn key(input: Input) -> Option<u8> {
    match input {
        Input::None => None,
        Input::Row(r) => Some(b'a' + r as u8),
        Input::Mtr => Some(b'm'),
        Input::Reset => Some(b'r'),
    }
}

/// Lamps lit as the report's 7 bits: bit 0 is lamp 1, put out first.
fn lamp_bits(lit: u8) -> u128 {
    (0x7f << (LAMPS - lit)) & 0x7f
}

/// The report for the oracle's state. `illegal` and `token` are the
/// one-cycle indications of this very cycle; the wrapper holds them until a
/// report has carried them.
pub fn report(s: &State, c: &Counters) -> u128 {
    let bit = |v: bool, at: u32| (v as u128) << at;
    let mut r = (s.phase as u128) << 66
        | bit(s.phase == Phase::Player, LAMP_P)
        | bit(matches!(s.phase, Phase::Dimming | Phase::Pulsing), LAMP_M)
        | bit(s.ended, ENDED)
        | bit(s.player_won, PLAYER_WON)
        | bit(s.illegal, ILLEGAL)
        | bit(s.token, TOKEN)
        | (s.lock.map_or(0, |l| 1u128 << l)) << 56
        | (s.combination as u128) << 52
        | (c.tp as u128) << 16
        | (c.mwc as u128) << 8
        | c.pwc as u128;
    for row in 0..ROWS {
        r |= lamp_bits(s.rows[row]) << (45 - 7 * row);
    }
    r
}

/// A report in words, for mismatch messages and the terminal.
pub fn describe(r: u128) -> String {
    let rows: Vec<String> = (0..ROWS)
        .map(|row| {
            let bits = (r >> (45 - 7 * row)) & 0x7f;
            (0..7).map(|i| if bits >> i & 1 == 1 { 'o' } else { '.' }).collect()
        })
        .collect();
    let flag = |at: u32, name: &str| if r >> at & 1 == 1 { format!(" {name}") } else { String::new() };
    format!(
        "phase {} rows {} lock {:04b} combination {} TP {} MWC {} PWC {}{}{}{}{}{}{}",
        r >> 66,
        rows.join(" "),
        (r >> 56) & 0xf,
        ((r >> 52) & 0xf) + 1,
        (r >> 16) & 0xff,
        (r >> 8) & 0xff,
        r & 0xff,
        flag(LAMP_P, "P"),
        flag(LAMP_M, "M"),
        flag(ENDED, "ended"),
        flag(PLAYER_WON, "player-won"),
        flag(ILLEGAL, "illegal"),
        flag(TOKEN, "token"),
    )
}

/// Nimatron's wrapper for the `panel` level (`verify::panel`).
pub struct NimatronPanel;

impl Panel for NimatronPanel {
    const NAME: &'static str = "nimatron";
    const MODULE: &'static str = "nimatron_panel_sim";
    const CLOCKS_PER_BIT: usize = PANEL_SIM_CLOCKS_PER_BIT as usize;
    const REPORT_BITS: usize = REPORT_BITS;
    const HELD: &'static [u32] = &[ILLEGAL, TOKEN];
    type Design = NimatronPanelSim;

    fn design() -> NimatronPanelSim {
        NimatronPanelSim::new(NIMATRON_PANEL_SIM_PACE, PANEL_SIM_CLOCKS_PER_BIT, nimforge_designs::PANEL_SIM_BUTTON_STABLE)
    }
    crate::panel_pins!(NimatronPanelSim);
    fn describe(r: u128) -> String {
        describe(r)
    }

    /// Two games: combination No. 1 won by a correct player (a token), No.
    /// 2 lost by one who always puts out a lamp in the first lit row;
    /// refused presses on the way (MTR before a lamp, a second row in a
    /// turn), then reset.
    fn script() -> Script {
        let mut oracle = Oracle { state: State::power_on(), counters: Counters::default() };
        // A report line: 18 bytes of 10 bits.
        let line_cycles = 18 * 10 * Self::CLOCKS_PER_BIT;
        let mut script = Script::new(report(&oracle.state, &oracle.counters), 2 * line_cycles + 60);
        let mut line = LineDriver::new(Self::CLOCKS_PER_BIT);
        // Power-on: the set-up step, then MTR before a lamp is out (refused).
        script.settle(&mut line, &mut oracle, line_cycles);
        let mut press = |input: Input, oracle: &mut Oracle| {
            let k = key(input).expect("a press has a key");
            script.press(&mut line, oracle, k, input, true, line_cycles);
        };
        press(Input::Mtr, &mut oracle);
        for correct in [true, false] {
            let games = oracle.counters.tp;
            let mut first = true;
            while oracle.counters.tp == games {
                let rows = oracle.state.rows;
                let first_lit = (0..ROWS).find(|&i| rows[i] > 0).expect("a lamp is lit in the player's turn");
                let (row, n) = if correct { best(rows) } else { (first_lit, 1) };
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
    const NONE: Input = Input::None;
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
    use crate::verify::panel;

    /// The wrapper end to end in the rust-hdl simulation (the `panel/rtl`
    /// level of `nimforge verify nimatron`).
    #[test]
    fn two_games_through_the_uart() {
        let script = NimatronPanel::script();
        let r = panel::rtl::<NimatronPanel>(&script);
        assert_eq!(r.mismatches, 0, "{:?}", r.first_mismatch);
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
        assert!(panel::check::<NimatronPanel>(&script, &bench_lines).is_empty());
        let mut swapped = bench_lines.clone();
        swapped.swap(3, 4);
        assert!(!panel::check::<NimatronPanel>(&script, &swapped).is_empty());
        let mut short = bench_lines.clone();
        short.remove(5);
        assert!(!panel::check::<NimatronPanel>(&script, &short).is_empty());
        let illegal = bench_lines.iter().position(|&l| l >> ILLEGAL & 1 == 1).unwrap();
        let mut twice = bench_lines.clone();
        twice.insert(illegal, bench_lines[illegal]);
        assert!(!panel::check::<NimatronPanel>(&script, &twice).is_empty());
    }
}
