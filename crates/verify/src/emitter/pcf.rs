//! Pin constraint files from the board data (`boards/*.toml`) and the
//! template `templates/pcf.j2`.

use crate::boards::{self, Board};
use crate::port::Port;
use crate::Error;
use askama::Template;

/// One line of a constraint file: a top-level port bit on a package pin.
pub struct Pin {
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

/// Every port of a machine brought out: `clock` on the board's clock pin
/// when `clocked` (a design in steps has no `clock`: each of its clocks is
/// one of `inputs`), the other ports' bits on the board's free pins in
/// order. An error names the shortfall when the board has too few.
pub(crate) fn all_ports(board: &Board, module: &str, (inputs, outputs): (&[Port], &[Port]), clocked: bool) -> Result<String, Error> {
    let mut pins = if clocked { vec![Pin { name: "clock".into(), pin: board.clock.pin.clone() }] } else { vec![] };
    let mut free = board.free_io.iter();
    let bits: usize = inputs.iter().chain(outputs).map(|p| p.width).sum();
    for p in inputs.iter().chain(outputs) {
        for b in 0..p.width {
            let name = if p.width == 1 { p.name.to_string() } else { format!("{}[{b}]", p.name) };
            let pin = free.next().cloned().ok_or_else(|| {
                Error::Input(format!("{module} has {bits} port bits besides its clock but {} has {} free pins", board.name, board.free_io.len()))
            })?;
            pins.push(Pin { name, pin });
        }
    }
    Ok(render(board, &format!("every port of {module} on a pin"), &pins))
}

/// The constraint file putting `pins` on `board`, its first line saying
/// what it is for (`purpose`).
pub fn render(board: &Board, purpose: &str, pins: &[Pin]) -> String {
    Pcf { board: &board.name, purpose, pins }.render().expect("the pcf template renders")
}
