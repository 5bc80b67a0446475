//! `nimforge sim MACHINE --script "..." --vcd FILE`: a scripted run of the
//! cycle-accurate design recorded as a VCD (for GTKWave or Surfer). The
//! signals carry the design's names, which follow the documents' (the
//! rows' lamps, the parity relays, the T chain, the pile registers, the
//! judge's stages).
//!
//! The script is the machine's input letters, one clock cycle each,
//! separated by commas, each optionally repeated: `PA, PA, MTR, none x40`.

use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(value_parser = super::machine_names(false))]
    machine: String,
    /// Input letters, one clock cycle each, comma-separated, each with an optional " xN": "RESET, PA x2, MTR, none x40".
    #[arg(long)]
    script: String,
    /// The VCD file to write.
    #[arg(long)]
    vcd: std::path::PathBuf,
}

/// `nimforge sim MACHINE`: runs the `--script` on the machine's design and writes the VCD to `--vcd`.
pub fn run(args: &Args) -> Result<i32, crate::Error> {
    record(&args.machine, &args.script, &args.vcd)
}

/// Runs `script` on `machine`'s design and writes the VCD to `vcd`.
fn record(machine: &str, script: &str, vcd: &Path) -> Result<i32, crate::Error> {
    let m = crate::machines::find(machine)?;
    let cycles = (m.sim)(script, vcd)?;
    println!("{cycles} cycles of {} recorded in {}", m.name, vcd.display());
    Ok(0)
}

#[cfg(test)]
mod tests {
    use crate::harness::{nimatron::Nimatron, relay_nim::RelayNim};
    use nimforge_verify::clocked::parse_script as parse;

    #[test]
    fn scripts_parse() {
        assert_eq!(parse::<Nimatron>("RESET, none x3, pa").unwrap().len(), 5);
        assert!(parse::<Nimatron>("PE").unwrap_err().to_string().contains("'PE' is not an input of nimatron"));
        assert!(parse::<Nimatron>("").unwrap_err().to_string().contains("empty"));
        assert_eq!(parse::<RelayNim>("TAKE A x2, GO").unwrap().len(), 3);
    }
}
