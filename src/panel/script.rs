//! A machine's front panel as a simulation drives it: the board wrapper's
//! pins ([`Panel`]), and a script of presses with what the oracle reports
//! meanwhile ([`Script`], [`Stepper`]). The `panel` level
//! (`verify::panel`) checks a wrapper against its script; the terminal
//! panel (`play::sim`) plays the same wrapper.

use super::LineDriver;
use rust_hdl::prelude::*;

/// A machine's front panel as the `panel` level drives it.
pub trait Panel {
    /// The simulation wrapper's module in `generated/`.
    const MODULE: &'static str;
    /// Clock cycles per bit on the serial line: every simulation wrapper's.
    const CLOCKS_PER_BIT: usize = nimforge_designs::PANEL_SIM_CLOCKS_PER_BIT as usize;
    /// The report's fields (`nimforge_designs::report`).
    const LAYOUT: &'static nimforge_designs::report::Layout;
    /// The report's width in bits.
    const REPORT_BITS: usize = Self::LAYOUT.bits;
    /// The report's one-bit fields the wrapper holds until a line has
    /// carried them: the refused press (`illegal`) unless said otherwise.
    const HELD: &'static [&'static str] = &["illegal"];
    /// The board wrapper's simulation.
    type Design: Block;
    /// A new wrapper, paced as the simulations run it.
    fn design() -> Self::Design;
    /// Its clock input.
    fn clock(d: &mut Self::Design) -> &mut Signal<In, Clock>;
    /// Drives the RX line (from the host) to `level`.
    fn set_rx(d: &mut Self::Design, level: bool);
    /// The board's four buttons, bit k high while button k is pressed.
    fn set_buttons(d: &mut Self::Design, levels: u8);
    /// The TX line's level (to the host).
    fn tx(d: &Self::Design) -> bool;
    /// The presses and what the oracle reports meanwhile.
    fn script() -> Script;
    /// A report in words, for mismatch messages: every field of the layout.
    fn describe(report: u128) -> String {
        Self::LAYOUT.describe(report)
    }
}

/// What every [`Panel`] impl says the same way, in its impl block: the
/// wrapper's type and module, how one is made, and the pins
/// (`panel_pins!`); the report's fields are the machine module's `LAYOUT`.
/// `panel_wrapper!(TheWrapperSim, "the_module", TheWrapperSim::new(..));`
#[macro_export]
macro_rules! panel_wrapper {
    ($design:ident, $module:literal, $new:expr) => {
        const MODULE: &'static str = $module;
        const LAYOUT: &'static nimforge_designs::report::Layout = &LAYOUT;
        type Design = $design;
        fn design() -> $design {
            $new
        }
        $crate::panel_pins!($design);
    };
}

/// The pins every board wrapper has (`clock`, `rx`, `tx`, `buttons`), for
/// a [`Panel`] impl: `panel_pins!(TheWrapperSim);` in the impl block.
#[macro_export]
macro_rules! panel_pins {
    ($design:ty) => {
        fn clock(d: &mut $design) -> &mut rust_hdl::prelude::Signal<rust_hdl::prelude::In, rust_hdl::prelude::Clock> {
            &mut d.clock
        }
        fn set_rx(d: &mut $design, level: bool) {
            d.rx.next = level;
        }
        fn set_buttons(d: &mut $design, levels: u8) {
            d.buttons.next = (levels as u64).into();
        }
        fn tx(d: &$design) -> bool {
            d.tx.val()
        }
    };
}

/// The RX line and the buttons, one level per cycle, and the oracle's
/// report each cycle.
pub struct Script {
    /// The RX line's level each cycle.
    pub rx: Vec<bool>,
    /// The buttons' levels each cycle, bit k for button k.
    pub buttons: Vec<u8>,
    /// The oracle's report: at power-on, then after each cycle.
    pub want: Vec<u128>,
    /// A state held this many cycles must have its line.
    pub must_show: usize,
    /// The cycles at which the script has settled ([`Script::settle`]): the
    /// machine at rest, every report line out, the RX line idle. A script
    /// cut at one of them is a whole script ([`Script::prefix`]).
    pub settled: Vec<usize>,
    /// The host's side of the RX line.
    line: LineDriver,
    /// Clock cycles one report line takes ([`line_cycles`]).
    line_cycles: usize,
}

/// A board button's contact bounce when pressed, a level a cycle before it
/// is held down (released, the same inverted).
pub const BOUNCE: [bool; 11] = [true, false, true, true, false, true, false, false, true, false, true];

/// Cycles of no press after which a script's oracle that still works is
/// a mistake in the script (the longest move of any machine is far shorter).
const SETTLE_LIMIT: usize = 1 << 24;

/// Clock cycles one of `P`'s report lines takes: its hex digits and a
/// newline, ten bits a byte.
pub fn line_cycles<P: Panel>() -> usize {
    (P::REPORT_BITS / 4 + 1) * 10 * P::CLOCKS_PER_BIT
}

