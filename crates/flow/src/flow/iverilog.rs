//! Icarus Verilog: compile with iverilog, run with vvp.

use super::{Tool, ToolError};
use crate::sources::Sources;
use askama::Template;
use std::path::Path;

/// The Icarus compiler, `iverilog`.
pub const IVERILOG: Tool = Tool::new("iverilog");
/// The Icarus runtime that runs what `iverilog` compiled, `vvp`.
pub const VVP: Tool = Tool::new("vvp");

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

#[derive(Template)]
#[template(path = "parameters.v.j2", escape = "none")]
struct Parameters<'a> {
    instance: &'a str,
    parameters: &'a [(String, String)],
}

/// [`simulate`] with a design given as [`Sources`] besides the testbench's
/// files (`others`): its files in order, its include directories (`-I`)
/// and defines (`-D`), and its parameters set on `instance` (the design's
/// path in the testbench, `tb.dut`) by a `defparam` from a second root
/// module (`dir/parameters.v`, `templates/parameters.v.j2`).
pub fn simulate_design(
    design: &Sources,
    others: &[&Path],
    (top, instance): (&str, &str),
    defines: &[&str],
    plusargs: &[String],
    dir: &Path,
) -> Result<String, ToolError> {
    let design = design.absolute();
    let mut args: Vec<String> = vec!["-g2012".into(), "-o".into(), "sim.vvp".into(), "-s".into(), top.into()];
    args.extend(design.include_dirs.iter().map(|d| format!("-I{}", d.display())));
    args.extend(design.define_args().iter().map(|d| format!("-D{d}")));
    args.extend(defines.iter().map(|d| format!("-D{d}")));
    args.extend(design.files.iter().map(|f| f.to_string_lossy().into_owned()));
    args.extend(others.iter().map(|s| s.to_string_lossy().into_owned()));
    if !design.parameters.is_empty() {
        let text = Parameters { instance, parameters: &design.parameters }.render().expect("template renders");
        let file = dir.join("parameters.v");
        super::write(&file, &text)?;
        args.extend(["-s".to_string(), "nimforge_parameters".to_string(), file.to_string_lossy().into_owned()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // What iverilog said (its warnings among it) is kept in `dir`
    // ([`COMPILE_LOG`]): a caller whose run went wrong reads why there.
    let said = IVERILOG.run(&args, dir, "compiling the testbench")?;
    super::write(&dir.join(COMPILE_LOG), &said)?;
    let mut run: Vec<&str> = vec!["-n", "sim.vvp"];
    run.extend(plusargs.iter().map(String::as_str));
    VVP.run(&run, dir, "running the testbench")
}

/// The file in which [`simulate_design`] keeps what iverilog said.
pub const COMPILE_LOG: &str = "iverilog.log";

/// The places iverilog warned of an `always @*` that reads no signal,
/// which it never runs (IEEE 1364: `@*` waits for a change of what the
/// block reads) where synthesis makes a constant of it: `FILE:LINE`, from
/// what it said compiling (`said`).
pub fn never_triggered(said: &str) -> Vec<String> {
    said.lines().filter_map(|l| l.strip_suffix(": warning: @* found no sensitivities so it will never trigger.")).map(str::to_string).collect()
}
