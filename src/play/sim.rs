//! `--sim`: the machine's board wrapper (the `*PanelSim` design of
//! `designs/src/lib.rs`, the one the `panel` level verifies) running in the
//! rust-hdl simulation on a thread of its own. Key bytes go onto its RX pin
//! as UART frames and report bytes come off its TX pin, exactly as on a
//! board (`fpga/protocol.md`); only the clock is the simulation's.
//!
//! The clock runs as fast as the simulation can while anything happens: a
//! key on its way in, a report on its way out, or a machine whose last
//! report says it is moving; then three report lines' time more (a line
//! carrying a held indication is followed by one without it). Then the
//! thread sleeps until the next key, as an idle board would change nothing.

use super::Transport;
use crate::panel::script::Panel;
use crate::panel::{parse_report, LineDriver, LineReceiver, Lines};
use nimforge_verify::clocked::Bench;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::Duration;

/// A board wrapper in the simulation, as bytes in and out.
pub struct Sim {
    keys: Sender<u8>,
    reports: Receiver<u8>,
    machine: &'static str,
}

impl Sim {
    /// `P`'s wrapper at power-on; `moving` says from a report whether the
    /// machine will change state without a key.
    pub fn start<P: Panel + 'static>(machine: &'static str, moving: fn(u128) -> bool) -> Sim {
        let (keys, keys_in) = channel();
        let (reports_out, reports) = channel();
        std::thread::Builder::new().name(format!("{machine}-sim")).spawn(move || run::<P>(keys_in, reports_out, moving)).expect("a thread for the simulation");
        Sim { keys, reports, machine }
    }
}

impl Transport for Sim {
    fn send(&mut self, bytes: &[u8]) -> Result<(), crate::Error> {
        for &b in bytes {
            self.keys.send(b).map_err(|_| "the simulation has stopped".to_string())?;
        }
        Ok(())
    }

    fn receive(&mut self, wait: Duration) -> Result<Vec<u8>, crate::Error> {
        let stopped = || format!("the simulation of {}'s board wrapper has stopped", self.machine);
        let mut out = match self.reports.recv_timeout(wait) {
            Ok(b) => vec![b],
            Err(RecvTimeoutError::Timeout) => return Ok(vec![]),
            Err(RecvTimeoutError::Disconnected) => return Err(stopped().into()),
        };
        loop {
            match self.reports.try_recv() {
                Ok(b) => out.push(b),
                Err(TryRecvError::Empty) => return Ok(out),
                Err(TryRecvError::Disconnected) => return Err(stopped().into()),
            }
        }
    }

    fn describe(&self) -> String {
        format!("simulation: {}'s board wrapper in rust-hdl", self.machine)
    }
}

/// Cycles run between looks at the key channel.
const BATCH: usize = 64;

/// The simulation's thread: ends when the panel drops its [`Sim`].
fn run<P: Panel>(keys: Receiver<u8>, reports: Sender<u8>, moving: fn(u128) -> bool) {
    let mut bench = Bench::new(P::design());
    P::set_buttons(&mut bench.uut, 0);
    let mut line = LineDriver::new(P::CLOCKS_PER_BIT);
    let mut receiver = LineReceiver::new(P::CLOCKS_PER_BIT);
    let mut lines = Lines::default();
    // A report line: its digits and the newline, 10 bits a byte.
    let tail = 3 * crate::panel::script::line_cycles::<P>();
    let mut quiet = 0;
    // At power-on the first report is on its way.
    let mut busy = true;
    loop {
        loop {
            match keys.try_recv() {
                Ok(b) => line.send(b),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return,
            }
        }
        if line.idle() && !busy && quiet >= tail {
            match keys.recv() {
                Ok(b) => line.send(b),
                Err(_) => return,
            }
            quiet = 0;
        }
        for _ in 0..BATCH {
            let sending = !line.idle();
            P::set_rx(&mut bench.uut, line.level());
            bench.tick(P::clock);
            quiet = if sending { 0 } else { quiet + 1 };
            // The wrapper's transmitter always sends whole frames.
            let Ok(Some(byte)) = receiver.sample(P::tx(&bench.uut)) else { continue };
            quiet = 0;
            if reports.send(byte).is_err() {
                return;
            }
            if let Some(Ok(r)) = lines.push(byte).map(|l| parse_report(&l, P::REPORT_BITS)) {
                busy = moving(r);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panel::relay_nim::{RelayNimPanel, LAYOUT};
    use std::time::Instant;

    fn lines_within(sim: &mut Sim, want: usize, seconds: u64) -> Vec<u128> {
        let mut lines = Lines::default();
        let mut out = vec![];
        let t0 = Instant::now();
        while out.len() < want && t0.elapsed() < Duration::from_secs(seconds) {
            for b in sim.receive(Duration::from_millis(50)).unwrap() {
                if let Some(l) = lines.push(b) {
                    out.push(parse_report(&l, LAYOUT.bits).unwrap());
                }
            }
        }
        out
    }

    /// The relay NIM's wrapper answers over its simulated UART: the line at
    /// configuration (every pile full: `0000777`, as `fpga/protocol.md`
    /// gives it), then a stone taken from pile A; and nothing more without
    /// a key.
    #[test]
    fn the_relay_nim_answers_through_its_uart() {
        let mut sim = Sim::start::<RelayNimPanel>("relay-nim", crate::play::Front::face(&crate::play::relay_nim::RelayNim).moving);
        assert_eq!(lines_within(&mut sim, 1, 10), vec![0x0000777]);
        sim.send(b"a").unwrap();
        let got = lines_within(&mut sim, 1, 10);
        assert_eq!(got[0] & 0x777, 0x677, "pile A one stone fewer: {got:x?}");
        // Nothing more comes without a key.
        assert!(lines_within(&mut sim, 1, 1).is_empty());
    }
}
