//! Wilson's judge's front panel (`fpga/protocol.md`, "Wilson"): its keys
//! and its 100-bit report, and what the report must say for a state of the
//! oracle. The board wrapper is `designs/src/panels/wilson.rs`.

use super::script::{Panel, Script, Stepper};
use nimforge_designs::{WilsonPanelSim, PANEL_SIM_CLOCKS_PER_BIT};
use nimforge_oracles::wilson::judge::{kind_number, random_positions};
use nimforge_oracles::wilson::judge::{Input, State, SLOTS};
use nimforge_oracles::wilson::Kind;

/// The report's fields (`nimforge_designs::report`).
pub use nimforge_designs::report::WILSON as LAYOUT;

/// The key that puts a group of `n` counters in the next slot.
pub fn size_key(n: u8) -> u8 {
    0x80 | n
}

/// The wrapper's state beside the judge's: the slot the next group goes to.
#[derive(Clone, Copy, Debug, Default)]
pub struct Oracle {
    /// The judge's state.
    pub judge: State,
    /// The slot the next group goes to, 0..7.
    pub next_slot: u8,
}

/// A key on the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A group of that many counters (0..127; 0 is no group) into the next slot.
    Size(u8),
    /// `g`: the judge starts, and the next group goes to slot 0.
    Go,
    /// `r`: reset.
    Reset,
}

impl Key {
    /// The byte that sends the key.
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
    let (kind, slot, left, third_slot, third_left) =
        m.map_or((0, 0, 0, 0, 0), |m| (kind_number(m.kind) as u128, m.group as u128, m.left as u128, m.second as u128, m.second_left as u128));
    let r = LAYOUT.pack(&[
        ("stage", s.stage as u128),
        ("busy", s.working() as u128),
        ("done", s.finished as u128),
        ("won", s.won() as u128),
        ("found", m.is_some() as u128),
        ("illegal", s.illegal as u128),
        ("kind", kind),
        ("slot", slot),
        ("left", left),
        ("third_slot", third_slot),
        ("third_left", third_left),
        ("next_slot", o.next_slot as u128),
    ]);
    with_groups(r, &s.groups)
}

/// `r` with `groups` in its slots, slot 0 first.
pub fn with_groups(r: u128, groups: &[u8]) -> u128 {
    let slots = LAYOUT.field("groups");
    groups.iter().enumerate().fold(r, |r, (k, &g)| slots.item(k).put(r, g as u128))
}

/// The groups in a report's slots.
pub fn groups(r: u128) -> [u8; SLOTS] {
    let slots = LAYOUT.field("groups");
    std::array::from_fn(|k| slots.item(k).get(r) as u8)
}

/// Wilson's wrapper for the `panel` level (`verify::panel`).
pub struct WilsonPanel;

impl Panel for WilsonPanel {
    crate::panel_wrapper!(WilsonPanelSim, "wilson_panel_sim", WilsonPanelSim::new(PANEL_SIM_CLOCKS_PER_BIT, nimforge_designs::PANEL_SIM_BUTTON_STABLE));

    /// The article's example (lost; two adjacent), 1, 28 (three counters,
    /// the move in slot 1), 3, 3 (won), a position whose search is long with `g` pressed again
    /// while it runs (refused), and reset.
    fn script() -> Script {
        let mut oracle = Oracle::default();
        let mut script = Script::start::<Self, _>(report(&oracle), &mut oracle);
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
        let positions: [[u8; SLOTS]; 4] = [[28, 53, 1, 16, 0, 0, 0, 0], [1, 28, 0, 0, 0, 0, 0, 0], [3, 3, 0, 0, 0, 0, 0, 0], long];
        for (n, slots) in positions.iter().enumerate() {
            for &g in slots {
                script.press(&mut oracle, Key::Size(g).byte(), Some(Key::Size(g)), true);
            }
            let busy_press = n == 3;
            script.press(&mut oracle, b'g', Some(Key::Go), !busy_press);
            if busy_press {
                script.press(&mut oracle, b'g', Some(Key::Go), true);
            }
        }
        let kinds: Vec<Option<Kind>> = vec![oracle.judge.found.map(|m| m.kind)];
        assert!(kinds[0].is_some(), "the long search finds a move");
        script.press(&mut oracle, b'r', Some(Key::Reset), true);
        script
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wrapper end to end in the rust-hdl simulation.
    #[test]
    fn positions_through_the_uart() {
        crate::panel::level::script_passes::<WilsonPanel>("wilson", &LAYOUT, Some(1));
    }
}
