//! Choosing the pile to take from (002): "all piles where the binary size has a
//! 1 in the same position as the greatest 1 in the XOR product. The randomizer
//! then indicates the pile to check first. If that pile can't be used, then the
//! next pile is checked, etc." Ruling (machines.md): when the XOR is zero the
//! candidates are the non-empty piles. Combinational; `start` and `chosen` are
//! one-hot, one line per pile, like the relays that stand for the piles.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct PileSelector<const N: usize, const W: usize> {
    pub sizes: [Signal<In, Bits<W>>; N],
    /// The XOR product of the sizes.
    pub product: Signal<In, Bits<W>>,
    /// One-hot: the pile to check first.
    pub start: [Signal<In, Bit>; N],
    /// One-hot: the chosen pile (all zero when no pile can be used).
    pub chosen: [Signal<Out, Bit>; N],
    /// Some pile can be used.
    pub found: Signal<Out, Bit>,
    /// The greatest 1 of the product, as a one-bit mask.
    pub greatest: Signal<Out, Bits<W>>,
    /// smear[i + 1] = smear[i] | smear[i] >> 1: every bit at or below the greatest 1.
    smear: Vec<Signal<Local, Bits<W>>>,
    candidate: [Signal<Local, Bit>; N],
    /// at_or_after[i + 1]: pile i comes at or after the start pile.
    at_or_after: Vec<Signal<Local, Bit>>,
    /// seen_late[i] / seen_any[i]: a usable pile before i, counting from the start / from pile 0.
    seen_late: Vec<Signal<Local, Bit>>,
    seen_any: Vec<Signal<Local, Bit>>,
    first_late: [Signal<Local, Bit>; N],
    first_any: [Signal<Local, Bit>; N],
    any_late: Signal<Local, Bit>,
}

impl<const N: usize, const W: usize> Default for PileSelector<N, W> {
    fn default() -> Self {
        Self {
            sizes: array_init::array_init(|_| Default::default()),
            product: Default::default(),
            start: array_init::array_init(|_| Default::default()),
            chosen: array_init::array_init(|_| Default::default()),
            found: Default::default(),
            greatest: Default::default(),
            smear: (0..=W).map(|_| Default::default()).collect(),
            candidate: array_init::array_init(|_| Default::default()),
            at_or_after: (0..=N).map(|_| Default::default()).collect(),
            seen_late: (0..=N).map(|_| Default::default()).collect(),
            seen_any: (0..=N).map(|_| Default::default()).collect(),
            first_late: array_init::array_init(|_| Default::default()),
            first_any: array_init::array_init(|_| Default::default()),
            any_late: Default::default(),
        }
    }
}

impl<const N: usize, const W: usize> Logic for PileSelector<N, W> {
    #[hdl_gen]
    fn update(&mut self) {
        // The greatest 1 of the XOR product.
        self.smear[0].next = self.product.val();
        for i in 0..W {
            self.smear[i + 1].next = self.smear[i].val() | (self.smear[i].val() >> 1);
        }
        self.greatest.next = 0.into();
        for i in 0..W {
            self.greatest.next = self.smear[i + 1].val() ^ (self.smear[i + 1].val() >> 1);
        }
        // The candidates: a 1 under the greatest 1, or any stone when the XOR is zero.
        for i in 0..N {
            self.candidate[i].next = (self.sizes[i].val() & self.greatest.val()).any() | (!self.product.val().any() & self.sizes[i].val().any());
        }
        // Piles at or after the start pile.
        self.at_or_after[0].next = false;
        for i in 0..N {
            self.at_or_after[i + 1].next = self.at_or_after[i].val() | self.start[i].val();
        }
        // The first candidate at or after the start; failing that, the first from pile 0.
        self.seen_late[0].next = false;
        self.seen_any[0].next = false;
        for i in 0..N {
            self.first_late[i].next = self.candidate[i].val() & self.at_or_after[i + 1].val() & !self.seen_late[i].val();
            self.first_any[i].next = self.candidate[i].val() & !self.seen_any[i].val();
            self.seen_late[i + 1].next = self.seen_late[i].val() | (self.candidate[i].val() & self.at_or_after[i + 1].val());
            self.seen_any[i + 1].next = self.seen_any[i].val() | self.candidate[i].val();
        }
        // The last links of the chains (a loop: rust-hdl's Verilog writer resolves
        // array indices only from loop variables).
        self.found.next = false;
        self.any_late.next = false;
        for i in 0..N {
            self.found.next = self.seen_any[i + 1].val();
            self.any_late.next = self.seen_late[i + 1].val();
        }
        for i in 0..N {
            self.chosen[i].next = self.first_any[i].val();
            if self.any_late.val() {
                self.chosen[i].next = self.first_late[i].val();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every triple of 3-bit sizes under every start pile. The expectation is
    /// written from the document's sentence, not from the block.
    #[test]
    fn every_input() {
        let mut b = Bench::new(PileSelector::<3, 3>::default());
        for x in 0..512u64 {
            let s = [x & 7, (x >> 3) & 7, x >> 6];
            let product = s[0] ^ s[1] ^ s[2];
            for start in 0..3 {
                for i in 0..3 {
                    b.uut.sizes[i].next = s[i].into();
                    b.uut.start[i].next = i == start;
                }
                b.uut.product.next = product.into();
                b.settle();
                let usable = |p: usize| {
                    if product == 0 {
                        s[p] != 0
                    } else {
                        let top = 63 - product.leading_zeros();
                        s[p] >> top & 1 == 1
                    }
                };
                let want = (0..3).map(|k| (start + k) % 3).find(|&p| usable(p));
                let got: Vec<bool> = (0..3).map(|i| b.uut.chosen[i].val()).collect();
                for i in 0..3 {
                    assert_eq!(got[i], want == Some(i), "sizes {s:?} start {start}: {got:?}");
                }
                assert_eq!(b.uut.found.val(), want.is_some());
            }
        }
    }
}
