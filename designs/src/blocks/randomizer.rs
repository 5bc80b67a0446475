//! The randomizer (002: "just a counter that indicates the first pile to
//! consider for a move. The counter advances to the next pile after each move
//! by the machine"). A B-bit counter 0..N-1 with its one-hot decode.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct Randomizer<const N: usize, const B: usize> {
    pub clock: Signal<In, Clock>,
    pub advance: Signal<In, Bit>,
    /// Back to 0 (a power-on reset), before `advance`.
    pub clear: Signal<In, Bit>,
    pub value: Signal<Out, Bits<B>>,
    /// One-hot: `first[i]` when the counter names pile i.
    pub first: [Signal<Out, Bit>; N],
    counter: DFF<Bits<B>>,
    last: Constant<Bits<B>>,
}

impl<const N: usize, const B: usize> Default for Randomizer<N, B> {
    fn default() -> Self {
        assert!(N >= 1 && N <= 1 << B, "{N} piles need more than {B} bits");
        Self {
            clock: Default::default(),
            advance: Default::default(),
            clear: Default::default(),
            value: Default::default(),
            first: array_init::array_init(|_| Default::default()),
            counter: Default::default(),
            last: Constant::new(((N - 1) as u64).into()),
        }
    }
}

impl<const N: usize, const B: usize> Randomizer<N, B> {
    /// Simulation only: set the counter.
    pub fn preset(&mut self, value: u64) {
        self.counter.q.next = value.into();
    }
}

impl<const N: usize, const B: usize> Logic for Randomizer<N, B> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, counter);
        self.value.next = self.counter.q.val();
        for i in 0..N {
            self.first[i].next = self.counter.q.val().index() == i;
        }
        if self.advance.val() {
            self.counter.d.next = self.counter.q.val() + 1;
            if self.counter.q.val() == self.last.val() {
                self.counter.d.next = 0.into();
            }
        }
        if self.clear.val() {
            self.counter.d.next = 0.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every counter value under advance, clear, both and none.
    #[test]
    fn every_state_under_every_input() {
        for start in 0..3usize {
            for (advance, clear) in [(false, false), (true, false), (false, true), (true, true)] {
                let mut b = Bench::new(Randomizer::<3, 2>::default());
                b.uut.advance.next = true;
                for _ in 0..start {
                    b.tick(|u| &mut u.clock);
                }
                b.uut.advance.next = advance;
                b.uut.clear.next = clear;
                b.settle();
                for i in 0..3 {
                    assert_eq!(b.uut.first[i].val(), i == start);
                }
                b.tick(|u| &mut u.clock);
                let want = if clear {
                    0
                } else if advance {
                    (start + 1) % 3
                } else {
                    start
                };
                assert_eq!(b.uut.value.val().index(), want);
            }
        }
    }
}
