//! `nimforge check A.v B.v --top NAME`: two designs of one module against
//! each other ([`nimforge_verify::check`]), printed.

use nimforge_verify::check::{self, Options, Verdict, Walk, POWER_ON};
use nimforge_verify::flow::yosys;
use std::path::Path;

/// The exit status of an internal error: a difference found that does not
/// replay (never a verdict, and not bad input).
pub const INTERNAL_ERROR: i32 = 4;

/// Checks `b` against `a`; the verdict's exit status: 0 equal, 1
/// different, 3 not decided ([`INTERNAL_ERROR`] when nimforge's own parts
/// disagree, 2 for bad input).
pub fn run(a: &Path, b: &Path, top: String, clock: String, (max_states, depth, runs): (usize, usize, usize), timeout: u64) -> Result<i32, crate::Error> {
    let dir = std::env::current_dir().unwrap_or_default().join("build").join("check").join(&top);
    let options = Options { top, clock, max_states, depth, runs, bound: nimforge_verify::equiv::BOUND, dir, timeout: std::time::Duration::from_secs(timeout) };
    let c = match check::check(a, b, &options) {
        Err(nimforge_verify::Error::Internal(line)) => {
            eprintln!("nimforge: {line}");
            return Ok(INTERNAL_ERROR);
        }
        c => c?,
    };
    let ports: Vec<String> = c.ports.iter().map(|p| format!("{} {}[{}]", if p.input { "in" } else { "out" }, p.name, p.width)).collect();
    println!("ports: the same in both ({})", ports.join(", "));
    println!("power-on: {POWER_ON}");
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
            yosys::Verdict::Proven => "proven equal",
            yosys::Verdict::Refuted => "refuted",
            yosys::Verdict::NotClosed => "not closed",
        };
        println!("proof: {verdict}: {detail}");
    }
    match &c.verdict {
        Verdict::Equal(how) => println!("verdict: equal, by {how}"),
        Verdict::Different(cex) => {
            let (fa, fb) = (a.display(), b.display());
            println!(
                "verdict: different: found by {}, certified in Icarus on the two files; at cycle {} (before its rising clock edge) an output differs ({fa} against {fb}), after these inputs from power-on:",
                cex.found_by, cex.cycle
            );
            print!("{cex}");
            println!("counterexample: {} (inputs and the outputs that differ), {} (replays it in Icarus)", cex.vcd.display(), cex.testbench.display());
        }
        Verdict::NotDecided(covered) => println!("verdict: not decided: {covered}"),
    }
    println!("scripts and logs: {}", options.dir.display());
    Ok(c.verdict.code())
}
