//! The learning machine of seed 001 (rulings in spec/machines.md): the
//! memory of 17 columns by 6 rows, the scanner's look-ahead, the search that
//! writes and erases each cell it tries, the random play when nothing wins,
//! the goof, and the rewrite of the new total's column after the machine's
//! play; first move by move ([`machine_move`]), then clock by clock
//! ([`State`]), as the design in `designs/src/learning.rs` must behave.

use super::counting::{allowed_after, table, COLUMNS, GOAL, ROWS};

/// The memory: `cells[t - 1]` bit `p - 1` says "play p wins at total t".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Memory {
    /// The 17 columns, total 1 first; bit `p - 1` of a column is row p's neon.
    pub cells: [u8; COLUMNS],
    /// The cell at column 5, row 2 can never be set (on by default).
    pub blank: bool,
    /// The trap study's reading B (`docs/trap-study.md`; off by default):
    /// the search writes only the legal plays it tries, and steps over an
    /// illegal one without lighting or erasing its cell. The document's
    /// lines 448-452 light an illegal winning play's neon before the
    /// legality check, which is the default; this reading is the one under
    /// which the document's opening-1 trap appears.
    pub search_skips_illegal: bool,
}

impl Memory {
    /// An empty memory, the cell at column 5, row 2 blanked when `blank`,
    /// under the default reading.
    pub fn reset(blank: bool) -> Memory {
        Memory { cells: [0; COLUMNS], blank, search_skips_illegal: false }
    }

    /// The same memory under the trap study's reading B.
    pub fn skipping_illegal(self) -> Memory {
        Memory { search_skips_illegal: true, ..self }
    }

    /// The search's write of play `p` at total `t` after the human's play
    /// `h`: every play it tries, or under reading B only the legal ones.
    fn search_write(&mut self, t: u8, p: u8, h: u8, wins: bool) {
        if !self.search_skips_illegal || allowed_after(h, p) {
            self.write(t, p, wins);
        }
    }

    /// MEMORY PRELOAD: the six winning plays from totals 12..17.
    pub fn preload(&mut self) {
        for t in 12..GOAL {
            self.write(t, GOAL - t, true);
        }
    }

    /// Whether the cell of play `p` (1..6) at total `t` is lit; false for a
    /// total outside 1..17.
    pub fn get(&self, t: u8, p: u8) -> bool {
        (1..GOAL).contains(&t) && self.cells[t as usize - 1] >> (p - 1) & 1 == 1
    }

    /// One write pulse: set the cell when the play wins, erase it when it
    /// loses; the blanked cell never lights.
    pub fn write(&mut self, t: u8, p: u8, wins: bool) {
        if !(1..GOAL).contains(&t) {
            return;
        }
        let bit = 1 << (p - 1);
        if wins && !(self.blank && t == 5 && p == 2) {
            self.cells[t as usize - 1] |= bit;
        } else {
            self.cells[t as usize - 1] &= !bit;
        }
    }

    /// The scanner: play p at total t loses when the opponent could answer
    /// with a play the memory marks winning (rows other than p and 7 - p of
    /// column t + p); reaching 18 wins; past 18 the lit patch loses.
    pub fn losing(&self, t: u8, p: u8) -> bool {
        let after = t + p;
        if after > GOAL {
            return true;
        }
        after < GOAL && (1..=ROWS as u8).any(|q| allowed_after(p, q) && self.get(after, q))
    }

    /// Cells right (set and winning), wrong (set and losing) and missing
    /// (winning, not set) against the game's solution. The blanked cell is
    /// a losing play, so blanking it never makes a cell missing.
    pub fn score(&self) -> (usize, usize, usize) {
        let w = table();
        let (mut right, mut wrong, mut missing) = (0, 0, 0);
        for t in 1..GOAL {
            for p in 1..=ROWS as u8 {
                match (self.get(t, p), w[t as usize][p as usize - 1]) {
                    (true, true) => right += 1,
                    (true, false) => wrong += 1,
                    (false, true) => missing += 1,
                    (false, false) => {}
                }
            }
        }
        (right, wrong, missing)
    }
}

