//! Verilator: `--lint-only -Wall`, and a testbench built into a binary with
//! a C++ main that drives its clock (`--cc --exe --build`), then run.

use super::{Tool, ToolError};
use crate::sources::Sources;
use std::path::{Path, PathBuf};

/// Verilator, from the Debian package of the same name.
pub const VERILATOR: Tool = Tool::new("verilator");

/// ccache, which Verilator's makefile puts before each C++ compile where
/// it is on PATH (`OBJCACHE`): Verilator's runtime library (verilated.cpp,
/// 3 of a model's 5 s of g++) is the same in every model, and is compiled
/// once a machine instead of once a model (issue 58).
pub const CCACHE: Tool = Tool::new("ccache");

/// How strictly [`lint`] reads a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strictness {
    /// Every warning of `-Wall` fails (the Verilog nimforge emits).
    Every,
    /// Warnings are printed and pass; only errors fail (a user's file,
    /// whose name need not be its module's, DECLFILENAME, nor its style
    /// nimforge's).
    ErrorsOnly,
}

/// Lint a design (a file, or [`Sources`]: its files, `-I`, `-D`, and `-G`
/// for its top's parameters); Ok with nothing when clean (or,
/// [`Strictness::ErrorsOnly`], when it has warnings alone).
pub fn lint(source: impl Into<Sources>, top: &str, dir: &Path, strictness: Strictness) -> Result<(), ToolError> {
    let source = source.into();
    let mut args: Vec<String> = vec!["--lint-only".into(), "-Wall".into()];
    if strictness == Strictness::ErrorsOnly {
        args.push("-Wno-fatal".into());
    }
    args.extend(["--top-module".to_string(), top.to_string()]);
    args.extend(design_args(&source));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let named = source.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ");
    VERILATOR.run(&args, dir, &format!("linting {named}"))?;
    Ok(())
}

/// Verilator's arguments for a design: `-I`, `-D`, `-G` and its files, in
/// order, as absolute paths.
fn design_args(source: &Sources) -> Vec<String> {
    let s = source.absolute();
    let mut args: Vec<String> = s.include_dirs.iter().map(|d| format!("-I{}", d.display())).collect();
    args.extend(s.define_args().iter().map(|d| format!("-D{d}")));
    args.extend(s.parameters.iter().map(|(n, v)| format!("-G{n}={v}")));
    args.extend(s.files.iter().map(|f| f.to_string_lossy().into_owned()));
    args
}

/// [`build`] of a design given as [`Sources`] with the C++ files `others`.
pub fn build_design(design: &Sources, others: &[&Path], top: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    build_args(design_args(design), others, top, dir)
}

/// Build `sources` (Verilog, and the C++ main) with top `top` into the
/// binary `dir/obj_dir/sim`; its path.
pub fn build(sources: &[&Path], top: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    build_args(Vec::new(), sources, top, dir)
}

fn build_args(design: Vec<String>, sources: &[&Path], top: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    let mut args: Vec<String> = vec![
        "--cc".into(),
        "--exe".into(),
        "--build".into(),
        "-j".into(),
        "2".into(),
        "-O3".into(),
        "-Wno-fatal".into(),
        "-Wno-lint".into(),
        "-Wno-style".into(),
        "--top-module".into(),
        top.into(),
        "-Mdir".into(),
        "obj_dir".into(),
        "-o".into(),
        "sim".into(),
    ];
    if CCACHE.find().is_ok() {
        args.extend(["-MAKEFLAGS".into(), "OBJCACHE=ccache".into()]);
    }
    args.extend(design);
    args.extend(sources.iter().map(|s| s.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    VERILATOR.run(&args, dir, &format!("building the Verilator model of {top}"))?;
    Ok(dir.join("obj_dir/sim"))
}

/// Build `sources` (Verilog, and the C++ main) with top `top` into a binary
/// and run it.
pub fn simulate(sources: &[&Path], top: &str, plusargs: &[String], dir: &Path) -> Result<String, ToolError> {
    let sim = build(sources, top, dir)?;
    let out = std::process::Command::new(&sim)
        .args(plusargs)
        .current_dir(dir)
        .output()
        .map_err(|error| ToolError::Io { what: format!("running {}", sim.display()), error })?;
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if out.status.success() {
        Ok(text)
    } else {
        Err(ToolError::Failed { tool: VERILATOR, what: "running the testbench".into(), output: text })
    }
}
