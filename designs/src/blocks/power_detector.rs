//! The power-of-two detectors of one row (000: relays AZ, AF, AS for row a,
//! and so on): which of 2^0, 2^1, 2^2 the number of lit lamps contains,
//! decoded from the lamp relays themselves. Lamps go out lowest number first,
//! so with n lamps lit, lamp k is lit exactly when k >= 8 - n; then
//! S (4): lamp 4 lit; F (2): lamp 2 lit, or lamp 6 lit and lamp 4 out;
//! Z (1): lamp 1 lit, or lamp 3 lit and 2 out, or 5 lit and 4 out, or 7 lit and 6 out.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock, Default)]
pub struct PowerDetector {
    /// Bit k is lamp k + 1.
    pub lamps: Signal<In, Bits<7>>,
    /// Bit 0: Z (2^0), bit 1: F (2^1), bit 2: S (2^2).
    pub powers: Signal<Out, Bits<3>>,
    z: Signal<Local, Bit>,
    f: Signal<Local, Bit>,
    s: Signal<Local, Bit>,
}

impl Logic for PowerDetector {
    #[hdl_gen]
    fn update(&mut self) {
        self.s.next = self.lamps.val().get_bit(3);
        self.f.next = self.lamps.val().get_bit(1) | (self.lamps.val().get_bit(5) & !self.lamps.val().get_bit(3));
        self.z.next = self.lamps.val().get_bit(0)
            | (self.lamps.val().get_bit(2) & !self.lamps.val().get_bit(1))
            | (self.lamps.val().get_bit(4) & !self.lamps.val().get_bit(3))
            | (self.lamps.val().get_bit(6) & !self.lamps.val().get_bit(5));
        self.powers.next = bit_cast::<3, 1>(self.z.val().into()) | (bit_cast::<3, 1>(self.f.val().into()) << 1) | (bit_cast::<3, 1>(self.s.val().into()) << 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every lamp state a row can hold (n lamps lit, the last n): the powers are n.
    #[test]
    fn every_reachable_lamp_state() {
        let mut b = Bench::new(PowerDetector::default());
        for n in 0..=7u64 {
            let lamps = (0x7f << (7 - n)) & 0x7f;
            b.uut.lamps.next = lamps.into();
            b.settle();
            assert_eq!(b.uut.powers.val().index() as u64, n, "{lamps:07b}");
        }
    }
}
