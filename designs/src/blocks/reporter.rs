//! The front panel's reporter (`fpga/protocol.md`): whenever the visible
//! state differs from the last one reported, and once after configuration,
//! it sends the state as one line of lowercase hexadecimal digits, most
//! significant first, ended by a newline, through a [`UartTx`](super::uart_tx).
//!
//! `W` is the state's width, a multiple of 4. The state is snapshotted when
//! a report begins (`taken` is high for that cycle); a change while a line
//! is on its way is reported by the next line. One register holds the
//! snapshot: it rotates by a digit per digit sent, so after the line it
//! holds the snapshot again, to compare with the state.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct Reporter<const W: usize> {
    pub clock: Signal<In, Clock>,
    pub state: Signal<In, Bits<W>>,
    /// The transmitter's `busy`.
    pub busy: Signal<In, Bit>,
    /// To the transmitter.
    pub data: Signal<Out, Bits<8>>,
    pub start: Signal<Out, Bit>,
    /// High in the cycle the state is snapshotted.
    pub taken: Signal<Out, Bit>,
    last: DFF<Bits<W>>,
    /// Bytes of the current line still to send: the digits, then the newline.
    left: DFF<Bits<6>>,
    primed: DFF<Bit>,
    line_bytes: Constant<Bits<6>>,
    top: Constant<Bits<16>>,
    nibble: Signal<Local, Bits<8>>,
}

impl<const W: usize> Reporter<W> {
    pub fn new() -> Self {
        assert!(W.is_multiple_of(4) && W >= 4 && W / 4 < 63, "a report is 1..62 hex digits");
        Self {
            clock: Default::default(),
            state: Default::default(),
            busy: Default::default(),
            data: Default::default(),
            start: Default::default(),
            taken: Default::default(),
            last: Default::default(),
            left: Default::default(),
            primed: Default::default(),
            line_bytes: Constant::new((W as u64 / 4 + 1).into()),
            top: Constant::new((W as u64 - 4).into()),
            nibble: Default::default(),
        }
    }
}

impl<const W: usize> Default for Reporter<W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize> Logic for Reporter<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, last, left, primed);
        self.nibble.next = bit_cast::<8, 4>(self.last.q.val().get_bits::<4>(self.top.val().index()));
        if self.left.q.val() == 1 {
            self.data.next = 0x0a.into();
        } else if self.nibble.val() < 10 {
            self.data.next = self.nibble.val() + 0x30;
        } else {
            self.data.next = self.nibble.val() + 0x57;
        }
        self.start.next = false;
        self.taken.next = false;
        if self.left.q.val().any() {
            if !self.busy.val() {
                self.start.next = true;
                if self.left.q.val() != 1 {
                    self.last.d.next = (self.last.q.val() << 4) | (self.last.q.val() >> self.top.val());
                }
                self.left.d.next = self.left.q.val() - 1;
            }
        } else if (self.state.val() != self.last.q.val()) | !self.primed.q.val() {
            self.taken.next = true;
            self.last.d.next = self.state.val();
            self.left.d.next = self.line_bytes.val();
            self.primed.d.next = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::uart_tx::UartTx;
    use super::*;
    use nimforge_verify::clocked::Bench;

    #[derive(Clone, LogicBlock)]
    struct Pair {
        clock: Signal<In, Clock>,
        state: Signal<In, Bits<12>>,
        tx: Signal<Out, Bit>,
        taken: Signal<Out, Bit>,
        reporter: Reporter<12>,
        uart: UartTx<2>,
    }

    impl Logic for Pair {
        #[hdl_gen]
        fn update(&mut self) {
            clock!(self, clock, reporter, uart);
            self.reporter.state.next = self.state.val();
            self.reporter.busy.next = self.uart.busy.val();
            self.uart.data.next = self.reporter.data.val();
            self.uart.start.next = self.reporter.start.val();
            self.tx.next = self.uart.tx.val();
            self.taken.next = self.reporter.taken.val();
        }
    }

    /// Decode the 8N1 line (2 cycles a bit) into bytes.
    fn bytes(line: &[bool]) -> Vec<u8> {
        let mut out = vec![];
        let mut i = 0;
        while i < line.len() {
            if !line[i] && i + 20 <= line.len() {
                let bit = |k: usize| line[i + 2 * k + 1];
                let byte = (1..9).fold(0u8, |acc, k| acc | (bit(k) as u8) << (k - 1));
                assert!(bit(9), "stop bit at {i}");
                out.push(byte);
                i += 20;
            } else {
                i += 1;
            }
        }
        out
    }

    /// Every 12-bit state, each held until reported: one line each, its
    /// digits right, after the line sent at configuration; no line while the
    /// state stands still.
    #[test]
    fn every_state_is_reported_once() {
        let mut b = Bench::new(Pair {
            clock: Default::default(),
            state: Default::default(),
            tx: Default::default(),
            taken: Default::default(),
            reporter: Reporter::new(),
            uart: UartTx::new(2),
        });
        let mut line = vec![];
        let mut want = String::new();
        for v in std::iter::once(0).chain((1..4096u64).rev()).chain([0]) {
            b.uut.state.next = v.into();
            want.push_str(&format!("{v:03x}\n"));
            b.settle();
            for n in 0.. {
                assert!(n < 200, "state {v:03x} never reported");
                let taken = b.uut.taken.val();
                line.push(b.uut.tx.val());
                b.tick(|u| &mut u.clock);
                if taken {
                    break;
                }
            }
        }
        for _ in 0..400 {
            line.push(b.uut.tx.val());
            b.tick(|u| &mut u.clock);
        }
        let got = String::from_utf8(bytes(&line)).unwrap();
        assert_eq!(got, want);
    }
}
