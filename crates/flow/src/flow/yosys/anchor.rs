//! What the check's fuzzer asks of yosys (issue 59): a design written again
//! (`templates/rewrite.ys.j2`, an equal pair) and the anchor's miter for
//! ABC (`templates/anchor_aig.ys.j2`: two files, every register at 0 and
//! every undriven net at 0 before any optimisation), made apart from the
//! check's own scripts so that the ground truth shares none of them.

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
/// gates and its internal names hidden), the script and log in `dir`.
pub fn rewrite(sources: &Sources, top: &str, gates: bool, out: &Path, dir: &Path) -> Result<(), ToolError> {
    let out = std::path::absolute(out).map_err(|error| ToolError::Io { what: format!("writing {}", out.display()), error })?;
    let script = RewriteScript { reads: reads(sources, top)?, top, gates, out: &out.to_string_lossy() };
    run_script(&script, "rewrite", dir, &format!("writing {top} again"), None)?;
    Ok(())
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
