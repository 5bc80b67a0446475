//! Nimatron, US patent 2,215,544 (seed 000), as plain Rust: the move-level
//! function and a cycle-level model, written from the patent and the rulings
//! in spec/machines.md, independently of the rust-hdl design.
//!
//! A row's lamps go out lowest number first ("he extinguishes the energized
//! lamp having the lowest subscript"), so the lit lamps of a row are always
//! its last `rows[i]` lamps; the model keeps that count.

/// Rows a, b, c, d of seven lamps.
pub const ROWS: usize = 4;
/// Lamps in a row, numbered 1..7.
pub const LAMPS: u8 = 7;
/// The relays T1..T9 that drop out one by one while lamp M dims.
pub const CHAIN: u8 = 9;

/// The patent's table of starting combinations (lamps lit in rows a..d),
/// "displayed in sequence".
pub const COMBINATIONS: [[u8; ROWS]; 9] =
    [[7, 6, 3, 4], [3, 4, 7, 5], [2, 7, 5, 3], [6, 5, 4, 3], [3, 2, 4, 7], [2, 7, 5, 4], [3, 7, 6, 1], [6, 2, 1, 7], [2, 5, 6, 4]];

/// The parity relays EZ, EF, ES: a power of 2 present in an even number of
/// rows (or in none). Index 0 is 2^0 (EZ), 1 is 2^1 (EF), 2 is 2^2 (ES).
pub fn parities_even(rows: [u8; ROWS]) -> [bool; 3] {
    let mut even = [true; 3];
    for (p, e) in even.iter_mut().enumerate() {
        // The power-of-two detectors AZ/AF/AS ... DZ/DF/DS of each row.
        let present = rows.iter().filter(|&&n| n >> p & 1 == 1).count();
        *e = present % 2 == 0;
    }
    even
}

/// The kind of a machine move, from the parities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Every parity even: the random move (relay RM).
    Random,
    /// Some parity odd: the correct move (relay CM).
    Correct,
}

/// The row the machine moves in, and the kind of move.
pub fn choose(rows: [u8; ROWS]) -> Option<(usize, Kind)> {
    if rows.iter().all(|&n| n == 0) {
        return None;
    }
    let even = parities_even(rows);
    if even.iter().all(|&e| e) {
        // "the first of a, b, c, d whose count contains 4, else the first
        // containing 2, else the first containing 1"
        for p in (0..3).rev() {
            if let Some(r) = (0..ROWS).find(|&r| rows[r] >> p & 1 == 1) {
                return Some((r, Kind::Random));
            }
        }
        unreachable!("some row has a lamp");
    }
    // "the first whose count contains the highest power present in an odd
    // number of rows"
    let p = (0..3).rev().find(|&p| !even[p]).unwrap();
    let r = (0..ROWS).find(|&r| rows[r] >> p & 1 == 1).unwrap();
    Some((r, Kind::Correct))
}

/// One machine move, as [`machine_move`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The row it moves in: 0 for a .. 3 for d.
    pub row: usize,
    /// Lamps it puts out.
    pub taken: u8,
    /// Random or correct.
    pub kind: Kind,
    /// Lamps lit in rows a..d after it.
    pub after: [u8; ROWS],
}

/// One machine move. `r` is the R1..R3 state (0..2): a random move puts out
/// r + 1 lamps, or those the row has.
pub fn machine_move(rows: [u8; ROWS], r: u8) -> Option<Move> {
    let (row, kind) = choose(rows)?;
    let mut after = rows;
    let mut taken = 0;
    loop {
        after[row] -= 1;
        taken += 1;
        let done = match kind {
            Kind::Random => taken == r + 1 || after[row] == 0,
            Kind::Correct => parities_even(after).iter().all(|&e| e),
        };
        if done {
            return Some(Move { row, taken, kind, after });
        }
    }
}

/// What the machine is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// One step setting up a combination (relays S11, S12 ...): at power-on
    /// No. 1, after a game the next one, counting the game first.
    Setup = 0,
    /// Lamp P: the player may move.
    Player = 1,
    /// Lamp M lit, T1..T9 dropping out one per step.
    Dimming = 2,
    /// One step per pulse (P1, P2): a lamp out, or the move found done.
    Pulsing = 3,
}

/// The inputs of one clock cycle: a row button PA..PD, MTR, power-on reset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Input {
    /// No button.
    #[default]
    None,
    /// Row button PA..PD (0..3): the row's lowest-numbered lit lamp out.
    Row(usize),
    /// MTR: the player's turn is over; the machine moves.
    Mtr,
    /// The power-on reset.
    Reset,
}

