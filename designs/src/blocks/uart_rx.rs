//! A UART receiver, 8N1, for the front-panel protocol (`fpga/protocol.md`).
//! The line passes two flip-flops first, so a board can wire its RX pin
//! straight in. A start bit is checked again half a bit after its falling
//! edge (a shorter low glitch is ignored); each data bit and the stop bit are
//! sampled in the middle; a frame whose stop bit is low is dropped.
//!
//! The synchroniser holds the line inverted, so its power-on zeros read as
//! an idle (high) line rather than as a start bit.

use rust_hdl::prelude::*;

/// `stage` values.
const IDLE: u64 = 0;
const START: u64 = 1;
const STOP: u64 = 10;

#[derive(Clone, LogicBlock)]
pub struct UartRx<const D: usize> {
    pub clock: Signal<In, Clock>,
    /// The serial line, high when idle.
    pub rx: Signal<In, Bit>,
    /// The last byte received; valid while `valid` is high and until the next.
    pub data: Signal<Out, Bits<8>>,
    /// One cycle per byte received.
    pub valid: Signal<Out, Bit>,
    sync_n: DFF<Bits<2>>,
    /// IDLE, START, data bits 2..9, STOP.
    stage: DFF<Bits<4>>,
    timer: DFF<Bits<D>>,
    shift: DFF<Bits<8>>,
    got: DFF<Bit>,
    bit_last: Constant<Bits<D>>,
    half_last: Constant<Bits<D>>,
    idle: Constant<Bits<4>>,
    start_bit: Constant<Bits<4>>,
    stop_bit: Constant<Bits<4>>,
    line: Signal<Local, Bit>,
    rx_n: Signal<Local, Bit>,
}

impl<const D: usize> UartRx<D> {
    pub fn new(clocks_per_bit: u64) -> Self {
        assert!(clocks_per_bit >= 2 && clocks_per_bit <= 1 << D, "{clocks_per_bit} clocks per bit do not fit {D} bits");
        Self {
            clock: Default::default(),
            rx: Default::default(),
            data: Default::default(),
            valid: Default::default(),
            sync_n: Default::default(),
            stage: Default::default(),
            timer: Default::default(),
            shift: Default::default(),
            got: Default::default(),
            bit_last: Constant::new((clocks_per_bit - 1).into()),
            half_last: Constant::new((clocks_per_bit / 2 - 1).into()),
            idle: Constant::new(IDLE.into()),
            start_bit: Constant::new(START.into()),
            stop_bit: Constant::new(STOP.into()),
            line: Default::default(),
            rx_n: Default::default(),
        }
    }
}

impl<const D: usize> Logic for UartRx<D> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, sync_n, stage, timer, shift, got);
        // Negated apart: inside a widening cast Verilog would widen first.
        self.rx_n.next = !self.rx.val();
        self.sync_n.d.next = (self.sync_n.q.val() << 1) | bit_cast::<2, 1>(self.rx_n.val().into());
        self.line.next = !self.sync_n.q.val().get_bit(1);
        self.data.next = self.shift.q.val();
        self.valid.next = self.got.q.val();
        self.got.d.next = false;
        self.timer.d.next = self.timer.q.val() + 1;
        if self.stage.q.val() == self.idle.val() {
            self.timer.d.next = 0.into();
            if !self.line.val() {
                self.stage.d.next = self.start_bit.val();
            }
        } else if self.stage.q.val() == self.start_bit.val() {
            if self.timer.q.val() == self.half_last.val() {
                self.timer.d.next = 0.into();
                if self.line.val() {
                    self.stage.d.next = self.idle.val();
                } else {
                    self.stage.d.next = self.stage.q.val() + 1;
                }
            }
        } else if self.stage.q.val() == self.stop_bit.val() {
            if self.timer.q.val() == self.bit_last.val() {
                self.timer.d.next = 0.into();
                self.stage.d.next = self.idle.val();
                self.got.d.next = self.line.val();
            }
        } else if self.timer.q.val() == self.bit_last.val() {
            self.timer.d.next = 0.into();
            self.stage.d.next = self.stage.q.val() + 1;
            self.shift.d.next = (self.shift.q.val() >> 1) | (bit_cast::<8, 1>(self.line.val().into()) << 7);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    const BIT: usize = 4;

    /// Drive `levels` (one per cycle) into a fresh receiver and collect the
    /// bytes it reports.
    fn receive(levels: &[bool]) -> Vec<u64> {
        let mut b = Bench::new(UartRx::<2>::new(BIT as u64));
        let mut got = vec![];
        for &level in levels {
            b.uut.rx.next = level;
            b.tick(|u| &mut u.clock);
            if b.uut.valid.val() {
                got.push(b.uut.data.val().index() as u64);
            }
        }
        got
    }

    /// One 8N1 frame, `BIT` cycles a bit, with `stop` as the stop bit's level.
    fn frame(byte: u64, stop: bool) -> Vec<bool> {
        let mut bits = vec![false];
        bits.extend((0..8).map(|i| byte >> i & 1 == 1));
        bits.push(stop);
        bits.iter().flat_map(|&v| [v; BIT]).collect()
    }

    /// Every byte, back to back and after an idle gap of every length up to
    /// a whole frame (so the start edge meets the receiver at every phase of
    /// its own counters), arrives exactly once and intact.
    #[test]
    fn every_byte_at_every_phase() {
        for gap in 0..(10 * BIT) {
            let mut line = vec![true; 3 + gap];
            let bytes: Vec<u64> = (0..256u64).collect();
            for &byte in &bytes {
                line.extend(frame(byte, true));
                line.extend(vec![true; gap]);
            }
            line.extend(vec![true; 2 * BIT]);
            assert_eq!(receive(&line), bytes, "gap {gap}");
        }
    }

    /// A low glitch shorter than half a bit is no start bit.
    #[test]
    fn a_short_glitch_is_ignored() {
        for width in 1..BIT / 2 {
            let mut line = vec![true; 4];
            line.extend(vec![false; width]);
            line.extend(vec![true; 12 * BIT]);
            line.extend(frame(0x5a, true));
            line.extend(vec![true; 2 * BIT]);
            assert_eq!(receive(&line), vec![0x5a], "glitch of {width}");
        }
    }

    /// A frame whose stop bit is low is dropped, and the next one still
    /// arrives.
    #[test]
    fn a_framing_error_is_dropped() {
        for byte in [0x00, 0x61, 0xff] {
            let mut line = vec![true; 4];
            line.extend(frame(byte, false));
            line.extend(vec![true; 12 * BIT]);
            line.extend(frame(0x33, true));
            line.extend(vec![true; 2 * BIT]);
            assert_eq!(receive(&line), vec![0x33], "after a bad frame of {byte:#04x}");
        }
    }

    /// The transmitter and receiver agree on every byte.
    #[test]
    fn loopback() {
        use super::super::uart_tx::UartTx;
        let mut tx = Bench::new(UartTx::<2>::new(BIT as u64));
        let mut line = vec![true; 4];
        for byte in 0..256u64 {
            tx.uut.data.next = byte.into();
            tx.uut.start.next = true;
            tx.tick(|u| &mut u.clock);
            tx.uut.start.next = false;
            while tx.uut.busy.val() {
                line.push(tx.uut.tx.val());
                tx.tick(|u| &mut u.clock);
            }
        }
        line.extend(vec![true; 2 * BIT]);
        assert_eq!(receive(&line), (0..256).collect::<Vec<u64>>());
    }
}
