//! The front-panel protocol (`fpga/protocol.md`), host side: bytes to and
//! from a serial line sampled once a clock cycle (for the simulations, which
//! run a board wrapper with its UART), and report lines to numbers.
//!
//! One file per machine says what its keys and its report's fields are.

pub mod board;
pub mod die18;
pub mod learning;
pub mod level;
pub mod nimatron;
pub mod nimrod;
pub mod relay_nim;
pub mod script;
pub mod wilson;

use std::collections::VecDeque;

/// Bytes onto a serial line, 8N1, one level per clock cycle; idle is high.
pub struct LineDriver {
    clocks_per_bit: usize,
    levels: VecDeque<bool>,
}

impl LineDriver {
    /// A driver holding the line idle, each bit lasting `clocks_per_bit` cycles.
    pub fn new(clocks_per_bit: usize) -> Self {
        LineDriver { clocks_per_bit, levels: VecDeque::new() }
    }

    /// Queues `byte`: a low start bit, its eight bits least significant first, a high stop bit.
    pub fn send(&mut self, byte: u8) {
        let bits = std::iter::once(false).chain((0..8).map(|i| byte >> i & 1 == 1)).chain(std::iter::once(true));
        for b in bits {
            self.levels.extend(std::iter::repeat_n(b, self.clocks_per_bit));
        }
    }

    /// The line's level in the next cycle.
    pub fn level(&mut self) -> bool {
        self.levels.pop_front().unwrap_or(true)
    }

    /// Has every queued bit been driven?
    pub fn idle(&self) -> bool {
        self.levels.is_empty()
    }

    /// Clock cycles per bit.
    pub fn clocks_per_bit(&self) -> usize {
        self.clocks_per_bit
    }
}

/// Bytes off a serial line sampled once per clock cycle: each bit is read in
/// its middle; a frame whose stop bit is low is an error.
pub struct LineReceiver {
    clocks_per_bit: usize,
    /// Cycles since the start bit's falling edge, while in a frame.
    at: Option<usize>,
    byte: u8,
}

impl LineReceiver {
    /// A receiver waiting for a start bit, each bit lasting `clocks_per_bit` cycles.
    pub fn new(clocks_per_bit: usize) -> Self {
        LineReceiver { clocks_per_bit, at: None, byte: 0 }
    }

    /// Take one cycle's level; a byte when its stop bit has been read.
    pub fn sample(&mut self, level: bool) -> Result<Option<u8>, crate::Error> {
        let Some(at) = self.at else {
            if !level {
                self.at = Some(1);
            }
            return Ok(None);
        };
        self.at = Some(at + 1);
        let (bit, phase) = (at / self.clocks_per_bit, at % self.clocks_per_bit);
        if phase != self.clocks_per_bit / 2 {
            return Ok(None);
        }
        match bit {
            0 if level => {
                self.at = None;
                Err("a start bit shorter than half a bit".into())
            }
            0 => Ok(None),
            1..=8 => {
                self.byte = self.byte >> 1 | (level as u8) << 7;
                Ok(None)
            }
            _ => {
                self.at = None;
                if level {
                    Ok(Some(self.byte))
                } else {
                    Err(format!("a frame ({:#04x}) with its stop bit low", self.byte).into())
                }
            }
        }
    }
}

/// Report lines out of the bytes a board sends.
#[derive(Default)]
pub struct Lines {
    partial: String,
}

impl Lines {
    /// A whole line (without its newline) when `byte` ends one.
    pub fn push(&mut self, byte: u8) -> Option<String> {
        if byte == b'\n' {
            return Some(std::mem::take(&mut self.partial));
        }
        self.partial.push(byte as char);
        None
    }
}

