//! Icarus Verilog: compile with iverilog, run with vvp.

use super::{Tool, ToolError};
use std::path::Path;

/// The Icarus compiler, `iverilog`.
pub const IVERILOG: Tool = Tool { program: "iverilog", package: "iverilog" };
/// The Icarus runtime that runs what `iverilog` compiled, `vvp`.
pub const VVP: Tool = Tool { program: "vvp", package: "iverilog" };

/// Compile `sources` with top `top` and run; what the simulation printed.
pub fn simulate(sources: &[&Path], top: &str, defines: &[&str], plusargs: &[String], dir: &Path) -> Result<String, ToolError> {
    let mut args: Vec<String> = vec!["-g2012".into(), "-o".into(), "sim.vvp".into(), "-s".into(), top.into()];
    args.extend(defines.iter().map(|d| format!("-D{d}")));
    args.extend(sources.iter().map(|s| s.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    IVERILOG.run(&args, dir, "compiling the testbench")?;
    let mut run: Vec<&str> = vec!["-n", "sim.vvp"];
    run.extend(plusargs.iter().map(String::as_str));
    VVP.run(&run, dir, "running the testbench")
}
