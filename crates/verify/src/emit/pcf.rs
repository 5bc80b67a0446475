//! Pin constraint files from the board data (`boards/*.toml`) and the
//! template `templates/pcf.j2`.

use crate::boards::{self, Board};
use crate::Error;
use crate::ports::Port;
use askama::Template;

/// One line of a constraint file: a top-level port bit on a package pin.
pub(crate) struct Pin {
    /// The port bit as the Verilog names it: `clock`, `rx`, `leds[2]`, `btn0`.
    pub name: String,
    /// The package pin it goes to.
    pub pin: boards::Pin,
}

#[derive(Template)]
#[template(path = "pcf.j2", escape = "none")]
struct Pcf<'a> {
    board: &'a str,
    purpose: &'a str,
    pins: &'a [Pin],
}

/// Every port of a machine brought out: `clock` on the board's clock pin,
/// the other ports' bits on the board's free pins in order. An error names
/// the shortfall when the board has too few.
pub fn all_ports(board: &Board, module: &str, inputs: &[Port], outputs: &[Port]) -> Result<String, Error> {
    let mut pins = vec![Pin { name: "clock".into(), pin: board.clock.pin.clone() }];
    let mut free = board.free_io.iter();
    let bits: usize = inputs.iter().chain(outputs).map(|p| p.width).sum();
    for p in inputs.iter().chain(outputs) {
        for b in 0..p.width {
            let name = if p.width == 1 { p.name.to_string() } else { format!("{}[{b}]", p.name) };
            let pin = free.next().cloned().ok_or_else(|| {
                Error::Input(format!(
                    "{module} has {bits} port bits besides its clock but {} has {} free pins",
                    board.name,
                    board.free_io.len()
                ))
            })?;
            pins.push(Pin { name, pin });
        }
    }
    let purpose = format!("every port of {module} on a pin");
    Ok(Pcf { board: &board.name, purpose: &purpose, pins: &pins }.render().expect("the pcf template renders"))
}

/// A front-panel wrapper (`fpga/protocol.md`) in its board top
/// (`templates/top.v.j2`): `clock`, the UART's `rx` and `tx`, `leds[0..leds]`
/// on the board's first LEDs, and `btn0`.. on the board's buttons.
pub fn panel(board: &Board, module: &str, leds: usize) -> Result<String, Error> {
    if board.leds.len() < leds {
        return Err(Error::Input(format!("{module} drives {leds} LEDs but {} has {}", board.name, board.leds.len())));
    }
    let mut pins = vec![
        Pin { name: "clock".into(), pin: board.clock.pin.clone() },
        Pin { name: "rx".into(), pin: board.uart.rx.clone() },
        Pin { name: "tx".into(), pin: board.uart.tx.clone() },
    ];
    for (i, pin) in board.leds.iter().take(leds).enumerate() {
        pins.push(Pin { name: format!("leds[{i}]"), pin: pin.clone() });
    }
    for (i, pin) in board.buttons.iter().take(4).enumerate() {
        pins.push(Pin { name: format!("btn{i}"), pin: pin.clone() });
    }
    let purpose = format!("{module} behind the front panel: the UART, the LEDs and the buttons");
    Ok(Pcf { board: &board.name, purpose: &purpose, pins: &pins }.render().expect("the pcf template renders"))
}

#[derive(Template)]
#[template(path = "top.v.j2", escape = "none")]
struct Top<'a> {
    board: &'a str,
    module: &'a str,
    source: &'a str,
    leds: usize,
    buttons: Vec<String>,
    buttons_expr: String,
}

/// The board's top module `nimforge_top` around the wrapper `module` (in
/// the file `source`): the first four buttons, active-low ones inverted,
/// missing ones tied low.
pub fn top(board: &Board, module: &str, source: &str, leds: usize) -> String {
    let n = board.buttons.len().min(4);
    let buttons: Vec<String> = (0..n).map(|i| format!("btn{i}")).collect();
    let bit = |k: usize| {
        if k >= n {
            "1'b0".to_string()
        } else if board.buttons_active_low.get(k).copied().unwrap_or(false) {
            format!("~btn{k}")
        } else {
            format!("btn{k}")
        }
    };
    let buttons_expr = (0..4).rev().map(bit).collect::<Vec<_>>().join(", ");
    Top { board: &board.name, module, source, leds, buttons, buttons_expr }.render().expect("the top template renders")
}
