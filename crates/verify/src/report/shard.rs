//! One check split over many machines and put back together: `--shard I/N`
//! runs slice I of N of a check's work (a plan's pieces, a deep run's
//! chunks, a selector's positions), each shard's report says what it
//! covered and of what ([`ShardInfo`], with a fingerprint of the design's
//! Verilog, the plan and the tools the netlists are made with), and
//! [`merge`](super::merge) refuses any set of reports that does not cover the work
//! exactly once (a shard missing, one twice, two that overlap, one of
//! another design, one cut short) before it adds them up into the rows an
//! unsharded run prints.
//!
//! `I` may be `auto`: the scheduler's own index, `SLURM_ARRAY_TASK_ID`
//! (a Slurm job array) or `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job).

use crate::Error;
use std::ops::Range;

/// One slice of a space: slice `index` (0-based) of `count` nearly equal,
/// consecutive slices; slices 0..count cover the space exactly once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, below `count`.
    pub index: u64,
    /// How many slices (at least 1).
    pub count: u64,
}

/// The environment variables `auto` takes a shard's index from, in order.
pub const SCHEDULER_INDEX: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

impl Shard {
    /// The whole space: slice 0 of 1.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Parses `I/N` with 0 <= I < N, or `auto/N` with I from the scheduler
    /// ([`SCHEDULER_INDEX`]).
    pub fn parse(text: &str) -> Result<Shard, Error> {
        Shard::parse_with(text, |name| std::env::var(name).ok())
    }

