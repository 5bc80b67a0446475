//! nextpnr-ice40: placement and routing, with the utilisation and Fmax of its
//! `--report` JSON.

use super::{read, Tool, ToolError};
use std::path::{Path, PathBuf};

/// nextpnr for the iCE40, `nextpnr-ice40`.
pub const NEXTPNR: Tool = Tool::new("nextpnr-ice40");

/// What [`place_route`] made: the placed design and its report's figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Placement {
    /// The placed-and-routed ASCII bitstream, `dir/design.asc`.
    pub asc: PathBuf,
    /// Logic cells (`ICESTORM_LC`) used.
    pub lc_used: u64,
    /// Logic cells the device has.
    pub lc_available: u64,
    /// The lowest achieved Fmax of any clock, in MHz: infinite where no
    /// path goes from a clock's edge to the same clock's edge (no
    /// register, or registers of several clocks that only cross between
    /// them), since nothing then bounds the clock.
    pub fmax_mhz: f64,
    /// The critical path from clock edge to clock edge: the cell it starts
    /// from and the cell it ends at, as the netlist names them (nextpnr's
    /// suffixes for the cells it packed taken off).
    pub critical_path: Option<(String, String)>,
}

/// Place and route `json` for `device` (hx1k, up5k, ...) in `package` with
/// the pins of `pcf`, into `dir`, holding every clock-to-clock path to
/// `freq_mhz`: a design slower than that fails, with one line naming its
/// Fmax and critical path and nextpnr's report of that path.
pub fn place_route(device: &str, package: &str, freq_mhz: f64, json: &Path, pcf: &Path, dir: &Path) -> Result<Placement, ToolError> {
    let json = json.to_string_lossy();
    let pcf = pcf.to_string_lossy();
    let freq = format!("{freq_mhz}");
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
        // A latch, which the iCE40 lacks, is a loop of LUTs in `synth_ice40`'s
        // netlist (issue 56); a true loop of logic stops the synthesis first
        // (`check -assert`), so timing analysis may pass over loops.
        "--ignore-loops",
        "-q",
    ];
    // A report left by an earlier run must not speak for this one.
    let _ = std::fs::remove_file(dir.join("report.json"));
    let asc = dir.join("design.asc");
    if let Err(failed) = NEXTPNR.run(&args, dir, "placing and routing") {
        let _ = std::fs::remove_file(dir.join("design.asc.partial"));
        let _ = std::fs::remove_file(&asc);
        return Err(timing_missed(dir, freq_mhz).unwrap_or(failed));
    }
    // Written beside, renamed when whole.
    std::fs::rename(dir.join("design.asc.partial"), &asc).map_err(|error| ToolError::Io { what: format!("writing {}", asc.display()), error })?;
    placement_in(dir)
}

/// nextpnr's version line, for what a build's reuse is keyed on.
pub fn version() -> String {
    NEXTPNR.version("--version")
}

/// What a [`place_route`] run left in `dir`, read again (a build taken as
/// it stands, when nothing it was made from has changed).
pub fn placement_in(dir: &Path) -> Result<Placement, ToolError> {
    let asc = dir.join("design.asc");
    let report = read(&dir.join("report.json"))?;
    let (lc_used, lc_available, fmax_mhz) =
        parse_report(&report).map_err(|e| ToolError::Failed { tool: NEXTPNR, what: format!("reading report.json: {e}"), output: report.clone() })?;
    let critical_path = critical_path(&report);
    Ok(Placement { asc, lc_used, lc_available, fmax_mhz, critical_path })
}

/// When nextpnr failed because the design misses `freq_mhz` (its report
/// says so), that failure told in one line, with nextpnr's report of the
/// critical path from its log as the output.
fn timing_missed(dir: &Path, freq_mhz: f64) -> Option<ToolError> {
    let report = std::fs::read_to_string(dir.join("report.json")).ok()?;
    let (_, _, fmax) = parse_report(&report).ok()?;
    if fmax >= freq_mhz {
        return None;
    }
    let path = critical_path(&report).map_or(String::new(), |(from, to)| format!(", its critical path from {from} to {to}"));
    let log = std::fs::read_to_string(dir.join("nextpnr.log")).unwrap_or_default();
    Some(ToolError::Failed {
        tool: NEXTPNR,
        what: format!(
            "timing: {fmax:.2} MHz, short of the {freq_mhz} MHz the board asks{path}; shorten that path, or see {}",
            dir.join("nextpnr.log").display()
        ),
        output: clock_path_report(&log),
    })
}

