//! One page's machine: a thread that owns the transport (the board
//! wrapper's simulation, or a board on a serial line) and carries the
//! page's key bytes to it and its report lines to the page.
//!
//! The page sends `{"bytes": [..]}`, the protocol's key bytes
//! (`fpga/protocol.md`); the session sends `{"hello": ..}` once, then
//! `{"report": "<hex digits>"}` for every report line, `{"noise": ..}` for
//! a line that is not a report, and `{"error": ..}` before it ends.
//!
//! Nothing here grows with what a page sends: the socket's side
//! (`bridge` in the server) parses a message's keys and queues at most
//! [`QUEUE`] messages, dropping the rest; the session feeds the transport
//! at most [`KEYS_PER_SECOND`] keys a second (bursts of [`MOST_BYTES`]),
//! a pace a simulation or a board at 115,200 baud takes, and holds at most
//! [`OUTBOX`] lines for a page that does not read, then only the latest.

use super::Seat;
use crate::panel::{parse_report, Lines};
use crate::play::Transport;
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::Sender;

/// The most key bytes one message may carry.
pub const MOST_BYTES: usize = 64;
/// Key messages waiting for the session; more are dropped.
pub const QUEUE: usize = 16;
/// The most keys a second the transport is given: far more than hands
/// press, far fewer than a simulation's UART takes.
pub const KEYS_PER_SECOND: f64 = 200.0;
/// Lines waiting for the page's socket; past that only the latest is kept.
pub const OUTBOX: usize = 256;

/// An error message for the page.
pub fn error(line: &str) -> String {
    serde_json::json!({ "error": line }).to_string()
}

/// A note for the page (shown under the machine).
pub fn noise(line: &str) -> String {
    serde_json::json!({ "noise": line }).to_string()
}

/// A page's message as it must be.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Keys {
    bytes: Vec<u8>,
}

/// The key bytes of a page's message, or why it is not one. The keys are
/// counted before the message is parsed.
pub fn key_bytes(text: &str) -> Result<Vec<u8>, crate::Error> {
    let list = text.find('[').zip(text.rfind(']')).filter(|(open, close)| open < close);
    if let Some((open, close)) = list {
        let items = &text[open + 1..close];
        let count = if items.trim().is_empty() { 0 } else { items.matches(',').count() + 1 };
        if count > MOST_BYTES {
            return Err(format!("{count} bytes in one message; {MOST_BYTES} at most").into());
        }
    }
    let keys: Keys = serde_json::from_str(text).map_err(|e| format!("not {{\"bytes\": [..]}}: {e}"))?;
    Ok(keys.bytes)
}

/// Runs until the page goes (`to_page` closes) or the transport fails;
/// gives the seat back when it ends.
pub fn run(entry: &'static crate::machines::Entry, serial: Option<&str>, from_page: Receiver<Vec<u8>>, to_page: Sender<String>, seat: Seat) {
    let _seat = seat;
    let bits = (entry.front)().face().layout.bits;
    let mut transport: Box<dyn Transport> = match serial {
        Some(device) => match crate::play::serial::Serial::open(device) {
            Ok(s) => Box::new(s),
            Err(line) => {
                let _ = to_page.try_send(error(&line.to_string()));
                return;
            }
        },
        None => (entry.simulate)(),
    };
    let hello = serde_json::json!({ "hello": { "machine": entry.name, "transport": transport.describe() } });
    let mut outbox = Outbox { to_page, held: None };
    outbox.send(hello.to_string());
    let mut pace = Pace::new();
    let mut lines = Lines::default();
    while !outbox.to_page.is_closed() {
        let keys = pace.take(&from_page).and_then(|k| if k.is_empty() { Ok(()) } else { transport.send(&k) });
        let bytes = match keys.and_then(|()| transport.receive(Duration::from_millis(10))) {
            Ok(b) => b,
            Err(line) => {
                outbox.send(error(&line.to_string()));
                return;
            }
        };
        outbox.retry();
        for byte in bytes {
            let Some(line) = lines.push(byte) else { continue };
            let message = match parse_report(&line, bits) {
                Ok(_) => serde_json::json!({ "report": line }).to_string(),
                Err(why) => noise(&why.to_string()),
            };
            outbox.send(message);
        }
    }
}

