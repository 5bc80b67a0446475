//! What the check's fuzzer asks of yosys (issue 59): a design written again
//! (`templates/rewrite.ys.j2`, an equal pair) and the anchor's miter for
//! ABC (`templates/anchor_aig.ys.j2`: two files, every register at 0 and
//! every undriven net at 0 before any optimisation), made apart from the
//! check's own scripts so that the ground truth shares none of them. The
//! check uses the rewrite only to say why a difference does not replay on
//! the files (`check::certify`: a file that simulates otherwise than yosys
//! reads it), never for a verdict.

use super::{reads, run_script};
use crate::flow::ToolError;
use crate::sources::Sources;
use askama::Template;
use std::path::{Path, PathBuf};

#[derive(Template)]
#[template(path = "rewrite.ys.j2", escape = "none")]
struct RewriteScript<'a> {
    reads: Vec<String>,
    top: &'a str,
    gates: bool,
    out: &'a str,
}

#[derive(Template)]
#[template(path = "anchor_aig.ys.j2", escape = "none")]
struct AnchorScript<'a> {
    a: Vec<String>,
    b: Vec<String>,
    top: &'a str,
    steps: bool,
}

/// Module `top` of `sources` (a file, or a design's files with their
/// include directories and defines) written again by yosys as one file
/// `out`, flattened and optimised (with `gates`, mapped to yosys's generic
/// gates and its internal names hidden), its latches written
/// `always_latch` ([`latches_run_at_power_on`]), the script and log in
/// `dir`: the design as yosys reads it, for Icarus to run.
pub fn rewrite(sources: &Sources, top: &str, gates: bool, out: &Path, dir: &Path) -> Result<(), ToolError> {
    let out = std::path::absolute(out).map_err(|error| ToolError::Io { what: format!("writing {}", out.display()), error })?;
    let script = RewriteScript { reads: reads(sources, top)?, top, gates, out: &out.to_string_lossy() };
    run_script(&script, "rewrite", dir, &format!("writing {top} again"), None)?;
    let text = crate::files::read_to_string(&out)?;
    Ok(crate::files::save(&out, latches_run_at_power_on(&text))?)
}

/// yosys's latches (`always @*` over an `if`) written `always_latch`, the
/// same latch that Icarus also runs once at power-on. Icarus runs an
/// `always @*` only when a signal it reads changes: a latch open from
/// step 0 whose value yosys made a constant, or a net that never changes,
/// would hold its power-on 0 in Icarus where yosys (and the check) has it
/// follow its value, and Icarus would see a difference the design as
/// yosys reads it does not have (the fuzzer's seeds 423, 605, 1699, 1710).
/// Text without a latch is left as it is.
pub fn latches_run_at_power_on(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::with_capacity(text.len() + 16);
    for (k, line) in lines.iter().enumerate() {
        let latch = line.trim() == "always @*" && lines.get(k + 1).is_some_and(|next| next.trim_start().starts_with("if ("));
        out += &if latch { line.replace("always @*", "always_latch") } else { line.to_string() };
        out.push('\n');
    }
    out
}

/// The anchor's miter of module `top` in the designs `a` and `b` (each a
/// file or a design's files): `dir/anchor.aig`, for ABC's dprove
/// ([`crate::flow::abc::dprove`]); stopped at `by` where one is given.
/// Time is in steps (`clk2fflogic`: each clock an input) unless every
/// register of both is on the rising edge of one and the same clock, with
/// no latch and no asynchronous reset or load, where cycles of that clock
/// ask the same question and ABC answers it in fewer frames.
pub fn miter(a: &Sources, b: &Sources, top: &str, dir: &Path, by: Option<std::time::Instant>) -> Result<PathBuf, ToolError> {
    let holds = |s: &Sources, side: &str| -> Result<super::Holds, ToolError> {
        let at = dir.join(format!("anchor_{side}"));
        std::fs::create_dir_all(&at).map_err(|error| ToolError::Io { what: format!("creating {}", at.display()), error })?;
        Ok(super::module_by(s.clone(), top, &at, by)?.1)
    };
    let (ha, hb) = (holds(a, "a")?, holds(b, "b")?);
    let one_rising = |h: &super::Holds| h.latches.is_empty() && h.asynchronous.is_empty() && h.clocks.iter().all(|(_, rising)| *rising);
    let mut clocks: Vec<&String> = ha.clocks.iter().chain(&hb.clocks).map(|(c, _)| c).collect();
    clocks.sort();
    clocks.dedup();
    let steps = !(one_rising(&ha) && one_rising(&hb) && clocks.len() <= 1);
    run_script(&AnchorScript { a: reads(a, top)?, b: reads(b, top)?, top, steps }, "anchor", dir, &format!("writing the anchor's miter of {top}"), by)?;
    Ok(dir.join("anchor.aig"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_yosys_latches_become_always_latch() {
        let text = "module t(le, d, q);\n  always @*\n    if (le) q = 1'h1;\n  always @*\n    case (d)\n    endcase\n  always @(posedge le)\n    q2 <= d;\nendmodule\n";
        let out = super::latches_run_at_power_on(text);
        assert_eq!(out, text.replacen("always @*\n    if", "always_latch\n    if", 1));
        let plain = "module t(a, y);\n  assign y = a;\nendmodule\n";
        assert_eq!(super::latches_run_at_power_on(plain), plain);
    }
}
