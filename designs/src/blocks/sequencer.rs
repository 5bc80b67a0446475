//! The sequencer of the relay NIM (002: "The 'sequencer' performs these steps
//! with a small delay between each step: 1) Store/latch the chosen pile.
//! 2) Take one stone from the indicated pile. 3) Test for done. ... 4) If not
//! done, return to step 2.").
//!
//! Each step lasts `pace` clock cycles (the "small delay", a parameter: a few
//! cycles in simulation, a visible fraction of a second on a board); on its
//! last cycle the step's strobe fires and the next step begins. The `stop`
//! input is the done test, looked at on the last cycle of step 3.

use rust_hdl::prelude::*;

/// Step numbers as the `step` output shows them.
pub const IDLE: u64 = 0;
pub const LATCH: u64 = 1;
pub const TAKE: u64 = 2;
pub const TEST: u64 = 3;

#[derive(Clone, LogicBlock)]
pub struct Sequencer<const D: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// Begin a move (only looked at while idle).
    pub start: Signal<In, Bit>,
    /// The done test of step 3.
    pub stop: Signal<In, Bit>,
    /// Strobes, one cycle each: step 1 latches, step 2 takes, step 3 finds the move done.
    pub latch: Signal<Out, Bit>,
    pub take: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub busy: Signal<Out, Bit>,
    pub step: Signal<Out, Bits<2>>,
    /// Cycles spent in the present step so far.
    pub dwell: Signal<Out, Bits<D>>,
    current: DFF<Bits<2>>,
    elapsed: DFF<Bits<D>>,
    /// The delay: cycles per step, minus one.
    pace_last: Constant<Bits<D>>,
    idle: Constant<Bits<2>>,
    latching: Constant<Bits<2>>,
    taking: Constant<Bits<2>>,
    testing: Constant<Bits<2>>,
    step_ends: Signal<Local, Bit>,
}

impl<const D: usize> Sequencer<D> {
    /// A sequencer whose steps last `pace` cycles (1 ..= 2^D).
    pub fn new(pace: u64) -> Self {
        assert!(pace >= 1 && pace <= 1 << D, "pace {pace} does not fit {D} bits");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            start: Default::default(),
            stop: Default::default(),
            latch: Default::default(),
            take: Default::default(),
            done: Default::default(),
            busy: Default::default(),
            step: Default::default(),
            dwell: Default::default(),
            current: Default::default(),
            elapsed: Default::default(),
            pace_last: Constant::new((pace - 1).into()),
            idle: Constant::new(IDLE.into()),
            latching: Constant::new(LATCH.into()),
            taking: Constant::new(TAKE.into()),
            testing: Constant::new(TEST.into()),
            step_ends: Default::default(),
        }
    }
}

impl<const D: usize> Logic for Sequencer<D> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, current, elapsed);
        self.step.next = self.current.q.val();
        self.dwell.next = self.elapsed.q.val();
        self.busy.next = self.current.q.val() != self.idle.val();
        self.step_ends.next = self.elapsed.q.val() == self.pace_last.val();
        self.latch.next = false;
        self.take.next = false;
        self.done.next = false;
        if self.current.q.val() == self.idle.val() {
            if self.start.val() {
                self.current.d.next = self.latching.val();
            }
        } else {
            self.elapsed.d.next = self.elapsed.q.val() + 1;
            if self.step_ends.val() {
                self.elapsed.d.next = 0.into();
                if self.current.q.val() == self.latching.val() {
                    self.latch.next = true;
                    self.current.d.next = self.taking.val();
                }
                if self.current.q.val() == self.taking.val() {
                    self.take.next = true;
                    self.current.d.next = self.testing.val();
                }
                if self.current.q.val() == self.testing.val() {
                    if self.stop.val() {
                        self.done.next = true;
                        self.current.d.next = self.idle.val();
                    } else {
                        self.current.d.next = self.taking.val();
                    }
                }
            }
        }
        if self.reset.val() {
            self.current.d.next = self.idle.val();
            self.elapsed.d.next = 0.into();
            self.latch.next = false;
            self.take.next = false;
            self.done.next = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// A reference written from the document's four steps: (step, dwell) and
    /// the inputs give the next (step, dwell) and the strobes (latch, take, done).
    fn reference(step: u64, dwell: u64, pace: u64, start: bool, stop: bool, reset: bool) -> (u64, u64, [bool; 3]) {
        if reset {
            return (IDLE, 0, [false; 3]);
        }
        if step == IDLE {
            return (if start { LATCH } else { IDLE }, 0, [false; 3]);
        }
        if dwell + 1 < pace {
            return (step, dwell + 1, [false; 3]);
        }
        match step {
            LATCH => (TAKE, 0, [true, false, false]),
            TAKE => (TEST, 0, [false, true, false]),
            _ if stop => (IDLE, 0, [false, false, true]),
            _ => (TAKE, 0, [false; 3]),
        }
    }

    /// Every (step, dwell) under every (start, stop, reset), one clock, for paces 1..=4.
    #[test]
    fn every_state_under_every_input() {
        for pace in 1..=4u64 {
            // Reach each state by driving from power-on: start, then clocks.
            let mut states = vec![(IDLE, 0)];
            for step in [LATCH, TAKE, TEST] {
                for dwell in 0..pace {
                    states.push((step, dwell));
                }
            }
            for &(step, dwell) in &states {
                for inputs in 0..8u8 {
                    let (start, stop, reset) = (inputs & 1 == 1, inputs & 2 == 2, inputs & 4 == 4);
                    let mut b = Bench::new(Sequencer::<2>::new(pace));
                    // Walk to (step, dwell) with stop low, so TEST goes back to TAKE.
                    let mut now = (IDLE, 0);
                    b.uut.start.next = true;
                    let mut guard = 0;
                    while now != (step, dwell) {
                        b.tick(|u| &mut u.clock);
                        b.uut.start.next = false;
                        now = (b.uut.step.val().index() as u64, b.uut.dwell.val().index() as u64);
                        guard += 1;
                        assert!(guard < 100, "cannot reach {step},{dwell}");
                    }
                    b.uut.start.next = start;
                    b.uut.stop.next = stop;
                    b.uut.reset.next = reset;
                    b.settle();
                    let (nstep, nwait, strobes) = reference(step, dwell, pace, start, stop, reset);
                    let got = [b.uut.latch.val(), b.uut.take.val(), b.uut.done.val()];
                    assert_eq!(got, strobes, "pace {pace} at {step},{dwell} inputs {inputs}");
                    assert_eq!(b.uut.busy.val(), step != IDLE);
                    b.tick(|u| &mut u.clock);
                    let after = (b.uut.step.val().index() as u64, b.uut.dwell.val().index() as u64);
                    assert_eq!(after, (nstep, nwait), "pace {pace} at {step},{dwell} inputs {inputs}");
                }
            }
        }
    }
}
