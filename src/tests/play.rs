//! `nimforge play MACHINE --sim` as a person uses it (issue 6): the built
//! command in a real pseudo-terminal of 80 x 24, key presses in, the screen
//! read back through a terminal emulator (vt100). A whole game of each
//! machine is played to its end, choosing each move from what the screen
//! shows; a refused key must show the illegal indication; q (Esc, Ctrl-C)
//! must quit with status 0 and leave the terminal as it was.
//!
//! The players here know the games, not the panel's code: the relay NIM's
//! and Nimatron's winning moves are computed from the lamps on the screen
//! (the XOR rule of each document), and Wilson's judge must find a sound
//! move every time it is handed a position lost for the side that moved.
//!
//! `NIMFORGE_PLAY_SHOW=1 cargo test --release --test play -- --nocapture`
//! prints every screen a test waited for.

#[path = "players.rs"]
mod players;
use players::{nim_move, search_cycles};
use portable_pty::{native_pty_system, Child, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// The longest wait for the screen to show something.
const PATIENCE: Duration = Duration::from_secs(60);

struct Terminal {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    keys: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    /// Everything the command wrote, for the escape sequences.
    raw: Vec<u8>,
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        let pty = native_pty_system().openpty(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 }).expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_nimforge"));
        cmd.args(args);
        cmd.cwd(env!("CARGO_MANIFEST_DIR"));
        cmd.env("TERM", "xterm-256color");
        let child = pty.slave.spawn_command(cmd).expect("nimforge starts");
        drop(pty.slave);
        let output = pump(pty.master.try_clone_reader().unwrap());
        let keys = pty.master.take_writer().unwrap();
        let size = |n| NonZeroU16::new(n).unwrap();
        Terminal { parser: vt100::Parser::new(size(24), size(80), 0), output, keys, child, raw: vec![], _master: pty.master }
    }

    fn press(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).unwrap();
        self.keys.flush().unwrap();
    }

    fn pump(&mut self, wait: Duration) {
        if let Ok(bytes) = self.output.recv_timeout(wait) {
            self.take(bytes);
        }
        while let Ok(bytes) = self.output.try_recv() {
            self.take(bytes);
        }
    }

    /// Bytes the command wrote: onto the screen, and kept whole.
    fn take(&mut self, bytes: Vec<u8>) {
        self.parser.process(&bytes);
        self.raw.extend(bytes);
    }

    fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    /// Waits until the screen satisfies `ok`; fails naming `what` and
    /// showing the screen.
    fn wait_for(&mut self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let t0 = Instant::now();
        loop {
            let screen = self.screen();
            if ok(&screen) {
                if std::env::var_os("NIMFORGE_PLAY_SHOW").is_some() {
                    eprintln!("-- {what}:\n{screen}");
                }
                return screen;
            }
            assert!(t0.elapsed() < PATIENCE, "waited {PATIENCE:?} for {what}; the screen:\n{screen}");
            self.pump(Duration::from_millis(20));
        }
    }

    fn wait_text(&mut self, text: &str) -> String {
        self.wait_for(text, |s| s.contains(text))
    }

    /// Waits for the command to end (failing with `what` and the screen
    /// after `patience`), then reads everything it wrote before it ended,
    /// which may still be on its way from the terminal's reader on a loaded
    /// machine: until the reader has met the end of the terminal (the
    /// command's side closed), or for the same patience. A fixed wait here
    /// once lost the last line on a loaded CI host.
    fn ended(&mut self, patience: Duration, what: &str) -> portable_pty::ExitStatus {
        let t0 = Instant::now();
        let status = loop {
            self.pump(Duration::from_millis(20));
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(t0.elapsed() < patience, "{what}; the screen:\n{}", self.screen());
        };
        let t0 = Instant::now();
        loop {
            match self.output.recv_timeout(Duration::from_millis(50)) {
                Ok(bytes) => self.take(bytes),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    assert!(t0.elapsed() < patience, "the terminal did not close after the command ended; the screen:\n{}", self.screen());
                }
            }
        }
        status
    }

    /// After the board's line went away: the command must end with status 1
    /// and the main screen back; the screen it left.
    fn gone(&mut self) -> String {
        let status = self.ended(PATIENCE, "the panel did not notice");
        assert_eq!(status.exit_code(), 1);
        assert!(!self.parser.screen().alternate_screen(), "the alternate screen was left on");
        self.screen()
    }

    /// q, then the command must end with status 0 and the terminal be left
    /// as it was: the main screen back, the cursor shown.
    fn quit(self) {
        self.quit_with("q");
    }

    /// `key` quits as q does (Esc, Ctrl-C).
    fn quit_with(mut self, key: &str) {
        self.press(key);
        let status = self.ended(Duration::from_secs(10), "q did not quit");
        assert!(status.success(), "exit status {status:?}");
        assert!(!self.parser.screen().alternate_screen(), "the alternate screen was left on");
        assert!(!self.parser.screen().hide_cursor(), "the cursor was left hidden");
        let raw = String::from_utf8_lossy(&self.raw);
        assert!(raw.contains("\x1b[?1049h") && raw.contains("\x1b[?1049l"), "the panel did not enter and leave the alternate screen");
    }
}

