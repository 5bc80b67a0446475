//! The levels that run outside the process: `verilog` (Icarus and
//! Verilator on the file in `generated/`), `netlist/iverilog` (yosys
//! `synth_ice40`, simulated with yosys's iCE40 cell models) and `bitstream`
//! (nextpnr-ice40 and icepack for the iCEstick, icebox_vlog back to
//! Verilog). Each replays the plan's vector file through a testbench from
//! `testbenches/`. `netlist/bitsim` runs yosys for a generic-gate BLIF and
//! replays the plan in process, in [`crate::netlist`].

use super::{from_hex, to_hex, verdict, LevelReport, Machine, Plan};
use crate::boards;
use crate::build;
use crate::flow::{self, icebox_vlog, iverilog, verilator, yosys, Tool, ToolError};
use crate::netlist::{Netlist, Sim};
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

/// The `netlist` level's `iverilog` engine (level `netlist/iverilog`).
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
        Ok(text) => judge(plan, "netlist/iverilog", &text, t0),
        Err(e) => failed::<M>("netlist/iverilog", e, plan, t0),
    }
}

/// The `netlist` level's `bitsim` engine (level `netlist/bitsim`): yosys's
/// generic gates and rising-edge flip-flops as BLIF (`fpga/blif.ys.j2`, into
/// `netlist-bitsim/` of the work directory), replayed by [`bitsim_replay`].
pub fn netlist_bitsim<M: Machine>(plan: &Plan<M>, places: &Places) -> LevelReport {
    const LEVEL: &str = "netlist/bitsim";
    let t0 = Instant::now();
    let blif = places.dir("netlist-bitsim").and_then(|d| yosys::synth_blif(&places.generated(M::MODULE), M::MODULE, &d));
    let blif = match blif {
        Ok(path) => path,
        Err(e) => return failed::<M>(LEVEL, e, plan, t0),
    };
    let replay = Netlist::from_file(&blif).map_err(|e| e.to_string()).and_then(|net| bitsim_replay(plan, &net));
    let (mismatches, first_mismatch) = match replay {
        Ok(r) => (r.mismatches, r.first),
        Err(e) => (plan.len(), Some(e)),
    };
    LevelReport {
        machine: M::NAME.into(),
        level: LEVEL.into(),
        vectors: plan.len(),
        mismatches,
        seconds: t0.elapsed().as_secs_f64(),
        skipped: None,
        coverage: plan.coverage.clone(),
        first_mismatch,
    }
}

/// What a replay in the netlist simulator found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub mismatches: usize,
    /// [`Plan::describe_mismatch`] of the first.
    pub first: Option<String>,
}

/// The bit indices of a port in the BLIF. yosys writes a vector's bits as
/// `name[i]` and a name with a `$` in it (a rust-hdl array port, `name$i`)
/// as it stands, without Verilog's escaping backslash; the backslash form is
/// tried too, for a netlist written otherwise.
fn blif_port(
    find: impl Fn(&str) -> Result<Vec<usize>, crate::netlist::NetlistError>,
    port: &super::Port,
) -> Result<Vec<usize>, String> {
    let bits = find(port.name).or_else(|e| find(&format!("\\{}", port.name)).map_err(|_| e.to_string()))?;
    if bits.len() != port.width {
        return Err(format!(
            "port {} has {} bits in the netlist and {} in the machine; regenerate generated/ and re-synthesise",
            port.name,
            bits.len(),
            port.width
        ));
    }
    Ok(bits)
}

