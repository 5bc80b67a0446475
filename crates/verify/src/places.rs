//! Where a machine's files are: the project's `generated/` and
//! `testbenches/`, and its work directory under `build/`.

use crate::flow::ToolError;
use std::path::PathBuf;

/// Where a machine's files are: the project root (for `generated/` and
/// `testbenches/`) and a work directory under `build/`.
pub struct Places {
    /// The project root.
    pub root: PathBuf,
    /// The machine's work directory.
    pub work: PathBuf,
}

impl Places {
    /// The file `generated/<module>.v`.
    pub fn generated(&self, module: &str) -> PathBuf {
        self.root.join("generated").join(format!("{module}.v"))
    }
    /// The testbench of `module` in `testbenches/`: the one with a port per bit
    /// (`<module>_bitstream_tb.v`, for icebox_vlog's Verilog) when `bitwise`, else `<module>_tb.v`.
    pub fn testbench(&self, module: &str, bitwise: bool) -> PathBuf {
        let stem = if bitwise { format!("{module}_bitstream_tb.v") } else { format!("{module}_tb.v") };
        self.root.join("testbenches").join(stem)
    }
    /// The work directory's subdirectory `sub`, created if need be.
    pub fn dir(&self, sub: &str) -> Result<PathBuf, ToolError> {
        let d = self.work.join(sub);
        std::fs::create_dir_all(&d).map_err(|error| ToolError::Io { what: format!("creating {}", d.display()), error })?;
        Ok(d)
    }
}

