//! `nimforge check A.v B.v --top NAME`: two designs of one module against
//! each other ([`nimforge_verify::check`]), printed.

use nimforge_verify::check::{self, Options, Walk};
use nimforge_verify::flow::yosys::Verdict;
use std::path::Path;

/// Checks `b` against `a`; 0 the same machine, 1 a difference.
pub fn run(a: &Path, b: &Path, top: String, clock: String, (max_states, depth, runs): (usize, usize, usize)) -> Result<i32, crate::Error> {
    let dir = std::env::current_dir().unwrap_or_default().join("build").join("check").join(&top);
    let options = Options { top, clock, max_states, depth, runs, bound: nimforge_verify::equiv::BOUND, dir };
    let c = check::check(a, b, &options)?;
    let ports: Vec<String> = c.ports.iter().map(|p| format!("{} {}[{}]", if p.input { "in" } else { "out" }, p.name, p.width)).collect();
    println!("ports: the same in both ({})", ports.join(", "));
    match (&c.walk, &c.difference) {
        (_, Some(d)) => println!("simulation: the outputs differ after these inputs from power-on: {d}"),
        (Walk::Whole { states, transitions, depth }, None) => println!(
            "simulation: every reachable state of the pair under every input value: {states} states, {transitions} state and input pairs, depth {depth}; no output differs"
        ),
        (Walk::Runs { why, runs, depth }, None) => {
            println!("simulation: not walked whole ({why}); {runs} random runs of {depth} cycles from power-on: no output differs")
        }
    }
    let verdict = match c.proof.0 {
        Verdict::Proven => "proven equal",
        Verdict::Refuted => "refuted",
        Verdict::NotClosed => "not closed",
    };
    println!("proof: {verdict}: {}", c.proof.1);
    println!("scripts and logs: {}", options.dir.display());
    Ok(if c.same() { 0 } else { 1 })
}
