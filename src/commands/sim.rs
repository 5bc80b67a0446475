//! `nimforge sim MACHINE --script "..." --vcd FILE`: a scripted run of the
//! cycle-accurate design recorded as a VCD (for GTKWave or Surfer). The
//! signals carry the design's names, which follow the documents' (the
//! rows' lamps, the parity relays, the T chain, the pile registers, the
//! judge's stages).
//!
//! The script is the machine's input letters, one clock cycle each,
//! separated by commas, each optionally repeated: `PA, PA, MTR, none x40`.

use crate::verify::Machine;
use crate::verify::driver::Driver;
use rust_hdl::prelude::*;
use std::path::Path;

/// `nimforge sim MACHINE`: runs `script` on the machine's design and writes the VCD to `vcd`.
pub fn run(machine: &str, script: &str, vcd: &Path) -> Result<i32, String> {
    (crate::machines::find(machine)?.sim)(script, vcd)
}

/// The script as letter indices, one per cycle.
pub fn parse<M: Machine>(script: &str) -> Result<Vec<usize>, String> {
    let letters = M::letters();
    let mut out = Vec::new();
    for token in script.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let (name, times) = match token.rsplit_once(" x") {
            Some((n, k)) if k.parse::<usize>().is_ok() => (n.trim(), k.parse::<usize>().unwrap()),
            _ => (token, 1),
        };
        let l = letters.iter().position(|l| l.name.eq_ignore_ascii_case(name)).ok_or_else(|| {
            let names: Vec<&str> = letters.iter().take(8).map(|l| l.name.as_str()).collect();
            let more = if letters.len() > 8 { ", ..." } else { "" };
            format!("'{name}' is not an input of {}: use {}{more}, separated by commas, each with an optional ' xN'", M::NAME, names.join(", "))
        })?;
        if times > 1_000_000 {
            return Err(format!("'{token}': at most 1,000,000 cycles a token"));
        }
        out.extend(std::iter::repeat(l).take(times));
        if out.len() > 1_000_000 {
            return Err("the script is longer than 1,000,000 cycles: record a shorter run".into());
        }
    }
    if out.is_empty() {
        return Err("the script is empty: give the inputs, e.g. --script \"RESET, none x10\"".into());
    }
    Ok(out)
}

/// A scripted run of `M`'s design written to `path` as a VCD.
pub fn record<M: Machine>(script: &str, path: &Path) -> Result<i32, String> {
    let cycles = parse::<M>(script)?;
    // Written beside, then renamed: never a half-written file (a device such
    // as /dev/null is written directly).
    let direct = path.exists() && !path.is_file();
    let tmp = if direct { path.to_path_buf() } else { path.with_extension("vcd.partial") };
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(!direct)
        .truncate(!direct)
        .open(&tmp)
        .map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    let mut driver = Driver::<M>::new();
    let mut vcd = write_vcd_header(std::io::BufWriter::new(file), driver.design());
    vcd = write_vcd_dump(vcd, driver.design());
    let mut t = 0u64;
    let mut failed = None;
    let mut vcd = Some(vcd);
    for &l in &cycles {
        // Each edge: a timestamp, then what changed.
        driver.press_observed(l, |design| {
            t += 5;
            if let Some(mut w) = vcd.take() {
                if let Err(e) = w.timestamp(t) {
                    failed.get_or_insert(e);
                }
                vcd = Some(write_vcd_change(w, design));
            }
        });
    }
    if let Some(e) = failed {
        return Err(format!("cannot write {}: {e}", tmp.display()));
    }
    drop(vcd);
    if !direct {
        std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    println!("{} cycles of {} recorded in {}", cycles.len(), M::NAME, path.display());
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{nimatron::Nimatron, relay_nim::RelayNim};

    #[test]
    fn scripts_parse() {
        assert_eq!(parse::<Nimatron>("RESET, none x3, pa").unwrap().len(), 5);
        assert!(parse::<Nimatron>("PE").unwrap_err().contains("'PE' is not an input of nimatron"));
        assert!(parse::<Nimatron>("").unwrap_err().contains("empty"));
        assert_eq!(parse::<RelayNim>("TAKE A x2, GO").unwrap().len(), 3);
    }

    /// A recorded run is a VCD with the documents' names in it, and a bad
    /// script leaves no file.
    #[test]
    fn a_run_is_recorded() {
        let dir = std::env::temp_dir().join(format!("nimforge-sim-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("nimatron.vcd");
        run("nimatron", "RESET, none x3, PA, MTR, none x30", &path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("$var") && text.contains("lamps_a") && text.contains("t_chain"), "{}", &text[..400.min(text.len())]);
        let bad = dir.join("bad.vcd");
        assert!(run("nimatron", "PQ", &bad).is_err());
        assert!(!bad.exists() && !bad.with_extension("vcd.partial").exists());
        std::fs::remove_dir_all(&dir).ok();
    }
}
