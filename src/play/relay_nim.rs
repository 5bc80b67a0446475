//! The relay NIM in the terminal: its three piles of up to seven stones,
//! the selection register, the pile taken from this turn, the sequencer
//! moving, and the winner, from its 28-bit report (`fpga/protocol.md`,
//! "Relay NIM"). Keys: TAKE A..C, GO, RESET.

use super::{lamps, letter, Action, Face, Front};
use crate::panel::relay_nim::{piles, LAYOUT, SIZES};
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;

const PILES: [char; 3] = ['A', 'B', 'C'];

/// The relay NIM's [`Front`]: no state of its own.
#[derive(Default)]
pub struct RelayNim;

static FACE: Face = Face {
    layout: &LAYOUT,
    help: "a b c take a stone from pile A, B, C   g GO (the machine moves)   r RESET",
    illegal_words: "the machine refused the press (a second pile in one turn, GO before a stone, or a press while it moves)",
    // The machine changes state without a key while its sequencer is not idle.
    moving: |r| LAYOUT.flag(r, "moving"),
};

/// A one-hot field's pile letter, or `-`.
fn pile_of(r: u128, name: &str) -> String {
    let p = piles(r, name);
    if p.is_empty() {
        "-".into()
    } else {
        p
    }
}

impl Front for RelayNim {
    fn face(&self) -> &'static Face {
        &FACE
    }

    fn key(&mut self, _: u128, key: KeyEvent) -> Action {
        match letter(&key) {
            Some(c @ ('a' | 'b' | 'c' | 'g' | 'r')) => Action::Send(vec![c as u8]),
            _ => Action::Unknown,
        }
    }

    fn draw(&self, r: u128, frame: &mut Frame, area: Rect) {
        let flag = |name: &str| LAYOUT.flag(r, name);
        let mut text = vec![Line::from("")];
        for (p, name) in PILES.iter().enumerate() {
            let n = LAYOUT.get(r, SIZES[p]) as usize;
            text.push(Line::from(vec![
                Span::from(format!("   pile {name}    ")),
                Span::styled(lamps(|i| i < n, 7), Style::new().fg(Color::Yellow)),
                Span::from(format!("    {n}")),
            ]));
            text.push(Line::from(""));
        }
        text.push(Line::from(format!("   selection register  {}        taking from  {}", pile_of(r, "selection"), pile_of(r, "taking"))));
        let sequencer = if flag("moving") { Span::from("MOVING").yellow().bold() } else { Span::from("idle") };
        let game = if flag("in_game") { "in game (one pile a turn)" } else { "setting up (any piles, then GO)" };
        text.push(Line::from(vec![Span::from("   sequencer  "), sequencer, Span::from(format!("        {game}"))]));
        text.push(Line::from(""));
        let winner = match LAYOUT.get(r, "winner") {
            1 => Span::from("THE HUMAN WINS (took the last stone)").green().bold(),
            2 => Span::from("THE MACHINE WINS (took the last stone)").red().bold(),
            _ => Span::from("nobody yet"),
        };
        text.push(Line::from(vec![Span::from("   winner  "), winner]));
        text.push(Line::from(""));
        let hint = if LAYOUT.get(r, "winner") != 0 {
            "Game over: r for a new game."
        } else if flag("moving") {
            "The machine is moving."
        } else if flag("in_game") {
            "Your turn: take stones from one pile, then g."
        } else {
            "Take stones from any piles to set up, then g: the machine moves first."
        };
        text.push(Line::from(format!("   {hint}")).italic());
        frame.render_widget(Paragraph::new(text).block(Block::bordered().title(" The relay NIM ")), area);
    }
}