/// The line of the screen that contains `label`.
fn line_with<'a>(screen: &'a str, label: &str) -> &'a str {
    screen.lines().find(|l| l.contains(label)).unwrap_or_else(|| panic!("no '{label}' on the screen:\n{screen}"))
}

/// The first whole number after `label` on its line.
fn number_after(screen: &str, label: &str) -> u32 {
    let line = line_with(screen, label);
    let rest = &line[line.find(label).unwrap() + label.len()..];
    rest.split_whitespace().find_map(|t| t.parse().ok()).unwrap_or_else(|| panic!("no number after '{label}' in '{line}'"))
}

/// Lamps lit (●) after `label` on its line.
fn lit_after(screen: &str, label: &str) -> u32 {
    let line = line_with(screen, label);
    line[line.find(label).unwrap() + label.len()..].matches('●').count() as u32
}

/// The relay NIM: the human sets up 3, 5, 6 (XOR zero), GO; then plays
/// correctly and takes the last stone. GO before a stone and a second pile
/// in one turn are refused on the way.
#[test]
fn relay_nim_is_played_to_the_end() {
    let mut t = Terminal::start(&["play", "relay-nim", "--sim"]);
    let piles = |s: &str| ["pile A", "pile B", "pile C"].map(|p| lit_after(s, p));
    let s = t.wait_for("every pile full", |s| s.contains("pile C") && piles(s) == [7, 7, 7]);
    assert!(s.contains("winner") && s.contains("g GO"), "{s}");
    t.press("aaaabbc");
    t.wait_for("piles 3, 5, 6", |s| piles(s) == [3, 5, 6]);
    t.press("g");
    let mut total = 14;
    let mut refused_go = false;
    let mut first_turn = true;
    loop {
        let s = t.wait_for("the machine's move", |s| (piles(s).iter().sum::<u32>() < total && s.contains("sequencer  idle")) || s.contains("WINS"));
        assert!(!s.contains("THE MACHINE WINS"), "a correct human lost:\n{s}");
        let sizes = piles(&s);
        assert!(sizes.iter().fold(0, |a, s| a ^ s) != 0, "the machine left a safe position: {sizes:?}");
        if !refused_go {
            t.press("g");
            t.wait_text("ILLEGAL");
            refused_go = true;
        }
        let (pile, n) = nim_move(&sizes);
        let key = ["a", "b", "c"][pile];
        t.press(&key.repeat(n as usize));
        let mut after = sizes;
        after[pile] -= n;
        let s = t.wait_for("the human's stones taken", |s| piles(s) == after);
        total = after.iter().sum();
        if total == 0 {
            assert!(s.contains("THE HUMAN WINS") || t.wait_text("THE HUMAN WINS").contains("THE HUMAN WINS"));
            break;
        }
        if first_turn {
            // A second pile in the same turn: refused, nothing taken.
            let other = (0..3).find(|&p| p != pile && after[p] > 0).expect("another pile has stones");
            t.wait_for("the refusal cleared", |s| !s.contains("ILLEGAL"));
            t.press(["a", "b", "c"][other]);
            t.wait_text("ILLEGAL");
            assert_eq!(piles(&t.screen()), after, "a refused stone was taken");
            first_turn = false;
        }
        t.press("g");
    }
    let s = t.wait_text("THE HUMAN WINS");
    assert_eq!(piles(&s), [0, 0, 0]);
    t.quit();
}

