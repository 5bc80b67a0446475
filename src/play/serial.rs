//! `--serial DEVICE`: a board running the machine's wrapper, on a serial
//! line at 115,200 baud 8N1 (`fpga/protocol.md`, "The line"): the
//! iCEstick's and the iCEBreaker's FTDI chip give it as the second of their
//! two ports, e.g. /dev/ttyUSB1.

use super::Transport;
use serialport::{DataBits, FlowControl, Parity, SerialPort, StopBits};
use std::io::{ErrorKind, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::time::Duration;

/// The board's UART speed (`fpga/protocol.md`).
pub const BAUD: u32 = 115_200;

/// An open serial line; a thread reads it until the line is dropped, and
/// the device is free again once the drop returns (so the next session of
/// `nimforge serve` can open it).
pub struct Serial {
    port: Box<dyn SerialPort>,
    bytes: Receiver<Result<u8, crate::Error>>,
    device: String,
    stop: Arc<AtomicBool>,
    reader: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Serial {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

impl Serial {
    /// Opens `device` at 115,200 8N1 with no flow control, or a line saying
    /// why not.
    pub fn open(device: &str) -> Result<Serial, crate::Error> {
        let port = serialport::new(device, BAUD)
            .data_bits(DataBits::Eight)
            .parity(Parity::None)
            .stop_bits(StopBits::One)
            .flow_control(FlowControl::None)
            .timeout(Duration::from_millis(50))
            .open()
            .map_err(|e| {
                format!("cannot open the serial device '{device}': {e}; give the board's UART, e.g. --serial /dev/ttyUSB1, or play the simulation with --sim")
            })?;
        let mut reader = port.try_clone().map_err(|e| format!("cannot read the serial device '{device}': {e}"))?;
        let (tx, bytes) = channel();
        let name = device.to_string();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 256];
            // A read waits at most the port's timeout, 50 ms.
            while !stopping.load(Ordering::SeqCst) {
                match reader.read(&mut buf) {
                    Ok(n) => {
                        if buf[..n].iter().any(|&b| tx.send(Ok(b)).is_err()) {
                            return;
                        }
                    }
                    Err(e) if matches!(e.kind(), ErrorKind::TimedOut | ErrorKind::Interrupted | ErrorKind::WouldBlock) => {}
                    Err(e) => {
                        let _ = tx.send(Err(format!("the serial line {name} went away ({e}): check the board and its cable, then start again").into()));
                        return;
                    }
                }
            }
        });
        Ok(Serial { port, bytes, device: device.to_string(), stop, reader: Some(reader) })
    }
}

impl Transport for Serial {
    fn send(&mut self, bytes: &[u8]) -> Result<(), crate::Error> {
        std::io::Write::write_all(&mut self.port, bytes)
            .map_err(|e| format!("cannot write to the serial line {} ({e}): check the board and its cable, then start again", self.device).into())
    }

    fn receive(&mut self, wait: Duration) -> Result<Vec<u8>, crate::Error> {
        let stopped = || format!("{} is no longer readable", self.device);
        let mut out = match self.bytes.recv_timeout(wait) {
            Ok(b) => vec![b?],
            Err(RecvTimeoutError::Timeout) => return Ok(vec![]),
            Err(RecvTimeoutError::Disconnected) => return Err(stopped().into()),
        };
        loop {
            match self.bytes.try_recv() {
                Ok(b) => out.push(b?),
                Err(TryRecvError::Empty) => return Ok(out),
                Err(TryRecvError::Disconnected) => return Err(stopped().into()),
            }
        }
    }

    fn describe(&self) -> String {
        format!("serial: {} at {BAUD} 8N1", self.device)
    }
}

#[cfg(test)]
mod tests {
    use super::Serial;

    /// A device that is not there, or not a serial line, gets one line that
    /// names it and says what to do.
    #[test]
    fn unopenable_devices_are_named() {
        for device in ["/dev/nimforge-no-such-tty", "/dev/null"] {
            let e = Serial::open(device).err().expect("not a serial line").to_string();
            assert!(e.contains(device) && e.contains("--serial /dev/ttyUSB1") && !e.contains('\n'), "{e}");
        }
    }
}
