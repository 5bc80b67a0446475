//! A scripted run of a design recorded as a VCD (for GTKWave or Surfer):
//! the design driven press by press in its rust-hdl simulation ([`Driver`]),
//! every signal under its own name.
//!
//! A script is the machine's input letters by name, one clock cycle each,
//! separated by commas, each optionally repeated: `PA, PA, MTR, none x40`.

use super::driver::Driver;
use crate::flow::ToolError;
use crate::{Error, Machine};
use rust_hdl::prelude::*;
use std::path::Path;

/// The script as letter indices, one per cycle.
pub fn parse_script<M: Machine>(script: &str) -> Result<Vec<usize>, Error> {
    let letters = M::letters();
    let mut out = Vec::new();
    for token in script.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let (name, times) = match token.rsplit_once(" x") {
            Some((n, k)) if k.parse::<usize>().is_ok() => (n.trim(), k.parse::<usize>().unwrap()),
            _ => (token, 1),
        };
        let l = letters.iter().position(|l| l.name.eq_ignore_ascii_case(name)).ok_or_else(|| -> Error {
            let names: Vec<&str> = letters.iter().take(8).map(|l| l.name.as_str()).collect();
            let more = if letters.len() > 8 { ", ..." } else { "" };
            Error::Input(format!("'{name}' is not an input of {}: use {}{more}, separated by commas, each with an optional ' xN'", M::NAME, names.join(", ")))
        })?;
        if times > 1_000_000 {
            return Err(Error::Input(format!("'{token}': at most 1,000,000 cycles a token")));
        }
        out.extend(std::iter::repeat_n(l, times));
        if out.len() > 1_000_000 {
            return Err(Error::Input("the script is longer than 1,000,000 cycles: record a shorter run".into()));
        }
    }
    if out.is_empty() {
        return Err(Error::Input("the script is empty: give the inputs, e.g. --script \"RESET, none x10\"".into()));
    }
    Ok(out)
}

/// A scripted run of `M`'s design written to `path` as a VCD.
pub fn record_vcd<M: Machine>(script: &str, path: &Path) -> Result<usize, Error> {
    record_letters::<M>(&parse_script::<M>(script)?, path)
}

/// `M`'s design driven with `cycles` (letters, one a cycle, from power-on)
/// written to `path` as a VCD; the cycles run.
pub(crate) fn record_letters<M: Machine>(cycles: &[usize], path: &Path) -> Result<usize, Error> {
    // Written beside, then renamed: never a half-written file (a device such
    // as /dev/null is written directly).
    let direct = path.exists() && !path.is_file();
    let tmp = if direct { path.to_path_buf() } else { path.with_extension("vcd.partial") };
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(!direct)
        .truncate(!direct)
        .open(&tmp)
        .map_err(|error| ToolError::Io { what: format!("writing {}", tmp.display()), error })?;
    let mut driver = Driver::<M>::new();
    let mut vcd = write_vcd_header(std::io::BufWriter::new(file), driver.design());
    vcd = write_vcd_dump(vcd, driver.design());
    let mut t = 0u64;
    let mut failed = None;
    let mut vcd = Some(vcd);
    for &l in cycles {
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
        return Err(ToolError::Io { what: format!("writing {}", tmp.display()), error: e }.into());
    }
    drop(vcd);
    if !direct {
        std::fs::rename(&tmp, path).map_err(|error| ToolError::Io { what: format!("writing {}", path.display()), error })?;
    }
    Ok(cycles.len())
}
