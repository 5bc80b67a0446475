//! `nimforge play MACHINE [--sim | --serial DEVICE]`: the machine's front
//! panel in the terminal (`src/play/`). Without `--serial` the panel plays
//! the board wrapper's simulation (`--sim`, the default), so no board is
//! needed.
//!
//! Problems found before the terminal is touched get one line: an unknown
//! machine or one without a front panel yet (status 2), a serial device
//! that cannot be opened or a standard input or output that is not a
//! terminal (status 1).

use std::io::IsTerminal;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(value_parser = super::machine_names(false))]
    machine: String,
    /// Play the board wrapper's rust-hdl simulation, in process (the default).
    #[arg(long, conflicts_with = "serial")]
    sim: bool,
    /// Play a board on this serial device at 115200 8N1, e.g. /dev/ttyUSB1.
    #[arg(long, value_name = "DEVICE")]
    serial: Option<String>,
}

/// `nimforge play MACHINE`: the front panel in the terminal, on the board at the serial
/// device `--serial` or else (`--sim`, the default) on the board wrapper's simulation.
pub fn run(args: &Args) -> Result<i32, crate::Error> {
    // `--sim` asks for what happens anyway; clap refuses it beside `--serial`.
    let Args { machine, sim: _, serial } = args;
    let serial = serial.as_deref();
    let m = crate::machines::find(machine)?;
    let front = (m.front)();
    // The device first: a board that is not there is the likelier problem.
    let serial = match serial.map(crate::play::serial::Serial::open).transpose() {
        Ok(s) => s,
        Err(line) => return Ok(fail(&line.to_string())),
    };
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        return Ok(fail("play draws the panel on a terminal and reads its keys: run it in one (standard input or output is not a terminal)"));
    }
    let transport: Box<dyn crate::play::Transport> = match serial {
        Some(s) => Box::new(s),
        None => (m.simulate)(),
    };
    match crate::play::app::run(m.name, front, transport) {
        Ok(()) => Ok(0),
        Err(line) => Ok(fail(&line.to_string())),
    }
}

/// One line on stderr; status 1.
fn fail(line: &str) -> i32 {
    eprintln!("nimforge: {line}");
    1
}
