//! The front panel every board wrapper shares (`fpga/protocol.md`): a UART
//! receiver whose bytes come out as keys, four board buttons synchronised
//! and debounced into presses, and a reporter that sends the machine's
//! visible state through a UART transmitter after every change, and the
//! machine's refusal of a press held until a report has carried it (the
//! report's `illegal` bit). `U` is the
//! width of the UART's bit timer, `W` the report's width, `B` the width of
//! the debouncers' hold counters.

use super::debouncer::Debouncer;
use super::reporter::Reporter;
use super::uart_rx::UartRx;
use super::uart_tx::UartTx;
use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct FrontPanel<const U: usize, const W: usize, const B: usize> {
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
    /// The machine refused a press in this cycle.
    pub refused: Signal<In, Bit>,
    /// A press was refused since the last report was taken: the report's
    /// `illegal` bit, held until a report has carried it.
    pub illegal: Signal<Out, Bit>,
    /// The board's buttons, high while pressed (the board's top inverts an
    /// active-low one; a board without buttons ties them low).
    pub buttons: Signal<In, Bits<4>>,
    /// One cycle per press of each button.
    pub button_press: Signal<Out, Bits<4>>,
    debouncers: [Debouncer<B>; 4],
    receiver: UartRx<U>,
    transmitter: UartTx<U>,
    reporter: Reporter<W>,
    illegal_seen: DFF<Bit>,
}

impl<const U: usize, const W: usize, const B: usize> FrontPanel<U, W, B> {
    /// `clocks_per_bit` on the UART; a button's level believed after
    /// `stable` cycles.
    pub fn new(clocks_per_bit: u64, stable: u64) -> Self {
        Self {
            clock: Default::default(),
            rx: Default::default(),
            tx: Default::default(),
            state: Default::default(),
            key: Default::default(),
            pressed: Default::default(),
            taken: Default::default(),
            refused: Default::default(),
            illegal: Default::default(),
            buttons: Default::default(),
            button_press: Default::default(),
            debouncers: array_init::array_init(|_| Debouncer::new(stable)),
            receiver: UartRx::new(clocks_per_bit),
            transmitter: UartTx::new(clocks_per_bit),
            reporter: Reporter::new(),
            illegal_seen: Default::default(),
        }
    }
}

impl<const U: usize, const W: usize, const B: usize> Logic for FrontPanel<U, W, B> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, illegal_seen);
        clock!(self, clock, receiver, transmitter, reporter);
        for k in 0..4 {
            self.debouncers[k].clock.next = self.clock.val();
            self.debouncers[k].button.next = self.buttons.val().get_bit(k);
        }
        self.button_press.next = bit_cast::<4, 1>(self.debouncers[0].press.val().into())
            | (bit_cast::<4, 1>(self.debouncers[1].press.val().into()) << 1)
            | (bit_cast::<4, 1>(self.debouncers[2].press.val().into()) << 2)
            | (bit_cast::<4, 1>(self.debouncers[3].press.val().into()) << 3);
        self.receiver.rx.next = self.rx.val();
        self.key.next = self.receiver.data.val();
        self.pressed.next = self.receiver.valid.val();
        self.reporter.state.next = self.state.val();
        self.taken.next = self.reporter.taken.val();
        self.reporter.busy.next = self.transmitter.busy.val();
        self.transmitter.data.next = self.reporter.data.val();
        self.transmitter.start.next = self.reporter.start.val();
        self.tx.next = self.transmitter.tx.val();
        self.illegal_seen.d.next = self.refused.val() | (self.illegal_seen.q.val() & !self.reporter.taken.val());
        self.illegal.next = self.illegal_seen.q.val();
    }
}
