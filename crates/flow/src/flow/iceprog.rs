//! iceprog: a bitstream into the board's configuration flash over its FTDI
//! USB bridge (the iCEstick and the iCEBreaker both have one).

use super::{Tool, ToolError};
use std::path::Path;

/// iceprog, from fpga-icestorm.
pub const ICEPROG: Tool = Tool::new("iceprog");

/// Flash `bin`. When iceprog finds no board, the error says so in a line a
/// user can act on, with iceprog's own output after it.
pub fn program(bin: &Path, dir: &Path) -> Result<String, ToolError> {
    ICEPROG.run(&[&bin.to_string_lossy()], dir, "flashing the board").map_err(|e| match e {
        ToolError::Failed { tool, output, .. } if no_board(&output) => ToolError::Failed {
            tool,
            what: "flashing the board: no board found; plug the iCEstick or iCEBreaker into USB (and check you may use the USB device)".into(),
            output,
        },
        e => e,
    })
}

/// iceprog's words when no FTDI device answers.
pub(crate) fn no_board(output: &str) -> bool {
    output.contains("Can't find iCE FTDI USB device") || output.contains("ftdi_usb_open") || output.contains("No such device")
}

#[cfg(test)]
mod tests {
    #[test]
    fn knows_when_no_board_is_attached() {
        assert!(super::no_board("init..\nCan't find iCE FTDI USB device (vendor_id 0x0403, device_id 0x6010 or 0x6014).\nABORT.\n"));
        assert!(!super::no_board("flash ID: 0xEF 0x40 0x16 0x00\nVERIFY OK\n"));
    }
}
