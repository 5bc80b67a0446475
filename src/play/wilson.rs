//! Wilson's judge in the terminal: the groups in its eight slots as they
//! are entered, its verdict (won or lost for the side that just moved) and
//! the sound move it found, from its 100-bit report (`fpga/protocol.md`,
//! "Wilson's judge"). Keys: a group of n counters (0x80 + n), `g`, `r`.
//!
//! The judge judges positions; the panel plays a game with it. You type the
//! position your move leaves (digits, Enter after each group; the first
//! group after a verdict starts a new position, sending `r` first), `g`
//! has it judged, and `p` plays the move it found: the panel enters the
//! position that move leaves. Whoever takes the last counter wins.

use super::{letter, Action, Face, Front};
use crate::panel::wilson::{groups, size_key, LAYOUT};
use nimforge_oracles::wilson::judge::{HwMove, SLOTS};
use nimforge_oracles::wilson::Kind;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;

/// The largest group a slot holds.
const MAX_GROUP: u32 = 127;

/// Who entered the position in the slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mover {
    You,
    Machine,
}

/// Wilson's judge's [`Front`]: the last report, the digits typed and the game the panel plays.
#[derive(Default)]
pub struct Wilson {
    report: u128,
    /// Digits typed, not yet sent as a group.
    typed: String,
    /// The next group starts a new position (a verdict or a move is shown).
    clear_first: bool,
    mover: Option<Mover>,
    /// The position the machine's move leaves, while the panel enters it.
    expected: Option<Vec<u16>>,
    note: Option<String>,
}

/// The judge's move in a report.
fn found(r: u128) -> HwMove {
    let kind = match LAYOUT.get(r, "kind") {
        1 => Kind::One,
        2 => Kind::Three,
        _ => Kind::TwoAdjacent,
    };
    let get = |name: &str| LAYOUT.get(r, name) as u8;
    HwMove { kind, group: get("slot"), left: get("left"), second: get("third_slot"), second_left: get("third_left") }
}

/// The position `m` leaves of `groups`, when the move fits them.
fn leaves(m: &HwMove, groups: &[u8; SLOTS]) -> Option<Vec<u16>> {
    let n = *groups.get(m.group as usize)?;
    let width = if m.kind == Kind::One { 1 } else { 2 };
    let right = n.checked_sub(width + m.left)?;
    if m.kind == Kind::Three {
        let piece = match m.second {
            8 => m.left,
            9 => right,
            s if s as usize == m.group as usize => return None,
            s => *groups.get(s as usize)?,
        };
        piece.checked_sub(1 + m.second_left)?;
    }
    Some(m.leaves(groups))
}

impl Wilson {
    fn flag(&self, name: &str) -> bool {
        LAYOUT.flag(self.report, name)
    }

    /// The groups in the slots, empty slots left out.
    fn position(&self) -> Vec<u16> {
        self.groups().iter().filter(|&&g| g > 0).map(|&g| g as u16).collect()
    }

    /// The machine's move has been entered whole (until then the slots show
    /// the position half entered).
    fn machine_moved(&self) -> bool {
        self.mover == Some(Mover::Machine) && self.expected.as_ref() == Some(&self.position())
    }

    fn groups(&self) -> [u8; SLOTS] {
        groups(self.report)
    }

    /// The judgement in the report: won, and the move found with what it leaves.
    fn verdict(&self) -> Option<(bool, Option<(HwMove, Vec<u16>)>)> {
        if !self.flag("done") || self.flag("busy") {
            return None;
        }
        let m = found(self.report);
        let found = self.flag("found").then(|| leaves(&m, &self.groups()).map(|l| (m, l))).flatten();
        Some((self.flag("won"), found))
    }

    /// The typed group as its key, after `r` when it starts a new position.
    fn enter_group(&mut self) -> Action {
        if self.typed.is_empty() {
            return Action::Local;
        }
        let n: u32 = self.typed.parse().unwrap_or(u32::MAX);
        self.typed.clear();
        if n > MAX_GROUP {
            self.note = Some(format!("a slot holds at most {MAX_GROUP} counters; {n} was not entered"));
            return Action::Local;
        }
        let mut bytes = vec![];
        if std::mem::take(&mut self.clear_first) {
            bytes.push(b'r');
        }
        bytes.push(size_key(n as u8));
        self.mover = Some(Mover::You);
        self.expected = None;
        Action::Send(bytes)
    }

    /// `p`: the position the move found leaves, entered as a new position.
    fn play_found(&mut self) -> Action {
        let Some((_, Some((_, left)))) = self.verdict() else {
            self.note = Some("no move found to play: type a position, then g to have it judged".into());
            return Action::Local;
        };
        if left.len() > SLOTS {
            self.note = Some(format!("the move leaves {} groups and the judge holds {SLOTS}: play on by hand", left.len()));
            return Action::Local;
        }
        let mut bytes = vec![b'r'];
        bytes.extend(left.iter().map(|&g| size_key(g as u8)));
        self.mover = Some(Mover::Machine);
        self.expected = Some(left);
        self.clear_first = true;
        Action::Send(bytes)
    }

