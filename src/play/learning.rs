//! The learning machine in the terminal: its memory panel of 17 columns
//! (totals 1..17) by 6 rows (plays 1..6), each cell told right, wrong,
//! missing or empty against the game's solution; the total, the last plays
//! and the play the machine's last play bars, the programmer and the
//! winner, from its 128-bit report (`fpga/protocol.md`, "The learning
//! machine"). Keys: PLAY 1..6, NEW GAME, MEMORY RESET, MEMORY PRELOAD,
//! RESET.

use super::{letter, Action, Face, Front};
use crate::panel::learning::{cell, LAYOUT};
use nimforge_oracles::counting::{table, GOAL, ROWS};
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;

/// The learning machine's [`Front`]: no state of its own.
#[derive(Default)]
pub struct Learning;

static FACE: Face = Face {
    layout: &LAYOUT,
    help: "1-6 PLAY   n NEW GAME   m MEMORY RESET   p MEMORY PRELOAD   r reset",
    illegal_words: "refused: the machine's last play or its complement to 7, 0 or 7, a play after the game is over, or a key while the programmer runs",
    // The machine changes state without a key while the programmer runs.
    moving: |r| LAYOUT.get(r, "programmer") != 0,
};

/// A memory cell against the game's solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Set, and the play wins.
    Right,
    /// Set, and the play loses.
    Wrong,
    /// Not set, and the play wins.
    Missing,
    /// Not set, and the play loses.
    Empty,
}

/// Cell (total `t`, play `p`) of the report's memory, judged.
pub fn judge(report: u128, t: u8, p: u8) -> Cell {
    let wins = table()[t as usize][p as usize - 1];
    match (cell(report, t, p), wins) {
        (true, true) => Cell::Right,
        (true, false) => Cell::Wrong,
        (false, true) => Cell::Missing,
        (false, false) => Cell::Empty,
    }
}

fn symbol(c: Cell) -> Span<'static> {
    match c {
        Cell::Right => Span::styled("●", Style::new().fg(Color::Green).bold()),
        Cell::Wrong => Span::styled("✕", Style::new().fg(Color::Red).bold()),
        Cell::Missing => Span::styled("○", Style::new().fg(Color::Yellow)),
        Cell::Empty => Span::from("·").dim(),
    }
}

const PHASES: [&str; 6] = ["home", "clamp", "search", "random play", "add", "rewrite"];

impl Front for Learning {
    fn face(&self) -> &'static Face {
        &FACE
    }

    fn key(&mut self, _: u128, key: KeyEvent) -> Action {
        match letter(&key) {
            Some(d @ '0'..='7') => Action::Send(vec![d as u8]),
            Some(c @ ('n' | 'm' | 'p' | 'r')) => Action::Send(vec![c as u8]),
            _ => Action::Unknown,
        }
    }

    fn draw(&self, r: u128, frame: &mut Frame, area: Rect) {
        let total = LAYOUT.get(r, "totalizer_2") as u8;
        let (h_play, m_play) = (LAYOUT.get(r, "human_play"), LAYOUT.get(r, "machine_play"));
        let mut header = vec![Span::from("   total  ")];
        for t in 1..GOAL {
            let label = format!("{t:>3}");
            header.push(if t == total { Span::from(label).bold().reversed() } else { Span::from(label) });
        }
        let mut text = vec![header.into()];
        let mut counts = [0usize; 4];
        for p in 1..=ROWS as u8 {
            let mut row = vec![Span::from(format!("   play {p} "))];
            for t in 1..GOAL {
                let c = judge(r, t, p);
                counts[c as usize] += 1;
                row.push(Span::from("  "));
                row.push(symbol(c));
            }
            text.push(row.into());
        }
        text.push(Line::from(""));
        text.push(Line::from(vec![
            Span::from("   "),
            symbol(Cell::Right),
            Span::from(format!(" right {:>2}   ", counts[Cell::Right as usize])),
            symbol(Cell::Wrong),
            Span::from(format!(" wrong {:>2}   ", counts[Cell::Wrong as usize])),
            symbol(Cell::Missing),
            Span::from(format!(" missing {:>2}   ", counts[Cell::Missing as usize])),
            symbol(Cell::Empty),
            Span::from(" empty   vs the solution"),
        ]));
        text.push(Line::from(""));
        let bar: String = (1..=GOAL).map(|i| if i <= total { '■' } else { '·' }).collect();
        text.push(Line::from(format!("   Total {total:>2}   {bar}  18")).bold());
        let shown = |p: u128| if p == 0 { "-".to_string() } else { p.to_string() };
        let barred = if m_play == 0 { "none".to_string() } else { format!("{m_play} and {}", 7 - m_play) };
        text.push(Line::from(format!("   your last play {}   machine's play {}   barred for you: {barred}", shown(h_play), shown(m_play))));
        text.push(Line::from(format!("   programmer: {}", PHASES.get(LAYOUT.get(r, "programmer") as usize).unwrap_or(&"?"))));
        text.push(Line::from(""));
        text.push(match LAYOUT.get(r, "winner") {
            1 => Line::from("   YOU WIN: 18 exactly (or the machine went past)").green().bold(),
            2 => Line::from("   THE MACHINE WINS").red().bold(),
            _ if LAYOUT.flag(r, "your_turn") => Line::from("   YOUR TURN: set a play and press PLAY.").italic(),
            _ => Line::from("   The programmer runs.").italic(),
        });
        frame.render_widget(Paragraph::new(text).block(Block::bordered().title(" The learning machine: the counting game to 18 ")), area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panel::learning::memory_bits;
    use nimforge_oracles::learning::Memory;

    /// A fully learned memory is all right and nothing missing; MEMORY
    /// PRELOAD's six cells are right.
    #[test]
    fn cells_are_judged_against_the_solution() {
        let learned = memory_bits(&nimforge_oracles::counting::learned_memory());
        let mut preload = Memory::reset(true);
        preload.preload();
        let preload = memory_bits(&preload.cells);
        let count = |r: u128, c: Cell| (1..GOAL).flat_map(|t| (1..=6).map(move |p| (t, p))).filter(|&(t, p)| judge(r, t, p) == c).count();
        assert_eq!(count(learned, Cell::Missing) + count(learned, Cell::Wrong), 0);
        assert_eq!((count(preload, Cell::Right), count(preload, Cell::Wrong)), (6, 0));
        assert_eq!(count(0, Cell::Missing), count(learned, Cell::Right));
    }
}
