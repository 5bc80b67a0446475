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
