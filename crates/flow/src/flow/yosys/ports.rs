//! A module's ports as yosys reads them (`templates/ports.ys.j2`), with
//! what it holds, and where each of its outputs is driven (`drivers`).

use super::pragmas::{case_pragmas, switches, without_full_case};
use super::rtlil::{array_element, parse_holds};
use super::{canonical, loop_left, reads, run_script, Holds, YOSYS};
use crate::flow::{read, tail, write, ToolError};
use crate::sources::Sources;
use askama::Template;
use std::path::{Path, PathBuf};

#[derive(Template)]
#[template(path = "ports.ys.j2", escape = "none")]
struct PortsScript<'a> {
    reads: Vec<String>,
    top: &'a str,
}

/// A port of a module as yosys reads it: its name, whether it is an input,
/// its width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModulePort {
    /// The port's name.
    pub name: String,
    /// An input (else an output or an inout).
    pub input: bool,
    /// Its width in bits.
    pub width: usize,
}

/// The ports of module `top` in the Verilog or SystemVerilog file `source`
/// (`templates/ports.ys.j2`), in the file's order.
pub fn ports(source: impl Into<Sources>, top: &str, dir: &Path) -> Result<Vec<ModulePort>, ToolError> {
    module(source, top, dir).map(|(ports, _)| ports)
}

/// Module `top` of `source` as yosys reads it (`templates/ports.ys.j2`): its
/// ports, in the file's order, and what it holds (flattened).
pub fn module(source: impl Into<Sources>, top: &str, dir: &Path) -> Result<(Vec<ModulePort>, Holds), ToolError> {
    module_by(source, top, dir, None)
}

/// [`module`], stopped at `by` where one is given.
pub(crate) fn module_by(source: impl Into<Sources>, top: &str, dir: &Path, by: Option<std::time::Instant>) -> Result<(Vec<ModulePort>, Holds), ToolError> {
    let source = source.into();
    let script = PortsScript { reads: reads(&source, top)?, top };
    let named = source.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ");
    run_script(&script, "ports", dir, &format!("reading the ports of {top} in {named}"), by)?;
    let json = read(&dir.join("ports.json"))?;
    let ports = parse_ports(&json, top).map_err(|e| ToolError::Failed { tool: YOSYS, what: format!("reading ports.json: {e}"), output: tail(&json, 20) })?;
    let mut holds = parse_holds(&read(&dir.join("design.il"))?, top, &read(&dir.join("undriven.txt"))?);
    let read_il = read(&dir.join("read.il"))?;
    holds.case_pragmas = case_pragmas(&read_il);
    if !holds.case_pragmas.is_empty() {
        holds.case_pragmas = departing(&source, top, dir, std::mem::take(&mut holds.case_pragmas), &read_il, by)?;
    }
    // yosys's `check` sees a loop through a whole word where one bit may
    // depend on another of the same word and not on itself: a loop counts
    // only where it is still there bit by bit (after `techmap`).
    if !holds.loops.is_empty() {
        write(&dir.join("loops.ys"), "read_rtlil design.il\ntechmap\ntee -o loops.txt check\n")?;
        YOSYS.run_with(&["-q", "-l", "loops.log", "-s", "loops.ys"], &[], dir, &format!("looking for loops in {top} bit by bit"), by)?;
        if !loop_left(dir)? {
            holds.loops.clear();
        }
    }
    // An array yosys kept as registers (`r[0]`, from `reg [7:0] r [0:3]`)
    // is an element in the file, unless the file itself declares the
    // escaped name (a flat netlist yosys wrote: `\r[0] `).
    let texts: Vec<String> = source.files.iter().filter_map(|f| std::fs::read_to_string(f).ok()).collect();
    let as_written = |n: &mut String| {
        if let Some(plain) = n.strip_prefix('\\').and_then(|n| n.strip_suffix(' ')).filter(|p| array_element(p)) {
            if !texts.iter().any(|t| t.contains(&format!("\\{plain}"))) {
                *n = plain.to_string();
            }
        }
    };
    holds.uninitialised.iter_mut().for_each(as_written);
    holds.undriven.iter_mut().for_each(|(n, _)| as_written(n));
    Ok((ports, holds))
}

/// Of the full_case pragmas `found` in `il` (yosys's reading of `source`
/// as read, before `proc`), those that change the reading: the sources
/// read again with the pragmas taken out (`without_full_case/`), a case
/// whose default yosys made is the same in both (a block that assigns x
/// before the case, which a simulator keeps where no item matches) reads
/// as it simulates. Where the second reading fails, every one stands
/// (out of time, the error).
fn departing(
    source: &Sources,
    top: &str,
    dir: &Path,
    found: Vec<(String, String)>,
    il: &str,
    by: Option<std::time::Instant>,
) -> Result<Vec<(String, String)>, ToolError> {
    let at = dir.join("without_full_case");
    let mut plain = source.clone();
    plain.files.clear();
    for (k, f) in source.files.iter().enumerate() {
        // Each file in a directory of its own, under its own name (the
        // places compared are `name:line`); an `include` beside it found
        // from there.
        let to = at.join(k.to_string()).join(f.file_name().unwrap_or_default());
        crate::files::create_dir_all(to.parent().unwrap_or(&at))?;
        write(&to, &without_full_case(&read(f)?))?;
        plain.files.push(to);
        plain.include_dirs.extend(std::path::absolute(f).ok().and_then(|f| f.parent().map(Path::to_path_buf)));
    }
    let script = PortsScript { reads: reads(&plain, top)?, top };
    match run_script(&script, "ports", &at, &format!("reading {top} again without its full_case pragmas"), by) {
        // Out of time: no verdict, rather than a refusal the reading did
        // not show.
        Err(e) if crate::flow::out_of_time() => return Err(e),
        Err(_) => return Ok(found),
        Ok(_) => {}
    }
    let (with, without) = (switches(il), switches(&read(&at.join("read.il"))?));
    // The defaults yosys made at a place, switch by switch.
    let made = |all: &[super::pragmas::Switch], place: &str| -> Vec<Option<Vec<String>>> {
        all.iter().filter(|s| s.place == place).map(|s| s.made_default.clone()).collect()
    };
    Ok(found.into_iter().filter(|(pragma, place)| place == pragma || made(&with, place) != made(&without, place)).collect())
}

