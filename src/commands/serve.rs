//! `nimforge serve [--port 8080] [--bind 127.0.0.1] [--sessions 8]
//! [--serial DEVICE --machine NAME] [--pong-timeout 30] [--idle-timeout 600]
//! [--header-timeout 10] [--connections 64] [--allow-origin ORIGIN |
//! --any-origin] [--host-name NAME]`: the front panels in a browser
//! (`src/serve/`). Prints the address, then serves until interrupted.

use std::time::Duration;

/// The command's flags, declared once.
// The flags' doc comments are the command's help text, where
// `<machine>` and `[:port]` are words, not HTML.
#[allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links, rustdoc::bare_urls)]
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The TCP port (0 takes any free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; 127.0.0.1 keeps the pages to this computer.
    #[arg(long, default_value = "127.0.0.1")]
    bind: String,
    /// How many machines (page sessions) may run at once.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..=64))]
    sessions: u16,
    /// Serve the board on this serial device (115200 8N1) instead of simulations, one visitor at a time.
    #[arg(long, value_name = "DEVICE", requires = "machine")]
    serial: Option<String>,
    /// The machine the board at --serial holds.
    #[arg(long, value_parser = super::machine_names(false), requires = "serial")]
    machine: Option<String>,
    /// End a session whose page answers no ping for this many seconds (its seat freed).
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pong_timeout: u64,
    /// End a session whose page sends nothing (no key) for this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86400))]
    idle_timeout: u64,
    /// Close a connection that has not sent its request's headers within this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    header_timeout: u64,
    /// The most HTTP connections open at once; more wait to be accepted (open pages' sockets count as sessions).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=4096))]
    connections: u16,
    /// Let pages of this origin (scheme://host[:port], e.g. http://kiosk.lan:8080) open sessions too, and answer to its host; repeatable.
    #[arg(long, value_name = "ORIGIN", value_parser = crate::serve::Origin::flag)]
    allow_origin: Vec<crate::serve::Origin>,
    /// Let pages of any origin open sessions: any web page a visitor's browser shows may then play the panels.
    #[arg(long, conflicts_with = "allow_origin")]
    any_origin: bool,
    /// Also answer requests whose Host is this name (host[:port]; without a port, at any), e.g. behind a proxy; repeatable.
    #[arg(long, value_name = "NAME", value_parser = crate::serve::Place::flag)]
    host_name: Vec<crate::serve::Place>,
}

/// Starts the server; a port in use or a bad address is one line (status 1).
/// Bound past loopback, it needs `--allow-origin` or `--any-origin` (else
/// one line, status 2) and says the panels are open to that network.
pub fn run(args: Args) -> Result<i32, crate::Error> {
    let Args { port, bind, sessions, serial, machine, pong_timeout, idle_timeout, header_timeout, connections, allow_origin, any_origin, host_name } = args;
    let access = crate::serve::Access { allow_origins: allow_origin, any_origin, host_names: host_name };
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
        sessions: sessions as usize,
        serial,
        pong_timeout: Duration::from_secs(pong_timeout),
        idle_timeout: Duration::from_secs(idle_timeout),
        header_timeout: Duration::from_secs(header_timeout),
        connections: connections as usize,
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
