//! Boards as plain data: `boards/<name>.toml`, compiled into the binary
//! (so it works from any directory) and read with serde.

use serde::Deserialize;
use std::path::PathBuf;

/// Why a board could not be had; each prints as one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// No board has the name asked for: the line says which boards there are.
    Unknown(String),
    /// A board file is not what a build needs.
    Malformed {
        /// The file.
        file: PathBuf,
        /// What is wrong and where, in one line that names the file.
        what: String,
    },
}

impl std::fmt::Display for BoardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardError::Unknown(line) => f.write_str(line),
            BoardError::Malformed { what, .. } => f.write_str(what),
        }
    }
}

impl std::error::Error for BoardError {}

/// A package pin: a number (TQ144, SG48) or a ball name (CT256's "J3").
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(untagged)]
pub enum Pin {
    /// A numbered pin of a leaded or QFN package.
    Number(u32),
    /// A ball of a BGA package, by its name.
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
/// The board's oscillator: where it enters the FPGA and how fast it runs.
pub struct Clock {
    /// The FPGA pin the oscillator drives.
    pub pin: Pin,
    /// Its frequency, in MHz.
    pub mhz: u32,
    /// How much faster than the clock nextpnr must find every path (its
    /// `--freq` is the clock times this): headroom for a warm board and a
    /// slower corner. 1 when the file does not say.
    #[serde(default = "one")]
    pub timing_margin: f64,
}

fn one() -> f64 {
    1.0
}

impl Clock {
    /// The frequency every build must meet in nextpnr: the clock times
    /// the margin.
    pub fn target_mhz(&self) -> f64 {
        self.mhz as f64 * self.timing_margin
    }
}

#[derive(Clone, Debug, Deserialize)]
/// The board's serial link to the host (its UART's two pins).
pub struct Uart {
    /// The FPGA pin the design receives on (the top-level `rx`).
    pub rx: Pin,
    /// The FPGA pin the design transmits on (the top-level `tx`).
    pub tx: Pin,
}

#[derive(Clone, Debug, Deserialize)]
/// One board, as `boards/<name>.toml` describes it.
pub struct Board {
    /// The name `--board` takes: icestick, icebreaker.
    pub name: String,
    /// The board and its FPGA, for people: "Lattice iCEstick (iCE40HX1K-TQ144)".
    pub description: String,
    /// nextpnr-ice40's device flag without the dashes: hx1k, up5k.
    pub device: String,
    /// nextpnr-ice40's package flag: tq144, sg48.
    pub package: String,
    /// The oscillator.
    pub clock: Clock,
    /// The LEDs' pins, in the order the top level's `leds[0..]` takes them.
    pub leds: Vec<Pin>,
    /// The push buttons' pins, in order (none on the iCEstick).
    pub buttons: Vec<Pin>,
    /// For each button, whether it reads low while pressed.
    #[serde(default)]
    pub buttons_active_low: Vec<bool>,
    /// The serial link to the host.
    pub uart: Uart,
    /// Pins a build may give to a machine's ports, in order of preference.
    pub free_io: Vec<Pin>,
}

/// The boards built in: each name and its file's text.
pub const BUILTIN: [(&str, &str); 2] = [("icestick", include_str!("../boards/icestick.toml")), ("icebreaker", include_str!("../boards/icebreaker.toml"))];

/// The device the `bitstream` level places a bare machine on when the
/// iCEstick has too few pins for its ports; also a board `build` accepts:
/// its name and its file's text.
pub const VERIFICATION: (&str, &str) = ("hx8k-breakout", include_str!("../boards/hx8k-breakout.toml"));

/// The boards a player uses (`report` builds every machine for each).
pub fn names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(n, _)| *n).collect()
}

/// The board called `name`, or a line saying which boards there are.
pub fn board(name: &str) -> Result<Board, BoardError> {
    let text = BUILTIN
        .iter()
        .chain([VERIFICATION].iter())
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| BoardError::Unknown(format!("unknown board '{name}': choose one of {}", names().join(", "))))?;
    parse(&format!("crates/flow/boards/{name}.toml"), text)
}

/// A board file's text read and checked: what it must hold for a build
/// (a clock of a sensible frequency, pins named once, as many button
/// polarities as buttons). `file` names it in the one-line error.
pub fn parse(file: &str, text: &str) -> Result<Board, BoardError> {
    check(file, text).map_err(|what| BoardError::Malformed { file: file.into(), what })
}

/// [`parse`], its error a line naming the file.
fn check(file: &str, text: &str) -> Result<Board, String> {
    let b: Board = toml::from_str(text).map_err(|e| {
        let first = e.to_string().lines().next().unwrap_or_default().to_string();
        format!("{file} is malformed: {first}")
    })?;
    if b.clock.mhz == 0 || b.clock.mhz > 1000 {
        return Err(format!("{file}: a clock of {} MHz; give its frequency in MHz, 1 to 1000", b.clock.mhz));
    }
    if !(1.0..=10.0).contains(&b.clock.timing_margin) {
        return Err(format!("{file}: a timing margin of {}; give how much faster than the clock a build must be, 1 to 10", b.clock.timing_margin));
    }
    if !b.buttons_active_low.is_empty() && b.buttons_active_low.len() != b.buttons.len() {
        return Err(format!(
            "{file}: {} buttons but {} polarities in buttons_active_low; give one for each button or none",
            b.buttons.len(),
            b.buttons_active_low.len()
        ));
    }
    let mut named = vec![b.clock.pin.clone(), b.uart.rx.clone(), b.uart.tx.clone()];
    named.extend(b.leds.iter().cloned());
    named.extend(b.buttons.iter().cloned());
    let mut seen = std::collections::HashSet::new();
    if let Some(p) = named.iter().find(|p| !seen.insert(*p)) {
        return Err(format!("{file}: pin {p} has two jobs among the clock, the UART, the LEDs and the buttons"));
    }
    Ok(b)
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

    /// Issue 25: every build is held to twice its board's 12 MHz, and a
    /// margin under 1 is refused in one line.
    #[test]
    fn every_board_asks_twice_its_clock() {
        for name in names().into_iter().chain([VERIFICATION.0]) {
            let b = board(name).unwrap();
            assert_eq!((b.clock.mhz, b.clock.target_mhz()), (12, 24.0), "{name}");
        }
        let text = BUILTIN[0].1.replace("timing_margin = 2.0", "timing_margin = 0.5");
        let e = parse("half.toml", &text).unwrap_err().to_string();
        assert!(e.starts_with("half.toml: a timing margin of 0.5") && !e.contains('\n'), "{e}");
        let text = BUILTIN[0].1.replace(", timing_margin = 2.0", "");
        assert_eq!(parse("plain.toml", &text).unwrap().clock.target_mhz(), 12.0);
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
        assert!(board("de0").unwrap_err().to_string().contains("icestick"));
    }
}
