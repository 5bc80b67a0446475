//! Everything nimforge writes: the Verilog of the designs and the texts made
//! from askama templates (testbenches, pin files; the yosys script is made in
//! `flow::yosys`).

pub mod pcf;
pub mod testbench;
pub mod verilog;
pub mod report;

/// A file nimforge writes, relative to the project root.
pub struct Generated {
    /// Where it goes, e.g. `generated/relay_nim.v`.
    pub path: String,
    /// What it holds.
    pub contents: String,
}