/// The two clamped neon flip-flops (relays 24 and 25, bits 0 and 1) pick a
/// pair of plays: "both operated - 1 or 5; 24 operated, 25 not - 2 or 6; 24
/// not operated, 25 operated - 3 or 5; both not operated - 4 or 6".
pub fn random_pair(pair: u8) -> (u8, u8) {
    match pair & 3 {
        3 => (1, 5),
        1 => (2, 6),
        2 => (3, 5),
        _ => (4, 6),
    }
}

/// The random losing play: selector 4 steps 1, 2, .. 6 and stops at the
/// first play of the pair that may follow the human's play `h`.
pub fn random_play(h: u8, pair: u8) -> u8 {
    let (a, b) = random_pair(pair);
    (1..=ROWS as u8).find(|&p| (p == a || p == b) && allowed_after(h, p)).expect("one of each pair is always allowed")
}

/// The positions of machine play selector 4: "1,2,3,4,5,6,5,4,3,2,1".
pub const SELECTOR: [u8; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// The machine's move at total `t` after the human's play `h`, with the
/// goof flip-flop and the random pair as they are clamped: its play. The
/// search writes each cell it tries at `t` and stops at the first legal
/// winning play; without one (or after a goof) the random play; then every
/// row of the new total's column is written.
pub fn machine_move(m: &mut Memory, t: u8, h: u8, goof: bool, pair: u8) -> u8 {
    let mut found = None;
    if !goof {
        for &p in &SELECTOR {
            let wins = !m.losing(t, p);
            m.search_write(t, p, h, wins);
            if wins && allowed_after(h, p) {
                found = Some(p);
                break;
            }
        }
    }
    let play = found.unwrap_or_else(|| random_play(h, pair));
    let after = t + play;
    if after < GOAL {
        for p in 1..=ROWS as u8 {
            let wins = !m.losing(after, p);
            m.write(after, p, wins);
        }
    }
    play
}

/// The programmer's phase (stepping switch 1), one clock each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Home: YOUR TURN (or the game is over).
    Idle = 0,
    /// The goof flip-flop is clamped, just before the search.
    Clamp = 1,
    /// Selector 4 searches, a position a clock, writing each cell it tries.
    Search = 2,
    /// Relay 20 locked: selector 4 steps to the random pair's legal play.
    Random = 3,
    /// The machine's play is added to the totalizer.
    Add = 4,
    /// Selector 4 advances from the selected play to home, writing every row
    /// of the new total's column.
    Rewrite = 5,
}

pub use super::counting::Winner;

/// One clock cycle's press.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Press {
    /// No button.
    #[default]
    None,
    /// Power-on: every register zero, the memory too.
    Reset,
    /// NEW GAME (at home): the total and both play registers to zero; the
    /// memory is kept.
    NewGame,
    /// MEMORY RESET (at home): every cell erased.
    MemoryReset,
    /// MEMORY PRELOAD (at home): [`Memory::preload`].
    MemoryPreload,
    /// PLAY with the play selector at 0..7 (only 1..6 are plays).
    Play(u8),
}

/// The goof flip-flop's period: on for one clock in seven ("about a 6 to 1
/// duty cycle").
pub const GOOF_PERIOD: u8 = 7;

/// The random source: a 16-bit Fibonacci LFSR with XNOR feedback (taps 16,
/// 15, 13, 4), running every clock from 0 at power-on; its two low bits are
/// the two neon flip-flops when relay 20 clamps them.
pub fn lfsr_next(x: u16) -> u16 {
    let b = |i: u16| x >> i & 1;
    let feedback = 1 ^ (b(15) ^ b(14) ^ b(12) ^ b(3));
    x << 1 | feedback
}

/// The whole machine, clock by clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The memory, with its switches.
    pub memory: Memory,
    /// Totalizer 2.
    pub total: u8,
    /// The human's last play (0: none this game).
    pub h_play: u8,
    /// The machine play register (0: cleared).
    pub m_play: u8,
    /// Where the programmer is.
    pub phase: Phase,
    /// Machine play selector 4's position, 0..10 (see [`SELECTOR`]).
    pub selector: u8,
    /// The random pair as last clamped (relays 24, 25).
    pub pair: u8,
    /// The goof flip-flop's count, 0..6; on at 0.
    pub goof: u8,
    /// The random source's register ([`lfsr_next`]).
    pub lfsr: u16,
    /// Who won; `Nobody` while the game goes on.
    pub winner: Winner,
    /// The last cycle's press was refused: PLAY when it is not the human's
    /// turn or of a play not allowed, or any press while the programmer is
    /// away from home.
    pub illegal: bool,
}

