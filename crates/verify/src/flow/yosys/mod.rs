//! yosys: synthesis for the iCE40 (`synth_ice40`), the cell counts of `stat
//! -json`, and the netlist written back as Verilog. The script is made from
//! the template `templates/synth.ys.j2` and kept beside its reports. `synth_blif`
//! makes the generic gate-level BLIF the netlist simulator reads
//! (`templates/blif.ys.j2`). `prove_equivalent` proves a design equal to a
//! reference for every input sequence (`templates/prove.ys.j2`).

pub mod anchor;

use super::{read, write, Tool, ToolError};
use crate::sources::Sources;
use askama::Template;
use std::path::{Path, PathBuf};

/// yosys, from the Debian package of the same name.
pub(crate) const YOSYS: Tool = Tool::new("yosys");

/// yosys's version line (`yosys -V`), or nothing when it does not run.
pub fn version() -> String {
    YOSYS.version("-V")
}

#[derive(Template)]
#[template(path = "synth.ys.j2", escape = "none")]
struct Script<'a> {
    reads: Vec<String>,
    top: &'a str,
}

/// The cells of a synthesised design that the reports show.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Cells {
    /// Look-up tables (`SB_LUT4`).
    pub lut4: u64,
    /// Flip-flops (every `SB_DFF*` kind).
    pub dff: u64,
    /// Carry cells (`SB_CARRY`).
    pub carry: u64,
}

/// What [`synth_ice40`] made: the netlist in two forms, and its cells.
#[derive(Clone, Debug)]
pub struct Synthesis {
    /// The netlist for nextpnr.
    pub json: PathBuf,
    /// The netlist as Verilog of iCE40 cells.
    pub netlist: PathBuf,
    /// Its cell counts, from `stat -json`.
    pub cells: Cells,
}

/// Synthesise `source` (a file, or [`Sources`]; top module `top`) into `dir`.
pub fn synth_ice40(source: impl Into<Sources>, top: &str, dir: &Path) -> Result<Synthesis, ToolError> {
    let script = Script { reads: reads(&source.into(), top)?, top }.render().expect("template renders");
    write(&dir.join("synth.ys"), &script)?;
    YOSYS.run(&["-q", "-l", "synth.log", "-s", "synth.ys"], dir, &format!("synthesising {top}"))?;
    synthesis_in(dir)
}

/// What a [`synth_ice40`] run left in `dir`, read again (a build taken as
/// it stands, when nothing it was made from has changed).
pub fn synthesis_in(dir: &Path) -> Result<Synthesis, ToolError> {
    let stat = read(&dir.join("stat.json"))?;
    let cells = parse_stat(&stat).map_err(|e| ToolError::Failed { tool: YOSYS, what: format!("reading stat.json: {e}"), output: stat.clone() })?;
    Ok(Synthesis { json: dir.join("synth.json"), netlist: dir.join("netlist.v"), cells })
}

#[derive(Template)]
#[template(path = "blif.ys.j2", escape = "none")]
struct BlifScript<'a> {
    reads: Vec<String>,
    top: &'a str,
}

