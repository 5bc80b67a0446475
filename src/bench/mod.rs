//! Benchmarks: how fast each engine checks a design against its oracle
//! (issue 7). Measured and reported, never asserted: `nimforge bench`.
//!
//! - `selector`: every position of the N x W Nim selector through the
//!   netlist simulator (`bitsim`, all of the space or one shard of it), and
//!   the same Verilog in Verilator, Icarus and the rust-hdl simulation on an
//!   evenly spread sample, each output checked by the same oracle.
//! - a machine (`machine`): its whole verification plan at `netlist/bitsim`
//!   in lanes against Verilator on the same plan.

pub mod machine;
pub mod selector;

pub use nimforge_verify::report::Shard;

/// What one engine did.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct EngineRun {
    /// The engine's name as reported: `bitsim`, `interpreter`, `verilator`, ...
    pub engine: String,
    /// Vectors (positions) checked against the oracle.
    pub vectors: u64,
    /// Wall-clock time of the run, in seconds.
    pub seconds: f64,
    /// `vectors / seconds` (0 when no time was measured).
    pub vectors_per_second: f64,
    /// Vectors whose outputs differed from the oracle's.
    pub mismatches: u64,
    /// Which vectors: the whole slice, or a sample of it.
    pub coverage: String,
    /// The first mismatch (lowest position or cycle), described; `None` when every vector matched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_mismatch: Option<String>,
    /// The slice of the space this run covered, in a sharded run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<nimforge_verify::report::ShardInfo>,
}

impl EngineRun {
    /// A run of `vectors` vectors in `seconds`, with the rate computed from the two.
    pub fn new(engine: &str, vectors: u64, seconds: f64, mismatches: u64, coverage: String, first_mismatch: Option<String>) -> EngineRun {
        EngineRun {
            engine: engine.into(),
            vectors,
            seconds,
            vectors_per_second: if seconds > 0.0 { vectors as f64 / seconds } else { 0.0 },
            mismatches,
            coverage,
            first_mismatch,
            shard: None,
        }
    }
}

/// Shards' benchmark rows merged, per engine: the shards checked to cover
/// the space exactly once ([`nimforge_verify::report::check_cover`]), the
/// vectors and mismatches summed, the time the longest shard's (the shards
/// ran side by side), the first mismatch the lowest shard's.
pub fn merge(reports: &[nimforge_verify::report::ShardReport]) -> Result<Vec<EngineRun>, crate::Error> {
    let mut groups: Vec<(String, Vec<(String, EngineRun)>)> = Vec::new();
    for r in reports {
        for row in &r.rows {
            let run: EngineRun = serde_json::from_value(row.clone()).map_err(|e| format!("{}: a row is not a benchmark's ({e})", r.file))?;
            match groups.iter_mut().find(|(e, _)| *e == run.engine) {
                Some((_, runs)) => runs.push((r.file.clone(), run)),
                None => groups.push((run.engine.clone(), vec![(r.file.clone(), run)])),
            }
        }
    }
    let mut merged = Vec::new();
    for (engine, mut runs) in groups {
        let parts: Vec<(String, nimforge_verify::report::ShardInfo)> = runs
            .iter()
            .map(|(f, r)| {
                r.shard
                    .clone()
                    .map(|s| (f.clone(), s))
                    .ok_or_else(|| format!("bench {engine}: {f} has a row with no shard (a sampled engine's: give --engine bitsim)"))
            })
            .collect::<Result<_, _>>()?;
        nimforge_verify::report::check_cover(&format!("bench {engine}"), &parts)?;
        runs.sort_by_key(|(_, r)| r.shard.as_ref().map_or(0, |s| s.index));
        let total = parts[0].1.total;
        let vectors = runs.iter().map(|(_, r)| r.vectors).sum();
        let seconds = runs.iter().map(|(_, r)| r.seconds).fold(0.0, f64::max);
        let mismatches = runs.iter().map(|(_, r)| r.mismatches).sum();
        let first = runs.iter().find_map(|(_, r)| r.first_mismatch.clone());
        let coverage = format!("{} shards of {total} positions merged (seconds: the longest shard's)", runs.len());
        merged.push(EngineRun::new(&engine, vectors, seconds, mismatches, coverage, first));
    }
    Ok(merged)
}
