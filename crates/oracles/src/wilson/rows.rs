//! Moves written the article's way (which group, what is taken, what it
//! splits into, the row after) and the value rule's judgement of a row.

use super::game::{canon, pieces, Kind, Position};
use super::values::{codes, rule_won, tables};
use std::collections::HashSet;

/// What a move does to one group of the row, as the article writes it:
/// "16 into 13, 1".
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Take {
    /// The group's place in the row, 1 for the first.
    pub place: usize,
    /// Its counters before the move.
    pub size: u16,
    /// The counters taken from it.
    pub taken: u16,
    /// The pieces it leaves, in the row's order (none when all are taken).
    pub into: Vec<u16>,
}

/// A move as the judge reports it: what it does to each group it takes
/// from, in the row's order, and the row it leaves.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Move {
    /// The kind of move, (1), (2) or (3).
    pub kind: Kind,
    /// What it does to each group it takes from, left to right.
    pub takes: Vec<Take>,
    /// The position it leaves, as a row: each group taken from replaced by
    /// its pieces where it stood, the other groups as they were.
    pub leaves: Vec<u16>,
    /// The same position in canonical form (ascending).
    pub leaves_sorted: Position,
}

/// The row `groups` after `takes` (zeros dropped).
pub fn row_after(groups: &[u16], takes: &[Take]) -> Vec<u16> {
    let mut out = Vec::new();
    for (i, &g) in groups.iter().enumerate() {
        match takes.iter().find(|t| t.place == i + 1) {
            Some(t) => out.extend(t.into.iter().copied().filter(|&x| x > 0)),
            None if g > 0 => out.push(g),
            None => {}
        }
    }
    out
}

/// Every move from the row `groups`, as [`moves`](super::moves) lists them (each position
/// a kind can leave, once), each written the article's way: which group,
/// what is taken, what it splits into, and the row after. A group's pieces
/// are written largest first, as the article writes its six sound moves
/// ("16 into 13, 1 or 11, 3 or 8, 6"; the mirror image leaves the same
/// position). In order: kind (1), (2), (3); then the fewest groups taken
/// from; then those groups, left to right; then the more counters from the
/// leftmost; then the pieces, largest first. Where several moves leave the
/// same position, the first in this order is listed.
pub fn row_moves(groups: &[u16]) -> Vec<Move> {
    let take = |i: usize, taken: u16, into: &[u16]| Take { place: i + 1, size: groups[i], taken, into: into.to_vec() };
    // `taken` single counters from group `i`, anywhere in it: the gaps
    // they leave make at most `taken` + 1 pieces, in any sizes.
    let splits = |i: usize, taken: u16| -> Vec<Take> {
        let n = groups[i];
        if n < taken {
            return Vec::new();
        }
        pieces(n - taken, taken as usize + 1).iter().map(|p| take(i, taken, p)).collect()
    };
    let live: Vec<usize> = (0..groups.len()).filter(|&i| groups[i] > 0).collect();
    let one: Vec<Vec<Take>> = (0..groups.len()).map(|i| splits(i, 1)).collect();
    let mut out = Vec::new();
    for kind in [Kind::One, Kind::Three, Kind::TwoAdjacent] {
        // The moves are made in the order they are listed, so the first to
        // leave a position is the one listed for it.
        let mut seen = HashSet::new();
        let mut push = |takes: Vec<Take>| {
            let leaves = row_after(groups, &takes);
            let leaves_sorted = canon(leaves.clone());
            if seen.insert(leaves_sorted.clone()) {
                out.push(Move { kind, takes, leaves, leaves_sorted });
            }
        };
        match kind {
            Kind::One => {
                for &i in &live {
                    one[i].iter().for_each(|t| push(vec![t.clone()]));
                }
            }
            Kind::TwoAdjacent => {
                for &i in &live {
                    if groups[i] >= 2 {
                        pieces(groups[i] - 2, 2).iter().for_each(|p| push(vec![take(i, 2, p)]));
                    }
                }
            }
            Kind::Three => {
                // Three counters from anywhere: from one group (up to four
                // pieces), two from one and one from another, or one from
                // each of three.
                for &i in &live {
                    splits(i, 3).into_iter().for_each(|t| push(vec![t]));
                }
                for (x, &i) in live.iter().enumerate() {
                    for &j in &live[x + 1..] {
                        for (si, sj) in [(splits(i, 2), &one[j]), (one[i].clone(), &splits(j, 2))] {
                            for ti in &si {
                                for tj in sj {
                                    push(vec![ti.clone(), tj.clone()]);
                                }
                            }
                        }
                    }
                }
                for (x, &i) in live.iter().enumerate() {
                    for (y, &j) in live.iter().enumerate().skip(x + 1) {
                        for &k in &live[y + 1..] {
                            for ti in &one[i] {
                                for tj in &one[j] {
                                    for tk in &one[k] {
                                        push(vec![ti.clone(), tj.clone(), tk.clone()]);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// What the judge says of a position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Judgement {
    /// The position as a row, as given.
    pub position: Vec<u16>,
    /// The same position in canonical form (ascending).
    pub position_sorted: Position,
    /// Won for the side that just moved.
    pub won: bool,
    /// Each group's base, in the position's order.
    pub group_bases: Vec<u16>,
    /// The different bases the position reduces to (none when it is won).
    pub bases: Vec<u16>,
    /// Moves that leave an even number of counters.
    pub even_moves: usize,
    /// Every move that leaves a position won for the mover.
    pub sound_moves: Vec<Move>,
}

/// Judge `groups` (in the row's order) by the value rule.
pub fn judge(groups: &[u16]) -> Judgement {
    let max = groups.iter().copied().max().unwrap_or(0) as usize;
    let t = tables(max.max(300));
    let codes = codes(max.max(300));
    let p = canon(groups.to_vec());
    let total: u32 = p.iter().map(|&g| g as u32).sum();
    let x = p.iter().fold(0, |x, &g| x ^ codes[g as usize]);
    // Wilson's reduction: each group by its base; cancel equal pairs, and
    // put the third base of a three-base win for two of the rest, the
    // smallest third first, until no two remaining bases are in a win.
    let code = |b: u16| codes[b as usize];
    let mut bases: Vec<u16> = p.iter().map(|&g| t.base_of[g as usize]).collect();
    loop {
        bases.sort_unstable();
        if let Some(i) = (1..bases.len()).find(|&i| bases[i] == bases[i - 1]) {
            bases.drain(i - 1..=i);
            continue;
        }
        let mut best: Option<(u16, usize, usize)> = None;
        for i in 0..bases.len() {
            for j in i + 1..bases.len() {
                let c = code(bases[i]) ^ code(bases[j]);
                if let Some(&third) = t.bases.iter().find(|&&b| code(b) == c) {
                    if best.is_none_or(|(b, _, _)| third < b) {
                        best = Some((third, i, j));
                    }
                }
            }
        }
        let Some((third, i, j)) = best else { break };
        bases.remove(j);
        bases[i] = third;
    }
    let all = row_moves(groups);
    let even_moves = all.iter().filter(|m| (total - m.kind.removes()).is_multiple_of(2)).count();
    let sound_moves = all.into_iter().filter(|m| rule_won(&m.leaves_sorted, &codes)).collect();
    Judgement {
        position: groups.to_vec(),
        position_sorted: p,
        won: x == 0,
        group_bases: groups.iter().map(|&g| if g == 0 { 0 } else { t.base_of[g as usize] }).collect(),
        bases,
        even_moves,
        sound_moves,
    }
}