/// Synthesise `source` (top module `top`) into `dir` as generic gates and
/// rising-edge flip-flops; the BLIF's path (`dir/netlist.blif`).
pub fn synth_blif(source: impl Into<Sources>, top: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    let script = BlifScript { reads: reads(&source.into(), top)?, top }.render().expect("template renders");
    write(&dir.join("blif.ys"), &script)?;
    YOSYS.run(&["-q", "-l", "blif.log", "-s", "blif.ys"], dir, &format!("synthesising {top} to BLIF"))?;
    Ok(dir.join("netlist.blif"))
}

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
    let script = PortsScript { reads: reads(&source, top)?, top }.render().expect("template renders");
    write(&dir.join("ports.ys"), &script)?;
    let named = source.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ");
    YOSYS.run_by(&["-q", "-l", "ports.log", "-s", "ports.ys"], dir, &format!("reading the ports of {top} in {named}"), by)?;
    let json = read(&dir.join("ports.json"))?;
    let ports =
        parse_ports(&json, top).map_err(|e| ToolError::Failed { tool: YOSYS, what: format!("reading ports.json: {e}"), output: super::tail(&json, 20) })?;
    let mut holds = parse_holds(&read(&dir.join("design.il"))?, top, &read(&dir.join("undriven.txt"))?);
    // yosys's `check` sees a loop through a whole word where one bit may
    // depend on another of the same word and not on itself: a loop counts
    // only where it is still there bit by bit (after `techmap`).
    if !holds.loops.is_empty() {
        write(&dir.join("loops.ys"), "read_rtlil design.il\ntechmap\ntee -o loops.txt check\n")?;
        YOSYS.run_by(&["-q", "-l", "loops.log", "-s", "loops.ys"], dir, &format!("looking for loops in {top} bit by bit"), by)?;
        if !read(&dir.join("loops.txt"))?.contains("found logic loop") {
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

/// `r[0]`, `r[1][2]`: a plain identifier with constant indices, as yosys
/// names an array's element it keeps as a register.
fn array_element(name: &str) -> bool {
    let Some((base, rest)) = name.split_once('[') else { return false };
    verilog_name(base) == base
        && format!("[{rest}").split_inclusive(']').all(|i| i.len() > 2 && i.starts_with('[') && i[1..i.len() - 1].bytes().all(|b| b.is_ascii_digit()))
}

/// What a module holds, flattened, each by its path in the file (`sub.q`,
/// yosys's own nets left out). The registers and memories are written as
/// Verilog paths from an instance of the module: a submodule's register as
/// `sub.q` (yosys's `hdlname`), a name that is no plain identifier escaped
/// (`\\sub.q ` where the file itself, a flat netlist, names a register
/// `\\sub.q `).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holds {
    /// The registers with no initial value (power on at 0).
    pub uninitialised: Vec<String>,
    /// The memories with no initial value: name, first address, words.
    pub memories: Vec<(String, i64, usize)>,
    /// The latches (level-sensitive registers), by the signal they hold.
    pub latches: Vec<String>,
    /// The registers with an asynchronous reset or load.
    pub asynchronous: Vec<String>,
    /// Each clock the registers take (the signal as written), and whether
    /// on its rising edge.
    pub clocks: Vec<(String, bool)>,
    /// Those of `clocks` also read otherwise than at a clock pin (by logic,
    /// a latch's enable, or an output): as written.
    pub clocks_as_data: Vec<String>,
    /// The signals that open the latches (their enables, as written).
    pub latch_enables: Vec<String>,
    /// The nets the module reads that nothing drives (a register never
    /// written, an output or wire never assigned): each wholly (`None`) or
    /// one bit of it. They read 0, as a register without an initial value
    /// that nothing writes does.
    pub undriven: Vec<(String, Option<usize>)>,
    /// Each combinational loop (a value that depends on itself with no
    /// register between), as the places in the files of the cells on it
    /// (`fifo.v:39`), as yosys's `check` finds them.
    pub loops: Vec<Vec<String>>,
}

/// [`Holds`] from yosys's RTLIL of the flattened module `top` and the log
/// of its `check` (the nets read that nothing drives).
fn parse_holds(il: &str, top: &str, check: &str) -> Holds {
    let mut holds = Holds::default();
    let (mut inside, mut attributes, mut initialised) = (false, Vec::new(), std::collections::HashSet::new());
    let mut memories: Vec<(String, i64, usize)> = Vec::new();
    let mut memory_inits: Vec<String> = Vec::new();
    let mut cell: Option<(String, Vec<(String, String)>)> = None;
    // The signals each cell reads or drives, other than at a clock pin
    // (`CLK` of a flip-flop or a memory's write port).
    let mut read: Vec<String> = Vec::new();
    let mut outputs: Vec<String> = Vec::new();
    // A flattened submodule's wire or memory and its path (`hdlname`).
    let mut paths: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let hdlname = |attributes: &[String]| -> Option<String> {
        let value = attributes.iter().find_map(|a| a.strip_prefix("attribute \\hdlname "))?;
        let parts: Vec<&str> = value.trim_matches('"').split_whitespace().collect();
        let last = parts.len().saturating_sub(1);
        Some(parts.iter().enumerate().map(|(k, p)| if k < last { scope_name(p) } else { verilog_name(p) }).collect::<Vec<_>>().join("."))
    };
    // The module's `connect A B`: a wire that is another (a submodule's
    // port, flattened, is its parent's net).
    let mut aliases: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let mut widths: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    // The user's names in a signal (`\a [3:0]`, `{ \a \b }`).
    let names = |sig: &str| -> Vec<String> {
        sig.split(|c: char| c.is_whitespace() || c == '{' || c == '}').filter_map(|t| t.strip_prefix('\\')).map(str::to_string).collect()
    };
    for line in il.lines() {
        let t = line.trim();
        if !inside {
            inside = t == format!("module \\{top}");
            continue;
        }
        if line == "end" {
            break;
        }
        if let Some((kind, fields)) = &mut cell {
            if t == "end" {
                let get = |k: &str| fields.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str()).unwrap_or("");
                let q = names(get("\\Q"));
                if kind.contains("latch") {
                    // A latch is a register too: without an initial value it
                    // powers on at 0 (in steps, `clk2fflogic` keeps its value
                    // and `setundef -init` makes it 0).
                    holds.latches.extend(q.iter().cloned());
                    holds.uninitialised.extend(q);
                    let enable = get("\\EN").to_string();
                    if !enable.is_empty() && !holds.latch_enables.contains(&enable) {
                        holds.latch_enables.push(enable);
                    }
                } else if kind.contains("dff") || kind == "$ff" {
                    if ["$adff", "$adffe", "$aldff", "$aldffe", "$dffsr", "$dffsre"].contains(&kind.as_str()) {
                        holds.asynchronous.extend(q.iter().cloned());
                    }
                    let clock = (get("\\CLK").to_string(), !get("\\CLK_POLARITY").ends_with('0'));
                    if !clock.0.is_empty() && !holds.clocks.contains(&clock) {
                        holds.clocks.push(clock);
                    }
                    holds.uninitialised.extend(q);
                } else if kind.starts_with("$memwr") && get("\\CLK_ENABLE").ends_with('1') {
                    // A memory's write port takes its clock as a register does.
                    let clock = (get("\\CLK").to_string(), !get("\\CLK_POLARITY").ends_with('0'));
                    if !clock.0.is_empty() && !holds.clocks.contains(&clock) {
                        holds.clocks.push(clock);
                    }
                } else if kind.starts_with("$meminit") {
                    memory_inits.extend(names(&get("\\MEMID").replace("\"", "").replace("\\\\", "\\")));
                }
                cell = None;
            } else if let Some(rest) = t.strip_prefix("connect ").or_else(|| t.strip_prefix("parameter ")) {
                let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
                let clock_pin = k == "\\CLK" && (kind.contains("dff") || kind.starts_with("$memwr"));
                if t.starts_with("connect ") && !clock_pin {
                    read.extend(names(v));
                }
                fields.push((k.to_string(), v.to_string()));
            }
            continue;
        }
        if t.starts_with("attribute ") {
            attributes.push(t.to_string());
            continue;
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        match words.first() {
            Some(&"connect") if words.len() == 3 => {
                aliases.insert(words[1].to_string(), words[2].to_string());
            }
            Some(&"connect") => {
                // A part of a wire driven by another's: a read all the same.
                read.extend(names(t.trim_start_matches("connect ")));
            }
            Some(&"wire") => {
                if words.contains(&"output") {
                    outputs.extend(words.last().and_then(|w| w.strip_prefix('\\')).map(str::to_string));
                }
                if let Some(name) = words.last().and_then(|w| w.strip_prefix('\\')) {
                    let width = words.iter().position(|w| *w == "width").and_then(|i| words.get(i + 1)?.parse().ok()).unwrap_or(1);
                    widths.insert(name.to_string(), width);
                }
                if attributes.iter().any(|a| a.starts_with("attribute \\init ")) {
                    initialised.extend(words.last().and_then(|w| w.strip_prefix('\\')).map(str::to_string));
                }
                if let (Some(name), Some(path)) = (words.last().and_then(|w| w.strip_prefix('\\')), hdlname(&attributes)) {
                    paths.insert(name.to_string(), path);
                }
            }
            Some(&"memory") => {
                let field = |k: &str| words.iter().position(|w| *w == k).and_then(|i| words.get(i + 1)).and_then(|v| v.parse::<i64>().ok());
                if let Some(name) = words.last().and_then(|w| w.strip_prefix('\\')) {
                    if let Some(path) = hdlname(&attributes) {
                        paths.insert(name.to_string(), path);
                    }
                    memories.push((name.to_string(), field("offset").unwrap_or(0), field("size").unwrap_or(0) as usize));
                }
            }
            Some(&"cell") => cell = words.get(1).map(|k| (k.to_string(), Vec::new())),
            _ => {}
        }
        attributes.clear();
    }
    for clock in holds.clocks.iter_mut().map(|(c, _)| c).chain(holds.latch_enables.iter_mut()) {
        for _ in 0..64 {
            match aliases.get(clock.as_str()) {
                Some(to) => *clock = to.clone(),
                None => break,
            }
        }
    }
    holds.latch_enables.dedup();
    let mut seen = Vec::new();
    holds.clocks.retain(|c| {
        !seen.contains(c) && {
            seen.push(c.clone());
            true
        }
    });
    // A clock read as data: a cell reads it (or a wire that is it), or an
    // output is it. Names are compared whole: a wire any of whose bits is
    // a clock counts, which may take a design in steps that cycles would
    // do, never the other way.
    let root = |n: &str| -> String {
        let mut at = format!("\\{n}");
        for _ in 0..64 {
            match aliases.get(&at) {
                Some(to) => at = to.clone(),
                None => break,
            }
        }
        at
    };
    let outputs_read = outputs.iter().filter(|o| aliases.contains_key(&format!("\\{o}")));
    let roots: std::collections::HashSet<String> = read.iter().chain(outputs_read).map(|n| root(n)).collect();
    holds.clocks_as_data = holds.clocks.iter().map(|(c, _)| c.clone()).filter(|c| roots.contains(c.split_whitespace().next().unwrap_or(c))).collect();
    holds.clocks_as_data.dedup();
    // A function's variables in a clocked block (`f$func$file:12$1.$result`)
    // are registers to yosys and nothing in the file: not the user's.
    let yosys_own = |n: &str| n.contains('$') && verilog_name(n) != n;
    holds.uninitialised.retain(|n| !initialised.contains(n) && !yosys_own(n));
    holds.uninitialised.dedup();
    holds.memories = memories.into_iter().filter(|m| !memory_inits.contains(&m.0)).collect();
    // `Warning: found logic loop in module top:` and its cells, each named
    // by yosys after its place (`$and$/path/fifo.v:39$173`).
    let mut lines = check.lines().peekable();
    while let Some(line) = lines.next() {
        if !line.starts_with("Warning: found logic loop") {
            continue;
        }
        let mut places: Vec<String> = Vec::new();
        while let Some(cell) = lines.next_if(|l| l.starts_with("    ")) {
            let Some(name) = cell.trim().strip_prefix("cell ") else { continue };
            let place = name.split('$').find(|p| p.contains(".v:") || p.contains(".sv:") || p.contains(".vh:"));
            let place = place.map(|p| p.rsplit('/').next().unwrap_or(p).to_string()).unwrap_or_else(|| name.split(' ').next().unwrap_or(name).to_string());
            if !places.contains(&place) {
                places.push(place);
            }
        }
        // By file and line.
        places.sort_by_key(|p| {
            let (file, line) = p.rsplit_once(':').unwrap_or((p, ""));
            (file.to_string(), line.parse::<u64>().unwrap_or(0))
        });
        if !holds.loops.contains(&places) {
            holds.loops.push(places);
        }
    }
    // `Wire top.\\r [3] is used but has no driver.` (a bit of a wider
    // wire) or `Wire top.\\q is ...`; yosys's own nets left out.
    let mut undriven: Vec<(String, Vec<usize>)> = Vec::new();
    for line in check.lines().filter(|l| l.contains(" is used but has no driver")) {
        let Some(signal) = line.split_once(&format!("Wire {top}.")).map(|(_, s)| s.split(" is used").next().unwrap_or("")) else { continue };
        let Some(signal) = signal.strip_prefix('\\') else { continue };
        let (name, bit) = match signal.split_once(" [") {
            Some((n, b)) => (n, b.trim_end_matches(']').parse::<usize>().ok()),
            None => (signal, None),
        };
        if yosys_own(name) {
            continue;
        }
        match undriven.iter_mut().find(|(n, _)| n == name) {
            Some((_, bits)) => bits.extend(bit),
            None => undriven.push((name.to_string(), bit.into_iter().collect())),
        }
    }
    let path = |n: &String| paths.get(n).cloned().unwrap_or_else(|| verilog_name(n));
    for (name, mut bits) in undriven {
        bits.sort_unstable();
        bits.dedup();
        let width = widths.get(&name).copied().unwrap_or(1);
        if bits.is_empty() || bits.len() >= width {
            holds.undriven.push((path(&name), None));
        } else {
            holds.undriven.extend(bits.into_iter().map(|b| (path(&name), Some(b))));
        }
    }
    holds.uninitialised = holds.uninitialised.iter().map(path).collect();
    holds.memories = holds.memories.iter().map(|(m, first, words)| (path(m), *first, *words)).collect();
    holds
}

/// An instance's name in a path: yosys names an instance in a generate
/// loop `genblk1[0].u` (the scope and the instance in one), which Verilog
/// writes as it is (logikbench's umicross, issue 55); any other name that
/// is no plain identifier escaped.
fn scope_name(name: &str) -> String {
    if name.split('.').all(|p| verilog_name(p) == p || array_element(p)) {
        name.to_string()
    } else {
        verilog_name(name)
    }
}

/// A name as Verilog writes it: as it is when it is a plain identifier,
/// else escaped (`\count[0] `, a space ending it).
pub(crate) fn verilog_name(name: &str) -> String {
    let plain =
        name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if plain {
        name.to_string()
    } else {
        format!("\\{name} ")
    }
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
    let script = DriversScript { source: &source, top }.render().expect("template renders");
    write(&dir.join("drivers.ys"), &script)?;
    YOSYS.run(&["-q", "-l", "drivers.log", "-s", "drivers.ys"], dir, &format!("finding the drivers of {top}'s outputs in {source}"))?;
    let json = read(&dir.join("drivers.json"))?;
    parse_drivers(&json, top).map_err(|e| ToolError::Failed { tool: YOSYS, what: format!("reading drivers.json: {e}"), output: super::tail(&json, 20) })
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

#[derive(Template)]
#[template(path = "miter_aig.ys.j2", escape = "none")]
struct MiterScript<'a> {
    design: &'a str,
    top: &'a str,
    references: Vec<String>,
    ref_top: &'a str,
}

/// `p` as an absolute path, for a script run in another directory.
fn canonical(p: &Path) -> Result<String, ToolError> {
    std::fs::canonicalize(p).map(|p| p.to_string_lossy().into_owned()).map_err(|error| ToolError::Io { what: format!("reading {}", p.display()), error })
}

/// The script's lines that read `sources` with top module `top`: one
/// `read_verilog -sv` (which takes plain Verilog too) of every file in
/// order with the include directories (`-I`) and defines (`-D`), the
/// iCE40 cell models cut from yosys's own ([`ice40_cells`]) read apart
/// without `-sv`, then `chparam -set` for each parameter of `top`.
/// yosys 0.23's `read_verilog` has no `-f`: a list is read by
/// [`Sources::read`] first.
fn reads(sources: &Sources, top: &str) -> Result<Vec<String>, ToolError> {
    let mut lines = Vec::new();
    let (cells, files): (Vec<&PathBuf>, Vec<&PathBuf>) = sources.files.iter().partition(|p| p.file_name().is_some_and(|n| n == ICE40_CELLS));
    if !files.is_empty() {
        let mut line = "read_verilog -sv".to_string();
        for d in &sources.include_dirs {
            line += &format!(" -I{}", std::path::absolute(d).unwrap_or_else(|_| d.clone()).display());
        }
        for d in sources.define_args() {
            line += &format!(" -D{d}");
        }
        for f in files {
            line += &format!(" {}", canonical(f)?);
        }
        lines.push(line);
    }
    for c in cells {
        lines.push(format!("read_verilog {}", canonical(c)?));
    }
    for (name, value) in &sources.parameters {
        lines.push(format!("chparam -set {name} {value} {top}"));
    }
    Ok(lines)
}

/// The miter of `design` (top `top`) and the reference (`reference`, top
/// `ref_top`) as `dir/miter.aig`, for ABC ([`super::abc::dprove`]).
pub fn miter_aiger(design: &Path, top: &str, reference: &[&Path], ref_top: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    let design = canonical(design)?;
    let references = reference.iter().map(|p| canonical(p)).collect::<Result<Vec<_>, _>>()?;
    let script = MiterScript { design: &design, top, references, ref_top }.render().expect("template renders");
    write(&dir.join("miter.ys"), &script)?;
    YOSYS.run(&["-q", "-l", "miter.log", "-s", "miter.ys"], dir, &format!("writing the miter of {top} and {ref_top}"))?;
    Ok(dir.join("miter.aig"))
}

#[derive(Template)]
#[template(path = "prove.ys.j2", escape = "none")]
struct ProveScript<'a> {
    design: &'a str,
    top: &'a str,
    references: Vec<String>,
    ref_top: &'a str,
    max_steps: usize,
}

