//! `nimforge replay-mismatch REPORT.json [--level L] [--vcd FILE]`: the
//! first mismatch of a `verify --json` report run again on one of the
//! machines ([`nimforge_verify::replay`]).

use nimforge_verify::report::Replay;
use std::path::{Path, PathBuf};

/// The first replay in the report's JSON lines.
pub fn first_replay(report: &Path) -> Result<Replay, crate::Error> {
    let text = std::fs::read_to_string(report).map_err(|e| format!("cannot read {}: {e}", report.display()))?;
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let value: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("line {} of {} is not JSON ({e}): give the output of nimforge verify ... --json", n + 1, report.display()))?;
        if let Some(r) = value.get("replay") {
            return serde_json::from_value(r.clone())
                .map_err(|e| format!("line {} of {}: its replay is not one nimforge wrote ({e})", n + 1, report.display()).into());
        }
    }
    Err(format!("{} holds no mismatch to replay: give the JSON lines of a nimforge verify ... --json run that mismatched", report.display()).into())
}

/// Runs it again; 1 when the mismatch shows again, 0 when that level passes.
pub fn run(report: &Path, level: Option<&str>, vcd: Option<&Path>, root: &Path) -> Result<i32, crate::Error> {
    let replay = first_replay(report)?;
    let entry = crate::machines::find(&replay.machine).map_err(|_| {
        format!(
            "the report's machine '{}' is not one of nimforge's ({}): replay a design of your own with nimforge_verify::replay::run",
            replay.machine,
            crate::machines::names().join(", ")
        )
    })?;
    let level = level.unwrap_or(&replay.level);
    let short = nimforge_verify::replay::level_of(level)?.name();
    let vcd: PathBuf = vcd.map(Path::to_path_buf).unwrap_or_else(|| root.join("build").join("replay").join(format!("{}-{short}.vcd", replay.machine)));
    let r = (entry.mismatch)(root, &replay, &short, &vcd)?;
    println!(
        "{}: {} presses from power-on (the first mismatch of {} at cycle {} of its plan), run again at {}",
        replay.machine,
        replay.presses.len(),
        replay.level,
        replay.cycle,
        r.level
    );
    match &r.first_mismatch {
        Some(m) => println!("mismatched: {m}"),
        None => println!("passed: every output as the oracle's at this level"),
    }
    println!("VCD: {}", vcd.display());
    Ok(if r.bad() { 1 } else { 0 })
}