/// Nimatron, combination No. 1 (7, 6, 3, 4): a correct player wins it and
/// the counters say so. MTR before a lamp and a second row in one turn are
/// refused on the way.
#[test]
fn nimatron_is_played_to_the_end() {
    let mut t = Terminal::start(&["play", "nimatron", "--sim"]);
    let rows = |s: &str| ["row a", "row b", "row c", "row d"].map(|r| lit_after(s, r));
    t.wait_for("combination No. 1 set up", |s| s.contains("lamp P ●") && rows(s) == [7, 6, 3, 4]);
    t.press("m");
    t.wait_text("ILLEGAL");
    let mut first_turn = true;
    loop {
        let s = t.wait_for("the player's turn", |s| s.contains("lamp P ●") && s.contains("Your move"));
        let lit = rows(&s);
        let (row, n) = nim_move(&lit);
        t.press(&["a", "b", "c", "d"][row].repeat(n as usize));
        let mut after = lit;
        after[row] -= n;
        if after == [0; 4] {
            break;
        }
        t.wait_for("the player's lamps out", |s| rows(s) == after);
        if first_turn {
            let other = (0..4).find(|&r| r != row && after[r] > 0).unwrap();
            t.press(["a", "b", "c", "d"][other]);
            t.wait_text("ILLEGAL");
            assert_eq!(rows(&t.screen()), after, "a refused lamp went out");
            first_turn = false;
        }
        t.press("m");
        let total: u32 = after.iter().sum();
        t.wait_for("the machine's move", |s| rows(s).iter().sum::<u32>() < total);
    }
    let s = t.wait_for("the game counted", |s| s.contains("THE PLAYER WON") && number_after(s, "PWC") == 1);
    assert_eq!((number_after(&s, "TP"), number_after(&s, "MWC")), (1, 0), "{s}");
    // The next combination is set up by itself.
    assert!(t.wait_text("combination No. 2").contains("lamp P ●"));
    // Ctrl-C quits too (in raw mode it is a key, not a signal).
    t.quit_with("\x03");
}

/// The position on Wilson's panel, from its "position" line.
fn wilson_position(screen: &str) -> Vec<u32> {
    let line = line_with(screen, "position  ");
    let list = line.split("position").nth(1).unwrap().split('(').next().unwrap();
    list.split(',').filter_map(|t| t.trim().parse().ok()).collect()
}

