//! The levels that run outside the process: `verilog` (Icarus and
//! Verilator on the file in `generated/`), `netlist` (yosys `synth_ice40`,
//! simulated with yosys's iCE40 cell models) and `bitstream` (nextpnr-ice40
//! and icepack for the iCEstick, icebox_vlog back to Verilog). Each replays
//! the plan's vector file through a testbench from `testbenches/`.

use super::{from_hex, to_hex, verdict, LevelReport, Machine, Plan};
use crate::boards;
use crate::build;
use crate::flow::{self, icebox_vlog, iverilog, verilator, yosys, Tool, ToolError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where a machine's files are: the project root (for `generated/` and
/// `testbenches/`) and a work directory under `build/`.
pub struct Places {
    pub root: PathBuf,
    pub work: PathBuf,
}

impl Places {
    pub fn generated(&self, module: &str) -> PathBuf {
        self.root.join("generated").join(format!("{module}.v"))
    }
    pub fn testbench(&self, module: &str, bitwise: bool) -> PathBuf {
        let stem = if bitwise { format!("{module}_bitstream_tb.v") } else { format!("{module}_tb.v") };
        self.root.join("testbenches").join(stem)
    }
    pub fn dir(&self, sub: &str) -> Result<PathBuf, ToolError> {
        let d = self.work.join(sub);
        std::fs::create_dir_all(&d).map_err(|error| ToolError::Io { what: format!("creating {}", d.display()), error })?;
        Ok(d)
    }
}

/// Writes the plan as "<inputs> <outputs>" hex lines.
pub fn write_vectors<M: Machine>(plan: &Plan<M>, path: &Path) -> Result<(), ToolError> {
    let io = |error| ToolError::Io { what: format!("writing {}", path.display()), error };
    let file = std::fs::File::create(path).map_err(io)?;
    let mut w = std::io::BufWriter::new(file);
    let (ins, outs) = (M::inputs(), M::outputs());
    let letters: Vec<String> = plan.letters.iter().map(|l| to_hex(&l.inputs, &ins)).collect();
    for (i, &l) in plan.sequence.iter().enumerate() {
        writeln!(w, "{} {}", letters[l], to_hex(&plan.expected(i), &outs)).map_err(io)?;
    }
    w.flush().map_err(io)
}

/// One simulation run's report from the simulator's output.
fn judge<M: Machine>(plan: &Plan<M>, level: &str, output: &str, t0: Instant) -> LevelReport {
    let seconds = t0.elapsed().as_secs_f64();
    let mut report = LevelReport {
        machine: M::NAME.into(),
        level: level.into(),
        vectors: plan.len(),
        mismatches: 0,
        seconds,
        skipped: None,
        coverage: plan.coverage.clone(),
        first_mismatch: None,
    };
    match verdict::parse(output) {
        None => {
            report.mismatches = plan.len();
            report.first_mismatch = Some(format!("the testbench printed no verdict; it printed:\n{}", flow::tail(output, 20)));
        }
        Some(v) if v.vectors != plan.len() => {
            report.mismatches = plan.len();
            report.first_mismatch = Some(format!("the testbench replayed {} of {} vectors", v.vectors, plan.len()));
        }
        Some(v) => {
            report.mismatches = v.mismatches;
            if let Some((cycle, hex)) = v.first.first() {
                report.first_mismatch = Some(match from_hex(hex, &M::outputs()) {
                    Some(got) if *cycle < plan.len() => plan.describe_mismatch(*cycle, &got),
                    _ => format!("first mismatch at cycle {cycle}: got {hex} (unknown or undriven bits)"),
                });
            }
        }
    }
    report
}

fn failed<M: Machine>(level: &str, e: ToolError, plan: &Plan<M>, t0: Instant) -> LevelReport {
    let vectors = plan.len();
    let seconds = t0.elapsed().as_secs_f64();
    match e {
        ToolError::Missing(tool) => skipped::<M>(level, tool, plan, seconds),
        e => LevelReport {
            machine: M::NAME.into(),
            level: level.into(),
            vectors,
            mismatches: vectors,
            seconds,
            skipped: None,
            coverage: plan.coverage.clone(),
            first_mismatch: Some(e.to_string()),
        },
    }
}

fn skipped<M: Machine>(level: &str, tool: Tool, plan: &Plan<M>, seconds: f64) -> LevelReport {
    LevelReport {
        coverage: plan.coverage.clone(),
        machine: M::NAME.into(),
        level: level.into(),
        vectors: plan.len(),
        mismatches: 0,
        seconds,
        skipped: Some(format!("{} is not installed (Debian package {})", tool.program, tool.package)),
        first_mismatch: None,
    }
}

fn plusargs(vectors: &Path) -> Vec<String> {
    vec![format!("+vectors={}", vectors.display())]
}

/// The `verilog` level: two reports, Icarus and Verilator.
pub fn verilog<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path) -> Vec<LevelReport> {
    let source = places.generated(M::MODULE);
    let tb = places.testbench(M::MODULE, false);
    let mut out = Vec::new();
    let t0 = Instant::now();
    let icarus = places
        .dir("icarus")
        .and_then(|d| iverilog::simulate(&[&source, &tb], "nimforge_clock", &[], &plusargs(vectors), &d));
    out.push(match icarus {
        Ok(text) => judge(plan, "verilog/icarus", &text, t0),
        Err(e) => failed::<M>("verilog/icarus", e, plan, t0),
    });
    let t0 = Instant::now();
    let verilated = places.dir("verilator").and_then(|d| {
        verilator::lint(&source, M::MODULE, &d)?;
        let main = places.root.join("testbenches/verilator_main.cpp");
        verilator::simulate(&[&source, &tb, &main], "nimforge_tb", &plusargs(vectors), &d)
    });
    out.push(match verilated {
        Ok(text) => judge(plan, "verilog/verilator", &text, t0),
        Err(e) => failed::<M>("verilog/verilator", e, plan, t0),
    });
    out
}