/// A report line of `bits` bits (a multiple of 4) as a number.
pub fn parse_report(line: &str, bits: usize) -> Result<u128, crate::Error> {
    let digits = bits / 4;
    if line.len() != digits || !line.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return Err(format!("'{line}' is not a report: {digits} lowercase hex digits expected").into());
    }
    u128::from_str_radix(line, 16).map_err(|e| format!("'{line}': {e}").into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The driver and the receiver agree on every byte at several rates, and
    /// the receiver reads the hardware transmitter's idle line as nothing.
    #[test]
    fn every_byte_round_trips() {
        for cpb in [2, 3, 4, 104] {
            let mut d = LineDriver::new(cpb);
            let mut r = LineReceiver::new(cpb);
            for b in 0..=255u8 {
                d.send(b);
            }
            let mut got = vec![];
            while !d.idle() {
                if let Some(b) = r.sample(d.level()).unwrap() {
                    got.push(b);
                }
            }
            for _ in 0..cpb {
                assert_eq!(r.sample(d.level()), Ok(None));
            }
            assert_eq!(got, (0..=255).collect::<Vec<u8>>(), "{cpb} clocks per bit");
        }
    }

    #[test]
    fn reports_parse() {
        assert_eq!(parse_report("0a", 8), Ok(10));
        assert!(parse_report("0A", 8).is_err());
        assert!(parse_report("0a0", 8).unwrap_err().to_string().contains("2 lowercase hex digits"));
        let mut l = Lines::default();
        assert_eq!(b"3f\n".iter().filter_map(|&b| l.push(b)).collect::<Vec<_>>(), vec!["3f".to_string()]);
    }
}

/// Cycles from the end of a key's stop bit on the line (when a
/// [`LineDriver`] goes idle) to the cycle whose clock edge the key acts on
/// in a wrapper: the receiver samples the stop bit in its middle, two
/// synchroniser flip-flops late, and registers the byte (`key_latency` can
/// be negative at slow rates). Only a machine whose state runs with the
/// clock (18-with-a-die's counting oscillator) needs it.
pub fn key_latency(clocks_per_bit: usize) -> isize {
    4 - clocks_per_bit.div_ceil(2) as isize
}

/// Keys on their way to the oracle of a machine whose state runs with the
/// clock (an oscillator, an LFSR): a key must reach the oracle in the very
/// cycle it reaches the machine, [`key_latency`] cycles after the script's
/// line goes idle. Until [`through_uart`](Self::through_uart) they pass at
/// once (the script's board buttons, which `Script::button` times exactly).
#[derive(Default)]
pub struct KeysOnTheWay<P> {
    latency: usize,
    queue: VecDeque<P>,
}

impl<P: Copy + PartialEq + Default> KeysOnTheWay<P> {
    /// From now on the keys come through the UART at `clocks_per_bit`.
    pub fn through_uart(&mut self, clocks_per_bit: usize) {
        self.latency = key_latency(clocks_per_bit).max(0) as usize;
    }

    /// This cycle's input from the script; the input reaching the machine.
    pub fn pass(&mut self, input: P) -> P {
        self.queue.push_back(input);
        if self.queue.len() > self.latency {
            self.queue.pop_front().unwrap_or_default()
        } else {
            P::default()
        }
    }

    /// A key is still on its way.
    pub fn pending(&self) -> bool {
        self.queue.iter().any(|&p| p != P::default())
    }
}

/// The `panel` level's oracle of a machine whose state runs with the clock
/// (18-with-a-die's oscillator, the learning machine's LFSR): its state,
/// the keys on their way to it, one cycle, the report, and whether the
/// machine moves without a key.
pub struct Clocked<S, P> {
    /// The oracle's state.
    pub state: S,
    /// The keys on their way ([`KeysOnTheWay::through_uart`]).
    pub keys: KeysOnTheWay<P>,
    step: fn(&S, P) -> S,
    report: fn(&S) -> u128,
    moving: fn(&S) -> bool,
}

impl<S, P: Copy + PartialEq + Default> Clocked<S, P> {
    /// From `state`, keys passing at once until they come through the UART.
    pub fn new(state: S, step: fn(&S, P) -> S, report: fn(&S) -> u128, moving: fn(&S) -> bool) -> Self {
        Clocked { state, keys: KeysOnTheWay::default(), step, report, moving }
    }
}