/// Everything the machine's logic holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Lamps lit in rows a..d.
    pub rows: [u8; ROWS],
    /// The combination of the game in play (0 = No. 1).
    pub combination: u8,
    /// R1, R2, R3 as 0, 1, 2: the next random move puts out r + 1 lamps.
    pub r: u8,
    /// AL..DL: the row the player has begun this turn (released when the
    /// machine starts its move).
    pub lock: Option<usize>,
    /// What the machine is doing.
    pub phase: Phase,
    /// T relays dropped out so far (Dimming).
    pub chain: u8,
    /// Cycles spent in the present step.
    pub dwell: u32,
    /// The row the machine moves in (AR..DR) and whether the move is correct (CM).
    pub row: Option<usize>,
    /// The machine's move is a correct move (relay CM), not a random one.
    pub correct: bool,
    /// Lamps put out so far in this machine move.
    pub taken: u8,
    /// A game has ended (every lamp out); the set-up step counts it.
    pub ended: bool,
    /// ... and the player put out the last lamp.
    pub player_won: bool,
    /// The last cycle's press was refused (in the player's phase): a row
    /// other than the one begun this turn, an empty row, or MTR before a
    /// lamp was put out.
    pub illegal: bool,
    /// One-cycle pulses at the end of a game, the counters' coils and SG
    /// (this and the three below): TP's coil, a game played.
    pub tp_pulse: bool,
    /// MWC's coil: a game the machine won.
    pub mwc_pulse: bool,
    /// PWC's coil: a game the player won.
    pub pwc_pulse: bool,
    /// SG: a token released to the player who won.
    pub token: bool,
}

/// The counters TP, MWC, PWC: written by the pulses, never read by the logic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// TP: games played.
    pub tp: u8,
    /// MWC: games the machine won.
    pub mwc: u8,
    /// PWC: games the player won.
    pub pwc: u8,
}

impl Counters {
    /// The counters after a cycle that starts in `before`: each counts the
    /// pulse on its coil (8 bits, wrapping); the power-on reset clears them.
    pub fn after(self, before: &State, input: Input) -> Counters {
        if input == Input::Reset {
            return Counters::default();
        }
        Counters {
            tp: self.tp.wrapping_add(before.tp_pulse as u8),
            mwc: self.mwc.wrapping_add(before.mwc_pulse as u8),
            pwc: self.pwc.wrapping_add(before.pwc_pulse as u8),
        }
    }
}

impl State {
    /// Power-on: every relay released (every lamp lit), about to set up
    /// combination No. 1; R1, nothing locked.
    pub fn power_on() -> State {
        State {
            rows: [LAMPS; ROWS],
            combination: 0,
            r: 0,
            lock: None,
            phase: Phase::Setup,
            chain: 0,
            dwell: 0,
            row: None,
            correct: false,
            taken: 0,
            ended: false,
            player_won: false,
            illegal: false,
            tp_pulse: false,
            mwc_pulse: false,
            pwc_pulse: false,
            token: false,
        }
    }

    /// One clock cycle; every step of the machine's move lasts `pace` cycles.
    pub fn step(&self, input: Input, pace: u32) -> State {
        if input == Input::Reset {
            return State::power_on();
        }
        let mut s = *self;
        s.illegal = false;
        s.tp_pulse = false;
        s.mwc_pulse = false;
        s.pwc_pulse = false;
        s.token = false;
        if self.phase != Phase::Player {
            // While the machine works the buttons are out of circuit (the
            // button circuits run through back contacts 1RMS and 1CMS): a
            // press does nothing, and is not refused either.
            if self.dwell + 1 < pace {
                s.dwell += 1;
                return s;
            }
            s.dwell = 0;
            match self.phase {
                Phase::Dimming => {
                    s.chain += 1;
                    if s.chain == CHAIN {
                        s.phase = Phase::Pulsing;
                    }
                }
                Phase::Pulsing => s.pulse(),
                Phase::Setup => s.set_up(),
                Phase::Player => unreachable!(),
            }
            return s;
        }
        match input {
            Input::None | Input::Reset => {}
            Input::Row(x) => {
                if self.lock.is_some_and(|l| l != x) || self.rows[x] == 0 {
                    s.illegal = true;
                } else {
                    s.rows[x] -= 1;
                    s.lock = Some(x);
                    if s.rows == [0; ROWS] {
                        s.phase = Phase::Setup;
                        s.ended = true;
                        s.player_won = true;
                    }
                }
            }
            Input::Mtr => {
                // MTR only after the player has put out a lamp this turn.
                if self.lock.is_none() {
                    s.illegal = true;
                } else {
                    let (row, kind) = choose(self.rows).expect("a lamp is lit in the player's phase");
                    // "When contact 1CMS opens, the holding circuit for relay
                    // DL ... is opened and relay DL is deenergized."
                    s.lock = None;
                    s.phase = Phase::Dimming;
                    s.chain = 0;
                    s.row = Some(row);
                    s.correct = kind == Kind::Correct;
                    s.taken = 0;
                }
            }
        }
        s
    }

