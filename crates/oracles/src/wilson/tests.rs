//! The value rule against the solver, and the moves written the article's
//! way against the move generator and the article's examples.

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