/// Wilson's judge: a key while it judges is refused; then a game from a
/// group of 7 (lost for the side that just moved): the machine plays the
/// move its judge finds, the human takes one counter from the largest group
/// each turn, every position the human leaves is judged lost and the judge
/// finds a move, and the machine takes the last counter.
#[test]
fn wilson_is_played_to_the_end() {
    let mut t = Terminal::start(&["play", "wilson", "--sim"]);
    t.wait_text("position  empty");
    // A position whose search is long: `g` twice, the second refused.
    let long = nimforge::harness::wilson::random_positions(10_000, 1).into_iter().find(|&g| search_cycles(g) > 400).expect("a long search");
    let typed: String = long.iter().map(|g| format!("{g}\r")).collect();
    t.press(&typed);
    let want: Vec<u32> = long.iter().filter(|&&g| g > 0).map(|&g| g as u32).collect();
    t.wait_for("the long position", |s| wilson_position(s) == want);
    t.press("gg");
    t.wait_text("ILLEGAL");
    t.wait_for("the long position's verdict", |s| s.contains("verdict   LOST") || s.contains("verdict   WON"));
    t.press("r");
    t.wait_for("the judge reset", |s| s.contains("position  empty") && s.contains("verdict   -"));

    t.press("7\rg");
    let mut human = vec![7];
    loop {
        let s = t.wait_for("the judge's verdict", |s| s.contains("verdict   LOST") || s.contains("verdict   WON"));
        assert!(s.contains("verdict   LOST") && s.contains("it leaves"), "the human left {human:?}; the judge:\n{s}");
        t.press("p");
        let s = t.wait_for("the machine's move", |s| s.contains("The machine has moved") || s.contains("THE MACHINE WINS"));
        if s.contains("THE MACHINE WINS") {
            assert_eq!(wilson_position(&s), Vec::<u32>::new(), "{s}");
            break;
        }
        let mut left = wilson_position(&s);
        assert!(left.iter().sum::<u32>() < human.iter().sum::<u32>(), "the machine's move took nothing: {human:?} to {left:?}");
        // The human: one counter from the end of the largest group.
        let i = (0..left.len()).max_by_key(|&i| left[i]).unwrap();
        left[i] -= 1;
        left.retain(|&g| g > 0);
        human = left.clone();
        let mut keys: String = left.iter().map(|g| format!("{g}\r")).collect();
        if keys.is_empty() {
            keys.push_str("0\r");
        }
        t.press(&keys);
        t.wait_for("the human's position", |s| wilson_position(s) == human);
        t.press("g");
        assert!(!human.is_empty(), "the human took the last counter");
    }
    t.quit_with("\x1b");
}

/// Nimrod's heaps as the screen shows them: the number after each heap's
/// three binary digits.
fn nimrod_heaps(screen: &str) -> Vec<u32> {
    (0..4)
        .map(|h| {
            let label = format!("heap {h} ");
            let line = line_with(screen, &label);
            let numbers: Vec<u32> = line[line.find(&label).unwrap() + label.len()..].split_whitespace().filter_map(|t| t.parse().ok()).collect();
            numbers[3]
        })
        .collect()
}

/// Nimrod: NEW GAME, the booklet's 7, 1, 6, 4 set up with the heap keys,
/// the computer moves first (COMPUTER MOVE again at once is refused, and so
/// is a heap raised); the opponent takes one match from the first heap
/// with any each turn and the computer takes the last. Then a game the
/// machine plays against itself in slow mode, to its end.
#[test]
fn nimrod_is_played_to_the_end() {
    let mut t = Terminal::start(&["play", "nimrod", "--sim"]);
    t.wait_text("INSTRUCTIONS");
    t.press("n");
    t.wait_for("the heaps filled", |s| nimrod_heaps(s) == [7, 7, 7, 7]);
    // The cursor starts on heap 0; Tab moves it down.
    t.press("\t1\t6\t4\t");
    t.wait_for("7, 1, 6, 4 set up", |s| nimrod_heaps(s) == [7, 1, 6, 4]);
    t.press("c");
    let s = t.wait_for("the computer's first move", |s| s.contains("Your move") && nimrod_heaps(s) != [7, 1, 6, 4]);
    let mut heaps = nimrod_heaps(&s);
    assert_eq!(heaps.iter().fold(0, |a, h| a ^ h), 0, "the computer leaves a safe position:\n{s}");
    t.press("c");
    t.wait_text("ILLEGAL");
    let mut cursor = 0;
    loop {
        let h = (0..4).find(|&h| heaps[h] > 0).expect("a match is left");
        while cursor != h {
            t.press("\t");
            cursor = (cursor + 1) % 4;
        }
        if heaps[h] < 7 && heaps.iter().sum::<u32>() == 20 {
            // A heap raised: refused.
            t.press(&(heaps[h] + 1).to_string());
            t.wait_text("ILLEGAL");
        }
        let ours: Vec<u32> = (0..4).map(|i| if i == h { heaps[i] - 1 } else { heaps[i] }).collect();
        t.press(&(heaps[h] - 1).to_string());
        t.wait_for("the opponent's move", |s| nimrod_heaps(s) == ours);
        assert!(ours.iter().sum::<u32>() > 0, "the opponent took the last match");
        t.press("\r");
        let s = t.wait_for("the computer's move", |s| s.contains("THE COMPUTER WINS") || (s.contains("Your move") && nimrod_heaps(s) != ours));
        heaps = nimrod_heaps(&s);
        if s.contains("THE COMPUTER WINS") {
            assert_eq!(heaps, vec![0, 0, 0, 0]);
            assert!(line_with(&s, "computer wins").contains('●'), "{s}");
            break;
        }
    }
    // Self-play in slow mode: the program lit instruction by instruction.
    t.press("wkn");
    t.wait_for("a new game with k = 2", |s| s.contains("k = 2") && nimrod_heaps(s) == [7, 7, 7, 7]);
    t.press("3\t\t\t\t2p");
    t.wait_text("▶ 1 column's sum safe?");
    t.press("f");
    let s = t.wait_for("the self-played game's end", |s| s.contains("THE COMPUTER WINS") || s.contains("THE OPPONENT WINS"));
    assert_eq!(nimrod_heaps(&s), vec![0, 0, 0, 0]);
    t.quit();
}

