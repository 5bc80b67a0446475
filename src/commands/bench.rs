//! `nimforge bench selector`: engines side by side (`crate::bench`).

use crate::bench::selector::{self, Engine, Options};
use crate::bench::{EngineRun, Shard};
use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// selector, or a machine's name
    target: String,
    /// The selector's piles (4 by default).
    #[arg(long)]
    piles: Option<usize>,
    /// The selector's bits per pile (8 by default).
    #[arg(long)]
    bits: Option<usize>,
    /// Check slice I of N (0 <= I < N) of the selector's space; the slices cover it exactly once.
    #[arg(long)]
    shard: Option<String>,
    /// The selector's engines (repeat or separate with commas); all four by default.
    #[arg(long, value_enum, value_delimiter = ',')]
    engine: Vec<Engine>,
    /// Selector positions Verilator checks, evenly spread over the slice (2^28 by default).
    #[arg(long)]
    verilator_sample: Option<u64>,
    /// Selector positions Icarus checks (2^16 by default).
    #[arg(long)]
    icarus_sample: Option<u64>,
    /// Selector positions the rust-hdl simulation checks (2^16 by default).
    #[arg(long)]
    rtl_sample: Option<u64>,
    /// Threads and processes (the cores by default).
    #[arg(long)]
    jobs: Option<usize>,
    /// One JSON object per engine: engine, vectors, seconds, vectors_per_second.
    #[arg(long)]
    json: bool,
}

/// `nimforge bench TARGET` on `--jobs` cores (default all): for `selector`, the selector of
/// `--piles` piles of `--bits` bits (default 4x8) on the `--engine`s (default all), with the
/// Verilator, Icarus and rtl sample sizes; for a machine, its own bench. Status 1 if any run
/// has a mismatch against the oracle.
pub fn run(args: &Args, root: &Path) -> Result<i32, crate::Error> {
    let Args { target, piles, bits, shard, engine: engines, verilator_sample, icarus_sample, rtl_sample, jobs, json } = args;
    let (piles, bits, shard, jobs, json) = (*piles, *bits, shard.as_deref(), *jobs, *json);
    let samples = (*verilator_sample, *icarus_sample, *rtl_sample);
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    if target != "selector" {
        let selector_only = [piles.is_some(), bits.is_some(), shard.is_some(), !engines.is_empty()];
        let samples_given = [samples.0.is_some(), samples.1.is_some(), samples.2.is_some()];
        if selector_only.iter().chain(&samples_given).any(|&given| given) {
            return Err(format!("--piles, --bits, --shard, --engine and the samples are the selector's; bench {target} takes --jobs and --json").into());
        }
        let entry = crate::machines::find(target)
            .map_err(|_| format!("there is no benchmark '{target}': bench selector, or a machine: {}", crate::machines::names().join(", ")))?;
        let runs = (entry.bench)(root, jobs)?;
        if json {
            for r in &runs {
                super::print_json(r);
            }
        } else {
            println!("{target}: its whole plan on {jobs} cores, every output of every cycle checked against the oracle");
            print_runs(&runs);
        }
        return Ok(if runs.iter().any(|r| r.mismatches > 0) { 1 } else { 0 });
    }
    let (piles, bits) = (piles.unwrap_or(4), bits.unwrap_or(8));
    let samples = (samples.0.unwrap_or(1 << 28), samples.1.unwrap_or(1 << 16), samples.2.unwrap_or(1 << 16));
    let shard = shard.map(Shard::parse).transpose()?.unwrap_or(Shard::ALL);
    let engines = if engines.is_empty() {
        vec![Engine::Bitsim, Engine::Interpreter, Engine::Abc, Engine::Verilator, Engine::Icarus, Engine::Rtl]
    } else {
        engines.to_vec()
    };
    let options =
        Options { piles, bits, shard, engines, verilator_sample: samples.0, icarus_sample: samples.1, rtl_sample: samples.2, jobs, root: root.to_path_buf() };
    let runs = selector::run(&options)?;
    if json {
        for r in &runs {
            super::print_json(r);
        }
        if shard != Shard::ALL {
            println!("{}", nimforge_verify::report::end_line(shard, runs.len()));
        }
    } else {
        print_table(&runs, piles, bits, jobs);
    }
    Ok(if runs.iter().any(|r| r.mismatches > 0) { 1 } else { 0 })
}

fn print_table(runs: &[EngineRun], piles: usize, bits: usize, jobs: usize) {
    println!("selector {piles}x{bits} on {jobs} cores, every output checked against oracle::selector");
    print_runs(runs);
}

/// One line an engine, with bitsim's rate as a multiple of each other's.
pub fn print_runs(runs: &[EngineRun]) {
    println!("{:<10} {:>14} {:>9} {:>16} {:>10}  coverage", "engine", "vectors", "seconds", "vectors/second", "mismatches");
    let fastest = runs.iter().find(|r| r.engine == "bitsim").map(|r| r.vectors_per_second);
    for r in runs {
        let times = match fastest {
            Some(f) if r.engine != "bitsim" && r.vectors_per_second > 0.0 => format!(" (bitsim {:.1}x)", f / r.vectors_per_second),
            _ => String::new(),
        };
        println!("{:<10} {:>14} {:>9.2} {:>16.0} {:>10}  {}{times}", r.engine, r.vectors, r.seconds, r.vectors_per_second, r.mismatches, r.coverage);
        if let Some(m) = &r.first_mismatch {
            println!("           first mismatch: {m}");
        }
    }
}