/// The temporal induction's longest try (`sat -maxsteps`); a two-register
/// pipeline closes at 2.
pub(crate) const PROVE_MAX_STEPS: usize = 8;

/// An equivalence proven by `prove_equivalent`.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The induction length at which the proof closed.
    pub induction: usize,
    /// How long yosys took.
    pub seconds: f64,
    /// The script, `dir/prove.ys`.
    pub script: PathBuf,
    /// yosys's log, `dir/prove.log`.
    pub log: PathBuf,
}

/// Prove `design` (top module `top`) equal to the reference made of the
/// files `reference` (top module `ref_top`, with the same ports): a miter of
/// the two and `sat -tempinduct`, so every output agrees in every cycle of
/// every input sequence from power-on. The script and log are kept in `dir`.
/// A failed proof is `ToolError::Failed` whose output is yosys's
/// counterexample (the cycles and values it found).
pub fn prove_equivalent(design: &Path, top: &str, reference: &[&Path], ref_top: &str, dir: &Path) -> Result<Proof, ToolError> {
    let design = canonical(design)?;
    let references = reference.iter().map(|p| canonical(p)).collect::<Result<Vec<_>, _>>()?;
    let script = ProveScript { design: &design, top, references, ref_top, max_steps: PROVE_MAX_STEPS }.render().expect("template renders");
    write(&dir.join("prove.ys"), &script)?;
    let what = format!("proving {top} equal to {ref_top}");
    let t0 = std::time::Instant::now();
    let run = YOSYS.run(&["-q", "-l", "prove.log", "-s", "prove.ys"], dir, &what);
    let seconds = t0.elapsed().as_secs_f64();
    let log = read(&dir.join("prove.log")).unwrap_or_default();
    match run {
        Ok(_) => match proof_closed(&log) {
            Some(induction) => Ok(Proof { induction, seconds, script: dir.join("prove.ys"), log: dir.join("prove.log") }),
            None => Err(ToolError::Failed {
                tool: YOSYS,
                what: format!("{what}: the log has no closed induction ({})", dir.join("prove.log").display()),
                output: log,
            }),
        },
        Err(ToolError::Failed { tool, output, .. }) => {
            let (why, output) = match counterexample(&log) {
                Some(cex) => ("the proof failed; the counterexample", cex),
                None => ("yosys stopped", output),
            };
            Err(ToolError::Failed { tool, what: format!("{what}: {why} (log: {})", dir.join("prove.log").display()), output })
        }
        Err(e) => Err(e),
    }
}

