//! Nimrod in the terminal: its four heaps in binary (columns 2, 1, 0) with
//! the white lights of the heap selected memory, the displayed program with
//! the lit instruction, the column and heap counters, the five status lamps,
//! the variant and the mode, from its 56-bit report (`fpga/protocol.md`,
//! "Nimrod"). Keys: the 4 x 8 "leave n" buttons (a heap chosen with the
//! arrow keys or Tab, then 0..7), COMPUTER MOVE, STEP, the mode switch, SELF
//! PLAY, NEW GAME with the variant switches (set on the panel), RESET.

use super::{letter, Action, Face, Front};
use crate::panel::nimrod::LAYOUT;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;

/// The displayed program (booklet, "INSTRUCTIONS"). The extra instruction
/// (number 9 in the report) "is not included in the display": while it runs
/// no line is lit.
const PROGRAM: [&str; 8] = [
    "1 column's sum safe?  yes: 7",
    "2 digit in heap is 1? yes: 4",
    "3 heap counter + 1;   to 2",
    "4 heap selected?      yes: 6",
    "5 heap selected memory set",
    "6 modify the heap",
    "7 column counter - 1; 11: 8",
    "8 STOP",
];

/// The status lamps, the items of the report's `status_lamps`.
const LAMPS: [&str; 5] = ["opponent wins", "computer wins", "opponent's move", "opponent moved, computer will move", "computer's move"];

/// The phase field's value while the program runs.
const COMPUTING: u128 = 3;
/// The mode field's value for manual.
const MANUAL: u128 = 2;

/// Nimrod's [`Front`]: the heap the digit keys act on and the variant switches.
pub struct Nimrod {
    /// The heap the digit keys act on.
    heap: usize,
    /// The variant switches NEW GAME sends.
    reverse: bool,
    k: u8,
}

impl Default for Nimrod {
    fn default() -> Self {
        Nimrod { heap: 0, reverse: false, k: 1 }
    }
}

static FACE: Face = Face {
    layout: &LAYOUT,
    help: "↑↓ heap, 0-7 leave n   c/Enter COMPUTER MOVE   s STEP   f w m fast/slow/manual   p SELF PLAY   v k variant, n NEW GAME   r reset",
    illegal_words: "refused: a heap raised or left alone, more than k heaps, COMPUTER MOVE before a move, or a press while the program runs",
    // The machine changes state without a key while the program runs, and
    // not in manual mode.
    moving: |r| LAYOUT.get(r, "phase") == COMPUTING && LAYOUT.get(r, "mode") != MANUAL,
};

