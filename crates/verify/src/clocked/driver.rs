//! One way to drive a design cycle by cycle, as a person at its buttons
//! would: press a letter for one clock, wait with no press until the
//! outputs say something has happened (never longer than a stated limit),
//! read an output by its name. The `rtl` level, `move`, `replay` and `sim`
//! all drive the rust-hdl design through it.

use super::bench::Bench;
use crate::harness::output_index;
use crate::Error;
use crate::{Letter, Machine};

/// A machine's rust-hdl design on the bench, its outputs after the last
/// clock, and the clocks so far.
pub struct Driver<M: Machine> {
    bench: Bench<M::Design>,
    letters: Vec<Letter>,
    out: Vec<u64>,
    cycles: u64,
}

impl<M: Machine> Default for Driver<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Machine> Driver<M> {
    /// The design as it is verified, at power-on.
    pub fn new() -> Self {
        Self::with_design(M::design())
    }

    /// Another build of the design (a study's variant of it), at power-on.
    pub fn with_design(design: M::Design) -> Self {
        let bench = Bench::new(design);
        let out = M::read(&bench.uut);
        Driver { bench, letters: M::letters(), out, cycles: 0 }
    }

    /// One clock cycle with `press`; the outputs after it.
    pub fn press(&mut self, press: M::Press) -> &[u64] {
        let letter = M::letter_of(press);
        self.press_letter(letter)
    }

    /// One clock cycle with `letter` (an index into [`Machine::letters`]);
    /// the outputs after it.
    pub fn press_letter(&mut self, letter: usize) -> &[u64] {
        M::drive(&mut self.bench.uut, &self.letters[letter].inputs);
        self.bench.tick(M::clock);
        self.cycles += 1;
        self.out = M::read(&self.bench.uut);
        &self.out
    }

    /// The same, calling `edge` with the design after the falling edge
    /// (with the inputs) and after the rising edge (for a waveform dump).
    pub fn press_observed(&mut self, letter: usize, mut edge: impl FnMut(&M::Design)) -> &[u64] {
        use rust_hdl::prelude::Clock;
        M::drive(&mut self.bench.uut, &self.letters[letter].inputs);
        // As Bench::tick: the inputs with the falling edge, then the rising.
        for level in [false, true] {
            M::clock(&mut self.bench.uut).next = Clock { clk: level };
            self.bench.settle();
            edge(&self.bench.uut);
        }
        self.cycles += 1;
        self.out = M::read(&self.bench.uut);
        &self.out
    }

    /// The index of the letter called `name`; a name the machine does not
    /// have is a mistake in the caller and panics naming it.
    pub fn letter(&self, name: &str) -> usize {
        self.letters.iter().position(|l| l.name == name).unwrap_or_else(|| panic!("{} has no letter '{name}'", M::NAME))
    }

    /// No press (letter 0) until `done` holds, at most `limit` cycles: the
    /// cycles waited (0 when it already holds), or a line saying that
    /// `what` did not happen within the limit.
    pub fn wait(&mut self, what: &str, limit: u64, done: impl Fn(&Self) -> bool) -> Result<u64, Error> {
        let mut waited = 0;
        while !done(self) {
            if waited == limit {
                return Err(Error::Stalled(format!("{} did not {what} within {limit} clock cycles", M::NAME)));
            }
            self.press_letter(0);
            waited += 1;
        }
        Ok(waited)
    }

    /// The output called `name` after the last clock.
    pub fn get(&self, name: &str) -> u64 {
        self.out[output_index::<M>(name)]
    }

    /// Every output after the last clock, in the order of [`Machine::outputs`].
    pub fn outputs(&self) -> &[u64] {
        &self.out
    }

    /// The letters, as [`Machine::letters`] gives them.
    pub fn letters(&self) -> &[Letter] {
        &self.letters
    }

    /// Clock cycles since power-on.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// The design itself, for what only a simulation can do (a preset, a
    /// VCD dump); [`Driver::settle`] after changing it.
    pub fn design(&mut self) -> &mut M::Design {
        &mut self.bench.uut
    }

    /// A copy of the driver and its design as they are now
    /// ([`Machine::fork`]), none where the machine makes no copies.
    pub fn fork(&self) -> Option<Self> {
        let uut = M::fork(&self.bench.uut)?;
        Some(Driver { bench: Bench { uut }, letters: self.letters.clone(), out: self.out.clone(), cycles: self.cycles })
    }

    /// Lets a changed design settle and reads its outputs again.
    pub fn settle(&mut self) {
        self.bench.settle();
        self.out = M::read(&self.bench.uut);
    }
}
