//! Would the regular CI catch a wrong machine? (issue 58: CI runs less than
//! it did — a share of the plan in Icarus, a sample of the deep runs, a
//! search that stops at a wrong design's first mismatch — and must still
//! catch a one-operator slip at every simulated level.)
//!
//! For each machine asked (all six by default), one operator of its emitted
//! Verilog (`generated/<module>.v`, a line of a combinational block such as
//! `free = ~two_pressed & ~sequencer$busy;`) is changed, chosen by the seed
//! (`&` for `|`, `==` for `!=`, ...), and the changed file goes through
//! every level that applies to a Verilog design (`Project::verify_verilog`:
//! the Verilog in bitsim, Icarus and Verilator, the `synth_ice40` netlist
//! and the bitstream in bitsim and Icarus, the proofs between them) with
//! the plan CI runs (Icarus's share, the search that stops at the first
//! mismatches; the deep runs whole, as `Project` runs them). A mutant is caught when every simulated level that ran
//! mismatched, with its presses from power-on and their VCD. A mutant no
//! level catches may be equal to the machine (a change no output sees):
//! it is said, and the next place is taken. One caught at some levels and
//! missed at others is the failure this looks for (exit 1).
//!
//! `cargo run --release --example machine_mutants [-- MACHINE... [--seed N]]`

use nimforge::harness::{die18::Die18, learning::Learning, nimatron::Nimatron, nimrod::Nimrod, relay_nim::RelayNim, wilson::Wilson};
use nimforge_verify::prelude::*;
use std::path::Path;

/// Each operator of a combinational line and what it becomes, written with
/// the spaces rust-hdl's Verilog puts around it.
const SWAPS: [(&str, &str); 8] =
    [(" & ", " | "), (" | ", " & "), (" ^ ", " & "), (" + ", " - "), (" - ", " + "), (" == ", " != "), (" != ", " == "), (" < ", " >= ")];

/// Every place an operator can change: (line, byte offset, from, to).
fn places(text: &str) -> Vec<(usize, usize, &'static str, &'static str)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.trim_start();
        // A blocking assignment in a combinational block, not a comment.
        if t.starts_with("//") || !t.ends_with(';') || !t.contains(" = ") {
            continue;
        }
        let rhs = line.find(" = ").unwrap() + 3;
        for (from, to) in SWAPS {
            let mut at = rhs;
            while let Some(i) = line[at..].find(from) {
                out.push((n, at + i, from, to));
                at += i + from.len();
            }
        }
    }
    out.sort();
    out
}

/// The text with place `p` changed, and the change in words.
fn mutant(text: &str, p: (usize, usize, &str, &str)) -> (String, String) {
    let (n, at, from, to) = p;
    let lines: Vec<String> =
        text.lines().enumerate().map(|(k, l)| if k == n { format!("{}{}{}", &l[..at], to, &l[at + from.len()..]) } else { l.to_string() }).collect();
    (lines.join("\n") + "\n", format!("line {}: '{}' for '{}' in `{}`", n + 1, to.trim(), from.trim(), text.lines().nth(n).unwrap_or("").trim()))
}

/// A small generator for the choice of places (xorshift64*).
fn pick(seed: &mut u64, n: usize) -> usize {
    *seed ^= *seed >> 12;
    *seed ^= *seed << 25;
    *seed ^= *seed >> 27;
    (seed.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
}

/// One machine: mutants in turn until one is caught somewhere (at most
/// four tries); true unless a mutant was caught at some simulated levels
/// and missed at others.
fn machine<M: Machine>(seed: u64) -> Result<bool, Error> {
    let source = Path::new("generated").join(format!("{}.v", M::MODULE));
    let text = std::fs::read_to_string(&source).map_err(|e| Error::io(format!("reading {}", source.display()), e))?;
    let all = places(&text);
    if all.is_empty() {
        println!("{}: no operator to change in {}", M::NAME, source.display());
        return Ok(true);
    }
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for attempt in 0..4 {
        let (changed, what) = mutant(&text, all[pick(&mut state, all.len())]);
        let root = std::path::absolute(format!("build/machine_mutants/{}/{attempt}", M::NAME)).map_err(|e| Error::io("the working directory", e))?;
        std::fs::create_dir_all(&root).map_err(|e| Error::io(format!("creating {}", root.display()), e))?;
        let file = root.join(format!("{}.v", M::MODULE));
        std::fs::write(&file, changed).map_err(|e| Error::io(format!("writing {}", file.display()), e))?;
        println!("{}: mutant {attempt}: {what}", M::NAME);
        let t0 = std::time::Instant::now();
        let verified = Project::new(&root).verify_verilog::<M>(&file, &Ui::quiet())?;
        let ran: Vec<&LevelReport> = verified.levels.iter().filter(|r| !matches!(r.status, Status::NotApplicable | Status::Skipped)).collect();
        for r in &ran {
            println!("  {:<22} {:<10} {:>12} vectors {:>10} mismatches", r.level.to_string(), format!("{:?}", r.status), r.vectors, r.mismatches);
        }
        let caught = ran.iter().filter(|r| r.status == Status::Mismatched).count();
        println!("  {} of {} simulated levels caught it ({:.0} s)", caught, ran.len(), t0.elapsed().as_secs_f64());
        if caught == 0 {
            println!("  caught nowhere: a change no output sees, or a miss at every level; the next place");
            continue;
        }
        return Ok(verified.caught_everywhere());
    }
    println!("{}: four mutants caught nowhere", M::NAME);
    Ok(true)
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut seed = 1;
    let mut asked = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seed" => match it.next().and_then(|s| s.parse().ok()) {
                Some(s) => seed = s,
                None => {
                    eprintln!("machine_mutants: --seed takes a number");
                    return std::process::ExitCode::from(2);
                }
            },
            name => asked.push(name.to_string()),
        }
    }
    let runs: [(&str, fn(u64) -> Result<bool, Error>); 6] = [
        (RelayNim::NAME, machine::<RelayNim>),
        (Nimatron::NAME, machine::<Nimatron>),
        (Nimrod::NAME, machine::<Nimrod>),
        (Learning::NAME, machine::<Learning>),
        (Die18::NAME, machine::<Die18>),
        (Wilson::NAME, machine::<Wilson>),
    ];
    if let Some(bad) = asked.iter().find(|a| !runs.iter().any(|(n, _)| n == a)) {
        let names: Vec<&str> = runs.iter().map(|(n, _)| *n).collect();
        eprintln!("machine_mutants: no machine '{bad}': name one of {}", names.join(", "));
        return std::process::ExitCode::from(2);
    }
    let mut ok = true;
    for (name, run) in runs {
        if !asked.is_empty() && !asked.iter().any(|a| a == name) {
            continue;
        }
        match run(seed) {
            Ok(true) => {}
            Ok(false) => {
                println!("{name}: a mutant was caught at some simulated levels and missed at others");
                ok = false;
            }
            Err(e) => {
                eprintln!("machine_mutants: {name}: {e}");
                return std::process::ExitCode::from(2);
            }
        }
    }
    if ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