/// Replays the whole of `plan` on `net` as the testbenches do: for each
/// cycle, the letter's inputs are set, the rising clock edge comes, and then
/// every output is compared with [`Plan::expected`] — with that cycle's
/// inputs still applied, as the testbench compares at the falling edge and
/// as the `rtl` level reads after its tick. In the simulator that is
/// set inputs, eval, clock, eval, read.
///
/// The vector file is one sequential trace: each cycle starts in the state
/// the last one left. So it is replayed in one lane; every input is
/// broadcast (`u64::MAX` or 0 per bit) and the other 63 lanes carry copies
/// of lane 0, which is read. The 64 lanes pay off for independent vectors,
/// as in the selector bench, not for one long trace.
///
/// Power-on is the latches' init values, which yosys takes from the
/// Verilog's `initial` blocks: the state the oracle's `power_on` and the
/// other levels start in. A latch with no init 0 or 1 (BLIF 2, 3 or none)
/// would start at 0 here where Icarus says x and the chip says whatever it
/// does, so such a netlist is refused rather than replayed on a guess.
pub fn bitsim_replay<M: Machine>(plan: &Plan<M>, net: &Netlist) -> Result<Replay, String> {
    if let Some(q) = net.unknown_inits().first() {
        return Err(format!(
            "{} latch(es), the first {q}, have no init value 0 or 1 in the BLIF; give the register an initial value",
            net.unknown_inits().len()
        ));
    }
    let ins = M::inputs()
        .iter()
        .map(|p| blif_port(|n| net.input_port(n), p))
        .collect::<Result<Vec<_>, _>>()?;
    let outs = M::outputs()
        .iter()
        .map(|p| blif_port(|n| net.output_port(n), p))
        .collect::<Result<Vec<_>, _>>()?;
    // Every other input must be the clock, which Sim::clock stands for.
    let driven: std::collections::HashSet<usize> = ins.iter().flatten().copied().collect();
    if let Some(i) = (0..net.inputs()).find(|&i| !driven.contains(&i) && net.input_name(i) != "clock") {
        return Err(format!("netlist input {} is no port of {} and not its clock", net.input_name(i), M::NAME));
    }
    let mut sim = Sim::new(net);
    let mut got = vec![0u64; outs.len()];
    let mut replay = Replay { mismatches: 0, first: None };
    for (i, &l) in plan.sequence.iter().enumerate() {
        for (bits, &value) in ins.iter().zip(&plan.letters[l].inputs) {
            for (j, &bit) in bits.iter().enumerate() {
                sim.set_input(bit, if value >> j & 1 == 1 { u64::MAX } else { 0 });
            }
        }
        sim.eval();
        sim.clock();
        sim.eval();
        for (g, bits) in got.iter_mut().zip(&outs) {
            *g = sim.read_outputs(bits, 0);
        }
        if got != plan.expected(i) {
            replay.mismatches += 1;
            if replay.first.is_none() {
                replay.first = Some(plan.describe_mismatch(i, &got));
            }
        }
    }
    Ok(replay)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::relay_nim::RelayNim;

    /// The relay NIM's BLIF from yosys, or `None` (and a note) without yosys.
    fn relay_nim_blif() -> Option<String> {
        if !crate::flow::installed_for_test(&[yosys::YOSYS]) {
            return None;
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let dir = std::env::temp_dir().join(format!("nimforge-bitsim-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let blif = yosys::synth_blif(&root.join("generated/relay_nim.v"), RelayNim::MODULE, &dir).unwrap();
        let text = std::fs::read_to_string(blif).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        Some(text)
    }

    /// A plan of the given cycles, without the tour (which takes seconds).
    fn plan_of(sequence: Vec<usize>) -> Plan<RelayNim> {
        Plan {
            letters: RelayNim::letters(),
            after: crate::verify::replay::<RelayNim>(&sequence),
            sequence,
            coverage: String::new(),
            tour_cycles: 0,
            states: 0,
            transitions: 0,
            states_covered: 0,
            transitions_covered: 0,
        }
    }

    /// One cover row of one gate flipped (the first two-input AND, `11 1`,
    /// becomes `10 1`, an AND-NOT) is caught by the whole-move runs, on
    /// which the netlist as written has no mismatch.
    #[test]
    fn netlist_bitsim_catches_a_wrong_gate() {
        let Some(text) = relay_nim_blif() else { return };
        let plan = plan_of(RelayNim::move_runs().unwrap());
        let good = Netlist::from_blif(&text).unwrap();
        assert_eq!(bitsim_replay(&plan, &good).unwrap(), Replay { mismatches: 0, first: None });

        let lines: Vec<&str> = text.lines().collect();
        // A .names with two inputs and the one row "11 1", the next line a new statement.
        let row = (1..lines.len() - 1)
            .find(|&i| {
                let gate = lines[i - 1].starts_with(".names ") && lines[i - 1].split(' ').count() == 4;
                gate && lines[i] == "11 1" && lines[i + 1].starts_with('.')
            })
            .expect("the relay NIM's BLIF has a two-input AND");
        let mut wrong: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        wrong[row] = "10 1".into();
        let bad = Netlist::from_blif(&wrong.join("\n")).unwrap();
        let r = bitsim_replay(&plan, &bad).unwrap();
        assert!(r.mismatches > 0, "the gate {} as AND-NOT went unnoticed", lines[row - 1]);
        assert!(r.first.as_deref().unwrap().starts_with("first mismatch at cycle "), "{r:?}");
    }

    /// A port the netlist lacks is a one-line error, not a panic.
    #[test]
    fn netlist_bitsim_names_a_missing_port() {
        let net = Netlist::from_blif(".model m\n.inputs clock\n.outputs x\n.names x\n.end\n").unwrap();
        let plan = plan_of(vec![]);
        let e = bitsim_replay(&plan, &net).unwrap_err();
        assert!(e.contains("no port reset"), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }
}
