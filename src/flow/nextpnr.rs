//! nextpnr-ice40: placement and routing, with the utilisation and Fmax of its
//! `--report` JSON.

use super::{read, Tool, ToolError};
use std::path::{Path, PathBuf};

/// nextpnr for the iCE40, `nextpnr-ice40`.
pub const NEXTPNR: Tool = Tool { program: "nextpnr-ice40", package: "nextpnr-ice40" };

/// What [`place_route`] made: the placed design and its report's figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Placement {
    /// The placed-and-routed ASCII bitstream, `dir/design.asc`.
    pub asc: PathBuf,
    /// Logic cells (`ICESTORM_LC`) used.
    pub lc_used: u64,
    /// Logic cells the device has.
    pub lc_available: u64,
    /// The lowest achieved Fmax of any clock, in MHz.
    pub fmax_mhz: f64,
    /// The critical path from clock edge to clock edge: the cell it starts
    /// from and the cell it ends at, as the netlist names them (nextpnr's
    /// suffixes for the cells it packed taken off).
    pub critical_path: Option<(String, String)>,
}

/// Place and route `json` for `device` (hx1k, up5k, ...) in `package` with
/// the pins of `pcf`, into `dir`.
pub fn place_route(device: &str, package: &str, freq_mhz: u32, json: &Path, pcf: &Path, dir: &Path) -> Result<Placement, ToolError> {
    let json = json.to_string_lossy();
    let pcf = pcf.to_string_lossy();
    let freq = freq_mhz.to_string();
    let args = [
        &format!("--{device}"),
        "--package",
        package,
        "--freq",
        &freq,
        "--json",
        &json,
        "--pcf",
        &pcf,
        "--asc",
        "design.asc.partial",
        "--report",
        "report.json",
        "--log",
        "nextpnr.log",
        "--seed",
        "1",
        "-q",
    ];
    NEXTPNR.run(&args, dir, "placing and routing")?;
    // Written beside, renamed when whole.
    let asc = dir.join("design.asc");
    std::fs::rename(dir.join("design.asc.partial"), &asc).map_err(|error| ToolError::Io { what: format!("writing {}", asc.display()), error })?;
    let report = read(&dir.join("report.json"))?;
    let (lc_used, lc_available, fmax_mhz) = parse_report(&report).map_err(|e| ToolError::Failed {
        tool: NEXTPNR,
        what: format!("reading report.json: {e}"),
        output: report.clone(),
    })?;
    let critical_path = critical_path(&report);
    Ok(Placement { asc: dir.join("design.asc"), lc_used, lc_available, fmax_mhz, critical_path })
}

/// Logic cells used and available, and the lowest achieved Fmax of any clock.
pub fn parse_report(json: &str) -> Result<(u64, u64, f64), String> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let lc = &v["utilization"]["ICESTORM_LC"];
    let used = lc["used"].as_u64().ok_or("no utilization.ICESTORM_LC.used")?;
    let available = lc["available"].as_u64().ok_or("no utilization.ICESTORM_LC.available")?;
    let fmax = v["fmax"]
        .as_object()
        .ok_or("no fmax")?
        .values()
        .filter_map(|c| c["achieved"].as_f64())
        .fold(f64::INFINITY, f64::min);
    if !fmax.is_finite() {
        return Err("no clock in fmax".into());
    }
    Ok((used, available, fmax))
}

/// Where the report's critical path from a clock edge to a clock edge (not
/// the paths from or to the pins) starts, the net its first flip-flop
/// drives, and ends, the flip-flop it sets up; if it has one.
pub fn critical_path(json: &str) -> Option<(String, String)> {
    let v: serde_json::Value = serde_json::from_str(json).ok()?;
    let path = v["critical_paths"]
        .as_array()?
        .iter()
        .find(|p| p["from"].as_str().is_some_and(|f| f.starts_with("posedge")) && p["to"].as_str().is_some_and(|t| t.starts_with("posedge")))?;
    let steps = path["path"].as_array()?;
    let cell = |step: &serde_json::Value, end: &str| -> Option<String> {
        let name = step[end]["cell"].as_str()?;
        // nextpnr names a packed cell after a net and the cells it merged:
        // `panel.nim.took_c.q_SB_DFFESR_Q_DFFLC`; the net is the design's name.
        Some(name.split("_SB_").next().unwrap_or(name).trim_end_matches("_DFFLC").trim_end_matches("_LC").to_string())
    };
    // The start: the net the first flip-flop drives (its cell may be one
    // nextpnr made, `$nextpnr_ICESTORM_LC_32`), else that cell.
    let start = steps.iter().find_map(|step| step["net"].as_str().map(str::to_string)).or_else(|| cell(steps.first()?, "from"))?;
    Some((start, cell(steps.last()?, "to")?))
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_utilisation_and_fmax() {
        let json = r#"{"fmax": {"clk": {"achieved": 124.7, "constraint": 12}},
            "utilization": {"ICESTORM_LC": {"available": 1280, "used": 95}}}"#;
        assert_eq!(super::parse_report(json).unwrap(), (95, 1280, 124.7));
    }

    /// The critical path is the clock-to-clock one, named by the net its
    /// first flip-flop drives and its last flip-flop; a path from the pins
    /// is passed over.
    #[test]
    fn reads_the_critical_path() {
        let json = r#"{"critical_paths": [
            {"from": "<async>", "to": "posedge clk", "path": [{"from": {"cell": "rx$sb_io"}, "to": {"cell": "a_LC"}}]},
            {"from": "posedge clk", "to": "posedge clk", "path": [
                {"from": {"cell": "$nextpnr_ICESTORM_LC_32"}, "to": {"cell": "x_LC"}},
                {"from": {"cell": "x_LC"}, "to": {"cell": "y_LC"}, "net": "panel.machine.total[0]"},
                {"from": {"cell": "y_LC"}, "to": {"cell": "panel.panel.reporter.last.q_SB_DFFESR_Q_DFFLC"}}]}]}"#;
        let (from, to) = super::critical_path(json).unwrap();
        assert_eq!((from.as_str(), to.as_str()), ("panel.machine.total[0]", "panel.panel.reporter.last.q"));
        assert_eq!(super::critical_path(r#"{"critical_paths": []}"#), None);
    }
}