/// How two designs' time is taken by the scripts that read them
/// (`templates/equiv_read.ys.j2`; docs/command.md, "Clocks").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Time {
    /// In cycles of one rising clock: the clock is no input of the miter,
    /// an asynchronous reset or load is taken at the cycle (`async2sync`).
    Cycles,
    /// In steps: every flip-flop, latch and memory write is logic on one
    /// global step (`clk2fflogic`), every clock an input like any other that
    /// may change at any step, an asynchronous reset acting at the step it
    /// changes. A register takes, at a step where its clock has its edge, the
    /// value its input had at the step before.
    Steps,
}

/// The two designs a proof compares, as the scripts read them
/// (`templates/equiv_read.ys.j2`).
struct Designs<'a> {
    pair: &'a str,
    /// The script's lines that read the gold design ([`reads`]).
    gold: Vec<String>,
    gold_top: &'a str,
    gate: Vec<String>,
    gate_top: &'a str,
    /// Time in steps (`clk2fflogic`: every clock an input), not in cycles
    /// of one rising clock (`async2sync`): [`Time`].
    steps: bool,
}

#[derive(Template)]
#[template(path = "equiv.ys.j2", escape = "none")]
struct EquivScript<'a> {
    d: &'a Designs<'a>,
    seq: usize,
    induct: bool,
}

#[derive(Template)]
#[template(path = "equiv_aig.ys.j2", escape = "none")]
struct EquivAigScript<'a> {
    d: &'a Designs<'a>,
}

#[derive(Template)]
#[template(path = "bounded.ys.j2", escape = "none")]
struct BoundedScript<'a> {
    d: &'a Designs<'a>,
    bound: usize,
}

#[derive(Template)]
#[template(path = "miter_blif.ys.j2", escape = "none")]
struct MiterBlifScript<'a> {
    d: &'a Designs<'a>,
}

