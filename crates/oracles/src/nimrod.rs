//! Nimrod (Ferranti, 1951; seed 003, the booklet) as plain Rust: the
//! displayed program obeyed instruction by instruction, and a cycle-level
//! model of the whole machine with its buttons and lamps, written from the
//! booklet and the rulings in spec/machines.md, independently of the
//! rust-hdl design. `oracle::moore` solves the game itself by brute force
//! and never uses this program.
//!
//! The booklet displays only the simple normal game (instructions 1 to 8,
//! "INSTRUCTIONS"); the rest is this reading of it, written down in the
//! README and here:
//! - Multiple game ("MULTIPLE NIM"): a column is safe when its sum divides by
//!   k + 1; after a modification the same column is examined again
//!   (instruction 6 returns to 1 rather than going on to 7); instruction 2
//!   passes over a heap that has a 1 in the column but is not yet selected
//!   while a selected heap still has one, so heaps already modified are
//!   re-modified before a new one is selected.
//! - Reverse game: "transition" (at most k heaps hold more than one match)
//!   is judged when instruction 1 first examines column 2 and held in a
//!   latch for the move. In
//!   transition column 0 is safe when its sum leaves 1 over a multiple of
//!   k + 1; columns 2 and 1 need no change, since with at most k heaps above
//!   one their sums are at most k and "divides by k + 1" means "is 0". So the
//!   same program leaves n(k + 1) + 1 heaps of one.
//! - The extra instruction (numbered 9 here, "not included in the display")
//!   follows STOP when no heap was modified: it takes 1 from the heap the
//!   heap counter names, stepping the counter past empty heaps.

/// Four heaps of 0..7 matches.
pub const HEAPS: usize = 4;
/// The most matches a heap holds (three bits: columns 2, 1, 0).
pub const TOP: u8 = 7;
/// The extra instruction's number (it is not displayed).
pub const EXTRA: u8 = 9;
/// The column counter's "11 after column 0": stop.
pub const STOP_COLUMN: u8 = 3;

/// The game set before play: normal or reverse, and k heaps a move may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The reverse game: the side that takes the last match loses.
    pub reverse: bool,
    /// The most heaps a move may change, 1..3 (more than 1: multiple Nim).
    pub k: u8,
}

impl Variant {
    /// The simple normal game (k = 1), the one the booklet displays.
    pub const SIMPLE: Variant = Variant { reverse: false, k: 1 };

    /// All six variants, normal games first.
    pub fn all() -> Vec<Variant> {
        [false, true].iter().flat_map(|&reverse| (1..=3).map(move |k| Variant { reverse, k })).collect()
    }

    /// "normal k=1", "reverse k=3": the variant in reports and messages.
    pub fn name(&self) -> String {
        format!("{} k={}", if self.reverse { "reverse" } else { "normal" }, self.k)
    }
}

/// The sum of one column of the main store (the arithmetic unit's input).
pub fn column_sum(store: [u8; HEAPS], column: u8) -> u8 {
    store.iter().map(|h| h >> column & 1).sum()
}

/// A heap modified at `column`: "the 1 digit in the column under
/// consideration being replaced by a 0, the digits to the right of this
/// column being replaced by 1's and the digits to the left of this column
/// being unaltered" (the modifying number generator's 0111... form).
pub fn modified(heap: u8, column: u8) -> u8 {
    let low = (1u8 << column) - 1;
    (heap & !((low << 1) | 1)) | low
}

/// Reverse game: "transition ... occurs when only k or less heaps remain
/// with more than one match in them".
pub fn in_transition(store: [u8; HEAPS], variant: Variant) -> bool {
    variant.reverse && store.iter().filter(|&&h| h > 1).count() <= variant.k as usize
}

/// Instruction 1's test: the column is safe.
pub fn column_safe(store: [u8; HEAPS], column: u8, k: u8, transition: bool) -> bool {
    let target = if transition && column == 0 { 1 } else { 0 };
    column_sum(store, column) % (k + 1) == target
}

/// The registers the program works on (the booklet's "parts of the machine
/// which are used in it").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Program {
    /// Main store: the heaps.
    pub store: [u8; HEAPS],
    /// Column counter: 2, 1, 0, then 3 ("11") for stop.
    pub column: u8,
    /// Heap counter.
    pub heap: u8,
    /// Heap selected memory, one bit per heap (also the white lights: the
    /// heaps last operated on).
    pub selected: u8,
    /// The instruction lit: 1..8, 9 the extra one, 0 none (no move running).
    pub instruction: u8,
    /// The reverse game's transition, judged when the move began.
    pub transition: bool,
}