/// The ports of `top` in yosys's `write_json`, in the order of their bits.
fn parse_ports(json: &str, top: &str) -> Result<Vec<ModulePort>, String> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let ports = v["modules"][top]["ports"].as_object().ok_or_else(|| format!("no module {top} with ports"))?;
    let mut out: Vec<(u64, ModulePort)> = ports
        .iter()
        .map(|(name, p)| {
            let bits = p["bits"].as_array().map_or(0, Vec::len);
            let first = p["bits"][0].as_u64().unwrap_or(u64::MAX);
            (first, ModulePort { name: name.clone(), input: p["direction"] == "input", width: bits })
        })
        .collect();
    out.sort_by_key(|(first, _)| *first);
    Ok(out.into_iter().map(|(_, p)| p).collect())
}

#[derive(Template)]
#[template(path = "drivers.ys.j2", escape = "none")]
struct DriversScript<'a> {
    source: &'a str,
    top: &'a str,
}

/// Where an output of a module is driven, from yosys's `src` attributes:
/// the file and the line (from 1) of the cell that drives it (through a
/// register, the cell that drives the register's input: the assignment's
/// line, not the `always`'s), else of the output's declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Driver {
    /// The output port's name.
    pub output: String,
    /// The file the line is in, as yosys read it (an absolute path).
    pub file: PathBuf,
    /// The line, from 1.
    pub line: usize,
}

/// Where each output of module `top` in `source` is driven
/// (`templates/drivers.ys.j2`, run in `dir`): one [`Driver`] per output that
/// yosys gives a `src` for, in no set order.
pub fn drivers(source: &Path, top: &str, dir: &Path) -> Result<Vec<Driver>, ToolError> {
    let source = canonical(source)?;
    run_script(&DriversScript { source: &source, top }, "drivers", dir, &format!("finding the drivers of {top}'s outputs in {source}"), None)?;
    let json = read(&dir.join("drivers.json"))?;
    parse_drivers(&json, top).map_err(|e| ToolError::Failed { tool: YOSYS, what: format!("reading drivers.json: {e}"), output: tail(&json, 20) })
}

/// The first place of a `src` attribute (`file:12.5-14.8|file:...`): its
/// file and line.
fn src_place(src: &str) -> Option<(PathBuf, usize)> {
    let first = src.split('|').next()?;
    let (file, at) = first.rsplit_once(':')?;
    let line = at.split(['.', '-']).next()?.parse().ok()?;
    Some((PathBuf::from(file), line))
}

/// [`drivers`] from the JSON yosys wrote.
fn parse_drivers(json: &str, top: &str) -> Result<Vec<Driver>, String> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let module = &v["modules"][top];
    let ports = module["ports"].as_object().ok_or_else(|| format!("no module {top} with ports"))?;
    let empty = serde_json::Map::new();
    let cells = module["cells"].as_object().unwrap_or(&empty);
    let bits = |v: &serde_json::Value| -> Vec<u64> { v.as_array().map_or(vec![], |a| a.iter().filter_map(serde_json::Value::as_u64).collect()) };
    // The cell that drives any of `wanted`: its type, its src, its inputs.
    let driver = |wanted: &[u64]| {
        cells.values().find(|c| {
            c["port_directions"]
                .as_object()
                .is_some_and(|dirs| dirs.iter().any(|(p, d)| d == "output" && bits(&c["connections"][p]).iter().any(|b| wanted.contains(b))))
        })
    };
    let mut out = Vec::new();
    for (name, port) in ports {
        if port["direction"] == "input" {
            continue;
        }
        let mut place = None;
        if let Some(cell) = driver(&bits(&port["bits"])) {
            place = cell["attributes"]["src"].as_str().and_then(src_place);
            // A register: the cell that drives its input says more.
            let kind = cell["type"].as_str().unwrap_or("");
            if kind.contains("dff") || kind.contains("dlatch") {
                let d = bits(&cell["connections"]["D"]);
                if let Some(p) = driver(&d).and_then(|c| c["attributes"]["src"].as_str()).and_then(src_place) {
                    place = Some(p);
                }
            }
        }
        let declared = || module["netnames"][name]["attributes"]["src"].as_str().and_then(src_place);
        if let Some((file, line)) = place.or_else(declared) {
            out.push(Driver { output: name.clone(), file, line });
        }
    }
    Ok(out)
}
