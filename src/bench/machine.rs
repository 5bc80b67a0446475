//! `nimforge bench MACHINE`: the machine's whole plan (the plan `verify`
//! replays) through two engines in one run, each checked cycle by cycle
//! against the oracle's outputs:
//!
//! - `bitsim`: the `synth_ice40` netlist in lanes (`netlist/bitsim`), the
//!   plan's pieces from power-on side by side, a thread per core, each
//!   clock the compiled kernel;
//! - `interpreter`: the same with the interpreter, the kernel's reference;
//! - `verilator`: the generated Verilog compiled by Verilator (-O3) and
//!   driven from C++ ([`nimforge_verify::levels::verilated`]: letters and expected
//!   rows from binary files, no testbench and no text), one process per
//!   core, each on a stretch of the plan that starts at power-on.
//!
//! Both count vectors (cycles, lane-cycles for bitsim) per second of wall
//! time, the plan's making left out of both.

use super::EngineRun;
use nimforge_netlist::Netlist;
use nimforge_verify::levels::hdl;
use nimforge_verify::levels::lanes::{self, Expected, Progress, Wired};
use nimforge_verify::levels::verilated::Verilated;
use nimforge_verify::Places;
use nimforge_verify::{Machine, Plan};
use std::path::Path;
use std::time::Instant;

/// Runs both engines on `M`'s plan with `jobs` threads and processes.
pub fn run<M: Machine>(root: &Path, jobs: usize) -> Result<Vec<EngineRun>, crate::Error> {
    let plan = Plan::<M>::new()?;
    let places = Places::new(root, root.join("build").join("bench").join(M::NAME));
    nimforge_verify::files::create_dir_all(&places.work)?;
    let expected = Expected::of(&plan);
    let coverage = format!("{}: {} cycles", plan.coverage, plan.len());
    let mut runs = Vec::new();

    let synth = hdl::make_ice40::<M>(&places).map_err(|w| w.to_string())?;
    let net = Netlist::from_file(&synth.json)?;
    let mut wired = Wired::new::<M>(nimforge_verify::Hardware::Netlist, net)?;
    let pieces = plan.pieces().len();
    // The kernel compiled before the clock starts, as Verilator's model is
    // built before its: each engine's making is left out of its time.
    let _ = wired.kernel();
    for (engine, interpreted) in [("bitsim", false), ("interpreter", true)] {
        wired.interpreted = interpreted;
        let t0 = Instant::now();
        let found = lanes::run_pieces(&plan, &expected, &wired, jobs, &Progress::default());
        let seconds = t0.elapsed().as_secs_f64();
        let kernel = match (interpreted, wired.kernel()) {
            (false, Some(k)) => format!("; the kernel: {} ops as {} nodes, {} instructions a chunk", k.ops, k.nodes, k.instructions),
            (false, None) => "; no kernel for this CPU, the interpreter ran".to_string(),
            (true, _) => String::new(),
        };
        let what = format!("{coverage} in {pieces} pieces, {} lanes{kernel}", lanes::LANES * jobs);
        runs.push(EngineRun::new(engine, found.vectors as u64, seconds, found.mismatches as u64, what, found.first.map(|(_, s)| s)));
    }

    let harness = Verilated::build(&plan, &expected, &places)?;
    let t0 = Instant::now();
    let outcome = harness.run_all(&plan, jobs)?;
    let seconds = t0.elapsed().as_secs_f64();
    let what = format!("{coverage} in {} stretches from power-on, one process each", plan.stretches(jobs).len() - 1);
    let first = outcome.first.map(|(i, got)| plan.describe_mismatch(i, &got));
    runs.push(EngineRun::new("verilator", outcome.cycles as u64, seconds, outcome.mismatches as u64, what, first));
    Ok(runs)
}