impl State {
    /// Power-on with an empty memory, the cell at column 5, row 2 blanked
    /// when `blank`.
    pub fn power_on(blank: bool) -> State {
        State::power_on_with(Memory::reset(blank))
    }

    /// Power-on with the memory's switches as `memory` has them (its cells
    /// are cleared).
    pub fn power_on_with(memory: Memory) -> State {
        State {
            memory: Memory { cells: [0; COLUMNS], ..memory },
            total: 0,
            h_play: 0,
            m_play: 0,
            phase: Phase::Idle,
            selector: 0,
            pair: 0,
            goof: 0,
            lfsr: 0,
            winner: Winner::Nobody,
            illegal: false,
        }
    }

    /// YOUR TURN: the programmer at home and the game not over.
    pub fn your_turn(&self) -> bool {
        self.phase == Phase::Idle && self.winner == Winner::Nobody
    }

    /// Whether PLAY with the selector at `c` is accepted now.
    pub fn may_play(&self, c: u8) -> bool {
        self.your_turn() && (1..=6).contains(&c) && (self.m_play == 0 || allowed_after(self.m_play, c))
    }

    /// The state one clock cycle later, with `press` during the cycle.
    pub fn step(&self, press: Press) -> State {
        if press == Press::Reset {
            return State::power_on_with(self.memory);
        }
        let mut s = *self;
        s.illegal = false;
        s.lfsr = lfsr_next(self.lfsr);
        s.goof = (self.goof + 1) % GOOF_PERIOD;
        let p = SELECTOR[self.selector as usize];
        let t = self.total;
        if self.phase != Phase::Idle {
            s.illegal = press != Press::None;
        }
        match self.phase {
            Phase::Idle => match press {
                Press::None | Press::Reset => {}
                Press::NewGame => {
                    s.total = 0;
                    s.h_play = 0;
                    s.m_play = 0;
                    s.winner = Winner::Nobody;
                }
                Press::MemoryReset => s.memory.cells = [0; COLUMNS],
                Press::MemoryPreload => s.memory.preload(),
                Press::Play(c) if self.may_play(c) => {
                    // The programmer clears the machine play register and
                    // the totalizer adds the human's play.
                    s.h_play = c;
                    s.m_play = 0;
                    s.total = t + c;
                    match s.total.cmp(&GOAL) {
                        std::cmp::Ordering::Equal => s.winner = Winner::Human,
                        std::cmp::Ordering::Greater => s.winner = Winner::Machine,
                        std::cmp::Ordering::Less => s.phase = Phase::Clamp,
                    }
                }
                Press::Play(_) => s.illegal = true,
            },
            Phase::Clamp => {
                s.selector = 0;
                if self.goof == 0 {
                    // The goof: relay 20 at once.
                    s.phase = Phase::Random;
                    s.pair = (self.lfsr & 3) as u8;
                } else {
                    s.phase = Phase::Search;
                }
            }
            Phase::Search => {
                let wins = !self.memory.losing(t, p);
                s.memory.search_write(t, p, self.h_play, wins);
                if wins && allowed_after(self.h_play, p) {
                    s.m_play = p;
                    s.phase = Phase::Add;
                } else if self.selector == 10 {
                    // A full circuit without a legal winning play: relay 20.
                    s.phase = Phase::Random;
                    s.pair = (self.lfsr & 3) as u8;
                    s.selector = 0;
                } else {
                    s.selector = self.selector + 1;
                }
            }
            Phase::Random => {
                let (a, b) = random_pair(self.pair);
                if (p == a || p == b) && allowed_after(self.h_play, p) {
                    s.m_play = p;
                    s.phase = Phase::Add;
                } else {
                    s.selector = self.selector + 1;
                }
            }
            Phase::Add => {
                s.total = t + self.m_play;
                s.selector = self.m_play - 1;
                match s.total.cmp(&GOAL) {
                    std::cmp::Ordering::Equal => s.winner = Winner::Machine,
                    std::cmp::Ordering::Greater => s.winner = Winner::Human,
                    std::cmp::Ordering::Less => {}
                }
                if s.total >= GOAL {
                    s.phase = Phase::Idle;
                    s.selector = 0;
                } else {
                    s.phase = Phase::Rewrite;
                }
            }
            Phase::Rewrite => {
                let wins = !self.memory.losing(t, p);
                s.memory.write(t, p, wins);
                if self.selector == 10 {
                    s.phase = Phase::Idle;
                    s.selector = 0;
                } else {
                    s.selector = self.selector + 1;
                }
            }
        }
        s
    }
}

