//! `nimforge fuzz-check`: the check's own fuzzer ([`crate::fuzz`]) over a
//! range of seeds, each a random design checked against its yosys rewrite
//! and its mutants; the counts printed, a line for each pair judged wrong
//! with the command that reruns its seed.

use crate::fuzz::{self, Options};
use std::io::Write;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The seeds, a design each: `A..B` (B left out).
    #[arg(long, default_value = "0..300", value_parser = seeds, conflicts_with = "seed")]
    seeds: std::ops::Range<u64>,
    /// One seed (a rerun by hand); its files are kept.
    #[arg(long)]
    seed: Option<u64>,
    /// Mutants a design, besides its rewrite.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(0..=20))]
    mutants: u64,
    /// Designs checked at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: u64,
    /// Each check's budget in seconds (`nimforge check --timeout`).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    timeout: u64,
    /// Cycles of the Icarus co-simulation from power-on.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    cycles: u64,
    /// Where the seeds' files go (a seed's are kept when a pair of it failed).
    #[arg(long, default_value = "build/fuzz-check")]
    dir: std::path::PathBuf,
    /// Print the counts as JSON lines (for `nimforge results`), and write
    /// every pair's line to DIR/pairs.jsonl.
    #[arg(long)]
    json: bool,
}

/// `A..B` as a range of seeds.
fn seeds(s: &str) -> Result<std::ops::Range<u64>, String> {
    let (a, b) = s.split_once("..").ok_or_else(|| format!("'{s}' is no range of seeds: write A..B, e.g. 0..300"))?;
    let (a, b) = (a.trim().parse::<u64>(), b.trim().parse::<u64>());
    match (a, b) {
        (Ok(a), Ok(b)) if a < b => Ok(a..b),
        _ => Err(format!("'{s}' is no range of seeds: write A..B with A < B, e.g. 0..300")),
    }
}

/// Runs the seeds, each check by `nimforge` (this program, which the
/// binary's edge finds); exit 0 when no pair failed (no wrong verdict, no
/// internal error, no refusal for a dead net), 1 when one did.
pub fn run(args: Args, nimforge: std::path::PathBuf) -> Result<i32, crate::Error> {
    let seeds = args.seed.map_or(args.seeds.clone(), |s| s..s + 1);
    let options = Options {
        seeds: seeds.clone(),
        mutants: args.mutants as usize,
        jobs: args.jobs as usize,
        dir: args.dir.clone(),
        timeout: args.timeout,
        nimforge,
        cycles: args.cycles as usize,
        keep: args.seed.is_some(),
    };
    let shown = |o: &fuzz::Outcome| {
        if o.fails() || args.seed.is_some() {
            // With --json, stdout holds only JSON lines (CI reads them).
            let line = format!(
                "seed {} {}; rerun: nimforge fuzz-check --seed {}; files: {} {}",
                o.seed,
                o.describe(),
                o.seed,
                o.files.0.display(),
                o.files.1.display()
            );
            if args.json {
                eprintln!("{line}");
            } else {
                println!("{line}");
            }
        }
    };
    let outcomes = fuzz::run(&options, &shown)?;
    let rows = fuzz::summary(&outcomes, &seeds);
    if args.json {
        let path = args.dir.join("pairs.jsonl");
        let mut f = std::fs::File::create(&path).map_err(|e| format!("writing {}: {e}", path.display()))?;
        for o in &outcomes {
            writeln!(f, "{}", o.json()).map_err(|e| format!("writing {}: {e}", path.display()))?;
        }
        rows.iter().for_each(super::print_json);
    } else {
        println!("| class | designs | pairs | right | wrong | not decided | refused | internal | different (certified) | equal (ABC proven) | conflicts | check median s | worst s | ABC median s |");
        println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for r in &rows {
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} ({}) | {} ({}) | {} | {:.2} | {:.2} | {:.2} |",
                r["class"].as_str().unwrap_or(""),
                r["designs"],
                r["pairs"],
                r["right"],
                r["wrong"],
                r["not_decided"],
                r["refused"],
                r["internal"],
                r["different"],
                r["certified"],
                r["equal"],
                r["equal_abc_proven"],
                r["conflicts"],
                r["check_median_seconds"].as_f64().unwrap_or(0.0),
                r["check_worst_seconds"].as_f64().unwrap_or(0.0),
                r["abc_median_seconds"].as_f64().unwrap_or(0.0)
            );
        }
    }
    let failed = outcomes.iter().filter(|o| o.fails()).count();
    if failed > 0 {
        eprintln!("nimforge: {failed} of {} pairs failed (wrong, internal, or refused for a dead net): see the lines above", outcomes.len());
        return Ok(1);
    }
    Ok(0)
}
