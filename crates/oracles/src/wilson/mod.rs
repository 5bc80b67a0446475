//! Wilson's number problem (seed 004; rulings in spec/machines.md, "Wilson's
//! number problem"): groups of counters in a row; a move takes (1) one
//! counter from anywhere, (2) three counters from anywhere, or (3) two
//! adjacent counters from one group; taking from inside a group splits it.
//! Whoever makes the last move wins.
//!
//! Two independent things live here:
//! - [`Solver`]: the game by brute force, every move of every kind, with no
//!   theory in it. It is the ground truth, and it reaches every position of
//!   up to a few dozen counters.
//! - The value rule, which the solver confirms on every position it
//!   reaches (`rule_agrees_with_the_solver`): a position with an odd number
//!   of counters is lost for the side that just moved; one with an even
//!   number is won for that side exactly when the groups' values under move
//!   (3) alone (the game restricted to two adjacent counters, each group's
//!   Grundy value by brute-force mex) cancel. A group's `code` is its value
//!   and its parity; a position is won when its codes cancel (XOR to zero).
//!   This is Wilson's "bases cancel" with the bases' values made explicit,
//!   and it is what the hardware computes.
//!
//! [`row_moves`] lists the moves from a row the article's way (which group,
//! what is taken, what it splits into, the row after), for the judge.
//!
//! [`tables`] derives Wilson's tables (bases, equivalents, period and
//! exceptions, three-base wins) from the codes; `commands/wilson.rs`
//! compares them with the article's, typed in [`article`]. [`mod@judge`] is
//! the hardware judge as the article and the rulings ask for it;
//! [`complete`] the argument that its search finds a sound move whenever
//! one exists.

pub mod article;
pub mod complete;
pub mod judge;

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

/// The value of every group of 0..=max counters when only move (3) is
/// played: the least value not among those of the positions it can leave
/// (mex), a split's value the XOR of its two pieces'.
pub fn adjacent_values(max: usize) -> Vec<u8> {
    let mut v = vec![0u8; max + 1];
    for n in 2..=max {
        let mut seen = 0u64;
        for a in 0..=(n - 2) / 2 {
            seen |= 1 << (v[a] ^ v[n - 2 - a]);
        }
        v[n] = seen.trailing_ones() as u8;
    }
    v
}

/// Codes of the groups 0..=max: the value of move (3) alone, shifted left,
/// and the group's parity in bit 0. Groups with equal codes are Wilson's
/// equivalents.
pub fn codes(max: usize) -> Vec<u8> {
    adjacent_values(max).iter().enumerate().map(|(n, &v)| v << 1 | (n as u8 & 1)).collect()
}

/// The value rule: won for the side that just moved when the codes cancel.
pub fn rule_won(p: &Position, codes: &[u8]) -> bool {
    p.iter().fold(0, |x, &g| x ^ codes[g as usize]) == 0
}

/// Wilson's tables, derived from the codes.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Tables {
    /// Each group that wins with no smaller group, in order.
    pub bases: Vec<u16>,
    /// The base of every group 1..=`checked`.
    pub base_of: Vec<u16>,
    /// The least period of the codes from the middle of the range on
    /// (Wilson's 34).
    pub period: u16,
    /// For each residue r in 0..period, the base of period·k + r for every
    /// k large enough: the algebraic law.
    pub law: Vec<u16>,
    /// The groups whose base differs from the law's, with their base.
    pub exceptions: Vec<(u16, u16)>,
    /// Groups 1..=checked were compared with the law.
    pub checked: u16,
    /// Three different bases that win together, largest first, in order of
    /// their largest, then their middle base.
    pub three_base_wins: Vec<[u16; 3]>,
    /// For each three-base win: fundamental (the first with its largest
    /// base), or derived, with the fundamental wins it is the sum of.
    pub fundamental: Vec<bool>,
    /// For each derived win, the fundamental wins it is the sum of, as
    /// indices into `three_base_wins`; empty for a fundamental win.
    pub derived_from: Vec<Vec<usize>>,
}