/// The `netlist` level.
pub fn netlist<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path) -> LevelReport {
    let t0 = Instant::now();
    let run = places.dir("netlist").and_then(|d| {
        let synth = yosys::synth_ice40(&places.generated(M::MODULE), M::MODULE, &d)?;
        let cells = yosys::ice40_cells_sim();
        let tb = places.testbench(M::MODULE, false);
        iverilog::simulate(
            &[&synth.netlist, &cells, &tb],
            "nimforge_clock",
            &["NO_ICE40_DEFAULT_ASSIGNMENTS"],
            &plusargs(vectors),
            &d,
        )
    });
    match run {
        Ok(text) => judge(plan, "netlist", &text, t0),
        Err(e) => failed::<M>("netlist", e, plan, t0),
    }
}

/// The `bitstream` level: placed and routed for the iCEstick with every port
/// on a pin, or, for a machine with more port bits than the iCEstick has
/// free pins, for the iCE40-HX8K breakout board (`boards::VERIFICATION`).
pub fn bitstream<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path) -> LevelReport {
    let t0 = Instant::now();
    let run = places.dir("bitstream").and_then(|d| {
        icebox_vlog::ICEBOX_VLOG.find()?;
        iverilog::IVERILOG.find()?;
        let stick = boards::board("icestick").expect("the iCEstick is a built-in board");
        let bits: usize = M::inputs().iter().chain(&M::outputs()).map(|p| p.width).sum();
        let board = if bits <= stick.free_io.len() {
            stick
        } else {
            boards::board(boards::VERIFICATION.0).expect("the verification device is built in")
        };
        let source = places.generated(M::MODULE);
        let built = build::implement(&board, &source, M::MODULE, &M::inputs(), &M::outputs(), &d)?;
        let chip = icebox_vlog::to_verilog(&built.placement.asc, &built.pcf, M::MODULE, &d)?;
        let tb = places.testbench(M::MODULE, true);
        iverilog::simulate(&[&chip, &tb], "nimforge_clock", &[], &plusargs(vectors), &d)
    });
    match run {
        Ok(text) => judge(plan, "bitstream", &text, t0),
        Err(e) => failed::<M>("bitstream", e, plan, t0),
    }
}
