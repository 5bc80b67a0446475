//! The hardware levels' files and their external simulators. Each netlist
//! is made once per machine ([`make_generic`], [`make_ice40`],
//! [`make_chip`]) and read by both engines of its level: the bitsim engine
//! in process ([`super::bitsim`]) and Icarus (`verilog/icarus`,
//! `netlist/icarus` with yosys's iCE40 cell models, `bitstream/icarus` on
//! the chip's Verilog from icebox_vlog), besides Verilator on the file in
//! `generated/`. The external simulators replay a vector file through a
//! testbench from `testbenches/`.

use super::{from_hex, to_hex, verdict, LevelReport, Machine, Plan};
use crate::boards;
use crate::build;
use crate::flow::{self, icebox_vlog, iverilog, yosys, Tool, ToolError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where a machine's files are: the project root (for `generated/` and
/// `testbenches/`) and a work directory under `build/`.
pub struct Places {
    /// The project root.
    pub root: PathBuf,
    /// The machine's work directory.
    pub work: PathBuf,
}

impl Places {
    /// The file `generated/<module>.v`.
    pub fn generated(&self, module: &str) -> PathBuf {
        self.root.join("generated").join(format!("{module}.v"))
    }
    /// The testbench of `module` in `testbenches/`: the one with a port per bit
    /// (`<module>_bitstream_tb.v`, for icebox_vlog's Verilog) when `bitwise`, else `<module>_tb.v`.
    pub fn testbench(&self, module: &str, bitwise: bool) -> PathBuf {
        let stem = if bitwise { format!("{module}_bitstream_tb.v") } else { format!("{module}_tb.v") };
        self.root.join("testbenches").join(stem)
    }
    /// A fresh work directory under the system's temporary directory for
    /// test `test`, with the project's `generated/` and `testbenches/`.
    #[cfg(test)]
    pub fn for_test(test: &str) -> Places {
        let work = std::env::temp_dir().join(format!("nimforge-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&work).unwrap();
        Places { root: Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf(), work }
    }

    /// The work directory's subdirectory `sub`, created if need be.
    pub fn dir(&self, sub: &str) -> Result<PathBuf, ToolError> {
        let d = self.work.join(sub);
        std::fs::create_dir_all(&d).map_err(|error| ToolError::Io { what: format!("creating {}", d.display()), error })?;
        Ok(d)
    }
}

/// Writes the plan as `<inputs> <outputs>` hex lines.
pub fn write_vectors<M: Machine>(plan: &Plan<M>, path: &Path) -> Result<(), ToolError> {
    let io = |error| ToolError::Io { what: format!("writing {}", path.display()), error };
    let mut w = crate::files::Atomic::create(path).map_err(io)?;
    let (ins, outs) = (M::inputs(), M::outputs());
    let letters: Vec<String> = plan.letters.iter().map(|l| to_hex(&l.inputs, &ins)).collect();
    for (i, &l) in plan.sequence.iter().enumerate() {
        writeln!(w, "{} {}", letters[l], to_hex(&plan.expected(i), &outs)).map_err(io)?;
    }
    w.commit().map_err(io)
}

/// One simulation run's report from the simulator's output.
fn judge<M: Machine>(plan: &Plan<M>, level: &str, output: &str, t0: Instant) -> LevelReport {
    let report = match verdict::parse(output) {
        None => LevelReport::failed(
            M::NAME,
            level,
            format!("the testbench printed no verdict; it printed:\n{}", flow::tail(output, 20)),
        ),
        Some(v) if v.vectors != plan.len() => {
            LevelReport::failed(M::NAME, level, format!("the testbench replayed {} of {} vectors", v.vectors, plan.len()))
        }
        Some(v) => {
            let first = v.first.first().map(|(cycle, hex)| match from_hex(hex, &M::outputs()) {
                Some(got) if *cycle < plan.len() => plan.describe_mismatch(*cycle, &got),
                _ => format!("first mismatch at cycle {cycle}: got {hex} (unknown or undriven bits)"),
            });
            LevelReport::judged(M::NAME, level, plan.len(), v.mismatches, first)
        }
    };
    report.coverage(plan.coverage.clone()).seconds(t0.elapsed().as_secs_f64())
}

/// Why something a level needs could not be made: kept so that every
/// level that needs it can say so.
#[derive(Clone, Debug)]
pub enum Why {
    /// A tool is not installed: the level is skipped.
    Missing(Tool),
    /// A tool failed: the level failed, with the tool's output.
    Failed(String),
}

impl From<ToolError> for Why {
    fn from(e: ToolError) -> Why {
        match e {
            ToolError::Missing(t) => Why::Missing(t),
            e => Why::Failed(e.to_string()),
        }
    }
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::Missing(t) => write!(f, "{}", ToolError::Missing(*t)),
            Why::Failed(e) => write!(f, "{e}"),
        }
    }
}

impl Why {
    /// The level's report: skipped when a tool is missing, failed with the tool's output otherwise.
    pub fn report(&self, machine: &str, level: &str) -> LevelReport {
        match self {
            Why::Missing(tool) => LevelReport::skipped(machine, level, *tool),
            Why::Failed(e) => LevelReport::failed(machine, level, e.clone()),
        }
    }
}

/// Something a level needs, or why it could not be made.
pub type Made<T> = Result<T, Why>;

/// The generic-gate BLIF of the generated Verilog (`verilog/bitsim`).
pub fn make_generic<M: Machine>(places: &Places) -> Made<PathBuf> {
    let d = places.dir("verilog-bitsim")?;
    Ok(yosys::synth_blif(&places.generated(M::MODULE), M::MODULE, &d)?)
}

/// `synth_ice40` of the generated Verilog: the JSON nextpnr places
/// (`netlist/bitsim`) and the same netlist as Verilog (`netlist/icarus`).
pub fn make_ice40<M: Machine>(places: &Places) -> Made<yosys::Synthesis> {
    let d = places.dir("netlist")?;
    Ok(yosys::synth_ice40(&places.generated(M::MODULE), M::MODULE, &d)?)
}

/// The board the `bitstream` level places and routes for: the iCEstick
/// with every port on a pin, or, for a machine with more port bits than
/// the iCEstick has free pins, the iCE40-HX8K breakout board
/// (`boards::VERIFICATION`).
pub fn verification_board<M: Machine>() -> boards::Board {
    let stick = boards::board("icestick").expect("the iCEstick is a built-in board");
    let bits: usize = M::inputs().iter().chain(&M::outputs()).map(|p| p.width).sum();
    if bits <= stick.free_io.len() {
        stick
    } else {
        boards::board(boards::VERIFICATION.0).expect("the verification device is built in")
    }
}

/// The placed-and-routed chip: nextpnr-ice40 and icepack, the `.asc`
/// turned back into Verilog by icebox_vlog (`bitstream/icarus`), and that
/// Verilog as generic gates (`bitstream/bitsim`).
#[derive(Clone, Debug)]
pub struct Chip {
    /// The bitstream as Verilog (icebox_vlog).
    pub verilog: PathBuf,
    /// The bitstream's Verilog as generic gates (BLIF), for `bitstream/bitsim`.
    pub blif: PathBuf,
    /// The `synth_ice40` netlist (as Verilog of iCE40 cells) that nextpnr
    /// placed and routed into it.
    pub netlist: PathBuf,
}

/// Makes the [`Chip`]: builds the machine for [`verification_board`] in the work
/// directory's `bitstream/`, reads the bitstream back with icebox_vlog and synthesises that
/// to generic gates in `bitstream-bitsim/`.
pub fn make_chip<M: Machine>(places: &Places) -> Made<Chip> {
    let d = places.dir("bitstream")?;
    icebox_vlog::ICEBOX_VLOG.find()?;
    let source = places.generated(M::MODULE);
    let built = build::implement(&verification_board::<M>(), &source, M::MODULE, &M::inputs(), &M::outputs(), &d)?;
    let verilog = icebox_vlog::to_verilog(&built.placement.asc, &built.pcf, M::MODULE, &d)?;
    let b = places.dir("bitstream-bitsim")?;
    let blif = yosys::synth_blif(&verilog, M::MODULE, &b)?;
    Ok(Chip { verilog, blif, netlist: d.join("netlist.v") })
}

fn plusargs(vectors: &Path) -> Vec<String> {
    vec![format!("+vectors={}", vectors.display())]
}

/// `verilog/icarus`: the file in `generated/` in Icarus.
pub fn verilog_icarus<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path) -> LevelReport {
    const LEVEL: &str = "verilog/icarus";
    let t0 = Instant::now();
    let source = places.generated(M::MODULE);
    let tb = places.testbench(M::MODULE, false);
    let run = places.dir("icarus").and_then(|d| iverilog::simulate(&[&source, &tb], "nimforge_clock", &[], &plusargs(vectors), &d));
    match run {
        Ok(text) => judge(plan, LEVEL, &text, t0),
        Err(e) => LevelReport::from_error(M::NAME, LEVEL, e).seconds(t0.elapsed().as_secs_f64()),
    }
}

