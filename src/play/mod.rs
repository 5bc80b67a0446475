//! `nimforge play MACHINE [--sim | --serial DEVICE]`: a machine's front panel
//! in the terminal (issue 6). The terminal speaks the front-panel protocol
//! (`fpga/protocol.md`) over a [`Transport`]: the board wrapper's rust-hdl
//! simulation in process ([`sim::Sim`]), or a board on a serial line
//! ([`serial::Serial`]). Both carry the same bytes, so the panel cannot tell
//! a board from the simulation.
//!
//! One file per machine ([`relay_nim`], [`nimatron`], [`nimrod`], [`learning`], [`die18`], [`wilson`]) says which
//! keys it has and draws it; adding a machine is a file with a [`Front`],
//! named in its entry of the registry (`crate::machines`).

pub mod app;
pub mod die18;
pub mod learning;
pub mod nimatron;
pub mod nimrod;
pub mod relay_nim;
pub mod serial;
pub mod sim;
pub mod wilson;

use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::Frame;
use std::time::Duration;

/// Bytes to and from a machine's front panel.
pub trait Transport {
    /// Key bytes to the machine.
    fn send(&mut self, bytes: &[u8]) -> Result<(), crate::Error>;
    /// The bytes the machine has sent since the last call, waiting up to
    /// `wait` for the first.
    fn receive(&mut self, wait: Duration) -> Result<Vec<u8>, crate::Error>;
    /// What the panel is talking to, for the title line.
    fn describe(&self) -> String;
}

/// What a key press asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    /// Bytes for the machine (a key of `fpga/protocol.md`'s table).
    Send(Vec<u8>),
    /// Handled by the panel itself (typing, a note); nothing sent.
    Local,
    /// Not a key of this machine.
    Unknown,
}

/// What a machine's panel shows besides its drawing, declared once for the
/// terminal and the browser (`serve`).
pub struct Face {
    /// The report's fields (`nimforge_designs::report`, `fpga/protocol.md`):
    /// its width, and the `illegal` bit that says the machine refused a key.
    pub layout: &'static nimforge_designs::report::Layout,
    /// The keys, one line (two at most), for the help line.
    pub help: &'static str,
    /// The machine's own words for a refused key.
    pub illegal_words: &'static str,
    /// The machine will change state without a key (the simulation runs on
    /// while a report says so).
    pub moving: fn(u128) -> bool,
}

/// One machine's front panel in the terminal. The terminal keeps the last
/// report and hands it to [`Front::key`] and [`Front::draw`].
pub trait Front {
    /// The machine's [`Face`].
    fn face(&self) -> &'static Face;
    /// A key press (never q or Esc, which quit), with the last report.
    fn key(&mut self, report: u128, key: KeyEvent) -> Action;
    /// A report `now` after `before`, for a panel that keeps what the reports
    /// do not (Nimatron's last game and its tokens).
    fn report(&mut self, before: u128, now: u128) {
        let _ = (before, now);
    }
    /// The machine as the report shows it; `area` is at least 78 x 18.
    fn draw(&self, report: u128, frame: &mut Frame, area: Rect);
}

/// The lowercase letter of a plain key press (no Ctrl or Alt), if any.
pub fn letter(key: &KeyEvent) -> Option<char> {
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};
    if key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) {
        return None;
    }
    match key.code {
        KeyCode::Char(c) => Some(c.to_ascii_lowercase()),
        _ => None,
    }
}

