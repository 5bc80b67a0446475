//! Where a machine's files are: its Verilog (the project's `generated/`, or
//! a Verilog design's own file), its testbenches (`testbenches/`, or the
//! work directory for a Verilog design), and its work directory under
//! `build/`.

use crate::flow::ToolError;
use crate::sources::Sources;
use std::path::{Path, PathBuf};

/// Where a machine's files are.
pub struct Places {
    /// The project root.
    pub root: PathBuf,
    /// The machine's work directory.
    pub work: PathBuf,
    /// The design's Verilog when it is not `generated/<module>.v`: a
    /// Verilog design's own sources ([`crate::Source::Verilog`]).
    pub source: Option<Sources>,
    /// Where the testbenches are when not in `testbenches/`.
    pub benches: Option<PathBuf>,
    /// A VCD for the Icarus levels to write (`+vcd=`), when asked for one.
    pub vcd: Option<PathBuf>,
    /// Where a Verilog design's own sources could not be read by yosys 0.23
    /// and `source` is the Verilog yosys-slang wrote of them: what each
    /// level's row says of it.
    pub read_by: Option<String>,
    /// A Verilog design whose time the levels take in steps, each clock an
    /// input of the machine's letters ([`crate::steps::Steps`]);
    /// `None` for cycles of its input `clock`.
    pub steps: Option<crate::steps::Steps>,
}

impl Places {
    /// `build/verify/<machine>/` under `root`: a verify run's work, its
    /// mismatches' VCDs and its report.
    pub fn verify_work(root: &Path, machine: &str) -> PathBuf {
        root.join("build").join("verify").join(machine)
    }
    /// `build/<name>-<board>/` under `root`: a board build's directory
    /// (its scripts, logs, reports and bitstream).
    pub fn board_build(root: &Path, name: &str, board: &str) -> PathBuf {
        root.join("build").join(format!("{name}-{board}"))
    }
    /// `build/annotate/<name>/` under `root`: the work of finding the lines
    /// that drive a wrong output.
    pub fn annotate_work(root: &Path, name: &str) -> PathBuf {
        root.join("build").join("annotate").join(name)
    }
    /// `generated/<module>.v`, from a project's root: where a design's
    /// Verilog is written ([`crate::emitter::design_files`]) and read.
    pub fn generated_file(module: &str) -> String {
        format!("generated/{module}.v")
    }
    /// `build/replay/<machine>-<level>.vcd` under `root`: the VCD of a
    /// report's mismatch run again at `level` (`verilog`, ...).
    pub fn replay_vcd(root: &Path, machine: &str, level: crate::Level) -> PathBuf {
        root.join("build").join("replay").join(format!("{machine}-{}.vcd", level.name()))
    }
    /// `build/verify/<machine>/report.jsonl`: the report a
    /// [`crate::Project`] keeps of its last verify run.
    pub fn report(root: &Path, machine: &str) -> PathBuf {
        Places::verify_work(root, machine).join("report.jsonl")
    }
    /// A design emitted into `root`'s `generated/`, its testbenches in
    /// `root`'s `testbenches/`, working in `work`.
    pub fn new(root: &Path, work: PathBuf) -> Places {
        Places { root: root.to_path_buf(), work, source: None, benches: None, vcd: None, read_by: None, steps: None }
    }
    /// How the levels' scripts take the design's time: in steps where
    /// [`Places::steps`] says so, else in cycles of its clock.
    pub fn time(&self) -> crate::flow::yosys::Time {
        if self.steps.is_some() {
            crate::flow::yosys::Time::Steps
        } else {
            crate::flow::yosys::Time::Cycles
        }
    }
    /// Why the iCE40's netlists of a design in steps cannot go to the
    /// netlist simulator or the provers: its latches, each a loop of LUTs
    /// there ([`crate::Steps::latch_loops`]); `None` without one.
    pub fn latch_loops(&self) -> Option<String> {
        self.steps.as_ref().and_then(|s| s.latch_loops())
    }
    /// The file `generated/<module>.v`.
    pub fn generated(&self, module: &str) -> PathBuf {
        self.root.join(Places::generated_file(module))
    }
    /// The design's Verilog: its own sources, or `generated/<module>.v`.
    pub fn verilog(&self, module: &str) -> Sources {
        self.source.clone().unwrap_or_else(|| Sources::from(self.generated(module)))
    }
    /// The testbench of `module`: the one with a port per bit
    /// (`<module>_bitstream_tb.v`, for icebox_vlog's Verilog) when `bitwise`, else `<module>_tb.v`.
    pub fn testbench(&self, module: &str, bitwise: bool) -> PathBuf {
        let stem = if bitwise { format!("{module}_bitstream_tb.v") } else { format!("{module}_tb.v") };
        self.benches.clone().unwrap_or_else(|| self.root.join("testbenches")).join(stem)
    }
    /// The work directory's subdirectory `sub`, created if need be.
    pub fn dir(&self, sub: &str) -> Result<PathBuf, ToolError> {
        let d = self.work.join(sub);
        crate::files::create_dir_all(&d)?;
        Ok(d)
    }
}
