//! The game itself: positions, the three kinds of move, every move from a
//! position, and the brute-force solver that is the ground truth.

use std::collections::{HashMap, HashSet};

/// A position: the group sizes, in canonical form (ascending, no empty
/// group). The row's order does not matter to the moves: every move acts on
/// one or more groups alone.
pub type Position = Vec<u16>;

/// `groups` in canonical form: empty groups dropped, the rest ascending.
pub fn canon(mut groups: Vec<u16>) -> Position {
    groups.retain(|&g| g > 0);
    groups.sort_unstable();
    groups
}

/// The three kinds of move, as the article numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// (1) one counter from anywhere.
    One,
    /// (2) three counters from anywhere.
    Three,
    /// (3) two adjacent counters from one group.
    TwoAdjacent,
}

impl Kind {
    /// The counters a move of this kind takes: 1, 3 or 2.
    pub fn removes(self) -> u32 {
        match self {
            Kind::One => 1,
            Kind::Three => 3,
            Kind::TwoAdjacent => 2,
        }
    }
}

/// Every position one counter fewer: from group `i`, the pieces `a` and
/// `n - 1 - a` either side of the counter taken.
pub fn take_one(p: &Position) -> HashSet<Position> {
    split_each(p, 1)
}

/// Every position two adjacent counters fewer.
pub fn take_two_adjacent(p: &Position) -> HashSet<Position> {
    split_each(p, 2)
}

/// Every position three counters fewer, the three from anywhere: three
/// single counters taken one after another reach exactly these (after a
/// counter is taken the rest stand in pieces, and taking a counter from a
/// piece is taking another counter of the row).
pub fn take_three(p: &Position) -> HashSet<Position> {
    let mut now: HashSet<Position> = HashSet::from([p.clone()]);
    for _ in 0..3 {
        now = now.iter().flat_map(take_one).collect();
    }
    now
}

fn split_each(p: &Position, gap: u16) -> HashSet<Position> {
    let mut out = HashSet::new();
    for (i, &n) in p.iter().enumerate() {
        if i > 0 && p[i - 1] == n {
            continue; // the same group size again: the same positions
        }
        if n < gap {
            continue;
        }
        let rest = n - gap;
        for a in 0..=rest / 2 {
            let mut q = p.clone();
            q.remove(i);
            q.push(a);
            q.push(rest - a);
            out.insert(canon(q));
        }
    }
    out
}

/// Every move from `p`, as its kind and the position it leaves; a position
/// reached by two kinds is listed under both.
pub fn moves(p: &Position) -> Vec<(Kind, Position)> {
    let mut out = Vec::new();
    for (kind, set) in [(Kind::One, take_one(p)), (Kind::Three, take_three(p)), (Kind::TwoAdjacent, take_two_adjacent(p))] {
        let mut v: Vec<Position> = set.into_iter().collect();
        v.sort();
        out.extend(v.into_iter().map(|q| (kind, q)));
    }
    out
}

/// The game by brute force: a position is won for the side that just moved
/// when every move from it leaves a position won for the mover.
#[derive(Default)]
pub struct Solver {
    memo: HashMap<Position, bool>,
}

impl Solver {
    /// A solver with nothing solved yet.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Is `p` (canonical) won for the side that just moved?
    pub fn won(&mut self, p: &Position) -> bool {
        if let Some(&w) = self.memo.get(p) {
            return w;
        }
        let children: Vec<Position> = take_one(p).into_iter().chain(take_two_adjacent(p)).chain(take_three(p)).collect();
        let mut won = true;
        for q in &children {
            if self.won(q) {
                won = false;
                break;
            }
        }
        self.memo.insert(p.clone(), won);
        won
    }

    /// Positions solved so far.
    pub fn solved(&self) -> usize {
        self.memo.len()
    }
}

/// Every position of exactly `total` counters in at most `groups` groups.
pub fn positions(total: u16, groups: usize) -> Vec<Position> {
    pieces(total, groups).into_iter().map(canon).collect()
}

/// The ways `total` counters stand in at most `parts` nonempty pieces, each
/// way's pieces largest first, the ways in descending order (for 14 in two:
/// 14; 13, 1; 12, 2; ... 7, 7).
pub(super) fn pieces(total: u16, parts: usize) -> Vec<Vec<u16>> {
    fn go(left: u16, max: u16, parts: usize, now: &mut Vec<u16>, out: &mut Vec<Vec<u16>>) {
        if left == 0 {
            out.push(now.clone());
            return;
        }
        if parts == 0 {
            return;
        }
        for g in (1..=max.min(left)).rev() {
            now.push(g);
            go(left - g, g, parts - 1, now, out);
            now.pop();
        }
    }
    let mut out = Vec::new();
    go(total, total, parts, &mut Vec::new(), &mut out);
    out
}
