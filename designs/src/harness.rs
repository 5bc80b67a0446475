//! A tiny clocked driver for the blocks' own tests: set inputs, settle the
//! combinational logic, give one rising clock edge. The toolkit's `rtl` level
//! in `src/verify/rtl.rs` drives whole machines the same way.

use rust_hdl::prelude::*;

pub struct Bench<B: Block> {
    pub uut: B,
}

impl<B: Block> Bench<B> {
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
