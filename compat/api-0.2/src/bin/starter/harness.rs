//! The harness: the design, the oracle and the presses joined for
//! nimforge. CHANGE THIS where the comments say, when you change the other
//! three files.

use crate::design::Counter;
use crate::oracle::Digit;
use crate::presses::Press;
use nimforge_verify::prelude::*;

pub struct CounterMachine;

impl Machine for CounterMachine {
    /// The oracle's state.
    type State = Digit;
    /// Registers the design writes but never reads back (none here).
    type Extra = ();
    type Design = Counter;
    type Press = Press;
    /// The name in reports, and (as MODULE, the name unless said
    /// otherwise) the Verilog module and its file in generated/.
    const NAME: &'static str = "counter";

    // The ports, declared once: the inputs besides `clock` in the order of
    // a letter's values, the outputs in the order of `observe`. The widths
    // come from the design's types.
    ports!(Counter;
        inputs: [reset, press];
        outputs: [count, carry]);

    /// Every press, "no press" first.
    fn alphabet() -> Vec<Press> {
        vec![Press::None, Press::Reset, Press::Count]
    }
    /// Each press's name in reports and the inputs it sets (every other
    /// input 0).
    fn letter(p: Press) -> Letter {
        match p {
            Press::None => Letter::of::<Self>("none", &[]),
            Press::Reset => Letter::of::<Self>("RESET", &[("reset", 1)]),
            Press::Count => Letter::of::<Self>("COUNT", &[("press", 1)]),
        }
    }
    /// A press that returns to power-on from anywhere, if there is one: it
    /// lets the transition tour go home.
    fn home() -> Option<Press> {
        Some(Press::Reset)
    }
    fn power_on() -> Digit {
        Digit::default()
    }
    fn step(state: &Digit, press: Press) -> Digit {
        state.step(press)
    }
    /// The oracle's value of each output, in the order of the ports.
    fn observe(d: &Digit, _: &()) -> Vec<u64> {
        vec![d.count as u64, d.carry as u64]
    }
    fn design() -> Counter {
        Counter::default()
    }
    /// A copy of the design as it is now (it derives `Clone`): the `rtl`
    /// level then runs the cycles that pieces of the plan share from
    /// power-on once. Leave it out for a design that is not `Clone`.
    fn fork(d: &Counter) -> Option<Counter> {
        Some(d.clone())
    }
}
