//! A board button into a one-cycle press (spec/machines.md: "debouncing and
//! synchronising real buttons belongs to the board wrapper"): two flip-flops
//! synchronise the pin; the level is believed once it has held for
//! `stable` cycles running; a press is the cycle the believed level rises.
//! `D` is the width of the hold counter.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct Debouncer<const D: usize> {
    pub clock: Signal<In, Clock>,
    /// The button, high while pressed, straight from its pin.
    pub button: Signal<In, Bit>,
    /// One cycle per press.
    pub press: Signal<Out, Bit>,
    sync: DFF<Bits<2>>,
    level: DFF<Bit>,
    held: DFF<Bits<D>>,
    pulse: DFF<Bit>,
    stable_last: Constant<Bits<D>>,
    raw: Signal<Local, Bit>,
}

impl<const D: usize> Debouncer<D> {
    /// A level is believed after `stable` cycles (2 to 2^D).
    pub fn new(stable: u64) -> Self {
        assert!(stable >= 2 && stable <= 1 << D, "{stable} cycles do not fit {D} bits");
        Self {
            clock: Default::default(),
            button: Default::default(),
            press: Default::default(),
            sync: Default::default(),
            level: Default::default(),
            held: Default::default(),
            pulse: Default::default(),
            stable_last: Constant::new((stable - 1).into()),
            raw: Default::default(),
        }
    }
}

impl<const D: usize> Logic for Debouncer<D> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, sync, level, held, pulse);
        self.sync.d.next = (self.sync.q.val() << 1) | bit_cast::<2, 1>(self.button.val().into());
        self.raw.next = self.sync.q.val().get_bit(1);
        self.pulse.d.next = false;
        if self.raw.val() == self.level.q.val() {
            self.held.d.next = 0.into();
        } else if self.held.q.val() == self.stable_last.val() {
            self.held.d.next = 0.into();
            self.level.d.next = self.raw.val();
            self.pulse.d.next = self.raw.val();
        } else {
            self.held.d.next = self.held.q.val() + 1;
        }
        self.press.next = self.pulse.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    fn presses(levels: &[bool], stable: u64) -> Vec<usize> {
        let mut b = Bench::new(Debouncer::<4>::new(stable));
        let mut out = vec![];
        for (t, &l) in levels.iter().enumerate() {
            b.uut.button.next = l;
            b.tick(|u| &mut u.clock);
            if b.uut.press.val() {
                out.push(t);
            }
        }
        out
    }

    /// Every bounce pattern of 10 cycles before the contact settles (all
    /// 1,024), with a hold time longer than the bouncing, on press and on
    /// release: exactly one press, a fixed time after the last bounce; and
    /// no press from a glitch shorter than the hold time.
    #[test]
    fn every_bounce_gives_one_press() {
        let stable = 11;
        for pattern in 0..1024u32 {
            let bounce: Vec<bool> = (0..10).map(|i| pattern >> i & 1 == 1).collect();
            let last_change = (0..10).rev().find(|&i| !bounce[i]).map_or(0, |i| i + 1);
            let mut levels = vec![false; 3];
            levels.extend(&bounce);
            levels.extend(vec![true; 30]);
            // The release bounces too.
            levels.extend(bounce.iter().map(|b| !b));
            levels.extend(vec![false; 30]);
            let got = presses(&levels, stable);
            assert_eq!(got, vec![3 + last_change + 1 + stable as usize], "pattern {pattern:010b}");
        }
        for width in 1..stable as usize {
            let mut levels = vec![false; 3];
            levels.extend(vec![true; width]);
            levels.extend(vec![false; 30]);
            assert!(presses(&levels, stable).is_empty(), "a glitch of {width}");
        }
    }
}