/// A seeded generator (xorshift) for the scripted humans' plays and pauses.
pub struct Random(pub u64);
impl Random {
    /// The next number of the sequence, reduced below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The scripted humans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Human {
    /// A winning play when one exists (the game's solution), else random.
    Perfect,
    /// A random allowed play, every time.
    Random,
    /// 1 whenever it is allowed, till a winning play reaches 18.
    Ones,
    /// The document's trap: in the first game 1 whenever allowed (as
    /// `Ones`); in every later game it opens with 1 and then plays
    /// perfectly.
    Trap,
}

impl Human {
    /// The play at total `t` after the machine's play `last` (0: none), in
    /// the `game`th game of a series (from 1).
    pub fn play(self, game: usize, t: u8, last: u8, rng: &mut Random) -> u8 {
        match self {
            Human::Trap if game == 1 => return Human::Ones.play(game, t, last, rng),
            Human::Trap if t == 0 => return 1,
            Human::Trap => return Human::Perfect.play(game, t, last, rng),
            _ => {}
        }
        let legal: Vec<u8> = (1..=6).filter(|&p| last == 0 || allowed_after(last, p)).collect();
        let w = table();
        let winning: Vec<u8> = legal.iter().copied().filter(|&p| t + p <= GOAL && w[t as usize][p as usize - 1]).collect();
        match self {
            Human::Perfect if !winning.is_empty() => winning[0],
            Human::Ones if t + 6 >= GOAL && !winning.is_empty() => winning[0],
            Human::Ones if legal.contains(&1) => 1,
            _ => legal[rng.below(legal.len() as u64) as usize],
        }
    }

    /// Clock cycles the human waits before pressing PLAY: the pause that
    /// lets the free-running flip-flops land anywhere.
    pub fn pause(rng: &mut Random) -> usize {
        rng.below(16) as usize
    }
}