/// Two designs (`gold`, `gate`: each its sources and top module, the two
/// with the same ports) as one miter in a generic gate-level BLIF
/// (`templates/miter_blif.ys.j2`): `dir/miter.blif`, its inputs `in_<port>`,
/// its output `trigger`; in steps where `time` says so (each clock one of
/// the inputs).
pub fn miter_blif((gold, gold_top): (&Sources, &str), (gate, gate_top): (&Sources, &str), time: Time, dir: &Path) -> Result<PathBuf, ToolError> {
    let designs = Designs { pair: "gate=gold", gold: reads(gold, gold_top)?, gold_top, gate: reads(gate, gate_top)?, gate_top, steps: time == Time::Steps };
    let script = MiterBlifScript { d: &designs }.render().expect("template renders");
    write(&dir.join("miter_blif.ys"), &script)?;
    YOSYS.run(&["-q", "-l", "miter_blif.log", "-s", "miter_blif.ys"], dir, &format!("writing the miter of {gold_top} and {gate_top}"))?;
    Ok(dir.join("miter.blif"))
}

/// How many cycles `equiv_simple` and `equiv_induct` look back.
pub const EQUIV_SEQ: usize = 5;

/// What a proof of two designs' equality found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Equal in every cycle of every input sequence from power-on.
    Proven,
    /// An input sequence from power-on makes an output differ.
    Refuted,
    /// Neither: no prover closed and the bounded check from power-on found
    /// no difference within its bound.
    NotClosed,
}

/// The result of [`equivalence`].
#[derive(Clone, Debug)]
pub struct Equivalence {
    /// Proven, refuted or not closed.
    pub verdict: Verdict,
    /// How many signals of the same name the two share (`$equiv` cells).
    pub matched: usize,
    /// Proven: what was proven; refuted: the counterexample, cycle by cycle;
    /// not closed: why, and the bound reached.
    pub detail: String,
    /// The cycles the bounded check covered from power-on, when it ran.
    pub bound: Option<usize>,
    /// Wall-clock time from the start of [`equivalence`] to the verdict, in seconds.
    pub seconds: f64,
}

/// Prove `gate` equal to `gold` (each its [`Sources`] and its top
/// module), by yosys's equiv_* passes (`templates/equiv.ys.j2`): every signal of
/// the same name (the ports, the registers, named nets) agrees at power-on
/// under every input (the base case, with every register at its initial
/// value), and agrees whenever it agreed in the last [`EQUIV_SEQ`] cycles
/// (the induction). Both give equality in every cycle of every input
/// sequence. The provers in turn, the cheap first: yosys's `equiv_simple`
/// (each signal from the others); ABC's `dprove` on a miter of the outputs
/// (`templates/equiv_aig.ys.j2`; it finds corresponding registers by itself, so
/// it closes where the tools renamed the state); yosys's `equiv_induct`
/// (every signal left, all together; minutes on a large design where a
/// signal is not provable). Where none proves it, a bounded check from power-on (`templates/bounded.ys.j2`, `sat -seq bound`
/// on the miter) either finds an input sequence that makes an output
/// differ (refuted, with it) or says how far it reached (not closed). A netlist of
/// iCE40 cells comes with their models ([`ice40_cells`]) among its files.
/// Scripts and logs are kept in `dir`.
pub fn equivalence(
    pair: &str,
    (gold, gold_top): (&Sources, &str),
    (gate, gate_top): (&Sources, &str),
    bound: usize,
    dir: &Path,
) -> Result<Equivalence, ToolError> {
    equivalence_in_turn(pair, (gold, gold_top), (gate, gate_top), bound, dir, (false, Time::Cycles))
}

/// [`equivalence`] with ABC first, for two designs a user wrote (`nimforge
/// check`), where yosys's `equiv_simple` can take minutes over signals
/// that are not provable by name and ABC answers in a second: ABC's
/// `dprove` (after `scorr -F 2`), then its `pdr` (both from the same
/// power-on, the AIGER latches' reset values), then yosys's passes as
/// [`equivalence`] has them. Where ABC finds the two differ in frame N,
/// the bounded check runs to N + 1 cycles (at least `bound`) to give the
/// input sequence. The two are taken in `time` (in steps, a cycle of the
/// provers' is a step).
pub fn equivalence_abc_first(
    pair: &str,
    (gold, gold_top): (&Sources, &str),
    (gate, gate_top): (&Sources, &str),
    bound: usize,
    time: Time,
    dir: &Path,
) -> Result<Equivalence, ToolError> {
    equivalence_in_turn(pair, (gold, gold_top), (gate, gate_top), bound, dir, (true, time))
}

