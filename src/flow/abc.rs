//! ABC (yosys's copy, `yosys-abc`): `dprove` on a miter written by yosys
//! ([`super::yosys::miter_aiger`]): bounded model checking from power-on,
//! then induction, so the miter's output is 0 in every cycle of every
//! input sequence, or a counterexample.

use super::{Tool, ToolError};
use std::path::Path;

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
        let what = if out.contains("not equivalent") { "ABC found the two differ" } else { "ABC reached no verdict" };
        Err(ToolError::Failed { tool: ABC, what: what.into(), output: out })
    }
}
