//! The XOR of N pile sizes, "computed continuously" (002: "think of the pile
//! sizes as binary numbers, then take the bit-wise XOR"). Purely combinational:
//! a chain of two-input XORs, one stage per pile.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct XorTree<const N: usize, const W: usize> {
    pub sizes: [Signal<In, Bits<W>>; N],
    /// The XOR product of all sizes.
    pub product: Signal<Out, Bits<W>>,
    /// The product is zero: the position is safe.
    pub zero: Signal<Out, Bit>,
    /// stage[i + 1] = stage[i] ^ sizes[i]; stage[0] = 0.
    stage: Vec<Signal<Local, Bits<W>>>,
}

impl<const N: usize, const W: usize> Default for XorTree<N, W> {
    fn default() -> Self {
        Self {
            sizes: array_init::array_init(|_| Default::default()),
            product: Default::default(),
            zero: Default::default(),
            stage: (0..=N).map(|_| Default::default()).collect(),
        }
    }
}

impl<const N: usize, const W: usize> Logic for XorTree<N, W> {
    #[hdl_gen]
    fn update(&mut self) {
        self.stage[0].next = 0.into();
        for i in 0..N {
            self.stage[i + 1].next = self.stage[i].val() ^ self.sizes[i].val();
        }
        // The last stage is the product (a loop, because rust-hdl's Verilog
        // writer resolves array indices only from loop variables).
        self.product.next = 0.into();
        for i in 0..N {
            self.product.next = self.stage[i + 1].val();
        }
        self.zero.next = !self.product.val().any();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every triple of 3-bit sizes.
    #[test]
    fn every_input() {
        let mut b = Bench::new(XorTree::<3, 3>::default());
        for x in 0..512u64 {
            let s = [x & 7, (x >> 3) & 7, x >> 6];
            for i in 0..3 {
                b.uut.sizes[i].next = s[i].into();
            }
            b.settle();
            let want = s[0] ^ s[1] ^ s[2];
            assert_eq!(b.uut.product.val().index() as u64, want, "{s:?}");
            assert_eq!(b.uut.zero.val(), want == 0);
        }
    }
}