/// [`equivalence`], ABC first when `abc_first`, in `time`.
fn equivalence_in_turn(
    pair: &str,
    (gold, gold_top): (&Sources, &str),
    (gate, gate_top): (&Sources, &str),
    bound: usize,
    dir: &Path,
    (abc_first, time): (bool, Time),
) -> Result<Equivalence, ToolError> {
    let t0 = std::time::Instant::now();
    let designs = Designs { pair, gold: reads(gold, gold_top)?, gold_top, gate: reads(gate, gate_top)?, gate_top, steps: time == Time::Steps };
    let equiv = |induct: bool| -> Result<(bool, usize, usize, String), ToolError> {
        let (name, log_name) = if induct { ("equiv_induct.ys", "equiv_induct.log") } else { ("equiv.ys", "equiv.log") };
        let script = EquivScript { d: &designs, seq: EQUIV_SEQ, induct }.render().expect("template renders");
        write(&dir.join(name), &script)?;
        YOSYS.run(&["-q", "-l", log_name, "-s", name], dir, &format!("proving {pair} for {gold_top}"))?;
        let log = read(&dir.join(log_name))?;
        let read_back = |what: &str| ToolError::Failed { tool: YOSYS, what: format!("reading {}: {what}", dir.join(log_name).display()), output: log.clone() };
        let section = |from: &str, to: Option<&str>| -> Option<String> {
            let rest = &log[log.find(from)?..];
            Some(match to.and_then(|t| rest.find(t)) {
                Some(end) => rest[..end].to_string(),
                None => rest.to_string(),
            })
        };
        let base = section("NIMFORGE-BASE", Some("NIMFORGE-INDUCTION")).ok_or_else(|| read_back("no base case"))?;
        let status = section("NIMFORGE-STATUS", None).ok_or_else(|| read_back("no equiv_status"))?;
        let (proven, unproven) = equiv_counts(&status).ok_or_else(|| read_back("no count of $equiv cells"))?;
        Ok((base.contains("SUCCESS!"), proven, unproven, status))
    };
    let proven_by_yosys = |base_holds: bool, matched: usize, unproven: usize, how: &str| {
        (base_holds && unproven == 0 && matched > 0).then(|| Equivalence {
            verdict: Verdict::Proven,
            matched,
            detail: format!("{matched} signals matched by name, equal from power-on (base case) and by induction over {EQUIV_SEQ} cycles ({how})"),
            bound: None,
            seconds: t0.elapsed().as_secs_f64(),
        })
    };
    // ABC on a miter of the outputs: dprove after merging the registers
    // that correspond (it needs no names), and where that reaches no
    // verdict and ABC goes first, pdr.
    let abc = || -> Result<Result<&'static str, (String, String)>, ToolError> {
        let script = EquivAigScript { d: &designs }.render().expect("template renders");
        write(&dir.join("equiv_aig.ys"), &script)?;
        YOSYS.run(&["-q", "-l", "equiv_aig.log", "-s", "equiv_aig.ys"], dir, &format!("writing the miter of {pair} for {gold_top}"))?;
        let failed = match super::abc::prove_miter(&dir.join("miter.aig"), dir) {
            Ok(_) => return Ok(Ok("ABC (scorr -F 2, dprove)")),
            Err(ToolError::Failed { what, output, .. }) => (what, output),
            Err(e) => return Err(e),
        };
        if !abc_first || failed.0.contains("differ") {
            return Ok(Err(failed));
        }
        match super::abc::pdr(&dir.join("miter.aig"), dir) {
            Ok(_) => Ok(Ok("ABC pdr")),
            Err(ToolError::Failed { what, output, .. }) => Ok(Err((what, output))),
            Err(e) => Err(e),
        }
    };
    let bounded = |bound: usize| -> Result<String, ToolError> {
        let script = BoundedScript { d: &designs, bound }.render().expect("template renders");
        write(&dir.join("bounded.ys"), &script)?;
        YOSYS.run(&["-q", "-l", "bounded.log", "-s", "bounded.ys"], dir, &format!("checking {pair} for {gold_top} from power-on"))?;
        read(&dir.join("bounded.log"))
    };
    let first = if abc_first { Some(abc()?) } else { None };
    match &first {
        Some(Ok(how)) => {
            return Ok(Equivalence {
                verdict: Verdict::Proven,
                matched: 0,
                detail: format!("by {how} on a miter of the outputs from power-on"),
                bound: None,
                seconds: t0.elapsed().as_secs_f64(),
            })
        }
        Some(Err((what, output))) if what.contains("differ") => {
            // The inputs from a bounded check as deep as ABC's difference
            // (issue 59: 20 cycles where ABC needed 3 took 93 s on a
            // crossbar), then at least `bound` deep if that found none.
            let frame = super::abc::asserted_frame(output);
            let depths = match frame {
                Some(f) if f + 1 < bound => vec![f + 1, bound],
                Some(f) => vec![f + 1],
                None => vec![bound],
            };
            for cycles in depths {
                let log = bounded(cycles)?;
                if let (false, Some(cex)) = (log.contains("SUCCESS!"), counterexample(&log)) {
                    let detail = format!("ABC found the two differ; {cex}");
                    return Ok(Equivalence { verdict: Verdict::Refuted, matched: 0, detail, bound: Some(cycles), seconds: t0.elapsed().as_secs_f64() });
                }
            }
        }
        _ => {}
    }
    let (base_holds, proven, unproven, status) = equiv(false)?;
    let matched = proven + unproven;
    if let Some(e) = proven_by_yosys(base_holds, matched, unproven, "yosys equiv_simple") {
        return Ok(e);
    }
    let why = |base_holds: bool, unproven: usize, status: &str| {
        if matched == 0 {
            "no signal of the same name in both".to_string()
        } else if !base_holds {
            "a matched signal differs at power-on".to_string()
        } else {
            let mut names: Vec<&str> = status
                .lines()
                .filter_map(|l| l.trim().strip_prefix("Unproven $equiv "))
                .filter_map(|l| l.split_whitespace().nth(1))
                .map(|n| n.strip_suffix("_gold").unwrap_or(n))
                .collect();
            names.dedup();
            let shown = names.iter().take(3).copied().collect::<Vec<_>>().join(", ");
            format!("{unproven} of {matched} signals matched by name left unproven: {shown}{}", if names.len() > 3 { ", ..." } else { "" })
        }
    };
    // The second prover: ABC's dprove on a miter of the outputs, which
    // finds corresponding registers by itself (already run, when first).
    let abc = match first.map_or_else(abc, Ok)? {
        Ok(how) => {
            return Ok(Equivalence {
                verdict: Verdict::Proven,
                matched,
                detail: format!("by {how} on a miter of the outputs from power-on (yosys equiv_simple: {})", why(base_holds, unproven, &status)),
                bound: None,
                seconds: t0.elapsed().as_secs_f64(),
            })
        }
        Err(failed) => failed,
    };
    let differ = abc.0.contains("differ");
    // The third: yosys's equiv_induct over every signal left.
    let (base_holds, proven, unproven, status) = if differ { (base_holds, proven, unproven, status) } else { equiv(true)? };
    if let Some(e) = proven_by_yosys(base_holds, proven + unproven, unproven, "yosys equiv_induct") {
        return Ok(e);
    }
    let why = why(base_holds, unproven, &status);
    let log = bounded(bound)?;
    let seconds = t0.elapsed().as_secs_f64();
    if let (false, Some(cex)) = (log.contains("SUCCESS!"), counterexample(&log)) {
        Ok(Equivalence { verdict: Verdict::Refuted, matched, detail: cex, bound: Some(bound), seconds })
    } else if !log.contains("SUCCESS!") {
        Err(ToolError::Failed { tool: YOSYS, what: format!("reading {}: no verdict", dir.join("bounded.log").display()), output: log })
    } else if differ {
        Ok(Equivalence {
            verdict: Verdict::Refuted,
            matched,
            detail: format!(
                "ABC found an input sequence that makes an output differ, longer than the {bound} cycles of the bounded check; ABC's output ends:\n{}",
                super::tail(&abc.1, 20)
            ),
            bound: Some(bound),
            seconds,
        })
    } else {
        Ok(Equivalence {
            verdict: Verdict::NotClosed,
            matched,
            detail: format!(
                "{why}; ABC ({}) reached no verdict; no output differs in the first {bound} cycles from power-on under any input (sat -seq {bound})",
                if abc_first { "scorr, dprove, pdr" } else { "scorr, dprove" }
            ),
            bound: Some(bound),
            seconds,
        })
    }
}

