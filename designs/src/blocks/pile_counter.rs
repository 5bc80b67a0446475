//! The pile register of the relay NIM: a W-bit counter holding the ones'
//! complement of the pile size (002, technical notes: "a size of 5 (binary 101)
//! is actually stored as 010. That way incrementing the counter decrements the
//! pile size"). `fill` (RESET) stores 000, a full pile of 2^W - 1 stones.

use super::pulse_counter::PulseCounter;
use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock, Default)]
pub struct PileCounter<const W: usize> {
    pub clock: Signal<In, Clock>,
    /// RESET: fill the pile (stored value 0).
    pub fill: Signal<In, Bit>,
    /// Take one stone: increment the stored complement.
    pub take: Signal<In, Bit>,
    /// The register itself, as the relays hold it.
    pub stored: Signal<Out, Bits<W>>,
    /// The pile size, the complement of the stored value.
    pub size: Signal<Out, Bits<W>>,
    /// The pile holds no stone (stored value all ones).
    pub empty: Signal<Out, Bit>,
    /// A counter like Nimatron's (a count a pulse, cleared to 0).
    counter: PulseCounter<W>,
}

impl<const W: usize> Logic for PileCounter<W> {
    #[hdl_gen]
    fn update(&mut self) {
        self.counter.clock.next = self.clock.val();
        self.counter.pulse.next = self.take.val();
        self.counter.clear.next = self.fill.val();
        self.stored.next = self.counter.count.val();
        self.size.next = !self.counter.count.val();
        self.empty.next = self.counter.count.val().all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every stored value under every input (none, take, fill, both), one clock.
    #[test]
    fn every_state_under_every_input() {
        for start in 0..8u64 {
            for (take, fill) in [(false, false), (true, false), (false, true), (true, true)] {
                let mut b = Bench::new(PileCounter::<3>::default());
                for _ in 0..start {
                    b.uut.take.next = true;
                    b.tick(|u| &mut u.clock);
                }
                b.uut.take.next = false;
                b.settle();
                assert_eq!(b.uut.stored.val().index() as u64, start);
                assert_eq!(b.uut.size.val().index() as u64, 7 - start);
                assert_eq!(b.uut.empty.val(), start == 7);
                b.uut.take.next = take;
                b.uut.fill.next = fill;
                b.tick(|u| &mut u.clock);
                let want = if fill {
                    0
                } else if take {
                    (start + 1) % 8
                } else {
                    start
                };
                assert_eq!(b.uut.stored.val().index() as u64, want, "from {start} take={take} fill={fill}");
            }
        }
    }
}
