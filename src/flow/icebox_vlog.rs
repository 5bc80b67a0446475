//! icebox_vlog: a placed-and-routed bitstream (`.asc`) turned back into
//! Verilog, its ports named from the pin constraints. Bus bits come out as
//! escaped names (`\count_a[0] `).

use super::{write, Tool, ToolError};
use std::path::{Path, PathBuf};

pub const ICEBOX_VLOG: Tool = Tool { program: "icebox_vlog", package: "fpga-icestorm" };

pub fn to_verilog(asc: &Path, pcf: &Path, module: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    let text = ICEBOX_VLOG.run(
        &["-n", module, "-p", &pcf.to_string_lossy(), &asc.to_string_lossy()],
        dir,
        "turning the bitstream into Verilog",
    )?;
    let out = dir.join("bitstream.v");
    write(&out, &text)?;
    Ok(out)
}
