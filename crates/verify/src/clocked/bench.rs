//! A tiny bench for a block's own tests: set inputs, settle the
//! combinational logic, give one rising clock edge. The `rtl` level
//! ([`crate::levels::rtl`], through [`Driver`](crate::clocked::Driver)) drives whole machines with it.

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

    /// One clock cycle with the inputs just set: the falling edge, then the
    /// rising edge, settling after each; the clock is left high, the
    /// outputs settled after the rising edge.
    ///
    /// The inputs change with the falling edge, as a synchronous test bench
    /// drives them, so one settle carries both: a tick used to settle the
    /// inputs, rise, settle, fall and settle again, and the falling edge's
    /// own settle (four whole passes over the design each cycle, a third of
    /// all the time on a large design) is gone. Every block is a rising-edge
    /// design, so what the registers take at the edge, and every output
    /// read after it, is the same (docs/performance.md).
    pub fn tick(&mut self, clock: impl Fn(&mut B) -> &mut Signal<In, Clock>) {
        clock(&mut self.uut).next = Clock { clk: false };
        self.settle();
        clock(&mut self.uut).next = Clock { clk: true };
        self.settle();
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rust_hdl::prelude::*;

    /// rust-hdl-core 0.46's shifts, as it wrote them: `(x << s) & mask`
    /// in BigUint (vendor/README.md).
    fn bigint_shift<const N: usize>(x: u64, s: u64, left: bool) -> u64 {
        let x = BigUint::from(x);
        let mask = (BigUint::from(1u8) << N) - BigUint::from(1u8);
        let r = if left { (x << s) & mask } else { (x >> s) & mask };
        r.try_into().unwrap()
    }

    fn every_shift<const N: usize>() {
        let top = if N == 64 { u64::MAX } else { (1u64 << N) - 1 };
        let values = [0, 1, 2, 3, 0x5555_5555_5555_5555 & top, 0xAAAA_AAAA_AAAA_AAAA & top, top, top >> 1, top ^ 1];
        for x in values.map(|v| v & top) {
            for s in 0..80u64 {
                let b: Bits<N> = x.to_bits();
                let left: u64 = (b << s).into();
                let right: u64 = (b >> s).into();
                assert_eq!(left, bigint_shift::<N>(x, s, true), "{x:#x} << {s} at {N} bits");
                assert_eq!(right, bigint_shift::<N>(x, s, false), "{x:#x} >> {s} at {N} bits");
                // By a Bits amount too, as the designs write it.
                let by: Bits<8> = (s & 0xff).to_bits();
                let left_by: u64 = (b << by).into();
                assert_eq!(left_by, left, "{x:#x} << Bits({s}) at {N} bits");
            }
        }
    }

    #[test]
    fn short_shifts_match_bigint() {
        every_shift::<1>();
        every_shift::<2>();
        every_shift::<5>();
        every_shift::<8>();
        every_shift::<16>();
        every_shift::<31>();
        every_shift::<32>();
        // A long one (over 32 bits) is 0.46's own code, unchanged: the
        // reference must agree with it too.
        every_shift::<33>();
    }
}
