//! The front panel every board wrapper shares (`fpga/protocol.md`): a UART
//! receiver whose bytes come out as keys, and a reporter that sends the
//! machine's visible state through a UART transmitter after every change.
//! `U` is the width of the UART's bit timer, `W` the report's width.

use super::reporter::Reporter;
use super::uart_rx::UartRx;
use super::uart_tx::UartTx;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct FrontPanel<const U: usize, const W: usize> {
    pub clock: Signal<In, Clock>,
    /// The board's RX and TX pins.
    pub rx: Signal<In, Bit>,
    pub tx: Signal<Out, Bit>,
    /// The machine's visible state, as the report carries it.
    pub state: Signal<In, Bits<W>>,
    /// The byte received, valid while `pressed` is high (one cycle a byte).
    pub key: Signal<Out, Bits<8>>,
    pub pressed: Signal<Out, Bit>,
    /// High in the cycle the state is snapshotted for a report.
    pub taken: Signal<Out, Bit>,
    receiver: UartRx<U>,
    transmitter: UartTx<U>,
    reporter: Reporter<W>,
}

impl<const U: usize, const W: usize> FrontPanel<U, W> {
    pub fn new(clocks_per_bit: u64) -> Self {
        Self {
            clock: Default::default(),
            rx: Default::default(),
            tx: Default::default(),
            state: Default::default(),
            key: Default::default(),
            pressed: Default::default(),
            taken: Default::default(),
            receiver: UartRx::new(clocks_per_bit),
            transmitter: UartTx::new(clocks_per_bit),
            reporter: Reporter::new(),
        }
    }
}

impl<const U: usize, const W: usize> Logic for FrontPanel<U, W> {
    #[hdl_gen]
    fn update(&mut self) {
        self.receiver.clock.next = self.clock.val();
        self.transmitter.clock.next = self.clock.val();
        self.reporter.clock.next = self.clock.val();
        self.receiver.rx.next = self.rx.val();
        self.key.next = self.receiver.data.val();
        self.pressed.next = self.receiver.valid.val();
        self.reporter.state.next = self.state.val();
        self.taken.next = self.reporter.taken.val();
        self.reporter.busy.next = self.transmitter.busy.val();
        self.transmitter.data.next = self.reporter.data.val();
        self.transmitter.start.next = self.reporter.start.val();
        self.tx.next = self.transmitter.tx.val();
    }
}
