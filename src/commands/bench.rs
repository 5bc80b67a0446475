//! `nimforge bench selector`: engines side by side (`crate::bench`).

use crate::bench::selector::{self, Engine, Options};
use crate::bench::{EngineRun, Shard};
use std::path::Path;

#[allow(clippy::too_many_arguments)]
pub fn run(
    target: &str,
    piles: usize,
    bits: usize,
    shard: Option<&str>,
    engines: &[Engine],
    samples: (u64, u64, u64),
    jobs: Option<usize>,
    json: bool,
    root: &Path,
) -> Result<i32, String> {
    if target != "selector" {
        return Err(format!("there is no benchmark '{target}': the one benchmark is `nimforge bench selector`"));
    }
    let shard = shard.map(Shard::parse).transpose()?.unwrap_or(Shard::ALL);
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let engines = if engines.is_empty() { vec![Engine::Bitsim, Engine::Verilator, Engine::Icarus, Engine::Rtl] } else { engines.to_vec() };
    let options = Options {
        piles,
        bits,
        shard,
        engines,
        verilator_sample: samples.0,
        icarus_sample: samples.1,
        rtl_sample: samples.2,
        jobs,
        root: root.to_path_buf(),
    };
    let runs = selector::run(&options)?;
    if json {
        for r in &runs {
            println!("{}", serde_json::to_string(r).expect("serialises"));
        }
    } else {
        print_table(&runs, piles, bits, jobs);
    }
    Ok(if runs.iter().any(|r| r.mismatches > 0) { 1 } else { 0 })
}

fn print_table(runs: &[EngineRun], piles: usize, bits: usize, jobs: usize) {
    println!("selector {piles}x{bits} on {jobs} cores, every output checked against oracle::selector");
    println!("{:<10} {:>14} {:>9} {:>16} {:>10}  vectors", "engine", "vectors", "seconds", "vectors/second", "mismatches");
    let fastest = runs.iter().find(|r| r.engine == "bitsim").map(|r| r.vectors_per_second);
    for r in runs {
        let times = match fastest {
            Some(f) if r.engine != "bitsim" && r.vectors_per_second > 0.0 => format!(" (bitsim {:.1}x)", f / r.vectors_per_second),
            _ => String::new(),
        };
        println!(
            "{:<10} {:>14} {:>9.2} {:>16.0} {:>10}  {}{times}",
            r.engine, r.vectors, r.seconds, r.vectors_per_second, r.mismatches, r.coverage
        );
        if let Some(m) = &r.first_mismatch {
            println!("           first mismatch: {m}");
        }
    }
}
