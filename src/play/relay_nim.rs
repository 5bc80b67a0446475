//! The relay NIM in the terminal: its three piles of up to seven stones,
//! the selection register, the pile taken from this turn, the sequencer
//! moving, and the winner, from its 28-bit report (`fpga/protocol.md`,
//! "Relay NIM"). Keys: TAKE A..C, GO, RESET.

use super::{lamps, letter, Action, Front};
use crate::panel::relay_nim::{piles, LAYOUT, SIZES};
use nimforge_designs::report::Layout;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;

const PILES: [char; 3] = ['A', 'B', 'C'];

/// The panel's last report.
#[derive(Default)]
pub struct RelayNim {
    report: u128,
}

impl RelayNim {
    fn size(&self, pile: usize) -> usize {
        LAYOUT.get(self.report, SIZES[pile]) as usize
    }

    /// A one-hot field's pile letter, or `-`.
    fn pile_of(&self, name: &str) -> String {
        let p = piles(self.report, name);
        if p.is_empty() {
            "-".into()
        } else {
            p
        }
    }

    fn flag(&self, name: &str) -> bool {
        LAYOUT.flag(self.report, name)
    }
}

impl Front for RelayNim {
    fn layout(&self) -> &'static Layout {
        &LAYOUT
    }
    /// The machine will change state without a key: its sequencer is not idle.
    fn moving(r: u128) -> bool {
        LAYOUT.flag(r, "moving")
    }
    fn illegal_words(&self) -> &'static str {
        "the machine refused the press (a second pile in one turn, GO before a stone, or a press while it moves)"
    }

    fn key(&mut self, key: KeyEvent) -> Action {
        match letter(&key) {
            Some(c @ ('a' | 'b' | 'c' | 'g' | 'r')) => Action::Send(vec![c as u8]),
            _ => Action::Unknown,
        }
    }

    fn report(&mut self, report: u128) {
        self.report = report;
    }

    fn help(&self) -> &'static str {
        "a b c take a stone from pile A, B, C   g GO (the machine moves)   r RESET"
    }

    fn draw(&self, frame: &mut Frame, area: Rect) {
        let mut text = vec![Line::from("")];
        for (p, name) in PILES.iter().enumerate() {
            let n = self.size(p);
            text.push(Line::from(vec![
                Span::from(format!("   pile {name}    ")),
                Span::styled(lamps(|i| i < n, 7), Style::new().fg(Color::Yellow)),
                Span::from(format!("    {n}")),
            ]));
            text.push(Line::from(""));
        }
        text.push(Line::from(format!(
            "   selection register  {}        taking from  {}",
            self.pile_of("selection"),
            self.pile_of("taking")
        )));
        let sequencer = if self.flag("moving") { Span::from("MOVING").yellow().bold() } else { Span::from("idle") };
        let game = if self.flag("in_game") { "in game (one pile a turn)" } else { "setting up (any piles, then GO)" };
        text.push(Line::from(vec![Span::from("   sequencer  "), sequencer, Span::from(format!("        {game}"))]));
        text.push(Line::from(""));
        let winner = match LAYOUT.get(self.report, "winner") {
            1 => Span::from("THE HUMAN WINS (took the last stone)").green().bold(),
            2 => Span::from("THE MACHINE WINS (took the last stone)").red().bold(),
            _ => Span::from("nobody yet"),
        };
        text.push(Line::from(vec![Span::from("   winner  "), winner]));
        text.push(Line::from(""));
        let hint = if LAYOUT.get(self.report, "winner") != 0 {
            "Game over: r for a new game."
        } else if self.flag("moving") {
            "The machine is moving."
        } else if self.flag("in_game") {
            "Your turn: take stones from one pile, then g."
        } else {
            "Take stones from any piles to set up, then g: the machine moves first."
        };
        text.push(Line::from(format!("   {hint}")).italic());
        frame.render_widget(Paragraph::new(text).block(Block::bordered().title(" The relay NIM ")), area);
    }
}