/// 18-with-a-die: the human opens with 1, then plays the dictionary's own
/// best play for his score each turn (a barred play refused on the way),
/// until one side has won; then NEW GAME, and the machine opens (0).
#[test]
fn die18_is_played_to_the_end() {
    use nimforge_oracles::die18::dictionary_play;
    let mut t = Terminal::start(&["play", "die18", "--sim"]);
    t.wait_text("Your play (or 0");
    let mut first = true;
    loop {
        let s = t.screen();
        let m_play = line_with(&s, "M-play").split_whitespace().last().and_then(|x| x.parse::<u8>().ok()).unwrap_or(0);
        let h = number_after(&s, "H-score") as u8;
        let m = number_after(&s, "M-score");
        if first && m_play != 0 {
            t.press(&m_play.to_string());
            t.wait_text("ILLEGAL");
            first = false;
        }
        let play = if h == 0 && m == 0 { 1 } else { dictionary_play(h, m_play) };
        t.press(&play.to_string());
        let s = t.wait_for("the machine's answer", |s| s.contains("WIN") || (s.contains("Your play.") && number_after(s, "H-score") as u8 == h + play));
        if s.contains("WIN") {
            assert!(number_after(&s, "H-score") >= 18 || number_after(&s, "M-score") >= 18, "{s}");
            break;
        }
    }
    t.press("n");
    t.wait_text("Your play (or 0");
    t.press("0");
    let s = t.wait_text("Your play.");
    assert!(number_after(&s, "M-score") > 0 && number_after(&s, "H-score") == 0, "the machine opened:\n{s}");
    t.quit();
}

/// The learning machine: MEMORY PRELOAD shows its six cells, all right;
/// then a whole game by a human who reads the total and the machine's play
/// off the screen and plays a winning play when the game's solution has one
/// that is allowed (else the smallest allowed), the machine's own play
/// refused once on the way; then MEMORY RESET empties the panel.
#[test]
fn learning_is_played_to_the_end() {
    use nimforge_oracles::counting::{allowed_after, winning_plays};
    let mut t = Terminal::start(&["play", "learning", "--sim"]);
    t.wait_text("YOUR TURN");
    t.press("p");
    t.wait_for("the preloaded memory", |s| s.contains("right  6") && s.contains("wrong  0"));
    let mut refused = false;
    loop {
        let s = t.screen();
        let total = number_after(&s, "Total") as u8;
        let line = line_with(&s, "machine's play");
        let m_play: u8 = line[line.find("machine's play").unwrap() + 14..].split_whitespace().next().and_then(|x| x.parse().ok()).unwrap_or(0);
        if !refused && m_play != 0 {
            t.press(&m_play.to_string());
            t.wait_text("ILLEGAL");
            refused = true;
        }
        let play = winning_plays(total, m_play).first().copied().unwrap_or_else(|| (1..=6).find(|&p| m_play == 0 || allowed_after(m_play, p)).unwrap());
        t.press(&play.to_string());
        let s = t.wait_for("the machine's answer", |s| s.contains("WIN") || (s.contains("YOUR TURN") && number_after(s, "Total") as u8 > total + play));
        if s.contains("WIN") {
            assert!(number_after(&s, "Total") >= 18, "{s}");
            break;
        }
    }
    assert!(refused, "the machine played at least once");
    t.press("m");
    t.wait_for("the memory reset", |s| s.contains("right  0") && s.contains("wrong  0"));
    t.quit();
}

