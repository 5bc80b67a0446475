//! The terminal around a machine's [`Front`]: a title line, the machine, a
//! status line with the machine's illegal indication, the help line; keys
//! to the transport, report lines to the machine's panel. Fits 80 x 24.
//!
//! The terminal is set up by ratatui (raw mode, the alternate screen, a
//! panic hook that restores it) and restored when the loop ends, however it
//! ends.

use super::{Action, Front, Transport};
use crate::panel::{parse_report, Lines};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;
use std::time::Duration;

/// The smallest terminal the panel is drawn for: columns,
pub const WIDTH: u16 = 80;
/// ... and rows.
pub const HEIGHT: u16 = 24;

/// The panel's own state beside the machine's.
pub struct App {
    machine: String,
    front: Box<dyn Front>,
    transport: Box<dyn Transport>,
    lines: Lines,
    /// The last report (0 before the first).
    report: u128,
    /// Reports received, and lines that were not reports (a line cut at
    /// start-up on a serial line).
    reports: usize,
    bad_lines: usize,
    /// The machine refused the last key (held until the next key).
    refused: bool,
    /// A note of the panel's own (a key that is not the machine's).
    note: Option<String>,
}

/// Restores the terminal when dropped, on every way out of [`run`].
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Plays until q, Esc or Ctrl-C; an error is one line, after the terminal
/// is restored.
/// `machine` is the machine's name, for the title.
pub fn run(machine: &str, front: Box<dyn Front>, transport: Box<dyn Transport>) -> Result<(), crate::Error> {
    let mut app =
        App { machine: machine.to_string(), front, transport, lines: Lines::default(), report: 0, reports: 0, bad_lines: 0, refused: false, note: None };
    let restore = Restore;
    let mut terminal = ratatui::try_init().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let result = app.event_loop(&mut terminal);
    drop(terminal);
    drop(restore);
    result
}

impl App {
    fn event_loop(&mut self, terminal: &mut ratatui::DefaultTerminal) -> Result<(), crate::Error> {
        let io = |e: std::io::Error| format!("the terminal: {e}");
        loop {
            terminal.draw(|f| self.draw(f)).map_err(io)?;
            // Every key already typed goes out before the next drawing, as
            // keys typed fast reach a board back to back on its line (two
            // `g`s to Wilson's judge: the second finds it still at work).
            let mut waiting = event::poll(Duration::from_millis(10)).map_err(io)?;
            while waiting {
                if let Event::Key(key) = event::read().map_err(io)? {
                    if key.kind != KeyEventKind::Release && !self.key(key)? {
                        return Ok(());
                    }
                }
                waiting = event::poll(Duration::ZERO).map_err(io)?;
            }
            for byte in self.transport.receive(Duration::from_millis(5))? {
                self.byte(byte);
            }
        }
    }

    /// A key press; false when it quits.
    fn key(&mut self, key: KeyEvent) -> Result<bool, crate::Error> {
        let ctrl_c = key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
        if ctrl_c || key.code == KeyCode::Esc || super::letter(&key) == Some('q') {
            return Ok(false);
        }
        self.note = None;
        match self.front.key(self.report, key) {
            Action::Send(bytes) => {
                self.refused = false;
                self.transport.send(&bytes)?;
            }
            Action::Local => {}
            Action::Unknown => self.note = Some(format!("not a key of {}: {}", self.machine, self.front.face().help)),
        }
        Ok(true)
    }

    fn byte(&mut self, byte: u8) {
        let Some(line) = self.lines.push(byte) else { return };
        let layout = self.front.face().layout;
        match parse_report(&line, layout.bits) {
            Ok(r) => {
                self.reports += 1;
                self.refused |= layout.flag(r, "illegal");
                self.front.report(self.report, r);
                self.report = r;
            }
            Err(_) => self.bad_lines += 1,
        }
    }

    fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        if area.width < WIDTH || area.height < HEIGHT {
            let text = format!("The terminal is {} x {}: the panel needs {WIDTH} x {HEIGHT}. Enlarge it, or press q to quit.", area.width, area.height);
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return;
        }
        let area = Rect { width: WIDTH, height: HEIGHT, ..area };
        let [title, machine, status, help] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(18), Constraint::Length(2), Constraint::Length(2)]).areas(area);
        let title_text = format!(" nimforge play {}  ·  {}", self.machine, self.transport.describe());
        frame.render_widget(Paragraph::new(title_text).style(Style::new().add_modifier(Modifier::REVERSED)), title);
        if self.reports == 0 {
            let waiting = "No report from the machine yet. A board sends one at configuration and after every change: press r to reset it.";
            frame.render_widget(Paragraph::new(waiting).wrap(Wrap { trim: true }).block(Block::bordered()), machine);
        } else {
            self.front.draw(self.report, frame, machine);
        }
        frame.render_widget(Paragraph::new(self.status()).wrap(Wrap { trim: true }), status);
        let help_line = Line::from(vec![Span::from(self.front.face().help), Span::from("  q quit").bold()]);
        frame.render_widget(Paragraph::new(help_line).wrap(Wrap { trim: true }).fg(Color::Cyan), help);
    }

    fn status(&self) -> Line<'static> {
        let mut spans = vec![];
        if self.refused {
            spans.push(Span::styled(" ILLEGAL ", Style::new().fg(Color::White).bg(Color::Red).add_modifier(Modifier::BOLD)));
            spans.push(Span::from(format!(" {}", self.front.face().illegal_words)));
        }
        if let Some(note) = &self.note {
            spans.push(Span::from(format!(" {note}")).yellow());
        }
        if self.bad_lines > 0 {
            let lines = if self.bad_lines == 1 { "1 line was not a report".to_string() } else { format!("{} lines were not reports", self.bad_lines) };
            spans.push(Span::from(format!(" ({lines})")).dim());
        }
        Line::from(spans)
    }
}
