//! Boards as plain data: `fpga/boards/<name>.toml`, compiled into the binary
//! (so it works from any directory) and read with serde.

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
pub struct Clock {
    pub pin: u32,
    pub mhz: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Uart {
    pub rx: u32,
    pub tx: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Board {
    pub name: String,
    pub description: String,
    /// nextpnr-ice40's device flag without the dashes: hx1k, up5k.
    pub device: String,
    pub package: String,
    pub clock: Clock,
    pub leds: Vec<u32>,
    pub buttons: Vec<u32>,
    /// For each button, whether it reads low while pressed.
    #[serde(default)]
    pub buttons_active_low: Vec<bool>,
    pub uart: Uart,
    /// Pins a build may give to a machine's ports, in order of preference.
    pub free_io: Vec<u32>,
}

const BUILTIN: [(&str, &str); 2] = [
    ("icestick", include_str!("../fpga/boards/icestick.toml")),
    ("icebreaker", include_str!("../fpga/boards/icebreaker.toml")),
];

pub fn names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(n, _)| *n).collect()
}

/// The board called `name`, or a line saying which boards there are.
pub fn board(name: &str) -> Result<Board, String> {
    let text = BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| format!("unknown board '{name}': choose one of {}", names().join(", ")))?;
    toml::from_str(text).map_err(|e| format!("fpga/boards/{name}.toml is malformed: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_reads_and_its_pins_are_distinct() {
        for name in names() {
            let b = board(name).unwrap();
            let mut pins = b.free_io.clone();
            pins.push(b.clock.pin);
            let n = pins.len();
            pins.sort();
            pins.dedup();
            assert_eq!(pins.len(), n, "{name}: a pin is listed twice");
        }
    }

    #[test]
    fn the_issue_s_pins() {
        let s = board("icestick").unwrap();
        assert_eq!((s.clock.pin, s.uart.rx, s.uart.tx), (21, 9, 8));
        assert_eq!(s.leds, vec![99, 98, 97, 96, 95]);
        let b = board("icebreaker").unwrap();
        assert_eq!((b.clock.pin, b.uart.rx, b.uart.tx, b.buttons[0]), (35, 6, 9, 10));
        assert_eq!(b.leds, vec![11, 37, 26, 27, 25, 23, 21]);
        assert_eq!(b.buttons[1..], [20, 19, 18]);
        assert!(board("de0").unwrap_err().contains("icestick"));
    }
}
