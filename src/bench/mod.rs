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

use std::ops::Range;

/// One slice of a space: `--shard I/N` is slice I (0-based) of N nearly
/// equal, consecutive slices; slices 0..N cover the space exactly once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, 0-based: below `count`.
    pub index: u64,
    /// How many slices the space is cut into (N >= 1).
    pub count: u64,
}

impl Shard {
    /// The whole space: slice 0 of 1.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Parses "I/N" with 0 <= I < N.
    pub fn parse(text: &str) -> Result<Shard, crate::Error> {
        let bad = || format!("--shard '{text}' is not I/N: give a slice number I from 0 to N-1 and the number of slices N, e.g. 0/4");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad().into());
        }
        Ok(Shard { index, count })
    }

    /// This slice of `0..units`: units * I / N up to units * (I + 1) / N.
    pub fn range(&self, units: u64) -> Range<u64> {
        let at = |i: u64| (units as u128 * i as u128 / self.count as u128) as u64;
        at(self.index)..at(self.index + 1)
    }
}

/// What one engine did.
#[derive(Clone, Debug, serde::Serialize)]
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_mismatch: Option<String>,
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    /// Slices 0..N of a space are consecutive, start at 0, end at its size
    /// and differ in size by at most one: every unit in exactly one slice.
    #[test]
    fn shards_cover_the_space_exactly_once() {
        for units in [0u64, 1, 2, 7, 64, 1000, 1 << 24, (1 << 24) + 3, u64::MAX / 3] {
            for count in [1u64, 2, 3, 5, 7, 16, 100, 1000] {
                let mut next = 0;
                let (mut least, mut most) = (u64::MAX, 0);
                for index in 0..count {
                    let r = Shard { index, count }.range(units);
                    assert_eq!(r.start, next, "{units} units, slice {index}/{count}");
                    next = r.end;
                    least = least.min(r.end - r.start);
                    most = most.max(r.end - r.start);
                }
                assert_eq!(next, units, "{units} units in {count} slices");
                assert!(most - least <= 1);
            }
        }
    }

    #[test]
    fn shard_syntax() {
        assert_eq!(Shard::parse("2/8"), Ok(Shard { index: 2, count: 8 }));
        for bad in ["8/8", "1", "a/2", "1/0", "-1/4", "1/2/3"] {
            assert!(Shard::parse(bad).unwrap_err().to_string().contains("is not I/N"), "{bad}");
        }
    }
}
