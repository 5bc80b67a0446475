//! ABC (yosys's copy, `yosys-abc`): `dprove` on a miter written by yosys
//! ([`super::yosys::miter_aiger`]): bounded model checking from power-on,
//! then induction, so the miter's output is 0 in every cycle of every
//! input sequence, or a counterexample.

use super::{Tool, ToolError};
use std::path::Path;

/// ABC as yosys ships it (`yosys-abc`).
pub const ABC: Tool = Tool { program: "yosys-abc", package: "yosys" };

/// Proves every output of the AIGER miter `aig` constant 0; the seconds
/// ABC took. A refutation or anything else is `ToolError::Failed` with
/// ABC's output.
pub fn dprove(aig: &Path, dir: &Path) -> Result<f64, ToolError> {
    let t0 = std::time::Instant::now();
    let script = format!("read {}; print_stats; dprove", aig.display());
    let out = ABC.run(&["-c", &script], dir, "proving the miter with ABC dprove")?;
    let seconds = t0.elapsed().as_secs_f64();
    if out.contains("Networks are equivalent") {
        Ok(seconds)
    } else {
        Err(ToolError::Failed { tool: ABC, what: verdict_failed(&out).into(), output: out })
    }
}

/// Why a proof did not succeed, from ABC's output.
fn verdict_failed(out: &str) -> &'static str {
    let upper = out.to_uppercase();
    if upper.contains("NOT EQUIVALENT") || out.lines().any(|l| l.trim_start().starts_with("SATISFIABLE")) {
        "ABC found the two differ"
    } else {
        "ABC reached no verdict"
    }
}

/// Proves every output of the AIGER miter `aig` constant 0 as
/// [`dprove`] does, after merging the registers that correspond by
/// signal correspondence with 2-step induction (`scorr -F 2`: sound, from
/// the registers' initial values): on the large board wrappers `dprove`
/// alone can stop undecided where this reduces the miter to nothing and
/// leaves a combinational check. The seconds ABC took.
pub fn prove_miter(aig: &Path, dir: &Path) -> Result<f64, ToolError> {
    let t0 = std::time::Instant::now();
    let script = format!("read {}; print_stats; scorr -F 2; print_stats; dprove", aig.display());
    let out = ABC.run(&["-c", &script], dir, "proving the miter with ABC (scorr -F 2, dprove)")?;
    let seconds = t0.elapsed().as_secs_f64();
    let closed = out.contains("Networks are equivalent")
        || (out.contains("Running CEC") && out.lines().any(|l| l.trim_start().starts_with("UNSATISFIABLE")));
    if closed {
        Ok(seconds)
    } else {
        Err(ToolError::Failed { tool: ABC, what: verdict_failed(&out).into(), output: out })
    }
}
