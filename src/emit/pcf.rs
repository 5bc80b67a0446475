//! Pin constraint files from the board data (`fpga/boards/*.toml`) and the
//! template `fpga/pcf.j2`.

use crate::boards::Board;
use crate::verify::Port;
use askama::Template;

pub struct Pin {
    pub name: String,
    pub pin: u32,
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
pub fn all_ports(board: &Board, module: &str, inputs: &[Port], outputs: &[Port]) -> Result<String, String> {
    let mut pins = vec![Pin { name: "clock".into(), pin: board.clock.pin }];
    let mut free = board.free_io.iter();
    let bits: usize = inputs.iter().chain(outputs).map(|p| p.width).sum();
    for p in inputs.iter().chain(outputs) {
        for b in 0..p.width {
            let name = if p.width == 1 { p.name.to_string() } else { format!("{}[{b}]", p.name) };
            let pin = *free.next().ok_or_else(|| {
                format!(
                    "{module} has {bits} port bits besides its clock but {} has {} free pins",
                    board.name,
                    board.free_io.len()
                )
            })?;
            pins.push(Pin { name, pin });
        }
    }
    let purpose = format!("every port of {module} on a pin");
    Ok(Pcf { board: &board.name, purpose: &purpose, pins: &pins }.render().expect("the pcf template renders"))
}

/// A front-panel wrapper (`fpga/protocol.md`): `clock`, the UART's `rx` and
/// `tx`, and `leds[0..leds]` on the board's first LEDs.
pub fn panel(board: &Board, module: &str, leds: usize) -> Result<String, String> {
    if board.leds.len() < leds {
        return Err(format!("{module} drives {leds} LEDs but {} has {}", board.name, board.leds.len()));
    }
    let mut pins = vec![
        Pin { name: "clock".into(), pin: board.clock.pin },
        Pin { name: "rx".into(), pin: board.uart.rx },
        Pin { name: "tx".into(), pin: board.uart.tx },
    ];
    for (i, &pin) in board.leds.iter().take(leds).enumerate() {
        pins.push(Pin { name: format!("leds[{i}]"), pin });
    }
    let purpose = format!("{module} behind the front panel: the UART and the LEDs");
    Ok(Pcf { board: &board.name, purpose: &purpose, pins: &pins }.render().expect("the pcf template renders"))
}
