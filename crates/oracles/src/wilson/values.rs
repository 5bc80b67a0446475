//! The value rule (a group's code: its value under move (3) alone and its
//! parity) and Wilson's tables derived from the codes.

use super::game::Position;
use std::collections::HashMap;

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
