//! Each machine's terminal front panel (`nimforge::play::Front`) as the
//! registry gives it: its keys are the protocol's, it is drawn whole in
//! 80 x 24, and no report line or key makes it panic. Here, and not among
//! the library's unit tests, so that the registry (every machine at every
//! level) is compiled once, in the library (issue 58).

use nimforge::play::{Action, Front};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers};
use ratatui::Terminal;

/// The registry's front panel of `machine`.
fn front(machine: &str) -> Box<dyn Front> {
    (nimforge::machines::find(machine).unwrap().front)()
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
    assert!(nimforge::machines::find("selector").is_err());
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
            1 << 127 | 2 << 116 | 5 << 112 | 12 << 104 | nimforge::panel::learning::memory_bits(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 16, 8, 4, 2, 1]),
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
        let mut t = Terminal::new(TestBackend::new(80, 20)).unwrap();
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

/// Report lines of any shape, from noise to reports of any value, and
/// keys of any kind: every panel reads, draws and answers them without a
/// panic; a line that is not a report is refused by the decoder before
/// the panel sees it.
#[test]
fn panels_survive_any_report_and_key() {
    let mut rng = nimforge_netlist::fuzz::Rng::new(0xf022_0003);
    for name in nimforge::machines::names() {
        let mut front = (nimforge::machines::find(name).unwrap().front)();
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
            if let Ok(r) = nimforge::panel::parse_report(&line, bits) {
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
