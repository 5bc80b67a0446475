//! Shards' reports put back together (`nimforge merge`): read
//! ([`read_shard`]), checked to cover their work exactly once ([`check_cover`]),
//! and added up into the rows an unsharded run prints ([`merge`]).

use super::shard::{ShardEnd, ShardInfo};
use crate::{Error, LevelReport, Status};

/// A report that is not what it should be, naming its file.
fn malformed(file: &str, what: String) -> Error {
    Error::Malformed { file: file.into(), what: format!("{file}: {what}") }
}

/// One shard's report read back: its file's name, its rows (as JSON), and
/// its end.
pub struct ShardReport {
    /// The file it came from, for the messages.
    pub file: String,
    /// Its rows, each a JSON object with a `shard` field.
    pub rows: Vec<serde_json::Value>,
}

/// Reads a shard's report: JSON lines ending in its [`end_line`](super::end_line). Refused
/// with one line: a line that is not JSON, a row without `shard` (not a
/// shard's report), a report cut short (no end line, or fewer rows than it
/// says).
pub fn read_shard(file: &str, text: &str) -> Result<ShardReport, Error> {
    let mut rows = Vec::new();
    let mut end: Option<ShardEnd> = None;
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let value: serde_json::Value = serde_json::from_str(line).map_err(|e| {
            malformed(file, format!("line {} is not JSON ({e}); the report was cut short or is not one nimforge wrote: run the shard again", n + 1))
        })?;
        if let Some(e) = value.get("shard_end") {
            end =
                Some(serde_json::from_value(e.clone()).map_err(|e| malformed(file, format!("line {}: its end line is not one nimforge wrote ({e})", n + 1)))?);
            continue;
        }
        if end.is_some() {
            return Err(malformed(file, format!("line {} comes after the report's end line: two reports run together?", n + 1)));
        }
        if value.get("shard").is_none() {
            return Err(malformed(file, format!("line {} is no shard's row: give the reports of runs with --shard I/N --json", n + 1)));
        }
        rows.push(value);
    }
    match end {
        None => Err(malformed(file, "the report was cut short (it has no end line: the shard did not finish); run that shard again".into())),
        Some(e) if e.rows != rows.len() => {
            Err(malformed(file, format!("the report was cut short: it holds {} of its {} rows; run that shard again", rows.len(), e.rows)))
        }
        Some(_) => Ok(ShardReport { file: file.to_string(), rows }),
    }
}

/// Checks that the shards of one check (`what`: the machine and level)
/// cover its space exactly once: every index of `0..count` once, the same
/// count, units, total and fingerprint, the ranges back to back from 0 to
/// the total. `parts`: each shard's file and info. One line on the first
/// fault found.
pub fn check_cover(what: &str, parts: &[(String, ShardInfo)]) -> Result<(), Error> {
    let Some((file0, first)) = parts.first() else {
        return Err(Error::Input(format!("{what}: no shard's report")));
    };
    for (file, s) in parts {
        if (s.count, &s.units, s.total) != (first.count, &first.units, first.total) {
            return Err(Error::Input(format!(
                "{what}: {file} is shard {} of {} over {} {}, {file0} shard {} of {} over {} {}: shards of different splits",
                s.index, s.count, s.total, s.units, first.index, first.count, first.total, first.units
            )));
        }
        if s.fingerprint != first.fingerprint {
            return Err(Error::Input(format!(
                "{what}: shard {} ({file}) checked something else than shard {} ({file0}): fingerprint {} against {}; run every shard from the same checkout and tools",
                s.index, first.index, s.fingerprint, first.fingerprint
            )));
        }
        if s.start > s.end || s.end > s.total {
            return Err(Error::Input(format!("{what}: shard {} ({file}) covers {}..{} of {}: not a slice of the space", s.index, s.start, s.end, s.total)));
        }
    }
    let mut by_index: Vec<Option<&(String, ShardInfo)>> = vec![None; first.count as usize];
    for p in parts {
        let at = p.1.index as usize;
        if at >= by_index.len() {
            return Err(Error::Input(format!("{what}: {} is shard {} of {}: past the last", p.0, p.1.index, p.1.count)));
        }
        if let Some(other) = by_index[at] {
            return Err(Error::Input(format!("{what}: shard {} of {} is there twice ({} and {}): give each once", at, first.count, other.0, p.0)));
        }
        by_index[at] = Some(p);
    }
    if let Some(missing) = by_index.iter().position(Option::is_none) {
        return Err(Error::Input(format!("{what}: shard {missing} of {} is missing (no report holds it): run it and merge again", first.count)));
    }
    let mut at = 0;
    for p in by_index.into_iter().flatten() {
        let s = &p.1;
        if s.start != at {
            let how = if s.start < at { "overlaps the shard before it" } else { "leaves a gap after the shard before it" };
            return Err(Error::Input(format!("{what}: shard {} ({}) covers {} {}..{}, which {how} (ending at {at})", s.index, p.0, s.units, s.start, s.end)));
        }
        at = s.end;
    }
    if at != first.total {
        return Err(Error::Input(format!("{what}: the shards end at {at} of {} {}", first.total, first.units)));
    }
    Ok(())
}

