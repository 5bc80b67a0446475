//! Nimrod's modifying number generator (seed 003): "controlled by the
//! column counter and generates a number of the form 01111 ... '011' for
//! column 2, '01' for column 1 and '0' for column 0". A heap modified at a
//! column keeps its digits left of the column and takes the number in the
//! rest: the 1 in the column becomes 0, the digits to its right 1s.
//! Purely combinational.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock, Default)]
pub struct ModifyingNumber {
    /// The column counter: 0, 1 or 2.
    pub column: Signal<In, Bits<2>>,
    /// The heap to be modified.
    pub heap: Signal<In, Bits<3>>,
    /// The generated number, 0 then 1s up to the column.
    pub number: Signal<Out, Bits<3>>,
    /// The heap as modified.
    pub modified: Signal<Out, Bits<3>>,
    /// The digits left of the column, which are unaltered.
    keep: Signal<Local, Bits<3>>,
}

impl Logic for ModifyingNumber {
    #[hdl_gen]
    fn update(&mut self) {
        if self.column.val() == 2 {
            self.number.next = 0b011.into();
            self.keep.next = 0b000.into();
        } else if self.column.val() == 1 {
            self.number.next = 0b001.into();
            self.keep.next = 0b100.into();
        } else {
            self.number.next = 0b000.into();
            self.keep.next = 0b110.into();
        }
        self.modified.next = (self.heap.val() & self.keep.val()) | self.number.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every heap at every column, against the booklet's rule digit by digit.
    #[test]
    fn every_input() {
        let mut b = Bench::new(ModifyingNumber::default());
        for column in 0..3u64 {
            for heap in 0..8u64 {
                b.uut.column.next = column.into();
                b.uut.heap.next = heap.into();
                b.settle();
                let mut want = 0;
                for d in 0..3 {
                    let digit = if d > column {
                        heap >> d & 1
                    } else if d == column {
                        0
                    } else {
                        1
                    };
                    want |= digit << d;
                }
                assert_eq!(b.uut.modified.val().index() as u64, want, "heap {heap:03b} at column {column}");
            }
        }
        // The booklet's examples: 110 -> 011 (column 2), 110 -> 101 (column 1).
        b.uut.column.next = 2.into();
        b.uut.heap.next = 0b110.into();
        b.settle();
        assert_eq!(b.uut.modified.val().index(), 0b011);
        assert_eq!(b.uut.number.val().index(), 0b011);
    }
}