impl Program {
    /// "At the beginning of a move the number 2 is always sent to the column
    /// counter"; the heap selected memory is cleared; the heap counter keeps
    /// what it holds. (Transition is judged when instruction 1 first
    /// examines column 2.)
    pub fn begin(&mut self) {
        self.column = 2;
        self.selected = 0;
        self.instruction = 1;
    }

    /// Obey the lit instruction and light the next (0 when the move is over).
    pub fn obey(&mut self, variant: Variant) {
        let h = self.heap as usize;
        let c = self.column;
        let digit = self.store[h] >> c & 1 == 1;
        self.instruction = match self.instruction {
            // The column's sum: safe goes to 7, unsafe counts on to 2.
            1 => {
                if c == 2 {
                    // Modifications at column 2 leave 011, still above one,
                    // so judging it again on a re-examination changes nothing.
                    self.transition = in_transition(self.store, variant);
                }
                if column_safe(self.store, c, variant.k, self.transition) {
                    7
                } else {
                    2
                }
            }
            // The digit in this heap and column; a heap not yet selected is
            // passed over while a selected heap has a 1 here.
            2 => {
                let selected_has_one = (0..HEAPS).any(|i| self.selected >> i & 1 == 1 && self.store[i] >> c & 1 == 1);
                let here_selected = self.selected >> h & 1 == 1;
                if digit && (here_selected || !selected_has_one) {
                    4
                } else {
                    3
                }
            }
            // One is added to the heap counter; back to 2.
            3 => {
                self.heap = (self.heap + 1) % HEAPS as u8;
                2
            }
            // The heap selected memory examined.
            4 => {
                if self.selected >> h & 1 == 1 {
                    6
                } else {
                    5
                }
            }
            // The heap selected memory operated.
            5 => {
                self.selected |= 1 << h;
                6
            }
            // The heap modified. The simple game goes on to the next column;
            // the multiple game examines this column again.
            6 => {
                self.store[h] = modified(self.store[h], c);
                if variant.k == 1 {
                    7
                } else {
                    1
                }
            }
            // One is deducted from the column counter; "11" counts on to STOP.
            7 => {
                self.column = (c + 3) % 4;
                if self.column == STOP_COLUMN {
                    8
                } else {
                    1
                }
            }
            // STOP, or the extra instruction when no heap was modified.
            8 => {
                if self.selected == 0 {
                    EXTRA
                } else {
                    0
                }
            }
            // Take 1 from the heap counter's heap, stepping past empty heaps.
            EXTRA => {
                if self.store[h] > 0 {
                    self.store[h] -= 1;
                    self.selected = 1 << h;
                    0
                } else {
                    self.heap = (self.heap + 1) % HEAPS as u8;
                    EXTRA
                }
            }
            other => panic!("instruction {other} is not in the program"),
        };
    }
}

/// One whole move of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The heaps after the move.
    pub after: [u8; HEAPS],
    /// Every instruction lit, in order, from 1 to the last.
    pub instructions: Vec<u8>,
    /// The heap counter after the move (it carries over to the next move).
    pub heap_counter: u8,
    /// The heaps modified (or the one the extra instruction took from).
    pub selected: u8,
}

/// The program run from instruction 1 to the end. `None` for an empty store
/// (the game is over before the machine is asked to move).
pub fn machine_move(store: [u8; HEAPS], variant: Variant, heap_counter: u8) -> Option<Move> {
    if store == [0; HEAPS] {
        return None;
    }
    let mut p = Program { store, column: STOP_COLUMN, heap: heap_counter, selected: 0, instruction: 0, transition: false };
    p.begin();
    let mut instructions = Vec::new();
    while p.instruction != 0 {
        instructions.push(p.instruction);
        assert!(instructions.len() < 200, "the program does not stop from {store:?} under {variant:?}");
        p.obey(variant);
    }
    Some(Move { after: p.store, instructions, heap_counter: p.heap, selected: p.selected })
}

/// Whether `after` is a legal move from `before` under `k`: every heap the
/// same or lower, at least one and at most k lower.
pub fn legal_move(before: [u8; HEAPS], after: [u8; HEAPS], k: u8) -> bool {
    let changed = (0..HEAPS).filter(|&i| after[i] != before[i]).count();
    (0..HEAPS).all(|i| after[i] <= before[i]) && changed >= 1 && changed <= k as usize
}

