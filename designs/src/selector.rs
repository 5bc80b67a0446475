//! The N x W Nim move selector (issue 7): the relay NIM's decision logic
//! (002) generalised to N piles of W bits, built from the same blocks. The
//! XOR tree ("take the bit-wise XOR" of the pile sizes), the pile selector
//! ("all piles where the binary size has a 1 in the same position as the
//! greatest 1 in the XOR product"), here always checking pile 0 first (the
//! relay NIM's randomizer is not part of the selector), and the new size of
//! the chosen pile: the size XOR the product, which is what "takes stones
//! from that pile until the XOR product is 0" leaves. With a zero product,
//! the ruling for the relay NIM (machines.md): one stone from the first
//! non-empty pile.
//!
//! Inputs and outputs are registered, so a position given before clock edge
//! t shows on the outputs after edge t + 1, and a new position can be given
//! every cycle.

use crate::blocks::pile_selector::PileSelector;
use crate::blocks::xor_tree::XorTree;
use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct Selector<const N: usize, const W: usize> {
    pub clock: Signal<In, Clock>,
    /// The pile sizes.
    pub piles: [Signal<In, Bits<W>>; N],
    /// One-hot: the pile the move takes from (all zero when every pile is empty).
    pub chosen: [Signal<Out, Bit>; N],
    /// The chosen pile's size after the move (0 when no pile is chosen).
    pub after: Signal<Out, Bits<W>>,
    /// Some pile is chosen: not every pile is empty.
    pub found: Signal<Out, Bit>,
    /// The position was safe (XOR product zero): the move takes one stone.
    pub safe: Signal<Out, Bit>,

    piles_reg: [DFF<Bits<W>>; N],
    chosen_reg: [DFF<Bit>; N],
    after_reg: DFF<Bits<W>>,
    found_reg: DFF<Bit>,
    safe_reg: DFF<Bit>,
    xor_product: XorTree<N, W>,
    selector: PileSelector<N, W>,
}

impl<const N: usize, const W: usize> Default for Selector<N, W> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            piles: array_init::array_init(|_| Default::default()),
            chosen: array_init::array_init(|_| Default::default()),
            after: Default::default(),
            found: Default::default(),
            safe: Default::default(),
            piles_reg: array_init::array_init(|_| Default::default()),
            chosen_reg: array_init::array_init(|_| Default::default()),
            after_reg: Default::default(),
            found_reg: Default::default(),
            safe_reg: Default::default(),
            xor_product: Default::default(),
            selector: Default::default(),
        }
    }
}

impl<const N: usize, const W: usize> Logic for Selector<N, W> {
    #[hdl_gen]
    fn update(&mut self) {
        // The input registers.
        for i in 0..N {
            self.piles_reg[i].clock.next = self.clock.val();
            self.piles_reg[i].d.next = self.piles[i].val();
            self.chosen_reg[i].clock.next = self.clock.val();
        }
        clock!(self, clock, after_reg, found_reg, safe_reg);
        // The XOR product and the pile selector, pile 0 checked first.
        // Each start written once: a signal written twice in one always
        // block glitches in Icarus, and the selector's own glitch back would
        // wake this block again without end.
        for i in 0..N {
            self.xor_product.sizes[i].next = self.piles_reg[i].q.val();
            self.selector.sizes[i].next = self.piles_reg[i].q.val();
        }
        self.selector.start[0].next = true;
        for i in 1..N {
            self.selector.start[i].next = false;
        }
        self.selector.product.next = self.xor_product.product.val();
        // The chosen pile's new size: the size XOR the product, or one stone
        // fewer when the product is zero.
        self.after_reg.d.next = 0.into();
        for i in 0..N {
            self.chosen_reg[i].d.next = self.selector.chosen[i].val();
            if self.selector.chosen[i].val() {
                if self.xor_product.zero.val() {
                    self.after_reg.d.next = self.piles_reg[i].q.val() - 1;
                } else {
                    self.after_reg.d.next = self.piles_reg[i].q.val() ^ self.xor_product.product.val();
                }
            }
        }
        self.found_reg.d.next = self.selector.found.val();
        self.safe_reg.d.next = self.xor_product.zero.val();
        // The output registers.
        for i in 0..N {
            self.chosen[i].next = self.chosen_reg[i].q.val();
        }
        self.after.next = self.after_reg.q.val();
        self.found.next = self.found_reg.q.val();
        self.safe.next = self.safe_reg.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every position of three 3-bit piles, one a cycle, checked two edges
    /// later. The expectation is written from the document's sentences (take
    /// from the first pile with a 1 under the product's greatest 1 until the
    /// product is zero; one stone when it is already zero), not from the
    /// blocks.
    #[test]
    fn every_position_of_three_3_bit_piles() {
        let mut b = Bench::new(Selector::<3, 3>::default());
        let position = |x: u64| [x & 7, (x >> 3) & 7, x >> 6];
        let mut checked = 0;
        for x in 0..512u64 + 1 {
            for i in 0..3 {
                b.uut.piles[i].next = position(x % 512)[i].into();
            }
            b.tick(|u| &mut u.clock);
            if x < 1 {
                continue;
            }
            let s = position(x - 1);
            let product = s[0] ^ s[1] ^ s[2];
            let pile = (0..3).find(|&p| if product == 0 { s[p] > 0 } else { s[p] > (s[p] ^ product) });
            let after = match pile {
                None => 0,
                Some(p) => {
                    let mut left = s;
                    // Take stones one at a time, as the relay NIM does.
                    loop {
                        left[p] -= 1;
                        if product == 0 || left[0] ^ left[1] ^ left[2] == 0 {
                            break left[p];
                        }
                    }
                }
            };
            for i in 0..3 {
                assert_eq!(b.uut.chosen[i].val(), pile == Some(i), "{s:?}");
            }
            assert_eq!(b.uut.after.val().index() as u64, after, "{s:?}");
            assert_eq!(b.uut.found.val(), pile.is_some(), "{s:?}");
            assert_eq!(b.uut.safe.val(), product == 0, "{s:?}");
            checked += 1;
        }
        assert_eq!(checked, 512);
    }
}