/// Derive the tables from the codes of groups up to `max` (the period is
/// sought among 1..=100 and must hold over the second half of the range).
pub fn tables(max: usize) -> Tables {
    let codes = codes(max);
    let mut base_of_code: HashMap<u8, u16> = HashMap::new();
    let mut bases = Vec::new();
    let mut base_of = vec![0u16];
    for n in 1..=max as u16 {
        let b = *base_of_code.entry(codes[n as usize]).or_insert_with(|| {
            bases.push(n);
            n
        });
        base_of.push(b);
    }
    // The least period that holds from the middle of the range onwards.
    let period = (1..=100usize).find(|&p| (max / 2..=max - p).all(|n| codes[n] == codes[n + p])).expect("a period of at most 100 within the range") as u16;
    let tail = max - period as usize + 1;
    let law: Vec<u16> = (0..period as usize)
        .map(|r| {
            let n = (tail..=max).find(|n| n % period as usize == r).unwrap();
            base_of[n]
        })
        .collect();
    let exceptions: Vec<(u16, u16)> =
        (1..=max as u16).filter(|&n| base_of[n as usize] != law[(n % period) as usize]).map(|n| (n, base_of[n as usize])).collect();
    let code = |b: u16| codes[b as usize];
    let mut three_base_wins = Vec::new();
    for (k, &c) in bases.iter().enumerate() {
        for (j, &b) in bases[..k].iter().enumerate() {
            for &a in &bases[..j] {
                if code(a) ^ code(b) ^ code(c) == 0 {
                    three_base_wins.push([c, b, a]);
                }
            }
        }
    }
    // Within one largest base, the middle ascending.
    three_base_wins.sort_by_key(|w| (w[0], w[1], w[2]));
    let mut fundamental = vec![false; three_base_wins.len()];
    for (i, w) in three_base_wins.iter().enumerate() {
        fundamental[i] = i == 0 || three_base_wins[i - 1][0] != w[0];
    }
    // A derived win as a sum of fundamental ones: the subset whose bases,
    // counted with multiplicity, leave exactly its own three (pairs cancel).
    let fund: Vec<usize> = (0..three_base_wins.len()).filter(|&i| fundamental[i]).collect();
    let mut derived_from = vec![Vec::new(); three_base_wins.len()];
    for (i, w) in three_base_wins.iter().enumerate() {
        if fundamental[i] {
            continue;
        }
        let want: std::collections::BTreeSet<u16> = w.iter().copied().collect();
        for mask in 1u32..(1 << fund.len()) {
            let mut odd = std::collections::BTreeSet::new();
            for (k, &f) in fund.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    for &b in &three_base_wins[f] {
                        if !odd.insert(b) {
                            odd.remove(&b);
                        }
                    }
                }
            }
            if odd == want {
                derived_from[i] = fund.iter().enumerate().filter(|(k, _)| mask >> k & 1 == 1).map(|(_, &f)| f).collect();
                break;
            }
        }
    }
    Tables { bases, base_of, period, law, exceptions, checked: max as u16, three_base_wins, fundamental, derived_from }
}

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