    /// One pulse step of the machine's move: the test for done on the lamps
    /// as they are (never before the first lamp), else a lamp out.
    fn pulse(&mut self) {
        let row = self.row.expect("a row is chosen before the pulses");
        let done = self.taken > 0 && if self.correct { parities_even(self.rows).iter().all(|&e| e) } else { self.taken == self.r + 1 || self.rows[row] == 0 };
        if !done {
            self.rows[row] -= 1;
            self.taken += 1;
            return;
        }
        if !self.correct {
            self.r = (self.r + 1) % 3;
        }
        self.row = None;
        self.correct = false;
        self.taken = 0;
        self.chain = 0;
        if self.rows == [0; ROWS] {
            self.phase = Phase::Setup;
            self.ended = true;
            self.player_won = false;
        } else {
            self.phase = Phase::Player;
        }
    }

    /// The set-up step: after a game, count it (TP, and MWC or PWC with a
    /// token for the player) and go on to the next combination; at power-on,
    /// set up the present one.
    fn set_up(&mut self) {
        if self.ended {
            self.tp_pulse = true;
            self.pwc_pulse = self.player_won;
            self.token = self.player_won;
            self.mwc_pulse = !self.player_won;
            self.combination = (self.combination + 1) % COMBINATIONS.len() as u8;
        }
        self.rows = COMBINATIONS[self.combination as usize];
        self.phase = Phase::Player;
        self.lock = None;
        self.ended = false;
        self.player_won = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The patent's narrated game from combination No. 1, at the move level:
    /// the player's moves as the patent gives them, the machine's replies as
    /// it states them.
    #[test]
    fn the_narrated_game() {
        let mut rows = COMBINATIONS[0];
        let mut r = 0;
        // (player row, lamps) then (machine row, lamps, kind) as narrated.
        let narrated = [
            ((0, 6), (1, 1, Kind::Random)),  // a1..a6 out; machine puts out b2
            ((2, 3), (1, 2, Kind::Random)),  // c5..c7; machine b3, b4
            ((3, 1), (0, 1, Kind::Correct)), // d4; machine a7
            ((1, 2), (3, 2, Kind::Correct)), // b5, b6; machine d5, d6
            ((1, 1), (3, 1, Kind::Correct)), // b7; machine d7 and wins
        ];
        for ((row, n), (mrow, mn, kind)) in narrated {
            rows[row] -= n;
            let m = machine_move(rows, r).unwrap();
            assert_eq!((m.row, m.taken, m.kind), (mrow, mn, kind), "after the player's move to {rows:?}");
            if m.kind == Kind::Random {
                r = (r + 1) % 3;
            }
            rows = m.after;
        }
        assert_eq!(rows, [0; ROWS]);
    }

    /// Every combination lets a correct player win: the machine's own correct
    /// strategy, played for the player, beats the machine from each.
    #[test]
    fn every_combination_is_won_by_a_correct_player() {
        for (i, c) in COMBINATIONS.iter().enumerate() {
            assert!(!parities_even(*c).iter().all(|&e| e), "combination {} is already balanced", i + 1);
            for r0 in 0..3 {
                let mut rows = *c;
                let mut r = r0;
                loop {
                    let mine = machine_move(rows, 0).unwrap();
                    assert_eq!(mine.kind, Kind::Correct);
                    rows = mine.after;
                    if rows == [0; ROWS] {
                        break; // the player put out the last lamp
                    }
                    let theirs = machine_move(rows, r).unwrap();
                    assert_eq!(theirs.kind, Kind::Random, "combination {}", i + 1);
                    r = (r + 1) % 3;
                    rows = theirs.after;
                    assert_ne!(rows, [0; ROWS], "the machine won combination {}", i + 1);
                }
            }
        }
    }

    #[test]
    fn the_cycle_model_plays_the_move_level_function() {
        for x in 0..4096u32 {
            let rows = [0, 1, 2, 3].map(|i| (x >> (3 * i) & 7) as u8);
            for r in 0..3 {
                let Some(want) = machine_move(rows, r) else {
                    continue; // every lamp out: the game is over, no move
                };
                let mut s = State::power_on();
                s.phase = Phase::Player;
                s.rows = rows;
                s.r = r;
                s.lock = Some(0);
                let mut s = s.step(Input::Mtr, 2);
                while s.phase != Phase::Player && !s.ended {
                    s = s.step(Input::None, 2);
                }
                assert_eq!(s.rows, want.after, "{rows:?} r={r}");
            }
        }
    }
}
