//! `nimforge check A B --top NAME`: two designs of one module against
//! each other ([`nimforge_verify::check`]), printed; each a Verilog file, a
//! `.f` list or a `.core` ([`nimforge_verify::Sources::read`]).

use nimforge_verify::check::{self, Options, Verdict, Walk, POWER_ON};
use nimforge_verify::flow::yosys;
use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The reference design: a Verilog or SystemVerilog file, a `.f`
    /// file list (Verilator's -f) or a FuseSoC CAPI2 `.core` file.
    a: std::path::PathBuf,
    /// The design checked against it (a file, a `.f` or a `.core`).
    b: std::path::PathBuf,
    /// The module to check, in both (else the top a `.f`'s
    /// --top-module or a `.core`'s toplevel names).
    #[arg(long)]
    top: Option<String>,
    /// The second design's top module when it is named otherwise (a
    /// rewrite renamed); its ports must still be the first's.
    #[arg(long, value_name = "NAME")]
    top_b: Option<String>,
    /// The clock input, where every register is on its rising edge
    /// (else the clocks are found by what drives the registers' clock
    /// pins).
    #[arg(long, value_name = "NAME")]
    clock: Option<String>,
    /// The clock inputs, each toggled at will at every step: every
    /// interleaving of their edges is covered (the step model, which
    /// the check takes by itself for several clocks, a falling edge, a
    /// latch or an asynchronous reset).
    #[arg(long, value_name = "A,B", value_delimiter = ',', conflicts_with = "clock")]
    clocks: Option<Vec<String>>,
    /// The most states of the pair the walk holds before random runs
    /// take over.
    #[arg(long, default_value_t = Options::MAX_STATES as u64, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    max_states: u64,
    /// Cycles per random run, where the space is not walked.
    #[arg(long, default_value_t = Options::DEPTH as u64, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    depth: u64,
    /// Random runs from power-on (in lanes of 64), where the space is not walked.
    #[arg(long, default_value_t = Options::RUNS as u64, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    runs: u64,
    /// The check's budget in seconds of CPU time (its own and its tools',
    /// so that a busy host does not change the verdict): the walk gives
    /// way to the runs after a third of it, the runs end at half (or a
    /// sixth of it after the walk's miter, where that is made later), the
    /// provers beside them have the rest; past it, or past four times it on
    /// the wall, the verdict is "not decided" (exit 3).
    #[arg(long, value_name = "SECONDS", default_value_t = Options::TIMEOUT_SECONDS, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    timeout: u64,
    #[command(flatten)]
    ci: super::ci::CiArgs,
}

/// The exit status of an internal error: a difference found that does not
/// replay (never a verdict, and not bad input).
pub const INTERNAL_ERROR: i32 = 4;

