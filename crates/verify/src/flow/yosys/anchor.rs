//! What the check's fuzzer asks of yosys (issue 59): a design written again
//! (`templates/rewrite.ys.j2`, an equal pair) and the anchor's miter for
//! ABC (`templates/anchor_aig.ys.j2`: two files, every register at 0 and
//! every undriven net at 0 before any optimisation), made apart from the
//! check's own scripts so that the ground truth shares none of them.

use super::{reads, YOSYS};
use crate::flow::{write, ToolError};
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
}

/// Module `top` of `sources` (a file, or a design's files with their
/// include directories and defines) written again by yosys as one file
/// `out`, flattened and optimised (with `gates`, mapped to yosys's generic
/// gates and its internal names hidden), the script and log in `dir`.
pub fn rewrite(sources: &Sources, top: &str, gates: bool, out: &Path, dir: &Path) -> Result<(), ToolError> {
    let out = std::path::absolute(out).map_err(|error| ToolError::Io { what: format!("writing {}", out.display()), error })?;
    let script = RewriteScript { reads: reads(sources, top)?, top, gates, out: &out.to_string_lossy() }.render().expect("template renders");
    write(&dir.join("rewrite.ys"), &script)?;
    YOSYS.run(&["-q", "-l", "rewrite.log", "-s", "rewrite.ys"], dir, &format!("writing {top} again"))?;
    Ok(())
}

/// The anchor's miter of module `top` in the designs `a` and `b` (each a
/// file or a design's files): `dir/anchor.aig`, for ABC's dprove
/// ([`crate::flow::abc::dprove`]); stopped at `by` where one is given.
pub fn miter(a: &Sources, b: &Sources, top: &str, dir: &Path, by: Option<std::time::Instant>) -> Result<PathBuf, ToolError> {
    let script = AnchorScript { a: reads(a, top)?, b: reads(b, top)?, top }.render().expect("template renders");
    write(&dir.join("anchor.ys"), &script)?;
    YOSYS.run_by(&["-q", "-l", "anchor.log", "-s", "anchor.ys"], dir, &format!("writing the anchor's miter of {top}"), by)?;
    Ok(dir.join("anchor.aig"))
}