/// What `reader` reads, a chunk at a time, until it ends.
fn pump(mut reader: Box<dyn Read + Send>) -> Receiver<Vec<u8>> {
    let (tx, chunks) = channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                return;
            }
        }
    });
    chunks
}

/// A board on a serial line: here a second pseudo-terminal whose other end
/// the test holds, playing the board. The panel waits for a report, skips
/// a line cut short (a board joined mid-line), draws the line at
/// configuration, and sends a key press as its one byte.
#[test]
fn a_board_on_a_serial_line() {
    let line = native_pty_system().openpty(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 }).unwrap();
    let device = line.master.tty_name().expect("the line's device name");
    let keys = pump(line.master.try_clone_reader().unwrap());
    let mut board_out = line.master.take_writer().unwrap();
    let mut t = Terminal::start(&["play", "relay-nim", "--serial", device.to_str().unwrap()]);
    t.wait_text("No report from the machine yet");
    assert!(t.screen().contains(&format!("serial: {}", device.display())));
    board_out.write_all(b"77\n0000777\n").unwrap();
    let piles = |s: &str| ["pile A", "pile B", "pile C"].map(|p| lit_after(s, p));
    let s = t.wait_for("the line at configuration", |s| s.contains("pile C") && piles(s) == [7, 7, 7]);
    assert!(s.contains("1 line was not a report"), "{s}");
    t.press("b");
    let got = keys.recv_timeout(PATIENCE).expect("a byte on the line");
    assert_eq!(got, b"b");
    board_out.write_all(b"0000767\n").unwrap();
    t.wait_for("pile B one stone fewer", |s| piles(s) == [7, 6, 7]);
    t.quit();
    drop(line.slave);
}

/// The board goes away while the panel plays it: the terminal is restored
/// and one line says what happened; status 1.
#[test]
fn a_board_that_goes_away() {
    let line = native_pty_system().openpty(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 }).unwrap();
    let device = line.master.tty_name().expect("the line's device name");
    let mut board_out = line.master.take_writer().unwrap();
    let mut t = Terminal::start(&["play", "nimatron", "--serial", device.to_str().unwrap()]);
    board_out.write_all(b"0000fffffff000000\n").unwrap();
    t.wait_text("combination No. 1");
    drop(board_out);
    drop(line);
    let screen = t.gone();
    let said: Vec<&str> = screen.lines().filter(|l| l.contains("nimforge:")).collect();
    assert_eq!(said.len(), 1, "{screen}");
    assert!(said[0].contains(device.to_str().unwrap()) && !screen.contains("panicked"), "{screen}");
}

