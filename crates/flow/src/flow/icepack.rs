//! icepack: the ASCII bitstream packed into the binary one a board loads.

use super::{Tool, ToolError};
use std::path::{Path, PathBuf};

/// icepack, from fpga-icestorm.
pub const ICEPACK: Tool = Tool::new("icepack");

/// Packs `asc` into `dir/design.bin`, written whole or not at all: icepack
/// writes beside it and the file is renamed into place when it is done.
pub fn pack(asc: &Path, dir: &Path) -> Result<PathBuf, ToolError> {
    let bin = dir.join("design.bin");
    let partial = dir.join("design.bin.partial");
    ICEPACK.run(&[&asc.to_string_lossy(), &partial.to_string_lossy()], dir, "packing the bitstream")?;
    std::fs::rename(&partial, &bin).map_err(|error| ToolError::Io { what: format!("writing {}", bin.display()), error })?;
    Ok(bin)
}
