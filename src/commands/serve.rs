//! `nimforge serve [--port 8080] [--bind 127.0.0.1] [--sessions 8]
//! [--serial DEVICE --machine NAME] [--pong-timeout 30] [--idle-timeout 600]
//! [--header-timeout 10] [--connections 64] [--allow-origin ORIGIN |
//! --any-origin] [--host-name NAME]`: the front panels in a browser
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
/// Bound past loopback, it needs `--allow-origin` or `--any-origin` (else
/// one line, status 2) and says the panels are open to that network.
pub fn run(
    port: u16,
    bind: String,
    sessions: usize,
    serial: Option<String>,
    machine: Option<String>,
    limits: Limits,
    access: crate::serve::Access,
) -> Result<i32, crate::Error> {
    let open = !crate::serve::loopback(&bind);
    if open && access.allow_origins.is_empty() && !access.any_origin {
        let port = if port == 0 { "PORT".to_string() } else { port.to_string() };
        return Err(format!(
            "--bind {bind} opens the panels to that network: add --allow-origin http://NAME:{port} (NAME the address visitors type) so that only those pages play them, or --any-origin to let any web page"
        )
        .into());
    }
    let serial = match (serial, machine) {
        (Some(device), Some(machine)) => {
            let entry = crate::machines::find(&machine)?;
            // The device is opened by each session; check it is there first.
            drop(
                crate::play::serial::Serial::open(&device)
                    .map_err(|line| line.to_string().replace("play the simulation with --sim", "serve the simulations without --serial"))?,
            );
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
        access,
    };
    let board = options.serial.as_ref().map(|(device, _)| format!(", and the board at {device}")).unwrap_or_default();
    let any = if options.access.any_origin { "; with --any-origin, so can any web page a visitor's browser shows" } else { "" };
    let result = crate::serve::run(options, |address| {
        println!("nimforge serve: the machines at http://{address}/ (Ctrl-C stops)");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        if open {
            eprintln!("nimforge serve: warning: bound to {address}, the panels are open to that network: whoever reaches it can play them{board}{any}");
        }
    });
    match result {
        Ok(()) => Ok(0),
        Err(line) => {
            eprintln!("nimforge: {line}");
            Ok(1)
        }
    }
}