    /// [`Shard::parse`] with the environment given.
    pub fn parse_with(text: &str, env: impl Fn(&str) -> Option<String>) -> Result<Shard, Error> {
        let bad = || {
            Error::Input(format!(
                "--shard '{text}' is not I/N: give a slice number I from 0 to N-1 (or auto, from the scheduler) and the number of slices N, e.g. 0/4"
            ))
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        let index: u64 = if i.trim() == "auto" {
            let (name, value) = SCHEDULER_INDEX.iter().find_map(|v| env(v).map(|x| (*v, x))).ok_or_else(|| {
                Error::Input(format!(
                    "--shard auto/{count}: neither {} is set; run it as a task of a job array, or give the index, e.g. 0/{count}",
                    SCHEDULER_INDEX.join(" nor ")
                ))
            })?;
            let number =
                |name: &str, value: &str| value.trim().parse::<u64>().map_err(|_| Error::Input(format!("--shard auto: {name} is '{value}', not a number")));
            let id = number(name, &value)?;
            // A Slurm array need not start at 0 (--array=1-8): count from its first task.
            match (name, env("SLURM_ARRAY_TASK_MIN")) {
                ("SLURM_ARRAY_TASK_ID", Some(min)) => id.checked_sub(number("SLURM_ARRAY_TASK_MIN", &min)?).unwrap_or(id),
                _ => id,
            }
        } else {
            i.trim().parse().map_err(|_| bad())?
        };
        if count == 0 || index >= count {
            return Err(Error::Input(format!("--shard {index}/{count}: the index must be below the number of slices, from 0 to {}", count.max(1) - 1)));
        }
        Ok(Shard { index, count })
    }

    /// Where this shard works inside `dir`, a check's work directory: `dir`
    /// itself for the whole, else `dir/shard-I-of-N`, so that shards of one
    /// run on one node or a shared file system never write each other's files.
    pub fn room(&self, dir: &std::path::Path) -> std::path::PathBuf {
        match *self {
            Shard::ALL => dir.to_path_buf(),
            s => dir.join(format!("shard-{}-of-{}", s.index, s.count)),
        }
    }

    /// This slice of `0..units`: units * I / N up to units * (I + 1) / N.
    pub fn range(&self, units: u64) -> Range<u64> {
        let at = |i: u64| (units as u128 * i as u128 / self.count as u128) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// [`Shard::range`] of a count of `usize` things.
    pub fn range_of(&self, units: usize) -> Range<usize> {
        let r = self.range(units as u64);
        r.start as usize..r.end as usize
    }
}

/// What one shard's row covered, in its report.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShardInfo {
    /// Which slice.
    pub index: u64,
    /// Of how many.
    pub count: u64,
    /// What was sliced: `pieces` of a plan, `chunks` of a deep run,
    /// `positions` of a selector.
    pub units: String,
    /// The first unit it covered.
    pub start: u64,
    /// One past the last.
    pub end: u64,
    /// How many units the whole space holds.
    pub total: u64,
    /// What was checked: the design's Verilog, the plan and the tools, from
    /// which the netlists follow ([`Fingerprint`]); every shard of a check
    /// must have the same.
    pub fingerprint: String,
}

impl ShardInfo {
    /// Shard `shard` of `total` `units`, of what `fingerprint` names.
    pub fn of(shard: Shard, units: &str, total: u64, fingerprint: String) -> ShardInfo {
        let r = shard.range(total);
        ShardInfo { index: shard.index, count: shard.count, units: units.to_string(), start: r.start, end: r.end, total, fingerprint }
    }
}

/// A fingerprint of what a check checked: FNV-1a (64 bits) over its parts
/// (the design's Verilog, the netlist's bytes, the plan's letters, the
/// tools' versions), each part's length first so that no two lists of
/// parts run together.
#[derive(Clone, Copy, Debug)]
pub struct Fingerprint(u64);

impl Default for Fingerprint {
    fn default() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
}

impl Fingerprint {
    fn eat(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    /// Adds a part made of bytes.
    pub fn bytes(mut self, part: &[u8]) -> Fingerprint {
        self.eat(&(part.len() as u64).to_le_bytes());
        self.eat(part);
        self
    }
    /// Adds a part made of numbers (a plan's letters), a word at a time.
    pub fn words(mut self, part: &[usize]) -> Fingerprint {
        self.eat(&(part.len() as u64).to_le_bytes());
        for &w in part {
            self.0 ^= w as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        self
    }
    /// As the reports write it.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

/// The last line of a shard's report (`verify --shard ... --json`): the
/// report ended, with this many rows. A report without it was cut short.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct ShardEnd {
    /// Which slice.
    pub index: u64,
    /// Of how many.
    pub count: u64,
    /// The rows before it.
    pub rows: usize,
}

/// The JSON line that ends a shard's report.
pub fn end_line(shard: Shard, rows: usize) -> String {
    serde_json::json!({ "shard_end": ShardEnd { index: shard.index, count: shard.count, rows } }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn shard_syntax_and_auto() {
        let none = |_: &str| None;
        assert_eq!(Shard::parse_with("2/8", none).ok(), Some(Shard { index: 2, count: 8 }));
        for bad in ["", "2", "8/8", "x/2", "1/0", "-1/3", "1/2/3"] {
            assert!(Shard::parse_with(bad, none).is_err(), "{bad}");
        }
        let slurm = |v: &str| (v == "SLURM_ARRAY_TASK_ID").then(|| "3".to_string());
        assert_eq!(Shard::parse_with("auto/4", slurm).ok(), Some(Shard { index: 3, count: 4 }));
        let k8s = |v: &str| (v == "JOB_COMPLETION_INDEX").then(|| "1".to_string());
        assert_eq!(Shard::parse_with("auto/2", k8s).ok(), Some(Shard { index: 1, count: 2 }));
        assert!(Shard::parse_with("auto/4", none).unwrap_err().to_string().contains("SLURM_ARRAY_TASK_ID"));
        assert!(Shard::parse_with("auto/3", slurm).unwrap_err().to_string().contains("below"));
        let from_one = |v: &str| match v {
            "SLURM_ARRAY_TASK_ID" => Some("4".to_string()),
            "SLURM_ARRAY_TASK_MIN" => Some("1".to_string()),
            _ => None,
        };
        assert_eq!(Shard::parse_with("auto/4", from_one).ok(), Some(Shard { index: 3, count: 4 }));
    }
}
