//! A tiny clocked driver for a block's own tests: set inputs, settle the
//! combinational logic, give one rising clock edge. The `rtl` level
//! ([`crate::rtl`], through [`crate::driver`]) drives whole machines with it.

use rust_hdl::prelude::*;

/// A block under test, connected and settled.
pub struct Bench<B: Block> {
    /// The block; set its inputs' `next` and read its outputs' `val()`.
    pub uut: B,
}

impl<B: Block> Bench<B> {
    /// The block connected (`connect_all`) and its logic settled.
    pub fn new(mut uut: B) -> Self {
        uut.connect_all();
        let mut b = Bench { uut };
        b.settle();
        b
    }

    /// Propagate the inputs through the combinational logic.
    pub fn settle(&mut self) {
        assert!(simulate(&mut self.uut, 1000), "logic did not settle");
    }

    /// One clock cycle: rising edge, then falling edge, settling after each.
    pub fn tick(&mut self, clock: impl Fn(&mut B) -> &mut Signal<In, Clock>) {
        self.settle();
        clock(&mut self.uut).next = Clock { clk: true };
        self.settle();
        clock(&mut self.uut).next = Clock { clk: false };
        self.settle();
    }
}