/// `verilog/verilator`: the file in `generated/`, linted, in Verilator,
/// the whole plan through the C++ harness ([`super::verilated`]).
pub fn verilog_verilator<M: Machine>(plan: &Plan<M>, places: &Places, expected: &super::lanes::Expected) -> LevelReport {
    const LEVEL: &str = "verilog/verilator";
    let t0 = Instant::now();
    let run = super::verilated::Verilated::build(plan, expected, places).and_then(|h| h.run(0, plan.len()));
    match run {
        Ok(o) if o.cycles != plan.len() => LevelReport::failed(M::NAME, LEVEL, format!("the harness replayed {} of {} cycles", o.cycles, plan.len())),
        Ok(o) => {
            let first = o.first.map(|(i, got)| plan.describe_mismatch(i, &got));
            LevelReport::judged(M::NAME, LEVEL, o.cycles, o.mismatches, first).coverage(plan.coverage.clone())
        }
        Err(e) => LevelReport::from_error(M::NAME, LEVEL, e),
    }
    .seconds(t0.elapsed().as_secs_f64())
}

/// `netlist/icarus`: the `synth_ice40` netlist as Verilog, with yosys's
/// iCE40 cell models, in Icarus.
pub fn netlist_icarus<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path, synth: &Made<yosys::Synthesis>) -> LevelReport {
    const LEVEL: &str = "netlist/icarus";
    let t0 = Instant::now();
    let synth = match synth {
        Ok(s) => s,
        Err(why) => return why.report(M::NAME, LEVEL),
    };
    let run = places.dir("netlist").and_then(|d| {
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
        Ok(text) => judge(plan, LEVEL, &text, t0),
        Err(e) => LevelReport::from_error(M::NAME, LEVEL, e).seconds(t0.elapsed().as_secs_f64()),
    }
}

/// `bitstream/icarus`: the chip's Verilog from icebox_vlog in Icarus.
pub fn bitstream_icarus<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path, chip: &Made<Chip>) -> LevelReport {
    const LEVEL: &str = "bitstream/icarus";
    let t0 = Instant::now();
    let chip = match chip {
        Ok(c) => c,
        Err(why) => return why.report(M::NAME, LEVEL),
    };
    let tb = places.testbench(M::MODULE, true);
    let run = places.dir("bitstream").and_then(|d| iverilog::simulate(&[&chip.verilog, &tb], "nimforge_clock", &[], &plusargs(vectors), &d));
    match run {
        Ok(text) => judge(plan, LEVEL, &text, t0),
        Err(e) => LevelReport::from_error(M::NAME, LEVEL, e).seconds(t0.elapsed().as_secs_f64()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::relay_nim::RelayNim;
    use crate::verify::Status;

    /// A simulator that fails (here Icarus, on a generated file cut in
    /// half) makes a failed level carrying the tool's own words, not a
    /// level where every vector mismatched.
    #[cfg_attr(not(have_iverilog), ignore = "needs iverilog: bash .ci/deps installs it")]
    #[test]
    fn a_failing_tool_is_a_failed_level_with_its_output() {
        let root = std::env::temp_dir().join(format!("nimforge-failing-{}", std::process::id()));
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        for sub in ["generated", "testbenches"] {
            std::fs::create_dir_all(root.join(sub)).unwrap();
        }
        let v = std::fs::read_to_string(here.join("generated/relay_nim.v")).unwrap();
        std::fs::write(root.join("generated/relay_nim.v"), &v[..v.len() / 2]).unwrap();
        std::fs::copy(here.join("testbenches/relay_nim_tb.v"), root.join("testbenches/relay_nim_tb.v")).unwrap();
        let places = Places { root: root.clone(), work: root.join("work") };
        let plan = Plan::<RelayNim>::of_sequence(RelayNim::move_runs().unwrap(), "the whole-move runs");
        std::fs::create_dir_all(&places.work).unwrap();
        let vectors = places.work.join("vectors.txt");
        write_vectors(&plan, &vectors).unwrap();
        let r = verilog_icarus(&plan, &places, &vectors);
        std::fs::remove_dir_all(&root).ok();
        assert_eq!((r.status, r.mismatches), (Status::Failed, 0), "{r:?}");
        let e = r.error.unwrap();
        assert!(e.contains("iverilog failed") && e.contains("relay_nim.v"), "{e}");
    }
}
