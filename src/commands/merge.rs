//! `nimforge merge REPORT...`: the `--json` reports of a check's shards
//! (`verify --shard I/N`, `bench selector --shard I/N`) checked to cover the
//! work exactly once and added up into the table an unsharded run prints
//! ([`nimforge_verify::report`]).

use crate::bench::EngineRun;
use nimforge_verify::report::{merge, read_shard, ShardReport};
use std::path::PathBuf;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The reports, one per shard.
    #[arg(required = true)]
    reports: Vec<PathBuf>,
    /// The merged rows as JSON lines.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    ci: super::ci::CiArgs,
}

/// Reads, checks and adds up; 1 when a merged row mismatched or failed.
pub fn run(args: &Args, process: &super::Process) -> Result<i32, crate::Error> {
    let (json, ci) = (args.json, &args.ci.out(process.github_actions));
    ci.ready()?;
    let mut levels: Vec<ShardReport> = Vec::new();
    let mut benches: Vec<ShardReport> = Vec::new();
    for f in &args.reports {
        let name = f.display().to_string();
        let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read {name}: {e}"))?;
        let report = read_shard(&name, &text)?;
        // A report holds a check's rows (`level`) or a benchmark's (`engine`).
        let (bench, level): (Vec<_>, Vec<_>) = report.rows.into_iter().partition(|r| r.get("engine").is_some());
        if !level.is_empty() {
            levels.push(ShardReport { file: name.clone(), rows: level });
        }
        if !bench.is_empty() {
            benches.push(ShardReport { file: name, rows: bench });
        }
    }
    let rows = if levels.is_empty() { vec![] } else { merge(&levels)? };
    let runs = if benches.is_empty() { vec![] } else { crate::bench::merge(&benches)? };
    if json {
        rows.iter().for_each(super::print_json);
        runs.iter().for_each(super::print_json);
    } else {
        if !rows.is_empty() {
            println!("{}", nimforge_verify::report::table(&rows));
        }
        if !runs.is_empty() {
            println!("merged from {} shard reports", benches.len());
            super::bench::print_runs(&runs);
        }
    }
    // The merged rows as verify's would be (the benchmarks' runs are no tests).
    ci.junit("nimforge merge", &nimforge_verify::ci::junit::of_levels(&rows, &[]))?;
    let bad = rows.iter().any(|r| r.bad()) || runs.iter().any(|r: &EngineRun| r.mismatches > 0);
    Ok(if bad { 1 } else { 0 })
}
