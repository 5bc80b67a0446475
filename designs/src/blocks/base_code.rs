//! Wilson's Table of Equivalents in logic (seed 004): a group of up to 127
//! counters to the code of its base. The residue of the group modulo the
//! period picks the law's base; the seven exceptions override it; an empty
//! group has code 0. The tables and the bases' codes come from
//! [`crate::wilson`], which types them in from the article.

use crate::wilson::{base_code, EXCEPTIONS, LAW, PERIOD};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct BaseCode {
    pub group: Signal<In, Bits<7>>,
    pub code: Signal<Out, Bits<5>>,
    law: [Constant<Bits<5>>; 34],
    exception_group: [Constant<Bits<7>>; 7],
    exception_code: [Constant<Bits<5>>; 7],
    period: Constant<Bits<7>>,
    period2: Constant<Bits<7>>,
    period3: Constant<Bits<7>>,
    residue: Signal<Local, Bits<7>>,
}

impl Default for BaseCode {
    fn default() -> Self {
        Self {
            group: Default::default(),
            code: Default::default(),
            law: array_init::array_init(|r| Constant::new(base_code(LAW[r]).into())),
            exception_group: array_init::array_init(|k| Constant::new((EXCEPTIONS[k].0 as u64).into())),
            exception_code: array_init::array_init(|k| Constant::new(base_code(EXCEPTIONS[k].1).into())),
            period: Constant::new((PERIOD as u64).into()),
            period2: Constant::new((2 * PERIOD as u64).into()),
            period3: Constant::new((3 * PERIOD as u64).into()),
            residue: Default::default(),
        }
    }
}

impl Logic for BaseCode {
    #[hdl_gen]
    fn update(&mut self) {
        // The residue: at most three periods to take away from 127; the
        // three comparisons and subtractions side by side, not in a chain.
        if self.group.val() >= self.period3.val() {
            self.residue.next = self.group.val() - self.period3.val();
        } else if self.group.val() >= self.period2.val() {
            self.residue.next = self.group.val() - self.period2.val();
        } else if self.group.val() >= self.period.val() {
            self.residue.next = self.group.val() - self.period.val();
        } else {
            self.residue.next = self.group.val();
        }
        self.code.next = 0.into();
        for r in 0..34 {
            if self.residue.val().index() == r {
                self.code.next = self.law[r].val();
            }
        }
        for k in 0..7 {
            if self.group.val() == self.exception_group[k].val() {
                self.code.next = self.exception_code[k].val();
            }
        }
        if !self.group.val().any() {
            self.code.next = 0.into();
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
