//! The hardware levels' files and their external simulators. Each netlist
//! is made once per machine ([`make_generic`], [`make_ice40`],
//! [`make_chip`]) and read by both engines of its level: the bitsim engine
//! in process ([`super::bitsim`]) and Icarus (`verilog/icarus`,
//! `netlist/icarus` with yosys's iCE40 cell models, `bitstream/icarus` on
//! the chip's Verilog from icebox_vlog), besides Verilator on the file in
//! `generated/`. The external simulators replay a vector file through a
//! testbench from `testbenches/`.

use crate::boards;
use crate::build;
use crate::flow::{self, icebox_vlog, iverilog, yosys, Tool, ToolError};
use crate::layout::Places;
use crate::port::{from_hex, to_hex};
use crate::{tally, Hardware, Level, LevelReport, Machine, Plan, Run, Stage};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

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
fn judge<M: Machine>(plan: &Plan<M>, level: Stage, output: &str, t0: Instant) -> LevelReport {
    let report = match tally::parse(output) {
        None => LevelReport::failed(M::NAME, level, format!("the testbench printed no verdict; it printed:\n{}", flow::tail(output, 20))),
        Some(v) if v.vectors != plan.len() => LevelReport::failed(M::NAME, level, format!("the testbench replayed {} of {} vectors", v.vectors, plan.len())),
        Some(v) => {
            let first = v.first.first().map(|(cycle, hex)| match from_hex(hex, &M::outputs()) {
                Some(got) if *cycle < plan.len() => plan.describe_mismatch(*cycle, &got),
                _ => format!("first mismatch at cycle {cycle}: got {hex} (unknown or undriven bits)"),
            });
            let cycle = v.first.first().map(|(cycle, _)| *cycle).filter(|c| *c < plan.len());
            LevelReport::judged(M::NAME, level, plan.len(), v.mismatches, first).at_cycle(cycle)
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

impl From<crate::Error> for Why {
    fn from(e: crate::Error) -> Why {
        match e {
            crate::Error::Tool(ToolError::Missing(t)) => Why::Missing(t),
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
    pub fn report(&self, machine: &str, level: Stage) -> LevelReport {
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
    Ok(yosys::synth_blif_in(places.verilog(M::MODULE), M::MODULE, places.time(), &d)?)
}

/// `netlist/bitsim`'s netlist: the `synth_ice40` JSON itself, its iCE40
/// cells read in process; in steps ([`Places::steps`]), the netlist with
/// yosys's models of its cells, every flip-flop made logic on the global
/// step (`clk2fflogic`), as generic gates.
pub(crate) fn netlist_for_bitsim<M: Machine>(places: &Places, synth: &Made<yosys::Synthesis>) -> Made<PathBuf> {
    let synth = synth.as_ref().map_err(Clone::clone)?;
    if places.steps.is_none() {
        return Ok(synth.json.clone());
    }
    let d = places.dir("netlist-bitsim")?;
    let cells = yosys::ice40_cells(&d)?;
    Ok(yosys::synth_blif_in(crate::sources::Sources::files(&[&synth.netlist, &cells]), M::MODULE, places.time(), &d)?)
}

/// `synth_ice40` of the generated Verilog: the JSON nextpnr places
/// (`netlist/bitsim`) and the same netlist as Verilog (`netlist/icarus`).
pub fn make_ice40<M: Machine>(places: &Places) -> Made<yosys::Synthesis> {
    let d = places.dir(Level::Netlist.name())?;
    Ok(yosys::synth_ice40(places.verilog(M::MODULE), M::MODULE, &d)?)
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
    /// The bitstream's Verilog as generic gates (BLIF), for `bitstream/bitsim`
    /// (not made for a design with a latch, in steps: [`crate::Steps::latch_loops`]).
    pub blif: PathBuf,
    /// The `synth_ice40` netlist (as Verilog of iCE40 cells) that nextpnr
    /// placed and routed into it.
    pub netlist: PathBuf,
}

/// Makes the [`Chip`]: builds the machine for [`verification_board`] in the work
/// directory's `bitstream/`, reads the bitstream back with icebox_vlog and synthesises that
/// to generic gates in `bitstream-bitsim/`.
pub fn make_chip<M: Machine>(places: &Places) -> Made<Chip> {
    make_chip_from::<M>(places, None)
}

/// [`make_chip`], placing the netlist level's `synth_ice40` where it was
/// made ([`make_ice40`]): the same script on the same file makes the same
/// netlist, byte for byte, so it is not made twice.
pub(crate) fn make_chip_from<M: Machine>(places: &Places, synthesized: Option<&yosys::Synthesis>) -> Made<Chip> {
    let d = places.dir(Level::Bitstream.name())?;
    icebox_vlog::ICEBOX_VLOG.find()?;
    let board = verification_board::<M>();
    let ports = (&M::inputs()[..], &M::outputs()[..]);
    let clocked = places.steps.is_none();
    let (built, netlist) = match synthesized {
        Some(synth) => (build::implement_synthesized(&board, synth, M::MODULE, ports, clocked, &d)?, synth.netlist.clone()),
        None => {
            let pcf = crate::emitter::pcf::all_ports(&board, M::MODULE, ports, clocked)?;
            (build::implement_with(&board, &places.verilog(M::MODULE), M::MODULE, &pcf, &d)?, d.join("netlist.v"))
        }
    };
    let verilog = icebox_vlog::to_verilog(&built.placement.asc, &built.pcf, M::MODULE, &d)?;
    let b = places.dir("bitstream-bitsim")?;
    let blif = b.join("netlist.blif");
    // A latch in steps is a loop of LUTs here, which no BLIF of the
    // netlist simulator holds: the bitstream/bitsim row says so instead.
    if places.latch_loops().is_none() {
        yosys::synth_blif_in(&verilog, M::MODULE, places.time(), &b)?;
    }
    Ok(Chip { verilog, blif, netlist })
}

/// The testbench's arguments: the vector file, and the VCD to write when
/// the places ask for one ([`Places::vcd`]).
fn plusargs(vectors: &Path, places: &Places) -> Vec<String> {
    let mut args = vec![format!("+vectors={}", vectors.display())];
    args.extend(places.vcd.as_ref().map(|v| format!("+vcd={}", v.display())));
    args
}

/// In steps ([`Places::steps`]), the define that holds the clocks at the
/// first step's values from power-on (`NIMFORGE_FIRST`, the testbench's):
/// the first vector's inputs.
fn first_step<M: Machine>(plan: &Plan<M>, places: &Places) -> Option<String> {
    places.steps.as_ref()?;
    let letter = &plan.letters[*plan.sequence.first()?];
    let width: usize = M::inputs().iter().map(|p| p.width).sum();
    Some(format!("NIMFORGE_FIRST={width}'h{}", to_hex(&letter.inputs, &M::inputs())))
}

/// `verilog/icarus`: the file in `generated/` in Icarus.
pub fn verilog_icarus<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path) -> LevelReport {
    const LEVEL: Stage = Stage::Run(Run::icarus(Hardware::Verilog));
    let t0 = Instant::now();
    let source = places.verilog(M::MODULE);
    let tb = places.testbench(M::MODULE, false);
    let first = first_step(plan, places);
    let defines: Vec<&str> = first.iter().map(String::as_str).collect();
    let run = places
        .dir("icarus")
        .and_then(|d| iverilog::simulate_design(&source, &[&tb], ("nimforge_clock", "nimforge_clock.tb.dut"), &defines, &plusargs(vectors, places), &d));
    match run {
        Ok(text) => judge(plan, LEVEL, &text, t0),
        Err(e) => LevelReport::from_error(M::NAME, LEVEL, e).seconds(t0.elapsed().as_secs_f64()),
    }
}

/// `verilog/verilator`: the file in `generated/`, linted, in Verilator,
/// the whole plan through the C++ harness ([`super::verilated`]).
pub(crate) fn verilog_verilator<M: Machine>(plan: &Plan<M>, places: &Places, expected: &super::lanes::Expected) -> LevelReport {
    const LEVEL: Stage = Stage::Run(Run::verilator());
    let t0 = Instant::now();
    let run = super::verilated::Verilated::build(plan, expected, places).and_then(|h| h.run(0, plan.len()));
    match run {
        Ok(o) if o.cycles != plan.len() => LevelReport::failed(M::NAME, LEVEL, format!("the harness replayed {} of {} cycles", o.cycles, plan.len())),
        Ok(o) => {
            let cycle = o.first.as_ref().map(|(i, _)| *i);
            let first = o.first.map(|(i, got)| plan.describe_mismatch(i, &got));
            LevelReport::judged(M::NAME, LEVEL, o.cycles, o.mismatches, first).at_cycle(cycle).coverage(plan.coverage.clone())
        }
        Err(e) => LevelReport::from_error(M::NAME, LEVEL, e),
    }
    .seconds(t0.elapsed().as_secs_f64())
}

/// `netlist/icarus`: the `synth_ice40` netlist as Verilog, with yosys's
/// iCE40 cell models, in Icarus.
pub(crate) fn netlist_icarus<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path, synth: &Made<yosys::Synthesis>) -> LevelReport {
    const LEVEL: Stage = Stage::Run(Run::icarus(Hardware::Netlist));
    let t0 = Instant::now();
    let synth = match synth {
        Ok(s) => s,
        Err(why) => return why.report(M::NAME, LEVEL),
    };
    let run = places.dir(Level::Netlist.name()).and_then(|d| {
        let cells = yosys::ice40_cells_sim();
        let tb = places.testbench(M::MODULE, false);
        let first = first_step(plan, places);
        let defines: Vec<&str> = ["NO_ICE40_DEFAULT_ASSIGNMENTS"].into_iter().chain(first.as_deref()).collect();
        iverilog::simulate(&[&synth.netlist, &cells, &tb], "nimforge_clock", &defines, &plusargs(vectors, places), &d)
    });
    match run {
        Ok(text) => judge(plan, LEVEL, &text, t0),
        Err(e) => LevelReport::from_error(M::NAME, LEVEL, e).seconds(t0.elapsed().as_secs_f64()),
    }
}

/// `bitstream/icarus`: the chip's Verilog from icebox_vlog in Icarus.
pub(crate) fn bitstream_icarus<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path, chip: &Made<Chip>) -> LevelReport {
    const LEVEL: Stage = Stage::Run(Run::icarus(Hardware::Bitstream));
    let t0 = Instant::now();
    let chip = match chip {
        Ok(c) => c,
        Err(why) => return why.report(M::NAME, LEVEL),
    };
    let tb = places.testbench(M::MODULE, true);
    let first = first_step(plan, places);
    let defines: Vec<&str> = first.iter().map(String::as_str).collect();
    let run =
        places.dir(Level::Bitstream.name()).and_then(|d| iverilog::simulate(&[&chip.verilog, &tb], "nimforge_clock", &defines, &plusargs(vectors, places), &d));
    match run {
        Ok(text) => judge(plan, LEVEL, &text, t0),
        Err(e) => LevelReport::from_error(M::NAME, LEVEL, e).seconds(t0.elapsed().as_secs_f64()),
    }
}
