//! Synthesis: `synth_ice40` with its cell counts (`stat -json`), the
//! generic gate-level BLIF (`synth_blif`), and yosys's iCE40 cell models.

use super::{loop_left, reads, run_script, YOSYS};
use crate::flow::{read, write, ToolError};
use crate::sources::Sources;
use askama::Template;
use std::path::{Path, PathBuf};

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
    run_script(&Script { reads: reads(&source.into(), top)?, top }, "synth", dir, &format!("synthesising {top}"), None)?;
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
    /// Time in steps ([`super::Time::Steps`]): `clk2fflogic` first.
    steps: bool,
}

/// Synthesise `source` (top module `top`) into `dir` as generic gates and
/// rising-edge flip-flops; the BLIF's path (`dir/netlist.blif`).
pub fn synth_blif(source: impl Into<Sources>, top: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    synth_blif_in(source, top, super::Time::Cycles, dir)
}

/// [`synth_blif`] with time taken as `time` says: in steps, every
/// flip-flop, latch and memory write is first made logic on one global
/// step (`clk2fflogic`, each clock an input), and the BLIF's flip-flops are
/// that step's.
pub fn synth_blif_in(source: impl Into<Sources>, top: &str, time: super::Time, dir: &Path) -> Result<PathBuf, ToolError> {
    let steps = time == super::Time::Steps;
    let script = BlifScript { reads: reads(&source.into(), top)?, top, steps };
    if steps {
        write_cut_map(dir)?;
    }
    run_script(&script, "blif", dir, &format!("synthesising {top} to BLIF"), None)?;
    Ok(dir.join("netlist.blif"))
}

#[derive(Template)]
#[template(path = "cut_loops.ys.j2", escape = "none")]
struct CutScript<'a> {
    reads: Vec<String>,
    top: &'a str,
}

/// Writes the techmap that cuts a latch's loop of one LUT
/// (`templates/cut_lut_loops.v`) into `dir`, where a script reads it.
fn write_cut_map(dir: &Path) -> Result<(), ToolError> {
    crate::files::create_dir_all(dir)?;
    write(&dir.join("cut_lut_loops.v"), include_str!("../../../templates/cut_lut_loops.v"))
}

/// An iCE40 netlist (`sources`: the netlist and its cells' models, top
/// `top`) with each latch's loop of one LUT cut as [`synth_blif_in`] cuts
/// it in steps (`cut_lut_loops.v`: the LUT reads its own output from a
/// register of the step before, which is `clk2fflogic`'s latch), for the
/// provers (`templates/cut_loops.ys.j2`): `dir/cut.il`, not flattened, its
/// LUTs' models with it. `None` where a loop is left (one through more than
/// one LUT), looked for bit by bit after `techmap`: a SAT miter with a loop
/// in it proves nothing.
pub fn cut_latch_loops(sources: &Sources, top: &str, dir: &Path) -> Result<Option<PathBuf>, ToolError> {
    write_cut_map(dir)?;
    run_script(&CutScript { reads: reads(sources, top)?, top }, "cut", dir, &format!("cutting the latches' loops of {top}"), None)?;
    Ok((!loop_left(dir)?).then(|| dir.join("cut.il")))
}

/// The file name of [`ice40_cells`]'s models.
pub(super) const ICE40_CELLS: &str = "ice40_cells.v";

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
}
