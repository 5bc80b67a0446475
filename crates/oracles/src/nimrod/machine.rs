//! The cycle-level model of the whole machine: the buttons, the modes, the
//! phases of a game, the status lamps, and one clock cycle.

use super::program::{Program, Variant, HEAPS, TOP};

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
