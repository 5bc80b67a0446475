//! The learning machine of seed 001, move by move (a first model, ahead of
//! the design): the memory of 17 columns by 6 rows, the scanner's
//! look-ahead, the search that writes and erases each cell it tries, the
//! random play when nothing wins, the goof, and the rewrite of the new
//! total's column after the machine's play. Randomness comes from a seeded
//! generator here; the design will have its own LFSR.

use super::counting::{allowed_after, table, COLUMNS, GOAL, ROWS};

/// The memory: `cells[t - 1]` bit `p - 1` says "play p wins at total t".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    pub cells: [u8; COLUMNS],
    /// The cell at column 5, row 2 can never be set (on by default).
    pub blank: bool,
}

impl Memory {
    pub fn reset(blank: bool) -> Memory {
        Memory { cells: [0; COLUMNS], blank }
    }

    /// MEMORY PRELOAD: the six winning plays from totals 12..17.
    pub fn preload(&mut self) {
        for t in 12..GOAL {
            self.write(t, GOAL - t, true);
        }
    }

    pub fn get(&self, t: u8, p: u8) -> bool {
        (1..GOAL).contains(&t) && self.cells[t as usize - 1] >> (p - 1) & 1 == 1
    }

    fn write(&mut self, t: u8, p: u8, wins: bool) {
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
    /// (winning, not set) against the game's solution.
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

/// A seeded generator (xorshift), for the model's random choices.
pub struct Random(pub u64);
impl Random {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The machine's move at total `t` after the human's play `h`: its play.
pub fn machine_move(m: &mut Memory, t: u8, h: u8, rng: &mut Random) -> u8 {
    let legal: Vec<u8> = (1..=6).filter(|&p| allowed_after(h, p)).collect();
    let random = |rng: &mut Random| legal[rng.below(legal.len() as u64) as usize];
    // The goof generator: about one time in seven, straight to a random play.
    let play = if rng.below(7) == 0 {
        random(rng)
    } else {
        let mut found = None;
        for p in 1..=ROWS as u8 {
            let wins = !m.losing(t, p);
            m.write(t, p, wins);
            if wins && allowed_after(h, p) {
                found = Some(p);
                break;
            }
        }
        found.unwrap_or_else(|| random(rng))
    };
    // The rewrite of the new total's column.
    let after = t + play;
    if after < GOAL {
        for p in 1..=ROWS as u8 {
            let wins = !m.losing(after, p);
            m.write(after, p, wins);
        }
    }
    play
}

/// The scripted humans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Human {
    /// A winning play when one exists (the game's solution), else random.
    Perfect,
    Random,
    /// 1 whenever it is allowed, till a winning play reaches 18.
    Ones,
}

impl Human {
    fn play(self, t: u8, last: u8, rng: &mut Random) -> u8 {
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
}

/// One game from total 0, the human first; whether the machine won.
pub fn play_game(m: &mut Memory, human: Human, rng: &mut Random) -> bool {
    let (mut t, mut last) = (0u8, 0u8);
    loop {
        let h = human.play(t, last, rng);
        t += h;
        if t >= GOAL {
            return t > GOAL;
        }
        let p = machine_move(m, t, h, rng);
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

    /// The model learns: against a perfect human from a reset memory, after
    /// enough games it holds no wrong cell among those it uses and wins
    /// most games. (The document's figures are for the `learn` command.)
    #[test]
    #[ignore = "a study, printed: cargo test --release -- --ignored learning --nocapture"]
    fn learning_curves() {
        for human in [Human::Perfect, Human::Random, Human::Ones] {
            for blank in [true, false] {
                let mut m = Memory::reset(blank);
                let mut rng = Random(0x9e3779b97f4a7c15);
                let mut line = Vec::new();
                for g in 1..=60 {
                    let won = play_game(&mut m, human, &mut rng);
                    let (r, w, x) = m.score();
                    if g <= 25 || g % 10 == 0 {
                        line.push(format!("{g}:{}{r}/{w}/{x}", if won { "M" } else { "H" }));
                    }
                }
                eprintln!("{human:?} blank={blank}: {}", line.join(" "));
            }
        }
    }

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
}