impl Script {
    /// `P`'s script from the oracle's report at power-on: the line idle
    /// until the machine rests and the report at configuration has gone.
    pub fn start<P: Panel, S: Stepper>(report: u128, oracle: &mut S) -> Script {
        let line_cycles = line_cycles::<P>();
        let line = LineDriver::new(P::CLOCKS_PER_BIT);
        let mut script = Script { rx: vec![], buttons: vec![], want: vec![report], must_show: 2 * line_cycles + 60, settled: vec![], line, line_cycles };
        script.settle(oracle);
        script
    }

    /// `cycles` cycles: the line gives RX; `step` advances the oracle one
    /// cycle, told whether the byte on the line has just finished, and
    /// returns its report.
    pub fn run(&mut self, cycles: usize, mut step: impl FnMut(bool) -> u128) {
        let mut busy = !self.line.idle();
        for _ in 0..cycles {
            self.rx.push(self.line.level());
            self.buttons.push(0);
            let arrived = busy && self.line.idle();
            busy &= !arrived;
            self.want.push(step(arrived));
        }
    }
}

/// The oracle's side of a script, one clock cycle at a time.
pub trait Stepper {
    /// The oracle's input for one cycle; its default is no press.
    type Input: Copy + Default;
    /// One cycle with `input`; the report of the state after it.
    fn cycle(&mut self, input: Self::Input) -> u128;
    /// The machine is moving and will change state without a press.
    fn working(&self) -> bool;
}

impl Script {
    /// `key` sent on the line, `input` reaching the oracle when its stop bit
    /// is in; then, when `settle`, cycles until the machine has stopped
    /// working and three report lines' time more.
    pub fn press<S: Stepper>(&mut self, oracle: &mut S, key: u8, input: S::Input, settle: bool) {
        self.line.send(key);
        let mut step = |arrived: bool| oracle.cycle(if arrived { input } else { S::Input::default() });
        self.run(15 * self.line.clocks_per_bit(), &mut step);
        if settle {
            self.settle(oracle);
        }
    }

    /// Button `k` pressed with contact bounce ([`BOUNCE`], a level a cycle,
    /// then held down), and released the same way; `input` reaches the
    /// oracle once the level has held for the simulation wrappers'
    /// debouncers' stable cycles. The line must be idle. Then as `settle`.
    pub fn button<S: Stepper>(&mut self, oracle: &mut S, k: u8, input: S::Input) {
        let (bounce, stable) = (&BOUNCE, nimforge_designs::PANEL_SIM_BUTTON_STABLE as usize);
        let mut levels: Vec<bool> = bounce.to_vec();
        levels.extend(std::iter::repeat_n(true, stable + 40));
        levels.extend(bounce.iter().map(|b| !b));
        levels.extend(std::iter::repeat_n(false, stable + 40));
        // The debouncer believes the press `stable` cycles after the last
        // bounce (and two synchroniser cycles).
        let last_low = bounce.iter().rposition(|&b| !b).map_or(0, |i| i + 1);
        let arrives = last_low + 2 + stable;
        for (t, &down) in levels.iter().enumerate() {
            self.rx.push(self.line.level());
            self.buttons.push(if down { 1 << k } else { 0 });
            self.want.push(oracle.cycle(if t == arrives { input } else { S::Input::default() }));
        }
        self.settle(oracle);
    }

    /// Cycles without a press until the machine has stopped working, then
    /// three report lines' time.
    pub fn settle<S: Stepper>(&mut self, oracle: &mut S) {
        let mut waited = 0;
        while oracle.working() {
            assert!(waited < SETTLE_LIMIT, "the script's oracle still works after {SETTLE_LIMIT} cycles without a press");
            self.run(256, |_| oracle.cycle(S::Input::default()));
            waited += 256;
        }
        self.run(3 * self.line_cycles, |_| oracle.cycle(S::Input::default()));
        self.settled.push(self.rx.len());
    }

    /// The script's first part that ends where it settled at most `cycles`
    /// cycles in (at its first settling where that is later): a whole
    /// script of its own, for a simulator that runs a sample. The script
    /// itself when it is no longer.
    pub fn prefix(&self, cycles: usize) -> Script {
        let first = self.settled.first().copied().unwrap_or(self.rx.len());
        let n = self.settled.iter().copied().filter(|&c| c <= cycles).max().unwrap_or(first).min(self.rx.len());
        Script {
            rx: self.rx[..n].to_vec(),
            buttons: self.buttons[..n].to_vec(),
            want: self.want[..=n].to_vec(),
            must_show: self.must_show,
            settled: self.settled.iter().copied().filter(|&c| c <= n).collect(),
            line: LineDriver::new(self.line.clocks_per_bit()),
            line_cycles: self.line_cycles,
        }
    }
}
