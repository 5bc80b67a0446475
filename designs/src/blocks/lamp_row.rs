//! A row of seven lamps held as lamp states (000: "The lamps ... are
//! connected in circuits which are controlled by relays A1 to A7 ... The
//! relays are provided with back contacts ... which normally maintain the
//! lamp circuits closed"). The register is the relays: bit k set when relay
//! k + 1 is actuated and its lamp is out, so the lamps are all lit at
//! power-on. `put_out` is a player's button or a machine pulse: "he
//! extinguishes the energized lamp having the lowest subscript in the
//! corresponding row". `load` sets the relays for a new game.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct LampRow {
    pub clock: Signal<In, Clock>,
    pub put_out: Signal<In, Bit>,
    pub load: Signal<In, Bit>,
    /// The relays to actuate on `load` (bit k: lamp k + 1 out).
    pub pattern: Signal<In, Bits<7>>,
    /// Bit k: lamp k + 1 is lit.
    pub lamps: Signal<Out, Bits<7>>,
    /// No lamp of the row is lit.
    pub dark: Signal<Out, Bit>,
    /// Exactly one lamp is lit, the last (lamp 7).
    pub last_lamp: Signal<Out, Bit>,
    relays: DFF<Bits<7>>,
    only_seventh: Constant<Bits<7>>,
}

impl Logic for LampRow {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, relays);
        self.lamps.next = !self.relays.q.val();
        self.dark.next = self.relays.q.val().all();
        self.last_lamp.next = self.relays.q.val() == self.only_seventh.val();
        if self.put_out.val() {
            // Actuate the lowest relay not yet actuated: x | (x + 1).
            self.relays.d.next = self.relays.q.val() | (self.relays.q.val() + 1);
        }
        if self.load.val() {
            self.relays.d.next = self.pattern.val();
        }
    }
}

impl LampRow {
    /// Simulation only: actuate the relays of all but the last `lit` lamps,
    /// as if the row had been played down to them.
    pub fn preset(&mut self, lit: u8) {
        self.relays.q.next = ((1u64 << (7 - lit.min(7))) - 1).into();
    }
}

impl Default for LampRow {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            put_out: Default::default(),
            load: Default::default(),
            pattern: Default::default(),
            lamps: Default::default(),
            dark: Default::default(),
            last_lamp: Default::default(),
            relays: Default::default(),
            only_seventh: Constant::new(0b0111111.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every relay state (all 128, not only the reachable ones) under every input.
    #[test]
    fn every_state_under_every_input() {
        for relays in 0..128u64 {
            for (put_out, load) in [(false, false), (true, false), (false, true), (true, true)] {
                let mut b = Bench::new(LampRow::default());
                b.uut.pattern.next = relays.into();
                b.uut.load.next = true;
                b.tick(|u| &mut u.clock);
                b.uut.load.next = load;
                b.uut.put_out.next = put_out;
                b.uut.pattern.next = 0b1010101.into();
                b.settle();
                assert_eq!(b.uut.lamps.val().index() as u64, !relays & 0x7f);
                assert_eq!(b.uut.dark.val(), relays == 0x7f);
                assert_eq!(b.uut.last_lamp.val(), relays == 0x3f);
                b.tick(|u| &mut u.clock);
                let lowest_lit_out = match (0..7).find(|k| relays >> k & 1 == 0) {
                    Some(k) => relays | 1 << k,
                    None => relays,
                };
                let want = if load {
                    0b1010101
                } else if put_out {
                    lowest_lit_out
                } else {
                    relays
                };
                assert_eq!(b.uut.lamps.val().index() as u64, !want & 0x7f, "{relays:07b} put_out={put_out} load={load}");
            }
        }
    }
}