/// The keys on their way to the transport, given at most
/// [`KEYS_PER_SECOND`].
struct Pace {
    waiting: VecDeque<u8>,
    /// Keys that may be sent now (a token bucket of [`MOST_BYTES`]).
    allowance: f64,
    at: Instant,
}

impl Pace {
    fn new() -> Pace {
        Pace { waiting: VecDeque::new(), allowance: MOST_BYTES as f64, at: Instant::now() }
    }

    /// The keys to send now (perhaps none); an error when the page has gone.
    fn take(&mut self, from_page: &Receiver<Vec<u8>>) -> Result<Vec<u8>, crate::Error> {
        let now = Instant::now();
        self.allowance = (self.allowance + now.duration_since(self.at).as_secs_f64() * KEYS_PER_SECOND).min(MOST_BYTES as f64);
        self.at = now;
        let mut out = Vec::new();
        while out.len() < self.allowance as usize {
            if self.waiting.is_empty() {
                match from_page.try_recv() {
                    Ok(bytes) => self.waiting.extend(bytes),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return Err("the page has gone".into()),
                }
            }
            let n = self.waiting.len().min(self.allowance as usize - out.len());
            out.extend(self.waiting.drain(..n));
        }
        self.allowance -= out.len() as f64;
        Ok(out)
    }
}

/// The lines for the page: at most [`OUTBOX`] waiting, then the latest
/// held until there is room (a page that does not read misses the rest).
struct Outbox {
    to_page: Sender<String>,
    held: Option<String>,
}

impl Outbox {
    fn send(&mut self, line: String) {
        self.retry();
        if self.held.is_some() {
            self.held = Some(line);
        } else if let Err(TrySendError::Full(line)) = self.to_page.try_send(line) {
            self.held = Some(line);
        }
    }

    /// Sends the held line if there is room now.
    fn retry(&mut self) {
        if let Some(line) = self.held.take() {
            if let Err(TrySendError::Full(line)) = self.to_page.try_send(line) {
                self.held = Some(line);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// A page's message is key bytes or refused with a reason, never a panic.
    #[test]
    fn key_messages() {
        assert_eq!(super::key_bytes(r#"{"bytes": [97, 128]}"#), Ok(vec![97, 128]));
        assert_eq!(super::key_bytes(r#"{"bytes": []}"#), Ok(vec![]));
        for bad in ["", "{", r#"{"bytes": 5}"#, r#"{"bytes": [256]}"#, r#"{"bytes": [-1]}"#, r#"{"bytes": ["a"]}"#, r#"{"keys": [1]}"#] {
            assert!(super::key_bytes(bad).is_err(), "{bad}");
        }
        let many = format!(r#"{{"bytes": [{}]}}"#, vec!["1"; 65].join(","));
        assert!(super::key_bytes(&many).unwrap_err().to_string().contains("65 bytes"));
        let most = format!(r#"{{"bytes": [{}]}}"#, vec!["1"; 64].join(","));
        assert_eq!(super::key_bytes(&most).map(|k| k.len()), Ok(64));
    }

    /// Keys are given no faster than the pace, in order, and a burst of
    /// one message at once.
    #[test]
    fn keys_are_paced() {
        let (tx, rx) = std::sync::mpsc::sync_channel(super::QUEUE);
        let mut pace = super::Pace::new();
        for _ in 0..3 {
            tx.send((0..super::MOST_BYTES as u8).collect()).unwrap();
        }
        let all: Vec<u8> = (0..super::MOST_BYTES as u8).collect();
        let start = std::time::Instant::now();
        assert_eq!(pace.take(&rx).unwrap(), all, "a whole message at once");
        std::thread::sleep(std::time::Duration::from_millis(100));
        let next = pace.take(&rx).unwrap();
        let most = (start.elapsed().as_secs_f64() * super::KEYS_PER_SECOND).ceil() as usize;
        assert!(!next.is_empty() && next.len() <= most && all.starts_with(&next), "{} keys in {:?}", next.len(), start.elapsed());
        drop(tx);
    }
}