/// "Of those cells P are proven and U are unproven." from `equiv_status`.
fn equiv_counts(status: &str) -> Option<(usize, usize)> {
    let line = status.lines().find_map(|l| l.trim().strip_prefix("Of those cells "))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    Some((words.first()?.parse().ok()?, words.get(4)?.parse().ok()?))
}

/// The file name of [`ice40_cells`]'s models.
const ICE40_CELLS: &str = "ice40_cells.v";

/// The iCE40 cells a `synth_ice40` netlist uses (SB_LUT4, SB_CARRY, the
/// SB_DFF family), cut from yosys's own models (`cells_sim.v`, with its
/// preamble of macros) into `dir/ice40_cells.v`: read whole, that file takes
/// some 40 seconds; these few modules a fraction of one.
pub fn ice40_cells(dir: &Path) -> Result<PathBuf, ToolError> {
    let path = ice40_cells_sim();
    let text = read(&path)?;
    let mut out = String::new();
    let mut kept = 0;
    let mut module: Option<(bool, Vec<&str>)> = None;
    let mut preamble = true;
    for line in text.lines() {
        match &mut module {
            None => match line.strip_prefix("module ") {
                Some(rest) => {
                    preamble = false;
                    let name = rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("");
                    let wanted = name == "SB_LUT4" || name == "SB_CARRY" || name.starts_with("SB_DFF");
                    module = Some((wanted, vec![line]));
                }
                // The preamble: `timescale and the macros the cells use.
                None if preamble => {
                    out.push_str(line);
                    out.push('\n');
                }
                None => {}
            },
            Some((wanted, lines)) => {
                lines.push(line);
                if line.trim_start().starts_with("endmodule") {
                    if *wanted {
                        out.push_str(&lines.join("\n"));
                        out.push('\n');
                        kept += 1;
                    }
                    module = None;
                }
            }
        }
    }
    if kept < 3 {
        return Err(ToolError::Failed {
            tool: YOSYS,
            what: format!("{} lacks the iCE40 cells SB_LUT4, SB_CARRY, SB_DFF (a yosys of another version?)", path.display()),
            output: String::new(),
        });
    }
    let out_path = dir.join(ICE40_CELLS);
    write(&out_path, &out)?;
    Ok(out_path)
}

/// The induction length of "Induction step proven: SUCCESS!" in a `sat
/// -tempinduct` log.
fn proof_closed(log: &str) -> Option<usize> {
    let mut length = None;
    for line in log.lines() {
        if let Some(rest) = line.trim().strip_prefix("** Trying induction with length ") {
            length = rest.trim_end_matches(" **").trim().parse().ok();
        }
        if line.contains("Induction step proven: SUCCESS!") {
            return length;
        }
    }
    None
}

/// From a failed `sat -verify`: the verdict line ("model found for base
/// case: FAIL!" or "Reached maximum number of time steps") and the table of
/// signals by cycle that follows it, up to yosys's ERROR line, cut to what
/// explains it: the inputs and `trigger` cycle by cycle, and the miter's
/// outputs (`gold_x`, the reference, beside `gate_x`, the design) where the two
/// differ; the initial state only as a note.
fn counterexample(log: &str) -> Option<String> {
    let lines: Vec<&str> = log.lines().collect();
    let start = lines.iter().rposition(|l| l.contains("FAIL!") || l.contains("Reached maximum number of time steps"))?;
    let lines = &lines[start..];
    // A row: time, signal, then its value as decimal, hex and binary.
    let row = |l: &str| -> Option<(String, String, String)> {
        let f: Vec<&str> = l.split_whitespace().collect();
        (f.len() >= 3 && f[1].starts_with('\\')).then(|| (f[0].to_string(), f[1][1..].to_string(), f[f.len() - 1].to_string()))
    };
    let value = |time: &str, name: &str| lines.iter().filter_map(|l| row(l)).find(|(t, n, _)| t == time && n == name).map(|(_, _, v)| v);
    let mut out = vec![lines[0].trim().to_string()];
    if lines.iter().any(|l| l.trim_start().starts_with("init ")) {
        out.push("(from power-on: every register at its initial value)".to_string());
    }
    for l in &lines[1..] {
        let t = l.trim_start();
        if t.starts_with("Time ") || t.starts_with("ERROR") {
            out.push(l.trim_end().to_string());
            continue;
        }
        let keep = match row(l) {
            // Yosys's banner, separators, blank lines, what it imported.
            None => false,
            Some((time, _, _)) if time.parse::<usize>().is_err() => false,
            Some((_, name, _)) if name == "trigger" || name == "in_clock" => name == "trigger",
            Some((_, name, _)) if name.starts_with("in_") => true,
            Some((time, name, v)) => match name.split_once('_') {
                Some(("gold", port)) => value(&time, &format!("gate_{port}")).is_some_and(|g| g != v),
                Some(("gate", port)) => value(&time, &format!("gold_{port}")).is_some_and(|g| g != v),
                _ => true,
            },
        };
        if keep {
            out.push(l.trim_end().to_string());
        }
    }
    Some(out.join("\n"))
}

/// SB_LUT4, every SB_DFF* and SB_CARRY from `stat -json`.
pub(crate) fn parse_stat(json: &str) -> Result<Cells, String> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let by_type = v["design"]["num_cells_by_type"].as_object().ok_or("no design.num_cells_by_type")?;
    let mut cells = Cells::default();
    for (name, n) in by_type {
        let n = n.as_u64().unwrap_or(0);
        if name == "SB_LUT4" {
            cells.lut4 += n;
        } else if name.starts_with("SB_DFF") {
            cells.dff += n;
        } else if name == "SB_CARRY" {
            cells.carry += n;
        }
    }
    Ok(cells)
}

