//! icepack: the ASCII bitstream packed into the binary one a board loads.

use super::{Tool, ToolError};
use std::path::{Path, PathBuf};

pub const ICEPACK: Tool = Tool { program: "icepack", package: "fpga-icestorm" };

pub fn pack(asc: &Path, dir: &Path) -> Result<PathBuf, ToolError> {
    let bin = dir.join("design.bin");
    ICEPACK.run(&[&asc.to_string_lossy(), &bin.to_string_lossy()], dir, "packing the bitstream")?;
    Ok(bin)
}
