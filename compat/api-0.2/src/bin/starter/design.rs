//! The design: what the chip does, in rust-hdl. CHANGE THIS to your design.
//!
//! A decimal digit that counts presses: `count` goes 0, 1, ..., 9, 0, ...
//! one step for each cycle `press` is high, and `carry` is high for the
//! cycle after it wrapped from 9 to 0. `reset` puts it back to power-on.
//! Registers power on at 0, as the iCE40's flip-flops do.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock, Default)]
pub struct Counter {
    // The ports: a `clock`, inputs and outputs as `Signal`s of `Bit` or
    // `Bits<N>`. Their names become the Verilog's; list them in the
    // harness's `ports!` (src/harness.rs).
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub press: Signal<In, Bit>,
    pub count: Signal<Out, Bits<4>>,
    pub carry: Signal<Out, Bit>,
    // The registers.
    digit: DFF<Bits<4>>,
    wrapped: DFF<Bit>,
}

impl Logic for Counter {
    // `#[hdl_gen]` turns `update` into Verilog; rust-hdl's simulator runs the
    // same Rust. nimforge checks both, because they are two translations.
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, digit, wrapped);
        self.wrapped.d.next = false;
        if self.press.val() {
            if self.digit.q.val() == 9 {
                self.digit.d.next = 0.into();
                self.wrapped.d.next = true;
            } else {
                self.digit.d.next = self.digit.q.val() + 1;
            }
        }
        if self.reset.val() {
            self.digit.d.next = 0.into();
            self.wrapped.d.next = false;
        }
        self.count.next = self.digit.q.val();
        self.carry.next = self.wrapped.q.val();
    }
}
