//! An electromechanical counter (000: TP, MWC, PWC): W bits, one count per
//! pulse, wrapping. Nothing in a machine reads it back.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock, Default)]
pub struct PulseCounter<const W: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub pulse: Signal<In, Bit>,
    pub count: Signal<Out, Bits<W>>,
    wheels: DFF<Bits<W>>,
}

impl<const W: usize> Logic for PulseCounter<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, wheels);
        self.count.next = self.wheels.q.val();
        if self.pulse.val() {
            self.wheels.d.next = self.wheels.q.val() + 1;
        }
        if self.clear.val() {
            self.wheels.d.next = 0.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every value of an 8-bit counter under pulse, clear, both and none.
    #[test]
    fn every_state_under_every_input() {
        let mut b = Bench::new(PulseCounter::<8>::default());
        for v in 0..256u64 {
            assert_eq!(b.uut.count.val().index() as u64, v);
            for (pulse, clear) in [(false, false), (true, false), (false, true), (true, true)] {
                let mut c = Bench::new(PulseCounter::<8>::default());
                c.uut.pulse.next = true;
                for _ in 0..v {
                    c.tick(|u| &mut u.clock);
                }
                c.uut.pulse.next = pulse;
                c.uut.clear.next = clear;
                c.tick(|u| &mut u.clock);
                let want = if clear { 0 } else { (v + pulse as u64) % 256 };
                assert_eq!(c.uut.count.val().index() as u64, want);
            }
            b.uut.pulse.next = true;
            b.tick(|u| &mut u.clock);
        }
    }
}
