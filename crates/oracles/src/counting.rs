//! The counting game to 18 of seed 001 (the learning machine), solved:
//! plays are 1..6; a player may not play the number the opponent just
//! played nor its complement to 7; the play that makes the total exactly 18
//! wins; a play past 18 loses at once (the ruling: relay 9).
//!
//! Whether play p wins at total t does not depend on how the total was
//! reached: after it the opponent may not play p nor 7 - p, and each of his
//! plays q at t + p is again judged on its own. So the game's solution is a
//! table of 17 columns (totals 1..17; the machine never plays from 0) by 6
//! rows (plays 1..6), "this play wins" - exactly what a fully learned
//! memory holds. This module computes it by brute force over the totals,
//! from 18 down, and knows nothing of the learning machine.

/// The goal.
pub const GOAL: u8 = 18;

/// Who won a game to 18 (the learning machine's and 18-with-a-die's): the
/// side that brought its total to exactly 18, or the other side when one
/// went past it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The game goes on.
    Nobody = 0,
    /// The human won.
    Human = 1,
    /// The machine won.
    Machine = 2,
}
/// Memory columns: totals 1..17.
pub const COLUMNS: usize = 17;
/// Memory rows: plays 1..6.
pub const ROWS: usize = 6;

/// Whether `q` may answer `p` (neither p nor its complement to 7).
pub fn allowed_after(p: u8, q: u8) -> bool {
    q != p && q != 7 - p
}

/// The game's solution: `table[t][p - 1]` says play p wins at total t, for
/// totals 0..17 (total 0 is the human's opening, outside the memory).
pub fn table() -> [[bool; ROWS]; GOAL as usize] {
    let mut wins = [[false; ROWS]; GOAL as usize];
    for t in (0..GOAL).rev() {
        for p in 1..=ROWS as u8 {
            let after = t + p;
            wins[t as usize][p as usize - 1] = match after.cmp(&GOAL) {
                std::cmp::Ordering::Equal => true,
                std::cmp::Ordering::Greater => false,
                // Wins when no allowed answer wins.
                std::cmp::Ordering::Less => (1..=ROWS as u8).filter(|&q| allowed_after(p, q)).all(|q| !wins[after as usize][q as usize - 1]),
            };
        }
    }
    wins
}

/// The memory a fully learned machine holds: columns for totals 1..17,
/// bit `p - 1` of each for play p.
pub fn learned_memory() -> [u8; COLUMNS] {
    let t = table();
    std::array::from_fn(|c| (0..ROWS).filter(|&r| t[c + 1][r]).fold(0, |m, r| m | 1 << r))
}

/// The plays that win at total `t` and may follow `last` (0: no restriction).
pub fn winning_plays(t: u8, last: u8) -> Vec<u8> {
    let w = table();
    (1..=ROWS as u8).filter(|&p| (last == 0 || allowed_after(last, p)) && t < GOAL && w[t as usize][p as usize - 1]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "the 6 winning moves needed to reach 18 from totals 17, 16, 15, 14,
    /// 13, and 12" (MEMORY PRELOAD) are winning plays.
    #[test]
    fn the_preloaded_plays_win() {
        let w = table();
        for t in 12..=17u8 {
            assert!(w[t as usize][(GOAL - t) as usize - 1], "total {t}");
        }
    }

    /// "at total 11, 2,3,4, and 6 are winning moves".
    #[test]
    fn total_11() {
        assert_eq!(winning_plays(11, 0), vec![2, 3, 4, 6]);
    }

    /// "the only correct reply to an opening move of 1 by the human - 4".
    #[test]
    fn the_only_reply_to_an_opening_1() {
        assert_eq!(winning_plays(1, 1), vec![4]);
    }

    /// The cell that "cannot be turned on", column 5 row 2, is a losing
    /// play: setting it could only ever be a mistake.
    #[test]
    fn the_blanked_cell_is_a_losing_play() {
        assert!(!table()[5][1]);
    }

    /// Every play past 18 loses; the memory has 17 columns of 6 rows.
    #[test]
    fn past_the_goal_loses() {
        let w = table();
        assert!(!w[17][1] && !w[13][5]);
        assert_eq!(learned_memory().len(), COLUMNS);
    }
}
