//! Wilson's Table of Equivalents in logic (seed 004): a group of up to 127
//! counters to the code of its base. The residue of the group modulo the
//! period picks the law's base; the seven exceptions override it; an empty
//! group has code 0. The tables and the bases' codes come from
//! [`crate::wilson`], which types them in from the article.

use crate::wilson::{base_code, EXCEPTIONS, LAW, PERIOD};
use rust_hdl::prelude::*;

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

#[derive(LogicBlock)]
pub struct BaseCode {
    pub group: Signal<In, Bits<7>>,
    pub code: Signal<Out, Bits<5>>,
    table: [Constant<Bits<5>>; 128],
}

impl Default for BaseCode {
    fn default() -> Self {
        Self {
            group: Default::default(),
            code: Default::default(),
            table: array_init::array_init(|n| Constant::new(table_entry(n).into())),
        }
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
    use crate::wilson::{BASES, CHART, THREE_BASE_WINS};

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
