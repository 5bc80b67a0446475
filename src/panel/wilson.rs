//! Wilson's judge's front panel (`fpga/protocol.md`, "Wilson"): its keys
//! and its 100-bit report, and what the report must say for a state of the
//! oracle. The board wrapper is `designs/src/panels/wilson.rs`.

use super::LineDriver;
use crate::oracle::wilson::judge::{Input, State, SLOTS};
use crate::oracle::wilson::Kind;
use crate::verify::panel::{Panel, Script, Stepper};
use crate::verify::wilson::{kind_number, random_positions};
use nimforge_designs::{WilsonPanelSim, PANEL_SIM_CLOCKS_PER_BIT};

pub const REPORT_BITS: usize = 100;
pub const ILLEGAL: u32 = 92;

/// The key that puts a group of `n` counters in the next slot.
pub fn size_key(n: u8) -> u8 {
    0x80 | n
}

/// The wrapper's state beside the judge's: the slot the next group goes to.
#[derive(Clone, Copy, Debug, Default)]
pub struct Oracle {
    pub judge: State,
    pub next_slot: u8,
}

/// A key on the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Size(u8),
    Go,
    Reset,
}

impl Key {
    pub fn byte(self) -> u8 {
        match self {
            Key::Size(n) => size_key(n),
            Key::Go => b'g',
            Key::Reset => b'r',
        }
    }
}

impl Stepper for Oracle {
    type Input = Option<Key>;
    const NONE: Option<Key> = None;
    fn cycle(&mut self, key: Option<Key>) -> u128 {
        let busy = self.judge.working();
        let input = match key {
            None => Input::None,
            Some(Key::Size(n)) => Input::Load { slot: self.next_slot, size: n },
            Some(Key::Go) => Input::Start,
            Some(Key::Reset) => Input::Reset,
        };
        match key {
            Some(Key::Size(_)) if !busy => self.next_slot = (self.next_slot + 1) % 8,
            Some(Key::Go) if !busy => self.next_slot = 0,
            Some(Key::Reset) => self.next_slot = 0,
            _ => {}
        }
        self.judge = self.judge.step(input);
        report(self)
    }
    fn working(&self) -> bool {
        self.judge.working()
    }
}

/// The report for the oracle's state; `illegal` is this cycle's, which the
/// wrapper holds until a report has carried it.
pub fn report(o: &Oracle) -> u128 {
    let s = &o.judge;
    let m = s.found;
    let mut r = (s.stage as u128) << 97
        | (s.working() as u128) << 96
        | (s.finished as u128) << 95
        | (s.won() as u128) << 94
        | (m.is_some() as u128) << 93
        | (s.illegal as u128) << ILLEGAL
        | (m.map_or(0, |m| kind_number(m.kind)) as u128) << 90
        | (m.map_or(0, |m| m.group) as u128) << 87
        | (m.map_or(0, |m| m.left) as u128) << 80
        | (m.map_or(0, |m| m.second) as u128) << 76
        | (m.map_or(0, |m| m.second_left) as u128) << 69
        | (o.next_slot as u128) << 66;
    for (k, &g) in s.groups.iter().enumerate() {
        r |= (g as u128) << (56 - 8 * k);
    }
    r
}

/// A report in words.
pub fn describe(r: u128) -> String {
    let groups: Vec<String> = (0..SLOTS).map(|k| ((r >> (56 - 8 * k)) & 0x7f).to_string()).collect();
    let flag = |at: u32, name: &str| if r >> at & 1 == 1 { format!(" {name}") } else { String::new() };
    format!(
        "groups {} next slot {} stage {} kind {} slot {} left {} second {} left {}{}{}{}{}{}",
        groups.join(","),
        (r >> 66) & 7,
        (r >> 97) & 7,
        (r >> 90) & 3,
        (r >> 87) & 7,
        (r >> 80) & 0x7f,
        (r >> 76) & 0xf,
        (r >> 69) & 0x7f,
        flag(96, "busy"),
        flag(95, "done"),
        flag(94, "won"),
        flag(93, "found"),
        flag(ILLEGAL, "illegal"),
    )
}

/// Wilson's wrapper for the `panel` level (`verify::panel`).
pub struct WilsonPanel;

impl Panel for WilsonPanel {
    const NAME: &'static str = "wilson";
    const MODULE: &'static str = "wilson_panel_sim";
    const CLOCKS_PER_BIT: usize = PANEL_SIM_CLOCKS_PER_BIT as usize;
    const REPORT_BITS: usize = REPORT_BITS;
    const HELD: &'static [u32] = &[ILLEGAL];
    type Design = WilsonPanelSim;

    fn design() -> WilsonPanelSim {
        WilsonPanelSim::new(PANEL_SIM_CLOCKS_PER_BIT, nimforge_designs::PANEL_SIM_BUTTON_STABLE)
    }
    crate::panel_pins!(WilsonPanelSim);
    fn describe(r: u128) -> String {
        describe(r)
    }

    /// The article's example (lost; two adjacent), 28, 1 (three counters),
    /// 3, 3 (won), a position whose search is long with `g` pressed again
    /// while it runs (refused), and reset.
    fn script() -> Script {
        let mut oracle = Oracle::default();
        // A report line: 26 bytes of 10 bits.
        let line_cycles = 26 * 10 * Self::CLOCKS_PER_BIT;
        let mut script = Script::new(report(&oracle), 2 * line_cycles + 60);
        let mut line = LineDriver::new(Self::CLOCKS_PER_BIT);
        script.settle(&mut line, &mut oracle, line_cycles);
        // The first random position whose search takes 400 cycles or more.
        let long = random_positions(10_000, 1)
            .into_iter()
            .find(|slots| {
                let mut s = State::power_on();
                for (k, &g) in slots.iter().enumerate() {
                    s = s.step(Input::Load { slot: k as u8, size: g });
                }
                s = s.step(Input::Start);
                (0..400).all(|_| {
                    s = s.step(Input::None);
                    !s.finished
                })
            })
            .expect("a long search among the random positions");
        let positions: [[u8; SLOTS]; 4] = [[28, 53, 1, 16, 0, 0, 0, 0], [28, 1, 0, 0, 0, 0, 0, 0], [3, 3, 0, 0, 0, 0, 0, 0], long];
        for (n, slots) in positions.iter().enumerate() {
            for &g in slots {
                script.press(&mut line, &mut oracle, Key::Size(g).byte(), Some(Key::Size(g)), true, line_cycles);
            }
            let busy_press = n == 3;
            script.press(&mut line, &mut oracle, b'g', Some(Key::Go), !busy_press, line_cycles);
            if busy_press {
                script.press(&mut line, &mut oracle, b'g', Some(Key::Go), true, line_cycles);
            }
        }
        let kinds: Vec<Option<Kind>> = vec![oracle.judge.found.map(|m| m.kind)];
        assert!(kinds[0].is_some(), "the long search finds a move");
        script.press(&mut line, &mut oracle, b'r', Some(Key::Reset), true, line_cycles);
        script
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::panel;

    /// The wrapper end to end in the rust-hdl simulation (the `panel/rtl`
    /// level of `nimforge verify wilson`).
    #[test]
    fn positions_through_the_uart() {
        let script = WilsonPanel::script();
        let r = panel::rtl::<WilsonPanel>(&script);
        assert_eq!(r.mismatches, 0, "{:?}", r.first_mismatch);
        let illegal = script.want.iter().filter(|&&w| w >> ILLEGAL & 1 == 1).count();
        assert_eq!(illegal, 1, "the script's refused key");
    }
}