/// The speed the program runs at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// An instruction every clock.
    Fast = 0,
    /// An instruction every `pace` clocks (the slow demonstration).
    Slow = 1,
    /// An instruction per STEP press (the manual push-button).
    Manual = 2,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The opponent arranges the heaps: any "leave n" button, any heap.
    SetUp = 0,
    /// The opponent is to move and has pressed nothing yet.
    Opponent = 1,
    /// The opponent has changed at least one heap this turn.
    Moved = 2,
    /// The program is running.
    Computing = 3,
    /// Every heap is empty.
    Over = 4,
}

/// A player: the computer, or its opponent from the public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Nimrod.
    Computer = 0,
    /// The person at the buttons.
    Opponent = 1,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Computer => Side::Opponent,
            Side::Opponent => Side::Computer,
        }
    }
}

/// Who won: in the normal game the side that emptied the last heap, in
/// the reverse game the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// No game over yet.
    Nobody = 0,
    /// The opponent won (lamp 1).
    Opponent = 1,
    /// The computer won (lamp 2).
    Computer = 2,
}

/// The buttons pressed during one clock cycle (at most one of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Press {
    /// No button.
    #[default]
    None,
    /// RESET: power-on.
    Reset,
    /// NEW GAME with the variant switches as set (k = 0 is refused).
    NewGame {
        /// The reverse-game switch.
        reverse: bool,
        /// The k switch; only 1..3 are variants.
        k: u8,
    },
    /// The "leave n" button of a heap.
    Leave {
        /// The heap, 0..3: the button's row.
        heap: u8,
        /// The matches to leave in it, 0..7: the button's label.
        count: u8,
    },
    /// COMPUTER MOVE: the program runs, after the opponent's move or from
    /// the set-up.
    ComputerMove,
    /// STEP: the next instruction, in manual mode.
    Step,
    /// The mode switch (3 is no mode and is refused).
    SetMode(u8),
    /// The "split personality": the machine plays both sides from here
    /// (in the set-up or at the opponent's turn) until the game ends.
    SelfPlay,
}

/// The whole machine, as its front panel shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The program's registers, the main store (the heaps) among them.
    pub program: Program,
    /// The game being played, as NEW GAME set it.
    pub variant: Variant,
    /// The crude random number generator: a two-bit counter that moves on
    /// with every button the opponent presses, read into the heap counter
    /// at NEW GAME.
    pub random: u8,
    /// Where the game stands.
    pub phase: Phase,
    /// The side the running program plays (the side that moved last, after).
    pub side: Side,
    /// "Split personality": the machine plays both sides until the game ends.
    pub self_play: bool,
    /// The speed the program runs at.
    pub mode: Mode,
    /// Cycles the lit instruction has been shown in slow mode.
    pub wait: u32,
    /// Who won; `Nobody` while the game goes on.
    pub winner: Winner,
    /// The last cycle's press was refused: a button not allowed where the
    /// game stands (a heap not lowered at the opponent's turn, more than k
    /// heaps in a move, any button but STEP in manual mode and the mode
    /// switch while the program runs, ...) or a switch setting that is no
    /// setting.
    pub illegal: bool,
}

/// The five status lamps (booklet, "SOME DETAILS OF THE MACHINE").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lamps {
    /// (1) Opponent wins.
    pub opponent_wins: bool,
    /// (2) Computer wins.
    pub computer_wins: bool,
    /// (3) Opponent's move.
    pub opponents_move: bool,
    /// (4) Opponent has moved, computer will now move.
    pub computer_will_move: bool,
    /// (5) Computer's move: lit only in slow and manual mode and in self play.
    pub computers_move: bool,
}

impl State {
    /// Power-on (and RESET): every register at zero, which is the simple
    /// normal game in set-up with every heap empty, in fast mode; NEW GAME
    /// fills the heaps.
    pub fn power_on() -> State {
        State {
            program: Program { store: [0; HEAPS], column: 0, heap: 0, selected: 0, instruction: 0, transition: false },
            variant: Variant::SIMPLE,
            random: 0,
            phase: Phase::SetUp,
            side: Side::Computer,
            self_play: false,
            mode: Mode::Fast,
            wait: 0,
            winner: Winner::Nobody,
            illegal: false,
        }
    }

    /// The status lamps the state lights, as ruled in spec/machines.md.
    pub fn lamps(&self) -> Lamps {
        let computing = self.phase == Phase::Computing;
        Lamps {
            opponent_wins: self.winner == Winner::Opponent,
            computer_wins: self.winner == Winner::Computer,
            // Ruling (spec/machines.md, "Nimrod"): lamp (3) while the opponent
            // may move and has changed no heap this turn; lamp (4) from his
            // first changed heap (in set-up, from COMPUTER MOVE) until the
            // computer's move has ended, so that a visitor sees it.
            opponents_move: matches!(self.phase, Phase::SetUp | Phase::Opponent) || (computing && self.side == Side::Opponent),
            computer_will_move: self.phase == Phase::Moved || (computing && self.side == Side::Computer && !self.self_play),
            computers_move: computing && self.side == Side::Computer && (self.mode != Mode::Fast || self.self_play),
        }
    }