impl<S, P: Copy + PartialEq + Default> script::Stepper for Clocked<S, P> {
    type Input = P;
    fn cycle(&mut self, input: P) -> u128 {
        self.state = (self.step)(&self.state, self.keys.pass(input));
        (self.report)(&self.state)
    }
    fn working(&self) -> bool {
        (self.moving)(&self.state) || self.keys.pending()
    }
}

#[cfg(test)]
mod receiver_timing {
    use super::{key_latency, LineDriver};
    use nimforge_designs::blocks::uart_rx::UartRx;
    use nimforge_verify::clocked::Bench;

    /// The receiver raises `valid` one cycle before the key acts, at
    /// `key_latency - 1` cycles after the line goes idle, at every rate.
    #[test]
    fn a_key_arrives_at_the_middle_of_its_stop_bit() {
        for cpb in [2usize, 3, 4, 5, 8, 104] {
            let mut b = Bench::new(UartRx::<7>::new(cpb as u64));
            let mut line = LineDriver::new(cpb);
            for _ in 0..50 {
                b.uut.rx.next = true;
                b.tick(|d| &mut d.clock);
            }
            line.send(0x5a);
            let (mut valid_at, mut idle_at) = (None, None);
            for t in 0..20 * cpb as isize + 50 {
                let busy = !line.idle();
                b.uut.rx.next = line.level();
                b.tick(|d| &mut d.clock);
                if busy && line.idle() && idle_at.is_none() {
                    idle_at = Some(t);
                }
                if b.uut.valid.val() && valid_at.is_none() {
                    valid_at = Some(t);
                    assert_eq!(b.uut.data.val().index(), 0x5a);
                }
            }
            assert_eq!(valid_at.unwrap() - idle_at.unwrap(), key_latency(cpb) - 1, "{cpb} clocks per bit");
        }
    }
}

/// The `panel` level compares a board wrapper's lines with the oracle's
/// reports, which are packed through the machine's layout
/// (`nimforge_designs::report`): so it checks the wrapper's packing against
/// the layout, for every field the script's reports set.
#[cfg(test)]
mod layouts {
    use crate::panel::script::Panel;
    use nimforge_designs::report::Layout;

    /// The fields, and the items of array fields, that no report of `P`'s
    /// script sets: where the wrapper puts them the `panel` level cannot
    /// tell.
    fn never_set<P: Panel>(layout: &Layout) -> Vec<String> {
        let script = P::script();
        let mut out = vec![];
        for f in layout.fields {
            for i in 0..f.items as usize {
                if !script.want.iter().any(|&w| f.item(i).flag(w)) {
                    out.push(if f.items == 1 { f.name.to_string() } else { format!("{}[{i}]", f.name) });
                }
            }
        }
        out
    }

    /// Every script sets every field; only the learning machine's three
    /// games never teach it columns 2, 6, 7 and 8 (items 1, 5, 6, 7).
    #[test]
    fn the_scripts_set_every_field() {
        use super::*;
        assert_eq!(never_set::<relay_nim::RelayNimPanel>(&relay_nim::LAYOUT), Vec::<String>::new());
        assert_eq!(never_set::<nimatron::NimatronPanel>(&nimatron::LAYOUT), Vec::<String>::new());
        assert_eq!(never_set::<nimrod::NimrodPanel>(&nimrod::LAYOUT), Vec::<String>::new());
        assert_eq!(never_set::<learning::LearningPanel>(&learning::LAYOUT), ["memory[1]", "memory[5]", "memory[6]", "memory[7]"]);
        assert_eq!(never_set::<die18::Die18Panel>(&die18::LAYOUT), Vec::<String>::new());
        assert_eq!(never_set::<wilson::WilsonPanel>(&wilson::LAYOUT), Vec::<String>::new());
    }
}
