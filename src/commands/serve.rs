//! `nimforge serve [--port 8080] [--bind 127.0.0.1] [--sessions 8]
//! [--serial DEVICE --machine NAME]`: the front panels in a browser
//! (`src/serve/`). Prints the address, then serves until interrupted.

/// Starts the server; a port in use or a bad address is one line (status 1).
pub fn run(port: u16, bind: String, sessions: usize, serial: Option<String>, machine: Option<String>) -> Result<i32, crate::Error> {
    let serial = match (serial, machine) {
        (Some(device), Some(machine)) => {
            let entry = crate::machines::find(&machine)?;
            // The device is opened by each session; check it is there first.
            drop(crate::play::serial::Serial::open(&device).map_err(|line| line.to_string().replace("play the simulation with --sim", "serve the simulations without --serial"))?);
            Some((device, entry.name))
        }
        _ => None,
    };
    let options = crate::serve::Options { bind, port, sessions, serial };
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
