//! Boards as plain data: `fpga/boards/<name>.toml`, compiled into the binary
//! (so it works from any directory) and read with serde.

use serde::Deserialize;

/// A package pin: a number (TQ144, SG48) or a ball name (CT256's "J3").
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(untagged)]
pub enum Pin {
    Number(u32),
    Ball(String),
}

impl std::fmt::Display for Pin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pin::Number(n) => write!(f, "{n}"),
            Pin::Ball(b) => f.write_str(b),
        }
    }
}

impl From<u32> for Pin {
    fn from(n: u32) -> Pin {
        Pin::Number(n)
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Clock {
    pub pin: Pin,
    pub mhz: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Uart {
    pub rx: Pin,
    pub tx: Pin,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Board {
    pub name: String,
    pub description: String,
    /// nextpnr-ice40's device flag without the dashes: hx1k, up5k.
    pub device: String,
    pub package: String,
    pub clock: Clock,
    pub leds: Vec<Pin>,
    pub buttons: Vec<Pin>,
    /// For each button, whether it reads low while pressed.
    #[serde(default)]
    pub buttons_active_low: Vec<bool>,
    pub uart: Uart,
    /// Pins a build may give to a machine's ports, in order of preference.
    pub free_io: Vec<Pin>,
}

const BUILTIN: [(&str, &str); 2] = [
    ("icestick", include_str!("../fpga/boards/icestick.toml")),
    ("icebreaker", include_str!("../fpga/boards/icebreaker.toml")),
];

/// The device the `bitstream` level places a bare machine on when the
/// iCEstick has too few pins for its ports; also a board `build` accepts.
pub const VERIFICATION: (&str, &str) = ("hx8k-breakout", include_str!("../fpga/boards/hx8k-breakout.toml"));

/// The boards a player uses (`report` builds every machine for each).
pub fn names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(n, _)| *n).collect()
}

/// The board called `name`, or a line saying which boards there are.
pub fn board(name: &str) -> Result<Board, String> {
    let text = BUILTIN
        .iter()
        .chain([VERIFICATION].iter())
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
        for name in names().into_iter().chain([VERIFICATION.0]) {
            let b = board(name).unwrap();
            let mut pins = b.free_io.clone();
            pins.push(b.clock.pin.clone());
            let n = pins.len();
            pins.sort();
            pins.dedup();
            assert_eq!(pins.len(), n, "{name}: a pin is listed twice");
        }
    }

    #[test]
    fn the_issue_s_pins() {
        let s = board("icestick").unwrap();
        let pins = |v: &[u32]| v.iter().map(|&n| Pin::from(n)).collect::<Vec<_>>();
        assert_eq!(vec![s.clock.pin, s.uart.rx, s.uart.tx], pins(&[21, 9, 8]));
        assert_eq!(s.leds, pins(&[99, 98, 97, 96, 95]));
        let b = board("icebreaker").unwrap();
        assert_eq!(vec![b.clock.pin, b.uart.rx, b.uart.tx, b.buttons[0].clone()], pins(&[35, 6, 9, 10]));
        assert_eq!(b.leds, pins(&[11, 37, 26, 27, 25, 23, 21]));
        assert_eq!(b.buttons[1..], pins(&[20, 19, 18]));
        let h = board("hx8k-breakout").unwrap();
        assert_eq!((h.clock.pin.to_string(), h.free_io.len()), ("J3".to_string(), 195));
        assert!(board("de0").unwrap_err().contains("icestick"));
    }
}