/// The rows of verify shards' reports merged: for each machine and level,
/// the shards checked to cover its work exactly once ([`check_cover`]),
/// then added up: vectors and mismatches summed, the first mismatch the
/// lowest shard's, the status the worst, the seconds the longest shard's.
/// The rows come out in the order of their first appearance.
pub fn merge(reports: &[ShardReport]) -> Result<Vec<LevelReport>, Error> {
    let mut groups: Vec<((String, crate::Stage), Vec<(String, LevelReport)>)> = Vec::new();
    for r in reports {
        for row in &r.rows {
            let level: LevelReport = serde_json::from_value(row.clone()).map_err(|e| malformed(&r.file, format!("a row is not a level's report ({e})")))?;
            let key = (level.machine.clone(), level.level.clone());
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, rows)) => rows.push((r.file.clone(), level)),
                None => groups.push((key, vec![(r.file.clone(), level)])),
            }
        }
    }
    let mut merged = Vec::new();
    for ((machine, level), mut rows) in groups {
        let what = format!("{machine} {level}");
        let parts: Vec<(String, ShardInfo)> = rows
            .iter()
            .map(|(f, r)| r.shard.clone().map(|s| (f.clone(), s)).ok_or_else(|| Error::Input(format!("{what}: {f} has a row with no shard"))))
            .collect::<Result<_, _>>()?;
        check_cover(&what, &parts)?;
        rows.sort_by_key(|(_, r)| r.shard.as_ref().map_or(0, |s| s.index));
        let first = rows[0].1.clone();
        let total = first.shard.as_ref().map_or(0, |s| s.total);
        let units = first.shard.as_ref().map_or(String::new(), |s| s.units.clone());
        let worst = |a: Status, b: Status| {
            let rank = |s: Status| match s {
                Status::Failed => 4,
                Status::Mismatched => 3,
                Status::Skipped => 2,
                Status::Passed => 1,
                Status::NotApplicable => 0,
            };
            if rank(b) > rank(a) {
                b
            } else {
                a
            }
        };
        let mut out = LevelReport { shard: None, replay: None, first_mismatch: None, error: None, ..first.clone() };
        out.vectors = rows.iter().map(|(_, r)| r.vectors).sum();
        out.mismatches = rows.iter().map(|(_, r)| r.mismatches).sum();
        out.status = rows.iter().map(|(_, r)| r.status).fold(Status::NotApplicable, worst);
        out.seconds = rows.iter().map(|(_, r)| r.seconds).fold(0.0, f64::max);
        out.lanes = rows.iter().map(|(_, r)| r.lanes).sum();
        if let Some((_, r)) = rows.iter().find(|(_, r)| r.first_mismatch.is_some() || r.error.is_some()) {
            out.first_mismatch = r.first_mismatch.clone();
            out.error = r.error.clone();
            out.replay = r.replay.clone();
        }
        out.coverage = format!("{} shards of {total} {units} merged; shard 0: {}", rows.len(), first.coverage);
        merged.push(out);
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::super::shard::{end_line, Shard, ShardInfo};
    use super::*;

    fn info(index: u64, count: u64, total: u64, fp: &str) -> ShardInfo {
        ShardInfo::of(Shard { index, count }, "pieces", total, fp.to_string())
    }

    /// Every broken set of shards is refused with one line naming the fault.
    #[test]
    fn a_cover_that_is_not_exact_is_refused() {
        let whole: Vec<(String, ShardInfo)> = (0..4).map(|i| (format!("s{i}.json"), info(i, 4, 100, "ab"))).collect();
        check_cover("m l", &whole).unwrap();
        let refused = |parts: Vec<(String, ShardInfo)>, says: &str| {
            let e = check_cover("m l", &parts).unwrap_err().to_string();
            assert!(e.contains(says) && !e.contains('\n'), "{e}");
        };
        refused(whole[..3].to_vec(), "shard 3 of 4 is missing");
        refused([whole.clone(), vec![whole[1].clone()]].concat(), "shard 1 of 4 is there twice");
        let mut other = whole.clone();
        other[2].1.fingerprint = "cd".into();
        refused(other, "fingerprint cd against ab");
        let mut overlap = whole.clone();
        overlap[2].1.start -= 5;
        refused(overlap, "overlaps the shard before it");
        let mut split = whole.clone();
        split[1].1 = info(1, 5, 100, "ab");
        refused(split, "shards of different splits");
    }

    #[test]
    fn a_report_cut_short_is_refused() {
        let row = r#"{"machine":"m","level":"netlist/bitsim","status":"passed","vectors":5,"lanes":1,"mismatches":0,"seconds":0.1,"skipped":null,"coverage":"c","shard":{"index":0,"count":2,"units":"pieces","start":0,"end":3,"total":6,"fingerprint":"ab"}}"#;
        let end = end_line(Shard { index: 0, count: 2 }, 1);
        assert_eq!(read_shard("a", &format!("{row}\n{end}\n")).unwrap().rows.len(), 1);
        for (text, says) in [
            (row.to_string(), "cut short (it has no end line"),
            (end_line(Shard { index: 0, count: 2 }, 2) + "\n", "holds 0 of its 2 rows"),
            (format!("{row}\n{{\"machine\": "), "is not JSON"),
            ("{\"machine\":\"m\"}\n".to_string() + &end, "no shard's row"),
        ] {
            let e = read_shard("a", &text).map(|_| ()).unwrap_err().to_string();
            assert!(e.contains(says), "{e}");
        }
    }
}