/// Checks `b` against `a`; the verdict's exit status: 0 equal, 1
/// different, 3 not decided ([`INTERNAL_ERROR`] when nimforge's own parts
/// disagree, 2 for bad input). The tops: `--top` for both and `--top-b` for
/// the second, else what each side's list or `.core` names. The scripts go
/// under `build/check/` of the directory nimforge was started in.
pub fn run(args: &Args, process: &super::Process) -> Result<i32, crate::Error> {
    let (a, b) = (args.a.as_path(), args.b.as_path());
    let (top, top_b, clock, clocks) = (args.top.clone(), args.top_b.clone(), args.clock.clone(), args.clocks.clone());
    let (max_states, depth, runs, timeout) = (args.max_states as usize, args.depth as usize, args.runs as usize, args.timeout);
    let ci = &args.ci.out(process.github_actions);
    ci.ready()?;
    let started = std::time::Instant::now();
    let checks = process.here.join("build").join("check");
    // A refusal before the check's own directory is known still gets its
    // JUnit and annotation; its line follows from main.
    let refused = |e: nimforge_verify::Error, top: &str, dir: &Path| {
        let _ = ci.after_check((a, b, top), dir, Err(&e.to_string()), started.elapsed().as_secs_f64());
        e
    };
    let named = top.clone().unwrap_or_default();
    let read = |p: &Path| nimforge_verify::Sources::read(p).map_err(|e| refused(e.into(), &named, &checks));
    let (sa, sb) = (read(a)?, read(b)?);
    let missing = |side: &Path| {
        refused(
            nimforge_verify::Error::Input(format!(
                "no top module for {}: name it with --top (and --top-b for the second, when named otherwise)",
                side.display()
            )),
            &named,
            &checks,
        )
    };
    let top_a = top.clone().or_else(|| sa.top.clone()).ok_or_else(|| missing(a))?;
    let top_b = top_b.or(top).or_else(|| sb.top.clone()).ok_or_else(|| missing(b))?;
    let dir = checks.join(&top_a);
    let top_b = (top_b != top_a).then_some(top_b);
    let options = Options { top_b, clock, clocks, max_states, depth, runs, timeout: std::time::Duration::from_secs(timeout), ..Options::new(top_a, dir) };
    let c = match check::check_sources((a, &sa), (b, &sb), &options) {
        Err(nimforge_verify::Error::Internal(line)) => {
            let _ = ci.after_check((a, b, &options.top), &options.dir, Err(&line), started.elapsed().as_secs_f64());
            eprintln!("nimforge: {line}");
            return Ok(INTERNAL_ERROR);
        }
        c => c.map_err(|e| refused(e, &options.top, &options.dir))?,
    };
    let ports: Vec<String> = c.ports.iter().map(|p| format!("{} {}[{}]", if p.input { "in" } else { "out" }, p.name, p.width)).collect();
    // No ports: the budget ran out before the designs were read.
    if !ports.is_empty() {
        println!("ports: the same in both ({})", ports.join(", "));
        println!("power-on: {POWER_ON}");
    }
    for r in &c.read {
        println!("read: {r}");
    }
    if let Some(clocking) = &c.clocking {
        println!("time: {clocking}");
    }
    match &c.walk {
        Walk::Whole { .. } if matches!(c.verdict, Verdict::Different(_)) => println!("simulation: the walk found a difference"),
        Walk::Whole { states, transitions, depth } => println!(
            "simulation: every reachable state of the pair under every input value: {states} states, {transitions} state and input pairs, depth {depth}; no output differs"
        ),
        Walk::Runs { why, runs: 0, .. } => println!("simulation: not walked whole ({why})"),
        Walk::Runs { why, runs, depth } => {
            let found = if matches!(c.verdict, Verdict::Different(_)) { "" } else { ": no output differs (runs are no proof)" };
            println!("simulation: not walked whole ({why}); {runs} random runs of {depth} cycles from power-on{found}")
        }
    }
    if let Some((verdict, detail)) = &c.proof {
        let verdict = match verdict {
            yosys::ProofOutcome::Proven => "proven equal",
            yosys::ProofOutcome::Refuted => "refuted",
            yosys::ProofOutcome::NotClosed => "not closed",
        };
        println!("proof: {verdict}: {detail}");
    }
    match &c.verdict {
        Verdict::Equal(how) => println!("verdict: equal, by {how}"),
        Verdict::Different(cex) => {
            let (fa, fb) = (a.display(), b.display());
            let on = if c.read.is_empty() { "the two files" } else { "the two designs (the Verilog yosys-slang wrote, where it read one)" };
            println!(
                "verdict: different: found by {}, certified in Icarus on {on}; at {} {} an output differs ({fa} against {fb}), after these inputs from power-on:",
                cex.found_by,
                cex.unit(),
                if cex.clocks.is_empty() { format!("{} (before its rising clock edge)", cex.cycle) } else { cex.cycle.to_string() }
            );
            print!("{cex}");
            println!("counterexample: {} (inputs and the outputs that differ), {} (replays it in Icarus)", cex.vcd.display(), cex.testbench.display());
        }
        Verdict::NotDecided(covered) => println!("verdict: not decided: {covered}"),
    }
    println!("scripts and logs: {}", options.dir.display());
    ci.after_check((a, b, &options.top), &options.dir, Ok(&c), started.elapsed().as_secs_f64())?;
    Ok(c.verdict.code())
}
