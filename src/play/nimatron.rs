//! Nimatron in the terminal: its four rows of seven lamps (lamp 1 goes out
//! first), lamps P and M, the counters TP, MWC and PWC, the combination in
//! play and the last game's result, from its 68-bit report
//! (`fpga/protocol.md`, "Nimatron"). Keys: the row buttons PA..PD, MTR,
//! reset.
//!
//! A game's end shows for one set-up step only (the machine then sets up
//! the next combination by itself), so the panel keeps the last result
//! until the next game ends or a reset.

use super::{lamps, letter, Action, Face, Front};
use crate::panel::nimatron::{COUNTERS, LAYOUT, ROW_LAMPS};
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;

const ROWS: [char; 4] = ['a', 'b', 'c', 'd'];
/// The phase field's value while the player may move.
const PLAYER: u128 = 1;

/// Nimatron's [`Front`]: the last game's result and the tokens released.
#[derive(Default)]
pub struct Nimatron {
    /// The last game: whether the player won it.
    last_game: Option<bool>,
    /// Tokens released since the panel started.
    tokens: usize,
}

static FACE: Face = Face {
    layout: &LAYOUT,
    help: "a b c d put out a lamp in row a..d (one row a turn)   m MTR (the machine moves)   r reset",
    illegal_words: "the machine refused the press (a second row in one turn, an empty row, or MTR before a lamp is out)",
    // The machine changes state without a key in any phase but the player's.
    moving: |r| LAYOUT.get(r, "phase") != PLAYER,
};

impl Front for Nimatron {
    fn face(&self) -> &'static Face {
        &FACE
    }

    fn key(&mut self, _: u128, key: KeyEvent) -> Action {
        match letter(&key) {
            Some(c @ ('a' | 'b' | 'c' | 'd' | 'm' | 'r')) => Action::Send(vec![c as u8]),
            _ => Action::Unknown,
        }
    }

    fn report(&mut self, before: u128, r: u128) {
        let grew = |counter: &str| LAYOUT.get(r, counter) > LAYOUT.get(before, counter);
        let zero = |report: u128| COUNTERS.iter().all(|c| LAYOUT.get(report, c) == 0);
        if LAYOUT.flag(r, "ended") {
            self.last_game = Some(LAYOUT.flag(r, "player_won"));
        } else if grew("pwc") {
            self.last_game = Some(true);
        } else if grew("mwc") {
            self.last_game = Some(false);
        }
        if zero(r) && !zero(before) {
            // A reset clears the counters.
            self.last_game = None;
        }
        self.tokens += LAYOUT.flag(r, "token") as usize;
    }

    fn draw(&self, r: u128, frame: &mut Frame, area: Rect) {
        let get = |name: &str| LAYOUT.get(r, name);
        let flag = |name: &str| LAYOUT.flag(r, name);
        let lamp = |on: bool, name: &str, color: Color| {
            let s = format!("lamp {name} {}", if on { "●" } else { "○" });
            if on {
                Span::styled(s, Style::new().fg(color).bold())
            } else {
                Span::from(s).dim()
            }
        };
        let combination = get("combination") + 1;
        let mut text = vec![
            Line::from(vec![
                Span::from(format!("   combination No. {combination}          ")),
                lamp(flag("lamp_p"), "P", Color::Green),
                Span::from("     "),
                lamp(flag("lamp_m"), "M", Color::Red),
            ]),
            Line::from(""),
            Line::from("              1 2 3 4 5 6 7    lit").dim(),
        ];
        let locks = LAYOUT.field("locks");
        for (row, name) in ROWS.iter().enumerate() {
            let lit = LAYOUT.field(ROW_LAMPS[row]);
            let locked = if locks.item(row).flag(r) { "   (your row this turn)" } else { "" };
            text.push(Line::from(vec![
                Span::from(format!("   row {name}      ")),
                Span::styled(lamps(|i| lit.item(i).flag(r), 7), Style::new().fg(Color::Yellow)),
                Span::from(format!("    {}{locked}", lit.get(r).count_ones())),
            ]));
        }
        text.push(Line::from(""));
        text.push(Line::from(format!("   TP {:3}    MWC {:3}    PWC {:3}    tokens {}", get("tp"), get("mwc"), get("pwc"), self.tokens)));
        text.push(Line::from(""));
        let last = match self.last_game {
            None => Span::from("none yet"),
            Some(true) => Span::from("THE PLAYER WON (a token)").green().bold(),
            Some(false) => Span::from("THE MACHINE WON").red().bold(),
        };
        text.push(Line::from(vec![Span::from("   last game  "), last]));
        let phase = match get("phase") {
            0 => "Setting up the next combination.",
            1 if !locks.flag(r) => "Your move: put out lamps in one row, then m.",
            1 => "Put out more lamps in this row, or m for the machine's move.",
            2 => "Lamp M dims: the machine is thinking.",
            _ => "The machine puts out its lamps.",
        };
        text.push(Line::from(""));
        text.push(Line::from(format!("   {phase}")).italic());
        frame.render_widget(Paragraph::new(text).block(Block::bordered().title(" Nimatron ")), area);
    }
}
