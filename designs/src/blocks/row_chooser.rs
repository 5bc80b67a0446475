//! The machine's choice of row (000, "Apparatus makes a play"; rulings in
//! spec/machines.md). With every parity even (relay RM, a random move): the
//! first of the rows whose count contains 4 (relay BR and its fellows
//! through the S detectors), else 2, else 1. Otherwise (relay CM, a correct
//! move): the first row whose count contains the highest power present in an
//! odd number of rows. One-hot, one line per row (AR..DR).

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct RowChooser<const N: usize> {
    pub powers: [Signal<In, Bits<3>>; N],
    /// EZ, EF, ES.
    pub even: Signal<In, Bits<3>>,
    pub row: [Signal<Out, Bit>; N],
    /// The move is a correct one (some parity odd).
    pub correct: Signal<Out, Bit>,
    /// The power the choice looks for, one-hot (bit 0: 1, bit 1: 2, bit 2: 4).
    pub wanted: Signal<Out, Bits<3>>,
    has: [Signal<Local, Bit>; N],
    seen: Vec<Signal<Local, Bit>>,
    any_has_s: Signal<Local, Bit>,
    any_has_f: Signal<Local, Bit>,
}

impl<const N: usize> Default for RowChooser<N> {
    fn default() -> Self {
        Self {
            powers: array_init::array_init(|_| Default::default()),
            even: Default::default(),
            row: array_init::array_init(|_| Default::default()),
            correct: Default::default(),
            wanted: Default::default(),
            has: array_init::array_init(|_| Default::default()),
            seen: (0..=N).map(|_| Default::default()).collect(),
            any_has_s: Default::default(),
            any_has_f: Default::default(),
        }
    }
}

impl<const N: usize> Logic for RowChooser<N> {
    #[hdl_gen]
    fn update(&mut self) {
        self.correct.next = !self.even.val().all();
        self.any_has_s.next = false;
        self.any_has_f.next = false;
        for i in 0..N {
            if self.powers[i].val().get_bit(2) {
                self.any_has_s.next = true;
            }
            if self.powers[i].val().get_bit(1) {
                self.any_has_f.next = true;
            }
        }
        // Random move: 4, else 2, else 1.
        self.wanted.next = 1.into();
        if self.any_has_f.val() {
            self.wanted.next = 2.into();
        }
        if self.any_has_s.val() {
            self.wanted.next = 4.into();
        }
        // Correct move: the highest power with an odd parity.
        if self.correct.val() {
            self.wanted.next = 1.into();
            if !self.even.val().get_bit(1) {
                self.wanted.next = 2.into();
            }
            if !self.even.val().get_bit(2) {
                self.wanted.next = 4.into();
            }
        }
        // The first row whose count contains the wanted power.
        self.seen[0].next = false;
        for i in 0..N {
            self.has[i].next = (self.powers[i].val() & self.wanted.val()).any();
            self.row[i].next = self.has[i].val() & !self.seen[i].val();
            self.seen[i + 1].next = self.seen[i].val() | self.has[i].val();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every combination of four rows' counts 0..7 (the detectors' every input).
    #[test]
    fn every_input() {
        let mut b = Bench::new(RowChooser::<4>::default());
        for x in 0..4096u64 {
            let n = [x & 7, x >> 3 & 7, x >> 6 & 7, x >> 9];
            let xor = n[0] ^ n[1] ^ n[2] ^ n[3];
            for i in 0..4 {
                b.uut.powers[i].next = n[i].into();
            }
            b.uut.even.next = (!xor & 7).into();
            b.settle();
            let power = if xor != 0 { 63 - xor.leading_zeros() } else { (0..3).rev().find(|&p| n.iter().any(|v| v >> p & 1 == 1)).unwrap_or(0) as u32 };
            let want = (0..4).find(|&i| n[i] >> power & 1 == 1);
            for i in 0..4 {
                assert_eq!(b.uut.row[i].val(), want == Some(i), "{n:?}");
            }
            assert_eq!(b.uut.correct.val(), xor != 0);
        }
    }
}
