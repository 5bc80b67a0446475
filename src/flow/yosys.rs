//! yosys: synthesis for the iCE40 (`synth_ice40`), the cell counts of `stat
//! -json`, and the netlist written back as Verilog. The script is made from
//! the template `fpga/synth.ys.j2` and kept beside its reports. `synth_blif`
//! makes the generic gate-level BLIF the netlist simulator reads
//! (`fpga/blif.ys.j2`). `prove_equivalent` proves a design equal to a
//! reference for every input sequence (`fpga/prove.ys.j2`).

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

#[derive(Clone, Debug)]
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
    std::fs::canonicalize(p)
        .map(|p| p.to_string_lossy().into_owned())
        .map_err(|error| ToolError::Io { what: format!("reading {}", p.display()), error })
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
pub const PROVE_MAX_STEPS: usize = 8;

/// An equivalence proven by `prove_equivalent`.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The induction length at which the proof closed.
    pub induction: usize,
    /// How long yosys took.
    pub seconds: f64,
    /// The script (`dir/prove.ys`) and yosys's log (`dir/prove.log`).
    pub script: PathBuf,
    pub log: PathBuf,
}

/// Prove `design` (top module `top`) equal to the reference made of the
/// files `reference` (top module `ref_top`, with the same ports): a miter of
/// the two and `sat -tempinduct`, so every output agrees in every cycle of
/// every input sequence from power-on. The script and log are kept in `dir`.
/// A failed proof is `ToolError::Failed` whose output is yosys's
/// counterexample (the cycles and values it found).
pub fn prove_equivalent(
    design: &Path,
    top: &str,
    reference: &[&Path],
    ref_top: &str,
    dir: &Path,
) -> Result<Proof, ToolError> {
    let design = canonical(design)?;
    let references = reference.iter().map(|p| canonical(p)).collect::<Result<Vec<_>, _>>()?;
    let script =
        ProveScript { design: &design, top, references, ref_top, max_steps: PROVE_MAX_STEPS }.render().expect("template renders");
    write(&dir.join("prove.ys"), &script)?;
    let what = format!("proving {top} equal to {ref_top}");
    let t0 = std::time::Instant::now();
    let run = YOSYS.run(&["-q", "-l", "prove.log", "-s", "prove.ys"], dir, &what);
    let seconds = t0.elapsed().as_secs_f64();
    let log = read(&dir.join("prove.log")).unwrap_or_default();
    match run {
        Ok(_) => match proof_closed(&log) {
            Some(induction) => {
                Ok(Proof { induction, seconds, script: dir.join("prove.ys"), log: dir.join("prove.log") })
            }
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
            Err(ToolError::Failed {
                tool,
                what: format!("{what}: {why} (log: {})", dir.join("prove.log").display()),
                output,
            })
        }
        Err(e) => Err(e),
    }
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
    let value = |time: &str, name: &str| {
        lines.iter().filter_map(|l| row(l)).find(|(t, n, _)| t == time && n == name).map(|(_, _, v)| v)
    };
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