    /// The move in words, one or two lines of at most 64 characters.
    fn describe(m: &HwMove, groups: &[u8; SLOTS]) -> Vec<String> {
        let g = groups[m.group as usize];
        match m.kind {
            Kind::One => vec![format!("one counter from the {g} (slot {}), {} left of it", m.group, m.left)],
            Kind::TwoAdjacent => vec![format!("two adjacent counters from the {g} (slot {}), {} left of them", m.group, m.left)],
            Kind::Three => {
                let from = match m.second {
                    8 => "the left piece".to_string(),
                    9 => "the right piece".to_string(),
                    s => format!("the {} (slot {s})", groups[s as usize]),
                };
                vec![
                    format!("three counters: two adjacent from the {g} (slot {}),", m.group),
                    format!("{} left of them, and one from {from}, {} left of it", m.left, m.second_left),
                ]
            }
        }
    }
}

static FACE: Face = Face {
    layout: &LAYOUT,
    help: "0-9 Enter a group (the first after a verdict starts a new position)   g judge   p play the move found   r reset",
    illegal_words: "the judge refused the key: it was busy judging",
    // The machine changes state without a key while the judge is busy.
    moving: |r| LAYOUT.flag(r, "busy"),
};

impl Front for Wilson {
    fn face(&self) -> &'static Face {
        &FACE
    }

    /// `p` plays the move in the last report ([`Front::report`] keeps it).
    fn key(&mut self, _: u128, key: KeyEvent) -> Action {
        self.note = None;
        match key.code {
            KeyCode::Enter => return self.enter_group(),
            KeyCode::Backspace => {
                self.typed.pop();
                return Action::Local;
            }
            _ => {}
        }
        match letter(&key) {
            Some(d @ '0'..='9') => {
                if self.typed.len() < 3 {
                    self.typed.push(d);
                }
                Action::Local
            }
            Some(' ' | ',') => self.enter_group(),
            Some('g') => {
                let mut bytes = match self.enter_group() {
                    Action::Send(b) => b,
                    _ => vec![],
                };
                bytes.push(b'g');
                self.mover.get_or_insert(Mover::You);
                self.clear_first = true;
                Action::Send(bytes)
            }
            Some('r') => {
                self.typed.clear();
                self.clear_first = false;
                self.mover = None;
                self.expected = None;
                Action::Send(vec![b'r'])
            }
            Some('p') => self.play_found(),
            _ => Action::Unknown,
        }
    }

    /// The report is kept: what the machine moved is judged against it.
    fn report(&mut self, _: u128, report: u128) {
        self.report = report;
    }

    fn draw(&self, _: u128, frame: &mut Frame, area: Rect) {
        let groups = self.groups();
        let next = LAYOUT.get(self.report, "next_slot");
        let cells = |f: &dyn Fn(usize) -> String| (0..SLOTS).map(|k| format!("{:>5}", f(k))).collect::<String>();
        let mut text = vec![
            Line::from(format!("   slot   {}", cells(&|k| k.to_string()))).dim(),
            Line::from(format!("   group  {}      next slot {next}", cells(&|k| groups[k].to_string()))),
            Line::from(format!("   typing {}_", self.typed)),
        ];
        let position: Vec<String> = groups.iter().filter(|&&g| g > 0).map(u8::to_string).collect();
        let total: u32 = groups.iter().map(|&g| g as u32).sum();
        let position = if position.is_empty() { "empty".to_string() } else { position.join(", ") };
        text.push(Line::from(format!("   position  {position}   ({total} counters)")));
        text.push(Line::from(""));
        let stages = ["idle", "sum", "choose", "one counter", "two adjacent", "three counters", "three counters"];
        let stage = stages.get(LAYOUT.get(self.report, "stage") as usize).copied().unwrap_or("?");
        let judge = if self.flag("busy") {
            Span::from(format!("BUSY ({stage})")).yellow().bold()
        } else if self.flag("done") {
            Span::from("done")
        } else {
            Span::from("idle")
        };
        text.push(Line::from(vec![Span::from("   judge     "), judge]));
        let side = match self.mover {
            Some(Mover::You) => " (you)",
            Some(Mover::Machine) if self.machine_moved() => " (the machine)",
            _ => "",
        };
        match self.verdict() {
            None => text.push(Line::from("   verdict   -")),
            Some((won, m)) => {
                let v = if won { Span::from("WON").green().bold() } else { Span::from("LOST").red().bold() };
                text.push(Line::from(vec![Span::from("   verdict   "), v, Span::from(format!(" for the side that just moved{side}"))]));
                match m {
                    Some((m, left)) => {
                        for (k, words) in Self::describe(&m, &groups).into_iter().enumerate() {
                            let label = if k == 0 { "move found" } else { "" };
                            text.push(Line::from(format!("   {label:<11} {words}")));
                        }
                        let left: Vec<String> = left.iter().map(u16::to_string).collect();
                        let left = if left.is_empty() { "nothing".into() } else { left.join(", ") };
                        text.push(Line::from(format!("   {:<11} {left}   (p plays it)", "it leaves")));
                    }
                    None => text.push(Line::from("   move found  none: no sound move")),
                }
            }
        }
        text.push(Line::from(""));
        let winner = match (total, self.mover, self.flag("done")) {
            (0, Some(Mover::Machine), _) if self.machine_moved() => Span::from("THE MACHINE WINS (it took the last counter)").red().bold(),
            (0, Some(Mover::You), true) => Span::from("YOU WIN (you took the last counter)").green().bold(),
            _ => Span::from("nobody yet"),
        };
        text.push(Line::from(vec![Span::from("   winner    "), winner]));
        let over = total == 0 && matches!(self.mover, Some(Mover::Machine) if self.machine_moved());
        let hint = match (&self.note, self.mover) {
            (Some(note), _) => note.clone(),
            (None, _) if over => "Game over: type a new position to play again.".into(),
            (None, Some(Mover::Machine)) if !self.machine_moved() => "Entering the machine's move...".into(),
            (None, Some(Mover::Machine)) if total > 0 => "The machine has moved: type the position your move leaves, then g.".into(),
            (None, _) => "Type a position (7 Enter), g has it judged, p plays the move found.".into(),
        };
        text.push(Line::from(format!("   {hint}")).italic());
        let panel = Paragraph::new(text).block(Block::bordered().title(" Wilson's judge "));
        frame.render_widget(panel, area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panel::wilson::with_groups;
    use ratatui::crossterm::event::{KeyEventKind, KeyEventState, KeyModifiers};

    fn press(w: &mut Wilson, keys: &str) -> Vec<Action> {
        keys.chars()
            .map(|c| {
                let code = if c == '\r' { KeyCode::Enter } else { KeyCode::Char(c) };
                w.key(0, KeyEvent { code, modifiers: KeyModifiers::NONE, kind: KeyEventKind::Press, state: KeyEventState::NONE })
            })
            .collect()
    }

    /// Groups are 0x80 + n (`fpga/protocol.md`); a slot holds 0..127; a
    /// group typed after a verdict starts a new position with `r`.
    #[test]
    fn groups_become_keys() {
        let mut w = Wilson::default();
        let got = press(&mut w, "127\r");
        assert_eq!(got.last(), Some(&Action::Send(vec![0xff])));
        assert_eq!(press(&mut w, "128\r").last(), Some(&Action::Local));
        assert!(w.note.as_deref().unwrap_or("").contains("at most 127"));
        assert_eq!(press(&mut w, "3g").last(), Some(&Action::Send(vec![0x83, b'g'])));
        assert_eq!(press(&mut w, "5 ").last(), Some(&Action::Send(vec![b'r', 0x85])));
        assert_eq!(press(&mut w, "x").last(), Some(&Action::Unknown));
    }

    /// The move found, played: for 28, 1 the judge takes two adjacent
    /// counters from the 28 with none left of them and one from the right
    /// piece with none left of it, leaving 1, 25 (README, `nimforge move
    /// wilson --groups 28,1`); a report whose move does not fit its groups,
    /// or leaves more groups than the slots hold, plays nothing.
    #[test]
    fn the_move_found_is_played() {
        let judged = |fields: &[(&str, u128)], groups: &[u8]| with_groups(LAYOUT.pack(fields), groups);
        let mut w = Wilson::default();
        w.report(0, judged(&[("done", 1), ("found", 1), ("kind", 2), ("third_slot", 9)], &[28, 1]));
        assert_eq!(press(&mut w, "p"), vec![Action::Send(vec![b'r', 0x81, 0x80 | 25])]);
        let mut w = Wilson::default();
        w.report(0, judged(&[("done", 1), ("found", 1), ("kind", 2), ("slot", 2), ("third_slot", 9)], &[28, 1]));
        assert_eq!(press(&mut w, "p"), vec![Action::Local]);
        // One counter from the middle of a 5 beside seven 1s: nine groups,
        // more than the judge's eight slots.
        let mut w = Wilson::default();
        w.report(0, judged(&[("done", 1), ("found", 1), ("kind", 1), ("left", 2)], &[5, 1, 1, 1, 1, 1, 1, 1]));
        assert_eq!(press(&mut w, "p"), vec![Action::Local]);
        assert!(w.note.unwrap().contains("9 groups"));
    }
}
