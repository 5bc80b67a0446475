//! `nimforge serve [--port 8080] [--bind 127.0.0.1] [--sessions 8]
//! [--serial DEVICE --machine NAME] [--pong-timeout 30] [--idle-timeout 600]
//! [--header-timeout 10] [--connections 64]`: the front panels in a browser
//! (`src/serve/`). Prints the address, then serves until interrupted.

use std::time::Duration;

/// What a visitor may hold, and for how long (seconds).
pub struct Limits {
    /// `--pong-timeout`: a page that answers no ping this long is ended.
    pub pong_timeout: u64,
    /// `--idle-timeout`: a page that sends nothing this long is ended.
    pub idle_timeout: u64,
    /// `--header-timeout`: a connection slower with its headers is closed.
    pub header_timeout: u64,
    /// `--connections`: the most HTTP connections open at once.
    pub connections: usize,
}

/// Starts the server; a port in use or a bad address is one line (status 1).
pub fn run(port: u16, bind: String, sessions: usize, serial: Option<String>, machine: Option<String>, limits: Limits) -> Result<i32, crate::Error> {
    let serial = match (serial, machine) {
        (Some(device), Some(machine)) => {
            let entry = crate::machines::find(&machine)?;
            // The device is opened by each session; check it is there first.
            drop(crate::play::serial::Serial::open(&device).map_err(|line| line.to_string().replace("play the simulation with --sim", "serve the simulations without --serial"))?);
            Some((device, entry.name))
        }
        _ => None,
    };
    let options = crate::serve::Options {
        bind,
        port,
        sessions,
        serial,
        pong_timeout: Duration::from_secs(limits.pong_timeout),
        idle_timeout: Duration::from_secs(limits.idle_timeout),
        header_timeout: Duration::from_secs(limits.header_timeout),
        connections: limits.connections,
    };
    let result = crate::serve::run(options, |address| {
        println!("nimforge serve: the machines at http://{address}/ (Ctrl-C stops)");
        use std::io::Write;
        let _ = std::io::stdout().flush();
    });
    match result {
        Ok(()) => Ok(0),
        Err(line) => {
            eprintln!("nimforge: {line}");
            Ok(1)
        }
    }
}
