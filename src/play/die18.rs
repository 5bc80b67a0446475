//! 18-with-a-die in the terminal: the two scores on their way to 18, the
//! M-play (which bars the human's choice and its complement), the human's
//! last play, the program and the winner, from its 32-bit report
//! (`fpga/protocol.md`, "18-with-a-die"). Keys: PLAY 1..6 (0: the machine
//! opens), NEW GAME, RESET.

use super::{letter, Action, Face, Front};
use crate::panel::die18::LAYOUT;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;

/// 18-with-a-die's [`Front`]: no state of its own.
#[derive(Default)]
pub struct Die18;

static FACE: Face = Face {
    layout: &LAYOUT,
    help: "1-6 PLAY that number (0: the machine opens)   n NEW GAME   r reset",
    illegal_words: "refused: a play barred by the M-play (or its complement to 7), 0 after the opening, or a play after the game is over",
    // The machine changes state without a key while the program runs.
    moving: |r| LAYOUT.get(r, "program") != 0,
};

/// A score as 18 cells, the first `score` filled.
fn track(score: u128, color: Color) -> Vec<Span<'static>> {
    (1..=18u128).map(|i| if i <= score { Span::styled("■ ", Style::new().fg(color)) } else { Span::from("· ").dim() }).collect()
}

impl Front for Die18 {
    fn face(&self) -> &'static Face {
        &FACE
    }

    fn key(&mut self, _: u128, key: KeyEvent) -> Action {
        match letter(&key) {
            Some(d @ '0'..='7') => Action::Send(vec![d as u8]),
            Some(c @ ('n' | 'r')) => Action::Send(vec![c as u8]),
            _ => Action::Unknown,
        }
    }

    fn draw(&self, r: u128, frame: &mut Frame, area: Rect) {
        let get = |name: &str| LAYOUT.get(r, name);
        let m_score = get("m_score");
        let h_score = get("h_score");
        let m_play = get("m_play");
        let h_play = get("h_play");
        let mut m_line = vec![Span::from(format!("   M-score {m_score:>2}   "))];
        m_line.extend(track(m_score, Color::Red));
        let mut h_line = vec![Span::from(format!("   H-score {h_score:>2}   "))];
        h_line.extend(track(h_score, Color::Green));
        let barred = if m_play == 0 { "none".to_string() } else { format!("{m_play} and {}", 7 - m_play) };
        let mut text = vec![
            Line::from(""),
            Line::from(m_line),
            Line::from(""),
            Line::from(h_line),
            Line::from(""),
            Line::from(format!("   M-play   {}", if m_play == 0 { "-".to_string() } else { m_play.to_string() })).bold(),
            Line::from(format!("   your last play {}", if h_play == 0 { "-".to_string() } else { h_play.to_string() })),
            Line::from(format!("   barred for you: {barred}")),
            Line::from(""),
        ];
        let winner = match get("winner") {
            1 => Line::from("   YOU WIN: 18 exactly (or the machine went past)").green().bold(),
            2 => Line::from("   THE MACHINE WINS").red().bold(),
            _ if (FACE.moving)(r) => Line::from("   The program runs.").italic(),
            _ if m_score == 0 && h_score == 0 => Line::from("   Your play (or 0 for the machine to open).").italic(),
            _ => Line::from("   Your play.").italic(),
        };
        text.push(winner);
        frame.render_widget(Paragraph::new(text).block(Block::bordered().title(" 18-with-a-die ")), area);
    }
}