/// nextpnr's report of the critical path from a clock edge to a clock edge,
/// as its log prints it (a step a line, without the source locations).
pub(crate) fn clock_path_report(log: &str) -> String {
    log.lines()
        .skip_while(|l| !l.starts_with("Info: Critical path report for clock"))
        .take_while(|l| !l.trim_end().is_empty() && !l.starts_with("Info: Critical path report for cross-domain"))
        .filter(|l| !l.contains("Defined in:") && !l.contains(".v:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Logic cells used and available, and the lowest achieved Fmax of any
/// clock (infinite where nextpnr reports none: [`Placement::fmax_mhz`]).
pub(crate) fn parse_report(json: &str) -> Result<(u64, u64, f64), String> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let lc = &v["utilization"]["ICESTORM_LC"];
    let used = lc["used"].as_u64().ok_or("no utilization.ICESTORM_LC.used")?;
    let available = lc["available"].as_u64().ok_or("no utilization.ICESTORM_LC.available")?;
    let fmax = v["fmax"].as_object().ok_or("no fmax")?.values().filter_map(|c| c["achieved"].as_f64()).fold(f64::INFINITY, f64::min);
    Ok((used, available, fmax))
}

/// Where the report's critical path from a clock edge to a clock edge (not
/// the paths from or to the pins) starts, the net its first flip-flop
/// drives, and ends, the flip-flop it sets up; if it has one.
pub(crate) fn critical_path(json: &str) -> Option<(String, String)> {
    let v: serde_json::Value = serde_json::from_str(json).ok()?;
    let path = v["critical_paths"]
        .as_array()?
        .iter()
        .find(|p| p["from"].as_str().is_some_and(|f| f.starts_with("posedge")) && p["to"].as_str().is_some_and(|t| t.starts_with("posedge")))?;
    let steps = path["path"].as_array()?;
    let cell = |step: &serde_json::Value, end: &str| -> Option<String> {
        let name = step[end]["cell"].as_str()?;
        // nextpnr names a packed cell after a net and the cells it merged:
        // `top.counter.q_SB_DFFESR_Q_DFFLC`; the net is the design's name.
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
        // Two clocks whose registers only cross between them (issue 56):
        // no Fmax, and nothing bounds either clock.
        let json = r#"{"fmax": {}, "utilization": {"ICESTORM_LC": {"available": 1280, "used": 3}}}"#;
        assert_eq!(super::parse_report(json).unwrap(), (3, 1280, f64::INFINITY));
        assert!(super::parse_report(r#"{"utilization": {"ICESTORM_LC": {"available": 1, "used": 1}}}"#).is_err());
    }

    /// A run that missed its target is told in one line naming the Fmax,
    /// the target and the path, with nextpnr's own report of the path (and
    /// not the locations or the paths from the pins); a report that met it
    /// is not a timing failure.
    #[test]
    fn a_missed_target_is_one_line_and_nextpnr_s_path() {
        let dir = std::env::temp_dir().join(format!("nimforge-timing-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let report = r#"{"fmax": {"clk": {"achieved": 12.87, "constraint": 24}},
            "utilization": {"ICESTORM_LC": {"available": 5280, "used": 1235}},
            "critical_paths": [{"from": "posedge clk", "to": "posedge clk", "path": [
                {"from": {"cell": "i_LC"}, "to": {"cell": "m_LC"}, "net": "top.core.i.q[1]"},
                {"from": {"cell": "m_LC"}, "to": {"cell": "top.core.a.q_SB_DFFSR_Q_5_DFFLC"}}]}]}"#;
        std::fs::write(dir.join("report.json"), report).unwrap();
        let log = "Info: Max frequency for clock 'clk': 12.87 MHz (FAIL at 24.00 MHz)\n\n\
            Info: Critical path report for clock 'clk' (posedge -> posedge):\n\
            Info:  1.4  1.4  Source top.core.i.q_SB_DFFSR_Q_1_D_SB_LUT4_O_LC.O\n\
            Info:                Defined in:\n\
            Info:                  /work/generated/design.v:468.26-472.6\n\
            Info:  0.1 77.7  Setup top.core.a.q_SB_DFFSR_Q_5_D_SB_LUT4_O_LC.I3\n\
            \n\
            Info: Critical path report for cross-domain path '<async>' -> 'posedge clk':\n\
            Info:  0.0  0.0  Source btn0$sb_io.D_IN_0\n";
        std::fs::write(dir.join("nextpnr.log"), log).unwrap();
        let e = super::timing_missed(&dir, 24.0).unwrap().to_string();
        let first = e.lines().next().unwrap();
        assert!(first.contains("timing: 12.87 MHz, short of the 24 MHz the board asks"), "{first}");
        assert!(first.contains("from top.core.i.q[1] to top.core.a.q"), "{first}");
        assert!(e.contains("Source top.core.i.q_SB_DFFSR") && e.contains("Setup top.core.a.q"), "{e}");
        assert!(!e.contains("design.v") && !e.contains("btn0"), "{e}");
        assert!(super::timing_missed(&dir, 12.0).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
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
                {"from": {"cell": "x_LC"}, "to": {"cell": "y_LC"}, "net": "top.adder.total[0]"},
                {"from": {"cell": "y_LC"}, "to": {"cell": "top.top.sender.last.q_SB_DFFESR_Q_DFFLC"}}]}]}"#;
        let (from, to) = super::critical_path(json).unwrap();
        assert_eq!((from.as_str(), to.as_str()), ("top.adder.total[0]", "top.top.sender.last.q"));
        assert_eq!(super::critical_path(r#"{"critical_paths": []}"#), None);
    }
}
