//! nimforge: the historic Nim-playing machines as digital logic.
#![warn(missing_docs)]
//!
//! - `oracle/`: one software model per machine, written from its document.
//! - `designs` (its own crate): the rust-hdl LogicBlocks.
//! - `emit/`: Verilog and everything made from templates.
//! - `flow/`: one module per external tool.
//! - `netlist/`: a bit-parallel simulator for the gate-level BLIF yosys writes.
//! - `verify/`: the equivalence harness, every level against the oracle.
//! - `panel/`: the front-panel protocol, host side; `play/`: the panel in a terminal.
//! - `commands/`: the `nimforge` subcommands.

pub mod bench;
pub mod boards;
pub mod build;
pub mod commands;
pub mod emit;
pub mod files;
pub mod flow;
#[cfg(test)]
mod fuzz;
pub mod machines;
pub mod netlist;
pub mod oracle;
pub mod panel;
pub mod play;
pub mod ports;
pub mod serve;
pub mod project;
pub mod verify;
pub mod word;
