//! yosys: synthesis for the iCE40 (`synth_ice40`), the cell counts of `stat
//! -json`, and the netlist written back as Verilog. The script is made from
//! the template `templates/synth.ys.j2` and kept beside its reports. `synth_blif`
//! makes the generic gate-level BLIF the netlist simulator reads
//! (`templates/blif.ys.j2`). `prove_equivalent` proves a design equal to a
//! reference for every input sequence (`templates/prove.ys.j2`).
//!
//! The rooms: `synth.rs` (synthesis and the iCE40 cells), `ports.rs` (a
//! module's ports and where its outputs are driven), `rtlil.rs` (what a
//! module holds, from yosys's RTLIL), `pragmas.rs` (the case pragmas yosys
//! reads otherwise than a simulator runs them), `equiv.rs` (miters, proofs and
//! equivalence) and [`anchor`] (what the check's fuzzer asks of yosys).

pub mod anchor;
mod equiv;
mod ports;
pub(crate) mod pragmas;
pub(crate) mod rtlil;
mod synth;

pub use equiv::{
    equivalence, equivalence_abc_first, miter_aiger, miter_blif, prove_equivalent, shortest_difference, Equivalence, Proof, ProofOutcome, Time, EQUIV_SEQ,
};
pub(crate) use ports::module_by;
pub use ports::{drivers, module, ports, Driver, ModulePort};
pub use rtlil::verilog_name;
pub use rtlil::Holds;
pub use synth::{cut_latch_loops, ice40_cells, ice40_cells_sim, synth_blif, synth_blif_in, synth_ice40, synthesis_in, Cells, Synthesis};

use super::{write, Tool, ToolError};
use crate::sources::Sources;
use askama::Template;
use std::path::{Path, PathBuf};
use synth::ICE40_CELLS;

/// yosys, from the Debian package of the same name.
pub const YOSYS: Tool = Tool::new("yosys");

/// yosys's version line (`yosys -V`), or nothing when it does not run.
pub fn version() -> String {
    YOSYS.version("-V")
}

/// Renders `script`, writes it as `dir/<name>.ys` and runs yosys on it
/// (`-q`, its log `dir/<name>.log`), stopped at `by` where one is given:
/// what [`Tool::run_with`] gives, its errors carrying yosys's output.
fn run_script(script: &impl Template, name: &str, dir: &Path, what: &str, by: Option<std::time::Instant>) -> Result<String, ToolError> {
    let text = script.render().expect("template renders");
    let (ys, log) = (format!("{name}.ys"), format!("{name}.log"));
    write(&dir.join(&ys), &text)?;
    YOSYS.run_with(&["-q", "-l", &log, "-s", &ys], &[], dir, what, by)
}

/// Whether yosys's `check`, as a script wrote it to `dir/loops.txt` (`tee
/// -o loops.txt check`, after `techmap`: bit by bit), found a logic loop.
fn loop_left(dir: &Path) -> Result<bool, ToolError> {
    Ok(super::read(&dir.join("loops.txt"))?.contains("found logic loop"))
}

/// `p` as an absolute path, for a script run in another directory.
fn canonical(p: &Path) -> Result<String, ToolError> {
    std::fs::canonicalize(p).map(|p| p.to_string_lossy().into_owned()).map_err(|error| ToolError::Io { what: format!("reading {}", p.display()), error })
}

/// The script's lines that read `sources` with top module `top`: one
/// `read_verilog -sv` (which takes plain Verilog too) of every file in
/// order with the include directories (`-I`) and defines (`-D`), the
/// iCE40 cell models cut from yosys's own ([`ice40_cells`]) read apart
/// without `-sv`, then `chparam -set` for each parameter of `top`.
/// yosys 0.23's `read_verilog` has no `-f`: a list is read by
/// [`Sources::read`] first. An RTLIL file (`.il`, one nimforge wrote for
/// the provers: [`cut_latch_loops`]) is read with `read_rtlil`.
fn reads(sources: &Sources, top: &str) -> Result<Vec<String>, ToolError> {
    let mut lines = Vec::new();
    let (rtlil, files): (Vec<&PathBuf>, Vec<&PathBuf>) = sources.files.iter().partition(|p| p.extension().is_some_and(|e| e == "il"));
    for f in rtlil {
        lines.push(format!("read_rtlil {}", canonical(f)?));
    }
    let (cells, files): (Vec<&PathBuf>, Vec<&PathBuf>) = files.into_iter().partition(|p| p.file_name().is_some_and(|n| n == ICE40_CELLS));
    if !files.is_empty() {
        let mut line = "read_verilog -sv".to_string();
        for d in &sources.include_dirs {
            line += &format!(" -I{}", std::path::absolute(d).unwrap_or_else(|_| d.clone()).display());
        }
        for d in sources.define_args() {
            line += &format!(" -D{d}");
        }
        for f in files {
            line += &format!(" {}", canonical(f)?);
        }
        lines.push(line);
    }
    for c in cells {
        lines.push(format!("read_verilog {}", canonical(c)?));
    }
    for (name, value) in &sources.parameters {
        lines.push(format!("chparam -set {name} {value} {top}"));
    }
    Ok(lines)
}
