//! Nimrod's arithmetic unit (seed 003, "the parts of the machine"): "used to
//! decide whether the sum of a column is odd or even", and in the multiple
//! game whether it divides by k + 1 ("MULTIPLE NIM"). In the reverse game
//! after transition column 0 must leave 1 over, so the residue wanted is an
//! input. Purely combinational.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock, Default)]
pub struct ArithmeticUnit {
    /// The column's digits, one per heap.
    pub digits: Signal<In, Bits<4>>,
    /// k, 1..3: the column is safe when its sum divides by k + 1.
    pub k: Signal<In, Bits<2>>,
    /// The residue a safe column leaves (1 only in transition, column 0).
    pub target: Signal<In, Bit>,
    pub safe: Signal<Out, Bit>,
    sum: Signal<Local, Bits<3>>,
    residue: Signal<Local, Bits<2>>,
}

impl Logic for ArithmeticUnit {
    #[hdl_gen]
    fn update(&mut self) {
        self.sum.next = bit_cast::<3, 1>(self.digits.val().get_bit(0).into())
            + bit_cast::<3, 1>(self.digits.val().get_bit(1).into())
            + bit_cast::<3, 1>(self.digits.val().get_bit(2).into())
            + bit_cast::<3, 1>(self.digits.val().get_bit(3).into());
        // The sum is 0..4; its residue modulo k + 1.
        if self.k.val() == 1 {
            self.residue.next = bit_cast::<2, 1>(self.sum.val().get_bit(0).into());
        } else if self.k.val() == 2 {
            if self.sum.val() == 3 {
                self.residue.next = 0.into();
            } else if self.sum.val() == 4 {
                self.residue.next = 1.into();
            } else {
                self.residue.next = self.sum.val().get_bits::<2>(0);
            }
        } else {
            self.residue.next = self.sum.val().get_bits::<2>(0);
        }
        self.safe.next = self.residue.val() == bit_cast::<2, 1>(self.target.val().into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every column of four digits, every k, both targets.
    #[test]
    fn every_input() {
        let mut b = Bench::new(ArithmeticUnit::default());
        for digits in 0..16u64 {
            for k in 1..4u64 {
                for target in 0..2u64 {
                    b.uut.digits.next = digits.into();
                    b.uut.k.next = k.into();
                    b.uut.target.next = target == 1;
                    b.settle();
                    let want = digits.count_ones() as u64 % (k + 1) == target;
                    assert_eq!(b.uut.safe.val(), want, "digits {digits:04b}, k {k}, target {target}");
                }
            }
        }
    }
}
