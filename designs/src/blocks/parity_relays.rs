//! The parity relays EZ, EF, ES (000): each power of 2 present in an even
//! number of rows (or in none). N rows of power detectors in, one bit per
//! power out.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct ParityRelays<const N: usize> {
    /// Each row's detectors: bit 0 Z, bit 1 F, bit 2 S.
    pub powers: [Signal<In, Bits<3>>; N],
    /// Bit 0 EZ, bit 1 EF, bit 2 ES: set when the power is present an even number of times.
    pub even: Signal<Out, Bits<3>>,
    /// Every parity is even.
    pub all_even: Signal<Out, Bit>,
    odd: Vec<Signal<Local, Bits<3>>>,
}

impl<const N: usize> Default for ParityRelays<N> {
    fn default() -> Self {
        Self {
            powers: array_init::array_init(|_| Default::default()),
            even: Default::default(),
            all_even: Default::default(),
            odd: (0..=N).map(|_| Default::default()).collect(),
        }
    }
}

impl<const N: usize> Logic for ParityRelays<N> {
    #[hdl_gen]
    fn update(&mut self) {
        self.odd[0].next = 0.into();
        for i in 0..N {
            self.odd[i + 1].next = self.odd[i].val() ^ self.powers[i].val();
        }
        self.even.next = 7.into();
        for i in 0..N {
            self.even.next = !self.odd[i + 1].val();
        }
        self.all_even.next = self.even.val().all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every combination of the four rows' detectors.
    #[test]
    fn every_input() {
        let mut b = Bench::new(ParityRelays::<4>::default());
        for x in 0..4096u64 {
            let p = [x & 7, x >> 3 & 7, x >> 6 & 7, x >> 9];
            for i in 0..4 {
                b.uut.powers[i].next = p[i].into();
            }
            b.settle();
            for bit in 0..3 {
                let count = p.iter().filter(|&&v| v >> bit & 1 == 1).count();
                assert_eq!(b.uut.even.val().get_bit(bit), count % 2 == 0, "{p:?} power {bit}");
            }
            assert_eq!(b.uut.all_even.val(), p[0] ^ p[1] ^ p[2] ^ p[3] == 0);
        }
    }
}
