//! One page's machine: a thread that owns the transport (the board
//! wrapper's simulation, or a board on a serial line) and carries the
//! page's key bytes to it and its report lines to the page.
//!
//! The page sends `{"bytes": [..]}`, the protocol's key bytes
//! (`fpga/protocol.md`); the session sends `{"hello": ..}` once, then
//! `{"report": "<hex digits>"}` for every report line, `{"noise": ..}` for
//! a line that is not a report, and `{"error": ..}` before it ends.

use super::Seat;
use crate::panel::{parse_report, Lines};
use crate::play::Transport;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;

/// The most key bytes one message may carry.
const MOST_BYTES: usize = 64;

/// An error message for the page.
pub fn error(line: &str) -> String {
    serde_json::json!({ "error": line }).to_string()
}

/// The key bytes of a page's message, or why it is not one.
pub fn key_bytes(text: &str) -> Result<Vec<u8>, crate::Error> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let bytes = value["bytes"].as_array().ok_or("no \"bytes\" array")?;
    if bytes.len() > MOST_BYTES {
        return Err(format!("{} bytes in one message; {MOST_BYTES} at most", bytes.len()).into());
    }
    bytes.iter().map(|b| b.as_u64().filter(|&b| b < 256).map(|b| b as u8).ok_or_else(|| format!("{b} is not a byte").into())).collect()
}

/// Runs until the page goes (`from_page` disconnects) or the transport
/// fails; gives the seat back when it ends.
pub fn run(entry: &'static crate::machines::Entry, serial: Option<&str>, from_page: Receiver<String>, to_page: UnboundedSender<String>, seat: Seat) {
    let _seat = seat;
    let bits = (entry.front)().face().layout.bits;
    let mut transport: Box<dyn Transport> = match serial {
        Some(device) => match crate::play::serial::Serial::open(device) {
            Ok(s) => Box::new(s),
            Err(line) => {
                let _ = to_page.send(error(&line.to_string()));
                return;
            }
        },
        None => (entry.simulate)(),
    };
    let hello = serde_json::json!({ "hello": { "machine": entry.name, "transport": transport.describe() } });
    if to_page.send(hello.to_string()).is_err() {
        return;
    }
    let mut lines = Lines::default();
    loop {
        loop {
            match from_page.try_recv() {
                Ok(text) => match key_bytes(&text) {
                    Ok(bytes) => {
                        if let Err(line) = transport.send(&bytes) {
                            let _ = to_page.send(error(&line.to_string()));
                            return;
                        }
                    }
                    Err(why) => {
                        let _ = to_page.send(serde_json::json!({ "noise": format!("a message from the page was not keys: {why}") }).to_string());
                    }
                },
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return,
            }
        }
        let bytes = match transport.receive(Duration::from_millis(10)) {
            Ok(b) => b,
            Err(line) => {
                let _ = to_page.send(error(&line.to_string()));
                return;
            }
        };
        for byte in bytes {
            let Some(line) = lines.push(byte) else { continue };
            let message = match parse_report(&line, bits) {
                Ok(_) => serde_json::json!({ "report": line }),
                Err(why) => serde_json::json!({ "noise": why.to_string() }),
            };
            if to_page.send(message.to_string()).is_err() {
                return;
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
        for bad in ["", "{", r#"{"bytes": 5}"#, r#"{"bytes": [256]}"#, r#"{"bytes": [-1]}"#, r#"{"bytes": ["a"]}"#, r#"{"keys": [1]}"#] {
            assert!(super::key_bytes(bad).is_err(), "{bad}");
        }
        let many = format!(r#"{{"bytes": [{}]}}"#, vec!["1"; 65].join(","));
        assert!(super::key_bytes(&many).unwrap_err().to_string().contains("65 bytes"));
    }
}
