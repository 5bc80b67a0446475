//! A UART transmitter, 8N1, for the front-panel protocol (`fpga/protocol.md`).
//! `clocks_per_bit` is a parameter: 104 on a 12 MHz board (115,200 baud,
//! 0.16% fast), a few cycles in simulation.
//!
//! The frame is held inverted, so the register's power-on value of zero is an
//! idle (high) line: nothing that looks like a start bit leaves the board at
//! configuration.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct UartTx<const D: usize> {
    pub clock: Signal<In, Clock>,
    /// The byte to send, read when `start` is high and `busy` is low.
    pub data: Signal<In, Bits<8>>,
    pub start: Signal<In, Bit>,
    /// The serial line, high when idle.
    pub tx: Signal<Out, Bit>,
    /// High from the cycle after `start` until the stop bit has been sent.
    pub busy: Signal<Out, Bit>,
    /// Stop bit, data (LSB first), start bit, inverted; shifts right.
    frame_n: DFF<Bits<10>>,
    bits_left: DFF<Bits<4>>,
    timer: DFF<Bits<D>>,
    bit_last: Constant<Bits<D>>,
    sending: Signal<Local, Bit>,
}

impl<const D: usize> UartTx<D> {
    pub fn new(clocks_per_bit: u64) -> Self {
        assert!(clocks_per_bit >= 2 && clocks_per_bit <= 1 << D, "{clocks_per_bit} clocks per bit do not fit {D} bits");
        Self {
            clock: Default::default(),
            data: Default::default(),
            start: Default::default(),
            tx: Default::default(),
            busy: Default::default(),
            frame_n: Default::default(),
            bits_left: Default::default(),
            timer: Default::default(),
            bit_last: Constant::new((clocks_per_bit - 1).into()),
            sending: Default::default(),
        }
    }
}

impl<const D: usize> Logic for UartTx<D> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, frame_n, bits_left, timer);
        self.sending.next = self.bits_left.q.val().any();
        self.busy.next = self.sending.val();
        self.tx.next = !self.frame_n.q.val().get_bit(0);
        if self.sending.val() {
            if self.timer.q.val() == self.bit_last.val() {
                self.timer.d.next = 0.into();
                self.frame_n.d.next = self.frame_n.q.val() >> 1;
                self.bits_left.d.next = self.bits_left.q.val() - 1;
            } else {
                self.timer.d.next = self.timer.q.val() + 1;
            }
        } else if self.start.val() {
            // Start bit 0 at the bottom, stop bit 1 at the top, inverted.
            self.frame_n.d.next = !((bit_cast::<10, 8>(self.data.val()) << 1) | 0x200);
            self.bits_left.d.next = 10.into();
            self.timer.d.next = 0.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every byte, at 3 clocks per bit: the line is idle until `start`, then
    /// start bit, the data LSB first and the stop bit, each exactly 3 cycles,
    /// `busy` throughout and low again after; a `start` while busy is ignored.
    #[test]
    fn every_byte_on_the_line() {
        let mut b = Bench::new(UartTx::<2>::new(3));
        assert!(b.uut.tx.val() && !b.uut.busy.val(), "idle at power-on");
        for byte in 0..256u64 {
            for _ in 0..2 {
                b.tick(|u| &mut u.clock);
                assert!(b.uut.tx.val() && !b.uut.busy.val());
            }
            b.uut.data.next = byte.into();
            b.uut.start.next = true;
            b.tick(|u| &mut u.clock);
            // A different byte offered while busy must not disturb the frame.
            b.uut.data.next = (byte ^ 0xff).into();
            let mut line = vec![];
            for _ in 0..30 {
                assert!(b.uut.busy.val());
                line.push(b.uut.tx.val());
                b.tick(|u| &mut u.clock);
            }
            b.uut.start.next = false;
            assert!(!b.uut.busy.val() && b.uut.tx.val());
            let mut want = vec![false];
            want.extend((0..8).map(|i| byte >> i & 1 == 1));
            want.push(true);
            let want: Vec<bool> = want.iter().flat_map(|&v| [v; 3]).collect();
            assert_eq!(line, want, "byte {byte:#04x}");
        }
    }
}