/// One game by the move-level function from total 0, the human first; the
/// goof and the random pair drawn from `rng` as a human's timing would
/// leave them. Whether the machine won.
pub fn play_game(m: &mut Memory, human: Human, game: usize, rng: &mut Random) -> bool {
    let (mut t, mut last) = (0u8, 0u8);
    loop {
        let h = human.play(game, t, last, rng);
        t += h;
        if t >= GOAL {
            return t > GOAL;
        }
        let goof = rng.below(GOOF_PERIOD as u64) == 0;
        let pair = rng.below(4) as u8;
        let p = machine_move(m, t, h, goof, pair);
        t += p;
        if t >= GOAL {
            return t == GOAL;
        }
        last = p;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scanner_reads_the_solution_back() {
        // A memory holding the solution sees every winning play as winning.
        let w = table();
        let mut m = Memory::reset(false);
        for t in 1..GOAL {
            for p in 1..=6u8 {
                m.write(t, p, w[t as usize][p as usize - 1]);
            }
        }
        for t in 1..GOAL {
            for p in 1..=6u8 {
                assert_eq!(!m.losing(t, p), w[t as usize][p as usize - 1], "total {t}, play {p}");
            }
        }
        assert_eq!(m.score().1, 0);
    }

    /// "In spite of the fact that 5 and 6 are selected twice as many times
    /// as 1, 2, 3, or 4 - ... there being an equal probability that each of
    /// the four legal plays will be selected."
    #[test]
    fn the_random_play_is_fair() {
        for h in 1..=6u8 {
            let mut got: Vec<u8> = (0..4).map(|pair| random_play(h, pair)).collect();
            got.sort();
            let legal: Vec<u8> = (1..=6).filter(|&p| allowed_after(h, p)).collect();
            assert_eq!(got, legal, "after a human play of {h}");
        }
    }

    /// The LFSR never sticks and visits 65,535 states from 0.
    #[test]
    fn the_lfsr_is_maximal() {
        let (mut x, mut n) = (lfsr_next(0), 1u32);
        while x != 0 {
            x = lfsr_next(x);
            n += 1;
        }
        assert_eq!(n, 65_535);
    }

    fn run_move(s: &mut State) -> Vec<(Phase, u8)> {
        let mut seen = Vec::new();
        while s.phase != Phase::Idle {
            seen.push((s.phase, SELECTOR[s.selector as usize]));
            *s = s.step(Press::None);
        }
        seen
    }

    /// The document's example: after a play of 4 the rewrite sequences
    /// "4,5,6,5,4,3,2,1"; a search that finds a winning 4 reads "into
    /// positions 1, 2, 3, and 4".
    #[test]
    fn the_documents_selector_sequences() {
        let mut s = State::power_on(true);
        // The human plays 3 (pausing till the goof flip-flop is off); the
        // empty memory sees every play win, but 3 and 4 are barred, so the
        // machine plays... 1, reading into position 1 only.
        s.goof = 3;
        s = s.step(Press::Play(3));
        let seen = run_move(&mut s);
        let searched: Vec<u8> = seen.iter().filter(|(ph, _)| *ph == Phase::Search).map(|&(_, p)| p).collect();
        let rewritten: Vec<u8> = seen.iter().filter(|(ph, _)| *ph == Phase::Rewrite).map(|&(_, p)| p).collect();
        assert_eq!(searched, vec![1]);
        assert_eq!(s.m_play, 1);
        assert_eq!(rewritten, SELECTOR.to_vec());
        // Now make 1, 2, 3 lose at total 4 + 2 = 6 ... simpler: preload a
        // memory where plays 1..3 at total t lose and 4 wins.
        let mut s = State::power_on(false);
        s.total = 10;
        // Column 11 row 2 set makes 1 at 10 lose (2 may answer 1); column 12
        // row 1 makes 2 lose; column 13 row 1 makes 3 lose; 4 reaches 14,
        // whose column is empty: it wins.
        s.memory.write(11, 2, true);
        s.memory.write(12, 1, true);
        s.memory.write(13, 1, true);
        s.phase = Phase::Clamp;
        s.goof = 1;
        s.h_play = 1; // bars 1 and 6: 4 is legal
        let seen = run_move(&mut s);
        let searched: Vec<u8> = seen.iter().filter(|(ph, _)| *ph == Phase::Search).map(|&(_, p)| p).collect();
        let rewritten: Vec<u8> = seen.iter().filter(|(ph, _)| *ph == Phase::Rewrite).map(|&(_, p)| p).collect();
        assert_eq!(searched, vec![1, 2, 3, 4]);
        assert_eq!(s.m_play, 4);
        assert_eq!(rewritten, vec![4, 5, 6, 5, 4, 3, 2, 1]);
    }

    /// The cycle-level machine's moves are the move-level function's, with
    /// the goof and pair it clamped, over many random games.
    #[test]
    fn cycles_make_the_move_level_function() {
        cycles_and_moves(Memory::reset(true));
        // And under the trap study's reading B.
        cycles_and_moves(Memory::reset(true).skipping_illegal());
    }

    fn cycles_and_moves(memory: Memory) {
        let mut rng = Random(12345);
        let mut s = State::power_on_with(memory);
        let mut model = s.memory;
        for _game in 0..300 {
            s = s.step(Press::NewGame);
            loop {
                for _ in 0..Human::pause(&mut rng) {
                    s = s.step(Press::None);
                }
                let h = Human::Random.play(_game, s.total, s.m_play, &mut rng);
                let t = s.total + h;
                s = s.step(Press::Play(h));
                if s.winner != Winner::Nobody {
                    break;
                }
                let goof = s.goof == 0;
                s = s.step(Press::None); // the clamp
                let mut pair = None;
                while s.phase != Phase::Idle {
                    if s.phase == Phase::Random {
                        pair = Some(s.pair);
                    }
                    s = s.step(Press::None);
                }
                let p = machine_move(&mut model, t, h, goof, pair.unwrap_or(0));
                assert_eq!(s.m_play, p);
                assert_eq!(s.memory, model);
                if s.winner != Winner::Nobody {
                    break;
                }
            }
        }
    }
}