impl Front for Nimrod {
    fn face(&self) -> &'static Face {
        &FACE
    }

    fn key(&mut self, _: u128, key: KeyEvent) -> Action {
        match key.code {
            KeyCode::Up | KeyCode::BackTab => {
                self.heap = (self.heap + 3) % 4;
                return Action::Local;
            }
            KeyCode::Down | KeyCode::Tab => {
                self.heap = (self.heap + 1) % 4;
                return Action::Local;
            }
            KeyCode::Enter => return Action::Send(vec![b'c']),
            _ => {}
        }
        match letter(&key) {
            Some(d @ '0'..='7') => Action::Send(vec![0x80 + 8 * self.heap as u8 + (d as u8 - b'0')]),
            Some(c @ ('c' | 's' | 'f' | 'w' | 'm' | 'p' | 'r')) => Action::Send(vec![c as u8]),
            Some('n') => Action::Send(vec![0xa0 + 4 * self.reverse as u8 + self.k]),
            Some('v') => {
                self.reverse = !self.reverse;
                Action::Local
            }
            Some('k') => {
                self.k = self.k % 3 + 1;
                Action::Local
            }
            _ => Action::Unknown,
        }
    }

    fn draw(&self, r: u128, frame: &mut Frame, area: Rect) {
        let get = |name: &str| LAYOUT.get(r, name);
        let reverse = LAYOUT.flag(r, "reverse");
        let k = get("k");
        let mode = ["fast", "slow", "manual", "?"][get("mode") as usize];
        let instruction = get("instruction") as usize;
        let column = get("column_counter");
        let heap_counter = get("heap_counter") as usize;
        let selected = LAYOUT.field("heap_selected");
        let heaps = LAYOUT.field("heaps");
        let phase = get("phase");
        let mut left = vec![
            Line::from(format!(
                " {} game, k = {k}, {mode}{}",
                if reverse { "reverse" } else { "normal" },
                if LAYOUT.flag(r, "transition") { ", transition" } else { "" }
            )),
            Line::from(format!(" next NEW GAME: {}, k = {}", if self.reverse { "reverse" } else { "normal" }, self.k)).dim(),
            Line::from(""),
            Line::from("            col 2 1 0").dim(),
        ];
        for h in 0..4 {
            let n = heaps.item(h).get(r);
            let digits: Vec<Span> = (0..3)
                .rev()
                .map(|c| {
                    let d = Span::from(format!(" {}", n >> c & 1));
                    if phase == COMPUTING && c == column && heap_counter == h {
                        d.bold().reversed()
                    } else {
                        d.fg(Color::Yellow)
                    }
                })
                .collect();
            let mut line = vec![Span::from(if self.heap == h { " ▸ " } else { "   " }), Span::from(format!("heap {h}  "))];
            line.extend(digits);
            line.push(Span::from(format!("   {n}  ")));
            line.push(if selected.item(h).flag(r) { Span::from("◉ white").bold() } else { Span::from("○").dim() });
            left.push(Line::from(line));
        }
        left.push(Line::from(""));
        left.push(Line::from(format!(" column counter {}   heap counter {heap_counter}", if column == 3 { "11".to_string() } else { column.to_string() })));
        left.push(Line::from(""));
        for (i, name) in LAMPS.iter().enumerate() {
            let on = LAYOUT.field("status_lamps").item(i).flag(r);
            let color = if i < 2 { Color::Red } else { Color::Green };
            let s = format!(" {} {name}", if on { "●" } else { "○" });
            left.push(if on { Line::from(s).fg(color).bold() } else { Line::from(s).dim() });
        }
        let winner = match get("winner") {
            1 => Span::from(" THE OPPONENT WINS").green().bold(),
            2 => Span::from(" THE COMPUTER WINS").red().bold(),
            _ => Span::from(""),
        };
        left.push(Line::from(winner));

        let mut right = vec![Line::from(" INSTRUCTIONS").bold(), Line::from("")];
        for (i, text) in PROGRAM.iter().enumerate() {
            let lit = instruction == i + 1;
            let line = Line::from(format!("{} {text}", if lit { "▶" } else { " " }));
            right.push(if lit { line.style(Style::new().fg(Color::Yellow).bold().reversed()) } else { line });
        }
        right.push(Line::from(""));
        let what = match phase {
            0 => "Set up the heaps, then c (or p).",
            1 => "Your move: leave n in up to k heaps.",
            2 => "Lower more heaps, or c.",
            3 if mode == "manual" => "Manual: s obeys the next instruction.",
            3 => "The program runs.",
            _ => "Game over: n for a new game.",
        };
        right.push(Line::from(format!(" {what}")).italic());

        let block = Block::bordered().title(" Nimrod ");
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let half = inner.width / 2;
        frame.render_widget(Paragraph::new(left), Rect { width: half, ..inner });
        frame.render_widget(Paragraph::new(right), Rect { x: inner.x + half, width: inner.width - half, ..inner });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    /// The lit lines of the drawn INSTRUCTIONS list for a report lighting
    /// `instruction` while the program runs.
    fn lit_lines(instruction: u128) -> Vec<String> {
        let report = LAYOUT.pack(&[("phase", COMPUTING), ("instruction", instruction), ("heaps", 0x7164)]);
        let mut terminal = Terminal::new(TestBackend::new(100, 24)).unwrap();
        terminal.draw(|f| Nimrod::default().draw(report, f, f.area())).unwrap();
        let buffer = terminal.backend().buffer();
        let rows = (0..buffer.area.height).map(|y| (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect::<String>());
        rows.filter(|row| row.contains('▶')).map(|row| row.trim().to_string()).collect()
    }

    /// Each displayed instruction lights its own line; the extra instruction
    /// "is not included in the display" (booklet, "INSTRUCTIONS"): while it
    /// runs, no line is lit.
    #[test]
    fn the_extra_instruction_lights_no_line() {
        for i in 1..=8 {
            let lit = lit_lines(i);
            assert_eq!(lit.len(), 1, "instruction {i}: {lit:?}");
            assert!(lit[0].contains(&format!("▶ {i} ")), "instruction {i}: {lit:?}");
        }
        assert_eq!(lit_lines(9), Vec::<String>::new());
        assert_eq!(lit_lines(0), Vec::<String>::new());
    }
}
