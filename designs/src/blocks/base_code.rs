//! Wilson's Table of Equivalents in logic (seed 004): a group of up to 127
//! counters to the code of its base. The residue of the group modulo the
//! period picks the law's base; the seven exceptions override it; an empty
//! group has code 0. The tables are typed in here from the article, and
//! the bases' codes made from them; the judge ([`crate::wilson`]) sums the
//! codes of its groups.

use rust_hdl::prelude::*;

/// The article's tables, typed in from seed 004: the wiring of this block.
pub const BASES: [u16; 14] = [1, 2, 3, 4, 6, 11, 13, 14, 16, 31, 33, 49, 69, 86];
pub const PERIOD: u16 = 34;
/// Table of Equivalents: 34n + r is the equivalent of `LAW[r]`.
pub const LAW: [u16; 34] = [14, 69, 2, 3, 4, 1, 6, 3, 2, 1, 6, 11, 4, 13, 14, 49, 16, 31, 86, 11, 6, 1, 2, 3, 6, 1, 4, 3, 2, 1, 14, 31, 6, 33];
/// "The seven exceptions": group, base.
pub const EXCEPTIONS: [(u16, u16); 7] = [(1, 1), (15, 1), (35, 1), (18, 4), (32, 4), (52, 4), (17, 13)];
/// Table of 3-base Wins; `true` for the nine fundamental ones.
pub const THREE_BASE_WINS: [([u16; 3], bool); 18] = [
    ([3, 2, 1], true),
    ([6, 4, 2], true),
    ([11, 4, 3], true),
    ([11, 6, 1], false),
    ([13, 4, 1], true),
    ([13, 6, 3], false),
    ([13, 11, 2], false),
    ([16, 14, 2], true),
    ([31, 14, 3], true),
    ([31, 16, 1], false),
    ([33, 14, 11], true),
    ([33, 16, 13], false),
    ([33, 31, 4], false),
    ([49, 14, 1], true),
    ([49, 16, 3], false),
    ([49, 31, 2], false),
    ([49, 33, 6], false),
    ([86, 69, 3], true),
];
/// The chart of groups 1 to 52 by base (for the tests).
pub const CHART: [(u16, &[u16]); 12] = [
    (1, &[1, 5, 9, 15, 21, 25, 29, 35, 39, 43]),
    (2, &[2, 8, 22, 28, 36, 42]),
    (3, &[3, 7, 23, 27, 37, 41]),
    (4, &[4, 12, 18, 26, 32, 38, 46, 52]),
    (6, &[6, 10, 20, 24, 40, 44]),
    (11, &[11, 19, 45]),
    (13, &[13, 17, 47]),
    (14, &[14, 30, 34, 48]),
    (16, &[16, 50]),
    (31, &[31, 51]),
    (33, &[33]),
    (49, &[49]),
];

/// A base's code, 5 bits: the bases that are never the largest of a
/// fundamental three-base win (1, 2, 4, 14, 69) are one bit each; the
/// largest base of each fundamental win is the XOR of its other two, so the
/// three cancel. The derived wins then cancel too (the block test checks).
pub fn base_code(base: u16) -> u64 {
    let mut codes: Vec<(u16, u64)> = Vec::new();
    let mut next_bit = 0;
    for &b in &BASES {
        let made = THREE_BASE_WINS.iter().find(|(w, fundamental)| *fundamental && w[0] == b);
        let code = match made {
            Some((w, _)) => {
                let of = |x: u16| codes.iter().find(|(y, _)| *y == x).expect("smaller bases first").1;
                of(w[1]) ^ of(w[2])
            }
            None => {
                next_bit += 1;
                1 << (next_bit - 1)
            }
        };
        codes.push((b, code));
    }
    codes.iter().find(|(b, _)| *b == base).map_or(0, |c| c.1)
}

/// The code of a group of `n` counters, 0..=127, by the law and the
/// exceptions: what the block's table holds.
pub fn table_entry(n: usize) -> u64 {
    if n == 0 {
        return 0;
    }
    match EXCEPTIONS.iter().find(|e| e.0 as usize == n) {
        Some(e) => base_code(e.1),
        None => base_code(LAW[n % PERIOD as usize]),
    }
}

#[derive(Clone, LogicBlock)]
pub struct BaseCode {
    pub group: Signal<In, Bits<7>>,
    pub code: Signal<Out, Bits<5>>,
    table: [Constant<Bits<5>>; 128],
}

impl Default for BaseCode {
    fn default() -> Self {
        Self { group: Default::default(), code: Default::default(), table: array_init::array_init(|n| Constant::new(table_entry(n).into())) }
    }
}

impl Logic for BaseCode {
    #[hdl_gen]
    fn update(&mut self) {
        // The Table of Equivalents written out for every group a slot can
        // hold: one function of the group's seven bits per code bit, which
        // synthesis maps flat (a residue computed by comparisons and
        // subtractions was a carry chain on the judge's critical path).
        self.code.next = 0.into();
        for n in 0..128 {
            if self.group.val().index() == n {
                self.code.next = self.table[n].val();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code_of(n: u64) -> u64 {
        let mut b = BaseCode::default();
        b.connect_all();
        b.group.next = n.into();
        assert!(simulate(&mut b, 100));
        b.code.val().index() as u64
    }

    /// Every group size 0..=127: the bases have fourteen different non-zero
    /// codes; each group of the article's chart (1 to 52) has its base's
    /// code; the groups above follow the period; the eighteen three-base
    /// wins cancel; an empty group is 0.
    #[test]
    fn every_group_size() {
        let codes: Vec<u64> = (0..128).map(code_of).collect();
        assert_eq!(codes[0], 0);
        let mut base_codes: Vec<u64> = BASES.iter().map(|&b| codes[b as usize]).collect();
        assert!(base_codes.iter().all(|&c| c != 0));
        base_codes.sort();
        base_codes.dedup();
        assert_eq!(base_codes.len(), 14);
        for (base, groups) in CHART {
            for &g in groups {
                assert_eq!(codes[g as usize], codes[base as usize], "group {g}");
            }
        }
        for n in 53..=127 - 34 {
            assert_eq!(codes[n], codes[n + 34], "group {n}");
        }
        for (w, _) in THREE_BASE_WINS {
            assert_eq!(codes[w[0] as usize] ^ codes[w[1] as usize] ^ codes[w[2] as usize], 0, "{w:?}");
        }
    }
}
