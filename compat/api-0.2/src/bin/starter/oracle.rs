//! The oracle: what the design must show after each clock cycle, written
//! from the rules in plain Rust, without looking at the design. CHANGE THIS
//! to your model. It must be a finite state (`Copy + Eq + Hash`): nimforge
//! explores every state it can reach.

use crate::presses::Press;

/// What the digit holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Digit {
    /// The digit shown, 0 to 9.
    pub count: u8,
    /// It wrapped from 9 to 0 in the last cycle.
    pub carry: bool,
}

impl Digit {
    /// One clock cycle under a press.
    pub fn step(self, press: Press) -> Digit {
        match press {
            Press::Reset => Digit::default(),
            Press::Count if self.count == 9 => Digit { count: 0, carry: true },
            Press::Count => Digit { count: self.count + 1, carry: false },
            Press::None => Digit { carry: false, ..self },
        }
    }
}