/// Where yosys keeps its iCE40 cell models: `yosys-config --datdir` when it
/// is installed (package yosys-dev), else Debian's place.
pub fn ice40_cells_sim() -> PathBuf {
    if let Ok(out) = std::process::Command::new("yosys-config").arg("--datdir").output() {
        if out.status.success() {
            let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
            return Path::new(&dir).join("ice40/cells_sim.v");
        }
    }
    PathBuf::from("/usr/share/yosys/ice40/cells_sim.v")
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_every_flip_flop_kind() {
        let json = r#"{"design": {"num_cells_by_type": {"SB_CARRY": 3, "SB_DFFESR": 24, "SB_DFFSR": 1, "SB_LUT4": 82}}}"#;
        let c = super::parse_stat(json).unwrap();
        assert_eq!((c.lut4, c.dff, c.carry), (82, 25, 3));
    }

    #[test]
    fn holds_for_check_from_rtlil() {
        let il = "module \\other\n  cell $dlatch $x\n    connect \\Q \\no\n  end\nend\n\
                  module \\top\n  attribute \\init 1'1\n  wire \\z\n  wire width 2 \\ra\n  attribute \\hdlname \"u q\"\n  wire \\u.q\n  wire \\n.q\n\
                  \x20 memory width 4 size 4 offset 1 \\mem\n  memory width 4 size 2 \\rom\n\
                  \x20 cell $meminit_v2 $i\n    parameter \\MEMID \"\\\\rom\"\n  end\n\
                  \x20 cell $dff $a\n    parameter \\CLK_POLARITY 1'1\n    connect \\CLK \\clock\n    connect \\Q { \\ra [1] \\z }\n  end\n\
                  \x20 cell $adff $b\n    parameter \\CLK_POLARITY 1'0\n    connect \\CLK \\clk2\n    connect \\Q \\u.q\n  end\n\
                  \x20 cell $dff $d\n    connect \\CLK \\clock\n    connect \\Q \\n.q\n  end\n\
                  \x20 cell $dff $c\n    connect \\CLK \\u.clk\n    connect \\Q $memwr$\\mem$1\n  end\n  connect \\u.clk \\clock\nend\n";
        let check = "Warning: Wire top.\\ra [0] is used but has no driver.\nWarning: Wire top.\\dbg [1] is used but has no driver.\n\
                     Warning: Wire top.\\dbg [0] is used but has no driver.\nWarning: Wire top.$x$1 is used but has no driver.\n";
        let il = il.replace("  wire \\n.q\n", "  wire \\n.q\n  wire width 2 \\dbg\n");
        let h = super::parse_holds(&il, "top", check);
        // A register never written, wholly; a bit of one half written; yosys's own nets left out.
        assert_eq!(h.undriven, [("ra".to_string(), Some(0)), ("dbg".to_string(), None)]);
        assert!(super::array_element("r[0]") && super::array_element("r[1][12]"));
        assert!(!super::array_element("r[x]") && !super::array_element("r[]") && !super::array_element("a.b[0]") && !super::array_element("r"));
        // A submodule's register by its path, a flat netlist's dotted name escaped.
        assert_eq!(h.uninitialised, ["ra", "u.q", "\\n.q "]);
        assert_eq!(h.memories, [("mem".to_string(), 1, 4)]);
        assert_eq!(h.asynchronous, ["u.q"]);
        assert!(h.latches.is_empty());
        assert_eq!(h.clocks, [("\\clock".to_string(), true), ("\\clk2".to_string(), false)]);
        // Every clock read only at clock pins (the alias `u.clk` among them).
        assert!(h.clocks_as_data.is_empty(), "{:?}", h.clocks_as_data);
        assert!(h.loops.is_empty());
    }

    /// A memory's write clock is a clock (issue 56); a clock read by logic
    /// (through a submodule's port) or driving an output is read as data;
    /// a loop's places come from its cells' names, by file and line.
    #[test]
    fn holds_memory_clocks_clocks_read_as_data_and_loops() {
        let il = "module \\top\n  wire output 1 \\o\n  wire \\s.c\n\
                  \x20 cell $memwr_v2 $w\n    parameter \\CLK_ENABLE 1'1\n    parameter \\CLK_POLARITY 1'0\n    connect \\CLK \\wclk\n    connect \\DATA \\d\n  end\n\
                  \x20 cell $dff $a\n    parameter \\CLK_POLARITY 1'1\n    connect \\CLK \\clock\n    connect \\D \\d\n    connect \\Q \\q\n  end\n\
                  \x20 cell $and $g\n    connect \\A \\s.c\n    connect \\B \\q\n    connect \\Y \\y\n  end\n\
                  \x20 cell $dlatch $l\n    connect \\EN \\s.e\n    connect \\D \\d\n    connect \\Q \\lq\n  end\n\
                  \x20 connect \\s.c \\clock\n  connect \\s.e \\e\n  connect \\o \\wclk\nend\n";
        let check = "Warning: found logic loop in module top:\n    cell $and$/x/fifo.v:40$3 ($and)\n    cell $not$/x/fifo.v:39$2 ($not)\n    wire \\w\n\
                     Found and reported 1 problems.\n";
        let h = super::parse_holds(il, "top", check);
        assert_eq!(h.clocks, [("\\wclk".to_string(), false), ("\\clock".to_string(), true)]);
        assert_eq!(h.clocks_as_data, ["\\wclk", "\\clock"]);
        assert_eq!(h.loops, [vec!["fifo.v:39".to_string(), "fifo.v:40".to_string()]]);
        // A latch: its enable (through an alias) opens it, and it powers on
        // at 0 as a register does.
        assert_eq!((h.latches.as_slice(), h.latch_enables.as_slice()), (&["lq".to_string()][..], &["\\e".to_string()][..]));
        assert!(h.uninitialised.contains(&"lq".to_string()), "{:?}", h.uninitialised);
    }

    #[test]
    fn reads_the_induction_length_and_the_counterexample() {
        let log = "** Trying induction with length 1 **\nInduction step failed.\n\
                   ** Trying induction with length 2 **\nInduction step proven: SUCCESS!\n";
        assert_eq!(super::proof_closed(log), Some(2));
        assert_eq!(super::proof_closed("** Trying induction with length 1 **\n"), None);
        let log = "Base case for induction length 2 proven.\n\
                   SAT temporal induction proof finished - model found for base case: FAIL!\n\n\
                   Import show expression: \\trigger\n  Time Signal\n\
                   \x20    3 \\gate_after   94  5e  01011110\n\
                   \x20    3 \\gate_found    1   1         1\n\
                   \x20    3 \\gold_after   96  60  01100000\n\
                   \x20    3 \\gold_found    1   1         1\n\
                   \x20    3 \\in_clock      0   0         0\n\
                   \x20    3 \\in_piles$0    7   7  00000111\n\
                   \x20    3 \\trigger       1   1         1\n\
                   ERROR: Called with -verify and proof did fail!\n";
        let cex = super::counterexample(log).unwrap();
        assert!(cex.starts_with("SAT temporal induction proof finished"), "{cex}");
        for kept in ["\\gate_after", "\\gold_after", "\\in_piles$0", "\\trigger", "ERROR"] {
            assert!(cex.contains(kept), "{kept} in {cex}");
        }
        for left in ["Import", "_found", "in_clock"] {
            assert!(!cex.contains(left), "{left} in {cex}");
        }
    }
}