/// A serial device that cannot be opened: one line, status 1, and the
/// terminal untouched (nothing written to it).
#[test]
fn a_missing_serial_device_gets_one_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nimforge")).args(["play", "relay-nim", "--serial", "/dev/nimforge-no-such-tty"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/dev/nimforge-no-such-tty") && !err.contains("panicked"), "{err}");
    assert!(out.stdout.is_empty());
    for (args, want, code) in [
        (&["play", "nimotron"][..], "[possible values: relay-nim, nimatron, nimrod, learning, die18, wilson]", 2),
        (&["play", "wilson", "--sim", "--serial", "/dev/ttyUSB1"][..], "cannot be used with", 2),
        (&["play", "wilson"][..], "not a terminal", 1),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_nimforge")).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(want) && !err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A line that sends noise: binary garbage, hex lines of the wrong length,
/// control characters, a report cut short. The panel never shows a state
/// the machine did not report (before a report it keeps waiting; after
/// one it keeps showing that one), counts what it could not read, and when
/// the line goes away restores the terminal and says so in one line.
#[test]
fn a_noisy_line_shows_only_what_was_reported() {
    let line = native_pty_system().openpty(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 }).unwrap();
    let device = line.master.tty_name().expect("the line's device name");
    let mut board_out = line.master.take_writer().unwrap();
    let mut t = Terminal::start(&["play", "relay-nim", "--serial", device.to_str().unwrap()]);
    t.wait_text("No report from the machine yet");
    // Noise from a seeded generator; no line of exactly 7 lowercase hex
    // digits (a relay NIM report) is in it.
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut noise = Vec::new();
    for k in 0..200 {
        match k % 4 {
            0 => noise.extend((0..next() % 40).map(|_| (next() % 256) as u8).filter(|&b| b != b'\n')),
            1 => {
                let len = [3, 5, 6, 8, 12][(next() % 5) as usize];
                noise.extend((0..len).map(|_| b"0123456789abcdef"[(next() % 16) as usize]));
                noise.push(b'\n');
            }
            2 => noise.extend_from_slice(b"\x1b[2J\x07\r\x00ZZZ\n"),
            _ => noise.extend_from_slice(b"00007\n"),
        }
    }
    noise.push(b'\n');
    // Every line of the noise is counted as not a report: the panel has
    // read it all once it shows that count (no fixed wait, which a loaded
    // machine can outrun).
    let lines = noise.iter().filter(|&&b| b == b'\n').count();
    let all_read = |n: usize| move |s: &str| s.contains(&format!("{n} lines were not reports"));
    for chunk in noise.chunks(97) {
        board_out.write_all(chunk).unwrap();
        t.pump(Duration::from_millis(5));
    }
    let s = t.wait_for("the noise counted", all_read(lines));
    let drawn = s.lines().any(|l| l.starts_with('│') && l.contains("pile A"));
    assert!(s.contains("No report from the machine yet") && !drawn, "noise showed a state:\n{s}");
    // A real report, then more noise: the report stays on the screen.
    board_out.write_all(b"0000765\n").unwrap();
    let piles = |s: &str| ["pile A", "pile B", "pile C"].map(|p| lit_after(s, p));
    t.wait_for("the reported piles", |s| s.contains("pile C") && piles(s) == [7, 6, 5]);
    for chunk in noise.chunks(61) {
        board_out.write_all(chunk).unwrap();
        t.pump(Duration::from_millis(5));
    }
    let s = t.wait_for("the noise counted again", all_read(2 * lines));
    assert_eq!(piles(&s), [7, 6, 5], "noise changed the piles:\n{s}");
    // The line goes away: one line, the terminal restored, status 1.
    drop(board_out);
    drop(line);
    let screen = t.gone();
    assert_eq!(screen.lines().filter(|l| l.contains("nimforge:")).count(), 1, "{screen}");
    assert!(!screen.contains("panicked"), "{screen}");
}

/// A line that says nothing at all: the panel waits, shows no state, and
/// quits cleanly.
#[test]
fn a_silent_line_waits_and_quits_cleanly() {
    let line = native_pty_system().openpty(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 }).unwrap();
    let device = line.master.tty_name().expect("the line's device name");
    let mut t = Terminal::start(&["play", "die18", "--serial", device.to_str().unwrap()]);
    t.wait_text("No report from the machine yet");
    t.press("5");
    t.pump(Duration::from_millis(300));
    assert!(t.screen().contains("No report from the machine yet"), "{}", t.screen());
    t.quit();
    drop(line);
}