    fn begin_move(&mut self, side: Side) {
        self.program.begin();
        self.phase = Phase::Computing;
        self.side = side;
        self.wait = 0;
    }

    /// The game is over when every heap is empty: in the normal game the side
    /// that emptied it wins, in the reverse game it loses.
    fn settle(&mut self, mover: Side) -> bool {
        if self.program.store != [0; HEAPS] {
            return false;
        }
        let winner = if self.variant.reverse { mover.other() } else { mover };
        self.winner = match winner {
            Side::Computer => Winner::Computer,
            Side::Opponent => Winner::Opponent,
        };
        self.phase = Phase::Over;
        self.self_play = false;
        true
    }

    /// One clock cycle; slow mode shows each instruction for `pace` cycles.
    pub fn step(&self, press: Press, pace: u32) -> State {
        if press == Press::Reset {
            return State::power_on();
        }
        let mut s = *self;
        s.illegal = false;
        if press != Press::None {
            s.random = (self.random + 1) % 4;
        }
        if let Press::SetMode(m) = press {
            match m {
                0 => s.mode = Mode::Fast,
                1 => s.mode = Mode::Slow,
                2 => s.mode = Mode::Manual,
                _ => s.illegal = true,
            }
            if m < 3 {
                s.wait = 0;
            }
        }
        if self.phase == Phase::Computing {
            let advance = match self.mode {
                Mode::Fast => true,
                Mode::Slow => self.wait + 1 >= pace,
                Mode::Manual => press == Press::Step,
            };
            let manual_step = press == Press::Step && self.mode == Mode::Manual;
            if !matches!(press, Press::None | Press::SetMode(_)) && !manual_step {
                s.illegal = true;
            }
            if self.mode == Mode::Slow && !matches!(press, Press::SetMode(m) if m < 3) {
                s.wait = if advance { 0 } else { self.wait + 1 };
            }
            if advance {
                s.program.obey(self.variant);
                if s.program.instruction == 0 && !s.settle(self.side) {
                    if self.self_play {
                        s.begin_move(self.side.other());
                    } else {
                        s.phase = Phase::Opponent;
                    }
                }
            }
            return s;
        }
        let empty = self.program.store == [0; HEAPS];
        match press {
            Press::None | Press::Reset | Press::SetMode(_) => {}
            Press::NewGame { reverse, k } => {
                if (1..=3).contains(&k) {
                    s.variant = Variant { reverse, k };
                    s.program.store = [TOP; HEAPS];
                    s.program.heap = self.random;
                    s.program.selected = 0;
                    s.phase = Phase::SetUp;
                    s.side = Side::Computer;
                    s.winner = Winner::Nobody;
                } else {
                    s.illegal = true;
                }
            }
            Press::Leave { heap, count } => {
                let h = heap as usize;
                let lower = count < self.program.store[h];
                let mine = self.program.selected >> h & 1 == 1;
                let room = self.program.selected.count_ones() < self.variant.k as u32;
                match self.phase {
                    Phase::SetUp => s.program.store[h] = count,
                    Phase::Opponent if lower => {
                        s.program.store[h] = count;
                        s.program.selected = 1 << h;
                        s.phase = Phase::Moved;
                        s.settle(Side::Opponent);
                    }
                    Phase::Moved if lower && (mine || room) => {
                        s.program.store[h] = count;
                        s.program.selected |= 1 << h;
                        s.settle(Side::Opponent);
                    }
                    _ => s.illegal = true,
                }
            }
            Press::ComputerMove => match self.phase {
                Phase::SetUp if !empty => s.begin_move(Side::Computer),
                Phase::Moved => s.begin_move(Side::Computer),
                _ => s.illegal = true,
            },
            Press::SelfPlay => match self.phase {
                Phase::SetUp | Phase::Opponent if !empty => {
                    s.self_play = true;
                    s.begin_move(Side::Opponent);
                }
                _ => s.illegal = true,
            },
            Press::Step => s.illegal = true,
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_modifying_number_generator() {
        // "the number of matches in heap 2 is changed from 110 to 101"
        assert_eq!(modified(0b110, 1), 0b101);
        // "The number 101 in heap 2 is changed to 100"
        assert_eq!(modified(0b101, 0), 0b100);
        // "changes its contents from 110 to 011"
        assert_eq!(modified(0b110, 2), 0b011);
    }

    /// The booklet's walk through 7, 1, 6, 4 with the heap counter at 1.
    #[test]
    fn the_booklets_walk_through() {
        let m = machine_move([7, 1, 6, 4], Variant::SIMPLE, 1).unwrap();
        assert_eq!(m.instructions, vec![1, 2, 3, 2, 4, 5, 6, 7, 1, 7, 1, 2, 4, 6, 7, 8]);
        assert_eq!(m.after, [7, 1, 2, 4]);
    }

    /// "the 'unsafe' arrangement of four heaps of matches containing 7, 1, 6
    /// and 2 ... changed into ... 7, 1, 4 and 2".
    #[test]
    fn the_booklets_7_1_6_2() {
        let m = machine_move([7, 1, 6, 2], Variant::SIMPLE, 2).unwrap();
        assert_eq!(m.after, [7, 1, 4, 2]);
    }

    #[test]
    fn a_safe_position_takes_one_from_the_heap_counters_heap() {
        let m = machine_move([7, 1, 4, 2], Variant::SIMPLE, 1).unwrap();
        assert_eq!(m.after, [7, 0, 4, 2]);
        assert_eq!(m.instructions, vec![1, 7, 1, 7, 1, 7, 8, EXTRA]);
        // An empty heap is passed over.
        let m = machine_move([0, 0, 3, 3], Variant::SIMPLE, 0).unwrap();
        assert_eq!(m.after, [0, 0, 2, 3]);
    }

    /// The status lamps through a game, as ruled (spec/machines.md,
    /// "Nimrod"): (3) while the opponent may move and has changed no heap;
    /// (4) from his first changed heap, or from COMPUTER MOVE in set-up,
    /// until the computer's move has ended; (5) only in slow or manual
    /// operation and in self-play.
    #[test]
    fn the_status_lamps_as_ruled() {
        let lit = |s: &State| {
            let l = s.lamps();
            [l.opponent_wins, l.computer_wins, l.opponents_move, l.computer_will_move, l.computers_move]
        };
        let run = |mut s: State, press: Press| {
            s = s.step(press, 3);
            let mut seen = vec![lit(&s)];
            for _ in 0..200 {
                if s.phase != Phase::Computing {
                    break;
                }
                s = s.step(Press::None, 3);
                seen.push(lit(&s));
            }
            (s, seen)
        };
        let s = State::power_on().step(Press::NewGame { reverse: false, k: 1 }, 3);
        assert_eq!(lit(&s), [false, false, true, false, false], "set-up: the opponent's move");
        // COMPUTER MOVE from set-up: (4) from the press until the move ends.
        let (s, seen) = run(s, Press::ComputerMove);
        assert!(seen.len() > 2, "the fast move takes several clocks");
        for l in &seen[..seen.len() - 1] {
            assert_eq!(*l, [false, false, false, true, false], "while the computer moves (fast)");
        }
        assert_eq!(s.phase, Phase::Opponent);
        assert_eq!(lit(&s), [false, false, true, false, false], "his turn, no heap changed yet");
        // His first changed heap puts out (3) and lights (4).
        let heap = (0..4).find(|&h| s.program.store[h] > 0).unwrap() as u8;
        let s = s.step(Press::Leave { heap, count: 0 }, 3);
        assert_eq!(s.phase, Phase::Moved);
        assert_eq!(lit(&s), [false, false, false, true, false], "he has moved");
        // Slow mode: (4) and (5) together while the computer moves.
        let s = s.step(Press::SetMode(1), 3);
        assert_eq!(lit(&s), [false, false, false, true, false]);
        let (_, seen) = run(s, Press::ComputerMove);
        for l in &seen[..seen.len() - 1] {
            assert_eq!(*l, [false, false, false, true, true], "while the computer moves (slow)");
        }
    }

    /// From every position, in every variant, under every heap-counter
    /// start, the program's move is legal, and it wins whenever a winning
    /// move exists (checked against the brute-force solution).
    #[test]
    fn the_program_wins_whenever_a_win_exists() {
        use crate::moore;
        for v in Variant::all() {
            let solution = moore::solve(v.k, v.reverse);
            for i in 1..moore::POSITIONS {
                let p = moore::position(i);
                for hc in 0..4 {
                    let m = machine_move(p, v, hc).unwrap();
                    assert!(legal_move(p, m.after, v.k), "{} from {p:?}, heap counter {hc}: {:?}", v.name(), m.after);
                    if solution.wins(p) {
                        assert!(!solution.wins(m.after), "{} from {p:?}, heap counter {hc}: {:?} loses", v.name(), m.after);
                    }
                }
            }
        }
    }
}