/// A row of `n` lamps, the first `lit` lit, as "● ● ○ ...".
pub fn lamps(lit: impl Fn(usize) -> bool, n: usize) -> String {
    (0..n).map(|i| if lit(i) { "●" } else { "○" }).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyEventKind, KeyEventState, KeyModifiers};

    /// The registry's front panel of `machine`.
    fn front(machine: &str) -> Box<dyn Front> {
        (crate::machines::find(machine).unwrap().front)()
    }

    fn key(c: char) -> KeyEvent {
        KeyEvent { code: KeyCode::Char(c), modifiers: KeyModifiers::NONE, kind: KeyEventKind::Press, state: KeyEventState::NONE }
    }

    /// Every key of `fpga/protocol.md`'s table is sent as itself; other
    /// letters are not the machine's.
    #[test]
    fn keys_are_the_protocol_s() {
        for (machine, keys) in [("relay-nim", "abcgr"), ("nimatron", "abcdmr")] {
            let mut f = front(machine);
            for c in keys.chars() {
                assert_eq!(f.key(0, key(c)), Action::Send(vec![c as u8]), "{machine} {c}");
                assert_eq!(f.key(0, key(c.to_ascii_uppercase())), Action::Send(vec![c as u8]), "{machine} {c}");
            }
            for c in "xz5".chars() {
                assert_eq!(f.key(0, key(c)), Action::Unknown, "{machine} {c}");
            }
        }
        assert!(crate::machines::find("selector").is_err());
    }

    /// Each machine drawn at 80 x 24 from its report at configuration
    /// (`fpga/protocol.md`): the relay NIM's three full piles, Nimatron's
    /// four rows of seven lit lamps and its counters, Wilson's eight empty
    /// slots.
    #[test]
    fn each_machine_is_drawn_in_80_by_24() {
        use ratatui::backend::TestBackend;
        let cases: [(&str, u128, &[&str]); 6] = [
            // YOUR TURN, total 12 after the human's 5 and the machine's 2;
            // MEMORY PRELOAD's cells (column 12 play 6 .. column 17 play 1).
            (
                "learning",
                1 << 127 | 2 << 116 | 5 << 112 | 12 << 104 | crate::panel::learning::memory_bits(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 16, 8, 4, 2, 1]),
                &["play 6", "right  6", "wrong  0", "Total 12", "barred for you: 2 and 5", "YOUR TURN"],
            ),
            ("die18", 0x0034_0c05, &["M-score 12", "H-score  5", "M-play   3", "barred for you: 3 and 4"]),
            ("nimrod", 0x04000010007164, &["heap 0   1 1 1   7", "heap 3   1 0 0   4", "normal game, k = 1", "● opponent's move", "8 STOP"]),
            ("relay-nim", 0x0000777, &["pile A    ● ● ● ● ● ● ●    7", "pile C    ● ● ● ● ● ● ●    7", "nobody yet"]),
            ("nimatron", 0x0000fffffff000000, &["row a      ● ● ● ● ● ● ●    7", "row d      ● ● ● ● ● ● ●    7", "TP   0    MWC   0    PWC   0", "lamp P ○"]),
            ("wilson", 0, &["group      0    0    0    0    0    0    0    0", "position  empty", "verdict   -"]),
        ];
        for (machine, report, want) in cases {
            let mut f = front(machine);
            f.report(0, report);
            let mut t = ratatui::Terminal::new(TestBackend::new(80, 20)).unwrap();
            t.draw(|frame| f.draw(report, frame, frame.area())).unwrap();
            let text: String = t.backend().buffer().content().chunks(80).map(|row| row.iter().map(|c| c.symbol()).collect::<String>() + "\n").collect();
            for w in want {
                assert!(text.contains(w), "{machine}: no '{w}' in\n{text}");
            }
            // Nothing runs into the right border.
            for row in text.lines().skip(1).take(18) {
                assert_eq!(row.chars().nth(78), Some(' '), "{machine}: a line is cut at the border:\n{text}");
            }
            assert!(f.face().help.len() + "  q quit".len() <= 2 * 80 - 10, "{machine}'s help line is too long for two lines");
        }
    }
}

#[cfg(test)]
mod fuzz {
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use ratatui::Terminal;

    /// Report lines of any shape, from noise to reports of any value, and
    /// keys of any kind: every panel reads, draws and answers them without a
    /// panic; a line that is not a report is refused by the decoder before
    /// the panel sees it.
    #[test]
    fn panels_survive_any_report_and_key() {
        let mut rng = nimforge_netlist::fuzz::Rng::new(0xf022_0003);
        for name in crate::machines::names() {
            let mut front = (crate::machines::find(name).unwrap().front)();
            let bits = front.face().layout.bits;
            let mut report = 0;
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
            let seed = "0".repeat(bits / 4);
            for case in 0..800 {
                let line = match case % 3 {
                    0 => rng.text(&[&seed]),
                    1 => (0..bits / 4).map(|_| char::from_digit(rng.below(16) as u32, 16).unwrap()).collect(),
                    _ => format!("{:0w$x}", ((rng.next() as u128) << 64 | rng.next() as u128) & (u128::MAX >> (128 - bits)), w = bits / 4),
                };
                if let Ok(r) = crate::panel::parse_report(&line, bits) {
                    assert!(bits == 128 || r >> bits == 0, "{name}: {line} decoded past its width");
                    front.report(report, r);
                    report = r;
                }
                let code = match rng.below(4) {
                    0 => KeyCode::Char(char::from_u32(rng.below(0x250) as u32).unwrap_or('?')),
                    1 => KeyCode::Enter,
                    2 => [KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Down, KeyCode::Tab, KeyCode::Backspace][rng.below(6)],
                    _ => KeyCode::Char((b'0' + rng.below(10) as u8) as char),
                };
                let _ = front.key(report, KeyEvent::new(code, KeyModifiers::NONE));
                terminal.draw(|f| front.draw(report, f, f.area())).unwrap();
            }
        }
    }
}
