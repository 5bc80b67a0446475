//! yosys: synthesis for the iCE40 (`synth_ice40`), the cell counts of `stat
//! -json`, and the netlist written back as Verilog. The script is made from
//! the template `fpga/synth.ys.j2` and kept beside its reports. `synth_blif`
//! makes the generic gate-level BLIF the netlist simulator reads
//! (`fpga/blif.ys.j2`).

use super::{read, write, Tool, ToolError};
use askama::Template;
use std::path::{Path, PathBuf};

pub const YOSYS: Tool = Tool { program: "yosys", package: "yosys" };

#[derive(Template)]
#[template(path = "synth.ys.j2", escape = "none")]
struct Script<'a> {
    source: &'a str,
    top: &'a str,
}

/// The cells of a synthesised design that the reports show.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Cells {
    pub lut4: u64,
    pub dff: u64,
    pub carry: u64,
}

pub struct Synthesis {
    /// The netlist for nextpnr.
    pub json: PathBuf,
    /// The netlist as Verilog of iCE40 cells.
    pub netlist: PathBuf,
    pub cells: Cells,
}

/// Synthesise `source` (top module `top`) into `dir`.
pub fn synth_ice40(source: &Path, top: &str, dir: &Path) -> Result<Synthesis, ToolError> {
    let source = std::fs::canonicalize(source)
        .map_err(|error| ToolError::Io { what: format!("reading {}", source.display()), error })?;
    let script = Script { source: &source.to_string_lossy(), top }.render().expect("template renders");
    write(&dir.join("synth.ys"), &script)?;
    YOSYS.run(&["-q", "-l", "synth.log", "-s", "synth.ys"], dir, &format!("synthesising {top}"))?;
    let stat = read(&dir.join("stat.json"))?;
    let cells = parse_stat(&stat).map_err(|e| ToolError::Failed {
        tool: YOSYS,
        what: format!("reading stat.json: {e}"),
        output: stat.clone(),
    })?;
    Ok(Synthesis { json: dir.join("synth.json"), netlist: dir.join("netlist.v"), cells })
}

#[derive(Template)]
#[template(path = "blif.ys.j2", escape = "none")]
struct BlifScript<'a> {
    source: &'a str,
    top: &'a str,
}

/// Synthesise `source` (top module `top`) into `dir` as generic gates and
/// rising-edge flip-flops; the BLIF's path (`dir/netlist.blif`).
pub fn synth_blif(source: &Path, top: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    let source = std::fs::canonicalize(source)
        .map_err(|error| ToolError::Io { what: format!("reading {}", source.display()), error })?;
    let script = BlifScript { source: &source.to_string_lossy(), top }.render().expect("template renders");
    write(&dir.join("blif.ys"), &script)?;
    YOSYS.run(&["-q", "-l", "blif.log", "-s", "blif.ys"], dir, &format!("synthesising {top} to BLIF"))?;
    Ok(dir.join("netlist.blif"))
}

/// SB_LUT4, every SB_DFF* and SB_CARRY from `stat -json`.
pub fn parse_stat(json: &str) -> Result<Cells, String> {
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