/// The ways `total` counters stand in at most `parts` nonempty pieces, each
/// way's pieces largest first, the ways in descending order (for 14 in two:
/// 14; 13, 1; 12, 2; ... 7, 7).
fn pieces(total: u16, parts: usize) -> Vec<Vec<u16>> {
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

/// Every move from the row `groups`, as [`moves`] lists them (each position
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The value rule against the brute-force solver on every position of
    /// up to 22 counters (any number of groups).
    #[test]
    fn rule_agrees_with_the_solver() {
        let codes = codes(64);
        let mut solver = Solver::new();
        for total in 0..=22 {
            for p in positions(total, total as usize) {
                assert_eq!(solver.won(&p), rule_won(&p, &codes), "{p:?}");
            }
        }
    }

    /// The article's facts (1) and (2) from the solver: a symmetric position
    /// wins, a single group loses.
    #[test]
    fn symmetric_positions_win_single_groups_lose() {
        let mut s = Solver::new();
        for (a, b) in [(1, 1), (3, 3), (5, 8)] {
            assert!(s.won(&canon(vec![a, a, b, b])));
        }
        for n in 1..=16 {
            assert!(!s.won(&vec![n]));
        }
    }

    /// "(28, 25, 17, 6, 2, 1, 16)" is among the moves of kind (2) from the
    /// article's position, "(28, 51, 1, 16)" among those of kind (3).
    #[test]
    fn the_article_s_example_moves() {
        let p = canon(vec![28, 53, 1, 16]);
        assert!(take_three(&p).contains(&canon(vec![28, 25, 17, 6, 2, 1, 16])));
        assert!(take_three(&p).contains(&canon(vec![27, 52, 1, 15])));
        assert!(take_two_adjacent(&p).contains(&canon(vec![28, 51, 1, 16])));
        assert!(take_one(&p).contains(&canon(vec![28, 20, 32, 1, 16])));
    }

    /// `row_moves` lists the moves `moves` lists, each once, each told
    /// consistently (pieces and counters add up, the row after is the row
    /// with the pieces in place), for every row of up to 14 counters in up
    /// to 5 groups, in ascending and descending order, and a few longer
    /// rows, the article's among them.
    #[test]
    fn row_moves_are_the_moves() {
        let mut rows = Vec::new();
        for total in 0..=14 {
            for p in positions(total, 5) {
                let mut rev = p.clone();
                rev.reverse();
                rows.push(p);
                rows.push(rev);
            }
        }
        rows.extend([vec![28, 53, 1, 16], vec![28, 1], vec![9, 17, 4, 30, 2, 2], vec![5, 0, 7, 5]]);
        for row in rows {
            let p = canon(row.clone());
            let got = row_moves(&row);
            let mut pairs: Vec<(Kind, Position)> = got.iter().map(|m| (m.kind, m.leaves_sorted.clone())).collect();
            pairs.sort();
            let mut want = moves(&p);
            want.sort();
            assert_eq!(pairs, want, "{row:?}");
            let order = |m: &Move| {
                let places: Vec<usize> = m.takes.iter().map(|t| t.place).collect();
                let rest: Vec<_> = m.takes.iter().map(|t| (std::cmp::Reverse(t.taken), std::cmp::Reverse(t.into.clone()))).collect();
                (m.kind, m.takes.len(), places, rest)
            };
            assert!(got.windows(2).all(|w| order(&w[0]) < order(&w[1])), "{row:?}: not in order");
            for m in &got {
                assert_eq!(m.takes.iter().map(|t| t.taken as u32).sum::<u32>(), m.kind.removes(), "{row:?} {m:?}");
                assert!(m.takes.windows(2).all(|w| w[0].place < w[1].place), "{m:?}");
                for t in &m.takes {
                    assert_eq!(t.size, row[t.place - 1]);
                    assert_eq!(t.into.iter().sum::<u16>() + t.taken, t.size, "{m:?}");
                    let most = if m.kind == Kind::TwoAdjacent { 2 } else { t.taken as usize + 1 };
                    assert!(t.into.len() <= most && t.into.iter().all(|&x| x > 0), "{m:?}");
                }
                assert_eq!(m.leaves, row_after(&row, &m.takes));
                assert_eq!(m.leaves_sorted, canon(m.leaves.clone()));
            }
        }
    }

    /// The article's example moves (lines 11-13 of the seed) as rows:
    /// "(1) one counter from anywhere (e.g. 27, 53, 1, 16) or (28, 20, 32,
    /// 1, 16)", "(2) three counters from anywhere (e.g. 28, 53, 14) or (27,
    /// 52, 1, 15) or (28, 25, 17, 6, 2, 1, 16)", "(3) two adjacent counters
    /// from one group (e.g. 28, 51, 1, 16) or (28, 53, 1, 8, 6)". Each is
    /// listed as the article writes it, but (28, 20, 32, 1, 16): the move
    /// that leaves it is written largest piece first, 53 into 32, 20.
    #[test]
    fn the_article_s_example_moves_in_the_row() {
        let all = row_moves(&[28, 53, 1, 16]);
        let find = |kind: Kind, row: &[u16]| all.iter().find(|m| m.kind == kind && m.leaves == row).cloned();
        for (kind, row) in [
            (Kind::One, &[27, 53, 1, 16][..]),
            (Kind::Three, &[28, 53, 14]),
            (Kind::Three, &[27, 52, 1, 15]),
            (Kind::Three, &[28, 25, 17, 6, 2, 1, 16]),
            (Kind::TwoAdjacent, &[28, 51, 1, 16]),
            (Kind::TwoAdjacent, &[28, 53, 1, 8, 6]),
        ] {
            assert!(find(kind, row).is_some(), "{kind:?} {row:?}");
        }
        let t = |place, size, taken, into: &[u16]| Take { place, size, taken, into: into.to_vec() };
        let m = find(Kind::One, &[28, 32, 20, 1, 16]).unwrap();
        assert_eq!(m.takes, vec![t(2, 53, 1, &[32, 20])]);
        // "(28, 53, 14)": the 1 taken whole, two from the 16.
        let m = find(Kind::Three, &[28, 53, 14]).unwrap();
        assert_eq!(m.takes, vec![t(3, 1, 1, &[]), t(4, 16, 2, &[14])]);
        let m = find(Kind::Three, &[27, 52, 1, 15]).unwrap();
        assert_eq!(m.takes, vec![t(1, 28, 1, &[27]), t(2, 53, 1, &[52]), t(4, 16, 1, &[15])]);
        let m = find(Kind::Three, &[28, 25, 17, 6, 2, 1, 16]).unwrap();
        assert_eq!(m.takes, vec![t(2, 53, 3, &[25, 17, 6, 2])]);
    }
}
