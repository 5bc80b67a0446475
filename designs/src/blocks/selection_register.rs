//! The selection register (002: "The first step in choosing a move is to store
//! or 'latch' the chosen pile in a selection register, so that the selection
//! won't change as the machine removes stones from the pile"). One-hot, one
//! bit per pile; `clear` (RESET) empties it.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct SelectionRegister<const N: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub latch: Signal<In, Bit>,
    pub d: [Signal<In, Bit>; N],
    pub q: [Signal<Out, Bit>; N],
    held: [DFF<Bit>; N],
}

impl<const N: usize> Default for SelectionRegister<N> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            clear: Default::default(),
            latch: Default::default(),
            d: array_init::array_init(|_| Default::default()),
            q: array_init::array_init(|_| Default::default()),
            held: array_init::array_init(|_| Default::default()),
        }
    }
}

impl<const N: usize> Logic for SelectionRegister<N> {
    #[hdl_gen]
    fn update(&mut self) {
        for i in 0..N {
            self.held[i].clock.next = self.clock.val();
            self.held[i].d.next = self.held[i].q.val();
            self.q[i].next = self.held[i].q.val();
            if self.latch.val() {
                self.held[i].d.next = self.d[i].val();
            }
            if self.clear.val() {
                self.held[i].d.next = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every held value under every input (clear, latch with every d, none), one clock.
    #[test]
    fn every_state_under_every_input() {
        for held in 0..8usize {
            for d in 0..8usize {
                for (latch, clear) in [(false, false), (true, false), (false, true), (true, true)] {
                    let mut b = Bench::new(SelectionRegister::<3>::default());
                    for i in 0..3 {
                        b.uut.d[i].next = held >> i & 1 == 1;
                    }
                    b.uut.latch.next = true;
                    b.tick(|u| &mut u.clock);
                    for i in 0..3 {
                        b.uut.d[i].next = d >> i & 1 == 1;
                    }
                    b.uut.latch.next = latch;
                    b.uut.clear.next = clear;
                    b.tick(|u| &mut u.clock);
                    let want = if clear {
                        0
                    } else if latch {
                        d
                    } else {
                        held
                    };
                    for i in 0..3 {
                        assert_eq!(b.uut.q[i].val(), want >> i & 1 == 1);
                    }
                }
            }
        }
    }
}
